"""Choices made as a spell or ability resolves (CR 608.2d): "… gains protection from the color
of your choice until end of turn", "… becomes the color (creature type, basic land type) of
your choice". Its controller makes the choice while following the instruction; the situation
says which value with `chosen:` on the stack entry. The result itself is said by the
instruction rules (knowledge/resolving.py, knowledge/choices.py) and lasts as a continuous
effect; these rules say the choice: which value was chosen and the rule that bounds it, or,
when the situation doesn't say, that the outcome depends on it (nothing is guessed)."""

from __future__ import annotations

from rulings.engine.experta_compat import AS, MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Step
from rulings.facts.game import Choice
from rulings.facts.rulings import Ruling
from rulings.facts.stack import Fizzles, TopOfStack

TOPIC = "CR 608.2d Choices made as a spell or ability resolves"

#: what a `modify` step's argument chooses: argument=value -> the choice's kind
CHOICE_ARGS = {
    "protection_from_chosen=color": "color",
    "becomes_chosen=color": "color",
    "becomes_chosen=creature_type": "creature type",
    "becomes_chosen=basic_land_type": "basic land type",
}


def kind_of(args: list[str]) -> str:
    """The kind of choice a modify step's arguments ask for ("" for none)."""
    return next((CHOICE_ARGS[str(a)] for a in args if str(a) in CHOICE_ARGS), "")


def _its(top: str, ability: str, source: str, object: str) -> bool:
    """Whether the step is the resolving object's: the ability on the stack, or the spell's
    own ability (a spell on the stack names no ability; its steps' source is the spell)."""
    return ability == top if top else source == object and ability.startswith(object + ".")


def _protection(args: list[str]) -> bool:
    return "protection_from_chosen=color" in [str(a) for a in args]


class Rules:
    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index,
                      verb="modify", args=MATCH.args, part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        TEST(lambda args: _protection(args)),
        Choice(object=MATCH.object, kind="color", value=MATCH.value),
        NOT(Fizzles(object=MATCH.object)),
        id="choice.protection-color-chosen",
        cites=("CR 608.2d", "CR 105.4", "CR 702.16a"),
        because="step {index} of {object} gives protection from a color its controller, "
                "{controller}, chooses as it resolves; a color chosen is one of the five, "
                "and the situation says {controller} chose {value}",
        absent=("every target of {object} is not illegal",),
        says="{subject} {action}",
    )
    def protection_color_chosen(self, object, controller, index, value):
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="happens", action=f"chooses {value} for step {index}: the "
                      f"protection is from {value}", step=10 + index)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index,
                      verb="modify", args=MATCH.args, part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        TEST(lambda args: bool(kind_of(args)) and not _protection(args)),
        Choice(object=MATCH.object, kind=MATCH.kind, value=MATCH.value),
        TEST(lambda args, kind: kind_of(args) == kind),
        NOT(Fizzles(object=MATCH.object)),
        id="choice.becomes-chosen",
        cites=("CR 608.2d", "CR 105.3", "CR 205.1a", "CR 305.7"),
        because="step {index} of {object} makes its objects the {kind} its controller, "
                "{controller}, chooses as it resolves; the new {kind} replaces the old ones "
                "of that kind, and the situation says {controller} chose {value}",
        absent=("every target of {object} is not illegal",),
        says="{subject} {action}",
    )
    def becomes_chosen(self, object, controller, index, kind, value):
        shown = value if kind == "color" else str(value).capitalize()
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="happens", action=f"chooses {shown} as the {kind} for step "
                      f"{index}", step=10 + index)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index,
                      verb="modify", args=MATCH.args, part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        TEST(lambda args: bool(kind_of(args))),
        NOT(Choice(object=MATCH.object)),
        NOT(Fizzles(object=MATCH.object)),
        id="choice.open-as-it-resolves",
        cites=("CR 608.2d",),
        because="step {index} of {object} asks its controller, {controller}, to choose a "
                "value as it resolves, and the situation doesn't say which: what the step "
                "does depends on that choice, so no one outcome is given",
        absent=("the situation doesn't say what was chosen for {object}",
                "every target of {object} is not illegal"),
        says="{controller} may {action}",
    )
    def open_as_it_resolves(self, object, controller, index, args):
        kind = kind_of(args)
        what = "the color its protection is from" if _protection(args) else \
            f"the {kind} it gives"
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="may", action=f"choose any {kind} as {{object}} resolves: it "
                      f"decides {what} (step {index}), and the situation doesn't say which, "
                      "so the outcome depends on that choice", step=10 + index)

    # prevent (issue 25): "… a (red) source of your choice …" (CR 609.7a)
    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index,
                      verb="prevent", args=MATCH.args, part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        TEST(lambda args: _source_choice(args) != ""),
        Choice(object=MATCH.object, kind="source", value=MATCH.value),
        NOT(Fizzles(object=MATCH.object)),
        id="choice.prevention-source-chosen",
        cites=("CR 609.7a", "CR 608.2d"),
        because="step {index} of {object} prevents damage from one source its controller, "
                "{controller}, chooses as the effect is created, that is as it resolves; the "
                "situation says {controller} chose {value}, and the effect applies only to "
                "that source's damage",
        absent=("every target of {object} is not illegal",),
        says="{subject} {action}",
    )
    def prevention_source_chosen(self, object, controller, index, value):
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="happens", action=f"chooses {{value}} as the source for step "
                      f"{index}", step=10 + index)

    @rule(
        TopOfStack(object=MATCH.object, controller=MATCH.controller, ability=MATCH.top),
        AS.st << Step(ability=MATCH.ability, source=MATCH.source, index=MATCH.index,
                      verb="prevent", args=MATCH.args, part="do"),
        TEST(lambda top, ability, source, object: _its(top, ability, source, object)),
        TEST(lambda args: _source_choice(args) != ""),
        NOT(Choice(object=MATCH.object, kind="source")),
        NOT(Fizzles(object=MATCH.object)),
        id="choice.prevention-source-open",
        cites=("CR 609.7a",),
        because="step {index} of {object} prevents damage from one source its controller, "
                "{controller}, chooses as it resolves, and the situation doesn't say which: "
                "which damage it prevents depends on that choice, so no source is assumed",
        absent=("the situation doesn't say which source was chosen for {object}",
                "every target of {object} is not illegal"),
        says="{controller} may {action}",
    )
    def prevention_source_open(self, object, controller, index, args):
        from rulings.knowledge.choices import source_words

        wants = source_words(_source_choice(args).split(","))
        return Ruling(about=f"{object}.do.s{index}.choice", subject=controller,
                      verdict="may", action=f"choose {wants} as {{object}} resolves: only "
                      f"that source's damage is prevented (step {index}), and the situation "
                      "doesn't say which source", step=10 + index)


def _source_choice(args: list[str]) -> str:
    """The qualities a prevention step's chosen source must have ('' for no choice)."""
    return next((str(a).partition("=")[2] for a in args
                 if str(a).startswith("source_of_choice=")), "")
