"""`rulings mcp`: a Model Context Protocol server over stdio (see rulings.service.mcp_server
and docs/chatbots.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rulings.commands.options import positive_count


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "mcp", help="serve rulings to a language model (Model Context Protocol, stdio)",
        description="Run a Model Context Protocol server on stdin/stdout with the tools "
        "ask_ruling, situation_schema, example_situation, lookup_rule and lookup_card. "
        "Configure your MCP client to start `rulings mcp`.",
    )
    p.add_argument("--threads", type=positive_count, default=4, metavar="N",
                   help="tool calls answered at once (default 4)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.threads < 1:
        print("rulings mcp: --threads must be at least 1", file=sys.stderr)
        return 2
    try:
        from rulings.service import mcp_server
    except ImportError as exc:
        print(f"rulings mcp: the MCP SDK (mcp>=2) is needed ({exc}) → pip install "
              "'mtg-rulings[serve]'", file=sys.stderr)
        return 2
    mcp_server.run(args.threads)
    return 0
