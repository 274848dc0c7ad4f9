"""Sixty-Six played end to end: real discord.py against the offline Discord, people pressing buttons.

Scenario tests fix the table's seed and let both people press "the first card they may play" except
where the scenario presses Marriage, Swap, Close or Claim (or, in pagat 66's pauses, Close without
drawing and Exchange; otherwise Draw and Keep); the expected results come from the pure engine
playing the same script (`simulate`), never from numbers typed into the test.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bench.players.common import FAST, final_standings, start_bot
from bench.players.schnapsen import (
    card_codes,
    controls,
    deal_shown,
    engine_options,
    find_seed,
    first_card,
    first_playable,
    hand_of,
    hand_version,
    new_state,
    open_table,
    play,
    press,
    press_action,
    scripted,
    settled,
    simulate,
    start,
    table_of,
    turn,
    version_of,
)
from bot.process.config import Tuning
from cogs.schnapsen.adapter import hint_text
from cogs.schnapsen.words import deal_line, refusal_said
from fakediscord import FakeDiscord, Message, SimUser
from games.base import IllegalMove
from games.cards import parse_card
from games.schnapsen import Claim, Close, DealEnd, Declared, ExchangeTrump, Marriage, Pause, PlayCard, State
from games.schnapsen.ai import NormalPlayer
from harness.offline import BotHarness
from rendering.schnapsen import log_text
from tests.e2e.seeds import fixed_seed

SCHNAPSEN = engine_options(preset="schnapsen")
MEMORY = engine_options(preset="schnapsen", claim_mode="memory")
SANTASE = engine_options(preset="santase")
SIXTY_SIX = engine_options(preset="sixty_six")
# Whole series: the table image is redrawn at most every 0.25 s (the coalescing of bot/projection/table.py still
# ends on the newest state), so CPU goes to the moves rather than to table images nobody looks at.
SERIES = replace(FAST, table_edit_interval=0.25)


def names(fake: FakeDiscord) -> tuple[str, str]:
    """Display names of seat 0 (alice, the host) and seat 1 (bob), as Discord shows them."""
    return tuple(fake.users[n].person.json()["global_name"] for n in ("alice", "bob"))  # type: ignore[return-value]


async def two_humans(
    fake: FakeDiscord,
    bots: BotHarness,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    tuning: Tuning = FAST,
    **slash: str,
) -> tuple[SimUser, SimUser]:
    """A table with this seed, opened by alice (seat 0, leads the first deal: seat 1 deals, SX-3) and
    joined by bob; checks that alice was dealt the engine's hand for that seed."""
    fixed_seed(monkeypatch, seed)
    await start_bot(bots, tuning)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await start(fake, alice, await open_table(fake, alice, **slash), bob)
    options = engine_options(preset=slash.get("preset", "santase"), claim_mode=slash.get("claim", "auto"))
    await dealt_as_engine(fake, alice, new_state(seed, options))
    return alice, bob


async def dealt_as_engine(fake: FakeDiscord, alice: SimUser, state: State) -> None:
    """Alice's first hand is seat 0's hand in `state`: the table really uses the chosen seed."""
    hand = await fake.wait_for_message(alice.dm, lambda m: bool(m.buttons))
    assert card_codes(hand) == [card.code for card in state.view(0).hand], "the table ignored the chosen seed"


async def table_showing(fake: FakeDiscord, text: str) -> Message:
    """The table message once its header contains `text` (table edits are coalesced, so wait)."""
    return await fake.wait_for_message(fake.channel, lambda m: m.id == table_of(fake).id and text in m.text)



async def test_schnapsen_rules_command_answers_privately_per_preset(fake: FakeDiscord, bots: BotHarness) -> None:
    """/schnapsen rules: the common rules and what the chosen preset changes, only for the asker."""
    await start_bot(bots)
    reply = await fake.users["carol"].slash("schnapsen rules", preset="schnapsen")
    assert isinstance(reply, Message) and reply.ephemeral
    assert "66" in reply.text and "20 cards" in reply.text


# Full series -------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["santase", "schnapsen"])
async def test_sx15_series_against_a_computer_runs_deal_after_deal_to_the_target(
    fake: FakeDiscord, bots: BotHarness, preset: str
) -> None:
    """SX-15: one /schnapsen new, the human plays every deal from the DM hand until someone reaches the target."""
    # A new DM hand at every turn start against a quick computer is more sends than the DM's 5 per 5 s:
    # at Discord's timing a Santase series takes about all of `play`'s 60 s. Windows a fifth as long.
    fake.rate_limits.scale = 0.2
    await start_bot(bots, SERIES)
    alice = fake.users["alice"]
    lobby = await open_table(fake, alice, preset=preset, level="easy")
    assert ("Santase" if preset == "santase" else "Schnapsen") in lobby.text
    table = await start(fake, alice, lobby)
    assert table.attachments and table.attachments[0].is_png
    assert await play(fake, [alice]) > 0
    target = engine_options(preset=preset)["target"]
    standings = final_standings(fake)
    assert standings[0][1] >= target > standings[1][1]
    final = await table_showing(fake, "wins the series")
    assert "**Deal" in final.text


# A full series costs about 0.1 s a move through the offline Discord, so these tables use the first
# seed whose series (same simple play on both sides) is short; it still spans several deals.
SHORT_SERIES = {"santase": 80, "schnapsen": 40}


@pytest.mark.parametrize("preset", ["santase", "schnapsen"])
async def test_sx15_series_between_two_humans_ends_as_the_engine_says(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    """SX-15: two people play a whole series; the final standings are those of the same play in the engine."""
    options = engine_options(preset=preset)
    limit = SHORT_SERIES[preset]
    seed = find_seed(lambda s: simulate(s, options, stop=lambda state: False, limit=limit)[0].is_over)
    expected, _ = simulate(seed, options, stop=lambda state: False)
    assert expected.deal_number > 1
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, SERIES, preset=preset)
    await play(fake, [alice, bob])
    result = expected.result()
    seat_names = names(fake)
    ranked = sorted(range(2), key=lambda seat: result.places[seat])
    assert final_standings(fake) == [(seat_names[seat], result.scores[seat]) for seat in ranked]


# Lead actions ------------------------------------------------------------------------------------


async def test_sx8_marriage_button_then_the_card_to_lead(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-8: Marriage, then a K or Q: the marriage is announced at the table and the card is led."""
    seed = find_seed(lambda s: any(isinstance(m, Marriage) for m in new_state(s, SCHNAPSEN).legal_moves()))
    alice, _ = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen")
    hand = await turn(fake, alice)
    assert hand is not None
    choosing = await press_action(alice, hand, "mar")
    assert "choose the card to lead" in choosing.text
    lead = controls(choosing, "marry", enabled=True)[0]
    card = parse_card(lead["custom_id"].split(":")[4])
    opening = new_state(seed, SCHNAPSEN)
    after = opening.apply(next(m for m in opening.legal_moves() if isinstance(m, Marriage) and m.card == card))
    await press(alice, choosing, lead["custom_id"])
    declared = log_text(next(entry for entry in after.log if isinstance(entry, Declared)), names(fake))
    await table_showing(fake, declared)
    assert card.code not in card_codes(hand_of(fake, alice) or hand)
    assert f"led {card}" in table_of(fake).text


async def test_sx9_swap_takes_the_face_up_trump(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-9: Swap gives the trump J for the face-up trump card; hand and table show the exchange."""
    seed = find_seed(lambda s: ExchangeTrump() in new_state(s, SCHNAPSEN).legal_moves())
    after = new_state(seed, SCHNAPSEN).apply(ExchangeTrump())
    alice, _ = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen")
    hand = await turn(fake, alice)
    assert hand is not None
    swapped = await press_action(alice, hand, "swap")
    assert card_codes(swapped) == [card.code for card in after.view(0).hand]
    assert "Your turn" in swapped.text and not controls(swapped, "swap")
    await table_showing(fake, log_text(after.log[-1], names(fake)))


async def test_hint_suggests_the_normal_players_lead_through_the_button(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hint on the DM hand answers with the normal computer player's move from that hand's view."""
    seed = 5
    state = new_state(seed, SANTASE)
    alice, _ = await two_humans(fake, bots, monkeypatch, seed)
    hand = await turn(fake, alice)
    assert hand is not None
    hinted = await press_action(alice, hand, "hint")
    suggested = NormalPlayer().choose(state.view(0), random.Random(version_of(hand)))
    assert f"💡 Hint: {hint_text(suggested)}." in hinted.text
    assert version_of(hinted) == version_of(hand)  # a hint changes nothing at the table


@pytest.mark.parametrize("ending", [DealEnd.CLOSE_WON, DealEnd.CLOSE_FAILED])
async def test_sx13_close_the_stock_then_win_or_fail(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, ending: DealEnd
) -> None:
    """SX-10, SX-13: alice closes on the first lead; the deal is scored as the engine scores the same play."""
    script = {0: Close()}
    seed = find_seed(lambda s: simulate(s, SCHNAPSEN, script)[0].last_deal.reason is ending)  # type: ignore[union-attr]
    expected, _ = simulate(seed, SCHNAPSEN, script)
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen")
    await play(fake, [alice, bob], scripted(script), stop=deal_shown(fake, [alice, bob], 1))
    assert expected.last_deal is not None
    await table_showing(fake, deal_line(expected.last_deal, names(fake)))


async def test_sx10_sx9_close_before_drawing_then_the_exchange_offer_through_buttons(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-10, SX-9 (pagat 66): the trick's winner presses "Close without drawing"; the opponent, holding the
    trump 9, presses "Exchange 9 for ..."; the deal then ends as the engine scores the same play."""

    def first_pause(seed: int) -> tuple[State, int]:
        return simulate(seed, SIXTY_SIX, stop=lambda state: state.pause is Pause.DRAW)

    def offers_exchange(seed: int) -> bool:
        state, _ = first_pause(seed)
        if state.pause is not Pause.DRAW:
            return False
        closed = state.apply(Close())
        return closed.pause is Pause.EXCHANGE and ExchangeTrump() in closed.legal_moves()

    seed = find_seed(offers_exchange)
    paused, version = first_pause(seed)
    closer = paused.to_move
    assert closer is not None
    exchanged = paused.apply(Close()).apply(ExchangeTrump())
    nine, face_up = exchanged.exchanges[-1].given, exchanged.exchanges[-1].taken
    expected, _ = simulate(seed, SIXTY_SIX, {version: Close(), version + 1: ExchangeTrump()})
    assert expected.last_deal is not None and expected.last_deal.closer == closer
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, SERIES, preset="sixty_six")
    users, seat_names = (alice, bob), names(fake)
    # Both press their first card up to the pause; there they wait for the presses below.
    await play(
        fake,
        [alice, bob],
        lambda hand: None if version_of(hand) >= version else first_card(hand),
        stop=lambda: hand_version(fake, users[closer]) >= version,
    )
    hand = await turn(fake, users[closer], version - 1)
    assert hand is not None and version_of(hand) == version
    assert [b["label"] for b in controls(hand, "draw", enabled=True)] == ["Draw"]
    assert [b["label"] for b in controls(hand, "close", enabled=True)] == ["Close without drawing"]
    assert not controls(hand, "play", enabled=True)  # nothing is drawn or played before the choice
    await table_showing(fake, f"{seat_names[closer]} may close before drawing")
    after_close = await press_action(users[closer], hand, "close")
    assert len(card_codes(after_close)) == len(paused.hands[closer])  # SX-10: one card fewer, for good
    offer = await turn(fake, users[1 - closer], version)
    assert offer is not None
    assert [b["label"] for b in controls(offer, "swap", enabled=True)] == [f"Exchange {nine} for {face_up}"]
    assert [b["label"] for b in controls(offer, "keep", enabled=True)] == ["Keep"]
    await table_showing(fake, f"{seat_names[1 - closer]} is deciding: the holder of the {nine}")
    swapped = await press_action(users[1 - closer], offer, "swap")
    assert card_codes(swapped) == [card.code for card in exchanged.view(1 - closer).hand]
    await play(fake, [alice, bob], stop=deal_shown(fake, [alice, bob], 1))
    await table_showing(fake, deal_line(expected.last_deal, seat_names))


def claim_version(seed: int, options: dict[str, object], wanted) -> int | None:  # type: ignore[no-untyped-def]
    """The first version in deal 1 (plain play) where the leader could claim and `wanted(state, seat)`."""
    state, version = new_state(seed, options), 0
    while state.deal_number == 1 and not state.is_over:
        seat = state.to_move
        assert seat is not None
        if not state.trick and Claim() in state.legal_moves() and wanted(state, seat):
            return version
        state = state.apply(first_playable(state.view(seat)))
        version += 1
    return None


@pytest.mark.parametrize("true_claim", [True, False])
async def test_sx11_claim_66_in_memory_mode(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, true_claim: bool
) -> None:
    """SX-11: in memory mode a claim with 66 wins the deal; a false claim gives the opponent 2 or 3."""

    def wanted(state: State, seat: int) -> bool:
        return state.points(seat) >= 66 if true_claim else state.tricks_won[seat] > 0 and state.points(seat) < 66

    seed = find_seed(lambda s: claim_version(s, MEMORY, wanted) is not None)
    version = claim_version(seed, MEMORY, wanted)
    assert version is not None
    script = {version: Claim()}
    expected, _ = simulate(seed, MEMORY, script)
    assert expected.last_deal is not None
    assert expected.last_deal.reason is (DealEnd.CLAIM if true_claim else DealEnd.FALSE_CLAIM)
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen", claim="memory")
    opening = hand_of(fake, alice)
    assert opening is not None and not controls(opening, "claim")  # SX-11: no claim before a trick is won
    await play(fake, [alice, bob], scripted(script), stop=deal_shown(fake, [alice, bob], 1))
    await table_showing(fake, deal_line(expected.last_deal, names(fake)))


async def test_sx5_the_opponent_sees_the_card_drawn_when_the_follower_takes_the_trick(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-5: bob follows and takes the first trick, so he leads again; alice's DM shows her drawn card at once."""

    def follower_takes_first_trick(seed: int) -> bool:
        state, _ = simulate(seed, SANTASE, stop=lambda s: bool(s.tricks))
        return state.tricks[0].winner == 1

    seed = find_seed(follower_takes_first_trick)
    expected, version = simulate(seed, SANTASE, stop=lambda s: bool(s.tricks))
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, preset="santase")
    await play(fake, [alice, bob], stop=lambda: hand_version(fake, bob) >= version)
    redrawn = await fake.wait_for_message(alice.dm, lambda m: bool(m.buttons) and version_of(m) == version)
    assert card_codes(redrawn) == [card.code for card in expected.view(0).hand]
    assert "Not your turn yet" in redrawn.text and names(fake)[1] not in redrawn.text.splitlines()[1]


# Refusals and restarts ----------------------------------------------------------------------------


async def test_sx7_a_forced_illegal_card_is_refused_with_the_engines_reason(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-7: after a close, a greyed-out card sent anyway (a stale or modified client) is refused with the reason."""

    def blocked_follow(seed: int) -> bool:
        state, _ = simulate(seed, SCHNAPSEN, {0: Close()}, stop=lambda s: bool(s.trick))
        view = state.view(1)
        return len(view.playable) < len(view.hand)

    seed = find_seed(blocked_follow)
    state, version = simulate(seed, SCHNAPSEN, {0: Close()}, stop=lambda s: bool(s.trick))
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen")
    # Only Alice is driven (she closes and leads): Bob's turn waits for the forced click below.
    await play(fake, [alice], scripted({0: Close()}), stop=lambda: hand_version(fake, bob) >= version)
    hand = await turn(fake, bob, version - 1)
    assert hand is not None and version_of(hand) == version
    disabled = controls(hand, "play", enabled=False)[0]
    card = parse_card(disabled["custom_id"].split(":")[4])
    with pytest.raises(IllegalMove) as refused:
        state.check(PlayCard(card))
    data = {"custom_id": disabled["custom_id"], "component_type": 2}
    redrawn = await fake.start_interaction(bob.person, 3, data, bob.dm, hand)
    assert isinstance(redrawn, Message)
    assert f"⚠️ {refused.value.reason}" in redrawn.text
    assert version_of(redrawn) == version and card.code in card_codes(redrawn)


async def test_sx7_a_german_player_is_refused_in_german(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SX-7 through the offline Discord, for a player whose client reads German: the forced greyed-out card
    is refused in Schnapsen's German words (Farbe bekennen / Trumpf), not the engine's English sentence."""

    def blocked_follow(seed: int) -> bool:
        state, _ = simulate(seed, SCHNAPSEN, {0: Close()}, stop=lambda s: bool(s.trick))
        view = state.view(1)
        return len(view.playable) < len(view.hand)

    seed = find_seed(blocked_follow)
    state, version = simulate(seed, SCHNAPSEN, {0: Close()}, stop=lambda s: bool(s.trick))
    alice, bob = await two_humans(fake, bots, monkeypatch, seed, preset="schnapsen")
    # Only Alice is driven (she closes and leads): Bob's turn waits for the forced click below.
    await play(fake, [alice], scripted({0: Close()}), stop=lambda: hand_version(fake, bob) >= version)
    hand = await turn(fake, bob, version - 1)
    assert hand is not None and version_of(hand) == version
    disabled = controls(hand, "play", enabled=False)[0]
    card = parse_card(disabled["custom_id"].split(":")[4])
    with pytest.raises(IllegalMove) as refused:
        state.check(PlayCard(card))
    bob.person.locale = "de"  # the click comes from a German client: its answer is German
    data = {"custom_id": disabled["custom_id"], "component_type": 2}
    redrawn = await fake.start_interaction(bob.person, 3, data, bob.dm, hand)
    assert isinstance(redrawn, Message)
    notice = next(line for line in redrawn.text.splitlines() if line.startswith("⚠️ "))
    assert notice == f"⚠️ {refusal_said('de', refused.value)}" and notice != f"⚠️ {refused.value.reason}"
    assert "Farbe bekennen" in notice or "Trumpf" in notice, notice


async def test_restart_mid_deal_then_play_on_from_the_same_hand_messages(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart in the middle of a deal: the old DM buttons still work and the deal ends as the engine says."""
    fixed_seed(monkeypatch, 2)
    expected, moves = simulate(2, SANTASE)
    assert expected.last_deal is not None and moves > 8
    first = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await start(fake, alice, await open_table(fake, alice), bob)
    await dealt_as_engine(fake, alice, new_state(2, SANTASE))
    await play(fake, [alice, bob], stop=lambda: max(hand_version(fake, u) for u in (alice, bob)) >= moves // 2)
    mover = await settled(fake, [alice, bob])
    before = hand_of(fake, mover)
    await bots.stop(first)
    second = await start_bot(bots)
    await second.reconciler.idle()  # the start-up pass finds every message current: nothing is re-sent
    after = hand_of(fake, mover)
    assert before is not None and after is not None and after.id == before.id
    await play(fake, [alice, bob], stop=deal_shown(fake, [alice, bob], 1))
    await table_showing(fake, deal_line(expected.last_deal, names(fake), "santase"))
