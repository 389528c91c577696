"""Choices made as a spell or ability resolves (CR 608.2d): "… gains protection from the color
of your choice", "… becomes the color (creature type, basic land type) of your choice".

The situation says what was chosen with `chosen:` on the stack entry (`chosen: {color: red}`),
the same key a permanent has for what was chosen as it entered. With it, the `modify` step
(`protection_from_chosen`, `becomes_chosen`) gives its objects that quality for the step's
duration, recorded as the continuous effect every later rule reads (the layer system: a
granted protection is read by targeting, blocking and damage, `layers.granted-keyword-now`).
Without it, the step is said with the choice left open, and no effect is carried on: what it
changes depends on a choice the situation doesn't state, so nothing is guessed.

knowledge/resolving.py calls `parts` while it words a `modify` step and `mark` after."""

from __future__ import annotations

from typing import Any

from rulings.facts.effects import arg
from rulings.facts.game import Choice
from rulings.facts.resolution import article

#: the modify argument -> the kind of choice (the `chosen:` key, with spaces)
KINDS = {"color": "color", "creature_type": "creature type",
         "basic_land_type": "basic land type"}


def tap_or_untap_chosen(facts: Any, top: str, st: Any) -> tuple[str, Any]:
    """selfstate: for a `tap_or_untap` step of the resolving object `top`, what its controller
    chose as it resolves (608.2d): "tap" or "untap" and the Choice fact, or ("", None) when
    the situation doesn't say. `chosen: {tap_or_untap: [tap, untap]}` gives one word for each
    such step of the ability, in order; a step past the list is open."""
    from rulings.facts.effects import Step

    fact = next((f for f in facts if isinstance(f, Choice) and f["object"] == top
                 and f["kind"] == "tap or untap"), None)
    if fact is None:
        return "", None
    ours = sorted(f["index"] for f in facts if isinstance(f, Step)
                  and f["ability"] == st["ability"] and f["verb"] == "tap_or_untap"
                  and f["part"] == st["part"])
    words = str(fact["value"]).split(",")
    rank = ours.index(st["index"]) if st["index"] in ours else len(words)
    return (words[rank], fact) if rank < len(words) else ("", None)


def made(w: Any, kind: str) -> Any:
    """The Choice fact the situation gives for the resolving object, of `kind`, or None."""
    top = w.top["id"]
    return next((f for f in w.facts if isinstance(f, Choice) and f["object"] == top
                 and f["kind"] == kind), None)


def parts(w: Any, st: Any, objs: list[str], res: Any) -> list[str]:
    """What the step's choice gives its objects, in words; the continuous effect goes into
    `res.effects` only when the situation says what was chosen. Records on `w.choice_of`
    (step index -> (Choice fact or None, the open choice in words)) for `mark`."""
    prot, becomes = arg(st, "protection_from_chosen"), arg(st, "becomes_chosen")
    if not prot and not becomes:
        return []
    kind = KINDS.get(prot or becomes, "")
    if not kind:
        return []
    single = len(objs) == 1
    duration = st["duration"] or "until_end_of_turn"
    fact = made(w, kind)
    who = w.controller
    store = w.__dict__.setdefault("choice_of", {})
    if fact is None:
        word = "gain" if prot else "become"
        said = f"{word}{'s' if single else ''} " + (
            f"protection from the color {who} chooses" if prot else
            f"the {kind} {who} chooses")
        store[st["index"]] = (None, f"a {kind} the situation doesn't give (CR 608.2d)")
        return [said]
    value = str(fact["value"])
    store[st["index"]] = (fact, "")
    if prot:
        effect, values = "add_keywords", [f"protection from {value}"]
        said = f"gain{'s' if single else ''} protection from {value} (the color {who} " \
               "chose as it resolved, CR 702.16)"
    elif kind == "color":
        effect, values = "set_colors", [value]
        said = f"become{'s' if single else ''} {value} (the color {who} chose as it " \
               "resolved; its other colors are gone, CR 105.3)"
    elif kind == "creature type":
        effect, values = "set_creature_types", [value.lower()]
        said = f"become{'s' if single else ''} {article(value.capitalize())} (the creature " \
               f"type {who} chose as it resolved; it has no other creature type, CR 205.1a)"
    else:
        effect, values = "set_land_types", [value.lower()]
        said = f"become{'s' if single else ''} {article(value.capitalize())} (the basic land " \
               f"type {who} chose as it resolved; it loses its other land types, CR 305.7)"
    if objs:
        res.effects.append({"source": w.top_name(), "objects": list(objs), "effect": effect,
                            "values": values, "duration": duration})
    return [said]


def mark(w: Any, st: Any, ins: Any) -> None:
    """The Choice fact the step rests on goes into its facts; an open choice is kept in words
    for the ruling (resolving.open_choice)."""
    found = getattr(w, "choice_of", {}).get(st["index"])
    if found is None:
        return
    fact, open_words = found
    if fact is not None:
        ins.facts = [*ins.facts, fact]
    ins.choice_open = open_words


def source_words(wants: list[str]) -> str:
    """'a red source', 'a black or red source', 'an artifact source', 'a source'."""
    kinds = [w for w in wants if w != "any"]
    return article(" or ".join(kinds) + " source") if kinds else "a source"


def prevention(w: Any, st: Any, n: int | None, res: Any) -> str:
    """prevent: a prevention step on the damage of "a (red) source of your choice" (CR
    609.7a): the source is chosen as it resolves, from the stack entry's `chosen: {source}`.
    With it, the effect goes into `res.prevention` (what a sequence carries on); without it,
    the step is said with the choice open (w.choice_of, for `mark`) and nothing is made."""
    wants = [x for x in arg(st, "source_of_choice").split(",") if x]
    quality = [x for x in wants if x != "any"]
    named = st["to"] or arg(st, "to")
    to = w.refer(named) if named else []
    next_time = arg(st, "next_time") == "true"
    who = w.controller
    fact = made(w, "source")
    store = w.__dict__.setdefault("choice_of", {})
    if fact is None:
        store[st["index"]] = (None, "the source being one the situation doesn't give "
                                    "(CR 609.7a)")
        source = f"{source_words(wants)} {who} chooses"
    else:
        store[st["index"]] = (fact, "")
        oid = str(fact["value"])
        kind = source_words(wants).removeprefix("a ").removeprefix("an ")
        source = f"{w.name(oid)} (the {kind} {who} chose as it resolved, CR 609.7a)"
        body = {"by": oid, "source": w.top_name()}
        if quality:
            body["by_quality"] = quality
        if named:
            for r in to:
                res.prevention.append(("prevent_damage", {
                    "to": r, **body, **({"next_time": True} if next_time else
                                        {"amount": n or 0})}))
        else:
            res.prevention.append(("prevent_all_damage", body))
    if named and not to:  # what it would protect is gone: no shield is made
        return f"no shield is made: what it would protect is gone ({source} would have " \
               "been the source)"
    names = ", ".join(w.name(o) for o in to)
    if next_time:
        return f"the next time {source} would deal damage to {names or 'anything'} this " \
               "turn, that damage is prevented"
    how = f"the next {n}" if n else "all"
    return f"{how} damage {source} would deal to {names or 'anything'} this turn is prevented"
