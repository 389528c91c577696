"""Running many situations at once: a corpus of case files, or generated situations.

Work is spread over worker processes forked from a parent that has already imported the
knowledge base and read what each rule needs (where fork is unavailable, they are spawned and
do that themselves); each worker builds an engine once per rule set and order and runs many
situations; results come back as plain data and are sorted by file, so the output never
depends on which worker finished first.

Besides each case's own expectations, a run checks
- contradictions in every answer (rulings.cases.contradictions),
- order independence (`permute=K`: the answer under order seeds 1..K must equal the default),
- bound hits (an incomplete answer),
and, over the whole corpus, the knowledge nothing exercised (`knowledge_report`).
"""

from __future__ import annotations

import gc
import hashlib
import importlib
import importlib.util
import json
import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rulings.cases import Difference, compare, contradictions, fired_rules
from rulings.engine.answer import hit_bound
from rulings.facts.errors import InputError, Problem

# -- what one run of one situation gives -------------------------------------------------------


@dataclass
class Record:
    """The outcome of one case file or one generated situation (plain, picklable data)."""

    file: str
    title: str = ""
    line: int = 0
    #: passed | failed | unreadable
    status: str = "passed"
    covers: list[str] = field(default_factory=list)
    near_miss: bool = False
    differences: list[Difference] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: a generated situation, as data (None for case files)
    situation: dict[str, Any] | None = None
    #: where a generated situation was written for replay
    written_to: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.written_to or self.file,
            "case": self.title,
            "status": self.status,
            "covers": self.covers,
            "near_miss": self.near_miss,
            "differences": [d.as_dict() for d in self.differences],
        }
        if self.problems:
            out["problems"] = [str(p) for p in self.problems]
        return out


# -- engines inside a worker ---------------------------------------------------------------------

_CLASSES: dict[str, type] = {}
_STATE: dict[str, Any] = {"spec": None, "engines": {}}


def load_engine_class(spec: str) -> type:
    """The knowledge class named by `spec`: "package.module:attr" or "path/to/file.py:attr"
    (the attribute is a class, or a function returning one). Loaded once per process."""
    if spec in _CLASSES:
        return _CLASSES[spec]
    where, _, attr = spec.rpartition(":")
    if not where or not attr:
        raise ValueError(f"engine spec {spec!r} must read 'module:attr' or 'file.py:attr'")
    if where.endswith(".py"):
        path = Path(where).resolve()
        name = "_rulings_engine_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        module = sys.modules.get(name)
        if module is None:
            loader_spec = importlib.util.spec_from_file_location(name, path)
            if loader_spec is None or loader_spec.loader is None:
                raise ImportError(f"can't load {path}")
            module = importlib.util.module_from_spec(loader_spec)
            sys.modules[name] = module
            loader_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    found = getattr(module, attr)
    cls = found if isinstance(found, type) else found()
    _CLASSES[spec] = cls
    return cls


def _init_worker(spec: str | None) -> None:
    _STATE["spec"] = spec
    _STATE["engines"] = {}
    try:
        if spec is None:
            import rulings.api  # noqa: F401  (imports the knowledge base once, up front)
            from rulings.knowledge.rules import prepare

            prepare()  # already done when the worker was forked from a warmed parent
            from rulings.facts import modelled

            modelled.readers()  # the registry of what rules read, outside any question's time
        else:
            _engine(None)  # build the engine now, not inside the first situation's timing
    except Exception:
        # A knowledge base that does not build must not kill the worker: a pool restarts
        # dead workers forever. Each situation will report the error as a crash instead.
        pass


def _engine(order_seed: int | None) -> Any:
    """An engine of the knowledge class given by spec (the repository's knowledge is asked
    through rulings.api.ask, which picks its engine per situation)."""
    spec = _STATE["spec"]
    engines = _STATE["engines"]
    if order_seed not in engines:
        engines[order_seed] = load_engine_class(spec)(order_seed=order_seed)
    return engines[order_seed]


def _answer(situation: Any, order_seed: int | None, max_firings: int | None = None
            ) -> dict[str, Any]:
    """The answer of the worker's knowledge: the repository's through `rulings.api.ask`
    (exactly what `rulings ask` says), or a knowledge class given by spec."""
    if _STATE["spec"] is None:
        from rulings.api import ask

        limits = {} if max_firings is None else {"max_firings": max_firings}
        return ask(situation, order_seed=order_seed, **limits)
    from rulings.cases import ask_with

    return ask_with(_engine(order_seed), situation, max_firings=max_firings)


# -- the work of one situation -------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """A case file to run (`file`), or a generated situation (`situation` with a `name`)."""

    file: str
    permute: int = 0
    situation: dict[str, Any] | None = None
    index: int = 0
    #: a tighter bound on rule firings than the engine's default (None: the default)
    max_firings: int | None = None
    #: a generated situation drawn by the worker itself: situation `index` of this seed
    seed: int | None = None


def run_task(task: Task) -> Record:
    if task.situation is not None or task.seed is not None:
        return _run_generated(task)
    return _run_case_file(task)


def _run_case_file(task: Task) -> Record:
    from rulings.cases import load_case
    from rulings.facts.situation import Loader

    start = time.perf_counter()
    try:
        case = load_case(task.file)
    except InputError as exc:
        return Record(task.file, status="unreadable", problems=list(exc.problems))
    record = Record(task.file, case.title, case.line, covers=list(case.covers),
                    near_miss=case.near_miss)
    try:
        situation = Loader(case.file).load(case.situation)
    except InputError as exc:
        record.status = "unreadable"
        record.problems = list(exc.problems)
        return record
    try:
        answer = _answer(situation, None, task.max_firings)
        record.differences = compare(case, answer)
        record.fired = sorted(fired_rules(answer))
        for seed in range(1, task.permute + 1):
            other = _answer(Loader(case.file).load(case.situation), seed, task.max_firings)
            record.differences += order_differences(answer, other, seed, case.line)
    except Exception as exc:  # a crash is a finding, not the end of the run
        record.differences.append(_crash(exc, case.line))
    record.status = "failed" if record.differences else "passed"
    record.seconds = time.perf_counter() - start
    return record


def _run_generated(task: Task) -> Record:
    from rulings.facts.situation import from_data

    start = time.perf_counter()
    data, loaded = task.situation, None
    if data is None:  # drawn here (rulings.generate.drawn), in the worker
        from rulings.generate import drawn

        assert task.seed is not None
        data, loaded = drawn(task.seed, task.index, task.file)
    record = Record(task.file, situation=data)
    try:
        situation = loaded if loaded is not None else from_data(data, task.file)
    except InputError as exc:
        record.differences.append(Difference(
            "input", "the generator wrote a situation the loader rejects: "
            + "; ".join(p.what for p in exc.problems)))
        record.status = "failed"
        return record
    try:
        answer = _answer(situation, None, task.max_firings)
        record.fired = sorted(fired_rules(answer))
        for c in contradictions(answer):
            record.differences.append(Difference("contradiction", c.message(), 0, None,
                                                 [c.first, c.second]))
        if hit_bound(answer):
            record.differences.append(Difference(
                "incomplete", "the run hit its bound: " + answer["rulings"][-1]["text"], 0,
                None, [answer["rulings"][-1]]))
    except InputError as exc:  # refused by a rule's own input check: not a crash
        record.differences.append(Difference("input", "; ".join(p.what for p in exc.problems)))
    except Exception as exc:
        record.differences.append(_crash(exc, 0))
    record.status = "failed" if record.differences else "passed"
    record.seconds = time.perf_counter() - start
    return record


def _crash(exc: BaseException, line: int) -> Difference:
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return Difference("crash", f"crash: {type(exc).__name__}: {exc}", line,
                      reasons=[s.rstrip("\n") for s in "".join(tb[-6:]).splitlines()])


def order_differences(default: dict[str, Any], other: dict[str, Any], seed: int,
                      line: int = 0) -> list[Difference]:
    """How the answer under order seed `seed` differs from the default order's (empty if the
    JSON is the same). An answer that stopped at its time bound says nothing about the order
    of the rules (how far it got depends on the machine): that is a bound hit, not a
    difference."""
    if _canonical_json(default) == _canonical_json(other):
        return []
    from rulings.engine.answer import hit_bound

    if hit_bound(default) or hit_bound(other):
        return []
    before = {r["id"]: r for r in default["rulings"]}
    after = {r["id"]: r for r in other["rulings"]}
    reasons = [f"- [{i}] {before[i]['text']}" for i in sorted(set(before) - set(after))]
    reasons += [f"+ [{i}] {after[i]['text']}" for i in sorted(set(after) - set(before))]
    for i in sorted(set(before) & set(after)):
        if _canonical_json(before[i]) != _canonical_json(after[i]):
            reasons.append(f"~ [{i}] is explained differently")
    if not reasons:
        reasons.append("~ the rulings come in another order")
    changed = [after[i] for i in sorted(set(after) - set(before))]
    return [Difference("order", f"the answer differs under order_seed={seed}", line, None,
                       changed, reasons)]


def _canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# -- running many --------------------------------------------------------------------------------

class Progress:
    """A one-line progress bar on a terminal; silent otherwise."""

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None
                 ) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.failed = 0

    def step(self, record: Record) -> None:
        self.done += 1
        self.failed += not record.passed
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total}"
                          + (f", {self.failed} failed" if self.failed else ""))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def default_jobs() -> int:
    return os.cpu_count() or 1


def run_tasks(tasks: list[Task], jobs: int | None = None, engine_spec: str | None = None,
              progress: Callable[[Record], None] | None = None) -> list[Record]:
    """Run every task, in `jobs` processes (1: in this process), results sorted by file.

    If worker processes can't be started (e.g. the main program is read from stdin, which
    'spawn' can't re-import), the tasks left run in this process, with a note on stderr."""
    jobs = default_jobs() if jobs is None else max(1, jobs)
    records: list[Record] = []

    def keep(found: Iterable[Record]) -> None:
        for record in found:
            records.append(record)
            if progress:
                progress(record)

    if jobs > 1 and len(tasks) > 1:
        left = _run_pool(tasks, min(jobs, len(tasks)), engine_spec, keep)
    else:
        left = tasks
    if left:
        keep(_run_here(left, engine_spec))
    return sorted(records, key=lambda r: (_sort_key(r.file), r.file))


def _run_here(tasks: list[Task], engine_spec: str | None) -> Iterator[Record]:
    saved = dict(_STATE)
    _init_worker(engine_spec)
    try:
        for task in tasks:
            yield run_task(task)
    finally:
        _STATE.update(saved)


def _run_chunk(tasks: list[Task]) -> list[Record]:
    """In a worker process. Each new rule set's engine (most generated situations build
    one) is put out of the cycle collector's sight once built, as the parent's knowledge
    base is before the fork: a worker comes to hold hundreds of engines, and every full
    collection walked them all (about a twentieth of a worker's time)."""
    records = []
    for task in tasks:
        held = _engines_held()
        records.append(run_task(task))
        if _engines_held() != held:
            gc.freeze()
    return records


def _engines_held() -> int:
    from rulings import api

    return len(getattr(api._local, "engines", ())) + len(_STATE["engines"])


def _run_pool(tasks: list[Task], workers: int, engine_spec: str | None,
              keep: Callable[[Iterable[Record]], None]) -> list[Task]:
    """Run `tasks` in chunks on `workers` spawned processes; the tasks not run if the pool
    broke. Small chunks keep the load even and the progress bar moving."""
    size = max(1, min(16, len(tasks) // (workers * 4)))
    chunks = [tasks[i:i + size] for i in range(0, len(tasks), size)]
    done: set[int] = set()
    context = _pool_context(engine_spec)
    try:
        with ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                 initargs=(engine_spec,)) as pool:
            futures = {pool.submit(_run_chunk, chunk): n for n, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                keep(future.result())
                done.add(futures[future])
    except BrokenProcessPool as exc:
        print(f"rulings: worker processes failed ({exc}); running the rest in this process",
              file=sys.stderr)
    return [t for n, chunk in enumerate(chunks) if n not in done for t in chunk]


def _pool_context(engine_spec: str | None) -> Any:
    """'fork' from a warmed parent where the platform has it: workers then share the imported
    knowledge base instead of each importing it again; 'spawn' elsewhere."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    try:
        if engine_spec is None:
            from rulings.knowledge.rules import prepare

            prepare()
        else:
            load_engine_class(engine_spec)
    except Exception:
        pass  # each worker reports a knowledge base that does not build
    # what the parent holds now (the imported knowledge base) lives as long as the workers:
    # out of the cycle collector's sight, its passes in the workers don't walk it, and the
    # workers' pages stay shared with the parent
    gc.freeze()
    return multiprocessing.get_context("fork")


def _sort_key(file: str) -> tuple[str, ...]:
    return Path(file).parts


def case_tasks(files: Iterable[str | Path], permute: int = 0) -> list[Task]:
    return [Task(str(f), permute) for f in files]


def generated_tasks(situations: Iterable[tuple[str, dict[str, Any]]],
                    max_firings: int | None = None) -> list[Task]:
    return [Task(name, 0, data, i, max_firings) for i, (name, data) in enumerate(situations)]


def drawn_tasks(count: int, seed: int, max_firings: int | None = None) -> list[Task]:
    """The tasks of `rulings.generate.generate(count, seed)`, each drawn by the process that
    runs it (the same situations, under the same names): drawing and checking a draw is
    about a tenth of a generated situation's work, which the parent did alone before."""
    from rulings.generate import name_of, remember_known_cards

    remember_known_cards()  # read before the workers fork, shared with them
    return [Task(name_of(seed, i), 0, None, i, max_firings, seed=seed) for i in range(count)]


# -- the knowledge nothing exercised ---------------------------------------------------------


@dataclass
class KnowledgeReport:
    #: rule ids of the engine's knowledge
    rules: list[str]
    #: rules no answer of the corpus rests on
    dead_rules: list[str]
    #: official rulings (card-slug#n) of the encoded cards that no case covers; None if the
    #: official rulings could not be read (see `rulings_note`)
    uncovered_rulings: list[str] | None
    rulings_note: str
    #: case files whose `covers` is empty
    covering_nothing: list[str]

    def as_dict(self) -> dict[str, Any]:
        return {
            "dead_rules": self.dead_rules,
            "uncovered_rulings": self.uncovered_rulings,
            "uncovered_rulings_note": self.rulings_note,
            "cases_covering_nothing": self.covering_nothing,
        }


def knowledge_report(records: list[Record], engine_spec: str | None = None,
                     cards_data: str | Path | None = None,
                     cards_dir: str | Path | None = None) -> KnowledgeReport:
    """Dead and missing knowledge over a corpus run.

    A rule counts as fired when some answer rests on it: it concluded a ruling or a fact in a
    ruling's justification tree. A rule whose conclusions never reach a ruling counts as dead
    even if it fired (that knowledge answers nothing the corpus asks)."""
    from rulings.lint import rule_ids

    try:
        cls = load_engine_class(engine_spec) if engine_spec else _knowledge_class()
        rules = sorted(rule_ids(cls))
    except Exception:  # a knowledge base that does not import: every case said so already
        rules = []
    fired: set[str] = set()
    covered: set[str] = set()
    empty: list[str] = []
    for record in records:
        fired.update(record.fired)
        covered.update(c.strip().lower() for c in record.covers)
        if record.status != "unreadable" and not record.covers:
            empty.append(record.file)
    uncovered, note = _uncovered_rulings(covered, cards_data, cards_dir)
    from rulings.engine.rules import REGISTRY

    # an inline rule is shown through the rules reading its conclusion, never by itself
    dead = [r for r in rules if r not in fired
            and not (r in REGISTRY and REGISTRY[r].inline)]
    return KnowledgeReport(rules, dead, uncovered, note, empty)


def _knowledge_class() -> type:
    from rulings.knowledge.rules import engine_class

    return engine_class()


def _uncovered_rulings(covered: set[str], cards_data: str | Path | None,
                       cards_dir: str | Path | None) -> tuple[list[str] | None, str]:
    from rulings.facts import located
    from rulings.facts.cards import slug
    from rulings.knowledge import catalog

    counts, note = official_ruling_counts(cards_data)
    if counts is None:
        return None, note
    directory = Path(cards_dir) if cards_dir else catalog.CARDS_DIR
    uncovered: list[str] = []
    unknown: list[str] = []
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = located.read(path)
        except InputError:
            continue  # lint reports broken card files
        name = data.get("name") if isinstance(data, dict) else None
        card_slug = slug(str(name)) if name else path.stem
        count = counts.get(card_slug)
        if count is None:
            unknown.append(card_slug)
            continue
        uncovered += [f"{card_slug}#{n}" for n in range(1, count + 1)
                      if f"{card_slug}#{n}" not in covered]
    if unknown:
        shown = ", ".join(unknown[:8]) + (f" and {len(unknown) - 8} more" if len(unknown) > 8
                                          else "")
        note += f"; {len(unknown)} encoded card{'s' if len(unknown) > 1 else ''} not in that " \
                f"data: {shown}"
    return uncovered, note


def official_ruling_counts(cards_data: str | Path | None = None
                           ) -> tuple[dict[str, int] | None, str]:
    """Official ruling counts by card slug: from `cards_data` (any file the reference importer
    reads, e.g. a cards.json array) or else from the user's imported data."""
    try:
        if cards_data is not None:
            from rulings.reference import official
            from rulings.reference.lookup import CardBook

            book = CardBook(official.parse_files([Path(cards_data)])[0])
            source = str(cards_data)
        else:
            from rulings.reference import card_book

            book = card_book()
            source = "the imported rulings"
    except Exception as exc:  # missing or unreadable data: the report says so, the run goes on
        text = str(exc).strip()
        reason = text.splitlines()[0] if text else type(exc).__name__
        return None, (f"official rulings not checked: {reason} (or pass --cards-data FILE)")
    counts = {s: len(card.get("rulings", [])) for s, card in book.cards.items()}
    for alias, target in book.aliases.items():
        if target in counts:
            counts.setdefault(alias, counts[target])
    return counts, f"official rulings from {source}"


# -- benchmark ------------------------------------------------------------------------------

def batch_figures(case_paths: list[str | Path], generated: int = 2000
                  ) -> list[tuple[str, str]]:
    """Label/value pairs for `rulings bench`: situations per second of `rulings check` with
    one and two worker processes, over the given cases and over `generated` generated
    situations. Each is a fresh `rulings check` process, so start-up, imports and engine
    building count; the CPU seconds it used (all its processes) show work done twice, which
    wall time on a busy machine hides."""
    import resource
    import subprocess

    from rulings.cases import find_cases

    files = find_cases(list(case_paths))
    runs: list[tuple[str, int, list[str]]] = [
        ("cases", len(files), [str(f) for f in files]),
        ("generated situations", generated, ["--generate", str(generated), "--seed", "1"]),
    ]
    figures: list[tuple[str, str]] = []
    for label, count, args in runs:
        if not count:
            figures.append((f"check: {label}", "none to run"))
            continue
        for jobs in (1, 2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            with tempfile.TemporaryDirectory() as out:
                extra = ["--out", out] if label != "cases" else []
                subprocess.run([sys.executable, "-m", "rulings.cli", "check", "--jobs",
                                str(jobs), *extra, *args], capture_output=True)
            seconds = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            figures.append((f"check: {count} {label}, --jobs {jobs}",
                            f"{count / seconds:,.1f} situations/s ({seconds:.2f} s, "
                            f"CPU {cpu:.2f} s)"))
    return figures
