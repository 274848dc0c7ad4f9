"""Discord's rate limits as Discord answers them: per-route buckets, the global limit, 429 bodies.

What a request meets, in Discord's terms (developers/topics/rate-limits):
- a per-route bucket, keyed by the route's major parameter (channel, webhook token): every answer on a
  bucketed route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset` (Unix time), `-Reset-After`
  (seconds) and `-Bucket` (an opaque hash); when it is empty the answer is 429 with
  `X-RateLimit-Scope: user`. discord.py reads these headers and holds requests until the reset, so a
  well-behaved bot meets none of these 429s;
- the global limit, 50 requests per second per bot, all routes together except interaction callbacks
  and interaction webhooks (follow-ups, edits of the original response), which "are not bound to the
  bot's Global Rate Limit"; over it: 429 with `"global": true`, `X-RateLimit-Global: true` and
  `X-RateLimit-Scope: global`. discord.py does not count requests against it ahead of time: it only
  waits once it has met such a 429;
- a shared limit on a resource (`exhaust_shared`): 429 with `X-RateLimit-Scope: shared`, which Discord
  uses when a per-resource limit is hit by everyone using it, not by this bot alone.

Every 429 carries a JSON body `{"message", "retry_after", "global", "code"}` and a `Via` header, as
Discord's do (without `Via` discord.py takes a 429 for a Cloudflare ban and raises at once).

Discord publishes no figure per route ("do not hard code"); those below are the ones Discord
documented when it introduced bot limits (discord-api-docs#20: message creation and editing 5 per 5 s)
and what libraries observe in the headers; routes Discord answers without a bucket hash (reads such as
GET messages, discord-api-docs#1135) get none here either. `scale` multiplies every window (1.0 is
Discord's timing; 0.1 refills ten times faster), `enabled = False` switches all of it off.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections import Counter, deque
from dataclasses import dataclass, field

from fakediscord.clock import Clock
from fakediscord.model import Json

# Interaction callbacks and interaction webhooks are exempt from the global limit (Discord's rate
# limits page: "Interaction endpoints are not bound to the bot's Global Rate Limit").
GLOBAL_LIMIT_EXEMPT = ("/interactions/", "/webhooks/")
GLOBAL_LIMIT = 50  # requests per bot
GLOBAL_WINDOW = 1.0  # second


@dataclass(frozen=True)
class BucketRule:
    """One per-route limit: `limit` requests per `window` seconds for each value of `major`."""

    name: str
    limit: int
    window: float
    major: str  # the route parameter the bucket is per ("channel", "token"), or "" for the whole bot

    @property
    def hash(self) -> str:
        """The opaque `X-RateLimit-Bucket` value: stable per rule, like Discord's."""
        return hashlib.md5(self.name.encode()).hexdigest()


# Message sends: 5 per 5 s per channel (discord-api-docs#20, still what the headers show), DMs included.
SEND = BucketRule("message-send", 5, 5.0, "channel")
# Message edits have their own hash (discord-api-docs#1135), with the same 5 per 5 s per channel.
EDIT = BucketRule("message-edit", 5, 5.0, "channel")
# Deleting messages: its own hash, 5 per second per channel as libraries observe.
DELETE = BucketRule("message-delete", 5, 1.0, "channel")
# An interaction's webhook (follow-ups, the original response): 5 per 2 s per token, as for webhooks.
WEBHOOK = BucketRule("interaction-webhook", 5, 2.0, "token")

RULES: dict[tuple[str, str], BucketRule] = {
    ("POST", "/channels/{channel}/messages"): SEND,
    ("PATCH", "/channels/{channel}/messages/{message}"): EDIT,
    ("DELETE", "/channels/{channel}/messages/{message}"): DELETE,
    ("POST", "/webhooks/{app}/{token}"): WEBHOOK,
    ("GET", "/webhooks/{app}/{token}/messages/{message}"): WEBHOOK,
    ("PATCH", "/webhooks/{app}/{token}/messages/{message}"): WEBHOOK,
    ("DELETE", "/webhooks/{app}/{token}/messages/{message}"): WEBHOOK,
}


@dataclass
class Window:
    """A fixed window: it opens with its first request and closes `window` seconds later."""

    count: int
    resets_at: float  # clock.now() seconds


@dataclass(frozen=True)
class Served429:
    """One 429 the fake answered: what was refused, in which scope, and for how long."""

    method: str
    path: str
    scope: str  # "user" (a route's bucket), "global", "shared"
    retry_after: float
    bucket: str | None  # the rule's name; None for the global limit
    code: int = 0  # 30046 for the old-message edit limit, 0 for rate limits


class RateLimited(Exception):
    """The 429 Discord would answer instead of handling the request."""

    def __init__(self, body: Json, headers: dict[str, str]) -> None:
        super().__init__(body.get("message", "rate limited"))
        self.body, self.headers = body, headers


@dataclass
class RateLimits:
    """The limits of one offline Discord (see the module docstring); `served` lists every 429 answered."""

    clock: Clock
    enabled: bool = True
    scale: float = 1.0
    global_limit: int = GLOBAL_LIMIT
    rules: dict[tuple[str, str], BucketRule] = field(default_factory=lambda: dict(RULES))
    served: list[Served429] = field(default_factory=list)
    # rule name -> windows that ran empty: each time, a client reading the headers holds its next
    # request on that bucket until the reset (a wait without any 429)
    emptied: Counter[str] = field(default_factory=Counter)
    # the most requests counted against the global limit in any rolling window of its length (a fixed
    # window, as Discord's, lets a client through with up to twice its limit across a boundary; a client
    # pacing itself keeps this within the limit too)
    busiest_second: int = 0
    _recent: deque[float] = field(default_factory=deque)  # when the counted requests of the last window came
    _windows: dict[tuple[str, str], Window] = field(default_factory=dict)
    _global: Window | None = None
    _shared: dict[str, float] = field(default_factory=dict)  # resource id -> clock time it frees

    # ------------------------------------------------------------------ reading
    def count(self, scope: str | None = None) -> int:
        """How many 429s were served (of one scope: "user", "global", "shared")."""
        return sum(1 for s in self.served if scope is None or s.scope == scope)

    @property
    def retry_after_total(self) -> float:
        """The seconds all served 429s told the bot to wait, summed."""
        return sum(s.retry_after for s in self.served)

    # ------------------------------------------------------------------ knobs
    def exhaust_shared(self, resource_id: str, seconds: float) -> None:
        """Others have used up the shared limit of a resource (a channel, a webhook token) for `seconds`:
        bucketed requests on it get 429 with `X-RateLimit-Scope: shared` until then."""
        self._shared[str(resource_id)] = self.clock.now() + seconds

    def reset(self) -> None:
        """Forget every window (a fresh second for the global limit, full buckets)."""
        self._windows.clear()
        self._global = None
        self._shared.clear()

    # ------------------------------------------------------------------ admission
    def admit(self, method: str, template: str, match: dict[str, str], path: str) -> dict[str, str]:
        """Count a request; return the headers its answer carries, or raise RateLimited with the 429."""
        if not self.enabled:
            return {}
        now = self.clock.now()
        rule = self.rules.get((method, template))
        key = (rule.name, match.get(rule.major, "")) if rule is not None else None
        window = self._window(key, rule, now) if key is not None and rule is not None else None
        if rule is not None and window is not None:
            freed = self._shared.get(key[1] if key else "", 0.0)
            if freed > now:
                raise self._refuse(method, path, "shared", freed - now, rule, window, now)
            if window.count >= rule.limit:
                raise self._refuse(method, path, "user", window.resets_at - now, rule, window, now)
        counted = not path.startswith(GLOBAL_LIMIT_EXEMPT)
        if counted:
            if self._global is None or now >= self._global.resets_at:
                self._global = Window(0, now + GLOBAL_WINDOW * self.scale)
            if self._global.count >= self.global_limit:
                raise self._refuse(method, path, "global", self._global.resets_at - now, None, None, now)
            self._global.count += 1
            self._note_counted(now)
        if rule is None or window is None:
            return {}
        window.count += 1
        if window.count == rule.limit:
            self.emptied[rule.name] += 1
        return self._headers(rule, window, now)

    def _note_counted(self, now: float) -> None:
        self._recent.append(now)
        while self._recent[0] <= now - GLOBAL_WINDOW * self.scale:
            self._recent.popleft()
        self.busiest_second = max(self.busiest_second, len(self._recent))

    def _window(self, key: tuple[str, str], rule: BucketRule, now: float) -> Window:
        window = self._windows.get(key)
        if window is None or now >= window.resets_at:
            window = self._windows[key] = Window(0, now + rule.window * self.scale)
        return window

    def _headers(self, rule: BucketRule, window: Window, now: float) -> dict[str, str]:
        after = _seconds(window.resets_at - now)
        # fmt: off
        return {"X-RateLimit-Limit": str(rule.limit), "X-RateLimit-Remaining": str(max(0, rule.limit - window.count)),
                "X-RateLimit-Reset": f"{self.clock.wall() + after:.3f}", "X-RateLimit-Reset-After": f"{after:.3f}",
                "X-RateLimit-Bucket": rule.hash}
        # fmt: on

    def _refuse(
        self,
        method: str,
        path: str,
        scope: str,
        retry_after: float,
        rule: BucketRule | None,
        window: Window | None,
        now: float,
    ) -> RateLimited:
        retry = _seconds(retry_after)
        self.served.append(Served429(method, path, scope, retry, rule.name if rule else None))
        body: Json = {
            "message": "You are being rate limited.",
            "retry_after": retry,
            "global": scope == "global",
            "code": 0,
        }
        headers = {"Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": scope, "Via": "1.1 google"}
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        elif rule is not None and window is not None:
            headers.update(self._headers(rule, window, now))
            headers["X-RateLimit-Remaining"] = "0"
        return RateLimited(body, headers)

    def record_refusal(self, method: str, path: str, code: int) -> None:
        """Count a 429 Discord answers as an error code (30046) among the served 429s."""
        self.served.append(Served429(method, path, "user", 0.0, None, code))


ENVIRONMENT = "FAKEDISCORD_RATE_LIMITS"


def rate_limits_from_environment(clock: Clock) -> RateLimits:
    """On at Discord's timing, unless FAKEDISCORD_RATE_LIMITS says "off" (or 0) or a scale ("0.1")."""
    setting = os.environ.get(ENVIRONMENT, "").strip().lower()
    if setting in ("off", "false", "no", "0"):
        return RateLimits(clock, enabled=False)
    if setting in ("", "on", "true", "yes"):
        return RateLimits(clock)
    try:
        scale = float(setting)
    except ValueError:
        raise ValueError(f'{ENVIRONMENT} must be "on", "off" or a scale of the windows such as 0.1') from None
    return RateLimits(clock, scale=scale)


def _seconds(value: float) -> float:
    """Seconds rounded up to the millisecond, never 0: a client that waits this long finds the reset."""
    return max(0.001, math.ceil(value * 1000) / 1000)
