"""One answer for search steps, whichever event asks: every case of the search family that
asks `resolve: {ability, …}` of a spell on the stack is asked again as `resolve_top` (the
targets on the stack entry, `find:`/`find_nothing:` on the event), and the searching,
hoser, control, shuffling and found-card rulings must be the same."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings import api
from rulings.facts.cards import slug

CASES = Path(__file__).with_name("cases")
FOLDERS = ("leonin-arbiter", "search", "opposition-agent", "correctness", "aether-searcher")
#: the rules that say what a search step does (both events reach them)
SEARCH_RULES = ("searching.", "cant.", "shuffling.", "control.", "replacement.exiled",
                "replacement.new-object", "replacement.found", "resolution.put",
                "resolution.cast", "resolution.reveal", "resolution.shuffle",
                "resolution.look", "resolution.found")


def _as_resolve_top(situation: dict[str, Any]) -> dict[str, Any] | None:
    """The same question with `resolve_top`, or None when it can't be put so (the ability is
    not the one spell on the stack, or the event says who controls it or a chosen card)."""
    event = (situation.get("event") or {}).get("resolve")
    stack = situation.get("stack")
    if not isinstance(event, dict) or set(event) - {"ability", "find", "find_nothing",
                                                    "target", "target_player"}:
        return None
    if isinstance(stack, dict) and len(stack) == 1:
        (player, entries), = stack.items()
        entries = [e if isinstance(e, dict) else {"card": e} for e in entries]
        entries = [{**e, "controller": player} for e in entries]
    else:
        return None
    if len(entries) != 1 or "card" not in entries[0] or \
            str(event["ability"]).partition(".")[0] != entries[0].get("id",
                                                                     slug(entries[0]["card"])):
        return None
    out = copy.deepcopy(situation)
    entry = dict(entries[0])
    targets = [t for t in (event.get("target"), event.get("target_player")) if t]
    if targets:
        entry["targets"] = targets
    out["stack"] = [entry]
    out["event"] = {"resolve_top": {k: event[k] for k in ("find", "find_nothing")
                                    if k in event}}
    return out


def _pairs() -> list[tuple[Path, dict[str, Any], dict[str, Any]]]:
    pairs = []
    for folder in FOLDERS:
        for path in sorted((CASES / folder).glob("*.yaml")):
            situation = yaml.safe_load(path.read_text(encoding="utf-8"))["situation"]
            top = _as_resolve_top(situation)
            if top is not None:
                pairs.append((path, situation, top))
    return pairs


PAIRS = _pairs()


def _search_rulings(answer: dict[str, Any]) -> set[tuple[str, str, str, str]]:
    return {(r["rule"], r["statement"]["subject"], r["statement"]["verdict"], r["text"])
            for r in answer["rulings"] if r["rule"].startswith(SEARCH_RULES)}


def test_there_are_pairs_to_compare() -> None:
    assert len(PAIRS) >= 10


@pytest.mark.parametrize("path,resolve,top", PAIRS, ids=[p.stem for p, _, _ in PAIRS])
def test_resolve_and_resolve_top_agree(path: Path, resolve: dict[str, Any],
                                       top: dict[str, Any]) -> None:
    old = _search_rulings(api.ask(resolve, sources=False))
    new = _search_rulings(api.ask(top, sources=False))
    assert old == new, f"{path.name}: only resolve: {sorted(old - new)}; " \
                       f"only resolve_top: {sorted(new - old)}"
