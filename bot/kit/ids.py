"""Custom ids for every component Cardroom sends, built and parsed here: one prefix per `Scope`.

A game's controls read `cr:<game id>:<version>:<action>[:<arg>]`; the action is a `LobbyAction`, a
`TableAction`, or otherwise a hand control that the game's adapter names (its own `HandAction` enum).
Other features use their own scope's prefix (`Scope`), with a pattern built by `scope_pattern`.

The id carries all the state a click needs (design §3), so a button keeps working after a restart and
a click on an out-of-date hand is recognised by its version. Discord caps custom ids at 100
characters; `ComponentId.encode` refuses anything longer rather than letting Discord reject the
whole message (50035).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

CUSTOM_ID_LIMIT = 100  # Discord's limit for custom_id


class Scope(StrEnum):
    """Every family of custom ids and its prefix: the one table that keeps them apart.

    The values are what live messages already carry, so they never change."""

    GAME = "cr"  # a game's lobby, table and hand controls (ComponentId)
    MODAL_BUTTON = "crt"  # a hand control that opens a modal, so it is answered before the router defers
    MODAL = "crm"  # the modal such a button opens
    BOARD = "cb"  # leaderboard pages
    REPLAY = "cx"  # replay steps and the replay picker
    SETTINGS = "cs"  # a player's settings panel
    RULES = "cu"  # /rules pages
    PLAY = "cardroom"  # /cardroom's Play buttons: a game against the computer at once
    MY_GAMES = "cg"  # /games pages
    TOURNAMENT = "ct"  # a tournament's sign-up buttons (cogs.tournament)


class LobbyAction(StrEnum):
    """The lobby message's buttons."""

    JOIN = "join"
    QUIT = "quit"
    ADDBOT = "addbot"
    START = "start"
    CANCEL = "cancel"


class TableAction(StrEnum):
    """The public table message's buttons, and Rematch under the final standings."""

    HAND = "hand"
    RULES = "rules"
    LEAVE = "leave"
    REMATCH = "rematch"


class AnswerAction(StrEnum):
    """Yes and No under a question asked before something that cannot be undone (bot.flows.confirm)."""

    CONFIRM = "confirm"
    DECLINE = "decline"


# A game's hand controls use none of these.
SHARED_ACTIONS = frozenset(LobbyAction) | frozenset(TableAction) | frozenset(AnswerAction)


def route(action: str) -> LobbyAction | TableAction | AnswerAction | None:
    """Which shared control a game id's action names; None for a hand control (the adapter's)."""
    for family in (LobbyAction, TableAction, AnswerAction):
        if action in family.__members__.values():
            return family(action)
    return None


def scoped(scope: Scope, *parts: object) -> str:
    """`<prefix>:<part>:...`, refused when over Discord's 100 characters (50035)."""
    text = ":".join((scope.value, *(str(part) for part in parts)))
    if len(text) > CUSTOM_ID_LIMIT:
        raise ValueError(f"custom id {text[:40]!r}... is over {CUSTOM_ID_LIMIT} characters")
    return text


def scope_pattern(scope: Scope, body: str) -> re.Pattern[str]:
    """The DynamicItem template of a scope: its prefix, a colon, then `body` (ASCII only)."""
    return re.compile(rf"{re.escape(scope.value)}:{body}", re.ASCII)


PREFIX = Scope.GAME.value
# ASCII digits only (`\d` would take other scripts' digits). Longer runs than SQLite's 64-bit integers
# hold still match, so such a forged click reaches GameComponent and gets a polite refusal (from_match).
PATTERN = re.compile(
    rf"{PREFIX}:(?P<game>[0-9]{{1,40}}):(?P<version>[0-9]{{1,40}}):(?P<action>[a-z][a-z0-9_]{{0,30}})"
    r"(?::(?P<arg>[A-Za-z0-9_.\-=]{0,80}))?",
    re.ASCII,
)
SQLITE_MAX = 2**63 - 1
MASK_DIGITS = 24  # base 36: 24 digits hold 124 bits, more than any hand; the 100-character id caps it too


@dataclass(frozen=True, slots=True)
class ComponentId:
    """The parsed form of a custom id. `version` is the game's move count when the component was sent."""

    game_id: int
    version: int
    action: str
    arg: str = ""

    def encode(self) -> str:
        text = f"{PREFIX}:{self.game_id}:{self.version}:{self.action}"
        if self.arg:
            text += f":{self.arg}"
        if len(text) > CUSTOM_ID_LIMIT or not PATTERN.fullmatch(text):
            raise ValueError(f"custom id {text!r} is malformed or over {CUSTOM_ID_LIMIT} characters")
        return text

    @classmethod
    def parse(cls, custom_id: str) -> ComponentId | None:
        """The id, or None for anything Cardroom never sends (malformed, too long, numbers out of range)."""
        if not isinstance(custom_id, str) or len(custom_id) > CUSTOM_ID_LIMIT:
            return None
        match = PATTERN.fullmatch(custom_id)
        if match is None:
            return None
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ComponentId | None:
        """None when the game id or version would not fit SQLite's INTEGER (a forged id)."""
        game, version = int(match["game"]), int(match["version"])
        if game > SQLITE_MAX or version > SQLITE_MAX or len(match[0]) > CUSTOM_ID_LIMIT:
            return None
        return cls(game, version, match["action"], match["arg"] or "")


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def encode_mask(indices: Iterable[int]) -> str:
    """A set of small non-negative integers (positions in a sorted hand) as a compact base-36 bitmask.

    A 60-card Carousel hand fits in 12 characters, so a selection always fits in a custom id and a
    Play button can carry the cards it will play, with no server-side state to lose on restart.
    """
    mask = 0
    for index in indices:
        if index < 0:
            raise ValueError("indices are non-negative")
        mask |= 1 << index
    if mask == 0:
        return "0"
    digits = []
    while mask:
        mask, digit = divmod(mask, 36)
        digits.append(_DIGITS[digit])
    return "".join(reversed(digits))


def decode_mask(text: str) -> frozenset[int]:
    """The inverse of `encode_mask`; raises ValueError on anything that is not short ASCII base 36."""
    if not re.fullmatch(rf"[0-9a-z]{{1,{MASK_DIGITS}}}", text or "0", re.ASCII):
        raise ValueError(f"not a selection mask: {text[:20]!r}")
    mask = int(text or "0", 36)
    return frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)
