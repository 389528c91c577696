"""Every answer of the case corpora reads as plain sentences: no template field left empty or
filled with the wrong value (a walk-through number where a game step belongs), and the text
form shows the CR citations of every derived fact it rests on, not only the ruling's own."""

from __future__ import annotations

import re

from rulings.api import ask
from rulings.cases import find_cases
from rulings.engine.answer import to_text

from .conftest import REPO

#: what a hole or a wrong value in a template leaves behind
GLITCHES = [
    (re.compile(r"\S  +\S"), "two spaces: an empty value in a sentence"),
    (re.compile(r"\b\d+ step\b"), "a number where a game step belongs"),
    (re.compile(r"\(\s*\)|\s[,.;:](?!\d)"), "an empty value before punctuation"),
    (re.compile(r"\{[a-z_]+\}"), "a template field nobody filled"),
]


def texts(answer):
    for ruling in answer["rulings"]:
        yield ruling["text"]
        yield ruling["because"]
        stack = [ruling["justification"]]
        while stack:
            node = stack.pop()
            yield node.get("fact", "")
            yield node.get("because", "")
            yield from node.get("absent", [])
            stack.extend(node.get("from", []))


def test_no_answer_of_the_corpora_has_a_template_glitch():
    problems = []
    for path in find_cases([REPO / "tests" / "cases", REPO / "tests" / "quiet"]):
        for text in texts(ask(path, sources=False)):
            for pattern, what in GLITCHES:
                if pattern.search(text):
                    problems.append(f"{path.name}: {what}: {text!r}")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_a_turn_step_is_named_not_numbered():
    answer = ask(REPO / "tests" / "cases" / "casting" / "sorcery-stack-not-empty.yaml",
                 sources=False)
    text = " ".join(texts(answer))
    assert "main step" in text
    assert not re.search(r"\b\d+ step\b", text)


def test_nobody_holding_priority_is_said_in_words():
    answer = ask(REPO / "tests" / "cases" / "correctness"
                 / "special-action-nobody-has-priority.yaml", sources=False)
    assert "nobody has priority" in answer["rulings"][0]["because"]
    assert "says  has" not in answer["rulings"][0]["because"]


def test_the_text_form_shows_the_citations_of_every_step_of_a_proof():
    answer = ask(REPO / "tests" / "cases" / "correctness" / "agent-takes-searchers-card.yaml",
                 sources=False)
    text = to_text(answer)
    assert "[replacement.exile-claim: CR 614.1a]" in text
    assert "Cites: CR 400.7" in text
