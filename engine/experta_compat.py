"""The one place that imports experta.

experta 1.9.4 pins frozendict 1.2, which still reads `collections.Mapping` (gone since Python
3.10). Restoring the alias before the first import lets the pinned release install and run
unchanged; experta's own code only uses collections.abc.
"""

import collections
import collections.abc

if not hasattr(collections, "Mapping"):
    collections.Mapping = collections.abc.Mapping  # type: ignore[attr-defined]

import experta  # noqa: E402
from experta import (  # noqa: E402
    AS,
    MATCH,
    NOT,
    OR,
    TEST,
    Fact,
    Field,
    KnowledgeEngine,
    P,
    Rule,
    W,
)
from experta import fact as _fact  # noqa: E402
from experta.abstract import Strategy  # noqa: E402
from experta.agenda import Agenda  # noqa: E402
from experta.deffacts import DefFacts  # noqa: E402
from experta.factlist import FactList  # noqa: E402
from experta.matchers import rete as _rete  # noqa: E402
from experta.matchers.rete import abstract as _abstract  # noqa: E402
from experta.matchers.rete import check as _check  # noqa: E402
from experta.matchers.rete import nodes as _nodes  # noqa: E402
from experta.matchers.rete import token as _token  # noqa: E402
from experta.matchers.rete import utils as _utils  # noqa: E402


class rete_nodes:  # noqa: N801  (a namespace: the RETE parts engine.rete builds on)
    SameContextCheck = _check.SameContextCheck
    Token = _token.Token
    OrdinaryMatchNode = _nodes.OrdinaryMatchNode
    NotNode = _nodes.NotNode
    utils = _utils
    OneInputNode = _abstract.OneInputNode
    BusNode = _nodes.BusNode
    TypeCheck = _check.TypeCheck
    FeatureCheck = _check.FeatureCheck
    FactCapture = _check.FactCapture
    WhereCheck = _check.WhereCheck
    FeatureTesterNode = _nodes.FeatureTesterNode
    ReteMatcher = _rete.ReteMatcher
    ConflictSetNode = _nodes.ConflictSetNode
    rete_module = _rete  # experta.matchers.rete, whose build_beta_part calls wire_rule
    fact_module = _fact  # experta.fact, whose Fact freezes every slot value it is given

__all__ = [
    "AS", "MATCH", "Agenda", "DefFacts", "FactList", "NOT", "OR", "TEST", "W", "P",
    "Fact", "Field", "KnowledgeEngine", "Rule", "Strategy", "experta",
]
