"""Every image in every language: words from the catalogs, no missing glyph, Urdu right to left.

The renders are seeded games of every kind at moments that draw the most words (`seeded_renders`);
what each draws is recorded by `rendering.measure` with its weight and layout language, so every line
can be laid out again here and each of its runs compared with its face's cmap.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np
import pytest
from PIL import Image, ImageDraw

from locales import t
from rendering.fonts import ASSETS, URDU_CHAINS, URDU_FACES, Face, bold, coverage, font
from rendering.measure import Drawn, recording
from rendering.text import _IGNORABLE, draw_line, language, runs
from rendering.theme import TEXT_PX
from tests.rendering.helpers import seeded_renders

# Names a pseudo-language render can tell apart from words: plain Latin, no letters of the markers.
PLAIN_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
URDU_NAMES = ("علی", "فاطمہ خان", "Bilal", "زینب", "Ann")
GEORGIAN_NAMES = ("ნინო", "გიორგი ბერიძე", "Bob", "თამარი", "ლევანი")
CARD = re.compile(r"(10|[2-9JQKA])[♠♣♦♥]|🃏")


def _drawn(lang: str, names: tuple[str, ...]) -> list[tuple[str, Drawn]]:
    """(which render, line) for every line of text drawn by every seeded render in `lang`."""
    lines: list[tuple[str, Drawn]] = []
    for what, render in seeded_renders(lang, names):
        with recording() as drawn:
            render()
        lines.extend((what, item) for item in drawn if item.kind == "text" and item.text)
    return lines


@pytest.mark.parametrize(("lang", "names"), [("ur", URDU_NAMES), ("ka", GEORGIAN_NAMES)])
def test_urdu_and_georgian_renders_have_every_glyph(lang, names):
    """No .notdef: every character of every drawn line is in the cmap of the face its run is drawn in (or is
    a default-ignorable mark), and the images really are in the language (its script is drawn)."""
    lines = _drawn(lang, names)
    assert lines and all(item.lang == lang for _, item in lines)
    missing = []
    for what, item in lines:
        for run in runs(item.text, Face.BOLD if item.bold else Face.REGULAR, item.lang):
            if run.face is None:  # the drawn robot icon
                continue
            have = coverage(run.face)
            missing += [(what, item.text, ch) for ch in run.text if ord(ch) not in have and ord(ch) not in _IGNORABLE]
    assert not missing, missing[:10]
    script = (0x0600, 0x06FF) if lang == "ur" else (0x10D0, 0x10FF)
    own = [item.text for _, item in lines if any(script[0] <= ord(ch) <= script[1] for ch in item.text)]
    assert len(own) > len(lines) // 2, "most lines should be written in the language's own script"


def test_urdu_lines_are_set_in_nastaliq():
    """An Urdu image sets its Arabic-script text in Noto Nastaliq Urdu, bundled with its licence."""
    drawn_faces = {run.face for run in runs(t("ur", "No cards in hand"), Face.REGULAR, "ur")}
    assert drawn_faces == {Face.URDU}
    assert {run.face for run in runs(t("ur", "No cards in hand"), Face.BOLD, "ur")} == {Face.URDU_BOLD}
    licence = (ASSETS / "LICENSE-Noto.txt").read_text()
    for face in URDU_FACES:
        assert (ASSETS / face.value).is_file() and face.value in licence
    for chain in URDU_CHAINS.values():
        assert all((ASSETS / face.value).is_file() for face in chain)


def test_dejavu_draws_all_of_georgian_mkhedruli_in_both_weights():
    """Georgian needs no font of its own: DejaVu Sans maps every Mkhedruli letter (U+10D0..U+10FA) bold too."""
    letters = range(0x10D0, 0x10FB)
    assert all(code in coverage(Face.REGULAR) and code in coverage(Face.BOLD) for code in letters)
    assert {run.face for run in runs("ახალი თამაში", Face.BOLD, "ka")} == {Face.BOLD}


def _ink(text: str, align: str, x: float, width: int = 700) -> np.ndarray:
    """The ink of `text` drawn as an Urdu image draws it, anchored at `x` by `align`."""
    image = Image.new("L", (width, 80), 0)
    with language("ur"):
        draw_line(ImageDraw.Draw(image), (x, 40), text, font(TEXT_PX + 7), 255, align)  # type: ignore[arg-type]
    return np.asarray(image) > 96


def _shared(part: np.ndarray, whole: np.ndarray, side: str) -> float:
    """The share of `part`'s ink that `whole` also inks, once `part` is moved so its ink's `side` edge
    meets the same edge of `whole`'s ink (a word alone and in a line may differ by its side bearing)."""
    edge = -1 if side == "right" else 0
    shift = int(np.flatnonzero(whole.any(axis=0))[edge] - np.flatnonzero(part.any(axis=0))[edge])
    moved = np.roll(part, shift, axis=1)
    return float((moved & whole).sum() / max(1, moved.sum()))


def test_urdu_is_drawn_right_to_left():
    """The first word of an Urdu line is drawn at its right end, the last at its left: "ہاتھ میں کوئی کارڈ
    نہیں" right-aligned puts "ہاتھ" where "ہاتھ" alone right-aligned goes, and "نہیں" where it goes alone
    left-aligned at the line's left edge. The same words swapped do not match, so the check can fail."""
    line = t("ur", "No cards in hand")
    first, last = line.split()[0], line.split()[-1]
    whole = _ink(line, "right", 680)
    assert _shared(_ink(first, "right", 680), whole, "right") > 0.9
    assert _shared(_ink(last, "right", 680), whole, "left") > 0.9
    assert _shared(_ink(last, "right", 680), whole, "right") < 0.6  # where a left-to-right drawing puts it
    assert _shared(_ink(first, "right", 680), whole, "left") < 0.6


def test_cards_and_latin_names_stay_left_to_right_inside_urdu():
    """In a right-to-left line a card run ("7♥ 8♥") and a Latin name read left to right as islands, and
    the line's first words are its rightmost runs."""
    laid = runs("علی نے 7♥ 8♥ کھیلا، Bilal", Face.REGULAR, "ur")
    texts = [run.text for run in laid]
    assert texts[-1] == "علی نے" and laid[-1].rtl
    cards = [run for run in laid if "♥" in run.text]
    assert "".join(run.text for run in cards) in ("7♥8♥", "7♥ 8♥") or texts.index(cards[0].text) < texts.index(
        cards[-1].text)
    assert all(not run.rtl for run in cards)
    assert texts[0] == "Bilal" and not laid[0].rtl


def test_a_sign_before_a_number_reads_with_it_in_urdu():
    """"ناک ≤ 10" keeps "≤" in the line's direction (mirrored by Raqm), so it reads "knock ≤ 10" right to left."""
    laid = runs("ناک ≤ 10", Face.REGULAR, "ur")
    assert [run.text.strip() for run in laid] == ["10", "≤", "ناک"]
    assert laid[1].rtl and not laid[0].rtl


MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
CUT = re.compile(r"⟦[^⟦⟧]*…")  # a marked message cut to fit, its closing marker gone with its end


def _unmarked(text: str) -> str:
    """What is left of a pseudo-language text once its marked messages (innermost first: a message's
    placeholders may hold others), names, cards and numbers are gone: any letter left over is a word that
    bypassed the catalogs."""
    while (unwrapped := MARKED.sub("", text)) != text:
        text = unwrapped
    text = CUT.sub("", text)
    for name in PLAIN_NAMES:
        text = text.replace(name, "")
    text = CARD.sub("", re.sub(r"(10|[2-9JQKA])…", "", text))
    return "".join(ch for ch in text if unicodedata.category(ch).startswith("L"))


def test_pseudo_language_marks_every_drawn_word():
    """In the pseudo-language every word drawn in every image kind comes from the catalogs: each line holds
    a marked message, or nothing but names, cards, numbers and signs."""
    lines = _drawn("qps", PLAIN_NAMES)
    assert any("⟦" in item.text for _, item in lines)
    by_render: dict[str, list[str]] = {}
    for what, item in lines:  # a sentence wrapped over lines (a Gin score) is read whole
        by_render.setdefault(what, []).append(item.text)
    leftovers = [(what, _unmarked(" ".join(texts)), texts) for what, texts in by_render.items()
                 if _unmarked(" ".join(texts))]
    assert not leftovers, leftovers[:5]


def test_the_pseudo_check_finds_an_english_word():
    """The check above can fail: an English line is reported, a marked one or a bare card line is not."""
    assert _unmarked("Ann to play") == "toplay"
    assert _unmarked("⟦Ann to play···⟧ Cy passed") == "passed"
    assert not _unmarked("⟦⟦2 cards··⟧ · ⟦Ann to play···⟧···⟧ ⟦Game over: Bob, Cy win the se…")
    assert not _unmarked("Bob 7♥ 8♥ › Ann 10♠ Q…")


@pytest.mark.parametrize("lang", ["vi", "de", "bg", "ur", "ka"])
def test_the_table_reads_in_the_requested_language(lang):
    """The header's "to play" is the catalog's, not English: each language's table draws its own words."""
    from games.thirteen.state import new_game
    from rendering import thirteen

    view = new_game(4, 1).view(None)
    with recording() as drawn:
        thirteen.render_table(view, PLAIN_NAMES[:4], lang=lang)
    texts = {item.text for item in drawn}
    expected = t(lang, "{name} to play").format(name=PLAIN_NAMES[view.to_move])
    assert expected != f"{PLAIN_NAMES[view.to_move]} to play"
    assert expected in texts and t(lang, "Thirteen") in texts


def test_a_place_is_written_the_languages_way():
    """CLDR's ordinal category picks the message: 2nd, 2., 2-ро, მე-2, 1-ლი."""
    from rendering.words import place

    assert [place("en", n) for n in (1, 2, 3, 4, 11, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "21st"]
    assert place("de", 2) == "2." and place("bg", 2) == "2-ро" and place("bg", 1) == "1-во"
    assert place("ka", 1) == "1-ლი" and place("ka", 2) == "მე-2"


def test_numbers_on_boards_follow_cldr():
    """Counts and percentages on a board are CLDR's ("45 %" in German, "45%" in English)."""
    from rendering.leaderboard import LeaderboardRow, board_rows

    row = LeaderboardRow(1, "Ann", 1500, 1200, 540)
    assert board_rows([row], None, lang="de")[0].cells[3:] == ("1.200", "540", "45\xa0%")
    assert board_rows([row], None, lang="en")[0].cells[3:] == ("1,200", "540", "45%")


def test_bold_is_recorded_so_lines_can_be_checked():
    """The measure records each line's weight and language (what the glyph checks lay out again)."""
    image = Image.new("RGB", (200, 40))
    with recording() as drawn, language("ka"):
        draw_line(ImageDraw.Draw(image), (0, 20), "ნინო", bold(TEXT_PX), (255, 255, 255))
    assert drawn == [Drawn("text", TEXT_PX, "ნინო", True, "ka")]
