"""The knowledge base's hand-written cards against what the compiler makes of their Oracle
text (shared test data): both go through the card reader and are compared as read. A card
file the compiler reproduces needs no file once card data is imported; the files stay so
that the cases run without the user's data. Where the two differ, KNOWN_GAPS says why."""

from __future__ import annotations

from typing import Any

from rulings.facts.cards import CardDef, read_card
from rulings.knowledge import catalog
from rulings.oracle import compile_card

#: card file -> why the compiled form differs (the compiler can't read it yet, or reads it
#: differently); a card that starts to match must leave this list
KNOWN_GAPS = {
    "aether-searcher": "not read: draft abilities",
    "berserk": "not read: a casting restriction; 'where X is its power'",
    "burst-lightning": "not read: 'deals 4 damage instead' when kicked",
    "chromatic-orrery": "not read: spending mana as though any color; counting colors",
    "contamination": "not read: a mana replacement ('produces {B} instead')",
    "hangarback-walker": "not read: 'a token for each counter'",
    "impulse": "not read: looking at the top cards and putting the rest on the bottom",
    "lobotomy": "not read: revealing a hand and searching several zones",
    # The compiler gives the put and the shuffle to the exiled creature's controller, and does
    # not make the shuffle conditional on the search; the file says the shuffle happens only
    # if that player searched.
    "path-to-exile": "read differently: who puts, and whether the shuffle depends on the "
                     "search",
    "blood-moon": "not read: changing land types",
    "felidar-sovereign": "not read: winning the game; an intervening 'if'",
    "fork": "not read: copying a spell",
    "hollowborn-barghest": "not read: an intervening 'if' on cards in hand",
    "humility": "not read: losing all abilities; setting power and toughness",
    "jace-beleren": "not read: milling 'twenty' cards (number words above ten)",
    "opalescence": "not read: turning enchantments into creatures",
    "pacifism": "not read: 'can't attack or block' (two prohibited actions in one)",
    "sulfuric-vortex": "not read: a prohibition on gaining life ('would gain')",
    "urborg-tomb-of-yawgmoth": "not read: adding a land type",
}


def as_read(card: CardDef) -> dict[str, Any]:
    return _strip({
        "mana_cost": card.mana_cost, "types": sorted(card.types),
        "subtypes": sorted(card.subtypes), "supertypes": card.supertypes,
        "power": card.power, "toughness": card.toughness, "loyalty": card.loyalty,
        "keywords": card.keywords, "additional_costs": card.additional_costs,
        "abilities": [(a.kind, a.parts) for a in card.abilities]})


def _strip(value: Any) -> Any:
    """Without where things were written (lines) and the text as written (raw)."""
    if isinstance(value, CardDef):
        return as_read(value)
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in ("line", "raw")}
    if isinstance(value, (list, tuple)):
        return [_strip(v) for v in value]
    if hasattr(value, "parts") and hasattr(value, "kind"):
        return (value.kind, _strip(value.parts))
    return value


def compare(pool: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """card file -> the fields that differ (empty: the same)."""
    by_name = {name.lower(): fields for name, fields in pool.items()}
    out = {}
    for slug in catalog.known_slugs():
        hand = catalog.card_file(slug)
        fields = by_name.get(hand.name.lower())
        if fields is None:
            continue
        problems: list = []
        compiled = read_card(compile_card(fields).card, "compiled", problems)
        assert problems == []
        a, b = as_read(hand), as_read(compiled)
        out[slug] = [k for k in a if a[k] != b[k]]
    return out


def test_known_cards_compile_to_their_files(pool):
    found = compare(pool)
    differ = {slug for slug, fields in found.items() if fields}
    assert differ - set(KNOWN_GAPS) == set(), "compiled forms that now differ from the file"
    assert set(KNOWN_GAPS) - differ == set(), "known gaps that are gone: remove them here"
