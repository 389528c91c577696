"""The pure cost helpers (facts.costs): reading cost parts, and paying mana exactly."""

from __future__ import annotations

import itertools
import random

from rulings.facts.costs import Need, Unit, pay_mana, read_mana, read_part, show_cost


def units(*specs: tuple[str, str, int]) -> list[Unit]:
    return [Unit(key=f"{label}.1", label=label, types=frozenset(types), amount=amount)
            for label, types, amount in specs]


def needs(cost: str) -> list[Need]:
    found, unknown = read_mana([f"{{{s}}}" for s in cost.strip("{}").split("}{")], 0)
    assert not unknown
    return found


def test_cost_parts_are_read_by_kind():
    assert read_part("{T}").kind == "tap"
    assert read_part("{Q}").kind == "untap"
    assert read_part("{2}").kind == "mana"
    life = read_part("pay 2 life")
    assert (life.kind, life.amount) == ("pay_life", 2)
    sac = read_part("sacrifice two creatures")
    assert (sac.kind, sac.amount, sac.what) == ("sacrifice", 2, "creature")
    assert read_part("sacrifice this").what == "this"
    red = read_part("discard a red card")
    assert (red.kind, red.what) == ("discard", "red")
    exile = read_part("exile a card from your graveyard")
    assert (exile.kind, exile.zone) == ("exile", "graveyard")
    assert read_part("tap an untapped creature you control").kind == "tap_untapped"
    # the words the effect language's loader writes for its cost parts
    assert read_part("exile a creature card in a graveyard").zone == "graveyard"
    counters = read_part("remove 1 charge counter")
    assert (counters.kind, counters.amount) == ("remove_counters", 1)
    assert read_part("sing a song").kind == "other"


def test_costs_are_shown_generic_first():
    assert show_cost(["{G}", "{1}", "sacrifice a creature", "{4}"]) == (
        "{5}{G}, sacrifice a creature")
    assert show_cost(["{2}", "{Q}"]) == "{2}, {Q}"
    assert show_cost([]) == "nothing"


def test_x_counts_as_its_value():
    found, _ = read_mana(["{X}", "{R}"], 3)
    assert len(found) == 4


def test_matching_finds_what_taking_sources_in_order_misses():
    # the flexible land first: taken in order it would pay {G} and leave {U} unpaid
    paid = pay_mana(needs("{G}{U}"), units(("Grove", "GU", 1), ("Forest", "G", 1)))
    assert paid is not None
    assert paid.text() == "Grove pays {U}, Forest pays {G}"


def test_colorless_symbol_needs_colorless_mana():
    assert pay_mana(needs("{1}{C}"), units(("Forest", "G", 1), ("Island", "U", 1))) is None
    assert pay_mana(needs("{1}{C}"), units(("Sol Ring", "C", 2))) is not None


def test_several_mana_of_one_activation_are_of_one_type():
    # "three mana of any one color" can't pay {G}{U}{1}
    assert pay_mana(needs("{1}{G}{U}"), units(("Lotus", "WUBRG", 3))) is None
    assert pay_mana(needs("{1}{G}{G}"), units(("Lotus", "WUBRG", 3))) is not None


def test_a_named_source_must_pay_part_of_the_cost():
    forced = units(("Forest", "G", 1), ("Island", "U", 1))
    forced[1].forced = True
    assert pay_mana(needs("{G}"), forced) is None
    assert pay_mana(needs("{1}{G}"), forced) is not None


def test_any_color_pays_colored_but_not_colorless():
    assert pay_mana(needs("{G}"), units(("Island", "U", 1)), any_color=True) is not None
    assert pay_mana(needs("{C}"), units(("Island", "U", 1)), any_color=True) is None


def _brute(cost: list[Need], pool: list[Unit]) -> bool:
    """Every way to pick a type for each unit and give its mana to symbols."""
    for types in itertools.product(*[sorted(u.types) for u in pool]):
        mana = [t for t, u in zip(types, pool, strict=True) for _ in range(u.amount)]
        for chosen in itertools.permutations(range(len(mana)), len(cost)):
            if all(need.generic or mana[i] in need.types
                   for need, i in zip(cost, chosen, strict=True)):
                return True
    return False


def test_matching_agrees_with_trying_everything():
    rng = random.Random(7)
    for _ in range(300):
        cost = [rng.choice([Need("{1}", frozenset()), Need("{G}", frozenset("G")),
                            Need("{U}", frozenset("U")), Need("{C}", frozenset("C")),
                            Need("{G/U}", frozenset("GU"))]) for _ in range(rng.randint(0, 4))]
        pool = [Unit(key=f"s{i}", label=f"s{i}",
                     types=frozenset(rng.choice(["G", "U", "C", "GU", "GUC"])),
                     amount=rng.choice([1, 1, 2])) for i in range(rng.randint(0, 4))]
        assert (pay_mana(cost, pool) is not None) == _brute(cost, pool), (cost, pool)


# -- the words of situations --------------------------------------------------------------

CAST = """\
players: [Alice, Bob]
battlefield:
  - {card: Forest, controller: Alice}
hand: {Alice: [Berserk]}
event:
  cast: {card: berserk, pay_with: [forest.1]}
"""


def _problems(text: str) -> list[str]:
    import pytest

    from rulings.facts import situation
    from rulings.facts.errors import InputError

    with pytest.raises(InputError) as exc:
        situation.load("s.yaml", text)
    return [str(p) for p in exc.value.problems]


def test_pay_with_names_abilities_of_the_situation():
    from rulings.facts import situation

    assert situation.load("s.yaml", CAST).facts
    found = _problems(CAST.replace("forest.1]", "forest.2]"))
    assert any("s.yaml:5:" in p and "Forest has no ability 2" in p for p in found)


def test_mana_pool_and_life_are_checked():
    found = _problems(CAST + "mana_pool: {Alice: \"{G}{Z}\", Carol: \"{G}\"}\n")
    assert any("s.yaml:7:" in p and "is not mana a pool can hold" in p for p in found)
    assert any("'Carol' is not a player" in p for p in found)
    found = _problems(CAST.replace("players: [Alice, Bob]",
                                   "players: [{name: Alice, life: lots}, Bob]"))
    assert any("life must be a whole number" in p for p in found)


def test_returning_a_permanent_is_read():
    assert read_part("return a land you control").what == "land"
    assert read_part("return this to its owner's hand").what == "this"


def test_loyalty_costs_put_or_remove_counters():
    assert read_part("1 loyalty").kind == "put_counters"
    minus = read_part("-2 loyalty")
    assert (minus.kind, minus.amount, minus.what) == ("remove_counters", 2, "loyalty")
