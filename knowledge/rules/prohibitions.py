"""CR 101.2: a static "can't" of the effect language — `prohibit: {who, action, what}` — meets
the action asked about. Which players it binds and which cards it is about are decided by
the selectors (knowledge/rules/selectors.py), so the proof shows why the spell and the player
are the ones described."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import MATCH, P
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked, Casting
from rulings.facts.effects import Selector, Selects, StaticEffect
from rulings.facts.game import Ability, GameObject
from rulings.facts.mana import Activate, CantPay
from rulings.facts.match import has
from rulings.facts.rulings import Ruling
from rulings.facts.stack import ConditionHolds
from rulings.facts.state import ActivationsBarred

TOPIC = "CR 101.2 A static 'can't' in the card language"


class Rules:
    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        StaticEffect(effect="prohibit", source=MATCH.source, who=MATCH.who, what=MATCH.what,
                     args=has("action=cast")),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.who, object=MATCH.player),
        Selects(selector=MATCH.what, object=MATCH.card),
        Selector(id=MATCH.what, text=MATCH.described),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="prohibitions.cant-cast",
        cites=("CR 101.2", "CR 604.1"),
        because="{source} is on the battlefield and says that {player} can't cast "
                "{described}, and {name} is one; a 'can't' wins over anything that would "
                "allow it",
        says="{player} can't cast {name}",
    )
    def prohibit_cast(self, card, player, name, step):
        return [
            CastBlocked(player=player, object=card, reason="an effect says it can't be cast"),
            Ruling(about=f"{card}.cast.prohibited", subject=player, verdict="can't",
                   action=f"cast {name}", step=step),
        ]

    # -- "its activated abilities can't be activated" (CR 602.5): barred for every player, and
    # its mana abilities are no source of mana either (knowledge/rules/costs.py)

    @rule(
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="cant_be_activated",
                     affects=MATCH.selector, condition=""),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="prohibitions.activations-barred",
        salience=salience.DERIVE,
        cites=("CR 602.5", "CR 604.1"),
        because="{source} is on the battlefield, and {ability} says that the activated "
                "abilities of what it describes can't be activated; {object} is such",
    )
    def activations_barred(self, object, ability):
        return ActivationsBarred(object=object, ability=ability)

    @rule(
        StaticEffect(ability=MATCH.ability, source=MATCH.source, effect="cant_be_activated",
                     affects=MATCH.selector, condition=MATCH.condition),
        ConditionHolds(condition=MATCH.condition),
        GameObject(id=MATCH.source, zone="battlefield"),
        Selects(selector=MATCH.selector, object=MATCH.object),
        GameObject(id=MATCH.object, zone="battlefield"),
        id="prohibitions.activations-barred-while",
        salience=salience.DERIVE,
        cites=("CR 602.5", "CR 611.3a"),
        because="{source} is on the battlefield, and {ability} says that the activated "
                "abilities of what it describes can't be activated while {condition} holds; "
                "it holds now, and {object} is such",
    )
    def activations_barred_while(self, object, ability):
        return ActivationsBarred(object=object, ability=ability)

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.object,
                kind=P(lambda k: k in ("mana", "activated"))),
        ActivationsBarred(object=MATCH.object, ability=MATCH.by),
        GameObject(id=MATCH.object, controller=MATCH.player),
        id="prohibitions.cant-activate",
        cites=("CR 602.5", "CR 101.2"),
        because="{by} says that the activated abilities of {object} can't be activated, and "
                "{ability} is one; a 'can't' wins over anything that would allow it",
        says="{subject} can't activate {ability}",
    )
    def cant_activate(self, ability, activator, player):
        return [CantPay(ability=ability, part="activating it",
                        reason="an effect says its activated abilities can't be activated"),
                Ruling(about=f"{ability}.prohibited", subject=activator or player,
                       verdict="can't", action="activate {ability}")]


__all__ = ["Rules"]
