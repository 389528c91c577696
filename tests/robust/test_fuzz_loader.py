"""Structure-aware fuzzing of the situation loader: valid situations (the shipped example and
the quiet corpus) with one field replaced by a value from the wrong-type space, or with a key
removed or added. Every outcome must be an answer or an InputError whose problems each say
where (a line) and what would be right (a fix) — never any other exception.

The seed and the budget are fixed, so the suite is deterministic and bounded in time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from rulings.facts import located
from rulings.facts.errors import InputError
from rulings.facts.situation import from_data, load

REPO = Path(__file__).resolve().parents[2]
BASES = [REPO / "examples" / "reflecting-pool.yaml", *sorted((REPO / "tests" / "quiet").glob("*.yaml"))]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


SITUATIONS = [_plain(located.read(p)) for p in BASES]
#: cards described inline (`define:`), so the card reader is fuzzed too: each card file of
#: the knowledge base, minus its official-rulings bookkeeping, on a battlefield
for _card in sorted((REPO / "knowledge" / "cards").glob("*.yaml")):
    _definition = {k: v for k, v in _plain(located.read(_card)).items()
                   if k not in ("official", "cites", "notes")}
    SITUATIONS.append({"players": ["Alice", "Bob"],
                       "battlefield": [{"define": _definition, "controller": "Alice",
                                        "id": "it"}],
                       "event": {"activate": {"ability": "it.1"}}})

# the wrong-type space: every JSON/YAML kind, edge numbers, odd strings
WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**20, max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.sampled_from(["", " ", "Alice", "forest.1", "42", ".1", "x" * 300,
                                           "Jötun Grunt", "{T}", "pool.99", "Bob.1"]),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=3),
    st.dictionaries(st.text(max_size=6), st.one_of(st.none(), st.integers(), st.text(max_size=5)),
                    max_size=3),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
    return found


@st.composite
def mutated(draw: Any) -> Any:
    base = json.loads(json.dumps(draw(st.sampled_from(SITUATIONS))))
    path = draw(st.sampled_from(_paths(base)))
    parent = base
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
    if action == "remove":
        del parent[path[-1]]
    elif action == "add" and isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=8))] = draw(WRONG)
    else:
        parent[path[-1]] = draw(WRONG)
    return base


def _assert_clear(exc: InputError) -> None:
    assert exc.problems, "an InputError with no problem"
    for p in exc.problems:
        assert p.what.strip(), p
        assert p.fix.strip(), f"no fix for: {p}"


def _try(data: Any, as_text: bool) -> None:
    try:
        if as_text:
            load("fuzz.yaml", yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        else:
            from_data(data)
    except InputError as exc:
        _assert_clear(exc)


@seed(20261130)
@settings(max_examples=1500, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated(), st.booleans())
def test_one_field_wrong_is_an_input_error_or_an_answer(data: Any, as_text: bool) -> None:
    _try(data, as_text)


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000, "a: " + "[" * 5000 + "]" * 5000, "{" * 3000,
    "players: !!python/object/apply:os.system [echo]\n", "!foo {a: 1}\n", "\x00\x01",
    "players: [Alice]\n" * 3, "- - - - -\n", "? [a]\n: b\n", "a: &x 1\nb: *x\n",
])
def test_hostile_texts_are_input_errors(text: str) -> None:
    with pytest.raises(InputError) as caught:
        load("hostile.yaml", text)
    _assert_clear(caught.value)
