"""The costs area: what casting a spell costs beyond its mana cost (CR 118.8, 601.2b, 601.2f).

- "Splice onto Arcane {1}{R}" (CR 702.47a): a keyword line, `{splice: {onto: selector, cost}}`,
  read by knowledge/rules/splice.py. The quality is read by the core's quality grammar.
- "As an additional cost to cast this spell, reveal a Pirate card from your hand or pay {2}"
  (CR 118.8, 601.2b): the cost part `{reveal_or_pay: {what, mana}}`, read by
  knowledge/rules/reveal_cost.py.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

_SPLICE = re.compile(r"^onto (.+?) ((?:\{[^{}]+\})+)$")


def splice_keyword(param: str) -> Any:
    """'onto arcane {1}{r}' -> {'splice': {'onto': {'subtypes': ['arcane']}, 'cost': '{1}{R}'}};
    None when it is not that shape (the line stays unparsed). A splice cost other than mana
    stays unparsed: the cost rules would read its words as mana."""
    from rulings.oracle.compiler import Gap, parse
    from rulings.oracle.emit import Unsupported, mana_cost

    m = _SPLICE.match(param)
    if m is None:
        return None
    try:
        onto, _ = parse("quality", m.group(1))
        cost = mana_cost(m.group(2))
    except (Gap, Unsupported):
        return None
    return {"splice": {"onto": onto, "cost": cost}}


class CostsEmitter:
    """The area's grammar methods (see costs.lark)."""

    def costs_reveal_or_pay(self, c: list[Any]) -> list[dict[str, Any]]:
        from rulings.oracle.emit import mana_cost

        subtype, mana = (str(t) for t in c if isinstance(t, Token))
        # the card revealed: one of the caster's own, in their hand, other than the spell
        return [{"reveal_or_pay": {"what": {"subtypes": [subtype], "zone": "hand",
                                            "owner": "you"},
                                   "mana": mana_cost(mana)}}]
