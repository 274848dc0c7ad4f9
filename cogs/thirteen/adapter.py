"""Thirteen's hand controls: one multi-select of the player's cards and Play, Pass, Hint, Clear.

The hand panel is one multi-select of the player's cards (13 at most, well inside Discord's 25
options), four buttons (Play, Pass, Hint, Clear) and, on the player's turn, up to ten one-tap
suggestions ("Pair 9♠ 9♥", games.thirteen.suggest). The selection travels in the custom ids as a
bitmask over the sorted hand (bot.kit.ids.encode_mask), so it survives a restart and needs no memory.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.kit.components import button, select
from bot.kit.decode import INVALID, strict_indices
from bot.kit.ids import ComponentId, encode_mask
from bot.moves.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from cogs.thirteen.words import (
    RULES,
    action_line,
    cant_beat,
    left_holding_lines,
    option_labels,
    play_text,
    refusal_said,
    round_over_line,
    rules,
    series_rules,
    shape_name,
    table_combo_text,
    why_asked,
)
from games.base import IllegalMove, Move
from games.thirteen import GAME, PASS, NormalPlayer, Options, Play, ThirteenView
from games.thirteen.suggest import has_beating_play, suggestions
from locales import SOURCE, listing, t, tn
from rendering.thirteen import render_hand, render_table, series_over_text
from rendering.words import ordinal


class HandAction(StrEnum):
    """Thirteen's hand controls, as custom-id actions (none is a bot.kit.ids.LobbyAction or TableAction)."""

    SELECT = "sel"
    PLAY = "play"
    PASS = "pass"
    HINT = "hint"
    CLEAR = "clear"
    TAKE = "take"  # a suggestion button: its argument is the play, as a mask over the hand


class ThirteenAdapter(GameAdapter):
    game = GAME  # kind, title, engine, command and seats come from the declaration
    summary = RULES

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        return refusal_said(lang, refused)

    def summary_in(self, lang: str) -> str:
        return rules(lang)

    def rules_text(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        """The rules, then how this table's match of several games is won (D-TL-5)."""
        # Keys starting with "_" belong to the bot (the lobby's seat and level choices), not to the rules.
        chosen = Options.from_mapping({key: value for key, value in options.items() if not key.startswith("_")})
        games = chosen.series_games
        return "\n".join(filter(None, [rules(lang), series_rules(lang, games)]))

    def parse_options(self, raw: Mapping[str, Any], *, lang: str = SOURCE) -> dict[str, Any]:
        return Options.from_mapping({"auto_pass_public": True, **raw}).to_dict()

    def describe_options(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        chosen = Options.from_mapping(dict(options))
        parts = [label for key, label in option_labels(lang).items() if getattr(chosen, key)]
        if not chosen.auto_pass:
            parts.append(t(lang, "no auto-pass"))
        if chosen.series_games > 1:
            parts.append(tn(lang, "match of {n} game", "match of {n} games", chosen.series_games))
        return ", ".join(parts) or t(lang, "standard rules")

    def table_header(self, view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> str:
        lines = [round_over_line(view, names, lang=lang)]
        if view.series_games > 1:  # D-TL-5: a match of N games says which one this is, as its image does
            lines.insert(0, t(lang, "Game {number} of {games}", number=view.game_number, games=view.series_games))
        if view.last_action is not None:
            lines.append(action_line(lang, view.last_action.seat, view.last_action.text, names))
        if view.is_over:
            order = listing(
                lang, [t(lang, "{place} {name}", place=ordinal(i + 1, lang=lang), name=names[seat])
                       for i, seat in enumerate(view.finished)],
            )  # fmt: skip
            lines.append(t(lang, "Game over: {order}", order=order))
            # A match of several games is won on place points, not by the last game's order (D-TL-5).
            lines.append(series_over_text(view, names, lang=lang))
        lines += left_holding_lines(view, names, lang=lang)  # a game just ended: every hand is public now
        return "\n".join(line for line in lines if line)

    def render_table(self, view: ThirteenView, names: Sequence[str], *, lang: str = SOURCE) -> bytes:
        return render_table(view, names, lang=lang)

    def hand_panel(self, ctx: PanelContext, *, lang: str = SOURCE) -> Panel:
        view: ThirteenView = ctx.view
        hand = view.hand
        selection = frozenset(i for i in ctx.selection if i < len(hand))
        chosen = [hand[i] for i in sorted(selection)]
        waiting = t(lang, QUIET_WAITING) if ctx.quiet else None
        lines = [ctx.location, self._status(view, ctx.names, waiting=waiting, lang=lang)]
        if chosen:
            lines.append(t(lang, "Selected: {cards}", cards=" ".join(str(card) for card in chosen)))
        if ctx.notice:
            lines.append(ctx.notice)
        image = render_hand(view, chosen, lang=lang) if hand else None
        items: list[discord.ui.Item[Any]] = []
        gid, version, mask = ctx.game_id, ctx.version, encode_mask(selection)
        if hand:
            options = [
                discord.SelectOption(label=str(card), value=str(i), default=i in selection)
                for i, card in enumerate(hand)
            ]
            items.append(
                select(
                    ComponentId(gid, version, HandAction.SELECT),
                    options,
                    placeholder=t(lang, "Choose cards to play"),
                    row=0,
                )
            )
        mine = view.my_turn and not view.is_over
        only_pass = mine and view.can_pass and not has_beating_play(view)  # D-TL-4: Pass is the move
        items += [
            button(
                ComponentId(gid, version, HandAction.PLAY, mask),
                t(lang, "Play"),
                style=discord.ButtonStyle.primary,
                disabled=not (mine and selection),
                row=1,
            ),
            button(
                ComponentId(gid, version, HandAction.PASS),
                t(lang, "Pass"),
                style=discord.ButtonStyle.primary if only_pass else discord.ButtonStyle.secondary,
                disabled=not (mine and view.can_pass),
                row=1,
            ),
            button(
                ComponentId(gid, version, HandAction.HINT, mask), t(lang, "Hint"), emoji="💡", disabled=not mine, row=1
            ),
            button(ComponentId(gid, version, HandAction.CLEAR), t(lang, "Clear"), disabled=not selection, row=1),
        ]
        # One tap to play: the lowest plays of each shape that beat the table (games.thirteen.suggest).
        # Their own action, so a suggestion never shares a custom id with Play of the same cards.
        position = {card: i for i, card in enumerate(hand)}
        for n, suggestion in enumerate(suggestions(view)):
            take = encode_mask(position[card] for card in suggestion.cards)
            items.append(
                button(
                    ComponentId(gid, version, HandAction.TAKE, take),
                    f"{shape_name(lang, suggestion.kind)} {' '.join(str(card) for card in suggestion.cards)}",
                    style=discord.ButtonStyle.success,
                    row=2 + n // 5,
                )
            )
        return Panel(content="\n".join(line for line in lines if line), image=image, items=tuple(items))

    @staticmethod
    def _status(view: ThirteenView, names: Sequence[str], *, waiting: str | None = None, lang: str = SOURCE) -> str:
        seat = view.seat
        place = view.places[seat] if seat is not None else None
        if place is not None and place < len(view.places):
            # The same words before and after the end: a hand that went out needs no edit when it ends.
            return t(lang, "You went out {place}.", place=ordinal(place, lang=lang))
        if view.is_over:
            if place:
                return t(lang, "The game is over. You finished {place}.", place=ordinal(place, lang=lang))
            return t(lang, "The game is over.")
        if not view.my_turn:
            if waiting is not None:
                return waiting
            if view.to_move is None:
                return t(lang, "Waiting for the table.")
            return t(lang, "Waiting for {name}.", name=names[view.to_move])
        if view.table is None:
            if view.must_include is not None:
                return t(lang, "**Your turn.** You lead; your play must include {card}.", card=view.must_include)
            return t(lang, "**Your turn.** You lead: play any combination.")
        table = view.table
        cards, combination = " ".join(map(str, table.cards)), table_combo_text(lang, table)
        if not has_beating_play(view):
            return t(
                lang, "**Your turn.** {cant_beat} ({cards}, {combination} played by {name}): press Pass. {why}",
                cant_beat=cant_beat(lang), cards=cards, combination=combination, name=names[table.seat],
                why=why_asked(lang),
            )  # fmt: skip
        if view.in_bomb_window:
            return t(
                lang, "**Your turn.** Beat {cards} ({combination}) played by {name}, or pass (you passed, but you "
                "may bomb the 2).", cards=cards, combination=combination, name=names[table.seat],
            )  # fmt: skip
        return t(
            lang, "**Your turn.** Beat {cards} ({combination}) played by {name}, or pass.", cards=cards,
            combination=combination, name=names[table.seat],
        )  # fmt: skip

    def on_action(
        self, ctx: PanelContext, action: str, arg: str, values: Sequence[str], *, lang: str = SOURCE
    ) -> Outcome:
        view: ThirteenView = ctx.view
        hand = view.hand
        if action == HandAction.SELECT:
            picked = strict_indices(values, range(len(hand)))
            if picked is None:
                return Refuse(INVALID)
            return Redraw(selection=picked)
        if action == HandAction.CLEAR:
            return Redraw()
        if action == HandAction.HINT:
            if not view.my_turn:
                return Refuse(t(lang, "Hints are for your own turn."))
            move = NormalPlayer().choose(view, random.Random(ctx.version))
            if isinstance(move, Play):
                picked = frozenset(i for i, card in enumerate(hand) if card in move.cards)
                return Redraw(selection=picked, notice=t(lang, "💡 Hint: play {play}.", play=play_text(lang, move)))
            return Redraw(selection=ctx.selection, notice=t(lang, "💡 Hint: pass this time."))
        if action == HandAction.PASS:
            return Submit(PASS, ctx.selection)
        if action in (HandAction.PLAY, HandAction.TAKE):
            if not ctx.selection:
                return Refuse(t(lang, "Choose the cards to play in the menu first."))
            cards = [hand[i] for i in sorted(ctx.selection) if i < len(hand)]
            return Submit(Play.of(cards), ctx.selection)
        return Refuse(t(lang, "That button isn't part of this game."))

    def timeout_move(self, state: Any, seat: int, rng: random.Random) -> Move:
        """Out of time: pass when the rules allow it, else the normal computer player's lead."""
        view: ThirteenView = state.view(seat)
        if view.can_pass:
            return PASS
        return NormalPlayer().choose(view, rng)
