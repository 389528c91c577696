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
    #: every class the rule looks at: positive and NOT patterns, and engine.collect reads
    reads: frozenset[type] = frozenset()


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
    found = _constructed(body) if body is not None else None
    concludes, collected = found if found is not None else (None, frozenset())
    reads = frozenset(needs) | frozenset(_pattern_classes(rule)) | collected
    return Reach(name, frozenset(needs), concludes, always, reads)


def _pattern_classes(element: Any) -> set[type]:
    """Fact classes anywhere in a rule, NOT conditions included."""
    if isinstance(element, Fact):
        return {type(element)}
    if isinstance(element, tuple):
        found: set[type] = set()
        for part in element:
            found |= _pattern_classes(part)
        return found
    return set()


def _constructed(function: Any) -> tuple[frozenset[type], frozenset[type]] | None:
    """The fact classes a body constructs, and those it reads through engine.collect."""
    found: set[type] = set()
    collected: set[type] = set()
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
        # the body only: a rule's decorator builds its patterns, which it doesn't conclude
        defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        statements = [st for d in defs for st in d.body] if defs else tree.body
        for node in (n for st in statements for n in ast.walk(st)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "collect" and node.args
                    and isinstance(node.args[0], ast.Name)):
                target = scope.get(node.args[0].id)
                if isinstance(target, type) and issubclass(target, Fact):
                    collected.add(target)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                target = scope.get(node.func.id)
                if isinstance(target, type) and issubclass(target, Fact):
                    found.add(target)
                elif inspect.isfunction(target) and target.__module__ == fn.__module__:
                    todo.append(target)
    return frozenset(found), frozenset(collected)


def relevant(reaches: Iterable[Reach], given: set[type], goal: type | None = None
             ) -> list[str]:
    """The rules that can fire from facts of the `given` classes (a fixpoint forward), and,
    with a `goal` class, of those only the ones that can help conclude it (a fixpoint
    backward: a rule helps if what it concludes is read by a rule that helps)."""
    forward = _forward(list(reaches), given)
    if goal is None:
        return sorted(r.name for r in forward)
    wanted = {goal}
    useful: dict[str, Reach] = {}
    changed = True
    while changed:
        changed = False
        for r in forward:
            if r.name in useful:
                continue
            if r.always or r.concludes is None or r.concludes & wanted:
                useful[r.name] = r
                wanted |= r.reads
                changed = True
    return sorted(useful)


def _forward(reaches: list[Reach], given: set[type]) -> list[Reach]:
    pending = list(reaches)
    available = set(given)
    chosen: list[Reach] = []
    changed = True
    while changed:
        changed = False
        for r in list(pending):
            if r.always or r.needs <= available:
                pending.remove(r)
                chosen.append(r)
                if r.concludes is None:
                    return chosen + pending
                available |= r.concludes
                changed = True
    return chosen

