"""Resolving a spell or ability: its instructions are followed in the order written; a part
that can't be done is skipped and the rest still happens (CR 608.2c, 101.3).

Rulings of a walk-through are numbered: preliminaries 1–9, then instruction k gets 10·k + n."""

from __future__ import annotations

from rulings.engine import salience
from rulings.engine.experta_compat import AS, MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked
from rulings.facts.effects import Selector, TargetSlot
from rulings.facts.game import Ability, GameObject, Opponent, Player
from rulings.facts.match import lacks
from rulings.facts.resolution import (
    CastFoundStep,
    ExiledInstead,
    ExileTargetStep,
    Found,
    FoundExiledOpen,
    LookAtTopStep,
    OpponentsExileFound,
    OtherStep,
    PicksOpen,
    PutStep,
    Resolve,
    Resolving,
    RevealFoundStep,
    RevealTopStep,
    SearchBarred,
    SearchPlan,
    SearchUndecided,
    ShuffleHappens,
    ShuffleStep,
    ZonedTarget,
    esc,
    player_for,
)
from rulings.facts.rulings import Ruling, step_ref
from rulings.facts.stack import ResolveTop

TOPIC = "CR 608.2 Resolving spells and abilities"

PLACES = {
    "hand": "into {owner}'s hand",
    "battlefield": "onto the battlefield",
    "graveyard": "into {owner}'s graveyard",
    "top of library": "on top of {owner}'s library",
    "bottom of library": "on the bottom of {owner}'s library",
    "exile": "into exile",
}


def place(to: str, owner: str, tapped: bool = False, under: str = "") -> str:
    text = PLACES[to].format(owner=owner)
    if to == "battlefield":
        text += " tapped" if tapped else ""
        text += f" under {under}'s control" if under else ""
    return text


def found_noun(description: str) -> str:
    """'the card found', 'the basic land card found' (from 'a basic land card')."""
    for head in ("a ", "an "):
        if description.startswith(head) and description.endswith("card"):
            return f"the {description[len(head):]} found"
    return "the card found"


def top_cards(count: int) -> str:
    """'the top card', 'the top 3 cards'."""
    return "the top card" if count == 1 else f"the top {count} cards"


def only_opponent(engine, player: str) -> str:
    """The one opponent of `player` still in the game, or '' when there are several (an
    instruction about "an opponent" then needs the choice said)."""
    others = [p["name"] for p in engine.situation_facts()
              if isinstance(p, Player) and not p["left_game"] and p["name"] != player]
    return others[0] if len(others) == 1 else ""


class Rules:
    # -- who is who --------------------------------------------------------------------------

    @rule(
        Resolve(ability=MATCH.ability, controller=MATCH.given, target=MATCH.target,
                target_player=MATCH.target_player),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.owner_ctrl),
        TEST(lambda target: target == ""),
        id="resolution.context",
        cites=("CR 608.2",),
        because="{ability} is resolving, controlled by the one who controls {source} unless "
                "the question says otherwise",
    )
    def res_context(self, ability, source, given, owner_ctrl, target_player):
        return Resolving(ability=ability, source=source, controller=given or owner_ctrl,
                         target_player=target_player, target_controller="",
                         opponent=only_opponent(self, given or owner_ctrl))

    @rule(
        Resolve(ability=MATCH.ability, controller=MATCH.given, target=MATCH.target,
                target_player=MATCH.target_player),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.owner_ctrl),
        GameObject(id=MATCH.target, controller=MATCH.target_controller, zone="battlefield",
                   owner=MATCH.target_owner),
        id="resolution.context-target",
        cites=("CR 608.2", "CR 608.2h"),
        because="{ability} is resolving with {target} as its target; {target_controller} "
                "controls (or last controlled) {target}",
    )
    def res_context_target(self, ability, source, given, owner_ctrl, target_player,
                           target_controller, target_owner):
        return Resolving(ability=ability, source=source, controller=given or owner_ctrl,
                         target_player=target_player, target_controller=target_controller,
                         target_owner=target_owner,
                         opponent=only_opponent(self, given or owner_ctrl))

    @rule(
        Resolve(ability=MATCH.ability, controller=MATCH.given, target=MATCH.target,
                target_player=MATCH.target_player),
        Ability(id=MATCH.ability, source=MATCH.source),
        GameObject(id=MATCH.source, controller=MATCH.owner_ctrl),
        ZonedTarget(ability=MATCH.ability),
        GameObject(id=MATCH.target, owner=MATCH.owner, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        id="resolution.context-card-target",
        cites=("CR 608.2", "CR 108.4"),
        because="{ability} is resolving with the card {target} in {owner}'s {zone} as its "
                "target, a card it looks for there; {owner} owns it",
    )
    def res_context_card_target(self, ability, source, given, owner_ctrl, target_player,
                                owner):
        return Resolving(ability=ability, source=source, controller=given or owner_ctrl,
                         target_player=target_player, target_controller=owner,
                         target_owner=owner,
                         opponent=only_opponent(self, given or owner_ctrl))

    @rule(
        Resolve(ability=MATCH.ability, target=MATCH.target),
        TargetSlot(ability=MATCH.ability),  # an ability with no target has none to lose
        GameObject(id=MATCH.target, zone=MATCH.zone, owner=MATCH.owner),
        TEST(lambda zone: zone != "battlefield"),
        NOT(ZonedTarget(ability=MATCH.ability)),
        NOT(ResolveTop()),  # resolve_top: the walk and targets.py say it
        id="resolution.target-gone",
        cites=("CR 608.2b", "CR 400.7"),
        absent=("{ability}'s target is not one it looks for outside the battlefield",),
        because="{ability} looks for its target on the battlefield, and its only target, "
                "{target}, is now in "
                "{owner}'s {zone}: a card that left the battlefield is a new object, so the "
                "target is illegal and the spell or ability doesn't resolve; none of its "
                "steps happen",
        says="{ability} doesn't resolve: its target is gone",
    )
    def res_target_gone(self, ability):
        return Ruling(about=f"{ability}.target-gone", subject="{ability}",
                      verdict="doesn't happen", action="resolve", step=1)

    @rule(
        TargetSlot(ability=MATCH.ability, selector=MATCH.selector),
        Selector(id=MATCH.selector, zone=P(lambda z: z not in ("", "battlefield"))),
        id="resolution.target-in-zone",
        cites=("CR 115.1", "CR 400.1"),
        because="{ability} targets something in another zone than the battlefield "
                "({selector})",
    )
    def res_target_in_zone(self, ability):
        return ZonedTarget(ability=ability)

    # -- putting found cards somewhere -------------------------------------------------------

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to, tapped=MATCH.tapped,
                under=MATCH.under, share=""),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        TEST(lambda n, put_step: n < put_step),
        GameObject(id=MATCH.card, owner=MATCH.owner, name=MATCH.card_name),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        id="resolution.put",
        cites=("CR 608.2c", "CR 701.23a"),
        because="step {put_step} puts what the search of step {n} found, {card}, where the "
                "instruction says ({to})",
        says="{card} {action}",
        absent=("no effect puts {card} anywhere else instead",),
    )
    def res_put(self, ability, n, put_step, to, tapped, under, controller, card, owner,
                card_name):
        where = place(to, owner, tapped, controller if under == "you" else owner)
        return Ruling(about=f"{ability}.s{put_step}.{card}", subject="{card}",
                      verdict="happens", action=f"is put {where}", step=10 * put_step + 1,
                      happen=[step_ref(ability, n), step_ref(ability, put_step)])

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   owner=MATCH.owner),
        TEST(lambda n, put_step: n < put_step),
        NOT(Found(ability=MATCH.ability, step=MATCH.n)),
        NOT(PicksOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.put-nothing",
        cites=("CR 101.3", "CR 608.2c"),
        because="no card was found in the search of step {n}, so there is nothing to "
                "move; that part of the instruction is impossible and is skipped, the "
                "other steps still happen",
        says="nothing {action} in step {put_step}",
        absent=("no card was found by the search of step {n}",
                "the question says what the search of step {n} finds, or it can't happen"),
    )
    def res_put_nothing(self, ability, put_step, to, owner):
        return Ruling(about=f"{ability}.s{put_step}.nothing", subject="nothing",
                      verdict="doesn't happen", action=f"is put {place(to, owner)}",
                      step=10 * put_step + 1, skipped=[step_ref(ability, put_step)])

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to, tapped=MATCH.tapped,
                under=MATCH.under, share=""),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, description=MATCH.description, owner=MATCH.owner),
        TEST(lambda n, put_step: n < put_step),
        PicksOpen(ability=MATCH.ability, step=MATCH.n),
        NOT(SearchUndecided(ability=MATCH.ability, step=MATCH.n)),
        NOT(FoundExiledOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.put-found",
        cites=("CR 608.2c", "CR 701.23a"),
        because="step {put_step} puts the card the search of step {n} finds where the "
                "instruction says ({to}); the question doesn't say which card is found "
                "(find:), so the ruling is about the card found, whichever it is",
        says="{subject}, if any, {action}",
        absent=("no effect puts the found card anywhere else instead",
                "the search is not a 'you may' the question leaves open"),
    )
    def res_put_found(self, description, ability, put_step, to, tapped, under, controller, owner):
        where = place(to, owner, tapped, controller if under == "you" else owner)
        return Ruling(about=f"{ability}.s{put_step}.found", subject=found_noun(description),
                      verdict="happens", action=f"is put {where}", step=10 * put_step + 1,
                      happen=[step_ref(ability, put_step)])

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to, tapped=MATCH.tapped,
                under=MATCH.under, share=""),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, description=MATCH.description, searcher=MATCH.searcher,
                   owner=MATCH.owner),
        TEST(lambda n, put_step: n < put_step),
        SearchUndecided(ability=MATCH.ability, step=MATCH.n),
        NOT(SearchBarred(ability=MATCH.ability, step=MATCH.n)),
        NOT(FoundExiledOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.put-if-searched",
        cites=("CR 608.2c", "CR 701.23a"),
        because="step {put_step} puts the card the optional search of step {n} finds where "
                "the instruction says ({to}); it happens only if {searcher} searches and "
                "finds a card",
        says="if {searcher} searches, {subject}, if any, {action}",
        absent=("no effect puts the found card anywhere else instead",
                "no effect stops the search of step {n}"),
    )
    def res_put_if_searched(self, description, ability, put_step, to, tapped, under, controller, owner):
        where = place(to, owner, tapped, controller if under == "you" else owner)
        return Ruling(about=f"{ability}.s{put_step}.found", subject=found_noun(description),
                      verdict="may", action=f"is put {where}", step=10 * put_step + 1,
                      happen=[step_ref(ability, put_step)])

    @rule(
        SearchPlan(ability=MATCH.ability, step=MATCH.n, description=MATCH.description, searcher=MATCH.player,
                   owner=MATCH.player, zones=P(lambda z: "library" in z)),
        PicksOpen(ability=MATCH.ability, step=MATCH.n),
        PutStep(ability=MATCH.ability, step=MATCH.put_step),
        TEST(lambda n, put_step: n < put_step),
        OpponentsExileFound(source=MATCH.source),
        GameObject(id=MATCH.source, zone="battlefield", controller=MATCH.controller),
        Opponent(player=MATCH.player, of=MATCH.controller),
        id="resolution.found-exiled-open",
        cites=("CR 614.1a", "CR 608.2c"),
        because="{player} searches their own library while {source}'s controller, "
                "{controller}, is their opponent, so each card {player} finds is exiled "
                "instead of being put where step {put_step} says, and {controller} may play "
                "it while it stays exiled",
        says="{subject}, if any, {action}",
    )
    def res_found_exiled_open(self, description, ability, n, put_step, source):
        return [FoundExiledOpen(ability=ability, step=n, source=source),
                Ruling(about=f"{ability}.s{put_step}.found", subject=found_noun(description),
                       verdict="happens", action="is exiled instead (because of {source}), "
                                                 "and {controller} may play it",
                       step=10 * put_step + 1)]

    # -- the cards found shared out: "put one onto the battlefield and the other into your
    # hand" (Cultivate). The searcher chooses which found card goes where; with only one
    # found, it goes where "one" says.

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to, tapped=MATCH.tapped,
                under=MATCH.under, share="one"),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   owner=MATCH.owner),
        TEST(lambda n, put_step: n < put_step),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        id="resolution.put-shared",
        cites=("CR 608.2c", "CR 701.23a"),
        because="steps {put_step} and after share out the cards the search of step {n} found: "
                "one of them, {searcher}'s choice, goes where step {put_step} says ({to}), the "
                "other where the next step says; a single card found goes where step "
                "{put_step} says",
        says="{subject} {action}",
        absent=("no effect puts {card} anywhere else instead",),
        salience=salience.AGGREGATE,
    )
    def res_put_shared(self, ability, n, put_step, to, tapped, under, controller, searcher,
                       owner, card):
        found = sorted(f["object"] for f in self.collect(Found, ability=ability, step=n)
                       if not self.collect(ExiledInstead, ability=ability, step=n,
                                           object=f["object"]))
        if not found or card != found[0]:
            return None  # one ruling for the cards found, made for the first of them
        first = place(to, owner, tapped, controller if under == "you" else owner)
        if len(found) == 1:
            return Ruling(about=f"{ability}.s{put_step}.{card}", subject="{card}",
                          verdict="happens", action=f"is put {first} (the only card found)",
                          step=10 * put_step + 1,
                          happen=[step_ref(ability, n), step_ref(ability, put_step)])
        rest = self.collect(PutStep, ability=ability, share="rest")
        if not rest:
            return None
        r = rest[0]
        other = place(r["to"], owner, r["tapped"], controller if r["under"] == "you" else owner)
        names = " and ".join(self.collect(GameObject, id=c)[0]["name"] for c in found[:2])
        return Ruling(about=f"{ability}.s{put_step}.shared", subject=searcher, verdict="may",
                      action=f"chooses which of {names} is put {first}; the other is put "
                             f"{other}",
                      step=10 * put_step + 1,
                      happen=[step_ref(ability, n), step_ref(ability, put_step),
                              step_ref(ability, r["step"])])

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=MATCH.to, tapped=MATCH.tapped,
                under=MATCH.under, share="one"),
        PutStep(ability=MATCH.ability, step=MATCH.rest_step, to=MATCH.rest_to,
                tapped=MATCH.rest_tapped, under=MATCH.rest_under, share="rest"),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, searcher=MATCH.searcher,
                   owner=MATCH.owner),
        TEST(lambda n, put_step: n < put_step),
        PicksOpen(ability=MATCH.ability, step=MATCH.n),
        NOT(SearchUndecided(ability=MATCH.ability, step=MATCH.n)),
        NOT(FoundExiledOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.put-shared-open",
        cites=("CR 608.2c", "CR 701.23a"),
        because="steps {put_step} and {rest_step} share out the cards the search of step {n} "
                "finds; the question doesn't say which are found (find:), so the ruling is "
                "about the cards found, whichever they are",
        says="{subject} {action}",
        absent=("no effect puts the found cards anywhere else instead",),
    )
    def res_put_shared_open(self, ability, put_step, to, tapped, under, rest_to, rest_tapped,
                            rest_under, controller, searcher, owner, rest_step):
        first = place(to, owner, tapped, controller if under == "you" else owner)
        other = place(rest_to, owner, rest_tapped,
                      controller if rest_under == "you" else owner)
        return Ruling(about=f"{ability}.s{put_step}.found", subject=searcher, verdict="may",
                      action=f"puts one of the cards found {first} (their choice) and the "
                             f"other {other}; a single card found is put {first}",
                      step=10 * put_step + 1,
                      happen=[step_ref(ability, put_step), step_ref(ability, rest_step)])

    # -- steps that don't depend on a search -------------------------------------------------

    @rule(
        AS.st << RevealTopStep(ability=MATCH.ability, step=MATCH.n, count=MATCH.count),
        AS.ctx << Resolving(ability=MATCH.ability),
        id="resolution.reveal-top",
        cites=("CR 608.2c", "CR 701.23"),
        because="revealing the top {count} cards of a library is not searching it, so it "
                "happens as written",
        says="{subject} {action}",
    )
    def res_reveal_top(self, ability, n, count, st, ctx):
        who = player_for(st["whose"], ctx) or ctx["controller"]
        return Ruling(about=f"{ability}.s{n}", subject=who, verdict="happens",
                      action=f"reveals {top_cards(count)} of their library",
                      step=10 * n + 1)

    @rule(
        AS.st << LookAtTopStep(ability=MATCH.ability, step=MATCH.n, count=MATCH.count),
        AS.ctx << Resolving(ability=MATCH.ability),
        id="resolution.look-at-top",
        cites=("CR 608.2c", "CR 701.23"),
        because="looking at the top {count} cards of a library is not searching it, so it "
                "happens as written",
        says="{subject} {action}",
    )
    def res_look_at_top(self, ability, n, count, st, ctx):
        who = player_for(st["whose"], ctx) or ctx["controller"]
        return Ruling(about=f"{ability}.s{n}", subject=who, verdict="happens",
                      action=f"looks at {top_cards(count)} of their library",
                      step=10 * n + 1)

    @rule(
        ExileTargetStep(ability=MATCH.ability, step=MATCH.n),
        Resolving(ability=MATCH.ability),
        Resolve(ability=MATCH.ability, target=MATCH.target),
        GameObject(id=MATCH.target, name=MATCH.target_name),
        NOT(ResolveTop()),  # resolve_top: the walk and targets.py say it
        id="resolution.exile-target",
        cites=("CR 608.2c",),
        because="step {n} exiles the target, {target}",
        says="{target} is exiled",
    )
    def res_exile_target(self, ability, n, target_name):
        return Ruling(about=f"{ability}.s{n}", subject=target_name, verdict="happens",
                      action="is exiled", step=10 * n + 1)

    @rule(
        ExileTargetStep(ability=MATCH.ability, step=MATCH.n),
        Resolve(ability=MATCH.ability, target=""),
        NOT(ResolveTop()),  # resolve_top: the walk and targets.py say it
        id="resolution.exile-no-target",
        cites=("CR 608.2b", "CR 101.3"),
        because="the question names no target for step {n}",
        says="nothing is exiled in step {n}",
    )
    def res_exile_no_target(self, ability, n):
        return Ruling(about=f"{ability}.s{n}", subject="nothing", verdict="doesn't happen",
                      action="is exiled", step=10 * n + 1)

    @rule(
        OtherStep(ability=MATCH.ability, step=MATCH.n, text=MATCH.text),
        Resolving(ability=MATCH.ability),
        NOT(ResolveTop()),  # resolve_top: the walk and targets.py say it
        id="resolution.other-step",
        cites=("CR 608.2c",),
        because="the instructions are followed in the order written; nothing here stops "
                "step {n}",
        says="step {n} happens: {text}",
    )
    def res_other_step(self, ability, n, text):
        return Ruling(about=f"{ability}.s{n}", subject=f"step {n}", verdict="happens",
                      action=esc(text), step=10 * n + 1)

    # -- steps that refer to the found cards -------------------------------------------------

    @rule(
        RevealFoundStep(ability=MATCH.ability, step=MATCH.reveal_step),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        TEST(lambda n, reveal_step: n < reveal_step),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        id="resolution.reveal-found",
        cites=("CR 608.2c", "CR 701.23e"),
        because="step {reveal_step} tells the searcher to reveal the card found in step "
                "{n}",
        says="{card} is revealed",
        absent=("no effect exiles {card} instead of letting it be found",),
    )
    def res_reveal_found(self, ability, n, reveal_step, card, card_name):
        return Ruling(about=f"{ability}.s{reveal_step}.{card}", subject="{card}",
                      verdict="happens", action="is revealed", step=10 * reveal_step + 1,
                      happen=[step_ref(ability, n), step_ref(ability, reveal_step)])

    @rule(
        RevealFoundStep(ability=MATCH.ability, step=MATCH.reveal_step),
        SearchPlan(ability=MATCH.ability, step=MATCH.n, description=MATCH.description, searcher=MATCH.searcher),
        TEST(lambda n, reveal_step: n < reveal_step),
        PicksOpen(ability=MATCH.ability, step=MATCH.n),
        NOT(FoundExiledOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.reveal-if-found",
        cites=("CR 608.2c", "CR 701.23e"),
        because="step {reveal_step} tells {searcher} to reveal the card the search of step {n} "
                "finds; the question doesn't say which card that is (find:)",
        says="{subject}, if any, {action}",
        absent=("no effect exiles the found card instead",),
    )
    def res_reveal_if_found(self, description, ability, reveal_step):
        return Ruling(about=f"{ability}.s{reveal_step}.found", subject=found_noun(description),
                      verdict="happens", action="is revealed", step=10 * reveal_step + 1,
                      happen=[step_ref(ability, reveal_step)])

    @rule(
        RevealFoundStep(ability=MATCH.ability, step=MATCH.reveal_step),
        ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        PutStep(ability=MATCH.ability, step=MATCH.move_step),
        GameObject(id=MATCH.card, name=MATCH.card_name),
        TEST(lambda n, reveal_step, move_step: n < reveal_step < move_step),
        id="resolution.reveal-found-before-move",
        cites=("CR 608.2c", "CR 701.23e"),
        because="step {reveal_step} reveals the card found in step {n}; it is still where it "
                "was found, since it moves only in step {move_step}",
        says="{card} is revealed",
    )
    def res_reveal_before_move(self, ability, reveal_step, card, card_name):
        return Ruling(about=f"{ability}.s{reveal_step}.{card}", subject="{card}",
                      verdict="happens", action="is revealed", step=10 * reveal_step + 1)

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step,
                      without_paying=MATCH.free),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        TEST(lambda n, cast_step: n < cast_step),
        GameObject(id=MATCH.card, name=MATCH.card_name, types=lacks("land")),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        NOT(CastBlocked(player=MATCH.controller, object=MATCH.card)),
        id="resolution.cast-found",
        cites=("CR 608.2c", "CR 608.2g"),
        because="step {cast_step} lets {controller} cast the card found in step {n} while "
                "{ability} resolves, and nothing stops casting it",
        absent=("no effect moved {card} away from where it was found",
                "no rule stops {controller} casting {card} now"),
        says="{controller} may {action}",
    )
    def res_cast_found(self, ability, cast_step, free, controller, card, card_name):
        how = " without paying its mana cost" if free else ""
        return Ruling(about=f"{ability}.s{cast_step}.{card}", subject=controller, verdict="may",
                      action=f"cast {card_name}{how}", step=10 * cast_step + 1,
                      happen=[step_ref(ability, cast_step)])

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step,
                      without_paying=MATCH.free),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        SearchPlan(ability=MATCH.ability, step=MATCH.n),
        TEST(lambda n, cast_step: n < cast_step),
        PicksOpen(ability=MATCH.ability, step=MATCH.n),
        NOT(FoundExiledOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.cast-if-found",
        cites=("CR 608.2c", "CR 608.2g", "CR 305.9"),
        because="step {cast_step} lets {controller} cast the card the search of step {n} "
                "finds while {ability} resolves; the question doesn't say which card is found "
                "(find:), and a land card found can't be cast",
        says="if a card is found, {controller} may {action}",
        absent=("no effect puts the found card anywhere else instead",),
    )
    def res_cast_if_found(self, ability, cast_step, free, controller):
        how = " without paying its mana cost" if free else ""
        return Ruling(about=f"{ability}.s{cast_step}.found", subject=controller,
                      verdict="may", action=f"cast it{how}, unless it is a land",
                      step=10 * cast_step + 1, happen=[step_ref(ability, cast_step)])

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step),
        SearchPlan(ability=MATCH.ability, step=MATCH.n),
        TEST(lambda n, cast_step: n < cast_step),
        NOT(Found(ability=MATCH.ability, step=MATCH.n)),
        NOT(PicksOpen(ability=MATCH.ability, step=MATCH.n)),
        id="resolution.cast-nothing",
        cites=("CR 101.3", "CR 608.2c"),
        because="no card was found in the search of step {n}, so there is nothing to "
                "cast; the other steps still happen",
        says="nothing is cast in step {cast_step}",
        absent=("no card was found by the search of step {n}",
                "the question says what the search of step {n} finds, or it can't happen"),
    )
    def res_cast_nothing(self, ability, cast_step):
        return Ruling(about=f"{ability}.s{cast_step}.nothing", subject="nothing",
                      verdict="doesn't happen", action="is cast", step=10 * cast_step + 1,
                      skipped=[step_ref(ability, cast_step)])

    # -- order of steps ------------------------------------------------------------------------
    # An ordering is said only when both steps really happen: a card is found, stays where it
    # was found, can be cast (a land never is), and the shuffle's condition is met.

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step),
        ShuffleStep(ability=MATCH.ability, step=MATCH.shuffle_step),
        ShuffleHappens(ability=MATCH.ability, step=MATCH.shuffle_step),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        GameObject(id=MATCH.card, types=lacks("land")),
        TEST(lambda n, cast_step, shuffle_step: n < cast_step < shuffle_step),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        NOT(CastBlocked(player=MATCH.controller, object=MATCH.card)),
        id="resolution.cast-before-shuffle",
        cites=("CR 608.2c", "CR 701.24b"),
        because="the instructions are followed in the order written: casting {card} is step "
                "{cast_step}, the shuffle is step {shuffle_step}; until then the library "
                "keeps its order, so anything done with it while casting (such as milling to "
                "pay a cost) uses that order",
        absent=("no effect moved {card} away from where it was found",
                "no rule stops {controller} casting {card} now"),
        says="{card} is cast (step {cast_step}) before the library is shuffled "
             "(step {shuffle_step})",
    )
    def res_cast_before_shuffle(self, ability, cast_step, shuffle_step):
        return Ruling(about=f"{ability}.order", subject="the cast", verdict="happens",
                      action="before the shuffle", step=10 * cast_step + 5,
                      happen=[step_ref(ability, cast_step), step_ref(ability, shuffle_step)])

    @rule(
        CastFoundStep(ability=MATCH.ability, step=MATCH.cast_step),
        ShuffleStep(ability=MATCH.ability, step=MATCH.shuffle_step),
        ShuffleHappens(ability=MATCH.ability, step=MATCH.shuffle_step),
        Resolving(ability=MATCH.ability, controller=MATCH.controller),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        GameObject(id=MATCH.card, types=lacks("land")),
        TEST(lambda n, cast_step, shuffle_step: n < shuffle_step < cast_step),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        NOT(CastBlocked(player=MATCH.controller, object=MATCH.card)),
        id="resolution.cast-after-shuffle",
        cites=("CR 608.2c", "CR 701.24b"),
        because="the instructions are followed in the order written: the shuffle is step "
                "{shuffle_step}, casting {card} is step {cast_step}",
        absent=("no effect moved {card} away from where it was found",
                "no rule stops {controller} casting {card} now"),
        says="the library is shuffled (step {shuffle_step}) before {card} is cast "
             "(step {cast_step})",
    )
    def res_cast_after_shuffle(self, ability, cast_step, shuffle_step):
        return Ruling(about=f"{ability}.order", subject="the shuffle", verdict="happens",
                      action="before the cast", step=10 * shuffle_step + 5,
                      happen=[step_ref(ability, cast_step), step_ref(ability, shuffle_step)])

    @rule(
        PutStep(ability=MATCH.ability, step=MATCH.put_step, to=P(lambda t: "library" in t)),
        ShuffleStep(ability=MATCH.ability, step=MATCH.shuffle_step),
        ShuffleHappens(ability=MATCH.ability, step=MATCH.shuffle_step),
        Found(ability=MATCH.ability, step=MATCH.n, object=MATCH.card),
        TEST(lambda n, put_step, shuffle_step: n < shuffle_step < put_step),
        NOT(ExiledInstead(ability=MATCH.ability, step=MATCH.n, object=MATCH.card)),
        id="resolution.shuffle-then-put",
        cites=("CR 608.2c", "CR 701.24b"),
        because="the shuffle is step {shuffle_step} and putting the found card, {card}, into "
                "the library is step {put_step}, so the card keeps the place it is put in",
        absent=("no effect moved {card} away from where it was found",),
        says="the library is shuffled first, then {card} is put in its place",
    )
    def res_shuffle_then_put(self, ability, shuffle_step, put_step):
        return Ruling(about=f"{ability}.order", subject="the shuffle", verdict="happens",
                      action="before the found card is put into the library",
                      step=10 * shuffle_step + 5,
                      happen=[step_ref(ability, shuffle_step), step_ref(ability, put_step)])

