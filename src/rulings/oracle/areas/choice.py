"""Area `choice`: "… of your choice" in a one-shot effect (grammar: choice.lark). A `modify`
step whose value is chosen by its controller as it resolves (CR 608.2d):
`protection_from_chosen: color` (CR 702.16) or `becomes_chosen: color | creature_type |
basic_land_type` (CR 105.3, 205.1a, 305.7), always with a duration (CR 611.2)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported


def _timed(duration: Any, what: str) -> Any:
    if not duration:
        # no duration: it would last the whole game (611.2a); the resolution rules end every
        # change they make with its duration, so such a card stays unparsed
        raise Unsupported(f"{what} of your choice for the rest of the game")
    return duration


class ChoiceEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/choice.lark."""

    def _choice_guard(self) -> None:
        # after a trigger on another object's event, the core reads "it" as that object
        # (the spell cast, in "whenever you cast a spell, untap ~. It gains …"), which is
        # not always what the card means: such a card stays unparsed
        if getattr(self, "event_ref", None) == "event.card":
            raise Unsupported("a choice given to 'it' after a trigger on another object "
                              "('it' may be this object)")

    def choice_protection(self, c: list[Any]) -> Act:
        self._choice_guard()
        return Act("modify", {"protection_from_chosen": "color",
                              "duration": _timed(c[-1], "protection")}, role="what")

    def choice_color(self, c: list[Any]) -> Act:
        self._choice_guard()
        return Act("modify", {"becomes_chosen": "color",
                              "duration": _timed(c[-1], "a color")}, role="what")

    def choice_creature_type(self, c: list[Any]) -> Act:
        self._choice_guard()
        return Act("modify", {"becomes_chosen": "creature_type",
                              "duration": _timed(c[-1], "a creature type")}, role="what")

    def choice_land_type(self, c: list[Any]) -> Act:
        self._choice_guard()
        return Act("modify", {"becomes_chosen": "basic_land_type",
                              "duration": _timed(c[-1], "a basic land type")}, role="what")

    def choice_then_protection(self, c: list[Any]) -> list[dict[str, Any]]:
        # "choose a color" and then the instruction that names "the chosen color": the
        # choice is made as the spell resolves (608.2d), so it is the step's own choice
        subject, duration = c
        act = Act("modify", {"protection_from_chosen": "color",
                             "duration": _timed(duration, "protection")}, role="what")
        return self._instruction(subject, None, act, None)  # type: ignore[attr-defined, no-any-return]
