"""Every sentence of a Gin table: rules, options, the public header, the hand's status, the hand's end.

No discord import: the terminal table reads these words too. Everything here reads a `GinView` only
(design §2): the public header gets `view(None)`, the hand panel the seat's own view, so a hidden card
cannot reach a message. The engine's hand summaries hold numbers and seats, no words; their score
sentences are `rendering.gin.hand_text`, shared with the table image (see that module for why they
sit there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card
from games.gin import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Event,
    GinView,
    HandEnd,
    HandSummary,
    Knock,
    Move,
    Options,
    PassUpcard,
    Phase,
    TakeDiscard,
)
from games.gin.scoring import GameTally
from rendering.gin import hand_text
from rendering.table import seat_name
from rendering.words import count
from terminal import game_text as tt

RULES = """**Gin Rummy**: two players, ten cards each; make melds and knock with little deadwood.
• Melds: 3 or 4 cards of one rank, or 3+ cards of one suit in sequence, ace low (A-2-3, never Q-K-A). \
Deadwood is every card in no meld: ace 1, 2-10 as marked, J Q K 10.
• First turn: the non-dealer may take the upcard or pass, then the dealer; if both pass, the non-dealer \
draws from the stock.
• Each turn: draw the top of the stock or of the discard pile, then discard one card. A card taken from \
the pile can't go straight back.
• **Knock** when your deadwood after the discard is 10 or less: the bot lays out your best melds, and your \
opponent lays off cards onto them. Lower deadwood wins the difference; a tie or less for the \
defender is an **undercut**: difference + 25 to the defender.
• **Gin**: knock with no deadwood, +25, no lay-offs; **big gin**: all 11 cards melded, +31.
• Two cards left in the stock and no knock: the hand is drawn and the same dealer deals again.
• First to 100 wins the game: +100 game bonus, +25 per hand won (the loser too); a shutout doubles the \
winner's total."""

OKLAHOMA_RULES = (
    "**Oklahoma**: the upcard's value is this hand's knock limit (an ace: gin only), a spade upcard doubles "
    "the hand, and the game goes to 150."
)
HOLLYWOOD_RULES = (
    "**Hollywood**: three games are scored at once. Your first hand won counts in game 1, your second in "
    "games 1 and 2, your third and later in all three still open."
)

HEADER_LOG_LINES = 3  # recent actions above the table image: the last draw and discard, and the one before

ENDS = {
    HandEnd.KNOCK: "knock",
    HandEnd.UNDERCUT: "undercut",
    HandEnd.GIN: "gin",
    HandEnd.BIG_GIN: "big gin",
    HandEnd.DRAWN: "drawn hand",
}


def table_options(options: Mapping[str, Any]) -> Options:
    """The engine's options from stored table options; keys starting with "_" belong to the bot (the lobby)."""
    return Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})


def describe_options(options: Mapping[str, Any]) -> str:
    """One line for lobby and table messages: "Hollywood Oklahoma Gin · to 150"."""
    chosen = table_options(options)
    line = f"{chosen.name} · to {chosen.game_target}"
    if chosen.hollywood:
        line += " in each of three games"
    return line


def rules_text(options: Mapping[str, Any]) -> str:
    """The rules for one table: the common rules, then what its switches change."""
    chosen = table_options(options)
    lines = [RULES]
    if chosen.oklahoma:
        lines.append(OKLAHOMA_RULES)
    if chosen.hollywood:
        lines.append(HOLLYWOOD_RULES)
    return "\n".join(lines)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "none"


# Public lines ------------------------------------------------------------------------------------


def event_line(event: Event, names: Sequence[str]) -> str:
    """One public action in past tense ("Ann took 7♥ from the discard pile"); a stock draw names no card."""
    who = seat_name(names, event.seat)
    if event.action is Action.PASS:
        return f"{who} passed on the upcard"
    if event.action is Action.TAKE:
        return f"{who} took {event.card} from the discard pile"
    if event.action is Action.DRAW:
        return f"{who} drew from the stock"
    if event.action is Action.DISCARD:
        return f"{who} discarded {event.card}"
    if event.action is Action.KNOCK:
        return f"{who} knocked"
    return f"{who} laid out big gin"


def log_lines(view: GinView, names: Sequence[str]) -> list[str]:
    """This hand's public actions, oldest first."""
    return [event_line(event, names) for event in view.history]


def last_action(view: GinView, names: Sequence[str]) -> str:
    """The newest public action, or how the last hand ended when the new one has not begun."""
    if view.history:
        return event_line(view.history[-1], names)
    if view.last_hand is not None:
        return hand_headline(view.last_hand, names)
    return f"Hand {view.hand_number}: {seat_name(names, view.dealer)} dealt"


def limit_text(view: GinView) -> str:
    """GR-6, GR-12: the knock limit of this hand, and the Oklahoma upcard and doubling."""
    if not view.options.oklahoma:
        return f"knock with {view.knock_limit} or less"
    limit = "gin only" if view.knock_limit == 0 else f"knock with {view.knock_limit} or less"
    doubled = ", scores doubled" if view.doubled else ""
    return f"upcard {view.upcard}: {limit}{doubled}"


def stock_line(view: GinView) -> str:
    """Stock, the top of the pile and the knock limit (GR-3, GR-5, GR-6)."""
    top = f"discard pile top {view.top}" if view.top is not None else "discard pile empty"
    return f"Hand {view.hand_number} · stock {count(view.stock_count, 'card')} · {top} · {limit_text(view)}"


def tally_line(tally: GameTally, names: Sequence[str], target: int, label: str) -> str:
    """One game's score (GR-11): running points, or once closed the final totals with bonuses."""
    first, second = seat_name(names, 0), seat_name(names, 1)
    if tally.final is not None and tally.winner is not None:
        shutout = ", shutout" if tally.shutout else ""
        return (
            f"{label}: {first} {tally.final[0]} – {tally.final[1]} {second} "
            f"(won by {seat_name(names, tally.winner)}{shutout})"
        )
    return f"{label} to {target}: {first} {tally.points[0]} – {tally.points[1]} {second}"


def score_lines(view: GinView, names: Sequence[str]) -> list[str]:
    """The running game score, or the three Hollywood games one line each (GR-11, GR-13)."""
    if len(view.tallies) == 1:
        return [tally_line(view.tallies[0], names, view.target, "Game")]
    return [tally_line(tally, names, view.target, f"Game {i + 1}") for i, tally in enumerate(view.tallies)]


def hand_headline(summary: HandSummary, names: Sequence[str]) -> str:
    """ "Hand 3: Ann knocks, Bob undercuts" in a few words."""
    if summary.end is HandEnd.DRAWN or summary.knocker is None or summary.winner is None:
        return f"Hand {summary.number} is drawn: nobody scores"
    who = seat_name(names, summary.knocker)
    how = {
        HandEnd.KNOCK: f"{who} knocked",
        HandEnd.UNDERCUT: f"{who} knocked and {seat_name(names, 1 - summary.knocker)} undercut",
        HandEnd.GIN: f"{who} went gin",
        HandEnd.BIG_GIN: f"{who} went big gin",
    }[summary.end]
    return f"Hand {summary.number}: {how}; {seat_name(names, summary.winner)} scores {summary.points}"


def meld_text(melds: Sequence[Sequence[Card]]) -> str:
    return " | ".join(cards_text(meld) for meld in melds) or "no melds"


def layoff_text(summary: HandSummary) -> str:
    """GR-8: which cards went onto which of the knocker's melds."""
    parts = [
        f"{cards_text(extra)} onto {cards_text(meld)}"
        for meld, extra in zip(summary.knocker_melds, summary.layoffs, strict=False)
        if extra
    ]
    return "; ".join(parts)


def hand_end_lines(summary: HandSummary, names: Sequence[str]) -> list[str]:
    """The end of a hand: both arrangements, the lay-offs and the score with every bonus in words."""
    lines = [f"**{hand_headline(summary, names)}**"]
    if summary.knocker is None:
        lines.append(hand_text(summary, names))
        return lines
    knocker, defender = seat_name(names, summary.knocker), seat_name(names, 1 - summary.knocker)
    lines.append(
        f"{knocker}: {meld_text(summary.knocker_melds)} · deadwood "
        f"{cards_text(summary.knocker_deadwood)} ({summary.knocker_count})"
    )
    laid = layoff_text(summary)
    defence = f"{defender}: {meld_text(summary.defender_melds)}"
    if laid:
        defence += f" · laid off {laid}"
    elif summary.end in (HandEnd.GIN, HandEnd.BIG_GIN):
        defence += " · no lay-offs against gin"
    defence += f" · deadwood {cards_text(summary.defender_deadwood)} ({summary.defender_count})"
    lines.append(defence)
    lines.append(hand_text(summary, names))
    return lines


def recent_hand(view: GinView) -> HandSummary | None:
    """The last hand's summary while it is news: until someone discards in the new hand (or at the end).

    The engine deals the next hand at once and a computer may move within a second, so the summary
    stays up through the new hand's first draw rather than vanishing before anyone read it.
    """
    if view.last_hand is None:
        return None
    if view.is_over or not any(event.action is Action.DISCARD for event in view.history):
        return view.last_hand
    return None


def winner_line(view: GinView, names: Sequence[str]) -> str:
    totals = [0, 0]
    for tally in view.tallies:
        values = tally.final if tally.final is not None else tally.points
        totals = [totals[0] + values[0], totals[1] + values[1]]
    leader = 0 if totals[0] >= totals[1] else 1
    return f"🏆 {seat_name(names, leader)} wins the match {totals[leader]}–{totals[1 - leader]}."


def table_header(view: GinView, names: Sequence[str]) -> str:
    """Public text above the table image: the end of the last hand, the last actions, stock, scores."""
    lines: list[str] = []
    if view.is_over:
        lines.append(winner_line(view, names))
    summary = recent_hand(view)
    if summary is not None:
        lines.extend(hand_end_lines(summary, names))
    if not view.is_over:
        recent = log_lines(view, names)[-HEADER_LOG_LINES:]
        if recent:
            lines.append("Latest: " + " · ".join(recent))
        lines.append(stock_line(view))
        if view.to_move is not None:
            lines.append(f"{seat_name(names, view.to_move)} {doing(view)}.")
    lines.extend(score_lines(view, names))
    return "\n".join(lines)


def doing(view: GinView) -> str:
    """What the seat to move is about to do."""
    return {
        Phase.UPCARD: "may take the upcard or pass",
        Phase.DRAW: "to draw",
        Phase.DISCARD: "to discard or knock",
        Phase.OVER: "",
    }[view.phase]


# The hand panel ----------------------------------------------------------------------------------


def knock_label(card: Card, left: int) -> str:
    """The Knock button: which card goes face down and the deadwood it leaves (GR-6, GR-7)."""
    if left == 0:
        return f"Gin! {card} face down"
    return f"Knock: {card} face down, {left} deadwood"


def no_knock_label(view: GinView, least: int) -> str:
    """The greyed Knock button: what a knock needs and what the best discard leaves (GR-6, GR-12)."""
    if view.knock_limit == 0:
        return f"Knock: gin only this hand (best discard leaves {least})"
    return f"Knock: needs {view.knock_limit} or less (best discard leaves {least})"


def status_line(view: GinView, names: Sequence[str], *, waiting: str | None = None) -> str:
    """What this seat should do now, in one sentence; `waiting` replaces the line naming who plays."""
    if view.is_over:
        return "The match is over. " + winner_line(view, names)
    if not view.my_turn:
        if waiting is not None:
            return waiting
        who = seat_name(names, view.to_move) if view.to_move is not None else "the table"
        return f"Waiting for {who}."
    if view.phase is Phase.UPCARD:
        return f"**Your turn.** First turn: take the upcard {view.top} or pass."
    if view.phase is Phase.DRAW:
        return f"**Your turn.** Draw from the stock or take {view.top} from the discard pile."
    line = "**Your turn.** Tap a card to discard it"
    knocks = view.knocks
    if view.can_big_gin:
        line += ", or lay out **big gin**"
    elif any(left == 0 for _, left in knocks):
        line += ", or go **gin**"
    elif knocks:
        line += ", or **knock**"
    line += "."
    if view.just_taken is not None:
        line += f" You took {view.just_taken} from the pile, so it stays this turn."
    return line


def deadwood_line(view: GinView) -> str:
    """The seat's own hand in the engine's best arrangement (GR-2): melds, then the deadwood count."""
    if not view.hand:
        return ""
    arranged = view.arrangement
    melds = meld_text(arranged.melds)
    return f"Your melds: {melds} · deadwood {cards_text(arranged.deadwood)} = **{arranged.count}**"


def panel_lines(
    view: GinView, names: Sequence[str], *, location: str, notice: str, knocking: bool, waiting: str | None = None
) -> list[str]:
    """Every line of a hand panel, in reading order."""
    lines = [location, status_line(view, names, waiting=waiting)]
    if not view.is_over:
        # A quiet hand (drawn while the other seat plays) leaves out what their moves change, the stock
        # and their picks, so it needs no edit until the turn comes back; the table shows both.
        if waiting is None:
            lines.append(stock_line(view))
        lines.append(deadwood_line(view))
        other = 1 - view.seat if view.seat is not None else None
        if other is not None and view.known[other] and waiting is None:
            lines.append(f"{seat_name(names, other)} holds {cards_text(view.known[other])} from the pile.")
    lines.extend(score_lines(view, names))
    summary = recent_hand(view)
    if summary is not None:
        lines.append("Last hand:")
        lines.extend(hand_end_lines(summary, names))
    if knocking:
        lines.append("**Knock**: tap the card to put face down; each button shows the deadwood it leaves.")
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


def move_text(move: Move) -> str:
    """A move in a player's words, for hints and the terminal."""
    if isinstance(move, DrawStock):
        return "draw from the stock"
    if isinstance(move, TakeDiscard):
        return "take the discard"
    if isinstance(move, PassUpcard):
        return "pass on the upcard"
    if isinstance(move, Discard):
        return f"discard {move.card}"
    if isinstance(move, Knock):
        return f"knock with {move.card} face down"
    assert isinstance(move, BigGin)
    return "lay out big gin"


# The terminal table ------------------------------------------------------------------------------

HELP = """\
Gin Rummy: each turn draw from the stock or take the top of the discard pile, then discard.
Knock when a discard leaves you 10 deadwood or less (Oklahoma: the upcard's value), gin with none.
  draw / take          draw from the stock, or take the top discard
  take / pass          the first turn: take the upcard or pass
  7h                   discard a card
  knock 7h             put 7h face down and lay out your hand
  gin                  knock with the discard that leaves no deadwood
  big gin              all eleven cards in melds: lay them out without discarding"""

PRESETS = {
    "gin": {},
    "oklahoma": {"oklahoma": True},
    "hollywood": {"hollywood": True},
    "hollywood_oklahoma": {"hollywood": True, "oklahoma": True},
}


def _plain(line: str) -> str:
    return line.replace("**", "")


class GinText:
    """The terminal table's text for `GinView`s, in the same sentences as the Discord table."""

    kind = "gin"
    title = "Gin Rummy"
    default_players = 2
    score_name = "point"
    presets: Sequence[str] = tuple(PRESETS)
    uses_solver = False
    unlisted_moves = ""

    def options(self, preset: str | None) -> dict[str, Any]:
        return dict(PRESETS.get(preset or "gin", {}))

    def table(self, view: GinView, names: Sequence[str]) -> str:
        lines = [tt.heading(f"{view.options.name} · hand {view.hand_number}")]
        cards = [f"{size} cards" for size in view.hand_counts]
        won = [f"won {won}" for won in view.wins]
        picked = [f"from the pile: {tt.cards_text(known)}" if known else "" for known in view.known]
        lines.extend(tt.seat_rows(names, [cards, won, picked], view.to_move))
        lines.append(f"   {stock_line(view)}")
        pile = view.discard[:-1]
        if pile:
            lines.append(f"   Discard pile under the top, oldest first: {tt.cards_text(pile)}")
        lines.extend(f"   {line}" for line in score_lines(view, names))
        return "\n".join(lines)

    def hand(self, view: GinView) -> str:
        lines = [f"   {_plain(deadwood_line(view))}"]
        if view.my_turn:
            if view.phase is Phase.UPCARD:
                lines.append(f"   Choose: take (the upcard {view.top}) or pass")
            elif view.phase is Phase.DRAW:
                lines.append(f"   Choose: draw (the stock) or take ({view.top})")
            else:
                choices = ["a card to discard"]
                choices += [f"knock {card.code} ({left} left)" for card, left in view.knocks]
                if view.can_big_gin:
                    choices.append("big gin")
                lines.append(f"   Choose: {', '.join(choices)}")
                if view.just_taken is not None:
                    lines.append(f"   {view.just_taken} was taken from the pile: it stays this turn")
        return "\n".join(lines)

    def log(self, view: GinView, names: Sequence[str]) -> list[str]:
        return log_lines(view, names)

    def typed(self, move: Move, view: GinView) -> str:
        if isinstance(move, DrawStock):
            return "draw"
        if isinstance(move, TakeDiscard):
            return "take"
        if isinstance(move, PassUpcard):
            return "pass"
        if isinstance(move, Discard):
            return move.card.code
        if isinstance(move, Knock):
            return f"knock {move.card.code}"
        assert isinstance(move, BigGin)
        return "big gin"

    def describe(self, move: Move, view: GinView) -> str:
        return move_text(move)

    def interlude(self, before: GinView, after: GinView, names: Sequence[str]) -> str | None:
        """A hand ended (GR-6..GR-11): both arrangements, lay-offs, the score and the games so far."""
        summary = after.last_hand
        if summary is None or summary == before.last_hand:
            return None
        lines = [tt.heading(f"Hand {summary.number} over")]
        # Without the bold headline: the score sentences below say the same, in full.
        lines.extend(f"   {_plain(line)}" for line in hand_end_lines(summary, names)[1:])
        lines.extend(f"   {line}" for line in score_lines(after, names))
        return "\n".join(lines)

    def help(self) -> str:
        return HELP


TERMINAL = GinText()  # what `terminal` shows for this game
