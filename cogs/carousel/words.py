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

from games.base import IllegalMove
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
from games.carousel.views import DeclinedKnock, Drew, GameOver, HandWon, Knocked, LogEntry, Melded, StockEmpty, WentOut
from locales import SOURCE, listing, t, tn
from rendering.carousel import game_over_text, sort_hand
from rendering.table import seat_name
from terminal import game_text as tt

HEADER_LOG_LINES = 3  # recent actions above the table image: a draw, a meld, a knock


def title(lang: str = SOURCE) -> str:
    """The game's name as its players say it in `lang` (the terminal's heading)."""
    return t(lang, "Carousel")


def rules(lang: str = SOURCE, deals: int = 0) -> str:
    """The rules page, in the words of rummy players (docs/glossary: meld, knock, the end-of-turn stop); its
    last line says how the game ends: at the target, or with a fixed number of `deals` (hands) after the
    last of them, the target's bonus still counted (D-CA-5)."""
    body = t(
        lang,
        """**Carousel**: rummy where you shed your cards onto a shared table that anyone may rearrange.
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
out; a knocker who only ties loses the tie.""",
    )
    if deals:  # D-CA-5
        end = tn(lang, "• The game is {n} hand: reaching 150 (or the table's target) ends nothing. After that hand, "
                 "+100 to each player at or over the target, +25 per hand won; the highest total wins, equal totals "
                 "share the place.",
                 "• The game is {n} hands: reaching 150 (or the table's target) ends nothing. After the last hand, "
                 "+100 to each player at or over the target, +25 per hand won; the highest total wins, equal totals "
                 "share the place.", deals)  # fmt: skip
    else:
        end = t(lang, "• At 150 (or the table's target) the game ends: +100 for reaching it, +25 per hand won; the "
                "highest total wins.")  # fmt: skip
    return f"{body}\n{end}"


RULES = rules()


def table_options(options: Mapping[str, Any]) -> Options:
    """The engine's options from stored table options; keys starting with "_" belong to the bot."""
    return Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})


def describe_options(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    chosen = table_options(options)
    if chosen.fixed_deals:  # D-CA-5: the game is N hands, the target ends nothing
        return t(lang, "a game of {hands}, knock with {limit} or less",
                 hands=tn(lang, "{n} hand", "{n} hands", chosen.fixed_deals), limit=chosen.knock_limit)
    return t(lang, "to {points}, knock with {limit} or less", points=points_count(lang, chosen.target),
             limit=chosen.knock_limit)  # fmt: skip


def rules_text(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    """The rules page for one table: the rules, then its target (or its number of hands, D-CA-5) and knock
    limit."""
    this_table = t(lang, "**This table**: {options}.", options=describe_options(options, lang=lang))
    return f"{rules(lang, table_options(options).fixed_deals)}\n{this_table}"


def points_count(lang: str, n: int) -> str:
    return tn(lang, "{n} point", "{n} points", n)


def cards_count(lang: str, n: int) -> str:
    return tn(lang, "{n} card", "{n} cards", n)


def cards_text(cards: Sequence[AnyCard]) -> str:
    """Cards in hand order (♠ ♣ ♦ ♥, ace low, jokers last), as a player reads them."""
    return format_cards(sort_hand(cards))


def count_text(cards: Sequence[AnyCard], lang: str = SOURCE) -> str:
    return t(lang, "{cards}, count {count}", cards=cards_count(lang, len(cards)), count=hand_value(cards))


def phase_text(lang: str, phase: Phase, name: str) -> str:
    """What the seat to move is doing (CA-4, CA-9), with its name; the end-of-turn stop reads the same
    whether or not the seat may knock (rendering.carousel.PHASE_TEXT says it on the image)."""
    if phase is Phase.DRAW_1:
        return t(lang, "{name} is to draw a card", name=name)
    if phase is Phase.MELD_1:
        return t(lang, "{name} may meld or draw a second card", name=name)
    if phase is Phase.MELD_2:
        return t(lang, "{name} may meld or draw a third (last) card", name=name)
    if phase is Phase.KNOCK:
        return t(lang, "{name} is ending the turn", name=name)
    return t(lang, "game over")


def log_said(lang: str, entry: LogEntry, names: Sequence[str]) -> str:
    """One log record as a sentence in `lang` (CA-4, CA-6, CA-9..CA-13)."""
    if isinstance(entry, HandWon):
        winners = listing(lang, [seat_name(names, seat) for seat in entry.winners])
        return t(lang, "Hand {number} won by {names}", number=entry.number, names=winners)
    if isinstance(entry, GameOver):
        return t(lang, "Game over")
    who = seat_name(names, entry.seat)
    if isinstance(entry, Drew):
        if entry.nth == 2:
            return t(lang, "{name} drew a second card", name=who)
        if entry.nth == 3:
            return t(lang, "{name} drew a third card", name=who)
        return t(lang, "{name} drew a card", name=who)
    if isinstance(entry, Melded):
        return t(lang, "{name} melded {cards}", name=who, cards=format_cards(entry.cards))
    if isinstance(entry, WentOut):
        return t(lang, "{name} went out", name=who)
    if isinstance(entry, Knocked):
        return t(lang, "{name} knocked with {count}", name=who, count=entry.count)
    if isinstance(entry, DeclinedKnock):  # CA-9: also for a count that could not knock, so it reveals none
        return t(lang, "{name} ended the turn", name=who)
    assert isinstance(entry, StockEmpty)
    return t(lang, "{name} must draw but the stock is empty", name=who)


# The public header -----------------------------------------------------------------------------


def table_header(view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Recent actions, then the hand just scored (CA-12) or the final bonuses (CA-13), then whose turn."""
    lines = [log_said(lang, entry, names) for entry in view.log[-HEADER_LOG_LINES:]]
    lines += scores_lines(view, names, lang=lang)
    if not view.is_over and view.to_move is not None:
        lines.append(t(lang, "Hand {number} · stock {stock} · {doing}", number=view.hand_number, stock=view.stock,
                       doing=phase_text(lang, view.phase, seat_name(names, view.to_move))))  # fmt: skip
    return "\n".join(lines)


def scores_lines(view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """The hand just scored (CA-12), shown until the next hand's first move, and after the last hand
    the end-of-game bonuses too (CA-13)."""
    lines: list[str] = []
    if view.last_hand is not None and (view.hand_just_ended or view.final is not None):
        lines += hand_lines(view.last_hand, names, view.target, lang=lang, fixed_deals=view.fixed_deals)
    if view.final is not None:
        lines += final_lines(view.final, names, lang=lang, fixed_deals=view.fixed_deals)
    return lines


def ending(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """How a hand ended, in words (CA-9, CA-10, CA-11)."""
    if summary.went_out is not None:
        return t(lang, "{name} went out", name=seat_name(names, summary.went_out))
    if summary.knocker is not None:
        return t(lang, "{name} knocked with {count}", name=seat_name(names, summary.knocker),
                 count=summary.counts[summary.knocker])  # fmt: skip
    return t(lang, "the stock ran out")


def hand_lines(summary: HandSummary, names: Sequence[str], target: int, *, lang: str = SOURCE,
               fixed_deals: int = 0) -> list[str]:
    """CA-12: each seat's count and points with the +10 / +25 bonuses spelled out, then the totals and the
    target, or with a fixed number of hands (D-CA-5) which hand of how many this was."""
    lines = [
        t(lang, "**Hand {number}**: {ending}.", number=summary.hand_number, ending=ending(summary, names, lang=lang))
    ]
    for seat, hand_count in enumerate(summary.counts):
        points = summary.points[seat]
        parts = [t(lang, "{name}: count {count}", name=seat_name(names, seat), count=hand_count)]
        if seat in summary.winners:
            extras = [f"{summary.base_points[seat]}"]
            if summary.knock_bonus[seat]:
                extras.append(t(lang, "{points} (someone else knocked)", points=summary.knock_bonus[seat]))
            if summary.out_bonus[seat]:
                extras.append(t(lang, "{points} (went out)", points=summary.out_bonus[seat]))
            detail = f" = {' + '.join(extras)}" if len(extras) > 1 else ""
            parts.append(t(lang, "wins **+{points}**{detail}", points=points, detail=detail))
        else:
            parts.append("0")
        lines.append(" · ".join(parts))
    totals = " · ".join(f"{seat_name(names, seat)} {total}" for seat, total in enumerate(summary.totals))
    if fixed_deals:
        lines.append(t(lang, "Scores: {totals} (hand {number} of {hands})", totals=totals,
                       number=summary.hand_number, hands=fixed_deals))
    else:
        lines.append(t(lang, "Scores: {totals} (game to {target})", totals=totals, target=target))
    return lines


def final_lines(final: GameEndSummary, names: Sequence[str], *, lang: str = SOURCE, fixed_deals: int = 0) -> list[str]:
    """CA-13: +100 for reaching the target, +25 per hand won, final totals and the winner(s)."""
    lines = []
    for seat, total in enumerate(final.final):
        parts = [f"{final.totals_before[seat]}"]
        if final.target_bonus[seat]:
            parts.append(t(lang, "{points} (reached the target)", points=final.target_bonus[seat]))
        if final.hands_won_bonus[seat]:
            parts.append(t(lang, "{points} (hands won)", points=final.hands_won_bonus[seat]))
        lines.append(f"{seat_name(names, seat)}: {' + '.join(parts)} = **{total}**")
    winners = listing(lang, [seat_name(names, seat) for seat in final.winners])
    if fixed_deals:  # D-CA-5: say how many hands the game was
        lines.append(f"**{game_over_text(len(final.winners), winners, fixed_deals, lang=lang)}**")
    else:
        lines.append(tn(lang, "**Game over**: {names} wins.", "**Game over**: {names} win.", len(final.winners),
                        names=winners))  # fmt: skip
    return lines


# The hand panel ----------------------------------------------------------------------------------


def status_line(view: CarouselView, names: Sequence[str], *, waiting: str | None = None, lang: str = SOURCE) -> str:
    """What the seat may do now (CA-4, CA-9); "Your turn" starts every line where it is theirs.

    `waiting` replaces the line naming who plays (a DM hand that must not change as others move)."""
    if view.is_over:
        return t(lang, "The game is over.")
    if not view.my_turn and waiting is not None:
        return waiting
    if not view.my_turn:
        if view.to_move is None:
            return t(lang, "Waiting for the table.")
        name = seat_name(names, view.to_move)
        if view.phase is Phase.DRAW_1:
            return t(lang, "Waiting for {name}, who is to draw a card.", name=name)
        if view.phase is Phase.MELD_1:
            return t(lang, "Waiting for {name}, who may meld or draw a second card.", name=name)
        if view.phase is Phase.MELD_2:
            return t(lang, "Waiting for {name}, who may meld or draw a third (last) card.", name=name)
        return t(lang, "Waiting for {name}, who is ending the turn.", name=name)
    return turn_sentence(view, buttons(lang), lang=lang)


@dataclass(frozen=True, slots=True)
class Controls:
    """How one medium names the controls inside the turn sentences (buttons on Discord, typed words
    in the terminal), so both say the same thing in the same words."""

    turn: str  # the sentence's opening when a step is the seat's
    over: str  # the opening once the drawing and melding are done
    meld: str
    end: str
    knock: str


def buttons(lang: str = SOURCE) -> Controls:
    return Controls(
        turn=t(lang, "**Your turn.**"),
        over=t(lang, "**Your turn** is over"),
        meld=t(lang, "press **Meld**"),
        end=t(lang, "press **End turn**"),
        knock=t(lang, "**Knock** to end the hand now"),
    )


def typed(lang: str = SOURCE) -> Controls:
    return Controls(
        turn=t(lang, "Your turn."),
        over=t(lang, "Your turn is over"),
        meld=t(lang, "type meld and the cards (meld 7h 8h 9h)"),
        end=t(lang, "type pass"),
        knock=t(lang, "type knock to end the hand now"),
    )


BUTTONS = buttons()
TYPED = typed()


# CA-9: why a hand over the knock limit still stops at the end of the turn, in a player's words.
def same_stop(lang: str = SOURCE) -> str:
    return t(lang, "Everyone with this few cards stops here, whatever the count, so the stop tells the table nothing.")


SAME_STOP = same_stop()


def turn_sentence(view: CarouselView, controls: Controls, *, lang: str = SOURCE) -> str:
    """What the seat may do at this step of its turn (CA-4, CA-9); `view.my_turn` must hold."""
    c = controls
    if view.phase is Phase.DRAW_1:
        return t(lang, "{turn} Draw a card to start.", turn=c.turn)
    if view.phase is Phase.MELD_1:
        return t(lang, "{turn} Choose cards and {meld} (your turn then ends), or draw a second card.", turn=c.turn,
                 meld=c.meld)  # fmt: skip
    if view.phase is Phase.MELD_2:
        return t(lang, "{turn} Choose cards and {meld}, or draw a third card (no melding after it).", turn=c.turn,
                 meld=c.meld)  # fmt: skip
    if not view.can_knock:  # CA-9: over the limit; the stop comes all the same, so it reveals no count
        return t(lang, "{over}: {end} to pass play on. {why}", over=c.over, end=c.end, why=same_stop(lang))
    return t(lang, "{over} with a count of {count}, within {limit}: {knock}, or {end} to play on.", over=c.over,
             count=view.hand_value, limit=view.knock_limit, knock=c.knock, end=c.end)  # fmt: skip


def panel_lines(
    view: CarouselView,
    names: Sequence[str],
    *,
    location: str,
    chosen: Sequence[AnyCard],
    notice: str,
    waiting: str | None = None,
    lang: str = SOURCE,
) -> list[str]:
    """The hand panel's text: where, what now, the last hand's scores, the hand and the selection."""
    lines = [location, status_line(view, names, waiting=waiting, lang=lang), *scores_lines(view, names, lang=lang)]
    if view.hand:
        hand = t(lang, "Your hand: {count}.", count=count_text(view.hand, lang))
        if view.drawn is not None:  # CA-4: own view only
            hand += " " + t(lang, "You drew {card}.", card=view.drawn)
        lines.append(hand)
    if chosen:
        lines.append(t(lang, "Selected: {cards} ({count}).", cards=cards_text(chosen), count=count_text(chosen, lang)))
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


# Describing a meld step ------------------------------------------------------------------------


def joker_text(
    card: AnyCard, declared: AnyCard, before: Mapping[AnyCard, AnyCard], from_hand: bool, *, lang: str = SOURCE
) -> str:
    """CA-7: what a joker on the new table stands for and where it came from."""
    if from_hand:
        return t(lang, "{joker} = {card} (from your hand)", joker=JOKER_SYMBOL, card=declared)
    was = before.get(card)
    if was is not None and was != declared:
        return t(lang, "{joker} = {card} (freed: it was {was})", joker=JOKER_SYMBOL, card=declared, was=was)
    return f"{JOKER_SYMBOL} = {declared}"


def step_lines(old: Sequence[Meld], new: Sequence[Meld], added: Sequence[AnyCard], *, lang: str = SOURCE) -> list[str]:
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
            origin = t(lang, "[{meld}] + {cards} from your hand", meld=old[sources[0]], cards=cards_text(hand_part))
        elif not sources:
            origin = t(lang, "new, from your hand")
        else:
            pieces = [
                t(lang, "{cards} from [{meld}]", cards=" ".join(str(tc) for tc in meld.cards if home.get(tc.card) == s),
                  meld=old[s])
                for s in sources
            ]  # fmt: skip
            if hand_part:
                pieces.append(t(lang, "{cards} from your hand", cards=cards_text(hand_part)))
            origin = ", ".join(pieces)
        lines.append(f"• {meld} ← {origin}")
    if unchanged:
        lines.append(tn(lang, "• {n} other meld unchanged", "• {n} other melds unchanged", unchanged))
    jokers = [
        joker_text(tc.card, tc.declared, declared_before, tc.card in from_hand, lang=lang)
        for meld in new
        for tc in meld.cards
        if tc.declared is not None
    ]
    if jokers:
        lines.append(t(lang, "Jokers: {jokers}", jokers="; ".join(jokers)))
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


def help_text(lang: str = SOURCE) -> str:
    return t(
        lang,
        """Carousel: rummy where the whole table is yours to rearrange. Each turn: draw, then either
meld (the turn ends) or draw again, at most three cards. A hand counting 5 or less (the
knock limit) may knock at the end of your turn.
  draw                 draw a card (a second or third draw declines to meld)
  meld 7h 9c 10c       lay these hand cards on the table; it is rearranged to fit
  table: 6h Jk=7h 8h | 9s 9d 9c   write the complete new table yourself (Jk=7h: joker as 7♥)
  knock / pass         knock, or end your turn, when the game stops at its end""",
    )


HELP = help_text()


# The engine's refusals (games.base.IllegalMove codes, games.carousel) in the reader's language -----------


def _copies(lang: str, cards: Sequence[AnyCard], copies: int) -> str:
    return tn(lang, "{cards} would be on the table more often than the {n} copy in play.",
              "{cards} would be on the table more often than the {n} copies in play.", copies,
              cards=format_cards(cards))  # fmt: skip


REFUSALS: tt.Refusals = {
    "carousel.over": lambda lang: t(lang, "The game is over."),
    "carousel.not_a_move": lambda lang: t(lang, "That is not a Carousel move."),
    "carousel.knock_or_pass": lambda lang: t(lang, "Your turn is over: knock or pass."),
    "carousel.draw_first": lambda lang: t(lang, "Draw a card first: every turn starts with a draw."),
    "carousel.third_draw": lambda lang: t(lang, "Your turn is over: no melding after the third draw."),
    "carousel.knock_own_turn": lambda lang: t(lang, "You can knock only at the end of your own turn."),
    "carousel.knock_at_end": lambda lang: t(lang, "Finish your turn first: knocking comes at the end of your turn."),
    "carousel.knock_limit": lambda lang, count, limit: t(
        lang, "Your count is {count}, over the knock limit of {limit}.", count=count, limit=limit
    ),
    "carousel.no_knock": lambda lang: t(lang, "There is no knock to pass on now."),
    "carousel.twice": lambda lang, cards: t(
        lang, "The same physical card appears twice: {cards}.", cards=format_cards(cards)
    ),
    "carousel.left_out": lambda lang, melds: t(
        lang, "The new table leaves out {melds}, already on the table: write every meld, separated by |, or name "
        "just your cards with meld.", melds=" ".join(f"[{meld}]" for meld in melds),
    ),
    "carousel.joker_stays": lambda lang: t(
        lang, "A joker on the table must stay in a meld; it can never go to a hand."
    ),
    "carousel.taken_back": lambda lang, cards: t(
        lang, "Table cards cannot be taken back: {cards}.", cards=format_cards(cards)
    ),
    "carousel.not_in_hand": lambda lang, cards: t(lang, "Not in your hand: {cards}.", cards=format_cards(cards)),
    "carousel.add_a_card": lambda lang: t(lang, "A meld step must add at least one card from your hand."),
    "carousel.invalid_meld": lambda lang, meld: t(
        lang, "[{meld}] is not a valid meld: a group is 3 or 4 cards of one rank, a sequence 3 or more cards of "
        "one suit in a row.", meld=meld,
    ),
    "carousel.too_many_copies": _copies,
    "carousel.joker_declared": lambda lang, card: t(
        lang, "The joker declared {card} keeps that declaration unless a natural {card} takes its place.", card=card
    ),
    "carousel.unreadable_code": lambda lang, text: t(lang, "Unreadable move {text}.", text=repr(text)),
    "carousel.unreadable": lambda lang, text: t(
        lang, "I don't understand {text}: try draw, knock, pass, meld 7h 8h 9h or table: 6h 7h 8h | ...",
        text=repr(text),
    ),
    "carousel.unreadable_cards": lambda lang, text: t(
        lang, "I can't read the cards in {text}; write them like 7h 10d Jk.", text=repr(text)
    ),
    "carousel.name_cards": lambda lang: t(lang, "Name the cards from your hand to meld, like: meld 7h 8h 9h"),
    "carousel.cannot_place": lambda lang, cards: t(
        lang, "{cards} can't all be placed on the table, even by rearranging it.", cards=format_cards(cards)
    ),
    "carousel.write_table": lambda lang: t(
        lang, "Write the whole table, melds separated by |, like: table: 6h 7h 8h | 9s 9d 9c"
    ),
}


def refusal_said(lang: str, refused: IllegalMove) -> str:
    """The engine's refusal of a move in `lang`, in the rummies' words (docs/glossary)."""
    return tt.refusal_said(REFUSALS, refused, lang)


class CarouselText:
    """Text for `CarouselView`s, in the language each method is asked for."""

    kind = "carousel"
    title = GAME.name
    default_players = 3
    score_name = "point"
    presets: Sequence[str] = ()
    uses_solver = True
    unlisted_moves = t(SOURCE, "melds are not listed: meld <cards> tries any")  # the terminal says it in its language

    def options(self, preset: str | None) -> dict[str, Any]:
        return {}

    def scores(self, n: int, *, lang: str = SOURCE) -> str:
        return points_count(lang, n)

    def table(self, view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        lines: list[str] = []
        if view.fixed_deals:  # D-CA-5
            title = t(lang, "Carousel · hand {number} of {hands} · stock {stock} · knock at {limit} or less",
                      number=view.hand_number, hands=view.fixed_deals, stock=view.stock,
                      limit=view.knock_limit)  # fmt: skip
        else:
            title = t(lang, "Carousel · hand {number} · stock {stock} · to {points} · knock at {limit} or less",
                      number=view.hand_number, stock=view.stock, points=points_count(lang, view.target),
                      limit=view.knock_limit)  # fmt: skip
        counts = [cards_count(lang, size) for size in view.hand_sizes]
        scores = [tn(lang, "{n} pt", "{n} pts", score) for score in view.scores]
        won = [tn(lang, "{n} hand won", "{n} hands won", hands) for hands in view.hands_won]
        dealer = [t(lang, "dealer") if seat == view.dealer else "" for seat in range(view.players)]
        lines.append(tt.heading(title))
        lines.extend(tt.seat_rows(names, [counts, scores, won, dealer], view.to_move))
        if view.table:
            lines.append("   " + t(lang, "Table:"))
            lines.extend(f"   {number:>3}. {meld}" for number, meld in enumerate(view.table, start=1))
        else:
            lines.append("   " + t(lang, "Table: empty"))
        return "\n".join(lines)

    def hand(self, view: CarouselView, *, lang: str = SOURCE) -> str:
        lines = [t(lang, "Your hand (count {count}): {cards}", count=view.hand_value,
                   cards=tt.cards_text(sort_hand(view.hand)))]  # fmt: skip
        if view.my_turn:
            lines.append(_what_now(view, lang))
        return "\n".join(f"   {line}" for line in lines)

    def log(self, view: CarouselView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
        return [log_said(lang, entry, names) for entry in view.log]

    def typed(self, move: Move, view: CarouselView) -> str:
        if isinstance(move, MeldStep):
            return f"meld {tt.codes_text(added_cards(move, view))}"
        return {"d": "draw", "k": "knock", "p": "pass"}[move.encode()]

    def describe(self, move: Move, view: CarouselView, *, lang: str = SOURCE) -> str:
        """A computer player's move or a hint in words."""
        if isinstance(move, MeldStep):
            return t(lang, "meld {cards}", cards=tt.cards_text(added_cards(move, view)))
        said = {"d": t(lang, "draw"), "k": t(lang, "knock"), "p": t(lang, "end the turn")}
        return said.get(move.encode(), str(move))

    def interlude(
        self, before: CarouselView, after: CarouselView, names: Sequence[str], *, lang: str = SOURCE
    ) -> str | None:
        """CA-12: the hands are shown and scored when a hand ends."""
        if after.last_hand is None or after.last_hand == before.last_hand:
            return None
        return "\n".join(hand_summary(after.last_hand, names, lang=lang))

    def help(self, *, lang: str = SOURCE) -> str:
        return help_text(lang)

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return refusal_said(lang, refused)


def added_cards(move: MeldStep, view: CarouselView) -> list[AnyCard]:
    """The physical cards a meld step takes from the hand: on the new table, not on the old (CA-6)."""
    before = {card for meld in view.table for card in meld.physical}
    added = [card for meld in move.table for card in meld.physical if card not in before]
    return sort_hand(added)


def hand_summary(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """CA-12: what every seat held, its count, and the points scored, once a hand ends."""
    winners = listing(lang, [names[seat] for seat in summary.winners])
    title = t(lang, "Hand {number}: {ending}; won by {names}", number=summary.hand_number,
              ending=ending(summary, names, lang=lang), names=winners)  # fmt: skip
    lines = [tt.heading(title)]
    width = max(len(name) for name in names)
    for seat, held in enumerate(summary.hands):
        points = summary.points[seat]
        scored = f"+{points}" if points else "  0"
        counted = t(lang, "count {count}", count=f"{summary.counts[seat]:>3}")
        lines.append(f"   {names[seat]:<{width}}  {scored:>4}  {counted}  {tt.cards_text(sort_hand(held))}")
    return lines


def _what_now(view: CarouselView, lang: str = SOURCE) -> str:
    return turn_sentence(view, typed(lang), lang=lang) if view.my_turn and not view.is_over else ""


def option_abouts(lang: str = SOURCE) -> dict[str, str]:
    """What each table option changes (games.carousel.options), for the terminal's --help in `lang`."""
    return {
        "target": t(lang, "points that end the game, after the hand that reaches them"),
        "knock_limit": t(lang, "the most points left in hand that may still knock"),
    }


TERMINAL = CarouselText()  # what `terminal` shows for this game
