"""discord.py's per-route rate-limit buckets, swept in amortised time instead of on every new route.

discord.py 2.7 keeps one `Ratelimit` per route key and, each time it adds one while it holds 256 or
more, scans all of them for buckets idle for 5 minutes. Every interaction has routes of its own
(its callback, its webhook token), so under a steady stream of clicks the dict grows by thousands of
buckets a minute and each new interaction pays a scan of all of them, a cost that grows until the
first buckets can expire, 5 minutes in (`bench.bot --profile` shows it in the load run's event loop).
Sweeping only once the dict has doubled since the last sweep keeps stale buckets within twice the
live ones at amortised constant cost per request. The override is per client instance and falls
back to discord.py's own behaviour if its internals ever change shape.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

FIRST_SWEEP_AT = 256  # discord.py's own threshold


def amortise_bucket_sweeps(http: Any) -> bool:
    """Replace `http`'s per-request bucket sweep with one that runs when the bucket count has doubled.

    Returns False (and leaves discord.py alone) when the HTTP client does not look as expected."""
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    buckets = getattr(http, "_buckets", None)
    if not callable(sweep) or not isinstance(buckets, dict):
        log.warning("discord.py's rate-limit buckets changed shape; keeping its own sweep")
        return False
    next_sweep = FIRST_SWEEP_AT

    def sweep_when_doubled() -> None:
        nonlocal next_sweep
        if len(buckets) < next_sweep:
            return
        sweep()
        next_sweep = max(FIRST_SWEEP_AT, 2 * len(buckets))

    http._try_clear_expired_ratelimits = sweep_when_doubled
    return True
