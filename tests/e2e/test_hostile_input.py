"""Input only a modified client can send, on real messages in the offline Discord: forged custom ids,
select values no menu listed, out-of-range slash options. Every one is refused with a short ephemeral
note or ignored; no handler raises (the harness fails the test on any logged error) and no game moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.players.common import click, hand_message, open_lobby, start_bot, start_game
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.server import InteractionFailed

NASTY_NUMBERS = ["²", "٣", "1" * 40, "9223372036854775808", "-1", "", "0x10", "1e9", " 1", "99999"]
NASTY_TEXT = ["²", "a" * 200, "<@everyone>", "☃", "'; DROP TABLE games; --", "\x00", "zz:zz"]


def forged_ids(real: str, rng: random.Random) -> str:
    """A custom id shaped like a real one with one part replaced by something hostile."""
    parts = real.split(":")
    index = rng.randrange(len(parts))
    parts[index] = rng.choice(NASTY_NUMBERS + NASTY_TEXT)
    if rng.random() < 0.2:
        parts.append(rng.choice(NASTY_NUMBERS + NASTY_TEXT))
    return ":".join(parts)[:300]


async def send(fake: FakeDiscord, user: SimUser, message: Message, data: dict[str, Any], channel: Any) -> Any:
    try:
        return await fake.start_interaction(user.person, 3, data, channel, message)
    except InteractionFailed:
        return None  # no handler claimed the id: Discord says "This interaction failed", nothing ran


SEAT_CHANGES = ("Leave", "Cancel", "Start", "Join", "Add computer")  # real effects even with a junk argument


def live_hand(fake: FakeDiscord, users: list[SimUser]) -> tuple[Message, SimUser]:
    """The hand DM of whoever plays first, and its owner: a hand is sent at its seat's first turn, so
    right after Start only that player has one (`start_game` waits for it)."""
    for user in users:
        hand = hand_message(fake, user)
        if hand is not None:
            return hand, user
    raise AssertionError("no player has a hand message after Start")


def controls(message: Message) -> list[dict[str, Any]]:
    return [c for c in (*message.buttons, *message.selects) if not str(c.get("label", "")).startswith(SEAT_CHANGES)]


@pytest.mark.parametrize("game", ["thirteen", "carousel", "schnapsen", "gin"])
async def test_forged_components_on_real_messages_never_raise_or_move(fake: FakeDiscord, bots, game: str) -> None:  # type: ignore[no-untyped-def]
    """Random forged ids and values on the lobby, table and hand messages: no exception, no state change."""
    bot = await start_bot(bots)
    fake.response_deadline = 1.0  # unclaimed ids fail fast
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, f"{game} new", **({} if game in ("schnapsen", "gin") else {"seats": 2}))
    lobby = await click(bob, lobby, "Join")
    table = await start_game(fake, alice, lobby, [alice, bob])
    hand, owner = live_hand(fake, [alice, bob])
    game_id = int(next(b["custom_id"] for b in hand.buttons if b["custom_id"].startswith("cr:")).split(":")[1])
    before = await bot.service.db.games.get(game_id)
    rng = random.Random(19)
    targets = [(hand, owner.dm), (table, fake.channel), (lobby, fake.channel)]
    for round_number in range(40):
        message, channel = rng.choice(targets)
        current = fake.message(message)
        selects = current.selects
        if selects and rng.random() < 0.6:  # a real menu, values it never listed
            menu = rng.choice(selects)
            values = [rng.choice(NASTY_NUMBERS + NASTY_TEXT) for _ in range(rng.randint(1, 3))]
            data: dict[str, Any] = {"custom_id": menu["custom_id"], "component_type": 3, "values": values}
        else:  # a forged id (discord.py itself ignores ids the message does not carry)
            real = rng.choice(controls(current) or controls(message))
            data = {"custom_id": forged_ids(real["custom_id"], rng), "component_type": 2}
        await send(fake, rng.choice([alice, bob]), current, data, channel)
        assert not fake.logged_errors, (round_number, data)
    after = await bot.service.db.games.get(game_id)
    assert after.version == before.version and after.status == before.status


async def test_a_forty_digit_game_id_in_the_history_menu_is_refused(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/history's replay menu sent game 10^40 (past SQLite's integers) or `²`: a short refusal, no error."""
    from tests.e2e.test_community import people, store_game

    bot = await start_bot(bots)
    alice = fake.users["alice"]
    await store_game(bot.service.db, int(fake.guild.id), people(fake, "alice", "bob"), 3)
    history = await alice.slash("history")
    assert isinstance(history, Message) and history.selects
    menu = history.selects[0]["custom_id"]
    for value in ("1" * 40, "²"):
        answer = await send(fake, alice, history, {"custom_id": menu, "component_type": 3, "values": [value]},
                            fake.channel)
        assert isinstance(answer, Message) and "not valid any more" in answer.text


async def test_a_select_value_the_menu_never_listed_is_refused(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Thirteen's card menu with the value `²` (a digit to isdigit, not to int): refused, the hand unchanged."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    lobby = await open_lobby(fake, alice, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, alice, lobby, [alice, bob])
    hand, owner = live_hand(fake, [alice, bob])
    assert hand.selects
    menu = hand.selects[0]
    answer = await send(fake, owner, hand, {"custom_id": menu["custom_id"], "component_type": 3, "values": ["²"]},
                        owner.dm)
    assert isinstance(answer, Message) and "not valid any more" in answer.text


async def test_a_forged_slash_option_is_refused_with_the_choices(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """`/thirteen new pace:warp` (the client offers only live and casual) is refused and opens no table."""
    await start_bot(bots)
    alice = fake.users["alice"]
    definition = alice._command("thirteen", fake.channel)
    data = {
        "id": definition["id"], "name": "thirteen", "type": 1,
        "options": [{"name": "new", "type": 1, "options": [{"name": "pace", "type": 3, "value": "warp"},
                                                            {"name": "seats", "type": 4, "value": 10**30}]}],
    }
    if "guild_id" in definition:
        data["guild_id"] = definition["guild_id"]
    answer = await fake.start_interaction(alice.person, 2, data, fake.channel, None)
    assert isinstance(answer, Message) and "not valid" in answer.text and answer.ephemeral
    assert not [m for m in fake.messages(fake.channel) if "is open" in m.text]
