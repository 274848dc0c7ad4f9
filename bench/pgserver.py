"""A throwaway PostgreSQL server: initdb into a folder, listen on a Unix socket only.

It lives in bench/ because both the load run (`bench.bot --backend postgresql`) and the tests start
one, and benchmarks import nothing from tests/; tests/pgserver.py is its name for the tests and CI.

How the PostgreSQL tests find a server (tests/data/conftest.py, `pg_url`):
1. `CARDROOM_TEST_POSTGRES=postgresql://...` names one (CI's `.ci/run` starts one with this module);
   if it cannot be reached, those tests fail: a server that was promised must be there.
2. Otherwise, where PostgreSQL's server binaries are installed (`initdb` and `pg_ctl` on PATH or under
   /usr/lib/postgresql/*/bin), the tests start one of these for the session and stop it at the end.
3. Otherwise they are skipped, saying why.

initdb refuses to run as root, so as root the server runs as the `postgres` user (the Debian
package's), in a folder handed to it. Durability is switched off (fsync, synchronous_commit): a test
server's data lives for one run.

    python -m bench.pgserver start FOLDER     # prints the URL; the server keeps running
    python -m bench.pgserver stop FOLDER
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

PORT = 5432  # only a socket file's name (.s.PGSQL.5432): no TCP listener is opened
DATABASE = "cardroom_test"
ENV = "CARDROOM_TEST_POSTGRES"
# Room for every xdist worker's pools at once (two workers per core, each test's bot with its pool,
# the shard storms with several processes): PostgreSQL's default of 100 ran out on a busy machine and
# left the tests waiting for a connection ("sorry, too many clients already").
SETTINGS = (
    *("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"),
    *("-c", "max_connections=500"),
)


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when PostgreSQL's server is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _as_server_user(command: list[str]) -> list[str]:
    """`command` as the `postgres` user when we are root (initdb and postgres refuse root)."""
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    if runuser:
        return [runuser, "-u", "postgres", "--", *command]
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(map(_quote, command))]


def _quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


def url(folder: Path) -> str:
    user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    return f"postgresql:///{DATABASE}?host={folder}&port={PORT}&user={user}"


def start(folder: Path) -> str:
    """initdb into `folder`/data, start the server on a socket in `folder`, create the test database."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True, "cwd": "/"}
    user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "initdb"), "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync"]
        ),
        **quiet,  # type: ignore[arg-type]
    )
    options = " ".join(("-k", str(folder), "-c", "listen_addresses=", "-p", str(PORT), *SETTINGS))
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-o", options, "-w", "start"]
        ),
        **quiet,  # type: ignore[arg-type]
    )
    subprocess.run(
        _as_server_user([str(bin_dir / "createdb"), "-h", str(folder), "-p", str(PORT), "-U", user, DATABASE]),
        **quiet,  # type: ignore[arg-type]
    )
    return url(folder)


def server_pid(folder: Path) -> int | None:
    """The pid of the server started in `folder` (the first line of its postmaster.pid), if it runs."""
    try:
        return int((folder / "data" / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


def stop(folder: Path) -> None:
    bin_dir = binaries()
    if bin_dir is None or not (folder / "data" / "postmaster.pid").exists():
        return
    subprocess.run(
        _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "-w", "stop"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        cwd="/",
    )


def main(program: str = "bench.pgserver") -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.exit(f"usage: python -m {program} start|stop FOLDER")
    where = Path(sys.argv[2]).resolve()
    if sys.argv[1] == "start":
        print(start(where))
    else:
        stop(where)


if __name__ == "__main__":
    main()
