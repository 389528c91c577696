"""How many modes a modal spell has chosen (CR 700.2): "choose one or both", "choose two",
"choose one or more" say how many of its modes its controller picks as it is cast (601.2b),
and no mode is picked twice unless the card says so (700.2d). A choice outside that is not
one the spell can be cast with."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import Cast, CastBlocked, Casting
from rulings.facts.effects import ModeCount
from rulings.facts.game import Ability, GameObject
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
