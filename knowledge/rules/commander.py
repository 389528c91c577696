"""CR 903 (with 702.124, 704.6c): the Commander variant — which object is a player's
commander, color identity and what a deck may hold, casting a commander from the command
zone with the commander tax, a commander going back to the command zone (a state-based
action from a graveyard or exile, a replacement instead of a hand or library), and losing to
21 combat damage from one commander.

The words are in facts/commander.py; a card's color identity is computed there
(facts.commander.identity) as the game begins, as 903.4a says.

903.9b is a replacement effect; the project's general replacement procedure is not on main
yet, so this module states it on its own (a commander that would go to a hand or library).
"""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.casting import Casting, CastPermission
from rulings.facts.combat import CombatDamage
from rulings.facts.commander import (
    CanBeCommander,
    ColorIdentity,
    Commander,
    CommanderCandidate,
    CommanderCasts,
    CommanderDamage,
    CommanderHit,
    CommanderIdentity,
    GameFormat,
    InDeck,
    IsCommander,
    NewInZone,
)
from rulings.facts.costs import CostChange
from rulings.facts.effects import Step
from rulings.facts.faces import CardFaces
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    DiesEvent,
    Fizzles,
    IfFalseOnResolution,
    Leaves,
    StepOnTarget,
    Targeter,
    TargetLegal,
    TopOfStack,
)
from rulings.facts.state import (
    CantLose,
    CheckStateBasedActions,
    CopyOf,
    DamageResult,
    DealDamage,
    Dies,
    LosesGame,
    PlayerStatus,
)

#: after what the event or resolution does, before the triggers it causes are put on the stack
STEP_COMMAND_ZONE = 95

TOPIC = "CR 903 The Commander variant (with 702.124 partners and 704.6c)"

#: what a commander's combat damage to a player totals to lose the game (903.10a)
LETHAL_COMMANDER_DAMAGE = 21


def _names(name: str, faces: list[str]) -> set[str]:
    return {n.lower() for n in [name, *faces]}


def _listing(colors: list[str]) -> str:
    return ", ".join(colors) if colors else "colorless"


class Rules:
    # -- which object is the commander (CR 903.3) -----------------------------------------

    @rule(
        GameFormat(name="commander"),
        Commander(player=MATCH.player, card=MATCH.card),
        GameObject(id=MATCH.object, owner=MATCH.player, token=False, name=MATCH.name),
        TEST(lambda name, card: name.lower() == card.lower()),
        NOT(CopyOf(object=MATCH.object)),
        salience=salience.DERIVE,
        id="commander.is-commander",
        cites=("CR 903.3",),
        because="{player}'s commander is {card}, and {object} is that card, owned by "
                "{player}: being the commander belongs to the card, in every zone",
        absent=("{object} is not a copy of another object",),
    )
    def is_commander(self, object, player, card):
        return IsCommander(object=object, player=player, card=card)

    @rule(
        GameFormat(name="commander"),
        Commander(player=MATCH.player, card=MATCH.card),
        GameObject(id=MATCH.object, owner=MATCH.player, token=False),
        CardFaces(object=MATCH.object, card=MATCH.full, faces=MATCH.faces),
        TEST(lambda card, full, faces: card.lower() in _names(full, faces)),
        NOT(CopyOf(object=MATCH.object)),
        salience=salience.DERIVE,
        id="commander.is-commander-by-face",
        cites=("CR 903.3",),
        because="{player}'s commander is {card}, a card with faces, and {object} is that card "
                "({full}), owned by {player}",
        absent=("{object} is not a copy of another object",),
    )
    def is_commander_by_face(self, object, player, card):
        return IsCommander(object=object, player=player, card=card)

    # -- which cards may be commanders (CR 903.3, 903.3a) ---------------------------------

    @rule(
        CanBeCommander(card=MATCH.card),
        CommanderCandidate(card=MATCH.card, supertypes=MATCH.supertypes, types=MATCH.types,
                           subtypes=MATCH.subtypes, has_pt=MATCH.has_pt, says_so=MATCH.says,
                           line=MATCH.line),
        TEST(lambda supertypes, types, subtypes, has_pt, says: says or (
            "legendary" in supertypes and ("creature" in types or "vehicle" in subtypes
                                           or ("spacecraft" in subtypes and has_pt)))),
        id="commander.may-be-commander",
        cites=("CR 903.3", "CR 903.3a"),
        because="a commander is a legendary creature, Vehicle or Spacecraft with power and "
                "toughness, or a card whose text says it can be your commander; {card} is a "
                "{line}",
        says="{card} may be a commander",
    )
    def may_be_commander(self, card):
        return Ruling(about=f"{card}:commander", subject=card, verdict="can",
                      action="be designated a commander")

    @rule(
        CanBeCommander(card=MATCH.card),
        CommanderCandidate(card=MATCH.card, supertypes=MATCH.supertypes, types=MATCH.types,
                           subtypes=MATCH.subtypes, has_pt=MATCH.has_pt, says_so=MATCH.says,
                           line=MATCH.line),
        TEST(lambda supertypes, types, subtypes, has_pt, says: not (says or (
            "legendary" in supertypes and ("creature" in types or "vehicle" in subtypes
                                           or ("spacecraft" in subtypes and has_pt))))),
        id="commander.may-not-be-commander",
        cites=("CR 903.3", "CR 903.3a"),
        because="{card} is a {line}: not a legendary creature, "
                "Vehicle or Spacecraft with power and toughness, and its text doesn't say it "
                "can be your commander",
        says="{card} can't be a commander",
    )
    def may_not_be_commander(self, card):
        return Ruling(about=f"{card}:commander", subject=card, verdict="can't",
                      action="be designated a commander")

    # -- color identity and deck building (CR 903.4, 903.5c) ------------------------------

    @rule(
        InDeck(card=MATCH.card),
        ColorIdentity(card=MATCH.card, colors=MATCH.colors, parts=MATCH.parts),
        id="commander.color-identity",
        cites=("CR 903.4", "CR 903.4c", "CR 903.4d", "CR 903.4e"),
        because="a card's color identity is the colors of the mana symbols in its mana cost "
                "and its rules text (reminder text aside), and of its color indicator, on "
                "every face: {parts}",
        says="{card}'s color identity is {colors}",
    )
    def color_identity(self, card, colors):
        return Ruling(about=f"{card}:identity", subject=card, verdict="happens",
                      action=f"have the color identity {_listing(colors)}")

    @rule(
        InDeck(player=MATCH.player, card=MATCH.card),
        ColorIdentity(card=MATCH.card, colors=MATCH.colors),
        CommanderIdentity(player=MATCH.player, commanders=MATCH.commanders,
                          colors=MATCH.allowed),
        TEST(lambda colors, allowed: set(colors) <= set(allowed)),
        id="commander.deck-allows",
        cites=("CR 903.5c", "CR 702.124c"),
        because="every color of {card}'s color identity ({colors}) is in the color identity "
                "of {player}'s commander(s) {commanders} ({allowed})",
        says="{card} may be in {player}'s deck",
    )
    def deck_allows(self, player, card):
        return Ruling(about=f"{player}:deck:{card}", subject=player, verdict="can",
                      action=f"include {card} in their Commander deck")

    @rule(
        InDeck(player=MATCH.player, card=MATCH.card),
        ColorIdentity(card=MATCH.card, colors=MATCH.colors),
        CommanderIdentity(player=MATCH.player, commanders=MATCH.commanders,
                          colors=MATCH.allowed),
        TEST(lambda colors, allowed: not set(colors) <= set(allowed)),
        id="commander.deck-refuses",
        cites=("CR 903.5c", "CR 702.124c"),
        because="{card}'s color identity ({colors}) has a color that the color identity of "
                "{player}'s commander(s) {commanders} ({allowed}) lacks",
        says="{card} can't be in {player}'s deck",
    )
    def deck_refuses(self, player, card, colors, allowed):
        missing = [c for c in colors if c not in allowed]
        return Ruling(about=f"{player}:deck:{card}", subject=player, verdict="can't",
                      action=f"include {card} in their Commander deck "
                             f"({', '.join(missing)} is outside their commander's identity)")

    # -- the command zone and the commander tax (CR 903.8) --------------------------------

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, during=""),
        GameObject(id=MATCH.object, zone="command", owner=MATCH.player),
        IsCommander(object=MATCH.object, player=MATCH.player),
        id="commander.cast-from-command-zone",
        cites=("CR 903.8",),
        because="{object} is {player}'s own commander, and a player may cast their commander "
                "from the command zone",
    )
    def cast_from_command_zone(self, object, player):
        return CastPermission(player=player, object=object,
                              kind="from the command zone, as their commander")

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, during=""),
        GameObject(id=MATCH.object, zone="command", owner=MATCH.player, name=MATCH.name),
        IsCommander(object=MATCH.object, player=MATCH.player),
        CommanderCasts(object=MATCH.object, count=P(lambda n: n > 0) & MATCH.count),
        salience=salience.DERIVE,
        id="commander.tax",
        cites=("CR 903.8",),
        because="{player} has already cast {object} from the command zone {count} time(s) "
                "this game, and a commander cast from there costs {{2}} more for each of "
                "them (the commander tax)",
        says="{name} costs an additional {{2}} for each earlier cast from the command zone",
    )
    def tax(self, object, player, name, count):
        tax = 2 * count
        return [CostChange(paying_for=object, source=f"{object}:commander-tax", ability="",
                           amount=tax, change=f"{{{tax}}} more"),
                Ruling(about=f"{object}.cost.commander-tax", subject=name, verdict="must",
                       action=f"cost an additional {{{tax}}} to cast (commander tax)")]

    # -- going back to the command zone (CR 903.9) ----------------------------------------

    @rule(
        DiesEvent(objects=MATCH.objects),
        IsCommander(object=MATCH.object, player=MATCH.player),
        TEST(lambda objects, object: object in objects),
        id="commander.to-command-zone-from-graveyard",
        cites=("CR 903.9a", "CR 704.3"),
        because="{object} is {player}'s commander: once it is in the graveyard, the next "
                "time state-based actions are checked {player} may put it into the command "
                "zone (it still died first, so abilities that trigger on dying trigger)",
        says="{player} may put {object} into the command zone as a state-based action",
    )
    def from_graveyard(self, object, player):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action="put {object} into the command zone from the graveyard "
                             "(a state-based action)")

    @rule(
        Dies(object=MATCH.object),
        IsCommander(object=MATCH.object, player=MATCH.player),
        NOT(DiesEvent()),
        NOT(Leaves()),
        id="commander.died-to-command-zone",
        cites=("CR 903.9a", "CR 704.3"),
        because="{object} is {player}'s commander and dies (destroyed, sacrificed or put into "
                "the graveyard by a state-based action): the next time state-based actions are "
                "checked {player} may put it into the command zone (it died first, so abilities "
                "that trigger on dying trigger)",
        says="{player} may put {object} into the command zone as a state-based action",
    )
    def died(self, object, player):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action="put {object} into the command zone from the graveyard "
                             "(a state-based action)", step=STEP_COMMAND_ZONE)

    @rule(
        TopOfStack(object=MATCH.spell),
        IsCommander(object=MATCH.object, player=MATCH.player),
        NOT(Fizzles(object=MATCH.spell)),
        NOT(IfFalseOnResolution(object=MATCH.spell)),
        id="commander.exiled-by-resolution",
        cites=("CR 903.9a", "CR 704.3"),
        because="{object} is {player}'s commander and the resolving {spell} exiles it: once "
                "it is in exile, the next time state-based actions are checked {player} may "
                "put it into the command zone",
        says="{player} may {action}",
    )
    def exiled_by_resolution(self, spell, object, player):
        from rulings.knowledge import resolving

        res = resolving.result_of(self)
        if res is None:
            return None
        if object not in res.exiled:
            # a death: commander.died-to-command-zone; a hand or library:
            # commander.instead-of-hand-on-resolution
            return None
        action = "put {object} into the command zone from exile (a state-based action)"
        ins = next((i for i in res.instructions if object in i.objects), None)
        if ins is not None:
            self.cite(*ins.facts)
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action=action, step=STEP_COMMAND_ZONE)

    @rule(
        Leaves(objects=MATCH.objects, to=P(lambda t: t in ("graveyard", "exile")) & MATCH.to),
        IsCommander(object=MATCH.object, player=MATCH.player),
        TEST(lambda objects, object: object in objects),
        id="commander.to-command-zone-from-exile",
        cites=("CR 903.9a", "CR 704.3"),
        because="{object} is {player}'s commander, put into the {to}: the next time "
                "state-based actions are checked, {player} may put it into the command zone",
        says="{player} may put {object} into the command zone as a state-based action",
    )
    def from_exile(self, object, player, to):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action=f"put {{object}} into the command zone from the {to} "
                             "(a state-based action)")

    @rule(
        CheckStateBasedActions(),
        IsCommander(object=MATCH.object, player=MATCH.player),
        GameObject(id=MATCH.object, zone=P(lambda z: z in ("graveyard", "exile")) & MATCH.zone),
        NewInZone(object=MATCH.object),
        id="commander.to-command-zone-on-check",
        cites=("CR 903.9a", "CR 704.3"),
        because="{object}, {player}'s commander, was put into the {zone} since state-based "
                "actions were last checked, so as they are checked now {player} may put it "
                "into the command zone",
        says="{player} may put {object} into the command zone as a state-based action",
    )
    def on_check(self, object, player, zone):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action=f"put {{object}} into the command zone from the {zone} "
                             "(a state-based action)")

    @rule(
        CheckStateBasedActions(),
        IsCommander(object=MATCH.object, player=MATCH.player),
        GameObject(id=MATCH.object, zone=P(lambda z: z in ("graveyard", "exile")) & MATCH.zone),
        NOT(NewInZone(object=MATCH.object)),
        id="commander.stays-after-check",
        cites=("CR 903.9a",),
        because="{object}, {player}'s commander, has been in the {zone} since before state-based "
                "actions were last checked: the chance to move it to the command zone came "
                "then, and a later check doesn't offer it again",
        absent=("{object} was not put into the {zone} since the last check",),
        says="{player} can't move {object} to the command zone now",
    )
    def stays(self, object, player, zone):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="can't",
                      action=f"put {{object}} into the command zone from the {zone} now")

    @rule(
        Leaves(objects=MATCH.objects, to=P(lambda t: t in ("hand", "library")) & MATCH.to),
        IsCommander(object=MATCH.object, player=MATCH.player),
        TEST(lambda objects, object: object in objects),
        id="commander.instead-of-hand-or-library",
        cites=("CR 903.9b", "CR 614.1"),
        because="{object} is {player}'s commander and would be put into a {to}: {player} may "
                "put it into the command zone instead (a replacement effect, which may apply "
                "again to the same event)",
        says="{player} may put {object} into the command zone instead of the {to}",
    )
    def instead_of_hand(self, object, player, to):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action=f"put {{object}} into the command zone instead of the {to}")

    @rule(
        Targeter(object=MATCH.spell, ability=MATCH.ability, stage="resolve"),
        StepOnTarget(ability=MATCH.ability, index=MATCH.index,
                     verb=P(lambda v: v in ("return", "put")), slot=MATCH.slot),
        Step(ability=MATCH.ability, index=MATCH.index,
             to=P(lambda t: t in ("hand", "library")) & MATCH.to),
        TargetLegal(object=MATCH.spell, slot=MATCH.slot, target=MATCH.object),
        IsCommander(object=MATCH.object, player=MATCH.player),
        id="commander.instead-of-hand-on-resolution",
        cites=("CR 903.9b", "CR 614.1"),
        because="step {index} of {spell} would put {object}, {player}'s commander, into a "
                "{to}: {player} may put it into the command zone instead (a replacement "
                "effect)",
        says="{player} may put {object} into the command zone instead of the {to}",
    )
    def instead_on_resolution(self, object, player, to):
        return Ruling(about=f"{object}:command-zone", subject=player, verdict="may",
                      action=f"put {{object}} into the command zone instead of the {to}")

    # -- commander damage (CR 903.10a, 704.6c) --------------------------------------------

    @rule(
        DealDamage(source=MATCH.object, combat=True),
        IsCommander(object=MATCH.object, card=MATCH.card),
        DamageResult(source=MATCH.object, to=MATCH.player, result="life lost",
                     amount=MATCH.amount),
        salience=salience.DERIVE,
        id="commander.combat-damage-counts",
        cites=("CR 903.10a",),
        because="{object} is a commander ({card}) and deals {amount} combat damage to "
                "{player}, which counts toward the commander damage {player} has taken",
    )
    def combat_damage_counts(self, object, card, player, amount):
        return CommanderHit(player=player, commander=card, object=object, amount=amount)

    @rule(
        CombatDamage(),
        IsCommander(object=MATCH.object, card=MATCH.card),
        DamageResult(source=MATCH.object, to=MATCH.player, result="life lost",
                     amount=MATCH.amount),
        salience=salience.DERIVE,
        id="commander.combat-step-damage-counts",
        cites=("CR 903.10a", "CR 510.2"),
        because="{object} is a commander ({card}) and deals {amount} combat damage to "
                "{player} in the combat damage step",
    )
    def combat_step_damage_counts(self, object, card, player, amount):
        return CommanderHit(player=player, commander=card, object=object, amount=amount)

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderDamage(player=MATCH.player, commander=MATCH.commander, amount=MATCH.before),
        CommanderHit(player=MATCH.player, commander=MATCH.commander, object=MATCH.object,
                     amount=MATCH.amount),
        TEST(lambda before, amount: before + amount >= LETHAL_COMMANDER_DAMAGE),
        NOT(CantLose(player=MATCH.player)),
        id="commander.damage-loses",
        cites=("CR 903.10a", "CR 704.6c"),
        because="{player} had been dealt {before} combat damage by the commander {commander} "
                "and {object} now deals {amount} more: 21 or more combat damage from the same "
                "commander loses the game when state-based actions are checked",
        says="{player} loses the game to commander damage",
    )
    def damage_loses(self, player, commander, before, amount):
        return _loses(player, commander, before + amount)

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderHit(player=MATCH.player, commander=MATCH.commander, object=MATCH.object,
                     amount=P(lambda n: n >= LETHAL_COMMANDER_DAMAGE) & MATCH.amount),
        NOT(CommanderDamage(player=MATCH.player, commander=MATCH.commander)),
        NOT(CantLose(player=MATCH.player)),
        id="commander.damage-loses-at-once",
        cites=("CR 903.10a", "CR 704.6c"),
        because="{object}, the commander {commander}, deals {player} {amount} combat damage "
                "at once: 21 or more from the same commander loses the game",
        absent=("no earlier combat damage from {commander} to {player} is stated",),
        says="{player} loses the game to commander damage",
    )
    def damage_loses_at_once(self, player, commander, amount):
        return _loses(player, commander, amount)

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderDamage(player=MATCH.player, commander=MATCH.commander,
                        amount=P(lambda n: n >= LETHAL_COMMANDER_DAMAGE) & MATCH.before),
        NOT(CommanderHit(player=MATCH.player, commander=MATCH.commander)),
        NOT(CantLose(player=MATCH.player)),
        id="commander.damage-loses-already",
        cites=("CR 903.10a", "CR 704.6c"),
        because="{player} has been dealt {before} combat damage by the commander {commander} "
                "over the game: 21 or more from the same commander loses the game",
        absent=("{commander} deals {player} no more combat damage in the event",),
        says="{player} loses the game to commander damage",
    )
    def damage_loses_already(self, player, commander, before):
        return _loses(player, commander, before)

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderDamage(player=MATCH.player, commander=MATCH.commander, amount=MATCH.before),
        NOT(CommanderHit(player=MATCH.player, commander=MATCH.commander)),
        TEST(lambda before: before < LETHAL_COMMANDER_DAMAGE),
        id="commander.damage-below-21",
        cites=("CR 903.10a",),
        because="{player} has been dealt {before} combat damage by the commander {commander}, "
                "fewer than 21, and the event adds none from it (only combat damage from that "
                "commander itself counts: not noncombat damage, not a copy's)",
        absent=("{commander} deals {player} no combat damage in the event",),
        says="{player} doesn't lose to commander damage from {commander}",
    )
    def damage_below(self, player, commander, before):
        return Ruling(about=f"{player}:loses-commander-damage:{commander}", subject="{player}",
                      verdict="doesn't happen",
                      action=f"lose the game to commander damage from {commander} "
                             f"({before}, under 21)")

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderDamage(player=MATCH.player, commander=MATCH.commander, amount=MATCH.before),
        CommanderHit(player=MATCH.player, commander=MATCH.commander, object=MATCH.object,
                     amount=MATCH.amount),
        TEST(lambda before, amount: before + amount < LETHAL_COMMANDER_DAMAGE),
        id="commander.damage-below-21-after-hit",
        cites=("CR 903.10a",),
        because="{player} had been dealt {before} combat damage by the commander {commander} "
                "and {object} deals {amount} more: still fewer than 21 from that commander",
        says="{player} doesn't lose to commander damage from {commander}",
    )
    def damage_below_after_hit(self, player, commander, before, amount):
        return Ruling(about=f"{player}:loses-commander-damage:{commander}", subject="{player}",
                      verdict="doesn't happen",
                      action=f"lose the game to commander damage from {commander} "
                             f"({before + amount}, under 21)")

    @rule(
        PlayerStatus(player=MATCH.player),
        CommanderHit(player=MATCH.player, commander=MATCH.commander, object=MATCH.object,
                     amount=P(lambda n: n < LETHAL_COMMANDER_DAMAGE) & MATCH.amount),
        NOT(CommanderDamage(player=MATCH.player, commander=MATCH.commander)),
        id="commander.damage-counted-from-now",
        cites=("CR 903.10a",),
        because="{object}, the commander {commander}, deals {player} {amount} combat damage; "
                "the situation states no earlier combat damage from it to {player} "
                "(no commander damage of a player entry), so {amount} is the total counted",
        absent=("no earlier combat damage from {commander} to {player} is stated",),
        says="{player} has been dealt {amount} combat damage by {commander}, under 21",
    )
    def damage_counted_from_now(self, player, commander, amount):
        return Ruling(about=f"{player}:loses-commander-damage:{commander}", subject="{player}",
                      verdict="doesn't happen",
                      action=f"lose the game to commander damage from {commander} "
                             f"({amount} counted, under 21)")


def _loses(player: str, commander: str, total: int) -> list[object]:
    return [LosesGame(player=player, reason=f"21 or more combat damage from {commander}"),
            Ruling(about=f"{player}:loses-commander-damage:{commander}", subject="{player}",
                   verdict="happens",
                   action=f"lose the game ({total} combat damage from the commander "
                          f"{commander})", step=3)]
