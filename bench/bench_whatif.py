"""Benchmark: the what-if engine (Session(state).what_if([actions])) against the performance
issue's what-if targets, on one generated 200-permanent board.

    python bench/bench_whatif.py                  # 1000 queries (a few minutes)
    python bench/bench_whatif.py --queries 200    # fewer queries, quicker
    python bench/bench_whatif.py --profile        # also cProfile one query where it runs (the
                                                  # what-if on a Solver in this process, as a
                                                  # Session's worker runs it; top 15)

The board (deterministic): two players, alice active in her precombat main phase; alice's
Aminatou, the Fateshifter, then 199 permanents dealt alternately to alice and bob in a
repeating pattern of ten: four basic lands, two Llanowar Elves, two Endless Ones with one to
three +1/+1 counters, a Pacifism controlled by the other player enchanting one of those
Endless Ones, and a Bonesplitter attached to one of its controller's Elves. alice also has
Unsummon and an Endless One in hand and {U}{G}{G}{G} in her mana pool (for target 2).

Target 1 (the performance issue): "a single-action query on a 200-permanent state at most
10 ms median on a shared Session", and "a Session answering 1,000 different what-ifs on one
state at least 10x faster than a fresh Session for each". The queries are single-action what-ifs: `bounce ID`, `flicker ID`, `exile ID`,
`move ID to graveyard` for every permanent and `activate ami -1 targeting ID` for every
other permanent alice owns, shuffled (seeded) and repeated to --queries. `shared` is one
Session(state) built once (its construction counted) answering every query in turn; `fresh`
is Session(state).what_if([q]) per query. When --sample is smaller than --queries the fresh
side is timed on that many queries spread evenly over the list and its total extrapolated
(marked `~`). Each sampled query's two answers must be identical (to_json equal). PASS when the shared Session's
median per-query time is at most 10 ms (TARGET_MEDIAN), and (a second line) when fresh/shared
per-query time is at least 10 (TARGET_RATIO).

Target 2: "a 10-action sequence on 200 permanents under 0.5 s": one what_if call
with ten actions (cast Unsummon, resolve, flicker, bounce, Aminatou's -1, resolve, move to
the graveyard, cast Endless One with X = 3, resolve, exile), on a fresh Session each run;
median of --runs. Every action has exactly one way to go, so the answer must be one outcome
(its end state is checked too). PASS when Session + what_if is under 0.5 s (the what_if
call alone is printed beside it).

Also printed: the CPU time of the Session's worker and the forks that answered its queries
(steadier than wall time on a shared machine), Session(state) construction for the board (median of 5), and the shared
Session's per-query time over the first and the last tenth of the queries (a Session that
keeps every earlier query's facts gets slower as it answers more).

Exit 0 when every target PASSes and every answer checks, 1 otherwise. Timing is only
reported here; the tests never assert on time.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import resource
import statistics
import sys
import time

from mtg_asp.queries import Session
from mtg_asp.translator.model import GameState
from mtg_asp.translator.state import load_state

SIZE = 200
TARGET_RATIO = 10.0
TARGET_MEDIAN = 0.010
TARGET_SEQUENCE = 0.5
LANDS = ("Forest", "Island", "Plains", "Swamp")

# Target 2's ten actions, with the ids of board(): elf15 (alice's, Bonesplitter split19 on it),
# one16 (bob's, two counters, alice's Pacifism paci18 on it), land21 (alice's Island), elf25
# (alice's, split29 on it), paci38 (alice's, on bob's one36), split9 (alice's, on elf5).
SEQUENCE = (
    "cast unsummon targeting elf15",     # pays {U}; one payment
    "resolve",                           # elf15 to hand; split19 becomes unattached (SBA)
    "flicker one16",                     # returns with no counters: 0/0 dies, paci18 to graveyard
    "bounce land21",
    "activate ami -1 targeting elf25",   # loyalty 3 -> 2
    "resolve",                           # elf25 exiled and returned; split29 unattached
    "move paci38 to graveyard",
    "cast newone x=3",                   # pays {X} with {G}{G}{G}; one payment
    "resolve",                           # newone enters with three +1/+1 counters
    "exile split9",
)
SEQUENCE_OUTCOMES = 1


def board(size: int = SIZE) -> dict:
    """The state dict: `size` permanents, alice's Aminatou first (see the docstring)."""
    bf: list[dict] = [{"id": "ami", "card": "Aminatou, the Fateshifter", "controller": "alice"}]
    while len(bf) < size:
        k = len(bf)
        who = "alice" if k % 2 else "bob"
        other = "bob" if who == "alice" else "alice"
        r = k % 10
        if r < 4:
            bf.append({"id": f"land{k}", "card": LANDS[r], "controller": who})
        elif r < 6:
            bf.append({"id": f"elf{k}", "card": "Llanowar Elves", "controller": who})
        elif r < 8:
            bf.append({"id": f"one{k}", "card": "Endless One", "controller": who,
                       "counters": {"+1/+1": 1 + k % 3}})
        elif r == 8:    # enchants the Endless One two before it (same controller, `who`)
            bf.append({"id": f"paci{k}", "card": "Pacifism", "controller": other,
                       "attached_to": f"one{k - 2}"})
        else:           # equips the Elves four before it (same controller)
            bf.append({"id": f"split{k}", "card": "Bonesplitter", "controller": who,
                       "attached_to": f"elf{k - 4}"})
    return {"players": ["alice", "bob"],
            "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
            "battlefield": bf,
            "hand": {"alice": [{"id": "unsummon", "card": "Unsummon"},
                               {"id": "newone", "card": "Endless One"}]},
            "mana_pool": {"alice": "{U}{G}{G}{G}"}}


def queries(state: GameState, n: int, seed: int) -> list[str]:
    """n single-action what-ifs over the board's ids, shuffled, repeated when n is larger."""
    distinct = []
    for p in state.battlefield:
        distinct += [f"bounce {p.id}", f"flicker {p.id}", f"exile {p.id}", f"move {p.id} to graveyard"]
        if p.id != "ami" and p.owner == "alice":
            distinct.append(f"activate ami -1 targeting {p.id}")
    random.Random(seed).shuffle(distinct)
    return [distinct[i % len(distinct)] for i in range(n)]


def check_sequence(result) -> str | None:
    """What is wrong with target 2's answer (None: right)."""
    if len(result.results) != SEQUENCE_OUTCOMES:
        return f"expected {SEQUENCE_OUTCOMES} outcome, got {len(result.results)}"
    r = result.results[0]
    if r.illegal:
        return f"step {r.illegal.step} ({r.illegal.action}) was illegal: {r.illegal.why}"
    after = r.after(result.start)
    want = {
        "elf15": {"zone": "hand", "new_object": True},
        "one16": {"zone": "graveyard", "new_object": True},
        "paci18": {"zone": "graveyard", "new_object": True},
        "land21": {"zone": "hand", "new_object": True},
        "paci38": {"zone": "graveyard", "new_object": True},
        "split9": {"zone": "exile", "new_object": True},
    }
    for oid, v in want.items():
        if after.get(oid) != v:
            return f"{oid}: expected {v}, got {after.get(oid)}"
    if after.get("newone", {}).get("counters") != {"+1/+1": 3}:
        return f"newone: expected three +1/+1 counters, got {after.get('newone')}"
    if after.get("ami", {}).get("counters") != {"loyalty": 2}:
        return f"ami: expected loyalty 2, got {after.get('ami')}"
    for oid in ("split19", "split29"):
        if after.get(oid, {}).get("attached_to", "?") is not None:
            return f"{oid}: expected unattached, got {after.get(oid)}"
    if after.get("player alice", {}).get("mana_pool") != "":
        return f"alice's pool: expected empty, got {after.get('player alice')}"
    return None


def profile(state: GameState, q: str) -> None:
    """cProfile of one query where a Session's worker runs it: the what-if on a Solver of the
    state in this process (a Session's own profile shows only the wait for its worker), on a
    fresh Solver and again with the state's StepWorld and the settle world of the query's zone
    (what a Session uses from its second what-if on)."""
    from mtg_asp.queries.core import Solver
    from mtg_asp.queries.step_world import StepWorld
    from mtg_asp.queries.whatif import parse_action, read_state, settle_world, what_if
    world = StepWorld(state, 60.0)
    event = parse_action(q, 0).events[0]
    if event[0] == "move":
        built = settle_world(world, event[2], 60.0)
        if built is not None:
            world.settle_worlds[event[2]] = built
    for label, world_ in (("on a fresh Solver", None), ("with the state's StepWorld and settle world", world)):
        solver = Solver(state)
        if world_ is not None:
            read_state(solver)
        prof = cProfile.Profile()
        prof.enable()
        what_if(solver, [q], world=world_)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(15)
        print(f"\ncProfile of {q!r} {label}, top 15 cumulative:")
        print(out.getvalue().rstrip() + "\n")


def children_cpu() -> float:
    """CPU seconds of the processes this one has waited for (a Session's worker, with the forks
    that answered its queries, once the Session is closed): on a shared machine, where wall time
    varies by tens of percent from one minute to the next, the steadier measure of work done."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1000:10.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--queries", type=int, default=1000, help="what-if queries for target 1 (default 1000)")
    ap.add_argument("--sample", type=int, default=50,
                    help="fresh-Session queries actually timed; the rest extrapolated (default 50)")
    ap.add_argument("--runs", type=int, default=3, help="runs of target 2 (median; default 3)")
    ap.add_argument("--seed", type=int, default=2024, help="query shuffle seed")
    ap.add_argument("--profile", action="store_true",
                    help="also cProfile one what-if query (shared and fresh) and print the top 10")
    args = ap.parse_args(argv)
    if args.queries < 1 or args.sample < 1:
        ap.error("--queries and --sample must be at least 1")

    import clingo
    print(f"mtg-asp bench: what-if on {SIZE} permanents; python {sys.version.split()[0]}, "
          f"clingo {clingo.__version__}, {args.queries} queries, seed {args.seed}\n")
    wall = time.perf_counter()
    state = load_state(board(), "<bench>")
    assert len(state.battlefield) == SIZE
    failures: list[str] = []

    # -- Session construction ---------------------------------------------------------------
    builds = []
    for _ in range(5):
        gc.collect()
        t0 = time.perf_counter()
        s = Session(state)
        builds.append((time.perf_counter() - t0, s.timings.ground))
    build = statistics.median(b for b, _ in builds)
    build_ground = statistics.median(g for _, g in builds)
    del s

    # -- target 1: one shared Session vs a fresh Session per query ----------------------------
    qs = queries(state, args.queries, args.seed)
    gc.collect()
    per_query: list[float] = []
    shared_answers: list[dict] = []
    t0 = time.perf_counter()
    cpu0 = children_cpu()
    shared = Session(state)
    for q in qs:
        t = time.perf_counter()
        shared_answers.append(shared.what_if([q]).to_json())
        per_query.append(time.perf_counter() - t)
    shared_total = time.perf_counter() - t0
    shared.close()
    shared_cpu = children_cpu() - cpu0
    del shared

    n_fresh = min(args.sample, len(qs))
    picks = sorted({round(i * len(qs) / n_fresh) for i in range(n_fresh)})
    fresh_times = []
    mismatches = []
    gc.collect()
    for i in picks:
        t = time.perf_counter()
        answer = Session(state).what_if([qs[i]]).to_json()
        fresh_times.append(time.perf_counter() - t)
        if answer != shared_answers[i]:
            mismatches.append(qs[i])
    extrapolated = len(picks) < len(qs)
    fresh_per = statistics.fmean(fresh_times)
    fresh_total = fresh_per * len(qs)
    shared_per = shared_total / len(qs)
    ratio = fresh_per / shared_per
    if mismatches:
        failures.append(f"shared and fresh answers differ for {len(mismatches)} of {len(picks)} "
                        f"sampled queries, e.g. {mismatches[:3]}")
    shared_median = statistics.median(per_query)
    tenth = max(1, len(qs) // 10)
    first, last = statistics.fmean(per_query[:tenth]), statistics.fmean(per_query[-tenth:])

    # -- target 2: a 10-action sequence -------------------------------------------------------
    runs = []
    result = None
    for _ in range(args.runs):
        gc.collect()
        cpu0 = children_cpu()
        t0 = time.perf_counter()
        s = Session(state)
        t1 = time.perf_counter()
        result = s.what_if(list(SEQUENCE))
        t2 = time.perf_counter()
        s.close()
        runs.append((t1 - t0, t2 - t1, t2 - t0, children_cpu() - cpu0))
    seq_session, seq_whatif, seq_total, seq_cpu = (statistics.median(c) for c in zip(*runs))
    wrong = check_sequence(result)
    if wrong:
        failures.append(f"10-action sequence: {wrong}")

    # -- the table ----------------------------------------------------------------------------
    mark = "~" if extrapolated else " "

    def row(label: str, seconds: float, approx: str = " ") -> None:
        print(f"{label:<58}{approx}{fmt_ms(seconds)}")

    print(f"{'measure':<58} {'ms':>10}")
    print("-" * 69)
    row("Session(state) construction (median of 5)", build)
    row("  of which clingo grounding", build_ground)
    row(f"target 1: shared Session, total for {len(qs)} queries", shared_total)
    row("  per query", shared_per)
    row("  per query, median", shared_median)
    row("  per query, CPU of the worker and its forks (mean)", shared_cpu / len(qs))
    row(f"  per query, first {tenth} queries", first)
    row(f"  per query, last {tenth} queries", last)
    row(f"target 1: fresh Session per query, total for {len(qs)}"
        + (f" (~ from {len(picks)})" if extrapolated else ""), fresh_total, mark)
    row("  per query", fresh_per)
    row(f"target 2: Session(state) (median of {args.runs})", seq_session)
    row(f"target 2: what_if, 10 actions (median of {args.runs})", seq_whatif)
    row("target 2: total", seq_total)
    row("target 2: CPU of the worker and its forks (median)", seq_cpu)
    print(f"\n10-action sequence: {len(result.results)} outcome(s) (expected {SEQUENCE_OUTCOMES})"
          f"{'' if wrong else ', end state checked'}")
    print(f"answers identical, shared vs fresh: {len(picks) - len(mismatches)} of {len(picks)} sampled")

    ok1 = ratio >= TARGET_RATIO
    ok_median = shared_median <= TARGET_MEDIAN
    ok2 = seq_total < TARGET_SEQUENCE
    print("\ntargets")
    print(f"  {'PASS' if ok_median else 'FAIL'}  single-action query on the shared Session, median "
          f"{shared_median * 1000:.1f} ms (target <= {TARGET_MEDIAN * 1000:g} ms)")
    print(f"  {'PASS' if ok1 else 'FAIL'}  per query, fresh Session / shared Session = {mark.strip()}{ratio:.2f}x "
          f"(target >= {TARGET_RATIO:g}x)")
    print(f"  {'PASS' if ok2 else 'FAIL'}  10-action sequence on {SIZE} permanents in {seq_total:.3f} s "
          f"(what_if alone {seq_whatif:.3f} s; target < {TARGET_SEQUENCE:g} s)")
    print("\nanswers", "checked: all right" if not failures else "WRONG:")
    for f in failures:
        print("  " + f)
    print(f"\nbench wall time {time.perf_counter() - wall:.1f} s")

    if args.profile:
        profile(state, qs[0])
    return 0 if ok1 and ok_median and ok2 and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
