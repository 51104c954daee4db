"""Benchmark: could-produce and activations on generated boards.

    python bench/bench_could_produce.py                   # sizes 1000 10000 100000
    python bench/bench_could_produce.py --sizes 100 1000
    python bench/bench_could_produce.py --profile 10000   # cProfile one pass of that size

For each size a deterministic (seeded) board of that many permanents is generated: 2-4
players, ~15% Reflecting Pools, ~15% Exotic Orchards, basic lands of a few colors, Fellwar
Stones, Naga Vitalists, Star Compasses, mana creatures with and without summoning sickness,
{Q} creatures, Snow Mercy, a few Umbral Mantles on creatures; some permanents tapped. With
three or more players the last one controls no basic land at all, so its Pools only see
what its Orchards see, which is what the other players' lands (Pools and Orchards among
them) could produce: the could-produce chains really propagate.

Each size is measured --runs times (median reported) from the state dict to both answers:

    load      load_state(dict)                         (Python: card library, validation, ids)
    session   Session(state) wall time                 (render + parse + ground)
    ground    of which clingo grounding (s.timings.ground)
    cp        first s.could_produce()  wall time       (solve + decode)
    solve     of which clingo solving  (s.timings.solve)
    acts      s.activations() wall time                (decode only: the answer is cached)
    total     load + session + cp + acts

Every answer is checked (outside the timed region) against an independent Python
fixpoint of CR 106.7 and a Python evaluation of the {T}/{Q}/summoning-sickness/timing
rules, so a broken encoding cannot produce a fast-but-wrong table. Targets (from the
issue): 1,000 permanents answered in under 0.5 s total, and 10x the permanents costs at
most 15x the time (for other size ratios r: at most r ** log10(15)).

Timing is only reported here; the tests never assert on time.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import itertools
import json
import math
import pstats
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from mtg_asp.queries import Session
from mtg_asp.translator.cards import Ability, Card, CardLibrary, Cost
from mtg_asp.translator.errors import SolverError
from mtg_asp.translator.model import GameState
from mtg_asp.translator.state import load_state

DEFAULT_SIZES = (1000, 10000, 100000)   # the scale curve of issue 14, in one run
TARGET_SIZE = 1000
TARGET_SECONDS = 0.5
TARGET_RATIO_PER_10X = 15.0
LARGE_SIZE, LARGE_SECONDS, LARGE_MB = 100_000, 20.0, 1024      # issue 14
REPLACEMENT_N, REPLACEMENT_SECONDS = 15, 0.3                    # issue 14
PLAYER_NAMES = ("alice", "bob", "carol", "dave")
INTRINSIC = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
TURN = 7

# {Q} creatures (CR 107.6): activatable only while tapped.
Q_CREATURES = (
    "Pili-Pala", "Merrow Wavebreakers", "Safehold Sentry", "Patrol Signaler", "Puresight Merrow",
    "Knacksaw Clique", "Silkbind Faerie", "Leech Bonder", "Gilder Bairn", "Hateflayer",
    "Farmstead Gleaner", "Duergar Mine-Captain", "Order of Whiteclay", "Pale Wayfarer",
    "Merrow Grimeblotter", "Crackleburr",
)
MANA_CREATURES = ("Birds of Paradise", "Llanowar Elves", "Sylvan Caryatid", "Naga Vitalist")

# (category, weight in percent). Lands that add "any color" (City of Brass, Gemstone Mine,
# Vivid Crag, Cavern of Souls) are left out on purpose: one of them anywhere makes every
# Orchard (and through it every Pool) produce all five colors, and the answers would no
# longer tell a working chain from an encoding that says "everything".
MIX = (
    ("Reflecting Pool", 15),
    ("Exotic Orchard", 15),
    ("basic", 30),
    ("Fellwar Stone", 5),
    ("Star Compass", 4),
    ("mana creature", 14),      # of which Naga Vitalist is one in four
    ("q creature", 12),
    ("Snow Mercy", 1.5),
    ("Cunning Sparkmage", 1),   # haste: {T} while summoning sick (CR 702.10c)
    ("Umbral Mantle", 1.5),     # grants "{3}, {Q}: ..." to the equipped creature (613.1f)
    ("Squandered Resources", 1),
)


# -- the board ---------------------------------------------------------------------------------


def generate_board(size: int, seed: int, n_players: int | None = None) -> dict:
    """A state dict with `size` permanents; the same (size, seed, players) gives the same board."""
    rng = random.Random(f"{seed}:{size}")
    if n_players is None:
        n_players = random.Random(seed).choice((2, 3, 4))   # the same for every size
    players = list(PLAYER_NAMES[:n_players])
    # A palette of three colors, dealt round-robin to the players that have basics; the
    # first of them also has Wastes ({C}); with 3+ players the last one has no basic land.
    palette = rng.sample(sorted(BASICS), 3)
    with_basics = players[:-1] if n_players >= 3 else players
    basics: dict[str, list[str]] = {p: [] for p in players}
    for i, color in enumerate(palette):
        basics[with_basics[i % len(with_basics)]].append(BASICS[color])
    basics[with_basics[0]].append("Wastes")
    active = rng.choice(players)

    categories = [c for c, _ in MIX]
    weights = [w for _, w in MIX]
    battlefield: list[dict] = []
    creatures: dict[str, list[int]] = {p: [] for p in players}
    mantles: list[int] = []
    for _ in range(size):
        controller = rng.choice(players)
        kind = rng.choices(categories, weights)[0]
        item: dict = {"controller": controller}
        tapped_chance = 0.25
        if kind == "basic":
            item["card"] = rng.choice(basics[controller]) if basics[controller] else "Exotic Orchard"
        elif kind == "mana creature":
            item["card"] = rng.choice(MANA_CREATURES)
        elif kind == "q creature":
            item["card"] = rng.choice(Q_CREATURES)
            tapped_chance = 0.7
        else:
            item["card"] = kind
        if item["card"] in MANA_CREATURES or kind in ("q creature", "Cunning Sparkmage"):
            if rng.random() < 0.5:       # control began in a recorded turn: maybe sick
                item["since_turn"] = rng.randint(1, TURN)
            creatures[controller].append(len(battlefield))
        if item["card"] == "Umbral Mantle":
            mantles.append(len(battlefield))
        if rng.random() < tapped_chance:
            item["tapped"] = True
        battlefield.append(item)
    # Equipment needs its creature's id: those few creatures get explicit ids, all other
    # ids are derived by the loader. One Mantle per creature: with two on one creature the
    # encodings report one granted ability instead of two instances (a known gap, not
    # what this bench measures).
    for n, m in enumerate(mantles):
        hosts = [h for h in creatures[battlefield[m]["controller"]] if "id" not in battlefield[h]]
        if hosts:
            host = battlefield[rng.choice(hosts)]
            host["id"] = f"equipped_{n}"
            battlefield[m]["attached_to"] = host["id"]
    return {"players": players, "turn": {"number": TURN, "active": active, "step": "precombat_main"},
            "battlefield": battlefield}


# -- the independent checks ------------------------------------------------------------------

COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_LETTERS = ("W", "U", "B", "R", "G")
TYPE_LETTERS = COLOR_LETTERS + ("C",)


def words_of(card: Card) -> set[str]:
    colors = set()
    for s in card.mana_cost:
        colors.update(COLOR_WORD[h] for h in s.split("/") if h in COLOR_WORD)
    return {*card.types, *card.supertypes, *card.subtypes, *colors}


def expected_could_produce(state: GameState) -> dict[str, set[str]]:
    """CR 106.7 as a plain least fixpoint over players (not over permanent pairs)."""
    lib = state.library
    cards = {p.card: lib.get(p.card) for p in state.battlefield}
    words = {name: words_of(c) for name, c in cards.items()}
    opponents = {p: [q for q in state.players if q != p] for p in state.players}
    fixed: dict[str, set[str]] = {}
    looks: dict[str, list] = {}          # card name -> [(filter, whose, kind)]
    for name, card in cards.items():
        fixed[name], looks[name] = set(), []
        for a in card.abilities:
            if a.kind == "intrinsic":     # CR 305.6: a basic land type's {T}: Add [mana]
                fixed[name].update(INTRINSIC[t] for t in a.intrinsic)   # (a tuple: Forest Island)
                continue
            if a.kind != "activated" or a.mana is None or a.targets:
                continue
            m = a.mana
            if m.kind == "fixed":
                fixed[name].update(s for option in m.options for s in option)
            elif m.kind == "any":
                fixed[name].update(COLOR_LETTERS if m.of_kind == "color" else TYPE_LETTERS)
            else:
                looks[name].append((frozenset(m.filter), m.whose, m.of_kind))
    out = {p.id: set(fixed[p.card]) for p in state.battlefield}
    filters = {f for ls in looks.values() for f, _, _ in ls}
    while True:
        seen: dict[tuple, set[str]] = {(pl, f): set() for pl in state.players for f in filters}
        for p in state.battlefield:
            for f in filters:
                if f <= words[p.card]:
                    seen[(p.controller, f)] |= out[p.id]
        changed = False
        for p in state.battlefield:
            for f, whose, kind in looks[p.card]:
                sources = [p.controller] if whose == "you" else opponents[p.controller]
                new = set().union(*(seen[(q, f)] for q in sources))
                if kind == "color":
                    new.discard("C")
                if not new <= out[p.id]:
                    out[p.id] |= new
                    changed = True
        if not changed:
            return out


def expected_activations(state: GameState) -> set[tuple]:
    """(object, line, player, granted_by) for every ability activatable now, by the rules
    the encodings decide: timing (602.5d, 502.4, 514.3), {T}/{Q} in any order (107.5, 107.6,
    601.2h), summoning sickness (302.6) and haste (702.10c)."""
    lib = state.library
    n = len(state.players)
    pos = {p: i for i, p in enumerate(state.players)}
    turn = state.turn
    most_recent = {}
    for p in state.players:
        m = turn.number - (pos[turn.active] - pos[p]) % n
        most_recent[p] = m if m >= 1 else None
    priority = turn.step not in ("untap", "cleanup")
    main = turn.step in ("precombat_main", "postcombat_main")
    by_id = {p.id: p for p in state.battlefield}

    abilities: dict[str, list[tuple[Ability, str | None]]] = {p.id: [] for p in state.battlefield}
    for p in state.battlefield:
        card = lib.get(p.card)
        abilities[p.id].extend((a, None) for a in card.abilities if a.kind == "activated")
        abilities[p.id].extend((Ability(a.line, "activated", costs=(Cost("tap"),)), None)
                               for a in card.abilities if a.kind == "intrinsic")
        host = by_id.get(p.attached_to) if p.attached_to else None
        for a in card.abilities:
            if a.granted is None or host is None or "creature" not in lib.get(host.card).types:
                continue
            wanted = {"equipped_creature": "equipment", "enchanted_creature": "aura"}[a.grant_to]
            if wanted in card.subtypes and a.granted.kind == "activated":
                abilities[host.id].append((a.granted, p.id))

    out = set()
    for p in state.battlefield:
        card = lib.get(p.card)
        sick = "creature" in card.types and (
            most_recent[p.controller] is None
            or (p.since_turn is not None and p.since_turn >= most_recent[p.controller]))
        haste = any("haste" in a.keywords for a in card.abilities if a.kind == "keywords")
        for a, granted_by in abilities[p.id]:
            if not priority:
                continue
            if a.timing == "sorcery" and not (main and p.controller == turn.active):
                continue
            nt = sum(c.kind == "tap" for c in a.costs)
            nq = sum(c.kind == "untap" for c in a.costs)
            if nt or nq:
                first, second = (nq, nt) if p.tapped else (nt, nq)   # alternate, from its state
                if first not in (second, second + 1):
                    continue
                if sick and not haste:
                    continue
            out.add((p.id, a.line, p.controller, granted_by))
    return out


def check(state: GameState, cp, acts) -> list[str]:
    """What is wrong with the answers (empty: all right), plus structural spot checks."""
    problems: list[str] = []
    want = expected_could_produce(state)
    got = {k: set(v) for k, v in cp.types.items()}
    if set(got) != set(want):
        problems.append(f"could_produce answers {len(got)} ids, expected {len(want)}")
    wrong = [i for i in want if got.get(i) != want[i]]
    for i in wrong[:5]:
        problems.append(f"could_produce {i}: got {sorted(got.get(i, ()))}, expected {sorted(want[i])}")
    if len(wrong) > 5:
        problems.append(f"... and {len(wrong) - 5} more wrong could_produce answers")
    # Spot checks in words, independent of the fixpoint above.
    lands = {}
    for p in state.battlefield:
        lands.setdefault(p.controller, set()).add(p.card)
    for p in state.battlefield:
        if p.card == "Reflecting Pool" and "Forest" in lands[p.controller] and "G" not in got.get(p.id, ()):
            problems.append(f"{p.id}: a Reflecting Pool whose controller has a Forest cannot produce G")
            break
    if not any(got.get(p.id) for p in state.battlefield if p.card == "Exotic Orchard"):
        problems.append("no Exotic Orchard could produce anything")

    want_a = expected_activations(state)
    got_a = {(a.object, a.ability, a.player, a.granted_by) for a in acts.allowed}
    if not got_a:
        problems.append("no activation is allowed")
    if got_a != want_a:
        missing, extra = sorted(want_a - got_a, key=str), sorted(got_a - want_a, key=str)
        problems.append(f"activations: {len(missing)} missing, {len(extra)} unexpected; "
                        f"e.g. missing {missing[:3]}, unexpected {extra[:3]}")
    if len(acts.allowed) != len(got_a):
        problems.append("activations: duplicates in the allowed list")
    return problems


# -- measuring ---------------------------------------------------------------------------------

COLUMNS = ("load", "session", "ground", "cp", "solve", "acts", "total")


@dataclass
class Run:
    times: dict[str, float]
    state: GameState
    cp: object
    acts: object


def run_once(board: dict, library: CardLibrary | None) -> Run:
    gc.collect()
    t0 = time.perf_counter()
    state = load_state(board, "<bench>", library)
    t1 = time.perf_counter()
    session = Session(state)
    t2 = time.perf_counter()
    cp = session.could_produce()
    t3 = time.perf_counter()
    acts = session.activations()
    t4 = time.perf_counter()
    times = {"load": t1 - t0, "session": t2 - t1, "ground": session.timings.ground,
             "cp": t3 - t2, "solve": session.timings.solve, "acts": t4 - t3, "total": t4 - t0}
    return Run(times, state, cp, acts)


# One pass in a fresh interpreter: its peak memory, the query worker processes included (their
# largest resident set: RUSAGE_CHILDREN, as each is waited for).
PEAK_SCRIPT = r"""
import json, resource, sys
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
with Session(load_state(json.load(sys.stdin), "<bench>")) as s:
    s.could_produce()
    s.activations()
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
           resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(peak / 1024)
"""


def peak_memory_mb(board: dict) -> float | None:
    """The peak resident memory (MB) of one pass (load_state, Session, could_produce,
    activations) in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PEAK_SCRIPT], input=json.dumps(board), text=True,
                          capture_output=True, check=False)
    out = done.stdout.strip()
    return float(out.splitlines()[-1]) if done.returncode == 0 and out else None


def replacement_board(n: int) -> dict:
    """bench_orderings' nonbasic land and its first n distinct replacement effects (n + 1
    permanents): could-produce walks every order of them (CR 106.7, 616.1)."""
    import bench_orderings as bo
    return bo.build_state(bo.TURF_LAND, bo.effect_ids(bo.series_effects("distinct/Turf", n)))


def allowed_ratio(size_ratio: float) -> float:
    """15x per 10x, scaled for other size ratios as a power law."""
    return size_ratio ** math.log10(TARGET_RATIO_PER_10X)


def fmt_s(x: float) -> str:
    return f"{x * 1000:8.1f}" if x < 10 else f"{x * 1000:8.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES),
                    help="numbers of permanents (default: 1000 10000 100000)")
    ap.add_argument("--runs", type=int, default=3, help="runs per size; the median is reported")
    ap.add_argument("--seed", type=int, default=2024, help="board generator seed")
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                    help="number of players (default: drawn from the seed, 2-4)")
    ap.add_argument("--shared-library", action="store_true",
                    help="parse the bundled card library once and pass it to load_state "
                         "(default: load_state(dict) parses it each run, as the API does)")
    ap.add_argument("--no-peak", dest="peak", action="store_false",
                    help="leave out the peak memory column (one more pass per size, in a fresh process)")
    ap.add_argument("--replacements", type=int, nargs="*", default=[8, 12, 15], metavar="N",
                    help="also could-produce on a land under N distinct replacement effects "
                         "(default: 8 12 15; none: leave out)")
    ap.add_argument("--profile", type=int, metavar="SIZE", default=None,
                    help="also run cProfile over one pass at SIZE and print the top functions")
    args = ap.parse_args(argv)
    sizes = sorted(set(args.sizes))
    library = CardLibrary.bundled() if args.shared_library else None

    import clingo
    print(f"mtg-asp bench: could_produce + activations; python {sys.version.split()[0]}, "
          f"clingo {clingo.__version__}, seed {args.seed}, median of {args.runs} run(s)"
          + (", card library shared" if library is not None else ""))
    print("times in ms; session = render + parse + ground; cp = solve + decode\n")
    header = f"{'size':>6} {'players':>7} " + " ".join(f"{c:>8}" for c in COLUMNS) + \
        f" {'peak MB':>8} {'cp atoms':>9} {'allowed':>8} {'blocked':>8}  check"
    print(header)
    print("-" * len(header))

    medians: dict[int, dict[str, float]] = {}
    peaks: dict[int, float | None] = {}
    failures: list[str] = []
    wall = time.perf_counter()
    for size in sizes[:]:
        board = generate_board(size, args.seed, args.players)
        try:
            runs = [run_once(board, library) for _ in range(args.runs)]
        except SolverError as e:        # a size the solver refuses is a finding, not the end
            failures.append(f"size {size}: refused: {e}")
            print(f"{size:>6} {len(board['players']):>7}  refused: {e}", flush=True)
            sizes.remove(size)
            continue
        first = runs[0]
        problems = check(first.state, first.cp, first.acts)
        if problems:
            failures.extend(f"size {size}: {p}" for p in problems)
        medians[size] = {c: statistics.median(r.times[c] for r in runs) for c in COLUMNS}
        peaks[size] = peak_memory_mb(board) if args.peak else None
        n_cp = sum(len(v) for v in first.cp.types.values())
        print(f"{size:>6} {len(board['players']):>7} "
              + " ".join(fmt_s(medians[size][c]) for c in COLUMNS)
              + f" {'-' if peaks[size] is None else f'{peaks[size]:.0f}':>8}"
              + f" {n_cp:>9} {len(first.acts.allowed):>8} {len(first.acts.blocked):>8}  "
              + ("ok" if not problems else "WRONG"), flush=True)
        del runs, first

    verdicts: list[tuple[str, bool]] = []
    notes: list[str] = []
    if len(sizes) > 1:
        print("\ntime ratios between consecutive sizes (allowed for total: "
              f"{TARGET_RATIO_PER_10X:g}x per 10x permanents)")
        print(f"{'sizes':>13} {'x':>5} " + " ".join(f"{c:>8}" for c in COLUMNS) + f" {'allowed':>8}")
        for a, b in itertools.pairwise(sizes):
            r = b / a
            ratios = {c: medians[b][c] / medians[a][c] if medians[a][c] > 0 else float("inf")
                      for c in COLUMNS}
            limit = allowed_ratio(r)
            print(f"{f'{b}/{a}':>13} {r:>5.3g} " + " ".join(f"{ratios[c]:>8.2f}" for c in COLUMNS)
                  + f" {limit:>8.2f}")
            verdicts.append((f"{b} vs {a} permanents: total x{ratios['total']:.2f} <= x{limit:.2f}",
                             ratios["total"] <= limit))
            # A fixed cost in one column can hide a superlinear one in another: say so.
            over = [f"{c} x{ratios[c]:.1f}" for c in COLUMNS
                    if c != "total" and ratios[c] > limit and medians[b][c] > 0.01 * medians[b]["total"]]
            if over:
                notes.append(f"{b} vs {a}: over x{limit:.2f} on its own: {', '.join(over)}")
    if TARGET_SIZE in medians:
        t = medians[TARGET_SIZE]["total"]
        verdicts.insert(0, (f"{TARGET_SIZE} permanents answered in {t:.3f} s < {TARGET_SECONDS} s",
                            t < TARGET_SECONDS))
    if LARGE_SIZE in medians:
        t, peak = medians[LARGE_SIZE]["total"], peaks.get(LARGE_SIZE)
        verdicts.append(((f"{LARGE_SIZE} permanents in {t:.1f} s < {LARGE_SECONDS:g} s and "
                         f"{'-' if peak is None else f'{peak:.0f}'} MB < {LARGE_MB} MB"),
                         t < LARGE_SECONDS and (peak is None or peak < LARGE_MB)))
    if args.replacements:
        print("\ncould-produce on a land under n distinct replacement effects (Session + "
              "could_produce, median; peak in a fresh process)")
        for n in args.replacements:
            board = replacement_board(n)
            times = []
            for _ in range(args.runs):
                state = load_state(board, "<bench>", library)
                t0 = time.perf_counter()
                with Session(state) as session:
                    types = session.could_produce().types
                times.append(time.perf_counter() - t0)
            peak = peak_memory_mb(board) if args.peak else None
            t = statistics.median(times)
            print(f"  n = {n:>2}: {t:.3f} s, {'-' if peak is None else f'{peak:.0f}'} MB, the land "
                  f"could produce {sorted(types.get('land', ()))}")
            if n == REPLACEMENT_N:
                verdicts.append(((f"could-produce under {n} distinct replacement effects in "
                                 f"{t:.3f} s < {REPLACEMENT_SECONDS} s"), t < REPLACEMENT_SECONDS))
    print("\ntargets")
    for text, ok in verdicts:
        print(f"  {'PASS' if ok else 'FAIL'}  {text}")
    if not verdicts:
        print(f"  (none measured: include size {TARGET_SIZE} and two sizes for the ratio)")
    for note in notes:
        print(f"  note  {note}")
    print("\nanswers", "checked: all right" if not failures else "WRONG:")
    for f in failures:
        print("  " + f)
    print(f"\nbench wall time {time.perf_counter() - wall:.1f} s")

    if args.profile is not None:
        board = generate_board(args.profile, args.seed, args.players)
        prof = cProfile.Profile()
        prof.enable()
        run_once(board, library)
        prof.disable()
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out).sort_stats("cumulative")
        stats.print_stats(30)
        print(f"\ncProfile of one pass at {args.profile} permanents (cumulative):")
        print(out.getvalue())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
