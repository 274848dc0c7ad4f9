"""What follows a move: the table, the private hands, turn pings, and the end of a game.

Runs as an after-move hook of the service, in the background, so the clicking player's own answer
never waits for other players' DMs. Also handles players leaving and the Rematch button.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.components import button, view_of
from bot.ids import ComponentId
from bot.lobby import LOBBY_KEY, LobbySettings
from bot.names import shown_name
from bot.service import Applied, Loaded
from data import ChannelBusy, GameStatus, HandDelivery, MatchRecord, MoveSource, TurnTimer
from data.privacy import returning_user
from rendering.standings import StandingRow, ordinal, render_standings

if TYPE_CHECKING:
    from bot.bot import CardBot

log = logging.getLogger(__name__)


class Endings:
    def __init__(self, bot: CardBot) -> None:
        self.bot = bot

    async def after_move(self, applied: Applied) -> None:
        """Table edit (coalesced), hands of the mover and of the next player, and the end of the game."""
        bot = self.bot
        after = applied.after
        game_id = after.record.id
        bot.tables.mark_dirty(game_id)
        seats = changed_hands(applied)
        next_seat = after.seat_at_turn()
        if next_seat is not None:
            seats.add(next_seat.seat)  # their controls must carry the new version
        if applied.source is MoveSource.PLAYER and next_seat is not None and next_seat.seat != applied.seat:
            # The player's own click redraws the hand they clicked (router). A player still on turn is
            # redrawn here too: skipping it made a Sixty-Six e2e test flaky (1 in 2), and a quick
            # selection made between the two redraws can be lost - a known, minor race.
            seats.discard(applied.seat)
        if after.record.status is not GameStatus.ACTIVE:
            seats = {seat.seat for seat in after.record.seats}
        await bot.hands.refresh(after, seats)
        if applied.match is not None:
            await self.announce_result(after, applied.match)
        elif next_seat is not None and next_seat.seat != applied.seat and not next_seat.is_computer:
            await self.ping_if_wanted(after, next_seat.user_id)

    async def ping_if_wanted(self, loaded: Loaded, user_id: int | None) -> None:
        """A channel ping when it becomes someone's turn, for those who asked for it, and for players
        without a DM hand in casual games (nothing else would tell them; live players are watching)."""
        if user_id is None:
            return
        settings = await self.bot.service.db.settings.user(user_id)
        no_dm = settings.dm_closed or settings.hand_delivery is HandDelivery.PANEL
        if not (settings.ping_on_turn or (no_dm and loaded.record.timer is TurnTimer.CASUAL)):
            return
        channel_id = loaded.record.table_channel_id or loaded.record.channel_id
        adapter = self.bot.service.adapter(loaded.record.kind)
        await self.bot.get_partial_messageable(channel_id).send(
            f"<@{user_id}>, it's your turn in {adapter.title} #{loaded.record.id}.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
        )

    async def announce_result(self, loaded: Loaded, match: MatchRecord) -> None:
        """Final standings as an image, whether the game was rated, and a Rematch button."""
        record = loaded.record
        adapter = self.bot.service.adapter(record.kind)
        rows = [
            StandingRow(place=p.place, name=p.display_name, score=p.score, note=_rating_note(p))
            for p in sorted(match.players, key=lambda p: (p.place, p.seat))
        ]
        title = f"{adapter.title} #{record.id}: final standings"
        subtitle = "Rated game" if match.rated else "Unrated (computer players took part)"
        image = await asyncio.to_thread(render_standings, title, rows, subtitle=subtitle)
        winners = ", ".join(shown_name(p.display_name) for p in match.players if p.place == 1)
        lines = [f"🏆 **{adapter.title}** #{record.id} is over: {winners} won!"]
        for p in sorted(match.players, key=lambda p: (p.place, p.seat)):
            lines.append(f"{ordinal(p.place)}: {shown_name(p.display_name)} ({p.score})")
        channel_id = record.table_channel_id or record.channel_id
        await self.bot.get_partial_messageable(channel_id).send(
            "\n".join(lines),
            file=discord.File(io.BytesIO(image), filename=f"standings-{record.id}.png"),
            view=view_of([button(ComponentId(record.id, 0, "rematch"), "Rematch", style=discord.ButtonStyle.success)]),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def leave(self, loaded: Loaded, seat: int, name: str) -> None:
        """A player leaves mid-game: a computer takes the seat; with no humans left the game ends."""
        service = self.bot.service
        loaded = await service.hand_over_to_computer(loaded.record.id, seat)
        channel_id = loaded.record.table_channel_id or loaded.record.channel_id
        humans = [s for s in loaded.record.seats if not s.is_computer]
        if not humans:
            loaded = await service.abandon(loaded.record.id, "every player left")
            await self.bot.get_partial_messageable(channel_id).send(
                f"Everyone has left {service.adapter(loaded.record.kind).title} #{loaded.record.id}; the game is over."
            )
        else:
            await self.bot.get_partial_messageable(channel_id).send(
                f"{shown_name(name)} left the game; a computer player takes their seat. This game is no longer rated.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
        self.bot.tables.mark_dirty(loaded.record.id)

    async def rematch(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Open a new lobby with the same players in the same seats; its host is whoever asked."""
        service = self.bot.service
        old = await service.db.games.get(cid.game_id)
        if old.seat_of(interaction.user.id) is None:
            await interaction.response.send_message(
                "Only the players of that game can ask for a rematch.", ephemeral=True
            )
            return
        options = {**old.options, LOBBY_KEY: LobbySettings(old.players, _level(old)).to_dict()}
        db = service.db
        try:
            record = await db.games.create_lobby(
                kind=old.kind,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                host_user_id=interaction.user.id,
                seed=_fresh_seed(),
                at=service.clock(),
                timer=old.timer,
                turn_seconds=old.turn_seconds,
                options=options,
                deadline=service.clock() + service.tuning.lobby_timeout,
            )
        except ChannelBusy:
            await interaction.response.send_message("There is already a game at this table.", ephemeral=True)
            return
        for seat in old.seats:
            if (user_id := returning_user(seat.user_id)) is not None:  # an erased seat returns as a computer
                await db.games.add_player(record.id, user_id, seat.display_name)
            else:
                await db.games.add_computer(record.id, seat.computer_level or "normal", seat.display_name)
        record = await db.games.get(record.id)
        lobby = self.bot.lobby
        await interaction.response.send_message(
            lobby.text(record, "Rematch! Same seats; anyone may Leave, the host presses Start."),
            view=view_of(lobby.items(record)),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(uid) for s in old.seats if (uid := returning_user(s.user_id)) is not None]
            ),
        )
        message = await interaction.original_response()
        await db.games.set_table_message(record.id, message.channel.id, message.id)


def changed_hands(applied: Applied) -> set[int]:
    """Seats whose own hand differs after the move: they drew (SX-5, CA-4), a new deal came, cards left.

    Who must see a new hand is the game's business, but every engine's seat view has a `hand`, so
    comparing views before and after tells the core without asking each game.
    """
    before, after = applied.before.state, applied.after.state
    if before is None or after is None:
        return set()
    return {
        seat
        for seat in range(after.players)
        if getattr(before.view(seat), "hand", None) != getattr(after.view(seat), "hand", None)
    }


def _rating_note(player: object) -> str:
    before, after = getattr(player, "before", None), getattr(player, "after", None)
    if before is None or after is None:
        return ""
    delta = after.ordinal - before.ordinal
    return f"rating {after.ordinal:.1f} ({delta:+.1f})"


def _level(record: object) -> str:
    seats = getattr(record, "seats", ())
    return next((s.computer_level for s in seats if s.computer_level and s.user_id is None), "normal")


def _fresh_seed() -> int:
    import random

    return random.SystemRandom().randrange(2**62)
