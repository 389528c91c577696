"""Area searchall: a search of a player's graveyard, hand and library for every card with a
target's name (areas/searchall.lark). The search's `count` is `all` or `any`; its `for` is
`{same_name_as: <target slot>}`, read by knowledge/rules/searching.py with the target's
name as the search is planned."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, PlayerRef, Unsupported


class SearchAllEmitter:
    def sa_all(self, _: list[Any]) -> str:
        return "all"

    def sa_any(self, _: list[Any]) -> str:
        return "any"

    def sa_that_target(self, c: list[Any]) -> str:
        targets = self.targets  # type: ignore[attr-defined]
        if len(targets) != 1:
            raise Unsupported("a name taken from something other than the one target")
        return str(targets[0]["id"])

    def sa_not_basic_land(self, _: list[Any]) -> dict[str, Any]:
        return {"not": {"supertypes": ["basic"], "types": ["land"]}}

    def sa_choose_target(self, c: list[Any]) -> list[dict[str, Any]]:
        self.target([False, c[0]])  # type: ignore[attr-defined]
        return []  # no instruction: the slot is what the later sentences name

    def sa_search_zones(self, c: list[Any]) -> Act:
        whose, count, named = c
        slot = next(iter(whose.values()), None) if isinstance(whose, PlayerRef) else None
        if slot != named:
            # the player is the target's controller or owner; any other player's zones
            # (or another object's controller) are not read here
            raise Unsupported("a search of zones of a player other than the target's")
        self.found = "found"  # type: ignore[attr-defined]
        self.created = None  # type: ignore[attr-defined]
        self.searched_of = whose  # type: ignore[attr-defined]
        return Act("search", {"zone": ["graveyard", "hand", "library"], "of": dict(whose),
                              "for": {"same_name_as": named}, "count": count, "id": "found"})
