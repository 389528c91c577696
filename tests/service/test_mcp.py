"""The MCP door, end to end: the real `rulings mcp` process, driven by the SDK's stdio client."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="the MCP SDK (mtg-rulings[serve]) is not installed")
jsonschema = pytest.importorskip("jsonschema")

from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from rulings.api import ask  # noqa: E402
from rulings.facts import located  # noqa: E402
from rulings.facts.schema import answer_schema, situation_schema  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FOREST = HERE / "forest.yaml"
TOOLS = {"ask_ruling", "situation_schema", "example_situation", "lookup_rule", "lookup_card"}


def situation_of(path: Path) -> Any:
    return json.loads(json.dumps(located.read(path)))


def with_session(body: Callable[[ClientSession], Awaitable[Any]],
                 data_dir: str | None = None) -> Any:
    """Start `rulings mcp`, run `body` with an initialised session, always stop the process."""
    async def main() -> Any:
        with tempfile.TemporaryDirectory(prefix="rulings-mcp-test-") as tmp:
            params = StdioServerParameters(
                command=sys.executable, args=["-m", "rulings.cli", "mcp"], cwd=str(REPO),
                env={"RULINGS_DATA_DIR": data_dir or str(Path(tmp) / "no-data")},
            )
            async with stdio_client(params) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=300) as session:
                    await session.initialize()
                    return await body(session)

    return asyncio.run(asyncio.wait_for(main(), timeout=600))


def text_of(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def test_tools_and_calls() -> None:
    async def body(session: ClientSession) -> dict[str, Any]:
        out: dict[str, Any] = {}
        listed = await session.list_tools()
        out["tools"] = {t.name: t for t in listed.tools}
        out["ask"] = await session.call_tool(
            "ask_ruling", {"situation": situation_of(FOREST)})
        out["as text"] = await session.call_tool(
            "ask_ruling", {"situation": json.dumps(situation_of(FOREST))})
        bad = situation_of(FOREST)
        bad["battlefield"][0]["card"] = "Forrest"
        out["bad"] = await session.call_tool("ask_ruling", {"situation": bad})
        out["bound"] = await session.call_tool(
            "ask_ruling", {"situation": situation_of(FOREST), "limits": {"max_firings": 0}})
        out["schema"] = await session.call_tool("situation_schema", {})
        out["example"] = await session.call_tool("example_situation", {})
        out["rule"] = await session.call_tool("lookup_rule", {"number": "602.2"})
        out["card"] = await session.call_tool("lookup_card", {"name": "Forest"})
        out["no card"] = await session.call_tool("lookup_card", {"name": "No Such Card Here"})
        return out

    out = with_session(body)
    tools = out["tools"]
    assert set(tools) == TOOLS
    teaching = tools["ask_ruling"].description or ""
    for lesson in ("controller", "define", "<object-id>.<n>", "event"):
        assert lesson in teaching
    assert tools["ask_ruling"].output_schema == answer_schema()

    ask_result = out["ask"]
    assert not ask_result.is_error, text_of(ask_result)
    expected = ask(situation_of(FOREST))
    assert ask_result.structured_content == expected
    assert json.loads(text_of(ask_result)) == expected
    assert out["as text"].structured_content == expected

    bad = out["bad"]
    assert bad.is_error
    assert "/situation/battlefield/0/card" in text_of(bad)
    assert "did you mean 'Forest'" in text_of(bad)

    bound = out["bound"].structured_content
    assert bound["complete"] is False
    assert bound["rulings"][-1]["id"] == "engine.could-not-decide"

    schema = out["schema"].structured_content
    assert schema["schema"] == situation_schema()
    jsonschema.validate(schema["example"], situation_schema())

    example = out["example"].structured_content
    jsonschema.validate(example["situation"], situation_schema())
    jsonschema.validate(example["answer"], answer_schema())
    assert example["answer"] == ask(example["situation"])

    assert out["rule"].is_error and "import-cr" in text_of(out["rule"])

    card = out["card"].structured_content
    assert card["known"] and card["abilities"][0]["id"] == "forest.1"
    assert out["no card"].is_error and "define" in text_of(out["no card"])


def test_lookup_rule_with_imported_rules(cr_data_dir: Path) -> None:
    async def body(session: ClientSession) -> Any:
        return (await session.call_tool("lookup_rule", {"number": "CR 701.23"}),
                await session.call_tool("lookup_rule", {"number": "702.99"}))

    found, missing = with_session(body, data_dir=str(cr_data_dir))
    assert not found.is_error, text_of(found)
    assert found.structured_content["number"] == "701.23"
    assert found.structured_content["subrules"]
    assert missing.is_error


def test_hostile_inputs_are_tool_errors_not_internal_errors() -> None:
    """A 300-character card name, deep nesting and a YAML tag: each a clear tool error."""
    long_name = {"players": ["Alice"], "battlefield": [{"card": "A" * 300,
                                                        "controller": "Alice"}],
                 "event": {"activate": {"ability": "a.1"}}}

    async def body(session: ClientSession) -> list[Any]:
        return [await session.call_tool("ask_ruling", {"situation": long_name}),
                await session.call_tool("lookup_card", {"name": "B" * 300}),
                await session.call_tool("ask_ruling", {"situation": "[" * 3000 + "]" * 3000}),
                await session.call_tool("ask_ruling",
                                        {"situation": "players: !!python/object:os.system x"})]

    for result in with_session(body):
        assert result.is_error
        text = text_of(result).lower()
        assert "internal" not in text and "traceback" not in text, text[:300]
