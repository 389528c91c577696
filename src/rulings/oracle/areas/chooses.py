"""Area `chooses` (grammar: chooses.lark): a player, or each player, chooses some of their own
permanents of a kind to keep, and the rest of that kind are sacrificed ("…, then sacrifices the
rest") or destroyed ("… Destroy the rest."); or some of the cards in their hand or graveyard,
the rest discarded ("… a card in their hand and discards the rest") or exiled. The step is `keep` (facts/effects.py), done with
its chooser as `who` (the instruction's subject: each player, each opponent, a target player,
the trigger event's player), read by knowledge/rules/keep.py through the resolution walk
(knowledge/keep.py).

Refused (the ability stays unparsed): a count that isn't a printed number ("X"), a kind that
names its own controller or zone ("creatures you control"), and a chooser that isn't a player
named by the subject (the controller of the spell choosing "you chooses" is no such phrase)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: what the kind may not carry: "they control" already says whose, on the battlefield
_WHOSE = ("controller", "owner", "zone", "ref", "controller_of", "owner_of")


class ChoosesEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/chooses.lark."""

    def keep_exact(self, c: list[Any]) -> Any:
        if not isinstance(c[0], int) or isinstance(c[0], bool):
            raise Unsupported("a number kept that isn't printed")
        return c[0]

    def keep_up_to(self, c: list[Any]) -> Any:
        if not isinstance(c[0], int) or isinstance(c[0], bool):
            raise Unsupported("a number kept that isn't printed")
        return {"min": 0, "max": c[0]}

    def keep_then(self, _: list[Any]) -> None:
        return None

    def _keep(self, c: list[Any], rest: str) -> Act:
        count, sel = c[0], c[1]
        if not isinstance(sel, dict) or set(sel) & set(_WHOSE):
            raise Unsupported("a kind kept that names whose it is")
        return Act("keep", {"what": dict(sel), "count": count, "rest": rest})

    def chooses_keep_sacrifice(self, c: list[Any]) -> Act:
        return self._keep([x for x in c if x is not None], "sacrifice")

    def chooses_keep_destroy(self, c: list[Any]) -> Act:
        return self._keep([x for x in c if x is not None], "destroy")

    def chooses_keep_discard(self, c: list[Any]) -> Act:
        count = [x for x in c if x is not None][0]
        return Act("keep", {"what": {"zone": "hand"}, "count": count, "rest": "discard"})

    def chooses_keep_exile(self, c: list[Any]) -> Act:
        count = [x for x in c if x is not None][0]
        return Act("keep", {"what": {"zone": "graveyard"}, "count": count, "rest": "exile"})
