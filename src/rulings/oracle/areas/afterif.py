"""The afterif area: a step of a resolving spell or ability that happens only if a condition
holds when it is reached (CR 608.2c): "If you control a Wizard, draw a card.", "Tap target
permanent. If it's an artifact, destroy it.", "Then if it's your turn, scry 2."; "…
instead" (the sentence before happens only if the condition doesn't hold) and "Otherwise, …"
(the sentence before's condition the other way round).

Each step of the sentence gets `if: <condition>`; the resolution walk decides it as the step
is reached (knowledge/step_conditions.py): true, the step happens; false, it doesn't; not
decided by the situation, the answer says the step depends on it."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported

#: verbs whose conditional step the resolution walk follows itself: a counter, a copy or the
#: steps of a search are said by other rules, which would not see the condition; mana is added
#: by the mana rules (knowledge/rules/mana.py) apart from the walk
_FOLLOWED = {"draw", "discard", "gain_life", "lose_life", "deal_damage", "destroy", "exile",
             "tap", "untap", "modify", "put_counters", "create", "return", "sacrifice",
             "scry", "mill", "surveil", "create_copy", "regenerate", "fight", "gain_control"}


class Conditional(list):  # type: ignore[type-arg]
    """The steps of one conditional sentence, with what it says about the sentence before:
    `instead` (the one before happens only if the condition doesn't hold) or `otherwise` (it
    happens only if the one before's condition doesn't hold)."""

    def __init__(self, steps: list[dict[str, Any]], cond: dict[str, Any] | None,
                 how: str = "") -> None:
        super().__init__(steps)
        self.cond = cond
        self.how = how


def _bodies(steps: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [next(iter(s.items())) for s in steps]


def _condition_on(steps: list[dict[str, Any]], cond: dict[str, Any], what: str) -> None:
    if not steps:
        raise Unsupported(f"'{what}' with no instruction")
    for verb, body in _bodies(steps):
        if verb not in _FOLLOWED:
            raise Unsupported(f"'{what}' on a step the resolution walk doesn't follow "
                              f"({verb})")
        if {"if", "unless", "for_each"} & set(body) or "may" in body and what != "if":
            raise Unsupported(f"'{what}' on a step with a condition or choice of its own")
        if body.get("what") == "this" and verb in ("return", "exile", "sacrifice"):
            # a spell that moves itself only if …: the rules that put a resolved spell into
            # its owner's graveyard don't see the condition
            raise Unsupported(f"'{what}' on a step that moves the object itself")
        if "event." in str(body):
            # "that player" after a target player: read as a trigger's player by the core
            raise Unsupported(f"'{what}' on a step naming a trigger event's player or object")
        body["if"] = cond


def join_conditions(sentences: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """The effects' sentences with "instead" and "otherwise" joined to the sentence before
    (called by the core's `effects`)."""
    if not any(isinstance(s, Conditional) for s in sentences):
        return sentences
    verbs = [v for s in sentences for v, _ in _bodies(s)]
    if "add_mana" in verbs:
        # a mana ability (CR 605): its steps are followed by the mana rules, not the walk
        raise Unsupported("a condition in an ability that adds mana")
    for k, sentence in enumerate(sentences):
        if not isinstance(sentence, Conditional) or not sentence.how:
            continue
        if k == 0:
            raise Unsupported(f"'{sentence.how}' with no sentence before it")
        before = sentences[k - 1]
        if sentence.how == "instead":
            if isinstance(before, Conditional) or any(
                    {"if", "may", "unless", "for_each"} & set(b) for _, b in _bodies(before)):
                raise Unsupported("'instead' of a sentence with a condition or choice of its "
                                  "own")
            _condition_on(before, {"not": sentence.cond}, "instead")
        else:  # otherwise: the sentence before's own condition, the other way round
            conds = [b.get("if") for _, b in _bodies(before)]
            if not conds or conds[0] is None or any(c != conds[0] for c in conds):
                raise Unsupported("'otherwise' after a sentence without one condition")
            _condition_on(list(sentence), {"not": conds[0]}, "otherwise")
    arrived = False
    for s in sentences:
        for verb, body in _bodies(s):
            if arrived and isinstance(body.get("if"), dict) and _asks_board(body["if"]):
                # a search, a put or a return onto the battlefield the walk doesn't follow
                # on the battlefield: a count after it would miss what arrived
                raise Unsupported("a count of permanents after permanents arrive")
            if verb in ("search", "put", "create_copy", "reveal_top", "look_at_top") or (
                    verb == "return" and body.get("to") == "battlefield"):
                arrived = True
    return sentences


def _asks_board(cond: Any) -> bool:
    return any(k in str(cond) for k in ("you_control", "opponent_controls_more"))


class AfterifEmitter:
    def afterif_if(self, c: list[Any]) -> Conditional:
        cond, steps = c
        _condition_on(steps, cond, "if")
        return Conditional(steps, cond)

    def afterif_instead(self, c: list[Any]) -> Conditional:
        cond, steps = c
        _condition_on(steps, cond, "if")
        return Conditional(steps, cond, "instead")

    def afterif_otherwise(self, c: list[Any]) -> Conditional:
        return Conditional(c[0], None, "otherwise")

    def _afterif_target(self, noun: Any = None) -> str:
        """The spell's or ability's one target a condition is about ("it", "that
        creature"): the last target slot, one object, which the noun (if any) describes."""
        if getattr(self, "created", None) is not None or getattr(self, "found", None):
            raise Unsupported("a condition about a token or a card found, not a target")
        targets = getattr(self, "targets", [])
        slot = targets[-1] if targets else None
        if slot is None or "count" in slot or not isinstance(slot["filter"], dict):
            raise Unsupported("a condition about something other than one target object")
        if noun is not None:
            said = set(noun.get("types", [])) - {"permanent", "card"}
            if set(noun) - {"types"} or not said <= set(slot["filter"].get("types", [])):
                # "if that land is an Island" after "tap target creature": that land is
                # another object (the trigger's), not the target
                raise Unsupported("'that …' in a condition naming another object than the "
                                  "target")
        return str(slot["id"])

    def afterif_it_is(self, c: list[Any]) -> dict[str, Any]:
        return {"object_is": {"what": self._afterif_target(), "is": c[-1]}}

    def afterif_it_was(self, c: list[Any]) -> dict[str, Any]:
        return {"object_is": {"what": self._afterif_target(), "is": c[-1],
                              "as_it_was": True}}

    def afterif_that_is(self, c: list[Any]) -> dict[str, Any]:
        return {"object_is": {"what": self._afterif_target(c[0]), "is": c[-1]}}

    def afterif_that_was(self, c: list[Any]) -> dict[str, Any]:
        return {"object_is": {"what": self._afterif_target(c[0]), "is": c[-1],
                              "as_it_was": True}}

    def afterif_control_both(self, c: list[Any]) -> dict[str, Any]:
        first, second = self.ifcond_you_control(c[:2]), self.ifcond_you_control(c[2:])  # type: ignore[attr-defined]
        return {"all_of": [first, second]}

    def afterif_color(self, c: list[Any]) -> dict[str, Any]:
        return {"colors": [str(c[0])]}

    def afterif_colors(self, c: list[Any]) -> dict[str, Any]:
        return {"colors": [str(c[0]), str(c[1])]}
