"""What is modelled: for every word of the card language and of situation files, the rules
that read it, or that no rule does (it is **named**: accepted, and answers say it was not
taken into account).

One registry, three sources:

1. **Derived from the rules' patterns.** A rule whose pattern fixes a word's slot to the word
   (`Keyword(keyword="ward")`, `Trigger(event="step")`, `StaticEffect(effect="prohibit")`)
   reads that word. So does a body that collects such facts (`collect(Keyword,
   keyword="convoke")`).
2. **Derived from the rules' code.** A rule whose body (or a function it calls, in any module
   of the project) tests a fact's slot against the word (`part.kind == "mill"`,
   `step["verb"] in ("gain_life", "lose_life")`, `"trample" in keywords`) reads it — the
   word's fact class must be one the rule looks at.
3. **Declared** here, in `READERS`, for a word read in a way neither scan sees (a table of
   words handed to a helper, say). A test checks that every rule id named exists.

A word no rule reads has an entry in `NOT_MODELLED` with the reason, in our own words, or
is *named* by default for keywords (facts/keywords.py: the catalog of CR 701/702). A test
walks every word (`vocabulary()`) and fails for one that is neither read nor declared.

What the rules read is computed once per version of the knowledge base and kept in the
user's cache folder next to the rules' own reaches (engine.relevance), so an answer never
parses rule bodies.

To mark a word modelled, write the rule that reads it: a pattern on the word's slot is all it
takes. If the reading happens in Python where no scan can see it, add one line to `READERS`.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import inspect
import json
import os
import re
import sys
import tempfile
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# -- the words --------------------------------------------------------------------------------

#: section -> (fact class name, slot) a word of that section is lowered into: the word is the
#: slot's value (`Keyword.keyword == "ward"`)
PROBES: dict[str, tuple[str, str]] = {
    "ability": ("Ability", "kind"),
    "verb": ("Step", "verb"),
    "trigger": ("Trigger", "event"),
    "replaced": ("Replacement", "event"),
    "cost": ("CostPart", "kind"),
    "keyword": ("Keyword", "keyword"),
    "static": ("StaticEffect", "effect"),
    "condition": ("Condition", "kind"),
    "referent": ("Selector", "ref"),
}

#: the sections and how a person names them in an answer ("the keyword emerge")
SECTION_WORDS = {
    "ability": "the ability kind", "ability_part": "the ability part", "verb": "the step",
    "step_modifier": "the step modifier", "trigger": "the trigger event",
    "replaced": "the replaced event", "modification": "the replacement change",
    "cost": "the cost part", "keyword": "the keyword", "static": "the static effect",
    "condition": "the condition", "selector_key": "the selector key",
    "referent": "the referent", "duration": "the duration",
    "situation": "the situation key",
    "supertype": "the supertype", "card_type": "the card type",
}


@dataclass(frozen=True, order=True)
class Word:
    section: str
    name: str

    @property
    def key(self) -> str:
        return f"{self.section}:{self.name}"

    def words(self) -> str:
        """The word as a person reads it: `the keyword emerge`."""
        return f"{SECTION_WORDS.get(self.section, self.section)} {self.name.replace('_', ' ')}"


def language_words() -> list[Word]:
    """Every word of the card language (`rulings schema language`)."""
    from rulings.facts import effects as lang

    words: list[Word] = []
    for kind, part in lang.ABILITY_PARTS.items():
        words.append(Word("ability", kind))
        words += [Word("ability_part", f"{kind}.{k}") for k in part.args]
    tables: list[tuple[str, Iterable[str]]] = [
        ("verb", lang.VERBS), ("step_modifier", lang.STEP_MODIFIERS),
        ("trigger", lang.EVENTS), ("replaced", lang.REPLACED),
        ("modification", lang.MODIFICATIONS), ("cost", lang.COSTS),
        ("keyword", lang.KEYWORDS), ("static", lang.STATIC_WORDS),
        ("condition", lang.CONDITIONS), ("selector_key", lang.SELECTOR_KEYS),
        ("referent", lang.REFERENTS), ("duration", lang.DURATIONS),
    ]
    for section, table in tables:
        words += [Word(section, w) for w in table]
    # the type line's words (CR 205): a supertype or card type no rule reads is named too
    from rulings.facts.game import CARD_TYPES, SUPERTYPES

    words += [Word("supertype", w) for w in SUPERTYPES]
    words += [Word("card_type", w) for w in CARD_TYPES]
    return words


def situation_words() -> list[Word]:
    """Every word of situation files (`rulings schema situation`): top-level keys, the keys of
    objects, players, the turn, stack entries and mana pools, and the registered words of each
    section (`event.resolve_top`, `effect.gains_keyword`, `this_turn.played_land`, …)."""
    from rulings.facts.game import Turn
    from rulings.facts.situation import OBJECT_KEYS, TOP_KEYS
    from rulings.facts.stack import ABILITY_ENTRY_KEYS, STACK_KEYS
    from rulings.facts.vocabulary import ENTRY_KEYS, WORDS

    names = [f"top.{k}" for k in TOP_KEYS]
    names += [f"turn.{k}" for k in Turn.slots]
    names += [f"object.{k}" for k in (*OBJECT_KEYS, *ENTRY_KEYS["object"])]
    names += [f"player.{k}" for k in ("name", "life", "left_game", *ENTRY_KEYS["player"])]
    names += [f"stack.{k}" for k in (*STACK_KEYS, *ABILITY_ENTRY_KEYS)]
    names += ["mana_pool.mana", "mana_pool.only_for"]
    for section in sorted(WORDS):
        names += [f"{section}.{w}" for w in WORDS[section]]
    return [Word("situation", n) for n in dict.fromkeys(names)]


def vocabulary() -> list[Word]:
    return language_words() + situation_words()


# -- declared readers and declared "not modelled" ---------------------------------------------

#: words read in Python code no scan sees: word key -> rule ids (a test checks they exist)
READERS: dict[str, tuple[str, ...]] = {
    # state-based actions read the supertypes through the permanent's Status (aftermath.py)
    "supertype:legendary": ("sba.legend-rule",),
    # keywords of a card with faces, read from its faces (CardFaces) by the layout rules
    "keyword:disturb": ("layouts.disturb-cost", "layouts.disturb-from-graveyard"),
    "keyword:prototype": ("layouts.prototyped", "layouts.prototype-cast",
                          "layouts.prototype-normal"),
    "supertype:world": ("sba.world-rule", "sba.world-rule-tie"),
    # a selector naming a type or supertype picks by it (facts.effects.filter_misses); snow
    # sources pay {S} (the cost check's mana units); a sorcery is cast at sorcery timing
    # because it is neither an instant nor has flash (timing.py)
    "supertype:basic": ("selectors.filter",), "supertype:snow": ("costs.check",),
    "card_type:enchantment": ("selectors.filter",),
    "card_type:sorcery": ("timing.main-phase", "timing.not-main-phase"),
    # knowledge/resolving.py follows the chosen modes and records each step's duration
    "ability_part:spell.modes": ("resolution.mode-not-chosen",),
    "ability_part:activated.modes": ("resolution.mode-not-chosen",),
    "ability_part:triggered.modes": ("resolution.mode-not-chosen",),
    "step_modifier:duration": ("resolution.instruction", "resolution.instruction-on-target"),
    # the conditions of statics (layer_system.holds) and of replacements
    # (replacement_system.holds) are read there, where no scan looks
    "condition:you_control_count": ("layers.characteristics", "replacement.enters"),
    "condition:cards_in_graveyard": ("layers.characteristics",),
    "condition:card_types_in_graveyard": ("layers.characteristics",),
    "condition:opponent_count": ("layers.characteristics", "replacement.enters"),
    "condition:attacking": ("layers.characteristics",),  # combat: "as long as it's attacking"
    # monstrous: "as long as ~ is monstrous" (the layer system), and monstrosity resolving,
    # which does nothing to a monstrous permanent (knowledge/resolving.py, CR 701.37a)
    "condition:monstrous": ("layers.characteristics",),
    # ascend (CR 702.131): the city's blessing, given or got from ten permanents and a
    # permanent with ascend (facts/state.py citys_blessing)
    "condition:citys_blessing": ("layers.characteristics", "conditions.citys-blessing",
                                 "triggers.condition-citys-blessing"),
    "situation:player.citys_blessing": ("conditions.citys-blessing",
                                        "triggers.condition-citys-blessing"),
    "keyword:ascend": ("conditions.citys-blessing", "triggers.condition-citys-blessing"),
    "situation:object.monstrous": ("layers.characteristics", "resolution.instruction"),
    # aslongas: statics that apply while something is so (Layers.holds_aslongas)
    "condition:tapped": ("layers.characteristics",),
    "condition:equipped": ("layers.characteristics",),
    "condition:enchanted": ("layers.characteristics",),
    "condition:attached_is": ("layers.characteristics",),
    # attached: what is attached to a permanent, counted by the layer system (its picks and
    # Layers.holds); the resolution and the selectors rules never see it (facts/cards.py)
    "condition:permanents_count": ("layers.characteristics",),
    "selector_key:attached_to": ("layers.characteristics", "selectors.filter-attached-to"),
    # dealtdmg: "a creature dealt damage by ~ this turn" in a dies trigger (the selectors
    # rule) and a dies replacement (the replacement system's picks)
    "selector_key:dealt_damage_this_turn_by": ("selectors.filter-dealt-damage-by",
                                               "replacement.dies-by-rules"),
    "situation:this_turn.dealt_damage": ("selectors.filter-dealt-damage-by",
                                         "replacement.dies-by-rules",
                                         "targetthat.dealt-damage-said"),
    "selector_key:targeting": ("targetthat.spell-targeting",),
    "selector_key:dealt_damage_this_turn": ("targetthat.dealt-damage-marked",
                                            "targetthat.dealt-damage-said"),
    # soulbond: the pair a situation gives (paired_with), read by the layer system's
    # condition and referent (Layers.holds, picks) and the resolution walk (Walk.refer)
    "condition:paired": ("layers.characteristics",),
    "referent:paired": ("layers.characteristics", "resolution.instruction"),
    "situation:object.paired_with": ("layers.characteristics",),
    "condition:opponent_controls": ("layers.characteristics",
                                    "conditions.permanents-you-control"),
    "condition:opponent_life": ("layers.characteristics",),
    "condition:defending_player_controls": ("statics.condition-off-blocking",),
    # trig (issue 25): trigger events whose GameEvents a rule makes from the event asked about
    # and which the generic trigger rules match by the Trigger's event (its kind)
    "trigger:cast_targeting": ("triggers.event-cast-targeting",),
    "trigger:targeted_by_spell": ("triggers.event-becomes-target",),
    "trigger:attacks_or_blocks": ("triggers.either-event",),
    "trigger:blocks_or_becomes_blocked": ("triggers.either-event",),
    "trigger:enters_or_attacks": ("triggers.either-event",),
    "trigger:blocks_or_blocked_by": ("triggers.either-event", "triggers.pair-event"),
    "trigger:blocks_creature": ("block.event", "triggers.pair-event"),
    "trigger:blocked_by_creature": ("block.event", "triggers.pair-event"),
    "trigger:turned_face_up": ("triggers.event-turned-face-up",),
    "trigger:attacks_unblocked": ("block.unblocked-event",),
    "trigger:cycles_or_dies": ("triggers.either-event",),  # cycle
    # pw: the loader's commander candidate (facts/commander.py) reads it as "says so"
    "static:can_be_commander": ("commander.may-be-commander",),
    # choice: the loader reads a stack entry's `chosen:` into Choice facts, read by the
    # choice rules and the resolution (knowledge/choices.py)
    "situation:stack.chosen": ("choice.protection-color-chosen", "choice.becomes-chosen",
                               "choice.open-as-it-resolves",
                               # prevent: `chosen: {source: …}` (CR 609.7a)
                               "choice.prevention-source-chosen",
                               "choice.prevention-source-open"),
    # dmgtrig: a triggered ability's 'that much', read by knowledge/resolving.py (Walk.amount)
    # as its steps are done
    "situation:stack.that_much": ("stack.controller-step", "resolution.instruction"),
    # sacrificed: what a cost sacrificed, measured by the resolution (Walk.amount)
    "situation:stack.sacrificed": ("stack.controller-step", "resolution.instruction"),
    # divided: each target's share of a divided amount (CR 601.2d), read by
    # knowledge/rules/divided.py and the resolution walk (divided_text)
    "situation:stack.divide": ("divided.share", "divided.share-lost",
                               "resolution.instruction-on-target"),
    # tokencopy: an enters-as-a-copy replacement (Clone), read from the Replacement's args
    # by the copy rules (knowledge/rules/copy_effects.py)
    "modification:as_copy_of": ("copy.enters-as-copy", "copy.enters-as-copy-not-allowed",
                                "copy.enters-as-itself"),
    "modification:copy_except": ("copy.enters-as-copy",),
    # prevent: "damage can't be prevented this turn" (615.12), read by the replacement
    # procedure (replacement_system.Table.unpreventable_by), which these rules report
    "situation:effect.damage_cant_be_prevented": ("replacement.stops-applying",
                                                  "targets.effect-on-target"),
}

# keywords written out as the abilities they stand for (facts/keyword_abilities.py) are read
# by the rules of those abilities
def _written_out() -> dict[str, tuple[str, ...]]:
    from rulings.facts.keyword_abilities import read_by

    return {f"keyword:{word}": ids for word, ids in read_by().items()}


READERS.update(_written_out())

#: situation keys that are the situation's own structure: the loader reads them into the
#: players, objects and zones every rule matches; no one rule "reads" them
STRUCTURE = (
    "top.question", "top.players", "top.turn", "top.battlefield", "top.hand", "top.library",
    "top.graveyard", "top.exile", "top.stack", "top.command", "top.this_turn", "top.history",
    "top.effects", "top.mana_pool", "top.draft", "top.event", "top.events",
    "object.card", "object.define",
    "object.id", "object.owner", "object.controller", "player.name", "stack.id",
    "stack.controller", "stack.ability", "stack.targets", "turn.number", "turn.active",
    "stack.copy", "stack.from", "mana_pool.mana", "mana_pool.only_for",
    # a sequence of events: each is a situation's event, answered in turn (src/rulings/
    # sequence.py), its words read as any event's
    "top.events",
)

#: words no rule reads, with the reason: answers name them as not modelled (word key ->
#: why, in our own words)
_NO_RULE = "accepted and kept, but no rule reads it yet"
NOT_MODELLED: dict[str, str] = {
    "ability:unparsed": "an ability the compiler could not read; no rule guesses what it does",
    "ability_part:unparsed.text": "the text of an ability that is not modelled",
    "ability_part:unparsed.gap": "what the compiler could not read",
    "ability_part:activated.loyalty": "the flag itself is not read: a loyalty ability's "
                                      "timing (CR 606.3) is checked from the loyalty cost "
                                      "in its cost:",
    "ability_part:replacement.may": "an optional replacement is applied as if always chosen",
    "condition:attacked_this_turn": _NO_RULE,
    "cost:reveal": "revealing a card as a cost is not checked",
    "modification:amount": _NO_RULE,
    "referent:event.turn": _NO_RULE,
    "referent:event.card": "what a trigger's event was about: no rule follows it into the "
                           "ability's steps",
    "referent:event.player": "who a trigger's event was about: no rule follows it into the "
                             "ability's steps",
    "replaced:begin_turn": _NO_RULE,
    "selector_key:noted_name_for": _NO_RULE,
    "static:no_max_hand_size": _NO_RULE,
    # impulse: looking at or revealing a library's top card changes what players know, and
    # no situation says who knows which hidden card, so no rule has anything to decide
    "static:may_look_at_top": "who may see a hidden card is not part of a situation: being "
                              "allowed to look at the top card decides nothing asked",
    "static:top_revealed": "who may see a hidden card is not part of a situation: the top "
                           "card being revealed decides nothing asked",
    "static:begin_on_battlefield": "an opening-hand ability works only before the game "
                                   "begins (CR 103.6a); every situation is a game under way",
    "static:spend_as_any_color": _NO_RULE,
    "static:opponents_cant_win": "no rule says a player wins the game (by an effect or as "
                                 "the last one left), so none is stopped",
    "card_type:conspiracy": "a conspiracy card is never in play; only the draft rules' "
                            "noted names are modelled (CR 905)",
    "card_type:kindred": "a kindred card's creature types are read as subtypes; the type "
                         "itself has no rule of its own (CR 308)",
    # every verb's result is stated by resolution.instruction (knowledge/resolving.py)
}


def declared_problems() -> list[str]:
    """Declared readers that name no rule, and words declared twice over."""
    from rulings.engine.rules import REGISTRY
    from rulings.knowledge.rules import all_rules

    all_rules()
    known = {w.key for w in vocabulary()}
    problems = []
    for key, ids in sorted(READERS.items()):
        if key not in known:
            problems.append(f"READERS names {key!r}, which is not a word of the vocabulary")
        for rule_id in ids:
            if rule_id not in REGISTRY:
                problems.append(f"READERS[{key!r}] names the rule {rule_id!r}, which does "
                                "not exist")
    for key in sorted(NOT_MODELLED):
        if key not in known:
            problems.append(f"NOT_MODELLED names {key!r}, which is not a word of the "
                            "vocabulary")
    return problems


# -- what the rules read ----------------------------------------------------------------------

@dataclass(frozen=True)
class RuleReads:
    """What one rule looks at: (class, slot, constant) of its patterns and collects, the
    (slot, constant) tests of its code, the fact classes it names, the slots it binds."""

    constants: frozenset[tuple[str, str, str]]
    tests: frozenset[tuple[str, str]]
    loose: frozenset[str]
    classes: frozenset[str]
    slots: frozenset[tuple[str, str]]
    made: frozenset[tuple[str, str, str]]
    modules: frozenset[str]


def _pattern_reads(element: Any, out: dict[str, set[Any]]) -> None:
    from rulings.engine.experta_compat import Fact

    if isinstance(element, Fact):
        cls = type(element).__name__
        out["classes"].add(cls)
        for k, v in element.items():
            if isinstance(k, str) and not k.startswith("__"):
                out["slots"].add((cls, k))
                if isinstance(v, str):
                    out["constants"].add((cls, k, v))
                else:
                    # a test on the slot (`keywords=has("flying")`): the words it names
                    for w in _closure_strings(v):
                        out["constants"].add((cls, k, w))
        return
    if isinstance(element, (str, bytes, dict)):
        return
    if inspect.isfunction(element):  # a TEST(lambda effect: effect in (...)): by its names
        words = _closure_strings(element)
        out["loose"] |= words
        for param in inspect.signature(element).parameters:
            out["tests"] |= {(param, w) for w in words}
        return
    try:
        parts = list(element)
    except TypeError:
        return
    for part in parts:
        _pattern_reads(part, out)


def _closure_strings(value: Any) -> set[str]:
    """The string constants a pattern's test function holds (its closure and code)."""
    found: set[str] = set()
    for fn in (getattr(value, "match", None), getattr(value, "value", None), value):
        code = getattr(fn, "__code__", None)
        if code is None:
            continue
        for c in code.co_consts:
            if isinstance(c, str):
                found.add(c)
            elif isinstance(c, (tuple, frozenset)):
                found |= {x for x in c if isinstance(x, str)}
        scope = getattr(fn, "__globals__", {}) or {}
        for name in code.co_names:  # a module's table of words the test looks in
            table = scope.get(name)
            if name.isupper() and isinstance(table, (dict, tuple, list, set, frozenset)):
                found |= _table_strings(table)
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                content = cell.cell_contents
            except ValueError:
                continue
            if isinstance(content, str):
                found.add(content)
            elif isinstance(content, (tuple, list, set, frozenset)):
                found |= {c for c in content if isinstance(c, str)}
    return found


def _slot_name(node: ast.AST) -> str:
    """The slot a node reads: `f["verb"]`, `f.get("verb")`, `part.kind` → verb / kind."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
            and isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and node.args \
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return node.args[0].value
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _code_reads(function: Any, out: dict[str, set[Any]]) -> None:
    """Slot tests, collects and names in a body and the project functions it calls."""
    seen: set[Any] = set()
    todo = [function]
    while todo:
        fn = todo.pop()
        if fn in seen or len(seen) > 400:
            continue
        seen.add(fn)
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        except (OSError, TypeError, SyntaxError):
            continue
        scope = getattr(fn, "__globals__", {})
        defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        statements = [st for d in defs for st in d.body] if defs else tree.body
        for node in (n for st in statements for n in ast.walk(st)):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                slots = [s for s in map(_slot_name, sides) if s]
                if any(isinstance(side, ast.Attribute) and side.attr in ("memo", "cache")
                       for side in sides):
                    continue  # a memo key is not a word of the language
                words = [w for side in sides for w in _strings(side)
                         if not _slot_name(side) or isinstance(side, ast.Call)]
                for w in words:
                    out["loose"].add(w)
                    for s in slots:
                        out["tests"].add((s, w))
            elif isinstance(node, ast.Call):
                callee = node.func
                name = callee.attr if isinstance(callee, ast.Attribute) else (
                    callee.id if isinstance(callee, ast.Name) else "")
                if name == "collect" and node.args and isinstance(node.args[0], ast.Name):
                    cls = node.args[0].id
                    out["classes"].add(cls)
                    for kw in node.keywords:
                        if kw.arg and isinstance(kw.value, ast.Constant) \
                                and isinstance(kw.value.value, str):
                            out["constants"].add((cls, kw.arg, kw.value.value))
                made = scope.get(name) if isinstance(callee, ast.Name) else None
                if isinstance(made, type) and name != "collect":
                    # a fact the rule concludes: GameEvent(kind="attacks")
                    for kw in node.keywords:
                        if kw.arg and isinstance(kw.value, ast.Constant) \
                                and isinstance(kw.value.value, str):
                            out["made"].add((name, kw.arg, kw.value.value))
                target = _resolve(callee, scope, out["modules"])
                if target is not None:
                    todo.append(target)
            elif isinstance(node, ast.Name):
                value = scope.get(node.id)
                if isinstance(value, type):
                    out["classes"].add(node.id)
                elif isinstance(value, (dict, tuple, list, set, frozenset)) \
                        and node.id.isupper():
                    # a module's table of words (`EFFECTS = {"destroy": …}`)
                    out["loose"].update(_table_strings(value))


def _table_strings(value: Any, depth: int = 0) -> set[str]:
    found: set[str] = set()
    if depth > 2:
        return found
    items = list(value.items()) if isinstance(value, dict) else [(v, None) for v in value]
    for k, v in items[:500]:
        for x in (k, v):
            if isinstance(x, str):
                found.add(x)
            elif isinstance(x, (tuple, list, set, frozenset)) and x is not None:
                found |= _table_strings(x, depth + 1)
    return found


def _resolve(callee: ast.AST, scope: dict[str, Any], modules: set[Any]) -> Any:
    """A project function a call names (`helper(...)`, `module.helper(...)`), or None; the
    project modules whose code it runs go into `modules`."""
    target: Any = None
    if isinstance(callee, ast.Name):
        target = scope.get(callee.id)
    elif isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
        owner = scope.get(callee.value.id)
        target = getattr(owner, callee.attr, None) if inspect.ismodule(owner) else None
    module = str(getattr(target, "__module__", "") or "")
    if module.startswith("rulings."):
        modules.add(module)
        modules.add(f"{module}.{getattr(target, '__qualname__', '')}")
    if inspect.isclass(target):
        return None
    if inspect.isfunction(target) and module.startswith("rulings."):
        return target
    return None


def rule_reads(rule: Any) -> RuleReads:
    out: dict[str, set[Any]] = {k: set() for k in
                                ("constants", "tests", "loose", "classes", "slots", "made", "modules")}
    for element in rule:
        _pattern_reads(element, out)
    body = getattr(rule._wrapped, "body", None)
    if body is not None:
        _code_reads(body, out)
    return RuleReads(*(frozenset(out[k]) for k in
                       ("constants", "tests", "loose", "classes", "slots", "made", "modules")))


#: facts the lowering (facts/lowering.py) derives from a word by its shape: a rule that reads
#: one of them reads the word (an older per-mechanic fact, docs/effect-language.md)
LOWERED: dict[str, tuple[str, ...]] = {
    "verb:search": ("SearchStep",), "verb:put": ("PutStep",), "verb:cast": ("CastFoundStep",),
    "verb:reveal": ("RevealFoundStep",), "verb:exile": ("ExileTargetStep",),
    "verb:shuffle": ("ShuffleStep",), "verb:look_at_top": ("LookAtTopStep",),
    "verb:reveal_top": ("RevealTopStep",), "verb:add_mana": ("ManaAbility",),
    "keyword:flash": ("Flash",), "keyword:kicker": ("Kicker",),
    "keyword:overload": ("Overload",), "static:cast_only": ("CastOnlyDuring",),
    "trigger:tapped_for_mana": ("TappedForManaTrigger",),
    "replaced:tapped_for_mana": ("TappedForManaReplacement",),
    "replaced:enters": ("EntersWithCounters",), "modification:with_counters":
        ("EntersWithCounters",), "modification:produces": ("TappedForManaReplacement",),
    "modification:multiply": ("TappedForManaReplacement",),
    "replaced:found": ("OpponentsExileFound",), "replaced:searches": ("SearchTopInstead",),
    "modification:top": ("SearchTopInstead",),
    "static:control_player": ("ControlsSearchingOpponents",),
    "condition:searching": ("ControlsSearchingOpponents",), "ability:draft": ("DraftNoteNextPick",),
    "verb:note": ("DraftNoteNextPick",), "static:ignore": ("CantSearch",),
    "verb:permit": ("OpponentsExileFound",), "condition:searched_library": ("ShuffleStep",),
    "condition:did": ("ShuffleStep",),
    # replacement effects are read in the per-mechanic facts the lowering makes of them
    "ability:replacement": ("TappedForManaReplacement", "EntersWithCounters",
                            "OpponentsExileFound", "SearchTopInstead"),
    "ability_part:replacement.event": ("TappedForManaReplacement", "EntersWithCounters",
                                       "OpponentsExileFound", "SearchTopInstead"),
    "ability_part:replacement.instead": ("OpponentsExileFound",),
    "ability_part:replacement.modify": ("TappedForManaReplacement", "EntersWithCounters",
                                        "SearchTopInstead"), "referent:next_pick": ("DraftNoteNextPick",),
    # costs: "reveal … or pay …" is lowered into its own card word
    "cost:reveal_or_pay": ("RevealOrPayCost",),
}


#: words a computing module of knowledge/ reads in Python (the layer system applies every
#: static effect word of a layer, CR 613): a rule that runs the module's code reads them
SYSTEMS: dict[str, tuple[str, ...]] = {
    "rulings.knowledge.layer_system": (
        "static:modify", "static:set_pt", "static:cda_pt", "static:switch_pt",
        "static:add_keywords", "static:remove_keywords", "static:lose_all_abilities",
        "static:add_abilities", "static:add_types", "static:set_types",
        "static:add_subtypes", "static:set_land_types", "static:set_colors",
        "static:control", "static:copy_of", "ability:static", "static.affects",
        "ability_part:static.affects", "ability_part:static.while",
        "situation:object.timestamp", "condition:level"),
    # the order an affected player chose for replacement effects (CR 616.1)
    "rulings.knowledge.replacement_system": ("situation:effect.replacement_order",),
    # combat damage (CR 510) and what follows an event (state-based actions, CR 704)
    "rulings.knowledge.combat_system": tuple(
        f"keyword:{k}" for k in ("deathtouch", "defender", "double_strike", "first_strike",
                                 "indestructible", "trample")),
    "rulings.knowledge.aftermath": tuple(
        f"keyword:{k}" for k in ("deathtouch", "enchant", "indestructible", "infect",
                                 "lifelink", "protection", "wither")),
    # which objects a filter picks (knowledge/rules/selectors.py calls it)
    "rulings.facts.effects.filter_misses": tuple(
        f"selector_key:{k}" for k in ("types", "subtypes", "supertypes", "colors",
                                      "not_types", "controller", "owner", "zone", "is",
                                      "other", "name", "mana_value", "power", "toughness")),
}

# selwords: "non-Human" and "historic" (CR 205.3, 700.6), read with every filter
SYSTEMS["rulings.facts.effects.filter_misses"] += ("selector_key:not_subtypes",
                                                   "selector_key:historic")

#: the parts of an ability: the fact (and slot) they are lowered into
PARTS: dict[str, tuple[str, str]] = {
    "targets": ("TargetSlot", ""), "do": ("Step", ""), "when": ("Trigger", ""),
    "intervening_if": ("Trigger", "intervening_if"), "may": ("Trigger", "optional"),
    "event": ("Replacement", ""), "instead": ("Replacement", "instead"),
    "modify": ("Replacement", "args"), "cost": ("CostPart", ""), "timing": ("Ability", "timing"),
    "limit": ("Ability", "limit"), "activators": ("Ability", "activators"),
    "loyalty": ("Ability", "loyalty"), "zone": ("Ability", "zone"),
    "affects": ("StaticEffect", "affects"), "while": ("StaticEffect", "condition"),
    "mode_count": ("ModeCount", ""),
}


#: computing modules that read words of these sections in Python: a word whose name the
#: module's code holds as a string literal is read by every rule that runs the module
SCANNED_SYSTEMS: dict[str, tuple[str, ...]] = {
    "rulings.knowledge.replacement_system": ("replaced", "modification", "static"),
    # the walk also keeps each step's duration (DURATIONS, "as_long_as …") and reads whose
    # card or permanent a selector means (controller_of, owner_of)
    "rulings.knowledge.resolving": ("verb", "condition", "step_modifier", "duration",
                                    "selector_key"),
}


@functools.cache
def _literals(module: str) -> frozenset[str]:
    import importlib

    try:
        tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    except (ImportError, OSError, TypeError, SyntaxError):
        return frozenset()
    return frozenset(_strings(tree)) - _TOO_COMMON


#: strings too common in code to mean a word of the language when a module holds them
_TOO_COMMON = frozenset({"other", "id", "amount", "what", "who", "count"})


def _reads_word(word: Word, r: RuleReads) -> bool:
    if any(word.key in SYSTEMS.get(m, ()) for m in r.modules):
        return True
    for module, sections in SCANNED_SYSTEMS.items():
        if word.section in sections and module in r.modules \
                and word.name in _literals(module):
            return True
    if any(cls in r.classes for cls in LOWERED.get(word.key, ())):
        return True
    probe = PROBES.get(word.section)
    if probe is not None:
        cls, slot_name = probe
        w = word.name
        if (cls, slot_name, w) in r.constants:
            return True
        if word.section == "keyword" and any(
                (c, s, w) in r.constants for c, s in (("Characteristics", "keywords"),
                                                     ("GainsKeyword", "keyword"))):
            return True
        if word.section == "trigger" and ("GameEvent", "kind", w) in r.made:
            return True
        if word.section in ("verb", "static") and any(
                s == slot_name and v == w for _, s, v in r.constants):
            return True  # a derived fact keeps the word: StepOnTarget(verb="counter")
        looks = cls in r.classes or (word.section == "keyword"
                                     and "Characteristics" in r.classes)
        return looks and ((slot_name, w) in r.tests or w in r.loose)
    if word.section in ("supertype", "card_type"):
        slot_name = "supertypes" if word.section == "supertype" else "types"
        w = word.name
        return any((c, slot_name, w) in r.constants
                   for c in ("GameObject", "Characteristics", "Selector")) or (
            ("GameObject" in r.classes or "Characteristics" in r.classes)
            and (slot_name, w) in r.tests)
    if word.section == "step_modifier":
        slot_name = {"if": "condition"}.get(word.name, word.name)
        return ("Step", slot_name) in r.slots or ("Step" in r.classes
                                                  and any(s == slot_name for s, _ in r.tests))
    if word.section == "selector_key":
        slot_name = {"is": "is_", "not": "not_"}.get(word.name, word.name)
        return ("Selector", slot_name) in r.slots or (
            "Selector" in r.classes and word.name in r.loose)
    if word.section == "duration":
        return ("Step", "duration", word.name) in r.constants or (
            "Step" in r.classes and word.name in r.loose)
    if word.section == "modification":
        return "Replacement" in r.classes and any(w.startswith(word.name + "=")
                                                  or w == word.name for w in r.loose)
    if word.section == "ability_part":
        kind, _, part = word.name.partition(".")
        if (kind, part) == ("replacement", "may"):
            return False
        cls, slot_name = PARTS.get(part, ("Ability", part))
        if not slot_name:
            return cls in r.classes
        return (cls, slot_name) in r.slots or (cls in r.classes
                                               and any(s == slot_name for s, _ in r.tests))
    if word.section == "ability" and word.name == "replacement":
        return "Replacement" in r.classes
    if word.section == "situation":
        return _reads_situation(word.name, r)
    return False


def _reads_situation(name: str, r: RuleReads) -> bool:
    from rulings.facts.vocabulary import WORDS

    section, _, key = name.partition(".")
    if name in ENTRY_FACTS:
        cls, slot_name = ENTRY_FACTS[name]
        return (cls, slot_name) in r.slots if slot_name else cls in r.classes
    if section in WORDS and key in WORDS[section]:
        return WORDS[section][key].__name__ in r.classes
    if section == "turn":
        return ("Turn", key) in r.slots or ("Turn" in r.classes
                                            and any(s == key for s, _ in r.tests))
    if section == "stack":
        slot_name = {"from": "cast_from"}.get(key, key)
        return ("StackObject", slot_name) in r.slots or (
            "StackObject" in r.classes and any(s == slot_name for s, _ in r.tests))
    if section == "object":
        return ("GameObject", key) in r.slots or ("GameObject" in r.classes
                                                  and any(s == key for s, _ in r.tests))
    return False


#: keys of object and player entries: the fact (and slot) the loader reads them into
ENTRY_FACTS: dict[str, tuple[str, str]] = {
    "object.chosen": ("Choice", ""), "object.attacking": ("Attacking", ""),
    "object.blocking": ("Blocking", ""), "object.blocked": ("MarkedBlocked", ""),
    "object.assigns": ("Assigns", ""), "object.counters": ("CounterOn", ""),
    "object.damage": ("MarkedDamage", ""), "object.deathtouch_damage": ("DeathtouchDamage", ""),
    "object.timestamp": ("Timestamp", ""), "object.copy_of": ("CopyOf", ""),
    "player.life": ("Player", "life"), "player.left_game": ("Player", "left_game"),
    "player.poison": ("PoisonCounters", ""), "player.monarch": ("Monarch", ""),
    "player.energy": ("EnergyCounters", ""),
    "object.kicked": ("KickedPermanent", ""),
    "object.spent": ("ManaSpentPermanent", ""),  # freecast (facts/casting.py)
    "object.cast_from": ("CastFromPermanent", ""),  # castcond (facts/casting.py)
    "object.foretold": ("Foretold", ""),  # facts/keyword_actions.py
    # cards with faces and Commander (facts/faces.py, facts/commander.py)
    "object.face": ("CardFaces", ""), "object.fused": ("CardFaces", ""),
    "object.face_down": ("FaceDown", ""), "object.melded": ("Melded", ""),
    "object.on_adventure": ("AdventureExile", ""),
    "object.commander_casts": ("CommanderCasts", ""),
    "object.since_last_check": ("NewInZone", ""),
    "player.commander": ("Commander", ""), "player.commander_damage": ("CommanderDamage", ""),
    "top.format": ("GameFormat", ""), "top.day_night": ("DayNight", ""),
    # the loader reads it into the object's since_turn_began (CR 302.6)
    "history.came_under_control": ("GameObject", "since_turn_began"),
    "object.exiled_with": ("ExiledWith", ""),  # facts/linked.py
}


def _compute() -> dict[str, list[str]]:
    from rulings.knowledge.rules import all_rules

    reads = {rule_id: rule_reads(rule) for rule_id, rule in all_rules().items()}
    found: dict[str, list[str]] = {}
    for word in vocabulary():
        ids = sorted(rule_id for rule_id, r in reads.items() if _reads_word(word, r))
        ids = sorted(set(ids) | set(READERS.get(word.key, ())))
        if ids:
            found[word.key] = ids
    return found


CACHE_FORMAT = 1


@functools.cache
def readers() -> dict[str, list[str]]:
    """Word key -> the ids of the rules that read it (words no rule reads are absent). Kept
    in the user's cache folder under the hash of the knowledge base's files."""
    from rulings.engine import relevance
    from rulings.knowledge import rules as knowledge_rules

    # the rules, the fact vocabulary, and the computing modules of knowledge/ whose code
    # the rules run (the layer system, combat damage, what follows an event)
    knowledge = os.path.dirname(os.path.dirname(os.path.abspath(knowledge_rules.__file__)))
    sources = [*knowledge_rules._sources(),
               *sorted(os.path.join(knowledge, f) for f in os.listdir(knowledge)
                       if f.endswith(".py"))]
    here = os.path.abspath(__file__)
    digest = hashlib.sha256(f"modelled/{CACHE_FORMAT}/{sys.version_info[:2]}".encode())
    for path in [*sources, here]:
        try:
            digest.update(str(path).encode() + b"\0" + open(path, "rb").read() + b"\0")
        except OSError:
            return _compute()
    entry = relevance.cache_dir() / f"modelled-{digest.hexdigest()[:32]}.json"
    try:
        data = json.loads(entry.read_text("utf-8"))
        if isinstance(data, dict):
            return {str(k): [str(x) for x in v] for k, v in data.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        pass
    found = _compute()
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=entry.parent, delete=False, suffix=".tmp",
                                         encoding="utf-8") as out:
            json.dump(found, out)
        os.replace(out.name, entry)
    except OSError:
        pass
    return found


def status(word: Word) -> str:
    """`modelled` (some rule reads it), `structure` (the situation's frame), `named` (no
    rule reads it: answers say so), or `unknown` (neither: the walk test fails on it)."""
    if readers().get(word.key):
        return "modelled"
    if word.section == "situation" and word.name in STRUCTURE:
        return "structure"
    if word.key in NOT_MODELLED or word.section == "keyword":
        return "named"
    return "unknown"


def is_modelled(section: str, name: str) -> bool:
    return bool(readers().get(f"{section}:{name}"))


def reason(word: Word) -> str:
    """Why a word is not modelled, in words."""
    return NOT_MODELLED.get(word.key, "no rule of the knowledge base reads it yet")




# -- the answer: the parts of a situation no rule reads ---------------------------------------

#: ability kinds whose effects work without anyone acting: on a permanent, a part of one of
#: these could change the answer to any question about the game
_ALWAYS_ON = ("static", "replacement", "triggered", "unparsed")


def _ability_number(ability_id: str) -> int:
    tail = ability_id.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def not_modelled(facts: Iterable[Any], event: str = "",
                 undecided: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """The parts of the situation's objects (and the situation's own words) that no rule of
    the knowledge base reads, one entry per object, part and word, in a stable order:
    `object` (id), `ability` (id, or '' for a keyword), `part` (in words), `word`, `section`,
    `kind` (the ability kind), `zone`, `text` (an unparsed ability's text), `reason`.

    `undecided`: the `Unmodelled` facts rules derived (a condition the situation leaves
    open), each said as section and word `undecided`, its gap as the reason."""
    from rulings.facts import effects as lang
    from rulings.facts.game import Ability, GameObject
    from rulings.facts.stack import StackObject
    from rulings.facts.vocabulary import WORDS

    facts = list(facts)
    zones = {f["id"]: f["zone"] for f in facts if isinstance(f, GameObject)}
    kinds = {f["id"]: f["kind"] for f in facts if isinstance(f, Ability)}
    # a spell below the top of the stack while the top resolves: its instructions don't
    # happen now (they wait, or never happen if the top counters it)
    waiting = {str(f["id"]) for f in facts if isinstance(f, StackObject)
               and f["kind"] != "ability" and event == "resolve_top" and f["position"] > 1}
    found: dict[tuple[str, str, str], dict[str, Any]] = {}

    def add(obj: str, ability: str, section: str, word: str, text: str = "",
            gap: str = "") -> None:
        w = Word(section, word)
        if section not in ("unparsed", "undecided") and status(w) != "named":
            return  # read by a rule (or a word the loader makes, like the kind `mana`)
        if section in ("supertype", "card_type"):
            part = "its type line"
        elif ability:
            n = _ability_number(ability)
            part = f"ability {n}" if n else (
                "its casting cost" if ability.endswith(".cast") else "a keyword's part")
        else:
            part = "its keywords"
        entry = found.setdefault((obj, ability, f"{section}:{word}"), {
            "object": obj, "ability": ability, "part": part, "word": word,
            "section": section, "kind": kinds.get(ability, "keyword" if not ability else ""),
            "zone": zones.get(obj, ""), "text": text,
            "reason": gap if section == "undecided" else reason(w) if section != "unparsed"
            else "the compiler could not read this ability; no rule guesses what it does",
        })
        if obj in waiting:
            entry["waits_on_stack"] = True
        if text and not entry["text"]:
            entry["text"] = text

    for f in facts:
        if isinstance(f, GameObject):
            for t in f["supertypes"]:
                add(str(f["id"]), "", "supertype", str(t).lower())
            for t in f["types"]:
                add(str(f["id"]), "", "card_type", str(t).lower())
        if isinstance(f, lang.Unmodelled):
            add(str(f["object"]), str(f["ability"]), "unparsed", "unparsed", str(f["text"]))
        elif isinstance(f, lang.Keyword):
            if not f.get("granted_by"):
                add(str(f["object"]), "", "keyword", str(f["keyword"]))
        elif isinstance(f, Ability) and f["kind"] != "unparsed":  # Unmodelled says it
            add(str(f["source"]), str(f["id"]), "ability", str(f["kind"]))
        elif isinstance(f, lang.Step):
            add(str(f["source"]), str(f["ability"]), "verb", str(f["verb"]))
            if f.get("duration"):
                add(str(f["source"]), str(f["ability"]), "step_modifier", "duration")
        elif isinstance(f, lang.Trigger):
            add(str(f["source"]), str(f["ability"]), "trigger", str(f["event"]))
        elif isinstance(f, lang.Replacement):
            add(str(f["source"]), str(f["ability"]), "replaced", str(f["event"]))
        elif isinstance(f, lang.CostPart):
            add(str(f["source"]), str(f["ability"]), "cost", str(f["kind"]))
        elif isinstance(f, lang.StaticEffect):
            add(str(f["source"]), str(f["ability"]), "static", str(f["effect"]))
        elif isinstance(f, lang.Condition):
            ability = str(f["ability"])
            add(ability.rsplit(".", 1)[0] if "." in ability else ability, ability,
                "condition", str(f["kind"]))
        elif isinstance(f, StackObject) and f["modes"]:
            kind = kinds.get(str(f["ability"]), "") if f["kind"] == "ability" else "spell"
            if kind in ("spell", "activated", "triggered"):
                add(str(f["id"]), "", "ability_part", f"{kind}.modes")
    for f in undecided:
        add(str(f["object"]), str(f["ability"]), "undecided", "undecided", str(f["text"]),
            str(f["gap"]) or "the situation doesn't say enough to decide it")
    present = {type(f) for f in facts}  # a few classes: each word's class is looked up in them
    for section, table in WORDS.items():  # the situation's own words
        for word_name, cls in table.items():
            if section == "event" and word_name != event:
                continue
            if any(issubclass(t, cls) for t in present):
                add("", "", "situation", f"{section}.{word_name}")
    return sorted(found.values(), key=lambda e: (e["object"], _ability_number(e["ability"]),
                                                 e["ability"], e["section"], e["word"]))


#: the parts of a spell that work while it waits on the stack (a keyword like split second,
#: a static like "can't be countered", its types, a text no rule read); the rest are its
#: instructions and what they say, which matter only as it resolves
_WORKS_WHILE_WAITING = ("keyword", "static", "unparsed", "supertype", "card_type")
#: an unread ability that only lets a player start the game with the card on the battlefield
#: (CR 103.6): the game has begun in every situation, so it can't change an answer
_BEFORE_THE_GAME = re.compile(r"opening hand, you may begin the game with", re.IGNORECASE)


def could_bear(entry: dict[str, Any], about: set[str]) -> bool:
    """Could this part change the answer? Yes when it belongs to an object the question is
    about (named by the event, on the stack it asks about, or an object a ruling rests on),
    when it is a word of the situation itself, or when it is a keyword or a static,
    replacement, triggered or unreadable ability of a permanent on the battlefield.

    Never for what can't act in the situation: the instructions of a spell waiting below the
    one resolving (or countered by it), and an ability that works only before the game
    begins (an opening-hand ability, CR 103.6)."""
    if entry.get("waits_on_stack") and entry["section"] not in _WORKS_WHILE_WAITING:
        return False
    if entry["section"] == "unparsed" and _BEFORE_THE_GAME.search(str(entry.get("text", ""))):
        return False
    if (entry["section"], entry["word"]) == ("static", "begin_on_battlefield"):
        return False  # the same ability compiled (CR 103.6a)
    if not entry["object"] or entry["object"] in about:
        return True
    if entry["zone"] == "battlefield":
        return entry["kind"] in (*_ALWAYS_ON, "keyword")
    return False


def event_objects(facts: Iterable[Any], event: str) -> set[str]:
    """The objects and players the question is about: those the event names (an ability
    names its object), and for a question about the stack, what is on it."""
    from rulings.facts.stack import StackObject
    from rulings.facts.vocabulary import WORDS

    facts = list(facts)
    cls = WORDS.get("event", {}).get(event)
    about: set[str] = set()
    for f in facts:
        if cls is not None and isinstance(f, cls):
            for k, v in f.items():
                if isinstance(k, str) and not k.startswith("__"):
                    values = v if isinstance(v, (list, tuple, frozenset)) else [v]
                    for x in values:
                        if isinstance(x, str) and x:
                            about.add(x)
                            about.add(x.split(".")[0])
    if event in ("resolve_top", "copy_spell"):
        for f in facts:
            if isinstance(f, StackObject):
                about |= {str(f["id"]), str(f["source"])} - {""}
    return about

__all__ = ["Word", "vocabulary", "language_words", "situation_words", "readers", "status",
           "is_modelled", "reason", "READERS", "NOT_MODELLED", "STRUCTURE", "PROBES",
           "declared_problems", "not_modelled", "could_bear", "event_objects"]

# classes: a Class's level (`class_level:`), read by knowledge/rules/classes.py
ENTRY_FACTS["object.class_level"] = ("ClassLevel", "")
