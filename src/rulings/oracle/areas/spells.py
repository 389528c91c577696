"""Instants' and sorceries' sentences (issue 25): the grammar of spells.lark."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import (
    MODE_COUNT,
    MODES,
    YOURS_ONLY_SELF,
    Act,
    Unsupported,
    _whole,
    distinct_mode_targets,
)


class SpellsEmitter:
    def spells_more_damage(self, c: list[Any]) -> Act:
        # "… and 2 damage to target player": a deal_damage step of its own, its source the
        # one of the instruction before (instructions() carries the subject over)
        amount, to = c
        return Act("deal_damage", {"amount": amount, "to": to}, role="source")

    def spells_stat_eq(self, c: list[Any]) -> dict[str, Any]:
        stat, n = c
        return {stat: {"eq": _whole(int(n))}}

    def spells_choose_one_or_more(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{MODES: distinct_mode_targets(c), MODE_COUNT: {"min": 1, "max": len(c)}}]

    def spells_next_untap_step(self, _: list[Any]) -> str:
        return "next_untap_step"

    def spells_no_next_untap(self, c: list[Any]) -> Act:
        if self._last_optional:  # type: ignore[attr-defined]
            # "you may pay {8}. If you do, tap … Those permanents don't untap …": whether the
            # sentence after "if you do" waits on the payment too is not read
            raise Unsupported("not untapping after an optional step")
        return Act("modify", {"prohibit": "untap", "duration": c[0]}, role="what")

    def spells_no_next_untap_yours(self, c: list[Any]) -> Act:
        # "~ doesn't untap during your next untap step" (depletion lands): "your" is the
        # ability's controller, which is its own object's controller only for "~" itself;
        # "it" after "tap target creature" may be another player's (_instruction checks)
        act = self.spells_no_next_untap(["next_untap_step"])
        act.args[YOURS_ONLY_SELF] = True
        return act

    def _kicked_before(self, verb: str, skip: int) -> dict[str, Any]:
        """The body of the step before the kicked one(s), which it replaces: the same verb,
        not already conditional or optional."""
        bodies = self.__dict__.get("_bodies", [])
        if len(bodies) < skip + 1:
            raise Unsupported("'instead' with no instruction before it")
        before_verb, before = bodies[-1 - skip]
        if before_verb != verb or {"if", "may", "id", "unless"} & set(before):
            raise Unsupported("'if this spell was kicked, … instead' of another instruction")
        return before

    def spells_kicked_instead(self, c: list[Any]) -> list[dict[str, Any]]:
        steps = c[1]
        bodies = self.__dict__.get("_bodies", [])
        if len(steps) != 1 or not bodies or next(iter(steps[0].values())) is not bodies[-1][1]:
            raise Unsupported("'if this spell was kicked, … instead' of several instructions")
        verb, body = bodies[-1]
        if "event.player" in str(body) or {"if", "may", "id", "unless"} & set(body):
            raise Unsupported("'that player' or a condition in a kicked instruction")
        before = self._kicked_before(verb, 1)
        if any(body.get(k) != before.get(k) for k in ("source", "who")):
            # "… it deals 4 damage … instead": "it" is read as the last target, not the
            # spell, so a changed source (or actor) is not trusted
            raise Unsupported("a kicked instruction with another source or player")
        before["if"] = {"not": {"was_kicked": True}}
        body["if"] = {"was_kicked": True}
        return steps
