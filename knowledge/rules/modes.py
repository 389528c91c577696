"""How many modes a modal spell or ability has chosen (CR 700.2): "choose one or both",
"choose two", "choose one or more" say how many of its modes its controller picks as it is
cast (601.2b), activated (602.2b) or put on the stack as a triggered ability (603.3c), and no
mode is picked twice unless the card says so (700.2d); an ability's "choose one" is exactly
one. A choice outside that is not one the spell can be cast with, nor the ability put on the
stack with."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import Cast, CastBlocked, Casting
from rulings.facts.effects import ModeCount, Step
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay
from rulings.facts.rulings import Ruling
from rulings.facts.stack import StackObject

TOPIC = "CR 700.2 Modal spells"


def _wrong(modes: list[str], low: int, high: int) -> bool:
    """Whether the modes listed are not a choice the count allows: too few, too many, or a
    mode twice (700.2d)."""
    return not low <= len(modes) <= high or len(set(modes)) != len(modes)


class Rules:
    @rule(
        StackObject(id=MATCH.object, kind="spell", controller=MATCH.player, modes=MATCH.modes),
        Ability(id=MATCH.ability, source=MATCH.object, kind="spell"),
        ModeCount(ability=MATCH.ability, min=MATCH.low, max=MATCH.high),
        TEST(lambda modes, low, high: _wrong(modes, low, high)),
        GameObject(id=MATCH.object, name=MATCH.name),
        id="modes.count",
        cites=("CR 700.2", "CR 700.2d", "CR 601.2b"),
        because="{name} is modal: as it is cast its controller chooses {low} to {high} of "
                "its modes, none of them twice, and the modes listed for it are {modes}",
        absent=("the modes listed for {name} are {low} to {high} of them, none twice",),
        says="{player} can't cast {name} with the modes {modes}",
    )
    def modes_count(self, object, player, name, modes):
        return Ruling(about=f"{object}.modes", subject=player, verdict="can't",
                      action=f"cast {name} with the modes {', '.join(modes) or 'none'}",
                      step=1)

    @rule(
        Casting(object=MATCH.object, player=MATCH.player, step=MATCH.step),
        Cast(card=MATCH.object, modes=MATCH.modes),
        TEST(lambda modes: len(modes) > 0),
        Ability(id=MATCH.ability, source=MATCH.object, kind="spell"),
        ModeCount(ability=MATCH.ability, min=MATCH.low, max=MATCH.high),
        TEST(lambda modes, low, high: _wrong([str(m) for m in modes], low, high)),
        GameObject(id=MATCH.object, name=MATCH.name),
        id="modes.count-on-cast",
        cites=("CR 700.2", "CR 700.2d", "CR 601.2b"),
        because="{name} is modal: as it is cast its controller chooses {low} to {high} of "
                "its modes, none of them twice, and the modes chosen are {modes}",
        absent=("the modes chosen for {name} are {low} to {high} of them, none twice",),
        says="{player} can't cast {name} with the modes {modes}",
    )
    def modes_count_on_cast(self, object, player, name, modes, step):
        chosen = ", ".join(str(m) for m in modes)
        return [CastBlocked(player=player, object=object, reason="a choice of modes it "
                                                                   "doesn't allow"),
                Ruling(about=f"{object}.cast.modes", subject=player, verdict="can't",
                       action=f"cast {name} with the modes {chosen}", step=step)]

    @rule(
        StackObject(id=MATCH.object, kind="ability", ability=MATCH.ability,
                    controller=MATCH.player, modes=MATCH.modes, source=MATCH.source),
        TEST(lambda modes: len(modes) > 0),
        ModeCount(ability=MATCH.ability, min=MATCH.low, max=MATCH.high),
        TEST(lambda modes, low, high: _wrong(modes, low, high)),
        GameObject(id=MATCH.source, name=MATCH.name),
        id="modes.ability-count",
        cites=("CR 700.2", "CR 700.2d", "CR 602.2b", "CR 603.3c"),
        because="{ability} of {name} is modal: as it is put on the stack its controller "
                "chooses {low} to {high} of its modes, none of them twice, and the modes "
                "listed for it are {modes}",
        absent=("the modes listed for {ability} are {low} to {high} of them, none twice",),
        says="{player} can't put {ability} on the stack with the modes {modes}",
    )
    def modes_ability_count(self, object, ability, player, modes):
        return Ruling(about=f"{object}.modes", subject=player, verdict="can't",
                      action=f"put {ability} on the stack with the modes {', '.join(modes)}",
                      step=1)

    @rule(
        StackObject(id=MATCH.object, kind="ability", ability=MATCH.ability,
                    controller=MATCH.player, modes=MATCH.modes, source=MATCH.source),
        TEST(lambda modes: len(modes) > 0),
        Step(ability=MATCH.ability, part="mode1", index=1),
        NOT(ModeCount(ability=MATCH.ability)),
        TEST(lambda modes: _wrong(modes, 1, 1)),
        GameObject(id=MATCH.source, name=MATCH.name),
        id="modes.ability-choose-one",
        cites=("CR 700.2", "CR 602.2b", "CR 603.3c"),
        because="{ability} of {name} says 'choose one': as it is put on the stack its "
                "controller chooses exactly one of its modes, and the modes listed for it "
                "are {modes}",
        absent=("one mode is listed for {ability}",),
        says="{player} can't put {ability} on the stack with the modes {modes}",
    )
    def modes_ability_choose_one(self, object, ability, player, modes):
        return Ruling(about=f"{object}.modes", subject=player, verdict="can't",
                      action=f"put {ability} on the stack with the modes {', '.join(modes)}",
                      step=1)

    @rule(
        Activate(ability=MATCH.ability, modes=MATCH.modes),
        TEST(lambda modes: len(modes) > 0),
        Ability(id=MATCH.ability, kind="activated"),
        ModeCount(ability=MATCH.ability, min=MATCH.low, max=MATCH.high),
        TEST(lambda modes, low, high: _wrong([str(m) for m in modes], low, high)),
        id="modes.count-on-activate",
        cites=("CR 700.2", "CR 700.2d", "CR 602.2b"),
        because="{ability} is modal: as it is activated its controller chooses {low} to "
                "{high} of its modes, none of them twice, and the modes chosen are {modes}",
        absent=("the modes chosen for {ability} are {low} to {high} of them, none twice",),
    )
    def modes_count_on_activate(self, ability, modes, low, high):
        return CantPay(ability=ability, part="choosing its modes",
                       reason=f"it takes {low} to {high} of its modes, none twice, and "
                              f"{', '.join(str(m) for m in modes)} were chosen")

    @rule(
        Activate(ability=MATCH.ability, modes=MATCH.modes),
        TEST(lambda modes: len(modes) > 0),
        Ability(id=MATCH.ability, kind="activated"),
        Step(ability=MATCH.ability, part="mode1", index=1),
        NOT(ModeCount(ability=MATCH.ability)),
        TEST(lambda modes: _wrong([str(m) for m in modes], 1, 1)),
        id="modes.choose-one-on-activate",
        cites=("CR 700.2", "CR 602.2b"),
        because="{ability} says 'choose one': as it is activated its controller chooses "
                "exactly one of its modes, and the modes chosen are {modes}",
        absent=("one mode is chosen for {ability}",),
    )
    def modes_choose_one_on_activate(self, ability, modes):
        return CantPay(ability=ability, part="choosing its modes",
                       reason=f"it takes exactly one of its modes, and "
                              f"{', '.join(str(m) for m in modes)} were chosen")
