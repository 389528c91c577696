"""`rulings data update`: fetch the current CR and Scryfall rulings from the official sources.

Everything is downloaded and parsed before anything is stored, so a failure at any step —
offline, a timeout, a changed page, a damaged file — keeps the previous data.
"""

from __future__ import annotations

import http.client
import json
import re
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rulings.reference import comprehensive, importer, official
from rulings.reference.errors import ReferenceDataError

RULES_PAGE_URL = "https://magic.wizards.com/en/rules"
SCRYFALL_BULK_URL = "https://api.scryfall.com/bulk-data"
USER_AGENT = "mtg-rulings/0.1 (rules reference updater)"
DEFAULT_TIMEOUT = 30.0
PARTS = ("cr", "rulings")

_OFFLINE_FIX = (
    "check the connection and try again, or download the files yourself and run "
    "`rulings data import-cr FILE` / `rulings data import-rulings FILE…`; the previous data "
    "is kept"
)
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"'<>]+?\.txt)["']""", re.IGNORECASE)


def _open(url: str, timeout: float) -> Any:
    request = urllib.request.Request(
        url, headers={"User-Agent": USER_AGENT, "Accept": "application/json, text/plain, */*"}
    )
    return urllib.request.urlopen(request, timeout=timeout)


def _failure(url: str, exc: BaseException) -> ReferenceDataError:
    if isinstance(exc, urllib.error.HTTPError):
        reason = f"HTTP {exc.code} {exc.reason}"
    elif isinstance(exc, urllib.error.URLError):
        reason = str(exc.reason)
    else:
        reason = str(exc) or type(exc).__name__
    return ReferenceDataError(url, f"cannot download ({reason})", _OFFLINE_FIX)


# URLError, timeouts and resets are OSErrors; a bad URL is a ValueError; http.client has its
# own exceptions for broken responses.
_NETWORK_ERRORS = (OSError, ValueError, http.client.HTTPException)


def fetch(url: str, timeout: float) -> bytes:
    try:
        with _open(url, timeout) as response:
            return bytes(response.read())
    except _NETWORK_ERRORS as exc:
        raise _failure(url, exc) from None


def download(url: str, target: Path, timeout: float) -> Path:
    """Stream `url` into `target` (bulk files are large)."""
    try:
        with _open(url, timeout) as response, open(target, "wb") as out:
            shutil.copyfileobj(response, out, 1 << 20)
    except _NETWORK_ERRORS as exc:
        raise _failure(url, exc) from None
    return target


def find_cr_link(html: str, page_url: str) -> str | None:
    """The Comprehensive Rules .txt link on the rules page (absolute, spaces escaped)."""
    links = _TXT_LINK.findall(html)
    preferred = [link for link in links if "comprules" in link.lower()] or links
    if not preferred:
        return None
    return urllib.parse.urljoin(page_url, preferred[0].strip()).replace(" ", "%20")


def _file_name(url: str, fallback: str) -> str:
    name = Path(urllib.parse.unquote(urllib.parse.urlsplit(url).path)).name
    return name or fallback


def fetch_cr(timeout: float, say: Callable[[str], None]) -> dict[str, Any]:
    say(f"Looking for the current rules on {RULES_PAGE_URL}")
    page = fetch(RULES_PAGE_URL, timeout).decode("utf-8", "replace")
    link = find_cr_link(page, RULES_PAGE_URL)
    if link is None:
        raise ReferenceDataError(
            RULES_PAGE_URL, "no link to the Comprehensive Rules .txt file on the page",
            "download the TXT yourself and run `rulings data import-cr FILE`; the previous data "
            "is kept",
        )
    say(f"Downloading {link}")
    raw = fetch(link, timeout)
    return comprehensive.parse_bytes(raw, _file_name(link, "comprehensive-rules.txt"))


def _bulk_links(timeout: float) -> dict[str, str]:
    raw = fetch(SCRYFALL_BULK_URL, timeout)
    try:
        listing = json.loads(raw)
        links = {item["type"]: item["download_uri"] for item in listing["data"]}
    except (ValueError, TypeError, KeyError):
        raise ReferenceDataError(
            SCRYFALL_BULK_URL, "unexpected answer (not a bulk-data list)", _OFFLINE_FIX
        ) from None
    missing = [kind for kind in ("rulings", "oracle_cards") if kind not in links]
    if missing:
        raise ReferenceDataError(
            SCRYFALL_BULK_URL, f"no {' or '.join(missing)} file listed", _OFFLINE_FIX
        )
    return links


def fetch_rulings(timeout: float, workdir: Path, say: Callable[[str], None]) -> dict[str, Any]:
    say(f"Asking {SCRYFALL_BULK_URL} for the bulk files")
    links = _bulk_links(timeout)
    files = []
    for kind in ("oracle_cards", "rulings"):
        url = links[kind]
        say(f"Downloading {url}")
        files.append(download(url, workdir / _file_name(url, f"{kind}.json"), timeout))
    data, notes = official.parse_files(files)
    for note in notes:
        say(f"note: {note}")
    return data


def update(directory: Path, timeout: float = DEFAULT_TIMEOUT, parts: Iterable[str] = PARTS,
           say: Callable[[str], None] = print) -> list[str]:
    """Download, check, then store; returns one summary line per part stored."""
    parts = [p for p in PARTS if p in set(parts)]
    cr_data = rulings_data = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReferenceDataError(directory, f"cannot create ({exc.strerror})",
                                 "choose another --data-dir") from None
    with tempfile.TemporaryDirectory(dir=directory, prefix=".update-") as tmp:
        if "cr" in parts:
            cr_data = fetch_cr(timeout, say)
        if "rulings" in parts:
            rulings_data = fetch_rulings(timeout, Path(tmp), say)
    done = []
    if cr_data is not None:
        s = importer.save_cr(cr_data, directory)
        done.append(f"Comprehensive Rules effective {s['effective']}: {s['rules']:,} rules "
                    f"→ {s['path']}")
    if rulings_data is not None:
        s = importer.save_rulings(rulings_data, directory)
        done.append(f"{s['rulings']:,} official rulings for {s['cards_with_rulings']:,} cards "
                    f"({s['cards']:,} cards in all) → {s['path']}")
    return done

