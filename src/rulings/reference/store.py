"""Where imported data lives, and how it is written (atomically, under a lock) and read
(lazily, once per process, reloaded when the file changes)."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from rulings.reference.errors import DataMissing, ReferenceDataError

APP = "mtg-rulings"
CR_FILE = "cr.json"
RULINGS_FILE = "rulings.json"
LOCK_FILE = ".lock"
LOCK_TIMEOUT = 120.0

CR_FORMAT = "mtg-rulings/cr"
CR_VERSION = 1
RULINGS_FORMAT = "mtg-rulings/rulings"
RULINGS_VERSION = 1

IMPORT_CR = "rulings data import-cr FILE (the TXT from https://magic.wizards.com/en/rules)"
IMPORT_RULINGS = (
    "rulings data import-rulings FILE [FILE…] (MTGJSON AtomicCards.json, or the Scryfall "
    "rulings and oracle-cards bulk files)"
)
_FILES = {
    CR_FILE: (CR_FORMAT, CR_VERSION, "Comprehensive Rules", IMPORT_CR),
    RULINGS_FILE: (RULINGS_FORMAT, RULINGS_VERSION, "official rulings", IMPORT_RULINGS),
}

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


def write_json(path: Path, data: Any) -> None:
    """Replace `path` in one step: readers see the old file or the new one, never a mix,
    and a failure part-way leaves the old file as it was."""
    import tempfile  # slow to import; only writers need it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; data files are ordinary files
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            # dumps, not dump: only dumps uses the C encoder, several times faster
            out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where supported
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask


def save(directory: Path, name: str, data: Any) -> Path:
    """Write one data file under the directory's lock."""
    target = directory / name
    with locked(directory):
        try:
            write_json(target, data)
        except OSError as exc:
            raise ReferenceDataError(
                target, f"cannot write ({exc.strerror}); the previous data is kept",
                "free some space or choose another --data-dir",
            ) from None
    return target


# Loaded files, keyed by path; an entry is reused while the file's identity is unchanged.
_cache: dict[Path, tuple[tuple[int, int, int], Any]] = {}


def load(directory: Path, name: str, wrap: Callable[[dict[str, Any]], T]) -> T:
    """The parsed, wrapped content of a data file (CR_FILE or RULINGS_FILE); raises
    DataMissing when it was never imported."""
    fmt, version, what, how = _FILES[name]
    path = directory / name
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DataMissing(path, f"no {what} imported yet",
                          f"run: {how}; or, when online: rulings data update") from None
    identity = (st.st_mtime_ns, st.st_size, st.st_ino)
    hit = _cache.get(path)
    if hit is not None and hit[0] == identity:
        return hit[1]
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
    wrapped = wrap(data)
    _cache[path] = (identity, wrapped)
    return wrapped
