"""FakeDiscord: Discord's REST API (under /api/v10) and gateway on 127.0.0.1, with a message store.

The unmodified bot talks to it through real discord.py and aiohttp; tests drive it through `SimUser`
(fakediscord/people.py) and read what people would see. Protocol facts are in offline-discord.md.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import math
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import WSMsgType, web

from fakediscord import limits
from fakediscord.clock import Clock
from fakediscord.limits import DiscordError
from fakediscord.messages import Attachment, Message, Modal
from fakediscord.model import (
    Channel,
    Guild,
    Json,
    Person,
    guild_snowflake,
    interaction_json,
    message_json,
    now_iso,
    snowflake,
)
from fakediscord.multipart import parse_form
from fakediscord.ratelimits import (
    GLOBAL_LIMIT_EXEMPT,
    RateLimited,
    Served429,
    rate_limits_from_environment,
)
from fakediscord.roles import Roles
from fakediscord.starvation import Starvation, Stopwatch
from fakediscord.threads import Threads

if TYPE_CHECKING:
    from fakediscord.people import SimUser

log = logging.getLogger(__name__)
T = TypeVar("T")

API = "/api/v10"
HEARTBEAT_INTERVAL_MS = 41_250
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message_content
# MESSAGE_CREATE/UPDATE/DELETE reach a bot only with the intent for where the message is (Discord's
# gateway intents list): GUILD_MESSAGES for guild channels, DIRECT_MESSAGES for DMs.
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
# Edits of a message older than an hour have their own small quota (30046, "Maximum number of edits to
# messages older than 1 hour reached"), answered as a 429 without `Via`, so discord.py raises it at once.
OLD_MESSAGE_AGE = 3600.0
Upload = tuple[str, bytes]  # (filename, bytes) of one multipart `files[n]` part


class BotCrashed(AssertionError):
    """The bot's task ended while a test was waiting on it; the cause is the bot's own exception."""


class InteractionFailed(AssertionError):
    """The bot never answered an interaction in time: the person would see "This interaction failed"."""


@dataclass(frozen=True)
class Recorded:
    """One REST request the bot made, and what the fake answered."""

    method: str
    path: str  # after /api/v10
    query: dict[str, str]
    json: Any
    files: tuple[Upload, ...]
    status: int
    response: Any

    @property
    def edited(self) -> str | None:
        """The id of the message this request edited, if it edited one: a PATCH (over REST or through an
        interaction's token), or an interaction callback that updated the clicked message (type 7),
        whose answer holds the message when the bot asked for it (`with_response`)."""
        if not isinstance(self.response, dict) or self.status >= 300:
            return None
        if self.method == "PATCH":
            found = self.response.get("id")
        elif self.method == "POST" and self.path.endswith("/callback") and isinstance(self.json, dict):
            message = (self.response.get("resource") or {}).get("message") if self.json.get("type") == 7 else None
            found = message.get("id") if isinstance(message, dict) else None
        else:
            return None
        return str(found) if found is not None else None


@dataclass(frozen=True)
class Call:
    """One REST request as a handler sees it: route parameters, query, JSON body (or payload_json), files."""

    method: str
    path: str
    match: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[Upload]


@dataclass
class Fault:
    """An injected error: the next `times` requests matching method + path regex get this answer."""

    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    retry_after: float | None
    times: int
    skip: int = 0  # matching requests let through before the fault starts (aim at the nth one)
    hang: float = 0.0  # seconds to hold the request first (longer than the bot waits: a timeout)


@dataclass(eq=False)
class StoredMessage:
    data: Json
    files: dict[str, bytes] = field(default_factory=dict)
    visible_to: str | None = None
    deleted: bool = False
    edits: int = 0
    created: float = 0.0  # FakeDiscord.clock seconds: a message's age decides 30046

    def snapshot(self) -> Message:
        attachments = tuple(
            Attachment(a["id"], a["filename"], self.files[a["id"]], a["url"], a.get("description"))
            for a in self.data.get("attachments", [])
        )
        return Message(json.loads(json.dumps(self.data)), attachments, self.visible_to, self.deleted, self.edits)


@dataclass(eq=False)
class Pending:
    """An interaction a person started, until the bot's answer settles into what they see."""

    id: str
    token: str
    kind: int  # 2 command, 3 component, 5 modal submit
    user: Person
    channel: Channel
    message_id: str | None  # the message the clicked component is on
    settle: bool
    name: str = ""  # the command name or the component's custom id
    created: float = 0.0  # FakeDiscord.clock seconds when INTERACTION_CREATE went out (the token's age)
    clock: Stopwatch | None = None  # the 3 s deadline's, from dispatch (C.1)
    response_type: int | None = None
    original_id: str | None = None
    followups: set[str] = field(default_factory=set)
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    outcome: asyncio.Future[Message | Modal] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def settle_with(self, result: Message | Modal) -> None:
        if not self.outcome.done():
            self.outcome.set_result(result)


def _json_response(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": discord.py compares the header verbatim and web.json_response adds a charset.
    if payload is None:
        return web.Response(status=204, headers=headers)
    return web.Response(
        status=status,
        body=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class FakeDiscord:
    """A Discord of one guild (more with `add_guild`): the bot user, five people, #general and #games,
    DMs on demand.

    Knobs: `response_deadline` (Discord: 3 s to answer an interaction), `token_lifetime` (15 min for
    follow-ups), `settle_timeout` (how long a person waits for a deferred answer), and
    `privileged_intents_approved` (False closes the gateway with 4014 when IDENTIFY asks for them).
    `record_requests=False` keeps `requests` empty: a long load run would otherwise hold every request
    and every uploaded image in memory (bench.bot's 1,000-game run).

    Time: `clock` (fakediscord/clock.py) is Discord's time for every rule that depends on it; a test
    moves it with `fake.clock.advance(seconds)`. Rate limits (fakediscord/ratelimits.py) are on unless
    `rate_limits=False` (or FAKEDISCORD_RATE_LIMITS=off for a whole run; a number there scales the
    windows): `fake.rate_limits.enabled`, `.scale` (multiplies the windows), `.served` (every 429
    answered) and `.count(scope)`. `old_message_edits`: how many edits of messages older than an
    hour a channel gets per hour before 30046.
    """

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        people: tuple[str, ...] = ("alice", "bob", "carol", "dave", "erin"),
        record_requests: bool = True,
        rate_limits: bool | None = None,
    ) -> None:
        self.token = token
        self.clock = Clock()
        self.rate_limits = rate_limits_from_environment(self.clock)
        if rate_limits is not None:
            self.rate_limits.enabled = rate_limits
        # Discord publishes no figure for 30046; reports show a small quota, a few edits an hour.
        self.old_message_edits = 3
        self._old_edits: dict[str, list[float]] = {}  # channel id -> clock times of edits of old messages
        self.response_deadline = 3.0
        # The deadline counts the bot's time: wall time less its loop's wait for a CPU (starvation.py).
        self.starvation = Starvation()
        self.hang_guard = 120.0  # wall seconds after which any wait fails however busy the machine
        self.token_lifetime = 15 * 60.0
        self.settle_timeout = 5.0
        self.privileged_intents_approved = True
        self.bot_user = Person("cardroom", bot=True)
        self.app_id = self.bot_user.id
        self.owner = Person("owner")
        # Indexes, so a lookup costs the same with 3 channels as with 3,000 (the load benchmark's size).
        self._channels_by_id: dict[str, Channel] = {}
        self._people: dict[str, Person] = {p.id: p for p in (self.bot_user, self.owner)}
        self.channels: dict[str, Channel] = {}  # the default guild's text channels, by name
        self.guilds: dict[str, Guild] = {}  # by id, the default guild first
        self.guild = self.add_guild("Cardroom Test")  # the default guild: people and channels go here
        self._by_channel: dict[str, list[StoredMessage]] = {}
        # Interactions not yet settled, in arrival order (a dict as an ordered set): edits only look at these.
        self._unsettled: dict[Pending, None] = {}
        self.record_requests = record_requests
        # (method, route template) -> requests answered, kept even when `record_requests` is off
        self.route_counts: Counter[tuple[str, str]] = Counter()
        # A benchmark sets a list here: every interaction callback then appends (custom id or command name,
        # seconds from dispatching INTERACTION_CREATE to the callback's arrival).
        self.ack_log: list[tuple[str, float]] | None = None
        self.users: dict[str, SimUser] = {}
        for name in people:
            self.add_user(name)
        self.requests: list[Recorded] = []
        self.commands: dict[str | None, list[Json]] = {}  # guild id (None = global) -> synced commands
        self.identify: Json | None = None
        self.logged_errors: list[logging.LogRecord] = []  # filled by the bot harness's log capture
        self._command_ids: dict[tuple[str | None, str], str] = {}
        self._messages: dict[str, StoredMessage] = {}
        # (channel, nonce) -> (when, message) of messages created with `enforce_nonce` (see `_post_message`)
        self._nonces: dict[tuple[str, str], tuple[float, StoredMessage]] = {}
        self._dms: dict[str, Channel] = {}
        self.threads = Threads(self)  # threads and the bot's thread permissions (fakediscord/threads.py)
        self.roles = Roles(self)  # the member-role routes and the changes they made (fakediscord/roles.py)
        self._pending: dict[str, Pending] = {}
        self._faults: list[Fault] = []
        self._watched: list[asyncio.Task[Any]] = []
        self._changed = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None  # the session of shard 0 (or the unsharded one)
        self._shards: dict[int, web.WebSocketResponse] = {}  # the sessions of shards 1 and up
        self.shard_count = 1  # from the last IDENTIFY's `shard: [id, count]`
        self._seqs: dict[web.WebSocketResponse, int] = {}
        self._send_lock = asyncio.Lock()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ----------------------------------------------------------------- lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        routes: list[tuple[str, str, Callable[[Call], Any]]] = [
            ("GET", "/users/@me", lambda r: self.bot_user.json()),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/gateway", lambda r: {"url": self.gateway_url}),
            ("GET", "/gateway/bot", self._gateway_bot),
            ("PUT", "/applications/{app}/commands", self._sync_commands),
            ("GET", "/applications/{app}/commands", lambda r: self.commands.get(None, [])),
            ("PUT", "/applications/{app}/guilds/{guild}/commands", self._sync_commands),
            ("GET", "/applications/{app}/guilds/{guild}/commands", lambda r: self.commands.get(r.match["guild"], [])),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", "/channels/{channel}", lambda r: self.channel_by_id(r.match["channel"]).json()),
            ("PATCH", "/channels/{channel}", self.threads.modify),
            ("POST", "/channels/{channel}/threads", self.threads.start_without_message),
            ("POST", "/channels/{channel}/messages/{message}/threads", self.threads.start_from_message),
            ("GET", "/channels/{channel}/messages", self._history),
            ("POST", "/channels/{channel}/messages", self._post_message),
            ("POST", "/channels/{channel}/typing", lambda r: None),
            ("GET", "/channels/{channel}/messages/{message}", self._get_message),
            ("PATCH", "/channels/{channel}/messages/{message}", self._patch_message),
            ("DELETE", "/channels/{channel}/messages/{message}", self._delete_message),
            ("GET", "/guilds/{guild}/members/{user_id}", self._get_member),
            ("GET", "/guilds/{guild}/roles", self.roles.listed),
            ("PUT", "/guilds/{guild}/members/{user_id}/roles/{role}", self.roles.add),
            ("DELETE", "/guilds/{guild}/members/{user_id}/roles/{role}", self.roles.remove),
            ("POST", "/interactions/{interaction}/{token}/callback", self._callback),
            ("POST", "/webhooks/{app}/{token}", self._followup),
            ("GET", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("PATCH", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
            ("DELETE", "/webhooks/{app}/{token}/messages/{message}", self._webhook_message),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, self._route(handler, path))
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for ws in (self._ws, *self._shards.values()):
            if ws is not None and not ws.closed:
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    # ----------------------------------------------------------------- people and places
    @property
    def channel(self) -> Channel:
        """#games, where tests play by default."""
        return self.channels["games"]

    def add_guild(self, name: str, *, channels: tuple[str, ...] = ("general", "games")) -> Guild:
        """A new guild owned by `fake.owner`, with the bot and the owner as members and these text channels
        (add guilds before the bot connects: READY and GUILD_CREATE carry them). The n-th guild (the
        default one is number 0) is on shard n % count of any count up to 8, so with two shards the
        default guild is on shard 0 and the next one on shard 1 (model.guild_snowflake)."""
        guild = Guild(name, self.owner, id=guild_snowflake(len(self.guilds)), members=[self.bot_user, self.owner])
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self.add_channel(channel_name, guild=guild)
        return guild

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to; None for a DM."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def add_user(self, name: str, *, dms_open: bool = True, guild: Guild | None = None) -> SimUser:
        """A new member of `guild` (default: the default guild). Add people before the bot connects:
        GUILD_CREATE carries the member list."""
        from fakediscord.people import SimUser

        user = SimUser(self, Person(name, dms_open=dms_open))
        self.users[name] = user
        self._people[user.person.id] = user.person
        (guild or self.guild).members.append(user.person)
        return user

    def add_member(self, guild: Guild, user: SimUser) -> None:
        """Make an existing person a member of another guild too (before the bot connects)."""
        if not guild.has_member(user.person):
            guild.members.append(user.person)

    def add_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """A new text channel in `guild` (default: the default guild, where `fake.channels` names it).
        Add channels before the bot connects: GUILD_CREATE carries the list."""
        home = guild or self.guild
        channel = Channel(name, home.id, position=len(home.channels))
        if home is next(iter(self.guilds.values())):  # the default guild (also while add_guild makes it)
            self.channels[name] = channel
        home.channels.append(channel)
        self._channels_by_id[channel.id] = channel
        return channel

    def dm_channel(self, person: Person) -> Channel:
        if person.id not in self._dms:
            channel = Channel(f"dm-{person.name}", recipient=person)
            self._dms[person.id] = channel
            self._channels_by_id[channel.id] = channel
        return self._dms[person.id]

    def _person(self, user_id: str) -> Person:
        person = self._people.get(str(user_id))
        if person is None:
            raise limits.UNKNOWN_USER
        return person

    def person_or_none(self, user_id: str) -> Person | None:
        """The person with this id, if the fake knows one."""
        return self._people.get(str(user_id))

    def register_channel(self, channel: Channel) -> None:
        """Make a channel the bot created (a thread) reachable by id."""
        self._channels_by_id[channel.id] = channel

    def unregister_channel(self, channel: Channel) -> None:
        self._channels_by_id.pop(channel.id, None)

    def stored_message(self, message_id: str, channel_id: str) -> StoredMessage:
        """A public message of `channel_id` (404/10008 when unknown there)."""
        stored = self._stored(message_id, channel_id)
        if stored.visible_to is not None:
            raise limits.UNKNOWN_MESSAGE
        return stored

    def notify(self) -> None:
        """Wake whoever waits for a change of the store (`wait_for_*`)."""
        self._notify()

    def channel_by_id(self, channel_id: str) -> Channel:
        channel = self._channels_by_id.get(str(channel_id))
        if channel is None:
            raise limits.UNKNOWN_CHANNEL
        return channel

    # ----------------------------------------------------------------- reading the store
    def message(self, message: Message | str) -> Message:
        """The current version of a message (follows edits; `deleted` once deleted)."""
        key = message.id if isinstance(message, Message) else str(message)
        if key not in self._messages:
            raise LookupError(f"no message {key}")
        return self._messages[key].snapshot()

    def created_at(self, message: Message | str) -> float:
        """When the bot created a message, on `clock` (a benchmark compares it with when a move was answered)."""
        key = message.id if isinstance(message, Message) else str(message)
        return self._messages[key].created

    def edit_count(self, message: Message | str) -> int:
        """How often a message was edited so far, without copying it (a cheap "has it changed?")."""
        key = message.id if isinstance(message, Message) else str(message)
        return self._messages[key].edits

    def messages(
        self, channel: Channel, *, viewer: Person | SimUser | None = None, deleted: bool = False
    ) -> list[Message]:
        """Messages in a channel, oldest first; with `viewer`, only what that person can see (ephemerals)."""
        viewer_id = None if viewer is None else (viewer.person.id if hasattr(viewer, "person") else viewer.id)
        found = []
        for stored in self._by_channel.get(channel.id, ()):
            if stored.deleted and not deleted:
                continue
            if viewer_id is None or stored.visible_to in (None, viewer_id):
                found.append(stored.snapshot())
        return found

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = 5.0,
        *,
        viewer: Person | SimUser | None = None,
    ) -> Message:
        """The newest message in `channel` matching `predicate`, now or after the bot's next sends/edits."""
        deadline = self.stopwatch(timeout)
        while True:
            for message in reversed(self.messages(channel, viewer=viewer)):
                if predicate is None or predicate(message):
                    return message
            shown = [m.text[:60] for m in self.messages(channel, viewer=viewer)[-5:]]
            await self._until_change(deadline, f"a matching message in #{channel.name} (last ones: {shown})")

    def message_posts(self, since: int = 0) -> list[tuple[str, Recorded]]:
        """The recorded requests (from index `since`) that posted a message, with the channel it went to:
        channel posts and interaction follow-ups (`POST /webhooks/{app}/{token}`, which post in the
        interaction's channel), as Discord answered them."""
        posts = []
        for recorded in self.requests[since:]:
            if recorded.method != "POST" or recorded.status != 200 or not isinstance(recorded.response, dict):
                continue
            parts = recorded.path.split("/")
            channel_post = len(parts) == 4 and parts[1] == "channels" and parts[3] == "messages"
            follow_up = len(parts) == 4 and parts[1] == "webhooks"
            if channel_post or follow_up:
                posts.append((str(recorded.response["channel_id"]), recorded))
        return posts

    def counted_requests(self, since: int = 0) -> list[Recorded]:
        """The recorded requests (from index `since`) that count against Discord's global rate limit of
        50 per second per bot: all but interaction callbacks and interaction webhooks, which are exempt."""
        return [r for r in self.requests[since:] if not r.path.startswith(GLOBAL_LIMIT_EXEMPT)]

    async def wait_for_request(self, method: str, path: str, timeout: float = 5.0) -> Recorded:
        """The first recorded request whose method matches and whose path matches the regex `path`."""
        deadline = self.stopwatch(timeout)
        while True:
            for recorded in self.requests:
                if recorded.method == method and re.search(path, recorded.path):
                    return recorded
            await self._until_change(deadline, f"a {method} request to {path}")

    async def wait_for_connection(self, timeout: float = 10.0) -> None:
        """Until a bot has identified and received READY + GUILD_CREATE (for bots started elsewhere)."""
        deadline = self.stopwatch(timeout)
        while not (self.connected and self.identify is not None):
            await self._until_change(deadline, "a bot to connect to the gateway")

    async def _until_change(self, deadline: Stopwatch, what: str) -> None:
        remaining = deadline.left()
        if remaining <= 0:
            raise TimeoutError(f"timed out waiting for {what}{self.error_summary()}")
        await self.guarded(self._changed.wait(), remaining, what)

    def stopwatch(self, seconds: float) -> Stopwatch:
        """A wait of `seconds` of the bot's time (starvation.py), bounded by the wall-clock hang guard."""
        return Stopwatch(self.starvation, seconds, self.hang_guard)

    async def patiently(self, awaitable: Callable[[], Awaitable[T]], clock: Stopwatch, what: str) -> T:
        """`guarded` on the bot's clock: a wait cut short by wall time the bot spent in the run queue
        goes on for the rest of its seconds."""
        while True:
            try:
                return await self.guarded(awaitable(), max(clock.left(), 0.0), what)
            except TimeoutError as error:
                if clock.left() <= 0:
                    raise TimeoutError(f"{error} ({clock.seconds:.2f}s of the bot's time)") from None

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    # ----------------------------------------------------------------- watchdog and faults
    def watch(self, task: asyncio.Task[Any]) -> None:
        """Fail every wait with the bot's own exception if `task` (the bot's start()) ends."""
        self._watched.append(task)

    def unwatch(self, task: asyncio.Task[Any]) -> None:
        self._watched.remove(task)

    async def guarded(self, awaitable: Awaitable[T], timeout: float, what: str) -> T:
        """Await `awaitable`, but raise BotCrashed if a watched bot task ends first, TimeoutError after `timeout`."""
        waiter = asyncio.ensure_future(awaitable)
        watched = list(self._watched)
        done, _ = await asyncio.wait([waiter, *watched], timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if waiter in done:
            return waiter.result()
        waiter.cancel()
        for task in watched:
            if task in done:
                error = None if task.cancelled() else task.exception()
                raise BotCrashed(f"the bot stopped while the test waited for {what}: {error!r}") from error
        raise TimeoutError(f"timed out after {timeout:.2f}s waiting for {what}{self.error_summary()}")

    def error_summary(self) -> str:
        """The last errors the bot logged, with the root exception, for failure messages."""
        return "".join(f"; the bot logged: {describe_log_record(record)}" for record in self.logged_errors[-3:])

    def fail(
        self,
        method: str,
        path: str,
        status: int,
        *,
        code: int = 0,
        retry_after: float | None = None,
        times: int = 1,
        skip: int = 0,
        hang: float = 0.0,
    ) -> Fault:
        """Error injector: the next `times` `method` requests whose path matches regex `path` get `status`,
        after `skip` matching ones went through. With `hang` the fake holds each of them that long first
        (a timeout, when the bot gives up sooner); whatever the bot does then, nothing is done here.

        429 answers carry `retry_after` and a `Via` header, so discord.py waits and retries as with a real
        rate limit (without `Via` it takes the 429 for a Cloudflare ban and raises at once).
        """
        fault = Fault(method.upper(), re.compile(path), status, code, retry_after, times, skip, hang)
        self._faults.append(fault)
        return fault

    def _injected(self, method: str, path: str) -> Fault | None:
        for fault in self._faults:
            if fault.times > 0 and fault.method == method and fault.pattern.search(path):
                if fault.skip > 0:
                    fault.skip -= 1
                    return None
                fault.times -= 1
                return fault
        return None

    def _fault_response(self, fault: Fault, method: str, path: str) -> web.Response:
        if fault.status == 429:
            retry = fault.retry_after if fault.retry_after is not None else 0.05
            body = {
                "message": "You are being rate limited.",
                "retry_after": retry,
                "global": False,
                "code": fault.code,
            }
            self.rate_limits.served.append(Served429(method, path, "user", retry, "injected", fault.code))
            headers = {"Via": "1.1 google", "Retry-After": str(math.ceil(retry)), "X-RateLimit-Scope": "user"}
            return _json_response(body, 429, headers)
        return _json_response({"code": fault.code, "message": f"{fault.status}: injected"}, fault.status)

    # ----------------------------------------------------------------- HTTP plumbing
    def _route(
        self, handler: Callable[[Call], Any], template: str
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        """Wrap a handler: injected faults, bot-token auth, rate limits (`template` names the route's
        bucket), DiscordError -> JSON error, and the request log."""

        async def serve(request: web.Request) -> web.StreamResponse:
            path = request.path[len(API) :]
            body, files = await self._read_body(request)
            call = Call(request.method, path, dict(request.match_info), dict(request.query), body, files)
            status, payload = 200, None
            fault = self._injected(call.method, path)
            response = None
            bucket: dict[str, str] = {}  # the rate-limit headers of this route's bucket
            if fault is not None:
                if fault.hang:
                    await asyncio.sleep(fault.hang)
                response = self._fault_response(fault, call.method, path)
            if response is None:
                try:
                    if (
                        not path.startswith(("/interactions/", "/webhooks/"))
                        and request.headers.get("Authorization") != f"Bot {self.token}"
                    ):
                        raise limits.UNAUTHORIZED
                    bucket = self.rate_limits.admit(call.method, template, call.match, path)
                except RateLimited as limited:
                    payload = limited.body
                    response = _json_response(payload, 429, limited.headers)
                except DiscordError as error:
                    payload = error.body()
                    response = _json_response(payload, error.status)
            if response is None:
                try:
                    payload = handler(call)
                    if inspect.isawaitable(payload):
                        payload = await payload
                    response = _json_response(payload, headers=bucket)
                except DiscordError as error:
                    payload = error.body()
                    response = _json_response(payload, error.status, bucket)
                except Exception as error:  # a bug in the fake: 400 so discord.py raises at once instead of retrying
                    log.exception("fake discord failed on %s %s", call.method, path)
                    payload = {"code": 0, "message": f"fake discord bug: {error!r}"}
                    response = _json_response(payload, 400)
            status = response.status
            self.route_counts[(call.method, template)] += 1
            if self.record_requests:
                self.requests.append(Recorded(call.method, path, call.query, body, tuple(files), status, payload))
            self._notify()
            return response

        return serve

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
        """JSON, or multipart `payload_json` + `files[n]` parts (discord.py sends files as octet-stream)."""
        content_type = request.headers.get("Content-Type", "")
        raw = await request.read()
        if content_type.lower().startswith("multipart/"):
            body, files = None, []
            for part in parse_form(content_type, raw):  # discord.py never nests multiparts
                if part.name == "payload_json":
                    body = json.loads(part.data)
                else:
                    files.append((part.filename or "file", part.data))
            return body, files
        return (json.loads(raw) if raw else None), []

    # ----------------------------------------------------------------- gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        previous, self._ws = self._ws, ws
        # Text frames only: discord.py decompresses binary frames but parses text frames as plain JSON (§2.1).
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            packet = json.loads(frame.data)
            if packet["op"] == 1:
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif packet["op"] == 2:
                await self._identify(ws, packet["d"], previous)
            elif packet["op"] == 6:  # RESUME: sessions are not kept, so ask for a fresh IDENTIFY
                await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
        if self._ws is ws:
            self._ws = None
        self._shards = {shard: other for shard, other in self._shards.items() if other is not ws}
        self._seqs.pop(ws, None)
        return ws

    async def _identify(
        self, ws: web.WebSocketResponse, identify: Json, previous: web.WebSocketResponse | None = None
    ) -> None:
        self.identify = identify
        if identify.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        if not self.privileged_intents_approved and int(identify.get("intents", 0)) & PRIVILEGED_INTENTS:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        # A sharded session names its shard; Discord then sends it the events of its guilds only, and
        # every DM event to shard 0 (`session_for`).
        shard_id, shard_count = (int(part) for part in identify.get("shard") or (0, 1))
        self.shard_count = max(1, shard_count)
        if shard_id != 0:
            self._shards[shard_id] = ws
            if self._ws is ws:  # shard 0's session, if there was one, stays shard 0's
                self._ws = previous if previous is not None and not previous.closed else None
        own = [guild for guild in self.guilds.values() if self.shard_of(guild.id) == shard_id]
        guilds = [{"id": guild.id, "unavailable": True} for guild in own]
        # fmt: off
        ready = {"v": 10, "user": self.bot_user.json(), "guilds": guilds,
                 "session_id": snowflake(), "resume_gateway_url": self.gateway_url, "private_channels": [],
                 "application": {"id": self.app_id, "flags": 0}, "relationships": []}
        # fmt: on
        if shard_count > 1:
            ready["shard"] = [shard_id, shard_count]
        await self._send(ws, "READY", ready)
        for guild in own:  # with its active threads, so a restarted bot knows them (fakediscord/threads.py)
            await self._send(ws, "GUILD_CREATE", {**guild.json(), "threads": self.threads.active_json(guild.id)})
        self._notify()

    def shard_of(self, guild_id: str | int) -> int:
        """The shard Discord sends a guild's events to: (guild_id >> 22) % shard_count."""
        return (int(guild_id) >> 22) % self.shard_count

    def session_for(self, data: Json) -> web.WebSocketResponse | None:
        """The session an event goes to: its guild's shard, or shard 0 for a DM (no guild)."""
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        shard = self.shard_of(guild_id) if guild_id is not None else 0
        return self._ws if shard == 0 else self._shards.get(shard)

    def shard_connected(self, shard: int) -> bool:
        """Whether a session of this shard is connected now."""
        ws = self._ws if shard == 0 else self._shards.get(shard)
        return ws is not None and not ws.closed

    async def wait_for_shard(self, shard: int, timeout: float = 10.0) -> None:
        """Until a session of `shard` has identified and received READY and its guilds."""
        deadline = self.stopwatch(timeout)
        while not self.shard_connected(shard):
            await self._until_change(deadline, f"shard {shard} to connect to the gateway")

    async def dispatch(self, event: str, data: Json) -> None:
        """Send one gateway DISPATCH (op 0) to the connected bot (the shard the event belongs to)."""
        ws = self.session_for(data)
        if ws is None or ws.closed:
            raise RuntimeError(f"cannot dispatch {event}: no bot is connected to the fake gateway")
        await self._send(ws, event, data)

    async def _send(self, ws: web.WebSocketResponse, event: str, data: Json) -> None:
        async with self._send_lock:
            seq = self._seqs[ws] = self._seqs.get(ws, 0) + 1
            await ws.send_json({"op": 0, "t": event, "s": seq, "d": data})

    def wants_message_events(self, data: Json) -> bool:
        """Whether the connected bot's IDENTIFY asked for message events where `data` (a message) is.

        Discord sends MESSAGE_CREATE/UPDATE/DELETE, the bot's own messages included, only to a session
        whose intents hold GUILD_MESSAGES (guild channels) or DIRECT_MESSAGES (DMs); the message content
        intent only decides whether their content is filled in."""
        intents = int((self.identify or {}).get("intents", 0))
        return bool(intents & (GUILD_MESSAGES if "guild_id" in data else DIRECT_MESSAGES))

    def _echoed(self, data: Json) -> bool:
        """Whether an event about this message reaches a session: its shard's session is connected (an
        event for a shard nobody runs is not delivered) and asked for message events there."""
        ws = self.session_for(data)
        return ws is not None and not ws.closed and self.wants_message_events(data)

    async def _gateway_echo(self, event: str, stored: StoredMessage) -> None:
        """MESSAGE_CREATE/UPDATE for the bot's own public messages, as Discord echoes them (intents allowing)."""
        if stored.visible_to is None and self._echoed(stored.data):
            data = dict(stored.data)
            guild = self.guilds.get(str(data.get("guild_id")))
            if guild is not None:
                data["member"] = {k: v for k, v in guild.member_json(self.bot_user).items() if k != "user"}
            await self.dispatch(event, data)

    # ----------------------------------------------------------------- REST: identity, commands, users
    def _application(self, call: Call) -> Json:
        # No interactions_endpoint_url: with one set, discord.py warns that interactions skip the gateway.
        # fmt: off
        return {"id": self.app_id, "name": self.bot_user.name, "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "verify_key": "0" * 64, "owner": self.owner.json(), "flags": 0,
                "bot": self.bot_user.json()}
        # fmt: on

    def _gateway_bot(self, call: Call) -> Json:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}

    def _get_user(self, call: Call) -> Json:
        return self._person(call.match["user_id"]).json()

    def _get_member(self, call: Call) -> Json:
        guild = self.guilds.get(call.match["guild"])
        if guild is None:
            raise limits.UNKNOWN_GUILD
        person = self._person(call.match["user_id"])
        if not guild.has_member(person):
            raise limits.UNKNOWN_MEMBER
        return guild.member_json(person)

    def _sync_commands(self, call: Call) -> list[Json]:
        """Bulk overwrite: ids stay stable per name across syncs, as Discord keeps them."""
        guild_id = call.match.get("guild")
        synced = []
        for command in call.body:
            key = (guild_id, command["name"])
            command_id = self._command_ids.setdefault(key, snowflake())
            defaults = {"type": 1, "description": "", "options": [], "nsfw": False, "default_member_permissions": None}
            synced.append(
                {**defaults, **command, "id": command_id, "application_id": self.app_id, "version": snowflake()}
            )
            if guild_id:
                synced[-1]["guild_id"] = guild_id
        self.commands[guild_id] = synced
        return synced

    def _open_dm(self, call: Call) -> Json:
        # Opening the DM channel always works; sending into it is what a closed-DM user refuses (50007).
        return self.dm_channel(self._person(call.body["recipient_id"])).json()

    # ----------------------------------------------------------------- REST: channel messages
    def _stored(self, message_id: str, channel_id: str | None = None) -> StoredMessage:
        stored = self._messages.get(str(message_id))
        if (
            stored is None
            or stored.deleted
            or (channel_id is not None and stored.data["channel_id"] != str(channel_id))
        ):
            raise limits.UNKNOWN_MESSAGE
        return stored

    def _public(self, call: Call) -> StoredMessage:
        """A message reachable through /channels: ephemeral messages exist only for their interaction's webhook."""
        stored = self._stored(call.match["message"], call.match["channel"])
        if stored.visible_to is not None:
            raise limits.UNKNOWN_MESSAGE
        return stored

    async def _post_message(self, call: Call) -> Json:
        """Create a message. With `enforce_nonce`, a nonce this author (the bot) used in this channel within
        the last few minutes returns that message, and nothing new is created, as Discord does: a send
        retried after its answer was lost, or redone after a restart, is not posted twice."""
        channel = self.channel_by_id(call.match["channel"])
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise limits.CANNOT_DM
        await self.threads.before_send(channel)
        body = call.body or {}
        nonce = body.get("nonce")
        key = None
        if nonce is not None:
            limits.check_nonce(nonce)
            if body.get("enforce_nonce"):
                key = (channel.id, str(nonce))
                earlier = self._nonces.get(key)
                if earlier is not None and self.clock.now() - earlier[0] < limits.NONCE_WINDOW:
                    return earlier[1].data
        stored = self._create(channel, body, call.files)
        if nonce is not None:
            stored.data["nonce"] = str(nonce)
        if key is not None:
            self._nonces[key] = (self.clock.now(), stored)
        await self._gateway_echo("MESSAGE_CREATE", stored)
        return stored.data

    def _get_message(self, call: Call) -> Json:
        return self._public(call).data

    def _history(self, call: Call) -> list[Json]:
        channel = self.channel_by_id(call.match["channel"])
        limit = int(call.query.get("limit", 50))
        return [m.raw for m in reversed(self.messages(channel)) if m.visible_to is None][:limit]

    async def _patch_message(self, call: Call) -> Json:
        self.threads.before_edit(call.match["channel"])
        stored = self._public(call)
        self._check_old_edit(call, stored)
        self._edit(stored, call.body or {}, call.files)
        self._settle_edits_of(stored)
        await self._gateway_echo("MESSAGE_UPDATE", stored)
        return stored.data

    def _check_old_edit(self, call: Call, stored: StoredMessage) -> None:
        """30046: a channel's edits of messages older than an hour are limited to `old_message_edits` an hour."""
        now = self.clock.now()
        if now - stored.created <= OLD_MESSAGE_AGE:
            return
        channel_id = stored.data["channel_id"]
        recent = [t for t in self._old_edits.get(channel_id, []) if now - t < OLD_MESSAGE_AGE]
        if len(recent) >= self.old_message_edits:
            self._old_edits[channel_id] = recent
            self.rate_limits.record_refusal(call.method, call.path, limits.OLD_MESSAGE_EDITS.code)
            raise limits.OLD_MESSAGE_EDITS
        self._old_edits[channel_id] = [*recent, now]

    async def _delete_message(self, call: Call) -> None:
        stored = self._public(call)
        self._delete(stored)
        if self._echoed(stored.data):
            data = {"id": stored.data["id"], "channel_id": stored.data["channel_id"]}
            if "guild_id" in stored.data:
                data["guild_id"] = stored.data["guild_id"]
            await self.dispatch("MESSAGE_DELETE", data)

    def _delete(self, stored: StoredMessage) -> None:
        stored.deleted = True
        self._notify()

    # ----------------------------------------------------------------- the store's writes
    def _create(
        self,
        channel: Channel,
        body: Json,
        uploads: list[Upload],
        *,
        visible_to: str | None = None,
        loading: bool = False,
    ) -> StoredMessage:
        limits.check_message(body, files=len(uploads), attachment_names=self._names_after(None, body, uploads))
        flags = int(body.get("flags") or 0) & (limits.EPHEMERAL | limits.IS_COMPONENTS_V2 | (1 << 2) | (1 << 12))
        data = message_json(channel, self.bot_user, body, flags | (limits.LOADING if loading else 0))
        stored = StoredMessage(data, visible_to=visible_to, created=self.clock.now())
        self._attach(stored, body, uploads)
        self._messages[data["id"]] = stored
        self._by_channel.setdefault(channel.id, []).append(stored)
        self._notify()
        return stored

    def _edit(self, stored: StoredMessage, body: Json, uploads: list[Upload]) -> None:
        merged = {"content": stored.data["content"], "embeds": stored.data["embeds"], **body}
        names = self._names_after(stored, body, uploads)
        limits.check_message(merged, files=len(uploads), existing_flags=stored.data["flags"], attachment_names=names)
        self._check_attachments(stored, body, uploads)  # a refused edit changes nothing
        for key in ("content", "embeds", "components"):
            if key in body:
                stored.data[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
        if body.get("flags") is not None:
            # Set at creation only (Discord ignores them on an edit): ephemeral, and SUPPRESS_NOTIFICATIONS.
            kept = limits.EPHEMERAL | (1 << 12)
            stored.data["flags"] = (stored.data["flags"] & kept) | int(body["flags"]) & ~kept
        stored.data["flags"] &= ~limits.LOADING
        if "attachments" in body or uploads:
            self._attach(stored, body, uploads)
        stored.data["edited_timestamp"] = now_iso()
        stored.edits += 1
        self._notify()

    @staticmethod
    def _names_after(stored: StoredMessage | None, body: Json, uploads: list[Upload]) -> frozenset[str]:
        """The file names a message holds once this create or edit is applied (see `_attach`)."""
        existing = {a["id"]: a["filename"] for a in stored.data["attachments"]} if stored is not None else {}
        wanted = body.get("attachments")
        if wanted is None:  # nothing said: the message keeps its files and adds the uploads
            return frozenset([*existing.values(), *(name for name, _ in uploads)])
        names = []
        for item in wanted:
            if str(item.get("id")) in existing:
                names.append(existing[str(item["id"])])
            elif str(item.get("id", "")).isdigit() and int(item["id"]) < len(uploads):
                names.append(item.get("filename") or uploads[int(item["id"])][0])
        return frozenset(names)

    @staticmethod
    def _check_attachments(stored: StoredMessage | None, body: Json, uploads: list[Upload]) -> None:
        """50035 unless every `attachments` item is kept by id (on the message) or names an uploaded file."""
        existing = {a["id"] for a in stored.data["attachments"]} if stored is not None else set()
        for position, item in enumerate(body.get("attachments") or []):
            key = str(item.get("id", ""))
            if key not in existing and not (key.isdigit() and int(key) < len(uploads)):
                raise limits.invalid_form(
                    f"attachments.{position}.id", f"Unknown attachment {key!r}: not on the message, no file"
                )

    def _attach(self, stored: StoredMessage, body: Json, uploads: list[Upload]) -> None:
        """Apply `attachments`: existing ids are kept, small integer ids point at uploaded `files[n]` parts."""
        existing = {a["id"]: a for a in stored.data["attachments"]}
        wanted = body.get("attachments")
        if wanted is None:
            wanted = list(existing.values()) + [{"id": i, "filename": name} for i, (name, _) in enumerate(uploads)]
        attachments = []
        for item in wanted:
            if str(item.get("id")) in existing:  # kept by id: the same file, id and URL, nothing re-uploaded
                attachments.append(existing[str(item["id"])])
                continue
            # Otherwise the id is the index of an uploaded `files[n]` part (`_check_attachments`).
            self._check_attachments(None, {"attachments": [item]}, uploads)
            index = int(item["id"])
            name, data = uploads[index]
            attachment_id = snowflake()
            stored.files[attachment_id] = data
            url = f"http://127.0.0.1:{self.port}/attachments/{stored.data['channel_id']}/{attachment_id}/{name}"
            # fmt: off
            attachments.append({"id": attachment_id, "filename": item.get("filename", name), "size": len(data),
                                "url": url, "proxy_url": url, "content_type": _content_type(data),
                                **({"description": item["description"]} if item.get("description") else {})})
            # fmt: on
        stored.data["attachments"] = attachments
        # Discord deletes attachments an edit leaves out; older snapshots keep their own copy of the bytes.
        kept = {a["id"] for a in attachments}
        stored.files = {key: data for key, data in stored.files.items() if key in kept}
        # Discord resolves attachment://name in V2 media to the uploaded file's URL.
        urls = {a["filename"]: a["url"] for a in attachments}
        for component in limits.walk(stored.data["components"]):
            for media in [
                component.get("media"),
                component.get("file"),
                *(i.get("media") for i in component.get("items", [])),
            ]:
                if isinstance(media, dict) and str(media.get("url", "")).startswith("attachment://"):
                    media["url"] = urls.get(media["url"][len("attachment://") :], media["url"])

    # ----------------------------------------------------------------- interactions
    async def start_interaction(
        self, user: Person, kind: int, data: Json, channel: Channel, message: Message | None, *, settle: bool = True
    ) -> Message | Modal:
        """Dispatch INTERACTION_CREATE and return what the person ends up seeing (see SimUser for the rules)."""
        pending = self.open_interaction(user, kind, data, channel, message, settle=settle)
        guild = self.guild_of(channel)
        payload = interaction_json(pending.id, pending.token, self.app_id, kind, data, user, channel, guild)
        payload["app_permissions"] = self.threads.app_permissions(channel, payload["app_permissions"])
        if message is not None:
            payload["message"] = message.raw
        await self.dispatch("INTERACTION_CREATE", payload)
        what = f"the bot to answer interaction {kind} {data.get('name') or data.get('custom_id')!r}"
        assert pending.clock is not None
        try:
            await self.patiently(pending.acked.wait, pending.clock, what)
        except TimeoutError as error:
            raise InteractionFailed(f"This interaction failed: {error}") from None
        return await self.patiently(
            lambda: asyncio.shield(pending.outcome),
            self.stopwatch(self.settle_timeout),
            "the bot's deferred answer to settle",
        )

    def bot_seconds(self, pending: Pending) -> float:
        """The seconds an interaction has waited for its answer, as its deadline counts them."""
        return pending.clock.spent() if pending.clock is not None else self.clock.now() - pending.created

    def open_interaction(
        self,
        user: Person,
        kind: int,
        data: Json,
        channel: Channel,
        message: Message | None = None,
        *,
        settle: bool = True,
    ) -> Pending:
        """Register an interaction (its id and token become valid from now on, `clock` time) without
        dispatching it: `start_interaction` sends it to the bot; the fake's own tests answer it themselves."""
        guild = self.guild_of(channel)
        if guild is not None and not guild.has_member(user):
            raise LookupError(f"{user.name} is not a member of {guild.name!r}, so cannot act in #{channel.name}")
        name = str(data.get("name") or data.get("custom_id") or "")
        message_id = message.id if message else None
        token = f"tok-{snowflake()}"
        pending = Pending(snowflake(), token, kind, user, channel, message_id, settle, name, created=self.clock.now())
        pending.clock = self.stopwatch(self.response_deadline)
        self._pending[pending.token] = pending
        self._pending[pending.id] = pending
        self._unsettled[pending] = None
        pending.outcome.add_done_callback(lambda _: self._unsettled.pop(pending, None))
        return pending

    def pending(self, key: str, token: str | None = None) -> Pending:
        """An interaction by id or token (404/10062 when unknown or when the token does not match)."""
        pending = self._pending.get(key)
        if pending is None or (token is not None and pending.token != token):
            raise limits.UNKNOWN_INTERACTION
        return pending

    async def _callback(self, call: Call) -> Json | None:
        """POST /interactions/{id}/{token}/callback: answers once, within `response_deadline` (C.1)."""
        pending = self.pending(call.match["interaction"], call.match["token"])
        if self.bot_seconds(pending) > self.response_deadline:
            raise limits.UNKNOWN_INTERACTION
        if pending.response_type is not None:
            raise limits.ALREADY_ACKNOWLEDGED
        body = call.body
        kind, data = int(body["type"]), body.get("data") or {}
        from_message = pending.message_id is not None
        if (kind in (6, 7) and not from_message) or (kind == 9 and pending.kind == 5) or kind not in (4, 5, 6, 7, 9):
            raise limits.invalid_form("type", f"Interaction callback type {kind} is not valid for this interaction.")
        ephemeral = limits.EPHEMERAL if int(data.get("flags") or 0) & limits.EPHEMERAL else 0
        stored: StoredMessage | None = None
        if kind == 9:
            limits.check_modal(data)
        elif kind in (4, 5):
            if not ephemeral:
                await self.threads.before_send(pending.channel)
            stored = self._create(
                pending.channel, data, call.files, visible_to=pending.user.id if ephemeral else None, loading=kind == 5
            )
        elif kind == 7:
            stored = self._stored(pending.message_id or "")
            self.threads.before_edit(stored.data["channel_id"])
            self._edit(stored, data, call.files)
        pending.response_type = kind
        if self.ack_log is not None:
            self.ack_log.append((pending.name, self.clock.now() - pending.created))
        pending.original_id = stored.data["id"] if stored else pending.message_id
        pending.acked.set()
        if kind == 9:
            pending.settle_with(
                Modal(data["custom_id"], data["title"], data["components"], pending.id, pending.user.id)
            )
        elif kind in (4, 7) or (kind == 6 and not pending.settle):
            pending.settle_with(self._stored(pending.original_id or "").snapshot())
        if stored is not None and kind == 4:
            await self._gateway_echo("MESSAGE_CREATE", stored)
        if call.query.get("with_response") not in ("true", "1", "True"):
            return None
        # fmt: off
        result: Json = {"interaction": {
            "id": pending.id, "type": pending.kind, "response_message_loading": kind == 5,
            "response_message_id": pending.original_id if kind in (4, 5, 7) else None,
            "response_message_ephemeral": bool(ephemeral)}}
        # fmt: on
        if stored is not None and kind in (4, 7):
            result["resource"] = {"type": kind, "message": stored.data}
        return result

    def _webhook(self, call: Call) -> Pending:
        """The interaction behind an interaction webhook. An expired token is 401/50027 Invalid Webhook Token
        whatever became of the interaction (answered or not), as Discord answers it: the token is checked
        before the interaction it names."""
        pending = self._pending.get(call.match["token"])
        if pending is None or call.match["app"] != self.app_id:
            raise limits.UNKNOWN_WEBHOOK
        if self.clock.now() - pending.created > self.token_lifetime:
            raise limits.INVALID_WEBHOOK_TOKEN
        if pending.response_type is None:
            raise limits.UNKNOWN_WEBHOOK  # follow-ups need an acknowledged interaction first
        return pending

    async def _followup(self, call: Call) -> Json:
        """POST /webhooks/{app}/{token}: the first follow-up after a thinking defer fills that placeholder."""
        pending = self._webhook(call)
        body = call.body or {}
        placeholder = self._messages.get(pending.original_id or "")
        if pending.response_type == 5 and placeholder is not None and placeholder.data["flags"] & limits.LOADING:
            if placeholder.visible_to is None:
                self.threads.before_edit(placeholder.data["channel_id"])
            self._edit(placeholder, body, call.files)
            stored = placeholder
        else:
            ephemeral = int(body.get("flags") or 0) & limits.EPHEMERAL
            if not ephemeral:
                await self.threads.before_send(pending.channel)
            stored = self._create(pending.channel, body, call.files, visible_to=pending.user.id if ephemeral else None)
            pending.followups.add(stored.data["id"])
            await self._gateway_echo("MESSAGE_CREATE", stored)
        pending.settle_with(stored.snapshot())
        return stored.data

    async def _webhook_message(self, call: Call) -> Json | None:
        """GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{@original|id}."""
        pending = self._webhook(call)
        key = call.match["message"]
        message_id = pending.original_id if key == "@original" else key
        if message_id is None or (key != "@original" and key not in pending.followups):
            raise limits.UNKNOWN_MESSAGE
        stored = self._stored(message_id)
        if call.method == "DELETE":
            self._delete(stored)
            return None
        if call.method == "PATCH":
            if stored.visible_to is None:
                self.threads.before_edit(stored.data["channel_id"])
            self._edit(stored, call.body or {}, call.files)
            self._settle_edits_of(stored)
            await self._gateway_echo("MESSAGE_UPDATE", stored)
        return stored.data

    def _settle_edits_of(self, stored: StoredMessage) -> None:
        """A deferred interaction settles when the bot edits the message it deferred on."""
        for pending in list(self._unsettled):  # settled ones stay in _pending for follow-ups
            if (
                pending.response_type in (5, 6)
                and pending.original_id == stored.data["id"]
                and not pending.outcome.done()  # settled but not yet dropped from _unsettled
            ):
                pending.settle_with(stored.snapshot())


def describe_log_record(record: logging.LogRecord) -> str:
    text = f"{record.name}: {record.getMessage()}"
    error = record.exc_info[1] if record.exc_info else None
    while error is not None and error.__cause__ is not None:
        error = error.__cause__
    return text + (f" [{type(error).__name__}: {error}]" if error is not None else "")


def _content_type(data: bytes) -> str:
    return "image/png" if data.startswith(b"\x89PNG") else "application/octet-stream"
