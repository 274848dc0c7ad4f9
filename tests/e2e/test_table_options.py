"""The `/<game> new` commands offer what the README's "Table options per game" documents, end to end."""

from __future__ import annotations

from bench.players.common import game_id_of, open_lobby, start_bot
from fakediscord import FakeDiscord
from games.schnapsen import Options as SchnapsenOptions
from games.thirteen import Options


async def test_the_documented_thirteen_options_reach_the_table(fake: FakeDiscord, bots) -> None:
    """n-or-more pairs, instant wins and finishing on a 2 (E-TL-3, TL-13, E-TL-9) are slash options that the
    lobby shows and the stored table keeps for the engine."""
    bot = await start_bot(bots)
    lobby = await open_lobby(
        fake, fake.users["alice"], "thirteen new", seats=2, n_or_more_pairs=True, instant_wins=True,
        two_finish_loses=True,
    )
    assert "Table rules: n-or-more pairs, instant wins, finishing on a 2 loses" in lobby.text
    record = await bot.service.db.games.get(game_id_of(lobby))
    chosen = Options.from_mapping({k: v for k, v in record.options.items() if not k.startswith("_")})
    assert chosen.n_or_more_pairs and chosen.instant_wins and chosen.two_finish_loses
    assert not chosen.bomb_after_pass and not chosen.over_chopping


async def test_the_thirteen_options_are_off_unless_asked(fake: FakeDiscord, bots) -> None:
    """Without them the table plays standard rules (D-TL-1: every house rule off by default)."""
    await start_bot(bots)
    lobby = await open_lobby(fake, fake.users["alice"], "thirteen new", seats=2)
    assert "Table rules: standard rules" in lobby.text


async def test_the_tournament_schnapsen_preset_can_be_chosen_and_keeps_its_memory_mode(fake: FakeDiscord, bots) -> None:
    """`/schnapsen new preset:schnapsen_tournament` opens that table; with no `claim` given the preset's own
    memory mode holds (D-SX-3), while `claim:auto` still overrides it."""
    bot = await start_bot(bots)
    lobby = await open_lobby(fake, fake.users["alice"], "schnapsen new", preset="schnapsen_tournament")
    assert "tournament" in lobby.text.lower()
    record = await bot.service.db.games.get(game_id_of(lobby))
    chosen = SchnapsenOptions.from_mapping({k: v for k, v in record.options.items() if not k.startswith("_")})
    assert chosen.preset == "schnapsen_tournament" and chosen.claim_mode == "memory"
    overridden = await open_lobby(
        fake, fake.users["bob"], "schnapsen new", preset="schnapsen_tournament", claim="auto",
        where=fake.add_channel("second"),
    )
    record = await bot.service.db.games.get(game_id_of(overridden))
    assert SchnapsenOptions.from_mapping(
        {k: v for k, v in record.options.items() if not k.startswith("_")}
    ).claim_mode == "auto"
