"""Players read words, not rule ids: no "(GR-4)", "(CA-9)" or "(D-SX-1)" in anything Carousel,
Schnapsen or Gin shows a player.

The ids stay in code, tests and docs. This scans every kind of text these games' cogs produce: the
slash commands' descriptions and choices, the rules pages for every preset and switch, the terminal's
help, the confirmation questions, and, along seeded games played by computer players, every hand panel
(its text, buttons and menus, with first-game tips on), every public header, the terminal's table,
hand and log lines, the notices and refusals of every control on the panel, and the engine's reasons
for refusing a move that is legal elsewhere in the game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from discord import app_commands

from bot.adapters import GameAdapter, PanelContext, Redraw, Refuse, Submit
from cogs.carousel.adapter import CarouselAdapter
from cogs.carousel.cog import Carousel
from cogs.carousel.words import TERMINAL as CAROUSEL_TERMINAL
from cogs.gin.adapter import GinAdapter
from cogs.gin.cog import Gin
from cogs.gin.words import TERMINAL as GIN_TERMINAL
from cogs.schnapsen.adapter import SchnapsenAdapter
from cogs.schnapsen.cog import Schnapsen
from cogs.schnapsen.words import TERMINAL as SCHNAPSEN_TERMINAL
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
    return sorted({text for text in texts if text and RULE_ID.search(text)})


SCHNAPSEN_TABLES = [
    {"preset": preset, "claim_mode": claim}
    for preset in ("santase", "sixty_six", "schnapsen", "schnapsen_tournament")
    for claim in ("auto", "memory")
]
GIN_TABLES = [{"oklahoma": okla, "hollywood": holly} for okla in (False, True) for holly in (False, True)]


def test_carousel_rules_help_commands_and_questions_have_no_rule_ids() -> None:
    """The rules page, the slash commands, the terminal help: words, no "(CA-9)"."""
    adapter = CarouselAdapter()
    assert with_ids(static_texts(adapter, Carousel, CAROUSEL_TERMINAL, [{}, {"target": 40}])) == []


def test_schnapsen_rules_help_commands_and_questions_have_no_rule_ids() -> None:
    """Every preset's and claim mode's rules, the commands, the help, Close's question: no "(D-SX-1)"."""
    adapter = SchnapsenAdapter()
    assert with_ids(static_texts(adapter, Schnapsen, SCHNAPSEN_TERMINAL, SCHNAPSEN_TABLES)) == []


def test_gin_rules_help_and_commands_have_no_rule_ids() -> None:
    """Gin, Oklahoma and Hollywood rules, the commands, the help: no "(GR-4)"."""
    adapter = GinAdapter()
    assert with_ids(static_texts(adapter, Gin, GIN_TERMINAL, GIN_TABLES)) == []


@pytest.mark.parametrize("players", [2, 3])
def test_carousel_prompts_tips_and_refusals_have_no_rule_ids(players: int) -> None:
    """Along a seeded game: every hand (with first-game tips), header, notice and refusal, in words."""
    texts = game_texts(CarouselAdapter(), CAROUSEL_TERMINAL, players, 11, {"target": 40}, moves=70)
    assert with_ids(texts) == []


@pytest.mark.parametrize("table", [*SCHNAPSEN_TABLES[::3], {"preset": "sixty_six", "claim_mode": "memory"}])
def test_schnapsen_prompts_and_refusals_have_no_rule_ids(table: dict[str, Any]) -> None:
    """Along a seeded deal or two: every hand, header, pause, notice and refusal, in words."""
    texts = game_texts(SchnapsenAdapter(), SCHNAPSEN_TERMINAL, 2, 5, table, moves=60)
    assert with_ids(texts) == []


@pytest.mark.parametrize("table", GIN_TABLES[::3])
def test_gin_prompts_and_refusals_have_no_rule_ids(table: dict[str, Any]) -> None:
    """Along a seeded hand or two: every hand, header, notice and refusal, in words: no "(GR-4)"."""
    texts = game_texts(GinAdapter(), GIN_TERMINAL, 2, 5, table, moves=60)
    assert with_ids(texts) == []
