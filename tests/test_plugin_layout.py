"""A game is a plugin (design §7): its own packages name it, nothing else does, and the bot finds it.

The registry discovers games from their declarations (games.plugin.GameType); every list that once
named the games is derived from it. These tests fail when a shared file names a game kind again, when
a declared game misses one of its parts, or when its extension does not load its commands.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

from discord.ext import commands

from fakediscord import FakeDiscord
from games import registry
from games.plugin import GameType

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".venv", "build", ".git", "__pycache__"}

# Test and benchmark files outside a game's own packages that exercise several games by name, and why.
CROSS_GAME = {
    "bench/bot.py": "plays whole games of chosen kinds against the offline Discord",
    "bench/render.py": "times every game's table and hand images side by side",
    "bench/storage.py": "stores move logs of each kind to time replay and snapshots",
    "bench/pool.py": "times the drawing processes on one concrete game's tables",
    "bench/tables_in_turn.py": "draws one concrete game's tables in turn over many games",
    "tests/bot/fakes.py": "the shared parts' unit tests play on a concrete Thirteen table",
    "bench/taps.py": "counts a person's taps per move with each game's own controls",
    "tests/bot/test_reconciler.py": "drives the shared reconciler with a concrete Thirteen table",
    "tests/bot/test_clicks.py": "a click on a concrete Thirteen table's control, routed without a rebuild",
    "tests/bot/test_texts.py": "checks shared sentence helpers on two games' words",
    "tests/cogs/test_help.py": "pages each game's rules through the shared /rules",
    "tests/cogs/test_leaderboard.py": "boards need a stored kind",
    "tests/cogs/test_stats.py": "per-kind stats over stored games of each kind",
    "tests/data/conftest.py": "stored games need a kind",
    "tests/data/test_final_move.py": "stored games need a kind",
    "tests/data/test_games.py": "stored games need a kind",
    "tests/data/test_ratings.py": "ratings per kind",
    "tests/data/test_season_arithmetic.py": "a season's boards are per kind",
    "tests/data/test_season_store.py": "a season's stored boards per kind over stored games",
    "tests/data/test_tournaments.py": "a stored tournament names the game it plays",
    "tests/data/test_settings.py": "settings per kind",
    "tests/data/test_stored_fixture.py": "resumes one stored game of each kind from today's schema",
    "tests/e2e/test_community.py": "shared commands at tables of named games",
    "tests/e2e/test_confirmations.py": "the shared Yes/No questions on a concrete game's Leave and Close",
    "tests/e2e/test_crash_consistency.py": "kills the bot mid-game in each game",
    "tests/e2e/test_first_time.py": "/cardroom's Play buttons start concrete games",
    "tests/e2e/test_hostile_input.py": "malformed options and ids against each game's command",
    "tests/e2e/test_player_words.py": "what players read in the shared messages, at tables of named games",
    "tests/e2e/test_seasons.py": "a month of a concrete game's results, then its season's board",
    "tests/e2e/test_tournaments.py": "the Santase Swiss, Thirteen tables and Gin knockout the events are run with",
    "tests/e2e/test_tournaments_pg.py": "the same three events on two shard processes on PostgreSQL",
    "tests/e2e/test_tournament_roles.py": "a champion's role needs a tournament of a concrete game",
    "tests/cogs/test_game_words_languages.py": "every game's words, checked in every language and the pseudo-language",
    "tests/cogs/test_game_names.py": "each game's name in every language; Tiến lên, Santase",
    "tests/cogs/test_refusals.py": "every engine's refusal codes said in every language; German Schnapsen, Tiến lên",
    "tests/terminal/test_languages.py": "each game watched in the pseudo-language; Tiến lên in Vietnamese",
    "tests/rendering/helpers.py": "a table and hand of each game, drawn for the language tests",
    "tests/rendering/test_languages.py": "Urdu and Georgian glyphs and order, over every game's images",
    "tests/rendering/test_surface.py": "each game's hands and tables as sent, beside the RGB reference drawing",
    "tests/e2e/test_tournament_signup.py": "a sign-up names the game its tournament will play",
    "tests/e2e/test_tournament_rounds.py": "a scheduled tournament and one of fixed deals name the game they play",
    "tests/games/test_fixed_deals.py": "each game's match of a fixed number of deals, side by side",
    "tests/cogs/test_fixed_deal_words.py": "what each game says in a match of a fixed number of deals",
    "tests/e2e/test_tournament_leases.py": "a lease handed over needs a tournament of a concrete game",
    "tests/e2e/test_table_options.py": "table options of two games through the shared lobby",
    "tests/rendering/test_dispatch.py": "the renderer lookup by kind, on each game's view",
    "tests/rendering/test_legibility.py": "phone legibility of each game's images",
    "tests/rendering/test_offload.py": "drawing processes fed a concrete game's view",
    "tests/terminal/test_command_line.py": "`python -m bot play <kind>` for each kind",
    "tests/terminal/test_human.py": "a person's moves in each game's terminal notation",
    "tests/terminal/test_images.py": "--images for each game",
    "tests/terminal/test_line_editing.py": "typing moves of two games",
    "tests/terminal/test_shorthand.py": "Thirteen's rank-only shorthand in the shared loop",
    "tests/terminal/test_text.py": "each game's terminal text",
    "tests/terminal/test_watch.py": "--watch for each game",
    "tests/terminal/test_what_you_read.py": "what each game's terminal text says to the person playing",
    "tests/test_architecture.py": "synthetic trees with game-named modules",
    "tests/test_docs.py": "rule-id coverage per game's rules section",
    "tests/test_public_pauses.py": "timing of public messages in each game",
    "tests/test_readme.py": "each game's README row against its command",
    "tests/test_plugin_layout.py": "names the kinds' parts by convention, never by literal",
}


def declared_on_disk() -> set[str]:
    """Packages under games/ whose __init__.py assigns GAME (read from the source, not imported)."""
    found = set()
    for init in (ROOT / "games").glob("*/__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        targets = [t for node in tree.body if isinstance(node, ast.Assign) for t in node.targets]
        if any(isinstance(t, ast.Name) and t.id == "GAME" for t in targets):
            found.add(init.parent.name)
    return found


def own_files(path: str, kind: str) -> bool:
    """The files that belong to game `kind` (design §7.1) and may say its name."""
    return (
        path.startswith((f"games/{kind}/", f"cogs/{kind}/", f"tests/games/{kind}/"))
        or path in {f"rendering/{kind}.py", f"bench/{kind}.py", f"tests/rendering/test_{kind}.py"}
        or path in {f"tests/cogs/test_{kind}_adapter.py", f"tests/e2e/test_{kind}_table.py"}
        # the game's scripted players (end-to-end tests and benchmarks) and its benchmark fixtures
        or path in {f"bench/players/{kind}.py", f"bench/{kind}_tables.py"}
        or path.startswith((f"tests/rendering/test_{kind}_", f"tests/e2e/test_{kind}_"))
    )


def names_of(game: GameType) -> tuple[str, ...]:
    return (game.kind, *game.aliases)


def kind_mentions(source: str, names: tuple[str, ...]) -> set[str]:
    """Which of `names` the source names as a string literal or a module path (imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts = [node.value]
        elif isinstance(node, ast.ImportFrom) and node.module:
            texts = [node.module]
        elif isinstance(node, ast.Import):
            texts = [alias.name for alias in node.names]
        for text in texts:
            for name in names:
                if text == name or re.search(rf"\b(games|rendering|cogs|terminal)[./]{name}\b", text):
                    found.add(name)
    return found


def python_files() -> list[str]:
    return sorted(
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*.py")
        if not SKIPPED_DIRS & set(path.relative_to(ROOT).parts) and "egg-info" not in path.as_posix()
    )


def test_the_registry_discovers_exactly_the_declared_game_packages():
    """registry.games() is the set of games/<kind>/ packages that declare GAME, each under its own kind."""
    assert set(registry.kinds()) == declared_on_disk()
    assert all(registry.get(game.kind) is game for game in registry.games())


def test_an_unknown_kind_names_the_known_ones_and_an_alias_finds_its_game():
    """get() refuses an unknown kind with the list, and resolves an old command name (aliases)."""
    try:
        registry.get("poker")
    except KeyError as error:
        assert all(kind in str(error) for kind in registry.kinds())
    else:  # pragma: no cover - the assertion below explains
        raise AssertionError("an unknown kind was accepted")
    for game in registry.games():
        assert all(registry.get(alias) is game for alias in game.aliases)


def test_every_declared_game_has_each_of_its_parts():
    """A declared game has its renderer, its cog package (setup, cog, adapter, words) and terminal text."""
    for game in registry.games():
        renderer = importlib.import_module(f"rendering.{game.kind}")
        assert callable(renderer.render_table) and callable(renderer.render_hand)
        extension = importlib.import_module(f"cogs.{game.kind}")
        assert inspect.iscoroutinefunction(extension.setup)
        for part in ("cog", "adapter", "words"):
            assert (ROOT / "cogs" / game.kind / f"{part}.py").is_file(), (game.kind, part)
        words = importlib.import_module(f"cogs.{game.kind}.words")
        assert words.TERMINAL.title == game.name


def test_the_words_of_a_game_import_no_discord():
    """cogs/<kind>/words.py (read by the terminal table) imports no discord, directly or in a function."""
    for game in registry.games():
        source = (ROOT / "cogs" / game.kind / "words.py").read_text(encoding="utf-8")
        imports = {
            name.split(".")[0]
            for node in ast.walk(ast.parse(source))
            for name in (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
        }
        assert "discord" not in imports, game.kind


def test_no_shared_file_names_a_game_kind():
    """Outside a game's own files, no .py names a registered kind (or alias) as a literal or module path;
    the cross-game tests and benchmarks that must are listed, each with its reason."""
    games = registry.games()
    offenders = {}
    for path in python_files():
        if path in CROSS_GAME:
            continue
        names = tuple(name for game in games if not own_files(path, game.kind) for name in names_of(game))
        found = kind_mentions((ROOT / path).read_text(encoding="utf-8"), names)
        if found:
            offenders[path] = sorted(found)
    assert offenders == {}


def docstring_nodes(tree: ast.AST) -> set[int]:
    """ids of the docstrings in `tree` (prose that may name games as examples; no list a player reads)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_lists(source: str, games: tuple[GameType, ...]) -> list[str]:
    """The string literals (docstrings aside) that name two or more of `games`, by kind or display name,
    as words in any case: a list of games written out by hand, such as a usage line."""
    tree = ast.parse(source)
    skip = docstring_nodes(tree)
    lists = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            named = [
                game.kind
                for game in games
                if any(re.search(rf"\b{re.escape(word)}\b", node.value, re.I) for word in (game.kind, game.name))
            ]
            if len(named) >= 2:
                lists.append(f"line {node.lineno}: {', '.join(named)}")
    return lists


def test_no_module_outside_a_game_lists_the_games():
    """Outside a game's own files, no string names two games or more (the usage and help texts that once
    did, and missed a game, are now built from the registry); the cross-game tests listed above aside."""
    games = registry.games()
    offenders = {}
    for path in python_files():
        if path in CROSS_GAME:
            continue
        others = tuple(game for game in games if not own_files(path, game.kind))
        found = game_lists((ROOT / path).read_text(encoding="utf-8"), others)
        if found:
            offenders[path] = found
    assert offenders == {}


def test_the_list_checker_sees_a_usage_line_and_lets_prose_and_one_game_be():
    """A usage line naming kinds is a list; a docstring's examples and a text naming one game are not."""
    games = registry.games()
    usage = "USAGE = 'play {" + ",".join(game.kind for game in games[:2]) + "}'\n"
    assert len(game_lists(usage, games)) == 1
    prose = '"""' + " and ".join(game.name for game in games) + ' share this."""\n'
    assert game_lists(prose, games) == []
    assert game_lists(f"TITLE = {games[0].name!r}\n", games) == []


def test_the_checker_catches_a_literal_a_module_path_and_an_import():
    """The grep above sees each way a file can name a kind."""
    assert kind_mentions('KIND = "thirteen"\n', ("thirteen",)) == {"thirteen"}
    assert kind_mentions('NAMES = ("rendering.carousel",)\n', ("carousel",)) == {"carousel"}
    assert kind_mentions("from cogs.schnapsen.words import RULES\n", ("schnapsen",)) == {"schnapsen"}
    assert kind_mentions('TITLE = "Thirteen"  # a display name is no kind\n', ("thirteen",)) == set()


def test_the_cross_game_list_holds_only_files_that_exist():
    """No stale exemption: every listed file is still there."""
    assert [path for path in CROSS_GAME if not (ROOT / path).is_file()] == []


async def test_every_registered_game_loads_its_extension_and_commands(fake: FakeDiscord, bot: commands.Bot):
    """The bot loads cogs.<kind> for each registered game; its group is GAME.command with new and rules."""
    for game in registry.games():
        assert f"cogs.{game.kind}" in bot.extensions
        group = bot.tree.get_command(game.command)
        assert group is not None, game.command
        subcommands = {command.name for command in getattr(group, "commands", [])}
        assert {"new", "rules"} <= subcommands, (game.command, subcommands)
    synced = {command["name"] for command in fake.commands[None]} | {
        command["name"] for command in fake.commands.get(fake.guild.id, [])
    }
    assert {game.command for game in registry.games()} <= synced


async def test_every_registered_game_has_its_adapter_even_with_no_cog_loaded(bots):
    """The bot builds one adapter per registered game from the registry, not from a cog: a bot that
    loads no extension still holds them all, in the registry's order."""
    bot = await bots.start(extensions=())
    assert list(bot.service.adapters) == list(registry.kinds())


def test_each_adapter_takes_kind_title_engine_command_and_seats_from_its_declaration():
    """An adapter declares `game = GAME` and nothing else about its game: what it says is GameType's."""
    from bot.moves.adapters import adapter_class

    for game in registry.games():
        adapter = adapter_class(game)()
        said = (adapter.kind, adapter.title, adapter.engine, adapter.command_name, adapter.min_seats, adapter.max_seats)
        assert said == (game.kind, game.name, game.engine, game.command, game.min_seats, game.max_seats)
        body = ast.parse(inspect.getsource(type(adapter))).body[0]
        assert isinstance(body, ast.ClassDef)
        assigned = {
            target.id
            for node in body.body
            for target in (node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)])
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(target, ast.Name)
        }
        assert not assigned & {"kind", "title", "engine", "command", "min_seats", "max_seats"}, game.kind


def test_no_cog_registers_an_adapter():
    """Adapters are registered from the registry at start-up; no cog calls `register` itself."""
    calls = [
        path
        for path in python_files()
        if path.startswith("cogs/")
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "register"
    ]
    assert calls == []


def _engine_takes(game: GameType, key: str, value: object) -> bool:
    try:
        game.engine.new_game(game.min_seats, 1, {key: value})
    except ValueError:
        return False
    return True


def test_each_declared_option_takes_exactly_what_the_engine_accepts():
    """A declared option's values (games.plugin.option) are the engine's: each end of a range, each
    choice and both switch positions start a game, the numbers just outside are refused by both."""
    for game in registry.games():
        for option in game.options:
            said = (game.kind, option.key)
            if option.is_switch:
                accepted, refused = [True, False], []
            elif option.choices:
                accepted, refused = list(option.choices), []
            else:
                assert option.low is not None and option.high is not None, said
                accepted = [option.low, option.high, *([0] if option.zero else [])]
                refused = [value for value in (option.low - 1, option.high + 1) if not (option.zero and value == 0)]
            assert all(_engine_takes(game, option.key, value) for value in accepted), said
            assert not any(_engine_takes(game, option.key, value) for value in refused), said
            assert all(option.parse(option.shown(value)) == value for value in accepted), said
            assert not any(_accepts(option, str(value)) for value in refused), said


def _accepts(option, text: str) -> bool:
    try:
        option.parse(text)
    except ValueError:
        return False
    return True


def test_a_game_whose_adapter_cannot_be_built_is_logged_and_the_others_still_register(caplog):
    """Like a cog that fails to load: one game without its adapter module costs that game, not the bot."""
    import dataclasses
    import logging
    from types import SimpleNamespace

    from bot.moves.adapters import register_adapters

    broken = dataclasses.replace(registry.games()[0], kind="nosuchgame", engine=SimpleNamespace(kind="nosuchgame"))
    registered = []
    with caplog.at_level(logging.ERROR, logger="bot.moves.adapters"):
        register_adapters((broken, *registry.games()), registered.append)
    assert [adapter.kind for adapter in registered] == list(registry.kinds())
    assert any("cogs.nosuchgame.adapter" in record.getMessage() for record in caplog.records)
