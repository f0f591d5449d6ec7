"""Ctrl-C that always stops a run.

A KeyboardInterrupt raised while a garbage-collection callback runs (hypothesis registers one to time its own
collections) is swallowed by Python ("Exception ignored in: gc_callback"), and a run can go on for minutes.
:func:`interruptible` installs a SIGINT handler that records the request before raising; :func:`stop_if_asked`
raises it again at the next safe point (between claims, between checks, between the examples of a search), so an
interrupt lost inside a callback still ends the run there; and the swallowed KeyboardInterrupt is not printed as
an "Exception ignored" traceback (``sys.unraisablehook``, for that exception only, while the run is interruptible).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading

_asked = threading.Event()


def stop_if_asked() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed during an :func:`interruptible` run (and was swallowed)."""
    if _asked.is_set():
        raise KeyboardInterrupt


@contextlib.contextmanager
def interruptible():
    """Within it, SIGINT both records the request and raises KeyboardInterrupt (in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _asked.clear()

    def handler(signum, frame):
        _asked.set()
        raise KeyboardInterrupt

    hook = sys.unraisablehook

    def quiet(unraisable):
        # the request is recorded (_asked); stop_if_asked raises it at the next safe point
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt) and _asked.is_set():
            return
        hook(unraisable)

    previous = signal.signal(signal.SIGINT, handler)
    sys.unraisablehook = quiet
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = hook
        _asked.clear()
