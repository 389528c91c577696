"""The game's history (CR 500.1 turns): what happened on earlier turns bears on now only
through effects that last. A payment to ignore an effect "until end of turn" (CR 116.2d)
counts on the turn it was made and ends in that turn's cleanup step (CR 514.2); made on an
earlier turn, it no longer counts. (When a permanent came under its controller's control is
read by the loader: it decides whether it has been under that control since the player's
most recent turn began, CR 302.6.)"""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.game import GameObject, Turn
from rulings.facts.resolution import PaidToIgnore
from rulings.facts.rulings import Ruling
from rulings.facts.stack import PaidToIgnoreEarlier

TOPIC = "CR 500.1 Turns: the game's history; CR 514.2 effects until end of turn"


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
