"""mana: everything a player can produce now, as the maximal pools written compactly (CR 106.4,
107.5, 107.6, 605.3a, 614-616, 732.1b). asp/available.lp finds the distinct pools of the plans
and decides which are maximal; this module asks and reads them back."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import clingo

from ..translator.decode import MANA_ORDER, ability, object_id
from ..translator.errors import SolverError
from .choices import refuse_shared_choices, unrecorded_choices, unrecorded_json, unrecorded_text
from .common import (
    mana_objects,
    not_modelled,
    object_order,
    outcome_parts,
    require_player,
    resolve_line,
)
from .core import Solver
from .result import Cited, Unread, explain_lines, unread_lines, with_unread

MAX_POOLS = 2000          # distinct pools of plans, before the maximal ones are chosen
# Past this many distinct pools, the independent permanents' modes are answered apart as groups
# (av_grouped): the answer is the product of the rest's pools with their options (issue 14).
# (Eight pain lands alone make 256 pools; comparing 2,000 pools pairwise costs seconds.)
GROUP_FROM = 256
_BITS = {1: "W", 2: "U", 4: "B", 8: "R", 16: "G", 32: "C"}


def _types(mask: int) -> tuple[str, ...]:
    return tuple(t for b, t in _BITS.items() if mask & b)


@dataclass(frozen=True)
class Item:
    """`count` times: `amount` mana, all of one type chosen from `of`."""
    count: int
    amount: int
    of: tuple[str, ...]

    def to_json(self) -> dict:
        return {"count": self.count, "amount": self.amount, "of": list(self.of)}

    def to_text(self) -> str:
        if len(self.of) == 1:
            return f"{self.count * self.amount} {{{self.of[0]}}}"
        kind = "any one color" if self.of == ("W", "U", "B", "R", "G") else \
            "any one type" if len(self.of) == 6 else "one of " + "/".join(self.of)
        each = "1 mana" if self.amount == 1 else f"{self.amount} mana"
        return f"{self.count} x {each} of {kind}" + (" (each its own choice)" if self.count > 1 else "")


@dataclass(frozen=True)
class Use:
    object: str
    ability: int
    step: int = 0                 # 0: no mana cost; 1..k: paid from mana added before
    sacrificed: str | None = None
    granted_by: str | None = None   # the object granting the ability (613.1f)

    def to_json(self) -> dict:
        out = {"object": self.object, "ability": self.ability}
        if self.granted_by:
            out["granted_by"] = self.granted_by
        out["step"] = self.step
        if self.sacrificed:
            out["sacrificed"] = self.sacrificed
        return out


@dataclass(frozen=True)
class Pool:
    items: tuple[Item, ...]
    debt: int                      # generic mana the plan's own costs take out of the items
    plan: tuple[Use, ...]
    # in a grouped answer: the mana the plan's costs need from the costed groups' options (the
    # items they add less their debt, asp/available.lp av_borrow); 0 otherwise
    needs: int = 0

    def total(self) -> int:
        return sum(i.count * i.amount for i in self.items) - self.debt

    def to_json(self) -> dict:
        return {"items": [i.to_json() for i in self.items], "debt": self.debt,
                "total": self.total(), **({"needs": self.needs} if self.needs else {}),
                "plan": [u.to_json() for u in self.plan]}

    def to_text(self) -> str:
        text = ", ".join(i.to_text() for i in self.items) or "no mana"
        if self.debt:
            text += f"; then {self.debt} of it pays the costs of the abilities (605.3a)"
        if self.needs:
            text += (f"; only with costed options below that gain at least {self.needs} mana "
                     "(their mana less their costs), which pays for this plan first")
        return text


@dataclass(frozen=True)
class Group:
    """Permanents each of which, independently of everything else, adds the items of one of
    `options` (object line, items): asp/available.lp's av_independent. The answer is then each
    listed pool with one option of each of these permanents."""
    objects: tuple[str, ...]
    options: tuple[tuple[int, Item], ...]

    def to_json(self) -> dict:
        return {"objects": list(self.objects),
                "options": [{"ability": line, "items": [i.to_json()]} for line, i in self.options]}

    def to_text(self) -> str:
        who = self.objects[0] if len(self.objects) == 1 else f"each of {', '.join(self.objects)}"
        opts = " or ".join(f"{i.to_text()} (line {line})" for line, i in self.options)
        return f"{who}: {opts}"


@dataclass(frozen=True)
class Option:
    """One option of a permanent with a costed mana ability answered apart (asp/available.lp
    av_optional): the ability used (its line; None: none of them) with the items it adds and the
    generic mana its cost takes out of the pool (605.3a)."""
    ability: int | None
    items: tuple[Item, ...]
    debt: int

    def to_json(self) -> dict:
        return {"ability": self.ability, "items": [i.to_json() for i in self.items], "debt": self.debt}

    def to_text(self) -> str:
        if self.ability is None:
            return "nothing (not activated)"
        text = ", ".join(i.to_text() for i in self.items) or "no mana"
        return text + f" (line {self.ability}" + (f", paying {self.debt} of the pool for it)" if self.debt else ")")


@dataclass(frozen=True)
class CostedGroup:
    """Permanents with a costed mana ability each of which, independently of everything else,
    takes one of `options`: every mana cost on the board is paid from mana that is there
    whatever is chosen (asp/available.lp av_covered), so the answer is each listed pool with one
    option of each of these permanents, as with the groups."""
    objects: tuple[str, ...]
    options: tuple[Option, ...]

    def to_json(self) -> dict:
        return {"objects": list(self.objects), "options": [o.to_json() for o in self.options]}

    def to_text(self) -> str:
        who = self.objects[0] if len(self.objects) == 1 else f"each of {', '.join(self.objects)}"
        return f"{who}: " + " or ".join(o.to_text() for o in self.options)


@dataclass(frozen=True)
class Loop:
    object: str
    ability: int
    untap_ability: int
    net: int
    of: tuple[str, ...]

    def to_json(self) -> dict:
        return {"object": self.object, "ability": self.ability, "untap_ability": self.untap_ability,
                "net": self.net, "of": list(self.of)}


@dataclass(frozen=True)
class AvailableMana:
    player: str
    pools: tuple[Pool, ...]
    unbounded: tuple[Loop, ...] = ()
    # (object, line, the object granting the ability or "" (613.1f), why)
    left_out: tuple[tuple[str, int, str, str], ...] = ()
    reasons: tuple[tuple[str, str], ...] = ()
    explain: bool = False
    not_modelled: tuple[Unread, ...] = ()
    unrecorded: dict[str, tuple[str, ...]] = field(default_factory=dict)  # choices not recorded (607.2d)
    groups: tuple[Group, ...] = ()   # when not empty: each pool takes one option of each group
    costed_groups: tuple[CostedGroup, ...] = ()   # likewise, permanents with costed abilities

    def to_json(self) -> dict:
        return with_unread({"player": self.player, "pools": [p.to_json() for p in self.pools],
                "unbounded": [u.to_json() for u in self.unbounded],
                # (only when the answer is grouped: the whole answer's JSON is as it was)
                **({"groups": [g.to_json() for g in self.groups]} if self.groups else {}),
                **({"costed_groups": [g.to_json() for g in self.costed_groups]} if self.costed_groups else {}),
                "left_out": [{"object": o, "ability": line, **({"granted_by": g} if g else {}), "why": why}
                             for o, line, g, why in self.left_out],
                **unrecorded_json(self.unrecorded)}, self.not_modelled)

    def rules(self) -> list[Cited]:
        return [Cited(self.player, r, t) for r, t in self.reasons]

    def to_text(self) -> str:
        text = self._text()
        return "\n".join([text, *explain_lines(self.rules())]) if self.explain else text

    def _text(self) -> str:
        n = len(self.pools)
        head = (f"{self.player} can produce {n} maximal pool{'s' if n != 1 else ''} "
                "(none dominates another item by item):")
        lines = [head]
        for k, p in enumerate(self.pools, 1):
            lines.append(f"  {k}. {p.to_text()}")
            for u in p.plan:
                extra = f", sacrificing {u.sacrificed}" if u.sacrificed else ""
                at = f" (step {u.step})" if u.step else ""
                lines.append(f"       {u.object} line {u.ability}{_granted(u.granted_by)}{extra}{at}")
        if self.groups or self.costed_groups:
            lines.append("  each of these with one option of each of these independent permanents (any "
                         "combination" + ("; a pool that needs mana from the costed options, with options "
                                          "that gain that much" if any(p.needs for p in self.pools) else "")
                         + "; a combination may be dominated item by item by another):")
            lines += [f"    {g.to_text()}" for g in (*self.groups, *self.costed_groups)]
        for loop in self.unbounded:
            kinds = "/".join(loop.of)
            lines.append(f"  and any amount more of {{{kinds}}}: {loop.object} line {loop.ability}, "
                         f"untapped by line {loop.untap_ability}, adds {loop.net} more than it costs "
                         "each time (732.1b)")
        for o, line, g, why in self.left_out:
            lines.append(f"  not considered: {o} line {line}{_granted(g)}: {why}")
        lines += [f"  {line}" for line in unrecorded_text(self.unrecorded)]
        return "\n".join(lines + unread_lines(self.not_modelled))


def _granted(by: str | None) -> str:
    return f" (granted by {by})" if by else ""


def available_mana(solver: Solver, player: str, explain: bool = False) -> AvailableMana:
    require_player(solver, player)
    refuse_shared_choices(solver, player, "mana")
    with solver.query() as query:
        return _available(solver, player, query, explain)


def _available(solver: Solver, player: str, query, explain: bool) -> AvailableMana:
    q = query.id
    mine = mana_objects(solver, player)
    solver.ground([*outcome_parts(mine), ("available", [query.term, clingo.String(player)])])
    fixed = solver.facts()
    for s in fixed.get("av_too_much"):
        if s.arguments[0].number == q:
            raise SolverError("beyond what this solver handles: an activation adds more than "
                              "100000 mana of one type")
    # the permanents that can be answered apart: independent ones and, when every cost is paid
    # from sure mana, those with costed abilities (asp/available.lp av_apart)
    independent = sorted({s.arguments[1] for s in fixed.get("av_apart") if s.arguments[0].number == q})
    switches = [query.external("av_on")]
    whole = "distinct pools before the maximal ones are chosen"
    try:
        if independent and _at_least(solver, fixed, q, set(independent)) > GROUP_FROM:
            raise SolverError(f"beyond what this solver handles: more than {GROUP_FROM} {whole}")
        models = solver.enumerate(switches, GROUP_FROM if independent else MAX_POOLS, what=whole)
        grouped: list[clingo.Symbol] = []
    except SolverError as e:
        # Too many pools: answer as a product, the independent permanents' modes apart (issue 14).
        if not independent or whole not in str(e):
            raise
        models = solver.enumerate([*switches, query.external("av_grouped")], MAX_POOLS,
                                  what="distinct pools of the permanents that are not independent")
        grouped = independent
    if not models:
        raise SolverError("the encodings found no plan at all (not even activating nothing); "
                          "this is a bug in asp/available.lp")
    read = [_mine(model, q, READ) for model in models]
    found: dict[tuple, dict[str, list]] = {}
    needs: dict[tuple, int] = {}       # the least a pool borrows from the gainful options
    for atoms in read:
        key = _pool_key(atoms)
        borrowed = atoms["av_borrow"][0][1].number if atoms["av_borrow"] else 0
        if key not in found or borrowed < needs[key]:
            found[key], needs[key] = atoms, borrowed
    keys = sorted(found)
    facts = []
    for k, (items, debt) in enumerate(keys):
        facts.append(f"av_found({q},{k}). av_found_debt({q},{k},{debt}). av_found_needs({q},{k},{needs[keys[k]]}).")
        facts += [f"av_found_item({q},{k},{a},{s},{n})." for a, s, n in items]
    part = solver.add("\n".join(facts), "the pools found")
    answer = solver.part("available_dominance", [query.term], [(part, [])])
    if any(s.arguments[0].number == q for s in answer.get("av_too_many_classes")):
        raise SolverError("beyond what this solver handles: a pool with more than 12 kinds of item")
    maximal = sorted(s.arguments[1].number for s in answer.get("av_maximal") if s.arguments[0].number == q)
    lines: dict = {"cards": {p.id: ("card", p.card) for p in solver.state.battlefield}}
    pools = [_pool(solver, keys[k], found[keys[k]], lines, set(grouped), needs[keys[k]]) for k in maximal]
    pools.sort(key=lambda p: (-p.total(), p.debt, [i.to_json() for i in p.items].__repr__()))
    loops = _loops(solver, fixed, q)
    left = sorted({(object_id(s.arguments[1]),
                    resolve_line(solver, object_id(s.arguments[1]), ability(s.arguments[2]))[0],
                    ability(s.arguments[2]).granted_by or "",
                    s.arguments[3].string) for s in fixed.get("av_skip") if s.arguments[0].number == q})
    reasons = sorted({(a[1].string, a[2].string) for atoms in read for a in atoms["av_why"]})
    optional = {s.arguments[1] for s in fixed.get("av_optional") if s.arguments[0].number == q} & set(grouped)
    return AvailableMana(player, tuple(pools), loops, tuple(left), tuple(reasons), explain, not_modelled(solver),
                         unrecorded_choices(solver, player),
                         _groups(solver, fixed, q, [o for o in grouped if o not in optional]),
                         _costed_groups(solver, fixed, q, optional))


def _at_least(solver: Solver, fixed, q: int, independent: set) -> int:
    """About how many distinct pools the independent permanents' choices alone make (their
    options are distinct items, so n permanents of one card with m options give the multisets of
    n of m, C(n + m - 1, m - 1), and different cards multiply, options they share aside). It only
    chooses whether the whole answer is asked for first: either answer is exact."""
    modes: dict[clingo.Symbol, int] = {}
    for s in fixed.get("av_mode"):
        if s.arguments[0].number == q and s.arguments[1] in independent:
            modes[s.arguments[1]] = modes.get(s.arguments[1], 0) + 1
    free = {s.arguments[1] for s in fixed.get("av_free") if s.arguments[0].number == q}
    for o in modes:       # one with no free ability may also be left unused
        modes[o] += o not in free
    cards = {p.id: p.card for p in solver.state.battlefield}
    per_card: dict[tuple, int] = {}
    for o, m in modes.items():
        key = (cards.get(object_id(o)), m)
        per_card[key] = per_card.get(key, 0) + 1
    bound = 1
    for (_, m), n in per_card.items():
        bound *= math.comb(n + m - 1, m - 1)
    return bound


def _groups(solver: Solver, fixed, q: int, grouped: list[clingo.Symbol]) -> tuple[Group, ...]:
    """The independent permanents' options; permanents of one card with the same options are
    written as one group."""
    if not grouped:
        return ()
    mine = set(grouped)
    ability_of = {(s.arguments[1], s.arguments[2]): s.arguments[3] for s in fixed.get("av_mode")
                  if s.arguments[0].number == q and s.arguments[1] in mine}
    options: dict[str, list[tuple[int, Item]]] = {}
    for s in fixed.get("av_item"):
        if s.arguments[0].number != q or s.arguments[1] not in mine:
            continue
        o, m, a, mask = s.arguments[1:5]
        oid = object_id(o)
        line = resolve_line(solver, oid, ability(ability_of[(o, m)]))[0]
        options.setdefault(oid, []).append((line, Item(1, a.number, _types(mask.number))))
    by_options: dict[tuple, list[str]] = {}
    for oid, opts in options.items():
        by_options.setdefault(tuple(sorted(opts, key=lambda lo: (lo[0], lo[1].of))), []).append(oid)
    order = object_order(solver)
    out = [Group(tuple(sorted(objs, key=lambda o: order[o])), opts) for opts, objs in by_options.items()]
    return tuple(sorted(out, key=lambda g: order[g.objects[0]]))


def _costed_groups(solver: Solver, fixed, q: int, optional: set) -> tuple[CostedGroup, ...]:
    """The options of the permanents with costed abilities answered apart (av_optional): each
    mode with its items and its ability's generic cost, and none when no ability is free (a free
    one is always used, asp/available.lp); permanents with the same options together."""
    if not optional:
        return ()
    modes = {(s.arguments[1], s.arguments[2]): s.arguments[3] for s in fixed.get("av_mode")
             if s.arguments[0].number == q and s.arguments[1] in optional}
    units = {(s.arguments[1], s.arguments[2]): s.arguments[3].number for s in fixed.get("av_units")
             if s.arguments[0].number == q and s.arguments[1] in optional}
    free = {s.arguments[1] for s in fixed.get("av_free") if s.arguments[0].number == q}
    items: dict[tuple, list[Item]] = {}
    for s in fixed.get("av_item"):
        if s.arguments[0].number == q and s.arguments[1] in optional:
            o, m, a, mask, n = s.arguments[1:6]
            items.setdefault((o, m), []).append(Item(n.number, a.number, _types(mask.number)))
    options: dict[str, list[Option]] = {}
    for (o, m), i in modes.items():
        oid = object_id(o)
        line = resolve_line(solver, oid, ability(i))[0]
        mine = sorted(items.get((o, m), []), key=lambda it: (len(it.of) > 1, [MANA_ORDER.index(t) for t in it.of],
                                                             it.amount))
        options.setdefault(oid, []).append(Option(line, tuple(mine), units.get((o, i), 0)))
    for o in optional:
        if o not in free:
            options.setdefault(object_id(o), []).append(Option(None, (), 0))
    by_options: dict[tuple, list[str]] = {}
    for oid, opts in options.items():
        key = tuple(sorted(opts, key=lambda op: (op.ability is not None, op.ability or 0, op.debt,
                                                 [i.to_json() for i in op.items].__repr__())))
        by_options.setdefault(key, []).append(oid)
    order = object_order(solver)
    out = [CostedGroup(tuple(sorted(objs, key=lambda o: order[o])), opts) for opts, objs in by_options.items()]
    return tuple(sorted(out, key=lambda g: order[g.objects[0]]))


READ = ("av_pool", "av_debt", "av_borrow", "av_step", "av_sac", "av_use", "av_why")   # what a model gives


def _mine(model: list[clingo.Symbol], q: int, names: tuple[str, ...]) -> dict[str, list]:
    """The arguments of the model's atoms of these names for query q, by name, in one pass
    (reading a symbol's arguments is the costly part: a large board's model has thousands)."""
    out: dict[str, list] = {n: [] for n in names}
    for s in model:
        bucket = out.get(s.name)
        if bucket is not None:
            args = s.arguments
            if args[0].type == clingo.SymbolType.Number and args[0].number == q:
                bucket.append(args)
    return out


def _pool_key(mine: dict[str, list]) -> tuple:
    items = [tuple(a.number for a in args[1:]) for args in mine["av_pool"]]
    debt = mine["av_debt"][0][1].number if mine["av_debt"] else 0
    return tuple(sorted(items)), debt


def _pool(solver: Solver, key: tuple, mine: dict[str, list], lines: dict, apart: set,
          needs: int = 0) -> Pool:
    items_key, debt = key
    items = [Item(n, a, _types(s)) for a, s, n in items_key]
    items.sort(key=lambda i: (len(i.of) > 1, [MANA_ORDER.index(t) for t in i.of], i.amount))
    steps = {(a[1], a[2]): a[3].number for a in mine["av_step"]}
    sacs = {(a[1], a[2]): object_id(a[3]) for a in mine["av_sac"]}
    plan = []
    for a in mine["av_use"]:
        o, m = a[1], a[2]
        if o in apart:                # an independent permanent: its option is in the groups
            continue
        if (o, m) not in lines:       # decoded once per query: the pools share most uses
            oid = object_id(o)
            # the line depends on the card and the ability only (resolve_line): once per card
            # (finding a permanent by id scans the battlefield)
            card = (lines["cards"].get(oid, oid), m.arguments[0])
            if card not in lines:
                ref = ability(m.arguments[0])
                lines[card] = (resolve_line(solver, oid, ref)[0], ref.granted_by)
            lines[(o, m)] = (oid, *lines[card])
        oid, line, granted_by = lines[(o, m)]
        plan.append(Use(oid, line, steps.get((o, m), 0), sacs.get((o, m)), granted_by))
    order = object_order(solver)
    plan.sort(key=lambda u: (u.step, order[u.object], u.ability, u.granted_by or "", u.sacrificed or ""))
    if apart:     # the steps the options apart took are not in this plan: number the rest 1..k
        rank = {step: k for k, step in enumerate(sorted({u.step for u in plan if u.step}), 1)}
        plan = [replace(u, step=rank.get(u.step, 0)) for u in plan]
    return Pool(tuple(items), debt, tuple(plan), needs)


def _loops(solver: Solver, fixed, q: int) -> tuple[Loop, ...]:
    out = []
    for s in fixed.get("av_unbounded"):
        if s.arguments[0].number != q:
            continue
        o, i, u, net, mask = s.arguments[1:]
        oid = object_id(o)
        line, _ = resolve_line(solver, oid, ability(i))
        uline, _ = resolve_line(solver, oid, ability(u))
        out.append(Loop(oid, line, uline, net.number, _types(mask.number)))
    return tuple(sorted(out, key=lambda l: (l.object, l.ability)))


__all__ = ["AvailableMana", "CostedGroup", "Group", "Item", "Loop", "Option", "Pool", "Use", "available_mana"]
