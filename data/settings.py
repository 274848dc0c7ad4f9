"""Per-user and per-server settings (design §4, notes E.3/E.6). Missing rows read as the defaults.

Updates are read-modify-write inside one transaction, so two commands changing different fields at
the same moment cannot undo each other.

A person's settings are read for every seat of every message pass (how their hand is delivered, whether
they are told of their turn), and change only when they use a command. The bot's process on SQLite owns
the file (design §5), and every write of `user_settings` goes through this module or data.privacy, which
drop the person's entry: so there (`serve_held`, set by the bot) `user` serves what it read or wrote last.
A server's settings, read for every table drawn (its language), are held the same way: `guild_settings`
and `guild_channels` are written only here. A read that overlapped a write (and may have seen the row
before it) stores nothing: every write bumps `_writes` before it starts and after it ends.

On PostgreSQL another process may write them at any time. Every write there notifies `SETTINGS` inside
its own transaction (heard once it commits, never if it rolls back), naming the person ("u:<id>") or the
server ("g:<id>"), and a process that follows them (`follow_writes`, set by the bot) holds what it read
while its listener is live: a notification drops what it names, as a local write does, and the listener's
gaps (its connection lost, then back) drop everything. Holding them takes the person's settings off
every seat of every message pass: about eight reads a move. Any other reader (a script, a test on an
SQLite file it does not own) reads every time.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from .models import DIGEST_HOURS, GuildSettings, HandDelivery, SeasonLength, SeasonReset, TurnNotice, UserSettings

if TYPE_CHECKING:
    from .database import Database, Listening, Row, Tx


SETTINGS = "settings"  # the channel every write of a person's or a server's settings notifies on
_USER = "SELECT * FROM user_settings WHERE user_id = ?"


async def told_user(tx: Tx, user_id: int) -> None:
    """Inside a transaction that writes `user_id`'s settings row: other processes drop what they hold of it."""
    await tx.notify(SETTINGS, f"u:{user_id}")


async def _told_guild(tx: Tx, guild_id: int) -> None:
    await tx.notify(SETTINGS, f"g:{guild_id}")


async def _user(tx: Tx, user_id: int) -> UserSettings:
    return _user_settings(user_id, await tx.one(_USER, (user_id,)))


def _user_settings(user_id: int, row: Row | None) -> UserSettings:
    if row is None:
        return UserSettings(user_id)
    return UserSettings(
        user_id=user_id,
        hand_delivery=HandDelivery(row["hand_delivery"]),
        dm_closed=bool(row["dm_closed"]),
        leaderboard_opt_out=bool(row["leaderboard_opt_out"]),
        turn_notice=TurnNotice(row["turn_notice"]),
        digest_hours=int(row["digest_hours"]),
        language=row["language"],
        seen_locale=row["seen_locale"],
        away_since=row["away_since"],
        away_until=row["away_until"],
        time_zone=row["time_zone"],
    )


async def _guild(tx: Tx, guild_id: int) -> GuildSettings:
    channels = frozenset(
        row["channel_id"]
        for row in await tx.all("SELECT channel_id FROM guild_channels WHERE guild_id = ?", (guild_id,))
    )
    row = await tx.one("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return GuildSettings(guild_id, allowed_channel_ids=channels)
    return GuildSettings(
        guild_id=guild_id,
        live_turn_seconds=row["live_turn_seconds"],
        casual_turn_seconds=row["casual_turn_seconds"],
        manager_role_id=row["manager_role_id"],
        computer_games_count=bool(row["computer_games_count"]),
        allowed_channel_ids=channels,
        threads=bool(row["threads"]),
        tournaments_open=bool(row["tournaments_open"]),
        language=row["language"],
        away_limit_seconds=row["away_limit_seconds"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        time_zone=row["time_zone"],
        season_length=SeasonLength(row["season_length"]),
        season_reset=SeasonReset(row["season_reset"]),
        seasons_since=row["seasons_since"],
        season_custom=(
            None
            if row["season_custom_start"] is None or row["season_custom_end"] is None
            else (float(row["season_custom_start"]), float(row["season_custom_end"]))
        ),
    )


async def _save_guild(tx: Tx, settings: GuildSettings) -> None:
    await _told_guild(tx, settings.guild_id)
    await tx.run(
        "INSERT INTO guild_settings (guild_id, live_turn_seconds, casual_turn_seconds, manager_role_id, "
        "computer_games_count, threads, language, away_limit_seconds, quiet_start, quiet_end, time_zone, "
        "season_length, season_reset, seasons_since, season_custom_start, season_custom_end, tournaments_open) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "live_turn_seconds = excluded.live_turn_seconds, casual_turn_seconds = excluded.casual_turn_seconds, "
        "manager_role_id = excluded.manager_role_id, computer_games_count = excluded.computer_games_count, "
        "threads = excluded.threads, language = excluded.language, away_limit_seconds = excluded.away_limit_seconds, "
        "quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, "
        "season_length = excluded.season_length, season_reset = excluded.season_reset, "
        "seasons_since = excluded.seasons_since, season_custom_start = excluded.season_custom_start, "
        "season_custom_end = excluded.season_custom_end, tournaments_open = excluded.tournaments_open",
        (
            settings.guild_id,
            settings.live_turn_seconds,
            settings.casual_turn_seconds,
            settings.manager_role_id,
            int(settings.computer_games_count),
            int(settings.threads),
            settings.language,
            settings.away_limit_seconds,
            settings.quiet_start,
            settings.quiet_end,
            settings.time_zone,
            settings.season_length.value,
            settings.season_reset.value,
            settings.seasons_since,
            None if settings.season_custom is None else settings.season_custom[0],
            None if settings.season_custom is None else settings.season_custom[1],
            int(settings.tournaments_open),
        ),
    )


_NEW_USER_COLUMNS = "user_id, hand_delivery, dm_closed, leaderboard_opt_out, turn_notice"


def _new_user(user_id: int) -> tuple[int, str, int, int, str]:
    """The stored defaults of a person's row, for a statement that writes one column of a new row."""
    defaults = UserSettings(user_id)
    return (
        user_id,
        defaults.hand_delivery.value,
        int(defaults.dm_closed),
        int(defaults.leaderboard_opt_out),
        defaults.turn_notice.value,
    )


class SettingsRepository:
    """User and guild settings. Reach it as `db.settings`."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self.serve_held = False  # set by the file's one writer (see the module docstring)
        self._following: Listening | None = None  # the notifications of other processes' writes
        self._users: dict[int, UserSettings] = {}
        self._guilds: dict[int, GuildSettings] = {}
        self._guild_writes = 0  # as `_writes`, for servers' settings
        self._writes = 0  # bumped before and after every write of a user's settings

    async def follow_writes(self) -> bool:
        """Hold what is read in this process although others write it too (PostgreSQL; see the module
        docstring). False where nothing is ever notified (SQLite: `serve_held` is its way). A listener
        that cannot connect at first raises StorageFault (or DatabaseUnavailable); one that connected
        keeps connecting again by itself."""
        if self._following is None:
            self._following = await self._db.listen(SETTINGS, self._heard, gap=self._gap)
        return self._following is not None

    @property
    def holding(self) -> bool:
        """Whether what is read now may be held: the one writer of an SQLite file, or a live listener."""
        return self.serve_held or (self._following is not None and self._following.live)

    def _heard(self, payload: str) -> None:
        kind, _, key = payload.partition(":")
        if kind == "u":
            self.forget(int(key))
        elif kind == "g":
            self.forget_guild(int(key))

    def _gap(self) -> None:
        """Writes may go unheard (the listener lost its connection) or have gone unheard (it is back)."""
        self.forget()
        self.forget_guild()

    async def user(self, user_id: int) -> UserSettings:
        """A player's settings (defaults when none are stored); at most one statement, one trip (Database.read)."""
        held = self._users.get(user_id)
        if held is not None:
            return held
        writes = self._writes
        rows = await self._db.read(_USER, (user_id,))
        settings = _user_settings(user_id, next(iter(rows), None))
        if writes == self._writes and self.holding:
            self._users[user_id] = settings
        return settings

    def forget(self, user_id: int | None = None) -> None:
        """Drop what is held of one person's settings (None: everyone's), and keep any read under way
        from storing what it read."""
        self._writes += 1
        if user_id is None:
            self._users.clear()
        else:
            self._users.pop(user_id, None)

    @asynccontextmanager
    async def _writing(self, user_id: int) -> AsyncIterator[None]:
        self.forget(user_id)
        try:
            yield
        finally:
            self.forget(user_id)

    async def update_user(
        self,
        user_id: int,
        *,
        hand_delivery: HandDelivery | None = None,
        dm_closed: bool | None = None,
        leaderboard_opt_out: bool | None = None,
        turn_notice: TurnNotice | None = None,
        digest_hours: int | None = None,
    ) -> UserSettings:
        """Change the given fields (None = leave as is) and return the result."""
        async with self._writing(user_id), self._db.transaction() as tx:
            current = await _user(tx, user_id)
            new = replace(
                current,
                hand_delivery=current.hand_delivery if hand_delivery is None else HandDelivery(hand_delivery),
                dm_closed=current.dm_closed if dm_closed is None else dm_closed,
                leaderboard_opt_out=current.leaderboard_opt_out if leaderboard_opt_out is None else leaderboard_opt_out,
                turn_notice=current.turn_notice if turn_notice is None else TurnNotice(turn_notice),
                digest_hours=current.digest_hours if digest_hours is None else digest_hours,
            )
            if new.digest_hours != 0 and new.digest_hours not in DIGEST_HOURS:
                raise ValueError(f"a digest comes every {DIGEST_HOURS} hours, not {new.digest_hours}")
            await told_user(tx, user_id)
            await tx.run(
                "INSERT INTO user_settings (user_id, hand_delivery, dm_closed, leaderboard_opt_out, turn_notice, "
                "digest_hours) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "hand_delivery = excluded.hand_delivery, dm_closed = excluded.dm_closed, "
                "leaderboard_opt_out = excluded.leaderboard_opt_out, turn_notice = excluded.turn_notice, "
                "digest_hours = excluded.digest_hours",
                (
                    user_id,
                    new.hand_delivery.value,
                    int(new.dm_closed),
                    int(new.leaderboard_opt_out),
                    new.turn_notice.value,
                    new.digest_hours,
                ),
            )
            return new

    async def set_language(self, user_id: int, language: str | None) -> UserSettings:
        """A person's language for everything written to them; None follows Discord's locale again."""
        async with self._writing(user_id), self._db.transaction() as tx:
            await told_user(tx, user_id)
            await tx.run(
                f"INSERT INTO user_settings ({_NEW_USER_COLUMNS}, language) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (*_new_user(user_id), language),
            )
            return await _user(tx, user_id)

    async def note_locale(self, user_id: int, locale: str) -> bool:
        """Remember the Discord locale of a person's latest interaction. One statement, which writes only
        when it differs from the stored one; True when it changed."""
        async with self._db.transaction() as tx:
            changed = await tx.run(
                f"INSERT INTO user_settings ({_NEW_USER_COLUMNS}, seen_locale) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET seen_locale = excluded.seen_locale "
                "WHERE user_settings.seen_locale IS NULL OR user_settings.seen_locale <> excluded.seen_locale",
                (*_new_user(user_id), locale),
            )
            if changed:
                await told_user(tx, user_id)
        if changed:  # every interaction notes its locale: what is held stays while the row does not change
            self.forget(user_id)  # after the write: a read under way then stores nothing
        return bool(changed)

    async def set_away(self, user_id: int, since: float | None, until: float | None = None) -> UserSettings:
        """Away from casual tables from `since` until `until` (None: until they say they're back);
        `since` None: back (not away)."""
        return await self._user_fields(user_id, away_since=since, away_until=until if since is not None else None)

    async def set_time_zone(self, user_id: int, zone: str | None) -> UserSettings:
        """The person's IANA time zone (checked by the caller), or None for the server's."""
        return await self._user_fields(user_id, time_zone=zone)

    async def _user_fields(self, user_id: int, **fields: object) -> UserSettings:
        """Write `fields` of one user row, creating it with the defaults first (one transaction)."""
        async with self._writing(user_id), self._db.transaction() as tx:
            await told_user(tx, user_id)
            await tx.run(
                f"INSERT INTO user_settings ({_NEW_USER_COLUMNS}) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO NOTHING",
                _new_user(user_id),
            )
            assignments = ", ".join(f"{name} = ?" for name in fields)  # names are this module's, never input
            await tx.run(f"UPDATE user_settings SET {assignments} WHERE user_id = ?", (*fields.values(), user_id))
            return await _user(tx, user_id)

    async def users_with_dm_closed(self, user_ids: Iterable[int]) -> frozenset[int]:
        """Which of `user_ids` are known to refuse DMs (one query per table, not per player)."""
        ids = list(user_ids)
        if not ids:
            return frozenset()
        marks = ",".join("?" * len(ids))
        async with self._db.transaction(write=False) as tx:
            rows = await tx.all(f"SELECT user_id FROM user_settings WHERE dm_closed = 1 AND user_id IN ({marks})", ids)
        return frozenset(row["user_id"] for row in rows)

    async def languages_chosen(self) -> frozenset[str]:
        """Every language a person or a server chose to read in (the drawing processes shape a right-to-left
        one's words ahead only when one is read: rendering.offload.start_pool)."""
        rows = await self._db.read(
            "SELECT language FROM user_settings WHERE language IS NOT NULL "
            "UNION SELECT language FROM guild_settings WHERE language IS NOT NULL"
        )
        return frozenset(str(row["language"]) for row in rows)

    async def guild(self, guild_id: int) -> GuildSettings:
        """A server's settings (defaults when none are stored), held like a person's (see the module
        docstring): read for every table drawn, changed only by a command."""
        held = self._guilds.get(guild_id)
        if held is not None:
            return held
        writes = self._guild_writes
        async with self._db.transaction(write=False) as tx:
            settings = await _guild(tx, guild_id)
        if writes == self._guild_writes and self.holding:
            self._guilds[guild_id] = settings
        return settings

    def forget_guild(self, guild_id: int | None = None) -> None:
        """Drop what is held of one server's settings (None: every server's), and keep any read under way
        from storing what it read."""
        self._guild_writes += 1
        if guild_id is None:
            self._guilds.clear()
        else:
            self._guilds.pop(guild_id, None)

    @asynccontextmanager
    async def _guild_writing(self, guild_id: int) -> AsyncIterator[None]:
        self.forget_guild(guild_id)
        try:
            yield
        finally:
            self.forget_guild(guild_id)

    async def update_guild(
        self,
        guild_id: int,
        *,
        live_turn_seconds: int | None = None,
        casual_turn_seconds: int | None = None,
        computer_games_count: bool | None = None,
        threads: bool | None = None,
        tournaments_open: bool | None = None,
    ) -> GuildSettings:
        """Change the given fields (None = leave as is) and return the result."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            current = await _guild(tx, guild_id)
            new = replace(
                current,
                live_turn_seconds=current.live_turn_seconds if live_turn_seconds is None else live_turn_seconds,
                casual_turn_seconds=current.casual_turn_seconds if casual_turn_seconds is None else casual_turn_seconds,
                computer_games_count=(
                    current.computer_games_count if computer_games_count is None else computer_games_count
                ),
                threads=current.threads if threads is None else threads,
                tournaments_open=current.tournaments_open if tournaments_open is None else tournaments_open,
            )
            await _save_guild(tx, new)
            return new

    async def set_seasons(
        self,
        guild_id: int,
        *,
        at: float,
        length: SeasonLength | None = None,
        reset: SeasonReset | None = None,
        custom: tuple[float, float] | None = None,
        no_custom: bool = False,
    ) -> GuildSettings:
        """Change how the server's seasons run (None = leave as is; `custom` sets a season with set dates,
        `no_custom` drops it). Turning them on from off (a length, or set dates) records `at` as
        `seasons_since`: only seasons that end after it are ever closed (data.seasons)."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            current = await _guild(tx, guild_id)
            new_length = current.season_length if length is None else SeasonLength(length)
            new_custom = None if no_custom else custom if custom is not None else current.season_custom
            since = current.seasons_since
            was_on = current.season_length is not SeasonLength.OFF or current.season_custom is not None
            if not was_on and (new_length is not SeasonLength.OFF or new_custom is not None):
                since = at
            new = replace(
                current,
                season_length=new_length,
                season_reset=current.season_reset if reset is None else SeasonReset(reset),
                seasons_since=since,
                season_custom=new_custom,
            )
            await _save_guild(tx, new)
            return new

    async def set_guild_language(self, guild_id: int, language: str | None) -> GuildSettings:
        """What the server's tables read; None follows the server's preferred locale again."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            new = replace(await _guild(tx, guild_id), language=language)
            await _save_guild(tx, new)
            return new

    async def set_casual_clock(
        self,
        guild_id: int,
        *,
        away_limit_seconds: int | None = None,
        quiet: tuple[int, int] | None = None,
        no_quiet: bool = False,
        time_zone: str | None = None,
    ) -> GuildSettings:
        """Change the away limit, the quiet hours (start, end in minutes; `no_quiet` removes them) or the
        server's time zone (checked by the caller); None leaves a field as is."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            current = await _guild(tx, guild_id)
            start, end = (None, None) if no_quiet else (quiet or (current.quiet_start, current.quiet_end))
            new = replace(
                current,
                away_limit_seconds=current.away_limit_seconds if away_limit_seconds is None else away_limit_seconds,
                quiet_start=start,
                quiet_end=end,
                time_zone=current.time_zone if time_zone is None else time_zone,
            )
            await _save_guild(tx, new)
            return new

    async def set_manager_role(self, guild_id: int, role_id: int | None) -> GuildSettings:
        """The role allowed to manage games besides server admins; None removes it."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            new = replace(await _guild(tx, guild_id), manager_role_id=role_id)
            await _save_guild(tx, new)
            return new

    async def set_allowed_channels(self, guild_id: int, channel_ids: Iterable[int]) -> GuildSettings:
        """Restrict games to these channels; an empty list allows every channel again."""
        async with self._guild_writing(guild_id), self._db.transaction() as tx:
            await _told_guild(tx, guild_id)
            await tx.run("DELETE FROM guild_channels WHERE guild_id = ?", (guild_id,))
            await tx.many(
                "INSERT INTO guild_channels (guild_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [(guild_id, channel_id) for channel_id in channel_ids],
            )
            return await _guild(tx, guild_id)
