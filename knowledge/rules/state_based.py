"""CR 704: state-based actions. Whenever a player would receive priority, the game checks a
list of conditions and performs every action that applies at once, as one event (704.3).
The state they look at is the situation after the event asked about (knowledge/aftermath.py);
each action is its own rule."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.effects import Selects, StaticEffect
from rulings.facts.game import GameObject, Player
from rulings.facts.replacement import EventReplaced
from rulings.facts.rulings import Ruling
from rulings.facts.stack import CounterPut
from rulings.facts.state import (
    AskCharacteristics,
    CantLose,
    CheckStateBasedActions,
    DamageResult,
    Dies,
    DrewFromEmptyLibrary,
    LegendKeepsTooMany,
    LegendRuleApplies,
    LosesGame,
    PlayerStatus,
    StateAsked,
    Status,
    Timestamp,
)
from rulings.knowledge.aftermath import loses, result_of
from rulings.knowledge.resolving import sba_step

TOPIC = "CR 704 State-based actions"


class Rules:
    # -- the state they look at -------------------------------------------------------------

    @rule(
        StateAsked(),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="sba.permanent-status",
        cites=("CR 704.3", "CR 613.1"),
        because="state-based actions look at {object} as it is after the event: its "
                "characteristics from the layer system, the damage marked on it and its "
                "counters",
    )
    def permanent_status(self, object):
        a = result_of(self)
        self.cite(*a.status_facts.get(object, []))
        s = a.status.get(object)
        return Status(**s) if s else None

    @rule(
        StateAsked(),
        Player(name=MATCH.player),
        id="sba.player-status",
        cites=("CR 704.3", "CR 119.3"),
        because="state-based actions look at {player}'s life total and poison counters after "
                "the event",
    )
    def player_status(self, player):
        a = result_of(self)
        s = a.players.get(player)
        if s is None:  # left the game (800.4a)
            return None
        self.cite(*a.player_facts.get(player, []))
        return PlayerStatus(player=player, life=s["life"], life_known=s["life_known"],
                            poison=s["poison"], drew_from_empty=s["drew_from_empty"])

    @rule(
        StateAsked(),
        Dies(object=MATCH.gone, check=MATCH.before),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="sba.second-check-status",
        cites=("CR 704.3", "CR 613.1"),
        because="state-based actions are checked after the event and again after they were "
                "performed; {gone} has left, so the continuous effects it gave no longer apply "
                "to {object}",
    )
    def second_check_status(self, gone, before, object):
        a = result_of(self)
        s = a.second.get(object)
        # one premise is enough: the first of what the check before removed
        if s is None or s["check"] != before + 1 or gone != s["after"][0]:
            return None
        self.cite(*a.second_facts.get(object, []))
        return Status(**s)

    # -- players ----------------------------------------------------------------------------

    @rule(
        StateAsked(),
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="cant_lose",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.player),
        Player(name=MATCH.player),
        id="sba.cant-lose-effect",
        cites=("CR 101.2", "CR 104.3"),
        because="{source} is on the battlefield after the event, and {ability} says {player} "
                "can't lose the game",
    )
    def cant_lose_effect(self, player, source, ability):
        if source not in result_of(self).status:  # it left the battlefield in the event
            return None
        return CantLose(player=player, source=source, ability=ability)

    @rule(
        PlayerStatus(player=MATCH.player, life_known=MATCH.known, life=MATCH.life,
                     poison=MATCH.poison, drew_from_empty=MATCH.drew),
        CantLose(player=MATCH.player, source=MATCH.source, ability=MATCH.ability),
        TEST(lambda known, life, poison, drew: (known and life <= 0) or poison >= 10 or drew),
        id="sba.cant-lose",
        cites=("CR 101.2", "CR 104.3b", "CR 704.5a", "CR 704.5b", "CR 704.5c"),
        because="{player} meets a condition of a state-based action that makes a player lose "
                "(0 or less life, ten or more poison counters, or a draw from an empty "
                "library), but {ability} says {player} can't lose the game, so that action "
                "doesn't happen while the effect lasts",
        says="{player} doesn't lose the game",
    )
    def cant_lose(self, player, source):
        return Ruling(about=f"{player}:loses", subject="{player}", verdict="doesn't happen",
                      action="lose the game ({source} says they can't)",
                      step=sba_step(self, 3))

    @rule(
        PlayerStatus(player=MATCH.player, life_known=True, life=P(lambda v: v <= 0)),
        NOT(CantLose(player=MATCH.player)),
        id="sba.zero-life",
        cites=("CR 704.5a", "CR 704.3"),
        because="{player} has 0 or less life when state-based actions are checked",
        says="{player} loses the game",
    )
    def zero_life(self, player):
        return [LosesGame(player=player, reason="0 or less life"),
                Ruling(about=f"{player}:loses", subject="{player}", verdict="happens",
                       action="lose the game (0 or less life)", step=sba_step(self, 3))]

    @rule(
        PlayerStatus(player=MATCH.player, poison=P(lambda v: v >= 10)),
        NOT(CantLose(player=MATCH.player)),
        id="sba.ten-poison",
        cites=("CR 704.5c", "CR 704.3"),
        because="{player} has ten or more poison counters when state-based actions are checked",
        says="{player} loses the game",
    )
    def ten_poison(self, player):
        return [LosesGame(player=player, reason="ten or more poison counters"),
                Ruling(about=f"{player}:loses-poison", subject="{player}", verdict="happens",
                       action="lose the game (ten or more poison counters)", step=sba_step(self, 3))]

    @rule(
        StateAsked(),
        DrewFromEmptyLibrary(player=MATCH.player),
        NOT(CantLose(player=MATCH.player)),
        id="sba.draw-from-empty-library",
        cites=("CR 704.5b", "CR 121.4"),
        because="{player} tried to draw from an empty library since state-based actions were "
                "last checked",
        says="{player} loses the game",
    )
    def empty_library(self, player):
        return [LosesGame(player=player, reason="drew from an empty library"),
                Ruling(about=f"{player}:loses-draw", subject="{player}", verdict="happens",
                       action="lose the game (drew from an empty library)", step=sba_step(self, 3))]

    @rule(
        LosesGame(player=MATCH.first),
        LosesGame(player=MATCH.second),
        TEST(lambda first, second: first < second),
        id="sba.draw",
        cites=("CR 104.4a", "CR 704.3"),
        because="{first} and {second} lose the game in the same check of state-based actions, "
                "and no player remaining in the game is left who doesn't lose",
        says="the game is a draw",
    )
    def draw(self, first, second):
        players = result_of(self).players
        if not all(loses(s) for s in players.values()) or \
                sorted(players)[:2] != [first, second]:
            return None
        return Ruling(about="game:draw", subject="the game", verdict="happens",
                      action="end in a draw (every remaining player loses at once)", step=sba_step(self, 4))

    # -- creatures and planeswalkers --------------------------------------------------------

    @rule(
        Status(object=MATCH.object, check=MATCH.check, creature=True,
               toughness=MATCH.toughness),
        TEST(lambda toughness: toughness <= 0),
        # a replacement effect sends it elsewhere (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="sba.zero-toughness",
        cites=("CR 704.5f", "CR 704.3", "CR 700.4"),
        because="{object} is a creature whose toughness is {toughness}, which is 0 or less; "
                "that isn't destruction — it is simply put into the graveyard, so neither "
                "indestructible nor regeneration saves it",
        says="{object} is put into its owner's graveyard (it dies)",
        absent=("no replacement effect sends {object} elsewhere",),
    )
    def zero_toughness(self, object, check):
        return [Dies(object=object, reason="toughness 0 or less (CR 704.5f)", state_based=True,
                     check=check),
                Ruling(about=f"{object}:sba", subject="{object}", verdict="happens",
                       action="die (put into its owner's graveyard with toughness 0 or less)",
                       step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.object, check=MATCH.check, creature=True, toughness=MATCH.toughness,
               damage=MATCH.damage, indestructible=False, shield=False),
        TEST(lambda toughness, damage: 0 < toughness <= damage),
        # a replacement effect sends it elsewhere (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="sba.lethal-damage",
        cites=("CR 704.5g", "CR 120.6", "CR 701.8b", "CR 704.3"),
        because="{object} has toughness {toughness} and {damage} damage marked on it, which "
                "is lethal damage",
        absent=("{object} doesn't have indestructible", "{object} has no regeneration shield",
                "no replacement effect sends {object} elsewhere"),
        says="{object} is destroyed (it dies)",
    )
    def lethal_damage(self, object, check):
        return [Dies(object=object, reason="destroyed by state-based actions", destroyed=True,
                     state_based=True, check=check),
                Ruling(about=f"{object}:sba", subject="{object}", verdict="happens",
                       action="be destroyed (lethal damage) and die", step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.object, check=MATCH.check, creature=True, toughness=MATCH.toughness,
               damage=MATCH.damage, deathtouch=True, indestructible=False, shield=False),
        TEST(lambda toughness, damage: toughness > 0 and damage < toughness),
        # a replacement effect sends it elsewhere (knowledge/rules/replacement.py)
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),
        id="sba.deathtouch-damage",
        cites=("CR 704.5h", "CR 702.2b", "CR 704.3"),
        because="{object} has toughness above 0 and was dealt damage by a source with "
                "deathtouch since state-based actions were last checked; any amount is enough "
                "(the {damage} damage marked on it is less than its toughness {toughness})",
        absent=("{object} doesn't have indestructible", "{object} has no regeneration shield",
                "no replacement effect sends {object} elsewhere"),
        says="{object} is destroyed (it dies)",
    )
    def deathtouch(self, object, check):
        return [Dies(object=object, reason="destroyed by state-based actions", destroyed=True,
                     state_based=True, check=check),
                Ruling(about=f"{object}:sba-deathtouch", subject="{object}", verdict="happens",
                       action="be destroyed (damage from a source with deathtouch) and die",
                       step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.object, creature=True, toughness=MATCH.toughness,
               damage=MATCH.damage, deathtouch=MATCH.deathtouch, indestructible=True),
        TEST(lambda toughness, damage, deathtouch: toughness > 0 and (
            damage >= toughness or deathtouch)),
        id="sba.indestructible-survives",
        cites=("CR 702.12b", "CR 704.5g", "CR 704.5h"),
        because="{object} has lethal or deathtouch damage, but it has indestructible, so it "
                "can't be destroyed and the state-based actions that destroy ignore it",
        says="{object} is not destroyed",
    )
    def indestructible(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="doesn't happen",
                      action="be destroyed", step=sba_step(self, 3))

    @rule(
        Status(object=MATCH.object, creature=True, toughness=MATCH.toughness,
               damage=MATCH.damage, deathtouch=MATCH.deathtouch, indestructible=False,
               shield=True),
        TEST(lambda toughness, damage, deathtouch: toughness > 0 and (
            damage >= toughness or deathtouch)),
        id="sba.regenerates",
        cites=("CR 701.19a", "CR 704.5g", "CR 701.8c"),
        because="{object} would be destroyed, but a regeneration shield replaces that: its "
                "damage is removed and it is tapped (and removed from combat)",
        says="{object} regenerates instead of being destroyed",
    )
    def regenerates(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="happens",
                      action="regenerate instead (tapped, damage removed)", step=sba_step(self, 3))

    @rule(
        Status(object=MATCH.object, check=MATCH.check, planeswalker=True,
               loyalty=MATCH.loyalty),
        TEST(lambda loyalty: loyalty <= 0),
        id="sba.zero-loyalty",
        cites=("CR 704.5i", "CR 704.3"),
        because="{object} is a planeswalker with loyalty 0",
        says="{object} is put into its owner's graveyard",
    )
    def zero_loyalty(self, object, check):
        return [Dies(object=object, reason="loyalty 0 (CR 704.5i)", state_based=True,
                     check=check),
                Ruling(about=f"{object}:sba-loyalty", subject="{object}", verdict="happens",
                       action="be put into its owner's graveyard (loyalty 0)", step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.first, legendary=True, name=MATCH.name, controller=MATCH.player),
        Status(object=MATCH.second, legendary=True, name=MATCH.name, controller=MATCH.player),
        TEST(lambda first, second: first < second),
        id="sba.legend-rule",
        cites=("CR 704.5j", "CR 700.4"),
        because="{player} controls two legendary permanents named {name}, {first} and "
                "{second}",
        says="{player} chooses one of them to keep; the others are put into their owners' "
             "graveyards (a creature put there dies, so its \"dies\" abilities trigger)",
    )
    def legend_rule(self, player, name, first, second):
        return [LegendRuleApplies(object=first, player=player, name=name),
                LegendRuleApplies(object=second, player=player, name=name),
                Ruling(about=f"{player}:legend:{name}", subject="{player}", verdict="must",
                       action=f"choose one {name} to keep and put the rest into their owners' "
                              "graveyards", step=sba_step(self, 3))]

    # -- the world rule (704.5k): the newest world permanent stays --------------------------

    @rule(
        Status(object=MATCH.older, world=True, check=1, name=MATCH.name),
        Status(object=MATCH.newer, world=True, check=1, name=MATCH.newer_name),
        Timestamp(object=MATCH.older, value=MATCH.t_older),
        Timestamp(object=MATCH.newer, value=MATCH.t_newer),
        TEST(lambda t_older, t_newer: t_older < t_newer),
        id="sba.world-rule",
        cites=("CR 704.5k", "CR 205.4f", "CR 613.7d"),
        because="{name} and {newer_name} both have the supertype world, and {newer_name} "
                "has had it for less time (timestamp {t_newer} against {t_older}): every "
                "world permanent but the newest is put into its owner's graveyard; that "
                "isn't destruction, so indestructible doesn't stop it",
        says="{name} is put into its owner's graveyard (the world rule)",
    )
    def world_rule(self, older, name):
        return [Dies(object=older, reason="the world rule (CR 704.5k)", state_based=True,
                     check=1),
                Ruling(about=f"{older}:sba-world", subject="{older}", verdict="happens",
                       action="be put into its owner's graveyard (world rule)",
                       step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.first, world=True, check=1, name=MATCH.name),
        Status(object=MATCH.second, world=True, check=1, name=MATCH.second_name),
        TEST(lambda first, second: first != second),
        Timestamp(object=MATCH.first, value=MATCH.t),
        Timestamp(object=MATCH.second, value=MATCH.t),
        id="sba.world-rule-tie",
        cites=("CR 704.5k",),
        because="{name} and {second_name} both have the supertype world and became world "
                "permanents at the same time (timestamp {t}): when no single one is the "
                "newest, all of them are put into their owners' graveyards",
        says="{name} is put into its owner's graveyard (the world rule, a tie)",
    )
    def world_rule_tie(self, first, name):
        return [Dies(object=first, reason="the world rule (CR 704.5k)", state_based=True,
                     check=1),
                Ruling(about=f"{first}:sba-world", subject="{first}", verdict="happens",
                       action="be put into its owner's graveyard (world rule)",
                       step=sba_step(self, 3))]

    @rule(
        CheckStateBasedActions(keep=MATCH.keep),
        LegendRuleApplies(object=MATCH.object, player=MATCH.player, name=MATCH.name),
        LegendRuleApplies(object=MATCH.kept, player=MATCH.player, name=MATCH.name),
        TEST(lambda object, kept, keep: object not in keep and kept in keep),
        id="sba.legend-rule-put-away",
        cites=("CR 704.5j", "CR 700.4", "CR 704.3"),
        because="{player} keeps {kept} under the legend rule, so {object}, another legendary "
                "permanent named {name}, is put into its owner's graveyard; that isn't "
                "destruction, so indestructible doesn't stop it",
        says="{object} is put into its owner's graveyard (it dies)",
    )
    def legend_put_away(self, object, kept):
        return [Dies(object=object, reason="the legend rule (CR 704.5j)", state_based=True,
                     check=1),
                Ruling(about=f"{object}:sba-legend", subject="{object}", verdict="happens",
                       action="be put into its owner's graveyard (legend rule)", step=sba_step(self, 3))]

    @rule(
        CheckStateBasedActions(keep=MATCH.keep),
        LegendRuleApplies(object=MATCH.first, player=MATCH.player, name=MATCH.name),
        LegendRuleApplies(object=MATCH.second, player=MATCH.player, name=MATCH.name),
        TEST(lambda first, second, keep: first < second and first in keep and second in keep),
        id="sba.legend-rule-keep-one",
        cites=("CR 704.5j",),
        because="keep names both {first} and {second}, but the legend rule lets {player} keep "
                "only one legendary permanent named {name}",
        says="{player} can't keep both {first} and {second}",
    )
    def legend_keep_one(self, player, name):
        return [LegendKeepsTooMany(player=player, name=name),
                Ruling(about=f"{player}:legend-keep:{name}", subject="{player}",
                       verdict="can't", action=f"keep more than one {name}", step=sba_step(self, 3))]

    @rule(
        CheckStateBasedActions(keep=MATCH.keep),
        LegendRuleApplies(object=MATCH.object, player=MATCH.player, name=MATCH.name),
        TEST(lambda object, keep: object in keep),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        NOT(LegendKeepsTooMany(player=MATCH.player, name=MATCH.name)),
        id="sba.legend-rule-kept",
        cites=("CR 704.5j",),
        because="{player} chooses to keep {object} under the legend rule",
        absent=("no other state-based action puts {object} into a graveyard",
                "keep names no other legendary permanent named {name} of {player}'s"),
        says="{object} stays on the battlefield",
    )
    def legend_kept(self, object):
        return Ruling(about=f"{object}:sba-legend", subject="{object}", verdict="doesn't happen",
                      action="be put into its owner's graveyard", step=sba_step(self, 3))

    @rule(
        Status(object=MATCH.object, check=MATCH.check, aura=True, illegal_attachment=MATCH.why),
        TEST(lambda why: why != ""),
        id="sba.illegal-aura",
        cites=("CR 704.5m", "CR 303.4c", "CR 702.16c"),
        because="{object} is an Aura and {why}",
        says="{object} is put into its owner's graveyard",
    )
    def illegal_aura(self, object, check):
        return [Dies(object=object, reason="an Aura attached illegally (CR 704.5m)",
                     state_based=True, check=check),
                Ruling(about=f"{object}:sba-aura", subject="{object}", verdict="happens",
                       action="be put into its owner's graveyard (attached illegally)",
                       step=sba_step(self, 3))]

    @rule(
        Status(object=MATCH.object, aura=False, equipment=True, illegal_attachment=MATCH.why),
        TEST(lambda why: why != ""),
        id="sba.equipment-unattached",
        cites=("CR 704.5n", "CR 301.5a", "CR 702.16d"),
        because="{object} is an Equipment and {why}, so it can't stay attached to it",
        says="{object} becomes unattached and stays on the battlefield",
    )
    def equipment_unattached(self, object):
        return Ruling(about=f"{object}:sba-attach", subject="{object}", verdict="happens",
                      action="become unattached (it stays on the battlefield)", step=sba_step(self, 3))

    @rule(
        Dies(object=MATCH.first, state_based=True, check=MATCH.check),
        Dies(object=MATCH.second, state_based=True, check=MATCH.check),
        TEST(lambda first, second: first < second),
        id="sba.simultaneous",
        cites=("CR 704.3", "CR 603.10a"),
        because="{first} and {second} are both put into graveyards by the same check of "
                "state-based actions, which is one event; abilities that trigger on either "
                "dying see both leave",
        says="{first} and {second} die at the same time",
    )
    def simultaneous(self, first, second):
        return Ruling(about=f"{first}+{second}:sba", subject="{first} and {second}",
                      verdict="happens", action="die at the same time", step=sba_step(self, 4))

    # -- what was asked about, when nothing happens to it -----------------------------------

    @rule(
        AskCharacteristics(object=MATCH.object),
        Status(object=MATCH.object, creature=True),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        NOT(LegendRuleApplies(object=MATCH.object)),
        id="sba.survives",
        cites=("CR 704.5f", "CR 704.5g", "CR 704.5h"),
        because="no state-based action removes {object}: its toughness is above 0, and it has "
                "less damage than its toughness and none from a deathtouch source, or it can't "
                "be destroyed",
        absent=("no state-based action puts {object} into a graveyard",
                "{object} shares its name with no other legendary permanent its "
                "controller controls",),
        says="{object} stays on the battlefield",
    )
    def survives(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="doesn't happen",
                      action="die", step=sba_step(self, 3))

    @rule(
        CheckStateBasedActions(),
        Status(object=MATCH.object, creature=True),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        NOT(LegendRuleApplies(object=MATCH.object)),
        id="sba.survives-check",
        cites=("CR 704.3", "CR 704.5f", "CR 704.5g", "CR 704.5h"),
        because="the check finds nothing to do to {object}: its toughness is above 0, and it "
                "has less damage than its toughness and none from a deathtouch source, or it "
                "can't be destroyed",
        absent=("no state-based action puts {object} into a graveyard",
                "{object} shares its name with no other legendary permanent its "
                "controller controls",),
        says="{object} stays on the battlefield",
    )
    def survives_check(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="doesn't happen",
                      action="die", step=sba_step(self, 3))

    @rule(
        DamageResult(to=MATCH.object),
        Status(object=MATCH.object, creature=True),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        NOT(LegendRuleApplies(object=MATCH.object)),
        id="sba.survives-damage",
        cites=("CR 704.5g", "CR 704.5h"),
        because="after the damage, no state-based action removes {object}: its toughness is "
                "above 0, and it has less damage marked than its toughness and none from a "
                "deathtouch source, or the destruction doesn't happen (it has indestructible, "
                "or a replacement such as regeneration saves it)",
        absent=("no state-based action puts {object} into a graveyard",
                "{object} shares its name with no other legendary permanent its "
                "controller controls",),
        says="{object} stays on the battlefield",
    )
    def survives_damage(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="doesn't happen",
                      action="die", step=sba_step(self, 3))

    @rule(
        CounterPut(object=MATCH.object),
        Status(object=MATCH.object, creature=True),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        NOT(LegendRuleApplies(object=MATCH.object)),
        id="sba.survives-counters",
        cites=("CR 704.5f", "CR 704.5g"),
        because="with the new counters, {object}'s toughness is still above 0 and above the "
                "damage marked on it",
        absent=("no state-based action puts {object} into a graveyard",
                "{object} shares its name with no other legendary permanent its "
                "controller controls"),
        says="{object} stays on the battlefield",
    )
    def survives_counters(self, object):
        return Ruling(about=f"{object}:sba", subject="{object}", verdict="doesn't happen",
                      action="die", step=sba_step(self, 3))

    @rule(
        DamageResult(to=MATCH.object),
        Status(object=MATCH.object, creature=False, planeswalker=True, loyalty=MATCH.loyalty),
        NOT(Dies(object=MATCH.object)),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # it left, elsewhere
        id="sba.planeswalker-stays",
        cites=("CR 704.5i", "CR 120.3c"),
        because="after the damage, {object} still has {loyalty} loyalty, more than 0",
        absent=("no state-based action puts {object} into a graveyard",),
        says="{object} stays on the battlefield with {loyalty} loyalty",
    )
    def planeswalker_stays(self, object):
        return Ruling(about=f"{object}:sba-loyalty", subject="{object}",
                      verdict="doesn't happen", action="be put into its owner's graveyard",
                      step=sba_step(self, 3))
