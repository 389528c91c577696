"""The HTTP door, end to end: the real `rulings serve` process, spoken to with httpx."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
jsonschema = pytest.importorskip("jsonschema")

from rulings.api import ask  # noqa: E402
from rulings.facts import located  # noqa: E402
from rulings.facts.schema import answer_schema, situation_schema  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
SITUATIONS = sorted((REPO / "examples").glob("*.yaml")) + [HERE / "forest.yaml"]
FOREST = HERE / "forest.yaml"
PROBLEM = "application/problem+json"


def situation_of(path: Path) -> Any:
    """The data `rulings ask FILE` reads from the file, as plain JSON values."""
    return json.loads(json.dumps(located.read(path)))


def cli_answer(path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "rulings.cli", "ask", "--json", str(path)],
                          capture_output=True, text=True, timeout=300, cwd=str(REPO))
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)


def normal(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def heavy_situation(forests: int = 150) -> dict[str, Any]:
    """A situation slow to answer (many objects), for the gate and the timeout."""
    return {"players": ["Alice", "Bob"],
            "battlefield": [{"card": "Forest", "controller": "Alice"}] * forests,
            "event": {"activate": {"ability": "forest.1"}}}


def assert_problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status
    assert body["title"] and body["type"]
    return body


@pytest.fixture(scope="module")
def client(server: str) -> Any:
    with httpx.Client(base_url=server, timeout=120) as c:
        yield c


def test_health(client: Any) -> None:
    body = client.get("/v1/health").json()
    assert body["status"] == "ok"
    assert body["answer_schema"] == "mtg-rulings/answer/1"
    assert body["limits"]["max_body"] == 256 * 1024


@pytest.mark.parametrize("path", SITUATIONS, ids=lambda p: p.name)
def test_ask_is_rulings_ask_json(client: Any, path: Path) -> None:
    """Named as the file, the service's answer is byte for byte the command's."""
    response = client.post("/v1/ask", json={"situation": situation_of(path), "name": path.name})
    assert response.status_code == 200, response.text
    assert normal(response.json()) == normal(cli_answer(path))
    jsonschema.validate(response.json(), answer_schema())


def test_bare_situation_is_api_ask(client: Any) -> None:
    data = situation_of(FOREST)
    response = client.post("/v1/ask", json=data)
    assert response.status_code == 200
    assert normal(response.json()) == normal(ask(data))
    assert response.json()["situation"] == "<situation>"


def test_yaml_body(client: Any) -> None:
    response = client.post("/v1/ask", content=FOREST.read_bytes(),
                           headers={"content-type": "application/yaml"})
    assert response.status_code == 200, response.text
    assert normal(response.json()) == normal(ask(situation_of(FOREST)))


def test_malformed_json(client: Any) -> None:
    response = client.post("/v1/ask", content=b'{"players": ["Alice"',
                           headers={"content-type": "application/json"})
    body = assert_problem(response, 400)
    assert "JSON" in body["title"]
    assert body["errors"][0]["line"] == 1


@pytest.mark.parametrize("body", [b"", b"\xff\xfe\x00", b"NaN", b"[1, 2]", b'"text"'])
def test_not_a_situation(client: Any, body: bytes) -> None:
    response = client.post("/v1/ask", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (400, 422)
    assert_problem(response, response.status_code)


def test_unknown_key_gets_errors_and_nearest_key(client: Any) -> None:
    data = situation_of(FOREST)
    data["battlefeld"] = data.pop("battlefield")
    body = assert_problem(client.post("/v1/ask", json=data), 422)
    unknown = [e for e in body["errors"] if "battlefeld" in e["problem"]]
    assert unknown, body
    assert "battlefield" in unknown[0]["fix"]
    assert unknown[0]["location"] == "/battlefeld"
    assert set(unknown[0]) >= {"file", "line", "problem", "fix"}


def test_problem_locations_point_into_the_request(client: Any) -> None:
    data = situation_of(FOREST)
    data["battlefield"][0]["card"] = "Forrest"
    body = assert_problem(client.post("/v1/ask", json={"situation": data}), 422)
    card = [e for e in body["errors"] if "Forrest" in e["problem"]]
    assert card and card[0]["location"] == "/situation/battlefield/0/card"
    assert "Forest" in card[0]["fix"]
    # a pretty-printed body keeps its own line numbers
    pretty = json.dumps(data, indent=2).encode()
    body = assert_problem(client.post("/v1/ask", content=pretty), 422)
    card = [e for e in body["errors"] if "Forrest" in e["problem"]][0]
    assert pretty.decode().split("\n")[card["line"] - 1].strip().startswith('"card"')


def test_bad_envelope(client: Any) -> None:
    body = assert_problem(client.post("/v1/ask", json={
        "situation": situation_of(FOREST), "limits": {"max_firing": 3, "max_seconds": -1}}), 422)
    problems = " ".join(e["problem"] + " " + e["fix"] for e in body["errors"])
    assert "max_firings" in problems and "max_seconds" in problems
    assert {e.get("location") for e in body["errors"]} >= {"/limits/max_firing"}


def test_oversized_body(client: Any) -> None:
    data = situation_of(FOREST)
    data["question"] = "x" * (300 * 1024)
    assert_problem(client.post("/v1/ask", json=data), 413)
    assert client.get("/v1/health").json()["status"] == "ok"
    assert client.post("/v1/ask", json=situation_of(FOREST)).status_code == 200


def test_run_bound(client: Any) -> None:
    response = client.post("/v1/ask", json={"situation": situation_of(FOREST),
                                            "limits": {"max_firings": 0}})
    assert response.status_code == 200
    answer = response.json()
    assert answer["complete"] is False
    assert answer["rulings"][-1]["id"] == "engine.could-not-decide"
    jsonschema.validate(answer, answer_schema())


def test_check_case(client: Any) -> None:
    data = situation_of(FOREST)
    answer = ask(data)
    if not answer["rulings"]:
        pytest.skip("the knowledge base rules on nothing in this situation yet")
    first = answer["rulings"][0]
    case = {"case": "a ruling the service gives", "covers": first["cites"],
            "situation": data, "expect": [{"id": first["id"], "verdict":
                                           first["statement"]["verdict"]}]}
    verdict = client.post("/v1/check", json=case).json()
    assert verdict["status"] == "passed", verdict
    assert verdict["covers"] == first["cites"] and verdict["near_miss"] is False
    assert verdict["differences"] == []
    assert normal(verdict["answer"]) == normal({**answer, "situation": "<case>"})

    case["expect_not"] = [{"id": first["id"]}]
    verdict = client.post("/v1/check", json=case).json()
    assert verdict["status"] == "failed"
    assert any(first["id"] in d for d in verdict["differences"])


def test_check_bad_case(client: Any) -> None:
    body = assert_problem(client.post("/v1/check", json={
        "case": "typo", "situation": situation_of(FOREST), "expekt": []}), 422)
    assert any("expect" in e["fix"] for e in body["errors"]), body
    data = situation_of(FOREST)
    data["battlefield"][0]["controller"] = "Carol"
    body = assert_problem(client.post("/v1/check", json={"case": "bad", "situation": data}),
                          422)
    carol = [e for e in body["errors"] if "Carol" in e["problem"]]
    assert carol and carol[0]["location"].startswith("/situation/battlefield/0"), body


def test_rules_not_imported(client: Any) -> None:
    body = assert_problem(client.get("/v1/cr/602.2"), 503)
    assert "import-cr" in body.get("detail", "")
    assert_problem(client.get("/v1/cr/not-a-rule"), 400)


def test_rules_lookup(start_server: Any, cr_data_dir: Path) -> None:
    with start_server(env={"RULINGS_DATA_DIR": str(cr_data_dir)}) as url:
        found = httpx.get(f"{url}/v1/cr/701.23", timeout=60)
        assert found.status_code == 200, found.text
        rule = found.json()
        assert rule["number"] == "701.23" and rule["cite"] == "CR 701.23"
        assert [r["number"] for r in rule["subrules"]][:2] == ["701.23a", "701.23b"]
        assert httpx.get(f"{url}/v1/cr/CR%20701.23a", timeout=60).json()["number"] == "701.23a"
        assert_problem(httpx.get(f"{url}/v1/cr/702.99", timeout=60), 404)


def test_cards(client: Any) -> None:
    card = client.get("/v1/cards/Forest").json()
    assert card["known"] is True and card["slug"] == "forest"
    assert card["abilities"][0]["id"] == "forest.1"
    assert card["definition"]["name"] == "Forest"
    assert card["official"]["imported"] is False
    schema = situation_schema()
    jsonschema.validate(card["definition"], {"$ref": "#/$defs/card", "$defs": schema["$defs"]})
    body = assert_problem(client.get("/v1/cards/No Such Card Anywhere"), 404)
    assert "define" in body["detail"]


def test_schemas_and_openapi(client: Any) -> None:
    assert client.get("/v1/schema/situation").json() == situation_schema()
    assert client.get("/v1/schema/answer").json() == answer_schema()
    example = client.get("/v1/example").json()
    jsonschema.validate(example, situation_schema())
    assert client.post("/v1/ask", json=example).status_code == 200
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert {"Situation", "Answer", "Problem", "AskRequest", "Situation.event"} <= set(schemas)
    assert set(spec["paths"]) >= {"/v1/ask", "/v1/check", "/v1/cr/{number}",
                                  "/v1/cards/{name}", "/v1/health", "/v1/schema/situation"}
    refs = {m for m in _refs(spec)}
    missing = {r for r in refs if r.split("/")[-1] not in schemas}
    assert not missing


def _refs(value: Any) -> Any:
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "$ref":
                yield v
            else:
                yield from _refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from _refs(v)


def test_unknown_route_and_method(client: Any) -> None:
    assert_problem(client.get("/v1/nothing-here"), 404)
    assert_problem(client.get("/v1/ask"), 405)


def test_fifty_concurrent_requests(server: str) -> None:
    """50 questions at once: no error, every answer that of `rulings ask --json`."""
    paths = SITUATIONS
    expected = {p.name: normal(cli_answer(p)) for p in paths}

    async def one(c: Any, path: Path) -> tuple[str, int, str]:
        r = await c.post("/v1/ask", json={"situation": situation_of(path), "name": path.name})
        return path.name, r.status_code, normal(r.json())

    async def all_at_once() -> list[tuple[str, int, str]]:
        limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
        async with httpx.AsyncClient(base_url=server, timeout=300, limits=limits) as c:
            return await asyncio.gather(*(one(c, paths[i % len(paths)]) for i in range(50)))

    results = asyncio.run(all_at_once())
    assert len(results) == 50
    for name, status, body in results:
        assert status == 200, body
        assert body == expected[name]


def test_busy_gate(start_server: Any) -> None:
    """Past --concurrency, a question gets 503 with Retry-After; the service keeps serving."""
    with start_server("--concurrency", "1", "--threads", "1", "--timeout", "300") as url:
        with httpx.Client(base_url=url, timeout=300) as c:
            async def scenario() -> tuple[Any, Any, bool]:
                async with httpx.AsyncClient(base_url=url, timeout=300) as ac:
                    heavy = asyncio.create_task(ac.post("/v1/ask", json=heavy_situation()))
                    seen_busy = False
                    while not heavy.done():
                        if (await ac.get("/v1/health")).json()["busy"] >= 1:
                            seen_busy = True
                            break
                        await asyncio.sleep(0.02)
                    light = await ac.post("/v1/ask", json=situation_of(FOREST)) \
                        if seen_busy and not heavy.done() else None
                    return await heavy, light, seen_busy

            heavy, light, seen_busy = asyncio.run(scenario())
            assert heavy.status_code == 200
            if light is None:
                pytest.skip("the heavy question was answered before the gate could be seen")
            body = assert_problem(light, 503)
            assert body["type"].endswith(":busy")
            assert int(light.headers["retry-after"]) >= 1
            assert c.post("/v1/ask", json=situation_of(FOREST)).status_code == 200


def test_request_timeout(start_server: Any) -> None:
    """Past --timeout, a 503 problem; the service keeps serving."""
    with start_server("--timeout", "1", "--threads", "2") as url:
        with httpx.Client(base_url=url, timeout=300) as c:
            started = time.monotonic()
            response = c.post("/v1/ask", json=heavy_situation())
            if response.status_code == 200:
                pytest.skip("the heavy question was answered within the 1 s timeout")
            assert time.monotonic() - started < 30
            body = assert_problem(response, 503)
            assert body["type"].endswith(":timeout")
            assert "retry-after" in response.headers
            assert c.get("/v1/health").json()["status"] == "ok"
            deadline = time.monotonic() + 300
            while c.get("/v1/health").json()["busy"] and time.monotonic() < deadline:
                time.sleep(0.1)  # the stopped request's work ends in its thread
            assert c.get("/v1/health").json()["busy"] == 0
            # still serving: a light question is answered (a loaded machine may need a
            # retry within the 1 s timeout while this thread builds its engine)
            codes = []
            for _ in range(5):
                codes.append(c.post("/v1/ask", json=situation_of(FOREST)).status_code)
                if codes[-1] == 200:
                    break
            assert codes[-1] == 200, codes
