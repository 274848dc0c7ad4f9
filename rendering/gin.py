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
from here. Names come in as data (`seat_name(names, seat)`), never by rewriting text. Every word is the
catalogs' in `lang` (the image's, or the message's for the words module).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from PIL import Image

from games.cards import Card
from games.gin import Action, GinView, HandSummary
from games.gin.options import Options
from games.gin.scoring import HandEnd
from games.gin.views import Arrangement
from locales import listing, number, t, tn
from rendering import cards as sprites
from rendering.fonts import bold, font
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
    fanned,
    footer,
    header,
    panel_height,
    pill,
    seat_name,
    seat_panels,
    turn_label,
)
from rendering.text import language
from rendering.text import width as text_width
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme

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

def variant_name(options: Options, *, lang: str = "en") -> str:
    """The variant's name in `lang` (`Options.name`: Gin, Oklahoma Gin, Hollywood Gin, Hollywood Oklahoma Gin)."""
    if options.hollywood and options.oklahoma:
        return t(lang, "Hollywood Oklahoma Gin")
    if options.hollywood:
        return t(lang, "Hollywood Gin")
    if options.oklahoma:
        return t(lang, "Oklahoma Gin")
    return t(lang, "Gin")


def _event(view: GinView, names: Sequence[str], lang: str = "en") -> str:
    """The last action, as the footer reads it."""
    if not view.history:
        if view.last_hand is not None:
            return _headline(view.last_hand, names, lang)
        return t(lang, "Hand {number}: {name} dealt", number=number(lang, view.hand_number),
                 name=seat_name(names, view.dealer, lang=lang))
    event = view.history[-1]
    who = seat_name(names, event.seat, lang=lang)
    card = str(event.card)
    drew = view.history[-2] if len(view.history) > 1 else None
    if event.action is Action.DISCARD and drew is not None and drew.seat == event.seat:
        # the whole turn: where from, what went
        if drew.action is Action.TAKE:
            return t(lang, "{name} took {taken} and discarded {card}", name=who, taken=str(drew.card), card=card)
        if drew.action is Action.DRAW:
            return t(lang, "{name} drew from the stock and discarded {card}", name=who, card=card)
    if event.action is Action.PASS:
        return t(lang, "{name} passed on the upcard", name=who)
    if event.action is Action.TAKE:
        return t(lang, "{name} took {card} from the discard pile", name=who, card=card)
    if event.action is Action.DRAW:
        return t(lang, "{name} drew from the stock", name=who)
    if event.action is Action.DISCARD:
        return t(lang, "{name} discarded {card}", name=who, card=card)
    if event.action is Action.KNOCK:
        return t(lang, "{name} knocked", name=who)
    return t(lang, "{name} laid out big gin", name=who)


def _headline(summary: HandSummary, names: Sequence[str], lang: str = "en") -> str:
    hand = number(lang, summary.number)
    if summary.knocker is None or summary.winner is None:
        return t(lang, "Hand {number} drawn: nobody scores", number=hand)
    values = {"number": hand, "name": seat_name(names, summary.knocker, lang=lang),
              "winner": seat_name(names, summary.winner, lang=lang), "points": number(lang, summary.points)}
    end = summary.end.value
    if end == "undercut":
        return t(lang, "Hand {number}: {name} knocked and was undercut; {winner} +{points}", **values)
    if end == "gin":
        return t(lang, "Hand {number}: {name} went gin; {winner} +{points}", **values)
    if end == "big gin":
        return t(lang, "Hand {number}: {name} went big gin; {winner} +{points}", **values)
    return t(lang, "Hand {number}: {name} knocked; {winner} +{points}", **values)


def doing(view: GinView, *, lang: str = "en") -> str:
    """What the seat to move is about to do (GR-3, GR-4)."""
    phase = view.phase.value
    if phase == "upcard":
        return t(lang, "to take or pass")
    if phase == "draw":
        return t(lang, "to draw")
    return t(lang, "to discard") if phase == "discard" else ""


def _doing_sentence(view: GinView, lang: str) -> str:
    """`doing` as the header's sentence, with a `{name}` field."""
    phase = view.phase.value
    if phase == "upcard":
        return t(lang, "{name} to take or pass")
    if phase == "draw":
        return t(lang, "{name} to draw")
    return t(lang, "{name} to discard") if phase == "discard" else "{name}"


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


def _score_lines(view: GinView, names: Sequence[str], lang: str = "en") -> list[tuple[str, bool]]:
    """(text, closed) per game: running points, or the final totals with every bonus (GR-11, GR-13)."""
    first, second = seat_name(names, 0, lang=lang), seat_name(names, 1, lang=lang)
    lines = []
    for index, tally in enumerate(view.tallies):
        label = t(lang, "Game {number}", number=number(lang, index + 1)) if len(view.tallies) > 1 else t(lang, "Game")
        if tally.final is not None and tally.winner is not None:
            values = {"game": label, "first": first, "second": second, "a": number(lang, tally.final[0]),
                      "b": number(lang, tally.final[1]), "winner": seat_name(names, tally.winner, lang=lang)}
            if tally.shutout:
                text = t(lang, "{game} over: {first} {a} – {b} {second} ({winner}, shutout)", **values)
            else:
                text = t(lang, "{game} over: {first} {a} – {b} {second} ({winner})", **values)
            lines.append((text, True))
        elif view.options.fixed_deals:  # D-GR-10: no target, the match is N hands
            lines.append((t(lang, "{game} · hand {number} of {hands}: {first} {a} – {b} {second}", game=label,
                            number=number(lang, view.hand_number), hands=number(lang, view.options.fixed_deals),
                            first=first, second=second, a=number(lang, tally.points[0]),
                            b=number(lang, tally.points[1])), False))
        else:
            lines.append((t(lang, "{game} to {target}: {first} {a} – {b} {second}", game=label,
                            target=number(lang, view.target), first=first, second=second,
                            a=number(lang, tally.points[0]), b=number(lang, tally.points[1])), False))
    return lines


def match_totals(view: GinView) -> tuple[int, int]:
    """Each seat's match total (GR-11, GR-13): closed games' final totals, open games' running points."""
    totals = [0, 0]
    for tally in view.tallies:
        values = tally.final if tally.final is not None else tally.points
        totals = [totals[0] + values[0], totals[1] + values[1]]
    return totals[0], totals[1]


def match_end_text(view: GinView, names: Sequence[str], *, lang: str = "en") -> str | None:
    """How a finished match ended where the score lines alone do not say it: after a fixed number of hands
    (D-GR-10) the number played and who won on totals, and any match with level totals as the draw it is
    (both share first place, like the result and the tournament); None while playing or for a plain win."""
    if not view.is_over:
        return None
    totals = match_totals(view)
    hands = view.options.fixed_deals
    if totals[0] == totals[1]:
        if hands:
            return tn(lang, "{n} hand played: a draw at {points} each", "{n} hands played: a draw at {points} each",
                      hands, points=number(lang, totals[0]))  # fmt: skip
        return t(lang, "A draw at {points} each", points=number(lang, totals[0]))
    if not hands:
        return None
    leader = 0 if totals[0] > totals[1] else 1
    return tn(lang, "{n} hand played: {name} wins {won}–{lost}", "{n} hands played: {name} wins {won}–{lost}", hands,
              name=seat_name(names, leader, lang=lang), won=number(lang, totals[leader]),
              lost=number(lang, totals[1 - leader]))  # fmt: skip


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


def _summary_lines(summary: HandSummary, names: Sequence[str], theme: Theme, lang: str = "en") -> list[str]:
    """The hand's score (every bonus named, `hand_sentences`), wrapped to the width."""
    lines = []
    if summary.knocker is not None:
        for meld, extra in zip(summary.knocker_melds, summary.layoffs, strict=False):
            if extra:
                lines.append(t(lang, "Laid off {cards} onto {meld}.", cards=" ".join(map(str, extra)),
                               meld=" ".join(map(str, meld))))
    for sentence in hand_sentences(summary, names, lang=lang):
        lines.extend(_wrap(sentence, theme.width - 2 * PAD - 32))
    return lines


def _summary_height(view: GinView, names: Sequence[str], theme: Theme, lang: str = "en") -> int:
    summary = recent_hand(view)
    if summary is None:
        return 0
    rows = 0 if summary.knocker is None else 2 * (STRIP.value.height + ARRANGEMENT_GAP)
    return SUMMARY_TITLE + rows + SUMMARY_ROW * len(_summary_lines(summary, names, theme, lang)) + 12


def _panels(view: GinView, names: Sequence[str], theme: Theme, lang: str = "en") -> list[SeatPanel]:
    panels = []
    for seat in range(SEATS):
        to_play = seat == view.to_move and not view.is_over
        badges = []
        if to_play:
            badges.append(Badge(doing(view, lang=lang), theme.accent))
        if seat == view.dealer and not view.is_over:
            badges.append(Badge(t(lang, "dealer"), theme.text_muted))
        picked = view.known[seat]
        if picked:
            held = t(lang, "from the pile: {cards}", cards=" ".join(str(card) for card in picked))
        else:
            held = t(lang, "nothing from the pile")
        panels.append(SeatPanel(
            name=seat_name(names, seat, lang=lang),
            cards=view.hand_counts[seat],
            lines=(t(lang, "hands won {n}", n=number(lang, view.wins[seat])), held),
            badges=tuple(badges),
            active=to_play,
        ))
    return panels


def table_size(view: GinView, names: Sequence[str] = (), theme: Theme = DEFAULT_THEME, *,
               lang: str = "en") -> tuple[int, int]:
    """The table image's size for this view: it grows with the discard pile, the games and a hand's end."""
    with language(lang):
        seats = panel_height(_panels(view, names, theme, lang), theme)
        summary = _summary_height(view, names, theme, lang)
    scores = SCORE_ROW * len(view.tallies) + 16
    body = CENTRE_H + _strip_height(view, theme) + scores
    return theme.width, HEADER_H + PAD + seats + PAD + (summary + PAD if summary else 0) + body + PAD + FOOTER_H


# Drawing -----------------------------------------------------------------------------------------


def _draw_centre(canvas: Surface, view: GinView, names: Sequence[str], top: int, theme: Theme, lang: str = "en"
                 ) -> int:
    """Stock, the top of the pile (outlined when it is the card just discarded) and the knock limit."""
    card = PILE_TOP.value
    page = mirror(theme.width)  # the stock where reading starts, the pile in the middle, the limits after
    draw, ink = canvas.draw, canvas.ink
    x = PAD + 24
    for depth in range(min(3, view.stock_count)):  # a few backs deep, each on the one before
        canvas.sprite(sprites.back(PILE_TOP, theme), (page.at(x + 3 * depth, card.width), top + 14 - 2 * depth),
                      None if depth else Over(theme.felt_dark))
    if not view.stock_count:
        draw.rounded_rectangle(page.box((x, top + 14, x + card.width, top + 14 + card.height)), card.radius,
                               outline=ink(theme.text_muted), width=2)
    canvas.fitted(page.box((PAD, top + card.height + 22, PAD + 170, top + card.height + 52)),
                  t(lang, "stock {n}", n=number(lang, view.stock_count)), bold(TEXT_PX),
                  theme.text if view.stock_count > 2 else theme.danger, "center")
    centre = theme.width // 2 - card.width // 2
    if view.top is not None:
        canvas.sprite(sprites.face(view.top, PILE_TOP, theme), (centre, top + 14), Over(theme.felt_dark))
        last = view.history[-1] if view.history else None
        if last is not None and last.action is Action.DISCARD and last.card == view.top:
            draw.rounded_rectangle((centre - 4, top + 10, centre + card.width + 3, top + 17 + card.height),
                                   card.radius + 3, outline=ink(theme.accent), width=4)
            caption = t(lang, "discarded by {name}", name=seat_name(names, last.seat, lang=lang))
        else:
            caption = t(lang, "top of the pile")
    else:
        draw.rounded_rectangle((centre, top + 14, centre + card.width, top + 14 + card.height), card.radius,
                               outline=ink(theme.text_muted), width=2)
        caption = t(lang, "pile empty")
    canvas.fitted((centre - 120, top + card.height + 22, centre + card.width + 120, top + card.height + 52),
                  caption, font(TEXT_PX), theme.text_muted, "center")
    right = round(page.x(theme.width - PAD - 150))
    if view.options.oklahoma:
        limit = t(lang, "gin only") if view.knock_limit == 0 else t(lang, "knock ≤ {n}",
                                                                        n=number(lang, view.knock_limit))
        pill(canvas, (right, top + 40), t(lang, "upcard {card}", card=str(view.upcard)), theme.card_face,
             theme.red_suit if view.upcard.suit is not None and view.upcard.suit.is_red else theme.black_suit)
        pill(canvas, (right, top + 84), limit, theme.accent, theme.board_bg)
        if view.doubled:
            pill(canvas, (right, top + 128), t(lang, "spades: ×2"), theme.danger, theme.text)
    else:
        pill(canvas, (right, top + 60), t(lang, "knock ≤ {n}", n=number(lang, view.knock_limit)), theme.accent,
             theme.board_bg)
    return CENTRE_H


def _draw_strip(canvas: Surface, view: GinView, top: int, theme: Theme, lang: str = "en") -> int:
    """The discard pile under its top card, oldest first, every index readable (GR-5: all of it is public)."""
    below = view.discard[:-1]
    title = tn(lang, "discard pile, oldest first: {n} card", "discard pile, oldest first: {n} cards",
               len(view.discard))
    page = mirror(theme.width)
    canvas.fitted((PAD + 16, top, theme.width - PAD - 16, top + STRIP_TITLE), title, font(TEXT_PX),
                  theme.text_muted, page.align("left"))
    y = top + STRIP_TITLE
    start = 0
    card = STRIP.value
    for count in _strip_rows(len(below), theme):  # each row from where reading starts, its cards left to right
        x = page.at(PAD + 12, card.strip * (count - 1) + card.width)
        for position, physical in enumerate(below[start : start + count]):
            canvas.sprite(sprites.face(physical, STRIP, theme), (x, y),
                          fanned(position, card.strip, STRIP, physical, theme.felt_dark))
            x += card.strip
        start += count
        y += card.height + STRIP_GAP
    return _strip_height(view, theme)


def _group_widths(groups: Sequence[Sequence[Card]], size: Size) -> list[int]:
    card = size.value
    return [card.width + card.strip * (len(group) - 1) if group else 0 for group in groups]


def _draw_groups(canvas: Surface, groups: Sequence[Sequence[Card]], captions: Sequence[str], left: int, top: int,
                 right: int, size: Size, theme: Theme) -> None:
    """Card groups in reading order (melds, lay-offs, deadwood), each with a caption under it; from the
    right in a right-to-left image, the cards of each group still left to right (`rendering.layout`)."""
    card = size.value
    widths = _group_widths(groups, size)
    gap = GROUP_GAP
    total = sum(widths) + gap * max(0, len([w for w in widths if w]) - 1)
    step_scale = 1.0 if total <= right - left else (right - left) / total
    page = mirror(canvas.image.width)
    x = left
    for group, caption, group_width in zip(groups, captions, widths, strict=True):
        if not group:
            continue
        step = max(16, int(card.strip * step_scale))
        drawn_width = step * (len(group) - 1) + card.width
        placed = page.at(x, drawn_width)
        for index, physical in enumerate(group):
            canvas.sprite(sprites.face(physical, size, theme), (placed + index * step, top),
                          fanned(index, step, size, physical, theme.panel))
        end = x + drawn_width
        if caption:  # may reach into the gaps: a single card's caption is wider than the card
            middle = (end + end - group_width) // 2
            half = max(group_width // 2, card.width // 2 + GROUP_GAP + 34)
            canvas.fitted(page.box((middle - half, top + card.height + 2, middle + half, top + card.height + 34)),
                          caption, font(TEXT_PX), theme.text_muted, "center")
        x = end + int(gap * step_scale)


def _draw_summary(canvas: Surface, summary: HandSummary, names: Sequence[str], top: int, theme: Theme,
                  lang: str = "en") -> None:
    """GR-6..GR-9: both arrangements (melds, lay-offs, deadwood), then the score, every bonus named."""
    page = mirror(theme.width)
    canvas.fitted((PAD + 16, top + 4, theme.width - PAD - 16, top + SUMMARY_TITLE), _headline(summary, names, lang),
                  bold(TEXT_PX + 1), theme.accent, page.align("left"), min_px=TEXT_PX)
    y = top + SUMMARY_TITLE
    if summary.knocker is not None:
        knocker, defender = summary.knocker, 1 - summary.knocker
        laid = [extra for extra in summary.layoffs if extra]
        rows = [
            (knocker, t(lang, "knocked"),
             [*summary.knocker_melds, summary.knocker_deadwood],
             [*("" for _ in summary.knocker_melds), t(lang, "deadwood {n}", n=number(lang, summary.knocker_count))]),
            (defender, t(lang, "defended"),
             [*summary.defender_melds, *laid, summary.defender_deadwood],
             [*("" for _ in summary.defender_melds), *(t(lang, "laid off") for _ in laid),
              t(lang, "deadwood {n}", n=number(lang, summary.defender_count))]),
        ]
        for seat, role, groups, captions in rows:
            canvas.fitted(page.box((PAD + 16, y, PAD + 150, y + 30)), seat_name(names, seat, lang=lang),
                          bold(TEXT_PX), theme.text, page.align("left"), min_px=TEXT_PX)
            canvas.fitted(page.box((PAD + 16, y + 32, PAD + 150, y + 60)), role, font(TEXT_PX), theme.text_muted,
                          page.align("left"))
            _draw_groups(canvas, groups, captions, PAD + 160, y + 2, theme.width - PAD - 16, STRIP, theme)
            y += STRIP.value.height + ARRANGEMENT_GAP
    for line in _summary_lines(summary, names, theme, lang):
        canvas.fitted((PAD + 16, y, theme.width - PAD - 16, y + SUMMARY_ROW), line, font(TEXT_PX), theme.text,
                      page.align("left"))
        y += SUMMARY_ROW


@offloaded
def render_table(view: GinView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en") -> bytes:
    """PNG of the public table in `lang`: stock, the discard pile, counts, picks, knock limit, scores, last action."""
    return sent(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def draw_table(view: GinView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en") -> Image.Image:
    """The table as an RGB picture: the layout `render_table` sends, drawn on the palette."""
    return reference(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def _header_texts(view: GinView, names: Sequence[str], lang: str) -> tuple[str, str]:
    """The title and, once over, the right-hand label. A match of fixed hands (D-GR-10) names the hand of
    how many, and at its end how many were played with the winner on totals; level totals read as a draw
    (both share first place). The header's right half is narrow, so the result goes there alone."""
    game = variant_name(view.options, lang=lang)
    hands = view.options.fixed_deals
    if hands and view.is_over:
        title = tn(lang, "{game} · {n} hand played", "{game} · {n} hands played", hands, game=game)
    elif hands:
        title = t(lang, "{game} · hand {number} of {hands}", game=game, number=number(lang, view.hand_number),
                  hands=number(lang, hands))
    else:
        title = t(lang, "{game} · hand {number}", game=game, number=number(lang, view.hand_number))
    totals = match_totals(view)
    if totals[0] == totals[1]:
        ended = t(lang, "A draw at {points} each", points=number(lang, totals[0]))
    elif hands:
        leader = 0 if totals[0] > totals[1] else 1
        ended = t(lang, "{name} wins {won}–{lost}", name=seat_name(names, leader, lang=lang),
                  won=number(lang, totals[leader]), lost=number(lang, totals[1 - leader]))
    else:
        ended = t(lang, "Match over")
    return title, ended


def _draw_table(surface: SurfaceKind, view: GinView, names: Sequence[str], theme: Theme, lang: str) -> Surface:
    height = table_size(view, names, theme, lang=lang)[1]
    picture = canvas(height, theme, surface)
    draw, ink = picture.draw, picture.ink
    title, ended = _header_texts(view, names, lang)
    header(picture, title, turn_label(names, view.to_move, view.is_over, _doing_sentence(view, lang),
                                   ended=ended, lang=lang), theme)
    top = HEADER_H + PAD
    top += seat_panels(picture, top, _panels(view, names, theme, lang), theme) + PAD
    summary = recent_hand(view)
    summary_h = _summary_height(view, names, theme, lang)
    if summary is not None:
        draw.rounded_rectangle((PAD, top, theme.width - PAD, top + summary_h), 18, fill=ink(theme.panel))
        _draw_summary(picture, summary, names, top, theme, lang)
        top += summary_h + PAD
    bottom = height - FOOTER_H - PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, bottom), 18, fill=ink(theme.felt_dark))
    top += _draw_centre(picture, view, names, top, theme, lang)
    top += _draw_strip(picture, view, top, theme, lang)
    for text, closed in _score_lines(view, names, lang):
        picture.fitted((PAD + 16, top, theme.width - PAD - 16, top + SCORE_ROW), text, bold(TEXT_PX),
                       theme.gold if closed else theme.text, mirror(theme.width).align("left"),
                       min_px=TEXT_PX)
        top += SCORE_ROW
    footer(picture, height - FOOTER_H, _event(view, names, lang), theme)
    return picture


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
    deadwood: bool = False  # drawn in the accent colour


def _groups(arranged: Arrangement, lang: str = "en") -> list[_Group]:
    """Each meld ("set" or "run"), then the deadwood with its count; with none, the last meld says so."""
    groups = [_Group(meld, t(lang, "set") if len({card.rank for card in meld}) == 1 else t(lang, "run"))
              for meld in arranged.melds]
    if arranged.deadwood:
        groups.append(_Group(arranged.deadwood, t(lang, "deadwood {n}", n=number(lang, arranged.count)), True))
    elif groups:
        groups[-1] = _Group(groups[-1].cards, t(lang, "{meld} · deadwood 0", meld=groups[-1].caption), True)
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


def render_hand(view: GinView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME, *,
                lang: str = "en") -> bytes:
    """PNG of the seat's hand in the engine's best arrangement: melds, then deadwood and its count (cached)."""
    marked = frozenset([view.just_taken]) if view.just_taken is not None and view.my_turn else frozenset()
    return _hand_png(view.arrangement, frozenset(selected), theme, marked, lang)


@functools.lru_cache(maxsize=HAND_CACHE_SIZE)
def _hand_png(arranged: Arrangement, selected: frozenset[Card], theme: Theme, marked: frozenset[Card],
              lang: str = "en") -> bytes:
    return _draw_hand_png(arranged, selected, theme, marked, lang)


@offloaded
def _draw_hand_png(arranged: Arrangement, selected: frozenset[Card], theme: Theme, marked: frozenset[Card],
                   lang: str = "en") -> bytes:
    """Drawn in a drawing process when the bot runs them (rendering.offload), on the palette
    (rendering.surface)."""
    return sent(lambda surface: _draw_hand(surface, arranged, selected, theme, marked, lang), lang)


def draw_hand(arranged: Arrangement, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME,
              marked: Collection[Card] = frozenset(), *, lang: str = "en") -> Image.Image:
    """The arrangement's groups in rows; each card labelled as its button is, each group captioned (the RGB
    picture; the bot sends the same layout drawn on the palette)."""
    return reference(lambda surface: _draw_hand(surface, arranged, selected, theme, marked, lang), lang)


def _draw_hand(surface: SurfaceKind, arranged: Arrangement, selected: Collection[Card], theme: Theme,
               marked: Collection[Card], lang: str) -> Surface:
    groups = _groups(arranged, lang)
    rows = _hand_rows(groups, theme)
    card = HAND.value
    one = card.height + LABEL_H + CAPTION_H
    height = 2 * HAND_PAD + RAISE + len(rows) * one + (len(rows) - 1) * ROW_GAP
    canvas = surface((theme.width, height), theme.felt, theme)
    label_font = bold(TEXT_PX)
    if not arranged.cards:
        canvas.line((theme.width / 2, height / 2), t(lang, "No cards in hand"), bold(26), theme.text_muted, "center")
        return canvas
    y = HAND_PAD + RAISE
    for row in rows:
        widths = [card.width + card.strip * (len(group.cards) - 1) for group in row if group.cards]
        x = (theme.width - (sum(widths) + HAND_GAP * (len(widths) - 1))) // 2
        for group in row:
            if not group.cards:
                continue
            start = x
            plain_before = False  # the card to the left is on the row's line: a fanned card lies on it
            for position, physical in enumerate(group.cards):
                chosen = physical in selected
                top = y - RAISE if chosen else y
                over = Over(theme.felt) if position == 0 else Over(theme.felt, card.strip) if plain_before and not \
                    chosen else None
                canvas.sprite(sprites.face(physical, HAND, theme), (x, top), over)
                if chosen:
                    canvas.draw.rounded_rectangle((x - 3, top - 3, x + card.width + 2, top + card.height + 2),
                                                  card.radius + 3, outline=canvas.ink(theme.accent), width=4)
                visible = card.width if position == len(group.cards) - 1 else card.strip
                label_y = y + card.height + LABEL_H // 2 + 2
                ink = theme.accent if chosen else theme.text
                if physical in marked:
                    canvas.draw.rounded_rectangle((x + 2, label_y - LABEL_H / 2 + 1, x + visible - 2,
                                                   label_y + LABEL_H / 2 - 1), 8, fill=canvas.ink(theme.gold))
                    ink = theme.board_bg
                canvas.line((x + visible / 2, label_y), str(physical), label_font, ink, "center")
                plain_before = not chosen
                x += card.strip
            end = x - card.strip + card.width
            caption_top = y + card.height + LABEL_H
            colour = theme.accent if group.deadwood else theme.text_muted
            canvas.draw.line((start + 4, caption_top + 3, end - 4, caption_top + 3), fill=canvas.ink(colour), width=2)
            canvas.fitted((start - 10, caption_top + 4, end + 10, caption_top + CAPTION_H), group.caption,
                          bold(TEXT_PX), colour, "center")
            x = end + HAND_GAP
        y += one + ROW_GAP
    return canvas


# A hand's score in words -------------------------------------------------------------------------


def _score_sentence(summary: HandSummary, names: Sequence[str], lang: str = "en") -> str:
    """How the hand ended and what it is worth (GR-7, GR-9, GR-12)."""
    score = summary.score
    assert score is not None and summary.knocker is not None
    values = {"name": seat_name(names, summary.knocker, lang=lang),
              "other": seat_name(names, 1 - summary.knocker, lang=lang),
              "against": number(lang, summary.defender_count), "count": number(lang, summary.knocker_count),
              "difference": number(lang, score.difference), "bonus": number(lang, score.bonus)}
    doubled = score.multiplier > 1
    if score.end is HandEnd.BIG_GIN:
        if doubled:
            return t(lang, "{name} has big gin: {against} deadwood against none, plus the big gin bonus of {bonus}, "
                     "doubled for the spade upcard.", **values)
        return t(lang, "{name} has big gin: {against} deadwood against none, plus the big gin bonus of {bonus}.",
                 **values)
    if score.end is HandEnd.GIN:
        if doubled:
            return t(lang, "{name} has gin: {against} deadwood against none, plus the gin bonus of {bonus}, doubled "
                     "for the spade upcard.", **values)
        return t(lang, "{name} has gin: {against} deadwood against none, plus the gin bonus of {bonus}.", **values)
    if score.end is HandEnd.UNDERCUT:
        if doubled:
            return t(lang, "{other} undercuts {name}: {against} deadwood against {count}, a difference of "
                     "{difference}, plus the undercut bonus of {bonus}, doubled for the spade upcard.", **values)
        return t(lang, "{other} undercuts {name}: {against} deadwood against {count}, a difference of {difference}, "
                 "plus the undercut bonus of {bonus}.", **values)
    if doubled:
        return t(lang, "{name} knocks with {count} against {against}: a difference of {difference}, doubled for the "
                 "spade upcard.", **values)
    return t(lang, "{name} knocks with {count} against {against}: a difference of {difference}.", **values)


def hand_sentences(summary: HandSummary, names: Sequence[str], *, lang: str = "en") -> list[str]:
    """A finished hand's score in `lang`, one sentence a line, every bonus named (GR-7..GR-13)."""
    if summary.knocker is None or summary.winner is None:  # GR-10
        return [t(lang, "Hand {number} is drawn: nobody scores, and {name} deals again.",
                  number=number(lang, summary.number), name=seat_name(names, summary.dealer, lang=lang))]
    sentences = [_score_sentence(summary, names, lang),
                 t(lang, "{name} scores {points}.", name=seat_name(names, summary.winner, lang=lang),
                   points=number(lang, summary.points))]
    if summary.hollywood:
        games = listing(lang, [number(lang, i + 1) for i in summary.booked])
        sentences.append(tn(lang, "Booked in game {games}.", "Booked in games {games}.", len(summary.booked),
                            games=games))
    for i, tally in zip(summary.closed, summary.finals, strict=True):  # GR-11
        assert tally.winner is not None and tally.final is not None
        won, lost = tally.hands[tally.winner], tally.hands[1 - tally.winner]
        label = t(lang, "Game {number}", number=number(lang, i + 1)) if summary.hollywood else t(lang, "The game")
        winner = seat_name(names, tally.winner, lang=lang)
        line = tn(lang, "line bonus {bonus} for {n} hand won", "line bonus {bonus} for {n} hands won", won,
                  bonus=number(lang, 25 * won))
        if tally.shutout:
            sentences.append(t(lang, "{game} goes to {name}: game bonus 100, {line}, and the total doubled for the "
                               "shutout.", game=label, name=winner, line=line))
        else:
            theirs = tn(lang, "{name} gets a line bonus of {bonus} for {n} hand",
                        "{name} gets a line bonus of {bonus} for {n} hands", lost,
                        name=seat_name(names, 1 - tally.winner, lang=lang), bonus=number(lang, 25 * lost))
            sentences.append(t(lang, "{game} goes to {name}: game bonus 100, {line}; {theirs}.", game=label,
                               name=winner, line=line, theirs=theirs))
        sentences.append(t(lang, "Final: {a} to {b}.", a=number(lang, tally.final[0]), b=number(lang, tally.final[1])))
    return sentences


def hand_text(summary: HandSummary, names: Sequence[str], *, lang: str = "en") -> str:
    """ "Ann knocks with 8 against 11: a difference of 3. Ann scores 3." """
    return " ".join(hand_sentences(summary, names, lang=lang))
