"""`rulings data update`, against unreachable addresses and a local stand-in server only."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulings.reference import store, update


@pytest.fixture(autouse=True)
def no_internet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any name lookup other than this machine fails: these tests never reach the network."""
    real = socket.getaddrinfo

    def local_only(host: object, *args: object, **kwargs: object) -> object:
        if host not in ("127.0.0.1", "localhost"):
            raise socket.gaierror(f"test blocks the network (asked for {host})")
        return real(host, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "getaddrinfo", local_only)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed again on exit: connections are refused


@pytest.fixture
def server(fixtures: Path) -> Iterator[tuple[str, dict[str, bytes]]]:
    """A local HTTP server; tests fill `pages` (path → body)."""
    pages: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            body = pages.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.end_headers()
            self.wfile.write(body or b"missing")

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield base, pages
    finally:
        httpd.shutdown()
        httpd.server_close()


def fill(base: str, pages: dict[str, bytes], fixtures: Path) -> None:
    pages["/en/rules"] = (b'<html><a href="/docs/notes.pdf">notes</a> '
                          b'<a href="/downloads/MagicCompRules 20310203.txt">TXT</a></html>')
    pages["/downloads/MagicCompRules%2020310203.txt"] = (fixtures / "cr-mini-cr.txt").read_bytes()
    pages["/bulk-data"] = json.dumps({"object": "list", "data": [
        {"type": "oracle_cards", "download_uri": f"{base}/files/oracle-cards.json"},
        {"type": "rulings", "download_uri": f"{base}/files/rulings.json"},
        {"type": "default_cards", "download_uri": f"{base}/files/default.json"},
    ]}).encode()
    pages["/files/oracle-cards.json"] = (fixtures / "scryfall-oracle.json").read_bytes()
    pages["/files/rulings.json"] = (fixtures / "scryfall-rulings.json").read_bytes()


def point_at(monkeypatch: pytest.MonkeyPatch, base: str) -> None:
    monkeypatch.setattr(update, "RULES_PAGE_URL", f"{base}/en/rules")
    monkeypatch.setattr(update, "SCRYFALL_BULK_URL", f"{base}/bulk-data")


def test_offline_fails_cleanly_and_keeps_data(cli, fixtures: Path, data_home: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("data", "import-cr", str(fixtures / "cr-mini.txt"))[0] == 0
    before = (data_home / store.DB_FILE).read_bytes()
    url = f"http://127.0.0.1:{closed_port()}/en/rules"
    monkeypatch.setattr(update, "RULES_PAGE_URL", url)
    code, out, err = cli("data", "update", "--timeout", "2")
    assert code == 2 and out == "" and "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"{url}: cannot download (")
    assert "the previous data is kept" in last
    assert (data_home / store.DB_FILE).read_bytes() == before
    assert sorted(p.name for p in data_home.iterdir()) == [".lock", store.DB_FILE]  # no leftovers


def test_unknown_host_fails_cleanly(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(update, "SCRYFALL_BULK_URL", "https://api.scryfall.invalid/bulk-data")
    code, _, err = cli("data", "update", "--only", "rulings", "--timeout", "1")
    assert code == 2
    assert err.strip().splitlines()[-1].startswith(
        "https://api.scryfall.invalid/bulk-data: cannot download (")


def test_update_from_a_stand_in_server(cli, server, fixtures: Path, data_home: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    base, pages = server
    fill(base, pages, fixtures)
    point_at(monkeypatch, base)
    code, out, err = cli("data", "update", "--timeout", "5")
    assert code == 0, err
    assert "Updated Comprehensive Rules effective 2031-02-03: 12 rules" in out
    assert "Updated 4 official rulings for 2 cards (3 cards in all)" in out
    assert f"Downloading {base}/downloads/MagicCompRules%2020310203.txt" in err
    stored = store.read_part(data_home, "cr")
    assert stored["source"]["file"] == "MagicCompRules 20310203.txt"
    code, out, _ = cli("cr", "701.23b")
    assert code == 0 and "effective 2031-02-03" in out
    assert not [p for p in data_home.iterdir() if p.name.startswith(".update-")]


def test_a_bad_download_keeps_everything(cli, server, fixtures: Path, data_home: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    base, pages = server
    fill(base, pages, fixtures)
    point_at(monkeypatch, base)
    assert cli("data", "import-cr", str(fixtures / "cr-mini.txt"))[0] == 0
    before = (data_home / store.DB_FILE).read_bytes()
    pages["/files/rulings.json"] = b'[{"object": "ruling", "oracle_id"'  # cut short
    code, out, err = cli("data", "update")
    assert code == 2 and out == ""
    assert "rulings.json:1: invalid JSON" in err.splitlines()[-1]
    # The CR downloaded fine, but nothing is stored unless everything is.
    assert (data_home / store.DB_FILE).read_bytes() == before
    assert not store.has_part(data_home, store.RULINGS)


def test_page_without_a_rules_link(cli, server, monkeypatch: pytest.MonkeyPatch) -> None:
    base, pages = server
    pages["/en/rules"] = b"<html>redesigned page, no links</html>"
    point_at(monkeypatch, base)
    code, _, err = cli("data", "update", "--only", "cr")
    assert code == 2
    assert err.strip().splitlines()[-1].startswith(
        f"{base}/en/rules: no link to the Comprehensive Rules .txt file")


def test_http_error_is_named(cli, server, monkeypatch: pytest.MonkeyPatch) -> None:
    base, _ = server
    point_at(monkeypatch, base)
    code, _, err = cli("data", "update", "--only", "rulings")
    assert code == 2 and "cannot download (HTTP 404" in err


def test_find_cr_link() -> None:
    page = ('<a href="https://media.example/2031/MagicCompRules 20310203.pdf">PDF</a>'
            '<a href="https://media.example/other/readme.txt">readme</a>'
            "<a href='https://media.example/2031/MagicCompRules 20310203.txt'>TXT</a>")
    assert update.find_cr_link(page, "https://example/en/rules") == (
        "https://media.example/2031/MagicCompRules%2020310203.txt")
    assert update.find_cr_link('<a href="/x/rules.TXT">', "https://example/en/rules") == (
        "https://example/x/rules.TXT")
    assert update.find_cr_link("<p>nothing</p>", "https://example/") is None
