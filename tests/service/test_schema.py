"""The JSON Schemas: generated from the vocabulary, valid, and in agreement with the loader on
every situation in the repository."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip(
    "jsonschema", reason="jsonschema is not installed (it comes with the mcp SDK)")

from rulings.api import ask  # noqa: E402
from rulings.facts import located  # noqa: E402
from rulings.facts.errors import InputError  # noqa: E402
from rulings.facts.schema import answer_schema, situation_schema  # noqa: E402
from rulings.facts.situation import OBJECT_KEYS, TOP_KEYS  # noqa: E402
from rulings.facts.vocabulary import ENTRY_KEYS, WORDS, GameFact, slot, word  # noqa: E402
from rulings.service.core import EXAMPLE_SITUATION  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FILES = sorted((REPO / "examples").glob("*.yaml")) + sorted(
    (REPO / "tests" / "cases").rglob("*.yaml")) + sorted(HERE.glob("*.yaml"))
Validator = jsonschema.Draft202012Validator


@pytest.fixture(scope="module")
def situations() -> Any:
    return Validator(situation_schema())


@pytest.fixture(scope="module")
def answers() -> Any:
    return Validator(answer_schema())


def test_schemas_are_valid_2020_12() -> None:
    Validator.check_schema(situation_schema())
    Validator.check_schema(answer_schema())


def test_generated_from_the_vocabulary() -> None:
    schema = situation_schema()
    assert set(schema["properties"]) == set(TOP_KEYS)
    obj = schema["$defs"]["object"]["anyOf"][1]
    assert set(obj["properties"]) == set(OBJECT_KEYS) | set(ENTRY_KEYS["object"])
    for section, table in WORDS.items():
        for name, cls in table.items():
            details = schema["$defs"][f"{section}.{name}"]
            written = {k for k in cls.slots if k not in cls.implicit}
            assert set(details["properties"]) == written, (section, name)


def test_a_new_word_appears_by_itself(situations: Any) -> None:
    @word("event", "zz_test_only_ponder")
    class Ponder(GameFact):
        """A test-only event."""

        slots = {"player": slot(str, ref="player", doc="who ponders"),
                 "deep": slot(bool, False)}

    try:
        schema = situation_schema()
        details = schema["$defs"]["event.zz_test_only_ponder"]
        assert details["required"] == ["player"]
        assert "who ponders" in details["properties"]["player"]["description"]
        Validator(schema).validate({"players": ["A"],
                                    "event": {"zz_test_only_ponder": {"player": "A"}}})
    finally:
        del WORDS["event"]["zz_test_only_ponder"]


def _situation(path: Path) -> Any:
    data = located.read(path)
    return data["situation"] if isinstance(data, dict) and "case" in data else data


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_repository_situations(path: Path, situations: Any, answers: Any) -> None:
    """Whatever the loader accepts, the schema accepts; every answer fits the answer schema."""
    try:
        data = _situation(path)
        answer = ask(data)
    except InputError as exc:
        pytest.skip(f"not a valid situation (the case tests report it): {exc}")
    errors = sorted(situations.iter_errors(data), key=lambda e: list(e.path))
    assert not errors, jsonschema.exceptions.best_match(errors)
    errors = list(answers.iter_errors(answer))
    assert not errors, jsonschema.exceptions.best_match(errors)


def test_example_situation(situations: Any, answers: Any) -> None:
    situations.validate(EXAMPLE_SITUATION)
    answers.validate(ask(EXAMPLE_SITUATION))


@pytest.mark.parametrize("path", sorted((REPO / "knowledge" / "cards").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_card_files_fit_define(path: Path) -> None:
    """The knowledge base's card files have the form a situation's `define:` takes."""
    schema = situation_schema()
    Validator({"$ref": "#/$defs/card", "$defs": schema["$defs"]}).validate(located.read(path))


@pytest.mark.parametrize("change", [
    lambda s: s.update(battlefeld=s.pop("battlefield")),
    lambda s: s.pop("event"),
    lambda s: s.update(event={"activat": {"ability": "forest.1"}}),
    lambda s: s.update(event={"activate": {"abilty": "forest.1"}}),
    lambda s: s["battlefield"][0].update(tapped="yes"),
    lambda s: s["turn"].update(step="main"),
])
def test_wrong_situations_are_refused(change: Any, situations: Any) -> None:
    data = _plain(located.read(HERE / "forest.yaml"))
    change(data)
    assert not situations.is_valid(data)
    with pytest.raises(InputError):
        ask(data)


def _plain(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value))
