"""The PostgreSQL fixtures every test folder may use (tests/conftest.py imports them): the session's
server (`pg_url`, found as tests/pgserver.py says, or a skip saying why) and a fresh schema on it per
test (`pg_schema`)."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlencode

import asyncpg
import pytest

from tests import pgserver

_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """The URL of the PostgreSQL server the tests use (see tests/pgserver.py), or a skip saying why."""
    given = os.environ.get(pgserver.ENV, "").strip()
    if given:
        yield given
        return
    if pgserver.binaries() is None:
        pytest.skip(
            f"no PostgreSQL server: set {pgserver.ENV}=postgresql://... or install PostgreSQL's server "
            "binaries (initdb, pg_ctl) so the tests start one"
        )
    folder = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))  # under /tmp: the postgres user must reach it
    try:
        yield pgserver.start(folder)
    finally:
        pgserver.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def pg_schema(pg_url: str) -> AsyncIterator[str]:
    """A URL whose connections work in a new, empty schema of the test server (dropped afterwards)."""
    name = f"t{os.getpid()}_{next(_schemas)}"
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        separator = "&" if "?" in pg_url else "?"
        yield f"{pg_url}{separator}{urlencode({'search_path': name})}"
        await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()
