"""Components V2 cards (`discord.ui.LayoutView`): the table as one message of header, image, status, controls.

A V2 message has no `content` and no embeds: its text lives in TextDisplays and its picture in a
MediaGallery that names the uploaded file (`attachment://<name>`), since V2 hides attachments no
component references. Discord counts every component, nested ones too, against 40 per message, and
all TextDisplays together against 4,000 characters (discord-notes C.1); `card` keeps within both, and
the controls stay the same persistent DynamicItems (bot.kit.components) as on a classic message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from locales import SOURCE, t

MAX_COMPONENTS = 40  # per V2 message, nested components included
MAX_TEXT = 4000  # all TextDisplays of one V2 message together
ROW_WIDTH = 5  # buttons per action row
ACCENT = discord.Colour.dark_green()  # the felt of the table picture


def grouped(items: Sequence[discord.ui.Item[Any]]) -> list[list[discord.ui.Item[Any]]]:
    """The items of each action row in order: a select alone in its row, buttons five to a row (Discord's
    layout rule); an item's own `row` starts a new row when it differs from the one before, as on a
    classic view."""
    rows: list[list[discord.ui.Item[Any]]] = []
    last: object = None
    for item in items:
        inner = getattr(item, "item", item)  # a DynamicItem wraps the real button or select
        wanted = getattr(inner, "row", None)
        if isinstance(inner, discord.ui.Select):
            rows += [[item], []]
        else:
            if not rows or len(rows[-1]) >= ROW_WIDTH or (wanted is not None and wanted != last):
                rows.append([])
            rows[-1].append(item)
        last = wanted
    return [row for row in rows if row]


def rows_of(items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """Action rows in order (`grouped`)."""
    return [discord.ui.ActionRow(*row) for row in grouped(items)]


def card(
    header: str,
    *,
    image: str | None = None,
    status: str = "",
    items: Sequence[discord.ui.Item[Any]] = (),
    accent: discord.Colour | None = ACCENT,
) -> discord.ui.LayoutView:
    """One container: the header, the picture (an uploaded file's name), the status, a separator, the controls.

    Text beyond the 4,000-character budget is cut from the status (the header says which game this
    is and must stay); controls beyond the component budget are dropped rather than refused."""
    header = header[:MAX_TEXT]
    status = status[: max(0, MAX_TEXT - len(header))]
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=accent)
    container.add_item(discord.ui.TextDisplay(header))
    if image is not None:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{image}")))
    if status:
        container.add_item(discord.ui.TextDisplay(status))
    rows = rows_of(items)
    if rows:
        container.add_item(discord.ui.Separator())
    view = discord.ui.LayoutView(timeout=None)
    used = 1 + len(container.children)  # the container and what it holds so far
    for row in rows:
        size = 1 + len(row.children)
        if used + size > MAX_COMPONENTS:
            break
        container.add_item(row)
        used += size
    view.add_item(container)
    return view


def components_in(view: discord.ui.LayoutView) -> int:
    """How many components Discord counts for this view (every nested one)."""
    return len(list(view.walk_children()))


def table_card(text: str, image: str, items: Sequence[discord.ui.Item[Any]]) -> discord.ui.LayoutView:
    """The table message: its first line is the header, the rest the status under the picture."""
    header, _, status = text.partition("\n")
    return card(header, image=image, status=status, items=items)


def moved_on(lang: str) -> str:
    """What an hour-old table message says once a fresh one replaced it (bot.projection.table)."""
    return t(lang, "This table moved to a newer message below; the game goes on there.")


def stripped_hand(lang: str) -> str:
    """A hand message that lost its controls (a computer took the seat, or a newer hand follows: a new DM,
    or for a digest player the table's My hand panel until a digest names their turn)."""
    return t(
        lang,
        "This hand is no longer live: a newer hand message follows (the table's My hand button shows it too), "
        "or a computer player has the seat.",
    )


MOVED_ON = moved_on(SOURCE)
STRIPPED_HAND = stripped_hand(SOURCE)


def hand_card(text: str, image: str | None, items: Sequence[discord.ui.Item[Any]]) -> discord.ui.LayoutView:
    """A private hand: the line saying which game it belongs to, the cards' picture, the status, the controls."""
    header, _, status = text.partition("\n")
    return card(header, image=image, status=status, items=items, accent=discord.Colour.blurple())


def lobby_card(text: str, items: Sequence[discord.ui.Item[Any]]) -> discord.ui.LayoutView:
    """A lobby: its first line is the header, the rest who is seated and what to press."""
    header, _, status = text.partition("\n")
    return card(header, status=status, items=items, accent=discord.Colour.gold())


def notice_kwargs(text: str) -> dict[str, Any]:
    """Edit keywords turning a lobby or table message into a plain V2 note (closed, cancelled...):
    no controls, no content beside the flag."""
    return {"content": None, "view": card(text, accent=None)}
