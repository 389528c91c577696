"""CR 725: the monarch, a designation a player has (`players: [{name: Alice, monarch: true}]`;
"you become the monarch" is the step `become_monarch`). Two abilities of the game's rules go
with it (725.2): as the monarch's end step begins, they draw; and combat damage from a
player's creature to the monarch makes that player the monarch."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.combat import CombatDamage
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.stack import GameEvent
from rulings.facts.state import DamageResult, DealDamage, Monarch

TOPIC = "CR 725 The Monarch"

#: with the other triggered abilities of the step (knowledge/rules/triggers.py)
STEP_TRIGGERS = 100
#: damage that was dealt to the player (not prevented)
DEALT = ("life lost", "poison")


def _takes(player: str, controller: str) -> Ruling:
    return Ruling(about=f"{player}:monarch", subject=controller, verdict="happens",
                  action="become the monarch (the monarch's trigger, once it resolves)",
                  step=STEP_TRIGGERS)


class Rules:
    @rule(
        GameEvent(kind="step", step="end", player=MATCH.player),
        Monarch(player=MATCH.player),
        id="monarch.draws-at-end-step",
        cites=("CR 725.2",),
        because="{player} is the monarch; being the monarch comes with a triggered ability "
                "of no source, controlled by the monarch, that has them draw a card as their "
                "end step begins",
        says="{player}'s monarch trigger: {player} draws a card",
    )
    def draws_at_end_step(self, player):
        return Ruling(about=f"{player}:monarch-draw", subject=player, verdict="happens",
                      action="draw a card (the monarch's trigger at the beginning of their "
                             "end step, put on the stack like any triggered ability)",
                      step=STEP_TRIGGERS)

    @rule(
        DealDamage(source=MATCH.object, combat=True),
        Monarch(player=MATCH.player),
        DamageResult(source=MATCH.object, to=MATCH.player, result=MATCH.result),
        TEST(lambda result: result in DEALT),
        GameObject(id=MATCH.object, controller=MATCH.controller),
        TEST(lambda controller, player: controller != player),
        id="monarch.combat-damage-takes",
        cites=("CR 725.2",),
        because="{object} deals combat damage to {player}, who is the monarch; being the "
                "monarch comes with a second triggered ability of no source, which makes "
                "{controller}, who controls {object}, the monarch",
        says="{controller} becomes the monarch",
    )
    def combat_damage_takes(self, player, controller):
        return _takes(player, controller)

    @rule(
        CombatDamage(),
        Monarch(player=MATCH.player),
        DamageResult(source=MATCH.object, to=MATCH.player, result=MATCH.result),
        TEST(lambda result: result in DEALT),
        GameObject(id=MATCH.object, controller=MATCH.controller),
        TEST(lambda controller, player: controller != player),
        id="monarch.combat-step-damage-takes",
        cites=("CR 725.2", "CR 510.2"),
        because="in the combat damage step {object} deals combat damage to {player}, the "
                "monarch: {controller}, who controls {object}, becomes the monarch",
        says="{controller} becomes the monarch",
    )
    def combat_step_damage_takes(self, player, controller):
        return _takes(player, controller)
