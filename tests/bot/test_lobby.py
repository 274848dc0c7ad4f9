"""The lobby with a fake table updater, fake marks and a fake thread opener (bot.flows.lobby): no Discord at all.

Each test opens a lobby with `/<game> new` as the lobby answers it, then clicks its buttons as the
router hands them over; the game service and its database are real.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.flows.lobby import LOBBY_KEY, UNSEEN_REASON, Lobby, LobbySettings, engine_options, unseen_deadline
from bot.kit.ids import ComponentId, LobbyAction
from bot.moves.service import GameService
from bot.projection.threads import NO_THREAD_HERE
from data import GameRecord, GameStatus, TurnTimer
from tests.bot.fakes import (
    CHANNEL,
    GUILD,
    KIND,
    TABLE,
    THREAD,
    Interaction,
    Marks,
    Tables,
    Threads,
    closed,
    service_on,
    view_text,
)

HOST, BOB, CAROL = 101, 102, 103


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    service = await service_on(tmp_path)
    tables, marks, threads = Tables(service), Marks(), Threads()
    lobby = Lobby(service, tables=tables, marks=marks, threads=threads)  # type: ignore[arg-type]
    yield service, lobby, tables, marks, threads
    await closed(service)


def person(user_id: int, name: str = "") -> Interaction:
    click = Interaction(user_id, TABLE + 500)  # every click is on the lobby message the open answered with
    click.user.display_name = name or f"P{user_id}"
    return click


async def opened(lobby: Lobby, *, seats: int = 2, thread: bool | None = None) -> tuple[GameRecord, Interaction]:
    """The host opens a lobby; returns it as stored and the host's interaction (its answer, the card)."""
    command = person(HOST, "Ann")
    await lobby.open(command, KIND, seats=seats, level="normal", timer=TurnTimer.LIVE, options={}, thread=thread)  # type: ignore[arg-type]
    record = await lobby.service.db.games.open_in_channel(CHANNEL)
    assert record is not None
    return record, command


async def clicked(lobby: Lobby, user_id: int, game_id: int, action: LobbyAction) -> Interaction:
    click = person(user_id)
    await lobby.on_click(click, ComponentId(game_id, 0, action))  # type: ignore[arg-type]
    return click


async def stored(service: GameService, game_id: int) -> GameRecord:
    return await service.db.games.get(game_id)


async def test_opening_seats_the_host_and_keeps_the_lobby_message(parts) -> None:  # type: ignore[no-untyped-def]
    """`/<game> new`: an open lobby with its host seated, the answer its card, the card's message stored."""
    _, lobby, *_ = parts
    record, command = await opened(lobby)
    assert record.status is GameStatus.LOBBY and [seat.user_id for seat in record.seats] == [HOST]
    assert (record.table_channel_id, record.table_message_id) == (CHANNEL, TABLE + 500)
    assert "Seated (1/2)" in view_text(command.response.sent[0]["view"])


async def test_join_takes_a_seat_and_redraws_the_lobby(parts) -> None:  # type: ignore[no-untyped-def]
    """Join: the player is seated and the clicked lobby message names them."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby)
    click = await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    assert [seat.user_id for seat in (await stored(service, record.id)).seats] == [HOST, BOB]
    text = view_text(click.response.edited[-1]["view"])
    assert "Seated (2/2)" in text and f"<@{BOB}>" in text and click.said() == []


async def test_joining_twice_is_refused_politely(parts) -> None:  # type: ignore[no-untyped-def]
    """A seated player pressing Join again is told so, and still has one seat."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby, seats=3)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    again = await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    assert again.said() == ["You're already seated at this table."]
    assert [seat.user_id for seat in (await stored(service, record.id)).seats] == [HOST, BOB]


async def test_a_full_table_refuses_another_player(parts) -> None:  # type: ignore[no-untyped-def]
    """Every seat taken: Join answers that, and nobody is added."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby, seats=2)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    late = await clicked(lobby, CAROL, record.id, LobbyAction.JOIN)
    assert late.said() == ["Sorry, every seat is taken."]
    assert [seat.user_id for seat in (await stored(service, record.id)).seats] == [HOST, BOB]


async def test_leave_frees_the_seat(parts) -> None:  # type: ignore[no-untyped-def]
    """A seated player leaves: their seat is free again; someone not seated is told they aren't."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    await clicked(lobby, BOB, record.id, LobbyAction.QUIT)
    assert [seat.user_id for seat in (await stored(service, record.id)).seats] == [HOST]
    stranger = await clicked(lobby, CAROL, record.id, LobbyAction.QUIT)
    assert stranger.said() == ["You aren't seated at this table."]


async def test_the_host_leaving_hands_the_lobby_to_the_next_person(parts) -> None:  # type: ignore[no-untyped-def]
    """The host leaves with someone else seated: that player hosts now, and the lobby says so."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    click = await clicked(lobby, HOST, record.id, LobbyAction.QUIT)
    after = await stored(service, record.id)
    assert after.host_user_id == BOB and after.status is GameStatus.LOBBY
    assert "is the host now" in view_text(click.response.edited[-1]["view"])


async def test_the_host_adds_a_computer_player(parts) -> None:  # type: ignore[no-untyped-def]
    """Add computer player: a computer seat at the lobby's level, named as a computer."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby)
    await clicked(lobby, HOST, record.id, LobbyAction.ADDBOT)
    seats = (await stored(service, record.id)).seats
    assert [seat.is_computer for seat in seats] == [False, True]
    assert seats[1].display_name == "🤖 Ada (normal)" and seats[1].computer_level == "normal"


async def test_only_the_host_adds_a_computer_player(parts) -> None:  # type: ignore[no-untyped-def]
    """A seated player who is not the host presses Add computer player: refused, no seat added."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby, seats=3)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    refused = await clicked(lobby, BOB, record.id, LobbyAction.ADDBOT)
    assert refused.said() == [f"Only the host (<@{HOST}>) can do that."]
    assert len((await stored(service, record.id)).seats) == 2


async def test_start_is_refused_for_a_player_who_is_not_the_host(parts) -> None:  # type: ignore[no-untyped-def]
    """Start from a seated non-host: told only the host can, and the lobby stays open and undealt."""
    service, lobby, tables, marks, _ = parts
    record, _ = await opened(lobby)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    refused = await clicked(lobby, BOB, record.id, LobbyAction.START)
    assert refused.said() == [f"Only the host (<@{HOST}>) can do that."]
    assert (await stored(service, record.id)).status is GameStatus.LOBBY
    assert tables.shown_games == [] and marks.marked == []


async def test_start_turns_the_lobby_into_the_table(parts) -> None:  # type: ignore[no-untyped-def]
    """The host starts: the game is dealt, the lobby message becomes the table, the hands are asked for."""
    service, lobby, tables, marks, _ = parts
    record, _ = await opened(lobby)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    start = await clicked(lobby, HOST, record.id, LobbyAction.START)
    assert (await stored(service, record.id)).status is GameStatus.ACTIVE
    assert "table #" in view_text(start.edits[-1]["view"]) and start.edits[-1]["attachments"]
    assert tables.shown_games == [record.id] and tables.posted == [] and marks.marked == [record.id]


async def test_start_fills_the_empty_seats_with_computer_players(parts) -> None:  # type: ignore[no-untyped-def]
    """The host starts a three-seat table alone: two computer players take the empty seats."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby, seats=3)
    await clicked(lobby, HOST, record.id, LobbyAction.START)
    after = await stored(service, record.id)
    assert after.status is GameStatus.ACTIVE and [seat.is_computer for seat in after.seats] == [False, True, True]


async def test_a_lobby_without_its_thread_says_why_and_plays_in_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """Threads asked for but none could be opened: the lobby says which permissions it needs, no thread."""
    service, _, tables, marks, _ = parts
    lobby = Lobby(service, tables=tables, marks=marks, threads=Threads(None, NO_THREAD_HERE))  # type: ignore[arg-type]
    record, command = await opened(lobby, thread=True)
    assert record.thread_id is None
    assert "Create Public Threads" in view_text(command.response.sent[0]["view"])


async def test_the_server_setting_opens_the_lobby_with_a_thread(parts) -> None:  # type: ignore[no-untyped-def]
    """Threads on for the server: a thread is opened for the table and the lobby names it."""
    service, lobby, _, _, threads = parts
    await service.db.settings.update_guild(GUILD, threads=True)
    record, command = await opened(lobby, thread=None)
    assert record.thread_id == THREAD and threads.opened == [service.adapter(KIND).title]
    assert f"<#{THREAD}>" in view_text(command.response.sent[0]["view"])


async def test_a_thread_refusing_the_table_at_start_leaves_it_in_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """The thread refuses the table at Start (50013): the lobby message becomes the table in the
    channel and the host is told why, privately."""
    service, lobby, tables, marks, _ = parts
    record, _ = await opened(lobby, thread=True)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    tables.refuse.add(THREAD)
    start = await clicked(lobby, HOST, record.id, LobbyAction.START)
    assert start.followup.said == [NO_THREAD_HERE]
    assert tables.shown_games == [record.id] and tables.posted == [] and marks.marked == [record.id]
    assert (await stored(service, record.id)).status is GameStatus.ACTIVE


async def test_a_table_posted_without_a_lobby_message_falls_back_to_the_channel(parts) -> None:  # type: ignore[no-untyped-def]
    """A game with a thread and no lobby message (the quick start) whose thread refuses: the table is
    posted in the channel, and what the host should be told comes back."""
    service, lobby, tables, marks, _ = parts
    record, _ = await opened(lobby, thread=True)
    await clicked(lobby, BOB, record.id, LobbyAction.JOIN)
    tables.refuse.add(THREAD)
    await service.db.games.set_options(record.id, engine_options(record.options))  # as a Start does
    async with service.lock(record.id):
        loaded = await service.start(record.id)
    assert await lobby.begin(loaded) == NO_THREAD_HERE
    assert tables.posted == [(record.id, CHANNEL)] and marks.marked == [record.id]


async def test_cancel_asks_the_host_first(parts) -> None:  # type: ignore[no-untyped-def]
    """The host presses Cancel: a Yes/No question (its Yes carries the lobby message), nothing closed yet."""
    service, lobby, *_ = parts
    record, _ = await opened(lobby)
    asked = await clicked(lobby, HOST, record.id, LobbyAction.CANCEL)
    [question] = asked.response.sent
    assert question["ephemeral"] and "Cancel this table?" in question["content"]
    ids = [ComponentId.parse(item.item.custom_id) for item in question["items"]]
    assert [(cid.action, cid.arg) for cid in ids if cid] == [
        ("confirm", f"cancel..{TABLE + 500}"),
        ("decline", f"cancel..{TABLE + 500}"),
    ]
    assert (await stored(service, record.id)).status is GameStatus.LOBBY


async def unseen(service: GameService) -> GameRecord:
    """A lobby row whose message never appeared (the process died before posting it)."""
    return await service.db.games.create_lobby(
        kind=KIND, guild_id=GUILD, channel_id=CHANNEL, host_user_id=BOB, seed=5, at=service.clock(),
        timer=TurnTimer.LIVE, turn_seconds=60, deadline=unseen_deadline(service),
        options={LOBBY_KEY: LobbySettings(2).to_dict()},
    )  # fmt: skip


async def test_new_in_a_channel_with_an_open_lobby_links_to_it(parts) -> None:  # type: ignore[no-untyped-def]
    """A second `/<game> new`: told which table is open, with a link to its lobby and what to do."""
    _, lobby, *_ = parts
    record, _ = await opened(lobby)
    again = person(BOB)
    await lobby.open(again, KIND, seats=2, level="normal", timer=TurnTimer.LIVE, options={})  # type: ignore[arg-type]
    (text,) = again.said()
    assert f"#{record.id}" in text and "Join it there" in text
    assert f"https://discord.com/channels/{GUILD}/{CHANNEL}/{TABLE + 500}" in text


async def test_new_beside_an_unseen_lobby_says_it_closes_by_itself(parts) -> None:  # type: ignore[no-untyped-def]
    """A lobby row with no message holds the channel for a moment only: the answer says so, no link."""
    service, lobby, *_ = parts
    record = await unseen(service)
    again = person(CAROL)
    await lobby.open(again, KIND, seats=2, level="normal", timer=TurnTimer.LIVE, options={})  # type: ignore[arg-type]
    (text,) = again.said()
    assert f"#{record.id}" in text and "never appeared" in text and "closes by itself" in text
    assert "https://" not in text


async def test_a_click_on_an_unrecorded_lobby_message_records_it(parts) -> None:  # type: ignore[no-untyped-def]
    """A lobby posted but not recorded (a restart in between) is recorded by its first click, and so
    gets its idle timeout instead of being closed as unseen."""
    service, lobby, *_ = parts
    record = await unseen(service)
    await clicked(lobby, CAROL, record.id, LobbyAction.JOIN)
    after = await stored(service, record.id)
    assert (after.table_channel_id, after.table_message_id) == (CHANNEL, TABLE + 500)
    assert after.deadline == pytest.approx(service.clock() + service.tuning.lobby_timeout, abs=5)
    assert [seat.user_id for seat in after.seats] == [CAROL]


class LateAnswer(Interaction):
    """A command whose answer is recorded only after the lobby's grace ran out and the lobby was closed."""

    async def original_response(self):  # type: ignore[no-untyped-def]
        record = await self.service.db.games.open_in_channel(CHANNEL)
        await self.service.db.games.expire_unseen_lobby(record.id, at=self.service.clock(), reason=UNSEEN_REASON)
        return await super().original_response()


async def test_a_lobby_closed_before_its_message_was_recorded_turns_the_message_into_a_note(parts) -> None:  # type: ignore[no-untyped-def]
    """The message that did appear for a lobby closed as unseen says so, with no buttons to mislead."""
    service, lobby, *_ = parts
    command = LateAnswer(HOST, TABLE + 500)
    command.service = service  # type: ignore[attr-defined]
    await lobby.open(command, KIND, seats=2, level="normal", timer=TurnTimer.LIVE, options={})  # type: ignore[arg-type]
    assert await service.db.games.open_in_channel(CHANNEL) is None
    assert "took too long to appear" in view_text(command.edits[-1]["view"])
