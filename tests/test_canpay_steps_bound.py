"""can-pay's steps are layers (several costed activations may share one, each paid from the mana
of the steps before it); it asks first with at most two (asp/canpay.lp cp_step_bound), then,
when that cut the steps and found no plan, with all of them: a plan that needs more steps than
two, or more costed activations than the cost's units, is still found."""

from __future__ import annotations

from pathlib import Path

from mtg_asp.queries import Session, canpay
from mtg_asp.queries.core import Solver
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


def test_a_plan_of_three_steps_is_found_after_the_bound_of_two():
    # Wastes' {C} pays one Signet (step 1: {U}{R}); its {U} pays the other Signet (step 2), and
    # only then are two mana left over for Pili-Pala's {2} (step 3), leaving {R}: {W}{R} needs
    # all three steps (605.3a), which the first ask's two steps cut.
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "w", "card": "Wastes", "controller": "alice"},
                        {"id": "s1", "card": "Izzet Signet", "controller": "alice"},
                        {"id": "s2", "card": "Izzet Signet", "controller": "alice"},
                        {"id": "pili", "card": "Pili-Pala", "controller": "alice", "tapped": True}]},
        "<test>", cards=[CARDS])
    with Session(state) as session:
        got = session.can_pay("alice", "{W}{R}")
        assert got.payable
        assert [s.step for s in got.plan] == [0, 1, 2, 3]
        assert got.plan[3].object == "pili" and got.cost_paid_with == {"W": 1, "R": 1}
        assert not session.can_pay("alice", "{W}{R}{R}").payable


def test_costed_activations_share_a_step():
    # Three lands pay three Signets at once: the first ask, with two steps, finds a plan with
    # three costed activations, so some share a step, each paid from step 0's mana (605.3a)
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [*({"id": f"w{i}", "card": "Wastes", "controller": "alice"} for i in range(3)),
                        *({"id": f"s{i}", "card": "Izzet Signet", "controller": "alice"} for i in range(3))]},
        "<test>", cards=[CARDS])
    solver = Solver(state)
    model, q, _, _, _, cut = canpay._ask(solver, "alice", ["U", "U", "U", "R", "R", "R"], repeats=False, bounded=True)
    assert cut and model is not None
    steps = sorted(s.arguments[3].number for s in model if s.name == "cp_step_of" and s.arguments[0].number == q)
    assert len(steps) == 6 and steps[:3] == [0, 0, 0] and max(steps) <= 2     # three Signets, two steps
    assert not canpay._ask(solver, "alice", ["U"] * 4 + ["R"] * 3, repeats=False, bounded=True)[0]
