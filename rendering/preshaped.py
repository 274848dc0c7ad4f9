"""Imported by the drawing processes' forkserver (rendering.offload) and nowhere else: the import shapes the
images' right-to-left words (rendering.prewarm) in the forkserver, once, at the drawing processes' lower
priority, so that every drawing process forked from it starts with them shaped.

Why at import: a forkserver runs only its preload imports before it forks, and it must not run threads.
A failure here must not take the forkserver down with it (it only passes over an ImportError): the
drawing processes then shape the words themselves (`rendering.offload._warm`).
"""

import logging

from rendering.offload import lower_priority
from rendering.prewarm import warm_now

log = logging.getLogger(__name__)

lower_priority()
try:
    warm_now()
except Exception:
    log.exception("could not shape the images' words ahead in the forkserver")
