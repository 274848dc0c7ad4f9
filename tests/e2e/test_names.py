"""A hostile display name is shown as text on every surface: tables, lobbies, "left the game", standings,
stats, history and replays. Markdown and mention syntax in it come out escaped; nobody is pinged."""

from __future__ import annotations

from bench.players.common import click, confirm, open_lobby, play_all, start_bot, start_game
from bot.kit.names import shown_name
from fakediscord import FakeDiscord, Message, SimUser

RAW = "**zed**_<@dave>"  # the fake gives it the global name "**Zed**_<@Dave>"


def _texts(fake: FakeDiscord, *channels) -> list[str]:  # type: ignore[no-untyped-def]
    return [message.text for channel in channels for message in fake.messages(channel)]


async def _reply(person: SimUser, command: str, /, **options) -> Message:  # type: ignore[no-untyped-def]
    answer = await person.slash(command, **options)
    assert isinstance(answer, Message), answer
    return answer


def test_shown_name_escapes_markdown_and_mentions() -> None:
    """The helper leaves plain names alone and escapes `**`, `_`, `<@…>` and `@everyone`."""
    assert shown_name("Alice") == "Alice"
    shown = shown_name("**Zed**_<@Dave> @everyone")
    assert "**" not in shown.replace("\\*\\*", "") and "\\_" in shown
    assert "<@Dave>" not in shown and "@everyone" not in shown


async def test_hostile_name_is_text_on_every_surface(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Table, lobby notice, "left the game", standings, stats, history and replay show the escaped name only."""
    hostile = fake.add_user(RAW)
    name = hostile.name.title()
    shown = shown_name(name)
    bot = await start_bot(bots)
    bob = fake.users["bob"]
    lobby = await open_lobby(fake, hostile, "thirteen new", seats=2)
    lobby = await click(bob, lobby, "Join")
    await start_game(fake, hostile, lobby, [hostile, bob])
    left = await confirm(hostile, await _reply(hostile, "game leave"))
    assert "left the game" in left.text
    await play_all(fake, [bob])
    channel_texts = _texts(fake, fake.channel)
    assert any(f"{shown} left the game" in text for text in channel_texts)
    assert any(shown in text and "🏆" in text for text in channel_texts)  # the final standings
    stats = await _reply(bob, "stats", user=hostile)
    history = await _reply(bob, "history", user=hostile)
    assert shown in stats.text and shown in history.text
    picker = history.selects[0]
    replay = await bob.select(history, picker["custom_id"], [picker["options"][0]["value"]])
    assert isinstance(replay, Message)
    later = await click(bob, replay, "⏭") if any(b.get("label") == "⏭" for b in replay.buttons) else replay
    every = [*_texts(fake, fake.channel, bob.dm, hostile.dm), stats.text, history.text, replay.text, later.text]
    assert not [text for text in every if name in text], "the raw name reached a message"
    assert bot.service.db is not None
