"""The contract the three engines share, so the bot, storage and tools treat every game alike.

An engine is a pure state machine (design §2):

- `Engine.new_game(players, seed, options)` deals from `seeded_rng(seed, ...)`; nothing else is random.
- `state.to_move`, `state.legal_moves()`, `state.check(move)` (raises `IllegalMove` with a code and a sentence a
  player can read), `state.apply(move)` checks the move too (so nothing illegal ever gets in) and
  returns a *new* state, never touching the old one.
- `state.view(seat)` is exactly what that seat may know. Renderers, message builders and computer
  players only ever receive views, so a hidden card cannot leak by accident.
- Moves are frozen and hashable, with `encode()` (short machine text that `state.decode_move` reads
  back, fit for logs, custom ids and the move log) and `str(move)` (what a player reads).
- A game is stored as (kind, players, options, seed, encoded moves) and rebuilt with
  `Engine.replay`; `to_dict`/`from_dict` are faster snapshots of the same state.

The protocols below are structural: engines do not inherit from them, tests check conformance.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar, cast, runtime_checkable


class IllegalMove(ValueError):
    """A move the rules refuse.

    `code` is a stable dotted key naming the refusal ("thirteen.lead_cannot_pass") and `params` its typed
    particulars (cards, suits, counts): the game's words module (`cogs/<kind>/words.py`, `refusal_said`)
    turns them into the reader's language, since games/ stays pure and knows no catalogs. `reason` is the
    same refusal as one English sentence ("You passed this round"), for logs, tools and engine tests, and
    what a reader sees when no words module knows the code.
    """

    def __init__(self, reason: str, code: str = "", /, **params: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.params: Mapping[str, object] = dict(params)


@runtime_checkable
class Move(Protocol):
    """A frozen, hashable move. `str(move)` is the human form ("7♠ 7♥"); `encode()` the machine form."""

    def encode(self) -> str: ...


M = TypeVar("M", bound=Move)
M_co = TypeVar("M_co", bound=Move, covariant=True)
V_co = TypeVar("V_co", covariant=True)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a finished game ended, seat by seat.

    `places[seat]` is 1 for the winner(s); equal places mean a shared place (Carousel ties, D-CA-4).
    `scores[seat]` is the game's own final score (Thirteen: place points D-TL-5; Carousel: total
    points; Sixty-Six: game points of the series). Ratings use places; boards may show scores.
    """

    places: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)


@runtime_checkable
class GameState(Protocol[M, V_co]):
    """What the bot needs from any engine's state."""

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> int | None:
        """The seat expected to act, or None when the game is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> list[M]: ...

    def check(self, move: M) -> None: ...

    def apply(self, move: M) -> Self: ...

    def view(self, seat: int | None) -> V_co:
        """What `seat` may know; `None` is a spectator (the public table)."""
        ...

    def result(self) -> GameResult: ...

    def parse_move(self, text: str) -> M:
        """Read a move in player notation ("7s 7h", "pass"); raises IllegalMove on nonsense."""
        ...

    def decode_move(self, code: str) -> M: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class ComputerPlayer(Protocol[M_co]):
    """A computer seat. It sees only a view; all its randomness comes from `rng`."""

    def choose(self, view: Any, rng: random.Random) -> M_co: ...


@runtime_checkable
class Engine(Protocol):
    """One game kind, as the bot, the storage layer and the terminal table see it."""

    # Read-only in the protocol, so an engine may declare them as plain class attributes (a tuple of levels).
    @property
    def kind(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def levels(self) -> Sequence[str]: ...

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> GameState[Any, Any]: ...

    def replay(
        self, players: int, seed: int, options: Mapping[str, Any] | None, moves: Iterable[str]
    ) -> GameState[Any, Any]: ...

    def from_dict(self, data: Mapping[str, Any]) -> GameState[Any, Any]: ...

    def computer(self, level: str) -> ComputerPlayer[Any]: ...


OptionsT = TypeVar("OptionsT")


def options_from_mapping(cls: type[OptionsT], data: Mapping[str, Any] | OptionsT | None, game: str) -> OptionsT:
    """Build a game's frozen options from stored or user-supplied settings.

    None gives the defaults and an instance passes through; an unknown key is refused with a sentence
    naming it and the known ones, so a malformed lobby option never reaches the engine. Values are
    checked by the options class itself (its `__post_init__`).
    """
    if data is None:
        return cls()
    if isinstance(data, cls):
        return data
    assert isinstance(data, Mapping)
    known = {field.name for field in dataclasses.fields(cast(Any, cls))}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"unknown {game} option {unknown[0]!r}; known options: {', '.join(sorted(known))}")
    return cls(**dict(data))


def check_deals(deals: object, most: int) -> None:
    """A fixed deal count (a tournament's fast matches: D-SX-6, D-GR-10, D-CA-5): 0 for none, else 1..`most`."""
    if not isinstance(deals, int) or isinstance(deals, bool) or not 0 <= deals <= most:
        raise ValueError(f"option fixed_deals must be a whole number from 0 (none) to {most}, not {deals!r}")


def without_unset_deals(options: dict[str, Any]) -> dict[str, Any]:
    """`to_dict()` without `fixed_deals` when it is 0: a table that plays to its target stores exactly what it
    stored before fixed deal counts existed, so older snapshots and stored options compare equal."""
    if options.get("fixed_deals") == 0:
        del options["fixed_deals"]
    return options


def seeded_rng(seed: int, *path: object) -> random.Random:
    """A generator derived from the game seed and a path such as ("deal", 3).

    Multi-deal games (a Carousel game, a Sixty-Six series) deal hand `n` from `seeded_rng(seed, "deal",
    n)`, so any hand can be rebuilt without replaying the random draws of earlier ones. String seeds are
    hashed with SHA-512 by `random.Random`, so this is stable across runs and Python versions.
    """
    return random.Random(":".join(str(part) for part in (seed, *path)))


def replay_moves(state: GameState[Any, Any], moves: Iterable[str]) -> GameState[Any, Any]:
    """Apply encoded moves in order. `apply` checks each, so a corrupt move log fails loudly."""
    for code in moves:
        state = state.apply(state.decode_move(code))
    return state
