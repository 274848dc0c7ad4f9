"""Discord's refusals: the checks real Discord applies to message bodies, so the bot fails here as in production.

Limits from discord-notes.md §C.1 and Discord's component reference. Every refusal is a `DiscordError`, which the
server turns into the JSON error body discord.py turns into `discord.HTTPException` / `Forbidden` / `NotFound`.
"""

from __future__ import annotations

from collections.abc import Iterator

from fakediscord.model import Json

IS_COMPONENTS_V2 = 1 << 15
EPHEMERAL = 1 << 6
LOADING = 1 << 7

MAX_CONTENT = 2000
MAX_ACTION_ROWS = 5  # legacy View: 5 rows
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_V2_COMPONENTS = 40  # nested components count
MAX_V2_TEXT = 4000  # across all TextDisplays
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, TEXT_DISPLAY, LABEL = 1, 2, 3, 4, 10, 18
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
INTERACTIVE_TYPES = SELECT_TYPES | {BUTTON, TEXT_INPUT}
LINK_STYLE, PREMIUM_STYLE = 5, 6


class DiscordError(Exception):
    """An HTTP error exactly as Discord would answer it (status, JSON error code, message, field errors)."""

    def __init__(self, status: int, code: int, message: str, errors: Json | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> Json:
        body: Json = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(path: str, message: str, code: str = "BASE_TYPE_BAD") -> DiscordError:
    """50035 Invalid Form Body with Discord's nested `errors` layout (discord.py flattens it into the text)."""
    errors: Json = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
        errors = {part: errors}
    return DiscordError(400, 50035, "Invalid Form Body", errors)


UNKNOWN_MESSAGE = DiscordError(404, 10008, "Unknown Message")
UNKNOWN_CHANNEL = DiscordError(404, 10003, "Unknown Channel")
UNKNOWN_USER = DiscordError(404, 10013, "Unknown User")
UNKNOWN_GUILD = DiscordError(404, 10004, "Unknown Guild")
UNKNOWN_MEMBER = DiscordError(404, 10007, "Unknown Member")
UNKNOWN_WEBHOOK = DiscordError(404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = DiscordError(404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = DiscordError(400, 40060, "Interaction has already been acknowledged.")
CANNOT_DM = DiscordError(403, 50007, "Cannot send messages to this user")
INVALID_WEBHOOK_TOKEN = DiscordError(401, 50027, "Invalid Webhook Token")
UNAUTHORIZED = DiscordError(401, 0, "401: Unauthorized")
# A 429 that is an error, not a rate limit: no retry_after, and no `Via` (discord.py raises it at once).
OLD_MESSAGE_EDITS = DiscordError(
    429, 30046, "Maximum number of edits to messages older than 1 hour reached. Try again later"
)


def walk(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first, including rows, containers, sections' accessories and labels' children."""
    for component in components:
        yield component
        yield from walk(component.get("components", []))
        for key in ("accessory", "component"):
            if key in component:
                yield from walk([component[key]])


# A message nonce: at most 25 characters; with `enforce_nonce` Discord returns the message an earlier
# create with the same nonce made "in the past few minutes" instead of creating another.
MAX_NONCE = 25
NONCE_WINDOW = 300.0


def check_nonce(nonce: object) -> None:
    if len(str(nonce)) > MAX_NONCE:
        raise invalid_form("nonce", f"Must be {MAX_NONCE} or fewer in length.", "BASE_TYPE_MAX_LENGTH")


def check_message(
    body: Json, *, files: int = 0, existing_flags: int = 0, attachment_names: frozenset[str] | None = None
) -> None:
    """Refuse a message create/edit body as Discord would (raises DiscordError 50035).

    `attachment_names`: the files the message will hold after this request; V2 media that point at
    `attachment://<name>` must name one of them."""
    if (
        existing_flags & IS_COMPONENTS_V2
        and body.get("flags") is not None
        and not int(body["flags"]) & IS_COMPONENTS_V2
    ):
        raise invalid_form("flags", "The IS_COMPONENTS_V2 flag cannot be removed from a message.")
    flags = int(body.get("flags") or 0) | (existing_flags & IS_COMPONENTS_V2)
    content = body.get("content") or ""
    if len(content) > MAX_CONTENT:
        raise invalid_form("content", f"Must be {MAX_CONTENT} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    if files > MAX_FILES:
        raise invalid_form("files", f"Must be {MAX_FILES} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    if len(body.get("embeds") or []) > MAX_EMBEDS:
        raise invalid_form("embeds", f"Must be {MAX_EMBEDS} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    components = body.get("components") or []
    if flags & IS_COMPONENTS_V2:
        # Components V2 replace content and embeds entirely (discord-notes C.5).
        if content or body.get("embeds"):
            raise invalid_form("content", "Cannot send content or embeds with the IS_COMPONENTS_V2 flag.")
        if sum(1 for _ in walk(components)) > MAX_V2_COMPONENTS:
            raise invalid_form("components", f"Must be {MAX_V2_COMPONENTS} or fewer in total.", "BASE_TYPE_MAX_LENGTH")
        text = sum(len(c.get("content", "")) for c in walk(components) if c.get("type") == TEXT_DISPLAY)
        if text > MAX_V2_TEXT:
            raise invalid_form("components", f"Text displays must total {MAX_V2_TEXT} or fewer characters.")
        if attachment_names is not None:
            _check_media(components, attachment_names)
    elif any(c.get("type") not in (ACTION_ROW, *INTERACTIVE_TYPES) for c in walk(components)):
        raise invalid_form("components", "Layout components need the IS_COMPONENTS_V2 flag.")
    else:
        if len(components) > MAX_ACTION_ROWS:
            raise invalid_form("components", f"Must be {MAX_ACTION_ROWS} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                raise invalid_form(f"components.{index}", "Top-level components must be action rows without V2.")
    for index, row in enumerate(c for c in walk(components) if c.get("type") == ACTION_ROW):
        _check_row(f"components.{index}", row)
    _check_custom_ids(components)


MEDIA_GALLERY, MAX_GALLERY_ITEMS = 12, 10


def _check_media(components: list[Json], names: frozenset[str]) -> None:
    """A gallery holds 1 to 10 items, and every `attachment://name` must be a file of the message."""
    for component in walk(components):
        if component.get("type") == MEDIA_GALLERY and not 1 <= len(component.get("items", [])) <= MAX_GALLERY_ITEMS:
            raise invalid_form("components.items", f"Must be between 1 and {MAX_GALLERY_ITEMS} in length.")
        for media in [
            component.get("media"),
            component.get("file"),
            *(i.get("media") for i in component.get("items", [])),
        ]:
            url = str(media.get("url", "")) if isinstance(media, dict) else ""
            if url.startswith("attachment://") and url[len("attachment://") :] not in names:
                raise invalid_form("components.media.url", f"{url} does not name an attachment of this message.")


def _check_row(path: str, row: Json) -> None:
    children = row.get("components", [])
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if selects and len(children) > 1:
        raise invalid_form(path, "A select menu must be alone in its action row.", "COMPONENT_LAYOUT_WIDTH_EXCEEDED")
    if len(children) > MAX_ROW_BUTTONS or not children:
        raise invalid_form(path, "An action row holds 1 to 5 buttons.", "COMPONENT_LAYOUT_WIDTH_EXCEEDED")
    for child in children:
        if child.get("type") == BUTTON and len(child.get("label") or "") > MAX_BUTTON_LABEL:
            raise invalid_form(f"{path}.label", f"Must be {MAX_BUTTON_LABEL} or fewer in length.")
        if child.get("type") == STRING_SELECT:
            _check_select(path, child)


def _check_select(path: str, select: Json) -> None:
    options = select.get("options", [])
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise invalid_form(f"{path}.options", f"Must be between 1 and {MAX_SELECT_OPTIONS} in length.")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= MAX_SELECT_OPTIONS and 1 <= high <= MAX_SELECT_OPTIONS and low <= high <= len(options)):
        raise invalid_form(f"{path}.max_values", "min_values/max_values out of range for the options given.")
    values = [option.get("value") for option in options]
    if len(set(values)) != len(values):
        raise invalid_form(f"{path}.options", "Select option values must be unique.")


def _check_custom_ids(components: list[Json]) -> None:
    seen: set[str] = set()
    for component in walk(components):
        if component.get("type") not in INTERACTIVE_TYPES or component.get("style") in (LINK_STYLE, PREMIUM_STYLE):
            continue
        custom_id = component.get("custom_id") or ""
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            raise invalid_form("components.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length.")
        if custom_id in seen:
            raise invalid_form(
                "components.custom_id", "Component custom id cannot be duplicated", "COMPONENT_CUSTOM_ID_DUPLICATED"
            )
        seen.add(custom_id)


def check_modal(data: Json) -> None:
    """Refuse a modal (callback type 9) as Discord would."""
    if not 1 <= len(data.get("title") or "") <= MAX_MODAL_TITLE:
        raise invalid_form("data.title", f"Must be between 1 and {MAX_MODAL_TITLE} in length.")
    components = data.get("components") or []
    if not 1 <= len(components) <= MAX_MODAL_COMPONENTS:
        raise invalid_form("data.components", f"Must be between 1 and {MAX_MODAL_COMPONENTS} in length.")
    if not 1 <= len(data.get("custom_id") or "") <= MAX_CUSTOM_ID:
        raise invalid_form("data.custom_id", f"Must be between 1 and {MAX_CUSTOM_ID} in length.")
    _check_custom_ids(components)
