"""The Bot subclass: what happens at start-up, in the order design §3 gives.

`setup_hook` opens and migrates the database, builds the game machinery, registers the one dynamic
component class (so buttons sent before a restart keep working), loads the cogs (a broken cog is
logged, not fatal), resumes active games and syncs the slash commands.

Intents: the default ones minus message events (`intents()`), and no message cache. discord-notes
C.8 asks for the default intents only, with no privileged ones; this narrows them further. Cardroom
never reads messages: it is driven by slash commands and components (DynamicItems rebuilt from the
custom id, with the clicked message inside the interaction payload), so it has no `on_message` or
raw message listener and never looks a message up in discord.py's cache. Yet with GUILD_MESSAGES
and DIRECT_MESSAGES Discord sends MESSAGE_CREATE/UPDATE for every message, the bot's own included:
each table and hand message came back over the gateway to be parsed into a `Message`, and every
MESSAGE_UPDATE scanned the 1,000-message cache for its id: event-loop time spent on events nothing
reads (`bench.bot --profile` shows where the load run's event loop goes).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from types import TracebackType
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.flows.confirm import Confirmations
from bot.flows.guide import GuideProgress
from bot.flows.lobby import Lobby
from bot.flows.quickstart import QuickStart
from bot.flows.tournaments import ChannelThreads, MemberRoles, TournamentRunner
from bot.kit.buckets import amortise_bucket_sweeps
from bot.kit.components import GameComponent
from bot.kit.decode import slash_refusal
from bot.kit.languages import CatalogTranslator, LocaleMemo, guild_locale_code, locale_code, quick_language
from bot.kit.pacing import PACE_PER_SECOND, Pacer, pace_requests, share
from bot.kit.refusals import Refusal, RetryPolicy
from bot.kit.texts import not_saved, restarting
from bot.kit.transport import DiscordTransport
from bot.moves.adapters import register_adapters
from bot.moves.clicks import direct_clicks
from bot.moves.ownership import FollowUps, Ownership
from bot.moves.router import Router
from bot.moves.service import GameService
from bot.moves.unclaimed import Unclaimed
from bot.process.config import Settings, Tuning
from bot.process.health import Health
from bot.process.sweeper import Sweeper
from bot.projection.digest import Digests
from bot.projection.endings import Endings, Standings
from bot.projection.hands import HandMessages
from bot.projection.reconciler import Reconciler
from bot.projection.seasons import SeasonCloser
from bot.projection.table import TableUpdater
from bot.projection.threads import GameThreads, ThreadDeletions
from data import Database, DatabaseUnavailable, StorageFault
from games import registry
from locales import t
from rendering import offload
from rendering.fonts import RTL_LANGUAGES
from rendering.pool import DrawingPool

log = logging.getLogger(__name__)

# discord.py runs each slash command and each component click in a task of its own, named so. On a
# shutdown (SIGTERM on a restart) the clicks already being handled are let finish, at most
# DRAIN_SECONDS (well inside the 10 s most supervisors wait before SIGKILL), so nobody's move is cut
# off between its write and its messages. Modal submits and clicks nothing else claims are handled by an
# `on_interaction` listener (bot.moves.unclaimed), which discord.py runs as an event task.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-dynamic-item-",
    "discord-ui-view-dispatch-",
    "discord.py: on_interaction",
)
DRAIN_SECONDS = 5.0


async def drain_handlers(timeout: float = DRAIN_SECONDS) -> None:
    """Wait (at most `timeout`) for the command and click handlers still running, then cancel the rest.

    A handler still running after that would only fail on the closed HTTP session or database with a
    traceback; cancelled, it stops where it is. A move is stored atomically before anyone is told, so
    a cancelled handler loses at most a message, which the next click or the restarted bot redraws.
    """
    current = asyncio.current_task()
    handlers = [t for t in asyncio.all_tasks() if t is not current and t.get_name().startswith(HANDLER_TASKS)]
    if not handlers:
        return
    log.info("waiting for %d running handler(s) before closing", len(handlers))
    _, late = await asyncio.wait(handlers, timeout=timeout)
    if late:
        log.warning("cancelling %d handler(s) still running after %.0f s", len(late), timeout)
        for task in late:
            task.cancel()
        await asyncio.wait(late, timeout=1.0)


class CardTree(app_commands.CommandTree):
    """The command tree, refusing new commands politely while the bot shuts down (`CardBot.stopping`)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        service = getattr(interaction.client, "service", None)
        if service is not None:  # what the server's tables read follows its locale as sent (bot.kit.languages)
            service.saw_guild_locale(interaction.guild_id, guild_locale_code(interaction))
        if getattr(interaction.client, "stopping", False):
            await interaction.response.send_message(restarting(quick_language(interaction)), ephemeral=True)
            return False
        command = interaction.command if interaction.type is discord.InteractionType.application_command else None
        if isinstance(command, app_commands.Command):  # bot.kit.decode: choices and ranges, checked here too
            data: dict[str, Any] = dict(interaction.data or {})
            refusal = slash_refusal(command.parameters, data.get("options") or [], quick_language(interaction))
            if refusal is not None:
                await interaction.response.send_message(refusal, ephemeral=True)
                return False
        return True


# The shared cogs; every registered game adds its own package `cogs.<kind>` between them.
SHARED_FIRST: tuple[str, ...] = ("cogs.about", "cogs.tables", "cogs.mygames")
SHARED_LAST: tuple[str, ...] = ("cogs.leaderboard", "cogs.stats", "cogs.help", "cogs.settings", "cogs.tournament")


def game_extensions() -> tuple[str, ...]:
    """`cogs.<kind>` for every game the registry discovered (a game is its packages, never a list)."""
    return tuple(f"cogs.{kind}" for kind in registry.kinds())


# Extensions loaded at start-up. A cog that fails to load is logged and skipped, never fatal.
EXTENSIONS: tuple[str, ...] = (*SHARED_FIRST, *game_extensions(), *SHARED_LAST)


def intents() -> discord.Intents:
    """The default intents (never a privileged one: no message content, no members; discord-notes C.8)
    without GUILD_MESSAGES and DIRECT_MESSAGES: no message events, which the bot does not use."""
    chosen = discord.Intents.default()
    chosen.guild_messages = False
    chosen.dm_messages = False
    return chosen


class CardBot(commands.Bot):
    """Cardroom's client: narrowed default intents and no message cache (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        *,
        extensions: tuple[str, ...] = EXTENSIONS,
        tuning: Tuning | None = None,
        **options: Any,
    ) -> None:
        # Discord's global limit, paced ahead of time: this process's share of it (bot.kit.pacing)
        pacer = Pacer(PACE_PER_SECOND * share(settings.shard_ids, settings.shard_count))
        options["http_trace"] = pace_requests(pacer, options.get("http_trace"))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            max_messages=None,  # nothing reads discord.py's message cache
            help_command=None,
            tree_cls=CardTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        amortise_bucket_sweeps(self.http)  # discord.py scanned every bucket on each new interaction
        self.pacer = pacer
        self.settings = settings
        self.tuning = tuning or Tuning()
        if settings.drawing_processes is not None:  # CARDROOM_DRAWING_PROCESSES: the operator's choice
            self.tuning = dataclasses.replace(self.tuning, drawing_processes=settings.drawing_processes)
        self._extensions = extensions
        self.db: Database | None = None
        self.locales: LocaleMemo | None = None
        # The game machinery, built once the database is open (setup_hook, the composition root).
        self.router: Router
        self.lobby: Lobby
        self.confirmations: Confirmations
        self.quickstart: QuickStart
        self.threads: GameThreads
        self.thread_deletions: ThreadDeletions
        self.tables: TableUpdater
        self.hands: HandMessages
        self.transport: DiscordTransport
        self.digests: Digests
        self.reconciler: Reconciler
        self.endings: Endings
        self.tournaments: TournamentRunner
        self.sweeper: Sweeper | None = None
        self._shutdown: asyncio.Future[None] | None = None
        self.stopping = False  # set when a shutdown starts: new clicks and commands get RESTARTING
        self._drawing: DrawingPool | None = None
        self.ownership: Ownership | None = None
        self.health = Health(self.tuning.health_interval, self._health_line)
        self.unclaimed = Unclaimed(self)  # modal submits, and clicks on ids no control claims
        self.add_listener(self.unclaimed.on_interaction, "on_interaction")
        self.tree.error(self.on_app_command_error)

    @property
    def service(self) -> GameService:
        return self._service

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database_path)
        if self.tuning.drawing_processes > 0:
            # Shaping the images' right-to-left words ahead costs seconds of a core at every start: only
            # when someone reads such a language (a later one's first images shape their words then).
            shape_ahead = bool(await self.db.settings.languages_chosen() & RTL_LANGUAGES)
            self._drawing = offload.start_pool(self.tuning.drawing_processes, shape_ahead=shape_ahead)
            offload.install(self._drawing)
        self._service = GameService(self.db, self.tuning)
        self._service.guild_locale = self._preferred_locale  # a table reads the server's language (design §10)
        register_adapters(registry.games(), self._service.register)  # one per declared game, before the cogs
        # The composition root: each piece gets what it works with, once, here.
        policy = RetryPolicy(self.tuning.retry_attempts, self.tuning.retry_delay, self.tuning.request_timeout)
        self.threads = GameThreads(self, policy)
        self.tables = TableUpdater(self._service, self, policy, on_refusal=self._channel_refused)
        self.hands = HandMessages(self._service, guilds=self)
        self.transport = DiscordTransport(self, policy)
        self.reconciler = Reconciler(
            service=self._service,
            hands=self.hands,
            transport=self.transport,
            tables=self.tables,
            announce=Standings(self._service).result_post,
            threads=self.threads,
        )
        self._service.after_move_hooks.append(self.reconciler.after_move)
        self.tables.on_moved = self.reconciler.mark_dirty  # a fresh table: the hands' links follow it
        self.thread_deletions = ThreadDeletions(self._service, self.tables, self.threads)
        self.reconciler.thread_gone = self.thread_deletions.carry_on  # a deleted thread's game goes on
        self._service.after_end_hooks.append(self.reconciler.mark_dirty)
        self.lobby = Lobby(self._service, tables=self.tables, marks=self.reconciler, threads=self.threads)
        self.endings = Endings(
            self._service, lobby=self.lobby, marks=self.reconciler, threads=self.threads, channels=self
        )
        self.confirmations = Confirmations(
            self._service, endings=self.endings, hands=self.hands, channels=self, marks=self.reconciler
        )
        self.quickstart = QuickStart(self._service, lobby=self.lobby, threads=self.threads)
        self.digests = Digests(self._service, hands=self.hands, transport=self.transport, marks=self.reconciler)
        self.tournaments = TournamentRunner(
            self._service,
            poster=self.transport,
            tables=self.lobby,
            threads=ChannelThreads(self, policy),
            owner=lambda: self.ownership.owner if self.ownership is not None else "",
            roles=MemberRoles(self, policy),
            guild_name=self._guild_name,
        )
        self.sweeper = Sweeper(
            self._service,
            channels=self,
            marks=self.reconciler,
            digests=self.digests,
            seasons=SeasonCloser(self._service, self.transport),
            tournaments=self.tournaments,
        )
        self.router = Router(
            self._service,
            lobby=self.lobby,
            endings=self.endings,
            hands=self.hands,
            owner=self.reconciler,
            tables=self.tables,
            confirmations=self.confirmations,
            stopping=lambda: self.stopping,
        )
        self._service.after_move_hooks.append(GuideProgress(self._service).after_move)
        self.locales = LocaleMemo(self.db)  # the last Discord locale seen per person (bot.kit.languages)
        await self.tree.set_translator(CatalogTranslator())  # command names and help in vi, de, bg
        await self._own_games(self.db)
        self.add_dynamic_items(GameComponent)
        direct_clicks(self)  # a game's clicks go to the router without rebuilding the clicked message
        for name in self._extensions:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("could not load %s; the bot runs without it", name)
        resumed = await self._service.resume_all()
        log.info("resumed %d active games", resumed)
        self.reconciler.resume_when(self.wait_until_ready)
        self.sweeper.start()
        self.health.start()
        await self.sync_commands()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction, beside its own handler: remember the person's Discord locale for the DMs
        sent with no interaction at hand (bot.kit.languages.LocaleMemo writes only on a change)."""
        locale = locale_code(interaction)
        if self.locales is not None and locale is not None:
            await self.locales.note(interaction.user.id, locale)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted (THREAD_DELETE): the active game playing in it goes on in the thread's
        channel at once (bot.projection.threads), not only when its next request finds the thread gone (10003).
        Only the game's owner moves it (bot.moves.ownership); another process learns it from a 10003."""
        if self.db is None or not hasattr(self, "thread_deletions"):
            return
        record = await self._service.db.games.open_in_channel(payload.thread_id)
        if record is None or record.thread_id != payload.thread_id or not self.reconciler.owns(record.id):
            return
        if await self.thread_deletions.carry_on(record.id):
            self.reconciler.mark_dirty(record.id)

    async def _own_games(self, db: Database) -> None:
        """Which games' single-writer work is this process's (bot.moves.ownership): every game on SQLite; on
        PostgreSQL, the games whose lease it holds, claimed before the start-up passes ask."""
        ownership = Ownership(
            db, ttl=self.tuning.lease_ttl, poll=self.tuning.ownership_poll, solo=db.dialect == "sqlite"
        )
        follow = FollowUps(ownership, self._service, self.reconciler)
        ownership.on_gained, ownership.on_moved = follow.gained, follow.moved
        self._service.owns = self.reconciler.owns = ownership.owns
        db.games.cache.serve_for = ownership.serve_for  # a record held in memory serves its lease holder only
        db.settings.serve_held = ownership.solo  # on SQLite this process writes every person's and server's settings
        if not ownership.solo:
            try:
                await db.settings.follow_writes()  # PostgreSQL: held while every process's writes are heard
            except (StorageFault, DatabaseUnavailable) as fault:
                log.warning("not listening for settings writes (%s); reading them every time", fault)
        self._service.after_move_hooks.append(follow.after_move)
        self.ownership = ownership
        await ownership.start()

    def _guild_name(self, guild_id: int) -> str | None:
        """A server's name if this shard has the server (a game stores it: data.games.create_lobby)."""
        guild = self.get_guild(guild_id)
        return guild.name if guild is not None else None

    def _health_line(self, lag: float) -> str:
        from bot.process.shards import shards_of  # bot.process.shards builds on this module

        owned = self.ownership.owned() if self.ownership is not None else 0
        takeovers = self.ownership.takeovers if self.ownership is not None else 0
        line = f"shards={shards_of(self)} games_owned={owned} takeovers={takeovers} loop_lag_ms={lag * 1000:.0f}"
        if self._drawing is not None:  # where pictures are drawn, and the drawing processes that died
            where = "processes" if offload.installed() is self._drawing else "threads"
            line += f" drawing={where} drawing_lost={self._drawing.lost}"
        return line

    async def _channel_refused(self, game_id: int, refusal: Refusal) -> None:
        await self.reconciler.channel_refused(game_id, refusal=refusal)

    async def sync_commands(self) -> None:
        """Sync to the development guild when one is set (instant), else globally."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    def _preferred_locale(self, guild_id: int) -> str | None:
        """The server's preferred locale from the guild cache (None before the server is known)."""
        guild = self.get_guild(guild_id)
        return guild.preferred_locale.value if guild is not None else None

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """One friendly answer for any command failure; the details go to the log."""
        original = getattr(error, "original", None)
        lang = quick_language(interaction)  # the database may be what failed: the client's own locale
        if isinstance(error, app_commands.CheckFailure):
            text = str(error) or t(lang, "You can't use that command here.")
        elif isinstance(original, StorageFault):  # the database refused the write: nothing changed
            log.warning("command not saved: %s", original)
            text = not_saved(original.reason, "that", lang)
        else:
            log.error("command %s failed", interaction.command and interaction.command.qualified_name, exc_info=error)
            text = t(lang, "Something went wrong on my side; the game is safe. Please try again.")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        """Stop the sweeper and table updates, disconnect, then close the database.

        Every caller waits for this same whole shutdown. discord.py's `__aexit__` only waits for its own
        part (the gateway and HTTP), so when a SIGTERM handler started the close, `async with bot` used to
        return - and `asyncio.run` cancel the rest - while the database close was still waiting behind a
        move's transaction: the database stayed open and the process never exited (seen under load).
        """
        if self._shutdown is not None:  # a close is under way: wait for all of it
            await asyncio.shield(self._shutdown)
            return
        self._shutdown = asyncio.get_running_loop().create_future()
        try:
            await self._shut_down()
        finally:
            self._shutdown.set_result(None)

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def _shut_down(self) -> None:
        self.stopping = True
        if self.sweeper is not None:
            await self.sweeper.stop()
        await self.health.stop()
        await drain_handlers()
        if hasattr(self, "_service"):
            # Computer turns stop first: each stored move asks the reconciler for a pass, so while they
            # go on the reconciler never falls idle, and a pass asked for after its close would read a
            # closed database.
            await self._service.close()
            # Passes under way finish (a message sent is then recorded, and not sent again at start-up).
            try:
                async with asyncio.timeout(DRAIN_SECONDS):
                    await self.reconciler.idle()
            except TimeoutError:
                log.warning("stopping with messages still being updated; the next start finishes them")
            await self.reconciler.close()
            await self.tables.close()
            # Leases handed back: another process takes the tournaments and the games at once.
            if hasattr(self, "tournaments"):  # set up after the service: a start that failed may lack it
                await self.tournaments.close()
            if self.ownership is not None:
                await self.ownership.stop()
        await super().close()
        if self.db is not None:
            await self.db.close()
            self.db = None
        if self._drawing is not None:
            if offload.installed() is self._drawing:
                offload.install(None)
            await asyncio.to_thread(self._drawing.shutdown)
            self._drawing = None
