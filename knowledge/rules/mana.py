"""CR 106: mana. What type of mana an ability adds (106.5 undefined types), what a permanent
could produce (106.7), tapping for mana (106.12) and what cares about it: triggered mana
abilities (106.12a) and replacement effects (106.12b)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.commander import CommanderIdentity
from rulings.facts.effects import Step, Unmodelled
from rulings.facts.game import MANA_OF_COLOR, Ability, Choice, GameObject, Opponent
from rulings.facts.mana import (
    Activate,
    CantPay,
    CouldProduce,
    LandsCouldProduce,
    ManaAbility,
    Produced,
    ReplacementApplies,
    TappedForManaReplacement,
    TappedForManaTrigger,
    TapsForMana,
    TypeChanged,
    WouldAdd,
)
from rulings.facts.match import has
from rulings.facts.rulings import Ruling
from rulings.facts.state import LandTypeMana, LostAbility, NotGrantedNow

TOPIC = "CR 106 Mana"

FIXED = ("W", "U", "B", "R", "G", "C")
COLORED = ("W", "U", "B", "R", "G")




def _not_followed(source: str, ability: str, index: int, words: str, gap: str) -> Unmodelled:
    """An instruction of a mana ability the mana rules read but don't follow: the answer
    names it (left open) rather than dropping it."""
    return Unmodelled(object=source, ability=ability, text=f"instruction {index} ({words})",
                      gap=gap)


class Rules:
    # -- what an ability would add, before replacement effects ----------------------------

    @rule(
        ManaAbility(ability=MATCH.ability, adds=MATCH.mana, for_each="", among=""),
        TEST(lambda mana: mana in FIXED),
        id="mana.adds-fixed",
        cites=("CR 106.1",),
        because="{ability} adds {{{mana}}}",
    )
    def adds_fixed(self, ability, mana):
        return WouldAdd(ability=ability, mana=mana)

    @rule(
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds=MATCH.mana,
                    for_each="creature you control"),
        TEST(lambda mana: mana in FIXED),
        GameObject(id=MATCH.source, controller=MATCH.player),
        GameObject(id=MATCH.counted, controller=MATCH.player, zone="battlefield",
                   types=has("creature")),
        id="mana.adds-for-each",
        cites=("CR 106.1", "CR 106.7"),
        because="{ability} adds {{{mana}}} for each creature {player} controls, and "
                "{player} controls {counted}",
    )
    def adds_for_each(self, ability, mana):
        return WouldAdd(ability=ability, mana=mana)

    @rule(
        ManaAbility(ability=MATCH.ability, adds="any color", among=""),
        id="mana.adds-any-color",
        cites=("CR 106.1a",),
        because="{ability} adds one mana of any color",
    )
    def adds_any_color(self, ability):
        return [WouldAdd(ability=ability, mana=m) for m in COLORED]

    @rule(
        ManaAbility(ability=MATCH.ability, adds="one of", one_of=MATCH.one_of, among=""),
        id="mana.adds-one-of",
        cites=("CR 106.1",),
        because="{ability} adds one mana of one of the types {one_of}, its controller's choice",
    )
    def adds_one_of(self, ability, one_of):
        return [WouldAdd(ability=ability, mana=m) for m in one_of if m in FIXED]

    @rule(
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds="commander identity"),
        GameObject(id=MATCH.source, controller=MATCH.player),
        CommanderIdentity(player=MATCH.player, commanders=MATCH.commanders,
                          colors=MATCH.colors),
        id="mana.adds-commander-identity",
        cites=("CR 903.4f",),
        because="{ability} adds one mana of any color in the color identity of {player}'s "
                "commander ({commanders}: {colors})",
    )
    def adds_commander_identity(self, ability, colors):
        return [WouldAdd(ability=ability, mana=MANA_OF_COLOR[c]) for c in colors
                if c in MANA_OF_COLOR]

    @rule(
        Activate(ability=MATCH.ability),
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds="commander identity"),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(WouldAdd(ability=MATCH.ability)),
        NOT(CantPay(ability=MATCH.ability)),
        salience=salience.AGGREGATE,
        id="mana.no-commander-identity",
        cites=("CR 903.4f",),
        because="{ability} adds mana of a color in the color identity of {player}'s "
                "commander, and {player} has no commander, or one whose color identity has "
                "no color: it adds no mana",
        absent=("{player} has no commander with a colored color identity",),
        says="{player} gets no mana from {source}",
    )
    def no_commander_identity(self, ability):
        return Ruling(about=f"{ability}:mana", subject="{player}", verdict="doesn't happen",
                      action="get mana from {source}", step=1)

    @rule(
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds="chosen color"),
        Choice(object=MATCH.source, kind="color", value=MATCH.color),
        id="mana.adds-chosen-color",
        cites=("CR 106.1a",),
        because="{ability} adds mana of the color chosen for {source}, {color}",
    )
    def adds_chosen_color(self, ability, color):
        return WouldAdd(ability=ability, mana=MANA_OF_COLOR[color])

    # What a player's lands could produce is gathered into one fact per type of mana, so an
    # ability looking at those lands joins a handful of facts, not every land: on a board of
    # N lands and P such abilities the work is N + P, not N × P. Answers show the land itself.
    @rule(
        CouldProduce(object=MATCH.land, mana=MATCH.mana),
        GameObject(id=MATCH.land, controller=MATCH.player, zone="battlefield",
                   types=has("land")),
        inline=True,
        id="mana.a-land-could-produce",
        cites=("CR 106.7",),
        because="{land} is a land {player} controls and could produce {{{mana}}}",
    )
    def a_land_could_produce(self, player, mana):
        return LandsCouldProduce(player=player, mana=mana)

    @rule(
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds=MATCH.adds,
                    among="lands you control"),
        GameObject(id=MATCH.source, controller=MATCH.player),
        LandsCouldProduce(player=MATCH.player, mana=MATCH.mana),
        TEST(lambda adds, mana: adds == "any type" or (adds == "any color" and mana != "C")),
        inherits=("land",),
        id="mana.adds-what-own-lands-could-produce",
        cites=("CR 106.7",),
        because="{ability} adds mana of a type that a land {player} controls could produce, "
                "and {land} could produce {{{mana}}}",
    )
    def adds_from_own_lands(self, ability, mana):
        return WouldAdd(ability=ability, mana=mana)

    @rule(
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds=MATCH.adds,
                    among="lands an opponent controls"),
        GameObject(id=MATCH.source, controller=MATCH.player),
        Opponent(player=MATCH.opponent, of=MATCH.player),
        LandsCouldProduce(player=MATCH.opponent, mana=MATCH.mana),
        TEST(lambda adds, mana: adds == "any type" or (adds == "any color" and mana != "C")),
        inherits=("land",),
        id="mana.adds-what-opponents-lands-could-produce",
        cites=("CR 106.7",),
        because="{ability} adds mana of a color that a land an opponent of {player} controls "
                "could produce, and {opponent}'s {land} could produce {{{mana}}}",
    )
    def adds_from_opponents_lands(self, ability, mana):
        return WouldAdd(ability=ability, mana=mana)

    # -- replacement effects on tapping for mana --------------------------------------------

    @rule(
        TappedForManaReplacement(ability=MATCH.replacement, source=MATCH.effect, of="a land"),
        GameObject(id=MATCH.effect, zone="battlefield"),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana", cost=has("{T}")),
        GameObject(id=MATCH.source, zone="battlefield", types=has("land")),
        id="mana.replacement-applies-to-lands",
        cites=("CR 106.12b",),
        because="{effect} changes the mana a land produces when it is tapped for mana, and "
                "{ability} taps the land {source} for mana",
    )
    def replacement_on_lands(self, replacement, ability):
        return ReplacementApplies(replacement=replacement, ability=ability)

    @rule(
        TappedForManaReplacement(ability=MATCH.replacement, source=MATCH.effect,
                                 of="a permanent you control"),
        GameObject(id=MATCH.effect, zone="battlefield", controller=MATCH.player),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana", cost=has("{T}")),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.player),
        id="mana.replacement-applies-to-own-permanents",
        cites=("CR 106.12b",),
        because="{effect} changes the mana a permanent {player} controls produces when "
                "tapped for mana, and {ability} taps {source} for mana",
    )
    def replacement_on_own(self, replacement, ability):
        return ReplacementApplies(replacement=replacement, ability=ability)

    @rule(
        ReplacementApplies(replacement=MATCH.replacement, ability=MATCH.ability),
        TappedForManaReplacement(ability=MATCH.replacement, source=MATCH.effect,
                                 produces=MATCH.mana),
        TEST(lambda mana: mana != ""),
        WouldAdd(ability=MATCH.ability),
        id="mana.type-replaced",
        cites=("CR 106.12b", "CR 614.1a"),
        because="{effect} makes {ability} produce {{{mana}}} instead of any other type",
    )
    def type_replaced(self, ability, mana, effect):
        return TypeChanged(ability=ability, mana=mana, by=effect)

    # -- what a permanent could produce (CR 106.7) ------------------------------------------

    @rule(
        WouldAdd(ability=MATCH.ability, mana=MATCH.mana),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana"),
        NOT(TypeChanged(ability=MATCH.ability)),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(NotGrantedNow(ability=MATCH.ability)),
        id="mana.could-produce",
        cites=("CR 106.7",),
        because="{ability} would add {{{mana}}} if it resolved now "
                "(whether its cost could be paid doesn't matter)",
        absent=("no replacement effect changes the type of mana {ability} produces",
                "no continuous effect has removed {ability} from {source}",
                "{source} has {ability} now (if another permanent gives it, that effect "
                "applies now)"),
    )
    def could_produce(self, source, mana):
        return CouldProduce(object=source, mana=mana)

    @rule(
        TypeChanged(ability=MATCH.ability, mana=MATCH.mana),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana"),
        id="mana.could-produce-replaced",
        cites=("CR 106.7", "CR 106.12b"),
        because="a replacement effect makes {ability} produce "
                "{{{mana}}}, and replacement effects count for what it could produce",
    )
    def could_produce_replaced(self, source, mana):
        return CouldProduce(object=source, mana=mana)

    @rule(
        LandTypeMana(object=MATCH.land, land_type=MATCH.land_type, mana=MATCH.mana),
        id="mana.could-produce-by-land-type",
        cites=("CR 106.7", "CR 305.6", "CR 305.7"),
        because="{land} has the land type {land_type} now, and a land with a basic land type "
                "has that type's mana ability (it adds {{{mana}}}), whatever gave it the type",
    )
    def could_produce_by_land_type(self, land, mana):
        # the one link from the layer system (knowledge/rules/layers.py) to mana
        return CouldProduce(object=land, mana=mana)

    # -- the activation asked about -------------------------------------------------------

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana", cost=has("{T}")),
        id="mana.tapping-for-mana",
        cites=("CR 106.12",),
        because="{ability} is a mana ability with {{T}} in its cost",
    )
    def tapping_for_mana(self, ability, source):
        return TapsForMana(ability=ability, source=source)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana"),
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb),
        TEST(lambda verb: verb != "add_mana"),
        id="mana.other-instructions",
        cites=("CR 605.3b", "CR 608.2c"),
        because="{ability} is a mana ability: it resolves at once, and its instruction "
                "{index} ({verb}) happens as it resolves",
    )
    def other_instructions(self, ability, source, index, verb):
        # a painland's "deals 1 damage to you", an Egg's "draw a card": the mana rules say
        # only what is added; what the rest does (and what may prevent or replace it) is not
        # followed for a mana ability, so the answer names it instead of dropping it
        return _not_followed(source, ability, index, verb.replace("_", " "),
                             "a mana ability's instructions other than adding mana are not "
                             "followed when it resolves")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana"),
        Step(ability=MATCH.ability, index=MATCH.index, verb="add_mana", args=MATCH.args),
        NOT(ManaAbility(ability=MATCH.ability)),
        id="mana.adds-not-followed",
        cites=("CR 106.1", "CR 605.3b"),
        because="{ability} is a mana ability, but what its instruction {index} adds is not "
                "one the mana rules follow",
    )
    def adds_not_followed(self, ability, source, index, args):
        # "{T}: Add {W}{U}" (two types at once), a choice among pairs: the mana rules follow
        # one type (or a choice of one type) per ability; the answer names the rest
        said = ", ".join(str(a).split("=", 1)[-1] if str(a).startswith("mana=")
                         else str(a).replace("=", " ") for a in args)
        return _not_followed(source, ability, index, f"add mana{': ' + said if said else ''}",
                             "mana of two or more types at once, or a choice among "
                             "combinations, is not followed by the mana rules")

    @rule(
        Activate(ability=MATCH.ability),
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds="chosen color"),
        NOT(Choice(object=MATCH.source, kind="color")),
        NOT(CantPay(ability=MATCH.ability)),
        id="mana.undefined-type",
        cites=("CR 106.5",),
        because="{ability} adds mana of the color chosen for {source}, but no color was "
                "ever chosen for it, so the type of that mana is undefined",
        absent=("no color has been chosen for {source}",),
        says="{source} adds no mana: its mana would be of an undefined type",
    )
    def undefined_type(self, ability):
        return Ruling(about=f"{ability}:mana", subject="{source}", verdict="doesn't happen",
                      action="add mana", step=1)

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds=MATCH.adds,
                    amount=MATCH.amount, for_each=MATCH.for_each),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(CantPay(ability=MATCH.ability)),
        salience=salience.AGGREGATE,
        id="mana.produces",
        cites=("CR 106.7", "CR 106.12b", "CR 605.3b"),
        because="{ability} is a mana ability, so it resolves at once; it adds the types it "
                "would add now, after any replacement effect on tapping for mana, in the "
                "amount it states, to the mana pool of the player who activated it",
        says="{subject} gets {action} from {source}",
        absent=("every part of the cost of {ability} can be paid",),
    )
    def produces(self, ability, source, player, adds, amount, for_each, activator):
        types = sorted({f["mana"] for f in self.collect(WouldAdd, ability=ability)},
                       key=_ORDER.index)
        changed = self.collect(TypeChanged, ability=ability)
        if changed and types:
            types = sorted({f["mana"] for f in changed}, key=_ORDER.index)
            # a replacement that sets the amount too ("{B} instead of any other type and
            # amount") wins over the printed amount; doublers still apply afterwards
            fixed = [r["amount"] for f in changed
                     for r in self.collect(TappedForManaReplacement, source=f["by"])
                     if r["amount"]]
            if fixed:
                amount, for_each = min(fixed), ""
        if not types and adds == "chosen color" and not self.collect(
                Choice, object=source, kind="color"):
            return None  # mana.undefined-type rules on it
        count = amount
        if for_each:
            controller = self.collect(GameObject, id=source)[0]["controller"]
            count *= len([o for o in self.collect(GameObject, controller=controller,
                                                  zone="battlefield")
                          if "creature" in o["types"]])
        doublers = [r for r in self.collect(ReplacementApplies, ability=ability)
                    if self.collect(TappedForManaReplacement, ability=r["replacement"],
                                    doubles=True)]
        count *= 2 ** len(doublers)
        if not types or count == 0:
            # the mana.no-type-to-add rules say why; triggers still need to know
            return Produced(ability=ability, source=source, types=[], amount=0)
        action = _describe_mana(count, types)
        only = [t for f in self.collect(ManaAbility, ability=ability) for t in f["only_for"]]
        if only:  # CR 106.6: a restriction on how that mana may be spent
            action += f" (to spend only on {' or '.join(only)} spells)"
        return [
            Produced(ability=ability, source=source, types=types, amount=count),
            # activators: another player may activate it when its text says so (CR 602.2)
            Ruling(about=f"{ability}:mana", subject=activator or player,
                   verdict="happens" if count else "doesn't happen",
                   action=action, step=1),
        ]

    @rule(
        Activate(ability=MATCH.ability),
        ManaAbility(ability=MATCH.ability, source=MATCH.source, adds=MATCH.adds,
                    among=MATCH.among),
        TEST(lambda among: among != ""),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(WouldAdd(ability=MATCH.ability)),
        NOT(CantPay(ability=MATCH.ability)),
        salience=salience.AGGREGATE,
        id="mana.nothing-could-be-produced",
        cites=("CR 106.7",),
        because="{ability} adds mana of {adds} that {among} could produce, and none of them "
                "could produce such mana (abilities that only look at what other lands could "
                "produce give each other nothing)",
        absent=("none of the {among} could produce a type of mana {ability} can add",),
        says="{player} gets no mana from {source}",
    )
    def nothing_could_be_produced(self, ability):
        return Ruling(about=f"{ability}:mana", subject="{player}", verdict="doesn't happen",
                      action="get mana from {source}", step=1)

    @rule(
        Activate(ability=MATCH.ability),
        ManaAbility(ability=MATCH.ability, source=MATCH.source, for_each=MATCH.for_each),
        TEST(lambda for_each: for_each != ""),
        GameObject(id=MATCH.source, controller=MATCH.player),
        NOT(WouldAdd(ability=MATCH.ability)),
        NOT(CantPay(ability=MATCH.ability)),
        salience=salience.AGGREGATE,
        id="mana.nothing-to-count",
        cites=("CR 106.7", "CR 107.1c"),
        because="{ability} adds mana for each {for_each}, and there is none, so it adds "
                "nothing",
        absent=("none of the permanents {ability} counts (each {for_each}) is on the "
                "battlefield under {player}'s control",),
        says="{player} gets no mana from {source}",
    )
    def nothing_to_count(self, ability):
        return Ruling(about=f"{ability}:mana", subject="{player}", verdict="doesn't happen",
                      action="get mana from {source}", step=1)

    # -- what cares about tapping for mana --------------------------------------------------

    @rule(
        TapsForMana(ability=MATCH.ability, source=MATCH.source),
        TappedForManaTrigger(ability=MATCH.trigger, source=MATCH.effect, of=MATCH.of,
                             adds=MATCH.adds, amount=MATCH.extra, mana=MATCH.wanted),
        GameObject(id=MATCH.effect, zone="battlefield", controller=MATCH.owner,
                   attached_to=MATCH.attached),
        GameObject(id=MATCH.source, types=MATCH.types, controller=MATCH.player),
        TEST(lambda of, attached, source, types, effect, player, owner: (
            (of == "enchanted land" and attached == source)
            or (of == "a land" and "land" in types)
            or (of == "a land you control" and "land" in types and player == owner)
            or (of == "this" and effect == source))),
        Produced(ability=MATCH.ability, amount=MATCH.made, types=MATCH.made_types),
        TEST(lambda made, made_types, wanted: made > 0 and (not wanted or wanted in made_types)),
        salience=salience.RULE_ON,
        id="mana.tapped-for-mana-trigger",
        cites=("CR 106.12a", "CR 605.1b", "CR 605.4a"),
        because="{source} was tapped for mana and the ability produced mana, which is what "
                "{effect} waits for; as a mana ability it resolves at once",
        says="{effect} will {action}",
    )
    def trigger_fires(self, trigger, adds, extra, made_types):
        kinds = list(made_types) if adds == "type produced" else [adds]
        return _trigger_ruling(trigger, "happens", _describe_extra(extra, kinds, adds))

    @rule(
        TapsForMana(ability=MATCH.ability, source=MATCH.source),
        TappedForManaTrigger(ability=MATCH.trigger, source=MATCH.effect, of=MATCH.of),
        GameObject(id=MATCH.effect, zone="battlefield", attached_to=MATCH.attached,
                   controller=MATCH.owner),
        GameObject(id=MATCH.source, types=MATCH.types, controller=MATCH.player),
        TEST(lambda of, attached, source, types, effect, player, owner: (
            (of == "enchanted land" and attached == source)
            or (of == "a land" and "land" in types)
            or (of == "a land you control" and "land" in types and player == owner)
            or (of == "this" and effect == source))),
        Produced(ability=MATCH.ability, amount=0),
        salience=salience.RULE_ON,
        id="mana.no-mana-no-trigger",
        cites=("CR 106.12a",),
        because="{source} was tapped for mana but produced no mana, and {effect} triggers "
                "only when the ability produces mana",
        says="{effect} doesn't trigger",
    )
    def trigger_without_mana(self, trigger):
        return _trigger_ruling(trigger, "doesn't happen", "")

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana",
                cost=P(lambda c: "{T}" not in c)),
        TappedForManaReplacement(ability=MATCH.effect_ability, source=MATCH.effect),
        GameObject(id=MATCH.effect, zone="battlefield"),
        NOT(CantPay(ability=MATCH.ability)),
        id="mana.not-tapping-for-mana",
        cites=("CR 106.12", "CR 106.12b"),
        because="{ability} has no {{T}} in its cost, so activating it is not tapping "
                "{source} for mana, and {effect} only changes mana from tapping for mana",
        says="{effect} doesn't change the mana from {ability}",
        absent=("every part of the cost of {ability} can be paid",),
    )
    def not_tapping(self, effect_ability):
        return Ruling(about=f"{effect_ability}:replacement", subject="{effect}",
                      verdict="doesn't happen", action="change the mana from {ability}",
                      step=1)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana",
                cost=P(lambda c: "{T}" not in c)),
        TappedForManaTrigger(ability=MATCH.trigger, source=MATCH.effect),
        GameObject(id=MATCH.effect, zone="battlefield"),
        NOT(CantPay(ability=MATCH.ability)),
        id="mana.not-tapping-no-trigger",
        cites=("CR 106.12", "CR 106.12a"),
        because="{ability} has no {{T}} in its cost, so activating it is not tapping "
                "{source} for mana, which is what {effect} waits for",
        says="{effect} doesn't trigger",
        absent=("every part of the cost of {ability} can be paid",),
    )
    def not_tapping_no_trigger(self, trigger):
        return _trigger_ruling(trigger, "doesn't happen", "")

    @rule(
        Activate(ability=MATCH.ability),
        ReplacementApplies(replacement=MATCH.replacement, ability=MATCH.ability),
        TappedForManaReplacement(ability=MATCH.replacement, source=MATCH.effect,
                                 doubles=MATCH.doubles, produces=MATCH.mana),
        NOT(CantPay(ability=MATCH.ability)),
        id="mana.replacement-modifies",
        cites=("CR 106.12b", "CR 614.1a", "CR 616.1"),
        because="activating {ability} is tapping a permanent for mana, so {effect} modifies "
                "the mana it produces while it resolves; with several such effects the "
                "player getting the mana picks their order",
        says="{effect} will {action}",
        absent=("every part of the cost of {ability} can be paid",),
    )
    def replacement_modifies(self, replacement, doubles, mana):
        change = ("double the mana from {ability}" if doubles
                  else "change the mana from {ability} into {{" + mana + "}}")
        return Ruling(about=f"{replacement}:replacement", subject="{effect}",
                      verdict="happens", action=change, step=1)


_ORDER = list(FIXED)


def _describe_mana(count: int, types: list[str]) -> str:
    """Words for a Ruling action (a template, hence the doubled braces)."""
    if not count:
        return "no mana"
    if len(types) == 1:
        return "".join("{{" + types[0] + "}}" for _ in range(count))
    return (f"{count} mana of one type of their choice among "
            + ", ".join("{{" + t + "}}" for t in types))


def _describe_extra(extra: int, kinds: list[str], adds: str) -> str:
    if adds == "type produced" and len(kinds) > 1:
        return "one more mana of one of the types produced: " + " ".join(
            "{{" + k + "}}" for k in kinds)
    return "".join("{{" + kinds[0] + "}}" for _ in range(extra))


def _trigger_ruling(trigger: str, verdict: str, bonus: str) -> Ruling:
    return Ruling(about=f"{trigger}:trigger", subject="{effect}", verdict=verdict,
                  action=f"trigger and add {bonus} for {{player}}" if bonus else "trigger",
                  step=2)


__all__ = ["Rules"]
