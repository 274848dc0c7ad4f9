"""Typed routing: one prefix table (bot.kit.ids.Scope), action enums per scope, and ids already on live
messages (sent before the enums existed) still decoding to the same control."""

from __future__ import annotations

import importlib

import pytest

from bot.kit.ids import SHARED_ACTIONS, ComponentId, LobbyAction, Scope, TableAction, route, scoped
from cogs.help import RULES_ID
from cogs.leaderboard import BOARD_ID
from cogs.settings import SETTINGS_ID
from cogs.stats import PICK_ID, REPLAY_ID
from games import registry


def test_every_scope_has_its_own_prefix():
    """No two features share a custom-id prefix, so a click can never reach the wrong handler."""
    prefixes = [scope.value for scope in Scope]
    assert len(set(prefixes)) == len(prefixes)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("cr:12:0:join", LobbyAction.JOIN),
        ("cr:12:0:quit", LobbyAction.QUIT),
        ("cr:12:0:addbot", LobbyAction.ADDBOT),
        ("cr:12:0:start", LobbyAction.START),
        ("cr:12:0:cancel", LobbyAction.CANCEL),
        ("cr:12:0:hand", TableAction.HAND),
        ("cr:12:0:rules", TableAction.RULES),
        ("cr:12:0:leave", TableAction.LEAVE),
        ("cr:12:0:rematch", TableAction.REMATCH),
    ],
)
def test_a_live_lobby_or_table_id_routes_to_its_enum(text, action):
    """Ids as the bot wrote them before the enums decode to the same shared control."""
    cid = ComponentId.parse(text)
    assert cid is not None and route(cid.action) is action
    assert ComponentId(12, 0, action).encode() == text


def test_a_hand_control_is_left_to_the_game():
    """An action that is no shared control routes to the game's adapter (None here)."""
    cid = ComponentId.parse("cr:7:31:play:1f")
    assert cid is not None and route(cid.action) is None and cid.arg == "1f"


def test_no_game_names_a_hand_control_like_a_shared_one():
    """Each registered game's HandAction values are disjoint from the lobby and table actions."""
    for game in registry.games():
        actions = importlib.import_module(f"cogs.{game.kind}.adapter").HandAction
        assert not {action.value for action in actions} & SHARED_ACTIONS, game.kind


def test_live_ids_of_the_other_scopes_still_match_their_patterns():
    """Board, rules, settings and replay ids in the format already sent keep matching."""
    kind = registry.kinds()[0]
    assert BOARD_ID.fullmatch(f"cb:{kind}:all:2:123456789") is not None
    assert RULES_ID.fullmatch(f"cu:{kind}:1:55") is not None
    assert SETTINGS_ID.fullmatch("cs:erase:42") is not None and SETTINGS_ID.fullmatch("cs:channels") is not None
    assert REPLAY_ID.fullmatch("cx:12:3:next") is not None and PICK_ID.fullmatch("cx:pick:42") is not None


def test_scoped_builds_what_the_patterns_read_and_refuses_long_ids():
    """scoped() writes `<prefix>:<parts>`; over 100 characters it raises instead of letting Discord refuse."""
    assert BOARD_ID.fullmatch(scoped(Scope.BOARD, registry.kinds()[0], "all", 0, 5)) is not None
    with pytest.raises(ValueError):
        scoped(Scope.SETTINGS, "x" * 120)
