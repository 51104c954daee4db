"""Orderings equal an independent brute force over random sets of replacement effects.

The brute force lives here as a test oracle: for every permutation of the effects, apply
repeatedly the first effect in the permutation that applies now and was not applied yet
(CR 616.1, 616.1f, 614.5); every legal sequence of choices is such a permutation's.
"""

from __future__ import annotations

import itertools
import math

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from replacement_oracle import apply_replacement

TYPES = "WUBRGC"
# (name, land only?, kind, argument, minimum amount); all "if you tap" ones are alice's.
EFFECTS = [
    ("Double", False, "multiply", 2, 0),
    ("Triple", False, "multiply", 3, 0),
    ("Black", True, "type", "B", 0),
    ("Blue", True, "type", "U", 0),
    ("OneB", True, "exactly", "B", 0),
    ("SphereC", True, "exactly", "C", 2),
    ("SphereR", True, "exactly", "R", 3),
]


def card(name, land_only, kind, arg, minimum):
    rep = {"source": ["land"] if land_only else ["permanent"], "produces": {kind: arg}}
    if not land_only:
        rep["who"] = "you"
    if minimum:
        rep["min_amount"] = minimum
    return {"name": f"Test {name}", "type_line": "Enchantment", "oracle_text": "x",
            "abilities": [{"line": 1, "static": {"replacement": rep}}]}


def apply(effect, mana):
    _, _, kind, arg, minimum = effect
    return apply_replacement(kind, arg, minimum, mana)


def brute(effects, start):
    outcomes = {}
    for perm in itertools.permutations(range(len(effects))):
        mana, used, seq = dict(start), set(), []
        while True:
            for i in perm:
                if i not in used and (new := apply(effects[i], mana)) is not None:
                    mana, seq = new, seq + [i]
                    used.add(i)
                    break
            else:
                break
        key = tuple(mana.get(t, 0) for t in TYPES)
        outcomes.setdefault(key, set()).add(tuple(seq))
    return outcomes


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(EFFECTS))), min_size=1, max_size=5),
       st.sampled_from(["Forest", "Twin"]))
def test_orderings_equal_brute_force(picks, land):
    effects = [EFFECTS[i] for i in picks]
    cards = [card(*e) for e in {EFFECTS[i] for i in picks}]
    cards.append({"name": "Test Twin", "type_line": "Land", "oracle_text": "{T}: Add {R}{G}.",
                  "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{R}{G}"}}]})
    battlefield = [{"id": "land", "card": "Forest" if land == "Forest" else "Test Twin",
                    "controller": "alice"}]
    battlefield += [{"id": f"e{i}", "card": f"Test {e[0]}", "controller": "alice"}
                    for i, e in enumerate(effects)]
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                        "cards": cards, "battlefield": battlefield})
    got = Session(state).orderings("land", limit=1000).to_json()["outcomes"]
    expected = brute(effects, {"G": 1} if land == "Forest" else {"R": 1, "G": 1})
    assert {tuple(o["mana"].get(t, 0) for t in TYPES) for o in got} == set(expected)
    for o in got:
        key = tuple(o["mana"].get(t, 0) for t in TYPES)
        # count: orderings of distinct effects; the brute force's sequences are exactly those
        assert o["count"] == len(expected[key])
        for seq in o["orderings"]:
            assert tuple(int(e[1:]) for e in seq) in expected[key]


def test_identical_effects_counted_not_listed():
    effects = [EFFECTS[0]] * 4
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                        "cards": [card(*EFFECTS[0])],
                        "battlefield": [{"id": "land", "card": "Forest", "controller": "alice"}]
                        + [{"id": f"e{i}", "card": "Test Double", "controller": "alice"}
                           for i in range(4)]})
    (o,) = Session(state).orderings("land").to_json()["outcomes"]
    assert o == {"mana": {"G": 16}, "orderings": [["e0", "e1", "e2", "e3"]], "count": math.factorial(4)}
    assert len(brute(effects, {"G": 1})[(0, 0, 0, 0, 16, 0)]) == 24
