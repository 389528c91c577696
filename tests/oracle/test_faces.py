"""Every face of the real multi-face cards (shared data multiface-cards.json, MTGJSON
AtomicCards shape): imported with its layout, named by its full name and by each face's name,
and read with its own cost, types and abilities. Skipped when the shared data is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings.reference import card_data, importer


@pytest.fixture
def multiface(pool_path: Path, data_home: Path) -> dict:
    path = pool_path.with_name("multiface-cards.json")
    if not path.is_file():
        pytest.skip("the shared test data multiface-cards.json is absent")
    importer.import_rulings([path], data_home)
    return json.loads(path.read_text(encoding="utf-8"))["data"]


def _types(type_line: str) -> list[str]:
    from rulings.oracle.text import type_line as read

    return read(type_line).types


def test_every_face_reads_with_its_own_cost_and_types(multiface: dict) -> None:
    from rulings.knowledge import catalog

    checked = 0
    for name, printed in multiface.items():
        card = catalog.card(name)
        assert card is not None, name
        layout = printed[0]["layout"]
        if len(printed) > 1 or layout == "meld":
            assert card.layout == layout, name
            assert [f.name for f in card.faces] == [p.get("faceName", name) for p in printed]
            for face, source in zip(card.faces, printed, strict=True):
                assert face.mana_cost == source.get("manaCost", ""), (name, face.name)
                assert face.types == _types(source["type"]), (name, face.name)
                assert face.power == source.get("power", ""), (name, face.name)
                assert face.loyalty == source.get("loyalty", ""), (name, face.name)
                if source.get("colorIndicator"):
                    assert face.colors, (name, face.name)
                texts = [a for a in face.abilities]
                lines = [x for x in (source.get("text") or "").split("\n") if x.strip()]
                assert len(texts) <= len(lines) + 1, (name, face.name)
                checked += 1
    assert checked >= 850


def test_full_name_and_each_face_name_name_the_card(multiface: dict) -> None:
    from rulings.knowledge import catalog

    for full, face in [("Bonecrusher Giant // Stomp", "Stomp"), ("Fire // Ice", "Fire"),
                       ("Delver of Secrets // Insectile Aberration", "Insectile Aberration")]:
        assert catalog.card(full).name == full
        assert catalog.card(face).name == full
        assert card_data(full)["layout"] in ("adventure", "split", "transform")


def test_the_adventure_is_its_own_instant(multiface: dict) -> None:
    from rulings.knowledge import catalog

    card = catalog.card("Bonecrusher Giant")
    giant, stomp = card.faces
    assert (giant.mana_cost, giant.types, giant.power) == ("{2}{R}", ["creature"], "4")
    assert (stomp.mana_cost, stomp.types, stomp.subtypes) == ("{1}{R}", ["instant"],
                                                              ["adventure"])
    # outside the stack it is the creature only (CR 715.4)
    assert (card.mana_cost, card.types) == ("{2}{R}", ["creature"])


def test_a_split_card_at_rest_has_both_halves(multiface: dict) -> None:
    from rulings.knowledge import catalog

    card = catalog.card("Fire // Ice")
    assert card.types == ["instant"] and sorted(card.colors) == ["blue", "red"]
    assert card.mana_cost == "{1}{R}{1}{U}"  # mana value 4 (CR 709.4b)


def test_coverage_reports_every_layout(multiface: dict, pool_path: Path) -> None:
    from rulings.oracle.report import card_fields, coverage

    report = coverage(card_fields(pool_path.with_name("multiface-cards.json")))
    layouts = {entry[0]["layout"] for entry in multiface.values()}
    assert set(report["by_layout"]) == layouts
    assert report["by_layout"]["transform"]["faces"] == 450
    assert report["by_layout"]["adventure"]["whole_cards"] == 30


#: melded back faces keyed on their own: the data gives them their front cards' identity,
#: which the entry (one back face, no mana cost, no indicator) doesn't hold
_MELDED_ALONE = {"Brisela, Voice of Nightmares", "Chittering Host",
                 "Hanweir, the Writhing Township"}


def test_color_identity_matches_the_data(multiface: dict) -> None:
    """Our 903.4 procedure (mana symbols of cost and rules text, reminder text aside, color
    indicators, every face) against MTGJSON's colorIdentity, for all 808 cards."""
    from rulings.facts.commander import identity
    from rulings.knowledge import catalog

    letters = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    wrong = []
    for name, printed in multiface.items():
        want = [letters[c] for c in "WUBRG" if c in printed[0].get("colorIdentity", [])]
        got, _ = identity(catalog.card(name))
        if got != want and name not in _MELDED_ALONE:
            wrong.append((name, got, want))
    assert wrong == []


def test_a_saga_is_said_to_be_not_modelled(multiface: dict) -> None:
    from rulings.api import ask

    saga = next(n for n, f in multiface.items() if f[0]["layout"] == "saga")
    answer = ask({"players": ["Alice", "Bob"],
                  "battlefield": [{"card": saga, "controller": "Alice", "id": "saga"}],
                  "event": {"characteristics": {"object": "saga"}}})
    assert any("the rules of a Saga (CR 714)" in n for n in answer["notes"])


def test_a_prototype_card_has_its_prototype_as_a_second_face(multiface: dict) -> None:
    from rulings.knowledge import catalog

    card = catalog.card("Steel Seraph")
    normal, proto = card.faces
    assert card.layout == "prototype"
    assert (normal.mana_cost, normal.power, normal.colors) == ("{6}", "5", [])
    assert (proto.mana_cost, proto.power, proto.toughness, proto.colors) == (
        "{1}{W}{W}", "3", "3", ["white"])
