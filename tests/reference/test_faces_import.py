"""Card records of cards with faces: layout, each face's own fields, and a face listed as a
card of its own by another file folded into the whole card."""

from __future__ import annotations

import json
from pathlib import Path

from rulings.reference.official import parse_files


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


ATOMIC = {"meta": {}, "data": {"Giant // Smash": [
    {"name": "Giant // Smash", "faceName": "Giant", "side": "a", "layout": "adventure",
     "manaCost": "{2}{R}", "type": "Creature — Giant", "power": "4", "toughness": "3",
     "text": "Reach", "colorIdentity": ["R"]},
    {"name": "Giant // Smash", "faceName": "Smash", "side": "b", "layout": "adventure",
     "manaCost": "{1}{R}", "type": "Instant — Adventure", "text": "Smash things.",
     "colorIdentity": ["R"]}],
    "Night Thing": [{"name": "Night Thing", "faceName": "Night Thing", "side": "b",
                     "layout": "meld", "type": "Creature", "colorIndicator": ["B"]}]}}


def test_records_keep_layout_and_faces(tmp_path: Path) -> None:
    data, _ = parse_files([_write(tmp_path / "a.json", ATOMIC)])
    card = data["cards"]["giant-smash"]
    assert card["layout"] == "adventure" and card["color_identity"] == ["red"]
    giant, smash = card["faces"]
    assert (giant["name"], giant["mana_cost"], giant["power"], giant["side"]) == (
        "Giant", "{2}{R}", "4", "a")
    assert (smash["name"], smash["type_line"], smash["side"]) == (
        "Smash", "Instant — Adventure", "b")
    assert data["aliases"]["smash"] == "giant-smash"
    assert data["cards"]["night-thing"]["faces"][0]["color_indicator"] == ["black"]
    json.dumps(data)  # a plain JSON-able record


def test_a_face_listed_alone_folds_into_the_whole_card(tmp_path: Path) -> None:
    flat = [{"name": "Smash", "mana_cost": "{1}{R}", "type_line": "Instant — Adventure",
             "oracle_text": "Smash things.", "rulings": [{"date": "2020-01-01",
                                                          "text": "A ruling."}]}]
    data, notes = parse_files([_write(tmp_path / "a.json", ATOMIC),
                               _write(tmp_path / "b.json", flat)])
    assert "smash" not in data["cards"]
    assert data["aliases"]["smash"] == "giant-smash"
    assert data["cards"]["giant-smash"]["rulings"][0]["text"] == "A ruling."
    assert any("face by face" in n for n in notes)
