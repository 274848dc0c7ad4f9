"""Sixty-Six end-to-end helpers: open a table, read a DM hand's buttons, play as a person would.

People press buttons they can see; these helpers only find them (by the action in the custom id,
`cr:<game>:<version>:<action>[:<arg>]`) and press them. Scenario tests that need a particular deal
pick the table's seed (`fixed_seed`) and find a suitable one by searching with the pure engine and
the same simple policy the simulated people use (`first_playable`), so every expected outcome is
derived from the engine, never typed in.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from bench.players.common import asks, click, confirm, first_hand, game_over_in, open_lobby
from cogs.schnapsen.adapter import SchnapsenAdapter
from fakediscord import FakeDiscord, Message, SimUser
from games.schnapsen import ENGINE, Draw, KeepTrump, Move, PlayCard, SchnapsenView, State

Json = dict[str, Any]
Chooser = Callable[[Message], str | None]  # a hand message -> the custom id to press (None: wait)

# A table names its preset (D-SX-1): "**Santase** · game #12 · …".
TABLE_TITLES = tuple(f"**{name}** · game #" for name in ("Schnapsen", "Santase", "Sixty-Six"))


# Seeds and the pure engine -----------------------------------------------------------------------


def engine_options(**raw: Any) -> dict[str, Any]:
    """The options a `/schnapsen new` with these choices stores (the adapter's own parsing)."""
    return SchnapsenAdapter().parse_options(raw)


def new_state(seed: int, options: Mapping[str, Any]) -> State:
    state = ENGINE.new_game(2, seed, options)
    assert isinstance(state, State)
    return state


def first_playable(view: SchnapsenView) -> Move:
    """The policy of the simulated people: the first enabled card button (hand order, SX-7 legality); in
    pagat 66's pauses, where no card may be played, Draw (SX-10) and Keep (SX-9)."""
    if view.can_draw:
        return Draw()
    if view.can_keep:
        return KeepTrump()
    return PlayCard(next(card for card in view.hand if card in view.playable))


def find_seed(predicate: Callable[[int], bool], limit: int = 5000) -> int:
    """The first seed in 0..limit for which `predicate(seed)` holds."""
    for seed in range(limit):
        if predicate(seed):
            return seed
    raise AssertionError("no seed in range fits the scenario")


# Reading messages --------------------------------------------------------------------------------


def action_of(component: Json) -> str:
    return str(component.get("custom_id", "")).split(":")[3] if component.get("custom_id") else ""


def arg_of(component: Json) -> str:
    parts = str(component.get("custom_id", "")).split(":")
    return parts[4] if len(parts) > 4 else ""


def controls(message: Message, action: str, *, enabled: bool | None = None) -> list[Json]:
    """The message's buttons with this action, in order (only enabled or disabled ones if asked)."""
    found = [b for b in message.buttons if action_of(b) == action]
    if enabled is not None:
        found = [b for b in found if bool(b.get("disabled")) != enabled]
    return found


def card_codes(message: Message, *, enabled: bool | None = None) -> list[str]:
    """Card codes of the card buttons (the hand, in order)."""
    return [arg_of(b) for b in controls(message, "play", enabled=enabled)]


def version_of(message: Message) -> int:
    for component in message.buttons:
        if str(component.get("custom_id", "")).startswith("cr:"):
            return int(component["custom_id"].split(":")[2])
    raise AssertionError(f"no Cardroom button on {message.text[:80]!r}")


def hand_of(fake: FakeDiscord, user: SimUser) -> Message | None:
    """The user's DM hand (the newest DM with buttons), as it stands now."""
    for message in reversed(fake.messages(user.dm)):
        if message.buttons:
            return message
    return None


def table_of(fake: FakeDiscord) -> Message:
    for message in reversed(fake.messages(fake.channel)):
        if message.text.startswith(TABLE_TITLES):
            return message
    raise AssertionError("no table message in the channel")


def first_card(message: Message) -> str | None:
    """Press the first enabled card (the simulated people's policy, as `first_playable`); in a pause,
    Draw or Keep."""
    cards = controls(message, "play", enabled=True) or controls(message, "draw", enabled=True)
    cards = cards or controls(message, "keep", enabled=True)
    return cards[0]["custom_id"] if cards else None


# Acting ------------------------------------------------------------------------------------------


async def open_table(fake: FakeDiscord, host: SimUser, **options: Any) -> Message:
    return await open_lobby(fake, host, "schnapsen new", **options)


async def start(fake: FakeDiscord, host: SimUser, lobby: Message, guest: SimUser | None = None) -> Message:
    """`guest` Joins (else Start gives the empty seat to a computer); Start; wait for the hands."""
    if guest is not None:
        await click(guest, lobby, "Join")
    table = await click(host, lobby, "Start")
    await first_hand(fake, [user for user in (host, guest) if user is not None])
    return table


async def press(user: SimUser, message: Message, custom_id: str) -> Message:
    """Press a button; a person asked to confirm (Close the stock) says Yes, and then sees the hand redrawn."""
    result = await user.click(message, custom_id=custom_id)
    assert isinstance(result, Message), result
    if asks(result):
        before = version_of(message)
        await confirm(user, result)
        channel = user.fake.channel_by_id(message.channel_id)
        return await user.fake.wait_for_message(channel, lambda m: m.id == message.id and version_of(m) > before)
    return result


async def press_action(user: SimUser, message: Message, action: str) -> Message:
    """Press the (only) enabled button with this action."""
    found = controls(message, action, enabled=True)
    assert len(found) == 1, f"{action!r} buttons on the hand: {[b.get('label') for b in message.buttons]}"
    return await press(user, message, found[0]["custom_id"])


async def turn(fake: FakeDiscord, user: SimUser, after: int = -1, timeout: float = 60.0) -> Message | None:
    """The user's hand once it is their turn at a version above `after`; None once the series is over."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        hand = hand_of(fake, user)
        if hand is not None and "Your turn" in hand.text and version_of(hand) > after:
            return hand
        if game_over_in(fake) is not None:
            return None
        await asyncio.sleep(0.005)
    raise AssertionError(f"{user.name}'s turn did not come (last hand: {hand_of(fake, user)!r})")


async def play(
    fake: FakeDiscord,
    users: list[SimUser],
    choose: Chooser = first_card,
    *,
    stop: Callable[[], bool] = lambda: False,
    timeout: float = 300.0,
) -> int:
    """Every user plays from their DM hand with `choose` until the series ends or `stop()`. Returns moves."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    acted = {user.id: -1 for user in users}
    moves = 0
    while game_over_in(fake) is None and not stop():
        assert loop.time() < deadline, "the series did not end in time"
        moved = False
        for user in users:
            hand = hand_of(fake, user)
            if hand is None or "Your turn" not in hand.text or version_of(hand) <= acted[user.id]:
                continue
            custom_id = choose(hand)
            if custom_id is None:
                continue
            acted[user.id] = version_of(hand)
            await press(user, hand, custom_id)
            moves += 1
            moved = True
        if not moved:
            await asyncio.sleep(0.005)
    return moves


# Scripted play: the engine's prediction and the same play through Discord -------------------------

# engine move -> button action
ACTIONS = {"ExchangeTrump": "swap", "Close": "close", "Claim": "claim", "Draw": "draw", "KeepTrump": "keep"}


def simulate(
    seed: int,
    options: Mapping[str, Any],
    script: Mapping[int, Move] | None = None,
    stop: Callable[[State], bool] = lambda state: state.deal_number > 1,
    limit: int = 1000,
) -> tuple[State, int]:
    """Play `first_playable` for both seats, with `script[version]` instead at chosen versions, until
    `stop` (by default: the first deal is over), the series ends or `limit` moves. Returns the state
    and its version."""
    state, version = new_state(seed, options), 0
    while not stop(state) and not state.is_over and version < limit:
        seat = state.to_move
        assert seat is not None
        state = state.apply((script or {}).get(version) or first_playable(state.view(seat)))
        version += 1
    return state, version


def scripted(script: Mapping[int, Move]) -> Chooser:
    """The Discord twin of `simulate`'s script: at those versions press the move's button, else the first card."""
    actions = {version: ACTIONS[type(move).__name__] for version, move in script.items()}

    def choose(hand: Message) -> str | None:
        action = actions.get(version_of(hand))
        if action is None:
            return first_card(hand)
        found = controls(hand, action, enabled=True)
        assert len(found) == 1, f"no {action!r} button at version {version_of(hand)}: {hand.text[:200]}"
        return str(found[0]["custom_id"])

    return choose


def deal_shown(fake: FakeDiscord, users: list[SimUser], number: int) -> Callable[[], bool]:
    """A `play` stop: some player's hand shows the summary of deal `number` (drawn by their own click)."""
    mark = f"**Deal {number}**"
    return lambda: any((hand := hand_of(fake, user)) is not None and mark in hand.text for user in users)


def hand_version(fake: FakeDiscord, user: SimUser) -> int:
    """The game version the user's DM hand was drawn for (-1 before the first hand)."""
    hand = hand_of(fake, user)
    return version_of(hand) if hand is not None else -1


async def settled(fake: FakeDiscord, users: list[SimUser], timeout: float = 60.0) -> SimUser:
    """Wait until the player to move has been told so (their DM says "Your turn" at the newest version)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        newest = max(hand_version(fake, user) for user in users)
        for user in users:
            hand = hand_of(fake, user)
            if hand is not None and version_of(hand) == newest and "Your turn" in hand.text:
                return user
        await asyncio.sleep(0.005)
    raise AssertionError("nobody was told it is their turn")
