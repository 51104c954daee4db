"""A grounding that fails part way leaves the Solver unusable, not half a program to read: the
what-if's and can-pay's preparations in the worker (queries/session.py) suppress a first failure,
so a later query on the same Solver must fail too rather than answer from a partial grounding."""

import clingo
import pytest
from mtg_asp.queries.core import Solver
from mtg_asp.translator.errors import SolverError
from mtg_asp.translator.state import load_state

STATE = {"players": ["alice", "bob"], "turn": {"number": 1, "active": "alice", "step": "precombat_main"},
         "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]}


def test_a_failed_grounding_makes_every_later_read_and_ground_fail():
    solver = Solver(load_state(STATE, "t.yaml"))
    assert solver.base().get("activatable")            # a usable Solver reads the state

    def fail(parts):
        raise RuntimeError("std::bad_alloc")
    solver._ground_parts = fail
    with pytest.raises(RuntimeError):
        solver.ground([("walk", [clingo.Function("exact")])])
    del solver._ground_parts                            # clingo would ground again now
    for later in (lambda: solver.ground([("walk", [clingo.Function("exact")])]),
                  lambda: solver.facts().get("activatable"), lambda: solver.solve_one()):
        with pytest.raises(SolverError, match="an earlier grounding of this state failed"):
            later()
