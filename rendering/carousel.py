"""Carousel images: the public table and a seat's hand, from `CarouselView` only.

The table lays out every meld so a player can follow it: melds flow left to right in the engine's
order, each drawn in display order (sequences by rank, CA-5), with a joker drawn as the card it
stands for and marked as a joker (CA-7). Around it: the stock count (CA-2), each player's hand size
and score, whose turn and which of the three draws they are on (CA-4). When a hand has just ended,
the revealed hands and the points scored (CA-12) are shown above the new table; when the game is
over, the final bonuses and totals (CA-13). The last meld step is marked (CA-6, `view.last_meld`): a
faint outline around every meld it built or changed, a blue frame on each card laid from hand ("new")
and a pink one on each card moved from another meld ("moved"), with a small legend by the stock; the
Meld proposal is drawn the same way, so the player sees their own cards placed. The height grows
with the table, so the image is as tall as the melds need (about 800 px for a crowded two-deck
table), never cramped.

The sentences of the engine's log (`log_text`) live here, not in `cogs.carousel.words`: the footer
draws the latest entry, and rendering may not import cogs (design §1), so this is the lowest layer
every presentation reads; the words module and the terminal take them from here. Names come in as
data (`seat_name(names, seat)`), never by rewriting text, so any name reads as itself. Every word is the
catalogs' in `lang` (the image's, or the message's for the words module).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image

from games.cards import AnyCard, format_cards
from games.carousel.melds import Meld
from games.carousel.views import (
    CarouselView,
    DeclinedKnock,
    Drew,
    GameEndSummary,
    GameOver,
    HandSummary,
    HandWon,
    Knocked,
    LastMeld,
    LogEntry,
    Melded,
    Phase,
    StockEmpty,
    WentOut,
    display_order,
)
from locales import listing, number, t, tn
from rendering import cards as sprites
from rendering.fonts import bold, font
from rendering.hand import hand_png
from rendering.layout import mirror
from rendering.offload import offloaded
from rendering.surface import Over, Surface, SurfaceKind, reference, sent
from rendering.table import (
    FOOTER_H,
    HEADER_H,
    PAD,
    Badge,
    SeatPanel,
    canvas,
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

MELD = Size.MELD
# CA-4, CA-9: what the seat to move is doing, after its name. Every turn starts with a draw, so DRAW_1
# says "a card", not "the first card" (which would read as the hand's first). The end-of-turn stop reads
# the same whether or not the seat may knock: the stop comes for a hand's size, never for its count.
PHASE_TEXT = {
    Phase.DRAW_1: "is to draw a card",
    Phase.MELD_1: "may meld or draw a second card",
    Phase.MELD_2: "may meld or draw a third (last) card",
    Phase.KNOCK: "is ending the turn",
    Phase.OVER: "game over",
}


def phase_text(phase: Phase, *, lang: str = "en") -> str:
    """`PHASE_TEXT` in `lang`, as a sentence with the seat's `{name}` ("{name} may meld or draw a second card")."""
    if phase is Phase.DRAW_1:
        return t(lang, "{name} is to draw a card")
    if phase is Phase.MELD_1:
        return t(lang, "{name} may meld or draw a second card")
    if phase is Phase.MELD_2:
        return t(lang, "{name} may meld or draw a third (last) card")
    if phase is Phase.KNOCK:
        return t(lang, "{name} is ending the turn")
    return t(lang, "Game over")
CROWDED_ROWS = 5  # past this many rows of melds, switch to compact cards so a full table stays short
# On a compact table the rows overlap like cards laid in a long fan: each row covers the lower part of the
# row above, leaving its corner indices (rank and suit) in view, so a full two-deck table stays one screen.
COMPACT_PITCH = 49
MELD_GAP = 20
ROW_GAP = 12
INFO_H = 42
SUMMARY_ROW = 34
SUMMARY_TITLE = 44
MARK_W = 4  # the frame of a card the last meld step laid ("new") or moved (CA-6)
SWATCH = 20


def sort_hand(cards: Sequence[AnyCard]) -> list[AnyCard]:
    """Cards other than a seat's hand (summaries, lay-offs) in the hand's display order."""
    return display_order(cards)


def render_hand(view: CarouselView, selected: Collection[AnyCard] = frozenset(), theme: Theme = DEFAULT_THEME, *,
                lang: str = "en") -> bytes:
    """PNG of the viewing seat's hand in the view's display order, `selected` cards raised, the card just
    drawn framed (CA-4; cached: rendering.hand)."""
    return hand_png(view.hand, frozenset(selected), theme, drawn=view.drawn, lang=lang)


# Layout ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Placed:
    meld: Meld
    x: int
    row: int


def meld_width(cards: int, size: Size = MELD) -> int:
    card = size.value
    return card.width + card.strip * (cards - 1)


def _flow(melds: Sequence[Meld], theme: Theme, size: Size) -> tuple[list[_Placed], int]:
    """Place melds left to right, wrapping rows; returns the placements and the number of rows."""
    usable = theme.width - 2 * PAD - 24
    placed: list[_Placed] = []
    x, row = 0, 0
    for meld in melds:
        width = min(meld_width(len(meld.cards), size), usable)
        if x and x + width > usable:
            x, row = 0, row + 1
        placed.append(_Placed(meld, x, row))
        x += width + MELD_GAP
    return placed, (row + 1 if melds else 1)


def _pitch(size: Size) -> int:
    """Vertical distance between rows of melds."""
    return COMPACT_PITCH if size is Size.COMPACT else size.value.height + ROW_GAP


def _layout(melds: Sequence[Meld], theme: Theme) -> tuple[Size, list[_Placed], int]:
    """The card size for this table (compact when crowded) with its placements and row count."""
    placed, rows = _flow(melds, theme, MELD)
    if rows <= CROWDED_ROWS:
        return MELD, placed, rows
    compact, rows = _flow(melds, theme, Size.COMPACT)
    return Size.COMPACT, compact, rows


def _summary_height(view: CarouselView) -> int:
    if view.final is not None:
        return SUMMARY_TITLE + SUMMARY_ROW * view.players + 16
    if view.hand_just_ended and view.last_hand is not None:
        return SUMMARY_TITLE + SUMMARY_ROW * view.players + 16
    return 0


def _panels(view: CarouselView, names: Sequence[str], theme: Theme, lang: str = "en") -> list[SeatPanel]:
    panels = []
    for seat in range(view.players):
        to_play = seat == view.to_move and not view.is_over
        won = view.hands_won[seat]
        badges = []
        if to_play:
            badges.append(Badge(_turn_badge(view, lang), theme.accent))
        if seat == view.dealer:
            badges.append(Badge(t(lang, "dealer"), theme.text_muted))
        panels.append(SeatPanel(
            name=seat_name(names, seat, lang=lang),
            cards=view.hand_sizes[seat],
            lines=(t(lang, "{points} · won {won}", points=tn(lang, "{n} pt", "{n} pts", view.scores[seat]),
                     won=number(lang, won)),),
            badges=tuple(badges),
            active=to_play,
        ))
    return panels


def _turn_badge(view: CarouselView, lang: str = "en") -> str:
    """CA-4: which step of the turn the player to move is on."""
    if view.phase is Phase.DRAW_1:
        return t(lang, "to draw")
    if view.phase is Phase.MELD_1:
        return t(lang, "drew 1 of 3")
    if view.phase is Phase.MELD_2:
        return t(lang, "drew 2 of 3")
    if view.phase is Phase.KNOCK:  # CA-9: the same for every seat that stops, knock or not
        return t(lang, "ending turn")
    return t(lang, "to play")


def _turn_sentence(view: CarouselView, lang: str) -> str:
    """`_turn_badge` as the header's sentence, with a `{name}` field."""
    if view.phase is Phase.DRAW_1:
        return t(lang, "{name} to draw")
    if view.phase is Phase.MELD_1:
        return t(lang, "{name} drew 1 of 3")
    if view.phase is Phase.MELD_2:
        return t(lang, "{name} drew 2 of 3")
    if view.phase is Phase.KNOCK:
        return t(lang, "{name} ending turn")
    return t(lang, "{name} to play")


def _melds_top(view: CarouselView, names: Sequence[str], theme: Theme, lang: str = "en") -> int:
    """Where the melds' felt starts: under the header, the seat panels and any summary."""
    summary = _summary_height(view)
    with language(lang):
        seats = panel_height(_panels(view, names, theme, lang), theme)
    return HEADER_H + PAD + seats + PAD + (summary + PAD if summary else 0)


def table_size(view: CarouselView, theme: Theme = DEFAULT_THEME, names: Sequence[str] = (), *,
               lang: str = "en") -> tuple[int, int]:
    """The table image's size for this view: it grows with the melds on the table and any summary."""
    size, _, rows = _layout(view.table, theme)
    melds_h = INFO_H + (rows - 1) * _pitch(size) + size.value.height + 14
    return theme.width, _melds_top(view, names, theme, lang) + melds_h + PAD + FOOTER_H


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """One table card as drawn: its meld's index in `view.table`, the card and its sprite's box."""

    meld: int
    card: AnyCard
    box: tuple[int, int, int, int]


def card_boxes(view: CarouselView, top: int, theme: Theme = DEFAULT_THEME) -> list[PlacedCard]:
    """Every table card's box, in drawing order, for a melds area starting at `top` (see `_melds_top`). In a
    right-to-left image the melds follow each other from the right; the cards of a meld still read low to
    high left to right (`rendering.layout`)."""
    melds = [meld.in_display_order() for meld in view.table]
    size, placed, _ = _layout(melds, theme)
    card = size.value
    usable = theme.width - 2 * PAD - 24
    boxes: list[PlacedCard] = []
    page = mirror(theme.width)
    for index, item in enumerate(placed):
        y = top + INFO_H + item.row * _pitch(size)
        step = card.strip
        if meld_width(len(item.meld.cards), size) > usable:  # a 13-card sequence on a narrow theme
            step = (usable - card.width) // (len(item.meld.cards) - 1)
        x = page.at(PAD + 12 + item.x, step * (len(item.meld.cards) - 1) + card.width)
        for table_card in item.meld.cards:
            boxes.append(PlacedCard(index, table_card.card, (x, y, x + card.width, y + card.height)))
            x += step
    return boxes


def table_card_boxes(view: CarouselView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *,
                     lang: str = "en") -> list[PlacedCard]:
    """`card_boxes` as placed in `draw_table(view, names, theme, lang=lang)`."""
    with language(lang):
        return card_boxes(view, _melds_top(view, names, theme, lang), theme)


# Drawing -----------------------------------------------------------------------------------------


def _draw_melds(canvas: Surface, view: CarouselView, top: int, bottom: int, theme: Theme, lang: str = "en") -> None:
    draw, ink = canvas.draw, canvas.ink
    draw.rounded_rectangle((PAD, top, theme.width - PAD, bottom), 18, fill=ink(theme.felt_dark))
    melds = [meld.in_display_order() for meld in view.table]
    count = sum(len(meld.cards) for meld in melds)
    if melds:
        summary = t(lang, "{melds} · {cards}", melds=tn(lang, "{n} meld", "{n} melds", len(melds)),
                    cards=tn(lang, "{n} card", "{n} cards", count))
    else:
        summary = t(lang, "No melds yet")
    page = mirror(theme.width)
    shown = canvas.fitted(page.box((PAD + 16, top + 4, theme.width // 2, top + INFO_H)), summary, bold(TEXT_PX),
                          theme.text, page.align("left"))
    stock_left = theme.width - PAD - 170
    canvas.sprite(sprites.back(Size.ICON, theme), (page.at(stock_left, Size.ICON.value.width), top + 7),
                  Over(theme.felt_dark))
    canvas.fitted(page.box((theme.width - PAD - 140, top + 4, theme.width - PAD - 14, top + INFO_H)),
                  t(lang, "stock {n}", n=number(lang, view.stock)), bold(TEXT_PX),
                  theme.text if view.stock else theme.danger, page.align("right"))
    last = view.last_meld
    if last is not None and last.changes:
        legend_left = PAD + 16 + int(text_width(shown, bold(TEXT_PX))) + 24
        _draw_legend(canvas, last, (legend_left, top + 4, stock_left - 12, top + INFO_H), theme, lang)
    size, _, _ = _layout(melds, theme)
    card = size.value
    boxes = card_boxes(view, top, theme)
    outlines: list[tuple[int, int, int, int]] = []
    if last is not None:  # CA-6: a faint outline round each changed meld, under the cards (rows may overlap)
        for index in sorted(last.changed):
            in_meld = [placed_card.box for placed_card in boxes if placed_card.meld == index]
            if in_meld:
                left, right = in_meld[0][0], max(box[2] for box in in_meld)
                y0, y1 = in_meld[0][1], in_meld[0][3]
                outlines.append((left - 6, y0 - 6, right + 5, y1 + 5))
                draw.rounded_rectangle(outlines[-1], card.radius + 5, outline=ink(theme.changed), width=2)
    new = last.from_hand if last is not None else frozenset()
    moved = last.moved if last is not None else frozenset()
    table_cards = [table_card for meld in melds for table_card in meld.cards]
    first_row = boxes[0].box[1] if boxes else 0
    rows_overlap = _pitch(size) < sprites.sprite_size(size)[1]  # a crowded table's rows lie on each other
    before: tuple[PlacedCard, bool] | None = None  # the card drawn last, and whether it is a plain face
    for table_card, placed_card in zip(table_cards, boxes, strict=True):
        if table_card.declared is not None:
            sprite = sprites.declared_joker(table_card.declared, size, theme)
        else:
            sprite = sprites.face(table_card.card, size, theme)
        x, y, right, bottom_edge = placed_card.box
        # The frame is drawn before the next card, which covers its right part: it shows on the
        # visible strip, like the card's index.
        frame = theme.fresh if table_card.card in new else theme.moved if table_card.card in moved else None
        over: Over | None = Over(theme.felt_dark)
        if rows_overlap and y > first_row:
            over = None
        elif before is not None and before[0].meld == placed_card.meld:
            lies_on_outline = any(_crosses((x, y, *sprites.sprite_size(size)), ring) for ring in outlines)
            fanned = x - before[0].box[0] == card.strip and before[1] and not lies_on_outline
            over = Over(theme.felt_dark, card.strip) if fanned else None
        canvas.sprite(sprite, (x, y), over)
        if frame is not None:
            draw.rounded_rectangle((x, y, right - 1, bottom_edge - 1), card.radius, outline=ink(frame), width=MARK_W)
        plain = frame is None and table_card.declared is None and not table_card.card.is_joker
        before = (placed_card, plain)


def _crosses(sprite: tuple[int, int, int, int], ring: tuple[int, int, int, int]) -> bool:
    """Whether a sprite (left, top, width, height) lies on part of an outline `ring` two pixels wide."""
    left, top, width, height = sprite
    right, bottom = left + width, top + height
    outer = left < ring[2] + 1 and right > ring[0] and top < ring[3] + 1 and bottom > ring[1]
    inside = left >= ring[0] + 2 and right <= ring[2] - 1 and top >= ring[1] + 2 and bottom <= ring[3] - 1
    return outer and not inside


def _draw_legend(canvas: Surface, last: LastMeld, box: tuple[int, int, int, int], theme: Theme,
                 lang: str = "en") -> None:
    """A swatch and a word for each kind of mark on the table ("laid" from hand, "moved")."""
    left, top, right, bottom = box
    typeface = font(TEXT_PX)
    middle = (top + bottom) // 2
    page = mirror(theme.width)
    x = left
    for colour, word, present in ((theme.fresh, t(lang, "laid"), last.from_hand),
                                  (theme.moved, t(lang, "moved"), last.moved)):
        if not present:
            continue
        need = SWATCH + 6 + int(text_width(word, typeface))
        if x + need > right:
            return
        swatch = page.box((x, middle - SWATCH // 2, x + SWATCH, middle + SWATCH // 2))
        canvas.draw.rounded_rectangle(swatch, 4, outline=canvas.ink(colour), width=MARK_W)
        canvas.line((page.x(x + SWATCH + 6), middle), word, typeface, theme.text_muted, page.align("left"))
        x += need + 14


def _draw_hand_summary(canvas: Surface, summary: HandSummary, names: Sequence[str], top: int,
                       theme: Theme, lang: str = "en") -> None:
    """CA-12: the hand that just ended, its revealed cards and counts, and who scored what."""
    hand = number(lang, summary.hand_number)
    if summary.went_out is not None:
        headline = t(lang, "Hand {number}: {name} went out", number=hand,
                     name=seat_name(names, summary.went_out, lang=lang))
    elif summary.knocker is not None:
        headline = t(lang, "Hand {number}: {name} knocked", number=hand,
                     name=seat_name(names, summary.knocker, lang=lang))
    else:
        headline = t(lang, "Hand {number}: stock ran out", number=hand)
    page = mirror(theme.width)
    canvas.fitted((PAD + 16, top + 4, theme.width - PAD - 16, top + SUMMARY_TITLE), headline, bold(TEXT_PX + 1),
                  theme.accent, page.align("left"))
    points = summary.points
    for seat in range(len(summary.counts)):
        y = top + SUMMARY_TITLE + seat * SUMMARY_ROW
        won = seat in summary.winners
        ink = theme.text if won else theme.text_muted
        canvas.fitted(page.box((PAD + 16, y, PAD + 180, y + SUMMARY_ROW)), seat_name(names, seat, lang=lang),
                      bold(TEXT_PX), ink, page.align("left"))
        canvas.fitted(page.box((PAD + 190, y, theme.width - PAD - 210, y + SUMMARY_ROW)),
                      format_cards(summary.hands[seat]) or t(lang, "went out"), font(TEXT_PX), ink, page.align("left"))
        canvas.fitted(page.box((theme.width - PAD - 205, y, theme.width - PAD - 90, y + SUMMARY_ROW)),
                      t(lang, "count {n}", n=number(lang, summary.counts[seat])), font(TEXT_PX), ink,
                      page.align("right"))
        canvas.fitted(page.box((theme.width - PAD - 90, y, theme.width - PAD - 16, y + SUMMARY_ROW)),
                      f"+{number(lang, points[seat])}" if points[seat] else number(lang, 0), bold(TEXT_PX),
                      theme.accent if won else ink, page.align("right"))


def game_over_text(winners: int, who: str, fixed_deals: int, *, lang: str = "en") -> str:
    """The end of the game: its winner(s), and with a fixed number of hands (D-CA-5) how many were played."""
    if fixed_deals:
        hands = tn(lang, "{n} hand", "{n} hands", fixed_deals)
        return tn(lang, "Game over after {hands}: {who} wins", "Game over after {hands}: {who} win", winners,
                  hands=hands, who=who)  # fmt: skip
    return tn(lang, "Game over: {who} wins", "Game over: {who} win", winners, who=who)


def title_text(view: CarouselView, *, lang: str = "en") -> str:
    """The table's title: the hand and the target, or with a fixed number of hands (D-CA-5) "hand k of N",
    as reaching the target then ends nothing."""
    if view.fixed_deals:
        return t(lang, "Carousel · hand {number} of {hands}", number=number(lang, view.hand_number),
                 hands=number(lang, view.fixed_deals))
    return t(lang, "Carousel · hand {number} · to {target}", number=number(lang, view.hand_number),
             target=number(lang, view.target))


def _draw_final(canvas: Surface, final: GameEndSummary, names: Sequence[str], top: int,
                theme: Theme, lang: str = "en", fixed_deals: int = 0) -> None:
    """CA-13, D-CA-4: totals before bonuses, +100 at the target, +25 per hand won, final totals."""
    winners = listing(lang, [seat_name(names, seat, lang=lang) for seat in final.winners])
    headline = game_over_text(len(final.winners), winners, fixed_deals, lang=lang)
    page = mirror(theme.width)
    canvas.fitted((PAD + 16, top + 4, theme.width - PAD - 16, top + SUMMARY_TITLE), headline, bold(TEXT_PX + 1),
                  theme.accent, page.align("left"))
    for seat in range(len(final.final)):
        y = top + SUMMARY_TITLE + seat * SUMMARY_ROW
        won = seat in final.winners
        ink = theme.text if won else theme.text_muted
        parts = [number(lang, final.totals_before[seat])]
        if final.target_bonus[seat]:
            parts.append(t(lang, "+{n} target", n=number(lang, final.target_bonus[seat])))
        if final.hands_won_bonus[seat]:
            parts.append(t(lang, "+{n} hands won", n=number(lang, final.hands_won_bonus[seat])))
        canvas.fitted(page.box((PAD + 16, y, PAD + 230, y + SUMMARY_ROW)), seat_name(names, seat, lang=lang),
                      bold(TEXT_PX), ink, page.align("left"))
        canvas.fitted(page.box((PAD + 240, y, theme.width - PAD - 130, y + SUMMARY_ROW)), " ".join(parts),
                      font(TEXT_PX), ink, page.align("left"))
        canvas.fitted(page.box((theme.width - PAD - 120, y, theme.width - PAD - 16, y + SUMMARY_ROW)),
                      number(lang, final.final[seat]), bold(TEXT_PX), theme.accent if won else ink, page.align("right"))


@offloaded
def render_table(view: CarouselView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en") -> bytes:
    """PNG of the public table in `lang`: melds with declared jokers, stock, hand sizes, scores, whose turn."""
    return sent(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def draw_table(view: CarouselView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en"
               ) -> Image.Image:
    """The table as an RGB picture: the layout `render_table` sends, drawn on the palette."""
    return reference(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def _draw_table(surface: SurfaceKind, view: CarouselView, names: Sequence[str], theme: Theme, lang: str) -> Surface:
    height = table_size(view, theme, names, lang=lang)[1]
    picture = canvas(height, theme, surface)
    title = title_text(view, lang=lang)
    turn = turn_label(names, view.to_move, view.is_over, _turn_sentence(view, lang), lang=lang)
    header(picture, title, turn, theme)
    top = HEADER_H + PAD
    top += seat_panels(picture, top, _panels(view, names, theme, lang), theme) + PAD
    summary_h = _summary_height(view)
    if summary_h:
        picture.draw.rounded_rectangle((PAD, top, theme.width - PAD, top + summary_h), 18,
                                       fill=picture.ink(theme.panel))
        if view.final is not None:
            _draw_final(picture, view.final, names, top, theme, lang, view.fixed_deals)
        elif view.last_hand is not None:
            _draw_hand_summary(picture, view.last_hand, names, top, theme, lang)
        top += summary_h + PAD
    _draw_melds(picture, view, top, height - FOOTER_H - PAD, theme, lang)
    footer(picture, height - FOOTER_H,
           "" if view.last_action is None else log_text(view.last_action, names, lang=lang), theme)
    return picture


# The log in words --------------------------------------------------------------------------------


def hand_reason(summary: HandSummary, *, lang: str = "en") -> str:
    """How a hand ended (CA-9, CA-10, CA-11)."""
    if summary.went_out is not None:
        return t(lang, "went out")
    if summary.knocker is not None:
        return t(lang, "knocked")
    return t(lang, "stock ran out")


def log_text(entry: LogEntry, names: Sequence[str], *, lang: str = "en") -> str:
    """One log entry as a sentence in `lang`, with the players' names (CA-4, CA-6, CA-9..CA-13)."""
    if isinstance(entry, HandWon):
        return t(lang, "Hand {number} won by {names}", number=number(lang, entry.number),
                 names=", ".join(seat_name(names, seat, lang=lang) for seat in entry.winners))
    if isinstance(entry, GameOver):
        return t(lang, "Game over")
    who = seat_name(names, entry.seat, lang=lang)
    if isinstance(entry, Drew):  # CA-4
        if entry.nth == 1:
            return t(lang, "{name} drew a card", name=who)
        if entry.nth == 2:
            return t(lang, "{name} drew a second card", name=who)
        return t(lang, "{name} drew a third card", name=who)
    if isinstance(entry, Melded):
        return t(lang, "{name} melded {cards}", name=who, cards=format_cards(entry.cards))
    if isinstance(entry, WentOut):
        return t(lang, "{name} went out", name=who)
    if isinstance(entry, Knocked):
        return t(lang, "{name} knocked with {count}", name=who, count=number(lang, entry.count))
    if isinstance(entry, DeclinedKnock):  # CA-9: also for a count that could not knock, so it reveals none
        return t(lang, "{name} ended the turn", name=who)
    assert isinstance(entry, StockEmpty)
    return t(lang, "{name} must draw but the stock is empty", name=who)
