"""Schnapsen images: the public table and a seat's hand, from `SchnapsenView` only.

The table shows the trump card under the talon with the talon's size (SX-3), or that the talon is
closed (SX-10) or used up (SX-5); the trick in progress (or the last trick, SX-4); tricks taken and,
in `auto` claim mode only, running points (SX-11: `memory` mode keeps piles face down, and the view
then holds None, which we show as nothing); marriages declared (SX-8); game points of the series
(SX-15); whose turn. The opponent's hand appears only as a count.

The sentences of the engine's log and deal summaries (`log_text`, `deal_text`) live here, not in
`cogs.schnapsen.words`: the footer draws the latest entry, and rendering may not import cogs (design
§1), so this is the lowest layer every presentation reads. The words module, and through it the
terminal table, takes them from here, so the image, the Discord header and the terminal read alike.
Names come in as data (`seat_name(names, seat)`), never by rewriting text, so a player named
"Player 2" or "a.*b" reads as exactly that.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from games.cards import Card
from games.schnapsen.rules import SCHNEIDER_LINE, sort_hand
from games.schnapsen.views import (
    ClosedTalon,
    DealEnd,
    DealSummary,
    Dealt,
    Declared,
    Drew,
    Exchanged,
    Followed,
    KeptTrump,
    Led,
    LogEntry,
    Penalty,
    PlayedCard,
    Scale,
    SchnapsenView,
    Scored,
    SeriesWon,
)
from rendering import cards as sprites
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
    footer,
    header,
    panel_height,
    pill,
    seat_name,
    seat_panels,
    turn_label,
)
from rendering.text import draw_fitted
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme
from rendering.words import count

PRESET_TITLES = {"santase": "Santase", "sixty_six": "Sixty-Six", "schnapsen": "Schnapsen"}
CENTRE_H = 236
SEATS = 2


BADGE_ROWS = 2  # room for a pause, the close, every marriage and the win: the table keeps one size


def table_size(theme: Theme = DEFAULT_THEME, names: Sequence[str] = ()) -> tuple[int, int]:
    """Every Sixty-Six table image between these players has this size (a name too long for one line
    gives the seat panels a second name line)."""
    seats = panel_height([SeatPanel(seat_name(names, seat), lines=("", "")) for seat in range(SEATS)], theme,
                         BADGE_ROWS)
    return theme.width, HEADER_H + PAD + seats + PAD + CENTRE_H + FOOTER_H


def render_hand(view: SchnapsenView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the viewing seat's hand: by suit, strongest first, trumps last (the engine's order; cached:
    rendering.hand), each trump's label on a gold tag (SX-3), the card just drawn framed (SX-5)."""
    trumps = frozenset(card for card in view.hand if card.suit == view.trump)
    return hand_png(tuple(sort_hand(view.hand, view.trump)), frozenset(selected), theme, trumps, view.drawn)


def doing(view: SchnapsenView) -> str:
    """What the seat to move is about to do, pagat 66's pauses included (SX-10, SX-9)."""
    if view.drawing_pending:
        return "to draw or close"
    if view.exchange_pending:
        return "may exchange"
    return "to lead" if view.leading else "to play"


def _panel(view: SchnapsenView, names: Sequence[str], seat: int, theme: Theme) -> SeatPanel:
    points = view.points[seat]
    tricks = view.tricks_won[seat]
    taken = f"{tricks} trick{'' if tricks == 1 else 's'}" + ("" if points is None else f" · {points} pts")
    badges: list[Badge] = []
    to_play = view.to_move == seat and not view.is_over
    if to_play:
        badges.append(Badge(doing(view), theme.accent))
    if view.closed_by == seat:
        badges.append(Badge("closed", theme.danger))
    for marriage in view.marriages:  # SX-8; a pending one (no trick yet) is shown in brackets
        if marriage.seat == seat:
            text = f"{marriage.points}{marriage.suit.symbol}"
            badges.append(Badge(text if marriage.counted else f"({text})", theme.text_muted))
    if view.winner == seat:
        badges.append(Badge("wins", theme.gold))
    return SeatPanel(
        name=seat_name(names, seat),
        cards=view.hand_sizes[seat],
        lines=(taken, f"game points {view.game_points[seat]} of {view.target}"),
        badges=tuple(badges),
        active=to_play,
    )


def _talon(image: Image.Image, draw: ImageDraw.ImageDraw, view: SchnapsenView, names: Sequence[str], left: int,
           top: int, theme: Theme) -> None:
    """The trump card lying under the talon (SX-3), or its state once closed or used up."""
    size = Size.TABLE
    card = size.value
    pill(draw, (left + 90, top + 18), f"trumps {view.trump.symbol}", theme.card_face,
         theme.red_suit if view.trump.is_red else theme.black_suit, TEXT_PX)
    y = top + 40
    face_down = view.talon_size - (1 if view.trump_card is not None else 0)
    if view.trump_card is not None:
        trump = sprites.back(size, theme) if view.closed else sprites.face(view.trump_card, size, theme)
        sprites.paste(image, trump, (left + 12, y + 8))
    for index in range(min(face_down, 4)):  # the face-down talon across the trump, a few cards deep
        sprites.paste(image, sprites.back(size, theme), (left + 70 + 3 * index, y + 8 - 2 * index))
    if view.closed:
        caption = "closed" if view.closed_by is None else f"closed by {seat_name(names, view.closed_by)}"
        colour = theme.danger
    elif view.talon_size == 0:
        caption, colour = "talon used up", theme.text_muted
    else:
        caption, colour = f"{view.talon_size} in talon", theme.text
    draw_fitted(draw, (left, y + card.height + 14, left + 180, y + card.height + 44), caption, bold(TEXT_PX), colour,
                "center")


def _trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: SchnapsenView, names: Sequence[str],
           box: tuple[int, int, int, int], theme: Theme) -> None:
    """The trick in progress; between tricks, the last trick and who took it (SX-4)."""
    left, top, right, _ = box
    played: Sequence[PlayedCard] = view.trick
    title = "Trick"
    if not played and view.last_trick is not None:
        played = view.last_trick.cards
        title = f"Last trick: {seat_name(names, view.last_trick.winner)} took it"
    if not played:
        title = "Waiting for the lead"
    draw_fitted(draw, (left, top + 4, right, top + 34), title, bold(24), theme.text, "center",
                min_px=TEXT_PX)
    card = Size.TABLE.value
    slot = card.width + 120  # room under each card for its player's name
    x = (left + right) // 2 - (slot * SEATS - 120) // 2
    for index in range(SEATS):
        entry = played[index] if index < len(played) else None
        sx = x + index * slot
        if entry is None:
            draw.rounded_rectangle((sx, top + 44, sx + card.width, top + 44 + card.height), card.radius,
                                   outline=theme.text_muted, width=2)
            continue
        sprites.paste(image, sprites.face(entry.card, Size.TABLE, theme), (sx, top + 44))
        draw_fitted(draw, (sx - 56, top + 50 + card.height, sx + card.width + 56, top + 80 + card.height),
                    seat_name(names, entry.seat), font(TEXT_PX), theme.text_muted, "center")
    if view.trick and view.last_trick is not None:  # SX-4: the trick just taken stays in view under this one
        last = view.last_trick
        cards = " ".join(str(entry.card) for entry in last.cards)
        draw_fitted(draw, (left, top + 200, right, top + 230), f"last trick {cards}, taken by "
                    f"{seat_name(names, last.winner)}", font(TEXT_PX), theme.text_muted, "center")


def _summary(draw: ImageDraw.ImageDraw, view: SchnapsenView, names: Sequence[str], box: tuple[int, int, int, int],
             theme: Theme) -> None:
    """The end of a deal (SX-12..SX-14) or of the series (SX-15), in place of the trick."""
    left, top, right, _ = box
    deal = view.last_deal
    leader = view.winner if view.is_over and view.winner is not None else deal.winner if deal is not None else 0
    order = (leader, 1 - leader)  # every score below reads winner first, as the headline does

    def pair(values: Sequence[int]) -> str:
        return f"{values[order[0]]}–{values[order[1]]}"

    if view.is_over and view.winner is not None:
        headline = f"{seat_name(names, view.winner)} wins the series {pair(view.game_points)}"
    elif deal is not None:
        plural = "" if deal.game_points == 1 else "s"
        headline = f"{seat_name(names, deal.winner)} wins deal {deal.deal_number}: +{deal.game_points} point{plural}"
    else:
        return
    draw_fitted(draw, (left, top + 20, right, top + 56), headline, bold(25), theme.accent, "center",
                min_px=TEXT_PX)
    lines = []
    if deal is not None:
        totals = deal.totals
        lines.append(f"points {pair(totals)} · tricks {pair(deal.tricks)}")
        lines.append(ending_words(deal.reason, view.claim_mode))
    lines.append(f"game points {pair(view.game_points)} (to {view.target})")
    for index, line in enumerate(lines):
        y = top + 70 + 34 * index
        draw_fitted(draw, (left, y, right, y + 30), line, font(TEXT_PX), theme.text, "center")


# The log in words --------------------------------------------------------------------------------

# How a deal ended, for the summary drawn on the table (SX-11..SX-14, D-SX-2). With automatic claims
# (D-SX-3) nobody claimed anything: the deal ended by itself when someone reached 66.
ENDINGS = {
    DealEnd.CLAIM: "reached 66",
    DealEnd.FALSE_CLAIM: "false claim of 66",
    DealEnd.CLOSE_WON: "closed the stock and reached 66",
    DealEnd.CLOSE_FAILED: "the close failed",
    DealEnd.LAST_TRICK: "all cards played",
    DealEnd.TIE_LAST_TRICK: "65 all: the last trick decides",
}


def ending_words(reason: DealEnd, claim_mode: str) -> str:
    """How the deal ended in words; a claim is named as one only where players claim (memory mode)."""
    if reason is DealEnd.CLAIM and claim_mode == "memory":
        return "claimed 66"
    return ENDINGS[reason]

PENALTIES = {  # SX-13
    Penalty.FAILED_CLOSE: "failed close",
    Penalty.NO_TRICK_AT_CLOSE: "failed close (no trick at closing)",
    Penalty.NON_CLOSER_OUT: "the non-closer reached 66 first",
}


# SX-12's 2 and 3 carry German names in Schnapsen and pagat's 66 ("Schneider", "Schwarz"). Bulgarian
# Santase does not use them, so a Santase table (D-SX-1) reads the plain reason instead.
PLAIN_SCALE_PRESETS = frozenset({"santase"})


def scale_text(summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """SX-12: why the deal is worth 1, 2 or 3, naming the loser; in the preset's own words."""
    loser = seat_name(names, 1 - summary.winner)
    plain = preset in PLAIN_SCALE_PRESETS
    if summary.scale is Scale.SCHWARZ:
        return f"{loser} took no trick" if plain else f"Schwarz ({loser} took no trick)"
    if summary.scale is Scale.SCHNEIDER:
        under = f"{loser} has {summary.loser_points}, under {SCHNEIDER_LINE}"
        return under if plain else f"Schneider ({under})"
    return f"{loser} has {summary.loser_points}"


def deal_reason(summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """What decided the deal's value, after the colon of `deal_text` (SX-11..SX-14, D-SX-2)."""
    if summary.reason is DealEnd.FALSE_CLAIM:
        return f"false claim at {summary.claimed}"
    if summary.penalty is not None:
        return PENALTIES[summary.penalty]
    if summary.reason is DealEnd.TIE_LAST_TRICK:
        first, second = summary.totals
        return f"{first}-{second}, last trick"
    if summary.scale is None:  # `last_trick_wins_deal`: the last trick alone decides
        return "took the last trick"
    scale = scale_text(summary, names, preset)
    if summary.reason is DealEnd.CLOSE_WON:
        return f"closed and went out; {scale}"
    if summary.reason is DealEnd.CLAIM:
        return f"{summary.claimed} points; {scale}"
    return f"higher total {summary.claimed}; {scale}"


def deal_text(summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """ "Ann wins 2 game points: 70 points; Schneider (Bob has 30, under 33)." (`preset`: the table's,
    for its words; None reads as the traditional names, as stored logs were written.)"""
    return f"{seat_name(names, summary.winner)} wins {count(summary.game_points, 'game point')}: " \
        f"{deal_reason(summary, names, preset)}."


def log_text(entry: LogEntry, names: Sequence[str], preset: str | None = None) -> str:
    """One log entry as a sentence, with the players' names (and the table's preset, for its words)."""
    if isinstance(entry, Dealt):
        return f"Deal {entry.number}: {seat_name(names, entry.dealer)} deals, trump {entry.trump_card}"
    if isinstance(entry, Scored):
        return deal_text(entry.deal, names, preset)
    if isinstance(entry, SeriesWon):
        first, second = entry.game_points
        return f"{seat_name(names, entry.winner)} wins the series {first}-{second}."
    who = seat_name(names, entry.seat)
    if isinstance(entry, Led):
        return f"{who} leads {entry.card}"
    if isinstance(entry, Followed):
        return f"{who} plays {entry.card}; {seat_name(names, entry.winner)} takes the trick"
    if isinstance(entry, Declared):
        pending = ", counted once a trick is won" if entry.pending else ""
        return f"{who} declares {entry.points} in {entry.suit.symbol}{pending}"
    if isinstance(entry, Exchanged):
        return f"{who} exchanges {entry.given} for {entry.taken}"
    if isinstance(entry, ClosedTalon):
        return f"{who} closes the talon{' before drawing' if entry.before_drawing else ''}"
    if isinstance(entry, Drew):
        return f"{who} draws"
    assert isinstance(entry, KeptTrump)
    return f"{who} does not exchange"


def _footer_text(view: SchnapsenView, names: Sequence[str]) -> str:
    return "" if view.last_action is None else log_text(view.last_action, names, view.preset)


@offloaded
def render_table(view: SchnapsenView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the public table: talon and trump, the trick, tricks, marriages, game points, whose turn."""
    height = table_size(theme, names)[1]
    image, draw = canvas(height, theme)
    title = f"{PRESET_TITLES.get(view.preset, 'Schnapsen')} · deal {view.deal_number} · to {view.target}"
    turn = turn_label(names, view.to_move, view.is_over, doing(view), ended="Series over")
    header(draw, title, turn, theme)
    top = HEADER_H + PAD
    top += seat_panels(image, top, [_panel(view, names, seat, theme) for seat in range(SEATS)], theme, BADGE_ROWS) + PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, top + CENTRE_H - 8), 18, fill=theme.felt_dark)
    _talon(image, draw, view, names, PAD + 8, top + 6, theme)
    draw.line((PAD + 200, top + 16, PAD + 200, top + CENTRE_H - 24), fill=theme.panel, width=2)
    trick_box = (PAD + 210, top, theme.width - PAD - 10, top + CENTRE_H)
    if view.is_over or (view.deal_just_ended and view.last_deal is not None):
        _summary(draw, view, names, trick_box, theme)
    else:
        _trick(image, draw, view, names, trick_box, theme)
    footer(draw, height - FOOTER_H, _footer_text(view, names), theme)
    return encode(image, theme)
