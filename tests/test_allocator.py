"""queries/allocator.py: glibc's fast bins are off in a process that imported the solving core,
and MTG_ASP_FASTBINS=1 keeps glibc's default (the switch the design notes' A/B used)."""

import os
import platform
import subprocess
import sys

import pytest

PROBE = "import mtg_asp.queries.core, mtg_asp.queries.allocator as a; print(a._done)"

glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")


def _done(env_value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "MTG_ASP_FASTBINS"}
    if env_value is not None:
        env["MTG_ASP_FASTBINS"] = env_value
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


@glibc
def test_core_import_turns_fast_bins_off():
    assert _done(None) == "True"


@glibc
def test_environment_keeps_the_default():
    assert _done("1") == "False"
