"""No answer shows an internal token (issue 19 §1): not a word of the card language as the
code spells it (`deal_damage`, `mana_value_of:…`), not a raw id (`bob.1.s2`, `x.cast`), not
Python's own spelling of data (`{'…'}`, `None`). Checked over every case answer and over
2,000 generated situations, on the text form (which shows everything the JSON says)."""

from __future__ import annotations

import re

import pytest

from rulings.api import ask
from rulings.engine.answer import to_text
from rulings.facts.errors import InputError
from rulings.generate import generate

from .corpus import case_answers

TOKENS = {
    "a snake_case word": re.compile(r"(?<![\w{/'\"“])[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a raw id": re.compile(r"(?<![\w'’\"“-])[A-Za-z][a-z0-9-]*\.(?:\d+|cast)(?:\.[a-z]+\d*)*\b"),
    "Python data": re.compile(r"\{'|\['|'\]|'\}|(?<![A-Za-z])None(?! of)\b|\bTrue\b|\bFalse\b"),
}


def tokens(text: str) -> list[str]:
    """The internal tokens in an answer's text, each with its line. The question (the user's
    own words) and rule ids in brackets (`[targets.ward: CR 702.21a]`, meant to be looked up)
    are not the answer's words."""
    found = []
    for line in text.splitlines():
        if line.startswith("Question:"):
            continue
        shown = re.sub(r"\[[^\]]*\]", "", line)
        shown = re.sub(r"'[^']*'(?=, not modelled| \()", "", shown)  # printed card text
        for what, pattern in TOKENS.items():
            for m in pattern.finditer(shown):
                found.append(f"{what} {m.group(0)!r} in: {line.strip()[:160]}")
    return found


def test_the_check_finds_the_tokens_it_is_for():
    assert tokens("Bob loses mana_value_of:bob.1.s2 life.")
    assert tokens("Part 1 of the cost of bone-splinters.cast: sacrifice a creature.")
    assert tokens("It has {'flying'}.") and tokens("Its value is None.")
    assert not tokens("1. Alice can activate Reflecting Pool's ability 1. [activation.allowed]")
    assert not tokens("None of the lands an opponent controls could produce it.")


def test_no_case_answer_shows_an_internal_token():
    found = [f"{path}: {t}" for path, answer in case_answers() for t in tokens(to_text(answer))]
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("chunk", range(4))
def test_no_generated_answer_shows_an_internal_token(chunk):
    found = []
    for name, data in generate(2000, seed=19)[chunk * 500:(chunk + 1) * 500]:
        try:
            answer = ask(data, sources=False)
        except InputError:
            continue
        found += [f"{name}: {t}" for t in tokens(to_text(answer))]
    assert found == [], "\n".join(found[:40])
