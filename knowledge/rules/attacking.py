"""CR 508 (with 302.6, 506, 702.3, 702.10, 702.20): declaring attackers. Which creatures may
attack what, restrictions (508.1c) and requirements (508.1d), and what attacking does (tapping
unless vigilance; "whenever … attacks" triggers)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.combat import (
    AttackBarred,
    Attacking,
    AttacksDespiteDefender,
    DeclareAttackers,
)
from rulings.facts.effects import Selector, Selects, StaticEffect, Trigger, arg
from rulings.facts.game import GameObject, Opponent, Player, Turn
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling
from rulings.facts.stack import GameEvent
from rulings.facts.state import (
    Characteristics,
    LostAbility,
    ResolvedEffect,
    StateAsked,
    StaticNotApplied,
)
from rulings.knowledge.rules.blocking import forbids

TOPIC = "CR 508 Declaring attackers"


def _barred(creature: str, reason: str) -> list:
    """A restriction stops `creature` from attacking: the fact other rules read, and the
    ruling that says so (the restriction's own rule cites the CR rule behind it)."""
    return [AttackBarred(creature=creature, reason=reason),
            Ruling(about=f"{creature}:attack", subject="{creature}", verdict="can't",
                   action="attack {defender}")]


def _prohibits(action: str):  # type: ignore[no-untyped-def]
    """Matches a prohibit of `action`, or of both attacking and blocking ("can't attack or
    block")."""
    return lambda args: f"action={action}" in args or "action=attack_or_block" in args


class Rules:
    @rule(
        DeclareAttackers(),
        id="attack.asks-characteristics",
        cites=("CR 508.1a",),
        because="whether a creature can attack depends on what it is now: its types and "
                "abilities after every continuous effect",
    )
    def asks(self):
        return StateAsked()

    # -- restrictions: a creature that can't attack as declared (508.1a, 508.1c) -----------

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=lacks("creature")),
        id="attack.not-a-creature",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1a",),
        because="only creatures can attack, and {creature} is not a creature now",
    )
    def not_creature(self, creature):
        return _barred(creature, "it is not a creature")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        GameObject(id=MATCH.creature, controller=MATCH.player),
        Turn(active=MATCH.active),
        TEST(lambda player, active: player != active),
        id="attack.not-active-player",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1", "CR 508.1a"),
        because="the active player, {active}, declares attackers, and only creatures they "
                "control can attack; {creature} is controlled by {player}",
    )
    def not_active(self, creature, active):
        return _barred(creature, "only the active player's creatures can attack")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        GameObject(id=MATCH.creature, tapped=True),
        id="attack.tapped",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1a",),
        because="{creature} is tapped, and only untapped creatures can be declared as "
                "attackers",
    )
    def tapped(self, creature):
        return _barred(creature, "it is tapped")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        GameObject(id=MATCH.creature, since_turn_began=False, haste=False,
                   controller=MATCH.player),
        Characteristics(object=MATCH.creature, keywords=lacks("haste")),
        id="attack.summoning-sick",
        says="{creature} can't attack {defender}",
        cites=("CR 302.6", "CR 508.1a"),
        because="{creature} has not been under {player}'s control continuously since "
                "{player}'s most recent turn began",
        absent=("{creature} does not have haste",),
    )
    def summoning_sick(self, creature):
        return _barred(creature, "it came under its controller's control this turn and has "
                                   "no haste")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, keywords=has("defender")),
        NOT(AttacksDespiteDefender(creature=MATCH.creature)),
        id="attack.defender",
        says="{creature} can't attack {defender}",
        cites=("CR 702.3b",),
        because="{creature} has defender, so it can't attack",
        absent=("no effect lets {creature} attack as though it didn't have defender",),
    )
    def defender(self, creature):
        return _barred(creature, "it has defender")

    # history2 area: "~ can attack as though it didn't have defender" (CR 702.3b): a static
    # ability of a permanent on the battlefield, for the creatures it affects, while it applies
    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature),
        StaticEffect(ability=MATCH.ability, effect="attack_despite_defender",
                     source=MATCH.source, affects=MATCH.affects),
        Selects(selector=MATCH.affects, object=MATCH.creature),
        GameObject(id=MATCH.source, zone="battlefield", name=MATCH.name),
        NOT(LostAbility(ability=MATCH.ability)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        id="attack.despite-defender",
        cites=("CR 702.3b",),
        because="{name} has a static ability that lets {creature} attack as though it didn't "
                "have defender, and it applies now",
        absent=("no effect has removed {ability} from {name}",
                "{ability}'s effect is not switched off"),
        says="{creature} can attack as though it didn't have defender",
    )
    def despite_defender(self, creature, source):
        return [AttacksDespiteDefender(creature=creature, source=source),
                Ruling(about=f"{creature}.despite-defender", subject=creature, verdict="can",
                       action="attack as though it didn't have defender")]

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     args=P(_prohibits("attack"))),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        id="attack.prohibited",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1c", "CR 101.2"),
        because="{ability} says that {creature} can't attack, and a restriction like this "
                "makes any declaration with it attacking illegal",
    )
    def prohibited(self, creature, ability):
        return _barred(creature, "an effect says it can't attack")

    # a one-shot effect that resolved earlier ("target creature can't attack this turn"): a
    # rule the objects it names follow while it lasts (611.2)
    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source,
                                    duration=MATCH.duration),
        TEST(lambda effect, creature: forbids(effect, creature, "attack", "attack_or_block")),
        id="attack.forbidden-by-effect",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1c", "CR 611.2"),
        because="{source} resolved and said that {creature} can't attack; that effect "
                "lasts {duration}, so it still applies now",
    )
    def forbidden_by_effect(self, creature):
        return _barred(creature, "an effect that resolved says it can't attack")

    @rule(
        DeclareAttackers(),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source),
        GameObject(id=MATCH.creature, zone="battlefield"),
        TEST(lambda effect, creature: forbids(effect, creature, "attack", "attack_or_block")),
        NOT(Attacking(creature=MATCH.creature)),
        id="attack.forbidden-not-declared",
        cites=("CR 508.1c", "CR 508.1d", "CR 611.2"),
        because="{source} resolved and said that {creature} can't attack, so no requirement "
                "can ask it to",
        absent=("{creature} is not declared as an attacker",),
    )
    def forbidden_not_declared(self, creature):
        return AttackBarred(creature=creature, reason="an effect that resolved says it can't "
                                                      "attack")

    @rule(
        DeclareAttackers(),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     args=P(_prohibits("attack"))),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        NOT(Attacking(creature=MATCH.creature)),
        id="attack.restricted-not-declared",
        cites=("CR 508.1c", "CR 508.1d"),
        because="{ability} says that {creature} can't attack, so no requirement can ask it "
                "to",
        absent=("{creature} is not declared as an attacker",),
    )
    def restricted_not_declared(self, creature):
        return AttackBarred(creature=creature, reason="an effect says it can't attack")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        GameObject(id=MATCH.creature, controller=MATCH.player),
        Player(name=MATCH.defender),
        NOT(Opponent(player=MATCH.defender, of=MATCH.player)),
        id="attack.not-an-opponent",
        says="{creature} can't attack {defender}",
        cites=("CR 506.2", "CR 508.1b"),
        because="{player} can attack only an opponent, or a planeswalker or battle, and "
                "{defender} is not {player}'s opponent",
        absent=("{defender} is not an opponent of {player}",),
    )
    def not_opponent(self, creature, defender):
        return _barred(creature, "it can attack only an opponent or a planeswalker or battle")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        GameObject(id=MATCH.creature, controller=MATCH.player),
        GameObject(id=MATCH.defender, controller=MATCH.player),
        id="attack.own-permanent",
        says="{creature} can't attack {defender}",
        cites=("CR 506.2", "CR 508.1b"),
        because="{player} controls {defender}; a creature can attack only an opponent or a "
                "planeswalker an opponent controls (or a battle they protect)",
    )
    def own_permanent(self, creature):
        return _barred(creature, "it can attack only an opponent's permanent")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.defender,
                        types=P(lambda t: "planeswalker" not in t and "battle" not in t)),
        id="attack.not-attackable",
        says="{creature} can't attack {defender}",
        cites=("CR 506.3", "CR 508.1b"),
        because="{defender} is neither a player nor a planeswalker or battle, so nothing can "
                "attack it",
    )
    def not_attackable(self, creature):
        return _barred(creature, "what it attacks is not a player, planeswalker or battle")

    # -- the rulings -----------------------------------------------------------------------

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.legal",
        cites=("CR 508.1a", "CR 508.1b"),
        because="{creature} is an untapped creature the active player controls that has been "
                "under their control since their turn began (or has haste), and no effect "
                "stops it from attacking",
        absent=("nothing stops {creature} from attacking",),
        says="{creature} can attack {defender}",
    )
    def legal(self, creature, defender):
        return Ruling(about=f"{creature}:attack", subject="{creature}", verdict="can",
                      action="attack {defender}")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature"),
                        keywords=lacks("vigilance")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.taps",
        cites=("CR 508.1f",),
        because="declaring {creature} as an attacker taps it",
        absent=("{creature} does not have vigilance",),
        says="{creature} becomes tapped as it attacks",
    )
    def taps(self, creature):
        return Ruling(about=f"{creature}:attack-tap", subject="{creature}",
                      verdict="happens", action="become tapped as it attacks")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature"),
                        keywords=has("vigilance")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.vigilance",
        cites=("CR 702.20b", "CR 508.1f"),
        because="{creature} has vigilance, so attacking doesn't cause it to tap",
        absent=("nothing stops {creature} from attacking",),
        says="{creature} attacks without tapping",
    )
    def vigilance(self, creature):
        return Ruling(about=f"{creature}:attack-tap", subject="{creature}",
                      verdict="doesn't happen", action="become tapped as it attacks")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.event",
        cites=("CR 508.1m", "CR 508.3a"),
        because="{creature} is declared as an attacker, and abilities that trigger on a "
                "creature attacking trigger once the attackers are declared",
        absent=("nothing stops {creature} from attacking",),
    )
    def event(self, creature, defender):
        return GameEvent(event="declare-attackers", kind="attacks", object=creature,
                         player=defender)

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.alone",
        cites=("CR 506.5",),
        because="{creature} is the only creature declared as an attacker, so it attacks "
                "alone, and abilities that trigger on a creature attacking alone (exalted, "
                "CR 702.83a) trigger",
        absent=("nothing stops {creature} from attacking",),
        salience=salience.AGGREGATE,
    )
    def alone(self, creature, defender):
        others = [a for a in self.collect(Attacking) if a["creature"] != creature
                  and not self.collect(AttackBarred, creature=a["creature"])]
        if others:
            return None
        return GameEvent(event="declare-attackers", kind="attacks_alone", object=creature,
                         player=defender)

    @rule(
        DeclareAttackers(),
        Trigger(ability=MATCH.ability, source=MATCH.creature, event="attacks_with_others",
                args=MATCH.args),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        Characteristics(object=MATCH.creature, types=has("creature")),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.with-others",
        cites=("CR 508.1m", "CR 508.1a"),
        because="{creature} is declared as an attacker together with other attacking "
                "creatures, as many as {ability} asks for at least, so it attacks with them "
                "and abilities that trigger on that trigger",
        absent=("nothing stops {creature} from attacking",),
        salience=salience.AGGREGATE,
    )
    def with_others(self, creature, defender, ability, args):
        # greatest: battalion ("whenever ~ and at least two other creatures attack"): the
        # other creatures declared as attackers that its `others` selector picks
        trigger = {"args": args}
        need = int(arg(trigger, "at_least") or 1)
        picks = arg(trigger, "others")
        others = [a["creature"] for a in self.collect(Attacking) if a["creature"] != creature
                  and not self.collect(AttackBarred, creature=a["creature"])
                  and (not picks or self.collect(Selects, selector=picks,
                                                 object=a["creature"]))]
        if len(others) < need:
            return None
        return GameEvent(event="declare-attackers", kind="attacks_with_others",
                         object=creature, player=defender)

    # -- requirements (508.1d) ----------------------------------------------------------------

    @rule(
        DeclareAttackers(),
        StaticEffect(ability=MATCH.ability, effect="require", affects=MATCH.selector,
                     args=has("action=attack")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        GameObject(id=MATCH.creature, zone="battlefield", tapped=False,
                   controller=MATCH.player, since_turn_began=MATCH.since, haste=MATCH.haste),
        Turn(active=MATCH.player),
        Characteristics(object=MATCH.creature, types=has("creature"),
                        keywords=MATCH.keywords),
        TEST(lambda keywords: "defender" not in keywords),
        # a creature that came under its controller's control this turn can attack only
        # with haste (302.6): then the requirement asks nothing of it
        TEST(lambda since, haste, keywords: since or haste or "haste" in keywords),
        NOT(Attacking(creature=MATCH.creature)),
        NOT(AttackBarred(creature=MATCH.creature)),
        id="attack.requirement-unmet",
        cites=("CR 508.1d",),
        because="{ability} says {creature} attacks each combat if able; it is an untapped "
                "creature of the active player, without defender, that has been under their "
                "control since the turn began (or has haste), and no restriction stops it, so "
                "a declaration without it doesn't obey as many requirements as possible",
        absent=("{creature} is not declared as an attacker",
                "nothing stops {creature} from attacking"),
        says="{creature} must attack: the declaration without it is illegal",
    )
    def requirement_unmet(self, creature):
        return Ruling(about=f"{creature}:must-attack", subject="{creature}", verdict="must",
                      action="attack this combat")

    # -- combat area: attacking alone (506.5) and "can't attack unless defending player
    # controls …" (508.1c) ------------------------------------------------------------------

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     args=P(lambda args: "action=attack_alone" in args
                            or "action=attack_or_block_alone" in args)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        id="attack.alone-prohibited",
        says="{creature} can't attack {defender}",
        cites=("CR 506.5", "CR 508.1c"),
        because="{ability} says that {creature} can't attack alone, and it is the only "
                "creature declared as an attacker",
        salience=salience.AGGREGATE,
    )
    def alone_prohibited(self, creature):
        if any(a["creature"] != creature for a in self.collect(Attacking)):
            return None
        return _barred(creature, "it can't attack alone, and no other creature attacks")

    @rule(
        DeclareAttackers(),
        Attacking(creature=MATCH.creature, defender=MATCH.defender),
        StaticEffect(ability=MATCH.ability, effect="cant_attack_unless", affects=MATCH.selector,
                     values=MATCH.values),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        Selector(id=MATCH.needed, text=MATCH.described),
        TEST(lambda values, needed: list(values) == [needed]),
        id="attack.unless-defending-player-controls",
        says="{creature} can't attack {defender}",
        cites=("CR 508.1c", "CR 506.2"),
        because="{ability} says that {creature} can't attack unless the defending player "
                "controls {described}; attacking {defender}, the defending player would be "
                "{defender} (or who controls it), and they control none",
        absent=("the defending player controls no {described}",),
        salience=salience.AGGREGATE,
    )
    def unless_defending_controls(self, creature, defender, needed):
        player = _defending_player(self, defender)
        if player is None or _controls_such(self, player, needed):
            return None
        return _barred(creature, f"{player}, the defending player, controls no permanent it "
                                 "needs the defending player to control")

    @rule(
        DeclareAttackers(),
        StaticEffect(ability=MATCH.ability, effect="cant_attack_unless", affects=MATCH.selector,
                     values=MATCH.values),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        GameObject(id=MATCH.creature, zone="battlefield", controller=MATCH.player),
        NOT(Attacking(creature=MATCH.creature)),
        id="attack.unless-not-declared",
        cites=("CR 508.1c", "CR 508.1d"),
        because="{ability} says that {creature} can't attack unless the defending player "
                "controls such a permanent, and no opponent of {player} controls one, so no "
                "requirement can ask it to attack",
        absent=("{creature} is not declared as an attacker",),
        salience=salience.AGGREGATE,
    )
    def unless_not_declared(self, creature, player, values):
        for opp in self.collect(Opponent, of=player):
            if _controls_such(self, opp["player"], values[0]):
                return None
        return AttackBarred(creature=creature, reason="no opponent controls a permanent it "
                                                      "needs the defending player to control")


def _defending_player(engine: object, defender: str) -> str | None:
    """The defending player of a creature attacking `defender` (506.2): the player, or who
    controls the planeswalker or battle."""
    if engine.collect(Player, name=defender):  # type: ignore[attr-defined]
        return defender
    found = engine.collect(GameObject, id=defender)  # type: ignore[attr-defined]
    return str(found[0]["controller"]) if found else None


def _controls_such(engine: object, player: str, selector: str) -> bool:
    return any(engine.collect(GameObject, id=s["object"], zone="battlefield",  # type: ignore[attr-defined]
                              controller=player)
               for s in engine.collect(Selects, selector=selector))  # type: ignore[attr-defined]
