"""CR 608.2c A step of a resolving spell or ability that happens only if a condition holds
when the step is reached (the afterif area: "If you control a Wizard, draw a card.", "Tap
target permanent. If it's an artifact, destroy it.", "… instead", "Otherwise, …").

The resolution walk (knowledge/resolving.py) asks `decide` as it reaches the step, on the game
as the steps before it left it (608.2c): what "you" (the controller of the spell or ability)
controls now, what its target is now, or, for "was", as the target last existed on the
battlefield before this resolution changed it (608.2h). The answer is True, False, or None
when the situation doesn't decide it, with the words of what was found either way."""

from __future__ import annotations

from typing import Any

from rulings.facts.effects import arg
from rulings.facts.resolution import article
from rulings.knowledge import coin

#: the kinds decided here (and the ways of joining them)
KINDS = ("you_control", "you_control_count", "opponent_controls_more", "object_is", "turn",
         "cast_in_main_phase",  # castcond
         # coin: whether the controller won the flip or clash a step made (knowledge/coin.py)
         "won_flip", "lost_flip", "won_clash")
#: the main phases' steps (CR 505.1)
MAIN = ("precombat main", "postcombat main")
JOINS = ("not", "all_of", "any_of")


def _children(cond: Any, conditions: dict[str, Any]) -> list[Any]:
    return [conditions.get(str(a).partition("=")[2]) for a in cond["args"] or ()
            if str(a).startswith("of=")]


def asks(cond: Any, conditions: dict[str, Any]) -> bool:
    """Whether the condition is one decided here (alone, or joined with `not`, `all_of`,
    `any_of` from such conditions only)."""
    if cond is None:
        return False
    if cond["kind"] in JOINS:
        kids = _children(cond, conditions)
        return bool(kids) and all(asks(c, conditions) for c in kids)
    return cond["kind"] in KINDS


def _text(w: Any, sel_id: str) -> str:
    sel = w.world.selectors.get(sel_id)
    text = str(sel["text"]) if sel is not None and sel["text"] else "such permanent"
    words = text.split(" ")
    if words[0] in ("a", "an"):
        words = words[1:]
    elif words[0] == "another":
        words[0] = "other"
    return " ".join(x for x in words if x != "card") or text


def _yours(w: Any, sel_id: str, player: str) -> list[str]:
    return [o for o in w.refer(sel_id) if o in w.board.perms
            and w.board.perms[o].controller == player]


def _controls(w: Any, player: str, found: list[str], noun: str) -> str:
    if not found:
        return f"{player} controls no {noun}"
    return f"{player} controls {len(found)} {noun}{'' if len(found) == 1 else '(s)'}: " \
        f"{w.names_of(found)}"


def _object_is(cond: Any, w: Any) -> tuple[bool | None, str]:
    from rulings.knowledge.layer_system import compute, picks, printed

    what, kind = arg(cond, "what"), arg(cond, "is")
    sel = w.world.selectors.get(what)
    slot = sel["ref"] if sel is not None and sel["ref"] else what
    chosen = list(w.targets.get(slot, []))
    label = _text(w, kind)
    if len(chosen) != 1:
        return None, "the situation doesn't say which object its target is"
    oid = chosen[0]
    name = w.name(oid)
    before = arg(cond, "as_it_was") == "true"
    if before and "board_before" not in w.__dict__:
        w.__dict__["board_before"] = compute(w.facts)
    board = w.__dict__["board_before"] if before else w.board
    if oid in board.perms:
        # on the battlefield (608.2h: "was", as it last existed before this resolution)
        perm = board.perms[oid]
    elif oid in w.objects and oid in w.world.objects:
        # a card in a graveyard, a hand or exile, or one this resolution moved there from
        # one: its printed characteristics (a card there is no permanent, 109.2)
        perm = printed(w.world, oid)
    else:
        return None, f"{name} is not an object the situation describes"
    holds = picks(w.world, kind, perm, w.source, w.board.perms)
    was = "was" if arg(cond, "as_it_was") == "true" else "is"
    return holds, f"{name} {was}{'' if holds else ' not'} {_article(label)}"


def _cast_in_main(w: Any) -> tuple[bool | None, str]:
    """castcond: whether the resolving spell was cast during its controller's main phase. A
    step ends only once the stack is empty (CR 500.2), so a spell resolves in the step it was
    cast in; a copy was not cast at all (707.10)."""
    from rulings.facts.game import Turn

    if w.top["kind"] == "copy":
        return False, "it is a copy of a spell, which was not cast"
    if w.top["kind"] != "spell":
        return None, "it is not a spell"
    turns = [f for f in w.facts if isinstance(f, Turn)]
    step = turns[0]["step"] if turns else ""
    if not w.active or not step:
        return None, "the situation doesn't say whose turn and which step it is"
    said = f"it resolves in the {step} step of {w.active}'s turn, the step it was cast in " \
           "(a step ends only once the stack is empty)"
    return w.active == w.controller and step in MAIN, said


def _article(label: str) -> str:
    if label.split(" ")[0] in ("white", "blue", "black", "red", "green"):
        return label
    return article(label)


def decide(cond: Any, conditions: dict[str, Any], w: Any) -> tuple[bool | None, str]:
    """Whether the condition holds as the step is reached, and what was found, in words."""
    kind = cond["kind"]
    if kind in JOINS:
        found = [decide(c, conditions, w) for c in _children(cond, conditions)]
        said = "; ".join(s for _, s in found if s)
        values = [h for h, _ in found]
        if kind == "not":
            return (None if values[0] is None else not values[0]), said
        if kind == "all_of":
            return (False if False in values else True if all(values) else None), said
        return (True if True in values else
                False if all(v is False for v in values) else None), said
    player = w.controller
    if kind in coin.KINDS:
        return coin.decide(cond, w)
    if kind == "turn":
        mine = w.active == player
        if not w.active:
            return None, "the situation doesn't say whose turn it is"
        holds = mine if arg(cond, "value") == "yours" else not mine
        return holds, f"it is {w.active}'s turn"
    if kind == "object_is":
        return _object_is(cond, w)
    if kind == "cast_in_main_phase":
        return _cast_in_main(w)
    what = arg(cond, "what")
    sel = w.world.selectors.get(what)
    if sel is not None and sel["args"]:
        return None, "its description has parts the count can't check"
    noun = _text(w, what)
    mine = _yours(w, what, player)
    said = _controls(w, player, mine, noun)
    if kind == "you_control":
        return bool(mine), said
    if kind == "you_control_count":
        ge, le = arg(cond, "ge"), arg(cond, "le")
        holds = (not ge or len(mine) >= int(ge)) and (not le or len(mine) <= int(le))
        asked = f"{ge} or more" if ge and not le else "none" if le == "0" and not ge else \
            f"{le} or fewer" if le and not ge else f"from {ge} to {le}"
        return holds, f"{said} (it asks for {asked})"
    # opponent_controls_more
    opponents = [p["name"] for p in w.players if p["name"] != player]
    theirs = {p: [o for o in w.refer(what) if o in w.board.perms
                  and w.board.perms[o].controller == p] for p in opponents}
    holds = any(len(v) > len(mine) for v in theirs.values())
    said = "; ".join([said, *(_controls(w, p, v, noun) for p, v in theirs.items())])
    return holds, said


def words(cond: Any, conditions: dict[str, Any], w: Any) -> str:
    """The condition as the card says it, in the situation's names ("Alice controls a
    Wizard", "Grizzly Bears is white or blue")."""
    kind = cond["kind"]
    kids = _children(cond, conditions)
    if kind == "not" and kids:
        inner = words(kids[0], conditions, w)
        kid = kids[0]["kind"]
        if kid in coin.KINDS:
            return coin.words(kids[0], w, negated=True)
        if kid == "object_is":
            return inner.replace(" is ", " is not ", 1).replace(" was ", " was not ", 1)
        if kid == "you_control":
            return inner.replace(" controls a ", " controls no ", 1).replace(
                " controls an ", " controls no ", 1)
        if kid == "turn":
            return "it is not " + inner.removeprefix("it is ")
        if kid == "cast_in_main_phase":
            return f"{w.controller} didn't cast it during their main phase"
        return f"not ({inner})"
    if kind in ("all_of", "any_of"):
        join = " and " if kind == "all_of" else " or "
        return join.join(words(c, conditions, w) for c in kids)
    if kind in coin.KINDS:
        return coin.words(cond, w)
    if kind == "turn":
        return f"it is {w.controller}'s turn" if arg(cond, "value") == "yours" else \
            "it is an opponent's turn"
    if kind == "cast_in_main_phase":
        return f"{w.controller} cast it during their main phase"
    if kind == "object_is":
        sel = w.world.selectors.get(arg(cond, "what"))
        slot = sel["ref"] if sel is not None and sel["ref"] else arg(cond, "what")
        chosen = list(w.targets.get(slot, []))
        name = w.name(chosen[0]) if len(chosen) == 1 else "its target"
        was = "was" if arg(cond, "as_it_was") == "true" else "is"
        return f"{name} {was} {_article(_text(w, arg(cond, 'is')))}"
    noun = _text(w, arg(cond, "what"))
    if kind == "you_control":
        return f"{w.controller} controls {'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
    if kind == "you_control_count":
        ge, le = arg(cond, "ge"), arg(cond, "le")
        if le == "0" and not ge:
            return f"{w.controller} controls no {noun}"
        many = f"{ge} or more" if ge and not le else f"{le} or fewer" if le and not ge \
            else f"exactly {ge}" if ge == le else f"from {ge} to {le}"
        return f"{w.controller} controls {many} {noun}"
    return f"an opponent controls more {noun} than {w.controller}"
