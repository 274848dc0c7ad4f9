"""The kind dispatch the bot uses, and rendering from worker threads."""

from __future__ import annotations

import importlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import rendering
from games import registry
from games.carousel import position as carousel_position
from games.gin import position as gin_position
from games.schnapsen.state import position as schnapsen_position
from games.thirteen.state import position as thirteen_position

NAMES = ("Lan", "Minh", "Thu")


def _views() -> dict[str, tuple]:
    """A mid-game (public view, seat view) pair for each kind."""
    tl = thirteen_position(["3s 4s 5s", "6c 7c 8c 9c", "Jd Qd"], table="10h", to_move=1)
    ca = carousel_position(table=["6h Jk=7h 8h"], hands=["2c 3c 4d", "Kd Qd", "5s"], stock=30, to_move=0)
    sx = schnapsen_position(["9h 10h Jh", "9s 10s Js"], trump="Ac", talon="9c 10c Jc Qc Kc", trick="Qh")
    gr = gin_position(["7s 7h 7d 4c 5c 6c Kh Qh Jh 2s Ad", "2d 3d 4d 5h 6h 8s 9s 10s 8d 9d"], discard="Kc")
    return {
        "thirteen": (tl.view(None), tl.view(0)),
        "carousel": (ca.view(None), ca.view(0)),
        "schnapsen": (sx.view(None), sx.view(0)),
        "gin": (gr.view(None), gr.view(0)),
    }


def test_every_registered_kind_has_a_table_and_a_hand_renderer():
    """Dispatch by kind gives the same bytes as the game's own module, rendering.<kind>."""
    views = _views()
    for kind in registry.kinds():
        public, seat = views[kind]
        module = importlib.import_module(f"rendering.{kind}")
        assert rendering.render_table(kind, public, NAMES) == module.render_table(public, NAMES)
        assert rendering.render_hand(kind, seat) == module.render_hand(seat)


def test_importing_a_shared_rendering_module_loads_no_game():
    """rendering.hand (and the package) import no game renderer and no game engine: no import cycle."""
    code = "import sys, rendering.hand, rendering.offload; print(sorted(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    kinds = registry.kinds()
    assert not [kind for kind in kinds if f"'games.{kind}" in loaded or f"'rendering.{kind}'" in loaded], loaded


def test_an_unknown_kind_is_a_key_error_naming_the_known_ones():
    """Asking for a game we do not draw fails clearly."""
    with pytest.raises(KeyError, match="thirteen"):
        rendering.render_table("poker", None, NAMES)


def test_renders_from_many_threads_match_a_single_thread():
    """Worker threads rendering at once get exactly the bytes a lone render gives."""
    views = _views()
    jobs = [(kind, public, seat) for kind, (public, seat) in views.items()] * 6
    expected = {
        kind: (rendering.render_table(kind, public, NAMES), rendering.render_hand(kind, seat))
        for kind, (public, seat) in views.items()
    }

    def render(job: tuple) -> tuple[str, bytes, bytes]:
        kind, public, seat = job
        return kind, rendering.render_table(kind, public, NAMES), rendering.render_hand(kind, seat)

    with ThreadPoolExecutor(max_workers=6) as pool:
        for kind, table, hand in pool.map(render, jobs):
            assert (table, hand) == expected[kind]
