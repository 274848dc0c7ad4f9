"""A tiny test extension for the fake's own tests: one command or control per protocol path.

It is loaded into the real CardBot (`bots.start(extensions=PROBE)`), so the fake is tested through the
same discord.py code paths the game cogs will use. HTTP errors the bot meets are kept in `Probe.errors`.
"""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

PROBE = ("cogs.about", "fakediscord.probe")


def png_bytes(width: int = 64, height: int = 48) -> bytes:
    """A small real PNG, so tests can check that uploads arrive byte for byte and decode."""
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (20, 120, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


class SettingsModal(discord.ui.Modal, title="Table settings"):
    rounds: discord.ui.TextInput[SettingsModal] = discord.ui.TextInput(label="Rounds", custom_id="rounds")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"rounds={self.rounds.value}")


class Table(discord.ui.View):
    """Persistent controls (registered with bot.add_view), so clicks work across a restart (C.3)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="probe:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Table]) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} joined")

    @discord.ui.button(label="Settings", custom_id="probe:settings")
    async def settings(self, interaction: discord.Interaction, button: discord.ui.Button[Table]) -> None:
        await interaction.response.send_modal(SettingsModal())

    @discord.ui.button(label="Render", custom_id="probe:render")
    async def render(self, interaction: discord.Interaction, button: discord.ui.Button[Table]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(
            content="rendered", attachments=[discord.File(io.BytesIO(png_bytes(8, 8)), "t2.png")]
        )

    @discord.ui.button(label="Closed", custom_id="probe:closed", disabled=True)
    async def closed(self, interaction: discord.Interaction, button: discord.ui.Button[Table]) -> None:
        raise AssertionError("a disabled button cannot be clicked")


class Pick(discord.ui.View):
    @discord.ui.select(
        custom_id="probe:pick", options=[discord.SelectOption(label=v, value=v) for v in "abc"], max_values=2
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Pick]) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(select.values)}")


class Layout(discord.ui.LayoutView):
    """A Components V2 table: container, text, gallery of the uploaded image, and a button row."""

    row: discord.ui.ActionRow[Layout] = discord.ui.ActionRow()

    def __init__(self) -> None:
        super().__init__(timeout=None)
        container: discord.ui.Container[Layout] = discord.ui.Container(
            discord.ui.TextDisplay("## Thirteen · round 1"),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://table.png")),
        )
        self.add_item(container)
        self.remove_item(self.row)
        self.add_item(self.row)

    @row.button(label="Play", custom_id="probe:v2play")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button[Layout]) -> None:
        await interaction.response.send_message("played", ephemeral=True)


class Probe(commands.Cog):
    group = app_commands.Group(name="probe", description="fake Discord probes")
    nested = app_commands.Group(name="nested", description="a subcommand group", parent=group)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.errors: list[discord.HTTPException] = []
        self.delay = 0.0

    @group.command(description="public table with a view and a PNG")
    async def table(self, interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(png_bytes()), filename="table.png")
        await interaction.response.send_message("table", view=Table(), file=file)

    @group.command(description="a Components V2 message")
    async def layout(self, interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(png_bytes()), filename="table.png")
        await interaction.response.send_message(view=Layout(), file=file)

    @group.command(description="echo options")
    @app_commands.describe(seats="2 to 4", who="someone")
    async def echo(
        self, interaction: discord.Interaction, seats: app_commands.Range[int, 2, 4], who: discord.Member
    ) -> None:
        await interaction.response.send_message(f"seats={seats} who={who.name}", ephemeral=True)

    @nested.command(description="a subcommand in a group")
    async def leaf(self, interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(f"leaf {word}")

    @group.command(description="thinking defer then follow-up")
    async def think(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("thought", ephemeral=True)

    @group.command(description="DM the caller a select")
    async def dm(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("pick one", view=Pick())
        except discord.Forbidden as error:
            self.errors.append(error)
            await interaction.response.send_message("your DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("sent you a DM", ephemeral=True)

    @group.command(description="answer after self.delay seconds")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(self.delay)
        try:
            await interaction.response.send_message("late")
        except discord.HTTPException as error:
            self.errors.append(error)

    @group.command(description="follow-ups: a second message, fetch the original, delete, edit")
    async def followups(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        second = await interaction.followup.send("second", wait=True)
        original = await interaction.original_response()
        await second.delete()
        await interaction.edit_original_response(content=f"original was {original.content}")

    @group.command(description="a follow-up before acknowledging")
    async def early(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too soon")
        except discord.HTTPException as error:
            self.errors.append(error)
        await interaction.response.send_message("ok")

    @group.command(description="a follow-up self.delay seconds after answering")
    async def expire(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("now")
        await asyncio.sleep(self.delay)
        try:
            await interaction.followup.send("later")
        except discord.HTTPException as error:
            self.errors.append(error)

    @group.command(description="raise inside the command")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("probe exploded")


async def setup(bot: commands.Bot) -> None:
    bot.add_view(Table())
    await bot.add_cog(Probe(bot))
