"""Area `prevent`: prevention on the damage of "a (red) source of your choice" (grammar:
prevent.lark). Written as the `prevent` verb with `source_of_choice` (the qualities the
chosen source must have, any of; `[any]`: any source, CR 609.7a) and, for "the next time …
would deal damage", `next_time: true` (CR 615.8); "prevent all …" is `amount: 0`, "the next
3" `amount: 3` (615.7). With no recipient ("prevent all damage a source of your choice would
deal this turn") it is the chosen source's damage to anything. The resolution
(knowledge/choices.py) reads the stack entry's `chosen: {source: …}`; the effect it leaves is
a `prevent_damage` / `prevent_all_damage` with `by:`, applied by knowledge/aftermath.py.
"Prevent all combat damage that would be dealt by target creature this turn" is `prevent:
{amount: 0, combat: true, source: t1}`: the resolution leaves a `prevent_all_damage` with
`by:` that object and `combat: true` (knowledge/rules/prevent_combat.py, CR 615.3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rulings.oracle.emit import Act, Unsupported


def _args(quality: list[str], to: Any, **more: Any) -> dict[str, Any]:
    if to in ("enchanted", "equipped"):
        # "sacrifice ~: … to enchanted creature": what the Aura enchanted as it left (last
        # known information, CR 608.2h) is not kept once it is gone
        raise Unsupported("a shield on what the Aura or Equipment is attached to")
    args: dict[str, Any] = {"source_of_choice": quality or ["any"], **more}
    if to is not None:
        args["to"] = to
    args["duration"] = "this_turn"
    return args


class PreventEmitter:
    """Methods mixed into Emitter for src/rulings/oracle/areas/prevent.lark."""

    def prevent_chosen_source(self, c: list[Any]) -> list[str]:
        return list(c[0] or []) if c else []

    def prevent_source_quality(self, c: list[Any]) -> list[str]:
        return [str(x) for x in c if x]

    def prevent_source_type(self, c: list[Any]) -> str:
        return str(c[0])

    def prevent_next_time_chosen(self, c: list[Any]) -> Act:
        quality, to = c
        return Act("prevent", _args(quality, to, next_time=True))

    def prevent_all_chosen(self, c: list[Any]) -> Act:
        quality, to = c
        return Act("prevent", _args(quality, to, amount=0))

    def prevent_all_chosen_by(self, c: list[Any]) -> Act:
        to, quality = c
        return Act("prevent", _args(quality, to, amount=0))

    def prevent_next_chosen_by(self, c: list[Any]) -> Act:
        amount, to, quality = c
        return Act("prevent", _args(quality, _one(to), amount=amount))

    def prevent_next_chosen(self, c: list[Any]) -> Act:
        amount, quality, to = c
        return Act("prevent", _args(quality, _one(to), amount=amount))

    def prevent_all_combat_by(self, c: list[Any]) -> Act:
        # "… combat damage that would be dealt by target creature (it, ~) this turn": that
        # object's combat damage to anything (CR 615.3), `source:` the object
        ref = c[0]
        if ref.kind not in ("target", "ref") or not isinstance(ref.value, str):
            # "each creature", "all creatures": a group, which creatures entering later join
            raise Unsupported("combat damage prevented from a group, not named objects")
        return Act("prevent", {"amount": 0, "combat": True,
                               "source": self._objects(ref),  # type: ignore[attr-defined]
                               "duration": "this_turn"})

    def prevent_unpreventable_after(self, c: list[Any]) -> list[dict[str, Any]]:
        steps = list(c[0])
        deals = [s for s in steps if "deal_damage" in s]
        if len(deals) != 1 or steps[-1] is not deals[0] or \
                not isinstance(deals[0]["deal_damage"], dict) or \
                deals[0]["deal_damage"].get("divided"):
            raise Unsupported("'the damage can't be prevented' after other than one damage step")
        deals[0]["deal_damage"]["unpreventable"] = True
        return steps

    def prevent_self_unpreventable(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "this", "damage_cant_be_prevented": True}}

    def prevent_unpreventable_turn(self, _: list[Any]) -> Act:
        return Act("unpreventable_damage", {"duration": "this_turn"})


def _one(to: Any) -> Any:
    if to is None:
        raise Unsupported("a shield of N damage with no recipient")
    return to



#: "damage can't be prevented this turn. If this spell was kicked, it deals 5 damage to target
#: …": the target is chosen only when the spell is kicked (CR 601.2c), which the targets
#: don't say; the line stays unparsed
_UNPREVENTABLE_KICKED = re.compile(r"damage can't be prevented this turn.*"
                                   r"if this spell was kicked.*target")


def group_lines(items: list[Any], spell: bool) -> Iterator[Any]:
    """The area's pass (areas/__init__.py): the line above stays unparsed; every other line
    is handed on."""
    from rulings.oracle.compiler import Note

    for ability in items:
        if not isinstance(ability, Note) and _UNPREVENTABLE_KICKED.search(ability.norm):
            gap = ("spell: a target chosen only if the spell is kicked (CR 601.2c) is not "
                   "read")
            yield Note(ability.number, ability.text, "unparsed",
                       {"unparsed": {"text": ability.text, "gap": gap}}, gap)
            continue
        yield ability
