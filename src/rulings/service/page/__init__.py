"""The judges' page served by `rulings serve` at `/`: static files shipped in this package
(index.html, page.css, page.js; no build step, nothing fetched at run time), and the one
lookup the page needs beside the public API's others: a citation's imported text.

The page talks to the service only through the public HTTP API (/v1/…), as a chatbot would.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from rulings.service.core import ServiceError

#: the files the page is made of, and their media types: only these are served
ASSETS = {
    "index.html": "text/html; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
    # copies of the repository's examples/ (a test keeps them equal), to start from
    "examples/reflecting-pool.yaml": "application/yaml; charset=utf-8",
    "examples/what-triggers.yaml": "application/yaml; charset=utf-8",
}

#: the page loads nothing from elsewhere and runs no inline script
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

_cache: dict[str, bytes] = {}


def asset(name: str) -> tuple[bytes, str]:
    """The bytes and media type of one of the page's files; ServiceError 404 for any other."""
    media = ASSETS.get(name)
    if media is None:
        raise ServiceError(404, "unknown-page-file", "No such file",
                           f"the page has no file '{name}'")
    if name not in _cache:
        _cache[name] = resources.files(__package__).joinpath(name).read_bytes()
    return _cache[name], media


def citation_entry(cite: str) -> dict[str, Any]:
    """The imported text of a citation, "CR 602.2b" or "leonin-arbiter#4":
    {"cite", "kind": "cr"|"ruling", "text", …} (rulings.reference.resolve_citation).
    ServiceError 400 (not a citation), 503 (its data is not imported), 404 (names nothing)."""
    from rulings import reference

    wanted = cite.strip()
    is_rule = wanted.upper().startswith("CR")
    if not is_rule and "#" not in wanted:
        raise ServiceError(400, "not-a-citation", "Not a citation",
                           f"'{cite}' is not a citation; write it like CR 602.2b or "
                           "leonin-arbiter#4")
    try:
        (reference.rules_book if is_rule else reference.card_book)()
    except reference.DataMissing:
        command = "import-cr" if is_rule else "import-rulings"
        what = "the Comprehensive Rules are" if is_rule else "the official rulings are"
        raise ServiceError(503, "data-not-imported", "The cited texts are not imported",
                           f"{what} not imported: run `rulings data {command} FILE` where "
                           "the service runs") from None
    found = reference.resolve_citation(wanted)
    if found is None:
        raise ServiceError(404, "unknown-citation", "No such citation",
                           f"'{wanted}' names nothing in the imported data")
    return found
