"""CR 111: tokens. A token that left the battlefield ceases to exist as a state-based action
(111.7, 704.5d) — after it has had its moment in the new zone, so it does die (700.4)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.state import Dies, StateAsked
from rulings.knowledge.resolving import sba_step

TOPIC = "CR 111 Tokens"


class Rules:
    @rule(
        StateAsked(),
        GameObject(id=MATCH.object, token=True, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        id="tokens.cease-to-exist",
        cites=("CR 111.7", "CR 704.5d"),
        because="{object} is a token in the {zone}, not on the battlefield",
        says="{object} ceases to exist",
    )
    def cease(self, object, zone):
        return Ruling(about=f"{object}:token", subject="{object}", verdict="happens",
                      action="cease to exist", step=sba_step(self, 3))

    @rule(
        Dies(object=MATCH.object),
        GameObject(id=MATCH.object, token=True),
        id="tokens.dying-token",
        cites=("CR 111.7", "CR 700.4", "CR 704.5d"),
        because="{object} is a token put into a graveyard from the battlefield: it dies (so "
                "abilities that trigger on dying see it), and then ceases to exist the next "
                "time state-based actions are checked",
        says="{object} dies, then ceases to exist",
    )
    def dying_token(self, object):
        return Ruling(about=f"{object}:token", subject="{object}", verdict="happens",
                      action="die, then cease to exist", step=sba_step(self, 4))
