"""The stack, event and history words of facts/stack.py: what they read, and bad input
reported as file:line: what → fix."""

from __future__ import annotations

import pytest

from rulings.facts import situation
from rulings.facts.errors import InputError
from rulings.facts.game import GameObject, Turn
from rulings.facts.stack import ChosenTarget, StackObject

BASE = """\
players: [Alice, Bob]
turn: {number: 4, active: Bob}
battlefield:
  - {card: Grizzly Bears, controller: Alice, id: bears}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", text)
    return [str(p) for p in exc.value.problems]


def facts(text: str, cls: type) -> list:
    return [f for f in situation.load("s.yaml", text).facts if isinstance(f, cls)]


def test_stack_is_read_top_first_with_targets_and_choices():
    text = BASE + """\
stack:
  - controller: Bob
    id: top
    x: 2
    kicked: true
    modes: [1]
    define: {name: Kicked Fireball, mana_cost: "{X}{R}", types: [sorcery],
             keywords: [{kicker: "{2}"}]}
  - controller: Alice
    id: below
    targets: [bears, Bob]
    define: {name: Split Shot, types: [instant], abilities: [{spell: {targets: [{id: t1,
             filter: {types: [creature]}}, {id: t2, filter: player}], do: [
             {deal_damage: {amount: 1, to: t1}}, {deal_damage: {amount: 1, to: t2}}]}}]}
event: {resolve_top: {}}
"""
    stack = {f["id"]: f for f in facts(text, StackObject)}
    assert stack["top"]["position"] == 1 and stack["below"]["position"] == 2
    assert stack["top"]["x"] == 2 and stack["top"]["kicked"] and stack["top"]["modes"] == ("1",)
    targets = sorted((t["index"], t["target"]) for t in facts(text, ChosenTarget))
    assert targets == [(1, "bears"), (2, "Bob")]
    assert facts(text, Turn)[0]["stack_empty"] is False


def test_an_ability_on_the_stack_takes_its_sources_controller():
    text = """\
players: [Alice, Bob]
graveyard:
  Alice:
    - {id: seeker, define: {name: Seeker, types: [creature],
                            abilities: [{triggered: {when: {dies: {what: this}}}}]}}
stack:
  - {ability: seeker.1}
event: {resolve_top: {}}
"""
    (entry,) = facts(text, StackObject)
    assert entry["kind"] == "ability" and entry["controller"] == "Alice"
    assert entry["ability"] == "seeker.1" and entry["source"] == "seeker"


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("stack: {Alice: [Divination], Bob: [Divination]}\n",
         "the stack is listed by player, so its order is unknown"),
        ("stack:\n  - {card: Divination, controller: Bob, targets: [nobody]}\n",
         "there is no object 'nobody'"),
        ("stack:\n  - {ability: bears.7}\n", "Grizzly Bears has no ability 7"),
        ("stack:\n  - {ability: bears.1, color: red}\n", "unknown key 'color'"),
        ("stack:\n  - {card: Divination, controller: Bob, x: -1}\n", "'x' must be a whole"),
        # impossible stack entries (CR 115.5, 605.3b, 113.3, 702.33a, 107.3a, 601.2c)
        ("stack:\n  - {card: Counterspell, controller: Bob, id: cs, targets: [cs]}\n",
         "can never be its own target"),
        ("graveyard: {Alice: [{card: Llanowar Elves, id: elves}]}\n"
         "stack:\n  - {ability: elves.1}\n", "is a mana ability: it doesn't use the stack"),
        ("stack:\n  - {card: Divination, controller: Bob, kicked: true}\n",
         "it can't have been kicked"),
        ("stack:\n  - {card: Divination, controller: Bob, x: 2}\n", "has no X in its costs"),
        ("stack:\n  - {card: Lightning Bolt, controller: Bob}\n",
         "needs a target but none is listed"),
        ("stack:\n  - {card: Lightning Bolt, controller: Bob, targets: [Alice, Bob]}\n",
         "lists 2 targets, but its text has room for 1"),
        ("stack:\n  - {card: Lightning Bolt, controller: Bob, token: true, targets: [Alice]}\n",
         "a token is never a spell"),
        ("stack:\n  - {card: Lightning Bolt, controller: Bob, copy: true, from: graveyard,"
         " targets: [Alice]}\n", "which is not cast, so it wasn't cast from any zone"),
        ("history:\n  - paid_to_ignore: {player: Alice, source: bears, turn: 9}\n",
         "after the current turn 4"),
        ("history:\n  - came_under_control: {object: bears, turn: 2, player: Bob}\n",
         "controlled by Alice, not Bob"),
        ("history:\n  - spells_cast: {player: Bob, count: -1, turn: 3}\n",
         "write count: 0 or more"),
        # history area: raid's this_turn: attacked (CR 508.1)
        ("this_turn:\n  - attacked: {player: Alice, count: 1}\n",
         "only the active player attacks"),
        ("this_turn:\n  - attacked: {player: Bob, count: -1}\n",
         "a player attacks with 0 or more creatures"),
        # history area: morbid's this_turn: died (CR 700.4)
        ("this_turn:\n  - died: {player: Bob, count: -2}\n", "0 or more creatures die"),
        ("this_turn:\n  - died: {player: Bob, count: 1}\n  - died: {player: Bob, count: 2}\n",
         "two died entries for Bob"),
        ("this_turn:\n  - died: {count: 1}\n  - died: {player: Bob, count: 2}\n",
         "a died entry without a player beside entries naming players"),
        ("this_turn:\n  - gained_life: {player: Alice, amount: -1}\n",
         "the life gained this turn are 0 or more"),
        ("this_turn:\n  - lost_life: {player: Bob, amount: 1}\n  - lost_life: {player: Bob}\n",
         "two lost_life entries for Bob"),
        ("this_turn:\n  - left_battlefield: {player: Bob, count: -3}\n",
         "left_battlefield count is -3"),
        # history2 area: this_turn: entered
        ("this_turn:\n  - entered: {player: Bob, type: land, count: -1}\n",
         "entered count is -1"),
        ("this_turn:\n  - entered: {player: Bob}\n  - entered: {player: Bob, type: land}\n",
         "two entered entries for Bob and type land"),
        ("this_turn:\n  - entered: {player: Bob, type: sorcery}\n",
         "'type' of 'entered' is 'sorcery'"),
    ],
)
def test_bad_stack_and_history_entries(extra, expected):
    found = problems(BASE + extra + "event: {resolve_top: {}}\n")
    assert any(expected in p for p in found), found


def test_attacked_this_turn_entries_that_fit_load():
    # near miss of the errors above: the active player's attacks, and another's count 0
    from rulings.facts.stack import AttackedThisTurn

    found = facts(BASE + "this_turn:\n  - attacked: {player: Bob, count: 2}\n"
                  "  - attacked: {player: Alice, count: 0}\nevent: {step_begins: {step: end}}\n",
                  AttackedThisTurn)
    assert sorted((f["player"], f["count"]) for f in found) == [("Alice", 0), ("Bob", 2)]


def test_a_mana_ability_activated_with_targets_is_an_error():
    text = BASE + "event: {activate: {ability: elves.1, targets: [Bob]}}\n"
    text = text.replace("  - {card: Grizzly Bears, controller: Alice, id: bears}\n",
                        "  - {card: Llanowar Elves, controller: Alice, id: elves}\n")
    assert any("a mana ability never has a target" in p for p in problems(text))
    assert facts(text.replace(", targets: [Bob]", ""), Turn)  # near miss: no targets


def test_possible_stack_entries_are_not_errors():
    """Near misses of the impossible entries: a target below it, a spell with X and kicker,
    a spell needing a target that isn't the one resolving, and two targets for a spell with room
    for two."""
    text = BASE + """\
stack:
  - {card: Counterspell, controller: Alice, targets: [bolt]}
  - {card: Lightning Bolt, controller: Bob, id: bolt}
  - controller: Bob
    targets: [Alice, Bob]
    define: {name: Twin Bolt, types: [instant], abilities: [{spell: {targets: [{id: t1,
             count: 2}], do: [{deal_damage: {amount: 1, to: t1}}]}}]}
  - controller: Bob
    x: 1
    kicked: true
    define: {name: Kicked Fireball, mana_cost: "{X}{R}", types: [sorcery],
             keywords: [{kicker: "{2}"}]}
event: {resolve_top: {}}
"""
    assert len(facts(text, StackObject)) == 4


def test_stack_empty_contradicting_the_stack_is_an_error():
    text = BASE.replace("active: Bob}", "active: Bob, stack_empty: true}") + \
        "stack:\n  - {card: Divination, controller: Bob}\nevent: {resolve_top: {}}\n"
    assert any("the stack is empty but" in p for p in problems(text))


def test_history_sets_since_turn_began_and_refuses_a_contradiction():
    text = BASE + "history:\n  - came_under_control: {object: bears, turn: 3}\n" + \
        "event: {dies: {objects: [bears]}}\n"
    (bears,) = facts(text, GameObject)
    assert bears["since_turn_began"] is False  # Alice's latest turn is 3: it came during it
    earlier = text.replace("turn: 3}", "turn: 2}")
    assert facts(earlier, GameObject)[0]["since_turn_began"] is True
    bad = text.replace("id: bears}", "id: bears, since_turn_began: true}")
    assert any("contradicts history" in p for p in problems(bad))


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("event: {resolve_top: {}}\n", "nothing is on the stack to resolve"),
        ("event: {copy_spell: {object: bears}}\n", "'bears' is not a spell on the stack"),
        ("graveyard:\n  Bob: [{card: Divination, id: div}]\nevent: {dies: {objects: [div]}}\n",
         "Divination is in the graveyard, not on the battlefield"),
    ],
)
def test_impossible_events(extra, expected):
    found = problems(BASE + extra)
    assert any(expected in p for p in found), found


# -- sacrificed: what a cost sacrificed (CR 601.2h, 602.2b, 608.2h) ------------------------

ALTAR = """\
players: [Alice, Bob]
turn: {active: Alice, step: precombat main}
graveyard:
  - {id: giant, owner: Alice, define: {name: Hill Giant, types: [creature], power: 3, toughness: 3}}
battlefield:
  - {card: Grizzly Bears, controller: Alice, id: bears}
  - controller: Alice
    id: altar
    define:
      name: Homemade Altar
      types: [artifact]
      abilities:
        - activated:
            cost: [{sacrifice: {types: [creature]}}]
            do: [{gain_life: {amount: {toughness_of: sacrificed}}}]
        - activated:
            cost: [tap]
            do: [{gain_life: {amount: 1}}]
stack:
  - {ability: altar.1, sacrificed: %s}
event: {resolve_top: {}}
"""


def test_what_a_cost_sacrificed_is_read_onto_the_stack_entry():
    entry = [f for f in facts(ALTAR % "[giant]", StackObject) if f["kind"] == "ability"]
    assert entry[0]["sacrificed"] == ("giant",)


def test_what_was_sacrificed_is_no_longer_on_the_battlefield():
    (p,) = problems(ALTAR % "[bears]")
    assert "s.yaml:20:" in p and "Grizzly Bears was sacrificed" in p
    assert "no longer in the battlefield" in p and "graveyard" in p


def test_only_a_cost_that_sacrifices_lists_what_it_sacrificed():
    (p,) = problems(ALTAR.replace("altar.1, sacrificed", "altar.2, sacrificed") % "[giant]")
    assert "its cost sacrifices nothing" in p and "drop sacrificed:" in p


def test_what_was_sacrificed_is_named_by_id():
    ps = problems(ALTAR % "[nobody]")
    assert any("nobody" in p for p in ps)


MODAL = """\
players: [Alice, Bob]
turn: {active: Alice, priority: Alice}
stack:
  - controller: Alice
    id: charm
    define:
      name: Homemade Charm
      types: [instant]
      abilities:
        - spell:
            modes:
              - {do: [{draw: {amount: 1}}]}
              - {do: [{gain_life: {amount: 3}}]}
"""


def test_a_modal_spell_resolving_without_its_modes_is_an_error():
    text = MODAL + "event: {resolve_top: {}}\n"
    (problem,) = problems(text)
    assert "s.yaml:4:" in problem and "is modal, but no modes are listed" in problem
    assert "modes: [1]" in problem and "CR 700.2" in problem


def test_a_modal_spell_with_its_modes_resolves():
    text = MODAL.replace("    id: charm\n", "    id: charm\n    modes: [2]\n")
    (entry,) = facts(text + "event: {resolve_top: {}}\n", StackObject)
    assert list(entry["modes"]) == ["2"]
# -- divided: damage and counters divided among targets (CR 601.2d) --------------------------

ARC = """\
players: [Alice, Bob]
turn: {active: Alice, step: precombat main}
battlefield:
  - {card: Grizzly Bears, controller: Bob, id: bears}
  - {card: Llanowar Elves, controller: Bob, id: elves}
stack:
  - controller: Alice
    id: arc
    define:
      name: Homemade Arc
      mana_cost: "{X}{R}"
      types: [sorcery]
      abilities:
        - spell:
            targets: [{id: t1, filter: any_target, count: {min: 1, max: any}}]
            do: [{deal_damage: {amount: %s, to: t1, divided: true}}]
    targets: [bears, elves]
%s
event: {resolve_top: {}}
"""


def test_a_division_is_read_share_by_share():
    from rulings.facts.stack import DividedShare

    shares = facts(ARC % ("3", "    divide: {bears: 2, elves: 1}"), DividedShare)
    assert sorted((f["target"], f["amount"]) for f in shares) == [("bears", 2), ("elves", 1)]


def test_a_share_of_zero_is_refused():
    (p,) = problems(ARC % ("3", "    divide: {bears: 3, elves: 0}"))
    assert "s.yaml:18:" in p and "share of 0" in p and "at least 1" in p and "601.2d" in p


def test_the_shares_add_up_to_the_amount():
    (p,) = problems(ARC % ("3", "    divide: {bears: 2, elves: 2}"))
    assert "add up to 4" in p and "divides 3 damage" in p and "add up to 3" in p


def test_each_target_chosen_gets_a_share():
    (p,) = problems(ARC % ("3", "    divide: {bears: 3}"))
    assert "Llanowar Elves no share" in p and "elves: 1" in p


def test_a_share_goes_only_to_a_target():
    ps = problems(ARC % ("3", "    divide: {bears: 1, elves: 1, Bob: 1}"))
    assert any("gives Bob a share, but it is not a target" in p for p in ps), ps


def test_no_more_targets_than_the_amount():
    (p,) = problems(ARC % ("1", ""))
    assert "divides 1 damage among 2 targets" in p and "choose at most 1 target" in p


def test_an_x_division_needs_x():
    (p,) = problems(ARC % ("X", "    divide: {bears: 2, elves: 1}"))
    assert "no x: given" in p and "x: 3" in p


def test_an_x_division_adds_up_to_x():
    (p,) = problems(ARC % ("X", "    x: 4\n    divide: {bears: 2, elves: 1}"))
    assert "add up to 3" in p and "divides 4 damage" in p


def test_no_division_for_a_spell_that_divides_nothing():
    text = (ARC % ("3", "    divide: {bears: 2, elves: 1}")).replace(", divided: true", "")
    (p,) = problems(text.replace("max: any", "max: 2"))
    assert "divides no damage or counters" in p and "drop divide:" in p


def test_a_division_must_be_a_mapping_of_whole_numbers():
    ps = problems(ARC % ("3", "    divide: {bears: two, elves: 1}"))
    assert any("must be a whole number" in p for p in ps), ps


def test_died_this_turn_entries_that_fit_load():
    # near miss of the errors above: one entry a player, counts of 0 or more
    from rulings.facts.stack import DiedThisTurn

    found = facts(BASE + "this_turn:\n  - died: {player: Bob, count: 2}\n"
                  "  - died: {player: Alice, count: 0}\nevent: {step_begins: {step: end}}\n",
                  DiedThisTurn)
    assert sorted((f["player"], f["count"]) for f in found) == [("Alice", 0), ("Bob", 2)]
