"""Thirteen (Tiến lên) images: the public table and a seat's hand, from `ThirteenView` only.

The table shows every seat's name and card count, who passed this round (TL-9), finishing places
(TL-11), the combination to beat and who played it (TL-6), and whose turn it is. It reads only
public fields of the view (counts, never cards in hands), so it is the same picture whichever seat's
view, or the spectator view, it is drawn from.

Every word is the catalogs' in the image's language (`lang`). The engine's log lines and combination
descriptions are English sentences (games/ is pure and speaks no language), so `log_words` reads the
log line's shape and says it again through the catalogs, and `combo_words` names a combination from
its kind, length and cards; in English the engine's own description is kept word for word.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from PIL import Image

from games.cards import Card
from games.thirteen.combos import ComboKind
from games.thirteen.moves import Play
from games.thirteen.order import value
from games.thirteen.views import LogLine, TableCombo, ThirteenView, Turn
from locales import listing, number, t, tn
from rendering.boards import place_colour
from rendering.fonts import bold, font
from rendering.hand import hand_png
from rendering.layout import mirror
from rendering.offload import offloaded
from rendering.surface import Surface, SurfaceKind, reference, sent
from rendering.table import (
    FOOTER_H,
    HEADER_H,
    PAD,
    Badge,
    SeatPanel,
    canvas,
    card_row,
    footer,
    header,
    panel_height,
    seat_name,
    seat_panels,
    turn_label,
)
from rendering.text import language
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme
from rendering.words import place as place_words

CAPTION_H = 44
STRIP_H = 34  # the round so far, under the cards
CENTRE_H = CAPTION_H + Size.TABLE.value.height + 16 + STRIP_H


def table_size(view: ThirteenView, theme: Theme = DEFAULT_THEME, names: Sequence[str] = (), *,
               lang: str = "en") -> tuple[int, int]:
    """The table image's size: fixed for a game and its names (its seat panels gain a line in a series,
    D-TL-5, and a second name line for a name too long for one)."""
    with language(lang):
        seats = panel_height([_panel(view, names, seat, theme, lang) for seat in range(view.players)], theme)
    return theme.width, HEADER_H + PAD + seats + PAD + CENTRE_H + FOOTER_H


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """TL-2 order, lowest first: rank 3..A, 2, then suit ♠ ♣ ♦ ♥."""
    return sorted(cards, key=value)


def render_hand(view: ThirteenView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME, *,
                lang: str = "en") -> bytes:
    """PNG of the viewing seat's hand in TL-2 order, `selected` cards raised."""
    return hand_png(tuple(sort_hand(view.hand)), frozenset(selected), theme, lang=lang)


def _panel(view: ThirteenView, names: Sequence[str], seat: int, theme: Theme, lang: str = "en") -> SeatPanel:
    place = view.places[seat]
    badges: list[Badge] = []
    if place is not None:
        badges.append(Badge(place_words(lang, place), place_colour(place, theme) or theme.text_muted))
    to_play = seat == view.to_move and not view.is_over
    if to_play:  # TL-8.8: a seat that passed may still chop a 2
        badges.append(Badge(t(lang, "may bomb") if view.in_bomb_window else t(lang, "to play"), theme.accent))
    if seat in view.passed and not to_play:
        badges.append(Badge(t(lang, "passed"), theme.danger))
    points = view.series_points[seat]
    lines = (tn(lang, "{n} pt in series", "{n} pts in series", points),) if view.series_games > 1 else ()
    return SeatPanel(
        name=seat_name(names, seat, lang=lang),
        cards=view.hand_counts[seat] if view.hand_counts[seat] else None,  # the last player keeps cards
        status=t(lang, "out") if not view.hand_counts[seat] else "",
        lines=lines,
        badges=tuple(badges),
        active=to_play,
        dimmed=place is not None or seat in view.passed,
    )


def match_places(view: ThirteenView) -> list[tuple[int, int]]:
    """(place, seat) best first, by the match's own rule: one game ranks by finishing order (TL-11), a
    series by its place points (D-TL-5, TL-12; equal points share a place), as the engine's result does."""
    if view.series_games > 1:
        points = view.series_points
        return sorted((1 + sum(other > mine for other in points), seat) for seat, mine in enumerate(points))
    return sorted((place, seat) for seat, place in enumerate(view.places) if place is not None)


def series_over_text(view: ThirteenView, names: Sequence[str], lang: str = "en") -> str:
    """The end of a match of several games, as it was decided (D-TL-5; a tournament's fixed deal count,
    D-TN-1): the games played, and the winner on place points, or the players level on the most points
    sharing first place (D-TN-2; with two players, a draw), the points best first. Empty for one game."""
    if view.series_games <= 1 or not view.is_over:
        return ""
    winners = [seat for place, seat in match_places(view) if place == 1]
    who = listing(lang, [seat_name(names, seat, lang=lang) for seat in winners])
    scores = "–".join(number(lang, points) for points in sorted(view.series_points, reverse=True))
    games = view.series_games
    if len(winners) > 1:
        return tn(lang, "{n} game played: {who} share first place on place points {scores}",
                  "{n} games played: {who} share first place on place points {scores}", games, who=who,
                  scores=scores)  # fmt: skip
    return tn(lang, "{n} game played: {who} wins on place points {scores}",
              "{n} games played: {who} wins on place points {scores}", games, who=who, scores=scores)  # fmt: skip


def _centre_caption(view: ThirteenView, names: Sequence[str], lang: str = "en") -> str:
    if view.is_over:
        winners = [seat for place, seat in match_places(view) if place == 1]
        if not winners:
            return t(lang, "Game over")
        if view.series_games > 1:
            return series_over_text(view, names, lang)
        who = listing(lang, [seat_name(names, seat, lang=lang) for seat in winners])
        return tn(lang, "Game over: {who} wins", "Game over: {who} win", len(winners), who=who)
    if view.table is not None:
        who, combo = seat_name(names, view.table.seat, lang=lang), combo_words(lang, view.table)
        bomb_on_two = view.table.on_two and not any(card.rank is not None and card.rank.label == "2"
                                                    for card in view.table.cards)
        if bomb_on_two:  # TL-8.7: only a higher bomb answers now
            return t(lang, "{name} played {combo} on a 2", name=who, combo=combo)
        return t(lang, "{name} played {combo}", name=who, combo=combo)
    if view.to_move is None:
        return ""
    who = seat_name(names, view.to_move, lang=lang)
    if view.must_include is not None:  # TL-4: the first lead must contain the lowest card dealt
        return t(lang, "{name} leads a new round (must include {card})", name=who, card=str(view.must_include))
    return t(lang, "{name} leads a new round", name=who)


def combo_words(lang: str, table: TableCombo) -> str:
    """The combination to beat in `lang` (TL-5): "pair of 7s", "đôi 7", "4er-Straße bis J♦". English keeps
    the engine's own description, which these messages render alike for the other languages."""
    if lang == "en":
        return table.description
    top = max(table.cards, key=value)
    rank = top.rank.label if top.rank is not None else str(top)
    if table.kind is ComboKind.SEQUENCE:
        return t(lang, "{n}-card sequence to {card}", n=number(lang, table.length), card=str(top))
    if table.kind is ComboKind.DOUBLE_SEQUENCE:
        return t(lang, "{n}-pair double sequence to {card}", n=number(lang, table.length), card=str(top))
    if table.kind is ComboKind.SINGLE:
        return t(lang, "single {card}", card=str(top))
    if table.kind is ComboKind.PAIR:
        return t(lang, "pair of {rank}", rank=rank)
    if table.kind is ComboKind.TRIPLE:
        return t(lang, "triple of {rank}", rank=rank)
    return t(lang, "four of a kind of {rank}", rank=rank)


def is_bomb(table: TableCombo | None) -> bool:
    """Quads and double sequences are bombs (TL-8): they get a banner of their own."""
    return table is not None and table.kind in (ComboKind.QUAD, ComboKind.DOUBLE_SEQUENCE)


def round_strip(view: ThirteenView, names: Sequence[str], *, lang: str = "en") -> list[str]:
    """The current round, oldest first: "Lan 5♠", "Minh passed", ... (TL-9: passes stay in view)."""
    return _turn_items(view.history, names, lang)


def last_round_strip(view: ThirteenView, names: Sequence[str], *, lang: str = "en") -> list[str]:
    """The round that just cleared, while the new one has no play yet: the passes that ended it stay
    in view (TL-10) until the leader plays."""
    if view.is_over or view.table is not None:
        return []
    return _turn_items(view.last_round, names, lang)


def _turn_items(turns: Sequence[Turn], names: Sequence[str], lang: str) -> list[str]:
    return [t(lang, "{name} {cards}", name=seat_name(names, turn.seat, lang=lang), cards=str(turn.move))
            if isinstance(turn.move, Play) else t(lang, "{name} passed", name=seat_name(names, turn.seat, lang=lang))
            for turn in turns]


def _draw_strip(canvas: Surface, items: Sequence[str], box: tuple[int, int, int, int], theme: Theme,
                template: str = "{turns}") -> None:
    """The round's turns in one line, the newest kept when they do not all fit (older ones become "…");
    `template` (a translated sentence with a `{turns}` field) frames them."""
    left, _, right, _ = box
    typeface = font(TEXT_PX)
    for start in range(len(items)):
        line = template.format(turns=("… › " if start else "") + " › ".join(items[start:]))
        if text_width(line, typeface) <= right - left or start == len(items) - 1:
            canvas.fitted(box, line, typeface, theme.text_muted, "center")
            return


def _footer_text(view: ThirteenView, names: Sequence[str], theme: Theme = DEFAULT_THEME, lang: str = "en") -> str:
    held = [(seat, cards) for seat, cards in enumerate(view.left_holding) if cards]
    if held:  # the game is over: what the last player still held, no secret any more (TL-11)
        seat, cards = held[0]
        shown = " ".join(map(str, sort_hand(cards)))
        name = seat_name(names, seat, lang=lang)
        said = [t(lang, "{name} was left holding {cards}", name=name, cards=shown),
                t(lang, "{name}: {cards}", name=name, cards=shown), t(lang, "Left holding {cards}", cards=shown)]
        return next((text for text in said if text_width(text, font(TEXT_PX)) <= theme.width - 2 * PAD), said[-1])
    line = view.last_action
    if line is None:
        return t(lang, "New game")
    return log_words(lang, line, names)


# The engine's log lines (games.thirteen.state `_say`), by shape: (pattern, what the line says).
_LOG_SHAPES = (
    ("played", re.compile(r"played (?P<cards>.+?) \((?P<combo>.+)\)")),
    ("auto_pass", re.compile(r"passed \(no play\)")),
    ("pass", re.compile(r"passed")),
    ("new_round", re.compile(r"leads a new round")),
    ("out_on_two", re.compile(r"went out on a 2 and takes (?P<place>\d+)\D* place")),
    ("out", re.compile(r"went out: (?P<place>\d+)\D* place")),
    ("left", re.compile(r"is left holding cards: (?P<place>\d+)\D* place")),
    ("dealt", re.compile(r"game (?P<number>\d+) of (?P<total>\d+) is dealt")),
    ("redeal", re.compile(r"two players hold an instant win: the cards are dealt again")),
    ("instant", re.compile(r"wins at once with (?P<what>.+?): (?P<cards>.+)")),
    ("forced", re.compile(r"holds (?P<card>\S+) and leads")),
    ("leads", re.compile(r"leads")),
)


def log_words(lang: str, line: LogLine, names: Sequence[str]) -> str:
    """A log line of the engine as a sentence in `lang`, with the player's name. A line of a shape not
    known here (an engine newer than this table) reads as the engine wrote it."""
    who = seat_name(names, line.seat, lang=lang) if line.seat is not None else ""
    for shape, pattern in _LOG_SHAPES:
        match = pattern.fullmatch(line.text)
        if match is not None:
            return _log_sentence(lang, shape, who, match.groupdict())
    return line.text[:1].upper() + line.text[1:] if line.seat is None else f"{who} {line.text}"


def _log_sentence(lang: str, shape: str, who: str, found: dict[str, str]) -> str:
    """One shape of `_LOG_SHAPES` in `lang`; numbers and places written the language's way."""
    if shape == "played":
        if lang == "en":  # the engine's description of the combination, as in the caption
            return t(lang, "{name} played {cards} ({combo})", name=who, cards=found["cards"], combo=found["combo"])
        return t(lang, "{name} played {cards}", name=who, cards=found["cards"])
    if shape in ("out_on_two", "out", "left"):
        place = place_words(lang, int(found["place"]))
        if shape == "out_on_two":
            return t(lang, "{name} went out on a 2: {place} place", name=who, place=place)
        if shape == "out":
            return t(lang, "{name} went out: {place} place", name=who, place=place)
        return t(lang, "{name} is left holding cards: {place} place", name=who, place=place)
    if shape == "dealt":
        return t(lang, "Game {number} of {total} is dealt", number=number(lang, int(found["number"])),
                 total=number(lang, int(found["total"])))
    if shape == "instant":
        return t(lang, "{name} wins at once: {cards}", name=who, cards=found["cards"])
    if shape == "forced":
        return t(lang, "{name} holds {card} and leads", name=who, card=found["card"])
    if shape == "auto_pass":
        return t(lang, "{name} passed (no play)", name=who)
    if shape == "pass":
        return t(lang, "{name} passed", name=who)
    if shape == "new_round":
        return t(lang, "{name} leads a new round", name=who)
    if shape == "redeal":
        return t(lang, "Two players hold an instant win: the cards are dealt again")
    return t(lang, "{name} leads", name=who)


def _finishing_order(canvas: Surface, view: ThirteenView, names: Sequence[str], top: int,
                     theme: Theme, lang: str = "en") -> None:
    """TL-11: every place, best first, as medal and name lines in the centre of a finished game."""
    ranked = match_places(view)
    line_h = min(34, (CENTRE_H - CAPTION_H - 16) // max(1, len(ranked)))
    left = theme.width // 2 - 160
    # The medal is as wide as the longest place in this language ("1st", "hạng 1", "მე-2"), 64 at least.
    medal = max([64, *(int(text_width(place_words(lang, place), bold(TEXT_PX))) + 16 for place, _ in ranked)])
    page = mirror(theme.width)
    for row, (place, seat) in enumerate(ranked):
        y = top + row * line_h
        colour = place_colour(place, theme) or theme.text_muted
        pill_box = page.box((left, y + 2, left + medal, y + line_h - 2))
        canvas.draw.rounded_rectangle(pill_box, 12, fill=canvas.ink(colour))
        canvas.line(((pill_box[0] + pill_box[2]) / 2, y + line_h / 2), place_words(lang, place), bold(TEXT_PX),
                    theme.board_bg, "center")
        canvas.fitted(page.box((left + medal + 12, y, left + 340, y + line_h)), seat_name(names, seat, lang=lang),
                      bold(TEXT_PX), theme.text, page.align("left"))
        if view.series_games > 1:
            canvas.fitted(page.box((left + 350, y, left + 470, y + line_h)),
                          tn(lang, "{n} pt", "{n} pts", view.series_points[seat]),
                          font(TEXT_PX), theme.text_muted, page.align("right"))


@offloaded
def render_table(view: ThirteenView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en") -> bytes:
    """PNG of the public table in `lang`: seats, counts, passes, places, the combination to beat, whose turn."""
    return sent(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def draw_table(view: ThirteenView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en"
               ) -> Image.Image:
    """The table as an RGB picture: the layout `render_table` sends, drawn on the palette."""
    return reference(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def _draw_table(surface: SurfaceKind, view: ThirteenView, names: Sequence[str], theme: Theme, lang: str) -> Surface:
    height = table_size(view, theme, names, lang=lang)[1]
    picture = canvas(height, theme, surface)
    draw, ink = picture.draw, picture.ink
    if view.series_games <= 1:
        title = t(lang, "Thirteen")
    else:
        title = t(lang, "Thirteen · game {number} of {total}", number=number(lang, view.game_number),
                  total=number(lang, view.series_games))
    turn = turn_label(names, view.to_move, view.is_over, t(lang, "{name} to play"), lang=lang)
    header(picture, title, turn, theme)
    top = HEADER_H + PAD
    panels = [_panel(view, names, seat, theme, lang) for seat in range(view.players)]
    top += seat_panels(picture, top, panels, theme) + PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, top + CENTRE_H - 8), 18, fill=ink(theme.felt_dark))
    caption = _centre_caption(view, names, lang)
    caption_box = (PAD + 16, top + 4, theme.width - PAD - 16, top + CAPTION_H)
    if not view.is_over and is_bomb(view.table):  # TL-8: a bomb reads as one, not as any other play
        draw.rounded_rectangle((PAD + 6, top + 4, theme.width - PAD - 6, top + CAPTION_H), 14, fill=ink(theme.danger))
        caption = t(lang, "BOMB! {caption}", caption=caption)
    picture.fitted(caption_box, caption, bold(25), theme.text, "center", min_px=TEXT_PX)
    strip_top = top + CENTRE_H - 8 - STRIP_H - 4
    strip_box = (PAD + 16, strip_top, theme.width - PAD - 16, strip_top + STRIP_H)
    if not view.is_over and view.history:
        _draw_strip(picture, round_strip(view, names, lang=lang), strip_box, theme)
    elif last_round := last_round_strip(view, names, lang=lang):
        _draw_strip(picture, last_round, strip_box, theme, t(lang, "Last round: {turns}"))
    if view.is_over:
        _finishing_order(picture, view, names, top + CAPTION_H, theme, lang)
    elif view.table is not None:
        card_row(picture, sort_hand(view.table.cards), Size.TABLE, theme.width // 2, top + CAPTION_H + 6,
                 theme.width - 4 * PAD, theme, theme.felt_dark)
    footer(picture, height - FOOTER_H, _footer_text(view, names, theme, lang), theme)
    return picture
