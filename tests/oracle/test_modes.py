"""modes (issue 25): "choose one —" and its kin as the whole effect of a triggered or
activated ability (CR 700.2, 602.2b, 603.3c): the ability's `modes` and `mode_count`."""

from __future__ import annotations

from rulings.oracle import compile_card


def card(text: str, type_line: str = "Creature — Elf", name: str = "Test Card"):
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text})


def ability(text: str, type_line: str = "Creature — Elf") -> dict:
    compiled = card(text, type_line)
    assert compiled.fully, [n.gap for n in compiled.notes]
    (out,) = compiled.card["abilities"]
    return out


def test_a_triggered_ability_choose_one():
    out = ability("When Test Card enters the battlefield, choose one —\n• Put a +1/+1 counter "
                  "on Test Card.\n• Destroy target artifact.")["triggered"]
    assert "do" not in out and "mode_count" not in out
    assert out["modes"][0] == {"do": [{"put_counters": {"counter": "+1/+1", "amount": 1,
                                                         "what": "this"}}]}
    assert out["modes"][1]["targets"][0]["id"] == "t1"


def test_an_activated_ability_choose_one():
    out = ability("{1}, {T}: Choose one —\n• You gain 2 life.\n• Draw a card.",
                  "Artifact")["activated"]
    assert out["cost"] == [{"mana": "{1}"}, "tap"]
    assert [m["do"][0] for m in out["modes"]] == [{"gain_life": {"amount": 2}},
                                                  {"draw": {"amount": 1}}]


def test_choose_two_numbers_the_targets_apart():
    out = ability("When Test Card enters the battlefield, choose two —\n• Destroy target "
                  "artifact.\n• Target player gains 5 life.\n• Draw a card.")["triggered"]
    assert out["mode_count"] == {"min": 2, "max": 2}
    assert [m["targets"][0]["id"] for m in out["modes"][:2]] == ["t1", "t2"]


def test_near_miss_modes_after_another_instruction():
    compiled = card("When Test Card enters the battlefield, draw a card. Choose one —\n• You "
                    "gain 2 life.\n• You lose 2 life.")
    assert not compiled.fully
    assert "modes beside other instructions" in compiled.unparsed[0].gap


def test_near_miss_a_mode_never_names_another_modes_token():
    # "those creatures" in mode 2 is the creatures named there, never mode 1's token
    out = ability("Whenever a land enters the battlefield under your control, choose one —\n"
                  "• Create a 2/2 white Cat creature token.\n• Put a +1/+1 counter on each "
                  "creature you control. Those creatures gain vigilance until end of turn.",
                  "Enchantment")["triggered"]
    assert "id" not in out["modes"][0]["do"][0]["create"]
    assert out["modes"][1]["do"][1]["modify"]["what"] == {"types": ["creature"],
                                                          "controller": "you"}


def test_near_miss_it_after_exiling_the_card_in_a_cast_trigger():
    compiled = card("Whenever you cast a noncreature spell, choose one —\n• Tap target "
                    "creature.\n• Exile Test Card, then return it to the battlefield tapped "
                    "under its owner's control.")
    assert not compiled.fully
    assert "'it' after the card itself" in compiled.unparsed[0].gap


def test_those_creatures_after_creatures_you_control_in_a_cast_trigger():
    out = ability("Whenever you cast a noncreature spell, creatures you control get +1/+1 "
                  "until end of turn. Untap those creatures.", "Enchantment")["triggered"]
    assert out["do"][1] == {"untap": {"what": {"types": ["creature"], "controller": "you"}}}
