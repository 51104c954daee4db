"""Paying a what-if step's cost from mana abilities (CR 601.2g-h, 605.3a): which mana abilities
the payer activates first. The encodings decide: asp/payment.lp's pay_plan(q, c) states the
cost of step c that the pool does not pay as can-pay's cost (asp/canpay.lp), and each
subset-minimal set of mana abilities that pays it is one plan (an ability more would only add
mana that is not needed). This module asks and reads the plans back; the what-if then activates
each plan's abilities with its own rules (asp/casting.lp) before paying (queries/whatif.py)."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from ..translator.decode import ability, object_id
from ..translator.errors import SolverError
from .canpay import late_steps
from .common import outcome_parts, resolve_line
from .core import Query, Solver

LEFT_OUT_AGAIN = ("could be activated again while paying (605.3a), but a plan uses each ability "
                  "at most once")


@dataclass(frozen=True)
class Plan:
    """The mana abilities to activate, in order: (object id, instance term as ASP text, the
    oracle line it stands on)."""
    abilities: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class Plans:
    plans: tuple[Plan, ...]
    # mana abilities the engine does not plan with: (object id, line, why)
    left_out: tuple[tuple[str, int, str], ...] = ()
    candidates: int = 0     # how many mana abilities the engine could plan with (cp_cand/3)


def payment_plans(solver: Solver, step: Query, payer: str, sources: tuple[clingo.Symbol, ...],
                  limit: int) -> Plans:
    """Every subset-minimal set of `payer`'s mana abilities that pays what the pool does not of
    the total cost of what-if step `step` (grounded already), with `sources` (objects) only
    those permanents' abilities, each used. At most `limit` plans (a SolverError past that)."""
    mine = sorted({s.arguments[0] for s in solver.base().get("activatable") if s.arguments[2].string == payer})
    with solver.query() as query:
        q = query.term
        solver.ground([*outcome_parts(mine), *(("pay_source", [q, o]) for o in sources),
                       ("pay_plan", [q, step.term]), ("canpay", [q, clingo.String(payer)])])
        facts = solver.facts()
        left = {(object_id(s.arguments[1]), s.arguments[2], s.arguments[3].string)
                for s in facts.get("cp_left_out") if s.arguments[0] == q}
        left |= {(object_id(s.arguments[1]), s.arguments[2], LEFT_OUT_AGAIN)
                 for s in facts.get("cp_repeatable") if s.arguments[0] == q}
        candidates = sum(1 for s in facts.get("cp_cand") if s.arguments[0] == q)
        found = _minimal_models(solver, [query.external("cp_on"), query.external("cp_frugal")], limit)
    plans = []
    for model in found:
        steps = {(s.arguments[1], s.arguments[2]): s.arguments[3].number
                 for s in model if s.name == "cp_step_of" and s.arguments[0] == q}
        # an activation without a mana cost that removes a permanent comes after that
        # permanent's step (asp/canpay.lp cp_removed_after, 605.3a)
        late = late_steps(model, q, steps)
        steps |= late
        used = sorted(steps, key=lambda oi: (steps[oi], oi in late, str(oi[0]), str(oi[1])))
        plans.append(Plan(tuple((object_id(o), str(i), resolve_line(solver, object_id(o), ability(i))[0])
                                for o, i in used)))
    unique = tuple(dict.fromkeys(plans))
    left_out = tuple(sorted({(oid, resolve_line(solver, oid, ability(i))[0], why) for oid, i, why in left}))
    return Plans(unique, left_out, candidates)


def _minimal_models(solver: Solver, switches: list[clingo.Symbol], limit: int) -> list[list[clingo.Symbol]]:
    """The answer sets whose cp_use atoms are subset-minimal (clasp's domRec enumeration over
    payment.lp's static heuristic that makes each cp_use false first), at most `limit`."""
    ctl = solver._ctl
    found: list[list[clingo.Symbol]] = []
    with solver._switched(switches, models=limit + 1):
        ctl.configuration.solve.enum_mode = "domRec"
        try:
            solver._solve(lambda m: found.append(list(m.symbols(shown=True))), solver.time_limit)
        finally:
            ctl.configuration.solve.enum_mode = "auto"
    if len(found) > limit:
        raise SolverError(f"beyond what this solver handles: more than {limit} ways to pay with mana abilities; "
                          "name the permanents that pay with `paying with ID ...`")
    return found


__all__ = ["Plan", "Plans", "payment_plans"]
