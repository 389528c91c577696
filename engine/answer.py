"""From a Derivation to an Answer: the rulings, each with its text, citations and the
justification tree down to the facts of the situation. Plain data, stable order, one JSON
schema (docs/answer-schema.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from rulings.engine.inference import Derivation, FactKey, canonical
from rulings.engine.rules import REGISTRY

SCHEMA = "mtg-rulings/answer/1"

Namer = Callable[[Any], str]


#: template fields that name a player; empty, they mean nobody (e.g. nobody has priority)
PLAYER_FIELDS = frozenset({
    "active", "caster", "controller", "decider", "holder", "owner", "payer", "player",
    "priority", "searcher", "chooser", "activator",
})

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _show(value: Any, name: Namer) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple, frozenset)):
        return ", ".join(_show(v, name) for v in value) or "nothing"
    return name(value)


#: a name ending in s takes a bare apostrophe: "Grizzly Bears' ability", never "Bears's"
_POSSESSIVE_S = re.compile(r"\b([A-Z][\w-]*s)'s\b")


def possessive_fix(text: str) -> str:
    if "s's" not in text:  # what every match holds; most texts have none
        return text
    return _POSSESSIVE_S.sub(r"\1'", text)


def render(template: str, values: dict[str, Any], name: Namer) -> str:
    """Fill `{binding}` fields; `{{` and `}}` are literal braces; anything else in braces
    (mana symbols like {G}, text from the situation) is left as it is. Never str.format:
    text that reaches a template may come from the user's file."""
    if not template:
        return ""

    def fill(match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "{{":
            return "{"
        if token == "}}":
            return "}"
        key = match.group(1)
        if key not in values:
            return token
        if values[key] == "":
            # an empty value must never leave a hole in a sentence ("the question says  has
            # it"): a player slot left empty means nobody, anything else is not given
            return "nobody" if key in PLAYER_FIELDS else "(not given)"
        return _show(values[key], name)

    return possessive_fix(_FIELD.sub(fill, template))


def build_answer(
    derivation: Derivation,
    ruling_type: type,
    name: Namer,
    question: str = "",
    situation_file: str = "",
    card_rulings: Callable[[str, list[Any]], list[str]] | None = None,
    not_modelled: list[dict[str, Any]] | None = None,
    bears: Callable[[dict[str, Any], set[str]], bool] | None = None,
    about: set[str] | None = None,
) -> dict[str, Any]:
    """`card_rulings(rule_id, bound values)` names official card rulings that a rule
    expresses when it fires on a given card; they are cited with the ruling.

    `not_modelled`: the parts of the situation no rule reads (each with its `object` id);
    `bears(part, about)` says whether one could change the answer, given the ids the
    question is about (`about`) and those the rulings rest on. Such a part makes the answer
    `complete: false`, and each ruling resting on its object names it."""
    rulings: list[dict[str, Any]] = []
    keys = {id(f): k for k, f in derivation.derived.items()}
    texts: dict[Any, Any] = {}  # what _justify said of each fact and support
    for fact in derivation.of_type(ruling_type):
        key = keys.get(id(fact))
        if key is None:
            continue  # a ruling written into the situation is not an answer
        support = derivation.best_support(key)
        if support is None:
            continue  # a ruling written into the situation is not an answer
        info = REGISTRY[support.rule]
        values = dict(support.bindings)
        # the ruling's own fields fill only names the rule did not bind: a rule's `{step}`
        # is the game step it matched, never the ruling's place in the walk-through
        for k in fact.slots:
            values.setdefault(k, fact.get(k))
        # subject and action may themselves be templates over the bindings
        values["subject"] = render(str(fact["subject"]), values, name)
        values["action"] = render(str(fact["action"]), values, name)
        text = _sentence(render(info.says, values, name) or fact.describe(name))
        justification = _justify(derivation, key, name, set(), set(), texts)
        justification["fact"] = text
        cites = list(info.cites)
        if card_rulings:
            for rule_id, bound in _fired_on(derivation, key):
                for cite in card_rulings(rule_id, bound):
                    if cite not in cites:
                        cites.append(cite)
        rests = _rests_on(derivation, key)
        rulings.append(
            {
                "_rests": rests,
                "id": f"{support.rule}/{fact['about']}",
                "rule": support.rule,
                "statement": _statement(fact, values),
                "text": text,
                "because": _sentence(render(info.because, values, name)),
                "cites": cites,
                "justification": justification,
                "_order": (fact["step"], support.rule, fact["about"]),
            }
        )
    rulings.sort(key=lambda r: r.pop("_order"))
    parts = _not_modelled(rulings, not_modelled or [], bears, about or set(), name)
    answer: dict[str, Any] = {
        "schema": SCHEMA,
        "situation": situation_file,
        "question": question,
        "complete": derivation.complete and not any(p["bears"] for p in parts),
        "rulings": rulings,
    }
    if parts:
        answer["not_modelled"] = parts
    if not derivation.complete:
        answer["rulings"].append(_could_not_decide(derivation))
    return answer


def hit_bound(answer: dict[str, Any]) -> bool:
    """Did the run stop at a bound (firings or time)? Not the same as `complete: false`,
    which a part no rule reads also gives."""
    rulings = answer.get("rulings") or []
    return bool(rulings) and rulings[-1].get("rule") == "engine.could-not-decide"


def _not_modelled(rulings: list[dict[str, Any]], parts: list[dict[str, Any]],
                  bears: Callable[[dict[str, Any], set[str]], bool] | None,
                  about: set[str], name: Namer) -> list[dict[str, Any]]:
    """The parts no rule reads, as the answer shows them; the rulings resting on the
    object of such a part name it (`not_modelled` of the ruling)."""
    rested = set(about)
    for r in rulings:
        rested |= r["_rests"]
    shown: list[dict[str, Any]] = []
    for part in parts:
        obj = str(part.get("object", ""))
        entry = {
            "object": name(obj) if obj else "the situation",
            "part": str(part.get("part", "")),
            "word": str(part.get("word", "")),
            "reason": str(part.get("reason", "")),
            "bears": bool(bears(part, rested) if bears else obj in rested),
        }
        if part.get("text"):
            entry["text"] = str(part["text"])
        shown.append(entry)
        if not entry["bears"]:
            continue
        # a part that bears whatever the rulings rest on (a word of the situation, an
        # always-on ability of a permanent, a part of what the question asks about) is named
        # by every ruling: none is stated flatly while it could change it
        everywhere = not obj or bool(bears(part, set(about)) if bears else obj in about)
        for r in rulings:
            if everywhere or obj in r["_rests"]:
                said = {k: entry[k] for k in ("object", "part", "word")}
                if entry["word"] == "undecided" and entry.get("text"):
                    said["text"] = entry["text"]  # what was left open, not "a condition"
                r.setdefault("not_modelled", []).append(said)
    for r in rulings:
        del r["_rests"]
    return shown


def _rests_on(d: Derivation, key: FactKey) -> set[str]:
    """Every value of the facts a ruling rests on, down to the situation's own facts: the
    ids of the objects (and abilities) it depends on are among them."""
    found: set[str] = set()
    seen: set[FactKey] = set()
    todo = [key]
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        found |= _named(d.fact(k))
        support = d.best_support(k)
        if support is not None:
            todo += list(support.premises)
    return found


def _named(fact: Any) -> frozenset[str]:
    """The texts among a fact's slot values, and what each names before its first dot
    (kept on the fact: a declared fact doesn't change, and every ruling resting on it
    asks again)."""
    try:
        return fact._named  # type: ignore[no-any-return]
    except AttributeError:
        pass
    found: set[str] = set()
    for slot, value in fact.items():
        if str(slot).startswith("__"):
            continue
        values = value if isinstance(value, (list, tuple, frozenset)) else [value]
        for v in values:
            if isinstance(v, str) and v:
                found.add(v)
                found.add(v.split(".")[0])
    named = frozenset(found)
    object.__setattr__(fact, "_named", named)
    return named


def _statement(fact: Any, values: dict[str, Any]) -> dict[str, Any]:
    """The ruling as data; the steps it says happen or are skipped only when it names any."""
    statement: dict[str, Any] = {
        "subject": values["subject"],
        "verdict": fact["verdict"],
        "action": values["action"],
    }
    for key in ("happen", "skipped"):
        steps = list(fact.get(key) or [])
        if steps:
            statement[key] = sorted(steps)
    return statement


def _justify(d: Derivation, key: FactKey, name: Namer, seen: set[FactKey],
             expanded: set[Any], texts: dict[Any, Any] | None = None) -> dict[str, Any]:
    """`expanded`: supports already shown in this tree; a fact concluded by the same rule
    firing as one shown before (the layer steps of one object, say) isn't expanded again.
    `texts`: what was said of each fact and support already, in this answer (the rulings'
    trees share most of their facts; the words depend on the fact or support alone)."""
    if texts is None:
        texts = {}
    said = texts.get(key)
    if said is None:
        said = texts[key] = _describe(d.fact(key), name)
    node: dict[str, Any] = {"fact": said}
    support = d.best_support(key)
    if support is None or key in seen:
        node["given"] = support is None
        return node
    info = REGISTRY[support.rule]
    if support in expanded:
        node["rule"] = support.rule
        node["same_support"] = True
        return node
    expanded.add(support)
    node["rule"] = support.rule
    because = texts.get(support)
    if because is None:
        values = dict(support.bindings)
        because = texts[support] = (
            _sentence(render(info.because, values, name)),
            [_sentence(render(t, values, name)) for t in info.absent])
    node["because"] = because[0]
    node["cites"] = list(info.cites)
    if info.absent:
        node["absent"] = list(because[1])
    seen = seen | {key}
    node["from"] = [_justify(d, p, name, seen, expanded, texts) for p in support.premises]
    return node


def _fired_on(d: Derivation, key: FactKey) -> list[tuple[str, list[Any]]]:
    """(rule, values it fired on) for the rules whose card rulings this ruling expresses: the
    rule that concluded it, and a rule that concluded no ruling but a fact this ruling rests
    on directly (the step that made it true). Rules deeper in the justification express other
    rulings and are cited there, never here."""
    out: list[tuple[str, list[Any]]] = []
    support = d.best_support(key)
    if support is None:
        return out
    out.append((support.rule, _values(d, support)))
    for premise in support.premises:
        below = d.best_support(premise)
        if below is not None and not REGISTRY[below.rule].says:
            out.append((below.rule, _values(d, below)))
    return sorted(out, key=lambda t: t[0])


def _values(d: Derivation, support: Any) -> list[Any]:
    """The rule's bindings and the slots of the facts it matched: an official card ruling
    applies when the rule fired on that card, whether bound or only matched."""
    values = [v for _, v in support.bindings]
    for premise in support.premises:
        values += [v for k, v in d.fact(premise).items() if not str(k).startswith("__")]
    return values


def _describe(fact: Any, name: Namer) -> str:
    describe = getattr(fact, "describe", None)
    return _sentence(describe(name)) if describe else repr(fact)


def _sentence(text: str) -> str:
    text = possessive_fix(text.strip())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _could_not_decide(d: Derivation) -> dict[str, Any]:
    text = (
        f"Could not decide: the run stopped at {d.stopped_by} after {d.firings} rule firings, "
        "so the rulings above may be incomplete."
    )
    return {
        "id": "engine.could-not-decide",
        "rule": "engine.could-not-decide",
        "statement": {"subject": "the engine", "verdict": "doesn't happen",
                      "action": "reach a complete answer"},
        "text": text,
        "because": "Every run is bounded in rule firings and time.",
        "cites": [],
        "justification": {"fact": text, "given": False},
    }


# -- text output ----------------------------------------------------------------------------

def to_text(answer: dict[str, Any]) -> str:
    lines: list[str] = []
    if answer.get("question"):
        lines.append(f"Question: {answer['question']}")
        lines.append("")
    steps = {s["event"]: s for s in answer.get("steps", [])}  # a sequence of events
    if not answer["rulings"] and not steps:
        lines.append("No ruling applies to this situation.")
    if steps:
        n = 0
        for k in sorted(steps):
            _event_heading(steps, k, lines)
            mine = [r for r in answer["rulings"] if r.get("event") == k]
            if not mine:
                lines.append("No ruling applies to this event.")
                lines.append("")
            for ruling in mine:
                n += 1
                _ruling_lines(n, ruling, answer, lines)
            _after_event(steps, k, lines)
    else:
        for n, ruling in enumerate(answer["rulings"], 1):
            _ruling_lines(n, ruling, answer, lines)
    if answer.get("sources_note"):
        lines.append(answer["sources_note"])
    for note in answer.get("notes", []):  # e.g. abilities of a card that are not modelled
        lines.append(f"Note: {note}")
    for part in answer.get("not_modelled", []):
        lines.append("Not modelled: " + part_words(part))
    if any(p["bears"] for p in answer.get("not_modelled", [])) and not hit_bound(answer):
        lines.append("The answer is not complete: a part above that no rule reads could "
                     "change it.")
    # a card's text may hold line breaks (a modal ability's bullets): each entry stays one
    # line, so the indentation still shows what rests on what
    return "\n".join(line.replace("\n", " ") for line in lines).rstrip() + "\n"


def _ruling_lines(n: int, ruling: dict[str, Any], answer: dict[str, Any],
                  lines: list[str]) -> None:
    lines.append(f"{n}. {ruling['text']}")
    lines.append(f"   Why: {ruling['because']}")
    if ruling["cites"]:
        lines.append(f"   Cites: {', '.join(ruling['cites'])}")
        for cite in ruling["cites"]:
            source = answer.get("sources", {}).get(cite)
            if source:
                date = f" ({source['date']})" if source.get("date") else ""
                lines.append(f"     {cite}{date}: {source['text']}")
    if ruling.get("not_modelled"):
        lines.append("   Not modelled here: "
                     + "; ".join(part_words(p) for p in ruling["not_modelled"]))
    lines.append("   Resting on:")
    _tree_lines(ruling["justification"], lines, "     ")
    lines.append("")


def _after_event(steps: dict[int, Any], k: int, lines: list[str]) -> None:
    step = steps.get(k)
    if step is None:
        return
    if step["changes"]:
        lines.append(f"After event {k}, the game goes on with:")
        lines += [f"  - {c}" for c in step["changes"]]
        lines.append("")
    if step.get("stopped"):
        lines.append(f"The sequence stops: {step['stopped']}")
        lines.append("")


def _event_heading(steps: dict[int, Any], k: int, lines: list[str]) -> None:
    word = str(steps[k]["word"]).replace("_", " ") if k in steps else ""
    lines.append(f"== Event {k}: {word} ==")
    lines.append("")


#: the effect language writes "can't" as `cant` in its words; answers say it as written
_CONTRACTIONS = re.compile(r"\b(can|doesn|don|isn|aren|won)t\b")


def _in_words(word: str) -> str:
    """`opponents_cant_win` -> "opponents can't win"."""
    return _CONTRACTIONS.sub(r"\1't", word.replace("_", " "))


def part_words(part: dict[str, Any]) -> str:
    """A part no rule reads, in words: "Foo, ability 2: emerge (no rule reads it yet)"."""
    word = _in_words(str(part.get("word", "")))
    if word == "unparsed":
        word = f"'{part['text']}'" if part.get("text") else "an ability the compiler could "\
            "not read"
    elif word == "undecided":  # a rule found the situation leaves this open
        word = f"{part.get('text') or 'a condition'}, not decided here"
    text = f"{part['object']}, {part['part']}: {word}"
    if part.get("reason"):
        text += f" ({part['reason']})"
    return text


def _tree_lines(node: dict[str, Any], lines: list[str], indent: str) -> None:
    for child in node.get("from", []):
        if child.get("given") and child.get("from_event"):
            lines.append(f"{indent}- {child['fact']} (the result of event "
                         f"{child['from_event']})")
        elif child.get("given"):
            lines.append(f"{indent}- {child['fact']} (given)")
        elif child.get("same_support"):
            lines.append(f"{indent}- {child['fact']} [{child.get('rule', '')}, "
                         "from the same facts as above]")
        else:
            cites = "; ".join(child.get("cites", []))
            rule = child.get("rule", "")
            lines.append(f"{indent}- {child['fact']} [{rule}{': ' + cites if cites else ''}]")
            _tree_lines(child, lines, indent + "  ")
    for absent in node.get("absent", []):
        lines.append(f"{indent}- {absent} (nothing says otherwise)")


def to_json(answer: dict[str, Any]) -> str:
    return json.dumps(answer, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


__all__ = ["build_answer", "to_text", "to_json", "render", "canonical", "hit_bound",
           "part_words"]
