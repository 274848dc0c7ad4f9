"""DM hand edits upload a picture only when it changed (bot.projection.hands.ShownImages), end to end with Thirteen.

A hand redrawn with the same picture (a Pass: the controls change, the cards do not) lists the
attachment already on the message: Discord keeps an attachment an edit lists by id, so nothing is
uploaded again. A waiting hand is not edited at all when another player moves.
"""

from __future__ import annotations

from bench.players.common import click, game_id_of, is_my_turn, open_lobby, start_bot, start_game, version_of
from fakediscord import FakeDiscord, Message, SimUser


async def two_player_game(fake: FakeDiscord, bots) -> tuple[SimUser, Message, SimUser]:  # type: ignore[no-untyped-def]
    """Alice and Bob at a started table: (mover, their hand on turn, the other player)."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    assert game_id_of(lobby) > 0
    mover, other = (alice, bob) if fake.messages(alice.dm) else (bob, alice)
    hand = await fake.wait_for_message(mover.dm, is_my_turn)
    return mover, hand, other


async def play_lowest(fake: FakeDiscord, mover: SimUser, hand: Message) -> Message:
    """Select the lowest card (TL-4: it holds the lead's required card) and press Play."""
    select = hand.selects[0]
    chosen = await mover.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message)
    return await click(mover, chosen, "Play")


async def test_a_waiting_hand_is_not_edited_when_another_player_moves(fake: FakeDiscord, bots) -> None:
    """The mover's played hand (greyed by the click's answer) is not edited when the other player passes;
    the mover's next turn comes as a new message."""
    mover, hand, other = await two_player_game(fake, bots)
    await play_lowest(fake, mover, hand)
    turn = await fake.wait_for_message(other.dm, lambda m: is_my_turn(m) and bool(m.buttons))
    await click(other, turn, "Pass")
    await fake.wait_for_message(mover.dm, lambda m: m.id != hand.id and is_my_turn(m))
    assert not [r for r in fake.requests if r.method == "PATCH" and r.path.endswith(f"/messages/{hand.id}")]


async def test_an_unchanged_hand_picture_keeps_its_attachment(fake: FakeDiscord, bots) -> None:
    """A Pass redraws the passer's hand with the same cards: the edit lists the attachment, uploading nothing."""
    mover, hand, other = await two_player_game(fake, bots)
    await play_lowest(fake, mover, hand)
    turn = await fake.wait_for_message(other.dm, lambda m: is_my_turn(m) and bool(m.buttons))
    before = turn.attachments[0]
    passed = await click(other, turn, "Pass")
    assert passed.id == turn.id and version_of(passed) > version_of(turn)
    assert [a.id for a in passed.attachments] == [before.id]
    assert passed.attachments[0].data == before.data
    edits = [r for r in fake.requests if r.edited == turn.id]  # by REST, by token or as the click's answer
    assert edits and not edits[-1].files


async def test_a_changed_hand_picture_is_uploaded_again(fake: FakeDiscord, bots) -> None:
    """The mover's hand after a selection (a raised card) and after playing (a card fewer) gets new pictures."""
    mover, hand, _ = await two_player_game(fake, bots)
    select = hand.selects[0]
    chosen = await mover.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message)
    assert chosen.attachments[0].id != hand.attachments[0].id
    assert chosen.attachments[0].data != hand.attachments[0].data
    played = await click(mover, chosen, "Play")
    assert played.attachments[0].id not in (hand.attachments[0].id, chosen.attachments[0].id)
    assert played.attachments[0].data != chosen.attachments[0].data
