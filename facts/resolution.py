"""Words for resolving spells and abilities as ordered instructions: searching, shuffling,
looking at the top of a library, putting found cards somewhere; static effects that stop
searches (and the special action that lets a player ignore them), that control a searching
player, or that exile what they find; and the events asked about (a spell or ability
resolving, a special action, a player leaving the game).

Also the intermediate facts the rules in knowledge/rules/{resolution,searching,cant,control,
replacement,shuffling,special_actions,abilities,leaving_game}.py derive and share.

The ability and instruction classes here (SearchStep, PutStep, ShuffleStep, CantSearch, …) are
no longer words of card files: facts/lowering.py derives them from the shape of
effect-language nodes."""

from __future__ import annotations

import re

from rulings.facts.vocabulary import GameFact, slot, word

#: who an instruction names, relative to the resolving spell or ability
PLAYER_REFS = ("you", "target player", "target's controller", "searcher", "opponent",
               "target's owner")
SEARCH_ZONES = ("library", "hand", "graveyard")
DESTINATIONS = ("hand", "battlefield", "graveyard", "top of library", "bottom of library",
                "exile")
SHUFFLE_CONDITIONS = ("", "if you do", "if you searched your library")
SCOPES = ("players", "opponents", "opponents_own")  # opponents_own: only by their own
#                                                      spells and abilities


# -- abilities whose effect is a list of instruction steps -----------------------------------

class StepsAbility(GameFact):
    """An ability read from a card whose effect is a list of instruction steps (each its own
    fact, numbered from 1 in the order written)."""

    implicit = ("ability", "source")
    nested = {"steps": "instruction"}
    ability_kind = "spell"
    summary = ""


class SpellEffect(StepsAbility):
    """The effect of an instant or sorcery: its instructions, in order."""

    ability_kind = "spell"
    summary = "a spell's effect"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "steps": slot(list, [], doc="the instructions, in the order written"),
    }
    reads = "{source} is a spell whose effect has instruction steps"


class ActivatedEffect(StepsAbility):
    """An activated ability (not a mana ability): its cost and its instructions."""

    ability_kind = "activated"
    summary = "an activated ability"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "cost": slot(list, [], doc="like {T}, sacrifice this"),
        "steps": slot(list, [], doc="the instructions, in the order written"),
    }
    reads = "{source} has an activated ability (cost: {cost})"


class EntersTrigger(StepsAbility):
    """A triggered ability: when this permanent enters the battlefield, follow the steps."""

    ability_kind = "triggered"
    summary = "a triggered ability when it enters the battlefield"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "steps": slot(list, [], doc="the instructions, in the order written"),
    }
    reads = "{source} has a triggered ability when it enters the battlefield"


# -- static abilities about searching ---------------------------------------------------------

class StaticWord(GameFact):
    implicit = ("ability", "source")
    ability_kind = "static"
    summary = ""


class CantSearch(StaticWord):
    """Players (or only the controller's opponents; `opponents_own`: only an opponent's own
    library, searched because of a spell or ability that opponent controls) can't search
    libraries. With
    `ignore_cost`, any player may pay it to ignore this effect until end of turn (a special
    action)."""

    summary = "a rule that stops searching libraries"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "who": slot(str, "players", choices=SCOPES),
        "ignore_cost": slot(str, "", doc="what a player may pay to ignore it this turn, "
                                          "like {2}"),
    }
    reads = "{source} says {who} can't search libraries"


class ControlsSearchingOpponents(StaticWord):
    """Its controller controls each opponent while that opponent searches their library."""

    summary = "control of opponents while they search their libraries"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
    }
    reads = "{source}'s controller controls opponents while they search their libraries"


class OpponentsExileFound(StaticWord):
    """While an opponent searches their library, each card they find is exiled instead of
    going where the instruction says; this permanent's controller may play those cards while
    they stay exiled."""

    ability_kind = "replacement"
    summary = "found cards are exiled and may be played by its controller"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "any_color_mana": slot(bool, True, doc="mana may be spent as though any color"),
    }
    reads = "cards {source}'s controller's opponents find in their own searches are exiled"


class SearchTopInstead(StaticWord):
    """If an opponent would search a library, they search only its top N cards instead."""

    ability_kind = "replacement"
    summary = "opponents search only the top cards of a library"
    slots = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "count": slot(int, 4),
    }
    reads = "{source} makes its controller's opponents search only the top {count} cards"


# -- instruction steps -------------------------------------------------------------------------

class Step(GameFact):
    """One instruction of a spell or ability; `step` is its 1-based place in the text."""

    implicit = ("ability", "source", "step")


def _step_slots(**extra: object) -> dict:
    base = {
        "ability": slot(str),
        "source": slot(str, ref="object"),
        "step": slot(int, 1),
    }
    base.update(extra)
    return base


class SearchStep(Step):
    """Search zones for cards matching a description."""

    slots = _step_slots(
        player=slot(str, "you", choices=PLAYER_REFS[:3], doc="who searches"),
        whose=slot(str, "searcher", choices=PLAYER_REFS,
                   doc="whose zones are searched (the searcher's own by default)"),
        zones=slot(list, ["library"], choices=SEARCH_ZONES),
        optional=slot(bool, False, doc="true for 'you may search'"),
        types=slot(list, [], doc="card types; a card of any of them matches"),
        supertypes=slot(list, [], doc="supertypes; all of them are needed"),
        subtypes=slot(list, [], doc="subtypes; any of them matches"),
        colors=slot(list, [], doc="colors; a card of any of them matches"),
        not_types=slot(list, [], doc="card types a matching card doesn't have"),
        compare=slot(list, [], doc="number tests, like mana_value<=2 (x: the X chosen for "
                                   "the resolving spell or ability)"),
        name=slot(str, "", doc="a card name"),
        noted_for=slot(str, "", doc="a name the controller noted for this card while drafting"),
        same_name_as_chosen=slot(bool, False, doc="the name of the card chosen earlier"),
        same_name_as_target=slot(bool, False, doc="the name of the resolving one's target"),
        count=slot(int, 1),
        up_to=slot(bool, False),
        any_number=slot(bool, False),
        all_cards=slot(bool, False, doc="'all cards': every match in a public zone is found"),
    )
    reads = "step {step} of {ability}: search"


class PutStep(Step):
    """Put the cards found by the latest search somewhere."""

    slots = _step_slots(
        to=slot(str, "hand", choices=DESTINATIONS),
        tapped=slot(bool, False),
        under=slot(str, "owner", choices=("owner", "you"), doc="whose control (battlefield)"),
        share=slot(str, "", choices=("", "one", "rest"),
                   doc="one: only one of the found cards (the searcher's choice); rest: the "
                       "others ('put one … and the other …')"),
    )
    reads = "step {step} of {ability}: put the found cards into {to}"


class ShuffleStep(Step):
    """Shuffle a library (by default the library searched by this spell or ability)."""

    slots = _step_slots(
        whose=slot(str, "searcher", choices=PLAYER_REFS),
        condition=slot(str, "", choices=SHUFFLE_CONDITIONS),
    )
    reads = "step {step} of {ability}: shuffle"


class RevealTopStep(Step):
    slots = _step_slots(count=slot(int, 1), whose=slot(str, "you", choices=PLAYER_REFS[:3]))
    reads = "step {step} of {ability}: reveal the top {count} cards of a library"


class LookAtTopStep(Step):
    slots = _step_slots(count=slot(int, 1), whose=slot(str, "you", choices=PLAYER_REFS[:3]))
    reads = "step {step} of {ability}: look at the top {count} cards of a library"


class WorksWithLibrary(GameFact):
    """The instructions of `source`'s spell or ability work with a library: `what` says how,
    by the first of its kinds of library step (search, shuffle, look at or reveal the top);
    the rules that resolve it read this one fact, whichever steps it has."""

    slots = {"source": slot(str), "what": slot(str)}
    reads = "the instructions of {source} {what}"


class ExileTargetStep(Step):
    slots = _step_slots()
    reads = "step {step} of {ability}: exile the target"


class CastFoundStep(Step):
    """The player may cast the found card (maybe without paying its mana cost)."""

    slots = _step_slots(without_paying=slot(bool, True))
    reads = "step {step} of {ability}: the found card may be cast"


class RevealFoundStep(Step):
    slots = _step_slots()
    reads = "step {step} of {ability}: reveal the found cards"


class OtherStep(Step):
    """A step this knowledge base does not model in detail; it happens as written."""

    slots = _step_slots(text=slot(str, "an instruction"))
    reads = "step {step} of {ability}: {text}"


# -- events -------------------------------------------------------------------------------------

@word("event", "resolve")
class Resolve(GameFact):
    """A spell or ability resolves. `find` lists what the deciding player picks in its search
    (card ids or names); `find_nothing` says they pick nothing."""

    slots = {
        "ability": slot(str, ref="ability"),
        "controller": slot(str, "", ref="player", doc="its controller (the source's by default)"),
        "target": slot(str, "", ref="object", doc="the target object, if any"),
        "target_player": slot(str, "", ref="player", doc="the target player, if any"),
        "searches": slot(bool, True, doc="false: the player chooses not to search ('you may')"),
        "find": slot(list, [], doc="the cards picked in the search, by id or name"),
        "find_nothing": slot(bool, False, doc="true: no card is picked in the search"),
        "chosen_card": slot(str, "", ref="object", doc="a card chosen earlier in the effect"),
    }
    reads = "{ability} resolves"


@word("event", "special_action")
class SpecialAction(GameFact):
    """A player takes the special action of paying to ignore a static ability's effect."""

    slots = {
        "player": slot(str, ref="player"),
        "source": slot(str, ref="object", doc="the permanent whose effect is ignored"),
    }
    reads = "{player} pays to ignore {source}'s effect"


@word("event", "leaves_game")
class LeavesGame(GameFact):
    """A player leaves a multiplayer game (loses or concedes)."""

    slots = {"player": slot(str, ref="player")}
    reads = "{player} leaves the game"


# -- what happened earlier this turn / lasting facts ------------------------------------------

@word("this_turn", "paid_to_ignore")
class PaidToIgnore(GameFact):
    slots = {
        "player": slot(str, ref="player"),
        "source": slot(str, ref="object"),
    }
    reads = "{player} paid this turn to ignore {source}'s effect"


@word("this_turn", "searched")
class SearchedThisTurn(GameFact):
    slots = {
        "player": slot(str, ref="player"),
        "library_of": slot(str, "", ref="player"),
    }
    reads = "{player} already searched a library this turn"


@word("effect", "entered")
class EnteredOrder(GameFact):
    """When a permanent entered the battlefield, relative to others (higher = later)."""

    slots = {
        "object": slot(str, ref="object"),
        "order": slot(int, 1),
    }
    reads = "{object} entered the battlefield as number {order}"


# -- derived facts ------------------------------------------------------------------------------

class Resolving(GameFact):
    """Who is who for a resolving spell or ability."""

    slots = {
        "ability": slot(str),
        "source": slot(str),
        "controller": slot(str),
        "target_player": slot(str, ""),
        "target_controller": slot(str, ""),
        "target_owner": slot(str, "", doc="who owns the target object"),
        "opponent": slot(str, "", doc="the controller's one opponent ('' if several)"),
    }
    reads = "{ability} is resolving under {controller}'s control"


class SearchPlan(GameFact):
    """Step `step` of `ability` has `searcher` search `owner`'s `zones`."""

    slots = {
        "ability": slot(str),
        "step": slot(int),
        "searcher": slot(str),
        "owner": slot(str),
        "zones": slot(list, []),
        "optional": slot(bool, False),
        "quality": slot(bool, False),
        "description": slot(str, ""),
        "types": slot(list, []),
        "supertypes": slot(list, []),
        "subtypes": slot(list, []),
        "colors": slot(list, []),
        "not_types": slot(list, []),
        "compare": slot(list, [], doc="number tests, like mana_value<=2, X worked out"),
        "name": slot(str, ""),
        "noted_for": slot(str, ""),
        "count": slot(int, 1),
        "up_to": slot(bool, False),
        "any_number": slot(bool, False),
        "all_cards": slot(bool, False, doc="every match in a public zone must be found"),
    }
    reads = "in step {step}, {searcher} is told to search {owner}'s {zones} for {description}"


class SearchBarred(GameFact):
    """`source`'s effect stops `player` searching libraries in step `step`."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str), "source": slot(str)}
    reads = "{source}'s effect stops {player} searching libraries"


class ControlClaim(GameFact):
    """`source` would have its controller `controller` control `player` during the search."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str),
             "controller": slot(str), "source": slot(str), "order": slot(int, 0)}
    reads = "{source} gives {controller} control of {player} while they search their library"


class SearchControl(GameFact):
    """`controller` controls `player` during the search of step `step`, through `source`."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str),
             "controller": slot(str), "source": slot(str)}
    reads = "{controller} controls {player} during the search (through {source})"


class Decider(GameFact):
    """Who makes the decisions of the search in step `step`."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str)}
    reads = "{player} makes the decisions of the search"


class SearchHappens(GameFact):
    """The search of step `step` is performed (the library part, if `library`)."""

    slots = {"ability": slot(str), "step": slot(int), "searcher": slot(str),
             "owner": slot(str), "zones": slot(list, []), "library": slot(bool, True)}
    reads = "{searcher} searches {owner}'s {zones} in step {step}"


class Picked(GameFact):
    """A card named in the event's `find` that is among the cards searched in step `step`."""

    slots = {"ability": slot(str), "step": slot(int), "object": slot(str)}
    reads = "{object} is picked in the search"


class Found(GameFact):
    """`object` is found by the search of step `step`."""

    slots = {"ability": slot(str), "step": slot(int), "object": slot(str),
             "zone": slot(str, "library")}
    reads = "{object} is found in the search"


class ExiledInstead(GameFact):
    """A found card is exiled instead of being put where the instruction says."""

    slots = {"ability": slot(str), "step": slot(int), "object": slot(str),
             "source": slot(str), "chooser": slot(str)}
    reads = "{object} is exiled instead (through {source})"



class PickRequest(GameFact):
    """One entry of the event's `find` list (a card id or name)."""

    slots = {"ability": slot(str), "entry": slot(str)}
    reads = "the card '{entry}' is picked"


class Candidate(GameFact):
    """`object` answers the pick `entry` in step `step`; a lower `rank` is a better answer."""

    slots = {"ability": slot(str), "step": slot(int), "entry": slot(str), "object": slot(str),
             "rank": slot(int, 0)}
    reads = "{object} answers the pick '{entry}'"


class CandidateOutranked(GameFact):
    slots = {"ability": slot(str), "step": slot(int), "entry": slot(str), "object": slot(str)}
    reads = "another card answers the pick '{entry}' better than {object}"


class SearchLimited(GameFact):
    """`source` makes the searcher of step `step` search only the top `count` cards of the
    library instead (CR 701.23f)."""

    slots = {"ability": slot(str), "step": slot(int), "count": slot(int),
             "source": slot(str)}
    reads = "only the top {count} cards of the library are searched in step {step}"


class OutOfReach(GameFact):
    """`object` is in the library searched in step `step`, below the cards searched."""

    slots = {"ability": slot(str), "step": slot(int), "object": slot(str),
             "source": slot(str)}
    reads = "{object} is below the part of the library that is searched"


class TooMany(GameFact):
    slots = {"ability": slot(str), "step": slot(int), "picked": slot(int), "allowed": slot(int)}
    reads = "{picked} cards are picked where at most {allowed} may be found"


class BoundBy(GameFact):
    """`source`'s can't-search effect applies to `player`."""

    slots = {"player": slot(str), "source": slot(str)}
    reads = "{source}'s effect applies to {player}"


class SpecialActionTaken(GameFact):
    """`player` can and does take the special action of paying to ignore `source`'s effect
    (the event asked about); rulings about what the payment does rest on it."""

    slots = {"player": slot(str), "source": slot(str)}
    reads = "{player} takes the special action of paying to ignore {source}'s effect"


class Ignoring(GameFact):
    """`player` paid this turn to ignore `source`'s effect."""

    slots = {"player": slot(str), "source": slot(str), "cost": slot(str, "")}
    reads = "{player} ignores {source}'s effect this turn (paid {cost})"


class Outranked(GameFact):
    slots = {"ability": slot(str), "step": slot(int), "source": slot(str), "by": slot(str)}
    reads = "{by} entered the battlefield after {source}"


class ExileClaim(GameFact):
    slots = {"ability": slot(str), "step": slot(int), "object": slot(str), "source": slot(str),
             "controller": slot(str), "any_color_mana": slot(bool, True)}
    reads = "{source} would exile {object} instead"


class ShuffleHappens(GameFact):
    """The shuffle of step `step` really happens (its condition, if any, is met)."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str)}
    reads = "{player}'s library is shuffled in step {step}"


class ShuffleOf(GameFact):
    """Whose library step `step` shuffles."""

    slots = {"ability": slot(str), "step": slot(int), "player": slot(str)}
    reads = "step {step} shuffles {player}'s library"


# -- helpers the rules share ---------------------------------------------------------------

NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def player_for(ref: str, ctx: GameFact) -> str:
    """The player an instruction's reference names, for a resolving spell or ability."""
    return {
        "you": ctx["controller"],
        "target player": ctx["target_player"],
        "target's controller": ctx["target_controller"],
        "target's owner": ctx["target_owner"],
        "opponent": ctx["opponent"],
    }.get(ref, "")


def describe(plan: dict) -> str:
    """'up to three creature cards', 'a basic land card', 'a card'."""
    count = plan.get("count", 1)
    if plan.get("all_cards"):
        head = "all"
    elif plan.get("any_number"):
        head = "any number of"
    elif plan.get("up_to"):
        head = f"up to {NUMBERS.get(count, count) if count > 1 else 'one'}"
    else:
        head = NUMBERS.get(count, str(count))
    kinds = " or ".join(plan.get("types") or [])
    words = " ".join([*plan.get("supertypes", []), *(f"non{t}" for t in plan.get(
        "not_types") or []), " or ".join(plan.get("colors") or []),
        *plan.get("subtypes", []), kinds]).split()
    words = " ".join(words)
    plural = plan.get("any_number") or plan.get("all_cards") or count > 1
    text = f"{head} {words + ' ' if words else ''}card{'s' if plural else ''}"
    tests = [_compare_words(t) for t in plan.get("compare") or []]
    if tests:
        text += " with " + " and ".join(tests)
    if plan.get("name"):
        text += f" named {plan['name']}"
    if plan.get("noted_for"):
        text += f" with a name noted for {plan['noted_for']}"
    if text.startswith("a ") and text[2:3] in "aeiou":
        text = "an " + text[2:]
    return text


_COMPARE = re.compile(r"([a-z_]+)(<=|>=|<|>|=)(-?\d+|x|\?)")
_COMPARE_WORDS = {"<=": "{n} or less", ">=": "{n} or greater", "<": "less than {n}",
                  ">": "greater than {n}", "=": "{n}"}


def _compare_words(test: str) -> str:
    """'mana_value<=2' -> 'mana value 2 or less' ('?': an X the question doesn't give)."""
    m = _COMPARE.fullmatch(str(test))
    if not m:
        return str(test)
    n = {"x": "X", "?": "X"}.get(m.group(3), m.group(3))
    return f"{m.group(1).replace('_', ' ')} " + _COMPARE_WORDS[m.group(2)].format(n=n)


def _compare_misses(test: str, obj: dict) -> str:
    """Why a card fails one number test of a search ('' if it passes). A card in a library,
    hand or graveyard has the mana value of its mana cost, X counting 0 (CR 202.3e)."""
    from rulings.facts.effects import _OPS, mana_value

    m = _COMPARE.fullmatch(str(test))
    if not m:
        return f"its {test} can't be checked"
    key, op, n = m.groups()
    if n in ("x", "?"):
        return "the question doesn't give the value of X"
    if key == "mana_value":
        have: int | None = mana_value(obj.get("mana_cost") or "")
    else:
        raw = str(obj.get(key) or "")
        have = int(raw) if raw.lstrip("-").isdigit() else None
    if have is None:
        return f"it has no {key.replace('_', ' ')}"
    if not _OPS[op](have, int(n)):
        return f"its {key.replace('_', ' ')} is {have}, not {_COMPARE_WORDS[op].format(n=n)}"
    return ""


def esc(text: str) -> str:
    """Text put into a ruling's subject or action, which are templates: keep braces literal."""
    return str(text).replace("{", "{{").replace("}", "}}")


def library_of(player: str, owner: str) -> str:
    """'their own library' or "Bob's library"."""
    return "their own library" if player == owner else f"{owner}'s library"


def article(word: str) -> str:
    """'an Eldrazi Scion', 'a basic land card': the one article helper of answers."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def fits(plan: dict, obj: dict) -> str:
    """Why `obj` doesn't match the search's description ('' if it does; noted names are
    checked separately)."""
    types = plan.get("types") or []
    if types and not set(types) & set(obj.get("types") or []):
        return f"it is not {article(' or '.join(types))} card"
    for sup in plan.get("supertypes") or []:
        if sup not in (obj.get("supertypes") or []):
            return f"it is not {article(sup)} card"
    subs = plan.get("subtypes") or []
    if subs and not {s.lower() for s in subs} & {s.lower() for s in obj.get("subtypes") or []}:
        return f"it doesn't have the subtype {' or '.join(subs)}"
    if plan.get("name") and plan["name"].lower() != str(obj.get("name", "")).lower():
        return f"it is not named {plan['name']}"
    for t in plan.get("not_types") or []:
        if t in (obj.get("types") or []):
            return f"it is {article(t)} card"
    colors = set(obj.get("colors") or [])
    wanted = list(plan.get("colors") or [])
    if wanted and not any(c in colors or (c == "colorless" and not colors) or (
            c == "multicolored" and len(colors) > 1) for c in wanted):
        return f"it is not {' or '.join(wanted)}"
    for test in plan.get("compare") or []:
        why = _compare_misses(test, obj)
        if why:
            return why
    return ""


# -- what a resolving spell or ability does, instruction by instruction (knowledge/resolving.py)

class StepSkipped(GameFact):
    """Step `index` of `ability` doesn't happen as the resolving `object` resolves: it
    belongs to a mode that was not chosen (CR 700.2), or its condition doesn't hold
    (608.2c); the rules that state a step's result look for it."""

    slots = {"object": slot(str), "ability": slot(str), "index": slot(int),
             "part": slot(str, "mode1"),
             "why": slot(str, "", doc="why it is skipped, in words")}
    reads = "step {index} of {ability} doesn't happen as {object} resolves"


#: the older name (it covered only modes not chosen)
ModeNotChosen = StepSkipped


class InstructionDone(GameFact):
    """Step `index` of the resolving `object` happened (or may happen, `optional`); later
    instructions ("if you do", reflexive "when you do") and rules read it."""

    slots = {"object": slot(str), "ability": slot(str), "index": slot(int),
             "verb": slot(str), "part": slot(str, "do"), "optional": slot(bool, False)}
    reads = "step {index} of {object} ({verb}) is done"


class ZonedTarget(GameFact):
    """`ability` targets a card outside the battlefield (a graveyard, a hand): such a target
    in that zone is where it should be, not gone."""

    slots = {"ability": slot(str)}
    reads = "{ability} targets a card outside the battlefield"


@word("event", "passes")
class PassesPriority(GameFact):
    """A player passes priority (CR 117.3d): in a sequence of events, what lets the next
    player act (a response) without the top object resolving."""

    slots = {"player": slot(str, ref="player")}
    reads = "{player} passes priority"


@word("event", "chooses_targets")
class ChoosesTargets(GameFact):
    """The controller of a triggered ability waiting on the stack without targets chooses
    them (CR 603.3d: as it is put on the stack), and a modal one its modes (603.3c): in a
    sequence, after the event that made it trigger."""

    slots = {"ability": slot(str, ref="ability",
                             doc="the triggered ability, <object id>.<n>; the topmost entry "
                                 "of it on the stack that has no targets yet gets them"),
             "targets": slot(list, [], ref="player or object",
                             doc="the targets chosen, in the order its text says 'target'"),
             "modes": slot(list, [], doc="for a modal ability: the modes chosen, by number "
                                         "(CR 603.3c, 700.2); the targets fill only theirs")}
    reads = "the targets of {ability} on the stack are chosen: {targets}"


class MovesItself(GameFact):
    """The resolving spell's own instructions move it (exile it) as it resolves, so it isn't
    put into its owner's graveyard (CR 608.2n)."""

    slots = {"object": slot(str), "to": slot(str, "exile")}
    reads = "{object} moves itself to {to} as it resolves"


# -- one answer for search steps, whichever event asks (`resolve` or `resolve_top`) --------

#: the instruction facts the searching, shuffling and resolution rules rule on: the walk of
#: knowledge/resolving.py leaves these steps to them (as it leaves counter, copy, add_mana)
SEARCH_FAMILY = (SearchStep, PutStep, ShuffleStep, RevealFoundStep, CastFoundStep,
                 RevealTopStep, LookAtTopStep)


def search_family_steps(facts: list, ability: str) -> dict[int, GameFact]:
    """step number -> the search-family instruction fact of `ability` ({} when it has
    none)."""
    return {f["step"]: f for f in facts
            if isinstance(f, SEARCH_FAMILY) and f["ability"] == ability}


class SearchUndecided(GameFact):
    """The optional search of step `step` ("you may search") is one the question doesn't
    decide (`resolve_top` with neither `does:` nor `declines:` nor `find:` for it)."""

    slots = {"ability": slot(str), "step": slot(int)}
    reads = "whether the search of step {step} is done is not said"


class PicksOpen(GameFact):
    """The search of step `step` may happen, and the question doesn't say which cards are
    picked (no `find:`, no `find_nothing:`): what is found is the deciding player's choice."""

    slots = {"ability": slot(str), "step": slot(int)}
    reads = "the question doesn't say what is found in step {step}"


class FoundExiledOpen(GameFact):
    """The card the search of step `step` finds, whichever it is, is exiled instead of being
    put where the instruction says (through `source`)."""

    slots = {"ability": slot(str), "step": slot(int), "source": slot(str)}
    reads = "what the search of step {step} finds is exiled instead (through {source})"


class SearchLimitedNow(GameFact):
    """`source`'s effect stops `player` searching their own library because of a spell or
    ability they control, but not because of another player's (the `searches` event asked
    about may or may not happen: it depends on what tells them to search)."""

    slots = {"player": slot(str), "source": slot(str)}
    reads = "{source}'s effect stops {player} searching because of their own effects"


class CantSearchNow(GameFact):
    """`source`'s effect stops `player` searching libraries now (the `searches` event asked
    about can't happen)."""

    slots = {"player": slot(str), "source": slot(str)}
    reads = "{source}'s effect stops {player} searching libraries now"
