"""CR 117 Who receives priority: after a spell is cast or an ability activated, its player
receives priority again (117.3c); a player who passes gives it to the next player in turn
order (117.3d). After a resolution the active player receives it (117.3b, knowledge/rules/
stack.py), once state-based actions are done and triggered abilities are on the stack (117.5).

The priority rulings are the last step of a walk-through (STEP_PRIORITY, as stack.py's)."""

from __future__ import annotations

from collections.abc import Sequence

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked, Casting
from rulings.facts.game import Ability, GameObject, Player, Turn
from rulings.facts.mana import Activate, CantPay, Enters
from rulings.facts.resolution import PassesPriority
from rulings.facts.rulings import Ruling
from rulings.facts.state import StateAsked

TOPIC = "CR 117 Timing and priority: who receives priority next"

STEP_PRIORITY = 250


def next_player(players: Sequence[object], after: str) -> str:
    """The next player in turn order still in the game (101.4, 800.4a)."""
    seated = sorted((p for p in players if isinstance(p, Player) and not p["left_game"]),
                    key=lambda p: p["seat"])
    names = [p["name"] for p in seated]
    if after not in names:
        return ""
    return str(names[(names.index(after) + 1) % len(names)])


class Rules:
    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="priority.after-casting",
        cites=("CR 117.3c", "CR 601.2i"),
        because="once a player has cast a spell, that same player receives priority again, "
                "so {player} may act first in response to their own {card}",
        absent=("nothing stops {player} casting {card}",),
        says="then {player} receives priority again",
    )
    def after_casting(self, card, player):
        return Ruling(about="priority.after", subject=player, verdict="happens",
                      action="receive priority", step=STEP_PRIORITY)

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, kind="activated", source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        NOT(CantPay(ability=MATCH.ability)),
        id="priority.after-activating",
        cites=("CR 117.3c", "CR 602.2"),
        because="once a player has activated an ability, that same player receives priority "
                "again",
        absent=("nothing stops {ability} being activated now",),
        says="then {subject} receives priority again",
    )
    def after_activating(self, ability, activator, controller):
        return Ruling(about="priority.after", subject=activator or controller,
                      verdict="happens", action="receive priority", step=STEP_PRIORITY)

    @rule(
        PassesPriority(player=MATCH.player),
        Turn(priority=MATCH.player),
        id="priority.passes",
        cites=("CR 117.3d",),
        because="{player} has priority and passes it: the next player in turn order "
                "receives it; when all players pass in succession, the top of the stack "
                "resolves, or the step ends when the stack is empty (117.4)",
        says="{subject} receives priority",
    )
    def passes(self, player):
        following = next_player(self.situation_facts(), player)
        self.cite(*[p for p in self.situation_facts() if isinstance(p, Player)])
        if not following:
            return None
        return Ruling(about="priority.next", subject=following, verdict="happens",
                      action="receive priority", step=STEP_PRIORITY)

    @rule(
        PassesPriority(player=MATCH.player),
        Turn(priority=MATCH.holder),
        TEST(lambda holder, player: holder not in ("", player)),
        id="priority.cant-pass",
        cites=("CR 117.3d", "CR 117.1"),
        because="only the player who has priority can pass it, and {holder} has it",
        says="{player} can't pass priority: {holder} has it",
    )
    def cant_pass(self, player, holder):
        return Ruling(about="priority.pass", subject=player, verdict="can't",
                      action="pass priority", step=1)

    @rule(
        Enters(object=MATCH.object),
        id="priority.state-after-enters",
        cites=("CR 117.5", "CR 704.3"),
        because="before a player receives priority after {object} enters, state-based "
                "actions are checked on the game as it is then (a creature that enters with "
                "toughness 0 or less is put into its owner's graveyard)",
    )
    def state_after_enters(self, object):
        return StateAsked()
