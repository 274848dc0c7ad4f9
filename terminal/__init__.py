"""The terminal table: play Cardroom's games without Discord, one person against computer players.

`python -m bot play GAME [--players N] [--level LEVEL] [--seed S] [--preset P] [--option NAME=VALUE ...]
[--images DIR] [--watch] [--delay SECONDS] [--name NAME]`, GAME being any registered game's kind;
`python -m bot play --help` lists them with each game's presets and table options, all read from the
games' declarations (games.registry, games.plugin.option).

Public API
- `main(argv, *, stdin=None, stdout=None) -> int`: parse the arguments and play one game, reading
  moves from `stdin` and printing to `stdout` (defaults: the process's). 0 when the game ends or the
  player quits (or input ends), 2 for a bad command line, 130 on Ctrl-C.
- `app.TableConfig`, `app.parse_config(argv)`, `app.TerminalTable(config, stdin, stdout).run()`.
- A text view per game, `TERMINAL` in `cogs.<kind>.words` (`app.game_text(kind)`), each a
  `game_text.GameText`: table, hand, log lines, typed notation of a move, help.

Pure Python over `games/` and `rendering/` (Pillow only when `--images` is given); it never imports
discord, so it works on a machine with no token, no network and even a broken discord.py.
"""

from terminal.app import main

__all__ = ["main"]
