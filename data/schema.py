"""Numbered SQL migrations, applied in order and tracked with `PRAGMA user_version` (SQLite) or the
`cardroom_schema` table (PostgreSQL, data/postgres.py).

Each file `migrations/NNNN_name.sql` moves the schema from version NNNN-1 to NNNN. A migration and
the version bump commit together, so a crash mid-upgrade leaves the old version intact and the next
start simply tries again. A database newer than the code is refused rather than guessed at.

Both engines share the numbers. `migrations/NNNN_name.sql` is SQLite's, and PostgreSQL's too unless
`migrations/postgresql/NNNN_name.sql` (same number, same name) replaces it: where the engines' SQL
differs (types, WITHOUT ROWID, AUTOINCREMENT). So a new migration is always `migrations/NNNN_*.sql`,
plus a PostgreSQL file of the same name when its SQL is not valid there too.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

import aiosqlite

from .errors import SchemaTooNew

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


DIALECTS = ("sqlite", "postgresql")


@cache
def migrations(dialect: str = "sqlite") -> tuple[Migration, ...]:
    """Every migration shipped with the package for `dialect`, in version order; versions must run
    1, 2, 3 ... with no gap, and a dialect's own file must replace a shared one of the same name."""
    if dialect not in DIALECTS:
        raise ValueError(f"no migrations for {dialect!r}")
    folder = resources.files(__package__).joinpath("migrations")
    found = {m.version: m for m in _read(folder)}
    if dialect != "sqlite":
        for own in _read(folder.joinpath(dialect)):
            shared = found.get(own.version)
            if shared is None or shared.name != own.name:
                raise RuntimeError(
                    f"migrations/{dialect}/{own.version:04d}_{own.name}.sql replaces no "
                    f"migrations/{own.version:04d}_{own.name}.sql"
                )
            found[own.version] = own
    ordered = sorted(found.values(), key=lambda m: m.version)
    expected = list(range(1, len(ordered) + 1))
    if [m.version for m in ordered] != expected:
        raise RuntimeError(f"migration versions must be {expected}, found {[m.version for m in ordered]}")
    return tuple(ordered)


def _read(folder: Traversable) -> list[Migration]:
    if not folder.is_dir():
        return []
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match and entry.is_file():
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    return found


def latest_version() -> int:
    return len(migrations())


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection, target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the latest) and return the version reached.

    `target` below the latest exists for tests that build an older database to upgrade from.
    Raises SchemaTooNew when the file is ahead of this code.
    """
    known = latest_version()
    target = known if target is None else target
    current = await schema_version(conn)
    if current > known:
        raise SchemaTooNew(current, known)
    for migration in migrations()[current:target]:
        log.info("applying migration %04d_%s", migration.version, migration.name)
        # The script, the version bump and the COMMIT run as one unit: nothing half-applied survives.
        script = f"BEGIN IMMEDIATE;\n{migration.sql}\nPRAGMA user_version = {migration.version};\nCOMMIT;\n"
        try:
            await conn.executescript(script)
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
        current = migration.version
    return current
