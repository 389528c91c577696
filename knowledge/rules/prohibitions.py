"""CR 101.2: a static "can't" of the effect language — `prohibit: {who, action, what}` — meets
the action asked about. Which players it binds and which cards it is about are decided by
the selectors (knowledge/rules/selectors.py), so the proof shows why the spell and the player
are the ones described."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked, Casting
from rulings.facts.effects import Selector, Selects, StaticEffect
from rulings.facts.game import GameObject
from rulings.facts.match import has
from rulings.facts.rulings import Ruling

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


__all__ = ["Rules"]
