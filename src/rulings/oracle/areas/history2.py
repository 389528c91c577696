"""The history2 area: permissions to cast spells as though they had flash (CR 702.8a,
601.3e), read by knowledge/rules/flash_permissions.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulings.oracle.emit import Unsupported

#: a spell's paragraph read with the one before it (group_lines)
_LANDFALL_INSTEAD = re.compile(r"^landfall — (if you had a land enter the battlefield under "
                               r"your control this turn, .+ instead\.)$")


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass (areas/__init__.py): an instant's or sorcery's "Landfall — If you had
    a land enter …, … instead." paragraph changes the instruction of the paragraph before it,
    so the two are compiled as one ability (one Note); every other line is handed on."""
    from rulings.oracle.compiler import Note, compile_ability
    from rulings.oracle.text import AbilityText

    held: Any = None
    for item in items:
        m = _LANDFALL_INSTEAD.match(item.norm) if spell and not isinstance(item, Note) \
            else None
        if m and held is not None and not isinstance(held, Note):
            joined = AbilityText(held.number, f"{held.text} {item.text}",
                                 f"{held.norm} {m.group(1)}")
            held = compile_ability(joined, spell)
            continue
        if held is not None:
            yield held
        held = item
    if held is not None:
        yield held

#: the keys a spells description may have here (each checked on the spell as it is cast)
_PLAIN = {"types", "subtypes", "colors", "zone", "controller"}


def _spells(what: dict[str, Any]) -> dict[str, Any]:
    what = dict(what)
    if what.get("zone") != "stack" and what.get("types") != ["spell"]:
        raise Unsupported("'as though they had flash' of something other than spells")
    if not set(what) <= _PLAIN or what.get("controller") not in (None, "you"):
        raise Unsupported("a kind of spells the flash permission can't check")
    what.pop("controller", None)  # who casts them is the permission's `who`
    if not what.get("types"):
        what["types"] = ["spell"]
    if "spell" in what["types"]:
        what.pop("zone", None)
    return what


class History2Emitter:
    def h2_flash_spells(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"cast_as_though_flash": {"who": "you", "what": _spells(c[0])}}}

    def h2_flash_spells_any(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"cast_as_though_flash": {"who": "any_player", "what": _spells(c[0])}}}

    def h2_entered(self, c: list[Any]) -> dict[str, Any]:
        kind = c[0].children[0] if hasattr(c[0], "children") else c[0]
        return {"permanents_entered_this_turn": {"type": str(kind), "ge": 1}}

    def h2_entered_instead(self, c: list[Any]) -> list[dict[str, Any]]:
        """"… . If you had a land enter …, draw three cards instead.": the instruction before
        happens only if the condition doesn't hold, the new one only if it does (as kicker's
        "instead", spells.py, CR 608.2c)."""
        cond, steps = c[0], c[1]
        bodies = self.__dict__.get("_bodies", [])
        if len(steps) != 1 or not bodies or next(iter(steps[0].values())) is not bodies[-1][1]:
            raise Unsupported("'if you had a land enter …, … instead' of several instructions")
        verb, body = bodies[-1]
        if "event.player" in str(body) or {"if", "may", "id", "unless"} & set(body):
            raise Unsupported("'that player' or a condition in the instruction instead")
        before = self._kicked_before(verb, 1)  # type: ignore[attr-defined]
        if any(body.get(k) != before.get(k) for k in ("source", "who")):
            raise Unsupported("an instruction instead with another source or player")
        before["if"] = {"not": cond}
        body["if"] = cond
        return steps

    def h2_despite_defender(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "attack_despite_defender": True}}

    def h2_while_despite_defender(self, c: list[Any]) -> dict[str, Any]:
        out = self.h2_despite_defender([c[1]])
        out["static"]["while"] = c[0]
        return out

    def h2_despite_defender_while(self, c: list[Any]) -> dict[str, Any]:
        out = self.h2_despite_defender([c[0]])
        out["static"]["while"] = c[-1]
        return out
