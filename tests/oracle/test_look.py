"""Helper "look" (issue 25): objects a player chooses as the ability resolves, without
targeting them (CR 608.2d, 115.10a) — a `choose` step with an id, and the verb on that id."""

from __future__ import annotations

from rulings.oracle import compile_card


def steps(text: str, type_line: str = "Sorcery") -> list:
    compiled = compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text})
    assert compiled.fully, [n.gap for n in compiled.notes]
    (ability,) = compiled.card["abilities"]
    (body,) = ability.values()
    return body["do"]


def gap(text: str, type_line: str = "Sorcery") -> str:
    compiled = compile_card({"name": "Test Card", "type_line": type_line, "oracle_text": text})
    assert not compiled.fully, text
    return compiled.unparsed[0].gap


def test_a_chosen_object_is_a_choose_step_and_the_verb_on_its_id():
    assert steps("Return a creature you control to its owner's hand.") == [
        {"choose": {"what": {"types": ["creature"], "controller": "you"}, "count": 1,
                    "id": "s1"}},
        {"return": {"what": "s1", "to": "hand"}}]
    assert steps("Gain 2 life, then put a land card from your hand on top of your library.") == [
        {"gain_life": {"amount": 2}},
        {"choose": {"what": {"types": ["land"], "zone": "hand", "owner": "you"}, "count": 1,
                    "id": "s1"}},
        {"put": {"what": "s1", "to": "library", "position": "top"}}]
    assert steps("Return three creatures you control to their owner's hand.")[0]["choose"][
        "count"] == 3


def test_you_may_is_the_choice_and_the_verb_waits_on_it():
    # "you may return …": choosing is optional, the return happens only if a card was chosen,
    # and a later "if you do" waits on that choice too
    assert steps("You may exile two creature cards from your graveyard. If you do, draw a "
                 "card.") == [
        {"choose": {"what": {"types": ["creature"], "zone": "graveyard", "owner": "you"},
                    "count": 2, "id": "s1", "may": True}},
        {"exile": {"what": "s1", "if": {"did": "s1"}}},
        {"draw": {"amount": 1, "if": {"did": "s1"}}}]


def test_it_after_a_choice_is_the_chosen_object():
    do = steps("Put a creature card from a graveyard onto the battlefield under your control. "
               "It gains haste until end of turn.")
    assert do[1]["put"]["what"] == "s1" and do[2]["modify"]["what"] == "s1"


def test_near_miss_a_choice_other_players_make_or_of_x_stays_unparsed():
    # a number known only on resolution is not said yet
    assert "chosen without targeting" in gap("Each player sacrifices X lands.")
    # a verb that doesn't take a chosen object keeps the phrase unparsed
    assert "chosen without targeting" in gap("Goad a creature an opponent controls.")


def test_the_top_of_a_library_one_of_them_and_the_rest():
    assert steps("Look at the top six cards of your library. Put one of them into your "
                 "graveyard and the rest back on top of your library in any order.") == [
        {"look_at_top": {"amount": 6, "id": "s1"}},
        {"choose": {"what": {"among": "s1"}, "count": 1, "id": "s2"}},
        {"put": {"what": "s2", "to": "graveyard"}},
        {"put": {"what": {"among": "s1", "not": "s2"}, "to": "library", "position": "top",
                 "any_order": True}}]
    # "all … revealed this way" and the rest: the ones that aren't
    do = steps("Reveal the top four cards of your library. Put all creature cards revealed "
               "this way into your hand and the rest into your graveyard.")
    assert do[1] == {"put": {"what": {"types": ["creature"], "among": "s1"}, "to": "hand"}}
    assert do[2]["put"]["what"] == {"among": "s1", "not": {"types": ["creature"],
                                                           "among": "s1"}}
    assert steps("Look at the top three cards of target player's library, then put them "
                 "back in any order.")[0] == {"look_at_top": {"amount": 3, "id": "s1",
                                                              "of": "t1"}}


def test_you_may_reveal_and_put_it_into_your_hand_only_if_revealed():
    do = steps("Look at the top card of your library. You may reveal that card and put it "
               "into your hand.")
    assert do[1] == {"reveal": {"what": "s1", "may": True, "id": "s2"}}
    assert do[2] == {"put": {"what": "s1", "to": "hand", "if": {"did": "s2"}}}
    do = steps("Look at the top six cards of your library. You may reveal a creature card "
               "from among them and put it into your hand. Then put the rest into your "
               "graveyard.")
    assert do[1]["choose"] == {"what": {"types": ["creature"], "among": "s1"}, "count": 1,
                               "id": "s2", "may": True}
    assert do[3] == {"put": {"what": "s2", "to": "hand", "if": {"did": "s2"}}}
    assert do[4]["put"]["what"] == {"among": "s1", "not": "s2"}


def test_near_miss_them_or_the_rest_with_nothing_before_stays_unparsed():
    assert "no cards looked at" in gap("Put one of them into your hand.")
    assert "nothing taken" in gap("Look at the top two cards of your library. Put the rest "
                                  "into your graveyard.")


def test_a_revealed_hand_a_card_chosen_from_it_and_discarded():
    do = steps("Target opponent reveals their hand. You choose an artifact card from it. "
               "That player discards that card.")
    assert do == [
        {"reveal": {"what": {"zone": "hand", "owner": "t1"}, "who": "t1"}},
        {"choose": {"what": {"types": ["artifact"], "zone": "hand", "owner": "t1"},
                    "count": 1, "id": "s1"}},
        {"discard": {"what": "s1", "who": "t1"}}]


def test_in_a_random_order():
    do = steps("Look at the top six cards of your library. Put one of them into your hand "
               "and the rest back on top of your library in a random order.")
    assert do[-1]["put"] == {"what": {"among": "s1", "not": "s2"}, "to": "library",
                             "position": "top", "random_order": True}


def test_near_miss_from_it_with_no_hand_revealed_stays_unparsed():
    assert "no hand revealed" in gap("You choose a card from it. Draw a card.")
