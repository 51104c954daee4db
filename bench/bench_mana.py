"""Benchmark: the `mana` query (everything a player can produce now, as maximal pools) on the
two boards of the mana-events issue, each with the answer it must give.

    python bench/bench_mana.py [--runs 3]

Board A: 25 basic lands (5 of each), 5 Deserts and 3 Cascading Cataracts. Each Cataract taps
for {C} or pays {5} for five mana in any combination of colors, so the maximal pools are
"k Cataracts convert" for k = 0..3: 4 pools (XMage freezes here).
Board B: 10 Birds of Paradise, 5 Bloom Tenders, Nyxbloom Ancient, Grim Monolith and 10 lands
(5 Forests, 5 Wastes-like {C} lands: Deserts). Under Nyxbloom every Bird adds three mana of one
color, a Tender {G}{G}{G}, and Grim Monolith {C} x 9, which pays its own {4} untap: any amount of
{C} (a loop, CR 732.1b). One maximal pool plus the loop.

Series D: n dual lands (n = 4, 8, 16, 32, 64; the original duals and shock lands of
tests/rulings/imported/cards.json in turn). Each has two intrinsic mana abilities, one per
basic land type (CR 305.6), each adding one mana of its type: tapped, one mana of either type.
The answer is one pool: per pair of types, one item "1 mana of one type from the pair" counted
once per land of that pair (n mana in all). Each n runs in a child process of its own, so its
peak resident memory is its own: `peak MiB` is the largest of the query worker's and the
child's (the worker is forked from it).

Board C: a 100-permanent Commander board with costed mana abilities: 16 Islands, 16 Swamps, four
Signets ({1}, {T}: two mana), Sol Ring, Mind Stone, Worn Powerstone, Thran Dynamo, Grim Monolith,
Pili-Pala ({2}, {Q}: one mana of any color), Prismatic Lens, Talisman of Dominance, Coalition Relic,
three filter lands (Sunken Ruins, Graven Cairns, Twilight Mire: their hybrid cost is left out and
named), two Dreadship Reefs and Calciform Pools (storage lands), and 46 Lightning Greaves (no mana).
Exact: 64 maximal pools (the Signets', Pili-Pala's and the storage lands' costs trade debt for
mana, so no pool of them dominates another), no cap error.

Board E: 1,000 permanents of mixed lands and rocks (basic lands of the five types, Sol Ring,
Thran Dynamo, Mind Stone, drawn at random with a fixed seed): one pool with all their mana.
Target: under 5 s.

Board F (issue 14's failing case): 50 mixed permanents: five pain lands, two Talismans, five
Signets, Prismatic Lens, Sol Ring, Mind Stone, Pili-Pala, Cascading Cataracts and 33 basics.
The pain lands' and Talismans' two modes each and the costed rocks' trades give more than 2,000
distinct pools; before issue 14's groups the query refused. Then the seven independent permanents
were answered apart (each "{C} or one of its two colors") and the rest gave 64 maximal pools; now
every cost is paid from sure mana, so the Signets, the Lens and the Cataracts are apart too (costed
groups) and the rest is one pool.

Board G (issue 14: no fixed cap a real board reaches): a 100-permanent Commander board with the
ten guild Signets, Prismatic Lens, Sol Ring, Talisman of Dominance, 35 basics and 52 Lightning
Greaves (the six Signets not in tests/rulings/imported/cards.json come from the MTGJSON pool in
/work/shared/reference/cards; skipped without it). 2^11 distinct pools that trade debt for mana:
before, refused ("more than 2000 distinct pools") or stopped at the time limit. Every cost (11) is
paid from the lands' and Sol Ring's mana, so the rocks are answered apart (asp/available.lp
av_optional): one pool of the rest, eleven costed groups, the Talisman's group.

Board H (no product before stop 23): the ten guild Signets, Prismatic Lens and a tapped Pili-Pala
beside one Forest: the costs are far more than the sure mana, but each Signet adds more than it
costs and costs no more than the Forest's mana, so any set of them is paid in a chain (605.3a):
they are apart (asp/available.lp av_gainful), and the pool with Pili-Pala needs 1 mana gained
from their options (av_borrow). Before: "more than 2000 distinct pools".

Times: `session` = Session(state) (grounding the state), `query` = the mana query alone,
`total` = both; median of --runs fresh runs. Target: total under 1 s for each board.
Timing is only reported here; the tests never assert on time.
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
from pathlib import Path

import yaml
from mtg_asp.queries import Session
from mtg_asp.translator.errors import SolverError
from mtg_asp.translator.state import load_state

TARGET = 1.0
CARDS = Path(__file__).resolve().parent.parent / "tests" / "rulings" / "imported" / "cards.json"
DUALS = ("Underground Sea", "Savannah", "Tundra", "Bayou", "Volcanic Island", "Tropical Island",
         "Blood Crypt", "Godless Shrine", "Sacred Foundry", "Steam Vents", "Temple Garden", "Watery Grave")
DUAL_SIZES = (4, 8, 16, 32, 64)


def board_a() -> str:
    rows = []
    for land in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        rows += [f"  - {{id: {land.lower()}{k}, card: {land}, controller: alice}}" for k in range(5)]
    rows += [f"  - {{id: desert{k}, card: Desert, controller: alice}}" for k in range(5)]
    rows += [f"  - {{id: cataracts{k}, card: Cascading Cataracts, controller: alice}}" for k in range(3)]
    return _state(rows)


def board_b() -> str:
    rows = [f"  - {{id: birds{k}, card: Birds of Paradise, controller: alice}}" for k in range(10)]
    rows += [f"  - {{id: tender{k}, card: Bloom Tender, controller: alice}}" for k in range(5)]
    rows += ["  - {id: nyxbloom, card: Nyxbloom Ancient, controller: alice}",
             "  - {id: monolith, card: Grim Monolith, controller: alice}"]
    rows += [f"  - {{id: forest{k}, card: Forest, controller: alice}}" for k in range(5)]
    rows += [f"  - {{id: desert{k}, card: Desert, controller: alice}}" for k in range(5)]
    return _state(rows)


COMMANDER_ROCKS = ("Dimir Signet", "Rakdos Signet", "Izzet Signet", "Azorius Signet", "Sol Ring", "Mind Stone",
                   "Worn Powerstone", "Thran Dynamo", "Grim Monolith", "Pili-Pala", "Prismatic Lens",
                   "Talisman of Dominance", "Coalition Relic", "Sunken Ruins", "Graven Cairns", "Twilight Mire",
                   "Calciform Pools", "Dreadship Reef", "Dreadship Reef")


def board_commander() -> str:
    rows = [f"  - {{id: island{k}, card: Island, controller: alice}}" for k in range(16)]
    rows += [f"  - {{id: swamp{k}, card: Swamp, controller: alice}}" for k in range(16)]
    rows += [f"  - {{id: rock{k}, card: '{c}', controller: alice}}" for k, c in enumerate(COMMANDER_ROCKS)]
    rows += [f"  - {{id: greaves{k}, card: Lightning Greaves, controller: alice}}" for k in range(49)]
    return _state(rows)


def check_commander(result) -> str | None:
    if len(result.pools) != 64:
        return f"expected 64 maximal pools, got {len(result.pools)}"
    if max(p.total() for p in result.pools) != 56 or min(p.debt for p in result.pools) != 0:
        return (f"expected at most 56 mana and a pool with no debt, got {max(p.total() for p in result.pools)}, "
                f"{min(p.debt for p in result.pools)}")
    return None


MIXED = {"Forest": 4, "Island": 4, "Swamp": 4, "Mountain": 4, "Plains": 4, "Sol Ring": 1, "Thran Dynamo": 1,
         "Mind Stone": 1}
MIXED_MANA = {"Sol Ring": 2, "Thran Dynamo": 3}
TARGET_MIXED = 5.0


def board_mixed(n: int = 1000, seed: int = 3) -> tuple[str, int]:
    rng = random.Random(seed)
    cards = rng.choices(list(MIXED), list(MIXED.values()), k=n)
    rows = [f"  - {{id: p{k}, card: '{c}', controller: alice}}" for k, c in enumerate(cards)]
    return _state(rows), sum(MIXED_MANA.get(c, 1) for c in cards)


FIFTY = ("Adarkar Wastes", "Caves of Koilos", "Karplusan Forest", "Llanowar Wastes", "Shivan Reef",
         "Talisman of Dominance", "Talisman of Unity", "Dimir Signet", "Izzet Signet", "Azorius Signet",
         "Rakdos Signet", "Arcane Signet", "Prismatic Lens", "Sol Ring", "Mind Stone", "Pili-Pala",
         "Cascading Cataracts")


def board_fifty() -> str:
    rows = [f"  - {{id: r{k}, card: '{c}', controller: alice}}" for k, c in enumerate(FIFTY)]
    basics = ("Island", "Swamp", "Forest", "Mountain", "Plains")
    rows += [f"  - {{id: l{k}, card: {basics[k % 5]}, controller: alice}}" for k in range(50 - len(FIFTY))]
    return _state(rows)


def check_fifty(result) -> str | None:
    groups = sorted(o for g in result.groups for o in g.objects)
    if groups != [f"r{k}" for k in range(7)] or any(len(g.options) != 2 for g in result.groups):
        return f"expected the pain lands and Talismans r0..r6 as groups of two options, got {groups}"
    # every cost is paid from sure mana: the Signets, the Lens and the Cataracts are apart too
    costed = sorted(o for g in result.costed_groups for o in g.objects)
    if costed != ["r10", "r12", "r16", "r7", "r8", "r9"]:
        return f"expected the costed rocks r7..r10, r12, r16 apart, got {costed}"
    if len(result.pools) != 1 or result.pools[0].total() != 36 or result.pools[0].debt:
        return f"expected one pool of the rest (36 mana: the basics, Sol Ring, Mind Stone), got {[(p.total(), p.debt) for p in result.pools]}"
    return None


GUILD_SIGNETS = ("Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet",
                 "Orzhov Signet", "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet")
POOL = Path("/work/shared/reference/cards/AtomicCards-2024-03.json.gz")


def board_signets() -> str:
    rows = [f"  - {{id: r{k}, card: '{c}', controller: alice}}"
            for k, c in enumerate((*GUILD_SIGNETS, "Prismatic Lens", "Sol Ring", "Talisman of Dominance"))]
    basics = ("Plains", "Island", "Swamp", "Mountain", "Forest")
    rows += [f"  - {{id: l{k}, card: {basics[k % 5]}, controller: alice}}" for k in range(35)]
    rows += [f"  - {{id: greaves{k}, card: Lightning Greaves, controller: alice}}" for k in range(52)]
    return _state(rows)


def check_signets(result) -> str | None:
    costed = sorted(o for g in result.costed_groups for o in g.objects)
    if costed != sorted(f"r{k}" for k in range(11)) or [g.objects for g in result.groups] != [("r12",)]:
        return f"expected the Signets and the Lens apart (r0..r10) and the Talisman's group, got {costed}"
    if len(result.pools) != 1 or result.pools[0].total() != 37 or result.pools[0].debt:
        return f"expected one pool of the rest (37 mana, no debt), got {[(p.total(), p.debt) for p in result.pools]}"
    return None


def board_chain() -> str:
    """Board H: the ten guild Signets, Prismatic Lens and a tapped Pili-Pala beside one Forest and
    30 Lightning Greaves: the costs (13) are far more than the one sure mana, so the Signets pay
    each other in a chain (605.3a). Before stop 23: 1,066 pools in 9.5 s untapped, and with
    Pili-Pala able to pay its {2} only after a Signet, "more than 2000 distinct pools"."""
    rows = [f"  - {{id: r{k}, card: '{c}', controller: alice}}" for k, c in enumerate((*GUILD_SIGNETS, "Prismatic Lens"))]
    rows += ["  - {id: pili, card: Pili-Pala, controller: alice, tapped: true}",
             "  - {id: forest, card: Forest, controller: alice}"]
    rows += [f"  - {{id: greaves{k}, card: Lightning Greaves, controller: alice}}" for k in range(30)]
    return _state(rows)


def check_chain(result) -> str | None:
    costed = sorted(o for g in result.costed_groups for o in g.objects)
    if costed != sorted(f"r{k}" for k in range(11)):
        return f"expected the Signets and the Lens apart (r0..r10), got {costed}"
    pools = sorted((p.needs, p.debt, p.total()) for p in result.pools)
    if pools != [(0, 0, 1), (1, 2, 0)]:
        return f"expected the Forest alone, and with Pili-Pala needing 1 from the Signets, got {pools}"
    return None


def check_mixed(result, total: int) -> str | None:
    if len(result.pools) != 1 or result.unbounded or result.pools[0].total() != total or result.pools[0].debt:
        return f"expected one pool of {total} mana and no debt, got {[(p.total(), p.debt) for p in result.pools]}"
    return None


def board_duals(n: int) -> str:
    return _state([f"  - {{id: dual{k}, card: {DUALS[k % len(DUALS)]}, controller: alice}}" for k in range(n)])


def _state(rows: list[str]) -> str:
    return ("players: [alice, bob]\nturn: {number: 5, active: alice, step: precombat_main}\n"
            "battlefield:\n" + "\n".join(rows) + "\n")


def check_a(result) -> str | None:
    if len(result.pools) != 4 or result.unbounded:
        return f"expected 4 pools and no loop, got {len(result.pools)} pools, {len(result.unbounded)} loops"
    debts = sorted(p.debt for p in result.pools)
    if debts != [0, 5, 10, 15]:
        return f"expected debts 0/5/10/15, got {debts}"
    if sorted(p.total() for p in result.pools) != [30, 31, 32, 33]:
        return f"expected totals 30..33, got {sorted(p.total() for p in result.pools)}"
    return None


def check_b(result) -> str | None:
    if len(result.pools) != 1:
        return f"expected one pool, got {len(result.pools)}"
    items = {(i.amount, i.of): i.count for i in result.pools[0].items}
    want = {(3, ("W", "U", "B", "R", "G")): 10, (1, ("G",)): 5 * 3 + 5 * 3, (1, ("C",)): 5 * 3 + 9}
    if items != want:
        return f"expected {want}, got {items}"
    loops = [(l.object, l.net, l.of) for l in result.unbounded]
    if loops != [("monolith", 5, ("C",))]:
        return f"expected Grim Monolith's loop (+5 {{C}}), got {loops}"
    return None


def check_duals(result, n: int) -> str | None:
    if len(result.pools) != 1 or result.unbounded:
        return f"expected one pool and no loop, got {len(result.pools)} pools, {len(result.unbounded)} loops"
    items = result.pools[0].items
    if any(i.amount != 1 or len(i.of) != 2 for i in items) or sum(i.count for i in items) != n:
        return f"expected {n} mana, each of one of two types, got {[i.to_json() for i in items]}"
    return None


def measure(text: str, runs: int, cards=()):
    rows = []
    result = None
    for _ in range(runs):
        t0 = time.perf_counter()
        session = Session(load_state(yaml.safe_load(text), "<bench>", cards=cards))
        t1 = time.perf_counter()
        try:
            result = session.available_mana("alice")
        except SolverError as e:
            result = e
        t2 = time.perf_counter()
        session.close()
        rows.append((t1 - t0, t2 - t1, t2 - t0))
    return [statistics.median(c) for c in zip(*rows)], result


def one_dual_series(n: int, runs: int) -> None:
    """In a child process: series D for one n, printed as one JSON line."""
    (s, q, t), result = measure(board_duals(n), runs, cards=[CARDS])
    if isinstance(result, SolverError):
        pools, wrong = None, f"refused: {result}"
    else:
        pools, wrong = len(result.pools), check_duals(result, n)
    peak = max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(json.dumps({"times": [s, q, t], "pools": pools, "wrong": wrong, "peak_mib": peak / 1024}))


def dual_series(runs: int) -> bool:
    ok = True
    print(f"{'D: n dual lands':<44} {'session':>8} {'query':>8} {'total':>8}  pools  {'peak MiB':>8}  result")
    for n in DUAL_SIZES:
        out = subprocess.run([sys.executable, __file__, "--duals", str(n), "--runs", str(runs)],
                             capture_output=True, text=True, check=True).stdout
        row = json.loads(out.strip().splitlines()[-1])
        s, q, t = row["times"]
        wrong = row["wrong"]
        verdict = "WRONG: " + wrong if wrong else ("PASS" if t < TARGET else f"FAIL (target {TARGET:g} s)")
        ok &= wrong is None and t < TARGET
        pools = "-" if row["pools"] is None else row["pools"]
        print(f"{f'   n = {n}':<44} {s:8.3f} {q:8.3f} {t:8.3f}  {pools:>5}  {row['peak_mib']:8.1f}  {verdict}")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--duals", type=int, help=argparse.SUPPRESS)    # one row of series D (a child)
    args = ap.parse_args()
    if args.duals is not None:
        one_dual_series(args.duals, args.runs)
        return 0
    ok = True
    print(f"{'board':<44} {'session':>8} {'query':>8} {'total':>8}  pools  result")
    for name, text, check in (("A: 25 basics, 5 Deserts, 3 Cataracts", board_a(), check_a),
                              ("B: 10 Birds, 5 Tenders, Nyxbloom, Monolith, 10 lands", board_b(), check_b),
                              ("C: Commander, 100 permanents, costed rocks", board_commander(), check_commander),
                              ("F: 50 mixed permanents (issue 14)", board_fifty(), check_fifty),
                              ("G: Commander, ten Signets and a Lens", board_signets(), check_signets),
                              ("H: ten Signets, a Lens, Pili-Pala, one Forest", board_chain(), check_chain)):
        pooled = text in (board_signets(), board_chain())
        if pooled and not POOL.exists():
            print(f"{name:<44} skipped: {POOL} is absent")
            continue
        (s, q, t), result = measure(text, args.runs, cards=[CARDS, POOL] if pooled else [CARDS])
        if isinstance(result, SolverError):
            ok = False
            print(f"{name:<44} {s:8.3f} {q:8.3f} {t:8.3f}      -  WRONG: refused: {result}")
            continue
        wrong = check(result)
        verdict = "WRONG: " + wrong if wrong else ("PASS" if t < TARGET else f"FAIL (target {TARGET:g} s)")
        ok &= wrong is None and t < TARGET
        print(f"{name:<44} {s:8.3f} {q:8.3f} {t:8.3f}  {len(result.pools):5}  {verdict}")
    text, total = board_mixed()
    (s, q, t), result = measure(text, args.runs, cards=[CARDS])
    wrong = f"refused: {result}" if isinstance(result, SolverError) else check_mixed(result, total)
    verdict = "WRONG: " + wrong if wrong else ("PASS" if t < TARGET_MIXED else f"FAIL (target {TARGET_MIXED:g} s)")
    ok &= wrong is None and t < TARGET_MIXED
    pools = "-" if isinstance(result, SolverError) else len(result.pools)
    print(f"{'E: 1,000 lands and rocks':<44} {s:8.3f} {q:8.3f} {t:8.3f}  {pools:>5}  {verdict}")
    ok &= dual_series(args.runs)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
