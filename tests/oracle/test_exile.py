"""Area `exile` (src/rulings/oracle/areas/exile.lark): "exile … until ~ leaves the
battlefield" (CR 610.3), the exile step with the duration `until_this_leaves`, each shape
with a near miss that stays unparsed."""

from __future__ import annotations

from rulings.oracle import compile_card

ENCHANTMENT = "Enchantment"
CREATURE = "Creature — Human Cleric"


def card(text: str, type_line: str = ENCHANTMENT, name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text,
                         "power": "2", "toughness": "2"})


def first(text: str, type_line: str = ENCHANTMENT):
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    return compiled.card["abilities"][0]


def gap(text: str, type_line: str = ENCHANTMENT) -> str:
    compiled = card(text, type_line)
    assert not compiled.fully
    return " ".join(n.gap for n in compiled.unparsed)


def test_exile_target_until_this_leaves():
    ab = first("When Test Card enters the battlefield, exile target nonland permanent an "
               "opponent controls until Test Card leaves the battlefield.")
    assert ab == {"triggered": {
        "when": {"enters": {"what": "this"}},
        "targets": [{"id": "t1", "filter": {"not_types": ["land"], "types": ["permanent"],
                                            "controller": "opponent"}}],
        "do": [{"exile": {"what": "t1", "duration": "until_this_leaves"}}]}}
    # the newer templating, "this creature"
    ab = first("When this creature enters, exile target creature an opponent controls "
               "until this creature leaves the battlefield.", CREATURE)
    assert ab["triggered"]["do"] == [{"exile": {"what": "t1",
                                                "duration": "until_this_leaves"}}]


def test_exile_all_until_this_leaves():
    ab = first("When Test Card enters the battlefield, exile all artifacts your opponents "
               "control until Test Card leaves the battlefield.")
    assert ab["triggered"]["do"] == [{"exile": {
        "what": {"types": ["artifact"], "controller": "opponent"},
        "duration": "until_this_leaves"}}]


def test_plain_exile_has_no_duration():
    # Journey to Nowhere's first line: exiled for good, its return is another ability
    ab = first("When Test Card enters the battlefield, exile target creature.")
    assert ab["triggered"]["do"] == [{"exile": {"what": "t1"}}]


def test_until_another_object_leaves_stays_unparsed():
    # the duration ends when the object with the ability leaves, not another one
    assert "until" in gap("When Test Card enters the battlefield, exile target creature "
                          "until target enchantment you control leaves the battlefield.")
    # "it" could name the exiled object: not read as the card itself
    assert "until" in gap("When Test Card enters the battlefield, exile another target "
                          "creature until it leaves the battlefield.")


def test_other_steps_take_no_such_duration():
    # a land type "until ~ leaves" is a continuous effect no reader ends: unparsed
    assert gap("{T}: Target land becomes a Forest until Test Card leaves the battlefield.",
               CREATURE)
