"""What the HTTP and MCP doors share: reading a request, asking with limits, running a case,
and the lookups (rules text, cards). Plain functions over plain data; no web framework here.

Every function that touches the engine runs in the caller's thread and uses that thread's
engine (rulings.api.engine keeps one per thread), so callers run them in worker threads.
Nothing in a request is ever executed: situations are read by the one loader, which only
reads data (no YAML tags, anchors or aliases, bounded size and depth).
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rulings.engine.inference import DEFAULT_MAX_FIRINGS, DEFAULT_MAX_SECONDS
from rulings.facts import located
from rulings.facts.errors import InputError, Problem, nearest

#: the name a situation sent without one gets (as rulings.api.ask gives a dict situation)
SITUATION_NAME = "<situation>"
CASE_NAME = "<case>"
#: keys of the request envelope `{"situation": {…}, "limits": {…}, "name": "…"}`
ENVELOPE_KEYS = ("situation", "limits", "name")
LIMIT_KEYS = ("max_firings", "max_seconds")
PROBLEM_BASE = "urn:mtg-rulings:problem:"


class ServiceError(Exception):
    """A request the service refuses, as an RFC 9457 problem: `kind` becomes the type URI."""

    def __init__(self, status: int, kind: str, title: str, detail: str = "",
                 errors: list[dict[str, Any]] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail or title)
        self.status = status
        self.kind = kind
        self.title = title
        self.detail = detail
        self.errors = errors or []
        self.headers = headers or {}

    def problem(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": PROBLEM_BASE + self.kind, "title": self.title,
                                "status": self.status}
        if self.detail:
            body["detail"] = self.detail
        if self.errors:
            body["errors"] = self.errors
        return body


@dataclass(frozen=True)
class Limits:
    """Bounds of one run: rule firings and seconds (rulings.api.ask's max_firings/max_seconds)."""

    max_firings: int = DEFAULT_MAX_FIRINGS
    max_seconds: float = DEFAULT_MAX_SECONDS

    def within(self, ceiling: Limits) -> Limits:
        """These limits, lowered to the service's: a request can tighten bounds, not lift them."""
        return Limits(min(self.max_firings, ceiling.max_firings),
                      min(self.max_seconds, ceiling.max_seconds))


@dataclass
class Request:
    """A parsed request body, or a part of one (`path`: where `data` sits in the body).

    JSON is parsed with the json module; the located reader (the one that reads situation
    files, and knows the line of every key) is run only when there are problems to report,
    to tell where each one is."""

    data: Any
    name: str = ""
    limits: Limits = field(default_factory=Limits)
    #: the body as sent (JSON), read again to locate problems
    text: str | None = None
    path: tuple[str | int, ...] = ()
    #: (the body as located data, True if its lines are the body's lines) once known
    located: tuple[Any, bool] | None = None

    def part(self, key: str | int, **changes: Any) -> Request:
        data = self.data[key]
        return replace(self, data=data, path=(*self.path, key), **changes)

    def locate(self) -> tuple[Any, bool] | None:
        """The whole body as located data, or None if it can't be had."""
        if self.located is None and self.text is not None:
            self.located = _located_json(self.text)
        return self.located


# -- reading requests -----------------------------------------------------------------------

def parse_body(body: bytes, content_type: str = "application/json") -> Request:
    """JSON (or YAML for a YAML content type) into data. Raises ServiceError (400)."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ServiceError(400, "malformed-request", "The request body is not UTF-8 text",
                           f"byte {exc.start} can't be decoded; send UTF-8 JSON") from None
    if not text.strip():
        raise ServiceError(400, "malformed-request", "The request body is empty",
                           "send a situation as JSON (see GET /v1/schema/situation)")
    kind = content_type.split(";")[0].strip().lower()
    if kind.endswith(("yaml", "yml")):
        try:
            data = located.read("<request>", text)
        except InputError as exc:
            raise ServiceError(400, "malformed-request", "The request body is not valid YAML",
                               str(exc), [p.as_dict() for p in exc.problems]) from None
        return Request(data, located=(data, True))
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ServiceError(
            400, "malformed-request", "The request body is not valid JSON",
            f"line {exc.lineno} column {exc.colno}: {exc.msg}",
            [{"file": "<request>", "line": exc.lineno, "problem": f"JSON syntax error: "
              f"{exc.msg} (column {exc.colno})", "fix": "fix the JSON syntax at that place"}],
        ) from None
    except (ValueError, RecursionError) as exc:
        raise ServiceError(400, "malformed-request", "The request body is not valid JSON",
                           str(exc) or "nested too deeply") from None
    return Request(data, text=text)


def from_value(data: Any) -> Request:
    """A request whose body is already parsed JSON (MCP tool arguments)."""
    return Request(data, text=json.dumps(data, ensure_ascii=False))


def _located_json(text: str) -> tuple[Any, bool] | None:
    """The JSON body read by the located reader. A one-line body is spread one key per line
    first: its lines then are not the body's (reported as 0), but every problem gets a precise
    JSON pointer. None if the located reader reads the body differently from JSON."""
    try:
        plain = json.loads(text)
    except (ValueError, RecursionError):
        return None
    multiline = "\n" in text.strip()
    for candidate, own_lines in ((text, True), (_spread(plain), False)):
        if own_lines and not multiline:
            continue
        try:
            data = located.read("<request>", candidate)
        except InputError:
            continue
        if _same(data, plain):
            return data, own_lines
    return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _spread(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (True is not 1; 1.0 is 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def locate(data: Any) -> dict[int, list[str]]:
    """Line -> the JSON pointers of the keys and items that start on that line."""
    found: dict[int, list[str]] = {}

    def walk(value: Any, pointer: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                here = f"{pointer}/{_escape(str(key))}"
                found.setdefault(located.line_of(value, key), []).append(here)
                walk(item, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                here = f"{pointer}/{i}"
                found.setdefault(located.line_of(value, i), []).append(here)
                walk(item, here)

    found.setdefault(located.line_of(data), []).append("")
    walk(data, "")
    found.pop(0, None)
    return found


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _pointer_at(line: int, lines: dict[int, list[str]]) -> str | None:
    """The JSON pointer of what starts on `line`: the deepest one common to all its keys."""
    pointers = lines.get(line)
    if not pointers:
        return None
    common = os.path.commonprefix([p.split("/") for p in pointers])
    return "/".join(common)


def problem_list(problems: list[Problem], where: tuple[Any, bool] | None
                 ) -> list[dict[str, Any]]:
    """Problems as `errors` items: {file, line, problem, fix, location}. `where` is the located
    body they were found in (and whether its lines are the body's); `location` is a JSON
    pointer into the request (absent when unknown)."""
    lines = locate(where[0]) if where else {}
    body_lines = bool(where and where[1])
    out = []
    for p in problems:
        item: dict[str, Any] = p.as_dict()
        pointer = _pointer_at(p.line, lines) if p.line else None
        if not body_lines:
            item["line"] = 0
        if pointer is not None:
            item["location"] = pointer
        out.append(item)
    return out


def located_problems(request: Request, problems: list[Problem],
                     check: Callable[[Any], None]) -> list[dict[str, Any]]:
    """Problems found in plain data carry no lines: run `check` (which raises InputError)
    again over the located body to learn where each problem is."""
    where = request.locate()
    if where is not None and where[0] is not request.data:
        part = where[0]
        try:
            for key in request.path:
                part = part[key]
            check(part)
        except InputError as exc:
            return problem_list(list(exc.problems), where)
        except (KeyError, IndexError, TypeError):
            pass
    elif where is not None:
        return problem_list(problems, where)
    return problem_list(problems, None)


def invalid(errors: list[dict[str, Any]], title: str) -> ServiceError:
    """422 with the problems, at most the first SHOWN of them (the detail counts them all)."""
    from rulings.facts.errors import SHOWN

    count = len(errors)
    detail = f"{count} problem{'s' if count != 1 else ''} in the input; each has a fix"
    if count > SHOWN:
        detail += f"; the first {SHOWN} are listed: fix them, then send it again"
    return ServiceError(422, "invalid-input", title, detail, errors[:SHOWN])


def _envelope_problems(data: dict[str, Any]) -> tuple[list[Problem], dict[str, Any]]:
    """The envelope's problems, and the limits it asks for."""
    problems = []
    for key in data:
        if key not in ENVELOPE_KEYS:
            problems.append(Problem("<request>", located.line_of(data, key),
                                    f"unknown request key '{key}'",
                                    nearest(key, ENVELOPE_KEYS, "request keys")))
    name = data.get("name", SITUATION_NAME)
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("<request>", located.line_of(data, "name"),
                                "'name' must be a non-empty text", "write name: \"my-question\""))
    raw = data.get("limits") or {}
    if not isinstance(raw, dict):
        problems.append(Problem("<request>", located.line_of(data, "limits"),
                                "'limits' must be a mapping",
                                "write limits: {max_firings: 1000, max_seconds: 1.5}"))
        raw = {}
    asked: dict[str, Any] = {}
    for key, value in raw.items():
        line = located.line_of(raw, key)
        if key == "max_firings":
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                asked[key] = value
            else:
                problems.append(Problem("<request>", line, f"max_firings must be a whole "
                                        f"number ≥ 0, not {value!r}", "write max_firings: 1000"))
        elif key == "max_seconds":
            if (isinstance(value, (int, float)) and not isinstance(value, bool)
                    and math.isfinite(value) and value > 0):
                asked[key] = float(value)
            else:
                problems.append(Problem("<request>", line, f"max_seconds must be a number > 0, "
                                        f"not {value!r}", "write max_seconds: 1.5"))
        else:
            problems.append(Problem("<request>", line, f"unknown limit '{key}'",
                                    nearest(key, LIMIT_KEYS, "limits")))
    return problems, asked


def situation_request(request: Request, ceiling: Limits) -> Request:
    """A bare situation, or the envelope {"situation", "limits", "name"}: the situation, its
    name and its limits (never above the service's)."""
    data = request.data
    if not (isinstance(data, dict) and "situation" in data):
        return replace(request, name=SITUATION_NAME, limits=ceiling)
    problems, asked = _envelope_problems(data)
    if problems:
        def check(part: Any) -> None:
            raise InputError(_envelope_problems(part)[0])

        raise invalid(located_problems(request, problems, check),
                      "The request envelope is not valid")
    limits = Limits(**asked).within(ceiling) if asked else ceiling
    return request.part("situation", name=str(data.get("name", SITUATION_NAME)).strip(),
                        limits=limits)


# -- the engine -----------------------------------------------------------------------------

def ask_situation(request: Request) -> dict[str, Any]:
    """The answer to a situation request: the same dict rulings.api.ask gives (and so
    `rulings ask --json`). Raises ServiceError (422) with every problem of the input."""
    from rulings.api import ask
    from rulings.facts.situation import Loader

    def load(data: Any) -> Any:
        return Loader(request.name).load(data)

    try:
        situation = load(request.data)
    except InputError as exc:
        raise invalid(located_problems(request, list(exc.problems), load),
                      "The situation is not valid") from None
    return ask(situation, max_firings=request.limits.max_firings,
               max_seconds=request.limits.max_seconds)


def check_case(request: Request) -> dict[str, Any]:
    """Run a case object (the format of case files, rulings.cases) and give its verdict:
    {file, case, status, covers, near_miss, differences, answer}."""
    from rulings.cases import run_case
    from rulings.facts.situation import Loader

    case = _load_case(request)
    result = run_case(case)
    if result.problems:
        def load(part: Any) -> None:
            Loader(CASE_NAME).load(part)

        raise invalid(located_problems(request.part("situation"), list(result.problems), load),
                      "The case's situation is not valid")
    verdict = result.as_dict()
    verdict["answer"] = result.answer
    return verdict


def _load_case(request: Request) -> Any:
    from rulings import cases

    from_data = getattr(cases, "case_from_data", None)
    if from_data is None:
        return _load_case_via_file(request)
    try:
        return from_data(request.data, CASE_NAME)
    except InputError as exc:
        raise invalid(located_problems(request, list(exc.problems),
                                       lambda part: from_data(part, CASE_NAME)),
                      "The case is not valid") from None


def _load_case_via_file(request: Request) -> Any:
    """This rulings.cases reads cases from files only: hand it the request as one, spread
    one key per line so that each problem's line gives a precise pointer."""
    from rulings import cases

    text = _spread(request.data)
    request.located = (located.read("<request>", text), False)
    with tempfile.TemporaryDirectory(prefix="rulings-case-") as tmp:
        path = Path(tmp) / "case.json"
        path.write_text(text, encoding="utf-8")
        try:
            case = cases.load_case(path)
        except InputError as exc:
            problems = [Problem(CASE_NAME, p.line, p.what, p.fix) for p in exc.problems]
            raise invalid(problem_list(problems, request.located),
                          "The case is not valid") from None
    case.file = CASE_NAME
    return case


def warm_up() -> None:
    """Build this thread's engine before the first question needs it."""
    import gc

    from rulings.api import engine

    engine()
    # the knowledge base and this engine live as long as the service: out of the cycle
    # collector's sight, its passes between requests don't walk them
    gc.freeze()


# -- lookups --------------------------------------------------------------------------------

RULE_NUMBER = re.compile(r"(?:CR\s*)?(\d+(?:\.\d+[a-z]*)?)\.?", re.IGNORECASE)


def rule_entry(number: str) -> dict[str, Any]:
    """A rule of the imported Comprehensive Rules with its subrules. ServiceError 400 (not a
    rule number), 404 (no such rule) or 503 (nothing imported, or lookups unavailable)."""
    try:
        from rulings import reference

        cr_rule = reference.cr_rule
    except (ImportError, AttributeError) as exc:
        raise ServiceError(503, "reference-unavailable", "Rules lookups are not available",
                           f"rulings.reference can't be used ({exc})") from None
    match = RULE_NUMBER.fullmatch(number.strip())
    if match is None:
        raise ServiceError(400, "not-a-rule-number", "Not a rule number",
                           f"'{number}' is not a rule number; write it like 701.23b, "
                           "701.23, 701 or 7")
    asked = match.group(1).lower()
    book = _rules_book()
    try:
        found = cr_rule(asked)
    except Exception as exc:  # damaged data: the operator's to fix
        raise ServiceError(503, "reference-unavailable", "The rules data can't be read",
                           str(exc)) from None
    if found is None:
        near = _nearest_rules(book, asked)
        effective = f" effective {book.effective}" if getattr(book, "effective", None) else ""
        raise ServiceError(404, "unknown-rule", "No such rule",
                           f"rule {asked} is not in the imported Comprehensive Rules{effective}"
                           + (f"; nearest: {', '.join(near)}" if near else ""))
    entry = dict(found)
    entry["cite"] = f"CR {entry['number']}"
    subrules = getattr(reference, "cr_subrules", None)
    try:
        under = subrules(asked) if subrules else []
    except Exception:
        under = []
    entry["subrules"] = [{k: r[k] for k in ("number", "text", "examples") if k in r}
                         for r in under]
    return entry


def _nearest_rules(book: Any, number: str) -> list[str]:
    try:
        return list(book.nearest(number)) if book is not None else []
    except Exception:
        return []


def _rules_book() -> Any:
    """The imported rules book (None if this version of rulings.reference has no such call);
    ServiceError 503 when nothing is imported."""
    from rulings import reference

    rules_book = getattr(reference, "rules_book", None)
    if rules_book is None:
        return None
    try:
        return rules_book()
    except getattr(reference, "DataMissing", LookupError) as exc:
        hint = "" if "import-cr" in str(exc) else "; run `rulings data import-cr FILE` where " \
            "the service runs"
        raise ServiceError(503, "data-not-imported", "The Comprehensive Rules are not imported",
                           f"{exc}{hint}") from None
    except Exception as exc:  # a damaged data file: the operator's to fix, not the client's
        raise ServiceError(503, "reference-unavailable", "The rules data can't be read",
                           str(exc)) from None


def card_entry(name: str) -> dict[str, Any]:
    """What is known of a card: the knowledge base's definition (the fields a situation's
    `define:` takes, and the ids its abilities get) and the official text and rulings when
    imported. ServiceError 404 when neither knows it."""
    from rulings.knowledge import catalog

    wanted = name.strip()
    if not wanted:
        raise ServiceError(400, "malformed-request", "No card name", "give a card's name")
    try:
        card = catalog.card(wanted)
    except InputError as exc:  # a broken card file is a knowledge-base bug
        raise ServiceError(500, "knowledge-base-error", "The card's file is broken",
                           str(exc)) from None
    official = official_entry(card.name if card else wanted)
    if card is None and official.get("oracle") is None:
        raise ServiceError(
            404, "unknown-card", "Unknown card",
            f"the knowledge base does not know '{wanted}'"
            + (" and no official data names it" if official["imported"] else "")
            + f"; {nearest(wanted, catalog.known_names(), 'known cards')} — a situation can "
            "still use it, described inline with define: {name, types, abilities}",
        )
    entry: dict[str, Any] = {"name": card.name if card else official["oracle"]["name"],
                             "known": card is not None}
    if card is not None:
        entry["slug"] = card.slug
        entry["definition"] = card_definition(card)
        entry["abilities"] = ability_entries(card)
        entry["cites"] = list(card.cites)
    else:
        entry["note"] = ("the knowledge base has no definition of this card: describe it in a "
                         "situation with define: {name, types, abilities}")
    entry["official"] = official
    return entry


def card_definition(card: Any) -> dict[str, Any]:
    """A CardDef back in the card-file form (what `define:` takes)."""
    raw = json.loads(json.dumps(card.raw or {"name": card.name}))
    return {k: v for k, v in raw.items() if k not in ("cites", "notes", "official")}


def ability_entries(card: Any) -> list[dict[str, Any]]:
    """Each ability of a card: its id, kind (as the loader lowers it: mana abilities are
    found by CR 605.1a) and summary."""
    from rulings.facts.game import Ability
    from rulings.facts.lowering import lower

    abilities = [f for f in lower(card, card.slug).facts if isinstance(f, Ability)]
    # a keyword's ability (equip, cycling: `<slug>.equip`, number 0) is no item of
    # `abilities:`; its word is the keyword
    words = {a.number: a.kind for a in card.abilities}
    return [{"id": f["id"], "number": f["number"],
             "word": words.get(f["number"]) or f["id"].rpartition(".")[2],
             "kind": f["kind"], "summary": f["summary"], "cost": list(f["cost"])}
            for f in abilities]


def official_entry(name: str) -> dict[str, Any]:
    """{"imported": bool, "oracle": {…} | None, "rulings": […], "note"?} — never raises."""
    try:
        from rulings import reference

        book_of = reference.card_book
        missing = getattr(reference, "DataMissing", LookupError)
    except (ImportError, AttributeError) as exc:
        return {"imported": False, "oracle": None, "rulings": [],
                "note": f"official rulings lookups are not available ({exc})"}
    try:
        book_of()
    except missing:
        return {"imported": False, "oracle": None, "rulings": [],
                "note": "official card data and rulings are not imported: run "
                        "`rulings data import-rulings FILE` where the service runs"}
    except Exception as exc:
        return {"imported": False, "oracle": None, "rulings": [],
                "note": f"official card data can't be read ({exc})"}
    try:
        return {"imported": True, "oracle": reference.card_data(name),
                "rulings": reference.card_rulings(name)}
    except Exception as exc:
        return {"imported": True, "oracle": None, "rulings": [],
                "note": f"official card data can't be read ({exc})"}


# -- the example ----------------------------------------------------------------------------


# -- the example ----------------------------------------------------------------------------

#: A complete situation: players, the turn, a known card (Forest), a card the knowledge base
#: doesn't know described inline (define:), and the event. Ids: 'forest' (the card's slug) and
#: 'mystic' (given); abilities are '<id>.<n>'.
EXAMPLE_SITUATION: dict[str, Any] = {
    "question": "Alice cast Elvish Mystic this turn. Can she tap it for mana right away?",
    "players": ["Alice", "Bob"],
    "turn": {"active": "Alice", "step": "precombat main"},
    "battlefield": [
        {"card": "Forest", "controller": "Alice", "tapped": True},
        {"id": "mystic", "controller": "Alice", "since_turn_began": False,
         "define": {"name": "Elvish Mystic", "mana_cost": "{G}", "types": ["creature"],
                    "subtypes": ["elf", "druid"],
                    "power": 1, "toughness": 1,
                    "abilities": [{"activated": {"cost": ["tap"],
                                                 "do": [{"add_mana": {"mana": "G"}}]}}]}},
    ],
    "event": {"activate": {"ability": "mystic.1"}},
}


def example_situation() -> dict[str, Any]:
    return json.loads(json.dumps(EXAMPLE_SITUATION))


def situation_guide() -> str:
    """How to write a situation, for people and language models (used in tool descriptions
    and the OpenAPI description)."""
    return GUIDE


GUIDE = """\
A situation is a JSON object describing the game right now and the one event asked about.
- players: names in turn order, e.g. ["Alice", "Bob"].
- turn (optional): {"active": "Alice", "step": "precombat main", "priority": "Alice"}.
- battlefield, hand, library, graveyard, exile, stack, command: lists of objects. An object is
  a card name ("Forest") or {"card": "Forest", "controller": "Alice", "tapped": true}. On the
  battlefield give each object its controller (or list it under a player:
  {"Alice": ["Forest"]}). Library lists go top card first.
- A card the knowledge base does not know is described inline instead of card:
  {"define": {"name": "Elvish Mystic", "types": ["creature"], "subtypes": ["elf"],
  "abilities": [{"activated": {"cost": ["tap"], "do": [{"add_mana": {"mana": "G"}}]}}]},
  "controller": "Alice"}. The card language: docs/effect-language.md.
  lookup_card (GET /v1/cards/{name}) tells whether a card is known, and its ability ids.
- Ids: each object is referred to by an id: the card's slug (lower case, words joined by '-':
  "elvish-mystic"), or the "id" you give it; a second object of the same card gets "-2".
  Abilities are "<object-id>.<n>", n counting the card's abilities from 1 in printed order.
- event: exactly one event word with its details, e.g. {"activate": {"ability": "forest.1"}},
  {"cast": {"card": "demonic-tutor"}}, {"play_land": {"card": "forest"}},
  {"resolve": {"ability": "demonic-tutor.1"}}; a card being cast or played is listed in its
  zone (hand, library…) first. The situation schema lists every word and its keys.
- this_turn (what already happened this turn) and effects (lasting effects in place) are lists
  of words too.
Any problem is reported all at once, each with what would be right.
"""
