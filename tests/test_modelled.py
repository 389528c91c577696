"""Nothing is accepted silently (issue 19): every word of the card language and of situation
files is read by some rule that a case exercises, or declared not modelled (facts/modelled.py)."""

from __future__ import annotations

import pytest

from rulings.facts import modelled
from rulings.facts.schema import situation_schema

from .corpus import fired


def exercised() -> frozenset[str]:
    """The rules some case answer rests on."""
    return fired()


WORDS = modelled.vocabulary()


@pytest.mark.parametrize("word", WORDS, ids=lambda w: w.key)
def test_every_word_is_read_or_named(word):
    state = modelled.status(word)
    assert state != "unknown", (
        f"{word.key}: no rule reads it and it is not declared → write the rule that reads it "
        "(a pattern on its slot), or declare it in facts/modelled.py NOT_MODELLED with why")
    if state == "modelled":
        readers = modelled.readers()[word.key]
        assert set(readers) & exercised(), (
            f"{word.key} is read by {readers}, but no case names any of them → add a case "
            "where one of them applies (and its near miss)")


def test_declared_readers_exist():
    assert modelled.declared_problems() == []


def test_a_word_is_not_both_read_and_declared_not_modelled():
    both = [k for k in modelled.NOT_MODELLED if modelled.readers().get(k)]
    assert both == [], f"read by rules, so remove from NOT_MODELLED: {both}"


def _paths(node, prefix, defs, seen):
    """Property paths of the situation schema, following $refs once."""
    if not isinstance(node, dict):
        return
    ref = node.get("$ref")
    if ref:
        name = ref.rsplit("/", 1)[-1]
        if name not in seen:
            yield from _paths(defs.get(name, {}), prefix, defs, seen | {name})
        return
    for key, sub in (node.get("properties") or {}).items():
        yield f"{prefix}.{key}"
        yield from _paths(sub, f"{prefix}.{key}", defs, seen)
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield from _paths(node[key], prefix, defs, seen)
    for key in ("anyOf", "oneOf"):
        for sub in node.get(key, []):
            yield from _paths(sub, prefix, defs, seen)


def test_the_situation_schema_has_no_key_the_registry_misses():
    """Every key the situation schema accepts at the top, in objects, stack entries and
    players, and every word of each section, is a word of the registry."""
    schema = situation_schema()
    defs = schema["$defs"]
    words = {w.name for w in modelled.situation_words()}
    missing = []
    for key, sub in schema["properties"].items():
        if f"top.{key}" not in words:
            missing.append(f"top.{key}")
        if key == "stack":
            for path in _paths(sub, "", defs, {"card"}):
                name = path.lstrip(".").split(".")[0]
                if f"stack.{name}" not in words and f"object.{name}" not in words:
                    missing.append(f"stack.{name}")
    for key in defs["object"].get("properties", {}):
        if f"object.{key}" not in words:
            missing.append(f"object.{key}")
    for name in defs:
        section, _, word = name.partition(".")
        if section in ("event", "effect", "this_turn", "history", "draft") and word:
            if f"{section}.{word}" not in words:
                missing.append(name)
    assert missing == []


def test_the_walks_words_are_read(monkeypatch):
    """Words only the resolution walk reads (durations, whose card a selector means) count as
    read, and declaring such a word not modelled too is caught (a stale entry would make an
    answer say "Not modelled" needlessly)."""
    for key in ("duration:until_end_of_turn", "duration:as_long_as",
                "selector_key:controller_of"):
        assert modelled.readers().get(key), key
    monkeypatch.setitem(modelled.NOT_MODELLED, "duration:until_end_of_turn", "stale")
    both = [k for k in modelled.NOT_MODELLED if modelled.readers().get(k)]
    assert both == ["duration:until_end_of_turn"]
