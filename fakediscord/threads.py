"""Threads as Discord has them: channels of type 11/12 inside a text channel, archived and locked, and
the bot's thread permissions in each channel.

Facts mirrored (Discord's threads topic and channel resource):
- `POST /channels/{id}/threads` opens a thread without a starter message, `POST /channels/{id}/messages/
  {message}/threads` one from a message, which then shares the message's id. Both need Create Public
  Threads (Create Private Threads for type 12) in the parent channel; a thread cannot hold a thread.
- Sending in a thread needs Send Messages in Threads (the parent channel's Send Messages plays no part).
- An archived thread refuses edits of its messages (400/50083); sending a message unarchives it, unless
  a moderator locked it and the sender lacks Manage Threads.
- `PATCH /channels/{thread}`: `archived` may be set by the thread's creator or with Manage Threads,
  `locked` only with Manage Threads; unarchiving a locked thread needs Manage Threads too. A rename
  (`name`, 1 to 100 characters) by the creator or with Manage Threads, refused while archived.
- The gateway tells the bot of threads with THREAD_CREATE / THREAD_UPDATE / THREAD_DELETE, and GUILD_CREATE
  lists the active ones (so a restarted bot knows its threads).
Missing permissions answer 403/50013, as Discord does; a deleted thread is an unknown channel (10003).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fakediscord import limits
from fakediscord.limits import DiscordError
from fakediscord.model import APP_PERMISSIONS, Channel, Json, now_iso

if TYPE_CHECKING:
    from fakediscord.server import Call, FakeDiscord

PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
SEND_MESSAGES = 1 << 11
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
AUTO_ARCHIVE_MINUTES = frozenset({60, 1440, 4320, 10080})

MISSING_PERMISSIONS = DiscordError(403, 50013, "Missing Permissions")
THREAD_ARCHIVED = DiscordError(400, 50083, "Thread is archived")
WRONG_CHANNEL_TYPE = DiscordError(400, 50024, "Cannot execute action on this channel type")


def check_name(name: str) -> None:
    """A channel name is 1 to 100 characters, on creation and on a rename."""
    if not 1 <= len(name) <= 100:
        raise limits.invalid_form("name", "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH")


@dataclass(eq=False)
class Thread(Channel):
    """A thread of `parent`: a guild channel of its own (messages, interactions) with archive state."""

    parent_id: str = ""
    owner_id: str = ""
    kind: int = PUBLIC_THREAD
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = ""
    created: str = ""
    message_count: int = 0

    def json(self) -> Json:
        # fmt: off
        return {
            "id": self.id, "type": self.kind, "guild_id": self.guild_id, "parent_id": self.parent_id,
            "owner_id": self.owner_id, "name": self.name, "last_message_id": None, "rate_limit_per_user": 0,
            "message_count": self.message_count, "member_count": 1, "total_message_sent": self.message_count,
            "flags": 0,
            "thread_metadata": {"archived": self.archived, "archive_timestamp": self.archive_timestamp,
                                "auto_archive_duration": self.auto_archive_duration, "locked": self.locked,
                                "create_timestamp": self.created},
        }
        # fmt: on


class Threads:
    """The fake's threads and the bot's thread permissions per channel (`deny`)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.threads: dict[str, Thread] = {}
        self.deleted: dict[str, Thread] = {}
        self._denied: dict[str, int] = {}  # channel id -> permission bits the bot lacks there
        self._granted: dict[str, int] = {}  # channel id -> bits beyond the usual (Manage Threads, say)

    # -- permissions -------------------------------------------------------------------------------
    def deny(self, channel: Channel, *permissions: int) -> None:
        """Take permissions from the bot in `channel` (a text channel: its threads inherit them)."""
        for permission in permissions:
            self._denied[channel.id] = self._denied.get(channel.id, 0) | permission

    def allow(self, channel: Channel, *permissions: int) -> None:
        """Give the bot permissions in `channel` (back, or beyond the usual ones)."""
        for permission in permissions:
            self._denied[channel.id] = self._denied.get(channel.id, 0) & ~permission
            self._granted[channel.id] = self._granted.get(channel.id, 0) | permission

    def permissions(self, channel: Channel, base: str = APP_PERMISSIONS) -> int:
        """The bot's permissions in `channel` (a thread's are its parent's): the guild's (`base`), as changed."""
        where = channel.parent_id if isinstance(channel, Thread) else channel.id
        return (int(base) | self._granted.get(where, 0)) & ~self._denied.get(where, 0)

    def has(self, channel: Channel, permission: int) -> bool:
        return bool(self.permissions(channel) & permission)

    def app_permissions(self, channel: Channel, base: str = APP_PERMISSIONS) -> str:
        """The `app_permissions` of an interaction in `channel`, from its guild's (`base`)."""
        return str(self.permissions(channel, base))

    # -- the store ---------------------------------------------------------------------------------
    def thread(self, thread_id: str) -> Thread:
        thread = self.threads.get(str(thread_id))
        if thread is None:
            raise limits.UNKNOWN_CHANNEL
        return thread

    def active_json(self, guild_id: str) -> list[Json]:
        """GUILD_CREATE's `threads`: the active threads of the guild."""
        active = (thread for thread in self.threads.values() if not thread.archived)
        return [thread.json() for thread in active if thread.guild_id == guild_id]

    async def open(self, parent: Channel, name: str, kind: int, *, thread_id: str | None = None) -> Thread:
        if parent.is_dm or isinstance(parent, Thread):
            raise WRONG_CHANNEL_TYPE
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise limits.invalid_form("type", "Value must be one of {11, 12}.")
        check_name(name)
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if not self.has(parent, needed):
            raise MISSING_PERMISSIONS
        stamp = now_iso()
        thread = Thread(name, parent.guild_id, parent_id=parent.id, owner_id=self.fake.bot_user.id, kind=kind)
        if thread_id is not None:
            thread.id = thread_id
        thread.archive_timestamp = thread.created = stamp
        self.threads[thread.id] = thread
        self.fake.register_channel(thread)
        member = {"id": thread.id, "user_id": self.fake.bot_user.id, "join_timestamp": stamp, "flags": 1}
        await self._tell("THREAD_CREATE", {**thread.json(), "newly_created": True, "member": member})
        return thread

    async def delete(self, thread: Thread) -> None:
        """A moderator deletes the thread: from now on it is an unknown channel (10003)."""
        self.threads.pop(thread.id, None)
        self.deleted[thread.id] = thread
        self.fake.unregister_channel(thread)
        data = {"id": thread.id, "guild_id": thread.guild_id, "parent_id": thread.parent_id, "type": thread.kind}
        await self._tell("THREAD_DELETE", data)

    async def archive(self, thread: Thread, *, archived: bool = True, locked: bool | None = None) -> None:
        """Change the archive state (as a moderator would, or Discord after inactivity) and tell the bot."""
        thread.archived = archived
        if locked is not None:
            thread.locked = locked
        thread.archive_timestamp = now_iso()
        await self._tell("THREAD_UPDATE", thread.json())

    async def _tell(self, event: str, data: Json) -> None:
        """Dispatch to the session of the thread's guild's shard, when one is connected."""
        session = self.fake.session_for(data)
        if session is not None and not session.closed:
            await self.fake.dispatch(event, data)
        self.fake.notify()

    # -- checks the message routes make ------------------------------------------------------------
    async def before_send(self, channel: Channel) -> None:
        """A message is about to be created in `channel`: a thread needs the permission and, if archived,
        is unarchived by the send (refused when locked without Manage Threads)."""
        if not isinstance(channel, Thread):
            return
        if not self.has(channel, SEND_MESSAGES_IN_THREADS):
            raise MISSING_PERMISSIONS
        if channel.archived:
            if channel.locked and not self.has(channel, MANAGE_THREADS):
                raise THREAD_ARCHIVED
            await self.archive(channel, archived=False)
        channel.message_count += 1

    def before_edit(self, channel_id: str) -> None:
        """A message in `channel_id` is about to be edited: not in a deleted or an archived thread."""
        if str(channel_id) in self.deleted:
            raise limits.UNKNOWN_CHANNEL
        thread = self.threads.get(str(channel_id))
        if thread is not None and thread.archived:
            raise THREAD_ARCHIVED

    # -- routes ------------------------------------------------------------------------------------
    async def start_without_message(self, call: Call) -> Json:
        """POST /channels/{channel}/threads."""
        parent = self.fake.channel_by_id(call.match["channel"])
        body = call.body or {}
        thread = await self.open(parent, str(body.get("name") or ""), int(body.get("type") or PRIVATE_THREAD))
        self._set_duration(thread, body)
        return thread.json()

    async def start_from_message(self, call: Call) -> Json:
        """POST /channels/{channel}/messages/{message}/threads: the thread takes the message's id."""
        parent = self.fake.channel_by_id(call.match["channel"])
        stored = self.fake.stored_message(call.match["message"], parent.id)
        if stored.data.get("thread") is not None or call.match["message"] in self.threads:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body = call.body or {}
        thread = await self.open(parent, str(body.get("name") or ""), PUBLIC_THREAD, thread_id=call.match["message"])
        self._set_duration(thread, body)
        stored.data["thread"] = thread.json()
        return thread.json()

    async def modify(self, call: Call) -> Json:
        """PATCH /channels/{thread}: archived, locked, name, auto_archive_duration."""
        channel = self.fake.channel_by_id(call.match["channel"])
        if not isinstance(channel, Thread):
            raise MISSING_PERMISSIONS  # the bot never holds Manage Channels here
        body = call.body or {}
        moderator = self.has(channel, MANAGE_THREADS)
        creator = channel.owner_id == self.fake.bot_user.id
        if "locked" in body and bool(body["locked"]) != channel.locked and not moderator:
            raise MISSING_PERMISSIONS
        if "archived" in body:
            archived = bool(body["archived"])
            if archived and not (moderator or creator):
                raise MISSING_PERMISSIONS
            if not archived and channel.locked and not moderator and body.get("locked", True):
                raise MISSING_PERMISSIONS
        elif channel.archived and any(key in body for key in ("name", "auto_archive_duration")):
            raise THREAD_ARCHIVED
        if "name" in body:
            if not (moderator or creator):
                raise MISSING_PERMISSIONS
            check_name(str(body["name"] or ""))
            channel.name = str(body["name"])
        self._set_duration(channel, body)
        locked = bool(body["locked"]) if "locked" in body else None
        archived = bool(body["archived"]) if "archived" in body else channel.archived
        await self.archive(channel, archived=archived, locked=locked)
        return channel.json()

    @staticmethod
    def _set_duration(thread: Thread, body: Json) -> None:
        duration = body.get("auto_archive_duration")
        if duration is None:
            return
        if int(duration) not in AUTO_ARCHIVE_MINUTES:
            raise limits.invalid_form("auto_archive_duration", "Value must be one of {60, 1440, 4320, 10080}.")
        thread.auto_archive_duration = int(duration)
