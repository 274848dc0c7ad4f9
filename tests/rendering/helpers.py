"""Shared helpers for the rendering tests: decoding output and the awkward names players choose."""

from __future__ import annotations

import io

from PIL import Image

# Long, emoji (with joiners and a flag), right-to-left, combining marks, controls and an override.
AWKWARD_NAMES = (
    "Wolfeschlegelsteinhausenbergerdorff the Elder of Somewhere Very Far Away",
    "👩‍👩‍👧‍👦🔥🃏😀🇻🇳",
    "שלום עליכם חברים",
    "محمد بن عبد الله",
    "Zalgo Z̷̢̛a̸̡l̵g̶o̴",
    "tab\there\nnew\x00line",
    "\u202eevil override",
    "",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "中文名字很长很长很长很长很长很长",
)


def decode(data: bytes) -> Image.Image:
    """Decode image bytes fully (a truncated or corrupt file raises here)."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image
