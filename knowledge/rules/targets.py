"""CR 115 Targets: a spell or ability that says "target" has its targets chosen as it is cast,
activated or put on the stack (CR 115.1, 601.2c), each meeting what its text describes; the
same object can be the target of two different "target" words but not twice for one
(CR 115.3, 601.2c). Targets are checked again as it resolves (CR 608.2b): with every target
illegal it doesn't resolve; otherwise it does what it can, leaving the illegal ones alone.
Hexproof (702.11), shroud (702.18) and protection's "can't be targeted" (the T of DEBT,
702.16b) make a target illegal; ward (702.21) is a triggered ability that counters the spell
or ability unless its controller pays."""

from __future__ import annotations

import re
from typing import Any

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE, DECIDE
from rulings.facts.casting import Cast, CastBlocked, Casting
from rulings.facts.combat import DefendingUnknown
from rulings.facts.effects import (
    Keyword,
    Selector,
    Selects,
    Step,
    TargetSlot,
    Trigger,
    Unmodelled,
    arg,
    chosen_slots,
    default_zone,
    quality_words,
    slot_room,
)
from rulings.facts.game import Ability, GameObject, Opponent, Player
from rulings.facts.mana import Activate, CantPay
from rulings.facts.match import lacks
from rulings.facts.resolution import ChoosesTargets, StepSkipped
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    Characteristic,
    ChosenTarget,
    ExtraTarget,
    Fizzles,
    GainsKeyword,
    StackObject,
    StepOnTarget,
    Targeter,
    TargetIllegal,
    Targeting,
    TargetLegal,
    TargetProtected,
    TargetUndecided,
    TopOfStack,
    Triggered,
)
from rulings.facts.state import Characteristics, ResolvedEffect, StateAsked
from rulings.knowledge.amounts import amount_words, measures_sacrificed
from rulings.knowledge.resolving import instruction, open_choice

#: what a step does to its target, by verb (the verbs countering and copying handle are theirs)
EFFECTS = {
    "destroy": "is destroyed", "exile": "is exiled", "deal_damage": "is dealt {amount} damage",
    "tap": "becomes tapped", "untap": "becomes untapped",
    "return": "is returned to its owner's hand", "sacrifice": "is sacrificed",
    "draw": "draws {amount} card(s)", "discard": "discards {amount} card(s)",
    "gain_life": "gains {amount} life", "lose_life": "loses {amount} life",
}
#: where a returned target goes when it is not its owner's hand
RETURNED_TO = {"battlefield": "to the battlefield", "graveyard": "to its owner's graveyard",
               "library": "to its owner's library", "exile": "to exile"}
# modify, gain_control, put_counters, fight and the other verbs: knowledge/rules/
# instructions.py states their results (with amounts, durations and what they act on)

#: a target described by one word: a card type of permanents, or any permanent
PERMANENT_WORDS = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker",
                   "permanent")

#: the keywords that stop targeting (or, ward, tax it) which a continuous effect can give;
#: the layer system keeps a granted protection's quality and a granted ward's cost

TOPIC = "CR 115 Targets; CR 702.11 hexproof, 702.16 protection, 702.18 shroud, 702.21 ward"

#: where target rulings go in a walk-through of a resolution (after "it resolves")
STEP_TARGETS = 5


# CastBlocked reasons that come from the choice of targets itself
TARGET_REASONS = ("an illegal target", "more targets than it has", "the same target twice")
OTHER_THAN_TARGET = P(lambda reason: reason not in TARGET_REASONS)

# A card's keywords work only while it is a permanent (CR 113.6): a creature spell with
# hexproof, or a card with shroud in a graveyard, can be targeted. Players have no zone.
OFF_BATTLEFIELD = P(lambda zone: zone != "battlefield")
ON_BATTLEFIELD_OR_PLAYER = ("{target} is a permanent or a player: a card's keywords don't "
                            "work while it is a spell or in another zone")


def _in(zone: str) -> str:
    return f"on the {zone}" if zone in ("battlefield", "stack") else f"in the {zone}"


def _named(engine: Any, text: str) -> str:
    """The effects' labels name objects by id: their names instead."""
    for o in engine.collect(GameObject):
        text = re.sub(rf"(?<![\w-]){re.escape(o['id'])}(?![\w-])", o["name"], text)
    return text


def prevented_ruling(engine: Any, object: str, target: str, index: int, ability: str,
               amount: str) -> Any:
    """The ruling on damage a prevention effect stops, in whole or in part (CR 615.1): the
    damage the walk deals goes through the same prevention as any other damage
    (knowledge/aftermath.py), so "is dealt 3 damage" is not said of damage that isn't; also
    a divided share's (knowledge/rules/divided.py)."""
    from rulings.knowledge.aftermath import result_of as aftermath_of

    for r in aftermath_of(engine).results:
        blocked = getattr(r.replaced, "blocked", None) or []
        if r.to == target and r.source == object and not r.prevented and blocked:
            # prevent: damage that can't be prevented (615.12) meets a prevention effect
            return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                          verdict="happens",
                          action=_named(engine, f"is dealt {r.amount} damage: the damage "
                                        f"can't be prevented, so {'; '.join(blocked)} "
                                        "prevents none of it (CR 615.12)"),
                          step=10 + index)
        if r.to != target or r.source != object or not r.prevented:
            continue
        applied = getattr(r.replaced, "applied", None) or []
        by = "; ".join(f"{a.effect.label} {a.effect.does} ({a.effect.cite})" for a in applied
                       if a.effect.kind == "prevention") or "a prevention effect prevents it"
        for o in engine.collect(GameObject):  # the effects' labels name objects by id
            by = re.sub(rf"(?<![\w-]){re.escape(o['id'])}(?![\w-])", o["name"], by)
        if r.amount == 0:
            return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                          verdict="doesn't happen",
                          action=f"isn't dealt the {amount} damage: {by}", step=10 + index,
                          skipped=[f"{ability}.s{index}"])
        return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                      verdict="happens",
                      action=f"is dealt {r.amount} damage ({r.prevented} of it is prevented: "
                             f"{by})", step=10 + index)
    return None


class Rules:
    # -- what is targeting, and its targets --------------------------------------------------

    @rule(
        Cast(card=MATCH.card, targets=MATCH.targets),
        TEST(lambda targets: len(targets) > 0),
        id="targets.chosen-on-cast",
        cites=("CR 601.2c",),
        because="as {card} is cast, its caster announces its targets: {targets}",
    )
    def tgt_chosen_on_cast(self, card, targets):
        return [ChosenTarget(object=card, slot="", index=i, target=t)
                for i, t in enumerate(targets, 1)]

    @rule(
        Activate(ability=MATCH.ability, targets=MATCH.targets),
        TEST(lambda targets: len(targets) > 0),
        id="targets.chosen-on-activate",
        cites=("CR 602.2b", "CR 601.2c"),
        because="as {ability} is activated, its controller announces its targets: {targets}",
    )
    def tgt_chosen_on_activate(self, ability, targets):
        return [ChosenTarget(object=ability, slot="", index=i, target=t)
                for i, t in enumerate(targets, 1)]

    @rule(
        ChoosesTargets(ability=MATCH.ability, targets=MATCH.targets),
        StackObject(kind="ability", ability=MATCH.ability, id=MATCH.object,
                    source=MATCH.source, controller=MATCH.controller),
        TEST(lambda targets: len(targets) > 0),
        id="targets.chosen-for-trigger",
        cites=("CR 603.3d", "CR 601.2c"),
        because="{ability} is a triggered ability put on the stack without targets yet; as it "
                "is put there, its controller {controller} chooses them: {targets}",
        salience=AGGREGATE,
    )
    def tgt_chosen_for_trigger(self, ability, object, source, controller, targets):
        listed = self.collect(ChosenTarget, object=object)
        if listed:
            return None  # it has its targets already
        return [Targeter(object=object, ability=ability, source=source, controller=controller,
                         stage="cast"),
                *(ChosenTarget(object=object, slot="", index=i, target=t)
                  for i, t in enumerate(targets, 1))]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, kind="activated"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        id="targets.activate-ability",
        cites=("CR 115.1b", "CR 602.2b"),
        because="{ability} is being activated; its targets are chosen now, as for a spell",
    )
    def tgt_activate_ability(self, ability, source, activator, controller):
        return Targeter(object=ability, ability=ability, source=source,
                        controller=activator or controller, stage="cast")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        Ability(source=MATCH.card, kind="spell", id=MATCH.ability),
        id="targets.cast-spell",
        cites=("CR 115.1a", "CR 601.2c"),
        because="{player} is casting {card}; its targets are chosen now, from what its text "
                "describes",
    )
    def tgt_cast_spell(self, card, player, ability):
        return Targeter(object=card, ability=ability, source=card, controller=player,
                        stage="cast")

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind, controller=MATCH.controller),
        TEST(lambda kind: kind != "ability"),
        Ability(source=MATCH.object, kind="spell", id=MATCH.ability),
        id="targets.resolving-spell",
        cites=("CR 608.2b",),
        because="{object} is resolving; first it checks that its targets are still legal",
    )
    def tgt_resolving_spell(self, object, controller, ability):
        return Targeter(object=object, ability=ability, source=object, controller=controller,
                        stage="resolve")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        Keyword(object=MATCH.card, keyword="enchant"),
        id="targets.cast-aura",
        cites=("CR 115.1b", "CR 303.4a"),
        because="{card} is an Aura spell: it targets what it will enchant, chosen as it is "
                "cast from what its enchant ability allows",
    )
    def tgt_cast_aura(self, card, player):
        return Targeter(object=card, ability=f"{card}.enchant", source=card,
                        controller=player, stage="cast")

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind, controller=MATCH.controller),
        TEST(lambda kind: kind != "ability"),
        Keyword(object=MATCH.object, keyword="enchant"),
        id="targets.resolving-aura",
        cites=("CR 115.1b", "CR 608.2b"),
        because="{object} is an Aura spell resolving; first it checks that its target is "
                "still legal",
    )
    def tgt_resolving_aura(self, object, controller):
        return Targeter(object=object, ability=f"{object}.enchant", source=object,
                        controller=controller, stage="resolve")

    @rule(
        TopOfStack(object=MATCH.object, kind="ability", ability=MATCH.ability,
                   source=MATCH.source, controller=MATCH.controller),
        id="targets.resolving-ability",
        cites=("CR 608.2b",),
        because="{ability} is resolving; first it checks that its targets are still legal",
    )
    def tgt_resolving_ability(self, object, ability, source, controller):
        return Targeter(object=object, ability=ability, source=source, controller=controller,
                        stage="resolve")

    # -- no legal target at all: the spell can't be cast, the ability can't be activated --
    # (CR 601.2c, 602.2b; a triggered ability: triggers.no-legal-target, 603.3d)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during="", step=MATCH.step),
        Targeter(object=MATCH.card, ability=MATCH.ability, stage="cast"),
        # a mode's target is needed only if that mode is chosen (CR 700.2), and the cast
        # asked about doesn't say which: only the spell's own targets are required
        TargetSlot(ability=MATCH.ability, selector=MATCH.selector, min=P(lambda m: m > 0),
                   mode=0),
        # only a plain description: the selector rules then say of every object whether it
        # is picked, so no Selects means nothing in the game fits
        Selector(id=MATCH.selector, ref="", keyword="", not_="", any_of=P(lambda a: not a),
                 controller=P(lambda c: c in ("", "you", "opponent")),
                 owner=P(lambda o: o in ("", "you", "opponent")), text=MATCH.text),
        NOT(Selects(selector=MATCH.selector)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="targets.cast-without-legal-target",
        cites=("CR 601.2c", "CR 115.1a"),
        because="{name} needs a target ({text}) chosen as it is cast, and nothing in the game "
                "is {text}; a spell whose targets can't all be chosen can't be cast",
        absent=("nothing in the game is {text}",),
        says="{player} can't cast {name}: it needs a target ({text}), and there is none",
    )
    def tgt_cast_without_target(self, card, player, name, text, step):
        return [
            CastBlocked(player=player, object=card, reason="an illegal target"),
            Ruling(about=f"{card}.cast.no-target", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    @rule(
        Activate(ability=MATCH.ability),
        Targeter(object=MATCH.ability, ability=MATCH.ability, stage="cast"),
        TargetSlot(ability=MATCH.ability, selector=MATCH.selector, min=P(lambda m: m > 0)),
        Selector(id=MATCH.selector, ref="", keyword="", not_="", any_of=P(lambda a: not a),
                 controller=P(lambda c: c in ("", "you", "opponent")),
                 owner=P(lambda o: o in ("", "you", "opponent")), text=MATCH.text),
        NOT(Selects(selector=MATCH.selector)),
        id="targets.activate-without-legal-target",
        cites=("CR 602.2b", "CR 601.2c", "CR 115.1b"),
        because="{ability} needs a target ({text}) chosen as it is activated, and nothing in "
                "the game is {text}",
        absent=("nothing in the game is {text}",),
    )
    def tgt_activate_without_target(self, ability, text):
        return CantPay(ability=ability, part="choosing its target",
                       reason=f"nothing in the game is {text}")

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage=MATCH.stage),
        id="targets.slot-by-order",
        cites=("CR 115.1", "CR 601.2c"),
        because="the targets listed for {object} fill the instances of 'target' in its text "
                "in order, each taking as many as it allows",
        salience=DECIDE,  # before aggregating rules: the layer system it asks for is ready
    )
    def tgt_slot_by_order(self, object, ability, stage):
        # a modal spell: only the chosen modes' slots take targets (CR 700.2)
        modes = [str(m) for st in self.collect(StackObject, id=object) for m in st["modes"]]
        if stage == "cast" and not modes:  # the modes the cast asked about chooses
            modes = [str(m) for c in self.collect(Cast, card=object) for m in c["modes"]]
        if stage == "cast" and not modes:  # or the activation (CR 602.2b)
            modes = [str(m) for a in self.collect(Activate, ability=object)
                     for m in a["modes"]]
        if stage == "cast" and not modes:  # or those chosen for a trigger (CR 603.3c)
            modes = [str(m) for a in self.collect(ChoosesTargets, ability=ability)
                     for m in a["modes"]]
        slots = chosen_slots(self.collect(TargetSlot, ability=ability), modes)
        chosen = sorted(self.collect(ChosenTarget, object=object, slot=""),
                        key=lambda c: c["index"])
        out = []
        for k, slot_fact in enumerate(slots):
            # "any number of targets" (max -1, divided) takes those left but what the later
            # slots need
            room = slot_room(slots, k, len(chosen))
            for _ in range(max(room, 1) if slot_fact["max"] >= 0 else room):
                if not chosen:
                    break
                pick = chosen.pop(0)
                out.append(Targeting(object=object, ability=ability, slot=slot_fact["slot"],
                                     selector=slot_fact["selector"], target=pick["target"],
                                     index=pick["index"], stage=stage))
        out += [ExtraTarget(object=object, target=c["target"]) for c in chosen]
        return out

    @rule(
        ExtraTarget(object=MATCH.object, target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.player, stage="cast",
                 source=MATCH.source),
        # a text read only in part may have the target the question lists
        NOT(Unmodelled(object=MATCH.source)),
        id="targets.too-many",
        cites=("CR 601.2c", "CR 115.1"),
        because="{object}'s text says 'target' fewer times than the targets listed, so "
                "{target} is left over: a spell or ability has only the targets its text asks "
                "for",
        absent=("every ability of {source} is read, so no unread one has a target",),
        says="{player} can't choose {target} as a target of {object}: it has no target "
             "left for it",
    )
    def tgt_too_many(self, object, target, player):
        return [
            CastBlocked(player=player, object=object, reason="more targets than it has"),
            Ruling(about=f"{object}.target.extra.{target}", subject=player, verdict="can't",
                   action="choose {target} as a target of {object}", step=2),
        ]

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage=MATCH.stage),
        ChosenTarget(object=MATCH.object, slot=MATCH.slot, index=MATCH.index,
                     target=MATCH.target),
        TEST(lambda slot: slot != ""),
        TargetSlot(ability=MATCH.ability, slot=MATCH.slot, selector=MATCH.selector),
        id="targets.slot-by-name",
        cites=("CR 115.1",),
        because="{target} is chosen for the target {slot} of {object}",
    )
    def tgt_slot_by_name(self, object, ability, stage, index, target, slot, selector):
        return Targeting(object=object, ability=ability, slot=slot, selector=selector,
                         target=target, index=index, stage=stage)

    # -- "any target" (CR 115.4) ----------------------------------------------------------

    @rule(
        Selector(id=MATCH.selector, ref="any_target"),
        Targeting(selector=MATCH.selector, target=MATCH.target),
        Player(name=MATCH.target),
        id="targets.any-target-player",
        cites=("CR 115.4",),
        because="'any target' means a creature, a player, a planeswalker or a battle, and "
                "{target} is a player",
    )
    def tgt_any_target_player(self, selector, target):
        return Selects(selector=selector, object=target)

    @rule(
        Selector(id=MATCH.selector, ref="any_target"),
        Targeting(selector=MATCH.selector, target=MATCH.target),
        GameObject(id=MATCH.target, zone="battlefield", types=MATCH.types, name=MATCH.name),
        TEST(lambda types: bool(set(types) & {"creature", "planeswalker", "battle"})),
        id="targets.any-target-permanent",
        cites=("CR 115.4",),
        because="'any target' means a creature, a player, a planeswalker or a battle, and "
                "{name} is a {types} on the battlefield",
    )
    def tgt_any_target_permanent(self, selector, target):
        return Selects(selector=selector, object=target)

    @rule(
        Selector(id=MATCH.selector, ref=MATCH.word),
        TEST(lambda word: word in PERMANENT_WORDS),
        Targeting(selector=MATCH.selector, target=MATCH.target),
        GameObject(id=MATCH.target, zone="battlefield", types=MATCH.types, name=MATCH.name),
        TEST(lambda word, types: word == "permanent" or word in types),
        id="targets.type-word",
        cites=("CR 115.1b", "CR 303.4a"),
        because="the target must be a {word} (as an Aura's 'enchant {word}' says), and "
                "{name} is a {types} on the battlefield",
    )
    def tgt_type_word(self, selector, target):
        return Selects(selector=selector, object=target)

    # -- what stops an object being a target -----------------------------------------------

    @rule(
        GainsKeyword(object=MATCH.object, keyword=MATCH.keyword, value=MATCH.value,
                     source=MATCH.source),
        id="targets.gained-keyword",
        cites=("CR 611.2",),
        because="an effect already in place gave {object} {keyword} (from {source})",
    )
    def tgt_gained_keyword(self, object, keyword, value, source):
        return Keyword(object=object, keyword=keyword, value=value,
                       granted_by=source or "an effect")

    @rule(
        Targeting(target=MATCH.target),
        GameObject(id=MATCH.target, zone="battlefield"),
        id="targets.asks-characteristics",
        cites=("CR 115.4", "CR 613.1f"),
        because="whether a permanent can be targeted depends on the abilities it has now, "
                "after every continuous effect (an Equipment's or an anthem's hexproof)",
    )
    def tgt_asks_characteristics(self):
        return StateAsked()

    @rule(
        Targeter(source=MATCH.source),
        GameObject(id=MATCH.source, name=MATCH.name, types=MATCH.types,
                   colors=MATCH.colors),
        id="targets.source-qualities",
        cites=("CR 702.16a", "CR 105.2"),
        because="{source} is {colors} and its card types are {types}",
    )
    def tgt_source_qualities(self, source, name, types, colors):
        qualities = {q.lower() for q in [*colors, *types, name]}
        qualities.add("everything")
        if not colors:
            qualities.add("colorless")
        return [Characteristic(object=source, quality=q) for q in sorted(qualities)]

    @rule(
        Targeting(object=MATCH.object, target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.caster),
        Keyword(object=MATCH.target, keyword="hexproof"),
        GameObject(id=MATCH.target, controller=MATCH.owner, zone="battlefield"),
        NOT(Characteristics(object=MATCH.target, keywords=lacks("hexproof"))),
        Opponent(player=MATCH.caster, of=MATCH.owner),
        id="targets.hexproof",
        cites=("CR 702.11b", "CR 113.6"),
        because="{target} is a permanent with hexproof: no spell or ability controlled by an "
                "opponent of {owner}, its controller, may target it, and {caster}, who "
                "controls {object}, is such an opponent",
        absent=("no effect took {target}'s hexproof away",),
    )
    def tgt_hexproof(self, object, target):
        return TargetProtected(object=object, target=target, keyword="hexproof",
                               why="it has hexproof and an opponent controls the spell or "
                                   "ability")

    @rule(
        Targeting(object=MATCH.object, target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.caster),
        Keyword(object=MATCH.target, keyword="hexproof"),
        Player(name=MATCH.target),
        Opponent(player=MATCH.caster, of=MATCH.target),
        id="targets.player-hexproof",
        cites=("CR 702.11d",),
        because="the player {target} has hexproof: no spell or ability an opponent of "
                "{target} controls may target them, and {caster}, who controls {object}, is "
                "such an opponent",
    )
    def tgt_player_hexproof(self, object, target):
        return TargetProtected(object=object, target=target, keyword="hexproof",
                               why="the player has hexproof and an opponent controls the "
                                   "spell or ability")

    @rule(
        Targeting(object=MATCH.object, target=MATCH.target),
        Keyword(object=MATCH.target, keyword="shroud"),
        NOT(GameObject(id=MATCH.target, zone=OFF_BATTLEFIELD)),
        NOT(Characteristics(object=MATCH.target, keywords=lacks("shroud"))),
        id="targets.shroud",
        cites=("CR 702.18a", "CR 113.6"),
        because="{target} has shroud, so no spell or ability can target it, its controller's "
                "included",
        absent=(ON_BATTLEFIELD_OR_PLAYER, "no effect took {target}'s shroud away"),
    )
    def tgt_shroud(self, object, target):
        return TargetProtected(object=object, target=target, keyword="shroud",
                               why="it has shroud")

    @rule(
        Targeting(object=MATCH.object, target=MATCH.target),
        Targeter(object=MATCH.object, source=MATCH.source),
        Keyword(object=MATCH.target, keyword="protection", value=MATCH.value),
        Characteristic(object=MATCH.source, quality=MATCH.named),
        TEST(lambda value, named: named in quality_words(value)),
        NOT(GameObject(id=MATCH.target, zone=OFF_BATTLEFIELD)),
        NOT(Characteristics(object=MATCH.target, keywords=lacks("protection"))),
        id="targets.protection",
        cites=("CR 702.16b", "CR 113.6"),
        absent=(ON_BATTLEFIELD_OR_PLAYER, "no effect took {target}'s protection away"),
        because="{target} has protection from {named}, and {source}, where {object} comes "
                "from, is {named}: it can't target {target}",
    )
    def tgt_protection(self, object, target, named):
        return TargetProtected(object=object, target=target, keyword="protection",
                               why=f"it has protection from {named}")

    # -- who controls a target now (CR 613.1b): a control change decides "you control" --------

    @rule(
        Targeter(object=MATCH.object),
        ResolvedEffect(effect="gain_control"),
        id="targets.control-may-have-changed",
        cites=("CR 613.1b", "CR 608.2b"),
        because="an effect in place changes who controls a permanent, and the targets of "
                "{object} may depend on who controls them, so the layer system is needed",
    )
    def tgt_control_matters(self, object):
        return StateAsked()

    @rule(
        Targeting(object=MATCH.object, selector=MATCH.selector, target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.caster),
        Selector(id=MATCH.selector, controller=MATCH.whose),
        TEST(lambda whose: whose in ("you", "opponent")),
        Characteristics(object=MATCH.target, controller=MATCH.now),
        GameObject(id=MATCH.target, controller=MATCH.printed),
        TEST(lambda now, printed: now != printed),
        id="targets.controller-changed",
        cites=("CR 115.1", "CR 613.1b", "CR 608.2b"),
        because="{object}'s target must be controlled by {whose} (its controller being "
                "{caster}), and control of {target} changed: {now} controls it now",
    )
    def tgt_controller_changed(self, object, target, caster, whose, now):
        wanted_you = whose == "you"
        if (now == caster) == wanted_you:
            return None  # the change keeps it fitting ("you control": it came to the caster)
        why = (f"{now} controls it now, not {caster}" if wanted_you
               else f"{now} controls it now, and isn't an opponent of {caster}")
        return TargetProtected(object=object, target=target, keyword="", why=why)

    # -- legal or not ------------------------------------------------------------------------

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, selector=MATCH.selector,
                  target=MATCH.target),
        Selects(selector=MATCH.selector, object=MATCH.target),
        NOT(TargetProtected(object=MATCH.object, target=MATCH.target)),
        id="targets.legal",
        cites=("CR 115.1", "CR 115.2"),
        because="{target} is what the target of {object} must be, and nothing stops it "
                "being targeted",
        absent=("{target} has no hexproof, shroud or protection that stops {object} "
                "targeting it",),
    )
    def tgt_legal(self, object, slot, target):
        return TargetLegal(object=object, slot=slot, target=target)

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, selector=MATCH.selector,
                  target=MATCH.target),
        NOT(Selects(selector=MATCH.selector, object=MATCH.target)),
        AS.sel << Selector(id=MATCH.selector),
        GameObject(id=MATCH.target, zone=MATCH.now),
        # defending: "… defending player controls" with no defending player known is left
        # undecided (defending.target-undecided), not called illegal
        NOT(DefendingUnknown(selector=MATCH.selector)),
        id="targets.does-not-match",
        cites=("CR 115.1", "CR 608.2b"),
        because="{object}'s target must be what its text describes, and {target} isn't "
                "(anymore): a target that left the zone it was in, or changed, is illegal",
        absent=("{target} is not what the target of {object} must be",
                "the description of the target is decided (it names no defending player "
                "the situation leaves unknown)"),
    )
    def tgt_does_not_match(self, object, slot, target, sel, now):
        zone = sel.get("zone") or default_zone(sel)
        if zone not in ("any", now):
            reason = f"it is no longer {_in(zone)} (it is {_in(now)} now)"
        else:
            from rulings.knowledge.rules.targetthat import mismatch_reason

            # targetthat: "that was dealt damage this turn" says which part it misses
            reason = mismatch_reason(self, sel, target) or "it isn't what the target must be"
        return TargetIllegal(object=object, slot=slot, target=target, reason=reason)

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, selector=MATCH.selector,
                  target=MATCH.target),
        NOT(Selects(selector=MATCH.selector, object=MATCH.target)),
        NOT(GameObject(id=MATCH.target)),
        id="targets.other-does-not-match",
        cites=("CR 115.1", "CR 608.2b"),
        because="{object}'s target must be what its text describes, and {target} (a player, "
                "or an ability on the stack) isn't",
        absent=("{target} is not what the target of {object} must be",
                "{target} is not a card or token"),
    )
    def tgt_other_does_not_match(self, object, slot, target):
        return TargetIllegal(object=object, slot=slot, target=target,
                             reason="it isn't what the target must be")

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        TargetProtected(object=MATCH.object, target=MATCH.target, why=MATCH.why),
        id="targets.protected",
        cites=("CR 115.2", "CR 608.2b"),
        because="{target} can't be the target of {object}: {why}",
    )
    def tgt_protected(self, object, slot, target, why):
        return TargetIllegal(object=object, slot=slot, target=target, reason=why)

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, target=MATCH.target,
                  index=MATCH.i1),
        Targeting(object=MATCH.object, slot=MATCH.slot, target=MATCH.target,
                  index=MATCH.i2),
        TEST(lambda i1, i2: i1 < i2),
        Targeter(object=MATCH.object, controller=MATCH.player, stage="cast"),
        id="targets.same-word-twice",
        cites=("CR 601.2c",),
        because="{target} is chosen twice for the same word 'target' ({slot}) of {object}; "
                "one instance of 'target' can't choose the same object twice",
        says="{player} can't choose {target} twice for one 'target' of {object}",
    )
    def tgt_same_word_twice(self, object, slot, target, player):
        return [
            CastBlocked(player=player, object=object, reason="the same target twice"),
            Ruling(about=f"{object}.target.{slot}.{target}.twice", subject=player,
                   verdict="can't", action="choose {target} twice for the same target",
                   step=3),
        ]

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.s1, target=MATCH.target),
        Targeting(object=MATCH.object, slot=MATCH.s2, target=MATCH.target),
        TEST(lambda s1, s2: s1 < s2),
        TargetLegal(object=MATCH.object, slot=MATCH.s1, target=MATCH.target),
        TargetLegal(object=MATCH.object, slot=MATCH.s2, target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.player, stage="cast"),
        id="targets.same-object-two-words",
        cites=("CR 115.3",),
        because="{object} says 'target' twice ({s1} and {s2}); the same object may be chosen "
                "for each instance of the word, as long as it is legal for each",
        says="{player} may choose {target} for both targets of {object}",
    )
    def tgt_same_object_two_words(self, object, s1, s2, target, player):
        return Ruling(about=f"{object}.target.{s1}.{s2}.{target}", subject=player,
                      verdict="may", action="choose {target} for both targets", step=3)

    # -- on casting (CR 601.2c) ----------------------------------------------------------------

    @rule(
        Targeter(object=MATCH.object, controller=MATCH.player, stage="cast"),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.object, reason=OTHER_THAN_TARGET)),
        id="targets.can-target",
        cites=("CR 601.2c", "CR 115.1"),
        because="as {object} is cast or activated, {player} chooses its targets, and "
                "{target} is a legal one",
        # a cast stopped for another reason never reaches the choice of targets
        absent=("nothing but its targets could stop {player} casting {object}",),
        says="{player} can choose {target} as a target of {object}",
    )
    def tgt_can_target(self, object, player, slot, target):
        return Ruling(about=f"{object}.target.{slot}.{target}", subject=player, verdict="can",
                      action="choose {target} as a target of {object}", step=2)

    @rule(
        Targeter(object=MATCH.object, controller=MATCH.player, stage="cast"),
        TargetIllegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target,
                      reason=MATCH.reason),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.object, reason=OTHER_THAN_TARGET)),
        id="targets.cant-target",
        cites=("CR 601.2c", "CR 115.2"),
        because="as {object} is cast or activated, each target must be legal, and {target} "
                "isn't: "
                "{reason}",
        absent=("nothing but its targets could stop {player} casting {object}",),
        says="{player} can't choose {target} as a target of {object}",
    )
    def tgt_cant_target(self, object, player, slot, target, reason):
        return [
            CastBlocked(player=player, object=object, reason="an illegal target"),
            Ruling(about=f"{object}.target.{slot}.{target}", subject=player,
                   verdict="can't", action="choose {target} as a target of {object}", step=2),
        ]

    @rule(
        Targeter(object=MATCH.object, stage="cast"),
        Ability(id=MATCH.object, kind="activated"),
        CastBlocked(object=MATCH.object, reason=MATCH.reason),
        id="targets.activation-bad-targets",
        cites=("CR 602.2b", "CR 601.2c"),
        because="an ability is activated only with the targets its text asks for, each "
                "legal, and the targets named for {object} aren't: {reason}",
    )
    def tgt_activation_bad_targets(self, object, reason):
        return CantPay(ability=object, part="choosing its targets",
                       reason=f"the targets named can't be chosen ({reason})")

    # -- on resolution (CR 608.2b) ----------------------------------------------------------

    @rule(
        Targeter(object=MATCH.object, stage="resolve"),
        TargetIllegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target,
                      reason=MATCH.reason),
        id="targets.illegal-on-resolution",
        cites=("CR 608.2b",),
        because="as {object} resolves, {target} is no longer a legal target: {reason}; an "
                "illegal target isn't affected by it",
        says="{target} is not affected by {object}",
    )
    def tgt_illegal_on_resolution(self, object, slot, target):
        return Ruling(about=f"{object}.resolve.{slot}.{target}", subject="{target}",
                      verdict="doesn't happen", action="get affected by {object}",
                      step=STEP_TARGETS)

    @rule(
        Targeter(object=MATCH.object, stage="resolve"),
        Targeting(object=MATCH.object),
        NOT(TargetLegal(object=MATCH.object)),
        NOT(TargetUndecided(object=MATCH.object)),  # defending: a target not decided here
        id="targets.all-illegal",
        cites=("CR 608.2b",),
        because="every target of {object} is illegal as it tries to resolve",
        absent=("no target of {object} is still legal",
                "no target of {object} is left undecided"),
    )
    def tgt_all_illegal(self, object):
        return Fizzles(object=object)

    @rule(
        Targeter(object=MATCH.object, stage="resolve"),
        TargetIllegal(object=MATCH.object, target=MATCH.gone),
        TargetLegal(object=MATCH.object, target=MATCH.kept),
        id="targets.some-illegal",
        cites=("CR 608.2b",),
        because="some targets of {object} are illegal ({gone}) but at least one, {kept}, is "
                "still legal, so it resolves and does what it can to the legal ones",
        says="{object} resolves and affects only its legal targets",
    )
    def tgt_some_illegal(self, object, gone, kept):
        return Ruling(about=f"{object}.resolve.partial", subject="{object}",
                      verdict="happens", action="resolve for its legal targets",
                      step=STEP_TARGETS - 1)

    # -- ward (CR 702.21) -------------------------------------------------------------------

    @rule(
        Targeter(object=MATCH.object, controller=MATCH.caster, stage="cast"),
        TargetLegal(object=MATCH.object, target=MATCH.target),
        Keyword(object=MATCH.target, keyword="ward", value=MATCH.cost),
        GameObject(id=MATCH.target, controller=MATCH.owner, zone="battlefield"),
        NOT(Characteristics(object=MATCH.target, keywords=lacks("ward"))),
        Opponent(player=MATCH.caster, of=MATCH.owner),
        id="targets.ward",
        cites=("CR 702.21a",),
        because="{target} has ward {cost}: when it becomes the target of a spell or ability "
                "an opponent controls, its ward triggers; {caster} is an opponent of {owner}",
        says="{target}'s ward triggers: {object} is countered unless {caster} pays {cost}",
        absent=("no effect took {target}'s ward away",),
    )
    def tgt_ward(self, object, caster, target, cost, owner):
        return [
            Triggered(ability=f"{target}.ward", source=target,
                      occurrence=f"becomes_target:{target}", controller=owner,
                      about=target, kind="becomes_target"),
            Ruling(about=f"{target}.ward.{object}", subject="{target}'s ward",
                   verdict="happens", action="trigger, controlled by {owner}: counter "
                   "{object} unless {caster} pays {cost}", step=100),
        ]

    @rule(
        Targeter(object=MATCH.object, controller=MATCH.caster, stage="cast"),
        TargetLegal(object=MATCH.object, target=MATCH.target),
        Keyword(object=MATCH.target, keyword="ward"),
        GameObject(id=MATCH.target, controller=MATCH.caster, zone="battlefield"),
        NOT(Characteristics(object=MATCH.target, keywords=lacks("ward"))),
        id="targets.ward-own",
        cites=("CR 702.21a",),
        because="{target}'s ward triggers only for spells and abilities an opponent controls, "
                "and {caster} controls both {target} and {object}",
        says="{target}'s ward doesn't trigger",
        absent=("no effect took {target}'s ward away",),
    )
    def tgt_ward_own(self, object, target):
        return Ruling(about=f"{target}.ward.{object}", subject="{target}'s ward",
                      verdict="doesn't happen", action="trigger", step=100)

    # -- what the effect does to its legal targets (CR 608.2b, 608.2c) ------------------------

    @rule(
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, what=MATCH.slot),
        TargetSlot(ability=MATCH.ability, slot=MATCH.slot),
        id="targets.step-on-slot",
        cites=("CR 115.1",),
        because="step {index} of {ability} ({verb}) acts on its target {slot}",
    )
    def tgt_step_on_slot(self, ability, index, verb, slot):
        return StepOnTarget(ability=ability, index=index, verb=verb, slot=slot)

    @rule(
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, what=MATCH.what),
        Selector(id=MATCH.what, ref=MATCH.slot),
        TargetSlot(ability=MATCH.ability, slot=MATCH.slot),
        id="targets.step-on-slot-ref",
        cites=("CR 115.1",),
        because="step {index} of {ability} ({verb}) acts on its target {slot}",
    )
    def tgt_step_on_slot_ref(self, ability, index, verb, slot):
        return StepOnTarget(ability=ability, index=index, verb=verb, slot=slot)

    @rule(
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, to=MATCH.to),
        Selector(id=MATCH.to, ref=MATCH.slot),
        TargetSlot(ability=MATCH.ability, slot=MATCH.slot),
        id="targets.step-to-slot",
        cites=("CR 115.1",),
        because="step {index} of {ability} ({verb}) is dealt to its target {slot}",
    )
    def tgt_step_to_slot(self, ability, index, verb, slot):
        return StepOnTarget(ability=ability, index=index, verb=verb, slot=slot)

    @rule(
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, who=MATCH.slot),
        TargetSlot(ability=MATCH.ability, slot=MATCH.slot),
        id="targets.step-by-slot",
        cites=("CR 115.1",),
        because="step {index} of {ability} ({verb}) is done by its target {slot}",
    )
    def tgt_step_by_slot(self, ability, index, verb, slot):
        return StepOnTarget(ability=ability, index=index, verb=verb, slot=slot)

    @rule(
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb,
                     slot=MATCH.slot),
        TEST(lambda verb: verb in EFFECTS),
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, amount=MATCH.amount,
             may=MATCH.may, part=MATCH.part, args=MATCH.args, to=MATCH.to),
        # divided: each target's share is said by knowledge/rules/divided.py (CR 601.2d)
        TEST(lambda args: "divided=true" not in [str(a) for a in args or ()]),
        TargetLegal(object=MATCH.object, slot=MATCH.slot, target=MATCH.target),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        id="targets.effect-on-target",
        cites=("CR 608.2c", "CR 608.2b"),
        because="{object} resolves and step {index} ({verb}) acts on its target {target}, "
                "which is still legal",
        absent=("{object} has a legal target",),
        says="{target} {action}",
    )
    def tgt_effect_on_target(self, object, index, verb, amount, may, target, ability, part,
                             args, to):
        ins = instruction(self, ability, index, part)  # X and counts as numbers (608.2c)
        if ins is not None and ins.skipped:
            return None  # declined, its condition false: knowledge/rules/instructions.py
        if verb == "destroy" and ins is not None and target in ins.objects:
            from rulings.knowledge.resolving import result_of

            res = result_of(self)
            if res is not None and target in res.regenerated:
                # a regeneration shield replaced the destruction (701.19a)
                return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                              verdict="doesn't happen",
                              action="isn't destroyed: its regeneration shield regenerates it "
                                     "instead (CR 701.19a), so it is tapped, its damage is "
                                     "removed and it stays on the battlefield",
                              step=10 + index, skipped=[f"{ability}.s{index}"])
            if res is not None and target not in res.destroyed:
                # the walk found it indestructible (702.12b): it isn't destroyed
                return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                              verdict="doesn't happen",
                              action="isn't destroyed: it is indestructible (CR 702.12b) and "
                                     "stays on the battlefield", step=10 + index,
                              skipped=[f"{ability}.s{index}"])
        amount = str(ins.amount) if ins is not None and ins.amount is not None \
            and not measures_sacrificed(self, amount) else amount_words(self, amount, object)
        if ins is not None and ins.counted and ins.amount is None:
            amount = "X"  # a count the situation doesn't decide: never the printed number
        if verb == "deal_damage":
            shielded = prevented_ruling(self, object, target, index, ability, amount)
            if shielded is not None:
                return shielded
        text = EFFECTS[verb].format(amount=amount)
        to = to or arg({"args": args}, "to")
        if verb == "return" and to and to != "hand":  # "return it to the battlefield"
            text = f"is returned {RETURNED_TO.get(to, 'to ' + to)}"
            under = arg({"args": args}, "under")
            if to == "battlefield" and under in ("you", "owner"):
                who = self.collect(Targeter, object=object)
                text += " under its owner's control" if under == "owner" else \
                    f" under {who[0]['controller'] if who else 'its controller'}'s control"
        if verb in ("draw", "discard"):
            text = text.replace("(s)", "" if amount == "1" else "s")
        if ins is not None and ins.counted:
            text += f" ({ins.counted})"  # what the amount counted, as it resolves (608.2h)
        if verb == "discard" and ins is not None and " discards " in ins.text and ins.objects:
            text = "discards " + ins.text.partition(" discards ")[2]  # the card chosen before
        if (may or part in ("", "do") and any(t["optional"] for t in self.collect(
                Trigger, ability=ability))) and not (ins is not None and not ins.optional):
            # "you may" is the choice of the spell's or ability's controller, never of the
            # player its target names (608.2d)
            who = self.collect(Targeter, object=object)
            chooser = who[0]["controller"] if who else "its controller"
            if ins is not None and ins.players and target in ins.players:
                chooser = target  # a step the target player performs is their choice
            text += f" if {chooser} chooses to"
        if ins is not None and ins.condition_held:  # afterif: "if it's an artifact" (608.2c)
            text += f" ({ins.condition_held})"
        still = open_choice(self, ins) if ins is not None else ""
        if still:  # "if you do" / "unless … pays" with the choice not given (118.12)
            text += f", {still}"
        return Ruling(about=f"{object}.s{index}.{target}", subject="{target}",
                      verdict="may" if still else "happens", action=text, step=10 + index)
