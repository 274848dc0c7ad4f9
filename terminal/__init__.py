"""The terminal table: play Cardroom's games without Discord, one person against computer players.

`python -m bot play thirteen|carousel|schnapsen [--players N] [--level easy|normal|hard] [--seed S]
[--preset P] [--option KEY=VALUE ...] [--images DIR] [--watch] [--delay SECONDS] [--name NAME]`

Public API
- `main(argv, *, stdin=None, stdout=None) -> int`: parse the arguments and play one game, reading
  moves from `stdin` and printing to `stdout` (defaults: the process's). 0 when the game ends or the
  player quits (or input ends), 2 for a bad command line, 130 on Ctrl-C.
- `app.TableConfig`, `app.parse_config(argv)`, `app.TerminalTable(config, stdin, stdout).run()`.
- Text views per game (`thirteen.ThirteenText`, `carousel.CarouselText`, `schnapsen.SchnapsenText`),
  each a `game_text.GameText`: table, hand, log lines, typed notation of a move, help.

Pure Python over `games/` and `rendering/` (Pillow only when `--images` is given); it never imports
discord, so it works on a machine with no token, no network and even a broken discord.py.
"""

from terminal.app import main

__all__ = ["main"]
