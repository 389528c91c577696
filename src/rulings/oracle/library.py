"""Cards by name from the user's imported card data (`rulings data import-rulings`),
compiled on demand and kept per data version: a new import compiles afresh."""

from __future__ import annotations

import copy
import os
import re
from typing import Any

from rulings.facts.faces import LAYOUTS, MULTI_FACE
from rulings.oracle.compiler import Compiled, Note, compile_card

# (data version, card slug) -> compiled card; the version changes with every import
_cache: dict[tuple[str, str], Compiled | None] = {}
_CACHE_MAX = 20_000


def _book(data_dir: str | os.PathLike[str] | None) -> Any:
    from rulings.reference import DataMissing, card_book

    try:
        return card_book(data_dir)
    except DataMissing:
        return None


def data_version(data_dir: str | os.PathLike[str] | None) -> str:
    """What identifies one import: the stored file's identity (every import replaces it)."""
    from rulings.reference.store import data_dir as folder
    from rulings.reference.store import version

    return version(folder(data_dir))


def imported(name: str, data_dir: str | os.PathLike[str] | None = None) -> Compiled | None:
    """The card named `name` compiled from the imported data; None when the data has no
    such card (or nothing is imported)."""
    from rulings.reference import card_data

    book = _book(data_dir)
    if book is None:
        return None
    slug = book.slug_for(name)
    if slug is None:
        return None
    key = (data_version(data_dir), slug)
    if key not in _cache:
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        fields = card_data(name, data_dir)
        if fields and fields.get("card"):  # a face's name names the whole card
            fields = card_data(fields["card"], data_dir)
        _cache[key] = compile_any(fields) if fields else None
    return _cache[key]


class FacedCompiled(Compiled):
    """A card with faces compiled face by face: `faces` holds each face's own result; the
    card dict has `layout` and `faces` (facts/faces.py)."""

    def __init__(self, card: dict[str, Any], faces: list[Compiled]) -> None:
        notes = [Note(n.number, f"{c.card['name']}: {n.text}", n.kind, n.result, n.gap)
                 for c in faces for n in c.notes]
        problems = [f"{c.card['name']}: {p}" for c in faces for p in c.problems]
        super().__init__(card, notes, problems)
        self.faces = faces


def compile_any(fields: dict[str, Any]) -> Compiled | None:
    """A card's imported fields compiled: a card with several faces (or a layout whose one
    face is a part of a whole, like a meld card's) face by face, each face like a card."""
    faces = fields.get("faces") or []
    layout = fields.get("layout") or "normal"
    if not faces and _PROTOTYPE.search((fields.get("oracle_text") or "").replace("\u2014", "—")):
        proto = compile_prototype(fields)
        if proto is not None:
            return proto
    if not faces or (len(faces) == 1 and layout not in ("meld",)):
        if not fields.get("type_line"):
            return None
        single = compile_card(fields)
        single.text = fields.get("oracle_text") or ""  # type: ignore[attr-defined]
        if layout in LAYOUTS and layout not in MULTI_FACE and layout != "normal":
            single.card["layout"] = layout  # a Saga, a Class …: one face, rules of its own
        return single
    compiled = [compile_face(face) for face in faces if face.get("type_line")]
    if not compiled:
        return None
    card = {"name": fields["name"], "layout": layout, "faces": [c.card for c in compiled]}
    return FacedCompiled(card, compiled)


#: a prototype card's inset frame, as its Oracle text prints it (CR 718.1)
_PROTOTYPE = re.compile(r"^Prototype (\{[^\n—]+\}) ?— ?(\d+)/(\d+)(?: \([^()\n]*\))?$", re.MULTILINE)


def compile_prototype(fields: dict[str, Any]) -> Compiled | None:
    """A prototype card (CR 718) as two faces: the card as printed, and the same card with
    the inset frame's mana cost, power and toughness (both carry the prototype keyword)."""
    from rulings.oracle.emit import Unsupported, mana_cost

    text = fields.get("oracle_text") or ""
    m = _PROTOTYPE.search(text.replace("\u2014", "—"))
    if m is None or not fields.get("type_line"):
        return None
    try:
        cost = mana_cost(m.group(1))
    except Unsupported:
        return None
    rest = _PROTOTYPE.sub("", text.replace("\u2014", "—")).strip("\n")
    normal = compile_card({**fields, "oracle_text": rest})
    normal.text = rest  # type: ignore[attr-defined]
    normal.card["keywords"] = [{"prototype": cost}, *normal.card.get("keywords", [])]
    alt = Compiled(copy.deepcopy(normal.card), normal.notes, normal.problems)
    alt.text = rest  # type: ignore[attr-defined]
    alt.card.update(mana_cost=cost, power=int(m.group(2)), toughness=int(m.group(3)))
    note = Note(0, m.group(0), "keyword", [{"prototype": cost}])
    whole = FacedCompiled({"name": fields["name"], "layout": "prototype",
                           "faces": [normal.card, alt.card]}, [normal, alt])
    whole.notes = [note, *normal.notes]  # one card's abilities, not two
    whole.problems = list(normal.problems)
    return whole


def compile_face(face: dict[str, Any]) -> Compiled:
    """One face, compiled like a card, with its colour indicator (CR 204) as its colors."""
    compiled = compile_card(face)
    compiled.text = face.get("oracle_text") or ""  # type: ignore[attr-defined]
    if face.get("color_indicator"):
        compiled.card["colors"] = list(face["color_indicator"])
    return compiled


# (data version, name) -> the loaded card definition
_loaded: dict[tuple[str, str], Any] = {}


def loaded(name: str, data_dir: str | os.PathLike[str] | None = None) -> Any:
    """The card definition (facts.cards.CardDef) of an imported card, read by the same reader
    as a card file; None when the data has no such card."""
    compiled = imported(name, data_dir)
    if compiled is None:
        return None
    key = (data_version(data_dir), name.lower())
    if key not in _loaded:
        if len(_loaded) >= _CACHE_MAX:
            _loaded.clear()
        _loaded[key] = read(compiled)
    return _loaded[key]


BASE_KEYS = ("name", "mana_cost", "types", "subtypes", "supertypes")


def read(compiled: Compiled) -> Any:
    """Read a compiled card (each face of one with faces) with the card reader."""
    if isinstance(compiled, FacedCompiled):
        from rulings.facts.faces import assemble

        whole = read_one(Compiled({"name": compiled.card["name"]}))
        whole.layout = compiled.card["layout"]
        whole.faces = [read_one(face) for face in compiled.faces]
        whole.raw = compiled.card
        assemble(whole)
        return whole
    return read_one(compiled)


def read_one(compiled: Compiled) -> Any:
    """Read a compiled card with the card reader. Should the reader refuse a part (a
    compiler bug, or a word the loader does not know yet), that ability becomes unparsed,
    with the reader's complaint as its gap, and any other refused key is left out: a card
    that can't be fully read is never an error of the situation."""
    from rulings.facts.cards import read_card
    from rulings.facts.errors import Problem

    file = f"imported card data ({compiled.card['name']})"
    problems: list[Problem] = []
    card = read_card(compiled.card, file, problems)
    if not problems:
        if card is not None:
            card.printed_text = getattr(compiled, "text", "")
        return card
    data = {k: v for k, v in compiled.card.items() if k in BASE_KEYS}
    base: list[Problem] = []
    read_card(data, file, base)
    for key, value in compiled.card.items():
        if key in BASE_KEYS or key == "abilities":
            continue
        trial: list[Problem] = []
        read_card({**data, key: value}, file, trial)
        if len(trial) == len(base):
            data[key] = value
    texts = [n.text for n in compiled.notes
             if n.kind not in ("keyword", "additional_cost", "alternative_cost", "band")]
    abilities = []
    for ability, text in zip(compiled.card["abilities"], texts, strict=False):
        trial = []
        read_card({**data, "abilities": [ability]}, file, trial)
        if len(trial) > len(base):
            ability = {"unparsed": {"text": text, "gap": f"loader: {trial[-1].what}"}}
        abilities.append(ability)
    data["abilities"] = abilities
    problems = []
    card = read_card(data, file, problems)
    if card is not None:
        card.printed_text = getattr(compiled, "text", "")
    return card


def is_imported(data_dir: str | os.PathLike[str] | None = None) -> bool:
    return _book(data_dir) is not None


def names(data_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Every card name of the imported data (for suggestions)."""
    book = _book(data_dir)
    return book.names() if book is not None else []


def unknown_hint(name: str, data_dir: str | os.PathLike[str] | None = None,
                 extra_names: list[str] | None = None) -> str:
    """What to tell a user whose situation names a card nobody knows: the nearest names
    (of the imported data and of `extra_names`), the define: hint, or how to import."""
    from rulings.facts.errors import nearest
    from rulings.reference.store import IMPORT_RULINGS

    define = ("describe it inline with define: {name: …, types: […], abilities: […]}")
    known = list(extra_names or [])
    if not is_imported(data_dir):
        near = nearest(name, known, "known cards") if known else ""
        return (f"{near + '; ' if near.startswith('did') else ''}import card data to name "
                f"any card: {IMPORT_RULINGS}; or {define}")
    return nearest(name, names(data_dir) + known, "cards") + f" (or {define})"
