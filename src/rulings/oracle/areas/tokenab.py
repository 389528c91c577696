"""tokenab: a token's ability in quotation marks (tokenab.lark)."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import GRANTED_ABILITY, Unsupported


class TokenAbilityEmitter:
    def token_granted(self, c: list[Any]) -> dict[str, Any]:
        size, colors, noun, _granted = c
        card = self.token([size, colors, noun, None])  # type: ignore[attr-defined]
        card["abilities"] = [GRANTED_ABILITY]
        return card  # type: ignore[no-any-return]

    def token_keywords_granted(self, c: list[Any]) -> dict[str, Any]:
        size, colors, noun, keywords, _granted = c
        card = self.token([size, colors, noun, keywords])  # type: ignore[attr-defined]
        card["abilities"] = [GRANTED_ABILITY]
        return card  # type: ignore[no-any-return]

    def token_has_sentence(self, c: list[Any]) -> list[dict[str, Any]]:
        """"… create two Eldrazi Scion tokens. They have "…"": a place-holder step the
        effects join to the step before (token_has below)."""
        return [{TOKEN_HAS: GRANTED_ABILITY}]


#: the place-holder step of "It has …" (joined by token_has)
TOKEN_HAS = "__token_has__"


def token_has(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tokens the step just before "It has …" creates get the ability; after any other
    step it is not read."""
    out: list[dict[str, Any]] = []
    for step in steps:
        if TOKEN_HAS not in step:
            out.append(step)
            continue
        token = out[-1].get("create", {}).get("token") if out else None
        if not isinstance(token, dict) or "abilities" in token or "name" in token:
            raise Unsupported("'it has' an ability after a step that creates no token")
        token["abilities"] = [step[TOKEN_HAS]]
    return out
