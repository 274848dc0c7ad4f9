"""Entry point: `python -m bot` runs the Discord bot; `python -m bot play <game>` the terminal table.

Without a token the bot prints how to set one and exits with status 2, never a traceback; so does a
database it cannot open (bot.process.runner). `--help` prints the usage before any setting is read, so it
works on a machine with no `.env`. The terminal table needs neither a token nor discord.py (see
`terminal`).
"""

from __future__ import annotations

import argparse
import logging
import sys
import textwrap
from collections.abc import Sequence

from dotenv import load_dotenv

from bot.process.config import SETTINGS_HELP, ConfigError, Settings
from games import registry

log = logging.getLogger(__name__)

EXIT_CONFIG = 2
NAME_WIDTH = 30  # the column where a setting's or a game's description starts
WIDTH = 100


def _rows(rows: Sequence[tuple[str, str]]) -> str:
    """Two columns, the second from NAME_WIDTH (after a first too long for its column, on the next line),
    wrapped at WIDTH."""
    lines = []
    indent = " " * NAME_WIDTH
    for name, text in rows:
        first = f"  {name:<{NAME_WIDTH - 2}}" if len(name) + 2 < NAME_WIDTH else f"  {name}\n{indent}"
        lines.append(textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent)[NAME_WIDTH:])
        lines[-1] = first + lines[-1]
    return "\n".join(lines)


def games_help() -> str:
    """Every registered game: what `play` takes, its name and seats, and its slash command."""
    rows = []
    for game in registry.games():
        seats = f"{game.min_seats} players" if game.min_seats == game.max_seats else (
            f"{game.min_seats} to {game.max_seats} players"
        )
        rows.append((game.kind, f"{game.name}, {seats}; on Discord /{game.command} new"))
    return "games:\n" + _rows(rows)


def epilog() -> str:
    """Everything --help prints below the usage: the games, every setting (bot.process.config), examples."""
    first = registry.kinds()[0]
    settings = _rows(SETTINGS_HELP)
    return f"""\
{games_help()}

settings (environment variables, or a .env file in the working folder; see .env.example):
{settings}

examples:
  python -m bot                 run the bot (needs DISCORD_TOKEN)
  python -m bot play {first:<11}play {registry.get(first).name} in the terminal
  python -m bot play --help     the terminal table's options, and each game's
"""


def build_parser() -> argparse.ArgumentParser:
    """The top-level command line: no options of its own beyond --help, and the `play` subcommand.

    `play` hands everything after it to the terminal table's own parser (terminal.app), which
    prints its usage for `play --help`. The games named here are the registry's.
    """
    kinds = ",".join(registry.kinds())
    names = [game.name for game in registry.games()]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        usage=f"python -m bot [--help]\n       python -m bot play {{{kinds}}} [options]",
        description="Cardroom: card games for Discord. Without a command, runs the bot.",
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "play",
        add_help=False,
        help=f"play {listed} in the terminal against computer players "
        "(no token, no Discord); `play --help` for its options",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["play"]:
        from terminal import main as play  # before settings: a game in the terminal needs no token

        return play(argv[1:])
    try:
        build_parser().parse_args(argv)  # --help prints the usage; anything unknown is a usage error
    except SystemExit as exit_:
        return int(exit_.code) if isinstance(exit_.code, int) else EXIT_CONFIG
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"cardroom: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.process.runner import run  # imported late: discord.py is only needed once there is a token

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
