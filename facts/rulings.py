"""The conclusion every answer is made of."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, slot

VERDICTS = ("can", "can't", "must", "may", "happens", "doesn't happen")


class Ruling(GameFact):
    """What happens: `subject` + `verdict` + `action`, e.g. Alice / can't / search libraries.

    `about` names the thing ruled on (an object, ability, player or step id) so that two
    rulings on different things never merge; `step` orders a walk-through.

    `happen` and `skipped` say, as data, which instruction steps of a resolving spell or
    ability (`<ability>.s<n>`) the ruling says happen (or presumes happen: an ordering of two
    steps presumes both) and which it says don't; `rulings check` finds two rulings that
    disagree about a step (src/rulings/cases.py)."""

    slots = {
        "about": slot(str),
        "subject": slot(str),
        "verdict": slot(str, choices=VERDICTS),
        "action": slot(str),
        "step": slot(int, 0),
        "happen": slot(list, []),
        "skipped": slot(list, []),
    }
    reads = "{subject} {verdict} {action}"


def step_ref(ability: str, step: int) -> str:
    """How a ruling names step `step` of a resolving spell or ability in `happen`/`skipped`."""
    return f"{ability}.s{step}"
