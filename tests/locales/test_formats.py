"""Numbers, plurals, lists and durations from CLDR, and the pseudo-language."""

from __future__ import annotations

from datetime import date

from locales import day, duration, listing, number, plural_category, t, tn
from locales.pseudo import marked, pseudo


def test_numbers_use_each_languages_separators():
    """1234.5 in English, German and Bulgarian (a no-break space groups thousands)."""
    assert [number(lang, 1234.5) for lang in ("en", "de", "bg")] == ["1,234.5", "1.234,5", "1\u00a0234,5"]


def test_plural_categories_come_from_cldr():
    """One and other in Bulgarian and Georgian: 1 is "one", 0 and 2 are "other"."""
    assert [plural_category(lang, n) for lang in ("bg", "ka") for n in (0, 1, 2)] == ["other", "one", "other"] * 2


def test_a_counted_message_takes_the_catalogs_plural_form():
    """Bulgarian's count form for 2 seats ("места"), one form in Vietnamese."""
    assert tn("bg", "{n} seat", "{n} seats", 2) == "2 места"
    assert tn("vi", "{n} seat", "{n} seats", 1) == "1 chỗ ngồi"


def test_lists_join_the_languages_way():
    """"a, b und c" in German, "a, b и c" in Bulgarian."""
    assert (listing("de", ["a", "b", "c"]), listing("bg", ["a", "b", "c"])) == ("a, b und c", "a, b и c")


def test_durations_read_in_one_unit_with_cldrs_words():
    """90 s stays minutes-free under two minutes; whole hours read in hours; days in full."""
    assert [duration("en", s) for s in (90, 300, 3600, 5400, 3 * 86400)] == [
        "90 sec", "5 min", "1 hr", "90 min", "3 days",
    ]  # fmt: skip
    assert duration("de", 4 * 3600) == "4 Std."


def test_an_unknown_message_reads_as_its_source():
    """A message no catalog knows yet is shown in English rather than failing."""
    assert t("vi", "A sentence nobody translated") == "A sentence nobody translated"


def test_the_pseudo_language_marks_and_lengthens_by_a_third():
    """Twelve visible characters gain four of padding, inside the markers; placeholders still format."""
    assert pseudo("Hello, world") == "⟦Hello, world····⟧"
    assert t("qps", "• Language: {language}", language="X") == "⟦• Language: X····⟧"
    assert marked(t("qps", "Keep it")) and not marked("Keep it")


def test_dates_read_the_languages_way():
    """2 December 2026 in English, German and Vietnamese (CLDR's medium date)."""
    when = date(2026, 12, 2)
    assert [day(lang, when) for lang in ("en", "de", "vi")] == ["Dec 2, 2026", "02.12.2026", "2 thg 12, 2026"]
