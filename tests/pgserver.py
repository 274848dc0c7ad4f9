"""The tests' throwaway PostgreSQL server: bench.pgserver, under the name tests and CI use.

    python -m tests.pgserver start FOLDER     # prints the URL; the server keeps running
    python -m tests.pgserver stop FOLDER
"""

from __future__ import annotations

from bench.pgserver import DATABASE, ENV, PORT, SETTINGS, binaries, main, start, stop, url

__all__ = ["DATABASE", "ENV", "PORT", "SETTINGS", "binaries", "start", "stop", "url"]

if __name__ == "__main__":
    main("tests.pgserver")
