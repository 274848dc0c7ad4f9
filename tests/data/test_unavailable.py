"""A database SQLite cannot open for reading and writing: one DatabaseUnavailable that says why and what to do."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from data import Database, DatabaseUnavailable, SchemaTooNew
from data.schema import latest_version


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """Make `path` (a file or folder) unwritable, as on a read-only file system, even for root; or skip.

    Permission bits stop an ordinary user; root ignores them, so there the immutable flag is used.
    """
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("cannot make a file unwritable for root here (no chattr +i)")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


async def make_database(path: Path) -> None:
    """A valid, up-to-date Cardroom database at `path`, closed (its -wal and -shm files gone)."""
    db = await Database.open(path)
    await db.close()


async def test_a_missing_folder_is_named_with_what_to_do(tmp_path: Path) -> None:
    """The folder of CARDROOM_DATABASE does not exist: the error names that folder and says to create it."""
    path = tmp_path / "nowhere" / "cardroom.db"
    with pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(path)
    assert raised.value.path == path
    assert raised.value.problem == f"the folder {tmp_path / 'nowhere'} does not exist"
    assert "create it" in raised.value.remedy


async def test_a_folder_given_as_the_file_is_told_apart(tmp_path: Path) -> None:
    """The path is a folder: the error says so and suggests a file inside it."""
    with pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(tmp_path)
    assert raised.value.problem == "it is a folder, not a file"
    assert str(tmp_path / "cardroom.db") in raised.value.remedy


async def test_a_file_that_is_not_a_database_is_refused_plainly(tmp_path: Path) -> None:
    """A text file in the database's place: "not an SQLite database", and the file is left as it was."""
    path = tmp_path / "cardroom.db"
    path.write_text("these are my notes, not a database\n" * 50)
    before = path.read_bytes()
    with pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(path)
    assert "not an SQLite database" in raised.value.problem
    assert "move this one aside" in raised.value.remedy
    assert path.read_bytes() == before


async def test_a_read_only_database_fails_at_open_not_at_the_first_move(tmp_path: Path) -> None:
    """An up-to-date file that cannot be written opens read-only in SQLite without a word; the open must refuse it."""
    path = tmp_path / "cardroom.db"
    await make_database(path)
    with unwritable(path), pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(path)
    assert "read-only" in raised.value.problem
    assert "writable" in raised.value.remedy


async def test_a_new_database_in_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    """No database yet and a folder that cannot be written (a read-only file system): read-only, not a crash."""
    folder = tmp_path / "ro"
    folder.mkdir()
    with unwritable(folder), pytest.raises(DatabaseUnavailable) as raised:
        await Database.open(folder / "cardroom.db")
    assert "read-only" in raised.value.problem


async def test_a_newer_schema_is_still_schema_too_new(tmp_path: Path) -> None:
    """A file from a newer Cardroom keeps its own error (with the versions), not a generic one."""
    path = tmp_path / "cardroom.db"
    await make_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 1}")
    with pytest.raises(SchemaTooNew, match="upgrade Cardroom"):
        await Database.open(path)


async def test_a_writable_database_still_opens_and_keeps_its_version(tmp_path: Path) -> None:
    """The write probe at open changes nothing: the schema version is the same after it."""
    path = tmp_path / "cardroom.db"
    await make_database(path)
    async with await Database.open(path) as db:
        assert await db.schema_version() == latest_version()
        async with db.transaction() as tx:  # and the connection is not left inside the probe's transaction
            assert (await tx.one("PRAGMA user_version"))[0] == latest_version()
