"""The bot's HTTP connections to Discord, whose writes within one event-loop turn leave as one send.

Why: aiohttp writes a request in pieces. A JSON request is one write, but a multipart one (every
message with a picture: a hand, a table) is one write per piece: the boundary, each part's headers,
its body, its closing line, the final boundary, about nine for a payload and one file. On a plain
socket each piece is a `send` system call, and over TLS each is its own TLS record and `send`. Each
of those also gives up the interpreter lock, which the event loop then waits to get back from the
database and drawing threads. The pieces are all written in the same turn of the event loop (aiohttp
awaits nothing between them unless its buffer passes 64 KiB), so holding them until that turn ends
and sending them joined changes no byte on the wire, only how many calls carry them.

How: `CoalescingConnector` is aiohttp's `TCPConnector` whose connections' protocol sees a
`CoalescedTransport` around the real one. The first write of a turn schedules a flush with
`call_soon`; later writes of the same turn join it. A flush goes out at once when the held bytes
reach `FLUSH_AT`, and before anything that must follow the data (`write_eof`, `close`). `abort`
drops what is held, as the real transport drops its buffer. The gateway's websocket shares the
connector and its frames are held the same way, for at most the rest of a turn.

The protocol factory is an aiohttp internal (`TCPConnector._factory`). Should an aiohttp release
rename it, the connector logs that once and works as a plain `TCPConnector`: correct, only with more
sends (tests/bot/test_connector.py fails on such a release, so it is noticed).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

import aiohttp
from aiohttp.client_proto import ResponseHandler

log = logging.getLogger(__name__)

FLUSH_AT = 1 << 16  # bytes held before a flush without waiting for the turn's end: aiohttp's own drain mark


class CoalescedTransport(asyncio.Transport):
    """A transport that holds the writes of one event-loop turn and hands them to `inner` as one."""

    def __init__(self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.inner = inner
        self._loop = loop
        self._held: list[bytes] = []
        self._held_size = 0
        self.flushes = 0  # writes handed to `inner` (tests read it)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        # A bytearray or memoryview may change after the call returns; asyncio's own transport copies
        # what it cannot send at once, and so does this one.
        piece = data if isinstance(data, bytes) else bytes(data)
        if not self._held:
            self._loop.call_soon(self.flush)
        self._held.append(piece)
        self._held_size += len(piece)
        if self._held_size >= FLUSH_AT:
            self.flush()

    def writelines(self, list_of_data: Any) -> None:
        for data in list_of_data:
            self.write(data)

    def flush(self) -> None:
        """Hand everything held to the real transport in one write (nothing, when it is closing: the
        connection is lost and its protocol is told so)."""
        held = self._held
        if not held:
            return
        self._held = []
        self._held_size = 0
        if self.inner.is_closing():
            return
        self.flushes += 1
        self.inner.write(held[0] if len(held) == 1 else b"".join(held))

    def write_eof(self) -> None:
        self.flush()
        self.inner.write_eof()

    def can_write_eof(self) -> bool:
        return self.inner.can_write_eof()

    def close(self) -> None:
        self.flush()
        self.inner.close()

    def abort(self) -> None:
        self._held = []
        self._held_size = 0
        self.inner.abort()

    def is_closing(self) -> bool:
        return self.inner.is_closing()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.inner.get_extra_info(name, default)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.inner.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self.inner.get_protocol()

    def pause_reading(self) -> None:
        self.inner.pause_reading()

    def resume_reading(self) -> None:
        self.inner.resume_reading()

    def is_reading(self) -> bool:
        return self.inner.is_reading()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self.inner.set_write_buffer_limits(high, low)

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self.inner.get_write_buffer_limits()

    def get_write_buffer_size(self) -> int:
        return self.inner.get_write_buffer_size() + self._held_size


class CoalescingHandler(ResponseHandler):
    """aiohttp's response protocol, writing through a `CoalescedTransport`."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        super().connection_made(CoalescedTransport(transport, self._loop))


class CoalescingConnector(aiohttp.TCPConnector):
    """aiohttp's TCP connector whose connections send each event-loop turn's writes as one."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if isinstance(getattr(self, "_factory", None), functools.partial):
            # A partial of the subclass, where aiohttp annotates a partial of ResponseHandler.
            self._factory = functools.partial(CoalescingHandler, loop=self._loop)  # type: ignore[assignment]
            self.coalescing = True
        else:
            log.warning("this aiohttp names its protocol factory differently: requests go out in pieces")
            self.coalescing = False
