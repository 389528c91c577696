"""CR 601.3e and 702.8a: an effect that lets a player cast spells "as though they had flash"
(the history2 area's `cast_as_though_flash`, a static ability of a permanent) lets its
controller, or any player when it says so, cast the spells it describes any time they could
cast an instant: with priority, in any phase, the stack empty or not. Only the timing
changes; the spell doesn't gain flash. The description is checked on the spell as it is
cast (it is on the stack then, CR 601.2a)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import Casting, InstantSpeed
from rulings.facts.effects import Selector, StaticEffect
from rulings.facts.game import GameObject
from rulings.facts.state import LostAbility, StaticNotApplied
from rulings.knowledge.rules.costs import _spell_fits

TOPIC = "CR 601.3e Casting spells as though they had flash"


class Rules:
    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        StaticEffect(ability=MATCH.ability, effect="cast_as_though_flash", source=MATCH.source,
                     who=MATCH.who, what=MATCH.what, condition=""),
        Selector(id=MATCH.who, ref=MATCH.whom),
        AS.sel << Selector(id=MATCH.what),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller,
                   name=MATCH.name),
        AS.obj << GameObject(id=MATCH.card),
        TEST(lambda whom, player, controller: whom == "any_player" or (
            whom == "you" and player == controller)),
        TEST(lambda sel, obj, player, controller, source: _spell_fits(sel, obj, player,
                                                                      controller, source)),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        id="flash-permissions.cast-as-though-flash",
        cites=("CR 601.3e", "CR 702.8a", "CR 117.1a"),
        because="{name}, on the battlefield under {controller}'s control, has a static "
                "ability that lets {player} cast spells like {card} as though they had "
                "flash: any time {player} could cast an instant",
        absent=("no effect has removed {ability} from {name}",
                "{ability}'s effect is not switched off"),
    )
    def cast_as_though_flash(self, card, name):
        return InstantSpeed(object=card, why=f"{name} lets it be cast as though it had flash")
