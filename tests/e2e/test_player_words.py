"""What players read in the shared messages, end to end through the offline Discord: the settings
panel, /stats, /rules, /leaderboard, the hands of an ended game and a seat a computer took over."""

from __future__ import annotations

import asyncio

from bench.players.common import (
    click,
    confirm,
    first_hand,
    game_id_of,
    hand_message,
    is_my_turn,
    open_lobby,
    play_all,
    start_bot,
    start_game,
    take_turn_with_hint,
    version_of,
)
from bot.kit.texts import ENDED_BY_HOST, RULE_ID
from data import Database
from fakediscord import FakeDiscord, SimUser
from games.registry import kinds
from tests.e2e.test_community import BASE_TIME, owner, people, reply, store_game


async def test_settings_show_a_one_hour_turn_as_1_h_beside_4_h(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The casual timer choices read "1 hr", "4 hr", "12 hr" (CLDR's short hours): one unit for hours, never
    "60 min"."""
    await start_bot(bots)
    boss: SimUser = owner(fake)
    panel = await reply(boss, "settings server")
    changed = await boss.select(panel, "cs:casual", ["3600"])
    assert "Casual turn timer: 1 hr" in changed.text
    labels = [option["label"] for select in changed.selects for option in select.get("options", [])]
    casual = [label for label in labels if label.startswith("Casual turns")]
    assert casual[:3] == ["Casual turns: 1 hr", "Casual turns: 4 hr", "Casual turns: 12 hr"], casual
    assert not any("60 min" in label for label in labels)


async def test_stats_after_a_game_against_the_computer_say_it_is_not_counted(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/stats with only a game against the computer: the recent result is listed and the record says why
    it counts for nothing, instead of "No finished games here yet" above that very game."""
    bot = await start_bot(bots)
    await store_game(bot.service.db, int(fake.guild.id), people(fake, "alice"), 7, computers=1)
    answer = await reply(fake.users["alice"], "stats")
    assert "Recent results" in answer.text and "Thirteen #" in answer.text
    assert "No finished games" not in answer.text
    assert "games with computer players are not counted on this server" in answer.text


async def test_stats_note_that_a_listed_game_against_the_computer_is_left_out(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """One game between people and a newer one against the computer: the record counts one game and says the
    other, listed under it, is left out and why."""
    bot = await start_bot(bots)
    db, guild = bot.service.db, int(fake.guild.id)
    await store_game(db, guild, people(fake, "alice", "bob"), 3, at=BASE_TIME)
    await store_game(db, guild, people(fake, "alice"), 7, computers=1, at=BASE_TIME + 60)
    answer = await reply(fake.users["alice"], "stats")
    assert "**1** game · " in answer.text and "with computers" in answer.text
    assert "Some games below are left out: games with computer players are not counted on this server" in answer.text


async def test_stats_with_no_game_at_all_say_no_finished_games(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Someone who never played here reads "No finished games here yet", and nothing about computers."""
    await start_bot(bots)
    answer = await reply(fake.users["alice"], "stats")
    assert "No finished games here yet." in answer.text and "computer" not in answer.text


async def test_rules_without_a_game_show_the_game_played_here_last(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/rules with no table here and no game chosen: the rules of the game last played, as /leaderboard picks."""
    bot = await start_bot(bots)
    await store_game(bot.service.db, int(fake.guild.id), people(fake, "alice", "bob"), 3, kind="schnapsen")
    page = await reply(fake.users["alice"], "rules")
    assert page.ephemeral and "Schnapsen" in page.text.splitlines()[0], page.text
    board = await reply(fake.users["alice"], "leaderboard")
    assert "Schnapsen leaderboard" in board.text


async def test_empty_leaderboard_answers_only_the_asker(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/leaderboard with nobody listed yet: a private answer saying how to get listed, no public image."""
    await start_bot(bots)
    answer = await reply(fake.users["alice"], "leaderboard", game="gin")
    assert answer.ephemeral and not answer.attachments
    assert "Nobody is on the Gin Rummy leaderboard yet" in answer.text
    assert not [m for m in fake.messages(fake.channel) if not m.ephemeral and "leaderboard" in m.text]


async def test_hands_after_game_end_say_who_ended_it_and_nothing_was_rated(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """After /game end the DM hand no longer says "Your turn": it says the host ended the game and that
    nothing was rated, with its controls greyed."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await click(alice, lobby, "Start")
    first = await first_hand(fake, [alice, bob])
    assert first is not None and "Your turn" in first.text
    await confirm(alice, await alice.slash("game end"))
    ended = await fake.wait_for_message(
        fake.channel_by_id(first.channel_id), lambda m: m.id == first.id and "ended" in m.text
    )
    assert "Your turn" not in ended.text
    assert "Alice, the host, ended this game" in ended.text and "Nothing was rated" in ended.text
    assert all(button.get("disabled") for button in ended.buttons)


async def test_a_seat_a_computer_took_over_after_leave_reads_robot_bob(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Bob leaves Thirteen mid-game: the table text names his seat "🤖 Bob" once the computer plays it,
    and the table image draws it with the robot, as for a computer seated in the lobby."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    game_id = game_id_of(lobby)
    await confirm(bob, await bob.click(table, label="Leave"))
    loop = asyncio.get_running_loop()
    deadline, acted = loop.time() + 30, -1
    while "🤖 Bob" not in fake.message(table).text:  # Alice plays until the computer in Bob's seat has moved
        assert loop.time() < deadline, fake.message(table).text
        hand = hand_message(fake, alice, game_id)
        if hand is not None and is_my_turn(hand) and version_of(hand) > acted:
            acted = version_of(hand)
            await take_turn_with_hint(fake, alice, hand)
        else:
            await asyncio.sleep(0.01)
    assert "Bob" not in fake.message(table).text.replace("🤖 Bob", "")
    # The table's picture catches up with the stored game: its last edit may wait for its bucket's reset
    # (up to 5 s), and the computer may move again meanwhile, so compare with the game as stored now.
    deadline = loop.time() + 60
    while True:
        loaded = await bot.service.load(game_id)
        shown = fake.message(table)
        if shown.attachments[0].filename == f"table-{game_id}-{loaded.record.version}.png":
            break
        assert loop.time() < deadline, (shown.attachments[0].filename, loaded.record.version)
        await asyncio.sleep(0.05)
    assert loaded.state is not None and not loaded.state.is_over
    names = tuple("🤖 Bob" if seat.user_id == int(bob.id) else seat.display_name for seat in loaded.record.seats)
    expected = bot.service.adapter("thirteen").render_table(loaded.state.view(None), names)
    assert shown.attachments[0].data == expected


async def test_a_finished_thirteen_table_says_game_over_once(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The table text at the end reads "Game over: 1st …" once, with no lower-case "the game is over" above it."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(alice, lobby, "Add computer player")
    table = await click(alice, lobby, "Start")
    await play_all(fake, [alice])
    game_id = game_id_of(lobby)
    final = await fake.wait_for_message(fake.channel, lambda m: m.id == table.id and "Game over" in m.text)
    assert final.text.count("Game over: 1st ") == 1 and "game is over" not in final.text.lower(), final.text
    assert f"game #{game_id}" in final.text


async def test_everyone_leaving_says_the_game_was_ended_and_nothing_was_rated(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The last person leaves: the notice says the game was ended and nothing was rated, in one clean sentence."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(alice, lobby, "Add computer player")
    table = await click(alice, lobby, "Start")
    await confirm(alice, await alice.click(table, label="Leave"))
    notice = await fake.wait_for_message(fake.channel, lambda m: "Everyone has left" in m.text)
    assert notice.text == f"Everyone has left Thirteen #{game_id_of(lobby)}, so the game was ended. Nothing was rated."


async def test_rules_pages_cardroom_and_settings_read_no_rule_ids(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Every /rules page of every game, a table's Rules button, the /cardroom card and both settings panels:
    words, no "(GR-4)"."""
    await start_bot(bots)
    alice = fake.users["alice"]
    read = [(await reply(alice, "cardroom")).text, (await reply(alice, "settings show")).text]
    read.append((await reply(owner(fake), "settings server")).text)
    for kind in kinds():
        page = await reply(alice, "rules", game=kind)
        read.append(page.text)
        while (turn := page.component(label="Next ▶")) and not turn.get("disabled"):
            page = await click(alice, page, "Next ▶")
            read.append(page.text)
    lobby = await click(alice, await open_lobby(fake, alice, "gin new"), "Add computer player")
    table = await click(alice, lobby, "Start")
    read.append((await click(alice, table, "Rules")).text)  # the table's own Rules button
    assert len(read) > 4 + len(kinds())
    cited = [(RULE_ID.findall(text), text[:60]) for text in read if RULE_ID.search(text)]
    assert not cited, cited


async def test_a_hand_of_a_game_ended_while_the_bot_was_down_says_so_after_the_restart(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The hand is a projection of the stored game: ended in the database while no bot runs, the next bot
    redraws the DM hand as ended by the host, nothing rated."""
    first = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    hand = await first_hand(fake, [alice, bob])
    assert hand is not None and "Your turn" in hand.text
    await bots.stop(first)
    db = await Database.open(bots.settings().database_path)
    try:
        await db.games.abandon(game_id_of(lobby), at=0.0, reason=ENDED_BY_HOST)
    finally:
        await db.close()
    await start_bot(bots)
    ended = await fake.wait_for_message(
        fake.channel_by_id(hand.channel_id), lambda m: m.id == hand.id and "ended this game" in m.text
    )
    assert "Alice, the host, ended this game." in ended.text and "Nothing was rated" in ended.text
    assert "Your turn" not in ended.text
