"""A hand row keeps the token of the latest click on it (data.messages `save`): a save that carries one
replaces it, any other save of the row keeps it, so the game's owner finds it whichever process saved."""

from __future__ import annotations

import dataclasses

from data import Database, MessageKind
from data.models import ShownMessage

from .conftest import T0, active_game


async def test_a_saved_click_token_survives_later_saves_without_one(db: Database) -> None:
    game = await active_game(db, (1, 2))
    clicked = ShownMessage(game.id, MessageKind.HAND, 0, 900, 5, 1, "a", 1, True, "token", T0 + 840)
    await db.messages.save(clicked)
    redrawn = ShownMessage(game.id, MessageKind.HAND, 0, 900, 6, 2, "b", 2, True)  # a pass's save: no click
    await db.messages.save(redrawn)
    row = await db.messages.get(game.id, MessageKind.HAND, 0)
    assert row == dataclasses.replace(redrawn, reply_token="token", reply_until=T0 + 840)


async def test_a_newer_click_replaces_the_stored_token(db: Database) -> None:
    game = await active_game(db, (1, 2))
    first = ShownMessage(game.id, MessageKind.HAND, 0, 900, 5, 1, "a", 1, True, "old", T0 + 840)
    await db.messages.save(first)
    await db.messages.save(dataclasses.replace(first, version=2, reply_token="new", reply_until=T0 + 900))
    row = await db.messages.get(game.id, MessageKind.HAND, 0)
    assert row is not None and (row.reply_token, row.reply_until) == ("new", T0 + 900)
