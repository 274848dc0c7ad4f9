"""Numbered SQL migrations, applied in order and tracked with `PRAGMA user_version`.

Each file `migrations/NNNN_name.sql` moves the schema from version NNNN-1 to NNNN. A migration and
the version bump commit together, so a crash mid-upgrade leaves the old version intact and the next
start simply tries again. A database newer than the code is refused rather than guessed at.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import aiosqlite

from .errors import SchemaTooNew

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@cache
def migrations() -> tuple[Migration, ...]:
    """Every migration shipped with the package, in version order; versions must run 1, 2, 3 ... with no gap."""
    found: list[Migration] = []
    for entry in resources.files(__package__).joinpath("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    expected = list(range(1, len(found) + 1))
    if [m.version for m in found] != expected:
        raise RuntimeError(f"migration versions must be {expected}, found {[m.version for m in found]}")
    return tuple(found)


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
