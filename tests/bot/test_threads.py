"""Where a game's messages go (bot.threads.game_channel), the thread permission check, and the
threads switch of /settings server."""

from __future__ import annotations

import dataclasses

import discord

from bot.threads import MAX_THREAD_NAME, game_channel, missing, thread_name
from cogs.settings import Settings, describe_guild
from data import GameRecord, GameStatus, GuildSettings, TurnTimer

CHANNEL, THREAD, MESSAGE = 100, 200, 300


def record(**changes: object) -> GameRecord:
    base = GameRecord(
        id=1, kind="cards", guild_id=9, channel_id=CHANNEL, thread_id=None, host_user_id=5, options={}, seed=1,
        status=GameStatus.ACTIVE, version=0, timer=TurnTimer.LIVE, turn_seconds=60, deadline=None,
        reminder_sent=False, table_channel_id=None, table_message_id=None, created_at=0.0, started_at=None,
        ended_at=None, end_reason=None, updated_at=0.0,
    )  # fmt: skip
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_a_game_without_a_thread_posts_in_its_channel() -> None:
    """No thread: the table's channel, else the game's channel."""
    assert game_channel(record()) == CHANNEL
    assert game_channel(record(table_channel_id=CHANNEL, table_message_id=MESSAGE)) == CHANNEL


def test_a_started_game_in_a_thread_posts_in_the_thread() -> None:
    """The table is in the thread: notices, reminders and the result follow it there."""
    assert game_channel(record(thread_id=THREAD, table_channel_id=THREAD, table_message_id=MESSAGE)) == THREAD


def test_a_threaded_game_with_no_table_yet_points_at_its_thread() -> None:
    """Thread opened, no message stored yet (a crash between them): the thread, never the channel."""
    assert game_channel(record(thread_id=THREAD)) == THREAD


def test_a_game_whose_thread_refused_the_table_posts_where_the_table_is() -> None:
    """The thread refused the table at Start, which then played in the channel: everything follows it."""
    assert game_channel(record(thread_id=THREAD, table_channel_id=CHANNEL, table_message_id=MESSAGE)) == CHANNEL


def test_missing_names_each_thread_permission_the_bot_lacks() -> None:
    """The fallback message names what a server admin must grant, by Discord's own labels."""
    assert missing(discord.Permissions(create_public_threads=True, send_messages_in_threads=True)) == []
    assert missing(discord.Permissions(send_messages_in_threads=True)) == ["Create Public Threads"]
    assert missing(discord.Permissions.none()) == ["Create Public Threads", "Send Messages in Threads"]


def test_thread_names_fit_discords_limit() -> None:
    """A channel name is at most 100 characters, however long the host's name."""
    assert thread_name("Cards", "Alice") == "Cards · Alice"
    assert len(thread_name("Cards", "x" * 300)) == MAX_THREAD_NAME


def test_the_server_settings_say_whether_tables_open_in_threads() -> None:
    """/settings show and the server panel name the setting, on or off."""
    assert "Each table in its own thread: off" in describe_guild(GuildSettings(9))
    assert "Each table in its own thread: on" in describe_guild(GuildSettings(9, threads=True))


def test_the_server_panel_offers_the_threads_switch_within_five_rows() -> None:
    """The switch sits beside the computer-games toggle: still five rows, Discord's most (C.1)."""
    view = Settings.server_panel(GuildSettings(9, threads=True))["view"]
    ids = [getattr(item, "custom_id", "") for item in view.children]
    assert "cs:threads" in ids
    assert len(view.to_components()) <= 5
