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
    (re.compile(r"\b[A-Z][\w-]*s's\b"), "'s after a name ending in s (Bears' not Bears's)"),
    # a keyword ability named with its rule: "Bonesplitter's equip (CR 702.6a)"
    (re.compile(r"'s [a-z][\w -]{0,25} \(CR 702\."), "a CR rule inside a name"),
    (re.compile(r"\(on the stack\)"), "'(on the stack)' inside a name"),
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


def test_a_name_ending_in_s_takes_a_bare_apostrophe():
    from rulings.engine.answer import possessive_fix

    assert possessive_fix("Grizzly Bears's ability 1") == "Grizzly Bears' ability 1"
    assert possessive_fix("Alice's turn, Evolving Wilds's cost") == \
        "Alice's turn, Evolving Wilds' cost"
    assert possessive_fix("it's its own") == "it's its own"


def test_a_keyword_ability_is_named_by_its_keyword_not_its_rule():
    from rulings.facts.situation import keyword_ability

    assert keyword_ability("equip") == "equip"
    assert keyword_ability("level_up") == "level up"
    assert keyword_ability("fading-2") == "fading ability 2"


def _stack_names(entries):
    from rulings.facts.situation import Loader

    situation = Loader("<test>").load({
        "players": ["Alice", "Bob"], "turn": {"active": "Alice", "step": "precombat main"},
        "battlefield": [{"controller": "Alice", "id": "scout", "define": {
            "name": "Jungle Scout", "types": ["creature"], "power": 1, "toughness": 1,
            "abilities": [{"triggered": {"when": {"enters": {"what": "this"}},
                                         "do": [{"explore": {"what": "this"}}]}}]}}],
        "stack": entries, "event": {"resolve_top": {}}})
    return situation.names


def test_an_ability_on_the_stack_is_named_as_its_ability_twins_by_id():
    one = _stack_names([{"ability": "scout.1"}])
    assert one["stack-1"] == "Jungle Scout's ability 1"
    two = _stack_names([{"ability": "scout.1"}, {"ability": "scout.1", "id": "again"}])
    assert two["stack-1"] == "Jungle Scout's ability 1 (stack-1)"
    assert two["again"] == "Jungle Scout's ability 1 (again)"


def test_a_part_no_rule_reads_is_said_in_words():
    from rulings.engine.answer import part_words

    part = {"object": "Platinum Angel", "part": "ability 1", "word": "opponents_cant_win"}
    assert part_words(part) == "Platinum Angel, ability 1: opponents can't win"
    assert part_words({**part, "word": "doesnt_untap"}).endswith(": doesn't untap")


def test_a_card_text_with_line_breaks_keeps_each_entry_on_one_line():
    # a modal ability's bullets: the text form keeps the indentation of what rests on what
    answer = ask({
        "players": ["Alice", "Bob"], "turn": {"active": "Alice", "step": "precombat main"},
        "battlefield": [{"controller": "Alice", "id": "prince", "define": {
            "name": "Homemade Prince", "types": ["creature"], "power": 2, "toughness": 2,
            "abilities": [{"unparsed": {"text": "When it enters, choose one —\n• Scry 2.\n"
                                                "• You gain 3 life."}}]}}],
        "event": {"enters": {"object": "prince"}}})
    text = to_text(answer)
    assert "choose one — • Scry 2. • You gain 3 life." in text
    assert not any(line.startswith("•") for line in text.splitlines())
