"""Area `selfstate`: an intervening "if" about the object with the ability itself (CR 603.4):
tapped or untapped (110.5), equipped or enchanted (301.5, 303.4), attacking (506.4),
monstrous (701.37b), or in its owner's graveyard (the ability then works only there, 113.6b)
(grammar: selfstate.lark). knowledge/rules/selfstate.py decides each as the event happens and
again as the ability resolves."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: the word after "is", as the condition it makes (the aslongas area's words)
_STATES: dict[str, dict[str, Any]] = {
    "tapped": {"tapped": True}, "untapped": {"tapped": False},
    "equipped": {"equipped": True}, "enchanted": {"enchanted": True},
    "attacking": {"attacking": True}, "monstrous": {"monstrous": True},
}


class SelfstateEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/selfstate.lark."""

    def selfstate_state(self, c: list[Any]) -> str:
        return str(c[0])

    def selfstate_self_is(self, c: list[Any]) -> dict[str, Any]:
        return dict(_STATES[str(c[-1])])

    def selfstate_in_graveyard(self, _: list[Any]) -> dict[str, Any]:
        self.zone = "graveyard"  # the ability says it works there (CR 113.6b)
        return {"in_zone": {"what": "this", "zone": "graveyard"}}

    def selfstate_tap_or_untap(self, c: list[Any]) -> Act:
        # one permanent, tapped or untapped as its controller chooses on resolution (608.2d)
        what = self._objects(c[0])  # type: ignore[attr-defined]
        if isinstance(what, str) and what.startswith("t") and what[1:].isdigit() \
                and what != "t1":
            # "then you may tap or untap another target permanent": "another" there means
            # not the first target (CR 601.2c), which a target's `other` doesn't say
            raise Unsupported("'tap or untap' of a second target ('another target' after a "
                              "first one)")
        return Act("tap_or_untap", {"what": what})
