"""How long what is still owed waits before it is tried again (bot.kit.refusals.Backoff)."""

from __future__ import annotations

from bot.kit.refusals import MIN_BACKOFF, Backoff
from bot.process.config import Tuning


def test_each_failure_in_a_row_doubles_the_wait_up_to_the_cap() -> None:
    backoff = Backoff(first=2.0, cap=30.0)
    assert [backoff.delay(n) for n in range(1, 7)] == [2.0, 4.0, 8.0, 16.0, 30.0, 30.0]


def test_a_very_long_run_of_failures_stays_at_the_cap() -> None:
    assert Backoff(first=2.0, cap=300.0).delay(10_000) == 300.0


def test_it_carries_on_where_a_requests_own_retries_stop() -> None:
    backoff = Backoff.of(Tuning(retry_delay=1.0, retry_cap=300.0))
    assert (backoff.first, backoff.cap) == (2.0, 300.0)


def test_no_retry_delay_still_waits_a_little_so_a_lasting_failure_never_spins() -> None:
    assert Backoff.of(Tuning(retry_delay=0.0, retry_cap=0.0)).delay(1) == MIN_BACKOFF
