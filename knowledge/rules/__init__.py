"""General rules, one module per topic of the Comprehensive Rules. Each module has a `TOPIC`
(its CR numbers and title) and one rule class `Rules`; a new module is picked up by being here.

A question is answered by an engine class holding the rules that can bear on its facts
(engine.relevance), built once per process for each such set and reused.

What each rule needs and concludes is read from the rules' source once per version of the
knowledge base and kept in the user's cache folder (engine.relevance.cached_reaches), so a
fresh process neither parses rule bodies nor imports the topic modules a question doesn't
need."""

from __future__ import annotations

import functools
import importlib
import pkgutil
from pathlib import Path
from typing import Any

from rulings.engine import relevance
from rulings.engine.experta_compat import Rule

_HERE = Path(__file__).resolve().parent


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
    """The rules that can bear on facts of these classes, whatever their values."""
    return _rules_for(frozenset(fact_classes), None)


def rules_for_facts(facts: list[Any]) -> frozenset[str]:
    """The rules that can bear on these facts: by their classes and by the values rules'
    patterns fix (an activation of a mana ability needs no rule about activated abilities
    with targets)."""
    values = relevance.values_of(facts, _literal_slots())
    return _rules_for(frozenset(type(f) for f in facts), values)


#: distinct rule sets, so that the entries of _rules_for share them (a few hundred sets)
_rule_sets: dict[frozenset[str], frozenset[str]] = {}


# Keyed by the facts' classes and values, so there are more keys than rule sets: the case
# corpus alone has about 1,300 (with 1,024 entries, a pass over it missed at every question,
# and each miss reads every rule again, about a twelfth of a small question)
@functools.lru_cache(maxsize=8192)
def _rules_for(fact_classes: frozenset[type], values: frozenset[Any] | None
               ) -> frozenset[str]:
    from rulings.facts.effects import Unmodelled
    from rulings.facts.rulings import Ruling

    reaches = _reaches()
    # what a rule finds it can't decide (Unmodelled) reaches the answer as rulings do
    found = frozenset(relevance.relevant(reaches, set(fact_classes), goal=(Ruling, Unmodelled),
                                         values=values))
    if len(_rule_sets) >= 8192:
        _rule_sets.clear()
    return _rule_sets.setdefault(found, found)


@functools.cache
def _literal_slots() -> dict[type, frozenset[str]]:
    return relevance.literal_slots(_reaches())


def prepare() -> None:
    """Import every topic module and read what each rule needs: done once in a parent
    process, the workers it forks start with it (rulings.batch)."""
    all_rules()
    _reaches()


#: rule id -> its topic module, from the cached reaches
_MODULE_OF: dict[str, str] = {}


@functools.cache
def _reaches() -> tuple[relevance.Reach, ...]:
    found = relevance.cached_reaches(_sources(), _read_reaches)
    _MODULE_OF.update((r.name, module) for module, r in found)
    return tuple(r for _, r in found)


def _read_reaches() -> list[tuple[str, relevance.Reach]]:
    rules = all_rules()
    return [(_module_of(rules[k]), relevance.reach(rules[k])) for k in sorted(rules)]


def _module_of(rule: Rule) -> str:
    return str(rule._wrapped.body.__module__).rsplit(".", 1)[-1]


def _sources() -> list[Path]:
    """The files whose content decides what the rules need and conclude: the topic modules,
    the fact vocabulary, and the reader of rule bodies itself."""
    facts = Path(importlib.import_module("rulings.facts").__file__ or "").resolve().parent
    return (sorted(_HERE.glob("*.py")) + sorted(facts.glob("*.py"))
            + [Path(relevance.__file__).resolve()])


def _rules(rule_ids: frozenset[str]) -> dict[str, Rule]:
    """The rules by id, importing only the topic modules that hold them."""
    _reaches()
    modules = {_MODULE_OF.get(r) for r in rule_ids}
    if None in modules:
        return all_rules()
    rules: dict[str, Rule] = {}
    for topic in sorted(modules):
        module = importlib.import_module(f"{__name__}.{topic}")
        for value in vars(module.Rules).values():
            if isinstance(value, Rule):
                rules[value._wrapped.__name__] = value
    return rules


@functools.lru_cache(maxsize=1024)
def engine_class(rule_ids: frozenset[str] | None = None) -> type:
    """An engine class holding these rules (None: the whole knowledge base)."""
    from rulings.engine.inference import ReasoningEngine

    rules = all_rules() if rule_ids is None else _rules(rule_ids)
    chosen = sorted(rules if rule_ids is None else rule_ids)
    body = {f"rule_{i}": rules[name] for i, name in enumerate(chosen)}
    return type("Knowledge", (ReasoningEngine,), body)
