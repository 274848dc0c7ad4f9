"""The latest record of each game as this process stored or read it, so a click reads its game at most once.

Why: one move used to read the same game about six times (the click, the move, after the move, the
clicked hand's redraw, the message pass, the table refresh), each a trip to the database. The process
that stores a move knows what it changed (data.games derives the record after a move instead of reading
it back), and while nothing else can have written the game the record it holds is the stored one.

When may an entry be served (`serve_for`, seconds since it was stored): never, unless the process is
told it is the game's only writer, since any other process with the database open may write it.
- SQLite: always, once the bot says so (bot.moves.ownership, solo). The bot's process owns the file
  (design §5), and every write of a game's row or seats in it goes through data.games or data.privacy,
  which drop the entry they change. Any other reader of the file (a tool, a test watching a bot in
  another process) keeps the default and reads every time: it is not the writer.
- PostgreSQL: never by default, since another process may write the game at any time. The bot serves it
  for a while only to the holder of the game's lease (bot.moves.ownership), which is told of every move made
  elsewhere (a notification, or its poll) and drops the entry then; the age limit bounds how long a
  write made elsewhere that moved no version (a deadline, a seat handed to a computer) can go unseen,
  the same bound the lease holder's poll gives everything else.
A move's own version check keeps a stale entry from ever storing a move: a click refused that way drops
the entry (bot.moves.service), and the click is answered as stale, as a click on an old control is.

Races inside the process: every write bumps the game's generation before it starts and after it ends,
and a read stores what it read only if the generation did not change while it ran, so a read that
overlapped a write (and may have seen the row before it) never leaves its record behind. A write that
knows what it changes (a move, where a hand or the table message now is) leaves the changed record,
derived from the one held before it, when no other write of the game overlapped it; the derived record
keeps its base's age, so it is served no longer than the base would have been.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .models import GameRecord

Change = Callable[[GameRecord], GameRecord]  # what a write does to a game's record


def always(game_id: int) -> float:
    return math.inf


def never(game_id: int) -> float:
    return 0.0


class RecordCache:
    """Game records by id, each with when it was stored; see the module docstring for when one is served."""

    def __init__(self, serve_for: Callable[[int], float], clock: Callable[[], float] = time.monotonic) -> None:
        self.serve_for = serve_for  # seconds an entry of this game may be served; 0: read every time
        self.clock = clock
        self._entries: dict[int, tuple[GameRecord, float]] = {}
        self._generations: dict[int, int] = {}
        self._epoch = 0  # bumped by `clear`: every read under way stores nothing
        self.hits = 0
        self.misses = 0

    def get(self, game_id: int) -> GameRecord | None:
        """The stored record of the game if it may be served now, else None (counted as a miss)."""
        entry = self._servable(game_id)
        if entry is not None:
            self.hits += 1
            return entry[0]
        self.misses += 1
        return None

    def _servable(self, game_id: int) -> tuple[GameRecord, float] | None:
        entry = self._entries.get(game_id)
        if entry is not None and self.clock() - entry[1] < self.serve_for(game_id):
            return entry
        return None

    def generation(self, game_id: int) -> tuple[int, int]:
        """A token that changes with every write of the game (and every `clear`)."""
        return self._epoch, self._generations.get(game_id, 0)

    def put(self, record: GameRecord, generation: tuple[int, int], *, at: float | None = None) -> None:
        """Keep `record`, read or derived while the game was at `generation`, unless it was written since.
        `at`: when what it was derived from was read (a derived record is no fresher than its base)."""
        if self.generation(record.id) != generation:
            return
        entry = self._entries.get(record.id)
        if entry is not None and entry[0].version > record.version:
            return  # never go back to an older version
        self._entries[record.id] = (record, self.clock() if at is None else at)

    def forget(self, game_id: int) -> None:
        """The game is being (or was just) written: drop its entry, and make reads under way store nothing."""
        self._generations[game_id] = self._generations.get(game_id, 0) + 1
        self._entries.pop(game_id, None)

    def clear(self) -> None:
        """Drop every entry (a write that touched games it does not name: an erasure)."""
        self._epoch += 1
        self._entries.clear()
        self._generations.clear()

    @contextmanager
    def writing(self, game_id: int, change: Change | None = None) -> Iterator[None]:
        """Around a write of the game: its entry dropped before and after, whether the write succeeds or
        not. With `change` (what the write does to the record), a write that succeeded leaves the changed
        record instead, when one was servable before it and no other write of the game ran meanwhile."""
        base = self._servable(game_id) if change is not None else None
        self.forget(game_id)
        generation = self.generation(game_id)
        try:
            yield
        except BaseException:
            self.forget(game_id)
            raise
        written_meanwhile = self.generation(game_id) != generation
        self.forget(game_id)
        if base is not None and change is not None and not written_meanwhile:
            self.put(change(base[0]), self.generation(game_id), at=base[1])
