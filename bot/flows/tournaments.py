"""Tournaments in Discord: sign-up closes, rounds are paired, matches play as ordinary games, results score.

The runner is a step function driven by the sweeper's pass (bot.process.sweeper), like the end of a season.
Each open tournament is stepped only by the process holding its lease (`tournament:<id>`, data.leases),
and every decision is one `db.tournaments.apply` conditioned on the version the step read, so a step
repeated after a restart or by a process that took the lease over applies once. One step:

- sign-up: at the start time (or once the organiser pressed Start) the entrants who joined (and checked
  in, when check-in is on) are the field; computer entrants fill it up to its size when the organiser
  allowed them; round one is paired by the pure code (tournaments/) and stored with its matches.
- each match of the current round without a game gets one: an ordinary Cardroom game with the players
  seated in the pairing's order (the first seat deals or leads first), in a thread of its own so several
  matches can play beside each other in one channel (data.games allows one unthreaded game a channel).
  The match is claimed first, keeps its thread from before the game's lobby is made, and is linked to
  its game as soon as the game's row exists, so a restart finishes seating and starting that game in
  that thread instead of opening a second of either.
- a match whose game has ended is scored from the game's result: a player whose seat a computer took over
  (timeouts by the game's timeout rules, or leaving) forfeits and finishes behind the others; a player who
  left is dropped from later rounds. When the round's last match is scored, the standings after it are
  owed as a post and the next round is paired; after the last round the champion is announced and then
  given the organiser's role, when one was set: that is owed like a post ("role"), so a restart between
  the announcement and the role still gives it, once; when Discord refuses (the role above the bot's,
  Manage Roles missing, the role deleted) a line in the channel tells the organiser why.

A step may take minutes (many matches seated and started, threads opened, standings posted, each a Discord
request that rate limits can hold up), longer than a lease lives: while a pass runs, the leases it holds
are renewed every third of their life on a task of their own (`_renewing`), so another process does not
take a tournament over in the middle of a step and run the same step beside it. A renewal that finds a
lease taken over (the process was starved past its lease, or the database unreachable) fences the step:
it takes no further action for that tournament at its next check point (before each match, before its
decision is applied) and leaves the rest to the new holder.

Posts are owed rows claimed before posting and posted with a nonce (data.tournaments), so each appears
once. The sign-up message is a projection of the stored tournament: its stored `version` moves at each
change, and a pass edits the message until it shows that version (`signup_pass`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.kit.languages import server_language
from bot.kit.refusals import Refusal, Refused, RetryPolicy, retrying
from bot.kit.transport import Post, Sent
from bot.projection.reconciler import NONCE_REDO_SECONDS
from bot.projection.threads import AUTO_ARCHIVE_MINUTES, thread_name
from data import ChannelBusy, GameRecord, GameStatus, MessageKind
from data.errors import SeatError, WrongStatus
from data.leases import Lease
from data.tournaments import Entrant, EntrantState, Match, Step, Tournament, TournamentState
from locales import number, t
from rendering.tournament import Headers, TournamentRow, render_tournament
from tournaments.events import Event, load, standings
from tournaments.knockout import KnockoutEvent, is_bye
from tournaments.model import Format, Outcome, Placing, Player, finishing_order
from tournaments.schedule import due, moved, round_start
from tournaments.standings import BYE
from tournaments.swiss import SwissEvent
from tournaments.tables import TablesEvent

if TYPE_CHECKING:
    from bot.moves.service import GameService, Loaded

log = logging.getLogger(__name__)

COMPUTER_LEVEL = "normal"
COMPUTER_NAMES = ("Ada", "Bao", "Cleo", "Dario", "Ema", "Farid", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lena")
# A match start claimed longer ago than this was cut short (a crash, a lease taken over): it is redone,
# finding the game it may have made by the claim's seed. Within a process the tournament's lock, across
# processes its lease, keep two starts of one match from overlapping.
START_CLAIM_SECONDS = 10.0
DEFAULT_RATING = 0.0  # entrants are seeded by sign-up order when nobody has a rating


class Poster(Protocol):
    """The slice of the transport (bot.kit.transport) that posts a message in a channel."""

    async def post(self, channel_id: int, post: Post) -> Sent: ...


class TableStarts(Protocol):
    """The slice of the lobby (bot.flows.lobby) that posts a started game's table and wakes its computers."""

    async def begin(self, loaded: Loaded, interaction: discord.Interaction | None = None) -> str: ...


class MatchThreads(Protocol):
    """Opens a thread in a channel for a match's table: its id, or None when the channel refuses."""

    async def open_in(self, channel_id: int, name: str) -> int | None: ...


class SignupCards(Protocol):
    """Edits a tournament's sign-up message to show the stored tournament (cogs.tournament)."""

    async def show(self, tournament: Tournament, entrants: Sequence[Entrant]) -> bool: ...


class Roles(Protocol):
    """Gives a member a role (the champion's, when the organiser set one); raises `Refused` when Discord
    refuses it or stays unreachable (bot.kit.refusals)."""

    async def give(self, guild_id: int, user_id: int, role_id: int) -> None: ...


class ChannelThreads:
    """`MatchThreads` through Discord's REST API, retried (bot.kit.refusals)."""

    def __init__(self, client: discord.Client, policy: RetryPolicy) -> None:
        self.client = client
        self.policy = policy

    async def open_in(self, channel_id: int, name: str) -> int | None:
        async def start() -> Any:
            return await self.client.http.start_thread_without_message(
                channel_id, name=name, auto_archive_duration=AUTO_ARCHIVE_MINUTES,
                type=discord.ChannelType.public_thread.value,
            )  # fmt: skip

        try:
            data = await retrying(start, self.policy, f"opening a match thread in channel {channel_id}")
        except Refused as refused:
            if refused.refusal in (Refusal.CHANNEL_LOST, Refusal.CHANNEL_GONE):
                log.info("no match thread in channel %d: %s", channel_id, refused)
                return None
            raise
        return int(data["id"])


class MemberRoles:
    """`Roles` through Discord's REST API, retried (bot.kit.refusals). Adding a role the member holds
    already changes nothing, so a give redone after a restart is harmless."""

    def __init__(self, client: discord.Client, policy: RetryPolicy) -> None:
        self.client = client
        self.policy = policy

    async def give(self, guild_id: int, user_id: int, role_id: int) -> None:
        async def add() -> Any:
            return await self.client.http.add_role(guild_id, user_id, role_id, reason="tournament champion")

        await retrying(add, self.policy, f"giving role {role_id} in guild {guild_id}")


ROLE_POST = "role"  # the owed give of the champion's role (and the line saying why, when refused)
UNKNOWN_ROLE = 10011  # Discord: the role was deleted
UNKNOWN_MEMBER = 10007  # Discord: the champion is no longer on the server


def moment(at: float) -> str:
    """A time as Discord shows it in each reader's own zone and language: the date and time, then how
    long from now (`<t:…:f> (<t:…:R>)`), so nothing needs editing as it comes closer."""
    return f"<t:{int(at)}:f> (<t:{int(at)}:R>)"


def is_computer_id(player: str) -> bool:
    return player.startswith("-")


def user_of(player: str) -> int:
    return int(player)


def field_size(fmt: Format, humans: int, seats: int, wanted: int) -> int:
    """How many entrants computers fill the field up to: at least `wanted`, and a count the format plays
    with nobody sitting out (an even Swiss, full tables, a knockout bracket of a power of two tables)."""
    size = max(humans, wanted, 2)
    if fmt is Format.SWISS:
        return size + size % 2
    if fmt is Format.TABLES:
        return -(-size // seats) * seats
    bracket = seats
    while bracket < size:
        bracket *= seats
    return bracket


def new_event(tournament: Tournament, players: Sequence[Player], min_seats: int) -> Event:
    fmt = Format(tournament.format)
    if fmt is Format.SWISS:
        return SwissEvent(tuple(players), tournament.rounds)
    seats = tournament.seats
    if fmt is Format.TABLES:
        return TablesEvent(tuple(players), tournament.rounds, min(min_seats, seats), seats, seats)
    low = seats if seats > 2 else 2
    return KnockoutEvent(tuple(players), low, seats, seats, 1)


def round_matches(event: Event) -> list[tuple[int, tuple[str, ...]]]:
    """The current round's matches as (board, players in seat order); a knockout's byes are no match."""
    current = event.rounds[-1]
    if isinstance(event, SwissEvent):
        return [(board, pairing.players) for board, pairing in enumerate(current.pairings)]  # type: ignore[union-attr]
    found = []
    for board, table in enumerate(current.tables):  # type: ignore[union-attr]
        if not is_bye(table):
            found.append((board, table.seats))
    return found


def scored(event: Event, board: int, order: Sequence[str], draw: bool) -> Event:
    """The event with the current round's match on `board` decided in `order` (winner first)."""
    if isinstance(event, SwissEvent):
        pairing = event.rounds[-1].pairings[board]
        outcome = Outcome.DRAW if draw else (Outcome.FIRST if order[0] == pairing.first else Outcome.SECOND)
        return event.record(board, outcome)
    return event.record(board, Placing(tuple(order)))


def is_last_round(event: Event) -> bool:
    """Whether the round paired last is the event's last (a knockout's final table)."""
    if isinstance(event, KnockoutEvent):
        return bool(event.rounds) and event.is_final(event.rounds[-1])
    return len(event.rounds) >= event.rounds_total


def round_complete(event: Event) -> bool:
    return bool(event.rounds) and event.rounds[-1].complete


def champion_of(event: Event) -> str:
    if isinstance(event, KnockoutEvent) and event.champion is not None:
        return event.champion
    return standings(event)[0].player


def nonce(tournament_id: int, key: str) -> str:
    """One nonce per owed post, within Discord's 25 characters."""
    return f"tn{tournament_id}-{key}"[:25]


class TournamentRunner:
    """Steps every open tournament this process holds the lease of, and posts what they owe."""

    def __init__(
        self,
        service: GameService,
        *,
        poster: Poster,
        tables: TableStarts,
        threads: MatchThreads | None,
        owner: Callable[[], str],
        roles: Roles | None = None,
        guild_name: Callable[[int], str | None] = lambda guild_id: None,
    ) -> None:
        self.service = service
        self.guild_name = guild_name  # a server's name when this process has it (stored with each match's game)
        self.poster = poster
        self.tables = tables
        self.threads = threads
        self.owner = owner  # this process's lease owner name (bot.moves.ownership)
        self.roles = roles
        self.signups: SignupCards | None = None  # set by the tournament cog when it loads
        self._locks: dict[int, asyncio.Lock] = {}
        self._leases: dict[int, Lease] = {}  # the tournament leases this process took, by tournament
        self._fenced: set[int] = set()  # tournaments whose lease a renewal found taken over mid-step
        self._closed = False
        self.renewals = 0  # renewal rounds run during passes (each renews every lease held, in one statement)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def step(self) -> None:
        """One pass: every open tournament this process owns moves as far as it can; owed posts go out."""
        db = self.service.db
        if not await db.tournaments.any_work():
            return
        async with self._renewing():
            for tournament in await db.tournaments.open():
                if not await self._holds(tournament.id):
                    continue
                try:
                    async with self.lock(tournament.id):
                        await self.advance(tournament.id)
                except Exception:
                    log.exception("tournament %d could not move on; trying again next pass", tournament.id)
            for tournament_id, key in await db.tournaments.owed_posts():
                if not await self._holds(tournament_id):
                    continue
                try:
                    await self._post(tournament_id, key)
                except Exception:
                    log.exception("could not post %s of tournament %d", key, tournament_id)
        await self.signup_pass()

    async def _holds(self, tournament_id: int) -> bool:
        if self._closed:
            return False
        service = self.service
        lease = await service.db.leases.acquire(
            f"tournament:{tournament_id}", self.owner(), now=service.clock(), ttl=service.tuning.lease_ttl
        )
        if lease is None:
            self._leases.pop(tournament_id, None)
            return False
        self._leases[tournament_id] = lease
        self._fenced.discard(tournament_id)  # held again (a new holder's token after a takeover): steps on
        return True

    # -- keeping the leases through a long step ------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _renewing(self) -> AsyncIterator[None]:
        """For the length of a pass, renew the tournament leases held every third of their life, on a task
        of its own: a step waiting on Discord (rate limits, a busy machine) never sees a check point, yet
        must not let its lease lapse, or another process would take the tournament over and run the
        same step beside it. The task sleeps between renewals (no polling) and ends with the pass."""
        renewer = asyncio.create_task(self._renew_every_third(), name="tournament-leases")
        try:
            yield
        finally:
            renewer.cancel()
            await asyncio.gather(renewer, return_exceptions=True)

    async def _renew_every_third(self) -> None:
        ttl = self.service.tuning.lease_ttl
        while True:
            await asyncio.sleep(ttl / 3)  # two renewals can fail before the lease lapses
            try:
                await self.renew()
            except Exception:
                log.warning("could not renew the tournament leases; trying again at the next third", exc_info=True)

    async def renew(self) -> None:
        """Renew every tournament lease this process holds, in one statement. A lease another process took
        over meanwhile fences its tournament: the step under way stops at its next check point."""
        service, held = self.service, dict(self._leases)
        renewed = await service.db.leases.renew_all(
            list(held.values()), now=service.clock(), ttl=service.tuning.lease_ttl
        )
        self.renewals += 1
        for tournament_id, lease in held.items():
            if self._leases.get(tournament_id) is not lease:
                continue  # handed back or taken afresh while the renewal ran
            fresh = renewed.get(lease.key)
            if fresh is None:
                del self._leases[tournament_id]
                self._fenced.add(tournament_id)
                log.info(
                    "tournament %d was taken over by another process; its step stops at its next check point",
                    tournament_id,
                )
            else:
                self._leases[tournament_id] = fresh

    def fenced(self, tournament_id: int) -> bool:
        """A check point: whether the step under way must take no further action for this tournament,
        its lease being another process's now (which runs the step itself)."""
        if tournament_id not in self._fenced:
            return False
        log.info("tournament %d: step stopped, the new lease holder goes on with it", tournament_id)
        return True

    async def close(self) -> None:
        """A clean stop: no more steps, and every tournament lease handed back, as the games' leases are
        (bot.moves.ownership `Ownership.stop`), so another process steps the events at its next pass
        instead of waiting `lease_ttl` for the leases to expire. A step under way finishes first, its
        lease renewed until then."""
        self._closed = True
        for tournament_id in list(self._leases):
            async with self.lock(tournament_id):
                lease = self._leases.pop(tournament_id, None)
                if lease is None:
                    continue  # taken over meanwhile: nothing of ours to hand back
                try:
                    await self.service.db.leases.release(lease, now=self.service.clock())
                except Exception:
                    log.warning("could not release %s; it expires by itself", lease.key)

    async def signup_pass(self) -> None:
        """Edit each sign-up message that shows an older version than the stored tournament."""
        if self.signups is None:
            return
        db = self.service.db
        for tournament in await db.tournaments.unshown():
            try:
                if await self.signups.show(tournament, await db.tournaments.entrants(tournament.id)):
                    await db.tournaments.shown(tournament.id, tournament.version)
            except Exception:
                log.exception("could not show the sign-up of tournament %d", tournament.id)

    # -- the step ------------------------------------------------------------------------------------

    async def advance(self, tournament_id: int) -> None:
        db = self.service.db
        tournament = await db.tournaments.get(tournament_id)
        if tournament is None or not tournament.state.is_open:
            return
        if tournament.state is TournamentState.SIGNUP:
            if self.service.clock() >= tournament.starts_at:
                await self.close_signup(tournament)
            return
        assert tournament.event is not None
        event = load(tournament.event)
        number_ = len(event.rounds) - 1
        results: list[tuple[int, int, Sequence[str]]] = []
        dropped: set[int] = set()
        ready = due(tournament.pins, tournament.round_seconds, number_, self.service.clock())
        for match in await db.tournaments.matches(tournament.id, number_):
            if self.fenced(tournament.id):
                return
            if match.result is not None:
                continue
            if match.game_id is None:
                if ready:  # a casual event's round waits for its time (tournaments.schedule)
                    await self.start_match(tournament, match)
                continue
            ended = await self.match_result(match, event.players)
            if ended is None:
                continue
            order, draw, leavers = ended
            event = scored(event, match.board, order, draw)
            results.append((number_, match.board, order))
            for player in leavers:
                if player not in event.dropped:
                    event = event.drop(player)
                    dropped.add(user_of(player))
        if not results and not round_complete(event):
            return  # a round of nothing but byes (everyone else left) is complete as paired: it moves on too
        if self.fenced(tournament.id):
            return
        await self._apply(tournament, event, results, dropped)

    async def _apply(
        self, tournament: Tournament, event: Event, results: list[tuple[int, int, Sequence[str]]], dropped: set[int]
    ) -> None:
        posts: list[str] = []
        new_matches: list[tuple[int, int, Sequence[str]]] = []
        state, champion = None, None
        if round_complete(event):
            done = len(event.rounds)
            if event.finished or (isinstance(event, SwissEvent | TablesEvent) and len(event.active) < 2):
                state, champion = TournamentState.FINISHED, champion_of(event)
                posts.append(f"round-{done}")
                posts.append("champion")
                if tournament.role_id and not is_computer_id(champion):
                    posts.append(ROLE_POST)
            else:
                event = event.pair_next()
                posts.append(f"round-{done}")
                new_matches = [(done, board, players) for board, players in round_matches(event)]
        step = Step(event.to_dict(), results, new_matches, posts, sorted(dropped), state, champion)
        if await self.service.db.tournaments.apply(tournament.id, tournament.version, step):
            log.info(
                "tournament %d: %d result(s) recorded%s", tournament.id, len(results), f", {posts}" if posts else ""
            )

    async def close_signup(self, tournament: Tournament) -> None:
        """The field is set, computers fill it when allowed, round one is paired; too few players cancels."""
        db = self.service.db
        entrants = [e for e in await db.tournaments.entrants(tournament.id) if e.state is EntrantState.JOINED]
        if tournament.checkin_minutes:
            entrants = [e for e in entrants if e.checked_in]
        fmt = Format(tournament.format)
        computers: list[tuple[int, str]] = []
        if tournament.computers:
            size = field_size(fmt, len(entrants), tournament.seats, tournament.field)
            for n in range(size - len(entrants)):
                computers.append((-(n + 1), f"🤖 {COMPUTER_NAMES[n % len(COMPUTER_NAMES)]}"))
        count = len(entrants) + len(computers)
        engine = self.service.adapter(tournament.kind).engine
        if count < max(2, engine.min_players) or (fmt is Format.TABLES and count < tournament.seats):
            await db.tournaments.cancel(tournament.id, post="cancelled")
            log.info("tournament %d cancelled: %d entrants", tournament.id, count)
            return
        ratings = await db.results.all_ratings(tournament.guild_id, tournament.kind)
        players = [
            Player(str(e.user_id), ratings[e.user_id].mu if e.user_id in ratings else DEFAULT_RATING, seed)
            for seed, e in enumerate(entrants)
        ]
        players += [Player(str(uid), DEFAULT_RATING - 1, len(players) + n) for n, (uid, _) in enumerate(computers)]
        try:
            event = new_event(tournament, players, engine.min_players).pair_next()
        except ValueError as error:
            log.info("tournament %d cannot be paired (%s); cancelled", tournament.id, error)
            await db.tournaments.cancel(tournament.id)
            return
        step = Step(
            event.to_dict(),
            new_matches=[(0, board, seats) for board, seats in round_matches(event)],
            posts=["round-0"],
            state=TournamentState.RUNNING,
        )
        if await db.tournaments.begin(tournament.id, tournament.version, step, computers, at=self.service.clock()):
            log.info("tournament %d started with %d players", tournament.id, len(players))

    # -- matches -------------------------------------------------------------------------------------

    async def start_match(self, tournament: Tournament, match: Match) -> None:
        """Open the match's game (in a thread of its own when the channel allows), seat its players in
        order, start it and post its table. Claimed first; linked to the game as soon as its row exists."""
        service, db = self.service, self.service.db
        now = service.clock()
        seed = await db.tournaments.claim_match(
            tournament.id, match.round, match.board, at=now, stale_after=START_CLAIM_SECONDS,
            seed=random.SystemRandom().randrange(2**62),
        )  # fmt: skip
        if seed is None:
            return
        names = await self._names(tournament.id)
        made = await db.tournaments.game_with_seed(tournament.guild_id, seed)
        if made is not None:  # made by a start a crash cut short: linked now, seated and started as needed
            await db.tournaments.match_started(tournament.id, match.round, match.board, made)
            await self._seat_and_start(await db.games.get(made), match.players, names)
            return
        # A start cut short after opening the thread stored it: the redo plays in it (no second, empty one).
        thread_id = await db.tournaments.match_thread(tournament.id, match.round, match.board)
        if thread_id is None and self.threads is not None:
            lang = await server_language(db, tournament.guild_id, None)
            label = t(lang, "Round {round}, match {board}", round=match.round + 1, board=match.board + 1)
            title = service.adapter(tournament.kind).name(lang, tournament.options)  # the server reads it
            thread_id = await self.threads.open_in(tournament.channel_id, thread_name(title, label))
            if thread_id is not None:
                await db.tournaments.thread_opened(tournament.id, match.round, match.board, thread_id)
        try:
            record = await db.games.create_lobby(
                kind=tournament.kind,
                guild_id=tournament.guild_id,
                channel_id=tournament.channel_id,
                host_user_id=tournament.organiser_id,
                seed=seed,
                at=now,
                timer=tournament.timer,
                turn_seconds=tournament.turn_seconds,
                options=dict(tournament.options),
                # No message shows this lobby: the runner seats and starts it, and redoes that at its next
                # step after a crash. The sweeper's unseen-lobby grace would close it first (a restart
                # sweeps due games before it steps tournaments), so it waits as long as any lobby does
                # and is closed only when no step comes back to it (its tournament cancelled meanwhile).
                deadline=now + service.tuning.lobby_timeout,
                thread_id=thread_id,
                guild_name=self.guild_name(tournament.guild_id),
            )
        except ChannelBusy:
            await db.tournaments.release_match(tournament.id, match.round, match.board)
            log.info("tournament %d: match %d waits for its channel", tournament.id, match.board)
            return
        await db.tournaments.match_started(tournament.id, match.round, match.board, record.id)
        await self._seat_and_start(record, match.players, names)

    async def _seat_and_start(self, record: GameRecord, players: Sequence[str], names: dict[str, str]) -> None:
        service, db = self.service, self.service.db
        async with service.lock(record.id):
            record = await db.games.get(record.id)
            if record.status is GameStatus.ACTIVE and record.table_message_id is None:
                await self.tables.begin(await service.load(record.id))  # dealt, but its table never posted
                return
            if record.status is not GameStatus.LOBBY:
                return
            try:
                for player in players[len(record.seats) :]:
                    if is_computer_id(player):
                        await db.games.add_computer(record.id, COMPUTER_LEVEL, names.get(player, player))
                    else:
                        await db.games.add_player(record.id, user_of(player), names.get(player, player))
                loaded = await service.start(record.id)
            except (WrongStatus, SeatError):
                # Another process seated or dealt this match between our read and our writes: a lease that
                # lapsed while its holder was starved lets two steps overlap. The lock above is this
                # process's only; the stored game decides. Dealt, it is the match's one game; half seated,
                # the next pass seats the rest from the stored seats.
                log.info("tournament match game %d was seated or dealt by another process", record.id)
                return
            await self.tables.begin(loaded)

    async def _names(self, tournament_id: int) -> dict[str, str]:
        return {str(e.user_id): e.display_name for e in await self.service.db.tournaments.entrants(tournament_id)}

    async def match_result(
        self, match: Match, players: Sequence[Player] = ()
    ) -> tuple[tuple[str, ...], bool, tuple[str, ...]] | None:
        """(finishing order, whether it was a draw, who left) once the match's game has ended; None while
        it plays. A lobby left behind by a restart is seated and started here, and a game dealt whose table
        was never posted gets its table. Players who share a place (level totals) are ordered by the
        event's seeding (`players`), D-TN-2; a two-player match they share is a draw."""
        db = self.service.db
        assert match.game_id is not None
        record = await db.games.get(match.game_id)
        if record.status is GameStatus.LOBBY or (
            record.status is GameStatus.ACTIVE and record.table_message_id is None
        ):
            # Left behind by a start cut short: still to seat and deal, or dealt with its table never posted.
            tournament_id = await db.tournaments.of_game(record.id)
            await self._seat_and_start(record, match.players, await self._names(tournament_id or 0))
            return None
        if record.status is GameStatus.ACTIVE:
            return None
        if record.started_at is None:  # closed as a lobby (never dealt): the match gets a new game
            tournament_id = await db.tournaments.of_game(record.id)
            if tournament_id is not None:
                await db.tournaments.unlink_game(tournament_id, match.round, match.board, record.id)
            return None
        seat_player = dict(enumerate(match.players))
        leavers: list[str] = []
        for seat in record.seats:
            if await db.messages.get(record.id, MessageKind.LEFT, seat.seat) is not None:
                leavers.append(seat_player[seat.seat])
        forfeits = {
            seat_player[s.seat]
            for s in record.seats
            if s.computer_level is not None and not is_computer_id(seat_player[s.seat])
        }
        result = await db.results.match_for_game(record.id)
        if result is None:  # abandoned (every person left): those who left lose, the seat order stands
            order = list(match.players)
        else:
            seats = sorted(result.players, key=lambda p: p.seat)
            order = list(finishing_order([(seat_player[p.seat], p.place) for p in seats], players))
        order = [p for p in order if p not in forfeits] + [p for p in order if p in forfeits]
        places = {p.place for p in result.players} if result is not None else {0}
        draw = len(match.players) == 2 and len(places) == 1 and not forfeits
        return tuple(order), draw, tuple(leavers)

    # -- organiser -----------------------------------------------------------------------------------

    async def remove(self, tournament_id: int, user_id: int) -> bool:
        """The organiser removes a player: out of sign-up, or dropped from later rounds."""
        db = self.service.db
        async with self.lock(tournament_id):
            tournament = await db.tournaments.get(tournament_id)
            if tournament is None or not tournament.state.is_open:
                return False
            if tournament.state is TournamentState.SIGNUP:
                return await db.tournaments.leave(tournament_id, user_id)
            assert tournament.event is not None
            event = load(tournament.event)
            player = str(user_id)
            if player not in {p.id for p in event.players} or player in event.dropped:
                return False
            step = Step(event.drop(player).to_dict(), dropped=[user_id])
            return await db.tournaments.apply(tournament_id, tournament.version, step)

    async def move_round(self, tournament_id: int, at: float) -> int | None:
        """The organiser moves the next round of a scheduled event to start at `at` (the later rounds
        follow it at the interval, tournaments.schedule.moved): the round moved (0-based), or None when
        there is none to move (not running, no round times, or the last round under way). The next round
        is the current one while it waits for its time, else the one after it."""
        db = self.service.db
        async with self.lock(tournament_id):
            tournament = await db.tournaments.get(tournament_id)
            if (
                tournament is None
                or tournament.state is not TournamentState.RUNNING
                or not tournament.round_seconds
                or tournament.event is None
            ):
                return None
            event = load(tournament.event)
            current = len(event.rounds) - 1
            pins, every = tournament.pins, tournament.round_seconds
            if due(pins, every, current, self.service.clock()):
                if is_last_round(event):
                    return None
                current += 1
            if not await db.tournaments.reschedule(tournament_id, tournament.version, moved(pins, every, current, at)):
                return None
            log.info("tournament %d: round %d moved to %.0f", tournament_id, current + 1, at)
            return current

    # -- posts ---------------------------------------------------------------------------------------

    async def _post(self, tournament_id: int, key: str) -> None:
        db = self.service.db
        tournament = await db.tournaments.get(tournament_id)
        if tournament is None:
            return
        if key == ROLE_POST:
            await self._give_role(tournament)
            return
        if not await db.tournaments.claim_post(
            tournament_id, key, at=self.service.clock(), redo_within=NONCE_REDO_SECONDS
        ):
            return
        post = await self.post_for(tournament, key)
        try:
            sent = await self.poster.post(tournament.channel_id, post)
        except Exception:
            await db.tournaments.release_post(tournament_id, key)
            raise
        await db.tournaments.posted(tournament_id, key, sent.message_id)

    async def _give_role(self, tournament: Tournament) -> None:
        """Give the champion the organiser's role, after the announcement; claimed like a post. A refusal
        is told to the organiser in the channel, once; a Discord that stays unreachable is tried next pass."""
        db = self.service.db
        if (tournament.id, "champion") in await db.tournaments.owed_posts():
            return  # the champion is announced first
        if not await db.tournaments.claim_post(
            tournament.id, ROLE_POST, at=self.service.clock(), redo_within=NONCE_REDO_SECONDS
        ):
            return
        champion, role = tournament.champion, tournament.role_id
        refused: Refused | None = None
        if self.roles is not None and champion and role and not is_computer_id(champion):
            try:
                await self.roles.give(tournament.guild_id, user_of(champion), role)
            except Refused as error:
                if error.refusal is Refusal.TRANSIENT:
                    await db.tournaments.release_post(tournament.id, ROLE_POST)
                    log.info("tournament %d: the champion's role waits for Discord (%s)", tournament.id, error)
                    return
                refused = error
        if refused is None:
            await db.tournaments.posted(tournament.id, ROLE_POST, 0)  # given: nothing to show, 0 marks it done
            return
        log.info("tournament %d: the champion's role %s was refused: %s", tournament.id, role, refused)
        post = await self.role_refused(tournament, refused)
        try:
            sent = await self.poster.post(tournament.channel_id, post)
        except Exception:
            await db.tournaments.release_post(tournament.id, ROLE_POST)
            raise
        await db.tournaments.posted(tournament.id, ROLE_POST, sent.message_id)

    async def role_refused(self, tournament: Tournament, refused: Refused) -> Post:
        """The line telling the organiser why the champion did not get the role (the organiser is pinged)."""
        lang = await server_language(self.service.db, tournament.guild_id, None)
        code = getattr(refused.error, "code", None)
        names = {
            "organiser": f"<@{tournament.organiser_id}>",
            "champion": f"<@{tournament.champion}>",
            "role": f"<@&{tournament.role_id}>",
        }
        if code == UNKNOWN_ROLE:
            text = t(
                lang, "⚠️ {organiser}, I could not give {champion} the champion's role: it no longer exists.", **names
            )
        elif code == UNKNOWN_MEMBER:
            text = t(
                lang,
                "⚠️ {organiser}, I could not give {champion} the champion's role {role}: "
                "they are no longer on this server.",
                **names,
            )
        else:  # 50013: Manage Roles missing, or the role is not below the bot's own highest role
            text = t(
                lang,
                "⚠️ {organiser}, I could not give {champion} the champion's role {role}: I need the **Manage Roles** "
                "permission, and my own role must be above {role} in Server Settings › Roles.",
                **names,
            )
        return Post(text, mention=tournament.organiser_id, nonce=nonce(tournament.id, ROLE_POST))

    async def post_for(self, tournament: Tournament, key: str) -> Post:
        """The owed post `key`: the pairings of round one ("round-0"), the standings after round N with the
        next round's pairings ("round-N"), the champion, or the cancellation."""
        lang = await server_language(self.service.db, tournament.guild_id, None)
        title = self.service.adapter(tournament.kind).name(lang, tournament.options)
        names = await self._names(tournament.id)
        name = names.get
        if key == "cancelled":
            text = t(
                lang, "🏁 The {game} tournament #{id} was cancelled: too few players.", game=title, id=tournament.id
            )
            return Post(text, nonce=nonce(tournament.id, key))
        assert tournament.event is not None
        event = load(tournament.event)
        if key == "champion":
            champion = tournament.champion or champion_of(event)
            text = t(
                lang,
                "🏆 {name} is the champion of the {game} tournament #{id}!",
                name=f"<@{champion}>" if not is_computer_id(champion) else name(champion, champion),
                game=title,
                id=tournament.id,
            )
            pinged = None if is_computer_id(champion) else user_of(champion)  # the champion hears of it
            return Post(text, mention=pinged, nonce=nonce(tournament.id, key))
        done = int(key.split("-", 1)[1])
        shown = _truncated(event, done)
        lines = []
        if done == 0:
            lines.append(t(lang, "🏁 The {game} tournament #{id} has begun.", game=title, id=tournament.id))
        else:
            lines.append(
                t(
                    lang,
                    "📋 Standings after round {round} of the {game} tournament #{id}",
                    round=done,
                    game=title,
                    id=tournament.id,
                )
            )
        if len(shown.rounds) > done:
            lines.append(t(lang, "Round {round} pairings:", round=done + 1))
            starts = round_start(tournament.pins, tournament.round_seconds, done)
            if tournament.round_seconds and starts > self.service.clock():
                lines.append(t(lang, "Round {round} starts {when}.", round=done + 1, when=moment(starts)))
            for _, seats in round_matches(shown):
                lines.append("• " + " – ".join(_mention(p, name(p, p)) for p in seats))
            rows = standings(shown)
            for row in rows:
                if row.next == (BYE,):
                    lines.append(
                        t(
                            lang,
                            "• {name} has a bye this round.",
                            name=_mention(row.player, name(row.player, row.player)),
                        )
                    )
        image = await asyncio.to_thread(self._image, lang, tournament, shown, done, names) if done else None
        return Post(
            "\n".join(lines)[:2000],
            image=image,
            filename=f"tournament-{tournament.id}-round-{done}.png",
            nonce=nonce(tournament.id, key),
        )

    def _image(self, lang: str, tournament: Tournament, event: Event, done: int, names: dict[str, str]) -> bytes:
        game = self.service.adapter(tournament.kind).name(lang, tournament.options)
        return standings_image(lang, game, tournament.id, event, done, names)


def standings_image(lang: str, game: str, tournament_id: int, event: Event, done: int, names: dict[str, str]) -> bytes:
    """The standings after round `done` as a PNG in `lang`: rank, player, points, the format's tie-breaks and
    each player's next opponents. `names` maps player ids to display names."""
    title = t(lang, "{game} tournament #{id}", game=game, id=tournament_id)
    subtitle = t(lang, "Standings after round {round}", round=done)
    breaks = _tiebreak_names(lang, event)
    if isinstance(event, SwissEvent):  # two columns: abbreviated, and named in full under the title
        short = (t(lang, "BH"), t(lang, "SB"))
        subtitle += " · " + ", ".join(f"{s} {name}" for s, name in zip(short, breaks, strict=True))
        breaks = short
    headers = Headers(t(lang, "#"), t(lang, "Player"), t(lang, "Points"), breaks, t(lang, "Next"))
    rows = []
    for row in standings(event):
        upcoming = ""
        if row.next == (BYE,):
            upcoming = t(lang, "bye")
        elif row.next:
            upcoming = ", ".join(names.get(p, p) for p in row.next)
        rows.append(
            TournamentRow(
                row.rank,
                names.get(row.player, row.player),
                number(lang, row.points),
                tuple(number(lang, b) for b in row.tiebreaks),
                upcoming,
                row.dropped,
            )
        )
    return render_tournament(title, subtitle, headers, rows, lang=lang)


def _tiebreak_names(lang: str, event: Event) -> tuple[str, ...]:
    if isinstance(event, SwissEvent):
        return (t(lang, "Buchholz"), t(lang, "Sonneborn-Berger"))
    if isinstance(event, TablesEvent):
        return (t(lang, "Opponents"),)
    return (t(lang, "Place"),)


def _mention(player: str, name: str) -> str:
    return name if is_computer_id(player) else f"<@{player}>"


def _truncated(event: Event, done: int) -> Event:
    """The event as it stood once round `done` was scored (with round `done + 1` paired, when it was)."""
    data = event.to_dict()
    data["rounds"] = data["rounds"][: done + 1]
    return load(json.loads(json.dumps(data)))
