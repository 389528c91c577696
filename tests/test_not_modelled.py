"""Answers name the parts no rule reads (issue 19 §1): a keyword with no rules on the card asked
about makes the answer incomplete; the same keyword on a card the question is not about is
named, and the answer stays complete."""

from __future__ import annotations

from rulings.api import ask
from rulings.engine.answer import hit_bound, to_text

FIEND = {
    "name": "Homemade Deep-Fiend",
    "mana_cost": "{7}{U}{U}",
    "types": ["creature"],
    "power": 5,
    "toughness": 6,
    "keywords": ["flash", "banding"],
}


def situation(zone_of_fiend: str, event: dict) -> dict:
    data = {
        "players": ["Alice", "Bob"],
        "turn": {"active": "Alice", "step": "precombat main"},
        "battlefield": [{"card": "Island", "controller": "Alice"},
                        {"card": "Grizzly Bears", "controller": "Alice", "id": "bears"}],
        "hand": {"Alice": [{"define": FIEND, "id": "fiend"}, "Shock"]},
        "event": event,
    }
    if zone_of_fiend == "library":
        data["hand"] = {"Alice": ["Shock"]}
        data["library"] = {"Alice": [{"define": FIEND, "id": "fiend"}]}
    return data


def test_an_unmodelled_keyword_on_the_card_asked_about_makes_the_answer_incomplete():
    answer = ask(situation("hand", {"cast": {"card": "fiend"}}), sources=False)
    parts = answer["not_modelled"]
    assert {"object": "Homemade Deep-Fiend", "part": "its keywords", "word": "banding",
            "bears": True} == {k: parts[0][k] for k in ("object", "part", "word", "bears")}
    assert answer["complete"] is False
    assert not hit_bound(answer)  # incomplete because of banding, not because of a bound
    resting = [r for r in answer["rulings"] if r.get("not_modelled")]
    assert resting, "the rulings about casting the card say banding was not taken into account"
    assert all(p["word"] == "banding" for r in resting for p in r["not_modelled"])
    text = to_text(answer)
    assert "Not modelled: Homemade Deep-Fiend, its keywords: banding" in text
    assert "The answer is not complete" in text


def test_near_miss_the_same_keyword_on_a_card_the_question_is_not_about():
    answer = ask(situation("library", {"cast": {"card": "shock", "targets": ["Bob"]}}),
                 sources=False)
    parts = answer["not_modelled"]
    assert [(p["object"], p["word"], p["bears"]) for p in parts] == [
        ("Homemade Deep-Fiend", "banding", False)]
    assert answer["complete"] is True
    assert not any(r.get("not_modelled") for r in answer["rulings"])
    assert "The answer is not complete" not in to_text(answer)


def test_a_modelled_keyword_is_never_listed():
    answer = ask(situation("hand", {"cast": {"card": "fiend"}}), sources=False)
    assert "flash" not in {p["word"] for p in answer["not_modelled"]}


def test_phasing_on_a_permanent_on_the_battlefield_bears_on_any_question():
    """A keyword of a permanent works without anyone acting: it could change any answer."""
    data = situation("library", {"cast": {"card": "shock", "targets": ["Bob"]}})
    data["battlefield"].append({"controller": "Alice", "id": "nymph", "define": {
        "name": "Homemade Nymph", "mana_cost": "{1}{W}", "types": ["enchantment", "creature"],
        "power": 2, "toughness": 2, "keywords": ["phasing"]}})
    answer = ask(data, sources=False)
    nymph = [p for p in answer["not_modelled"] if p["object"] == "Homemade Nymph"]
    assert [(p["word"], p["bears"]) for p in nymph] == [("phasing", True)]
    assert answer["complete"] is False


def test_an_ability_the_compiler_could_not_read_is_named_with_its_text():
    data = situation("library", {"cast": {"card": "shock", "targets": ["Bob"]}})
    data["battlefield"].append({"controller": "Bob", "id": "odd", "define": {
        "name": "Homemade Oddity", "types": ["artifact"],
        "abilities": [{"unparsed": {"text": "Whenever a player sneezes, draw a card."}}]}})
    answer = ask(data, sources=False)
    odd = [p for p in answer["not_modelled"] if p["object"] == "Homemade Oddity"]
    assert odd and odd[0]["word"] == "unparsed" and odd[0]["bears"] is True
    assert odd[0]["text"] == "Whenever a player sneezes, draw a card."
    assert answer["complete"] is False


# -- what can't act in the situation never makes an answer incomplete ----------------------

ODD_DRAW = {"name": "Homemade Hunch", "mana_cost": "{U}", "types": ["instant"],
            "abilities": [{"spell": {"do": [{"draw": {
                "amount": 1, "if": {"attacked_this_turn": {"types": ["creature"]}}}}]}}]}


def countered(hunch_on_top: bool) -> dict:
    hunch = {"controller": "Alice", "id": "hunch", "define": ODD_DRAW}
    counter = {"card": "Counterspell", "controller": "Bob", "targets": ["hunch"]}
    return {"players": ["Alice", "Bob"], "turn": {"active": "Alice", "step": "precombat main"},
            "stack": [hunch] if hunch_on_top else [counter, hunch],
            "event": {"resolve_top": {}}}


def test_the_instructions_of_a_spell_countered_by_the_top_of_the_stack_dont_bear():
    answer = ask(countered(False), sources=False)
    hunch = [p for p in answer["not_modelled"] if p["object"] == "Homemade Hunch"]
    assert [(p["word"], p["bears"]) for p in hunch] == [("attacked_this_turn", False)]
    assert answer["complete"] is True


def test_near_miss_the_same_spell_resolving_its_unread_condition_bears():
    answer = ask(countered(True), sources=False)
    hunch = [p for p in answer["not_modelled"] if p["object"] == "Homemade Hunch"]
    assert [(p["word"], p["bears"]) for p in hunch] == [("attacked_this_turn", True)]
    assert answer["complete"] is False


def _with_unread(text: str) -> dict:
    data = situation("library", {"cast": {"card": "shock", "targets": ["Bob"]}})
    data["battlefield"].append({"controller": "Bob", "id": "odd", "define": {
        "name": "Homemade Leyline", "types": ["enchantment"],
        "abilities": [{"unparsed": {"text": text}}]}})
    return data


def test_an_opening_hand_ability_of_a_permanent_doesnt_bear():
    answer = ask(_with_unread("If Homemade Leyline is in your opening hand, you may begin "
                              "the game with it on the battlefield."), sources=False)
    odd = [p for p in answer["not_modelled"] if p["object"] == "Homemade Leyline"]
    assert odd and odd[0]["bears"] is False
    assert answer["complete"] is True


def test_near_miss_another_unread_ability_of_that_permanent_bears_on_every_ruling():
    """It bears on the whole answer, so no ruling is stated flatly: each names it, though
    none rests on the permanent."""
    answer = ask(_with_unread("Players can't cast spells during combat."), sources=False)
    odd = [p for p in answer["not_modelled"] if p["object"] == "Homemade Leyline"]
    assert odd and odd[0]["bears"] is True
    assert answer["complete"] is False
    assert answer["rulings"]
    assert all(any(p["object"] == "Homemade Leyline" for p in r.get("not_modelled", []))
               for r in answer["rulings"])


CASES = __import__("pathlib").Path(__file__).parent / "cases" / "history"


def _undecided(answer: dict) -> list[dict]:
    return [p for p in answer.get("not_modelled", []) if p["word"] == "undecided"]


def test_a_condition_a_rule_leaves_open_is_named_in_the_answer():
    # raid's activation condition with no history: the rule can't decide it, so the answer
    # names it like an unread part, with the rule's own reason, and is not complete
    answer = ask(CASES / "raid-activate-unstated.yaml", sources=False)
    [part] = _undecided(answer)
    assert part["object"] == "Raid Idol" and part["bears"] is True
    assert "attacked this turn" in part["text"]
    assert part["reason"] == "whether Alice attacked this turn is not stated"
    assert answer["complete"] is False
    assert "a condition (you attacked this turn), not decided here" in to_text(answer)


def test_near_miss_a_decided_condition_is_not_named():
    answer = ask(CASES / "raid-activate-attacked.yaml", sources=False)
    assert _undecided(answer) == []
    assert "not decided here" not in to_text(answer)


def _shy(condition: dict) -> dict:
    return {
        "players": ["Alice", "Bob"],
        "turn": {"active": "Alice", "step": "beginning of combat"},
        "battlefield": [{"controller": "Alice", "id": "bear", "attacking": "Bob", "define": {
            "name": "Shy Bear", "types": ["creature"], "power": 2, "toughness": 2,
            "abilities": [{"static": {"while": condition, "prohibit": {"action": "attack"}}}]}}],
        "event": {"declare_attackers": {}},
    }


def test_a_combat_restriction_whose_condition_cant_be_decided_is_named_open():
    # "as long as you attacked this turn" is not decided on the board: the restriction is
    # left out, and the answer says so rather than stating the attack flatly
    answer = ask(_shy({"you_attacked_this_turn": True}), sources=False)
    [part] = _undecided(answer)
    assert part["object"] == "Shy Bear" and part["bears"] is True
    assert "left out" in part["reason"]
    assert answer["complete"] is False


def test_near_miss_a_decided_condition_leaves_nothing_open():
    answer = ask(_shy({"you_control": {"subtypes": ["island"]}}), sources=False)
    assert _undecided(answer) == []
    assert answer["complete"] is True
