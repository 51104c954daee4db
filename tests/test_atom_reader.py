"""queries/atom_reader.py reads the same atoms, in the same order, as clingo's public API, with
the same answer to "are they all facts" (a signature of facts, one with an atom the grounder
left to the solver, one with no atoms)."""

from __future__ import annotations

import clingo
from mtg_asp.queries.atom_reader import all_facts, public_read, read_signature


def control(text: str) -> clingo.Control:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return ctl


def test_the_fast_reader_agrees_with_the_public_api():
    ctl = control('p(1). p(a). p("x\\"y"). p(f(1, g(b))). q(X) :- p(X), not r(X). r(X) :- p(X), not q(X). '
                  "s(1, 2). s(2, 3).")
    for name, arity in (("p", 1), ("q", 1), ("r", 1), ("s", 2), ("s", 1), ("none", 3)):
        assert read_signature(ctl, name, arity) == public_read(ctl, name, arity)
    symbols, facts = read_signature(ctl, "p", 1)
    assert [str(s.arguments[0]) for s in symbols] == ["1", "a", '"x\\"y"', "f(1,g(b))"] and facts
    assert read_signature(ctl, "q", 1)[1] is False       # a choice the solver makes: not facts
    assert read_signature(ctl, "none", 3) == ([], True)
    # all_facts: the same answer, without the symbols
    for name, arity in (("p", 1), ("q", 1), ("r", 1), ("s", 2), ("s", 1), ("none", 3)):
        assert all_facts(ctl, name, arity) is public_read(ctl, name, arity)[1]
