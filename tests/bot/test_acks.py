"""A click's acknowledgement (bot.kit.acks): the deferral still to come is called off by the answer, one
under way is waited for, and a click its handler left unanswered is still acknowledged. The deferral's
timer is driven by the tests (`within` of an hour, or 0), never by waiting."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.kit.acks import defer_later, finish, settle
from tests.bot.fakes import Interaction

HOUR = 3600.0


class HeldDefer(Interaction):
    """A click whose deferral request is under way until `release` is set."""

    def __init__(self) -> None:
        super().__init__(1, guild_id=None)
        self.release = asyncio.Event()
        self.started = asyncio.Event()
        self.deferrals = 0
        inner = self.response

        async def defer(**_: Any) -> None:
            self.started.set()
            await self.release.wait()
            self.deferrals += 1
            inner.type = discord.InteractionResponseType.deferred_message_update

        inner.defer = defer  # type: ignore[method-assign]


async def test_an_answer_ready_in_time_calls_the_deferral_off() -> None:
    click = HeldDefer()
    defer_later(click, HOUR)  # type: ignore[arg-type]
    assert not await settle(click)  # type: ignore[arg-type]  # the caller answers through the callback
    await finish(click)  # type: ignore[arg-type]  # the answer's own: nothing scheduled is left to send
    assert click.deferrals == 0 and not click.started.is_set()


async def test_an_answer_after_the_deferral_began_waits_for_it_then_follows_up() -> None:
    click = HeldDefer()
    defer_later(click, 0.0)  # type: ignore[arg-type]
    await click.started.wait()
    settled = asyncio.ensure_future(settle(click))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert not settled.done()  # the deferral's request has not returned: no second answer races it
    click.release.set()
    assert await settled and click.deferrals == 1


async def test_a_click_left_unanswered_is_deferred_when_its_handler_returns() -> None:
    click = HeldDefer()
    click.release.set()
    defer_later(click, HOUR)  # type: ignore[arg-type]
    await finish(click)  # type: ignore[arg-type]
    assert click.deferrals == 1 and click.response.is_done()


async def test_a_click_answered_otherwise_is_not_deferred_again() -> None:
    click = HeldDefer()
    defer_later(click, HOUR)  # type: ignore[arg-type]
    assert not await settle(click)  # type: ignore[arg-type]
    await click.response.send_message("It's not your turn yet.")
    await finish(click)  # type: ignore[arg-type]
    assert click.deferrals == 0 and click.said() == ["It's not your turn yet."]
