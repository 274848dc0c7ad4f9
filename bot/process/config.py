"""Settings from the environment and `.env` (see `.env.example`). The token is never logged or repr'd."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from data.database import is_postgres

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MAX_DRAWING_PROCESSES = 16
# Far more gateway shards than Discord assigns any bot (one per 1,000 to 2,500 guilds); the bound keeps
# a mistyped count from expanding into millions of shard ids.
MAX_SHARD_COUNT = 65_536
# Discord snowflakes are 64-bit.
MAX_SNOWFLAKE = 2**64 - 1


class ConfigError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


def whole_number(text: str, *, most: int) -> int | None:
    """`text` as a whole number from 0 to `most`, or None when it is anything else.

    ASCII digits only: `str.isdigit()` also accepts "²" (which `int()` then refuses with a traceback)
    and other scripts' digits (which `int()` reads). The length is checked before `int()`, so a
    thousand-digit setting is refused as quickly as a word.
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def shard_list(text: str, count: int) -> tuple[int, ...]:
    """`CARDROOM_SHARDS`: "0-3" (a range, both ends in), "0,2" (a list) or a mix ("0,4-5"), in order,
    each shard once. Every end is checked against `count` before a range is expanded, so the list is
    never longer than `count` and a typo such as "0-99999999999" is refused at once."""
    shards: list[int] = []
    seen: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        first = whole_number(low, most=MAX_SNOWFLAKE)
        last = whole_number(high, most=MAX_SNOWFLAKE) if dash else first
        if first is None or last is None:
            raise ConfigError(f'CARDROOM_SHARDS must be shard numbers like "0-3" or "0,2", not {text!r}.')
        if last < first:
            raise ConfigError(f"CARDROOM_SHARDS: the range {part!r} runs backwards.")
        if last >= count:
            raise ConfigError(f"CARDROOM_SHARDS names shard {last}, but shards run from 0 to {count - 1}.")
        for shard in range(first, last + 1):
            if shard not in seen:
                seen.add(shard)
                shards.append(shard)
    return tuple(shards)


def shard_setting(shards_text: str, count_text: str) -> tuple[tuple[int, ...] | None, int | None]:
    """(shard ids, shard count) from `CARDROOM_SHARDS` and `CARDROOM_SHARD_COUNT`; (None, None) when
    neither is set (one process, discord.py's default). Every shard must be below the count."""
    if not shards_text and not count_text:
        return None, None
    count = whole_number(count_text, most=MAX_SHARD_COUNT)
    if count is None or count < 1:
        raise ConfigError(
            f"CARDROOM_SHARD_COUNT must be the whole bot's number of shards (1 to {MAX_SHARD_COUNT}), "
            f"not {count_text!r}."
        )
    return (shard_list(shards_text, count) if shards_text else tuple(range(count))), count


def database_target(text: str) -> Path | str:
    """A PostgreSQL URL stays text (a Path would fold its `//`); anything else names an SQLite file."""
    return text if is_postgres(text) else Path(text)


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = field(repr=False)
    database_path: Path | str = Path("cardroom.db")  # an SQLite file, or a postgresql:// URL (kept as text)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    drawing_processes: int | None = None  # None: Tuning's default
    shard_ids: tuple[int, ...] | None = None  # CARDROOM_SHARDS: the gateway shards this process runs
    shard_count: int | None = None  # CARDROOM_SHARD_COUNT: the whole bot's shards, over every process

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read settings from `env` (default: the process environment). Raises ConfigError."""
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there, "
                "or export DISCORD_TOKEN=... (see the README, 'Create the Discord application')."
            )
        guild_text = env.get("CARDROOM_DEV_GUILD_ID", "").strip()
        guild_id = whole_number(guild_text, most=MAX_SNOWFLAKE) if guild_text else None
        if guild_text and guild_id is None:
            raise ConfigError(f"CARDROOM_DEV_GUILD_ID must be a server id (digits), not {guild_text!r}.")
        level = env.get("CARDROOM_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"CARDROOM_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        drawing_text = env.get("CARDROOM_DRAWING_PROCESSES", "").strip()
        drawing = whole_number(drawing_text, most=MAX_DRAWING_PROCESSES) if drawing_text else None
        if drawing_text and drawing is None:
            raise ConfigError(
                f"CARDROOM_DRAWING_PROCESSES must be a whole number from 0 to {MAX_DRAWING_PROCESSES} "
                f"(0 draws images in the bot's own threads), not {drawing_text!r}."
            )
        shard_ids, shard_count = shard_setting(
            env.get("CARDROOM_SHARDS", "").strip(), env.get("CARDROOM_SHARD_COUNT", "").strip()
        )
        return cls(
            token=token,
            database_path=database_target(env.get("CARDROOM_DATABASE", "").strip() or "cardroom.db"),
            dev_guild_id=guild_id,
            log_level=level,
            api_base=env.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
            drawing_processes=drawing,
            shard_ids=shard_ids,
            shard_count=shard_count,
        )


@dataclass(frozen=True, slots=True)
class Tuning:
    """Timings of the table machinery. Production defaults; tests shrink them to milliseconds.

    Turn lengths are not here: they are each server's setting (data.GuildSettings, `/settings`).
    Table edits are coalesced to about one per second per channel (discord-notes C.6: channel edits
    share a small bucket), computer players wait a human-paced delay that never depends on their
    cards, and one sweeper loop handles every deadline.
    """

    table_edit_interval: float = 1.0
    computer_delay: float = 1.5
    sweep_interval: float = 5.0
    lobby_timeout: float = 30 * 60
    # A lobby whose message is not recorded this long after its row was written (the process died in
    # between, or the answer missed Discord's 3 s window) is closed: nobody can see or join it, and it
    # would hold its channel until `lobby_timeout`. Well above a command's answer time (3 s to answer,
    # then one request for the message's id).
    unseen_lobby_grace: float = 10.0
    reminder_fraction: float = 0.5  # remind when this share of the turn time is left
    max_timeouts: int = 2  # after this many timeouts in a row the seat goes to a computer player
    fresh_table_after: float = 45 * 60  # post a new table message instead of editing an older one (30046)
    # How long an interaction's token is used after its click, outside the global limit: the Start
    # click's edits the table, a DM click's posts that person's next turn's hand (bot.projection.replies).
    # Discord's tokens last 15 minutes. 0: no token is used, every table edit and hand goes over REST.
    token_edit_window: float = 14 * 60
    # A click that only redraws a DM hand is acknowledged by the redrawn hand when that is ready within this
    # many seconds (one request, where a deferral and an edit are two), else deferred then; at once while
    # answers have been late, and a move always (bot.kit.acks). Discord allows 3 s; 0 defers every click.
    answer_within: float = 0.1
    # Processes that draw table and hand images (rendering.offload); 0 draws in the bot's own threads,
    # which tests use so that each test bot does not start processes of its own.
    drawing_processes: int = 2
    # Discord requests after a move (bot.kit.refusals): tries per request, first backoff (doubled each
    # time), and how long one attempt may take before it counts as a timeout.
    retry_attempts: int = 5
    retry_delay: float = 1.0
    request_timeout: float = 30.0
    # A message still owed after those tries (the table, a hand, the standings, a thread's end) is tried
    # again from `2 * retry_delay` on, doubled each time, at most this far apart (bot.kit.refusals.Backoff).
    retry_cap: float = 300.0
    # Several processes on one PostgreSQL (bot.moves.ownership): a game's lease lasts `lease_ttl` seconds
    # (renewed every third of it; a dead owner's games are taken over within it), and an owner looks
    # for moves made by other processes every `ownership_poll` seconds.
    lease_ttl: float = 30.0
    ownership_poll: float = 1.0
    health_interval: float = 60.0  # seconds between two health lines in the log (bot.process.health)


# Every setting the bot reads, in the words `python -m bot --help` prints (bot.__main__): one row per
# environment variable, or per group of variables set together. `Settings.from_env` reads them.
SETTINGS_HELP: tuple[tuple[str, str], ...] = (
    ("DISCORD_TOKEN", "the bot token (required to run the bot, not to play in the terminal)"),
    ("CARDROOM_DATABASE", "the SQLite file (default: cardroom.db), or a postgresql:// URL"),
    ("CARDROOM_DEV_GUILD_ID", "a server id to sync slash commands to at once while developing"),
    ("CARDROOM_LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR or CRITICAL (default: INFO)"),
    (
        "CARDROOM_DRAWING_PROCESSES",
        f"processes drawing images, 0 to {MAX_DRAWING_PROCESSES} (default: {Tuning().drawing_processes})",
    ),
    (
        "CARDROOM_SHARD_COUNT",
        "the whole bot's number of gateway shards, over every process (default: unsharded)",
    ),
    (
        "CARDROOM_SHARDS",
        'the shards this process runs: "0-3", "0,2" or "0,4-5" (needs CARDROOM_SHARD_COUNT; default: all)',
    ),
    ("DISCORD_API_BASE, DISCORD_GATEWAY_URL", "send Discord traffic elsewhere (a proxy, the offline Discord)"),
)
