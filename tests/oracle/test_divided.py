"""Area `divided` (src/rulings/oracle/areas/divided.lark): damage divided as you choose among
targets and counters distributed among them (CR 601.2d), each shape with a near miss that
stays unparsed."""

from __future__ import annotations

from rulings.facts.cards import read_card
from rulings.oracle import compile_card

SORCERY = "Sorcery"


def card(text: str, type_line: str = SORCERY):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text,
                         "power": "3", "toughness": "3", "mana_cost": "{2}{R}"})


def ability(text: str, n: int = 0, type_line: str = SORCERY):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][n]


def gap(text: str, type_line: str = SORCERY) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_one_two_or_three_targets():
    got = ability("Test Card deals 3 damage divided as you choose among one, two, or three "
                  "targets.")["spell"]
    assert got["targets"] == [{"id": "t1", "filter": "any_target",
                               "count": {"min": 1, "max": 3}}]
    assert got["do"] == [{"deal_damage": {"amount": 3, "to": "t1", "divided": True}}]


def test_one_or_two_target_creatures_and_a_second_sentence():
    got = ability("Test Card deals 2 damage divided as you choose among one or two target "
                  "creatures. Draw a card.")["spell"]
    assert got["targets"][0]["count"] == {"min": 1, "max": 2}
    assert got["targets"][0]["filter"] == {"types": ["creature"]}
    assert got["do"][1] == {"draw": {"amount": 1}}


def test_any_number_of_targets_is_at_least_one():
    got = ability("Test Card deals X damage divided as you choose among any number of "
                  "targets.")["spell"]
    assert got["targets"][0]["count"] == {"min": 1, "max": "any"}
    assert got["do"] == [{"deal_damage": {"amount": "X", "to": "t1", "divided": True}}]


def test_counters_distributed_in_a_trigger():
    got = ability("When Test Card enters the battlefield, distribute four +1/+1 counters "
                  "among any number of target creatures you control.",
                  type_line="Creature — Construct")["triggered"]
    assert got["targets"][0]["filter"] == {"types": ["creature"], "controller": "you"}
    assert got["do"] == [{"put_counters": {"counter": "+1/+1", "amount": 4, "what": "t1",
                                           "divided": True}}]


def test_the_compiled_card_reads_without_a_problem():
    compiled = card("Test Card deals 4 damage divided as you choose among any number of "
                    "targets. Target opponent gains 4 life.")
    assert compiled.fully
    problems: list = []
    read_card(compiled.card, "test.yaml", problems)
    assert problems == []


def test_near_miss_up_to_and_x_targets_stay_unparsed():
    assert gap("Test Card deals 4 damage divided as you choose among up to two target "
               "creatures.")
    assert gap("Test Card deals 8 damage divided as you choose among X target creatures.")


def test_near_miss_the_divided_targets_named_again():
    why = gap("Test Card deals 3 damage divided as you choose among any number of target "
              "creatures. Tap those creatures.")
    assert why


def test_near_miss_two_any_number_slots():
    why = gap("Test Card deals 3 damage divided as you choose among any number of targets. "
              "Distribute two +1/+1 counters among any number of target creatures.")
    assert "two amounts divided" in why or "two slots" in why
