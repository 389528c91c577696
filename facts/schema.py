"""JSON Schemas (draft 2020-12) of the situation format and of the answer.

The situation schema is generated from the same tables the loader reads with: the registered
words of facts.vocabulary (their slots, minus the slots the loader fills itself), the keys of
facts.situation (TOP_KEYS, OBJECT_KEYS) and of facts.cards (CARD_KEYS). A new word, slot or
key therefore appears in the schema without any change here.

The loader stays the judge of what is valid (it also checks that names refer to players and
objects of the situation, which a schema can't); the schema is for editors, chatbots and
clients that want to check or generate situations before sending them.
"""

from __future__ import annotations

import inspect
from typing import Any

from rulings.engine.answer import SCHEMA as ANSWER_SCHEMA_ID
from rulings.facts import effects as lang
from rulings.facts.cards import CARD_KEYS, TOKEN_KEYS
from rulings.facts.costs import mana_pool_schema
from rulings.facts.game import (
    CARD_TYPES,
    COLORS,
    STEPS,
    SUPERTYPES,
    ZONES,
    Choice,
    GameObject,
    Turn,
)
from rulings.facts.rulings import VERDICTS
from rulings.facts.situation import OBJECT_KEYS, TOP_KEYS
from rulings.facts.vocabulary import ENTRY_KEYS, NO_DEFAULT, WORDS, GameFact, Slot

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SITUATION_SCHEMA_ID = "mtg-rulings/situation/1"

#: sections every situation schema has, even while no word is registered in one of them
SECTIONS = ("event", "this_turn", "effect", "draft")
#: situation keys holding a list of words, and the section of those words
LIST_KEYS = {"this_turn": "this_turn", "effects": "effect", "draft": "draft"}

REF_HINTS = {
    "player": "a player's name, as written under players",
    "object": "an object of the situation: its id (the card's slug, like 'llanowar-elves', "
              "or the id given to it) or its card name when only one object has that name",
    "ability": "an ability: '<object-id>.<n>' where n counts the card's abilities from 1 in "
               "printed order (like 'forest.1'); the object alone if it has one ability",
}
ID_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_-]*$"


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _doc(cls: type) -> str:
    """A class's own docstring as one paragraph (not an inherited one)."""
    doc = cls.__dict__.get("__doc__") or ""
    return " ".join(inspect.cleandoc(doc).split())


def _join(*parts: str) -> str:
    text = "; ".join(p.strip().rstrip(".") for p in parts if p and p.strip())
    return text + "." if text else ""


def _scalar(type_: type, choices: tuple[str, ...]) -> dict[str, Any]:
    if choices:
        return {"enum": list(choices)}
    if type_ is bool:
        return {"type": "boolean"}
    if type_ is int:
        return {"type": "integer"}
    if type_ is float:
        return {"type": "number"}
    if type_ is dict:
        return {"type": "object"}
    # the loader reads a number written for a text slot as its text (`amount: 2`)
    return {"type": ["string", "number"]}


def slot_schema(spec: Slot) -> dict[str, Any]:
    """The schema of one slot as written in a file."""
    if spec.type is list:
        item = _scalar(str, spec.choices) if spec.choices else {"type": ["string", "integer"]}
        schema: dict[str, Any] = {
            "anyOf": [{"type": "array", "items": item}, item, {"type": "null"}],
        }
        hint = "a list (a single value stands for a list of one)"
    elif spec.ref and not spec.choices:
        schema, hint = {"type": "string"}, ""
    else:
        schema, hint = _scalar(spec.type, spec.choices), ""
    description = _join(spec.doc, REF_HINTS.get(spec.ref, ""), hint)
    if description:
        schema["description"] = description
    default = spec.default
    if isinstance(default, (list, tuple)):
        default = list(default)
    if default is not NO_DEFAULT and isinstance(default, (str, int, float, bool, list)):
        schema["default"] = default
    return schema


def word_schema(cls: type[GameFact]) -> dict[str, Any]:
    """The details of one word: `{slot: value, …}` with the slots a file may write."""
    nested: dict[str, str] = getattr(cls, "nested", {}) or {}
    properties: dict[str, Any] = {}
    required: list[str] = []
    for key, spec in cls.slots.items():
        if key in cls.implicit:
            continue
        if key in nested:
            properties[key] = {
                "type": "array",
                "items": _ref(nested[key]),
                "description": _join(spec.doc, f"a list of {nested[key]} words, in order"),
            }
            continue
        properties[key] = slot_schema(spec)
        if spec.required:
            required.append(key)
    schema: dict[str, Any] = {
        "type": "object" if required else ["object", "null"],
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        schema["required"] = required
    description = _doc(cls)
    if description:
        schema["description"] = description
    return schema


def section_schema(section: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the schema of one word of a section, the $defs of its words' details)."""
    table = WORDS.get(section, {})
    defs = {f"{section}.{w}": word_schema(cls) for w, cls in sorted(table.items())}
    one: dict[str, Any] = {
        "type": "object",
        "description": f"one {section} word with its details, like {{word: {{key: value}}}}",
        "properties": {w: _ref(f"{section}.{w}") for w in sorted(table)},
        "additionalProperties": False,
        "minProperties": 1,
        "maxProperties": 1,
    }
    bare = [w for w in sorted(table) if "required" not in defs[f"{section}.{w}"]]
    if bare:
        # a word with nothing required may be written alone, as `- word`
        one = {"anyOf": [one, {"enum": bare}], "description": one.pop("description")}
    return one, defs


def _words_list(section: str, description: str) -> dict[str, Any]:
    return {"type": ["array", "null"], "items": _ref(section), "description": description}


def _list_of_words(choices: tuple[str, ...], description: str) -> dict[str, Any]:
    item = {"enum": list(choices)} if choices else {"type": ["string", "integer"]}
    return {"anyOf": [{"type": "array", "items": item}, item, {"type": "null"}],
            "description": description}


# -- the card language (facts.effects is its one registry) ------------------------------------

def _cr(word: lang.Word) -> str:
    return _join(word.doc, word.cr)


def arg_schema(arg: lang.Arg) -> dict[str, Any]:
    """The schema of one value of the card language."""
    kind = arg.kind
    words = {"type": ["string", "integer"]}
    simple: dict[str, dict[str, Any]] = {
        "bool": {"type": "boolean"},
        "number": {"type": "integer"},
        "signed": {"type": ["string", "integer"], "pattern": "^[+-]?([0-9]+|X)$"},
        "text": {"type": ["string", "number"]},
        "mana": {"type": ["string", "integer"]},
        "zone": {"enum": list(ZONES)},
        "zones": {"anyOf": [{"enum": list(ZONES)},
                            {"type": "array", "items": {"enum": list(ZONES)}}]},
        "selector": _ref("selector"),
        "player": _ref("selector"),
        "selectors": {"type": "array", "items": _ref("selector")},
        "steps": {"type": "array", "items": _ref("step")},
        "costs": {"anyOf": [_ref("cost"), {"type": "array", "items": _ref("cost")}]},
        "condition": _ref("condition"),
        "conditions": {"type": "array", "items": _ref("condition")},
        "duration": _ref("duration"),
        "trigger": _ref("trigger_event"),
        "replaced": _ref("replaced_event"),
        "targets": {"type": "array", "items": _ref("target")},
        "abilities": {"type": "array", "items": _ref("ability")},
        "token": {"type": "object", "properties": {k: {} for k in TOKEN_KEYS},
                  "additionalProperties": False},
        "amount": _ref("amount"),
        "compare": _ref("compare"),
    }
    if kind == "word":
        schema: dict[str, Any] = {"enum": list(arg.choices)} if arg.choices else dict(words)
    elif kind in ("words", "keywords"):
        item = {"enum": list(arg.choices)} if arg.choices else words
        if arg.choices and all(c.isdigit() for c in arg.choices):
            # the loader reads numbers written for these words as their text (`numbers: [1, 2]`)
            item = {"enum": list(arg.choices) + [int(c) for c in arg.choices]}
        schema = {"anyOf": [item, {"type": "array", "items": item}]}
    elif kind == "map":
        schema = _args_object(arg.keys, {})
    elif kind == "modes":
        schema = {"type": "array", "items": _args_object(
            {"do": lang.Arg("steps", required=True), "targets": lang.Arg("targets")}, {})}
    else:
        schema = dict(simple[kind])
    if arg.doc:
        schema["description"] = arg.doc
    return schema


def _args_object(args: dict[str, lang.Arg], modifiers: dict[str, lang.Arg],
                 extra: dict[str, Any] | None = None) -> dict[str, Any]:
    properties = {k: arg_schema(a) for k, a in {**args, **modifiers}.items()}
    properties.update(extra or {})
    required = [k for k, a in args.items() if a.required]
    schema: dict[str, Any] = {"type": "object" if required else ["object", "null"],
                              "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema


def _one_word_of(table: dict[str, lang.Word], what: str, *, as_args: bool,
                 modifiers: dict[str, lang.Arg] | None = None,
                 extra: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """`word`, `{word: value}` or `{word: {arg: …}}`: one word of `table`."""
    properties: dict[str, Any] = {}
    bare = []
    for name, word in table.items():
        if as_args:
            value = _args_object(word.args, modifiers or {}, (extra or {}).get(name))
            if "required" not in value:
                bare.append(name)
        elif word.value is None:
            value = {"type": ["null", "boolean", "object"], "maxProperties": 0}
            bare.append(name)
        else:
            value = {"anyOf": [arg_schema(word.value), {"type": "null"}]}
            bare.append(name)
        value["description"] = _cr(word)
        properties[name] = value
    one = {"type": "object", "properties": properties, "additionalProperties": False,
           "minProperties": 1, "maxProperties": 1}
    return {"description": f"one {what}: a word, or {{word: details}}",
            "anyOf": [one, {"enum": bare}] if bare else [one]}


def _printed_keywords(schema: dict[str, Any]) -> dict[str, Any]:
    """Keywords may also be written as printed (facts.cards reads them so): `double strike`,
    `First Strike`, `protection from red`, `{protection: red}`."""
    printed = set()
    for word in lang.KEYWORDS:
        spaced = word.replace("_", " ")
        printed |= {spaced, spaced.capitalize(), spaced.title()}
    printed -= set(lang.KEYWORDS)
    one = schema["anyOf"][0]
    if "protection" in one["properties"]:
        given = one["properties"]["protection"]
        one["properties"]["protection"] = {
            "anyOf": [{k: v for k, v in given.items() if k != "description"},
                      {"type": "string", "description": "a color or card type: red, creatures"}],
            "description": given.get("description", "")}
    schema["anyOf"] += [{"enum": sorted(printed)},
                        {"type": "string", "pattern": "^[Pp]rotection from [a-z ]+$"},
                        # "swampwalk" as printed (facts/cards.py _LANDWALK, CR 702.14a)
                        {"type": "string", "pattern": "^(?i:(plains|island|swamp|mountain|"
                                                      "forest|desert|legendary |nonbasic |"
                                                      "snow )(land)?walk)$"}]
    return schema


def language_defs() -> dict[str, Any]:
    """$defs of every part of the card language, from facts.effects."""
    selector_filter = {
        "type": "object",
        "description": "a filter: every key must hold",
        "properties": {k: arg_schema(a) for k, a in lang.SELECTOR_KEYS.items()},
        "additionalProperties": False,
    }
    referents = "; ".join(f"{k}: {v}" for k, v in lang.REFERENTS.items())
    statics = {name: {"anyOf": [arg_schema(w.value), {"type": "null"}],
                      "description": _cr(w)}
               for name, w in lang.STATIC_WORDS.items() if w.value is not None}
    return {
        "selector": {
            "description": "what a part acts on: a referent word, a target slot or step id "
                           f"of the ability, or a filter. Referents: {referents}",
            "anyOf": [{"type": "string"}, selector_filter],
        },
        "amount": {"description": "a number, X, any, all (a search's count only), party, life_total, that_much, {devotion: [colors]}, {max: n} (up to n), or a measure",
                   "anyOf": [{"type": "integer"}, {"enum": ["X", "any", "all", "party", "life_total", "that_much"]},
                             {"type": "object", "required": ["devotion"],
                              "properties": {"devotion": {"anyOf": [
                                  {"type": "string"}, {"type": "array",
                                                       "items": {"type": "string"}}]}},
                              "additionalProperties": False,
                              "description": "devotion to colors (CR 700.5)"},
                             {"type": "object", "required": ["half_of", "round"],
                              "properties": {"half_of": {"enum": ["own_life", "X"]},
                                             "round": {"enum": ["up", "down"]}},
                              "additionalProperties": False,
                              "description": "half of an amount, rounded as written (CR "
                                             "107.1a); own_life: the life total of the player "
                                             "the step is about"},
                             {"type": "object", "minProperties": 1, "maxProperties": 2,
                              "properties": {
                                  **{k: _ref("selector") for k in (
                                      "count", "power_of", "toughness_of", "counters_on",
                                      "colors_among", "mana_value_of",
                                      "greatest_power_among", "greatest_toughness_among",
                                      "greatest_mana_value_among")},
                                  "counter": {"type": "string"},
                                  "times": {"type": "integer", "minimum": 1},
                                  "max": {"type": "integer"}, "min": {"type": "integer"}},
                              "additionalProperties": False}]},
        "compare": {"description": "a comparison: {le: 2}, {ge: 4}, {eq: 0}, or a number",
                    "anyOf": [{"type": "integer"},
                              {"type": "object", "minProperties": 1, "maxProperties": 1,
                               "properties": {op: {"type": "integer"}
                                              for op in ("le", "lt", "ge", "gt", "eq")},
                               "additionalProperties": False}]},
        "duration": {"description": "how long an effect lasts (CR 611.2)",
                     "anyOf": [{"enum": [d for d in lang.DURATIONS if d != "as_long_as"]},
                               {"type": "object", "properties": {
                                   "as_long_as": _ref("condition")},
                                "required": ["as_long_as"], "additionalProperties": False}]},
        "step": _one_word_of(lang.VERBS, "step (a verb with its arguments and modifiers)",
                             as_args=True, modifiers=lang.STEP_MODIFIERS),
        "cost": _one_word_of(lang.COSTS, "cost part (CR 118, 602.1a)", as_args=False),
        "keyword": _printed_keywords(_one_word_of(lang.KEYWORDS, "keyword ability (CR 702)",
                                                  as_args=False)),
        "condition": _one_word_of(lang.CONDITIONS, "condition", as_args=False),
        "trigger_event": _one_word_of(lang.EVENTS, "trigger event (CR 603.2)", as_args=True),
        "replaced_event": _one_word_of(lang.REPLACED, "replaced event (CR 614.1)",
                                       as_args=True),
        "target": {"type": "object", "description": "a target slot (CR 115.1, 601.2c)",
                   "properties": {
                       "id": {"type": "string", "description": "its id (t1, t2, … by "
                                                              "default)"},
                       "filter": _ref("selector"),
                       "count": {"anyOf": [{"type": "integer", "minimum": 1},
                                           {"type": "object", "properties": {
                                               "min": {"type": "integer"},
                                               "max": {"anyOf": [
                                                   {"type": "integer"},
                                                   {"type": "string", "enum": ["any"]}]}},
                                            "additionalProperties": False}],
                                 "description": "how many; {max: 3} is 'up to three', "
                                                "{min: 1, max: any} 'any number'"}},
                   "additionalProperties": False},
        "ability": _one_word_of(lang.ABILITY_PARTS, "ability, by its kind (CR 113.3)",
                                as_args=True, extra={"static": statics}),
    }


def card_schema() -> dict[str, Any]:
    """A card definition: the fields of a knowledge-base card file, also written inline under
    an object's `define:`."""
    number = {"type": ["integer", "string"], "pattern": "^([0-9]+|[0-9]*[+]?[*])$"}
    special: dict[str, dict[str, Any]] = {
        "name": {"type": "string", "minLength": 1},
        "mana_cost": {"type": ["string", "null"]},
        "types": _list_of_words(CARD_TYPES, ""),
        "subtypes": _list_of_words((), ""),
        "supertypes": _list_of_words(SUPERTYPES, ""),
        "power": number, "toughness": number, "loyalty": number,
        "colors": _list_of_words((*COLORS, "colorless"), ""),
        "keywords": {"type": ["array", "null"], "items": _ref("keyword")},
        "cites": _list_of_words((), ""),
        "abilities": {"type": ["array", "null"], "items": _ref("ability")},
        "additional_costs": {"type": ["array", "null"], "items": _ref("cost")},
        "alternative_costs": {"type": ["array", "null"], "items": {
            "type": "object", "properties": {"name": {"type": "string"},
                                             "cost": {"type": "array", "items": _ref("cost")},
                                             # freecast: its condition, and a cost of nothing
                                             "if": _ref("condition"),
                                             "free": {"type": "boolean"}},
            "required": ["name", "cost"], "additionalProperties": False}},
        "notes": {"type": "string"},
    }
    properties = {}
    for key, doc in CARD_KEYS.items():
        schema = dict(special.get(key, {}))
        schema["description"] = _join(doc)
        properties[key] = schema
    return {
        "type": "object",
        "description": "a card described with the fields of a card file, in the effect "
                       "language (docs/effect-language.md)",
        "properties": properties,
        "required": ["name"],
        "additionalProperties": False,
    }


def object_schema() -> dict[str, Any]:
    """One object in a zone: a card name, or a mapping of OBJECT_KEYS."""
    choice_kinds = Choice.slots["kind"].choices
    chosen: dict[str, Any] = {}
    for kind in choice_kinds:
        value = {"enum": list(COLORS)} if kind == "color" else {"type": ["string", "number"]}
        if kind == "kept":  # chooses: the objects kept for a `keep` step, a list (or one)
            value = {"anyOf": [{"type": ["string", "number"]},
                               {"type": "array", "items": {"type": ["string", "number"]}}]}
        for key in dict.fromkeys((kind.replace(" ", "_"), kind)):
            chosen[key] = {**value, "description": f"the {kind} chosen"}
    special: dict[str, dict[str, Any]] = {
        "card": {"type": "string", "minLength": 1},
        "define": _ref("card"),
        "id": {"type": "string", "pattern": ID_PATTERN},
        "owner": {"type": "string", "minLength": 1},
        "controller": {"type": "string", "minLength": 1},
        "chosen": {"type": "object", "properties": chosen, "additionalProperties": False},
    }
    properties = {}
    for key, doc in OBJECT_KEYS.items():
        if key in special:
            schema = dict(special[key])
        elif key in GameObject.slots:
            schema = slot_schema(GameObject.slots[key])
        else:
            schema = {}
        schema["description"] = _join(doc, schema.get("description", ""))
        properties[key] = schema
    for key, spec in ENTRY_KEYS["object"].items():  # keys other vocabulary modules read
        properties[key] = {**spec.schema, "description": _join(spec.doc)}
    mapping = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "oneOf": [{"required": ["card"]}, {"required": ["define"]}],
    }
    return {
        "description": "an object: a known card's name, or a mapping with card: (a known card) "
                       "or define: (a card described here) and the object's state",
        "anyOf": [{"type": "string", "minLength": 1}, mapping],
    }


def zone_schema(zone: str, doc: str) -> dict[str, Any]:
    entries = {"type": "array", "items": _ref("object")}
    return {
        "description": _join(doc, "a list of objects (each naming its owner or controller), "
                                  "or a mapping of player name to a list of objects"),
        "anyOf": [entries, {"type": "object", "additionalProperties": entries}],
    }


def stack_schema(doc: str) -> dict[str, Any]:
    """The stack: one list, top first, of spells (objects with stack keys) and abilities."""
    from rulings.facts.stack import ABILITY_ENTRY_KEYS, STACK_KEYS

    keys: dict[str, Any] = {
        "targets": {"anyOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "object", "additionalProperties": {
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}},
        ]},
        "x": {"type": "integer", "minimum": 0},
        "kicked": {"type": "boolean"},
        "sacrificed": {"anyOf": [{"type": "string"},
                                 {"type": "array", "items": {"type": "string"}}]},
        "modes": {"type": "array", "items": {"type": ["integer", "string"]}},
        "divide": {"type": "object", "minProperties": 1,  # divided (CR 601.2d)
                   "additionalProperties": {"type": "integer", "minimum": 1}},
        "from": {"type": "string", "enum": list(ZONES)},
        "copy": {"type": "boolean"},
        "ability": {"type": "string", "minLength": 1},
        "controller": {"type": "string", "minLength": 1},
        "id": {"type": "string", "pattern": ID_PATTERN},
        "that_much": {"type": "integer", "minimum": 0},  # dmgtrig
    }
    spell = object_schema()["anyOf"][1]
    keys["chosen"] = spell["properties"]["chosen"]  # choice: as an object's (CR 608.2d)
    spell = {**spell, "properties": {**spell["properties"], **{
        k: {**keys[k], "description": d} for k, d in STACK_KEYS.items()}}}
    ability = {
        "type": "object",
        "description": "an activated or triggered ability on the stack",
        "properties": {k: {**keys[k], "description": d}
                       for k, d in ABILITY_ENTRY_KEYS.items()},
        "required": ["ability"],
        "additionalProperties": False,
    }
    entry = {"anyOf": [{"type": "string", "minLength": 1}, spell, ability]}
    entries = {"type": "array", "items": entry}
    return {
        "description": _join(doc, "one list, top first: spells (objects, with targets:, x:, "
                                  "kicked:, modes:, from:, copy:) and abilities "
                                  "({ability: <object>.<n>, targets: …})"),
        "anyOf": [entries, {"type": "object", "additionalProperties": entries,
                            "maxProperties": 1}],
    }


def turn_schema() -> dict[str, Any]:
    properties = {k: slot_schema(s) for k, s in Turn.slots.items() if k not in Turn.implicit}
    return {
        "type": ["object", "null"],
        "description": "whose turn it is and where in it; the first player's turn by default",
        "properties": properties,
        "additionalProperties": False,
    }


def players_schema(doc: str) -> dict[str, Any]:
    player = {
        "anyOf": [
            {"type": "string", "minLength": 1},
            {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "left_game": {"type": "boolean", "description": "the player has left "
                                  "a multiplayer game"},
                    "life": {"type": "integer", "description": "their life total (costs "
                             "that pay life are checked against it; damage and life loss "
                             "change it)"},
                    **{key: {**spec.schema, "description": _join(spec.doc)}
                       for key, spec in ENTRY_KEYS["player"].items()},
                },
                "required": ["name"],
                "additionalProperties": False,
            },
        ],
    }
    return {"type": "array", "items": player, "minItems": 1, "uniqueItems": True,
            "description": _join(doc, "names, or {name, left_game, life} mappings")}


def situation_schema() -> dict[str, Any]:
    """The JSON Schema of a situation file (YAML or JSON), generated from the vocabulary."""
    defs: dict[str, Any] = {}
    for section in dict.fromkeys((*SECTIONS, *sorted(WORDS))):
        one, word_defs = section_schema(section)
        defs[section] = one
        defs.update(word_defs)
    defs["object"] = object_schema()
    defs["card"] = card_schema()
    defs.update(language_defs())
    properties: dict[str, Any] = {}
    for key, doc in TOP_KEYS.items():
        if key == "question":
            schema: dict[str, Any] = {"type": "string", "description": _join(doc)}
        elif key == "players":
            schema = players_schema(doc)
        elif key == "turn":
            schema = turn_schema()
            schema["description"] = _join(doc, schema["description"])
        elif key == "stack":
            schema = stack_schema(doc)
        elif key in ZONES:
            schema = zone_schema(key, doc)
        elif key in LIST_KEYS:
            schema = _words_list(LIST_KEYS[key], _join(doc, f"a list of {LIST_KEYS[key]} "
                                                             "words"))
        elif key == "event":
            schema = {**_ref("event"), "description": _join(doc, "one event word")}
        elif key == "events":  # a sequence (src/rulings/sequence.py)
            schema = {"type": "array", "minItems": 1, "items": _ref("event"),
                      "description": _join(doc, "event words, each applied to the game the "
                                                "one before left")}
        elif key == "mana_pool":
            schema = mana_pool_schema(doc)
        elif key in WORDS:
            schema = _words_list(key, _join(doc))
        else:
            schema = {"description": _join(doc)}
        properties[key] = schema
    return {
        "$schema": DIALECT,
        "title": f"mtg-rulings situation ({SITUATION_SCHEMA_ID})",
        "description": "A game situation and the event asked about. Objects are referred to "
                       "by id: a card's slug (lower case, words joined by '-') unless given "
                       "an id:, with -2, -3 … added for more objects of the same card. "
                       f"Turn steps: {', '.join(STEPS)}.",
        "type": "object",
        "properties": properties,
        "required": ["players"],
        "oneOf": [{"required": ["event"]}, {"required": ["events"]}],
        "additionalProperties": False,
        "$defs": defs,
    }


def answer_schema() -> dict[str, Any]:
    """The JSON Schema of an answer (rulings.api.ask, `rulings ask --json`, the services)."""
    cites = {"type": "array", "items": {"type": "string"},
             "description": "citations: 'CR <rule>' or '<card-slug>#<n>' (the n-th official "
                            "ruling of that card)"}
    node = {
        "type": "object",
        "description": "one fact the ruling rests on, and why it holds",
        "properties": {
            "fact": {"type": "string", "description": "the fact, in words"},
            "given": {"type": "boolean",
                      "description": "true: a fact of the situation (a leaf); false or absent: "
                                     "derived by `rule` from the facts under `from`"},
            "rule": {"type": "string", "description": "id of the rule that derived the fact"},
            "because": {"type": "string", "description": "that rule's reason, in words"},
            "cites": cites,
            "absent": {"type": "array", "items": {"type": "string"},
                       "description": "what the rule needed NOT to be the case, in words"},
            "from": {"type": "array", "items": {"$ref": "#/$defs/justification"},
                     "description": "the facts the rule matched"},
            "from_event": {"type": "integer",
                           "description": "in a sequence: the number of the earlier event "
                                          "whose result this fact of the game is"},
            "same_support": {"type": "boolean",
                             "description": "true: concluded by the same rule firing as a node "
                                            "shown earlier in this tree, whose facts aren't "
                                            "repeated here"},
        },
        "required": ["fact"],
        "additionalProperties": False,
    }
    part = {
        "type": "object",
        "description": "a part no rule reads",
        "properties": {
            "object": {"type": "string",
                       "description": "the object it belongs to, by name ('the situation' "
                                      "for a word of the situation itself)"},
            "part": {"type": "string",
                     "description": "where on the object: 'ability 2', 'its keywords', …"},
            "word": {"type": "string",
                     "description": "the word of the language or of the situation, like "
                                    "emerge, deals_damage, unparsed"},
            "text": {"type": "string",
                     "description": "for the word undecided: what was left open, in words"},
        },
        "required": ["object", "part", "word"],
        "additionalProperties": False,
    }
    ruling = {
        "type": "object",
        "properties": {
            "id": {"type": "string",
                   "description": "stable id: '<rule>/<about>' (what was ruled on)"},
            "rule": {"type": "string", "description": "id of the rule that concluded it"},
            "statement": {
                "type": "object",
                "description": "the ruling as data: subject + verdict + action",
                "properties": {
                    "subject": {"type": "string"},
                    "verdict": {"enum": list(VERDICTS)},
                    "action": {"type": "string"},
                    "happen": {"type": "array", "items": {"type": "string"},
                               "description": "instruction steps ('<ability>.s<n>') the "
                                              "ruling says happen or presumes happen"},
                    "skipped": {"type": "array", "items": {"type": "string"},
                                "description": "instruction steps the ruling says don't "
                                               "happen"},
                },
                "required": ["subject", "verdict", "action"],
                "additionalProperties": False,
            },
            "text": {"type": "string", "description": "the ruling in one sentence"},
            "because": {"type": "string", "description": "the reason, in one sentence"},
            "cites": cites,
            "justification": {"$ref": "#/$defs/justification"},
            "event": {"type": "integer",
                      "description": "in a sequence: the number of the event (from 1) this "
                                     "ruling is about"},
            "not_modelled": {"type": "array", "items": {"$ref": "#/$defs/part"},
                             "description": "parts of the objects this ruling rests on that "
                                            "no rule reads: the ruling may be wrong because "
                                            "of them"},
        },
        "required": ["id", "rule", "statement", "text", "because", "cites", "justification"],
        "additionalProperties": False,
    }
    return {
        "$schema": DIALECT,
        "title": f"mtg-rulings answer ({ANSWER_SCHEMA_ID})",
        "description": "The rulings on one situation, each with its text, citations and the "
                       "justification tree down to the facts of the situation.",
        "type": "object",
        "properties": {
            "schema": {"const": ANSWER_SCHEMA_ID},
            "situation": {"type": "string",
                          "description": "the situation's file name (or the name it was "
                                         "given)"},
            "question": {"type": "string", "description": "the question, as written"},
            "complete": {"type": "boolean",
                         "description": "false: the run hit its bound (the last ruling is "
                                        "engine.could-not-decide), or a part no rule reads "
                                        "could change the answer (not_modelled, bears)"},
            "not_modelled": {
                "type": "array",
                "description": "the parts of the situation and of its cards that no rule "
                               "reads, so the answer did not take them into account",
                "items": {
                    "type": "object",
                    "properties": {
                        **part["properties"],
                        "reason": {"type": "string",
                                   "description": "why it is not modelled, in words"},
                        "bears": {"type": "boolean",
                                  "description": "true: it could change the answer (it "
                                                 "belongs to what the question is about or "
                                                 "what a ruling rests on, or it works on its "
                                                 "own on the battlefield)"},
                        "text": {"type": "string",
                                 "description": "an unreadable ability's printed text"},
                    },
                    "required": ["object", "part", "word", "reason", "bears"],
                    "additionalProperties": False,
                },
            },
            "rulings": {"type": "array", "items": {"$ref": "#/$defs/ruling"}},
            "sources": {
                "type": "object",
                "description": "cite -> the imported text behind it: for 'CR …' kind, text, "
                               "examples, effective; for a card ruling kind, text, date, card",
                "additionalProperties": {"type": "object"},
            },
            "sources_note": {"type": "string",
                             "description": "how to import the texts, when they are not"},
            "steps": {
                "type": "array",
                "description": "in a sequence (`events:`): one entry per event taken, in order",
                "items": {
                    "type": "object",
                    "properties": {
                        "event": {"type": "integer", "description": "its number, from 1"},
                        "word": {"type": "string", "description": "the event word"},
                        "changes": {"type": "array", "items": {"type": "string"},
                                    "description": "what the event left changed in the "
                                                   "game, in words, for the next event"},
                        "stopped": {"type": "string",
                                    "description": "present when this event can't be taken: "
                                                   "why; the sequence ends here"},
                        "before": {"type": "array", "items": {"type": "string"},
                                   "description": "what the game did before this event "
                                                  "could be taken (a new turn's steps), "
                                                  "in words"},
                    },
                    "required": ["event", "word", "changes"],
                    "additionalProperties": False,
                },
            },
            "notes": {"type": "array", "items": {"type": "string"},
                      "description": "what the answer could not take into account: per card "
                                     "with abilities not modelled, how many it understood and "
                                     "each ability not modelled"},
        },
        "required": ["schema", "situation", "question", "complete", "rulings"],
        "additionalProperties": False,
        "$defs": {"ruling": ruling, "justification": node, "part": part},
    }


__all__ = ["situation_schema", "answer_schema", "card_schema", "ANSWER_SCHEMA_ID",
           "SITUATION_SCHEMA_ID"]


# -- the card language's reference, in Markdown (docs/effect-language.md embeds it) ----------

GENERATED_BEGIN = "<!-- BEGIN GENERATED: rulings schema language -->"
GENERATED_END = "<!-- END GENERATED -->"


def _arg_words(arg: lang.Arg) -> str:
    text = arg.kind
    if arg.choices and arg.kind in ("word", "words"):
        text += ": " + ", ".join(f"`{c}`" for c in arg.choices)
    if arg.keys:
        text += " {" + ", ".join(f"`{k}`{'*' if a.required else ''}"
                                 for k, a in arg.keys.items()) + "}"
    return text


def _word_rows(table: dict[str, lang.Word]) -> list[str]:
    rows = ["| word | CR | meaning | takes |", "|---|---|---|---|"]
    for name, word in table.items():
        if word.args:
            takes = ", ".join(f"`{k}`{'*' if a.required else ''} ({_arg_words(a)})"
                              for k, a in word.args.items())
        elif word.value is not None:
            takes = _arg_words(word.value)
        else:
            takes = "nothing"
        rows.append(f"| `{name}` | {word.cr.replace('CR ', '')} | {word.doc} | {takes} |")
    return rows


def language_reference() -> str:
    """Every word of the card language, from facts.effects (`rulings schema language`)."""
    out = [GENERATED_BEGIN, "",
           "Generated from `facts/effects.py` by `rulings schema language`; `*` marks a "
           "required key.", ""]
    sections: list[tuple[str, dict[str, lang.Word]]] = [
        ("Ability kinds (`abilities:` items)", lang.ABILITY_PARTS),
        ("Verbs (steps of `do:`, `instead:`)", lang.VERBS),
        ("Trigger events (`when:`)", lang.EVENTS),
        ("Replaced events (`event:` of a replacement)", lang.REPLACED),
        ("Cost parts (`cost:`, `additional_costs:`, `alternative_costs:`)", lang.COSTS),
        ("Keywords (`keywords:`)", lang.KEYWORDS),
        ("Static effect words (in a `static:` ability)", lang.STATIC_WORDS),
        ("Conditions (`if:`, `intervening_if:`, `while:`)", lang.CONDITIONS),
    ]
    for title, table in sections:
        out += [f"### {title}", "", *_word_rows(table), ""]
    out += ["### Step modifiers (any step)", "", "| key | takes | meaning |", "|---|---|---|"]
    out += [f"| `{k}` | {_arg_words(a)} | {a.doc} |" for k, a in lang.STEP_MODIFIERS.items()]
    out += ["", "### Replacement modifications (`modify:`)", "", "| key | takes | meaning |",
            "|---|---|---|"]
    out += [f"| `{k}` | {_arg_words(a)} | {a.doc} |" for k, a in lang.MODIFICATIONS.items()]
    out += ["", "### Selector filter keys", "", "| key | takes | meaning |", "|---|---|---|"]
    out += [f"| `{k}` | {_arg_words(a)} | {a.doc} |" for k, a in lang.SELECTOR_KEYS.items()]
    out += ["", "### Referents", "", "| word | means |", "|---|---|"]
    out += [f"| `{k}` | {v} |" for k, v in lang.REFERENTS.items()]
    out += ["", "### Durations", "", "| word | CR |", "|---|---|"]
    out += [f"| `{k}` | {v.replace('CR ', '')} |" for k, v in lang.DURATIONS.items()]
    out += ["", GENERATED_END]
    return "\n".join(out) + "\n"
