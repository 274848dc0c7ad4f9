"""bot.kit.connector: the writes of one event-loop turn reach the socket as one, unchanged and in order."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
from aiohttp import web

from bot.kit.connector import FLUSH_AT, CoalescedTransport, CoalescingConnector


class RecordingTransport(asyncio.Transport):
    """A stand-in for the socket's transport: records what reaches it."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.events: list[str] = []
        self.closing = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))
        self.events.append("write")

    def close(self) -> None:
        self.closing = True
        self.events.append("close")

    def abort(self) -> None:
        self.closing = True
        self.events.append("abort")

    def write_eof(self) -> None:
        self.events.append("eof")

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0


def coalesced() -> tuple[CoalescedTransport, RecordingTransport]:
    inner = RecordingTransport()
    return CoalescedTransport(inner, asyncio.get_running_loop()), inner


async def test_the_pieces_of_one_turn_leave_as_one_write() -> None:
    outer, inner = coalesced()
    outer.write(b"POST / HTTP/1.1\r\n\r\n")
    outer.write(memoryview(b"--boundary\r\n"))
    outer.writelines([b"part", b"\r\n"])
    assert inner.writes == []  # held until the turn ends
    await asyncio.sleep(0)  # one turn of the loop: the scheduled flush runs
    assert inner.writes == [b"POST / HTTP/1.1\r\n\r\n--boundary\r\npart\r\n"]


async def test_a_write_in_the_next_turn_is_a_write_of_its_own() -> None:
    outer, inner = coalesced()
    outer.write(b"first")
    await asyncio.sleep(0)
    outer.write(b"second")
    await asyncio.sleep(0)
    assert inner.writes == [b"first", b"second"]


async def test_a_mutable_buffer_is_copied_when_written() -> None:
    outer, inner = coalesced()
    buffer = bytearray(b"seen")
    outer.write(buffer)
    buffer[:] = b"lost"
    outer.flush()
    assert inner.writes == [b"seen"]


async def test_held_bytes_past_the_drain_mark_leave_at_once() -> None:
    outer, inner = coalesced()
    outer.write(b"x" * (FLUSH_AT - 1))
    assert inner.writes == []
    outer.write(b"y")
    assert [len(w) for w in inner.writes] == [FLUSH_AT]


async def test_close_and_eof_send_what_is_held_first() -> None:
    outer, inner = coalesced()
    outer.write(b"body")
    outer.write_eof()
    outer.write(b"last")
    outer.close()
    assert inner.events == ["write", "eof", "write", "close"]
    assert inner.writes == [b"body", b"last"]


async def test_abort_drops_what_is_held() -> None:
    outer, inner = coalesced()
    outer.write(b"never")
    outer.abort()
    await asyncio.sleep(0)
    assert inner.writes == [] and inner.events == ["abort"]


async def test_nothing_is_handed_to_a_transport_that_is_closing() -> None:
    outer, inner = coalesced()
    outer.write(b"late")
    inner.closing = True  # the connection was lost in the same turn
    await asyncio.sleep(0)
    assert inner.writes == []


async def test_the_buffer_size_counts_what_is_held() -> None:
    outer, _ = coalesced()
    outer.write(b"12345")
    assert outer.get_write_buffer_size() == 5


async def test_a_multipart_request_arrives_whole_in_one_send(monkeypatch: Any) -> None:
    """A message with a picture, as discord.py sends it (a JSON part and a file part), through a real
    aiohttp session: the server reads both parts intact, and the request left in one write where aiohttp
    wrote it in several pieces."""
    received: dict[str, Any] = {}

    async def upload(request: web.Request) -> web.Response:
        parts = await request.multipart()
        while (part := await parts.next()) is not None:
            assert isinstance(part, aiohttp.BodyPartReader)
            received[str(part.name)] = bytes(await part.read())
        return web.json_response({"id": "1"})

    app = web.Application()
    app.router.add_post("/upload", upload)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]

    flushed: list[int] = []  # pieces per write handed to the socket's transport
    original = CoalescedTransport.flush

    def counting_flush(self: CoalescedTransport) -> None:
        if self._held:
            flushed.append(len(self._held))
        original(self)

    monkeypatch.setattr(CoalescedTransport, "flush", counting_flush)
    picture = bytes(range(256)) * 40  # 10 KiB, under the drain mark
    connector = CoalescingConnector(limit=0)
    try:
        assert connector.coalescing  # this aiohttp's protocol factory was found
        async with aiohttp.ClientSession(connector=connector) as session:
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps({"content": "hand"}), content_type="application/json")
            form.add_field("files[0]", picture, filename="hand.png", content_type="image/png")
            async with session.post(f"http://127.0.0.1:{port}/upload", data=form) as response:
                assert response.status == 200
                assert await response.json() == {"id": "1"}
    finally:
        await runner.cleanup()
    assert received == {"payload_json": json.dumps({"content": "hand"}).encode(), "files[0]": picture}
    assert len(flushed) == 1 and flushed[0] > 1  # several pieces, one write
