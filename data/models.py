"""The values the storage layer hands back: frozen dataclasses and enums, never sqlite rows.

Callers (the bot, tools, tests) get typed, immutable records, so a row layout change stays inside
data/ and nobody mutates a cached record by accident. Times are UNIX seconds chosen by the caller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

# Defaults a server starts with until a manager changes them (notes E.6: live games minutes, casual days).
DEFAULT_LIVE_TURN_SECONDS = 90
DEFAULT_CASUAL_TURN_SECONDS = 24 * 60 * 60
DEFAULT_AWAY_LIMIT_SECONDS = 7 * 24 * 60 * 60


class GameStatus(StrEnum):
    """Where a game is in its life. Finished and abandoned are final (design §5: they never come back)."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_open(self) -> bool:
        return self in (GameStatus.LOBBY, GameStatus.ACTIVE)


class TurnTimer(StrEnum):
    """Live games expect an answer in seconds or minutes; casual games in hours or days (notes E.6)."""

    LIVE = "live"
    CASUAL = "casual"


class MoveSource(StrEnum):
    """Who produced a move: the seated player, a computer player, or the sweeper acting on a timeout."""

    PLAYER = "player"
    COMPUTER = "computer"
    TIMEOUT = "timeout"


class HandDelivery(StrEnum):
    """How a player receives their private hand (design §4): a DM, or the ephemeral "My hand" panel."""

    DM = "dm"
    PANEL = "panel"


class TurnNotice(StrEnum):
    """When a player is told that their turn has started (a new DM, or a mention in the channel)."""

    EVERY = "every"
    CASUAL = "casual"  # only in casual games, where nobody is watching the table
    OFF = "off"


# The digest's periods a person may choose (`/settings turns digest:`), in hours.
DIGEST_HOURS = (1, 4, 12)


class MessageKind(StrEnum):
    """The per-game messages whose shown state is stored (data.messages)."""

    HAND = "hand"
    TURN = "turn"
    RESULT = "result"
    LEFT = "left"
    NOTICE = "notice"  # the player's DMs are closed: where their hand is instead
    LOST = "lost"  # the host is told the bot lost access to the channel
    GONE = "gone"  # a player is told the game ended because its channel was deleted
    REMIND = "remind"  # the channel is told a player's time is running out (once per turn)
    TIMEOUT = "timeout"  # the channel is told a turn ran out and what was played for the player
    NOTE = "note"  # the lobby left in the channel once the table moved to its thread (bot.projection.threads)


@dataclass(frozen=True, slots=True)
class ShownMessage:
    """What one message of a game last showed: where it is, at which version, and a fingerprint.

    `seat` is -1 for a message of the whole game. `message_id` is None for a message still to be sent.
    """

    game_id: int
    kind: MessageKind
    seat: int
    channel_id: int | None = None
    message_id: int | None = None
    version: int = 0
    key: str = ""
    turn: int | None = None
    live: bool = False
    # A hand's latest click: its interaction token and until when it may post in the DM. A save without
    # one keeps the stored one (`MessageRepository.save`).
    reply_token: str | None = None
    reply_until: float | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at a table.

    A human seat has `user_id` and no `computer_level`. A computer seat has a level and no user. A human
    replaced by a computer (timeouts, leaving mid-game) keeps `user_id` for the record and gains a level:
    from then on the computer plays it and the game is no longer rated.
    """

    seat: int
    user_id: int | None
    display_name: str
    computer_level: str | None = None
    timeouts: int = 0
    consecutive_timeouts: int = 0
    hand_channel_id: int | None = None
    hand_message_id: int | None = None

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None

    @property
    def replaced(self) -> bool:
        """A human who started here was replaced by a computer player."""
        return self.computer_level is not None and self.user_id is not None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's row plus its seats, in seat order. `version` is the number of moves applied."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_user_id: int
    options: dict[str, Any]
    seed: int
    status: GameStatus
    version: int
    timer: TurnTimer
    turn_seconds: int
    deadline: float | None
    reminder_sent: bool
    table_channel_id: int | None
    table_message_id: int | None
    created_at: float
    started_at: float | None
    ended_at: float | None
    end_reason: str | None
    updated_at: float
    seats: tuple[Seat, ...] = ()
    guild_name: str | None = None  # as it was when the game opened (None: opened before it was stored)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def all_human(self) -> bool:
        """Every seat is played by its own human from start to finish: the condition for a rated game."""
        return bool(self.seats) and not any(seat.is_computer for seat in self.seats)

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat `user_id` sits in (even if a computer now plays it), or None."""
        return next((seat for seat in self.seats if seat.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the append-only move log; `seq` is the version this move produced."""

    seq: int
    code: str
    actor: int | None
    source: MoveSource
    at: float


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An engine `to_dict()` taken at `version`; a cache that makes loading long games fast."""

    version: int
    state: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class SavedGame:
    """Everything needed to rebuild a game: the record, the whole move log and the latest snapshot."""

    game: GameRecord
    moves: tuple[MoveRecord, ...]
    snapshot: Snapshot | None = None

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(move.code for move in self.moves)


@dataclass(frozen=True, slots=True)
class Rating:
    """An OpenSkill rating. `ordinal` (mu - 3 sigma) is the conservative figure boards sort by (notes D.3)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    def is_close(self, other: Rating, tolerance: float = 1e-9) -> bool:
        return math.isclose(self.mu, other.mu, abs_tol=tolerance) and math.isclose(
            self.sigma, other.sigma, abs_tol=tolerance
        )


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """One seat of a finished match: who, where they finished, their score, and the rating change if rated."""

    seat: int
    user_id: int | None
    display_name: str
    is_computer: bool
    place: int
    score: int
    before: Rating | None = None
    after: Rating | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished game in the immutable match log ratings are computed from."""

    id: int
    game_id: int
    guild_id: int
    kind: str
    finished_at: float
    rated: bool
    with_computers: bool
    players: tuple[MatchPlayer, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """One line of a leaderboard. Ties in `ordinal` share a `rank`."""

    rank: int
    user_id: int
    display_name: str
    rating: Rating
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one server (and one kind, or all kinds when `kind` is None)."""

    user_id: int
    guild_id: int
    kind: str | None
    games: int
    wins: int
    average_place: float | None
    total_score: int
    rating: Rating | None = None
    rated_games: int = 0
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class UserSettings:
    """A user's preferences; the defaults apply to anyone who never changed them."""

    user_id: int
    hand_delivery: HandDelivery = HandDelivery.DM
    dm_closed: bool = False
    leaderboard_opt_out: bool = False
    turn_notice: TurnNotice = TurnNotice.EVERY
    digest_hours: int = 0  # casual turns told by one digest DM at most this often (0: a notice per turn)
    language: str | None = None  # chosen in /settings language; None follows Discord's locale
    seen_locale: str | None = None  # the last Discord locale of their interactions, for DMs with none at hand
    # Away from casual tables since/until (Unix seconds); until None with since set: until they say they're back.
    away_since: float | None = None
    away_until: float | None = None
    time_zone: str | None = None  # an IANA name (Europe/Paris), checked when saved; None: the server's


class SeasonLength(StrEnum):
    """How long a server's seasons are; OFF keeps the all-time board only."""

    OFF = "off"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"

    @property
    def months(self) -> int:
        return {SeasonLength.OFF: 0, SeasonLength.MONTHLY: 1, SeasonLength.QUARTERLY: 3}[self]

    def following(self) -> SeasonLength:
        """The next choice of the settings button (off, monthly, quarterly, off...)."""
        order = list(SeasonLength)
        return order[(order.index(self) + 1) % len(order)]


class SeasonReset(StrEnum):
    """How ratings start at a new season."""

    FRESH = "fresh"  # everyone starts as a new player
    CARRY = "carry"  # last season's rating, its uncertainty widened (`carry_over`)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's settings. An empty `allowed_channel_ids` means games may run in any channel.

    `computer_games_count` decides whether games with computer seats count in players' stats (games,
    wins). Ratings never include them: only all-human games are rated (design §5).
    """

    guild_id: int
    live_turn_seconds: int = DEFAULT_LIVE_TURN_SECONDS
    casual_turn_seconds: int = DEFAULT_CASUAL_TURN_SECONDS
    manager_role_id: int | None = None
    computer_games_count: bool = False
    allowed_channel_ids: frozenset[int] = field(default_factory=frozenset)
    threads: bool = False  # new tables open in their own thread of the channel (the host may choose)
    tournaments_open: bool = False  # anyone may open a tournament (off: games managers only)
    season_length: SeasonLength = SeasonLength.OFF  # boards in seasons (data.seasons); off by default
    season_reset: SeasonReset = SeasonReset.FRESH
    seasons_since: float | None = None  # when seasons were last turned on: earlier seasons never close
    season_custom: tuple[float, float] | None = None  # a season with set dates, [start, end) (data.seasons)
    language: str | None = None  # what the server's tables read; None follows its preferred locale
    away_limit_seconds: int = DEFAULT_AWAY_LIMIT_SECONDS  # how long an away player's casual timers may stop
    quiet_start: int | None = None  # quiet hours for casual deadlines, minutes after midnight (None: none)
    quiet_end: int | None = None
    time_zone: str | None = None  # an IANA name for quiet hours of players without one; None: UTC

    def turn_seconds(self, timer: TurnTimer) -> int:
        return self.live_turn_seconds if timer is TurnTimer.LIVE else self.casual_turn_seconds

    def allows_channel(self, channel_id: int) -> bool:
        return not self.allowed_channel_ids or channel_id in self.allowed_channel_ids


@dataclass(frozen=True, slots=True)
class Erasure:
    """What deleting a user's data did. Seats in open games are left to the bot to resolve first."""

    pseudonym: int
    match_rows: int
    ratings: int
    seats: int
    open_game_ids: tuple[int, ...]
    messages: int = 0  # stored notice texts that named or mentioned the user: blanked, rewritten or withdrawn
