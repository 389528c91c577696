"""Keywords written out as the abilities they stand for (facts/keyword_abilities.py), landwalk
as printed, predefined tokens and the changeling subtype test."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.facts import situation
from rulings.facts.cards import read_card
from rulings.facts.effects import Keyword, Trigger, every_creature_type_fits, filter_misses
from rulings.facts.errors import Problem
from rulings.facts.game import Ability, GameObject
from rulings.facts.keyword_abilities import EXPANSIONS


def _load(keywords: str, types: str = "[creature]") -> situation.Situation:
    text = ("players: [Alice, Bob]\nbattlefield:\n  - controller: Alice\n    id: o\n"
            f"    define: {{name: Kw, types: {types}, power: 1, toughness: 1, "
            f"keywords: {keywords}}}\nevent: {{enters: {{object: o}}}}\n")
    return situation.load("s.yaml", text)


def _facts(sit: situation.Situation, cls: type) -> list[Any]:
    return [f for f in sit.facts if isinstance(f, cls)]


#: the parameter each written-out keyword takes (none: a bare word)
NUMBERED = ("bushido", "soulshift", "afterlife", "annihilator", "modular", "fading",
            "vanishing", "graft", "rampage", "afflict", "crew")
BARE = ("prowess", "battle_cry", "exploit", "devoid", "persist", "undying", "storm",
        "cascade", "living_weapon", "extort", "melee", "myriad", "provoke", "exalted",
        "soulbond", "evolve", "mentor")


@pytest.mark.parametrize("word", sorted(EXPANSIONS))
def test_every_written_out_keyword_reads_without_problems(word: str) -> None:
    keyword: Any = word if word in BARE else {
        word: 2 if word in NUMBERED else "3—{R}" if word == "suspend" else "{2}"}
    problems: list[Problem] = []
    card = read_card({"name": "Kw", "types": ["creature"], "power": 1, "toughness": 1,
                      "keywords": [keyword]}, "k.yaml", problems)
    assert not problems, [str(p) for p in problems]
    assert card is not None and card.keyword_abilities
    assert all(name.split("-")[0] == word for name, _ in card.keyword_abilities)


def test_keyword_abilities_are_named_by_the_keyword() -> None:
    sit = _load('[{bushido: 1}, {cycling: "{2}"}]')
    ids = {a["id"] for a in _facts(sit, Ability)}
    assert {"o.bushido", "o.bushido-2", "o.cycling"} <= ids
    events = {t["ability"]: t["event"] for t in _facts(sit, Trigger)}
    assert events["o.bushido"] == "blocks" and events["o.bushido-2"] == "becomes_blocked"
    assert sit.names["o.cycling"] == "Kw's cycling"


def test_swampwalk_as_printed_is_landwalk_for_swamps() -> None:
    sit = _load("[swampwalk, nonbasic landwalk]")
    walks = [k for k in _facts(sit, Keyword) if k["keyword"] == "landwalk"]
    assert len(walks) == 2 and all(k["selector"] for k in walks)


def test_a_treasure_token_has_its_mana_ability() -> None:
    problems: list[Problem] = []
    card = read_card({"name": "Maker", "types": ["sorcery"], "abilities": [{"spell": {"do": [
        {"create": {"token": {"name": "Treasure", "types": ["artifact"],
                              "subtypes": ["treasure"]}}}]}}]}, "m.yaml", problems)
    assert not problems and card is not None
    token = card.abilities[0].parts["do"][0]["args"]["token"]
    assert token.abilities and token.abilities[0].kind == "activated"


def test_changeling_is_every_creature_type_but_no_land_type() -> None:
    assert every_creature_type_fits(["elf"]) and not every_creature_type_fits(["forest"])
    kid = dict(GameObject(id="k", name="Kid", owner="Alice", controller="Alice",
                          zone="battlefield", types=["creature"],
                          subtypes=["shapeshifter"], every_creature_type=True))
    assert filter_misses({"subtypes": ["goblin"]}, kid, "Alice", "x") == ""
    assert filter_misses({"subtypes": ["equipment"]}, kid, "Alice", "x") != ""
