"""`--images DIR`: the bot's table image, written after every turn, decodable and of the renderer's size."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.terminal.scripted import play

# Short games: one Sixty-Six deal to 1 game point, Carousel to 30 points, a 2-player Thirteen.
GAMES = [
    ["thirteen", "--players", "2"],
    ["schnapsen", "--option", "target=1"],
    ["carousel", "--players", "2", "--option", "target=30", "--level", "easy"],
]


@pytest.mark.parametrize("argv", GAMES, ids=[argv[0] for argv in GAMES])
def test_images_are_written_after_every_turn_and_decode(tmp_path, argv):
    """One PNG per move plus the opening table, each a valid image as large as the renderer draws it."""
    session = play([*argv, "--watch", "--delay", "0", "--seed", "2", "--images", str(tmp_path / "frames")])
    files = sorted((tmp_path / "frames").glob("*.png"))
    assert session.code == 0
    assert len(files) == session.table.moves_made + 1
    sizes = set()
    for path in (files[0], files[len(files) // 2], files[-1]):
        data = path.read_bytes()
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            assert image.format == "PNG"
            sizes.add(image.size)
    assert all(width >= 400 and height >= 300 for width, height in sizes)


def test_the_last_image_is_the_final_public_table(tmp_path):
    """The image after the last move is exactly what the renderer draws for the finished public view."""
    from rendering import render_table

    session = play(["thirteen", "--players", "2", "--watch", "--delay", "0", "--seed", "3", "--images", str(tmp_path)])
    last = sorted(tmp_path.glob("*.png"))[-1]
    table = session.table
    assert last.read_bytes() == render_table("thirteen", table.state.view(None), table.names)
