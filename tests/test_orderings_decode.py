"""translator.decode.applied is the inverse of asp/events.lp's walk states: every state the
walk reaches is the sum, over the classes of replacement effects, of how many of the class were
applied times the class's radix, each count at most the class's members."""

from __future__ import annotations

from importlib import resources

from mtg_asp.queries.common import outcome_parts
from mtg_asp.queries.core import Solver
from mtg_asp.translator.decode import applied
from mtg_asp.translator.state import load_state_file


def test_applied_counts_recompose_every_state_of_the_walk():
    with resources.as_file(resources.files("mtg_asp.examples").joinpath("mana_events.yaml")) as path:
        solver = Solver(load_state_file(path))
    # the exact walk (the orderings query's; the types level applies type changes as a set)
    solver.ground(outcome_parts([]))
    base = solver.facts()
    radix = {s.arguments[0]: s.arguments[1].number for s in base.get("class_radix")}
    mult = {s.arguments[0]: s.arguments[1].number for s in base.get("class_mult")}
    states = {s.arguments[2].number for s in base.get("reach")}        # reach(Level, Key, S, E, O)
    assert len(radix) >= 3 and len(states) > 10          # a walk with several classes
    for st in states:
        counts = {k: applied(st, radix[k], mult[k]) for k in radix}
        assert all(0 <= n <= mult[k] for k, n in counts.items())
        assert sum(n * radix[k] for k, n in counts.items()) == st
