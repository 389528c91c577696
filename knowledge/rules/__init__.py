"""General rules, one module per topic of the Comprehensive Rules. Each module has a `TOPIC`
(its CR numbers and title) and one rule class `Rules`; the engine class is all of them
together, built once per process. A new module is picked up by being here."""

from __future__ import annotations

import functools
import importlib
import pkgutil


def topic_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__))


@functools.cache
def engine_class() -> type:
    from rulings.engine.inference import ReasoningEngine

    bases = [importlib.import_module(f"{__name__}.{t}").Rules for t in topic_modules()]
    return type("Knowledge", (*bases, ReasoningEngine), {})
