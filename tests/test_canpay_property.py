"""can-pay equals an independent brute force on small random boards.

The oracle lives here: every subset of the mana abilities, every order of the ones with a
mana cost, every way to pay those costs from the mana already made, then a matching of the
cost's symbols to the mana left. Mana is kept as units, each a set of types it may be
(one mana of any color is one unit that may be any color: choosing late is the same as
choosing early, since nothing here depends on the choice).
"""

from __future__ import annotations

import itertools

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

COLORS = frozenset("WUBRG")
# card -> list of abilities, each (generic mana cost, units produced); all {T} except Pili-Pala's {Q}
SOURCES = {
    "Forest": [(0, [frozenset("G")])],
    "Island": [(0, [frozenset("U")])],
    "Wastes": [(0, [frozenset("C")])],
    "Birds of Paradise": [(0, [COLORS])],
    "Grim Monolith": [(0, [frozenset("C")] * 3)],
    "Pili-Pala": [(2, [COLORS])],
    "Cascading Cataracts": [(0, [frozenset("C")]), (5, [COLORS] * 5)],
}


def matches(units: list[frozenset], need: list[frozenset]) -> bool:
    """Can each needed unit (the set of types that may pay it) take a distinct mana unit?"""
    def go(i: int, free: tuple[int, ...]) -> bool:
        if i == len(need):
            return True
        return any(units[j] & need[i] and go(i + 1, free[:k] + free[k + 1:])
                   for k, j in enumerate(free))
    return go(0, tuple(range(len(units))))


def payable(board: list[str], cost: list[frozenset]) -> bool:
    choices = [[None] + list(range(len(SOURCES[c]))) for c in board]
    for pick in itertools.product(*choices):
        used = [(c, SOURCES[c][a]) for c, a in zip(board, pick) if a is not None]
        free = [u for _, (n, units) in used if n == 0 for u in units]
        costed = [(n, units) for _, (n, units) in used if n > 0]
        for order in itertools.permutations(costed):
            if _run(free, list(order), cost):
                return True
    return False


def _run(pool: list[frozenset], steps: list, cost: list[frozenset]) -> bool:
    if not steps:
        return matches(pool, cost)
    (n, units), rest = steps[0], steps[1:]
    if len(pool) < n:
        return False
    for spent in set(itertools.combinations(range(len(pool)), n)):
        left = [u for i, u in enumerate(pool) if i not in spent]
        if _run(left + list(units), rest, cost):
            return True
    return False


SYMBOL = {"W": frozenset("W"), "U": frozenset("U"), "B": frozenset("B"), "R": frozenset("R"),
          "G": frozenset("G"), "C": frozenset("C")}


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(SOURCES)), min_size=0, max_size=5),
       st.integers(0, 4), st.lists(st.sampled_from("WUBRGC"), max_size=3))
def test_can_pay_equals_brute_force(board, generic, colored):
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": f"p{i}", "card": c, "controller": "alice",
                         "tapped": c == "Pili-Pala"} for i, c in enumerate(board)]})
    cost_text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored)
    cost_text = cost_text or "{0}"
    cost = [SYMBOL[c] for c in colored] + [frozenset("WUBRGC")] * generic
    got = Session(state).can_pay("alice", cost_text)
    assert got.payable == payable(board, cost), (board, cost_text)
    if got.payable:
        # the plan's mana covers the cost: what was paid is what the cost asks
        paid = got.cost_paid_with or {}
        assert sum(paid.values()) == len(cost)
        for c in colored:
            assert paid.get(c, 0) >= colored.count(c)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(SOURCES)), min_size=0, max_size=4),
       st.integers(0, 2), st.lists(st.sampled_from("WUBRGC"), max_size=2),
       st.lists(st.sampled_from("WUBRG"), min_size=1, max_size=2))
def test_can_pay_monocolored_hybrid_equals_brute_force(board, generic, colored, hybrid):
    # CR 107.4e: each {2/H} is paid with one mana of color H or with two mana of any type;
    # the oracle tries every choice of halves.
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": f"p{i}", "card": c, "controller": "alice",
                         "tapped": c == "Pili-Pala"} for i, c in enumerate(board)]})
    cost_text = ((f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored)
                 + "".join(f"{{2/{h}}}" for h in hybrid))
    fixed = [SYMBOL[c] for c in colored] + [frozenset("WUBRGC")] * generic
    halves = [[[SYMBOL[h]], [frozenset("WUBRGC")] * 2] for h in hybrid]
    expected = any(payable(board, fixed + [u for half in choice for u in half])
                   for choice in itertools.product(*halves))
    got = Session(state).can_pay("alice", cost_text)
    assert got.payable == expected, (board, cost_text)
    if got.payable:
        paid = got.cost_paid_with or {}
        for c in colored:
            assert paid.get(c, 0) >= colored.count(c)
        # each {2/H} took one mana of H or two mana: between one and two units per symbol
        assert len(fixed) + len(hybrid) <= sum(paid.values()) <= len(fixed) + 2 * len(hybrid)
