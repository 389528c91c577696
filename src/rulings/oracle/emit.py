"""Stage 4: from a parse tree to the effect language (docs/effect-language.md), as plain
dicts in the YAML shape a card file has. One method per grammar rule, named like it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lark import Token, Transformer

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
TYPE_WORDS = {"creature", "artifact", "enchantment", "land", "planeswalker", "instant",
              "sorcery", "battle"}
PLURALS = {"sorceries": "sorcery"}
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")


def language() -> Any:
    """The card language's registry (facts.effects): the compiler emits only its words."""
    from rulings.facts import effects

    return effects


def keyword_word(words: str) -> str:
    """'first strike' -> 'first_strike', the card language's spelling. "Totem armor", the
    old name of umbra armor, is umbra armor (CR 702.89b; costs: read by the replacement
    system and knowledge/rules/umbra_armor.py)."""
    if words == "totem armor":
        return "umbra_armor"
    return words.replace(" ", "_").replace("-", "_")


def known_keyword(word: str) -> bool:
    return keyword_word(word) in language().KEYWORDS


def verb_takes(verb: str, key: str) -> bool:
    return key in language().VERBS[verb].args


def prohibit_actions() -> tuple[str, ...]:
    spec = language().STATIC_WORDS["prohibit"].value
    return tuple(spec.keys["action"].choices) if spec else ()


class PlayerRef(dict):  # type: ignore[type-arg]
    """A player described by a mapping ({controller_of: t1}), told apart from a selector."""


#: where the ability in quotation marks goes, once compiled (compiler._granted)
GRANTED_ABILITY = "__granted__"

#: the step a "Choose one —" sentence becomes until the ability puts it under `modes:`
MODES = "__modes__"
#: beside MODES: how many modes are chosen ("choose one or both"), the spell's `mode_count`
MODE_COUNT = "__mode_count__"


def distinct_mode_targets(modes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Modes of which several may be chosen: each mode's target slots get ids of their own
    (t1, t2, … across the modes), so two chosen modes' targets are never one slot."""
    n = 0

    def renamed(value: Any, names: dict[str, str]) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [renamed(v, names) for v in value]
        if isinstance(value, dict):
            return type(value)({k: renamed(v, names) for k, v in value.items()})
        return value

    for mode in modes:
        names = {}
        for slot in mode.get("targets", []):
            n += 1
            names[slot["id"]] = f"t{n}"
        if names:
            mode["targets"] = [{**slot, "id": names[slot["id"]]} for slot in mode["targets"]]
            mode["do"] = renamed(mode["do"], names)
    return modes


class Unsupported(Exception):
    """A parse the emitter can't say in the effect language; the text stays unparsed."""


@dataclass
class Ref:
    """An object phrase: a referent word or a filter, and whether it targets."""

    value: Any
    kind: str = "ref"          # ref, target, each, choice
    count: Any = 1


#: a step's argument marking "your" as the ability's controller (a duration "your next untap
#: step"): right only when the step acts on the object itself, checked by _instruction
YOURS_ONLY_SELF = "_yours_only_self"


@dataclass
class Act:
    verb: str
    args: dict[str, Any] = field(default_factory=dict)
    role: str = "who"          # what the sentence's subject is: the player acting, or "what"
    more: list[dict[str, Any]] = field(default_factory=list)  # further steps of one verb


def number(word: Any) -> Any:
    word = str(word)
    if word in NUMBERS:
        return NUMBERS[word]
    if word.isdigit():
        return int(word)
    return word.upper()  # "X"


def signed(text: str) -> Any:
    body = text[1:]
    if body.isdigit():
        return int(text)
    if text == "+x":
        return "X"
    raise Unsupported(f"a change of {text} (the card language has no negative X)")


def _single(word: str) -> str:
    word = str(word)
    if word in PLURALS:
        return PLURALS[word]
    return word[:-1] if word.endswith("s") and word[:-1] in TYPE_WORDS | {"permanent", "spell",
                                                                         "card", "battle"} \
        else word


def mana_cost(text: str) -> str:
    """Mana symbols as the card language writes them; Unsupported for other symbols
    (energy {E}, half mana …)."""
    from rulings.facts.cards import MANA_SYMBOLS

    text = text.upper()
    if not MANA_SYMBOLS.match(text):
        raise Unsupported(f"the symbols {text} (not mana the card language reads)")
    return text


def _whole(n: Any) -> int:
    if not isinstance(n, int):
        raise Unsupported(f"a comparison with {n} (only numbers compare)")
    return n


def static_keywords(keywords: list[Any]) -> list[Any]:
    """Keywords a static ability gives (layer 6): plain words, and protection from one color
    written as the card language's "protection from red", which the layer system gives as a
    keyword with its quality (targeting, blocking and damage read it), and landwalk as its
    printed word ("mountainwalk", which blocking reads); protection from a kind stays
    unsupported."""
    from rulings.oracle.keywords import LANDWALKS

    out: list[Any] = []
    for k in keywords:
        if isinstance(k, dict) and list(k) == ["landwalk"]:
            out += [w for w, lands in LANDWALKS.items() if lands == k["landwalk"]][:1] or [k]
            continue
        if isinstance(k, dict) and list(k) == ["protection"]:
            colors = (k["protection"] or {}).get("from", {}) if isinstance(
                k["protection"], dict) else {}
            if isinstance(colors, dict) and list(colors) == ["colors"] and len(
                    colors["colors"]) == 1:
                out.append(f"protection from {colors['colors'][0]}")
                continue
        out.append(k)
    _plain_keywords(out)
    return out


def _plain_keywords(keywords: list[Any]) -> None:
    for k in keywords:
        if not isinstance(k, str):
            raise Unsupported(f"gaining a keyword with a parameter ({next(iter(k))})")


def merge(filters: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in filters:
        for k, v in f.items():
            if k in out and isinstance(out[k], list) and isinstance(v, list):
                out[k] = out[k] + [x for x in v if x not in out[k]]
            elif k in out and isinstance(out[k], dict) and isinstance(v, dict):
                if k == "not" and set(out[k]) != set(v):
                    # "nonbasic, nonblack": neither, not "not both" (one `not` can't say it)
                    raise Unsupported("two different negations in one selector")
                out[k] = merge([out[k], v])
            elif k in out and out[k] != v:
                raise Unsupported(f"two different '{k}' in one selector")
            else:
                out[k] = v
    return out


def _words_in(value: Any) -> list[str]:
    """Every string inside a step (to find the target ids it names)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [w for v in value.values() for w in _words_in(v)]
    if isinstance(value, list):
        return [w for v in value for w in _words_in(v)]
    return []


def _holds_object(value: Any, wanted: Any) -> bool:
    """Whether `value` has the very object `wanted` somewhere inside (identity, not ==)."""
    if value is wanted:
        return True
    if isinstance(value, dict):
        return any(_holds_object(v, wanted) for v in value.values())
    if isinstance(value, list):
        return any(_holds_object(v, wanted) for v in value)
    return False


#: the mark "It can't be regenerated." leaves for the destroy step before it (CR 701.19c)
NO_REGENERATION = "__no_regeneration__"


def no_regeneration(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """"It can't be regenerated." marks the destroy step just before it; after anything else,
    or after two destroy steps in a row (which one would "they" be?), it stays unparsed."""
    out: list[dict[str, Any]] = []
    for step in steps:
        if NO_REGENERATION not in step:
            out.append(step)
            continue
        what = step[NO_REGENERATION].get("what")
        if not out or "destroy" not in out[-1] or (len(out) > 1 and "destroy" in out[-2]) \
                or (what is not None and what != out[-1]["destroy"].get("what")):
            raise Unsupported("'can't be regenerated' after something other than one "
                              "destruction")
        out[-1]["destroy"]["no_regeneration"] = True
    if NO_REGENERATION in str(out):  # inside a delayed or reflexive step: not read there
        raise Unsupported("'can't be regenerated' inside another instruction")
    return out
#: the keys of a search's description that the search rules check a found card against
_SEARCH_CHECKS = {"types", "subtypes", "supertypes", "colors", "not_types", "name",
                  "mana_value", "power", "toughness", "same_name_as", "noted_name_for"}


class Emitter(Transformer):  # type: ignore[type-arg]
    """One instance per ability: it numbers the ability's target slots (t1, t2, …)."""

    if TYPE_CHECKING:  # methods the mixin blocks at the end of this file add (setattr)
        def __getattr__(self, name: str) -> Any: ...

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[dict[str, Any]] = []
        self.found: str | None = None      # the id of the last searched-for card
        self.event_ref: str | None = None  # what "it" means in a trigger about another object
        self.steps_made = 0
        self.created: dict[str, Any] | None = None  # the last create step: "it" is its token
        self.mentioned: str | None = None  # "enchanted creature" / "equipped creature" named
        self.each_named: Any = None  # the last "each …" / "all …" selector ("those creatures")
        self.acted_on_this = False  # the effect exiled the card itself ("exile ~")
        self.those: list[Any] = []  # each "those creatures" read as that selector again
        self.zone: str | None = None       # where the ability works, when its text says
        self.pending_choices: dict[str, dict[str, Any]] = {}  # look: choose steps to place
        self.optional_choices: list[str] = []  # look: choices made under "you may"
        self.taken_among: list[Any] = []  # look: what steps took "from among them"
        self.looked: str | None = None    # look: the id of the cards looked at or revealed
        self.revealed_may: tuple[str, str] | None = None  # look: "you may reveal it" (what, id)
        self.revealed_hand: str | None = None  # look: whose hand was revealed

    # ------------------------------------------------------------------ helpers
    def _target(self, filter_: Any, count: Any = 1) -> str:
        if isinstance(count, str) or (isinstance(count, dict) and not isinstance(
                count.get("max"), int)):
            raise Unsupported("a number of targets decided on casting (X)")
        self.created = None  # a target named after a token is what "it" means next
        slot: dict[str, Any] = {"id": f"t{len(self.targets) + 1}", "filter": filter_}
        if count != 1:
            slot["count"] = count
        self.targets.append(slot)
        return slot["id"]

    def _it(self) -> str:
        if self.created is not None:  # "create a token … sacrifice it": the token (its id)
            if "id" not in self.created:
                self.steps_made += 1
                self.created["id"] = f"s{self.steps_made}"
            return str(self.created["id"])
        if self.found:
            return self.found
        if self.targets:
            return str(self.targets[-1]["id"])
        if self.event_ref and self.acted_on_this:
            # "whenever you cast a spell, exile ~, then return it": the card, not the event's
            # object; which one is not told apart here
            raise Unsupported("'it' after the card itself, in a trigger about another object")
        return self.event_ref or self.mentioned or "this"

    def _what(self, ref: Ref) -> Any:
        return ref.value

    def _objects(self, ref: Ref) -> Any:
        """What a verb is done to. In a step a selector is every object it matches, so a
        number of objects chosen, not targeted ("return a land you control", "untap up to
        three lands"), becomes a `choose` step with an id before the step, and the step
        acts on that id (the resolution walk follows it, knowledge/resolving.py)."""
        if ref.kind == "choice":
            return self._choose(ref)  # a `choose` step comes first (block "look" below)
        return ref.value

    # ------------------------------------------------------------------ sentences
    def effects(self, sentences: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
        from rulings.oracle.areas.afterif import join_conditions  # "instead", "otherwise"
        from rulings.oracle.areas.tokenab import token_has

        return no_regeneration(token_has(
            [step for s in join_conditions(sentences) for step in s]))

    def plain(self, children: list[Any]) -> list[dict[str, Any]]:
        return children[0]

    def modal(self, children: list[Any]) -> list[dict[str, Any]]:
        return children[0]

    def if_kicked(self, children: list[Any]) -> list[dict[str, Any]]:
        steps = children[1]
        for step in steps:
            (body,) = step.values()
            body["if"] = {"was_kicked": True}
        return steps

    def where_x(self, children: list[Any]) -> list[dict[str, Any]]:
        """", where X is the number of <selector>": each amount X counts those objects."""
        steps, counted = children
        found = False
        for step in steps:
            (body,) = step.values()
            for key in ("amount", "power", "toughness"):
                if body.get(key) == "x":
                    body[key] = {"count": counted}
                    found = True
        if not found:
            raise Unsupported("'where X is' with no X to replace")
        return steps

    def copy_new_targets(self, children: list[Any]) -> list[dict[str, Any]]:
        ref: Ref = children[0]
        if ref.kind != "target":
            raise Unsupported("copying something other than a target spell")
        return [{"copy": {"what": ref.value, "new_targets": True}}]

    def if_you_do(self, children: list[Any]) -> list[dict[str, Any]]:
        steps = children[0]
        if not self._last_optional:
            raise Unsupported("'if you do' after a step that is not optional")
        for step in steps:
            (body,) = step.values()
            body["if"] = {"did": self._last_optional}
        return steps

    def when_you_do(self, children: list[Any]) -> list[dict[str, Any]]:
        """"When you do, …" after an optional step: a reflexive triggered ability (603.12),
        the `reflexive` step. One with targets of its own is not read yet (its targets
        would be taken for the whole ability's)."""
        steps = children[0]
        if not self._last_optional:
            raise Unsupported("'when you do' after a step that is not optional")
        ids = {str(t["id"]) for t in self.targets}
        if ids & set(_words_in(steps)):
            raise Unsupported("'when you do' with a target of its own")
        return [{"reflexive": {"did": self._last_optional, "do": steps}}]

    _last_optional: str | None = None

    def instructions(self, children: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        """Instructions joined by "then"/"and": a later one without a subject has the
        subject of the one before ("target player draws a card, then discards a card")."""
        steps: list[dict[str, Any]] = []
        subject = None
        may_id = None  # "you may exile it, then return that card": the "may" governs both
        for child in children:
            if child[0] is not None:
                subject, may_id = child[0], None
            made = self._instruction(subject, *child[1:])
            if may_id is not None and child[0] is None and child[1] is None:
                for step in made:
                    (body,) = step.values()
                    if body.get("if", {"did": may_id}) != {"did": may_id}:
                        raise Unsupported("a step after 'you may …, then' with its own "
                                          "condition")
                    body["if"] = {"did": may_id}
            elif child[1] is not None and not any("search" in step for step in made):
                # (after "you may search", the searching rules say what a search that is not
                # done leaves out, the shuffle too: knowledge/rules/searching.py)
                may_id = self._last_optional
            steps += made
        return steps

    def instruction(self, children: list[Any]) -> tuple[Any, ...]:
        return tuple(children)

    def _instruction(self, subject: Any, may: Any, act: Act, unless: Any
                     ) -> list[dict[str, Any]]:
        if isinstance(subject, PlayerRef):
            subject = dict(subject)
        elif isinstance(subject, dict):  # a bare selector: "creatures you control get +1/+1"
            self.each_named = subject
            subject = Ref(subject, "each")
        body = dict(act.args)
        if act.args is self.created:  # a later "it" names this very step (_it)
            self.created = body
        if subject is not None:
            if act.role == "who":
                if isinstance(subject, Ref):
                    raise Unsupported("an object where a player acts")
                if subject != "you":
                    body["who"] = subject
            else:
                if not isinstance(subject, Ref):
                    raise Unsupported("a player where an object acts")
                if act.role == "what":
                    body = {"what": subject.value, **body}
                elif act.role == "source" and subject.value != "this":
                    body = {"source": subject.value, **body}
                    if isinstance(subject.value, dict) and body.get("to") in (
                            {"controller_of": "this"}, {"owner_of": "this"}):
                        # "each creature deals 1 damage to its controller": each one's own
                        # controller, not the controller of the card (Rakdos Charm)
                        raise Unsupported("'its controller' of each object that deals damage")
        elif act.role == "what":
            raise Unsupported(f"'{act.verb}' without what it applies to")
        if body.pop(YOURS_ONLY_SELF, False) and body.get("what") != "this":
            raise Unsupported("'your next untap step' for an object that may be another "
                              "player's")
        if "prohibit" in body and isinstance(body.get("what"), dict):
            # oneshot: "creatures can't block this turn" changes the rules of the game, so it
            # binds creatures that arrive later too (611.2c); only named objects are read
            raise Unsupported("a one-shot prohibition on a kind of object (it binds objects "
                              "that arrive later too)")
        if may is not None:
            body["may"] = True
            if "id" not in body:
                self.steps_made += 1
                body["id"] = f"s{self.steps_made}"
            self._last_optional = body["id"]
        if unless:
            body["unless"] = unless
        if act.verb == "pay" and may is None:  # --- pay: only an offered payment is read
            raise Unsupported("a payment that is not optional")
        if unless and unless.get("who") == THEY:  # --- pay: "unless they pay": its player
            if subject is None or isinstance(subject, Ref) or act.role != "who" \
                    or subject in ("each_player", "each_opponent"):
                raise Unsupported("'unless they pay' not about the one player acting")
            if subject == "event.player" and self.targets:
                # "target player draws … then that player discards … unless they …": "that
                # player" is the target there, not a trigger's player
                raise Unsupported("'that player' after a target, in 'unless they pay'")
            unless["who"] = subject
        # --- pay: the steps in order ("if you can't" looks back at the one before)
        self.__dict__.setdefault("_bodies", []).append((act.verb, body))
        return [*self._choices_before(act.verb, body), {act.verb: body},
                *({act.verb: dict(m)} for m in act.more)]

    def unless(self, c: list[Any]) -> dict[str, Any]:
        who, pays = c
        if not isinstance(pays, list):
            pays = [pays]
        if isinstance(who, Ref):
            raise Unsupported("an object paying")
        return {"who": dict(who) if isinstance(who, dict) else who, "pays": pays}

    def cost_list(self, c: list[Any]) -> list[Any]:
        return [x for x in c if x is not None]

    def subject(self, children: list[Any]) -> Any:
        return children[0]

    def may(self, _: list[Any]) -> bool:
        return True

    def action(self, children: list[Any]) -> Any:
        return children[0]

    # ------------------------------------------------------------------ verbs
    def cards(self, children: list[Any]) -> Any:
        return children[0]

    def draw(self, c: list[Any]) -> Act:
        return Act("draw", {"amount": c[0]})

    def draw_one_more(self, c: list[Any]) -> Act:
        return Act("draw", {"amount": 1})

    def discard(self, c: list[Any]) -> Act:
        return Act("discard", {"amount": c[0]})

    def discard_random(self, c: list[Any]) -> Act:
        return Act("discard", {"amount": c[0], "random": True})

    def discard_hand(self, c: list[Any]) -> Act:
        raise Unsupported("discarding a whole hand")

    def gain_life(self, c: list[Any]) -> Act:
        return Act("gain_life", {"amount": c[0]})

    def lose_life(self, c: list[Any]) -> Act:
        return Act("lose_life", {"amount": c[0]})

    def deal_damage(self, c: list[Any]) -> Act:
        amount, to = c
        return Act("deal_damage", {"amount": amount, "to": to}, role="source")

    def deal_damage_to_equal(self, c: list[Any]) -> Act:
        to, amount = c
        return self.deal_damage([amount, to])

    def count_of(self, c: list[Any]) -> dict[str, Any]:
        return {"count": c[0]}

    def power_of(self, c: list[Any]) -> dict[str, Any]:
        return {"power_of": c[0]}

    def toughness_of(self, c: list[Any]) -> dict[str, Any]:
        return {"toughness_of": c[0]}

    def its(self, c: list[Any]) -> Any:
        # "its power", "that creature's mana value": an amount, never of a token the same
        # sentence creates ("create X tokens, where X is that creature's mana value")
        created, self.created = self.created, None
        try:
            return self._that(c[0] if c and isinstance(c[0], dict) else None)
        finally:
            self.created = created

    def self_s(self, _: list[Any]) -> str:
        return "this"

    def recipients(self, c: list[Any]) -> Any:
        value = c[0]
        if isinstance(value, list):
            raise Unsupported("damage dealt to several groups at once")
        return value.value if isinstance(value, Ref) else value

    def each_and_each_player(self, c: list[Any]) -> dict[str, Any]:
        return {"any_of": [c[0], "each_player"]}

    def any_target(self, c: list[Any]) -> Ref:
        return Ref(self._target("any_target"), "target")

    def any_targets(self, c: list[Any]) -> Ref:
        return Ref(self._target("any_target", c[0]), "target")

    def any_targets_up_to(self, c: list[Any]) -> Ref:
        return Ref(self._target("any_target", {"min": 0, "max": c[0]}), "target")

    def destroy(self, c: list[Any]) -> Act:
        return Act("destroy", {"what": self._objects(c[0])})

    def exile(self, c: list[Any]) -> Act:
        if isinstance(c[0], Ref) and c[0].value == "this" and self.event_ref:
            self.acted_on_this = True  # "exile ~, then return it": not the event's (_it)
        return Act("exile", {"what": self._objects(c[0])})

    def counter(self, c: list[Any]) -> Act:
        return Act("counter", {"what": self._objects(c[0])})

    def sacrifice(self, c: list[Any]) -> Act:
        ref = c[0]
        if ref.kind == "choice" and isinstance(ref.count, int):
            # each player sacrifices that many of their own (701.21a; `amount`, 1 when left out)
            return Act("sacrifice", {"what": ref.value,
                                     **({"amount": ref.count} if ref.count != 1 else {})})
        return Act("sacrifice", {"what": self._objects(ref)})

    def create(self, c: list[Any]) -> Act:
        amount, token = c
        args = {"token": token, **({"amount": amount} if amount != 1 else {})}
        self.created = args
        return Act("create", args)

    def put_counters(self, c: list[Any]) -> Act:
        amount, kind, what = c
        return Act("put_counters", {"counter": kind, "amount": amount, "what": self._objects(what)})

    def return_to_hand(self, c: list[Any]) -> Act:
        return Act("return", {"what": self._objects(c[0]), "to": "hand"})

    def return_to_battlefield(self, c: list[Any]) -> Act:
        what, tapped, under = c
        args: dict[str, Any] = {"what": self._objects(what), "to": "battlefield"}
        if tapped:
            args["tapped"] = True
        if under:
            args["under"] = "you"
        return Act("return", args)

    def put_into_hand(self, c: list[Any]) -> Act:
        return Act("put", {"what": self._objects(c[0]), "to": "hand"})

    def put_onto_battlefield(self, c: list[Any]) -> Act:
        what, tapped, under = c
        args: dict[str, Any] = {"what": self._objects(what), "to": "battlefield"}
        if tapped:
            args["tapped"] = True
        if under:
            args["under"] = "you"
        return Act("put", args)

    def put_into_graveyard(self, c: list[Any]) -> Act:
        return Act("put", {"what": self._objects(c[0]), "to": "graveyard"})

    def put_library(self, c: list[Any]) -> Act:
        what, end = c
        return Act("put", {"what": self._objects(what), "to": "library", "position": end})

    def put_on_top(self, c: list[Any]) -> Act:
        return Act("put", {"what": self._objects(c[0]), "to": "library", "position": "top"})

    def library_end(self, c: list[Any]) -> str:
        return str(c[-1])

    def attach(self, c: list[Any]) -> Act:
        what, to = c
        return Act("attach", {"what": self._objects(what), "to": self._objects(to)})

    def return_self_to_hand(self, c: list[Any]) -> Act:
        self.zone = "graveyard"  # the ability works from the graveyard (CR 113.6)
        return Act("return", {"what": "this", "to": "hand"})

    def return_self_to_battlefield(self, c: list[Any]) -> Act:
        self.zone = "graveyard"
        args: dict[str, Any] = {"what": "this", "to": "battlefield"}
        if c[1]:
            args["tapped"] = True
        return Act("return", args)

    def delayed(self, children: list[Any]) -> list[dict[str, Any]]:
        """"… at the beginning of the next end step": a delayed trigger (CR 603.7)."""
        steps, when = children
        if any(_holds_object(steps, again) for again in self.those):
            # "sacrifice those creatures at the next end step": the same objects, not
            # whatever the selector matches by then
            raise Unsupported("'those …' in a delayed trigger")
        if any({"flip_coin", "clash"} & set(s) for s in steps):
            # coin: "flip a coin at the beginning of the next end step. If you lose the
            # flip, …": the steps on its outcome would wait for the delayed trigger too
            raise Unsupported("a coin flip or clash in a delayed trigger")
        return [{"delayed": {"when": {"step": when}, "do": steps}}]

    def next_upkeep(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "upkeep", "whose": "next"}

    def next_end_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "end", "whose": "next"}

    def hand(self, _: list[Any]) -> str:
        return "hand"

    def graveyard(self, _: list[Any]) -> str:
        return "graveyard"

    def under_your_control(self, _: list[Any]) -> bool:
        return True

    def tapped(self, _: list[Any]) -> bool:
        return True

    def tap(self, c: list[Any]) -> Act:
        return Act("tap", {"what": self._objects(c[0])})

    def untap(self, c: list[Any]) -> Act:
        return Act("untap", {"what": self._objects(c[0])})

    def scry(self, c: list[Any]) -> Act:
        return Act("scry", {"amount": c[0]})

    def surveil(self, c: list[Any]) -> Act:
        return Act("surveil", {"amount": c[0]})

    # keyword actions (CR 701): the verb of the same name
    def investigate(self, _: list[Any]) -> Act:
        return Act("investigate")

    def proliferate(self, _: list[Any]) -> Act:
        return Act("proliferate")

    def populate(self, _: list[Any]) -> Act:
        return Act("populate")

    def adapt(self, c: list[Any]) -> Act:
        return Act("adapt", {"amount": c[0]})

    def bolster(self, c: list[Any]) -> Act:
        return Act("bolster", {"amount": c[0]})

    def fateseal(self, c: list[Any]) -> Act:
        return Act("fateseal", {"amount": c[0]})

    def monstrosity(self, c: list[Any]) -> Act:
        return Act("monstrosity", {"amount": c[0]})

    def goad(self, c: list[Any]) -> Act:
        return Act("goad", {"what": self._objects(c[0])})

    def explore(self, _: list[Any]) -> Act:
        return Act("explore", role="what")

    def connive(self, _: list[Any]) -> Act:
        return Act("connive", role="what")

    def mill(self, c: list[Any]) -> Act:
        return Act("mill", {"amount": c[0]})

    def search_of(self, c: list[Any]) -> Act:
        whose, ref = c
        if not isinstance(whose, str) or not whose.startswith("t"):
            raise Unsupported("a search of a library other than yours or a target player's")
        act = self.search([ref])
        act.args["of"] = whose
        self.searched_of = whose  # "that player" from here on is that library's owner
        return act

    def search_any_number(self, c: list[Any]) -> Act:
        return self.search([Ref(c[0], "choice", "any")])

    def search(self, c: list[Any]) -> Act:
        ref: Ref = c[0]
        if ref.kind != "choice" or not isinstance(ref.value, dict):
            raise Unsupported("a search for something other than cards")
        self.found = "found"
        self.created = None
        wanted = {k: v for k, v in ref.value.items() if k != "zone"}
        unread = set(wanted) - _SEARCH_CHECKS
        if unread:
            # the search rules check a found card against these keys only (facts/resolution.py
            # fits); "basic land cards and/or Gate cards" (any_of) would find anything
            raise Unsupported(f"a search for cards described by {', '.join(sorted(unread))}")
        args: dict[str, Any] = {"for": wanted} if wanted else {}
        args["id"] = "found"
        count = ref.count
        if isinstance(count, dict):  # up to N
            count = {"max": _whole(count["max"])}
        if count != 1:
            args["count"] = count
        return Act("search", args)

    def shuffle(self, _: list[Any]) -> Act:
        return Act("shuffle", {})

    def reveal(self, _: list[Any]) -> Act:
        return Act("reveal", {"what": self._it()})

    def pump(self, c: list[Any]) -> Act:
        pt, duration = c
        power, toughness = str(pt).split("/")
        args: dict[str, Any] = {"power": signed(power), "toughness": signed(toughness)}
        if duration:
            args["duration"] = duration
        return Act("modify", args, role="what")

    def grant(self, c: list[Any]) -> Act:
        keywords, duration = c
        keywords = static_keywords(keywords)  # "gains protection from red until end of turn"
        args: dict[str, Any] = {"add_keywords": keywords}
        if duration:
            args["duration"] = duration
        return Act("modify", args, role="what")

    def pump_grant(self, c: list[Any]) -> Act:
        pt, keywords, duration = c
        keywords = static_keywords(keywords)
        act = self.pump([pt, duration])
        act.args["add_keywords"] = keywords
        return act

    def prevent(self, c: list[Any]) -> Act:
        # a shield that lasts this turn and stops the next N damage to that recipient
        amount, to = c
        return Act("prevent", {"amount": amount, "to": to, "duration": "this_turn"})

    def regenerate(self, c: list[Any]) -> Act:
        return Act("regenerate", {"what": self._objects(c[0])})

    def fight(self, c: list[Any]) -> Act:
        return Act("fight", {"with": self._objects(c[0])}, role="what")

    def gain_control(self, c: list[Any]) -> Act:
        what, duration = c
        args: dict[str, Any] = {"what": self._objects(what)}
        if duration:
            args["duration"] = duration
        return Act("gain_control", args)

    def add_mana(self, c: list[Any]) -> Act:
        return Act("add_mana", c[0])

    def mana_symbols(self, c: list[Any]) -> dict[str, Any]:
        text = str(c[0]).upper()
        symbols = text.strip("{}").split("}{")
        if not all(s in ("W", "U", "B", "R", "G", "C") for s in symbols):
            raise Unsupported(f"mana {text}")
        return {"mana": symbols[0] if len(symbols) == 1 else text}

    def mana_one_of(self, c: list[Any]) -> dict[str, Any]:
        colors = [str(s).upper().strip("{}") for s in c]
        if not all(len(s) == 1 and s in "WUBRGC" for s in colors):
            raise Unsupported("a choice of mana other than single symbols")
        if not verb_takes("add_mana", "one_of"):
            raise Unsupported("a choice between kinds of mana (add_mana has no word for it)")
        return {"one_of": [c.lower() for c in colors]}

    def mana_any_type_could(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != 1 or c[1] != 1:
            raise Unsupported("several mana of a type lands could produce")
        return {"any_type_could_produce": c[2]}

    def mana_any_color_could(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != 1 or c[1] != 1:
            raise Unsupported("several mana of a color lands could produce")
        return {"any_color_could_produce": c[2]}

    def mana_for_each(self, c: list[Any]) -> dict[str, Any]:
        out = self.mana_symbols(c[:1])
        if "amount" in out or out["mana"].startswith("{"):
            raise Unsupported("several symbols for each")
        return {"mana": "{" + out["mana"] + "}", "amount": {"count": c[1]}}

    def mana_type_produced(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != 1:
            raise Unsupported("several mana of the type produced")
        return {"type_produced": True}

    def mana_chosen_color(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"chosen_color": True}
        if c[0] != 1:
            out["amount"] = c[0]
        return out

    def mana_any_color(self, c: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"any_color": True}
        if c[0] != 1:
            out["amount"] = c[0]
        return out

    # A mode keeps its own target slots (CR 700.2: targets are chosen for the chosen mode).
    _mode_mark = 0

    def choose_one(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{MODES: c}]

    def choose_one_or_both(self, c: list[Any]) -> list[dict[str, Any]]:
        # spells: the count is the spell's `mode_count` (read by modes.count, CR 700.2)
        return [{MODES: distinct_mode_targets(c), MODE_COUNT: {"min": 1, "max": 2}}]

    def choose_two(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{MODES: distinct_mode_targets(c), MODE_COUNT: {"min": 2, "max": 2}}]

    def option(self, c: list[Any]) -> dict[str, Any]:
        mode: dict[str, Any] = {}
        mine = self.targets[self._mode_mark:]
        if mine:
            mode["targets"] = mine
            self.targets = self.targets[:self._mode_mark]
        mode["do"] = c[0]
        # "it", "that card", "those creatures" never reach into another mode (CR 700.2: only
        # the chosen modes happen, so another mode's token or found card may not exist)
        self.created = self.found = self.each_named = self.mentioned = self.looked = None
        self.acted_on_this = False
        return mode

    def until_end_of_turn(self, _: list[Any]) -> str:
        return "until_end_of_turn"

    def until_end_of_combat(self, _: list[Any]) -> str:
        return "until_end_of_combat"

    def until_your_next_turn(self, _: list[Any]) -> str:
        return "until_your_next_turn"

    def this_turn(self, _: list[Any]) -> str:
        return "this_turn"

    # ------------------------------------------------------------------ tokens
    def token(self, c: list[Any]) -> dict[str, Any]:
        size, colors, noun, keywords = c
        types = [t for t in noun if t in TYPE_WORDS]
        subtypes = [t for t in noun if t not in TYPE_WORDS]
        card: dict[str, Any] = {"types": types or ["creature"], "subtypes": subtypes}
        if colors:
            card["colors"] = colors
        if size:
            p, t = str(size).split("/")
            if not (p.isdigit() and t.isdigit()):
                raise Unsupported(f"a {size} token (its size is decided later)")
            card["power"], card["toughness"] = int(p), int(t)
        if keywords:
            card["keywords"] = keywords
        return card

    # the tokens CR 111.10 defines by name
    PREDEFINED = {"treasure", "food", "clue", "gold", "blood", "powerstone", "map", "junk",
                  "incubator", "shard"}

    def predefined_token(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        kind = subtypes()[str(c[0])]
        if kind not in self.PREDEFINED:
            raise Unsupported(f"a {kind} token without its characteristics")
        return {"name": kind.title(), "types": ["artifact"], "subtypes": [kind]}

    def token_noun(self, c: list[Any]) -> list[str]:
        return list(c)

    def token_type(self, c: list[Any]) -> str:
        from rulings.oracle.tokens import subtypes

        return subtypes().get(str(c[0]), str(c[0]))

    def colors(self, c: list[Any]) -> list[str]:
        return [str(x) for x in c if x]

    def colorless(self, _: list[Any]) -> list[str]:
        return ["colorless"]

    def with_keywords(self, c: list[Any]) -> list[Any]:
        return c[0]

    def counter_kind(self, c: list[Any]) -> str:
        return str(c[0])

    def color(self, c: list[Any]) -> str:
        return str(c[0]) if c else ""

    # ------------------------------------------------------------------ objects
    def self_ref(self, _: list[Any]) -> Ref:
        return Ref("this")

    def self(self, _: list[Any]) -> str:  # noqa: A003 - the grammar's word
        return "this"

    def it_ref(self, c: list[Any]) -> Ref:
        noun = c[0] if c and isinstance(c[0], dict) else None
        if noun is not None and "creature" not in noun.get("types", []):
            # "that Equipment" after "create a … token": not the token
            created, self.created = self.created, None
            try:
                return Ref(self._it())
            finally:
                self.created = created
        return Ref(self._that(noun))

    def _that(self, noun: Any) -> Any:
        """"it", or "that creature" / "those creatures" (a noun given): a noun never means
        the card itself. After "each creature you control …" it is those creatures (the
        same selector); with nothing named before it ("sacrifice a creature. … that
        creature's power") no referent says which object, and it stays unparsed."""
        ref = self._it()
        if noun is not None and ref == getattr(self, "looked", None) and ref == self.found \
                and set(noun.get("types", [])) & set(PERMANENT_TYPES):
            # "reveal the top card of your library. ~ deals damage … to that creature": a
            # card in a library is no creature; the one target of that kind is meant
            kind = set(noun["types"])
            fitting = [t["id"] for t in self.targets if isinstance(t["filter"], dict)
                       and kind <= set(t["filter"].get("types", []))]
            if len(fitting) != 1:
                raise Unsupported("'that <permanent>' after a card looked at or revealed")
            return fitting[0]
        if noun is not None and not self.event_ref and any(
                t["id"] == ref and isinstance(t["filter"], str) for t in self.targets):
            # "target player sacrifices a creature … that creature's toughness": the
            # last target is a player, and no referent names the creature
            raise Unsupported("'that …' after a player's target")
        if noun is None or ref != "this":
            return ref
        if self.each_named is not None:
            again = dict(self.each_named)
            self.those.append(again)  # delayed() refuses it: later, other objects match
            return again
        raise Unsupported("'that …' with no object named before it")

    def target(self, c: list[Any]) -> Ref:
        return self.target_n([1, *c])

    def target_n(self, c: list[Any]) -> Ref:
        count, other, selector = c
        filter_ = dict(selector)
        if other:
            filter_["other"] = True
        return Ref(self._target(filter_, count), "target", count)

    def target_up_to(self, c: list[Any]) -> Ref:
        return self.target_n([{"min": 0, "max": c[0]}, *c[1:]])

    def other(self, _: list[Any]) -> bool:
        return True

    def each(self, c: list[Any]) -> Ref:
        self.each_named = c[0]  # "… each creature you control. Untap those creatures."
        return Ref(c[0], "each")

    def a_choice(self, c: list[Any]) -> Ref:
        return Ref(c[1], "choice", c[0])

    def up_to_choice(self, c: list[Any]) -> Ref:
        return Ref(c[1], "choice", {"min": 0, "max": c[0]})

    def enchanted(self, _: list[Any]) -> Ref:
        self.mentioned = "enchanted"  # "tap enchanted creature. It deals …": that creature
        return Ref("enchanted")

    def equipped(self, _: list[Any]) -> Ref:
        self.mentioned = "equipped"
        return Ref("equipped")

    # players: a referent word, or a target slot
    def you(self, _: list[Any]) -> str:
        return "you"

    def target_player(self, _: list[Any]) -> str:
        return self._target("player")

    def target_opponent(self, _: list[Any]) -> str:
        return self._target("opponent")

    def target_player_or_planeswalker(self, _: list[Any]) -> str:
        return self._target({"any_of": ["player", {"types": ["planeswalker"]}]})

    def each_player(self, _: list[Any]) -> str:
        return "each_player"

    def each_opponent(self, _: list[Any]) -> str:
        return "each_opponent"

    def event_player(self, _: list[Any]) -> str:
        return getattr(self, "searched_of", None) or "event.player"

    def controller_of_it(self, _: list[Any]) -> PlayerRef:
        return PlayerRef(controller_of=self._it())

    def owner_of_it(self, _: list[Any]) -> PlayerRef:
        return PlayerRef(owner_of=self._it())

    def defending_player(self, _: list[Any]) -> str:
        # only in a trigger on an attacking creature (checked by _defending_checked)
        self.defending_used = True
        return "defending_player"

    def player(self, c: list[Any]) -> Any:
        return c[0]

    # ------------------------------------------------------------------ selectors
    def selector(self, c: list[Any]) -> dict[str, Any]:
        parts = [x for x in c if x]
        colored = [x for x in parts if isinstance(x, dict) and x.get("colors")]
        if len(colored) > 1 and any(len(x["colors"]) > 1 for x in colored):
            # aslongas: "red or green white creature": either color, then another one
            raise Unsupported("a color beside 'one color or another'")
        if any(len(x.get("types", [])) > 1 for x in parts) and any(
                "keyword" in x or (isinstance(x.get("not"), dict) and "keyword" in x["not"])
                for x in parts):
            # pw: "artifact, enchantment, or creature with flying": the keyword may describe
            # the last noun only, which a merged selector can't say
            raise Unsupported("a keyword after several card types (it may describe only the "
                              "last)")
        return merge(parts)

    def noun_list(self, c: list[Any]) -> dict[str, Any]:
        if len(c) == 1:
            return c[0]
        last = c[-1]
        if last.get("zone") and all(set(n) == {"types"} for n in c[:-1]):
            # "instant or sorcery spell": the last noun's zone is every noun's
            c = [{**n, "zone": last["zone"]} for n in c[:-1]] + [last]
        if set(last) == {"subtypes", "types"} and all(set(n) == {"subtypes"} for n in c[:-1]):
            # "Merfolk or Kithkin creature": the type word is every subtype's
            c = [{**n, "types": last["types"]} for n in c[:-1]] + [last]
        keys = {tuple(sorted(n)) for n in c}
        if len(keys) == 1 and keys <= {("types",), ("subtypes",), ("types", "zone"),
                                        ("zone",)} and all(
                n.get("zone") == c[0].get("zone") for n in c):
            return merge(c)
        return {"any_of": c}

    def type_word(self, c: list[Any]) -> dict[str, Any]:
        word = _single(c[0])
        if word in TYPE_WORDS:
            return {"types": [word]}
        if word in ("permanent", "spell"):
            return {"types": [word]}
        return {}  # card

    def noun(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def type_card(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def type_spell(self, c: list[Any]) -> dict[str, Any]:
        return {**c[0], "zone": "stack"}

    def type_permanent(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def subtyped(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        subs = [subtypes()[str(t)] for t in c if isinstance(t, Token) and t.type == "SUBTYPE"]
        if len(set(subs)) > 1:
            # "an Eldrazi Scion", "Elf Warrior creature": one object with both subtypes; a
            # selector's subtypes are any of them (audit 10, Drowner of Hope)
            raise Unsupported("a kind of object with two subtypes at once")
        kinds = [x for x in c if isinstance(x, dict)]
        return merge([{"subtypes": subs}, *kinds])

    _QUALITIES: dict[str, dict[str, Any]] = {
        "another": {"other": True}, "other": {"other": True},
        "tapped": {"is": ["tapped"]}, "untapped": {"is": ["untapped"]},
        "attacking": {"is": ["attacking"]}, "blocking": {"is": ["blocking"]},
        "token": {"is": ["token"]}, "nontoken": {"is": ["nontoken"]},
        "basic": {"supertypes": ["basic"]}, "legendary": {"supertypes": ["legendary"]},
        "snow": {"supertypes": ["snow"]},
        "nonbasic": {"not": {"supertypes": ["basic"]}},
        "nonlegendary": {"not": {"supertypes": ["legendary"]}},
        "nonland": {"not_types": ["land"]}, "noncreature": {"not_types": ["creature"]},
        "nonartifact": {"not_types": ["artifact"]},
        "nonenchantment": {"not_types": ["enchantment"]},
        "colorless": {"colors": ["colorless"]}, "multicolored": {"colors": ["multicolored"]},
    }

    def quality_word(self, c: list[Any]) -> dict[str, Any]:
        words = [str(x) for x in c]
        if words == ["attacking", "or", "blocking"]:
            return {"any_of": [{"is": ["attacking"]}, {"is": ["blocking"]}]}
        if len(words) == 3 and words[1] == "or" and {words[0], words[2]} <= {
                "white", "blue", "black", "red", "green"}:
            # aslongas: "a white or black permanent": either color (`colors` is any of them)
            return {"colors": [words[0], words[2]]}
        word = words[0]
        if word in self._QUALITIES:
            return self._QUALITIES[word]
        if word.startswith("non"):
            return {"not": {"colors": [word[3:]]}}
        return {"colors": [word]}

    def you_control(self, _: list[Any]) -> dict[str, Any]:
        return {"controller": "you"}

    def opponent_controls(self, _: list[Any]) -> dict[str, Any]:
        return {"controller": "opponent"}

    def not_you_control(self, _: list[Any]) -> dict[str, Any]:
        return {"not": {"controller": "you"}}

    def target_player_controls(self, _: list[Any]) -> dict[str, Any]:
        # pw: "all lands target player controls": a player target, and the objects of that
        # player (read by the resolution walk; compiler._target_controls keeps it to steps
        # the walk resolves at once)
        self.target_controls = True
        return {"controller": self._target("player")}

    def you_own(self, _: list[Any]) -> dict[str, Any]:
        return {"owner": "you"}

    def with_keyword(self, c: list[Any]) -> dict[str, Any]:
        if not isinstance(c[0], str):
            raise Unsupported("a keyword with a parameter in a selector")
        return {"keyword": c[0]}

    def without_keyword(self, c: list[Any]) -> dict[str, Any]:
        return {"not": self.with_keyword(c)}

    def stat(self, c: list[Any]) -> str:
        return "mana_value" if str(c[0]) == "mana" else str(c[0])

    def stat_le(self, c: list[Any]) -> dict[str, Any]:
        if c[1] == "X":  # only a search's description may say it (x_compare_outside_search)
            return {c[0]: {"le": "X"}}
        return {c[0]: {"le": _whole(c[1])}}

    def stat_ge(self, c: list[Any]) -> dict[str, Any]:
        if c[1] == "X":
            return {c[0]: {"ge": "X"}}
        return {c[0]: {"ge": _whole(c[1])}}

    def in_graveyard(self, _: list[Any]) -> dict[str, Any]:
        return {"zone": "graveyard", "owner": "you"}

    def in_hand(self, _: list[Any]) -> dict[str, Any]:
        return {"zone": "hand", "owner": "you"}

    def in_any_graveyard(self, _: list[Any]) -> dict[str, Any]:
        return {"zone": "graveyard"}

    def in_library(self, _: list[Any]) -> dict[str, Any]:
        return {"zone": "library", "owner": "you"}

    def count(self, c: list[Any]) -> Any:
        return number(c[0]) if c else 1

    def count_gt1(self, c: list[Any]) -> Any:
        return number(c[0])

    # ------------------------------------------------------------------ keywords
    def keywords(self, c: list[Any]) -> list[Any]:
        return list(c)

    def keyword(self, c: list[Any]) -> Any:
        words = [str(x) for x in c]
        if words[0] == "protection":
            what = words[-1]
            if what == "colors":
                raise Unsupported("protection from all colors")
            return {"protection": {"from": {"colors": [what]}}}
        from rulings.oracle.keywords import LANDWALKS

        if " ".join(words) in LANDWALKS:
            return {"landwalk": LANDWALKS[" ".join(words)]}
        word = keyword_word(" ".join(words))
        if not known_keyword(word):
            raise Unsupported(f"the keyword '{' '.join(words)}' is not in the card language yet")
        return word

    # ------------------------------------------------------------------ triggers
    def triggered(self, c: list[Any]) -> dict[str, Any]:
        _, event, steps = c
        self._defending_checked(event)  # type: ignore[attr-defined]
        if any(isinstance(a, dict) and a.get("one_or_more") for a in event.values()) \
                and "event.card" in repr(steps):
            # batch: "whenever one or more … attack, … each of those creatures": no one
            # object is "it"
            raise Unsupported("the objects of a trigger for one or more at once")
        return {"when": event, "do": steps}

    def trigger_word(self, c: list[Any]) -> str:
        return str(c[0])

    def _about(self, ref: Any) -> Any:
        if isinstance(ref, dict):
            ref = Ref(ref, "choice")
        if ref.kind == "target":
            raise Unsupported("a target in a trigger event")
        # "it" in the effect: the object the event is about (enchanted, equipped, or the one
        # that matched the filter)
        self.event_ref = ref.value if ref.kind == "ref" and ref.value != "this" \
            else "event.card"
        return ref.value if ref.kind != "ref" or ref.value != "this" else "this"

    def enters(self, c: list[Any]) -> bool:
        return bool(c and c[-1])

    def self_enters(self, c: list[Any]) -> dict[str, Any]:
        return {"enters": {"what": "this"}}

    def other_enters(self, c: list[Any]) -> dict[str, Any]:
        ref, under = c
        what = self._about(ref)
        if under and isinstance(what, dict):
            what = {**what, "controller": "you"}
        return {"enters": {"what": what}}

    def self_dies(self, _: list[Any]) -> dict[str, Any]:
        return {"dies": {"what": "this"}}

    def other_dies(self, c: list[Any]) -> dict[str, Any]:
        what = self._about(c[0])
        if what in ("enchanted", "equipped"):
            self.event_ref = "event.card"  # it has died: no longer enchanted, the card itself
        return {"dies": {"what": what}}

    def self_attacks(self, _: list[Any]) -> dict[str, Any]:
        return {"attacks": {"what": "this"}}

    def self_blocks(self, _: list[Any]) -> dict[str, Any]:
        return {"blocks": {"what": "this"}}

    def self_attacks_or_blocks(self, _: list[Any]) -> dict[str, Any]:
        return {"attacks_or_blocks": {"what": "this"}}  # CR 603.2: either event

    def self_becomes_blocked(self, _: list[Any]) -> dict[str, Any]:
        return {"becomes_blocked": {"what": "this"}}

    def self_leaves(self, _: list[Any]) -> dict[str, Any]:
        return {"leaves": {"what": "this"}}

    def self_combat_damage_player(self, _: list[Any]) -> dict[str, Any]:
        # "it" is still the card itself; the player dealt damage is "that player"
        return {"deals_damage": {"what": "this", "to": "player", "combat": True}}

    def self_damage_player(self, _: list[Any]) -> dict[str, Any]:
        return {"deals_damage": {"what": "this", "to": "player"}}

    def self_becomes_tapped(self, _: list[Any]) -> dict[str, Any]:
        return {"becomes_tapped": {"what": "this"}}

    def self_becomes_target(self, _: list[Any]) -> dict[str, Any]:
        return {"becomes_target": {"what": "this"}}

    def _cast(self, ref: Ref, who: str) -> dict[str, Any]:
        if ref.kind == "ref" and ref.value == "this":  # "when you cast this spell"
            return {"cast": {"what": "this", "who": who}}
        if ref.kind != "choice":
            raise Unsupported("a cast trigger on a particular object")
        self.event_ref = "event.card"
        return {"cast": {"what": ref.value, "who": who}}

    def you_cast(self, c: list[Any]) -> dict[str, Any]:
        return self._cast(c[0], "you")

    def player_casts(self, c: list[Any]) -> dict[str, Any]:
        return self._cast(c[0], "any_player")

    def opponent_casts(self, c: list[Any]) -> dict[str, Any]:
        return self._cast(c[0], "opponent")

    def tapped_for_mana(self, c: list[Any]) -> dict[str, Any]:
        ref = c[0]
        if ref.kind == "target":
            raise Unsupported("a target in a trigger event")
        self.event_ref = "event.card" if ref.kind != "ref" else ref.value
        return {"tapped_for_mana": {"what": ref.value}}

    def you_tap_for_mana(self, c: list[Any]) -> dict[str, Any]:
        out = self.tapped_for_mana(c)
        out["tapped_for_mana"]["who"] = "you"
        return out

    def you_cast_this(self, _: list[Any]) -> dict[str, Any]:
        return {"cast": {"what": "this", "who": "you"}}

    def self_dealt_damage(self, _: list[Any]) -> dict[str, Any]:
        return {"dealt_damage": {"what": "this"}}

    def you_draw(self, _: list[Any]) -> dict[str, Any]:
        return {"draws": {"who": "you"}}

    def object_combat_damage_player(self, c: list[Any]) -> dict[str, Any]:
        # "it" / "that creature" is the creature that dealt the damage (_about), not the
        # player, who is "that player"
        what = self._about(c[0])
        return {"deals_damage": {"what": what, "to": "player", "combat": True}}

    def self_combat_damage_creature(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.card"
        return {"deals_damage": {"what": "this", "to": {"types": ["creature"]},
                                 "combat": True}}

    def you_gain_life(self, _: list[Any]) -> dict[str, Any]:
        return {"gains_life": {"who": "you"}}

    def at_step(self, c: list[Any]) -> dict[str, Any]:
        return {"step": c[0]}

    def your_upkeep(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "upkeep", "whose": "you"}

    def each_upkeep(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "upkeep", "whose": "each"}

    def opponent_upkeep(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "upkeep", "whose": "opponent"}

    def your_end_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "end", "whose": "you"}

    def each_end_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "end", "whose": "each"}

    def your_draw_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "draw", "whose": "you"}

    def your_combat(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "beginning of combat", "whose": "you"}

    def your_main(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "precombat main", "whose": "you"}

    # ------------------------------------------------------------------ costs
    def cost(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for part in c:
            out += part if isinstance(part, list) else [part]
        return out

    def cost_mana(self, c: list[Any]) -> dict[str, Any]:
        return {"mana": mana_cost(str(c[0]))}

    def cost_tap(self, _: list[Any]) -> str:
        return "tap"

    def cost_untap(self, _: list[Any]) -> str:
        return "untap"

    def _cost_object(self, ref: Ref) -> Any:
        if ref.kind == "target":
            raise Unsupported("a target in a cost")
        value = ref.value
        if ref.kind == "choice" and isinstance(value, dict):
            if ref.count != 1:
                raise Unsupported("a cost of several objects")
        return value

    def cost_sacrifice(self, c: list[Any]) -> Any:
        ref = c[0]
        if ref.kind == "choice" and isinstance(ref.count, int) and ref.count > 1:
            one = self._cost_object(Ref(ref.value, "choice"))
            return [{"sacrifice": one}] * ref.count  # "sacrifice two creatures"
        return {"sacrifice": self._cost_object(ref)}

    def cost_discard(self, c: list[Any]) -> Any:
        if isinstance(c[0], Ref):
            if c[0].kind == "choice":
                found = dict(c[0].value)
                if isinstance(c[0].count, int) and c[0].count > 1:
                    return [{"discard": found}] * c[0].count
                if c[0].count != 1:
                    raise Unsupported("discarding X cards as a cost")
                return {"discard": found}
            return {"discard": self._cost_object(c[0])}
        return {"discard": {"count": c[0]} if c[0] != 1 else {}}

    def cost_mill(self, c: list[Any]) -> dict[str, Any]:
        return {"mill": _whole(c[0])}

    def cost_life(self, c: list[Any]) -> dict[str, Any]:
        return {"pay_life": _whole(c[0])}

    def cost_exile(self, c: list[Any]) -> Any:
        ref = c[0]
        if ref.kind == "choice" and isinstance(ref.count, int) and ref.count > 1:
            # "exile two cards from your graveyard": two parts, each its own card (costs.py
            # never uses one object for two parts)
            return [{"exile": self._cost_object(Ref(ref.value, "choice"))}] * ref.count
        return {"exile": self._cost_object(ref)}

    def cost_remove_counters(self, c: list[Any]) -> dict[str, Any]:
        amount, kind, _ = c
        return {"remove_counters": {"counter": kind, "amount": amount}}

    def cost_tap_untapped(self, c: list[Any]) -> dict[str, Any]:
        return {"tap_untapped": {**c[0], "controller": "you"}}

    def cost_return(self, c: list[Any]) -> Any:
        ref = c[0]
        if ref.kind == "choice" and isinstance(ref.count, int) and ref.count > 1:
            return [{"return": self._cost_object(Ref(ref.value, "choice"))}] * ref.count
        return {"return": self._cost_object(ref)}

    # ------------------------------------------------------------------ statics
    def affected(self, c: list[Any]) -> Any:
        x = c[0]
        if isinstance(x, Ref):
            if x.kind == "target":
                raise Unsupported("a target in a static ability")
            return x.value
        return x

    def anthem(self, c: list[Any]) -> dict[str, Any]:
        affects, pt = c
        p, t = str(pt).split("/")
        return {"static": {"affects": affects, "modify": {"power": signed(p),
                                                          "toughness": signed(t)}}}

    def has_keywords(self, c: list[Any]) -> dict[str, Any]:
        affects, keywords = c
        keywords = static_keywords(keywords)
        return {"static": {"affects": affects, "add_keywords": keywords}}

    def anthem_keywords(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem(c[:2])
        out["static"]["add_keywords"] = static_keywords(c[2])
        return out

    def cant(self, c: list[Any]) -> dict[str, Any]:
        affects, action = c
        if action not in prohibit_actions():
            raise Unsupported(f"'can't {action.replace('_', ' ')}' (prohibit has no such "
                              "action)")
        return {"static": {"affects": affects, "prohibit": {"action": action}}}

    def cant_be_blocked_by(self, c: list[Any]) -> dict[str, Any]:
        affects, blockers = c
        return {"static": {"affects": affects,
                           "prohibit": {"action": "be_blocked", "what": blockers}}}

    def must_attack(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "require": {"action": "attack"}}}

    def must_block(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "require": {"action": "block"}}}

    def block_additional(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "block_additional": 1}}

    def block_any_number(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": c[0], "block_any_number": True}}

    def prohibited(self, c: list[Any]) -> str:
        words = [str(x) for x in c]
        if words[-2:] == ["this", "turn"]:
            raise Unsupported("a prohibition for this turn in a static ability")
        return "_".join(w for w in words if w != "or") if "or" not in words else \
            "attack_or_block"

    def control_enchanted(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "enchanted", "control": "you"}}

    def enters_tapped(self, _: list[Any]) -> dict[str, Any]:
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"tapped": True}}}

    def enters_with_counters(self, c: list[Any]) -> dict[str, Any]:
        _, _, amount, kind = c
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"with_counters": {"counter": kind,
                                                             "amount": amount}}}}

    def no_untap(self, c: list[Any]) -> dict[str, Any]:
        # CR 502.3: the permanent stays tapped through its controller's untap step
        affects, whose = c
        if whose == "your" and affects != "this" and not (
                isinstance(affects, dict) and affects.get("controller") == "you"):
            # "… during your untap step" of permanents another player may control: only
            # yours is meant, and the card language says "their controller's"
            raise Unsupported("'doesn't untap during your untap step' of permanents that "
                              "may be another player's")
        return {"static": {"affects": affects, "doesnt_untap": True}}

    def untap_step(self, _: list[Any]) -> str:
        return "controller"

    def your_untap_step(self, _: list[Any]) -> str:
        return "your"

    def you_have_keywords(self, c: list[Any]) -> dict[str, Any]:
        _plain_keywords(c[0])
        return {"static": {"affects": "you", "add_keywords": c[0]}}

    def cost_more(self, c: list[Any], sign: str = "+") -> dict[str, Any]:
        """'Noncreature spells cost {1} more to cast' (CR 601.2f): generic mana only."""
        what, mana = c
        amount = str(mana).strip("{}")
        if not amount.isdigit():
            raise Unsupported(f"a cost change of {mana}")
        return {"static": {"cost_change": {"what": what, "amount": f"{sign}{amount}"}}}

    def cost_less(self, c: list[Any]) -> dict[str, Any]:
        return self.cost_more(c, "-")

    def additional_land_plays(self, c: list[Any]) -> dict[str, Any]:
        # no count word: one more land play
        words = [str(x) for x in c] or ["1"]
        n = {"two": 2, "three": 3}.get(words[0], int(words[0]) if words[0].isdigit() else 1)
        return {"static": {"affects": "you", "additional_land_plays": n}}

    def no_max_hand_size(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "no_max_hand_size": True}}

    def anthem_while(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem(c[:2])
        out["static"]["while"] = c[2]
        return out

    def has_keywords_while(self, c: list[Any]) -> dict[str, Any]:
        out = self.has_keywords(c[:2])
        out["static"]["while"] = c[2]
        return out

    def while_anthem(self, c: list[Any]) -> dict[str, Any]:
        return self.anthem_while([c[1], c[2], c[0]])

    def while_has_keywords(self, c: list[Any]) -> dict[str, Any]:
        return self.has_keywords_while([c[1], c[2], c[0]])

    def kicked_enters_with_counters(self, c: list[Any]) -> dict[str, Any]:
        # counters area: the replacement applies only if it was kicked (CR 702.33e, 614.1c)
        from rulings.oracle.areas.counters import entering_with

        _, _, amount, kind = c
        return entering_with(kind, amount, {"was_kicked": True})

    def you_control_a(self, c: list[Any]) -> dict[str, Any]:
        count, selector = c
        if count != 1:
            raise Unsupported("a count in 'as long as you control'")
        return {"you_control": selector}

    def opponent_controls_a(self, c: list[Any]) -> dict[str, Any]:
        # aslongas: "as long as an opponent controls a black permanent" (CR 108.4)
        count, selector = c
        if count != 1:
            raise Unsupported("a count in 'as long as an opponent controls'")
        return {"opponent_controls": selector}

    def your_turn(self, _: list[Any]) -> dict[str, Any]:
        return {"turn": "yours"}

    def life_ge(self, c: list[Any]) -> dict[str, Any]:
        return {"life": {"ge": _whole(c[0])}}

    def has_ability(self, c: list[Any]) -> dict[str, Any]:
        affects, _ = c
        return {"static": {"affects": affects, "add_abilities": [GRANTED_ABILITY]}}

    def anthem_ability(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem(c[:2])
        out["static"]["add_abilities"] = [GRANTED_ABILITY]
        return out

    def while_has_ability(self, c: list[Any]) -> dict[str, Any]:
        out = self.has_ability(c[1:])
        out["static"]["while"] = c[0]
        return out

    def cda_pt(self, c: list[Any]) -> dict[str, Any]:
        amount = c[-2]
        return {"static": {"cda_pt": {"power": amount, "toughness": amount}}}

    def cda_power(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"cda_pt": {"power": c[-2]}}}

    def on_battlefield(self, _: list[Any]) -> dict[str, Any]:
        return {}  # a selector looks at the battlefield unless it names another zone

    def others_enter_tapped(self, c: list[Any]) -> dict[str, Any]:
        # CR 614.1c: "creatures your opponents control enter the battlefield tapped"
        return {"replacement": {"event": {"enters": {"what": c[0]}}, "modify": {"tapped": True}}}

    def anthem_for_each(self, c: list[Any]) -> dict[str, Any]:
        # "+1/+1 for each artifact you control": each part counts those objects (613.4c)
        affects, pt, counted = c
        parts = {}
        for key, text in zip(("power", "toughness"), str(pt).split("/"), strict=True):
            if text not in ("+0", "+1"):
                raise Unsupported(f"a change of {text} for each (only +1 or +0 counts)")
            parts[key] = {"count": counted} if text == "+1" else 0
        return {"static": {"affects": affects, "modify": parts}}

    def anthem_cant(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem(c[:2])
        out["static"]["prohibit"] = self.cant([c[0], c[2]])["static"]["prohibit"]
        return out

    def enters_tapped_with_counters(self, c: list[Any]) -> dict[str, Any]:
        out = self.enters_with_counters(c)
        out["replacement"]["modify"]["tapped"] = True
        return out

    def must_do(self, c: list[Any]) -> str:
        return "attack" if str(c[0]).startswith("attack") else "block"

    def anthem_requirement(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem(c[:2])
        out["static"]["require"] = {"action": c[2]}
        return out

    def as_enters_choose(self, c: list[Any]) -> dict[str, Any]:
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"choose": c[-1]}}}

    def choice_kind(self, c: list[Any]) -> str:
        return "_".join(str(w) for w in c[1:])

    def more_or_less(self, c: list[Any]) -> int:
        return 1 if str(c[0]) == "more" else -1

    def cost_change(self, c: list[Any]) -> dict[str, Any]:
        # CR 601.2f: a generic amount more or less; coloured symbols change other parts
        spells, mana, sign = c
        if not re.fullmatch(r"\{\d+\}", str(mana)):
            raise Unsupported(f"a cost change of {str(mana).upper()} (only a generic amount)")
        if spells.get("types") != ["spell"] and spells.get("zone") != "stack":
            raise Unsupported("a cost change of something other than spells")
        what = dict(spells)
        if not what.get("types"):
            what["types"] = ["spell"]
        if "spell" in what["types"]:
            what.pop("zone", None)  # a spell is on the stack: the word says it already
        return {"static": {"cost_change": {"what": what, "amount": sign * int(str(mana)[1:-1])}}}

    def spells(self, c: list[Any]) -> dict[str, Any]:
        return dict(c[0])

    def spells_and_spells(self, c: list[Any]) -> dict[str, Any]:
        """"goblin spells and rogue spells you cast": who casts is said once, for both."""
        first, second = (dict(x) for x in c)
        caster = second.pop("controller", None)
        if first.get("controller") or set(first) != set(second) or not set(first) <= {
                "subtypes", "types", "zone"} or first.get("types") != second.get("types"):
            raise Unsupported("two kinds of spells that differ in more than their subtypes")
        both = merge([first, second])
        return {**both, "controller": caster} if caster else both

    def instants_and_sorceries(self, c: list[Any]) -> dict[str, Any]:
        return merge([{"types": ["instant", "sorcery"], "zone": "stack"}, *[x for x in c if x]])

    def named_self(self, _: list[Any]) -> dict[str, Any]:
        return {"same_name_as": "this"}  # "a card named ~" (CR 201.2)

    def you_cast_post(self, _: list[Any]) -> dict[str, Any]:
        return {"controller": "you"}

    def opponents_cast_post(self, _: list[Any]) -> dict[str, Any]:
        return {"controller": "opponent"}

    def uncounterable(self, _: list[Any]) -> dict[str, Any]:
        # the form stack's rules read (coord log 21:51): it works while the spell is on the stack
        if "counter" not in prohibit_actions():
            raise Unsupported("'can't be countered' (prohibit has no action counter yet)")
        return {"static": {"prohibit": {"action": "counter", "what": "this"}, "zone": "stack"}}

    # ------------------------------------------------------------------ searching and mana
    def searchers(self, c: list[Any]) -> str:
        return "each_player" if str(c[0]) == "players" else "each_opponent"

    def search_barred(self, c: list[Any]) -> dict[str, Any]:
        return {"who": c[0], "action": "search", "zone": "library"}

    def cant_search(self, c: list[Any]) -> dict[str, Any]:
        return {"static": {"prohibit": c[0]}}

    def cant_search_unless_paid(self, c: list[Any]) -> dict[str, Any]:
        # the payment is a special action (CR 116.2d) that exempts that player this turn
        barred, mana = c
        return {"static": {"prohibit": barred,
                           "ignore": {"who": "any_player", "cost": [{"mana": mana_cost(mana)}],
                                      "duration": "until_end_of_turn"}}}

    def search_top_instead(self, c: list[Any]) -> dict[str, Any]:
        return {"replacement": {"event": {"searches": {"who": "opponent"}},
                                "modify": {"top": number(c[0])}}}

    def skip_extra_turns(self, _: list[Any]) -> dict[str, Any]:
        return {"replacement": {"event": {"begin_turn": {"who": "opponent", "extra": True}},
                                "instead": [{"skip": {"what": "event.turn"}}]}}

    def mana_multiple(self, c: list[Any]) -> int:
        return 2 if str(c[0]) == "twice" else 3

    def tapped_for_mana_multiplied(self, c: list[Any]) -> dict[str, Any]:
        if c[0] != 2:  # the mana rules read doubling only (TappedForManaReplacement.doubles)
            raise Unsupported("mana produced three times over (only doubling is modelled)")
        return {"replacement": {"event": {"tapped_for_mana": {"who": "you"}},
                                "modify": {"multiply": 2}}}

    # ------------------------------------------------------------------ qualities
    def quality(self, c: list[Any]) -> Any:
        return c[0] if c else "player"


def _mix_in(area: str, mixin: type, owner: dict[str, str] | None = None) -> None:
    """Give the Emitter the methods of a block of grammar rules (below, or an area's class).
    A name the Emitter already has is an error, so that a merge can't silently replace one."""
    for name, method in vars(mixin).items():
        if name.startswith("__"):
            continue
        if hasattr(Emitter, name):
            who = f"area {owner[name]!r}" if owner and name in owner else "the core emitter"
            raise RuntimeError(f"oracle area {area!r} defines {name!r}, which {who} "
                               "already defines")
        if owner is not None:
            owner[name] = area
        setattr(Emitter, name, method)


# == statics, costs, loyalty (session 4): the grammar's block of the same name ==
class StaticsEmitter:
    """Methods mixed into Emitter for the block "statics, costs, loyalty" of oracle.lark."""

    anthem_keywords: Callable[[list[Any]], dict[str, Any]]  # Emitter's

    def cost_pay_mana(self, c: list[Any]) -> list[Any]:
        if str(c[0]).lower().startswith("{e}"):  # "Pay {E}{E}" (CR 107.14): energy
            from rulings.oracle.areas.mana import energy

            return [{"pay_energy": energy(c[0])}]
        return [{"mana": mana_cost(str(c[0]))}]

    def may_not_untap(self, _: list[Any]) -> dict[str, Any]:
        # "you may choose not to untap ~ during your untap step" (CR 502.3)
        return {"static": {"affects": "this", "may_not_untap": True}}

    def you_control_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"you_control_count": {"what": c[1], "ge": _whole(c[0])}}

    def you_control_at_most(self, c: list[Any]) -> dict[str, Any]:
        return {"you_control_count": {"what": c[1], "le": _whole(c[0])}}

    def count_condition(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def condition(self, c: list[Any]) -> dict[str, Any]:
        return c[0]  # the alternative count_condition, passed through

    def enters_tapped_unless(self, c: list[Any]) -> dict[str, Any]:
        return {"replacement": {"event": {"enters": {"what": "this"}},
                                "modify": {"tapped": True, "unless": c[-1]}}}

    def cant_lose(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"affects": "you", "cant_lose": True}}

    def cant_lose_cant_win(self, _: list[Any]) -> dict[str, Any]:
        # no rule makes a player win yet: opponents_cant_win is named as not modelled
        return {"static": {"affects": "you", "cant_lose": True, "opponents_cant_win": True}}

    def graveyard_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"cards_in_graveyard": {"ge": _whole(c[0])}}

    def while_anthem_keywords(self, c: list[Any]) -> dict[str, Any]:
        out = self.anthem_keywords(c[1:])
        out["static"]["while"] = c[0]
        return out

    def opponents_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"opponent_count": {"ge": _whole(c[0])}}

    def you_control_some(self, c: list[Any]) -> dict[str, Any]:
        # "as long as you control another black creature": at least one such permanent
        return {"you_control": c[0]}

    def block_only(self, c: list[Any]) -> dict[str, Any]:
        # "can block only creatures with flying": it can't block the others (509.1b)
        affects, blockable = c
        return {"static": {"affects": affects,
                           "prohibit": {"action": "block", "what": {"not": blockable}}}}


_mix_in("core", StaticsEmitter)

# == replacement effects (CR 614-616; issue 21): the grammar's block "replacement effects" ==
def _replacement(event: dict[str, Any], **modify: Any) -> dict[str, Any]:
    return {"replacement": {"event": event, "modify": modify}}


class ReplacementEmitter:
    """Methods mixed into Emitter for the replacement block of oracle.lark."""

    def replacement_static(self, c: list[Any]) -> Any:
        return c[0]

    def self_graveyard_exile(self, _: list[Any]) -> dict[str, Any]:
        # the card's own effect: it works from any zone the card is in (113.6)
        return _replacement({"put_into_graveyard": {"what": "this"}}, to="exile")

    def self_dies_exile(self, _: list[Any]) -> dict[str, Any]:
        return _replacement({"dies": {"what": "this"}}, to="exile")

    def graveyard_exile(self, c: list[Any]) -> dict[str, Any]:
        what = [str(x) for x in c if isinstance(x, str) and x.startswith("what:")]
        whose = [str(x) for x in c if isinstance(x, str) and x.startswith("whose:")]
        sel: dict[str, Any] = {"types": ["card"]}
        kind = what[0][5:] if what else "card"
        if "creature" in kind:
            sel = {"types": ["creature"]}
            if "nontoken" in kind:
                sel["is"] = ["nontoken"]
        owner = whose[0][6:] if whose else ""
        if owner == "an opponent 's":
            sel["owner"] = "opponent"
        elif owner == "your":
            sel["owner"] = "you"
        return _replacement({"put_into_graveyard": {"what": sel}}, to="exile")

    def gy_what(self, c: list[Any]) -> str:
        return "what:" + " ".join(str(x) for x in c)

    def gy_whose(self, c: list[Any]) -> str:
        return "whose:" + " ".join(str(x) for x in c)

    def combat_word(self, _: list[Any]) -> str:
        return "combat:"

    def enters_tapped_unless_types(self, c: list[Any]) -> dict[str, Any]:
        from rulings.oracle.tokens import subtypes

        # a land type, not a name: "a Mountain" is any land with that subtype (205.3i)
        subs = [subtypes()[str(t)] for t in c if isinstance(t, Token) and t.type == "SUBTYPE"]
        return _replacement({"enters": {"what": "this"}}, tapped=True,
                            unless={"you_control": {"types": ["land"], "subtypes": subs}})

    def enters_tapped_unless_life(self, c: list[Any]) -> dict[str, Any]:
        life = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        return _replacement({"enters": {"what": "this"}}, tapped=True,
                            unless_paid=[{"pay_life": life}])

    def skip_draw_step(self, _: list[Any]) -> dict[str, Any]:
        return _replacement({"step": {"step": "draw", "whose": "you"}}, skip=True)

    def gain_life_twice(self, _: list[Any]) -> dict[str, Any]:
        return _replacement({"gains_life": {"who": "you"}}, multiply=2)

    def gain_life_plus(self, c: list[Any]) -> dict[str, Any]:
        more = next(x for x in c if isinstance(x, int) and not isinstance(x, bool))
        return _replacement({"gains_life": {"who": "you"}}, plus=more)

    def counters_plus_one(self, c: list[Any]) -> dict[str, Any]:
        kinds = [str(x) for x in c if isinstance(x, Token) and x.type == "PT_MOD"]
        what = next(x for x in c if isinstance(x, dict))
        return _replacement({"put_counters": {"what": what, "counter": kinds[0]}}, plus=1)

    def counters_twice(self, c: list[Any]) -> dict[str, Any]:
        what = next(x for x in c if isinstance(x, dict))
        return _replacement({"put_counters": {"what": what}}, multiply=2)

    def damage_multiplied(self, c: list[Any]) -> dict[str, Any]:
        source, factor = [x for x in c if isinstance(x, (dict, int))
                          and not isinstance(x, bool)][:2]
        event = {"damage": {"by": source}} if source else {"damage": {}}
        return _replacement(event, multiply=factor)

    def any_source(self, _: list[Any]) -> dict[str, Any]:
        return {}

    def source_you_control(self, _: list[Any]) -> dict[str, Any]:
        return {"controller": "you"}

    def creature_you_control(self, _: list[Any]) -> dict[str, Any]:
        return {"types": ["creature"], "controller": "you"}

    def damage_factor(self, c: list[Any]) -> int:
        return {"double": 2, "triple": 3}[str(c[0])]

    def prevent_all_to_self(self, c: list[Any]) -> dict[str, Any]:
        event: dict[str, Any] = {"to": "this"}
        if "combat:" in c:
            event["combat"] = True
        return _replacement({"damage": event}, prevent=0)

    def prevent_all_to_you(self, c: list[Any]) -> dict[str, Any]:
        event: dict[str, Any] = {"to": "you"}
        if "combat:" in c:
            event["combat"] = True
        return _replacement({"damage": event}, prevent=0)


_mix_in("core", ReplacementEmitter)


# == effects and triggers, session 4 (issue 25): the grammar's section of the same name ======
#: verbs whose amount "for each …" multiplies (the resolution repeats them, step `for_each`)
_FOR_EACH_VERBS = ("draw", "gain_life", "lose_life", "deal_damage", "mill", "put_counters",
                   "create", "discard", "scry", "surveil")


#: zones besides the battlefield whose cards an amount may count: the resolution counts
#: the cards the situation lists there (knowledge/resolving.py `_Walk.count`); a library is
#: listed from the top and may not be whole, exile and the stack are not counted
_COUNTED_ZONES = ("graveyard", "hand")


def _counted_here(selector: Any) -> Any:
    """A selector whose objects an amount counts: permanents, or cards in a graveyard or a
    hand (spells on the stack and cards in other zones are not counted)."""
    if not isinstance(selector, dict) or ("zone" in selector and selector["zone"] not in
                                          _COUNTED_ZONES) or "spell" in selector.get(
            "types", []):
        raise Unsupported("counting objects that are not on the battlefield")
    named = {"same_name_as", "noted_name_for", "controller_of", "owner_of"} & set(selector)
    if selector.get("same_name_as") == "this":
        named.discard("same_name_as")  # "named ~": the card's own name (facts/lowering.py)
    if named:  # no rule reads these keys: the count would take in every other object
        raise Unsupported(f"counting objects by '{sorted(named)[0]}'")
    return selector


def _replace_x(steps: list[dict[str, Any]], amount: Any) -> bool:
    """Put `amount` for each X of the steps' amounts (their amount, power, toughness)."""
    found = False
    for step in steps:
        for body in step.values():
            if not isinstance(body, dict):
                continue
            for key in ("amount", "power", "toughness"):
                if str(body.get(key, "")).upper() == "X":
                    body[key] = amount
                    found = True
    return found


class EffectsEmitter:
    """Methods mixed into Emitter for the section "effects and triggers, session 4"."""

    def where_x_is(self, c: list[Any]) -> list[dict[str, Any]]:
        steps, amount = c
        if not _replace_x(steps, amount):
            raise Unsupported("'where X is' with no X to replace")
        return steps

    def _measured(self, of: Any) -> Any:
        """"its power", "that spell's mana value" read as the last target: in a trigger
        about another object, it is that object when the target is a player (a player has
        no power), else it is not guessed."""
        event = self.event_ref  # type: ignore[attr-defined]
        if not event or not isinstance(of, str):
            return of
        slot = next((t for t in self.targets if t["id"] == of), None)  # type: ignore[attr-defined]
        if slot is None:
            return of
        if slot["filter"] in ("player", "opponent"):
            return event
        raise Unsupported("'its' or 'that …'s' in a trigger with a target (which one?)")

    def x_amount(self, c: list[Any]) -> Any:
        amount = c[0]
        if isinstance(amount, dict) and "count" in amount:
            _counted_here(amount["count"])
        elif isinstance(amount, dict):
            for key in ("power_of", "toughness_of", "mana_value_of"):
                if key in amount:
                    amount = {**amount, key: self._measured(amount[key])}
        return amount

    def devotion_to(self, c: list[Any]) -> dict[str, Any]:
        return {"devotion": [str(x) for x in c if x]}

    def mana_value_of(self, c: list[Any]) -> dict[str, Any]:
        return {"mana_value_of": c[0]}

    def instruction_for_each(self, c: list[Any]) -> tuple[Any, ...]:
        subject, may, act, counted = c
        counted = _counted_here(counted)
        what = subject.value if isinstance(subject, Ref) else subject if isinstance(
            subject, dict) else act.args.get("what", "this")
        if counted.get("other") and what != "this":
            # "each attacking creature gets +1/+0 for each other attacking creature": other
            # than the one getting it, not other than the source
            raise Unsupported("'for each other …' counted for something other than itself")
        if act.verb == "modify":
            # "+1/+1 for each": each part counts the objects (+0 stays 0)
            for key in ("power", "toughness"):
                if act.args.get(key) not in (0, 1):
                    raise Unsupported("a change other than +1 or +0 for each")
                if act.args[key] == 1:
                    act.args[key] = {"count": counted}
        elif act.verb in _FOR_EACH_VERBS and not isinstance(act.args.get("amount", 1), dict):
            act.args["for_each"] = counted
        else:
            raise Unsupported(f"'{act.verb}' for each")
        return (subject, may, act, None)

    def other_than_self(self, _: list[Any]) -> dict[str, Any]:
        return {"other": True}

    def _event_about(self, event: str, ref: Any) -> dict[str, Any]:
        what = self._about(ref)  # type: ignore[attr-defined]
        return {event: {"what": what}}

    def object_attacks(self, c: list[Any]) -> dict[str, Any]:
        return self._event_about("attacks", c[0])

    def object_blocks(self, c: list[Any]) -> dict[str, Any]:
        return self._event_about("blocks", c[0])

    def object_becomes_blocked(self, c: list[Any]) -> dict[str, Any]:
        return self._event_about("becomes_blocked", c[0])

    def object_becomes_tapped(self, c: list[Any]) -> dict[str, Any]:
        return self._event_about("becomes_tapped", c[0])

    def self_becomes_untapped(self, _: list[Any]) -> dict[str, Any]:
        return {"becomes_untapped": {"what": "this"}}

    def object_becomes_target(self, c: list[Any]) -> dict[str, Any]:
        return self._event_about("becomes_target", c[0])

    def enters_opponent_control(self, c: list[Any]) -> dict[str, Any]:
        what = self._about(c[0])  # type: ignore[attr-defined]
        if not isinstance(what, dict):
            raise Unsupported("a particular object entering under an opponent's control")
        return {"enters": {"what": {**what, "controller": "opponent"}}}

    def _self_or(self, event: str, ref: Any, yours: bool = False) -> dict[str, Any]:
        what = self._about(ref)  # type: ignore[attr-defined]
        if not isinstance(what, dict) and what not in ("enchanted", "equipped"):
            raise Unsupported("a trigger on two particular objects")
        if yours and isinstance(what, dict):
            what = {**what, "controller": "you"}
        self.event_ref = "event.card"  # "it": whichever of the two the event is about
        return {event: {"what": {"any_of": ["this", what]}}}

    def self_or_other_enters(self, c: list[Any]) -> dict[str, Any]:
        return self._self_or("enters", c[1], bool(c[2]))

    def self_or_other_dies(self, c: list[Any]) -> dict[str, Any]:
        return self._self_or("dies", c[1])

    def self_or_other_attacks(self, c: list[Any]) -> dict[str, Any]:
        return self._self_or("attacks", c[1])

    def triggered_if(self, c: list[Any]) -> dict[str, Any]:
        _, event, condition, steps = c
        self._defending_checked(event)  # type: ignore[attr-defined]
        if ("mana_spent" in condition or "was_cast" in condition) and event != {
                "enters": {"what": "this"}}:
            # freecast: "it" is the permanent itself only in its own enters trigger (the
            # rules read that permanent's `spent:`)
            raise Unsupported("'… was spent to cast it' outside the permanent's own enters "
                              "trigger")
        if "was_cast" in condition and "'X'" in repr(steps):
            # castcond: X there is the X its spell was cast with (107.3m), which the walk of
            # the trigger doesn't take from the permanent
            raise Unsupported("X of the spell in a cast-it enters trigger")
        return {"when": event, "intervening_if": condition, "do": steps}

    def if_was_kicked(self, _: list[Any]) -> dict[str, Any]:
        return {"was_kicked": True}

    def if_no_cards_in_hand(self, _: list[Any]) -> dict[str, Any]:
        return {"cards_in_hand": {"eq": 0}}

    def if_life_ge(self, c: list[Any]) -> dict[str, Any]:
        return {"life": {"ge": _whole(c[0])}}


_mix_in("core", EffectsEmitter)


class MoreEffectsEmitter:
    """The second part of the section "effects and triggers, session 4"."""

    def may_have(self, c: list[Any]) -> tuple[Any, ...]:
        chooser, _, subject, act = c
        if chooser != "you":
            raise Unsupported("'… may have' said of a player other than you")
        return (subject, True, act, None)

    def gy_of(self, c: list[Any]) -> dict[str, Any]:
        words = [str(x) for x in c]
        if words[0] == "your":
            return {"owner": "you"}
        return {"owner": "opponent"} if words[0] == "an" else {}

    def object_put_into_graveyard(self, c: list[Any]) -> dict[str, Any]:
        ref, owner = c
        what = self._about(ref)  # type: ignore[attr-defined]
        if owner:
            if not isinstance(what, dict):
                raise Unsupported("whose graveyard a particular object goes to")
            what = {**what, **owner}
        if what in ("enchanted", "equipped"):
            self.event_ref = "event.card"
        return {"dies": {"what": what}}

    _LASTING = ("modify", "gain_control", "permit")  # impulse: "until end of turn, you may play it"

    def lead_duration(self, c: list[Any]) -> list[dict[str, Any]]:
        duration, steps = c
        for step in steps:
            verb, body = next(iter(step.items()))
            if verb not in self._LASTING or body.get("duration", duration) != duration:
                raise Unsupported(f"'{duration.replace('_', ' ')}, …' on '{verb}'")
            body["duration"] = duration
        return steps

    def remove_counters(self, c: list[Any]) -> Act:
        amount, kind, what = c
        return Act("remove_counters", {"counter": kind, "amount": amount, "what": what.value})

    def target_opponent_or_planeswalker(self, _: list[Any]) -> str:
        return self._target({"any_of": ["opponent", {"types": ["planeswalker"]}]})  # type: ignore[attr-defined]

    def those_ref(self, c: list[Any]) -> Ref:
        """"them", "those creatures": the last target slot would be only one of several"""
        if not self.found and len(self.targets) > 1:  # type: ignore[attr-defined]
            raise Unsupported("'those' after several targets (all of them, not the last)")
        noun = c[0] if c and isinstance(c[0], dict) else None  # never the card (audit, F)
        each = self.each_named  # type: ignore[attr-defined]
        if noun is None and self._it() == "this":  # type: ignore[attr-defined]
            # "them" is never the card itself, one object: "creatures you control get +1/+1
            # until end of turn. Untap them." is those creatures
            if each is None:
                raise Unsupported("'them' with no objects named before it")
            again = dict(each)
            self.those.append(again)  # type: ignore[attr-defined]
            return Ref(again)
        if noun is not None and each is not None \
                and self._it() == self.event_ref:  # type: ignore[attr-defined]
            # "whenever you cast a spell, creatures you control get +1/+1 … Untap those
            # creatures": the creatures named, not the trigger's one object
            again = dict(each)
            self.those.append(again)  # type: ignore[attr-defined]
            return Ref(again)
        return Ref(self._that(noun))  # type: ignore[attr-defined]

    def sacrifice_another(self, c: list[Any]) -> Act:
        return Act("sacrifice", {"what": {**c[0], "other": True}})

    def cost_sacrifice_another(self, c: list[Any]) -> Any:
        return {"sacrifice": {**c[0], "other": True}}


_mix_in("core", MoreEffectsEmitter)


class StepsEmitter:
    """The third part of the section "effects and triggers, session 4": steps, attacking
    alone, sacrificing, returning under the owner's control."""

    def opponent_end_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "end", "whose": "opponent"}

    def each_combat(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "beginning of combat", "whose": "each"}

    def each_draw_step(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "draw", "whose": "each"}

    def your_postcombat_main(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "postcombat main", "whose": "you"}

    def each_precombat_main(self, _: list[Any]) -> dict[str, Any]:
        return {"step": "precombat main", "whose": "each"}

    def self_attacks_alone(self, _: list[Any]) -> dict[str, Any]:
        return {"attacks_alone": {"what": "this"}}

    def object_attacks_alone(self, c: list[Any]) -> dict[str, Any]:
        return {"attacks_alone": {"what": self._about(c[0])}}  # type: ignore[attr-defined]

    def you_sacrifice(self, c: list[Any]) -> dict[str, Any]:
        what = self._about(c[0])  # type: ignore[attr-defined]
        if not isinstance(what, dict):
            raise Unsupported("sacrificing a particular object as a trigger event")
        return {"sacrificed": {"what": {**what, "controller": "you"}}}

    def you_sacrifice_another(self, c: list[Any]) -> dict[str, Any]:
        return self.you_sacrifice([{**c[0], "other": True}])

    def owners_control(self, _: list[Any]) -> str:
        return "owner"

    def return_under_owner(self, c: list[Any]) -> Act:
        what, tapped, _ = c
        args: dict[str, Any] = {"what": what.value, "to": "battlefield", "under": "owner"}
        if tapped:
            args["tapped"] = True
        return Act("return", args)

    def put_under_owner(self, c: list[Any]) -> Act:
        act = self.return_under_owner(c)
        return Act("put", act.args)


_mix_in("core", StepsEmitter)


class BaseEmitter:
    """The fourth part of the section "effects and triggers, session 4"."""

    def base_pt(self, c: list[Any]) -> Act:
        size, duration = c
        power, toughness = str(size).split("/")
        if not (power.isdigit() and toughness.isdigit()):
            raise Unsupported(f"base power and toughness {size}")
        args: dict[str, Any] = {"set_power": int(power), "set_toughness": int(toughness)}
        if duration:
            args["duration"] = duration
        return Act("modify", args, role="what")

    def base_pt_grant(self, c: list[Any]) -> Act:
        size, keywords, duration = c
        _plain_keywords(keywords)
        act = self.base_pt([size, duration])
        act.args["add_keywords"] = keywords
        return act

    def at_end_of_combat(self, c: list[Any]) -> list[dict[str, Any]]:
        return [{"delayed": {"when": {"step": {"step": "end of combat", "whose": "next"}},
                             "do": c[0]}}]


_mix_in("core", BaseEmitter)


class EachEmitter:
    """The fifth part of the section "effects and triggers, session 4"."""

    if TYPE_CHECKING:  # a mixin of Emitter: its attributes and methods are Emitter's
        def __getattr__(self, name: str) -> Any: ...


    def each_of(self, c: list[Any]) -> Ref:
        return c[0]

    def you_discard(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.card"  # "that card": the card discarded
        return {"discards": {"who": "you"}}

    def opponent_discards(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"  # "that player": the one who discarded
        return {"discards": {"who": "opponent"}}

    # --- home: searching (tutors, search hosers, search triggers)
    def put_split(self, c: list[Any]) -> Act:
        """"put one onto the battlefield tapped and the other into your hand": the cards a
        search found, shared out (one of them, the searcher's choice, then the rest)."""
        if self.found != "found":  # a look's or a choice's cards: the walk doesn't share them
            raise Unsupported("'put one … and the other …' of cards no search found")
        one, rest = c
        return Act("put", {"what": self.found, **one, "one": True},
                   more=[{"what": self.found, **rest, "rest": True}])

    def put_place_battlefield(self, c: list[Any]) -> dict[str, Any]:
        return {"to": "battlefield", **({"tapped": True} if c[0] else {})}

    def put_place_hand(self, _: list[Any]) -> dict[str, Any]:
        return {"to": "hand"}

    def put_place_graveyard(self, _: list[Any]) -> dict[str, Any]:
        return {"to": "graveyard"}

    def control_searching_opponents(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"control_player": {"who": "each_opponent",
                                              "while": {"searching": {"zone": "library"}}}}}

    def opponents_exile_found(self, _: list[Any]) -> dict[str, Any]:
        """What an opponent finds in their library is exiled instead, and "you" may play it
        while it stays exiled, with mana of any type for its colored costs (609.4b)."""
        return {"replacement": {
            "event": {"found": {"who": "opponent", "zone": "library"}},
            "instead": [
                {"exile": {"what": "event.card", "who": "event.player"}},
                {"permit": {"who": "you", "action": "play", "what": "event.card",
                            "any_color_mana": True,
                            "duration": {"as_long_as": {"in_zone": {"what": "event.card",
                                                                    "zone": "exile"}}}}}]}}

    def opponents_own_search_barred(self, _: list[Any]) -> dict[str, Any]:
        return {"static": {"prohibit": {"who": "each_opponent", "action": "search",
                                        "zone": "library", "by": "their_own"}}}

    def opponent_searches(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"  # "that player": the one who searched
        return {"searches": {"who": "opponent"}}

    def player_searches(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"
        return {"searches": {}}

    def opponent_shuffles(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"
        return {"shuffles": {"who": "opponent"}}


_mix_in("core", EachEmitter)


def _in_opponents_graveyard(self: Any, _: list[Any]) -> dict[str, Any]:
    return {"zone": "graveyard", "owner": "opponent"}


Emitter.in_opponents_graveyard = _in_opponents_graveyard  # type: ignore[attr-defined]


# --- trig: trigger events (issue 25) ---
class TriggerEventsEmitter:
    """Trigger events beyond one plain event: a cast that targets the card, a target chosen
    by an opponent's spell or ability, either of two events, and the block events that
    happen once for each creature blocked or blocking (knowledge/rules/triggers.py)."""

    def _one_object(self, ref: Any, kind: str) -> Any:
        """The object a trigger is about: the card itself, the one it is attached to, or a
        description; a target or a number of objects is not a trigger's."""
        if ref == "this" or (isinstance(ref, Ref) and ref.kind == "ref" and ref.value == "this"):
            return "this"
        if isinstance(ref, Ref) and ref.kind == "choice" and ref.count != 1:
            raise Unsupported(f"a {kind} trigger on a number of objects")
        return self._about(ref)  # type: ignore[attr-defined]

    def you_cast_targeting(self, c: list[Any]) -> dict[str, Any]:
        spell = c[0]
        # only "a spell": the spell's own description would need its own filter
        if not (isinstance(spell, Ref) and spell.kind == "choice" and spell.count == 1
                and spell.value == {"types": ["spell"]}):
            raise Unsupported("a described spell that targets the card")
        return {"cast_targeting": {"what": "this", "who": "you"}}

    def _targeted(self, event: str, ref: Any, who: Any) -> dict[str, Any]:
        what = self._one_object(ref, event)
        args: dict[str, Any] = {"what": what}
        if who:
            args["who"] = who
        if what != "this":
            self.event_ref = ref.value if isinstance(ref, Ref) and ref.kind == "ref" \
                else "event.card"
        return {event: args}

    def self_becomes_target_by(self, c: list[Any]) -> dict[str, Any]:
        return self._targeted("becomes_target", "this", c[1])

    def object_becomes_target_by(self, c: list[Any]) -> dict[str, Any]:
        return self._targeted("becomes_target", c[0], c[1])

    def self_targeted_by_spell(self, c: list[Any]) -> dict[str, Any]:
        return self._targeted("targeted_by_spell", "this", c[1])

    def object_targeted_by_spell(self, c: list[Any]) -> dict[str, Any]:
        return self._targeted("targeted_by_spell", c[0], c[1])

    def by_opponent(self, _: list[Any]) -> str:
        return "opponent"

    def by_you(self, _: list[Any]) -> str:
        return "you"

    def _either(self, event: str, ref: Any) -> dict[str, Any]:
        return {event: {"what": self._one_object(ref, event)}}

    def object_attacks_or_blocks(self, c: list[Any]) -> dict[str, Any]:
        return self._either("attacks_or_blocks", c[0])

    def self_blocks_or_becomes_blocked(self, _: list[Any]) -> dict[str, Any]:
        return self._either("blocks_or_becomes_blocked", "this")

    def object_blocks_or_becomes_blocked(self, c: list[Any]) -> dict[str, Any]:
        return self._either("blocks_or_becomes_blocked", c[0])

    def self_enters_or_attacks(self, c: list[Any]) -> dict[str, Any]:
        if c and c[-1]:  # "under your control": said of the card itself, it always is
            raise Unsupported("entering under your control, or attacking")
        return self._either("enters_or_attacks", "this")

    def _pair(self, event: str, ref: Any, other: Any) -> dict[str, Any]:
        what = self._one_object(ref, event)
        if not (isinstance(other, Ref) and other.kind == "choice" and other.count == 1
                and isinstance(other.value, dict)):
            raise Unsupported(f"a {event.replace('_', ' ')} trigger on a particular creature")
        found = dict(other.value)
        if found.get("types") != ["creature"] and not found.get("subtypes"):
            raise Unsupported(f"a {event.replace('_', ' ')} trigger on a non-creature")
        self.event_ref = "event.card"  # "that creature": the other creature
        return {event: {"what": what, "to": found}}

    def self_blocks_creature(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocks_creature", "this", c[1])

    def object_blocks_creature(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocks_creature", c[0], c[1])

    def self_blocked_by_creature(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocked_by_creature", "this", c[1])

    def object_blocked_by_creature(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocked_by_creature", c[0], c[1])

    def self_blocks_or_blocked_by(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocks_or_blocked_by", "this", c[1])

    def object_blocks_or_blocked_by(self, c: list[Any]) -> dict[str, Any]:
        return self._pair("blocks_or_blocked_by", c[0], c[1])

    def self_turned_face_up(self, _: list[Any]) -> dict[str, Any]:
        return {"turned_face_up": {"what": "this"}}

    def object_turned_face_up(self, c: list[Any]) -> dict[str, Any]:
        return self._either("turned_face_up", c[0])

    def self_attacks_unblocked(self, _: list[Any]) -> dict[str, Any]:
        return {"attacks_unblocked": {"what": "this"}}

    def object_attacks_unblocked(self, c: list[Any]) -> dict[str, Any]:
        return self._either("attacks_unblocked", c[0])

    def opponent_draws(self, _: list[Any]) -> dict[str, Any]:
        self.event_ref = "event.player"  # "that player": the one who drew
        return {"draws": {"who": "opponent"}}

    def that_spells_controller(self, _: list[Any]) -> str:
        self.spell_controller_used = True  # checked by _defending_checked
        return "event.player"

    def _defending_checked(self, event: Any) -> None:
        """"Defending player" in a trigger's effect is the player the creature the event is
        about attacks (CR 506.2, 506.3): only in a trigger on an attacking creature. "That
        spell's controller" is the event's player only when the event is about a spell
        becoming a target (the spell's controller is who the event names)."""
        if getattr(self, "spell_controller_used", False):
            if not (isinstance(event, dict) and len(event) == 1
                    and next(iter(event)) == "targeted_by_spell"):
                raise Unsupported("'that spell's controller' in a trigger not about a spell")
            self.spell_controller_ok = True
        if not getattr(self, "defending_used", False):
            return
        if not (isinstance(event, dict) and len(event) == 1
                and next(iter(event)) in ATTACK_EVENTS):
            raise Unsupported("'defending player' outside a trigger on an attacking creature")
        if getattr(self, "defending_controls_used", False):
            # defending area: "… defending player controls" only about the card itself or
            # what it enchants or equips (the rules know that creature, CR 508.5)
            from rulings.oracle.areas.defending import about_own_attacker

            if not about_own_attacker(event):
                raise Unsupported("'defending player controls' in a trigger about another "
                                  "creature's attack")
        self.defending_ok = True


#: trigger events about an attacking creature, whose effects may name "defending player"
ATTACK_EVENTS = ("attacks", "attacks_alone", "attacks_unblocked", "becomes_blocked",
                 "blocked_by_creature")


_mix_in("core", TriggerEventsEmitter)


# --- oneshot: one-shot effects that give an object a rule or a characteristic for a while
class OneShotEmitter:
    """A resolved spell or ability gives its objects a rule ("can't block this turn") or a
    characteristic ("becomes black until end of turn") for a duration (CR 611.2): a `modify`
    step, whose effect the resolution locks in on those objects (611.2c)."""

    def oneshot_prohibited(self, c: list[Any]) -> str:
        words = [str(x) for x in c]
        return "attack_or_block" if "or" in words else "_".join(words)

    def cant_for_a_while(self, c: list[Any]) -> Act:
        action, duration = c
        return Act("modify", {"prohibit": action, "duration": duration}, role="what")

    def oneshot_colors(self, c: list[Any]) -> list[str]:
        return [str(x) for x in c if x]

    def oneshot_colorless(self, _: list[Any]) -> list[str]:
        return ["colorless"]

    def becomes_colors(self, c: list[Any]) -> Act:
        colors, duration = c
        if not duration:
            # no duration: it lasts until the game ends (611.2a); the resolution rules end
            # every color change they make, so such a card stays unparsed
            raise Unsupported("a color change for the rest of the game")
        return Act("modify", {"set_colors": colors, "duration": duration}, role="what")

    def becomes_colors_grant(self, c: list[Any]) -> Act:
        colors, keywords, duration = c
        _plain_keywords(keywords)
        act = self.becomes_colors([colors, duration])
        act.args["add_keywords"] = keywords
        return act


_mix_in("core", OneShotEmitter)


class RegenerationEmitter:
    """"It can't be regenerated." after a destruction (CR 701.19c)."""

    def cant_be_regenerated(self, _: list[Any]) -> Act:
        return Act(NO_REGENERATION, {}, role="what")   # "it": checked against the destroy

    def grant_pump(self, c: list[Any]) -> Act:
        keyword, pt, duration = c
        return self.pump_grant([pt, [keyword], duration])  # type: ignore[attr-defined]

    def they_cant_be_regenerated(self, _: list[Any]) -> tuple[Any, ...]:
        return (None, None, Act(NO_REGENERATION, {}), None)


_mix_in("core", RegenerationEmitter)


# --- stat: conditions of activation (CR 602.5b) and of a spell's own cost (CR 601.2f) ---
class StatEmitter:
    """The grammar's block "stat": the conditions an activation or a cost asks about now."""

    def activation_if(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def asked_condition(self, c: list[Any]) -> dict[str, Any]:
        return c[0]

    def cards_in_hand_exactly(self, c: list[Any]) -> dict[str, Any]:
        return {"cards_in_hand": {"eq": _whole(c[0])}}

    def cards_in_hand_at_least(self, c: list[Any]) -> dict[str, Any]:
        return {"cards_in_hand": {"ge": _whole(c[0])}}

    def cards_in_hand_at_most(self, c: list[Any]) -> dict[str, Any]:
        return {"cards_in_hand": {"le": _whole(c[0])}}

    def card_types_in_graveyard(self, c: list[Any]) -> dict[str, Any]:
        return {"card_types_in_graveyard": {"ge": _whole(c[0])}}

    def own_cost_less_if(self, c: list[Any]) -> dict[str, Any]:
        # the spell's own static, working while it is cast (on the stack, CR 601.2f)
        mana, condition = c
        if not re.fullmatch(r"\{\d+\}", str(mana)):
            raise Unsupported(f"a cost change of {str(mana).upper()} (only a generic amount)")
        return {"static": {"zone": "stack", "while": condition,
                           "cost_change": {"what": "this",
                                           "amount": -int(str(mana)[1:-1])}}}


_mix_in("core", StatEmitter)


# --- pay: payments and choices while an ability resolves (CR 118.12, 608.2d)
#: "unless they pay": the payer is the instruction's player, filled in by `_instruction`
THEY = "__they__"


class PayEmitter:
    """"You may pay {2}{U}. If you do, …": the `pay` step and the steps that wait on it."""

    def pay_mana(self, c: list[Any]) -> Act:
        if str(c[0]).lower().startswith("{e}"):  # "you may pay {E}{E}" (CR 107.14): energy
            from rulings.oracle.areas.mana import energy

            return Act("pay", {"cost": [{"pay_energy": energy(c[0])}]})
        mana = mana_cost(str(c[0]))
        if "X" in mana:
            raise Unsupported("paying {X} as it resolves (X is not chosen there)")
        return Act("pay", {"cost": [{"mana": mana}]})

    def pay_life(self, c: list[Any]) -> Act:
        return Act("pay", {"cost": [{"pay_life": _whole(c[0])}]})

    def if_player_does(self, children: list[Any]) -> list[dict[str, Any]]:
        """"If the player does, …": as "if you do", when the optional step before it is
        done by another player (its `who`)."""
        return self.if_you_do([children[-1]])  # type: ignore[attr-defined,no-any-return]

    def if_you_cant(self, children: list[Any]) -> list[dict[str, Any]]:
        """"Sacrifice a Human. If you can't, …": the steps happen when the instruction before
        could not be done (CR 118.12), `if: {could_not: <its id>}`. Only after your own
        sacrifice that is not optional: the resolution walk tells when it is impossible."""
        steps = children[0]
        own = {id(b) for step in steps for b in step.values()}
        earlier = [vb for vb in self.__dict__.get("_bodies", []) if id(vb[1]) not in own]
        if not earlier or len(own) != len(steps):
            raise Unsupported("'if you can't' with no instruction before it")
        verb, before = earlier[-1]
        if verb != "sacrifice" or not isinstance(before.get("what"), dict) \
                or {"may", "unless", "who", "if", "amount"} & set(before):
            raise Unsupported("'if you can't' after something other than your own sacrifice")
        if "id" not in before:
            self.steps_made += 1  # type: ignore[attr-defined]
            before["id"] = f"s{self.steps_made}"  # type: ignore[attr-defined]
        for step in steps:
            (body,) = step.values()
            if "if" in body:
                raise Unsupported("'if you can't' on a step with a condition of its own")
            body["if"] = {"could_not": before["id"]}
        return steps

    def unless_they(self, c: list[Any]) -> dict[str, Any]:
        pays = c[0] if isinstance(c[0], list) else [c[0]]
        return {"who": THEY, "pays": pays}

    def if_you_dont(self, children: list[Any]) -> list[dict[str, Any]]:
        """"If you don't, …" after an optional step: `if: {not: {did: …}}`."""
        steps = children[0]
        did = self._last_optional  # type: ignore[attr-defined]
        if not did:
            raise Unsupported("'if you don't' after a step that is not optional")
        for step in steps:
            (body,) = step.values()
            if "if" in body:
                raise Unsupported("'if you don't' on a step with a condition of its own")
            body["if"] = {"not": {"did": did}}
        return steps


_mix_in("core", PayEmitter)


# --- look: objects chosen without targeting, the top of a library ---------------------------
#: verbs whose object may be "a"/"N"/"up to N" objects the performing player chooses as the
#: step happens (CR 608.2d); any other verb keeps such a phrase unparsed
CHOOSING_VERBS = ("return", "put", "exile", "tap", "untap", "put_counters", "destroy",
                  "reveal")


#: "the rest" until the steps before it are known (`LookEmitter._the_rest`)
REST: dict[str, Any] = {"the_rest": True}
#: "their hand" until the step's performer is known (`LookEmitter._choices_before`)
HAND: dict[str, Any] = {"their_hand": True}


class LookEmitter:
    """Objects a player chooses as the ability resolves (no targets, CR 608.2d, 115.10a):
    "return a creature you control to its owner's hand" is a `choose` step (`what`, `count`,
    an id) and the verb on that id."""

    if TYPE_CHECKING:  # a mixin of Emitter: its attributes and methods are Emitter's
        def __getattr__(self, name: str) -> Any: ...
        steps_made: int
        revealed_may: Any
        _last_optional: Any
        looked: Any


    def _choose(self, ref: Ref) -> str:
        count = ref.count
        if not (isinstance(count, int) or count == "any" or (
                isinstance(count, dict) and count.get("min") == 0
                and isinstance(count.get("max"), int))):
            raise Unsupported("a number of objects chosen without targeting (a selector "
                              "in a step is all of them)")
        if not isinstance(ref.value, dict):
            raise Unsupported("a chosen object that is not described by a filter")
        if "from_it" in ref.value:  # "from it": only choose_from knows the revealed hand
            raise Unsupported("a card chosen 'from it' other than a revealed hand's")
        self.steps_made += 1
        cid = f"s{self.steps_made}"
        self.pending_choices[cid] = {"what": ref.value, "count": count, "id": cid}
        self.found = cid  # "it" / "that card" after it: the chosen object
        self.created = None
        return cid

    def _choices_before(self, verb: str, body: dict[str, Any]) -> list[dict[str, Any]]:
        """The `choose` steps the step's objects need, in order; the step's "you may" is the
        choice's (if the player doesn't choose, nothing is done to it)."""
        what = body.get("what")
        if what is HAND:  # "reveals their hand": the performer's hand
            owner = body.get("who", "you")
            if not (owner == "you" or (isinstance(owner, str) and owner.startswith("t"))):
                raise Unsupported("a hand revealed by a player other than you or a target")
            what = body["what"] = {"zone": "hand", "owner": owner}
            self.revealed_hand = owner
            if owner != "you":
                self.searched_of = owner  # "that player" from here on is the one revealing
        if self.revealed_may is not None and what == self.revealed_may[0] and \
                "may" not in body and "if" not in body:
            # "you may reveal that card and put it into your hand": put only if revealed
            body["if"] = {"did": self.revealed_may[1]}
        if verb == "reveal" and body.get("may") and isinstance(what, str) and \
                what not in self.pending_choices:  # (a choice's "may" is the choice's)
            self.revealed_may = (what, body["id"])
        if what is REST:
            what = body["what"] = self._the_rest()
        elif isinstance(what, dict) and "among" in what:  # "all creature cards revealed this way"
            self.taken_among.append(what)
        for cid in self.optional_choices:  # "you may reveal a card … and put it into your hand"
            if what == cid and "if" not in body and cid not in self.pending_choices:
                body["if"] = {"did": cid}
        wanted = [v for v in body.values() if isinstance(v, str) and v in self.pending_choices]
        if not wanted:
            return []
        if verb not in CHOOSING_VERBS or "who" in body:
            raise Unsupported("a number of objects chosen without targeting (a selector "
                              "in a step is all of them)")
        out = []
        for cid in wanted:
            choose = self.pending_choices.pop(cid)
            if body.pop("may", False):
                if body.get("id") == self._last_optional:
                    body.pop("id")  # the id "you may" gave the step: the choice has it now
                choose["may"] = True
                body["if"] = {"did": cid}
                self._last_optional = cid
                self.optional_choices.append(cid)
            if isinstance(choose["what"], dict) and "among" in choose["what"]:
                self.taken_among.append(cid)
            out.append({"choose": choose})
        return out

    # the top of a library (CR 401): looked at or revealed, then chosen from "among them"
    def look_at_top(self, c: list[Any]) -> Act:
        return self._top("look_at_top", *c)

    def reveal_top(self, c: list[Any]) -> Act:
        return self._top("reveal_top", *c)

    def _top(self, verb: str, amount: Any, whose: Any) -> Act:
        if whose != "you" and not (isinstance(whose, str) and whose.startswith("t")):
            raise Unsupported("the top of a library other than yours or a target player's")
        if self.looked is not None:
            raise Unsupported("two looks at the top of a library in one ability")
        self.steps_made += 1
        lid = f"s{self.steps_made}"
        self.looked, self.found, self.created = lid, lid, None  # "them", "that card"
        args: dict[str, Any] = {"amount": amount, "id": lid}
        if whose != "you":
            args["of"] = whose
            self.searched_of = whose  # audit 3: "that player" from here on owns that library
        return Act(verb, args)

    def one_card(self, _: list[Any]) -> int:
        return 1

    def n_cards(self, c: list[Any]) -> Any:
        return c[0]

    def your_library(self, _: list[Any]) -> str:
        return "you"

    def players_library(self, c: list[Any]) -> Any:
        return c[0]

    def _looked(self) -> str:
        if self.looked is None:
            raise Unsupported("'them' with no cards looked at or revealed before")
        return self.looked

    def n_of_them(self, c: list[Any]) -> Ref:
        return Ref({"among": self._looked()}, "choice", c[0])

    def any_number_of_them(self, _: list[Any]) -> Ref:
        return Ref({"among": self._looked()}, "choice", "any")

    def from_among_them(self, _: list[Any]) -> dict[str, Any]:
        return {"among": self._looked()}

    def reveal_chosen(self, c: list[Any]) -> Act:
        return Act("reveal", {"what": self._objects(Ref(c[1], "choice", c[0]))})

    def rest_put(self, c: list[Any]) -> Act:
        """"the rest": the cards looked at that no earlier step of the ability took."""
        self._looked()
        return Act("put", {"what": REST, **c[-1]})  # which: as the steps are put in order

    def _the_rest(self) -> dict[str, Any]:
        taken = self.taken_among
        if not taken:
            raise Unsupported("'the rest' with nothing taken from among them before")
        return {"among": self._looked(),
                "not": taken[0] if len(taken) == 1 else {"any_of": list(taken)}}

    def put_back(self, c: list[Any]) -> Act:
        ref: Ref = c[0]
        if self.looked is None or ref.value != self.looked:
            raise Unsupported("putting back something other than the cards looked at")
        return Act("put", {"what": self.looked, "to": "library", "position": "top",
                           "any_order": True})

    def _rest_where(self, to: str, position: str | None, any_order: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"to": to}
        if position:
            out["position"] = position
        if any_order == "random":
            out["random_order"] = True
        elif any_order:
            out["any_order"] = True
        return out

    def rest_bottom(self, c: list[Any]) -> dict[str, Any]:
        return self._rest_where("library", "bottom", c[0])

    def rest_top(self, c: list[Any]) -> dict[str, Any]:
        return self._rest_where("library", "top", c[0])

    def rest_graveyard(self, _: list[Any]) -> dict[str, Any]:
        return self._rest_where("graveyard", None, None)

    def rest_hand(self, _: list[Any]) -> dict[str, Any]:
        return self._rest_where("hand", None, None)

    def any_order(self, _: list[Any]) -> bool:
        return True

    def random_order(self, _: list[Any]) -> str:
        return "random"

    # a hand revealed, and a card chosen from it (CR 701.20, 608.2d)
    def reveal_hand(self, _: list[Any]) -> Act:
        return Act("reveal", {"what": HAND})

    def choose_from(self, c: list[Any]) -> Act:
        count, sel = c
        if self.revealed_hand is None or not isinstance(count, int):
            raise Unsupported("choosing from something other than a revealed hand")
        if not sel.pop("from_it", False) or set(sel) & {"zone", "owner", "controller"}:
            raise Unsupported("a card chosen from something other than the hand revealed")
        self.steps_made += 1
        cid = f"s{self.steps_made}"
        self.found, self.created = cid, None  # "that card"
        return Act("choose", {"what": {**sel, "zone": "hand", "owner": self.revealed_hand},
                              "count": count, "id": cid})

    def from_it(self, _: list[Any]) -> dict[str, Any]:
        if self.revealed_hand is None:
            raise Unsupported("'from it' with no hand revealed before")
        return {"from_it": True}

    def discard_that_card(self, _: list[Any]) -> Act:
        if self.found is None or self.revealed_hand is None:
            raise Unsupported("'discards that card' with no card chosen before")
        return Act("discard", {"what": self.found})


_mix_in("core", LookEmitter)
# --- home: searching (tutors, search hosers, search triggers)
def x_compare_outside_search(value: Any, in_search: bool = False) -> bool:
    """Whether a number test with X ("with mana value X or less") is somewhere other than a
    search's description: only the search rules work X out (the resolving spell's X,
    knowledge/rules/searching.py); a target's or a count's filter would not check it."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key in ("le", "ge") and v == "X" and not in_search:
                return True
            inside = in_search or key == "search"
            if x_compare_outside_search(v, inside):
                return True
    elif isinstance(value, list):
        return any(x_compare_outside_search(v, in_search) for v in value)
    return False


def _mix_in_areas() -> None:
    """Give the Emitter the methods of every grammar area (rulings/oracle/areas)."""
    from rulings.oracle import areas

    owner: dict[str, str] = {}
    for area, mixin in areas.emitters():
        _mix_in(area, mixin, owner)


_mix_in_areas()
