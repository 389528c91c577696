"""The ifcond area: a triggered ability's intervening "if" about what a player controls
(CR 603.4): "if you control an Island", "if you control another Wizard", "if you control
three or more artifacts", "if you control no creatures", "if an opponent controls more lands
than you". The conditions are the ones a static's "as long as" uses (`you_control`,
`you_control_count`), and `opponent_controls_more`; knowledge/rules/ifcond.py decides them
as the event happens and again as the ability resolves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulings.oracle.emit import Unsupported, _whole


def _one(count: Any) -> None:
    if count != 1:
        raise Unsupported("a count in 'if you control'")


#: the parts of a description the selector rules check on a permanent (facts.effects
#: filter_misses and the selector rules); "named ~" (same_name_as), "with a +1/+1 counter on
#: it" and the like are not checked there, so a count of them would be wrong
_READ = {"types", "subtypes", "supertypes", "colors", "not_types", "is", "other", "name",
         "keyword", "power", "toughness", "mana_value", "not", "any_of"}


def _plain(selector: Any) -> dict[str, Any]:
    """The description of the permanents counted: a filter the selector rules read, with no
    controller of its own ("you control" is the condition's)."""
    if not isinstance(selector, dict) or "ref" in selector:
        raise Unsupported("'if you control' something other than a description")
    if "controller" in selector or "owner" in selector:
        raise Unsupported("'if you control' a description naming its own controller")
    unread = sorted(set(selector) - _READ)
    if unread:
        raise Unsupported(f"'if you control' a description the count can't check ({unread[0]})")
    return selector


class IfcondEmitter:
    def ifcond_you_control(self, c: list[Any]) -> dict[str, Any]:
        count, selector = c
        _one(count)
        return {"you_control": _plain(selector)}

    def ifcond_you_control_other(self, c: list[Any]) -> dict[str, Any]:
        selector = _plain(c[0])
        if not selector.get("other"):
            raise Unsupported("'if you control' a plural without a count")
        return {"you_control": selector}

    def ifcond_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"you_control_count": {"what": _plain(c[1]), "ge": _whole(c[0])}}

    def ifcond_at_most(self, c: list[Any]) -> dict[str, Any]:
        return {"you_control_count": {"what": _plain(c[1]), "le": _whole(c[0])}}

    def ifcond_none(self, c: list[Any]) -> dict[str, Any]:
        return {"you_control_count": {"what": _plain(c[0]), "le": 0}}

    def ifcond_dont_control(self, c: list[Any]) -> dict[str, Any]:
        count, selector = c
        _one(count)
        return {"you_control_count": {"what": _plain(selector), "le": 0}}

    def ifcond_exactly(self, c: list[Any]) -> dict[str, Any]:
        count, selector = c
        n = _whole(count)
        return {"you_control_count": {"what": _plain(selector), "ge": n, "le": n}}

    def ifcond_opponent_more(self, c: list[Any]) -> dict[str, Any]:
        return {"opponent_controls_more": {"what": _plain(c[0])}}


#: a trigger of a card in its owner's graveyard ("… return ~ from your graveyard to the
#: battlefield"): the core reads it as working on the battlefield (no `zone: graveyard`), so
#: with an "if you control" condition it is kept unparsed rather than compiled wrong
_FROM_GRAVEYARD = re.compile(r"\b(at|when|whenever) [^.]*, if (you|an opponent) (don't )?"
                             r"controls? .*\breturn ~ from your graveyard\b")


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass (areas/__init__.py): a triggered ability with an "if you control"
    condition that returns the card from its owner's graveyard stays unparsed (the trigger's
    zone, CR 113.6b, is not read from the text); every other line is handed on."""
    from rulings.oracle.compiler import Note

    for ability in items:
        if not isinstance(ability, Note) and _FROM_GRAVEYARD.search(ability.norm):
            gap = ("triggered: a trigger of a card in the graveyard ('return ~ from your "
                   "graveyard'): its zone is not read")
            yield Note(ability.number, ability.text, "unparsed",
                       {"unparsed": {"text": ability.text, "gap": gap}}, gap)
            continue
        yield ability
