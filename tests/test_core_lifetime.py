"""A Solver's lifetime: nothing it holds holds it back (queries/core.py), so a what-if's Solvers
of the states it leaves behind, and their Controls, are freed as soon as nothing reads them."""

import gc
import weakref

import clingo
from mtg_asp.queries import core
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


def test_a_short_lived_process_keeps_its_controls_to_its_exit_within_a_memory_bound(monkeypatch):
    # core.short_lived (a Session's query fork): a dropped Solver's Control is not freed (the
    # fork exits without freeing anything) while the process's peak memory has grown by less
    # than KEPT_MEMORY_KB since; elsewhere, and past that, it is
    monkeypatch.setattr(core, "_KEPT", None)
    monkeypatch.setattr(core, "_KEPT_FROM", 0)
    monkeypatch.setattr(core, "_ADDED", {})
    monkeypatch.setattr(core, "_PARSE_FROM", 2)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                        "step": "precombat_main"}, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    Solver(state)
    assert core._KEPT is None                # a process that lives on keeps none
    core.short_lived()
    for _ in range(2):
        Solver(state)                        # made and dropped at once
    assert len(core._KEPT) == 2              # their Controls outlive them
    for control in core._KEPT:
        assert control.symbolic_atoms[clingo.parse_term('controller(obj("f",0),"alice")')] is not None
    monkeypatch.setattr(core, "KEPT_MEMORY_KB", core._peak_kb() - core._KEPT_FROM)     # the bound reached
    Solver(state)
    assert len(core._KEPT) == 2
