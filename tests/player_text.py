"""Players read words, not rule ids: shared helpers that collect what a game shows a player.

A game's own tests (tests/games/<kind>/test_player_text_ids.py) hand in its adapter, cog class and
terminal text; these helpers gather every kind of text from them: the slash commands' descriptions and
choices, the rules pages for every table given, the terminal's help, the confirmation questions, and,
along a seeded game played by easy computer players, every hand panel (its text, buttons and menus,
with first-game tips on), every public header, the terminal's table, hand and log lines, the notices
and refusals of every control on the panel, and the engine's reasons for refusing a move that is
legal elsewhere in the game. The ids stay in code, tests and docs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

from discord import app_commands

from bot.moves.adapters import GameAdapter, PanelContext, Redraw, Refuse, Submit
from games.base import IllegalMove

RULE_ID = re.compile(r"\b(?:D-)?(?:CA|SX|GR|TL)-\d")
NAMES = ("Ada", "Bob", "Cleo")


def command_texts(cog: Any) -> Iterator[str]:
    """The group's, every command's and every parameter's description, and every choice's name."""
    yield cog.group.description
    for command in cog.group.commands:
        assert isinstance(command, app_commands.Command)
        yield command.description
        for parameter in command.parameters:
            yield parameter.description
            yield from (choice.name for choice in parameter.choices)


def panel_texts(adapter: GameAdapter, state: Any, seat: int, version: int, players: int) -> Iterator[str]:
    """A seat's hand panel (tips on) and what each of its controls answers, without changing the game."""
    view = state.view(seat)
    ctx = PanelContext(7, version, seat, view, NAMES[:players], guided=True)
    panel = adapter.hand_panel(ctx)
    yield panel.content
    for wrapped in panel.items:
        item: Any = getattr(wrapped, "item", wrapped)
        yield str(getattr(item, "label", "") or "")
        yield str(getattr(item, "placeholder", "") or "")
        options = getattr(item, "options", ())
        yield from (option.label for option in options)
        custom_id = str(getattr(item, "custom_id", "") or "")
        if not custom_id.startswith("cr:") or getattr(item, "disabled", False):
            continue
        parts = custom_id.split(":")
        action, arg = parts[3], parts[4] if len(parts) > 4 else ""
        if action in adapter.confirmations:
            yield from adapter.confirmations[action]
        values = [options[0].value] if options else []
        outcome = adapter.on_action(ctx, action, arg, values)
        if isinstance(outcome, Refuse):
            yield outcome.reason
        elif isinstance(outcome, Redraw):
            yield outcome.notice
        elif isinstance(outcome, Submit):
            try:
                state.check(outcome.move)
            except IllegalMove as refused:
                yield refused.reason


def game_texts(adapter: GameAdapter, terminal: Any, players: int, seed: int, options: Mapping[str, Any],
               moves: int) -> Iterator[str]:
    """Everything shown along a seeded game played by easy computer players, for `moves` moves."""
    stored = adapter.parse_options(options)
    state = adapter.engine.new_game(players, seed, stored)
    players_seen: dict[str, Any] = {}
    computer = adapter.computer("easy")
    rng = random.Random(seed)
    names = NAMES[:players]
    for version in range(moves):
        if state.is_over:
            break
        public = state.view(None)
        yield adapter.table_header(public, names)
        yield terminal.table(public, names)
        yield from terminal.log(public, names)
        for seat in range(players):
            yield from panel_texts(adapter, state, seat, version, players)
            yield terminal.hand(state.view(seat))
        for move in players_seen.values():  # moves legal at some point, tried here: the engine's reasons
            try:
                state.check(move)
            except IllegalMove as refused:
                yield refused.reason
        mover = state.to_move
        move = computer.choose(state.view(mover), rng)
        players_seen.setdefault(type(move).__name__, move)
        before = state.view(mover)
        state = state.apply(move)
        yield terminal.describe(move, before)
        shown = terminal.interlude(before, state.view(mover), names)
        yield shown or ""


def static_texts(adapter: GameAdapter, cog: Any, terminal: Any, tables: list[dict[str, Any]]) -> Iterator[str]:
    yield adapter.summary
    yield from command_texts(cog)
    yield terminal.help()
    for question, answer in adapter.confirmations.values():
        yield question
        yield answer
    for raw in tables:
        stored = adapter.parse_options(raw)
        yield adapter.rules_text(stored)
        yield adapter.describe_options(stored)


def with_ids(texts: Iterator[str]) -> list[str]:
    """The texts that cite a rule id, each once."""
    return sorted({text for text in texts if text and RULE_ID.search(text)})
