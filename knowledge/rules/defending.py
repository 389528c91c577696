"""CR 506.2, 508.5 The defending player an ability speaks of: "tap target creature defending
player controls", "defending player loses 1 life". For a trigger on an attacking creature
(the object with the ability, or what it enchants or equips) it is the player that creature
attacks, or who controls the planeswalker it attacks (508.5); in a multiplayer game only
that one player, creature by creature (508.5a), so a creature of another opponent, or of the
attacking player, is not "a creature defending player controls".

The referent `defending_player` is a Selector; these rules say whom it picks (knowledge/
defending.py works it out), and the generic selector rules (selectors.filter-controlled-by)
then pick that player's objects. When the situation doesn't say who it is (the creature is
no longer attacking: then it is the player it attacked before, 508.5, which the situation
doesn't name; a battle's protector), the description is left undecided: a target of it is
neither legal nor illegal here (the target rules' NOT(DefendingUnknown …) guard), and a
ruling says the outcome depends on it."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.engine.salience import AGGREGATE
from rulings.facts.combat import Attacking, DefendingUnknown
from rulings.facts.effects import Selector, Selects, TargetSlot, Trigger
from rulings.facts.game import GameObject, Player
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Targeter, Targeting, TargetUndecided, Triggered
from rulings.knowledge.defending import (
    ATTACK_EVENTS,
    DEFENDING,
    OWN_ATTACKERS,
    defending_player,
)

TOPIC = "CR 506.2, 508.5 The defending player"

#: where the trigger rulings go in a walk-through (as triggers.no-legal-target)
STEP_NO_TARGET = 155

PLAIN = P(lambda c: c in ("", "you", "opponent"))


class Rules:
    # -- whom "defending player" picks -----------------------------------------------------

    @rule(
        Selector(id=MATCH.selector, ref=DEFENDING, ability=MATCH.ability),
        Trigger(ability=MATCH.ability, event=P(lambda e: e in ATTACK_EVENTS),
                what=MATCH.about),
        Selector(id=MATCH.about, ref=P(lambda r: r in OWN_ATTACKERS)),
        Selects(selector=MATCH.about, object=MATCH.creature),
        Attacking(creature=MATCH.creature, defender=MATCH.player),
        Player(name=MATCH.player),
        id="defending.player-attacked",
        cites=("CR 508.5", "CR 506.2"),
        because="{ability} is a trigger on {creature}'s attack, and {creature} is attacking "
                "{player}: the defending player it speaks of is {player}, and no other player",
    )
    def player_attacked(self, selector, player):
        return Selects(selector=selector, object=player)

    @rule(
        Selector(id=MATCH.selector, ref=DEFENDING, ability=MATCH.ability),
        Trigger(ability=MATCH.ability, event=P(lambda e: e in ATTACK_EVENTS),
                what=MATCH.about),
        Selector(id=MATCH.about, ref=P(lambda r: r in OWN_ATTACKERS)),
        Selects(selector=MATCH.about, object=MATCH.creature),
        Attacking(creature=MATCH.creature, defender=MATCH.attacked),
        GameObject(id=MATCH.attacked, controller=MATCH.player, name=MATCH.name,
                   types=MATCH.types),
        TEST(lambda types: "battle" not in types),
        id="defending.planeswalker-attacked",
        cites=("CR 508.5", "CR 506.3"),
        because="{ability} is a trigger on {creature}'s attack, and {creature} is attacking "
                "{name}, a planeswalker {player} controls: the defending player it speaks of "
                "is {player}",
    )
    def planeswalker_attacked(self, selector, player):
        return Selects(selector=selector, object=player)

    # -- not known: undecided, never guessed -------------------------------------------------

    @rule(
        Selector(id=MATCH.described, controller=MATCH.whose, ability=MATCH.ability),
        Selector(id=MATCH.whose, ref=DEFENDING),
        NOT(Selects(selector=MATCH.whose)),
        id="defending.not-known",
        cites=("CR 508.5",),
        because="{ability} speaks of objects the defending player controls, and the "
                "situation doesn't say who its defending player is",
        absent=("no player is the defending player {ability} speaks of",),
        salience=AGGREGATE,
    )
    def not_known(self, described, ability):
        _, why = defending_player(self.collect, ability)
        return DefendingUnknown(selector=described, ability=ability,
                                why=why or "the situation doesn't say")

    @rule(
        Targeting(object=MATCH.object, slot=MATCH.slot, selector=MATCH.selector,
                  target=MATCH.target),
        Targeter(object=MATCH.object, controller=MATCH.controller),
        DefendingUnknown(selector=MATCH.selector, why=MATCH.why),
        id="defending.target-undecided",
        cites=("CR 508.5", "CR 115.1"),
        because="the target of {object} must be controlled by the defending player, and who "
                "that is, is not known: {why}",
        says="whether {target} is a legal target of {object} depends on who the defending "
             "player is, which the situation doesn't say ({why})",
    )
    def target_undecided(self, object, slot, target, controller, why):
        return [TargetUndecided(object=object, slot=slot, target=target, why=why),
                Ruling(about=f"{object}.target.{slot}.{target}", subject="{target}",
                       verdict="may", action="be a legal target of {object}, if its "
                       "controller is the defending player (not known here)", step=2)]

    # -- a trigger whose defending player controls nothing it could target (CR 603.3d) -------

    @rule(
        Triggered(ability=MATCH.ability, occurrence=MATCH.occurrence),
        TargetSlot(ability=MATCH.ability, selector=MATCH.described, min=P(lambda m: m > 0)),
        # only a plain description besides its controller: the selector rules then say of
        # every object of that player whether it is picked
        AS.sel << Selector(id=MATCH.described, ref="", keyword="", not_="",
                           any_of=P(lambda a: not a), controller=MATCH.whose, owner=PLAIN,
                           text=MATCH.text),
        Selector(id=MATCH.whose, ref=DEFENDING),
        Selects(selector=MATCH.whose, object=MATCH.player),
        NOT(Selects(selector=MATCH.described)),
        id="defending.no-legal-target",
        cites=("CR 603.3d", "CR 508.5"),
        because="{ability} must have its target ({text}) chosen as it is put on the stack; "
                "its defending player is {player}, and nothing {player} controls is {text} "
                "(what other players control doesn't count); a triggered ability without a "
                "legal target is removed from the stack",
        absent=("nothing in the game is {text}",),
        says="{ability} is removed from the stack as it is put there: it has no legal target",
    )
    def no_legal_target(self, ability, occurrence):
        return Ruling(about=f"trigger.{ability}.{occurrence}.no-target", subject="{ability}",
                      verdict="doesn't happen", action="go on the stack: it has no legal "
                      "target", step=STEP_NO_TARGET)


__all__ = ["Rules"]
