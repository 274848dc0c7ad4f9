"""Thirteen (Tiến lên) at the table: `/thirteen new`, and the hand controls.

The hand panel is one multi-select of the player's cards (13 at most, well inside Discord's 25
options), four buttons (Play, Pass, Hint, Clear) and, on the player's turn, up to ten one-tap
suggestions ("Pair 9♠ 9♥", games.thirteen.suggest). The selection travels in the custom ids as a
bitmask over the sorted hand (bot.ids.encode_mask), so it survives a restart and needs no memory.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapters import QUIET_WAITING, GameAdapter, Outcome, Panel, PanelContext, Redraw, Refuse, Submit
from bot.bot import CardBot
from bot.components import button, select
from bot.decode import INVALID, strict_indices
from bot.ids import ComponentId, encode_mask
from bot.lobby import LEVEL_CHOICES, PACE_CHOICES, PACE_HELP
from bot.texts import count, ordinal
from data import TurnTimer
from games.base import Move
from games.thirteen import ENGINE, PASS, NormalPlayer, Options, Play, ThirteenView
from games.thirteen.suggest import suggestions
from rendering.thirteen import render_hand, render_table

RULES = """**Thirteen (Tiến lên)**: be the first to shed all your cards.
• Cards rank 3 4 5 6 7 8 9 10 J Q K A 2; suits ♠ < ♣ < ♦ < ♥ break ties (TL-2).
• Play a single, pair, triple, quad, a sequence of 3+ ranks (no 2s) or a double sequence of 3+ pairs.
• Beat the table with the same kind and length and a higher top card, or pass (TL-6, TL-7).
• Passing keeps you out until the table clears (TL-9). When everyone passes, the last player leads anything.
• Bombs beat 2s: a quad or 3 pairs in sequence beat a single 2; 4 pairs beat a pair of 2s; 5 pairs beat three 2s (TL-8).
• The first game is led by whoever holds 3♠ (or the lowest card), and that lead must include it (TL-4).
• Play goes on until one player is left; places score n-1 … 0 points (TL-11, TL-12)."""

TAKE = "take"  # a suggestion button: its argument is the play, as a mask over the hand

OPTION_LABELS = {
    "bomb_after_pass": "bombs after passing",
    "over_chopping": "over-chopping",
    "n_or_more_pairs": "n-or-more pairs",
    "instant_wins": "instant wins",
    "two_finish_loses": "finishing on a 2 loses",
}


class ThirteenAdapter(GameAdapter):
    kind = "thirteen"
    title = "Thirteen"
    engine = ENGINE
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
        lines = []
        if view.last_action is not None:
            who = names[view.last_action.seat] if view.last_action.seat is not None else ""
            lines.append(f"{who} {view.last_action.text}".strip())
        if view.is_over:
            order = ", ".join(f"{ordinal(i + 1)} {names[seat]}" for i, seat in enumerate(view.finished))
            lines.append(f"Game over: {order}")
        return "\n".join(lines)

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
            items.append(select(ComponentId(gid, version, "sel"), options, placeholder="Choose cards to play", row=0))
        mine = view.my_turn and not view.is_over
        items += [
            button(
                ComponentId(gid, version, "play", mask),
                "Play",
                style=discord.ButtonStyle.primary,
                disabled=not (mine and selection),
                row=1,
            ),
            button(ComponentId(gid, version, "pass"), "Pass", disabled=not (mine and view.can_pass), row=1),
            button(ComponentId(gid, version, "hint", mask), "Hint", emoji="💡", disabled=not mine, row=1),
            button(ComponentId(gid, version, "clear"), "Clear", disabled=not selection, row=1),
        ]
        # One tap to play: the lowest plays of each shape that beat the table (games.thirteen.suggest).
        # Their own action, so a suggestion never shares a custom id with Play of the same cards.
        position = {card: i for i, card in enumerate(hand)}
        for n, suggestion in enumerate(suggestions(view)):
            take = encode_mask(position[card] for card in suggestion.cards)
            items.append(
                button(
                    ComponentId(gid, version, TAKE, take),
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
        extra = " (you passed, but you may bomb the 2)" if view.in_bomb_window else ""
        return (
            f"**Your turn.** Beat {' '.join(map(str, table.cards))} ({table.description}) "
            f"played by {names[table.seat]}, or pass{extra}."
        )

    def on_action(self, ctx: PanelContext, action: str, arg: str, values: Sequence[str]) -> Outcome:
        view: ThirteenView = ctx.view
        hand = view.hand
        if action == "sel":
            picked = strict_indices(values, range(len(hand)))
            if picked is None:
                return Refuse(INVALID)
            return Redraw(selection=picked)
        if action == "clear":
            return Redraw()
        if action == "hint":
            if not view.my_turn:
                return Refuse("Hints are for your own turn.")
            move = NormalPlayer().choose(view, random.Random(ctx.version))
            if isinstance(move, Play):
                picked = frozenset(i for i, card in enumerate(hand) if card in move.cards)
                return Redraw(selection=picked, notice=f"💡 Hint: play {move}.")
            return Redraw(selection=ctx.selection, notice="💡 Hint: pass this time.")
        if action == "pass":
            return Submit(PASS, ctx.selection)
        if action in ("play", TAKE):
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


class Thirteen(commands.Cog):
    group = app_commands.Group(name="thirteen", description="Thirteen (Tiến lên), 2-4 players", guild_only=True)

    def __init__(self, bot: CardBot) -> None:
        self.bot = bot
        bot.service.register(ThirteenAdapter())

    @group.command(name="new", description="Open a Thirteen table in this channel")
    @app_commands.describe(
        seats="How many players (2-4); empty seats get computer players",
        level="How strong the computer players are",
        pace=PACE_HELP,
        bomb_after_pass="A player who passed may still bomb a 2",
        over_chopping="Bigger kinds of bomb beat smaller ones",
        n_or_more_pairs="A longer double sequence also chops what a shorter one does",
        instant_wins="Four 2s, a dragon, six pairs and the like win at the deal",
        two_finish_loses="Going out with a 2 takes the lowest free place",
        games="Games in the match (place points add up)",
    )
    @app_commands.choices(
        level=LEVEL_CHOICES,
        pace=PACE_CHOICES,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 2, 4] = 4,
        level: str = "normal",
        pace: str = "live",
        bomb_after_pass: bool = False,
        over_chopping: bool = False,
        n_or_more_pairs: bool = False,
        instant_wins: bool = False,
        two_finish_loses: bool = False,
        games: app_commands.Range[int, 1, 20] = 1,
    ) -> None:
        # Every house rule the engine knows (games.thirteen.Options), all off by default (D-TL-1).
        await self.bot.lobby.open(
            interaction,
            "thirteen",
            seats=seats,
            level=level,
            timer=TurnTimer(pace),
            options={
                "bomb_after_pass": bomb_after_pass,
                "over_chopping": over_chopping,
                "n_or_more_pairs": n_or_more_pairs,
                "instant_wins": instant_wins,
                "two_finish_loses": two_finish_loses,
                "series_games": games,
            },
        )

    @group.command(name="rules", description="The rules of Thirteen, in short")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(RULES, ephemeral=True)


async def setup(bot: CardBot) -> None:
    await bot.add_cog(Thirteen(bot))
