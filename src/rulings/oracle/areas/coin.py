"""The coin area: a coin flip (CR 705.2) and a clash (CR 701.30) as a step of a resolving
spell or ability, and the steps after it that happen only if its controller wins (or loses)
it (grammar: coin.lark).

"Flip a coin." is the step `flip_coin: {id: s1}`, "clash with an opponent" the step
`clash: {id: s1}`; "if you win the flip, …" / "if you lose the flip, …" put
`if: {won_flip: s1}` / `if: {lost_flip: s1}` on the steps of their sentence, and "if you win,
…" after a clash `if: {won_clash: s1}` (the afterif area's sentences, so "Otherwise, …" is
`{not: {won_clash: s1}}`). The resolution walk says the flip or clash and decides each
condition from the situation (`resolve_top: {flip: won}`, `{clash: won}`, or for a clash the
two libraries' top cards), or leaves it open and says what happens either way
(knowledge/step_conditions.py)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported


class CoinEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/coin.lark."""

    def _coin_step(self, verb: str) -> Act:
        if getattr(self, "_coin_last", None) is not None:
            raise Unsupported("two coin flips or clashes in one ability")
        self.steps_made += 1  # type: ignore[attr-defined]
        sid = f"s{self.steps_made}"  # type: ignore[attr-defined]
        self._coin_last = (verb, sid)
        return Act(verb, {"id": sid})

    def coin_flip(self, _: list[Any]) -> Act:
        return self._coin_step("flip_coin")

    def coin_clash(self, _: list[Any]) -> Act:
        return self._coin_step("clash")

    def _coin_of(self, verb: str, said: str) -> str:
        last = getattr(self, "_coin_last", None)
        if last is None or last[0] != verb:
            raise Unsupported(f"'{said}' with no {verb.replace('_', ' ')} before it")
        return str(last[1])

    def coin_won_flip(self, _: list[Any]) -> dict[str, Any]:
        return {"won_flip": self._coin_of("flip_coin", "if you win the flip")}

    def coin_lost_flip(self, _: list[Any]) -> dict[str, Any]:
        return {"lost_flip": self._coin_of("flip_coin", "if you lose the flip")}

    def coin_won_clash(self, _: list[Any]) -> dict[str, Any]:
        return {"won_clash": self._coin_of("clash", "if you win")}
