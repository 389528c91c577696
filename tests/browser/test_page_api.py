"""The routes the judges' page adds to the service, without a browser: the page's files,
card names for completion (`GET /v1/cards?prefix=`) and a citation's text
(`GET /v1/citations/{cite}`). In-process, through FastAPI's test client."""

from __future__ import annotations

import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import FIXTURES, REPO

pytest.importorskip("fastapi", reason="the web framework (mtg-rulings[serve]) is absent")
pytest.importorskip("httpx", reason="the HTTP client (httpx) is absent")


def _client() -> Any:
    from fastapi.testclient import TestClient

    from rulings.service.http import create_app

    return TestClient(create_app())


@pytest.fixture
def client() -> Iterator[Any]:
    with _client() as c:
        yield c


def _import(data_dir: Path, command: str, *files: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rulings.cli", "data", command,
                           *map(str, files), "--data-dir", str(data_dir)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


@pytest.fixture
def fixture_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _import(tmp_path, "import-cr", FIXTURES / "cr-page.txt")
    _import(tmp_path, "import-rulings", FIXTURES / "cards-page.json")
    monkeypatch.setenv("RULINGS_DATA_DIR", str(tmp_path))
    return tmp_path


# -- the page's files ---------------------------------------------------------------------

def test_the_page_is_served_at_the_root_with_a_strict_policy(client: Any) -> None:
    reply = client.get("/")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/html")
    assert "<textarea id=\"yaml\"" in reply.text
    policy = reply.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    for name, kind in (("page.js", "text/javascript"), ("page.css", "text/css")):
        file = client.get(f"/page/{name}")
        assert file.status_code == 200 and file.headers["content-type"].startswith(kind)
    assert client.get("/?situation=cGxheWVyczogW0FdCg").status_code == 200


def test_only_the_pages_own_files_are_served(client: Any) -> None:
    for path in ("/page/__init__.py", "/page/../http.py", "/page/%2e%2e/core.py",
                 "/page/examples/../__init__.py", "/page/nothing.js"):
        reply = client.get(path)
        assert reply.status_code == 404, path
        assert reply.headers["content-type"] == "application/problem+json"


def test_the_page_loads_nothing_from_elsewhere() -> None:
    from rulings.service.page import ASSETS

    folder = REPO / "src" / "rulings" / "service" / "page"
    for name in ASSETS:
        text = (folder / name).read_text()
        assert "http://" not in text and "https://" not in text, f"{name} names another site"


def test_the_pages_examples_are_the_repositorys() -> None:
    folder = REPO / "src" / "rulings" / "service" / "page" / "examples"
    for copy in folder.glob("*.yaml"):
        assert copy.read_text() == (REPO / "examples" / copy.name).read_text(), (
            f"copy examples/{copy.name} to {copy.relative_to(REPO)} again")
    assert {p.name for p in folder.glob("*.yaml")} == {
        p.name for p in (REPO / "examples").glob("*.yaml")}


def test_the_pages_files_ship_in_the_package() -> None:
    from rulings.service.page import ASSETS

    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "rulings.service.page" in config["packages"]
    patterns = config["package-data"]["rulings.service.page"]
    folder = REPO / "src" / "rulings" / "service" / "page"
    shipped = {p.relative_to(folder).as_posix() for pattern in patterns
               for p in folder.glob(pattern)}
    assert set(ASSETS) <= shipped


# -- card names ---------------------------------------------------------------------------

def test_card_names_from_the_knowledge_base_alone(client: Any) -> None:
    reply = client.get("/v1/cards", params={"prefix": "llanow"})
    assert reply.status_code == 200
    body = reply.json()
    assert body["imported"] is False
    assert body["cards"][0] == {"name": "Llanowar Elves", "known": True, "match": "prefix"}
    assert client.get("/v1/cards", params={"prefix": ""}).json()["cards"] == []
    assert client.get("/v1/cards", params={"limit": "x"}).status_code == 422


def test_card_names_match_a_word_a_part_and_a_typing_mistake(client: Any) -> None:
    def first(prefix: str) -> dict[str, Any]:
        return client.get("/v1/cards", params={"prefix": prefix, "limit": 5}).json()["cards"][0]

    words = client.get("/v1/cards", params={"prefix": "elves"}).json()["cards"]
    assert {"name": "Llanowar Elves", "known": True, "match": "word"} in words
    assert all(" elves" in c["name"].lower() or c["name"].lower().startswith("elves")
               for c in words if c["match"] != "fuzzy")
    fuzzy = first("reflectng pool")
    assert fuzzy["name"] == "Reflecting Pool" and fuzzy["match"] == "fuzzy"
    assert len(client.get("/v1/cards", params={"prefix": "e", "limit": 500}).json()["cards"]) == 50


def test_card_names_on_the_whole_imported_pool_are_fast(
        shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared test data: every card of it can be named, and a query takes milliseconds."""
    data = shared / "data"
    _import(tmp_path, "import-rulings", data / "oracle-cards.json")
    monkeypatch.setenv("RULINGS_DATA_DIR", str(tmp_path))
    from rulings.service.names import name_index

    start = time.perf_counter()
    index, imported = name_index()
    built = time.perf_counter() - start
    assert imported and len(index.names) >= 24_280
    with _client() as client:
        times = []
        for prefix in ("llanowar el", "serra", "of the", "lightning bolt", "lightnig bolt",
                       "tarmogoyf", "jace", "urza", "goblin guide", "xyzzyq"):
            start = time.perf_counter()
            reply = client.get("/v1/cards", params={"prefix": prefix, "limit": 20})
            times.append(time.perf_counter() - start)
            assert reply.status_code == 200
        names = {p: [c["name"] for c in client.get("/v1/cards", params={"prefix": p}).json()[
            "cards"]] for p in ("lightning bo", "lightnig bolt", "goyf")}
    assert names["lightning bo"][0] == "Lightning Bolt"
    assert "Lightning Bolt" in names["lightnig bolt"][:3]
    assert "Tarmogoyf" in names["goyf"]
    times.sort()
    print(f"name index of {len(index.names):,} cards built in {built:.2f} s; "
          f"queries: median {times[len(times) // 2] * 1000:.1f} ms, "
          f"slowest {times[-1] * 1000:.1f} ms")
    assert built < 10 and times[-1] < 0.5  # generous: a shared 2-core machine under load


# -- citations ----------------------------------------------------------------------------

def test_a_citation_gives_its_imported_text(fixture_data: Path, client: Any) -> None:
    rule = client.get("/v1/citations/CR 602.2b").json()
    assert rule["kind"] == "cr" and rule["cite"] == "CR 602.2b"
    assert rule["text"].startswith("Page fixture subrule") and rule["examples"]
    ruling = client.get("/v1/citations/mana-reflection%234").json()
    assert ruling == {"cite": "mana-reflection#4", "kind": "ruling", "card": "Mana Reflection",
                      "date": "2031-01-04", "text": yaml.safe_load(
                          (FIXTURES / "cards-page.json").read_text())[0]["rulings"][3]["text"]}


def test_a_citation_that_names_nothing(fixture_data: Path, client: Any) -> None:
    for cite, status, kind in (("CR 999.9z", 404, "unknown-citation"),
                               ("mana-reflection%239", 404, "unknown-citation"),
                               ("no-such-card%231", 404, "unknown-citation"),
                               ("602.2", 400, "not-a-citation")):
        reply = client.get(f"/v1/citations/{cite}")
        assert reply.status_code == status, cite
        assert reply.json()["type"].endswith(kind)


def test_a_citation_before_any_import(client: Any) -> None:
    reply = client.get("/v1/citations/CR 602.2")
    assert reply.status_code == 503
    assert "import-cr" in reply.json()["detail"]
    assert "import-rulings" in client.get("/v1/citations/leonin-arbiter%231").json()["detail"]
