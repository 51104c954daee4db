"""could-produce: the types of mana each permanent could produce (CR 106.7)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import clingo

from ..translator.decode import mana_sort_key, object_id
from .choices import unrecorded_choices, unrecorded_json, unrecorded_text
from .common import explanations, not_modelled, require_permanent
from .core import Solver
from .result import Cited, Unread, Why, unread_lines, with_unread


@dataclass(frozen=True)
class CouldProduce:
    """For each asked permanent, in battlefield order, the types it could produce (W U B R G C)."""

    types: dict[str, tuple[str, ...]]
    reasons: dict[str, list[Why]] | None = None      # asked with explain
    not_modelled: tuple[Unread, ...] = ()
    unrecorded: dict[str, tuple[str, ...]] = field(default_factory=dict)  # choices not recorded (607.2d)

    def to_json(self) -> dict:
        return with_unread({"could_produce": {k: list(v) for k, v in self.types.items()},
                            **unrecorded_json(self.unrecorded)}, self.not_modelled)

    def rules(self) -> list[Cited]:
        return [Cited(oid, w.rule, w.text, (("object", oid),))
                for oid, whys in (self.reasons or {}).items() for w in whys]

    def to_text(self) -> str:
        lines = []
        for oid, types in self.types.items():
            shown = " ".join("{" + t + "}" for t in types) if types else "nothing"
            lines.append(f"{oid}: {shown}")
            for why in (self.reasons or {}).get(oid, []):
                lines.append(f"    CR {why.rule}: {why.text}")
        lines = (lines or ["no permanents on the battlefield"]) + unrecorded_text(self.unrecorded)
        return "\n".join(lines + unread_lines(self.not_modelled))


def could_produce(solver: Solver, object_id_: str | None = None, explain: bool = False) -> CouldProduce:
    if object_id_ is not None:
        require_permanent(solver, object_id_)
    found: dict[str, set[str]] = {}
    for oid, t in _rows(solver.base().get("could_produce")):
        found.setdefault(oid, set()).add(t)
    ids = [object_id_] if object_id_ is not None else [p.id for p in solver.state.battlefield]
    # (a large board has few distinct sets of types: each sorted once)
    in_order: dict[frozenset[str], tuple[str, ...]] = {frozenset(): ()}
    types = {}
    for i in ids:
        got = frozenset(found.get(i, ()))
        ordered = in_order.get(got)
        if ordered is None:
            ordered = in_order[got] = tuple(sorted(got, key=mana_sort_key))
        types[i] = ordered
    reasons = None
    if explain:
        reasons = {i: [] for i in ids}
        for about, whys in explanations(solver).items():
            if about.name in ("could_produce", "produces_nothing", "produces_no_mana", "mana_ability"):
                oid = object_id(about.arguments[0])
                if oid in reasons:
                    reasons[oid].extend(whys)
    unrecorded = {o: k for o, k in unrecorded_choices(solver).items() if o in types}
    return CouldProduce(types, reasons, not_modelled(solver), unrecorded)


# could_produce(obj("Id", N), t) as clingo writes it: the id a string with \\, \" and \n escaped.
_ROW = re.compile(r'obj\("((?:[^"\\]|\\.)*)",-?\d+\),([a-z]+)\)')
_ESCAPE = re.compile(r"\\(.)")


def _rows(symbols: list[clingo.Symbol]) -> list[tuple[str, str]]:
    """(object id, mana letter) of each could_produce/2 atom, read from one text of them all (one
    call into clingo instead of four per atom: 100,000 permanents have 200,000 such atoms)."""
    if not symbols:
        return []
    rows = _ROW.findall(str(clingo.Function("", symbols)))
    if len(rows) != len(symbols):
        raise AssertionError(f"could_produce: {len(symbols)} atoms but {len(rows)} rows read")
    return [(_ESCAPE.sub(_unescape, oid) if "\\" in oid else oid, t.upper()) for oid, t in rows]


def _unescape(m: re.Match) -> str:
    return "\n" if m.group(1) == "n" else m.group(1)
