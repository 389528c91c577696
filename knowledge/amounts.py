"""How much an instruction's amount is, as a number, when the spell or ability resolves (CR
107.1, 107.3, 202.3, 208): "X", "the mana value of target creature", "the number of
creatures you control", "its power". Rules that state what a step does call `amount_words`
so that an answer says "is dealt 3 damage", never an internal word of the effect language.

The number comes from the one evaluator of amounts, the resolution walk's
(knowledge/resolving.py: the stack entry's X, its targets, what a description picks on the
board the layer system computed); this module says it in words. An amount that can't be
worked out from the situation is said in words ("the mana value of the target"), and
`amount_words` says that it is not decided. `devotion` and `party_size` are the counts the
walk uses (700.5, 700.8)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rulings.facts.effects import Selector
from rulings.facts.game import MANA_OF_COLOR, GameObject

#: amount words with a selector: the value each reads from the object it picks
OF_OBJECT = ("mana_value_of", "power_of", "toughness_of")
#: greatest: amount words measuring the largest value among the objects a selector picks
#: (CR 107.1b: none picked is 0), by the characteristic each measures
GREATEST = {"greatest_power_among": "power", "greatest_toughness_among": "toughness",
            "greatest_mana_value_among": "mana value"}


def amount_value(engine: Any, amount: Any, on_stack: str) -> int | None:
    """The amount as a number for the stack object `on_stack` (None: not decided here).
    One evaluator serves the rules and the resolution walk: the walk's
    (knowledge/resolving.py `_Walk.amount`, on the game as the instruction finds it)."""
    from rulings.knowledge.resolving import walk_for

    text = str(amount if amount not in (None, "") else "1").strip()
    if text.lstrip("-").isdigit():
        return int(text)
    walk = walk_for(engine, on_stack)
    return walk.amount(text, None)[0] if walk is not None else None


def devotion(mana_costs: Iterable[str], colors: list[str]) -> int:
    """CR 700.5: the mana symbols of those colors among these mana costs (the permanents a
    player controls); a hybrid symbol of two of the colors counts once."""
    letters = {MANA_OF_COLOR[c] for c in colors if c in MANA_OF_COLOR}
    return sum(1 for cost in mana_costs for sym in re.findall(r"\{([^}]+)\}", cost or "")
               if set(sym.upper().split("/")) & letters)


PARTY_ROLES = ("cleric", "rogue", "warrior", "wizard")


def party_size(creatures: Iterable[list[str]]) -> int:
    """CR 700.8: the most of these creatures (each given by its subtypes; "*" for a
    changeling, every creature type) that can be one each of Cleric, Rogue, Warrior and
    Wizard — a largest matching of creatures to the four roles."""
    options = [[r for r in PARTY_ROLES if r in subs or "*" in subs] for subs in creatures]
    holder: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for role in options[i]:
            if role not in seen:
                seen.add(role)
                if role not in holder or place(holder[role], seen):
                    holder[role] = i
                    return True
        return False

    return sum(1 for i in range(len(options)) if options[i] and place(i, set()))


def amount_words(engine: Any, amount: Any, on_stack: str) -> str:
    """The amount as said in an answer: the number, and what it counts when it isn't written
    as a number ("3 (the mana value of Grizzly Bears)")."""
    text = str(amount if amount not in (None, "") else "1").strip()
    value = amount_value(engine, amount, on_stack)
    if text.lstrip("-").isdigit():
        return text
    if text.upper() == "X":
        return str(value) if value is not None else "X (no value of X is given)"
    kind, _, sel = text.replace("=", ":", 1).partition(":")
    if kind == "devotion" or text == "party":
        said = (f"your devotion to {' and '.join(sel.split(','))}" if kind == "devotion"
                else "the size of your party")
        return f"{value} ({said})" if value is not None else said
    if text == "life_total":  # pw
        return f"{value} (your life total)" if value is not None else \
            "your life total (not given by the situation)"
    if kind in GREATEST or kind == "half_of":  # greatest: the walk says how it was found
        said = walk_words(engine, text, on_stack)
        return f"{value} ({said})" if value is not None else f"X ({said})"
    what = {"count": "the number of", "mana_value_of": "the mana value of",
            "power_of": "the power of", "toughness_of": "the toughness of"}.get(kind)
    if what is None:
        return "an amount the situation doesn't decide"
    sel, _, times = sel.partition(",times:")  # attached area: "two for each …"
    selector = engine.collect(Selector, id=sel)
    described = selector[0]["text"] if selector else "what the card describes"
    objects = _picked(engine, sel, on_stack) if kind in OF_OBJECT else []
    if len(objects) == 1:
        found = engine.collect(GameObject, id=objects[0])
        if found:
            described = found[0]["name"]
    if kind == "count":
        described = described.removeprefix("a ").removeprefix("an ")
        what = f"{times if times else 'one'} for each"
    if measures_sacrificed(engine, text):  # what its cost sacrificed, as it last existed
        if value is None:
            return f"{what} what was sacrificed to pay its cost (not given by the situation)"
        return f"{value} ({what} {described} as it last existed on the battlefield)"
    if value is None:
        return f"{what} {described} (not decided by the situation)"
    return f"{value} ({what} {described})"


def greatest_measured(amount: Any) -> bool:
    """greatest: whether an amount is the greatest value among objects or half of a life total
    (the answer then says which objects have it, or the life total and the rounding)."""
    kind = str(amount or "").replace("=", ":", 1).partition(":")[0]
    return kind in GREATEST or kind == "half_of"


def walk_words(engine: Any, text: str, on_stack: str) -> str:
    """How the resolution walk found an amount, in words ("the greatest power of any creature
    Alice controls is 4 (Hill Giant)")."""
    from rulings.knowledge.resolving import walk_for

    walk = walk_for(engine, on_stack)
    if walk is None:
        return "an amount the situation doesn't decide"
    return walk.amount(text, None)[1]


def measures_sacrificed(engine: Any, amount: Any) -> bool:
    """Whether an amount measures what the cost sacrificed ("the sacrificed creature's
    power"): the answer then says the number and whose it was (CR 608.2h)."""
    kind, _, sel = str(amount or "").replace("=", ":", 1).partition(":")
    if kind not in OF_OBJECT:
        return False
    return sel == "sacrificed" or any(s["ref"] == "sacrificed"
                                      for s in engine.collect(Selector, id=sel))


def _picked(engine: Any, sel: str, on_stack: str) -> list[str]:
    """The objects a selector of the resolving object names now (the walk's reading)."""
    from rulings.knowledge.resolving import walk_for

    walk = walk_for(engine, on_stack)
    return walk.refer(sel) if walk is not None else []


__all__ = ["GREATEST", "amount_value", "amount_words", "devotion", "greatest_measured",
           "party_size", "walk_words"]
