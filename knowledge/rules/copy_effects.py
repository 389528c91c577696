"""CR 707: copies of permanents. A copy takes only the copiable values of what it copies
(707.2): printed values as changed by other copy effects — not counters, not other effects
(the layer system applies this in layer 1, 613.2)."""

from __future__ import annotations

from typing import Any

from rulings.engine.experta_compat import MATCH, NOT, TEST
from rulings.engine.rules import rule
from rulings.facts.effects import Replacement, Selector, Selects
from rulings.facts.game import GameObject
from rulings.facts.mana import Enters
from rulings.facts.rulings import Ruling
from rulings.facts.state import AskCharacteristics, CopyOf, CounterOn

TOPIC = "CR 707 Copying objects"


class Rules:
    @rule(
        AskCharacteristics(object=MATCH.object),
        CopyOf(object=MATCH.object, original=MATCH.original),
        CounterOn(object=MATCH.original, counter=MATCH.counter, amount=MATCH.amount),
        id="copy.counters-not-copied",
        cites=("CR 707.2", "CR 122.2", "CR 613.2"),
        because="{object} copies {original}'s copiable values only; the {counter} counters "
                "on {original} ({amount}) are not part of them",
        says="{object} doesn't get {original}'s {counter} counters",
    )
    def counters_not_copied(self, object, counter):
        return Ruling(about=f"{object}:copy:{counter}", subject="{object}",
                      verdict="doesn't happen",
                      action=f"have the {counter} counters of {{original}}", step=2)

    # -- tokencopy: "you may have ~ enter the battlefield as a copy of …" (CR 707.5) -------

    @rule(
        Enters(object=MATCH.object, copy_of=MATCH.original),
        TEST(lambda original: original != ""),
        Replacement(source=MATCH.object, event="enters", args=MATCH.args),
        TEST(lambda args: _as_copy_of(args) != ""),
        Selector(id=MATCH.sel, text=MATCH.text),
        TEST(lambda sel, args: _as_copy_of(args) == sel),
        Selects(selector=MATCH.sel, object=MATCH.original),
        GameObject(id=MATCH.original, name=MATCH.name),
        id="copy.enters-as-copy",
        cites=("CR 707.5", "CR 707.2", "CR 614.1c"),
        because="{object} may enter the battlefield as a copy of {text}, {name} is one, and "
                "its controller has it enter as a copy of {name}: it is a copy as it enters, "
                "never first itself",
        says="{object} enters the battlefield as a copy of {name}: {action}",
    )
    def enters_as_copy(self, object, original, args):
        from rulings.knowledge.layer_system import World

        values = copiable_values(World(self.situation_facts()), original)
        if values is None:
            return None
        changes = _apply_exceptions(values, args, "copy_except.")
        text = f"{_described(values)} " + \
            (f"named {values.name}" if values.name else "with no name (CR 708.2a)") + \
            " — the copiable values of {name}, not its counters or other effects on it"
        if changes:
            text += "; as exceptions of the copy, " + "; ".join(changes)
        return Ruling(about=f"{object}:enters-as-copy", subject="{object}", verdict="happens",
                      action=text, step=1)

    @rule(
        Enters(object=MATCH.object, copy_of=MATCH.original),
        TEST(lambda original: original != ""),
        Replacement(source=MATCH.object, event="enters", args=MATCH.args),
        Selector(id=MATCH.sel, text=MATCH.text),
        TEST(lambda sel, args: _as_copy_of(args) == sel),
        NOT(Selects(selector=MATCH.sel, object=MATCH.original)),
        GameObject(id=MATCH.original, name=MATCH.name),
        id="copy.enters-as-copy-not-allowed",
        cites=("CR 707.5", "CR 614.1c"),
        because="{object} may enter as a copy of {text} only, and {name} isn't one",
        says="{object} can't enter the battlefield as a copy of {name}",
    )
    def enters_as_copy_not_allowed(self, object):
        return Ruling(about=f"{object}:enters-as-copy", subject="{object}",
                      verdict="doesn't happen", action="enter as a copy of {name}", step=1)

    @rule(
        Enters(object=MATCH.object, copy_of=""),
        Replacement(source=MATCH.object, event="enters", args=MATCH.args),
        Selector(id=MATCH.sel, text=MATCH.text),
        TEST(lambda sel, args: _as_copy_of(args) == sel),
        id="copy.enters-as-itself",
        cites=("CR 707.5", "CR 614.1c"),
        because="{object} may enter the battlefield as a copy of {text}, a choice its "
                "controller makes as it enters; the event names no permanent it copies",
        says="{object} enters the battlefield as itself, not as a copy",
    )
    def enters_as_itself(self, object):
        return Ruling(about=f"{object}:enters-as-copy", subject="{object}", verdict="happens",
                      action="enter as itself, not as a copy", step=1)


# == tokencopy: a token that's a copy (CR 111.1, 707.2, 707.9), read by the resolution walk
#: a copy's exceptions (the step's `except` map) in words, by key
_EXCEPTION_WORDS = {
    "add_keywords": "it has {v} too (CR 707.9a)",
    "add_types": "it is {v} in addition to its other types (CR 707.9b)",
    "add_subtypes": "it is {v} in addition to its other types (CR 707.9b)",
    "set_colors": "it is {v} instead of its own colors (CR 707.9b)",
    "set_subtypes": "its subtypes are {v} instead, its card types and supertypes kept "
                    "(CR 707.9b)",
    "not_legendary": "it isn't legendary (CR 707.9b)",
}


def copiable_values(world: Any, oid: str, seen: tuple[str, ...] = ()) -> Any:
    """The copiable values of `oid` (CR 707.2, 707.3): its printed values (a face-down
    object's are those of its face-down status, 708.2a), or, if a copy effect applies to it,
    the copiable values of what it copies with that effect's exceptions (707.9b): a copy of
    a copy copies the original. Never its counters or other effects. None: not an object."""
    import copy as copying

    from rulings.knowledge.layer_system import printed

    if oid not in world.objects or oid in seen:
        return None
    base = printed(world, oid)
    original, extra = "", []
    fact = world.copies.get(oid)
    if fact is not None:
        original, extra = fact["original"], list(fact.get("except_types", []) or [])
    for r in sorted(world.resolved, key=lambda r: r["timestamp"]):
        if r["effect"] == "copy_of" and oid in r["objects"] and r["original"]:
            original, extra = r["original"], []  # the latest copy effect decides (613.7)
    if not original:
        return base
    got = copiable_values(world, original, (*seen, oid))
    if got is None:
        return base
    values = copying.deepcopy(got)
    values.id, values.owner, values.controller = base.id, base.owner, base.controller
    values.types += [t for t in extra if t not in values.types]
    if fact is not None and original == fact["original"]:
        entered_copy_exceptions(world, oid, values)
    return values


def entered_copy_exceptions(world: Any, oid: str, perm: Any) -> list[str]:
    """The exceptions of the enters-as-a-copy replacement of `oid` (Phyrexian Metamorph's
    "except it's an artifact …", CR 707.9b), applied to `perm`, when `oid` is a copy given
    by the situation's `copy_of` (it entered as that copy)."""
    from rulings.facts.effects import Replacement

    for f in world.all:
        if isinstance(f, Replacement) and f["source"] == oid and f["event"] == "enters" \
                and _as_copy_of(f["args"]):
            return _apply_exceptions(perm, f["args"], "copy_except.")
    return []


def _as_copy_of(args: Any) -> str:
    """The selector id of an enters replacement's `as_copy_of` ('' when it has none)."""
    for item in args or ():
        if str(item).startswith("as_copy_of="):
            return str(item)[len("as_copy_of="):]
    return ""


def _an(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


#: the order card types are written in on a type line ("artifact creature")
_TYPE_ORDER = ("kindred", "enchantment", "artifact", "land", "creature", "planeswalker",
               "battle", "instant", "sorcery")


def _described(p: Any) -> str:
    """'a 2/2 green Bear creature with flying' (a colorless one says so)."""
    pt = "/".join("*" if k in p.pt_unknown else str(v) for k, v in
                  (("power", p.power), ("toughness", p.toughness))) \
        if p.power is not None else ""
    colors = " and ".join(p.colors) if p.colors else "colorless"
    types = sorted(p.types, key=lambda t: _TYPE_ORDER.index(t) if t in _TYPE_ORDER else 99)
    kinds = [*p.supertypes, *(s.title() for s in p.subtypes), *types]
    text = _an(" ".join(x for x in (pt, colors, *kinds) if x))
    if p.keywords:
        text += " with " + " and ".join(p.keywords)
    return text


def _apply_exceptions(values: Any, args: Any, prefix: str) -> list[str]:
    """Apply a copy effect's exceptions (CR 707.9) to `values` (the copiable values), from
    the `prefix`-ed key=value words of `args`; their words, in order."""
    def get(key: str) -> str:
        for item in args or ():
            if str(item).startswith(f"{prefix}{key}="):
                return str(item)[len(prefix) + len(key) + 1:]
        return ""

    changes = []
    if get("toughness") and not get("power"):  # "except it's N/N" always gives both
        values.toughness = int(get("toughness"))
        values.pt_unknown = set(values.pt_unknown) - {"toughness"}
        changes.append(f"its toughness is {values.toughness} (CR 707.9b)")
    for key in ("power", "add_types", "add_subtypes", "set_colors", "set_subtypes",
                "add_keywords", "not_legendary"):
        raw = get(key)
        if not raw:
            continue
        listed = [v for v in raw.split(",") if v]
        if key == "power":
            values.power = int(raw)
            values.toughness = int(get("toughness") or raw)
            values.pt_unknown = set()
            changes.append(f"it is {values.power}/{values.toughness} (CR 707.9b)")
            continue
        if key == "add_types":
            values.types += [t for t in listed if t not in values.types]
        elif key == "add_subtypes":
            values.subtypes += [t for t in listed if t not in values.subtypes]
        elif key == "set_colors":
            values.colors = listed
        elif key == "set_subtypes":
            values.subtypes = listed
        elif key == "add_keywords":
            values.keywords += [k for k in listed if k not in values.keywords]
        elif key == "not_legendary":
            if "legendary" not in values.supertypes:
                continue  # nothing to take away (707.9f)
            values.supertypes = [s for s in values.supertypes if s != "legendary"]
        shown = " and ".join(s.title() if key.endswith("subtypes") else s for s in listed)
        changes.append(_EXCEPTION_WORDS[key].format(v=_an(shown) if key in (
            "add_types", "add_subtypes") else shown))
    return changes


def copy_token_text(w: Any, st: Any, who: list[str], objs: list[str], n: int | None,
                    res: Any) -> str:
    """The step `create_copy`: each player in `who` creates `n` tokens, each a copy of the
    object the step names: its copiable values (707.2), then the step's exceptions (707.9),
    put on the board for the instructions after it (608.2c)."""
    from rulings.knowledge.layer_system import Perm

    actor = " and ".join(who) or w.controller
    original = objs[0]
    label = w.name(original) or "the face-down permanent"
    values = copiable_values(w.world, original)
    if values is None:
        return f"no token is created: {label} is not an object the game knows (CR 111.12)"
    if {"instant", "sorcery"} & set(values.types):
        return (f"no token is created: {label} is an instant or sorcery card, and a token "
                "can't be a copy of one (CR 111.5)")
    changes = _apply_exceptions(values, st["args"], "except.")
    name = values.name
    count = n or 0
    for p in who:
        for _ in range(count):
            oid = f"{w.top['id']}-token-{len(w.made) + 1}"
            perm = Perm(oid, name, p, p, values.mana_cost, list(values.types),
                        list(values.subtypes), list(values.supertypes), list(values.colors),
                        list(values.keywords), list(values.abilities), values.power,
                        values.toughness, values.loyalty, True, False, "")
            w.board.perms[oid] = perm
            w.names[oid] = f"the token copy of {name}" if name else \
                "the nameless token copy"
            data = {"id": oid, "name": name, "controller": p, "tapped": False,
                    "types": perm.types, "subtypes": perm.subtypes, "colors": perm.colors,
                    "power": perm.power, "toughness": perm.toughness, "copy_of": original}
            w.made.append(data)
            res.tokens.append(data)
    if st["id"]:  # "it gains haste", "that token": the tokens made (608.2c)
        from rulings.knowledge.resolving import Named

        made = [d["id"] for d in w.made[len(w.made) - count * len(who):]] if count else []
        w.named[str(st["id"])] = Named(made, "the token", True, len(made) > 1, str(st["id"]))
    many = "a token that's a copy" if count == 1 else \
        f"{count if n is not None else 'X'} tokens that are copies"
    called = f"named {name}" if name else "with no name, as the face-down permanent it " \
        "copies has none (CR 707.2, 708.2a)"
    text = (f"{actor} {'create' if len(who) > 1 else 'creates'} {many} of {label}: "
            f"{_described(values)} {called} — the copiable values of {label}, not its "
            "counters or other effects on it (CR 707.2)")
    if changes:
        text += "; as exceptions of the copy, " + "; ".join(changes)
    return text
