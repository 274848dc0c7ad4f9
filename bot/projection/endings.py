"""The end of a game: the final standings message, players leaving, and the Rematch button.

What is posted when is the reconciler's (bot.projection.reconciler); this module says what the standings show
and changes the stored game when a player leaves.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Protocol

import discord

from bot.flows.lobby import LOBBY_KEY, LobbySettings, busy_text, lobby_shown, unseen_deadline
from bot.kit.components import button
from bot.kit.ids import ComponentId, TableAction
from bot.kit.languages import reader_language
from bot.kit.names import seat_label, shown_name
from bot.kit.texts import place_word
from bot.kit.transport import Post
from bot.moves.service import Loaded
from bot.projection.threads import table_title, thread_name
from data import ChannelBusy, GameRecord, MatchRecord, MessageKind
from data.privacy import returning_user
from locales import SOURCE, listing, number, t
from rendering.standings import StandingRow, render_standings

if TYPE_CHECKING:
    from bot.kit.wiring import Channels, Marks
    from bot.moves.service import GameService

log = logging.getLogger(__name__)


class LobbyCards(Protocol):
    """The slice of the lobby a rematch uses: the lobby message of a record, and what it becomes when the
    lobby closed before that message was recorded."""

    async def card_for(self, record: GameRecord, notice: str = "") -> discord.ui.LayoutView: ...

    async def unseen_closed(self, interaction: discord.Interaction, record: GameRecord) -> None: ...


class ThreadNames(Protocol):
    """The slice of the thread opener a rematch in a thread uses: naming the thread for its new table."""

    async def rename(self, game_id: int, thread_id: int, name: str) -> None: ...


class Standings:
    """What the final standings show; the reconciler posts them once (bot.projection.reconciler)."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def result_post(self, loaded: Loaded, match: MatchRecord) -> Post:
        """Final standings as an image, whether the game was rated, and a Rematch button."""
        record = loaded.record
        adapter = self.service.adapter(record.kind)
        lang = await self.service.table_language(record.guild_id)  # the whole table reads the standings
        players = sorted(match.players, key=lambda p: (p.place, p.seat))
        names = {p.seat: seat_label(p.display_name, p.is_computer) for p in players}  # "🤖 Bob": a computer took over
        rows = [
            StandingRow(place=p.place, name=names[p.seat], score=p.score, note=_rating_note(p, lang)) for p in players
        ]
        title = t(lang, "{game} #{number}: final standings", game=adapter.name(lang, record.options), number=record.id)
        subtitle = t(lang, "Rated game") if match.rated else t(lang, "Unrated (computer players took part)")
        image = await asyncio.to_thread(render_standings, title, rows, subtitle=subtitle)
        winners = listing(lang, [shown_name(names[p.seat]) for p in players if p.place == 1])
        lines = [
            t(
                lang,
                "🏆 **{game}** #{number} is over: {winners} won!",
                game=adapter.name(lang, record.options),
                number=record.id,
                winners=winners,
            )
        ]
        for p in players:
            place = place_word(lang, p.place)
            lines.append(
                t(
                    lang,
                    "{place}: {name} ({score})",
                    place=place,
                    name=shown_name(names[p.seat]),
                    score=number(lang, p.score),
                )
            )
        rematch = button(
            ComponentId(record.id, 0, TableAction.REMATCH), t(lang, "Rematch"), style=discord.ButtonStyle.success
        )
        return Post(
            "\n".join(lines),
            image=image,
            filename=f"standings-{record.id}.png",
            items=(rematch,),
            nonce=result_nonce(record.id, record.seed),
        )


class Endings:
    """Players leaving a game, and the Rematch button; `marks` has the notices they owe posted."""

    def __init__(
        self,
        service: GameService,
        *,
        lobby: LobbyCards,
        marks: Marks,
        threads: ThreadNames | None = None,
        channels: Channels | None = None,
    ) -> None:
        self.service = service
        self.lobby = lobby
        self.marks = marks
        self.threads = threads  # bot.projection.threads: a rematch in a game's thread renames it
        self.channels = channels  # a rematch asked for in a locked thread opens in its parent channel

    async def leave(self, loaded: Loaded, seat: int, name: str) -> None:
        """A player leaves mid-game: a computer takes the seat; with no humans left the game ends.

        The stored game changes here; the "X left" notice is recorded as owed and posted by the
        reconciler, so a refused or failed post never stops the leave itself."""
        service = self.service
        record = loaded.record
        humans = [s for s in record.seats if not s.is_computer and s.seat != seat]
        lang = await service.table_language(record.guild_id)  # posted in the channel
        if not humans:
            title = service.adapter(record.kind).name(lang, record.options)
            text = t(
                lang,
                "Everyone has left {game} #{number}, so the game was ended. Nothing was rated.",
                game=title,
                number=record.id,
            )
        else:
            text = t(
                lang,
                "{name} left the game; a computer player takes their seat. This game is no longer rated.",
                name=shown_name(name),
            )
        # Owed before the game ends: the end's last step, archiving a game's thread, waits for what is owed
        # there (bot.projection.reconciler), so the notice must be stored by the time the end asks for a pass.
        await service.db.messages.owe(record.id, MessageKind.LEFT, seat, text, version=record.version)
        loaded = await service.hand_over_to_computer(record.id, seat)
        if not humans:
            loaded = await service.abandon(record.id, "every player left")
        self.marks.mark_dirty(record.id)

    async def rematch(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """Open a new lobby with the same players in the same seats; its host is whoever asked."""
        service = self.service
        old = await service.db.games.get(cid.game_id)
        mine = await reader_language(service.db, interaction)
        if old.seat_of(interaction.user.id) is None:
            text = t(mine, "Only the players of that game can ask for a rematch.")
            await interaction.response.send_message(text, ephemeral=True)
            return
        options = {**old.options, LOBBY_KEY: LobbySettings(old.players, _level(old)).to_dict()}
        # A game in a thread has its rematch there too (bot.projection.threads), unless the thread is closed: locked by
        # a moderator (the standings then went to the channel, or the click comes from the locked thread,
        # where a post is refused with 50083). The rematch then opens in the parent channel and says why.
        in_thread = old.thread_id is not None and interaction.channel_id == old.thread_id
        thread_open = in_thread and not _locked(interaction.channel)
        thread_id = old.thread_id if thread_open else None
        lang = await service.table_language(old.guild_id)  # the lobby: what the whole table reads
        notice = t(lang, "Rematch! Same seats; anyone may Leave, the host presses Start.")
        if old.thread_id is not None and not thread_open:
            closed = t(
                lang,
                "The last game's thread {thread} is closed, so this table plays here in the channel.",
                thread=f"<#{old.thread_id}>",
            )
            notice += "\n" + closed
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
                deadline=unseen_deadline(service),
                thread_id=thread_id,
                guild_name=interaction.guild.name if interaction.guild is not None else old.guild_name,
            )
        except ChannelBusy as busy:
            await interaction.response.send_message(await busy_text(service, busy.game_id, mine), ephemeral=True)
            return
        for seat in old.seats:
            if (user_id := returning_user(seat.user_id)) is not None:  # an erased seat returns as a computer
                await db.games.add_player(record.id, user_id, seat.display_name)
            else:
                await db.games.add_computer(record.id, seat.computer_level or "normal", seat.display_name)
        record = await db.games.get(record.id)
        lobby = self.lobby
        card = await lobby.card_for(record, notice)
        mentions = discord.AllowedMentions(
            users=[discord.Object(uid) for s in old.seats if (uid := returning_user(s.user_id)) is not None]
        )
        if in_thread and not thread_open and self.channels is not None:
            # Asked for in the locked thread: the answer there is only for the asker; the lobby is posted in
            # the parent channel, where everyone can join it.
            said = t(
                mine,
                "{thread} is locked, so the rematch opens in {channel}.",
                thread=f"<#{old.thread_id}>",
                channel=f"<#{old.channel_id}>",
            )
            await interaction.response.send_message(said, ephemeral=True)
            message = await self.channels.get_partial_messageable(old.channel_id).send(
                view=card, allowed_mentions=mentions
            )
        else:
            await interaction.response.send_message(view=card, allowed_mentions=mentions)
            message = await interaction.original_response()
        if not await lobby_shown(service, record, message.channel.id, message.id):
            await self.lobby.unseen_closed(interaction, record)
            return
        if record.thread_id is not None and self.threads is not None:
            # The archived thread was reopened by the lobby's post (a send unarchives it); its name follows
            # the new table: one rename, the bot's own thread (bot.projection.threads).
            title = await table_title(service, record.guild_id, record.kind, record.options)
            name = thread_name(title, interaction.user.display_name, record.id)
            await self.threads.rename(record.id, record.thread_id, name)


def result_nonce(game_id: int, seed: int) -> str:
    """The standings' nonce: one per game (its id, and its seed so a fresh database reusing the id in the
    same channel is not mistaken for it), within Discord's 25 characters."""
    return f"res{game_id}-{seed % 10**10}"[:25]


def _locked(channel: object) -> bool:
    """Whether the interaction's channel is a thread a moderator locked (a post there is refused, 50083)."""
    return isinstance(channel, discord.Thread) and channel.locked


def _rating_note(player: object, lang: str = SOURCE) -> str:
    before, after = getattr(player, "before", None), getattr(player, "after", None)
    if before is None or after is None:
        return ""
    from data.ratings import display_change, display_rating

    return t(
        lang,
        "rating {rating} ({change})",
        rating=number(lang, display_rating(after)),
        change=f"{display_change(before, after):+d}",
    )


def _level(record: object) -> str:
    seats = getattr(record, "seats", ())
    return next((s.computer_level for s in seats if s.computer_level and s.user_id is None), "normal")


def _fresh_seed() -> int:
    import random

    return random.SystemRandom().randrange(2**62)
