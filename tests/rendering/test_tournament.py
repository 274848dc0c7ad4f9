"""The tournament standings image (rendering.tournament): one row per player under the reader's column
names, a column per tie-break, and the next pairing."""

from __future__ import annotations

from rendering.boards import board_size
from rendering.theme import DEFAULT_THEME
from rendering.tournament import Headers, TournamentRow, _row, columns, render_tournament
from tests.rendering.helpers import AWKWARD_NAMES, decode

SWISS = Headers("#", "Player", "Points", ("Buchholz", "Sonneborn-Berger"), "Next")
ROWS = [
    TournamentRow(1, "Alice", "3", ("4.5", "3.25"), "Bob"),
    TournamentRow(2, "Bob", "2", ("5", "2"), "Alice"),
    TournamentRow(3, "Carol", "1", ("3", "0.5"), "bye"),
    TournamentRow(4, "Dave", "0", ("2", "0"), "", dropped=True),
]


def test_the_standings_image_decodes_at_its_size() -> None:
    image = decode(render_tournament("Santase tournament #1", "Standings after round 3", SWISS, ROWS))
    assert image.size == board_size(len(ROWS), True, DEFAULT_THEME)


def test_each_tiebreak_has_its_own_column() -> None:
    assert [c.header for c in columns(SWISS)] == ["#", "Player", "Points", "Buchholz", "Sonneborn-Berger", "Next"]
    tables = Headers("#", "Player", "Points", ("Opponents",), "Next")
    assert len(columns(tables)) == 5


def test_a_dropped_player_is_marked_and_gets_no_medal() -> None:
    row = _row(ROWS[3])
    assert row.cells[1].endswith("✗") and row.place is None
    assert _row(ROWS[0]).place == 1


def test_awkward_names_render() -> None:
    rows = [TournamentRow(n + 1, name, "0", ("0", "0"), name) for n, name in enumerate(AWKWARD_NAMES)]
    assert decode(render_tournament("T", "S", SWISS, rows)).size[0] > 0
