"""Permissions to play a card from where it is (a may-play effect, such as the one Opposition
Agent gives for the cards it has exiled): the card is played or cast under the normal rules of
timing and costs (CR 601.3, 305.1-305.2, 601.2f); only the permission itself is new, plus
any freedom it gives in spending mana (CR 609.4b)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.casting import (
    CastBlocked,
    Casting,
    CastPermission,
    PlayingLand,
    PlayPermission,
)
from rulings.facts.game import GameObject
from rulings.facts.resolution import OpponentsExileFound
from rulings.facts.rulings import Ruling
from rulings.facts.shared import MayPlay

TOPIC = "CR 601.3 and 305.1 permissions to play cards from other zones; CR 609.4b"


class Rules:
    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        MayPlay(player=MATCH.player, object=MATCH.card, source=MATCH.source),
        GameObject(id=MATCH.card, zone=MATCH.zone),
        id="permissions.may-cast",
        cites=("CR 601.3",),
        because="an effect (from: {source}) lets {player} play {card} from the {zone}; that "
                "is only a permission: the usual timing for its card type, and its costs, "
                "still apply",
    )
    def perm_may_cast(self, card, player, source):
        return CastPermission(player=player, object=card, kind="may play", source=source)

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        MayPlay(player=MATCH.player, object=MATCH.card, source=MATCH.source),
        GameObject(id=MATCH.card, zone=MATCH.zone),
        id="permissions.may-play-land",
        cites=("CR 305.1",),
        because="an effect (from: {source}) lets {player} play {card} from the {zone}; "
                "playing a land this way still needs {player}'s own main phase, an empty "
                "stack and a land play left",
    )
    def perm_may_play_land(self, card, player, source):
        return PlayPermission(player=player, object=card, kind="may play", source=source)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=False, step=MATCH.step),
        CastPermission(player=MATCH.player, object=MATCH.card, kind="may play",
                       source=MATCH.source),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="permissions.pays-all-costs",
        cites=("CR 601.2f", "CR 118.8", "CR 118.9"),
        because="the permission (from: {source}) lets {player} cast {card} but pays none of "
                "it: the total cost is its mana cost, or one alternative cost {player} may "
                "choose instead, plus every additional cost, and {player} pays it",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} must pay all of {card}'s costs, additional costs included (an "
             "alternative cost may replace its mana cost)",
    )
    def perm_pays_all_costs(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.all", subject=player, verdict="must",
                      action=f"pay all the costs of {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        MayPlay(player=MATCH.player, object=MATCH.card, source=MATCH.source,
                any_color_mana=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="permissions.any-color-mana",
        cites=("CR 609.4b",),
        because="the effect (from: {source}) that lets {player} play {card} also lets "
                "them treat any mana as mana of whatever color the cost asks for; that "
                "changes how the cost may be paid, not the cost itself",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may pay for {card} with mana of any color, as if it had the right "
             "colors",
    )
    def perm_any_color(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.any-color", subject=player, verdict="may",
                      action=f"spend mana as though any color for {name}", step=step)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        MayPlay(player=MATCH.player, object=MATCH.card, source=MATCH.source,
                any_color_mana=False),
        OpponentsExileFound(source=MATCH.source, any_color_mana=True),
        GameObject(id=MATCH.card, name=MATCH.name),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="permissions.any-color-mana-of-source",
        cites=("CR 609.4b",),
        because="{player} may play {card} through {source}, whose effect lets its "
                "controller treat any mana as having the colors a cost needs when casting "
                "the cards it exiled (the permission in the question doesn't repeat it, the "
                "card does)",
        absent=("nothing stops {player} from casting {card}",),
        says="{player} may pay for {card} with mana of any color, as if it had the right "
             "colors",
    )
    def perm_any_color_of_source(self, card, player, name, step):
        return Ruling(about=f"{card}.cost.any-color", subject=player, verdict="may",
                      action=f"spend mana as though any color for {name}", step=step)
