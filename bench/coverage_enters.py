"""Coverage: how many lines of the card pool the entering, land-type and untap templates
(translator/compiler/enters.py, statics.py) read, per template, and how many cards each
template covers; and the lines of those kinds left as text, by shape, most common first.

    python bench/coverage_enters.py [--pool PATH] [--left 15]

The pool is MTGJSON's AtomicCards (default: ../shared/reference/cards/AtomicCards-2024-03.json.gz
beside the repository). Every face is compiled (compile_face) and each line's template counted
when it is one of these modules'; a line no template reads is counted under "left as text" when
it is one of these kinds ("enters tapped", "enters ... with", "As ~ enters, choose", "of the
chosen color", "untap during", "land type"). Only numbers are printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
import sys
import time
from pathlib import Path

from mtg_asp.translator.compiler import COMPILED, TEXT, CompileError, compile_face

KINDS = re.compile(r"enters (the battlefield )?tapped|enters (the battlefield )?with .* counters? on it|"
                   r"As .* enters( the battlefield)?, (choose|you may (pay|reveal))|of the chosen color|"
                   r"untap during|in addition to (its|their) other (land )?types|lands (you control )?are",
                   re.IGNORECASE)
DEFAULT_POOL = Path(__file__).resolve().parents[2] / "shared" / "reference" / "cards" / "AtomicCards-2024-03.json.gz"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pool", type=Path, default=DEFAULT_POOL)
    ap.add_argument("--left", type=int, default=15, help="shapes left as text to list")
    args = ap.parse_args(argv)
    if not args.pool.exists():
        print(f"no card pool at {args.pool}", file=sys.stderr)
        return 2
    with gzip.open(args.pool) as f:
        data = json.load(f)["data"]
    lines_by, cards_by = collections.Counter(), collections.defaultdict(set)
    status_by: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    left, left_example = collections.Counter(), {}
    faces = 0
    start = time.perf_counter()
    for name, printings in data.items():
        for face in printings:
            faces += 1
            try:
                compiled = compile_face(face)
            except CompileError:
                continue
            for r in compiled.lines:
                if r.status == TEXT:
                    if KINDS.search(r.text):
                        left[r.template] += 1
                        left_example.setdefault(r.template, name)
                    continue
                template = _template_of(r.template)
                if template:
                    lines_by[template] += 1
                    cards_by[template].add(name)
                    status_by[template][r.status] += 1
    took = time.perf_counter() - start
    print(f"{faces} faces compiled in {took:.1f} s")
    print(f"{'template':40} {'lines':>6} {'cards':>6} {'compiled':>9}")
    for template, n in lines_by.most_common():
        print(f"{template:40} {n:6} {len(cards_by[template]):6} {status_by[template][COMPILED]:9}")
    total = sum(lines_by.values())
    print(f"{'all these templates':40} {total:6} {len(set().union(*cards_by.values())) if cards_by else 0:6}")
    print(f"\nlines of these kinds left as text: {sum(left.values())} in {len(left)} shapes; the most common:")
    for shape, n in left.most_common(args.left):
        print(f"{n:5}  {shape[:100]}  ({left_example[shape]})")
    return 0


# The template names enters.py and statics.py give (LineResult.template): a line another
# module's template read is not counted.
NAMES = {"enters tapped", "enters tapped with counters", "enters with counters", "enters tapped unless you control",
         "enters tapped unless opponents", "if you control, enters tapped", "may pay life or enters tapped",
         "may reveal or enters tapped", "as enters choose a color", "as enters choose a creature type",
         "add one mana of the chosen color", "land types of a group", "land types of itself", "doesn't untap",
         "doesn't untap if it has counters", "may choose not to untap", "attached doesn't untap",
         "group doesn't untap", "upkeep: remove a counter", "upkeep: if tapped, put a counter"}


def _template_of(name: str) -> str | None:
    return name if name in NAMES else None


if __name__ == "__main__":
    sys.exit(main())
