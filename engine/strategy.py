"""A conflict-resolution strategy with a stable order and exact removal.

experta's DepthStrategy breaks ties by set iteration order (different in every process) and,
when a NOT condition turns false, looks for the cancelled activation only next to its bisect
position, so it sometimes fires anyway (experta-notes.md, defects 1 and 2). Here every
activation has a unique key (salience, rule rank, matched facts) and removal is by key.
"""

from __future__ import annotations

import bisect
from typing import Any

from rulings.engine.experta_compat import Strategy


def activation_key(activation: Any) -> tuple[str, tuple[int, ...]]:
    """Identifies an activation across the matcher's add and remove reports."""
    ids = sorted(f["__factid__"] for f in activation.facts)
    return (activation.rule._wrapped.__name__, tuple(ids))


class StableStrategy(Strategy):
    def __init__(self) -> None:
        #: rule id -> rank; a lower rank fires first among equal salience
        self.rank: dict[str, int] = {}

    def sort_key(self, activation: Any) -> tuple[Any, ...]:
        name, ids = activation_key(activation)
        # The agenda pops from the end, so the activation to fire next must sort last:
        # higher salience, then lower rank, then the earliest-declared facts.
        return (
            activation.rule.salience,
            -self.rank.get(name, 0),
            tuple(-i for i in ids),
        )

    def _update_agenda(self, agenda: Any, added: Any, removed: Any) -> None:
        acts = agenda.activations
        # the sort keys, kept with the agenda between calls; experta only ever pops the
        # last activation (get_next), so a longer list just lost its tail
        keys = getattr(agenda, "sort_keys", None)
        if keys is None or len(keys) < len(acts):
            keys = agenda.sort_keys = [a.key for a in acts]
        elif len(keys) > len(acts):
            del keys[len(acts):]
        for act in removed:
            key = self.sort_key(act)
            i = bisect.bisect_left(keys, key)
            # every activation with an equal key is a candidate, not just the neighbours
            while i < len(keys) and keys[i] == key:
                if activation_key(acts[i]) == activation_key(act):
                    del acts[i]
                    del keys[i]
                    break
                i += 1
        for act in added:
            act.key = self.sort_key(act)
            i = bisect.bisect_right(keys, act.key)
            keys.insert(i, act.key)
            acts.insert(i, act)
