"""The one loader: a situation file (YAML or JSON) becomes the facts of a game state and the
event asked about. Every problem in the file is collected and raised at once (InputError)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings.facts import combat, commander, located, stack
from rulings.facts.cards import CardDef, check_value, read_card, read_word, slug
from rulings.facts.costs import ZoneListed, read_mana_pool
from rulings.facts.errors import InputError, Problem, nearest
from rulings.facts.game import (
    COLORS,
    ZONES,
    Ability,
    Choice,
    GameObject,
    Opponent,
    Player,
    Turn,
)
from rulings.facts.granted import grant_abilities
from rulings.facts.located import line_of
from rulings.facts.lowering import lower
from rulings.facts.vocabulary import ENTRY_KEYS, GameFact
from rulings.knowledge import catalog

TOP_KEYS = {
    "question": "the question asked, in words (shown with the answer)",
    "players": "the players, in turn order",
    "turn": "whose turn, which step, who has priority",
    "battlefield": "permanents, each with its controller",
    "hand": "cards in hand, by player",
    "library": "cards in library by player, top card first",
    "graveyard": "cards in graveyard, by player",
    "exile": "exiled cards, by player (owner)",
    "events": "a sequence: events taken one after the other, each on the game the one before "
              "left (instead of event)",
    "stack": "spells and abilities on the stack, by player",
    "command": "cards in the command zone, by player",
    "this_turn": "what happened earlier this turn",
    "history": "what happened on earlier turns (and this one), each with its turn number",
    "effects": "lasting effects already in place (permissions and the like)",
    "mana_pool": "mana already in players' mana pools, by player",
    "draft": "what was drafted (conspiracy draft)",
    "event": "what is asked about: the action or event",
    "format": "the game's format: commander (CR 903; facts/commander.py)",
    "day_night": "whether it is day or night: day, night or neither (CR 731)",
}
OBJECT_KEYS = {
    "card": "a card the knowledge base knows, by name",
    "define": "a card described here, with the fields of a card file",
    "id": "a short id to refer to this object",
    "owner": "its owner",
    "controller": "its controller",
    "tapped": "true if tapped",
    "since_turn_began": "false if its controller has not controlled it continuously since "
                        "their most recent turn began",
    "haste": "true if it has haste",
    "attached_to": "the permanent it enchants or is attached to",
    "token": "true for a token",
    "chosen": "choices made for it, like {color: green}",
    # cards with faces (facts/faces.py, knowledge/rules/layouts.py)
    "face": "the face that is up, or the half or face cast: its name, front or back",
    "fused": "true for a split card cast with both halves (fuse, CR 702.102)",
    "face_down": "true for a face-down spell or permanent (CR 708)",
    "melded": "the two cards of the meld pair this melded permanent is made of (CR 712.4)",
    "on_adventure": "true for a card in exile that its own Adventure exiled (CR 715.3d)",
}
SIMPLE_OBJECT_SLOTS = ("tapped", "since_turn_began", "haste", "token")
#: a bound on the work one question can ask for; real boards are far smaller
MAX_OBJECTS = 300
#: unknown card names that get a "did you mean" (each costs a fuzzy search over all names)
MAX_SUGGESTIONS = 20


def keyword_ability(name: str) -> str:
    """How an answer names an ability a keyword stands for: "cycling"; a keyword written out
    as several abilities numbers the later ones ("fading ability 2"). The CR rule it is
    written from is cited by the rules that read it, not put in its name."""
    word, _, k = name.partition("-")
    word = word.replace("_", " ")
    return f"{word} ability {k}" if k.isdigit() else word


@dataclass
class Situation:
    file: str
    question: str = ""
    facts: list[GameFact] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    #: the event word asked about (picks the rules that can bear on it)
    event: str = ""
    #: a sequence (`events:`): the events in order, the data they start from, their lines
    events: list[Any] = field(default_factory=list)
    raw: Any = None
    event_lines: list[int] = field(default_factory=list)
    #: object id -> rule id -> official rulings of its card that the rule expresses
    official: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def card_rulings(self, rule_id: str, values: list[Any]) -> list[str]:
        """Official rulings to cite when `rule_id` fired on these bound values."""
        found: list[str] = []
        # what each value maps to is kept on the situation: an answer asks again for every
        # rule of every ruling, with the values of every fact it matched
        known = self.__dict__.get("_officials")
        if known is None:
            known = self.__dict__["_officials"] = {}
        for value in values:
            if not isinstance(value, str) or not value:
                continue
            official = known.get(value, False)
            if official is False:
                official = self.official.get(value.split(".")[0])
                if official is None and value[0].isupper():
                    # a card named, not present as an object (a draft record, a noted
                    # name); only card files map official rulings to rules
                    card = catalog.card_file(value)
                    official = card.official if card else None
                known[value] = official
            if official:
                found += official.get(rule_id, [])
        return found

    def name(self, value: Any) -> str:
        if isinstance(value, str):
            return self.names.get(value, value)
        return str(value)


def load(path: str | Path, text: str | None = None) -> Situation:
    """Read a situation file. A case file (src/rulings/cases.py) is read for its situation."""
    data, problems = located.read_reporting(path, text)
    if isinstance(data, dict) and "case" in data and isinstance(data.get("situation"), dict):
        data = data["situation"]
    loader = Loader(str(path))
    loader.problems.extend(problems)  # reported with the loader's own, none hiding another
    return loader.load(data)


def from_data(data: Any, name: str = "<situation>") -> Situation:
    """A situation given as Python data (the API and HTTP service); lines are unknown (0)."""
    return Loader(name).load(data)


def _event_face(event: Any) -> tuple[str, str, str, bool] | None:
    """(object, face, zone evaluated in) of an event that casts or plays a card as one of its
    faces; read before the zones, so the object is built with that face."""
    if not isinstance(event, dict) or len(event) != 1:
        return None
    (word, body), = event.items()
    if word not in ("cast", "play_land") or not isinstance(body, dict):
        return None
    if not body.get("face") and body.get("fused") is not True:
        return None
    zone = "stack" if word == "cast" else "battlefield"
    face = str(body.get("face") or "")
    return str(body.get("card") or ""), face, zone, body.get("fused") is True


def _turned_up(event: Any) -> str:
    """The object a `turn_face_up` event turns face up (its id as written), or ""."""
    if not isinstance(event, dict) or len(event) != 1:
        return ""
    (word, body), = event.items()
    if word != "turn_face_up" or not isinstance(body, dict):
        return ""
    return str(body.get("object") or "")


def _has_fuse(card: CardDef, zone: str) -> bool:
    return zone == "hand" and any(k == "fuse" for f in card.faces for k, _ in f.keywords)


def _kind(value: Any) -> str:
    """What a value is, in words, for 'found … expected …' messages."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    return repr(value) if len(repr(value)) < 60 else f"a {type(value).__name__}"


class Loader:
    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.situation = Situation(file=file)
        self.objects: dict[str, GameObject] = {}
        self.object_lines: dict[str, int] = {}
        self.abilities: dict[str, list[str]] = {}
        #: the card of each object, for the abilities other permanents give it (facts.granted)
        self.cards: dict[str, Any] = {}
        self.by_name: dict[str, list[str]] = {}
        self.pending_refs: list[tuple[GameFact, int]] = []
        #: prevent: `chosen: {source: …}` choices, checked once every object is read
        self.pending_sources: list[tuple[GameFact, int, str]] = []
        self.library_positions: dict[str, int] = {}
        self.too_many = False
        self.chosen_face: tuple[str, str, str, bool] | None = None
        self.turning_up = ""  # the object a turn_face_up event turns face up
        #: object id -> its card as printed (all faces), for rules that read the card itself
        self.printed: dict[str, CardDef] = {}
        self.unreadable: set[str] = set()
        self.suggested = 0

    def problem(self, line: int, what: str, fix: str = "", follow_on: bool = False) -> None:
        self.problems.append(Problem(self.file, line, what, fix, follow_on))

    def not_a_player(self, line: int, what: str, name: str) -> None:
        """A name that is not a player's. With no readable players this follows from the
        problem with 'players', and is listed after it."""
        if self.situation.players:
            self.problem(line, what, nearest(name, self.situation.players, "players"))
        else:
            self.problem(line, what, "fix the list of players first (reported above)",
                         follow_on=True)

    # -- top level ------------------------------------------------------------------------

    def load(self, data: Any) -> Situation:
        if not isinstance(data, dict):
            self.problem(line_of(data) or 1,
                         f"a situation must be a mapping of keys, not {_kind(data)}",
                         "start with players:, battlefield:, event: …")
            raise InputError(self.problems)
        for key in data:
            if key not in TOP_KEYS:
                self.problem(line_of(data, key), f"unknown key '{key}'",
                             nearest(key, TOP_KEYS, "situation keys"))
        question = data.get("question", "")
        self.situation.question = question if isinstance(question, str) else str(question)
        self.read_players(data)
        self.read_format(data)
        self.read_day_night(data)
        self.read_turn(data)
        events = data.get("events")
        first = events[0] if isinstance(events, list) and events else None
        self.chosen_face = _event_face(data.get("event") if "event" in data else first)
        self.turning_up = _turned_up(data.get("event") if "event" in data else first)
        for zone in ("battlefield", "hand", "library", "graveyard", "exile", "stack", "command"):
            if zone in data:
                self.read_zone(zone, data[zone], line_of(data, zone))
        grant_abilities(self, self.cards)  # layer 6 abilities, before anything names them
        if "mana_pool" in data:
            pool, problems = read_mana_pool(data["mana_pool"], self.file,
                                            line_of(data, "mana_pool"), self.situation.players)
            self.situation.facts += pool
            self.problems += problems
        for section in ("this_turn", "effects", "draft", "history"):
            items = data.get(section) or []
            table = "effect" if section == "effects" else section
            if not isinstance(items, list):
                self.problem(line_of(data, section),
                             f"'{section}' must be a list, not {_kind(items)}",
                             "write one '- word: {…}' item each")
                items = []
            for i, item in enumerate(items):
                self.read_fact(item, table, line_of(items, i) or line_of(data, section))
        if "events" in data:  # a sequence: read here for its first event, src/rulings/sequence.py
            self.read_events(data)
        elif "event" in data:
            self.read_fact(data["event"], "event", line_of(data, "event"))
            event = data["event"]
            if isinstance(event, dict) and len(event) == 1:
                self.situation.event = str(next(iter(event)))
        else:
            self.problem(line_of(data) or 1, "the situation has no event",
                         "add event: with the action asked about, e.g. "
                         "event: {activate: {ability: <object>.1}}")
        self.resolve_refs()
        self.check_chosen_sources()
        self.check_states(data)
        stack.after_load(self)
        commander.after_load(self)
        self.disambiguate_names()
        if self.problems:
            raise InputError(self.problems)
        self.situation.facts = [f.completed() for f in self.situation.facts]
        return self.situation

    def read_format(self, data: dict[str, Any]) -> None:
        if "format" not in data:
            return
        value = data["format"]
        if value not in commander.FORMATS:
            self.problem(line_of(data, "format"), f"unknown format {value!r}",
                         "write format: commander (the only format with rules of its own "
                         "here), or leave it out")
            return
        self.situation.facts.append(commander.GameFormat(name=value))

    def read_day_night(self, data: dict[str, Any]) -> None:
        from rulings.facts.faces import DAY_NIGHT, DayNight

        if "day_night" not in data:
            return
        value = data["day_night"]
        if value not in DAY_NIGHT:
            self.problem(line_of(data, "day_night"), f"'day_night' is {value!r}",
                         "write day_night: day, night or neither (CR 731.1)")
            return
        self.situation.facts.append(DayNight(state=value))

    def read_events(self, data: dict[str, Any]) -> None:
        """`events:` — a list of events, each taken on the game the one before left. The
        first is read now (the situation as given is the game before it); each later one is
        read on its own snapshot by src/rulings/sequence.py."""
        events = data["events"]
        line = line_of(data, "events")
        if "event" in data:
            self.problem(line, "the situation has both 'event' and 'events'",
                         "give one event with event:, or a list with events:")
            return
        if not isinstance(events, list) or not events:
            self.problem(line, f"'events' must be a list of events, not {_kind(events)}",
                         "write events: [{cast: {card: …}}, {resolve_top: {}}]")
            return
        lines = []
        for i, event in enumerate(events):
            where = line_of(events, i) or line
            lines.append(where)
            if not isinstance(event, dict) or len(event) != 1:
                self.problem(where, f"event {i + 1} must be one event word with its details",
                             "write - {resolve_top: {}}")
        self.read_fact(events[0], "event", lines[0])
        if isinstance(events[0], dict) and len(events[0]) == 1:
            self.situation.event = str(next(iter(events[0])))
        self.situation.events = list(events)
        self.situation.raw = data
        self.situation.event_lines = lines

    def read_players(self, data: dict[str, Any]) -> None:
        raw = data.get("players")
        line = line_of(data, "players") or 1
        if raw is None:
            self.problem(line, "the situation has no players", "add players: [Alice, Bob]")
            return
        if isinstance(raw, str):
            self.problem(line, f"'players' is the single name '{raw}', not a list",
                         f"write players: [{raw}] (a list, in turn order)")
            return
        if not isinstance(raw, list):
            self.problem(line, f"'players' must be a list of names, not {_kind(raw)}",
                         "write players: [Alice, Bob]")
            return
        if not raw:
            self.problem(line, "the list of players is empty", "write players: [Alice, Bob]")
            return
        for seat, entry in enumerate(raw, 1):
            where = line_of(raw, seat - 1) or line
            left = False
            extra: dict[str, Any] = {}
            life: Any = -1
            if isinstance(entry, dict):
                for key in entry:
                    if key not in ("name", "left_game", "life") and \
                            key not in ENTRY_KEYS["player"]:
                        self.problem(line_of(entry, key) or where, f"unknown player key '{key}'",
                                     nearest(key, ("name", "left_game", "life",
                                                   *ENTRY_KEYS["player"])))
                left = check_value(entry.get("left_game", False), Player.slots["left_game"],
                                   "'left_game'", self.file,
                                   line_of(entry, "left_game") or where, self.problems) or False
                extra = entry
                life = entry.get("life", -1)
                if isinstance(life, bool) or not isinstance(life, int):
                    self.problem(line_of(entry, "life") or where,
                                 f"life must be a whole number, not {life!r}",
                                 "write life: 20")
                    life = -1
                entry = entry.get("name")
            if not isinstance(entry, str) or not entry.strip():
                self.problem(where, f"a player needs a name, not {_kind(entry)}",
                             "write the player's name, like Alice")
                continue
            if entry in self.situation.players:
                self.problem(where, f"the player '{entry}' is listed twice", "list each once")
                continue
            self.situation.players.append(entry)
            self.situation.names[entry] = entry
            self.situation.facts.append(Player(name=entry, seat=seat, left_game=left,
                                               life=life, life_stated="life" in extra
                                               and isinstance(life, int) and life == extra["life"]))
            self.read_entry_keys("player", entry, extra, where, seat, "")
        for a in self.situation.players:
            for b in self.situation.players:
                if a != b:
                    self.situation.facts.append(Opponent(player=b, of=a))

    def read_turn(self, data: dict[str, Any]) -> None:
        raw = data.get("turn") or located.Mapping()
        line = line_of(data, "turn") or 1
        if not isinstance(raw, dict):
            self.problem(line, f"'turn' must be a mapping, not {_kind(raw)}",
                         "write turn: {active: Alice, step: precombat main}")
            return
        players = self.situation.players
        fields: dict[str, Any] = {}
        for key, value in raw.items():
            spec = Turn.slots.get(key)
            where = line_of(raw, key) or line
            if spec is None:
                self.problem(where, f"unknown turn key '{key}'", nearest(key, Turn.slots))
                continue
            checked = check_value(value, spec, f"turn '{key}'", self.file, where, self.problems)
            if checked is not None:
                fields[key] = checked
        if "priority" in fields:  # said, not defaulted (a mana ability's timing reads it)
            from rulings.facts.mana import PriorityStated

            self.situation.facts.append(PriorityStated(player=fields["priority"]))
        if players:
            fields.setdefault("active", players[0])
            # nobody gets priority in the untap step (CR 502.4), nor in the cleanup step unless
            # something happens there (514.3a: then say `priority:`); otherwise the active
            # player (an active player that is no player is one problem, not a second)
            fields.setdefault("priority", "" if fields.get("step") in ("untap", "cleanup")
                              else fields["active"] if fields["active"] in players
                              else players[0])
        turn = Turn(**fields)
        self.pending_refs.append((turn, line))
        self.situation.facts.append(turn)

    # -- objects --------------------------------------------------------------------------

    def read_zone(self, zone: str, raw: Any, line: int) -> None:
        if zone == "stack":  # ordered, with targets and choices: facts.stack reads it
            stack.read_stack(self, raw, line)
            return
        if isinstance(raw, dict):  # by player
            for player, entries in raw.items():
                where = line_of(raw, player) or line
                if player not in self.situation.players:
                    self.not_a_player(where, f"'{player}' is not a player", str(player))
                    continue
                if not isinstance(entries, list):
                    self.problem(where, f"{player}'s {zone} must be a list, not "
                                 f"{_kind(entries)}",
                                 f"write [{entries}]" if isinstance(entries, str)
                                 else "write [Card, Card]")
                    continue
                # what a player's zone lists is all of it (costs read an empty hand so)
                self.situation.facts.append(ZoneListed(player=player, zone=zone))
                for i, entry in enumerate(entries):
                    self.read_object(entry, zone, line_of(entries, i) or where, player, i + 1)
        elif isinstance(raw, list):
            for i, entry in enumerate(raw):
                self.read_object(entry, zone, line_of(raw, i) or line, None, i + 1)
        else:
            self.problem(line, f"'{zone}' must be a list or a mapping of player to list, "
                         f"not {_kind(raw)}",
                         f"write {zone}: {{Alice: [Card]}}")

    def read_object(self, entry: Any, zone: str, line: int, player: str | None,
                    position: int) -> None:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict):
            self.problem(line, f"an object must be a card name or a mapping, not {_kind(entry)}",
                         "write '- Forest' or '- {card: Forest, tapped: true}'")
            return
        if self.split_name(entry, line):
            return
        for key in entry:
            if key not in OBJECT_KEYS and key not in ENTRY_KEYS["object"]:
                self.problem(line_of(entry, key) or line, f"unknown object key '{key}'",
                             nearest(key, [*OBJECT_KEYS, *ENTRY_KEYS["object"]],
                                     "object keys"))
        if len(self.objects) >= MAX_OBJECTS:
            if not self.too_many:
                self.too_many = True
                self.problem(line, f"the situation has more than {MAX_OBJECTS} objects",
                             "describe only the objects that matter to the question")
            return
        known = len(self.problems)
        card = self.card_of(entry, line)
        if card is not None and "define" in entry and len(self.problems) > known:
            card = None  # a definition with problems is not turned into facts
        if card is None:
            # already reported; references to it would only repeat the problem
            for ref in (entry.get("id"), entry.get("card")):
                if isinstance(ref, str):
                    self.unreadable.update({ref, ref.lower(), slug(ref)})
            return
        printed = card
        card, faces_facts = self.faces_of(card, entry, zone, line)
        owner = entry.get("owner") or player or entry.get("controller")
        controller = entry.get("controller") or player or owner
        if not owner:
            self.problem(line, f"'{card.name}' has no owner or controller",
                         "add controller: <player> (or list it under a player)")
            return
        for who, value in (("controller", controller), ("owner", owner)):
            if value not in self.situation.players:
                self.not_a_player(line_of(entry, who) or line, f"{who} '{value}' is not a player",
                                  str(value))
                return
        oid = entry.get("id") or slug(printed.name)
        if not isinstance(oid, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", oid):
            self.problem(line_of(entry, "id") or line, f"the id {oid!r} is not usable",
                         "use letters, digits, '-' and '_'")
            return
        if "id" in entry and oid in self.objects:
            self.problem(line_of(entry, "id") or line, f"the id '{oid}' is used twice",
                         "give each object its own id")
            return
        base, n = oid, 2
        while oid in self.objects:
            oid, n = f"{base}-{n}", n + 1
        fields: dict[str, Any] = {}
        for key in SIMPLE_OBJECT_SLOTS:
            if key in entry:
                checked = check_value(entry[key], GameObject.slots[key], f"'{key}'", self.file,
                                      line_of(entry, key) or line, self.problems)
                if checked is not None:
                    fields[key] = checked
        if zone != "battlefield":
            self.check_off_battlefield(entry, card.name, zone, line, player, controller, owner)
        if zone == "library":
            position = self.library_positions.get(owner, 0) + 1
            self.library_positions[owner] = position
        obj = GameObject(
            id=oid, name=card.name, owner=owner, controller=controller, zone=zone,
            position=position if zone == "library" else 0,
            types=card.types, subtypes=card.subtypes, supertypes=card.supertypes,
            mana_cost=card.mana_cost, attached_to=str(entry.get("attached_to") or ""),
            power=card.power, toughness=card.toughness, loyalty=card.loyalty,
            colors=card.colors,
            # changeling is a characteristic-defining ability: every creature type in every
            # zone (CR 702.73a, 604.3)
            every_creature_type=any(w == "changeling" for w, _ in card.keywords),
            **fields,
        )
        self.objects[oid] = obj
        self.printed[oid] = printed
        self.object_lines[oid] = line
        self.situation.names[oid] = card.name or f"a face-down card ({oid})"
        for fact in faces_facts:
            whose = {"player": owner} if "player" in fact.slots else {}
            self.situation.facts.append(fact.__class__(**{**fact, "object": oid, **whose}))
        if printed.faces:
            for other in (printed.name, *(f.name for f in printed.faces)):
                if other != card.name:
                    self.by_name.setdefault(other, []).append(oid)
                    self.by_name.setdefault(other.lower(), []).append(oid)
        if card.official:
            self.situation.official[oid] = card.official
        self.by_name.setdefault(card.name, []).append(oid)
        self.by_name.setdefault(card.name.lower(), []).append(oid)
        self.situation.facts.append(obj)
        if obj["attached_to"]:
            self.pending_refs.append((obj, line))
        self.add_abilities(oid, card, line)
        if oid == self.turning_up and card is not printed and any(
                type(f).__name__ == "FaceDown" for f in faces_facts):
            self.add_face_up_triggers(oid, printed, line)
        self.cards[oid] = card
        self.add_choices(oid, entry, line)
        self.read_entry_keys("object", oid, entry, line, len(self.objects), zone)

    def read_entry_keys(self, kind: str, owner: str, entry: dict[str, Any], line: int,
                        order: int, zone: str) -> None:
        """Keys other vocabulary modules read (counters, damage, life …; facts.vocabulary)."""
        for key, spec in ENTRY_KEYS[kind].items():
            if key not in entry and not spec.always:
                continue
            where = line_of(entry, key) or line
            if key in entry and spec.zones and zone not in spec.zones:
                self.problem(where, f"'{key}' is given for an object in the {zone}",
                             f"only objects in the {' or '.join(spec.zones)} have it; "
                             "drop the key")
                continue
            try:
                facts = spec.read(owner, entry.get(key), order)
            except ValueError as exc:
                self.problem(where, f"'{key}': {exc}", spec.fix)
                continue
            for fact in facts:
                self.situation.facts.append(fact)
                self.pending_refs.append((fact, where))

    # -- impossible states (docs/situations.md, "Impossible states") ---------------------

    def check_off_battlefield(self, entry: dict[str, Any], name: str, zone: str, line: int,
                              player: str | None, controller: str, owner: str) -> None:
        """What only a permanent can be or have, said of a card in another zone."""
        permanent_only = {
            "tapped": ("tapped", lambda v: v is True),
            "attached_to": ("attached to anything", lambda v: bool(v)),
            "since_turn_began": ("new under its controller's control",
                                 lambda v: v is False),
        }
        if zone != "stack":
            permanent_only["haste"] = ("given haste", lambda v: v is True)
        for key, (words, bad) in permanent_only.items():
            if key in entry and bad(entry[key]):
                self.problem(line_of(entry, key) or line,
                             f"'{name}' is in the {zone}, so it can't be {words} (only a "
                             "permanent can)",
                             "put it on the battlefield or drop the key")
        if zone in ("library", "hand") and entry.get("token") is True:
            self.problem(line_of(entry, "token") or line,
                         f"a token can't be in a {zone}: a token that leaves the battlefield "
                         "ceases to exist (CR 111.7, 111.8)",
                         "drop token: true, or put the token on the battlefield")
        if zone != "stack" and controller != owner:
            self.problem(line_of(entry, "controller") or line,
                         f"'{name}' is in {owner}'s {zone}, where a card has no controller "
                         f"other than its owner (CR 108.4), but the file says {controller}",
                         f"drop controller:, or list it under its owner {owner}")

    def check_states(self, data: dict[str, Any]) -> None:
        """States no game can reach are input errors, never answers."""
        left = {f["name"] for f in self.situation.facts
                if isinstance(f, Player) and f["left_game"]}
        for oid, obj in self.objects.items():
            line = self.object_lines[oid]
            if obj["owner"] in left:
                self.problem(line, f"'{obj['name']}' is owned by {obj['owner']}, who has left "
                             "the game; everything a player owns leaves with them (CR 800.4a)",
                             f"drop it, or leave out left_game for {obj['owner']}")
            types = set(obj["types"])
            if obj["zone"] == "battlefield" and types & {"instant", "sorcery"}:
                kind = "an instant" if "instant" in types else "a sorcery"
                self.problem(line, f"'{obj['name']}' is {kind} on the battlefield; instants "
                             "and sorceries never become permanents (CR 304.4, 307.4)",
                             "put it in a hand, library, graveyard, exile or on the stack")
            if obj["zone"] == "stack" and "land" in types:
                self.problem(line, f"'{obj['name']}' is a land card on the stack; a land is "
                             "played, never cast, so it is never a spell (CR 305.1, 305.9)",
                             "put it in a hand or on the battlefield")
            target = obj["attached_to"]
            if not target or target not in self.objects:
                continue
            if target == oid:
                self.problem(line, f"'{obj['name']}' is attached to itself; an Aura or "
                             "Equipment is attached to another object or a player "
                             "(CR 303.4d, 301.5c)",
                             "attach it to another permanent")
            elif self.objects[target]["zone"] != "battlefield":
                self.problem(line, f"'{obj['name']}' is attached to "
                             f"'{self.objects[target]['name']}', which is in the "
                             f"{self.objects[target]['zone']}; an object on the battlefield "
                             "can be attached only to a permanent (CR 704.5m, 704.5n)",
                             "put what it is attached to on the battlefield, or drop "
                             "attached_to")
        said = set()
        for fact in self.situation.facts:
            # objects an event or effect needs on the battlefield (facts/state.py says which)
            for key in getattr(type(fact), "on_battlefield", ()):
                named = fact.get(key)
                for oid in [named] if isinstance(named, str) else list(named or ()):
                    if oid in left and (type(fact), oid) not in said:
                        said.add((type(fact), oid))
                        self.problem(line_of(data, type(fact).on_battlefield_section) or 1,
                                     f"{oid} has left the game; nothing happens to a player "
                                     "who left (CR 800.4a)",
                                     "name a player still in the game, or drop left_game")
                    obj = self.objects.get(oid)
                    if obj is None or obj["zone"] == "battlefield" or \
                            (type(fact), oid) in said:
                        continue
                    said.add((type(fact), oid))
                    self.problem(line_of(data, type(fact).on_battlefield_section) or 1,
                                 f"'{obj['name']}' is in the {obj['zone']}, not on the "
                                 f"battlefield; {type(fact).on_battlefield_why}",
                                 f"put '{obj['name']}' on the battlefield, or name a "
                                 "permanent")
        kinds = {f["id"]: f["kind"] for f in self.situation.facts if isinstance(f, Ability)}
        for fact in self.situation.facts:
            activated = fact.get("ability") if type(fact).__name__ == "Activate" else None
            # an ability the compiler couldn't read is not modelled, not refused: the answer
            # says so in its notes
            if activated and kinds.get(activated, "activated") not in ("activated", "mana",
                                                                         "unparsed"):
                self.problem(line_of(data, "event") or 1,
                             f"{self.situation.names.get(activated, activated)} is "
                             f"a {kinds[activated]} ability; only activated abilities "
                             "(mana abilities among them) are activated (CR 602.1c)",
                             "name an activated ability, or ask about another event")
            if type(fact).__name__ == "ResolvedEffect" and \
                    fact.get("duration") == "while_this_tapped":
                # remains (611.2b): it lasts for a permanent's being tapped, read by the layer
                # system and the untap step (the blocking and attacking rules don't ask it)
                if not fact.get("from_object"):
                    self.problem(line_of(data, "effects") or 1,
                                 "an effect for as long as a permanent remains tapped needs "
                                 "that permanent",
                                 "add from_object: <id of the permanent whose ability made it>")
                if fact.get("effect") == "prohibit" and set(fact.get("values") or ()) != \
                        {"untap"}:
                    self.problem(line_of(data, "effects") or 1,
                                 "a rule other than 'doesn't untap' for as long as a "
                                 "permanent remains tapped is not read",
                                 "use values: [untap], or another duration")
            if type(fact).__name__ == "LeavesGame" and fact.get("player") in left:
                self.problem(line_of(data, "event") or 1,
                             f"{fact['player']} leaves the game, but the players list says "
                             "they have already left it",
                             f"drop left_game: true for {fact['player']}")
        self.check_counts(data)
        turn = data.get("turn")
        turn_line = line_of(data, "turn") or 1
        for fact in self.situation.facts:
            if not isinstance(fact, Turn):
                continue
            fact = fact.completed()  # defaults filled, even when another part was refused
            if fact.get("number", 1) < 1:
                self.problem(line_of(turn, "number") if isinstance(turn, dict) else turn_line,
                             f"turn number {fact['number']} is impossible: turns are counted "
                             "from 1", "write a number of 1 or more")
            for key in ("active", "priority"):
                if fact.get(key) in left:
                    self.problem(line_of(turn, key) if isinstance(turn, dict) else turn_line,
                                 f"turn '{key}' is {fact[key]}, who has left the game; a "
                                 "player who left takes no turns and gets no priority "
                                 "(CR 800.4a)",
                                 "name a player still in the game")
            if fact.get("step") == "untap" and fact.get("priority"):
                where = line_of(turn, "priority") or line_of(turn, "step") \
                    if isinstance(turn, dict) else turn_line
                self.problem(where or turn_line,
                             "nobody gets priority during the untap step (CR 502.4)",
                             "write priority: \"\" for the untap step, or pick a later step")
            if isinstance(turn, dict) and turn.get("stack_empty") is True and \
                    self.on_stack():
                self.problem(line_of(turn, "stack_empty") or turn_line,
                             "the turn says the stack is empty, but the situation lists "
                             "objects on the stack", "write stack_empty: false")
        if isinstance(turn, dict) and isinstance(turn.get("step"), str):
            self.check_combat_step(turn["step"], line_of(turn, "step") or turn_line)

    def check_combat_step(self, step: str, line: int) -> None:
        """A written-out step must fit the combat question and the attack and block marks
        (facts.combat.step_problems)."""
        for oid, what, fix in combat.step_problems(self.situation.event, step,
                                                   self.situation.facts):
            if oid in self.objects:
                self.problem(self.object_lines[oid], f"'{self.objects[oid]['name']}' {what}",
                             fix)
            else:
                self.problem(line, what, fix)

    def check_counts(self, data: dict[str, Any]) -> None:
        """Numbers no game has: a negative X chosen (CR 107.3) and a negative count of
        lands played this turn (CR 305.2)."""
        event = data.get("event")
        cast = event.get("cast") if isinstance(event, dict) else None
        if isinstance(cast, dict) and isinstance(cast.get("x"), int) and cast["x"] < 0:
            self.problem(line_of(cast, "x") or line_of(data, "event") or 1,
                         f"'x' is {cast['x']}; the value chosen for X is 0 or more (CR 107.3)",
                         "write x: 0 or more, or leave x out")
        for item in data.get("this_turn") or () if isinstance(data.get("this_turn"),
                                                               list) else ():
            played = item.get("played_land") if isinstance(item, dict) else None
            if isinstance(played, dict) and isinstance(played.get("count"), int) and \
                    played["count"] < 0:
                self.problem(line_of(played, "count") or line_of(data, "this_turn") or 1,
                             f"played_land count is {played['count']}; a player has played "
                             "0 or more lands this turn", "write count: 0 or more")
            self._check_attacked(data, item)
        self._check_died(data)
        for word, key, what in (("gained_life", "amount", "life gained"),
                                ("lost_life", "amount", "life lost"),
                                ("left_battlefield", "count", "permanents that left"),
                                ("drew", "count", "cards drawn")):  # castcond area
            self._check_per_player(data, word, key, what)
        self._check_entered(data)

    def _check_entered(self, data: dict[str, Any]) -> None:
        """`this_turn: entered` (history2 area): a count of 0 or more, and one entry a player
        and card type (that type's total this turn)."""
        entries = [item["entered"] for item in data.get("this_turn") or ()
                   if isinstance(item, dict) and isinstance(item.get("entered"), dict)] \
            if isinstance(data.get("this_turn"), list) else []
        seen: set[Any] = set()
        for entry in entries:
            line = line_of(entry, "count") or line_of(data, "this_turn") or 1
            n = entry.get("count", 1)
            if isinstance(n, int) and n < 0:
                self.problem(line, f"entered count is {n}; the permanents that entered this "
                                   "turn are 0 or more", "write count: 0 or more")
            key = (entry.get("player"), entry.get("type", "land"))
            if key in seen:
                self.problem(line, f"two entered entries for {key[0]} and type {key[1]}: one "
                                   "entry tells that type's permanents this turn in all",
                             "write one entry with the total")
            seen.add(key)

    def _check_attacked(self, data: dict[str, Any], item: Any) -> None:
        """`this_turn: attacked` (history area): a count of 0 or more, and only the active
        player attacks (CR 508.1)."""
        attacked = item.get("attacked") if isinstance(item, dict) else None
        if not isinstance(attacked, dict) or not isinstance(attacked.get("count", 1), int):
            return
        line = line_of(attacked, "count") or line_of(data, "this_turn") or 1
        count = attacked.get("count", 1)
        if count < 0:
            self.problem(line, f"attacked count is {count}; a player attacks with 0 or more "
                               "creatures", "write count: 0 or more")
            return
        turn = data.get("turn") if isinstance(data.get("turn"), dict) else {}
        players = self.situation.players
        active = turn.get("active", players[0] if players else None)
        if count > 0 and isinstance(active, str) and attacked.get("player") != active:
            self.problem(line, f"{attacked.get('player')} attacked, but it is {active}'s turn: "
                               "only the active player attacks (CR 508.1)",
                         f"write player: {active}, or count: 0")

    def _check_per_player(self, data: dict[str, Any], word: str, key: str, what: str) -> None:
        """`this_turn: gained_life` / `lost_life` / `left_battlefield` (history area): an
        amount of 0 or more, and one entry a player (the turn's total)."""
        entries = [item[word] for item in data.get("this_turn") or ()
                   if isinstance(item, dict) and isinstance(item.get(word), dict)] \
            if isinstance(data.get("this_turn"), list) else []
        seen: set[Any] = set()
        for entry in entries:
            line = line_of(entry, key) or line_of(data, "this_turn") or 1
            n = entry.get(key, 1)
            if isinstance(n, int) and n < 0:
                self.problem(line, f"{word} {key} is {n}; the {what} this turn are 0 or more",
                             f"write {key}: 0 or more")
            who = entry.get("player")
            if who in seen:
                self.problem(line, f"two {word} entries for {who}: one entry tells the "
                                   f"{what} this turn in all", "write one entry with the total")
            seen.add(who)

    def _check_died(self, data: dict[str, Any]) -> None:
        """`this_turn: died` (history area): a count of 0 or more, and one entry a player
        (the turn's deaths are told in full), not mixed with an entry that names no player."""
        entries = [item["died"] for item in data.get("this_turn") or ()
                   if isinstance(item, dict) and isinstance(item.get("died"), dict)] \
            if isinstance(data.get("this_turn"), list) else []
        seen: set[Any] = set()
        for died in entries:
            line = line_of(died, "count") or line_of(data, "this_turn") or 1
            count = died.get("count", 1)
            if isinstance(count, int) and count < 0:
                self.problem(line, f"died count is {count}; 0 or more creatures die in a turn",
                             "write count: 0 or more")
            who = died.get("player", "")
            if who in seen:
                self.problem(line, f"two died entries for {who or 'no player'}: one entry "
                                   "tells how many died under a player's control this turn",
                             "write one entry with the total count")
            seen.add(who)
        if "" in seen and len(seen) > 1:
            self.problem(line_of(data, "this_turn") or 1,
                         "a died entry without a player beside entries naming players: the "
                         "count can't be told apart", "name the player of every died entry, "
                         "or write one entry without player")

    def on_stack(self) -> bool:
        return any(o["zone"] == "stack" for o in self.objects.values())

    def split_name(self, entry: dict[str, Any], line: int) -> bool:
        """`{card: Thalia, Guardian of Thraben}`: in a YAML flow mapping an unquoted comma ends
        the value, so the rest of the name reads as a key with no value. Said as that, with
        the fix, when the joined name is a known card."""
        name = entry.get("card")
        if not isinstance(name, str):
            return False
        for key, value in entry.items():
            if value is not None or not isinstance(key, str) or key in OBJECT_KEYS:
                continue
            whole = f"{name.strip()}, {key.strip()}"
            try:
                known = catalog.card(whole)
            except InputError:
                return False
            if known is not None:
                self.problem(line_of(entry, "card") or line,
                             f"the card name '{whole}' was cut at its comma (in {{…}}, a "
                             "comma ends a value)", f'quote the name: card: "{whole}"')
                return True
        return False

    def card_of(self, entry: dict[str, Any], line: int) -> CardDef | None:
        if "define" in entry:
            if "card" in entry:
                self.problem(line, "an object has both 'card' and 'define'", "keep one")
            return read_card(entry["define"], self.file, self.problems)
        name = entry.get("card")
        if not isinstance(name, str) or not name.strip():
            self.problem(line, "the object names no card" + (
                             f" (card: is {_kind(name)})" if name is not None else ""),
                         "add card: <name>, or define: {name: …, types: […]}")
            return None
        try:
            card = catalog.card(name.strip())
        except InputError as exc:  # a broken card file: report, don't crash
            self.problems.extend(exc.problems)
            return None
        if card is None:
            self.suggested += 1
            hint = (catalog.unknown_card_hint(name) if self.suggested <= MAX_SUGGESTIONS
                    else "see the known cards: rulings cards")
            shown = name if len(name) <= 80 else name[:77] + "…"
            self.problem(line_of(entry, "card") or line, f"unknown card '{shown}'", hint)
        return card

    def faces_of(self, card: CardDef, entry: dict[str, Any], zone: str, line: int
                 ) -> tuple[CardDef, list[GameFact]]:
        """The characteristics a card has now (facts.faces.shown): for a card with faces, by
        its zone and the object's face words, or the face chosen by the event that casts or
        plays it; and the facts that say so."""
        from rulings.facts.faces import (
            LAYOUTS,
            NOT_MODELLED,
            AdventureExile,
            FaceDown,
            Melded,
            faces_fact,
            shown,
        )

        words = {k: entry[k] for k in ("face", "fused", "face_down", "melded", "on_adventure")
                 if k in entry}
        where = {k: line_of(entry, k) or line for k in words}
        event_face = self.event_face_for(entry, card)
        unmodelled: list[GameFact] = []
        if card.layout in NOT_MODELLED:  # said in the answer's notes, never guessed
            from rulings.facts.effects import Unmodelled

            what, cite = LAYOUTS[card.layout]
            unmodelled.append(Unmodelled(
                object="", ability=f"layout.{card.layout}",
                text=f"the rules of {what} ({cite})", gap=f"the {card.layout} layout"))
        if not card.faces and not words:
            return card, unmodelled
        for key in ("fused", "face_down", "on_adventure"):
            if key in words and not isinstance(words[key], bool):
                self.problem(where[key], f"'{key}' must be true or false",
                             f"write {key}: true")
                return card, []
        melded = words.get("melded")
        seen_zone = zone
        face = str(words.get("face") or "")
        fused = bool(words.get("fused"))
        if event_face is not None:  # evaluated as the face chosen to cast or play
            face, seen_zone, fused = event_face
            if fused and not _has_fuse(card, zone):
                self.problem(line, f"{card.name} can be cast fused only from its owner's hand "
                             "and only if it has fuse (CR 702.102a)",
                             "cast one half: face: <the half's name>")
                return card, []
        seen = shown(card, seen_zone, face=face, fused=fused,
                     is_face_down=bool(words.get("face_down")), melded=bool(melded))
        if seen.problem:
            key = next(iter(words), "card")
            self.problem(where.get(key, line), seen.problem,
                         "see docs/situations.md, \"Cards with faces\"")
            return card, []
        facts: list[GameFact] = list(unmodelled)
        if card.faces:
            facts.append(faces_fact("", card, zone, seen))
        if words.get("face_down"):
            # the cost its controller pays to turn it face up (702.37e, 702.168d)
            up = next(((k, v) for k, v in card.keywords
                       if k in ("morph", "megamorph", "disguise") and isinstance(v, str)),
                      ("", ""))
            facts.append(FaceDown(object="", card=card.name, keyword=up[0], cost=up[1]))
        if melded:
            if not isinstance(melded, list) or len(melded) != 2:
                self.problem(where["melded"], "a melded permanent is represented by the two "
                             "cards of its meld pair (CR 712.4a)",
                             "write melded: [<front card>, <other front card>]")
                return card, []
            facts.append(Melded(object="", cards=[str(m) for m in melded]))
            fronts = [catalog.card(str(m)) for m in melded]
            if all(f is not None for f in fronts):  # its mana value: both cards' (712.8g)
                import copy

                seen.card = copy.copy(seen.card)
                seen.card.mana_cost = "".join((f.faces[0] if f.faces else f).mana_cost
                                              for f in fronts if f is not None)
        if words.get("on_adventure"):
            if zone != "exile" or card.layout != "adventure":
                self.problem(where["on_adventure"], "only an adventurer card in exile can have "
                             "been exiled by its own Adventure (CR 715.3d)",
                             "drop on_adventure:, or put the card in exile")
                return card, []
            facts.append(AdventureExile(object="", player=""))  # its owner, filled in
        return seen.card, facts

    def event_face_for(self, entry: dict[str, Any], card: CardDef
                       ) -> tuple[str, str] | None:
        """(face, zone it is evaluated in) when the event casts or plays this object as one
        of its faces: `cast: {card, face}` (CR 709.3a, 712.11c, 715.3a) or
        `play_land: {card, face}` (712.12)."""
        chosen = self.chosen_face
        if chosen is None or not card.faces:
            return None
        ref, face, zone, fused = chosen
        names = {str(entry.get("id") or ""), card.name.lower(),
                 *(f.name.lower() for f in card.faces), slug(card.name)}
        return (face, zone, fused) if ref.lower() in names or ref in names else None

    def add_face_up_triggers(self, oid: str, printed: CardDef, line: int) -> None:
        """The event turns this face-down permanent face up: its abilities that trigger on
        being turned face up are read too, as the face-up permanent has them once the event
        is over (CR 708.8); the rest of it stays face down until then."""
        import copy

        up = [ab for ab in printed.abilities if ab.kind == "triggered"
              and (ab.parts.get("when") or {}).get("event") == "turned_face_up"]
        if not up:
            return
        only = copy.copy(printed)
        only.abilities = up
        only.keywords, only.keyword_abilities = [], []
        only.additional_costs, only.alternative_costs = [], []
        self.add_abilities(oid, only, line)

    def add_abilities(self, oid: str, card: CardDef, line: int) -> None:
        """The card's keywords, costs and abilities as facts (facts.lowering)."""
        ids = self.abilities.setdefault(oid, [])
        for ab in card.abilities:
            aid = f"{oid}.{ab.number}"
            ids.append(aid)
            self.situation.names[aid] = f"{card.name}'s ability {ab.number}"
        for name, _ in card.keyword_abilities:  # named by the keyword: <object>.cycling
            ids.append(f"{oid}.{name}")
            self.situation.names[f"{oid}.{name}"] = f"{card.name}'s {keyword_ability(name)}"
        try:
            lowered = lower(card, oid)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # a backstop: the card reader should have refused what lowering can't take
            self.problem(line, f"the card '{card.name}' can't be turned into facts "
                         f"({type(exc).__name__}: {exc})",
                         "check its abilities against docs/effect-language.md "
                         "(`rulings lint` on a card file shows more)")
            return
        self.situation.facts.extend(lowered.facts)
        for f in lowered.facts:  # "when you do" abilities, named for the stack (603.12)
            if isinstance(f, Ability) and str(f["id"]).endswith(".when"):
                ids.append(f["id"])
                parent, _, rest = str(f["id"]).removesuffix(".when").partition(".do.")
                self.situation.names[f["id"]] = (
                    f"{card.name}'s reflexive ability ('when you do', step {rest or '?'} "
                    f"of ability {parent.rpartition('.')[2]})")
        for key, shown in lowered.names.items():
            self.situation.names.setdefault(key, shown)

    def add_choices(self, oid: str, entry: dict[str, Any], line: int) -> None:
        chosen = entry.get("chosen")
        if chosen is None:
            return
        where = line_of(entry, "chosen") or line
        if not isinstance(chosen, dict):
            self.problem(where, f"'chosen' must be a mapping, not {_kind(chosen)}",
                         "write chosen: {color: green}")
            return
        kinds = Choice.slots["kind"].choices
        for kind, value in chosen.items():
            kind_name = kind.replace("_", " ")
            if kind_name not in kinds:
                self.problem(line_of(chosen, kind) or where, f"unknown choice '{kind}'",
                             nearest(kind_name, kinds))
                continue
            if kind_name == "kept":  # chooses: the objects each player kept (a list)
                values = value if isinstance(value, list) else [value]
                for v in values:
                    fact = Choice(object=oid, kind="kept", value=str(v))
                    self.pending_sources.append((fact, line_of(chosen, kind) or where, ""))
                    self.situation.facts.append(fact)
                continue
            if kind_name == "tap or untap":  # selfstate: one word a step, in step order
                values = value if isinstance(value, list) else [value]
                wrong = [v for v in values if str(v) not in ("tap", "untap")]
                if wrong or not values:
                    self.problem(line_of(chosen, kind) or where,
                                 f"'{wrong[0] if wrong else value}' is not tap or untap",
                                 "write tap_or_untap: tap, or untap (a list, [tap, untap], "
                                 "for several such instructions, in order)")
                    continue
                self.situation.facts.append(Choice(object=oid, kind=kind_name,
                                                   value=",".join(str(v) for v in values)))
                continue
            if kind_name == "color" and value not in COLORS:
                self.problem(line_of(chosen, kind) or where, f"'{value}' is not a color",
                             nearest(str(value), COLORS))
                continue
            if kind_name in ("creature type", "basic land type") and not _type_word(
                    kind_name, value):  # choice: a subtype of that kind (CR 205.3)
                self.problem(line_of(chosen, kind) or where, f"'{value}' is not a {kind_name}",
                             "write a creature type like Goblin, or a basic land type "
                             "like Island")
                continue
            fact = Choice(object=oid, kind=kind_name, value=str(value))
            if kind_name == "source":  # an object, known once all are read (CR 609.7a)
                self.pending_sources.append((fact, line_of(chosen, kind) or where,
                                             str(entry.get("ability") or "")))
            self.situation.facts.append(fact)

    # -- words: events, what happened this turn, draft records ------------------------------

    def read_fact(self, item: Any, section: str, line: int) -> None:
        found = read_word(item, section, self.file, line, self.problems)
        if not found:
            return
        _, cls, fields, _ = found
        fact = cls(**fields)
        self.situation.facts.append(fact)
        self.pending_refs.append((fact, line))

    def disambiguate_names(self) -> None:
        """Two Forests read as 'Forest (forest)' and 'Forest (forest-2)' in explanations."""
        for ids in self.by_name.values():
            if len(set(ids)) > 1:
                for oid in ids:
                    if not self.objects[oid]["name"]:  # face down: already told apart by id
                        continue
                    shown = f"{self.objects[oid]['name']} ({oid})"
                    self.situation.names[oid] = shown
                    card_name = str(self.objects[oid]["name"])
                    for aid in self.abilities.get(oid, []):
                        # the ability keeps its name ("ability 2", "cycling"), with the
                        # card's name made unique
                        before = self.situation.names.get(aid, "")
                        if before.startswith(shown + "'s "):
                            continue  # made unique already
                        self.situation.names[aid] = (
                            shown + before[len(card_name):] if before.startswith(card_name)
                            else f"{shown}'s ability {aid.rpartition('.')[2]}")

    # -- references -----------------------------------------------------------------------

    def resolve_refs(self) -> None:
        """Names in facts become ids, checked to exist. Facts are rebuilt, not modified."""
        facts = self.situation.facts
        index = {id(f): i for i, f in enumerate(facts)}
        for fact, line in self.pending_refs:
            changed = {}
            for key, spec in type(fact).slots.items():
                if not spec.ref or key not in fact:
                    continue
                value = fact[key]
                if value in ("", None):
                    continue
                if isinstance(value, (list, tuple)):  # a list of references, each checked
                    items = [self.resolve(spec.ref, v, line, f"'{key}'") for v in value]
                    if None not in items and items != list(value):
                        changed[key] = items
                    continue
                resolved = self.resolve(spec.ref, value, line, f"'{key}'")
                if resolved is not None and resolved != value:
                    changed[key] = resolved
            if changed:
                data = {k: v for k, v in fact.items() if not GameFact.is_special(k)}
                data.update(changed)
                facts[index[id(fact)]] = type(fact)(**data)

    def check_chosen_sources(self) -> None:
        """prevent: a source chosen as a spell or ability resolves (`chosen: {source: bolt}`,
        CR 609.7a) is an object of the situation, and has the quality its prevention step
        asks for ("a red source of your choice"): the player can't choose another."""
        from rulings.facts.effects import Step, arg

        facts = self.situation.facts
        objects = {f["id"]: f for f in facts if isinstance(f, GameObject)}
        for fact, line, ability in self.pending_sources:
            oid = self.resolve_object(str(fact["value"]), line, f"'chosen: {fact['kind']}'")
            if oid is None:
                continue
            if oid != fact["value"]:
                facts[facts.index(fact)] = Choice(object=fact["object"], kind=fact["kind"],
                                                  value=oid)
            if fact["kind"] != "source":
                continue
            mine = [f for f in facts if isinstance(f, Step) and f["verb"] == "prevent"
                    and arg(f, "source_of_choice")
                    and (f["ability"] == ability if ability else
                         f["source"] == fact["object"])]
            if not mine or oid not in objects:
                continue
            chosen = objects[oid]
            for st in mine:
                wants = [w for w in arg(st, "source_of_choice").split(",") if w]
                if "any" in wants or not wants:
                    continue
                have = set(chosen["colors"]) | set(chosen["types"])
                if not have & set(wants):
                    self.problem(line, f"'chosen: source': {oid} is not "
                                 f"{' or '.join(wants)}, and the step asks for a "
                                 f"{' or '.join(wants)} source (CR 609.7a)",
                                 f"choose an object that is {' or '.join(wants)}")
                    break

    def resolve(self, kind: str, value: Any, line: int, what: str) -> str | None:
        value = str(value)
        if kind == "player":
            if value in self.situation.players:
                return value
            self.not_a_player(line, f"{what}: '{value}' is not a player", value)
            return None
        if kind == "object":
            return self.resolve_object(value, line, what)
        if kind == "player or object":  # a recipient of damage, say
            if value in self.situation.players:
                return value
            return self.resolve_object(value, line, what)
        if kind == "ability":
            if any(value in ids for ids in self.abilities.values()):
                return value  # <object id>.<keyword>: an ability a keyword stands for
            obj_ref, _, number = value.rpartition(".")
            if not number.isdigit():
                obj_ref, number = value, ""
            if not obj_ref:
                self.problem(line, f"{what}: {value} is not an ability reference",
                             "write <object id>.<ability number>, like "
                             f"{next(iter(self.abilities), 'forest')}.1")
                return None
            oid = self.resolve_object(obj_ref, line, what)
            if oid is None:
                return None
            ids = self.abilities.get(oid, [])
            if not number:
                if len(ids) == 1:
                    return ids[0]
                self.problem(line, f"{what}: '{value}' has {len(ids)} abilities",
                             f"name one, like {oid}.1")
                return None
            aid = f"{oid}.{number}"
            if aid not in ids:
                self.problem(line, f"{what}: {self.objects[oid]['name']} has no ability {number}",
                             f"use one of: {', '.join(ids) or 'none'}")
                return None
            return aid
        return value

    def resolve_object(self, value: str, line: int, what: str) -> str | None:
        if value in self.objects:
            return value
        if value in self.unreadable or value.lower() in self.unreadable:
            return None
        ids = self.by_name.get(value) or self.by_name.get(value.lower()) or []
        if len(ids) == 1:
            return ids[0]
        if len(ids) > 1:
            self.problem(line, f"{what}: '{value}' could mean {', '.join(ids)}",
                         "refer to the object by its id")
            return None
        self.problem(line, f"{what}: there is no object '{value}' in the situation",
                     nearest(value, list(self.objects), "object ids") if self.objects else
                     "describe it in a zone (battlefield:, hand:, …) and refer to its id")
        return None


__all__ = ["Situation", "load", "from_data", "ZONES"]


def _type_word(kind: str, value: Any) -> bool:
    """choice: whether `value` is a creature type (any subtype that isn't another kind's,
    CR 205.3m) or a basic land type (CR 205.3i), as a situation's `chosen:` names it."""
    from rulings.facts.game import NON_CREATURE_SUBTYPES

    word = str(value).strip().lower()
    if kind == "basic land type":
        return word in ("plains", "island", "swamp", "mountain", "forest")
    return bool(word) and word not in NON_CREATURE_SUBTYPES and " " not in word
