"""Simulated people: they run slash commands, click, pick and fill in modals the way a Discord client lets them.

A person can only use what the client shows: commands the bot synced (in a context where they are allowed),
options those commands declare, components on the current version of a message they can see, enabled
buttons and offered select values. Asking for anything else is a test bug and raises at once.

Every action returns what the person then sees:
- a reply or follow-up (type 4, or a thinking defer settled by its follow-up / `@original` edit) -> `Message`
- the clicked message updated (type 7, or a deferred update settled by the edit) -> `Message`
- a modal (type 9) -> `Modal`
With `settle=False` a deferred update returns at once with the message as it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fakediscord.limits import BUTTON, LINK_STYLE, SELECT_TYPES
from fakediscord.messages import Message, Modal
from fakediscord.model import Channel, Guild, Json, Person, Role

if TYPE_CHECKING:
    from fakediscord.server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1


class SimUser:
    """One simulated member of the fake's guilds. `user.dm` is their DM channel with the bot."""

    def __init__(self, fake: FakeDiscord, person: Person) -> None:
        self.fake = fake
        self.person = person

    def __repr__(self) -> str:
        return f"SimUser({self.person.name!r})"

    @property
    def id(self) -> str:
        return self.person.id

    @property
    def name(self) -> str:
        return self.person.name

    @property
    def mention(self) -> str:
        return self.person.mention

    @property
    def dms_open(self) -> bool:
        return self.person.dms_open

    @dms_open.setter
    def dms_open(self, value: bool) -> None:
        """False = "Allow direct messages from server members" switched off: the bot's DMs get 403/50007."""
        self.person.dms_open = value

    @property
    def dm(self) -> Channel:
        return self.fake.dm_channel(self.person)

    def sees(self, channel: Channel) -> list[Message]:
        """The messages this person can see in `channel`, oldest first (their own ephemerals included)."""
        return self.fake.messages(channel, viewer=self.person)

    # ----------------------------------------------------------------- actions
    async def slash(self, command: str, /, *, where: Channel | None = None, **options: Any) -> Message | Modal:
        """Run `/command` ("thirteen new" for a subcommand) with options, in `where` (default #games)."""
        channel = where or self.fake.channel
        words = command.split()
        definition = self._command(words[0], channel)
        data: Json = {"id": definition["id"], "name": definition["name"], "type": 1}
        if "guild_id" in definition:
            data["guild_id"] = definition["guild_id"]
        holder, declared = data, definition.get("options", [])
        for word in words[1:]:
            sub = next(
                (o for o in declared if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
            )
            if sub is None:
                raise LookupError(
                    f"/{command}: {word!r} is not a subcommand here; choices {[o['name'] for o in declared]}"
                )
            holder["options"] = [{"name": word, "type": sub["type"], "options": []}]
            holder, declared = holder["options"][0], sub.get("options", [])
        resolved: Json = {}
        guild = self.fake.guild_of(channel) or self.fake.guild
        holder["options"] = [
            self._option(command, declared, name, value, resolved, guild) for name, value in options.items()
        ]
        missing = [o["name"] for o in declared if o.get("required") and o["name"] not in options]
        if missing:
            raise ValueError(f"/{command} needs {missing}: the client will not send it without them")
        if resolved:
            data["resolved"] = resolved
        return await self.fake.start_interaction(self.person, 2, data, channel, None)

    async def click(
        self, message: Message, *, label: str | None = None, custom_id: str | None = None, settle: bool = True
    ) -> Message | Modal:
        """Press an enabled button, found by label or custom id on the message's current version."""
        current, button = self._component(message, label, custom_id)
        if button.get("type") != BUTTON or button.get("disabled") or button.get("style") == LINK_STYLE:
            raise ValueError(f"{button.get('label')!r} on message {current.id} is not a clickable button")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return await self._on_message(current, data, settle)

    async def select(
        self, message: Message, custom_id: str, values: list[str], *, settle: bool = True
    ) -> Message | Modal:
        """Pick `values` in a select menu; only offered values and an allowed count can be picked."""
        current, select = self._component(message, None, custom_id)
        if select.get("type") not in SELECT_TYPES or select.get("disabled"):
            raise ValueError(f"{custom_id!r} on message {current.id} is not an enabled select")
        offered = [option["value"] for option in select.get("options", [])]
        if offered and not set(values) <= set(offered):
            raise ValueError(f"select {custom_id!r} offers {offered}, not {values}")
        if not select.get("min_values", 1) <= len(values) <= select.get("max_values", 1):
            raise ValueError(
                f"select {custom_id!r} takes {select.get('min_values', 1)}..{select.get('max_values', 1)} values"
            )
        data = {"custom_id": custom_id, "component_type": select["type"], "values": list(values)}
        return await self._on_message(current, data, settle)

    async def submit_modal(self, modal: Modal, settle: bool = True, **values: Any) -> Message | Modal:
        """Fill in the modal's inputs by custom id (text value, or a list for selects) and press Submit."""
        if modal.user_id != self.person.id:
            raise ValueError(f"this modal was opened for user {modal.user_id}, not {self.name}")
        origin = self.fake.pending(modal.interaction_id)
        message = self.fake.message(origin.message_id) if origin.message_id else None
        data = {"custom_id": modal.custom_id, "components": modal.submission(values)}
        return await self.fake.start_interaction(self.person, 5, data, origin.channel, message, settle=settle)

    # ----------------------------------------------------------------- what the client allows
    def _command(self, name: str, channel: Channel) -> Json:
        scopes = [None] if channel.guild_id is None else [channel.guild_id, None]
        for scope in scopes:
            for command in self.fake.commands.get(scope, []):
                contexts = command.get("contexts") or [GUILD_CONTEXT, BOT_DM_CONTEXT]
                allowed = (BOT_DM_CONTEXT if channel.is_dm else GUILD_CONTEXT) in contexts
                if command["name"] == name and command.get("type", 1) == 1 and allowed:
                    return command
        place = "a DM" if channel.is_dm else f"#{channel.name}"
        raise LookupError(f"/{name} is not offered in {place}; the bot synced {self._synced_names()}")

    def _synced_names(self) -> dict[str, list[str]]:
        return {str(scope or "global"): [c["name"] for c in commands] for scope, commands in self.fake.commands.items()}

    def _option(self, command: str, declared: list[Json], name: str, value: Any, resolved: Json, guild: Guild) -> Json:
        option = next((o for o in declared if o["name"] == name), None)
        if option is None or option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            raise LookupError(f"/{command} has no option {name!r}; it has {[o['name'] for o in declared]}")
        kind = option["type"]
        if kind in (USER, MENTIONABLE) and isinstance(value, SimUser | Person):
            person = value.person if isinstance(value, SimUser) else value
            resolved.setdefault("users", {})[person.id] = person.json()
            if not person.bot or person is self.fake.bot_user:
                member = {k: v for k, v in guild.member_json(person).items() if k != "user"}
                resolved.setdefault("members", {})[person.id] = {**member, "permissions": "0"}
            value = person.id
        elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
            if guild.role(value.id) is None:
                raise LookupError(f"/{command} {name}: role {value.name!r} is not a role of {guild.name!r}")
            resolved.setdefault("roles", {})[value.id] = value.json(guild.app_permissions)
            value = value.id
        elif kind == CHANNEL and isinstance(value, Channel):
            resolved.setdefault("channels", {})[value.id] = {**value.json(), "permissions": "0"}
            value = value.id
        choices = [c["value"] for c in option.get("choices") or []]
        if choices and value not in choices:
            raise ValueError(f"/{command} {name}: {value!r} is not one of the choices {choices}")
        low, high = option.get("min_value"), option.get("max_value")
        if kind in (INTEGER, NUMBER) and ((low is not None and value < low) or (high is not None and value > high)):
            raise ValueError(f"/{command} {name}: the client only accepts {low}..{high}, not {value}")
        return {"name": name, "type": kind, "value": value}

    def _component(self, message: Message, label: str | None, custom_id: str | None) -> tuple[Message, Json]:
        current = self.fake.message(message)
        if not current.visible(self.person.id):
            raise LookupError(f"{self.name} cannot see message {current.id} (deleted or someone else's ephemeral)")
        return current, current.component(label=label, custom_id=custom_id)

    async def _on_message(self, message: Message, data: Json, settle: bool) -> Message | Modal:
        channel = self.fake.channel_by_id(message.channel_id)
        return await self.fake.start_interaction(self.person, 3, data, channel, message, settle=settle)
