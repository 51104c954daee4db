"""could-produce: the types of mana each permanent could produce (CR 106.7)."""

from __future__ import annotations

from dataclasses import dataclass

from ..translator.decode import mana_letter, mana_sort_key, object_id
from .common import explanations, not_modelled, require_permanent
from .core import Solver
from .result import Cited, Unread, Why, unread_lines, with_unread


@dataclass(frozen=True)
class CouldProduce:
    """For each asked permanent, in battlefield order, the types it could produce (W U B R G C)."""

    types: dict[str, tuple[str, ...]]
    reasons: dict[str, list[Why]] | None = None      # asked with explain
    not_modelled: tuple[Unread, ...] = ()

    def to_json(self) -> dict:
        return with_unread({"could_produce": {k: list(v) for k, v in self.types.items()}}, self.not_modelled)

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
        lines = lines or ["no permanents on the battlefield"]
        return "\n".join(lines + unread_lines(self.not_modelled))


def could_produce(solver: Solver, object_id_: str | None = None, explain: bool = False) -> CouldProduce:
    if object_id_ is not None:
        require_permanent(solver, object_id_)
    found: dict[str, set[str]] = {}
    for s in solver.base().get("could_produce"):
        o, t = s.arguments
        found.setdefault(object_id(o), set()).add(mana_letter(t))
    ids = [object_id_] if object_id_ is not None else [p.id for p in solver.state.battlefield]
    types = {i: tuple(sorted(found.get(i, ()), key=mana_sort_key)) for i in ids}
    reasons = None
    if explain:
        reasons = {i: [] for i in ids}
        for about, whys in explanations(solver).items():
            if about.name in ("could_produce", "produces_nothing", "produces_no_mana", "mana_ability"):
                oid = object_id(about.arguments[0])
                if oid in reasons:
                    reasons[oid].extend(whys)
    return CouldProduce(types, reasons, not_modelled(solver))
