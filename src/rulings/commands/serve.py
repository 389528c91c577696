"""`rulings serve`: the HTTP JSON service (see rulings.service.http and docs/chatbots.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rulings.commands.options import count, port, positive_count, seconds

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "serve", help="serve rulings over HTTP (JSON; POST /v1/ask)",
        description="Serve rulings as a JSON web service: POST /v1/ask, POST /v1/check, "
        "GET /v1/cr/{number}, GET /v1/cards/{name}, GET /v1/health, GET /v1/schema/situation; "
        "the OpenAPI description is at /openapi.json and browsable at /docs. It listens on "
        "the loopback interface unless --host says otherwise; it has no authentication.",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    p.add_argument("--max-body", type=positive_count, default=256 * 1024, metavar="BYTES",
                   help="largest request body accepted (default 262144); larger: 413")
    p.add_argument("--timeout", type=seconds, default=10.0, metavar="SECONDS",
                   help="time bound of a whole request (default 10); the engine stops "
                   "earlier (at most 0.8 of it) and answers with complete=false")
    p.add_argument("--concurrency", type=positive_count, default=64, metavar="N",
                   help="questions admitted at once, running or queued (default 64); more "
                   "get 503 with Retry-After")
    p.add_argument("--threads", type=count, default=0, metavar="N",
                   help="engine worker threads per process (default 1: the engine is pure "
                   "Python, so more threads share one core; use --workers for more cores)")
    p.add_argument("--header-timeout", type=seconds, default=5.0, metavar="SECONDS",
                   help="time a connection has to send a request's head (default 5); slow "
                   "or idle connections are closed")
    p.add_argument("--workers", type=positive_count, default=1, metavar="N",
                   help="server processes (default 1); each has its own threads and limits")
    p.add_argument("--max-firings", type=count, default=None, metavar="N",
                   help="bound on rule firings per question (requests may lower it)")
    p.add_argument("--max-seconds", type=seconds, default=None, metavar="SECONDS",
                   help="engine time bound per question (default 5, requests may lower it)")
    p.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level (info logs each request)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from rulings.service.http import ServiceConfig, serve
    except ImportError as exc:
        print(f"rulings serve: {exc.name or exc} is not installed → pip install "
              "'mtg-rulings[serve]'", file=sys.stderr)
        return 2
    # the numbers were checked as they were parsed (rulings.commands.options)
    fields: dict[str, Any] = {"max_body": args.max_body, "timeout": args.timeout,
                              "header_timeout": args.header_timeout,
                              "concurrency": args.concurrency, "threads": args.threads}
    if args.max_firings is not None:
        fields["max_firings"] = args.max_firings
    if args.max_seconds is not None:
        fields["max_seconds"] = args.max_seconds
    if args.host not in LOOPBACK:
        print(f"rulings serve: listening on {args.host}, reachable from other machines; the "
              "service has no authentication", file=sys.stderr)
    serve(args.host, args.port, ServiceConfig(**fields), workers=args.workers,
          log_level=args.log_level)
    return 0
