"""The pseudo-language `qps`: every message of the source, marked and lengthened by a third.

It is made at lookup time, never stored, so it always covers every message the code asks for. A test
that reads a surface in `qps` finds any text that did not pass through the catalogs (it has no
markers), and the padding shows where a longer language would overflow a Discord limit or a picture.
Placeholders are kept as they are, so the message still formats.
"""

from __future__ import annotations

import gettext
import re

PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"
PAD = "·"
_FIELD = re.compile(r"\{[^{}]*\}")


def pseudo(message: str) -> str:
    """`message` between the markers, with a third of its visible length added as padding.

    A message of several lines is marked line by line (blank lines stay blank): each line a player reads
    is then wholly marked on its own, so a checker reading a surface line by line holds every line of a
    rules page or a help text to the catalogs, not only the first and the last."""
    return "\n".join(_marked_line(line) if line.strip() else line for line in message.split("\n"))


def _marked_line(line: str) -> str:
    visible = len(_FIELD.sub("", line))
    return f"{OPEN}{line}{PAD * max(1, -(-visible // 3))}{CLOSE}"


def marked(text: str) -> bool:
    """Whether `text` is wholly one pseudo message (what a test asks of every string it reads)."""
    return text.startswith(OPEN) and text.endswith(CLOSE)


def outside(text: str) -> tuple[str, bool]:
    """What of `text` lies outside every pair of markers, and whether they pair up: the checks that nothing
    a player reads escaped the catalogs look for words in it."""
    depth, kept = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth -= 1
        elif depth == 0:
            kept.append(char)
    return "".join(kept), depth == 0


class PseudoTranslations(gettext.NullTranslations):
    """A catalog that translates everything into the pseudo-language."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)
