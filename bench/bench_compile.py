"""The oracle-text compiler on the whole card pool: how much of it compiles, and how fast.

    python bench/bench_compile.py [ATOMIC_CARDS.json.gz]

Prints, on MTGJSON AtomicCards (by default the pool in /work/shared/reference/cards):
- the lines that add mana (ADDS_MANA below) and how many compile to structured abilities
  (compiled, or partial with the mana part structured; target: 95%);
- the share of the cards with such a line that compile fully (every line compiled), and of the
  cards whose type line contains "Land";
- the 25 most frequent shapes (LineResult.template; for a partial line its template and the
  parts it kept as words) of the lines that do not compile, for those two sets of cards;
- the time to compile every face and parse it with parse_card (target: under 60 s).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, CompileError, compile_face
from mtg_asp.translator.errors import InputError

POOL = Path("/work/shared/reference/cards/AtomicCards-2024-03.json.gz")
# SOURCES.md's count for this pool: 1,607 cards, 1,791 lines (its regex is not given).
SOURCES_CARDS, SOURCES_LINES = 1607, 1791

# A line adds mana if, with reminder text dropped, it says that a player adds mana ("Add {G}",
# "add one mana of any color", "its controller adds an additional {G}", "add X mana ...", "Add
# an amount of {C} ..."); a line that is all reminder text ("({T}: Add {G} or {U}.)" on a dual
# land) is read as it is, since it stands for the land types' abilities (CR 305.6). Reminder
# text inside a line (a Treasure's "(It's an artifact with "{T}, Sacrifice this artifact: Add
# one mana of any color.")") is not the line adding mana.
ADDS_MANA = re.compile(
    r"\b[Aa]dds? (?:an additional |that much |an amount of |one |two |three |four |five |six |seven |"
    r"eight |ten |X |that |the number )?(?:\{[WUBRGCSX0-9]|mana\b|[\w ]{0,40}\bmana\b)")
REMINDER = re.compile(r"\s*\([^()]*\)")


def adds_mana(line: str) -> bool:
    bare = REMINDER.sub("", line).strip()
    return bool(ADDS_MANA.search(bare if bare else line))


# Lines that add mana whose templates belong elsewhere: a created token's quoted ability ("create
# a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add {C}."":
# token creation), and mana "of the chosen color" (the state's chosen color).
OTHERS = (("token definitions", re.compile(r"\btokens?\b.*\"[^\"]*\bAdd\b", re.IGNORECASE)),
          ("the chosen color", re.compile(r"chosen color|Choose a color|of a color of your choice")))


def owner(line: str) -> str:
    return next((name for name, pattern in OTHERS if pattern.search(line)), "")


def structured_mana(entry) -> bool:
    """The entry holds the mana in the vocabulary: add_mana, an intrinsic ability (305.6), or a
    replacement effect on mana, directly or in an ability it grants or an effect it creates."""
    if isinstance(entry, dict):
        if any(k in entry for k in ("add_mana", "intrinsic", "replacement")):
            return True
        return any(structured_mana(v) for v in entry.values())
    if isinstance(entry, list):
        return any(structured_mana(v) for v in entry)
    return False


def faces(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    for name, entries in data.items():
        for face in entries:
            yield name, face


def main(path: Path = POOL) -> None:
    if not path.exists():
        print(f"skipped: the card pool {path} is not here")
        return
    all_faces = list(faces(path))
    mana_lines = mana_ok = 0
    elsewhere: Counter[str] = Counter()
    mana_cards: dict[str, bool] = {}
    card_full: dict[str, bool] = {}
    land_cards: dict[str, bool] = {}
    failing_mana: Counter[str] = Counter()
    failing_land: Counter[str] = Counter()
    unusable = Counter()
    start = time.perf_counter()
    for name, face in all_faces:
        try:
            compiled = compile_face(face)
            parse_card(compiled.card, name)
        except (CompileError, InputError) as e:
            unusable[type(e).__name__] += 1
            card_full[name] = False
            continue
        entries = {e["line"]: e for e in compiled.card["abilities"]}
        has_mana = False
        for r in compiled.lines:
            if not adds_mana(r.text):
                continue
            has_mana = True
            mana_lines += 1
            if r.status == COMPILED or (r.status == "partial" and structured_mana(entries[r.line])):
                mana_ok += 1
            elif owner(r.text):
                elsewhere[owner(r.text)] += 1
        full = compiled.fully_compiled
        is_land = "Land" in (face.get("type") or "")
        # (a card of several faces, each an entry of its list: it counts when any face has such a
        # line or type, and it is fully compiled when every face of it is)
        card_full[name] = card_full.get(name, True) and full
        if has_mana:
            mana_cards[name] = True
        if is_land:
            land_cards[name] = True
        for r in compiled.lines:
            if r.status != COMPILED:
                # a partial line's template, with the parts it kept as words; a text line's shape
                # (a line of reminder text only has none: its words)
                key = f"{r.template} (partial: {', '.join(r.unread)})" if r.status == "partial" else \
                    r.template or f"reminder text only: {r.text}"
                if has_mana:
                    failing_mana[key] += 1
                if is_land:
                    failing_land[key] += 1
    elapsed = time.perf_counter() - start
    mana_cards = {name: card_full[name] for name in mana_cards}
    land_cards = {name: card_full[name] for name in land_cards}

    print(f"pool: {path.name}, {len(all_faces)} faces; not usable as cards: {dict(unusable) or 0}")
    print(f"lines that add mana: {mana_lines} on {len(mana_cards)} cards "
          f"(SOURCES.md: {SOURCES_LINES} lines on {SOURCES_CARDS} cards)")
    print(f"  structured (compiled, or partial with the mana read): {mana_ok} = "
          f"{100 * mana_ok / max(mana_lines, 1):.1f}% (target 95%)")
    others = sum(elsewhere.values())
    print(f"  not structured, for templates outside the mana ones: {dict(elsewhere)}; without those "
          f"{others} lines: {mana_ok} / {mana_lines - others} = {100 * mana_ok / max(mana_lines - others, 1):.1f}%")
    full_mana = sum(mana_cards.values())
    print(f"cards with a line that adds mana, fully compiled: {full_mana} / {len(mana_cards)} = "
          f"{100 * full_mana / max(len(mana_cards), 1):.1f}%")
    full_land = sum(land_cards.values())
    print(f"cards whose type line contains Land, fully compiled: {full_land} / {len(land_cards)} = "
          f"{100 * full_land / max(len(land_cards), 1):.1f}%")
    for title, counter in (("cards with a line that adds mana", failing_mana), ("Land cards", failing_land)):
        print(f"\nthe 25 most frequent shapes of lines not compiled, {title}:")
        for shape, n in counter.most_common(25):
            print(f"  {n:5d}  {shape[:150]}")
    print(f"\ncompile + parse_card of every face: {elapsed:.1f} s (target < 60 s)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else POOL)
