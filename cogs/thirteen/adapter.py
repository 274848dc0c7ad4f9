"""Thirteen's hand controls: one multi-select of the player's cards and Play, Pass, Hint, Clear.

The hand panel is one multi-select of the player's cards (13 at most, well inside Discord's 25
options), four buttons (Play, Pass, Hint, Clear) and, on the player's turn, up to ten one-tap
suggestions ("Pair 9♠ 9♥", games.thirteen.suggest). The selection travels in the custom ids as a
bitmask over the sorted hand (bot.ids.encode_mask), so it survives a restart and needs no memory.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from bot.components import button, select
from bot.decode import INVALID, strict_indices
from bot.ids import ComponentId, encode_mask
from bot.texts import count, ordinal
from cogs.thirteen.words import CANT_BEAT, OPTION_LABELS, RULES, WHY_ASKED, left_holding_lines, round_over_line
from games.base import Move
from games.thirteen import GAME, PASS, NormalPlayer, Options, Play, ThirteenView
from games.thirteen.suggest import has_beating_play, suggestions
from rendering.thirteen import render_hand, render_table


class HandAction(StrEnum):
    """Thirteen's hand controls, as custom-id actions (none is a bot.ids.LobbyAction or TableAction)."""

    SELECT = "sel"
    PLAY = "play"
    PASS = "pass"
    HINT = "hint"
    CLEAR = "clear"
    TAKE = "take"  # a suggestion button: its argument is the play, as a mask over the hand


class ThirteenAdapter(GameAdapter):
    game = GAME  # kind, title, engine, command and seats come from the declaration
    summary = RULES

    def parse_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return Options.from_mapping({"auto_pass_public": True, **raw}).to_dict()

    def describe_options(self, options: Mapping[str, Any]) -> str:
        chosen = Options.from_mapping(dict(options))
        parts = [label for key, label in OPTION_LABELS.items() if getattr(chosen, key)]
        if not chosen.auto_pass:
            parts.append("no auto-pass")
        if chosen.series_games > 1:
            parts.append(f"match of {count(chosen.series_games, 'game')}")
        return ", ".join(parts) or "standard rules"

    def table_header(self, view: ThirteenView, names: Sequence[str]) -> str:
        lines = [round_over_line(view, names)]
        if view.last_action is not None:
            who = names[view.last_action.seat] if view.last_action.seat is not None else ""
            lines.append(f"{who} {view.last_action.text}".strip())
        if view.is_over:
            order = ", ".join(f"{ordinal(i + 1)} {names[seat]}" for i, seat in enumerate(view.finished))
            lines.append(f"Game over: {order}")
        lines += left_holding_lines(view, names)  # a game just ended: every hand is public now
        return "\n".join(line for line in lines if line)

    def render_table(self, view: ThirteenView, names: Sequence[str]) -> bytes:
        return render_table(view, names)

    def hand_panel(self, ctx: PanelContext) -> Panel:
        view: ThirteenView = ctx.view
        hand = view.hand
        selection = frozenset(i for i in ctx.selection if i < len(hand))
        chosen = [hand[i] for i in sorted(selection)]
        lines = [ctx.location, self._status(view, ctx.names, waiting=QUIET_WAITING if ctx.quiet else None)]
        if chosen:
            lines.append("Selected: " + " ".join(str(card) for card in chosen))
        if ctx.notice:
            lines.append(ctx.notice)
        image = render_hand(view, chosen) if hand else None
        items: list[discord.ui.Item[Any]] = []
        gid, version, mask = ctx.game_id, ctx.version, encode_mask(selection)
        if hand:
            options = [
                discord.SelectOption(label=str(card), value=str(i), default=i in selection)
                for i, card in enumerate(hand)
            ]
            items.append(
                select(ComponentId(gid, version, HandAction.SELECT), options, placeholder="Choose cards to play", row=0)
            )
        mine = view.my_turn and not view.is_over
        only_pass = mine and view.can_pass and not has_beating_play(view)  # D-TL-4: Pass is the move
        items += [
            button(
                ComponentId(gid, version, HandAction.PLAY, mask),
                "Play",
                style=discord.ButtonStyle.primary,
                disabled=not (mine and selection),
                row=1,
            ),
            button(
                ComponentId(gid, version, HandAction.PASS),
                "Pass",
                style=discord.ButtonStyle.primary if only_pass else discord.ButtonStyle.secondary,
                disabled=not (mine and view.can_pass),
                row=1,
            ),
            button(ComponentId(gid, version, HandAction.HINT, mask), "Hint", emoji="💡", disabled=not mine, row=1),
            button(ComponentId(gid, version, HandAction.CLEAR), "Clear", disabled=not selection, row=1),
        ]
        # One tap to play: the lowest plays of each shape that beat the table (games.thirteen.suggest).
        # Their own action, so a suggestion never shares a custom id with Play of the same cards.
        position = {card: i for i, card in enumerate(hand)}
        for n, suggestion in enumerate(suggestions(view)):
            take = encode_mask(position[card] for card in suggestion.cards)
            items.append(
                button(
                    ComponentId(gid, version, HandAction.TAKE, take),
                    suggestion.label,
                    style=discord.ButtonStyle.success,
                    row=2 + n // 5,
                )
            )
        return Panel(content="\n".join(line for line in lines if line), image=image, items=tuple(items))

    @staticmethod
    def _status(view: ThirteenView, names: Sequence[str], *, waiting: str | None = None) -> str:
        seat = view.seat
        place = view.places[seat] if seat is not None else None
        if place is not None and place < len(view.places):
            # The same words before and after the end: a hand that went out needs no edit when it ends.
            return f"You went out {ordinal(place)}."
        if view.is_over:
            return f"The game is over. You finished {ordinal(place)}." if place else "The game is over."
        if not view.my_turn:
            if waiting is not None:
                return waiting
            who = names[view.to_move] if view.to_move is not None else "the table"
            return f"Waiting for {who}."
        if view.table is None:
            if view.must_include is not None:
                return f"**Your turn.** You lead; your play must include {view.must_include}."
            return "**Your turn.** You lead: play any combination."
        table = view.table
        if not has_beating_play(view):
            return (
                f"**Your turn.** {CANT_BEAT} ({' '.join(map(str, table.cards))}, {table.description} "
                f"played by {names[table.seat]}): press Pass. {WHY_ASKED}"
            )
        extra = " (you passed, but you may bomb the 2)" if view.in_bomb_window else ""
        return (
            f"**Your turn.** Beat {' '.join(map(str, table.cards))} ({table.description}) "
            f"played by {names[table.seat]}, or pass{extra}."
        )

    def on_action(self, ctx: PanelContext, action: str, arg: str, values: Sequence[str]) -> Outcome:
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
                return Refuse("Hints are for your own turn.")
            move = NormalPlayer().choose(view, random.Random(ctx.version))
            if isinstance(move, Play):
                picked = frozenset(i for i, card in enumerate(hand) if card in move.cards)
                return Redraw(selection=picked, notice=f"💡 Hint: play {move}.")
            return Redraw(selection=ctx.selection, notice="💡 Hint: pass this time.")
        if action == HandAction.PASS:
            return Submit(PASS, ctx.selection)
        if action in (HandAction.PLAY, HandAction.TAKE):
            if not ctx.selection:
                return Refuse("Choose the cards to play in the menu first.")
            cards = [hand[i] for i in sorted(ctx.selection) if i < len(hand)]
            return Submit(Play.of(cards), ctx.selection)
        return Refuse("That button isn't part of this game.")

    def timeout_move(self, state: Any, seat: int, rng: random.Random) -> Move:
        """Out of time: pass when the rules allow it, else the normal computer player's lead."""
        view: ThirteenView = state.view(seat)
        if view.can_pass:
            return PASS
        return NormalPlayer().choose(view, rng)
