"""what-if: step through a game. Each action is one step; asp/whatif.lp derives what it
changes (every way it can go is its own branch), then the state-based actions the new state
calls for, performed at once and checked again until none apply (CR 704.3). The result is
every distinct resulting state, as what changed against the start, with the CR rules behind
each change.

Action syntax (one string per step; ids are the state's object ids):
    move ID to ZONE      an event from outside the game's rules moves the object
                         (ZONE: battlefield, hand, graveyard, exile, library = its top, command)
    bounce ID            = move ID to hand        exile ID  = move ID to exile
    flicker ID           exile it, then return it to the battlefield, in one step (no
                         state-based actions in between)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import clingo

from ..translator.decode import object_id
from ..translator.delta import Change, apply
from ..translator.errors import InputError, SolverError
from ..translator.model import ZONES, GameState
from ..translator.render import obj
from .session import Session

_queries = itertools.count(1)
MAX_BRANCHES = 256
MAX_SBA_ROUNDS = 50
MOVE_ZONES = ("battlefield", *ZONES)


@dataclass(frozen=True)
class Step:
    text: str
    events: tuple[tuple[str, str, str], ...]     # (verb, object id, zone)


@dataclass(frozen=True)
class Logged:
    step: int
    change: Change
    rules: tuple[tuple[str, str], ...]           # (CR rule, reason)
    sba: bool = False

    def to_json(self) -> dict:
        c = self.change
        out: dict = {"step": self.step, "change": c.kind}
        for key in ("object", "player", "origin", "to", "controller", "counter"):
            value = getattr(c, key)
            if value is not None:
                out["from" if key == "origin" else key] = value
        if c.kind == "enters_counters":
            out["amount"] = c.amount
        if self.sba:
            out["state_based_action"] = True
        out["rules"] = sorted({r for r, _ in self.rules})
        return out

    def to_text(self) -> str:
        c = self.change
        what = {
            "moves": lambda: f"{c.object}: {c.origin} -> {c.to}" + (
                f" under {c.controller}'s control" if c.controller else "") + " (a new object)",
            "enters_counters": lambda: f"{c.object} enters with {c.amount} {c.counter} counter(s)",
            "enters_tapped": lambda: f"{c.object} enters tapped",
            "ceases": lambda: f"{c.object} ceases to exist",
            "unattached": lambda: f"{c.object} becomes unattached",
            "loses": lambda: f"{c.player} loses the game",
            "stays": lambda: f"{c.object} stays where it is (would have moved to {c.to})",
        }[c.kind]()
        tag = "state-based action: " if self.sba else ""
        rules = "; ".join(f"CR {r}: {t}" for r, t in sorted(set(self.rules)))
        return f"step {self.step}: {tag}{what}  [{rules}]"


@dataclass(frozen=True)
class Result:
    changes: tuple[Logged, ...]
    state: GameState = field(compare=False)

    def after(self, start: GameState) -> dict:
        """The objects and players that differ from the start, as they are now."""
        def view(s: GameState) -> dict:
            out = {}
            for p in s.battlefield:
                v = {"zone": "battlefield", "controller": p.controller, "incarnation": p.incarnation}
                if p.tapped:
                    v["tapped"] = True
                if p.counters:
                    v["counters"] = dict(p.counters)
                if p.damage:
                    v["damage"] = p.damage
                v["attached_to"] = p.attached_to if p.attached_to and p.attached_incarnation is None else None
                out[p.id] = v
            for z in s.zones:
                v = {"zone": z.zone, "incarnation": z.incarnation}
                if z.face_down:
                    v["face_down"] = True
                out[z.id] = v
            return out
        before, now = view(start), view(self.state)
        diff = {}
        for oid in sorted(set(before) | set(now), key=lambda i: (i not in before, i)):
            if before.get(oid) != now.get(oid):
                diff[oid] = now.get(oid, {"zone": None, "ceased_to_exist": True})
                if oid in now:
                    diff[oid] = dict(diff[oid])
                    if diff[oid].get("attached_to", 0) is None and not before.get(oid, {}).get("attached_to"):
                        diff[oid].pop("attached_to")
                    if now[oid]["incarnation"] != before.get(oid, {}).get("incarnation", -1):
                        diff[oid]["new_object"] = True
                    diff[oid].pop("incarnation")
        for p in self.state.lost:
            if p not in start.lost:
                diff[f"player {p}"] = {"lost": True}
        return diff


@dataclass(frozen=True)
class WhatIf:
    start: GameState
    actions: tuple[str, ...]
    results: tuple[Result, ...]

    def to_json(self) -> dict:
        return {"actions": list(self.actions),
                "outcomes": [{"changes": [c.to_json() for c in r.changes], "after": r.after(self.start)}
                             for r in self.results]}

    def rules(self) -> list[tuple[str, str]]:
        return sorted({w for r in self.results for c in r.changes for w in c.rules})

    def to_text(self) -> str:
        n = len(self.results)
        lines = [f"{n} distinct outcome{'s' if n != 1 else ''} of: " + "; ".join(self.actions)]
        for k, r in enumerate(self.results, 1):
            lines.append(f"  outcome {k}:")
            lines += [f"    {c.to_text()}" for c in r.changes] or ["    nothing changes"]
            for oid, v in r.after(self.start).items():
                lines.append(f"    now {oid}: {v}")
        return "\n".join(lines)


def parse_action(text: str, index: int, where: str = "--do") -> Step:
    words = text.split()
    field_ = f"[{index}]"

    def bad(message: str) -> InputError:
        return InputError(where, field_, f"{text!r}: {message}")

    if not words:
        raise bad("an empty action; actions are: move ID to ZONE, bounce ID, exile ID, flicker ID")
    verb = words[0].lower()
    if verb == "move":
        if len(words) != 4 or words[2].lower() != "to":
            raise bad("write it as: move ID to ZONE")
        zone = words[3].lower()
        if zone not in MOVE_ZONES:
            raise bad(f"unknown zone {zone!r}; zones are {', '.join(MOVE_ZONES)}")
        return Step(text, (("move", words[1], zone),))
    if verb in ("bounce", "exile", "flicker"):
        if len(words) != 2:
            raise bad(f"write it as: {verb} ID")
        oid = words[1]
        events = {"bounce": (("move", oid, "hand"),), "exile": (("move", oid, "exile"),),
                  "flicker": (("move", oid, "exile"), ("move", oid, "battlefield"))}[verb]
        return Step(text, events)
    raise bad(f"unknown action {words[0]!r}; actions are: move ID to ZONE, bounce ID, exile ID, "
              "flicker ID")


def what_if(session: Session, actions: list[str], where: str = "--do") -> WhatIf:
    if not actions:
        raise InputError(where, None, "give at least one action")
    steps = [parse_action(a, i, where) for i, a in enumerate(actions)]
    branches: list[tuple[GameState, tuple[Logged, ...], Session | None]] = [(session.state, (), session)]
    for k, step in enumerate(steps, 1):
        nxt = []
        for state, log, sess in branches:
            for oid in {e[1] for e in step.events}:
                if oid not in state.incarnations():
                    raise InputError(where, f"[{k - 1}]", f"{step.text!r}: no object has id {oid!r}"
                                     + (" any more (see the changes before this step)" if k > 1 else ""))
            states = [(state, log, sess)]
            for verb, oid, zone in step.events:
                states = [out for st, lg, se in states
                          for out in _event(se or _session(st, session), st, lg, k, verb, oid, zone)]
            for st, lg, se in states:
                nxt.append(_sba(se, st, lg, k, session))
        branches = _distinct(nxt)
        if len(branches) > MAX_BRANCHES:
            raise SolverError(f"beyond what this solver handles: more than {MAX_BRANCHES} distinct states")
    results = tuple(Result(log, st) for st, log, _ in branches)
    return WhatIf(session.state, tuple(actions), results)


def _session(state: GameState, like: Session) -> Session:
    return Session(state, time_limit=like.time_limit)


def _event(sess: Session, state: GameState, log, k: int, verb: str, oid: str, zone: str):
    q = next(_queries)
    o = obj(oid, state.incarnations()[oid])
    sess._add(f"whatif_act_{q}", f"act({q},{verb}({o},{zone})).", "the action")
    sess._ground([(f"whatif_act_{q}", []), ("action", [clingo.Number(q)])])
    answer = sess._facts()
    changes, rules = _changes(answer, q)
    if not changes:
        return [(state, log, sess)]
    new = apply(state, [c for c in changes if c.kind != "stays"])
    logged = tuple(Logged(k, c, tuple(sorted(rules.get(c, ())))) for c in changes)
    return [(new, log + logged, None if new != state else sess)]


def _sba(sess: Session | None, state: GameState, log, k: int, like: Session):
    for _ in range(MAX_SBA_ROUNDS):
        sess = sess or _session(state, like)
        q = next(_queries)
        sess._ground([("sba", [clingo.Number(q)])])
        changes, rules = _changes(sess._facts(), q)
        if not changes:
            return state, log, sess
        state = apply(state, changes)
        log = log + tuple(Logged(k, c, tuple(sorted(rules.get(c, ()))), sba=True) for c in changes)
        sess = None
    raise SolverError(f"state-based actions still apply after {MAX_SBA_ROUNDS} rounds")


def _changes(answer, q: int) -> tuple[list[Change], dict[Change, set]]:
    changes: list[Change] = []
    terms: dict[clingo.Symbol, Change] = {}
    for s in answer.get("ch"):
        if s.arguments[0].number != q:
            continue
        c = _decode(s.arguments[1])
        terms[s.arguments[1]] = c
        changes.append(c)
    for s in answer.get("stays"):
        if s.arguments[0].number == q:
            c = Change("stays", object=object_id(s.arguments[1]), to=s.arguments[2].name)
            terms[clingo.Function("stays", s.arguments[1:])] = c
            changes.append(c)
    rules: dict[Change, set] = {}
    for s in answer.get("why"):
        if s.arguments[0].number == q and s.arguments[1] in terms:
            rules.setdefault(terms[s.arguments[1]], set()).add((s.arguments[2].string, s.arguments[3].string))
    order = {"moves": 0, "enters_counters": 1, "enters_tapped": 1, "unattached": 2, "ceases": 3,
             "stays": 4, "loses": 5}
    changes.sort(key=lambda c: (order[c.kind], c.object or "", c.player or "", c.counter or ""))
    return changes, rules


def _decode(t: clingo.Symbol) -> Change:
    a = t.arguments
    if t.name == "zone":
        ctl = a[3]
        return Change("moves", object=object_id(a[0]), origin=a[1].name, to=a[2].name,
                      controller=ctl.string if ctl.type == clingo.SymbolType.String else None)
    if t.name == "enters":
        w = a[1]
        if w.name == "tapped":
            return Change("enters_tapped", object=object_id(a[0]))
        return Change("enters_counters", object=object_id(a[0]), counter=w.arguments[0].string,
                      amount=w.arguments[1].number)
    if t.name == "ceases":
        return Change("ceases", object=object_id(a[0]))
    if t.name == "unattach":
        return Change("unattached", object=object_id(a[0]))
    if t.name == "lose":
        return Change("loses", player=a[0].string)
    raise SolverError(f"asp/whatif.lp derived a change this module does not know: {t}")


def _distinct(branches):
    seen = {}
    for st, log, sess in branches:
        key = _key(st)
        if key not in seen:
            seen[key] = (st, log, sess)
    return list(seen.values())


def _key(state: GameState):
    return (tuple(sorted((p.id, p.card, p.controller, p.tapped, p.counters, p.damage, p.attached_to,
                          p.attached_incarnation, p.incarnation) for p in state.battlefield)),
            tuple(sorted((z.id, z.zone, z.position, z.incarnation, z.face_down) for z in state.zones)),
            state.lost, state.life)


__all__ = ["WhatIf", "parse_action", "what_if"]
