"""queries/allocator.py: glibc's fast bins are off in a Session's worker (the engine's own
process, limits.py) and nowhere else: a program that imports the package keeps its allocator;
MTG_ASP_FASTBINS=1 keeps glibc's default in the worker too (the switch the design notes' A/B
used)."""

import os
import platform
import subprocess
import sys

import pytest

PROBE = """
import mtg_asp.queries.core, mtg_asp.queries.session
from mtg_asp.queries import allocator
from mtg_asp.queries.limits import Limits, Worker

class Probe:
    def done(self):
        return allocator._done

print(allocator._done, Worker(Probe, Limits(30.0)).call("done"))
"""

glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")


def _done(env_value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "MTG_ASP_FASTBINS"}
    if env_value is not None:
        env["MTG_ASP_FASTBINS"] = env_value
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True,
                         timeout=60)
    return out.stdout.strip()


@glibc
def test_the_worker_turns_fast_bins_off_and_the_importing_process_keeps_them():
    assert _done(None) == "False True"


@glibc
def test_environment_keeps_the_default():
    assert _done("1") == "False False"
