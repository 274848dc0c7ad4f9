"""The table updater with fake channels and a fake Start click (bot.projection.table): no Discord at all.

A table edit through the Start click's interaction token is exempt from the global limit (50
requests/s per bot); past `Tuning.token_edit_window`, or once the token fails, the edit goes over REST.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest

from bot.kit.refusals import RetryPolicy
from bot.process.config import Tuning
from bot.projection.table import TableUpdater
from tests.bot.fakes import (
    CHANNEL,
    TABLE,
    Cards,
    Channels,
    Clock,
    Interaction,
    closed,
    http_error,
    one_move,
    service_on,
    started,
)

WINDOW = 840.0


@pytest.fixture
async def parts(tmp_path: Path):  # type: ignore[no-untyped-def]
    clock = Clock()
    service = await service_on(tmp_path, clock, Tuning(drawing_processes=0, token_edit_window=WINDOW))
    channels = Channels()
    tables = TableUpdater(service, channels, cards=Cards(channels))  # type: ignore[arg-type]
    yield service, tables, channels, clock
    await tables.close()
    await closed(service)


def start_click() -> Interaction:
    """The host's Start click, answered by updating the lobby message (which becomes the table)."""
    click = Interaction(101, TABLE)
    click.response.type = discord.InteractionResponseType.deferred_message_update
    return click


async def test_the_table_is_edited_through_the_start_click_while_its_token_lasts(parts) -> None:  # type: ignore[no-untyped-def]
    """Within the window the edit goes through the interaction token: no request to the channel."""
    service, tables, channels, _ = parts
    loaded = await started(service)
    click = start_click()
    tables.lend(loaded.record.id, click)
    await tables.refresh(loaded.record.id)
    assert len(click.edits) == 1 and channels.requests == []


async def test_past_the_window_the_table_is_edited_over_rest(parts) -> None:  # type: ignore[no-untyped-def]
    """Once the window has passed (Discord's token lasts 15 minutes) the edit goes to the channel."""
    service, tables, channels, clock = parts
    loaded = await started(service)
    click = start_click()
    tables.lend(loaded.record.id, click)
    clock.now += WINDOW
    await tables.refresh(loaded.record.id)
    assert click.edits == [] and channels.requests == [("edit", TABLE)]


async def test_a_failed_token_edit_falls_back_to_rest_and_is_not_tried_again(parts) -> None:  # type: ignore[no-untyped-def]
    """A token that stopped working (401 from the webhook): this edit and the next go to the channel."""
    service, tables, channels, _ = parts
    loaded = await started(service)
    click = start_click()
    click.refuse = http_error(401, 50027)
    tables.lend(loaded.record.id, click)
    await tables.refresh(loaded.record.id)
    click.refuse = None
    await one_move(service, await service.load(loaded.record.id))
    await tables.refresh(loaded.record.id)
    assert click.edits == [] and channels.requests == [("edit", TABLE), ("edit", TABLE)]


async def test_a_start_answered_with_a_message_lends_no_token(parts) -> None:  # type: ignore[no-untyped-def]
    """A Start refused with an ephemeral note: that token's message is the note, never the table."""
    service, tables, channels, _ = parts
    loaded = await started(service)
    click = Interaction(102, TABLE)
    await click.response.send_message("Only the host can do that.")
    tables.lend(loaded.record.id, click)
    await tables.refresh(loaded.record.id)
    assert click.edits == [] and channels.requests == [("edit", TABLE)]


async def test_a_fresh_table_message_is_not_edited_through_the_old_token(parts) -> None:  # type: ignore[no-untyped-def]
    """The table was posted again (message gone, or an old one replaced): the token edits only its own."""
    service, tables, channels, _ = parts
    loaded = await started(service)
    click = start_click()
    tables.lend(loaded.record.id, click)
    await service.db.games.set_table_message(loaded.record.id, CHANNEL, TABLE + 99)
    await tables.refresh(loaded.record.id)
    assert click.edits == [] and channels.requests == [("edit", TABLE + 99)]


async def test_an_unchanged_table_is_not_edited_again(parts) -> None:  # type: ignore[no-untyped-def]
    """Two refreshes of the same stored state: one edit (coalesced by what the message shows)."""
    service, tables, channels, _ = parts
    loaded = await started(service)
    await tables.refresh(loaded.record.id)
    await tables.refresh(loaded.record.id)
    assert channels.requests == [("edit", TABLE)]


async def test_a_token_edit_that_hangs_falls_back_to_rest(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The webhook does not answer within the request timeout: the edit goes to the channel instead."""
    service = await service_on(tmp_path, Clock(), Tuning(drawing_processes=0, token_edit_window=WINDOW))
    channels = Channels()
    policy = RetryPolicy(attempts=1, base_delay=0.0, timeout=0.05)
    tables = TableUpdater(service, channels, policy, cards=Cards(channels))  # type: ignore[arg-type]
    try:
        loaded = await started(service)
        click = start_click()

        async def hang(**_: object) -> None:
            await asyncio.sleep(5)

        click.edit_original_response = hang  # type: ignore[method-assign]
        tables.lend(loaded.record.id, click)
        await tables.refresh(loaded.record.id)
        assert channels.requests == [("edit", TABLE)]
    finally:
        await tables.close()
        await closed(service)


async def test_a_table_edit_that_fails_for_now_is_made_again_without_another_move(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A 503 past the edit's own retries: the edit is asked for again after a backoff, by the updater
    itself (after the final move no move would ask), until the table shows the game."""
    tuning = Tuning(drawing_processes=0, token_edit_window=0, table_edit_interval=0, retry_delay=0.005, retry_cap=0.02)
    service = await service_on(tmp_path, Clock(), tuning)
    channels = Channels()
    policy = RetryPolicy(attempts=1, base_delay=0.0, timeout=1.0)
    tables = TableUpdater(service, channels, policy, cards=Cards(channels))  # type: ignore[arg-type]
    try:
        loaded = await started(service)
        table = channels.get_partial_messageable(CHANNEL)
        table.refuse = http_error(503)
        tables.mark_dirty(loaded.record.id)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while len(channels.requests) < 3:  # tried again twice with no mark in between
            assert loop.time() < deadline, channels.requests
            await asyncio.sleep(0.005)
        table.refuse = None
        while pending := tables.pending(loaded.record.id):
            await asyncio.wait(pending)
        assert len(table.get_partial_message(TABLE).edits) == 1 and tables.pending() == []
    finally:
        await tables.close()
        await closed(service)
