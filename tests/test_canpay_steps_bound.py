"""can-pay asks first with at most as many activations with a mana cost as the cost has units
(asp/canpay.lp cp_step_bound), then, when that cut the steps and found no plan, with all of
them: a plan that needs more costed activations than the cost's units is still found."""

from __future__ import annotations

from pathlib import Path

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"


def test_two_costed_activations_pay_a_cost_of_one_unit():
    # Wastes' {C} pays Izzet Signet's {1} ({U}{R}), which pays Pili-Pala's {2} ({W}): 605.3a
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "w", "card": "Wastes", "controller": "alice"},
                        {"id": "signet", "card": "Izzet Signet", "controller": "alice"},
                        {"id": "pili", "card": "Pili-Pala", "controller": "alice", "tapped": True}]},
        "<test>", cards=[CARDS])
    with Session(state) as session:
        got = session.can_pay("alice", "{W}")
        assert got.payable
        assert [(s.object, s.step) for s in got.plan] == [("w", 0), ("signet", 1), ("pili", 2)]
        assert got.plan[2].paid_with == {"U": 1, "R": 1}
        # the Wastes' one {C} cannot pay both the Signet's {1} and the cost's {C}
        assert not session.can_pay("alice", "{W}{C}").payable
