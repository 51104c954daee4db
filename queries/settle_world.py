"""The what-if's fast path for settling a state a move reached (docs/design-notes.md, "The next
state as externals: the settle world").

After a move, the what-if gives the state it reached a Solver of its own (the state's facts
rendered, parsed and grounded with the base part) and grounds the settle round there (step(q),
action(q), settle(q), detect(q)): most of a single move's time. A SettleWorld holds the states
that the moves of one zone can reach from a Session's state (each object moved there, each way
the move can go: the StepWorld's answers applied) in one Control, grounded once: the lines of
facts that every one of those states renders (`fixed`) as facts, every other line behind an
external of its own (`w_in(i)`: each fact of line i is `F :- w_in(i).`), the base part, the settle
round's parts for query 1 (the query id a reached state's own Solver gives its first settle
round), and #show directives for what the what-if reads of a state's own program (its View and
its lines kept as words: whatif.READ_NAMES).

A state is held when its rendering has every fixed line and no line the world lacks: its settle
round is then one enumeration assuming w_in(i) true for its lines and false for the others.
Exact by construction: a rule `F :- w_in(i)` with w_in(i) assumed true derives F as the fact
would, and with it false F has no support from it, so the answer sets are those of the state's
own program (only the grounder's simplification differs; the world's base atoms are no longer
facts of the grounder, so the state's readings come from the answer's shown atoms, a
`WorldReading`). What the world does not hold, or answers unusually (no answer set, an amount
too large, a limit exceeded, a time limit), is left to the what-if's own path, which answers or
fails as it always has: `settle` returns None.
"""

from __future__ import annotations

from collections.abc import Iterable

import clingo
import clingo.ast

from ..translator.errors import SolverError
from ..translator.model import GameState
from ..translator.numbers import check_reached
from ..translator.render import render_state
from .core import Answer, Solver

# What the what-if reads of a state's own program (whatif.READ_NAMES; limit_exceeded is shown by
# asp/show.lp).
READ_NAMES = ("controller", "has_color", "printed_color", "counter", "blocked_attacker", "not_modelled")
SETTLE_PARTS = ("step", "action", "settle", "detect")


def _lines(text: str) -> frozenset[str]:
    return frozenset(line for line in text.split("\n") if line.strip())


def _heads(line: str) -> list[str]:
    """The atoms of a line of facts; a ValueError when the line holds anything but facts."""
    heads: list[str] = []

    def take(stm) -> None:
        if stm.ast_type == clingo.ast.ASTType.Program:
            return
        if (stm.ast_type != clingo.ast.ASTType.Rule or stm.body
                or stm.head.ast_type != clingo.ast.ASTType.Literal or stm.head.sign):
            raise ValueError(f"not a fact: {stm}")
        heads.append(str(stm.head))
    clingo.ast.parse_string(line, take)
    return heads


class WorldReading:
    """A state's readings from a SettleWorld's answer (what FactAnswer reads from a state's own
    Solver): stands for that Solver where the what-if reads the state (whatif.read_state), never
    where it grounds a step (the what-if then makes the state's own Solver)."""

    def __init__(self, state: GameState, symbols: list[clingo.Symbol], time_limit: float):
        self.state = state
        self.time_limit = time_limit
        self._answer = Answer(symbols)

    def base(self) -> Answer:
        return self._answer

    def facts(self) -> Answer:
        return self._answer

    def facts_only(self, names: Iterable[str]) -> bool:
        return True          # read when asked for, from the answer (it does not change)


class SettleWorld:
    """The settle round grounded once over the states a zone's moves reach."""

    def __init__(self, start: GameState, reached: Iterable[GameState], time_limit: float):
        renderings = [_lines(render_state(start)), *(_lines(render_state(s)) for s in reached)]
        self.fixed = frozenset.intersection(*renderings)
        variable = sorted(frozenset.union(*renderings) - self.fixed)
        self.index = {line: i for i, line in enumerate(variable)}
        text = sorted(self.fixed)
        for i, line in enumerate(variable):
            text += [f"{head} :- w_in({i})." for head in _heads(line)]
        if variable:
            text.append(f"#external w_in(0..{len(variable) - 1}).")
        self.solver = Solver(start, time_limit, facts="\n".join(text))
        self.time_limit = time_limit
        self.query = self.solver.query()       # 1: never ended (the world is used from forks only)
        q = [self.query.term]
        self.solver.ground([(p, q) for p in SETTLE_PARTS])
        shows = []
        for name in READ_NAMES:
            self.solver._atoms(name)           # lists the signatures
            arities = self.solver._arities.get(name, [])
            if len(arities) > 1:
                raise SolverError(f"{name} has several arities in the encodings; the world reads one")
            shows += [f"#show {name}/{a}." for a in arities]
        self.solver.ground([(self.solver.add("\n".join(shows), "the settle world's readings"), ())])
        ctl = self.solver._ctl
        self._literals = []
        for i in range(len(variable)):
            sym = clingo.Function("w_in", [clingo.Number(i)])
            ctl.assign_external(sym, None)     # free: each solve assumes every one of them
            self._literals.append(ctl.symbolic_atoms[sym].literal)
        self._on = clingo.Function("whatif_on", q)
        # One solve here: clasp prepares the ground program at its first solve, and each query's
        # fork would otherwise prepare all of it again.
        self.solver.search([], budget=time_limit)

    @property
    def id(self) -> int:
        return self.query.id

    def holds(self, state: GameState) -> list[int] | None:
        """The lines of the state's rendering that are variable here (their indices), or None
        when the world does not hold the state."""
        lines = _lines(render_state(state))
        if not self.fixed <= lines:
            return None
        on = []
        for line in lines - self.fixed:
            i = self.index.get(line)
            if i is None:
                return None
            on.append(i)
        return on

    def settle(self, state: GameState, limit: int, what: str) -> tuple[WorldReading, list[list[clingo.Symbol]]] | None:
        """The state's settle round (query `id`): every way it can go (at most `limit`, as the
        what-if enumerates a step) and the state's readings; None when the world does not hold
        the state or the answer is not an ordinary one (the what-if's own path decides)."""
        on = self.holds(state)
        if on is None:
            return None
        check_reached(state)          # what a Solver of the state checks first
        lits = set(on)
        assumptions = [lit if i in lits else -lit for i, lit in enumerate(self._literals)]
        try:
            models = self.solver.enumerate([self._on], limit, what=what, assumptions=assumptions)
        except SolverError:
            return None
        if not models or any(s.name in ("limit_exceeded", "amount_too_large") for m in models for s in m):
            return None
        return WorldReading(state, models[0], self.time_limit), models


__all__ = ["SettleWorld", "WorldReading"]
