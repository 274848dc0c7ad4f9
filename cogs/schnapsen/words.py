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

from games.base import IllegalMove
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
    LogEntry,
    Marriage,
    Move,
    Options,
    Penalty,
    Phase,
    PlayCard,
    Scale,
    SchnapsenView,
    Scored,
    SeriesWon,
)
from games.schnapsen.rules import WIN_POINTS, lowest_trump, sort_hand, strength
from locales import SOURCE, t, tn
from rendering.schnapsen import (
    PLAIN_SCALE_PRESETS,
    SCHNEIDER_LINE,
    deal_text,
    fixed_deals,
    log_text,
    match_end_text,
    plays_a_match,
)
from rendering.table import seat_name
from terminal import game_text as tt


def title(lang: str = SOURCE) -> str:
    """The game's name as its players say it in `lang` (the terminal's heading)."""
    return t(lang, "Schnapsen")


def preset_names(lang: str = SOURCE) -> dict[str, str]:
    """The presets as players call them (D-SX-1), with their deck size."""
    return {
        "santase": t(lang, "Santase (24 cards)"),
        "sixty_six": t(lang, "Sixty-Six (24 cards)"),
        "schnapsen": t(lang, "Schnapsen (20 cards)"),
        "schnapsen_tournament": t(lang, "Schnapsen, tournament rules (20 cards)"),
    }


def preset_title(lang: str, preset: str | None) -> str:
    """A table's game name: "Santase", "Sixty-Six" or "Schnapsen" (rendering.schnapsen.PRESET_TITLES)."""
    titles = {"santase": t(lang, "Santase"), "sixty_six": t(lang, "Sixty-Six")}
    return titles.get(preset or "", t(lang, "Schnapsen"))


PRESET_NAMES = preset_names()


def deal_ends(lang: str = SOURCE) -> dict[DealEnd, str]:
    """Why a deal ended, in words a newcomer follows (SX-11..SX-14, D-SX-2)."""
    return {
        DealEnd.CLAIM: t(lang, "went out with 66"),
        DealEnd.FALSE_CLAIM: t(lang, "a false claim of 66"),
        DealEnd.CLOSE_WON: t(lang, "closed the stock and made 66"),
        DealEnd.CLOSE_FAILED: t(lang, "the close failed"),
        DealEnd.LAST_TRICK: t(lang, "all cards played"),
        DealEnd.TIE_LAST_TRICK: t(lang, "65 all: the last trick decides"),
    }


DEAL_ENDS = deal_ends()

# Closing the stock cannot be undone (SX-10): the hand asks once first (bot.flows.confirm, which shows these
# catalog messages in the player's language).
CLOSE_QUESTION = t(SOURCE, "Close the stock? Nobody draws again this deal, and you must reach 66 from here on.")
CLOSED = t(SOURCE, "You closed the stock: no more drawing this deal.")
# A claim ends the deal at once and is judged on the spot (SX-11): asked once first, like a close.
CLAIM_QUESTION = t(
    SOURCE,
    "Claim 66 now? The deal ends at once: with 66 or more (tricks and shown marriages) you win it; "
    "with less, your opponent wins it.",
)
CLAIMED = t(SOURCE, "You claimed 66: the table shows how the deal was scored.")


# SX-10 `close_before_draw`: the pause's third answer, drawing without the question for the rest of the deal.
def draw_unasked(lang: str = SOURCE) -> str:
    return t(lang, "Draw, don't ask again this deal")


DRAW_UNASKED = draw_unasked()
HEADER_LOG_LINES = 3  # recent actions above the table image: enough to see a marriage, a close, a trick


def common_rules(lang: str = SOURCE, preset: str | None = None, deals: int = 0) -> str:
    """The rules every preset shares, in the players' words (docs/glossary: zudrehen, затваряне...); the
    last line names what the deals add up to, a series or Sixty-Six's match (de: Bummerl / Partie), or
    with a fixed number of `deals` how that match is won, the target ending nothing (D-SX-6)."""
    shared = t(
        lang,
        """**Schnapsen**: two players race to **66 card points** in each deal.
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
opponent scores.""",
    )
    if deals:  # D-SX-6
        scoring = tn(lang, "• A deal won scores 1 game point, 2 if the loser has under 33, 3 if the loser took no "
                     "trick. The match is {n} deal: after it the higher total of game points wins, on equal "
                     "totals the winner of the last deal.",
                     "• A deal won scores 1 game point, 2 if the loser has under 33, 3 if the loser took no "
                     "trick. The match is {n} deals: after the last one the higher total of game points wins, "
                     "on equal totals the winner of the last deal.", deals)  # fmt: skip
    elif plays_a_match(preset):
        scoring = t(lang, "• A deal won scores 1 game point, 2 if the loser has under 33, 3 if the loser took no "
                    "trick. First to the target wins the match.")  # fmt: skip
    else:
        scoring = t(lang, "• A deal won scores 1 game point, 2 if the loser has under 33, 3 if the loser took no "
                    "trick. First to the target wins the series.")  # fmt: skip
    return f"{shared}\n{scoring}"


COMMON_RULES = common_rules()


def preset_rules(lang: str = SOURCE, deals: int = 0) -> dict[str, str]:
    """What each preset changes (D-SX-1); in a match of a fixed number of `deals` its target ends nothing
    and goes unsaid (D-SX-6)."""
    if deals:
        return {
            **preset_rules(lang),
            "santase": t(
                lang,
                "Santase: a trick needed before a marriage or a swap, +10 for the last trick, "
                "no swap or close with only two cards left in the stock.",
            ),
            "sixty_six": t(
                lang,
                "Sixty-Six (pagat): marriages on the first lead count from your first trick, "
                "none once the stock is closed or used up, +10 for the last trick. After winning a trick you may "
                "**close before drawing**: both play on with one card fewer. When the stock is closed, the "
                "opponent is asked at once and, holding the trump 9, may **exchange it**, even without a trick. "
                "If the non-closer reaches 66 first, they score 2.",
            ),
            "schnapsen": t(
                lang,
                "Schnapsen: 20 cards (no 9s), 5-card hands, the trump J is swapped; marriages, "
                "swap and close allowed on the first lead; no last-trick bonus: played out, the last trick wins 1.",
            ),
        }
    return {
        "santase": t(
            lang,
            "Santase: to 11, a trick needed before a marriage or a swap, +10 for the last trick, "
            "no swap or close with only two cards left in the stock.",
        ),
        "sixty_six": t(
            lang,
            "Sixty-Six (pagat): to 7, marriages on the first lead count from your first trick, "
            "none once the stock is closed or used up, +10 for the last trick. After winning a trick you may "
            "**close before drawing**: both play on with one card fewer. When the stock is closed, the "
            "opponent is asked at once and, holding the trump 9, may **exchange it**, even without a trick. "
            "If the non-closer reaches 66 first, they score 2.",
        ),
        "schnapsen": t(
            lang,
            "Schnapsen: 20 cards (no 9s), 5-card hands, the trump J is swapped, to 7; marriages, "
            "swap and close allowed on the first lead; no last-trick bonus: played out, the last trick wins 1.",
        ),
        "schnapsen_tournament": t(
            lang,
            "Tournament Schnapsen: as Schnapsen, but you must lead the K of a marriage, "
            "need a trick before a swap, and claim 66 yourself.",
        ),
    }


PRESET_RULES = preset_rules()


def claim_rules(lang: str = SOURCE) -> dict[str, str]:
    return {
        "auto": t(lang, "Claims are automatic: the deal ends the moment someone has 66."),
        "memory": t(
            lang,
            "Memory mode: nobody's points are shown. Press **Claim 66** right after winning a trick "
            "(or declaring a marriage); a false claim gives your opponent 2 game points, or 3.",
        ),
    }


CLAIM_RULES = claim_rules()


def table_options(options: Mapping[str, Any]) -> Options:
    """The engine's options from stored table options. Keys starting with "_" belong to the bot (the
    lobby keeps its seat and level choices under `_lobby` until the start) and are not rule switches."""
    return Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})


def rules_text(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    """The rules for one table: the common rules, then what its preset and claim mode change. A match of a
    fixed number of deals names them where the rules would name the target (D-SX-6)."""
    chosen = table_options(options)
    deals = chosen.fixed_deals
    this_table = t(lang, "**This table**: {rules}", rules=preset_rules(lang, deals).get(chosen.preset, ""))
    lines = [common_rules(lang, chosen.preset, deals), this_table, claim_rules(lang)[chosen.claim_mode]]
    return "\n".join(line for line in lines if line)


def describe_options(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    """One line for lobby and table messages: "Santase (24 cards) · to 11 · claims automatic"."""
    chosen = table_options(options)
    auto = chosen.claim_mode == "auto"
    claims = t(lang, "claims automatic") if auto else t(lang, "memory mode (claim 66 yourself)")
    preset = preset_names(lang).get(chosen.preset, chosen.preset)
    if chosen.fixed_deals:  # D-SX-6: the match is N deals, the target ends nothing
        deals = tn(lang, "a match of {n} deal", "a match of {n} deals", chosen.fixed_deals)
        return t(lang, "{preset} · {deals} · {claims}", preset=preset, deals=deals, claims=claims)
    return t(lang, "{preset} · to {target} · {claims}", preset=preset, target=chosen.target, claims=claims)


def cards_count(lang: str, n: int) -> str:
    return tn(lang, "{n} card", "{n} cards", n)


def points_count(lang: str, n: int) -> str:
    """Card points of a deal (SX-2): their own words, apart from the rummies' points (de: Augen, not Punkte)."""
    return tn(lang, "{n} card point", "{n} card points", n)


def tricks_count(lang: str, n: int) -> str:
    return tn(lang, "{n} trick", "{n} tricks", n)


def game_points_count(lang: str, n: int) -> str:
    return tn(lang, "{n} game point", "{n} game points", n)


# The engine's log records in words (rendering.schnapsen.log_text says them in English on the image)


def scale_said(lang: str, summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """SX-12: why the deal is worth 1, 2 or 3, naming the loser; Schneider/Schwarz except in Santase."""
    loser = seat_name(names, 1 - summary.winner)
    plain = preset in PLAIN_SCALE_PRESETS
    if summary.scale is Scale.SCHWARZ:
        if plain:
            return t(lang, "{name} took no trick", name=loser)
        return t(lang, "Schwarz ({name} took no trick)", name=loser)
    if summary.scale is Scale.SCHNEIDER:
        if plain:
            return t(lang, "{name} has {points}, under {line}", name=loser, points=summary.loser_points,
                     line=SCHNEIDER_LINE)  # fmt: skip
        return t(lang, "Schneider ({name} has {points}, under {line})", name=loser, points=summary.loser_points,
                 line=SCHNEIDER_LINE)  # fmt: skip
    return t(lang, "{name} has {points}", name=loser, points=summary.loser_points)


def deal_reason_said(lang: str, summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """What decided the deal's value (SX-11..SX-14, D-SX-2)."""
    if summary.reason is DealEnd.FALSE_CLAIM:
        return t(lang, "false claim at {points}", points=summary.claimed)
    if summary.penalty is not None:
        penalties = {
            Penalty.FAILED_CLOSE: t(lang, "failed close"),
            Penalty.NO_TRICK_AT_CLOSE: t(lang, "failed close (no trick at closing)"),
            Penalty.NON_CLOSER_OUT: t(lang, "the non-closer reached 66 first"),
        }
        return penalties[summary.penalty]
    if summary.reason is DealEnd.TIE_LAST_TRICK:
        first, second = summary.totals
        return t(lang, "{first}-{second}, last trick", first=first, second=second)
    if summary.scale is None:  # `last_trick_wins_deal`: the last trick alone decides
        return t(lang, "took the last trick")
    scale = scale_said(lang, summary, names, preset)
    if summary.reason is DealEnd.CLOSE_WON:
        return t(lang, "closed and went out; {scale}", scale=scale)
    if summary.reason is DealEnd.CLAIM:
        return t(lang, "{points} points; {scale}", points=summary.claimed, scale=scale)
    return t(lang, "higher total {points}; {scale}", points=summary.claimed, scale=scale)


def deal_said(lang: str, summary: DealSummary, names: Sequence[str], preset: str | None = None) -> str:
    """ "Ann wins 2 game points: 70 points; Schneider (Bob has 30, under 33)." The image's sentence, so the
    table, the hand and the image say a deal's end in the same words."""
    return deal_text(summary, names, preset, lang=lang)


def log_said(lang: str, entry: LogEntry, names: Sequence[str], preset: str | None = None) -> str:
    """One log record as a sentence in `lang`, with the players' names: the image's sentence."""
    return log_text(entry, names, preset, lang=lang)


def stock_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Trumps and the stock: face-up trump and how many cards, or closed, or used up (SX-3, SX-5, SX-10)."""
    trumps = t(lang, "Trumps {suit}", suit=view.trump.symbol)
    if view.closed and view.closed_by is not None:
        stock = t(lang, "stock closed by {name}", name=seat_name(names, view.closed_by))
    elif view.talon_size == 0:
        stock = t(lang, "stock used up")
    elif view.trump_card is not None:
        stock = t(
            lang, "stock {count} ({card} face up)", count=cards_count(lang, view.talon_size), card=view.trump_card
        )
    else:
        stock = t(lang, "stock {count}", count=cards_count(lang, view.talon_size))
    return f"{trumps} · {stock}"


def trick_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """The trick in progress until both cards are down, then who took it (SX-4)."""
    if view.trick:
        led = view.trick[0]
        return t(lang, "Trick: {name} led {card}; {follower} to play.", name=seat_name(names, led.seat),
                 card=led.card, follower=seat_name(names, 1 - led.seat))  # fmt: skip
    if view.last_trick is not None and not view.deal_just_ended:
        last = view.last_trick
        cards = " ".join(str(played.card) for played in last.cards)
        return t(lang, "{name} took the last trick: {cards} ({points}).", name=seat_name(names, last.winner),
                 cards=cards, points=points_count(lang, last.points))  # fmt: skip
    return ""


def deal_line(summary: DealSummary, names: Sequence[str], preset: str | None = None, *, lang: str = SOURCE) -> str:
    """After each deal: who won how many game points and why, card points, marriages, tricks (SX-12..14)."""
    cards, marriages, tricks = summary.card_points, summary.marriage_points, summary.tricks
    head = t(lang, "**Deal {number}** ({why}): {result}", number=summary.deal_number,
             why=deal_ends(lang)[summary.reason], result=deal_said(lang, summary, names, preset))  # fmt: skip
    parts = [t(lang, "Card points {first}–{second}", first=cards[0], second=cards[1])]
    if any(marriages):
        parts.append(t(lang, "marriages {first}–{second}", first=marriages[0], second=marriages[1]))
    parts.append(t(lang, "tricks {first}–{second}", first=tricks[0], second=tricks[1]))
    return head + " " + ", ".join(parts) + "."


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


def series_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    first, second = seat_name(names, 0), seat_name(names, 1)
    first_points, second_points = view.game_points
    if fixed_deals(view):  # D-SX-6
        return t(lang, "Deal {number} of {deals}: {first} {first_points} – {second_points} {second}",
                 number=view.deal_number, deals=fixed_deals(view), first=first, first_points=first_points,
                 second_points=second_points, second=second)  # fmt: skip
    if plays_a_match(view.preset):
        return t(lang, "Match to {target}: {first} {first_points} – {second_points} {second}", target=view.target,
                 first=first, first_points=first_points, second_points=second_points, second=second)  # fmt: skip
    return t(lang, "Series to {target}: {first} {first_points} – {second_points} {second}", target=view.target,
             first=first, first_points=first_points, second_points=second_points, second=second)  # fmt: skip


def table_header(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Public text above the table image. Reads only the public view: no hand, and in memory mode
    no running points (SX-11); the deal summary is public once the deal is over."""
    lines: list[str] = []
    ended = match_end_text(view, names, lang=lang)
    if ended is not None:
        lines.append(f"🏆 {ended}")
    elif view.is_over and view.winner is not None:
        name = seat_name(names, view.winner)
        won, lost = view.game_points[view.winner], view.game_points[1 - view.winner]
        if plays_a_match(view.preset):
            lines.append(t(lang, "🏆 {name} wins the match {won}–{lost}.", name=name, won=won, lost=lost))
        else:
            lines.append(t(lang, "🏆 {name} wins the series {won}–{lost}.", name=name, won=won, lost=lost))
    summary = recent_deal(view)
    # The deal's and the series' results have their own lines; the log repeats them, so they are left out.
    repeated = {Scored(summary)} if summary is not None else set()
    shown = [entry for entry in view.log if entry not in repeated and not isinstance(entry, SeriesWon)]
    recent = [log_said(lang, entry, names, view.preset) for entry in shown]
    recent = recent[-HEADER_LOG_LINES:]
    if recent:
        lines.append(t(lang, "Latest: {actions}", actions=" · ".join(recent)))
    if summary is not None:
        lines.append(deal_line(summary, names, view.preset, lang=lang))
    if not view.is_over:
        lines.append(
            t(lang, "Deal {number} · {stock}", number=view.deal_number, stock=stock_line(view, names, lang=lang))
        )
        trick = trick_line(view, names, lang=lang)
        if trick:
            lines.append(trick)
        pause = pause_line(view, names, lang=lang)
        if pause:
            lines.append(pause)
    lines.append(series_line(view, names, lang=lang))
    return "\n".join(lines)


# The hand panel ----------------------------------------------------------------------------------


def pause_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Who the table waits for in pagat 66's pauses (SX-10 close before drawing, SX-9 exchange at a close)."""
    if view.to_move is None:
        return ""
    who = seat_name(names, view.to_move)
    if view.drawing_pending:
        return t(lang, "⏸ {name} may close before drawing (or draw as usual).", name=who)
    if view.exchange_pending:
        # SX-9: the same words whoever holds the card; the pause comes either way.
        return t(lang, "⏸ {name} is deciding: the holder of the {card} may exchange it for the trump card now.",
                 name=who, card=exchange_card(view))  # fmt: skip
    return ""


def exchange_card(view: SchnapsenView) -> Card:
    """The card a swap gives up (SX-9): the trump 9, or the trump J with 20 cards."""
    deck_size = view.options.deck_size if view.options is not None else 24
    return lowest_trump(deck_size, view.trump)


def marriage_points(view: SchnapsenView, suit: Suit) -> int:
    """SX-8: 40 in trumps, 20 otherwise."""
    return 40 if suit == view.trump else 20


def marriage_label(view: SchnapsenView, card: Card, *, lang: str = SOURCE) -> str:
    """The button that declares a marriage and leads `card` (SX-8). In `auto` mode, when the marriage
    takes a player who has a trick to 66, the deal ends at once and no card is led (SX-11, §3.3)."""
    assert card.suit is not None
    points = marriage_points(view, card.suit)
    seat = view.seat
    own = view.points[seat] if seat is not None and view.tricks_won[seat] else None
    if view.claim_mode == "auto" and own is not None and own + points >= WIN_POINTS:
        return t(lang, "Show {points} {suit}: you reach 66 and win the deal", points=points, suit=card.suit.symbol)
    return t(lang, "Lead {card}, show {points}", card=card, points=points)


def _match_over(view: SchnapsenView, names: Sequence[str], lang: str) -> str:
    """Sixty-Six's end of the match (de: Partie), as `status_line` says a series' end."""
    if view.winner is None:
        return t(lang, "The match is over.")
    won, lost = view.game_points[view.winner], view.game_points[1 - view.winner]
    if view.winner == view.seat:
        return t(lang, "The match is over: you won {won}–{lost}.", won=won, lost=lost)
    return t(lang, "The match is over: {name} won {won}–{lost}.", name=seat_name(names, view.winner), won=won,
             lost=lost)  # fmt: skip


def status_line(view: SchnapsenView, names: Sequence[str], *, waiting: str | None = None, lang: str = SOURCE) -> str:
    """What this seat should do now, in one sentence; `waiting` replaces the line naming who plays."""
    seat = view.seat
    ended = match_end_text(view, names, lang=lang)
    if ended is not None:
        return ended
    if view.is_over:
        if plays_a_match(view.preset):
            return _match_over(view, names, lang)
        if view.winner is None:
            return t(lang, "The series is over.")
        won, lost = view.game_points[view.winner], view.game_points[1 - view.winner]
        if view.winner == seat:
            return t(lang, "The series is over: you won {won}–{lost}.", won=won, lost=lost)
        return t(lang, "The series is over: {name} won {won}–{lost}.", name=seat_name(names, view.winner), won=won,
                 lost=lost)  # fmt: skip
    if not view.legal_moves:
        if waiting is not None:
            return waiting
        if view.to_move is None:
            return t(lang, "Waiting for the table.")
        return t(lang, "Waiting for {name}.", name=seat_name(names, view.to_move))
    if view.can_draw:
        return t(
            lang,
            "**Your turn.** You won the trick. **Draw** as usual, or **close without drawing**: "
            "no more drawing, you both play on with one card fewer. "
            "**{draw_unasked}** draws now and after your next tricks of this deal, without this question.",
            draw_unasked=draw_unasked(lang),
        )
    if view.can_keep:
        closer = seat_name(names, view.closed_by) if view.closed_by is not None else t(lang, "Your opponent")
        if not view.can_exchange:  # SX-9: asked all the same, so the pause says nothing about the card
            return t(lang, "**Your turn.** {name} closed the stock. Press **Continue** to let play go on.", name=closer)
        face_up = f" {view.trump_card}" if view.trump_card is not None else ""
        return t(
            lang, "**Your turn.** {name} closed the stock. You may exchange your {card} for the trump card{face_up} "
            "now, even without a trick, or keep it.", name=closer, card=exchange_card(view), face_up=face_up,
        )  # fmt: skip
    if view.leading:
        return t(lang, "**Your turn.** You lead: play any card.")
    led = view.trick[0]
    who = seat_name(names, led.seat)
    if view.phase.strict:
        if view.phase is Phase.CLOSED:
            return t(lang, "**Your turn.** {name} led {card}. The stock is closed: follow suit and beat it if you "
                     "can.", name=who, card=led.card)  # fmt: skip
        return t(lang, "**Your turn.** {name} led {card}. The stock is used up: follow suit and beat it if you "
                 "can.", name=who, card=led.card)  # fmt: skip
    return t(lang, "**Your turn.** {name} led {card}. Play any card: you need not follow suit yet.", name=who,
             card=led.card)  # fmt: skip


def greyed_reason(view: SchnapsenView, *, lang: str = SOURCE) -> str:
    """Why some cards cannot be pressed, in the engine's own words (SX-7 follow rules)."""
    if not view.legal_moves or view.leading or not view.trick:
        return ""
    blocked = [card for card in view.hand if card not in view.playable]
    if not blocked:
        return ""
    reason = follow_said(lang, view.hand, view.trick[0].card)
    return t(lang, "Greyed-out cards can't be played now. {reason}", reason=reason)


def suit_noun(lang: str, suit: Suit) -> str:
    """A suit as a follow rule names one card of it: "spade" (bg: пика, de: Pik)."""
    nouns = {
        Suit.SPADES: t(lang, "spade"),
        Suit.CLUBS: t(lang, "club"),
        Suit.DIAMONDS: t(lang, "diamond"),
        Suit.HEARTS: t(lang, "heart"),
    }
    return nouns[suit]


def follow_said(lang: str, hand: Sequence[Card], lead: Card) -> str:
    """games.schnapsen.rules.follow_refusal in `lang` (SX-7): why a card may not follow `lead`."""
    assert lead.suit is not None
    noun = suit_noun(lang, lead.suit)
    same = [card for card in hand if card.suit == lead.suit]
    if any(strength(card) > strength(lead) for card in same):
        return t(lang, "You must follow suit with a higher {suit}.", suit=noun)
    if same:
        return t(lang, "You must follow suit with a {suit}.", suit=noun)
    return t(lang, "You have no {suit}, so you must play a trump.", suit=noun)


def last_trick_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """SX-4: the last completed trick of this deal, leader's card first, and who took it."""
    last = view.last_trick
    if last is None or view.deal_just_ended:
        return ""
    cards = " ".join(str(played.card) for played in last.cards)
    if last.winner == view.seat:
        return t(lang, "Last trick: {cards}, taken by you.", cards=cards)
    return t(lang, "Last trick: {cards}, taken by {name}.", cards=cards, name=seat_name(names, last.winner))


def points_line(view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Running points in `auto` mode; in `memory` mode the count is the player's job (SX-11)."""
    seat = view.seat
    if seat is None or view.is_over:
        return ""
    tricks = tricks_count(lang, view.tricks_won[seat])
    if view.claim_mode == "memory":
        return t(lang, "You have {tricks}. Memory mode: count your own points and press **Claim 66** when you have "
                 "66.", tricks=tricks)  # fmt: skip
    mine, theirs = view.points[seat], view.points[1 - seat]
    points = points_count(lang, mine) if mine is not None else t(lang, "? points")
    return t(lang, "You have {points} and {tricks}; {name} has {theirs}. First to 66 wins the deal.", points=points,
             tricks=tricks, name=seat_name(names, 1 - seat), theirs=theirs)  # fmt: skip


def panel_lines(
    view: SchnapsenView,
    names: Sequence[str],
    *,
    location: str,
    notice: str,
    marrying: bool,
    waiting: str | None = None,
    lang: str = SOURCE,
) -> list[str]:
    """Every line of a hand panel, in reading order."""
    lines = [location, status_line(view, names, waiting=waiting, lang=lang)]
    if not view.is_over:
        lines.append(f"{stock_line(view, names, lang=lang)} · {series_line(view, names, lang=lang)}")
        lines.append(points_line(view, names, lang=lang))
        lines.append(last_trick_line(view, names, lang=lang))
        if view.drawn is not None:  # SX-5: only this seat's own view names its draw
            lines.append(t(lang, "You drew {card}.", card=view.drawn))
    summary = recent_deal(view)
    if summary is not None:
        lines.append(t(lang, "Last deal: {deal}", deal=deal_line(summary, names, view.preset, lang=lang)))
    if marrying:
        lines.append(t(lang, "**Marriage**: choose the card to lead; the marriage is shown as you lead it."))
    lines.append(greyed_reason(view, lang=lang))
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


# The terminal table (`terminal`): the same game as text, typed moves instead of buttons ---------


def help_text(lang: str = SOURCE) -> str:
    return t(
        lang,
        """Schnapsen: two players, tricks; the first to 66 card points wins the deal, the first
to the target in game points wins the series. While the talon is open you need not
follow suit; once it is closed or used up you must follow and head the trick.
  Kh                   play (or lead) a card
  20 Kh / marriage Kh  declare K-Q of a suit and lead one of them (40 in trumps)
  exchange             swap the trump 9 (or J) for the face-up trump card
  close                close the talon; in Sixty-Six also right after a trick, before drawing
  draw                 Sixty-Six: draw as usual after winning a trick, instead of closing
  draw always          the same, and draw without being asked for the rest of the deal
  keep                 Sixty-Six: keep the trump 9 when offered the exchange at a close
  claim                claim 66 when the table plays in memory mode""",
    )


HELP = help_text()


# The engine's refusals (games.base.IllegalMove codes, games.schnapsen) in the reader's language ----------
# The stock is the "talon" in the engine's English; players read the Discord words (stock, close, claim).

REFUSALS: tt.Refusals = {
    "schnapsen.over": lambda lang: t(lang, "The series is over."),
    "schnapsen.not_a_move": lambda lang: t(lang, "That is not a move of this game."),
    "schnapsen.not_held": lambda lang, card: t(lang, "You do not hold {card}.", card=card),
    "schnapsen.follow_higher": lambda lang, suit: t(
        lang, "You must follow suit with a higher {suit}.", suit=suit_noun(lang, suit)
    ),
    "schnapsen.follow_suit": lambda lang, suit: t(
        lang, "You must follow suit with a {suit}.", suit=suit_noun(lang, suit)
    ),
    "schnapsen.follow_trump": lambda lang, suit: t(
        lang, "You have no {suit}, so you must play a trump.", suit=suit_noun(lang, suit)
    ),
    "schnapsen.marriage_card": lambda lang: t(lang, "A marriage is declared with a K or a Q."),
    "schnapsen.marriage_not_leading": lambda lang: t(
        lang, "You can only declare a marriage when you are about to lead."
    ),
    "schnapsen.marriage_not_held": lambda lang, suit: t(
        lang, "You need the K and Q of {suit} to declare that marriage.", suit=suit.symbol
    ),
    "schnapsen.marriage_needs_trick": lambda lang: t(lang, "You need a trick before you can declare a marriage."),
    "schnapsen.marriage_strict": lambda lang: t(
        lang, "Marriages cannot be declared once the stock is closed or used up."
    ),
    "schnapsen.marriage_worth": lambda lang, suit, points: t(
        lang, "A marriage in {suit} is worth {points}.", suit=suit.symbol, points=points
    ),
    "schnapsen.marriage_king": lambda lang: t(lang, "At this table you must lead the K of a marriage."),
    "schnapsen.exchange_not_leading": lambda lang: t(
        lang, "You can only exchange the trump card when you are about to lead."
    ),
    "schnapsen.exchange_closed": lambda lang: t(
        lang, "The stock is closed, so the trump card can no longer be exchanged."
    ),
    "schnapsen.exchange_taken": lambda lang: t(lang, "The trump card has already been taken."),
    "schnapsen.exchange_two_left": lambda lang: t(
        lang, "The trump card cannot be exchanged with only two cards left in the stock."
    ),
    "schnapsen.exchange_not_held": lambda lang, card: t(
        lang, "You need the {card} to exchange the trump card.", card=card
    ),
    "schnapsen.exchange_needs_trick": lambda lang: t(
        lang, "You need a trick before you can exchange the trump card."
    ),
    "schnapsen.close_off": lambda lang: t(lang, "Closing the stock is switched off at this table."),
    "schnapsen.close_not_leading": lambda lang: t(lang, "You can only close the stock when you are about to lead."),
    "schnapsen.close_closed": lambda lang: t(lang, "The stock is already closed."),
    "schnapsen.close_used_up": lambda lang: t(lang, "The stock is used up; there is nothing left to close."),
    "schnapsen.close_two_left": lambda lang: t(lang, "The stock cannot be closed with only two cards left."),
    "schnapsen.close_first_trick": lambda lang: t(lang, "The stock cannot be closed before the first trick."),
    "schnapsen.claim_automatic": lambda lang: t(
        lang, "Claims are automatic at this table: the deal ends as soon as you reach 66."
    ),
    "schnapsen.claim_when": lambda lang: t(
        lang, "You can only claim right after winning a trick or declaring a marriage, before you lead."
    ),
    "schnapsen.pause_marriage": lambda lang: t(
        lang, "Draw or close the stock first; a marriage is declared when you lead."
    ),
    "schnapsen.pause_draw": lambda lang: t(
        lang, "You won the trick: first choose to draw as usual or to close the stock before drawing."
    ),
    "schnapsen.pause_exchange": lambda lang: t(
        lang, "The stock was just closed: first exchange the lowest trump for the trump card, or go on."
    ),
    "schnapsen.nothing_to_draw": lambda lang: t(
        lang, "There is nothing to draw now: the cards are drawn by themselves after each trick."
    ),
    "schnapsen.nothing_to_keep": lambda lang: t(
        lang, "No trump exchange is on offer, so there is nothing to decline."
    ),
    "schnapsen.unreadable_code": lambda lang, text: t(lang, "Unreadable move {text}.", text=repr(text)),
    "schnapsen.type_move": lambda lang: t(
        lang, "Type a card such as Kh, or marriage Kh, exchange, close or claim."
    ),
    "schnapsen.one_card": lambda lang, text: t(
        lang, "I did not understand {text}; play one card such as Kh.", text=repr(text)
    ),
    "schnapsen.unreadable": lambda lang, text: t(
        lang, "{text} is not a card or a move; try Kh, 20 Kh, exchange or close.", text=repr(text)
    ),
    "schnapsen.marriage_name": lambda lang: t(
        lang, "Name the card to lead from the marriage, for example: marriage Kh."
    ),
    "schnapsen.marriage_unreadable": lambda lang, text: t(
        lang, "{text} is not a card; name the K or Q to lead, such as Kh.", text=repr(text)
    ),
}


def refusal_said(lang: str, refused: IllegalMove) -> str:
    """The engine's refusal of a move in `lang`, in the players' words (docs/glossary)."""
    return tt.refusal_said(REFUSALS, refused, lang)


class SchnapsenText:
    """Text for `SchnapsenView`s, in the language each method is asked for."""

    kind = "schnapsen"
    title = GAME.name
    default_players = 2
    score_name = "game point"
    presets: Sequence[str] = tuple(PRESETS)
    uses_solver = False
    unlisted_moves = ""

    def options(self, preset: str | None) -> dict[str, Any]:
        return {} if preset is None else {"preset": preset}

    def scores(self, n: int, *, lang: str = SOURCE) -> str:
        return game_points_count(lang, n)

    def table(self, view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        if fixed_deals(view):  # D-SX-6
            title = t(lang, "{game} · deal {number} of {deals}", game=preset_title(lang, view.preset),
                      number=view.deal_number, deals=fixed_deals(view))  # fmt: skip
        else:
            title = t(lang, "{game} · deal {number} · to {target}", game=preset_title(lang, view.preset),
                      number=view.deal_number, target=game_points_count(lang, view.target))  # fmt: skip
        game_points = [tn(lang, "{n} game pt", "{n} game pts", points) for points in view.game_points]
        tricks = [tricks_count(lang, won) for won in view.tricks_won]
        # Memory mode (SX-11): nobody's points are shown, your own included, as on the Discord hand.
        hidden = view.claim_mode == "memory" and not view.is_over
        points = [t(lang, "? card pts") if value is None or hidden else tn(lang, "{n} card pt", "{n} card pts", value)
                  for value in view.points]  # fmt: skip
        cards = [t(lang, "{n} in hand", n=size) for size in view.hand_sizes]
        lines = [tt.heading(title), *tt.seat_rows(names, [game_points, tricks, points, cards], view.to_move)]
        said = [t(lang, "Trump: {suit}  ·  {talon}", suit=view.trump.symbol, talon=_talon(view, names, lang))]
        married = [t(lang, "{name} {points} in {suit}", name=names[m.seat], points=m.points, suit=m.suit.symbol)
                   for m in view.marriages]  # fmt: skip
        if married:
            said.append(t(lang, "Marriages: {marriages}", marriages=", ".join(married)))
        if view.trick:
            led = view.trick[0]
            said.append(t(lang, "Trick: {name} led {card}", name=names[led.seat], card=led.card))
        elif view.last_trick is not None:
            played = " ".join(str(played.card) for played in view.last_trick.cards)
            said.append(t(lang, "Last trick: {cards}, taken by {name}", cards=played,
                          name=names[view.last_trick.winner]))  # fmt: skip
        if view.to_move is not None and view.drawing_pending:
            said.append(t(lang, "{name} may close before drawing, or draw", name=names[view.to_move]))
        elif view.to_move is not None and view.exchange_pending:
            said.append(
                t(lang, "{name} may exchange the lowest trump at the close, or keep it", name=names[view.to_move])
            )
        return "\n".join([*lines, *(f"   {line}" for line in said)])

    def hand(self, view: SchnapsenView, *, lang: str = SOURCE) -> str:
        lines = [t(lang, "Your hand: {cards}", cards=tt.cards_text(sort_hand(view.hand, view.trump)))]
        if view.can_draw or view.can_keep:  # pagat 66's pauses (SX-10, SX-9): no card is played now
            if view.can_draw:
                choices = ["draw", "draw always", "close"]
            else:
                choices = ["exchange", "keep"] if view.can_exchange else ["keep"]
            if view.can_claim:
                choices.append("claim")
            lines.append(t(lang, "Choose: {choices}", choices=", ".join(choices)))
        elif view.to_move == view.seat and view.seat is not None:
            extras = [f"marriage {'K' + suit.letter}" for suit in view.marriage_suits]
            if view.can_exchange:
                extras.append("exchange")
            if view.can_close:
                extras.append("close")
            if view.can_claim:
                extras.append("claim")
            cards = tt.cards_text(sort_hand(view.playable, view.trump))
            if view.leading:
                line = t(lang, "Lead one of: {cards}", cards=cards)
            else:
                line = t(lang, "Play one of: {cards}", cards=cards)
            if extras:
                line += "  ·  " + t(lang, "or: {moves}", moves=", ".join(extras))
            lines.append(line)
        return "\n".join(f"   {line}" for line in lines)

    def log(self, view: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
        return [log_said(lang, entry, names, view.preset) for entry in view.log]

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

    def describe(self, move: Move, view: SchnapsenView, *, lang: str = SOURCE) -> str:
        """A computer player's move or a hint, in `lang`."""
        return move_said(lang, move)

    def interlude(
        self, before: SchnapsenView, after: SchnapsenView, names: Sequence[str], *, lang: str = SOURCE
    ) -> str | None:
        """A deal was scored (SX-12..SX-14): its card points and the game points so far."""
        deal = after.last_deal
        if deal is None or deal == before.last_deal:
            return None
        totals = " – ".join(str(total) for total in deal.totals)
        game = " · ".join(f"{names[seat]} {points}" for seat, points in enumerate(after.game_points))
        head = tt.heading(t(lang, "Deal {number} over", number=deal.deal_number))
        if fixed_deals(after):  # D-SX-6
            said = t(lang, "Card points {totals}; {game_points} to {name}. Game points: {game} (deal {number} of "
                     "{deals})", totals=totals, game_points=game_points_count(lang, deal.game_points),
                     name=names[deal.winner], game=game, number=deal.deal_number, deals=fixed_deals(after))
            return f"{head}\n   {said}"
        said = t(lang, "Card points {totals}; {game_points} to {name}. Game points: {game} (to {target})",
                 totals=totals, game_points=game_points_count(lang, deal.game_points), name=names[deal.winner],
                 game=game, target=after.target)  # fmt: skip
        return f"{head}\n   {said}"

    def opening_lines(self, after: SchnapsenView) -> int:
        """The newest log lines that already belong to the next deal (from its "Deal n" line on), which
        the terminal prints after the last deal's summary."""
        dealt = [n for n, entry in enumerate(after.log) if isinstance(entry, Dealt)]
        return len(after.log) - dealt[-1] if dealt else 0

    def help(self, *, lang: str = SOURCE) -> str:
        return help_text(lang)

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return refusal_said(lang, refused)


def move_said(lang: str, move: Move) -> str:
    """A move in words, for hints and computer players' moves."""
    if isinstance(move, PlayCard):
        return str(move.card)
    if isinstance(move, Marriage):
        return t(lang, "marriage: show {points} and lead {card}", points=move.points, card=move.card)
    if isinstance(move, ExchangeTrump):
        return t(lang, "exchange the trump card")
    if isinstance(move, Close):
        return t(lang, "close the stock")
    if isinstance(move, Draw):
        return t(lang, "draw")
    if isinstance(move, KeepTrump):
        return t(lang, "keep")
    return t(lang, "claim 66")


def _talon(view: SchnapsenView, names: Sequence[str], lang: str = SOURCE) -> str:
    size = cards_count(lang, view.talon_size)
    if view.closed:
        if view.closed_by is not None:
            return t(lang, "talon closed by {name} ({count})", name=names[view.closed_by], count=size)
        return t(lang, "talon closed ({count})", count=size)
    if view.talon_size == 0:
        return t(lang, "talon used up: follow suit and head the trick")
    if view.trump_card is not None:
        return t(lang, "talon {count}, {card} face up", count=size, card=view.trump_card)
    return t(lang, "talon {count}", count=size)


def option_abouts(lang: str = SOURCE) -> dict[str, str]:
    """What each table option changes (games.schnapsen.options), for the terminal's --help in `lang`."""
    return {
        "deck_size": t(lang, "cards in the deck: 24 (9 to A) or 20 (10 to A)"),
        "target": t(lang, "game points that win the series"),
        "claim_mode": t(lang, "auto: a deal ends by itself at 66; memory: you claim 66 yourself"),
        "marriage_without_trick": t(lang, "a marriage may be shown on the first lead, counted once a trick is won"),
        "marriage_in_phase2": t(lang, "marriages count once the stock is closed or used up"),
        "marriage_king_lead": t(lang, "showing a marriage, you lead its king"),
        "exchange_needs_trick": t(lang, "exchanging the lowest trump needs a trick won first"),
        "exchange_with_two_left": t(lang, "the lowest trump may be exchanged with 2 cards left in the stock"),
        "allow_close": t(lang, "a player may close the stock"),
        "close_on_first_lead": t(lang, "the stock may be closed before the first trick"),
        "close_with_two_left": t(lang, "the stock may be closed with 2 cards left in it"),
        "close_before_draw": t(lang, "the winner of a trick may close before drawing"),
        "exchange_on_close": t(lang, "when the stock is closed, the other player may exchange the lowest trump"),
        "close_scoring": t(
            lang, "final: a closed deal is scored by the points at its end; at_close: by the points when it was closed"
        ),
        "failed_close_always_three": t(lang, "a failed close always gives the other player 3"),
        "non_closer_out_two": t(lang, "the other player reaching 66 first after a close scores 2"),
        "last_trick_bonus": t(lang, "points for the last trick"),
        "last_trick_wins_deal": t(
            lang, "a deal played to the end goes to the last trick's winner, whatever the points"
        ),
        "false_claim_three": t(lang, "a false claim gives the other player 3"),
        "next_dealer": t(lang, "who deals the next deal: the players in turn, its winner or its loser"),
    }


TERMINAL = SchnapsenText()  # what `terminal` shows for this game
