"""Area `choice` (src/rulings/oracle/areas/choice.lark): "… of your choice" in a one-shot
effect, a value its controller chooses as it resolves (CR 608.2d): protection from a color
(702.16), a color (105.3), a creature type (205.1a), a basic land type (305.7); and "choose a
color. … gain protection from the chosen color". Each shape with a near miss that stays
unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Human Cleric"
INSTANT = "Instant"


def card(text: str, type_line: str = CREATURE, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def first(text: str, type_line: str = CREATURE):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def gap(text: str, type_line: str = CREATURE) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_protection_of_your_choice_on_a_target():
    ab = first("{T}: Target creature you control gains protection from the color of your "
               "choice until end of turn.")
    assert ab == {"activated": {
        "cost": ["tap"],
        "targets": [{"id": "t1", "filter": {"types": ["creature"], "controller": "you"}}],
        "do": [{"modify": {"what": "t1", "protection_from_chosen": "color",
                           "duration": "until_end_of_turn"}}]}}


def test_protection_of_your_choice_on_itself_and_after_a_step():
    ab = first("{W}: Test Card gains protection from the color of your choice until end of "
               "turn.")
    assert ab["activated"]["do"] == [{"modify": {"what": "this",
                                                 "protection_from_chosen": "color",
                                                 "duration": "until_end_of_turn"}}]
    ab = first("Put a +1/+1 counter on target creature you control. It gains protection "
               "from the color of your choice until end of turn.", INSTANT)
    assert ab["spell"]["do"][1] == {"modify": {"what": "t1",
                                               "protection_from_chosen": "color",
                                               "duration": "until_end_of_turn"}}


def test_becomes_the_color_type_or_land_type_of_your_choice():
    ab = first("{1}: Test Card becomes the color of your choice until end of turn.")
    assert ab["activated"]["do"][0]["modify"]["becomes_chosen"] == "color"
    ab = first("{1}: Test Card becomes the creature type of your choice until end of turn.")
    assert ab["activated"]["do"][0]["modify"]["becomes_chosen"] == "creature_type"
    ab = first("{T}: Target land becomes the basic land type of your choice until end of "
               "turn.")
    assert ab["activated"]["do"] == [{"modify": {"what": "t1",
                                                 "becomes_chosen": "basic_land_type",
                                                 "duration": "until_end_of_turn"}}]


def test_choose_a_color_then_the_chosen_color():
    ab = first("Choose a color. Creatures you control gain protection from the chosen color "
               "until end of turn.", INSTANT)
    assert ab == {"spell": {"do": [{"modify": {
        "what": {"types": ["creature"], "controller": "you"},
        "protection_from_chosen": "color", "duration": "until_end_of_turn"}}]}}


def test_near_misses_stay_unparsed():
    # no duration: it would last the whole game, which no resolution rule ends
    assert "rest of the game" in gap("{T}: Target permanent becomes the color of your "
                                     "choice.")
    # several colors: not one value
    assert gap("{1}: Test Card becomes the color or colors of your choice until end of "
               "turn.")
    # "it" after a trigger on another object's event: maybe the spell, maybe this
    assert "it" in gap("Whenever you cast a noncreature spell, untap Test Card. It gains "
                       "protection from the color of your choice until end of turn.")
    # "the chosen color" without the choice before it
    assert gap("Creatures you control gain protection from the chosen color until end of "
               "turn.", INSTANT)
    # a choice of another kind
    assert gap("Target creature becomes the artist of your choice until end of turn.")
