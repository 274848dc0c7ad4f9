"""Languages end to end: each person reads /settings in their own language, the pseudo-language finds any
word of the surface left out of the catalogs, and the synced commands carry their translations."""

from __future__ import annotations

from typing import Any

from bench.players.common import start_bot
from bot.kit.languages import dm_language
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, SimUser
from fakediscord.joins import join
from locales import PSEUDO
from locales.pseudo import marked
from tests.e2e.test_community import owner, reply
from tests.locales.test_catalogs import valid_name
from tests.waiting import until


def unmarked(message: Message) -> list[str]:
    """Every visible string of `message` (each line of text, each label, placeholder and option) that is not
    wholly a pseudo-language message. Markdown emphasis around a message (`_…_`, `**…**`) is not text."""
    strings = [line for line in message.text.splitlines() if line.strip()]
    for component in message.buttons + message.selects:
        strings += [component[key] for key in ("label", "placeholder") if component.get(key)]
        strings += [option["label"] for option in component.get("options", [])]
    return [text for text in strings if not marked(text.strip("_*"))]


async def seen_locale(bot: CardBot, user: SimUser, expected: str) -> None:
    """Until the stored last-seen locale of `user` is `expected` (it is written beside the answer)."""

    async def seen() -> bool:
        return (await bot.service.db.settings.user(int(user.id))).seen_locale == expected

    await until(seen, f"{user.name}'s locale recorded as {expected}")


async def test_two_players_with_different_discord_locales_each_read_their_own(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Vietnamese and a German Discord client in one server: /settings show answers each in theirs."""
    await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    alice.person.locale, bob.person.locale = "vi", "de"
    vietnamese = await reply(alice, "settings show")
    german = await reply(bob, "settings show")
    assert "**Cài đặt của bạn**" in vietnamese.text and "• Ngôn ngữ: theo Discord (Tiếng Việt)" in vietnamese.text
    assert "**Deine Einstellungen**" in german.text and "• Sprache: wie in Discord (Deutsch)" in german.text


async def test_a_chosen_language_beats_the_discord_locale(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A German client that chose Urdu reads Urdu; "follow Discord" brings German back."""
    await start_bot(bots)
    bob = fake.users["bob"]
    bob.person.locale = "de"
    chosen = await reply(bob, "settings language", language="ur")
    assert "• زبان: اردو" in chosen.text
    assert "**آپ کی ترتیبات**" in (await reply(bob, "settings show")).text
    followed = await reply(bob, "settings language", language="discord")
    assert "• Sprache: wie in Discord (Deutsch)" in followed.text


async def test_the_last_interaction_locale_is_recorded_for_later_dms(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The locale of a person's latest interaction is stored, and a new one replaces it."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    alice.person.locale = "bg"
    await reply(alice, "settings show")
    await seen_locale(bot, alice, "bg")
    alice.person.locale = "vi"
    await reply(alice, "settings show")
    await seen_locale(bot, alice, "vi")


async def test_a_server_language_is_chosen_in_the_server_settings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """`/settings server language:bg` stores Bulgarian for the server's tables and says so."""
    bot = await start_bot(bots)
    panel = await reply(owner(fake), "settings server", language="bg")
    assert "• Server language: Български" in panel.text
    assert (await bot.service.db.settings.guild(int(fake.guild.id))).language == "bg"


async def test_the_pseudo_language_marks_every_string_of_the_settings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """Read in the pseudo-language, every line, label, placeholder and option of /settings show, its
    answers, the delete-my-data prompt and the server panel (before and after a change) is marked."""
    bot = await start_bot(bots)
    boss: SimUser = owner(fake)
    await bot.service.db.settings.set_language(int(boss.id), PSEUDO)
    read: list[Message] = [
        await reply(boss, "settings show"),
        await reply(boss, "settings hand", delivery="panel"),
        await reply(boss, "settings turns", notify="casual"),
        await reply(boss, "settings leaderboard", listed=False),
        await reply(boss, "settings tips", shown=False),
        await reply(boss, "settings tips", shown=True),
    ]
    prompt = await reply(boss, "settings delete-my-data")
    read.append(prompt)
    kept: Any = await boss.click(prompt, custom_id=f"cs:keep:{boss.id}")
    read.append(kept)
    panel = await reply(boss, "settings server")
    changed: Any = await boss.select(panel, "cs:live", ["30"])
    read += [panel, changed]
    assert all(isinstance(message, Message) for message in read)
    assert {message.id: unmarked(message) for message in read if unmarked(message)} == {}


async def test_the_synced_commands_carry_valid_translations(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/settings reaches Discord with names and descriptions in vi, de and bg, every name valid."""
    await start_bot(bots)
    synced = [command for commands in fake.commands.values() for command in commands]
    settings = next(command for command in synced if command["name"] == "settings")
    assert settings["name_localizations"] == {"vi": "cài-đặt", "de": "einstellungen", "bg": "настройки"}
    subcommands = {option["name"]: option for option in settings["options"]}
    assert subcommands["language"]["name_localizations"]["de"] == "sprache"
    assert subcommands["language"]["description_localizations"]["bg"] == "Езикът, на който Cardroom ти пише"


async def test_cardroom_answers_in_the_askers_language(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """/cardroom for a Vietnamese client: its framing and its Play buttons in Vietnamese, and in the
    pseudo-language every line and label is marked (a game's summary is a value inside its line)."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    alice.person.locale = "vi"
    card = await reply(alice, "cardroom")
    assert card.text.startswith("Cardroom tổ chức các trò chơi bài trong máy chủ này:")
    assert all(button["label"].startswith("Chơi ") for button in card.buttons)
    await bot.service.db.settings.set_language(int(bob.id), PSEUDO)
    assert unmarked(await reply(bob, "cardroom")) == []


async def test_the_welcome_card_reads_in_the_servers_language(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A server whose Discord language is German is welcomed in German, though its owner's client is English."""
    await start_bot(bots)
    fake.guild.preferred_locale = "de"
    general = fake.channels["general"]
    await join(fake, system_channel=general)
    card = await fake.wait_for_message(general, lambda m: "ist diesem Server beigetreten" in m.text)
    assert "`/cardroom` zeigt dies noch einmal, nur für dich." in card.text
    assert all(button["label"].endswith(" spielen") for button in card.buttons)


async def test_a_dm_without_an_interaction_takes_the_last_locale_then_the_choice(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A turn notice's language: the last locale seen (Bulgarian), until a choice (Georgian) beats it."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    alice.person.locale = "bg"
    await reply(alice, "settings show")
    await seen_locale(bot, alice, "bg")
    assert await dm_language(bot.service.db, int(alice.id)) == "bg"
    await reply(alice, "settings language", language="ka")
    assert await dm_language(bot.service.db, int(alice.id)) == "ka"


async def test_a_member_refused_the_server_settings_reads_why_in_their_language(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A plain member with a German client is told in German that only managers may change them."""
    await start_bot(bots)
    bob = fake.users["bob"]
    bob.person.locale = "de"
    refused = await reply(bob, "settings server")
    assert refused.ephemeral and refused.text.startswith("Nur Serververwalter")


async def test_every_synced_localised_name_is_valid_and_unique_among_its_siblings(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """What Discord would refuse at sync: an invalid name in any locale, or two subcommands (or options)
    of one command with the same name in one locale."""
    await start_bot(bots)
    synced = [command for commands in fake.commands.values() for command in commands]
    invalid: list[str] = []
    clashes: list[str] = []

    def check(siblings: list[dict[str, Any]]) -> None:
        for locale in ("vi", "de", "bg"):
            names = [s.get("name_localizations", {}).get(locale, s["name"]) for s in siblings if "name" in s]
            invalid.extend(name for name in names if not valid_name(name))
            clashes.extend(name for name in set(names) if names.count(name) > 1)
        for sibling in siblings:
            check([o for o in sibling.get("options", []) if "name" in o])

    check(synced)
    assert (invalid, clashes) == ([], [])


async def test_two_locales_share_a_table_each_reading_their_own_hand(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A Bulgarian server, a Vietnamese and a German client at one Thirteen table: the lobby, the table and
    its buttons read Bulgarian (the server's), each one's refusal and hand panel their own Discord locale,
    and the DM hand that comes with a turn the last locale seen from its person."""
    bot = await start_bot(bots)
    fake.guild.preferred_locale = "bg"
    alice, bob = fake.users["alice"], fake.users["bob"]
    alice.person.locale, bob.person.locale = "vi", "de"
    lobby = await reply(alice, "thirteen new", seats=2)
    assert lobby.text.startswith("**Тринайсет** · маса №") and "Домакин <@" in lobby.text
    lobby = await bob.click(lobby, label="Включи се")
    assert isinstance(lobby, Message)
    refused = await bob.click(lobby, label="Старт")  # only the host starts: told in German
    assert isinstance(refused, Message) and refused.ephemeral and refused.text.startswith("Das kann nur der Gastgeber")
    table = await alice.click(lobby, label="Старт")
    assert isinstance(table, Message)
    assert "· игра №" in table.text and {b["label"] for b in table.buttons} == {"Моите карти", "Правила", "Напусни"}
    assert table.text.startswith("**Тринайсет** · игра №"), table.text  # the game's own name, in Bulgarian
    mine = await alice.click(table, label="Моите карти")
    theirs = await bob.click(table, label="Моите карти")
    assert isinstance(mine, Message) and isinstance(theirs, Message) and mine.ephemeral and theirs.ephemeral
    assert " tại <#" in mine.text and "[bàn](" in mine.text
    assert " in <#" in theirs.text and " auf " in theirs.text and "[Tisch](" in theirs.text
    await seen_locale(bot, alice, "vi")
    await seen_locale(bot, bob, "de")
    dms = {"alice": alice, "bob": bob}

    def dm_hand() -> tuple[str, Message] | None:
        for name, person in dms.items():
            hands = [m for m in fake.messages(person.dm) if m.buttons]
            if hands:
                return name, hands[-1]
        return None

    found = await until(dm_hand, "a DM hand with the first turn")
    assert found is not None
    name, hand = found
    expected = " tại <#" if name == "alice" else " auf "
    assert expected in hand.text.splitlines()[0], hand.text
