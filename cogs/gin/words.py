"""Every sentence of a Gin table: rules, options, the public header, the hand's status, the hand's end.

No discord import: the terminal table reads these words too. Everything here reads a `GinView` only
(design §2): the public header gets `view(None)`, the hand panel the seat's own view, so a hidden card
cannot reach a message. The engine's hand summaries hold numbers and seats, no words; their score
sentences are `hand_sentences` here, in the reader's language (`rendering.gin` says them on the
table image).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import IllegalMove
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
from locales import SOURCE, listing, t, tn
from rendering.gin import match_end_text, match_totals
from rendering.table import seat_name
from terminal import game_text as tt


def title(lang: str = SOURCE) -> str:
    """The game's name as its players say it in `lang` (the terminal's heading)."""
    return t(lang, "Gin Rummy")


def rules(lang: str = SOURCE, deals: int = 0) -> str:
    """The common rules page, in the words of Gin players (docs/glossary: knock, gin, undercut, lay off); its
    last line says how the match is won: to the target, or with a fixed number of `deals` (hands) by the
    higher total, no bonus (D-GR-10)."""
    body = t(
        lang,
        """**Gin Rummy**: two players, ten cards each; make melds and knock with little deadwood.
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
• Two cards left in the stock and no knock: the hand is drawn and the same dealer deals again.""",
    )
    if deals:  # D-GR-10
        end = tn(lang, "• The match is {n} hand, a drawn hand counting as one. No game, line or shutout bonus: "
                 "the higher total of the points won in hands wins, and equal totals are a draw.",
                 "• The match is {n} hands, a drawn hand counting as one. No game, line or shutout bonus: "
                 "the higher total of the points won in hands wins, and equal totals are a draw.", deals)  # fmt: skip
    else:
        end = t(lang, "• First to 100 wins the game: +100 game bonus, +25 per hand won (the loser too); a shutout "
                "doubles the winner's total.")  # fmt: skip
    return f"{body}\n{end}"


def oklahoma_rules(lang: str = SOURCE, deals: int = 0) -> str:
    """Oklahoma's changes (GR-12); with a fixed number of `deals` no game goes to a target (D-GR-10)."""
    if deals:
        return t(
            lang,
            "**Oklahoma**: the upcard's value is this hand's knock limit (an ace: gin only), and a spade upcard "
            "doubles the hand.",
        )
    return t(
        lang,
        "**Oklahoma**: the upcard's value is this hand's knock limit (an ace: gin only), a spade upcard doubles "
        "the hand, and the game goes to 150.",
    )


def hollywood_rules(lang: str = SOURCE) -> str:
    return t(
        lang,
        "**Hollywood**: three games are scored at once. Your first hand won counts in game 1, your second in "
        "games 1 and 2, your third and later in all three still open.",
    )


RULES = rules()
OKLAHOMA_RULES = oklahoma_rules()
HOLLYWOOD_RULES = hollywood_rules()

HEADER_LOG_LINES = 3  # recent actions above the table image: the last draw and discard, and the one before


# How a hand ended, in the engine's own English (no player reads this map: the sentences are below).
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


def variant_name(lang: str, chosen: Options) -> str:
    """Options.name in `lang`: "Gin", "Oklahoma Gin", "Hollywood Gin", "Hollywood Oklahoma Gin"."""
    if chosen.hollywood and chosen.oklahoma:
        return t(lang, "Hollywood Oklahoma Gin")
    if chosen.hollywood:
        return t(lang, "Hollywood Gin")
    if chosen.oklahoma:
        return t(lang, "Oklahoma Gin")
    return t(lang, "Gin")


def describe_options(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    """One line for lobby and table messages: "Hollywood Oklahoma Gin · to 150"."""
    chosen = table_options(options)
    name, target = variant_name(lang, chosen), chosen.game_target
    if chosen.fixed_deals:  # D-GR-10: a match of N hands, no target
        return tn(lang, "{name} · a match of {n} hand", "{name} · a match of {n} hands", chosen.fixed_deals,
                  name=name)
    if chosen.hollywood:
        return t(lang, "{name} · to {target} in each of three games", name=name, target=target)
    return t(lang, "{name} · to {target}", name=name, target=target)


def rules_text(options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
    """The rules for one table: the common rules, then what its switches change. A match of a fixed number
    of hands names them where the rules would name the target (D-GR-10)."""
    chosen = table_options(options)
    lines = [rules(lang, chosen.fixed_deals)]
    if chosen.oklahoma:
        lines.append(oklahoma_rules(lang, chosen.fixed_deals))
    if chosen.hollywood:
        lines.append(hollywood_rules(lang))
    return "\n".join(lines)


def cards_text(cards: Sequence[Card], lang: str = SOURCE) -> str:
    return " ".join(str(card) for card in cards) or t(lang, "none")


def cards_count(lang: str, n: int) -> str:
    return tn(lang, "{n} card", "{n} cards", n)


# Public lines ------------------------------------------------------------------------------------


def event_line(event: Event, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """One public action in past tense ("Ann took 7♥ from the discard pile"); a stock draw names no card."""
    who = seat_name(names, event.seat)
    if event.action is Action.PASS:
        return t(lang, "{name} passed on the upcard", name=who)
    if event.action is Action.TAKE:
        return t(lang, "{name} took {card} from the discard pile", name=who, card=event.card)
    if event.action is Action.DRAW:
        return t(lang, "{name} drew from the stock", name=who)
    if event.action is Action.DISCARD:
        return t(lang, "{name} discarded {card}", name=who, card=event.card)
    if event.action is Action.KNOCK:
        return t(lang, "{name} knocked", name=who)
    return t(lang, "{name} laid out big gin", name=who)


def log_lines(view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """This hand's public actions, oldest first."""
    return [event_line(event, names, lang=lang) for event in view.history]


def last_action(view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """The newest public action, or how the last hand ended when the new one has not begun."""
    if view.history:
        return event_line(view.history[-1], names, lang=lang)
    if view.last_hand is not None:
        return hand_headline(view.last_hand, names, lang=lang)
    return t(lang, "Hand {number}: {name} dealt", number=view.hand_number, name=seat_name(names, view.dealer))


def limit_text(view: GinView, *, lang: str = SOURCE) -> str:
    """GR-6, GR-12: the knock limit of this hand, and the Oklahoma upcard and doubling."""
    knock = t(lang, "knock with {limit} or less", limit=view.knock_limit)
    if not view.options.oklahoma:
        return knock
    limit = t(lang, "gin only") if view.knock_limit == 0 else knock
    if view.doubled:
        return t(lang, "upcard {card}: {limit}, scores doubled", card=view.upcard, limit=limit)
    return t(lang, "upcard {card}: {limit}", card=view.upcard, limit=limit)


def stock_line(view: GinView, *, lang: str = SOURCE) -> str:
    """Stock, the top of the pile and the knock limit (GR-3, GR-5, GR-6)."""
    empty = view.top is None
    top = t(lang, "discard pile empty") if empty else t(lang, "discard pile top {card}", card=view.top)
    return t(lang, "Hand {number} · stock {count} · {top} · {limit}", number=view.hand_number,
             count=cards_count(lang, view.stock_count), top=top, limit=limit_text(view, lang=lang))  # fmt: skip


def tally_line(tally: GameTally, names: Sequence[str], target: int, game: int | None, *, lang: str = SOURCE,
               hand: tuple[int, int] | None = None) -> str:
    """One game's score (GR-11): running points, or once closed the final totals with bonuses; `game` is
    the Hollywood game's number, None for a single game; `hand` is (hand number, hands in the match) when
    the match is a fixed number of hands (D-GR-10), which it then names in place of the target."""
    first, second = seat_name(names, 0), seat_name(names, 1)
    label = t(lang, "Game") if game is None else t(lang, "Game {number}", number=game)
    if tally.final is not None and tally.winner is not None:
        winner = seat_name(names, tally.winner)
        if tally.shutout:
            return t(lang, "{game}: {first} {first_points} – {second_points} {second} (won by {winner}, shutout)",
                     game=label, first=first, first_points=tally.final[0], second_points=tally.final[1],
                     second=second, winner=winner)  # fmt: skip
        return t(lang, "{game}: {first} {first_points} – {second_points} {second} (won by {winner})", game=label,
                 first=first, first_points=tally.final[0], second_points=tally.final[1], second=second,
                 winner=winner)  # fmt: skip
    if hand is not None:
        return t(lang, "{game} · hand {number} of {hands}: {first} {a} – {b} {second}", game=label, number=hand[0],
                 hands=hand[1], first=first, a=tally.points[0], b=tally.points[1], second=second)  # fmt: skip
    return t(lang, "{game} to {target}: {first} {first_points} – {second_points} {second}", game=label,
             target=target, first=first, first_points=tally.points[0], second_points=tally.points[1],
             second=second)  # fmt: skip


def score_lines(view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """The running game score, or the three Hollywood games one line each (GR-11, GR-13)."""
    hand = (view.hand_number, view.options.fixed_deals) if view.options.fixed_deals else None
    if len(view.tallies) == 1:
        return [tally_line(view.tallies[0], names, view.target, None, lang=lang, hand=hand)]
    return [tally_line(tally, names, view.target, i + 1, lang=lang, hand=hand) for i, tally in enumerate(view.tallies)]


def hand_headline(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """ "Hand 3: Ann knocks, Bob undercuts" in a few words."""
    if summary.end is HandEnd.DRAWN or summary.knocker is None or summary.winner is None:
        return t(lang, "Hand {number} is drawn: nobody scores", number=summary.number)
    who, other = seat_name(names, summary.knocker), seat_name(names, 1 - summary.knocker)
    how = {
        HandEnd.KNOCK: t(lang, "{name} knocked", name=who),
        HandEnd.UNDERCUT: t(lang, "{name} knocked and {other} undercut", name=who, other=other),
        HandEnd.GIN: t(lang, "{name} went gin", name=who),
        HandEnd.BIG_GIN: t(lang, "{name} went big gin", name=who),
    }[summary.end]
    return t(lang, "Hand {number}: {how}; {winner} scores {points}", number=summary.number, how=how,
             winner=seat_name(names, summary.winner), points=summary.points)  # fmt: skip


def score_sentence(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """How the hand ended and what it is worth (GR-7, GR-9, GR-12); rendering.gin says it on the image."""
    score = summary.score
    assert score is not None and summary.knocker is not None
    who, other = seat_name(names, summary.knocker), seat_name(names, 1 - summary.knocker)
    against, knocker = summary.defender_count, summary.knocker_count
    doubled = score.multiplier > 1
    if score.end is HandEnd.BIG_GIN:
        text = t(lang, "{name} has big gin: {against} deadwood against none, plus the big gin bonus of {bonus}",
                 name=who, against=against, bonus=score.bonus)  # fmt: skip
    elif score.end is HandEnd.GIN:
        text = t(lang, "{name} has gin: {against} deadwood against none, plus the gin bonus of {bonus}", name=who,
                 against=against, bonus=score.bonus)  # fmt: skip
    elif score.end is HandEnd.UNDERCUT:
        text = t(lang, "{other} undercuts {name}: {against} deadwood against {knocker}, a difference of "
                 "{difference}, plus the undercut bonus of {bonus}", other=other, name=who, against=against,
                 knocker=knocker, difference=score.difference, bonus=score.bonus)  # fmt: skip
    else:
        text = t(lang, "{name} knocks with {knocker} against {against}: a difference of {difference}", name=who,
                 knocker=knocker, against=against, difference=score.difference)  # fmt: skip
    if doubled:
        return t(lang, "{score}, doubled for the spade upcard.", score=text)
    return t(lang, "{score}.", score=text)


def hand_sentences(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """A finished hand's score, one sentence a line, every bonus named (GR-7..GR-13)."""
    if summary.knocker is None or summary.winner is None:  # GR-10
        return [t(lang, "Hand {number} is drawn: nobody scores, and {name} deals again.", number=summary.number,
                  name=seat_name(names, summary.dealer))]  # fmt: skip
    sentences = [
        score_sentence(summary, names, lang=lang),
        t(lang, "{name} scores {points}.", name=seat_name(names, summary.winner), points=summary.points),
    ]
    if summary.hollywood:
        games = listing(lang, [str(i + 1) for i in summary.booked])
        sentences.append(tn(lang, "Booked in game {games}.", "Booked in games {games}.", len(summary.booked),
                            games=games))  # fmt: skip
    for i, tally in zip(summary.closed, summary.finals, strict=True):  # GR-11
        assert tally.winner is not None and tally.final is not None
        won, lost = tally.hands[tally.winner], tally.hands[1 - tally.winner]
        label = t(lang, "Game {number}", number=i + 1) if summary.hollywood else t(lang, "The game")
        winner = seat_name(names, tally.winner)
        bonus = t(lang, "{game} goes to {name}: game bonus 100, line bonus {bonus} for {hands} won", game=label,
                  name=winner, bonus=25 * won, hands=hands_count(lang, won))  # fmt: skip
        if tally.shutout:
            sentences.append(t(lang, "{bonus}, and the total doubled for the shutout.", bonus=bonus))
        else:
            sentences.append(t(lang, "{bonus}; {name} gets a line bonus of {points} for {hands}.", bonus=bonus,
                               name=seat_name(names, 1 - tally.winner), points=25 * lost,
                               hands=hands_count(lang, lost)))  # fmt: skip
        sentences.append(t(lang, "Final: {first} to {second}.", first=tally.final[0], second=tally.final[1]))
    return sentences


def hands_count(lang: str, n: int) -> str:
    return tn(lang, "{n} hand", "{n} hands", n)


def hand_text(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> str:
    return " ".join(hand_sentences(summary, names, lang=lang))


def meld_text(melds: Sequence[Sequence[Card]], lang: str = SOURCE) -> str:
    return " | ".join(cards_text(meld, lang) for meld in melds) or t(lang, "no melds")


def layoff_text(summary: HandSummary, lang: str = SOURCE) -> str:
    """GR-8: which cards went onto which of the knocker's melds."""
    parts = [
        t(lang, "{cards} onto {meld}", cards=cards_text(extra, lang), meld=cards_text(meld, lang))
        for meld, extra in zip(summary.knocker_melds, summary.layoffs, strict=False)
        if extra
    ]
    return "; ".join(parts)


def hand_end_lines(summary: HandSummary, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """The end of a hand: both arrangements, the lay-offs and the score with every bonus in words."""
    lines = [f"**{hand_headline(summary, names, lang=lang)}**"]
    if summary.knocker is None:
        lines.append(hand_text(summary, names, lang=lang))
        return lines
    knocker, defender = seat_name(names, summary.knocker), seat_name(names, 1 - summary.knocker)
    lines.append(t(lang, "{name}: {melds} · deadwood {cards} ({count})", name=knocker,
                   melds=meld_text(summary.knocker_melds, lang), cards=cards_text(summary.knocker_deadwood, lang),
                   count=summary.knocker_count))  # fmt: skip
    laid = layoff_text(summary, lang)
    parts = [f"{defender}: {meld_text(summary.defender_melds, lang)}"]
    if laid:
        parts.append(t(lang, "laid off {layoffs}", layoffs=laid))
    elif summary.end in (HandEnd.GIN, HandEnd.BIG_GIN):
        parts.append(t(lang, "no lay-offs against gin"))
    parts.append(t(lang, "deadwood {cards} ({count})", cards=cards_text(summary.defender_deadwood, lang),
                   count=summary.defender_count))  # fmt: skip
    lines.append(" · ".join(parts))
    lines.append(hand_text(summary, names, lang=lang))
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


def winner_line(view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """The match's end: its winner, or with level totals a draw (both share first place, D-GR-10, as the
    result and the tournament count it); a match of fixed hands says how many were played."""
    ended = match_end_text(view, names, lang=lang)
    totals = match_totals(view)
    if ended is not None:
        return f"🤝 {ended}" if totals[0] == totals[1] else f"🏆 {ended}"
    leader = 0 if totals[0] > totals[1] else 1
    return t(lang, "🏆 {name} wins the match {won}–{lost}.", name=seat_name(names, leader), won=totals[leader],
             lost=totals[1 - leader])  # fmt: skip


def table_header(view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """Public text above the table image: the end of the last hand, the last actions, stock, scores."""
    lines: list[str] = []
    if view.is_over:
        lines.append(winner_line(view, names, lang=lang))
    summary = recent_hand(view)
    if summary is not None:
        lines.extend(hand_end_lines(summary, names, lang=lang))
    if not view.is_over:
        recent = log_lines(view, names, lang=lang)[-HEADER_LOG_LINES:]
        if recent:
            lines.append(t(lang, "Latest: {actions}", actions=" · ".join(recent)))
        lines.append(stock_line(view, lang=lang))
        if view.to_move is not None:
            lines.append(doing(view, seat_name(names, view.to_move), lang=lang))
    lines.extend(score_lines(view, names, lang=lang))
    return "\n".join(lines)


def doing(view: GinView, name: str, *, lang: str = SOURCE) -> str:
    """What the seat to move is about to do: "Ann may take the upcard or pass."."""
    if view.phase is Phase.UPCARD:
        return t(lang, "{name} may take the upcard or pass.", name=name)
    if view.phase is Phase.DRAW:
        return t(lang, "{name} to draw.", name=name)
    if view.phase is Phase.DISCARD:
        return t(lang, "{name} to discard or knock.", name=name)
    return ""


# The hand panel ----------------------------------------------------------------------------------


def knock_label(card: Card, left: int, *, lang: str = SOURCE) -> str:
    """The Knock button: which card goes face down and the deadwood it leaves (GR-6, GR-7)."""
    if left == 0:
        return t(lang, "Gin! {card} face down", card=card)
    return t(lang, "Knock: {card} face down, {left} deadwood", card=card, left=left)


def no_knock_label(view: GinView, least: int, *, lang: str = SOURCE) -> str:
    """The greyed Knock button: what a knock needs and what the best discard leaves (GR-6, GR-12)."""
    if view.knock_limit == 0:
        return t(lang, "Knock: gin only this hand (best discard leaves {least})", least=least)
    return t(lang, "Knock: needs {limit} or less (best discard leaves {least})", limit=view.knock_limit, least=least)


def status_line(view: GinView, names: Sequence[str], *, waiting: str | None = None, lang: str = SOURCE) -> str:
    """What this seat should do now, in one sentence; `waiting` replaces the line naming who plays."""
    if view.is_over:
        return t(lang, "The match is over. {winner}", winner=winner_line(view, names, lang=lang))
    if not view.my_turn:
        if waiting is not None:
            return waiting
        if view.to_move is None:
            return t(lang, "Waiting for the table.")
        return t(lang, "Waiting for {name}.", name=seat_name(names, view.to_move))
    if view.phase is Phase.UPCARD:
        return t(lang, "**Your turn.** First turn: take the upcard {card} or pass.", card=view.top)
    if view.phase is Phase.DRAW:
        return t(lang, "**Your turn.** Draw from the stock or take {card} from the discard pile.", card=view.top)
    knocks = view.knocks
    if view.can_big_gin:
        line = t(lang, "**Your turn.** Tap a card to discard it, or lay out **big gin**.")
    elif any(left == 0 for _, left in knocks):
        line = t(lang, "**Your turn.** Tap a card to discard it, or go **gin**.")
    elif knocks:
        line = t(lang, "**Your turn.** Tap a card to discard it, or **knock**.")
    else:
        line = t(lang, "**Your turn.** Tap a card to discard it.")
    if view.just_taken is not None:
        line += " " + t(lang, "You took {card} from the pile, so it stays this turn.", card=view.just_taken)
    return line


def deadwood_line(view: GinView, *, lang: str = SOURCE) -> str:
    """The seat's own hand in the engine's best arrangement (GR-2): melds, then the deadwood count."""
    if not view.hand:
        return ""
    arranged = view.arrangement
    return t(lang, "Your melds: {melds} · deadwood {cards} = **{count}**", melds=meld_text(arranged.melds, lang),
             cards=cards_text(arranged.deadwood, lang), count=arranged.count)  # fmt: skip


def panel_lines(
    view: GinView,
    names: Sequence[str],
    *,
    location: str,
    notice: str,
    knocking: bool,
    waiting: str | None = None,
    lang: str = SOURCE,
) -> list[str]:
    """Every line of a hand panel, in reading order."""
    lines = [location, status_line(view, names, waiting=waiting, lang=lang)]
    if not view.is_over:
        # A quiet hand (drawn while the other seat plays) leaves out what their moves change, the stock
        # and their picks, so it needs no edit until the turn comes back; the table shows both.
        if waiting is None:
            lines.append(stock_line(view, lang=lang))
        lines.append(deadwood_line(view, lang=lang))
        other = 1 - view.seat if view.seat is not None else None
        if other is not None and view.known[other] and waiting is None:
            lines.append(t(lang, "{name} holds {cards} from the pile.", name=seat_name(names, other),
                           cards=cards_text(view.known[other], lang)))  # fmt: skip
    lines.extend(score_lines(view, names, lang=lang))
    summary = recent_hand(view)
    if summary is not None:
        lines.append(t(lang, "Last hand:"))
        lines.extend(hand_end_lines(summary, names, lang=lang))
    if knocking:
        lines.append(t(lang, "**Knock**: tap the card to put face down; each button shows the deadwood it leaves."))
    if notice:
        lines.append(notice)
    return [line for line in lines if line]


def move_text(move: Move, *, lang: str = SOURCE) -> str:
    """A move in a player's words, for hints and the terminal."""
    if isinstance(move, DrawStock):
        return t(lang, "draw from the stock")
    if isinstance(move, TakeDiscard):
        return t(lang, "take the discard")
    if isinstance(move, PassUpcard):
        return t(lang, "pass on the upcard")
    if isinstance(move, Discard):
        return t(lang, "discard {card}", card=move.card)
    if isinstance(move, Knock):
        return t(lang, "knock with {card} face down", card=move.card)
    assert isinstance(move, BigGin)
    return t(lang, "lay out big gin")


# The terminal table ------------------------------------------------------------------------------


def help_text(lang: str = SOURCE) -> str:
    return t(
        lang,
        """Gin Rummy: each turn draw from the stock or take the top of the discard pile, then discard.
Knock when a discard leaves you 10 deadwood or less (Oklahoma: the upcard's value), gin with none.
  draw / take          draw from the stock, or take the top discard
  take / pass          the first turn: take the upcard or pass
  7h                   discard a card
  knock 7h             put 7h face down and lay out your hand
  gin                  knock with the discard that leaves no deadwood
  big gin              all eleven cards in melds: lay them out without discarding""",
    )


HELP = help_text()

PRESETS = {
    "gin": {},
    "oklahoma": {"oklahoma": True},
    "hollywood": {"hollywood": True},
    "hollywood_oklahoma": {"hollywood": True, "oklahoma": True},
}


def _plain(line: str) -> str:
    return line.replace("**", "")


# The engine's refusals (games.base.IllegalMove codes, games.gin) in the reader's language ----------------

REFUSALS: tt.Refusals = {
    "gin.over": lambda lang: t(lang, "The match is over."),
    "gin.not_a_move": lambda lang: t(lang, "That is not a Gin move."),
    "gin.upcard_first": lambda lang, card: t(lang, "First turn: take the upcard {card} or pass.", card=card),
    "gin.pass_only_upcard": lambda lang: t(lang, "Only the upcard on the first turn may be passed; draw a card."),
    "gin.draw_first": lambda lang: t(lang, "Draw first: from the stock or the top of the discard pile."),
    "gin.drawn_already": lambda lang: t(lang, "You have drawn already; now discard a card, or knock."),
    "gin.big_gin": lambda lang, left: t(
        lang, "Big gin needs all eleven cards in melds; your best leaves {left} deadwood.", left=left
    ),
    "gin.not_held": lambda lang, card: t(lang, "You don't hold {card}.", card=card),
    "gin.just_taken": lambda lang, card: t(
        lang, "You took {card} from the discard pile this turn; discard another card.", card=card
    ),
    "gin.gin_only": lambda lang, card, left: t(
        lang, "Only gin may end this hand, and discarding {card} leaves {left} deadwood.", card=card, left=left
    ),
    "gin.knock_limit": lambda lang, card, left, limit: t(
        lang, "Discarding {card} leaves {left} deadwood; you may knock with {limit} or less.", card=card, left=left,
        limit=limit,
    ),
    "gin.no_gin": lambda lang, left: t(
        lang, "No discard leaves you gin; your best leaves {left} deadwood.", left=left
    ),
    "gin.not_gin": lambda lang, card, left: t(
        lang, "Discarding {card} leaves {left} deadwood, so that is not gin.", card=card, left=left
    ),
    "gin.unreadable_code": lambda lang, text: t(lang, "Unreadable move {text}.", text=repr(text)),
    "gin.unreadable_card": lambda lang, text: t(
        lang, "I can't read {text}. Write a card like `7h` or `10♠`.", text=repr(text)
    ),
    "gin.type_move": lambda lang: t(
        lang, "Type `draw`, `take`, `pass`, a card to discard like `7h`, `knock 7h` or `gin 7h`."
    ),
    "gin.unreadable": lambda lang, text: t(
        lang, "I can't read {text}. Try `draw`, `take`, `7h`, `knock 7h` or `gin 7h`.", text=repr(text)
    ),
}


def refusal_said(lang: str, refused: IllegalMove) -> str:
    """The engine's refusal of a move in `lang`, in Gin's words (docs/glossary)."""
    return tt.refusal_said(REFUSALS, refused, lang)


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

    def scores(self, n: int, *, lang: str = SOURCE) -> str:
        return tn(lang, "{n} point", "{n} points", n)

    def table(self, view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        name = variant_name(lang, view.options)
        if view.options.fixed_deals:  # D-GR-10
            heading = t(lang, "{game} · hand {number} of {hands}", game=name, number=view.hand_number,
                        hands=view.options.fixed_deals)
        else:
            heading = t(lang, "{game} · hand {number}", game=name, number=view.hand_number)
        lines = [tt.heading(heading)]
        cards = [cards_count(lang, size) for size in view.hand_counts]
        won = [t(lang, "won {n}", n=won) for won in view.wins]
        picked = [
            t(lang, "from the pile: {cards}", cards=tt.cards_text(known)) if known else "" for known in view.known
        ]
        lines.extend(tt.seat_rows(names, [cards, won, picked], view.to_move))
        said = [stock_line(view, lang=lang)]
        pile = view.discard[:-1]
        if pile:
            said.append(t(lang, "Discard pile under the top, oldest first: {cards}", cards=tt.cards_text(pile)))
        said.extend(score_lines(view, names, lang=lang))
        return "\n".join([*lines, *(f"   {line}" for line in said)])

    def hand(self, view: GinView, *, lang: str = SOURCE) -> str:
        lines = [_plain(deadwood_line(view, lang=lang))]
        if view.my_turn:
            if view.phase is Phase.UPCARD:
                lines.append(t(lang, "Choose: take (the upcard {card}) or pass", card=view.top))
            elif view.phase is Phase.DRAW:
                lines.append(t(lang, "Choose: draw (the stock) or take ({card})", card=view.top))
            else:
                choices = [t(lang, "a card to discard")]
                choices += [
                    t(lang, "knock {code} ({left} left)", code=card.code, left=left) for card, left in view.knocks
                ]
                if view.can_big_gin:
                    choices.append("big gin")
                lines.append(t(lang, "Choose: {choices}", choices=", ".join(choices)))
                if view.just_taken is not None:
                    lines.append(t(lang, "{card} was taken from the pile: it stays this turn", card=view.just_taken))
        return "\n".join(f"   {line}" for line in lines)

    def log(self, view: GinView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
        return log_lines(view, names, lang=lang)

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

    def describe(self, move: Move, view: GinView, *, lang: str = SOURCE) -> str:
        return move_text(move, lang=lang)

    def interlude(self, before: GinView, after: GinView, names: Sequence[str], *, lang: str = SOURCE) -> str | None:
        """A hand ended (GR-6..GR-11): both arrangements, lay-offs, the score and the games so far."""
        summary = after.last_hand
        if summary is None or summary == before.last_hand:
            return None
        lines = [tt.heading(t(lang, "Hand {number} over", number=summary.number))]
        # Without the bold headline: the score sentences below say the same, in full.
        lines.extend(f"   {_plain(line)}" for line in hand_end_lines(summary, names, lang=lang)[1:])
        lines.extend(f"   {line}" for line in score_lines(after, names, lang=lang))
        return "\n".join(lines)

    def help(self, *, lang: str = SOURCE) -> str:
        return help_text(lang)

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return refusal_said(lang, refused)


def option_abouts(lang: str = SOURCE) -> dict[str, str]:
    """What each table option changes (games.gin.options), for the terminal's --help in `lang`; "target:0"
    is what its 0 means."""
    return {
        "oklahoma": t(lang, "Oklahoma Gin: the upcard sets the knock limit, a spade upcard doubles the hand"),
        "hollywood": t(lang, "Hollywood scoring: three games scored at once"),
        "target": t(lang, "points that win a game"),
        "target:0": t(lang, "the rules' own (100, or 150 with Oklahoma)"),
    }


TERMINAL = GinText()  # what `terminal` shows for this game
