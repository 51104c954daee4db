"""Choices a permanent made as it entered that the state does not record (CR 614.12a, 607.2d):
the encodings (asp/mana.lp, choice_unrecorded/3) take every value the choice allows as
possible, and each answer that counted on them says so."""

from __future__ import annotations

from ..translator.decode import object_id
from .core import Solver


def unrecorded_choices(solver: Solver, player: str | None = None) -> dict[str, tuple[str, ...]]:
    """For each permanent (of `player`, when given) whose chosen value some ability of it reads
    and the state does not record: the kinds of choice (color)."""
    out: dict[str, set[str]] = {}
    for s in solver.base().get("choice_unrecorded"):
        o, kind, p = s.arguments
        if player is None or p.string == player:
            out.setdefault(object_id(o), set()).add(kind.name)
    return {o: tuple(sorted(k)) for o, k in sorted(out.items())}


def unrecorded_json(unrecorded: dict[str, tuple[str, ...]]) -> dict:
    """The JSON field, present only when some choice is not recorded."""
    return {"choices_not_recorded": {o: list(k) for o, k in unrecorded.items()}} if unrecorded else {}


def unrecorded_text(unrecorded: dict[str, tuple[str, ...]]) -> list[str]:
    return [f"{o}: the {k} chosen as it entered is not recorded in the state: every {k} its card "
            f"allows is counted as possible (CR 607.2d)" for o, kinds in unrecorded.items() for k in kinds]
