"""The targetthat area: a relative clause that restricts what a target may be (CR 115.1),
checked as the spell or ability is cast or activated and again as it resolves (CR 608.2b).

"Counter target spell that targets a creature" is a target slot whose filter has
`targeting`: the spell has among its targets one that this selector picks (a player
referent, `this`, or a filter of permanents). knowledge/rules/targetthat.py reads it from
the targets the situation lists for the spell on the stack. The key is made only in a
target's filter (the grammar's object rule), where that rule reads it."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported

#: the keys a filter of the targeted thing may have: the selectors rules decide each of them
#: alone (a plain filter of permanents on the battlefield)
_PLAIN = {"types", "controller", "colors", "not_types", "is", "subtypes"}


class TargetThatEmitter:
    def tt_spell_targeting(self, c: list[Any]) -> Any:
        kinds, targeted = c
        if set(kinds) - {"types", "zone"} or kinds.get("types") != ["spell"]:
            # "target creature spell that targets …" and the like: not said here
            raise Unsupported("a target that targets something, other than a spell")
        return self.target([None, {**kinds, "targeting": targeted}])  # type: ignore[attr-defined]

    def tt_either(self, c: list[Any]) -> dict[str, Any]:
        # "you or a permanent you control"
        return {"any_of": ["you", self.tt_sel(c[-1:])]}

    def tt_you_word(self, _: list[Any]) -> None:
        return None

    def tt_one(self, c: list[Any]) -> Any:
        return c[0]

    def tt_targeted(self, c: list[Any]) -> Any:
        return c[0]

    def tt_you(self, _: list[Any]) -> str:
        return "you"

    def tt_a_player(self, _: list[Any]) -> str:
        return "player"

    def tt_self(self, _: list[Any]) -> str:
        return "this"

    def tt_sel(self, c: list[Any]) -> dict[str, Any]:
        f = dict(c[-1])
        if not f.get("types") or set(f) - _PLAIN or f.get("zone") not in (None,
                                                                          "battlefield"):
            raise Unsupported("what the target spell targets, said so")
        ctrl = f.get("controller")
        if ctrl is not None and ctrl not in ("you", "opponent"):
            raise Unsupported("what the target spell targets, controlled by a referent")
        return f


class TargetDealtDamageEmitter:
    def tt_target_dealt_damage(self, c: list[Any]) -> Any:
        kinds = c[0]
        if set(kinds) - {"types", "controller", "colors", "not_types", "subtypes"} \
                or kinds.get("types") != ["creature"]:
            raise Unsupported("a target dealt damage this turn, other than a creature")
        return self.target([None, {**kinds, "dealt_damage_this_turn": True}])  # type: ignore[attr-defined]


class TargetCounterEmitter:
    def tt_target_has_counter(self, c: list[Any]) -> Any:
        kinds, kind = c
        if "counter" in kinds:
            raise Unsupported("two counters said of one target")
        return self.target([None, {**kinds, "counter": str(kind)}])  # type: ignore[attr-defined]
