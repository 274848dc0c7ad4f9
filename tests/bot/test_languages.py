"""bot.kit.languages.LocaleMemo: the last Discord locale per person, with no statement for an unchanged one."""

from __future__ import annotations

from typing import Any

from bot.kit.languages import LocaleMemo


class CountingSettings:
    """Stands in for `db.settings`: counts the statements the memo sends."""

    def __init__(self) -> None:
        self.noted: list[tuple[int, str]] = []

    async def note_locale(self, user_id: int, locale: str) -> bool:
        self.noted.append((user_id, locale))
        return True


class FakeDb:
    def __init__(self) -> None:
        self.settings = CountingSettings()


async def test_clicks_in_an_unchanged_locale_send_no_statement() -> None:
    """Three interactions in Vietnamese, one in German: two statements, none for the repeats."""
    db: Any = FakeDb()
    memo = LocaleMemo(db)
    for locale in ("vi", "vi", "vi", "de"):
        await memo.note(7, locale)
    assert db.settings.noted == [(7, "vi"), (7, "de")]


async def test_the_memo_forgets_the_least_recent_person_past_its_size() -> None:
    """Bounded: with room for two, a third person pushes out the first, who is written again."""
    db: Any = FakeDb()
    memo = LocaleMemo(db, size=2)
    for user in (1, 2, 3, 1):
        await memo.note(user, "bg")
    assert [user for user, _ in db.settings.noted] == [1, 2, 3, 1]
