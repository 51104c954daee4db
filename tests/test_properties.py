"""Property tests for could-produce (CR 106.7) over random boards (issue: trust).

Random boards of 0-12 permanents over 2-3 players are drawn from a small card pool whose
mana abilities cover every shape the encodings know: a fixed type (basic lands, Llanowar
Elves, Vivid Crag's {R}), any color (Birds of Paradise, City of Brass, Vivid Crag), and
"any type/color that a land you control / an opponent controls / a basic land you control
could produce" (Reflecting Pool, Naga Vitalist, Exotic Orchard, Fellwar Stone, Star Compass).

The oracle below is an independent least fixpoint in plain Python, written from the cards'
Oracle text and CR 106.7, not from asp/. The solver must agree with it exactly.
"""

from __future__ import annotations

import json
import random

import pytest
from budget import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.translator.model import STEPS
from mtg_asp.translator.state import load_state

TYPES = ("W", "U", "B", "R", "G", "C")     # CR 106.1: five colors and colorless
COLORS = frozenset("WUBRG")                # CR 105.1, 106.1b: colorless is not a color
ALL_TYPES = frozenset(TYPES)

BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G", "Wastes": "C"}

# The oracle's reading of each card's mana abilities, taken from its Oracle text.
#   fixed:  types it adds regardless of the board
#   refers: (whose lands it looks at, only basic lands?, which kinds count)
LANDS = set(BASICS) | {"Reflecting Pool", "Exotic Orchard", "City of Brass", "Vivid Crag"}
FIXED: dict[str, frozenset[str]] = {
    **{name: frozenset(t) for name, t in BASICS.items()},
    "Llanowar Elves": frozenset("G"),
    "Birds of Paradise": COLORS,
    "City of Brass": COLORS,
    "Vivid Crag": COLORS | {"R"},
}
REFERS: dict[str, tuple[str, bool, frozenset[str]]] = {
    "Reflecting Pool": ("you", False, ALL_TYPES),        # "any type that a land you control"
    "Naga Vitalist": ("you", False, ALL_TYPES),
    "Exotic Orchard": ("opponent", False, COLORS),       # "any color that a land an opponent"
    "Fellwar Stone": ("opponent", False, COLORS),
    "Star Compass": ("you", True, COLORS),               # "any color that a basic land you"
}
CARDS = sorted(set(FIXED) | set(REFERS))


def oracle(board: list[dict]) -> dict[str, frozenset[str]]:
    """Least fixpoint of CR 106.7 over the board: id -> the types it could produce."""
    could = {p["id"]: frozenset(FIXED.get(p["card"], ())) for p in board}
    changed = True
    while changed:
        changed = False
        for p in board:
            spec = REFERS.get(p["card"])
            if spec is None:
                continue
            whose, basic_only, kinds = spec
            seen: set[str] = set()
            for q in board:
                if q["card"] not in LANDS or (basic_only and q["card"] not in BASICS):
                    continue
                mine = q["controller"] == p["controller"]
                if mine != (whose == "you"):
                    continue   # CR 102.2/102.3: every other player is an opponent
                seen |= could[q["id"]]
            new = could[p["id"]] | (seen & kinds)
            if new != could[p["id"]]:
                could[p["id"]] = new
                changed = True
    return could


def sources(board: list[dict]) -> frozenset[str]:
    """Every type some ability on the board makes without looking at another permanent:
    no chain of abilities can end in a type outside this set."""
    out: set[str] = set()
    for p in board:
        out |= FIXED.get(p["card"], frozenset())
    return frozenset(out)


# -- building states ----------------------------------------------------------------------

def make_state(players: list[str], board: list[dict], active: int = 0,
               step: str = "precombat_main"):
    return load_state({
        "players": players,
        "turn": {"number": 5, "active": players[active % len(players)], "step": step},
        "battlefield": [dict(p) for p in board],
    })


def could(players: list[str], board: list[dict], **kw) -> dict[str, tuple[str, ...]]:
    return Session(make_state(players, board, **kw)).could_produce().types


def ordered(types: frozenset[str]) -> tuple[str, ...]:
    return tuple(t for t in TYPES if t in types)


@st.composite
def boards(draw, min_size: int = 0, max_size: int = 12):
    """(players, board): 2-3 players and up to 12 permanents with explicit, unique ids."""
    players = ["alice", "bob", "carol"][: draw(st.integers(2, 3))]
    n = draw(st.integers(min_size, max_size))
    board = []
    for i in range(n):
        card = draw(st.sampled_from(CARDS))
        p = {"id": f"o{i}", "card": card, "controller": draw(st.sampled_from(players)),
             # CR 106.7 ignores costs: tapped or not, counters or not, the answer is the same.
             "tapped": draw(st.booleans())}
        if card == "Vivid Crag":
            p["counters"] = {"charge": draw(st.integers(0, 2))}
        board.append(p)
    return players, board


def perm(card: str, controller: str, oid: str) -> dict:
    return {"id": oid, "card": card, "controller": controller}


SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


# -- property 1: the solver's answer is exactly the oracle's ------------------------------

@settings(max_examples=examples(250), **SETTINGS)
@given(boards(), st.integers(0, 2), st.sampled_from(STEPS))
@example((["alice", "bob"], [perm("Reflecting Pool", "alice", "a"),
                             perm("Reflecting Pool", "alice", "b")]), 0, "precombat_main")
@example((["alice", "bob"], [perm("Exotic Orchard", "alice", "a"),
                             perm("Exotic Orchard", "bob", "b"),
                             perm("Reflecting Pool", "bob", "c"),
                             perm("Naga Vitalist", "alice", "d")]), 0, "precombat_main")
@example((["alice", "bob", "carol"], [perm("Wastes", "alice", "w"),
                                      perm("Star Compass", "alice", "s"),
                                      perm("Naga Vitalist", "alice", "n"),
                                      perm("Fellwar Stone", "bob", "f"),
                                      perm("Mountain", "carol", "m"),
                                      perm("Exotic Orchard", "carol", "x")]), 1, "upkeep")
def test_could_produce_equals_oracle(drawn, active, step):
    players, board = drawn
    got = could(players, board, active=active, step=step)
    want = oracle(board)
    reachable = sources(board)
    assert list(got) == [p["id"] for p in board]
    for p in board:
        oid = p["id"]
        # The property: nothing outside what some chain of abilities can make ...
        assert set(got[oid]) <= want[oid], (oid, p["card"], got[oid], want[oid])
        assert set(got[oid]) <= reachable, (oid, p["card"], got[oid], reachable)
        # ... and, stronger, exactly the least fixpoint.
        assert got[oid] == ordered(want[oid]), (oid, p["card"], got[oid], ordered(want[oid]))


# -- property 2: adding a basic land never removes a type -----------------------------------

@settings(max_examples=examples(120), **SETTINGS)
@given(boards(max_size=11), st.sampled_from(sorted(BASICS)), st.integers(0, 2), st.data())
@example((["alice", "bob"], [perm("Reflecting Pool", "alice", "p")]), "Wastes", 0, None)
def test_adding_a_basic_land_is_monotone(drawn, basic, who, data):
    players, board = drawn
    if data is not None:
        # Insert it anywhere: order must not matter either.
        at = data.draw(st.integers(0, len(board)))
    else:
        at = len(board)
    bigger = board[:at] + [perm(basic, players[who % len(players)], "added")] + board[at:]
    before = could(players, board)
    after = could(players, bigger)
    # The issue asks it of Reflecting Pools; no ability in this card pool is hurt by another
    # land, so it holds for every permanent already there.
    for p in board:
        assert set(before[p["id"]]) <= set(after[p["id"]]), (p, basic, before, after)
    assert after["added"] == (BASICS[basic],)


# -- property 3: the order of the state file does not matter -------------------------------

@settings(max_examples=examples(100), **SETTINGS)
@given(boards(), st.randoms(use_true_random=False))
def test_battlefield_order_does_not_matter(drawn, rnd):
    players, board = drawn
    shuffled = list(board)
    rnd.shuffle(shuffled)
    s1 = Session(make_state(players, board))
    s2 = Session(make_state(players, shuffled))
    a, b = s1.could_produce(), s2.could_produce()
    assert a.types == b.types                                   # per id
    assert a.to_json() == b.to_json()                           # as dicts
    # Each answer lists the permanents in its own state file's order.
    assert list(a.types) == [p["id"] for p in board]
    assert list(b.types) == [p["id"] for p in shuffled]
    # Same order, fresh session: byte for byte the same.
    s3 = Session(make_state(players, board))
    assert json.dumps(s3.could_produce().to_json(), sort_keys=False) == \
        json.dumps(a.to_json(), sort_keys=False)
    # Which abilities can be activated does not depend on the order either.
    key = lambda d: json.dumps(d, sort_keys=True)
    assert sorted(map(key, s1.activations().to_json()["activations"])) == \
        sorted(map(key, s2.activations().to_json()["activations"]))


# -- property 4: deterministic output --------------------------------------------------------

@settings(max_examples=examples(80), **SETTINGS)
@given(boards(), st.integers(0, 2), st.sampled_from(STEPS))
def test_output_is_deterministic(drawn, active, step):
    players, board = drawn
    state = make_state(players, board, active=active, step=step)
    s1, s2 = Session(state), Session(state)
    assert json.dumps(s1.could_produce().to_json()) == json.dumps(s2.could_produce().to_json())
    assert json.dumps(s1.activations().to_json()) == json.dumps(s2.activations().to_json())
    # And a second question to the same session gives the same answer again.
    assert json.dumps(s1.could_produce().to_json()) == json.dumps(s2.could_produce().to_json())


# -- pinned examples from the CR ------------------------------------------------------------

AB = ["alice", "bob"]


def test_cr_106_7_example_with_forest():
    # CR 106.7: you control a Forest and an Exotic Orchard, an opponent controls an Exotic
    # Orchard: each Orchard could produce {G}.
    got = could(AB, [perm("Forest", "alice", "forest"), perm("Exotic Orchard", "alice", "mine"),
                     perm("Exotic Orchard", "bob", "theirs")])
    assert got == {"forest": ("G",), "mine": ("G",), "theirs": ("G",)}


def test_cr_106_7_example_without_forest():
    # CR 106.7: with no other lands, neither Orchard could produce any type of mana.
    got = could(AB, [perm("Exotic Orchard", "alice", "mine"),
                     perm("Exotic Orchard", "bob", "theirs")])
    assert got == {"mine": (), "theirs": ()}


def test_two_reflecting_pools_alone_produce_nothing():
    got = could(AB, [perm("Reflecting Pool", "alice", "p1"), perm("Reflecting Pool", "alice", "p2")])
    assert got == {"p1": (), "p2": ()}


def test_pool_with_wastes_produces_colorless():
    got = could(AB, [perm("Wastes", "alice", "w"), perm("Reflecting Pool", "alice", "p")])
    assert got == {"w": ("C",), "p": ("C",)}


def test_orchard_facing_only_wastes_produces_nothing():
    # {C} is a type but not a color (CR 105.1, 106.1b).
    got = could(AB, [perm("Wastes", "bob", "w"), perm("Exotic Orchard", "alice", "o"),
                     perm("Fellwar Stone", "alice", "f")])
    assert got == {"w": ("C",), "o": (), "f": ()}


def test_star_compass_sees_only_basic_lands():
    got = could(AB, [perm("City of Brass", "alice", "city"), perm("Wastes", "alice", "w"),
                     perm("Star Compass", "alice", "s"), perm("Island", "bob", "i")])
    assert got["s"] == ()
    got = could(AB, [perm("Swamp", "alice", "sw"), perm("Star Compass", "alice", "s")])
    assert got["s"] == ("B",)


def test_vitalist_is_not_a_land_for_a_pool():
    # Naga Vitalist and Birds of Paradise are creatures: a Pool does not look at them.
    got = could(AB, [perm("Birds of Paradise", "alice", "bird"), perm("Naga Vitalist", "alice", "n"),
                     perm("Reflecting Pool", "alice", "p")])
    assert got == {"bird": ("W", "U", "B", "R", "G"), "n": (), "p": ()}


def test_orchard_chain_through_a_pool_across_players():
    # bob's Pool copies bob's Forest; alice's Orchard sees bob's Pool; alice's Vitalist sees
    # alice's Orchard; carol's Fellwar Stone sees both alice's and bob's lands.
    got = could(["alice", "bob", "carol"], [
        perm("Naga Vitalist", "alice", "n"), perm("Exotic Orchard", "alice", "o"),
        perm("Reflecting Pool", "bob", "p"), perm("Forest", "bob", "f"),
        perm("Wastes", "bob", "w"), perm("Fellwar Stone", "carol", "fs"),
    ])
    assert got == {"n": ("G",), "o": ("G",), "p": ("G", "C"), "f": ("G",), "w": ("C",),
                   "fs": ("G",)}


@pytest.mark.parametrize("seed", range(3))
def test_oracle_self_check(seed):
    # The oracle itself: a random board solved twice in different orders agrees.
    rnd = random.Random(seed)
    board = [{"id": f"o{i}", "card": rnd.choice(CARDS), "controller": rnd.choice(AB)}
             for i in range(10)]
    again = list(board)
    rnd.shuffle(again)
    assert oracle(board) == oracle(again)
