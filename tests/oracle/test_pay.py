"""Payments and choices while an ability resolves (CR 118.12): "you may pay {2}{U}. If you
do, …", "if you don't, …", "if the player does, …" — made-up texts."""

from __future__ import annotations

from rulings.oracle import compile_card


def steps(text: str, type_line: str = "Creature — Test") -> list[dict]:
    compiled = compile_card({"name": "Test Card", "type_line": type_line,
                             "oracle_text": text, "power": "1", "toughness": "1"})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    (body,) = ability.values()
    return body["do"]


def test_you_may_pay_mana_if_you_do():
    assert steps("When Test Card enters the battlefield, you may pay {1}{G}. If you do, "
                 "draw a card.") == [
        {"pay": {"cost": [{"mana": "{1}{G}"}], "may": True, "id": "s1"}},
        {"draw": {"amount": 1, "if": {"did": "s1"}}}]


def test_you_may_pay_life_if_you_do():
    assert steps("Whenever Test Card attacks, you may pay 3 life. If you do, it gains "
                 "flying until end of turn.")[0] == {
        "pay": {"cost": [{"pay_life": 3}], "may": True, "id": "s1"}}


def test_if_you_dont_is_the_other_way_round():
    do = steps("At the beginning of your upkeep, you may pay {2}. If you don't, sacrifice "
               "Test Card.")
    assert do[1] == {"sacrifice": {"what": "this", "if": {"not": {"did": "s1"}}}}


def test_if_the_player_does_waits_on_that_players_step():
    do = steps("Whenever Test Card deals combat damage to a player, target player may "
               "discard a card. If the player does, you draw a card.")
    assert do[0]["discard"]["may"] is True and do[1]["draw"]["if"] == {"did": "s1"}


def test_near_misses_stay_unparsed():
    for text in (
            # a payment that is not offered ("pay {1}. If you do") is not read
            "When Test Card enters the battlefield, pay {1}. If you do, draw a card.",
            # {X} is not chosen while it resolves
            "When Test Card enters the battlefield, you may pay {X}. If you do, draw a card.",
            # "if you don't" with nothing optional before it
            "When Test Card enters the battlefield, draw a card. If you don't, discard a "
            "card."):
        compiled = compile_card({"name": "Test Card", "type_line": "Creature — Test",
                                 "oracle_text": text, "power": "1", "toughness": "1"})
        assert not compiled.fully, text


def test_unless_they_pay_is_the_instructions_own_player():
    do = steps("Whenever Test Card deals combat damage to a player, target player loses 2 "
               "life unless they pay {2}.")
    assert do[0]["lose_life"]["unless"] == {"who": do[0]["lose_life"]["who"],
                                            "pays": [{"mana": "{2}"}]}
    # near miss: "each opponent … unless they pay" is each one's own payment: not read
    compiled = compile_card({"name": "Test Card", "type_line": "Creature — Test",
                             "power": "1", "toughness": "1", "oracle_text":
                             "When Test Card enters the battlefield, each opponent "
                             "sacrifices a permanent unless they pay {2}."})
    assert not compiled.fully


def test_if_you_cant_after_your_own_sacrifice():
    do = steps("At the beginning of your upkeep, sacrifice a Human. If you can't, tap Test "
               "Card.")
    assert do == [{"sacrifice": {"what": {"subtypes": ["human"]}, "id": "s1"}},
                  {"tap": {"what": "this", "if": {"could_not": "s1"}}}]
    # near miss: after a draw (which can't be impossible in the walk's terms) it stays unread
    compiled = compile_card({"name": "Test Card", "type_line": "Creature — Test",
                             "power": "1", "toughness": "1", "oracle_text":
                             "At the beginning of your upkeep, draw a card. If you can't, "
                             "tap Test Card."})
    assert not compiled.fully
