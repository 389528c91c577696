"""Conditions asked now: an activated ability's "activate only if …" (CR 602.5b) as it is
activated, and a spell's own "costs {1} less to cast if …" (CR 601.2f) as its total cost is
locked in. Either asks about the situation at that moment, "you" being the ability's
controller or the spell's caster; the rules here count what the condition counts and say
whether it holds (ConditionDecided), with the count that decides it.

The kinds decided here are DECIDED; a condition of another kind in such a place is named
not modelled rather than guessed."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.engine.salience import DECIDE, DERIVE
from rulings.facts.casting import AlternativeCostWord, CastBlocked, Casting
from rulings.facts.combat import Attacking
from rulings.facts.effects import Condition, Selects, StaticEffect, Unmodelled
from rulings.facts.game import (
    Ability,
    GameObject,
    Opponent,
    Player,
    Turn,
    card_types_in_graveyard,
)
from rulings.facts.mana import Activate
from rulings.facts.match import one_of
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    AttackedThisTurn,
    ConditionAsked,
    ConditionDecided,
    ConditionUnknown,
)
from rulings.facts.state import citys_blessing
from rulings.knowledge.rules.history import THIS_TURN, THIS_TURN_WORDS, decide_turn

TOPIC = "CR 602.5b Conditions of activation; CR 601.2f A spell's own cost change; " \
        "CR 118.9 An alternative cost's condition"

#: the kinds of condition decided here, and what each counts
DECIDED = ("cards_in_graveyard", "cards_in_hand", "card_types_in_graveyard", "you_control", "you_control_count", "life",
           "turn", "opponent_count",
           "you_attacked_this_turn",  # history area: raid
           "citys_blessing",  # ascend (CR 702.131)
           "opponent_controls", "all_of",  # freecast: the free spells' two-sided condition
           "attacking",  # aslongas area
           *THIS_TURN)  # history area: morbid, life gained or lost, revolt
_COMPARE = {"ge": (int.__ge__, "or more"), "le": (int.__le__, "or fewer"),
            "eq": (int.__eq__, "exactly")}


#: why a CastBlocked stands: the spell's own cost change hangs on a condition not decided
#: (costs.spell-unpayable reads it, so neither "can" nor "can't" is said on a cost not known)
COST_OPEN = "its total cost depends on a condition not decided here"


def open_why(kind: str) -> str:
    """Why a condition asked now is left open, in words."""
    words = kind.replace("_", " ")  # the kind in words: answers show no internal token
    if kind in DECIDED:
        return f"the situation doesn't state what its condition ({words}) asks about"
    return f"whether its condition ({words}) holds is not modelled"


def _args(args: object) -> dict[str, str]:
    return dict(str(a).partition("=")[::2] for a in args)  # type: ignore[attr-defined]


def _parts(args: object) -> list[str]:
    """The condition ids an `all_of` joins, in order."""
    return [v for k, v in (str(a).partition("=")[::2] for a in args)  # type: ignore[attr-defined]
            if k == "of"]


def _compare(n: int, args: dict[str, str]) -> tuple[bool, str]:
    """Whether the count `n` meets the ge/le/eq of `args`, and the words of the test."""
    ok, words = True, []
    for key, (test, said) in _COMPARE.items():
        if args.get(key, "").lstrip("-").isdigit():
            limit = int(args[key])
            ok = ok and test(n, limit)
            words.append(f"{said} {limit}" if key == "eq" else f"{limit} {said}")
    return ok, " and ".join(words)


class Rules:
    # -- who asks ---------------------------------------------------------------------------

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, only_if=MATCH.condition),
        TEST(lambda condition: condition != ""),
        GameObject(id=MATCH.source, controller=MATCH.controller, owner=MATCH.owner),
        salience=DERIVE,
        id="conditions.asked-by-activation",
        cites=("CR 602.5b", "CR 108.4a"),
        because="{ability} may be activated only if its condition holds as it is activated; "
                "'you' in it is the player who controls {source} (its owner, {owner}, when "
                "it is not on the battlefield or the stack)",
    )
    def asked_by_activation(self, condition, controller, owner, source):
        return ConditionAsked(condition=condition, player=controller or owner, source=source)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        StaticEffect(effect="cost_change", source=MATCH.card, condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        salience=DERIVE,
        id="conditions.asked-by-own-cost",
        cites=("CR 601.2f",),
        because="{card} changes its own cost only if a condition holds, and the total cost is "
                "worked out as {player} casts it",
    )
    def asked_by_own_cost(self, condition, player, card):
        return ConditionAsked(condition=condition, player=player, source=card)

    # freecast: "if you control a Swamp, you may … rather than pay this spell's mana cost",
    # "if …, you may cast this spell without paying its mana cost" (CR 118.9, 601.2b): the
    # alternative cost may be chosen only if its condition holds as the spell is cast
    @rule(
        Casting(object=MATCH.card, player=MATCH.player, alternative=MATCH.name, free=False),
        AlternativeCostWord(source=MATCH.card, name=MATCH.name, condition=MATCH.condition,
                            free=False),
        TEST(lambda condition: condition != ""),
        salience=DERIVE,
        id="conditions.asked-by-alternative-cost",
        cites=("CR 118.9", "CR 601.2b"),
        because="{player} chose {card}'s {name} cost, which its text offers only if a "
                "condition holds; it is asked as {player} casts {card}",
    )
    def asked_by_alternative_cost(self, condition, player, card):
        return ConditionAsked(condition=condition, player=player, source=card)

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, free=True, during=""),
        AlternativeCostWord(source=MATCH.card, condition=MATCH.condition, free=True),
        TEST(lambda condition: condition != ""),
        salience=DERIVE,
        id="conditions.asked-by-free-cost",
        cites=("CR 118.9", "CR 601.2b"),
        because="{card}'s text lets it be cast without paying its mana cost only if a "
                "condition holds; it is asked as {player} casts {card}",
    )
    def asked_by_free_cost(self, condition, player, card):
        return ConditionAsked(condition=condition, player=player, source=card)

    # -- every one of several conditions ("… and you control a Plains") ---------------------

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player, source=MATCH.source),
        Condition(id=MATCH.condition, kind="all_of", args=MATCH.args),
        salience=DERIVE,
        id="conditions.all-of-parts",
        cites=("CR 118.9",),
        because="the condition holds only if each of its parts does, so each part is asked "
                "for {player}",
    )
    def all_of_parts(self, player, source, args):
        return [ConditionAsked(condition=part, player=player, source=source)
                for part in _parts(args)]

    @rule(
        ConditionAsked(condition=MATCH.condition),
        Condition(id=MATCH.condition, kind="all_of", args=MATCH.args),
        TEST(lambda args: len(_parts(args)) == 2),
        ConditionDecided(condition=MATCH.first, holds=True, why=MATCH.first_why),
        ConditionDecided(condition=MATCH.second, holds=True, why=MATCH.second_why),
        TEST(lambda args, first, second: _parts(args) == [first, second]),
        id="conditions.all-of-hold",
        cites=("CR 118.9",),
        because="both parts of the condition hold: {first_why}; {second_why}",
    )
    def all_of_hold(self, condition, first_why, second_why):
        return ConditionDecided(condition=condition, holds=True,
                                why=f"{first_why}; {second_why}")

    @rule(
        ConditionAsked(condition=MATCH.condition),
        Condition(id=MATCH.condition, kind="all_of", args=MATCH.args),
        TEST(lambda args: len(_parts(args)) == 2),
        ConditionDecided(condition=MATCH.first, holds=False, why=MATCH.why),
        TEST(lambda args, first: _parts(args)[0] == first),
        id="conditions.all-of-first-fails",
        cites=("CR 118.9",),
        because="the first part of the condition doesn't hold: {why}",
    )
    def all_of_first_fails(self, condition, why):
        return ConditionDecided(condition=condition, holds=False, why=why)

    @rule(
        ConditionAsked(condition=MATCH.condition),
        Condition(id=MATCH.condition, kind="all_of", args=MATCH.args),
        TEST(lambda args: len(_parts(args)) == 2),
        ConditionDecided(condition=MATCH.first, holds=True),
        ConditionDecided(condition=MATCH.second, holds=False, why=MATCH.why),
        TEST(lambda args, first, second: _parts(args) == [first, second]),
        id="conditions.all-of-second-fails",
        cites=("CR 118.9",),
        because="the first part of the condition holds but the second doesn't: {why}",
    )
    def all_of_second_fails(self, condition, why):
        return ConditionDecided(condition=condition, holds=False, why=why)

    @rule(
        ConditionAsked(condition=MATCH.condition, source=MATCH.source),
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="all_of", args=MATCH.args),
        TEST(lambda args: len(_parts(args)) != 2),
        id="conditions.all-of-not-two",
        cites=("CR 118.9",),
        because="the condition of {ability} joins other than two parts, and only a "
                "condition of two parts is decided here",
    )
    def all_of_not_two(self, source, ability):
        return Unmodelled(object=source, ability=ability, text="a condition (all of)",
                          gap="a condition of other than two parts is not decided here")

    # -- counting ---------------------------------------------------------------------------

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="kind" << one_of("cards_in_graveyard", "cards_in_hand"),
                  args=MATCH.args),
        salience=DECIDE,
        id="conditions.cards-in-a-zone",
        cites=("CR 404.1", "CR 402.1"),
        because="the condition counts the cards {player} owns in their "
                "{kind}, as the situation lists them",
    )
    def cards_in_zone(self, condition, player, kind, args):
        zone = "graveyard" if kind == "cards_in_graveyard" else "hand"
        n = len(self.collect(GameObject, zone=zone, owner=player))
        ok, test = _compare(n, _args(args))
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"{player} has {n} cards in their {zone}; it asks for "
                                    f"{test}")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="card_types_in_graveyard", args=MATCH.args),
        salience=DECIDE,
        id="conditions.card-types-in-graveyard",
        cites=("CR 205.2a", "CR 404.1"),
        because="the condition counts the card types among the cards {player} owns in their "
                "graveyard (delirium)",
    )
    def card_types(self, condition, player, args):
        n = card_types_in_graveyard(self.collect(GameObject, zone="graveyard"), player)
        ok, test = _compare(n, _args(args))
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"there are {n} card types among the cards in {player}'s "
                                    f"graveyard; it asks for {test}")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        # the kinds as a pattern test, not a TEST: relevance reads them, so a question
        # without such a condition gets no rule counting what a selector picks (which
        # would have every filter of the board pick among every object)
        Condition(id=MATCH.condition, kind="kind" << one_of("you_control", "you_control_count",
                                                            "opponent_controls"),
                  args=MATCH.args),
        salience=DECIDE,
        id="conditions.permanents-you-control",
        cites=("CR 108.4", "CR 109.1"),
        because="the condition counts the permanents {player} controls (or, for 'an "
                "opponent controls', {player}'s opponents control) that fit its description",
    )
    def permanents(self, condition, player, kind, args):
        a = _args(args)
        picked = {s["object"] for s in self.collect(Selects, selector=a.get("what", ""))}
        theirs = kind == "opponent_controls"  # aslongas: another player's (CR 102.2)
        mine = [o for o in self.collect(GameObject, zone="battlefield")
                if ((o["controller"] or o["owner"]) != player) == theirs and o["id"] in picked]
        if kind == "you_control_count":
            ok, test = _compare(len(mine), a)
        else:
            ok, test = bool(mine), "at least one"
        names = ", ".join(sorted(o["name"] for o in mine)) or "none"
        who = f"{player}'s opponents control" if theirs else f"{player} controls"
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"{who} {len(mine)} such permanents "
                                    f"({names}); it asks for {test}")

    # aslongas area: "activate only if ~ is attacking" (CR 506.4): the source, as the
    # situation marks the attacking creatures
    @rule(
        ConditionAsked(condition=MATCH.condition, source=MATCH.source),
        Condition(id=MATCH.condition, kind="attacking"),
        GameObject(id=MATCH.source, name=MATCH.name),
        salience=DECIDE,
        id="conditions.source-attacking",
        cites=("CR 506.4", "CR 508.1a"),
        because="the condition asks whether {name} is an attacking creature, as the "
                "situation marks the attackers",
    )
    def source_attacking(self, condition, source, name):
        attacks = [f for f in self.collect(Attacking) if f["creature"] == source]
        return ConditionDecided(condition=condition, holds=bool(attacks),
                                why=f"{name} is {'attacking' if attacks else 'not attacking'}")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="citys_blessing"),
        salience=DECIDE,
        id="conditions.citys-blessing",
        cites=("CR 702.131b", "CR 702.131c"),
        because="the condition asks whether {player} has the city's blessing",
    )
    def blessing(self, condition, player):
        holds, why, facts = citys_blessing(self.situation_facts(), player)
        self.cite(*facts)
        return ConditionDecided(condition=condition, holds=holds, why=why)

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="life", args=MATCH.args),
        Player(name=MATCH.player, life=MATCH.life),
        TEST(lambda life: life >= 0),
        id="conditions.life",
        cites=("CR 119.1",),
        because="the condition asks about {player}'s life total, {life}",
    )
    def life(self, condition, player, life, args):
        ok, test = _compare(life, _args(args))
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"{player} has {life} life; it asks for {test}")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="turn", args=MATCH.args),
        Turn(active=MATCH.active),
        id="conditions.whose-turn",
        cites=("CR 102.1",),
        because="the condition asks whose turn it is: it is {active}'s",
    )
    def whose_turn(self, condition, player, active, args):
        mine = active == player
        ok = mine if _args(args).get("value") == "yours" else not mine
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"it is {active}'s turn")

    # history area: raid's "if you attacked this turn" (CR 508.1: only the active player
    # attacks; the active player's attacks are told by `this_turn: attacked`, or left open)
    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="you_attacked_this_turn", args=MATCH.args),
        Turn(active=MATCH.active),
        TEST(lambda player, active: player != active),
        id="conditions.not-active-not-attacked",
        cites=("CR 508.1",),
        because="the condition asks whether {player} attacked this turn: it is {active}'s "
                "turn, and only the active player attacks",
    )
    def not_active_not_attacked(self, condition, player, active, args):
        asks = _args(args).get("value") != "false"
        return ConditionDecided(condition=condition, holds=not asks,
                                why=f"it is {active}'s turn, so {player} hasn't attacked")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="you_attacked_this_turn", args=MATCH.args),
        Turn(active=MATCH.player),
        AttackedThisTurn(player=MATCH.player, count=MATCH.count),
        id="conditions.attacked-this-turn",
        cites=("CR 508.1",),
        because="the condition asks whether {player} attacked this turn: {player} attacked "
                "with {count} creature(s)",
    )
    def attacked_this_turn(self, condition, player, count, args):
        asks = _args(args).get("value") != "false"
        return ConditionDecided(condition=condition, holds=(count > 0) == asks,
                                why=f"{player} attacked with {count} creature(s) this turn")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player, source=MATCH.source),
        Condition(id=MATCH.condition, ability=MATCH.ability, kind="you_attacked_this_turn"),
        Turn(active=MATCH.player),
        NOT(AttackedThisTurn(player=MATCH.player)),
        id="conditions.attacked-this-turn-unstated",
        cites=("CR 508.1",),
        because="the condition asks whether {player}, the active player, attacked this turn, "
                "and the situation doesn't say (this_turn: [{{attacked: {{player: {player}, "
                "count: …}}}}])",
        absent=("the situation doesn't say whether {player} attacked this turn",),
    )
    def attacked_this_turn_unstated(self, source, ability, player):
        # named in the answer, so an open condition is never silent
        return Unmodelled(object=source, ability=ability,
                          text="a condition (you attacked this turn)",
                          gap=f"whether {player} attacked this turn is not stated")

    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player),
        Condition(id=MATCH.condition, kind="opponent_count", args=MATCH.args),
        salience=DECIDE,
        id="conditions.opponents",
        cites=("CR 102.3",),
        because="the condition counts {player}'s opponents in the game",
    )
    def opponents(self, condition, player, args):
        n = len(self.collect(Opponent, of=player))
        ok, test = _compare(n, _args(args))
        return ConditionDecided(condition=condition, holds=ok,
                                why=f"{player} has {n} opponents; it asks for {test}")

    # history area: morbid's "if a creature died this turn" (CR 700.4), "if you gained life
    # this turn" (119.3), "if an opponent lost life this turn", revolt's "if a permanent you
    # controlled left the battlefield this turn": from `this_turn:` (or left open, named)
    @rule(
        ConditionAsked(condition=MATCH.condition, player=MATCH.player, source=MATCH.source),
        Condition(id=MATCH.condition, ability=MATCH.ability,
                  kind="kind" << one_of(*THIS_TURN), args=MATCH.args),
        salience=DECIDE,
        id="conditions.this-turn",
        cites=("CR 700.4", "CR 119.3"),
        because="the condition asks what happened earlier this turn ('you' being {player}), "
                "as the situation tells it",
    )
    def this_turn(self, condition, player, source, ability, kind, args):
        holds, said = decide_turn(kind, args, player, self.collect, False)
        if holds is None:
            # named in the answer, so an open condition is never silent
            return Unmodelled(object=source, ability=ability,
                              text=f"a condition ({THIS_TURN_WORDS[kind]})",
                              gap=f"{said}, in its record of this turn")
        return ConditionDecided(condition=condition, holds=holds, why=said)

    @rule(
        ConditionAsked(condition=MATCH.condition, source=MATCH.source),
        Condition(id=MATCH.condition, ability=MATCH.ability, kind=MATCH.kind),
        TEST(lambda kind: kind not in DECIDED),
        NOT(ConditionDecided(condition=MATCH.condition)),
        salience=DERIVE,
        id="conditions.not-decided",
        cites=("CR 602.5b", "CR 601.2f"),
        because="the condition of {ability} is of the kind '{kind}', which is not decided "
                "when an ability is activated or a spell is cast",
    )
    def not_decided(self, source, ability, kind):
        return Unmodelled(object=source, ability=ability, text=f"a condition ({kind})",
                          gap=f"the condition kind '{kind}' is not decided here")

    @rule(
        Casting(object=MATCH.card, player=MATCH.player),
        StaticEffect(effect="cost_change", source=MATCH.card, ability=MATCH.ability,
                     condition=MATCH.condition),
        TEST(lambda condition: condition != ""),
        Condition(id=MATCH.condition, kind=MATCH.kind),
        NOT(ConditionDecided(condition=MATCH.condition)),
        GameObject(id=MATCH.card, name=MATCH.name),
        id="conditions.own-cost-open",
        cites=("CR 601.2f",),
        because="{card}'s own static ability {ability} changes its cost only if a condition "
                "holds as {player} casts it, and nothing here decides that condition",
        absent=("nothing decides the condition of {ability}",),
        says="whether {player} can cast {card} depends on its cost, which depends on a "
             "condition not decided here; the answer assumes neither cost",
    )
    def own_cost_open(self, card, player, name, condition, kind):
        why = open_why(kind)
        return [ConditionUnknown(condition=condition, why=why),
                CastBlocked(player=player, object=card, reason=COST_OPEN),
                Ruling(about=f"{card}.cost.open", subject=player, verdict="may",
                       action=f"cast {name}, depending on its cost ({why})")]
