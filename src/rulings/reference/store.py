"""Where imported data lives, and how it is written and read.

Everything imported is one SQLite database in the data directory (DB_FILE), with two parts:
the Comprehensive Rules ("cr": rules by number, the glossary, a full-text index) and the
cards with their official rulings ("rulings": one JSON record per card, every name a card
answers to indexed). A question reads only the rows it names, so a start with everything
imported costs little more than one without.

Writing: an import builds a complete new database beside the old one (copying the part it
does not replace), then renames it over the old one, all under the directory's lock. Readers
see the old file or the new one, never a mix; a failure part-way leaves the old file as it
was. Since a stored file is never changed in place, readers open it read-only and immutable.

Data directories of earlier versions held `cr.json` and `rulings.json`; they are converted
into the database at the first read (and the JSON files removed), or, where the directory
can't be written, refused with the command that fixes it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from rulings.reference.errors import DataMissing, ReferenceDataError

APP = "mtg-rulings"
DB_FILE = "reference.sqlite"
LOCK_FILE = ".lock"
LOCK_TIMEOUT = 120.0
SCHEMA_VERSION = 1  # PRAGMA user_version of DB_FILE

# the JSON files earlier versions stored (read once, converted into DB_FILE)
CR_FILE = "cr.json"
RULINGS_FILE = "rulings.json"

CR_FORMAT = "mtg-rulings/cr"
CR_VERSION = 1
RULINGS_FORMAT = "mtg-rulings/rulings"
RULINGS_VERSION = 1

IMPORT_CR = "rulings data import-cr FILE (the TXT from https://magic.wizards.com/en/rules)"
IMPORT_RULINGS = (
    "rulings data import-rulings FILE [FILE…] (MTGJSON AtomicCards.json, or the Scryfall "
    "rulings and oracle-cards bulk files)"
)
CR = "cr"
RULINGS = "rulings"
# part -> (format, version, what it is, how to import it, the JSON file of earlier versions)
PARTS = {
    CR: (CR_FORMAT, CR_VERSION, "Comprehensive Rules", IMPORT_CR, CR_FILE),
    RULINGS: (RULINGS_FORMAT, RULINGS_VERSION, "official rulings", IMPORT_RULINGS, RULINGS_FILE),
}
# the bulky keys of a part's data, stored as rows; everything else is its "head" (meta row)
_ROWS = {CR: ("rules", "glossary"), RULINGS: ("cards", "aliases")}

_SCHEMA = """
CREATE TABLE meta (part TEXT PRIMARY KEY, head TEXT NOT NULL);
CREATE TABLE rules (seq INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE,
                    record TEXT NOT NULL, hay TEXT NOT NULL);
CREATE TABLE glossary (seq INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE cards (slug TEXT PRIMARY KEY, name TEXT NOT NULL, record TEXT NOT NULL)
    WITHOUT ROWID;
CREATE TABLE card_names (name TEXT PRIMARY KEY, slug TEXT NOT NULL) WITHOUT ROWID;
"""
# full-text index of the rules' text and examples, where the SQLite build has FTS5
_FTS = ("CREATE VIRTUAL TABLE rules_fts USING fts5(hay, content='rules', content_rowid='seq', "
        "tokenize='unicode61')")

T = TypeVar("T")


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: `override`, else $RULINGS_DATA_DIR, else
    $XDG_DATA_HOME/mtg-rulings, else ~/.local/share/mtg-rulings."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("RULINGS_DATA_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / APP


def db_path(directory: Path) -> Path:
    return directory / DB_FILE


@contextlib.contextmanager
def locked(directory: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the data directory's write lock, so that concurrent imports take turns.

    flock locks die with their process, so a lock file left behind never blocks anyone.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = open(directory / LOCK_FILE, "a+b")
    except OSError as exc:
        raise ReferenceDataError(
            directory, f"cannot use the data directory ({exc.strerror})",
            "choose a writable one with --data-dir DIR or RULINGS_DATA_DIR",
        ) from None
    with handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise ReferenceDataError(
                        directory / LOCK_FILE, "another import is still writing this data",
                        "wait for it to finish, then try again",
                    ) from None
                time.sleep(0.02)
        try:
            clean_stale(directory)
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def clean_stale(directory: Path) -> list[Path]:
    """Remove what an interrupted writer left (a killed import's `.NAME.….tmp` files and
    `.update-…` folders). Called with the write lock held, so no writer is using them."""
    import shutil

    removed = []
    for leftover in directory.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()
            removed.append(leftover)
    for leftover in directory.glob(".update-*"):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
            removed.append(leftover)
    return removed


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask


# --- writing --------------------------------------------------------------------------------


def save(directory: Path, part: str, data: dict[str, Any]) -> Path:
    """Store one part (CR or RULINGS: the parsed data, as comprehensive.parse_file and
    official.build make it) under the directory's lock; the other part is kept."""
    target = db_path(directory)
    with locked(directory):
        try:
            _rebuild(directory, {part: data})
        except OSError as exc:
            raise ReferenceDataError(
                target, f"cannot write ({exc.strerror}); the previous data is kept",
                "free some space or choose another --data-dir",
            ) from None
    return target


def _rebuild(directory: Path, new: dict[str, dict[str, Any]]) -> None:
    """Write a new database holding `new`'s parts, the other parts of the present database,
    and any part only an earlier version's JSON file holds; then put it in place. Called
    with the lock held."""
    import sqlite3
    import tempfile  # slow to import; only writers need it

    target = db_path(directory)
    old = _readable_parts(target)
    legacy = {p: directory / PARTS[p][4] for p in PARTS
              if p not in new and p not in old and (directory / PARTS[p][4]).is_file()}
    converted = {}
    for part, path in legacy.items():  # kept while importing the other part
        with contextlib.suppress(ReferenceDataError):  # damaged: reading it will say so
            converted[part] = _read_legacy(path, part)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{DB_FILE}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; data files are ordinary files
        os.close(fd)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            # a failed build is thrown away whole: no journal needed while writing it
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute("BEGIN")
            for statement in _SCHEMA.strip().split(";"):
                if statement.strip():
                    conn.execute(statement)
            fts = _try_fts(conn)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            if old:
                conn.execute("ATTACH DATABASE ? AS old", (target.absolute().as_uri()
                                                          + "?mode=ro&immutable=1",))
            for part in PARTS:
                if part in new:
                    _write_part(conn, part, new[part])
                elif part in converted:
                    _write_part(conn, part, converted[part])
                elif part in old:
                    _copy_part(conn, part)
            if fts:
                conn.execute("INSERT INTO rules_fts(rules_fts) VALUES('rebuild')")
            conn.execute("COMMIT")
            if old:
                conn.execute("DETACH DATABASE old")
        finally:
            conn.close()
        with open(tmp, "rb") as written:
            os.fsync(written.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where supported
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    for part in converted:  # converted: the database now holds them
        with contextlib.suppress(OSError):
            legacy[part].unlink()
    for part in new:  # a fresh import of a part makes its old JSON file obsolete
        with contextlib.suppress(OSError):
            (directory / PARTS[part][4]).unlink()


def _try_fts(conn: Any) -> bool:
    import sqlite3

    try:
        conn.execute(_FTS)
        return True
    except sqlite3.OperationalError:  # a build without FTS5: search scans with LIKE
        return False


def _write_part(conn: Any, part: str, data: dict[str, Any]) -> None:
    from rulings.reference.lookup import haystack

    head = {k: v for k, v in data.items() if k not in _ROWS[part]}
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    if part == CR:
        from rulings.reference.importer import cr_summary

        conn.executemany(
            "INSERT INTO rules (seq, number, record, hay) VALUES (?, ?, ?, ?)",
            ((i, r["number"], dumps(r), haystack(r)) for i, r in enumerate(data["rules"])))
        conn.executemany("INSERT INTO glossary (seq, record) VALUES (?, ?)",
                         enumerate(map(dumps, data["glossary"])))
        head["summary"] = cr_summary(data)
    else:
        from rulings.reference.importer import rulings_summary

        cards = data["cards"]
        conn.executemany("INSERT INTO cards (slug, name, record) VALUES (?, ?, ?)",
                         ((slug, card["name"], dumps(card)) for slug, card in cards.items()))
        # every name a card answers to: its own slug, and its unambiguous other names
        # (faces, the "Face (A/B)" style), as official.build computed them from the records
        names = {slug: slug for slug in cards}
        for alias, slug in data.get("aliases", {}).items():
            names.setdefault(alias, slug)
        conn.executemany("INSERT INTO card_names (name, slug) VALUES (?, ?)", names.items())
        head["summary"] = rulings_summary(data)
    conn.execute("INSERT INTO meta (part, head) VALUES (?, ?)", (part, dumps(head)))


def _copy_part(conn: Any, part: str) -> None:
    tables = ("rules", "glossary") if part == CR else ("cards", "card_names")
    for table in tables:
        conn.execute(f"INSERT INTO main.{table} SELECT * FROM old.{table}")  # noqa: S608
    conn.execute("INSERT INTO main.meta SELECT * FROM old.meta WHERE part = ?", (part,))


def _readable_parts(target: Path) -> set[str]:
    """The parts a present database holds (none when it is missing or unreadable: an
    import then starts afresh)."""
    import sqlite3

    if not target.is_file():
        return set()
    try:
        conn = _connect(target)
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                return set()
            return {row[0] for row in conn.execute("SELECT part FROM meta")}
        finally:
            conn.close()
    except sqlite3.Error:
        return set()


def _read_legacy(path: Path, part: str) -> dict[str, Any]:
    """An earlier version's JSON file, checked as that version checked it."""
    fmt, version, what, how, _ = PARTS[part]
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ReferenceDataError(path, f"unreadable {what} data file", f"import again: {how}")
    if data.get("version") != version:
        raise ReferenceDataError(
            path, f"{what} stored by another version of mtg-rulings (format {data.get('version')})",
            f"import again: {how}",
        )
    return data


# --- reading --------------------------------------------------------------------------------


def _connect(path: Path) -> Any:
    import sqlite3

    # immutable: a stored database is never changed in place (imports replace the file)
    return sqlite3.connect(path.absolute().as_uri() + "?mode=ro&immutable=1", uri=True,
                           check_same_thread=False)


class Database:
    """One stored database, open read-only; its parts' heads read at opening."""

    def __init__(self, path: Path, identity: tuple[int, int, int]) -> None:
        import sqlite3

        self.path = path
        self.identity = identity
        self.pid = os.getpid()
        self._lock = threading.Lock()  # one connection, shared by the service's threads
        try:
            self.conn = _connect(path)
            schema = self.conn.execute("PRAGMA user_version").fetchone()[0]
            if schema != SCHEMA_VERSION:
                raise ReferenceDataError(
                    path, f"reference data stored by another version of mtg-rulings "
                    f"(schema {schema})", f"import again: {IMPORT_CR}; {IMPORT_RULINGS}")
            self.heads: dict[str, dict[str, Any]] = {
                part: json.loads(head)
                for part, head in self.conn.execute("SELECT part, head FROM meta")}
        except (sqlite3.Error, ValueError):
            raise ReferenceDataError(
                path, "unreadable reference data file",
                f"import again: {IMPORT_CR}; {IMPORT_RULINGS}") from None
        self.fts = None  # decided at the first search

    def rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        import sqlite3

        with self._lock:
            try:
                return self.conn.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as exc:
                raise ReferenceDataError(self.path, f"unreadable reference data file ({exc})",
                                         f"import again: {IMPORT_CR}; {IMPORT_RULINGS}") from None

    def one(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        found = self.rows(sql, args)
        return found[0] if found else None


# Open databases, keyed by path; reused while the file's identity is unchanged (an import
# replaces the file, so a new identity means new data).
_open: dict[Path, Database] = {}
# Wrapped parts: (path, part) -> (identity, wrapped)
_cache: dict[tuple[Path, str], tuple[tuple[int, int, int], Any]] = {}


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def version(directory: Path) -> str:
    """What identifies the stored data (every import changes it); "" when nothing is stored."""
    identity = _identity(db_path(directory))
    return ":".join(map(str, identity)) if identity else ""


def _convert_legacy(directory: Path, parts: list[str]) -> None:
    """Convert an earlier version's JSON files (of `parts`) into the database, once."""
    files = {p: directory / PARTS[p][4] for p in parts}
    data = {p: _read_legacy(path, p) for p, path in files.items()}  # damaged: say so
    try:
        with locked(directory):
            _rebuild(directory, data)
    except (OSError, ReferenceDataError) as exc:
        if isinstance(exc, ReferenceDataError) and "another import" in exc.problem:
            raise
        raise ReferenceDataError(
            next(iter(files.values())), "reference data in the JSON files of an earlier "
            "mtg-rulings, and this data directory can't be written to convert it",
            f"make it writable, or import again into another one with --data-dir DIR: "
            f"{IMPORT_CR}; {IMPORT_RULINGS}") from None


def database(directory: Path) -> Database | None:
    """The open database of a data directory (converting earlier JSON files first); None
    when nothing was ever imported."""
    path = db_path(directory)
    legacy = [p for p in PARTS if (directory / PARTS[p][4]).is_file()]
    if legacy:  # an earlier version's files: convert those the database lacks
        held = _readable_parts(path)
        missing = [p for p in legacy if p not in held]
        if missing:
            _convert_legacy(directory, missing)
    identity = _identity(path)
    if identity is None:
        return None
    db = _open.get(path)
    if db is None or db.identity != identity or db.pid != os.getpid():
        db = _open[path] = Database(path, identity)
    return db


def has_part(directory: Path, part: str) -> bool:
    """Whether `part` was imported (cheap when nothing is: one stat)."""
    if not db_path(directory).is_file() and not (directory / PARTS[part][4]).is_file():
        return False
    try:
        db = database(directory)
    except ReferenceDataError:
        return True  # imported, but damaged: reading it reports that
    return db is not None and part in db.heads


def load(directory: Path, part: str, wrap: Callable[[Database, dict[str, Any]], T]) -> T:
    """The stored part (CR or RULINGS) wrapped for reading; raises DataMissing when it was
    never imported."""
    fmt, stored_version, what, how, _ = PARTS[part]
    db = database(directory)
    if db is None or part not in db.heads:
        raise DataMissing(db_path(directory), f"no {what} imported yet",
                          f"run: {how}; or, when online: rulings data update")
    hit = _cache.get((db.path, part))
    if hit is not None and hit[0] == db.identity:
        return hit[1]
    head = db.heads[part]
    if head.get("format") != fmt or head.get("version") != stored_version:
        raise ReferenceDataError(
            db.path, f"{what} stored by another version of mtg-rulings "
            f"(format {head.get('version')})", f"import again: {how}")
    wrapped = wrap(db, head)
    _cache[(db.path, part)] = (db.identity, wrapped)
    return wrapped


def read_part(directory: Path, part: str) -> dict[str, Any]:
    """A stored part as one dict, as it was given to save (for checks and tests)."""
    db = database(directory)
    if db is None or part not in db.heads:
        raise DataMissing(db_path(directory), f"no {PARTS[part][2]} imported yet")
    data = {k: v for k, v in db.heads[part].items() if k != "summary"}
    if part == CR:
        data["rules"] = [json.loads(r) for (r,) in db.rows("SELECT record FROM rules ORDER BY seq")]
        data["glossary"] = [json.loads(r) for (r,) in
                            db.rows("SELECT record FROM glossary ORDER BY seq")]
    else:
        data["cards"] = {s: json.loads(r) for s, r in
                         db.rows("SELECT slug, record FROM cards ORDER BY slug")}
        data["aliases"] = dict(db.rows("SELECT name, slug FROM card_names WHERE name != slug "
                                       "ORDER BY name"))
    return data
