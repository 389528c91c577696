"""Replacement effects on where found cards go (CR 614, 616.1): an opponent searching their
library exiles what they find instead (e.g. Opposition Agent); with several such effects the
affected card's owner picks one, or whoever controls that owner; an exiled card is a new object
the rest of the effect can't follow (CR 400.7)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, OR, TEST
from rulings.engine.rules import rule
from rulings.facts.game import GameObject, Opponent
from rulings.facts.resolution import (
    CastFoundStep,
    Decider,
    ExileClaim,
    ExiledInstead,
    Found,
    OpponentsExileFound,
    PutStep,
    Resolving,
    RevealFoundStep,
    SearchHappens,
    SearchPlan,
)
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.shared import MayPlay

TOPIC = "CR 614 Replacement effects"


class Rules:
    @rule(
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        SearchHappens(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.player,
                      owner=MATCH.player, library=True),
        OpponentsExileFound(source=MATCH.source, any_color_mana=MATCH.any_color),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="replacement.exile-claim",
        cites=("CR 614.1a",),
        because="{player}, an opponent of {controller}, found {card} while searching their "
                "own library, and {source}'s effect exiles such cards instead",
    )
    def repl_claim(self, ability, n, card, source, controller, any_color):
        return ExileClaim(ability=ability, step=n, object=card, source=source,
                          controller=controller, any_color_mana=any_color)

    @rule(
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.chooser),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.chooser),
        id="replacement.chooser-takes-own",
        cites=("CR 616.1", "CR 723.5"),
        because="the card's owner would choose which exile effect applies, but {chooser} "
                "makes that owner's decisions and may pick {source}'s effect, their own",
    )
    def repl_chooser_own(self, ability, n, card, source, chooser):
        return ExiledInstead(ability=ability, step=n, object=card, source=source,
                             chooser=chooser)

    @rule(
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source),
        Decider(ability=MATCH.ability, step=MATCH.n, player=MATCH.chooser),
        NOT(ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                       controller=MATCH.chooser)),
        id="replacement.chooser-takes-any",
        cites=("CR 616.1",),
        because="{chooser} decides for the card's owner which exile effect applies; none of "
                "them is {chooser}'s own, so any of them may be picked",
        absent=("none of the exile effects on {card} is {chooser}'s own",),
    )
    def repl_chooser_any(self, ability, n, card, source, chooser):
        return ExiledInstead(ability=ability, step=n, object=card, source=source,
                             chooser=chooser)

    @rule(
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller,
                   any_color_mana=MATCH.any_color),
        id="replacement.may-play",
        cites=("CR 614.1a",),
        because="{source}'s effect lets {controller} play the cards it exiled for as long as "
                "they stay in exile",
    )
    def repl_may_play(self, card, source, controller, any_color):
        return MayPlay(player=controller, object=card, source=source,
                       any_color_mana=any_color)

    # -- rulings -------------------------------------------------------------------------------

    @rule(
        OR(PutStep(ability=MATCH.ability, step=MATCH.move_step, to=MATCH.to),
           CastFoundStep(ability=MATCH.ability, step=MATCH.move_step)),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller,
                   any_color_mana=MATCH.any_color),
        GameObject(id=MATCH.card, name=MATCH.card_name, types=MATCH.types),
        TEST(lambda n, move_step: n < move_step),
        id="replacement.exiled-instead",
        cites=("CR 614.1a", "CR 608.2c", "CR 609.4b"),
        because="{source}'s effect replaces where step {move_step} would put {card}: it is "
                "exiled instead, and {controller} may play it while it stays exiled; the "
                "effect's other steps still happen",
        says="{card} {action}",
    )
    def repl_exiled_instead(self, ability, n, move_step, card, card_name, controller,
                            any_color, types):
        # the mana freedom is for casting; a land is played, never cast (CR 305.9)
        how = (", paying for it with mana of whatever colors, as if each had the color "
               "its cost asks for"
               if any_color and "land" not in types else "")
        return Ruling(about=f"{ability}.s{move_step}.{card}", subject="{card}",
                      verdict="happens",
                      action=f"is exiled instead, and {controller} may play it{how}",
                      step=10 * move_step + 1, happen=[step_ref(ability, n)])

    @rule(
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source, chooser=MATCH.chooser),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.other_source),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.owner),
        TEST(lambda source, other_source: source != other_source),
        id="replacement.controlled-owner-chooses",
        cites=("CR 616.1", "CR 723.5"),
        because="{source} and {other_source} each try to exile {card}; its owner {owner} "
                "would choose which applies, but {chooser} controls {owner} during the search "
                "and so chooses, and may pick {source}'s effect to get the permission",
        says="{chooser} chooses {source}'s exile effect for {card}",
    )
    def repl_controlled_owner(self, ability, n, card, chooser):
        return Ruling(about=f"{ability}.s{n}.replacement.{card}", subject=chooser,
                      verdict="may", action="choose which exile effect applies",
                      step=10 * n + 7)

    @rule(
        OR(RevealFoundStep(ability=MATCH.ability, step=MATCH.later),
           CastFoundStep(ability=MATCH.ability, step=MATCH.later)),
        PutStep(ability=MATCH.ability, step=MATCH.move_step),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda n, move_step, later: n < move_step < later),
        id="replacement.new-object-in-exile",
        cites=("CR 400.7",),
        because="{card} was exiled instead in step {move_step}; a card that changes zones is "
                "a new object, so step {later} can't find it in exile",
        says="step {later} can't act on {card}",
    )
    def repl_new_object(self, ability, later, card):
        return Ruling(about=f"{ability}.s{later}.{card}", subject=f"step {later}",
                      verdict="can't", action="act on the exiled card", step=10 * later + 1)

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.later),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                      source=MATCH.source),
        ExileClaim(ability=MATCH.ability, step=MATCH.n, object=MATCH.card,
                   source=MATCH.source, controller=MATCH.controller),
        Resolving(ability=MATCH.ability, controller=MATCH.caster),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda n, later: n < later),
        id="replacement.found-card-out-of-reach",
        cites=("CR 400.7", "CR 614.1a", "CR 608.2c"),
        because="{source}'s effect exiled {card} as it was found; a card that changes zones "
                "becomes a new object, so step {later} of {ability}, which casts the card "
                "found, can't see it in exile; only {source}'s permission reaches it there, "
                "and that permission is {controller}'s",
        says="{caster} can't cast {card} through step {later} of {ability}",
    )
    def repl_found_card_out_of_reach(self, ability, later, card, caster, card_name):
        return Ruling(about=f"{ability}.s{later}.{card}.cast", subject=caster,
                      verdict="can't", action=f"cast {card_name} through {ability}",
                      step=10 * later + 2)
