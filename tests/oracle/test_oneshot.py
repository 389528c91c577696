"""One-shot effects that give objects a rule or a characteristic for a duration (CR 611.2):
"can't block this turn", "can't be blocked this turn", "becomes black until end of turn"."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Instant", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def steps(text: str, type_line: str = "Instant", kind: str = "spell"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability[kind]["do"]


def test_target_creature_cant_block_this_turn():
    assert steps("Target creature can't block this turn.") == [
        {"modify": {"what": "t1", "prohibit": "block", "duration": "this_turn"}}]


def test_up_to_two_targets_cant_attack_or_block():
    compiled = card("Up to two target creatures can't attack or block this turn.")
    (ability,) = compiled.card["abilities"]
    assert ability["spell"]["targets"][0]["count"] == {"min": 0, "max": 2}
    assert ability["spell"]["do"] == [
        {"modify": {"what": "t1", "prohibit": "attack_or_block", "duration": "this_turn"}}]


def test_itself_cant_be_blocked_and_a_bonus_before_it():
    assert steps("{1}{U}: Test Card gets +1/+0 until end of turn and can't be blocked this "
                 "turn.", "Creature — Human", "activated") == [
        {"modify": {"what": "this", "power": 1, "toughness": 0,
                    "duration": "until_end_of_turn"}},
        {"modify": {"what": "this", "prohibit": "be_blocked", "duration": "this_turn"}}]


def test_a_kind_of_creature_cant_block_stays_unparsed():
    # a rule for a kind of object binds creatures that arrive later too (611.2c)
    compiled = card("Creatures your opponents control can't block this turn.")
    assert not compiled.fully
    assert "prohibition on a kind of object" in compiled.notes[0].gap


def test_a_prohibition_without_a_duration_is_not_a_one_shot_effect():
    assert not card("Target creature can't block.").fully


def test_becomes_a_color_until_end_of_turn():
    assert steps("Target creature becomes black and gains fear until end of turn.") == [
        {"modify": {"what": "t1", "set_colors": ["black"], "duration": "until_end_of_turn",
                    "add_keywords": ["fear"]}}]
    assert steps("{2}: Test Card becomes colorless until end of turn.", "Creature — Kavu",
                 "activated") == [
        {"modify": {"what": "this", "set_colors": ["colorless"],
                    "duration": "until_end_of_turn"}}]


def test_a_color_change_for_the_rest_of_the_game_stays_unparsed():
    assert not card("Target creature becomes black.").fully


def test_it_cant_be_regenerated_marks_the_destruction():
    assert steps("Destroy target creature. It can't be regenerated.") == [
        {"destroy": {"what": "t1", "no_regeneration": True}}]
    assert steps("Destroy all creatures. They can't be regenerated.", "Sorcery") == [
        {"destroy": {"what": {"types": ["creature"]}, "no_regeneration": True}}]


def test_cant_be_regenerated_after_something_else_stays_unparsed():
    assert not card("Tap target creature. It can't be regenerated.").fully
    assert not card("Destroy target creature. Destroy target land. They can't be "
                    "regenerated.").fully
