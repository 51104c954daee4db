"""can-pay equals an independent brute force on small random boards where one permanent's two
abilities and one ability's repeats pay together (CR 605.3a, 107.5, 701.21a).

The oracle: every permanent chooses whether to tap for one of its {T} abilities (its own or the
one Cryptolith Rite grants a creature, 613.1f) and what becomes of it: kept, sacrificed for its
own ability (Tinder Wall), or sacrificed to an Ashnod's Altar (any number of activations, one
creature each). Then a matching of the cost's symbols to the mana made (units as sets of types,
as in test_canpay_property.py).
"""

from __future__ import annotations

import itertools
from pathlib import Path

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from test_canpay_property import SYMBOL, matches

CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"
ANY = frozenset("WUBRG")
# card -> (its own {T} ability's units or None, creature?, its own sacrifice ability's units)
CARD = {
    "Forest": ([frozenset("G")], False, None),
    "Wastes": ([frozenset("C")], False, None),
    "Llanowar Elves": ([frozenset("G")], True, None),
    "Tinder Wall": (None, True, [frozenset("R")] * 2),
    "Ashnod's Altar": (None, False, None),
    "Cryptolith Rite": (None, False, None),
}


def payable(board: list[str], cost: list[frozenset]) -> bool:
    rite = "Cryptolith Rite" in board
    altar = "Ashnod's Altar" in board
    options = []
    for card in board:
        own, creature, sac = CARD[card]
        taps = [[]] + ([own] if own else []) + ([[ANY]] if rite and creature else [])
        fates = [[]] + ([sac] if sac else []) + ([[frozenset("C")] * 2] if altar and creature else [])
        options.append([t + f for t in taps for f in fates])
    return any(matches([u for units in pick for u in units], cost) for pick in itertools.product(*options))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(CARD)), min_size=0, max_size=5),
       st.integers(0, 4), st.lists(st.sampled_from("WUBRGC"), max_size=3))
def test_can_pay_with_repeats_equals_brute_force(board, generic, colored):
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": f"p{i}", "card": c, "controller": "alice"} for i, c in enumerate(board)]},
        "<test>", cards=[CARDS])
    cost_text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored)
    cost_text = cost_text or "{0}"
    cost = [SYMBOL[c] for c in colored] + [frozenset("WUBRGC")] * generic
    with Session(state) as session:
        got = session.can_pay("alice", cost_text)
    assert got.payable == payable(board, cost), (board, cost_text, got.to_json())
    if got.payable:
        paid = got.cost_paid_with or {}
        assert sum(paid.values()) == len(cost)
        # each creature is sacrificed once at most (701.21a)
        sacrificed = [s.sacrificed for s in got.plan if s.sacrificed]
        assert len(sacrificed) == len(set(sacrificed))
    else:
        assert not got.left_out, got.left_out     # every activation was counted
