"""What a Sixty-Six / Schnapsen player is asked, through the offline Discord: a claim of 66 asks first,
and the draw-or-close question can be ended for the deal with one tap on the hand.

Expected numbers come from the pure engine replaying the stored moves, never typed in.
"""

from __future__ import annotations

import pytest

from bench.players.common import asks, confirm, game_over_in, start_bot
from bench.players.schnapsen import (
    controls,
    deal_shown,
    first_card,
    hand_of,
    new_state,
    open_table,
    play,
    simulate,
    start,
    version_of,
)
from cogs.schnapsen.adapter import may_claim
from cogs.schnapsen.words import CLAIM_QUESTION, CLAIMED
from fakediscord import FakeDiscord, Message
from games.schnapsen import Draw, Pause, PlayCard, State
from tests.e2e.seeds import fixed_seed

DRAW_UNASKED = "drawall"


MEMORY = {"preset": "schnapsen", "claim_mode": "memory"}


def _alice_may_claim(state: State) -> bool:
    """Alice (seat 0) is on turn and her hand offers Claim 66."""
    return state.to_move == 0 and may_claim(state.view(0))


async def test_claim_66_asks_first_and_no_keeps_the_deal(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
) -> None:
    """SX-11: in memory mode Claim 66 asks once (a false claim loses the deal); No changes nothing, Yes
    claims. Two people press their first card, on a seed where the engine says alice comes to a claim
    (with a computer's choices, some seeds end the series first)."""
    seed = next(s for s in range(200) if _alice_may_claim(simulate(s, MEMORY, stop=_alice_may_claim)[0]))
    fixed_seed(monkeypatch, seed)
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await start(fake, alice, await open_table(fake, alice, preset="schnapsen", claim="memory"), bob)

    def offers_claim(hand: Message | None) -> bool:
        return hand is not None and "Your turn" in hand.text and bool(controls(hand, "claim", enabled=True))

    def choose(hand: Message) -> str | None:  # a hand that offers the claim is left for the test to press
        return None if offers_claim(hand) else first_card(hand)

    await play(fake, [alice, bob], choose, stop=lambda: offers_claim(hand_of(fake, alice)))
    assert game_over_in(fake) is None, "the series ended before alice could claim"
    hand = hand_of(fake, alice)
    assert hand is not None
    claim = controls(hand, "claim")[0]["custom_id"]
    game_id, version = int(claim.split(":")[1]), version_of(hand)
    question = await alice.click(hand, custom_id=claim)
    assert asks(question) and question.text == CLAIM_QUESTION and question.ephemeral
    await confirm(alice, question, "No")
    assert (await bot.service.load(game_id)).record.version == version
    done = await confirm(alice, await alice.click(fake.message(hand), custom_id=claim))
    assert done.text == CLAIMED
    assert [m.code for m in (await bot.service.db.games.load(game_id)).moves][-1] == "claim"


SIXTY_SIX = {"preset": "sixty_six"}


def _pause_seats(seed: int) -> list[int]:
    """Who meets the draw-or-close question in deal 1 when everyone presses the first card or Draw."""
    state: State = new_state(seed, SIXTY_SIX)
    seats = []
    while state.deal_number == 1 and not state.is_over:
        if state.pause is Pause.DRAW:
            seats.append(state.to_move)
            state = state.apply(Draw())
        else:
            state = state.apply(next(m for m in state.legal_moves() if isinstance(m, PlayCard)))
    return seats


def _choose(fake: FakeDiscord, alice_dm: int):  # type: ignore[no-untyped-def]
    """Alice answers her first draw-or-close question with "Draw, don't ask again this deal"; everyone
    else presses the first card, or Draw."""

    def choose(hand: Message) -> str | None:
        unasked = controls(hand, DRAW_UNASKED, enabled=True)
        if hand.channel_id == alice_dm and controls(hand, "draw", enabled=True):
            assert len(unasked) == 1, f"no way to stop the question: {[b.get('label') for b in hand.buttons]}"
            return str(unasked[0]["custom_id"])
        return first_card(hand)

    return choose


async def test_sixty_six_asks_draw_or_close_once_a_deal_after_dont_ask_again(
    fake: FakeDiscord, bots, monkeypatch: pytest.MonkeyPatch  # type: ignore[no-untyped-def]
) -> None:
    """SX-10: alice taps "Draw, don't ask again this deal" at her first draw-or-close question; for the
    rest of the deal she is asked no more (her stored moves hold that one answer at a question and the
    engine never asks her again), where always pressing Draw she would have been asked at least twice;
    and she gets no more DMs than turns of hers (the turn notifications; the question adds none)."""
    seed = next(s for s in range(200) if _pause_seats(s).count(0) >= 2)
    fixed_seed(monkeypatch, seed)
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await start(fake, alice, await open_table(fake, alice, preset="sixty_six"), bob)
    await play(fake, [alice, bob], _choose(fake, alice.dm.id), stop=deal_shown(fake, [alice, bob], 1))
    moves = [m.code for m in (await bot.service.db.games.load(1)).moves]
    state: State = new_state(seed, SIXTY_SIX)
    answers: list[str] = []
    turn_starts, previous = 0, None
    for code in moves:
        mover = state.to_move
        turn_starts += mover == 0 and previous != 0
        if mover == 0 and state.pause is Pause.DRAW and state.deal_number == 1:
            answers.append(code)
        state = state.apply(state.decode_move(code))
        previous = mover
    turn_starts += state.to_move == 0 and previous != 0  # the turn alice was told of last
    assert answers == ["d+"]
    dms = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{alice.dm.id}/messages"]
    assert 0 < len(dms) <= turn_starts
