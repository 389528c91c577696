"""CR 714: Sagas. A chapter ability (card language `when: {chapter: {numbers: [1, 2]}}`) is a
triggered ability: it triggers when lore counters put on its Saga bring their number from
below its chapter number to at least it (714.2b), a line with two numbers being two such
abilities (714.2c). Lore counters come as the Saga enters (714.3a, a replacement effect,
614.1c; counters it enters with are put on it, 122.6) and as its controller's precombat main
phase begins (714.3c, a turn-based action, 505.4). A Saga whose lore counters reach its final
chapter number (714.2d) is sacrificed as a state-based action, but not while one of its
chapter abilities has triggered and not yet left the stack (714.4, 704.5s).

The lore counters put on a Saga are concluded as `CounterPut`, the event word's own fact, so
every rule about counters being put (triggers.event-counter, …) sees them; the chapter
abilities that trigger are concluded as `Triggered`, so the trigger rules put them on the
stack in APNAP order (triggers.py); the sacrifice is a `Dies` of a state-based action, as
state_based.py's are. Read ahead (714.3b) is not modelled: the keyword is not in the card
language, so such a Saga's text stays unparsed."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE, RULE_ON
from rulings.facts.effects import Trigger
from rulings.facts.game import GameObject, Turn
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    Arriving,
    CounterPut,
    ResolveTop,
    SourceController,
    StackObject,
    StepBegins,
    Triggered,
)
from rulings.facts.state import CounterOn, CountersListed, Dies, StateAsked
from rulings.knowledge.resolving import sba_step

TOPIC = "CR 714 Saga cards"

LORE = "lore"


def is_saga(subtypes: Any) -> bool:
    return any(str(s).lower() == "saga" for s in subtypes or ())


def chapter_numbers(args: Any) -> list[int]:
    """A chapter Trigger's numbers, from its `numbers=1,2` word."""
    for item in args or ():
        key, _, value = str(item).partition("=")
        if key == "numbers":
            return sorted(int(v) for v in value.split(",") if v.strip().isdigit())
    return []


def _roman(n: int) -> str:
    return ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")[n - 1] if 0 < n < 10 \
        else str(n)


def _chapters(numbers: list[int]) -> str:
    return ", ".join(_roman(n) for n in numbers)


def _lore_before(engine: Any, saga: str) -> int | None:
    """The lore counters on the Saga just before the counters are put: none for one
    entering now, those the situation lists otherwise (None: not listed)."""
    if engine.collect(Arriving, object=saga):
        return 0
    if not engine.collect(CountersListed, object=saga):
        return None
    return sum(c["amount"] for c in engine.collect(CounterOn, object=saga, counter=LORE))


def _saga_state(engine: Any, saga: str) -> tuple[int, int, list[str]]:
    """(lore counters after the event, final chapter number, the chapter abilities of it
    triggered or on the stack, not resolving now)."""
    lore = sum(c["amount"] for c in engine.collect(CounterOn, object=saga, counter=LORE))
    lore += sum(c["amount"] for c in engine.collect(CounterPut, object=saga, counter=LORE))
    chapters = {t["ability"]: chapter_numbers(t["args"])
                for t in engine.collect(Trigger, source=saga, event="chapter")}
    final = max((max(ns) for ns in chapters.values() if ns), default=0)  # 714.2d
    resolving = bool(engine.collect(ResolveTop))
    waiting = [f"{t['ability']} triggered now" for t in
               engine.collect(Triggered, source=saga, kind="chapter")]
    for entry in engine.collect(StackObject, kind="ability", source=saga):
        if entry["ability"] in chapters and not (resolving and entry["position"] == 1):
            waiting.append(f"{entry['ability']} on the stack")
    return lore, final, waiting


class Rules:
    # -- lore counters (CR 714.3) -----------------------------------------------------------

    @rule(
        Arriving(object=MATCH.saga),
        GameObject(id=MATCH.saga, name=MATCH.name, subtypes=MATCH.subtypes),
        TEST(lambda subtypes: is_saga(subtypes)),
        id="sagas.enters-with-lore",
        cites=("CR 714.3a", "CR 614.1c", "CR 122.6"),
        because="{name} is a Saga and enters the battlefield: a Saga enters with a lore "
                "counter on it (a replacement effect of its own), and a counter it enters with "
                "is a counter put on it",
        says="{name} enters with a lore counter on it",
    )
    def enters_with_lore(self, saga, name):
        return [CounterPut(object=saga, counter=LORE, amount=1),
                Ruling(about=f"{saga}:lore", subject="{saga}", verdict="happens",
                       action="enter with a lore counter", step=1)]

    @rule(
        StepBegins(step="precombat main"),
        Turn(active=MATCH.player),
        # the controller as listed: a conclusion resting on SourceController would go and
        # come back as the layer system, which the counter asks for, re-derives it
        GameObject(id=MATCH.saga, zone="battlefield", name=MATCH.name,
                   subtypes=MATCH.subtypes, controller=MATCH.player),
        TEST(lambda subtypes: is_saga(subtypes)),
        Trigger(source=MATCH.saga, event="chapter"),
        id="sagas.lore-each-turn",
        cites=("CR 714.3c", "CR 505.4"),
        because="{player}'s precombat main phase begins and {player} controls the Saga "
                "{name}, which has chapter abilities: {player} puts a lore counter on it, a "
                "turn-based action that doesn't use the stack",
        says="{player} puts a lore counter on {name}",
        salience=AGGREGATE,
    )
    def lore_each_turn(self, player, saga, name):
        return [CounterPut(object=saga, counter=LORE, amount=1),
                Ruling(about=f"{saga}:lore", subject="{player}", verdict="happens",
                       action=f"put a lore counter on {name} (this doesn't use the stack)",
                       step=1)]

    # -- chapter abilities (CR 714.2) -------------------------------------------------------

    @rule(
        CounterPut(object=MATCH.saga, counter=LORE, amount=MATCH.amount),
        Trigger(ability=MATCH.ability, source=MATCH.saga, event="chapter", args=MATCH.args),
        SourceController(object=MATCH.saga, player=MATCH.controller),
        GameObject(id=MATCH.saga, name=MATCH.name),
        TEST(lambda amount: amount > 0),
        id="sagas.chapter",
        cites=("CR 714.2b", "CR 714.2c", "CR 603.2c"),
        because="{amount} lore counter(s) are put on {name}; {ability} is a chapter ability, "
                "which triggers for each of its chapter numbers that the number of lore "
                "counters on {name} was below and now reaches",
        says="{ability} doesn't trigger: the lore counters on {name} don't reach its chapter "
             "number from below",
        salience=AGGREGATE,
    )
    def chapter(self, saga, amount, ability, args, controller, name):
        before = _lore_before(self, saga)
        if before is None:
            return None
        reached = [n for n in chapter_numbers(args) if before < n <= before + amount]
        if not reached:
            return Ruling(about=f"trigger.{ability}.chapter", subject="{ability}",
                          verdict="doesn't happen",
                          action=f"trigger (lore counters {before} to {before + amount}; "
                                 f"chapter {_chapters(chapter_numbers(args))})", step=99)
        return [Triggered(ability=ability, source=saga, occurrence=f"chapter {_roman(n)}",
                          controller=controller, about=saga, kind="chapter") for n in reached]

    @rule(
        CounterPut(object=MATCH.saga, counter=LORE),
        Trigger(ability=MATCH.ability, source=MATCH.saga, event="chapter"),
        GameObject(id=MATCH.saga, name=MATCH.name),
        NOT(CountersListed(object=MATCH.saga)),
        NOT(Arriving(object=MATCH.saga)),
        id="sagas.chapter-count-unstated",
        cites=("CR 714.2b",),
        because="{ability} is a chapter ability of {name}, and whether it triggers depends on "
                "how many lore counters {name} had, which the situation doesn't list "
                "(counters: {{lore: 1}})",
        absent=("the situation doesn't list the counters on {name}",
                "{name} is not entering the battlefield"),
        says="whether {ability} triggers depends on how many lore counters {name} has",
    )
    def chapter_count_unstated(self, ability, name):
        return Ruling(about=f"trigger.{ability}.chapter", subject="{ability}", verdict="may",
                      action="trigger, depending on the lore counters", step=99)

    # -- the sacrifice (CR 714.4, 704.5s) ---------------------------------------------------

    @rule(
        StateAsked(),
        GameObject(id=MATCH.saga, zone="battlefield", name=MATCH.name,
                   subtypes=MATCH.subtypes),
        TEST(lambda subtypes: is_saga(subtypes)),
        Trigger(source=MATCH.saga, event="chapter"),
        CountersListed(object=MATCH.saga),
        # a chapter triggered by the same event keeps it (714.4), whenever that is concluded
        NOT(Triggered(source=MATCH.saga, kind="chapter")),
        id="sagas.final-chapter-sacrifice",
        cites=("CR 714.4", "CR 704.5s", "CR 714.2d"),
        because="{name} has at least as many lore counters as its final chapter number, and "
                "none of its chapter abilities has triggered and not yet left the stack: its "
                "controller sacrifices it as a state-based action",
        says="{name} is sacrificed",
        salience=RULE_ON,  # after the lore counters and chapter triggers are concluded
    )
    def final_chapter(self, saga, name):
        lore, final, waiting = _saga_state(self, saga)
        if final == 0 or lore < final or waiting:
            return None
        return [Dies(object=saga, reason="sacrificed: its lore counters reached its final "
                                         "chapter (CR 714.4)", state_based=True),
                Ruling(about=f"{saga}:sba-saga", subject="{saga}", verdict="happens",
                       action=f"be sacrificed ({lore} lore counters, final chapter "
                              f"{_roman(final)})", step=sba_step(self, 3))]

    @rule(
        StateAsked(),
        GameObject(id=MATCH.saga, zone="battlefield", name=MATCH.name,
                   subtypes=MATCH.subtypes),
        TEST(lambda subtypes: is_saga(subtypes)),
        Trigger(source=MATCH.saga, event="chapter"),
        CountersListed(object=MATCH.saga),
        id="sagas.chapter-waits",
        cites=("CR 714.4", "CR 704.5s"),
        because="{name} has as many lore counters as its final chapter number, but it is the "
                "source of a chapter ability that has triggered and not yet left the stack, "
                "so it is not sacrificed yet",
        says="{name} is not sacrificed while its chapter ability waits",
        salience=RULE_ON,  # after the lore counters and chapter triggers are concluded
    )
    def chapter_waits(self, saga, name):
        lore, final, waiting = _saga_state(self, saga)
        if final == 0 or lore < final or not waiting:
            return None
        return Ruling(about=f"{saga}:sba-saga", subject="{saga}", verdict="doesn't happen",
                      action="be sacrificed yet (a chapter ability of it waits: "
                             f"{waiting[0]})", step=sba_step(self, 3))
