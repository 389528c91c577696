"""Commander-sized boards for `rulings bench`: four players and any number of permanents.

A board is built from one block of 25 permanents repeated (lands of every basic type, mana
creatures, Reflecting Pools, Exotic Orchards, a Mana Reflection, a search hoser, a few
others), dealt to the four players in turn, so a board of 250 holds ten times what a board
of 25 holds and the cost of a question can be compared across sizes. Two questions are asked
of each board: Alice taps her first Reflecting Pool for mana, and Alice's Rampant Growth
resolves (a search, with Leonin Arbiters, Strangleholds and Opposition Agents about).
"""

from __future__ import annotations

from typing import Any

PLAYERS = ("Alice", "Bob", "Carol", "Dave")

#: one block; the Reflecting Pool comes first so that Alice controls one on every board
BLOCK = (
    "Reflecting Pool", "Forest", "Island", "Swamp", "Mountain", "Plains",
    "Llanowar Elves", "Exotic Orchard", "Forest", "Island", "Birds of Paradise",
    "Mana Reflection", "Swamp", "Mountain", "Reflecting Pool", "Plains",
    "Llanowar Elves", "Exotic Orchard", "Forest", "Grizzly Bears", "Island",
    "Sol Ring", "Swamp", "Fellwar Stone", "Mountain",
)
#: one search hoser per block, in turn
HOSERS = ("Leonin Arbiter", "Stranglehold", "Opposition Agent")

QUESTIONS = ("mana", "search")


def board(permanents: int, question: str = "mana") -> dict[str, Any]:
    """A situation with `permanents` permanents on the battlefield and the `question`
    ("mana": Alice taps her Reflecting Pool; "search": Alice's Rampant Growth resolves)."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {QUESTIONS}, not {question!r}")
    battlefield: list[dict[str, Any]] = []
    for i in range(permanents):
        block, place = divmod(i, len(BLOCK))
        name = BLOCK[place]
        if name == "Grizzly Bears":  # the hoser's seat in the block
            name = HOSERS[block % len(HOSERS)]
        entry: dict[str, Any] = {"card": name, "controller": PLAYERS[i % len(PLAYERS)]}
        if i == 0:
            entry["id"] = "pool"
        battlefield.append(entry)
    data: dict[str, Any] = {
        "question": f"A board of {permanents} permanents: "
                    + ("Alice taps Reflecting Pool for mana."
                       if question == "mana" else "Alice's Rampant Growth resolves."),
        "players": list(PLAYERS),
        "turn": {"active": "Alice", "step": "precombat main"},
        "battlefield": battlefield,
    }
    if question == "mana":
        data["event"] = {"activate": {"ability": "pool.1"}}
    else:
        data["library"] = {"Alice": ["Forest", "Island"]}
        data["stack"] = {"Alice": ["Rampant Growth"]}
        data["event"] = {"resolve": {"ability": "rampant-growth.1", "find": ["Forest"]}}
    return data


__all__ = ["board", "BLOCK", "HOSERS", "PLAYERS", "QUESTIONS"]
