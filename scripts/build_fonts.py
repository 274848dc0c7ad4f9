"""Rebuild the fallback fonts in rendering/assets from their upstream files (a developer's tool, not run by setup).

The bot draws names in any script, so rendering/fonts.py falls back from DejaVu Sans to Noto faces
for what DejaVu lacks. Upstream Noto files are large (the CJK collection is 19 MB a weight, the
variable emoji font 2 MB), so this script cuts them down once, here, and the results are committed:

- Noto Sans Arabic and Noto Sans Hebrew: the variable fonts pinned to weights 400 and 700 (static
  instances), subset to their scripts' blocks, every OpenType feature kept (Arabic joining needs them).
- Noto Emoji (the monochrome one): pinned to weight 500, every emoji kept, with its ligatures (ZWJ
  sequences, flags, keycaps, skin tones).
- Noto Sans CJK SC: one weight (regular; bold text falls back to it), subset to the common
  characters: the Han characters of GB 2312 level 1 (3,755 most used simplified), Big5 level 1
  (5,401 most used traditional) and JIS X 0208 level 1 (2,965 most used kanji), 7,174 in all;
  the 2,350 hangul syllables of KS X 1001; all of hiragana, katakana, bopomofo, CJK punctuation and
  the full-width forms. The sets come from Python's own codecs, so the list is reproducible.
- Noto Nastaliq Urdu (Regular and Bold): the face Urdu is drawn in when an image is in Urdu. Urdu
  readers expect Nastaliq, not the Naskh of Noto Sans Arabic, and this face is static, so it is only
  subset: to the Arabic block (0600-06FF, which holds every Urdu letter, the Urdu digits and marks)
  and the shared punctuation, every OpenType feature kept (Nastaliq's cascading joins are all GSUB
  and GPOS). Player names in Arabic script stay in Noto Sans Arabic, as in every other language.
- Georgian needs no file of its own: DejaVu Sans and DejaVu Sans Bold map all of Mkhedruli
  (10D0-10FF), checked by tests/rendering/test_legibility.py against their cmap.

Inputs: Debian's fonts-noto-cjk (/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc), the
OFL Noto files of the PyPI package manimgx-fonts (unpacked wheel folder, `--noto`) and Debian's
fonts-noto-core (/usr/share/fonts/truetype/noto, `--urdu`: NotoNastaliqUrdu-{Regular,Bold}.ttf). Needs fontTools
(`pip install fonttools`), which the bot itself does not: it only reads the finished files.

    python scripts/build_fonts.py --noto /tmp/manimgx_fonts \
        --cjk /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --urdu /usr/share/fonts/truetype/noto
    python scripts/build_fonts.py --only-urdu --urdu /usr/share/fonts/truetype/noto   # just the Urdu faces
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont
from fontTools.varLib import instancer

ASSETS = Path(__file__).resolve().parent.parent / "rendering" / "assets"
CJK_FACE = "Noto Sans CJK SC"

ARABIC = [(0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)]
HEBREW = [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]
URDU = [(0x0600, 0x06FF)]
SHARED = [(0x0020, 0x007E), (0x00A0, 0x00BF), (0x200C, 0x200F), (0x2010, 0x2027), (0x25CC, 0x25CC)]
CJK_EXTRA = [
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3100, 0x312F),  # bopomofo
    (0x3130, 0x318F),  # hangul compatibility jamo
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
]


def _ranges(ranges: Iterable[tuple[int, int]]) -> set[int]:
    return {code for low, high in ranges for code in range(low, high + 1)}


def _from_codec(codec: str, rows: range, cells: Iterable[int], low: int, high: int) -> set[int]:
    """Code points in [low, high] that `codec` encodes as two bytes (row, cell) for the given rows."""
    found: set[int] = set()
    cells = list(cells)
    for row in rows:
        for cell in cells:
            try:
                text = bytes([row, cell]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1 and low <= ord(text) <= high:
                found.add(ord(text))
    return found


def common_han() -> set[int]:
    """The most used Han characters of simplified Chinese, traditional Chinese and Japanese."""
    euc_cells = range(0xA1, 0xFF)
    gb2312_level1 = _from_codec("gb2312", range(0xB0, 0xD8), euc_cells, 0x4E00, 0x9FFF)
    jis_level1 = _from_codec("euc_jp", range(0xB0, 0xD0), euc_cells, 0x4E00, 0x9FFF)
    big5_cells = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]
    big5_level1 = _from_codec("big5", range(0xA4, 0xC7), big5_cells, 0x4E00, 0x9FFF)
    return gb2312_level1 | jis_level1 | big5_level1


def common_hangul() -> set[int]:
    """The 2,350 hangul syllables of KS X 1001 (what Korean text uses day to day)."""
    return _from_codec("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF), 0xAC00, 0xD7A3)


def _subset(font: TTFont, codes: set[int], out: Path) -> None:
    options = subset.Options()
    options.layout_features = ["*"]  # Arabic joining, ligatures, emoji sequences: keep every feature
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True  # tests compare drawn text against the .notdef glyph
    options.hinting = False  # drawn at 16-60 px with FreeType's autohinter; hints only add size
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codes)
    subsetter.subset(font)
    font.save(out)
    print(f"wrote {out.name}: {out.stat().st_size / 1024:.0f} KB, {len(codes)} code points asked")


def _static(variable: Path, weight: int) -> TTFont:
    return instancer.instantiateVariableFont(TTFont(variable), {"wght": weight}, updateFontNames=False)


def build_urdu(folder: Path) -> None:
    for style in ("Regular", "Bold"):
        _subset(TTFont(folder / f"NotoNastaliqUrdu-{style}.ttf"), _ranges(URDU + SHARED),
                ASSETS / f"NotoNastaliqUrdu-{style}.ttf")


def build(noto: Path, cjk: Path) -> None:
    for weight, style in ((400, "Regular"), (700, "Bold")):
        _subset(_static(noto / "NotoSansArabic[wght].ttf", weight), _ranges(ARABIC + SHARED),
                ASSETS / f"NotoSansArabic-{style}.ttf")
        _subset(_static(noto / "NotoSansHebrew[wght].ttf", weight), _ranges(HEBREW + SHARED),
                ASSETS / f"NotoSansHebrew-{style}.ttf")
    emoji = _static(noto / "NotoEmoji[wght].ttf", 500)
    _subset(emoji, set(emoji.getBestCmap()), ASSETS / "NotoEmoji-Regular.ttf")
    collection = TTCollection(cjk)
    face = next(font for font in collection.fonts if font["name"].getDebugName(4) == CJK_FACE)
    codes = common_han() | common_hangul() | _ranges(CJK_EXTRA + SHARED)
    _subset(face, codes, ASSETS / "NotoSansCJKsc-Common.otf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--noto", type=Path, help="folder with the Noto variable fonts")
    parser.add_argument("--cjk", type=Path, help="NotoSansCJK-Regular.ttc")
    parser.add_argument("--urdu", type=Path, required=True, help="folder with NotoNastaliqUrdu-*.ttf")
    parser.add_argument("--only-urdu", action="store_true", help="rebuild the Urdu faces only")
    args = parser.parse_args()
    if not args.only_urdu:
        if args.noto is None or args.cjk is None:
            parser.error("--noto and --cjk are needed unless --only-urdu")
        build(args.noto, args.cjk)
    build_urdu(args.urdu)


if __name__ == "__main__":
    main()
