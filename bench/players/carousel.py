"""Carousel end-to-end helpers: open a table, play a DM hand as a person would, and the same play in
the pure engine.

People press what they see. The simulated people follow one of two policies:
- `HINT`: Draw; after each draw press Hint, and if it selects cards press Meld and then Confirm, else
  draw again; Knock whenever the button is offered. In the engine this is `hint_move`: the normal
  computer player's cards (what Hint preselects), placed by `solver.arrange` (what Meld proposes).
- `DRAW`: only ever press Draw (and End turn when a knock is offered): hands grow past 25 cards and
  the stock runs out (CA-11).
Computer seats play `ENGINE.computer(level)` with the service's seeded rng. Scenario tests pick the
table's seed by searching with `simulate`, so every expected outcome comes from the engine.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bench.players.common import click, first_hand, game_over_in, open_lobby
from bench.players.schnapsen import action_of, hand_of, version_of
from bot.process.bot import CardBot
from cogs.carousel.adapter import CarouselAdapter
from cogs.carousel.words import added_cards
from fakediscord import FakeDiscord, Message, SimUser
from games.base import seeded_rng
from games.carousel import ENGINE, CarouselView, Draw, Knock, MeldStep, Move, PassKnock, Phase, State
from games.carousel.ai import NormalPlayer
from games.carousel.solver import arrange

HINT, DRAW, COMPUTER = "hint", "draw", "computer"
TABLE_TITLE = "**Carousel** · game #"


# The pure engine ---------------------------------------------------------------------------------


def engine_options(**raw: Any) -> dict[str, Any]:
    """The options a `/carousel new` with these choices stores (the adapter's own parsing)."""
    return CarouselAdapter().parse_options(raw)


def hint_cards(view: CarouselView) -> list[Any]:
    """The cards Hint preselects: those the normal computer player would meld now (none: draw)."""
    move = NormalPlayer().choose(view, random.Random(0))
    return added_cards(move, view) if isinstance(move, MeldStep) else []


def hint_move(view: CarouselView) -> Move:
    """The HINT policy in the engine: the hinted cards, arranged as Meld proposes them."""
    if view.phase is Phase.KNOCK:
        return Knock() if view.can_knock else PassKnock()
    cards = hint_cards(view) if view.phase.may_meld else []
    if not cards:
        return Draw()
    table = arrange(view.table, cards, copies=view.decks)
    assert table is not None, "Hint suggested cards that Meld cannot place"
    return MeldStep(table)


def draw_move(view: CarouselView) -> Move:
    return PassKnock() if view.phase is Phase.KNOCK else Draw()


@dataclass(frozen=True, slots=True)
class Table:
    """A game in the engine: its seed, options and each seat's policy (HINT, DRAW or COMPUTER)."""

    seed: int
    players: int
    options: Mapping[str, Any]
    policies: Sequence[str]
    level: str = "normal"

    def start(self) -> State:
        state = ENGINE.new_game(self.players, self.seed, self.options)
        assert isinstance(state, State)
        return state

    def move(self, state: State, version: int) -> Move:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        policy = self.policies[seat]
        if policy == COMPUTER:
            player = ENGINE.computer(self.level)
            return player.choose(view, seeded_rng(self.seed, "computer", version))  # type: ignore[no-any-return]
        return hint_move(view) if policy == HINT else draw_move(view)

    def simulate(self, stop: Callable[[State], bool] = lambda state: False, limit: int = 2000) -> Run:
        """Play from the deal until `stop`, the game's end or `limit` moves."""
        states: list[State] = [self.start()]
        moves: list[Move] = []
        while not stop(states[-1]) and not states[-1].is_over and len(moves) < limit:
            moves.append(self.move(states[-1], len(moves)))
            states.append(states[-1].apply(moves[-1]))
        return Run(states, moves)


@dataclass(frozen=True, slots=True)
class Run:
    """A simulated game: `states[v]` is the game at version v, `moves[v]` the move made there."""

    states: list[State]
    moves: list[Move]

    @property
    def last(self) -> State:
        return self.states[-1]

    @property
    def codes(self) -> list[str]:
        return [move.encode() for move in self.moves]


def find_seed(predicate: Callable[[int], bool], start: int = 0, limit: int = 400) -> int:
    """The first seed from `start` for which `predicate` holds (scenario tests pass the seed they
    found last time as `start`, so the search is one call unless the engine's play has changed)."""
    for seed in range(start, start + limit):
        if predicate(seed):
            return seed
    raise AssertionError(f"no seed in {start}..{start + limit} fits the scenario")


# Reading messages --------------------------------------------------------------------------------


def controls(message: Message, action: str, *, enabled: bool | None = None) -> list[dict[str, Any]]:
    found = [c for c in message.buttons if action_of(c) == action]
    if enabled is not None:
        found = [c for c in found if bool(c.get("disabled")) != enabled]
    return found


def menus(message: Message) -> list[dict[str, Any]]:
    """The card select menus of a hand message."""
    return [s for s in message.selects if str(s.get("custom_id", "")).startswith("cr:")]


def selected_labels(message: Message) -> list[str]:
    return [o["label"] for s in menus(message) for o in s.get("options", []) if o.get("default")]


def table_of(fake: FakeDiscord) -> Message:
    for message in reversed(fake.messages(fake.channel)):
        if message.text.startswith(TABLE_TITLE):
            return message
    raise AssertionError("no Carousel table message in the channel")


async def table_showing(fake: FakeDiscord, text: str, timeout: float = 60.0) -> Message:
    """The table message once its header contains `text` (table edits are coalesced, so wait)."""
    return await fake.wait_for_message(
        fake.channel, lambda m: m.id == table_of(fake).id and text in m.text, timeout=timeout
    )


# Acting ------------------------------------------------------------------------------------------


async def open_table(fake: FakeDiscord, host: SimUser, **options: Any) -> Message:
    return await open_lobby(fake, host, "carousel new", **options)


async def start(fake: FakeDiscord, host: SimUser, lobby: Message, guests: Sequence[SimUser] = ()) -> Message:
    """Guests Join in order (seats 1, 2, ...), the host presses Start; wait for every person's hand."""
    for guest in guests:
        await click(guest, lobby, "Join")
    table = await click(host, lobby, "Start")
    await first_hand(fake, [host, *guests])
    return table


async def quiet(bot: CardBot, timeout: float = 60.0) -> None:
    """Wait until the bot has no after-move work in flight, as a person waits for their screen to settle.

    After a draw the mover's DM is redrawn twice, by the click and by the after-move refresh of every
    changed hand; a click made in between would have its redraw (a hint, a selection) replaced.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while bot.service._background or bot.reconciler.busy:
        assert loop.time() < deadline, "the bot never settled after a move"
        await asyncio.sleep(0.002)


async def press(bot: CardBot, user: SimUser, message: Message, action: str) -> Message:
    """Press the one enabled button with this action, once the bot has settled; returns the redrawn hand."""
    found = controls(message, action, enabled=True)
    assert len(found) == 1, f"no single {action!r} button: {[b.get('label') for b in message.buttons]}"
    await quiet(bot)
    result = await user.click(message, custom_id=found[0]["custom_id"])
    assert isinstance(result, Message), result
    return result


async def pick(bot: CardBot, user: SimUser, message: Message, labels: Sequence[str]) -> Message:
    """Select cards by label through every menu that offers some of them (each menu keeps the others)."""
    wanted = list(labels)
    current = message
    for number in range(len(menus(message))):
        menu = menus(current)[number]
        values = []
        for option in menu["options"]:
            if option["label"] in wanted:
                wanted.remove(option["label"])
                values.append(option["value"])
        if values:
            await quiet(bot)
            result = await user.select(current, menu["custom_id"], values)
            assert isinstance(result, Message), result
            current = result
    assert not wanted, f"cards not offered in the menus: {wanted}"
    return current


async def act(bot: CardBot, user: SimUser, hand: Message, policy: str) -> Message:
    """One move by `policy` on a hand message where it is the user's turn (the clicks a person makes)."""
    if controls(hand, "knock", enabled=True):
        return await press(bot, user, hand, "knock" if policy == HINT else "pass")
    if controls(hand, "pass", enabled=True):  # CA-9: the end-of-turn pause over the limit, End turn only
        return await press(bot, user, hand, "pass")
    if policy == HINT and controls(hand, "hint", enabled=True):
        hinted = await press(bot, user, hand, "hint")
        if controls(hinted, "meld", enabled=True):
            proposal = await press(bot, user, hinted, "meld")
            return await press(bot, user, proposal, "ok")
        return await press(bot, user, hinted, "draw")
    return await press(bot, user, hand, "draw")


async def play(
    fake: FakeDiscord,
    bot: CardBot,
    policies: Mapping[SimUser, str],
    *,
    stop: Callable[[], bool] = lambda: False,
    until: int | None = None,
    timeout: float = 300.0,
) -> SimUser | None:
    """Every person plays their policy from the DM hand until the game ends, `stop()`, or (with `until`)
    someone's hand says it is their turn at version `until`: that person is returned, not having acted."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    acted = {user.id: -1 for user in policies}
    while game_over_in(fake) is None and not stop():
        assert loop.time() < deadline, "the game did not get there in time"
        moved = False
        for user, policy in policies.items():
            hand = hand_of(fake, user)
            if hand is None or "Your turn" not in hand.text or version_of(hand) <= acted[user.id]:
                continue
            if until is not None and version_of(hand) >= until:
                return user
            acted[user.id] = version_of(hand)
            await act(bot, user, hand, policy)
            moved = True
        if not moved:
            await asyncio.sleep(0.005)
    return None


async def turn(fake: FakeDiscord, user: SimUser, at: int, timeout: float = 60.0) -> Message:
    """The user's hand once it is drawn for version `at` and says it is their turn."""
    return await fake.wait_for_message(
        user.dm, lambda m: bool(m.buttons) and "Your turn" in m.text and version_of(m) == at, timeout=timeout
    )


def hand_version(fake: FakeDiscord, user: SimUser) -> int:
    hand = hand_of(fake, user)
    return version_of(hand) if hand is not None else -1
