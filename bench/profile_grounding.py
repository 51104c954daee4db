"""Where the base part's grounding goes, on bench_could_produce's board (deterministic counts,
not times, so they hold on a loaded machine):

    python bench/profile_grounding.py 10000          # atoms by signature, body instances by rule
    python bench/profile_grounding.py 10000 --top 60

Atoms: each signature's count in the base part with walk(types) (what a Session grounds).
Body instances: for each rule of those parts, a copy whose head holds all the variables of its
positive body, counted (how many times the grounder instantiates the rule's body in full).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time

import clingo
from clingo import ast

sys.path.insert(0, os.path.dirname(__file__))
from bench_could_produce import generate_board
from mtg_asp.queries.core import load_encodings
from mtg_asp.translator.render import render_state
from mtg_asp.translator.state import load_state


class _Variables(ast.Transformer):
    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_Variable(self, x):
        if x.name != "_" and x.name not in self.names:
            self.names.append(x.name)
        return x


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("size", type=int)
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    facts = render_state(load_state(generate_board(args.size, 2024, None), "<bench>"))
    enc = load_encodings()
    program = "#const l=types.\n" + enc["base"] + "\n" + enc["walk"].replace("#program walk(l).", "#program base.")
    statements: list = []
    ast.parse_string(program, statements.append)
    counted, where = [], {}
    for i, s in enumerate(statements):
        if s.ast_type != ast.ASTType.Rule or not s.body:
            continue
        names = _Variables()
        for lit in s.body:
            if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign and \
                    lit.atom.ast_type in (ast.ASTType.SymbolicAtom, ast.ASTType.Comparison):
                names(lit)
        loc, name = s.location, f"body__{i}"
        head = ast.Function(loc, name, [ast.Variable(loc, v) for v in names.names], False)
        counted.append(ast.Rule(loc, ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(head)), s.body))
        where[name] = str(s)[:140]
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for s in statements + counted:
            builder.add(s)
    ctl.add("base", [], facts)
    start = time.process_time()
    ctl.ground([("base", [])])
    print(f"{args.size} permanents, grounded (with the counting rules) in {time.process_time() - start:.1f} s CPU")
    atoms, bodies = collections.Counter(), collections.Counter()
    for a in ctl.symbolic_atoms:
        sym = a.symbol
        (bodies if sym.name.startswith("body__") else atoms)[sym.name if sym.name.startswith("body__")
                                                             else f"{sym.name}/{len(sym.arguments)}"] += 1
    for title, counter, label in (("atoms", atoms, lambda k: k), ("body instances", bodies, where.get)):
        total = sum(counter.values())
        print(f"\n{title}: {total:,}, {total / args.size:.2f} a permanent")
        for key, n in counter.most_common(args.top):
            print(f"{n:>10,} {n / args.size:6.2f}  {label(key)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
