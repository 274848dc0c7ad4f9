"""Guild roles as Discord has them, and the member-role routes with Discord's refusals.

Facts mirrored (Discord's permissions topic, "Permission Hierarchy", and the guild resource):
- Every guild has @everyone (its id is the guild's, position 0). A bot added to a server gets a managed
  role of its own carrying the permissions it was invited with; a role created later is put just above
  @everyone, so below the bot's role until a manager drags it higher.
- `PUT /guilds/{guild}/members/{user}/roles/{role}` adds a role, `DELETE` the same path removes it;
  both answer 204 and do nothing more when the member already has (or lacks) it.
- They need Manage Roles (Administrator implies it), and the role must sit below the bot's highest role:
  otherwise 403/50013 Missing Permissions. A role that does not exist (or was deleted) is 404/10011
  Unknown Role, a person not in the guild 404/10007 Unknown Member.
- `GET /guilds/{guild}/roles` lists the roles. A change of a member's roles is dispatched as
  GUILD_MEMBER_UPDATE, but only to a session that asked for the privileged GUILD_MEMBERS intent.
The checks run in that order: permissions, the role, the member, then the hierarchy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fakediscord import limits
from fakediscord.limits import DiscordError
from fakediscord.model import Guild, Json, Person, Role

if TYPE_CHECKING:
    from fakediscord.server import Call, FakeDiscord

ADMINISTRATOR = 1 << 3
MANAGE_ROLES = 1 << 28
GUILD_MEMBERS_INTENT = 1 << 1

MISSING_PERMISSIONS = DiscordError(403, 50013, "Missing Permissions")
UNKNOWN_ROLE = DiscordError(404, 10011, "Unknown Role")


@dataclass(eq=False)
class MemberRoleChange:
    """One role change the fake applied (`fake.roles.changes`): who, which role, added or removed."""

    guild_id: str
    user_id: str
    role_id: str
    added: bool
    done: bool = field(default=True)  # False when the member already had (or lacked) the role: a no-op


class Roles:
    """The member-role routes of the fake (`fake.roles`) and what they changed (`changes`)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.changes: list[MemberRoleChange] = []

    def _guild(self, call: Call) -> Guild:
        guild = self.fake.guilds.get(call.match["guild"])
        if guild is None:
            raise limits.UNKNOWN_GUILD
        return guild

    def listed(self, call: Call) -> list[Json]:
        """GET /guilds/{guild}/roles."""
        return self._guild(call).roles_json()

    async def add(self, call: Call) -> None:
        """PUT /guilds/{guild}/members/{user}/roles/{role}."""
        await self._change(call, added=True)

    async def remove(self, call: Call) -> None:
        """DELETE /guilds/{guild}/members/{user}/roles/{role}."""
        await self._change(call, added=False)

    async def _change(self, call: Call, *, added: bool) -> None:
        guild = self._guild(call)
        bot = self.fake.bot_user
        if not guild.permissions_of(bot) & (MANAGE_ROLES | ADMINISTRATOR):
            raise MISSING_PERMISSIONS
        role = guild.role(call.match["role"])
        if role is None:
            raise UNKNOWN_ROLE
        person = self.fake.person_or_none(call.match["user_id"])
        if person is None or not guild.has_member(person):
            raise limits.UNKNOWN_MEMBER
        if role.managed or role.position >= guild.top_position(bot):
            raise MISSING_PERMISSIONS
        held = guild.member_roles.setdefault(person.id, [])
        done = (role.id not in held) if added else (role.id in held)
        if done:
            if added:
                held.append(role.id)
            else:
                held.remove(role.id)
        self.changes.append(MemberRoleChange(guild.id, person.id, role.id, added, done))
        self.fake.notify()
        if done:
            await self._member_update(guild, person)

    async def _member_update(self, guild: Guild, person: Person) -> None:
        """GUILD_MEMBER_UPDATE to the guild's session, when its IDENTIFY asked for the members intent."""
        intents = int((self.fake.identify or {}).get("intents", 0))
        ws = self.fake.session_for({"guild_id": guild.id})
        if ws is None or ws.closed or not intents & GUILD_MEMBERS_INTENT:
            return
        await self.fake.dispatch("GUILD_MEMBER_UPDATE", {**guild.member_json(person), "guild_id": guild.id})

    def given(self, guild: Guild, person: Person | str, role: Role) -> int:
        """How many times `role` was actually added to `person` in `guild` (no-ops not counted)."""
        person_id = person if isinstance(person, str) else person.id
        return sum(
            1
            for c in self.changes
            if (c.guild_id, c.user_id, c.role_id, c.added, c.done) == (guild.id, person_id, role.id, True, True)
        )
