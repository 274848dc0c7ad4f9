"""Thirteen tables drawn in turn over many games, as a busy bot's drawing processes draw them.

`bench.render` draws a few games' tables again and again, so its text caches hold every line. At a
thousand games in play a drawing process sees each game once in a while: its player names and each new
sentence ("Guest 0412 played pair of 4s") are seldom in the line cache. This benchmark plays N two-player
games one random move at a time, round robin, and draws each game's public table after its move, as the
load run (`bench.bot`) does, printing the drawing's CPU time per table. Compare trees side by side with
`farm-bench` or by running it in each checkout in turn.

    .venv/bin/python -m bench.tables_in_turn --games 1000 --rounds 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.thirteen.state import State, new_game
from rendering import thirteen


def names_of(game: int) -> tuple[str, str]:
    """Two seats' names, new in every game, as the load run's guests are."""
    return f"Guest {2 * game:04d}", f"Guest {2 * game + 1:04d}"


def play_in_turn(games: int, rounds: int, seed: int) -> list[float]:
    """CPU seconds of each table drawn: every game moves once per round, then its table is drawn."""
    rng = random.Random(seed)
    states: list[State] = [new_game(2, seed * 100_000 + game) for game in range(games)]
    for game in range(min(games, 50)):  # fonts, sprites and the palette, as a running drawing process has them
        thirteen.render_table(states[game].view(None), names_of(game))
    spent: list[float] = []
    for _ in range(rounds):
        for game in range(games):
            state = states[game]
            if state.over:
                state = new_game(2, rng.randrange(1 << 30))
            state = states[game] = state.apply(rng.choice(state.legal_moves()))
            view = state.view(None)
            started = time.process_time()
            thirteen.render_table(view, names_of(game))
            spent.append(time.process_time() - started)
    return spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in play, drawn in turn")
    parser.add_argument("--rounds", type=int, default=2, help="moves (and tables) per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    spent = play_in_turn(args.games, args.rounds, args.seed)
    print(
        f"{args.games} games in turn, {len(spent)} Thirteen tables: CPU per table mean "
        f"{statistics.fmean(spent) * 1000:.2f} ms, median {statistics.median(spent) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
