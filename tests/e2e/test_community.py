"""Community features end to end: leaderboards, stats, history and replays, rules pages, settings, privacy.

Boards need many finished games, so most are written through the storage API (lobby, seats, start,
every move, finish) from real engine playouts between computer players standing in for the seated
people: the results, ratings and replays are genuine. Games whose table matters are played through
the offline Discord like people do.
"""

from __future__ import annotations

from typing import Any

import pytest

from bench.players.common import click, confirm, game_id_of, open_lobby, play_all, start_bot, start_game
from bot.flows.lobby import engine_options
from bot.kit.texts import count
from cogs.leaderboard import PAGE_SIZE, to_row
from data import Database, MatchRecord, TurnNotice, TurnTimer
from data.ratings import display_rating
from data.results import DEFAULT_MIN_GAMES
from fakediscord import FakeDiscord, Message, SimUser
from games.base import seeded_rng
from games.registry import get_engine
from rendering.leaderboard import render_leaderboard
from tests.e2e.seeds import fixed_seed

STORED_CHANNEL = 424242  # a channel id for games written straight to storage (one finished game at a time)
BASE_TIME = 1_700_000_000.0
CHANNEL_SELECT, ROLE_SELECT = 8, 6


async def store_game(
    db: Database,
    guild_id: int,
    players: list[tuple[int, str]],
    seed: int,
    *,
    kind: str = "thirteen",
    computers: int = 0,
    at: float = BASE_TIME,
) -> MatchRecord:
    """A finished game written move by move through the storage API, played by the engine's easy player."""
    engine = get_engine(kind)
    record = await db.games.create_lobby(
        kind=kind,
        guild_id=guild_id,
        channel_id=STORED_CHANNEL,
        host_user_id=players[0][0],
        seed=seed,
        at=at,
        timer=TurnTimer.LIVE,
        turn_seconds=90,
    )
    for user_id, name in players:
        await db.games.add_player(record.id, user_id, name)
    for index in range(computers):
        await db.games.add_computer(record.id, "easy", f"🤖 {index}")
    await db.games.start(record.id, at=at, deadline=None)
    state = engine.new_game(len(players) + computers, seed, {})
    player = engine.computer("easy")
    rng = seeded_rng(seed, "test")
    version = 0
    while not state.is_over:
        seat = state.to_move
        move = player.choose(state.view(seat), rng)
        state = state.apply(move)
        version = await db.games.append_move(record.id, version, move.encode(), at=at, actor=seat, next_deadline=None)
    return await db.games.finish(record.id, version, state.result(), at=at)


def losing_seeds(count: int, start: int = 0) -> list[int]:
    """Seeds of two-player Thirteen deals that seat 0 loses under the easy player (chosen, not faked)."""
    engine, seed = get_engine("thirteen"), start
    found: list[int] = []
    while len(found) < count:
        state, player, rng = engine.new_game(2, seed, {}), engine.computer("easy"), seeded_rng(seed, "test")
        while not state.is_over:
            state = state.apply(player.choose(state.view(state.to_move), rng))
        if state.result().places[0] == 2:
            found.append(seed)
        seed += 1
    return found


def people(fake: FakeDiscord, *names: str) -> list[tuple[int, str]]:
    return [(int(fake.users[name].id), fake.users[name].name.title()) for name in names]


async def crowded_board(fake: FakeDiscord, db: Database) -> list[tuple[int, str]]:
    """Eleven regulars with 6 games each, Alice with 5 lost games, Erin with 2: Alice ends near the bottom."""
    guild = int(fake.guild.id)
    regulars = [(9000 + i, f"Regular {i}") for i in range(11)]
    seed = 1000
    for step in (1, 2, 3):  # each regular plays twice a round, against different neighbours each round
        for i in range(len(regulars)):
            await store_game(db, guild, [regulars[i], regulars[(i + step) % len(regulars)]], seed)
            seed += 1
    alice = people(fake, "alice")[0]
    for n, lost in enumerate(losing_seeds(DEFAULT_MIN_GAMES)):
        await store_game(db, guild, [alice, regulars[n]], lost)
    erin = people(fake, "erin")[0]
    for n in range(2):
        await store_game(db, guild, [erin, regulars[n]], 5000 + n)
    return regulars


async def expected_board(db: Database, guild: int, caller: int, page: int = 0) -> tuple[bytes, int]:
    entries = await db.results.leaderboard(guild, "thirteen", limit=100)
    rows = [to_row(e) for e in entries]
    mine = next(row for e, row in zip(entries, rows, strict=True) if e.user_id == caller)
    shown = rows[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    return render_leaderboard("Thirteen leaderboard", shown, mine, _subtitle()), mine.rank


def _subtitle() -> str:
    return f"all time · conservative rating · at least {DEFAULT_MIN_GAMES} rated games"


async def reply(person: SimUser, command: str, /, **options: Any) -> Message:
    answer = await person.slash(command, **options)
    assert isinstance(answer, Message), answer
    return answer


# -- leaderboards ----------------------------------------------------------------------------------


async def test_board_orders_by_conservative_rating_with_minimum_games(fake: FakeDiscord, bots) -> None:
    """The board lists players with ≥ the minimum rated games, best ordinal (mu - 3 sigma) first."""
    bot = await start_bot(bots)
    db = bot.service.db
    await crowded_board(fake, db)
    guild = int(fake.guild.id)
    board = await db.results.leaderboard(guild, "thirteen", limit=100)
    ratings = await db.results.all_ratings(guild, "thirteen")
    erin = int(fake.users["erin"].id)
    assert erin in ratings and erin not in {e.user_id for e in board}  # 2 games: below the minimum
    assert [e.rating.ordinal for e in board] == sorted((e.rating.ordinal for e in board), reverse=True)
    assert len(board) == 12
    answer = await reply(fake.users["bob"], "leaderboard", game="thirteen")
    assert not answer.ephemeral and answer.attachments[0].is_png
    shown = render_leaderboard("Thirteen leaderboard", [to_row(e) for e in board[:PAGE_SIZE]], None, _subtitle())
    assert answer.attachments[0].data == shown


async def test_board_shows_the_callers_rank_outside_the_top(fake: FakeDiscord, bots) -> None:
    """Alice, below the first page, sees her own rank in the text and her row under the top ten."""
    bot = await start_bot(bots)
    db = bot.service.db
    await crowded_board(fake, db)
    alice = fake.users["alice"]
    image, rank = await expected_board(db, int(fake.guild.id), int(alice.id))
    assert rank > PAGE_SIZE
    answer = await reply(alice, "leaderboard", game="thirteen")
    assert f"you are **#{rank}**" in answer.text
    assert answer.attachments[0].data == image


async def test_board_pages_with_buttons(fake: FakeDiscord, bots) -> None:
    """Next turns the caller's public board to page 2; another person's click gets a private copy."""
    bot = await start_bot(bots)
    db = bot.service.db
    await crowded_board(fake, db)
    alice, bob = fake.users["alice"], fake.users["bob"]
    board = await reply(alice, "leaderboard", game="thirteen")
    turned = await click(alice, board, "Next ▶")
    assert turned.id == board.id and "page 2" in turned.text
    image, _ = await expected_board(db, int(fake.guild.id), int(alice.id), page=1)
    assert turned.attachments[0].data == image
    theirs = await click(bob, turned, "◀ Previous")
    assert theirs.ephemeral and theirs.id != board.id and "page 1" in theirs.text
    assert "page 2" in fake.message(board).text


async def test_opting_out_hides_a_player_from_the_board(fake: FakeDiscord, bots) -> None:
    """/settings leaderboard listed:False removes the player from the board and its numbering."""
    bot = await start_bot(bots)
    db = bot.service.db
    regulars = await crowded_board(fake, db)
    guild = int(fake.guild.id)
    alice = fake.users["alice"]
    assert await db.results.rank_of(guild, "thirteen", int(alice.id)) is not None
    top = (await db.results.leaderboard(guild, "thirteen", limit=1))[0]
    assert top.user_id in {uid for uid, _ in regulars}
    await db.settings.update_user(top.user_id, leaderboard_opt_out=True)  # a regular opts out (no Discord account)
    saved = await reply(alice, "settings leaderboard", listed=False)
    assert "hidden" in saved.text
    board = await db.results.leaderboard(guild, "thirteen", limit=100)
    assert top.user_id not in {e.user_id for e in board} and int(alice.id) not in {e.user_id for e in board}
    answer = await reply(alice, "leaderboard", game="thirteen")
    assert "opted out" in answer.text
    rows = [to_row(e) for e in board[:PAGE_SIZE]]
    assert answer.attachments[0].data == render_leaderboard("Thirteen leaderboard", rows, None, _subtitle())


# -- stats and history -----------------------------------------------------------------------------


async def test_stats_report_games_wins_rating_and_rank(fake: FakeDiscord, bots) -> None:
    """/stats shows the match log's games and wins, the rating, the rank and recent results."""
    bot = await start_bot(bots)
    db = bot.service.db
    guild = int(fake.guild.id)
    alice, bob = people(fake, "alice", "bob")
    for seed in range(DEFAULT_MIN_GAMES):
        await store_game(db, guild, [alice, bob], seed, at=BASE_TIME + seed)
    expected = await db.results.player_stats(guild, bob[0], kind="thirteen")
    answer = await reply(fake.users["alice"], "stats", user=fake.users["bob"], game="thirteen")
    assert answer.ephemeral
    assert f"{count(expected.games, 'game', bold=True)} · {count(expected.wins, 'win', bold=True)}" in answer.text
    assert expected.rating is not None and f"{display_rating(expected.rating)} · " in answer.text
    assert f"#{expected.rank}" in answer.text and "Recent results" in answer.text
    assert "Thirteen #" in answer.text


async def test_stats_and_history_of_an_opted_out_player_are_private(fake: FakeDiscord, bots) -> None:
    """Someone who opted out keeps stats and history to themselves; they still see their own."""
    await start_bot(bots)
    carol, bob = fake.users["carol"], fake.users["bob"]
    await reply(carol, "settings leaderboard", listed=False)
    for command in ("stats", "history"):
        refused = await reply(bob, command, user=carol)
        assert refused.ephemeral and "keeps their results private" in refused.text
    own = await reply(carol, "stats")
    assert "Carol" in own.text


async def test_history_replay_stepped_to_the_end_equals_the_final_table(fake: FakeDiscord, bots) -> None:
    """A game played through Discord, replayed from /history: each step is the public table at that move."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    await play_all(fake, [alice, bob])
    game_id = game_id_of(lobby)
    history = await reply(bob, "history")
    assert f"Thirteen #{game_id}" in history.text
    first = await bob.select(history, history.selects[0]["custom_id"], [str(game_id)])
    assert isinstance(first, Message) and first.ephemeral and "move 0/" in first.text
    saved = await bot.service.db.games.load(game_id)
    engine, adapter = get_engine("thirteen"), bot.service.adapter("thirteen")
    names = tuple(seat.display_name for seat in saved.game.seats)

    def table_after(step: int) -> bytes:
        state = engine.replay(2, saved.game.seed, saved.game.options, saved.codes[:step])
        return adapter.render_table(state.view(None), names)

    assert first.attachments[0].data == table_after(0)
    stepped = await click(bob, first, "▶")
    assert stepped.id == first.id and stepped.attachments[0].data == table_after(1)
    last = await click(bob, stepped, "⏭")
    assert f"move {len(saved.moves)}/{len(saved.moves)}" in last.text
    assert last.attachments[0].data == table_after(len(saved.moves))
    final = engine.replay(2, saved.game.seed, saved.game.options, saved.codes)
    assert final.is_over and last.component(label="▶").get("disabled")


async def test_only_finished_games_replay(fake: FakeDiscord, bots) -> None:
    """A replay asked for a game still being played is refused: no table image of a running game."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await store_game(bot.service.db, int(fake.guild.id), people(fake, "alice", "bob"), 3)
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    history = await reply(bob, "history")
    picker = history.selects[0]
    forged = {"custom_id": picker["custom_id"], "component_type": 3, "values": [str(game_id_of(lobby))]}
    answer = await fake.start_interaction(bob.person, 3, forged, fake.channel, history)
    # The running game was never in the menu, so the strict decoder refuses it before any lookup.
    assert isinstance(answer, Message) and "not valid any more" in answer.text
    assert not answer.attachments


# -- rules -----------------------------------------------------------------------------------------


async def test_rules_pages_turn_and_end_with_the_tables_options(fake: FakeDiscord, bots) -> None:
    """/rules at an open Sixty-Six table: short pages, the last names the table's own options."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    await open_lobby(fake, alice, "schnapsen new", preset="schnapsen")
    page = await reply(alice, "rules")
    assert page.ephemeral and "Page 1 of" in page.text
    total = int(page.text.rsplit("of ", 1)[1].split()[0])
    assert total >= 3
    for number in range(2, total + 1):
        page = await click(alice, page, "Next ▶")
        assert f"Page {number} of {total}" in page.text
    record = await bot.service.db.games.open_in_channel(int(fake.channel.id))
    assert record is not None and f"game #{record.id}" in page.text
    described = bot.service.adapter("schnapsen").describe_options(engine_options(record.options))
    assert described in page.text and "20 cards" in described
    assert page.component(label="Next ▶").get("disabled")


async def test_rules_without_a_table_show_the_default_options(fake: FakeDiscord, bots) -> None:
    """/rules game:Thirteen with no table here ends with the default options."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    page = await reply(alice, "rules", game="thirteen")
    while not page.component(label="Next ▶").get("disabled"):
        page = await click(alice, page, "Next ▶")
    assert "Default options" in page.text
    assert bot.service.adapter("thirteen").describe_options({}) in page.text


# -- player settings taking effect -----------------------------------------------------------------


async def test_panel_delivery_sends_no_dm(fake: FakeDiscord, bots) -> None:
    """hand delivery = panel: the next game sends Bob's hand by DM and none to Alice; her panel works."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await reply(alice, "settings hand", delivery="panel")
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [bob])
    assert not fake.messages(alice.dm)
    panel = await alice.click(table, label="My hand")
    assert isinstance(panel, Message) and panel.ephemeral and panel.selects


async def test_turn_notices_off_keeps_one_hand_message_edited_in_place(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/settings turns notify:off: Alice's hand is one DM, edited in place; Bob gets a new DM per turn start.
    A fixed deal in which Bob has several turns: with auto-pass (D-TL-4) a random one may give him only one."""
    fixed_seed(monkeypatch, 1)
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    shown = await reply(alice, "settings turns", notify="off")
    assert "never" in shown.text
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    await play_all(fake, [alice, bob])
    assert len([m for m in fake.messages(alice.dm) if not m.ephemeral]) == 1
    assert len([m for m in fake.messages(bob.dm) if not m.ephemeral]) > 1
    assert not [m for m in fake.messages(fake.channel) if "it's your turn" in m.text]


async def test_delete_my_data_removes_the_users_rows(fake: FakeDiscord, bots) -> None:
    """Confirming delete-my-data drops Alice's ratings, settings and name from results; Bob's stay."""
    bot = await start_bot(bots)
    db = bot.service.db
    guild = int(fake.guild.id)
    alice, bob = people(fake, "alice", "bob")
    for seed in range(3):
        await store_game(db, guild, [alice, bob], seed)
    await db.settings.update_user(alice[0], turn_notice=TurnNotice.OFF)
    bob_before = await db.results.rating(guild, "thirteen", bob[0])
    ask = await reply(fake.users["alice"], "settings delete-my-data")
    done = await click(fake.users["alice"], ask, "Yes, delete my data")
    assert "Done" in done.text
    assert await db.results.rating(guild, "thirteen", alice[0]) is None
    assert not await db.results.recent_matches(guild, user_id=alice[0])
    assert (await db.settings.user(alice[0])).turn_notice is TurnNotice.EVERY
    assert len(await db.results.recent_matches(guild, user_id=bob[0])) == 3
    assert await db.results.rating(guild, "thirteen", bob[0]) == bob_before


async def test_delete_my_data_while_seated_hands_the_seat_to_a_computer(fake: FakeDiscord, bots) -> None:
    """Deleting mid-game: a computer takes the seat, and the finished result carries no trace of her."""
    bot, lobby, done = await erased_mid_game(fake, bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    assert "computer players took your seats" in done.text
    await play_all(fake, [bob])
    match = await bot.service.db.results.match_for_game(game_id_of(lobby))
    assert match is not None and not match.rated
    assert int(alice.id) not in {p.user_id for p in match.players}


async def test_delete_my_data_leaves_no_name_or_mention_in_the_stored_messages(fake: FakeDiscord, bots) -> None:
    """After "Yes, delete my data" mid-game, no stored message text (the "left the game" notice, a turn
    reminder) holds Alice's name or her `<@id>`, and the channel's "left" notice does not name her."""
    bot, _, _ = await erased_mid_game(fake, bots)
    alice = fake.users["alice"]
    await bot.reconciler.idle()
    texts = [row["shown_key"] for row in await bot.service.db.read("SELECT shown_key FROM messages")]
    assert texts and not [text for text in texts if "Alice" in text or alice.id in text]
    left = [m.text for m in fake.messages(fake.channel) if "left the game" in m.text]
    assert left and not [text for text in left if "Alice" in text]


async def test_someone_elses_confirmation_button_is_refused(fake: FakeDiscord, bots) -> None:
    """A click on Alice's delete button by anyone else (a leaked ephemeral) deletes nothing."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await bot.service.db.settings.update_user(int(alice.id), turn_notice=TurnNotice.OFF)
    ask = await reply(alice, "settings delete-my-data")
    forged = {"custom_id": ask.component(label="Yes, delete my data")["custom_id"], "component_type": 2}
    answer = await fake.start_interaction(bob.person, 3, forged, fake.channel, ask)
    assert isinstance(answer, Message) and "someone else's" in answer.text
    assert (await bot.service.db.settings.user(int(alice.id))).turn_notice is TurnNotice.OFF


# -- server settings -------------------------------------------------------------------------------


def owner(fake: FakeDiscord) -> SimUser:
    """The server owner: Discord gives the owner every permission, Manage Server included."""
    return SimUser(fake, fake.owner)


async def test_server_settings_refused_without_manage_server(fake: FakeDiscord, bots) -> None:
    """A plain member cannot open the server panel, nor use a manager's panel that reached them."""
    bot = await start_bot(bots)
    bob = fake.users["bob"]
    refused = await reply(bob, "settings server")
    assert refused.ephemeral and "Only server managers" in refused.text
    panel = await reply(owner(fake), "settings server")
    forged = {"custom_id": "cs:live", "component_type": 3, "values": ["30"]}
    answer = await fake.start_interaction(bob.person, 3, forged, fake.channel, panel)
    assert isinstance(answer, Message) and "Only server managers" in answer.text
    assert (await bot.service.db.settings.guild(int(fake.guild.id))).live_turn_seconds != 30


async def test_live_turn_timer_is_used_by_the_next_lobby(fake: FakeDiscord, bots) -> None:
    """The owner sets live turns to 30 s; the next live lobby is opened with 30 s turns."""
    bot = await start_bot(bots)
    boss = owner(fake)
    panel = await reply(boss, "settings server")
    changed = await boss.select(panel, "cs:live", ["30"])
    assert isinstance(changed, Message) and "Live turn timer: 30 sec" in changed.text
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)
    assert "30 sec a turn" in lobby.text
    assert (await bot.service.db.games.get(game_id_of(lobby))).turn_seconds == 30


async def test_allowed_channels_refuse_games_elsewhere(fake: FakeDiscord, bots) -> None:
    """Games limited to #general: /thirteen new in #games is refused, in #general it opens."""
    await start_bot(bots)
    boss, alice = owner(fake), fake.users["alice"]
    general = fake.channels["general"]
    panel = await reply(boss, "settings server")
    changed = await boss.select(panel, "cs:channels", [general.id])
    assert isinstance(changed, Message) and f"<#{general.id}>" in changed.text
    refused = await reply(alice, "thirteen new")
    assert refused.ephemeral and "played in" in refused.text
    opened = await alice.slash("thirteen new", where=general)
    assert isinstance(opened, Message) and "is open" in opened.text


async def test_computer_games_count_in_stats_when_the_server_says_so(fake: FakeDiscord, bots) -> None:
    """A game with a computer seat is left out of stats until a manager switches it on."""
    bot = await start_bot(bots)
    guild = int(fake.guild.id)
    await store_game(bot.service.db, guild, people(fake, "alice"), 7, computers=1)
    alice, boss = fake.users["alice"], owner(fake)
    before = await reply(alice, "stats")
    assert "No games counted yet" in before.text
    panel = await reply(boss, "settings server")
    await click(boss, panel, "Computer games count in stats: no")
    after = await reply(alice, "stats")
    assert "**1** game · " in after.text


async def test_games_manager_role_opens_server_settings(fake: FakeDiscord, bots, monkeypatch) -> None:
    """Dave holds the role the owner picks as games-manager role: he may then change server settings."""
    role_id = "777000777000777000"
    dave = fake.users["dave"]
    role = {**fake.guild.everyone_role(), "id": role_id, "name": "Croupiers", "position": 1, "permissions": "0"}
    guild_json = fake.guild.json
    monkeypatch.setattr(fake.guild, "json", lambda: {**guild_json(), "roles": [*guild_json()["roles"], role]})
    member_json = dave.person.member_json
    monkeypatch.setattr(dave.person, "member_json", lambda joined: {**member_json(joined), "roles": [role_id]})
    bot = await start_bot(bots)
    assert "Only server managers" in (await reply(dave, "settings server")).text
    panel = await reply(owner(fake), "settings server")
    await owner(fake).select(panel, "cs:role", [role_id])
    assert (await bot.service.db.settings.guild(int(fake.guild.id))).manager_role_id == int(role_id)
    mine = await reply(dave, "settings server")
    changed = await dave.select(mine, "cs:casual", [str(3600)])
    assert isinstance(changed, Message) and "Casual turn timer: 1 h" in changed.text


async def test_game_end_refused_to_a_plain_member(fake: FakeDiscord, bots) -> None:
    """/game end by someone who is neither host nor manager is refused; the owner (Manage Server) may."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    refused = await reply(fake.users["carol"], "game end")
    assert refused.ephemeral and "Only the host" in refused.text
    ended = await confirm(owner(fake), await reply(owner(fake), "game end"))
    assert "has been ended" in ended.text


async def test_rematch_after_an_erasure_seats_a_computer_in_the_erased_seat(fake: FakeDiscord, bots) -> None:
    """Rematch: the seat of a player who deleted their data comes back as an anonymous computer, never `<@-1>`."""
    bot, _, _ = await erased_mid_game(fake, bots)
    bob = fake.users["bob"]
    await play_all(fake, [bob])
    final = next(
        m for m in reversed(fake.messages(fake.channel)) if any(b.get("label") == "Rematch" for b in m.buttons)
    )
    again = await click(bob, final, "Rematch")
    assert "<@-" not in again.text and "Deleted player" in again.text
    record = await bot.service.db.games.get(game_id_of(again))
    erased = [seat for seat in record.seats if seat.user_id != int(bob.id)]
    assert len(erased) == 1 and erased[0].is_computer and erased[0].user_id is None
    started = await click(bob, again, "Start")
    assert "<@-" not in started.text


async def erased_mid_game(fake: FakeDiscord, bots) -> tuple[Any, Message, Message]:
    """Alice and Bob start a two-seat Thirteen game, then Alice deletes her data: (bot, lobby, answer)."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    ask = await reply(alice, "settings delete-my-data")
    return bot, lobby, await click(alice, ask, "Yes, delete my data")
