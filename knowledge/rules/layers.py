"""CR 613 (with 611.2c, 611.3a, 208, 305.7): continuous effects in layers — what a permanent's
characteristics are now. The computation is knowledge/layer_system.py (one pure procedure over
the situation's facts); these rules conclude its results, each with the effects that decided
them, their layers and timestamps, as premises."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Keyword, StaticEffect, Unmodelled
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, ManaAbility
from rulings.facts.match import has
from rulings.facts.rulings import Ruling
from rulings.facts.stack import CounterPut
from rulings.facts.state import (
    AskCharacteristics,
    Characteristics,
    CheckStateBasedActions,
    DealDamage,
    DestroyEvent,
    LandTypeMana,
    LandTypesMatter,
    LayerStep,
    LostAbility,
    NotGrantedNow,
    ResolvedEffect,
    SacrificeEvent,
    StateAsked,
    summary,
)
from rulings.knowledge.layer_system import (
    LAND_TYPE_MANA,
    Board,
    board,
    cite_for,
    static_condition,
)

TOPIC = "CR 613 Interaction of continuous effects (layers)"

#: keywords a continuous effect may give that targeting, blocking and damage read as the
#: permanent's own (hexproof, shroud, protection, ward: CR 702.11, 702.18, 702.16, 702.21)
GRANTABLE = ("hexproof", "shroud", "protection", "ward")

#: which layers each kind of answer rests on
PT_LAYERS = ("1", "7a", "7b", "7c", "7d")
TYPE_LAYERS = ("1", "3", "4")
COLOR_LAYERS = ("1", "5")
ABILITY_LAYERS = ("1", "4", "6")


def characteristics_of(b: Board, oid: str) -> Characteristics:
    p = b.perms[oid]
    creature = "creature" in p.types
    return Characteristics(
        object=oid, name=p.name, controller=p.controller, types=list(p.types),
        subtypes=list(p.subtypes), supertypes=list(p.supertypes), colors=list(p.colors),
        keywords=list(p.keywords), abilities=list(p.abilities), lost_abilities=list(p.lost),
        power=p.power or 0 if creature else 0, toughness=p.toughness or 0 if creature else 0,
        has_pt=creature, pt_known=not (creature and p.pt_unknown), loyalty=p.loyalty)


def steps_of(b: Board, oid: str) -> list[LayerStep]:
    return [LayerStep(object=oid, index=i, layer=s.layer, source=s.source, timestamp=s.timestamp,
                      change=s.change, order=s.order, result=s.result)
            for i, s in enumerate(b.steps.get(oid, []), 1)]


def cite_steps(engine, oid: str, layers: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """The layer steps behind one answer become its premises (rebuilt from the board: the
    same facts the characteristics rule concluded)."""
    engine.cite(*[s for s in steps_of(board(engine), oid) if s["layer"] in layers])


def _characteristics(engine, object):  # type: ignore[no-untyped-def]
    """What the characteristics rules conclude: the characteristics, the steps, the abilities
    lost and the mana abilities land types give."""
    b = board(engine)
    cite_for(engine, b, object)
    p = b.perms[object]
    lost = [LostAbility(object=object, ability=a) for a in p.lost]
    # an ability another permanent gives it that the layer system didn't add now: the grant's
    # condition is off, or it no longer fits what the grant names (layer 6, CR 611.3a)
    not_now = [NotGrantedNow(object=object, ability=a["id"], by=a["granted_by"],
                             why=_why_not_granted(engine, a["granted_by"], object))
               for a in engine.collect(Ability, source=object)
               if a["granted_by"] and a["id"] not in p.abilities and a["id"] not in p.lost]
    land = [LandTypeMana(object=object, land_type=t, mana=LAND_TYPE_MANA[t])
            for t in p.subtypes if t in LAND_TYPE_MANA and "land" in p.types]
    return [characteristics_of(b, object), *steps_of(b, object), *lost, *not_now, *land]


def _why_not_granted(engine, by: str, object: str) -> str:  # type: ignore[no-untyped-def]
    """Why the static ability `by` doesn't give `object` its ability now, in words."""
    source = by.rpartition(".")[0]
    for e in engine.collect(StaticEffect, ability=by, effect="add_abilities"):
        if e["condition"]:
            held = static_condition(engine, e["condition"], source)
            if held is None:
                return "its condition is not modelled, so it is not applied"
            if held is False:
                return "its condition doesn't hold now"
    return "what it gives the ability to doesn't include it now"


def _ability_name(b: Board, ability: str, given: str = "") -> str:
    oid, _, n = ability.rpartition(".")
    perm = b.printed.get(oid)
    if perm is not None and not n.isdigit():  # a keyword's ability: "level up"
        return f"{perm.name}'s {n.replace('_', ' ')}{given}"
    return f"{perm.name}'s ability {n}{given}" if perm is not None else ability


def _given_by(engine, ability: str) -> str:  # type: ignore[no-untyped-def]
    """' (from Chromatic Lantern)' for an ability another permanent gives it (layer 6)."""
    for a in engine.collect(Ability, id=ability):
        if a["granted_by"]:
            giver = engine.collect(GameObject, id=a["granted_by"].rpartition(".")[0])
            return f" (from {giver[0]['name'] if giver else a['granted_by']})"
    return ""


#: effects that can take an ability away: losing abilities, or a land type set (CR 305.7)
ABILITY_REMOVING = ("lose_all_abilities", "remove_keywords", "set_land_types")


class Rules:
    @rule(
        Characteristics(object=MATCH.target, keywords=MATCH.keywords),
        TEST(lambda keywords: any(k in keywords for k in GRANTABLE)),
        id="layers.granted-keyword-now",
        cites=("CR 613.1f", "CR 702.11", "CR 702.16", "CR 702.18", "CR 702.21"),
        because="a continuous effect gives {target} an ability that stops it being targeted, "
                "or taxes it (layer 6); targeting, blocking and damage read it",
    )
    def tgt_granted_now(self, target, keywords):
        given = [(k, v, label) for k, v, label in board(self).perms[target].granted
                 if k in GRANTABLE and k in keywords]
        if not given:
            return None
        cite_steps(self, target, ("6",))
        return [Keyword(object=target, keyword=k, value=v, granted_by=label)
                for k, v, label in given]

    @rule(
        Characteristics(object=MATCH.attacker, keywords=has("landwalk")),
        id="layers.granted-landwalk-now",
        cites=("CR 613.1f", "CR 702.14"),
        because="a continuous effect gives {attacker} landwalk (layer 6), which blocking reads "
                "with the kind of land it names",
    )
    def granted_landwalk_now(self, attacker):
        given = [(v, label) for k, v, label in board(self).perms[attacker].granted
                 if k == "landwalk" and v]
        if not given:
            return None
        cite_steps(self, attacker, ("6",))
        return [Keyword(object=attacker, keyword="landwalk", value=v, granted_by=label)
                for v, label in dict.fromkeys(given)]

    # -- when the layer system is needed ----------------------------------------------------

    @rule(
        AskCharacteristics(object=MATCH.object),
        id="layers.asked-characteristics",
        cites=("CR 613.1",),
        because="the question asks what {object} is now, which the layer system decides",
    )
    def asked_characteristics(self):
        return StateAsked()

    @rule(
        DealDamage(source=MATCH.source),
        id="layers.asked-damage",
        cites=("CR 120.3", "CR 704.3"),
        because="what damage from {source} does depends on the characteristics of the source "
                "and of what it is dealt to, and state-based actions are checked afterwards",
    )
    def asked_damage(self):
        return StateAsked()

    @rule(
        CounterPut(object=MATCH.object),
        id="layers.asked-counters",
        cites=("CR 122.1", "CR 613.4c", "CR 704.3"),
        because="counters put on {object} can change its power and toughness (layer 7c), and "
                "state-based actions are checked afterwards",
    )
    def asked_counters(self):
        return StateAsked()

    @rule(
        CheckStateBasedActions(),
        id="layers.asked-state-based-actions",
        cites=("CR 704.3",),
        because="state-based actions look at the characteristics permanents have now",
    )
    def asked_sba(self):
        return StateAsked()

    @rule(
        DestroyEvent(object=MATCH.object),
        id="layers.asked-destroy",
        cites=("CR 701.8a", "CR 702.12b"),
        because="whether {object} can be destroyed depends on the abilities it has now",
    )
    def asked_destroy(self):
        return StateAsked()

    @rule(
        SacrificeEvent(object=MATCH.object),
        id="layers.asked-sacrifice",
        cites=("CR 701.21a",),
        because="sacrificing {object} moves it to its owner's graveyard; what it was as it "
                "died is decided by the layer system",
    )
    def asked_sacrifice(self):
        return StateAsked()

    @rule(
        StaticEffect(source=MATCH.source, layer="4"),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="layers.type-changing-effect-present",
        cites=("CR 613.1d", "CR 305.7"),
        because="{source} has a type-changing effect, which can change what lands are and so "
                "what mana they could produce",
    )
    def type_changing_present(self):
        return LandTypesMatter()

    @rule(
        Activate(),
        StaticEffect(source=MATCH.source, effect=P(lambda e: e in ABILITY_REMOVING)),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="layers.asked-activation-ability-removed",
        cites=("CR 613.1f", "CR 305.7"),
        because="{source} can remove abilities, so whether the ability asked about still "
                "exists is decided by the layer system",
    )
    def asked_activation_static(self):
        return StateAsked()

    @rule(
        Activate(),
        ResolvedEffect(effect=P(lambda e: e in ABILITY_REMOVING)),
        id="layers.asked-activation-ability-removed-resolved",
        cites=("CR 613.1f", "CR 611.2c"),
        because="a resolved effect removes abilities, so whether the ability asked about "
                "still exists is decided by the layer system",
    )
    def asked_activation_resolved(self):
        return StateAsked()

    @rule(
        ResolvedEffect(effect=P(lambda e: e in ("add_types", "set_types"))),
        id="layers.resolved-type-change",
        cites=("CR 613.1d", "CR 302.6"),
        because="a resolved effect changes the card types of some permanents (a land that "
                "became a creature, say), which changes which of them are creatures and what "
                "mana they could produce",
    )
    def resolved_type_change(self):
        return LandTypesMatter()

    @rule(
        ResolvedEffect(effect="set_land_types"),
        id="layers.resolved-land-type-change",
        cites=("CR 613.1d", "CR 305.7"),
        because="a resolved effect sets the land type of some lands, which changes what mana "
                "they could produce",
    )
    def resolved_land_type_change(self):
        return LandTypesMatter()

    # -- the layer system -------------------------------------------------------------------

    @rule(
        StateAsked(),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="layers.characteristics",
        cites=("CR 613.1", "CR 613.3", "CR 613.4", "CR 613.7", "CR 613.8", "CR 611.2c",
               "CR 611.3a"),
        because="starting from what is printed on {object} (or what it copies), every "
                "continuous effect that applies to it is applied layer by layer; within a "
                "layer, effects of characteristic-defining abilities come first, then the "
                "others in timestamp order, unless one depends on another; a static ability "
                "applies to whatever fits its description now, a resolved effect only to the "
                "objects it locked in as it resolved",
    )
    def characteristics(self, object):
        return _characteristics(self, object)

    @rule(
        LandTypesMatter(),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="layers.characteristics-for-mana",
        cites=("CR 613.1", "CR 613.1d", "CR 305.7", "CR 613.8"),
        because="an effect changes land types, so what {object} is — and so what mana it "
                "could produce — is decided by applying the continuous effects layer by layer, "
                "in timestamp order unless one depends on another",
    )
    def characteristics_for_mana(self, object):
        return _characteristics(self, object)

    @rule(
        Ability(source=MATCH.object, granted_by=P(lambda g: g != "")),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="layers.characteristics-for-granted",
        cites=("CR 613.1", "CR 613.1f", "CR 611.3a"),
        because="a static ability gives {object} an ability only while that effect applies "
                "to it (layer 6), so whether {object} has it now — what mana it could produce, "
                "what it triggers on — is decided by applying the continuous effects layer by "
                "layer",
    )
    def characteristics_for_granted(self, object):
        return _characteristics(self, object)

    @rule(
        StateAsked(),
        Unmodelled(object=MATCH.object, ability=MATCH.ability, text=MATCH.text),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="layers.unmodelled-ability",
        cites=("CR 613.1",),
        because="{object} has an ability the knowledge base can't read ({text}); if it is a "
                "continuous effect, the characteristics worked out here leave it out",
        says="{object}'s unread ability is not part of this answer",
    )
    def unmodelled(self, ability):
        return Ruling(about=f"{ability}:unmodelled", subject="{ability}",
                      verdict="doesn't happen", action="count in this answer (not modelled)",
                      step=9)

    # -- answers to "what is it now?" -------------------------------------------------------

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, has_pt=True, pt_known=True, power=MATCH.power,
                        toughness=MATCH.toughness),
        id="layers.power-toughness",
        cites=("CR 613.4", "CR 208.1", "CR 613.7"),
        because="layer 7 decides power and toughness: first characteristic-defining abilities "
                "(7a), then effects that set them (7b), then effects and counters that raise "
                "or lower them (7c), then switches (7d), each sublayer in timestamp order",
        says="{object} will {action}",
    )
    def power_toughness(self, object, power, toughness):
        cite_steps(self, object, PT_LAYERS)
        return Ruling(about=f"{object}:pt", subject="{object}", verdict="happens",
                      action=f"be {power}/{toughness}", step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, has_pt=True, pt_known=False),
        id="layers.power-toughness-unknown",
        cites=("CR 208.2a", "CR 604.3", "CR 613.4a"),
        because="{object}'s printed power or toughness is a *, which an ability of its own "
                "defines (a characteristic-defining ability, applied in layer 7a); no ability "
                "this answer reads defines it, so the number can't be worked out here",
        says="{object}'s power and toughness are not worked out here: an ability this answer "
             "doesn't model defines them",
    )
    def power_toughness_unknown(self, object):
        cite_steps(self, object, PT_LAYERS)
        return Ruling(about=f"{object}:pt", subject="{object}", verdict="doesn't happen",
                      action="have its power and toughness worked out here (an ability not "
                             "modelled defines them)", step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        GameObject(id=MATCH.object, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        id="layers.not-a-permanent",
        cites=("CR 613.1", "CR 110.1"),
        because="{object} is in the {zone}, not on the battlefield; the layer system is worked "
                "out here for permanents only, so it has the characteristics printed on it as "
                "far as this answer goes",
        says="{object} is not a permanent, so no continuous effect is applied to it here",
    )
    def not_a_permanent(self, object):
        return Ruling(about=f"{object}:layers", subject="{object}", verdict="doesn't happen",
                      action="have continuous effects applied to it (it is not a permanent)",
                      step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, has_pt=False),
        id="layers.no-power-toughness",
        cites=("CR 208.3",),
        because="{object} is not a creature now, and a noncreature permanent has no power or "
                "toughness, whatever is printed on it",
        says="{object} has no power or toughness",
    )
    def no_pt(self, object):
        cite_steps(self, object, TYPE_LAYERS)
        return Ruling(about=f"{object}:pt", subject="{object}", verdict="doesn't happen",
                      action="have power or toughness", step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, types=MATCH.types, subtypes=MATCH.subtypes,
                        supertypes=MATCH.supertypes),
        id="layers.types",
        cites=("CR 613.1d", "CR 205.1"),
        because="layer 4 applies the type-changing effects, in timestamp order unless one "
                "depends on another",
        says="{object} will {action}",
    )
    def types(self, object, types, subtypes, supertypes):
        cite_steps(self, object, TYPE_LAYERS)
        line = " ".join(t.capitalize() for t in (*supertypes, *types)) or "no card type"
        if subtypes:
            line += " — " + " ".join(s.capitalize() for s in subtypes)
        return Ruling(about=f"{object}:types", subject="{object}", verdict="happens",
                      action=f"be {line}", step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, colors=MATCH.colors),
        id="layers.colors",
        cites=("CR 613.1e", "CR 105.2"),
        because="layer 5 applies the color-changing effects, in timestamp order",
        says="{object} will {action}",
    )
    def colors(self, object, colors):
        cite_steps(self, object, COLOR_LAYERS)
        return Ruling(about=f"{object}:colors", subject="{object}", verdict="happens",
                      action="be " + (" and ".join(colors) or "colorless"), step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, keywords=MATCH.keywords,
                        abilities=MATCH.abilities, lost_abilities=MATCH.lost,
                        types=MATCH.types, subtypes=MATCH.subtypes),
        id="layers.abilities",
        cites=("CR 613.1f", "CR 613.6", "CR 305.6"),
        because="layer 6 adds and removes abilities in timestamp order; an effect that already "
                "began to apply in an earlier layer keeps applying even if its own ability is "
                "removed; a land with a basic land type has that type's mana ability",
        says="{object} will {action}",
    )
    def abilities(self, object, keywords, abilities, lost, types, subtypes):
        cite_steps(self, object, ABILITY_LAYERS)
        # the mana ability each basic land type gives (305.6), unless an ability it has
        # already is that one (a Forest's printed {T}: Add {G})
        adds = {m["adds"] for a in abilities for m in self.collect(ManaAbility, ability=a)
                if list(m["cost"]) == ["{T}"]}
        intrinsic = [f"{{T}}: Add {{{LAND_TYPE_MANA[t]}}} (its land type {t.capitalize()})"
                     for t in subtypes if "land" in types and t in LAND_TYPE_MANA
                     and LAND_TYPE_MANA[t] not in adds]
        if not keywords and not abilities and not intrinsic:
            what = "have no abilities"
        else:
            # abilities are named like proofs name them: "<card>'s ability n"
            b = board(self)
            by_type = {LAND_TYPE_MANA[t]: t for t in subtypes
                       if "land" in types and t in LAND_TYPE_MANA}
            plain = {m["ability"]: m["adds"] for a in abilities
                     for m in self.collect(ManaAbility, ability=a)
                     if list(m["cost"]) == ["{T}"] and m["adds"] in by_type}

            def named(a: str) -> str:  # a land type's own ability says what it is
                name = _ability_name(b, a, _given_by(self, a))
                if a not in plain:
                    return name
                mana = plain[a]
                return f"{name} ({{T}}: Add {{{mana}}}, its land type {by_type[mana].capitalize()})"

            parts = [*(str(k).replace("_", " ") for k in keywords),  # double strike
                     *(named(a) for a in abilities), *intrinsic]
            what = "have " + ", ".join(parts)
        if lost:
            what += f" (it lost {len(lost)} of its own)"
        return Ruling(about=f"{object}:abilities", subject="{object}", verdict="happens",
                      action=what, step=1)

    @rule(
        AskCharacteristics(object=MATCH.object),
        Characteristics(object=MATCH.object, controller=MATCH.controller),
        GameObject(id=MATCH.object, controller=MATCH.printed_controller),
        id="layers.control",
        cites=("CR 613.1b", "CR 613.7"),
        because="layer 2 applies control-changing effects in timestamp order, so the latest "
                "one decides who controls {object}",
        says="{controller} controls {object}",
    )
    def control(self, object, controller, printed_controller):
        if controller == printed_controller:
            return None  # nothing changed control; the answer would only repeat the situation
        cite_steps(self, object, ("2",))
        return Ruling(about=f"{object}:control", subject="{controller}", verdict="happens",
                      action="control {object}", step=1)


__all__ = ["Rules", "characteristics_of", "steps_of", "summary"]
