"""A time budget per request: the engine answers every request within REQUEST_BUDGET_MS of its own
work, or with the declared error `over_budget`, and goes on with the next.

Python has no time limit of its own, and some inputs cost without bound: a tokenizer.json `Split`
pattern such as (a|aa)+$ backtracks 2^40 times on "a" * 40 + "b" (Oniguruma and Python's re alike),
and the static check for the commonest shape (toklab.hf._config.nested_repeat) cannot see them all.

The clock is the worker's (web/worker.mjs): Pyodide asks its "interrupt buffer" now and then while
Python runs, between bytecodes and inside re's matching loop; the worker's buffer answers SIGINT once
the deadline armed here has passed, and Python raises KeyboardInterrupt wherever it is. `within`
arms the clock for one request and turns that KeyboardInterrupt into ToklabError("over_budget").
`restart` gives the request its whole budget again once a table has loaded: loading an open model
may take long on a slow machine and is not the request's own work (the page's longer timeout for it
stays the bound). Without a clock (CPython, tests) nothing is armed and nothing is stopped.

    >>> with within(50):
    ...     raise KeyboardInterrupt
    Traceback (most recent call last):
    toklab.errors.ToklabError: the request ran longer than 0.05 s, the most one request may take here, and was stopped (a pattern or a text that costs more than it should); the engine goes on with the next one
"""

from __future__ import annotations

from contextlib import contextmanager

from .errors import ToklabError
from .protocol import REQUEST_BUDGET_MS

__all__ = ["restart", "use_clock", "within"]

_clock = None  # the worker's: clock.arm(ms) sets the deadline ms from now, clock.arm(0) takes it away
_armed = 0  # the budget of the request under way, in ms (0: none)


def use_clock(clock) -> None:
    """The worker hands its clock over once, at boot."""
    global _clock
    _clock = clock


def restart() -> None:
    """The request under way gets its whole budget again (a table has just been loaded)."""
    if _clock is not None and _armed:
        _clock.arm(_armed)


@contextmanager
def within(budget_ms: float | None = None):
    """Runs a request's work under its budget (REQUEST_BUDGET_MS unless told), and says so when it
    runs past it: ToklabError("over_budget", seconds=...)."""
    global _armed
    _armed = budget_ms or REQUEST_BUDGET_MS
    if _clock is not None:
        _clock.arm(_armed)
    try:
        yield
    except KeyboardInterrupt:
        raise ToklabError("over_budget", seconds=_seconds(_armed)) from None
    finally:
        if _clock is not None:
            _clock.arm(0)
        _armed = 0


def _seconds(ms: float) -> float | int:
    """ms in seconds, as a person reads them: 30 or 0.5."""
    return int(ms // 1000) if ms % 1000 == 0 else round(ms / 1000, 2)
