"""Delete-my-data leaves nothing behind: no row, no text and no byte of the file names the user or holds their id."""

from __future__ import annotations

from pathlib import Path

from data import Database, MessageKind, ShownMessage, TurnNotice
from data.messages import GAME_WIDE
from data.privacy import ERASED_NAME, is_erased, returning_user
from games.base import GameResult

from .conftest import T0, active_game, lobby

ERASED = 987_654_321_012_345_678  # a snowflake-sized id: 8 bytes in SQLite's record format
OTHER = 222_222_222_222_222_222
NAME = "Zyxwvut Quokka"


_CATALOG = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
    "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
}


async def _cells(db: Database) -> list[tuple[str, str, object]]:
    """Every (table, column, value) of every table in the database."""
    cells = []
    async with db.transaction(write=False) as tx:
        for (table,) in [tuple(row) for row in await tx.all(_CATALOG[db.dialect])]:
            for row in await tx.all(f'SELECT * FROM "{table}"'):
                columns = list(row.keys())
                cells.extend((table, column, row[column]) for column in columns)
    return cells


async def _mentions(db: Database, user_id: int, name: str) -> list[tuple[str, str, object]]:
    hits = []
    for table, column, value in await _cells(db):
        if value == user_id or (isinstance(value, str) and (str(user_id) in value or name in value)):
            hits.append((table, column, value))
    return hits


async def _a_life_at_the_tables(db: Database) -> dict[str, int]:
    """The user hosts, plays, finishes, abandons, names a game's end, rates, and sits in open games."""
    ids: dict[str, int] = {}
    finished = await active_game(db, (ERASED, OTHER), channel_id=1)
    version = await db.games.append_move(finished.id, finished.version, "3s", at=T0 + 2, actor=0, next_deadline=None)
    await db.games.finish(finished.id, version, GameResult((1, 2), (5, 0)), at=T0 + 5)
    ids["finished"] = finished.id
    ended = await active_game(db, (OTHER, ERASED), channel_id=2)
    await db.games.abandon(ended.id, at=T0 + 6, reason=f"ended by {NAME}")  # as older versions stored it
    cancelled = await lobby(db, channel_id=3, host=ERASED)
    await db.games.add_player(cancelled.id, ERASED, NAME)
    await db.games.abandon(cancelled.id, at=T0 + 6, reason=f"Cancelled by {NAME}.")
    active = await active_game(db, (ERASED, OTHER), channel_id=4)
    await db.games.replace_with_computer(active.id, 0, "normal")  # what the bot does first
    ids["active"] = active.id
    waiting = await lobby(db, channel_id=5, host=OTHER)
    await db.games.add_player(waiting.id, ERASED, NAME)
    ids["lobby"] = waiting.id
    await db.settings.update_user(ERASED, turn_notice=TurnNotice.OFF)
    await _notices(db, finished.id, active.id)
    return ids


# What the bot stores of its notices: the text of each (its key), and its message once posted.
LEFT_TEXT = f"{NAME} left the game; a computer player takes their seat. This game is no longer rated."
REMIND_TEXT = f"⏰ <@{ERASED}>, it's your turn in Thirteen #3; time runs out <t:1700000100:R>."
TIMEOUT_TEXT = f"{NAME} ran out of time; I played for them: 3♠."
OTHER_TEXT = f"<@{OTHER}>, I can't send you direct messages, so your hand is behind the **My hand** button."


async def _notices(db: Database, finished: int, active: int) -> None:
    """Posted notices that name the user (seat 0 of the finished game), notices still owed in the active
    game (seat 0 is the user's), and one about another player."""
    for kind, text in ((MessageKind.LEFT, LEFT_TEXT), (MessageKind.REMIND, REMIND_TEXT)):
        await db.messages.save(ShownMessage(finished, kind, 0, 1, 900 + len(text), 1, text))
    await db.messages.owe(active, MessageKind.TIMEOUT, 0, TIMEOUT_TEXT, version=1)
    await db.messages.owe(active, MessageKind.REMIND, 0, REMIND_TEXT, version=1)
    await db.messages.owe(active, MessageKind.NOTICE, 1, OTHER_TEXT, version=1)
    await db.messages.save(ShownMessage(active, MessageKind.LOST, GAME_WIDE, 8, 9, 1, "I can no longer post in <#4>"))


async def _rename(db: Database) -> None:
    """The fixtures seat players as "player <id>"; give the erased user a distinctive display name."""
    async with db.transaction() as tx:
        for table in ("seats", "match_players", "ratings"):
            await tx.run(f"UPDATE {table} SET display_name = ? WHERE user_id = ?", (NAME, ERASED))


async def test_erasure_leaves_no_row_or_text_with_the_id_or_the_name(db: Database):
    """Every table and column, text included, holds neither the id nor the display name after erasure."""
    await _a_life_at_the_tables(db)
    await _rename(db)
    assert await _mentions(db, ERASED, NAME)  # the scan sees them before
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    assert await _mentions(db, ERASED, NAME) == []
    await db.checkpoint()
    assert await _mentions(db, ERASED, NAME) == []
    assert any(value == OTHER for _, _, value in await _cells(db))  # the others keep their rows


async def test_erasure_leaves_no_byte_of_the_id_or_name_in_the_files(sqlite_db: Database, db_path: Path):
    """After erasure and its checkpoint, neither the database file nor its WAL holds the name or the id
    (as a number, or as the digits of a `<@id>` mention in a stored notice)."""
    db = sqlite_db
    await _a_life_at_the_tables(db)
    await _rename(db)
    before = db_path.read_bytes() + Path(f"{db_path}-wal").read_bytes()
    assert NAME.encode() in before and str(ERASED).encode() in before  # the scan sees them before
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    for path in (db_path, Path(f"{db_path}-wal")):
        data = path.read_bytes() if path.exists() else b""
        assert NAME.encode() not in data, path.name
        assert ERASED.to_bytes(8, "big") not in data and str(ERASED).encode() not in data, path.name


async def test_erasure_drops_the_token_of_the_users_latest_click_and_keeps_the_others(db: Database):
    """A click's token could still post in the person's DM for a few minutes: it goes with them."""
    game = await active_game(db, (ERASED, OTHER))
    for seat, token in ((0, "theirs"), (1, "other")):
        await db.messages.save(ShownMessage(game.id, MessageKind.HAND, seat, 9, 10 + seat, 1, "k", 1, True, token, T0))
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    tokens = [(await db.messages.get(game.id, MessageKind.HAND, seat)) for seat in (0, 1)]
    assert [(row.reply_token, row.reply_until) for row in tokens if row is not None] == [(None, None), ("other", T0)]


async def test_erasure_blanks_posted_notices_and_rewrites_or_withdraws_owed_ones(db: Database):
    """The stored text of a posted notice naming the user is blanked (its message stays recorded, so it is
    never posted again); an owed one about them is rewritten under the erased name and still posted, and
    one addressed to them (a reminder mentioning them) is withdrawn. Another player's notice is untouched."""
    ids = await _a_life_at_the_tables(db)
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    finished = await db.messages.of_game(ids["finished"])
    assert {(row.key, row.message_id) for row in finished.values()} == {
        ("", 900 + len(LEFT_TEXT)),
        ("", 900 + len(REMIND_TEXT)),
    }
    active = await db.messages.of_game(ids["active"])
    timeout = active[(MessageKind.TIMEOUT, 0)]
    assert timeout.message_id is None and timeout.key == f"{ERASED_NAME} ran out of time; I played for them: 3♠."
    assert active[(MessageKind.REMIND, 0)].message_id is not None and active[(MessageKind.REMIND, 0)].key == ""
    assert active[(MessageKind.NOTICE, 1)].key == OTHER_TEXT and active[(MessageKind.NOTICE, 1)].message_id is None
    assert active[(MessageKind.LOST, GAME_WIDE)].key == "I can no longer post in <#4>"


async def test_an_escaped_name_in_an_owed_notice_withdraws_it(db: Database):
    """A notice owed with the name as message text writes it ("Zorb\\_Q7", markdown escaped) cannot be
    rewritten by the name: it is withdrawn rather than posted or kept with the name."""
    game = await active_game(db, (ERASED, OTHER), channel_id=6)
    async with db.transaction() as tx:
        await tx.run("UPDATE seats SET display_name = ? WHERE user_id = ?", ("Zorb_Q7", ERASED))
    await db.messages.owe(game.id, MessageKind.LEFT, 0, "Zorb\\_Q7 left the game.", version=1)
    erasure = await db.privacy.erase_user(ERASED, at=T0 + 9)
    left = await db.messages.get(game.id, MessageKind.LEFT, 0)
    assert left is not None and left.key == "" and left.message_id is not None
    assert erasure.messages == 1


async def test_a_notice_posted_from_its_text_read_before_the_erasure_is_recorded_without_it(db: Database):
    """The bot read an owed notice, the user erased their data, then the post went out and was recorded
    with the row as read: the record keeps the rewritten text, the name does not come back."""
    ids = await _a_life_at_the_tables(db)
    read = await db.messages.get(ids["active"], MessageKind.TIMEOUT, 0)
    assert read is not None and read.key == TIMEOUT_TEXT
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    await db.messages.save(ShownMessage(read.game_id, read.kind, read.seat, 1, 77, read.version, read.key))
    stored = await db.messages.get(ids["active"], MessageKind.TIMEOUT, 0)
    assert stored is not None and stored.message_id == 77 and NAME not in stored.key


async def test_the_erasure_counts_the_stored_messages_it_changed(db: Database):
    """Two posted notices blanked, one owed notice rewritten and one withdrawn: four messages."""
    await _a_life_at_the_tables(db)
    erasure = await db.privacy.erase_user(ERASED, at=T0 + 9)
    assert erasure.messages == 4


async def test_erased_open_seats_become_anonymous_computer_seats(db: Database):
    """An open game's seat of an erased user is a computer seat under the pseudonym, never a human."""
    ids = await _a_life_at_the_tables(db)
    erasure = await db.privacy.erase_user(ERASED, at=T0 + 9)
    for key in ("active", "lobby"):
        seat = next(s for s in (await db.games.get(ids[key])).seats if s.user_id == erasure.pseudonym)
        assert seat.is_computer and seat.display_name == ERASED_NAME


async def test_end_reasons_of_older_versions_lose_the_name(db: Database):
    """"ended by <name>" stored before names were left out becomes "ended by Deleted player"."""
    game = await active_game(db, (ERASED, OTHER), channel_id=7)
    await db.games.abandon(game.id, at=T0 + 6, reason="ended by player 987654321012345678")
    await db.privacy.erase_user(ERASED, at=T0 + 9)
    assert (await db.games.get(game.id)).end_reason == f"ended by {ERASED_NAME}"


def test_an_erased_seat_is_never_given_back_to_a_user():
    """Rematch: negative pseudonyms and computers (None) have no user to return to; real ids do."""
    assert is_erased(-3) and not is_erased(5) and not is_erased(None)
    assert returning_user(-3) is None and returning_user(None) is None and returning_user(OTHER) == OTHER


async def test_game_end_reasons_are_stored_without_names(db_target: str | Path):
    """Migration 0007 rewrites older "ended by <name>" / "Cancelled by <name>." reasons without the name."""
    old = await Database.open(db_target, migrate_to=5)
    try:
        # Written as a Cardroom of schema 5 wrote them: today's repository names columns added later.
        async with old.transaction() as tx:
            ids = [
                await tx.insert(
                    "INSERT INTO games (kind, guild_id, channel_id, host_user_id, seed, status, timer, turn_seconds, "
                    "created_at, ended_at, end_reason, updated_at) "
                    "VALUES ('thirteen', 1, ?, ?, 7, 'abandoned', 'live', 60, ?, ?, ?, ?)",
                    (channel_id, host, T0, T0 + 1, reason, T0 + 1),
                )
                for channel_id, host, reason in ((9, ERASED, f"Cancelled by {NAME}."), (10, OTHER, f"ended by {NAME}"))
            ]
    finally:
        await old.close()
    async with await Database.open(db_target) as db:
        reasons = {(await db.games.get(g)).end_reason for g in ids}
    assert reasons == {"Cancelled by the host.", "ended by the host or a games manager"}
