"""Guided first games: who gets tips on their hand, and when their guided game is over.

A game whose adapter sets `guide` shows tips on a person's hand message until that person finishes a
game of its kind (or turns tips off in /settings). Both halves read and write the database only
(data.firsttime): the hand message is redrawn from stored data after every move and after a restart,
so the tips it shows are the same whichever process draws it, and cost no request of their own.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from data import GameStatus, StorageFault

if TYPE_CHECKING:
    from bot.moves.service import Applied, GameService, Loaded

log = logging.getLogger(__name__)


async def seat_guided(service: GameService, loaded: Loaded, seat: int) -> bool:
    """Whether the person in `seat` is in their guided first game of this kind (never a computer seat)."""
    adapter = service.adapters.get(loaded.record.kind)
    if adapter is None or not adapter.guide or loaded.record.status is not GameStatus.ACTIVE:
        return False
    chair = loaded.record.seats[seat]
    if chair.is_computer or chair.user_id is None or chair.user_id <= 0:  # erased players have negative ids
        return False
    try:
        return await service.db.firsttime.guided(chair.user_id, loaded.record.kind)
    except StorageFault as fault:  # the hand is still drawn, without tips this once
        log.warning("no first-game tips for game %s: %s", loaded.record.id, fault)
        return False


class GuideProgress:
    """An after-move hook: a finished game ends the guided first game of every person who played it out."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def after_move(self, applied: Applied) -> None:
        match = applied.match
        if match is None:
            return
        adapter = self.service.adapters.get(match.kind)
        if adapter is None or not adapter.guide:
            return
        people = [p.user_id for p in match.players if not p.is_computer and p.user_id is not None]
        try:
            await self.service.db.firsttime.finished(people, match.kind, at=self.service.clock())
        except StorageFault as fault:  # their next game is guided again: a tip too many, nothing lost
            log.warning("guided first games of game %s not closed: %s", match.game_id, fault)
            return
        log.debug("guided first game of %s over for %d people", match.kind, len(people))
