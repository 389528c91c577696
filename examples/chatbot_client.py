"""A judge chatbot's round trip through each door of mtg-rulings (docs/chatbots.md).

    python examples/chatbot_client.py                          # Python, in this process
    python examples/chatbot_client.py --http http://127.0.0.1:8000   # a running `rulings serve`
    python examples/chatbot_client.py --mcp                    # starts `rulings mcp` itself

The "language model" part (question -> situation) is written out by hand here: it is the
situation a model would produce for the player's question.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

QUESTION = ("I just cast Elvish Mystic this turn. My Forest is already tapped. "
            "Can I tap the Mystic for mana right away?")

SITUATION: dict[str, Any] = {
    "question": "Alice cast Elvish Mystic this turn. Can she tap it for mana right away?",
    "players": ["Alice", "Bob"],
    "turn": {"active": "Alice", "step": "precombat main"},
    "battlefield": [
        {"card": "Forest", "controller": "Alice", "tapped": True},
        {"id": "mystic", "controller": "Alice", "since_turn_began": False,
         "define": {"name": "Elvish Mystic", "mana_cost": "{G}", "types": ["creature"],
                    "subtypes": ["elf", "druid"],
                    "abilities": [{"activated": {"cost": ["tap"],
                                                 "do": [{"add_mana": {"mana": "G"}}]}}]}},
    ],
    "event": {"activate": {"ability": "mystic.1"}},
}


def ask_python(situation: dict[str, Any]) -> dict[str, Any]:
    from rulings import InputError, ask

    try:
        return ask(situation)
    except InputError as error:
        sys.exit("\n".join(f"{p.what} → {p.fix}" for p in error.problems))


def ask_http(url: str, situation: dict[str, Any]) -> dict[str, Any]:
    import httpx

    response = httpx.post(f"{url.rstrip('/')}/v1/ask", json=situation, timeout=60)
    if response.headers.get("content-type", "").startswith("application/problem+json"):
        problem = response.json()
        lines = [f"{problem['title']}: {problem.get('detail', '')}"]
        lines += [f"  {e.get('location', '')}: {e['problem']} → {e['fix']}"
                  for e in problem.get("errors", [])]
        sys.exit("\n".join(lines))
    answer: dict[str, Any] = response.json()
    return answer


def ask_mcp(situation: dict[str, Any]) -> dict[str, Any]:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def run() -> dict[str, Any]:
        params = StdioServerParameters(command=sys.executable, args=["-m", "rulings.cli", "mcp"])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("ask_ruling", {"situation": situation})
                if result.is_error:
                    sys.exit(result.content[0].text)
                answer: dict[str, Any] = result.structured_content
                return answer

    return asyncio.run(run())


def reply(answer: dict[str, Any]) -> str:
    """The chatbot's reply: each ruling, its reason and citations; never more than the
    answer says."""
    if not answer["rulings"]:
        return "I can't rule on that: no rule I know applies to this situation."
    lines = []
    for ruling in answer["rulings"]:
        lines.append(f"{ruling['text']} {ruling['because']}")
        if ruling["cites"]:
            lines.append(f"  (see {', '.join(ruling['cites'])})")
        for reason in _absent(ruling["justification"]):
            lines.append(f"  It matters that: {reason}")
    if not answer["complete"]:
        lines.append("(I could not finish working this out: the answer may be incomplete.)")
    return "\n".join(lines)


def _absent(node: dict[str, Any]) -> list[str]:
    found = list(node.get("absent", []))
    for child in node.get("from", []):
        found.extend(_absent(child))
    return list(dict.fromkeys(found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    door = parser.add_mutually_exclusive_group()
    door.add_argument("--http", metavar="URL", help="ask a running `rulings serve`")
    door.add_argument("--mcp", action="store_true", help="ask through `rulings mcp`")
    parser.add_argument("--json", action="store_true", help="print the whole answer")
    args = parser.parse_args()
    if args.http:
        answer = ask_http(args.http, SITUATION)
    elif args.mcp:
        answer = ask_mcp(SITUATION)
    else:
        answer = ask_python(SITUATION)
    print(f"Player: {QUESTION}\n")
    print(json.dumps(answer, indent=2) if args.json else f"Judge bot: {reply(answer)}")


if __name__ == "__main__":
    main()
