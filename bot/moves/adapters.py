"""What each game's cog supplies to the shared table machinery.

Lobby, turns, timers, recovery and hand delivery are the same for every game and live in `bot/`;
each game has one `GameAdapter` that knows its own options, its hand controls and how to turn a
click into a move. Adapters receive per-seat views, never a full state, except for `timeout_move`,
which acts *for* the seat (design: hidden information by construction).

An adapter names its game's declaration (`game = GAME`, games.plugin.GameType) and takes its kind,
title, engine, slash command and seat range from it, so none of them is said twice. The bot builds
one adapter per registered game (`register_adapters`), found by convention in `cogs.<kind>.adapter`: adding a
game edits no list here.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

import discord

from games.base import ComputerPlayer, Engine, GameState, IllegalMove, Move
from games.plugin import GameType
from locales import SOURCE, t

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Panel:
    """A private hand message: text, an optional image and its controls (≤ 5 rows, Discord's cap)."""

    content: str
    image: bytes | None = None
    filename: str = "hand.png"
    items: tuple[discord.ui.Item[Any], ...] = ()


@dataclass(frozen=True, slots=True)
class PanelContext:
    """Everything an adapter needs to draw one seat's controls."""

    game_id: int
    version: int
    seat: int
    view: Any
    names: tuple[str, ...]  # for text: escaped by bot.kit.names.shown_names
    selection: frozenset[int] = frozenset()
    notice: str = ""
    location: str = ""  # "Thirteen in #cards on Server" with a link, for DMs
    options: Mapping[str, Any] = field(default_factory=dict)
    picture_names: tuple[str, ...] = ()  # the raw names, for images (no markdown there); `names` if empty
    # A DM hand drawn while another seat is on turn: say `QUIET_WAITING` rather than naming who plays,
    # so the message stays the same (and needs no edit) however the others move.
    quiet: bool = False
    # The seat's person is in their guided first game of this kind (data.firsttime): the adapter adds
    # tips to the hand at the moments they apply, from the view alone, so a redraw shows the same.
    guided: bool = False


# A catalog message (t(SOURCE, ...) marks it for extraction); adapters show it as t(lang, QUIET_WAITING).
QUIET_WAITING = t(SOURCE, "Not your turn yet; the table shows who is playing.")


# What a click on a hand control leads to ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Submit:
    """Apply this move for the clicking seat."""

    move: Move
    selection: frozenset[int] = frozenset()  # kept if the move is refused, so the player can fix it


@dataclass(frozen=True, slots=True)
class Redraw:
    """Show the panel again with a new selection and/or a notice; nothing happens to the game."""

    selection: frozenset[int] = frozenset()
    notice: str = ""


@dataclass(frozen=True, slots=True)
class Refuse:
    """Say why not, privately; the panel stays as it was."""

    reason: str


Outcome = Submit | Redraw | Refuse


class GameAdapter(ABC):
    """One per game kind; built from the registry (`register_adapters`), one instance per bot."""

    game: ClassVar[GameType]  # the game's declaration; the attributes below are read from it
    kind: ClassVar[str]
    title: ClassVar[str]  # the name players read (GameType.name)
    engine: ClassVar[Engine]
    command: ClassVar[str]  # the slash command group players type: `/<command> new`
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    summary: str  # one line for lobby messages and /rules

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("game")
        if isinstance(game, GameType):
            cls.kind, cls.title, cls.engine, cls.command = game.kind, game.name, game.engine, game.command
            cls.min_seats, cls.max_seats = game.min_seats, game.max_seats

    @property
    def command_name(self) -> str:
        return self.command

    def name(self, lang: str, options: Mapping[str, Any] | None = None) -> str:
        """The game's name as its players say it in `lang` ("Tiến lên" for Thirteen in Vietnamese), for
        every message and image that names it; `title` stays the declaration's English name. A table's
        options may name a variant (Schnapsen's presets)."""
        return t(lang, self.title)

    # True for adapters whose `on_action` does CPU-heavy work (Carousel's meld solver): the router then
    # calls it in a worker thread, so one player's meld never stalls every other game's clicks.
    act_in_thread: bool = False
    # True for a game with a guided first game: its hand panels show tips while `PanelContext.guided`.
    guide: bool = False
    # Hand actions that cannot be undone, asked about once first (bot.flows.confirm): action -> (the question,
    # what the player is told once it is done). Both are catalog messages in English (t(SOURCE, ...)):
    # whoever shows them translates with t(lang, text).
    confirmations: Mapping[str, tuple[str, str]] = MappingProxyType({})

    @abstractmethod
    def parse_options(self, raw: Mapping[str, Any], *, lang: str = SOURCE) -> dict[str, Any]:
        """Validate table options; raise ValueError with a sentence a player can read (in `lang`)."""

    @abstractmethod
    def describe_options(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        """A short human description of the table options, for lobby and table messages, in `lang`."""

    @abstractmethod
    def table_header(self, view: Any, names: Sequence[str], *, lang: str = SOURCE) -> str:
        """Public text above the table image: the last action and whose turn (no hidden card), in the
        table's language `lang` (the server's, design §10)."""

    @abstractmethod
    def render_table(self, view: Any, names: Sequence[str], *, lang: str = SOURCE) -> bytes:
        """The public table image (called in a worker thread), its words in `lang`."""

    @abstractmethod
    def hand_panel(self, ctx: PanelContext, *, lang: str = SOURCE) -> Panel:
        """The seat's private hand message (image rendered here too: called in a worker thread), in the
        language of the seat's person `lang`."""

    @abstractmethod
    def on_action(
        self, ctx: PanelContext, action: str, arg: str, values: Sequence[str], *, lang: str = SOURCE
    ) -> Outcome:
        """Turn a click on a hand control into an outcome. Raise nothing: refuse with a reason instead
        (written in `lang`, the clicking person's language).

        Called on the event loop, or in a worker thread when `act_in_thread` is set (then it must not
        touch discord.py objects that need the loop; building components is fine)."""

    def refusal(self, refused: IllegalMove, *, lang: str = SOURCE) -> str:
        """The engine's refusal of a move in `lang`: each game says its codes in its own words
        (cogs/<game>/words.py `refusal_said`); this fallback is the engine's English sentence."""
        return refused.reason

    def computer(self, level: str) -> ComputerPlayer:
        return self.engine.computer(level)

    def timeout_move(self, state: GameState, seat: int, rng: random.Random) -> Move:
        """The move made for a seat whose time ran out: by default the normal computer player's choice."""
        return self.computer("normal").choose(state.view(seat), rng)

    def rules_text(self, options: Mapping[str, Any], *, lang: str = SOURCE) -> str:
        """The rules page (/rules and the lobby's rules button) in `lang`."""
        return self.summary_in(lang)

    def summary_in(self, lang: str) -> str:
        """`summary` in `lang`: a game whose summary is a catalog message overrides this."""
        return self.summary


def adapter_class(game: GameType) -> type[GameAdapter]:
    """The adapter declared for `game`: the `GameAdapter` subclass in `cogs.<kind>.adapter` whose `game`
    is this declaration. Raises LookupError when the module holds none (ImportError when it is missing)."""
    module = importlib.import_module(f"cogs.{game.kind}.adapter")
    for _, value in inspect.getmembers(module, inspect.isclass):
        if issubclass(value, GameAdapter) and value.__dict__.get("game") is game:
            return value
    raise LookupError(f"cogs.{game.kind}.adapter declares no GameAdapter with game = {game.kind}'s GAME")


def register_adapters(games: Sequence[GameType], register: Callable[[GameAdapter], None]) -> None:
    """Build and `register` the adapter of each of `games` (the registry's, at start-up). A game whose
    adapter cannot be built is logged and left out, like a cog that fails to load: the others run."""
    for game in games:
        try:
            register(adapter_class(game)())
        except Exception:
            log.exception("could not build cogs.%s.adapter; the bot runs without %s", game.kind, game.name)
