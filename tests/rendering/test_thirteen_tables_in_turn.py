"""`bench.tables_in_turn` plays its games one move at a time, round robin, and times each table drawn."""

from __future__ import annotations

from bench import tables_in_turn


def test_every_game_moves_and_is_drawn_once_a_round(monkeypatch):
    drawn: list[tuple[int, tuple[str, str]]] = []
    real = tables_in_turn.thirteen.render_table

    def render(view, names):  # type: ignore[no-untyped-def]
        drawn.append((len(view.log), tuple(names)))
        return real(view, names)

    monkeypatch.setattr(tables_in_turn.thirteen, "render_table", render)
    spent = tables_in_turn.play_in_turn(games=3, rounds=2, seed=7)
    timed = drawn[3:]  # after the three tables that warm the caches
    assert len(spent) == 6 and all(seconds > 0 for seconds in spent)
    assert [names for _, names in timed] == [
        ("Guest 0000", "Guest 0001"),
        ("Guest 0002", "Guest 0003"),
        ("Guest 0004", "Guest 0005"),
    ] * 2
    assert all(log > 0 for log, _ in timed)  # each drawn after its game's move
