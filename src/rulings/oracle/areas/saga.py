"""The saga area: a Saga's chapter lines, "I, II — <effect>" (CR 714.2), and a Class's level
bars, "{1}{R}: Level 2" (CR 716.2).

A chapter line is a triggered ability of its own (714.2b, 714.2c): it triggers when lore
counters put on the Saga bring their number from below one of its chapter numbers to at
least that number. It becomes `triggered: {when: {chapter: {numbers: [1, 2]}}, do: …}`, one
ability for the line (the rules let it trigger once for each of its numbers the counters
reach, knowledge/rules/sagas.py), and its effect is compiled by the effects grammar like any
triggered ability's: a Saga is fully compiled only when every chapter's effect is.

A level bar becomes `activated: {cost, do: [{class_level: {level: N}}], timing: sorcery,
only_if: {class_level: {eq: N-1}}}` (716.2a, read by knowledge/rules/classes.py); the
abilities printed in a level's section stay unparsed: the card language can't say that an
ability exists only from a level on.

The lines are grouped by the area's line pass (`group_lines`, areas/__init__.py), which runs
before the effects grammar sees them: a chapter line has no trigger word of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulings.oracle.emit import Act, Unsupported


class SagaEmitter:
    def saga_return_transformed(self, c: list[Any]) -> Act:
        # "return it to the battlefield transformed": the card itself (after "exile ~"), put
        # back with its back face up (CR 712.14a); anything else stays unparsed
        what, under = c
        if self._objects(what) != "this":  # type: ignore[attr-defined]
            raise Unsupported("returning anything but the card itself transformed")
        args: dict[str, Any] = {"what": "this", "to": "battlefield", "transformed": True}
        if under:
            args["under"] = "you"
        return Act("return", args)


#: "i — …", "i, ii — …", "iv — …": the chapter numbers, then the effect
_CHAPTER = re.compile(r"^((?:i|ii|iii|iv|v|vi)(?:, (?:i|ii|iii|iv|v|vi))*) — (.+)$", re.S)
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}


def chapter_numbers(norm: str) -> tuple[list[int], str] | None:
    """("i, ii — draw a card." ->) ([1, 2], "draw a card."); None for another line."""
    m = _CHAPTER.match(norm)
    if m is None:
        return None
    return [_ROMAN[r] for r in m.group(1).split(", ")], m.group(2)


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass (areas/__init__.py): each chapter line of a card becomes its chapter
    ability (or stays unparsed with the effect's gap); every other line is handed on."""
    from rulings.oracle.compiler import AbilityText, Note

    level = 0  # classes: the level whose lines these are (0: before the first level bar)
    for item in items:
        if isinstance(item, Note) or not isinstance(item, AbilityText) or spell:
            yield item
            continue
        bar = _LEVEL_BAR.match(item.norm)
        if bar is not None:
            level = int(bar.group(2))
            yield _level_bar(item, bar.group(1), level)
            continue
        if level:
            yield _level_ability(item, level)
            continue
        found = chapter_numbers(item.norm)
        if found is None:
            yield item
            continue
        numbers, effect = found
        yield _chapter(item, numbers, effect)


# --- a Class's level bars (CR 716.2): "{1}{R}: Level 2", then that level's abilities ---

_LEVEL_BAR = re.compile(r"^((?:\{[^{}]+\})+): level (\d+)$")


def _level_bar(item: Any, cost: str, level: int) -> Any:
    """"[Cost]: Level N": an activated ability that makes the Class's level N, only as a
    sorcery and only while it is level N-1 (CR 716.2a)."""
    from rulings.oracle.compiler import Gap, Note, parse

    try:
        parts, _ = parse("cost", cost)
    except Gap as exc:
        gap = f"activated: a level bar's cost: {exc}"
        return Note(item.number, item.text, "unparsed",
                    {"unparsed": {"text": item.text, "gap": gap}}, gap)
    ability = {"activated": {"cost": parts, "do": [{"class_level": {"level": level}}],
                             "timing": "sorcery",
                             "only_if": {"class_level": {"eq": level - 1}}}}
    return Note(item.number, item.text, "activated", ability)


def _level_ability(item: Any, level: int) -> Any:
    """An ability printed in a level's section: the Class has it only from that level on
    (CR 716.2a); the card language has no condition for an ability to exist, so it stays
    unparsed (compiled without the level, it would work at every level)."""
    from rulings.oracle.compiler import Note

    gap = (f"an ability of Class level {level} (it has it only from that level on, "
           "CR 716.2a; the card language has no condition for that)")
    return Note(item.number, item.text, "unparsed",
                {"unparsed": {"text": item.text, "gap": gap}}, gap)


def _chapter(item: Any, numbers: list[int], effect: str) -> Any:
    from rulings.oracle.compiler import Gap, Note

    body = re.sub(r"\bthis saga\b", "~", effect)  # the Saga itself, like its name
    try:
        ability = chapter_ability(numbers, body)
    except Gap as exc:
        gap = f"triggered: a chapter's effect: {exc}"
        return Note(item.number, item.text, "unparsed",
                    {"unparsed": {"text": item.text, "gap": gap}}, gap)
    return Note(item.number, item.text, "triggered", ability)


def chapter_ability(numbers: list[int], body: str) -> dict[str, Any]:
    """The chapter ability for `numbers` whose effect is `body` (normalised text); raises
    compiler.Gap when the effects grammar can't read the effect."""
    from rulings.oracle.compiler import _add_targets, _modes_or_steps, _plain, _with_quoted

    if len(set(numbers)) != len(numbers) or numbers != sorted(numbers):
        from rulings.oracle.compiler import Gap

        raise Gap("chapter numbers out of order")
    steps, em = _with_quoted("effects", body)
    out: dict[str, Any] = {"when": {"chapter": {"numbers": list(numbers)}}}
    _add_targets(out, em)
    _modes_or_steps(out, steps)  # modes: a chapter's "choose one —" (CR 603.3c, 700.2)
    if "do" in out and len(steps) == 1:  # "you may …" as the whole effect: the ability's may (CR 603.5)
        step: dict[str, Any] = next(iter(steps[0].values()))
        if step.get("may") and "who" not in step and str(step.get("id", "")).startswith("s"):
            del step["may"], step["id"]
            out = {"when": out.pop("when"), "may": True, **out}
    return _plain({"triggered": out})
