"""Storage: migrations, saved games, move logs, results, ratings, settings. No discord here.

The database is the source of truth; memory is a cache (design §5). Every call is one short
transaction, so any number of tasks may call at once. Two backends keep the same API and guarantees
(data/database.py): SQLite through aiosqlite, the embedded default (data/sqlite.py), and PostgreSQL
through an asyncpg pool, for several processes on one server (data/postgres.py).
Times are UNIX seconds passed in by the caller (`at=`, `now=`, deadlines): data/ never reads a clock.

Opening
    db = await Database.open(path)            # an SQLite file, or a "postgresql://user@host/db" URL;
                                              # creates / upgrades the schema; SchemaTooNew if newer,
                                              # DatabaseUnavailable (with what to do) if it cannot be opened
    async with await Database.open(path) as db: ...
    await db.close()

Games: `db.games` (GameRepository) -> GameRecord (with seats), SavedGame (with moves and snapshot)
    create_lobby(kind=, guild_id=, channel_id=, host_user_id=, seed=, at=, timer=TurnTimer.LIVE|CASUAL,
                 turn_seconds=, options={}, thread_id=None, deadline=None, guild_name=None)  # ChannelBusy: busy
    add_player(game_id, user_id, name, max_seats=) / add_computer(game_id, level, name, max_seats=)
    remove_seat(game_id, seat) (seats renumber 0..n-1) / set_host / set_options / set_timer
    start(game_id, at=, deadline=)                             # lobby -> active, version 0
    append_move(game_id, expected_version, code, at=, actor=seat, next_deadline=, source=MoveSource.PLAYER)
        -> new version; VersionConflict if another move got there first; WrongStatus if not active
    set_deadline(game_id, deadline, expected_version=None) / mark_reminder_sent(game_id, version) -> bool
    record_timeout(game_id, seat) -> Seat / replace_with_computer(game_id, seat, level) -> Seat
    set_table_message(game_id, channel_id, message_id) / set_hand_message(game_id, seat, channel_id, message_id)
    show_lobby(game_id, channel_id, message_id, deadline=) -> bool   # recorded (and the idle deadline) if still a lobby
    save_snapshot(game_id, version, engine_state.to_dict(), at=)
    codes_after(game_id, version)                               # the moves after a state held
    get(game_id) / load(game_id) / list_open() / due(now) / open_in_channel(channel_id) / open_games_of(user_id)
    append_final_move(game_id, expected_version, code, GameResult, at=, actor=, source=) -> (version, MatchRecord)
        # the move that ends the game and its finish, in one transaction
    finish(game_id, expected_version, GameResult, at=) -> MatchRecord   # rated iff every seat human
    abandon(game_id, at=, reason=)                                      # never rated
    expire_unseen_lobby(game_id, at=, reason=) -> GameRecord | None   # a lobby with no message recorded
  data.replay: rebuild_state(engine, saved) and `await load_state(db, game_id)` -> (SavedGame, GameState)
  data.mytables: `await tables_of(db, user_id, finished_since=)` -> PersonTables: a person's open tables in every
    server (running ones first, by deadline) and their games ended since then, with their place (/games)

Results: `db.results` (ResultRepository)
    match_for_game, recent_matches(guild_id, kind=, user_id=, limit=, before_id=), rating, all_ratings,
    leaderboard(guild_id, kind, limit=, offset=, min_games=) -> [BoardEntry], rank_of, player_stats,
    recompute_ratings(guild_id=None, kind=None)

Settings: `db.settings` (SettingsRepository)
    user(user_id) -> UserSettings; update_user(user_id, hand_delivery=, dm_closed=, turn_notice=,
    leaderboard_opt_out=); users_with_dm_closed(ids); guild(guild_id) -> GuildSettings;
    update_guild(guild_id, live_turn_seconds=, casual_turn_seconds=, computer_games_count=);
    set_manager_role(guild_id, role_id | None); set_allowed_channels(guild_id, ids)

Messages: `db.messages` (MessageRepository): of_game, get, save(ShownMessage), owe, turn_start(game, seat),
    games_owing_results(), games_owing_messages(); claim(game, kind, seat, version, at=, redo_within=) -> bool
    (a turn's notice claimed before it is posted: at most once per version)

Leases: `db.leases` (LeaseRepository), one owner at a time for a game's single-writer work across processes:
    acquire(key, owner, now=, ttl=) -> Lease | None; renew(lease, now=, ttl=) -> Lease | None (None: taken over);
    release(lease, now=) -> bool; holder(key, now=); held_by(owner, now=); data.leases.game_key(game_id);
    renew_all(leases, now=, ttl=) -> {key: Lease} (one statement); games_of(owner, now=, among=);
    unheld_games(now=, created_before=)

Between processes: `await db.notify(channel, payload)`; `await db.listen(channel, heard)` -> Listening
    (`await listening.close()`), heard(payload) for each notify on that channel from any process (PostgreSQL's
    NOTIFY / LISTEN, best effort: keep a poll); None on SQLite, where notify sends nothing.
    `await db.statement(sql, params)`: one statement that is atomic by itself, without the write lock on PostgreSQL.

Privacy: `db.privacy.erase_user(user_id, at=)` -> Erasure (lists open games the bot must settle first; counts the
    stored notice texts it blanked, rewrote or withdrew)

Errors (data.errors): StorageError > DatabaseUnavailable, SchemaTooNew, GameNotFound, VersionConflict, WrongStatus,
ChannelBusy, SeatError, StorageFault (a full disk, an I/O error, a read-only file: `.kind` FaultKind,
`.reason` in plain words for players; nothing was stored).
"""

from .database import Database, Synchronous
from .errors import (
    ChannelBusy,
    DatabaseUnavailable,
    FaultKind,
    GameNotFound,
    SchemaTooNew,
    SeatError,
    StorageError,
    StorageFault,
    VersionConflict,
    WrongStatus,
)
from .leases import Lease
from .models import (
    BoardEntry,
    Erasure,
    GameRecord,
    GameStatus,
    GuildSettings,
    HandDelivery,
    MatchPlayer,
    MatchRecord,
    MessageKind,
    MoveRecord,
    MoveSource,
    PlayerStats,
    Rating,
    SavedGame,
    Seat,
    ShownMessage,
    Snapshot,
    TurnNotice,
    TurnTimer,
    UserSettings,
)
from .ratings import RatingModel
from .replay import load_state, rebuild_state

__all__ = [
    "BoardEntry",
    "ChannelBusy",
    "Database",
    "DatabaseUnavailable",
    "Erasure",
    "FaultKind",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GuildSettings",
    "HandDelivery",
    "Lease",
    "MatchPlayer",
    "MatchRecord",
    "MessageKind",
    "MoveRecord",
    "MoveSource",
    "PlayerStats",
    "Rating",
    "RatingModel",
    "SavedGame",
    "SchemaTooNew",
    "Seat",
    "SeatError",
    "ShownMessage",
    "Snapshot",
    "StorageError",
    "StorageFault",
    "Synchronous",
    "TurnNotice",
    "TurnTimer",
    "UserSettings",
    "VersionConflict",
    "WrongStatus",
    "load_state",
    "rebuild_state",
]
