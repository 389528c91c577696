"""The replacement procedure (knowledge/replacement_system.py) on its own: events and effects
in, the modified event and the record of each application out (CR 614-616)."""

from __future__ import annotations

from rulings.knowledge.replacement_system import (
    Event,
    kind_is,
    moves_instead,
    multiply,
    plus,
    prevent,
    redirect,
    resolve,
)


def anything(_ev: Event) -> str:
    return ""


def counters(n: int = 1) -> Event:
    return Event("counters", "bears", n, counter="+1/+1")


def test_order_matters_lists_each_order():
    scales = plus("scales.1", "Scales", kind_is("counters"), 1, order=1)
    season = multiply("season.1", "Season", kind_is("counters"), 2, order=2)
    out = resolve(counters(), [season, scales], "Alice")
    assert out.order_matters and out.choice
    results = {labels: final.amount for labels, final in out.orders}
    assert results == {("Scales", "Season"): 4, ("Season", "Scales"): 3}
    # the first order (timestamps) is the one assumed
    assert out.final.amount == 4 and [a.effect.label for a in out.applied] == ["Scales", "Season"]


def test_order_chosen():
    scales = plus("scales.1", "Scales", kind_is("counters"), 1, order=1)
    season = multiply("season.1", "Season", kind_is("counters"), 2, order=2)
    out = resolve(counters(), [scales, season], "Alice", order=["season"])
    assert out.final.amount == 3 and not out.order_refused


def test_order_that_does_not_matter():
    a = multiply("a.1", "A", kind_is("counters"), 2, order=1)
    b = multiply("b.1", "B", kind_is("counters"), 2, order=2)
    out = resolve(counters(), [a, b], "Alice")
    assert out.choice and not out.order_matters and out.final.amount == 4


def test_each_effect_once():
    a = multiply("a.1", "A", kind_is("counters"), 2)
    out = resolve(counters(3), [a], "Alice")
    assert out.final.amount == 6 and out.once == ["A"]


def test_self_replacement_first_and_no_choice():
    own = moves_instead("own.1", "Own", kind_is("zone"), "hand", kind="self")
    other = moves_instead("rip.1", "Rest", kind_is("zone"), "exile")
    ev = Event("zone", "bears", to="graveyard", origin="battlefield")
    out = resolve(ev, [other, own], "Alice")
    assert out.final.to == "hand" and not out.choice and out.self_first == ["Own"]
    # the exile effect no longer fits an event that doesn't go to a graveyard (616.1f)
    assert [name for name, _ in out.stopped] == ["Rest"]


def test_redirect_then_a_shield_on_the_new_recipient():
    to_creature = redirect("aura.1", "Aura", anything, "bears")
    shield = prevent("shield", "Shield", lambda ev: "" if ev.subject == "bears" else "no", 2)
    ev = Event("damage", "Alice", 3, source="bolt")
    out = resolve(ev, [to_creature, shield], "Alice")
    assert out.final.subject == "bears" and out.final.amount == 1 and out.final.prevented == 2
    assert not out.choice  # the shield fits only once the damage is redirected


def test_unpreventable_damage():
    shield = prevent("shield", "Shield", anything, 0)
    ev = Event("damage", "bears", 4, source="beast", unpreventable=True)
    out = resolve(ev, [shield], "Alice")
    assert out.final.amount == 4 and not out.applied


def test_prevented_completely_ends_the_event():
    shield = prevent("shield", "Shield", anything, 0)
    double = multiply("kiln.1", "Kiln", kind_is("damage"), 2)
    out = resolve(Event("damage", "bears", 3, source="bolt"), [shield, double], "Alice")
    assert {f.kind for _, f in out.orders} == {"none"}
    assert not out.order_matters  # prevent all, before or after doubling


def test_optional_effect_may_be_declined():
    dredge = moves_instead("d.1", "Dredge", kind_is("zone"), "exile")
    dredge.optional = True
    ev = Event("zone", "bears", to="graveyard", origin="battlefield")
    out = resolve(ev, [dredge], "Alice")
    assert out.choice and out.order_matters
    assert {labels: f.to for labels, f in out.orders} == {("Dredge",): "exile",
                                                          ("Dredge (declined)",): "graveyard"}
    declined = resolve(ev, [dredge], "Alice", order=["nothing"])
    assert declined.order_refused == "nothing"
