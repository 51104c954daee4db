"""Benchmark: a what-if cast paid from lands (queries/pay_plans.py, asp/payment.lp pay_plan):
how long `cast` takes, and how many outcomes it has, when the pool is empty and the caster
has N untapped lands (half Forests, half Mountains) and casts Endless One with X = K (K
generic mana: every K-subset of the lands is a subset-minimal plan, so C(N, K) outcomes).

    python bench/bench_pay_from_lands.py              # a few board sizes
    python bench/bench_pay_from_lands.py --runs 5     # median of 5 runs each
    python bench/bench_pay_from_lands.py --max-lands 5   # only the boards of up to 5 lands

Also timed: `cast ... paying with` the first K lands (one plan). Timing is only reported
here; the tests never assert on time."""

from __future__ import annotations

import argparse
import statistics
import time
from math import comb

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

CASES = ((3, 1), (5, 2), (8, 3), (10, 3))


def state(n: int):
    lands = [{"id": f"l{i}", "card": "Forest" if i % 2 == 0 else "Mountain", "controller": "alice"}
             for i in range(n)]
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                       "battlefield": lands, "hand": {"alice": [{"id": "one", "card": "Endless One"}]}})


def timed(n: int, action: str, runs: int) -> tuple[float, int]:
    times, outcomes = [], 0
    for _ in range(runs):
        with Session(state(n), time_limit=600) as session:
            start = time.perf_counter()
            result = session.what_if([action])
            times.append(time.perf_counter() - start)
            outcomes = len(result.results)
    return statistics.median(times), outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--max-lands", type=int, default=10)
    args = parser.parse_args()
    print(f"{'lands':>5} {'X':>2} {'outcomes':>8} {'expected':>8} {'cast s':>8} {'paying with s':>13}")
    for n, k in (c for c in CASES if c[0] <= args.max_lands):
        every, outcomes = timed(n, f"cast one x={k}", args.runs)
        fixed, _ = timed(n, f"cast one x={k} paying with " + " ".join(f"l{i}" for i in range(k)), args.runs)
        print(f"{n:>5} {k:>2} {outcomes:>8} {comb(n, k):>8} {every:>8.2f} {fixed:>13.2f}")


if __name__ == "__main__":
    main()
