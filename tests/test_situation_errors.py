"""Bad input: every problem at once, as file:line: what → fix, exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulings.cli import main
from rulings.facts import situation
from rulings.facts.errors import InputError

GOOD = """\
players: [Alice, Bob]
battlefield:
  - {card: Forest, controller: Alice}
event:
  activate: {ability: forest.1}
"""


def problems(text: str, name: str = "s.yaml") -> list[str]:
    with pytest.raises(InputError) as exc:
        situation.load(name, text)
    return [str(p) for p in exc.value.problems]


def test_a_good_situation_loads():
    assert situation.load("s.yaml", GOOD).facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "s.yaml:1: the file is empty"),
        ("players: [Alice\n", "s.yaml:2: YAML syntax error"),
        (GOOD + "turnn: {active: Alice}\n", "s.yaml:6: unknown key 'turnn' → did you mean 'turn'"),
        (GOOD.replace("Forest,", "Forrest,"), "unknown card 'Forrest' → did you mean 'Forest'"),
        (GOOD.replace("controller: Alice", "controller: Carol"),
         "s.yaml:3: controller 'Carol' is not a player"),
        (GOOD.replace("forest.1", "forest.3"), "Forest has no ability 3"),
        (GOOD.replace("forest.1", "swamp.1"), "there is no object 'swamp'"),
        (GOOD + "turn: {number: many}\n", "turn 'number' must be a whole number"),
        (GOOD.replace("{card: Forest, controller: Alice}",
                      "{card: Forest, controller: Alice, tapped: maybe}"),
         "'tapped' must be true or false"),
        (GOOD.replace("activate:", "activat:"), "unknown event 'activat' → did you mean 'activate'"),
        ("players: [Alice]\nhand: {Alice: [{card: Forest, tapped: true}]}\n"
         "event: {activate: {ability: forest.1}}\n",
         "'Forest' is in the hand, so it can't be tapped"),
        ("players: [Alice, Alice]\nevent: {activate: {ability: x}}\n",
         "the player 'Alice' is listed twice"),
        ("- just\n- a list\n", "s.yaml:1: a situation must be a mapping of keys"),
        # impossible states (docs/situations.md, "Impossible states")
        (GOOD.replace("{card: Forest, controller: Alice}",
                      "{card: Wild Growth, controller: Alice, id: wg, attached_to: wg}"),
         "s.yaml:3: 'Wild Growth' is attached to itself"),
        (GOOD + "graveyard: {Alice: [{card: Island, id: isl}]}\n"
                "hand: {Bob: [{card: Wild Growth, attached_to: isl}]}\n",
         "'Wild Growth' is in the hand, so it can't be attached to anything"),
        (GOOD.replace("{card: Forest, controller: Alice}",
                      "{card: Forest, controller: Alice}\n  - {card: Wild Growth, "
                      "controller: Alice, attached_to: isl}")
         + "graveyard: {Alice: [{card: Island, id: isl}]}\n",
         "'Wild Growth' is attached to 'Island', which is in the graveyard"),
        (GOOD + "library: {Alice: [{card: Forest, token: true, id: t}]}\n",
         "a token can't be in a library"),
        (GOOD + "hand: {Alice: [{card: Forest, token: true, id: t}]}\n",
         "a token can't be in a hand"),
        (GOOD + "library: {Alice: [{card: Forest, haste: true, id: t}]}\n",
         "'Forest' is in the library, so it can't be given haste"),
        (GOOD + "hand: {Alice: [{card: Forest, since_turn_began: false, id: t}]}\n",
         "so it can't be new under its controller's control"),
        (GOOD + "hand: {Alice: [{card: Island, controller: Bob}]}\n",
         "where a card has no controller other than its owner"),
        (GOOD + "turn: {number: -1}\n", "turn number -1 is impossible"),
        (GOOD + "turn: {number: 0}\n", "turn number 0 is impossible"),
        (GOOD.replace("players: [Alice, Bob]", "players: [Alice, {name: Bob, left_game: 'no'}]"),
         "'left_game' must be true or false, not 'no'"),
        (GOOD.replace("players: [Alice, Bob]", "players: [Alice, {name: Bob, left_game: true}]")
         + "hand: {Bob: [Island]}\n",
         "is owned by Bob, who has left the game"),
        (GOOD.replace("players: [Alice, Bob]", "players: [Alice, {name: Bob, left_game: true}]")
         + "turn: {active: Alice, priority: Bob}\n",
         "turn 'priority' is Bob, who has left the game"),
        (GOOD + "turn: {active: Alice, step: untap, priority: Alice}\n",
         "nobody gets priority during the untap step"),
        (GOOD.replace("{card: Forest, controller: Alice}",
                      "{card: Forest, controller: Alice}\n  - {card: Shock, controller: Alice}"),
         "'Shock' is an instant on the battlefield"),
        (GOOD + "stack: {Alice: [{card: Island, id: isl}]}\n",
         "'Island' is a land card on the stack"),
        (GOOD.replace("{card: Forest, controller: Alice}",
                      "{card: Leonin Arbiter, controller: Alice}").replace(
                          "forest.1", "leonin-arbiter.1"),
         "is a static ability; only activated abilities"),
        (GOOD + "turn: {stack_empty: true}\nstack: {Alice: [Shock]}\n",
         "the turn says the stack is empty, but the situation lists objects on the stack"),
    ],
)
def test_each_problem_is_reported_with_its_line_and_a_fix(text, expected):
    assert any(expected in p for p in problems(text)), problems(text)


def test_every_problem_is_reported_at_once():
    text = GOOD.replace("Forest,", "Forrest,").replace("activate:", "activat:") + "extra: 1\n"
    found = problems(text)
    assert len(found) >= 3


def test_json_syntax_errors_have_lines():
    found = problems('{"players": ["Alice"],\n "event": }', "s.json")
    assert found[0].startswith("s.json:2: JSON syntax error")


def test_yaml_alias_bombs_are_refused_without_expanding():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    )
    found = problems(bomb)
    assert any("anchor" in p for p in found)


def test_a_huge_file_is_refused(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("question: '" + "x" * 1_100_000 + "'\n")
    with pytest.raises(InputError) as exc:
        situation.load(big)
    assert "too large" in str(exc.value)


def test_the_command_exits_2_with_every_problem_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("Forest,", "Forrest,") + "turnn: 1\n")
    proc = subprocess.run([sys.executable, "-m", "rulings.cli", "ask", str(bad)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) >= 2 and all(line.startswith(f"{bad}:") for line in lines)
    assert any("unknown key 'turnn'" in line for line in lines)


def test_a_missing_file_is_a_clear_error(capsys):
    assert main(["ask", "/nonexistent/situation.yaml"]) == 2
    assert "can't read the file" in capsys.readouterr().err


def test_an_inline_card_goes_through_the_same_rules():
    text = """\
players: [Alice]
battlefield:
  - controller: Alice
    define:
      name: Homemade Grove
      types: [land]
      abilities:
        - activated: {cost: [tap], do: [{add_mana: {mana: G}}]}
    tapped: true
event:
  activate: {ability: homemade-grove.1}
"""
    from rulings.api import ask

    answer = ask(situation.load("s.yaml", text))
    texts = [r["text"] for r in answer["rulings"]]
    assert "Alice can't activate Homemade Grove's ability 1." in texts
    assert any("already tapped" in str(r["justification"]) for r in answer["rulings"])


def test_too_many_objects_is_one_clear_problem():
    board = "".join("  - {card: Forest, controller: Alice}\n" for _ in range(305))
    found = problems("players: [Alice]\nbattlefield:\n" + board
                     + "event: {activate: {ability: forest.1}}\n")
    assert found == ["s.yaml:303: the situation has more than 300 objects → describe only the "
                     "objects that matter to the question"]


def test_a_large_board_still_meets_the_time_bound():
    from rulings.api import ask

    board = "".join("  - {card: Forest, controller: Alice}\n" for _ in range(200))
    text = "players: [Alice]\nbattlefield:\n" + board + "event: {activate: {ability: forest.1}}\n"
    answer = ask(situation.load("s.yaml", text), max_seconds=0.05)
    assert not answer["complete"]
    assert answer["rulings"][-1]["id"] == "engine.could-not-decide"


@pytest.mark.parametrize(
    "extra",
    [
        "graveyard: {Alice: [Island]}\n",  # no key that needs the battlefield
        "turn: {active: Alice, step: untap}\n",  # nobody has priority there by default
        "turn: {stack_empty: false}\nstack: {Alice: [Shock]}\n",
        "exile: {Bob: [{card: Island, token: true}]}\n",  # a token in exile, until SBAs
    ],
)
def test_near_misses_of_impossible_states_load(extra):
    assert situation.load("s.yaml", GOOD + extra).facts


def test_activating_an_ability_not_modelled_is_no_input_error():
    """An ability the compiler couldn't read may well be activated: the answer says it is
    not modelled instead of refusing the situation; a static ability is still refused."""
    text = """\
players: [Alice, Bob]
battlefield:
  - controller: Alice
    id: pod
    define:
      name: Odd Pod
      types: [artifact]
      abilities:
        - unparsed: {text: "{1}, {T}: Do something odd.", gap: effect}
        - static: {affects: you, no_max_hand_size: true}
event:
  activate: {ability: pod.1}
"""
    assert situation.load("s.yaml", text).facts
    assert any("is a static ability" in p
               for p in problems(text.replace("pod.1}", "pod.2}")))


def test_a_misspelt_active_player_is_one_problem_not_two():
    found = problems("players: [Alice, Bob]\nturn: {active: Alicia}\n"
                     "battlefield:\n  - {card: Forest, controller: Alice}\n"
                     "event:\n  activate: {ability: forest.1}\n")
    assert len(found) == 1 and "'active': 'Alicia' is not a player" in found[0]
    assert "did you mean 'Alice'" in found[0]


def test_negative_x_and_land_count_are_impossible():
    text = ("players: [Alice, Bob]\nturn: {active: Alice, step: precombat main}\n"
            "hand: {Alice: [Shock]}\nthis_turn:\n  - played_land: {player: Alice, count: -1}\n"
            "event:\n  cast: {card: Shock, x: -2, targets: [Bob]}\n")
    found = problems(text)
    assert any(":5: played_land count is -1" in p for p in found)
    assert any(":7: 'x' is -2" in p for p in found)
    fine = text.replace("count: -1", "count: 0").replace("x: -2, ", "")
    assert situation.load("s.yaml", fine).facts


def test_an_event_word_read_wrongly_is_a_problem_not_a_crash():
    """A misspelt key of an event leaves no half-made event behind for later checks."""
    found = problems("""\
players: [Alice, Bob]
battlefield:
  - {card: Grizzly Bears, controller: Alice, id: bears}
event:
  dies: {object: bears}
""")
    assert any("'dies' is missing 'objects'" in p for p in found)
    assert any("unknown key 'object' for 'dies'" in p and "objects" in p for p in found)
SEARCH = """\
players: [Alice, Bob]
library:
  Alice: [Forest, Island]
stack:
  Alice: [Rampant Growth]
event: {resolve: {ability: rampant-growth.1, find: [%s]}}
"""


def test_picking_more_cards_than_a_search_finds_is_an_input_error():
    """Rampant Growth finds one basic land: a question that picks two is refused with how many
    may be picked, never answered as if nothing were found (CR 701.23a)."""
    found = problems(SEARCH % "Forest, Island")
    assert any("'find' lists 2 cards, but the search of Rampant Growth's ability 1 finds at "
               "most 1 (CR 701.23a) → list at most 1 card in find:" in p for p in found), found


def test_picking_as_many_cards_as_a_search_finds_loads():
    assert situation.load("s.yaml", SEARCH % "Forest").facts


def test_a_card_name_cut_at_its_comma_says_to_quote_it():
    text = GOOD.replace("- {card: Forest, controller: Alice}",
                        "- {card: Urborg, Tomb of Yawgmoth, controller: Alice}")
    found = problems(text)
    assert found[0] == ("s.yaml:3: the card name 'Urborg, Tomb of Yawgmoth' was cut at its "
                        "comma (in {…}, a comma ends a value) → quote the name: card: "
                        "\"Urborg, Tomb of Yawgmoth\"")
    assert not any("unknown" in p for p in found)


def test_near_miss_a_key_with_no_value_that_makes_no_card_name_is_an_unknown_key():
    found = problems(GOOD.replace("controller: Alice}", "controller: Alice, tapt}"))
    assert any("unknown object key 'tapt'" in p for p in found)
