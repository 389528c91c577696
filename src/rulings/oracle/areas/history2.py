"""The history2 area: permissions to cast spells as though they had flash (CR 702.8a,
601.3e), read by knowledge/rules/flash_permissions.py."""

from __future__ import annotations

from typing import Any

from rulings.oracle.emit import Unsupported

#: the keys a spells description may have here (each checked on the spell as it is cast)
_PLAIN = {"types", "subtypes", "colors", "zone", "controller"}


def _spells(what: dict[str, Any]) -> dict[str, Any]:
    what = dict(what)
    if what.get("zone") != "stack" and what.get("types") != ["spell"]:
        raise Unsupported("'as though they had flash' of something other than spells")
    if not set(what) <= _PLAIN or what.get("controller") not in (None, "you"):
        raise Unsupported("a kind of spells the flash permission can't check")
    what.pop("controller", None)  # who casts them is the permission's `who`
    if not what.get("types"):
        what["types"] = ["spell"]
    if "spell" in what["types"]:
        what.pop("zone", None)
    return what


class History2Emitter:
    def h2_flash_spells(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"cast_as_though_flash": {"who": "you", "what": _spells(c[0])}}}

    def h2_flash_spells_any(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"cast_as_though_flash": {"who": "any_player", "what": _spells(c[0])}}}
