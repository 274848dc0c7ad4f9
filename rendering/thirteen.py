"""Thirteen (Tiến lên) images: the public table and a seat's hand, from `ThirteenView` only.

The table shows every seat's name and card count, who passed this round (TL-9), finishing places
(TL-11), the combination to beat and who played it (TL-6), and whose turn it is. It reads only
public fields of the view (counts, never cards in hands), so it is the same picture whichever seat's
view, or the spectator view, it is drawn from.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import ImageDraw

from games.cards import Card
from games.thirteen.combos import ComboKind
from games.thirteen.moves import Play
from games.thirteen.order import value
from games.thirteen.views import TableCombo, ThirteenView, Turn
from rendering.boards import place_colour
from rendering.encode import encode
from rendering.fonts import bold, font
from rendering.hand import hand_png
from rendering.offload import offloaded
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
from rendering.text import draw_fitted, draw_line
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme
from rendering.words import ordinal

CAPTION_H = 44
STRIP_H = 34  # the round so far, under the cards
LAST_ROUND = "Last round: "  # the strip's words for the round that just cleared
CENTRE_H = CAPTION_H + Size.TABLE.value.height + 16 + STRIP_H


def table_size(view: ThirteenView, theme: Theme = DEFAULT_THEME, names: Sequence[str] = ()) -> tuple[int, int]:
    """The table image's size: fixed for a game and its names (its seat panels gain a line in a series,
    D-TL-5, and a second name line for a name too long for one)."""
    seats = panel_height([_panel(view, names, seat, theme) for seat in range(view.players)], theme)
    return theme.width, HEADER_H + PAD + seats + PAD + CENTRE_H + FOOTER_H


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """TL-2 order, lowest first: rank 3..A, 2, then suit ♠ ♣ ♦ ♥."""
    return sorted(cards, key=value)


def render_hand(view: ThirteenView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the viewing seat's hand in TL-2 order, `selected` cards raised."""
    return hand_png(tuple(sort_hand(view.hand)), frozenset(selected), theme)


def _panel(view: ThirteenView, names: Sequence[str], seat: int, theme: Theme) -> SeatPanel:
    place = view.places[seat]
    badges: list[Badge] = []
    if place is not None:
        badges.append(Badge(ordinal(place), place_colour(place, theme) or theme.text_muted))
    to_play = seat == view.to_move and not view.is_over
    if to_play:
        badges.append(Badge("may bomb" if view.in_bomb_window else "to play", theme.accent))
    if seat in view.passed and not to_play:
        badges.append(Badge("passed", theme.danger))
    points = view.series_points[seat]
    lines = (f"{points} {'pt' if points == 1 else 'pts'} in series",) if view.series_games > 1 else ()
    return SeatPanel(
        name=seat_name(names, seat),
        cards=view.hand_counts[seat] if view.hand_counts[seat] else None,  # the last player keeps cards
        status="out" if not view.hand_counts[seat] else "",
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


def _centre_caption(view: ThirteenView, names: Sequence[str]) -> str:
    if view.is_over:
        winners = [seat for place, seat in match_places(view) if place == 1]
        if not winners:
            return "Game over"
        who = " and ".join(seat_name(names, seat) for seat in winners)
        verb = "win" if len(winners) > 1 else "wins"
        if view.series_games > 1:
            scores = "–".join(str(points) for points in sorted(view.series_points, reverse=True))
            return f"Match over: {who} {verb} the series {scores}"
        return f"Game over: {who} {verb}"
    if view.table is not None:
        played = f"{seat_name(names, view.table.seat)} played {view.table.description}"
        bomb_on_two = view.table.on_two and not any(card.rank is not None and card.rank.label == "2"
                                                    for card in view.table.cards)
        return played + " on a 2" if bomb_on_two else played  # TL-8.7: only a higher bomb answers now
    if view.to_move is None:
        return ""
    lead = f"{seat_name(names, view.to_move)} leads a new round"
    if view.must_include is not None:  # TL-4: the first lead must contain the lowest card dealt
        lead += f" (must include {view.must_include})"
    return lead


def is_bomb(table: TableCombo | None) -> bool:
    """Quads and double sequences are bombs (TL-8): they get a banner of their own."""
    return table is not None and table.kind in (ComboKind.QUAD, ComboKind.DOUBLE_SEQUENCE)


def round_strip(view: ThirteenView, names: Sequence[str]) -> list[str]:
    """The current round, oldest first: "Lan 5♠", "Minh passed", ... (TL-9: passes stay in view)."""
    return _turn_items(view.history, names)


def last_round_strip(view: ThirteenView, names: Sequence[str]) -> list[str]:
    """The round that just cleared, while the new one has no play yet: the passes that ended it stay
    in view (TL-10) until the leader plays."""
    if view.is_over or view.table is not None:
        return []
    return _turn_items(view.last_round, names)


def _turn_items(turns: Sequence[Turn], names: Sequence[str]) -> list[str]:
    return [f"{seat_name(names, turn.seat)} {turn.move if isinstance(turn.move, Play) else 'passed'}"
            for turn in turns]


def _draw_strip(draw: ImageDraw.ImageDraw, items: Sequence[str], box: tuple[int, int, int, int], theme: Theme,
                prefix: str = "") -> None:
    """The round's turns in one line, the newest kept when they do not all fit (older ones become "…")."""
    left, _, right, _ = box
    typeface = font(TEXT_PX)
    for start in range(len(items)):
        line = prefix + ("… › " if start else "") + " › ".join(items[start:])
        if text_width(line, typeface) <= right - left or start == len(items) - 1:
            draw_fitted(draw, box, line, typeface, theme.text_muted, "center")
            return


def _footer_text(view: ThirteenView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> str:
    held = [(seat, cards) for seat, cards in enumerate(view.left_holding) if cards]
    if held:  # the game is over: what the last player still held, no secret any more (TL-11)
        seat, cards = held[0]
        shown = " ".join(map(str, sort_hand(cards)))
        name = seat_name(names, seat)
        said = [f"{name} was left holding {shown}", f"{name}: {shown}", f"Left holding {shown}"]
        return next((text for text in said if text_width(text, font(TEXT_PX)) <= theme.width - 2 * PAD), said[-1])
    line = view.last_action
    if line is None:
        return "New game"
    return line.text[:1].upper() + line.text[1:] if line.seat is None else f"{seat_name(names, line.seat)} {line.text}"


def _finishing_order(draw: ImageDraw.ImageDraw, view: ThirteenView, names: Sequence[str], top: int,
                     theme: Theme) -> None:
    """TL-11: every place, best first, as medal and name lines in the centre of a finished game."""
    ranked = match_places(view)
    line_h = min(34, (CENTRE_H - CAPTION_H - 16) // max(1, len(ranked)))
    left = theme.width // 2 - 160
    for row, (place, seat) in enumerate(ranked):
        y = top + row * line_h
        colour = place_colour(place, theme) or theme.text_muted
        draw.rounded_rectangle((left, y + 2, left + 64, y + line_h - 2), 12, fill=colour)
        draw_line(draw, (left + 32, y + line_h / 2), ordinal(place), bold(TEXT_PX), theme.board_bg, "center")
        draw_fitted(draw, (left + 76, y, left + 340, y + line_h), seat_name(names, seat), bold(TEXT_PX), theme.text)
        if view.series_games > 1:
            draw_fitted(draw, (left + 350, y, left + 470, y + line_h), f"{view.series_points[seat]} pts",
                        font(TEXT_PX), theme.text_muted, "right")


@offloaded
def render_table(view: ThirteenView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the public table: seats, counts, passes, places, the combination to beat, whose turn."""
    height = table_size(view, theme, names)[1]
    image, draw = canvas(height, theme)
    title = "Thirteen" if view.series_games <= 1 else f"Thirteen · game {view.game_number} of {view.series_games}"
    turn = turn_label(names, view.to_move, view.is_over, "to play")
    header(draw, title, turn, theme)
    top = HEADER_H + PAD
    top += seat_panels(image, top, [_panel(view, names, seat, theme) for seat in range(view.players)], theme) + PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, top + CENTRE_H - 8), 18, fill=theme.felt_dark)
    caption = _centre_caption(view, names)
    caption_box = (PAD + 16, top + 4, theme.width - PAD - 16, top + CAPTION_H)
    if not view.is_over and is_bomb(view.table):  # TL-8: a bomb reads as one, not as any other play
        draw.rounded_rectangle((PAD + 6, top + 4, theme.width - PAD - 6, top + CAPTION_H), 14, fill=theme.danger)
        caption = f"BOMB! {caption}"
    draw_fitted(draw, caption_box, caption, bold(25), theme.text, "center", min_px=TEXT_PX)
    strip_top = top + CENTRE_H - 8 - STRIP_H - 4
    strip_box = (PAD + 16, strip_top, theme.width - PAD - 16, strip_top + STRIP_H)
    if not view.is_over and view.history:
        _draw_strip(draw, round_strip(view, names), strip_box, theme)
    elif last_round := last_round_strip(view, names):
        _draw_strip(draw, last_round, strip_box, theme, prefix=LAST_ROUND)
    if view.is_over:
        _finishing_order(draw, view, names, top + CAPTION_H, theme)
    elif view.table is not None:
        card_row(image, sort_hand(view.table.cards), Size.TABLE, theme.width // 2, top + CAPTION_H + 6,
                 theme.width - 4 * PAD, theme)
    footer(draw, height - FOOTER_H, _footer_text(view, names, theme), theme)
    return encode(image, theme)
