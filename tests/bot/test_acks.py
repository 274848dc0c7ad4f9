"""A click's acknowledgement (bot.kit.acks): the deferral still to come is called off by the answer, one
under way is waited for, a click its handler left unanswered is still acknowledged, and while answers
are late clicks are deferred at once. No test waits on the deferral's timer: `within` is an hour, or the
pace says to defer at once."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.kit.acks import TIMED, AnswerPace, defer_later, defer_now, finish, settle
from tests.bot.fakes import Interaction

HOUR = 3600.0


def waiting() -> AnswerPace:
    """A pace that waits an hour for each answer."""
    return AnswerPace(HOUR)


def hurried() -> AnswerPace:
    """A pace whose latest answers were all late: clicks are deferred at once."""
    pace = AnswerPace(0.1)
    for _ in range(TIMED):
        pace.note(0.5)
    return pace


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
    defer_later(click, waiting())  # type: ignore[arg-type]
    assert not await settle(click)  # type: ignore[arg-type]  # the caller answers through the callback
    click.response.type = discord.InteractionResponseType.message_update  # as update_clicked records it
    await finish(click)  # type: ignore[arg-type]  # the handler returns: the click is answered already
    assert click.deferrals == 0 and not click.started.is_set()


async def test_an_answer_after_the_deferral_began_waits_for_it_then_follows_up() -> None:
    click = HeldDefer()
    defer_later(click, hurried())  # type: ignore[arg-type]
    await click.started.wait()
    settled = asyncio.ensure_future(settle(click))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert not settled.done()  # the deferral's request has not returned: no second answer races it
    click.release.set()
    assert await settled and click.deferrals == 1


async def test_a_click_left_unanswered_is_deferred_when_its_handler_returns() -> None:
    click = HeldDefer()
    click.release.set()
    defer_later(click, waiting())  # type: ignore[arg-type]
    await finish(click)  # type: ignore[arg-type]
    assert click.deferrals == 1 and click.response.is_done()


async def test_a_click_that_scheduled_no_deferral_is_left_as_its_handler_left_it() -> None:
    click = HeldDefer()
    await finish(click)  # type: ignore[arg-type]  # a lobby or table click: its handler answers it
    assert click.deferrals == 0 and not click.response.is_done()


async def test_a_click_answered_otherwise_is_not_deferred_again() -> None:
    click = HeldDefer()
    defer_later(click, waiting())  # type: ignore[arg-type]
    assert not await settle(click)  # type: ignore[arg-type]
    await click.response.send_message("It's not your turn yet.")
    await finish(click)  # type: ignore[arg-type]
    assert click.deferrals == 0 and click.said() == ["It's not your turn yet."]


def test_answers_late_more_than_a_quarter_of_the_time_make_clicks_deferred_at_once() -> None:
    pace = AnswerPace(0.1)
    assert pace.waits()  # nothing timed yet
    for late in [False] * 24 + [True] * 8:
        pace.note(0.5 if late else 0.02)
    assert pace.waits()  # a quarter late: still worth waiting
    pace.note(0.5)  # the oldest in-time answer drops out, a late one comes in
    assert not pace.waits()
    for _ in range(TIMED):
        pace.note(0.02)  # answers in time again, timed while clicks were deferred at once
    assert pace.waits()


def test_no_time_to_answer_defers_every_click_at_once() -> None:
    assert not AnswerPace(0.0).waits()


async def test_an_answer_is_timed_whether_or_not_its_click_waited() -> None:
    pace = hurried()
    clicks = 0
    while not pace.waits():  # answers timed while their clicks were deferred at once bring the wait back
        assert clicks < TIMED
        click = HeldDefer()
        click.release.set()
        defer_later(click, pace)  # type: ignore[arg-type]
        assert await settle(click) and click.deferrals == 1  # type: ignore[arg-type]  # deferred at once
        clicks += 1
    assert clicks > 0


async def test_a_move_is_deferred_before_it_is_stored_even_with_time_to_wait() -> None:
    click = HeldDefer()
    click.release.set()
    defer_later(click, waiting())  # type: ignore[arg-type]
    await defer_now(click)  # type: ignore[arg-type]  # the router, before it stores a move
    assert click.deferrals == 1 and await settle(click)  # type: ignore[arg-type]  # the answer then follows up
