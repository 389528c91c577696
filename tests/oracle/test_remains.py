"""Area `remains`: "for as long as ~ remains tapped" (CR 611.2b) on an ability of a
permanent, `duration: while_this_tapped`."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Artifact"):
    return compile_card({"name": "Test Gear", "type_line": type_line, "oracle_text": text})


def activated(text: str, type_line: str = "Artifact"):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    return ability["activated"]


def test_gets_for_as_long_as_it_remains_tapped():
    out = activated("{2}, {T}: Target creature gets +2/-2 for as long as Test Gear remains "
                    "tapped.")
    assert out["do"] == [{"modify": {"what": "t1", "power": 2, "toughness": -2,
                                     "duration": "while_this_tapped"}}]


def test_gets_and_has_a_keyword():
    out = activated("{T}: Target creature gets +2/+2 and has trample for as long as Test Gear "
                    "remains tapped.")
    assert out["do"] == [{"modify": {"what": "t1", "power": 2, "toughness": 2,
                                     "duration": "while_this_tapped",
                                     "add_keywords": ["trample"]}}]


def test_doesnt_untap_for_as_long_as_it_remains_tapped():
    out = activated("{T}: Tap target land. It doesn't untap during its controller's untap "
                    "step for as long as Test Gear remains tapped.")
    assert out["do"] == [{"tap": {"what": "t1"}},
                         {"modify": {"what": "t1", "prohibit": "untap",
                                     "duration": "while_this_tapped"}}]


def test_near_miss_a_prohibition_no_reader_checks():
    compiled = card("{T}: Target creature can't block for as long as Test Gear remains tapped.")
    assert not compiled.fully


def test_near_miss_has_without_this_duration():
    compiled = card("{T}: Target creature has flying until end of turn.")
    assert not compiled.fully


def test_near_miss_gain_control():
    # a change of control for as long as ~ remains tapped: the layer system would read it,
    # but remains_ok keeps to the modify steps checked by cases
    compiled = card("{T}: Gain control of target creature for as long as Test Gear remains "
                    "tapped.")
    assert not compiled.fully
