"""Channel messages, DMs and Discord's refusals, driven through the connected bot's real discord.py client."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.ext import commands
from discord.http import Route

from fakediscord import FakeDiscord
from fakediscord.probe import png_bytes


def games(bot: commands.Bot, fake: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(int(fake.channel.id))
    assert isinstance(channel, discord.TextChannel)
    return channel


async def post_raw(bot: commands.Bot, fake: FakeDiscord, payload: dict[str, Any]) -> None:
    """POST a hand-built message body: discord.py's own UI classes refuse most over-limit layouts first."""
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=fake.channel.id)
    await bot.http.request(route, json=payload)


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": custom_id[:10], "custom_id": custom_id}


async def test_multipart_png_arrives_intact_and_decodes(fake: FakeDiscord, bot: commands.Bot) -> None:
    """files[0] of a multipart send is stored byte for byte and Pillow decodes it."""
    data = png_bytes(30, 20)
    sent = await games(bot, fake).send("table", file=discord.File(io.BytesIO(data), "table.png"))
    stored = fake.message(str(sent.id))
    assert stored.attachments[0].data == data and stored.attachments[0].image().size == (30, 20)
    assert sent.attachments[0].filename == "table.png" and sent.attachments[0].size == len(data)


async def test_edit_then_fetch_returns_the_new_content(fake: FakeDiscord, bot: commands.Bot) -> None:
    """PATCH then GET /channels/{id}/messages/{id}: discord.py reads back the edit."""
    sent = await games(bot, fake).send("before")
    await sent.edit(content="after")
    fetched = await games(bot, fake).fetch_message(sent.id)
    assert fetched.content == "after" and fake.message(str(sent.id)).edits == 1


async def test_a_repeated_enforced_nonce_returns_the_first_message(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Same nonce, enforce_nonce, same channel, within minutes: Discord answers with the first message."""
    first = await games(bot, fake).send("standings", nonce="res-1-42")
    again = await games(bot, fake).send("standings", nonce="res-1-42")
    other = await games(bot, fake).send("standings", nonce="res-2-42")
    assert again.id == first.id != other.id
    assert [m.text for m in fake.messages(fake.channel)].count("standings") == 2


async def test_a_nonce_over_25_characters_is_refused(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Discord refuses a nonce longer than 25 characters (50035)."""
    with pytest.raises(discord.HTTPException) as caught:
        await games(bot, fake).send("x", nonce="n" * 26)
    assert caught.value.code == 50035


async def test_deleted_message_is_unknown(fake: FakeDiscord, bot: commands.Bot) -> None:
    """After DELETE, fetching the message is 404 with code 10008."""
    sent = await games(bot, fake).send("bye")
    await sent.delete()
    with pytest.raises(discord.NotFound) as caught:
        await games(bot, fake).fetch_message(sent.id)
    assert caught.value.code == 10008 and fake.message(str(sent.id)).deleted


async def test_content_over_2000_characters_is_refused(fake: FakeDiscord, bot: commands.Bot) -> None:
    """C.1: content is capped at 2,000 characters (400/50035)."""
    with pytest.raises(discord.HTTPException) as caught:
        await games(bot, fake).send("x" * 2001)
    assert (caught.value.status, caught.value.code) == (400, 50035)


@pytest.mark.parametrize(
    ("case", "components", "flags"),
    [
        ("six action rows", [row(button(f"b{i}")) for i in range(6)], 0),
        (
            "26 select options",
            [row({"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)} for i in range(26)]})],
            0,
        ),
        ("duplicate custom ids", [row(button("same"), button("same"))], 0),
        ("101-character custom id", [row(button("x" * 101))], 0),
        ("41 V2 components", [{"type": 10, "content": str(i)} for i in range(41)], 1 << 15),
        ("4001 characters of V2 text", [{"type": 10, "content": "x" * 4001}], 1 << 15),
    ],
)
async def test_over_limit_components_are_refused(
    fake: FakeDiscord, bot: commands.Bot, case: str, components: list[dict[str, Any]], flags: int
) -> None:
    """C.1 component limits: each over-limit layout is 400/50035 (Invalid Form Body)."""
    with pytest.raises(discord.HTTPException) as caught:
        await post_raw(bot, fake, {"components": components, "flags": flags})
    assert (caught.value.status, caught.value.code) == (400, 50035), case


async def test_limits_allow_the_largest_legal_layout(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Five rows of five buttons and 40 V2 components are accepted: the checks are bounds, not guesses."""
    await post_raw(bot, fake, {"components": [row(*(button(f"b{r}{c}") for c in range(5))) for r in range(5)]})
    await post_raw(bot, fake, {"components": [{"type": 10, "content": str(i)} for i in range(40)], "flags": 1 << 15})
    assert len(fake.messages(fake.channel)) == 2


async def test_dm_to_a_closed_user_raises_forbidden_50007(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A user with DMs closed: POST /users/@me/channels works, the send is 403/50007 -> discord.Forbidden."""
    carol = fake.users["carol"]
    carol.dms_open = False
    user = await bot.fetch_user(int(carol.id))
    with pytest.raises(discord.Forbidden) as caught:
        await user.send("your hand")
    assert caught.value.code == 50007 and fake.messages(carol.dm) == []


async def test_dm_to_an_open_user_lands_in_their_dm(fake: FakeDiscord, bot: commands.Bot) -> None:
    """User.send opens the DM channel and the message is visible to that person."""
    dave = fake.users["dave"]
    user = await bot.fetch_user(int(dave.id))
    await user.send("your hand: 3S 4S")
    assert [m.content for m in dave.sees(dave.dm)] == ["your hand: 3S 4S"]


async def test_injected_429_is_waited_out_and_retried(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A 429 with retry_after (and Via) makes discord.py wait and retry; the send then succeeds."""
    fake.fail("POST", r"^/channels/\d+/messages$", 429, retry_after=0.02)
    await games(bot, fake).send("after a rate limit")
    statuses = [r.status for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert statuses == [429, 200]


async def test_injected_403_surfaces_as_forbidden_with_its_code(fake: FakeDiscord, bot: commands.Bot) -> None:
    """The injector's status and code reach discord.py unchanged (here 403/50013 Missing Permissions)."""
    fake.fail("PATCH", r"/messages/\d+$", 403, code=50013)
    sent = await games(bot, fake).send("x")
    with pytest.raises(discord.Forbidden) as caught:
        await sent.edit(content="y")
    assert caught.value.code == 50013 and fake.message(str(sent.id)).content == "x"


async def test_injected_502_is_retried_by_discord_py(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A 502 is retried unconditionally (after discord.py's 1 s back-off) and the edit lands."""
    sent = await games(bot, fake).send("x")
    fake.fail("PATCH", r"/messages/\d+$", 502)
    await sent.edit(content="y")
    assert fake.message(str(sent.id)).content == "y"


async def test_injected_503_raises_discord_server_error(fake: FakeDiscord, bot: commands.Bot) -> None:
    """discord.py does not retry a 503: the bot meets DiscordServerError and must cope."""
    fake.fail("POST", r"^/channels/\d+/messages$", 503)
    with pytest.raises(discord.DiscordServerError):
        await games(bot, fake).send("x")
    assert fake.messages(fake.channel) == []


async def test_lookup_routes_answer_like_discord(fake: FakeDiscord, bot: commands.Bot) -> None:
    """fetch_channel, history, typing, fetch_member, fetch_commands and GET /gateway/bot all succeed."""
    channel = await bot.fetch_channel(int(fake.channel.id))
    assert isinstance(channel, discord.TextChannel) and channel.name == "games"
    sent = await channel.send("one")
    async with channel.typing():
        pass
    assert [m.id async for m in channel.history(limit=5)] == [sent.id]
    guild = bot.get_guild(int(fake.guild.id))
    assert guild is not None
    member = await guild.fetch_member(int(fake.users["erin"].id))
    assert member.name == "erin"
    assert "cardroom" in [c.name for c in await bot.tree.fetch_commands()]
    gateway = await bot.http.get_bot_gateway()
    assert gateway[1] == fake.gateway_url and gateway[0] == 1


V2 = 1 << 15


def gallery(url: str) -> dict[str, Any]:
    return {"type": 17, "components": [{"type": 12, "items": [{"media": {"url": url}}]}]}


async def test_v2_refuses_content_beside_the_flag(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Components V2: content next to IS_COMPONENTS_V2 is 400/50035, as Discord answers."""
    with pytest.raises(discord.HTTPException) as caught:
        await post_raw(bot, fake, {"content": "hi", "components": [{"type": 10, "content": "x"}], "flags": V2})
    assert (caught.value.status, caught.value.code) == (400, 50035)


async def test_v2_refuses_a_gallery_naming_a_file_the_message_lacks(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A MediaGallery item `attachment://missing.png` with no such upload is 400/50035."""
    with pytest.raises(discord.HTTPException) as caught:
        await post_raw(bot, fake, {"components": [gallery("attachment://missing.png")], "flags": V2})
    assert (caught.value.status, caught.value.code) == (400, 50035)


async def test_v2_refuses_layout_components_without_the_flag(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A container or text display on a classic message (no flag) is 400/50035."""
    with pytest.raises(discord.HTTPException) as caught:
        await post_raw(bot, fake, {"components": [{"type": 17, "components": [{"type": 10, "content": "x"}]}]})
    assert (caught.value.status, caught.value.code) == (400, 50035)


async def test_v2_flag_cannot_be_removed_by_an_edit(fake: FakeDiscord, bot: commands.Bot) -> None:
    """Once a message is V2, an edit that sends flags without IS_COMPONENTS_V2 is 400/50035."""
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.TextDisplay("table"))
    sent = await games(bot, fake).send(view=view)
    route = Route("PATCH", "/channels/{c}/messages/{m}", c=fake.channel.id, m=sent.id)
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.request(route, json={"content": "plain", "flags": 0, "components": []})
    assert (caught.value.status, caught.value.code) == (400, 50035) and fake.message(str(sent.id)).is_v2


async def test_v2_gallery_of_the_uploaded_file_is_accepted_and_resolved(fake: FakeDiscord, bot: commands.Bot) -> None:
    """A gallery naming the uploaded file by `attachment://` is stored with the file's URL."""
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png")))
    sent = await games(bot, fake).send(view=view, file=discord.File(io.BytesIO(png_bytes(8, 8)), "table.png"))
    stored = fake.message(str(sent.id))
    assert stored.is_v2 and stored.media_urls == [stored.attachments[0].url]
