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
"Player 2" or "a.*b" reads as exactly that. Every word is the catalogs' in `lang` (the image's, or the
message's for the words module); the German and Bulgarian catalogs use each game's own terms
(docs/glossary).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

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
from locales import number, t, tn
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
    pill,
    seat_name,
    seat_panels,
    turn_label,
)
from rendering.text import language
from rendering.theme import DEFAULT_THEME, TEXT_PX, Size, Theme

TALON_W = 180  # the talon's part of the centre: trump, face-down talon and their caption

PRESET_TITLES = {"santase": "Santase", "sixty_six": "Sixty-Six", "schnapsen": "Schnapsen"}


def preset_title(preset: str | None, *, lang: str = "en") -> str:
    """The game's name for the table's preset (D-SX-1) in `lang`: Santase, Sechsundsechzig, Schnapsen."""
    if preset == "santase":
        return t(lang, "Santase")
    if preset == "sixty_six":
        return t(lang, "Sixty-Six")
    return t(lang, "Schnapsen")
def fixed_deals(view: SchnapsenView) -> int:
    """The number of deals the match is fixed to (D-SX-6), 0 when it plays to its target."""
    return view.options.fixed_deals if view.options is not None else 0


def plays_a_match(preset: str | None) -> bool:
    """Sixty-Six's series is a match (de: Partie), Schnapsen's and Santase's a series (Bummerl, партия):
    docs/glossary/de.md. The images say it as the text lines do."""
    return preset == "sixty_six"


def title_text(view: SchnapsenView, *, lang: str = "en") -> str:
    """The table's title: the game, the deal and the target, or with a fixed number of deals (D-SX-6)
    "deal k of N", as the target then ends nothing, and at the end how many deals were played."""
    deals = fixed_deals(view)
    if deals and view.is_over:
        return tn(lang, "{game} · {n} deal played", "{game} · {n} deals played", deals,
                  game=preset_title(view.preset, lang=lang))
    if deals:
        return t(lang, "{game} · deal {number} of {deals}", game=preset_title(view.preset, lang=lang),
                 number=number(lang, view.deal_number), deals=number(lang, deals))
    return t(lang, "{game} · deal {number} · to {target}", game=preset_title(view.preset, lang=lang),
             number=number(lang, view.deal_number), target=number(lang, view.target))


def match_end_text(view: SchnapsenView, names: Sequence[str], *, lang: str = "en") -> str | None:
    """D-SX-6: a match of a fixed number of deals over: how many were played and who won on game points
    (on level points, the winner of the last deal); None otherwise."""
    deals = fixed_deals(view)
    if not deals or not view.is_over or view.winner is None:
        return None
    name = seat_name(names, view.winner, lang=lang)
    won, lost = view.game_points[view.winner], view.game_points[1 - view.winner]
    if won == lost:
        return tn(lang, "{n} deal played: level at {points}, {name} wins on the last deal",
                  "{n} deals played: level at {points}, {name} wins on the last deal", deals, name=name,
                  points=number(lang, won))  # fmt: skip
    return tn(lang, "{n} deal played: {name} wins {won}–{lost}", "{n} deals played: {name} wins {won}–{lost}", deals,
              name=name, won=number(lang, won), lost=number(lang, lost))  # fmt: skip


CENTRE_H = 236
SEATS = 2


BADGE_ROWS = 2  # room for a pause, the close, every marriage and the win: the table keeps one size


def table_size(theme: Theme = DEFAULT_THEME, names: Sequence[str] = (), *, lang: str = "en") -> tuple[int, int]:
    """Every Sixty-Six table image between these players has this size (a name too long for one line
    gives the seat panels a second name line)."""
    with language(lang):
        seats = panel_height([SeatPanel(seat_name(names, seat, lang=lang), lines=("", "")) for seat in range(SEATS)],
                             theme, BADGE_ROWS)
    return theme.width, HEADER_H + PAD + seats + PAD + CENTRE_H + FOOTER_H


def render_hand(view: SchnapsenView, selected: Collection[Card] = frozenset(), theme: Theme = DEFAULT_THEME, *,
                lang: str = "en") -> bytes:
    """PNG of the viewing seat's hand: by suit, strongest first, trumps last (the engine's order; cached:
    rendering.hand), each trump's label on a gold tag (SX-3), the card just drawn framed (SX-5)."""
    trumps = frozenset(card for card in view.hand if card.suit == view.trump)
    return hand_png(tuple(sort_hand(view.hand, view.trump)), frozenset(selected), theme, trumps, view.drawn,
                    lang=lang)


def doing(view: SchnapsenView, *, lang: str = "en") -> str:
    """What the seat to move is about to do, pagat 66's pauses included (SX-10, SX-9)."""
    if view.drawing_pending:
        return t(lang, "to draw or close")
    if view.exchange_pending:
        return t(lang, "may exchange")
    return t(lang, "to lead") if view.leading else t(lang, "to play")


def doing_sentence(view: SchnapsenView, lang: str = "en") -> str:
    """`doing` as a sentence with a `{name}` field, for the header ("{name} to lead")."""
    if view.drawing_pending:
        return t(lang, "{name} to draw or close")
    if view.exchange_pending:
        return t(lang, "{name} may exchange")
    return t(lang, "{name} to lead") if view.leading else t(lang, "{name} to play")


def _panel(view: SchnapsenView, names: Sequence[str], seat: int, theme: Theme, lang: str = "en") -> SeatPanel:
    points = view.points[seat]
    tricks = tn(lang, "{n} trick", "{n} tricks", view.tricks_won[seat])
    taken = tricks if points is None else t(lang, "{tricks} · {points}", tricks=tricks,
                                             points=tn(lang, "{n} pt", "{n} pts", points))
    badges: list[Badge] = []
    to_play = view.to_move == seat and not view.is_over
    if to_play:
        badges.append(Badge(doing(view, lang=lang), theme.accent))
    if view.closed_by == seat:
        badges.append(Badge(t(lang, "closed"), theme.danger))
    for marriage in view.marriages:  # SX-8; a pending one (no trick yet) is shown in brackets
        if marriage.seat == seat:
            text = f"{marriage.points}{marriage.suit.symbol}"
            badges.append(Badge(text if marriage.counted else f"({text})", theme.text_muted))
    if view.winner == seat:
        badges.append(Badge(t(lang, "wins"), theme.gold))
    return SeatPanel(
        name=seat_name(names, seat, lang=lang),
        cards=view.hand_sizes[seat],
        lines=(taken, t(lang, "game points {points}", points=number(lang, view.game_points[seat])) if fixed_deals(view)
               else t(lang, "game points {points} of {target}", points=number(lang, view.game_points[seat]),
                      target=number(lang, view.target))),
        badges=tuple(badges),
        active=to_play,
    )


def _talon(canvas: Surface, view: SchnapsenView, names: Sequence[str], left: int, top: int, theme: Theme,
           lang: str = "en") -> None:
    """The trump card lying under the talon (SX-3), or its state once closed or used up."""
    size = Size.TABLE
    card = size.value
    left = mirror(theme.width).at(left, TALON_W)  # the talon moves as a whole: the trump's index stays visible
    pill(canvas, (left + 90, top + 18), t(lang, "trumps {suit}", suit=view.trump.symbol), theme.card_face,
         theme.red_suit if view.trump.is_red else theme.black_suit, TEXT_PX)
    y = top + 40
    face_down = view.talon_size - (1 if view.trump_card is not None else 0)
    if view.trump_card is not None:
        trump = sprites.back(size, theme) if view.closed else sprites.face(view.trump_card, size, theme)
        canvas.sprite(trump, (left + 12, y + 8), Over(theme.felt_dark))
    for index in range(min(face_down, 4)):  # the face-down talon across the trump, a few cards deep
        canvas.sprite(sprites.back(size, theme), (left + 70 + 3 * index, y + 8 - 2 * index), None)
    if view.closed:
        caption = t(lang, "closed") if view.closed_by is None else t(
            lang, "closed by {name}", name=seat_name(names, view.closed_by, lang=lang))
        colour = theme.danger
    elif view.talon_size == 0:
        caption, colour = t(lang, "talon used up"), theme.text_muted
    else:
        caption, colour = t(lang, "{n} in talon", n=number(lang, view.talon_size)), theme.text
    canvas.fitted((left, y + card.height + 14, left + TALON_W, y + card.height + 44), caption, bold(TEXT_PX),
                  colour, "center")


def _trick(canvas: Surface, view: SchnapsenView, names: Sequence[str], box: tuple[int, int, int, int], theme: Theme,
           lang: str = "en") -> None:
    """The trick in progress; between tricks, the last trick and who took it (SX-4)."""
    left, top, right, _ = box
    played: Sequence[PlayedCard] = view.trick
    title = t(lang, "Trick")
    if not played and view.last_trick is not None:
        played = view.last_trick.cards
        title = t(lang, "Last trick: {name} took it", name=seat_name(names, view.last_trick.winner, lang=lang))
    if not played:
        title = t(lang, "Waiting for the lead")
    canvas.fitted((left, top + 4, right, top + 34), title, bold(24), theme.text, "center",
                  min_px=TEXT_PX)
    card = Size.TABLE.value
    slot = card.width + 120  # room under each card for its player's name
    x = (left + right) // 2 - (slot * SEATS - 120) // 2
    inside = mirror(theme.width).inside(left, right)  # the lead at the right in a right-to-left image
    for index in range(SEATS):
        entry = played[index] if index < len(played) else None
        sx = inside.at(x + index * slot, card.width)
        if entry is None:
            canvas.draw.rounded_rectangle((sx, top + 44, sx + card.width, top + 44 + card.height), card.radius,
                                          outline=canvas.ink(theme.text_muted), width=2)
            continue
        canvas.sprite(sprites.face(entry.card, Size.TABLE, theme), (sx, top + 44), Over(theme.felt_dark))
        canvas.fitted((sx - 56, top + 50 + card.height, sx + card.width + 56, top + 80 + card.height),
                      seat_name(names, entry.seat, lang=lang), font(TEXT_PX), theme.text_muted, "center")
    if view.trick and view.last_trick is not None:  # SX-4: the trick just taken stays in view under this one
        last = view.last_trick
        cards = " ".join(str(entry.card) for entry in last.cards)
        canvas.fitted((left, top + 200, right, top + 230), t(lang, "last trick {cards}, taken by {name}",
                      cards=cards, name=seat_name(names, last.winner, lang=lang)), font(TEXT_PX), theme.text_muted,
                      "center")


def _summary(canvas: Surface, view: SchnapsenView, names: Sequence[str], box: tuple[int, int, int, int],
             theme: Theme, lang: str = "en") -> None:
    """The end of a deal (SX-12..SX-14) or of the series (SX-15), in place of the trick."""
    left, top, right, _ = box
    deal = view.last_deal
    leader = view.winner if view.is_over and view.winner is not None else deal.winner if deal is not None else 0
    order = (leader, 1 - leader)  # every score below reads winner first, as the headline does

    def pair(values: Sequence[int]) -> str:
        return f"{number(lang, values[order[0]])}–{number(lang, values[order[1]])}"

    if fixed_deals(view) and view.is_over and view.winner is not None:  # D-SX-6: the title says how many deals
        won, lost = view.game_points[view.winner], view.game_points[1 - view.winner]
        name = seat_name(names, view.winner, lang=lang)
        if won == lost:
            headline = t(lang, "{name} wins on the last deal", name=name)
        else:
            headline = t(lang, "{name} wins {won}–{lost}", name=name, won=number(lang, won), lost=number(lang, lost))
    elif view.is_over and view.winner is not None and plays_a_match(view.preset):
        headline = t(lang, "{name} wins the match {score}", name=seat_name(names, view.winner, lang=lang),
                     score=pair(view.game_points))
    elif view.is_over and view.winner is not None:
        headline = t(lang, "{name} wins the series {score}", name=seat_name(names, view.winner, lang=lang),
                     score=pair(view.game_points))
    elif deal is not None:
        headline = tn(lang, "{name} wins deal {number}: +{n} point", "{name} wins deal {number}: +{n} points",
                      deal.game_points, name=seat_name(names, deal.winner, lang=lang),
                      number=number(lang, deal.deal_number))
    else:
        return
    canvas.fitted((left, top + 20, right, top + 56), headline, bold(25), theme.accent, "center",
                  min_px=TEXT_PX)
    lines = []
    if deal is not None:
        totals = deal.totals
        lines.append(t(lang, "points {points} · tricks {tricks}", points=pair(totals), tricks=pair(deal.tricks)))
        lines.append(ending_words(deal.reason, view.claim_mode, lang=lang))
    if fixed_deals(view):  # D-SX-6: the deal count, not the target, ends the match
        lines.append(t(lang, "game points {score} (deal {number} of {deals})", score=pair(view.game_points),
                       number=number(lang, deal.deal_number if deal is not None else view.deal_number),
                       deals=number(lang, fixed_deals(view))))
    else:
        lines.append(t(lang, "game points {score} (to {target})", score=pair(view.game_points),
                       target=number(lang, view.target)))
    for index, line in enumerate(lines):
        y = top + 70 + 34 * index
        canvas.fitted((left, y, right, y + 30), line, font(TEXT_PX), theme.text, "center")


# The log in words --------------------------------------------------------------------------------

def ending_words(reason: DealEnd, claim_mode: str, *, lang: str = "en") -> str:
    """How the deal ended in words, for the summary drawn on the table (SX-11..SX-14, D-SX-2); a claim is
    named as one only where players claim (memory mode): with automatic claims (D-SX-3) nobody claimed
    anything, the deal ended by itself when someone reached 66."""
    if reason is DealEnd.CLAIM and claim_mode == "memory":
        return t(lang, "claimed 66")
    if reason is DealEnd.CLAIM:
        return t(lang, "reached 66")
    if reason is DealEnd.FALSE_CLAIM:
        return t(lang, "false claim of 66")
    if reason is DealEnd.CLOSE_WON:
        return t(lang, "closed the stock and reached 66")
    if reason is DealEnd.CLOSE_FAILED:
        return t(lang, "the close failed")
    if reason is DealEnd.LAST_TRICK:
        return t(lang, "all cards played")
    assert reason is DealEnd.TIE_LAST_TRICK, reason
    return t(lang, "65 all: the last trick decides")


def penalty_words(penalty: Penalty, *, lang: str = "en") -> str:
    """SX-13's penalties in words."""
    if penalty is Penalty.FAILED_CLOSE:
        return t(lang, "failed close")
    if penalty is Penalty.NO_TRICK_AT_CLOSE:
        return t(lang, "failed close (no trick at closing)")
    return t(lang, "the non-closer reached 66 first")



# SX-12's 2 and 3 carry German names in Schnapsen and pagat's 66 ("Schneider", "Schwarz"). Bulgarian
# Santase does not use them, so a Santase table (D-SX-1) reads the plain reason instead.
PLAIN_SCALE_PRESETS = frozenset({"santase"})


def scale_text(summary: DealSummary, names: Sequence[str], preset: str | None = None, *, lang: str = "en") -> str:
    """SX-12: why the deal is worth 1, 2 or 3, naming the loser; in the preset's own words."""
    loser = seat_name(names, 1 - summary.winner, lang=lang)
    plain = preset in PLAIN_SCALE_PRESETS
    points = _amount(lang, summary.loser_points)
    if summary.scale is Scale.SCHWARZ:
        if plain:
            return t(lang, "{name} took no trick", name=loser)
        return t(lang, "Schwarz ({name} took no trick)", name=loser)
    if summary.scale is Scale.SCHNEIDER:
        line = number(lang, SCHNEIDER_LINE)
        if plain:
            return t(lang, "{name} has {points}, under {line}", name=loser, points=points, line=line)
        return t(lang, "Schneider ({name} has {points}, under {line})", name=loser, points=points, line=line)
    return t(lang, "{name} has {points}", name=loser, points=points)


def _amount(lang: str, value: int | None) -> str:
    """A number the summary may lack (None reads as the engine's f-strings wrote it)."""
    return "None" if value is None else number(lang, value)


def deal_reason(summary: DealSummary, names: Sequence[str], preset: str | None = None, *, lang: str = "en") -> str:
    """What decided the deal's value, after the colon of `deal_text` (SX-11..SX-14, D-SX-2)."""
    if summary.reason is DealEnd.FALSE_CLAIM:
        return t(lang, "false claim at {points}", points=_amount(lang, summary.claimed))
    if summary.penalty is not None:
        return penalty_words(summary.penalty, lang=lang)
    if summary.reason is DealEnd.TIE_LAST_TRICK:
        first, second = summary.totals
        return t(lang, "{first}-{second}, last trick", first=number(lang, first), second=number(lang, second))
    if summary.scale is None:  # `last_trick_wins_deal`: the last trick alone decides
        return t(lang, "took the last trick")
    scale = scale_text(summary, names, preset, lang=lang)
    if summary.reason is DealEnd.CLOSE_WON:
        return t(lang, "closed and went out; {scale}", scale=scale)
    if summary.reason is DealEnd.CLAIM:
        return t(lang, "{points} points; {scale}", points=_amount(lang, summary.claimed), scale=scale)
    return t(lang, "higher total {points}; {scale}", points=_amount(lang, summary.claimed), scale=scale)


def deal_text(summary: DealSummary, names: Sequence[str], preset: str | None = None, *, lang: str = "en") -> str:
    """ "Ann wins 2 game points: 70 points; Schneider (Bob has 30, under 33)." (`preset`: the table's,
    for its words; None reads as the traditional names, as stored logs were written.)"""
    return tn(lang, "{name} wins {n} game point: {reason}.", "{name} wins {n} game points: {reason}.",
              summary.game_points, name=seat_name(names, summary.winner, lang=lang),
              reason=deal_reason(summary, names, preset, lang=lang))


def log_text(entry: LogEntry, names: Sequence[str], preset: str | None = None, *, lang: str = "en") -> str:
    """One log entry as a sentence in `lang`, with the players' names (and the table's preset, for its words)."""
    if isinstance(entry, Dealt):
        return t(lang, "Deal {number}: {name} deals, trump {card}", number=number(lang, entry.number),
                 name=seat_name(names, entry.dealer, lang=lang), card=str(entry.trump_card))
    if isinstance(entry, Scored):
        return deal_text(entry.deal, names, preset, lang=lang)
    if isinstance(entry, SeriesWon) and plays_a_match(preset):
        first, second = entry.game_points
        return t(lang, "{name} wins the match {first}-{second}.", name=seat_name(names, entry.winner, lang=lang),
                 first=number(lang, first), second=number(lang, second))
    if isinstance(entry, SeriesWon):
        first, second = entry.game_points
        return t(lang, "{name} wins the series {first}-{second}.", name=seat_name(names, entry.winner, lang=lang),
                 first=number(lang, first), second=number(lang, second))
    who = seat_name(names, entry.seat, lang=lang)
    if isinstance(entry, Led):
        return t(lang, "{name} leads {card}", name=who, card=str(entry.card))
    if isinstance(entry, Followed):
        return t(lang, "{name} plays {card}; {winner} takes the trick", name=who, card=str(entry.card),
                 winner=seat_name(names, entry.winner, lang=lang))
    if isinstance(entry, Declared):
        if entry.pending:
            return t(lang, "{name} declares {points} in {suit}, counted once a trick is won", name=who,
                     points=number(lang, entry.points), suit=entry.suit.symbol)
        return t(lang, "{name} declares {points} in {suit}", name=who, points=number(lang, entry.points),
                 suit=entry.suit.symbol)
    if isinstance(entry, Exchanged):
        return t(lang, "{name} exchanges {given} for {taken}", name=who, given=str(entry.given),
                 taken=str(entry.taken))
    if isinstance(entry, ClosedTalon):
        if entry.before_drawing:
            return t(lang, "{name} closes the talon before drawing", name=who)
        return t(lang, "{name} closes the talon", name=who)
    if isinstance(entry, Drew):
        return t(lang, "{name} draws", name=who)
    assert isinstance(entry, KeptTrump)
    return t(lang, "{name} does not exchange", name=who)


def _footer_text(view: SchnapsenView, names: Sequence[str], lang: str = "en") -> str:
    return "" if view.last_action is None else log_text(view.last_action, names, view.preset, lang=lang)


@offloaded
def render_table(view: SchnapsenView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en"
                 ) -> bytes:
    """PNG of the public table in `lang`: talon and trump, the trick, tricks, marriages, game points, whose turn."""
    return sent(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def draw_table(view: SchnapsenView, names: Sequence[str], theme: Theme = DEFAULT_THEME, *, lang: str = "en"
               ) -> Image.Image:
    """The table as an RGB picture: the layout `render_table` sends, drawn on the palette."""
    return reference(lambda surface: _draw_table(surface, view, names, theme, lang), lang)


def _draw_table(surface: SurfaceKind, view: SchnapsenView, names: Sequence[str], theme: Theme, lang: str) -> Surface:
    height = table_size(theme, names, lang=lang)[1]
    picture = canvas(height, theme, surface)
    draw = picture.draw
    title = title_text(view, lang=lang)
    ended = t(lang, "Match over") if plays_a_match(view.preset) else t(lang, "Series over")
    turn = turn_label(names, view.to_move, view.is_over, doing_sentence(view, lang), ended=ended, lang=lang)
    header(picture, title, turn, theme)
    top = HEADER_H + PAD
    panels = [_panel(view, names, seat, theme, lang) for seat in range(SEATS)]
    top += seat_panels(picture, top, panels, theme, BADGE_ROWS) + PAD
    draw.rounded_rectangle((PAD, top, theme.width - PAD, top + CENTRE_H - 8), 18, fill=picture.ink(theme.felt_dark))
    _talon(picture, view, names, PAD + 8, top + 6, theme, lang)
    page = mirror(theme.width)  # the talon where reading starts, the trick after it
    divider = round(page.x(PAD + 200))
    draw.line((divider, top + 16, divider, top + CENTRE_H - 24), fill=picture.ink(theme.panel), width=2)
    trick_box = page.box((PAD + 210, top, theme.width - PAD - 10, top + CENTRE_H))
    if view.is_over or (view.deal_just_ended and view.last_deal is not None):
        _summary(picture, view, names, trick_box, theme, lang)
    else:
        _trick(picture, view, names, trick_box, theme, lang)
    footer(picture, height - FOOTER_H, _footer_text(view, names, lang), theme)
    return picture
