"""Choices by each player of what they keep, the rest of its kind sacrificed or destroyed
(the `keep` step): "each player chooses three permanents they control, then sacrifices the
rest", "that player chooses up to two creatures they control, then sacrifices the rest",
"each player chooses a creature they control. Destroy the rest."

Who chooses is the step's `who` (each player, each opponent, a target player, the trigger
event's player), not the controller of the spell: each chooser picks among their own
permanents of the kind as it resolves (CR 608.2d), not targeting them (115.10a: hexproof
and protection don't stop it). When several players choose, they do so in APNAP order, each
seeing the choices before theirs (101.4); then the rest go at the same time. A player with
no more of the kind than they must keep keeps them all (no choice is left); "up to two"
lets them keep fewer, so what goes is their choice even then.

The situation says what was kept with `chosen: {kept: [bears, elves]}` on the stack entry
(each object's controller tells whose choice it is). Without it, a choice that is left is
said open, with how many go, and nothing is moved: what happens depends on it.

knowledge/resolving.py calls `keep_text` while it words a `keep` step."""

from __future__ import annotations

from typing import Any

from rulings.facts.effects import arg
from rulings.facts.game import Choice


def kept_facts(w: Any) -> list[Any]:
    """The Choice facts of what the stack entry says was kept (`chosen: {kept: [...]}`)."""
    top = w.top["id"]
    return [f for f in w.facts if isinstance(f, Choice) and f["object"] == top
            and f["kind"] == "kept"]


def _kept(w: Any) -> list[str]:
    return [str(f["value"]) for f in kept_facts(w)]


def keep_text(w: Any, st: Any, who: list[str], res: Any) -> tuple[str, str]:
    """The `keep` step in words, and the choice it leaves open ('' when none); the rest
    that is known goes into `res` (sacrificed, or destroyed through the destroy wording)."""
    from rulings.knowledge.resolving import NUMBER_WORDS, _count_of, _verb_text, count_words

    rest_verb = arg(st, "rest") or "sacrifice"
    counts = _count_of(st["amount"])  # a choose step's count, read alike
    sel = w.world.selectors.get(st["what"])
    desc = str(sel["text"]) if sel is not None and sel["text"] else "permanent"
    bare = desc.removeprefix("a ").removeprefix("an ").removeprefix("one ").replace(" card", "")
    if counts is None:
        return f"how many are kept ('{st['amount']}') is not modelled", "how many are kept"
    low, high = counts
    number = "one" if high == 1 else NUMBER_WORDS.get(high, str(high))
    keeps = f"up to {count_words(high, bare)}" if low == 0 else count_words(high, bare)
    kept = set(_kept(w))
    choosers = w.apnap(who)
    zone = str(sel["zone"] or "battlefield") if sel is not None else "battlefield"
    if zone != "battlefield":
        return _cards_text(w, st, choosers, zone, rest_verb, low, high, kept, res)
    pool_all = [o for o in w.refer(st["what"]) if o in w.board.perms]
    parts: list[str] = []
    rest: list[str] = []
    open_players: list[str] = []
    for i, p in enumerate(choosers):
        own = [o for o in pool_all if w.board.perms[o].controller == p]
        order = f" after {' and '.join(choosers[:i])}" if i else ""
        stated = [o for o in own if o in kept]
        if not own:
            parts.append(f"{p} controls no {bare}, so nothing of theirs goes")
            continue
        if len(own) <= low:
            parts.append(f"{p} keeps {w.names_of(own)} (no more than {number} of theirs, "
                         "so no choice is left) and loses none")
            continue
        if kept and stated and len(stated) >= low and len(stated) <= high:
            gone = [o for o in own if o not in kept]
            rest += gone
            parts.append(f"{p} keeps {w.names_of(stated)} (their choice{order}, as the "
                         f"situation says)" + (f"; {w.names_of(gone)} "
                                               f"{'goes' if len(gone) == 1 else 'go'}"
                                               if gone else "; nothing else of theirs goes"))
            continue
        if kept and stated:
            parts.append(f"{p} is said to keep {w.names_of(stated)}, which is not "
                         f"{keeps.replace('a ', 'one ', 1)} of theirs, so what they keep is "
                         "still open")
        goes = len(own) - high
        many = (f"at least {NUMBER_WORDS.get(goes, str(goes))}" if low == 0 else
                NUMBER_WORDS.get(goes, str(goes))).replace(" a", " one") \
            if goes > 0 else "any not chosen"
        many = "one" if many == "a" else many
        verb = "goes" if many in ("one", "at least one") else "go"
        parts.append(f"{p} chooses {number if high > 1 else 'one'} of {w.names_of(own)} "
                     f"(their choice as it resolves{order}, not a target), and {many} of "
                     f"them {verb}")
        open_players.append(p)
    what_goes = "are sacrificed by their controllers (CR 701.21a)" \
        if rest_verb == "sacrifice" else "are destroyed (CR 701.8)"
    parts += _stray(w, kept, pool_all, choosers, bare)
    text = (f"{' and '.join(choosers)} {'chooses' if len(choosers) == 1 else 'choose'} "
            f"{keeps} of their own to keep; the rest {what_goes}: " + "; ".join(parts))
    if rest and rest_verb == "sacrifice":
        res.sacrificed += rest
        text += f". {w.names_of(rest)} {'is' if len(rest) == 1 else 'are'} sacrificed"
    elif rest:
        said = _verb_text(w, {"verb": "destroy", "args": [], "what": ""}, who, rest, None, res)
        text += f". {said[:1].upper()}{said[1:]}"
    if not open_players:
        return text, ""
    if rest_verb == "destroy":  # 702.12b: an indestructible one not kept stays anyway
        tough = [o for o in pool_all if w.board.perms[o].controller in open_players
                 and "indestructible" in w.board.perms[o].keywords]
        if tough:
            text += f". Whatever is chosen, {w.names_of(tough)} " \
                    f"{'is' if len(tough) == 1 else 'are'} indestructible and " \
                    f"{'stays' if len(tough) == 1 else 'stay'} on the battlefield (CR 702.12b)"
    who_open = " and ".join(open_players)
    return text, (f"which ones {who_open} {'keeps' if len(open_players) == 1 else 'keep'}, "
                  "a choice the situation doesn't give (chosen: {kept: [...]} on the stack "
                  "entry, CR 608.2d)")


#: what happens to the cards not kept in a hand or graveyard, in words
_CARD_REST = {"discard": ("discarded", "CR 701.9"), "exile": ("exiled", "CR 701.13")}


def _cards_text(w: Any, st: Any, choosers: list[str], zone: str, rest_verb: str, low: int,
                high: int, kept: set[str], res: Any) -> tuple[str, str]:
    """`keep` among the cards each chooser owns in their hand or graveyard: a zone the
    situation doesn't list (or that an earlier step changed) leaves the choice open."""
    from rulings.facts.costs import ZoneListed
    from rulings.knowledge.resolving import NUMBER_WORDS, count_words

    done, cr = _CARD_REST.get(rest_verb, (rest_verb, "CR 608.2d"))
    number = "one" if high == 1 else NUMBER_WORDS.get(high, str(high))
    keeps = f"up to {count_words(high, 'card')}" if low == 0 else count_words(high, "card")
    listed = {(f["player"], f["zone"]) for f in w.facts if isinstance(f, ZoneListed)}
    changed = w.zones_changed.get(zone)
    pool_all = [o for o in w.refer(st["what"]) if o in w.objects
                and w.objects[o]["zone"] == zone]
    parts: list[str] = []
    rest: list[str] = []
    open_players: list[str] = []
    for i, p in enumerate(choosers):
        order = f" after {' and '.join(choosers[:i])}" if i else ""
        if (p, zone) not in listed or changed is not None:
            why = f"step {changed} changed it first" if changed is not None else \
                "the situation doesn't list it"
            parts.append(f"{p} chooses {keeps} in their {zone} to keep (their choice"
                         f"{order}), and the rest of their {zone} is {done} ({why})")
            open_players.append(p)
            continue
        own = [o for o in pool_all if (w.objects[o]["owner"] or w.objects[o]["controller"])
               == p]
        stated = [o for o in own if o in kept]
        if not own:
            parts.append(f"{p} has no card in their {zone}, so nothing of theirs is {done}")
        elif len(own) <= low:
            parts.append(f"{p} keeps {w.names_of(own)} (no more than {number} card"
                         f"{'s' if high > 1 else ''} in their {zone}, so no choice is left)")
        elif stated and low <= len(stated) <= high:
            gone = [o for o in own if o not in kept]
            rest += gone
            parts.append(f"{p} keeps {w.names_of(stated)} (their choice{order}, as the "
                         f"situation says)" + (f"; {w.names_of(gone)} "
                                               f"{'is' if len(gone) == 1 else 'are'} {done}"
                                               if gone else ""))
        else:
            goes = len(own) - high
            many = (f"at least {NUMBER_WORDS.get(goes, str(goes))}" if low == 0 else
                    NUMBER_WORDS.get(goes, str(goes))) if goes > 0 else "any not chosen"
            many = many.replace("at least a", "at least one")
            many = "one" if many == "a" else many
            parts.append(f"{p} chooses {number} of {w.names_of(own)} (their choice as it "
                         f"resolves{order}), and {many} of them "
                         f"{'is' if many in ('one', 'at least one') else 'are'} {done}")
            open_players.append(p)
    parts += _stray(w, kept, pool_all, choosers, f"card in their {zone}")
    if rest_verb == "exile":
        res.exiled += rest
    text = (f"{' and '.join(choosers)} {'chooses' if len(choosers) == 1 else 'choose'} "
            f"{keeps} of their own in their {zone} to keep; the rest are {done} by their "
            f"owners ({cr}): " + "; ".join(parts))
    if not open_players:
        return text, ""
    who_open = " and ".join(open_players)
    return text, (f"which cards {who_open} {'keeps' if len(open_players) == 1 else 'keep'}, "
                  "a choice the situation doesn't give (chosen: {kept: [...]} on the stack "
                  "entry, CR 608.2d)")


def _stray(w: Any, kept: set[str], pool: list[str], choosers: list[str], kind: str
           ) -> list[str]:
    """A kept object the situation names that is no chooser's of the kind: said, not read."""
    def whose(o: str) -> str:
        perm = w.board.perms.get(o)
        if perm is not None:
            return str(perm.controller)
        obj = w.objects.get(o) or {}
        return str(obj.get("owner") or obj.get("controller") or "")

    stray = sorted(o for o in kept if o not in pool or whose(o) not in choosers)
    if not stray:
        return []
    return [f"the situation's kept {w.names_of(stray)} {'is' if len(stray) == 1 else 'are'} "
            f"no chooser's {kind}, so {'it is' if len(stray) == 1 else 'they are'} not "
            "counted as kept"]
