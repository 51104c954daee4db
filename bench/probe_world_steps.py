"""Probe: where bench_whatif's 10-action sequence spends its clingo time, by program part.

    python bench/probe_world_steps.py [--runs 3]

Runs the sequence (bench_whatif.SEQUENCE on its 200-permanent board) in this process, as a
Session's worker runs it (`what_if` on a Solver of the state), with clingo's Control wrapped to
count: Controls made, `ground()` calls and their time by the parts they ground, the statements
each call prepares (clingo prepares every statement added so far at each call: the sum of the
statements of every text added to that Control before it), `add()` time, solves and their time,
settle rounds. Works on any commit of the package (run an old one with PYTHONPATH pointing at
its tree) so two commits can be compared in the same minutes. Prints numbers only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import clingo
import clingo.ast

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_whatif import SEQUENCE, board
from mtg_asp.queries.core import Solver
from mtg_asp.queries.whatif import what_if
from mtg_asp.translator.state import load_state

_STATEMENTS: dict[int, int] = defaultdict(int)      # statements added, by Control
_COUNTED: dict[str, int] = {}                       # statements of a text, counted once
LOG: list[tuple] = []                               # (kind, seconds, parts, statements)


def _count(text: str) -> int:
    n = _COUNTED.get(text)
    if n is None:
        box = [0]

        def cb(_stm):
            box[0] += 1
        clingo.ast.parse_string(text, cb)
        n = _COUNTED[text] = box[0] - text.count("#program")
    return n


def _wrap() -> None:
    ground, add, solve, init = (clingo.Control.ground, clingo.Control.add, clingo.Control.solve,
                                clingo.Control.__init__)

    def w_init(self, *a, **k):
        t = time.perf_counter()
        init(self, *a, **k)
        LOG.append(("control", time.perf_counter() - t, (), 0))

    def w_add(self, *a, **k):
        text = a[-1] if a else k["program"]
        t = time.perf_counter()
        add(self, *a, **k)
        LOG.append(("add", time.perf_counter() - t, (), 0))
        _STATEMENTS[id(self)] += _count(text)

    def w_ground(self, parts=(("base", ()),), *a, **k):
        n = _STATEMENTS[id(self)]
        t = time.perf_counter()
        ground(self, parts, *a, **k)
        LOG.append(("ground", time.perf_counter() - t, tuple(p[0] for p in parts), n))

    def w_solve(self, *a, **k):
        t = time.perf_counter()
        r = solve(self, *a, **k)
        LOG.append(("solve", time.perf_counter() - t, (), 0))
        return r
    clingo.Control.__init__, clingo.Control.add = w_init, w_add
    clingo.Control.ground, clingo.Control.solve = w_ground, w_solve


def one_run(state) -> dict:
    LOG.clear()
    t = time.perf_counter()
    what_if(Solver(state), list(SEQUENCE))
    total = time.perf_counter() - t
    grounds = [e for e in LOG if e[0] == "ground"]
    by_part: dict[str, list[float]] = defaultdict(list)
    for _, s, parts, _n in grounds:
        key = "+".join(sorted({p for p in parts if not p.endswith("_fact")}) or ["(facts)"])
        by_part[key].append(s)
    return {"total": total, "controls": sum(1 for e in LOG if e[0] == "control"),
            "grounds": len(grounds), "ground_s": sum(e[1] for e in grounds),
            "stm_mean": statistics.fmean(e[3] for e in grounds) if grounds else 0,
            "adds": sum(1 for e in LOG if e[0] == "add"), "add_s": sum(e[1] for e in LOG if e[0] == "add"),
            "solves": sum(1 for e in LOG if e[0] == "solve"), "solve_s": sum(e[1] for e in LOG if e[0] == "solve"),
            "settles": sum(1 for e in grounds if "settle" in e[2]), "by_part": by_part,
            "base_stm": [e[3] for e in grounds if "base" in e[2]]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    _wrap()
    state = load_state(board(), "<bench>")
    what_if(Solver(state), ["bounce land21"])        # warm: encodings parsed, imports done
    runs = [one_run(state) for _ in range(args.runs)]
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0] if k not in ("by_part", "base_stm")}
    print(f"sequence in-process, median of {args.runs}: {med['total'] * 1000:.0f} ms")
    print(f"  Controls {med['controls']:.0f}; ground() calls {med['grounds']:.0f}, {med['ground_s'] * 1000:.0f} ms, "
          f"statements prepared per call (mean) {med['stm_mean']:.0f}; base part statements "
          f"{runs[0]['base_stm'][:1]}")
    print(f"  add() {med['adds']:.0f} calls {med['add_s'] * 1000:.0f} ms; solve() {med['solves']:.0f} calls "
          f"{med['solve_s'] * 1000:.0f} ms; settle rounds {med['settles']:.0f}")
    print(f"  {'parts of a ground() call':<52}{'calls':>6}{'ms':>8}{'ms/call':>9}")
    last = runs[-1]["by_part"]
    for key, ts in sorted(last.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {key[:52]:<52}{len(ts):>6}{sum(ts) * 1000:>8.1f}{statistics.fmean(ts) * 1000:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
