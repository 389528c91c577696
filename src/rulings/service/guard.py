"""The connection guard of `rulings serve`: a connection must send each request's head (the
request line and headers) within `header_timeout` seconds — counted from when it connects,
or from the end of its previous response — or it is closed.

Without it, clients that open connections and send half a header (or drip one byte at a
time: any byte used to reset uvicorn's keep-alive timer) hold sockets for ever. Nothing
counts connections against a limit: only questions are counted (the gate in
rulings.service.http), so idle connections can't make the service refuse real work."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class GuardedH11Protocol(H11Protocol):
    #: set by rulings.service.http.serve from the service's configuration
    header_timeout: float = 5.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's head arrived: its handler takes over
            self._disarm_head_timer()

    def on_response_complete(self) -> None:
        # armed first: a pipelined request started inside the call below disarms it again
        self._arm_head_timer()
        super().on_response_complete()

    def _arm_head_timer(self) -> None:
        self._disarm_head_timer()
        self._head_timer = self.loop.call_later(self.header_timeout, self._head_too_slow)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


__all__ = ["GuardedH11Protocol"]
