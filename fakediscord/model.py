"""The fake's world: people, channels and guilds, plus the JSON shapes discord.py parses them from.

Every builder returns the minimum discord.py 2.7.1 needs *and* the fields real Discord always sends,
because a missing key can kill the bot's gateway task silently (offline-discord.md §2.8).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count(1)


def snowflake() -> str:
    """A fresh id that decodes to "now" (discord.py reads `created_at` from the top bits)."""
    return str(((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF))


# Guild n's id has (id >> 22) % SHARD_SPREAD == n % SHARD_SPREAD. SHARD_SPREAD is a multiple of every
# shard count up to 8, so guild n is on shard n % count for each of them ((guild_id >> 22) % count).
SHARD_SPREAD = 840


def guild_snowflake(index: int) -> str:
    """A fresh id for the fake's guild number `index` (0 = the default guild): it decodes to a moment of
    the last second, and Discord's shard formula puts guild n on shard n % count (see SHARD_SPREAD)."""
    stamp = int(time.time() * 1000) - DISCORD_EPOCH_MS
    stamp += (index - stamp) % SHARD_SPREAD - SHARD_SPREAD
    return str((stamp << 22) | (next(_counter) & 0x3FFFFF))


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class ChannelType(IntEnum):
    GUILD_TEXT = 0
    DM = 1


# The @everyone role grants what a normal member has in a fresh server (view, send, embed, attach, history,
# use application commands); the bot's app_permissions add nothing an ordinary card bot would lack.
EVERYONE_PERMISSIONS = str((1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31))
# A bot's usual permission integer in a fresh server (view, send, embed, attach, history, components, ...).
APP_PERMISSIONS = "2248473465835073"


@dataclass(eq=False)
class Person:
    """A Discord account known to the fake: the bot itself or a simulated human.

    `dms_open=False` makes Discord refuse the bot's DMs with 403/50007, as a privacy setting does.
    """

    name: str
    id: str = field(default_factory=snowflake)
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"  # the language of their Discord client, sent as every interaction's `locale`

    def json(self) -> Json:
        # fmt: off
        return {"id": self.id, "username": self.name, "global_name": self.name.title(), "discriminator": "0",
                "avatar": None, "bot": self.bot, "public_flags": 0}
        # fmt: on

    def member_json(self, joined_at: str) -> Json:
        # `flags` is required: without it discord.py's Member parser raises KeyError (§2.8).
        # fmt: off
        return {"user": self.json(), "roles": [], "joined_at": joined_at, "deaf": False, "mute": False, "flags": 0,
                "nick": None, "pending": False}
        # fmt: on

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Channel:
    """A text channel in the guild, or a DM channel between the bot and one person (`recipient`)."""

    name: str
    guild_id: str | None = None
    recipient: Person | None = None
    position: int = 0
    id: str = field(default_factory=snowflake)

    @property
    def is_dm(self) -> bool:
        return self.recipient is not None

    def json(self) -> Json:
        if self.recipient is not None:
            return {"id": self.id, "type": ChannelType.DM, "recipients": [self.recipient.json()]}
        # fmt: off
        return {"id": self.id, "type": ChannelType.GUILD_TEXT, "guild_id": self.guild_id, "name": self.name,
                "position": self.position, "permission_overwrites": [], "nsfw": False, "topic": None,
                "parent_id": None, "rate_limit_per_user": 0, "last_message_id": None}
        # fmt: on


@dataclass(eq=False)
class Role:
    """A guild role (fakediscord/roles.py). `position` orders the hierarchy (0 is @everyone); `managed`
    marks a bot's own role, which no one can give or take. A bot's role has `permissions=None`: it carries
    the guild's `app_permissions`, so changing those changes the role."""

    name: str
    position: int = 1
    permissions: str | None = "0"
    managed: bool = False
    bot_id: str | None = None
    id: str = field(default_factory=snowflake)

    def json(self, app_permissions: str = APP_PERMISSIONS) -> Json:
        permissions = app_permissions if self.permissions is None else self.permissions
        # fmt: off
        data: Json = {"id": self.id, "name": self.name, "permissions": permissions, "position": self.position,
                      "color": 0, "hoist": False, "managed": self.managed, "mentionable": False, "flags": 0,
                      "icon": None, "unicode_emoji": None}
        # fmt: on
        if self.bot_id is not None:
            data["tags"] = {"bot_id": self.bot_id}
        return data

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"


@dataclass(eq=False)
class Guild:
    """One server with text channels and members (the bot is a member too).

    `permissions` is what its @everyone role grants (the owner has every permission, as in Discord);
    `app_permissions` what interactions from it say the bot may do there, which is also what the bot's own
    managed role grants. `roles` are the roles above @everyone, the bot's among them (`bot_role`, position
    1 until roles are added above it); `member_roles` the roles each member holds (by person id)."""

    name: str
    owner: Person
    id: str = field(default_factory=snowflake)
    channels: list[Channel] = field(default_factory=list)
    members: list[Person] = field(default_factory=list)
    joined_at: str = field(default_factory=now_iso)
    permissions: str = EVERYONE_PERMISSIONS
    app_permissions: str = APP_PERMISSIONS
    preferred_locale: str = "en-US"  # the server's language (Server Settings > Community), `guild_locale`
    roles: list[Role] = field(default_factory=list)
    member_roles: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.roles:
            bots = [member for member in self.members if member.bot]
            bot_id = bots[0].id if bots else None
            self.roles.append(Role(bots[0].name if bots else "bot", 1, None, managed=True, bot_id=bot_id))
            if bot_id is not None:
                self.member_roles.setdefault(bot_id, []).append(self.roles[0].id)

    @property
    def bot_role(self) -> Role:
        """The bot's own managed role (what it was invited with: `app_permissions`)."""
        return next(role for role in self.roles if role.managed)

    def add_role(self, name: str, *, position: int = 1, permissions: str = "0") -> Role:
        """A new role at `position` (default 1: just above @everyone, where Discord puts a new role); the
        roles from that position up move one higher, as when a manager drags a role there."""
        for role in self.roles:
            if role.position >= position:
                role.position += 1
        role = Role(name, position, permissions)
        self.roles.append(role)
        return role

    def delete_role(self, role: Role) -> None:
        """A manager deletes `role`: members lose it, and giving it is 404/10011 from now on."""
        self.roles.remove(role)
        for held in self.member_roles.values():
            if role.id in held:
                held.remove(role.id)

    def role(self, role_id: str) -> Role | None:
        return next((role for role in self.roles if role.id == str(role_id)), None)

    def roles_json(self) -> list[Json]:
        return [self.everyone_role(), *(role.json(self.app_permissions) for role in self.roles)]

    def top_position(self, person: Person) -> int:
        """The position of the highest role `person` holds here (0: only @everyone)."""
        held = [role.position for role in self.roles if role.id in self.member_roles.get(person.id, [])]
        return max(held, default=0)

    def permissions_of(self, person: Person) -> int:
        """The guild-wide permission bits of a member: @everyone's and those of the roles they hold."""
        bits = int(self.permissions)
        for role in self.roles:
            if role.id in self.member_roles.get(person.id, []):
                bits |= int(self.app_permissions if role.permissions is None else role.permissions)
        return bits

    def give(self, person: Person, role: Role) -> None:
        """Make `person` hold `role` (set up before the bot connects, as a manager would)."""
        held = self.member_roles.setdefault(person.id, [])
        if role.id not in held:
            held.append(role.id)

    def member_json(self, person: Person) -> Json:
        """The member object of `person` here: their own fields and the roles they hold in this guild."""
        data = person.member_json(self.joined_at)
        extra = [role for role in self.member_roles.get(person.id, []) if role not in data["roles"]]
        return {**data, "roles": [*data["roles"], *extra]}

    def channel(self, name: str) -> Channel:
        """The guild's text channel called `name`."""
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise LookupError(f"guild {self.name!r} has no channel #{name}; it has {[c.name for c in self.channels]}")

    def has_member(self, person: Person) -> bool:
        return any(member.id == person.id for member in self.members)

    def everyone_role(self) -> Json:
        # fmt: off
        return {"id": self.id, "name": "@everyone", "permissions": self.permissions, "position": 0, "color": 0,
                "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        # fmt: on

    def json(self) -> Json:
        """GUILD_CREATE. `member_count == len(members)`: with the members intent the guild is chunked, no op 8."""
        # fmt: off
        return {
            "id": self.id, "name": self.name, "icon": None, "owner_id": self.owner.id, "unavailable": False,
            "large": False, "member_count": len(self.members), "joined_at": self.joined_at,
            "members": [self.member_json(m) for m in self.members],
            "channels": [{k: v for k, v in c.json().items() if k != "guild_id"} for c in self.channels],
            "roles": self.roles_json(), "features": [], "emojis": [], "stickers": [], "threads": [],
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": [], "preferred_locale": self.preferred_locale, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
            "premium_tier": 0, "system_channel_flags": 0, "afk_timeout": 300,
        }
        # fmt: on

    def partial_json(self) -> Json:
        """The `guild` object inside INTERACTION_CREATE."""
        return {"id": self.id, "locale": self.preferred_locale, "features": []}


def message_json(channel: Channel, author: Person, body: Json, flags: int) -> Json:
    """A Message object as Discord returns and dispatches it; `components` always present (§2.8)."""
    # fmt: off
    data: Json = {
        "id": snowflake(), "channel_id": channel.id, "type": 0, "content": body.get("content") or "",
        "author": author.json(), "timestamp": now_iso(), "edited_timestamp": None, "tts": bool(body.get("tts")),
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "pinned": False,
        "embeds": body.get("embeds") or [], "components": body.get("components") or [], "flags": flags,
    }
    # fmt: on
    if channel.guild_id:
        data["guild_id"] = channel.guild_id
    return data


def interaction_json(
    interaction_id: str,
    token: str,
    app_id: str,
    kind: int,
    data: Json,
    user: Person,
    channel: Channel,
    guild: Guild | None,
) -> Json:
    """INTERACTION_CREATE. `version`, `attachment_size_limit` and member `flags` are required: without them
    discord.py's parser raises and its gateway task dies; without the `channel` object `interaction.channel`
    is None (§2.8). Guild interactions carry `member` and the channel's own guild, DM ones `user`."""
    app_permissions = guild.app_permissions if guild is not None else APP_PERMISSIONS
    # fmt: off
    payload: Json = {
        "id": interaction_id, "application_id": app_id, "type": kind, "data": data, "token": token, "version": 1,
        "channel_id": channel.id, "channel": channel.json(), "locale": user.locale, "app_permissions": app_permissions,
        "entitlements": [], "context": 1 if channel.is_dm else 0, "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": {"1": user.id} if guild is None else {"0": guild.id},
    }
    # fmt: on
    if guild is None:
        payload["user"] = user.json()
    else:
        member = {**guild.member_json(user), "permissions": app_permissions}
        guild_fields = {"guild_id": guild.id, "guild": guild.partial_json(), "guild_locale": guild.preferred_locale}
        payload.update(guild_fields, member=member)
    return payload
