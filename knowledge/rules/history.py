"""The game's history (CR 500.1 turns): what happened on earlier turns bears on now only
through effects that last. A payment to ignore an effect "until end of turn" (CR 116.2d)
counts on the turn it was made and ends in that turn's cleanup step (CR 514.2); made on an
earlier turn, it no longer counts. (When a permanent came under its controller's control is
read by the loader: it decides whether it has been under that control since the player's
most recent turn began, CR 302.6.) An intervening "if" may ask whether a permanent came
under its controller's control since the beginning of their last upkeep (echo, 702.30a)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Condition, Trigger
from rulings.facts.game import GameObject, Player, Turn
from rulings.facts.resolution import PaidToIgnore
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    CameUnderControl,
    ConditionHolds,
    ConditionUnknown,
    PaidToIgnoreEarlier,
)

TOPIC = "CR 500.1 Turns: the game's history; CR 514.2 effects until end of turn"

ECHO = "controlled_since_last_upkeep"


def _asks_true(args: list[str]) -> bool:
    return "value=false" not in args


class Rules:
    @rule(
        PaidToIgnoreEarlier(player=MATCH.player, source=MATCH.source, turn=MATCH.turn),
        Turn(number=MATCH.turn),
        id="history.payment-this-turn",
        cites=("CR 116.2d",),
        because="{player} paid on turn {turn}, the current turn, to ignore {source}'s effect",
    )
    def hist_payment_this_turn(self, player, source):
        return PaidToIgnore(player=player, source=source)

    @rule(
        PaidToIgnoreEarlier(player=MATCH.player, source=MATCH.source, turn=MATCH.paid),
        Turn(number=MATCH.now),
        TEST(lambda paid, now: paid < now),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="history.payment-ended",
        cites=("CR 116.2d", "CR 514.2"),
        because="{player} paid on turn {paid} to ignore {source}'s effect until end of turn; "
                "that ended in the cleanup step of turn {paid}, and it is now turn {now}",
        says="{player}'s payment of turn {paid} no longer lets them ignore {source}'s effect",
    )
    def hist_payment_ended(self, player, source, paid):
        return Ruling(about=f"{player}.{source}.paid.{paid}",
                      subject="the payment of turn {paid}", verdict="doesn't happen",
                      action="still apply this turn", step=0)

    # -- "if it came under your control since your last upkeep" (echo, CR 702.30a) --------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=False),
        TEST(lambda args: _asks_true(args)),
        id="history.controlled-this-turn",
        cites=("CR 702.30a", "CR 603.4"),
        because="{source} came under its controller's control this turn, after the beginning "
                "of their last upkeep",
    )
    def controlled_this_turn(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=True),
        CameUnderControl(object=MATCH.source, turn=MATCH.came),
        Turn(number=MATCH.now),
        id="history.controlled-since-last-upkeep",
        cites=("CR 702.30a", "CR 603.4", "CR 500.1"),
        because="{source} came under its controller's control on turn {came}; it is now turn "
                "{now}, and their last upkeep was one full round of turns ago",
        salience=AGGREGATE,
    )
    def controlled_since(self, condition, args, came, now):
        seats = len([p for p in self.collect(Player) if not p["left_game"]]) or 1
        recent = came >= now - seats  # on their last turn (after its upkeep) or since
        return ConditionHolds(condition=condition) if recent == _asks_true(args) else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=True),
        NOT(CameUnderControl(object=MATCH.source)),
        id="history.controlled-since-unstated",
        cites=("CR 702.30a", "CR 603.4"),
        because="{ability} asks whether {source} came under its controller's control since "
                "their last upkeep, and the situation doesn't say when it did (history: "
                "[{{came_under_control: {{object: …, turn: …}}}}])",
        absent=("the situation doesn't say when {source} came under its controller's control",),
    )
    def controlled_since_unstated(self, condition):
        return ConditionUnknown(condition=condition, why="when it came under its controller's "
                                                         "control not stated")
