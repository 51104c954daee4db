"""The what-if's fast path for settling a state a move reached (docs/design-notes.md, "The next
state as externals: the settle world").

After a move, the what-if gives the state it reached a Solver of its own (the state's facts
rendered, parsed and grounded with the base part) and grounds the settle round there (step(q),
action(q), settle(q), detect(q)): most of a single move's time. A SettleWorld holds the states
that the moves of one zone can reach from a Session's state (each object moved there, each way
the move can go: the StepWorld's answers applied), and the states their settle rounds reach
(whatif.settle_world builds it again with them), in one Control, grounded once: the lines of
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

import functools
from collections.abc import Iterable

import clingo
import clingo.ast

from ..translator.errors import SolverError
from ..translator.model import GameState
from ..translator.numbers import check_reached
from ..translator.render import render_state
from .core import Answer, Solver, symbol_name
from .step_world import remembered

# What the what-if reads of a state's own program, shown in every answer: its lines kept as
# words, and its View (whatif.VIEW_NAMES; base atoms, the same in every answer of the state's
# settle round, so the View of the state a round leaves unchanged, the state a what-if ends in,
# is read from that round's answer: a solve of the state alone for it cost a sixth of a held
# move). An atom of limit_exceeded/1 (asp/show.lp shows it) sends the state to its own Solver,
# whose reading raises the error.
UNREAD_NAMES = ("not_modelled",)
VIEW_NAMES = ("controller", "has_color", "printed_color", "counter", "blocked_attacker")
SETTLE_PARTS = ("step", "action", "settle", "detect")


def _lines(text: str) -> frozenset[str]:
    return frozenset(line for line in text.split("\n") if line.strip())


def rendered(state: GameState) -> frozenset[str]:
    """The lines of facts of the state's rendering (what a world holds a state by)."""
    return _lines(render_state(state))


@functools.lru_cache(maxsize=1 << 16)
def _heads(line: str) -> tuple[str, ...]:
    """The atoms of a line of facts; a ValueError when the line holds anything but facts. (Kept
    by line: the worlds of one Session hold many of the same states' lines, and a parse each
    was a twentieth of their builds.)"""
    heads: list[str] = []

    def take(stm) -> None:
        if stm.ast_type == clingo.ast.ASTType.Program:
            return
        if (stm.ast_type != clingo.ast.ASTType.Rule or stm.body
                or stm.head.ast_type != clingo.ast.ASTType.Literal or stm.head.sign):
            raise ValueError(f"not a fact: {stm}")
        heads.append(str(stm.head))
    clingo.ast.parse_string(line, take)
    return tuple(heads)


class WorldReading:
    """A state's readings from a SettleWorld (what FactAnswer reads from a state's own Solver):
    its lines kept as words and its View, from an answer of the state's settle round, or of a
    solve of the state alone (SettleWorld.reading). Stands for the state's Solver where the
    what-if reads the state (whatif.read_state), never where it grounds a step (the what-if then
    makes the state's own Solver)."""

    def __init__(self, world: SettleWorld, state: GameState, symbols: list[clingo.Symbol]):
        self.state = state
        self.time_limit = world.time_limit
        self._answer = Answer(symbols)

    def base(self) -> Answer:
        return self._answer

    def facts(self) -> Answer:
        return self._answer

    def facts_only(self, names: Iterable[str]) -> bool:
        return True          # every answer shows the View (it does not change)


class HeldStates:
    """States held in one Control, grounded once: the lines of facts every one of them renders
    (`fixed`) as facts, every other line behind an external of its own (`w_in(i)`: each fact of
    line i is `F :- w_in(i).`); a state is the program whose assumptions holds() gives. What a
    subclass grounds over them is its own (the settle round, a move)."""

    def __init__(self, start: GameState, reached: Iterable[frozenset[str]], time_limit: float):
        """`reached`: the renderings (rendered()) of the states to hold besides `start`."""
        renderings = [rendered(start), *reached]
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
        self.query = self.solver.query()       # 1: never ended
        self._literals = [self._free(clingo.Function("w_in", [clingo.Number(i)])) for i in range(len(variable))]
        # The states the world was built to hold, by value: a what-if's move reaches one of them
        # (the same answers applied the same way), so its membership is looked up, not rendered
        # again (a rendering was a third of a held move's time: remember()).
        self._known: dict[GameState, list[int]] = {}
        self._answers: dict = {}       # remembered()

    def _free(self, sym: clingo.Symbol) -> int:
        """The program literal of an external, left free: each solve assumes it (assigning one
        cost about 3 ms a call on these Controls)."""
        self.solver._ctl.assign_external(sym, None)
        return self.solver._ctl.symbolic_atoms[sym].literal

    def _show(self, names: Iterable[str]) -> None:
        """Show every atom of these predicates in every answer (what the what-if reads of a
        state's own program, from its Solver's grounder there)."""
        shows = []
        for name in names:
            arities = self.solver._arities_of(name)
            if len(arities) > 1:
                raise SolverError(f"{name} has several arities in the encodings; the world reads one")
            for a in arities:
                args = ", ".join(f"X{j}" for j in range(a))
                atom = f"{name}({args})" if a else name
                shows.append(f"#show {atom} : {atom}.")
        self.solver.ground([(self.solver.add("\n".join(shows), "the world's readings"), ())])

    def remember(self, held: Iterable[tuple[GameState, frozenset[str]]]) -> None:
        """Keep the assumptions of these states (each with its rendering), those the world
        holds, to find them by the state itself (GameState compares every field but its card
        library, as its rendering reads them): a state equal to one of them has its rendering.
        Each state's numbers are checked here (numbers.check_reached, what a Solver of it does
        first), so a what-if that reaches it does not check them again; one past the bound is
        not kept."""
        for state, lines in held:
            assumptions = self.holds(state, lines)
            if assumptions is None:
                continue
            try:
                check_reached(state)        # as a Solver of it does first: checked once, here
            except SolverError:
                continue                    # left to the own path, which says so
            self._known[state] = assumptions

    @property
    def id(self) -> int:
        return self.query.id

    def knows(self, state: GameState) -> bool:
        """Whether the state is one the world was built to hold (remember())."""
        return state in self._known

    def holds(self, state: GameState, lines: frozenset[str] | None = None) -> list[int] | None:
        """The assumptions that make the world the state's program (every w_in(i), true for the
        variable lines of its rendering; `lines`: that rendering, when already made), or None
        when the world does not hold the state."""
        known = self._known.get(state)
        if known is not None:
            return known
        if lines is None:
            lines = rendered(state)
        if not self.fixed <= lines:
            return None
        on = set()
        for line in lines - self.fixed:
            i = self.index.get(line)
            if i is None:
                return None
            on.add(i)
        return [lit if i in on else -lit for i, lit in enumerate(self._literals)]


class SettleWorld(HeldStates):
    """The settle round grounded once over the states a zone's moves reach."""

    def __init__(self, start: GameState, reached: Iterable[frozenset[str]], time_limit: float):
        super().__init__(start, reached, time_limit)
        q = [self.query.term]
        self.solver.ground([(p, q) for p in SETTLE_PARTS])
        self._show((*UNREAD_NAMES, *VIEW_NAMES))
        self._on = self._free(clingo.Function("whatif_on", q))
        # One solve here: clasp prepares the ground program at its first solve, and each query
        # would otherwise prepare all of it again.
        self.read(self.holds(start) or [])
        # The world of the states this one's settle rounds reach that it does not hold (a
        # state-based action's), built after it (whatif._settle_world_of): grounding them in a
        # world of their own, not this one again with them, costs a build a fraction of a world.
        self.more: SettleWorld | None = None

    def _chain(self) -> list[SettleWorld]:
        out, world = [], self
        while world is not None:
            out.append(world)
            world = world.more
        return out

    def knows(self, state: GameState) -> bool:
        return any(state in world._known for world in self._chain())

    def holder(self, state: GameState, lines: frozenset[str] | None = None) -> SettleWorld | None:
        """The world of the chain that holds the state (`lines`: its rendering, if made)."""
        for world in self._chain():
            if state in world._known:
                return world
        if lines is None:
            lines = rendered(state)
        for world in self._chain():
            if world.holds(state, lines) is not None:
                return world
        return None

    def remember(self, held: Iterable[tuple[GameState, frozenset[str]]]) -> None:
        """Each state kept by the first world of the chain that holds it."""
        todo = list(held)
        for world in self._chain():
            HeldStates.remember(world, todo)
            todo = [(state, lines) for state, lines in todo if state not in world._known]

    def settle(self, state: GameState, limit: int, what: str, checked: bool = True,
               lines: frozenset[str] | None = None) -> tuple[WorldReading, list[list[clingo.Symbol]]] | None:
        """The state's settle round (query `id`): every way it can go (at most `limit`, as the
        what-if enumerates a step) and the state's readings; None when the world does not hold
        the state or the answer is not an ordinary one (the what-if's own path decides).
        `checked`: the state's numbers are checked first, as a Solver of it does. Answered by
        the world of the chain that holds it."""
        world = self.holder(state, lines)
        if world is not self:
            return None if world is None else world.settle(state, limit, what, checked, lines)
        assumptions = self.holds(state, lines)
        if checked and not self.knows(state):
            check_reached(state)

        def solve():
            try:
                models = self.solver.enumerate([], limit, what=what, assumptions=[*assumptions, self._on])
            except SolverError:
                return None
            if not models or any(symbol_name(s) in ("limit_exceeded", "amount_too_large") for m in models for s in m):
                return None
            return WorldReading(self, state, models[0]), models
        return remembered(self._answers, ("settle", state, limit), solve)

    def reading(self, state: GameState, lines: frozenset[str] | None = None) -> WorldReading | None:
        """The readings of a state the world holds, its View included (the state's program
        alone, no step); None when it does not hold it or its answer is not an ordinary one.
        `lines`: its rendering, when already made."""
        world = self.holder(state, lines)
        if world is not self:
            return None if world is None else world.reading(state, lines)
        assumptions = self.holds(state, lines)
        if not self.knows(state):
            check_reached(state)

        def solve():
            try:
                found = self.read(assumptions)
            except SolverError:
                return None
            if found is None or any(symbol_name(s) == "limit_exceeded" for s in found):
                return None
            return WorldReading(self, state, found)
        return remembered(self._answers, ("reading", state), solve)

    def read(self, assumptions: list[int]) -> list[clingo.Symbol] | None:
        """The shown atoms of the state's program alone under these assumptions (no step)."""
        found: list[list[clingo.Symbol]] = []
        with self.solver._switched([], models=1):
            self.solver._solve(lambda m: found.append(list(m.symbols(shown=True))), self.time_limit,
                               assumptions=[*assumptions, -self._on])
        return found[0] if found else None


class MoveWorld(HeldStates):
    """A move's step grounded once over held states (a StepWorld over many states): the states
    a flicker's first move reaches (an object exiled), where its second move (the object back to
    the battlefield: 'flicker', whatif.py) is one enumeration. Every move of asp/step.lp's
    act_move_world part an external (`act(q, move(O, Z))` for each object O of any held state
    and zone Z), each solve assuming the state's w_in and every move false but its own: the
    answer sets of the step grounded in the state's own Solver (query 1 there, as here)."""

    def __init__(self, start: GameState, reached: Iterable[frozenset[str]], time_limit: float):
        super().__init__(start, reached, time_limit)
        q = [self.query.term]
        self.solver.ground([("act_move_world", q), ("step", q), ("action", q), ("act_move", q), ("detect", q)])
        self._show(UNREAD_NAMES)            # the lines kept as words of the state moved from
        atoms = self.solver._ctl.symbolic_atoms
        self._moves: dict[clingo.Symbol, int] = {}
        for atom in atoms.by_signature("act", 2):
            if atom.is_external:
                self._moves[atom.symbol] = len(self._moves)
        self._off = [-self._free(sym) for sym in self._moves]
        self._on = self._free(clingo.Function("whatif_on", q))
        with self.solver._switched([], models=1):
            self.solver._solve(lambda m: None, time_limit,
                               assumptions=[*(self.holds(start) or []), *self._off, -self._on])

    def ways(self, state: GameState, obj: clingo.Symbol, zone: str, limit: int,
             what: str) -> list[list[clingo.Symbol]] | None:
        """Every way the move of `obj` to `zone` can go from the state, as the what-if
        enumerates a step (at most `limit`, a SolverError past it); None when the world does not
        hold the state or the move, or the move has no way at all (the own path decides)."""
        if not self.knows(state):
            return None
        act = clingo.Function("act", [self.query.term, clingo.Function("move", [obj, clingo.Function(zone)])])
        i = self._moves.get(act)
        if i is None:
            return None

        def solve():
            moves = list(self._off)
            moves[i] = -moves[i]
            models = self.solver.enumerate([], limit, what=what, assumptions=[*self._known[state], *moves, self._on])
            if not models or any(symbol_name(s) == "limit_exceeded" for m in models for s in m):
                return None
            return models
        return remembered(self._answers, ("move", state, i, limit), solve)


__all__ = ["HeldStates", "MoveWorld", "SettleWorld", "WorldReading", "rendered"]
