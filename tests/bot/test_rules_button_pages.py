"""The table's Rules button answers with the whole rules page: a language that writes it longer than a
Discord message (2,000 characters; the pseudo-language's Carousel rules do) gets it in several messages,
cut between lines, never mid-sentence."""

from bot.moves.router import CONTENT_LIMIT, whole_lines


def test_a_long_rules_page_is_cut_between_lines_and_nothing_is_lost() -> None:
    lines = [f"• rule {n} " + "x" * 300 for n in range(12)]
    pages = whole_lines("\n".join(lines), CONTENT_LIMIT)
    assert len(pages) > 1 and all(len(page) <= CONTENT_LIMIT for page in pages)
    assert [line for page in pages for line in page.split("\n")] == lines


def test_a_short_rules_page_is_one_message() -> None:
    assert whole_lines("Title\n• one\n• two", CONTENT_LIMIT) == ["Title\n• one\n• two"]
