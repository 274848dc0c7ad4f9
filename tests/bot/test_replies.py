"""bot.projection.replies: which DM click's token may post a person's next hand."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.projection.replies import PRUNE_AT, Replies
from data.models import MessageKind, ShownMessage

DM = 900


HAND = 4242  # the clicked hand message


def click(
    user_id: int, *, channel_id: int = DM, guild_id: int | None = None, token: str = "t", message_id: int = HAND
) -> Any:
    """What `Replies.note` reads of a discord.Interaction."""
    return SimpleNamespace(
        guild_id=guild_id,
        channel_id=channel_id,
        application_id=1,
        token=token,
        user=SimpleNamespace(id=user_id),
        message=SimpleNamespace(id=message_id),
    )


def test_a_dm_click_is_usable_until_its_window_ends() -> None:
    now = [0.0]
    replies = Replies(840.0, lambda: now[0])
    replies.note(click(7))
    now[0] = 839.0
    reply = replies.fresh(7, DM)
    assert reply is not None and reply.token == "t" and reply.channel_id == DM
    now[0] = 840.0
    assert replies.fresh(7, DM) is None


def test_a_click_in_a_server_channel_posts_no_dm() -> None:
    """Its follow-ups would go to that channel, not to the person's DM."""
    replies = Replies(840.0, lambda: 0.0)
    replies.note(click(7, channel_id=55, guild_id=3))
    assert replies.fresh(7, None) is None


def test_a_token_for_another_channel_or_one_refused_is_not_used() -> None:
    replies = Replies(840.0, lambda: 0.0)
    replies.note(click(7))
    assert replies.fresh(7, DM + 1) is None  # the hand goes to another channel than the click's
    replies.note(click(7, token="u"))
    reply = replies.fresh(7, DM)
    assert reply is not None
    replies.drop(7, reply)
    assert replies.fresh(7, DM) is None


def test_the_latest_click_wins_and_expired_ones_are_swept_out() -> None:
    now = [0.0]
    replies = Replies(10.0, lambda: now[0])
    for user in range(PRUNE_AT - 1):
        replies.note(click(user))
    now[0] = 20.0  # every token so far has expired
    replies.note(click(1, token="new"))
    replies.note(click(PRUNE_AT + 1))  # reaching PRUNE_AT sweeps the expired ones
    assert len(replies._by_user) == 2
    reply = replies.fresh(1, DM)
    assert reply is not None and reply.token == "new"


def test_no_window_keeps_nothing() -> None:
    replies = Replies(0.0, lambda: 0.0)
    replies.note(click(7))
    assert replies.fresh(7, DM) is None


def hand_row(token: str | None = "s", until: float | None = 840.0, channel_id: int = DM) -> ShownMessage:
    """A seat's hand row as another process (the one that got the click) stored it."""
    return ShownMessage(1, MessageKind.HAND, 0, channel_id, 5, 3, "k", 3, True, reply_token=token, reply_until=until)


def test_a_token_stored_with_a_hand_row_is_used_within_its_window_as_this_bots_own() -> None:
    now = [0.0]
    replies = Replies(840.0, lambda: now[0])
    reply = replies.stored(hand_row(), DM)
    assert reply is not None and reply.token == "s" and reply.application_id is None and reply.channel_id == DM
    now[0] = 840.0
    assert replies.stored(hand_row(), DM) is None
    assert replies.stored(hand_row(token=None, until=None), DM) is None  # no click stored


def test_a_stored_token_for_another_channel_or_refused_here_is_not_used() -> None:
    replies = Replies(840.0, lambda: 0.0)
    assert replies.stored(hand_row(channel_id=DM + 1), DM) is None
    reply = replies.stored(hand_row(), DM)
    assert reply is not None
    replies.drop(7, reply)  # Discord refused it: the row still holds it until the next click
    assert replies.stored(hand_row(), DM) is None


def test_a_click_may_edit_the_hand_it_was_on_and_no_other() -> None:
    """The token edits its interaction's original message, the clicked hand; a newer hand (posted since,
    or over REST) is not its to edit, nor is any hand once the window is over."""
    now = [0.0]
    replies = Replies(840.0, lambda: now[0])
    replies.note(click(7))
    reply = replies.editing(7, HAND)
    assert reply is not None and reply.message_id == HAND and reply.token == "t"
    assert replies.editing(7, HAND + 1) is None
    assert replies.editing(8, HAND) is None  # someone else's click
    now[0] = 840.0
    assert replies.editing(7, HAND) is None


def test_a_token_refused_edits_nothing_again() -> None:
    replies = Replies(840.0, lambda: 0.0)
    replies.note(click(7))
    reply = replies.editing(7, HAND)
    assert reply is not None
    replies.drop(7, reply)
    assert replies.editing(7, HAND) is None
