"""What each rule of a what-if's reached state costs to ground, in that state's program:

    python bench/profile_rule_cost.py            # the 4th state of bench_whatif's sequence
    python bench/profile_rule_cost.py 7 --top 60 # another state, more rules

The program is what a reached state's Solver grounds in its first ground() call (its facts, the
base part and the walk as the Reach and Deferred choose them, the settle round's parts for query
1), captured as text. Each rule with a body is then added again `--copies` times with a head of
its own (a new 0-ary atom nothing reads: the body is instantiated as the rule's is), and the
program grounded with them and without them, alternately, three times; the rule's cost is the
median difference over the copies. The costs sum to about the whole program's time when the
profile is flat. Times, so run it on a quiet machine: it prints the program's own spread, the
noise each cost carries (divided by --copies).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import clingo
from clingo import ast

sys.path.insert(0, os.path.dirname(__file__))
import bench_whatif
from mtg_asp.queries import core, whatif
from mtg_asp.queries.core import Solver
from mtg_asp.translator.state import load_state

SETTLE = ("step", "action", "settle", "detect")


def reached_states() -> list:
    """The states bench_whatif's ten-action sequence gives Solvers of their own, in order."""
    states = []
    made = Solver.__init__

    def init(self, state, *args, **kw):
        states.append(state)
        made(self, state, *args, **kw)
    Solver.__init__ = init
    try:
        start = load_state(bench_whatif.board(), "<bench>")
        whatif.what_if(Solver(start), list(bench_whatif.SEQUENCE))
    finally:
        Solver.__init__ = made
    return states


def first_program(state) -> tuple[str, list]:
    """The text a deferred Solver of the state adds before its first settle round's ground(),
    and the parts that call grounds."""
    texts: list[str] = []
    add = clingo.Control.add

    def capture(self, name, params, text):
        texts.append(text)
        return add(self, name, params, text)
    clingo.Control.add = capture
    parse_from, core._PARSE_FROM = core._PARSE_FROM, 1 << 30        # every part added as text
    statements, core._STATEMENTS = core._STATEMENTS, {}
    try:
        solver = Solver(state, defer=True)
        with solver.query() as query:
            solver.ground([(p, [query.term]) for p in SETTLE])
    finally:
        clingo.Control.add = add
        core._PARSE_FROM, core._STATEMENTS = parse_from, statements
    parts = [("base", []), ("walk", [clingo.Function("types")]), *((p, [query.term]) for p in SETTLE)]
    return "\n".join(texts), parts


def ground_time(program: str, parts: list, extra: str = "") -> float:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], program)
    if extra:
        ctl.add("base", [], extra)
    start = time.perf_counter()
    ctl.ground(parts)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("state", type=int, nargs="?", default=3, help="which reached state (default 3)")
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()
    states = reached_states()
    program, parts = first_program(states[args.state])
    whole = statistics.median(ground_time(program, parts) for _ in range(7))
    rules: list[tuple[str, ast.AST]] = []
    directive = ["#program base."]

    def take(stmt) -> None:
        if stmt.ast_type == ast.ASTType.Program:
            directive[0] = str(stmt)
        elif stmt.ast_type == ast.ASTType.Rule and stmt.body:
            rules.append((directive[0], stmt))
    ast.parse_string(program, take)
    costs = []
    for j, (under, rule) in enumerate(rules):
        loc = rule.location
        copies = [str(ast.Rule(loc, ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
            ast.Function(loc, f"copy_{j}_{k}", [], 0))), rule.body)) for k in range(args.copies)]
        extra = under + "\n" + "\n".join(copies)
        # paired with the program alone, measured alternately (the host's speed drifts)
        pairs = [(ground_time(program, parts, extra), ground_time(program, parts)) for _ in range(3)]
        costs.append((statistics.median(a - b for a, b in pairs) / args.copies, under, str(rule)))
    costs.sort(key=lambda c: -c[0])
    spread = [ground_time(program, parts) for _ in range(7)]
    print(f"state {args.state} of {len(states)}: the first ground {whole * 1000:.2f} ms (7 more runs: "
          f"{min(spread) * 1000:.2f}-{max(spread) * 1000:.2f} ms, the noise each cost below carries divided "
          f"by --copies), {len(rules)} rules with a body, their costs sum to {sum(c[0] for c in costs) * 1000:.2f} ms")
    for cost, under, text in costs[:args.top]:
        print(f"{cost * 1e6:8.1f} us  {under.removeprefix('#program ')[:18]:18s} {text[:150]}")


if __name__ == "__main__":
    main()
