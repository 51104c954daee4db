"""can-pay: can a player pay a cost now with the mana abilities they could activate, and a
witness plan if so (CR 601.2g-h, 605.3a, 106.4, 616.1). The encoding (asp/canpay.lp) decides;
this module parses the cost, asks, and reads the plan back."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import clingo

from ..translator.cards import COST_SYMBOL, MANA_SYMBOL
from ..translator.decode import (
    MANA_ORDER,
    AbilityRef,
    ability,
    mana_amounts,
    mana_letter,
    object_id,
)
from ..translator.errors import InputError, SolverError
from ..translator.numbers import check_symbol_number
from ..translator.render import symbol
from .choices import refuse_shared_choices, unrecorded_choices, unrecorded_json, unrecorded_text
from .common import (
    mana_objects,
    not_modelled,
    object_order,
    outcome_parts,
    require_player,
    resolve_line,
)
from .core import UNDECIDED, Solver
from .result import Cited, Unread, explain_lines, unread_lines, with_unread

# seconds to look for a plan that activates few abilities: at least this, and at least as long
# as the query's grounding took (on a large board the search grows with the grounding, and a
# plan that activates the whole board instead is long to read and to decode)
FRUGAL_BUDGET = 1.0
SUPPORTED = "numbers, {W} {U} {B} {R} {G} {C}, hybrid {W/U}-style and monocolored hybrid {2/W}-style symbols"


@dataclass(frozen=True)
class Step:
    object: str
    ability: int
    step: int                                   # 0: no mana cost; 1..k: after earlier mana
    mana: dict[str, int]                        # what it adds (amounts capped at what is needed)
    sacrificed: str | None = None
    paid_with: dict[str, int] | None = None     # its own mana cost, by type
    tapped: tuple[str, ...] = ()                # permanents tapped to pay its cost (602.2b)
    granted_by: str | None = None               # the object granting the ability (613.1f)
    # no mana cost, but after step `step`'s activation: it removes a permanent whose own
    # abilities come first (asp/canpay.lp cp_removed_after, 605.3a)
    after_step: bool = False

    def to_json(self) -> dict:
        out = {"object": self.object, "ability": self.ability}
        if self.granted_by:
            out["granted_by"] = self.granted_by
        out |= {"step": self.step, **({"after_step": True} if self.after_step else {}), "mana": self.mana}
        if self.sacrificed:
            out["sacrificed"] = self.sacrificed
        if self.tapped:
            out["tapped"] = list(self.tapped)
        if self.paid_with:
            out["paid_with"] = self.paid_with
        return out


@dataclass(frozen=True)
class CanPay:
    player: str
    cost: str
    payable: bool
    plan: tuple[Step, ...] = ()
    cost_paid_with: dict[str, int] | None = None
    reasons: tuple[tuple[str, str], ...] = ()      # (CR rule, reason), from asp/canpay.lp
    explain: bool = False
    # abilities not planned with: (object, line, granted_by or "", why)
    left_out: tuple[tuple[str, int, str, str], ...] = ()
    not_modelled: tuple[Unread, ...] = ()
    unrecorded: dict[str, tuple[str, ...]] = field(default_factory=dict)  # choices not recorded (607.2d)

    def to_json(self) -> dict:
        out: dict = {"payable": self.payable, "plan": [s.to_json() for s in self.plan],
                     **unrecorded_json(self.unrecorded)}
        if self.payable:
            out["cost_paid_with"] = self.cost_paid_with
        if self.left_out:
            out["left_out"] = [{"object": o, "ability": line, **({"granted_by": g} if g else {}), "why": why}
                               for o, line, g, why in self.left_out]
        return with_unread(out, self.not_modelled)

    def rules(self) -> list[Cited]:
        """The rules the plan rests on (for --explain)."""
        return [Cited(self.player, r, t) for r, t in self.reasons]

    def to_text(self) -> str:
        text = self._text()
        text += "".join(f"\n  not considered: {o} line {line}{_granted(g)}: {why}"
                        for o, line, g, why in self.left_out)
        text += "".join(f"\n  {line}" for line in unrecorded_text(self.unrecorded))
        text = "\n".join([text, *unread_lines(self.not_modelled)])
        return "\n".join([text, *explain_lines(self.rules())]) if self.explain else text

    def _text(self) -> str:
        if not self.payable:
            return (f"{self.player} cannot pay {self.cost} with the mana abilities they could "
                    "activate now.")
        lines = [f"{self.player} can pay {self.cost}:"]
        for s in self.plan:
            extra = f", sacrificing {s.sacrificed}" if s.sacrificed else ""
            extra += f", tapping {', '.join(s.tapped)}" if s.tapped else ""
            own = f", paying {_fmt(s.paid_with)} for it" if s.paid_with else ""
            when = f"step {s.step}, after it" if s.after_step else f"step {s.step}"
            lines.append(f"  {when}: activate {s.object} line {s.ability}{_granted(s.granted_by)}{extra}{own} "
                         f"-> {_fmt(s.mana)}")
        lines.append(f"  then pay {self.cost} with {_fmt(self.cost_paid_with or {})}")
        return "\n".join(lines)


def _granted(by: str | None) -> str:
    return f" (granted by {by})" if by else ""


def _ability(term: clingo.Symbol) -> AbilityRef:
    """The ability an activation of the plan is of: a repeat cp_again(I, K) (asp/canpay.lp,
    605.3a) is of ability I."""
    return ability(term.arguments[0] if term.name == "cp_again" else term)


def _named(solver: Solver, q: int, name: str, why) -> tuple[tuple[str, int, str, str], ...]:
    """The abilities cp_left_out/cp_repeatable name for query q: object, line, granter, why."""
    out = set()
    for s in solver.facts().get(name):
        if s.arguments[0].number == q:
            oid, ref = object_id(s.arguments[1]), _ability(s.arguments[2])
            out.add((oid, resolve_line(solver, oid, ref)[0], ref.granted_by or "", why(s)))
    return tuple(sorted(out))


def _fmt(mana: dict[str, int]) -> str:
    return " ".join(f"{n}x{{{t}}}" for t, n in mana.items()) or "nothing"


def parse_cost(text: str, where: str) -> list[str]:
    symbols = MANA_SYMBOL.findall(text)
    if not symbols or "".join(f"{{{s}}}" for s in symbols) != text.replace(" ", ""):
        raise InputError(where, "--cost", f"{text!r} is not a mana cost like '{{2}}{{G}}{{G}}'")
    for s in symbols:
        if not COST_SYMBOL.match(s) or s in ("X", "Y", "Z", "S") or "/P" in s:
            raise InputError(where, "--cost", f"{{{s}}} is not supported in a cost to pay; "
                                              f"use {SUPPORTED}")
        if s.isdigit():
            check_symbol_number(s, where, "--cost")
    return symbols


REPEATABLE = ("used at most once in a plan, though its cost has no {T} or {Q} and it could be "
              "activated again while paying (605.3a), not modelled yet")


def can_pay(solver: Solver, player: str, cost: str, explain: bool = False) -> CanPay:
    require_player(solver, player)
    symbols = parse_cost(cost, solver.state.source)
    refuse_shared_choices(solver, player, "can-pay")
    # First with at most two steps of costed activations (asp/canpay.lp cp_bound_steps: any
    # plan found is a plan); only if that cut the steps and found none, with all.
    model, q, left, again, repeated, cut = _ask(solver, player, symbols, repeats=False, bounded=True)
    if model is None and cut:
        model, q, left, again, repeated, _ = _ask(solver, player, symbols, repeats=False)
    if model is None and repeated:
        # No plan activates each ability once: ask again with the sacrifice abilities that can
        # be repeated activated as often as their costs allow (asp/canpay.lp cp_again, 605.3a).
        model, q, left, again, _, _ = _ask(solver, player, symbols, repeats=True)
    unrecorded = unrecorded_choices(solver, player)
    if model is None:
        left = tuple(sorted(set(left + again)))
        return CanPay(player, cost, False, explain=explain, left_out=left, not_modelled=not_modelled(solver),
                      unrecorded=unrecorded)
    return replace(_plan(solver, player, cost, q, model, explain), left_out=left, unrecorded=unrecorded)


def _ask(solver: Solver, player: str, symbols: list[str], repeats: bool, bounded: bool = False):
    """One can-pay query part: the model found (None: no plan; UNDECIDED), its id, the
    abilities left out, those that could be activated again, whether a sacrifice ability
    could be repeated (asked with repeats=True), and whether the bound on the activations with
    a mana cost (asked with bounded=True: asp/canpay.lp cp_step_bound) left some out."""
    with solver.query() as query:
        q = query.id
        facts = " ".join(f"cost_symbol({q},{j},{symbol(s)})." for j, s in enumerate(symbols))
        facts += f" cp_repeats({q})." if repeats else ""
        facts += f" cp_bound_steps({q})." if bounded else ""
        part = solver.add(facts, "the cost")
        mine = mana_objects(solver, player)
        start = time.perf_counter()
        solver.ground([*outcome_parts(mine), ("canpay", [query.term, clingo.String(player)]), (part, [])])
        budget = max(FRUGAL_BUDGET, time.perf_counter() - start)
        active = query.external("cp_on")
        frugal = query.external("cp_frugal")
        # First look for a plan that activates few abilities; if that takes long (a cost close
        # to all the player can make), look for any plan with the rest of the time limit.
        model = solver.search([active, frugal], budget=budget)
        if model == UNDECIDED:
            model = solver.search([active])
        left = _named(solver, q, "cp_left_out", lambda s: s.arguments[3].string)
        # Not payable with each ability once: the abilities that could be activated again are
        # named (asp/canpay.lp cp_repeatable), since more activations might pay.
        again = _named(solver, q, "cp_repeatable", lambda s: REPEATABLE)
        repeated = bool(_named(solver, q, "cp_repeated", lambda s: ""))
        cut = any(s.arguments[0].number == q for s in solver.facts().get("cp_steps_cut"))
    return model, q, left, again, repeated, cut


PLAN = ("cp_pick", "cp_step_of", "cp_sac", "cp_sac_class", "cp_class_member", "cp_tapped", "cp_paid",
        "cp_use", "cp_pay_why", "cp_removed_after", "cp_removes")


def _bucket(model: list[clingo.Symbol], q: int | clingo.Symbol, names: tuple[str, ...]) -> dict[str, list]:
    """The arguments of the model's atoms of these names for query q, by name, in one pass (a
    model holds the state's shown atoms too, thousands on a large board; reading a symbol's name
    and arguments is the costly part)."""
    out: dict[str, list] = {n: [] for n in names}
    for s in model:
        bucket = out.get(s.name)
        if bucket is not None:
            args = s.arguments
            if (args[0] == q) if isinstance(q, clingo.Symbol) else \
                    (args[0].type == clingo.SymbolType.Number and args[0].number == q):
                bucket.append(args)
    return out


def _plan(solver: Solver, player: str, cost: str, q: int, model: list[clingo.Symbol],
          explain: bool) -> CanPay:
    got = _bucket(model, q, PLAN)
    picks = {(a[1], a[2]): (a[3], a[4]) for a in got["cp_pick"]}
    steps = {(a[1], a[2]): a[3].number for a in got["cp_step_of"]}
    late = _late(got, steps)
    steps |= late
    sacs = {(a[1], a[2]): object_id(a[3]) for a in got["cp_sac"]}
    sacs |= _class_sacrifices(solver, got)
    tapped: dict = {}
    for a in got["cp_tapped"]:
        tapped.setdefault((a[1], a[2]), []).append(object_id(a[4]))
    paid: dict = {}
    for a in got["cp_paid"]:
        who, t = a[1], mana_letter(a[4])
        bucket = paid.setdefault(str(who), {})
        bucket[t] = bucket.get(t, 0) + 1
    plan = []
    for (o, i), (event, extra) in picks.items():
        oid, ref = object_id(o), _ability(i)
        line, _ = resolve_line(solver, oid, ref)
        mana = mana_amounts(event, extra)
        own = paid.get(str(clingo.Function("act", [o, i])))
        plan.append(Step(oid, line, steps[(o, i)], mana, sacs.get((o, i)),
                         _ordered(own) if own else None, tuple(sorted(tapped.get((o, i), []))),
                         ref.granted_by, (o, i) in late))
    order = object_order(solver)
    # (two activations of one ability at one step by the mana they add, in WUBRGC order)
    plan.sort(key=lambda s: (s.step, s.after_step, order[s.object], s.ability, s.granted_by or "",
                             order.get(s.sacrificed or "", -1), s.tapped,
                             tuple(-s.mana.get(t, 0) for t in MANA_ORDER)))
    reasons = sorted({(a[1].string, a[2].string) for a in got["cp_pay_why"]})
    return CanPay(player, cost, True, tuple(plan), _ordered(paid.get("cost", {})), tuple(reasons),
                  explain, not_modelled=not_modelled(solver))


def _class_sacrifices(solver: Solver, got: dict[str, list]) -> dict:
    """The permanents sacrificed as one of a class of interchangeable ones (asp/canpay.lp
    cp_sac_class: the encoding counts them; the plan names one per activation, those it does not
    activate first, in the order of the battlefield)."""
    chosen = sorted(((a[1], a[2]), (a[3], a[4])) for a in got["cp_sac_class"])
    if not chosen:
        return {}
    members: dict = {}
    for a in got["cp_class_member"]:
        members.setdefault((a[1], a[2]), []).append(object_id(a[3]))
    order = object_order(solver)
    active = {object_id(a[1]) for a in got["cp_use"]}
    for ids in members.values():     # those whose own abilities the plan does not use first
        ids.sort(key=lambda o: (o in active, order[o]))
    out, used = {}, {k: 0 for k in members}
    for act, cls in chosen:
        out[act] = members[cls][used[cls]]
        used[cls] += 1
    return out


def late_steps(model: list[clingo.Symbol], q: int | clingo.Symbol, steps: dict) -> dict:
    """The activations without a mana cost that remove a permanent after its own mana-costed
    ability, each with the step it comes after (asp/canpay.lp cp_removed_after, 605.3a)."""
    return _late(_bucket(model, q, ("cp_removed_after", "cp_removes")), steps)


def _late(got: dict[str, list], steps: dict) -> dict:
    after = {a[1]: a[2].number for a in got["cp_removed_after"]}
    return {(a[1], a[2]): after[a[3]] for a in got["cp_removes"]
            if a[3] in after and not steps.get((a[1], a[2]))}


def _ordered(mana: dict[str, int]) -> dict[str, int]:
    return {t: mana[t] for t in MANA_ORDER if mana.get(t)}


__all__ = ["CanPay", "SolverError", "can_pay", "late_steps"]
