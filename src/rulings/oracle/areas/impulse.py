"""Area `impulse` (grammar: impulse.lark): "exile the top N cards of your library" (the step
`exile_top`, CR 701.13, 401) and "you may play that card / those cards" for a while (a
`permit` step with a duration: until end of turn, this turn, until the end of your next
turn; CR 601.3, 305.1, 611.2). `impulse_ok` (called by compiler.parse) refuses an ability
whose permission has no duration or names other cards than the ones its own exile took."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Act, Unsupported

#: the duration "until the end of your next turn" (CR 611.2): it ends in the cleanup step of
#: its controller's next turn
NEXT_TURN_END = "until_end_of_your_next_turn"
#: the durations a permission to play exiled cards may have here
PERMIT_DURATIONS = ("until_end_of_turn", "this_turn", NEXT_TURN_END)


def _permits(value: Any, verb: str = "permit") -> list[dict[str, Any]]:
    """Every body of a step with this verb inside an ability's result, at any depth."""
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        for key, v in value.items():
            if key == verb and isinstance(v, dict):
                found.append(v)
            found += _permits(v, verb)
    elif isinstance(value, list):
        for v in value:
            found += _permits(v, verb)
    return found


def _did_refs(value: Any) -> list[str]:
    """The step ids every `if: {did: …}` inside the result waits on."""
    found: list[str] = []
    if isinstance(value, dict):
        cond = value.get("if")
        if isinstance(cond, dict) and isinstance(cond.get("did"), str):
            found.append(cond["did"])
        for v in value.values():
            found += _did_refs(v)
    elif isinstance(value, list):
        for v in value:
            found += _did_refs(v)
    return found


def impulse_ok(result: Any) -> str:
    """Why an ability with this area's words is not read ('' when it is). Each permission
    is "you may play …": its "may" is the permission itself, not an optional step, so it is
    taken off the step (and nothing may wait on it, "if you don't"); it must last one of the
    durations above (without one, "you may play it" would be a play while the ability
    resolves, CR 608.2g) and be the controller's own, with no condition."""
    waited = set(_did_refs(result))
    exiles = {str(b.get("id")): b for b in _permits(result, "exile_top")}
    for body in _permits(result):
        exile = exiles.get(str(body.get("what")))
        if exile is None:
            return "a permission to play cards this ability didn't exile from a library"
        if exile.get("may") or "unless" in exile:
            return "a permission to play cards an optional exile took"
        if body.get("duration") not in PERMIT_DURATIONS:
            return "a permission to play exiled cards without a duration it reads"
        if not body.get("may") or "who" in body or "if" in body or "unless" in body:
            return "a permission to play exiled cards with a condition or another player"
        if body.get("id") in waited:
            return "a step waiting on a permission to play exiled cards"
        body.pop("may")
        body.pop("id", None)
        if "if" in exile:  # "if you do, exile …": the permission only if they were exiled
            body["if"] = exile["if"]
    return ""


class ImpulseEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/impulse.lark."""

    def impulse_exile_top(self, c: list[Any]) -> Act:
        amount = c[0]
        if getattr(self, "impulse_exiled", None) is not None or self.looked is not None:  # type: ignore[attr-defined]
            raise Unsupported("two looks at or exiles of the top of a library in one ability")
        self.steps_made += 1  # type: ignore[attr-defined]
        eid = f"s{self.steps_made}"  # type: ignore[attr-defined]
        self.impulse_exiled = (eid, amount)
        self.impulse_used = True
        self.found, self.created = eid, None  # "that card" after it
        return Act("exile_top", {"amount": amount, "id": eid})

    def _impulse_cards(self, many: bool) -> str:
        exiled = getattr(self, "impulse_exiled", None)
        if exiled is None:
            raise Unsupported("a permission to play cards with no cards exiled before it")
        eid, amount = exiled
        if many != (amount != 1):  # "that card" after one card, "those cards" after several
            raise Unsupported("a permission whose words don't match how many were exiled")
        return str(eid)

    def impulse_one(self, _: list[Any]) -> str:
        return self._impulse_cards(False)

    def impulse_many(self, _: list[Any]) -> str:
        return self._impulse_cards(True)

    def impulse_play(self, c: list[Any]) -> Act:
        what, duration = c
        args: dict[str, Any] = {"action": "play", "what": what}
        if duration:
            args["duration"] = duration
        return Act("permit", args)

    def impulse_play_long(self, c: list[Any]) -> Act:
        return Act("permit", {"action": "play", "what": c[0], "duration": NEXT_TURN_END})

    def impulse_next_turn_end(self, _: list[Any]) -> str:
        return NEXT_TURN_END

    def impulse_lead_long(self, c: list[Any]) -> list[dict[str, Any]]:
        _, steps = c
        for step in steps:
            verb, body = next(iter(step.items()))
            if verb != "permit" or body.get("duration", NEXT_TURN_END) != NEXT_TURN_END:
                raise Unsupported(f"'until the end of your next turn, …' on '{verb}'")
            body["duration"] = NEXT_TURN_END
        return steps

    # the top of your library (CR 401.2, 601.3, 305.1)
    def impulse_look_any_time(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "may_look_at_top": True}}

    def impulse_revealed_you(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "top_revealed": "you"}}

    def impulse_revealed_all(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "top_revealed": "each_player"}}

    def impulse_top_permit(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "permit": c[0]}}

    def impulse_look_and_permit(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "may_look_at_top": True, "permit": c[0]}}

    @staticmethod
    def _top_permit(action: str, what: dict[str, Any] | None) -> dict[str, Any]:
        out: dict[str, Any] = {"who": "you", "action": action, "zone": "library", "top": True}
        if what is not None:
            out["what"] = what
        return out

    def impulse_top_lands(self, _: list[Any]) -> dict[str, Any]:
        return self._top_permit("play", {"types": ["land"]})

    def impulse_top_any(self, _: list[Any]) -> dict[str, Any]:
        return self._top_permit("play", None)  # a land played, any other card cast

    def impulse_top_creatures(self, _: list[Any]) -> dict[str, Any]:
        return self._top_permit("cast", {"types": ["creature"]})

    def impulse_top_instants_sorceries(self, _: list[Any]) -> dict[str, Any]:
        return self._top_permit("cast", {"types": ["instant", "sorcery"]})

    def impulse_graveyard_lands(self, c: list[Any]) -> dict[str, Any]:
        permit = c[0]
        if permit.get("action") != "play" or permit.get("what") != {"types": ["land"]}:
            raise Unsupported("a permission to cast spells from a graveyard")
        return {"static": {"affects": "you", "permit": {
            "who": "you", "action": "play", "zone": "graveyard", "what": {"types": ["land"]}}}}
