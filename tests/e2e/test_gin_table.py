"""Gin Rummy played end to end: real discord.py against the offline Discord, people pressing buttons.

The simulated people follow one simple policy (`simple_move`: pass the upcard, draw from the stock,
lay out big gin or press the offered Knock when there is one, else discard the last card of the
arrangement, which is deadwood whenever there is any). Where a test predicts an outcome, the pure
engine plays the same policy (`simulate`), so nothing expected is typed in.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest

from bench.players.common import FAST, final_standings, game_over_in, open_lobby, start_bot
from bench.players.schnapsen import controls, find_seed, hand_of, hand_version, press, settled, turn, version_of
from bench.players.schnapsen import play as play_hands
from cogs.gin.adapter import GinAdapter, best_knock, least_deadwood
from cogs.gin.words import knock_label, no_knock_label
from fakediscord import FakeDiscord, Message, SimUser
from games.base import IllegalMove
from games.gin import BIG_GIN, DRAW, ENGINE, PASS, Discard, Knock, Move, Phase, State
from harness.offline import BotHarness
from tests.e2e.seeds import fixed_seed

ADAPTER = GinAdapter()
QUICK = {"target": 10}  # one won hand usually ends a game: whole matches in seconds
TABLE_TITLE = "**Gin Rummy** · game #"


def options(**raw: Any) -> dict[str, Any]:
    return ADAPTER.parse_options(raw)


def new_state(seed: int, chosen: Mapping[str, Any]) -> State:
    state = ENGINE.new_game(2, seed, chosen)
    assert isinstance(state, State)
    return state


def simple_move(state: State, seat: int) -> Move:
    """The simulated people's policy, in engine terms (see the module docstring)."""
    view = state.view(seat)
    if view.phase is Phase.UPCARD:
        return PASS
    if view.phase is Phase.DRAW:
        return DRAW
    if view.can_big_gin:
        return BIG_GIN
    knock = best_knock(view)
    if knock is not None:
        return Knock.of(knock[0])
    return Discard.of([card for card in view.arrangement.cards if card != view.just_taken][-1])


def simple_choice(hand: Message) -> str | None:
    """The same policy on a DM hand: the custom id to press."""
    for action in ("passup", "stock", "big", "knock"):
        found = controls(hand, action, enabled=True)
        if found:
            return str(found[0]["custom_id"])
    cards = controls(hand, "disc", enabled=True)
    return str(cards[-1]["custom_id"]) if cards else None


def simulate(seed: int, chosen: Mapping[str, Any], stop: Callable[[State], bool] = lambda s: False,
             limit: int = 3000) -> tuple[State, int]:
    """Both seats play `simple_move` until `stop`, the match ends or `limit` moves; returns (state, version)."""
    state, version = new_state(seed, chosen), 0
    while not stop(state) and not state.is_over and version < limit:
        seat = state.to_move
        assert seat is not None
        state = state.apply(simple_move(state, seat))
        version += 1
    return state, version


async def play(fake: FakeDiscord, users: list[SimUser], *, stop: Callable[[], bool] = lambda: False,
               timeout: float = 90.0) -> int:
    """Every user presses `simple_choice` on their DM hand until the match ends or `stop()`."""
    return await play_hands(fake, users, simple_choice, stop=stop, timeout=timeout)



def names(fake: FakeDiscord) -> tuple[str, str]:
    return tuple(fake.users[n].person.json()["global_name"] for n in ("alice", "bob"))  # type: ignore[return-value]


def table_of(fake: FakeDiscord) -> Message:
    for message in reversed(fake.messages(fake.channel)):
        if message.text.startswith(TABLE_TITLE):
            return message
    raise AssertionError("no table message in the channel")


async def open_table(fake: FakeDiscord, host: SimUser, **slash: Any) -> Message:
    return await open_lobby(fake, host, "gin new", **slash)


async def two_humans(fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, seed: int,
                     **slash: Any) -> tuple[SimUser, SimUser]:
    """A table with this seed opened by alice (seat 0) and joined by bob; Start; wait for the first hand."""
    fixed_seed(monkeypatch, seed)
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_table(fake, alice, **slash)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await fake.wait_for_message(alice.dm if new_state(seed, options(**slash)).to_move == 0 else bob.dm,
                                lambda m: bool(m.buttons))
    return alice, bob


def alice_first(seed: int) -> bool:
    """GR-4: seat 0 is the non-dealer, so alice is offered the upcard first."""
    return new_state(seed, options(**QUICK)).to_move == 0


async def test_gin_rules_command_answers_privately(fake: FakeDiscord, bots: BotHarness) -> None:
    """/gin rules: the rules with what Oklahoma changes, only for the asker, in one message."""
    await start_bot(bots)
    reply = await fake.users["carol"].slash("gin rules", oklahoma=True)
    assert isinstance(reply, Message) and reply.ephemeral
    assert "**Knock**" in reply.text and "Oklahoma" in reply.text and len(reply.text) <= 2000


async def test_rules_pages_include_gin(fake: FakeDiscord, bots: BotHarness) -> None:
    """/rules game:gin pages the Gin rules like every other game's, privately."""
    await start_bot(bots)
    reply = await fake.users["carol"].slash("rules", game="gin")
    assert isinstance(reply, Message) and reply.ephemeral and "Gin Rummy" in reply.text


# Whole matches ------------------------------------------------------------------------------------


@pytest.mark.parametrize("switches", [{}, {"oklahoma": True}, {"hollywood": True}])
async def test_gr11_a_match_against_the_computer_runs_to_the_standings(
    fake: FakeDiscord, bots: BotHarness, switches: dict[str, bool]
) -> None:
    """GR-11 (GR-12, GR-13): one /gin new, the human plays hand after hand from the DM until the standings."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_table(fake, alice, level="easy", **QUICK, **switches)
    assert options(**QUICK, **switches)["oklahoma"] == ("Oklahoma" in lobby.text)
    table = await alice.click(lobby, label="Start")
    assert isinstance(table, Message) and table.attachments and table.attachments[0].is_png
    assert await play(fake, [alice]) > 0
    standings = final_standings(fake)
    assert len(standings) == 2 and standings[0][1] > standings[1][1], game_over_in(fake).text
    final = await fake.wait_for_message(
        fake.channel, lambda m: m.id == table_of(fake).id and "wins the match" in m.text
    )
    assert "Game" in final.text


async def test_gr11_a_whole_game_to_100_against_the_computer_counts_every_bonus(
    fake: FakeDiscord, bots: BotHarness
) -> None:
    """GR-11: to the rules' 100; the winner's total has the 100 game bonus and 25 a hand won on top of 100 points."""
    await start_bot(bots, replace(FAST, table_edit_interval=0.25))  # the table image need not follow every move
    alice = fake.users["alice"]
    await alice.click(await open_table(fake, alice, level="easy"), label="Start")
    await play(fake, [alice], timeout=240)
    standings = final_standings(fake)
    assert standings[0][1] >= 100 + 100 + 25 and standings[0][1] > standings[1][1]


async def test_gr11_two_humans_end_as_the_engine_says(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GR-9, GR-11: two people play a whole match; the standings are those of the same play in the engine."""
    chosen = options(**QUICK)
    seed = find_seed(lambda s: alice_first(s) and simulate(s, chosen, limit=120)[0].is_over)
    expected, _ = simulate(seed, chosen)
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    await play(fake, [alice, bob])
    result = expected.result()
    ranked = sorted(range(2), key=lambda seat: (result.places[seat], seat))
    assert final_standings(fake) == [(names(fake)[seat], result.scores[seat]) for seat in ranked]


# Controls -----------------------------------------------------------------------------------------


async def test_gr4_the_first_turn_offers_the_upcard_or_pass_and_greys_the_cards(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GR-4: the non-dealer's first hand has "Take the upcard X" and "Pass"; no card can be discarded yet."""
    seed = find_seed(alice_first)
    state = new_state(seed, options(**QUICK))
    alice, _ = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    hand = await turn(fake, alice)
    assert hand is not None
    assert [b["label"] for b in controls(hand, "takeup", enabled=True)] == [f"Take the upcard {state.view(0).top}"]
    assert [b["label"] for b in controls(hand, "passup", enabled=True)] == ["Pass"]
    assert not controls(hand, "disc", enabled=True) and len(controls(hand, "disc")) == 10
    assert len(hand.components) <= 5  # Discord: at most five action rows


def knock_seed(legal: bool) -> Callable[[int], bool]:
    """Seeds where alice's first discard decision (after passing and drawing) has a knock, or has none."""

    def fits(seed: int) -> bool:
        if not alice_first(seed):
            return False
        state, _ = simulate(seed, options(**QUICK), stop=lambda s: s.to_move == 0 and s.phase is Phase.DISCARD)
        if state.to_move != 0 or state.phase is not Phase.DISCARD or state.hand_number != 1:
            return False
        return bool(state.view(0).knocks) == legal

    return fits


async def test_gr6_knock_is_disabled_when_illegal_and_a_forged_knock_is_refused(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GR-6: with no discard within the knock limit Knock is greyed; a forged one gets the engine's reason."""
    seed = find_seed(knock_seed(legal=False))
    state, version = simulate(seed, options(**QUICK), stop=lambda s: s.to_move == 0 and s.phase is Phase.DISCARD)
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    await play(fake, [alice, bob], stop=lambda: hand_version(fake, alice) >= version)
    hand = await turn(fake, alice, version - 1)
    assert hand is not None and version_of(hand) == version
    assert not controls(hand, "knock", enabled=True) and not controls(hand, "kmode")
    least = least_deadwood(state.view(0))[1]
    assert [b["label"] for b in controls(hand, "knock")] == [no_knock_label(state.view(0), least)]
    card = state.view(0).arrangement.cards[0]
    with pytest.raises(IllegalMove) as refused:
        state.check(Knock.of(card))
    # A modified client: the first card button turned into a Knock with that card (real clients can only
    # press what the message holds, so the forged button is put on a copy of the message).
    forged_id = f"cr:{hand.buttons[0]['custom_id'].split(':')[1]}:{version}:knock:{card.code}"
    raw = copy.deepcopy(hand.raw)
    first_button = next(c for c in replace(hand, raw=raw).walk() if c.get("custom_id") == hand.buttons[0]["custom_id"])
    first_button.update(custom_id=forged_id, disabled=False)
    data = {"custom_id": forged_id, "component_type": 2}
    redrawn = await fake.start_interaction(alice.person, 3, data, alice.dm, replace(hand, raw=raw))
    assert isinstance(redrawn, Message) and f"⚠️ {refused.value.reason}" in redrawn.text
    assert version_of(redrawn) == version  # nothing moved


async def test_gr6_knock_is_offered_with_the_deadwood_it_leaves(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GR-6, GR-7: when a discard knocks, the Knock button names the card and the deadwood left; pressing it scores."""
    seed = find_seed(knock_seed(legal=True))
    state, version = simulate(seed, options(**QUICK), stop=lambda s: s.to_move == 0 and s.phase is Phase.DISCARD)
    best = best_knock(state.view(0))
    assert best is not None
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    await play(fake, [alice, bob], stop=lambda: hand_version(fake, alice) >= version)
    hand = await turn(fake, alice, version - 1)
    assert hand is not None and version_of(hand) == version
    knocks = controls(hand, "knock", enabled=True)
    assert [b["label"] for b in knocks] == [knock_label(*best)]
    after = state.apply(Knock.of(best[0]))
    await press(alice, hand, knocks[0]["custom_id"])
    assert after.last_hand is not None
    await fake.wait_for_message(fake.channel, lambda m: m.id == table_of(fake).id and f"Hand 1: {names(fake)[0]}"
                                in m.text)


# Bad input, refused DMs and restarts ---------------------------------------------------------------


async def test_a_stale_button_gets_the_current_hand(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A press on a hand drawn for an older version answers "out of date" with the current hand."""
    seed = find_seed(alice_first)
    alice, _ = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    hand = await turn(fake, alice)
    assert hand is not None
    old = dict(hand.buttons[0])
    await press(alice, hand, str(controls(hand, "passup", enabled=True)[0]["custom_id"]))
    data = {"custom_id": old["custom_id"], "component_type": 2}
    stale = await fake.start_interaction(alice.person, 3, data, alice.dm, hand)
    assert isinstance(stale, Message) and "out of date" in stale.text
    assert version_of(stale) > version_of(hand)


async def test_someone_not_seated_is_answered_politely(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """My hand, or a hand control, from someone not at the table: a polite private reason, nothing moves."""
    seed = find_seed(alice_first)
    alice, _ = await two_humans(fake, bots, monkeypatch, seed, **QUICK)
    carol = fake.users["carol"]
    table = table_of(fake)
    reply = await carol.click(table, label="My hand")
    assert isinstance(reply, Message) and reply.ephemeral and "not playing" in reply.text
    hand = await turn(fake, alice)
    assert hand is not None
    data = {"custom_id": controls(hand, "passup")[0]["custom_id"], "component_type": 2}
    forged = await fake.start_interaction(carol.person, 3, data, alice.dm, hand)
    assert isinstance(forged, Message) and "not playing" in forged.text
    assert version_of(hand_of(fake, alice) or hand) == version_of(hand)


async def test_a_refused_dm_falls_back_to_the_panel(fake: FakeDiscord, bots: BotHarness) -> None:
    """A closed DM (50007) is announced in the channel, and My hand shows the Gin controls privately."""
    erin = fake.users["erin"]
    erin.dms_open = False
    await start_bot(bots)
    lobby = await open_table(fake, erin, level="easy", **QUICK)
    table = await erin.click(lobby, label="Start")
    assert isinstance(table, Message)
    notice = await fake.wait_for_message(fake.channel, lambda m: "can't send you direct messages" in m.text)
    assert erin.mention in notice.text
    panel = await erin.click(table, label="My hand")
    assert isinstance(panel, Message) and panel.ephemeral and panel.attachments[0].is_png
    assert len(controls(panel, "disc")) >= 10
    assert controls(panel, "passup", enabled=True) or controls(panel, "stock", enabled=True)


async def test_restart_mid_hand_then_play_on_from_the_same_messages(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart in the middle of a hand: the old DM buttons still work and the match ends as the engine says."""
    chosen = options(**QUICK)
    seed = find_seed(lambda s: alice_first(s) and 12 < simulate(s, chosen, limit=120)[1] < 120
                     and simulate(s, chosen, limit=120)[0].is_over)
    expected, moves = simulate(seed, chosen)
    fixed_seed(monkeypatch, seed)
    first = await start_bot(bots, FAST)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_table(fake, alice, **QUICK)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await play(fake, [alice, bob], stop=lambda: max(hand_version(fake, u) for u in (alice, bob)) >= moves // 2)
    mover = await settled(fake, [alice, bob])
    before = hand_of(fake, mover)
    await bots.stop(first)
    second = await start_bot(bots, FAST)
    await second.reconciler.idle()
    after = hand_of(fake, mover)
    assert before is not None and after is not None and after.id == before.id
    await play(fake, [alice, bob])
    result = expected.result()
    ranked = sorted(range(2), key=lambda seat: (result.places[seat], seat))
    assert final_standings(fake) == [(names(fake)[seat], result.scores[seat]) for seat in ranked]
