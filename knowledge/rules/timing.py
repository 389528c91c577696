"""CR 117 timing: when a card may be cast (instants and flash any time with priority; other
spells in their caster's main phase with an empty stack, CR 117.1a, 307.1), casting during a
resolution (CR 608.2g: timing from the card's type no longer matters, a card's own timing
restriction still does), and playing lands (CR 305.1-305.3: own main phase, empty stack, a
land play left)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.casting import (
    AdditionalLandPlays,
    CastBlocked,
    Casting,
    CastOnlyDuring,
    CastPermission,
    Flash,
    InstantSpeed,
    LandPlayAvailable,
    LandPlaysAllowed,
    LandPlaysMade,
    PlayBlocked,
    PlayedLand,
    PlayingLand,
    PlayLand,
    PlayPermission,
    TimingMet,
)
from rulings.facts.effects import StaticEffect
from rulings.facts.game import COMBAT_STEPS, MAIN_PHASES, Ability, GameObject, Turn
from rulings.facts.mana import Activate, ActivatedThisTurn, CantPay, PriorityStated
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling

TOPIC = "CR 117 Timing and priority; CR 305 Lands; CR 307 Sorceries"





def _main_phase_now(player: str, active: str, step: str, stack_empty: bool) -> bool:
    return player == active and step in MAIN_PHASES and bool(stack_empty)


def _allowed_steps(steps: object) -> set[str]:
    allowed = set()
    for s in steps:  # type: ignore[attr-defined]
        allowed.update(COMBAT_STEPS if s == "combat" else (s,))
    return allowed


def _restriction_met(steps: object, whose_turn: str, step: str, active: str,
                     player: str) -> bool:
    if step not in _allowed_steps(steps):
        return False
    if whose_turn == "yours":
        return active == player
    if whose_turn == "an opponent's":
        return active != player
    return True


def _stack_words(stack_empty: bool) -> str:
    return "the stack is empty" if stack_empty else "the stack is not empty"


def _has_loyalty_cost(cost: object) -> bool:
    """A loyalty ability has a loyalty symbol in its cost (CR 606.1): '+2 loyalty'."""
    return any(str(p).lower().endswith(" loyalty")
               for p in (cost if isinstance(cost, (list, tuple)) else [cost]))


#: the steps of a turn before its declare attackers step (CR 500.1, 508.1)
BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "precombat main", "beginning of combat")

#: "activate only during …" (CR 602.5b): the window, as a test on (activator, active player,
#: step), and how a ruling says it
ACTIVATION_WINDOWS = {
    "your_turn": (lambda who, active, step: who == active, "during its controller's turn"),
    "your_upkeep": (lambda who, active, step: who == active and step == "upkeep",
                    "during its controller's upkeep"),
    # before the declare attackers step, whose first act is declaring attackers (508.1)
    "your_turn_before_attackers": (
        lambda who, active, step: who == active and step in BEFORE_ATTACKERS,
        "during its controller's turn, before attackers are declared"),
    "combat": (lambda who, active, step: step in COMBAT_STEPS, "during combat"),
    # "during your draw step" (and an any-player ability's "during their draw step": the
    # player activating it, CR 602.1b)
    "your_draw": (lambda who, active, step: who == active and step == "draw",
                  "during its activator's own draw step"),
    # any player's turn: the steps before declare attackers (508.1), or before the combat
    # damage step (510), in the turn's order of steps (500.1)
    "before_attackers": (lambda who, active, step: step in BEFORE_ATTACKERS,
                         "before attackers are declared"),
    "before_combat_damage_step": (
        lambda who, active, step: step in (*BEFORE_ATTACKERS, "declare attackers",
                                           "declare blockers"),
        "before the combat damage step"),
    # one step of any player's turn
    "any_upkeep": (lambda who, active, step: step == "upkeep", "during an upkeep step"),
    "declare_blockers_step": (lambda who, active, step: step == "declare blockers",
                              "during the declare blockers step"),
    "end_of_combat_step": (lambda who, active, step: step == "end of combat",
                           "during the end of combat step"),
}


def _window_closed(timing: str, who: str, active: str, step: str) -> bool:
    window = ACTIVATION_WINDOWS.get(timing)
    return window is not None and not window[0](who, active, step)


def _not_now(ability: str, who: str, reason: str) -> list:
    """An activation refused for its timing: the fact the other rules read, and the ruling."""
    return [CantPay(ability=ability, part="activating it", reason=reason),
            Ruling(about=f"{ability}.sorcery-timing", subject=who, verdict="can't",
                   action="activate {ability} now")]


class Rules:
    # -- activating abilities (CR 117.1b; mana abilities aside, CR 605.3a) ----------------------

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, kind="activated"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        Turn(priority=MATCH.priority),
        TEST(lambda activator, controller, priority: priority != (activator or controller)),
        id="timing.activate-needs-priority",
        cites=("CR 117.1b", "CR 602.2"),
        because="an ability that is not a mana ability is activated only by a player who "
                "has priority, and the question gives priority to {priority}",
        says="{subject} can't activate {ability} now",
    )
    def timing_activate_priority(self, ability, activator, controller):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason=f"{who} doesn't have priority"),
                Ruling(about=f"{ability}.priority", subject=who, verdict="can't",
                       action="activate {ability} now")]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, kind="mana"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        PriorityStated(player=MATCH.priority),
        TEST(lambda activator, controller, priority: priority != (activator or controller)),
        id="timing.mana-ability-needs-priority-or-payment",
        cites=("CR 605.3a", "CR 117.1d"),
        because="a mana ability is activated by a player who has priority, or in the middle "
                "of paying a cost or when a rule or effect asks them for mana; the situation "
                "gives priority to {priority} and asks for no payment",
        says="{subject} can't activate {ability} now, only while paying a cost or when asked "
             "for mana",
    )
    def timing_mana_ability_priority(self, ability, activator, controller):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason=f"{who} doesn't have priority and is paying nothing"),
                Ruling(about=f"{ability}.priority", subject=who, verdict="can't",
                       action="activate {ability} now")]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, timing="sorcery"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        Turn(active=MATCH.active, step=MATCH.step, stack_empty=MATCH.stack_empty),
        TEST(lambda activator, controller, active, step, stack_empty:
             not _main_phase_now(activator or controller, active, step, stack_empty)),
        id="timing.activate-as-sorcery",
        cites=("CR 602.5d", "CR 307.5"),
        because="{ability} may be activated only as a sorcery: in its activator's own main "
                "phase with an empty stack; now it is {active}'s {step} step (stack empty: "
                "{stack_empty})",
        says="{subject} can't activate {ability} now",
    )
    def timing_activate_as_sorcery(self, ability, activator, controller):
        return _not_now(ability, activator or controller,
                        "it may be activated only as a sorcery, and now is not such a time")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, timing=MATCH.timing),
        TEST(lambda timing: timing in ACTIVATION_WINDOWS),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        Turn(active=MATCH.active, step=MATCH.step),
        TEST(lambda timing, activator, controller, active, step:
             _window_closed(timing, activator or controller, active, step)),
        id="timing.activate-only-during",
        cites=("CR 602.5b", "CR 602.1b"),
        because="{ability}'s text limits when it may be activated (to a part of its "
                "controller's turn, which for an ability any player may activate is the "
                "turn of the player activating it; to a step or the steps before attackers "
                "or combat damage of any turn; or to combat), and now, {active}'s {step} "
                "step, is not such a time",
        says="{subject} can't activate {ability} now",
    )
    def timing_activate_only_during(self, ability, activator, controller, timing):
        return _not_now(ability, activator or controller,
                        f"it may be activated only {ACTIVATION_WINDOWS[timing][1]}")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_has_loyalty_cost),
                timing=P(lambda t: t != "sorcery")),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        Turn(active=MATCH.active, step=MATCH.step, stack_empty=MATCH.stack_empty),
        TEST(lambda activator, controller, active, step, stack_empty:
             not _main_phase_now(activator or controller, active, step, stack_empty)),
        id="timing.loyalty-as-sorcery",
        cites=("CR 606.3", "CR 307.5"),
        because="{ability} is a loyalty ability (its cost changes loyalty), and a loyalty "
                "ability is activated only in its controller's own main phase with an empty "
                "stack; now it is {active}'s {step} step (stack empty: {stack_empty})",
        says="{subject} can't activate {ability} now",
    )
    def timing_loyalty_as_sorcery(self, ability, activator, controller):
        return _not_now(ability, activator or controller,
                        "a loyalty ability is activated only as a sorcery, and now is not "
                        "such a time")

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, cost=P(_has_loyalty_cost)),
        ActivatedThisTurn(ability=MATCH.earlier),
        Ability(id=MATCH.earlier, source=MATCH.source, cost=P(_has_loyalty_cost)),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        id="timing.loyalty-once-per-turn",
        cites=("CR 606.3",),
        because="a loyalty ability of {source} ({earlier}) was already activated this turn, "
                "and a permanent's loyalty abilities are activated only once each turn in all",
        says="{subject} can't activate {ability} this turn",
    )
    def timing_loyalty_once(self, ability, activator, controller):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason="a loyalty ability of this permanent was already activated "
                               "this turn"),
                Ruling(about=f"{ability}.loyalty-once", subject=who, verdict="can't",
                       action="activate {ability} this turn")]

    # -- instant speed --------------------------------------------------------------------------

    @rule(
        Casting(object=MATCH.card),
        GameObject(id=MATCH.card, types=has("instant")),
        id="timing.instant",
        cites=("CR 117.1a", "CR 304.1"),
        because="{card} is an instant",
    )
    def timing_instant(self, card):
        return InstantSpeed(object=card, why="it is an instant")

    @rule(
        Casting(object=MATCH.card),
        Flash(source=MATCH.card),
        id="timing.flash",
        cites=("CR 702.8a",),
        because="{card} has flash, so it may be cast any time its caster could cast an "
                "instant",
    )
    def timing_flash(self, card):
        return InstantSpeed(object=card, why="it has flash")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        InstantSpeed(object=MATCH.card, why=MATCH.why),
        Turn(priority=MATCH.player),
        id="timing.instant-speed",
        cites=("CR 117.1a",),
        because="{card} may be cast whenever its caster has priority ({why}), and {player} "
                "has priority",
    )
    def timing_instant_speed(self, card, player, why):
        return TimingMet(player=player, object=card, how=f"{why}, and they have priority")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        Turn(priority=MATCH.priority),
        TEST(lambda priority, player: priority != player),
        GameObject(id=MATCH.card, name=MATCH.name, types=lacks("land")),
        id="timing.no-priority",
        cites=("CR 117.1", "CR 117.1a"),
        because="outside the resolution of a spell or ability, a player casts spells only "
                "while they hold priority, and {player} doesn't hold it now ({priority} "
                "does; in a sequence of events a player keeps priority after casting or "
                "activating, until a `passes: {{player: …}}` event passes it on)",
        says="{player} can't cast {card} now",
    )
    def timing_no_priority(self, card, player, name):
        return [
            CastBlocked(player=player, object=card, reason="no priority"),
            Ruling(about=f"{card}.cast.priority", subject=player, verdict="can't",
                   action=f"cast {name} now"),
        ]

    # -- main-phase timing ---------------------------------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        GameObject(id=MATCH.card, types=lacks("land") & MATCH.types),
        NOT(InstantSpeed(object=MATCH.card)),
        Turn(active=MATCH.player, step=P(lambda s: s in MAIN_PHASES) & MATCH.step,
             stack_empty=True, priority=MATCH.player),
        id="timing.main-phase",
        cites=("CR 117.1a", "CR 307.1"),
        because="{card} ({types}) is neither an instant nor has flash, so it may be cast "
                "only in its caster's main phase with an empty stack; it is {player}'s "
                "{step} step, the stack is empty and {player} has priority",
        absent=("{card} does not have flash",),
    )
    def timing_main_phase(self, card, player, step):
        return TimingMet(player=player, object=card, how=f"it is their {step} step with an "
                                                         "empty stack")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        GameObject(id=MATCH.card, name=MATCH.name, types=lacks("land") & MATCH.types),
        NOT(InstantSpeed(object=MATCH.card)),
        Turn(active=MATCH.active, step=MATCH.step, stack_empty=MATCH.stack_empty),
        TEST(lambda player, active, step, stack_empty:
             not _main_phase_now(player, active, step, stack_empty)),
        id="timing.not-main-phase",
        cites=("CR 117.1a", "CR 307.1"),
        because="{card} ({types}) is neither an instant nor has flash, so outside the "
                "resolution of another spell or ability it may be cast only during its "
                "caster's own main phase while the stack is empty; now it is {active}'s "
                "{step} step (stack empty: {stack_empty})",
        absent=("{card} does not have flash", "no effect is letting {player} cast {card} "
                "while a spell or ability resolves"),
        says="{player} can't cast {card} now",
    )
    def timing_not_main_phase(self, card, player, name):
        return [
            CastBlocked(player=player, object=card, reason="not at sorcery timing"),
            Ruling(about=f"{card}.cast.timing", subject=player, verdict="can't",
                   action=f"cast {name} now"),
        ]

    # -- casting during a resolution (CR 608.2g) -----------------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability),
        CastPermission(player=MATCH.player, object=MATCH.card, kind="during a resolution",
                       source=MATCH.ability),
        GameObject(id=MATCH.card, types=lacks("land") & MATCH.types),
        id="timing.while-resolving",
        cites=("CR 608.2g", "CR 307.1"),
        because="{card} is cast while {ability} resolves, because its instructions say so; "
                "such a cast doesn't wait for priority, and the timing that comes from the "
                "card's type ({types}: main phase, empty stack) doesn't apply; a timing "
                "restriction written on the card itself still does",
    )
    def timing_while_resolving(self, card, player):
        return TimingMet(player=player, object=card,
                         how="it is cast while an ability resolves, so the timing of its "
                             "card type is set aside")

    # -- a card's own timing restriction ("cast this spell only during combat") ---------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        CastOnlyDuring(source=MATCH.card, steps=MATCH.steps, whose_turn=MATCH.whose_turn),
        Turn(active=MATCH.active, step=MATCH.step),
        TEST(lambda steps, whose_turn, step, active, player:
             not _restriction_met(steps, whose_turn, step, active, player)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="timing.own-restriction-not-met",
        cites=("CR 601.3",),
        because="{card} says it may be cast only during: {steps} (turn: {whose_turn}), "
                "and it is {active}'s {step} step",
        says="{player} can't cast {card} now",
    )
    def timing_restriction_not_met(self, card, player, name):
        return [
            CastBlocked(player=player, object=card, reason="its own timing restriction"),
            Ruling(about=f"{card}.cast.restriction", subject=player, verdict="can't",
                   action=f"cast {name} now"),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=MATCH.ability,
                step=MATCH.order),
        TEST(lambda ability: ability != ""),
        CastOnlyDuring(source=MATCH.card, steps=MATCH.steps, whose_turn=MATCH.whose_turn),
        Turn(active=MATCH.active, step=MATCH.step),
        TEST(lambda steps, whose_turn, step, active, player:
             not _restriction_met(steps, whose_turn, step, active, player)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="timing.own-restriction-still-applies",
        cites=("CR 601.3", "CR 608.2g"),
        because="casting {card} while {ability} resolves sets aside only the timing that "
                "comes from its card type; {card}'s own restriction (only during: {steps}; "
                "turn: {whose_turn}) still applies, and it is {active}'s {step} step",
        says="{player} can't cast {card} now, even through {ability}",
    )
    def timing_restriction_still_applies(self, card, player, name, order):
        return [
            CastBlocked(player=player, object=card, reason="its own timing restriction"),
            Ruling(about=f"{card}.cast.restriction", subject=player, verdict="can't",
                   action=f"cast {name} now", step=order),
        ]

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.order),
        CastOnlyDuring(source=MATCH.card, steps=MATCH.steps, whose_turn=MATCH.whose_turn),
        Turn(active=MATCH.active, step=MATCH.step),
        TEST(lambda steps, whose_turn, step, active, player:
             _restriction_met(steps, whose_turn, step, active, player)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="timing.own-restriction-met",
        cites=("CR 601.3",),
        because="{card}'s own timing restriction (only during: {steps}; turn: {whose_turn}) "
                "is a rule of the card, not of its type, so it is always followed; it is "
                "{active}'s {step} step, which it allows",
        says="{card}'s own timing restriction allows {player} to cast it now",
    )
    def timing_restriction_met(self, card, player, name, order):
        return Ruling(about=f"{card}.cast.restriction", subject=player, verdict="can",
                      action=f"cast {name} under its own timing restriction", step=order)

    # -- playing a land (CR 305) ---------------------------------------------------------------

    @rule(
        PlayLand(card=MATCH.card, player=MATCH.player),
        TEST(lambda player: player != ""),
        id="lands.player",
        cites=("CR 305.1",),
        because="{player} is the one playing {card}",
    )
    def timing_land_player(self, card, player):
        return PlayingLand(object=card, player=player)

    @rule(
        PlayLand(card=MATCH.card, player=""),
        GameObject(id=MATCH.card, controller=MATCH.player),
        id="lands.player-default",
        cites=("CR 305.1",),
        because="the question names no player, so {card}'s controller {player} plays it",
    )
    def timing_land_player_default(self, card, player):
        return PlayingLand(object=card, player=player)

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, zone="hand", owner=MATCH.player),
        id="lands.from-hand",
        cites=("CR 305.1",),
        because="{card} is in {player}'s own hand, where lands are normally played from",
    )
    def timing_land_from_hand(self, card, player):
        return PlayPermission(player=player, object=card, kind="from their hand")

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, name=MATCH.name, types=lacks("land") & MATCH.types),
        id="lands.not-a-land",
        cites=("CR 305.1", "CR 601.1a"),
        because="{card} ({types}) is not a land card; only a land card is played as a land, "
                "any other card is cast as a spell",
        says="{player} can't play {card} as a land",
    )
    def timing_not_a_land(self, card, player, name):
        return [
            PlayBlocked(player=player, object=card, reason="not a land"),
            Ruling(about=f"{card}.play.not-land", subject=player, verdict="can't",
                   action=f"play {name} as a land"),
        ]

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, name=MATCH.name, zone=MATCH.zone),
        NOT(PlayPermission(player=MATCH.player, object=MATCH.card)),
        id="lands.no-permission",
        cites=("CR 305.1",),
        because="a land is played from its owner's hand unless an effect allows another "
                "zone, and nothing lets {player} play {card} from the {zone}",
        absent=("no effect lets {player} play {card} from the {zone}",),
        says="{player} can't play {card}",
    )
    def timing_land_no_permission(self, card, player, name):
        return [
            PlayBlocked(player=player, object=card, reason="nothing allows it"),
            Ruling(about=f"{card}.play.no-permission", subject=player, verdict="can't",
                   action=f"play {name}"),
        ]

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        Turn(active=MATCH.active, step=MATCH.step, stack_empty=MATCH.stack_empty,
             priority=MATCH.priority),
        TEST(lambda player, active, step, stack_empty, priority:
             not (_main_phase_now(player, active, step, stack_empty) and priority == player)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="lands.not-now",
        cites=("CR 305.1", "CR 305.3", "CR 116.2a"),
        because="a land may be played only during its player's own main phase, while they "
                "have priority and the stack is empty; now it is {active}'s {step} step "
                "(stack empty: {stack_empty}), with priority held by: {priority}",
        says="{player} can't play {card} now",
    )
    def timing_land_not_now(self, card, player, name):
        return [
            PlayBlocked(player=player, object=card, reason="not the right time"),
            Ruling(about=f"{card}.play.timing", subject=player, verdict="can't",
                   action=f"play {name} now"),
        ]

    # -- land plays left (CR 305.2) ------------------------------------------------------------

    @rule(
        PlayingLand(player=MATCH.player),
        NOT(AdditionalLandPlays(player=MATCH.player)),
        id="lands.one-per-turn",
        cites=("CR 305.2",),
        because="a player normally may play one land each turn, and no effect gives {player} "
                "more",
        absent=("no effect lets {player} play additional lands",),
    )
    def timing_one_per_turn(self, player):
        return LandPlaysAllowed(player=player, count=1)

    @rule(
        PlayingLand(player=MATCH.player),
        AS.effect << StaticEffect(effect="additional_land_plays", source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.player),
        Turn(active=MATCH.player),
        salience=salience.DERIVE,
        id="lands.permanent-gives-plays",
        cites=("CR 305.2", "CR 604.1"),
        because="{source} is on the battlefield under {player}'s control, and its static "
                "ability lets its controller play more lands on each of their turns; this is "
                "{player}'s turn",
    )
    def timing_permanent_gives_plays(self, effect, player, source):
        values = [v for v in effect["values"] if str(v).isdigit()]
        return AdditionalLandPlays(player=player, count=int(values[0]) if values else 1,
                                   source=source)

    @rule(
        PlayingLand(player=MATCH.player),
        AdditionalLandPlays(player=MATCH.player),
        salience=salience.AGGREGATE,
        id="lands.additional-plays",
        cites=("CR 305.2",),
        because="effects let {player} play more lands than the usual one each turn, and "
                "they add up",
    )
    def timing_additional_plays(self, player):
        extra = sum(f["count"] for f in self.collect(AdditionalLandPlays, player=player))
        return LandPlaysAllowed(player=player, count=1 + extra)

    @rule(
        PlayingLand(player=MATCH.player),
        NOT(PlayedLand(player=MATCH.player)),
        id="lands.none-played",
        cites=("CR 305.2a",),
        because="{player} has not played a land this turn",
        absent=("{player} has not played a land this turn",),
    )
    def timing_none_played(self, player):
        return LandPlaysMade(player=player, count=0)

    @rule(
        PlayingLand(player=MATCH.player),
        PlayedLand(player=MATCH.player, count=MATCH.count),
        id="lands.some-played",
        cites=("CR 305.2a",),
        because="{player} has already played {count} land(s) this turn, by any means",
    )
    def timing_some_played(self, player, count):
        return LandPlaysMade(player=player, count=count)

    @rule(
        LandPlaysAllowed(player=MATCH.player, count=MATCH.allowed),
        LandPlaysMade(player=MATCH.player, count=MATCH.made),
        TEST(lambda allowed, made: made < allowed),
        id="lands.play-left",
        cites=("CR 305.2", "CR 305.2a"),
        because="{player} may play {allowed} land(s) this turn and has played {made}",
    )
    def timing_play_left(self, player, allowed, made):
        return LandPlayAvailable(player=player, allowed=allowed, made=made)

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        LandPlaysAllowed(player=MATCH.player, count=MATCH.allowed),
        LandPlaysMade(player=MATCH.player, count=MATCH.made),
        TEST(lambda allowed, made: made >= allowed),
        GameObject(id=MATCH.card, name=MATCH.name, types=has("land")),
        id="lands.no-play-left",
        cites=("CR 305.2", "CR 305.2b"),
        because="{player} may play {allowed} land(s) this turn and has already played "
                "{made}, so no land play is left, whatever lets them play {card}",
        says="{player} can't play {card}: no land play is left this turn",
    )
    def timing_no_play_left(self, card, player, name):
        return [
            PlayBlocked(player=player, object=card, reason="no land play left"),
            Ruling(about=f"{card}.play.count", subject=player, verdict="can't",
                   action=f"play {name}"),
        ]

    @rule(
        PlayingLand(object=MATCH.card, player=MATCH.player),
        PlayPermission(player=MATCH.player, object=MATCH.card),
        LandPlayAvailable(player=MATCH.player),
        Turn(active=MATCH.player, step=MATCH.step),
        GameObject(id=MATCH.card, name=MATCH.name, types=has("land")),
        NOT(PlayBlocked(player=MATCH.player, object=MATCH.card)),
        id="lands.can-play",
        cites=("CR 305.1", "CR 305.2", "CR 116.2a"),
        because="{player} is allowed to play {card}, it is their {step} step with the stack "
                "empty and priority theirs, and they have a land play left",
        absent=("nothing stops {player} from playing {card} now",),
        says="{player} can play {card} as a land",
    )
    def timing_can_play(self, card, player, name):
        return Ruling(about=f"{card}.play", subject=player, verdict="can",
                      action=f"play {name}")
