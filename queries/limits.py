"""Limits that hold: a query's time and memory bounded through grounding and solving.

clingo cannot interrupt grounding (ASP-NOTES), and memory a grounder has taken is not given
back; so the queries of a Session run in a worker process of its own, forked from the caller
(the parsed encodings and the loaded cards are shared, copy-on-write), with its address space
capped (RLIMIT_AS) and each request given a deadline. At the deadline, or when the worker runs
out of its memory, the worker is killed (nothing is left running) and the request raises
LimitExceeded; the next request starts a fresh worker, which answers as a fresh Session would.
Ctrl-C in the caller kills the worker too and is raised as usual.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import resource
import signal
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..translator.errors import InputError, SolverError
from .allocator import fast_bins_off
from .core import short_lived

DEFAULT_MEMORY_LIMIT_MB = 4096
# A served object's `here(method, args)` returns this for a query it does not answer itself.
NOT_HERE = "not here"


class LimitExceeded(SolverError):
    """The query reached its time or memory limit and was stopped."""


@dataclass(frozen=True)
class Limits:
    """The time (seconds) and memory (megabytes) a query may use; `deadline` (time.monotonic())
    is an end shared by every request, when the caller has one (the command line: the whole
    command)."""

    time: float
    memory_mb: int = DEFAULT_MEMORY_LIMIT_MB
    deadline: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.time, (int, float)) or isinstance(self.time, bool) or not self.time > 0:
            raise InputError("--time-limit", None, f"must be a positive number of seconds, got {self.time!r}")
        if not isinstance(self.memory_mb, int) or isinstance(self.memory_mb, bool) or self.memory_mb < 64:
            raise InputError("--memory-limit", None, f"must be a whole number of megabytes, at least 64, "
                                                     f"got {self.memory_mb!r}")

    def time_message(self) -> str:
        return (f"the time limit of {self.time:g} s was reached (grounding and solving included); "
                "the query was stopped")

    def memory_message(self) -> str:
        return f"the memory limit of {self.memory_mb} MB was reached; the query was stopped"


# At most this many workers live at once in a process: starting another ends the one used
# least recently (it starts again, and answers the same, if its Session asks again), so that
# Sessions kept alive (a list of them, a test run's items) never pile up idle processes.
MAX_LIVE_WORKERS = 4
_LIVE: dict[int, weakref.ref] = {}      # id(worker) -> the worker, least recently used first


class Worker:
    """A process that builds an object with `make()` and answers calls of its methods, each
    within the limits."""

    def __init__(self, make: Callable[[], Any], limits: Limits):
        self._make = make
        self.limits = limits
        self._process = None
        self._conn = None

    def call(self, method: str, *args: Any) -> Any:
        if self._process is None:
            self._start()
        _LIVE[id(self)] = _LIVE.pop(id(self))          # the most recently used now
        return self._request(method, args)

    def close(self, wait: bool = False) -> None:
        """End the worker; with `wait`, between queries (Session.close), it is asked to end and
        given a second to, having reaped its last query's fork (_reap), so that what the forks
        used is counted in its own usage (RUSAGE_CHILDREN, as the benches read it); killed at
        once otherwise (a limit, Ctrl-C, or no answer)."""
        _LIVE.pop(id(self), None)
        if self._process is not None:
            if wait and self._process.is_alive():
                with contextlib.suppress(OSError, ValueError):
                    self._conn.send(("__exit__", ()))
                    self._process.join(1.0)
            if self._process.is_alive():
                # the worker's group: the worker and the fork running a query
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self._process.pid, signal.SIGKILL)
                self._process.kill()
            self._process.join()
            self._conn.close()
            self._process = self._conn = None

    def _start(self) -> None:
        while len(_LIVE) >= MAX_LIVE_WORKERS:
            oldest = _LIVE[next(iter(_LIVE))]()
            if oldest is None:
                _LIVE.pop(next(iter(_LIVE)))
            else:
                oldest.close()
        _LIVE[id(self)] = weakref.ref(self)
        ctx = multiprocessing.get_context("fork")
        mine, theirs = ctx.Pipe()
        process = ctx.Process(target=_serve, args=(theirs, self._make, self.limits.memory_mb), daemon=True)
        process.start()
        theirs.close()
        self._process, self._conn = process, mine
        self._request("__init__", ())

    def _request(self, method: str, args: tuple) -> Any:
        end = time.monotonic() + self.limits.time
        if self.limits.deadline is not None:
            end = min(end, self.limits.deadline)
        try:
            self._conn.send((method, args))
            if not self._conn.poll(max(end - time.monotonic(), 0)):
                self.close()
                raise LimitExceeded(self.limits.time_message())
            try:
                status, value = self._conn.recv()
            except EOFError:
                raise self._died() from None
        except KeyboardInterrupt:
            self.close()
            raise
        if status == "memory":
            self.close()
            raise LimitExceeded(self.limits.memory_message())
        if status == "error":
            raise value
        return value

    def _died(self) -> SolverError:
        """The worker ended without a word: the C++ runtime aborts (SIGABRT) or the kernel kills
        it (SIGKILL) when an allocation fails under its address-space limit; anything else is a
        crash."""
        self._process.join()
        code = self._process.exitcode
        self.close()
        if code in (-signal.SIGABRT, -signal.SIGKILL, 1):
            return LimitExceeded(self.limits.memory_message())
        return SolverError(f"the query worker stopped unexpectedly (exit code {code}); this is a bug")

    def __del__(self) -> None:
        # at interpreter exit the modules close() uses may be gone; the daemon worker ends anyway
        with contextlib.suppress(Exception):
            self.close()


@contextlib.contextmanager
def time_bounded(limits: Limits):
    """The caller's own work before the worker answers (reading the state file) ended by the
    time limit as well: a SIGALRM at the deadline raises LimitExceeded in it. Only in the main
    thread and while no other alarm is set (a signal handler is the process's); elsewhere the
    work runs unbounded, as before, and the worker's deadline still holds after it. Memory is
    not bounded here: a limit on the address space is the whole process's, and would fail the
    caller's other allocations too."""
    end = time.monotonic() + limits.time
    if limits.deadline is not None:
        end = min(end, limits.deadline)
    free = (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
            and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))
    if not free:
        yield
        return

    def on_alarm(signum, frame):
        raise LimitExceeded(limits.time_message())

    signal.signal(signal.SIGALRM, on_alarm)
    try:
        signal.setitimer(signal.ITIMER_REAL, max(end - time.monotonic(), 0.001))
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


def _serve(conn, make: Callable[[], Any], memory_mb: int) -> None:
    """The worker's loop: requests (method, args) in, ("ok", result) / ("error", exception) /
    ("memory", None) out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # the caller handles Ctrl-C and ends us
    # The query may take memory_mb more than the worker holds when forked (the caller's
    # address space, shared copy-on-write).
    limit = _address_space() + memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.setpgid(0, 0)        # a group of its own: the caller ends it and its query forks at once
    # The worker's Controls (a what-if makes one per state it reaches) allocate with glibc's fast
    # bins off (allocator.py: a third of a what-if's CPU time went to the allocator); set here,
    # in the engine's own process, never in a program that imports the package.
    fast_bins_off()
    served = None
    while True:
        try:
            method, args = conn.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if method == "__exit__":
            return
        if method == "__init__":
            reply = _run(make)
            served = reply[1] if reply[0] == "ok" else None
            _reply(conn, ("ok", None) if reply[0] == "ok" else reply)
        elif method in getattr(served, "unforked", ()):
            # a read of the served object's own state (a Session's timings): no fork needed
            _reply(conn, _run(functools.partial(getattr(served, method), *args)))
        else:
            # what the served object keeps between queries, prepared in the worker before the
            # fork (a Session's what-if world: queries/session.py)
            prepare = getattr(served, "prepare", None)
            if prepare is not None:
                prepare(method, args)
            # what the served object can answer without changing itself, answered here (a
            # Session's what-if its worlds hold: session.py); anything else in a fork
            here = getattr(served, "here", None)
            reply = _run(functools.partial(here, method, args)) if here is not None else ("ok", NOT_HERE)
            if reply[0] == "ok" and reply[1] is NOT_HERE:
                reply = _forked(functools.partial(getattr(served, method), *args))
            _reply(conn, reply)
            _reap()


def _forked(call: Callable[[], Any]) -> tuple:
    """Run a query in a fork of the worker: the served object as built (the state grounded, no
    query's part yet), so every query is answered exactly as on a fresh Session (the same
    program, the same query id, the same first model) and nothing of it stays behind."""
    mine, theirs = multiprocessing.Pipe(duplex=False)
    pid = os.fork()
    if pid == 0:
        mine.close()
        short_lived()
        _reply(theirs, _run(call))
        os._exit(0)
    theirs.close()
    try:
        reply = mine.recv()
    except EOFError:        # it died without a word: an allocation failed under the limit
        reply = ("memory", None)
    mine.close()
    # reaped once the caller has the answer (_reap): the fork's exit, the kernel freeing its
    # copy of the worker's pages, took 6 ms after its reply on bench_whatif's board
    _EXITING.append(pid)
    return reply


_EXITING: list[int] = []      # query forks that replied, not yet reaped


def _reap() -> None:
    """Wait for the query forks that have replied to end (none is left a zombie)."""
    while _EXITING:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(_EXITING.pop(), 0)


def _run(call: Callable[[], Any]) -> tuple:
    try:
        return ("ok", call())
    except MemoryError:
        return ("memory", None)
    except (InputError, SolverError) as e:
        return ("error", e)
    except RuntimeError as e:
        # clingo reports a failed allocation as std::bad_alloc
        return ("memory", None) if "bad_alloc" in str(e) else ("error", _with_trace(e))
    except Exception as e:  # noqa: BLE001 - a bug in a query: passed back, raised there
        return ("error", _with_trace(e))


def _address_space() -> int:
    """This process's virtual memory size in bytes (Linux: /proc/self/statm)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _reply(conn, reply: tuple) -> None:
    try:
        conn.send(reply)
    except MemoryError:
        conn.send(("memory", None))
    except Exception as e:  # noqa: BLE001 - an answer that cannot be pickled: a bug
        conn.send(("error", SolverError(f"the query's answer could not be passed back: "
                                        f"{type(e).__name__}: {e}")))


def _with_trace(e: Exception) -> Exception:
    """A bug's exception, with the worker's traceback as a note (the caller gets its own)."""
    e.add_note("in the query worker:\n" + "".join(traceback.format_exception(e)))
    return e


__all__ = ["DEFAULT_MEMORY_LIMIT_MB", "NOT_HERE", "LimitExceeded", "Limits", "Worker", "time_bounded"]
