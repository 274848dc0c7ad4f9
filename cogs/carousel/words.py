"""The words of a Carousel table: rules, options, the public header, the hand's status and scores,
and the description of a proposed meld step (what moved, what each joker stands for).

Kept apart from the controls so every sentence a player reads is in one place and can be tested
without Discord; the terminal table (`CarouselText`, at the end) reads them too. Everything reads a
`CarouselView` (design §2): the public header gets `view(None)`, the hand panel the seat's own
view, so no hidden card can leak into a message. The engine logs records (seats and cards,
`games.carousel.views.LogEntry`); their sentences are `rendering.carousel.log_text`, shared with the
table image (see that module for why they sit there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import JOKER_CODE, JOKER_SYMBOL, AnyCard, format_cards
from games.carousel import (
    GAME,
    CarouselView,
    GameEndSummary,
    HandSummary,
    Meld,
    MeldStep,
    Move,
    Options,
    Phase,
    TableCard,
    hand_value,
)
from rendering.carousel import PHASE_TEXT, log_text, sort_hand
from rendering.table import seat_name
from rendering.words import count
from terminal import game_text as tt

HEADER_LOG_LINES = 3  # recent actions above the table image: a draw, a meld, a knock

RULES = """**Carousel**: rummy where you shed your cards onto a shared table that anyone may rearrange.
• 2 players: one deck and a joker; 3-5 players: two decks and two jokers. 10 cards each, no discards.
• Your turn: **Draw**. Then either **Meld** (your turn ends) or draw again; after the third card the turn \
ends without melding.
• A meld is a group (3-4 of one rank, all suits different) or a sequence (3+ of one suit in a row, ace low \
or high but never both).
• Melding may rearrange the **whole** table, as long as at least one card comes from your hand and every \
meld on the table is valid when you are done. Choose your cards and press Meld: the bot finds \
an arrangement and shows it before you Confirm; or type the table yourself.
• A joker stands for the card it was declared as, for good. Put that natural card in its place to free \
it; a freed joker must go straight into another meld.
• Card values: joker 25, K Q J 10, numbers at face value, ace 1. With 5 or less at the end of \
your turn you may **knock**: the hand ends. Laying down your last card ends it too, as does an empty stock.
• At the end of a turn, anyone with few enough cards that the hand could count 5 or less stops, \
whatever the count, and presses **Knock** (when within the limit) or **End turn**: the stop tells the \
table nothing.
• The lowest count wins the difference to every other hand; +10 if someone else knocked, +25 for going \
out; a knocker who only ties loses the tie.
• At 150 (or the table's target) the game ends: +100 for reaching it, +25 per hand won; the highest \
total wins."""


def table_options(options: Mapping[str, Any]) -> Options:
    """The engine's options from stored table options; keys starting with "_" belong to the bot."""
    return Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})


def describe_options(options: Mapping[str, Any]) -> str:
    chosen = table_options(options)
    return f"to {count(chosen.target, 'point')}, knock with {chosen.knock_limit} or less"


def cards_text(cards: Sequence[AnyCard]) -> str:
    """Cards in hand order (♠ ♣ ♦ ♥, ace low, jokers last), as a player reads them."""
    return format_cards(sort_hand(cards))


def count_text(cards: Sequence[AnyCard]) -> str:
    return f"{count(len(cards), 'card')}, count {hand_value(cards)}"


# The public header -----------------------------------------------------------------------------


def table_header(view: CarouselView, names: Sequence[str]) -> str:
    """Recent actions, then the hand just scored (CA-12) or the final bonuses (CA-13), then whose turn."""
    lines = [log_text(entry, names) for entry in view.log[-HEADER_LOG_LINES:]]
    lines += scores_lines(view, names)
    if not view.is_over and view.to_move is not None:
        lines.append(
            f"Hand {view.hand_number} · stock {view.stock} · {seat_name(names, view.to_move)} {PHASE_TEXT[view.phase]}"
        )
    return "\n".join(lines)


def scores_lines(view: CarouselView, names: Sequence[str]) -> list[str]:
    """The hand just scored (CA-12), shown until the next hand's first move, and after the last hand
    the end-of-game bonuses too (CA-13)."""
    lines: list[str] = []
    if view.last_hand is not None and (view.hand_just_ended or view.final is not None):
        lines += hand_lines(view.last_hand, names, view.target)
    if view.final is not None:
        lines += final_lines(view.final, names)
    return lines


def ending(summary: HandSummary, names: Sequence[str]) -> str:
    """How a hand ended, in words (CA-9, CA-10, CA-11)."""
    if summary.went_out is not None:
        return f"{seat_name(names, summary.went_out)} went out"
    if summary.knocker is not None:
        return f"{seat_name(names, summary.knocker)} knocked with {summary.counts[summary.knocker]}"
    return "the stock ran out"


def hand_lines(summary: HandSummary, names: Sequence[str], target: int) -> list[str]:
    """CA-12: each seat's count and points with the +10 / +25 bonuses spelled out, then the totals."""
    lines = [f"**Hand {summary.hand_number}**: {ending(summary, names)}."]
    for seat, hand_count in enumerate(summary.counts):
        points = summary.points[seat]
        parts = [f"{seat_name(names, seat)}: count {hand_count}"]
        if seat in summary.winners:
            extras = [f"{summary.base_points[seat]}"]
            if summary.knock_bonus[seat]:
                extras.append(f"{summary.knock_bonus[seat]} (someone else knocked)")
            if summary.out_bonus[seat]:
                extras.append(f"{summary.out_bonus[seat]} (went out)")
            detail = f" = {' + '.join(extras)}" if len(extras) > 1 else ""
            parts.append(f"wins **+{points}**{detail}")
        else:
            parts.append("0")
        lines.append(" · ".join(parts))
    totals = " · ".join(f"{seat_name(names, seat)} {total}" for seat, total in enumerate(summary.totals))
    lines.append(f"Scores: {totals} (game to {target})")
    return lines


def final_lines(final: GameEndSummary, names: Sequence[str]) -> list[str]:
    """CA-13: +100 for reaching the target, +25 per hand won, final totals and the winner(s)."""
    lines = []
    for seat, total in enumerate(final.final):
        parts = [f"{final.totals_before[seat]}"]
        if final.target_bonus[seat]:
            parts.append(f"{final.target_bonus[seat]} (reached the target)")
        if final.hands_won_bonus[seat]:
            parts.append(f"{final.hands_won_bonus[seat]} (hands won)")
        lines.append(f"{seat_name(names, seat)}: {' + '.join(parts)} = **{total}**")
    winners = " and ".join(seat_name(names, seat) for seat in final.winners)
    lines.append(f"**Game over**: {winners} {'win' if len(final.winners) > 1 else 'wins'}.")
    return lines


# The hand panel ----------------------------------------------------------------------------------


def status_line(view: CarouselView, names: Sequence[str], *, waiting: str | None = None) -> str:
    """What the seat may do now (CA-4, CA-9); "Your turn" starts every line where it is theirs.

    `waiting` replaces the line naming who plays (a DM hand that must not change as others move)."""
    if view.is_over:
        return "The game is over."
    if not view.my_turn and waiting is not None:
        return waiting
    if not view.my_turn:
        waiting = seat_name(names, view.to_move) if view.to_move is not None else "the table"
        return f"Waiting for {waiting}, who {PHASE_TEXT[view.phase]}."
    return turn_sentence(view, BUTTONS)


@dataclass(frozen=True, slots=True)
class Controls:
    """How one medium names the controls inside the turn sentences (buttons on Discord, typed words
    in the terminal), so both say the same thing in the same words."""

    turn: str  # the sentence's opening when a step is the seat's
    over: str  # the opening once the drawing and melding are done
    meld: str
    end: str
    knock: str


BUTTONS = Controls(
    turn="**Your turn.**",
    over="**Your turn** is over",
    meld="press **Meld**",
    end="press **End turn**",
    knock="**Knock** to end the hand now",
)
TYPED = Controls(
    turn="Your turn.",
    over="Your turn is over",
    meld="type meld and the cards (meld 7h 8h 9h)",
    end="type pass",
    knock="type knock to end the hand now",
)
# CA-9: why a hand over the knock limit still stops at the end of the turn, in a player's words.
SAME_STOP = "Everyone with this few cards stops here, whatever the count, so the stop tells the table nothing."


def turn_sentence(view: CarouselView, controls: Controls) -> str:
    """What the seat may do at this step of its turn (CA-4, CA-9); `view.my_turn` must hold."""
    if view.phase is Phase.DRAW_1:
        return f"{controls.turn} Draw a card to start."
    if view.phase is Phase.MELD_1:
        return f"{controls.turn} Choose cards and {controls.meld} (your turn then ends), or draw a second card."
    if view.phase is Phase.MELD_2:
        return f"{controls.turn} Choose cards and {controls.meld}, or draw a third card (no melding after it)."
    if not view.can_knock:  # CA-9: over the limit; the stop comes all the same, so it reveals no count
        return f"{controls.over}: {controls.end} to pass play on. {SAME_STOP}"
    return (
        f"{controls.over} with a count of {view.hand_value}, within {view.knock_limit}: {controls.knock}, "
        f"or {controls.end} to play on."
    )


def panel_lines(
    view: CarouselView,
    names: Sequence[str],
    *,
    location: str,
    chosen: Sequence[AnyCard],
    notice: str,
    waiting: str | None = None,
) -> list[str]:
    """The hand panel's text: where, what now, the last hand's scores, the hand and the selection."""
    lines = [location, status_line(view, names, waiting=waiting), *scores_lines(view, names)]
    if view.hand:
        drew = f" You drew {view.drawn}." if view.drawn is not None else ""  # CA-4: own view only
        lines.append(f"Your hand: {count_text(view.hand)}.{drew}")
    if chosen:
        lines.append(f"Selected: {cards_text(chosen)} ({count_text(chosen)}).")
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


# Describing a meld step ------------------------------------------------------------------------


def joker_text(card: AnyCard, declared: AnyCard, before: Mapping[AnyCard, AnyCard], from_hand: bool) -> str:
    """CA-7: what a joker on the new table stands for and where it came from."""
    if from_hand:
        return f"{JOKER_SYMBOL} = {declared} (from your hand)"
    was = before.get(card)
    if was is not None and was != declared:
        return f"{JOKER_SYMBOL} = {declared} (freed: it was {was})"
    return f"{JOKER_SYMBOL} = {declared}"


def step_lines(old: Sequence[Meld], new: Sequence[Meld], added: Sequence[AnyCard]) -> list[str]:
    """What a proposed table changes: new and changed melds with where their cards came from, how many
    melds stay as they were, and what every joker on the table stands for (CA-6, CA-7)."""
    from_hand = set(added)
    old_sets = [frozenset(meld.physical) for meld in old]
    home = {card: index for index, meld in enumerate(old) for card in meld.physical}
    declared_before = {tc.card: tc.declared for meld in old for tc in meld.cards if tc.declared is not None}
    lines: list[str] = []
    unchanged = 0
    for meld in new:
        cards = frozenset(meld.physical)
        if cards in old_sets:
            unchanged += 1
            continue
        sources = sorted({home[card] for card in cards if card in home})
        hand_part = [card for card in meld.physical if card in from_hand]
        if len(sources) == 1 and old_sets[sources[0]] <= cards:
            origin = f"[{old[sources[0]]}] + {cards_text(hand_part)} from your hand"
        elif not sources:
            origin = "new, from your hand"
        else:
            pieces = [
                f"{' '.join(str(tc) for tc in meld.cards if home.get(tc.card) == s)} from [{old[s]}]" for s in sources
            ]
            if hand_part:
                pieces.append(f"{cards_text(hand_part)} from your hand")
            origin = ", ".join(pieces)
        lines.append(f"• {meld} ← {origin}")
    if unchanged:
        lines.append(f"• {unchanged} other meld{'' if unchanged == 1 else 's'} unchanged")
    jokers = [
        joker_text(tc.card, tc.declared, declared_before, tc.card in from_hand)
        for meld in new
        for tc in meld.cards
        if tc.declared is not None
    ]
    if jokers:
        lines.append("Jokers: " + "; ".join(jokers))
    return lines


def table_notation(table: Sequence[Meld]) -> str:
    """A table in the notation the modal reads back, `6h Jk=7h 8h | 9s 9d 9c`, without copy ids:
    players need not know which physical copy is which (the reader matches table copies first)."""
    return " | ".join(" ".join(_token(card) for card in meld.cards) for meld in table)


def _token(card: TableCard) -> str:
    if card.declared is None:
        return card.card.face.code
    return f"{JOKER_CODE}={card.declared.code}"


# The terminal table (`terminal`): the same game as text, typed moves instead of buttons ---------


HELP = """\
Carousel: rummy where the whole table is yours to rearrange. Each turn: draw, then either
meld (the turn ends) or draw again, at most three cards. A hand counting 5 or less (the
knock limit) may knock at the end of your turn.
  draw                 draw a card (a second or third draw declines to meld)
  meld 7h 9c 10c       lay these hand cards on the table; it is rearranged to fit
  table: 6h Jk=7h 8h | 9s 9d 9c   write the complete new table yourself (Jk=7h: joker as 7♥)
  knock / pass         knock, or end your turn, when the game stops at its end"""


class CarouselText:
    """Text for `CarouselView`s."""

    kind = "carousel"
    title = GAME.name
    default_players = 3
    score_name = "point"
    presets: Sequence[str] = ()
    uses_solver = True
    unlisted_moves = "melds are not listed: meld <cards> tries any"

    def options(self, preset: str | None) -> dict[str, Any]:
        return {}

    def table(self, view: CarouselView, names: Sequence[str]) -> str:
        lines: list[str] = []
        title = (
            f"Carousel · hand {view.hand_number} · stock {view.stock} · to {count(view.target, 'point')}"
            f" · knock at {view.knock_limit} or less"
        )
        counts = [count(size, "card") for size in view.hand_sizes]
        scores = [count(score, "pt") for score in view.scores]
        won = [f"{count(hands, 'hand')} won" for hands in view.hands_won]
        dealer = ["dealer" if seat == view.dealer else "" for seat in range(view.players)]
        lines.append(tt.heading(title))
        lines.extend(tt.seat_rows(names, [counts, scores, won, dealer], view.to_move))
        if view.table:
            lines.append("   Table:")
            lines.extend(f"   {number:>3}. {meld}" for number, meld in enumerate(view.table, start=1))
        else:
            lines.append("   Table: empty")
        return "\n".join(lines)

    def hand(self, view: CarouselView) -> str:
        lines = [f"   Your hand (count {view.hand_value}): {tt.cards_text(sort_hand(view.hand))}"]
        if view.my_turn:
            lines.append(f"   {_what_now(view)}")
        return "\n".join(lines)

    def log(self, view: CarouselView, names: Sequence[str]) -> list[str]:
        return [log_text(entry, names) for entry in view.log]

    def typed(self, move: Move, view: CarouselView) -> str:
        if isinstance(move, MeldStep):
            return f"meld {tt.codes_text(added_cards(move, view))}"
        return {"d": "draw", "k": "knock", "p": "pass"}[move.encode()]

    def describe(self, move: Move, view: CarouselView) -> str:
        if isinstance(move, MeldStep):
            return f"meld {tt.cards_text(added_cards(move, view))}"
        return str(move)

    def interlude(self, before: CarouselView, after: CarouselView, names: Sequence[str]) -> str | None:
        """CA-12: the hands are shown and scored when a hand ends."""
        if after.last_hand is None or after.last_hand == before.last_hand:
            return None
        return "\n".join(hand_summary(after.last_hand, names))

    def help(self) -> str:
        return HELP


def added_cards(move: MeldStep, view: CarouselView) -> list[AnyCard]:
    """The physical cards a meld step takes from the hand: on the new table, not on the old (CA-6)."""
    before = {card for meld in view.table for card in meld.physical}
    added = [card for meld in move.table for card in meld.physical if card not in before]
    return sort_hand(added)


def hand_summary(summary: HandSummary, names: Sequence[str]) -> list[str]:
    """CA-12: what every seat held, its count, and the points scored, once a hand ends."""
    lines = [tt.heading(f"Hand {summary.hand_number}: {_ending(summary, names)}")]
    width = max(len(name) for name in names)
    for seat, held in enumerate(summary.hands):
        points = summary.points[seat]
        scored = f"+{points}" if points else "  0"
        lines.append(
            f"   {names[seat]:<{width}}  {scored:>4}  count {summary.counts[seat]:>3}  {tt.cards_text(sort_hand(held))}"
        )
    return lines


def _ending(summary: HandSummary, names: Sequence[str]) -> str:
    winners = " and ".join(names[seat] for seat in summary.winners)
    return f"{ending(summary, names)}; won by {winners}"


def _what_now(view: CarouselView) -> str:
    return turn_sentence(view, TYPED) if view.my_turn and not view.is_over else ""


TERMINAL = CarouselText()  # what `terminal` shows for this game
