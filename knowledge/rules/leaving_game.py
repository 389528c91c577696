"""A player leaving a multiplayer game (CR 800.4a): every object they own leaves with them,
and effects giving them control of objects or players end."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.game import GameObject
from rulings.facts.resolution import ControlsSearchingOpponents, LeavesGame
from rulings.facts.rulings import Ruling
from rulings.facts.shared import MayPlay

TOPIC = "CR 800.4 Leaving a multiplayer game"


class Rules:
    @rule(
        LeavesGame(player=MATCH.player),
        id="leaving-game.objects-leave",
        cites=("CR 800.4a",),
        because="when a player leaves a multiplayer game, every object they own leaves too, "
                "wherever it is (battlefield, stack, exile, library…), and effects giving "
                "them control of objects or players end",
        says="every object {player} owns leaves the game with them",
    )
    def leave_objects_leave(self, player):
        return Ruling(about=f"{player}.leaves", subject=player, verdict="happens",
                      action="leave the game with everything they own", step=1)

    @rule(
        LeavesGame(player=MATCH.player),
        MayPlay(player=MATCH.holder, object=MATCH.card, source=MATCH.source),
        GameObject(id=MATCH.card, owner=MATCH.player, name=MATCH.card_name, zone=MATCH.zone),
        TEST(lambda holder, player: holder != player),
        id="leaving-game.exiled-card-gone",
        cites=("CR 800.4a",),
        because="{card} is owned by {player}, so it leaves the game with them, even though "
                "{holder} had permission to play it from the {zone}",
        says="{holder} can no longer play {card}: it left the game with {player}",
    )
    def leave_exiled_gone(self, holder, card, card_name):
        return Ruling(about=f"{card}.gone", subject=holder, verdict="can't",
                      action=f"play {card_name}", step=2)

    @rule(
        LeavesGame(player=MATCH.player),
        MayPlay(player=MATCH.holder, object=MATCH.card),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.card_name),
        TEST(lambda holder, player, owner: holder != player and owner != player),
        id="leaving-game.permission-stays",
        cites=("CR 800.4a",),
        because="{card} is owned by {owner}, not by {player}, so it stays when {player} "
                "leaves, and so does {holder}'s permission",
        says="{holder} may still play {card}",
    )
    def leave_permission_stays(self, holder, card, card_name):
        return Ruling(about=f"{card}.stays", subject=holder, verdict="may",
                      action=f"still play {card_name}", step=2)

    @rule(
        LeavesGame(player=MATCH.player),
        MayPlay(player=MATCH.player, object=MATCH.card),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        id="leaving-game.own-permission-ends",
        cites=("CR 800.4a",),
        because="{player} is no longer in the game, so can't play anything",
        says="{player}'s permission to play {card} ends",
    )
    def leave_own_permission(self, player, card, card_name):
        return Ruling(about=f"{card}.permission-ends", subject=player, verdict="can't",
                      action=f"play {card_name}", step=2)

    @rule(
        LeavesGame(player=MATCH.player),
        GameObject(id=MATCH.card, controller=MATCH.player, owner=MATCH.owner,
                   zone="battlefield", name=MATCH.card_name),
        TEST(lambda owner, player: owner != player),
        id="leaving-game.control-ends",
        cites=("CR 800.4a",),
        because="{player} controls {card} but {owner} owns it; the effect giving {player} "
                "control ends when {player} leaves",
        says="{card} stays, and control of it ends ({owner} owns it)",
    )
    def leave_control_ends(self, player, card, card_name):
        return Ruling(about=f"{card}.control-ends", subject="{card}", verdict="happens",
                      action=f"stop being controlled by {player}", step=3)

    @rule(
        LeavesGame(player=MATCH.player),
        ControlsSearchingOpponents(source=MATCH.source),
        GameObject(id=MATCH.source, owner=MATCH.player, zone="battlefield"),
        id="leaving-game.control-of-players-ends",
        cites=("CR 800.4a",),
        because="{source} is owned by {player} and leaves the game with them, so nobody "
                "is controlled through it any more",
        says="{source}'s control of searching players ends",
    )
    def leave_player_control_ends(self, player, source):
        return Ruling(about=f"{source}.control-ends", subject=source, verdict="happens",
                      action="stop giving control of searching players", step=3)
