"""Gin Rummy images: the public table and a seat's hand, from `GinView` only.

The table shows the stock count, the discard pile (its top card large, the rest of the pile in order
as a strip: all of it is public, GR-5), each seat's card count, the cards each took from the pile and
still holds (public, everyone saw them taken), the knock limit (GR-6; Oklahoma's upcard limit and
spade doubling, GR-12), the game score or the three Hollywood games (GR-11, GR-13), and the last
action. When a hand has just ended, both arrangements, the lay-offs and the score are shown above the
new table (GR-6..GR-9). The opponent's cards are never drawn while a hand is in play: the view has
none, only a count.

The hand image groups the seat's cards as the engine arranges them (GR-2, D-GR-3): each meld, then
the deadwood with its count; the card taken from the pile this turn carries a gold label (D-GR-2).

The sentences of a hand's score (`hand_sentences`, `hand_text`) live here, not in `cogs.gin.words`:
the table image draws them and sizes itself by them, and rendering may not import cogs (design §1),
so this is the lowest layer every presentation reads; the words module and the terminal take them
from here. Names come in as data (`seat_name(names, seat)`), never by rewriting text.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.cards import Card
from games.gin import Action, GinView, HandSummary
from games.gin.scoring import HandEnd
from games.gin.views import Arrangement
from rendering import cards as sprites
from rendering.encode import encode
from rendering.fonts import bold, font
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
from rendering.text import draw_fitted, draw_line
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme
from rendering.words import plural

SEATS = 2
PILE_TOP = Size.TABLE
STRIP = Size.COMPACT
CENTRE_H = 176  # stock, top of the pile and the knock limit
STRIP_TITLE = 34
STRIP_GAP = 8
SCORE_ROW = 32
SUMMARY_TITLE = 42
SUMMARY_ROW = 34
GROUP_GAP = 26  # between melds of an arrangement
ARRANGEMENT_GAP = 36  # under a row of summary cards: the captions
HAND_CACHE_SIZE = 2048


# Words kept here rather than imported from the cog: rendering never imports presentation code.

def _event(view: GinView, names: Sequence[str]) -> str:
    """The last action, as the footer reads it."""
    if not view.history:
        if view.last_hand is not None:
            return _headline(view.last_hand, names)
        return f"Hand {view.hand_number}: {seat_name(names, view.dealer)} dealt"
    event = view.history[-1]
    who = seat_name(names, event.seat)
    said = {
        Action.PASS: f"{who} passed on the upcard",
        Action.TAKE: f"{who} took {event.card} from the discard pile",
        Action.DRAW: f"{who} drew from the stock",
        Action.DISCARD: f"{who} discarded {event.card}",
        Action.KNOCK: f"{who} knocked",
        Action.BIG_GIN: f"{who} laid out big gin",
    }[event.action]
    drew = view.history[-2] if len(view.history) > 1 else None
    if event.action is Action.DISCARD and drew is not None and drew.seat == event.seat:
        source = f"took {drew.card}" if drew.action is Action.TAKE else "drew from the stock"
        if drew.action in (Action.TAKE, Action.DRAW):
            return f"{who} {source} and discarded {event.card}"  # the whole turn: where from, what went
    return said


def _headline(summary: HandSummary, names: Sequence[str]) -> str:
    if summary.knocker is None or summary.winner is None:
        return f"Hand {summary.number} drawn: nobody scores"
    how = {"knock": "knocked", "undercut": "knocked and was undercut", "gin": "went gin", "big gin": "went big gin"}
    return (f"Hand {summary.number}: {seat_name(names, summary.knocker)} {how[summary.end.value]}; "
            f"{seat_name(names, summary.winner)} +{summary.points}")


def doing(view: GinView) -> str:
    return {"upcard": "to take or pass", "draw": "to draw", "discard": "to discard"}.get(view.phase.value, "")


def recent_hand(view: GinView) -> HandSummary | None:
    """The last hand while it is news: until the new hand's first discard, or for good once the match is over."""
    if view.last_hand is None:
        return None
    if view.is_over or not any(event.action is Action.DISCARD for event in view.history):
        return view.last_hand
    return None


# Layout ------------------------------------------------------------------------------------------


def _strip_rows(count: int, theme: Theme) -> list[int]:
    """Cards per row of the pile strip (all but the top card): as many as fit, overlapped to their index."""
    if count == 0:
        return []
    card = STRIP.value
    per_row = 1 + (theme.width - 2 * PAD - 24 - card.width) // card.strip
    rows = -(-count // per_row)
    return [min(per_row, count - row * per_row) for row in range(rows)]


def _strip_height(view: GinView, theme: Theme) -> int:
    rows = len(_strip_rows(max(0, len(view.discard) - 1), theme))
    return STRIP_TITLE + rows * (STRIP.value.height + STRIP_GAP) + (4 if rows else 0)


def _score_lines(view: GinView, names: Sequence[str]) -> list[tuple[str, bool]]:
    """(text, closed) per game: running points, or the final totals with every bonus (GR-11, GR-13)."""
    first, second = seat_name(names, 0), seat_name(names, 1)
    lines = []
    for index, tally in enumerate(view.tallies):
        label = f"Game {index + 1}" if len(view.tallies) > 1 else "Game"
        if tally.final is not None and tally.winner is not None:
            shutout = ", shutout" if tally.shutout else ""
            lines.append((f"{label} over: {first} {tally.final[0]} – {tally.final[1]} {second} "
                          f"({seat_name(names, tally.winner)}{shutout})", True))
        else:
            lines.append((f"{label} to {view.target}: {first} {tally.points[0]} – {tally.points[1]} {second}",
                          False))
    return lines


def _wrap(text: str, max_width: float) -> list[str]:
    """Words into lines no wider than `max_width` at the summary's size."""
    typeface = font(TEXT_PX)
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", typeface) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _summary_lines(summary: HandSummary, names: Sequence[str], theme: Theme) -> list[str]:
    """The hand's score (every bonus named, `hand_sentences`), wrapped to the width."""
    lines = []
    if summary.knocker is not None:
        for meld, extra in zip(summary.knocker_melds, summary.layoffs, strict=False):
            if extra:
                lines.append(f"Laid off {' '.join(map(str, extra))} onto {' '.join(map(str, meld))}.")
    for sentence in hand_sentences(summary, names):
        lines.extend(_wrap(sentence, theme.width - 2 * PAD - 32))
    return lines


def _summary_height(view: GinView, names: Sequence[str], theme: Theme) -> int:
    summary = recent_hand(view)
    if summary is None:
        return 0
    rows = 0 if summary.knocker is None else 2 * (STRIP.value.height + ARRANGEMENT_GAP)
    return SUMMARY_TITLE + rows + SUMMARY_ROW * len(_summary_lines(summary, names, theme)) + 12


def _panels(view: GinView, names: Sequence[str], theme: Theme) -> list[SeatPanel]:
    panels = []
    for seat in range(SEATS):
        to_play = seat == view.to_move and not view.is_over
        badges = []
        if to_play:
            badges.append(Badge(doing(view), theme.accent))
        if seat == view.dealer and not view.is_over:
            badges.append(Badge("dealer", theme.text_muted))
        picked = view.known[seat]
        held = "from the pile: " + " ".join(str(card) for card in picked) if picked else "nothing from the pile"
        panels.append(SeatPanel(
            name=seat_name(names, seat),
            cards=view.hand_counts[seat],
            lines=(f"hands won {view.wins[seat]}", held),
            badges=tuple(badges),
            active=to_play,
        ))
    return panels


def table_size(view: GinView, names: Sequence[str] = (), theme: Theme = DEFAULT_THEME) -> tuple[int, int]:
    """The table image's size for this view: it grows with the discard pile, the games and a hand's end."""
    seats = panel_height(_panels(view, names, theme), theme)
    summary = _summary_height(view, names, theme)
    scores = SCORE_ROW * len(view.tallies) + 16
    body = CENTRE_H + _strip_height(view, theme) + scores
    return theme.width, HEADER_H + PAD + seats + PAD + (summary + PAD if summary else 0) + body + PAD + FOOTER_H


# Drawing -----------------------------------------------------------------------------------------


def _draw_centre(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinView, names: Sequence[str], top: int,
                 theme: Theme) -> int:
    """Stock, the top of the pile (outlined when it is the card just discarded) and the knock limit."""
    card = PILE_TOP.value
    x = PAD + 24
    for depth in range(min(3, view.stock_count)):
        sprites.paste(image, sprites.back(PILE_TOP, theme), (x + 3 * depth, top + 14 - 2 * depth))
    if not view.stock_count:
        draw.rounded_rectangle((x, top + 14, x + card.width, top + 14 + card.height), card.radius,
                               outline=theme.text_muted, width=2)
    draw_fitted(draw, (PAD, top + card.height + 22, PAD + 170, top + card.height + 52),
                f"stock {view.stock_count}", bold(TEXT_PX), theme.text if view.stock_count > 2 else theme.danger,
                "center")
    centre = theme.width // 2 - card.width // 2
    if view.top is not None:
        sprites.paste(image, sprites.face(view.top, PILE_TOP, theme), (centre, top + 14))
        last = view.history[-1] if view.history else None
        if last is not None and last.action is Action.DISCARD and last.card == view.top:
            draw.rounded_rectangle((centre - 4, top + 10, centre + card.width + 3, top + 17 + card.height),
                                   card.radius + 3, outline=theme.accent, width=4)
            caption = f"discarded by {seat_name(names, last.seat)}"
        else:
            caption = "top of the pile"
    else:
        draw.rounded_rectangle((centre, top + 14, centre + card.width, top + 14 + card.height), card.radius,
                               outline=theme.text_muted, width=2)
        caption = "pile empty"
    draw_fitted(draw, (centre - 120, top + card.height + 22, centre + card.width + 120, top + card.height + 52),
                caption, font(TEXT_PX), theme.text_muted, "center")
    right = theme.width - PAD - 150
    if view.options.oklahoma:
        limit = "gin only" if view.knock_limit == 0 else f"knock ≤ {view.knock_limit}"
        pill(draw, (right, top + 40), f"upcard {view.upcard}", theme.card_face,
             theme.red_suit if view.upcard.suit is not None and view.upcard.suit.is_red else theme.black_suit)
        pill(draw, (right, top + 84), limit, theme.accent, theme.board_bg)
        if view.doubled:
            pill(draw, (right, top + 128), "spades: ×2", theme.danger, theme.text)
    else:
        pill(draw, (right, top + 60), f"knock ≤ {view.knock_limit}", theme.accent, theme.board_bg)
    return CENTRE_H


def _draw_strip(image: Image.Image, draw: ImageDraw.ImageDraw, view: GinView, top: int, theme: Theme) -> int:
    """The discard pile under its top card, oldest first, every index readable (GR-5: all of it is public)."""
    below = view.discard[:-1]
    title = f"discard pile, oldest first: {len(view.discard)} card" + ("" if len(view.discard) == 1 else "s")
    draw_fitted(draw, (PAD + 16, top, theme.width - PAD - 16, top + STRIP_TITLE), title, font(TEXT_PX),
                theme.text_muted)
    y = top + STRIP_TITLE
    start = 0
    card = STRIP.value
    for count in _strip_rows(len(below), theme):
        x = PAD + 12
        for physical in below[start : start + count]:
            sprites.paste(image, sprites.face(physical, STRIP, theme), (x, y))
            x += card.strip
        start += count
        y += card.height + STRIP_GAP
    return _strip_height(view, theme)


def _group_widths(groups: Sequence[Sequence[Card]], size: Size) -> list[int]:
    card = size.value
    return [card.width + card.strip * (len(group) - 1) if group else 0 for group in groups]


def _draw_groups(image: Image.Image, draw: ImageDraw.ImageDraw, groups: Sequence[Sequence[Card]],
                 captions: Sequence[str], left: int, top: int, right: int, size: Size, theme: Theme) -> None:
    """Card groups left to right (melds, lay-offs, deadwood), each with a caption under it."""
    card = size.value
    widths = _group_widths(groups, size)
    gap = GROUP_GAP
    total = sum(widths) + gap * max(0, len([w for w in widths if w]) - 1)
    step_scale = 1.0 if total <= right - left else (right - left) / total
    x = left
    for group, caption, group_width in zip(groups, captions, widths, strict=True):
        if not group:
            continue
        step = max(16, int(card.strip * step_scale))
        for physical in group:
            sprites.paste(image, sprites.face(physical, size, theme), (x, top))
            x += step
        end = x - step + card.width
        if caption:  # may reach into the gaps: a single card's caption is wider than the card
            middle = (end + end - group_width) // 2
            half = max(group_width // 2, card.width // 2 + GROUP_GAP + 34)
            draw_fitted(draw, (middle - half, top + card.height + 2, middle + half, top + card.height + 34),
                        caption, font(TEXT_PX), theme.text_muted, "center")
        x = end + int(gap * step_scale)


def _draw_summary(image: Image.Image, draw: ImageDraw.ImageDraw, summary: HandSummary, names: Sequence[str],
                  top: int, theme: Theme) -> None:
    """GR-6..GR-9: both arrangements (melds, lay-offs, deadwood), then the score, every bonus named."""
    draw_fitted(draw, (PAD + 16, top + 4, theme.width - PAD - 16, top + SUMMARY_TITLE), _headline(summary, names),
                bold(TEXT_PX + 1), theme.accent, min_px=TEXT_PX)
    y = top + SUMMARY_TITLE
    if summary.knocker is not None:
        knocker, defender = summary.knocker, 1 - summary.knocker
        laid = [extra for extra in summary.layoffs if extra]
        rows = [
            (knocker, "knocked",
             [*summary.knocker_melds, summary.knocker_deadwood],
             [*("" for _ in summary.knocker_melds), f"deadwood {summary.knocker_count}"]),
            (defender, "defended",
             [*summary.defender_melds, *laid, summary.defender_deadwood],
             [*("" for _ in summary.defender_melds), *("laid off" for _ in laid),
              f"deadwood {summary.defender_count}"]),
        ]
        for seat, role, groups, captions in rows:
            draw_fitted(draw, (PAD + 16, y, PAD + 150, y + 30), seat_name(names, seat), bold(TEXT_PX), theme.text,
                        min_px=TEXT_PX)
            draw_fitted(draw, (PAD + 16, y + 32, PAD + 150, y + 60), role, font(TEXT_PX), theme.text_muted)
            _draw_groups(image, draw, groups, captions, PAD + 160, y + 2, theme.width - PAD - 16, STRIP, theme)
            y += STRIP.value.height + ARRANGEMENT_GAP
    for line in _summary_lines(summary, names, theme):
        draw_fitted(draw, (PAD + 16, y, theme.width - PAD - 16, y + SUMMARY_ROW), line, font(TEXT_PX), theme.text)
        y += SUMMARY_ROW


@offloaded
def render_table(view: GinView, names: Sequence[str], theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the public table: stock, the discard pile, counts, picks, knock limit, scores, last action."""
    height = table_size(view, names, theme)[1]
    image, draw = canvas(height, theme)
    title = f"{view.options.name} · hand {view.hand_number}"
    header(draw, title, turn_label(names, view.to_move, view.is_over, doing(view), ended="Match over"), theme)
    top = HEADER_H + PAD
    top += seat_panels(image, top, _panels(view, names, theme), theme) + PAD
    summary = recent_hand(view)
    summary_h = _summary_height(view, names, theme)
    if summary is not None:
        draw.rounded_rectangle((PAD, top, theme.width - PAD, top + summary_h), 18, fill=theme.panel)
        _draw_summary(image, draw, summary, names, top, theme)
        top += summary_h + PAD
    bottom = height - FOOTER_H - PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, bottom), 18, fill=theme.felt_dark)
    top += _draw_centre(image, draw, view, names, top, theme)
    top += _draw_strip(image, draw, view, top, theme)
    for text, closed in _score_lines(view, names):
        draw_fitted(draw, (PAD + 16, top, theme.width - PAD - 16, top + SCORE_ROW), text, bold(TEXT_PX),
                    theme.gold if closed else theme.text, min_px=TEXT_PX)
        top += SCORE_ROW
    footer(draw, height - FOOTER_H, _event(view, names), theme)
    return encode(image, theme)


# The hand ----------------------------------------------------------------------------------------

HAND = Size.HAND
HAND_PAD = 12
HAND_GAP = 14  # eleven cards in four groups (4 x 96 + 7 x 50 px) plus three gaps fit one 800-px row
RAISE = 22
LABEL_H = 32
CAPTION_H = 34
ROW_GAP = 8


@dataclass(frozen=True, slots=True)
class _Group:
    cards: tuple[Card, ...]
    caption: str


def _groups(arranged: Arrangement) -> list[_Group]:
    """Each meld ("set" or "run"), then the deadwood with its count; with none, the last meld says so."""
    groups = [_Group(meld, "set" if len({card.rank for card in meld}) == 1 else "run") for meld in arranged.melds]
    if arranged.deadwood:
        groups.append(_Group(arranged.deadwood, f"deadwood {arranged.count}"))
    elif groups:
        groups[-1] = _Group(groups[-1].cards, f"{groups[-1].caption} · deadwood 0")
    return groups


def _hand_rows(groups: Sequence[_Group], theme: Theme) -> list[list[_Group]]:
    """Groups wrapped into rows that fit the image width (a group is never split)."""
    card = HAND.value
    usable = theme.width - 2 * HAND_PAD
    rows: list[list[_Group]] = [[]]
    used = 0
    for group in groups:
        width = card.width + card.strip * max(0, len(group.cards) - 1)
        need = width + (HAND_GAP if rows[-1] else 0)
        if rows[-1] and used + need > usable:
            rows.append([])
            used, need = 0, width
        rows[-1].append(group)
        used += need
    return rows


def hand_size(view: GinView, theme: Theme = DEFAULT_THEME) -> tuple[int, int]:
    """Pixel size of the hand image for this view."""
    rows = len(_hand_rows(_groups(view.arrangement), theme))
    one = HAND.value.height + LABEL_H + CAPTION_H
    return theme.width, 2 * HAND_PAD + RAISE + rows * one + (rows - 1) * ROW_GAP


def render_hand(view: GinView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG of the seat's hand in the engine's best arrangement: melds, then deadwood and its count (cached)."""
    marked = frozenset([view.just_taken]) if view.just_taken is not None and view.my_turn else frozenset()
    return _hand_png(view.arrangement, frozenset(selected), theme, marked)


@functools.lru_cache(maxsize=HAND_CACHE_SIZE)
def _hand_png(arranged: Arrangement, selected: frozenset[Card], theme: Theme, marked: frozenset[Card]) -> bytes:
    return _draw_hand_png(arranged, selected, theme, marked)


@offloaded
def _draw_hand_png(arranged: Arrangement, selected: frozenset[Card], theme: Theme, marked: frozenset[Card]) -> bytes:
    """Drawn in a drawing process when the bot runs them (rendering.offload)."""
    return encode(draw_hand(arranged, selected, theme, marked), theme)


def draw_hand(arranged: Arrangement, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME,
              marked: Collection[Card] = frozenset()) -> Image.Image:
    """The arrangement's groups in rows; each card labelled as its button is, each group captioned."""
    groups = _groups(arranged)
    rows = _hand_rows(groups, theme)
    card = HAND.value
    one = card.height + LABEL_H + CAPTION_H
    height = 2 * HAND_PAD + RAISE + len(rows) * one + (len(rows) - 1) * ROW_GAP
    image = Image.new("RGB", (theme.width, height), theme.felt)
    draw = ImageDraw.Draw(image)
    label_font = bold(TEXT_PX)
    if not arranged.cards:
        draw_line(draw, (theme.width / 2, height / 2), "No cards in hand", bold(26), theme.text_muted, "center")
        return image
    y = HAND_PAD + RAISE
    for row in rows:
        widths = [card.width + card.strip * (len(group.cards) - 1) for group in row if group.cards]
        x = (theme.width - (sum(widths) + HAND_GAP * (len(widths) - 1))) // 2
        for group in row:
            if not group.cards:
                continue
            start = x
            for position, physical in enumerate(group.cards):
                chosen = physical in selected
                top = y - RAISE if chosen else y
                sprites.paste(image, sprites.face(physical, HAND, theme), (x, top))
                if chosen:
                    draw.rounded_rectangle((x - 3, top - 3, x + card.width + 2, top + card.height + 2),
                                           card.radius + 3, outline=theme.accent, width=4)
                visible = card.width if position == len(group.cards) - 1 else card.strip
                label_y = y + card.height + LABEL_H // 2 + 2
                ink = theme.accent if chosen else theme.text
                if physical in marked:
                    draw.rounded_rectangle((x + 2, label_y - LABEL_H / 2 + 1, x + visible - 2,
                                            label_y + LABEL_H / 2 - 1), 8, fill=theme.gold)
                    ink = theme.board_bg
                draw_line(draw, (x + visible / 2, label_y), str(physical), label_font, ink, "center")
                x += card.strip
            end = x - card.strip + card.width
            caption_top = y + card.height + LABEL_H
            colour = theme.accent if "deadwood" in group.caption else theme.text_muted
            draw.line((start + 4, caption_top + 3, end - 4, caption_top + 3), fill=colour, width=2)
            draw_fitted(draw, (start - 10, caption_top + 4, end + 10, caption_top + CAPTION_H), group.caption,
                        bold(TEXT_PX), colour, "center")
            x = end + HAND_GAP
        y += one + ROW_GAP
    return image


# A hand's score in words -------------------------------------------------------------------------


def _score_sentence(summary: HandSummary, names: Sequence[str]) -> str:
    """How the hand ended and what it is worth (GR-7, GR-9, GR-12)."""
    score = summary.score
    assert score is not None and summary.knocker is not None
    who, other = seat_name(names, summary.knocker), seat_name(names, 1 - summary.knocker)
    against = summary.defender_count
    if score.end is HandEnd.BIG_GIN:
        text = f"{who} has big gin: {against} deadwood against none, plus the big gin bonus of {score.bonus}"
    elif score.end is HandEnd.GIN:
        text = f"{who} has gin: {against} deadwood against none, plus the gin bonus of {score.bonus}"
    elif score.end is HandEnd.UNDERCUT:
        text = (f"{other} undercuts {who}: {against} deadwood against {summary.knocker_count}, a difference of "
                f"{score.difference}, plus the undercut bonus of {score.bonus}")
    else:
        text = f"{who} knocks with {summary.knocker_count} against {against}: a difference of {score.difference}"
    if score.multiplier > 1:
        text += ", doubled for the spade upcard"
    return text + "."


def hand_sentences(summary: HandSummary, names: Sequence[str]) -> list[str]:
    """A finished hand's score, one sentence a line, every bonus named (GR-7..GR-13)."""
    if summary.knocker is None or summary.winner is None:  # GR-10
        return [f"Hand {summary.number} is drawn: nobody scores, and {seat_name(names, summary.dealer)} deals again."]
    sentences = [_score_sentence(summary, names), f"{seat_name(names, summary.winner)} scores {summary.points}."]
    if summary.hollywood:
        games = " and ".join(str(i + 1) for i in summary.booked)
        sentences.append(f"Booked in game{'s' if len(summary.booked) > 1 else ''} {games}.")
    for i, tally in zip(summary.closed, summary.finals, strict=True):  # GR-11
        assert tally.winner is not None and tally.final is not None
        won, lost = tally.hands[tally.winner], tally.hands[1 - tally.winner]
        label = f"Game {i + 1}" if summary.hollywood else "The game"
        bonus = (f"{label} goes to {seat_name(names, tally.winner)}: game bonus 100, line bonus "
                 f"{25 * won} for {won} {plural(won, 'hand')} won")
        if tally.shutout:
            bonus += ", and the total doubled for the shutout"
        else:
            loser = seat_name(names, 1 - tally.winner)
            bonus += f"; {loser} gets a line bonus of {25 * lost} for {lost} {plural(lost, 'hand')}"
        sentences.append(f"{bonus}.")
        sentences.append(f"Final: {tally.final[0]} to {tally.final[1]}.")
    return sentences


def hand_text(summary: HandSummary, names: Sequence[str]) -> str:
    """ "Ann knocks with 8 against 11: a difference of 3. Ann scores 3." """
    return " ".join(hand_sentences(summary, names))
