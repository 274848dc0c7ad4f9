"""A real full disk: the database on a tiny tmpfs, the rest of it filled by another file. A move is refused
as DISK_FULL with nothing stored, and the same move is stored once the other file is gone (space is
back). Needs permission to mount a tmpfs (root in a container); skipped where that is refused."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from data import Database, FaultKind, StorageFault

from .conftest import T0, active_game

SIZE = "2m"


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A mounted tmpfs of SIZE (unmounted afterwards), or a skip when mounting is not allowed here."""
    mount = shutil.which("mount")
    if mount is None or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root and mount(8)")
    point = tmp_path / "tiny"
    point.mkdir()
    done = subprocess.run(
        [mount, "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(point)], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True, check=False)


def fill(path: Path) -> None:
    """Write `path` until the file system has no byte left."""
    block = b"\0" * 4096
    with path.open("wb", buffering=0) as filler, contextlib.suppress(OSError):
        while True:
            filler.write(block)
    try:
        with path.open("ab", buffering=0) as filler:
            filler.write(block)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    else:
        raise AssertionError("the file system still took a write")


async def test_a_move_on_a_really_full_disk_is_refused_then_stored_once_space_is_back(tiny_disk: Path) -> None:
    """ENOSPC under SQLite comes back as StorageFault(DISK_FULL); the game is unchanged; freeing space lets
    the same move through."""
    db = await Database.open(tiny_disk / "cardroom.db")
    try:
        game = await active_game(db)
        filler = tiny_disk / "filler"
        fill(filler)
        version = game.version
        code = "x" * 900
        with pytest.raises(StorageFault) as raised:
            for _ in range(2000):  # each commit appends to the WAL, which soon needs a block the disk lacks
                version = await db.games.append_move(game.id, version, code, at=T0 + 2, actor=0, next_deadline=None)
        assert raised.value.kind is FaultKind.DISK_FULL
        assert raised.value.reason == "the server's disk is full"
        assert (await db.games.get(game.id)).version == version
        filler.unlink()
        assert await db.games.append_move(game.id, version, code, at=T0 + 3, actor=0, next_deadline=None) == version + 1
        assert len((await db.games.load(game.id)).moves) == version + 1
    finally:
        await db.close()
