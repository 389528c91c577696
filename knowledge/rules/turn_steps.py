"""CR 500.4, 106.4, 514.2, 511.3: what happens as one step ends and another begins. Mana
empties from every pool at the end of each step and phase (106.4, 500.4); in the cleanup step
damage marked on permanents is removed and effects that last "until end of turn" or "this
turn" end (514.2); effects that last "until end of combat" end with the end of combat step
(511.3). The situation is the game just before the step begins (`step_begins`)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.costs import ManaInPool
from rulings.facts.game import GameObject, Turn
from rulings.facts.rulings import Ruling
from rulings.facts.stack import StepBegins
from rulings.facts.state import MarkedDamage, ResolvedEffect

TOPIC = "CR 500.4 Steps ending: mana pools empty, cleanup"

STEP_ENDING = 5
#: the steps at and after which combat is over (511.3)
AFTER_COMBAT = ("postcombat main", "end", "cleanup")


class Rules:
    @rule(
        StepBegins(step=MATCH.step),
        Turn(step=MATCH.before),
        ManaInPool(player=MATCH.player, mana=MATCH.mana, index=MATCH.index),
        TEST(lambda step, before: step != before),
        id="turn.mana-empties",
        cites=("CR 106.4", "CR 500.4"),
        because="mana empties from each player's mana pool at the end of every step and "
                "phase; the {before} step ends as the {step} step begins",
        says="the {{{mana}}} in {player}'s mana pool {action}",
    )
    def mana_empties(self, player, mana, index, before):
        return Ruling(about=f"{player}.pool.{index}", subject=f"the {{{{{mana}}}}} in "
                      f"{player}'s mana pool", verdict="happens",
                      action=f"empties as the {before} step ends", step=STEP_ENDING)

    @rule(
        StepBegins(step="cleanup"),
        MarkedDamage(object=MATCH.object, amount=MATCH.amount),
        GameObject(id=MATCH.object, zone="battlefield"),
        TEST(lambda amount: amount > 0),
        id="turn.cleanup-damage-removed",
        cites=("CR 514.2",),
        because="in the cleanup step all damage marked on permanents is removed",
        says="the {amount} damage marked on {object} is removed in the cleanup step",
    )
    def cleanup_damage(self, object, amount):
        return Ruling(about=f"{object}.cleanup.damage", subject="{object}",
                      verdict="happens", action="has its damage removed",
                      step=STEP_ENDING + 1)

    @rule(
        StepBegins(step=MATCH.step),
        ResolvedEffect(source=MATCH.source, spell=MATCH.spell, objects=MATCH.objects,
                       duration=MATCH.duration, timestamp=MATCH.timestamp),
        TEST(lambda step, duration: (step == "cleanup" and duration in ("until_end_of_turn",
                                                                         "this_turn"))
             or (step in AFTER_COMBAT and duration == "until_end_of_combat")),
        id="turn.effect-ends",
        cites=("CR 514.2", "CR 511.3", "CR 611.2a"),
        because="an effect that lasts {duration} ends then: 'until end of turn' and 'this "
                "turn' in the cleanup step (514.2), 'until end of combat' as combat ends "
                "(511.3)",
        says="{subject}'s effect on {objects} ends",
    )
    def effect_ends(self, source, spell, objects, duration, timestamp):
        return Ruling(about=f"effect.{timestamp}.ends", subject=source or spell or "an effect",
                      verdict="happens", action="end", step=STEP_ENDING + 2)
