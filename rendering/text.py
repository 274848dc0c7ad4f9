"""Safe text for images: player names are arbitrary Unicode and must never crash a render or overflow.

Names come from Discord (up to 32 characters of anything: emoji, right-to-left scripts, zero-width
joiners, control characters), so every name goes through `clean` and then `fit`, which truncates by
*measured* width with an ellipsis rather than by character count: "WWWW" and "iiii" differ by 4x.

Three things make that work for every script:

- Grapheme clusters. Text is cut only between user-perceived characters (a letter and its marks,
  an emoji with its skin tone or ZWJ partners, a flag's two regional indicators, a hangul syllable
  spelled in jamo), so a cut never leaves half an emoji or a bare accent.
- Font runs. Each cluster goes to the first face of the fallback chain (`rendering.fonts`) that has
  all of it, a script's own face first (Arabic, Hebrew, emoji); neighbouring clusters on one face
  form a run, and each run is shaped by Raqm on its own.
- Bidi by run. The paragraph is left to right (our lines are English around names); runs holding
  right-to-left letters, and the neutral runs between two of them, are laid out right to left and
  in reverse order, as the Unicode bidi algorithm does at this granularity. An ellipsis cut into
  right-to-left text stays on its cut side (followed by RLM), not stranded at the right.

An image in a right-to-left language (Urdu) is a right-to-left paragraph instead (`language`): its
runs go right to left, and whatever is not Arabic script (a Latin name, cards such as "7♥ 8♥",
numbers) stays together as a left-to-right island, as if isolated (UAX #9's FSI), so a card never
reads "♥7". Runs with Arabic letters are shaped right to left by Raqm with the Urdu language tag.

A name starting "🤖" (how the bot names computer players) draws a small robot drawn by our own
code, so the mark looks the same in every image whatever the emoji font.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol

from PIL import Image, ImageChops, ImageDraw, ImageFont

from rendering.fonts import (
    ARABIC_FACES,
    DIRECTION,
    HEBREW_FACES,
    RTL,
    RTL_LANGUAGES,
    SYNTHETIC_BOLD,
    URDU_FACES,
    Face,
    chain,
    coverage,
    font,
    synthetic_stroke,
    weight_of,
)
from rendering.measure import note
from rendering.theme import RGB

ELLIPSIS = "…"
RLM = "\u200f"
ROBOT = "🤖"  # drawn as an icon, not a glyph (`_draw_robot`)
MAX_CHARS = 200  # longer input is cut before measuring, so a hostile name cannot cost much time

# Explicit bidi embeddings, overrides and isolates: harmless inside one draw call, but a name should
# not be able to reverse how it reads, so they go. Marks (LRM/RLM) and joiners (ZWJ for emoji) stay.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZWJ = "\u200d"
# Default-ignorable code points a font need not map: they change shaping, never draw on their own.
_IGNORABLE = frozenset(range(0xFE00, 0xFE10)) | frozenset(range(0xE0000, 0xE0080)) | frozenset(
    (0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF)
)

Align = Literal["left", "center", "right"]


class Pen(Protocol):
    """How a line's pixels reach a picture that is not RGB (rendering.surface draws on the palette):
    `stamp` lays a coverage mask in `fill` at a whole-pixel position, `ink` gives what a shape is
    filled with. Without a pen a line is drawn as RGB, with ImageDraw."""

    def stamp(self, xy: tuple[int, int], mask: Image.Image, fill: RGB) -> None: ...

    def ink(self, colour: RGB) -> RGB | int: ...

_local = threading.local()


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Lay out every line this thread draws until the block ends as text in `lang` (its faces, its
    paragraph direction). Why a context and not a parameter: every drawing call of an image is in the
    image's language, and the render functions set it once at their top (renders run one per thread)."""
    previous = getattr(_local, "lang", "en")
    _local.lang = lang
    try:
        yield
    finally:
        _local.lang = previous


def current_language() -> str:
    """The language set by the innermost `language` block of this thread ("en" outside any)."""
    lang: str = getattr(_local, "lang", "en")
    return lang


@lru_cache(maxsize=8192)
def clean(text: str, placeholder: str = "") -> str:
    """One line of printable text: controls dropped, whitespace runs collapsed; `placeholder` if empty.

    Cached: a table cleans about fifty strings (names, counts, captions), nearly all the same as in
    the game's previous table, and looking each character's category up costs more than the drawing
    of a short line."""
    out: list[str] = []
    for ch in text[:MAX_CHARS]:
        category = unicodedata.category(ch)
        if ch in _BIDI_CONTROLS:
            continue
        if category in ("Zl", "Zp") or ch in "\t\n\r\v\f":
            out.append(" ")
        elif category in ("Cc", "Cs", "Co", "Cn"):
            continue
        else:
            out.append(ch)
    result = " ".join("".join(out).split())
    return result or placeholder


def display_name(name: str) -> str:
    """A player name fit for drawing: cleaned, and "?" rather than nothing when nothing printable is left."""
    return clean(name, placeholder="?")


# Grapheme clusters ---------------------------------------------------------------------------------


def _hangul_kind(code: int) -> str:
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


_HANGUL_JOINS = {("L", "L"), ("L", "V"), ("L", "LV"), ("L", "LVT"), ("V", "V"), ("V", "T"), ("LV", "V"),
                 ("LV", "T"), ("T", "T"), ("LVT", "T")}


def _extends(code: int, category: str) -> bool:
    """Code points that always belong to the cluster before them (UAX #29 Extend, SpacingMark, ZWJ)."""
    return (
        category in ("Mn", "Mc", "Me")
        or code in (0x200C, 0x200D)
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF  # emoji skin tones
        or 0xE0020 <= code <= 0xE007F  # emoji tag sequences (subdivision flags)
        or 0xE0100 <= code <= 0xE01EF
    )


def _is_regional(code: int) -> bool:
    return 0x1F1E6 <= code <= 0x1F1FF


@lru_cache(maxsize=4096)
def graphemes(text: str) -> tuple[str, ...]:
    """`text` split into extended grapheme clusters (UAX #29's rules for what names contain)."""
    clusters: list[str] = []
    regional_run = 0
    for ch in text:
        code = ord(ch)
        if clusters:
            previous = clusters[-1]
            last = ord(previous[-1])
            joins = (
                _extends(code, unicodedata.category(ch))
                or (last == 0x200D and unicodedata.category(ch) == "So")  # emoji ZWJ sequence
                or (_is_regional(code) and _is_regional(last) and regional_run % 2 == 1)
                or (_hangul_kind(last), _hangul_kind(code)) in _HANGUL_JOINS
            )
            if joins:
                clusters[-1] = previous + ch
                regional_run = regional_run + 1 if _is_regional(code) else regional_run
                continue
        clusters.append(ch)
        regional_run = 1 if _is_regional(code) else 0
    return tuple(clusters)


# Runs: which face draws what, in which direction ---------------------------------------------------


def _strong(ch: str) -> str:
    """'R' for right-to-left letters, 'L' for left-to-right ones, '' for neutrals and numbers."""
    kind = unicodedata.bidirectional(ch)
    if kind in ("R", "AL"):
        return "R"
    return "L" if kind == "L" else ""


def _preferred(cluster: str, faces: tuple[Face, ...]) -> tuple[Face, ...]:
    """The chain reordered so a cluster's own script faces come first (in the chain's order)."""
    code = ord(cluster[0])
    own: frozenset[Face] = frozenset()
    if 0x0590 <= code <= 0x05FF or 0xFB1D <= code <= 0xFB4F:
        own = HEBREW_FACES
    elif 0x0600 <= code <= 0x08FF or 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF:
        own = ARABIC_FACES
    elif (code >= 0x1F000 and code != 0x1F0CF) or "\ufe0f" in cluster or ZWJ in cluster:
        own = frozenset({Face.EMOJI})  # emoji presentation; 🃏 stays DejaVu's, as on the cards
    if not own:
        return faces
    return (*(face for face in faces if face in own), *(face for face in faces if face not in own))


def _plain(code: int) -> bool:
    """True for code points the primary face draws left to right with no script face preferred."""
    return code < 0x0590 or (0x08FF < code < 0xFB1D) or (0xFEFF < code < 0x1F000) or code == 0x1F0CF


def _covers(face: Face, cluster: str) -> bool:
    have = coverage(face)
    return all(ord(ch) in have or ord(ch) in _IGNORABLE for ch in cluster)


def _neutral(cluster: str) -> bool:
    return unicodedata.category(cluster[0])[0] in "ZPN" or cluster[0] in "+-×·"


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line drawn in one call: its text, face (None: the drawn robot) and direction;
    `embolden` when bold text falls back to a face with no bold weight (`fonts.SYNTHETIC_BOLD`)."""

    text: str
    face: Face | None
    rtl: bool
    embolden: bool = False


def runs(text: str, weight: Face = Face.REGULAR, lang: str | None = None) -> tuple[Run, ...]:
    """`text` as runs in visual order, left to right, for the fallback chain of `weight` in `lang` (by
    default the language of the enclosing `language` block)."""
    return _runs(text, weight, current_language() if lang is None else lang)


@lru_cache(maxsize=8192)
def _runs(text: str, weight: Face, lang: str) -> tuple[Run, ...]:
    faces = chain(weight, lang)
    primary = coverage(faces[0])
    if all(ord(ch) in primary and _plain(ord(ch)) for ch in text):
        return (Run(text, faces[0], False),)  # the common case: Latin, Greek, Cyrillic, suits
    pieces = _pieces(text, faces)
    if lang in RTL_LANGUAGES:
        return _right_to_left(pieces, weight)
    return _left_to_right(pieces, faces[0], weight)


def _pieces(text: str, faces: tuple[Face, ...]) -> list[tuple[str, Face | None, str]]:
    """(text, face, strong direction) in logical order: clusters grouped by the face that draws them."""
    pieces: list[tuple[str, Face | None, str]] = []
    for cluster in graphemes(text):
        current = pieces[-1][1] if pieces else None
        face: Face | None
        if cluster.rstrip("\ufe0f") == ROBOT:
            face = None
        elif current is not None and current is not Face.EMOJI and _neutral(cluster) and _covers(current, cluster):
            face = current  # spaces and punctuation stay with the run they sit in (not emoji's: too wide)
        else:
            face = next((f for f in _preferred(cluster, faces) if _covers(f, cluster)), faces[0])
        strong = next((s for s in map(_strong, cluster) if s), "")
        if pieces and pieces[-1][1] == face and face is not None:
            pieces[-1] = (pieces[-1][0] + cluster, face, pieces[-1][2] or strong)
        else:
            pieces.append((cluster, face, strong))
    return pieces


def _left_to_right(pieces: list[tuple[str, Face | None, str]], primary: Face, weight: Face) -> tuple[Run, ...]:
    """Runs of a left-to-right paragraph (English around names, or any left-to-right language)."""
    pieces = _split_trailing_neutrals(pieces, primary)
    directions = [piece[2] for piece in pieces]
    for index, direction in enumerate(directions):  # a neutral run between two RTL runs is RTL (UAX #9 N1)
        if not direction:
            left = next((d for d in reversed(directions[:index]) if d), "L")
            right = next((d for d in directions[index + 1 :] if d), "L")
            directions[index] = "R" if left == right == "R" else "L"
    ordered: list[Run] = []
    group: list[Run] = []
    for (piece_text, face, _), direction in zip(pieces, directions, strict=True):
        run = Run(piece_text, face, direction == "R", weight is Face.BOLD and face in SYNTHETIC_BOLD)
        if run.rtl:
            group.append(run)
            continue
        ordered.extend(reversed(group))
        group = []
        ordered.append(run)
    ordered.extend(reversed(group))
    return tuple(ordered)


def _right_to_left(pieces: list[tuple[str, Face | None, str]], weight: Face) -> tuple[Run, ...]:
    """Runs of a right-to-left paragraph (an Urdu image), in visual order, left to right.

    Arabic-script runs (each shaped right to left, with its inner digits, by Raqm) are laid right to
    left; everything else forms left-to-right islands kept in logical order: "7♥ 8♥" or a Latin name.
    Spaces and punctuation between two islands belong to them; elsewhere they are right to left, so
    Raqm mirrors a bracket that closes Urdu text."""
    primary = chain(weight)[0]
    split: list[tuple[str, Face | None, str]] = []
    for text, face, strong in _split_trailing_neutrals(pieces, primary):
        if strong == "R" or face is None:
            core = text.strip()
            lead, tail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()):]
            split.extend(piece for piece in ((lead, face, ""), (core, face, strong), (tail, face, "")) if piece[0])
            continue
        for cluster in graphemes(text):  # "12: 5": numbers and the punctuation between them apart
            if split and split[-1][1] == face and _punctuation(split[-1][0]) == _punctuation(cluster) \
                    and split[-1][2] != "R":
                split[-1] = (split[-1][0] + cluster, face, split[-1][2] or _strong(cluster[0]))
            else:
                split.append((cluster, face, _strong(cluster[0])))
    kinds = [_kind(text, face, strong) for text, face, strong in split]
    for index, kind in enumerate(kinds):  # a neutral is an island's only between two islands
        if kind == "N" and _SEPARATORS & set(split[index][0]):
            kinds[index] = "R"  # "A › B": the items of a list are read one by one, right to left
        elif kind == "N":
            before = next((k for k in reversed(kinds[:index]) if k != "N"), "R")
            after = next((k for k in kinds[index + 1 :] if k != "N"), "R")
            kinds[index] = "I" if before == after == "I" else "R"
    blocks: list[list[Run]] = []
    for (text, face, _), kind in zip(split, kinds, strict=True):
        run = Run(text, face, kind == "R", weight is Face.BOLD and face in SYNTHETIC_BOLD)
        if kind == "I" and blocks and not blocks[-1][-1].rtl:
            blocks[-1].append(run)
        else:
            blocks.append([run])
    return tuple(run for block in reversed(blocks) for run in block)


# Marks that part the items of a line ("Lan 5♠ › Minh passed", "10 pts · won 2"): in a right-to-left
# line they stay right to left, so two left-to-right items on either side never merge into one island.
_SEPARATORS = frozenset("›‹·|;؛،")


def _kind(text: str, face: Face | None, strong: str) -> str:
    """'R' for Arabic-script text, 'N' for spaces and punctuation alone, 'I' for a left-to-right island
    (Latin letters, digits, suits, the robot icon)."""
    if strong == "R":
        return "R"
    if face is not None and _punctuation(text):
        return "N"
    return "I"


def _punctuation(text: str) -> bool:
    """Spaces, punctuation and mathematical signs ("≤", "+", "×"): neutral in a right-to-left line, so they
    take its direction (and Raqm mirrors "≤" and brackets there) unless they sit inside an island."""
    return all(unicodedata.category(ch)[0] in "ZP" or unicodedata.category(ch) == "Sm" for ch in text)


def _split_trailing_neutrals(pieces: list[tuple[str, Face | None, str]], primary: Face
                           ) -> list[tuple[str, Face | None, str]]:
    """Spaces, digits and punctuation ending a right-to-left run become their own neutral piece, so bidi can
    place them (UAX #9 N1/N2: a space between Arabic and English takes the paragraph's direction). Digits
    too, unlike UAX #9: in our lines a name is followed by English ("محمد 6♣ 6♥"), so the name acts as an
    isolate and the cards after it read left to right after it."""
    out: list[tuple[str, Face | None, str]] = []
    for text, face, strong in pieces:
        stripped = text
        while stripped and not _strong(stripped[-1]) and not _extends(ord(stripped[-1]),
                                                                      unicodedata.category(stripped[-1])):
            stripped = stripped[:-1]
        if strong == "R" and stripped and stripped != text:
            tail = text[len(stripped):]
            out.append((stripped, face, strong))
            out.append((tail, primary if _covers(primary, tail) else face, ""))
        else:
            out.append((text, face, strong))
    return out


def _robot_width(px: int) -> float:
    return round(px * 0.95)


@lru_cache(maxsize=8192)
def _run_width(run: Run, px: int) -> float:
    """The advance of one run; cached, as the same names and labels are measured in every render."""
    if run.face is None:
        return _robot_width(px) + round(px * 0.1)
    if _by_word(run):
        return sum(_word_advance(word, px, run.face) for word in _words(run.text))
    if _composed(run.text, run.face, run.rtl, run.embolden):
        return sum(_plain_advance(word, px, run.face) for word in _words(run.text))
    extra = 2 * synthetic_stroke(px) if run.embolden else 0
    return font(px, run.face).getlength(run.text, direction=RTL if run.rtl else DIRECTION,
                                        language=_language_tag(run.face)) + extra


# Nastaliq word by word ------------------------------------------------------------------------------
#
# Why: Raqm builds a new HarfBuzz face for every call, so each call compiles Noto Nastaliq Urdu's large
# shaping plan again: a single letter costs about as much as a short sentence, and every new sentence
# (a name or a number inside it) used to cost a measure, a bounding box and a drawing, three shapings.
# A Nastaliq word is a closed unit (its letters join, its marks stack, nothing reaches across a space),
# so a right-to-left Nastaliq run is laid out as its words and spaces, each shaped once (one mask, one
# advance) and reused in every sentence that contains it; the pixels are the same as shaping the run
# whole. The few hundred words of the images are shaped ahead in the drawing processes (`warm`).

# Distinct (word, size, face) kept: a Nastaliq word's mask is a few KB (1.5 KB on average for the images'
# words), so the masks stay within tens of MB; the images' own words at every size are about 1,200.
WORD_CACHE = 8192
_SPACES = re.compile(r"( +)")


def _by_word(run: Run) -> bool:
    return run.rtl and run.face in URDU_FACES and not run.embolden


def _words(text: str) -> list[str]:
    """Words and the runs of spaces between them, in logical order."""
    return [piece for piece in _SPACES.split(text) if piece]


def _number(word: str) -> bool:
    """A word of ASCII digits: Raqm sets it left to right inside the run, digit by digit (no digit changes
    shape beside another), so it is drawn from the ten digits' masks and any number costs no shaping."""
    return word.isascii() and word.isdigit()


def _word_advance(word: str, px: int, face: Face) -> float:
    if _number(word):
        return sum(_advance(digit, px, face) for digit in word)
    return _advance(word, px, face)


@lru_cache(maxsize=WORD_CACHE)
def _word_mask(word: str, px: int, face: Face) -> tuple[Image.Image, int, int]:
    """`_mask` of one right-to-left word, in a cache of its own: words are many and small, runs few and wide."""
    return _mask.__wrapped__(word, px, face, True)


@lru_cache(maxsize=WORD_CACHE)
def _advance(word: str, px: int, face: Face) -> float:
    """The advance of one right-to-left word (or run of spaces) of `face`."""
    return font(px, face).getlength(word, direction=RTL, language=_language_tag(face))


def prepare(text: str, typeface: ImageFont.FreeTypeFont) -> int:
    """Shape the Nastaliq words of `text` at `typeface`'s size now (their advance and mask), in the
    language of the enclosing `language` block, so drawing them later shapes nothing. Returns how many
    words (spaces, digits) were shaped now (0 when all were cached, or the line has no Nastaliq)."""
    px, shaped = int(typeface.size), 0
    for run in runs(text, weight_of(typeface)):
        if run.face is None or not _by_word(run):
            continue
        for word in _words(run.text):
            before = _advance.cache_info().misses
            for glyphs in word if _number(word) else (word,):
                _advance(glyphs, px, run.face)
                if glyphs[0] != " ":
                    _word_mask(glyphs, px, run.face)
            shaped += _advance.cache_info().misses - before
    return shaped


def _draw_words(draw: ImageDraw.ImageDraw, run: Run, x: float, baseline: float, px: int, fill: RGB,
                pen: Pen | None) -> None:
    """A right-to-left Nastaliq run drawn word by word: the first word at the run's right end."""
    assert run.face is not None
    right = x + _run_width(run, px)
    for word in _words(run.text):
        right -= _word_advance(word, px, run.face)
        at = right
        for glyphs in word if _number(word) else (word,):  # a number's digits left to right
            if glyphs[0] != " ":
                mask, left, top = _word_mask(glyphs, px, run.face)
                _stamp(draw, (round(at) + left, round(baseline) + top), mask, fill, pen)
            at += _advance(glyphs, px, run.face) if _number(word) else 0


# Plain left-to-right lines word by word ------------------------------------------------------------
#
# Why: most lines of a table carry a name or cards ("Lan played pair of 4s", "Minh to play"), so with a
# thousand games in play most are new to the line cache (`_mask`), and each new one used to cost a
# shaping by Raqm for its width and another for its mask. Their words recur across games and turns
# (names, "played", "3♠"), so a new line of DejaVu text is put together from cached word masks at the
# advances the font gives each word, and shapes nothing once its words are known. DejaVu kerns no pair
# across a space and has no ligature spanning one, so the advances add up to the whole line's exactly;
# each word lands within half a pixel of where the whole line puts it (Pillow draws a line's glyphs at
# sub-pixel offsets, a cached word at a whole pixel). The composed line is then cached as a line is.
COMPOSED_FACES = frozenset({Face.REGULAR, Face.BOLD})


def _composed(text: str, face: Face | None, rtl: bool, embolden: bool) -> bool:
    """Whether a run is set from its words: several words of DejaVu, left to right, not emboldened."""
    return face in COMPOSED_FACES and not rtl and not embolden and " " in text.strip(" ")


@lru_cache(maxsize=WORD_CACHE)
def _plain_advance(word: str, px: int, face: Face) -> float:
    """The advance of one left-to-right word (or run of spaces) of `face`."""
    return font(px, face).getlength(word, direction=DIRECTION)


@lru_cache(maxsize=WORD_CACHE)
def _plain_word_mask(word: str, px: int, face: Face) -> tuple[Image.Image, int, int]:
    """`_mask` of one left-to-right word, in a cache of its own (words are many and small)."""
    return _mask.__wrapped__(word, px, face, False)


def _composed_mask(text: str, px: int, face: Face) -> tuple[Image.Image, int, int]:
    """A left-to-right run's mask put together from its words' (`_composed`), offset as `_mask`'s."""
    placed: list[tuple[int, int, Image.Image]] = []
    pen = 0.0
    for word in _words(text):
        if word[0] != " ":
            mask, left, top = _plain_word_mask(word, px, face)
            placed.append((math.floor(pen + 0.5) + left, top, mask))
        pen += _plain_advance(word, px, face)
    x0, y0 = min(x for x, _, _ in placed), min(y for _, y, _ in placed)
    x1 = max(x + mask.width for x, _, mask in placed)
    y1 = max(y + mask.height for _, y, mask in placed)
    line = Image.new("L", (x1 - x0, y1 - y0), 0)
    inked = x0  # the right edge of what is drawn so far
    for x, y, mask in placed:
        box = (x - x0, y - y0, x - x0 + mask.width, y - y0 + mask.height)
        if x >= inked:
            line.paste(mask, box)
        else:  # a box reaching back over its neighbour's (an overhang): its margin must not blank that ink
            line.paste(ImageChops.lighter(line.crop(box), mask), box)
        inked = max(inked, x + mask.width)
    return line, x0, y0


def _language_tag(face: Face) -> str | None:
    """The OpenType language Raqm shapes a run in: Urdu for the Nastaliq face (its Urdu forms)."""
    return "ur" if face in URDU_FACES else None


def width(text: str, typeface: ImageFont.FreeTypeFont) -> float:
    """Advance width of `text` as `draw_fitted` lays it out (fallback faces and bidi included)."""
    return _width(text, int(typeface.size), weight_of(typeface), current_language())


@lru_cache(maxsize=8192)
def _width(text: str, px: int, weight: Face, lang: str) -> float:
    """Cached: fitting measures every name and label of a table, the same ones in each of a game's tables."""
    return sum(_run_width(run, px) for run in _runs(text, weight, lang))


# Fitting -------------------------------------------------------------------------------------------


def _trim_end(clusters: tuple[str, ...]) -> str:
    """Join kept clusters, dropping trailing spaces (a cut never ends on a space before the ellipsis)."""
    return "".join(clusters).rstrip()


def _with_ellipsis(kept: str) -> str:
    """The ellipsis after `kept`; when `kept` ends in right-to-left text, an RLM keeps the ellipsis on
    the side where the text was cut (its left), not at the far right of the line."""
    last = next((s for s in map(_strong, reversed(kept)) if s), "")
    return kept + ELLIPSIS + (RLM if last == "R" else "")


def fit(text: str, typeface: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text` cleaned, and cut by grapheme with an ellipsis if wider than `max_width` pixels."""
    text = clean(text)
    if not text or width(text, typeface) <= max_width:
        return text
    if width(ELLIPSIS, typeface) > max_width:
        return ""
    clusters = graphemes(text)
    low, high = 0, len(clusters)  # the longest prefix that fits with its ellipsis lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        if width(_with_ellipsis(_trim_end(clusters[:middle])), typeface) <= max_width:
            low = middle
        else:
            high = middle
    return _with_ellipsis(_trim_end(clusters[:low]))


def two_lines(text: str, typeface: ImageFont.FreeTypeFont, max_width: float) -> tuple[str, str]:
    """`text` cleaned and set on at most two lines of `max_width`: broken at the last space that lets the
    first line fit (else between graphemes), the second line cut with an ellipsis if still too long.
    The second line is "" when the whole text fits on one."""
    text = clean(text)
    if not text or width(text, typeface) <= max_width:
        return text, ""
    clusters = graphemes(text)
    low, high = 0, len(clusters)  # the longest prefix that fits lies in [low, high)
    while high - low > 1:
        middle = (low + high) // 2
        if width(_trim_end(clusters[:middle]), typeface) <= max_width:
            low = middle
        else:
            high = middle
    spaces = [index for index in range(1, low + 1) if clusters[index] == " "]
    cut = spaces[-1] if spaces else max(1, low)
    first = _trim_end(clusters[:cut])
    rest = "".join(clusters[cut:]).strip()
    return first, fit(rest, typeface, max_width)


def shrink_to_fit(text: str, typeface: ImageFont.FreeTypeFont, max_width: float, min_px: int
                  ) -> ImageFont.FreeTypeFont:
    """`typeface`, or the same weight at the largest size down to `min_px` at which `text` fits whole."""
    if min_px >= typeface.size or width(clean(text), typeface) <= max_width:
        return typeface
    weight = weight_of(typeface)
    for px in range(int(typeface.size) - 1, min_px - 1, -1):
        smaller = font(px, weight)
        if width(clean(text), smaller) <= max_width:
            return smaller
    return font(min_px, weight)


def draw_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, typeface: ImageFont.FreeTypeFont,
              fill: RGB, align: Align = "left", pen: Pen | None = None) -> None:
    """Draw one line of already fitted text, vertically centred on xy[1], anchored per `align` (through
    `pen` on a picture that is not RGB)."""
    px = int(typeface.size)
    weight = weight_of(typeface)
    note("text", px, text, weight is Face.BOLD, current_language())
    pieces = runs(text, weight)
    widths = [_run_width(run, px) for run in pieces]
    total = sum(widths)
    x = xy[0] - {"left": 0.0, "center": total / 2, "right": total}[align]
    ascent, descent = typeface.getmetrics()
    baseline = xy[1] + (ascent - descent) / 2  # where anchor "m" of the primary face would put it
    for run, run_width in zip(pieces, widths, strict=True):
        if run.face is None:
            _draw_robot(draw, x, xy[1], px, fill, pen)
        elif _by_word(run):
            _draw_words(draw, run, x, baseline, px, fill, pen)
        else:
            mask, left, top = _mask(run.text, px, run.face, run.rtl, run.embolden)
            _stamp(draw, (round(x) + left, round(baseline) + top), mask, fill, pen)
        x += run_width


def _stamp(draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Image.Image, fill: RGB, pen: Pen | None) -> None:
    if pen is None:
        draw.bitmap(xy, mask, fill=fill)
    else:
        pen.stamp(xy, mask, fill)


@lru_cache(maxsize=2048)
def _mask(text: str, px: int, face: Face, rtl: bool, embolden: bool = False) -> tuple[Image.Image, int, int]:
    """A run shaped and rasterised once: its coverage mask and offset from the baseline origin.

    Why: the same names, counts and badges are drawn in every table of a game, and shaping with Raqm
    is most of what a line costs; pasting a cached mask is a single C call. A plain run is shaped once
    for its mask and offset together (`getmask2`). Masks are never modified after caching, so threads
    share them. Bounded: 2,048 masks of a line's height and at most a line's width (tens of MB at most).
    """
    if _composed(text, face, rtl, embolden):
        return _composed_mask(text, px, face)
    typeface = font(px, face)
    direction = RTL if rtl else DIRECTION
    tag = _language_tag(face)
    if not embolden:
        core, (left, top) = typeface.getmask2(text, mode="L", direction=direction, language=tag, anchor="ls")
        if 0 in core.size:
            return Image.new("L", (1, 1), 0), 0, 0
        return Image.Image()._new(core), left, top
    stroke = synthetic_stroke(px)
    box = typeface.getbbox(text, anchor="ls", direction=direction, stroke_width=stroke, language=tag)
    left, top, right, bottom = (int(edge) for edge in box)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=typeface, fill=255, anchor="ls", direction=direction,
                              stroke_width=stroke, stroke_fill=255, language=tag)
    return mask, left + stroke, top  # a stroked run is `2 * stroke` wider (`_run_width`): centre it


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    typeface: ImageFont.FreeTypeFont,
    fill: RGB,
    align: Align = "left",
    min_px: int | None = None,
    pen: Pen | None = None,
) -> str:
    """Draw `text` fitted into `box` (left, top, right, bottom), vertically centred. Returns what was drawn.

    With `min_px`, a line too wide is first drawn smaller (down to `min_px`), and cut only after that.
    """
    left, top, right, bottom = box
    if min_px is not None:
        typeface = shrink_to_fit(text, typeface, right - left, min_px)
    shown = fit(text, typeface, right - left)
    if not shown:
        return shown
    x = {"left": left, "center": (left + right) / 2, "right": right}[align]
    draw_line(draw, (x, (top + bottom) / 2), shown, typeface, fill, align, pen)
    return shown


def _draw_robot(draw: ImageDraw.ImageDraw, left: float, middle: float, px: int, colour: RGB, pen: Pen | None) -> None:
    """A small robot head (antenna, rounded face, two eyes) in the text colour, about a capital high."""
    fill = colour if pen is None else pen.ink(colour)
    size = _robot_width(px)
    head_h = size * 0.62
    top = middle - head_h / 2 + size * 0.08
    x0, x1 = left + size * 0.08, left + size * 0.92
    draw.line((left + size / 2, top - size * 0.2, left + size / 2, top), fill=fill, width=max(1, px // 12))
    dot = max(1.5, size * 0.07)
    draw.ellipse((left + size / 2 - dot, top - size * 0.2 - dot, left + size / 2 + dot, top - size * 0.2 + dot),
                 fill=fill)
    draw.rounded_rectangle((x0, top, x1, top + head_h), radius=size * 0.16, fill=fill)
    eye = max(1.5, size * 0.09)
    eye_y = top + head_h * 0.45
    hole_colour = (0, 0, 0) if sum(colour) > 380 else (255, 255, 255)
    hole = hole_colour if pen is None else pen.ink(hole_colour)
    for eye_x in (left + size * 0.34, left + size * 0.66):
        draw.ellipse((eye_x - eye, eye_y - eye, eye_x + eye, eye_y + eye), fill=hole)
    draw.line((left + size * 0.36, top + head_h * 0.76, left + size * 0.64, top + head_h * 0.76), fill=hole,
              width=max(1, px // 14))
