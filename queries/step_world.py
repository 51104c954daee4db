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
from .core import Solver

# The zones of asp/step.lp's act_move_world externals (whatif.MOVE_ZONES).
WORLD_ZONES = frozenset({"battlefield", "hand", "library", "graveyard", "exile", "command", "outside"})


class StepWorld:
    """The step parts of a move grounded once for the state, the move an external."""

    def __init__(self, state: GameState, time_limit: float):
        self.solver = Solver(state, time_limit)
        self.state = state
        self.query = self.solver.query()        # never ended: the world is used from forks only
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
        assumptions = list(self._off)
        assumptions[i] = -assumptions[i]
        models = self.solver.enumerate([], limit, what=what, assumptions=[*assumptions, self._on])
        return models or None


__all__ = ["WORLD_ZONES", "StepWorld"]
