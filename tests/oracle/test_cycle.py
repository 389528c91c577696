"""Area `cycle` (src/rulings/oracle/areas/cycle.lark): abilities that trigger on cycling a card
(CR 702.29, read by knowledge/rules/cycling.py), each shape with a near miss that stays
unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

CREATURE = "Creature — Human Wizard"


def card(text: str, type_line: str = CREATURE):
    return compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2", "mana_cost": "{2}{R}"})


def trigger(text: str, type_line: str = CREATURE) -> dict:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (found,) = [a for a in compiled.card["abilities"] if "triggered" in a]
    return found["triggered"]


def gap(text: str) -> str:
    compiled = card(text)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


ANOTHER = {"types": ["card"], "other": True}


def test_when_you_cycle_this_card():
    got = trigger("Cycling {2}\nWhen you cycle Test Card, you may gain 2 life.",
                  "Instant")
    assert got["when"] == {"cycles": {"who": "you", "what": "this"}}
    assert got["may"] is True and got["do"] == [{"gain_life": {"amount": 2}}]
    # the card itself deals the damage ("it")
    thunder = trigger("When you cycle Test Card, it deals 6 damage to any target.\n"
                      "Cycling {5}{R}")
    assert thunder["do"] == [{"deal_damage": {"amount": 6, "to": "t1"}}]


def test_whenever_you_or_a_player_cycles_a_card():
    assert trigger("Whenever you cycle a card, Test Card gets +2/+0 until end of "
                   "turn.")["when"] == {"cycles": {"who": "you"}}
    assert trigger("Whenever a player cycles a card, Test Card gets +2/+2 until end of "
                   "turn.")["when"] == {"cycles": {"who": "any_player"}}
    assert trigger("Whenever you cycle another card, you gain 1 life.")["when"] == {
        "cycles": {"who": "you", "what": ANOTHER}}


def test_cycle_or_discard_is_one_event():
    assert trigger("Whenever you cycle or discard a card, Test Card gets +1/+0 until end "
                   "of turn.")["when"] == {"cycles_or_discards": {"who": "you"}}
    assert trigger("Whenever you cycle or discard another card, scry 1.")["when"] == {
        "cycles_or_discards": {"who": "you", "what": ANOTHER}}


def test_near_misses_stay_unparsed():
    # cycling or leaving (not dying); a once-each-turn limit; an opponent cycling (no card says it); a card
    # named in the trigger that is not the card itself
    assert "or" in gap("When you cycle Test Card or it leaves the battlefield, you may draw "
                       "a card.")
    assert "for" in gap("Whenever you cycle another card for the first time each turn, "
                        "draw a card.")
    assert gap("Whenever an opponent cycles a card, you gain 1 life.")
    assert gap("Whenever you cycle Other Card, you gain 1 life.")


def test_when_you_cycle_this_or_it_dies_is_either_event():
    got = trigger("When you cycle Test Card or it dies, you may create a 1/1 white Soldier "
                  "creature token.\nCycling {2}{W}")
    assert got["when"] == {"cycles_or_dies": {"what": "this"}} and got["may"] is True
