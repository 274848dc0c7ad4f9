"""The router with fake parts around a real game service (bot.moves.router): no Discord at all.

Hand clicks here come from the table's channel, so the clicked hand is an ephemeral panel redrawn
through the interaction (the DM path differs only in where the redraw goes). The router hands each
click to a real reconciler, the one writer of a game's messages; its transport answers interactions
without a client.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.kit.ids import ComponentId, LobbyAction, encode_mask
from bot.kit.refusals import RetryPolicy
from bot.kit.texts import RESTARTING
from bot.kit.transport import DiscordTransport, Post
from bot.moves.router import OUT_OF_DATE, Router
from bot.moves.service import GameService, Loaded
from bot.projection.hands import HandMessages
from bot.projection.reconciler import Reconciler
from data import MatchRecord
from tests.bot.fakes import Interaction, Marks, closed, computer_move, service_on, started


class Lobby:
    """A lobby whose Start is answered by updating the clicked message, as `bot.flows.lobby` does."""

    def __init__(self) -> None:
        self.clicks: list[ComponentId] = []

    async def on_click(self, interaction: Interaction, cid: ComponentId) -> None:
        self.clicks.append(cid)
        await interaction.response.defer()


class Tables:
    def __init__(self) -> None:
        self.lent: list[tuple[int, Any]] = []

    def lend(self, game_id: int, interaction: Any) -> None:
        self.lent.append((game_id, interaction))


async def announce(loaded: Loaded, match: MatchRecord) -> Post:
    return Post(f"game {loaded.record.id} is over")


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    service = await service_on(tmp_path)
    stopping: list[bool] = []
    lobby, tables = Lobby(), Tables()
    hands = HandMessages(service)
    transport = DiscordTransport(None, RetryPolicy(1, 0.0, 1.0))  # type: ignore[arg-type]
    owner = Reconciler(service=service, hands=hands, transport=transport, tables=Marks(), announce=announce)
    router = Router(
        service,
        lobby=lobby,  # type: ignore[arg-type]
        endings=None,  # type: ignore[arg-type]
        hands=hands,
        owner=owner,
        tables=tables,  # type: ignore[arg-type]
        confirmations=None,  # type: ignore[arg-type]
        stopping=lambda: bool(stopping),
    )
    yield service, router, lobby, tables, stopping
    await owner.close()
    await closed(service)


def play_click(loaded: Loaded) -> tuple[int, ComponentId]:
    """The player on turn and the Play button carrying the normal computer player's cards."""
    seat = loaded.seat_at_turn()
    assert seat is not None and seat.user_id is not None and loaded.state is not None
    view = loaded.state.view(seat.seat)
    move = computer_move(loaded)
    picked = [i for i, card in enumerate(view.hand) if card in getattr(move, "cards", ())]
    return seat.user_id, ComponentId(loaded.record.id, loaded.record.version, "play", encode_mask(picked))


def shown_text(interaction: Interaction) -> str:
    """The text of the hand the last redraw showed."""
    view: discord.ui.LayoutView = interaction.edits[-1]["view"]
    return "\n".join(str(getattr(item, "content", "")) for item in view.walk_children())


async def moves(service: GameService, game_id: int) -> int:
    return len((await service.db.games.load(game_id)).moves)


async def test_a_double_click_is_dropped_quietly(parts) -> None:  # type: ignore[no-untyped-def]
    """The same Play clicked twice on the same hand: one move, and the twin gets no answer at all."""
    service, router, *_ = parts
    loaded = await started(service)
    user, cid = play_click(loaded)
    first, twin = Interaction(user, 77), Interaction(user, 77)
    await router.dispatch(first, cid, [])
    await router.dispatch(twin, cid, [])
    assert await moves(service, loaded.record.id) == 1
    assert len(first.edits) == 1 and first.said() == []
    assert twin.edits == [] and twin.said() == []


async def test_two_concurrent_clicks_reading_one_version_make_one_move_and_no_complaint(parts) -> None:  # type: ignore[no-untyped-def]
    """Both clicks arrive before either is stored: one move, and nobody is told their hand was out of date."""
    service, router, *_ = parts
    loaded = await started(service)
    user, cid = play_click(loaded)
    clicks = [Interaction(user, 77), Interaction(user, 77)]
    await asyncio.gather(*(router.dispatch(click, cid, []) for click in clicks))
    assert await moves(service, loaded.record.id) == 1
    assert all(OUT_OF_DATE not in shown_text(c) for c in clicks if c.edits) and not any(c.said() for c in clicks)


async def test_an_old_hand_clicked_is_redrawn_as_out_of_date(parts) -> None:  # type: ignore[no-untyped-def]
    """A click on an older hand message (not the twin of the move): the current hand, saying so."""
    service, router, *_ = parts
    loaded = await started(service)
    user, cid = play_click(loaded)
    await router.dispatch(Interaction(user, 77), cid, [])
    late = Interaction(user, 78)
    await router.dispatch(late, cid, [])
    assert await moves(service, loaded.record.id) == 1
    assert OUT_OF_DATE in shown_text(late)


async def test_a_click_from_someone_not_seated_is_refused(parts) -> None:  # type: ignore[no-untyped-def]
    """A stranger clicks a hand control: told so, nothing stored."""
    service, router, *_ = parts
    loaded = await started(service)
    _, cid = play_click(loaded)
    stranger = Interaction(999)
    await router.dispatch(stranger, cid, [])
    assert stranger.said() == ["You're not playing in this game."] and await moves(service, loaded.record.id) == 0


async def test_a_click_during_a_shutdown_starts_nothing(parts) -> None:  # type: ignore[no-untyped-def]
    """Once a shutdown has begun, a click is answered with the restart note and reaches no part."""
    _, router, lobby, _, stopping = parts
    stopping.append(True)
    click = Interaction(101)
    await router.dispatch(click, ComponentId(1, 0, LobbyAction.JOIN), [])
    assert click.said() == [RESTARTING] and lobby.clicks == []


async def test_the_start_click_lends_its_token_to_the_table(parts) -> None:  # type: ignore[no-untyped-def]
    """Start goes to the lobby, then its interaction to the table updater (bot.projection.table); Join lends nothing."""
    _, router, lobby, tables, _ = parts
    join, start = Interaction(102), Interaction(101)
    await router.dispatch(join, ComponentId(5, 0, LobbyAction.JOIN), [])
    await router.dispatch(start, ComponentId(5, 0, LobbyAction.START), [])
    assert [cid.action for cid in lobby.clicks] == [LobbyAction.JOIN, LobbyAction.START]
    assert tables.lent == [(5, start)]


class Owner:
    """A stand-in for the reconciler that records each click handed to it and writes nothing."""

    def __init__(self) -> None:
        self.shown: list[tuple[Interaction, int, int, str]] = []

    @contextlib.asynccontextmanager
    async def clicked(self, interaction: Interaction, game_id: int, seat: int) -> AsyncIterator[Any]:
        owner = self

        class Handed:
            async def show(self, loaded: Loaded, *, selection: frozenset[int] = frozenset(), notice: str = "") -> None:
                owner.shown.append((interaction, loaded.record.version, seat, notice))

        yield Handed()

    async def answer(
        self, interaction: Interaction, loaded: Loaded, seat: int, *, selection: frozenset[int] = frozenset(),
        notice: str = "",
    ) -> None:
        self.shown.append((interaction, loaded.record.version, seat, notice))


async def test_the_router_writes_no_hand_itself(tmp_path: Path) -> None:
    """A move and a stale click on a DM hand: each is handed to the owner once, at the state to show,
    and the router itself edits nothing (a second writer of the clicked hand would)."""
    service = await service_on(tmp_path)
    owner = Owner()
    router = Router(
        service,
        lobby=None,  # type: ignore[arg-type]
        endings=None,  # type: ignore[arg-type]
        hands=HandMessages(service),
        owner=owner,  # type: ignore[arg-type]
        tables=None,  # type: ignore[arg-type]
        confirmations=None,  # type: ignore[arg-type]
    )
    try:
        loaded = await started(service)
        user, cid = play_click(loaded)
        played, late = Interaction(user, 77, guild_id=None), Interaction(user, 78, guild_id=None)
        await router.dispatch(played, cid, [])
        await router.dispatch(late, cid, [])
        assert [(i, version, notice) for i, version, _, notice in owner.shown] == [
            (played, loaded.record.version + 1, ""),
            (late, loaded.record.version + 1, OUT_OF_DATE),
        ]
        assert played.edits == late.edits == [] and not played.said() and not late.said()
    finally:
        await closed(service)
