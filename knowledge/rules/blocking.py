"""CR 509 (with 702.9, 702.17, 702.111): declaring blockers. Which creatures may block which
attackers — untapped creatures of the defending player, flying and reach, menace, "can't
block", one attacker each — and what blocking does ("whenever … blocks" triggers; a blocked
creature stays blocked, 509.1h)."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.combat import (
    Attacking,
    BlockBarred,
    Blocking,
    BlocksMore,
    DeclareBlockers,
)
from rulings.facts.effects import Keyword, Selector, Selects, StaticEffect, protection_covers
from rulings.facts.game import GameObject
from rulings.facts.match import has, lacks
from rulings.facts.rulings import Ruling
from rulings.facts.stack import GameEvent
from rulings.facts.state import (
    Characteristics,
    ResolvedEffect,
    StateAsked,
    StaticNotApplied,
)
from rulings.knowledge.rules.evasion import evades
from rulings.knowledge.rules.static_abilities import in_force

TOPIC = "CR 509 Declaring blockers"


def _barred(blocker: str, attacker: str, reason: str) -> list:
    """A restriction stops this block: the fact other rules read, and the ruling that says so
    (the restriction's own rule cites the CR rule behind it)."""
    return [BlockBarred(blocker=blocker, attacker=attacker, reason=reason),
            Ruling(about=f"{blocker}:block:{attacker}", subject="{blocker}", verdict="can't",
                   action="block {attacker}")]


def _traits_of(engine: object, creature: str) -> dict:
    found = engine.collect(Characteristics, object=creature)  # type: ignore[attr-defined]
    return dict(found[0]) if found else {"types": [], "colors": [], "power": 0}


def forbids(effect: object, obj: str, *actions: str) -> bool:
    """Whether a resolved one-shot effect says `obj` can't do one of `actions` (a rule it
    gives the objects it names for its duration, CR 611.2)."""
    return obj in effect["objects"] and any(  # type: ignore[index]
        a in effect["values"] for a in actions)  # type: ignore[index]


def resolved_forbids(engine: object, obj: str, *actions: str) -> bool:
    return any(forbids(e, obj, *actions) for e in engine.collect(  # type: ignore[attr-defined]
        ResolvedEffect, effect="prohibit"))


def _flies(keywords: object) -> bool:
    return "flying" in keywords or "reach" in keywords  # type: ignore[operator]


class Rules:
    @rule(
        DeclareBlockers(),
        id="block.asks-characteristics",
        cites=("CR 509.1a",),
        because="whether a creature can block depends on what it and the attacker are now",
    )
    def asks(self):
        return StateAsked()

    # -- restrictions (509.1a–b) ---------------------------------------------------------------

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        NOT(Attacking(creature=MATCH.attacker)),
        id="block.not-attacking",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1a",),
        because="a creature can block only an attacking creature, and {attacker} is not "
                "attacking",
        absent=("{attacker} is not an attacking creature",),
    )
    def not_attacking(self, blocker, attacker):
        return _barred(blocker, attacker, "that creature is not attacking")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        GameObject(id=MATCH.blocker, tapped=True),
        id="block.tapped",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1a",),
        because="{blocker} is tapped, and only untapped creatures can block",
    )
    def tapped(self, blocker, attacker):
        return _barred(blocker, attacker, "it is tapped")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.blocker, types=lacks("creature")),
        id="block.not-a-creature",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1a",),
        because="only creatures can block, and {blocker} is not a creature now",
    )
    def not_creature(self, blocker, attacker):
        return _barred(blocker, attacker, "it is not a creature")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Attacking(creature=MATCH.attacker, defender=MATCH.defender),
        GameObject(id=MATCH.blocker, controller=MATCH.player),
        TEST(lambda player, defender: player != defender),
        NOT(GameObject(id=MATCH.defender, controller=MATCH.player)),
        id="block.not-defending-player",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1a", "CR 506.2"),
        because="{attacker} attacks {defender}; only the player it attacks (or who controls "
                "the planeswalker it attacks) can block it, and {blocker} is {player}'s",
        absent=("{player} does not control {defender}",),
    )
    def not_defending(self, blocker, attacker, defender):
        return _barred(blocker, attacker, "its controller is not the player that creature attacks")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("flying")),
        Characteristics(object=MATCH.blocker, keywords=P(lambda k: not _flies(k))),
        id="block.flying",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.9b", "CR 702.17b"),
        because="{attacker} has flying, so only a creature with flying or reach can block it, "
                "and {blocker} has neither",
    )
    def flying(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has flying and the blocker has neither "
                                  "flying nor reach")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("protection")),
        AS.kw << Keyword(object=MATCH.attacker, keyword="protection", value=MATCH.quality,
                         selector=MATCH.sel),
        AS.sl << Selector(id=MATCH.sel),
        AS.b << Characteristics(object=MATCH.blocker),
        TEST(lambda kw, sl, b: protection_covers(kw, sl, b)),
        id="block.protection",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.16f", "CR 509.1b"),
        because="{attacker} has protection from {quality}, and an attacking creature with "
                "protection can't be blocked by creatures with that quality; {blocker} has it",
    )
    def protection(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has protection from a quality the "
                                          "blocker has")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("protection")),
        AS.kw << Keyword(object=MATCH.attacker, keyword="protection", value=MATCH.quality,
                         selector=""),
        AS.b << Characteristics(object=MATCH.blocker),
        TEST(lambda kw, b: protection_covers(kw, None, b)),
        id="block.protection-named",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.16f", "CR 509.1b"),
        because="{attacker} has protection from {quality}, and an attacking creature with "
                "protection can't be blocked by creatures with that quality; {blocker} has it",
    )
    def protection_named(self, blocker, attacker):
        return _barred(blocker, attacker, "the attacker has protection from a quality the "
                                          "blocker has")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     what="", args=P(lambda args: "action=block" in args
                                     or "action=attack_or_block" in args)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.blocker),
        id="block.prohibited",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 101.2"),
        because="{ability} says that {blocker} can't block",
    )
    def prohibited(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect says it can't block")

    # "can block only creatures with flying" (a restriction on whom it blocks, 509.1b): the
    # card language says it as "can't block the others" (prohibit: block, what: not …)
    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     what=MATCH.what, args=has("action=block")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        TEST(lambda what: what != ""),
        Selects(selector=MATCH.selector, object=MATCH.blocker),
        Selects(selector=MATCH.what, object=MATCH.attacker),
        Selector(id=MATCH.what, text=MATCH.described),
        id="block.prohibited-against",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 101.2"),
        because="{ability} says that {blocker} can't block {described}, and {attacker} is one",
    )
    def prohibited_against(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect says it can't block creatures like the "
                                          "attacker")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     what="", args=has("action=be_blocked")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        id="block.unblockable",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 101.2"),
        because="{ability} says that {attacker} can't be blocked, a restriction no block "
                "of it can obey",
    )
    def unblockable(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect says the attacker can't be blocked")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     what=MATCH.what, args=has("action=be_blocked")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        TEST(lambda what: what != ""),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        Selects(selector=MATCH.what, object=MATCH.blocker),
        Selector(id=MATCH.what, text=MATCH.described),
        id="block.unblockable-by",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 101.2"),
        because="{ability} says that {attacker} can't be blocked by {described}, and "
                "{blocker} is one",
    )
    def unblockable_by(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect says the attacker can't be blocked by "
                                          "creatures like it")

    # a one-shot effect that resolved earlier ("target creature can't block this turn",
    # "~ can't be blocked this turn"): a rule the objects it names follow while it lasts
    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source,
                                    duration=MATCH.duration),
        TEST(lambda effect, blocker: forbids(effect, blocker, "block", "attack_or_block")),
        id="block.forbidden-by-effect",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 611.2"),
        because="{source} resolved and said that {blocker} can't block; that effect lasts "
                "{duration}, so it still applies now",
    )
    def forbidden_by_effect(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect that resolved says it can't block")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        AS.effect << ResolvedEffect(effect="prohibit", source=MATCH.source,
                                    duration=MATCH.duration),
        TEST(lambda effect, attacker: forbids(effect, attacker, "be_blocked")),
        id="block.unblockable-by-effect",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b", "CR 611.2"),
        because="{source} resolved and said that {attacker} can't be blocked; that effect "
                "lasts {duration}, so no block of {attacker} is legal now",
    )
    def unblockable_by_effect(self, blocker, attacker):
        return _barred(blocker, attacker, "an effect that resolved says the attacker can't be "
                                          "blocked")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.attacker, keywords=has("menace")),
        id="block.menace-alone",
        says="{blocker} can't block {attacker}",
        cites=("CR 702.111b", "CR 509.1b"),
        because="{attacker} has menace, so it can't be blocked except by two or more "
                "creatures, and {blocker} is the only creature blocking it",
        salience=salience.AGGREGATE,
    )
    def menace_alone(self, blocker, attacker):
        if len(self.collect(Blocking, attacker=attacker)) != 1:
            return None
        return _barred(blocker, attacker, "the attacker has menace and only one creature blocks it")

    @rule(
        DeclareBlockers(),
        StaticEffect(ability=MATCH.ability, effect=MATCH.effect, affects=MATCH.selector,
                     values=MATCH.values),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        TEST(lambda effect: effect in ("block_additional", "block_any_number")),
        Selects(selector=MATCH.selector, object=MATCH.blocker),
        Blocking(blocker=MATCH.blocker),
        id="block.may-block-more",
        cites=("CR 509.1a",),
        because="{ability} lets {blocker} block more than one attacking creature",
    )
    def may_block_more(self, blocker, ability, effect, values):
        if effect == "block_any_number":
            if values and str(values[0]).lower() == "false":
                return None
            return BlocksMore(blocker=blocker, ability=ability, extra=-1)
        return BlocksMore(blocker=blocker, ability=ability, extra=int(values[0]))

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        id="block.one-attacker-each",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1a",),
        because="each creature can block only one attacker unless an ability lets it block "
                "more, and {blocker} is declared as blocking more attackers than it may",
        salience=salience.AGGREGATE,
    )
    def several(self, blocker, attacker):
        blocks = len(self.collect(Blocking, blocker=blocker))
        more = [f["extra"] for f in self.collect(BlocksMore, blocker=blocker)]
        if blocks < 2 or -1 in more or blocks <= 1 + sum(more):
            return None
        return _barred(blocker, attacker, "it can block only "
                       f"{1 + sum(more)} attacker{'s' if more else ''}")

    @rule(
        DeclareBlockers(),
        BlocksMore(blocker=MATCH.blocker, ability=MATCH.ability),
        id="block.several-attackers",
        says="{blocker} can {action}",
        cites=("CR 509.1a", "CR 509.1b"),
        because="a creature blocks only one attacker unless an ability lets it block more, "
                "and {ability} lets {blocker} block more",
        salience=salience.AGGREGATE,
    )
    def several_allowed(self, blocker, ability):
        blocks = len(self.collect(Blocking, blocker=blocker))
        more = [f["extra"] for f in self.collect(BlocksMore, blocker=blocker)]
        limit = None if -1 in more else 1 + sum(more)
        if blocks < 2 or (limit is not None and blocks > limit):
            return None
        allowed = "any number" if limit is None else f"up to {limit}"
        return Ruling(about=f"{blocker}:blocks-several", subject="{blocker}", verdict="can",
                      action=f"block {blocks} attacking creatures ({allowed} this combat)")

    # -- requirements (509.1c) ----------------------------------------------------------------

    @rule(
        DeclareBlockers(),
        StaticEffect(ability=MATCH.ability, effect="require", affects=MATCH.selector,
                     args=has("action=block")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.creature),
        GameObject(id=MATCH.creature, zone="battlefield", tapped=False,
                   controller=MATCH.player),
        Characteristics(object=MATCH.creature, types=has("creature"), keywords=MATCH.keywords),
        NOT(Blocking(blocker=MATCH.creature)),
        id="block.requirement-unmet",
        cites=("CR 509.1c",),
        because="{ability} says {creature} blocks each combat if able; it is an untapped "
                "creature of {player}, who is being attacked, and nothing stops it from "
                "blocking an attacker, so a declaration without it doesn't obey as many "
                "requirements as possible",
        absent=("{creature} is not declared as a blocker",
                "no effect says {creature} can't block"),
        says="{creature} must {action}",
        salience=salience.AGGREGATE,
    )
    def requirement_unmet(self, creature, player, keywords):
        def affected(effect: str, action: str, oid: str) -> bool:
            return any(f"action={action}" in e["args"] and e["what"] == ""
                       and in_force(self, e)
                       and self.collect(Selects, selector=e["affects"], object=oid)
                       for e in self.collect(StaticEffect, effect=effect))
        if affected("prohibit", "block", creature) or \
                affected("prohibit", "attack_or_block", creature) or \
                resolved_forbids(self, creature, "block", "attack_or_block"):
            return None
        for att in self.collect(Attacking):
            attacker, defender = att["creature"], att["defender"]
            if defender != player and not self.collect(GameObject, id=defender,
                                                       controller=player):
                continue
            traits = self.collect(Characteristics, object=attacker)
            kws = traits[0]["keywords"] if traits else []
            if "flying" in kws and not _flies(keywords):
                continue
            if "menace" in kws or affected("prohibit", "be_blocked", attacker) or \
                    resolved_forbids(self, attacker, "be_blocked") or any(
                        self.collect(Selects, selector=e["affects"], object=attacker)
                        for e in self.collect(StaticEffect, effect="min_blockers")
                        if in_force(self, e)):
                # a creature that needs others beside it to block (like menace): not asked
                continue
            if traits and evades(self, traits[0], {"keywords": keywords, **_traits_of(
                    self, creature)}, player):
                continue  # shadow, fear, landwalk … (evasion.py)
            return Ruling(about=f"{creature}:must-block", subject="{creature}", verdict="must",
                          action=f"block this combat (it could block {traits[0]['name']})"
                          if traits else "block this combat")
        return None

    # -- the rulings -------------------------------------------------------------------------

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.blocker, types=has("creature")),
        NOT(BlockBarred(blocker=MATCH.blocker, attacker=MATCH.attacker)),
        id="block.event",
        cites=("CR 509.1i", "CR 509.2a", "CR 509.3b", "CR 509.3d"),
        because="{blocker} is declared as a blocker of {attacker}, and abilities that "
                "trigger on blocking or on becoming blocked trigger once blockers are declared",
        absent=("nothing stops {blocker} from blocking {attacker}",),
    )
    def event(self, blocker, attacker):
        return [GameEvent(event="declare-blockers", kind="blocks", object=blocker),
                GameEvent(event="declare-blockers", kind="becomes_blocked", object=attacker),
                # once for each pair (509.3b, 509.3d): "blocks a creature", "becomes blocked
                # by a creature"; `to` is the other creature
                GameEvent(event="declare-blockers", kind="blocks_creature", object=blocker,
                          to=attacker),
                GameEvent(event="declare-blockers", kind="blocked_by_creature",
                          object=attacker, to=blocker)]

    @rule(
        DeclareBlockers(),
        Attacking(creature=MATCH.attacker, defender=MATCH.defender),
        Characteristics(object=MATCH.attacker, types=has("creature")),
        id="block.unblocked-event",
        cites=("CR 509.3g", "CR 509.1h"),
        because="no creature is declared as a blocker of the attacking {attacker}, so "
                "abilities that trigger when it attacks and isn't blocked trigger",
        salience=salience.AGGREGATE,
    )
    def unblocked_event(self, attacker, defender):
        blockers = [b for b in self.collect(Blocking, attacker=attacker)
                    if not self.collect(BlockBarred, blocker=b["blocker"], attacker=attacker)]
        if blockers:
            return None
        return GameEvent(event="declare-blockers", kind="attacks_unblocked", object=attacker,
                         player=defender)

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        Characteristics(object=MATCH.blocker, types=has("creature")),
        NOT(BlockBarred(blocker=MATCH.blocker, attacker=MATCH.attacker)),
        id="block.legal",
        cites=("CR 509.1a", "CR 509.1h"),
        because="{blocker} is an untapped creature of a defending player — the player "
                "{attacker} attacks, or who controls the planeswalker or protects the battle "
                "it attacks — and nothing restricts this block; {attacker} becomes a blocked "
                "creature",
        absent=("nothing stops {blocker} from blocking {attacker}",),
        says="{blocker} can block {attacker}",
    )
    def legal(self, blocker, attacker):
        return Ruling(about=f"{blocker}:block:{attacker}", subject="{blocker}", verdict="can",
                      action="block {attacker}")

    # -- combat area: restrictions on how many block and on blocking alone (509.1b, 506.5) --

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="max_blockers", affects=MATCH.selector,
                     values=MATCH.values),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        id="block.too-many-blockers",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b",),
        because="{ability} limits how many creatures can block {attacker}, and more "
                "creatures than it allows are declared as blocking it",
        salience=salience.AGGREGATE,
    )
    def too_many_blockers(self, blocker, attacker, values):
        most = int(values[0])
        declared = {b["blocker"] for b in self.collect(Blocking, attacker=attacker)}
        if len(declared) <= most:
            return None
        return _barred(blocker, attacker, f"the attacker can't be blocked by more than {most} "
                       f"creature(s), and {len(declared)} block it")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="prohibit", affects=MATCH.selector,
                     args=P(lambda args: "action=block_alone" in args
                            or "action=attack_or_block_alone" in args)),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.blocker),
        id="block.alone-prohibited",
        says="{blocker} can't block {attacker}",
        cites=("CR 506.5", "CR 509.1b"),
        because="{ability} says that {blocker} can't block alone, and it is the only creature "
                "declared as a blocker",
        salience=salience.AGGREGATE,
    )
    def alone_prohibited(self, blocker, attacker):
        if any(b["blocker"] != blocker for b in self.collect(Blocking)):
            return None
        return _barred(blocker, attacker, "it can't block alone, and no other creature blocks")

    @rule(
        DeclareBlockers(),
        Blocking(blocker=MATCH.blocker, attacker=MATCH.attacker),
        StaticEffect(ability=MATCH.ability, effect="min_blockers", affects=MATCH.selector,
                     values=MATCH.values),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        id="block.too-few-blockers",
        says="{blocker} can't block {attacker}",
        cites=("CR 509.1b",),
        because="{ability} says how many creatures at least must block {attacker}, and fewer "
                "creatures than that are declared as blocking it",
        salience=salience.AGGREGATE,
    )
    def too_few_blockers(self, blocker, attacker, values):
        least = int(values[0])
        declared = {b["blocker"] for b in self.collect(Blocking, attacker=attacker)}
        if len(declared) >= least:
            return None
        return _barred(blocker, attacker, f"the attacker can't be blocked except by {least} or "
                       f"more creatures, and {len(declared)} block it")

    # -- combat area: requirements on an attacker's blocks (509.1c) ----------------------------

    @rule(
        DeclareBlockers(),
        StaticEffect(ability=MATCH.ability, effect="require", affects=MATCH.selector,
                     args=has("action=be_blocked_by_all")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        Attacking(creature=MATCH.attacker, defender=MATCH.defender),
        GameObject(id=MATCH.creature, zone="battlefield", tapped=False,
                   controller=MATCH.player),
        Characteristics(object=MATCH.creature, types=has("creature")),
        TEST(lambda creature, attacker: creature != attacker),
        NOT(Blocking(blocker=MATCH.creature, attacker=MATCH.attacker)),
        id="block.lure-unmet",
        cites=("CR 509.1c",),
        because="{ability} says every creature able to block {attacker} does so; {creature} is "
                "an untapped creature of {player}, the defending player, and nothing stops it "
                "from blocking {attacker}, so a declaration without that block doesn't obey as "
                "many requirements as possible",
        absent=("{creature} is not declared as blocking {attacker}",
                "no effect stops {creature} from blocking {attacker}"),
        says="{creature} must {action}",
        salience=salience.AGGREGATE,
    )
    def lure_unmet(self, creature, attacker, defender, player):
        if _defending_player_of(self, defender) != player or not could_block(
                self, creature, attacker):
            return None
        for other in self.collect(Blocking, blocker=creature):
            # blocking another creature that every able creature must block obeys as many
            # requirements
            if _required(self, other["attacker"], "be_blocked_by_all"):
                return None
        return Ruling(about=f"{creature}:must-block:{attacker}", subject="{creature}",
                      verdict="must", action="block {attacker}")

    @rule(
        DeclareBlockers(),
        StaticEffect(ability=MATCH.ability, effect="require", affects=MATCH.selector,
                     args=has("action=be_blocked")),
        NOT(StaticNotApplied(ability=MATCH.ability)),
        Selects(selector=MATCH.selector, object=MATCH.attacker),
        Attacking(creature=MATCH.attacker, defender=MATCH.defender),
        NOT(Blocking(attacker=MATCH.attacker)),
        id="block.must-be-blocked-unmet",
        cites=("CR 509.1c",),
        because="{ability} says {attacker} must be blocked if able; no creature blocks it, and "
                "a creature of the defending player that is free to block it could, so a "
                "declaration without that block doesn't obey as many requirements as possible",
        absent=("no creature is declared as blocking {attacker}",),
        says="{attacker} must {action}",
        salience=salience.AGGREGATE,
    )
    def must_be_blocked_unmet(self, attacker, defender):
        player = _defending_player_of(self, defender)
        for obj in self.collect(GameObject, zone="battlefield", tapped=False, controller=player):
            creature = obj["id"]
            traits = self.collect(Characteristics, object=creature)
            if creature == attacker or not traits or "creature" not in traits[0]["types"]:
                continue
            if not could_block(self, creature, attacker):
                continue
            busy = [b["attacker"] for b in self.collect(Blocking, blocker=creature)]
            # blocking an attacker that asks nothing of its blocks (no requirement, and no
            # number of blockers it needs): moving that block obeys one more requirement
            if any(_required(self, a, "be_blocked_by_all") or _required(self, a, "be_blocked")
                   or _needs_blockers(self, a) for a in busy):
                continue
            return Ruling(about=f"{attacker}:must-be-blocked", subject="{attacker}",
                          verdict="must", action=f"be blocked ({traits[0]['name']} could "
                                                 "block it)")
        return None


def _defending_player_of(engine: object, defender: str) -> str:
    """The defending player of a creature attacking `defender` (506.2): the player, or who
    controls the planeswalker or battle it attacks."""
    found = engine.collect(GameObject, id=defender)  # type: ignore[attr-defined]
    return str(found[0]["controller"]) if found else defender


def _affecting(engine: object, effect: str, obj: str, arg: str = "") -> list:
    return [e for e in engine.collect(StaticEffect, effect=effect)  # type: ignore[attr-defined]
            if (not arg or arg in e["args"]) and in_force(engine, e)
            and engine.collect(Selects, selector=e["affects"], object=obj)]  # type: ignore[attr-defined]


def _required(engine: object, attacker: str, action: str) -> bool:
    return bool(_affecting(engine, "require", attacker, f"action={action}"))


def _needs_blockers(engine: object, attacker: str) -> bool:
    traits = engine.collect(Characteristics, object=attacker)  # type: ignore[attr-defined]
    return bool(traits and "menace" in traits[0]["keywords"]) or bool(
        _affecting(engine, "min_blockers", attacker))


def could_block(engine: object, creature: str, attacker: str) -> bool:
    """Whether `creature` (an untapped creature of the defending player) could block
    `attacker` with nothing else changed: for the requirement rules (509.1c). Anything that
    needs other blockers beside it (menace, a number of blockers, "can't block alone"), or a
    protection, is answered no, so that no requirement is claimed where it may not hold."""
    mine = engine.collect(Characteristics, object=creature)  # type: ignore[attr-defined]
    theirs = engine.collect(Characteristics, object=attacker)  # type: ignore[attr-defined]
    if not mine or not theirs or not engine.collect(  # type: ignore[attr-defined]
            Attacking, creature=attacker):
        return False
    me, it = mine[0], theirs[0]
    if "flying" in it["keywords"] and not _flies(me["keywords"]):
        return False
    if _needs_blockers(engine, attacker) or "protection" in it["keywords"]:
        return False
    for e in _affecting(engine, "prohibit", creature):
        if {"action=block", "action=attack_or_block", "action=block_alone",
                "action=attack_or_block_alone"} & set(e["args"]) and (
                e["what"] == "" or engine.collect(  # type: ignore[attr-defined]
                    Selects, selector=e["what"], object=attacker)):
            return False
    for e in _affecting(engine, "prohibit", attacker, "action=be_blocked"):
        if e["what"] == "" or engine.collect(  # type: ignore[attr-defined]
                Selects, selector=e["what"], object=creature):
            return False
    for e in _affecting(engine, "max_blockers", attacker):
        others = {b["blocker"] for b in engine.collect(  # type: ignore[attr-defined]
            Blocking, attacker=attacker)} - {creature}
        if len(others) >= int(e["values"][0]):
            return False
    if resolved_forbids(engine, creature, "block", "attack_or_block") or resolved_forbids(
            engine, attacker, "be_blocked"):
        return False
    player = str(engine.collect(GameObject, id=creature)[0]["controller"])  # type: ignore[attr-defined]
    return not evades(engine, it, me, player)
