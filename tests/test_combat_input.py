"""Combat situations whose written-out step can't hold their question or their attack and
block marks are input errors (facts.combat.step_problems); the steps that fit load."""

from __future__ import annotations

import pytest

from rulings.facts import situation
from rulings.facts.errors import InputError

BLOCKS = """\
players: [Alice, Bob]
turn: {active: Alice, step: STEP}
battlefield:
  - {card: Grizzly Bears, controller: Alice, id: bears, attacking: Bob}
  - {card: Llanowar Elves, controller: Bob, id: elves, blocking: bears}
event:
  EVENT: {}
"""


def load(step: str, event: str):  # type: ignore[no-untyped-def]
    return situation.load("s.yaml", BLOCKS.replace("STEP", step).replace("EVENT", event))


def problems(step: str, event: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        load(step, event)
    return [str(p) for p in exc.value.problems]


def test_blockers_declared_in_the_main_phase_are_refused():
    found = problems("precombat main", "declare_blockers")
    assert any("s.yaml:2: the event declare_blockers is asked during the precombat main step"
               in p and "write step: declare blockers" in p for p in found), found
    assert any("s.yaml:4: 'Grizzly Bears' is attacking during the precombat main step" in p
               for p in found), found
    assert any("s.yaml:5: 'Llanowar Elves' is blocking during the precombat main step" in p
               for p in found), found


def test_combat_damage_asked_in_the_declare_attackers_step_is_refused():
    found = problems("declare attackers", "combat_damage")
    assert any("happens only in the combat damage step (CR 510.1)" in p for p in found), found
    assert any("'Llanowar Elves' is blocking during the declare attackers step" in p
               for p in found), found


@pytest.mark.parametrize(("step", "event"), [
    ("declare blockers", "declare_blockers"),
    ("declare attackers", "declare_blockers"),   # just before the declaration
    ("combat damage", "combat_damage"),
    ("declare blockers", "combat_damage"),
])
def test_the_steps_that_fit_load(step, event):
    assert load(step, event).facts


def test_a_turn_without_a_step_is_not_checked():
    text = BLOCKS.replace(", step: STEP", "").replace("EVENT", "declare_blockers")
    assert situation.load("s.yaml", text).facts
