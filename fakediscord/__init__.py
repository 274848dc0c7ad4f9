"""An offline Discord for end-to-end tests and benchmarks: the unmodified bot, real discord.py, real
gateway, on 127.0.0.1.

Why: the build machines cannot reach Discord, and hand-made `Interaction` mocks drift from what discord.py
really parses. Here the bot logs in, syncs its commands, receives INTERACTION_CREATE over a websocket and
answers through the real REST routes; Discord's refusals (discord-notes §C.1) are enforced so the bot fails
here where it would fail in production. Protocol facts: docs/offline-discord.md.

Fixtures (tests/conftest.py):
    fake  -> FakeDiscord: one guild ("Cardroom Test") with #general and #games (`fake.channel` = #games),
             people `fake.users["alice"|"bob"|"carol"|"dave"|"erin"]`, `fake.add_user(name, dms_open=False)`
             (add people before the bot starts). More guilds: `other = fake.add_guild("Second")` (its own
             #general and #games, `other.channel("games")`; `fake.add_user(name, guild=other)`,
             `fake.add_member(other, alice)`, `fake.add_channel(name, guild=other)`, `other.permissions`
             / `other.app_permissions`). Guild n is on shard n % count (the default guild, n = 0, on shard 0;
             `fake.shard_of(guild.id)`); each shard's session gets READY and GUILD_CREATE for its own guilds,
             and `fake.wait_for_shard(1)` waits for a shard to connect.
    bots  -> harness.offline.BotHarness (the real bot aimed at this fake; kept in bot/, since this package
             imports no Cardroom code):
             `await bots.start(settings=None, extensions=..., factory=CardBot, **bot_options)` returns
             a ready bot (bot_options go to the constructor: pass shortened timers there, about
             FAST_TIMER_SECONDS = 0.05 s, since time is real); `bots.settings(**overrides)` gives Settings
             aimed at the fake with the database in tmp_path. `await bots.stop(bot)` then
             `await bots.start()` again restarts on the same database (persistent views, resumed games).
    bot   -> the full CardBot, started with default settings.

A test plays like people do; each action returns what that person then sees (a Message, or a Modal):
    alice = fake.users["alice"]
    reply = await alice.slash("thirteen new", seats=4)                 # options by name, checked
    table = await fake.wait_for_message(fake.channel, lambda m: "Thirteen" in m.text)
    table = await alice.click(table, label="Join")                     # or custom_id=...
    panel = await bob.select(panel, "g:1:cards", ["3S", "3H"])         # only offered values
    modal = await alice.click(table, label="Settings")                 # -> Modal
    done = await alice.submit_modal(modal, rounds="3")                 # values by input custom id
    await alice.slash("hand", where=alice.dm)                          # in a DM (global commands only)

Reading the store (snapshots; `fake.message(m)` is the latest version):
    m.content, m.text (content + TextDisplays + embeds), m.embeds, m.components, m.walk(), m.buttons,
    m.selects, m.component(label=...), m.is_v2, m.ephemeral, m.visible_to, m.thinking, m.deleted, m.edits,
    m.attachments[i].data / .is_png / .image() (Pillow), m.media_urls; fake.messages(channel, viewer=alice),
    alice.sees(channel); fake.requests (every REST call, `Recorded`), fake.commands (synced, by guild id).

Threads (fakediscord/threads.py): `fake.threads.threads` (id -> Thread, a Channel: `fake.messages(thread)`,
`thread.archived`, `thread.locked`, `thread.parent_id`), `fake.threads.deny(channel, CREATE_PUBLIC_THREADS)`
(the bot's permissions there, reflected in interactions' `app_permissions`), `await fake.threads.delete(thread)`
and `await fake.threads.archive(thread, locked=True)` as a moderator would.

Waiting (never a bare sleep): `await fake.wait_for_message(channel, predicate, timeout)`,
`await fake.wait_for_request("PATCH", r"/messages/\\d+$")`. Every wait is guarded by the watchdog: if the
bot's task dies (a malformed payload kills discord.py silently) the wait raises BotCrashed with the bot's
exception as its cause; a timeout message quotes the errors the bot logged (`fake.logged_errors`). The
harness fails the test at teardown if the bot logged errors the test did not clear.

Roles (fakediscord/roles.py): `role = fake.guild.add_role("Champion")` (just above @everyone, below the
bot's own managed role `guild.bot_role`; `position=` puts it elsewhere, above the bot's for a refusal),
`guild.give(person, role)` before the bot connects; a slash command's role option takes the Role. The bot
needs Manage Roles (`roles.MANAGE_ROLES` in `guild.app_permissions`, which its role carries) to
PUT/DELETE /guilds/{g}/members/{u}/roles/{r}; `guild.member_roles` (person id -> role ids) is what people
hold and `fake.roles.given(guild, person, role)` counts real additions (a repeated PUT is a no-op).

The bot added to a server: `await fakediscord.joins.join(fake, guild=None, system_channel=..., send_denied=...)`
sends GUILD_CREATE as for a join (discord.py's `on_guild_join`); `joins.new_guild(fake, name)` makes another one.

Refusals and knobs: a role without Manage Roles or at/above the bot's highest -> 403/50013, an unknown
role -> 404/10011; second response -> 400/40060; a response after `fake.response_deadline` (3 s) ->
404/10062 and the person's action raises InteractionFailed; >5 action rows, >25 options, >40 V2 components,
>4000 V2 text, duplicate or >100-char custom ids, >2000 content -> 400/50035; closed DMs
(`user.dms_open = False`) -> 403/50007 (`discord.Forbidden`); unknown messages -> 404/10008; follow-ups
after `fake.token_lifetime` -> 401/50027; edits of messages older than an hour past `fake.old_message_edits`
an hour per channel -> 429/30046; an edit keeping an attachment id the message lacks -> 400/50035.
Discord's time is `fake.clock` (`fake.clock.advance(3600)` ages every message by an hour).
Rate limits (fakediscord/ratelimits.py) are on: per-route buckets with X-RateLimit-* headers (sends and
edits 5 per 5 s per channel), the global 50/s (interaction routes exempt), 429s with X-RateLimit-Scope;
`fake.rate_limits.enabled = False` or `.scale = 0.1` for a test, FAKEDISCORD_RATE_LIMITS=off for a run;
`fake.rate_limits.served` / `.count(scope)` are the 429s answered.
`fake.fail("PATCH", r"/messages/", 429, retry_after=0.05)` or
`fake.fail("POST", r"/channels/\\d+/messages$", 503, times=2)` injects errors. `fake.settle_timeout` bounds
how long a person waits for a deferred answer; `settle=False` returns at once.
"""

from fakediscord.limits import DiscordError
from fakediscord.messages import Attachment, Message, Modal
from fakediscord.model import Channel, Guild, Person, Role
from fakediscord.people import SimUser
from fakediscord.server import BotCrashed, FakeDiscord, InteractionFailed, Recorded

__all__ = [
    "Attachment",
    "BotCrashed",
    "Channel",
    "DiscordError",
    "FakeDiscord",
    "Guild",
    "InteractionFailed",
    "Message",
    "Modal",
    "Person",
    "Recorded",
    "Role",
    "SimUser",
]
