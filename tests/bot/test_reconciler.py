"""The reconciler with a fake transport and a real (temporary) database: no Discord at all."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.kit.refusals import Backoff, Refusal, Refused
from bot.kit.transport import Post, Sent
from bot.moves.adapters import Panel
from bot.moves.ownership import FollowUps
from bot.moves.service import Applied, GameService, Loaded
from bot.process.config import Tuning
from bot.projection.hands import HandMessages
from bot.projection.reconciler import Owed, Reconciler
from cogs.thirteen.adapter import ThirteenAdapter
from data import Database, MatchRecord, MessageKind, MoveSource, TurnNotice, TurnTimer
from tests.bot.fakes import Interaction
from tests.waiting import HANG_GUARD, until

USERS = (101, 102)


class FakeTransport:
    """Records every request; `refuse` makes the next calls of a kind raise a refusal."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.refuse: dict[str, Refusal] = {}
        self._next = 1000

    def _id(self) -> int:
        self._next += 1
        return self._next

    def _maybe_refuse(self, kind: str) -> None:
        refusal = self.refuse.pop(kind, None)
        if refusal is not None:
            raise Refused(refusal, RuntimeError(kind))

    async def send_dm(
        self,
        user_id: int,
        panel: Panel,
        *,
        channel_id: int | None = None,
        nonce: str | None = None,
        silent: bool = False,
    ) -> Sent:
        self._maybe_refuse("send_dm")
        self.calls.append(("send_dm", (user_id, panel)))
        return Sent(channel_id or 5000 + user_id, self._id())

    async def find_hand(self, user_id: int, channel_id: int | None, game_id: int, version: int) -> Sent | None:
        self.calls.append(("find_hand", (user_id, game_id, version)))
        return None

    async def edit_panel(self, channel_id: int, message_id: int, panel: Panel) -> None:
        self._maybe_refuse("edit_panel")
        self.calls.append(("edit_panel", (message_id, panel)))

    async def strip(self, channel_id: int, message_id: int) -> None:
        self.calls.append(("strip", message_id))

    async def post(self, channel_id: int, post: Post) -> Sent:
        self._maybe_refuse("post")
        self.calls.append(("post", post))
        return Sent(channel_id, self._id())

    async def dm(self, user_id: int, post: Post, *, channel_id: int | None = None) -> Sent:
        self.calls.append(("dm", (user_id, post)))
        return Sent(5000 + user_id, self._id())

    async def answer_hand(self, interaction: Any, panel: Panel) -> bool:
        if "answer_hand" in self.refuse:  # Discord refused the interaction's edit
            self.refuse.pop("answer_hand")
            return False
        self.calls.append(("answer_hand", (interaction.message.id, panel)))
        return True

    async def answer_panel(self, interaction: Any, panel: Panel, *, fresh: bool = False) -> None:
        self.calls.append(("answer_panel", panel))

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.calls]


class Marks:
    def __init__(self) -> None:
        self.marked: list[int] = []

    def mark_dirty(self, game_id: int) -> None:
        self.marked.append(game_id)


async def announce(loaded: Loaded, match: MatchRecord) -> Post:
    return Post(f"game {loaded.record.id} is over")


@pytest.fixture
async def world(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = await Database.open(tmp_path / "r.db")
    service = GameService(db, Tuning(drawing_processes=0))
    service.register(ThirteenAdapter())
    transport = FakeTransport()
    hands = HandMessages(service)
    reconciler = Reconciler(service=service, hands=hands, transport=transport, tables=Marks(), announce=announce)
    yield service, reconciler, transport
    await reconciler.close()
    await service.close()
    await db.close()


async def started(service: GameService, timer: TurnTimer = TurnTimer.LIVE) -> Loaded:
    record = await service.db.games.create_lobby(
        kind="thirteen", guild_id=1, channel_id=2, host_user_id=USERS[0], seed=11, at=0.0, timer=timer,
        turn_seconds=600,
    )
    for user in USERS:
        await service.db.games.add_player(record.id, user, f"P{user}")
    return await service.start(record.id)


async def move(service: GameService, loaded: Loaded) -> Loaded:
    """The player on turn makes the normal computer player's move."""
    seat = loaded.seat_at_turn()
    assert seat is not None and loaded.state is not None
    choice = ThirteenAdapter().computer("normal").choose(loaded.state.view(seat.seat), random.Random(1))
    applied = await service.submit(loaded.record.id, seat.seat, choice, expected_version=loaded.record.version)
    return applied.after


async def test_the_first_pass_sends_a_hand_only_to_the_seat_on_turn(world) -> None:  # type: ignore[no-untyped-def]
    """At the deal only the first player gets a DM: their turn notice, with live controls."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.reconcile(loaded.record.id)
    assert transport.kinds() == ["send_dm"]
    user, panel = transport.calls[0][1]
    seat = loaded.seat_at_turn()
    assert seat is not None and user == seat.user_id and "Your turn" in panel.content


async def test_a_second_pass_changes_nothing(world) -> None:  # type: ignore[no-untyped-def]
    """Reconciling is idempotent: what the messages show is stored, so a repeat sends and edits nothing."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.reconcile(loaded.record.id)
    await reconciler.reconcile(loaded.record.id)
    assert transport.kinds() == ["send_dm"]


async def test_a_move_notifies_the_next_player_with_a_new_message(world) -> None:  # type: ignore[no-untyped-def]
    """After a move: a new DM for the next player; the mover's hand, not redrawn by a click here, is edited."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.reconcile(loaded.record.id)
    after = await move(service, loaded)
    transport.calls.clear()
    await reconciler.reconcile(loaded.record.id)
    assert sorted(transport.kinds()) == ["edit_panel", "send_dm"]
    next_seat = after.seat_at_turn()
    assert next_seat is not None
    sent = next(args for kind, args in transport.calls if kind == "send_dm")
    assert sent[0] == next_seat.user_id


async def test_turn_notices_off_edit_in_place(world) -> None:  # type: ignore[no-untyped-def]
    """With notices off, a turn start edits the player's hand instead of sending a new message."""
    service, reconciler, transport = world
    loaded = await started(service)
    waiting = next(s for s in loaded.record.seats if s.seat != loaded.state.to_move)  # type: ignore[union-attr]
    assert waiting.user_id is not None
    await service.db.settings.update_user(waiting.user_id, turn_notice=TurnNotice.OFF)
    await reconciler.reconcile(loaded.record.id)
    after = await move(service, loaded)
    await reconciler.reconcile(loaded.record.id)  # their first hand: one message is needed
    after = await move(service, after)
    await reconciler.reconcile(loaded.record.id)
    after = await move(service, after)
    transport.calls.clear()
    await reconciler.reconcile(loaded.record.id)
    assert ("send_dm", waiting.user_id) not in [(k, a[0]) for k, a in transport.calls if k == "send_dm"]


async def test_a_closed_dm_falls_back_to_the_channel_once(world) -> None:  # type: ignore[no-untyped-def]
    """50007 on the first hand: DMs marked closed, one channel notice; the next pass sends no DM."""
    service, reconciler, transport = world
    loaded = await started(service)
    seat = loaded.seat_at_turn()
    assert seat is not None and seat.user_id is not None
    transport.refuse["send_dm"] = Refusal.DM_CLOSED
    await reconciler.reconcile(loaded.record.id)
    assert (await service.db.settings.user(seat.user_id)).dm_closed
    posts = [args.content for kind, args in transport.calls if kind == "post"]
    assert any("can't send you direct messages" in text for text in posts)
    assert any("it's your turn" in text for text in posts)
    transport.calls.clear()
    await reconciler.reconcile(loaded.record.id)
    assert transport.kinds() == []


async def test_a_failed_announcement_is_owed_and_posted_by_the_next_pass(world) -> None:  # type: ignore[no-untyped-def]
    """The standings post fails for now: the pass says so, the game owes it (start-up finds it too), and
    it is posted once."""
    service, reconciler, transport = world
    loaded = await started(service)
    while loaded.state is not None and not loaded.state.is_over:
        loaded = await move(service, loaded)
    transport.refuse["post"] = Refusal.TRANSIENT
    assert await reconciler.reconcile(loaded.record.id) is Owed.RETRY
    assert await service.db.messages.games_owing_results() == [loaded.record.id]
    await reconciler.reconcile(loaded.record.id)
    await reconciler.reconcile(loaded.record.id)
    assert [args.content for kind, args in transport.calls if kind == "post"] == [f"game {loaded.record.id} is over"]
    assert await service.db.messages.games_owing_results() == []
    row = await service.db.messages.get(loaded.record.id, MessageKind.RESULT)
    assert row is not None and row.message_id is not None


async def test_a_deleted_channel_abandons_the_game_and_tells_each_player(world) -> None:  # type: ignore[no-untyped-def]
    """10003: the game ends unrated, and each player gets one DM saying why."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.channel_refused(loaded.record.id, refusal=Refusal.CHANNEL_GONE)
    await reconciler.channel_refused(loaded.record.id, refusal=Refusal.CHANNEL_GONE)
    record = await service.db.games.get(loaded.record.id)
    assert record.status.value == "abandoned"
    told = [args[0] for kind, args in transport.calls if kind == "dm"]
    assert sorted(told) == sorted(USERS)


def restarted_reconciler(service: GameService, transport: FakeTransport) -> Reconciler:
    """A second reconciler on the same database: what a restarted bot has."""
    hands = HandMessages(service)
    return Reconciler(service=service, hands=hands, transport=transport, tables=Marks(), announce=announce)


async def test_a_shutdown_before_the_gateway_is_up_leaves_the_start_up_pass_whole(world) -> None:  # type: ignore[no-untyped-def]
    """Closed while the start-up pass still waits for the gateway: nothing sent, nothing recorded, and the
    next start-up's pass sends the first hand once."""
    service, reconciler, transport = world
    loaded = await started(service)
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    reconciler.resume_when(lambda: never)
    await asyncio.sleep(0)
    await reconciler.idle()  # a pass still waiting for the gateway is not waited for
    await reconciler.close()
    assert transport.kinds() == []
    assert await service.db.messages.get(loaded.record.id, MessageKind.HAND, loaded.state.to_move) is None  # type: ignore[union-attr]
    again = restarted_reconciler(service, transport)
    again.resume_when(lambda: asyncio.sleep(0))
    await asyncio.sleep(0.01)
    await again.idle()
    await again.close()
    assert transport.kinds() == ["send_dm"]


async def test_a_shutdown_right_after_the_gateway_is_up_waits_for_the_start_up_pass(world) -> None:  # type: ignore[no-untyped-def]
    """Once begun, the start-up pass is finished by a shutdown (idle, then close): its hand is sent and
    recorded, so the next start-up sends nothing again."""
    service, reconciler, transport = world
    loaded = await started(service)
    reconciler.resume_when(lambda: asyncio.sleep(0))
    await asyncio.sleep(0.01)
    await reconciler.idle()
    await reconciler.close()
    assert transport.kinds() == ["send_dm"]
    again = restarted_reconciler(service, transport)
    assert await again.resume() == 1
    await again.idle()
    await again.close()
    assert transport.kinds() == ["send_dm"]
    row = await service.db.messages.get(loaded.record.id, MessageKind.HAND, loaded.state.to_move)  # type: ignore[union-attr]
    assert row is not None and row.message_id is not None


async def test_a_lost_channel_is_remembered_across_a_restart(world) -> None:  # type: ignore[no-untyped-def]
    """50013: the host is told once; a new reconciler (a restart) neither tells them again nor posts in the
    channel, until a post there works again."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.channel_refused(loaded.record.id, refusal=Refusal.CHANNEL_LOST)
    await reconciler.channel_refused(loaded.record.id, refusal=Refusal.CHANNEL_LOST)
    assert [args[0] for kind, args in transport.calls if kind == "dm"] == [USERS[0]]
    restarted = restarted_reconciler(service, transport)
    await restarted.channel_refused(loaded.record.id, refusal=Refusal.CHANNEL_LOST)
    assert [args[0] for kind, args in transport.calls if kind == "dm"] == [USERS[0]]
    assert await service.db.messages.channel_lost(loaded.record.id)
    await restarted.channel_reached(loaded.record.id)
    assert not await service.db.messages.channel_lost(loaded.record.id)
    await restarted.close()


async def test_standings_that_fail_for_now_are_posted_by_a_pass_no_move_asked_for(world) -> None:  # type: ignore[no-untyped-def]
    """After the final move nothing asks again: the pass that met a transient failure asks for another
    after a backoff itself, and `caught_up` returns once the standings are out."""
    service, reconciler, transport = world
    reconciler.backoff = Backoff(first=0.01, cap=0.05)
    loaded = await started(service)
    while loaded.state is not None and not loaded.state.is_over:
        loaded = await move(service, loaded)
    transport.refuse["post"] = Refusal.TRANSIENT
    reconciler.mark_dirty(loaded.record.id)
    await asyncio.wait_for(reconciler.caught_up(loaded.record.id), HANG_GUARD)
    assert [args.content for kind, args in transport.calls if kind == "post"] == [f"game {loaded.record.id} is over"]
    assert not reconciler.owes()


async def test_a_lost_channel_is_not_owed_but_looked_at_again_later(world) -> None:  # type: ignore[no-untyped-def]
    """The standings meet a lost channel (50013), a refusal for good until the host fixes it: nothing is
    owed (no retries every few seconds), and a pass is due in LOST_RETRY_SECONDS."""
    service, reconciler, transport = world
    reconciler.backoff = Backoff(first=0.01, cap=0.05)
    loaded = await started(service)
    while loaded.state is not None and not loaded.state.is_over:
        loaded = await move(service, loaded)
    transport.refuse["post"] = Refusal.CHANNEL_LOST
    reconciler.mark_dirty(loaded.record.id)
    await asyncio.wait_for(reconciler.caught_up(loaded.record.id), HANG_GUARD)
    assert not reconciler.owes(loaded.record.id) and loaded.record.id in reconciler._later
    assert await service.db.messages.games_owing_results() == [loaded.record.id]


async def test_caught_up_asks_for_the_pass_a_stored_move_has_not_asked_for_yet(world) -> None:  # type: ignore[no-untyped-def]
    """A move is stored but its after-move hook has not run yet: `caught_up` does not answer "nothing
    owed" from the older pass; it asks for the pass itself, and the next player's turn DM goes out."""
    service, reconciler, transport = world
    loaded = await started(service)
    await reconciler.reconcile(loaded.record.id)
    before = transport.kinds().count("send_dm")
    await move(service, loaded)  # stored; nothing asked for a pass (no hook in this set-up)
    await asyncio.wait_for(reconciler.caught_up(loaded.record.id), HANG_GUARD)
    assert transport.kinds().count("send_dm") == before + 1


# -- a click handed over: the reconciler is the clicked hand's one writer ---------------------------


async def dealt(service: GameService, reconciler: Reconciler, transport: FakeTransport) -> tuple[Loaded, int, int]:
    """A started game whose first DM hand is out: the state, the seat on turn and its hand message."""
    loaded = await started(service)
    await reconciler.reconcile(loaded.record.id)
    seat = loaded.seat_at_turn()
    assert seat is not None and seat.user_id is not None
    row = await service.db.messages.get(loaded.record.id, MessageKind.HAND, seat.seat)
    assert row is not None and row.message_id is not None
    transport.calls.clear()
    return loaded, seat.seat, row.message_id


async def test_a_move_clicked_on_a_dm_hand_edits_it_once_through_the_click(world) -> None:  # type: ignore[no-untyped-def]
    """The pass the move asks for runs while the click is handed over: it waits for the click's redraw,
    then finds the hand showing the move. One write of the clicked hand (the interaction's), no REST edit."""
    service, reconciler, transport = world
    service.after_move_hooks.append(reconciler.after_move)
    loaded, seat, message_id = await dealt(service, reconciler, transport)
    user = loaded.record.seats[seat].user_id
    click = Interaction(user, message_id, guild_id=None)
    async with reconciler.clicked(click, loaded.record.id, seat) as clicked:
        after = await move(service, loaded)
        await clicked.show(after)
    await asyncio.wait_for(reconciler.caught_up(loaded.record.id), HANG_GUARD)
    writes = [kind for kind, args in transport.calls if kind in ("answer_hand", "edit_panel", "strip")]
    # The next player's turn DM may go out before or after the clicked answer (other seats do not wait).
    answered = [args for kind, args in transport.calls if kind == "answer_hand"]
    assert writes == ["answer_hand"] and answered[0][0] == message_id
    assert sorted(transport.kinds()) == ["answer_hand", "send_dm"]  # and the next player's turn DM


class ElsewhereOwned:
    """`Ownership` of a process that does not own the game: each wake-up of the owner records whether the
    clicked hand had its answer by then."""

    def __init__(self, transport: FakeTransport) -> None:
        self.transport = transport
        self.told: list[bool] = []  # per notification: had the click been answered?

    def owns(self, game_id: int) -> bool:
        return False

    async def tell_owner(self, game_id: int) -> None:
        self.told.append("answer_hand" in self.transport.kinds())


async def test_a_move_made_away_from_the_owner_wakes_it_only_once_the_click_is_answered(world) -> None:  # type: ignore[no-untyped-def]
    """A DM click reaches shard 0, which stores the move and redraws the clicked hand through the click.
    The owner (another process) is woken after that answer and its row are stored: woken before, its pass
    reads the row from before the move and redraws the hand over the click's answer (a hint, a selection)."""
    service, reconciler, transport = world
    ownership = ElsewhereOwned(transport)
    follow = FollowUps(ownership, service, reconciler)  # type: ignore[arg-type]
    service.after_move_hooks.append(follow.after_move)
    loaded, seat, message_id = await dealt(service, reconciler, transport)
    click = Interaction(loaded.record.seats[seat].user_id, message_id, guild_id=None)
    async with reconciler.clicked(click, loaded.record.id, seat) as clicked:
        after = await move(service, loaded)
        await asyncio.sleep(0)  # the after-move hook, spawned by the move, runs as far as it can
        await clicked.show(after)
    await until(lambda: ownership.told)
    assert ownership.told == [True]


async def test_a_selection_shown_through_a_click_is_left_on_screen_by_the_next_pass(world) -> None:  # type: ignore[no-untyped-def]
    """A click that only selects cards: shown through the click, and the pass after it sends nothing
    (what is stored is the plain hand, so the selection stays until the game moves on)."""
    service, reconciler, transport = world
    loaded, seat, message_id = await dealt(service, reconciler, transport)
    click = Interaction(loaded.record.seats[seat].user_id, message_id, guild_id=None)
    await reconciler.answer(click, loaded, seat, selection=frozenset({0}), notice="picked")
    await reconciler.reconcile(loaded.record.id)
    assert transport.kinds() == ["answer_hand"]
    assert "picked" in transport.calls[0][1][1].content


async def test_a_refused_click_redraw_is_redrawn_by_a_pass(world) -> None:  # type: ignore[no-untyped-def]
    """Discord refuses the click's edit: the stored row is left as it was, so a pass edits the hand over REST."""
    service, reconciler, transport = world
    loaded, seat, message_id = await dealt(service, reconciler, transport)
    after = await move(service, loaded)
    transport.refuse["answer_hand"] = Refusal.TRANSIENT
    await reconciler.answer(Interaction(loaded.record.seats[seat].user_id, message_id, guild_id=None), after, seat)
    await asyncio.wait_for(reconciler.caught_up(loaded.record.id), HANG_GUARD)
    edited = [args[0] for kind, args in transport.calls if kind == "edit_panel"]
    assert edited == [message_id]


async def test_a_turn_start_comes_from_the_move_stored_here_only_for_another_seat(world) -> None:  # type: ignore[no-untyped-def]
    """The move this process stored began the turn of every seat but its mover's: theirs is the move log's
    (the last move somebody else made), read as before. A seat that moves again is still in its turn."""
    service, reconciler, _transport = world
    loaded = await started(service)
    after = await move(service, loaded)
    mover = loaded.seat_at_turn()
    assert mover is not None
    other = next(seat.seat for seat in after.record.seats if seat.seat != mover.seat)
    choice = ThirteenAdapter().computer("normal").choose(loaded.state.view(mover.seat), random.Random(1))
    await reconciler.after_move(Applied(loaded, after, mover.seat, choice, MoveSource.PLAYER, None))
    version = after.record.version
    assert await reconciler._turn_start(loaded.record.id, other, version) == version
    assert await reconciler._turn_start(loaded.record.id, mover.seat, version) == 0  # nobody else has moved
    assert await service.db.messages.turn_start(loaded.record.id, mover.seat) == 0
    older = version - 1  # a pass drawing an older state than the move stored asks the database
    assert await reconciler._turn_start(loaded.record.id, other, older) == await service.db.messages.turn_start(
        loaded.record.id, other
    )
