"""Ctrl-C that always stops a run, and never inside native code.

A Python signal handler runs wherever the interpreter next checks for signals, and that can be inside a native
call that called back into Python (a pybind11-bound function, a scipy/numpy/torch or python-flint callback, a
garbage-collection callback). A KeyboardInterrupt raised there is either swallowed ("Exception ignored in:
gc_callback", and the run goes on for minutes) or, through a C++ frame, aborts the process (``terminate called
after throwing an instance of 'pybind11::error_already_set'``): nothing printed, the partial report lost.

So within :func:`interruptible` the first Ctrl-C only records the request (and says so on stderr);
:func:`stop_if_asked` raises KeyboardInterrupt at the next safe point (between claims, between checks, between
the examples of a search), where the runner turns it into a partial report, exit 130. A second Ctrl-C raises at
once, for a check that would otherwise run on; a KeyboardInterrupt swallowed then (``sys.unraisablehook``) is not
printed as an "Exception ignored" traceback, the request being recorded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading

_asked = threading.Event()

_NOTICE = b"\nspecproof: stopping after the current check (Ctrl-C again to stop now)\n"


def stop_if_asked() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed during an :func:`interruptible` run."""
    if _asked.is_set():
        raise KeyboardInterrupt


@contextlib.contextmanager
def interruptible():
    """Within it, a first SIGINT is recorded (raised by :func:`stop_if_asked`), a second one raises KeyboardInterrupt
    at once (in the main thread only; elsewhere SIGINT keeps its handler)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _asked.clear()

    def handler(signum, frame):
        if _asked.is_set():  # the second Ctrl-C: stop now
            raise KeyboardInterrupt
        _asked.set()
        with contextlib.suppress(OSError):  # os.write: safe wherever the handler runs (no buffered-stream reentry)
            os.write(2, _NOTICE)

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
