"""Rules pages of /rules, without Discord."""

from __future__ import annotations

from cogs.help import BULLETS_PER_PAGE, page_buttons, rules_pages
from cogs.schnapsen.adapter import SchnapsenAdapter
from cogs.thirteen.words import RULES


def test_rules_pages_keep_every_bullet_once_in_order() -> None:
    """Cutting Thirteen's rules loses and repeats nothing, and each page holds a few bullets only."""
    pages = rules_pages(RULES, "OPTIONS")
    bullets = [line for line in RULES.splitlines() if line.startswith("•")]
    shown = [line for page in pages for line in page.splitlines() if line.startswith("•")]
    assert shown == bullets
    assert all(sum(line.startswith("•") for line in page.splitlines()) <= BULLETS_PER_PAGE for page in pages)
    assert all(page.splitlines()[0] == RULES.splitlines()[0] for page in pages)


def test_rules_last_page_holds_the_table_notes_and_options() -> None:
    """Sixty-Six's "This table" notes (D-SX-1) land on the last page beside the options line."""
    text = SchnapsenAdapter().rules_text({})
    pages = rules_pages(text, "OPTIONS")
    assert pages[-1].endswith("OPTIONS") and "**This table**" in pages[-1]
    assert not any("**This table**" in page for page in pages[:-1])


def test_one_page_text_has_no_page_buttons() -> None:
    """A single page gets no ◀ ▶ (both would carry the same custom id, which Discord refuses)."""
    assert page_buttons("thirteen", 0, 1, 0) == []
    ids = [b.item.custom_id for b in page_buttons("thirteen", 1, 3, 5)]
    assert ids == ["cu:thirteen:0:5", "cu:thirteen:2:5"]


def test_default_options_name_the_command_players_type() -> None:
    """Every game's tables open with its declared command (GAME.command): Carousel's is /carousel new."""
    from cogs.carousel.adapter import CarouselAdapter
    from cogs.help import options_line

    assert "`/carousel new`" in options_line(CarouselAdapter(), {}, None)
    assert "`/schnapsen new`" in options_line(SchnapsenAdapter(), {}, None)
