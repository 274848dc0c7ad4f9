"""One entry point per stored event, whatever its format: read it back, and list its standings.

Storage keeps `event.to_dict()`; `load` picks the class by the "format" it names, so the caller needs
no table of formats of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments.knockout import KnockoutEvent
from tournaments.model import Format
from tournaments.standings import Row, knockout_standings, swiss_standings, tables_standings
from tournaments.swiss import SwissEvent
from tournaments.tables import TablesEvent

Event = SwissEvent | TablesEvent | KnockoutEvent


def load(data: Mapping[str, Any]) -> Event:
    """The event `to_dict()` gave `data` for."""
    kind = Format(data["format"])
    if kind is Format.SWISS:
        return SwissEvent.from_dict(data)
    if kind is Format.TABLES:
        return TablesEvent.from_dict(data)
    return KnockoutEvent.from_dict(data)


def standings(event: Event) -> tuple[Row, ...]:
    """The event's standings rows as its format ranks them."""
    if isinstance(event, SwissEvent):
        return swiss_standings(event)
    if isinstance(event, TablesEvent):
        return tables_standings(event)
    return knockout_standings(event)
