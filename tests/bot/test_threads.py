"""Where a game's messages go (bot.projection.threads.game_channel), the thread permission check, thread names,
the lobby note left in the channel and its one line at the end, and the threads switch of /settings
server."""

from __future__ import annotations

import dataclasses

import discord

from bot.kit.refusals import Refusal, Refused
from bot.projection.threads import (
    MAX_THREAD_NAME,
    game_channel,
    lobby_note,
    missing,
    name_length,
    note_over,
    thread_name,
    thread_refuses,
)
from cogs.settings import Settings, describe_guild
from data import GameRecord, GameStatus, GuildSettings, MatchPlayer, MatchRecord, MessageKind, TurnTimer
from data.messages import GAME_WIDE
from rendering.text import ELLIPSIS, graphemes

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


def test_a_thread_name_carries_the_game_number() -> None:
    """Several threads in one channel read apart: the game's title, its number, its host."""
    assert thread_name("Cards", "Alice", 123) == "Cards #123 · Alice"


def test_a_long_host_name_is_cut_between_graphemes_within_the_limit() -> None:
    """An emoji with a skin tone is one grapheme of two code points (four UTF-16 units): the cut keeps
    whole ones, ends in an ellipsis and fits 100 however Discord counts."""
    thumb = "👍🏽"
    name = thread_name("Cards", thumb * 60, 7)
    assert name_length(name) <= MAX_THREAD_NAME and name.endswith(ELLIPSIS)
    kept = name.removeprefix("Cards #7 · ").removesuffix(ELLIPSIS)
    assert kept and set(graphemes(kept)) == {thumb}


def test_a_host_name_with_line_breaks_is_one_line_in_the_thread_name() -> None:
    """Controls and line breaks in a display name never reach the channel list."""
    assert thread_name("Cards", "Al\nice\u202e", 3) == "Cards #3 · Al ice"


def test_the_lobby_note_is_remembered_only_for_a_lobby_left_in_the_channel() -> None:
    """At Start in the thread the lobby message in the channel is the note; a lobby in the thread (a
    rematch) becomes the table there and leaves none; a game without a thread has none."""
    note = lobby_note(record(thread_id=THREAD, table_channel_id=CHANNEL, table_message_id=MESSAGE, version=4))
    assert note is not None
    assert (note.kind, note.seat, note.channel_id, note.message_id, note.key) == (
        MessageKind.NOTE, GAME_WIDE, CHANNEL, MESSAGE, ""
    )  # fmt: skip
    assert lobby_note(record(thread_id=THREAD, table_channel_id=THREAD, table_message_id=MESSAGE)) is None
    assert lobby_note(record(table_channel_id=CHANNEL, table_message_id=MESSAGE)) is None


def _match(*players: tuple[str, int]) -> MatchRecord:
    seated = tuple(MatchPlayer(i, 10 + i, name, False, place, 0) for i, (name, place) in enumerate(players))
    return MatchRecord(1, 1, 9, "cards", 0.0, True, False, seated)


def test_the_note_of_a_finished_game_is_one_line_with_winner_places_and_link() -> None:
    """Winner first, the other places in order, the thread's link: one line under the channel's messages."""
    over = record(status=GameStatus.FINISHED, thread_id=THREAD)
    text = note_over("Cards", over, _match(("Bob", 2), ("Alice", 1), ("Cleo", 3)))
    assert text == f"🏆 **Cards** · table #1 is over: Alice won · 2nd Bob · 3rd Cleo · standings in <#{THREAD}>"


def test_the_note_says_the_standings_are_below_when_the_thread_was_closed() -> None:
    """The thread refused the standings (locked by a moderator): they are in the channel, under the note."""
    over = record(status=GameStatus.FINISHED, thread_id=THREAD)
    text = note_over("Cards", over, _match(("Bob", 2), ("Alice", 1)), moved=True)
    closed = f"<#{THREAD}> was closed, so the standings are posted below"
    assert text == f"🏆 **Cards** · table #1 is over: Alice won · 2nd Bob · {closed}"


def _refused(refusal: Refusal, status: int, code: int) -> Refused:
    class Answer:
        reason = "fake"

        def __init__(self) -> None:
            self.status = status

    return Refused(refusal, discord.HTTPException(Answer(), {"code": code, "message": "refused"}))  # type: ignore[arg-type]


def test_a_locked_thread_or_one_closed_to_the_bot_refuses_for_good() -> None:
    """50083 (archived and locked), 50001 and 50013 send the post to the parent channel; a 5xx does not."""
    assert thread_refuses(_refused(Refusal.OTHER, 400, 50083))
    assert thread_refuses(_refused(Refusal.CHANNEL_LOST, 403, 50013))
    assert thread_refuses(_refused(Refusal.CHANNEL_LOST, 403, 50001))
    assert not thread_refuses(_refused(Refusal.TRANSIENT, 503, 0))
    assert not thread_refuses(_refused(Refusal.CHANNEL_GONE, 404, 10003))


def test_the_note_names_tied_players_together_and_escapes_names() -> None:
    """A shared place lists both names; a name's markdown is shown as typed, never as formatting."""
    over = record(status=GameStatus.FINISHED, thread_id=THREAD)
    text = note_over("Cards", over, _match(("**Al**", 1), ("Bo", 1)))
    assert "\\*\\*Al\\*\\* and Bo won" in text and "\n" not in text


def test_the_note_of_a_game_ended_early_says_why() -> None:
    """An abandoned game: ended early, the reason, nothing rated, and the link."""
    ended = record(status=GameStatus.ABANDONED, thread_id=THREAD, end_reason="every player left")
    text = note_over("Cards", ended, None)
    assert text == f"**Cards** · table #1 ended early: every player left. Nothing was rated · <#{THREAD}>"


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
