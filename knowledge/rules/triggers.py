"""CR 603 Handling triggered abilities: which abilities an event triggers (603.2), once for each
occurrence (603.2c); who controls each (603.3a); the order they go on the stack — the active
player's first, then each other player's in turn order (APNAP, 603.3b, 101.4), each player
choosing the order of their own; an intervening "if" checked as the event happens (603.4);
enters-the-battlefield abilities see every permanent on the battlefield after the event
(603.6a), leaves-the-battlefield abilities look back to the game just before it (603.10a);
delayed triggered abilities (603.7).

The situation is the game just before the event; the event word says what happens. Each event
becomes one GameEvent per object or player it happens to; abilities match them through their
trigger's selectors (Selects), so no rule names a card."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.casting import CastBlocked, Casting
from rulings.facts.costs import SacrificedForCost
from rulings.facts.effects import (
    PERMANENT_TYPES,
    Condition,
    Selector,
    Selects,
    TargetSlot,
    Trigger,
    filter_misses,
)
from rulings.facts.faces import FaceDown, FaceUpRefused, TurnFaceUp
from rulings.facts.game import (
    Ability,
    GameObject,
    Opponent,
    Player,
    Turn,
    card_types_in_graveyard,
)
from rulings.facts.mana import Enters
from rulings.facts.replacement import EventReplaced
from rulings.facts.resolution import CantSearchNow
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    DAMAGE_EVENTS,
    EITHER,
    LOOK_BACK,
    PAIRED,
    Apnap,
    Armed,
    Arriving,
    BecomesMonstrous,
    BecomesTapped,
    BecomesUntapped,
    ChosenTarget,
    ConditionHolds,
    ConditionUnknown,
    CounterPut,
    DelayedTrigger,
    DiesEvent,
    Discards,
    Draws,
    Fizzles,
    GainsLife,
    GameEvent,
    Leaves,
    Leaving,
    LosesLife,
    Searches,
    Shuffles,
    SourceController,
    StepBegins,
    TopOfStack,
    Triggered,
    Watching,
    WhoFits,
)
from rulings.facts.state import (
    Characteristics,
    Dies,
    NotGrantedNow,
    ResolvedEffect,
    StateAsked,
    citys_blessing,
)
from rulings.knowledge.layer_system import board, cite_for

#: condition kinds of an intervening 'if' these rules decide; others are said to be open
DECIDED_CONDITIONS = ("cards_in_hand", "life", "no_counters", "has_counters",  # counters.py
                      "counters_on_this",  # counters.py (transform area)
                      "card_types_in_graveyard",  # delirium, below
                      "was_kicked",  # kicker.py
                      "mana_spent",  # mana_spent.py (freecast)
                      "was_cast",  # cast_from.py (castcond)
                      "controlled_since_last_upkeep",  # history.py
                      "spells_cast_last_turn", "most_spells_cast_last_turn",  # history.py
                      "you_attacked_this_turn", "creatures_died_this_turn",  # history.py
                      "life_gained_this_turn", "opponent_lost_life_this_turn",  # history.py
                      "permanent_left_this_turn",  # history.py
                      "permanents_entered_this_turn",  # history.py (history2 area)
                      "citys_blessing",  # ascend, below
                      "creature_powers",  # coven, below (selwords)
                      "you_control", "you_control_count", "opponent_controls_more",  # ifcond.py
                      # selfstate.py: the object with the ability itself
                      "tapped", "equipped", "enchanted", "attacking", "monstrous", "in_zone")
#: `who` words of a trigger that any player fits
ANY_PLAYER = ("any_player", "each_player", "player")

TOPIC = "CR 603 Handling triggered abilities"

FILLED = P(lambda v: v != "")
#: before the stack order is said, each trigger is named; then its place (step of the answer)
STEP_TRIGGERS = 100
#: a player's rank in APNAP order when they come after the active player in seat order
AFTER = 1000


def _went(zone: str) -> str:
    """Where a permanent that left the battlefield went, in words."""
    return "into exile" if zone == "exile" else f"to its owner's {zone}"


def _rank(seat: int, active_seat: int) -> int:
    return seat - active_seat if seat >= active_seat else seat - active_seat + AFTER


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _place(seat: int, active_seat: int) -> str:
    """The APNAP place in words. Players seated before the active player come after those
    seated after it; without the player count their exact number isn't known here, so the
    words say where they come relative to the active player."""
    if seat == active_seat:
        return "first, as the active player"
    if seat > active_seat:
        n = seat - active_seat
        word = _ORDINALS[n] if n < len(_ORDINALS) else f"number {n + 1}"
        return f"{word}, {n} seat{'s' if n > 1 else ''} after the active player"
    return (f"after every player seated after the active player (seat {seat}; the active "
            f"player sits in seat {active_seat})")


def counter_fits(args: tuple[str, ...] | list[str], counter: str) -> bool:
    """A counter_put trigger naming a kind of counter ("a +1/+1 counter") triggers only on
    counters of that kind (CR 122.6); one naming none, on any."""
    named = next((str(a)[len("counter="):] for a in args if str(a).startswith("counter=")), "")
    return not named or not counter or named == counter


def compares(value: int, args: tuple[str, ...] | list[str]) -> bool | None:
    """Whether `value` meets a comparison written as key=value words (le=2, ge=40, eq=0);
    None when the words hold no comparison."""
    tests = {"le": int.__le__, "lt": int.__lt__, "ge": int.__ge__, "gt": int.__gt__,
             "eq": int.__eq__}
    found = None
    for item in args:
        key, _, number = str(item).partition("=")
        key = key.rsplit(".", 1)[-1].rsplit("_", 1)[-1]
        if key in tests and number.lstrip("-").isdigit():
            ok = tests[key](value, int(number))
            found = ok if found is None else found and ok
    return found


class Rules:
    # -- who controls a trigger's source (CR 603.3a, 613.1b) --------------------------------

    @rule(
        Trigger(source=MATCH.object),
        GameObject(id=MATCH.object, controller=MATCH.player),
        NOT(Characteristics(object=MATCH.object)),
        id="triggers.source-controller",
        cites=("CR 603.3a", "CR 108.4"),
        because="{player} controls {object}",
        absent=("no effect in place changes who controls {object}",),
    )
    def trig_source_controller(self, object, player):
        return SourceController(object=object, player=player)

    @rule(
        Trigger(source=MATCH.object),
        Characteristics(object=MATCH.object, controller=MATCH.player),
        id="triggers.source-controller-now",
        cites=("CR 603.3a", "CR 613.1b"),
        because="with the continuous effects in place applied, {player} controls {object}",
    )
    def trig_source_controller_now(self, object, player):
        return SourceController(object=object, player=player)

    @rule(
        Trigger(source=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield"),
        ResolvedEffect(effect="gain_control", objects=MATCH.objects),
        TEST(lambda object, objects: object in objects),
        id="triggers.control-changed",
        cites=("CR 613.1b", "CR 603.3a"),
        because="an effect in place changes who controls {object}, whose triggered abilities "
                "are controlled by whoever controls it, so the layer system is needed",
    )
    def trig_control_changed(self, object):
        return StateAsked()

    # -- conditions an intervening 'if' can ask (CR 603.4) ----------------------------------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="cards_in_hand",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        id="triggers.condition-cards-in-hand",
        cites=("CR 603.4", "CR 402.1"),
        because="the condition counts the cards in {player}'s hand, {player} controlling "
                "{source}",
        salience=AGGREGATE,
    )
    def trig_condition_hand(self, condition, args, player):
        cards = self.collect(GameObject, zone="hand", owner=player)
        if compares(len(cards), args):
            return ConditionHolds(condition=condition)
        return None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="card_types_in_graveyard",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        id="triggers.condition-card-types-in-graveyard",
        cites=("CR 603.4", "CR 205.2a"),
        because="the condition counts the card types among the cards in {player}'s graveyard "
                "(delirium), {player} controlling {source}",
        salience=AGGREGATE,
    )
    def trig_condition_card_types(self, condition, args, player):
        n = card_types_in_graveyard(self.collect(GameObject, zone="graveyard"), player)
        if compares(n, args):
            return ConditionHolds(condition=condition)
        return None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="creature_powers",
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        id="triggers.condition-creature-powers",
        cites=("CR 603.4", "CR 208.1", "CR 613.4"),
        because="the condition counts the different powers among the creatures {player} "
                "controls (coven), with their powers as they are now, {player} controlling "
                "{source}",
        salience=AGGREGATE,
    )
    def trig_condition_creature_powers(self, condition, args, player):
        # selwords: the powers the layer system gives them now (counters, pumps, 613.4)
        b = board(self)
        powers = {p.power for p in b.perms.values()
                  if p.controller == player and "creature" in p.types and p.power is not None}
        for oid, p in b.perms.items():
            if p.controller == player and "creature" in p.types:
                cite_for(self, b, oid)
        if compares(len(powers), args):
            return ConditionHolds(condition=condition)
        return None

    # -- the event asked about, as occurrences -----------------------------------------------

    @rule(
        Enters(object=MATCH.object),
        id="triggers.event-enters",
        cites=("CR 603.6a",),
        because="the question is {object} entering the battlefield",
    )
    def trig_event_enters(self, object):
        return [GameEvent(event="enters", kind="enters", object=object),
                Arriving(object=object)]

    @rule(
        DiesEvent(objects=MATCH.objects, sacrificed=MATCH.sacrificed),
        GameObject(id=MATCH.object, zone="battlefield"),
        TEST(lambda object, objects: object in objects),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # 614.6 (replacement.py)
        id="triggers.event-dies",
        absent=("no replacement effect keeps {object} out of the graveyard",),
        cites=("CR 700.4", "CR 603.6c"),
        because="{object} is on the battlefield and dies: it is put into a graveyard from the "
                "battlefield, which is also leaving the battlefield",
    )
    def trig_event_dies(self, object, sacrificed):
        events = [GameEvent(event="dies", kind="dies", object=object, to="graveyard"),
                  GameEvent(event="dies", kind="leaves", object=object, to="graveyard"),
                  Leaving(object=object)]
        if sacrificed:
            events.append(GameEvent(event="dies", kind="sacrificed", object=object))
        return events

    @rule(
        SacrificedForCost(object=MATCH.object, paying_for=MATCH.card, sure=True),
        Casting(object=MATCH.card),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="triggers.event-sacrificed-for-cost",
        cites=("CR 601.2h", "CR 701.21a", "CR 700.4"),
        because="{object} is sacrificed to pay for {card} while it is being cast: it dies, "
                "before {card} becomes cast",
    )
    def trig_event_sacrificed_for_cost(self, object):
        return [GameEvent(event="dies", kind="dies", object=object, to="graveyard"),
                GameEvent(event="dies", kind="leaves", object=object, to="graveyard"),
                GameEvent(event="dies", kind="sacrificed", object=object),
                Leaving(object=object)]

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="cast"),
        SacrificedForCost(object=MATCH.source, paying_for=MATCH.card, sure=True),
        Casting(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="triggers.gone-before-cast",
        cites=("CR 601.2h", "CR 601.2i", "CR 603.2"),
        because="{player} pays the costs of {name} before it becomes cast, and {source} is "
                "sacrificed for them; when the spell becomes cast, {source} is no longer on "
                "the battlefield, so its ability doesn't see it",
        says="{ability} doesn't trigger for {name}: {source} is sacrificed to pay for it",
    )
    def trig_gone_before_cast(self, ability, card):
        return Ruling(about=f"trigger.{ability}.cast:{card}", subject="{ability}",
                      verdict="doesn't happen", action="trigger", step=100)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="cast"),
        SacrificedForCost(object=MATCH.source, paying_for=MATCH.card, sure=False,
                          player=MATCH.player),
        Casting(object=MATCH.card, player=MATCH.player),
        GameObject(id=MATCH.card, name=MATCH.name),
        GameObject(id=MATCH.source, name=MATCH.source_name),
        id="triggers.unless-sacrificed",
        cites=("CR 601.2h", "CR 601.2i", "CR 603.2"),
        because="{player} may choose {source} as the permanent sacrificed to pay for {name}; "
                "then it is gone before the spell becomes cast, and its ability doesn't see "
                "the cast (the question can name it: cast: {{sacrifice: [...]}})",
        says="{ability} triggers for {name} only if {player} sacrifices something other than "
             "{source_name} to pay for it",
    )
    def trig_unless_sacrificed(self, ability, card, player, source_name):
        return Ruling(about=f"trigger.{ability}.cast:{card}.unless", subject="{ability}",
                      verdict="happens",
                      action=f"trigger only if {player} doesn't sacrifice {source_name}",
                      step=100)

    @rule(
        Dies(object=MATCH.object, reason=MATCH.reason),
        GameObject(id=MATCH.object, zone="battlefield"),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # 614.6 (replacement.py)
        id="triggers.event-dies-by-rules",
        absent=("no replacement effect keeps {object} out of the graveyard",),
        cites=("CR 700.4", "CR 603.6c", "CR 603.10a"),
        because="{object} dies ({reason}): it is put into a graveyard from the battlefield; "
                "everything that dies in the same event sees the others die",
    )
    def trig_event_dies_by_rules(self, object, reason):
        events = [GameEvent(event="dies", kind="dies", object=object, to="graveyard"),
                  GameEvent(event="dies", kind="leaves", object=object, to="graveyard"),
                  Leaving(object=object)]
        if reason == "sacrificed":
            events.append(GameEvent(event="dies", kind="sacrificed", object=object))
        return events

    @rule(
        Leaves(objects=MATCH.objects, to=MATCH.to),
        GameObject(id=MATCH.object, zone="battlefield"),
        TEST(lambda object, objects: object in objects),
        NOT(EventReplaced(kind="dies", subject=MATCH.object)),  # 614.6 (replacement.py)
        id="triggers.event-leaves",
        absent=("no replacement effect changes where {object} goes",),
        cites=("CR 603.6c", "CR 700.4"),
        because="{object} is on the battlefield and moves to the {to} (a permanent put into a "
                "graveyard from the battlefield dies)",
    )
    def trig_event_leaves(self, object, to):
        events = [GameEvent(event="leaves", kind="leaves", object=object, to=to),
                  Leaving(object=object)]
        if to == "graveyard":
            events.append(GameEvent(event="leaves", kind="dies", object=object, to=to))
        return events

    @rule(
        BecomesTapped(objects=MATCH.objects),
        GameObject(id=MATCH.object, zone="battlefield", tapped=False),
        TEST(lambda object, objects: object in objects),
        id="triggers.event-tapped",
        cites=("CR 603.2e",),
        because="{object} is untapped and becomes tapped",
    )
    def trig_event_tapped(self, object):
        return GameEvent(event="becomes_tapped", kind="becomes_tapped", object=object)

    @rule(
        BecomesUntapped(objects=MATCH.objects),
        GameObject(id=MATCH.object, zone="battlefield", tapped=True),
        TEST(lambda object, objects: object in objects),
        id="triggers.event-untapped",
        cites=("CR 603.2e",),
        because="{object} is tapped and becomes untapped",
    )
    def trig_event_untapped(self, object):
        return GameEvent(event="becomes_untapped", kind="becomes_untapped", object=object)

    @rule(
        CounterPut(object=MATCH.object, amount=MATCH.amount, counter=MATCH.counter),
        id="triggers.event-counter",
        cites=("CR 122.6",),
        because="{counter} counters are put on {object}",
    )
    def trig_event_counter(self, object, amount, counter):
        return GameEvent(event="counter_put", kind="counter_put", object=object, amount=amount,
                         counter=counter)

    @rule(
        BecomesMonstrous(object=MATCH.object),
        id="triggers.event-monstrous",
        cites=("CR 701.37b",),
        because="{object} becomes monstrous",
    )
    def trig_event_monstrous(self, object):
        return GameEvent(event="becomes_monstrous", kind="becomes_monstrous", object=object)

    @rule(
        StepBegins(step=MATCH.step),
        Turn(active=MATCH.active),
        NOT(EventReplaced(kind="step", subject=MATCH.active)),  # 614.1b (replacement.py)
        id="triggers.event-step",
        absent=("no effect skips the {step} step",),
        cites=("CR 603.2b",),
        because="the {step} step of {active}'s turn begins",
    )
    def trig_event_step(self, step, active):
        return GameEvent(event="step", kind="step", step=step, player=active)

    @rule(Draws(player=MATCH.player, amount=MATCH.amount),
          NOT(EventReplaced(kind="draws", subject=MATCH.player)),  # replacement.py
          absent=("no replacement effect changed the event",), id="triggers.event-draws",
          cites=("CR 121.2",), because="{player} draws {amount} card(s)")
    def trig_event_draws(self, player, amount):
        return GameEvent(event="draws", kind="draws", player=player, amount=amount)

    @rule(Discards(player=MATCH.player, amount=MATCH.amount), id="triggers.event-discards",
          cites=("CR 701.9",), because="{player} discards {amount} card(s)")
    def trig_event_discards(self, player, amount):
        return GameEvent(event="discards", kind="discards", player=player, amount=amount)

    @rule(GainsLife(player=MATCH.player, amount=MATCH.amount),
          NOT(EventReplaced(kind="gains_life", subject=MATCH.player)),  # replacement.py
          absent=("no replacement effect changed the event",), id="triggers.event-gains-life",
          cites=("CR 119.3",), because="{player} gains {amount} life")
    def trig_event_gains(self, player, amount):
        return GameEvent(event="gains_life", kind="gains_life", player=player, amount=amount)

    @rule(LosesLife(player=MATCH.player, amount=MATCH.amount),
          NOT(EventReplaced(kind="loses_life", subject=MATCH.player)),  # replacement.py
          absent=("no replacement effect changed the event",), id="triggers.event-loses-life",
          cites=("CR 119.3",), because="{player} loses {amount} life")
    def trig_event_loses(self, player, amount):
        return GameEvent(event="loses_life", kind="loses_life", player=player, amount=amount)

    @rule(Searches(player=MATCH.player),
          NOT(CantSearchNow(player=MATCH.player)),  # cant.py: a hoser stops it
          absent=("no effect stops {player} searching",), id="triggers.event-searches",
          cites=("CR 701.23",), because="{player} searches their library")
    def trig_event_searches(self, player):
        return GameEvent(event="searches", kind="searches", player=player)

    @rule(Shuffles(player=MATCH.player), id="triggers.event-shuffles",
          cites=("CR 701.24",), because="{player} shuffles their library")
    def trig_event_shuffles(self, player):
        return GameEvent(event="shuffles", kind="shuffles", player=player)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="triggers.event-cast",
        cites=("CR 601.2i",),
        because="{player} casts {card}; once it becomes cast, abilities that trigger on "
                "casting a spell trigger",
        absent=("nothing stops {player} casting {card}",),
    )
    def trig_event_cast(self, card, player):
        return GameEvent(event="cast", kind="cast", object=card, player=player)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        ChosenTarget(object=MATCH.card, target=MATCH.target),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="triggers.event-becomes-target",
        cites=("CR 601.2c", "CR 603.2"),
        because="{player} chooses {target} as a target of {card}",
        absent=("nothing stops {player} casting {card}",),
    )
    def trig_event_becomes_target(self, card, player, target):
        # the target is chosen for a spell being cast: it becomes the target of a spell
        return [GameEvent(event="becomes_target", kind="becomes_target", object=target,
                          player=player, to=card),
                GameEvent(event="becomes_target", kind="targeted_by_spell", object=target,
                          player=player, to=card)]

    @rule(
        TopOfStack(object=MATCH.object, kind=P(lambda k: k != "ability")),
        GameObject(id=MATCH.object, zone="stack",
                   types=P(lambda ts: any(t in PERMANENT_TYPES for t in ts))),
        NOT(Fizzles(object=MATCH.object)),
        id="triggers.event-permanent-spell-enters",
        cites=("CR 608.3", "CR 603.6a"),
        because="{object} is a permanent spell: as it resolves it enters the battlefield, an "
                "event enters abilities trigger on",
        absent=("{object} has a legal target, or none to check",),
    )
    def trig_event_spell_enters(self, object):
        return [GameEvent(event="enters", kind="enters", object=object),
                Arriving(object=object)]

    @rule(
        Trigger(ability=MATCH.ability, event="enters", what=MATCH.what),
        AS.sel << Selector(id=MATCH.what, ref="", source=MATCH.source, text=MATCH.text),
        SourceController(object=MATCH.source, player=MATCH.you),
        GameEvent(kind="enters", object=MATCH.card),
        AS.obj << GameObject(id=MATCH.card, name=MATCH.name, zone="stack"),
        TEST(lambda sel, obj, you, source: filter_misses(
            sel, {**obj, "zone": "battlefield"}, you, source) == ""),
        id="triggers.entering-spell-described",
        cites=("CR 608.3", "CR 110.1"),
        because="as the spell {name} resolves it becomes a permanent on the battlefield; as "
                "such it fits the description {text}",
    )
    def trig_entering_spell_described(self, what, card):
        return Selects(selector=what, object=card)

    @rule(
        Trigger(ability=MATCH.ability, event="cast", what=MATCH.what),
        AS.sel << Selector(id=MATCH.what, ref="", source=MATCH.source, text=MATCH.text),
        SourceController(object=MATCH.source, player=MATCH.you),
        GameEvent(kind="cast", object=MATCH.card),
        Casting(object=MATCH.card, x=MATCH.x),
        AS.obj << GameObject(id=MATCH.card, name=MATCH.name),
        # on the stack, the X chosen counts in its mana value (CR 202.3e)
        TEST(lambda sel, obj, you, source, x: filter_misses(
            sel, {**obj, "zone": "stack", "x": x}, you, source) == ""),
        id="triggers.cast-spell-described",
        cites=("CR 601.2a", "CR 601.2i"),
        because="as it is cast, {name} is put on the stack and becomes a spell; as such it "
                "fits the description {text}",
    )
    def trig_cast_spell_described(self, what, card):
        return Selects(selector=what, object=card)

    # -- trig (issue 25): a cast that targets, either of two events, block pairs -----------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        ChosenTarget(object=MATCH.card, target=MATCH.target),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="triggers.event-cast-targeting",
        cites=("CR 601.2c", "CR 601.2i"),
        because="{player} casts {card} with {target} among its targets; once it becomes cast, "
                "abilities that trigger on casting a spell that targets {target} trigger, once "
                "for the spell however many of its targets {target} is",
        absent=("nothing stops {player} casting {card}",),
    )
    def trig_event_cast_targeting(self, card, player, target):
        return GameEvent(event="cast", kind="cast_targeting", object=target, player=player,
                         to=card)

    @rule(
        AS.happened << GameEvent(kind=P(lambda k: any(k in parts for parts in EITHER.values()))),
        id="triggers.either-event",
        cites=("CR 603.2", "CR 603.2c"),
        because="an ability that triggers on either of two events (\"attacks or blocks\") "
                "triggers on each occurrence of one of them",
    )
    def trig_either_event(self, happened):
        kind = happened["kind"]
        return [GameEvent(event=happened["event"], kind=either, object=happened["object"],
                          player=happened["player"], amount=happened["amount"],
                          to=happened["to"], step=happened["step"])
                for either, parts in EITHER.items() if kind in parts]

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind, what=FILLED,
                to=MATCH.other_filter),
        TEST(lambda kind: kind in PAIRED),
        Trigger(ability=MATCH.ability, what=MATCH.what),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, object=MATCH.object, to=MATCH.other),
        Selects(selector=MATCH.what, object=MATCH.object),
        Selects(selector=MATCH.other_filter, object=MATCH.other),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="triggers.pair-event",
        cites=("CR 509.3b", "CR 509.3d", "CR 603.2c"),
        because="{ability} triggers on '{kind}' of what its trigger describes with another "
                "creature it describes, once for each such creature: {object} and {other} "
                "are such",
    )
    def trig_pair_event(self, ability, source, kind, object, other, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{object}:{other}",
                         controller=controller, about=other, kind=kind)

    @rule(
        TurnFaceUp(object=MATCH.object, player=MATCH.given),
        FaceDown(object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield", controller=MATCH.player),
        TEST(lambda given, player: given in ("", player)),
        Turn(priority=MATCH.priority),
        TEST(lambda priority, player: priority in ("", player)),
        NOT(FaceUpRefused(object=MATCH.object)),
        id="triggers.event-turned-face-up",
        cites=("CR 708.8", "CR 116.2b"),
        because="{player} controls the face-down {object} and may turn it face up now; once "
                "it is face up, abilities that trigger on its being turned face up trigger (it "
                "doesn't enter the battlefield again)",
        absent=("nothing stops {player} turning {object} face up (a cost it can't pay)",),
    )
    def trig_event_turned_face_up(self, object, player):
        return GameEvent(event="turn_face_up", kind="turned_face_up", object=object,
                         player=player)

    # -- where the source must be to see the event (CR 603.10) -------------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind),
        TEST(lambda kind: kind in LOOK_BACK),
        GameEvent(kind=MATCH.kind),
        GameObject(id=MATCH.source, zone="battlefield"),
        NOT(Arriving(object=MATCH.source)),
        NOT(Ability(id=MATCH.ability, zone=P(lambda z: z not in ("", "battlefield")))),
        id="triggers.looks-back",
        cites=("CR 603.10a", "CR 603.6c"),
        because="{ability} triggers on something leaving the battlefield, so it looks back "
                "to the game just before the event, when {source} was on the battlefield "
                "(even if it leaves at the same time)",
        absent=("{source} was already on the battlefield before the event",),
    )
    def trig_looks_back(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="before")

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind),
        # damage events: damage_triggers.sees (they are seen as the damage is dealt)
        TEST(lambda kind: kind not in LOOK_BACK and kind not in DAMAGE_EVENTS),
        GameEvent(kind=MATCH.kind),
        GameObject(id=MATCH.source, zone="battlefield"),
        NOT(Leaving(object=MATCH.source)),
        NOT(Ability(id=MATCH.ability, zone=P(lambda z: z not in ("", "battlefield")))),
        NOT(SacrificedForCost(object=MATCH.source)),
        id="triggers.sees-after",
        cites=("CR 603.10", "CR 603.6a"),
        because="{source} is on the battlefield after the event, where its ability checks "
                "for it",
        absent=("{source} doesn't leave the battlefield in the event",
                "{source} is not (or may not be) sacrificed to pay for a spell being cast"),
    )
    def trig_sees_after(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="after")

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="cast"),
        Ability(id=MATCH.ability, zone="stack"),
        GameEvent(kind="cast", object=MATCH.source),
        id="triggers.spell-sees-its-cast",
        cites=("CR 113.6b", "CR 601.2i"),
        because="{ability} works while {source} is a spell on the stack (storm, cascade), "
                "and casting {source} puts it there",
    )
    def trig_spell_sees_its_cast(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="after")

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind),
        Ability(id=MATCH.ability, zone=MATCH.zone),
        TEST(lambda zone: zone not in ("", "battlefield")),
        GameEvent(kind=MATCH.kind),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        id="triggers.works-in-its-zone",
        cites=("CR 113.6b", "CR 603.6a"),
        because="{ability} says it works while its card is in the {zone}, and {source} is "
                "there, so it checks for the event there",
    )
    def trig_works_in_zone(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="after")

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind),
        TEST(lambda kind: kind not in LOOK_BACK),
        GameEvent(kind=MATCH.kind),
        Arriving(object=MATCH.source),
        NOT(Ability(id=MATCH.ability, zone=P(lambda z: z not in ("", "battlefield")))),
        id="triggers.newcomer-sees",
        cites=("CR 603.6a",),
        because="{source} enters the battlefield in this event; the permanents entering are "
                "checked for enters abilities along with those already there",
    )
    def trig_newcomer_sees(self, ability, source):
        return Watching(ability=ability, source=source, event="", when="after")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="life", args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        Player(name=MATCH.player, life=MATCH.life),
        TEST(lambda life, args: life >= 0 and bool(compares(life, args))),
        id="triggers.condition-life",
        cites=("CR 603.4", "CR 119.1"),
        because="the condition asks about the life total of {player}, who controls {source}: "
                "{player} has {life} life, which meets it",
    )
    def trig_condition_life(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="citys_blessing"),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        id="triggers.condition-citys-blessing",
        cites=("CR 603.4", "CR 702.131"),
        because="the condition asks whether {player}, who controls {source}, has the city's "
                "blessing",
    )
    def trig_condition_blessing(self, condition, player):
        holds, _why, facts = citys_blessing(self.situation_facts(), player)
        self.cite(*facts)
        return ConditionHolds(condition=condition) if holds else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="life"),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        Player(name=MATCH.player, life=-1),
        id="triggers.condition-life-unknown",
        cites=("CR 603.4", "CR 119.1"),
        because="{ability}'s intervening 'if' asks about {player}'s life total, and the "
                "situation doesn't state it (players: [{{name: {player}, life: …}}])",
    )
    def trig_condition_life_unknown(self, condition):
        return ConditionUnknown(condition=condition, why="a life total not stated")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=MATCH.condition_kind),
        TEST(lambda condition_kind: condition_kind not in DECIDED_CONDITIONS),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        id="triggers.condition-not-modelled",
        cites=("CR 603.4",),
        because="{ability}'s intervening 'if' is a condition of the kind '{condition_kind}', "
                "which this "
                "knowledge base doesn't decide yet",
    )
    def trig_condition_not_modelled(self, condition):
        return ConditionUnknown(condition=condition, why="a kind of condition not modelled")

    @rule(
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition, event=MATCH.kind),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind),
        ConditionUnknown(condition=MATCH.condition, why=MATCH.why),
        NOT(NotGrantedNow(ability=MATCH.ability)),  # granted: not there now, said apart
        id="triggers.intervening-if-open",
        cites=("CR 603.4",),
        because="{ability} triggers only if its intervening 'if' holds as the event happens, "
                "and that can't be decided here ({why})",
        says="whether {ability} triggers depends on its 'if' condition, which can't be "
             "decided here ({why})",
    )
    def trig_if_open(self, ability):
        return Ruling(about=f"trigger.{ability}.if", subject="{ability}", verdict="may",
                      action="trigger, depending on its condition", step=STEP_TRIGGERS - 1)

    # -- whose action the trigger is about ("whenever you …", "an opponent", a filter) -------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind, who="you"),
        GameEvent(kind=MATCH.kind, player=MATCH.player),
        SourceController(object=MATCH.source, player=MATCH.player),
        id="triggers.who-you",
        cites=("CR 109.5",),
        because="{ability} is about its controller's own actions ('you'), and {player} "
                "controls {source}",
    )
    def trig_who_you(self, ability, player):
        return WhoFits(ability=ability, player=player)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind, who=MATCH.who),
        TEST(lambda who: who in ("opponent", "each_opponent")),
        GameEvent(kind=MATCH.kind, player=MATCH.player),
        SourceController(object=MATCH.source, player=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="triggers.who-opponent",
        cites=("CR 102.3",),
        because="{ability} is about what an opponent of its controller does, and {player} is "
                "an opponent of {controller}",
    )
    def trig_who_opponent(self, ability, player):
        return WhoFits(ability=ability, player=player)

    @rule(
        Trigger(ability=MATCH.ability, event=MATCH.kind, who=MATCH.who),
        TEST(lambda who: who in ANY_PLAYER),
        GameEvent(kind=MATCH.kind, player=MATCH.player),
        TEST(lambda player: player != ""),
        id="triggers.who-anyone",
        cites=("CR 603.2",),
        because="{ability} is about what any player does, {player} included",
    )
    def trig_who_anyone(self, ability, player):
        return WhoFits(ability=ability, player=player)

    @rule(
        Trigger(ability=MATCH.ability, event=MATCH.kind, who=MATCH.who),
        GameEvent(kind=MATCH.kind, player=MATCH.player),
        Selects(selector=MATCH.who, object=MATCH.player),
        id="triggers.who-described",
        cites=("CR 603.2",),
        because="{ability} is about what a player it describes does, and {player} is such a "
                "player",
    )
    def trig_who_described(self, ability, player):
        return WhoFits(ability=ability, player=player)

    # -- intervening "if" (CR 603.4) ---------------------------------------------------------

    @rule(
        Trigger(ability=MATCH.ability, intervening_if=""),
        Watching(ability=MATCH.ability),
        NOT(NotGrantedNow(ability=MATCH.ability)),
        id="triggers.unconditional",
        cites=("CR 603.2",),
        because="{ability} has no intervening 'if', so only its event matters",
        absent=("if another permanent gives {ability}, that effect applies now",),
    )
    def trig_unconditional(self, ability):
        return Armed(ability=ability)

    @rule(
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        Watching(ability=MATCH.ability),
        ConditionHolds(condition=MATCH.condition),
        NOT(NotGrantedNow(ability=MATCH.ability)),
        id="triggers.intervening-if-true",
        cites=("CR 603.4",),
        because="{ability}'s intervening 'if' holds as the event happens, so it can trigger "
                "(it is checked again as it resolves)",
    )
    def trig_if_true(self, ability):
        return Armed(ability=ability)

    @rule(
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition, event=MATCH.kind),
        TEST(lambda condition: condition != ""),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind),
        Condition(id=MATCH.condition, kind=MATCH.condition_kind),
        NOT(ConditionHolds(condition=MATCH.condition)),
        NOT(ConditionUnknown(condition=MATCH.condition)),
        NOT(NotGrantedNow(ability=MATCH.ability)),  # granted: not there now, said apart
        id="triggers.intervening-if-false",
        cites=("CR 603.4",),
        because="{ability} triggers only if its condition ({condition_kind}) holds as the "
                "event happens, and it doesn't, so the ability doesn't trigger at all",
        absent=("the condition of {ability} ({condition_kind}) doesn't hold",
                "the situation states what the condition asks about"),
        says="{ability} doesn't trigger: its 'if' condition is false",
    )
    def trig_if_false(self, ability):
        return Ruling(about=f"trigger.{ability}.if", subject="{ability}",
                      verdict="doesn't happen", action="trigger", step=STEP_TRIGGERS - 1)

    @rule(
        Trigger(ability=MATCH.ability, event=MATCH.kind),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind),
        NotGrantedNow(ability=MATCH.ability, object=MATCH.object, by=MATCH.by, why=MATCH.why),
        id="triggers.not-granted-now",
        cites=("CR 613.1f", "CR 611.3a", "CR 603.2"),
        because="{ability} is an ability {by} gives {object} only while that effect applies to "
                "it, and it doesn't apply now ({why}): {object} doesn't have the ability, so "
                "it can't trigger",
        says="{ability} doesn't trigger: {object} doesn't have it now",
    )
    def trig_not_granted(self, ability):
        return Ruling(about=f"trigger.{ability}.granted", subject="{ability}",
                      verdict="doesn't happen", action="trigger", step=STEP_TRIGGERS - 1)

    # -- what triggers ------------------------------------------------------------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind,
                what=FILLED, who=""),
        TEST(lambda kind: kind not in PAIRED),  # once per pair: triggers.pair-event
        # once per recipient or per event, as filtered: damage_triggers.py
        TEST(lambda kind: kind not in DAMAGE_EVENTS),
        Trigger(ability=MATCH.ability, what=MATCH.what),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, object=MATCH.object, counter=MATCH.counter),
        Trigger(ability=MATCH.ability, args=MATCH.args),
        TEST(lambda args, counter: counter_fits(args, counter)),
        TEST(lambda args: "one_or_more=true" not in args),  # once for all: batch-event
        Selects(selector=MATCH.what, object=MATCH.object),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="triggers.object-event",
        cites=("CR 603.2", "CR 603.2c"),
        because="{ability} triggers on '{kind}' of what its trigger describes, and {object} "
                "is such an object; it triggers once for that occurrence",
    )
    def trig_object_event(self, ability, source, kind, object, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{object}",
                         controller=controller, about=object, kind=kind)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind,
                what=FILLED, who=""),
        TEST(lambda kind: kind not in PAIRED),
        TEST(lambda kind: kind not in DAMAGE_EVENTS),
        Trigger(ability=MATCH.ability, what=MATCH.what, args=MATCH.args),
        TEST(lambda args: "one_or_more=true" in args),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, object=MATCH.object, counter=MATCH.counter,
                  event=MATCH.batch),
        TEST(lambda args, counter: counter_fits(args, counter)),
        Selects(selector=MATCH.what, object=MATCH.object),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="triggers.batch-event",
        cites=("CR 603.2c",),
        because="{ability} triggers when one or more of what its trigger describes have "
                "'{kind}' at once, and {object} is such an object: it triggers once for the "
                "whole event, however many there are",
        salience=AGGREGATE,
    )
    def trig_batch_event(self, ability, source, kind, batch, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{batch}",
                         controller=controller, about="one or more at once", kind=kind)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind, what="",
                who=MATCH.who, args=MATCH.args),
        TEST(lambda who, kind: who != "" and kind != "step"),
        # "your second spell each turn": only the nth, nth_event.py (castcond area)
        TEST(lambda args: not any(str(a).startswith("nth=") for a in args)),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, player=MATCH.player),
        WhoFits(ability=MATCH.ability, player=MATCH.player),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="triggers.player-event",
        cites=("CR 603.2", "CR 603.2c"),
        because="{ability} triggers on '{kind}' by the player its trigger describes, and "
                "{player} is such a player",
    )
    def trig_player_event(self, ability, source, kind, player, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{player}",
                         controller=controller, about=player, kind=kind)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event=MATCH.kind,
                what=FILLED, who=FILLED),
        Trigger(ability=MATCH.ability, what=MATCH.what, who=MATCH.who),
        Armed(ability=MATCH.ability),
        GameEvent(kind=MATCH.kind, object=MATCH.object, player=MATCH.player),
        WhoFits(ability=MATCH.ability, player=MATCH.player),
        Selects(selector=MATCH.what, object=MATCH.object),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="triggers.player-and-object",
        cites=("CR 603.2",),
        because="{ability} triggers when a player its trigger describes does '{kind}' with "
                "an object it describes: {player} and {object} are such",
    )
    def trig_player_and_object(self, ability, source, kind, object, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{object}",
                         controller=controller, about=object, kind=kind)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="step", step=MATCH.step,
                whose=MATCH.whose),
        Armed(ability=MATCH.ability),
        GameEvent(kind="step", step=MATCH.step, player=MATCH.active),
        SourceController(object=MATCH.source, player=MATCH.controller),
        TEST(lambda whose, controller, active: whose in ("", "each", "next")
             or (whose == "you" and controller == active)),
        id="triggers.step-begins",
        cites=("CR 603.2b",),
        because="{ability} triggers at the beginning of the {step} step, and the {step} step "
                "of {active}'s turn begins; {source} is controlled by {controller}",
    )
    def trig_step(self, ability, source, step, controller):
        return Triggered(ability=ability, source=source, occurrence=f"step:{step}",
                         controller=controller, kind="beginning of step", about=step)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="step", step=MATCH.step,
                whose="opponent"),
        Armed(ability=MATCH.ability),
        GameEvent(kind="step", step=MATCH.step, player=MATCH.active),
        SourceController(object=MATCH.source, player=MATCH.controller),
        Opponent(player=MATCH.active, of=MATCH.controller),
        id="triggers.step-begins-opponent",
        cites=("CR 603.2b",),
        because="{ability} triggers at the beginning of each opponent's {step} step, and it "
                "is {active}'s, an opponent of {controller}",
    )
    def trig_step_opponent(self, ability, source, step, controller):
        return Triggered(ability=ability, source=source, occurrence=f"step:{step}",
                         controller=controller, kind="beginning of step", about=step)

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="step", step=MATCH.step,
                whose="enchanted_controller"),
        Armed(ability=MATCH.ability),
        GameEvent(kind="step", step=MATCH.step, player=MATCH.active),
        SourceController(object=MATCH.source, player=MATCH.controller),
        GameObject(id=MATCH.source, attached_to=MATCH.host),
        GameObject(id=MATCH.host, controller=MATCH.active),
        id="triggers.step-begins-enchanted-controller",
        cites=("CR 603.2b", "CR 303.4"),
        because="{ability} triggers at the beginning of the {step} step of the player who "
                "controls the permanent {source} is attached to ({host}); it is {active}'s "
                "{step} step, and {active} controls {host}",
    )
    def trig_step_enchanted_controller(self, ability, source, step, controller):
        return Triggered(ability=ability, source=source, occurrence=f"step:{step}",
                         controller=controller, kind="beginning of step", about=step)

    @rule(
        Triggered(ability=MATCH.ability, occurrence=MATCH.occurrence,
                  controller=MATCH.controller, delayed=False, about=MATCH.what,
                  kind=MATCH.kind),
        Trigger(ability=MATCH.ability, optional=MATCH.optional),
        Apnap(player=MATCH.controller, rank=MATCH.rank),
        id="triggers.triggers",
        cites=("CR 603.2", "CR 603.3a"),
        because="{ability} triggers; a triggered ability is controlled by whoever controlled "
                "its source when it triggered, {controller}, who puts it on the stack the "
                "next time a player would receive priority",
        says="{ability} triggers ({kind}: {what}), controlled by {controller}",
    )
    def trig_triggers(self, ability, occurrence, controller, optional, rank, what, kind):
        if kind == "beginning of step":
            action = "trigger at the beginning of the {what} step"
        else:
            action = "trigger for {what}" if what else "trigger"
        action += ", controlled by {controller}"
        if optional:
            action += " (who may choose whether to do it as it resolves)"
        return Ruling(about=f"trigger.{ability}.{occurrence}", subject="{ability}",
                      verdict="happens", action=action, step=STEP_TRIGGERS + min(rank, 50))

    # -- "dies" means put into a graveyard from the battlefield (CR 700.4) --------------------

    @rule(
        Trigger(ability=MATCH.ability, source=MATCH.source, event="dies", what=FILLED),
        Trigger(ability=MATCH.ability, what=MATCH.what),
        # its source is on the battlefield as the event happens (leaving in it, or staying)
        GameObject(id=MATCH.source, zone="battlefield"),
        GameEvent(kind="leaves", object=MATCH.object, to=MATCH.to),
        TEST(lambda to: to != "graveyard"),
        Selects(selector=MATCH.what, object=MATCH.object),
        id="triggers.left-but-did-not-die",
        cites=("CR 700.4", "CR 603.2"),
        because="{ability} triggers when what it describes dies, that is, is put into a "
                "graveyard from the battlefield; {object} moved to the {to} zone instead",
        says="{ability} doesn't trigger for {object}: it moved to the {to} zone, not a "
             "graveyard, so it didn't die",
    )
    def trig_left_not_died(self, ability, object, to):
        return Ruling(about=f"trigger.{ability}.dies:{object}", subject="{ability}",
                      verdict="doesn't happen", action=f"trigger for {{object}} (it went "
                      f"{_went(to)}, it didn't die)", step=STEP_TRIGGERS - 1)

    # -- a triggered ability that needs a target and has none (CR 603.3d) ----------------------

    @rule(
        Triggered(ability=MATCH.ability, occurrence=MATCH.occurrence, about=MATCH.about),
        TargetSlot(ability=MATCH.ability, selector=MATCH.selector, min=P(lambda m: m > 0)),
        # only a plain description: the selector rules then say of every object whether it
        # is picked, so no Selects means nothing in the game fits
        Selector(id=MATCH.selector, ref="", keyword="", not_="", any_of=P(lambda a: not a),
                 controller=P(lambda c: c in ("", "you", "opponent")),
                 owner=P(lambda o: o in ("", "you", "opponent")), text=MATCH.text),
        NOT(Selects(selector=MATCH.selector)),
        id="triggers.no-legal-target",
        cites=("CR 603.3d",),
        because="{ability} must have its target ({text}) chosen as it is put on the stack, and "
                "nothing in the game is {text}; a triggered ability without a legal target is "
                "removed from the stack",
        absent=("nothing in the game is {text}",),
        says="{ability} is removed from the stack as it is put there: it has no legal target",
    )
    def trig_no_legal_target(self, ability, occurrence, about):
        return Ruling(about=f"trigger.{ability}.{occurrence}.no-target", subject="{ability}",
                      verdict="doesn't happen", action="go on the stack: it has no legal "
                      "target", step=STEP_TRIGGERS + 55)

    @rule(
        Triggered(ability=MATCH.ability, occurrence=MATCH.occurrence, controller=MATCH.player),
        TargetSlot(ability=MATCH.ability, selector=MATCH.selector, min=P(lambda m: m > 0)),
        Selector(id=MATCH.selector, ref="", keyword="", not_="", any_of=P(lambda a: not a),
                 controller=P(lambda c: c in ("", "you", "opponent")),
                 owner=P(lambda o: o in ("", "you", "opponent")), text=MATCH.text),
        Selects(selector=MATCH.selector),
        id="triggers.no-targetable-target",
        cites=("CR 603.3d", "CR 702.11b", "CR 702.18a"),
        because="{ability} must have its target ({text}) chosen as it is put on the stack, "
                "and everything that is {text} has shroud, or hexproof and is controlled by "
                "an opponent of {player}, who controls {ability} (its abilities as they are "
                "now, after every continuous effect); a triggered ability without a legal "
                "target is removed from the stack",
        says="{ability} is removed from the stack as it is put there: it has no legal target",
    )
    def trig_no_targetable_target(self, ability, occurrence, selector, player):
        picked = [f["object"] for f in self.collect(Selects, selector=selector)]
        b = board(self)
        opponents = {f["player"] for f in self.collect(Opponent, of=player)}
        for oid in picked:
            perm = b.perms.get(oid)
            if perm is None:
                return None  # a player or a card elsewhere: not decided here
            if "shroud" not in perm.keywords and not (
                    "hexproof" in perm.keywords and perm.controller in opponents):
                return None  # a legal target (as far as these keywords say)
            cite_for(self, b, oid)
        return Ruling(about=f"trigger.{ability}.{occurrence}.no-target", subject="{ability}",
                      verdict="doesn't happen", action="go on the stack: it has no legal "
                      "target", step=STEP_TRIGGERS + 55)

    # -- the order they go on the stack (CR 603.3b) ------------------------------------------

    @rule(
        Player(name=MATCH.player, seat=MATCH.seat),
        Turn(active=MATCH.active),
        Player(name=MATCH.active, seat=MATCH.active_seat),
        id="triggers.apnap-rank",
        cites=("CR 101.4",),
        because="{active} is the active player; the other players follow in turn order",
    )
    def trig_apnap_rank(self, player, seat, active_seat):
        return Apnap(player=player, rank=_rank(seat, active_seat),
                     place=_place(seat, active_seat))

    @rule(
        Apnap(player=MATCH.first, rank=MATCH.r1),
        Apnap(player=MATCH.second, rank=MATCH.r2),
        TEST(lambda r1, r2: r1 < r2),
        Triggered(controller=MATCH.first),
        Triggered(controller=MATCH.second),
        id="triggers.apnap-order",
        cites=("CR 603.3b", "CR 101.4", "CR 405.5"),
        because="abilities that triggered since a player last received priority go on the "
                "stack in APNAP order: {first}, earlier in that order this turn, puts theirs "
                "on first, then {second}; the stack resolves from the top, so the last put "
                "on resolves first",
        says="{first}'s triggered abilities go on the stack before {second}'s, so "
             "{second}'s resolve first",
    )
    def trig_apnap_order(self, first, second, r1):
        return Ruling(about=f"order.{first}.{second}", subject=first, verdict="happens",
                      action="put their triggered abilities on the stack before {second}",
                      step=STEP_TRIGGERS + 60 + min(r1, 30))

    @rule(
        Apnap(player=MATCH.player),
        Triggered(controller=MATCH.player),
        id="triggers.own-order",
        cites=("CR 603.3b",),
        because="several abilities {player} controls triggered at the same time, and a "
                "player puts their own triggered abilities on the stack in any order they "
                "choose",
        says="{player} chooses the order in which their triggered abilities go on the stack",
        salience=AGGREGATE,
    )
    def trig_own_order(self, player):
        mine = self.collect(Triggered, controller=player)
        if len(mine) < 2:
            return None
        return Ruling(about=f"own-order.{player}", subject=player, verdict="may",
                      action=f"choose the order of their {len(mine)} triggered abilities",
                      step=STEP_TRIGGERS + 90)

    # -- delayed triggered abilities (CR 603.7) ----------------------------------------------

    @rule(
        DelayedTrigger(created_by=MATCH.by, controller=MATCH.controller, step=MATCH.step,
                       whose=MATCH.whose, created_turn=MATCH.made, created_step=MATCH.made_in,
                       text=MATCH.text, already_triggered=False),
        GameEvent(kind="step", step=MATCH.step, player=MATCH.active),
        Turn(number=MATCH.number),
        TEST(lambda whose, controller, active: whose == "each"
             or (whose == "you") == (controller == active)),
        TEST(lambda made, number, made_in, step: made < number
             or _step_index(made_in) < _step_index(step)),
        Apnap(player=MATCH.controller, rank=MATCH.rank),
        id="triggers.delayed",
        cites=("CR 603.7", "CR 603.7b", "CR 603.7d"),
        because="{by} created a delayed triggered ability on turn {made} ({made_in} step) "
                "that waits for the next {step} step; this is the first such step since, so "
                "it triggers once, controlled by {controller}, who controlled what created it",
        says="the delayed trigger from {by} triggers: {text}",
    )
    def trig_delayed(self, by, controller, text, step, rank):
        return [
            Triggered(ability=f"delayed:{by}", source=by, occurrence=f"step:{step}",
                      controller=controller, delayed=True, kind="step"),
            Ruling(about=f"delayed.{by}.{step}", subject=f"the delayed trigger from {by}",
                   verdict="happens", action=f"trigger, controlled by {controller}",
                   step=STEP_TRIGGERS + min(rank, 50)),
        ]

    @rule(
        DelayedTrigger(created_by=MATCH.by, step=MATCH.step, created_turn=MATCH.made,
                       created_step=MATCH.made_in, already_triggered=False),
        GameEvent(kind="step", step=MATCH.step),
        Turn(number=MATCH.number),
        TEST(lambda made, number, made_in, step: made == number
             and _step_index(made_in) >= _step_index(step)),
        id="triggers.delayed-not-yet",
        cites=("CR 603.7a", "CR 603.7b"),
        because="{by} made its delayed trigger during this turn's {made_in} step, after the "
                "{step} step had begun; the ability waits for the next {step} step, which "
                "comes in a later turn",
        says="the delayed trigger from {by} doesn't trigger yet",
    )
    def trig_delayed_not_yet(self, by, step):
        return Ruling(about=f"delayed.{by}.{step}", subject=f"the delayed trigger from {by}",
                      verdict="doesn't happen", action="trigger yet",
                      step=STEP_TRIGGERS - 1)

    @rule(
        DelayedTrigger(created_by=MATCH.by, step=MATCH.step, already_triggered=True),
        GameEvent(kind="step", step=MATCH.step),
        id="triggers.delayed-once",
        cites=("CR 603.7b",),
        because="a delayed triggered ability with no stated duration triggers only the next "
                "time its event happens, and the one from {by} has already triggered",
        says="the delayed trigger from {by} doesn't trigger again",
    )
    def trig_delayed_once(self, by, step):
        return Ruling(about=f"delayed.{by}.{step}", subject=f"the delayed trigger from {by}",
                      verdict="doesn't happen", action="trigger again",
                      step=STEP_TRIGGERS - 1)


def _step_index(step: str) -> int:
    from rulings.facts.game import STEPS

    return STEPS.index(step) if step in STEPS else -1
