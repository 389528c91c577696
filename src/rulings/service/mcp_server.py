"""The Model Context Protocol door (`rulings mcp`): the rulings as tools for a language model,
over stdio, with the official `mcp` SDK (2.x, its low-level Server, so that each tool's input
and output schemas are exactly ours).

Tools:
    ask_ruling         situation -> answer (the JSON of `rulings ask --json`)
    situation_schema   the situation JSON Schema, a complete example and a short guide
    example_situation  a complete example situation and its answer
    lookup_rule        CR number -> the rule's text (imported Comprehensive Rules)
    lookup_card        card name -> the knowledge base's definition + official rulings

Input problems come back as a tool error (is_error) listing every problem with its fix, so the
model can correct the situation and call again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

from rulings import __version__
from rulings.service import core
from rulings.service.core import Limits, ServiceError

NAME = "mtg-rulings"
log = logging.getLogger("rulings.service.mcp")

INSTRUCTIONS = (
    "Answers Magic: The Gathering rules questions with explained, cited rulings. Turn the "
    "player's question into a situation (the game state now and the one event asked about), "
    "call ask_ruling, and answer from the rulings' text, citing their `cites` (CR rule numbers "
    "and official rulings like 'card-slug#n'); the justification tree says why. Call "
    "situation_schema or example_situation first if unsure how to write a situation, and "
    "lookup_card to see how a card is known (its ability ids). If ask_ruling reports "
    "problems, fix each as its `fix` says and call again. Never invent a ruling the answer "
    "does not contain: if no ruling applies, say so."
)

ASK_DESCRIPTION = (
    "Rule on a Magic: The Gathering situation. Returns the answer: `rulings`, each with "
    "`text` (the ruling in one sentence), `because`, `cites` and a `justification` tree; "
    "`complete` is false if the run hit its bound or if a part no rule reads could change "
    "the answer; `not_modelled` lists the words of the situation no rule reads (say so "
    "rather than guess).\n\n" + core.GUIDE + "\n"
    "Example: " + json.dumps(core.EXAMPLE_SITUATION, ensure_ascii=False)
)

def _shallow_situation_schema() -> dict[str, Any]:
    """The situation's top-level keys with their descriptions: enough structure for a model
    without the whole vocabulary (which situation_schema gives)."""
    from rulings.facts.schema import situation_schema

    full = situation_schema()
    properties = {}
    for key, schema in full["properties"].items():
        shallow: dict[str, Any] = {"description": schema.get("description", "")}
        if "type" in schema:
            shallow["type"] = schema["type"]
        elif "$ref" in schema:
            shallow["type"] = "object"
        properties[key] = shallow
    return {
        "type": "object",
        "description": "the situation; call situation_schema for every word and its keys",
        "properties": properties,
        "required": full["required"],
    }


def tool_list() -> list[types.Tool]:
    from rulings.facts.schema import answer_schema

    read_only = types.ToolAnnotations(read_only_hint=True, idempotent_hint=True,
                                      open_world_hint=False)
    no_args: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}
    return [
        types.Tool(
            name="ask_ruling", title="Ask for a ruling", description=ASK_DESCRIPTION,
            input_schema={
                "type": "object",
                "properties": {
                    "situation": _shallow_situation_schema(),
                    "limits": {
                        "type": "object",
                        "description": "optional: lower the run's bounds",
                        "properties": {"max_firings": {"type": "integer", "minimum": 0},
                                       "max_seconds": {"type": "number",
                                                       "exclusiveMinimum": 0}},
                        "additionalProperties": False,
                    },
                },
                "required": ["situation"],
                "additionalProperties": False,
            },
            output_schema=answer_schema(), annotations=read_only,
        ),
        types.Tool(
            name="situation_schema", title="How to write a situation",
            description="The JSON Schema of a situation (every event, ability and effect word "
                        "with its keys), a complete example situation, and a short guide.",
            input_schema=no_args, annotations=read_only,
        ),
        types.Tool(
            name="example_situation", title="An example situation",
            description="A complete example situation (a known card, a card described inline "
                        "with define:, the turn, an activate event) and the answer to it.",
            input_schema=no_args, annotations=read_only,
        ),
        types.Tool(
            name="lookup_rule", title="Look up a rule",
            description="The text of a Comprehensive Rules rule and its subrules, by number "
                        "(like 701.23b, 701.23 or 'CR 602.2'), to quote what a ruling cites.",
            input_schema={"type": "object", "properties": {"number": {
                "type": "string", "description": "a rule number, like 602.2 or 701.23b"}},
                "required": ["number"], "additionalProperties": False},
            annotations=read_only,
        ),
        types.Tool(
            name="lookup_card", title="Look up a card",
            description="What is known of a card: its definition in the knowledge base (the "
                        "ids of its abilities, '<slug>.<n>', and the fields define: takes) and "
                        "its official text and rulings when imported. A card the knowledge "
                        "base doesn't know can still be used: describe it with define:.",
            input_schema={"type": "object", "properties": {"name": {
                "type": "string", "description": "the card's name, like Llanowar Elves"}},
                "required": ["name"], "additionalProperties": False},
            annotations=read_only,
        ),
    ]


# -- tool bodies (run in worker threads) ----------------------------------------------------

def ask_ruling(arguments: dict[str, Any]) -> dict[str, Any]:
    if "situation" not in arguments:
        raise ServiceError(422, "invalid-input", "No situation",
                           "call ask_ruling with {\"situation\": {…}}; see situation_schema")
    situation = arguments["situation"]
    if isinstance(situation, str):  # some models send nested objects as JSON text
        kind = "application/json" if situation.lstrip().startswith("{") else "application/yaml"
        situation = core.parse_body(situation.encode(), kind).data
    envelope = {"situation": situation}
    if arguments.get("limits") is not None:
        envelope["limits"] = arguments["limits"]
    extra = sorted(set(arguments) - {"situation", "limits"})
    if extra:
        raise ServiceError(422, "invalid-input", "Unknown arguments",
                           f"ask_ruling takes situation and limits, not {', '.join(extra)}")
    request = core.situation_request(core.from_value(envelope), Limits())
    return core.ask_situation(request)


def schema_tool(_: dict[str, Any]) -> dict[str, Any]:
    from rulings.facts.schema import situation_schema

    return {"schema": situation_schema(), "example": core.example_situation(),
            "guide": core.GUIDE}


def example_tool(_: dict[str, Any]) -> dict[str, Any]:
    situation = core.example_situation()
    answer = core.ask_situation(core.situation_request(core.from_value(situation), Limits()))
    return {"situation": situation, "answer": answer}


def rule_tool(arguments: dict[str, Any]) -> dict[str, Any]:
    number = arguments.get("number")
    if not isinstance(number, str) or not number.strip():
        raise ServiceError(422, "invalid-input", "No rule number",
                           "give number, like \"602.2\"")
    return core.rule_entry(number)


def card_tool(arguments: dict[str, Any]) -> dict[str, Any]:
    name = arguments.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ServiceError(422, "invalid-input", "No card name", "give name, like \"Forest\"")
    return core.card_entry(name)


BODIES: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "ask_ruling": ask_ruling,
    "situation_schema": schema_tool,
    "example_situation": example_tool,
    "lookup_rule": rule_tool,
    "lookup_card": card_tool,
}


def error_text(error: ServiceError) -> str:
    lines = [f"{error.title}: {error.detail}" if error.detail else error.title]
    for e in error.errors:
        where = e.get("location") or (f"line {e['line']}" if e.get("line") else "")
        lines.append(f"- {where + ': ' if where else ''}{e['problem']}"
                     + (f" → {e['fix']}" if e.get("fix") else ""))
    return "\n".join(lines)


def call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
    """One tool call, synchronously (the server runs it in a worker thread)."""
    body = BODIES.get(name)
    if body is None:
        return types.CallToolResult(
            content=[types.TextContent(text=f"unknown tool '{name}'; tools: "
                                            + ", ".join(BODIES))], is_error=True)
    try:
        result = body(arguments)
    except ServiceError as error:
        return types.CallToolResult(
            content=[types.TextContent(text=error_text(error))],
            structured_content=error.problem(), is_error=True)
    except Exception as exc:  # a bug: say so, and keep serving
        log.exception("tool %s failed", name)
        return types.CallToolResult(
            content=[types.TextContent(text=f"internal error in {name}: {exc!r}")],
            is_error=True)
    text = json.dumps(result, indent=1, ensure_ascii=False)
    return types.CallToolResult(content=[types.TextContent(text=text)],
                                structured_content=result)


def build_server(threads: int = 4) -> Server[Any]:
    limiter = anyio.CapacityLimiter(threads)
    tools = tool_list()

    async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = dict(params.arguments or {})
        return await anyio.to_thread.run_sync(call, params.name, arguments, limiter=limiter)

    return Server(NAME, version=__version__, title="MTG rulings",
                  description="Explained, cited Magic: The Gathering rulings",
                  instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call_tool)


async def serve_stdio(threads: int = 4) -> None:
    server = build_server(threads)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def run(threads: int = 4) -> None:
    anyio.run(serve_stdio, threads)


__all__ = ["build_server", "call", "run", "serve_stdio", "tool_list"]
