"""DM hand edits upload a picture only when it changed (bot.hands.ShownImages), end to end with Thirteen.

Every seat's hand message is edited after each move (its controls carry the game version), but the
picture of a hand that did not change is the attachment already on the message: Discord keeps an
attachment an edit lists by id, so nothing is uploaded again.
"""

from __future__ import annotations

from tests.e2e.helpers import click, game_id_of, is_my_turn, open_lobby, start_bot, start_game, version_of
from tests.fakediscord import FakeDiscord, Message, SimUser


async def two_player_game(fake: FakeDiscord, bots) -> tuple[SimUser, Message, SimUser, Message]:  # type: ignore[no-untyped-def]
    """Alice and Bob at a started table: (mover, their hand on turn, other, the other's hand)."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    assert game_id_of(lobby) > 0
    mover, other = (alice, bob) if is_my_turn(await fake.wait_for_message(alice.dm)) else (bob, alice)
    hand = await fake.wait_for_message(mover.dm, is_my_turn)
    waiting = await fake.wait_for_message(other.dm, lambda m: bool(m.buttons))
    return mover, hand, other, waiting


async def play_lowest(fake: FakeDiscord, mover: SimUser, hand: Message) -> Message:
    """Select the lowest card (TL-4: it holds the lead's required card) and press Play."""
    select = hand.selects[0]
    chosen = await mover.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message)
    return await click(mover, chosen, "Play")


async def test_an_unchanged_hand_picture_keeps_its_attachment(fake: FakeDiscord, bots) -> None:
    """The other player's hand, redrawn for the new version after a move, keeps its attachment: no upload."""
    mover, hand, other, waiting = await two_player_game(fake, bots)
    before = waiting.attachments[0]
    await play_lowest(fake, mover, hand)
    after = await fake.wait_for_message(other.dm, lambda m: m.id == waiting.id and version_of(m) > version_of(waiting))
    assert [a.id for a in after.attachments] == [before.id]
    assert after.attachments[0].data == before.data
    edits = [r for r in fake.requests if r.method == "PATCH" and r.path.endswith(f"/messages/{waiting.id}")]
    assert edits and not edits[-1].files


async def test_a_changed_hand_picture_is_uploaded_again(fake: FakeDiscord, bots) -> None:
    """The mover's hand after a selection (a raised card) and after playing (a card fewer) gets new pictures."""
    mover, hand, _, _ = await two_player_game(fake, bots)
    select = hand.selects[0]
    chosen = await mover.select(hand, select["custom_id"], [select["options"][0]["value"]])
    assert isinstance(chosen, Message)
    assert chosen.attachments[0].id != hand.attachments[0].id
    assert chosen.attachments[0].data != hand.attachments[0].data
    played = await click(mover, chosen, "Play")
    assert played.attachments[0].id not in (hand.attachments[0].id, chosen.attachments[0].id)
    assert played.attachments[0].data != chosen.attachments[0].data
