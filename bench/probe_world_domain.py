"""Probe: the "ground once, query by externals" design of the what-if with the domain it would
need for bench_whatif's queries, measured on its 200-permanent board before anyone builds it.

    python bench/probe_world_domain.py               # 200 distinct queries
    python bench/probe_world_domain.py --queries 900 # every distinct query of the bench

probe_world.py measures two solves of a bounce in a world whose domain holds one extra object per
permanent. A real world's domain must hold every fact of every state a query reaches (the state
after each action and after each round of state-based actions): new objects in each zone, a
flickered permanent's new timestamp, Aminatou's loyalty after -1 and the ability on the stack
with its target. Here that domain is taken from today's engine:

1. each distinct bench query (bounce, flicker, exile, move to the graveyard, Aminatou's -1 with
   each target) is answered by today's what-if, recording every state it builds a Session for
   (each state after an action and after each round of state-based actions), in order;
2. the world: the encodings with every fact that changes in any recorded state (or the start)
   as an `#external`, the card facts as facts, and the step parts grounded once with q = 1
   (`action`, `act_move`, `act_activate`, `detect`; the action and its target externals over
   every object) and the check's with q = 2 (`departed`, `sba`, `detect`);
3. per query, what the world would do: for each event, switch the world to the state it acts on
   and enumerate the step (its act externals on); for each recorded state, switch the world to
   it and solve the check. Switching is assigning the externals that differ from the state the
   world is in.

This is the best case for the design's domain (it holds exactly what the queries reach; a real
one would predict it and hold more) and leaves out the Python a query also does (decoding the
step's changes and writing the next state: about 1 ms at 200 permanents), the `arrived` part for
commanders (903.9a; the board has none) and the triggered abilities (none trigger here). Printed:
the world's size and build time, the per-query times, and the ratio fresh (world built, then
one query) over one query, for the design's target 1 of at least 20x. Exit 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import clingo
import clingo.ast
from bench_whatif import board, queries  # bench/ is on the path when this script is run
from mtg_asp.queries import Session
from mtg_asp.queries import whatif as whatif_module
from mtg_asp.translator.render import render_state
from mtg_asp.translator.state import load_state
from probe_world import PLAYER_STATE, names_object


def fact_set(state) -> set[str]:
    """The state's facts as text, one per fact (the renderer writes `fact.` separated by space
    or newline; comments start with %)."""
    out = set()
    for line in render_state(state).splitlines():
        line = line.split("%", 1)[0].strip()
        for part in line.split(". "):
            part = part.strip().rstrip(".")
            if part:
                out.add(part)
    return out


def record(session: Session, query: str) -> list:
    """The states today's what-if builds a Session for while answering `query`, in order."""
    seen: list = []
    original = whatif_module._session

    def spy(state, like):
        seen.append(state)
        return original(state, like)

    whatif_module._session = spy
    try:
        session.what_if([query])
    finally:
        whatif_module._session = original
    return seen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=int, default=200, help="distinct queries (default 200, at most ~900)")
    args = ap.parse_args(argv)
    print(f"mtg-asp probe: the world with the domain its queries reach; clingo {clingo.__version__}\n")

    start = load_state(board(), "<bench>")
    distinct = list(dict.fromkeys(queries(start, 10_000, seed=1)))[:args.queries]

    # -- 1. what today's engine reaches ------------------------------------------------------
    t = time.perf_counter()
    shared = Session(start)
    reached = {q: record(shared, q) for q in distinct}
    t_record = time.perf_counter() - t
    start_facts = fact_set(start)
    facts_of = {id(s): fact_set(s) for states in reached.values() for s in states}
    every = set(start_facts).union(*facts_of.values())

    # -- 2. the world ------------------------------------------------------------------------
    symbols = {f: clingo.parse_term(f) for f in every}
    changing = {f for f, s in symbols.items() if s.name in PLAYER_STATE or names_object(s)}
    objects = sorted({s.arguments[0] for f, s in symbols.items() if s.name == "object"})
    ami = start.library.get("Aminatou, the Fateshifter")
    minus_one = next(a.line for a in ami.abilities if any(c.kind == "loyalty" and c.count == -1 for c in a.costs))
    ami_ability = clingo.parse_term(f'ab("{ami.name}",{minus_one})')
    ami_obj = clingo.parse_term('obj("ami",0)')
    zones = ["hand", "graveyard", "exile", "battlefield", "library"]

    t0 = time.perf_counter()
    ctl = clingo.Control(["--models=0", "--heuristic=Domain", "--warn=none"])
    entry = Path(__file__).resolve().parent.parent / "asp" / "main.lp"
    with clingo.ast.ProgramBuilder(ctl) as b:
        clingo.ast.parse_files([str(entry)], b.add)
    ctl.add("base", [], "".join(f"{f}.\n" for f in every - changing)
            + "".join(f"#external {f}.\n" for f in changing))
    acts = "".join(f"#external act(1, move({o}, {z})).\n" for o in objects for z in zones)
    acts += f"#external act(1, activate({ami_obj}, {ami_ability})).\n"
    acts += "".join(f"#external act_target(1, 1, {o}).\n" for o in objects)
    ctl.add("candidates", [], acts)
    t1 = time.perf_counter()
    ctl.ground([("base", [])])
    t2 = time.perf_counter()
    one, two = clingo.Number(1), clingo.Number(2)
    ctl.ground([("candidates", []), ("action", [one]), ("act_move", [one]), ("act_activate", [one]),
                ("detect", [one]), ("departed", [two]), ("sba", [two]), ("detect", [two])])
    t3 = time.perf_counter()

    current: set[str] = set()
    solving: list[float] = []

    def switch(target: set[str]) -> None:
        for f in current - target:
            if f in changing:
                ctl.assign_external(symbols[f], False)
        for f in target - current:
            if f in changing:
                ctl.assign_external(symbols[f], True)
        current.clear()
        current.update(target)

    def solve(project: bool, switch_on: clingo.Symbol | None) -> int:
        conf = ctl.configuration.solve
        conf.project, conf.models = ("project", 0) if project else ("no", 1)
        if switch_on is not None:
            ctl.assign_external(switch_on, True)
        n = [0]
        t = time.perf_counter()
        ctl.solve(on_model=lambda m: n.__setitem__(0, n[0] + len(m.symbols(shown=True))))
        solving.append(time.perf_counter() - t)
        if switch_on is not None:
            ctl.assign_external(switch_on, False)
        return n[0]

    switch(start_facts)
    on = clingo.Function("whatif_on", [one])
    per_query, step_solves, checks = [], 0, 0
    for q in distinct:
        words = q.split()
        # `bounce ID`, `flicker ID`, `exile ID`, `move ID to graveyard`, `activate ami -1 targeting ID`
        target = clingo.Function("obj", [clingo.String(words[-1] if words[0] == "activate" else words[1]),
                                         clingo.Number(0)])
        if words[0] == "activate":
            events = [(start_facts, [clingo.Function("act", [one, clingo.Function("activate", [ami_obj, ami_ability])]),
                                     clingo.Function("act_target", [one, one, target])])]
        else:
            zone = {"bounce": "hand", "exile": "exile", "move": "graveyard", "flicker": "exile"}[words[0]]
            events = [(start_facts, [clingo.Function("act", [one, clingo.Function("move", [target, clingo.Function(zone)])])])]
            if words[0] == "flicker":      # the second event acts on the state after the first
                mid = facts_of[id(reached[q][0])]
                back = clingo.Function("obj", [target.arguments[0], clingo.Number(1)])
                events.append((mid, [clingo.Function("act", [one, clingo.Function("move", [back, clingo.Function("battlefield")])])]))
        t = time.perf_counter()
        for facts, externals in events:
            switch(facts)
            for e in externals:
                ctl.assign_external(e, True)
            solve(True, on)
            for e in externals:
                ctl.assign_external(e, False)
            step_solves += 1
        for s in reached[q]:
            switch(facts_of[id(s)])
            solve(False, None)
            checks += 1
        per_query.append(time.perf_counter() - t)
        switch(start_facts)

    rules = int(ctl.statistics["problem"]["lp"]["rules"])
    build = (t1 - t0) + (t2 - t1) + (t3 - t2)
    query = statistics.fmean(per_query)
    n = len(distinct)

    def row(label: str, seconds: float) -> None:
        print(f"{label:<66}{seconds * 1000:9.1f}")

    print(f"{'measure':<66}{'ms':>9}")
    print("-" * 75)
    row(f"today: recording {n} what-ifs on one shared Session (mean)", t_record / n)
    row("world: parse the encodings and add the facts", t1 - t0)
    row(f"world: ground the state as externals ({len(changing)} externals)", t2 - t1)
    row("world: ground the step and check parts once", t3 - t2)
    row(f"world: a query ({step_solves / n:.2f} step solves, {checks / n:.2f} checks; mean)", query)
    row("world: a query, median", statistics.median(per_query))
    row("world: of a query, in clingo's solve calls (mean)", sum(solving) / n)
    row("world: one solve (mean)", statistics.fmean(solving))
    print(f"\nground rules in the world: {rules}; facts in the start state: {len(start_facts)}; "
          f"facts in the domain: {len(every)}")
    print(f"the design's ratio, fresh (the world built, then one query) / one query: {(build + query) / query:.1f}x")
    print("  (the solves and switches only: decoding the changes and writing the next state, about "
          "1 ms a query today, are not in it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
