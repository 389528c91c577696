"""Commander-sized boards for `rulings bench`: four players and any number of permanents.

A board is built from one block of 25 permanents repeated (lands of every basic type, mana
creatures, Reflecting Pools, Exotic Orchards, a Mana Reflection in the first four blocks, a
search hoser, a few others), dealt to the four players in turn, so a board of 250 holds ten times what a board
of 25 holds and the cost of a question can be compared across sizes. Two questions are asked
of each board: Alice taps her first Reflecting Pool for mana, and Alice's Rampant Growth
resolves (a search, with Leonin Arbiters, Strangleholds and Opposition Agents about).
"""

from __future__ import annotations

from pathlib import Path
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
#: the same block with a third of its lands (6 of 18) Reflecting Pools or Exotic Orchards:
#: what those lands could produce depends on what the other lands could produce
POOLS_BLOCK = tuple(
    {8: "Reflecting Pool", 15: "Exotic Orchard"}.get(i, name) for i, name in enumerate(BLOCK))
#: one search hoser per block, in turn
HOSERS = ("Leonin Arbiter", "Stranglehold", "Opposition Agent")

QUESTIONS = ("mana", "search")


def board(permanents: int, question: str = "mana",
          block_of: tuple[str, ...] = BLOCK) -> dict[str, Any]:
    """A situation with `permanents` permanents on the battlefield and the `question`
    ("mana": Alice taps her Reflecting Pool; "search": Alice's Rampant Growth resolves),
    the battlefield made of `block_of` (BLOCK, or POOLS_BLOCK) repeated."""
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {QUESTIONS}, not {question!r}")
    battlefield: list[dict[str, Any]] = []
    for i in range(permanents):
        block, place = divmod(i, len(block_of))
        name = block_of[place]
        if name == "Grizzly Bears":  # the hoser's seat in the block
            name = HOSERS[block % len(HOSERS)]
        if name == "Mana Reflection" and block >= len(PLAYERS):
            # one each at most, as in a real game: k doublers apply to each of a player's
            # n mana abilities, k × n facts, and a board of ten of them is no one's game
            name = "Forest"
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





# -- figures for `rulings bench` ----------------------------------------------------------------

SIZES = (25, 50, 100, 250)


def board_figures(sizes: tuple[int, ...] = SIZES, repeats: int = 5, cold: bool = True
                  ) -> list[tuple[str, str]]:
    """The scaling table: for each question and board size, the CPU time of a warm question
    (best of `repeats`, after one question that builds the engine; wall time beside it), the
    ratio of the largest board to the smallest, and (with `cold`) a fresh `rulings ask` on
    the largest board."""
    import json
    import tempfile
    import time

    from rulings.api import ask
    from rulings.commands.bench import cold as cold_run
    from rulings.engine.answer import hit_bound
    from rulings.facts.situation import from_data

    figures: list[tuple[str, str]] = []
    for question, block, kind in (("mana", BLOCK, "mana"), ("search", BLOCK, "search"),
                                  ("mana", POOLS_BLOCK, "mana (⅓ pools)")):
        warm: dict[int, float] = {}
        for size in sizes:
            situation = from_data(board(size, question, block), f"board-{size}")
            first = ask(situation, sources=False)
            walls, cpus = [], []
            for _ in range(repeats):
                start, cpu = time.perf_counter(), time.process_time()
                answer = ask(situation, sources=False)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
            warm[size] = min(cpus)
            state = "INCOMPLETE" if hit_bound(answer) or hit_bound(first) else "complete"
            figures.append((f"board {size:>3} permanents, {kind} question, warm CPU",
                            f"{warm[size] * 1000:7.1f} ms (wall {min(walls) * 1000:.1f} ms; "
                            f"{len(answer['rulings'])} rulings, {state})"))
        low, high = min(sizes), max(sizes)
        if warm.get(low):
            figures.append((f"board {kind}: time {high}/{low} (linear is {high / low:g})",
                            f"{warm[high] / warm[low]:.1f}"))
        if cold:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
                json.dump(board(high, question, block), out)
            figures.append((f"board {high} permanents, {kind} question, cold "
                            "`rulings ask` (best of 3)", cold_run(["ask", out.name])))
            Path(out.name).unlink()
    return figures

__all__ = ["board", "board_figures", "BLOCK", "POOLS_BLOCK", "HOSERS", "PLAYERS", "QUESTIONS", "SIZES"]
