"""CR 603.2 triggers on a player's nth spell or card of the turn (castcond area): "whenever you
cast your second spell each turn" triggers on the cast of the spell that is that player's
second this turn, and on no other; "whenever you draw your second card each turn" on the
draw of their second card (each card is drawn one at a time, CR 121.2, so a draw of several
cards triggers it once if the second is among them). The trigger's `nth` says which.

Earlier this turn is told by the situation: the spells a player cast by the history word
`spells_cast` for the current turn (a turn with any entry is told in full), the cards a player
drew by `this_turn: drew`. Without it, whether the ability triggers is left open, named."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.effects import Trigger
from rulings.facts.game import Turn
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    Armed,
    DrewThisTurn,
    GameEvent,
    NthCounted,
    SourceController,
    SpellsCast,
    Triggered,
    WhoFits,
)
from rulings.knowledge.rules.triggers import STEP_TRIGGERS

TOPIC = "CR 603.2 Triggered abilities: a player's nth spell or card of the turn"

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
FILLED = P(lambda v: v != "")


def nth_of(args: Any) -> int:
    """The `nth` of a trigger's args (0: none)."""
    for a in args:
        key, _, value = str(a).partition("=")
        if key == "nth" and value.isdigit():
            return int(value)
    return 0


def ordinal(n: int) -> str:
    return _ORDINAL.get(n, f"number {n}")


def _many(n: int, what: str) -> str:
    return f"no {what}" if n == 0 else f"{n} {what}" + ("s" if n != 1 else "")


def cast_counted(nth: int, player: str, now: int, entries: list[Any]
                 ) -> tuple[bool | None, str]:
    """Whether a spell `player` casts now is their `nth` this turn, from the history's
    `spells_cast` entries for the current turn `now` (none: not said)."""
    this_turn = [e for e in entries if e["turn"] == now]
    if not this_turn:
        return None, f"the situation doesn't say how many spells {player} cast earlier this " \
                     f"turn (history: [{{spells_cast: {{player: {player}, count: …, turn: " \
                     f"{now}}}}}])"
    before = sum(int(e["count"]) for e in this_turn if e["player"] == player)
    said = f"{player} cast {_many(before, 'spell')} earlier this turn, so this spell is " \
           f"their {ordinal(before + 1)} this turn (the ability counts only their " \
           f"{ordinal(nth)})"
    return before + 1 == nth, said


def draw_counted(nth: int, player: str, amount: int, entries: list[Any]
                 ) -> tuple[bool | None, str]:
    """Whether `player`'s draw of `amount` cards now includes their `nth` card this turn,
    from the `this_turn: drew` entries (none for them: not said)."""
    mine = [e for e in entries if e["player"] == player]
    if not mine:
        return None, f"the situation doesn't say how many cards {player} drew earlier this " \
                     f"turn ({{this_turn: [{{drew: {{player: {player}, count: …}}}}]}})"
    before = sum(int(e["count"]) for e in mine)
    if amount == 1:
        drawn = f"this draw is their {ordinal(before + 1)} card this turn"
    else:
        drawn = f"this draw of {amount} cards brings them from {before} to {before + amount} " \
                "cards drawn this turn"
    said = f"{player} drew {_many(before, 'card')} earlier this turn, so {drawn} (the " \
           f"ability counts only their {ordinal(nth)})"
    return before < nth <= before + amount, said


class Rules:
    @rule(
        Trigger(ability=MATCH.ability, event="cast", what="", who=FILLED, args=MATCH.args),
        TEST(lambda args: nth_of(args) > 0),
        Armed(ability=MATCH.ability),
        GameEvent(kind="cast", player=MATCH.player),
        WhoFits(ability=MATCH.ability, player=MATCH.player),
        Turn(number=MATCH.now),
        id="nth-event.count-spells",
        cites=("CR 603.2", "CR 601.2i"),
        because="{ability} triggers only on a spell that is the caster's nth this turn; "
                "{player} casts a spell, counted with the spells they cast earlier this turn",
        salience=AGGREGATE,
    )
    def count_spells(self, ability, args, player, now):
        holds, said = cast_counted(nth_of(args), player, now, self.collect(SpellsCast))
        return NthCounted(ability=ability, player=player, kind="cast", holds=bool(holds),
                          known=holds is not None, said=said)

    @rule(
        Trigger(ability=MATCH.ability, event="draws", what="", who=FILLED, args=MATCH.args),
        TEST(lambda args: nth_of(args) > 0),
        Armed(ability=MATCH.ability),
        GameEvent(kind="draws", player=MATCH.player, amount=MATCH.amount),
        WhoFits(ability=MATCH.ability, player=MATCH.player),
        id="nth-event.count-draws",
        cites=("CR 603.2", "CR 121.2"),
        because="{ability} triggers only on the draw of a player's nth card this turn; "
                "{player} draws {amount} card(s), one at a time, counted with the cards they "
                "drew earlier this turn",
        salience=AGGREGATE,
    )
    def count_draws(self, ability, args, player, amount):
        holds, said = draw_counted(nth_of(args), player, amount, self.collect(DrewThisTurn))
        return NthCounted(ability=ability, player=player, kind="draws", holds=bool(holds),
                          known=holds is not None, said=said)

    @rule(
        NthCounted(ability=MATCH.ability, player=MATCH.player, kind=MATCH.kind, holds=True,
                   known=True, said=MATCH.said),
        Trigger(ability=MATCH.ability, source=MATCH.source),
        SourceController(object=MATCH.source, player=MATCH.controller),
        id="nth-event.is-nth",
        cites=("CR 603.2", "CR 603.2c"),
        because="{said}: it is the one {ability} triggers on",
    )
    def is_nth(self, ability, source, kind, player, controller):
        return Triggered(ability=ability, source=source, occurrence=f"{kind}:{player}",
                         controller=controller, about=player, kind=kind)

    @rule(
        NthCounted(ability=MATCH.ability, holds=False, known=True, said=MATCH.said),
        id="nth-event.not-nth",
        cites=("CR 603.2",),
        because="{said}: {ability} doesn't trigger on it",
        says="{ability} doesn't trigger: this isn't the spell or card it counts",
    )
    def not_nth(self, ability):
        return Ruling(about=f"trigger.{ability}.nth", subject="{ability}",
                      verdict="doesn't happen", action="trigger", step=STEP_TRIGGERS - 1)

    @rule(
        NthCounted(ability=MATCH.ability, known=False, said=MATCH.said),
        id="nth-event.open",
        cites=("CR 603.2",),
        because="{ability} triggers only on a player's nth spell or card of the turn, and "
                "{said}",
        says="whether {ability} triggers depends on what happened earlier this turn, which "
             "the situation doesn't say",
    )
    def nth_open(self, ability):
        return Ruling(about=f"trigger.{ability}.nth", subject="{ability}", verdict="may",
                      action="trigger, depending on what happened earlier this turn",
                      step=STEP_TRIGGERS - 1)
