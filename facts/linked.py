"""Words of linked abilities (CR 607): a card in exile that an ability of a given object
exiled (`exiled_with:` on an exile entry). The ability linked to that exile — "return the
exiled card …" (the referent `exiled_with_this`) — acts on such cards only (CR 607.2a,
406.6). The rules are knowledge/rules/linked.py; the walk of a resolution reads the facts in
knowledge/resolving.py (`_Walk.refer`)."""

from __future__ import annotations

from rulings.facts.vocabulary import GameFact, entry_key, slot


class ExiledWith(GameFact):
    """`object`, a card in exile, was exiled by an ability of `by` — that very object, as it
    was when the ability exiled it (a permanent that left the battlefield and came back is a
    new object, CR 400.7, whose abilities are linked to nothing exiled before)."""

    slots = {"object": slot(str, ref="object"),
             "by": slot(str, ref="object", doc="the object whose ability exiled it")}
    reads = "{object} was exiled with {by}"


@entry_key("object", "exiled_with", "a card in exile that an ability of this object (its "
                                    "id) exiled: the linked ability's 'the exiled card' "
                                    "(CR 607.2a)",
           {"type": "string"}, fix="write exiled_with: <the id of the object that exiled it>",
           zones=("exile",))
def _exiled_with(owner: str, value: object, order: int) -> list[GameFact]:
    if not isinstance(value, str) or not value:
        raise ValueError(f"must be the id of an object, not {value!r}")
    return [ExiledWith(object=owner, by=value)]


__all__ = ["ExiledWith"]
