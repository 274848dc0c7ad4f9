"""Shaping the images' own words ahead, so a player's first Urdu table is not the one that pays for it.

Why: Noto Nastaliq Urdu is slow to shape (`rendering.text`: every Raqm call compiles its shaping plan
again), and an image in Urdu draws dozens of lines a bot has never drawn before: every move's sentence
is new. Lines are laid out word by word and each word is cached, so what is worth doing ahead is the
vocabulary: every word of the catalog messages the rendering modules draw, at the sizes images set
text in. That is seconds of a core, so it is done once per bot process: by the drawing processes'
forkserver before it forks them (`rendering.preshaped`, `rendering.offload`), which then share the
shaped words; a drawing process started otherwise shapes them on a thread of its own, so its first
images are not kept waiting. Names are still shaped when first met, once per word.

Only right-to-left languages are warmed: every other face shapes a line in a fraction of a millisecond.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from functools import cache

from babel.messages.pofile import read_po

from locales import DOMAIN, TRANSLATED, catalog_path
from rendering import words
from rendering.fonts import RTL_LANGUAGES, bold, font
from rendering.text import language, prepare
from rendering.theme import TEXT_PX

log = logging.getLogger(__name__)

# (px, bold) of the lines images draw in words: body text, counts, badges and captions, the header.
SIZES = ((TEXT_PX, False), (TEXT_PX, True), (TEXT_PX + 1, True), (25, True), (26, True))
_FIELD = re.compile(r"\{[^}]*\}")
PLACES = 10
DIGITS = " ".join("0123456789")


@cache
def image_phrases(lang: str) -> tuple[str, ...]:
    """The translated text of every catalog message used under rendering/, cut at its `{fields}` (what a
    field holds is not known ahead), in catalog order, each piece once."""
    if lang not in TRANSLATED:
        return ()
    with catalog_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang, domain=DOMAIN)
    phrases: dict[str, None] = {}
    for message in catalog:
        if not message.id or not any(path.startswith("rendering/") for path, _ in message.locations):
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for string in strings:
            for piece in _FIELD.split(string):
                if piece.strip():
                    phrases[piece.strip()] = None
    for place in range(1, PLACES + 1):  # the places drawn on medals are words of their own (rendering.words)
        phrases[words.place(lang, place)] = None
    phrases[f"\u0627 {DIGITS} \u0627"] = None  # every digit and the space inside a Nastaliq line (alef around)
    return tuple(phrases)


def warm(lang: str, sizes: tuple[tuple[int, bool], ...] = SIZES) -> int:
    """Shape every word of `lang`'s image phrases at each of `sizes` ((px, bold), by default every image
    size), in this thread's fonts. Returns how many words were shaped (0 for a language that needs none)."""
    if lang not in RTL_LANGUAGES:
        return 0
    started, shaped = time.perf_counter(), 0
    with language(lang):
        for px, heavy in sizes:
            typeface = bold(px) if heavy else font(px)
            for phrase in image_phrases(lang):
                shaped += prepare(phrase, typeface)
    log.debug("shaped %d %s words ahead in %.1f s", shaped, lang, time.perf_counter() - started)
    return shaped


_thread: threading.Thread | None = None
_shaped: list[int] = []  # words shaped ahead by this process (or the process it was forked from), once done


def warm_now() -> int:
    """`warm` every right-to-left language in this thread, now. The drawing processes' forkserver does it
    (rendering.preshaped) before it forks any of them: each one then starts with the words shaped, in
    pages they share, instead of shaping them again on its own (seconds of a core each)."""
    _shaped.append(sum(warm(lang) for lang in sorted(RTL_LANGUAGES)))
    return _shaped[-1]


def warmed() -> bool:
    """Whether this process's words were shaped ahead already (by itself or before it was forked)."""
    return bool(_shaped)


def warm_in_background() -> threading.Thread:
    """`warm` every right-to-left language on a daemon thread (fonts are per thread, the word caches are
    shared and thread-safe), so a process can start drawing at once. For a process not forked from one
    that warmed (`warm_now`): one started with "spawn"."""
    global _thread
    _thread = threading.Thread(target=warm_now, name="prewarm", daemon=True)
    _thread.start()
    return _thread


def shaped_ahead(timeout: float) -> int | None:
    """How many words were shaped ahead for this process, waiting up to `timeout` seconds for its
    background warming; None when none was done or started, or it is still running."""
    if _thread is not None:
        _thread.join(timeout)
    return _shaped[-1] if _shaped else None
