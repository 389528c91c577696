"""The transform area: "transform ~" and the werewolves' "if no spells were cast last turn" /
"if a player cast two or more spells last turn" (CR 701.27, 603.4)."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from rulings.oracle.emit import Act, Unsupported, _whole


class TransformEmitter:
    def transform_self(self, _: list[Any]) -> Act:
        # the card turns itself over; the resolution says the rule (701.27a, c)
        return Act("transform", {"what": "this"})

    def transform_no_spells_last_turn(self, _: list[Any]) -> dict[str, Any]:
        return {"spells_cast_last_turn": {"eq": 0}}

    def transform_player_spells_last_turn(self, c: list[Any]) -> dict[str, Any]:
        # one player's own spells, not all players' together (two players casting one each
        # is not enough)
        return {"most_spells_cast_last_turn": {"ge": _whole(c[0])}}

    def transform_flip(self, c: list[Any]) -> Act:
        what = self._objects(c[0])  # type: ignore[attr-defined]
        if what != "this":
            raise Unsupported("flipping anything but the card itself")
        return Act("flip", {"what": "this"})

    def transform_counters_on_self(self, c: list[Any]) -> dict[str, Any]:
        return {"counters_on_this": {"counter": str(c[1]), "ge": _whole(c[0])}}

    def transform_life_le(self, c: list[Any]) -> dict[str, Any]:
        return {"life": {"le": _whole(c[0])}}

    def transform_begin_on_battlefield(self, _: list[Any]) -> dict[str, Any]:
        # works from the opening hand, before the game (CR 103.6a): named, never read
        return {"static": {"zone": "hand", "begin_on_battlefield": True}}


# --- a leveler's bands (CR 711.2): "LEVEL 2-6", then "3/3", then the band's abilities ---

_BAND = re.compile(r"^level (\d+) ?- ?(\d+)$|^level (\d+) ?\+$")
_PT = re.compile(r"^(\d+)/(\d+)$")
#: what a band's static may do: the layer system reads its `while` (CR 611.3a); statics read
#: elsewhere (restrictions, replacements) might not ask the condition, so they stay unparsed
_BAND_STATIC_KEYS = {"affects", "modify", "add_keywords"}


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass over a card's lines (areas/__init__.py): a leveler's band is one
    static ability on its LEVEL line (`while: {level: …}` with its power and toughness and
    its keywords), its other lines noted as `band` (part of it), a static of the band gets
    the band's `while`, and anything else in a band stays unparsed. A line before any band
    is handed on as it came, for the compiler to compile on its own."""
    from rulings.oracle.compiler import Gap, Note, compile_ability, keyword_line

    band: dict[str, Any] | None = None
    for ability in items:
        if isinstance(ability, Note):  # another area's pass compiled it: not ours
            yield ability
            continue
        m = _BAND.match(ability.norm)  # "level 2-6", "level 7+"
        if m is not None:
            low, high = (int(m.group(1)), int(m.group(2))) if m.group(1) else \
                (int(m.group(3)), None)
            cond: dict[str, Any] = {"at_least": low} if high is None else \
                {"at_least": low, "at_most": high}
            band = {"while": {"level": cond}}
            pending = ability
            continue
        if band is None:  # not (yet) in a band: an ordinary ability
            yield ability
            continue
        if "set_pt" not in band:
            pt = _PT.match(ability.norm)
            if pt is None:
                band = None
                yield Note(pending.number, pending.text, "unparsed",
                           {"unparsed": {"text": pending.text,
                                         "gap": "static: a level band without its power "
                                                "and toughness"}},
                           "static: a level band without its power and toughness")
                yield ability
                continue
            band["set_pt"] = {"power": int(pt.group(1)), "toughness": int(pt.group(2))}
            static = {"static": band}
            yield Note(pending.number, pending.text, "static", static)
            yield Note(ability.number, ability.text, "band", "its level band's power and "
                                                              "toughness")
            continue
        try:
            words = keyword_line(ability.norm)
        except Gap:
            words = None
        if words is not None and all(isinstance(w, str) for w in words):
            band.setdefault("add_keywords", []).extend(words)
            yield Note(ability.number, ability.text, "band", "keywords of its level band")
            continue
        note = compile_ability(ability, spell)
        body = note.result.get("static") if isinstance(note.result, dict) else None
        if note.kind == "static" and isinstance(body, dict) and "while" not in body \
                and set(body) <= _BAND_STATIC_KEYS:
            yield Note(note.number, note.text, "static",
                       {"static": {"while": copy.deepcopy(band["while"]), **body}})
            continue
        kind = note.gap.split(":", 1)[0] if note.gap else note.kind
        gap = f"{kind}: an ability of a level band that is not a static the layer system " \
              "reads (it exists only while the band applies, CR 711.2a-b)"
        yield Note(ability.number, ability.text, "unparsed",
                   {"unparsed": {"text": ability.text, "gap": gap}}, gap)
