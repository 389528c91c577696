"""Area `greatest`: amounts measured as the largest value among the objects a selector picks
("the greatest power among creatures you control", "the highest mana value among
permanents you control"; grammar: greatest.lark; CR 107.1, 208, 202.3)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: the measured characteristic: the amount's key in the effect language
GREATEST_KEYS = {"power": "greatest_power_among", "toughness": "greatest_toughness_among",
                 "mana value": "greatest_mana_value_among"}


class GreatestEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/greatest.lark."""

    def greatest_among(self, c: list[Any]) -> dict[str, Any]:
        _, what, selector = c
        return {GREATEST_KEYS[str(what)]: selector}

    def greatest_word(self, c: list[Any]) -> str:
        return str(c[0])

    def greatest_what(self, c: list[Any]) -> str:
        return " ".join(str(t) for t in c)

    def attacks_with_others(self, c: list[Any]) -> dict[str, Any]:
        _, n, others = c
        if not isinstance(others, dict) or not others.get("other") or not str(n).isdigit():
            raise Unsupported("'~ and at least N …' attacking with objects not 'other'")
        others = {k: v for k, v in others.items() if k != "other"}
        return {"attacks_with_others": {"what": "this", "at_least": int(n), "others": others}}

    def lose_half_life(self, c: list[Any]) -> Act:
        # the player who loses it loses half of their own life total (107.1a: rounded as
        # written)
        return Act("lose_life", {"amount": {"half_of": "own_life", "round": str(c[-1])}})

    def half_round(self, c: list[Any]) -> str:
        return str(c[0])
