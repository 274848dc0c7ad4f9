"""Thirteen's sentences: the rules summary, the option labels, and the terminal table's text.

Every sentence is a catalog message read for one language (`lang`, locales.t): Tiến lên's own words in
Vietnamese, the glossary's elsewhere (docs/glossary). The engine logs its lines in English (they are
stored with the game), so `log_text` reads each known line back into its parts and says it again.

No discord here: the terminal table (`terminal`) imports this module too. Terminal text: card
counts, the combination to beat, your hand in TL-2 order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.base import IllegalMove
from games.cards import Card, Rank, format_cards
from games.thirteen import GAME, Pass, Play, ThirteenView
from games.thirteen.combos import Combo, ComboKind, classify
from games.thirteen.order import CARDS, value
from games.thirteen.suggest import has_beating_play
from games.thirteen.views import TableCombo
from locales import SOURCE, t, tn
from rendering.words import ordinal
from terminal.game_text import Refusals, cards_text, codes_text, heading, seat_rows
from terminal.game_text import refusal_said as said_refusal


# The sentences players read say the rules in words; the rule ids (rules.md) stay in code and docs.
def rules(lang: str = SOURCE) -> str:
    """The rules page (/thirteen rules and /rules) in `lang`, in Tiến lên's own words (docs/glossary)."""
    return t(
        lang,
        """**Thirteen (Tiến lên)**: be the first to shed all your cards.
• Cards rank 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ < ♣ < ♦ < ♥ break ties.
• Play a single, pair, triple, quad, a sequence of 3+ ranks (no 2s) or a double sequence of 3+ pairs.
• Beat the table with the same kind and length and a higher top card, or pass.
• Passing keeps you out until the table clears. When everyone passes, the last player leads anything.
• Can't beat it? Press Pass: the bot passes for you only when no hand of your size could beat it.
• Bombs beat 2s: a quad or 3 pairs in sequence beat a single 2; 4 pairs beat a pair of 2s; 5 pairs beat three 2s.
• The first game is led by whoever holds 3♠ (or the lowest card), and that lead must include it.
• Play goes on until one player is left; places score n-1 … 0 points.""",
    )


RULES = rules()


def series_rules(lang: str, games: int) -> str:
    """How a match of several games is won (D-TL-5), a tournament's fixed number of deals (D-TN-1) included:
    place points added up, never a target; empty for a single game, whose rules say it all."""
    if games <= 1:
        return ""
    return tn(lang, "**This table**: a match of {n} game, its place points added up: the highest total wins, and "
              "equal totals share the place.",
              "**This table**: a match of {n} games, their place points added up: the highest total wins, and "
              "equal totals share the place.", games)  # fmt: skip


def title(lang: str = SOURCE) -> str:
    """The game's name as its players say it in `lang` (the terminal's heading)."""
    return t(lang, "Thirteen")


def option_labels(lang: str = SOURCE) -> dict[str, str]:
    """The house rules' short names (D-TL-1, E-TL-1..3, TL-13) for the lobby's option line."""
    return {
        "bomb_after_pass": t(lang, "bombs after passing"),
        "over_chopping": t(lang, "over-chopping"),
        "n_or_more_pairs": t(lang, "n-or-more pairs"),
        "instant_wins": t(lang, "instant wins"),
        "two_finish_loses": t(lang, "finishing on a 2 loses"),
    }


OPTION_LABELS = option_labels()


def help_text(lang: str = SOURCE) -> str:
    """The terminal table's help: the notation stays as typed, the sentences follow `lang`."""
    return t(
        lang,
        """Thirteen: get rid of your cards first. Beat the table with the same kind of combination
(single, pair, triple, sequence of 3+, double sequence) and a higher top card;
bombs chop 2s. Once you pass you are out until the table clears. When nothing in your
hand beats the table you still type pass yourself, unless no hand of your size could.
  7s            play a single (ranks 3..10 J Q K A 2, suits s c d h; 10 or T)
  7s 7h         play a pair; any set of cards the same way: 3s 4d 5c
  7 / 7 7       a rank alone plays the one legal play of that rank (10 or T; lower-case works)
  pass          pass""",
    )


HELP = help_text()


def cant_beat(lang: str = SOURCE) -> str:
    return t(lang, "You can't beat this")


def why_asked(lang: str = SOURCE) -> str:
    return t(lang, "(You are asked anyway, so your pass tells nobody what you hold.)")


CANT_BEAT = cant_beat()
WHY_ASKED = why_asked()


# Combinations in the players' words (TL-5) ------------------------------------------------------


def ranks_word(lang: str, rank: Rank) -> str:
    """Several cards of one rank, as a combination names them: "6s", "kings" (vi: 6, già; de: Sechsen)."""
    words = {
        Rank.THREE: t(lang, "3s"),
        Rank.FOUR: t(lang, "4s"),
        Rank.FIVE: t(lang, "5s"),
        Rank.SIX: t(lang, "6s"),
        Rank.SEVEN: t(lang, "7s"),
        Rank.EIGHT: t(lang, "8s"),
        Rank.NINE: t(lang, "9s"),
        Rank.TEN: t(lang, "10s"),
        Rank.JACK: t(lang, "jacks"),
        Rank.QUEEN: t(lang, "queens"),
        Rank.KING: t(lang, "kings"),
        Rank.ACE: t(lang, "aces"),
        Rank.TWO: t(lang, "2s"),
    }
    return words[rank]


def combo_text(lang: str, kind: ComboKind, length: int, top: Card) -> str:
    """A combination in words: "pair of 7s", "4-card sequence to J♦" (vi: đôi 7, sảnh 4 lá đến J♦)."""
    if kind is ComboKind.SEQUENCE:
        return t(lang, "{n}-card sequence to {card}", n=length, card=top)
    if kind is ComboKind.DOUBLE_SEQUENCE:
        return t(lang, "{n}-pair double sequence to {card}", n=length, card=top)
    if kind is ComboKind.SINGLE:
        return t(lang, "single {card}", card=top)
    assert top.rank is not None
    ranks = ranks_word(lang, top.rank)
    if kind is ComboKind.PAIR:
        return t(lang, "pair of {ranks}", ranks=ranks)
    if kind is ComboKind.TRIPLE:
        return t(lang, "triple of {ranks}", ranks=ranks)
    return t(lang, "quad of {ranks}", ranks=ranks)


def shape_name(lang: str, kind: ComboKind) -> str:
    """A suggestion button's first word: "Pair 9♠ 9♥" (games.thirteen.suggest)."""
    names = {
        ComboKind.SINGLE: t(lang, "Single"),
        ComboKind.PAIR: t(lang, "Pair"),
        ComboKind.TRIPLE: t(lang, "Triple"),
        ComboKind.QUAD: t(lang, "Quad"),
        ComboKind.SEQUENCE: t(lang, "Sequence"),
        ComboKind.DOUBLE_SEQUENCE: t(lang, "Double sequence"),
    }
    return names[kind]


def table_combo_text(lang: str, table: TableCombo) -> str:
    return combo_text(lang, table.kind, table.length, max(table.cards, key=_order))


def play_text(lang: str, move: Play) -> str:
    """A play with its combination: "7♠ 7♥ (pair of 7s)"."""
    combo = classify(move.mask)
    if combo is None:
        return str(move)
    return f"{move} ({combo_text(lang, combo.kind, combo.length, CARDS[combo.top])})"


def _order(card: Card) -> int:
    return value(card)


# The engine's log lines (games.thirteen.state writes them in English, and snapshots keep them so):
# each known line is read back into its parts and said again in the reader's language.
_RANK_PLURALS = {
    **{f"{int(rank)}s": rank for rank in Rank if rank <= Rank.TEN},
    "jacks": Rank.JACK,
    "queens": Rank.QUEEN,
    "kings": Rank.KING,
    "aces": Rank.ACE,
}
_PLACE = re.compile(r"(\d+)(?:st|nd|rd|th)")


def _described(lang: str, text: str) -> str:
    """An engine combination description ("pair of kings") in `lang`."""
    if match := re.fullmatch(r"(\d+)-card sequence to (\S+)", text):
        return t(lang, "{n}-card sequence to {card}", n=int(match[1]), card=match[2])
    if match := re.fullmatch(r"(\d+)-pair double sequence to (\S+)", text):
        return t(lang, "{n}-pair double sequence to {card}", n=int(match[1]), card=match[2])
    if match := re.fullmatch(r"single (\S+)", text):
        return t(lang, "single {card}", card=match[1])
    if (match := re.fullmatch(r"(pair|triple|quad) of (\S+)", text)) and match[2] in _RANK_PLURALS:
        ranks = ranks_word(lang, _RANK_PLURALS[match[2]])
        if match[1] == "pair":
            return t(lang, "pair of {ranks}", ranks=ranks)
        if match[1] == "triple":
            return t(lang, "triple of {ranks}", ranks=ranks)
        return t(lang, "quad of {ranks}", ranks=ranks)
    return text


def _instant(lang: str, what: str) -> str:
    words = {
        "four 2s": t(lang, "four 2s"),
        "a dragon (3 to A)": t(lang, "a dragon (3 to A)"),
        "six pairs": t(lang, "six pairs"),
        "five consecutive pairs": t(lang, "five consecutive pairs"),
        "three consecutive triples": t(lang, "three consecutive triples"),
    }
    return words.get(what, what)


def _place(lang: str, text: str) -> str:
    match = _PLACE.fullmatch(text)
    return ordinal(int(match[1]), lang=lang) if match else text


def log_text(lang: str, text: str) -> str:
    """One engine log line (without the player's name) in `lang`; a line it does not know stays as
    written, so an engine sentence added later reads in English rather than not at all."""
    auto = text.endswith(" (no play)")
    core = text.removesuffix(" (no play)")
    simple = {
        "passed": t(lang, "passed"),
        "declined to chop": t(lang, "declined to chop"),
        "leads a new round": t(lang, "leads a new round"),
        "leads": t(lang, "leads"),
        "two players hold an instant win: the cards are dealt again": t(
            lang, "two players hold an instant win: the cards are dealt again"
        ),
    }
    if core in simple:
        said = simple[core]
        return t(lang, "{action} (no play)", action=said) if auto else said
    if match := re.fullmatch(r"played (.+) \((.+)\)", text):
        return t(lang, "played {cards} ({combination})", cards=match[1], combination=_described(lang, match[2]))
    if match := re.fullmatch(r"went out on a 2 and takes (\S+) place", text):
        return t(lang, "went out on a 2 and takes {place} place", place=_place(lang, match[1]))
    if match := re.fullmatch(r"went out: (\S+) place", text):
        return t(lang, "went out: {place} place", place=_place(lang, match[1]))
    if match := re.fullmatch(r"is left holding cards: (\S+) place", text):
        return t(lang, "is left holding cards: {place} place", place=_place(lang, match[1]))
    if match := re.fullmatch(r"game (\d+) of (\d+) is dealt", text):
        return t(lang, "game {number} of {games} is dealt", number=int(match[1]), games=int(match[2]))
    if match := re.fullmatch(r"wins at once with (.+): (.+)", text):
        return t(lang, "wins at once with {what}: {cards}", what=_instant(lang, match[1]), cards=match[2])
    if match := re.fullmatch(r"holds (\S+) and leads", text):
        return t(lang, "holds {card} and leads", card=match[1])
    return text


def action_line(lang: str, seat: int | None, text: str, names: Sequence[str]) -> str:
    """A log line with its player: "Ada played 7♠ 7♥ (pair of 7s)"; a line of no seat as a sentence."""
    said = log_text(lang, text)
    if seat is None:
        return _sentence(said)
    return t(lang, "{name} {action}", name=names[seat], action=said)


def round_over_line(view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
    """How the round that just cleared ended (TL-10), until the leader's next play: "Nobody beat Ada's
    K♠ K♣: Ben passed, Cleo passed." Empty while a round is under way or once the game is over."""
    if view.is_over or view.table is not None or not view.last_round:
        return ""
    plays = [n for n, turn in enumerate(view.last_round) if isinstance(turn.move, Play)]
    if not plays:
        return ""
    last = view.last_round[plays[-1]]
    assert isinstance(last.move, Play)
    passes = [t(lang, "{name} passed", name=names[turn.seat]) for turn in view.last_round[plays[-1] + 1 :]]
    if passes:
        return t(
            lang, "Nobody beat {name}'s {cards}: {passes}.", name=names[last.seat], cards=last.move,
            passes=", ".join(passes),
        )  # fmt: skip
    return t(lang, "Nobody beat {name}'s {cards}.", name=names[last.seat], cards=last.move)


def cards_count(lang: str, n: int) -> str:
    return tn(lang, "{n} card", "{n} cards", n)


def left_holding_lines(view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
    """Once a game is over, what each seat still held: "Ben was left holding 3♥ 7♣ (2 cards)"."""
    return [
        t(lang, "{name} was left holding {cards} ({count})", name=names[seat], cards=cards_text(held),
          count=cards_count(lang, len(held)))
        for seat, held in enumerate(view.left_holding)
        if held
    ]  # fmt: skip


# The engine's refusals (games.base.IllegalMove codes, games.thirteen) in the reader's language -----------


def _chop_twos(lang: str, twos: int) -> str:
    """TL-8: which bomb chops how many 2s."""
    if twos == 1:
        return t(lang, "Only a quad or a 3-pair double sequence can chop a single 2.")
    if twos == 2:
        return t(lang, "Only a 4-pair double sequence can chop a pair of 2s.")
    return t(lang, "Only a 5-pair double sequence can chop three 2s.")


def _different_kind(lang: str, play: Combo, table: Combo) -> str:
    mine = combo_text(lang, play.kind, play.length, CARDS[play.top])
    theirs = combo_text(lang, table.kind, table.length, CARDS[table.top])
    return t(lang, "A {play} can't beat a {table}: play the same kind and length, higher.", play=mine, table=theirs)


REFUSALS: Refusals = {
    "thirteen.over": lambda lang: t(lang, "The game is over."),
    "thirteen.lead_cannot_pass": lambda lang: t(lang, "You lead this round, so you can't pass: play any combination."),
    "thirteen.not_a_move": lambda lang: t(lang, "That is not a Thirteen move."),
    "thirteen.not_held": lambda lang, cards: t(lang, "You don't hold {cards}.", cards=format_cards(cards)),
    "thirteen.first_lead": lambda lang, card: t(lang, "The first lead of the game must include {card}.", card=card),
    "thirteen.passed_bomb_window": lambda lang: t(
        lang, "You passed this round; wait for the table to clear (only a bomb may chop a 2 now)."
    ),
    "thirteen.no_cards": lambda lang: t(lang, "Choose at least one card to play."),
    "thirteen.five_of_a_rank": lambda lang: t(lang, "There are only four cards of a rank."),
    "thirteen.pair_ranks": lambda lang: t(lang, "Two cards make a pair only when they are the same rank."),
    "thirteen.two_in_sequence": lambda lang: t(lang, "A 2 can never be part of a sequence."),
    "thirteen.gap": lambda lang: t(lang, "Those ranks are not consecutive, so they make no sequence."),
    "thirteen.short_double": lambda lang: t(lang, "A double sequence needs at least three consecutive pairs."),
    "thirteen.short_sequence": lambda lang: t(lang, "A sequence needs at least three consecutive ranks."),
    "thirteen.no_combination": lambda lang: t(
        lang, "Those cards are no combination: a sequence has one card per rank and a double sequence two."
    ),
    "thirteen.lower_top": lambda lang, card, table_card: t(
        lang, "Your top card {card} is lower than {theirs}: only the top card counts.", card=card, theirs=table_card
    ),
    "thirteen.sequence_length": lambda lang, length, table_length: t(
        lang, "A {n}-card sequence can't beat a {table_n}-card one.", n=length, table_n=table_length
    ),
    "thirteen.double_length": lambda lang, length, table_length: t(
        lang, "A {n}-pair double sequence can't beat a {table_n}-pair one.", n=length, table_n=table_length
    ),
    "thirteen.chop_twos": _chop_twos,
    "thirteen.bomb_on_twos_only": lambda lang: t(lang, "Bombs beat only 2s."),
    "thirteen.different_kind": _different_kind,
    "thirteen.unreadable_code": lambda lang, text: t(lang, "Unreadable move {text}.", text=repr(text)),
    "thirteen.type_cards": lambda lang: t(lang, "Type the cards to play, like `7s 7h`, or `pass`."),
    "thirteen.unreadable": lambda lang, text: t(
        lang, "I can't read {text}. Write cards like `7s 7h 10d`, or `pass`.", text=repr(text)
    ),
    "thirteen.twice": lambda lang: t(lang, "You listed the same card twice."),
}


def refusal_said(lang: str, refused: IllegalMove) -> str:
    """The engine's refusal of a move in `lang`, in the game's words (docs/glossary)."""
    return said_refusal(REFUSALS, refused, lang)


class ThirteenText:
    """Text for `ThirteenView`s, in the language each method is asked for."""

    kind = "thirteen"
    title = GAME.name
    default_players = 4
    score_name = "place point"
    presets: Sequence[str] = ()
    uses_solver = False
    unlisted_moves = ""

    def options(self, preset: str | None) -> dict[str, Any]:
        return {}

    def scores(self, n: int, *, lang: str = SOURCE) -> str:
        """One seat's score in the result table: "2 place points"."""
        return tn(lang, "{n} place point", "{n} place points", n)

    def table(self, view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        status = []
        for seat in range(view.players):
            place = view.places[seat]
            if place is not None:  # the last player is placed with cards still in hand: not "out"
                out = view.hand_counts[seat] == 0
                where = ordinal(place, lang=lang)
                said = t(lang, "went out {place}", place=where) if out else t(lang, "last, {place}", place=where)
                status.append(said)
            elif seat in view.passed:
                status.append(t(lang, "passed"))
            else:
                status.append("")
        counts = [cards_count(lang, cards) for cards in view.hand_counts]
        columns: list[list[str]] = [counts, status]
        if view.series_games > 1:
            columns.append([tn(lang, "{n} pt", "{n} pts", points) for points in view.series_points])
        title = t(lang, "Thirteen")
        if view.series_games > 1:
            title = t(lang, "Thirteen · game {number} of {games}", number=view.game_number, games=view.series_games)
        lines = [heading(title), *seat_rows(names, columns, view.to_move)]
        if view.is_over:
            lines += [f"   {line}" for line in left_holding_lines(view, names, lang=lang)]
        elif view.table is None:
            if view.to_move is not None:
                leader = t(lang, "Table: clear, {name} leads a new round", name=names[view.to_move])
            else:
                leader = t(lang, "Table: clear, a new round")
            lines.append(f"   {leader}")
            ended = round_over_line(view, names, lang=lang)
            if ended:
                lines.append(f"   {ended}")
        else:
            table = view.table
            said = t(
                lang, "Table: {cards} ({combination}) by {name}", cards=cards_text(table.cards),
                combination=table_combo_text(lang, table), name=names[table.seat],
            )  # fmt: skip
            lines.append(f"   {said}")
        return "\n".join(lines)

    def hand(self, view: ThirteenView, *, lang: str = SOURCE) -> str:
        lines = [t(lang, "Your hand: {cards}", cards=cards_text(view.hand))]
        if view.must_include is not None and view.my_turn:  # TL-4
            lines.append(t(lang, "Your first play must include {card}.", card=view.must_include))
        if view.in_bomb_window:  # E-TL-1
            lines.append(t(lang, "You passed, but you may still chop the 2s with a bomb, or pass again."))
        if view.my_turn and not has_beating_play(view):  # D-TL-4: asked even so, so the pass tells nothing
            lines.append(t(lang, "{cant_beat}: type pass. {why}", cant_beat=cant_beat(lang), why=why_asked(lang)))
        return "\n".join(f"   {line}" for line in lines)

    def log(self, view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> list[str]:
        return [action_line(lang, line.seat, line.text, names) for line in view.log]

    def typed(self, move: Play | Pass, view: ThirteenView) -> str:
        return "pass" if isinstance(move, Pass) else codes_text(move.cards)

    def describe(self, move: Play | Pass, view: ThirteenView, *, lang: str = SOURCE) -> str:
        """A computer player's move or a hint in words: "7♠ 7♥ (pair of 7s)", "pass"."""
        return t(lang, "pass") if isinstance(move, Pass) else play_text(lang, move)

    def interlude(
        self, before: ThirteenView, after: ThirteenView, names: Sequence[str], *, lang: str = SOURCE
    ) -> str | None:
        """A series moves on to its next game (D-TL-5): what the last player held, the points so far."""
        if after.game_number == before.game_number or after.is_over:
            return None
        points = " · ".join(f"{names[seat]} {p}" for seat, p in enumerate(after.series_points))
        held = "".join(f"\n   {line}" for line in left_holding_lines(after, names, lang=lang))
        title = heading(t(lang, "Game {number} of {games}", number=after.game_number, games=after.series_games))
        so_far = t(lang, "Place points so far: {points}", points=points)
        return f"{title}{held}\n   {so_far}"

    def opening_lines(self, after: ThirteenView) -> int:
        """The newest log lines that already belong to the next game of a series (from its "game n of m
        is dealt" line on, D-TL-5), which the terminal prints after the points so far."""
        dealt = f"game {after.game_number} of {after.series_games} is dealt"
        starts = [n for n, line in enumerate(after.log) if line.seat is None and line.text == dealt]
        return len(after.log) - starts[-1] if starts and after.game_number > 1 else 0

    def help(self, *, lang: str = SOURCE) -> str:
        return help_text(lang)

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return refusal_said(lang, refused)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def option_abouts(lang: str = SOURCE) -> dict[str, str]:
    """What each table option changes (games.thirteen.options), for the terminal's --help in `lang`."""
    return {
        "bomb_after_pass": t(lang, "a player who passed may still bomb a 2"),
        "over_chopping": t(lang, "bigger kinds of bomb beat smaller ones"),
        "n_or_more_pairs": t(lang, "a longer double sequence also chops what a shorter one does"),
        "instant_wins": t(lang, "four 2s, a dragon, six pairs and the like win at the deal"),
        "two_finish_loses": t(lang, "going out with a 2 takes the lowest free place"),
        "auto_pass": t(lang, "pass for a player when no hand of their size could beat the table"),
        "series_games": t(lang, "games in the match, their place points added up"),
    }


TERMINAL = ThirteenText()  # what `terminal` shows for this game
