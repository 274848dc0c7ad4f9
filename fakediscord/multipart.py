"""The multipart/form-data bodies discord.py sends with files, read without aiohttp's MultipartReader.

Why our own: aiohttp parses every part's headers with the standard library's `email` package. In the
1,000-game load run (bench.bot) that was a third of the fake's CPU (every hand and table edit carries
a picture), on the same two cores as the bot being measured. discord.py's bodies are simple: parts
`payload_json` and `files[n]`, each with a Content-Disposition naming it, nothing nested.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_BOUNDARY = re.compile(r'boundary=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
_PARAM = re.compile(r';\s*([a-zA-Z*]+)=(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


class MultipartError(ValueError):
    """The body is not the multipart/form-data its Content-Type says."""


@dataclass(frozen=True)
class Part:
    name: str | None
    filename: str | None
    data: bytes


def boundary_of(content_type: str) -> str:
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise MultipartError(f"no boundary in {content_type!r}")
    return found.group(1) or found.group(2)


def parse_form(content_type: str, body: bytes) -> list[Part]:
    """Every part of `body`, in order."""
    delimiter = b"--" + boundary_of(content_type).encode()
    chunks = body.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise MultipartError("the body does not end with its closing boundary")
    parts = []
    for chunk in chunks[1:-1]:
        head, separator, data = chunk.partition(b"\r\n\r\n")
        if not separator or not data.endswith(b"\r\n"):
            raise MultipartError("a part without headers or without its line break")
        parts.append(_part(head.decode("utf-8", "replace"), data[:-2]))
    return parts


def _part(head: str, data: bytes) -> Part:
    params: dict[str, str] = {}
    for line in head.split("\r\n"):
        key, _, value = line.partition(":")
        if key.strip().lower() == "content-disposition":
            for found in _PARAM.finditer(value):
                quoted = found.group(2)
                text = re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else found.group(3)
                params[found.group(1).lower()] = text
    return Part(params.get("name"), params.get("filename"), data)
