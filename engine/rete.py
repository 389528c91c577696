"""Speed-ups for experta's RETE, same matches: join nodes that find partners by hashing, not
by scanning, and a root that sends each fact only down the branches testing its type.

experta joins two partial matches by comparing a new token with every token in the other
memory (`SameContextCheck`: the variables both sides bind must be equal). On a board of N
objects a rule like "an ability, and the object with that id" then costs N×N comparisons.
These nodes keep each memory indexed by the values of the variables the two sides share
(found from the first token of each side), so a token meets only the tokens that agree with
it: the matches, in the same arrival order as experta's scan would yield them.

Whenever the assumption under the index fails — the tokens of one side don't all bind the
same variables, a context holds a negated binding, a value can't be hashed, or the node's
check is not the plain same-context check — the node drops its index and scans as experta
does. The result is the same either way; only the work differs.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rulings.engine.experta_compat import Fact, FactList, rete_nodes

SameContextCheck = rete_nodes.SameContextCheck
TypeCheck = rete_nodes.TypeCheck
Token = rete_nodes.Token
#: Token._make (namedtuple's, a Python function) as one C call: the same tuple of class Token
_make = functools.partial(tuple.__new__, Token)
_VALID = Token.TagType.VALID
_INVALID = Token.TagType.INVALID


class _Memory:
    """One side of a join: (info, context) entries in arrival order, and once the join is
    known an index from the shared variables' values to the entries holding them."""

    __slots__ = ("entries", "keys", "index")

    def __init__(self) -> None:
        self.entries: list[tuple[Any, dict[Any, Any]]] = []
        #: the variables every token of this side binds (None: no token seen yet)
        self.keys: frozenset[Any] | None = None
        self.index: dict[tuple[Any, ...], list[tuple[Any, dict[Any, Any]]]] | None = None

    def clear(self) -> None:
        """Empty, as new (in place: new memories at every wipe were most of what a question
        left for the cycle collector to walk)."""
        self.entries.clear()
        self.keys = None
        self.index = None


#: sets of context keys found to be plain variable names (no negated binding), per process:
#: a join checks the keys of the first token each side gets after a wipe
_PLAIN_KEYS: set[frozenset[Any]] = set()


class _Indexed:
    """What both join nodes share: deciding the join variables and indexing by them."""

    matcher: Any
    #: given a token since the last wipe, and the matcher's list of such nodes
    _used: bool
    _used_list: Any
    _left: _Memory
    _right: _Memory

    def _reset_index(self) -> None:
        #: the shared variables (sorted), None while undecided, False once scanning
        self._join: tuple[Any, ...] | None | bool = (
            None if type(self.matcher) is SameContextCheck else False)

    def _note_keys(self, mine: _Memory, other: _Memory, context: dict[Any, Any]) -> None:
        """Check the token's variables against its side's; decide the join when both
        sides are known."""
        if self._join is False:
            return
        if mine.keys is None:
            keys = frozenset(context)
            if keys not in _PLAIN_KEYS:
                if any(not isinstance(k, str) for k in keys):
                    self._scan()
                    return
                if len(_PLAIN_KEYS) < 65536:
                    _PLAIN_KEYS.add(keys)
            mine.keys = keys
        elif context.keys() != mine.keys:
            self._scan()
            return
        if self._join is None and other.keys is not None:
            self._join = tuple(sorted(mine.keys & other.keys))
            try:
                for memory in self._memories():
                    memory.index = {}
                    for entry in memory.entries:
                        self._bucket(memory, entry[1]).append(entry)
            except TypeError:  # an unhashable value: scan
                self._scan()

    def _bucket(self, memory: _Memory, context: dict[Any, Any]
                ) -> list[tuple[Any, dict[Any, Any]]]:
        assert memory.index is not None and isinstance(self._join, tuple)
        values = tuple(context[k] for k in self._join)
        bucket = memory.index.get(values)
        if bucket is None:
            bucket = memory.index[values] = []
        return bucket

    def _scan(self) -> None:
        self._join = False
        for memory in self._memories():
            memory.index = None

    def _memories(self) -> tuple[_Memory, ...]:  # pragma: no cover - overridden
        raise NotImplementedError


def _joined(token: Any, other_data: frozenset[Any], other_context: dict[Any, Any]) -> Any:
    """The token of a match: both sides' facts and bindings (negated bindings dropped)."""
    context = {k: v for k, v in token.context.items() if isinstance(k, str)}
    for k, v in other_context.items():
        if not isinstance(k, tuple):
            context[k] = v
    return _make((token.tag, token.data | other_data, context))


class IndexedMatchNode(_Indexed, rete_nodes.OrdinaryMatchNode):  # type: ignore[misc]
    """experta's ordinary two-input node, with hashed memories."""

    def _reset(self) -> None:
        if "_left" in self.__dict__:  # wiped before: empty what it holds, in place
            self.left_memory.clear()
            self.right_memory.clear()
            self._left.clear()
            self._right.clear()
        else:
            super()._reset()
            self._left = _Memory()
            self._right = _Memory()
        self._reset_index()

    def _memories(self) -> tuple[_Memory, ...]:
        return (self._left, self._right)

    # experta copies every token on entry; these nodes never change a token they receive
    def activate_left(self, token: Any) -> None:
        self._arrive(token, self._left, self._right, True)

    def activate_right(self, token: Any) -> None:
        self._arrive(token, self._right, self._left, False)

    _activate_left = activate_left
    _activate_right = activate_right

    def _arrive(self, token: Any, mine: _Memory, other: _Memory, is_left: bool) -> None:
        if not self._used:  # noted for the next reset (see _matcher_reset)
            self._used = True
            self._used_list.append(self)
        context = token.context
        self._note_keys(mine, other, context)
        # the facts and bindings, all a join reads of a token (experta builds a TokenInfo,
        # its bindings frozen too, for each token that arrives). Kept as they are, not
        # copied: no node changes a token's set or dict once it has passed it on (a feature
        # test that binds copies first; a join makes a new token for each match)
        entry = (token.data, context)
        valid = token.tag is _VALID
        if valid:
            mine.entries.append(entry)
        else:
            try:
                mine.entries.remove(entry)
            except ValueError:
                pass
        if self._join is False or mine.index is None:
            self._scan_other(token, other, is_left)
            return
        try:
            bucket = self._bucket(mine, context)
        except TypeError:
            self._scan()
            self._scan_other(token, other, is_left)
            return
        if valid:
            bucket.append(entry)
        else:
            try:
                bucket.remove(entry)
            except ValueError:
                pass
        assert other.index is not None and isinstance(self._join, tuple)
        partners = other.index.get(tuple(context[k] for k in self._join), ())
        children = self.children
        for other_data, other_context in partners:
            new = _joined(token, other_data, other_context)
            for child in children:
                child.callback(new)

    def _scan_other(self, token: Any, other: _Memory, is_left: bool) -> None:
        matcher = self.matcher
        context = token.context
        for other_data, other_context in list(other.entries):
            if is_left:
                ok = matcher(context, other_context)
            else:
                ok = matcher(other_context, context)
            if ok:
                new = _joined(token, other_data, other_context)
                for child in self.children:
                    child.callback(new)


class IndexedNotNode(_Indexed, rete_nodes.NotNode):  # type: ignore[misc]
    """experta's NOT node: a left token passes while no right token agrees with it. The
    right memory is indexed to count agreeing tokens, the left to find whom a right token
    concerns."""

    def _reset(self) -> None:
        if "_left" in self.__dict__:  # wiped before: empty what it holds, in place
            self.left_memory.clear()
            self._left.clear()
            self._right.clear()
            self.right_memory = self._right.entries
        else:
            super()._reset()  # left_memory: info -> number of agreeing right tokens
            self._left = _Memory()
            self._right = _Memory()
        self._reset_index()

    def _memories(self) -> tuple[_Memory, ...]:
        return (self._left, self._right)

    def activate_left(self, token: Any) -> None:
        self._activate_left(token)

    def activate_right(self, token: Any) -> None:
        self._activate_right(token)

    def _agreeing(self, memory: _Memory, context: dict[Any, Any], is_left: bool
                  ) -> Any:
        """The entries of `memory` that agree with `context` (in arrival order)."""
        if self._join is not False and memory.index is not None:
            try:
                return memory.index.get(tuple(context[k] for k in self._join), ())  # type: ignore[union-attr]
            except TypeError:
                self._scan()
        matcher = self.matcher
        if is_left:  # context is a left token's, memory the right one
            return [e for e in memory.entries if matcher(context, e[1])]
        return [e for e in memory.entries if matcher(e[1], context)]

    def _store(self, memory: _Memory, token: Any, info: Any) -> None:
        entry = (info, dict(token.context))
        if token.is_valid():
            memory.entries.append(entry)
        else:
            try:
                memory.entries.remove(entry)
            except ValueError:
                pass
        if self._join is False or memory.index is None:
            return
        try:
            bucket = self._bucket(memory, token.context)
        except TypeError:
            self._scan()
            return
        if token.is_valid():
            bucket.append(entry)
        else:
            try:
                bucket.remove(entry)
            except ValueError:
                pass

    def _activate_left(self, token: Any) -> None:
        if not self._used:
            self._used = True
            self._used_list.append(self)
        self._note_keys(self._left, self._right, token.context)
        info = token.to_info()
        valid = token.is_valid()
        if valid and info in self.left_memory:
            # experta keeps one count per distinct left token; so does the index
            count = len(self._agreeing(self._right, token.context, True))
            self.left_memory[info] = count
            if count == 0:
                for child in self.children:
                    child.callback(token)
            return
        self._store(self._left, token, info)
        if valid:
            count = len(self._agreeing(self._right, token.context, True))
            self.left_memory[info] = count
        else:
            count = 1 if self._agreeing(self._right, token.context, True) else 0
            self.left_memory.pop(info, None)
        if count == 0:
            for child in self.children:
                child.callback(token)

    def _activate_right(self, token: Any) -> None:
        if not self._used:
            self._used = True
            self._used_list.append(self)
        self._note_keys(self._right, self._left, token.context)
        info = token.to_info()
        self._store(self._right, token, info)
        self.right_memory = self._right.entries  # experta reads it as "any right token?"
        inc = 1 if token.is_valid() else -1
        for left_info, _ in list(self._agreeing(self._left, token.context, False)):
            if left_info not in self.left_memory:
                continue
            self.left_memory[left_info] += inc
            count = self.left_memory[left_info]
            if (count == 0 and inc == -1) or (count == 1 and inc == 1):
                new = (left_info.to_valid_token() if inc == -1
                       else left_info.to_invalid_token())
                for child in self.children:
                    child.callback(new)


def _copy(token: Any) -> Any:
    """Token.copy without re-checking types the token was built with."""
    return _make((token.tag, token.data.copy(), token.context.copy()))


def _activate_one(node: Any, token: Any) -> Any:
    """OneInputNode.activate without asking the logging system at every node, and without
    experta's copy of the token: no node changes a token it receives (a feature test that
    binds values copies it first, see _feature_tester_activate), so one token can be
    shared by every branch it passes."""
    return node._activate(token)


def _routes(bus: Any, cls: type) -> list[Any]:
    """The root's children a fact of class `cls` can pass: experta's first test in each
    branch is the fact's exact type, so the others need not see it at all."""
    table = bus.__dict__.get("_by_type")
    if table is None or table[0] != len(bus.children):
        table = bus._by_type = (len(bus.children), {})
    found: list[Any] | None = table[1].get(cls)
    if found is None:
        found = table[1][cls] = [
            c for c in bus.children
            if not (isinstance(c.node.matcher, TypeCheck) and c.node.matcher.fact_type is not cls)
        ]
    return found


def _bus_add(bus: Any, fact: Any) -> None:
    _bus_send(bus, fact, _VALID)


def _bus_remove(bus: Any, fact: Any) -> None:
    _bus_send(bus, fact, _INVALID)


#: a matcher remembers the alpha results of this many distinct facts (then starts afresh)
_ALPHA_MEMO_SIZE = 8192
#: stands for the fact itself in a remembered context (a pattern bound to the whole fact)
_THE_FACT = object()


def _bus_send(bus: Any, fact: Any, tag: Any) -> None:
    """Send a fact (a token tagged `tag`) through the alpha network to the beta nodes it
    reaches, in experta's order.

    The alpha network tests one fact at a time, and its tests read only the fact's values
    (patterns' constants and predicates over slot values), so where a fact arrives and with
    which bindings depends on its content alone: the matcher remembers it per content (the
    class and the repr of every slot, `inference.canonical`, so 1, 1.0 and True are not
    confused) and a fact met again, at this question or a later one, goes straight to
    those beta nodes. Which beta node gets which token, and in which order, is what the
    walk gives: the walk collects them first, then sends them in its order (a beta node
    never changes what the alpha network does)."""
    memo = bus.__dict__.get("_alpha_memo")
    if memo is None or memo[0] != len(bus.children):
        memo = bus._alpha_memo = (len(bus.children), {})
    table = memo[1]
    cls = type(fact)
    try:
        key = (cls, fact._canonical[1])
    except AttributeError:
        from rulings.engine.inference import canonical

        key = (cls, canonical(fact)[1])
    plan = table.get(key)
    if plan is None:
        out: list[tuple[Any, Any]] = []
        token = _make((_VALID, {fact}, {}))
        for child in _routes(bus, cls):
            node = child.node
            if type(node) is _FeatureTesterNode:
                _alpha_collect(node, token, out)
            else:
                out.append((child.callback, token))
        plan = []
        for callback, found in out:
            context = found.context
            plan.append((callback, tuple(
                (k, _THE_FACT if v is fact else v) for k, v in context.items())))
        if len(table) >= _ALPHA_MEMO_SIZE:
            table.clear()
        table[key] = plan
    data = {fact}
    for callback, items in plan:
        callback(_make((tag, data.copy(),
                        {k: fact if v is _THE_FACT else v for k, v in items})))


def _network(matcher: Any) -> tuple[list[Any], tuple[Any, ...]]:
    """Every node of a matcher's network once, and its conflict-set nodes, found once per
    matcher. experta finds the latter with a cache of one entry, which a process holding
    engines for several rule sets empties at every question, and resets by walking the
    network from the root, visiting a node once per path to it."""
    found = matcher.__dict__.get("_nodes")
    if found is None:
        # experta's order: depth first, first seen first; a node met again adds nothing
        # (everything under it was met the first time), so it is not walked again. The
        # walk meets every node of the network once.
        every: list[Any] = []
        terminals: list[Any] = []
        seen: set[int] = set()
        csn = rete_nodes.ConflictSetNode
        todo = [matcher.root_node]
        while todo:
            node = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            every.append(node)
            if isinstance(node, csn):
                terminals.append(node)
            children = node.children
            if children:
                todo.extend(child.node for child in reversed(children))
        found = matcher._nodes = (every, tuple(terminals))
        # the conflict-set nodes that got activations since the matcher last asked
        dirty: list[Any] = []
        matcher._dirty = dirty
        for order, node in enumerate(terminals):
            node._order = order
            node._dirty_list = dirty
            node._dirty = bool(node.added or node.removed)
            if node._dirty:
                dirty.append(node)
    return found  # type: ignore[no-any-return]


def _matcher_reset(matcher: Any) -> None:
    """Wipe the memories of the nodes that have been given a token since their last wipe: a
    small question reaches a few of the hundred-odd joins of its rule set, and wiping each
    of them (new memories, a new index) was about a twentieth of the question. The nodes
    that note their use (_NOTES_USE) put themselves on the matcher's list when first given
    a token after a wipe, so a wipe visits only them; the first wipe visits every node."""
    if matcher.__dict__.pop("_clean", False):
        return  # wiped when its last question ended (engine.inference: _release)
    used = matcher.__dict__.get("_used_nodes")
    if used is None:
        no_memory = rete_nodes.FeatureTesterNode._reset
        keeping = [n for n in _network(matcher)[0] if type(n)._reset is not no_memory]
        used = matcher._used_nodes = []
        matcher._always = [n for n in keeping if not isinstance(n, _NOTES_USE)]
        for node in keeping:
            node._reset()
            if isinstance(node, _NOTES_USE):
                node._used = False
                node._used_list = used
        return
    for node in matcher._always:
        node._reset()
    for node in used:
        node._reset()
        node._used = False
    used.clear()


def _conflict_set_nodes(matcher: Any) -> tuple[Any, ...]:
    return _network(matcher)[1]


_csn_activate = rete_nodes.ConflictSetNode._activate


#: the nodes whose every change of memory notes `_used` (see _matcher_reset)
_NOTES_USE = (IndexedMatchNode, IndexedNotNode, rete_nodes.ConflictSetNode)


# until a matcher's first wipe hands them its list, the nodes count as used (see above)
for _cls in _NOTES_USE:
    _cls._used = True  # type: ignore[misc]
    _cls._used_list = None  # type: ignore[misc]


def _csn_reset(node: Any) -> None:
    """ConflictSetNode._reset, emptying its memory in place."""
    memory = node.__dict__.get("memory")
    if memory is None:
        node.memory = set()
    else:
        memory.clear()


def _csn_activate_noted(node: Any, token: Any) -> None:
    """A conflict-set node's activation, noted in its matcher's list of changed nodes."""
    if not node._used:
        node._used = True
        node._used_list.append(node)
    _csn_activate(node, token)
    if not node.__dict__.get("_dirty", True):
        node._dirty = True
        node._dirty_list.append(node)


def _order(node: Any) -> int:
    return node._order  # type: ignore[no-any-return]


def _changes(matcher: Any, adding: Any = None, deleting: Any = None) -> tuple[list[Any],
                                                                               list[Any]]:
    """experta's ReteMatcher.changes, asking only the conflict-set nodes that changed (in
    the network's order, as experta asks all of them): a big rule set has a hundred such
    nodes, and a fact reaches a few."""
    _network(matcher)
    if deleting is not None:
        for deleted in deleting:
            matcher.root_node.remove(deleted)
    if adding is not None:
        for added_fact in adding:
            matcher.root_node.add(added_fact)
    added: list[Any] = []
    removed: list[Any] = []
    dirty = matcher._dirty
    if dirty:
        dirty.sort(key=_order)
        for node in dirty:
            node._dirty = False
            c_added, c_removed = node.get_activations()
            added.extend(c_added)
            removed.extend(c_removed)
        dirty.clear()
    return added, removed


# experta's network preparation of one rule (its conditions in disjunctive normal form),
# by rule: it depends on the rule alone, and a process builds networks for many rule sets
_prepared: dict[int, tuple[Any, Any]] = {}


def _prepare_ruleset(engine: Any) -> set[Any]:
    """ReteMatcher.prepare_ruleset, preparing each rule once per process."""
    ruleset = set()
    for rule in engine.get_rules():
        hit = _prepared.get(id(rule))
        if hit is None or hit[0] is not rule:  # the rule itself is kept: ids stay unique
            hit = _prepared[id(rule)] = (rule, rete_nodes.utils.prepare_rule(rule))
        ruleset.add(hit[1])
    return ruleset


# what experta's build_alpha_part derives from each rule and pattern, kept per process: a
# prepared rule (see _prepare_ruleset) and its patterns are the same objects in every engine
# holding the rule; the entry keeps them alive, so their ids stay theirs
_rule_facts: dict[int, tuple[Any, set[Any]]] = {}
_fact_checks: dict[int, tuple[Any, set[Any]]] = {}


def _facts_of(rule: Any) -> set[Any]:
    hit = _rule_facts.get(id(rule))
    if hit is None or hit[0] is not rule:
        hit = _rule_facts[id(rule)] = (rule, rete_nodes.utils.extract_facts(rule))
    return hit[1]


def _checks_of(fact: Any) -> set[Any]:
    hit = _fact_checks.get(id(fact))
    if hit is None or hit[0] is not fact:
        hit = _fact_checks[id(fact)] = (fact, set(rete_nodes.utils.generate_checks(fact)))
    return hit[1]


#: id of an (interned) check -> (its kind, its hash), found once per process; the checks are
#: kept alive here, so their ids stay theirs
_check_keys: dict[int, tuple[int, int]] = {}
_check_kept: list[Any] = []


def _sorted_checks(checks: set[Any], key: Any) -> list[Any]:
    return sorted(checks, key=key, reverse=True)


def _build_alpha_part(ruleset: set[Any], root_node: Any) -> dict[Any, Any]:
    """experta's ReteMatcher.build_alpha_part, the same network, with each rule's patterns
    and each pattern's checks found once per process instead of once per engine (half the
    time of building an engine)."""
    from collections import Counter
    from itertools import chain

    from experta.fact import InitialFact
    from experta.rule import Rule

    FeatureTesterNode = rete_nodes.FeatureTesterNode  # noqa: N806
    ruleset = ruleset.copy()
    initial = Rule(InitialFact())
    ruleset.add(initial)
    rule_facts = {rule: (rete_nodes.utils.extract_facts(rule) if rule is initial
                         else _facts_of(rule)) for rule in ruleset}
    fact_checks = {fact: _checks_of(fact) for fact in chain.from_iterable(rule_facts.values())}
    # experta's checks are interned (one object per distinct check, kept for the process),
    # so counting them by identity counts equal checks together, as experta's Counter does,
    # without hashing their values (patterns hash in Python) at every lookup
    check_rank = Counter(id(c) for c in chain.from_iterable(fact_checks.values()))

    def weighted_check_sort(check: Any) -> tuple[float, int]:
        key = _check_keys.get(id(check))
        if key is None:
            if isinstance(check, TypeCheck):
                key = (1, hash(check))
            elif isinstance(check, rete_nodes.FactCapture):
                key = (-1, hash(check))
            elif isinstance(check, FeatureCheck):
                key = (0, hash(check))
            else:  # pragma: no cover
                raise TypeError("Unknown check type.")
            _check_keys[id(check)] = key
            _check_kept.append(check)
        kind, hashed = key
        if kind:
            return (float("inf") if kind > 0 else float("-inf"), hashed)
        return (check_rank[id(check)], hashed)

    def weighted_rule_sort(rule: Any) -> float:
        total = 0
        facts = rule_facts[rule]
        for fact in facts:
            for check in fact_checks[fact]:
                total += check_rank[id(check)]
        return total / len(facts)

    fact_terminal_nodes: dict[Any, Any] = {}
    for rule in sorted(ruleset, key=weighted_rule_sort, reverse=True):
        for fact in rule_facts[rule]:
            current_node = root_node
            for check in _sorted_checks(fact_checks[fact], weighted_check_sort):
                for child in current_node.children:
                    if child.node.matcher is check:
                        current_node = child.node
                        break
                else:
                    new_node = FeatureTesterNode(check)
                    current_node.add_child(new_node, new_node.activate)
                    current_node = new_node
            fact_terminal_nodes[fact] = current_node
    return fact_terminal_nodes


def _wire_rule(rule: Any, alpha_terminals: Any, lhs: Any = None) -> None:
    """experta's wire_rule (the beta network of one rule), the same nodes in the same order,
    choosing by isinstance: experta makes a new singledispatch function for every rule,
    whose empty cache then walks each element type's class hierarchy (a third of the time
    of building an engine)."""
    from experta.conditionalelement import AND, EXISTS, FORALL, NOT, OR, TEST
    from experta.fact import InitialFact
    from experta.rule import Rule

    utils = rete_nodes.utils  # its node classes are the ones install() chose

    def wire(elem: Any) -> Any:
        if isinstance(elem, TEST):
            return utils.WhereNode(utils.WhereCheck(elem[0]))
        if isinstance(elem, FORALL):
            initial_fact_node = wire(InitialFact())
            leader_node = wire(elem[0])
            followers_node = wire(AND(*elem[1:]))
            not_1 = utils.NotNode(SameContextCheck())
            not_2 = utils.NotNode(SameContextCheck())
            followers_node.add_child(not_1, not_1.activate_right)
            leader_node.add_child(not_1, not_1.activate_left)
            not_1.add_child(not_2, not_2.activate_right)
            initial_fact_node.add_child(not_2, not_2.activate_left)
            return not_2
        if isinstance(elem, EXISTS):
            condition_node = wire(elem[0])
            initial_fact_node = wire(InitialFact())
            not_1 = utils.NotNode(SameContextCheck())
            not_2 = utils.NotNode(SameContextCheck())
            condition_node.add_child(not_1, not_1.activate_right)
            initial_fact_node.add_child(not_1, not_1.activate_left)
            initial_fact_node.add_child(not_2, not_2.activate_left)
            not_1.add_child(not_2, not_2.activate_right)
            return not_2
        if isinstance(elem, (Rule, AND)):
            if len(elem) == 1:
                if isinstance(elem[0], Fact):
                    return alpha_terminals[elem[0]]
                return wire(elem[0])
            current = None
            for f, s in zip(elem, elem[1:], strict=False):
                if isinstance(s, TEST):
                    if current is None:
                        current = wire(f)
                    new_node = wire(s)
                    current.add_child(new_node, new_node.activate)
                    current = new_node
                    continue
                node_cls = utils.NotNode if isinstance(s, NOT) else utils.OrdinaryMatchNode
                if current is None:
                    current = node_cls(SameContextCheck())
                    left, right = wire(f), wire(s)
                else:
                    left, right = current, wire(s)
                    current = node_cls(SameContextCheck())
                left.add_child(current, current.activate_left)
                right.add_child(current, current.activate_right)
            return current
        if isinstance(elem, OR):
            raise SyntaxError("You can't use an OR clause inside FORALL or EXISTS")
        if isinstance(elem, Fact):
            return alpha_terminals[elem]
        if isinstance(elem, NOT):
            return alpha_terminals[elem[0]]
        raise TypeError(f"Unknown type {type(elem)}")

    last_node = wire(rule if lhs is None else lhs)
    conflict_set_node = utils.ConflictSetNode(rule)
    last_node.add_child(conflict_set_node, conflict_set_node.activate)


# -- the alpha network: the same tests without experta's per-call logging -----------------

FeatureCheck = rete_nodes.FeatureCheck
_FeatureTesterNode = rete_nodes.FeatureTesterNode
#: FeatureCheck.what -> the keys it walks into a fact (None: the fact itself, as experta
#: reads a dunder name)
_paths: dict[Any, tuple[Any, ...] | None] = {}


def _path(what: str) -> tuple[Any, ...] | None:
    found = _paths.get(what, False)
    if found is False:
        if what.startswith("__") or what.endswith("__"):
            found = None
        else:
            found = tuple(int(p) if p.isnumeric() else p for p in what.split("__"))
        _paths[what] = found
    return found  # type: ignore[return-value]


def _feature_check(self: Any, data: Any, is_fact: bool = True) -> Any:
    """FeatureCheck.__call__: one slot (or nested key) of the fact against the test."""
    if is_fact:
        what = self.what
        if isinstance(what, str):
            record = data
            path = _path(what)
            if path is not None:
                try:
                    for p in path:
                        record = record[p]
                except (IndexError, KeyError, TypeError):
                    return False
        else:
            try:
                record = data[what]
            except (IndexError, KeyError, TypeError):
                return False
    else:
        record = data
    return self.check(record, self.expected)


def _type_check(self: Any, fact: Any) -> bool:
    return type(fact) == self.fact_type  # noqa: E721  (experta's test, exactly)


def _fact_capture(self: Any, fact: Any) -> dict[Any, Any]:
    return {self.bind: fact}


def _where_check(self: Any, context: Any) -> Any:
    return self.test(**{k: context.get(k) for k in self.parameters})


def _alpha_collect(self: Any, token: Any, out: list[tuple[Any, Any]]) -> None:
    """_feature_tester_activate, collecting what the walk hands to nodes outside the alpha
    network (callback, token) into `out` in the walk's order, instead of calling them."""
    children = _alpha_pass(self, token)
    if children is None:
        return
    token, children = children
    for child in children:
        node = child.node
        if type(node) is _FeatureTesterNode:
            _alpha_collect(node, token, out)
        else:
            out.append((child.callback, token))


def _alpha_pass(self: Any, token: Any) -> tuple[Any, Any] | None:
    """One feature test on a token: None if it fails, else the token to pass on (with the
    test's bindings) and the children to pass it to, in order."""
    data = token.data
    if len(data) != 1:
        raise ValueError("a feature test sees one fact")
    (fact,) = data
    match = self.matcher(fact)
    if not match:
        return None
    if match is not True and (type(match) is dict or isinstance(match, Mapping)):
        context = token.context
        for key, value in match.items():
            if isinstance(key, tuple):  # a negated binding
                if key[1] in context and context[key[1]] == value:
                    return None
            else:
                if context.get(key, value) != value:
                    return None
                if (False, key) in context and context[(False, key)] == value:
                    return None
        token = _copy(token)
        token.context.update(match)
    children = self.children
    if len(children) < _HASH_FROM:
        return token, children
    plan = self.__dict__.get("_plan")
    if plan is None or plan[0] is not children or plan[1] != len(children):
        plan = self._plan = _alpha_plan(children)
    groups, rest = plan[2], plan[3]
    if not groups:
        return token, children
    picked = list(rest)
    for what, path, table, every in groups:
        record: Any = fact
        try:
            if path is None:
                record = fact[what]
            else:
                for p in path:
                    record = record[p]
        except (IndexError, KeyError, TypeError):
            continue  # no such slot: every test of the group fails
        if type(record) in _HASHED:
            picked.extend(table.get(record, ()))
        else:
            picked.extend(every)  # left to each test
    picked.sort()
    return token, [children[i] for i in picked]


def _feature_tester_activate(self: Any, token: Any) -> Any:
    """FeatureTesterNode._activate: test the token's one fact; a test that binds values
    adds them to the token's context unless they contradict what it holds."""
    data = token.data
    if len(data) != 1:
        raise ValueError("a feature test sees one fact")
    (fact,) = data
    match = self.matcher(fact)
    if not match:
        return None
    if match is not True and (type(match) is dict or isinstance(match, Mapping)):
        context = token.context
        for key, value in match.items():
            if isinstance(key, tuple):  # a negated binding
                if key[1] in context and context[key[1]] == value:
                    return False
            else:
                if context.get(key, value) != value:
                    return False
                if (False, key) in context and context[(False, key)] == value:
                    return False
        # the token may be shared with other branches (see _activate_one): bind on a copy
        token = _copy(token)
        token.context.update(match)
    children = self.children
    if len(children) < _HASH_FROM:
        for child in children:
            child.callback(token)
        return None
    plan = self.__dict__.get("_plan")
    if plan is None or plan[0] is not children or plan[1] != len(children):
        plan = self._plan = _alpha_plan(children)
    groups, rest = plan[2], plan[3]
    if not groups:
        for child in children:
            child.callback(token)
        return None
    picked = list(rest)
    for what, path, table, every in groups:
        record: Any = fact
        try:
            if path is None:
                record = fact[what]
            else:
                for p in path:
                    record = record[p]
        except (IndexError, KeyError, TypeError):
            continue  # no such slot: every test of the group fails
        if type(record) in _HASHED:
            picked.extend(table.get(record, ()))
        else:
            picked.extend(every)  # left to each test
    picked.sort()
    for i in picked:
        children[i].callback(token)
    return None


#: a node with this many children or more has its equality tests looked up, not run
_HASH_FROM = 4
#: the value types whose equality agrees with their hash (so a dict finds exactly the
#: values a test `expected == value` accepts)
_HASHED = frozenset({str, int, bool, type(None)})


def _alpha_plan(children: list[Any]) -> tuple[Any, ...]:
    """How a feature-test node hands a fact to its children: the children testing that one
    slot equals a constant are grouped by slot, with a table from the constant to them, so
    a fact reaches only those its value can pass (each child still runs its own test);
    the others are all called. Children are called in their own order, as experta does."""
    by_slot: dict[Any, dict[Any, list[int]]] = {}
    rest: list[int] = []
    for i, child in enumerate(children):
        check: Any = getattr(child.node, "matcher", None)
        if (type(check) is FeatureCheck and check.check.__name__ == "equal_literal"
                and type(check.expected.value) in _HASHED
                and (not isinstance(check.what, str) or _path(check.what) is not None)):
            by_slot.setdefault(check.what, {}).setdefault(check.expected.value, []).append(i)
        else:
            rest.append(i)
    groups = []
    for what, table in by_slot.items():
        if sum(len(v) for v in table.values()) < 2:
            rest.extend(i for v in table.values() for i in v)
            continue
        path = _path(what) if isinstance(what, str) else None
        every = tuple(sorted(i for v in table.values() for i in v))
        groups.append((what, path, {k: tuple(v) for k, v in table.items()}, every))
    return (children, len(children), tuple(groups), tuple(sorted(rest)))


def fact_id(fact: Any) -> frozenset[Any]:
    """The identity experta's fact list merges equal facts by (its class and its slots),
    kept on the fact: experta computes it when the fact is declared, after which the fact
    can't change."""
    try:
        return fact._key  # type: ignore[no-any-return]
    except AttributeError:
        key = frozenset(
            [fact.__class__] + [(k, v) for k, v in fact.items()
                                if not (isinstance(k, str) and k.startswith("__")
                                        and k.endswith("__"))]
        )
        object.__setattr__(fact, "_key", key)
        return key


_validate = Fact.validate
#: the identities (fact_id) of facts whose slots passed their schemas: the check depends on
#: the class and the slot values only, and the same conclusions are drawn again at every
#: question of a process (bounded: a long-running service sees many)
_valid: set[frozenset[Any]] = set()


def _validate_once(fact: Any) -> None:
    """experta checks a fact's slots against their schemas at every declaration (in its
    fact list, just before the fact gets its id and can't change any more); a fact equal
    to one that passed is not checked again."""
    key = fact_id(fact)
    if key in _valid:
        return
    _validate(fact)
    if len(_valid) >= 200_000:
        _valid.clear()
    _valid.add(key)


_freeze = rete_nodes.fact_module.freeze
#: values experta's freeze gives back as they are (immutable, hashable)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _freeze_scalar(value: Any) -> Any:
    """experta's freeze (a singledispatch call for every slot of every fact made), with the
    common case first: a plain value is its own frozen form."""
    if type(value) in _SCALARS:
        return value
    return _freeze(value)


_has_field_constraints = Fact.has_field_constraints
_has_nested_accessor = Fact.has_nested_accessor
#: the identities (fact_id) of facts found to hold neither a pattern's element nor a key
#: with a double underscore (experta refuses to declare those): both depend on the content
#: alone, and the same facts are declared at every question (bounded like _valid)
_plain: set[frozenset[Any]] = set()


def _field_constraints_once(fact: Any) -> bool:
    """Fact.has_field_constraints, checked once per content together with
    has_nested_accessor (experta asks both at every declaration)."""
    try:
        key = fact_id(fact)
    except TypeError:  # an unhashable value: experta's own checks, every time
        return _has_field_constraints(fact)  # type: ignore[no-any-return]
    if key in _plain:
        return False
    found = _has_field_constraints(fact)
    if not found and not _has_nested_accessor(fact):
        if len(_plain) >= 200_000:
            _plain.clear()
        _plain.add(key)
    return found  # type: ignore[no-any-return]


def _nested_accessor_once(fact: Any) -> bool:
    key = fact.__dict__.get("_key")
    if key is not None and key in _plain:
        return False
    return _has_nested_accessor(fact)  # type: ignore[no-any-return]


def install() -> None:
    """Make experta build its networks with these nodes (rules are unchanged), and copy
    tokens in the alpha network without its per-node checks and logging calls."""
    rete_nodes.utils.OrdinaryMatchNode = IndexedMatchNode
    rete_nodes.utils.NotNode = IndexedNotNode
    Token.copy = _copy
    rete_nodes.OneInputNode.activate = _activate_one
    rete_nodes.BusNode.add = _bus_add
    rete_nodes.BusNode.remove = _bus_remove
    rete_nodes.ReteMatcher.reset = _matcher_reset
    rete_nodes.ReteMatcher._get_conflict_set_nodes = _conflict_set_nodes
    rete_nodes.ConflictSetNode._activate = _csn_activate_noted
    rete_nodes.ConflictSetNode._reset = _csn_reset
    rete_nodes.ReteMatcher.changes = _changes
    rete_nodes.ReteMatcher.prepare_ruleset = staticmethod(_prepare_ruleset)
    rete_nodes.ReteMatcher.build_alpha_part = staticmethod(_build_alpha_part)
    rete_nodes.rete_module.wire_rule = _wire_rule
    Fact.validate = _validate_once
    Fact.has_field_constraints = _field_constraints_once
    Fact.has_nested_accessor = _nested_accessor_once
    FactList._get_fact_id = staticmethod(fact_id)
    rete_nodes.fact_module.freeze = _freeze_scalar
    FeatureCheck.__call__ = _feature_check
    rete_nodes.TypeCheck.__call__ = _type_check
    rete_nodes.FactCapture.__call__ = _fact_capture
    rete_nodes.WhereCheck.__call__ = _where_check
    rete_nodes.FeatureTesterNode._activate = _feature_tester_activate


__all__ = ["IndexedMatchNode", "IndexedNotNode", "install"]
