"""A Session: one game state, grounded once, answering any sequence of queries.

A thin facade: the state's facts are grounded once by the solving core (core.py), and each
query is a function of its own module over that core. Any sequence of queries on one Session
answers as a fresh Session for each would: queries keep their predicates in their own
namespaces and release their externals when they end.

The core and the queries run in a worker process (limits.py), so that a query's time and
memory limits hold through grounding as well as solving: at a limit the query raises
LimitExceeded and nothing is left running.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Self

from ..translator.errors import InputError, SolverError
from ..translator.model import GameState
from ..translator.render import prepare as prepare_render
from ..translator.state import load_state_file
from .common import state_errors
from .core import (
    DEFAULT_TIME_LIMIT,
    Frozen,
    Solver,
    Timings,
    encoding_statements,
    load_encodings,
    parse_parts,
)
from .limits import DEFAULT_MEMORY_LIMIT_MB, NOT_HERE, Limits, Worker, time_bounded

if TYPE_CHECKING:
    from ..translator.carddb import CardSource

# The queries, by the name the worker is asked for: each a function of the Solver, as (module,
# function). A query's module is imported in the worker when first asked for (before the fork
# that answers it), so a command imports only the query it runs.
QUERIES = {"could_produce": ("could_produce", "could_produce"), "activations": ("activations", "activations"),
           "orderings": ("orderings", "orderings"), "can_pay": ("canpay", "can_pay"),
           "available_mana": ("mana", "available_mana"), "board": ("board", "board"),
           "what_if": ("whatif", "what_if")}


def query_function(name: str) -> Callable:
    """The function that answers the query `name` (its module imported on first use)."""
    module, function = QUERIES[name]
    return getattr(importlib.import_module(f".{module}", __package__), function)


class _Queries:
    """The queries on one Solver, in the worker process."""

    unforked = frozenset({"timings"})       # answered by the worker itself (limits.py)
    # The what-if's fast path (queries/step_world.py) is built in the worker when a Session is
    # asked its second what-if that begins with a move or an activation (what the worlds
    # answer: _world_key): a Session that answers one (a fresh Session per query) never pays for
    # it, nor one that asks other actions (casts, plays, combat), and the world serves every
    # later move. A zone that SETTLE_AFTER what-ifs' first moves have gone to (or the flickers,
    # or one ability's activations) gets its worlds (queries/settle_world.py) at the last of
    # them: the states those actions reach, settled without a Solver each (and a flicker's
    # second move, an activation's step), built within SETTLE_BUDGET of the query's time limit (a
    # quarter) (the build counts against the time of the query that asks for it: limits.py). A
    # build costs what 7-10 what-ifs on the own path cost beyond held ones (a zone's 0.8-1.2 s,
    # the flickers' 2.9 s, against 125 ms and 8 ms on bench_whatif's board: docs/design-notes.md),
    # so it waits for that many (the rent-or-buy rule: at most twice the better of the two), and
    # a Session asked a few (the prompt, the web page) never pays for it; a batch of what-ifs pays
    # once a key. Once one key's worlds are built, the Session is answering a batch: another key's are
    # built at its SETTLE_AFTER_BATCH-th what-if (on bench_whatif's 1,000 queries, the 64 own
    # paths the other four keys took before their builds were as costly as the builds).
    WORLD_AFTER = 2
    SETTLE_AFTER = 10
    SETTLE_AFTER_BATCH = 2
    SETTLE_BUDGET = 0.25

    def __init__(self, state: GameState, time_limit: float):
        self.solver = Solver(state, time_limit)
        state_errors(self.solver)
        self._what_ifs = 0
        self._moves = 0
        self._world = None
        self._world_failed = False
        self._settle_failed: set[str] = set()
        self._zone_moves: dict[str, int] = {}

    def _prepare_outcomes(self, player) -> None:
        """The outcome walks of the player's mana abilities (asp/outcomes.lp), which can-pay
        and mana ground first in each query: grounded here once, in the worker, so that no
        query's fork grounds them again (the parts are the state's, not the query's: each
        query then grounds the same program as before; the core grounds each part once). A
        player not in the game is left to the query's own error."""
        if not isinstance(player, str) or player not in self.solver.state.players:
            return
        from .common import mana_objects, outcome_parts
        with contextlib.suppress(SolverError, RuntimeError):
            # (only when the grounder's facts say which: a solve here would leave its learnt
            # state to every later query's fork)
            if self.solver.facts_only(["activatable"]):
                self.solver.ground(outcome_parts(mana_objects(self.solver, player)))

    def prepare(self, method: str, args: tuple) -> None:
        """In the worker, before the fork that answers a query (limits.py): for a what-if, the
        state's reading once, the StepWorld once this Session has been asked WORLD_AFTER
        what-ifs that begin with a move or an activation, and with it the worlds of a key
        (_world_key: a zone, flickers, an ability's activations) once SETTLE_AFTER what-ifs have
        begun with it (once a key). What fails here is left to the query, which takes the
        what-if's own path and answers the same (this runs outside the worker's error handling)."""
        if method in ("can_pay", "available_mana"):
            self._prepare_outcomes(args[0])
            return
        if method != "what_if":
            return
        self._what_ifs += 1
        if self._what_ifs == 1:
            from .whatif import READ_NAMES, read_state
            # read here once, not in each query's fork; only when the grounder's facts hold it
            # (a solve here would leave its learnt state to every later query's fork)
            with contextlib.suppress(SolverError, RuntimeError, MemoryError):
                if self.solver.facts_only(READ_NAMES):
                    read_state(self.solver).read_view()    # the first state's, read by every what-if
        elif self._what_ifs == 2:
            # a Session asked more than one what-if: every later fork adds the encodings'
            # statements parsed once here (core.parse_parts), not parsed from their text again
            with contextlib.suppress(SolverError, RuntimeError):
                parse_parts()
        zone = _world_key(args)
        if zone is None:
            return
        if self._world is None and not self._world_failed:
            self._moves += 1
            if self._moves >= self.WORLD_AFTER:
                from .step_world import StepWorld
                try:
                    self._world = StepWorld(self.solver.state, self.solver.time_limit)
                except (SolverError, RuntimeError, MemoryError):
                    self._world_failed = True
        self._zone_moves[zone] = self._zone_moves.get(zone, 0) + 1
        after = self.SETTLE_AFTER_BATCH if self._world is not None and self._world.settle_worlds else self.SETTLE_AFTER
        if self._world is not None and zone not in self._world.settle_worlds and zone not in self._settle_failed \
                and self._zone_moves[zone] >= after:
            # the states this zone's moves (or the flickers) reach, settled without a Solver
            # each (settle_world.py)
            from .whatif import activation_worlds, flicker_worlds, settle_world
            budget = self.solver.time_limit * self.SETTLE_BUDGET
            try:
                if zone == FLICKER:
                    built = flicker_worlds(self._world, budget)
                    if built is not None:
                        self._world.move_world, built = built
                elif zone.startswith(ACTIVATE):
                    _, oid, line = zone.split(" ", 2)
                    built = activation_worlds(self._world, oid, line, budget)
                    if built is not None:
                        self._world.activation_worlds[(oid, line)], built = built
                else:
                    built = settle_world(self._world, zone, budget)
            except (InputError, SolverError, RuntimeError, MemoryError, ValueError):
                built = None
            if built is None:
                self._settle_failed.add(zone)
            else:
                self._world.settle_worlds[zone] = built

    def here(self, method: str, args: tuple):
        """A what-if answered in the worker itself, without a fork (limits.py), when the worlds
        hold it whole: one action, a move the StepWorld holds (or a flicker, its second move
        held by the move world, or an activation its ActivationWorld holds), the state it
        reaches settled in a settle world. The Session's Solver is frozen meanwhile, so nothing of the query stays
        behind in it (core.Frozen): every later query's fork still meets a fresh Session's
        program. The worlds themselves are only solved (under assumptions, every answer
        enumerated and the what-if's outcomes sorted), so their learnt state changes no answer.
        NOT_HERE when the query needs anything else (the fork then answers it, as before).
        A fork costs a held move about as much as the rest of it (17-20 ms of 35 on
        bench_whatif's board: the copied pages of the worker's Controls)."""
        if method != "what_if" or self._world is None or _world_key(args, one_action=True) not in self._world.settle_worlds:
            return NOT_HERE
        self.solver.frozen = True
        try:
            return getattr(self, method)(*args)
        except Frozen:
            return NOT_HERE
        finally:
            self.solver.frozen = False

    def timings(self) -> Timings:
        return self.solver.timings

    def __getattr__(self, name: str):
        # a query's answer, with the Solver's timings once it is answered (each query runs in a
        # fork of the worker: limits.py)
        if name not in QUERIES:
            raise AttributeError(name)
        query = query_function(name)
        world = self._world if name == "what_if" else None

        def run(*args):
            if world is not None:
                answer = query(self.solver, *args, world=world)
            else:
                answer = query(self.solver, *args)
            if name == "what_if" and answer.start is self.solver.state:
                # the Session's own state, which the caller holds: not sent back (Session.what_if
                # puts it back; pickling and unpickling a 200-permanent state was a third of
                # a held what-if's time on bench_whatif's board), nor what the states reached
                # share with it (_StateSent)
                start = self.solver.state
                answer = replace(answer, start=None, results=tuple(
                    replace(r, state=_StateSent.of(r.state, start)) for r in answer.results))
            return answer, self.solver.timings
        return run


FLICKER = "flicker"      # the key of the flickers' settle world (a zone's is the zone)
ACTIVATE = "activate "   # ... and of an ability's activations: "activate OID LINE"


def _world_key(args: tuple, one_action: bool = False) -> str | None:
    """What a what-if's first action (its actions are its first argument) is for the worlds, as
    the what-if parses it: the zone of a move (bounce, exile, move ... to ...), FLICKER for a
    flicker (a move to exile and one back to the battlefield), "activate OID LINE" for an
    activation with at most one target (none from another source or paying with named
    permanents), None for another action or anything it cannot parse; with `one_action`, None
    unless it is the only action."""
    from .whatif import parse_action
    if not args or not args[0] or (one_action and len(args[0]) != 1):
        return None
    try:
        events = parse_action(args[0][0], 0).events
    except (InputError, TypeError, AttributeError, IndexError):
        return None
    if len(events) == 1 and events[0][0] == "move":
        return events[0][2]
    if [e[0] for e in events] == ["move", "move"] and events[0][1] == events[1][1] \
            and (events[0][2], events[1][2]) == ("exile", "battlefield"):
        return FLICKER
    if len(events) == 1 and events[0][0] == "activate":
        _, oid, line, targets, source, x, paying = events[0]
        if source is None and x is None and not paying and len(targets) <= 1 and " " not in oid + line:
            return f"{ACTIVATE}{oid} {line}"
    return None


class Session:
    """Ask could_produce, activations, orderings, can_pay, available_mana, board and what_if
    of one state; each result has to_text(), to_json() and rules(). `time_limit` (seconds) and
    `memory_limit` (megabytes) bound each query, grounding included (LimitExceeded);
    `deadline` (time.monotonic()) ends every query by then as well. An impossible state raises
    InputError here."""

    def __init__(self, state: GameState, time_limit: float = DEFAULT_TIME_LIMIT,
                 memory_limit: int = DEFAULT_MEMORY_LIMIT_MB, deadline: float | None = None):
        self.state = state
        self._state = state         # the worker's (a what-if's start is not sent back: what_if)
        self.limits = Limits(time_limit, memory_limit, deadline)
        load_encodings()            # parsed and compiled once here, shared with every worker (fork)
        encoding_statements()
        prepare_render()
        self._worker = Worker(lambda: _Queries(state, time_limit), self.limits)
        self._timings = self._worker.call("timings")

    @classmethod
    def from_file(cls, path: str | Path, time_limit: float = DEFAULT_TIME_LIMIT,
                  cards: Sequence[str | Path | CardSource] = (), memory_limit: int = DEFAULT_MEMORY_LIMIT_MB,
                  deadline: float | None = None) -> Session:
        """`cards`: card sources (card databases in MTGJSON's AtomicCards shape, YAML card files
        or folders) whose cards the state may name, tried in order after the bundled library.
        The time limit holds from here: reading the file is ended by it too (limits.py)."""
        with time_bounded(Limits(time_limit, memory_limit, deadline)):
            state = load_state_file(path, cards=cards)
        return cls(state, time_limit, memory_limit, deadline)

    def close(self) -> None:
        """End the worker process now (it also ends when the Session is collected)."""
        self._worker.close(wait=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def timings(self) -> Timings:
        """Seconds spent on the state's program and the last query (each query starts from the
        state as grounded, as on a fresh Session)."""
        return self._timings

    def _ask(self, name: str, *args):
        result, self._timings = self._worker.call(name, *args)
        return result

    def could_produce(self, object_id: str | None = None, explain: bool = False):
        return self._ask("could_produce", object_id, explain)

    def activations(self, player: str | None = None, explain: bool = False):
        return self._ask("activations", player, explain)

    def orderings(self, object_id: str, ability: int | None = None, player: str | None = None,
                  limit: int = 10, explain: bool = False):
        return self._ask("orderings", object_id, ability, player, limit, explain)

    def can_pay(self, player: str, cost: str, explain: bool = False):
        return self._ask("can_pay", player, cost, explain)

    def available_mana(self, player: str, explain: bool = False):
        return self._ask("available_mana", player, explain)

    def board(self, explain: bool = False, objects: list[str] | None = None,
              fields: list[str] | None = None):
        return self._ask("board", explain, objects, fields)

    def what_if(self, actions: list[str], where: str = "--do", explain: bool = False):
        return made_whole(self._ask("what_if", actions, where, explain), self._state)


def made_whole(answer, start: GameState):
    """A what-if's answer as a Session's worker sends it back, with what it left out of it (its
    start, the Session's own state: _StateSent) put back from the caller's copy of that state."""
    if answer.start is not None:
        return answer
    return replace(answer, start=start, results=tuple(
        replace(r, state=r.state.on(start)) for r in answer.results))


@dataclass(frozen=True)
class _StateSent:
    """A state a what-if reached, as a Session's worker sends it back: each field that is the
    Session's own state's field as it is (by identity: the worker was forked with that state)
    left out, and in each other tuple field each element that is an element of the Session's
    state's (a permanent the what-if left alone) by its index there, the rest in 1-tuples. A
    single move leaves 199 of bench_whatif's 200 permanents alone: pickling them again for
    each answer was three quarters of its bytes."""
    fields: tuple[tuple[str, bool, object], ...]     # (name, indexed, value)

    @staticmethod
    def of(state: GameState, start: GameState) -> _StateSent:
        out = []
        for f in fields(GameState):
            value, before = getattr(state, f.name), getattr(start, f.name)
            if value is before:
                continue
            if isinstance(value, tuple) and isinstance(before, tuple) and before:
                index = {id(x): i for i, x in enumerate(before)}
                value = tuple(index[id(x)] if id(x) in index and before[index[id(x)]] is x else (x,)
                              for x in value)
                out.append((f.name, True, value))
            else:
                out.append((f.name, False, value))
        return _StateSent(tuple(out))

    def on(self, start: GameState) -> GameState:
        """The state, from the Session's own (the caller's copy of the worker's)."""
        changed = {}
        for name, indexed, value in self.fields:
            if indexed:
                before = getattr(start, name)
                value = tuple(before[x] if isinstance(x, int) else x[0] for x in value)
            changed[name] = value
        return replace(start, **changed)


__all__ = ["Session"]
