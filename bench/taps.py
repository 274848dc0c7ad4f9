"""Taps a person needs: from /cardroom to a started game against the computer, then per move, in each game.

A tap is one interaction a person sends: a button click, a select submission or a slash command (each
is one INTERACTION_CREATE). Opening a select menu or ticking its options sends nothing until the
menu closes, so a select counts once however many cards it picks.

Every run is a fresh bot against the offline Discord: alice sends `/cardroom`, presses Play <game>
(bot.flows.quickstart), and plays her DM hand against the normal computer player, one scripted move at a
time, until the game ends or she has made `--moves` moves. The scripted people press what a person
who knows their move would press:
- Thirteen, suggestions: the first suggestion button ("Pair 9♠ 9♥"), else Pass: one tap a move.
- Thirteen, select + Play: the cards chosen in the menu (Hint does the same choosing in one tap)
  then Play, or Pass alone: the path before the suggestion buttons existed.
- Carousel: Draw, or the normal player's cards picked in the card menus (one submission per menu)
  then Meld and Confirm; Knock or End turn when offered.
- Schnapsen: the first playable card, Draw / Keep in pagat's pauses (bench.players.schnapsen).
- Gin Rummy: Pass or take the upcard, draw from the stock, Knock when it is offered, else discard.
Moves are counted from the stored move log (the person's own moves; automatic passes are not theirs).

    python -m bench.taps [--moves 40] [--games thirteen carousel ...]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import bot.flows.lobby as lobby_module
from bench.players.carousel import HINT, hint_cards, pick
from bench.players.carousel import act as carousel_act
from bench.players.carousel import press as carousel_press
from bench.players.common import FAST, game_id_of, game_over_in, take_turn_with_hint
from bench.players.schnapsen import controls, first_card, hand_of, press, version_of
from bot.process.bot import CardBot
from data import MoveSource
from fakediscord import FakeDiscord, Message, SimUser
from games import registry
from harness.offline import BotHarness

THIRTEEN = "thirteen"
Step = Callable[[FakeDiscord, CardBot, SimUser, Message], Awaitable[None]]


class Taps:
    """Counts every click and select submission people send (wrapping SimUser's two methods)."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self._click = SimUser.click
        self._select = SimUser.select

    def __enter__(self) -> Taps:
        counter, click, select = self, self._click, self._select

        async def counted_click(user: SimUser, message: Message, **kwargs: Any) -> Any:
            counter.sent[user.name] += 1
            return await click(user, message, **kwargs)

        async def counted_select(user: SimUser, message: Message, custom_id: str, values: list[str], **kw: Any) -> Any:
            counter.sent[user.name] += 1
            return await select(user, message, custom_id, values, **kw)

        SimUser.click = counted_click  # type: ignore[method-assign,assignment]
        SimUser.select = counted_select  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        SimUser.click = self._click  # type: ignore[method-assign]
        SimUser.select = self._select  # type: ignore[method-assign]


# One move by a person who knows it, per game ----------------------------------------------------------


async def thirteen_suggestion(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message) -> None:
    offered = controls(hand, "take", enabled=True)
    chosen = offered[0] if offered else controls(hand, "pass", enabled=True)[0]
    await press(user, hand, str(chosen["custom_id"]))


async def thirteen_select(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message) -> None:
    state = (await bot.service.load(game_id_of(hand))).state
    assert state is not None
    wanted = bot.service.adapters[THIRTEEN].computer("normal").choose(state.view(0), random.Random(0))
    if not controls(hand, "take", enabled=True) or type(wanted).__name__ == "Pass":  # Pass: one tap
        await press(user, hand, str(controls(hand, "pass", enabled=True)[0]["custom_id"]))
        return
    await take_turn_with_hint(fake, user, hand)  # Hint chooses the cards as one menu submission would


async def carousel_move(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message) -> None:
    """The normal player's move: Draw, or its cards picked in the menus then Meld and Confirm; Knock / End turn."""
    if controls(hand, "knock", enabled=True) or controls(hand, "pass", enabled=True):
        await carousel_act(bot, user, hand, HINT)
        return
    state = (await bot.service.load(game_id_of(hand))).state
    assert state is not None
    view = state.view(0)
    cards = hint_cards(view) if view.may_meld else []
    if not cards:
        await carousel_press(bot, user, hand, "draw")
        return
    chosen = await pick(bot, user, hand, [str(card) for card in cards])
    proposal = await carousel_press(bot, user, chosen, "meld")
    await carousel_press(bot, user, proposal, "ok")


async def schnapsen_move(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message) -> None:
    custom_id = first_card(hand)
    assert custom_id is not None, hand.text
    await press(user, hand, custom_id)


async def gin_move(fake: FakeDiscord, bot: CardBot, user: SimUser, hand: Message) -> None:
    for action in ("passup", "stock", "big", "knock"):
        found = controls(hand, action, enabled=True)
        if found:
            await press(user, hand, str(found[0]["custom_id"]))
            return
    await press(user, hand, str(controls(hand, "disc", enabled=True)[-1]["custom_id"]))


@dataclass(frozen=True, slots=True)
class Way:
    kind: str
    label: str
    step: Step


WAYS = (
    Way("thirteen", "Thirteen, suggestion buttons", thirteen_suggestion),
    Way("thirteen", "Thirteen, select + Play", thirteen_select),
    Way("carousel", "Carousel", carousel_move),
    Way("schnapsen", "Schnapsen", schnapsen_move),
    Way("gin", "Gin Rummy", gin_move),
)


@dataclass(frozen=True, slots=True)
class Count:
    label: str
    to_start: int
    moves: int
    taps: int
    finished: bool
    by_move: dict[str, tuple[int, int]]  # the engine's move class -> (the person's moves, their taps)

    @property
    def per_move(self) -> float:
        return self.taps / self.moves if self.moves else 0.0


async def my_turn(fake: FakeDiscord, user: SimUser, after: int, timeout: float = 30.0) -> Message | None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while game_over_in(fake) is None:
        hand = hand_of(fake, user)
        if hand is not None and "Your turn" in hand.text and version_of(hand) > after:
            return hand
        if loop.time() > deadline:
            raise AssertionError(f"{user.name}'s turn never came")
        await asyncio.sleep(0.005)
    return None


async def measure(way: Way, cap: int) -> Count:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            harness = BotHarness(fake, Path(tmp))
            harness.strict_logs = False
            bot = await harness.start(tuning=FAST)
            assert isinstance(bot, CardBot)
            alice = fake.users["alice"]
            with Taps() as taps:
                menu = await alice.slash("cardroom")
                assert isinstance(menu, Message)
                started = await alice.click(menu, label=f"Play {bot.service.adapters[way.kind].title}")
                assert isinstance(started, Message) and "has started" in started.text, started
                to_start = 1 + taps.sent[alice.name]  # the slash command, then the clicks
                game_id = game_id_of(started)
                before = taps.sent[alice.name]
                acted, made = -1, 0
                by_move: dict[str, tuple[int, int]] = {}
                while made < cap and (hand := await my_turn(fake, alice, acted)) is not None:
                    acted = version_of(hand)
                    sent = taps.sent[alice.name]
                    await way.step(fake, bot, alice, hand)
                    made += 1
                    name = await last_move_name(bot, game_id)
                    moves_of, taps_of = by_move.get(name, (0, 0))
                    by_move[name] = (moves_of + 1, taps_of + taps.sent[alice.name] - sent)
                played = taps.sent[alice.name] - before
            await asyncio.sleep(0.2)  # the last move is stored before its answer; let the bot settle
            moves = (await bot.service.db.games.load(game_id)).moves
            own = sum(1 for m in moves if m.actor == 0 and m.source is MoveSource.PLAYER)
            finished = (await bot.service.load(game_id)).record.status.value == "finished"
            await harness.close()
    return Count(way.label, to_start, own, played, finished, by_move)


async def last_move_name(bot: CardBot, game_id: int) -> str:
    """The engine's name for the person's newest stored move (Draw, MeldStep, Knock, ...)."""
    loaded = await bot.service.load(game_id)
    saved = await bot.service.db.games.load(game_id)
    mine = [m for m in saved.moves if m.actor == 0 and m.source is MoveSource.PLAYER]
    if not mine or loaded.state is None:
        return "?"
    return type(loaded.state.decode_move(mine[-1].code)).__name__


class FixedSeed(random.SystemRandom):
    """The Play button draws each table's seed from SystemRandom: this one always gives `seed`."""

    chosen = 1

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        return self.chosen


async def run(kinds: list[str], cap: int, seed: int) -> list[Count]:
    """Every way of playing on the same deal (`seed`), so runs are repeatable and ways comparable."""
    FixedSeed.chosen = seed
    lobby_module.random = SimpleNamespace(**{**vars(random), "SystemRandom": FixedSeed})  # type: ignore[assignment]
    return [await measure(way, cap) for way in WAYS if way.kind in kinds]


def table(counts: list[Count]) -> str:
    lines = [
        "| game | taps /cardroom -> started game | person's moves | taps | taps per move |",
        "|---|---|---|---|---|",
    ]
    for c in counts:
        moves = f"{c.moves}" + ("" if c.finished else f" (first {c.moves}, game not over)")
        lines.append(f"| {c.label} | {c.to_start} | {moves} | {c.taps} | {c.per_move:.2f} |")
    lines += ["", "| game | move | moves | taps per move |", "|---|---|---|---|"]
    for c in counts:
        for name, (moves_of, taps_of) in sorted(c.by_move.items()):
            lines.append(f"| {c.label} | {name} | {moves_of} | {taps_of / moves_of:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=40, help="stop after the person's first N moves (default 40)")
    parser.add_argument("--games", nargs="*", default=list(registry.kinds()), help="kinds to measure")
    parser.add_argument("--seed", type=int, default=1, help="the table seed of every game (default 1)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    print(table(asyncio.run(run(args.games, args.moves, args.seed))))


if __name__ == "__main__":
    main()
