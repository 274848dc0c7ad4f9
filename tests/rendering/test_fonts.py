"""The font fallback chain: every script it claims draws real glyphs, never the .notdef box."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from rendering.fonts import ASSETS, CHAINS, DIRECTION, RTL, Face, bold, coverage, font
from rendering.text import ELLIPSIS, ROBOT, draw_fitted, fit, graphemes, runs, width

# One name per script the chain claims, and the names players complained about.
NAMES = {
    "latin": "Zoë-Alexandra",
    "vietnamese": "Minh Nguyễn",
    "greek": "Γιώργος Παπαδόπουλος",
    "cyrillic": "Ива́н Петров",
    "arabic": "محمد عبد الله",
    "persian": "پریسا",
    "hebrew": "שלום עליכם",
    "han simplified": "王小明",
    "han traditional": "李小龍",
    "kana": "さくら カタカナ",
    "hangul": "김민준",
    "emoji": "🎉🔥 PartyKing",
    "emoji sequences": "👩‍👩‍👧 🇫🇷 👍🏽 1️⃣",
    "suits": "Lan 7♥ 10♠ 🃏",
}
PX = 28


def _mask(text: str, typeface: ImageFont.FreeTypeFont, rtl: bool) -> np.ndarray:
    image = Image.new("L", (PX * 8, PX * 2), 0)
    ImageDraw.Draw(image).text((2, PX), text, font=typeface, fill=255, anchor="lm",
                               direction=RTL if rtl else DIRECTION)
    pixels = np.asarray(image)
    columns = np.flatnonzero(pixels.any(axis=0))
    return pixels[:, columns.min(): columns.max() + 1] if columns.size else pixels[:, :0]


def _notdef(face: Face) -> np.ndarray:
    """The face's own .notdef drawing: a code point no font here maps (a private-use one)."""
    return _mask("\U0010fffd", font(PX, face), False)


@pytest.mark.parametrize("script", list(NAMES))
@pytest.mark.parametrize("weight", [Face.REGULAR, Face.BOLD])
def test_every_claimed_script_draws_without_notdef(script, weight):
    """Each cluster of each run is drawn by its face as something other than that face's .notdef box."""
    for run in runs(NAMES[script], weight):
        if run.face is None:
            continue
        notdef = _notdef(run.face)
        for cluster in graphemes(run.text):
            if cluster.isspace():
                continue
            drawn = _mask(cluster, font(PX, run.face), run.rtl)
            assert drawn.size, f"{cluster!r} drew nothing in {run.face.value}"
            assert not np.array_equal(drawn, notdef), f"{cluster!r} drew .notdef in {run.face.value}"


def test_the_notdef_check_catches_a_missing_glyph():
    """The comparison above does see a .notdef: a CJK character drawn with DejaVu matches its box."""
    assert np.array_equal(_mask("龍", font(PX, Face.REGULAR), False), _notdef(Face.REGULAR))


def test_every_name_maps_to_a_face_that_covers_it():
    """No run falls back to a face lacking its characters (what would draw the box)."""
    for name in NAMES.values():
        for run in runs(name):
            if run.face is not None:
                have = coverage(run.face)
                assert all(ord(ch) in have or ord(ch) in (0x200D, 0xFE0F) for ch in run.text), (name, run)


def test_each_script_goes_to_its_own_face():
    """Arabic, Hebrew, CJK and emoji are set in their Noto faces; Latin and suits stay in DejaVu."""
    faces = {script: {run.face for run in runs(name)} for script, name in NAMES.items()}
    assert faces["arabic"] == {Face.ARABIC}
    assert faces["hebrew"] == {Face.HEBREW}
    assert faces["han traditional"] == {Face.CJK}
    assert faces["hangul"] == {Face.CJK}
    assert Face.EMOJI in faces["emoji"]
    assert faces["suits"] == {Face.REGULAR}
    assert {run.face for run in runs(NAMES["arabic"], Face.BOLD)} == {Face.ARABIC_BOLD}


def test_right_to_left_runs_are_laid_out_right_to_left():
    """Hebrew after English is one right-to-left run; an emoji between Hebrew words is laid out with them."""
    assert [(run.text, run.rtl) for run in runs("abc שלום עליכם")] == [("abc ", False), ("שלום עליכם", True)]
    mixed = [run.text.strip() for run in runs("🎉 שלום 🔥 עליכם") if run.text.strip()]
    assert mixed == ["🎉", "עליכם", "🔥", "שלום"]  # UAX #9: the RTL stretch reads right to left


def test_a_cut_in_right_to_left_text_keeps_the_ellipsis_on_the_cut_side():
    """Cutting an Arabic name puts the ellipsis at its left, where the text was cut, not at the far right."""
    shown = fit("محمد عبد الله الأحمد", bold(24), 120)
    assert ELLIPSIS in shown
    laid_out = runs(shown, Face.BOLD)
    assert ELLIPSIS in laid_out[0].text and laid_out[0].rtl


def test_a_cut_is_made_between_graphemes():
    """No cut splits a flag, a skin tone or a ZWJ family: the kept part is whole clusters of the name."""
    name = "👩‍👩‍👧🇫🇷👍🏽🇻🇳👨‍🚀"
    for box in range(20, 200, 3):
        shown = fit(name, font(24), box)
        kept = shown.removesuffix(ELLIPSIS)
        assert graphemes(name)[: len(graphemes(kept))] == graphemes(kept)


def test_graphemes_keep_marks_flags_and_jamo_together():
    """Clusters follow UAX #29 for marks, regional-indicator pairs, skin tones, ZWJ and hangul jamo."""
    assert graphemes("а́б") == ("а́", "б")
    assert graphemes("🇫🇷🇻🇳") == ("🇫🇷", "🇻🇳")
    assert graphemes("👍🏽x") == ("👍🏽", "x")
    assert graphemes("👩‍👩‍👧!") == ("👩‍👩‍👧", "!")
    assert graphemes("\u1100\u1161\u11a8a") == ("\u1100\u1161\u11a8", "a")


def test_a_computer_player_is_marked_by_a_drawn_icon():
    """"🤖 Ada" draws the robot as shapes, not a glyph, so no emoji font decides how it looks."""
    assert runs("🤖 Ada (easy)")[0].face is None
    image = Image.new("RGB", (300, 40), (0, 0, 0))
    draw_fitted(ImageDraw.Draw(image), (0, 0, 300, 40), "🤖 Ada", bold(24), (255, 255, 255))
    left = np.asarray(image)[:, : int(width(ROBOT, bold(24)))]
    assert left.any()


def test_fallback_faces_and_licences_are_bundled():
    """Every face of the chain ships in rendering/assets, beside a licence file naming it."""
    licences = " ".join(path.read_text() for path in ASSETS.glob("LICENSE*"))
    for chain in CHAINS.values():
        for face in chain:
            assert (ASSETS / face.value).is_file()
            assert face.value in licences or face.value.startswith("DejaVu")
    assert "DejaVu" in licences


def test_cards_after_a_right_to_left_name_read_after_it():
    """"محمد 6♣ 6♥": the digits after an Arabic name stay with the cards, left to right, not pulled into it."""
    laid_out = runs("محمد عبد الله 6♣ 6♥")
    assert laid_out[0].rtl and laid_out[0].text == "محمد عبد الله"
    assert "".join(run.text for run in laid_out[1:]) == " 6♣ 6♥"
    assert not any(run.rtl for run in laid_out[1:])


def test_bold_cjk_is_emboldened_in_the_regular_cjk_face():
    """No bold CJK face is bundled: bold CJK text is drawn in the CJK face with a stroke, so it inks more
    than the same text in regular weight (and the face has the glyphs: no .notdef, as tested above)."""
    (run,) = runs("李小龍", Face.BOLD)
    assert run.face is Face.CJK and run.embolden
    assert not runs("李小龍", Face.REGULAR)[0].embolden

    def ink(typeface: ImageFont.FreeTypeFont) -> int:
        image = Image.new("RGB", (200, 60), (0, 0, 0))
        draw_fitted(ImageDraw.Draw(image), (0, 0, 200, 60), "李小龍", typeface, (255, 255, 255))
        return int(np.asarray(image).sum())

    assert ink(bold(PX)) > 1.15 * ink(font(PX))
