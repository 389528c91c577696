"""Which rules can bear on a situation.

experta's matcher costs time for every rule it holds, whatever the facts. A rule whose
patterns need a kind of fact that the situation doesn't have and no other relevant rule can
conclude will never fire, so a question is answered by an engine class holding only the
rules that can: per-question work follows the situation, not the size of the knowledge base.

What a rule needs: the fact classes of its positive patterns (NOT and TEST need nothing).
What it can conclude: the fact classes its body constructs, found by reading the body's code
and the module functions it calls. When either can't be read, the rule is always kept.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulings.engine.experta_compat import OR, Fact, Rule


@dataclass(frozen=True)
class Reach:
    name: str
    needs: frozenset[type]
    concludes: frozenset[type] | None  # None: could not be read; assume anything
    always: bool = False


def reach(rule: Rule) -> Reach:
    name = rule._wrapped.__name__
    needs: set[type] = set()
    always = False
    for element in rule:
        if isinstance(element, OR):
            always = True  # alternatives: keep it rather than reason about each branch
        elif isinstance(element, Fact):
            needs.add(type(element))
    body = getattr(rule._wrapped, "body", None)
    concludes = _constructed(body) if body is not None else None
    return Reach(name, frozenset(needs), concludes, always)


def _constructed(function: Any) -> frozenset[type] | None:
    found: set[type] = set()
    seen: set[Any] = set()
    todo = [function]
    while todo:
        fn = todo.pop()
        if fn in seen:
            continue
        seen.add(fn)
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        except (OSError, TypeError, SyntaxError):
            return None
        scope = fn.__globals__
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                target = scope.get(node.func.id)
                if isinstance(target, type) and issubclass(target, Fact):
                    found.add(target)
                elif inspect.isfunction(target) and target.__module__ == fn.__module__:
                    todo.append(target)
    return frozenset(found)


def relevant(reaches: Iterable[Reach], given: set[type]) -> list[str]:
    """The rules that can fire from facts of the `given` classes, by fixpoint."""
    pending = list(reaches)
    available = set(given)
    chosen: list[str] = []
    changed = True
    while changed:
        changed = False
        for r in list(pending):
            if r.always or r.needs <= available:
                pending.remove(r)
                chosen.append(r.name)
                if r.concludes is None:
                    return sorted(chosen + [p.name for p in pending])
                available |= r.concludes
                changed = True
    return sorted(chosen)

