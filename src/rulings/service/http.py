"""The HTTP door (`rulings serve`): a JSON service over FastAPI and uvicorn.

    POST /v1/ask              situation (or {"situation", "limits", "name"}) -> answer
    POST /v1/check            case object -> verdict {status, differences, covers, …, answer}
    GET  /v1/cr/{number}      a rule of the imported Comprehensive Rules, with its subrules
    GET  /v1/cards/{name}     the knowledge base's definition + imported official rulings
    GET  /v1/cards?prefix=…   card names for completion (prefix, word, fuzzy matches)
    GET  /v1/citations/{cite} the imported text of "CR 602.2b" or "leonin-arbiter#4"
    GET  /                    the judges' page (rulings.service.page; docs/page.md)
    GET  /v1/health           liveness and load
    GET  /v1/schema/situation the situation JSON Schema (also /v1/schema/answer, /v1/example)
    GET  /openapi.json        the OpenAPI description, with both schemas

Errors are RFC 9457 problem details (application/problem+json). Protections, each leaving the
service serving: a body-size cap (413), a time bound per request (the engine's own bound gives
an answer with complete=false; past the request timeout, 503), and an admission gate (more
questions at once than --concurrency: 503 with Retry-After). The engine runs in a pool of
worker threads, each with its own engine instance (never shared between threads).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict, dataclass
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from rulings import __version__
from rulings.service import core
from rulings.service.core import Limits, ServiceError

log = logging.getLogger("rulings.service")

PROBLEM_JSON = "application/problem+json"
CONFIG_ENV = "RULINGS_SERVE_CONFIG"


@dataclass(frozen=True)
class ServiceConfig:
    #: largest request body accepted, in bytes
    max_body: int = 256 * 1024
    #: seconds a request may take in all (reading, waiting for a thread, the engine)
    timeout: float = 10.0
    #: questions (ask/check) admitted at once, running or waiting for an engine thread
    concurrency: int = 64
    #: engine worker threads (each has its own engine); 0: one. The engine is pure Python, so
    #: a second thread in the same process only fights the first for the interpreter lock
    #: (measured: half the throughput under load); use worker processes for more cores
    threads: int = 0
    #: seconds a connection may take to send a request's head (its request line and
    #: headers), counted from its start or from the end of its previous response: slow or
    #: idle clients are cut, so they can't hold the service
    header_timeout: float = 5.0
    #: the engine's own bounds; requests may lower them, never raise them
    max_firings: int = core.DEFAULT_MAX_FIRINGS
    max_seconds: float = 0.0

    def engine_threads(self) -> int:
        return self.threads or 1

    def ceiling(self) -> Limits:
        """The engine's time bound stays under the request timeout, so that a slow question
        ends as an answer with complete=false rather than as a timeout."""
        seconds = self.max_seconds or core.DEFAULT_MAX_SECONDS
        return Limits(self.max_firings, max(0.01, min(seconds, 0.8 * self.timeout)))

    def to_env(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> ServiceConfig:
        raw = os.environ.get(CONFIG_ENV)
        return cls(**json.loads(raw)) if raw else cls()


class Gate:
    """Admission control: at most `size` questions inside the service at once. Used from the
    event loop only; a question leaves when its worker thread is done with it (not when its
    request gives up), so work that outlives a timeout still counts."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0

    def enter(self) -> bool:
        if self.busy >= self.size:
            return False
        self.busy += 1
        return True

    def leave(self) -> None:
        self.busy -= 1


class Engines:
    """The worker threads that run questions, with the gate in front of them."""

    def __init__(self, config: ServiceConfig) -> None:
        self.config = config
        self.gate = Gate(config.concurrency)
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=config.engine_threads(), thread_name_prefix="rulings-engine",
            initializer=core.warm_up,
        )

    async def run(self, fn: Callable[[], Any], deadline: float) -> Any:
        if not self.gate.enter():
            raise ServiceError(
                503, "busy", "The service is busy",
                f"{self.gate.size} questions are already being answered; retry in a moment",
                headers={"Retry-After": "1"},
            )
        loop = asyncio.get_running_loop()

        def done(_: concurrent.futures.Future[Any]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is counting
                loop.call_soon_threadsafe(self.gate.leave)

        try:
            job = self.pool.submit(fn)
        except RuntimeError:
            self.gate.leave()
            raise ServiceError(503, "shutting-down", "The service is shutting down",
                               "retry against a running service") from None
        job.add_done_callback(done)
        waiting = asyncio.wrap_future(job)
        waiting.add_done_callback(_consume)
        try:
            return await asyncio.wait_for(asyncio.shield(waiting),
                                          max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            job.cancel()  # a question still queued never starts
            raise _timeout(self.config) from None

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _consume(future: asyncio.Future[Any]) -> None:
    """Retrieve the outcome of a job whose request gave up (no 'never retrieved' noise)."""
    if not future.cancelled():
        future.exception()


def _timeout(config: ServiceConfig) -> ServiceError:
    return ServiceError(503, "timeout", "The request took too long",
                        f"it was stopped after {config.timeout:g} seconds; send a smaller "
                        "situation or retry later", headers={"Retry-After": "1"})


def guarded(fn: Callable[[Any], Any], arg: Any) -> Any:
    """`fn(arg)`, any failure but a ServiceError turned into a 500 problem (logged): answered
    like any refusal, so the connection and the service carry on."""
    try:
        return fn(arg)
    except ServiceError:
        raise
    except Exception:
        log.exception("internal error in %s", getattr(fn, "__name__", fn))
        raise ServiceError(500, "internal-error", "Internal error",
                           "the service failed on this request (a bug, logged on the "
                           "server); it keeps serving others") from None


def problem_response(error: ServiceError) -> JSONResponse:
    return JSONResponse(error.problem(), status_code=error.status, media_type=PROBLEM_JSON,
                        headers=error.headers)


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused (413) past `limit` bytes. A declared oversized body is drained (up to
    a cap) first, so that the client can read the refusal instead of a reset connection."""
    declared = request.headers.get("content-length")
    too_large = ServiceError(
        413, "body-too-large", "The request body is too large",
        f"this service accepts at most {limit:,} bytes per request",
    )
    if declared is not None:
        try:
            size = int(declared)
        except ValueError:
            raise ServiceError(400, "malformed-request", "Bad Content-Length",
                               f"'{declared}' is not a number") from None
        if size > limit:
            if size <= max(8 * limit, 4 << 20):
                async for _ in request.stream():
                    pass
            raise too_large
    chunks: list[bytes] = []
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


# -- the application ------------------------------------------------------------------------

def create_app(config: ServiceConfig | None = None) -> FastAPI:
    config = config or ServiceConfig()
    ceiling = config.ceiling()
    engines: dict[str, Engines] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        engines["main"] = Engines(config)
        try:
            yield
        finally:
            engines.pop("main").close()

    app = FastAPI(
        title="mtg-rulings",
        version=__version__,
        summary="Explained, cited Magic: The Gathering rulings from a rule engine.",
        description=_DESCRIPTION,
        lifespan=lifespan,
    )

    async def question(request: Request, work: Callable[[core.Request], Any],
                       envelope: bool) -> JSONResponse:
        deadline = time.monotonic() + config.timeout
        try:
            async with asyncio.timeout(config.timeout):
                body = await read_body(request, config.max_body)
        except TimeoutError:
            raise _timeout(config) from None
        content_type = request.headers.get("content-type", "")

        def job() -> Any:  # in a worker thread: parsing a large body takes time too
            parsed = core.parse_body(body, content_type)
            if envelope:
                parsed = core.situation_request(parsed, ceiling)
            return guarded(work, parsed)

        return JSONResponse(await engines["main"].run(job, deadline))

    @app.post("/v1/ask", summary="Rule on a situation", tags=["questions"],
              openapi_extra=_body_and_responses("AskRequest", "Answer", (400, 413, 422, 503)))
    async def ask(request: Request) -> JSONResponse:
        """The answer to a situation: the same JSON as `rulings ask --json` (schema
        mtg-rulings/answer/1). Send the situation itself, or
        `{"situation": {…}, "limits": {"max_firings": N, "max_seconds": S}, "name": "…"}` to
        lower the run's bounds (an answer that hits a bound has complete=false and ends with
        the ruling engine.could-not-decide) or to name the situation."""
        return await question(request, core.ask_situation, envelope=True)

    @app.post("/v1/check", summary="Run a case", tags=["questions"],
              openapi_extra=_body_and_responses("Case", "Verdict", (400, 413, 422, 503)))
    async def check(request: Request) -> JSONResponse:
        """Run a case object (the format of case files: case, covers, near_miss, situation,
        expect, expect_not, only_expected) and give its verdict with the answer."""
        return await question(request, core.check_case, envelope=False)

    @app.get("/v1/cr/{number}", summary="A rule of the Comprehensive Rules", tags=["lookups"],
             openapi_extra=_responses("Rule", (400, 404, 503)))
    def cr(number: str) -> JSONResponse:
        """A rule of the imported Comprehensive Rules (701.23b, 701.23, "CR 701.23") with its
        subrules. 503 when no rules are imported (run `rulings data import-cr FILE`)."""
        return JSONResponse(guarded(core.rule_entry, number))

    @app.get("/v1/cards/{name:path}", summary="What is known of a card", tags=["lookups"],
             openapi_extra=_responses("Card", (404,)))
    def card(name: str) -> JSONResponse:
        """The knowledge base's definition of a card (the form `define:` takes, and the ids of
        its abilities) plus its official text and rulings when imported."""
        return JSONResponse(guarded(core.card_entry, name))

    # -- the judges' page and the lookups it needs (docs/page.md) --------------------------

    @app.get("/v1/cards", summary="Card names for completion", tags=["lookups"],
             openapi_extra=_responses("CardNames", ()))
    def card_names(prefix: str = "", limit: int = 20) -> JSONResponse:
        """Card names a situation can use (the knowledge base's, and every imported card's)
        matching `prefix`: names starting with it first, then names with a word starting
        with it, names containing it, and fuzzy matches for typing mistakes."""
        from rulings.service.names import card_names

        return JSONResponse(guarded(lambda p: card_names(p, limit), prefix[:200]))

    @app.get("/v1/citations/{cite:path}", summary="The text of a citation", tags=["lookups"],
             openapi_extra=_responses("Citation", (400, 404, 503)))
    def citation(cite: str) -> JSONResponse:
        """The imported text of a ruling's citation: `CR 602.2b`, or `leonin-arbiter#4` (the
        4th official ruling on that card; send `#` as `%23`)."""
        from rulings.service.page import citation_entry

        return JSONResponse(guarded(citation_entry, cite))

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def page_index() -> Response:
        return _page_file("index.html")

    @app.get("/page/{name:path}", include_in_schema=False)
    def page_file(name: str) -> Response:
        return _page_file(name)

    @app.get("/v1/health", summary="Liveness and load", tags=["service"])
    def health() -> dict[str, Any]:
        running = engines.get("main")
        return {
            "status": "ok" if running else "starting",
            "version": __version__,
            "answer_schema": core_answer_schema_id(),
            "busy": running.gate.busy if running else 0,
            "concurrency": config.concurrency,
            "threads": config.engine_threads(),
            "limits": {"max_body": config.max_body, "timeout": config.timeout,
                       "header_timeout": config.header_timeout,
                       "max_firings": ceiling.max_firings, "max_seconds": ceiling.max_seconds},
        }

    @app.get("/v1/schema/situation", summary="The situation JSON Schema", tags=["schemas"])
    def schema_situation() -> JSONResponse:
        from rulings.facts.schema import situation_schema

        return JSONResponse(situation_schema(), media_type="application/schema+json")

    @app.get("/v1/schema/answer", summary="The answer JSON Schema", tags=["schemas"])
    def schema_answer() -> JSONResponse:
        from rulings.facts.schema import answer_schema

        return JSONResponse(answer_schema(), media_type="application/schema+json")

    @app.get("/v1/example", summary="A complete example situation", tags=["schemas"])
    def example() -> dict[str, Any]:
        return core.example_situation()

    _install_error_handlers(app)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _page_file(name: str) -> Response:
    from rulings.service.page import HEADERS, asset

    body, media = asset(name)
    return Response(body, media_type=media, headers=HEADERS)


def core_answer_schema_id() -> str:
    from rulings.engine.answer import SCHEMA

    return SCHEMA


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(_: Request, exc: ServiceError) -> JSONResponse:
        return problem_response(exc)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        title = HTTPStatus(exc.status_code).phrase
        body: dict[str, Any] = {"type": "about:blank", "title": title,
                                "status": exc.status_code}
        if exc.detail and exc.detail != title:
            body["detail"] = str(exc.detail)
        return JSONResponse(body, status_code=exc.status_code, media_type=PROBLEM_JSON,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"file": "<request>", "line": 0, "problem": str(e.get("msg", "")),
                   "fix": "", "location": "/" + "/".join(map(str, e.get("loc", ())))}
                  for e in exc.errors()]
        return problem_response(ServiceError(422, "invalid-input", "The request is not valid",
                                             "", errors))

    @app.exception_handler(Exception)
    async def internal_error(_: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return problem_response(ServiceError(500, "internal-error", "Internal error",
                                             "the service failed on this request; it keeps "
                                             "serving others"))


# -- OpenAPI --------------------------------------------------------------------------------

def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _problem_responses(statuses: tuple[int, ...]) -> dict[str, Any]:
    return {str(s): {"description": HTTPStatus(s).phrase,
                     "content": {PROBLEM_JSON: {"schema": _ref("Problem")}}} for s in statuses}


def _responses(schema: str, problems: tuple[int, ...]) -> dict[str, Any]:
    return {"responses": {"200": {"description": "OK", "content": {
        "application/json": {"schema": _ref(schema)}}}, **_problem_responses(problems)}}


def _body_and_responses(body: str, schema: str, problems: tuple[int, ...]) -> dict[str, Any]:
    content = {"schema": _ref(body)}
    return {"requestBody": {"required": True, "content": {"application/json": content,
                                                          "application/yaml": content}},
            **_responses(schema, problems)}


def _rehome(schema: dict[str, Any], prefix: str) -> dict[str, Any]:
    """A JSON Schema's $defs become components named '<prefix>.<name>', refs rewritten."""
    text = json.dumps(schema).replace('"#/$defs/', f'"#/components/schemas/{prefix}.')
    moved = json.loads(text)
    defs = moved.pop("$defs", {})
    moved.pop("$schema", None)
    out = {prefix: moved}
    out.update({f"{prefix}.{k}": v for k, v in defs.items()})
    return out


def component_schemas() -> dict[str, Any]:
    from rulings.facts.schema import answer_schema, situation_schema

    schemas: dict[str, Any] = {}
    schemas.update(_rehome(situation_schema(), "Situation"))
    schemas.update(_rehome(answer_schema(), "Answer"))
    schemas["AskEnvelope"] = {
        "type": "object",
        "description": "A situation with limits for this run and/or a name for it",
        "properties": {
            "situation": _ref("Situation"),
            "limits": {"type": "object", "additionalProperties": False, "properties": {
                "max_firings": {"type": "integer", "minimum": 0,
                                "description": "stop after this many rule firings"},
                "max_seconds": {"type": "number", "exclusiveMinimum": 0,
                                "description": "stop after this many seconds"}}},
            "name": {"type": "string", "description": "shown as the answer's `situation`"},
        },
        "required": ["situation"],
        "additionalProperties": False,
    }
    schemas["AskRequest"] = {"oneOf": [_ref("Situation"), _ref("AskEnvelope")]}
    schemas["Case"] = {
        "type": "object",
        "description": "A case: a situation and the rulings expected of it",
        "properties": {
            "case": {"type": "string"}, "covers": {"type": "array", "items": {"type": "string"}},
            "near_miss": {"type": "boolean"}, "situation": _ref("Situation"),
            "expect": {"type": "array", "items": _ref("CasePattern")},
            "expect_not": {"type": "array", "items": _ref("CasePattern")},
            "only_expected": {"type": "boolean"}, "notes": {"type": "string"},
        },
        "required": ["case", "situation"],
        "additionalProperties": False,
    }
    schemas["CasePattern"] = {
        "type": "object", "additionalProperties": False, "minProperties": 1,
        "properties": {k: {} for k in ("id", "rule", "subject", "verdict", "action", "cites",
                                       "mentions", "text")},
    }
    schemas["Verdict"] = {
        "type": "object",
        "properties": {"file": {"type": "string"}, "case": {"type": "string"},
                       "status": {"enum": ["passed", "failed"]},
                       "covers": {"type": "array", "items": {"type": "string"}},
                       "near_miss": {"type": "boolean"},
                       "differences": {"type": "array", "items": {"type": "string"}},
                       "answer": _ref("Answer")},
    }
    schemas["Rule"] = {"type": "object", "properties": {
        "number": {"type": "string"}, "cite": {"type": "string"}, "text": {"type": "string"},
        "examples": {"type": "array", "items": {"type": "string"}},
        "effective": {"type": "string"}, "subrules": {"type": "array"}}}
    schemas["Card"] = {"type": "object", "properties": {
        "name": {"type": "string"}, "known": {"type": "boolean"}, "slug": {"type": "string"},
        "definition": _ref("Situation.card"), "abilities": {"type": "array"},
        "cites": {"type": "array", "items": {"type": "string"}}, "official": {"type": "object"},
        "note": {"type": "string"}}}
    schemas["CardNames"] = {"type": "object", "properties": {
        "query": {"type": "string"},
        "imported": {"type": "boolean", "description": "card data is imported: every card of "
                     "it is named, not only the knowledge base's"},
        "cards": {"type": "array", "maxItems": 50, "items": {"type": "object", "properties": {
            "name": {"type": "string"},
            "known": {"type": "boolean", "description": "the knowledge base has its file"},
            "match": {"enum": ["prefix", "word", "contains", "fuzzy"]},
            "type_line": {"type": "string"}}, "required": ["name", "known", "match"]}}}}
    schemas["Citation"] = {"type": "object", "properties": {
        "cite": {"type": "string"}, "kind": {"enum": ["cr", "ruling"]},
        "text": {"type": "string"}, "examples": {"type": "array", "items": {"type": "string"}},
        "effective": {"type": "string"}, "date": {"type": "string"},
        "card": {"type": "string"}}}
    schemas["Problem"] = {
        "type": "object",
        "description": "RFC 9457 problem details",
        "properties": {
            "type": {"type": "string", "format": "uri-reference"},
            "title": {"type": "string"}, "status": {"type": "integer"},
            "detail": {"type": "string"},
            "errors": {"type": "array", "items": {
                "type": "object",
                "properties": {"file": {"type": "string"}, "line": {"type": "integer"},
                               "problem": {"type": "string"}, "fix": {"type": "string"},
                               "location": {"type": "string",
                                            "description": "JSON pointer into the request"}},
                "required": ["file", "line", "problem", "fix"]}},
        },
        "required": ["type", "title", "status"],
    }
    return schemas


def _openapi(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema:
        return app.openapi_schema
    spec = get_openapi(title=app.title, version=app.version, summary=app.summary,
                       description=app.description, routes=app.routes)
    spec.setdefault("components", {}).setdefault("schemas", {}).update(component_schemas())
    app.openapi_schema = spec
    return spec


_DESCRIPTION = (
    "Send a game situation, get the rulings on it: each with its text, its citations (CR "
    "rules and official rulings) and the justification tree down to the facts you gave.\n\n"
    "## Writing a situation\n\n" + core.GUIDE + "\n"
    "Errors are RFC 9457 problem details; input problems are listed under `errors`, each with "
    "`problem`, `fix` and `location` (a JSON pointer into your request)."
)


# -- running --------------------------------------------------------------------------------

def app_from_env() -> FastAPI:
    """The app for uvicorn's worker processes (`--workers`): configured through the
    environment by `serve`."""
    from rulings.service.guard import GuardedH11Protocol

    config = ServiceConfig.from_env()
    GuardedH11Protocol.header_timeout = config.header_timeout
    return create_app(config)


def serve(host: str = "127.0.0.1", port: int = 8000, config: ServiceConfig | None = None,
          workers: int = 1, log_level: str = "info") -> None:
    """Run the service. Connections are not counted against any limit (uvicorn's
    limit_concurrency would count idle ones and answer in plain text): only questions are,
    by the gate; a connection that is slow to send its request head is cut (see
    rulings.service.guard)."""
    import uvicorn

    from rulings.service.guard import GuardedH11Protocol

    config = config or ServiceConfig()
    GuardedH11Protocol.header_timeout = config.header_timeout
    common: dict[str, Any] = {"host": host, "port": port, "log_level": log_level,
                              "http": GuardedH11Protocol,
                              "timeout_keep_alive": max(1, int(config.header_timeout))}
    if workers > 1:
        os.environ[CONFIG_ENV] = config.to_env()
        uvicorn.run("rulings.service.http:app_from_env", factory=True, workers=workers,
                    **common)
    else:
        uvicorn.run(create_app(config), **common)


__all__ = ["ServiceConfig", "create_app", "serve", "component_schemas"]
