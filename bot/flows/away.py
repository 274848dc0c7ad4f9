"""A person away from their casual tables: what the table and the lobby say, and their turns re-timed.

While someone is away their casual turn timers stop (bot.moves.deadlines), up to the server's limit; live
games are not affected. The stored deadline of every casual turn waiting for them is moved when they
leave and again when they come back, so the sweeper (which wakes on stored deadlines only) and every
message showing a deadline follow at once, in this process or any other, and after a restart.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.kit.names import shown_name
from bot.moves import deadlines
from data import GameRecord, GameStatus, Seat, TurnTimer, UserSettings
from locales import SOURCE, t

if TYPE_CHECKING:
    from bot.moves.service import GameService

log = logging.getLogger(__name__)


def away_of(person: UserSettings) -> deadlines.Away | None:
    if person.away_since is None:
        return None
    return deadlines.Away(person.away_since, person.away_until)


def until_text(away: deadlines.Away, limit_seconds: float, lang: str = SOURCE) -> str:
    """ "until <t:…:f>", or "until they're back" with the latest time the server's limit allows."""
    back = int(away.back(limit_seconds))
    if away.until is None:
        return t(lang, "until they're back ({time} at the latest)", time=f"<t:{back}:f>")
    return t(lang, "until {time}", time=f"<t:{back}:f>")


async def away_now(service: GameService, record: GameRecord, user_id: int | None) -> deadlines.Away | None:
    """The person's away, when it stops their timers in this casual game now (None otherwise)."""
    if user_id is None or record.timer is not TurnTimer.CASUAL:
        return None
    away = away_of(await service.db.settings.user(user_id))
    if away is None:
        return None
    limit = (await service.db.settings.guild(record.guild_id)).away_limit_seconds
    return away if away.holds(service.clock(), limit) else None


@dataclass(frozen=True, slots=True)
class AwayLine:
    """The table's line for a turn that waits for someone away, and when their away ends."""

    text: str
    until: float


async def turn_line(service: GameService, record: GameRecord, seat: Seat, lang: str = SOURCE) -> AwayLine | None:
    """The table's line where the turn line is, while the person at turn is away: "Alice is away until …"."""
    away = await away_now(service, record, seat.user_id)
    if away is None:
        return None
    limit = (await service.db.settings.guild(record.guild_id)).away_limit_seconds
    text = t(
        lang,
        "⏸️ {name} is away {until}; their turn waits.",
        name=shown_name(seat.display_name),
        until=until_text(away, limit, lang),
    )
    return AwayLine(text, away.back(limit))


async def lobby_marks(service: GameService, record: GameRecord, lang: str = SOURCE) -> dict[int, str]:
    """For a casual lobby, " (away until …)" by the user id of each seated person who is away."""
    if record.timer is not TurnTimer.CASUAL:
        return {}
    marks: dict[int, str] = {}
    limit: float | None = None
    for seat in record.seats:
        if seat.user_id is None or seat.is_computer:
            continue
        away = away_of(await service.db.settings.user(seat.user_id))
        if away is None:
            continue
        if limit is None:
            limit = (await service.db.settings.guild(record.guild_id)).away_limit_seconds
        if away.holds(service.clock(), limit):
            marks[seat.user_id] = " " + t(lang, "(away {until})", until=until_text(away, limit, lang))
    return marks


async def retime_turns_of(service: GameService, user_id: int, *, fresh: bool) -> list[int]:
    """Move the stored deadline of each casual turn waiting for `user_id`, as their away now says.

    `fresh`: they came back, so the turn gets its whole time from now (then the quiet hours apply);
    otherwise the deadline they had is kept unless being away pushes it later. Returns the games changed
    (their messages show the new deadline once redrawn)."""
    changed: list[int] = []
    for record in await service.db.games.open_games_of(user_id):
        if record.status is not GameStatus.ACTIVE or record.timer is not TurnTimer.CASUAL:
            continue
        async with service.lock(record.id):
            loaded = await service.load(record.id)
            seat = loaded.seat_at_turn()
            current = service.turn_deadline(loaded.record)
            if seat is None or seat.is_computer or seat.user_id != user_id or current is None:
                continue
            lead = loaded.record.turn_seconds * service.tuning.reminder_fraction
            ordinary = service.clock() + loaded.record.turn_seconds if fresh else current
            wake = await service.casual_wake_up(loaded.record, user_id, ordinary - lead)
            if wake + lead == current:
                continue
            if await service.db.games.set_deadline(record.id, wake, expected_version=loaded.record.version):
                service.forget(record.id)  # the cached record holds the old deadline
                changed.append(record.id)
    log.info("re-timed %d casual turns of a person %s", len(changed), "back" if fresh else "away")
    return changed
