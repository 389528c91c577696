"""Area selwords (areas/selwords.lark): selector words defined by a rule of the game.

- "non-Human creature": `not_subtypes: [human]`, an object without that subtype (a
  changeling has every creature type, CR 702.73a, so it is never "non-Human").
- "historic spell": `historic: true`, an artifact, a legendary object or a Saga (CR 700.6).

Both are read where every filter is read: facts.effects.filter_misses and the layer
system's picks (knowledge/layer_system.py)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported


class SelWordsEmitter:
    def sw_non_subtype(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        word = str(c[0])[len("non-"):]
        return {"not_subtypes": [subtypes()[word]]}

    def sw_historic(self, c: list[Any]) -> dict[str, Any]:
        return {"historic": True}

    # -- the size of your party (CR 700.8), the amount `party` ------------------------------
    def sw_party(self, c: list[Any]) -> str:
        return "party"

    def sw_for_each_party(self, c: list[Any]) -> tuple[Any, ...]:
        subject, may, act = c
        if act.verb == "modify":
            # "+1/+1 for each creature in your party": each +1 part is the party's size
            for key in ("power", "toughness"):
                if act.args.get(key) not in (0, 1):
                    raise Unsupported("a change other than +1 or +0 for each")
                if act.args[key] == 1:
                    act.args[key] = "party"
        elif act.verb in ("put_counters", "draw", "gain_life", "lose_life", "mill") \
                and act.args.get("amount", 1) == 1:
            act.args["amount"] = "party"  # one for each: as many as the party has
        else:
            raise Unsupported(f"'{act.verb}' for each creature in your party")
        return (subject, may, act, None)

    def sw_mana_for_each_party(self, c: list[Any]) -> dict[str, Any]:
        out = self.mana_symbols(c[:1])  # type: ignore[attr-defined]
        if "amount" in out or out["mana"].startswith("{"):
            raise Unsupported("several symbols for each")
        return {"mana": "{" + out["mana"] + "}", "amount": "party"}

    # -- coven: different powers among the creatures you control (CR 208.1) ----------------
    def sw_coven(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.emit import _whole

        return {"creature_powers": {"ge": _whole(c[0])}}
