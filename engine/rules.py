"""How a knowledge module declares a production rule.

A rule is an experta `Rule` whose body returns the facts it concludes instead of declaring
them itself; the engine declares them and records why (see inference.Support). Each rule
carries a stable id, its citations and explanation templates in our own words. Templates are
`str.format` strings over the rule's variable bindings (and, for rulings, the ruling's fields).
"""

from __future__ import annotations

import inspect
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rulings.engine import salience as salience_register
from rulings.engine.experta_compat import Fact, Rule


@dataclass(frozen=True)
class RuleInfo:
    id: str
    cites: tuple[str, ...]
    #: why the conclusion holds, in plain words
    because: str
    #: conditions that held because something was absent ("Alice has not paid {2} this turn")
    absent: tuple[str, ...] = ()
    #: for rules that conclude a Ruling: what happens, in plain words
    says: str = ""
    topic: str = ""
    params: tuple[str, ...] = field(default=())
    #: a rule whose conclusion stands for many facts at once ("some land Alice controls
    #: could produce {G}"), so that rules reading it join one fact, not every land: an
    #: answer shows the premises of its conclusion in its place (Derivation.best_support)
    inline: bool = False
    #: bindings a rule's explanation takes from an inline premise's proof
    inherits: tuple[str, ...] = field(default=())

    def template_fields(self) -> set[str]:
        names: set[str] = set()
        for text in (self.because, self.says, *self.absent):
            for _, name, _, _ in string.Formatter().parse(text):
                if name:
                    names.add(name.split(".")[0].split("[")[0])
        return names


#: every rule declared in the process, by id (ids are never reused)
REGISTRY: dict[str, RuleInfo] = {}


def rule(
    *patterns: Any,
    id: str,
    cites: Iterable[str],
    because: str,
    absent: Iterable[str] = (),
    says: str = "",
    salience: int | None = None,
    inline: bool = False,
    inherits: Iterable[str] = (),
) -> Callable[[Callable[..., Any]], Rule]:
    """Declare a production rule. The body receives the bindings it names and returns a fact,
    an iterable of facts, or None."""

    if isinstance(cites, str):
        raise TypeError(f"rule {id!r}: cites must be a tuple of ids, not one string")

    def decorate(body: Callable[..., Any]) -> Rule:
        params = tuple(p for p in inspect.signature(body).parameters if p != "self")
        if id in REGISTRY:
            raise ValueError(f"rule id {id!r} is declared twice")
        info = RuleInfo(
            id=id,
            cites=tuple(cites),
            because=because,
            absent=tuple(absent),
            says=says,
            topic=body.__module__.rsplit(".", 1)[-1],
            params=params,
            inline=inline,
            inherits=tuple(inherits),
        )
        REGISTRY[id] = info

        def fire(engine: Any, **bindings: Any) -> None:
            produced = body(engine, **{p: bindings[p] for p in params if p in bindings})
            engine.conclude(produced)

        fire.__name__ = id
        fire.__qualname__ = id
        fire.__doc__ = body.__doc__
        fire.rule_info = info  # type: ignore[attr-defined]
        fire.body = body  # type: ignore[attr-defined]  # read by engine.relevance
        level = salience if salience is not None else (
            salience_register.RULE_ON if says else salience_register.DERIVE
        )
        return Rule(*patterns, salience=level)(fire)

    return decorate


def facts_of(produced: Any) -> list[Fact]:
    if produced is None:
        return []
    if isinstance(produced, Fact):
        return [produced]
    return [f for f in produced if f is not None]
