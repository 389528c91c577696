"""The game's history (CR 500.1 turns): what happened on earlier turns bears on now only
through effects that last. A payment to ignore an effect "until end of turn" (CR 116.2d)
counts on the turn it was made and ends in that turn's cleanup step (CR 514.2); made on an
earlier turn, it no longer counts. (When a permanent came under its controller's control is
read by the loader: it decides whether it has been under that control since the player's
most recent turn began, CR 302.6.) An intervening "if" may ask whether a permanent came
under its controller's control since the beginning of their last upkeep (echo, 702.30a), or
whether its controller attacked this turn (raid, CR 508.1: read from `this_turn: attacked`),
or how many creatures died this turn (morbid, CR 700.4: read from `this_turn: died`, with
the creatures dying in the event asked about; IfCounted says the count in words; ifcond.py
says what it means for the ability, as for the counts of what a player controls)."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Condition, Trigger
from rulings.facts.game import GameObject, Opponent, Player, Turn
from rulings.facts.match import one_of
from rulings.facts.resolution import PaidToIgnore
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    AttackedThisTurn,
    CameUnderControl,
    ConditionHolds,
    ConditionUnknown,
    DiedThisTurn,
    EnteredThisTurn,
    GainedLifeThisTurn,
    GameEvent,
    IfCounted,
    LeftBattlefieldThisTurn,
    LostLifeThisTurn,
    PaidToIgnoreEarlier,
    SourceController,
    SpellsCast,
    TopOfStack,
    Watching,
)
from rulings.knowledge.rules.triggers import compares

TOPIC = "CR 500.1 Turns: the game's history; CR 514.2 effects until end of turn"

ECHO = "controlled_since_last_upkeep"
#: werewolves' conditions (transform area): spells cast during the previous turn
LAST_TURN_SPELLS = ("spells_cast_last_turn", "most_spells_cast_last_turn")
#: raid (history area): "if you attacked this turn"
RAID = "you_attacked_this_turn"
#: morbid (history area): "if a creature died this turn" and its counts
MORBID = "creatures_died_this_turn"
#: "if you gained life this turn", "… 3 or more life this turn" (history area)
GAINED = "life_gained_this_turn"
#: "if an opponent lost life this turn" (history area)
OPPONENT_LOST = "opponent_lost_life_this_turn"
#: revolt: "if a permanent you controlled left the battlefield this turn" (history area)
REVOLT = "permanent_left_this_turn"
#: "if you had a land enter the battlefield under your control this turn" (history2 area)
ENTERED = "permanents_entered_this_turn"
#: the conditions about this turn decided by `decide_turn` (here, and in conditions.py)
THIS_TURN = (MORBID, GAINED, OPPONENT_LOST, REVOLT, ENTERED)
#: the `this_turn:` facts each is decided from
THIS_TURN_FACTS = {MORBID: DiedThisTurn, GAINED: GainedLifeThisTurn,
                   OPPONENT_LOST: LostLifeThisTurn, REVOLT: LeftBattlefieldThisTurn,
                   ENTERED: EnteredThisTurn}
#: each in words, as an answer names a condition left open
THIS_TURN_WORDS = {MORBID: "how many creatures died this turn", GAINED: "you gained life this turn",
                   OPPONENT_LOST: "an opponent lost life this turn",
                   REVOLT: "a permanent you controlled left the battlefield this turn",
                   ENTERED: "how many permanents of a type entered the battlefield under "
                            "your control this turn"}


def asks_words(kind: str, args: Any) -> str:
    """What a THIS_TURN condition asks, in words ("you gained 3 or more life this turn")."""
    a = dict(str(x).partition("=")[::2] for x in args)
    ge, le = a.get("ge", ""), a.get("le", "")
    if kind == MORBID:
        if le == "0" and not ge:
            return "no creatures died this turn"
        return "a creature died this turn" if ge in ("", "1") and not le else \
            f"{_asks_count(args)} creatures died this turn"
    if kind == GAINED:
        return "you gained life this turn" if ge in ("", "1") else \
            f"you gained {ge} or more life this turn"
    if kind == ENTERED:
        kind_of = a.get("type", "land")
        if ge in ("", "1") and not le:
            return f"you had a {kind_of} enter the battlefield under your control this turn"
        return f"{_asks_count(args)} {kind_of}s entered the battlefield under your control " \
            "this turn"
    negated = "value=false" in args
    words = THIS_TURN_WORDS.get(kind, kind.replace("_", " "))
    return f"not ({words})" if negated else words


def _creatures(n: int) -> str:
    return "no creature" if n == 0 else f"{n} creature" + ("s" if n != 1 else "")


def _asks_count(args: Any) -> str:
    """What a count condition asks for, in words ("at least 1", "none")."""
    a = dict(str(x).partition("=")[::2] for x in args)
    ge, le = a.get("ge", ""), a.get("le", "")
    if le == "0" and not ge:
        return "none"
    parts = ([f"at least {ge}"] if ge else []) + ([f"at most {le}"] if le else [])
    return " and ".join(parts) or "a count"


def deaths(args: Any, entries: list[Any], dying: int) -> tuple[bool | None, str]:
    """Whether a `creatures_died_this_turn` condition holds, from the situation's `this_turn:
    died` entries (all players' together; none: not said) and the `dying` creatures of the
    event asked about; None when they don't decide it. With the count, in words."""
    asks = f" (it asks for {_asks_count(args)})"
    now = f", and {_creatures(dying)} {'dies' if dying == 1 else 'die'} in the event" \
        if dying else ""
    if entries:
        n = sum(int(e["count"]) for e in entries)
        said = f"{_creatures(n)} died this turn before the event{now}" if dying else \
            f"{_creatures(n)} died this turn"
        return bool(compares(n + dying, args)), said + asks
    if not dying:
        return None, "the situation doesn't say how many creatures died this turn"
    # only a least count is known: it decides "at least" when met, "at most" when passed
    said = f"{_creatures(dying)} {'dies' if dying == 1 else 'die'} in the event{asks}"
    return _least(dying, args), said


def _least(n: int, args: Any) -> bool | None:
    """A count known only to be at least `n`: decides "at least" when met, "at most" when
    passed; None otherwise."""
    a = dict(str(x).partition("=")[::2] for x in args)
    if a.get("le", "").isdigit() and n > int(a["le"]):
        return False
    if not a.get("le") and compares(n, args):
        return True
    return None


def _gained(args: Any, you: str, collect: Any, at_event: bool) -> tuple[bool | None, str]:
    asks = f" (it asks for {_asks_count(args)})"
    entries = [e for e in collect(GainedLifeThisTurn) if e["player"] == you]
    now = sum(int(e["amount"]) for e in collect(GameEvent, kind="gains_life")
              if e["player"] == you) if at_event else 0
    if not entries:
        said = f"{you} gains {now} life in the event{asks}"
        if now and _least(now, args) is not None:
            return _least(now, args), said
        return None, f"the situation doesn't say how much life {you} gained this turn"
    n = sum(int(e["amount"]) for e in entries)
    said = f"{you} gained {n} life this turn" if n else f"{you} gained no life this turn"
    if now:
        said += f" before the event, and gains {now} in it"
    return bool(compares(n + now, args)), said + asks


def _opponent_lost(args: Any, you: str, collect: Any, at_event: bool
                   ) -> tuple[bool | None, str]:
    asks = "value=false" not in args
    opponents = sorted(o["player"] for o in collect(Opponent, of=you))
    lost: dict[str, int] = {}
    for e in collect(LostLifeThisTurn):
        lost[e["player"]] = lost.get(e["player"], 0) + int(e["amount"])
    if at_event:
        for e in collect(GameEvent, kind="loses_life"):
            if e["player"] in opponents:
                lost[e["player"]] = lost.get(e["player"], 0) + int(e["amount"])
    losers = [p for p in opponents if lost.get(p, 0) > 0]
    if losers:
        said = "; ".join(f"{p}, an opponent of {you}, lost {lost[p]} life this turn"
                         for p in losers)
        return asks, said
    unsaid = [p for p in opponents if p not in lost]
    if unsaid:
        return None, f"the situation doesn't say whether {' or '.join(unsaid)} lost life " \
                     "this turn"
    return not asks, f"no opponent of {you} lost life this turn"


def _left(args: Any, you: str, collect: Any, at_event: bool) -> tuple[bool | None, str]:
    asks = "value=false" not in args
    entries = [e for e in collect(LeftBattlefieldThisTurn) if e["player"] == you]
    now = 0
    if at_event:
        ids = {e["object"] for k in ("leaves", "dies") for e in collect(GameEvent, kind=k)}
        now = sum(1 for i in ids for o in collect(GameObject, id=i)
                  if (o["controller"] or o["owner"]) == you)
    if not entries and not now:
        return None, f"the situation doesn't say whether a permanent {you} controlled left " \
                     "the battlefield this turn"
    n = sum(int(e["count"]) for e in entries)
    many = "no permanent" if n == 0 else f"{n} permanent" + ("s" if n != 1 else "")
    said = f"{many} {you} controlled left the battlefield this turn" if entries else ""
    if now:
        said += (" before the event, and " if said else "") + \
            f"{now} {'leaves' if now == 1 else 'leave'} it in the event"
    return (n + now > 0) == asks, said


def _entered(args: Any, you: str, collect: Any, at_event: bool) -> tuple[bool | None, str]:
    """"if you had a land enter the battlefield under your control this turn": from the
    `this_turn: entered` entry for `you` and the type; as an event happens, the permanents
    of the type entering under `you`'s control in it add to it."""
    a = dict(str(x).partition("=")[::2] for x in args)
    kind = a.get("type", "land")
    asks = f" (it asks for {_asks_count(args)})"
    entries = [e for e in collect(EnteredThisTurn) if e["player"] == you
               and e["type"] == kind]
    now = 0
    if at_event:
        ids = {e["object"] for e in collect(GameEvent, kind="enters")}
        now = sum(1 for i in ids for o in collect(GameObject, id=i)
                  if kind in o["types"] and (o["controller"] or o["owner"]) == you)
    if not entries:
        if now and _least(now, args) is not None:
            return _least(now, args), f"{now} {kind}(s) enter under {you}'s control in the "                                       f"event{asks}"
        return None, f"the situation doesn't say how many {kind}s entered the battlefield "                      f"under {you}'s control this turn"
    n = sum(int(e["count"]) for e in entries)
    many = f"no {kind}" if n == 0 else f"{n} {kind}" + ("s" if n != 1 else "")
    said = f"{many} entered the battlefield under {you}'s control this turn"
    if now:
        said += f" before the event, and {now} in it"
    return bool(compares(n + now, args)), said + asks


def _is_creature(collect: Any, oid: str) -> bool:
    """Whether object `oid` is a creature as it dies: its characteristics after every
    effect, or its card's when no effect is listed (only creatures count as creatures that
    died, CR 700.4)."""
    from rulings.facts.state import Characteristics

    now = collect(Characteristics, object=oid)
    if now:
        return "creature" in now[0]["types"]
    return any("creature" in o["types"] for o in collect(GameObject, id=oid))


def decide_turn(kind: str, args: Any, you: str, collect: Any, at_event: bool
                ) -> tuple[bool | None, str]:
    """Whether a condition about this turn (THIS_TURN) holds for `you`, from the situation's
    `this_turn:` entries and, `at_event`, what the event asked about adds; None when they
    don't decide it. With the count that decides it, in words."""
    if kind == MORBID:
        ids = {e["object"] for e in collect(GameEvent, kind="dies")} if at_event else set()
        dying = sum(1 for i in ids if _is_creature(collect, i))
        return deaths(args, collect(DiedThisTurn), dying)
    if kind == GAINED:
        return _gained(args, you, collect, at_event)
    if kind == OPPONENT_LOST:
        return _opponent_lost(args, you, collect, at_event)
    if kind == ENTERED:
        return _entered(args, you, collect, at_event)
    return _left(args, you, collect, at_event)


def _spells_last_turn(kind: str, entries: list[Any]) -> int:
    """All players' spells together, or the most by any one player."""
    by: dict[str, int] = {}
    for e in entries:
        by[e["player"]] = by.get(e["player"], 0) + e["count"]
    if kind == "spells_cast_last_turn":
        return sum(by.values())
    return max(by.values(), default=0)


def _asks_true(args: list[str]) -> bool:
    return "value=false" not in args


class Rules:
    @rule(
        PaidToIgnoreEarlier(player=MATCH.player, source=MATCH.source, turn=MATCH.turn),
        Turn(number=MATCH.turn),
        id="history.payment-this-turn",
        cites=("CR 116.2d",),
        because="{player} paid on turn {turn}, the current turn, to ignore {source}'s effect",
    )
    def hist_payment_this_turn(self, player, source):
        return PaidToIgnore(player=player, source=source)

    @rule(
        PaidToIgnoreEarlier(player=MATCH.player, source=MATCH.source, turn=MATCH.paid),
        Turn(number=MATCH.now),
        TEST(lambda paid, now: paid < now),
        GameObject(id=MATCH.source, zone="battlefield"),
        id="history.payment-ended",
        cites=("CR 116.2d", "CR 514.2"),
        because="{player} paid on turn {paid} to ignore {source}'s effect until end of turn; "
                "that ended in the cleanup step of turn {paid}, and it is now turn {now}",
        says="{player}'s payment of turn {paid} no longer lets them ignore {source}'s effect",
    )
    def hist_payment_ended(self, player, source, paid):
        return Ruling(about=f"{player}.{source}.paid.{paid}",
                      subject="the payment of turn {paid}", verdict="doesn't happen",
                      action="still apply this turn", step=0)

    # -- "if it came under your control since your last upkeep" (echo, CR 702.30a) --------

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=False),
        TEST(lambda args: _asks_true(args)),
        id="history.controlled-this-turn",
        cites=("CR 702.30a", "CR 603.4"),
        because="{source} came under its controller's control this turn, after the beginning "
                "of their last upkeep",
    )
    def controlled_this_turn(self, condition):
        return ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=True),
        CameUnderControl(object=MATCH.source, turn=MATCH.came),
        Turn(number=MATCH.now),
        id="history.controlled-since-last-upkeep",
        cites=("CR 702.30a", "CR 603.4", "CR 500.1"),
        because="{source} came under its controller's control on turn {came}; it is now turn "
                "{now}, and their last upkeep was one full round of turns ago",
        salience=AGGREGATE,
    )
    def controlled_since(self, condition, args, came, now):
        seats = len([p for p in self.collect(Player) if not p["left_game"]]) or 1
        recent = came >= now - seats  # on their last turn (after its upkeep) or since
        return ConditionHolds(condition=condition) if recent == _asks_true(args) else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=ECHO),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        GameObject(id=MATCH.source, since_turn_began=True),
        NOT(CameUnderControl(object=MATCH.source)),
        id="history.controlled-since-unstated",
        cites=("CR 702.30a", "CR 603.4"),
        because="{ability} asks whether {source} came under its controller's control since "
                "their last upkeep, and the situation doesn't say when it did (history: "
                "[{{came_under_control: {{object: …, turn: …}}}}])",
        absent=("the situation doesn't say when {source} came under its controller's control",),
    )
    def controlled_since_unstated(self, condition):
        return ConditionUnknown(condition=condition, why="when it came under its controller's "
                                                         "control not stated")

    # -- "if no spells were cast last turn", "if a player cast two or more spells last turn"
    #    (transform area; CR 603.4, 500.1): the previous turn's spells, from `history:`

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=MATCH.kind, args=MATCH.args),
        TEST(lambda kind: kind in LAST_TURN_SPELLS),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        Turn(number=MATCH.now),
        id="history.spells-cast-last-turn",
        cites=("CR 603.4", "CR 500.1"),
        because="the condition asks about the spells cast during the turn before turn {now}, "
                "and the situation's history says how many each player cast then (a player "
                "it doesn't list cast none)",
        salience=AGGREGATE,
    )
    def spells_last_turn(self, condition, kind, args, now):
        entries = [e for e in self.collect(SpellsCast) if e["turn"] == now - 1]
        if not entries:
            return None
        n = _spells_last_turn(kind, entries)
        return ConditionHolds(condition=condition) if compares(n, args) else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=MATCH.kind),
        TEST(lambda kind: kind in LAST_TURN_SPELLS),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        Turn(number=MATCH.now),
        id="history.spells-cast-last-turn-unstated",
        cites=("CR 603.4", "CR 500.1"),
        because="{ability} asks about the spells cast during the turn before turn {now}, and "
                "the situation's history doesn't say (history: [{{spells_cast: {{player: …, "
                "count: …, turn: …}}}}])",
        absent=("the situation doesn't say how many spells were cast during the last turn",),
        salience=AGGREGATE,
    )
    def spells_last_turn_unstated(self, condition, now):
        if any(e["turn"] == now - 1 for e in self.collect(SpellsCast)):
            return None
        return ConditionUnknown(condition=condition, why="the spells cast last turn not stated")

    # -- raid: "if you attacked this turn" (history area; CR 508.1, 603.4): only the active
    #    player declares attackers; what they did is told by `this_turn: attacked`

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=RAID, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        Turn(active=MATCH.player),
        AttackedThisTurn(player=MATCH.player, count=MATCH.count),
        id="history.attacked-this-turn",
        cites=("CR 508.1", "CR 603.4"),
        because="{player}, who controls {source}, is the active player and attacked with "
                "{count} creature(s) this turn",
    )
    def attacked_this_turn(self, condition, args, count):
        return ConditionHolds(condition=condition) if (count > 0) == _asks_true(args) else None

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=RAID, args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        Turn(active=MATCH.active),
        TEST(lambda player, active: player != active),
        id="history.not-active-not-attacked",
        cites=("CR 508.1", "CR 603.4"),
        because="{player} controls {source}, and it is {active}'s turn: only the active player "
                "declares attackers, so {player} hasn't attacked this turn",
    )
    def not_active_not_attacked(self, condition, args):
        return None if _asks_true(args) else ConditionHolds(condition=condition)

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=RAID),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition),
        SourceController(object=MATCH.source, player=MATCH.player),
        Turn(active=MATCH.player),
        NOT(AttackedThisTurn(player=MATCH.player)),
        id="history.attacked-this-turn-unstated",
        cites=("CR 508.1", "CR 603.4"),
        because="{ability} asks whether {player}, the active player, attacked this turn, and "
                "the situation doesn't say (this_turn: [{{attacked: {{player: {player}, "
                "count: …}}}}])",
        absent=("the situation doesn't say whether {player} attacked this turn",),
    )
    def attacked_this_turn_unstated(self, condition, player):
        return ConditionUnknown(condition=condition, why=f"whether {player} attacked this "
                                                         "turn not stated")

    # -- what happened earlier this turn (history area; CR 603.4): morbid's "if a creature
    #    died this turn" (CR 700.4), "if you gained life this turn" (119.3), "if an opponent
    #    lost life this turn", revolt's "if a permanent you controlled left the battlefield
    #    this turn": told by `this_turn:` entries, with what the event asked about adds

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*THIS_TURN),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, source=MATCH.source, intervening_if=MATCH.condition,
                event=MATCH.event),
        Watching(ability=MATCH.ability),
        GameEvent(kind=MATCH.event),
        SourceController(object=MATCH.source, player=MATCH.player),
        salience=AGGREGATE,
        id="history.this-turn-as-event-happens",
        cites=("CR 603.4", "CR 700.4", "CR 119.3"),
        because="{ability}'s intervening 'if' asks what happened this turn, as the event "
                "happens ('you' being {player}, who controls {source}): what the situation "
                "says happened earlier this turn, and what happens in the event",
    )
    def this_turn_at_event(self, condition, ability, kind, args, player):
        holds, said = decide_turn(kind, args, player, self.collect, True)
        if holds is None:
            return ConditionUnknown(condition=condition, why=said)
        return IfCounted(condition=condition, ability=ability, holds=holds, said=said,
                         moment="event")

    @rule(
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="kind" << one_of(*THIS_TURN),
                  args=MATCH.args),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        TopOfStack(kind="ability", ability=MATCH.ability, controller=MATCH.player),
        salience=AGGREGATE,
        id="history.this-turn-as-it-resolves",
        cites=("CR 603.4", "CR 608.2a"),
        because="{ability} is resolving, and its intervening 'if' is checked again ('you' "
                "being its controller, {player}): on what the situation says happened this "
                "turn",
    )
    def this_turn_on_resolution(self, condition, ability, kind, args, player):
        holds, said = decide_turn(kind, args, player, self.collect, False)
        if holds is None:
            return ConditionUnknown(condition=condition, why=said)
        return IfCounted(condition=condition, ability=ability, holds=holds, said=said,
                         moment="resolution")

