"""The effect language: every card file loads and lowers; each node kind becomes its facts;
each kind of mistake is reported at its line with the nearest word; selectors pick what they
describe."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rulings.facts import situation
from rulings.facts.casting import AdditionalCostWord, AlternativeCostWord, CastOnlyDuring, Flash
from rulings.facts.effects import (
    Condition,
    CostPart,
    Keyword,
    Replacement,
    Selector,
    Selects,
    StaticEffect,
    Step,
    TargetSlot,
    Trigger,
    Unmodelled,
    filter_misses,
    mana_value,
)
from rulings.facts.errors import InputError
from rulings.facts.game import Ability, GameObject
from rulings.facts.lowering import cost_words, lower
from rulings.facts.mana import ManaAbility, TappedForManaReplacement, TappedForManaTrigger
from rulings.facts.resolution import CantSearch, SearchStep, ShuffleStep
from rulings.knowledge import catalog

REPO = Path(__file__).resolve().parent.parent
CARD_FILES = sorted((REPO / "knowledge" / "cards").glob("*.yaml"))

HEAD = "players: [Alice, Bob]\nbattlefield:\n  - controller: Alice\n    id: o\n    define:\n"
TAIL = "event: {leaves_game: {player: Bob}}\n"


#: an instant or sorcery is never on the battlefield (an input error): it waits in a hand
IN_HAND = "players: [Alice, Bob]\nhand:\n  Alice:\n    - id: o\n      define:\n"


def define(card: str) -> situation.Situation:
    """A situation with one object `o` whose card is `card` (YAML, indented by 6)."""
    spell = re.search(r"types: \[[^\]]*\b(instant|sorcery)\b", card)
    indent, head = ("        ", IN_HAND) if spell else ("      ", HEAD)
    body = "".join(indent + line + "\n" for line in card.strip("\n").split("\n"))
    return situation.load("s.yaml", head + body + TAIL)


def facts_of(sit: situation.Situation, cls: type) -> list[Any]:
    return [f for f in sit.facts if isinstance(f, cls)]


def problems(card: str) -> list[str]:
    with pytest.raises(InputError) as err:
        define(card)
    return [str(p) for p in err.value.problems]


# -- every card ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.stem)
def test_every_card_file_loads_and_lowers(path: Path) -> None:
    card = catalog.card(path.stem)
    assert card is not None
    lowered = lower(card, card.slug)
    abilities = [f for f in lowered.facts if isinstance(f, Ability)]
    assert [a["number"] for a in abilities] == list(range(1, len(card.abilities) + 1))
    for fact in lowered.facts:
        fact.completed()  # every required slot is filled


def test_no_card_is_left_with_an_unencoded_note() -> None:
    for path in CARD_FILES:
        assert "not encoded" not in path.read_text(), path.name


# -- each node kind -----------------------------------------------------------------------

def test_activated_mana_ability_is_found_by_its_shape() -> None:
    sit = define("""
name: Grove
types: [land]
abilities:
  - activated: {cost: [tap], do: [{add_mana: {mana: "{G}{G}"}}]}
""")
    (ability,) = facts_of(sit, Ability)
    assert ability["kind"] == "mana" and list(ability["cost"]) == ["{T}"]
    (mana,) = facts_of(sit, ManaAbility)
    assert mana["adds"] == "G" and mana["amount"] == 2
    (part,) = facts_of(sit, CostPart)
    assert part["kind"] == "tap" and part["text"] == "{T}"
    (step,) = facts_of(sit, Step)
    assert step["verb"] == "add_mana"


@pytest.mark.parametrize("extra", ["targets: [{id: t1, filter: player}]", "loyalty: true"])
def test_targets_or_loyalty_make_it_no_mana_ability(extra: str) -> None:
    sit = define(f"""
name: Odd
types: [artifact]
abilities:
  - activated: {{cost: [tap], {extra}, do: [{{add_mana: {{mana: G}}}}]}}
""")
    (ability,) = facts_of(sit, Ability)
    assert ability["kind"] == "activated"
    assert not facts_of(sit, ManaAbility)


def test_spell_with_targets_steps_conditions() -> None:
    sit = define("""
name: Bolt Search
mana_cost: "{1}{R}"
types: [sorcery]
keywords: [{kicker: "{2}"}]
abilities:
  - spell:
      targets: [{id: t1, filter: {types: [creature], controller: opponent}, count: {max: 2}}]
      do:
        - deal_damage: {amount: 3, to: t1}
        - search: {may: true, for: {supertypes: [basic], types: [land]}, id: found,
                   if: {was_kicked: true}}
        - put: {what: found, to: hand}
        - shuffle: {if: {did: found}}
""")
    (slot,) = facts_of(sit, TargetSlot)
    assert (slot["slot"], slot["min"], slot["max"]) == ("t1", 0, 2)
    target = next(s for s in facts_of(sit, Selector) if s["id"] == slot["selector"])
    assert list(target["types"]) == ["creature"] and target["controller"] == "opponent"
    steps = sorted(facts_of(sit, Step), key=lambda s: s["index"])
    assert [s["verb"] for s in steps] == ["deal_damage", "search", "put", "shuffle"]
    assert steps[0]["amount"] == "3" and steps[1]["may"] and steps[1]["id"] == "found"
    kinds = {c["kind"] for c in facts_of(sit, Condition)}
    assert kinds == {"was_kicked", "did"}
    (kw,) = facts_of(sit, Keyword)
    assert (kw["keyword"], kw["value"]) == ("kicker", "{2}")
    (search,) = facts_of(sit, SearchStep)
    assert search["optional"] and list(search["supertypes"]) == ["basic"]
    (shuffle,) = facts_of(sit, ShuffleStep)
    assert shuffle["condition"] == "if you do" and shuffle["whose"] == "searcher"


def test_triggered_with_intervening_if_and_delayed_steps() -> None:
    sit = define("""
name: Watcher
types: [creature]
power: 2
toughness: 3
abilities:
  - triggered:
      when: {step: {step: upkeep, whose: you}}
      intervening_if: {life: {ge: 40}}
      may: true
      do:
        - draw: {amount: 1}
        - delayed:
            when: {step: {step: end, whose: next}}
            do: [{discard: {amount: 1}}]
""")
    triggers = facts_of(sit, Trigger)
    upkeep = next(t for t in triggers if t["step"] == "upkeep")
    assert upkeep["optional"] and upkeep["whose"] == "you" and upkeep["intervening_if"]
    (cond,) = [c for c in facts_of(sit, Condition) if c["id"] == upkeep["intervening_if"]]
    assert cond["kind"] == "life" and list(cond["args"]) == ["ge=40"]
    assert any(t["step"] == "end" for t in triggers)
    parts = {s["part"] for s in facts_of(sit, Step)}
    assert parts == {"do", "do.2.delayed"}
    (obj,) = facts_of(sit, GameObject)
    assert (obj["power"], obj["toughness"]) == ("2", "3")


def test_static_words_and_older_facts() -> None:
    sit = define("""
name: Warden
mana_cost: "{2}{W}"
types: [creature]
abilities:
  - static:
      prohibit: {who: each_opponent, action: search, zone: library}
      ignore: {cost: [{mana: "{3}"}], duration: until_end_of_turn}
  - static: {affects: {types: [creature], controller: you, other: true},
             modify: {power: 1, toughness: 1}, add_keywords: [vigilance]}
  - static: {cast_only: {steps: [upkeep], whose_turn: yours}}
""")
    effects_ = {e["effect"]: e for e in facts_of(sit, StaticEffect)}
    assert effects_["modify"]["layer"] == "7c" and effects_["modify"]["power"] == "1"
    assert list(effects_["add_keywords"]["values"]) == ["vigilance"]
    assert "action=search" in effects_["prohibit"]["args"]
    (cant,) = facts_of(sit, CantSearch)
    assert (cant["who"], cant["ignore_cost"]) == ("opponents", "{3}")
    (only,) = facts_of(sit, CastOnlyDuring)
    assert list(only["steps"]) == ["upkeep"] and only["whose_turn"] == "yours"
    (obj,) = facts_of(sit, GameObject)
    assert list(obj["colors"]) == ["white"]


def test_replacements_and_tapped_for_mana_shapes() -> None:
    sit = define("""
name: Flood
types: [enchantment]
abilities:
  - replacement:
      event: {tapped_for_mana: {what: {types: [land]}}}
      modify: {produces: U}
  - triggered:
      when: {tapped_for_mana: {what: {types: [land]}, who: you}}
      do: [{add_mana: {type_produced: true}}]
  - replacement:
      event: {draws: {who: opponent}}
      instead: [{mill: {amount: 2}}]
""")
    (repl,) = facts_of(sit, TappedForManaReplacement)
    assert (repl["of"], repl["produces"]) == ("a land", "U")
    (trig,) = facts_of(sit, TappedForManaTrigger)
    assert (trig["of"], trig["adds"]) == ("a land you control", "type produced")
    events = sorted(r["event"] for r in facts_of(sit, Replacement))
    assert events == ["draws", "tapped_for_mana"]
    assert any(s["part"] == "instead" and s["verb"] == "mill" for s in facts_of(sit, Step))


def test_card_costs_keywords_and_unparsed() -> None:
    sit = define("""
name: Odd Spell
mana_cost: "{4}{B}"
types: [instant]
keywords: [flash, {protection: {from: {colors: [red]}}}, {enchant: {types: [land]}}]
additional_costs: [{pay_life: 2}]
alternative_costs: [{name: evoke, cost: [{mana: "{B}"}, {exile: {colors: [black]}}]}]
abilities:
  - unparsed: {text: "Something odd happens.", gap: "no verb for 'odd'"}
""")
    assert facts_of(sit, Flash)
    keywords = {k["keyword"]: k for k in facts_of(sit, Keyword)}
    assert keywords["protection"]["value"] == "red" and keywords["protection"]["selector"]
    assert any(t["slot"] == "enchant" for t in facts_of(sit, TargetSlot))
    (extra,) = facts_of(sit, AdditionalCostWord)
    assert list(extra["cost"]) == ["pay 2 life"]
    (alt,) = facts_of(sit, AlternativeCostWord)
    assert alt["name"] == "evoke" and list(alt["cost"]) == ["{B}", "exile a black card"]
    (gap,) = facts_of(sit, Unmodelled)
    assert gap["text"] == "Something odd happens."
    (ability,) = facts_of(sit, Ability)
    assert ability["kind"] == "unparsed"


def test_cost_words_the_older_rules_read() -> None:
    card = catalog.card("Springleaf Drum")
    assert card is not None
    assert cost_words(card.abilities[0].parts["cost"]) == [
        "{T}", "tap an untapped creature you control"]
    wilds = catalog.card("Evolving Wilds")
    assert wilds is not None
    assert cost_words(wilds.abilities[0].parts["cost"]) == ["{T}", "sacrifice this"]


# -- each kind of mistake, at its line, with the nearest word --------------------------------

@pytest.mark.parametrize(("card", "expected"), [
    ("name: A\ntypes: [land]\nabilities:\n  - activatd: {cost: [tap]}",
     ["s.yaml:9: unknown ability kind 'activatd' → did you mean 'activated'?"]),
    ("name: A\ntypes: [land]\nabilities:\n  - mana: {cost: '{T}', adds: G}",
     ["s.yaml:9: 'mana' is a word of the old card format → write activated: "]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{destory: {what: this}}]}",
     ["s.yaml:9: unknown verb 'destory' → did you mean 'destroy'"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{destroy: {what: {tpyes: [land]}}}]}",
     ["s.yaml:9: unknown selector key 'tpyes'", "did you mean 'types'"]),
    ("name: A\ntypes: [creature]\nabilities:\n  - triggered: {when: {enter: {what: this}}}",
     ["s.yaml:9: unknown trigger event 'enter' → did you mean 'enters'"]),
    ("name: A\ntypes: [artifact]\nabilities:\n  - activated: {cost: [tapp], do: []}",
     ["s.yaml:9: unknown cost part 'tapp' → did you mean 'tap'"]),
    ("name: A\ntypes: [creature]\nkeywords: [flyng]",
     ["s.yaml:8: unknown keyword 'flyng' → did you mean 'flying'"]),
    ("name: A\ntypes: [enchantment]\nabilities:\n  - static: {modfy: {power: 1}}",
     ["s.yaml:9: unknown part 'modfy' of a static ability → did you mean 'modify'?"]),
    ("name: A\ntypes: [artifact]\nabilities:\n  - activated: {do: [{draw: {amount: 1}}]}",
     ["s.yaml:9: the activated ability has no 'cost'"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{destroy: {what: t2}}]}",
     ["s.yaml:9: 't2' is neither a referent nor an id of this ability"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{draw: {amount: lots}}]}",
     ["s.yaml:9: 'amount' of 'draw' must be an amount"]),
    ("name: A\ntypes: [artifact]\nabilities:\n  - activated: {cost: [{mana: 'GG1'}], do: []}",
     ["s.yaml:9: 'mana' must be mana symbols"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{destroy: {what: {mana_value: {lte: 2}}}}]}",
     ["s.yaml:9: 'mana_value' of 'what' of 'destroy': unknown comparison 'lte'",
      "'le'"]),
    ("name: A\ntypes: [land]\nabilities:\n  - replacement: {event: {tapped_for_mana: {}}}",
     ["s.yaml:9: the replacement says neither what happens instead nor how"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{draw: {amount: 1, duraton: this_turn}}]}",
     ["s.yaml:9: unknown key 'duraton' of 'draw' → did you mean 'duration'?"]),
    # a keyword an effect gives that no rule could read would be given silently
    ("name: A\ntypes: [enchantment]\nabilities:\n  - static: {affects: this, add_keywords: [flyng]}",
     ["s.yaml:9: the effect 'add_keywords' has 'flyng', which is not a keyword it can give",
      "did you mean 'flying'"]),
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{modify: {what: this, add_keywords: [rampage 2]}}]}",
     ["s.yaml:9: ", "has 'rampage 2', which is not a keyword it can give"]),
    # a landwalk given must name its land (forestwalk); bare, no rule could read it
    ("name: A\ntypes: [sorcery]\nabilities:\n  - spell: {do: [{modify: {what: this, add_keywords: [landwalk]}}]}",
     ["s.yaml:9: ", "has 'landwalk' without the land it names", "forestwalk"]),
])
def test_each_mistake_is_reported_where_it_is(card: str, expected: list[str]) -> None:
    found = problems(card)
    for text in expected:
        assert any(text in p for p in found), (text, found)


def test_mistakes_on_later_lines_keep_their_lines() -> None:
    found = problems("""
name: A
types: [sorcery]
abilities:
  - spell:
      do:
        - draw: {amount: 1}
        - destroy: {what: {types: [creature], colour: [red]}}
""")
    assert any(p.startswith("s.yaml:12: unknown selector key 'colour'") for p in found), found


# -- selectors ------------------------------------------------------------------------------

def _obj(**fields: Any) -> dict[str, Any]:
    base = {"id": "x", "name": "X", "zone": "battlefield", "controller": "Bob", "owner": "Bob",
            "types": ["creature"], "subtypes": [], "supertypes": [], "colors": ["red"],
            "tapped": False, "token": False, "mana_cost": "{2}{R}", "power": "2"}
    base.update(fields)
    return base


@pytest.mark.parametrize(("selector", "obj", "why"), [
    ({"types": ["creature"], "controller": "opponent"}, _obj(), ""),
    ({"types": ["creature"], "controller": "you"}, _obj(), "its controller is not"),
    ({"types": ["land"]}, _obj(), "it is not land"),
    ({"types": ["creature"]}, _obj(zone="graveyard"), "it is not in the battlefield"),
    ({"types": ["card"]}, _obj(zone="graveyard"), ""),
    ({"colors": ["red"], "is_": ["untapped"]}, _obj(), ""),
    ({"colors": ["blue"]}, _obj(), "it is not blue"),
    ({"is_": ["tapped"]}, _obj(), "it is untapped"),
    ({"other": True}, _obj(id="src"), "the object with the ability itself"),
    ({"compare": ["mana_value<=2"]}, _obj(), "mana value is not <= 2"),
    ({"compare": ["power>=2"]}, _obj(), ""),
    ({"not_types": ["creature"]}, _obj(), "it is creature"),
])
def test_filter_misses(selector: dict[str, Any], obj: dict[str, Any], why: str) -> None:
    found = filter_misses(selector, obj, "Alice", "src")
    assert (why in found) if why else found == ""


def test_mana_value() -> None:
    assert mana_value("{X}{2}{W/U}{2/B}") == 5


def _selects(sit: situation.Situation) -> set[tuple[str, str]]:
    from rulings.knowledge.rules import all_rules, engine_class

    ids = frozenset(r for r in all_rules() if r.startswith("selectors."))
    derivation = engine_class(ids)().derive(sit.facts)
    return {(f["selector"], f["object"]) for f in derivation.of_type(Selects)}


def test_selectors_conclude_what_they_pick() -> None:
    text = """
players: [Alice, Bob, Carol]
battlefield:
  - controller: Alice
    id: o
    define:
      name: Sweeper
      types: [enchantment]
      abilities:
        - static: {affects: {types: [creature], not: {colors: [green]}}, modify: {power: -1}}
        - static: {affects: each_opponent, no_max_hand_size: true}
  - {card: Grizzly Bears, controller: Bob, id: bears}
  - controller: Carol
    id: goblin
    define: {name: Goblin, mana_cost: "{R}", types: [creature], power: 1, toughness: 1}
hand: {Bob: [{card: Shock, id: red}]}
event: {leaves_game: {player: Bob}}
"""
    sit = situation.load("s.yaml", text)
    picked = _selects(sit)
    anthem = next(e["affects"] for e in facts_of(sit, StaticEffect) if e["effect"] == "modify")
    others = next(e["affects"] for e in facts_of(sit, StaticEffect)
                  if e["effect"] == "no_max_hand_size")
    assert (anthem, "goblin") in picked
    assert (anthem, "bears") not in picked  # green: the 'not' part excludes it
    assert (anthem, "red") not in picked  # an instant card, not a creature
    assert {(others, "Bob"), (others, "Carol")} <= picked and (others, "Alice") not in picked


def test_the_docs_show_every_word_as_the_registry_has_it() -> None:
    from rulings.facts.schema import GENERATED_BEGIN, GENERATED_END, language_reference

    doc = (REPO / "docs" / "effect-language.md").read_text()
    shown = doc[doc.index(GENERATED_BEGIN):doc.index(GENERATED_END) + len(GENERATED_END)]
    assert shown + "\n" == language_reference(), (
        "docs/effect-language.md is out of date: paste `rulings schema language` into it")


def test_draft_and_modal_abilities() -> None:
    from rulings.facts.casting import DraftNoteNextPick

    sit = define("""
name: Chooser
types: [sorcery]
abilities:
  - draft: {do: [{reveal: {what: this}}, {note: {what: name, of: next_pick}}]}
  - spell:
      modes:
        - do: [{draw: {amount: 1}}]
        - targets: [{id: t1, filter: {types: [artifact]}}]
          do: [{destroy: {what: t1}}]
""")
    kinds = sorted(a["kind"] for a in facts_of(sit, Ability))
    assert kinds == ["draft", "spell"]
    assert facts_of(sit, DraftNoteNextPick)
    parts = sorted(s["part"] for s in facts_of(sit, Step) if s["ability"] == "o.2")
    assert parts == ["mode1", "mode2"]
    assert [t["slot"] for t in facts_of(sit, TargetSlot)] == ["t1"]


def test_a_half_read_ability_is_not_lowered_but_the_others_keep_their_numbers() -> None:
    with pytest.raises(InputError) as err:
        define("""
name: Half
types: [artifact]
abilities:
  - activated: {cost: [tap], do: [{explode: {}}]}
  - activated: {cost: [tap], do: [{add_mana: {mana: C}}]}
""")
    assert [p.line for p in err.value.problems] == [9]


def test_a_filter_whose_controller_is_a_referent() -> None:
    text = """
players: [Alice, Bob]
turn: {active: Bob}
battlefield:
  - controller: Alice
    id: o
    define:
      name: Watcher
      types: [enchantment]
      abilities:
        - static: {affects: {types: [creature], controller: active_player}, modify: {power: 1}}
  - {card: Grizzly Bears, controller: Bob, id: bears}
  - {card: Llanowar Elves, controller: Alice, id: elves}
event: {leaves_game: {player: Bob}}
"""
    sit = situation.load("s.yaml", text)
    (effect,) = facts_of(sit, StaticEffect)
    picked = _selects(sit)
    assert (effect["affects"], "bears") in picked and (effect["affects"], "elves") not in picked


@pytest.mark.parametrize("words", [["first strike", "protection from red"], ["Ward {2}"],
                                   ["hexproof", "double_strike"]])
def test_keywords_an_effect_gives_as_printed_are_read(words: list[str]) -> None:
    card = ("name: A\ntypes: [enchantment]\nabilities:\n  - static: {affects: this, "
            f"add_keywords: [{', '.join(repr(w) for w in words)}]}}")
    given = facts_of(define(card), StaticEffect)
    assert [list(f["values"]) for f in given] == [words]
