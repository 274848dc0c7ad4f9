"""Every string of the bot in the pseudo-language, end to end: a server reading `qps` plays each game from
its lobby to its standings and rematch, and every string the bot shows (each line of text, embed, button
label, select placeholder and option, modal title and input label) is a marked catalog message, the games'
own words (hands, table headers, rules, refusals) included.

The rule, line by line: no letter of a line may stand outside the pseudo markers (markdown, emoji, digits
and punctuation between marked messages are not words). A multi-line message is marked line by line
(locales.pseudo), so each line of a rules page stands on its own. Two things are not words and are set
aside first, by rule: card symbols ("A♠", "10♦", the joker "🃏"), which read the same in every language,
and the players' own names (they are data, never translated). A line made only of them (a select option
"3♠") passes; an English word beside them does not. Pictures are outside this test (their text is the renderers').
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from bench.players.common import game_over_in, start_bot
from bot.process.bot import CardBot
from fakediscord import FakeDiscord, Message, Modal, SimUser
from fakediscord.joins import join
from games import registry
from locales import PSEUDO
from locales.pseudo import CLOSE, OPEN, PAD, marked, outside

# A card as every language writes it: rank and suit symbol, or the joker (games.cards).
_CARD = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[♠♣♦♥]|🃏")
_LETTER = re.compile(r"[^\W\d_]")


def plain(label: str) -> str:
    """A pseudo-language label back to its source ("⟦Start··⟧" -> "Start"), to find a control by its words."""
    if marked(label):
        return label[len(OPEN) : -len(CLOSE)].rstrip(PAD)
    return label


def strings_of(message: Message | Modal) -> Iterator[str]:
    """Every visible string of a message or a modal, one line of text at a time."""
    if isinstance(message, Modal):
        yield message.title
        components: list[dict[str, Any]] = list(message.fields.values())
        text = ""
    else:
        components = list(message.walk())
        text = message.text
    yield from (line for line in text.splitlines() if line.strip())
    for component in components:
        yield from (component[key] for key in ("label", "placeholder", "description") if component.get(key))
        for option in component.get("options", []) or []:
            yield from (option[key] for key in ("label", "description") if option.get(key))


def frame_marked(text: str, names: Iterable[str] = ()) -> bool:
    """Whether every word of a line lies inside pseudo markers, once card symbols and the players' names
    are set aside: what is left outside the markers may hold markdown, emoji, digits and punctuation
    ("🎓 ⟦Tip⟧", "⟦Card points 37–73⟧, ⟦tricks 5–6⟧."), never a letter."""
    core = _CARD.sub("", text)
    for name in names:
        core = core.replace(name, "")
    left, paired = outside(core)
    return paired and not _LETTER.search(left)


def unmarked(messages: list[Message | Modal], names: Iterable[str] = ()) -> list[str]:
    """The strings of `messages` that are not a marked message once cards and `names` are set aside."""
    return [text for message in messages for text in strings_of(message) if not frame_marked(text, names)]


async def pseudo_server(fake: FakeDiscord, bot: CardBot, *people: SimUser) -> None:
    """The server reads the pseudo-language, and so does each of `people`."""
    db = bot.service.db
    await db.settings.set_guild_language(int(fake.guild.id), PSEUDO)
    for person in people:
        await db.settings.set_language(int(person.id), PSEUDO)


async def press(person: SimUser, message: Message, label: str) -> Message:
    """Press the control whose words (in any language the pseudo one wraps) are `label`."""
    for component in message.walk():
        if plain(str(component.get("label") or "")) == label and component.get("custom_id"):
            answer = await person.click(message, custom_id=component["custom_id"])
            assert isinstance(answer, Message), answer
            return answer
    raise LookupError(f"no {label!r} on {message!r}")


async def until(predicate: Any, what: str, timeout: float = 120.0) -> Any:
    """Wait for `predicate()` to be truthy (the bot's messages are posted by background passes)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (found := predicate()):
        assert loop.time() < deadline, f"never saw {what}"
        await asyncio.sleep(0.01)
    return found


def everything(fake: FakeDiscord, *people: SimUser) -> list[Message | Modal]:
    """Every message of the game channel (ephemeral answers included) and each person's DMs."""
    found: list[Message | Modal] = list(fake.messages(fake.channel))
    for person in people:
        found += fake.messages(person.dm)
    return found


@pytest.mark.parametrize("kind", registry.kinds())
async def test_every_frame_string_is_marked_from_lobby_to_standings(fake: FakeDiscord, bots, kind: str) -> None:  # type: ignore[no-untyped-def]
    """A `qps` server: the lobby (joins, a leave, a refused Start), the table and its buttons, a hand
    panel, the rules, a player leaving, the standings, a rematch cancelled, then /games, /stats,
    /history, /leaderboard and /rules: every string is marked."""
    bot = await start_bot(bots)
    alice, bob = fake.users["alice"], fake.users["bob"]
    await pseudo_server(fake, bot, alice, bob)
    game = registry.get(kind)
    options = {"seats": 2} if game.min_seats != game.max_seats else {}
    lobby = await alice.slash(f"{game.command} new", **options)
    assert isinstance(lobby, Message) and "⟦" in lobby.text, lobby
    lobby = await press(bob, lobby, "Join")
    lobby = await press(bob, lobby, "Leave")
    lobby = await press(bob, lobby, "Join")
    refused = await press(bob, lobby, "Start")  # only the host starts: an ephemeral refusal
    assert refused.ephemeral
    table = await press(alice, lobby, "Start")
    await press(bob, table, "My hand")
    await press(bob, table, "Rules")
    question = await press(bob, table, "Leave")
    await press(bob, question, "Yes")
    game_id = int(re.findall(r"#(\d+)", table.text)[0])
    loaded = await bot.service.load(game_id)
    seat = loaded.record.seat_of(int(alice.id))
    assert seat is not None
    await bot.service.hand_over_to_computer(game_id, seat.seat)  # the computers play it out
    standings = await until(lambda: game_over_in(fake), "the standings")
    rematch = await press(alice, standings, "Rematch")
    cancel = await press(alice, rematch, "Cancel")
    await press(alice, cancel, "Yes")
    for command, values in (
        ("games", {}),
        ("stats", {}),
        ("history", {}),
        ("leaderboard", {"game": kind}),
        ("rules", {"game": kind}),
        ("game hand", {}),
    ):
        await alice.slash(command, **values)
    names = {alice.name, bob.name, *(seat.display_name for seat in loaded.record.seats)}  # as the tables show them
    found = unmarked(everything(fake, alice, bob), names)
    assert found == [], "\n".join(found)


async def test_the_checker_finds_an_english_line(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """The checker itself: a server left in English shows lobby lines the pseudo-language would mark, and
    the checker reports them (a checker that passed everything would prove nothing)."""
    await start_bot(bots)
    alice = fake.users["alice"]
    lobby = await alice.slash("thirteen new", seats=2)
    assert isinstance(lobby, Message)
    found = unmarked([lobby], (alice.name,))
    assert "Join" in found and any(line.startswith("**Thirteen** · table #") for line in found)


def test_cards_and_names_are_not_words_but_what_stands_beside_them_is() -> None:
    """The rule of the checker: a line of cards, or a marked message beside cards and a player's name,
    passes; an English word beside them does not, nor does a marked line followed by an unmarked one."""
    assert frame_marked("3♠ 10♦ 🃏")
    assert frame_marked("⟦Pair··⟧ 3♠ 3♦") and frame_marked("alice ⟦5 cards··⟧", ("alice",))
    assert not frame_marked("Pair 3♠ 3♦") and not frame_marked("alice plays", ("alice",))
    assert [frame_marked(line) for line in "⟦Rules··⟧\n• Beat the table".splitlines()] == [True, False]


async def test_the_welcome_card_and_cardroom_are_marked(fake: FakeDiscord, bots) -> None:  # type: ignore[no-untyped-def]
    """A `qps` server is welcomed in it, and `/cardroom`, `/settings show` and `/rules` answer in it."""
    bot = await start_bot(bots)
    alice = fake.users["alice"]
    await pseudo_server(fake, bot, alice)
    general = fake.channels["general"]
    await join(fake, system_channel=general)
    card = await fake.wait_for_message(general, lambda m: bool(m.buttons) and "⟦" in m.text)
    answers = [card]
    for command in ("cardroom", "settings show", "rules"):
        answer = await alice.slash(command)
        assert isinstance(answer, Message)
        answers.append(answer)
    found = unmarked(answers, (alice.name,))
    assert found == [], "\n".join(found)
