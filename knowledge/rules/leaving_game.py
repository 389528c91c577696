"""A player leaving a multiplayer game (CR 800.4a): every object they own leaves with them,
and effects giving them control of objects or players end."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked, Casting, PlayBlocked, PlayingLand
from rulings.facts.game import Ability, GameObject, Player
from rulings.facts.mana import Activate, CantPay
from rulings.facts.resolution import ControlsSearchingOpponents, LeavesGame, SpecialAction
from rulings.facts.rulings import Ruling
from rulings.facts.shared import MayPlay

TOPIC = "CR 800.4 Leaving a multiplayer game"


class Rules:
    # -- a player who has left takes no actions ------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        Player(name=MATCH.player, left_game=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="leaving-game.cant-cast",
        cites=("CR 800.4", "CR 800.4a"),
        because="{player} has left the game, and a player who is out of the game takes no "
                "more actions in it",
        says="{player} can't cast {card}: they have left the game",
    )
    def leave_cant_cast(self, card, player, name, step):
        return [CastBlocked(player=player, object=card, reason="they have left the game"),
                Ruling(about=f"{card}.cast.left-game", subject=player, verdict="can't",
                       action=f"cast {name}", step=step)]

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        Player(name=MATCH.player, left_game=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="leaving-game.cant-play-land",
        cites=("CR 800.4", "CR 800.4a"),
        because="{player} has left the game, and a player who is out of the game takes no "
                "more actions in it",
        says="{player} can't play {card}: they have left the game",
    )
    def leave_cant_play(self, card, player, name):
        return [PlayBlocked(player=player, object=card, reason="they have left the game"),
                Ruling(about=f"{card}.play.left-game", subject=player, verdict="can't",
                       action=f"play {name}")]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.player),
        Player(name=MATCH.player, left_game=True),
        Ability(id=MATCH.ability),
        id="leaving-game.cant-activate",
        cites=("CR 800.4", "CR 800.4a"),
        because="{player} has left the game, and a player who is out of the game takes no "
                "more actions in it",
        says="{player} can't activate {ability}: they have left the game",
    )
    def leave_cant_activate(self, ability, player):
        return [CantPay(ability=ability, part="activating it",
                        reason=f"{player} has left the game"),
                Ruling(about=f"{ability}.left-game", subject=player, verdict="can't",
                       action="activate {ability}")]

    @rule(
        SpecialAction(player=MATCH.player, source=MATCH.source),
        Player(name=MATCH.player, left_game=True),
        id="leaving-game.cant-take-special-action",
        cites=("CR 800.4", "CR 800.4a"),
        because="{player} has left the game, and a player who is out of the game takes no "
                "more actions in it",
        says="{player} can't pay to ignore {source}'s effect: they have left the game",
    )
    def leave_cant_special(self, player):
        return Ruling(about=f"{player}.special-action", subject=player, verdict="can't",
                      action="take the special action", step=1)

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
