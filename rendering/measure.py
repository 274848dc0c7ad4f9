"""What a render drew, by size: lets tests check legibility from the layout itself, not from guesses.

Every line of text (`rendering.text.draw_line`) and every card face pasted (`rendering.cards`) notes
its size here while a `recording()` is open on the thread; otherwise noting is one attribute lookup.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

Kind = Literal["text", "index"]


@dataclass(frozen=True, slots=True)
class Drawn:
    """One thing drawn: a line of text at `px`, or a card whose corner index is `px`; a line says whether
    it was bold and in which language's layout (`rendering.text.language`) it was set, so a test can
    lay it out again and check every glyph."""

    kind: Kind
    px: int
    text: str
    bold: bool = False
    lang: str = "en"


_local = threading.local()


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect what this thread draws until the block ends (renders are not offloaded in tests)."""
    drawn: list[Drawn] = []
    previous = getattr(_local, "drawn", None)
    _local.drawn = drawn
    try:
        yield drawn
    finally:
        _local.drawn = previous


def note(kind: Kind, px: int, text: str, bold: bool = False, lang: str = "en") -> None:
    drawn: list[Drawn] | None = getattr(_local, "drawn", None)
    if drawn is not None:
        drawn.append(Drawn(kind, px, text, bold, lang))
