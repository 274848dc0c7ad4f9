"""A turn's new DM hand goes through the person's latest DM click (bot.projection.replies): a follow-up
of that interaction, a new message that notifies them, outside Discord's global rate limit. Without a
usable token, or when Discord refuses it, the hand is posted over REST with the turn's nonce; a
follow-up whose outcome is unknown is looked for in the DM before anything is posted again.

End to end through the offline Discord, which checks each token as Discord does (15 minutes, one
application, an acknowledged interaction) and counts what is exempt from the global limit."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from bench.bot_load import move_click
from bench.players import schnapsen as schnapsen_helpers
from bench.players.common import FAST, click, game_id_of, start_bot
from bot.kit.refusals import Refusal, Refused
from bot.kit.transport import Reply
from bot.moves.adapters import Panel
from bot.process.bot import CardBot
from bot.process.config import Tuning
from data.models import MessageKind, ShownMessage
from fakediscord import FakeDiscord, Message, SimUser
from tests.e2e.test_load_once import started_duel
from tests.waiting import until

FOLLOW_UP = r"^/webhooks/\d+/[^/]+$"  # POST: a new message through an interaction's token
EDIT_BY_TOKEN = r"^/webhooks/\d+/{token}/messages/@original$"  # PATCH: a clicked message through its token
SHORT_TIMEOUT = 1.0  # the bot's request timeout where a request is held past it


def turn_posts(fake: FakeDiscord, since: int, user: SimUser) -> list[str]:
    """The requests (from index `since`) that created a message in `user`'s DM: "rest" or "follow-up"."""
    made = []
    for recorded in fake.requests[since:]:
        if recorded.method != "POST" or recorded.status >= 300 or not isinstance(recorded.response, dict):
            continue
        if recorded.response.get("channel_id") != user.dm.id:
            continue
        made.append("follow-up" if recorded.path.startswith("/webhooks/") else "rest")
    return made


async def play(bot: CardBot, game_id: int, mover: SimUser, hand: Message) -> None:
    """One move from `mover`'s DM hand, every message caught up after it."""
    label, hand = await move_click(mover, hand)
    await mover.click(hand, label=label)
    await bot.reconciler.caught_up(game_id)


async def two_moves(fake: FakeDiscord, bots, tuning: Tuning = FAST) -> tuple[CardBot, int, SimUser, int]:  # type: ignore[no-untyped-def]
    """The first mover plays, then the other; returns the bot, the game, the first mover (who clicked their
    DM hand one move ago) and the index of the requests the second move began at."""
    bot, game_id, first, hand = await started_duel(fake, bots, tuning)
    await play(bot, game_id, first, hand)
    second = fake.users["bob"] if first is fake.users["alice"] else fake.users["alice"]
    their_hand = await fake.wait_for_message(second.dm, lambda m: bool(m.buttons))
    since = len(fake.requests)
    await play(bot, game_id, second, their_hand)
    return bot, game_id, first, since


async def test_a_turn_hand_after_a_recent_click_is_a_follow_up_of_that_click(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The first mover clicked their hand one move ago: their next turn's hand is a new message in their
    DM posted through that click's token, not a counted REST post, and it is the hand they play from."""
    bot, game_id, first, since = await two_moves(fake, bots)
    assert turn_posts(fake, since, first) == ["follow-up"]
    assert bot.reconciler.replies.used >= 1
    newest = fake.messages(first.dm)[-1]
    assert newest.buttons
    await play(bot, game_id, first, newest)  # it plays like any hand: the click is answered, the move stored


async def test_a_token_discord_refuses_leaves_the_hand_to_a_rest_post(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A token Discord refuses (401 Invalid Webhook Token, as an expired one is) posts nothing: the hand
    goes over REST instead, once."""
    fake.fail("POST", FOLLOW_UP, 401, code=50027, times=1)
    _bot, _game_id, first, since = await two_moves(fake, bots)
    assert turn_posts(fake, since, first) == ["rest"]
    assert fake.messages(first.dm)[-1].buttons


async def test_a_follow_up_with_no_answer_is_looked_for_before_the_hand_is_posted_again(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots
) -> None:
    """A follow-up whose answer never came (held past the bot's request timeout) may have landed, and a
    webhook takes no nonce: the DM is read first; finding no hand for this turn, the bot posts it over
    REST, so the person gets exactly one."""
    fake.fail("POST", FOLLOW_UP, 500, times=1, hang=SHORT_TIMEOUT * 3)
    _bot, _game_id, first, since = await two_moves(fake, bots, dataclasses.replace(FAST, request_timeout=SHORT_TIMEOUT))
    assert turn_posts(fake, since, first) == ["rest"]
    looked = [r for r in fake.requests[since:] if r.method == "GET" and r.path == f"/channels/{first.dm.id}/messages"]
    assert looked, "the DM was not read before posting again"


async def test_a_follow_up_posted_but_not_recorded_is_found_and_not_posted_again(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots
) -> None:
    """The follow-up landed, then its record failed (as a kill between the post and the record would
    leave it). The pass tried again claims the turn a second time, finds that hand in the DM, since a
    webhook post has no nonce that Discord would match, and records it: the person gets one hand."""
    bot, game_id, first, hand = await started_duel(fake, bots)
    await play(bot, game_id, first, hand)
    second = fake.users["bob"] if first is fake.users["alice"] else fake.users["alice"]
    their_hand = await fake.wait_for_message(second.dm, lambda m: bool(m.buttons))
    record = bot.reconciler._sent_hand
    lost: list[int] = []

    async def lose_the_first_record(shown: ShownMessage) -> None:
        if not lost:
            lost.append(shown.message_id or 0)
            raise Refused(Refusal.TRANSIENT, RuntimeError("the record was lost"))
        await record(shown)

    bot.reconciler._sent_hand = lose_the_first_record  # type: ignore[method-assign]
    since = len(fake.requests)
    await play(bot, game_id, second, their_hand)
    await until(lambda: lost and not bot.reconciler.owes(game_id))
    await bot.reconciler.caught_up(game_id)
    assert turn_posts(fake, since, first) == ["follow-up"]
    seat = (await bot.service.load(game_id)).record.seat_of(int(first.id))
    assert seat is not None
    row = await bot.db.messages.get(game_id, MessageKind.HAND, seat.seat)
    assert row is not None and row.message_id == lost[0]


async def test_a_click_before_a_restart_still_posts_the_next_hand(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The click's token is stored with the clicked hand's row: a bot restarted between that click and the
    person's next turn finds it there and posts the hand as a follow-up, not over REST."""
    bot, game_id, first, hand = await started_duel(fake, bots)
    await play(bot, game_id, first, hand)
    second = fake.users["bob"] if first is fake.users["alice"] else fake.users["alice"]
    their_hand = await fake.wait_for_message(second.dm, lambda m: bool(m.buttons))
    await bots.stop(bot)
    bot = await start_bot(bots)
    await bot.reconciler.caught_up(game_id)
    since = len(fake.requests)
    await play(bot, game_id, second, fake.message(their_hand))
    assert turn_posts(fake, since, first) == ["follow-up"]
    assert fake.messages(first.dm)[-1].buttons


def hand_edits_over_rest(fake: FakeDiscord, users: list[SimUser]) -> int:
    """Counted PATCHes of messages in these people's DMs (their hands), since the fake started."""
    dms = tuple(f"/channels/{user.dm.id}/" for user in users)
    return sum(1 for r in fake.counted_requests() if r.method == "PATCH" and r.path.startswith(dms))


async def sixty_six_until(fake: FakeDiscord, bot: CardBot, stop: Callable[[], bool]) -> int:
    """Alice and Bob play a Sixty-Six series from their DM hands until `stop()`; every message caught up.
    Returns the game."""
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await schnapsen_helpers.open_table(fake, alice)
    await click(bob, lobby, "Join")
    await click(alice, lobby, "Start")
    game_id = game_id_of(lobby)
    await schnapsen_helpers.play(fake, [alice, bob], stop=stop)
    await bot.reconciler.caught_up(game_id)
    return game_id


async def hands_show_the_stored_game(fake: FakeDiscord, bot: CardBot, game_id: int) -> None:
    """Each seat's recorded DM hand says what the bot draws for that seat from the stored game now."""
    loaded = await bot.service.load(game_id)
    for seat in loaded.record.seats:
        row = await bot.db.messages.get(game_id, MessageKind.HAND, seat.seat)
        assert row is not None and row.message_id is not None
        panel, _ = await bot.hands.drawn(loaded, seat.seat, dm=True)
        assert panel.content in fake.message(str(row.message_id)).text


async def test_a_waiting_hand_that_changes_is_edited_through_its_persons_last_click(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots
) -> None:
    """Sixty-Six's hand names the last trick, and the player who wins one leads again while the other
    waits: the waiting hand changes with no click of its own. Its person's last click was on it, so it
    is edited through that click's token (exempt from the global limit), never over REST, and shows
    the stored game."""
    bot = await start_bot(bots, FAST)
    game_id = await sixty_six_until(fake, bot, lambda: bot.reconciler.replies.edited >= 3)
    assert bot.reconciler.replies.edited >= 3
    assert hand_edits_over_rest(fake, [fake.users["alice"], fake.users["bob"]]) == 0
    await hands_show_the_stored_game(fake, bot, game_id)


async def test_a_waiting_hand_whose_token_is_refused_is_edited_over_rest(  # type: ignore[no-untyped-def]
    fake: FakeDiscord, bots
) -> None:
    """Discord refuses the token (401 Invalid Webhook Token, as for an expired one): the same edit goes
    over REST, once, the hand shows the stored game, and that token is not tried again."""
    bot = await start_bot(bots, FAST)
    edit_by_reply = bot.transport.edit_by_reply
    refused: list[str] = []

    async def refusing_the_first(reply: Reply, panel: Panel) -> bool:
        if not refused:  # Discord refuses this token (the person's last click: nothing else uses it now)
            refused.append(reply.token)
            fake.fail("PATCH", EDIT_BY_TOKEN.format(token=re.escape(reply.token)), 401, code=50027)
        return await edit_by_reply(reply, panel)

    bot.transport.edit_by_reply = refusing_the_first  # type: ignore[method-assign]
    game_id = await sixty_six_until(fake, bot, lambda: bool(refused))
    assert hand_edits_over_rest(fake, [fake.users["alice"], fake.users["bob"]]) == 1
    assert bot.reconciler.replies.edited == 0
    assert refused[0] in bot.reconciler.replies._refused
    await hands_show_the_stored_game(fake, bot, game_id)
