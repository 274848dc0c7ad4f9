"""The fake's own multipart reader (fakediscord/multipart.py) reads what aiohttp writes for discord.py."""

from __future__ import annotations

import aiohttp
import pytest

from fakediscord.multipart import MultipartError, boundary_of, parse_form


class Sink:
    """Collects what aiohttp's payload writes."""

    def __init__(self) -> None:
        self.data = b""

    async def write(self, chunk: bytes) -> None:
        self.data += bytes(chunk)


async def encoded(form: aiohttp.FormData) -> tuple[str, bytes]:
    payload = form()
    sink = Sink()
    await payload.write(sink)
    return payload.content_type, sink.data


async def test_payload_json_and_files_come_back_as_sent() -> None:
    """As discord.py sends a message with two pictures: payload_json, files[0], files[1] (binary bytes)."""
    png = bytes(range(256)) * 4 + b"\r\n--not-a-boundary\r\n"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "héllo"}', content_type="application/json")
    form.add_field("files[0]", png, filename="table-1-2.png", content_type="application/octet-stream")
    form.add_field("files[1]", b"", filename="empty.png", content_type="application/octet-stream")
    content_type, body = await encoded(form)
    parts = parse_form(content_type, body)
    assert [(p.name, p.filename) for p in parts] == [
        ("payload_json", None),
        ("files[0]", "table-1-2.png"),
        ("files[1]", "empty.png"),
    ]
    assert parts[0].data.decode() == '{"content": "héllo"}'
    assert parts[1].data == png and parts[2].data == b""


def test_a_quoted_boundary_is_read() -> None:
    assert boundary_of('multipart/form-data; boundary="a b;c"') == "a b;c"
    assert boundary_of("multipart/form-data; boundary=xyz") == "xyz"


def test_a_body_cut_short_is_refused() -> None:
    body = b'--xyz\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{}\r\n'
    with pytest.raises(MultipartError):
        parse_form("multipart/form-data; boundary=xyz", body)


def test_a_content_type_without_boundary_is_refused() -> None:
    with pytest.raises(MultipartError):
        parse_form("multipart/form-data", b"")
