"""could-produce under replacement effects equals a brute force over every order (CR 106.7,
616.1, 616.1a, 616.1f, 614.5).

could-produce reads the walk at the types level, where the type changes are applied as a set
and not as a sequence (asp/events.lp, walk_by_set/2), and where a self-replacement effect is
among the effects, every order (walk_in_full/2). The brute force here applies the effects in
every permutation; for each, repeatedly the first effect in it that applies now and was not
applied yet, a self-replacement one first if one applies (616.1a); every legal sequence of
choices is such a permutation's. Both the types and whether some effect was applied (what
`--explain` says: explain.lp plain_produce/3 and replaced_produce/3) must be the brute force's.
"""

from __future__ import annotations

import itertools

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries.core import Solver
from mtg_asp.translator.decode import mana_letter
from mtg_asp.translator.state import load_state
from replacement_oracle import apply_replacement

TYPES = "WUBRGC"
# (name, kind, argument, minimum amount, self-replacement); all apply to any land.
EFFECTS = [
    ("Double", "multiply", 2, 0, False),
    ("Triple", "multiply", 3, 0, False),
    ("Black", "type", "B", 0, False),
    ("Blue", "type", "U", 0, False),
    ("WhiteAt3", "type", "W", 3, False),
    ("OneB", "exactly", "B", 0, False),
    ("SphereC", "exactly", "C", 2, False),
    ("SphereR", "exactly", "R", 3, False),
    ("SelfDouble", "multiply", 2, 0, True),
    ("SelfGreen", "type", "G", 2, True),
]


def card(name, kind, arg, minimum, self_replacement):
    rep = {"source": ["land"], "produces": {kind: arg}}
    if minimum:
        rep["min_amount"] = minimum
    if self_replacement:
        rep["self_replacement"] = True
    return {"name": f"Test {name}", "type_line": "Enchantment", "oracle_text": "x",
            "abilities": [{"line": 1, "static": {"replacement": rep}}]}


def apply(effect, mana):
    _, kind, arg, minimum, _ = effect
    return apply_replacement(kind, arg, minimum, mana)


def brute(effects, start) -> set[tuple[str, int]]:
    """(type, 1 if some effect was applied else 0) for every type some order ends with."""
    out = set()
    for perm in itertools.permutations(range(len(effects))):
        mana, used = dict(start), set()
        while True:
            can = [i for i in perm if i not in used and apply(effects[i], mana) is not None]
            if not can:
                break
            first = next((i for i in can if effects[i][4]), can[0])     # 616.1a
            mana = apply(effects[first], mana)
            used.add(first)
        out |= {(t, min(len(used), 1)) for t, n in mana.items() if n > 0}
    return out


def solve(picks, land) -> set[tuple[str, int]]:
    effects = [EFFECTS[i] for i in picks]
    cards = [card(*EFFECTS[i]) for i in sorted(set(picks))]
    cards.append({"name": "Test Twin", "type_line": "Land", "oracle_text": "{T}: Add {R}{G}.",
                  "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{R}{G}"}}]})
    battlefield = [{"id": "land", "card": land, "controller": "alice"}]
    battlefield += [{"id": f"e{i}", "card": f"Test {e[0]}", "controller": "alice"}
                    for i, e in enumerate(effects)]
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                        "cards": cards, "battlefield": battlefield})
    # produces/4 for an ability some effect applies to; the explain part's plain_produce/3 and
    # replaced_produce/3 for every ability (one no effect applies to has no produces/4 atom)
    answer = Solver(state).part("explain")
    return {(mana_letter(s.arguments[2]), r) for r, name in ((0, "plain_produce"), (1, "replaced_produce"))
            for s in answer.get(name) if s.arguments[0].arguments[0].string == "land"}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(EFFECTS))), min_size=0, max_size=6),
       st.sampled_from(["Forest", "Test Twin"]))
def test_could_produce_walk_equals_brute_force(picks, land):
    start = {"G": 1} if land == "Forest" else {"R": 1, "G": 1}
    assert solve(picks, land) == brute([EFFECTS[i] for i in picks], start)


def test_a_type_change_before_an_exactly_at_a_larger_amount():
    # Double, then White-at-3 cannot apply (2 mana); Triple first: 3 mana, White applies, then
    # OneB makes {B}: the order ends in {B} with White used up before, or in {W} after it.
    picks = [1, 4, 5]
    assert solve(picks, "Forest") == brute([EFFECTS[i] for i in picks], {"G": 1}) == {("B", 1), ("W", 1)}


def test_a_type_change_its_threshold_never_met_after_the_last_exactly():
    # Triple, then SphereC (3 >= 2: one {C}); WhiteAt3 must be applied while there are 3 mana
    # (before SphereC), or never if SphereC comes first; OneB last or first.
    picks = [1, 4, 6, 5]
    assert solve(picks, "Forest") == brute([EFFECTS[i] for i in picks], {"G": 1})
