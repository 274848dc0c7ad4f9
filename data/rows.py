"""Records read from rows: a frozen record's fields come from its row's columns of the same names.

Every repository maps a row the same way - most columns as they are, a few converted (JSON text, an enum,
a flag stored as 0 or 1, a value that is not a column at all) - so that mapping is written once here and
each repository names only what it converts.
"""

from __future__ import annotations

import dataclasses
import logging
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from .database import Row

log = logging.getLogger(__name__)

R = TypeVar("R", bound="DataclassInstance")


@cache
def _field_names(cls: type[DataclassInstance]) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


def from_row(cls: type[R], row: Row, **converted: Any) -> R:
    """`cls` with each field read from the column of its name, or taken from `converted` for the fields
    stored some other way. Columns the record has no field for are left out."""
    return cls(**{name: converted[name] if name in converted else row[name] for name in _field_names(cls)})
