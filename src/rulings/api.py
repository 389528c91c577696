"""The Python door: ask a question, get an answer as plain data (the JSON of `rulings ask`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from rulings.engine.answer import build_answer
from rulings.engine.inference import DEFAULT_MAX_FIRINGS, DEFAULT_MAX_SECONDS
from rulings.facts import situation as situations
from rulings.facts.errors import InputError, Problem
from rulings.facts.rulings import Ruling
from rulings.facts.situation import Situation
from rulings.knowledge.rules import engine_class

_local = threading.local()


def engine(order_seed: int | None = None) -> Any:
    """One engine instance per thread and rule order, reused across questions."""
    cache = getattr(_local, "engines", None)
    if cache is None:
        cache = _local.engines = {}
    if order_seed not in cache:
        cache[order_seed] = engine_class()(order_seed=order_seed)
    return cache[order_seed]


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
) -> dict[str, Any]:
    """Rule on a situation (a file path, parsed data, or a loaded Situation).

    Raises InputError with every problem of the input at once."""
    situation = load_situation(source)
    derivation = engine(order_seed).derive(
        situation.facts, max_firings=max_firings, max_seconds=max_seconds
    )
    return build_answer(
        derivation, Ruling, situation.name, question=situation.question,
        situation_file=Path(situation.file).name if situation.file else "",
    )


__all__ = ["ask", "engine", "load_situation", "InputError", "Problem", "Situation"]
