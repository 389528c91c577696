"""The Python door: ask a question, get an answer as plain data (the JSON of `rulings ask`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from rulings.engine.answer import build_answer
from rulings.engine.inference import DEFAULT_MAX_FIRINGS, DEFAULT_MAX_SECONDS
from rulings.facts import modelled
from rulings.facts import situation as situations
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
    # the parts of the situation no rule reads (facts.modelled): named in the answer, and the
    # answer is not complete when one could change it
    parts = modelled.not_modelled(situation.facts, situation.event)
    answer = build_answer(
        derivation, Ruling, situation.name, question=situation.question,
        situation_file=Path(situation.file).name if situation.file else "",
        card_rulings=situation.card_rulings, not_modelled=parts, bears=modelled.could_bear,
        about=modelled.event_objects(situation.facts, situation.event),
    )
    from rulings.oracle.notes import unmodelled_notes  # how much of each card was read

    notes = unmodelled_notes(situation.facts, situation.name)
    if notes:
        answer["notes"] = notes
    return attach_sources(answer) if sources else answer


__all__ = ["ask", "engine", "load_situation", "InputError", "Problem", "Situation"]
