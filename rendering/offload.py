"""Drawing in worker processes, so that the bot's images do not compete for its interpreter lock.

Why: the bot drew table and hand images in threads. Pillow's work is mostly C, but a drawing is also
hundreds of small Python calls, and while drawing threads are busy every other thread that gives up
the lock for I/O (the event loop on each socket write, the database thread on each SQLite statement)
waits up to the interpreter's switch interval to get it back. Under load that made drawing, not
Discord or the database, what capped the moves a second, and the event loop lagged behind while the
drawing threads held the lock (bench.bot's load run, and its run with the images served instantly,
show the difference). Drawing in other processes keeps that lag low and uses the machine's other
cores.

How: the drawing functions that the bot reaches from worker threads (each game's `render_table`, the
hand picture behind every `render_hand` (`rendering.hand`), the standings and the leaderboard) are
wrapped in `offloaded`. While a pool is installed (`install`, done by the bot at start-up) the calling
thread hands the call to one of the pool's processes (rendering.pool) and waits for the PNG bytes
without holding the lock; otherwise, and inside the pool's own processes, the function simply runs.
Arguments are the same per-seat views as before (hidden information by construction: a worker process
never sees more than the thread did), and the bytes come back equal, so callers and caches are
unchanged.

A call made on a thread that runs an event loop is drawn in place: blocking a loop on another process
would be worse than drawing. A drawing whose process died with it (`WorkerLost`) is drawn in the calling
thread, and the pool starts another process for the next one; a pool that breaks (its processes keep
dying, or none can start) is logged and dropped, and drawing goes back to threads. Either way a
player's move never fails for a picture.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, Protocol, TypeVar

from rendering.pool import DrawingPool, WorkerLost

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

SHARED_RENDERERS = ("rendering.standings", "rendering.leaderboard")
PRESHAPED = "rendering.preshaped"  # imported by the forkserver only, last: it shapes the words ahead
DRAWING_NICENESS = 10  # added to the drawing processes' nice value (see `_warm`)



class Drawer(Protocol):
    """Where offloaded calls go (a `DrawingPool`; tests install their own): `call` answers with the
    function's result or raises its error, and raises `BrokenProcessPool` when it cannot call at all."""

    def call(self, function: Callable[..., R], /, *args: Any, **kwargs: Any) -> R: ...


_pool: Drawer | None = None
_lowered = False  # this process's priority was lowered already (`lower_priority`)
_lock = threading.Lock()
calls = 0  # calls sent to a pool in this process (benchmarks and tests read it)
# "module.function" -> calls sent to a pool in this process (bench.bot's load run prints them per move)
calls_by_function: Counter[str] = Counter()


def renderers() -> tuple[str, ...]:
    """Every module a drawing process imports up front: `rendering.<kind>` per registered game, then
    the boards. Derived from the registry when asked, so importing this module loads no game."""
    from games import registry

    return tuple(f"rendering.{kind}" for kind in registry.kinds()) + SHARED_RENDERERS


def start_pool(processes: int, *, shape_ahead: bool = False) -> DrawingPool:
    """A pool of `processes` drawing processes, started clean (forkserver: no copy of the bot's threads
    or sockets) from a server that imported every renderer first.

    `shape_ahead`: the images' right-to-left words are shaped ahead too (`rendering.prewarm`, seconds of
    a core): in the forkserver, once, before it forks any drawing process (`rendering.preshaped`), or in
    each drawing process on a thread of its own when it was not forked from one that did. The bot asks
    for it when a person or a server reads such a language; otherwise nothing is shaped before an image
    needs it, and the forkserver is ready at once."""
    initargs = (shape_ahead,)
    if "forkserver" not in multiprocessing.get_all_start_methods():  # Windows
        return DrawingPool(processes, multiprocessing.get_context("spawn"), initializer=_warm, initargs=initargs)
    context = multiprocessing.get_context("forkserver")
    # Imported once in the server, so the drawing processes share those pages instead of each its own.
    context.set_forkserver_preload([*renderers(), PRESHAPED] if shape_ahead else list(renderers()))
    # Started now, on a thread (it spawns a process): its imports (and its shaping) overlap the bot's
    # login instead of holding up the first image.
    threading.Thread(target=multiprocessing.forkserver.ensure_running, name="forkserver", daemon=True).start()
    return DrawingPool(processes, context, initializer=_warm, initargs=initargs)


def install(pool: Drawer | None) -> Drawer | None:
    """Send offloaded drawing to `pool` (None: draw in the calling thread). Returns the previous pool."""
    global _pool
    with _lock:
        previous, _pool = _pool, pool
    return previous


def installed() -> Drawer | None:
    return _pool


def offloaded(function: Callable[P, R]) -> Callable[P, R]:
    """`function`, sent to the installed pool when there is one (see the module docstring)."""

    name = f"{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        global calls
        pool = _pool
        if pool is None or _on_event_loop():
            return function(*args, **kwargs)
        calls += 1
        calls_by_function[name] += 1
        try:
            return pool.call(_run, function.__module__, function.__qualname__, args, kwargs)
        except WorkerLost as error:  # this drawing's process died with it; the pool goes on
            log.warning("%s; drawing %s here instead", error, name)
            return function(*args, **kwargs)
        except BrokenProcessPool as error:  # shut down (the bot closing), workers kept dying or cannot start
            return _without(pool, error, function, *args, **kwargs)

    return call


def _without(pool: Drawer, error: BaseException, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Drop a pool that failed (once, whichever thread sees it first) and draw here instead."""
    if install(None) is pool:
        log.error("the drawing processes stopped (%r); drawing in threads from now on", error)
    return function(*args, **kwargs)


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _run(module: str, qualname: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """In a pool process: the undecorated function, found by name (functions travel as names)."""
    target: Any = importlib.import_module(module)
    for part in qualname.split("."):
        target = getattr(target, part)
    return target.__wrapped__(*args, **kwargs)


def lower_priority() -> None:
    """Lower this process's CPU priority by DRAWING_NICENESS, once: a drawing process forked from the
    forkserver, which lowered its own before shaping words (rendering.preshaped), keeps that one.

    The lower priority is for a machine whose cores are all busy: the bot's event loop (answering clicks
    within Discord's 3 s, and a player sees the ack) then runs before the drawing of images that are
    sent after it anyway."""
    global _lowered
    if not _lowered:
        os.nice(DRAWING_NICENESS)
        _lowered = True


def _warm(shape_ahead: bool) -> None:
    """Lower the process's CPU priority, then import the renderers and choose the palette once; with
    `shape_ahead`, shape the images' Urdu words (`rendering.prewarm`) unless the forkserver shaped them
    before forking this process, so a player's first Urdu image does not pay for them.

    Ctrl-C reaches every process of the terminal's group: a drawing process leaves it to the bot, which
    shuts the pool down in order, instead of dying with a traceback mid-drawing.
    """
    lower_priority()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in renderers():
        importlib.import_module(name)
    from rendering.encode import palette
    from rendering.prewarm import warm_in_background, warmed
    from rendering.theme import DEFAULT_THEME

    palette(DEFAULT_THEME)
    if shape_ahead and not warmed():
        warm_in_background()  # the words of right-to-left images, shaped ahead (slow in Nastaliq)
