"""Entry point: `python -m bot` runs the Discord bot; `python -m bot play <game>` the terminal table.

Without a token the bot prints how to set one and exits with status 2, never a traceback; so does a
database it cannot open (bot.runner). `--help` prints the usage before any setting is read, so it
works on a machine with no `.env`. The terminal table needs neither a token nor discord.py (see
`terminal`).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from dotenv import load_dotenv

from bot.config import ConfigError, Settings

log = logging.getLogger(__name__)

EXIT_CONFIG = 2

SETTINGS_HELP = """\
settings (environment variables, or a .env file in the working folder; see .env.example):
  DISCORD_TOKEN               the bot token (required to run the bot, not to play in the terminal)
  CARDROOM_DATABASE           the SQLite file (default: cardroom.db), or a postgresql:// URL
  CARDROOM_DEV_GUILD_ID       a server id to sync slash commands to at once while developing
  CARDROOM_LOG_LEVEL          DEBUG, INFO, WARNING, ERROR or CRITICAL (default: INFO)
  CARDROOM_DRAWING_PROCESSES  processes drawing images, 0 to 16 (default: 2)
  DISCORD_API_BASE, DISCORD_GATEWAY_URL  send Discord traffic elsewhere (a proxy, the offline Discord)

examples:
  python -m bot                              run the bot (needs DISCORD_TOKEN)
  python -m bot play thirteen                play Thirteen in the terminal
  python -m bot play schnapsen --help        the terminal table's options
"""


def build_parser() -> argparse.ArgumentParser:
    """The top-level command line: no options of its own beyond --help, and the `play` subcommand.

    `play` hands everything after it to the terminal table's own parser (terminal.app), which
    prints its usage for `play --help`.
    """
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        usage="python -m bot [--help]\n       python -m bot play {thirteen,carousel,schnapsen} [options]",
        description="Cardroom: card games for Discord. Without a command, runs the bot.",
        epilog=SETTINGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "play",
        add_help=False,
        help="play thirteen, carousel or schnapsen in the terminal against computer players "
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
    from bot.runner import run  # imported late: discord.py is only needed once there is a token

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
