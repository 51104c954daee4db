"""can-pay equals an independent brute force on small random boards where one permanent's two
abilities and one ability's repeats pay together, in any order (CR 605.3a, 107.5, 107.6,
701.21a).

The oracle: a search over every sequence of activations from the starting board. A permanent
may be tapped for one of its {T} abilities (its own, or the one Cryptolith Rite grants a
creature, 613.1f) while untapped; a tapped Pili-Pala may pay {2} from the mana made so far for
its {Q} ability; a permanent may be sacrificed for its own ability (Tinder Wall) or to an
Ashnod's Altar (any number of activations, one creature each) or, a land, to Squandered
Resources (one mana of a type it could produce) and then does nothing more. At
each point, a matching of the cost's symbols to the mana made (units as sets of types, as in
test_canpay_property.py) decides.
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
C = frozenset("C")
# card -> (its own {T} ability's units or None, creature?, its own sacrifice ability's units,
#          its {Q} ability's (generic mana cost, units) or None)
CARD = {
    "Forest": ([frozenset("G")], False, None, None),
    "Wastes": ([C], False, None, None),
    "Llanowar Elves": ([frozenset("G")], True, None, None),
    "Tinder Wall": (None, True, [frozenset("R")] * 2, None),
    "Ashnod's Altar": (None, False, None, None),
    "Cryptolith Rite": (None, False, None, None),
    "Pili-Pala": (None, True, None, (2, [ANY])),     # on the board tapped
    "Squandered Resources": (None, False, None, None),
}
LANDS = {"Forest": frozenset("G"), "Wastes": C}      # what each could produce (106.7)


def payable(board: list[str], cost: list[frozenset]) -> bool:
    rite = "Cryptolith Rite" in board
    altar = "Ashnod's Altar" in board
    squander = "Squandered Resources" in board

    def moves(i: int, tapped: bool):
        """(generic mana paid, units added, tapped after, gone after) for each activation of
        permanent i in its present state."""
        own, creature, sac, untap = CARD[board[i]]
        if not tapped:
            if own:
                yield 0, own, True, False
            if rite and creature:
                yield 0, [ANY], True, False
        elif untap:
            yield untap[0], untap[1], False, False
        if sac:
            yield 0, sac, tapped, True
        if altar and creature:
            yield 0, [C, C], tapped, True
        if squander and board[i] in LANDS:
            yield 0, [LANDS[board[i]]], tapped, True

    seen: set = set()

    def search(status: tuple, pool: tuple) -> bool:
        if (status, pool) in seen:
            return False
        seen.add((status, pool))
        if matches(list(pool), cost):
            return True
        for i, (tapped, gone) in enumerate(status):
            if gone:
                continue
            for n, units, now_tapped, now_gone in moves(i, tapped):
                spends = {tuple(pool[k] for k in c): c for c in itertools.combinations(range(len(pool)), n)}
                for spent in spends.values():
                    left = [u for k, u in enumerate(pool) if k not in spent]
                    after = status[:i] + ((now_tapped, now_gone),) + status[i + 1:]
                    if search(after, tuple(sorted(left + units, key=sorted))):
                        return True
        return False

    return search(tuple((card == "Pili-Pala", False) for card in board), ())


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(CARD)), min_size=0, max_size=5),
       st.integers(0, 4), st.lists(st.sampled_from("WUBRGC"), max_size=3))
def test_can_pay_with_repeats_equals_brute_force(board, generic, colored):
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": f"p{i}", "card": c, "controller": "alice", "tapped": c == "Pili-Pala"}
                        for i, c in enumerate(board)]},
        "<test>", cards=[CARDS])
    cost_text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored)
    cost_text = cost_text or "{0}"
    cost = [SYMBOL[c] for c in colored] + [frozenset("WUBRGC")] * generic
    with Session(state) as session:
        got = session.can_pay("alice", cost_text)
    expected = payable(board, cost)
    if expected and not got.payable and {"Cryptolith Rite", "Pili-Pala"} <= set(board):
        # Pili-Pala tapped again for the granted ability after its {Q} one untaps it is not
        # planned with (docs/known-defects): the answer must name it.
        assert any("after another of its abilities untaps it" in why for _, _, _, why in got.left_out), got.to_json()
        return
    assert got.payable == expected, (board, cost_text, got.to_json())
    if got.payable:
        paid = got.cost_paid_with or {}
        assert sum(paid.values()) == len(cost)
        # each creature is sacrificed once at most (701.21a)
        sacrificed = [s.sacrificed for s in got.plan if s.sacrificed]
        assert len(sacrificed) == len(set(sacrificed))
    elif not {"Cryptolith Rite", "Pili-Pala"} <= set(board):
        assert not got.left_out, got.left_out     # every activation was counted
