"""CR 702.25 flanking: each blocker lacking flanking that blocks a creature with it gets
-1/-1 for the turn — a trigger per such blocker, once blocks are declared (509.1i, 509.3a)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.combat import BlockBarred, Blocking, DeclareBlockers
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling
from rulings.facts.state import Characteristics

TOPIC = "CR 702.25 Flanking"


class Rules:
    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("flanking")),
        Characteristics(object=MATCH.blocker, types=has("creature"), keywords=lacks("flanking"),
                        toughness=MATCH.toughness),
        NOT(BlockBarred(blocker=MATCH.blocker, attacker=MATCH.attacker)),
        id="flanking.triggers",
        cites=("CR 702.25a", "CR 509.3a"),
        because="{attacker} has flanking and {blocker}, which has no flanking, blocks it: "
                "flanking triggers for {blocker}, which gets -1/-1 until end of turn as it "
                "resolves (toughness {toughness} now)",
        absent=("nothing stops {blocker} from blocking {attacker}",),
        says="{attacker}'s flanking triggers: {blocker} gets -1/-1 until end of turn",
    )
    def flanking(self, blocker, attacker):
        return Ruling(about=f"{attacker}:flanking:{blocker}", subject="{attacker}'s flanking",
                      verdict="happens", action="give {blocker} -1/-1 until end of turn")
