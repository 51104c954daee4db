"""The solving core: one clingo Control for one game state, and nothing about any query.

It owns the Control's lifecycle: the encodings in asp/ are parsed once per process and their
program parts added to a Control only when first grounded (lazy parts); the state's facts are
rendered and grounded once; later parts are grounded on request (multi-shot). It answers with
the stratified program's facts, one answer set, or every answer set of a part switched on by
externals, within a time limit. Query ids come from one allocator per Control, and the
externals a query switches are released when the query ends (`Query`), so any sequence of
queries answers as fresh Controls would.

The query modules (could_produce, activations, ...) use only this module's public API and the
translator; `Session` (session.py) is a thin facade over them.
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import resource
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Self, TypeVar

import clingo
import clingo.ast

from ..translator.errors import SolverError
from ..translator.model import GameState
from ..translator.numbers import check_reached
from ..translator.render import render_state
from .atom_reader import all_facts, read_signature
from .program_index import Deferred, Index, Reach, _all_names, encoding_index, text_of

DEFAULT_TIME_LIMIT = 60.0
UNDECIDED = "undecided"          # search(): the budget ran out before an answer

Part = tuple[str, Sequence[clingo.Symbol]]
T = TypeVar("T")


class Frozen(Exception):
    """A query asked a frozen Solver (`Solver.frozen`) for something that would change it: a
    query id, a part added or grounded, a solve. A Session's worker answers some what-ifs on
    its own Solver without a fork (session.py, limits.py); this tells it to answer in a fork."""


@dataclass
class Timings:
    """Seconds spent: rendering the facts, parsing them, grounding, solving."""

    render: float = 0.0
    parse: float = 0.0
    ground: float = 0.0
    solve: float = 0.0


def per_symbol(read: Callable[[clingo.Symbol], T]) -> Callable[[clingo.Symbol], T]:
    """`read` of a symbol, once a process (an answer's symbols are mostly those of the answers
    before it, and each read is a call into clingo). Keyed by the symbol's representation: clingo
    keeps one symbol for one term, never freed, and compares symbols by it (a Symbol as the key,
    as functools.lru_cache keys it, costs a call into clingo for its hash and another for its
    equality: on a what-if's held move, a tenth of the time)."""
    known: dict[int, T] = {}

    def cached(s: clingo.Symbol) -> T:
        rep = s._rep
        try:
            return known[rep]
        except KeyError:
            if len(known) >= 1 << 18:
                known.clear()
            value = known[rep] = read(s)
            return value
    return functools.wraps(read)(cached)


@per_symbol
def symbol_name(s: clingo.Symbol) -> str:
    """A symbol's name."""
    return s.name


class Model(list):
    """The shown symbols of one answer set, as a solve found them (Solver.enumerate), with
    their Answer read once: a world keeps its answer sets (step_world.remembered), and every
    what-if that asks one again reads it again (on bench_whatif's held what-ifs, indexing them
    and applying their changes again was a third of the time)."""
    __slots__ = ("answer",)


@dataclass
class Answer:
    """The shown symbols of one answer set, by predicate name; `memo`: what is read from it
    (whatif._next's next state), kept with it."""

    symbols: list[clingo.Symbol]
    by_name: dict[str, list[clingo.Symbol]] = field(default_factory=dict)
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for s in self.symbols:
            self.by_name.setdefault(symbol_name(s), []).append(s)

    @staticmethod
    def of(symbols: list[clingo.Symbol]) -> Answer:
        """The Answer of these symbols: a Model's own, read once."""
        if not isinstance(symbols, Model):
            return Answer(symbols)
        try:
            return symbols.answer
        except AttributeError:
            symbols.answer = Answer(symbols)
            return symbols.answer

    def get(self, name: str) -> list[clingo.Symbol]:
        return self.by_name.get(name, [])


class _Log:
    """A Control's logger: clingo's messages kept to explain a failure (clingo raises only
    "parsing failed" or similar itself). Not a method of the Solver: the Control holds its
    logger, and a Solver its Control, so a bound method made a cycle that only Python's cyclic
    collector could free, and a what-if's Controls outlived their states (7 of a ten-action
    sequence's 15 still held at its end, 2 ms each to free)."""

    def __init__(self, messages: list[str]):
        self._messages = messages

    def __call__(self, code: clingo.MessageCode, message: str) -> None:
        self._messages.append(message.strip())


class _Read:
    """What a FactAnswer has read: each signature's symbols, and the answer set's atoms where
    a signature needed a solve (with the Solver's ground() count when it was solved)."""

    def __init__(self) -> None:
        self.cache: dict[str, list[clingo.Symbol]] = {}
        self.true: set[clingo.Symbol] | None = None
        self.true_of = -1


class FactAnswer:
    """The answer of a stratified program read straight from the grounder: every atom of a
    signature is a fact, so no solving and no copying of the whole model is needed. A
    signature with an atom that is not a fact (the grounder leaves a cycle through negation,
    such as layers.lp's exists/lost_rules_text, to the solver) is read from the one answer
    set instead: its atoms true there, shown or not."""

    def __init__(self, solver: Solver, read: _Read | None = None):
        """`read`: what an earlier FactAnswer of the same program read (Solver.base, .part keep
        it, not the FactAnswer: one holding its Solver, kept by it, made a cycle that only
        Python's cyclic collector could free, and a what-if's Controls outlived their states)."""
        self._solver = solver
        self._r = read if read is not None else _Read()

    def get(self, name: str) -> list[clingo.Symbol]:
        r = self._r
        if name not in r.cache:
            symbols, all_facts = self._solver._read(name)
            if all_facts:
                r.cache[name] = symbols
            else:
                # (a read may have grounded waiting base rules since: Solver._demand)
                if r.true is None or r.true_of != self._solver._generation:
                    r.true_of = self._solver._generation
                    r.true = set(self._solver.solve_one(atoms=True).symbols)
                r.cache[name] = [s for s in symbols if s in r.true]
        return r.cache[name]


# The text of asp/main.lp, by program part (see load_encodings): each part's text, each run of
# it led by its #program directive. Read once per process.
_ENCODINGS: dict[str, str] | None = None


class Query:
    """One query on a Solver: its id (`q` in the program parts it grounds) and the externals
    it switches. Used as a context manager; on exit every external it named is released, so
    no later solve sees this query's part (ASP-NOTES: an external left assigned false still
    takes part in every solve)."""

    def __init__(self, solver: Solver, number: int):
        self.solver = solver
        self.id = number
        self.term = clingo.Number(number)
        self._externals: list[clingo.Symbol] = []

    def external(self, name: str, *args: clingo.Symbol) -> clingo.Symbol:
        """The external name(q, args...) that switches this query's part on."""
        sym = clingo.Function(name, [self.term, *args])
        self._externals.append(sym)
        return sym

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.solver._release(self._externals)


@dataclass(eq=False)
class _Job:
    ctl: clingo.Control
    deadline: float
    fired: bool = False


class _Watchdog:
    """One thread a process that interrupts each solve at its deadline (Solver._solve).

    A timer thread a solve (threading.Timer) cost more than a what-if's held move solves: its
    start, and its join once cancelled, which waits for the thread to be scheduled (on a busy
    machine, milliseconds a solve). Fork-safe: a Session's worker forks (limits.py), and a lock
    held by a thread at the fork stays held in the child, so a child never touches its parent's
    lock or thread; it starts its own on its first solve. Several threads may solve at once
    (each its own Control): each solve is a job with its own deadline."""

    def __init__(self) -> None:
        self._pid: int | None = None

    def _start(self) -> None:
        self._cond = threading.Condition()
        self._jobs: set[_Job] = set()
        self._pid = os.getpid()
        threading.Thread(target=self._run, name="mtg-asp solve watchdog", daemon=True).start()

    def arm(self, ctl: clingo.Control, wait: float) -> _Job:
        if self._pid != os.getpid():
            self._start()
        job = _Job(ctl, time.monotonic() + wait)
        with self._cond:
            self._jobs.add(job)
            self._cond.notify()
        return job

    def disarm(self, job: _Job) -> None:
        with self._cond:
            self._jobs.discard(job)

    def _run(self) -> None:
        cond, jobs = self._cond, self._jobs
        with cond:
            while True:
                now = time.monotonic()
                for job in [j for j in jobs if j.deadline <= now]:
                    job.fired = True
                    job.ctl.interrupt()
                    jobs.discard(job)
                cond.wait(min((j.deadline for j in jobs), default=now + 3600.0) - now)


_WATCHDOG = _Watchdog()


class Solver:
    """A game state's facts grounded with the encodings; program parts grounded on request."""

    def __init__(self, state: GameState, time_limit: float = DEFAULT_TIME_LIMIT, facts: str | None = None,
                 defer: bool = False):
        """`facts`: the program text that states the state, where it is not the state's own
        rendering (queries/settle_world.py: several states' facts, each line behind an external).
        `defer`: the base part's rules are grounded as what is grounded or read later needs them
        (program_index.Deferred: a what-if's reached state, which a step or two reads)."""
        check_reached(state)     # a state a what-if reached may hold numbers the loader never saw
        self.state = state
        self.time_limit = time_limit
        self.timings = Timings()
        self._messages: list[str] = []
        # True while a Session's worker answers a query here without a fork (limits.py): then
        # nothing may change this Solver (Frozen), so that every later query, in a fork of the
        # worker, still meets the program a fresh Session would (the same query ids, the same
        # learnt state of the solver).
        self.frozen = False
        self._queries = itertools.count(1)
        self._texts = itertools.count(1)
        # Warnings (such as "no atoms over signature" for parts not grounded yet) are off:
        # every grounding step would repeat them, and past message_limit clingo stops.
        # Errors still reach the logger.
        self._control = clingo.Control(["--models=0", "--heuristic=Domain", "--warn=none"],
                                       logger=_Log(self._messages), message_limit=10000)
        if _KEPT is not None and _peak_kb() - _KEPT_FROM < KEPT_MEMORY_KB:
            _KEPT.append(self._control)
        # Only the statements that can fire are added, each part's when it is first grounded
        # (program_index.py: the rules whose positive body has atoms by then).
        self._reach = Reach(encoding_statements())
        self._deferred = Deferred(encoding_statements()) if defer else None
        self._late = itertools.count(1)
        self._goals: set[int] = set()        # names the texts added since the last ground() read
        self._generation = 0                # ground() calls so far (FactAnswer's solve is of one)
        start = time.perf_counter()
        if facts is None:
            facts = render_state(state)
        self.timings.render = time.perf_counter() - start
        start = time.perf_counter()
        self._add_text("base", facts, "the state's facts")
        self._goals = set(self._reach.names)      # the facts' names: their rules are grounded first
        self.timings.parse = time.perf_counter() - start
        self._grounded: set[tuple] = set()
        self._broken: str | None = None
        self._arities: dict[str, list[int]] | None = None
        self._base: _Read | None = None
        self._part_answers: dict[tuple, _Read] = {}
        # The base part with the replacement-effect walk that could-produce reads (asp/events.lp
        # walk(types)); the exact walk is grounded for the queries that read it (outcome_parts).
        # A deferred Solver grounds them with the first parts asked of it, or at its first read,
        # in one ground() call (a what-if's reached state grounded its base and then its first
        # step's parts in two calls, 5.2 + 5.5 ms a state on bench_whatif's board; in one, 9.5 ms).
        self._pending: list[Part] = [("base", ()), ("walk", (clingo.Function("types"),))]
        if not defer:
            self.ground([])

    @property
    def _ctl(self) -> clingo.Control:
        """The Control, its first parts grounded (a read or solve of a deferred Solver's
        program grounds what is pending first)."""
        if self._pending:
            self.ground([])
        return self._control

    # -- queries and program parts ---------------------------------------------------------

    def query(self) -> Query:
        """A new query: the one allocator of query ids for this Control."""
        self._thaw("a query id")
        return Query(self, next(self._queries))

    def add(self, text: str, what: str) -> str:
        """Add program text (facts a query states, such as a cost) as a part of its own;
        returns the part's name, to ground with ground()."""
        self._thaw("a part added")
        name = f"text_{next(self._texts)}"
        self._add_text(name, text, what)
        return name

    def ground(self, parts: Iterable[Part]) -> None:
        """Ground these program parts (each (name, arguments) once; again is a no-op)."""
        self._thaw("a part grounded")
        if self._broken is not None:
            raise SolverError(self._broken)
        if self._pending:
            parts, self._pending = [*self._pending, *parts], []
        todo, keys = [], set()       # a set: a call may name hundreds of parts
        for name, args in parts:
            key = (name, tuple(args))
            if key not in self._grounded and key not in keys:
                keys.add(key)
                todo.append((name, list(args)))
        if todo:
            start = time.perf_counter()
            try:
                self._ground_parts(todo)
            except BaseException as e:
                # A grounding that failed part way (memory, an error of clingo's) leaves the
                # Control holding part of a program: nothing may be read or grounded on it
                # after, or a later query (a what-if's or can-pay's preparation suppresses the
                # first failure: session.py) would answer from half a program.
                self._broken = f"an earlier grounding of this state failed ({type(e).__name__}: {e})"
                raise
            self._grounded.update(keys)
            self.timings.ground += time.perf_counter() - start

    def may_hold(self, atom: clingo.Symbol) -> bool:
        """Whether the grounder made the atom (a fact or not): one it never made is false in
        every answer set of what has been grounded, and of anything grounded later that reads it
        (clingo never defines an atom of an earlier ground() call again)."""
        self._readable(atom.name)
        return self._ctl.symbolic_atoms[atom] is not None

    def facts_only(self, names: Iterable[str]) -> bool:
        """Whether every atom of these signatures is a fact of the grounder (reading them then
        needs no solve, which would leave its learnt state behind in this Control)."""
        return all(self._all_facts(name) for name in names)

    def base(self) -> FactAnswer:
        """The answer of the state's own program (the base part), read once."""
        if self._base is None:
            self._base = self.facts()._r
        return FactAnswer(self, self._base)

    def facts(self) -> FactAnswer:
        """The answer of everything grounded so far (stratified: read from the grounder)."""
        answer = FactAnswer(self)
        for s in answer.get("limit_exceeded"):
            raise SolverError(f"beyond what this solver handles: {s.arguments[0].string}")
        return answer

    def part(self, name: str, args: Sequence[clingo.Symbol] = (),
             with_parts: Iterable[Part] = ()) -> FactAnswer:
        """Ground the part name(args) (once, with the parts it needs) and its answer."""
        key = (name, tuple(args))
        if key not in self._part_answers:
            self.ground([*with_parts, (name, args)])
            self._part_answers[key] = self.facts()._r
        return FactAnswer(self, self._part_answers[key])

    # -- solving ------------------------------------------------------------------------------

    def solve_one(self, atoms: bool = False) -> Answer:
        """The one answer set of the (stratified) program, within the time limit: its shown
        symbols, or with `atoms` every true atom."""
        models: list[list[clingo.Symbol]] = []
        self._solve(lambda m: models.append(
            list(m.symbols(atoms=True) if atoms else m.symbols(shown=True))), self.time_limit)
        if not models:
            raise SolverError("the encodings have no answer set for this state "
                              "(the state is impossible under the rules encoded)")
        for s in models[0]:
            if s.name == "limit_exceeded":
                raise SolverError(f"beyond what this solver handles: {s.arguments[0].string}")
        if len(models) > 1:
            raise SolverError(f"the encodings gave {len(models)} answer sets where the rules "
                              "decide one outcome; this is a bug in asp/")
        return Answer(models[0])

    def search(self, switches: Sequence[clingo.Symbol], budget: float | None = None):
        """The first answer set with the externals `switches` true (a query part guarded by
        them): its shown symbols, None when there is none, or UNDECIDED when `budget` seconds
        ran out first (a SolverError when the time limit does)."""
        found: list[list[clingo.Symbol]] = []
        wait = self.time_limit if budget is None else min(budget, self.time_limit)
        with self._switched(switches, models=1):
            done = self._solve(lambda m: found.append(list(m.symbols(shown=True))), wait,
                               give_up=budget is not None and budget < self.time_limit)
        if not done:
            return UNDECIDED
        return found[0] if found else None

    def enumerate(self, switches: Sequence[clingo.Symbol], limit: int,
                  what: str = "distinct answers", assumptions: Sequence[int] = ()) -> list[list[clingo.Symbol]]:
        """Every answer set with the externals `switches` true, one per distinct assignment of
        the atoms the part names in #project directives (projective enumeration), at most
        `limit` of them (a SolverError past that, or past the time limit); `assumptions`:
        program literals (of free externals) this solve assumes."""
        found: list[list[clingo.Symbol]] = []
        with self._switched(switches, models=limit + 1, project="project"):
            self._solve(lambda m: found.append(Model(m.symbols(shown=True))), self.time_limit,
                        assumptions=assumptions)
        if len(found) > limit:
            raise SolverError(f"beyond what this solver handles: more than {limit} {what}")
        return found

    # -- internals ------------------------------------------------------------------------------

    def _atoms(self, name: str) -> list[clingo.SymbolicAtom]:
        self._readable(name)
        atoms = self._ctl.symbolic_atoms
        return [a for arity in self._arities_of(name) for a in atoms.by_signature(name, arity)]

    def _arities_of(self, name: str) -> list[int]:
        """The arity of `name`: the one the encodings define it with, else its arity in the
        program grounded so far (none, or one)."""
        known = encoding_statements().arities.get(name)
        if known is not None:
            return [known]
        atoms = self._ctl.symbolic_atoms
        if self._arities is None:
            # the signatures of the program grounded so far, listed once per ground() (a what-if
            # reads several predicates of each state; listing them at each read was 5% of it)
            self._arities = {}
            for n, arity, positive in atoms.signatures:
                if positive:
                    self._arities.setdefault(n, []).append(arity)
        arities = self._arities.get(name, [])
        if len(arities) > 1:
            raise SolverError(f"{name} has several arities in the encodings; a query reads one")
        return arities

    def _all_facts(self, name: str) -> bool:
        """_read's second half, without reading the symbols."""
        self._readable(name)
        return all(all_facts(self._ctl, name, arity) for arity in self._arities_of(name))

    def _read(self, name: str) -> tuple[list[clingo.Symbol], bool]:
        """The symbols of the atoms of `name` (of its one arity) and whether all are facts."""
        self._readable(name)
        symbols: list[clingo.Symbol] = []
        all_facts = True
        for arity in self._arities_of(name):
            found, facts = read_signature(self._ctl, name, arity)
            symbols += found
            all_facts = all_facts and facts
        return symbols, all_facts

    def _switched(self, switches: Sequence[clingo.Symbol], models: int, project: str = "no"):
        solver = self

        class _Switch:
            def __enter__(self):
                solver._thaw("a solve")
                for s in switches:
                    solver._ctl.assign_external(s, True)
                solver._ctl.configuration.solve.models = models
                solver._ctl.configuration.solve.project = project

            def __exit__(self, *exc):
                for s in switches:
                    solver._ctl.assign_external(s, False)
                solver._ctl.configuration.solve.models = 0
                solver._ctl.configuration.solve.project = "no"
        return _Switch()

    def _solve(self, on_model, wait: float, give_up: bool = False, assumptions: Sequence[int] = ()) -> bool:
        """Solve within `wait` seconds; False when `give_up` and the time ran out.

        A blocking solve, stopped by the process's watchdog, which interrupts it at the
        deadline (_Watchdog; clingo's asynchronous solve runs in a thread of its own while the
        caller waits)."""
        self._thaw("a solve")
        if self._broken is not None:
            raise SolverError(self._broken)
        start = time.perf_counter()
        job = _WATCHDOG.arm(self._ctl, wait)
        try:
            result = self._ctl.solve(assumptions=list(assumptions), on_model=on_model)
            if result.interrupted and not job.fired:
                # an interrupt that came after an earlier solve ended stops the next one at its
                # start (clingo_control_interrupt): solve again
                result = self._ctl.solve(assumptions=list(assumptions), on_model=on_model)
        finally:
            _WATCHDOG.disarm(job)
            self.timings.solve += time.perf_counter() - start
        if result.interrupted:
            if give_up:
                return False
            raise SolverError(f"no answer within the time limit of {self.time_limit:g} s")
        return True

    def _thaw(self, what: str) -> None:
        if self.frozen:
            raise Frozen(what)

    def _release(self, externals: list[clingo.Symbol]) -> None:
        atoms = self._ctl.symbolic_atoms
        released = False
        for s in externals:
            if s in atoms:
                self._ctl.release_external(s)
                released = True
        if released:
            self._ctl.cleanup()


    def _fail(self, what: str) -> SolverError:
        errors = [m for m in self._messages if "error" in m]
        detail = "\n".join(errors[-10:] or self._messages[-10:]) or "no message from clingo"
        return SolverError(f"{what}:\n{detail}")

    def _encodings(self) -> dict[str, str]:
        return load_encodings()

    def _add_statements(self, name: str, indexes: list[int]) -> None:
        """Add these statements of the encoding part `name` (program_index.Reach.to_add)."""
        try:
            parsed = _part_statements(name, indexes)
            if parsed is None:
                self._control.add("base", [], text_of(encoding_statements(), name, indexes))
            else:
                directives = encoding_statements().parts[name].programs
                with clingo.ast.ProgramBuilder(self._control) as builder:
                    program = None
                    for i, (statement, directive) in zip(indexes, parsed):
                        if directives[i] != program:
                            program = directives[i]
                            builder.add(directive)
                        builder.add(statement)
        except RuntimeError:
            raise self._fail(f"adding the encodings of part {name!r} failed") from None

    def _add_text(self, part: str, text: str, what: str) -> None:
        self._reach.note(text)
        if self._deferred is not None and part != "base":
            ids = encoding_statements().ids
            self._goals.update(i for i in (ids.get(n) for n in _all_names(text)) if i is not None)
        try:
            self._control.add(part, [], text)
        except RuntimeError:
            raise self._fail(f"parsing {what} failed") from None

    def _readable(self, name: str) -> None:
        """Before a read of `name`: refused on a broken program, and what it needs grounded
        (_demand)."""
        if self._broken is not None:
            raise SolverError(self._broken)
        self._demand(name)

    def _demand(self, name: str) -> None:
        """The waiting base rules a read of `name` needs, grounded first (Deferred)."""
        if self._pending:
            self.ground([])
        if self._deferred is not None and self._deferred.waiting:
            known = encoding_statements().ids.get(name)
            late = self._deferred.take([known]) if known is not None else []
            if late:
                self._thaw("a read")
                self._ground_now([self._late_part(late)])

    def _late_part(self, late: list[int]) -> tuple[str, list]:
        """These waiting base rules added as a part of their own, to ground."""
        name = f"base_late_{next(self._late)}"
        texts = encoding_statements().parts["base"].texts
        try:
            self._control.add(name, [], "\n".join(texts[i] for i in late))
        except RuntimeError:
            raise self._fail("adding the encodings' waiting base rules failed") from None
        self._grounded.add((name, ()))
        return name, []

    def _ground_parts(self, parts: list[tuple[str, list]]) -> None:
        chosen = self._reach.to_add(parts)
        late: list[int] = []
        if self._deferred is not None:
            index = encoding_statements()
            goals, self._goals = self._goals, set()
            for name, indexes in chosen.items():
                if name != "base":
                    reads = index.parts[name].reads
                    for i in indexes:
                        goals.update(reads[i])
            if "base" in chosen and not self._deferred.started:
                chosen["base"] = self._deferred.split(chosen["base"], goals)
            else:
                late = self._deferred.take(goals)
        for name, indexes in chosen.items():
            if indexes:
                self._add_statements(name, indexes)
        self._ground_now([*parts, self._late_part(late)] if late else parts)

    def _ground_now(self, parts: list[tuple[str, list]]) -> None:
        self._arities = None
        self._generation += 1
        try:
            self._control.ground(parts)
        except RuntimeError as e:
            raise self._fail(f"grounding failed ({e})") from None


# A #program directive on a line of its own (the encodings write each so; a test checks that
# this reading gives the statements clingo's parser gives, part by part).
_PROGRAM = re.compile(r"^#program[ \t]+([a-z_]\w*)[ \t]*(?:\([^)]*\))?[ \t]*\.[ \t]*(?:%.*)?$", re.MULTILINE)
_INCLUDE = re.compile(r'^#include[ \t]+"([^"]+)"[ \t]*\.', re.MULTILINE)


# A part's statements as clingo.ast, each parsed once a process adds its part to a Control
# again (a what-if adds each part to a Control per state it reaches): handing a Control parsed
# statements takes a third of the time of parsing their text again, and parsing to Python AST
# costs more than a text parse, so a process that builds one Control (a command's query) never
# pays for it. Only the statements added are parsed (a state's first ground adds some 550 of
# the base part's 1,133), each once, by their index in program_index's statements of the part
# (comments and #program directives dropped, each statement with the directive it is under).
_ADDED: dict[str, int] = {}
_STATEMENTS: dict[str, dict[int, tuple]] = {}     # part -> index -> (statement, its #program)
_INDEX: dict | None = None
_PARSE_FROM = 2     # the add of a part from which its statements are parsed (short_lived: 3)
# A short-lived process's Controls, never freed: it exits (os._exit) once it has answered, and
# the kernel takes back their memory at once. Freeing a state's Control took 1.6 ms; the
# ten-action sequence of bench_whatif went 0.403 -> 0.374 s in a fork (medians of 16 runs,
# alternating), for 21 MB more (its 14 Controls). A Control is kept only while the process's
# peak memory has grown by less than KEPT_MEMORY_KB since its query began; past that (a
# what-if of many states, or on a large board) Controls are freed as they are left, so kept
# ones never take more than that of the query's memory limit.
_KEPT: list[clingo.Control] | None = None
_KEPT_FROM = 0          # the process's peak memory (kB) when short_lived() was called
KEPT_MEMORY_KB = 256 * 1024


def _peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss      # kB (Linux)


def short_lived() -> None:
    """This process answers one query and exits (a Session's query fork: limits.py): a part is
    added as text the first two times it adds it, parsed from the third on. Parsing costs more
    than one add saves (the whole parts a what-if grounds took some 70 ms; bench_whatif's
    own-path what-ifs went 103 -> 84 ms median adding text), so a what-if that reaches a state
    or two (a move, and the state a state-based action makes) adds text only; a longer
    sequence's later states add parsed statements (2-3 ms a state less). The Session's worker,
    which lives on, keeps what it parsed for every fork. Its Controls are kept to its exit, not
    freed (_KEPT)."""
    global _PARSE_FROM, _KEPT, _KEPT_FROM
    _PARSE_FROM = 3
    _ADDED.clear()
    _KEPT = []
    _KEPT_FROM = _peak_kb()


def encoding_statements() -> Index:
    """The encodings' statements analysed (program_index.encoding_index), once per process (a
    Session reads it before it forks its worker, as it reads load_encodings)."""
    global _INDEX
    if _INDEX is None:
        _INDEX = encoding_index(load_encodings())
    return _INDEX


def _part_statements(name: str, indexes: list[int]) -> list[tuple] | None:
    """These statements of the part parsed (each with its #program directive), or None while
    the process adds the part as text (_PARSE_FROM)."""
    have = _STATEMENTS.get(name)
    if have is None:
        _ADDED[name] = _ADDED.get(name, 0) + 1
        if _ADDED[name] < _PARSE_FROM:
            return None
        have = _STATEMENTS[name] = {}
    missing = [i for i in indexes if i not in have]
    if missing:
        _parse_statements(name, missing, have)
    return [have[i] for i in indexes]


def parse_parts() -> None:
    """Every statement of the encodings parsed to clingo.ast now (some 80 ms): a Session's
    worker calls it once it has been asked a second what-if, so that each later query's fork
    adds the parts' statements without parsing their text (on bench_whatif's own-path what-ifs
    the text parse was 10 ms of 65)."""
    for name in load_encodings():
        have = _STATEMENTS.setdefault(name, {})
        missing = [i for i in range(len(encoding_statements().parts[name].texts)) if i not in have]
        if missing:
            _parse_statements(name, missing, have)


def _parse_statements(name: str, indexes: list[int], into: dict[int, tuple]) -> None:
    """Parse these statements of the part (their texts, each run led by its directive) into
    `into`, by index."""
    found: list[tuple] = []
    current: list = []

    def take(stmt) -> None:
        if stmt.ast_type == clingo.ast.ASTType.Comment:
            return
        if stmt.ast_type == clingo.ast.ASTType.Program:
            current[:] = [stmt]
            return
        found.append((stmt, current[0]))

    clingo.ast.parse_string(text_of(encoding_statements(), name, indexes), take)
    if len(found) != len(indexes):
        raise SolverError(f"the encodings' part {name!r} parsed to another number of statements "
                          "than its analysis holds; this is a bug in queries/program_index.py")
    into.update(zip(indexes, found))


def load_encodings() -> dict[str, str]:
    """The text of asp/main.lp by program part, read once per process (a Session reads it
    before it forks its worker, so every worker shares it): main.lp's #include files in order,
    each starting in the base part (as clingo reads an included file), cut at their #program
    directives; each run of a part's text is led by its directive, so a part is added to a
    Control as text, read by clingo's own parser (5 ms for the base part, where building
    clingo.ast statements in Python cost 35 ms a process). Only the base part is added at
    first; another part is added the first time it is grounded. clingo prepares every
    statement of the program again at each ground() call, parts never grounded included: on
    a 200-permanent state, with every part added, grounding an empty part cost 8 ms, and a
    what-if grounds several parts a step."""
    global _ENCODINGS
    if _ENCODINGS is None:
        root = resources.files("mtg_asp.asp")
        try:
            main = root.joinpath("main.lp").read_text(encoding="utf-8")
            texts = [root.joinpath(name).read_text(encoding="utf-8") for name in _INCLUDE.findall(main)]
        except OSError as e:
            raise SolverError(f"loading the encodings failed: {e}") from None
        parts: dict[str, list[str]] = {}
        for text in texts:
            current, head, start = "base", "#program base.", 0
            for directive in _PROGRAM.finditer(text):
                parts.setdefault(current, []).append(f"{head}\n{text[start:directive.start()]}")
                current, head, start = directive.group(1), directive.group(0), directive.end()
            parts.setdefault(current, []).append(f"{head}\n{text[start:]}")
        _ENCODINGS = {name: "".join(runs) for name, runs in parts.items()}
    return _ENCODINGS


__all__ = ["DEFAULT_TIME_LIMIT", "UNDECIDED", "Answer", "FactAnswer", "Frozen", "Query", "Solver", "Timings",
           "encoding_statements", "load_encodings", "parse_parts", "short_lived", "symbol_name"]
