"""The README's command table and invite match the code: every documented option exists, and none is missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.carousel.cog import Carousel
from cogs.gin.cog import Gin
from cogs.schnapsen.cog import PRESET_CHOICES, Schnapsen
from cogs.thirteen.cog import Thirteen
from games.schnapsen.options import PRESETS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
# Words of a command row that are not option names: the values of choices and plain prose.
NOT_OPTIONS = {"santase", "sixty_six", "schnapsen", "schnapsen_tournament", "auto", "memory"}


def row(command: str) -> str:
    return next(line for line in README.splitlines() if line.startswith(f"| `{command}`"))


@pytest.mark.parametrize(
    ("command", "cog"),
    [("/thirteen new", Thirteen), ("/carousel new", Carousel), ("/schnapsen new", Schnapsen), ("/gin new", Gin)],
)
def test_the_readme_row_of_each_new_command_names_its_options(command, cog):
    """Each backticked option in a `/<game> new` row is a parameter of the command, and each parameter
    of the command is named in its row (backticked or plain)."""
    text = row(command).split("|")[2]
    documented = set(re.findall(r"`([a-z_]+)`", text)) - NOT_OPTIONS
    parameters = {parameter.name for parameter in cog.new.parameters}
    assert documented <= parameters
    assert all(re.search(rf"\b{name}\b", text) for name in parameters), (parameters, text)


def test_the_readme_lists_every_sixty_six_preset_the_command_offers():
    """The presets in the README row are exactly the engine's presets, and /schnapsen new offers them all."""
    listed = re.search(r"`preset` ([a-z_ /]+),", row("/schnapsen new"))
    assert listed is not None
    assert set(listed.group(1).split(" / ")) == set(PRESETS) == {choice.value for choice in PRESET_CHOICES}
    assert "`schnapsen_tournament`" in README


def test_the_invite_asks_for_nothing_the_bot_does_not_use():
    """No Use External Emojis (no custom emoji anywhere) and no Read Message History (no history is read)."""
    invite = README.split("## Create the Discord application")[1].split("## Commands")[0]
    assert "Use External Emojis" not in invite and "Read Message History" not in invite
    for permission in ("View Channels", "Send Messages", "Embed Links", "Attach Files"):
        assert f"**{permission}**" in invite


def test_the_readme_pace_matches_the_default_turn_times():
    """The live and casual turn times in the README are the defaults a new server gets."""
    from bot.kit.texts import duration
    from data.models import DEFAULT_CASUAL_TURN_SECONDS, DEFAULT_LIVE_TURN_SECONDS

    assert f"live ({duration(DEFAULT_LIVE_TURN_SECONDS)} a turn)" in README
    assert f"casual ({duration(DEFAULT_CASUAL_TURN_SECONDS)} a turn" in README
    assert "a minute a turn" not in README


def test_the_readme_says_when_thirteen_passes_for_a_player():
    """D-TL-4: a seat is passed for only when no hand of its size could beat the table, not whenever it
    holds no beating play (the README once said the latter)."""
    options = README.split("### Table options per game")[1].split("- **Carousel**")[0]
    assert "players with no legal beating play are passed automatically" not in options
    assert "no hand of that size could beat" in options
