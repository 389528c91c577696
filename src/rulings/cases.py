"""Case files: a situation, the rulings expected of it, and what it covers.

    case: Reflecting Pool with only another Reflecting Pool adds no mana
    covers: [CR 106.7, reflecting-pool#6]
    near_miss: false
    situation: { …the keys of a situation file… }
    expect:                      # each must match some ruling of the answer
      - id: mana.produces/pool.1 # any of id, rule, subject, verdict, action, cites
        verdict: doesn't happen
        mentions: [no land Alice controls could produce]   # said in the justification
    expect_not:                  # none may match (the near miss's flipped outcome)
      - rule: mana.produces
        verdict: happens
    only_expected: false         # true: any ruling not expected is a failure (quiet corpus)

Besides the expectations, every answer is checked for contradictions (two rulings on the same
subject and action whose verdicts can't both hold, see `contradictions`) and for a run that hit
its bound; either one fails the case whatever it expected.
"""

from __future__ import annotations

import glob
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings.engine.answer import hit_bound
from rulings.facts import located
from rulings.facts.errors import InputError, Problem, nearest
from rulings.facts.located import line_of
from rulings.facts.rulings import VERDICTS

CASE_KEYS = ("case", "covers", "near_miss", "situation", "expect", "expect_not",
             "only_expected", "notes")
MATCH_KEYS = ("id", "rule", "subject", "verdict", "action", "cites", "mentions", "text",
              "event")
CASE_SUFFIXES = (".yaml", ".yml", ".json")

#: verdict pairs that can't both hold for the same subject and action
OPPOSED: frozenset[frozenset[str]] = frozenset({
    frozenset({"can", "can't"}),
    frozenset({"happens", "doesn't happen"}),
    frozenset({"must", "can't"}),
    frozenset({"may", "can't"}),
})


@dataclass
class Case:
    file: str
    title: str
    covers: list[str]
    near_miss: bool
    situation: Any
    expect: list[dict[str, Any]]
    expect_not: list[dict[str, Any]]
    only_expected: bool = False
    line: int = 0


@dataclass
class Difference:
    """One way an answer differs from what its case expects, with the rulings involved (their
    JSON, justification included) so a report can show why the engine said what it said."""

    #: missing | unwanted | unexpected | contradiction | incomplete | input | order | crash
    kind: str
    message: str
    line: int = 0
    expected: dict[str, Any] | None = None
    rulings: list[dict[str, Any]] = field(default_factory=list)
    #: for a missing ruling: how the closest actual ruling differs, one reason per line
    reasons: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "line": self.line,
            "message": self.message,
            "expected": self.expected,
            "reasons": self.reasons,
            "actual": self.rulings,
        }


@dataclass
class CaseResult:
    case: Case
    passed: bool
    differences: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None
    problems: list[Problem] = field(default_factory=list)
    details: list[Difference] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.case.file,
            "case": self.case.title,
            "status": "passed" if self.passed else "failed",
            "covers": self.case.covers,
            "near_miss": self.case.near_miss,
            "differences": self.differences,
        }


# -- finding and reading case files ------------------------------------------------------------

def find_cases(paths: list[str | Path]) -> list[Path]:
    """Case files under `paths` (files, directories, globs), sorted and without repeats.
    Paths that name nothing are left out; use `find_case_files` to hear about them."""
    return find_case_files(paths)[0]


def find_case_files(paths: list[str | Path]) -> tuple[list[Path], list[Problem]]:
    found: dict[Path, None] = {}
    problems: list[Problem] = []
    for raw in paths:
        text = str(raw)
        if glob.has_magic(text):
            matched = sorted(Path(m) for m in glob.glob(text, recursive=True))
            if not matched:
                problems.append(Problem(text, 0, "the pattern matches no file",
                                        "check the pattern (quote it so the shell keeps **)"))
            for m in matched:
                _add(found, m)
            continue
        path = Path(text)
        if not path.exists():
            problems.append(Problem(text, 0, "no such file or directory",
                                    "give case files, directories of them, or a glob"))
            continue
        _add(found, path)
    return sorted(found), problems


def _add(found: dict[Path, None], path: Path) -> None:
    if path.is_dir():
        for q in sorted(path.rglob("*")):
            if q.suffix in CASE_SUFFIXES and q.is_file():
                found.setdefault(q, None)
    elif path.is_file():
        found.setdefault(path, None)


def load_case(path: str | Path) -> Case:
    return case_from_data(located.read(path), str(path))


def case_from_data(data: Any, file: str = "<case>") -> Case:
    """A case from parsed data (a case file's content, or a request's JSON body)."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise InputError([Problem(file, 1, "a case must be a mapping",
                                  "write case:, covers:, situation:, expect:")])
    for key in data:
        if key not in CASE_KEYS:
            problems.append(Problem(file, line_of(data, key), f"unknown case key '{key}'",
                                    nearest(key, CASE_KEYS)))
    for key in ("case", "situation"):
        if key not in data:
            problems.append(Problem(file, line_of(data) or 1, f"the case has no '{key}'",
                                    f"add {key}:"))
    covers = data.get("covers") or []
    if not isinstance(covers, list):
        problems.append(Problem(file, line_of(data, "covers"), "'covers' must be a list",
                                "write covers: [CR 106.5, card-slug#1]"))
        covers = []
    expect = _patterns(data, "expect", file, problems)
    expect_not = _patterns(data, "expect_not", file, problems)
    if problems:
        raise InputError(problems)
    return Case(
        file=file, title=str(data.get("case", "")), covers=[str(c) for c in covers],
        near_miss=bool(data.get("near_miss", False)), situation=data["situation"],
        expect=expect, expect_not=expect_not,
        only_expected=bool(data.get("only_expected", False)), line=line_of(data),
    )


def _patterns(data: dict[str, Any], key: str, file: str, problems: list[Problem]
              ) -> list[dict[str, Any]]:
    items = data.get(key) or []
    if not isinstance(items, list):
        problems.append(Problem(file, line_of(data, key), f"'{key}' must be a list",
                                "write one '- {verdict: …}' item per ruling"))
        return []
    for i, item in enumerate(items):
        where = line_of(items, i)
        if not isinstance(item, dict) or not item:
            problems.append(Problem(file, where, f"each '{key}' item must be a mapping",
                                    f"use keys from: {', '.join(MATCH_KEYS)}"))
            continue
        for k in item:
            if k not in MATCH_KEYS and not str(k).startswith("_"):
                problems.append(Problem(file, line_of(item, k) or where, f"unknown key '{k}'",
                                        nearest(k, MATCH_KEYS)))
        if "verdict" in item and item["verdict"] not in VERDICTS:
            problems.append(Problem(file, line_of(item, "verdict") or where,
                                    f"unknown verdict '{item['verdict']}'",
                                    nearest(str(item["verdict"]), VERDICTS)))
        item["_line"] = where
    return items


# -- matching a pattern against a ruling -------------------------------------------------------

def matches(pattern: dict[str, Any], ruling: dict[str, Any]) -> bool:
    return not mismatches(pattern, ruling)


def mismatches(pattern: dict[str, Any], ruling: dict[str, Any]) -> list[str]:
    """Why `ruling` does not match `pattern`, one reason per key that differs (empty: it
    matches)."""
    reasons: list[str] = []
    for key, want in pattern.items():
        if key.startswith("_"):
            continue
        if key in ("id", "rule"):
            if ruling[key] != want:
                reasons.append(f"{key}: expected {want!r}, got {ruling[key]!r}")
        elif key in ("subject", "verdict", "action"):
            got = ruling["statement"][key]
            if _norm(got) != _norm(str(want)):
                reasons.append(f"{key}: expected {str(want)!r}, got {got!r}")
        elif key == "text":
            if _norm(str(want)) not in _norm(ruling["text"]):
                reasons.append(f"text: {str(want)!r} is not part of {ruling['text']!r}")
        elif key == "cites":
            wanted = want if isinstance(want, list) else [want]
            missing = [str(w) for w in wanted if str(w) not in ruling["cites"]]
            if missing:
                reasons.append(f"cites: {', '.join(missing)} not among "
                               f"{', '.join(ruling['cites']) or 'no citations'}")
        elif key == "event":  # a sequence: the number of the event the ruling is about
            if ruling.get("event") != want:
                reasons.append(f"event: expected {want!r}, got {ruling.get('event')!r}")
        elif key == "mentions":
            said = _norm(_flatten(ruling))
            wanted = want if isinstance(want, list) else [want]
            for w in wanted:
                if _norm(str(w)) not in said:
                    reasons.append(f"mentions: {str(w)!r} is said nowhere in the ruling or "
                                   "its justification")
    return reasons


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def _flatten(ruling: dict[str, Any]) -> str:
    return json.dumps(ruling, ensure_ascii=False)


def describe(pattern: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in pattern.items() if not k.startswith("_"))


def clean(pattern: dict[str, Any]) -> dict[str, Any]:
    """A pattern without its bookkeeping keys, as plain data."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in pattern.items()
            if not k.startswith("_")}


# -- consistency of one answer -----------------------------------------------------------------

@dataclass(frozen=True)
class Contradiction:
    """Two rulings of one answer that can't both hold; `why` says in what way."""

    first: dict[str, Any]
    second: dict[str, Any]
    why: str = ""

    def message(self) -> str:
        a, b = self.first, self.second
        how = f" ({self.why})" if self.why else ""
        return f"contradiction{how}: {a['text']} [{a['id']}] but {b['text']} [{b['id']}]"


#: words after which an action only says how, when or through what it is done: "cast Forest
#: without paying its mana cost" and "cast Forest (nor play it) through …" are one action
_QUALIFIERS = re.compile(
    r"\s+(?:without|through|now|as though|as if|this way|while|from the|from their|"
    r"using|by paying|for free)\b.*$|\s*[(,;:].*$")


def core_action(action: str) -> str:
    """The action a ruling is about, without how, when or through what: the part two rulings
    must share to be about the same thing."""
    return _QUALIFIERS.sub("", _norm(action)).strip()


def contradictions(answer: dict[str, Any]) -> list[Contradiction]:
    """Pairs of rulings of one answer that can't both hold, compared by meaning:

    - the same subject and the same action, verdicts opposed (can/can't, happens/doesn't
      happen, must/can't, may/can't), the action compared without how, when or through what
      it is done ("may cast Forest without paying its mana cost" against "can't cast Forest");
    - one ruling says (or presumes, as an ordering of two steps does) that an instruction step
      happens, and another says that step is skipped (`statement.happen` / `statement.skipped`:
      "the cast comes before the shuffle" against "nothing is cast" or "no shuffle").

    The one detector used by `rulings check` (cases and generated situations) and by the
    whole-corpus tests."""
    rulings = sorted(answer.get("rulings", []), key=lambda r: r["id"])
    found: list[Contradiction] = []
    seen: set[tuple[str, str]] = set()

    def add(a: dict[str, Any], b: dict[str, Any], why: str) -> None:
        pair = tuple(sorted((a["id"], b["id"])))
        if pair not in seen:
            seen.add(pair)  # type: ignore[arg-type]
            found.append(Contradiction(a, b, why))

    for i, a in enumerate(rulings):
        sa = a.get("statement") or {}
        for b in rulings[i + 1:]:
            if a.get("event") != b.get("event"):
                continue  # a sequence: each event is ruled on its own snapshot
            sb = b.get("statement") or {}
            if _norm(str(sa.get("subject", ""))) != _norm(str(sb.get("subject", ""))):
                continue
            if frozenset({sa.get("verdict"), sb.get("verdict")}) not in OPPOSED:
                continue
            if _norm(str(sa.get("action", ""))) == _norm(str(sb.get("action", ""))):
                add(a, b, "")
            elif core_action(str(sa.get("action", ""))) == \
                    core_action(str(sb.get("action", ""))) != "":
                add(a, b, "the same action, said both ways")
    for a in rulings:
        for b in rulings:
            if a is b or a.get("event") != b.get("event"):
                continue
            happen = set((a.get("statement") or {}).get("happen") or [])
            skipped = set((b.get("statement") or {}).get("skipped") or [])
            for step in sorted(happen & skipped):
                add(a, b, f"one rests on step {step}, the other says it doesn't happen")
    return found


def fired_rules(answer: dict[str, Any]) -> set[str]:
    """Ids of the rules an answer rests on: the rule of each ruling and of every derived node
    of its justification tree. A rule whose conclusions never reach a ruling is not seen."""
    fired: set[str] = set()

    def walk(node: dict[str, Any]) -> None:
        if node.get("rule"):
            fired.add(str(node["rule"]))
        for child in node.get("from", []):
            walk(child)

    for ruling in answer.get("rulings", []):
        if ruling.get("rule") and ruling["rule"] != "engine.could-not-decide":
            fired.add(str(ruling["rule"]))
        walk(ruling.get("justification") or {})
    return fired


# -- running a case ----------------------------------------------------------------------------

def ask_with(engine: Any, situation: Any, max_firings: int | None = None,
             max_seconds: float | None = None) -> dict[str, Any]:
    """The answer of a given engine instance (a knowledge class other than the repository's,
    e.g. a test's); `rulings.api.ask` does the same with the repository's engine."""
    from rulings.engine.answer import build_answer
    from rulings.facts.rulings import Ruling

    limits: dict[str, Any] = {}
    if max_firings is not None:
        limits["max_firings"] = max_firings
    if max_seconds is not None:
        limits["max_seconds"] = max_seconds
    derivation = engine.derive(situation.facts, **limits)
    return build_answer(derivation, Ruling, situation.name, question=situation.question,
                        situation_file=Path(situation.file).name if situation.file else "")


def run_case(case: Case, order_seed: int | None = None, *, engine: Any = None) -> CaseResult:
    """Run a case with the repository's knowledge (or the given engine instance, whose
    `order_seed` is its own) and compare the answer with what the case expects."""
    from rulings.api import ask
    from rulings.facts.situation import Loader

    try:
        situation = Loader(case.file).load(case.situation)
        if engine is None:
            answer = ask(situation, order_seed=order_seed)
        else:
            answer = ask_with(engine, situation)
    except InputError as exc:
        details = [Difference("input", f"input: {p}", p.line) for p in exc.problems]
        return CaseResult(case, False, [d.message for d in details], None,
                          list(exc.problems), details)
    details = compare(case, answer)
    return CaseResult(case, not details, [d.message for d in details], answer, [], details)


def compare(case: Case, answer: dict[str, Any]) -> list[Difference]:
    """Every way `answer` differs from what `case` expects, contradictions included."""
    details: list[Difference] = []
    rulings = [r for r in answer["rulings"] if r["rule"] != "engine.could-not-decide"]
    used: set[int] = set()
    for pattern in case.expect:
        hits = [i for i, r in enumerate(rulings) if matches(pattern, r)]
        if not hits:
            closest, reasons = _closest(pattern, rulings)
            details.append(Difference(
                "missing",
                f"line {pattern['_line']}: expected a ruling with {describe(pattern)}; got: "
                + ("; ".join(r["text"] for r in rulings) or "no rulings"),
                pattern["_line"], clean(pattern), [closest] if closest else [], reasons))
        used.update(hits)
    for pattern in case.expect_not:
        for r in rulings:
            if matches(pattern, r):
                details.append(Difference(
                    "unwanted",
                    f"line {pattern['_line']}: expected no ruling with {describe(pattern)}; "
                    f"got: {r['text']} [{r['id']}]",
                    pattern["_line"], clean(pattern), [r]))
    if case.only_expected:
        for i, r in enumerate(rulings):
            if i not in used:
                details.append(Difference("unexpected",
                                          f"unexpected ruling: {r['text']} [{r['id']}]",
                                          case.line, None, [r]))
    for c in contradictions(answer):
        details.append(Difference("contradiction", c.message(), case.line, None,
                                  [c.first, c.second]))
    if hit_bound(answer):
        details.append(Difference("incomplete",
                                  "the run hit its bound: " + answer["rulings"][-1]["text"],
                                  case.line, None, [answer["rulings"][-1]]))
    return details


def _closest(pattern: dict[str, Any], rulings: list[dict[str, Any]]
             ) -> tuple[dict[str, Any] | None, list[str]]:
    """The ruling that misses `pattern` on the fewest keys (first in answer order on a tie)."""
    best: tuple[int, int] | None = None
    choice: tuple[dict[str, Any] | None, list[str]] = (None, [])
    for i, r in enumerate(rulings):
        reasons = mismatches(pattern, r)
        # a ruling of the expected rule or about the expected subject is the one to show
        same_rule = int(not any(x.startswith(("rule:", "id:")) for x in reasons))
        score = (-same_rule * 100 + len(reasons), i)
        if best is None or score < best:
            best, choice = score, (r, reasons)
    return choice
