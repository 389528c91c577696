"""The one parser for official card data and rulings, and the card-slug scheme.

Accepted files (told apart by their content, never by their name; gzip, bzip2, xz and
single-file zip compression are undone first):

* MTGJSON AtomicCards.json — {"meta", "data": {name: [face, …]}}
* MTGJSON AllPrintings.json — {"meta", "data": {SET: {"cards": [card, …]}}}, and one-set
  files {"meta", "data": {"cards": […]}}
* Scryfall "rulings" bulk file — [{"object": "ruling", "oracle_id", "source",
  "published_at", "comment"}]; needs a Scryfall card file (e.g. "oracle cards") in the same
  import to name the cards
* Scryfall "oracle cards" (or any card) bulk file — [{"object": "card", "oracle_id", …}]
* the project's test-data array — [{"name", "mana_cost", "type_line", "oracle_text",
  "rulings": [{"date", "text"}]}]

Official ruling ids are `card-slug#n`, n counting from 1 in the card's official list.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rulings.reference.errors import ReferenceDataError
from rulings.reference.slugs import slugify
from rulings.reference.store import RULINGS_FORMAT, RULINGS_VERSION

KINDS = {
    "mtgjson-atomic": "MTGJSON AtomicCards",
    "mtgjson-printings": "MTGJSON AllPrintings",
    "mtgjson-set": "MTGJSON set file",
    "scryfall-rulings": "Scryfall rulings",
    "scryfall-cards": "Scryfall cards",
    "project": "card array",
}
EXPECTED = (
    "expected MTGJSON AtomicCards.json or AllPrintings.json, the Scryfall “rulings” bulk file "
    "together with the “oracle cards” bulk file, or a JSON array of "
    "{name, mana_cost, type_line, oracle_text, rulings: [{date, text}]}"
)
# Scryfall card layouts that are not cards one can cite rulings for.
_NOT_CARDS = {"art_series", "token", "double_faced_token", "emblem"}

# Printed fields kept beside the text, by their name in the stored data; MTGJSON and Scryfall
# spell them alike.
EXTRA = ("power", "toughness", "loyalty", "keywords", "legalities")


def _extra(obj: dict[str, Any]) -> dict[str, Any]:
    """The EXTRA fields of a card object, each kept only when its shape is the expected one."""
    out: dict[str, Any] = {}
    for key in ("power", "toughness", "loyalty"):
        value = obj.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            out[key] = str(value)
    keywords = obj.get("keywords")
    if isinstance(keywords, list) and all(isinstance(k, str) for k in keywords):
        out["keywords"] = list(keywords)
    legal = obj.get("legalities")
    if isinstance(legal, dict):
        out["legalities"] = {str(k): str(v) for k, v in legal.items() if isinstance(v, str)}
    return out


#: colour letters of MTGJSON's colorIndicator / colorIdentity and Scryfall's color_indicator
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _colors(value: Any) -> list[str] | None:
    """["U", "R"] -> ["blue", "red"]; None for anything else (the field is then left out)."""
    if not isinstance(value, list) or not all(v in _COLOR_WORDS for v in value):
        return None
    return [_COLOR_WORDS[v] for v in value]


def _face_extra(obj: dict[str, Any]) -> dict[str, Any]:
    """What a face has of its own beyond the printed text: its colour indicator (CR 204) and
    which side it is (MTGJSON "a"/"b")."""
    out: dict[str, Any] = {}
    indicator = _colors(obj.get("colorIndicator", obj.get("color_indicator")))
    if indicator:
        out["color_indicator"] = indicator
    if isinstance(obj.get("side"), str):
        out["side"] = obj["side"]
    return out


def _card_extra(obj: dict[str, Any]) -> dict[str, Any]:
    """A card's layout (MTGJSON and Scryfall name them alike: split, transform, modal_dfc …)
    and the colour identity the data states (for checking ours, CR 903.4)."""
    out: dict[str, Any] = {}
    if isinstance(obj.get("layout"), str):
        out["layout"] = obj["layout"]
    identity = _colors(obj.get("colorIdentity", obj.get("color_identity")))
    if identity is not None:
        out["color_identity"] = identity
    return out


_FACES_IN_NAME = re.compile(r"(.+?) \(([^()]+/[^()]+)\)")  # "Fire (Fire/Ice)"


class CardEntry:
    """One card as read from a file, before slugs and numbering."""

    __slots__ = ("name", "mana_cost", "type_line", "oracle_text", "faces", "rulings", "oracle_id",
                 "extra")

    def __init__(
        self,
        name: str,
        mana_cost: str | None = None,
        type_line: str | None = None,
        oracle_text: str | None = None,
        faces: list[dict[str, str | None]] | None = None,
        rulings: list[dict[str, str]] | None = None,  # None: the file says nothing of rulings
        oracle_id: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        # what the Oracle compiler needs besides the text: power, toughness, loyalty,
        # keywords, and the formats a card is legal in (see EXTRA)
        self.extra = extra or {}
        self.mana_cost = mana_cost
        self.type_line = type_line
        self.oracle_text = oracle_text
        self.faces = faces or []
        self.rulings = rulings
        self.oracle_id = oracle_id


class ParsedFile:
    """One file's cards (or, for Scryfall rulings, its rulings by oracle id)."""

    def __init__(self, path: Path, kind: str, sha256: str) -> None:
        self.path = path
        self.kind = kind
        self.sha256 = sha256
        self.cards: list[CardEntry] = []
        self.scryfall_rulings: dict[str, list[dict[str, str]]] = {}


# --- reading --------------------------------------------------------------------------------


def read_json(path: Path) -> tuple[Any, str]:
    """Parse a (possibly compressed) JSON file; returns (document, sha256 of the file)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ReferenceDataError(path, f"cannot read the file ({exc.strerror})", EXPECTED) from None
    digest = hashlib.sha256(raw).hexdigest()
    raw = _decompress(raw, path)
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    start = raw[:64].lstrip()[:1]
    if start not in (b"{", b"["):
        what = "empty" if not raw.strip() else "not JSON"
        hint = " (it looks like the Comprehensive Rules text: use `rulings data import-cr`)"
        if b"Comprehensive Rules" not in raw[:400]:
            hint = ""
        raise ReferenceDataError(path, f"the file is {what}{hint}", EXPECTED, 1 if raw else None)
    try:
        return json.loads(raw), digest
    except json.JSONDecodeError as exc:
        raise ReferenceDataError(
            path, f"invalid JSON ({exc.msg}): the file is truncated or garbled",
            "download it again", exc.lineno,
        ) from None
    except UnicodeDecodeError:
        raise ReferenceDataError(path, "the file is not UTF-8 text", EXPECTED) from None


def _decompress(raw: bytes, path: Path) -> bytes:
    try:
        if raw[:2] == b"\x1f\x8b":
            import gzip

            return gzip.decompress(raw)
        if raw[:3] == b"BZh":
            import bz2

            return bz2.decompress(raw)
        if raw[:6] == b"\xfd7zXZ\x00":
            import lzma

            return lzma.decompress(raw)
        if raw[:4] == b"PK\x03\x04":
            import io
            import zipfile

            with zipfile.ZipFile(io.BytesIO(raw)) as archive:
                names = [n for n in archive.namelist() if n.endswith(".json")]
                if len(names) != 1:
                    raise ReferenceDataError(
                        path, f"the zip archive holds {len(names)} .json files", "expected one"
                    )
                return archive.read(names[0])
    except ReferenceDataError:
        raise
    except Exception as exc:  # each archive format has its own errors for damaged data
        raise ReferenceDataError(
            path, f"the compressed file is damaged ({exc})", "download it again"
        ) from None
    return raw


def detect(doc: Any) -> str | None:
    """Which format a parsed JSON document is in, by its shape; None when unknown."""
    if isinstance(doc, dict):
        data = doc.get("data")
        if isinstance(data, dict) and data:
            if isinstance(data.get("cards"), list):
                return "mtgjson-set"
            first = next(iter(data.values()))
            if isinstance(first, list):
                return "mtgjson-atomic"
            if isinstance(first, dict) and "cards" in first:
                return "mtgjson-printings"
        return None
    if isinstance(doc, list) and doc and isinstance(doc[0], dict):
        first = doc[0]
        if first.get("object") == "ruling":
            return "scryfall-rulings"
        if first.get("object") == "card":
            return "scryfall-cards"
        if "object" not in first and isinstance(first.get("name"), str):
            return "project"
    return None


def _json_type(value: Any) -> str:
    """JSON's name for a value's type, with its article ("an object"), for messages."""
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def parse_file(path: str | os.PathLike[str]) -> ParsedFile:
    path = Path(path)
    doc, digest = read_json(path)
    kind = detect(doc)
    if kind is None:
        shape = "an empty array" if doc == [] else f"{_json_type(doc)} of another shape"
        if isinstance(doc, dict) and "data" not in doc:
            shape = "a JSON object without a “data” member"
        raise ReferenceDataError(path, f"not a card-data file I know: found {shape}", EXPECTED)
    parsed = ParsedFile(path, kind, digest)
    reader = _Reader(path)
    if kind == "mtgjson-atomic":
        for name, faces in doc["data"].items():
            parsed.cards.append(reader.mtgjson_card(name, faces, f"data[{name!r}]"))
    elif kind == "mtgjson-printings":
        for code, card_set in doc["data"].items():
            if isinstance(card_set, dict):
                parsed.cards += reader.mtgjson_set(card_set.get("cards"), f"data[{code!r}]")
    elif kind == "mtgjson-set":
        parsed.cards = reader.mtgjson_set(doc["data"]["cards"], "data")
    elif kind == "scryfall-rulings":
        parsed.scryfall_rulings = reader.scryfall_rulings(doc)
    elif kind == "scryfall-cards":
        parsed.cards = [c for i, obj in enumerate(doc) if (c := reader.scryfall_card(obj, i))]
    else:
        parsed.cards = [reader.project_card(obj, i) for i, obj in enumerate(doc)]
    return parsed


class _Reader:
    """Field checks shared by the formats; errors name the JSON path of the bad value."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ReferenceDataError:
        return ReferenceDataError(self.path, f"{where}: {problem}", EXPECTED)

    def text(self, obj: dict[str, Any], key: str, where: str, required: bool = False) -> str | None:
        value = obj.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str):
            found = "nothing" if value is None else _json_type(value)
            raise self.fail(where, f"“{key}” should be text, found {found}")
        return value

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, found {_json_type(value)}")
        return value

    def rulings(self, value: Any, where: str) -> list[dict[str, str]] | None:
        if value is None:
            return None
        if not isinstance(value, list):
            raise self.fail(f"{where}.rulings", "expected a list")
        out = []
        for i, item in enumerate(value):
            if isinstance(item, dict):  # the common, valid case without building messages
                date, text = item.get("date"), item.get("text")
                if isinstance(date, str) and isinstance(text, str):
                    out.append({"date": date, "text": text})
                    continue
            at = f"{where}.rulings[{i}]"
            item = self.obj(item, at)
            date = self.text(item, "date", at, required=True)
            text = self.text(item, "text", at, required=True)
            out.append({"date": date or "", "text": text or ""})
        return out

    def project_card(self, value: Any, i: int) -> CardEntry:
        at = f"[{i}]"
        card = self.obj(value, at)
        return CardEntry(
            name=self.text(card, "name", at, required=True) or "",
            mana_cost=self.text(card, "mana_cost", at),
            type_line=self.text(card, "type_line", at),
            oracle_text=self.text(card, "oracle_text", at),
            rulings=self.rulings(card.get("rulings"), at),
            extra=_extra(card),
        )

    def mtgjson_face(self, value: Any, at: str) -> dict[str, Any]:
        face = self.obj(value, at)
        self.text(face, "name", at, required=True)
        return face

    def mtgjson_card(self, name: str, faces: Any, at: str) -> CardEntry:
        if not isinstance(faces, list) or not faces:
            raise self.fail(at, "expected a non-empty list of card faces")
        objs = [self.mtgjson_face(f, f"{at}[{i}]") for i, f in enumerate(faces)]
        return self._mtgjson_entry(name, objs, at)

    def mtgjson_set(self, cards: Any, at: str) -> list[CardEntry]:
        if not isinstance(cards, list):
            raise self.fail(f"{at}.cards", "expected a list of cards")
        # A set lists each face of a multi-face card as its own object, all under one name.
        grouped: dict[str, list[dict[str, Any]]] = {}
        for i, value in enumerate(cards):
            face = self.mtgjson_face(value, f"{at}.cards[{i}]")
            grouped.setdefault(face["name"], []).append(face)
        return [self._mtgjson_entry(name, objs, f"{at}.cards") for name, objs in grouped.items()]

    def _mtgjson_entry(self, name: str, objs: list[dict[str, Any]], at: str) -> CardEntry:
        faces = []
        if len(objs) > 1 or "faceName" in objs[0]:
            faces = [
                {
                    "name": self.text(o, "faceName", at) or name,
                    "mana_cost": self.text(o, "manaCost", at),
                    "type_line": self.text(o, "type", at),
                    "oracle_text": self.text(o, "text", at),
                    **_extra(o),
                    **_face_extra(o),
                }
                for o in objs
            ]
            for face in faces:
                face.pop("legalities", None)  # the card's, not a face's
        rulings = None
        for o in objs:  # each face repeats the card's rulings; the first list is the card's
            rulings = self.rulings(o.get("rulings"), at)
            if rulings is not None:
                break
        if faces:
            legal = {k: v for k, v in _extra(objs[0]).items() if k == "legalities"}
            return CardEntry(name, *_joined(faces), faces=faces, rulings=rulings,
                             extra={**legal, **_card_extra(objs[0])})
        o = objs[0]
        return CardEntry(
            name,
            mana_cost=self.text(o, "manaCost", at),
            type_line=self.text(o, "type", at),
            oracle_text=self.text(o, "text", at),
            rulings=rulings,
            extra={**_extra(o), **_card_extra(o), **_face_extra(o)},
        )

    def scryfall_card(self, value: Any, i: int) -> CardEntry | None:
        at = f"[{i}]"
        card = self.obj(value, at)
        if card.get("layout") in _NOT_CARDS:
            return None
        name = self.text(card, "name", at, required=True) or ""
        faces = []
        for j, face in enumerate(card.get("card_faces") or []):
            face = self.obj(face, f"{at}.card_faces[{j}]")
            faces.append({
                "name": self.text(face, "name", at) or name,
                "mana_cost": self.text(face, "mana_cost", at),
                "type_line": self.text(face, "type_line", at),
                "oracle_text": self.text(face, "oracle_text", at),
                **_extra(face),
                **_face_extra(face),
            })
        oracle_id = card.get("oracle_id") or (card.get("card_faces") or [{}])[0].get("oracle_id")
        mana_cost, type_line, oracle_text = _joined(faces) if faces else (None, None, None)
        return CardEntry(
            name,
            mana_cost=self.text(card, "mana_cost", at) or mana_cost,
            type_line=self.text(card, "type_line", at) or type_line,
            oracle_text=self.text(card, "oracle_text", at) or oracle_text,
            faces=faces,
            oracle_id=oracle_id if isinstance(oracle_id, str) else None,
            extra={**_extra(card), **_card_extra(card),
                   **({} if faces else _face_extra(card))},
        )

    def scryfall_rulings(self, doc: list[Any]) -> dict[str, list[dict[str, str]]]:
        """Official (source "wotc") rulings per oracle id, by published_at then file order."""
        found: dict[str, list[dict[str, str]]] = defaultdict(list)
        for i, value in enumerate(doc):
            at = f"[{i}]"
            item = self.obj(value, at)
            if item.get("object") != "ruling":
                raise self.fail(at, "expected a ruling object among rulings")
            oracle_id = self.text(item, "oracle_id", at, required=True) or ""
            date = self.text(item, "published_at", at, required=True) or ""
            text = self.text(item, "comment", at, required=True) or ""
            if item.get("source") == "wotc":
                found[oracle_id].append({"date": date, "text": text})
        for rulings in found.values():
            rulings.sort(key=lambda r: r["date"])  # a stable sort keeps file order within a date
        return dict(found)


def _joined(faces: list[dict[str, Any]]) -> tuple[str | None, str | None, str | None]:
    """A multi-face card's own fields, faces joined the way Scryfall prints them."""

    def join(key: str, sep: str) -> str | None:
        parts = [f[key] for f in faces if f.get(key)]
        return sep.join(parts) if parts else None

    return join("mana_cost", " // "), join("type_line", " // "), join("oracle_text", "\n//\n")


# --- building the stored form ---------------------------------------------------------------


def build(files: Iterable[ParsedFile]) -> tuple[dict[str, Any], list[str]]:
    """Merge parsed files (in the order given) into the stored form; returns (data, notes).

    A card named in several files keeps the first file's fields, missing fields are filled in
    from later files, and its official rulings come from the first file that has any.
    """
    files = list(files)
    notes: list[str] = []
    scryfall_rulings: dict[str, list[dict[str, str]]] = {}
    for f in files:
        scryfall_rulings.update(f.scryfall_rulings)
    has_cards = any(f.kind == "scryfall-cards" for f in files)
    if scryfall_rulings and not has_cards:
        ruling_file = next(f.path for f in files if f.kind == "scryfall-rulings")
        raise ReferenceDataError(
            ruling_file,
            "Scryfall rulings name cards only by oracle_id",
            "import them together with the Scryfall “oracle cards” bulk file: "
            "rulings data import-rulings RULINGS.json ORACLE-CARDS.json",
        )

    merged: dict[str, CardEntry] = {}
    by_oracle_id: dict[str, CardEntry] = {}
    for f in files:
        for entry in f.cards:
            card = merged.get(entry.name)
            if card is None:
                card = merged[entry.name] = entry
            else:
                for attr in ("mana_cost", "type_line", "oracle_text", "oracle_id"):
                    if getattr(card, attr) is None:
                        setattr(card, attr, getattr(entry, attr))
                card.faces = card.faces or entry.faces
                card.extra = {**entry.extra, **card.extra}
                if not card.rulings and entry.rulings:
                    card.rulings = entry.rulings
            if entry.oracle_id:
                by_oracle_id.setdefault(entry.oracle_id, card)
    _drop_flattened_faces(merged, notes)
    unnamed = 0
    for oracle_id, rulings in scryfall_rulings.items():
        card = by_oracle_id.get(oracle_id)
        if card is None:
            unnamed += len(rulings)
        elif not card.rulings:
            card.rulings = rulings
    if unnamed:
        notes.append(
            f"{unnamed} official ruling(s) name an oracle_id missing from the card file; "
            "skipped (use the matching Scryfall “oracle cards” file)"
        )

    cards: dict[str, dict[str, Any]] = {}
    for name in sorted(merged, key=lambda n: (slugify(n), n)):
        base = slugify(name) or "card"
        slug, k = base, 2
        while slug in cards:  # two names folding to one slug: later names (sorted) get -2, -3
            slug, k = f"{base}-{k}", k + 1
        entry = merged[name]
        record: dict[str, Any] = {
            "name": entry.name,
            "mana_cost": entry.mana_cost,
            "type_line": entry.type_line,
            "oracle_text": entry.oracle_text,
            "rulings": entry.rulings or [],
        }
        record.update(entry.extra)
        if entry.faces:
            record["faces"] = entry.faces
        cards[slug] = record
    data = {
        "format": RULINGS_FORMAT,
        "version": RULINGS_VERSION,
        "sources": [
            {"file": f.path.name, "kind": f.kind, "sha256": f.sha256} for f in files
        ],
        "cards": cards,
        "aliases": _aliases(cards),
    }
    return data, notes


def _drop_flattened_faces(merged: dict[str, CardEntry], notes: list[str]) -> None:
    """A file that lists each face as a card of its own (oracle-cards.json keeps "Stomp" and
    "Bonecrusher Giant" apart) imported with one that has the whole card: the whole card
    wins, so a face's name names the card with all its faces (its rulings are kept when the
    whole card has none)."""
    faces: dict[str, CardEntry] = {}
    for entry in merged.values():
        for face in entry.faces:
            name = face.get("name")
            if name and name != entry.name:
                faces.setdefault(str(name), entry)
    dropped = 0
    for name, whole in faces.items():
        alone = merged.get(name)
        if alone is None or alone is whole or alone.faces:
            continue
        if not whole.rulings and alone.rulings:
            whole.rulings = alone.rulings
        del merged[name]
        dropped += 1
    if dropped:
        notes.append(f"{dropped} card(s) listed face by face are kept as the whole card "
                     "that another file gives with all its faces")


def _aliases(cards: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Other slugs that name one card unambiguously: its face names ("fire" for Fire // Ice)
    and, for split-style cards (every face has a mana cost), the "Face (Full/Name)" style
    some card lists use ("fire-fire-ice")."""
    seen: dict[str, set[str]] = defaultdict(set)
    for slug, card in cards.items():
        faces = card.get("faces", [])
        names = list(dict.fromkeys(f["name"] for f in faces if f.get("name")))
        m = _FACES_IN_NAME.fullmatch(card["name"])
        if m:  # "Fire (Fire/Ice)" names the face Fire of the card Fire // Ice
            names.append(m.group(1))
            seen[slugify(m.group(2))].add(slug)
        if len(names) > 1 and all(f.get("mana_cost") for f in faces):
            for name in names:
                seen[slugify(f"{name} ({'/'.join(names)})")].add(slug)
        for name in names:
            seen[slugify(name)].add(slug)
    return {
        alias: next(iter(slugs))
        for alias, slugs in sorted(seen.items())
        if len(slugs) == 1 and alias and alias not in cards
    }


def parse_files(paths: Iterable[str | os.PathLike[str]]) -> tuple[dict[str, Any], list[str]]:
    """Parse and merge card-data files into the stored form; returns (data, notes)."""
    return build(parse_file(p) for p in paths)


def ruling_count(data: dict[str, Any]) -> int:
    return sum(len(c["rulings"]) for c in data["cards"].values())
