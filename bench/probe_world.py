"""Probe: what the "ground once, query by externals" design of the what-if would cost, measured
on bench_whatif's 200-permanent board, before anyone rewrites the what-if for it.

    python bench/probe_world.py               # 100 probe queries
    python bench/probe_world.py --queries 300

This does not answer what-if queries. It measures the solver costs the design would have, so
the game-steps issue's target 1 (1,000 what-if queries on one Session at least 20x faster than
a fresh Session each) can be judged before the rewrite:

- a *world* Control: the encodings with the state's changing facts (every fact about an
  object, a player's life, pool and the turn) as `#external` atoms instead of facts, over a
  domain that also holds the facts of every permanent's next object in its owner's hand (what
  a bounce makes, CR 400.7); the card facts stay facts;
- the what-if step parts grounded once in it (`action`, `act_move`, `detect` for the step, with
  `act(q, move(O, Z))` an external for every object O and zone Z; `departed`, `sba`, `detect`
  for the check after it);
- per probe query (a bounce of one permanent): switch the bounce on and enumerate its changes
  (the action's solve), then switch the world to the state after the bounce and solve again
  (the check of state-based actions), then switch both back.

Printed beside them: today's costs from the same run (a fresh Session of the board, and one
`what_if(["bounce ID"])` on a fresh and on a shared Session), and the ratio the design would
give: fresh (the world built and one query: the world replaces today's Session for the
what-if) over one query. Exit 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import clingo
import clingo.ast
from bench_whatif import board  # bench/ is on the path when this script is run
from mtg_asp.queries import Session
from mtg_asp.translator.render import render_state
from mtg_asp.translator.state import load_state

# The facts about the players' state that change in a game; every fact naming an object
# changes too. The rest describe the cards and the players' seats.
PLAYER_STATE = {"life", "pool", "active_player", "current_step", "current_turn", "energy", "poison",
                "lands_played", "land_played", "commander_damage", "commander_casts"}
ZONES = "hand;graveyard;exile;battlefield;library"
STEP_PARTS = "#external act(1, move(O, Z)) : object(O), Z = (" + ZONES + ").\n"


def state_facts(text: str) -> list[clingo.Symbol]:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return [a.symbol for a in ctl.symbolic_atoms]


def names_object(s: clingo.Symbol) -> bool:
    if s.type != clingo.SymbolType.Function:
        return False
    return s.name == "obj" or any(names_object(a) for a in s.arguments)


def bounced(o: clingo.Symbol) -> clingo.Symbol:
    return clingo.Function("obj", [o.arguments[0], clingo.Number(o.arguments[1].number + 1)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=int, default=100, help="probe queries (default 100)")
    args = ap.parse_args(argv)
    print(f"mtg-asp probe: ground once, query by externals; clingo {clingo.__version__}\n")

    state = load_state(board(), "<bench>")
    facts = state_facts(render_state(state))
    changing = [f for f in facts if f.name in PLAYER_STATE or names_object(f)]
    card = [f for f in facts if f not in set(changing)]
    objects = [f.arguments[0] for f in changing if f.name == "object"]
    on_bf = [o for o in objects if clingo.Function("in_zone", [o, clingo.Function("battlefield")]) in set(facts)]
    # The domain also holds each permanent's next object in its owner's hand (a bounce).
    of = {(f.name, f.arguments[0]): f.arguments[1] for f in changing
          if f.name in ("object_card", "owner") and len(f.arguments) == 2}
    extra = []
    for o in on_bf:
        n = bounced(o)
        extra += [clingo.Function("object", [n]), clingo.Function("in_zone", [n, clingo.Function("hand")]),
                  clingo.Function("object_card", [n, of[("object_card", o)]]),
                  clingo.Function("owner", [n, of[("owner", o)]])]

    # -- today's costs ----------------------------------------------------------------------
    sessions = []
    for _ in range(5):
        t = time.perf_counter()
        Session(state)
        sessions.append(time.perf_counter() - t)
    fresh_today = []
    for o in on_bf[:10]:
        t = time.perf_counter()
        Session(state).what_if([f"bounce {o.arguments[0].string}"])
        fresh_today.append(time.perf_counter() - t)
    shared = Session(state)
    shared_today = []
    for o in on_bf[10:30]:
        t = time.perf_counter()
        shared.what_if([f"bounce {o.arguments[0].string}"])
        shared_today.append(time.perf_counter() - t)

    # -- the world Control ------------------------------------------------------------------
    t0 = time.perf_counter()
    ctl = clingo.Control(["--models=0", "--heuristic=Domain", "--warn=none"])
    entry = Path(__file__).resolve().parent.parent / "asp" / "main.lp"
    with clingo.ast.ProgramBuilder(ctl) as b:
        clingo.ast.parse_files([str(entry)], b.add)
    ctl.add("base", [], "".join(f"{s}.\n" for s in card)
            + "".join(f"#external {s}.\n" for s in changing + extra))
    ctl.add("candidates", [], STEP_PARTS)
    t1 = time.perf_counter()
    ctl.ground([("base", [])])
    for s in changing:
        ctl.assign_external(s, True)
    t2 = time.perf_counter()
    one, two = clingo.Number(1), clingo.Number(2)
    ctl.ground([("candidates", []), ("action", [one]), ("act_move", [one]), ("detect", [one]),
                ("departed", [two]), ("sba", [two]), ("detect", [two])])
    t3 = time.perf_counter()

    def solve(project: bool) -> list:
        conf = ctl.configuration.solve
        conf.project, conf.models = ("project", 0) if project else ("no", 1)
        out: list = []
        ctl.solve(on_model=lambda m: out.append(m.symbols(shown=True)))
        return out

    on = clingo.Function("whatif_on", [one])
    act_times, switch_times, sba_times, wrong = [], [], [], 0
    targets = [on_bf[i % len(on_bf)] for i in range(args.queries)]
    # Each object's facts, found before the timing: a real implementation keeps them by object
    # (finding them by a scan of every fact took 3-4 ms a query, which an earlier version of
    # this probe timed as the solve's).
    facts_of: dict[clingo.Symbol, list[clingo.Symbol]] = {}
    for f in changing:
        for a in f.arguments:
            if a.type == clingo.SymbolType.Function and a.name == "obj":
                facts_of.setdefault(a, []).append(f)
    for o in targets:
        act = clingo.Function("act", [one, clingo.Function("move", [o, clingo.Function("hand")])])
        t = time.perf_counter()
        ctl.assign_external(act, True)
        ctl.assign_external(on, True)
        models = solve(True)
        ctl.assign_external(act, False)
        ctl.assign_external(on, False)
        t_act = time.perf_counter()
        moved = [s for m in models for s in m if s.name == "ch" and s.arguments[0].number == 1
                 and s.arguments[1].name == "zone" and s.arguments[1].arguments[0] == o]
        wrong += len(models) != 1 or len(moved) != 1
        # the world after the bounce: the old object gone, the new one in its owner's hand
        n = bounced(o)
        after = [clingo.Function("object", [n]), clingo.Function("in_zone", [n, clingo.Function("hand")]),
                 clingo.Function("object_card", [n, of[("object_card", o)]]),
                 clingo.Function("owner", [n, of[("owner", o)]])]
        before = facts_of[o]
        t_switch = time.perf_counter()
        for f in before:
            ctl.assign_external(f, False)
        for f in after:
            ctl.assign_external(f, True)
        t_switched = time.perf_counter()
        solve(False)
        t_sba = time.perf_counter()
        for f in after:
            ctl.assign_external(f, False)
        for f in before:
            ctl.assign_external(f, True)
        act_times.append(t_act - t)
        switch_times.append(t_switched - t_switch)
        sba_times.append(t_sba - t_switched)

    rules = int(ctl.statistics["problem"]["lp"]["rules"])
    build = statistics.median(sessions)
    world_ground = (t2 - t1) + (t3 - t2)
    query = statistics.fmean(act_times) + statistics.fmean(switch_times) + statistics.fmean(sba_times)
    # A fresh Session of the design is the world: it replaces today's Session for the what-if.
    fresh_design = (t1 - t0) + world_ground + query

    def row(label: str, seconds: float) -> None:
        print(f"{label:<64}{seconds * 1000:9.1f}")

    print(f"{'measure':<64}{'ms':>9}")
    print("-" * 73)
    row("today: Session(state) construction (median of 5)", build)
    row("today: what_if bounce, fresh Session each (mean of 10)", statistics.fmean(fresh_today))
    row("today: what_if bounce, one shared Session (mean of 20)", statistics.fmean(shared_today))
    row("world: parse the encodings and add the state", t1 - t0)
    row("world: ground the state as externals", t2 - t1)
    row("world: ground the step parts once", t3 - t2)
    row(f"world: a bounce's solve, enumerated (mean of {len(targets)})", statistics.fmean(act_times))
    row("world: switching the world to the state after it (mean)", statistics.fmean(switch_times))
    row("world: the solve of the state after it (mean)", statistics.fmean(sba_times))
    print(f"\nground rules in the world: {rules}")
    print(f"bounces with exactly one outcome moving the object: {len(targets) - wrong} of {len(targets)}")
    print(f"today's ratio, fresh / shared: {statistics.fmean(fresh_today) / statistics.fmean(shared_today):.1f}x")
    print(f"the design's ratio, fresh (the world built, then one query) / one query: {fresh_design / query:.1f}x")
    print("  (the solves only: a query's Python, today 1-3 ms, is not in it; nor are more rounds of "
          "state-based actions, each another solve)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
