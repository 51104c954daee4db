"""The C allocator's fast bins turned off (glibc) in a Session's worker process (limits.py), before
any Control.

A clingo Control makes and frees hundreds of thousands of small C++ objects as it prepares and
grounds the encodings' 3,000 statements, and a what-if makes a Control per state it reaches.
glibc keeps freed small chunks in "fast bins" that it never merges until a larger request
comes, and then merges them all (malloc_consolidate): profiled with perf on a what-if, a third
of the process's CPU time was glibc's allocator, malloc_consolidate alone a tenth. With fast
bins off (mallopt M_MXFAST = 0; the per-thread cache still serves small requests) freed chunks
are merged as they are freed, and the same what-if takes a quarter to a third less CPU time
(docs/design-notes.md, "A what-if's new state"). Only where the allocator is kept: nothing a
program computes depends on it, so every answer is the same.

MTG_ASP_FASTBINS=1 in the environment keeps glibc's default (for measuring both sides). On a C
library without mallopt (musl, macOS, Windows) nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

_M_MXFAST = 1      # glibc's malloc.h: the largest request served from a fast bin
_done = False


def fast_bins_off() -> bool:
    """Turn glibc's fast bins off for this process (once); whether it was done."""
    global _done
    if _done:
        return True
    if os.environ.get("MTG_ASP_FASTBINS") == "1":
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    _done = mallopt(_M_MXFAST, 0) == 1     # mallopt returns 1 on success
    return _done


__all__ = ["fast_bins_off"]
