"""Entry point: `python -m bot` runs the Discord bot; `python -m bot play <game>` the terminal table.

Without a token the bot prints how to set one and exits with status 2, never a traceback. The
terminal table needs neither a token nor discord.py (see `bot.terminal`).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

from dotenv import load_dotenv

from bot.config import ConfigError, Settings

log = logging.getLogger(__name__)

EXIT_CONFIG = 2


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["play"]:
        from bot.terminal import main as play  # before settings: a game in the terminal needs no token

        return play(argv[1:])
    load_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"cardroom: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.runner import run  # imported late: discord.py is only needed once there is a token

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
