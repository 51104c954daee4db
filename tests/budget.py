"""How many examples a property test runs: all of them under the `thorough` Hypothesis profile
(`HYPOTHESIS_PROFILE=thorough`), a quarter (at least 10) under the default `quick` one."""

from __future__ import annotations

import os

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def examples(n: int) -> int:
    return n if THOROUGH else max(10, n // 4)
