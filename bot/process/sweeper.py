"""One loop for every deadline of every game (design §3.5): reminders, automatic moves, idle lobbies.

The stored deadline is each game's next wake-up (see `GameService.wake_up_for`): the reminder time
of the current turn, then, once the reminder has gone, the turn's real deadline. A turn that runs
out gets an automatic move (the adapter's choice: pass where the rules allow, else the normal
computer player's move); after `Tuning.max_timeouts` in a row the seat is handed to a computer player
and the game stops being rated. A lobby is due first after a short grace for its message to be
recorded (a lobby nobody can see is closed), then after its idle timeout. Deadlines live in the
database, so a restart honours them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.flows.lobby import UNSEEN_REASON
from bot.kit.layout import notice_kwargs
from bot.kit.names import shown_name
from bot.kit.texts import relative
from bot.moves.service import GameClosed, NotYourTurn, StaleVersion
from data import GameRecord, GameStatus, MoveSource
from games.base import IllegalMove, Move
from locales import t, tn

if TYPE_CHECKING:
    from bot.flows.tournaments import TournamentRunner
    from bot.kit.wiring import Channels, Marks
    from bot.moves.service import GameService
    from bot.projection.digest import Digests
    from bot.projection.seasons import SeasonCloser

log = logging.getLogger(__name__)


class Sweeper:
    """Wakes every game whose stored deadline has come; what it stores, the reconciler shows (`marks`)."""

    def __init__(
        self,
        service: GameService,
        *,
        channels: Channels,
        marks: Marks,
        digests: Digests | None = None,
        seasons: SeasonCloser | None = None,
        tournaments: TournamentRunner | None = None,
    ) -> None:
        self.service = service
        self.channels = channels  # an expired lobby's message is edited by id
        self.marks = marks
        self.digests = digests  # the turn digests owed are sent from the same periodic pass (bot.projection.digest)
        self.seasons = seasons  # closes ended seasons and posts their end, once (bot.projection.seasons)
        self.tournaments = tournaments  # steps the tournaments this process owns (bot.flows.tournaments)
        self._task: asyncio.Task[None] | None = None
        # Set by `stop`: the loop ends at its next pause even if a cancellation was lost on the way (a
        # library awaiting with Python 3.11's `asyncio.wait_for` drops one that lands as its call answers).
        self._stopped = asyncio.Event()
        # One sweep at a time in this process. Two side by side could both find a turn due at its reminder:
        # the second read it between the first's two writes (the real deadline set, which re-arms the
        # reminder flag; the flag raised) and set the deadline again from it, a reminder's share later.
        self._one_at_a_time = asyncio.Lock()
        self.waiting = 0  # sweeps asked for while another runs, waiting for it to finish

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._stopped.clear()
            self._task = asyncio.create_task(self._run(), name="sweeper")

    async def stop(self) -> None:
        self._stopped.set()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                await self.sweep()
            except Exception:
                log.exception("sweep failed; trying again next round")
            if self.digests is not None:
                try:
                    await self.digests.send_owed()
                except Exception:
                    log.exception("the turn digests failed; trying again next round")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.service.tuning.sweep_interval):
                    await self._stopped.wait()

    async def sweep(self) -> int:
        """Handle every game whose wake-up time has come; returns how many were handled. A sweep asked for
        while another runs waits for it, then finds what is due after it (never two at once)."""
        self.waiting += 1
        try:
            await self._one_at_a_time.acquire()
        finally:
            self.waiting -= 1
        try:
            return await self._sweep()
        finally:
            self._one_at_a_time.release()

    async def _sweep(self) -> int:
        service = self.service
        due = [record for record in await service.db.games.due(service.clock()) if service.owns(record.id)]
        for record in due:
            try:
                if record.status is GameStatus.LOBBY:
                    await self._close_lobby(record)
                else:
                    await self._turn_due(record)
            except (StaleVersion, NotYourTurn, GameClosed):
                log.info("game %d moved on while being swept", record.id)
            except Exception:
                log.exception("could not handle the deadline of game %d", record.id)
        if self.seasons is not None:
            try:
                await self.seasons.step()
            except Exception:
                log.exception("the season step failed; trying again next round")
        if self.tournaments is not None:
            try:
                await self.tournaments.step()
            except Exception:
                log.exception("the tournament step failed; trying again next round")
        return len(due)

    async def _close_lobby(self, record: GameRecord) -> None:
        service = self.service
        if record.table_message_id is None:
            await self._close_unseen(record)
            return
        await service.db.games.abandon(record.id, at=service.clock(), reason="nobody started it")
        service.ended(record.id)  # a lobby's thread is archived (bot.projection.threads)
        if record.table_message_id is None or record.table_channel_id is None:
            return
        lang = await service.table_language(record.guild_id)
        title = service.adapter(record.kind).name(lang, record.options)
        note = t(lang, "**{game}** · table #{number} closed: nobody started it in time.", game=title, number=record.id)
        channel = self.channels.get_partial_messageable(record.table_channel_id)
        message = channel.get_partial_message(record.table_message_id)
        try:
            await message.edit(**notice_kwargs(note))
        except discord.HTTPException:
            log.info("could not edit the expired lobby of game %d", record.id)

    async def _close_unseen(self, record: GameRecord) -> None:
        """A lobby whose message was never recorded within `Tuning.unseen_lobby_grace` (the process died
        between its row and its message, or the answer missed Discord's 3 s): nobody can see or join it,
        yet it holds its channel. Its message is the command's answer, which cannot be given again, so it
        is closed, unrated, and the channel is free; a lobby recorded meanwhile is left alone."""
        service = self.service
        closed = await service.db.games.expire_unseen_lobby(record.id, at=service.clock(), reason=UNSEEN_REASON)
        if closed is not None:
            service.ended(record.id)  # a lobby's thread is archived (bot.projection.threads)

    async def _turn_due(self, record: GameRecord) -> None:
        service = self.service
        loaded = await service.load(record.id)
        seat = loaded.seat_at_turn()
        if seat is None or loaded.state is None:
            await service.db.games.set_deadline(record.id, None, expected_version=record.version)
            return
        if seat.is_computer:  # e.g. handed over while its deadline was pending
            await service.db.games.set_deadline(record.id, None, expected_version=record.version)
            service.schedule_computer(loaded)
            return
        if not record.reminder_sent:
            await self._remind(loaded.record, seat.seat, seat.user_id)
            return
        await self._time_out(loaded.record, seat.seat)

    async def _remind(self, record: GameRecord, seat: int, user_id: int | None) -> None:
        """Store the reminder as owed with the flag that says it is due; the reconciler posts it (retried,
        and redone after a restart, once)."""
        service = self.service
        deadline = service.turn_deadline(record)
        assert deadline is not None
        # Set the real deadline first: set_deadline re-arms the reminder flag, which we then raise.
        if not await service.db.games.set_deadline(record.id, deadline, expected_version=record.version):
            return
        lang = await service.table_language(record.guild_id)  # posted in the channel: the server's language
        title = service.adapter(record.kind).name(lang, record.options)
        text = t(
            lang,
            "⏰ {player}, it's your turn in {game} #{number}; time runs out {deadline}.",
            player=f"<@{user_id}>",
            game=title,
            number=record.id,
            deadline=relative(deadline),
        )
        owed = user_id is not None
        if not await service.db.games.mark_reminder_sent(
            record.id, record.version, seat=seat if owed else None, text=text
        ):
            return
        if owed:
            self.marks.mark_dirty(record.id)

    async def _time_out(self, record: GameRecord, seat_index: int) -> None:
        service = self.service
        loaded = await service.load(record.id)
        if loaded.state is None or loaded.record.version != record.version:
            return
        adapter = service.adapter(record.kind)
        rng = service.move_rng(record, "timeout")
        state = loaded.state

        def timeout_move() -> tuple[Move, bool]:
            move = adapter.timeout_move(state, seat_index, rng)
            return move, state.apply(move).is_over

        move, ends = await asyncio.to_thread(timeout_move)
        before = loaded.record.seats[seat_index]
        name = shown_name(before.display_name)
        count = before.consecutive_timeouts + 1
        # A move that ends the game leaves no seat to hand over (and the game stays rated).
        handing_over = count >= service.tuning.max_timeouts and not ends
        lang = await service.table_language(record.guild_id)  # posted in the channel: the server's language
        if handing_over:
            text = tn(
                lang,
                "{name} ran out of time {n} time in a row, so a computer player takes the seat. "
                "This game is no longer rated.",
                "{name} ran out of time {n} times in a row, so a computer player takes the seat. "
                "This game is no longer rated.",
                count,
                name=name,
            )
        else:
            text = t(lang, "{name} ran out of time; I played for them: {move}.", name=name, move=move)
        try:
            # The notice is stored with the move: the reconciler posts it, even after a crash right here.
            applied = await service.submit(
                record.id, seat_index, move, expected_version=record.version, source=MoveSource.TIMEOUT, notice=text
            )
        except IllegalMove as error:
            log.error("timeout move for game %d was illegal: %s", record.id, error.reason)
            return
        if applied.match is not None:  # the move ended the game (`ends`): no seat left to hand over
            return
        seat = await service.db.games.record_timeout(record.id, seat_index)
        if handing_over or seat.consecutive_timeouts >= service.tuning.max_timeouts:
            await service.hand_over_to_computer(record.id, seat_index)
