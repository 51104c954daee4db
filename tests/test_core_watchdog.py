"""A solve is stopped at its time limit by the process's watchdog (queries/core.py _Watchdog):
in the process that made it, in a fork of it (a Session's worker forks for each query), and in
several threads at once; a solve that ends in time answers as before, and so does the next one."""

import os
import threading

import clingo
import pytest
from mtg_asp.queries.core import Solver
from mtg_asp.translator.errors import SolverError
from mtg_asp.translator.state import load_state

STATE = {"players": ["alice", "bob"], "turn": {"number": 1, "active": "alice", "step": "precombat_main"},
         "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]}

# the pigeonhole problem, 13 pigeons in 12 holes: no answer, and clasp takes far longer than the
# time limits below to prove it
HARD = """#external hard_on.
pigeon(1..13). hole(1..12).
1 { in(P, H) : hole(H) } 1 :- pigeon(P), hard_on.
:- hole(H), 2 { in(P, H) : pigeon(P) }.
"""


def _solver(time_limit: float) -> Solver:
    solver = Solver(load_state(STATE, "t.yaml"), time_limit=time_limit)
    solver.ground([(solver.add(HARD, "the hard part"), [])])
    return solver


def _interrupted(solver: Solver) -> None:
    # (the problem has no answer: a solve not stopped would end with None, not this error)
    with pytest.raises(SolverError, match="no answer within the time limit"):
        solver.search([clingo.Function("hard_on")])


def test_a_solve_past_its_time_limit_is_stopped_and_the_next_one_answers():
    solver = _solver(0.3)
    _interrupted(solver)
    # the same Control answers its next solve (a pending interrupt does not stop it)
    assert solver.search([]) is not None


def test_a_forked_child_has_a_watchdog_of_its_own():
    solver = _solver(0.3)
    assert solver.search([]) is not None        # the parent's watchdog runs
    pid = os.fork()
    if pid == 0:
        try:
            _interrupted(solver)
            os._exit(0)
        except BaseException:       # noqa: BLE001 - the child reports by its exit code
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_solves_in_several_threads_are_each_stopped_at_their_own_deadline():
    short, long_ = _solver(0.2), _solver(3.0)
    done: list[str] = []
    threads = [threading.Thread(target=lambda s=s, k=k: (_interrupted(s), done.append(k)))
               for k, s in (("long", long_), ("short", short))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    # both stopped, the short one first: the long one's deadline was not moved by the short
    # one's, nor the short one's by the long one's
    assert done == ["short", "long"]
