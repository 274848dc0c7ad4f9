"""A guided first Carousel game end to end: the tips on a new player's DM hand, turn by turn, as the
engine says they apply (cogs.carousel.guide); the same hand message after a restart; none in the next
game once the first was finished, and none for a person who turned them off.

The table's seed is found by searching the pure engine (`Table.simulate`) for a first game in which
the person's hand meets the draw, meld and result tips; the person plays the Hint policy against a
normal computer player, which `Table` mirrors, so every expected tip comes from the engine.
"""

from __future__ import annotations

import asyncio

import pytest

from bench.players.carousel import COMPUTER, HINT, Run, Table, act, engine_options, find_seed, open_table, quiet
from bench.players.common import click, game_id_of, game_over_in, start_bot
from bench.players.schnapsen import hand_of, version_of
from bot.process.bot import CardBot
from cogs.carousel.guide import MARK, Tip, due
from fakediscord import FakeDiscord, Message, SimUser
from tests.e2e.seeds import fixed_seed

SHORT = engine_options(target=30)  # one to three hands
POLICIES = (HINT, COMPUTER)
PHRASES = {  # how each tip reads on the hand message
    Tip.DRAW: "Your first turn.",
    Tip.MELD: "You can meld",
    Tip.TABLE: "The table is everyone's",
    Tip.KNOCK: "You may knock",
    Tip.RESULT: "How that hand was scored",
}


def shown_tips(message: Message) -> set[Tip]:
    return {tip for tip, phrase in PHRASES.items() if phrase in message.text}


def tips_on_turns(run: Run) -> set[Tip]:
    """Every tip the person (seat 0) meets on a hand message of their turn, in the engine's game."""
    return {tip for state in run.states if state.to_move == 0 for tip in due(state.view(0))}


def guided_table() -> Table:
    def fits(seed: int) -> bool:
        run = Table(seed, 2, SHORT, POLICIES).simulate(limit=400)
        return run.last.is_over and {Tip.DRAW, Tip.MELD, Tip.RESULT} <= tips_on_turns(run)

    return Table(find_seed(fits), 2, SHORT, POLICIES)


async def my_turn(fake: FakeDiscord, user: SimUser, after: int, timeout: float = 20.0) -> Message | None:
    """The person's DM hand once it is their turn at a version after `after`; None once the game is over."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while game_over_in(fake) is None:
        hand = hand_of(fake, user)
        if hand is not None and "Your turn" in hand.text and version_of(hand) > after:
            return hand
        assert loop.time() < deadline, "the person's turn never came"
        await asyncio.sleep(0.005)
    return None


async def play_checking_tips(fake: FakeDiscord, bot: CardBot, user: SimUser, run: Run) -> set[Tip]:
    """The person plays Hint to the end; at each of their turns the tips shown are the engine's."""
    met: set[Tip] = set()
    acted = -1
    while (hand := await my_turn(fake, user, acted)) is not None:
        acted = version_of(hand)
        expected = set(due(run.states[acted].view(0)))
        assert shown_tips(hand) == expected, (acted, hand.text)
        met |= expected
        await act(bot, user, hand, HINT)
    return met


async def test_ca4_a_first_game_explains_draw_meld_and_scoring_and_the_next_game_does_not(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """CA-4, CA-5, CA-12: a first game's hand shows the engine's tips at every turn, the same after a
    restart; once that game is finished, the next game the person starts from /cardroom has none."""
    table = guided_table()
    run = table.simulate()
    fixed_seed(monkeypatch, table.seed)
    first = await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_table(fake, alice, seats=2, target=SHORT["target"])
    await click(alice, lobby, "Start")
    opening = await my_turn(fake, alice, -1)
    assert opening is not None and Tip.DRAW in shown_tips(opening) and MARK in opening.text
    await quiet(first)
    edits = fake.edit_count(opening)
    await bots.stop(first)
    bot = await start_bot(bots)
    await quiet(bot)
    after = fake.message(opening)
    assert after.text == opening.text and fake.edit_count(opening) == edits  # redrawn identical: no edit

    met = await play_checking_tips(fake, bot, alice, run)
    assert {Tip.DRAW, Tip.MELD, Tip.RESULT} <= met
    assert not await bot.service.db.firsttime.guided(int(alice.id), "carousel")

    fixed_seed(monkeypatch, table.seed)  # the Play button opens its table through the lobby's row too
    menu = await alice.slash("cardroom")
    assert isinstance(menu, Message)
    started = await click(alice, menu, f"Play {bot.service.adapters['carousel'].title}")
    game = game_id_of(started)
    second = await fake.wait_for_message(
        alice.dm, lambda m: bool(m.buttons) and f"#{game} " in m.text and "Your turn" in m.text, timeout=20
    )
    assert MARK not in second.text and shown_tips(second) == set()


async def test_ca4_a_person_who_turned_tips_off_gets_none(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/settings tips shown:False: the first game's hand has no tips; shown:True brings them back."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    answer = await alice.slash("settings tips", shown=False)
    assert isinstance(answer, Message) and "No more tips" in answer.text
    assert not await bot.service.db.firsttime.guided(int(alice.id), "carousel")
    shown = await alice.slash("settings show")
    assert isinstance(shown, Message) and "Tips in your first game: off" in shown.text
    lobby = await open_table(fake, alice, seats=2, target=SHORT["target"])
    await click(alice, lobby, "Start")
    hand = await my_turn(fake, alice, -1)
    assert hand is not None and MARK not in hand.text
    await alice.slash("settings tips", shown=True)
    assert await bot.service.db.firsttime.guided(int(alice.id), "carousel")
