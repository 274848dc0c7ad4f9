"""Carousel played end to end: real discord.py against the offline Discord, people clicking components.

Tables are opened with a seed found by searching the pure engine (`Table.simulate`) for the scenario,
and the people play a fixed policy (Hint / Meld / Confirm, or Draw only) that `Table` mirrors in the
engine, so every expected hand, table, score and winner comes from the engine, never typed in. Each
test also checks the moves the bot stored against the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bench.players.carousel import (
    COMPUTER,
    DRAW,
    HINT,
    Run,
    Table,
    controls,
    engine_options,
    find_seed,
    hint_cards,
    menus,
    open_table,
    pick,
    play,
    press,
    quiet,
    selected_labels,
    start,
    table_showing,
    turn,
)
from bench.players.common import FAST, final_standings, start_bot
from bench.players.schnapsen import hand_of, version_of
from bot.moves.router import OUT_OF_DATE
from bot.process.bot import CardBot
from cogs.carousel.words import ending, final_lines, hand_lines, refusal_said, step_lines, table_notation
from fakediscord import FakeDiscord, Message, Modal, SimUser
from games.base import IllegalMove
from games.cards import format_cards
from games.carousel import Draw, Knock, MeldStep, State
from games.carousel.moves import parse_table
from games.carousel.solver import arrange, best_play
from harness.offline import BotHarness
from rendering.carousel import sort_hand
from tests.e2e.seeds import fixed_seed

# Table images are redrawn at most every 0.25 s (the coalescing of bot/projection/table.py still ends on the
# newest state), so CPU goes to the moves rather than to table images nobody looks at.
QUICK = replace(FAST, table_edit_interval=0.25)
SHORT = engine_options(target=30)  # a game of one to three hands
PEOPLE = ("alice", "bob", "carol", "dave", "erin")


def names(fake: FakeDiscord, count: int) -> list[str]:
    return [fake.users[n].person.json()["global_name"] for n in PEOPLE[:count]]


async def played(bot: CardBot, game_id: int = 1) -> list[str]:
    """The moves the bot stored for the game, in order (its own record of what the people did)."""
    return list((await bot.service.db.games.load(game_id)).codes)


def in_a_hand(fake: FakeDiscord, people: list[SimUser], text: str) -> Callable[[], bool]:
    """A `play` stop: some person's DM hand shows `text` (a hand's scores show there until the next move)."""
    return lambda: any((hand := hand_of(fake, person)) is not None and text in hand.text for person in people)



async def seat_people(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, table: Table, humans: int
) -> tuple[CardBot, list[SimUser]]:
    """Open `/carousel new` with the table's seed; the first `humans` people take seats 0.. in order and
    the rest are computer players (Start fills them)."""
    fixed_seed(monkeypatch, table.seed)
    bot = await start_bot(bots, QUICK)
    people = [fake.users[n] for n in PEOPLE[:humans]]
    lobby = await open_table(fake, people[0], seats=table.players, target=table.options["target"], level=table.level)
    await start(fake, people[0], lobby, people[1:])
    return bot, people


async def test_carousel_rules_command_answers_privately(fake: FakeDiscord, bots: BotHarness) -> None:
    """/carousel rules: the Carousel rules, only for the asker."""
    await start_bot(bots)
    reply = await fake.users["carol"].slash("carousel rules")
    assert isinstance(reply, Message) and reply.ephemeral
    assert "Carousel" in reply.text and "**Draw**" in reply.text


# Whole games -------------------------------------------------------------------------------------


async def whole_game(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, table: Table, humans: int
) -> None:
    """People play `table` to the end; the stored moves, standings and final bonuses are the engine's."""
    run = table.simulate()
    bot, people = await seat_people(fake, bots, monkeypatch, table, humans)
    await play(fake, bot, {person: table.policies[seat] for seat, person in enumerate(people)})
    assert await played(bot) == run.codes
    result = run.last.result()
    seat_names = names(fake, humans) + [name for name in (await bot.service.load(1)).names()[humans:]]
    ranked = sorted(range(table.players), key=lambda seat: (result.places[seat], seat))
    assert final_standings(fake) == [(seat_names[seat], result.scores[seat]) for seat in ranked]
    assert run.last.final is not None
    await table_showing(fake, final_lines(run.last.final, seat_names)[-1])


async def test_ca13_two_humans_play_a_whole_game_as_the_engine_does(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-13: two people play hand after hand to the target (+100, +25 per hand won) as the engine does."""
    policies = (HINT, HINT)

    def fits(seed: int) -> bool:
        last = Table(seed, 2, SHORT, policies).simulate(limit=70).last
        return last.is_over and last.hand_number > 1

    await whole_game(fake, bots, monkeypatch, Table(find_seed(fits, start=6), 2, SHORT, policies), 2)


async def test_ca1_three_players_on_two_decks_humans_and_a_computer(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-1: two people and a computer player share two decks; the game ends as the engine plays it."""
    policies = (HINT, HINT, COMPUTER)
    seed = find_seed(lambda s: Table(s, 3, SHORT, policies).simulate(limit=45).last.is_over, start=2)
    table = Table(seed, 3, SHORT, policies)
    assert table.start().decks == 2
    await whole_game(fake, bots, monkeypatch, table, 2)


async def test_ca1_five_players_play_a_whole_game(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-1: five seats (two people, three computer players) play to the target as the engine does."""
    policies = (HINT, HINT, COMPUTER, COMPUTER, COMPUTER)
    seed = find_seed(lambda s: Table(s, 5, SHORT, policies).simulate(limit=30).last.is_over, start=1)
    await whole_game(fake, bots, monkeypatch, Table(seed, 5, SHORT, policies), 2)


# Melding -----------------------------------------------------------------------------------------

TWO = (HINT, HINT)


def meld_version(table: Table, wanted: Callable[[State, MeldStep], bool], limit: int = 40) -> int | None:
    """The first version where a person's Hint/Meld step is a MeldStep with `wanted(state, step)`."""
    run = table.simulate(limit=limit)
    for version, (state, move) in enumerate(zip(run.states, run.moves, strict=False)):
        if isinstance(move, MeldStep) and wanted(state, move):
            return version
    return None


def rearranges(state: State, step: MeldStep) -> bool:
    """Some meld on the table does not survive whole inside a new meld (CA-6: split or moved)."""
    new = [frozenset(meld.physical) for meld in step.table]
    return any(not any(frozenset(meld.physical) <= cards for cards in new) for meld in state.table)


def frees_a_joker(state: State, step: MeldStep) -> bool:
    """A joker on the table stands for a different card afterwards (CA-7.3)."""
    before = {tc.card: tc.declared for meld in state.table for tc in meld.cards if tc.is_joker}
    return any(tc.is_joker and before.get(tc.card, tc.declared) != tc.declared for m in step.table for tc in m.cards)


async def meld_through_discord(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, wanted: Callable[[State, MeldStep], bool]
) -> tuple[Message, State, MeldStep]:
    """Two people play to the first step where `wanted` holds; there the mover presses Hint and Meld.
    Returns the proposal message, the state before the step and the engine's step."""
    seed = find_seed(lambda s: meld_version(Table(s, 2, SHORT, TWO), wanted) is not None)
    table = Table(seed, 2, SHORT, TWO)
    version = meld_version(table, wanted)
    assert version is not None
    run = table.simulate(limit=version + 1)
    state, step = run.states[version], run.moves[version]
    assert isinstance(step, MeldStep)
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    mover = await play(fake, bot, dict.fromkeys(people, HINT), until=version)
    assert mover is not None and mover is people[state.turn]
    hand = await turn(fake, mover, version)
    hinted = await press(bot, mover, hand, "hint")
    assert selected_labels(hinted) == [str(card) for card in hint_cards(state.view(state.turn))]
    proposal = await press(bot, mover, hinted, "meld")
    added = hint_cards(state.view(state.turn))
    for line in step_lines(state.table, step.table, added):
        assert line in proposal.text
    assert proposal.attachments[0].filename == "proposal.png" and proposal.attachments[0].is_png
    await press(bot, mover, proposal, "ok")
    assert await played(bot) == run.codes[: version + 1]
    return proposal, state, step


async def test_ca6_a_meld_that_rearranges_the_table_is_proposed_then_confirmed(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-6: Meld proposes a table that splits or moves existing melds, says what moved, and Confirm plays it."""
    proposal, _, _ = await meld_through_discord(fake, bots, monkeypatch, rearranges)
    assert " from [" in proposal.text


async def test_ca7_freeing_a_joker_shows_what_it_stands_for_now(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-7.3: the proposal frees a table joker and says what it stood for and stands for now."""
    proposal, state, step = await meld_through_discord(fake, bots, monkeypatch, frees_a_joker)
    before = {tc.card: tc.declared for meld in state.table for tc in meld.cards if tc.is_joker}
    jokers = [tc for meld in step.table for tc in meld.cards if tc.is_joker]
    freed = [tc for tc in jokers if before.get(tc.card, tc.declared) != tc.declared]
    assert freed and all(f"= {tc.declared} (freed: it was {before[tc.card]})" in proposal.text for tc in freed)


async def first_meld_phase(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch, fits: Callable[[State], bool]
) -> tuple[CardBot, SimUser, Message, State, Table]:
    """Two people; the first mover draws; returns their hand after the draw (version 1) and the state."""
    seed = find_seed(lambda s: fits(Table(s, 2, SHORT, TWO).start().apply(Draw())))
    table = Table(seed, 2, SHORT, TWO)
    state = table.start().apply(Draw())
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    mover = people[state.turn]
    await press(bot, mover, await turn(fake, mover, 0), "draw")
    return bot, mover, await turn(fake, mover, 1), state, table


async def test_ca6_cards_that_cannot_all_be_placed_are_refused_with_the_best_part_suggested(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-6: selecting the whole hand and pressing Meld says it can't all go down and selects the best part."""

    def fits(state: State) -> bool:
        hand = sort_hand(state.hands[state.turn])
        return arrange(state.table, hand, copies=state.decks) is None and bool(best_play(state.table, hand)[0])

    bot, mover, hand, state, _ = await first_meld_phase(fake, bots, monkeypatch, fits)
    cards = sort_hand(state.hands[state.turn])
    chosen = await pick(bot, mover, hand, [str(card) for card in cards])
    refused = await press(bot, mover, chosen, "meld")
    best = sort_hand(best_play(state.table, cards, copies=state.decks)[0])
    assert "can't all go on the table" in refused.text
    assert f"fits is {format_cards(best)}" in refused.text
    assert selected_labels(refused) == [str(card) for card in best]
    assert not controls(refused, "ok")  # still choosing: nothing was proposed or played
    assert await played(bot) == ["d"]


async def test_typed_table_in_the_modal_is_played_or_refused_with_the_engines_reason(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-6: "Type the table" opens a modal; a wrong table is refused with the engine's refusal (said by the
    game's words), and the modal opened from a proposal starts from it and plays it as typed."""
    bot, mover, hand, state, _ = await first_meld_phase(
        fake, bots, monkeypatch, lambda s: bool(hint_cards(s.view(s.turn)))
    )
    view = state.view(state.turn)
    await quiet(bot)
    modal = await mover.click(hand, label="Type the table")
    assert isinstance(modal, Modal)
    assert set(modal.fields) == {"table"}
    wrong = " ".join(card.face.code for card in sort_hand(view.hand)[:3])
    with pytest.raises(IllegalMove) as engine_says:
        state.check(parse_table(wrong, view.table, view.hand))
    refused = await mover.submit_modal(modal, table=wrong)
    assert isinstance(refused, Message) and f"⚠️ {refusal_said('en', engine_says.value)}" in refused.text
    proposing = await press(bot, mover, await press(bot, mover, refused, "hint"), "meld")
    proposal = arrange(view.table, hint_cards(view), copies=view.decks)
    assert proposal is not None
    await quiet(bot)
    again = await mover.click(proposing, label="Type the table")
    assert isinstance(again, Modal)
    assert again.fields["table"].get("value") == table_notation(proposal)  # it starts from the proposal
    await mover.submit_modal(again)
    assert await played(bot) == ["d", parse_table(table_notation(proposal), view.table, view.hand).encode()]


async def test_stale_type_the_table_click_gets_the_current_hand_not_a_modal(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A "Type the table" click from an out-of-date panel opens no modal: the router redraws the hand."""
    bot, mover, hand, _, _ = await first_meld_phase(fake, bots, monkeypatch, lambda s: True)
    old_id = hand.component(label="Type the table")["custom_id"]
    drawn = await press(bot, mover, hand, "draw")
    assert version_of(drawn) == 2
    await quiet(bot)
    data = {"custom_id": old_id, "component_type": 2}
    answer = await fake.start_interaction(mover.person, 3, data, mover.dm, hand)  # a client still showing v1
    assert isinstance(answer, Message) and OUT_OF_DATE in answer.text and version_of(answer) == 2


# Long hands, knocks, going out, the stock -------------------------------------------------------


async def test_ca4_a_hand_over_25_cards_is_chosen_through_suit_menus_and_melded(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-4: drawing only, the first mover passes 25 cards; cards picked in several menus meld as the engine says."""
    policies = (DRAW, DRAW)

    def long_hand(seed: int) -> int | None:
        run = Table(seed, 2, SHORT, policies).simulate(limit=40)
        for version, state in enumerate(run.states):
            if state.phase.may_meld and len(state.hands[state.turn]) > 25:
                cards = best_play(state.table, state.hands[state.turn], copies=state.decks)[0]
                suits = {card.suit for card in cards}
                return version if len(suits) > 2 else None
        return None

    seed = find_seed(lambda s: long_hand(s) is not None)
    table = Table(seed, 2, SHORT, policies)
    version = long_hand(seed)
    assert version is not None
    run = table.simulate(limit=version)
    state = run.states[version]
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    mover = await play(fake, bot, dict.fromkeys(people, DRAW), until=version)
    assert mover is people[state.turn]
    hand = await turn(fake, mover, version)
    shown = menus(hand)
    assert len(shown) > 1 and all(len(menu["options"]) <= 25 for menu in shown)
    assert sum(len(menu["options"]) for menu in shown) == len(state.hands[state.turn])
    cards = sort_hand(best_play(state.table, state.hands[state.turn], copies=state.decks)[0])
    chosen = await pick(bot, mover, hand, [str(card) for card in cards])
    assert selected_labels(chosen) == [str(card) for card in cards]
    proposal = await press(bot, mover, await press(bot, mover, chosen, "meld"), "ok")
    assert proposal is not None
    step = MeldStep(arrange(state.table, cards, copies=state.decks) or ())
    assert await played(bot) == [*run.codes, step.encode()]


async def test_ca11_the_stock_runs_out_and_the_lowest_count_wins(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-11: both people only draw; when a draw is due on an empty stock the hand is scored (no +10)."""
    table = Table(0, 2, engine_options(target=1000), (DRAW, DRAW))
    run = table.simulate(stop=lambda state: state.hand_number > 1)
    summary = run.last.last_hand
    assert summary is not None and summary.stock_ran_out and not any(summary.knock_bonus)
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    seat_names = names(fake, 2)
    shown = hand_lines(summary, seat_names, table.options["target"])
    await play(fake, bot, dict.fromkeys(people, DRAW), stop=in_a_hand(fake, people, shown[0]))
    header = await table_showing(fake, shown[-1])
    assert all(line in header.text for line in shown)
    assert (await played(bot))[: len(run.codes)] == run.codes


async def test_ca9_knock_is_offered_at_the_end_of_a_turn_within_the_limit(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-9: a turn that ends with a count of 5 or less offers Knock; knocking ends and scores the hand."""

    def knock_version(seed: int) -> int | None:
        run = Table(seed, 2, SHORT, TWO).simulate(stop=lambda s: s.can_knock, limit=45)
        return len(run.moves) if run.last.can_knock else None

    seed = find_seed(lambda s: knock_version(s) is not None)
    version = knock_version(seed)
    assert version is not None
    table = Table(seed, 2, SHORT, TWO)
    run = table.simulate(limit=version + 1)
    knocked = run.last.last_hand
    assert isinstance(run.moves[-1], Knock) and knocked is not None and knocked.knocker is not None
    bot, people = await seat_people(fake, bots, monkeypatch, table, 2)
    mover = await play(fake, bot, dict.fromkeys(people, HINT), until=version)
    assert mover is people[knocked.knocker]
    hand = await turn(fake, mover, version)
    count = knocked.counts[knocked.knocker]
    assert [b["label"] for b in hand.buttons] == ["End turn", f"Knock with {count}"]
    await press(bot, mover, hand, "knock")
    shown = hand_lines(knocked, names(fake, 2), SHORT["target"])
    header = await table_showing(fake, shown[-1])
    assert ending(knocked, names(fake, 2)) in header.text and all(line in header.text for line in shown)
    assert await played(bot) == run.codes


async def test_ca10_going_out_ends_the_hand_with_the_25_bonus(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-10, CA-12: the proposal says the last card goes out; Confirm ends the hand and scores +25."""

    def out_run(seed: int) -> Run | None:
        run = Table(seed, 2, SHORT, TWO).simulate(stop=lambda s: s.hand_number > 1, limit=60)
        summary = run.last.last_hand
        return run if summary is not None and summary.went_out is not None else None

    seed = find_seed(lambda s: out_run(s) is not None, start=2)
    run = out_run(seed)
    assert run is not None and run.last.last_hand is not None
    summary = run.last.last_hand
    version = len(run.moves) - 1
    bot, people = await seat_people(fake, bots, monkeypatch, Table(seed, 2, SHORT, TWO), 2)
    mover = await play(fake, bot, dict.fromkeys(people, HINT), until=version)
    assert mover is people[summary.went_out or 0]
    hinted = await press(bot, mover, await turn(fake, mover, version), "hint")
    proposal = await press(bot, mover, hinted, "meld")
    assert "you go out" in proposal.text
    await press(bot, mover, proposal, "ok")
    shown = hand_lines(summary, names(fake, 2), SHORT["target"])
    assert any("(went out)" in line for line in shown)
    header = await table_showing(fake, shown[-1])
    assert all(line in header.text for line in shown)
    assert await played(bot) == run.codes


# Restarts ----------------------------------------------------------------------------------------


async def test_restart_between_draws_then_play_on_from_the_same_hand_message(
    fake: FakeDiscord, bots: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CA-4 across a restart: after the first draw the bot restarts; the same DM plays on as the engine does."""
    seed = find_seed(lambda s: isinstance(Table(s, 2, SHORT, TWO).simulate(limit=2).moves[1], Draw))
    table = Table(seed, 2, SHORT, TWO)
    run = table.simulate(stop=lambda state: state.hand_number > 1)
    first, people = await seat_people(fake, bots, monkeypatch, table, 2)
    mover = people[run.states[0].turn]
    before = await press(first, mover, await turn(fake, mover, 0), "draw")
    assert "draw a second card" in before.text
    await bots.stop(first)
    bot = await start_bot(bots, QUICK)
    after = await press(bot, mover, before, "draw")
    assert after.id == before.id and "Draw a 3rd (last) card" in [b["label"] for b in after.buttons]
    summary = run.last.last_hand
    assert summary is not None
    shown = hand_lines(summary, names(fake, 2), SHORT["target"])
    await play(fake, bot, dict.fromkeys(people, HINT), stop=in_a_hand(fake, people, shown[0]))
    assert (await played(bot))[: len(run.codes)] == run.codes
