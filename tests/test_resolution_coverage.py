"""Audit of issue 20: every instruction word of the effect language has a case that resolves
it and pins its result, and a near miss; and each CR rule of the resolution walk and of
sequences has a case where it applies and a near miss.

The lists are derived, not written out: the verbs come from the effect language's registry
(`rulings schema language`, facts/effects.py VERBS); the CR numbers are the short list below.
A case "states the result" of a verb when one of its `expect` patterns matches a ruling that
names a step of that verb (`statement.happen` / `statement.skipped`, or the step in the
ruling's `about`: `<object>.s2`, `<object>.do.s2`, `<object>.mode1.s2`) of a spell or
ability that resolves in the case. The test fails naming every verb and CR number missing."""

from __future__ import annotations

import functools
import re
from typing import Any

from rulings.api import ask, load_situation
from rulings.cases import find_cases, load_case, matches
from rulings.facts.effects import VERBS, Step
from rulings.facts.errors import InputError
from rulings.facts.game import Ability

from .conftest import REPO

#: the CR rules the issue names: each needs a case that applies and a near miss
CR_RULES = ("608.2c", "608.2h", "603.12", "704.3", "603.3b", "117.3b", "117.3c", "106.4",
            "514.2", "611.2", "400.7")

#: verbs that are never part of a resolving spell or ability, with why
NEVER_RESOLVE = {
    "note": "a draft ability's instruction (905.2b), followed while drafting, not on a stack",
}

RESOLVING_EVENTS = ("resolve_top", "resolve")


def _resolves(situation: Any) -> bool:
    if not isinstance(situation, dict):
        return False
    events = list(situation.get("events") or [])
    if isinstance(situation.get("event"), dict):
        events.append(situation["event"])
    return any(isinstance(e, dict) and set(e) & set(RESOLVING_EVENTS) for e in events)


@functools.cache
def audited() -> tuple[tuple[Any, dict[str, Any], dict[str, str], dict[str, str]], ...]:
    """(case, answer, step ref -> verb, object id -> its spell ability) for every case in
    tests/cases where something resolves."""
    out = []
    for path in find_cases([REPO / "tests" / "cases"]):
        case = load_case(path)
        if not _resolves(case.situation):
            continue
        try:
            situation = load_situation(case.situation)
            answer = ask(case.situation, sources=False)
        except InputError:
            continue
        verbs: dict[str, str] = {}
        spell_of: dict[str, str] = {}
        for f in situation.facts:
            if isinstance(f, Step):
                part = str(f["part"] or "do")
                ref = f"{f['ability']}.s{f['index']}" if part == "do" else \
                    f"{f['ability']}.{part}.s{f['index']}"
                verbs[ref] = str(f["verb"])
            elif isinstance(f, Ability) and f["kind"] == "spell":
                spell_of.setdefault(str(f["source"]), str(f["id"]))
        out.append((case, answer, verbs, spell_of))
    return tuple(out)


ABOUT = re.compile(r"^(?:e\d+\.)?(?P<object>.+?)(?:\.(?P<part>do|mode\d+))?\.s(?P<index>\d+)"
                   r"(?:\..*)?$")


def step_verbs(ruling: dict[str, Any], verbs: dict[str, str], spell_of: dict[str, str]
               ) -> set[str]:
    """The verbs of the steps a ruling names."""
    st = ruling["statement"]
    found = {verbs[r] for r in [*st.get("happen", []), *st.get("skipped", [])] if r in verbs}
    about = ruling["id"].partition("/")[2]
    m = ABOUT.match(about)
    if m:
        obj = m["object"]
        ability = spell_of.get(obj, obj)
        part = m["part"] or "do"
        ref = f"{ability}.s{m['index']}" if part == "do" else \
            f"{ability}.{part}.s{m['index']}"
        if ref in verbs:
            found.add(verbs[ref])
    return found


def _pinned(case: Any, answer: dict[str, Any], verbs: dict[str, str],
            spell_of: dict[str, str]) -> set[str]:
    """The verbs whose result an `expect` pattern of the case pins."""
    out: set[str] = set()
    for r in answer["rulings"]:
        if any(matches(p, r) for p in case.expect):
            out |= step_verbs(r, verbs, spell_of)
    return out


def verb_coverage() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    applies: dict[str, list[str]] = {v: [] for v in VERBS}
    near: dict[str, list[str]] = {v: [] for v in VERBS}
    for case, answer, verbs, spell_of in audited():
        for verb in _pinned(case, answer, verbs, spell_of):
            (near if case.near_miss else applies).setdefault(verb, []).append(case.file)
    return applies, near


def test_every_verb_has_a_resolution_case_and_a_near_miss():
    applies, near = verb_coverage()
    missing = [f"{v}: no case pins its result" for v in VERBS
               if v not in NEVER_RESOLVE and not applies[v]]
    missing += [f"{v}: no near miss pins it" for v in VERBS
                if v not in NEVER_RESOLVE and not near[v]]
    assert not missing, (
        "verbs of the effect language without a resolution case (add a case in tests/cases/ "
        "where a spell or ability with the verb resolves, and expect the ruling on its step):"
        "\n  " + "\n  ".join(missing))


def test_never_resolving_verbs_are_verbs():
    assert set(NEVER_RESOLVE) <= set(VERBS)


def _cites(node: dict[str, Any], number: str) -> bool:
    return any(c == f"CR {number}" or c.startswith(f"CR {number}") for c in
               node.get("cites", [])) or any(_cites(ch, number) for ch in node.get("from", []))


def test_every_cr_rule_has_a_case_and_a_near_miss():
    """A case covering the rule, with an expected ruling that cites it; and a near miss
    covering it."""
    missing = []
    cases = [load_case(p) for p in find_cases([REPO / "tests" / "cases"])]
    answers = {case.file: answer for case, answer, _, _ in audited()}
    for number in CR_RULES:
        cover = [c for c in cases if any(x == f"CR {number}" or x.startswith(f"CR {number}")
                                         for x in c.covers)]
        applying = []
        for c in cover:
            if c.near_miss:
                continue
            answer = answers.get(c.file)
            if answer is None:
                try:
                    answer = ask(c.situation, sources=False)
                except InputError:
                    continue
            hits = [r for r in answer["rulings"] if any(matches(p, r) for p in c.expect)]
            if any(_cites(r, number) or _cites(r.get("justification", {}), number)
                   for r in hits):
                applying.append(c.file)
        if not applying:
            missing.append(f"CR {number}: no case covers it with an expected ruling citing it")
        if not [c for c in cover if c.near_miss]:
            missing.append(f"CR {number}: no near miss covers it")
    assert not missing, "\n  ".join(["CR rules of issue 20 without cases:", *missing])
