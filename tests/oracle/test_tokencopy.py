"""Area `tokencopy` (src/rulings/oracle/areas/tokencopy.lark): "create a token that's a copy
of …" (CR 111.1, 707.2), the step `create_copy` with its exceptions (707.9), each shape with
a near miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

SORCERY = "Sorcery"
ARTIFACT = "Artifact"


def card(text: str, type_line: str = SORCERY, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def first(text: str, type_line: str = SORCERY):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def gap(text: str, type_line: str = SORCERY) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_copy_of_target():
    ab = first("Create a token that's a copy of target creature you control.")
    assert ab["spell"]["do"] == [{"create_copy": {"what": "t1"}}]
    assert ab["spell"]["targets"][0]["filter"] == {"types": ["creature"], "controller": "you"}


def test_copy_of_itself_and_that_token():
    ab = first("{3}, {T}: Create a token that's a copy of Test Card. That token gains haste. "
               "Exile it at the beginning of the next end step.", ARTIFACT)
    do = ab["activated"]["do"]
    assert do[0] == {"create_copy": {"what": "this", "id": "s1"}}
    assert do[1] == {"modify": {"what": "s1", "add_keywords": ["haste"]}}
    assert do[2]["delayed"]["do"] == [{"exile": {"what": "s1"}}]


def test_exceptions():
    ab = first("Create a token that's a copy of target creature, except it's 1/1, it's a "
               "Spirit in addition to its other types, and it has flying.")
    assert ab["spell"]["do"] == [{"create_copy": {"what": "t1", "except": {
        "power": 1, "toughness": 1, "add_subtypes": ["spirit"], "add_keywords": ["flying"]}}}]
    ab = first("Create a token that's a copy of target creature, except it's a 4/4 black "
               "Zombie.")
    assert ab["spell"]["do"][0]["create_copy"]["except"] == {
        "power": 4, "toughness": 4, "set_colors": ["black"], "set_subtypes": ["zombie"]}
    ab = first("Create a token that's a copy of target creature, except it's an artifact in "
               "addition to its other types.")
    assert ab["spell"]["do"][0]["create_copy"]["except"] == {"add_types": ["artifact"]}


def test_not_legendary_only_on_the_copied_object():
    ab = first("At the beginning of combat on your turn, create a token that's a copy of "
               "equipped creature, except the token isn't legendary if equipped creature is "
               "legendary.", "Artifact — Equipment")
    assert ab["triggered"]["do"] == [{"create_copy": {"what": "equipped",
                                                      "except": {"not_legendary": True}}}]
    # near miss: the condition is about another object
    assert gap("At the beginning of combat on your turn, create a token that's a copy of "
               "equipped creature, except the token isn't legendary if enchanted creature "
               "is legendary.", "Artifact — Equipment")


def test_near_misses_stay_unparsed():
    # several objects, or one chosen as it resolves: not one object to copy
    assert gap("Create a token that's a copy of each creature you control.")
    assert gap("Create a token that's a copy of a creature you control.")
    # an exception with a size decided later
    assert gap("Create a token that's a copy of target creature, except it's X/X.")
    # "that token" with no token made before it
    assert gap("Destroy that token.")


CREATURE = "Creature — Shapeshifter"


def test_enters_as_a_copy():
    ab = first("You may have Test Card enter the battlefield as a copy of any creature on "
               "the battlefield.", CREATURE)
    assert ab == {"replacement": {"event": {"enters": {"what": "this"}}, "may": True,
                                  "modify": {"as_copy_of": {"types": ["creature"],
                                                            "zone": "battlefield"}}}}
    ab = first("You may have Test Card enter the battlefield as a copy of any artifact or "
               "creature on the battlefield, except it's an artifact in addition to its "
               "other types.", CREATURE)
    assert ab["replacement"]["modify"]["copy_except"] == {"add_types": ["artifact"]}
    ab = first("You may have Test Card enter the battlefield as a copy of a creature you "
               "control.", CREATURE)
    assert ab["replacement"]["modify"]["as_copy_of"] == {
        "types": ["creature"], "controller": "you", "zone": "battlefield"}


def test_enters_as_a_copy_near_misses():
    # a card in a graveyard (Body Double), an exception with counters (Altered Ego)
    assert gap("You may have Test Card enter the battlefield as a copy of any creature card "
               "in a graveyard.", CREATURE)
    assert gap("You may have Test Card enter the battlefield as a copy of any creature on "
               "the battlefield, except it enters with X additional +1/+1 counters on it.",
               CREATURE)
