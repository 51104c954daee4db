"""A Solver's lifetime: nothing it holds holds it back (queries/core.py), so a what-if's Solvers
of the states it leaves behind, and their Controls, are freed as soon as nothing reads them."""

import gc
import weakref

from mtg_asp.queries.core import FactAnswer, Solver
from mtg_asp.translator.state import load_state


def test_a_solver_no_longer_held_is_freed_at_once_with_its_control():
    # no reference cycle through a Solver (its Control's logger is no method of it, and its
    # kept answers keep what they read, not the Solver): dropped, it and its Control are freed
    # by reference counting, not left to the cyclic collector (a what-if drops one a state)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                        "step": "precombat_main"}, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    gc.collect()
    gc.disable()
    try:
        solver = Solver(state)
        assert solver.base().get("controller") == solver.base().get("controller")
        answer = solver.part("explain")
        assert isinstance(answer, FactAnswer) and answer.get("line") is answer.get("line")
        gone = weakref.ref(solver)
        del solver
        assert gone() is not None            # the FactAnswer still reads it
        del answer
        assert gone() is None
    finally:
        gc.enable()
