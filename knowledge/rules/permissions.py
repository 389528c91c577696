"""Permissions to play a card from where it is (a may-play effect, such as the one Opposition
Agent gives for the cards it has exiled): the card is played or cast under the normal rules of
timing and costs (CR 601.3, 305.1-305.2, 601.2f); only the permission itself is new, plus
any freedom it gives in spending mana (CR 609.4b)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.casting import (
    CastBlocked,
    Casting,
    CastPermission,
    PlayingLand,
    PlayPermission,
    ResolvingCastPermission,
)
from rulings.facts.effects import Selector, Selects, StaticEffect, Step
from rulings.facts.game import Ability, GameObject
from rulings.facts.resolution import CastFoundStep, OpponentsExileFound
from rulings.facts.rulings import Ruling
from rulings.facts.shared import MayPlay
from rulings.facts.stack import ChosenTarget, StackObject
from rulings.facts.state import LostAbility, StaticNotApplied

TOPIC = "CR 601.3 and 305.1 permissions to play cards from other zones; CR 609.4b"

#: the instructions that let a player cast a card while they resolve (CR 608.2g)
CAST_VERBS = P(lambda verb: verb in ("cast", "play"))


def _free(args: object) -> bool:
    return "without_paying=true" in args  # type: ignore[operator]


#: impulse: a static permission for the top card of its controller's library (CR 401.2)
FROM_TOP = P(lambda args: "top=true" in args and "zone=library" in args)
CAST_OR_PLAY = P(lambda args: "action=cast" in args or "action=play" in args)
PLAY_ONLY = P(lambda args: "action=play" in args)
#: impulse: a static permission for lands in its controller's graveyard (CR 305.1)
FROM_GRAVEYARD = P(lambda args: "zone=graveyard" in args and "top=true" not in args)


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

    # -- impulse: "you may play lands [and cast spells] from the top of your library": a
    # static ability of a permanent; only the top card (position 1) of its controller's own
    # library, and only while the permanent is on the battlefield (CR 401.2, 601.3, 305.1)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        GameObject(id=MATCH.card, zone="library", owner=MATCH.player, position=1),
        StaticEffect(ability=MATCH.ability, effect="permit", source=MATCH.source,
                     who=MATCH.who, what=MATCH.what, condition="", args=FROM_TOP & CAST_OR_PLAY),
        Selector(id=MATCH.who, ref="you"),
        Selects(selector=MATCH.what, object=MATCH.card),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.player),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        id="permissions.top-of-library-cast",
        cites=("CR 601.3", "CR 401.2"),
        because="{source}, on the battlefield under {player}'s control, has a static ability "
                "that lets {player} cast cards of its kind from the top of their library, "
                "and {card} is the top card of {player}'s library; only the permission is "
                "new: the usual timing for its card type, and its costs, still apply",
        absent=("no effect has removed {ability} from {source}",
                "{ability}'s effect is not switched off"),
    )
    def perm_top_cast(self, card, player, source):
        return CastPermission(player=player, object=card, kind="from the top of the library",
                              source=source)

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, zone="library", owner=MATCH.player, position=1),
        StaticEffect(ability=MATCH.ability, effect="permit", source=MATCH.source,
                     who=MATCH.who, what=MATCH.what, condition="", args=FROM_TOP & PLAY_ONLY),
        Selector(id=MATCH.who, ref="you"),
        Selects(selector=MATCH.what, object=MATCH.card),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.player),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        id="permissions.top-of-library-land",
        cites=("CR 305.1", "CR 401.2"),
        because="{source}, on the battlefield under {player}'s control, has a static ability "
                "that lets {player} play lands from the top of their library, and {card} is "
                "the top card of {player}'s library; playing it still needs {player}'s own "
                "main phase, an empty stack and a land play left",
        absent=("no effect has removed {ability} from {source}",
                "{ability}'s effect is not switched off"),
    )
    def perm_top_land(self, card, player, source):
        return PlayPermission(player=player, object=card, kind="from the top of the library",
                              source=source)

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, zone="graveyard", owner=MATCH.player),
        StaticEffect(ability=MATCH.ability, effect="permit", source=MATCH.source,
                     who=MATCH.who, what=MATCH.what, condition="",
                     args=FROM_GRAVEYARD & PLAY_ONLY),
        Selector(id=MATCH.who, ref="you"),
        Selects(selector=MATCH.what, object=MATCH.card),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.player),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        id="permissions.graveyard-land",
        cites=("CR 305.1", "CR 601.3"),
        because="{source}, on the battlefield under {player}'s control, has a static ability "
                "that lets {player} play lands from their own graveyard, and {card} is a land "
                "card there; playing it still needs {player}'s own main phase, an empty stack "
                "and a land play left",
        absent=("no effect has removed {ability} from {source}",
                "{ability}'s effect is not switched off"),
    )
    def perm_graveyard_land(self, card, player, source):
        return PlayPermission(player=player, object=card, kind="from the graveyard",
                              source=source)

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

    # -- a spell or ability whose instructions say to cast a card (CR 608.2g): the card it
    # names — its target, a card it describes, the card an earlier step chose — may be cast
    # while it resolves (a card found by a search: casting.py)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        Step(ability=MATCH.ability, verb=CAST_VERBS, index=MATCH.index, what=MATCH.what,
             args=MATCH.args),
        NOT(CastFoundStep(ability=MATCH.ability, step=MATCH.index)),
        Selector(id=MATCH.what, ref=MATCH.slot),
        TEST(lambda slot: slot != ""),
        Ability(id=MATCH.ability, source=MATCH.source),
        StackObject(source=MATCH.source, id=MATCH.entry, controller=MATCH.player),
        ChosenTarget(object=MATCH.entry, target=MATCH.card),
        id="permissions.cast-the-target",
        cites=("CR 608.2g", "CR 601.3"),
        because="step {index} of {ability}, which {player} controls, says to cast its target, "
                "and {card} is that target",
        absent=("the card is not one a search of the same ability found",),
    )
    def cast_the_target(self, card, player, ability, args):
        return ResolvingCastPermission(ability=ability, player=player, object=card,
                                       without_paying=_free(args))

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        Step(ability=MATCH.ability, verb=CAST_VERBS, index=MATCH.index, what=MATCH.what,
             args=MATCH.args),
        NOT(CastFoundStep(ability=MATCH.ability, step=MATCH.index)),
        Selects(selector=MATCH.what, object=MATCH.card),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="permissions.cast-the-described",
        cites=("CR 608.2g", "CR 601.3"),
        because="step {index} of {ability}, which {player} controls, says to cast a card of "
                "the kind it describes, and {card} is one",
        absent=("the card is not one a search of the same ability found",),
    )
    def cast_the_described(self, card, player, ability, args):
        return ResolvingCastPermission(ability=ability, player=player, object=card,
                                       without_paying=_free(args))

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        Step(ability=MATCH.ability, verb=CAST_VERBS, index=MATCH.index, what=MATCH.what,
             args=MATCH.args),
        NOT(CastFoundStep(ability=MATCH.ability, step=MATCH.index)),
        Selector(id=MATCH.what, ref=MATCH.earlier),
        TEST(lambda earlier: earlier != ""),
        Step(ability=MATCH.ability, id=MATCH.earlier, index=MATCH.before,
             what=MATCH.chosen_from),
        TEST(lambda before, index: before < index),
        Selects(selector=MATCH.chosen_from, object=MATCH.card),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.player),
        id="permissions.cast-the-chosen",
        cites=("CR 608.2g", "CR 601.3"),
        because="step {index} of {ability}, which {player} controls, says to cast the card "
                "step {before} chose, revealed or exiled ({earlier}), and {card} is one that "
                "step can take",
        absent=("the card is not one a search of the same ability found",),
    )
    def cast_the_chosen(self, card, player, ability, args):
        return ResolvingCastPermission(ability=ability, player=player, object=card,
                                       without_paying=_free(args))

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during=MATCH.ability,
                step=MATCH.step),
        ResolvingCastPermission(ability=MATCH.ability, player=MATCH.player, object=MATCH.card,
                                without_paying=False),
        NOT(CastFoundStep(ability=MATCH.ability)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="permissions.free-not-offered",
        cites=("CR 601.2f", "CR 118.9"),
        because="{ability} lets {player} cast {card} but says nothing of skipping its mana "
                "cost, so that cost is paid as usual",
        absent=("the ability has no search step whose found card it casts",),
        says="{player} can't cast {card} without paying its mana cost",
    )
    def free_not_offered(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="its mana cost must be paid"),
            Ruling(about=f"{card}.cost.free", subject=player, verdict="can't",
                   action=f"cast {name} without paying its mana cost", step=step),
        ]
