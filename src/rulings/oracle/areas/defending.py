"""Area `defending` (grammar: defending.lark): "… defending player controls" in a selector,
the filter key `controller: defending_player` (CR 506.2, 508.5).

Which player that is depends on the attacking creature the ability speaks of: the player it
attacks, or who controls the planeswalker it attacks (508.5; with several opponents, only
that one, 508.5a). The rules know that creature only when the trigger is about the card
itself or the creature it enchants or equips (its `what` is this, enchanted or equipped),
so a selector of the defending player's objects is read only there (`_defending_checked` in
emit.py); "whenever a creature you control attacks, tap target creature defending player
controls" stays unparsed (no rule follows which creature the event was about)."""

from __future__ import annotations

from typing import Any

#: the referent of the defending player, as a selector's controller
DEFENDING = "defending_player"

#: what an attack trigger may be about for "defending player controls" to be read
OWN_ATTACKERS = ("this", "enchanted", "equipped")


def about_own_attacker(event: Any) -> bool:
    """Whether a trigger event (one key, an attack event) is about the card itself or what
    it enchants or equips."""
    if not (isinstance(event, dict) and len(event) == 1):
        return False
    (body,) = event.values()
    return isinstance(body, dict) and body.get("what") in OWN_ATTACKERS


class DefendingEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/defending.lark."""

    def defending_player_controls(self, _: list[Any]) -> dict[str, Any]:
        # not "an opponent controls": with several opponents only the one attacked is the
        # defending player (CR 508.5a); checked by _defending_checked
        self.defending_used = True
        self.defending_controls_used = True
        return {"controller": DEFENDING}
