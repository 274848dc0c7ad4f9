"""The words of a Schnapsen table: rules, option summaries, the public header and the hand's status.

Kept apart from the controls so every sentence a player reads is in one place and can be tested
without Discord. Everything here reads a `SchnapsenView` only (design §2): the public header gets
`view(None)`, the hand panel the seat's own view, so no hidden card can leak into a message.
The engine logs records (seats and cards, `games.schnapsen.views.LogEntry`); their sentences are
`rendering.schnapsen.log_text` and `deal_text`, shared with the table image (see that module for why
they sit there), and take the players' names as data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card, Suit
from games.schnapsen import (
    GAME,
    PRESETS,
    Claim,
    Close,
    DealEnd,
    DealSummary,
    Dealt,
    Draw,
    ExchangeTrump,
    KeepTrump,
    Marriage,
    Move,
    Options,
    Phase,
    PlayCard,
    SchnapsenView,
    Scored,
    SeriesWon,
)
from games.schnapsen.rules import WIN_POINTS, follow_refusal, lowest_trump, sort_hand
from rendering.schnapsen import PRESET_TITLES, deal_text, log_text
from rendering.table import seat_name
from rendering.words import count, plural
from terminal import game_text as tt

PRESET_NAMES = {
    "santase": "Santase (24 cards)",
    "sixty_six": "Sixty-Six (24 cards)",
    "schnapsen": "Schnapsen (20 cards)",
    "schnapsen_tournament": "Schnapsen, tournament rules (20 cards)",
}

# Why a deal ended, in words a newcomer follows (SX-11..SX-14, D-SX-2).
DEAL_ENDS = {
    DealEnd.CLAIM: "went out with 66",
    DealEnd.FALSE_CLAIM: "a false claim of 66",
    DealEnd.CLOSE_WON: "closed the stock and made 66",
    DealEnd.CLOSE_FAILED: "the close failed",
    DealEnd.LAST_TRICK: "all cards played",
    DealEnd.TIE_LAST_TRICK: "65 all: the last trick decides",
}

# Closing the stock cannot be undone (SX-10): the hand asks once first (bot.confirm).
CLOSE_QUESTION = "Close the stock? Nobody draws again this deal, and you must reach 66 from here on."
CLOSED = "You closed the stock: no more drawing this deal."
# A claim ends the deal at once and is judged on the spot (SX-11): asked once first, like a close.
CLAIM_QUESTION = (
    "Claim 66 now? The deal ends at once: with 66 or more (tricks and shown marriages) you win it; "
    "with less, your opponent wins it."
)
CLAIMED = "You claimed 66: the table shows how the deal was scored."
# SX-10 `close_before_draw`: the pause's third answer, drawing without the question for the rest of the deal.
DRAW_UNASKED = "Draw, don't ask again this deal"
HEADER_LOG_LINES = 3  # recent actions above the table image: enough to see a marriage, a close, a trick

COMMON_RULES = """**Schnapsen**: two players race to **66 card points** in each deal.
• Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0. The winner of a trick leads the next one.
• A trick goes to the higher card of the suit led, or to a trump.
• While the **stock** (talon) is open, play any card you like; after each trick both players draw, \
winner first.
• Once the stock is closed or used up you must follow suit and beat the card if you can, else trump. \
The bot only lets you press the cards you may play.
• **Marriage**: holding the K and Q of a suit, when you lead, show them for 20 (40 in trumps) and lead \
one of them. The points count once you have won a trick.
• **Swap**: the lowest trump may be exchanged for the face-up trump card when you lead.
• **Close the stock**: no more drawing, strict rules; you must then reach 66 yourself, or your \
opponent scores.
• A deal won scores 1 game point, 2 if the loser has under 33, 3 if the loser took no trick. \
First to the target wins the series."""

PRESET_RULES = {
    "santase": "Santase: to 11, a trick needed before a marriage or a swap, +10 for the last trick, "
    "no swap or close with only two cards left in the stock.",
    "sixty_six": "Sixty-Six (pagat): to 7, marriages on the first lead count from your first trick, "
    "none once the stock is closed or used up, +10 for the last trick. After winning a trick you may "
    "**close before drawing**: both play on with one card fewer. When the stock is closed, the "
    "opponent is asked at once and, holding the trump 9, may **exchange it**, even without a trick. If the "
    "non-closer reaches 66 first, they score 2.",
    "schnapsen": "Schnapsen: 20 cards (no 9s), 5-card hands, the trump J is swapped, to 7; marriages, "
    "swap and close allowed on the first lead; no last-trick bonus: played out, the last trick wins 1.",
    "schnapsen_tournament": "Tournament Schnapsen: as Schnapsen, but you must lead the K of a marriage, "
    "need a trick before a swap, and claim 66 yourself.",
}

CLAIM_RULES = {
    "auto": "Claims are automatic: the deal ends the moment someone has 66.",
    "memory": "Memory mode: nobody's points are shown. Press **Claim 66** right after winning a trick "
    "(or declaring a marriage); a false claim gives your opponent 2 game points, or 3.",
}


def table_options(options: Mapping[str, Any]) -> Options:
    """The engine's options from stored table options. Keys starting with "_" belong to the bot (the
    lobby keeps its seat and level choices under `_lobby` until the start) and are not rule switches."""
    return Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})


def rules_text(options: Mapping[str, Any]) -> str:
    """The rules for one table: the common rules, then what its preset and claim mode change."""
    chosen = table_options(options)
    lines = [COMMON_RULES, f"**This table**: {PRESET_RULES.get(chosen.preset, '')}", CLAIM_RULES[chosen.claim_mode]]
    return "\n".join(line for line in lines if line)


def describe_options(options: Mapping[str, Any]) -> str:
    """One line for lobby and table messages: "Santase (24 cards) · to 11 · claims automatic"."""
    chosen = table_options(options)
    claims = "claims automatic" if chosen.claim_mode == "auto" else "memory mode (claim 66 yourself)"
    return f"{PRESET_NAMES.get(chosen.preset, chosen.preset)} · to {chosen.target} · {claims}"


def stock_line(view: SchnapsenView, names: Sequence[str]) -> str:
    """Trumps and the stock: face-up trump and how many cards, or closed, or used up (SX-3, SX-5, SX-10)."""
    trumps = f"Trumps {view.trump.symbol}"
    if view.closed and view.closed_by is not None:
        return f"{trumps} · stock closed by {seat_name(names, view.closed_by)}"
    if view.talon_size == 0:
        return f"{trumps} · stock used up"
    face_up = f" ({view.trump_card} face up)" if view.trump_card is not None else ""
    return f"{trumps} · stock {count(view.talon_size, 'card')}{face_up}"


def trick_line(view: SchnapsenView, names: Sequence[str]) -> str:
    """The trick in progress until both cards are down, then who took it (SX-4)."""
    if view.trick:
        led = view.trick[0]
        follower = seat_name(names, 1 - led.seat)
        return f"Trick: {seat_name(names, led.seat)} led {led.card}; {follower} to play."
    if view.last_trick is not None and not view.deal_just_ended:
        last = view.last_trick
        cards = " ".join(str(played.card) for played in last.cards)
        return f"{seat_name(names, last.winner)} took the last trick: {cards} ({count(last.points, 'point')})."
    return ""


def deal_line(summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """After each deal: who won how many game points and why, card points, marriages, tricks (SX-12..14)."""
    cards, marriages, tricks = summary.card_points, summary.marriage_points, summary.tricks
    parts = [
        f"**Deal {summary.deal_number}** ({DEAL_ENDS[summary.reason]}): {deal_text(summary, names, preset)}",
        f"Card points {cards[0]}–{cards[1]}",
    ]
    if any(marriages):
        parts.append(f"marriages {marriages[0]}–{marriages[1]}")
    parts.append(f"tricks {tricks[0]}–{tricks[1]}")
    return parts[0] + " " + ", ".join(parts[1:]) + "."


def recent_deal(view: SchnapsenView) -> DealSummary | None:
    """The last deal's summary while it is news: until the next deal's first trick is complete.

    The engine deals the next hand at once, and a computer may lead it within a second, so showing
    the summary only until the first move (`deal_just_ended`) would hide it before anyone read it.
    """
    if view.last_deal is None:
        return None
    if view.is_over or view.deal_just_ended or not view.tricks:
        return view.last_deal
    return None


def series_line(view: SchnapsenView, names: Sequence[str]) -> str:
    first, second = seat_name(names, 0), seat_name(names, 1)
    return f"Series to {view.target}: {first} {view.game_points[0]} – {view.game_points[1]} {second}"


def table_header(view: SchnapsenView, names: Sequence[str]) -> str:
    """Public text above the table image. Reads only the public view: no hand, and in memory mode
    no running points (SX-11); the deal summary is public once the deal is over."""
    lines: list[str] = []
    if view.is_over and view.winner is not None:
        lines.append(
            f"🏆 {seat_name(names, view.winner)} wins the series "
            f"{view.game_points[view.winner]}–{view.game_points[1 - view.winner]}."
        )  # winner first
    summary = recent_deal(view)
    # The deal's and the series' results have their own lines; the log repeats them, so they are left out.
    repeated = {Scored(summary)} if summary is not None else set()
    shown = [entry for entry in view.log if entry not in repeated and not isinstance(entry, SeriesWon)]
    recent = [log_text(entry, names, view.preset) for entry in shown]
    recent = recent[-HEADER_LOG_LINES:]
    if recent:
        lines.append("Latest: " + " · ".join(recent))
    if summary is not None:
        lines.append(deal_line(summary, names, view.preset))
    if not view.is_over:
        lines.append(f"Deal {view.deal_number} · {stock_line(view, names)}")
        trick = trick_line(view, names)
        if trick:
            lines.append(trick)
        pause = pause_line(view, names)
        if pause:
            lines.append(pause)
    lines.append(series_line(view, names))
    return "\n".join(lines)


# The hand panel ----------------------------------------------------------------------------------


def pause_line(view: SchnapsenView, names: Sequence[str]) -> str:
    """Who the table waits for in pagat 66's pauses (SX-10 close before drawing, SX-9 exchange at a close)."""
    if view.to_move is None:
        return ""
    who = seat_name(names, view.to_move)
    if view.drawing_pending:
        return f"⏸ {who} may close before drawing (or draw as usual)."
    if view.exchange_pending:
        # SX-9: the same words whoever holds the card; the pause comes either way.
        return f"⏸ {who} is deciding: the holder of the {exchange_card(view)} may exchange it for the trump card now."
    return ""


def exchange_card(view: SchnapsenView) -> Card:
    """The card a swap gives up (SX-9): the trump 9, or the trump J with 20 cards."""
    deck_size = view.options.deck_size if view.options is not None else 24
    return lowest_trump(deck_size, view.trump)


def marriage_points(view: SchnapsenView, suit: Suit) -> int:
    """SX-8: 40 in trumps, 20 otherwise."""
    return 40 if suit == view.trump else 20


def marriage_label(view: SchnapsenView, card: Card) -> str:
    """The button that declares a marriage and leads `card` (SX-8). In `auto` mode, when the marriage
    takes a player who has a trick to 66, the deal ends at once and no card is led (SX-11, §3.3)."""
    assert card.suit is not None
    points = marriage_points(view, card.suit)
    seat = view.seat
    own = view.points[seat] if seat is not None and view.tricks_won[seat] else None
    if view.claim_mode == "auto" and own is not None and own + points >= WIN_POINTS:
        return f"Show {points} {card.suit.symbol}: you reach 66 and win the deal"
    return f"Lead {card}, show {points}"


def status_line(view: SchnapsenView, names: Sequence[str], *, waiting: str | None = None) -> str:
    """What this seat should do now, in one sentence; `waiting` replaces the line naming who plays."""
    seat = view.seat
    if view.is_over:
        if view.winner is None:
            return "The series is over."
        score = f"{view.game_points[view.winner]}–{view.game_points[1 - view.winner]}"
        who = "you" if view.winner == seat else seat_name(names, view.winner)
        return f"The series is over: {who} won {score}."
    if not view.legal_moves:
        if waiting is not None:
            return waiting
        who = seat_name(names, view.to_move) if view.to_move is not None else "the table"
        return f"Waiting for {who}."
    if view.can_draw:
        return (
            "**Your turn.** You won the trick. **Draw** as usual, or **close without drawing**: "
            "no more drawing, you both play on with one card fewer. "
            f"**{DRAW_UNASKED}** draws now and after your next tricks of this deal, without this question."
        )
    if view.can_keep:
        closer = seat_name(names, view.closed_by) if view.closed_by is not None else "Your opponent"
        face_up = f" {view.trump_card}" if view.trump_card is not None else ""
        if not view.can_exchange:  # SX-9: asked all the same, so the pause says nothing about the card
            return f"**Your turn.** {closer} closed the stock. Press **Continue** to let play go on."
        return (
            f"**Your turn.** {closer} closed the stock. You may exchange your {exchange_card(view)} for the "
            f"trump card{face_up} now, even without a trick, or keep it."
        )
    if view.leading:
        return "**Your turn.** You lead: play any card."
    led = view.trick[0]
    if view.phase.strict:
        return (
            f"**Your turn.** {seat_name(names, led.seat)} led {led.card}. The stock is "
            f"{'closed' if view.phase is Phase.CLOSED else 'used up'}: follow suit and beat it if you can."
        )
    return f"**Your turn.** {seat_name(names, led.seat)} led {led.card}. Play any card: you need not follow suit yet."


def greyed_reason(view: SchnapsenView) -> str:
    """Why some cards cannot be pressed, in the engine's own words (SX-7 follow rules)."""
    if not view.legal_moves or view.leading or not view.trick:
        return ""
    blocked = [card for card in view.hand if card not in view.playable]
    if not blocked:
        return ""
    reason = follow_refusal(view.hand, view.trick[0].card, blocked[0], view.trump)
    return f"Greyed-out cards can't be played now. {reason}"


def last_trick_line(view: SchnapsenView, names: Sequence[str]) -> str:
    """SX-4: the last completed trick of this deal, leader's card first, and who took it."""
    last = view.last_trick
    if last is None or view.deal_just_ended:
        return ""
    cards = " ".join(str(played.card) for played in last.cards)
    taker = "you" if last.winner == view.seat else seat_name(names, last.winner)
    return f"Last trick: {cards}, taken by {taker}."


def points_line(view: SchnapsenView, names: Sequence[str]) -> str:
    """Running points in `auto` mode; in `memory` mode the count is the player's job (SX-11)."""
    seat = view.seat
    if seat is None or view.is_over:
        return ""
    tricks = count(view.tricks_won[seat], "trick")
    if view.claim_mode == "memory":
        return f"You have {tricks}. Memory mode: count your own points and press **Claim 66** when you have 66."
    mine, theirs = view.points[seat], view.points[1 - seat]
    points = count(mine, "point") if mine is not None else "? points"
    return f"You have {points} and {tricks}; {seat_name(names, 1 - seat)} has {theirs}. First to 66 wins the deal."


def panel_lines(
    view: SchnapsenView,
    names: Sequence[str],
    *,
    location: str,
    notice: str,
    marrying: bool,
    waiting: str | None = None,
) -> list[str]:
    """Every line of a hand panel, in reading order."""
    lines = [location, status_line(view, names, waiting=waiting)]
    if not view.is_over:
        lines.append(f"{stock_line(view, names)} · {series_line(view, names)}")
        lines.append(points_line(view, names))
        lines.append(last_trick_line(view, names))
        if view.drawn is not None:  # SX-5: only this seat's own view names its draw
            lines.append(f"You drew {view.drawn}.")
    summary = recent_deal(view)
    if summary is not None:
        lines.append("Last deal: " + deal_line(summary, names, view.preset))
    if marrying:
        lines.append("**Marriage**: choose the card to lead; the marriage is shown as you lead it.")
    lines.append(greyed_reason(view))
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


# The terminal table (`terminal`): the same game as text, typed moves instead of buttons ---------


HELP = """\
Schnapsen: two players, tricks; the first to 66 card points wins the deal, the first
to the target in game points wins the series. While the talon is open you need not
follow suit; once it is closed or used up you must follow and head the trick.
  Kh                   play (or lead) a card
  20 Kh / marriage Kh  declare K-Q of a suit and lead one of them (40 in trumps)
  exchange             swap the trump 9 (or J) for the face-up trump card
  close                close the talon; in Sixty-Six also right after a trick, before drawing
  draw                 Sixty-Six: draw as usual after winning a trick, instead of closing
  draw always          the same, and draw without being asked for the rest of the deal
  keep                 Sixty-Six: keep the trump 9 when offered the exchange at a close
  claim                claim 66 when the table plays in memory mode"""


class SchnapsenText:
    """Text for `SchnapsenView`s."""

    kind = "schnapsen"
    title = GAME.name
    default_players = 2
    score_name = "game point"
    presets: Sequence[str] = tuple(PRESETS)
    uses_solver = False
    unlisted_moves = ""

    def options(self, preset: str | None) -> dict[str, Any]:
        return {} if preset is None else {"preset": preset}

    def table(self, view: SchnapsenView, names: Sequence[str]) -> str:
        game = PRESET_TITLES.get(view.preset, GAME.name)
        title = f"{game} · deal {view.deal_number} · to {count(view.target, 'game point')}"
        game_points = [f"{points} game {plural(points, 'pt')}" for points in view.game_points]
        tricks = [count(won, "trick") for won in view.tricks_won]
        # Memory mode (SX-11): nobody's points are shown, your own included, as on the Discord hand.
        hidden = view.claim_mode == "memory" and not view.is_over
        points = ["? card pts" if value is None or hidden else f"{value} card {plural(value, 'pt')}"
                  for value in view.points]
        cards = [f"{size} in hand" for size in view.hand_sizes]
        lines = [tt.heading(title), *tt.seat_rows(names, [game_points, tricks, points, cards], view.to_move)]
        lines.append(f"   Trump: {view.trump.symbol}  ·  {_talon(view, names)}")
        married = [f"{names[m.seat]} {m.points} in {m.suit.symbol}" for m in view.marriages]
        if married:
            lines.append(f"   Marriages: {', '.join(married)}")
        if view.trick:
            led = view.trick[0]
            lines.append(f"   Trick: {names[led.seat]} led {led.card}")
        elif view.last_trick is not None:
            played = " ".join(str(played.card) for played in view.last_trick.cards)
            lines.append(f"   Last trick: {played}, taken by {names[view.last_trick.winner]}")
        if view.to_move is not None and view.drawing_pending:
            lines.append(f"   {names[view.to_move]} may close before drawing, or draw")
        elif view.to_move is not None and view.exchange_pending:
            lines.append(f"   {names[view.to_move]} may exchange the lowest trump at the close, or keep it")
        return "\n".join(lines)

    def hand(self, view: SchnapsenView) -> str:
        lines = [f"   Your hand: {tt.cards_text(sort_hand(view.hand, view.trump))}"]
        if view.can_draw or view.can_keep:  # pagat 66's pauses (SX-10, SX-9): no card is played now
            if view.can_draw:
                choices = ["draw", "draw always", "close"]
            else:
                choices = ["exchange", "keep"] if view.can_exchange else ["keep"]
            if view.can_claim:
                choices.append("claim")
            lines.append(f"   Choose: {', '.join(choices)}")
        elif view.to_move == view.seat and view.seat is not None:
            extras = [f"marriage {'K' + suit.letter}" for suit in view.marriage_suits]
            if view.can_exchange:
                extras.append("exchange")
            if view.can_close:
                extras.append("close")
            if view.can_claim:
                extras.append("claim")
            verb = "Lead" if view.leading else "Play"
            line = f"   {verb} one of: {tt.cards_text(sort_hand(view.playable, view.trump))}"
            if extras:
                line += f"  ·  or: {', '.join(extras)}"
            lines.append(line)
        return "\n".join(lines)

    def log(self, view: SchnapsenView, names: Sequence[str]) -> list[str]:
        return [log_text(entry, names, view.preset) for entry in view.log]

    def typed(self, move: Move, view: SchnapsenView) -> str:
        if isinstance(move, PlayCard):
            return move.card.code
        if isinstance(move, Marriage):
            return f"{move.points} {move.card.code}"
        if isinstance(move, ExchangeTrump):
            return "exchange"
        if isinstance(move, Close):
            return "close"
        if isinstance(move, Draw):
            return "draw always" if move.unasked else "draw"
        if isinstance(move, KeepTrump):
            return "keep"
        assert isinstance(move, Claim)
        return "claim" if move.marriage is None else f"claim {move.points} K{move.marriage.letter}"

    def describe(self, move: Move, view: SchnapsenView) -> str:
        return str(move)

    def interlude(self, before: SchnapsenView, after: SchnapsenView, names: Sequence[str]) -> str | None:
        """A deal was scored (SX-12..SX-14): its card points and the game points so far."""
        deal = after.last_deal
        if deal is None or deal == before.last_deal:
            return None
        totals = " – ".join(str(total) for total in deal.totals)
        game = " · ".join(f"{names[seat]} {points}" for seat, points in enumerate(after.game_points))
        return (
            f"{tt.heading(f'Deal {deal.deal_number} over')}\n"
            f"   Card points {totals}; {count(deal.game_points, 'game point')}"
            f" to {names[deal.winner]}. Game points: {game} (to {after.target})"
        )

    def opening_lines(self, after: SchnapsenView) -> int:
        """The newest log lines that already belong to the next deal (from its "Deal n" line on), which
        the terminal prints after the last deal's summary."""
        dealt = [n for n, entry in enumerate(after.log) if isinstance(entry, Dealt)]
        return len(after.log) - dealt[-1] if dealt else 0

    def help(self) -> str:
        return HELP


def _talon(view: SchnapsenView, names: Sequence[str]) -> str:
    if view.closed:
        closer = f" by {names[view.closed_by]}" if view.closed_by is not None else ""
        return f"talon closed{closer} ({count(view.talon_size, 'card')})"
    if view.talon_size == 0:
        return "talon used up: follow suit and head the trick"
    trump_card = f", {view.trump_card} face up" if view.trump_card is not None else ""
    return f"talon {count(view.talon_size, 'card')}{trump_card}"


TERMINAL = SchnapsenText()  # what `terminal` shows for this game
