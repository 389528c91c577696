"""The ifcond area: a triggered ability's intervening "if" about what a player controls
(CR 603.4): "if you control an Island", "if you control another Wizard", "if you control
three or more artifacts", "if you control no creatures", "if an opponent controls more lands
than you". The conditions are the ones a static's "as long as" uses (`you_control`,
`you_control_count`), and `opponent_controls_more`; knowledge/rules/ifcond.py decides them
as the event happens and again as the ability resolves."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported, _whole


def _one(count: Any) -> None:
    if count != 1:
        raise Unsupported("a count in 'if you control'")


def _plain(selector: Any) -> dict[str, Any]:
    """The description of the permanents counted: a filter the selector rules read, with no
    controller of its own ("you control" is the condition's)."""
    if not isinstance(selector, dict) or "ref" in selector:
        raise Unsupported("'if you control' something other than a description")
    if "controller" in selector or "owner" in selector:
        raise Unsupported("'if you control' a description naming its own controller")
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
