"""`python -m bot play <game>`: one person against computer players in a terminal, no Discord needed.

The table runs the same engines and computer players the bot does (design §2): moves are read with
the engine's own `parse_move`, judged by its `apply` (the refusal is the engine's `IllegalMove`
sentence), and a computer seat moves with `ENGINE.computer(level).choose(view, rng)` from a view,
with its randomness derived from the game seed and the move number, as the bot's game service does.
Everything goes through plain text streams, so tests drive it with scripted input.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from games import registry
from games.base import Engine, GameState, IllegalMove, seeded_rng
from games.plugin import GameType, TableOption
from games.registry import get_engine, kinds
from locales import LANGUAGES, NAMES, PSEUDO, SOURCE, listing, t, tn
from terminal.game_text import GameText, standings
from terminal.lines import HUMAN_DEFAULT_NAME, added_lines, second_person
from terminal.shorthand import Named, named_play, ranks_only

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Edda")
HINT_LEVEL = "normal"  # `hint` is the normal computer player's suggestion, as on Discord
MOVES_SHOWN = 12
WATCH_DELAY = 1.0  # seconds after each computer move when only computers play: a game one can follow
# The human's seat on the table images when they gave no --name: the images are the public table, whose
# sentences speak of each seat in the third person ("Ada leads a new round"), so "You" cannot be drawn there.
IMAGE_NAME = "Player"


def commands(lang: str = SOURCE) -> str:
    """The table's own commands, after a game's help (the words typed stay English: the notation)."""
    return t(
        lang,
        """Commands: help · hint (the normal computer player's suggestion) · moves (some legal moves)
          table (show the table again) · quit
A rank alone (K, 9 9, 10) plays the one legal play made of those ranks, or says what it could be.""",
    )


COMMANDS = commands()


def game_title(lang: str, kind: str, title: str) -> str:
    """A game's name in `lang` (Thirteen is Tiến lên in Vietnamese), from `title(lang)` in the game's
    words module; a game whose words do not name it keeps its own title."""
    module = importlib.import_module(f"cogs.{registry.get(kind).kind}.words")
    named = getattr(module, "title", None)
    return named(lang) if callable(named) else title


@dataclass(frozen=True, slots=True)
class TableConfig:
    """One terminal game, as the command line asked for it."""

    kind: str
    players: int
    level: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    images: Path | None = None
    watch: bool = False
    name: str = HUMAN_DEFAULT_NAME
    delay: float = 0.0  # seconds to wait after each computer move
    lang: str = SOURCE  # the language of every sentence the table prints (--lang)

    @property
    def human(self) -> int | None:
        """The human's seat (always the first), or None when only computers play (--watch)."""
        return None if self.watch else 0

    def names(self) -> list[str]:
        computers = list(COMPUTER_NAMES[: self.players])
        if self.watch:
            return computers
        name = self.name
        if name == HUMAN_DEFAULT_NAME and self.lang != SOURCE:
            # The sentences speak of every seat in the third person; only English turns them to "you"
            # (terminal.lines.second_person), so another language names the human's seat instead.
            name = t(self.lang, "Player")
        return [name, *computers[: self.players - 1]]


OPTION_COLUMN = 32  # where an option's description starts in `play --help`
HELP_WIDTH = 100


def options_help(lang: str = SOURCE) -> str:
    """Every registered game's table options, from its declaration (games.plugin.option): what each
    changes, the values it takes and its default, in a player's words; and the game's presets, all in
    `lang` (what an option changes is the game's words, `option_abouts`; the declaration's English
    otherwise)."""
    blocks = [t(lang, "table options (--option NAME=VALUE, repeatable; a switch is on or off):")]
    indent = " " * OPTION_COLUMN
    for game in registry.games():
        text = game_text(game.kind)
        if game.min_seats == game.max_seats:
            seats = tn(lang, "{n} player", "{n} players", game.min_seats)
        else:
            seats = t(lang, "{low} to {high} players", low=game.min_seats, high=game.max_seats)
        name = game_title(lang, game.kind, game.name)
        blocks.append("\n  " + t(lang, "{game} (play {kind}, {seats})", game=name, kind=game.kind, seats=seats))
        if text.presets:
            presets = ", ".join(text.presets)
            blocks.append(
                textwrap.fill(
                    t(
                        lang,
                        "--preset {presets} sets several options at once (default: {default})",
                        presets=presets,
                        default=text.presets[0],
                    ),
                    HELP_WIDTH,
                    initial_indent="    ",
                    subsequent_indent="      ",
                )
            )
        if not game.options:
            blocks.append("    " + t(lang, "no table options"))
        abouts = option_abouts(lang, game.kind)
        for declared in game.options:
            about = t(
                lang,
                "{about}; {values}, default {default}",
                about=abouts.get(declared.key, declared.about),
                values=option_values(lang, declared, abouts),
                default=declared.shown(declared.default),
            )
            name = f"    {declared.key}"
            lead = f"{name:<{OPTION_COLUMN}}" if len(name) < OPTION_COLUMN else f"{name}\n{indent}"
            wrapped = textwrap.fill(about, HELP_WIDTH, initial_indent=indent, subsequent_indent=indent)
            blocks.append(lead + wrapped[OPTION_COLUMN:])
    return "\n".join(blocks)


def help_language(argv: Sequence[str]) -> str:
    """The `--lang` a command line asks for, read before it is parsed so `--help` and its refusals are in
    that language already (English for none or one we do not know: argparse then says why)."""
    for n, item in enumerate(argv):
        value = argv[n + 1] if item == "--lang" and n + 1 < len(argv) else item.removeprefix("--lang=")
        if (item == "--lang" or item.startswith("--lang=")) and (value in LANGUAGES or value == PSEUDO):
            return value
    return SOURCE


def option_abouts(lang: str, kind: str) -> dict[str, str]:
    """What each of a game's options changes, in `lang`: `option_abouts` of its words module, if it has one."""
    module = importlib.import_module(f"cogs.{registry.get(kind).kind}.words")
    said = getattr(module, "option_abouts", None)
    return said(lang) if callable(said) else {}


def option_values(lang: str, declared: TableOption, abouts: dict[str, str]) -> str:
    """The values an option takes, in `lang`: "on or off", "auto or memory", "a whole number from 1 to 99"
    (games.plugin.TableOption.values says them in English, the source)."""
    if lang == SOURCE:
        return declared.values()
    if declared.is_switch:
        return t(lang, "on or off")
    if declared.choices:
        return listing(lang, [str(choice) for choice in declared.choices], style="or")
    if declared.low is not None and declared.high is not None:
        span = t(lang, "a whole number from {low} to {high}", low=declared.low, high=declared.high)
    elif declared.low is not None:
        span = t(lang, "a whole number from {low}", low=declared.low)
    else:
        span = t(lang, "a whole number")
    if not declared.zero:
        return span
    zero = abouts.get(f"{declared.key}:0", declared.zero)
    return t(lang, "{values}, or 0 for {zero}", values=span, zero=zero)


def build_parser(lang: str = SOURCE) -> argparse.ArgumentParser:
    """`play`'s command line; its help lists every registered game and each game's table options, in
    `lang` (argparse's own headings stay its English)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot play",
        description=t(lang, "Play a Cardroom game in the terminal against computer players (no Discord needed)."),
        epilog=options_help(lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    levels = list(dict.fromkeys(level for game in registry.games() for level in game.levels))
    parser.add_argument("game", choices=kinds(), help=t(lang, "which game to play"))
    parser.add_argument(
        "--players", type=int, help=t(lang, "seats at the table, you included (default per game)")
    )
    parser.add_argument(
        "--level", default="normal", help=t(lang, "computer players' level: {levels}", levels=", ".join(levels))
    )
    parser.add_argument("--seed", type=int, help=t(lang, "deal seed, to replay a game (default: random)"))
    parser.add_argument(
        "--preset", help=t(lang, "a game's rule preset (the games that have them are listed below)")
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=t(lang, "a table option such as target=50 (repeatable; each game's are listed below)"),
    )
    parser.add_argument(
        "--images", type=Path, metavar="DIR", help=t(lang, "write the table image to DIR after every turn")
    )
    parser.add_argument(
        "--watch", action="store_true", help=t(lang, "computer players only: a demonstration game")
    )
    parser.add_argument("--name", default=HUMAN_DEFAULT_NAME, help=t(lang, "your name at the table"))
    parser.add_argument(
        "--delay",
        type=float,
        metavar="SECONDS",
        help=t(
            lang, "pause after each computer move (default: {seconds} with --watch, else 0)", seconds=f"{WATCH_DELAY:g}"
        ),
    )
    parser.add_argument(
        "--lang",
        default=SOURCE,
        choices=[*LANGUAGES, PSEUDO],
        help=t(
            lang,
            "the language of the table's text: {languages}",
            languages=", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES),
        ),
    )
    return parser


def game_text(kind: str) -> GameText:
    """The terminal text of a registered game: `TERMINAL` in `cogs.<kind>.words`, the module that holds
    the game's sentences for Discord too (no discord import there)."""
    module = importlib.import_module(f"cogs.{registry.get(kind).kind}.words")
    text: GameText = module.TERMINAL
    return text


def table_option(game: GameType, item: str, lang: str = SOURCE) -> tuple[str, Any]:
    """One `--option NAME=VALUE`, checked against the game's declared options: (the option's key, its
    value). A ValueError names the option as the player typed it and says what it takes, or lists the
    options the game has. Case and `-` for `_` are forgiven in the name."""
    typed, sep, value = (part.strip() for part in item.partition("="))
    name = game_title(lang, game.kind, game.name)
    declared = {option.key: option for option in game.options}
    if not sep or not typed:
        first = game.options[0] if game.options else None
        if first is None:
            raise ValueError(t(lang, "--option takes NAME=VALUE, not {item}", item=repr(item)))
        raise ValueError(t(lang, "--option takes NAME=VALUE, such as {example}, not {item}",
                           example=f"{first.key}={first.shown(first.default)}", item=repr(item)))  # fmt: skip
    found = declared.get(typed.lower().replace("-", "_"))
    if found is None:
        if not declared:
            raise ValueError(t(lang, "{game} has no table options, so no {option}", game=name, option=repr(typed)))
        raise ValueError(
            t(lang, "{game} has no option {option}; its options are {options} (`python -m bot play --help` says "
              "what each does)", game=name, option=repr(typed), options=", ".join(declared))
        )  # fmt: skip
    try:
        return found.key, found.parse(value)
    except ValueError:
        raise ValueError(
            t(lang, "--option {typed}: {name} takes {values}, not {value}", typed=f"{typed}={value}", name=typed,
              values=option_values(lang, found, option_abouts(lang, game.kind)), value=repr(value))
        ) from None  # fmt: skip


def parse_config(argv: Sequence[str]) -> TableConfig:
    """Read and check the command line; a bad value exits with status 2 and a sentence (argparse)."""
    lang = help_language(argv)
    parser = build_parser(lang)
    args = parser.parse_args(list(argv))
    game = registry.get(args.game)
    engine = game.engine
    text = game_text(args.game)
    players = text.default_players if args.players is None else args.players
    name = game_title(lang, args.game, game.name)
    if not game.min_seats <= players <= game.max_seats:
        parser.error(t(lang, "{game} seats {low} to {high} players, not {players}", game=name,
                       low=game.min_seats, high=game.max_seats, players=players))  # fmt: skip
    if args.level not in game.levels:
        parser.error(t(lang, "--level must be one of {levels}, not {level}", levels=", ".join(game.levels),
                       level=repr(args.level)))  # fmt: skip
    if args.preset is not None and args.preset not in text.presets:
        if text.presets:
            parser.error(t(lang, "--preset must be one of {presets}, not {preset}", presets=", ".join(text.presets),
                           preset=repr(args.preset)))  # fmt: skip
        parser.error(t(lang, "{game} has no presets; use --option NAME=VALUE", game=name))
    options = text.options(args.preset)
    for item in args.option:
        try:
            key, value = table_option(game, item, lang)
        except ValueError as error:
            parser.error(str(error))
        options[key] = value
    delay = (WATCH_DELAY if args.watch else 0.0) if args.delay is None else args.delay
    if not 0 <= delay <= 60:
        parser.error(t(lang, "--delay must be between 0 and 60 seconds, not {delay}", delay=f"{args.delay:g}"))
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    try:
        engine.new_game(players, seed, options)  # the engine validates the options (ValueError with a sentence)
    except ValueError as error:
        parser.error(str(error))
    return TableConfig(
        args.game, players, args.level, seed, options, args.images, args.watch, args.name, delay, args.lang
    )


class Quit(Exception):
    """The player typed quit (or input ended)."""


class TerminalTable:
    """The game loop: prompts the human, moves the computers, prints what happens, writes images."""

    def __init__(
        self, config: TableConfig, stdin: TextIO, stdout: TextIO, *, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.config = config
        self.sleep = sleep
        self.engine: Engine = get_engine(config.kind)
        self.text = game_text(config.kind)
        self.stdin = stdin
        self.stdout = stdout
        self.names = config.names()
        self.state: GameState = self.engine.new_game(config.players, config.seed, config.options)
        self.computers = {
            seat: self.engine.computer(config.level) for seat in range(config.players) if seat != config.human
        }
        self.moves_made = 0
        self.images = ImageWriter(config.images, config.kind, self.image_names()) if config.images is not None else None
        self._shown_log: list[str] = self._log()
        # Echo typed lines when input is not a terminal, so a piped session reads like a transcript.
        self._echo = not _is_tty(stdin)
        if self._interactive():
            line_editing()

    # -- output -------------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.config.lang

    def _speaks_to_you(self) -> bool:
        """The human kept the default name "You" in English: sentences about that seat are said to them."""
        return self.config.human is not None and self.config.name == HUMAN_DEFAULT_NAME and self.lang == SOURCE

    def say(self, text: str = "") -> None:
        if self._speaks_to_you():
            text = second_person(text)
        print(text, file=self.stdout, flush=True)

    def image_names(self) -> list[str]:
        """The names drawn on the table images: the human's seat as IMAGE_NAME when it is "You"."""
        if not self._speaks_to_you():
            return list(self.names)
        return [IMAGE_NAME if seat == self.config.human else name for seat, name in enumerate(self.names)]

    def _view(self) -> Any:
        return self.state.view(self.config.human)

    def _log(self) -> list[str]:
        return self.text.log(self._view(), self.names, lang=self.lang)

    def show_table(self) -> None:
        view = self._view()
        self.say(self.text.table(view, self.names, lang=self.lang))
        if self.config.human is not None:
            self.say(self.text.hand(view, lang=self.lang))

    # -- the loop -----------------------------------------------------------------------------------

    def run(self) -> int:
        config, lang = self.config, self.lang
        if config.watch:
            who = t(lang, "computer players only")
        else:
            who = tn(lang, "you against {n} computer player", "you against {n} computer players", config.players - 1)
        title = game_title(lang, config.kind, self.text.title)
        self.say(t(lang, "{game}: {who}, level {level}, seed {seed}", game=title, who=who, level=config.level,
                   seed=config.seed))  # fmt: skip
        if config.images is not None and self._speaks_to_you():
            self.say(f"Table images go to {config.images}/, where your seat is called {IMAGE_NAME}.")
        if config.options:
            options = ", ".join(f"{key}={value}" for key, value in config.options.items())
            self.say(t(lang, "Options: {options}", options=options))
        if config.human is not None:
            self.say(t(lang, "Type help for the notation and commands."))
        if self.text.uses_solver:
            quiet_solver_banner(self.stdout)
        self.write_image()
        self.show_table()
        shown = True
        try:
            while not self.state.is_over:
                seat = self.state.to_move
                assert seat is not None
                if seat == config.human:
                    if not shown:
                        self.show_table()
                    self.human_turn(seat)
                    shown = False
                else:
                    self.computer_turn(seat)
                    shown = False
        except Quit:
            self.say(t(self.lang, "You left the table. Bye."))
            return EXIT_OK
        if config.human is not None and not shown:
            self.show_table()
        scores = getattr(self.text, "scores", None)
        said = (lambda n: scores(n, lang=self.lang)) if scores is not None else None
        self.say(standings(self.state.result(), self.names, self.text.score_name, lang=self.lang, scores=said))
        return EXIT_OK

    def computer_turn(self, seat: int) -> None:
        rng = seeded_rng(self.config.seed, "computer", self.moves_made)
        move = self.computers[seat].choose(self.state.view(seat), rng)
        self.apply(move)
        if self.config.delay > 0 and not self.state.is_over:
            self.sleep(self.config.delay)  # the same pause whatever was played: it tells nothing

    def human_turn(self, seat: int) -> None:
        """Read lines until one is a legal move (or a command that leaves the table)."""
        while True:
            line = self.read_line(f"{self.names[seat]} ▸ ")
            command = line.strip().lower()
            if not command:
                continue
            # No one-letter quit or table: "Q" and "T" are ranks (the shorthand below).
            if command in ("quit", "exit"):
                raise Quit
            if command in ("help", "?", "h"):
                self.say(self.text.help(lang=self.lang))
                self.say(commands(self.lang))
                continue
            if command == "hint":
                self.say(self.hint(seat))
                continue
            if command == "moves":
                self.say(self.legal_examples(seat))
                continue
            if command in ("table", "look"):
                self.show_table()
                continue
            ranks = ranks_only(line)
            if ranks is not None:
                named = self.named_by(ranks, seat)
                if named.move is None:
                    self.say(f"  ✗ {named.refusal}")
                    continue
                line = self.text.typed(named.move, self.state.view(seat))
            try:
                move = self.state.parse_move(line.strip())
            except ValueError as error:  # each engine's notation error already says how to write a move
                self.say(f"  ✗ {self._refusal(error)}")
                continue
            try:
                self.apply(move)
            except IllegalMove as refused:  # the rules say no: the engine's sentence is the message
                self.say(f"  ✗ {self._refusal(refused)}")
                continue
            return

    def _interactive(self) -> bool:
        """A person at a real terminal: input() reads the lines, with line editing when readline exists."""
        return self.stdin is sys.stdin and _is_tty(sys.stdin) and self.stdout is sys.stdout

    def _refusal(self, error: ValueError) -> str:
        """An engine's refusal in the reader's language (the game's words module turns its code into it)."""
        return self.text.refusal(error, lang=self.lang) if isinstance(error, IllegalMove) else str(error)

    def read_line(self, prompt: str) -> str:
        if self._interactive():
            try:
                return input(prompt)  # line editing and history on a real terminal
            except EOFError:
                raise Quit from None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise Quit
        if self._echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")

    def named_by(self, ranks: Sequence[str], seat: int) -> Named:
        """The legal play a rank-only line names (terminal.shorthand), read from the seat's view."""
        view = self.state.view(seat)
        return named_play(
            ranks,
            self.state.legal_moves(),
            lambda move: self.text.typed(move, view),
            lambda move: self.text.describe(move, view, lang=self.lang),
            self.lang,
        )

    def hint(self, seat: int) -> str:
        view = self.state.view(seat)
        adviser = self.engine.computer(HINT_LEVEL)
        move = adviser.choose(view, seeded_rng(self.config.seed, "hint", self.moves_made))
        hint = t(self.lang, "Hint: {move}  ·  type: {typed}", move=self.text.describe(move, view, lang=self.lang),
                 typed=self.text.typed(move, view))  # fmt: skip
        return f"  {hint}"

    def legal_examples(self, seat: int) -> str:
        view = self.state.view(seat)
        typed = list(dict.fromkeys(self.text.typed(move, view) for move in self.state.legal_moves()))
        shown = ", ".join(typed[:MOVES_SHOWN])
        lang = self.lang
        if len(typed) > MOVES_SHOWN:
            legal = t(lang, "Legal now: {moves} and {more} more", moves=shown, more=len(typed) - MOVES_SHOWN)
        else:
            legal = t(lang, "Legal now: {moves}", moves=shown)
        note = f"  ({t(lang, self.text.unlisted_moves)})" if self.text.unlisted_moves else ""
        return f"  {legal}{note}"

    def apply(self, move: Any) -> None:
        """Apply a move (the engine checks it), then print the lines it added and write the image."""
        before = self._view()
        self.state = self.state.apply(move)
        self.moves_made += 1
        after = self._view()
        after_log = self._log()
        lines = self._with_drawn_card(before, after, added_lines(self._shown_log, after_log))
        self._shown_log = after_log
        interlude = self.text.interlude(before, after, self.names, lang=self.lang)
        # A move that ends a deal may also deal the next one: its opening lines come after the summary.
        opening = min(len(lines), self._opening_lines(after)) if interlude else 0
        for line in lines[: len(lines) - opening]:
            self.say(f"  {line}")
        if interlude:
            self.say(interlude)
            for line in lines[len(lines) - opening :]:
                self.say(f"  {line}")
            if self.config.watch and not self.state.is_over:
                self.show_table()
        self.write_image()

    def _opening_lines(self, after: Any) -> int:
        """How many of the newest log lines already belong to the next deal or game: the optional
        `opening_lines(view)` of a game's text, 0 for a game that deals the next hand in a later move."""
        opening: Callable[[Any], int] | None = getattr(self.text, "opening_lines", None)
        return opening(after) if opening is not None else 0

    def _with_drawn_card(self, before: Any, after: Any, lines: list[str]) -> list[str]:
        """The card the human just drew from a hidden stock, named for them as their own hand on Discord
        names it: "You drew a card" becomes "You drew a card: Q♦" (a draw with no line of its own gets
        one). Only the human's view is read, and only a single new card that no public line names."""
        seat = self.config.human
        if seat is None or not hasattr(after, "hand"):
            return lines
        gained = Counter(after.hand) - Counter(before.hand)
        if sum(gained.values()) != 1:
            return lines  # nothing drawn, or a whole new deal
        card = str(next(iter(gained)))
        if any(card in line for line in lines):
            return lines  # taken from a face-up pile or exchanged: the public line already names it
        name = self.names[seat]
        for index in range(len(lines) - 1, -1, -1):
            if lines[index].startswith((f"{name} drew", f"{name} draws")):
                return [*lines[:index], f"{lines[index]}: {card}", *lines[index + 1 :]]
        return [*lines, t(self.lang, "{name} drew {card}", name=name, card=card)]

    def write_image(self) -> None:
        if self.images is not None:
            self.images.write(self.moves_made, self.state.view(None))


class ImageWriter:
    """Writes the public table image (the bot's renderer) as DIR/<kind>-<turn>.png after each turn."""

    def __init__(self, folder: Path, kind: str, names: Sequence[str]) -> None:
        self.folder = folder
        self.kind = kind
        self.names = list(names)
        folder.mkdir(parents=True, exist_ok=True)

    def path(self, turn: int) -> Path:
        return self.folder / f"{self.kind}-{turn:04d}.png"

    def write(self, turn: int, public_view: Any) -> Path:
        from rendering import render_table  # Pillow loads only when images are asked for

        path = self.path(turn)
        path.write_bytes(render_table(self.kind, public_view, self.names))
        return path


def quiet_solver_banner(stdout: TextIO) -> None:
    """Keep HiGHS's copyright banner out of the game text.

    HiGHS writes a banner straight to file descriptor 1 the first time a solver is built in a
    process (once per process), which would land in the middle of the table; building a throwaway
    instance with descriptor 1 pointed at /dev/null uses up that first time quietly.
    """
    try:
        import highspy
    except ImportError:  # pragma: no cover - highspy is a dependency; Carousel falls back without it
        return
    stdout.flush()
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
            highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def line_editing() -> bool:
    """Give input() arrow keys, line editing and a history of this session's lines, where readline exists.

    Importing `readline` is all it takes: input() uses it from then on. It is missing on Windows
    and in some minimal Pythons; the table then reads plain lines (arrow keys arrive as ^[[A).
    """
    try:
        import readline  # noqa: F401
    except ImportError:
        return False
    return True


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one terminal game; 0 when it ends or the player quits, 2 for a bad command line."""
    try:
        config = parse_config(sys.argv[1:] if argv is None else argv)
    except SystemExit as exit_:
        return int(exit_.code) if isinstance(exit_.code, int) else EXIT_USAGE
    table = TerminalTable(config, stdin or sys.stdin, stdout or sys.stdout)
    try:
        return table.run()
    except KeyboardInterrupt:
        table.say("\n" + t(config.lang, "Interrupted."))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, and keep Python's exit-time flush from
        # raising again on the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


__all__ = ["TableConfig", "TerminalTable", "build_parser", "main", "parse_config"]
