"""CR 708–715: cards with several faces or halves — split cards and fuse (709, 702.102),
double-faced cards (712: transforming, modal, meld), Adventures (715), flip cards (710) and
face-down objects (708).

What such a card is in each zone is decided by one procedure, facts.faces.shown(), which the
loader applies so that every other rule sees the right name, cost, types and abilities; its
result is the `CardFaces` fact, with the CR rule that decided it. These rules say so in the
answer (one rule per CR rule), and rule on what a player may do with the faces: which half or
face is cast, a land face played, an Adventure exiled and cast again, a permanent transformed.
"""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.cards import parse_cost
from rulings.facts.casting import (
    AlternativeCost,
    Cast,
    CastBlocked,
    Casting,
    CastPermission,
    PlayLand,
)
from rulings.facts.costs import CostPayable, CostUnpayable, TotalCost
from rulings.facts.effects import Keyword
from rulings.facts.faces import (
    AdventureExile,
    CardFaces,
    DayNight,
    FaceDown,
    FaceUpRefused,
    Melded,
    Transform,
    TurnFaceUp,
)
from rulings.facts.game import GameObject, Turn
from rulings.facts.keyword_actions import paying_for as paying_for_action
from rulings.facts.mana import Enters
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Countered, DiesEvent, Fizzles, Leaves, TopOfStack
from rulings.facts.state import AskCharacteristics

TOPIC = "CR 708-715 Cards with several faces: split, flip, double-faced, Adventures, face down"

SPLIT = ("split", "aftermath")


def _disturb(keywords: list[str]) -> str:
    """The disturb cost among a front face's keywords ('disturb={1}{W}'), or ''."""
    return next((k.split("=", 1)[1] for k in keywords if k.startswith("disturb=")), "")


def _other_face(faces: list[str], shown: str) -> str:
    others = [f for f in faces if f != shown]
    return others[0] if others else ""


class Rules:
    # -- what the card is now, by zone (facts.faces.shown) --------------------------------

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 709.4", card=MATCH.card, zone=MATCH.zone),
        id="layouts.split-both-halves",
        cites=("CR 709.4", "CR 709.4b", "CR 709.4c"),
        because="{card} is a split card in the {zone}, not on the stack: it has both halves' "
                "names, their mana costs combined (so both halves' colors and the sum of their "
                "mana values), and every type and ability of either half",
        says="{card} has the characteristics of both its halves combined",
    )
    def split_both_halves(self, object, card):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action="have both halves' characteristics combined")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 709.3b", card=MATCH.card, shown=MATCH.shown),
        id="layouts.split-half-on-stack",
        cites=("CR 709.3b",),
        because="{card} was cast as its half {shown}: on the stack only that half's "
                "characteristics exist, the other half's don't",
        says="on the stack, {card} has only the characteristics of its half {shown}",
    )
    def split_half_on_stack(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 709.4d", card=MATCH.card),
        id="layouts.fused-on-stack",
        cites=("CR 709.4d", "CR 702.102b"),
        because="{card} was cast fused: the spell has both halves' characteristics",
        says="{card}, cast fused, has the characteristics of both halves",
    )
    def fused_on_stack(self, object, card):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action="have both halves' characteristics combined")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 712.8a", card=MATCH.card, shown=MATCH.shown,
                  zone=MATCH.zone),
        id="layouts.front-face-only",
        cites=("CR 712.8a",),
        because="{card} is a double-faced card in the {zone}, which is neither the battlefield "
                "nor the stack, so it has only its front face's characteristics ({shown}); its "
                "back face is ignored there",
        says="in the {zone}, {card} is only its front face {shown}",
    )
    def front_face_only(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of its front face {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 712.8d", card=MATCH.card, shown=MATCH.shown),
        id="layouts.front-face-up",
        cites=("CR 712.8d",),
        because="{card} is on the battlefield with its front face up, so it has only the "
                "characteristics of {shown}",
        says="{card} is {shown}, its front face, and nothing of its back face",
    )
    def front_face_up(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of its front face {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 712.8e", card=MATCH.card, shown=MATCH.shown),
        id="layouts.back-face-up",
        cites=("CR 712.8e",),
        because="{card} is on the battlefield transformed, with its back face up: it has only "
                "the characteristics of {shown}, except that its mana value is still that of "
                "its front face's mana cost",
        says="{card} is {shown}, its back face; its mana value is its front face's",
    )
    def back_face_up(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of its back face {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 712.8f", card=MATCH.card, shown=MATCH.shown,
                  zone=MATCH.zone),
        id="layouts.modal-face-up",
        cites=("CR 712.8f",),
        because="{card} is a modal double-faced card on the {zone} with {shown} up, so it has "
                "only that face's characteristics",
        says="{card} is only {shown}, the face that is up",
    )
    def modal_face_up(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 712.8c", card=MATCH.card, shown=MATCH.shown),
        id="layouts.double-faced-spell",
        cites=("CR 712.8c",),
        because="{card} is a transforming double-faced card on the stack; unless it was cast "
                "transformed, a spell has its front face up, so it is {shown}",
        says="on the stack, {card} has only the characteristics of {shown}",
    )
    def double_faced_spell(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 715.3b", card=MATCH.card, shown=MATCH.shown),
        id="layouts.adventure-on-stack",
        cites=("CR 715.3b",),
        because="{card} was cast as an Adventure: on the stack it has only its Adventure's "
                "characteristics ({shown}), not the creature's",
        says="on the stack, {card} is only its Adventure {shown}",
    )
    def adventure_on_stack(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only the characteristics of its Adventure {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 715.4", card=MATCH.card, shown=MATCH.shown,
                  zone=MATCH.zone),
        id="layouts.adventure-normal",
        cites=("CR 715.4",),
        because="{card} is an adventurer card in the {zone} and not a spell cast as an "
                "Adventure, so it has only its normal characteristics: it is {shown}",
        says="in the {zone}, {card} is only {shown}; its Adventure's characteristics are "
             "ignored",
    )
    def adventure_normal(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have only its normal characteristics ({shown})")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite=P(lambda c: c in ("CR 710.1a", "CR 710.1b")),
                  card=MATCH.card, shown=MATCH.shown, zone=MATCH.zone),
        id="layouts.flip-card",
        cites=("CR 710.1a", "CR 710.1b", "CR 710.1c"),
        because="{card} is a flip card in the {zone}: its lower half is used only by a "
                "flipped permanent, and a flipped permanent keeps its color and mana cost; "
                "now it is {shown}",
        says="{card} is {shown} now",
    )
    def flip_card(self, object, card, shown):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action=f"have the characteristics of {shown}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, card=MATCH.card, zone=MATCH.zone,
                  cite="CR 718.3b"),
        id="layouts.prototyped",
        cites=("CR 718.3b", "CR 718.5"),
        because="{card} was cast prototyped: in the {zone} it has only its prototype's mana "
                "cost, power and toughness, and the colors of that mana cost; its other "
                "characteristics are the card's own",
        says="{card} has its prototype's mana cost, power and toughness",
    )
    def prototyped(self, object, card):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action="have its prototype's mana cost, power and toughness")

    @rule(
        AskCharacteristics(object=MATCH.object),
        CardFaces(object=MATCH.object, cite="CR 718.4", card=MATCH.card, zone=MATCH.zone),
        id="layouts.prototype-normal",
        cites=("CR 718.4",),
        because="{card} is a prototype card in the {zone} that was not cast prototyped, so it "
                "has only its normal mana cost, power and toughness",
        says="{card} has its normal mana cost, power and toughness",
    )
    def prototype_normal(self, object, card):
        return Ruling(about=f"{object}:face", subject=card, verdict="happens",
                      action="have its normal mana cost, power and toughness")

    @rule(
        Cast(card=MATCH.object),
        Casting(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, cite="CR 718.3b", card=MATCH.card),
        id="layouts.prototype-cast",
        cites=("CR 718.3", "CR 718.3a"),
        because="{player} casts {card} prototyped: only its prototype's mana cost, power and "
                "toughness are used to see whether it can be cast",
        says="as {player} casts it prototyped, {card} has its prototype's mana cost, power "
             "and toughness",
    )
    def prototype_cast(self, object, player, card):
        return Ruling(about=f"{object}:cast-face", subject=card, verdict="happens",
                      action="be evaluated and cast with its prototype's mana cost, power "
                             "and toughness")

    @rule(
        AskCharacteristics(object=MATCH.object),
        FaceDown(object=MATCH.object),
        GameObject(id=MATCH.object, zone=MATCH.zone),
        Keyword(object=MATCH.object, keyword="ward", value="{2}", granted_by=""),
        id="layouts.face-down-disguised",
        cites=("CR 702.168a", "CR 708.2a"),
        because="{object} is face down in the {zone} and its card has disguise, so it is a "
                "nameless 2/2 creature with ward {{2}} and no other text, subtypes or mana "
                "cost",
        says="{object} is a nameless 2/2 creature with ward {{2}}, no other abilities and no "
             "mana cost",
    )
    def face_down_disguised(self, object):
        return Ruling(about=f"{object}:face", subject="{object}", verdict="happens",
                      action="be a nameless 2/2 creature with ward {2}, no other abilities "
                             "and no mana cost")

    @rule(
        AskCharacteristics(object=MATCH.object),
        FaceDown(object=MATCH.object),
        GameObject(id=MATCH.object, zone=MATCH.zone),
        NOT(Keyword(object=MATCH.object, keyword="ward", value="{2}", granted_by="")),
        id="layouts.face-down",
        cites=("CR 708.2", "CR 708.2a"),
        absent=("its card has no disguise (which would give it ward {{2}} face down)",),
        because="{object} is face down in the {zone}, so it is a plain 2/2 creature: "
                "nameless, without text, subtypes or mana cost (its controller may look at "
                "it)",
        says="{object} is a nameless 2/2 creature: no abilities, no mana cost",
    )
    def face_down(self, object):
        return Ruling(about=f"{object}:face", subject="{object}", verdict="happens",
                      action="be a nameless 2/2 creature with no abilities and no mana cost")

    @rule(
        AskCharacteristics(object=MATCH.object),
        Melded(object=MATCH.object, cards=MATCH.cards),
        CardFaces(object=MATCH.object, shown=MATCH.shown),
        id="layouts.melded",
        cites=("CR 712.4a", "CR 712.8g"),
        because="{object} is a melded permanent made of the cards {cards}: one permanent "
                "with only the characteristics of their combined back face, {shown}, whose "
                "mana value is the sum of the front faces' mana values",
        says="{object} is one permanent, {shown}, represented by two cards",
    )
    def melded(self, object, shown):
        return Ruling(about=f"{object}:face", subject="{object}", verdict="happens",
                      action=f"be one permanent, {shown}, represented by two cards")

    @rule(
        Leaves(objects=MATCH.objects, to=MATCH.to),
        Melded(object=MATCH.object, cards=MATCH.cards),
        TEST(lambda objects, object: object in objects),
        id="layouts.melded-leaves",
        cites=("CR 712.21",),
        because="{object} is a melded permanent: when it leaves the battlefield, one "
                "permanent leaves, and both cards that represent it, {cards}, go to the {to}",
        says="one permanent leaves the battlefield, and the two cards {cards} are put into "
             "the {to}",
    )
    def melded_leaves(self, object, cards, to):
        return Ruling(about=f"{object}:melded-leaves", subject=" and ".join(cards),
                      verdict="happens", action=f"be put into the {to}, both of them")

    @rule(
        DiesEvent(objects=MATCH.objects),
        Melded(object=MATCH.object, cards=MATCH.cards),
        GameObject(id=MATCH.object, owner=MATCH.owner),
        TEST(lambda objects, object: object in objects),
        id="layouts.melded-dies",
        cites=("CR 712.21", "CR 712.21a"),
        because="{object} is a melded permanent: it dies as one permanent, and both cards "
                "that represent it, {cards}, are put into {owner}'s graveyard, in the order "
                "{owner} chooses",
        says="one permanent dies, and the two cards {cards} are put into the graveyard",
    )
    def melded_dies(self, object, cards, owner):
        return Ruling(about=f"{object}:melded-leaves", subject=" and ".join(cards),
                      verdict="happens", action=f"be put into {owner}'s graveyard, both of them")

    # -- casting one half or face ----------------------------------------------------------

    @rule(
        Cast(card=MATCH.object, face=MATCH.face),
        TEST(lambda face: face != ""),
        Casting(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, layout=P(lambda v: v in SPLIT), card=MATCH.card,
                  shown=MATCH.shown),
        id="layouts.split-cast-half",
        cites=("CR 709.3", "CR 709.3a"),
        because="{player} casts {card}, a split card, choosing its half {shown}: only that "
                "half is evaluated to see whether it can be cast (its cost, type and timing), "
                "and only that half is put on the stack",
        says="as {player} casts it, {card} is only its half {shown}",
    )
    def split_cast_half(self, object, player, card, shown):
        return Ruling(about=f"{object}:cast-face", subject=card, verdict="happens",
                      action=f"be evaluated and cast as its half {shown} only")

    @rule(
        Cast(card=MATCH.object, face=MATCH.face),
        TEST(lambda face: face != ""),
        Casting(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, layout="modal_dfc", card=MATCH.card, shown=MATCH.shown),
        id="layouts.modal-cast-face",
        cites=("CR 712.11b", "CR 712.11c"),
        because="{player} casts {card}, a modal double-faced card, choosing the face "
                "{shown}: only that face is evaluated to see whether it can be cast, and it is "
                "put on the stack with that face up",
        says="as {player} casts it, {card} is only its face {shown}",
    )
    def modal_cast_face(self, object, player, card, shown):
        return Ruling(about=f"{object}:cast-face", subject=card, verdict="happens",
                      action=f"be evaluated and cast as its face {shown} only")

    @rule(
        Cast(card=MATCH.object),
        Casting(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, cite="CR 715.3b", card=MATCH.card, shown=MATCH.shown),
        id="layouts.adventure-cast",
        cites=("CR 715.3a",),
        because="{player} casts {card} as its Adventure {shown}: only the Adventure's "
                "characteristics are evaluated to see whether it can be cast",
        says="as {player} casts it as an Adventure, {card} is only {shown}",
    )
    def adventure_cast(self, object, player, card, shown):
        return Ruling(about=f"{object}:cast-face", subject=card, verdict="happens",
                      action=f"be evaluated and cast as its Adventure {shown} only")

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, during=""),
        GameObject(id=MATCH.object, zone="exile", owner=MATCH.player),
        AdventureExile(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, shown=MATCH.shown, faces=MATCH.faces),
        TEST(lambda shown, faces: bool(faces) and shown == faces[0]),
        id="layouts.adventure-from-exile",
        cites=("CR 715.3d",),
        because="{object} was exiled by its own Adventure as it resolved, so for as long as "
                "it stays in exile {player} may cast it, as the creature {shown} (not as the "
                "Adventure again)",
    )
    def adventure_from_exile(self, object, player):
        return CastPermission(player=player, object=object,
                              kind="from exile, where its own Adventure put it")

    @rule(
        TopOfStack(object=MATCH.object, kind="spell", controller=MATCH.controller),
        CardFaces(object=MATCH.object, cite="CR 715.3b", card=MATCH.card, faces=MATCH.faces),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="layouts.adventure-exiled",
        cites=("CR 715.3d",),
        because="{card} was cast as an Adventure: as it resolves, its controller {controller} "
                "exiles it instead of putting it into a graveyard, and may cast it later from "
                "exile as the creature",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
        says="after it resolves, {card} is exiled, and {controller} may later cast it from "
             "exile as a creature",
    )
    def adventure_exiled(self, object, controller, faces):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action=f"be exiled, and {controller} may cast {faces[0]} from exile later")

    # -- playing a land face (CR 712.12) --------------------------------------------------

    @rule(
        PlayLand(card=MATCH.object, face=MATCH.face),
        TEST(lambda face: face != ""),
        CardFaces(object=MATCH.object, layout="modal_dfc", card=MATCH.card, shown=MATCH.shown,
                  land_faces=MATCH.lands),
        TEST(lambda shown, lands: shown in lands),
        id="layouts.modal-land-face",
        cites=("CR 712.12",),
        because="{card} is a modal double-faced card with a land face: played as a land, its "
                "player chooses that face, {shown}, and it enters the battlefield with that "
                "face up",
        says="{card} is played as its land face {shown}",
    )
    def modal_land_face(self, object, card, shown):
        return Ruling(about=f"{object}:play-face", subject=card, verdict="happens",
                      action=f"enter the battlefield as its land face {shown}")

    @rule(
        PlayLand(card=MATCH.object, face=""),
        CardFaces(object=MATCH.object, layout="modal_dfc", card=MATCH.card, shown=MATCH.shown,
                  land_faces=MATCH.lands),
        TEST(lambda shown, lands: bool(lands) and shown not in lands),
        id="layouts.modal-land-face-not-chosen",
        cites=("CR 712.12", "CR 712.8a"),
        because="{card} is, in the hand, only its front face {shown}, which is not a land; "
                "but its other face {lands} is, and a player playing it as a land chooses that "
                "face",
        says="{card} can be played as a land only as its land face {lands}",
    )
    def modal_land_face_not_chosen(self, object, card, lands):
        return Ruling(about=f"{object}:play-face", subject=card, verdict="may",
                      action=f"be played as a land by choosing its face {lands[0]} "
                             f"(play_land: {{face: {lands[0]}}})")

    # -- transforming (CR 701.27, 712.18) -------------------------------------------------

    @rule(
        Transform(object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield"),
        CardFaces(object=MATCH.object, layout=P(lambda v: v in ("transform", "modal_dfc")),
                  card=MATCH.card, shown=MATCH.shown, faces=MATCH.faces,
                  spell_faces=MATCH.spells),
        TEST(lambda shown, faces, spells: _other_face(faces, shown) not in spells),
        id="layouts.transforms",
        cites=("CR 701.27a", "CR 712.18"),
        because="{card} is a double-faced permanent: to transform it is to turn it over so "
                "its other face is up; it stays the same object, and effects on it still "
                "apply",
        says="{card} transforms: it is now its other face",
    )
    def transforms(self, object, shown, faces):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="happens",
                      action=f"transform from {shown} into {_other_face(faces, shown)}")

    @rule(
        Transform(object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", name=MATCH.name),
        NOT(CardFaces(object=MATCH.object, layout=P(lambda v: v in ("transform",
                                                                    "modal_dfc")))),
        id="layouts.transform-nothing",
        cites=("CR 701.27c", "CR 712.9"),
        because="{name} is not represented by a double-faced card (or it is a meld card), "
                "and only such permanents can transform, so nothing happens",
        absent=("{name} is not a transforming or modal double-faced card",),
        says="{name} doesn't transform: nothing happens",
    )
    def transform_nothing(self, object):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="doesn't happen",
                      action="transform")

    @rule(
        Transform(object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield"),
        CardFaces(object=MATCH.object, layout=P(lambda v: v in ("transform", "modal_dfc")),
                  card=MATCH.card, shown=MATCH.shown, faces=MATCH.faces,
                  spell_faces=MATCH.spells),
        TEST(lambda shown, faces, spells: _other_face(faces, shown) in spells),
        id="layouts.transform-into-spell-face",
        cites=("CR 701.27d", "CR 712.10"),
        because="the face {card} would transform into is an instant or sorcery face, so "
                "nothing happens",
        says="{card} doesn't transform",
    )
    def transform_into_spell(self, object):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="doesn't happen",
                      action="transform")

    # -- aftermath (CR 702.127) -----------------------------------------------------------

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, during=""),
        GameObject(id=MATCH.object, zone="graveyard", owner=MATCH.player, name=MATCH.name),
        Keyword(object=MATCH.object, keyword="aftermath"),
        id="layouts.aftermath-from-graveyard",
        cites=("CR 702.127a",),
        because="{name} is the aftermath half of a split card in {player}'s graveyard: "
                "aftermath lets its owner cast that half from the graveyard, and exiles it "
                "whenever it would leave the stack",
    )
    def aftermath_from_graveyard(self, object, player):
        return CastPermission(player=player, object=object,
                              kind="from their graveyard, by aftermath")

    @rule(
        Casting(object=MATCH.object, player=MATCH.player),
        GameObject(id=MATCH.object, zone=MATCH.zone, name=MATCH.name),
        TEST(lambda zone: zone != "graveyard"),
        Keyword(object=MATCH.object, keyword="aftermath"),
        id="layouts.aftermath-only-from-graveyard",
        cites=("CR 702.127a",),
        because="{name} is an aftermath half: it can't be cast from any zone but a graveyard, "
                "and {object} is in the {zone}",
        says="{player} can't cast {name} from the {zone}",
    )
    def aftermath_only_from_graveyard(self, object, player, name, zone):
        return [CastBlocked(player=player, object=object,
                            reason="an aftermath half is cast only from a graveyard"),
                Ruling(about=f"{object}.cast.aftermath", subject=player, verdict="can't",
                       action=f"cast {name} from the {zone}")]

    @rule(
        TopOfStack(object=MATCH.object, kind="spell", controller=MATCH.controller),
        Keyword(object=MATCH.object, keyword="aftermath"),
        GameObject(id=MATCH.object, name=MATCH.name),
        NOT(Countered(object=MATCH.object)),
        id="layouts.aftermath-exiled",
        cites=("CR 702.127a",),
        because="{name} is an aftermath half, cast from a graveyard: whenever it would leave "
                "the stack it is exiled instead of going anywhere else",
        absent=("{object} is not countered",),
        says="after it resolves, {name} is exiled",
    )
    def aftermath_exiled(self, object):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="be exiled instead of put anywhere else")

    # -- disturb: cast transformed from a graveyard (CR 702.146, 712.11a) ------------------

    @rule(
        Casting(object=MATCH.object),
        GameObject(id=MATCH.object, zone="graveyard"),
        CardFaces(object=MATCH.object, layout="transform", shown=MATCH.shown,
                  faces=MATCH.faces, front_keywords=MATCH.front),
        TEST(lambda shown, faces, front: len(faces) > 1 and shown == faces[1]
             and _disturb(front) != ""),
        id="layouts.disturb-cost",
        cites=("CR 702.146a", "CR 712.11d"),
        because="the front face of {object} has disturb, which lets it be cast transformed "
                "from a graveyard for its disturb cost instead of its mana cost",
    )
    def disturb_cost(self, object, front):
        cost = _disturb(front)
        return AlternativeCost(object=object, name="disturb", cost=parse_cost(cost),
                               shown=cost)

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, during="", alternative="disturb"),
        GameObject(id=MATCH.object, zone="graveyard", owner=MATCH.player),
        CardFaces(object=MATCH.object, layout="transform", shown=MATCH.shown,
                  faces=MATCH.faces, front_keywords=MATCH.front),
        TEST(lambda shown, faces, front: len(faces) > 1 and shown == faces[1]
             and _disturb(front) != ""),
        id="layouts.disturb-from-graveyard",
        cites=("CR 702.146a", "CR 712.11a", "CR 702.146b"),
        because="{object} is in {player}'s graveyard and its front face has disturb: "
                "{player} may cast it transformed, with its back face {shown} up, paying the "
                "disturb cost; it resolves onto the battlefield with that face up",
    )
    def disturb_from_graveyard(self, object, player):
        return CastPermission(player=player, object=object,
                              kind="from their graveyard, transformed, by disturb")

    @rule(
        Casting(object=MATCH.object, player=MATCH.player),
        CardFaces(object=MATCH.object, layout="transform", card=MATCH.card, shown=MATCH.shown,
                  faces=MATCH.faces),
        TEST(lambda shown, faces: len(faces) > 1 and shown == faces[1]),
        NOT(CastPermission(player=MATCH.player, object=MATCH.object,
                           kind="from their graveyard, transformed, by disturb")),
        id="layouts.cast-transformed-needs-permission",
        cites=("CR 712.11", "CR 712.11a", "CR 712.8c"),
        because="a transforming double-faced card is cast with its front face up; it is cast "
                "transformed (back face {shown} up) only when an ability says so, such as "
                "disturb from a graveyard, and nothing lets {player} do so here",
        absent=("nothing lets {player} cast {card} transformed",),
        says="{player} can't cast {card} transformed",
    )
    def cast_transformed_needs_permission(self, object, player, card):
        return [CastBlocked(player=player, object=object,
                            reason="nothing lets it be cast transformed"),
                Ruling(about=f"{object}.cast.transformed", subject=player, verdict="can't",
                       action=f"cast {card} transformed")]

    # -- turning a face-down permanent face up (CR 116.2b, 708.7) -------------------------

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object, keyword=MATCH.keyword, cost=MATCH.cost),
        TEST(lambda cost: cost != ""),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        TEST(lambda given, player: given in ("", player)),
        Turn(priority=MATCH.priority),
        TEST(lambda priority, player: priority in ("", player)),
        id="layouts.face-up-cost",
        cites=("CR 702.37e", "CR 702.168d", "CR 116.2b"),
        because="{object}'s card has {keyword} {cost}: turning it face up that way costs "
                "{player} {cost}, paid as the special action is taken",
    )
    def face_up_cost(self, object, player, keyword, cost):
        return TotalCost(player=player, paying_for=paying_for_action(object, keyword),
                         kind="special action", source=object, parts=parse_cost(cost))

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object, card=MATCH.card, keyword=MATCH.keyword, cost=MATCH.cost),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        CostPayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                    how=MATCH.how),
        TEST(lambda paying_for, object, keyword: paying_for == paying_for_action(object,
                                                                                 keyword)),
        id="layouts.turn-face-up-paying",
        cites=("CR 116.2b", "CR 708.7", "CR 708.8", "CR 702.37e"),
        because="{object} is a face-down permanent {player} controls whose card has {keyword} "
                "{cost}, and {player} can pay it ({how}): turning it face up is a special "
                "action {player} may take any time they have priority; it doesn't use the "
                "stack, and it is then {card}",
        says="{player} may pay {cost} and turn {object} face up, a special action that "
             "doesn't use the stack",
    )
    def turn_face_up_paying(self, object, player, card, cost):
        return Ruling(about=f"{object}:face-up", subject=player, verdict="may",
                      action=f"pay {cost} and turn {{object}} face up (it becomes {card}) "
                             "without using the stack")

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object, keyword=MATCH.keyword, cost=MATCH.cost),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        CostUnpayable(player=MATCH.player, paying_for=MATCH.paying_for, kind="special action",
                      reason=MATCH.reason),
        TEST(lambda paying_for, object, keyword: paying_for == paying_for_action(object,
                                                                                 keyword)),
        id="layouts.turn-face-up-unpayable",
        cites=("CR 702.37e", "CR 118.3"),
        because="turning {object} face up by its {keyword} costs {cost}, and {player} can't "
                "pay it: {reason}",
        says="{player} can't turn {object} face up: they can't pay {cost}",
    )
    def turn_face_up_unpayable(self, object, player, reason):
        return [FaceUpRefused(object=object, reason=reason),
                Ruling(about=f"{object}:face-up", subject=player, verdict="can't",
                       action="turn {object} face up")]

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object, card=MATCH.card, cost=""),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        TEST(lambda given, player: given in ("", player)),
        Turn(priority=MATCH.priority),
        TEST(lambda priority, player: priority in ("", player)),
        id="layouts.turn-face-up",
        cites=("CR 116.2b", "CR 708.7", "CR 708.8"),
        because="{object} is a face-down permanent {player} controls: turning it face up is a "
                "special action {player} may take any time they have priority, if the ability "
                "that let it be face down allows it (paying its morph or disguise cost, for "
                "example); it doesn't use the stack, and it is then {card}",
        says="{player} may turn {object} face up, a special action that doesn't use the stack",
    )
    def turn_face_up(self, object, player, card):
        return Ruling(about=f"{object}:face-up", subject=player, verdict="may",
                      action=f"turn {{object}} face up (it becomes {card}) without using the "
                             "stack")

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        TEST(lambda given, player: given not in ("", player)),
        id="layouts.turn-face-up-not-controller",
        cites=("CR 116.2b", "CR 708.7"),
        because="only the controller of a face-down permanent can turn it face up, and "
                "{player} controls {object}",
        says="{given} can't turn {object} face up",
    )
    def turn_face_up_not_controller(self, object, given):
        return Ruling(about=f"{object}:face-up", subject=given, verdict="can't",
                      action="turn {object} face up")

    # -- day and night (CR 702.145, 731) --------------------------------------------------

    @rule(
        Enters(object=MATCH.object),
        DayNight(state="night"),
        Keyword(object=MATCH.object, keyword="daybound"),
        CardFaces(object=MATCH.object, card=MATCH.card, faces=MATCH.faces),
        TEST(lambda faces: len(faces) > 1),
        id="layouts.daybound-enters-transformed",
        cites=("CR 702.145b",),
        because="{card} has daybound and it is night, so it enters the battlefield "
                "transformed, with its back face up",
        says="{card} enters transformed because it is night",
    )
    def daybound_enters_transformed(self, object, faces):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="happens",
                      action=f"enter the battlefield transformed, as {faces[1]}")

    @rule(
        AskCharacteristics(object=MATCH.object),
        DayNight(state="night"),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        Keyword(object=MATCH.object, keyword="daybound"),
        CardFaces(object=MATCH.object, card=MATCH.card, faces=MATCH.faces),
        TEST(lambda faces: len(faces) > 1),
        id="layouts.daybound-transforms-at-night",
        cites=("CR 702.145c",),
        because="{player} controls {card} front face up with daybound while it is night: "
                "{player} transforms it at once (this is not a state-based action)",
        says="{player} transforms {card} at once, because it is night",
    )
    def daybound_at_night(self, object, faces):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="happens",
                      action=f"transform into {faces[1]} at once")

    @rule(
        AskCharacteristics(object=MATCH.object),
        DayNight(state="day"),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        Keyword(object=MATCH.object, keyword="nightbound"),
        CardFaces(object=MATCH.object, card=MATCH.card, faces=MATCH.faces),
        TEST(lambda faces: len(faces) > 1),
        id="layouts.nightbound-transforms-by-day",
        cites=("CR 702.145f",),
        because="{player} controls {card} back face up with nightbound while it is day: "
                "{player} transforms it at once (this is not a state-based action)",
        says="{player} transforms {card} at once, because it is day",
    )
    def nightbound_by_day(self, object, faces):
        return Ruling(about=f"{object}:transform", subject="{object}", verdict="happens",
                      action=f"transform into {faces[0]} at once")
