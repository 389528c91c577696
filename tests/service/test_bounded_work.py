"""Work per request is bounded: a body full of unknown card names costs little CPU (only the
first 20 get a "did you mean"), and nothing is cached per unknown name, so repeating such
requests can't grow memory. In-process, no server."""

from __future__ import annotations

import gc
import json
import time

import pytest

from rulings.knowledge import catalog


def _request(n: int) -> bytes:
    names = [{"card": f"Unknwn Crd {i} Lorem Ipsum Dolor", "controller": "Alice"}
             for i in range(n)]
    return json.dumps({"players": ["Alice"], "battlefield": names,
                       "event": {"activate": {"ability": "x.1"}}}).encode()


def test_unknown_names_cost_little_and_leave_nothing_cached():
    body = _request(1500)
    assert len(body) > 80_000
    catalog.card("Forest")
    cached = catalog._card_file.cache_info().currsize
    # what earlier tests left on the heap (a whole card pool) is not this request's cost
    gc.collect()
    gc.freeze()
    try:
        _ask_three_times(body)
    finally:
        gc.unfreeze()
    assert catalog._card_file.cache_info().currsize == cached
    assert catalog.card("x" * 10_000) is None


def _ask_three_times(body: bytes) -> None:
    from rulings.service import core

    for _ in range(3):
        started = time.process_time()
        with pytest.raises(core.ServiceError) as refused:
            core.ask_situation(core.situation_request(core.parse_body(body), core.Limits()))
        assert time.process_time() - started < 2.0  # a bound on blow-ups, not a benchmark
        assert refused.value.status == 422 and len(refused.value.errors) <= 50


def test_suggestions_stop_after_the_first_twenty():
    from rulings.facts.errors import InputError
    from rulings.facts.situation import MAX_SUGGESTIONS, load

    text = "players: [Alice]\nbattlefield:\n" + "".join(
        f"  - {{card: Forrest{n}, controller: Alice}}\n" for n in range(40)
    ) + "event: {activate: {ability: x.1}}\n"
    with pytest.raises(InputError) as caught:
        load("s.yaml", text)
    hints = [p.fix for p in caught.value.problems if "unknown card" in p.what]
    assert sum("did you mean" in h for h in hints) == MAX_SUGGESTIONS
    assert all("rulings cards" in h for h in hints[MAX_SUGGESTIONS:])


def test_serve_listens_on_loopback_by_default():
    from rulings.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"
