"""General rules, one module per topic of the Comprehensive Rules. Each module has a `TOPIC`
(its CR numbers and title) and one rule class `Rules`; a new module is picked up by being here.

A question is answered by an engine class holding the rules that can bear on its facts
(engine.relevance), built once per process for each such set and reused."""

from __future__ import annotations

import functools
import importlib
import pkgutil

from rulings.engine import relevance
from rulings.engine.experta_compat import Rule


def topic_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__))


@functools.cache
def all_rules() -> dict[str, Rule]:
    """Every rule of the knowledge base by id, topic modules in name order."""
    rules: dict[str, Rule] = {}
    for topic in topic_modules():
        module = importlib.import_module(f"{__name__}.{topic}")
        for value in vars(module.Rules).values():
            if isinstance(value, Rule):
                rules[value._wrapped.__name__] = value
    return rules


def rules_for(fact_classes: set[type] | frozenset[type]) -> frozenset[str]:
    return _rules_for(frozenset(fact_classes))


@functools.lru_cache(maxsize=1024)
def _rules_for(fact_classes: frozenset[type]) -> frozenset[str]:
    from rulings.facts.rulings import Ruling

    reaches = _reaches()
    return frozenset(relevance.relevant(reaches, set(fact_classes), goal=Ruling))


@functools.cache
def _reaches() -> tuple[relevance.Reach, ...]:
    rules = all_rules()
    return tuple(relevance.reach(rules[k]) for k in sorted(rules))


@functools.lru_cache(maxsize=256)
def engine_class(rule_ids: frozenset[str] | None = None) -> type:
    """An engine class holding these rules (None: the whole knowledge base)."""
    from rulings.engine.inference import ReasoningEngine

    rules = all_rules()
    chosen = sorted(rules if rule_ids is None else rule_ids)
    body = {f"rule_{i}": rules[name] for i, name in enumerate(chosen)}
    return type("Knowledge", (ReasoningEngine,), body)
