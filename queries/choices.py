"""Choices a permanent made as it entered that the state does not record (CR 614.12a, 607.2d):
the encodings (asp/mana.lp, choice_unrecorded/3) take every value the choice allows as
possible, and each answer that counted on them says so."""

from __future__ import annotations

from ..translator.decode import object_id
from ..translator.errors import InputError
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


def refuse_shared_choices(solver: Solver, player: str, query: str) -> None:
    """An answer that combines several of `player`'s activations (can-pay, mana) cannot take one
    unrecorded choice as a different value for each: asp/events.lp choice_shared_unrecorded/2
    names the permanents whose choice a triggered mana ability reads for two or more of them."""
    for s in solver.base().get("choice_shared_unrecorded"):
        x, p = s.arguments
        if p.string != player:
            continue
        oid = object_id(x)
        index = next((i for i, perm in enumerate(solver.state.battlefield) if perm.id == oid), None)
        field = f"battlefield[{index}].chosen" if index is not None else f"{oid}.chosen"
        raise InputError(solver.state.source, field,
                         f"{oid}'s triggered mana ability adds mana of the color chosen as it entered, which "
                         f"the state does not record; {query} would count a different color for each of "
                         f"{player}'s activations it watches (CR 607.2d). Record the choice, like "
                         f"chosen: {{color: green}}")
