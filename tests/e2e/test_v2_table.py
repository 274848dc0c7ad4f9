"""The table is one Components V2 card: header, picture in a media gallery, status, controls."""

from __future__ import annotations

from bench.players.common import (
    click,
    confirm,
    game_over_in,
    hand_message,
    open_lobby,
    start_bot,
    start_game,
    wait_hand,
)
from bench.players.schnapsen import play
from bot.kit.components import button
from bot.kit.ids import ComponentId
from bot.kit.layout import MAX_COMPONENTS, STRIPPED_HAND, card, components_in, rows_of
from fakediscord import FakeDiscord, Message


def assert_v2_card(message: Message) -> None:
    assert message.is_v2 and message.content == "" and not message.embeds
    assert message.components[0]["type"] == 17  # one container holds everything
    assert len(message.attachments) == 1 and message.media_urls == [message.attachments[0].url]
    assert len(list(message.walk())) <= MAX_COMPONENTS


async def test_the_table_is_one_v2_card_from_start_to_standings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Start turns the lobby into a V2 card; every later edit keeps it one, with the newest picture."""
    # A new DM hand at every turn start against a quick computer is more sends than the DM's 5 per 5 s:
    # at Discord's timing this series takes most of its 60 s. Windows a fifth as long keep it short.
    fake.rate_limits.scale = 0.2
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await open_lobby(fake, alice, "schnapsen new")
    assert lobby.is_v2 and lobby.content == "" and lobby.components[0]["type"] == 17  # the lobby is a card too
    assert [b["label"] for b in lobby.buttons][-1] == "Rules"
    table = await click(alice, lobby, "Start")
    assert_v2_card(table)
    assert table.text.startswith("**Santase** · game #")  # the default preset names the table (D-SX-1)
    assert [b["label"] for b in table.buttons] == ["My hand", "Rules", "Leave"]
    await play(fake, [alice])
    final = fake.message(table)
    assert_v2_card(final)
    assert final.edits > table.edits
    assert final.attachments[0].filename != table.attachments[0].filename
    standings = game_over_in(fake)  # the result post is a V2 card with its picture and Rematch
    assert standings is not None
    assert_v2_card(standings)
    assert [b["label"] for b in standings.buttons] == ["Rematch"]


async def test_a_restarted_bot_answers_the_v2_tables_buttons(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The V2 table's buttons are DynamicItems: after a restart, My hand on the old card still answers."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    await bots.stop(bot)
    await start_bot(bots)
    panel = await click(bob, fake.message(table), "My hand")
    assert panel.ephemeral and "Thirteen" in panel.text
    assert_v2_card(fake.message(table))


def test_card_keeps_within_the_component_and_text_budgets() -> None:
    """40 components and 4,000 characters: an oversized card drops controls and cuts the status."""
    items = [button(ComponentId(1, 0, "play", str(i)), f"b{i}") for i in range(60)]
    view = card("header", image="t.png", status="x" * 5000, items=items)
    assert components_in(view) <= MAX_COMPONENTS
    texts = [c for c in view.walk_children() if c.type.value == 10]
    assert sum(len(t.content) for t in texts) <= 4000  # type: ignore[attr-defined]
    assert len(rows_of(items)) == 12


async def test_hands_are_v2_cards_and_a_left_hand_keeps_its_picture(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The DM hand is a V2 card (picture in a gallery, controls in rows); after Leave it loses its controls only."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    hand = await wait_hand(fake, alice) if hand_message(fake, alice) else await wait_hand(fake, bob)
    owner = alice if hand.channel_id == alice.dm.id else bob
    assert_v2_card(hand)
    assert hand.selects and any(b["label"] == "Play" for b in hand.buttons)
    await confirm(owner, await click(owner, table, "Leave"))
    stripped = await fake.wait_for_message(owner.dm, lambda m: m.id == hand.id and STRIPPED_HAND in m.text)
    assert_v2_card(stripped)
    assert not stripped.buttons and not stripped.selects
