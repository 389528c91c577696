"""The conclusion every answer is made of."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, slot

VERDICTS = ("can", "can't", "must", "may", "happens", "doesn't happen")


class Ruling(GameFact):
    """What happens: `subject` + `verdict` + `action`, e.g. Alice / can't / search libraries.

    `about` names the thing ruled on (an object, ability, player or step id) so that two
    rulings on different things never merge; `step` orders a walk-through."""

    slots = {
        "about": slot(str),
        "subject": slot(str),
        "verdict": slot(str, choices=VERDICTS),
        "action": slot(str),
        "step": slot(int, 0),
    }
    reads = "{subject} {verdict} {action}"
