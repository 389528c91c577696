"""The staged compiler: Oracle text → abilities (text.py) → kind of each ability (classify)
→ parse tree (oracle.lark) → the effect language (emit.py).

`compile_card(fields)` takes a card's printed fields and returns a `Compiled`: the card as a
plain dict in the YAML shape of a card file, and one `Note` per ability saying what it
became, or why not (the gap).
"""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, VisitError
from lark.lexer import Lexer

from rulings.oracle import keywords as kw
from rulings.oracle.emit import (
    GRANTED_ABILITY,
    MODE_COUNT,
    MODES,
    Emitter,
    Unsupported,
    keyword_word,
    known_keyword,
    mana_cost,
    x_compare_outside_search,
)
from rulings.oracle.text import AbilityText, abilities, plain, type_line
from rulings.oracle.tokens import GRANTED, UnknownWord, split, tokens

STARTS = ["effects", "triggered", "cost", "static", "quality",
          "activation_if",  # stat: "activate only if …" (CR 602.5b)
          "activation_restriction"]  # activate: who may activate it, and when (602.1b)


class _GivenTokens(Lexer):
    """The tokens are made by tokens.py; lark only parses them."""

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, data: Any, *_: Any) -> Any:  # type: ignore[override]
        yield from data


@functools.cache
def parser() -> Lark:
    from rulings.oracle import areas

    grammar = resources.files("rulings.oracle").joinpath("oracle.lark").read_text()
    grammar += "\n" + areas.grammar()  # each area's own rules and %extend lines
    return Lark(grammar, parser="lalr", lexer=_GivenTokens, start=STARTS,
                maybe_placeholders=True)


@functools.cache
def literals() -> dict[str, str]:
    """Each quoted word of the grammar -> its token name."""
    return {t.pattern.value: t.name for t in parser().terminals
            if t.pattern.type == "str"}


class Gap(Exception):
    """Why a part of an ability was not understood: the first unknown word or phrase, or the
    sub-grammar that refused it."""


def parse(start: str, text: str) -> Any:
    """Parse `text` from the grammar's entry `start` and emit it; raises Gap."""
    try:
        toks = tokens(text, literals())
    except UnknownWord as exc:
        raise Gap(f"unknown word '{exc.word}'") from None
    try:
        tree = parser().parse(toks, start=start)  # type: ignore[arg-type]
    except UnexpectedEOF:
        raise Gap(f"the {start} grammar needs more after '{_tail(toks, len(toks))}'") from None
    except (UnexpectedCharacters, UnexpectedInput) as exc:
        at = _index(exc, toks)
        if at == len(toks):
            raise Gap(f"the {start} grammar needs more after '{_tail(toks, at)}'") from None
        word = toks[at].value if at is not None and at < len(toks) else "?"
        before = _tail(toks, at) if at is not None else ""
        where = f" after '{before}'" if before else " at the start"
        raise Gap(f"the {start} grammar stops at '{word}'{where}") from None
    emitter = Emitter()
    try:
        result = emitter.transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, Unsupported):
            raise Gap(str(exc.orig_exc)) from None
        raise
    if x_compare_outside_search(result) or x_compare_outside_search(emitter.targets):
        raise Gap("a comparison with X outside a search (only a search works X out)")
    if getattr(emitter, "defending_used", False) and not getattr(emitter, "defending_ok", False):
        # "defending player" is read only in a trigger on an attacking creature (emit.py)
        raise Gap("'defending player' outside a trigger on an attacking creature")
    if getattr(emitter, "spent_used", False) and not (
            start == "triggered" and result.get("when") == {"enters": {"what": "this"}}):
        # freecast: "unless {U} was spent to cast it" asks the permanent's own `spent:`
        raise Gap("'… was spent to cast it' outside the permanent's own enters trigger")
    if getattr(emitter, "sacrificed_used", False) and start not in ("effects", "cost"):
        # sacrificed: only an activated ability's or a spell's cost sacrifices (_ability)
        raise Gap("'the sacrificed …' outside an ability whose cost sacrifices")
    if getattr(emitter, "divided_made", False):
        from rulings.oracle.areas.divided import divided_ok  # divided (CR 601.2d)

        why = divided_ok(result, emitter.targets)
        if why:
            raise Gap(why)
    if getattr(emitter, "spell_controller_used", False) and not getattr(
            emitter, "spell_controller_ok", False):
        raise Gap("'that spell's controller' outside a trigger about a spell")
    if getattr(emitter, "this_emblem_used", False) and not _IN_EMBLEM:
        raise Gap("'this emblem' outside an emblem's ability")  # pw
    if getattr(emitter, "linked_exiled_used", False):
        from rulings.oracle.areas.linked import linked_context_ok  # linked (CR 607.2a)

        if not linked_context_ok(result):
            raise Gap("'the exiled card' outside the card's own leaves-the-battlefield "
                      "trigger")
    if getattr(emitter, "impulse_used", False):
        from rulings.oracle.areas.impulse import impulse_ok  # impulse (CR 601.3, 611.2)

        why = impulse_ok(result)
        if why:
            raise Gap(why)
    if getattr(emitter, "remains_used", False):
        from rulings.oracle.areas.remains import remains_ok  # remains (CR 611.2b)

        why = remains_ok(result, start)
        if why:
            raise Gap(why)
    if getattr(emitter, "sn_group", ""):
        from rulings.oracle.areas.samename import group_only  # samename

        why = group_only(result, emitter.sn_group)
        if why:
            raise Gap(why)
    if getattr(emitter, "dealtdmg_used", False):
        from rulings.oracle.areas.dealtdmg import dealtdmg_ok  # dealtdmg (CR 120.1)

        why = dealtdmg_ok(result)
        if why:
            raise Gap(why)
    if getattr(emitter, "target_controls", False):
        _target_controls(start, result)  # pw
    if "'add_mana'" in repr(result) and "'life_total'" in repr(result):  # pw
        raise Gap("mana as much as a life total (the mana rules don't count it)")
    return result, emitter


#: pw: the verbs whose objects the resolution walk picks once, as the step resolves, so
#: "… target player controls" is that player's objects then (the layer system's selectors
#: know no target)
_TARGET_CONTROLS_VERBS = ("destroy", "exile", "tap", "untap", "gain_control", "deal_damage",
                          "return", "put_counters", "sacrifice")


def _target_controls(start: str, result: Any) -> None:
    """'… target player controls' only in one-shot steps of those verbs (pw)."""
    if start not in ("effects", "triggered"):
        raise Gap("'target player controls' outside a one-shot step")
    steps = result["do"] if isinstance(result, dict) and "do" in result else result

    def uses(value: Any) -> bool:
        if isinstance(value, dict):
            ctl = value.get("controller")
            if isinstance(ctl, str) and re.fullmatch(r"t\d+", ctl):
                return True
            return any(uses(v) for v in value.values())
        if isinstance(value, list):
            return any(uses(v) for v in value)
        return False

    for step in steps if isinstance(steps, list) else [steps]:
        if not isinstance(step, dict) or not uses(step):
            continue
        verb, args = next(iter(step.items()))
        if verb not in _TARGET_CONTROLS_VERBS or (isinstance(args, dict) and (
                "duration" in args or "for_each" in args)):
            raise Gap(f"'target player controls' in a step '{verb}' (its objects are not "
                      "picked once as it resolves)")


def _index(exc: Exception, toks: list[Token]) -> int | None:
    token = getattr(exc, "token", None)
    if isinstance(token, Token) and token.type == "$END":
        return len(toks)
    if isinstance(token, Token):
        for i, t in enumerate(toks):
            if t is token:
                return i
    return None


def _tail(toks: list[Token], at: int, n: int = 4) -> str:
    return " ".join(t.value for t in toks[max(0, at - n):at])


# --- results -------------------------------------------------------------------------------

@dataclass
class Note:
    number: int
    text: str                    # the ability as printed, reminder text removed
    kind: str                    # keyword, spell, activated, triggered, static, replacement, unparsed
    result: Any = None           # what it became (an ability dict, or keyword entries)
    gap: str = ""

    @property
    def understood(self) -> bool:
        return self.kind != "unparsed"


@dataclass
class Compiled:
    card: dict[str, Any]
    notes: list[Note] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # card-level: type line, faces

    @property
    def fully(self) -> bool:
        return not self.problems and all(n.understood for n in self.notes)

    @property
    def unparsed(self) -> list[Note]:
        return [n for n in self.notes if not n.understood]


# --- stage 2: the kind of each ability -----------------------------------------------------

_LOYALTY = re.compile(r"^\[?([+-]?(?:\d+|x))\]?: (.+)$", re.S)
_ABILITY_WORD = re.compile(r"^([a-z' -]+?) — (.+)$", re.S)
_TRIGGER = re.compile(r"^(when|whenever|at) ")


def _cost_colon(text: str) -> int:
    """Where the ":" after an activated ability's cost is, or -1 (never inside quotes)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return -1


def keyword_line(text: str) -> list[Any] | None:
    """"flying, vigilance" -> ["flying", "vigilance"]; None when it is not a keyword line.
    Raises Gap for a keyword the card language can't say yet."""
    if text.startswith("partner with "):  # a name follows, commas and all (CR 702.124j)
        name = text[len("partner with "):].rstrip(".").strip()
        return [{"partner_with": " ".join(w[:1].upper() + w[1:] for w in name.split())}]
    items = _protections([i.strip() for i in re.split(r"[,;] ", text.rstrip("."))])
    out = []
    unknown = None
    for item in items:
        try:
            found = keyword_item(item)
        except UnknownKeyword as exc:
            unknown = unknown or str(exc)
            continue
        if found is None:
            return None
        out.append(found)
    if unknown:
        raise Gap(f"the keyword '{unknown}' is not in the card language yet")
    return out


def _protections(items: list[str]) -> list[str]:
    """"protection from black and from red" is two protection abilities (CR 702.16g): each
    "from …" after a protection item becomes a protection item of its own."""
    out: list[str] = []
    for item in items:
        follows = bool(out) and out[-1].startswith("protection from ")
        if follows and re.match(r"(and )?from ", item):
            item = "protection " + item.removeprefix("and ")
        if item.startswith("protection from ") and " and from " in item:
            first, *rest = item.split(" and from ")
            out += [first, *(f"protection from {r}" for r in rest)]
        else:
            out.append(item)
    return out


def is_keyword_line(text: str) -> bool:
    try:
        return keyword_line(text) is not None
    except Gap:
        return True


class UnknownKeyword(Exception):
    """A CR 702 keyword the card language has no word for yet."""


def keyword_item(item: str) -> Any:
    """One keyword of a keyword line in the card language's spelling; None when `item` is
    not a keyword; UnknownKeyword when it is one the card language can't say yet."""
    found = _keyword_item(item)
    if found is None:
        return None
    word = found if isinstance(found, str) else next(iter(found))
    if not known_keyword(word):
        raise UnknownKeyword(word.replace("_", " "))
    return found


@functools.cache
def _by_first_word() -> dict[str, list[str]]:
    """The keywords by their first word, longest first (so "first strike" is tried before a
    shorter keyword that starts the same): a line is looked up, not scanned for all."""
    out: dict[str, list[str]] = {}
    for word in kw.BY_LENGTH:
        out.setdefault(word.split(" ")[0], []).append(word)
    return out


def _keyword_item(item: str) -> Any:
    if item in kw.LANDWALKS:
        return {"landwalk": kw.LANDWALKS[item]}
    for word in _by_first_word().get(re.split(r"[ —]", item, maxsplit=1)[0], ()):
        if item == word:
            return keyword_word(word) if kw.KEYWORDS[word][1] is None else None
        if not item.startswith(word) or item[len(word):len(word) + 1] not in (" ", "—"):
            continue
        param = item[len(word):].strip().lstrip("—").strip()
        kind = kw.KEYWORDS[word][1]
        if kind == "cost":
            timed = re.fullmatch(r"(\d+) ?— ?((?:\{[^{}]+\})+)", param)
            if timed and word in kw.NUMBER_AND_COST:  # "suspend 4—{1}{U}": both are kept
                try:
                    return {keyword_word(word): f"{timed.group(1)}—{mana_cost(timed.group(2))}"}
                except Unsupported:
                    return None
            if re.fullmatch(r"(\{[^{}]+\})+", param):
                try:
                    return {keyword_word(word): mana_cost(param)}
                except Unsupported:
                    return None
            return None  # a keyword cost other than mana: the card language has only text
        if kind == "number":
            if re.fullmatch(r"\d+", param):
                return {keyword_word(word): int(param)}
            return None
        if kind == "quality":
            return _quality(word, param)
        return None
    return None


def _quality(word: str, param: str) -> Any:
    if word == "protection":
        if not param.startswith("from "):
            return None
        param = param[5:]
        if param in ("white", "blue", "black", "red", "green"):
            return {"protection": {"from": {"colors": [param]}}}
        if param == "all colors" or param == "everything":
            return {"protection": {"from": param}}  # not a selector: refused as unknown
    elif word == "affinity":
        if not param.startswith("for "):
            return None
        param = param[4:]
    elif word == "enchant" and param == "player":
        return {"enchant": "player"}
    elif word == "splice":  # costs: "splice onto arcane {1}{r}" (CR 702.47a)
        from rulings.oracle.areas.costs import splice_keyword

        return splice_keyword(param)
    try:
        selector, _ = parse("quality", param)
    except Gap:
        return None
    return {word: {"from": selector} if word == "protection" else selector}


_ADDITIONAL = "as an additional cost to cast this spell, "
_RESTRICTIONS = {  # "activate only …" sentences (CR 602.5b) -> a part of `activated`
    "activate only as a sorcery.": ("timing", "sorcery"),
    "activate only once each turn.": ("limit", "once_each_turn"),
    "activate only any time you could cast a sorcery.": ("timing", "sorcery"),
    "activate this ability only any time you could cast a sorcery.": ("timing", "sorcery"),
    "activate only as an instant.": ("timing", "instant"),
    # session 4: the windows of knowledge/rules/timing.py ACTIVATION_WINDOWS
    "activate only during your turn.": ("timing", "your_turn"),
    "activate only during your upkeep.": ("timing", "your_upkeep"),
    "activate only during your turn, before attackers are declared.":
        ("timing", "your_turn_before_attackers"),
    "activate only during combat.": ("timing", "combat"),
    "activate only during any upkeep step.": ("timing", "any_upkeep"),
    "activate only during the declare blockers step.": ("timing", "declare_blockers_step"),
    "activate only during the end of combat step.": ("timing", "end_of_combat_step"),
    # read by activation.times-each-turn (knowledge/rules/activating.py)
    "activate no more than twice each turn.": ("limit", "twice_each_turn"),
    "activate no more than three times each turn.": ("limit", "three_times_each_turn"),
}
#: windows of one step: the cost check doesn't ask them of a mana ability
_STEP_WINDOWS = ("any_upkeep", "declare_blockers_step", "end_of_combat_step")
#: activate: the windows its area reads, which the cost check doesn't ask of a mana ability
_AREA_WINDOWS = ("your_draw", "before_attackers", "before_combat_damage_step")
#: two restrictions in one sentence: a timing and once each turn
_TWO_RESTRICTIONS = {
    f"activate only {when} and only once each turn.": (("timing", timing),
                                                       ("limit", "once_each_turn"))
    for when, timing in (("as a sorcery", "sorcery"), ("during your turn", "your_turn"),
                         ("during your upkeep", "your_upkeep"), ("during combat", "combat"))
}


# --- stat: "activate only if …" (CR 602.5b) ---
#: "… Activate only if <condition>." and "… Activate only as a sorcery and only if …", "…
#: once each turn and only if …": the restriction, then the condition
_ONLY_IF = re.compile(r"^(.+) activate only (?:(as a sorcery|once each turn|during your turn|"
                      r"during your upkeep|during combat) "
                      r"and only )?if (.+\.)$", re.S)
_ONLY_IF_WITH = {"as a sorcery": ("timing", "sorcery"),
                 "once each turn": ("limit", "once_each_turn"),
                 "during your turn": ("timing", "your_turn"),
                 "during your upkeep": ("timing", "your_upkeep"),
                 "during combat": ("timing", "combat")}


_THEN_ONCE = " and only once each turn."


def _activate_only_if(body: str, limits: dict[str, Any]) -> str:
    """Cut a condition of activation off the ability's text into `limits["only_if"]` (a
    condition the activation rules decide, knowledge/rules/conditions.py); raises Gap when
    the condition is not one of those."""
    m = _ONLY_IF.match(body)
    if not m:
        return body
    condition = m.group(3)
    if not m.group(2) and condition.endswith(_THEN_ONCE):  # "only if … and only once each turn"
        condition = condition[: -len(_THEN_ONCE)] + "."
        limits["limit"] = "once_each_turn"
    try:
        limits["only_if"], _ = parse("activation_if", condition)
    except Gap as exc:
        raise Gap(f"a condition of activation: {exc}") from None
    if m.group(2):
        key, value = _ONLY_IF_WITH[m.group(2)]
        limits[key] = value
    return m.group(1)


#: "You may pay 1 life and exile a blue card from your hand rather than pay this spell's
#: mana cost." — an alternative cost printed without a name (CR 118.9)
_ALTERNATIVE = re.compile(r"^you may (.+) rather than pay this spell's mana cost\.$")


def classify(text: str, spell: bool) -> tuple[str, str, str]:
    """(kind, the part to parse, the cost part) for one ability's normalised text."""
    if text.startswith(_ADDITIONAL):
        return "additional_cost", "", text[len(_ADDITIONAL):].rstrip(".")
    m = _ALTERNATIVE.match(text)
    if m:  # a permanent card is a spell too while it is cast (CR 118.9)
        return "alternative_cost", "", m.group(1).replace(" and ", ", ")
    m = _ABILITY_WORD.match(text)
    if m and not m.group(1).startswith("choose") and len(m.group(1).split()) <= 4 \
            and not re.match(r"^(i|ii|iii|iv|v|vi)(, (i|ii|iii|iv|v))*$", m.group(1)) \
            and not is_keyword_line(m.group(1)):
        text = m.group(2)  # an ability word has no rules meaning (CR 207.2c)
    from rulings.oracle.areas.freecast import conditional_alternative_text

    found = conditional_alternative_text(text)  # freecast: "if …, you may … rather than …"
    if found:
        return found
    if is_keyword_line(text):
        return "keyword", text, ""
    m = _LOYALTY.match(text)
    if m:
        return "loyalty", m.group(2), m.group(1)
    if _TRIGGER.match(text):
        return "triggered", text, ""
    colon = _cost_colon(text)
    if colon > 0 and not text.startswith(("choose ", "•")):
        return "activated", text[colon + 1:].strip(), text[:colon].strip()
    return ("spell" if spell else "static"), text, ""


# --- stage 3 and 4 for one ability ---------------------------------------------------------

def _ability(kind: str, body: str, cost: str) -> tuple[str, Any]:
    """(kind of the result, the ability dict or keyword list); raises Gap."""
    if kind == "keyword":
        return "keyword", keyword_line(body)
    if kind == "triggered":
        result, em = _with_quoted("triggered", body)
        out: dict[str, Any] = {"when": result["when"]}
        if "intervening_if" in result:  # CR 603.4
            out["intervening_if"] = result["intervening_if"]
        _add_targets(out, em)
        _modes_or_steps(out, result["do"])
        if em.zone and not _puts_itself_there(result["when"], em.zone):
            # "return ~ from your graveyard to the battlefield" works only from the graveyard
            # (CR 113.6m), unless its trigger is the card going there ("when ~ dies")
            out["zone"] = em.zone
        if len(out.get("do", [])) == 1:  # "you may …" as the whole effect: the ability's may (603.5)
            step: dict[str, Any] = next(iter(out["do"][0].values()))
            if step.get("may") and "who" not in step and step.get("id", "").startswith("s"):
                del step["may"], step["id"]
                out = {"when": out.pop("when"), "may": True, **out}
        return "triggered", {"triggered": out}
    if kind == "alternative_cost" and body:  # freecast: with its condition (the body)
        from rulings.oracle.areas.freecast import conditional_alternative

        return kind, conditional_alternative(body, cost)
    if kind in ("additional_cost", "alternative_cost"):
        parts, _ = parse("cost", cost)
        return kind, parts
    if kind in ("activated", "loyalty"):
        from rulings.oracle.areas.activate import cut_restriction

        body, limits = cut_restriction(body)  # activate: "any player may activate …"
        said = dict(limits)
        for sentence, (key, value) in _RESTRICTIONS.items():
            if body.endswith(" " + sentence):
                body = body[: -len(sentence) - 1]
                limits[key] = value
        for sentence, pairs in _TWO_RESTRICTIONS.items():
            if body.endswith(" " + sentence):
                body = body[: -len(sentence) - 1]
                limits.update(pairs)
        if any(limits[k] != v for k, v in said.items()):
            raise Gap("two activation instructions about the same thing")
        body = _activate_only_if(body, limits)
        if kind == "loyalty":
            if cost in ("-x", "−x"):  # pw: [-X] (CR 107.3a, 606.4): the X announced
                cost_parts: list[Any] = [{"loyalty": "-X"}]
            elif not cost.lstrip("+-").isdigit():
                raise Gap("a loyalty cost of X")
            else:
                cost_parts = [{"loyalty": int(cost)}]
        else:
            try:
                cost_parts, _ = parse("cost", cost)
            except Gap as exc:
                raise Gap(f"cost: {exc}") from None
        steps, em = _with_quoted("effects", body)
        from rulings.oracle.areas.sacrificed import sacrifices_other, uses_sacrificed

        if uses_sacrificed(steps) and not sacrifices_other(cost_parts):
            raise Gap("'the sacrificed …' in an ability whose cost sacrifices nothing chosen")
        out = {"cost": cost_parts}
        _add_targets(out, em)
        _modes_or_steps(out, steps)
        if any(isinstance(p, dict) and "pay_energy" in p for p in cost_parts) and any(
                "add_mana" in step for step in steps):
            # the cost check counts a mana source's tap, not the energy it would pay
            raise Gap("a mana ability paid with energy (the mana rules don't count energy "
                      "while paying)")
        if (limits.get("limit", "once_each_turn") != "once_each_turn" or limits.get(
                "timing") in _STEP_WINDOWS) and any("add_mana" in step for step in steps):
            # the cost check counts one activation of a mana source, not up to a number
            raise Gap("a mana ability activated up to a number of times each turn, or in one "
                      "step (the mana rules don't check these while paying)")
        if ("activators" in limits or limits.get("timing") in _AREA_WINDOWS) and any(
                "add_mana" in step for step in steps):
            # activate: the cost check finds a player's own mana sources, in any step
            raise Gap("a mana ability another player may activate, or with a window the mana "
                      "rules don't check while paying")
        if "activators" in limits and ("only_if" in limits or kind == "loyalty"):
            # whose "you" a condition of activation asks is not said for another activator
            raise Gap("who may activate it, with a condition of activation or a loyalty cost")
        if "only_if" in limits and any("add_mana" in step for step in steps):
            # the cost check finds mana sources without asking conditions of activation
            raise Gap("a mana ability with a condition of activation (the mana rules don't "
                      "ask it)")
        out.update(limits)
        if em.zone:
            out["zone"] = em.zone
        if {"discard": "this"} in cost_parts:
            out["zone"] = "hand"  # discarding itself: it works from its owner's hand
        if kind == "loyalty":
            out["loyalty"] = True
        return "activated", {"activated": out}
    if kind == "spell":
        try:
            steps, em = _with_quoted("effects", body)
        except Gap as first:
            try:
                result, _ = parse("static", body)
            except Gap:
                raise first from None
            return next(iter(result)), result
        out = {}
        _add_targets(out, em)
        _modes_or_steps(out, steps)
        return "spell", {"spell": out}
    if '"' in body:
        return _granted(body)
    result, _ = parse("static", body)
    return next(iter(result)), result


_QUOTED = re.compile(r'"([^"]+)"')


def _adds_mana(ability: dict[str, Any]) -> bool:
    body = ability.get("activated") or ability.get("triggered") or {}
    return any("add_mana" in step for step in body.get("do", []))


def _granted(body: str) -> tuple[str, Any]:
    """A static ability giving an ability in quotation marks ("enchanted land has '{T}: Add
    {G}.'"): the quoted ability is compiled on its own, as an ability of what gets it."""
    quoted = _QUOTED.findall(body)
    if len(quoted) != 1:
        raise Gap("several abilities in quotation marks")
    named = "an ability in quotation marks naming the card that grants it"
    inner = quoted[0].strip()
    try:
        ability: dict[str, Any] | None = _quoted_ability(inner, named, mana=True)
    except Gap as exc:
        if str(exc) != named:
            raise
        ability = None
    outer = _QUOTED.sub(GRANTED, body).rstrip()
    if not outer.endswith("."):
        outer += "."
    try:
        result, _ = parse("static", outer)
    except Gap:
        if ability is None:
            raise Gap(named) from None
        raise
    static = result.get("static", {})
    if static.get("add_abilities") != [GRANTED_ABILITY]:
        raise Gap("an ability in quotation marks where the grammar expects none")
    if ability is None:
        # the card's name inside is the object that grants it (CR 201.5); when that object
        # gives the ability only to itself ("as long as …, ~ has '… ~ …'"), it is also the
        # object that has it, which the quoted ability's own "~" already means
        if static.get("affects") != "this":
            raise Gap(named)
        ability = _quoted_ability(inner, named, mana=True, self_named=True)
    static["add_abilities"] = [ability]
    return "static", result


#: the gap of a mana ability in quotation marks outside a static grant or a token
_MANA_QUOTED = "a mana ability in quotation marks"

#: pw: non-empty while an emblem's quoted ability is compiled ("this emblem" is read there)
_IN_EMBLEM: list[bool] = []


def _quoted_ability(inner: str, named: str = "an ability in quotation marks naming the card",
                    mana: bool = False, self_named: bool = False) -> dict[str, Any]:
    """An ability in quotation marks compiled on its own, as an ability of what has it (a
    granted one, an emblem's); `named` is the gap when the card's name is inside it (unless
    `self_named`: the card gives the ability to itself)."""
    if "~" in inner and not self_named:  # the card's name: the card, not what has it
        raise Gap(named)
    kind, part, cost = classify(inner, False)
    if kind not in ("activated", "triggered", "static"):
        raise Gap(f"an ability in quotation marks of the kind {kind}")
    try:
        inner_kind, ability = _ability(kind, part, cost)
    except Gap as exc:
        raise Gap(f"in quotation marks: {exc}") from None
    if not isinstance(ability, dict) or inner_kind == "additional_cost":
        raise Gap("an ability in quotation marks that is not an ability of its own")
    if _adds_mana(ability) and not mana:
        # a static ability's grant (`mana`) is lowered onto each permanent it picks and read
        # as a mana source there while the grant applies (facts/granted.py, NotGrantedNow);
        # a resolving effect's grant, a token's or an emblem's mana ability is not: compiled,
        # it would be silently missed while paying costs, so it stays unparsed
        raise Gap(_MANA_QUOTED + " (granted mana abilities are not read as mana sources yet)")
    return ability


def _with_quoted(start: str, body: str) -> tuple[Any, Emitter]:
    """`parse(start, body)`, where an ability in quotation marks inside (pw: an emblem's, CR
    114) is compiled on its own and put where the grammar left its place-holder; a grammar
    rule that takes none leaves the text unparsed."""
    if '"' not in body:
        return parse(start, body)
    quoted = _QUOTED.findall(body)
    if len(quoted) != 1 or body.count('"') != 2:
        raise Gap("several abilities in quotation marks")
    inner = quoted[0].strip()
    emblems_only = tokens_only = False
    try:
        ability = _quoted_ability(inner)
    except Gap as exc:
        if str(exc).startswith(_MANA_QUOTED):
            # tokenab: a token's mana ability is its own (a sequence's next snapshot has the
            # token with it, where costs read it); anywhere else it stays unparsed
            ability, tokens_only = _quoted_ability(inner, mana=True), True
        elif "'this emblem'" in str(exc):
            _IN_EMBLEM.append(True)  # "this emblem": only an emblem's ability may say so
            try:
                ability = _quoted_ability(inner)
            finally:
                _IN_EMBLEM.pop()
            emblems_only = True
        else:
            raise
    # the quoted ability's own period ends the sentence it stands in
    outer = _QUOTED.sub(GRANTED + ("." if inner.endswith(".") else ""), body)
    result, em = parse(start, outer.rstrip())
    placed: list[str] = []

    def put(value: Any, where: str) -> Any:
        if value == GRANTED_ABILITY:
            placed.append(where)
            return copy.deepcopy(ability)
        if isinstance(value, list):
            return [put(v, where) for v in value]
        if isinstance(value, dict):
            return {k: put(v, k if k in ("emblem", "token") else where)
                    for k, v in value.items()}
        return value

    result = put(result, "")
    if len(placed) != 1:
        raise Gap("an ability in quotation marks where the grammar expects none")
    if emblems_only and placed[0] != "emblem":
        raise Gap("'this emblem' in an ability that is not an emblem's")
    if placed[0] == "token" and _enters_itself(ability):
        # the walk gives a token made mid-resolution its keywords, not its triggers: its own
        # "when this creature enters" would be missed as it enters
        raise Gap("a token's own enters trigger (not read as the token is made)")
    if tokens_only and placed[0] != "token":
        raise Gap(_MANA_QUOTED + " (granted mana abilities are not read as mana sources yet)")
    return result, em


def _enters_itself(ability: Any) -> bool:
    when = ability.get("triggered", {}).get("when", {}) if isinstance(ability, dict) else {}
    return any(event == "enters" and isinstance(args, dict) and args.get("what") == "this"
               for event, args in when.items())


def _puts_itself_there(when: dict[str, Any], zone: str) -> bool:
    """Whether a trigger's event puts the object with the ability into `zone`, or is the
    enchanted object leaving the battlefield (CR 113.6m's exceptions): "when ~ dies", "when
    enchanted creature dies" (the Aura follows it to the graveyard) for the graveyard."""
    return zone == "graveyard" and any(
        event in ("dies", "leaves") and isinstance(args, dict)
        and args.get("what") in ("this", "enchanted") for event, args in when.items())


def _modes_or_steps(out: dict[str, Any], steps: list[dict[str, Any]]) -> None:
    """A spell's or ability's effect: its steps (`do`), or, when the whole effect is one
    "choose one —" with its bullets, its `modes` (and `mode_count`): the modes are chosen as
    the spell is cast or the ability put on the stack (CR 700.2, 601.2b, 602.2b, 603.3c)."""
    if len(steps) == 1 and MODES in steps[0]:
        out["modes"] = steps[0][MODES]
        if MODE_COUNT in steps[0]:
            out["mode_count"] = steps[0][MODE_COUNT]
        return
    if any(MODES in step for step in steps):
        raise Gap("modes beside other instructions of an ability (its modes are its whole "
                  "effect in the card language)")
    out["do"] = steps


def _add_targets(out: dict[str, Any], em: Emitter) -> None:
    if em.targets:
        out["targets"] = em.targets


@functools.lru_cache(maxsize=200_000)
def _cached(kind: str, body: str, cost: str) -> tuple[str, Any, str]:
    try:
        result_kind, result = _ability(kind, body, cost)
        return result_kind, result, ""
    except Gap as exc:
        return "unparsed", None, str(exc)


def compile_ability(ability: AbilityText, spell: bool) -> Note:
    kind, body, cost = classify(ability.norm, spell)
    result_kind, result, gap = _cached(kind, body, cost)
    if result_kind == "unparsed":
        return Note(ability.number, ability.text, "unparsed",
                    {"unparsed": {"text": ability.text, "gap": f"{kind}: {gap}"}},
                    f"{kind}: {gap}")
    from rulings.oracle.areas.attached import misplaced_count
    from rulings.oracle.areas.counters import misplaced_counter

    misplaced = misplaced_counter(result_kind, result)   # counters area
    misplaced = misplaced or misplaced_count(result_kind, result)   # attached area
    if misplaced:
        return Note(ability.number, ability.text, "unparsed",
                    {"unparsed": {"text": ability.text, "gap": f"{kind}: {misplaced}"}},
                    f"{kind}: {misplaced}")
    result = _plain(result)
    if result_kind == "keyword" and result and "partner_with" in result[0] \
            and ability.text.lower().startswith("partner with "):
        # the partner's name as printed ("Laurine, the Diversion"), not re-capitalized
        result[0]["partner_with"] = ability.text[len("partner with "):].rstrip(".").strip()
    return Note(ability.number, ability.text, result_kind, result)


def _plain(value: Any) -> Any:
    """A fresh copy of plain dicts and lists: the emitter's PlayerRef (a dict told apart from a
    selector) would otherwise reach the card, which YAML can't write (`card --parse`)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# --- the card ------------------------------------------------------------------------------

BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def _pt(value: Any) -> Any:
    """Printed power, toughness or loyalty: a number, or "*"; None when it is neither
    (like 1+*), which the card language can't say."""
    text = str(value)
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return "*" if text == "*" else None


_TYPE_LINE_PT = re.compile(r"^(.*\S)\s+([\d*+x-]+)/([\d*+x-]+)$", re.I)


def _pt_from_type_line(fields: dict[str, Any]) -> dict[str, Any]:
    """Some card data writes a creature's power and toughness at the end of its type line
    ("Creature — Lhurgoyf */1+*") and leaves the fields empty: read them from there."""
    m = _TYPE_LINE_PT.match(str(fields.get("type_line") or ""))
    if m is None or fields.get("power") not in (None, ""):
        return fields
    return {**fields, "type_line": m.group(1), "power": m.group(2), "toughness": m.group(3)}


def compile_card(fields: dict[str, Any]) -> Compiled:
    """`fields`: name, mana_cost, type_line, oracle_text, and when known power, toughness,
    loyalty (strings or numbers)."""
    from rulings.facts.game import CARD_TYPES

    name = plain(str(fields["name"]))
    fields = _pt_from_type_line(fields)
    line = type_line(fields.get("type_line") or "")
    card: dict[str, Any] = {"name": name}
    problems = []
    if fields.get("mana_cost"):
        try:
            card["mana_cost"] = mana_cost(str(fields["mana_cost"]))
        except Unsupported:
            problems.append(f"mana cost: {fields['mana_cost']} is not mana the card "
                            "language reads")
    card["types"] = line.types
    for t in line.types:
        if t not in CARD_TYPES:
            problems.append(f"type line: '{t}' is not a card type of a game of Magic")
    if not line.types:
        problems.append("type line: no card type")
    if line.subtypes:
        card["subtypes"] = line.subtypes
    if line.supertypes:
        card["supertypes"] = line.supertypes
    for key in ("power", "toughness", "loyalty"):
        if fields.get(key) not in (None, ""):
            value = _pt(fields[key])
            if value is None and "*" in str(fields[key]):  # 1+*: a * the card can't say
                card[key] = "*"
                problems.append(f"{key}: '{fields[key]}' is more than a number or *")
            elif value is None:
                problems.append(f"{key}: '{fields[key]}' is neither a number nor *")
            else:
                card[key] = value
    spell = bool({"instant", "sorcery"} & set(line.types))
    notes = []
    kws: list[Any] = []
    ability_list: list[Any] = []
    for t in line.subtypes:  # CR 305.6: a basic land type gives its mana ability
        if t in BASIC_LAND_MANA:
            intrinsic = {"activated": {"cost": ["tap"], "do": [
                {"add_mana": {"mana": BASIC_LAND_MANA[t]}}]}}
            ability_list.append(intrinsic)
            notes.append(Note(0, f"{{T}}: Add {{{BASIC_LAND_MANA[t]}}}. (its land type "
                                 f"{t.title()}, CR 305.6)", "activated", intrinsic))
    for note in _grouped(abilities(fields.get("oracle_text") or "", name), spell):
        notes.append(note)
        if note.kind == "band":  # a line of a level band: the band's ability has it
            continue
        if note.kind == "keyword":
            kws.extend(note.result)
        elif note.kind == "additional_cost":
            card.setdefault("additional_costs", []).extend(note.result)
        elif note.kind == "alternative_cost":
            costs = card.setdefault("alternative_costs", [])
            name = "alternative" if not costs else f"alternative {len(costs) + 1}"
            if isinstance(note.result, dict):  # freecast: {cost, if, free}
                costs.append({"name": name, **note.result})
            else:
                costs.append({"name": name, "cost": note.result})
        else:
            ability_list.append(note.result)
    _sacrificed_needs_a_cost(notes, ability_list, card)  # sacrificed
    if kws:
        card["keywords"] = kws
    card["abilities"] = _one_spell_ability(ability_list) if spell else ability_list
    return Compiled(card, notes, problems)


def _sacrificed_needs_a_cost(notes: list[Note], ability_list: list[Any],
                             card: dict[str, Any]) -> None:
    """A spell's "the sacrificed creature's power" measures what its additional cost
    sacrificed (CR 601.2h): with no such cost on the card, the ability is not understood."""
    from rulings.oracle.areas.sacrificed import sacrifices_other, uses_sacrificed

    if sacrifices_other(card.get("additional_costs")):
        return
    for i, note in enumerate(notes):
        if note.kind == "spell" and uses_sacrificed(note.result):
            ability_list[:] = [a for a in ability_list if a is not note.result]
            gap = "spell: 'the sacrificed …' with no additional cost that sacrifices"
            notes[i] = Note(note.number, note.text, "unparsed",
                            {"unparsed": {"text": note.text, "gap": gap}}, gap)


def _grouped(texts: list[AbilityText], spell: bool) -> list[Note]:
    """Each ability's Note. The areas' line passes (`group_lines`, areas/__init__.py) go
    first, in the areas' order, each over what the one before left: a pass compiles the
    lines it groups (a leveler's band, a Saga's chapter, a Class's level) into Notes and
    hands every other item on as it came; a line no pass took is compiled on its own."""
    from rulings.oracle import areas

    items: list[AbilityText | Note] = list(texts)
    for _, group in areas.line_passes():
        items = list(group(items, spell))
    return [item if isinstance(item, Note) else compile_ability(item, spell)
            for item in items]


def _one_spell_ability(abilities: list[Any]) -> list[Any]:
    """An instant's or sorcery's paragraphs of instructions are followed together, in order,
    as the spell resolves (CR 608.2c), and its targets are chosen together (601.2c): one spell
    ability, its targets numbered across the paragraphs ("target creature" three times is
    t1, t2, t3), not one ability per paragraph each with its own t1."""
    out: list[Any] = []
    for ability in abilities:
        if out and _plain_spell(out[-1]) and _plain_spell(ability):
            out[-1] = {"spell": _joined(out[-1]["spell"], ability["spell"])}
        else:
            out.append(ability)
    return out


def _plain_spell(ability: Any) -> bool:
    return (isinstance(ability, dict) and set(ability) == {"spell"}
            and set(ability["spell"]) <= {"targets", "do"})


def _joined(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """`then`'s steps after `first`'s, its target slots and step ids renamed past `first`'s."""
    taken = {t["id"] for t in first.get("targets", [])} | _step_ids(first.get("do", []))
    rename: dict[str, str] = {}
    for k, slot in enumerate(then.get("targets", []), len(first.get("targets", [])) + 1):
        rename[slot["id"]] = f"t{k}"
    for sid in sorted(_step_ids(then.get("do", []))):
        new, n = sid, 1
        while new in taken or new in rename.values():
            n += 1
            new = f"{sid}{n}"
        rename[sid] = new
    then = _renamed(copy.deepcopy(then), rename)
    out: dict[str, Any] = {}
    targets = first.get("targets", []) + then.get("targets", [])
    if targets:
        out["targets"] = targets
    out["do"] = first.get("do", []) + then.get("do", [])
    return out


def _step_ids(steps: list[Any]) -> set[str]:
    return {str(body["id"]) for step in steps if isinstance(step, dict)
            for body in step.values() if isinstance(body, dict) and "id" in body}


def _renamed(value: Any, rename: dict[str, str]) -> Any:
    if isinstance(value, str):
        return rename.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, rename) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, rename) for k, v in value.items()}
    return value


def shape(text: str, name: str = "") -> str:
    """A sentence's shape for counting: names, numbers, mana and subtypes made generic."""
    from rulings.oracle.text import normalise
    from rulings.oracle.tokens import subtypes

    kinds = subtypes()
    out = []
    for piece in split(normalise(text, name) if name else text.lower()):
        if piece.startswith("{") and piece not in ("{t}", "{q}"):
            out.append("{M}")
        elif piece.isdigit() or piece == "x":
            out.append("N")
        elif re.fullmatch(r"[+-][0-9x*]+/[+-][0-9x*]+", piece):
            out.append("+N/+N")
        elif re.fullmatch(r"[0-9x*]+/[0-9x*]+", piece):
            out.append("N/N")
        elif piece in kinds:
            out.append("TYPE")
        else:
            out.append(piece)
    return re.sub(r" ([.,:;])", r"\1", " ".join(out))
