#!/usr/bin/env python3
"""can-pay on generated boards, as a scale curve (issue 14: 1,000 permanents under 1 s, 10x the
board at most 12x the time, peak memory under 500 MB).

For each board size (100, 1,000 and 10,000 permanents by default), in a child process of its
own: the time to build the Session (the state rendered and grounded in its worker) and to
answer can-pay for several costs (payable and not; median of --runs), and the peak resident
memory of that child and the processes it waited for (the Session's worker and the query's
fork: queries/limits.py). Then the ratio of each size's slowest can-pay to the size 10x
smaller. The answers are checked against what the board must allow, so a fast wrong answer
fails.

    python bench/bench_canpay.py [--sizes 100 1000 10000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time

from mtg_asp.queries import Session
from mtg_asp.queries.limits import LimitExceeded
from mtg_asp.translator.state import load_state

# alice's permanents: basic lands, mana creatures and costed or sacrifice mana abilities
ALICE = [("Forest", 30), ("Island", 20), ("Swamp", 10), ("Mountain", 10), ("Plains", 10),
         ("Reflecting Pool", 5), ("Llanowar Elves", 5), ("Birds of Paradise", 3),
         ("Pili-Pala", 2), ("Grim Monolith", 1), ("Cascading Cataracts", 1),
         ("Squandered Resources", 1), ("Mana Confluence", 2)]
BOB = [("Forest", 5), ("Island", 5), ("Exotic Orchard", 2)]
COSTS = ["{2}{G}{G}", "{W}{U}{B}{R}{G}", "{10}", "{G}" * 150, "{3}{U}{U}{B}{B}"]
TARGET_1000 = 1.0      # seconds, the slowest can-pay on 1,000 permanents
TARGET_RATIO = 12.0    # 10x the board at most 12x the time
TARGET_MIB = 500.0


def board(size: int, seed: int) -> dict:
    """alice's share of the board in ALICE's proportions, exactly (largest remainders), three in
    ten of each card tapped, in an order the seed shuffles; bob's 12 permanents. The mix is the
    same at every size, so a 10x board is this board ten times over: sampling each permanent at
    random gave 4 untapped Cascading Cataracts (127 outcomes each) at 1,000 and 75 at 10,000,
    and the ratio measured the sample, not the growth."""
    n = size - 12
    total = sum(w for _, w in ALICE)
    exact = [(name, n * w / total) for name, w in ALICE]
    counts = {name: int(x) for name, x in exact}
    for name, x in sorted(exact, key=lambda e: e[1] - int(e[1]), reverse=True)[:n - sum(counts.values())]:
        counts[name] += 1
    bf = []
    for name, k in counts.items():
        tapped = round(0.3 * k)
        bf += [{"card": name, "controller": "alice", "tapped": i < tapped} for i in range(k)]
    random.Random(seed).shuffle(bf)
    for name, k in BOB:
        bf += [{"card": name, "controller": "bob"} for _ in range(k)]
    return {"players": ["alice", "bob"], "turn": {"number": 6, "active": "alice", "step": "precombat_main"},
            "battlefield": bf}


def untapped(state, card: str) -> int:
    return sum(1 for p in state.battlefield if p.controller == "alice" and p.card == card and not p.tapped)


def one_size(size: int, runs: int, seed: int, limit: float) -> None:
    """In a child process: one board size, printed as one JSON line (a query stopped at the time
    limit counts as the limit, and its answer as None)."""
    state = load_state(board(size, seed))
    sessions, times, answers = [], {c: [] for c in COSTS}, {}
    for _ in range(runs):
        t = time.perf_counter()
        s = Session(state, time_limit=limit)
        s.can_pay("bob", "{G}")      # the worker starts and grounds the state on its first query
        sessions.append(time.perf_counter() - t)
        for c in COSTS:
            t = time.perf_counter()
            try:
                answers[c] = s.can_pay("alice", c).payable
            except LimitExceeded:
                answers[c] = None
            times[c].append(time.perf_counter() - t)
        s.close()
    # what must hold: {2}{G}{G} payable with two untapped Forests and two more lands; 150 {G}
    # cannot be paid with fewer than 150 green sources (Forests, Llanowar Elves, Birds, Pool,
    # Confluence, Pili-Pala, Cataracts' five, Squandered Resources' sacrificed Forests).
    green = untapped(state, "Forest")
    expect = {COSTS[0]: green >= 2}
    if size <= 200:
        expect[COSTS[3]] = False
    wrong = [c for c, v in expect.items() if answers[c] is not None and answers[c] != v]
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(json.dumps({"session": statistics.median(sessions),
                      "times": {c: statistics.median(v) for c, v in times.items()},
                      "payable": [answers[c] for c in COSTS], "wrong": wrong, "peak_mib": peak / 1024}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="*", default=[100, 1000, 10000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--limit", type=float, default=60.0, help="time limit of one query, seconds")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)     # one size (a child)
    args = ap.parse_args()
    if args.one is not None:
        one_size(args.one, args.runs, args.seed, args.limit)
        return 0
    print(f"can-pay bench: median of {args.runs}; times in ms; peak = the child's and its workers' RSS")
    print(f"{'size':>6} {'session':>8} " + " ".join(f"{c[:14]:>16}" for c in COSTS)
          + f" {'slowest':>8} {'peak MiB':>9}  check")
    ok, slowest = True, {}
    for size in args.sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(size), "--runs", str(args.runs),
                              "--seed", str(args.seed), "--limit", str(args.limit)], capture_output=True, text=True, check=True).stdout
        row = json.loads(out.strip().splitlines()[-1])
        slowest[size] = max(row["times"].values())
        cols = " ".join(f"{row['times'][c] * 1000:16.1f}" for c in COSTS)
        check = "WRONG: " + ", ".join(row["wrong"]) if row["wrong"] else "ok"
        ok &= not row["wrong"]
        print(f"{size:6d} {row['session'] * 1000:8.1f} {cols} {slowest[size] * 1000:8.1f} "
              f"{row['peak_mib']:9.1f}  {check}  (payable: {', '.join(str(p) for p in row['payable'])}; "
              "None: stopped at the time limit)")
        if size == 1000:
            met = slowest[size] < TARGET_1000 and row["peak_mib"] < TARGET_MIB
            print(f"{'PASS' if met else 'FAIL'}  1,000 permanents: the slowest can-pay in {slowest[size]:.3f} s "
                  f"(target {TARGET_1000:g} s), peak {row['peak_mib']:.0f} MiB (target {TARGET_MIB:g})")
    for size in args.sizes:
        if size // 10 in slowest and size % 10 == 0:
            ratio = slowest[size] / slowest[size // 10]
            print(f"{'PASS' if ratio <= TARGET_RATIO else 'FAIL'}  {size // 10} -> {size} permanents: "
                  f"the slowest can-pay {ratio:.1f}x the time (target at most {TARGET_RATIO:g}x)")
    print("answers checked:", "all right" if ok else "WRONG")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
