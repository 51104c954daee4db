"""The what-if's fast path for a move from a Session's own state (docs/design-notes.md, "Ground
once, query by externals").

A what-if step grounds the parts of its action in the Solver of the state it acts on: about
800 statements (step(q), action(q), act_move(q), detect(q)), which cost as much as a quarter of
a single-action query, and a Session answers each query from its state as first grounded (in a
fork of its worker, limits.py), so every query paid that grounding again. A StepWorld is a second
Solver of the same state with those parts grounded once, for one query id, with every move a
what-if may ask (`act(q, move(O, Z))` for each object O and zone Z) an external instead of a
fact (asp/step.lp, act_move_world). A move is then one enumeration assuming its external true
and every other one false: the same answer sets as the act_fact part gives, since an external
assumed true is a fact to every rule and one assumed false is no atom at all.

Kept apart from the Solver that answers the other queries, so that nothing they ground or solve
sees the world's atoms. What the world does not hold (an object or zone outside its externals,
a step with no answer set, whose reason is read from the grounder's facts) is left to the
what-if's own path: `ways` returns None and the caller grounds the step as it always has.
"""

from __future__ import annotations

import clingo

from ..translator.model import GameState
from .common import activation_parts
from .core import Solver

# The zones of asp/step.lp's act_move_world externals (whatif.MOVE_ZONES).
WORLD_ZONES = frozenset({"battlefield", "hand", "library", "graveyard", "exile", "command", "outside"})


class StepWorld:
    """The step parts of a move grounded once for the state, the move an external."""

    def __init__(self, state: GameState, time_limit: float):
        self.solver = Solver(state, time_limit)
        self.state = state
        self.query = self.solver.query()        # never ended: the world is used from forks only
        self._answers: dict = {}                # remembered()
        q = [self.query.term]
        self.solver.ground([("act_move_world", q), ("step", q), ("action", q), ("act_move", q), ("detect", q)])
        self._atoms = self.solver._ctl.symbolic_atoms
        # Every external free, each solve assuming each of them (assigning one cost about 3 ms
        # a call on this Control, four calls a move): the move's true, every other one false.
        ctl = self.solver._ctl
        self._moves: dict[clingo.Symbol, int] = {}
        for atom in self._atoms.by_signature("act", 2):
            if atom.is_external:
                ctl.assign_external(atom.symbol, None)
                self._moves[atom.symbol] = len(self._moves)
        self._off = [-self._atoms[s].literal for s in self._moves]
        on = clingo.Function("whatif_on", q)
        ctl.assign_external(on, None)
        self._on = self._atoms[on].literal
        # One solve with every move off, here: clasp prepares the ground program at its first
        # solve, and a query's fork would otherwise prepare all of it again (most of its time).
        with self.solver._switched([], models=1):
            self.solver._solve(lambda m: None, time_limit, assumptions=[*self._off, -self._on])
        # the settle worlds of the moves to each zone (queries/settle_world.py), by zone, and of
        # flickers ("flicker"), as the Session builds them; and the flicker's second move from
        # the states the exiles reach (a MoveWorld)
        self.settle_worlds: dict = {}
        self.move_world = None
        # the step of an activation of one ability, by (object id, line as the action names it)
        self.activation_worlds: dict[tuple[str, str], ActivationWorld] = {}
        # the states the moves to each zone reach, by zone, with the id of the object moved
        # (whatif._moved: a zone's settle world and the flickers' both read the exiles)
        self.moved: dict[str, list] = {}

    @property
    def id(self) -> int:
        return self.query.id

    def ways(self, obj: clingo.Symbol, zone: str, limit: int, what: str) -> list[list[clingo.Symbol]] | None:
        """Every way the move of `obj` (its obj(Id, Incarnation) term) to `zone` can go, as the
        what-if enumerates a step (at most `limit`, a SolverError past it); None when the world
        does not hold that move or it has no way at all (the caller's own path then decides)."""
        if zone not in WORLD_ZONES:
            return None
        act = clingo.Function("act", [self.query.term, clingo.Function("move", [obj, clingo.Function(zone)])])
        i = self._moves.get(act)
        if i is None:
            return None

        def solve():
            assumptions = list(self._off)
            assumptions[i] = -assumptions[i]
            return self.solver.enumerate([], limit, what=what, assumptions=[*assumptions, self._on]) or None
        return remembered(self._answers, (i, limit), solve)


def remembered(answers: dict, key, solve):
    """A world's answer to a question asked of it before, else solve()'s, kept: a world's program
    is fixed once built and a question is its assumptions, so its answer sets are the same
    each time (a build asks every move it holds and every state's settle round, and a Session's
    later what-ifs ask them again: bench_whatif's held queries took 2.5 solves each). A
    SolverError (past the limit) is not kept."""
    try:
        return answers[key]
    except KeyError:
        found = answers[key] = solve()
        return found


class ActivationWorld:
    """The step of an activation of one ability of the state (an object's line: its instance
    term) grounded once, as StepWorld grounds a move: the activation and each first target an
    external (asp/step.lp, act_activate_world), with the parts the what-if's own path grounds
    for an activation (the source's mana outcomes where it may be a mana ability's, step,
    action, act_activate, instructions, detect). An activation with at most one target, from
    the state, with no "paying with", is one enumeration; anything else is left to the own
    path."""

    def __init__(self, state: GameState, oid: str, instance: str, time_limit: float):
        self.solver = Solver(state, time_limit)
        self.state = state
        self.oid = oid
        self.instance = instance
        self.query = self.solver.query()        # never ended
        self._answers: dict = {}                # remembered()
        q = self.query.term
        inc = state.incarnations()
        source = clingo.Function("obj", [clingo.String(oid), clingo.Number(inc[oid])])
        term = clingo.parse_term(instance)
        self.solver.ground([("act_activate_world", [q, source, term]), *activation_parts(self.solver, source, term),
                            *((p, [q]) for p in ("step", "action", "act_activate", "instructions", "detect"))])
        atoms = self.solver._ctl.symbolic_atoms
        ctl = self.solver._ctl
        act = clingo.Function("act", [q, clingo.Function("activate", [source, term])])
        ctl.assign_external(act, None)
        self._act = atoms[act].literal
        self._targets: dict[clingo.Symbol, int] = {}
        for atom in atoms.by_signature("act_target", 3):
            if atom.is_external:
                ctl.assign_external(atom.symbol, None)
                self._targets[atom.symbol.arguments[2]] = atom.literal
        on = clingo.Function("whatif_on", [q])
        ctl.assign_external(on, None)
        self._on = atoms[on].literal
        with self.solver._switched([], models=1):
            self.solver._solve(lambda m: None, time_limit,
                               assumptions=[-self._act, *(-lit for lit in self._targets.values()), -self._on])

    @property
    def id(self) -> int:
        return self.query.id

    def targets(self) -> list[clingo.Symbol]:
        """Every first target the world holds (objects and players)."""
        return list(self._targets)

    def ways(self, target: clingo.Symbol | None, limit: int, what: str) -> list[list[clingo.Symbol]] | None:
        """Every way the activation can go with this first target (None: no target given), at
        most `limit` (a SolverError past it); None when the world does not hold the target or
        the activation has no way (the own path then says why, or pays from mana abilities)."""
        if target is not None and target not in self._targets:
            return None

        def solve():
            assumptions = [self._act, self._on, *((lit if t == target else -lit) for t, lit in self._targets.items())]
            return self.solver.enumerate([], limit, what=what, assumptions=assumptions) or None
        return remembered(self._answers, (None if target is None else self._targets[target], limit), solve)


__all__ = ["WORLD_ZONES", "ActivationWorld", "StepWorld", "remembered"]
