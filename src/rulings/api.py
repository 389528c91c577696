"""The Python door: ask a question, get an answer as plain data (the JSON of `rulings ask`)."""

from __future__ import annotations

import functools
import re
import threading
from pathlib import Path
from typing import Any

from rulings.engine.answer import build_answer
from rulings.engine.inference import (
    DEFAULT_MAX_FIRINGS,
    DEFAULT_MAX_SECONDS,
    no_cycle_collection,
)
from rulings.facts import modelled
from rulings.facts import situation as situations
from rulings.facts.effects import Unmodelled
from rulings.facts.errors import InputError, Problem
from rulings.facts.rulings import Ruling
from rulings.facts.situation import Situation
from rulings.knowledge.rules import engine_class, rules_for_facts
from rulings.sources import attach_sources

_local = threading.local()


def engine(order_seed: int | None = None, rule_ids: frozenset[str] | None = None) -> Any:
    """One engine instance per thread, rule set and rule order, reused across questions."""
    cache = getattr(_local, "engines", None)
    if cache is None:
        cache = _local.engines = {}
    key = (order_seed, rule_ids)
    if key not in cache:
        # a long-running service sees many rule sets; keep it bounded (the case corpus has
        # about 300 rule sets, about 1 MB each: a process asking all of them keeps them all)
        if len(cache) >= 1024:
            cache.clear()
        cache[key] = engine_class(rule_ids)(order_seed=order_seed)
    return cache[key]


def load_situation(source: str | Path | dict[str, Any] | Situation) -> Situation:
    if isinstance(source, Situation):
        return source
    if isinstance(source, dict):
        return situations.from_data(source)
    return situations.load(source)


def ask(
    source: str | Path | dict[str, Any] | Situation,
    *,
    order_seed: int | None = None,
    max_firings: int = DEFAULT_MAX_FIRINGS,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    sources: bool = True,
) -> dict[str, Any]:
    """Rule on a situation (a file path, parsed data, or a loaded Situation). With
    `sources`, the texts of the citations come along when the user has imported them.

    Raises InputError with every problem of the input at once."""
    # the whole question, reading and answer included, runs without the cycle collector
    # (engine.inference.no_cycle_collection says why)
    with no_cycle_collection():
        return _ask(source, order_seed, max_firings, max_seconds, sources)


def _ask(source: str | Path | dict[str, Any] | Situation, order_seed: int | None,
         max_firings: int, max_seconds: float, sources: bool) -> dict[str, Any]:
    situation = load_situation(source)
    if situation.events:  # a sequence of events (src/rulings/sequence.py)
        from rulings.sequence import ask_sequence

        answer = ask_sequence(situation, order_seed=order_seed,
                              limits={"max_firings": max_firings, "max_seconds": max_seconds})
        return attach_sources(answer) if sources else answer
    rule_ids = rules_for_facts(situation.facts)
    derivation = engine(order_seed, rule_ids).derive(
        situation.facts, max_firings=max_firings, max_seconds=max_seconds
    )
    answer = answer_of(derivation, situation)
    return attach_sources(answer) if sources else answer


def answer_of(derivation: Any, situation: Situation) -> dict[str, Any]:
    """The answer of a derivation on a situation: its rulings in words (`namer`), and the
    parts of the situation no rule reads (facts.modelled), named in the answer; the answer
    is not complete when one of them could change it."""
    # what a rule found it could not decide (an open condition) is named like what the
    # situation itself leaves unread
    found = [f for f in derivation.of_type(Unmodelled) if f not in situation.facts]
    parts = modelled.not_modelled(situation.facts, situation.event, undecided=found)
    answer = build_answer(
        derivation, Ruling, namer(situation), question=situation.question,
        situation_file=Path(situation.file).name if situation.file else "",
        card_rulings=situation.card_rulings, not_modelled=parts, bears=modelled.could_bear,
        about=modelled.event_objects(situation.facts, situation.event),
    )
    from rulings.oracle.notes import unmodelled_notes  # how much of each card was read

    notes = unmodelled_notes(situation.facts, situation.name, parts)
    if notes:
        answer["notes"] = notes
    return answer


#: words of the language whose spelling with spaces reads badly
_SAID = {
    "set_pt": "base power and toughness set", "cda_pt": "power and toughness the card defines",
    "switch_pt": "power and toughness switched", "lose_all_abilities": "loses all abilities",
    "cards_in_hand": "cards in hand",
}
#: measures of an amount (`{mana_value_of: selector}` is lowered to `mana_value_of:<id>`)
_MEASURES = {"count": "the number of {}", "power_of": "the power of {}",
             "toughness_of": "the toughness of {}", "mana_value_of": "the mana value of {}",
             "counters_on": "the counters on {}", "colors_among": "the colors among {}"}
_ID = re.compile(r"^(?P<object>[A-Za-z0-9][\w-]*)\.(?P<part>cast|\d+)(?P<rest>(?:\.[\w-]+)*)$")


@functools.cache
def _language_words() -> frozenset[str]:
    from rulings.facts import effects as lang

    return frozenset({*lang.VERBS, *lang.EVENTS, *lang.REPLACED, *lang.COSTS, *lang.KEYWORDS,
                      *lang.STATIC_WORDS, *lang.CONDITIONS, *lang.MODIFICATIONS,
                      *lang.SELECTOR_KEYS, *lang.REFERENTS, *lang.DURATIONS,
                      *lang.ABILITY_PARTS})


def namer(situation: Situation) -> Any:
    """How an answer names a value: the situation's names of its players, objects and
    abilities, and in words what has none — a word of the language (`deal_damage` is 'deal
    damage'), a casting cost (`x.cast`), an amount measured on a description
    (`mana_value_of:x.1.s2`). No answer shows an id or a word as the code spells it."""
    words = _language_words()

    def name(value: Any) -> str:
        if not isinstance(value, str) or value in situation.names:
            return situation.name(value)
        if value in words:
            return _SAID.get(value, value.replace("_", " "))
        measure, sep, of = value.partition(":")
        if sep and measure in _MEASURES and of:
            return _MEASURES[measure].format(name(of))
        m = _ID.match(value)
        if m and m.group("object") in situation.names:
            owner = situation.name(m.group("object"))
            if m.group("part") == "cast" and not m.group("rest"):
                return f"the casting cost of {owner}"
            ability = f"{m.group('object')}.{m.group('part')}"
            if ability in situation.names:
                return f"a part of {situation.name(ability)}"
            return f"a part of {owner}"
        return situation.name(value)

    return name


__all__ = ["ask", "answer_of", "namer", "engine", "load_situation", "InputError", "Problem", "Situation"]
