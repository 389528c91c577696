"""Which rules can bear on a situation.

experta's matcher costs time for every rule it holds, whatever the facts. A rule whose
patterns need a kind of fact that the situation doesn't have and no other relevant rule can
conclude will never fire, so a question is answered by an engine class holding only the
rules that can: per-question work follows the situation, not the size of the knowledge base.

What a rule needs: the fact classes of its positive patterns (NOT and TEST need nothing),
and the plain values those patterns fix (`Ability(kind="activated")` needs an ability of
that kind) or choose among (`Condition(kind=one_of("life", "turn"))`, facts.match: a test
naming the values it accepts; the same test written as a TEST can't be read). What it can conclude: the fact classes its body constructs, found by reading the
body's code and the module functions it calls. When either can't be read, the rule is
always kept. A pattern's values are checked against the situation's facts only while no
relevant rule can conclude facts of its class (their values can't be read from the code):
a rule is left out only when no fact it could ever match is there.

Reading every body's source takes longer than answering a question, so the result is kept in
the user's cache folder under the hash of the files it was read from (`cached_reaches`): a
new version of the knowledge base gets a new entry, and where nothing can be written (a
read-only home) it is read again at each start, with the same result.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import json
import os
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
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
    #: the plain values its positive patterns fix: (class, ((slot, value), …)) per pattern
    literals: tuple[tuple[type, tuple[tuple[str, Any], ...]], ...] = ()
    #: the values a positive pattern's slot may take: (class, slot, (value, …)) per such slot
    choices: tuple[tuple[type, str, tuple[Any, ...]], ...] = ()


#: values a pattern can fix that relevance compares (anything else is left to the matcher)
_PLAIN = (str, int, float, bool)


#: the attribute of a pattern test listing the values it accepts (facts.match.one_of)
CHOICES = "choices"


def _literals(pattern: Fact) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, v) for k, v in pattern.items()
                        if isinstance(k, str) and type(v) in _PLAIN))


def _choices(pattern: Fact) -> list[tuple[type, str, tuple[Any, ...]]]:
    found = []
    for k, v in pattern.items():
        accepted = getattr(v, CHOICES, None)
        if (isinstance(k, str) and isinstance(accepted, tuple)
                and all(type(a) in _PLAIN for a in accepted)):
            found.append((type(pattern), k, accepted))
    return sorted(found, key=lambda c: c[1])


def reach(rule: Rule) -> Reach:
    name = rule._wrapped.__name__
    needs: set[type] = set()
    literals: list[tuple[type, tuple[tuple[str, Any], ...]]] = []
    choices: list[tuple[type, str, tuple[Any, ...]]] = []
    always = False
    for element in rule:
        if isinstance(element, OR):
            always = True  # alternatives: keep it rather than reason about each branch
        elif isinstance(element, Fact):
            needs.add(type(element))
            fixed = _literals(element)
            if fixed:
                literals.append((type(element), fixed))
            choices.extend(_choices(element))
    body = getattr(rule._wrapped, "body", None)
    found = _constructed(body) if body is not None else None
    concludes, collected = found if found is not None else (None, frozenset())
    reads = frozenset(needs) | frozenset(_pattern_classes(rule)) | collected
    return Reach(name, frozenset(needs), concludes, always, reads, tuple(literals),
                 tuple(choices))


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


def literal_slots(reaches: Iterable[Reach]) -> dict[type, frozenset[str]]:
    """For each fact class, the slots some rule's pattern fixes or chooses a value of."""
    slots: dict[type, set[str]] = {}
    for r in reaches:
        for cls, fixed in r.literals:
            slots.setdefault(cls, set()).update(k for k, _ in fixed)
        for cls, slot, _ in r.choices:
            slots.setdefault(cls, set()).add(slot)
    return {cls: frozenset(found) for cls, found in slots.items()}


def values_of(facts: Iterable[Fact], slots: dict[type, frozenset[str]]
              ) -> frozenset[tuple[type, str, Any]]:
    """(class, slot, value) of the facts, for the slots patterns fix (see literal_slots);
    a fact without such a slot gives (class, slot, None): it could match any value."""
    found: set[tuple[type, str, Any]] = set()
    for fact in facts:
        cls = type(fact)
        for slot in slots.get(cls, ()):
            value = fact.get(slot)
            found.add((cls, slot, value if type(value) in _PLAIN else None))
    return frozenset(found)


def relevant(reaches: Iterable[Reach], given: set[type],
             goal: type | tuple[type, ...] | None = None,
             values: frozenset[tuple[type, str, Any]] | None = None) -> list[str]:
    """The rules that can fire from facts of the `given` classes (a fixpoint forward), and,
    with a `goal` class, of those only the ones that can help conclude it (a fixpoint
    backward: a rule helps if what it concludes is read by a rule that helps). With
    `values` (values_of the given facts), a pattern fixing a slot's value needs a given fact
    with that value, or a relevant rule concluding its class."""
    forward = _forward(list(reaches), given, values)
    if goal is None:
        return sorted(r.name for r in forward)
    wanted = set(goal) if isinstance(goal, tuple) else {goal}
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


def _forward(reaches: list[Reach], given: set[type],
             values: frozenset[tuple[type, str, Any]] | None = None) -> list[Reach]:
    """The rules that can fire, by a worklist: a rule that can't yet waits on the first
    class it lacks and is looked at again when some chosen rule concludes that class."""
    from collections import deque

    available = set(given)
    concluded: set[type] = set()  # classes a chosen rule can conclude: any values
    waiting: dict[type, list[Reach]] = {}
    chosen: list[Reach] = []

    def blocker(r: Reach) -> type | None:
        for cls in r.needs:
            if cls not in available:
                return cls
        if values is not None:
            for cls, fixed in r.literals:
                if cls in concluded:
                    continue
                for slot, value in fixed:
                    if (cls, slot, value) not in values and (cls, slot, None) not in values:
                        return cls
            for cls, slot, accepted in r.choices:
                if cls in concluded or (cls, slot, None) in values:
                    continue
                if not any((cls, slot, value) in values for value in accepted):
                    return cls
        return None

    todo = deque(reaches)
    while todo:
        r = todo.popleft()
        lacking = None if r.always else blocker(r)
        if lacking is not None:
            waiting.setdefault(lacking, []).append(r)
            continue
        chosen.append(r)
        if r.concludes is None:
            return list(reaches)  # it may conclude anything: every rule may fire
        new = r.concludes - concluded
        concluded |= new
        available |= new
        for cls in new:
            todo.extend(waiting.pop(cls, ()))
    return chosen


# -- the cache ---------------------------------------------------------------------------------

CACHE_FORMAT = 3


def cache_dir() -> Path:
    """$RULINGS_CACHE_DIR, else the user's cache folder ($XDG_CACHE_HOME or ~/.cache)."""
    chosen = os.environ.get("RULINGS_CACHE_DIR")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-rulings"


def cached_reaches(sources: list[Path], compute: Callable[[], list[tuple[str, Reach]]]
                   ) -> list[tuple[str, Reach]]:
    """(module, reach) of every rule: from the cache entry of these sources' content, or
    computed (and stored when the cache folder is writable)."""
    digest = hashlib.sha256(f"{CACHE_FORMAT}/{sys.version_info[:2]}".encode())
    for path in sources:
        digest.update(path.name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            return compute()
        digest.update(b"\0")
    entry = cache_dir() / f"reaches-{digest.hexdigest()[:32]}.json"
    try:
        return [(m, _decode(r)) for m, r in json.loads(entry.read_text("utf-8"))]
    except (OSError, ValueError, KeyError, TypeError, ImportError, AttributeError):
        pass  # absent, unreadable or stale: read the rules again
    found = compute()
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=entry.parent, delete=False,
                                         suffix=".tmp", encoding="utf-8") as out:
            json.dump([[m, _encode(r)] for m, r in found], out)
        os.replace(out.name, entry)
    except OSError:
        pass  # nowhere to write: still correct, only slower to start
    return found


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _class(name: str) -> type:
    module, _, qualname = name.partition(":")
    found: object = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not isinstance(found, type):
        raise TypeError(name)
    return found


def _encode(r: Reach) -> dict[str, object]:
    return {
        "name": r.name,
        "needs": sorted(_name(c) for c in r.needs),
        "concludes": None if r.concludes is None else sorted(_name(c) for c in r.concludes),
        "always": r.always,
        "reads": sorted(_name(c) for c in r.reads),
        "literals": [[_name(c), [list(kv) for kv in fixed]] for c, fixed in r.literals],
        "choices": [[_name(c), slot, list(accepted)] for c, slot, accepted in r.choices],
    }


def _decode(data: dict[str, object]) -> Reach:
    def classes(names: object) -> frozenset[type]:
        if not isinstance(names, list):
            raise TypeError(names)
        return frozenset(_class(n) for n in names)

    concludes = data["concludes"]
    literals, choices = data["literals"], data["choices"]
    if not isinstance(literals, list) or not isinstance(choices, list):
        raise TypeError(literals)
    return Reach(str(data["name"]), classes(data["needs"]),
                 None if concludes is None else classes(concludes), bool(data["always"]),
                 classes(data["reads"]),
                 tuple((_class(c), tuple((str(k), v) for k, v in fixed))
                       for c, fixed in literals),
                 tuple((_class(c), str(slot), tuple(accepted)) for c, slot, accepted in choices))
