"""Rebuild an AtomicCards-shaped subset of the card pool (tests/rulings/imported/cards.json).

The scenarios in tests/rulings/imported/ name cards the bundled library does not hold; their
`cards_from: [cards.json]` is a subset of the pool, entries copied exactly, so the corpus runs
on a clean clone without the pool. This script writes that subset from the pool, reproducibly:

    python tests/tools/pool_subset.py                       # the names already in the file
    python tests/tools/pool_subset.py "Sol Ring" "Mind Stone"   # ... plus these
    python tests/tools/pool_subset.py --scan                # ... plus every card a scenario
                                                            #     in the folder names that the
                                                            #     bundled library lacks
    python tests/tools/pool_subset.py --out /elsewhere/cards.json   # another copy

Entries keep only the fields of MTGJSON's AtomicCards that the pool has (FIELDS), in the pool's
order of faces; names are sorted, so the same names always give the same bytes.
tests/test_imported_pool.py checks the file against the pool and against this script.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
POOL = ROOT.parent / "shared" / "reference" / "cards" / "AtomicCards-2024-03.json.gz"
OUT = ROOT / "tests" / "rulings" / "imported" / "cards.json"
FIELDS = ("name", "manaCost", "type", "text", "supertypes", "types", "subtypes",
          "power", "toughness", "loyalty")
META = {"date": "2024-03-08",
        "note": "Cards of the scenarios in this folder, in MTGJSON's AtomicCards shape "
                "(cards_from). Rebuilt from the pool by tests/tools/pool_subset.py."}
ZONES = ("hand", "library", "graveyard", "exile", "command", "outside")


def read_pool(path: Path) -> dict[str, list[dict]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)["data"]


def entry(faces: list[dict]) -> list[dict]:
    """A pool entry with only the AtomicCards fields the subset keeps."""
    return [{k: face[k] for k in sorted(FIELDS) if k in face} for face in faces]


def subset(pool: dict[str, list[dict]], names) -> dict:
    missing = sorted(n for n in names if n not in pool)
    if missing:
        raise SystemExit(f"pool_subset: not in the pool: {', '.join(missing)}")
    return {"meta": META, "data": {n: entry(pool[n]) for n in sorted(set(names))}}


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def names_in(path: Path) -> list[str]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8") as f:
        return list(json.load(f)["data"])


def scenario_card_names(folder: Path) -> set[str]:
    """Every card name the states of the scenarios under `folder` name (battlefield, zones,
    effects), except those their own `cards:` define."""
    names: set[str] = set()
    for path in sorted(folder.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
            continue
        state = data["state"]
        inline = {c.get("name") for c in state.get("cards") or []}
        items = list(state.get("battlefield") or []) + list(state.get("effects") or [])
        for zone in ZONES:
            for cards in (state.get(zone) or {}).values():
                items.extend(cards or [])
        for item in items:
            name = item.get("card") if isinstance(item, dict) else item
            if isinstance(name, str) and name not in inline:
                names.add(name)
    return names


def bundled_names() -> set[str]:
    from mtg_asp.translator.cards import CardLibrary
    return set(CardLibrary.bundled().cards)   # lower-case names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="card names to add")
    ap.add_argument("--pool", type=Path, default=POOL)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--scan", action="store_true",
                    help="add the cards the scenarios beside --out name that are not bundled")
    args = ap.parse_args(argv)
    if not args.pool.exists():
        print(f"pool_subset: no card pool at {args.pool}", file=sys.stderr)
        return 2
    pool = read_pool(args.pool)
    names = set(names_in(args.out)) | set(args.names)
    if args.scan:
        bundled = bundled_names()
        names |= {n for n in scenario_card_names(args.out.parent)
                  if n.lower() not in bundled and n in pool}
    args.out.write_text(dump(subset(pool, names)), encoding="utf-8")
    print(f"pool_subset: {len(names)} cards written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
