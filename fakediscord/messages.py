"""Messages as a Discord client shows them: read-only snapshots a test can assert on.

A snapshot never changes under the test's feet; ask the fake for `fake.message(snapshot)` to see later edits.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fakediscord.limits import (
    BUTTON,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    SELECT_TYPES,
    TEXT_DISPLAY,
    walk,
)
from fakediscord.model import Json

if TYPE_CHECKING:
    from PIL.Image import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Attachment:
    """A file on a message, with the exact bytes the bot uploaded."""

    id: str
    filename: str
    data: bytes = field(repr=False)
    url: str
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_MAGIC)

    def image(self) -> Image:
        """Decode with Pillow (raises if the bytes are not an image), as a client would to display it."""
        from PIL import Image as PILImage

        image = PILImage.open(io.BytesIO(self.data))
        image.load()
        return image


@dataclass(frozen=True, repr=False)
class Message:
    """One message at one moment: the JSON Discord would send plus attachment bytes and who can see it."""

    raw: Json = field(repr=False)
    attachments: tuple[Attachment, ...] = ()
    visible_to: str | None = None  # user id for ephemeral messages, None = everyone in the channel
    deleted: bool = False
    edits: int = 0

    def __repr__(self) -> str:
        marks = "".join(
            f" {m}" for m, on in (("ephemeral", self.ephemeral), ("v2", self.is_v2), ("deleted", self.deleted)) if on
        )
        return f"<Message {self.id}{marks} {self.text[:80]!r} buttons={[b.get('label') for b in self.buttons]}>"

    @property
    def id(self) -> str:
        return str(self.raw["id"])

    @property
    def channel_id(self) -> str:
        return str(self.raw["channel_id"])

    @property
    def author_id(self) -> str:
        return str(self.raw["author"]["id"])

    @property
    def content(self) -> str:
        return str(self.raw.get("content") or "")

    @property
    def flags(self) -> int:
        return int(self.raw.get("flags") or 0)

    @property
    def embeds(self) -> list[Json]:
        return list(self.raw.get("embeds") or [])

    @property
    def components(self) -> list[Json]:
        return list(self.raw.get("components") or [])

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def is_v2(self) -> bool:
        """Components V2 (LayoutView): no content, the text lives in TextDisplay components."""
        return bool(self.flags & IS_COMPONENTS_V2)

    @property
    def thinking(self) -> bool:
        """Still the "Bot is thinking..." placeholder of a deferred response."""
        return bool(self.flags & LOADING)

    def walk(self) -> Iterator[Json]:
        """Every component, nested ones included (rows, containers, sections, galleries)."""
        return walk(self.components)

    @property
    def text(self) -> str:
        """All readable text: content, TextDisplays, embed titles/descriptions/fields, one block per line."""
        parts = [self.content] if self.content else []
        parts += [c.get("content", "") for c in self.walk() if c.get("type") == TEXT_DISPLAY]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name')}: {f.get('value')}" for f in embed.get("fields", [])]
        return "\n".join(p for p in parts if p)

    @property
    def buttons(self) -> list[Json]:
        return [c for c in self.walk() if c.get("type") == BUTTON]

    @property
    def selects(self) -> list[Json]:
        return [c for c in self.walk() if c.get("type") in SELECT_TYPES]

    @property
    def media_urls(self) -> list[str]:
        """URLs shown by MediaGallery items and thumbnails (attachment:// references already resolved)."""
        urls = [item["media"]["url"] for c in self.walk() for item in c.get("items", []) if "media" in item]
        return urls + [c["media"]["url"] for c in self.walk() if c.get("type") == 11 and "media" in c]

    def component(self, *, label: str | None = None, custom_id: str | None = None) -> Json:
        """The one interactive component with this label or custom id; LookupError says what there was instead."""
        for component in self.walk():
            if component.get("type") not in SELECT_TYPES | {BUTTON}:
                continue
            if custom_id is not None and component.get("custom_id") == custom_id:
                return component
            if label is not None and (component.get("label") == label or component.get("placeholder") == label):
                return component
        shown = [c.get("label") or c.get("placeholder") or c.get("custom_id") for c in self.buttons + self.selects]
        raise LookupError(
            f"no component label={label!r} custom_id={custom_id!r} on message {self.id}; it shows {shown}"
        )

    def attachment(self, filename: str) -> Attachment:
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        raise LookupError(f"no attachment {filename!r}; message has {[a.filename for a in self.attachments]}")

    def visible(self, user_id: str) -> bool:
        return not self.deleted and self.visible_to in (None, user_id)


@dataclass(frozen=True)
class Modal:
    """A modal the bot opened in front of one person (callback type 9); submit it with `user.submit_modal`."""

    custom_id: str
    title: str
    components: list[Json] = field(repr=False)
    interaction_id: str
    user_id: str

    @property
    def fields(self) -> dict[str, Json]:
        """Inputs by custom id (text inputs, selects, checkboxes), unwrapped from their rows/labels."""
        return {c["custom_id"]: c for c in walk(self.components) if "custom_id" in c}

    def submission(self, values: dict[str, Any]) -> list[Json]:
        """The MODAL_SUBMIT `components` for these values, mirroring the modal's own layout (rows / labels)."""

        def answer(component: Json) -> Json:
            kind = component["type"]
            if kind == 1:
                return {"type": 1, "components": [answer(c) for c in component["components"]]}
            if kind == 18:
                return {"type": 18, "component": answer(component["component"])}
            custom_id = component.get("custom_id")
            result: Json = {"type": kind, "custom_id": custom_id}
            if custom_id is None:
                return {"type": kind}
            value = values.get(custom_id, component.get("value", ""))
            if kind in SELECT_TYPES or isinstance(value, list | tuple):
                result["values"] = [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
            else:
                result["value"] = value
            return result

        unknown = set(values) - set(self.fields)
        if unknown:
            raise LookupError(f"modal {self.custom_id!r} has no inputs {sorted(unknown)}; it has {sorted(self.fields)}")
        return [answer(c) for c in self.components]
