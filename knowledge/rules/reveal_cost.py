"""CR 118.8, 601.2b, 601.2f: an additional cost of two ways, "reveal a Pirate card from your
hand or pay {2}". The caster chooses as the spell is cast (601.2b); revealing costs nothing
more, so the spell can be cast whenever either way can be paid. The spell itself is on the
stack as it is cast (601.2a), so it is never the card revealed.

- a card of the quality in the caster's hand: they may reveal it, and the total cost is the
  rest (the mana needn't be paid);
- the hand listed with no such card: the mana is an additional cost, part of the total cost
  that costs.py checks (too little mana: the spell can't be cast);
- the hand not listed: either may be possible; the answer says so and adds no mana."""

from __future__ import annotations

from typing import Any

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT
from rulings.engine.rules import rule
from rulings.facts.casting import AdditionalCost, Casting, RevealOrPayCost
from rulings.facts.costs import ZoneListed
from rulings.facts.effects import Selector, filter_misses
from rulings.facts.game import GameObject
from rulings.facts.rulings import Ruling

TOPIC = "CR 118.8 Additional costs: reveal a card or pay mana"


def _revealable(engine: Any, sel: Any, player: str, spell: str) -> list[Any]:
    """The cards of `player`'s hand the cost could reveal (never the spell being cast)."""
    spec = {k: sel[k] for k in sel.slots if k in sel}
    spec["zone"] = "hand"
    return sorted((o for o in engine.collect(GameObject, zone="hand", owner=player)
                   if o["id"] != spell and filter_misses(spec, o, player, spell) == ""),
                  key=lambda o: o["id"])


def _mana(parts: list[str]) -> str:
    return "".join(parts)


_PATTERNS = (
    Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
    RevealOrPayCost(source=MATCH.card, what=MATCH.what, mana=MATCH.mana, text=MATCH.text),
    AS.sel << Selector(id=MATCH.what, text=MATCH.quality),
    GameObject(id=MATCH.card, name=MATCH.name),
)


class Rules:
    @rule(
        *_PATTERNS,
        id="reveal-cost.reveal",
        cites=("CR 118.8", "CR 601.2b"),
        because="casting {card} costs more: {text}; {player} chooses the way as they cast "
                "it, and a card of their hand they could reveal saves the mana",
        says="{player} may reveal {quality} from their hand instead of paying "
             "{mana} more to cast {card}",
    )
    def reveal(self, card, player, step, sel, name, mana):
        found = _revealable(self, sel, player, card)
        if not found:
            return None
        names = ", ".join(o["name"] for o in found)
        return Ruling(about=f"{card}.cost.reveal", subject=player, verdict="may",
                      action=f"reveal {names.split(', ')[0]} instead of paying "
                             f"{_mana(mana)} to cast {name} (it could reveal: {names})",
                      step=step)

    @rule(
        *_PATTERNS,
        ZoneListed(player=MATCH.player, zone="hand"),
        salience=salience.DERIVE,  # before the total cost is summed (costs.spell-total)
        id="reveal-cost.must-pay",
        cites=("CR 118.8", "CR 601.2b", "CR 601.2f"),
        because="casting {card} costs more: {text}; the situation lists {player}'s hand, "
                "and it holds nothing to reveal ({quality}; the spell itself is on the stack "
                "as it is cast), so the mana must be paid, as part of the total cost",
        says="{player} must pay {mana} more to cast {card}: no card to reveal",
    )
    def must_pay(self, card, player, step, sel, name, mana):
        if _revealable(self, sel, player, card):
            return None
        return [AdditionalCost(object=card, name="reveal or pay", cost=list(mana),
                               optional=False),
                Ruling(about=f"{card}.cost.reveal", subject=player, verdict="must",
                       action=f"pay {_mana(mana)} more to cast {name}", step=step)]

    @rule(
        *_PATTERNS,
        NOT(ZoneListed(player=MATCH.player, zone="hand")),
        id="reveal-cost.hand-not-listed",
        cites=("CR 118.8", "CR 601.2b"),
        because="casting {card} costs more: {text}; the situation doesn't list {player}'s "
                "hand, so whether they can reveal such a card is not known, and the mana "
                "is not counted in the total cost",
        absent=("the situation doesn't list {player}'s hand",),
        says="{player} may reveal {quality} from their hand or else pay {mana} "
             "more to cast {card}; which is possible is not known",
    )
    def hand_not_listed(self, card, player, step, sel, name, mana):
        if _revealable(self, sel, player, card):
            return None
        return Ruling(about=f"{card}.cost.reveal", subject=player, verdict="may",
                      action=f"reveal a card or else pay {_mana(mana)} more to cast {name}",
                      step=step)
