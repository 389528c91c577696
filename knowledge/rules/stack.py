"""CR 405 The stack, CR 117 priority, CR 608 resolving the top object: what is cast or
activated goes on top of the stack (405.1-405.2), and when all players pass in succession the
top object resolves (405.5, 117.4) — unless its targets have all become illegal (608.2b) or
its intervening "if" is false (608.2a); an ability resolves even if its source has left
(113.7a); a resolved instant or sorcery goes to its owner's graveyard, a permanent spell onto
the battlefield (608.2n, 608.3); then the active player receives priority (117.3b). Mana
abilities and special actions don't use the stack (405.6c, 605.3b, 116.1)."""

from __future__ import annotations

from rulings.engine.experta_compat import MATCH, NOT, TEST, P
from rulings.engine.rules import rule
from rulings.facts.casting import CastBlocked, Casting
from rulings.facts.effects import Keyword, Step, Trigger
from rulings.facts.faces import CardFaces
from rulings.facts.game import Ability, GameObject, Turn
from rulings.facts.mana import Activate, CantPay
from rulings.facts.match import lacks
from rulings.facts.resolution import MovesItself, StepSkipped
from rulings.facts.rulings import Ruling
from rulings.facts.stack import (
    ConditionHolds,
    ConditionUnknown,
    Countered,
    Fizzles,
    IfFalseOnResolution,
    LeavesStackTo,
    ResolveTop,
    StackObject,
    Targeter,
    TopOfStack,
)
from rulings.knowledge.amounts import amount_words, greatest_measured, measures_sacrificed
from rulings.knowledge.resolving import instruction

TOPIC = "CR 405 The stack; CR 117 priority; CR 608 resolving spells and abilities"

PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
#: steps of the walk-through of one resolution
STEP_RESOLVES = 1
STEP_AFTER = 90
#: priority comes last: after abilities that triggered meanwhile are put on the stack
#: (CR 117.5; the trigger rulings use steps 100-199)
STEP_PRIORITY = 250


def _is_permanent(types: list[str]) -> bool:
    return any(t in PERMANENT_TYPES for t in types)


#: steps its controller does to themself, in words ("Alice draws 2 card(s)")
CONTROLLER_STEPS = {"draw": "draws {amount} card(s)", "discard": "discards {amount} card(s)",
                    "gain_life": "gains {amount} life", "lose_life": "loses {amount} life"}


class Rules:
    # -- the top object resolves -------------------------------------------------------------

    @rule(
        ResolveTop(),
        StackObject(id=MATCH.object, position=1, kind=MATCH.kind, ability=MATCH.ability,
                    source=MATCH.source, controller=MATCH.controller),
        id="stack.top-resolves",
        cites=("CR 405.5", "CR 117.4", "CR 608.1"),
        because="all players passed priority in succession with {object} on top of the "
                "stack, so it is the one that resolves",
    )
    def stack_top(self, object, kind, ability, source, controller):
        return TopOfStack(object=object, controller=controller, kind=kind, ability=ability,
                          source=source)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        NOT(Fizzles(object=MATCH.object)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="stack.resolves",
        cites=("CR 608.1", "CR 608.2c"),
        because="{object} is on top of the stack and all players passed; its controller "
                "{controller} follows its instructions in the order written",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        says="{object} resolves",
    )
    def stack_resolves(self, object):
        return Ruling(about=f"{object}.resolves", subject="{object}", verdict="happens",
                      action="resolve", step=STEP_RESOLVES)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller),
        Targeter(object=MATCH.object, ability=MATCH.ability, stage="resolve"),
        Step(ability=MATCH.ability, index=MATCH.index, verb=MATCH.verb, who="you", what="",
             amount=MATCH.amount, may=False, condition="", for_each="", part=MATCH.part),
        # a step of the spell itself (or of a mode), not one of a delayed ability it makes
        TEST(lambda verb, part: verb in CONTROLLER_STEPS
             and (part in ("", "do") or part.startswith("mode"))),
        NOT(Fizzles(object=MATCH.object)),
        NOT(StepSkipped(object=MATCH.object, index=MATCH.index, part=MATCH.part)),
        NOT(IfFalseOnResolution(object=MATCH.object)),
        id="stack.controller-step",
        cites=("CR 608.2c",),
        because="step {index} of {object} ({verb}) is done by its controller, {controller}, "
                "as it resolves",
        absent=("{object} has a target still legal, or none to check",
                "{object} has no intervening 'if' that is false now"),
        says="{controller} {action}",
    )
    def stack_controller_step(self, object, controller, index, verb, amount, ability, part):
        ins = instruction(self, ability, index, part)  # X and counts as numbers (608.2c)
        amount_raw = amount
        if greatest_measured(amount) and ins is not None:  # greatest: said after the step
            amount = str(ins.amount) if ins.amount is not None else "X"
        else:
            amount = str(ins.amount) if ins is not None and ins.amount is not None \
                and not measures_sacrificed(self, amount) else amount_words(
                    self, amount or "1", object)
        text = CONTROLLER_STEPS[verb].format(amount=amount)
        if amount.split(" ")[0] == "1":
            text = text.replace("card(s)", "card")
        text = text.replace("card(s)", "cards")
        if greatest_measured(amount_raw) and ins is not None:
            text += f" ({ins.counted})"  # greatest: which objects have it, or why not (608.2h)
        return Ruling(about=f"{object}.s{index}.controller", subject="{controller}",
                      verdict="happens", action=text, step=10 + index)

    @rule(
        TopOfStack(object=MATCH.object, kind="ability", ability=MATCH.ability),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        TEST(lambda condition: condition != ""),
        NOT(ConditionHolds(condition=MATCH.condition)),
        NOT(ConditionUnknown(condition=MATCH.condition)),
        id="stack.intervening-if-false",
        cites=("CR 608.2a", "CR 603.4"),
        because="{object} has an intervening 'if', checked again as it resolves; it no "
                "longer holds, so the ability leaves the stack without doing anything",
        absent=("the condition of {ability} doesn't hold now",
                "the situation states what the condition asks about"),
        says="{object} does nothing: its 'if' condition is false as it resolves",
    )
    def stack_if_false(self, object):
        return [
            IfFalseOnResolution(object=object),
            Ruling(about=f"{object}.resolves", subject="{object}", verdict="doesn't happen",
                   action="do anything", step=STEP_RESOLVES),
        ]

    @rule(
        TopOfStack(object=MATCH.object, kind="ability", ability=MATCH.ability),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        ConditionUnknown(condition=MATCH.condition, why=MATCH.why),
        id="stack.intervening-if-open",
        cites=("CR 608.2a", "CR 603.4"),
        because="{object} has an intervening 'if', checked again as it resolves, and it can't "
                "be decided here ({why})",
        says="whether {object} does anything depends on its 'if' condition ({why})",
    )
    def stack_if_open(self, object):
        return Ruling(about=f"{object}.if", subject="{object}", verdict="may",
                      action="do nothing, depending on its condition", step=STEP_RESOLVES + 1)

    @rule(
        TopOfStack(object=MATCH.object, kind="ability", ability=MATCH.ability),
        Trigger(ability=MATCH.ability, intervening_if=MATCH.condition),
        ConditionHolds(condition=MATCH.condition),
        NOT(Fizzles(object=MATCH.object)),
        id="stack.intervening-if-true",
        cites=("CR 608.2a", "CR 603.4"),
        because="{object} has an intervening 'if'; checked again as it resolves, it still "
                "holds, so the ability goes on resolving",
        absent=("{object} has a target still legal, or none to check",),
        says="{object}'s 'if' condition still holds as it resolves",
    )
    def stack_if_true(self, object):
        return Ruling(about=f"{object}.if", subject="{object}'s condition", verdict="happens",
                      action="hold on resolution", step=STEP_RESOLVES + 1)

    @rule(
        TopOfStack(object=MATCH.object, kind="ability", source=MATCH.source),
        GameObject(id=MATCH.source, zone=MATCH.zone),
        TEST(lambda zone: zone != "battlefield"),
        NOT(Fizzles(object=MATCH.object)),
        id="stack.source-gone",
        cites=("CR 113.7a",),
        because="an ability on the stack no longer depends on its source: {source} being in "
                "the {zone} now doesn't stop {object}",
        absent=("{object} has a target still legal, or none to check",),
        says="{object} still resolves although {source} has left the battlefield",
    )
    def stack_source_gone(self, object):
        return Ruling(about=f"{object}.independent", subject="{object}", verdict="happens",
                      action="resolve without its source", step=STEP_RESOLVES + 1)

    @rule(
        TopOfStack(object=MATCH.object, kind="spell"),
        GameObject(id=MATCH.object, types=MATCH.types, owner=MATCH.owner),
        TEST(lambda types: not _is_permanent(types)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        NOT(LeavesStackTo(object=MATCH.object)),
        NOT(CardFaces(object=MATCH.object, cite="CR 715.3b")),  # exiled instead: layouts.py
        NOT(Keyword(object=MATCH.object, keyword="aftermath")),  # exiled too: layouts.py
        NOT(MovesItself(object=MATCH.object)),
        id="stack.spell-to-graveyard",
        cites=("CR 608.2n",),
        because="the last step of resolving an instant or sorcery spell is putting it into "
                "its owner's graveyard",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered",
                "nothing sends {object} elsewhere (buyback, flashback)",
                "{object} was not cast as an Adventure", "{object} has no aftermath",
                "{object}'s own instructions don't move it elsewhere"),
        says="after it resolves, {object} is put into {owner}'s graveyard",
    )
    def stack_spell_to_graveyard(self, object, owner):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="be put into {owner}'s graveyard", step=STEP_AFTER - 1)

    @rule(
        TopOfStack(object=MATCH.object, kind="copy"),
        GameObject(id=MATCH.object, types=MATCH.types),
        TEST(lambda types: not _is_permanent(types)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="stack.copy-ceases",
        cites=("CR 608.2n", "CR 707.10a"),
        because="{object} is a copy of a spell: put into a graveyard as it finishes "
                "resolving, it ceases to exist there",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
        says="after it resolves, the copy {object} ceases to exist",
    )
    def stack_copy_ceases(self, object):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="cease to exist", step=STEP_AFTER - 1)

    @rule(
        TopOfStack(object=MATCH.object, kind=MATCH.kind, controller=MATCH.controller),
        TEST(lambda kind: kind != "ability"),
        GameObject(id=MATCH.object, types=MATCH.types),
        TEST(lambda types: _is_permanent(types)),
        NOT(Fizzles(object=MATCH.object)),
        NOT(Countered(object=MATCH.object)),
        id="stack.permanent-spell",
        cites=("CR 608.3",),
        because="{object} is a permanent spell: as it resolves, it becomes a permanent on "
                "the battlefield under the control of the spell's controller, {controller}",
        absent=("{object} has a target still legal, or none to check",
                "{object} is not countered"),
        says="{object} enters the battlefield under {controller}'s control",
    )
    def stack_permanent_spell(self, object, controller):
        return Ruling(about=f"{object}.after", subject="{object}", verdict="happens",
                      action="enter the battlefield under {controller}'s control",
                      step=STEP_AFTER - 1)

    @rule(
        TopOfStack(object=MATCH.object),
        Turn(active=MATCH.active),
        id="stack.priority-after",
        cites=("CR 117.3b",),
        because="once the top object has resolved (or left the stack without resolving), "
                "priority goes to the active player, {active}",
        says="then {active} receives priority",
    )
    def stack_priority_after(self, active):
        return Ruling(about="priority.after", subject=active, verdict="happens",
                      action="receive priority", step=STEP_PRIORITY)

    # -- putting something on a stack that isn't empty ---------------------------------------

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, during=""),
        StackObject(id=MATCH.top, position=1),
        NOT(CastBlocked(player=MATCH.player, object=MATCH.card)),
        id="stack.cast-on-top",
        cites=("CR 405.2", "CR 601.2a", "CR 405.5"),
        because="a spell being cast is put on top of the stack, above {top}; the stack "
                "resolves top first, so {card} resolves before {top}",
        absent=("nothing stops {player} casting {card}",),
        says="{card} goes on the stack above {top} and resolves first",
    )
    def stack_cast_on_top(self, card, top):
        return Ruling(about=f"{card}.stack", subject="{card}", verdict="happens",
                      action="resolve before {top}", step=80)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, kind="activated"),
        StackObject(id=MATCH.top, position=1),
        NOT(CantPay(ability=MATCH.ability)),
        id="stack.activate-on-top",
        cites=("CR 405.2", "CR 602.2a", "CR 405.5"),
        because="an activated ability that isn't a mana ability goes on the stack when it is "
                "activated, on top of {top}, so it resolves first",
        absent=("nothing stops {ability} being activated now",),
        says="{ability} goes on the stack above {top} and resolves first",
    )
    def stack_activate_on_top(self, ability, top):
        return Ruling(about=f"{ability}.stack", subject="{ability}", verdict="happens",
                      action="resolve before {top}", step=80)

    @rule(
        Activate(ability=MATCH.ability),
        Ability(id=MATCH.ability, kind="mana"),
        StackObject(id=MATCH.top, position=1),
        id="stack.mana-ability-no-stack",
        cites=("CR 605.3b", "CR 405.6c"),
        because="{ability} is a mana ability: it doesn't go on the stack, so it can't be "
                "responded to, and it resolves at once while {top} waits on the stack",
        says="{ability} doesn't use the stack: it resolves at once",
    )
    def stack_mana_no_stack(self, ability):
        return Ruling(about=f"{ability}.stack", subject="{ability}", verdict="doesn't happen",
                      action="go on the stack", step=80)

    # -- split second (CR 702.61): while such a spell is on the stack, nothing but mana
    # abilities (and special actions) can be added by the players

    @rule(
        Casting(object=MATCH.card, player=MATCH.player, step=MATCH.step),
        StackObject(id=MATCH.spell, kind=P(lambda k: k != "ability")),
        Keyword(object=MATCH.spell, keyword="split_second"),
        GameObject(id=MATCH.card, name=MATCH.name, types=lacks("land")),
        TEST(lambda card, spell: card != spell),
        id="stack.split-second-no-cast",
        cites=("CR 702.61a", "CR 702.61b"),
        because="{spell} has split second and is on the stack: while it is there, no player "
                "may cast another spell",
        says="{player} can't cast {card} while {spell} is on the stack",
    )
    def stack_split_second_cast(self, card, player, spell, name, step):
        return [
            CastBlocked(player=player, object=card, reason=f"{spell} has split second"),
            Ruling(about=f"{card}.cast.split-second", subject=player, verdict="can't",
                   action=f"cast {name} while {{spell}} is on the stack", step=step),
        ]

    @rule(
        Activate(ability=MATCH.ability, player=MATCH.activator),
        Ability(id=MATCH.ability, source=MATCH.source, kind="activated"),
        GameObject(id=MATCH.source, controller=MATCH.controller),
        StackObject(id=MATCH.spell, kind=P(lambda k: k != "ability")),
        Keyword(object=MATCH.spell, keyword="split_second"),
        id="stack.split-second-no-activate",
        cites=("CR 702.61a", "CR 702.61b"),
        because="{spell} has split second and is on the stack: while it is there, players "
                "may activate only mana abilities, and {ability} isn't one",
        says="{subject} can't activate {ability} while {spell} is on the stack",
    )
    def stack_split_second_activate(self, ability, activator, controller, spell):
        who = activator or controller
        return [CantPay(ability=ability, part="activating it",
                        reason=f"{spell} has split second"),
                Ruling(about=f"{ability}.split-second", subject=who, verdict="can't",
                       action="activate {ability} while {spell} is on the stack")]
