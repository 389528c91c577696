"""Runs the knowledge base over the facts of one situation.

On top of experta this adds:
- logical support: every derived fact remembers the activations that concluded it; when the
  matcher withdraws such an activation (a matched fact went, or an absent fact appeared) the
  support goes, and a fact left with no support is retracted, which cascades;
- a record of each support (rule, matched facts, bindings) from which justifications are built;
- bounds on firings and time, reported as an incomplete run instead of a hang.
"""

from __future__ import annotations

import contextlib
import gc
import inspect
import itertools
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rulings.engine import rete
from rulings.engine.experta_compat import Agenda, DefFacts, Fact, FactList, KnowledgeEngine
from rulings.engine.rules import REGISTRY, facts_of
from rulings.engine.strategy import StableStrategy, activation_key

FactKey = frozenset

rete.install()  # hashed joins, facts routed by type: see engine/rete.py

DEFAULT_MAX_FIRINGS = 20_000
#: of the question's own CPU time, counted from its facts' declaration: building the engine
#: and its network comes before, and the cycle collector (whose full passes in a big process
#: once took seconds inside a question) is paused while it runs
DEFAULT_MAX_SECONDS = 5.0


#: the identity experta's fact list uses to merge equal facts (engine.rete keeps it on the fact)
fact_key = rete.fact_id


def canonical(fact: Fact) -> tuple[str, str]:
    """A sort key for facts that does not depend on the order they were declared in."""
    try:
        return fact._canonical  # type: ignore[no-any-return]
    except AttributeError:
        # Fact.is_special and str() inline: every fact of every question gets its key once
        items = sorted([
            (k if type(k) is str else str(k), repr(v)) for k, v in fact.items()
            if not (isinstance(k, str) and k.startswith("__") and k.endswith("__"))
        ])
        key = (type(fact).__name__, repr(items))
        object.__setattr__(fact, "_canonical", key)
        return key


_gc_lock = threading.Lock()
_gc_holders = 0


@contextlib.contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector is paused while any thread answers a question, and resumed
    when the last one ends. A question allocates many short-lived containers (tokens,
    contexts, memories), which trigger a collection every 700 allocations; each one walks
    every young object, and a process holding engines for many rule sets has hundreds of
    thousands of them: measured, the collector took more than half of a warm question's
    time (2,000 generated situations: 21 ms of CPU each with it, 9 ms without). What a
    question leaves behind is freed by reference counting; the few cycles wait for the
    next collection after it."""
    global _gc_holders
    with _gc_lock:
        _gc_holders += 1
        if _gc_holders == 1:
            no_cycle_collection.resume = gc.isenabled()  # type: ignore[attr-defined]
            gc.disable()
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders -= 1
            if _gc_holders == 0 and no_cycle_collection.resume:  # type: ignore[attr-defined]
                gc.enable()


@dataclass(frozen=True)
class Support:
    """One reason a derived fact holds: the rule that concluded it and what it matched."""

    rule: str
    premises: tuple[FactKey, ...]
    bindings: tuple[tuple[str, Any], ...]


@dataclass
class Derivation:
    """What a run established: every fact, and for each derived one its supports."""

    given: dict[FactKey, Fact]
    derived: dict[FactKey, Fact]
    supports: dict[FactKey, list[Support]]
    firings: int
    complete: bool
    stopped_by: str = ""
    fired_rules: set[str] = field(default_factory=set)
    _best: dict[FactKey, Support | None] = field(default_factory=dict, repr=False)

    def fact(self, key: FactKey) -> Fact:
        return self.derived.get(key) or self.given[key]

    def of_type(self, cls: type) -> list[Fact]:
        found = [f for f in self.derived.values() if isinstance(f, cls)]
        found += [f for f in self.given.values() if isinstance(f, cls)]
        return sorted(found, key=canonical)

    def best_support(self, key: FactKey) -> Support | None:
        """The support shown in explanations: chosen by content, never by firing order.

        A premise concluded by an inline rule (engine.rules: one fact standing for many, like
        "some land Alice controls could produce {G}") is shown by its own best support's
        premises and bindings, as if the rule had matched them directly: the proof is shared
        by every rule reading it, yet each explanation reads as before."""
        if key in self._best:
            return self._best[key]
        options = self.supports.get(key)
        if not options:
            return None
        self._best[key] = None  # a cycle through inline facts is shown as it is
        shown = [self._inlined(s) for s in options]

        def order(s: Support) -> tuple[Any, ...]:
            # equal premises can come with other bindings (two activations collecting the
            # same facts): the bindings break the tie, never the firing order
            return (s.rule, sorted(canonical(self.fact(p)) for p in s.premises),
                    repr(s.bindings))

        best = self._best[key] = min(shown, key=order)
        return best

    def _inlined(self, support: Support) -> Support:
        inner = {p: self.best_support(p) for p in support.premises if self._is_inline(p)}
        if not any(inner.values()):
            return support
        premises: set[FactKey] = set()
        bindings: dict[str, Any] = {}
        for p in support.premises:
            proof = inner.get(p)
            if proof is None:
                premises.add(p)
            else:
                premises.update(proof.premises)
                bindings.update(proof.bindings)
        bindings.update(support.bindings)  # the rule's own bindings come first
        return Support(support.rule,
                       tuple(sorted(premises, key=lambda k: canonical(self.fact(k)))),
                       tuple(sorted(bindings.items())))

    def _is_inline(self, key: FactKey) -> bool:
        options = self.supports.get(key)
        return options is not None and bool(options) and REGISTRY[options[0].rule].inline


class ReasoningEngine(KnowledgeEngine):
    """Base class of the engine class that knowledge/ assembles once per process."""

    __strategy__ = StableStrategy

    def __init__(self, order_seed: int | None = None) -> None:
        super().__init__()
        names = sorted(r._wrapped.__name__ for r in self.get_rules())
        if order_seed is not None:
            # another, reproducible rule order: answers must not change under it
            random.Random(order_seed).shuffle(names)
        self.strategy.rank = {name: i for i, name in enumerate(names)}
        # the network's first-time set-up (its node lists, every node's memories) is made
        # now, not inside the first question's time bound
        self.reset()
        self._release()

    def get_deffacts(self) -> list[Any]:
        """experta's get_deffacts (run at every reset), without its walk over every member
        of the engine (inspect.getmembers: about a twentieth of a small question): which
        members are DefFacts is found once per engine class."""
        cls = type(self)
        names = cls.__dict__.get("_deffacts_names")
        if names is None:
            names = [name for name, value in inspect.getmembers(self)
                     if isinstance(value, DefFacts)]
            cls._deffacts_names = names  # type: ignore[attr-defined]
        found = []
        for name in names:
            deffacts = getattr(self, name)  # binds it to this engine, as experta's walk does
            deffacts.ke = self
            found.append(deffacts)
        return sorted(found, key=lambda d: d.order)

    # -- one question -------------------------------------------------------------------

    def derive(
        self,
        facts: list[Fact],
        max_firings: int = DEFAULT_MAX_FIRINGS,
        max_seconds: float = DEFAULT_MAX_SECONDS,
    ) -> Derivation:
        with no_cycle_collection():
            return self._derive(facts, max_firings, max_seconds)

    def _derive(self, facts: list[Fact], max_firings: int, max_seconds: float) -> Derivation:
        self.reset()
        self._given: dict[FactKey, Fact] = {}
        self._derived: dict[FactKey, Fact] = {}
        self._supports: dict[FactKey, dict[Any, Support]] = {}
        self._concluded: dict[Any, list[FactKey]] = {}
        self._fired: set[str] = set()
        self._collected: list[FactKey] = []
        #: derived fact -> activations whose bodies collected it (see collect)
        self._readers: dict[FactKey, set[Any]] = {}
        #: per-run results of pure computations over the situation's facts (see situation_facts)
        self.memo: dict[str, Any] = {}
        # the question's own CPU time, not the wall clock: on a busy machine (other processes,
        # other server threads) the same situation still gets the same answer
        deadline = time.thread_time() + max_seconds
        stopped_by = ""
        # declared in chunks: few matcher passes, yet a huge board still meets the deadline
        for start in range(0, len(facts), 32):
            self.declare(*facts[start:start + 32])
            if time.thread_time() > deadline:
                stopped_by = "the time limit (while reading the situation)"
                break
        for fact in facts:
            if fact.__factid__ is not None:
                self._given[fact_key(fact)] = fact
        firings = 0
        if not stopped_by:
            firings, stopped_by = self._run_bounded(max_firings, deadline)
        derivation = Derivation(
            given=dict(self._given),
            derived=dict(self._derived),
            supports={k: list(v.values()) for k, v in self._supports.items()},
            firings=firings,
            complete=not stopped_by,
            stopped_by=stopped_by,
            fired_rules=set(self._fired),
        )
        self._release()
        return derivation

    def _release(self) -> None:
        """Drop this run's working memory (the network's tokens, the fact list, the agenda)
        as soon as its derivation is made, not at the next question of this rule set: a
        process keeps an engine per rule set, and each one holding its last question's
        tokens made a heap that every collection walked (and memory that grew with the
        rule sets seen). The next question's reset then finds the network empty."""
        self.matcher.reset()
        self.matcher._clean = True  # engine.rete: the next reset has nothing to wipe
        self.agenda = Agenda()
        self.facts = FactList()
        self._given, self._derived, self._supports = {}, {}, {}
        self._concluded, self._readers, self.memo = {}, {}, {}
        self._collected = []

    def _run_bounded(self, max_firings: int, deadline: float) -> tuple[int, str]:
        self.running = True
        firings = 0
        try:
            while True:
                added, removed = self.get_activations()
                retracted = self._withdraw(removed)
                self.strategy.update_agenda(self.agenda, added, removed)
                if retracted:
                    continue  # let the matcher see the retractions (cascades) first
                activation = self.agenda.get_next()
                if activation is None:
                    return firings, ""
                if firings >= max_firings:
                    return firings, f"the limit of {max_firings} rule firings"
                # the CPU clock is a system call (a few µs, as much as a small firing):
                # read at every 8th firing
                if not firings & 7 and time.thread_time() > deadline:
                    return firings, "the time limit"
                firings += 1
                self._current = activation
                self._collected = []
                context = {
                    k: v for k, v in activation.context.items() if not k.startswith("__")
                }
                activation.rule._wrapped(self, **context)
        finally:
            self.running = False
            self._current = None

    def collect(self, cls: Any, **match: Any) -> list[Fact]:
        """For aggregating rules (salience AGGREGATE, after every DERIVE rule has settled):
        the facts of a type that match, in a stable order. They become premises of what the
        rule concludes, and if a derived one is later withdrawn, so is the conclusion."""
        found: list[tuple[tuple[str, str], FactKey, Fact]] = []
        for key, fact in itertools.chain(self._given.items(), self._derived.items()):
            if isinstance(fact, cls) and all(fact.get(k) == v for k, v in match.items()):
                found.append((canonical(fact), key, fact))
        found.sort(key=lambda t: t[0])
        self._collected.extend(key for _, key, _ in found)
        return [fact for _, _, fact in found]

    def situation_facts(self) -> list[Fact]:
        """The facts of the situation itself (never derived ones), in a stable order, without
        making them premises. For rules whose body computes over the whole game state (the
        layer system, CR 613): the situation's facts never change during a run, so such a
        computation can't go stale; the rule names what it used with `cite`."""
        return sorted(self._given.values(), key=canonical)

    def cite(self, *facts: Fact) -> None:
        """Make facts of the situation premises of what the current rule concludes."""
        for fact in facts:
            key = fact_key(fact)
            if key in self._given or key in self._derived:
                self._collected.append(key)

    # -- truth maintenance --------------------------------------------------------------

    def conclude(self, produced: Any) -> None:
        """Called by a rule body (through engine.rules.rule) with what it concluded."""
        activation = self._current
        act = activation_key(activation)
        name = act[0]
        self._fired.add(name)
        matched = {fact_key(f) for f in activation.facts if type(f).__name__ != "InitialFact"}
        premises = tuple(
            sorted(
                matched | set(self._collected),
                key=lambda k: canonical(self._given.get(k) or self._derived[k]),
            )
        )
        for key in self._collected:
            if key in self._derived:
                self._readers.setdefault(key, set()).add(act)
        bindings = tuple(
            sorted(
                (k, v)
                for k, v in activation.context.items()
                if isinstance(k, str) and not k.startswith("__") and not isinstance(v, Fact)
            )
        )
        support = Support(rule=name, premises=premises, bindings=bindings)
        for fact in facts_of(produced):
            if hasattr(fact, "completed"):
                fact = fact.completed()
            key = fact_key(fact)
            if key in self._given:
                continue  # already a fact of the situation: nothing to maintain
            if key not in self._derived:
                handle = self.declare(fact)
                if handle is None:  # pragma: no cover - declared facts are always new here
                    continue
                self._derived[key] = handle
            self._supports.setdefault(key, {})[act] = support
            self._concluded.setdefault(act, []).append(key)

    def _withdraw(self, removed: Any) -> bool:
        """Drop the supports of withdrawn activations; True if any fact was retracted."""
        retracted = False
        pending = [activation_key(a) for a in removed]
        while pending:
            act = pending.pop()
            for key in self._concluded.pop(act, ()):
                supports = self._supports.get(key)
                if supports is None:
                    continue
                supports.pop(act, None)
                if not supports:
                    del self._supports[key]
                    handle = self._derived.pop(key)
                    self.retract(handle)
                    retracted = True
                    # conclusions that aggregated over this fact go with it
                    pending.extend(sorted(self._readers.pop(key, ())))
        return retracted

