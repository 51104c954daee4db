"""Benchmark: card databases (translator/carddb.py) on the whole card pool.

    python bench/bench_carddb.py                      # the pool in ../shared/reference/cards
    python bench/bench_carddb.py --pool AtomicCards.json.gz --runs 9

Printed, each the median of --runs runs, each run in a fresh Python process (so every load is
what a command pays; peak memory is that process's maximum resident set):

- load, cold: open the pool with an empty cache folder (read, check and index every card,
  write the index);
- load, no cache: the cache folder cannot be written (the fallback: read the file whole);
- load, warm: open the pool through the index built before (a stat, and the index's header);
- import only: a process that imports the package and does nothing (the floor of the above).

The query's two variants alternate run by run (a machine busy with other work slows both).

Target: "a query on a state with 20 cards from the pool costs at most 0.3 s more than the same
state with library cards, warm". The 20 cards are the first 10 lands with a basic land
type and the first 10 creatures, by name, that the bundled library lacks: a could-produce on a state of those 20, given `--cards POOL` (warm index),
against the same state given the same 20 cards as a YAML card file (library cards: the card
vocabulary, read and parsed as the bundled library is), so both ask the solver the same
question. Timed in-process (Session.from_file + could_produce, the package imported once) and
as the command line (`mtg-asp could-produce STATE --cards ...`, a process each). PASS when the
command line's difference of medians is at most 0.3 s. Exit 0 on PASS, 1 otherwise. Timing
is reported only here; the tests never assert on time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_POOL = ROOT.parent / "shared" / "reference" / "cards" / "AtomicCards-2024-03.json.gz"
TARGET = 0.3
N_CARDS = 20

# A child process: open the pool (or do nothing), print seconds and peak RSS (KiB).
CHILD_OPEN = """
import json, resource, sys, time
t = time.perf_counter()
from mtg_asp.translator import carddb
imported = time.perf_counter() - t
t = time.perf_counter()
if sys.argv[1] != "-":
    carddb.open_source(sys.argv[1], sys.argv[2], warn=lambda m: None)
print(json.dumps({"seconds": time.perf_counter() - t, "import": imported,
                  "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""
# A child process: the command line, timed from its start, with its peak RSS.
CHILD_CLI = """
import json, resource, sys, time
t = time.perf_counter()
from mtg_asp.queries.cli import main
import contextlib, io
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
assert code == 0, code
print(json.dumps({"seconds": time.perf_counter() - t,
                  "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def child(code: str, *args: str, env: dict[str, str] | None = None) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         check=True, env={**os.environ, **(env or {})})
    return json.loads(out.stdout.strip().splitlines()[-1])


def median_of(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def pick_cards(pool: Path, cache: Path) -> list[dict]:
    """The first N_CARDS / 2 lands with a basic land type and the first creatures, by name,
    that the bundled library lacks and the vocabulary can hold: each the card in the
    vocabulary, as the compiler makes it (lines it does not read kept as text)."""
    from mtg_asp.translator import carddb
    from mtg_asp.translator.cards import BASIC_LAND_TYPES, CardLibrary
    src = carddb.open_source(pool, cache)
    bundled = CardLibrary.bundled().cards
    lands: list[dict] = []
    creatures: list[dict] = []
    for key, _ in sorted(src.names(), key=lambda kv: kv[1]):
        if key in bundled or " // " in key:
            continue
        try:
            compiled, card = src.compiled(key), src.card(key)
        except carddb.CardUnusable:            # a Plane, a Scheme: not a candidate
            continue
        if "land" in card.types and set(card.subtypes) & set(BASIC_LAND_TYPES):
            lands.append(compiled.card)
        elif "creature" in card.types:
            creatures.append(compiled.card)
        if len(lands) >= N_CARDS // 2 and len(creatures) >= N_CARDS - N_CARDS // 2:
            break
    return lands[:N_CARDS // 2] + creatures[:N_CARDS - N_CARDS // 2]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pool", type=Path, default=DEFAULT_POOL)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    if not args.pool.exists():
        print(f"no card pool at {args.pool}; give --pool", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="bench_carddb_"))
    pool = str(args.pool)
    print(f"pool: {pool} ({args.pool.stat().st_size / 1e6:.1f} MB), {args.runs} runs each, "
          "medians; each run a fresh process")

    floor = [child(CHILD_OPEN, "-", "-") for _ in range(args.runs)]
    cold = [child(CHILD_OPEN, pool, str(work / f"cold{i}")) for i in range(args.runs)]
    blocker = work / "a_file"
    blocker.write_text("")
    nocache = [child(CHILD_OPEN, pool, str(blocker / "cache")) for _ in range(args.runs)]
    warm_dir = work / "warm"
    child(CHILD_OPEN, pool, str(warm_dir))
    warm = [child(CHILD_OPEN, pool, str(warm_dir)) for _ in range(args.runs)]
    print(f"{'':22}{'ms':>9}{'peak RSS MiB':>14}")
    for title, runs in (("import only", floor), ("load, cold", cold), ("load, no cache", nocache),
                        ("load, warm", warm)):
        print(f"  {title:20}{1000 * median_of(runs, 'seconds'):>9.1f}"
              f"{median_of(runs, 'rss_kib') / 1024:>14.1f}")
    print(f"  (importing the package: {median_of(floor, 'import'):.3f} s, not counted above)")

    cards = pick_cards(args.pool, warm_dir)
    library_file = work / "library_cards.yaml"
    library_file.write_text(yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True))
    state_file = work / "state.yaml"
    state_file.write_text(yaml.safe_dump({
        "players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"card": c["name"], "controller": "alice" if i % 2 == 0 else "bob"}
                        for i, c in enumerate(cards)]}, sort_keys=False, allow_unicode=True))
    print(f"\nquery: could-produce on {len(cards)} cards ({', '.join(c['name'] for c in cards[:4])}, ...)")

    from mtg_asp.queries import Session
    from mtg_asp.translator.carddb import CACHE_ENV
    os.environ[CACHE_ENV] = str(warm_dir)

    def in_process(source: str) -> float:
        t = time.perf_counter()
        answer = Session.from_file(state_file, cards=[source]).could_produce().to_json()
        assert len(answer["could_produce"]) == len(cards)
        return time.perf_counter() - t

    answers = {Session.from_file(state_file, cards=[s]).could_produce().to_json()
               ["could_produce"].__repr__() for s in (pool, str(library_file))}
    assert len(answers) == 1, "the two states must give the same answer"
    # The two variants alternate, run by run, so that a machine busy with other work slows
    # both alike.
    variants = {"pool cards": pool, "library cards": str(library_file)}
    timed: dict[str, tuple[list[float], list[dict]]] = {title: ([], []) for title in variants}
    for _ in range(args.runs):
        for title, source in variants.items():
            timed[title][0].append(in_process(source))
            timed[title][1].append(child(CHILD_CLI, "could-produce", str(state_file), "--cards",
                                         source, env={CACHE_ENV: str(warm_dir)}))
    rows = {title: (statistics.median(inproc), cli) for title, (inproc, cli) in timed.items()}
    print(f"could-produce answers: {answers.pop()}")
    print(f"{'':22}{'in-process s':>13}{'command s':>11}{'peak RSS MiB':>14}")
    for title, (inproc, cli) in rows.items():
        print(f"  {title:20}{inproc:>13.3f}{median_of(cli, 'seconds'):>11.3f}"
              f"{median_of(cli, 'rss_kib') / 1024:>14.1f}")
    diff_in = rows["pool cards"][0] - rows["library cards"][0]
    diff_cli = median_of(rows["pool cards"][1], "seconds") - median_of(rows["library cards"][1], "seconds")
    ok = diff_cli <= TARGET
    print(f"  difference (pool - library): in-process {diff_in:+.3f} s, command {diff_cli:+.3f} s; "
          f"target <= {TARGET} s: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
