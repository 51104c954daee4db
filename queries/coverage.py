"""`mtg-asp cards coverage`: how much of a card database the compiler reads.

Every face of every card of the database sources is compiled (translator.compiler) and parsed
as the loader would parse it; the counts are of faces and of their lines: compiled, partial
(read as an ability with a part kept as words) or text only, by card type; the lines that add
mana; the most frequent shapes of the lines no template reads; and the faces that cannot be a
card at all (a Plane, a Scheme), by reason. This measures the compiler; it decides no rules
question.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..translator.carddb import CardSource, DatabaseSource
from ..translator.cards import parse_card
from ..translator.compiler import COMPILED, PARTIAL, TEXT, CompileError, compile_face
from ..translator.errors import InputError

TOP_SHAPES = 20
# A line that adds mana: "Add {G}", "add one mana of any color", "Add X mana ..." (CR 106.3:
# the words an effect that produces mana uses). A count for the report, not a rules question.
ADDS_MANA = re.compile(r"\badd\b[^.]*?(\{[WUBRGCSX0-9/]+\}|\bmana\b)", re.IGNORECASE)
STATUSES = (COMPILED, PARTIAL, TEXT)


@dataclass
class Tally:
    faces: int = 0
    fully_compiled: int = 0          # faces whose every line compiled
    lines: Counter = field(default_factory=Counter)    # status -> lines

    def add(self, statuses: list[str]) -> None:
        self.faces += 1
        self.fully_compiled += all(s == COMPILED for s in statuses)
        self.lines.update(statuses)

    def to_json(self) -> dict[str, int]:
        return {"faces": self.faces, "fully_compiled": self.fully_compiled,
                "lines": sum(self.lines.values()), **{s: self.lines[s] for s in STATUSES}}


@dataclass
class Coverage:
    sources: list[str]
    skipped: list[str]               # YAML card sources: written in the vocabulary already
    cards: int = 0
    faces: int = 0
    usable: Tally = field(default_factory=Tally)
    by_type: dict[str, Tally] = field(default_factory=dict)
    mana_lines: Counter = field(default_factory=Counter)   # status -> lines that add mana
    mana_faces: Tally = field(default_factory=Tally)       # faces with a line that adds mana
    shapes: Counter = field(default_factory=Counter)       # shape of a text-only line -> lines
    unusable: dict[str, list[str]] = field(default_factory=dict)   # reason -> face names
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "sources": self.sources, "skipped": self.skipped, "cards": self.cards,
            "faces": self.faces, "usable": self.usable.to_json(),
            "by_type": {t: self.by_type[t].to_json() for t in sorted(self.by_type)},
            "mana": {"lines": sum(self.mana_lines.values()),
                     **{s: self.mana_lines[s] for s in STATUSES},
                     "faces": self.mana_faces.faces, "faces_fully_compiled": self.mana_faces.fully_compiled},
            "not_compiled_shapes": [{"shape": s, "lines": n} for s, n in _top(self.shapes)],
            "unusable": {"faces": sum(len(v) for v in self.unusable.values()),
                         "by_reason": [{"reason": r, "faces": len(names), "names": names}
                                       for r, names in self._reasons()]},
            "seconds": round(self.seconds, 3),
        }

    def _reasons(self) -> list[tuple[str, list[str]]]:
        return sorted(self.unusable.items(), key=lambda kv: (-len(kv[1]), kv[0]))

    def to_text(self) -> str:
        u = self.usable
        n_lines = sum(u.lines.values())
        out = [(f"Coverage of {', '.join(self.sources)}: {self.cards:,} cards, {self.faces:,} "
                f"faces, in {self.seconds:.1f} s")]
        out += [f"  (not counted: {s}, written in the vocabulary)" for s in self.skipped]
        unusable = sum(len(v) for v in self.unusable.values())
        out.append(f"Faces usable: {u.faces:,}; cannot be a card: {unusable:,}"
                   + (" (below)" if unusable else ""))
        out.append(f"Lines of usable faces: {n_lines:,}: " + _statuses(u.lines))
        out.append(f"Faces with every line compiled: {u.fully_compiled:,} of {u.faces:,} "
                   f"({_pct(u.fully_compiled, u.faces)})")
        out.append("")
        out.append(f"{'By card type':<14}{'faces':>8}{'all compiled':>14}{'lines':>9}"
                   f"{'compiled':>10}{'partial':>9}{'text only':>11}")
        for t in sorted(self.by_type):
            b = self.by_type[t]
            out.append(f"  {t:<12}{b.faces:>8,}{b.fully_compiled:>14,}{sum(b.lines.values()):>9,}"
                       f"{b.lines[COMPILED]:>10,}{b.lines[PARTIAL]:>9,}{b.lines[TEXT]:>11,}")
        out.append("")
        out.append(f"Lines that add mana: {sum(self.mana_lines.values()):,}: " + _statuses(self.mana_lines))
        out.append(f"Faces with such a line: {self.mana_faces.faces:,}, every line compiled in "
                   f"{self.mana_faces.fully_compiled:,}")
        out.append("")
        out.append(f"The {TOP_SHAPES} most frequent shapes of lines no template reads "
                   "({M} a mana symbol, {N} and N a number, ~ the card's name):")
        out += [f"  {n:>6,}  {s or '(reminder text only)'}" for s, n in _top(self.shapes)]
        if self.unusable:
            out.append("")
            out.append("Faces that cannot be a card of the vocabulary, by reason:")
            for reason, names in self._reasons():
                more = f", ... ({len(names) - 3} more)" if len(names) > 3 else ""
                out.append(f"  {len(names):>6,}  {reason}: {', '.join(names[:3])}{more}")
        return "\n".join(out)


def _top(shapes: Counter) -> list[tuple[str, int]]:
    return sorted(shapes.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_SHAPES]


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "-"


def _statuses(lines: Counter) -> str:
    total = sum(lines.values())
    return ", ".join(f"{lines[s]:,} {w} ({_pct(lines[s], total)})"
                     for s, w in ((COMPILED, "compiled"), (PARTIAL, "partial"), (TEXT, "text only")))


def coverage(sources: Sequence[CardSource]) -> Coverage:
    """Compile and parse every face of every database among `sources`."""
    start = time.perf_counter()
    report = Coverage([s.path for s in sources if isinstance(s, DatabaseSource)],
                      [s.path for s in sources if not isinstance(s, DatabaseSource)])
    for source in sources:
        if isinstance(source, DatabaseSource):
            _count(source, report)
    report.seconds = time.perf_counter() - start
    return report


def _count(source: DatabaseSource, report: Coverage) -> None:
    keys = set()
    for key, _, face in source.all_faces():
        keys.add(key)
        report.faces += 1
        name = str(face.get("faceName") or face.get("name") or key)
        try:
            compiled = compile_face(face)
        except CompileError as e:
            report.unusable.setdefault(str(e), []).append(name)
            continue
        try:
            card = parse_card(compiled.card, source.where(compiled.name))
        except InputError as e:
            # The type line's words are the card's own ("'plane' in 'Plane — Ravnica'"): the
            # reason without them groups the faces.
            reason = re.sub(r" in (['\"]).*\1$", "", f"{e.field}: {e.message}" if e.field else e.message)
            report.unusable.setdefault(reason, []).append(name)
            continue
        statuses = [r.status for r in compiled.lines]
        report.usable.add(statuses)
        for t in card.types:
            report.by_type.setdefault(t, Tally()).add(statuses)
        mana = [r.status for r in compiled.lines if ADDS_MANA.search(r.text)]
        report.mana_lines.update(mana)
        if mana:
            report.mana_faces.add(statuses)
        report.shapes.update(r.template for r in compiled.lines if r.status == TEXT)
    report.cards += len(keys)
