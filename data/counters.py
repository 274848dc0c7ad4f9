"""How many statements the database ran: what a move costs in reads and writes, counted where they run.

Why counted here and not timed: the cost of a click in statements is a property of the code, the same
on a quiet and on a busy machine, so a test can assert it ("a move is one read of the game and two
write statements") and `bench.bot` can print it beside its timings. Counting is an integer addition
per statement, cheap enough to stay on in production.

Every `Database` has one `Counts` (`db.counts`). The backends count each statement they send:
- `reads`: SELECT statements, lone (`Database.read`) or inside a transaction;
- `writes`: data-modifying statements (INSERT, UPDATE, DELETE, upserts; a statement with RETURNING is
  a write); BEGIN, COMMIT and savepoints are not statements of the data and are not counted;
- `transactions`: write transactions (each group-committed work, `Database.statement` and
  `transaction(write=True)` counts one, whether it committed or not);
- `game_reads`: reads of one game's record or move log outside a write transaction (`games.get`,
  `games.load`), the reads a cache of the latest game state saves (data.games.RecordCache);
- `moves`: moves stored (`append_move`, `append_final_move`), the denominator of "per move".

The statements of a group-committed batch run on SQLite's worker thread: they are counted in a
`Counts` of the batch and added here on the event loop when the batch returns, so no two threads ever
add to the same counter.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(slots=True)
class Counts:
    """Statement counters since the database was opened. Mutable on purpose: a counter is added to in
    place on every statement (a frozen one would allocate per statement); read it through `snapshot`."""

    reads: int = 0
    writes: int = 0
    transactions: int = 0
    game_reads: int = 0
    moves: int = 0

    def statement(self, sql: str) -> None:
        """Count one statement run through a Tx's `all` / `one`: a SELECT reads, anything else writes."""
        if sql.startswith("SELECT"):
            self.reads += 1
        else:
            self.writes += 1

    def add(self, other: Counts) -> None:
        self.reads += other.reads
        self.writes += other.writes
        self.transactions += other.transactions
        self.game_reads += other.game_reads
        self.moves += other.moves

    def snapshot(self) -> Counts:
        """A copy that no longer changes."""
        return dataclasses.replace(self)

    def since(self, earlier: Counts) -> Counts:
        """What was counted after `earlier` (a snapshot) was taken."""
        return Counts(
            self.reads - earlier.reads,
            self.writes - earlier.writes,
            self.transactions - earlier.transactions,
            self.game_reads - earlier.game_reads,
            self.moves - earlier.moves,
        )

    def as_dict(self) -> dict[str, int]:
        return dataclasses.asdict(self)
