"""Imports point one way (design §1): games <- rendering, data <- bot, cogs; terminal and fakediscord apart.

The check parses every source file with `ast`, so an import hidden inside a function is caught too.
"""

from __future__ import annotations

import ast
import fnmatch
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUR_PACKAGES = {
    *("games", "tournaments", "rendering", "data", "bot", "cogs", "terminal", "fakediscord", "harness", "locales")
}
# Computational libraries `games/` may use where they earn their place (design §1); the pure packages
# below take nothing else outside the standard library.
GAMES_ALLOWED_THIRD_PARTY = {"highspy", "numpy"}
PURE_ALLOWED_THIRD_PARTY = {"games": GAMES_ALLOWED_THIRD_PARTY, "tournaments": set[str]()}

# package -> top-level modules it must never import
FORBIDDEN = {
    "games": {"discord", "aiosqlite", "PIL", "rendering", "data", "bot", "cogs", "terminal", "fakediscord", "locales"},
    # Pairing and scoring are pure like the engines, and need not even the game declarations.
    "tournaments": {
        *("discord", "aiosqlite", "PIL", "games", "rendering", "data", "bot", "cogs", "terminal", "fakediscord")
    },
    "rendering": {"discord", "aiosqlite", "data", "bot", "cogs", "terminal", "fakediscord"},
    "data": {"discord", "rendering", "bot", "cogs", "PIL", "terminal", "fakediscord"},
    # The terminal table runs with no Discord at all (no token, even a broken discord.py).
    "terminal": {"discord", "aiosqlite", "fakediscord"},
    # The offline Discord is a library about Discord's protocol; it knows nothing of Cardroom.
    "fakediscord": {"bot", "cogs", "games", "rendering", "data", "terminal"},
    # Languages are words and CLDR data only: any layer that writes text may use them, games excepted.
    "locales": {
        *("discord", "aiosqlite", "PIL", "games", "tournaments", "rendering", "data", "bot", "cogs", "terminal"),
        "fakediscord",
    },
    # Benchmarks run without the test tree: scripted players and fixtures they share live in bench/.
    "bench": {"tests"},
    # The harness that runs the bot against the offline Discord is for tests and benchmarks only.
    "bot": {"harness", "tests", "bench"},
    "cogs": {"harness", "tests", "bench"},
}
# Within our packages, the only modules `terminal` may take from bot/ and cogs/: each game's words
# (cogs.<kind>.words, no discord there). Number words (count, plural, ordinal) come from rendering.words.
TERMINAL_MAY_IMPORT = ("cogs.*.words",)


def imported_modules(source: str, module_name: str) -> set[str]:
    """Top-level names of everything `source` imports, resolving relative imports against `module_name`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module_name.split(".")[: -node.level] or [module_name.split(".")[0]]
                names.add(package[0])
            elif node.module:
                names.add(node.module.split(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value.split(".")[0])
    return names


def imported_dotted(source: str) -> set[str]:
    """Full dotted names of the absolute imports in `source` (`from a.b import c` gives "a.b" and "a.b.c")."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def terminal_violations(root: Path) -> list[str]:
    """terminal/ modules importing from bot/ or cogs/ anything but TERMINAL_MAY_IMPORT."""
    found: list[str] = []
    for path in sorted((root / "terminal").rglob("*.py")):
        relative = path.relative_to(root)
        for name in sorted(imported_dotted(path.read_text(encoding="utf-8"))):
            if name.split(".")[0] in {"bot", "cogs"} and not any(
                fnmatch.fnmatchcase(name, pattern) for pattern in TERMINAL_MAY_IMPORT
            ):
                found.append(f"{relative}: imports {name}")
    return found


def violations(root: Path) -> list[str]:
    """Every forbidden import under `root`, as 'path: imports X' lines."""
    found: list[str] = terminal_violations(root)
    for package, forbidden in FORBIDDEN.items():
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            module_name = ".".join(relative.with_suffix("").parts)
            for name in sorted(imported_modules(path.read_text(encoding="utf-8"), module_name)):
                if name in forbidden:
                    found.append(f"{relative}: imports {name}")
                elif (
                    package in PURE_ALLOWED_THIRD_PARTY
                    and name not in sys.stdlib_module_names
                    and name not in OUR_PACKAGES
                    and name not in PURE_ALLOWED_THIRD_PARTY[package]
                    and name != "__future__"
                ):
                    found.append(f"{relative}: imports {name}, which is neither stdlib nor allowed")
    return found


def test_the_project_respects_the_layers():
    """No package imports across a forbidden boundary."""
    assert violations(ROOT) == []


def test_benchmarks_import_no_test_module():
    """bench/ scripts import nothing from tests/ (their shared players live in bench.players)."""
    assert [line for line in violations(ROOT) if line.startswith("bench/")] == []


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("path", "source", "expected"),
    [
        ("games/x.py", "import discord\n", "games/x.py: imports discord"),
        ("games/x.py", "def f():\n    from PIL import Image\n", "games/x.py: imports PIL"),
        ("games/x.py", "import requests\n", "games/x.py: imports requests, which is neither stdlib nor allowed"),
        ("games/x.py", "from rendering.cards import draw\n", "games/x.py: imports rendering"),
        ("tournaments/x.py", "from data import events\n", "tournaments/x.py: imports data"),
        ("tournaments/x.py", "import numpy\n", "tournaments/x.py: imports numpy, which is neither stdlib nor allowed"),
        ("games/x.py", "import importlib\nimportlib.import_module('bot.views')\n", "games/x.py: imports bot"),
        ("rendering/x.py", "import discord.ui\n", "rendering/x.py: imports discord"),
        ("bench/x.py", "from tests.e2e.seeds import fixed_seed\n", "bench/x.py: imports tests"),
        ("data/x.py", "from discord import Embed\n", "data/x.py: imports discord"),
        ("data/x.py", "import rendering\n", "data/x.py: imports rendering"),
        ("terminal/x.py", "import discord\n", "terminal/x.py: imports discord"),
        ("terminal/x.py", "from cogs.carousel.adapter import A\n", "terminal/x.py: imports cogs.carousel.adapter"),
        ("terminal/x.py", "from bot.flows.lobby import Lobby\n", "terminal/x.py: imports bot.flows.lobby"),
        ("terminal/x.py", "from bot.kit.texts import count\n", "terminal/x.py: imports bot.kit.texts"),
        ("fakediscord/x.py", "from bot.process.bot import CardBot\n", "fakediscord/x.py: imports bot"),
        ("fakediscord/x.py", "from games.cards import Card\n", "fakediscord/x.py: imports games"),
        ("locales/x.py", "import discord\n", "locales/x.py: imports discord"),
        ("locales/x.py", "from data import Database\n", "locales/x.py: imports data"),
    ],
)
def test_a_forbidden_import_is_caught(tmp_path, path, source, expected):
    """The checker flags each kind of forbidden import in a synthetic tree."""
    assert violations(_tree(tmp_path, {path: source})) == [expected]


def test_allowed_imports_pass(tmp_path):
    """Stdlib, the allow-list, our own lower layers and relative imports are fine."""
    root = _tree(
        tmp_path,
        {
            "games/a.py": "import random\nimport highspy\nfrom games.cards import Card\nfrom . import b\n",
            "rendering/a.py": "from PIL import Image\nfrom games.cards import Card\n",
            "data/a.py": "import aiosqlite\nfrom games.base import GameResult\n",
            "bot/a.py": "import discord\nfrom data import games\n",
            "terminal/a.py": "from cogs.thirteen.words import TERMINAL\nfrom rendering.words import count\n",
            "fakediscord/a.py": "import discord\nfrom aiohttp import web\n",
            "locales/a.py": "from babel.numbers import format_decimal\n",
            "rendering/b.py": "from locales import t\n",
        },
    )
    assert violations(root) == []


# The parts CardBot.setup_hook wires (bot.kit.wiring): each takes its collaborators in its constructor, so
# none imports bot.process.bot (not even for a type) nor reaches another part through a `.bot` attribute.
WIRED_PARTS = (
    "bot/moves/router.py",
    "bot/projection/endings.py",
    "bot/process/sweeper.py",
    "bot/projection/hands.py",
    "bot/projection/table.py",
    "bot/flows/lobby.py",
    "bot/flows/confirm.py",
    "bot/flows/quickstart.py",
    "bot/moves/service.py",
    "bot/kit/wiring.py",
)


def reaches_the_bot(source: str) -> list[str]:
    """How `source` reaches the bot object: imports of bot.process.bot, and `x.bot` attribute accesses."""
    found = [f"imports {name}" for name in sorted(imported_dotted(source)) if name == "bot.process.bot"]
    found += [
        f"line {node.lineno}: .bot"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == "bot"
    ]
    return found


@pytest.mark.parametrize("path", WIRED_PARTS)
def test_a_wired_part_does_not_reach_back_through_the_bot(path):
    """Router, endings, sweeper, hands, table, lobby, confirmations, quick start and the game service get
    their collaborators explicitly: no import ring."""
    assert reaches_the_bot((ROOT / path).read_text(encoding="utf-8")) == []


def test_reaching_the_bot_is_caught():
    """The check flags a type-only import of bot.process.bot and a collaborator fetched through `.bot`."""
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.process.bot import CardBot\n"
        "def f(service):\n    return service.bot.tables\n"
    )
    assert reaches_the_bot(source) == ["imports bot.process.bot", "line 5: .bot"]


# Every hand message has one writer (design §3): the reconciler decides what a hand shows and the
# transport carries it to Discord; the drawer (bot/projection/hands.py) only draws. A click's handler that drew or
# wrote a hand itself would be a second writer beside the reconciler's passes.
HAND_WRITERS = ("bot/projection/reconciler.py", "bot/kit/transport.py", "bot/projection/hands.py")
HAND_KWARGS = {"panel_kwargs", "send_kwargs"}  # a hand panel turned into a message's arguments
HAND_DRAWER = {"panel", "drawn"}  # the hand drawer's methods (`hands.panel`, `hands.drawn`)


def hand_writes(source: str) -> list[str]:
    """Where `source` draws a hand for a message: the hand drawer's `drawn`/`panel` or a hand's message
    arguments (`panel_kwargs`, `send_kwargs`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in HAND_KWARGS:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in HAND_DRAWER:
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if name == "hands":
                found.append(f"line {node.lineno}: hands.{node.attr}")
    return found


def test_only_the_reconciler_writes_a_hand():
    """No module of bot/ or cogs/ but the reconciler, its transport and the drawer draws a hand for a
    message: the router and the commands hand their interaction to the reconciler instead."""
    writers = {
        str(path.relative_to(ROOT)): found
        for package in ("bot", "cogs")
        for path in sorted((ROOT / package).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in HAND_WRITERS
        and (found := hand_writes(path.read_text(encoding="utf-8")))
    }
    assert writers == {}


def test_a_second_hand_writer_is_caught():
    """The check flags a handler that draws the hand panel and sends it itself."""
    source = (
        "async def on_hand(self, interaction, loaded, seat):\n"
        "    panel = await self.hands.panel(loaded, seat)\n"
        "    await interaction.followup.send(**send_kwargs(panel))\n"
    )
    assert hand_writes(source) == ["line 2: hands.panel", "line 3: send_kwargs"]


# bot/'s rooms: each job is a sub-package whose docstring says what it owns (design §1).
BOT_ROOMS = ("kit", "moves", "projection", "flows", "process")


def test_bot_is_made_of_rooms_each_saying_what_it_owns():
    """bot/ holds only its entry points at the top; every other module sits in a room with a docstring."""
    top = sorted(path.name for path in (ROOT / "bot").glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]
    rooms = sorted(path.name for path in (ROOT / "bot").iterdir() if path.is_dir() and path.name != "__pycache__")
    assert rooms == sorted(BOT_ROOMS)
    for room in BOT_ROOMS:
        init = ast.parse((ROOT / "bot" / room / "__init__.py").read_text(encoding="utf-8"))
        assert ast.get_docstring(init), f"bot/{room} does not say what it owns"
