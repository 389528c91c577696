"""Random but valid situations, built from the vocabulary, for `rulings check --generate`.

A situation has 2–4 players, a turn, a few objects drawn from the cards of the knowledge base
(in any zone; on the battlefield tapped or not, new under their controller or not), maybe a
few words of what happened this turn and of lasting effects, and one event drawn from the
registered event words. Every reference (player, object, ability) names something that exists,
so the loader accepts each situation; what the engine makes of it is the point of the run.

Situation `i` of seed `s` comes from its own random generator seeded with "s/i", so a run is
the same for a given seed whatever the number of worker processes, and one situation can be
rebuilt alone (`situation(seed, i)`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import yaml

PLAYER_NAMES = ("Alice", "Bob", "Carol", "Dave")
#: battlefield most of the time: that is where most rules look
ZONE_WEIGHTS = (("battlefield", 6), ("hand", 2), ("library", 2), ("graveyard", 1),
                ("exile", 1), ("stack", 1), ("command", 0))
#: optional sections of a situation and the word table each one reads
SECTIONS = (("this_turn", "this_turn"), ("effects", "effect"), ("draft", "draft"))


@dataclass(frozen=True)
class Known:
    """A card of the knowledge base: its name, how many abilities it has, its card types and
    the numbers of its abilities that can be activated (so a generated situation is one a
    game can reach: no instant on the battlefield, no static ability activated)."""

    name: str
    abilities: int
    types: tuple[str, ...] = ()
    activated: tuple[int, ...] | None = None


def known_cards() -> list[Known]:
    from rulings.facts.errors import InputError
    from rulings.knowledge import catalog

    cards: list[Known] = []
    for name in sorted(catalog.known_names()):
        try:
            card = catalog.card(name)
        except InputError:
            continue  # a broken card file is lint's to report
        if card is not None:
            activated = tuple(
                n for n, ab in enumerate(card.abilities, 1)
                if getattr(ab, "kind", "activated") in ("activated", "mana"))
            cards.append(Known(card.name, len(card.abilities), tuple(card.types), activated))
    return cards


def generate(n: int, seed: int, cards: list[Known] | None = None
             ) -> list[tuple[str, dict[str, Any]]]:
    """`n` situations as (name, data) pairs; the same for the same seed and knowledge base."""
    cards = known_cards() if cards is None else cards
    return [(name_of(seed, i), situation(seed, i, cards)) for i in range(n)]


def name_of(seed: int, index: int) -> str:
    return f"generated-{seed}-{index:05d}"


def situation(seed: int, index: int, cards: list[Known] | None = None) -> dict[str, Any]:
    """One situation the loader accepts: a draw that describes an impossible state (the
    loader refuses it) is drawn again, a bounded number of times."""
    return _draw(seed, index, known_cards() if cards is None else cards, "generated")[0]


_KNOWN: list[list[Known]] = []


def drawn(seed: int, index: int, name: str) -> tuple[dict[str, Any], Any]:
    """Situation `index` of `seed` (the data `generate` gives it) and the situation loaded
    from it under `name`, or None when no draw was accepted. For `rulings check
    --generate`: each worker process draws its own situations, so the drawing runs in
    parallel, and the load that accepted a draw is the one the question uses. The known
    cards are those `remember_known_cards` read (before forking), else read now."""
    if not _KNOWN:
        remember_known_cards()
    return _draw(seed, index, _KNOWN[0], name)


def remember_known_cards() -> list[Known]:
    """Read the knowledge base's cards now, for the draws that follow (read again at each
    run: the knowledge base can change between two runs in one process)."""
    _KNOWN[:] = [known_cards()]
    return _KNOWN[0]


def _draw(seed: int, index: int, cards: list[Known], name: str
          ) -> tuple[dict[str, Any], Any]:
    from rulings.facts.errors import InputError
    from rulings.facts.situation import from_data

    data: dict[str, Any] = {}
    for attempt in range(40):
        key = f"{seed}/{index}" + (f"/{attempt}" if attempt else "")
        data = _Builder(random.Random(key), cards).build()
        try:
            loaded = from_data(data, name)
        except InputError:
            continue
        return data, loaded
    return data, None


def to_yaml(data: dict[str, Any], comment: str = "") -> str:
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


class _Builder:
    def __init__(self, rng: random.Random, cards: list[Known]) -> None:
        self.rng = rng
        self.cards = cards
        self.players: list[str] = []
        self.objects: list[str] = []
        self.abilities: list[str] = []
        #: abilities that can be activated, for the `activate` event
        self.activatable: list[str] = []
        self.ability_pool: list[str] = self.abilities
        self.card_names: list[str] = [c.name for c in cards] or ["Forest"]

    def build(self) -> dict[str, Any]:
        from rulings.facts.game import STEPS
        from rulings.facts.vocabulary import WORDS

        rng = self.rng
        self.players = list(PLAYER_NAMES[: rng.choice((2, 2, 2, 3, 4))])
        data: dict[str, Any] = {"players": list(self.players)}
        active = rng.choice(self.players)
        data["turn"] = {"active": active, "step": rng.choice(STEPS),
                        "number": rng.randint(1, 8)}
        if rng.random() < 0.2:
            # nobody has priority in the untap step (CR 502.4): a loader error otherwise
            holder = rng.choice(self.players)
            if data["turn"]["step"] != "untap":
                data["turn"]["priority"] = holder
        zones = self._objects(rng.randint(1, 6))
        data.update(zones)
        for key, table in SECTIONS:
            words = WORDS.get(table, {})
            if words and rng.random() < 0.3:
                items = [self._word(words) for _ in range(rng.randint(1, 2))]
                items = [i for i in items if i]
                if items:
                    data[key] = items
        event = self._word(WORDS.get("event", {}))
        if event is None:
            # no event word could be filled in (e.g. only ability events and no abilities):
            # add an object with an ability and try again
            self._add_object_with_ability(data)
            event = self._word(WORDS.get("event", {}))
        if event is not None:
            data["event"] = event
        return data

    # -- objects ----------------------------------------------------------------------------

    def _objects(self, count: int) -> dict[str, Any]:
        zones: dict[str, Any] = {}
        names = [z for z, _ in ZONE_WEIGHTS]
        weights = [w for _, w in ZONE_WEIGHTS]
        for _ in range(count):
            if not self.cards:
                break
            card = self.rng.choice(self.cards)
            zone = self.rng.choices(names, weights)[0]
            if (zone == "battlefield" and {"instant", "sorcery"} & set(card.types)) or \
                    (zone == "stack" and "land" in card.types):
                zone = "hand"  # instants never enter the battlefield, lands are never cast
            self._place(zones, card, zone)
        return zones

    def _add_object_with_ability(self, data: dict[str, Any]) -> None:
        with_abilities = [c for c in self.cards if c.abilities
                          and not {"instant", "sorcery"} & set(c.types)]
        if with_abilities:
            self._place(data, self.rng.choice(with_abilities), "battlefield")

    def _place(self, zones: dict[str, Any], card: Known, zone: str) -> None:
        rng = self.rng
        oid = f"o{len(self.objects) + 1}"
        owner = rng.choice(self.players)
        entry: dict[str, Any] = {"card": card.name, "id": oid}
        if zone == "battlefield":
            controller = owner if rng.random() < 0.85 else rng.choice(self.players)
            entry["controller"] = controller
            if controller != owner:
                entry["owner"] = owner
            if rng.random() < 0.4:
                entry["tapped"] = True
            if rng.random() < 0.25:
                entry["since_turn_began"] = False
            if rng.random() < 0.1:
                entry["haste"] = True
            if rng.random() < 0.15:
                from rulings.facts.game import COLORS

                entry["chosen"] = {"color": rng.choice(COLORS)}
            zones.setdefault("battlefield", []).append(entry)
        else:
            zones.setdefault(zone, {}).setdefault(owner, []).append(entry)
        self.objects.append(oid)
        self.abilities += [f"{oid}.{n}" for n in range(1, card.abilities + 1)]
        numbers = range(1, card.abilities + 1) if card.activated is None else card.activated
        self.activatable += [f"{oid}.{n}" for n in numbers]

    # -- words --------------------------------------------------------------------------------

    def _word(self, table: dict[str, type]) -> dict[str, Any] | None:
        """One word of `table` with its slots filled with valid values, or None when no word
        can be (its required references have nothing to point at)."""
        words = sorted(table)
        self.rng.shuffle(words)
        for name in words:
            self.ability_pool = self.activatable if name == "activate" else self.abilities
            fields = self._fields(table[name])
            if fields is not None:
                return {name: fields}
        return None

    def _fields(self, cls: type) -> dict[str, Any] | None:
        rng = self.rng
        out: dict[str, Any] = {}
        implicit = getattr(cls, "implicit", ())
        for key, spec in cls.slots.items():  # type: ignore[attr-defined]
            if key in implicit or key in getattr(cls, "nested", {}):
                continue
            if not spec.required and rng.random() < 0.5:
                continue  # leave it at its default
            value = self._value(spec)
            if value is None:
                if spec.required:
                    return None
                continue
            out[key] = value
        return out

    def _value(self, spec: Any) -> Any:
        rng = self.rng
        if spec.ref:
            pool = {"player": self.players, "object": self.objects,
                    "ability": self.ability_pool}.get(spec.ref, [])
            return rng.choice(pool) if pool else None
        if spec.type is bool:
            return rng.random() < 0.5
        if spec.type is int:
            return rng.randint(0, 3) if not spec.required else rng.randint(1, 3)
        if spec.type is list:
            pool = list(spec.choices) or list(self.objects)
            if not pool:
                return []
            return rng.sample(pool, rng.randint(0, min(2, len(pool))))
        if spec.choices:
            return rng.choice(spec.choices)
        # free text: a card name is the most useful guess (drafted cards, named cards)
        return rng.choice(self.card_names)


__all__ = ["generate", "situation", "known_cards", "to_yaml", "Known"]
