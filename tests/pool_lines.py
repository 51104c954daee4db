"""Helpers for tests that compile real pool lines (the card named in each test)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.state import load_state


def compiled(name: str, type_line: str, text: str):
    """A face compiled from its oracle text; whatever it compiles to, the vocabulary reads it."""
    face = {"name": name, "type": type_line, "text": text}
    if "Creature" in type_line:
        face["power"], face["toughness"] = "1", "1"
    c = compile_face(face)
    parse_card(c.card, "test")
    return c


def read_fully(spec):
    """The card compiled from its real pool text (name, type line, text), every line of it read."""
    c = compiled(*spec)
    assert c.fully_compiled, c.lines
    return c


def effect_of(spec, n: int):
    """Line n of a fully compiled pool card: its activated or triggered ability's effects and
    target, as the vocabulary holds them."""
    c = compiled(*spec)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    entry = c.card["abilities"][n - 1]
    a = entry.get("activated") or entry.get("triggered")
    return a["does"], a.get("target")


def what_if_on(specs, battlefield, actions, **extra):
    """A what-if on a state with the compiled cards of `specs` (name, type line, text): the
    answer, and each outcome's changes as `after` shows them."""
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*s).card for s in specs], "battlefield": battlefield, **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return got, [r.after(got.start) for r in got.results]
