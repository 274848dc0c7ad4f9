"""discord.py's rate-limit buckets are swept when their count doubles, not on every new route."""

from __future__ import annotations

import asyncio

from discord.http import HTTPClient

from bot.kit.buckets import FIRST_SWEEP_AT, amortise_bucket_sweeps


class CountingHTTP:
    """Stands in for discord.py's HTTPClient: the bucket dict and a sweep that counts its runs."""

    def __init__(self) -> None:
        self._buckets: dict[str, object] = {}
        self.sweeps = 0

    def _try_clear_expired_ratelimits(self) -> None:
        self.sweeps += 1


def test_a_thousand_new_routes_cost_a_handful_of_sweeps_not_one_each() -> None:
    """Past the first threshold, adding routes sweeps only when the bucket count has doubled."""
    http = CountingHTTP()
    assert amortise_bucket_sweeps(http)
    for n in range(FIRST_SWEEP_AT + 1000):
        http._buckets[str(n)] = object()
        http._try_clear_expired_ratelimits()
    assert 1 <= http.sweeps <= 3  # at 256, 512 and 1,024 buckets


async def test_discord_py_http_client_still_creates_and_keeps_active_buckets() -> None:
    """On the real HTTPClient the override is installed and get_ratelimit keeps working past the threshold."""
    http = HTTPClient(asyncio.get_running_loop())
    assert amortise_bucket_sweeps(http)
    buckets = [http.get_ratelimit(f"route-{n}") for n in range(FIRST_SWEEP_AT + 10)]
    assert http.get_ratelimit("route-0") is buckets[0]  # active buckets survive the sweep
    await http.close()


def test_an_unexpected_client_shape_is_left_alone() -> None:
    """Without discord.py's private attributes nothing is replaced."""
    assert not amortise_bucket_sweeps(object())
