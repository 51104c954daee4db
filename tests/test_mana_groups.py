"""The `mana` query's grouped answer (issue 14): past GROUP_FROM distinct pools, permanents whose
modes touch nothing else (asp/available.lp av_independent: pain lands, Talismans) are answered
apart, each with its options, and the pools are those of the rest. The grouped answer is checked
against the whole answer of the same board (the query with the default cap): each whole pool is
dominated by some combination of a grouped pool with one option per permanent, and every such
combination is a pool some whole pool dominates (it is a real plan's pool)."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.queries import mana as mana_query
from mtg_asp.translator.state import load_state

CARDS = Path(__file__).resolve().parent / "rulings" / "imported" / "cards.json"
TYPES = "WUBRGC"
PAINS = ("Adarkar Wastes", "Caves of Koilos", "Shivan Reef", "Talisman of Dominance")
OTHERS = ("Forest", "Island", "Izzet Signet", "Dimir Signet", "Sol Ring", "Prismatic Lens")


def answer(board: list[str]):
    rows = [{"id": f"p{i}", "card": c, "controller": "alice"} for i, c in enumerate(board)]
    state = load_state({"players": ["alice", "bob"], "battlefield": rows,
                        "turn": {"number": 3, "active": "alice", "step": "precombat_main"}}, "<test>",
                       cards=[CARDS])
    return Session(state).available_mana("alice")


def grouped(board: list[str], monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(mana_query, "GROUP_FROM", 0)
        return answer(board)


def vectors(items) -> set[tuple[int, ...]]:
    """Every concrete pool the items can be (each item all of one type of its set)."""
    out = {(0,) * 6}
    for amount, types in items:
        out = {tuple(v[i] + (amount if TYPES[i] == t else 0) for i in range(6)) for v in out for t in types}
    return out


def flat(items) -> list[tuple[int, str]]:
    return [(i.amount, "".join(i.of)) for i in items for _ in range(i.count)]


def covered(small: set, big: set) -> bool:
    """Every vector of `small` is at most some vector of `big`."""
    return all(any(all(a <= b for a, b in zip(v, w)) for w in big) for v in small)


def combinations(got) -> list[tuple[set, int]]:
    """Each grouped pool with one option of each grouped permanent: (vectors, debt)."""
    per_object = [g.options for g in got.groups for _ in g.objects]
    out = []
    for pool in got.pools:
        for pick in itertools.product(*per_object):
            out.append((vectors(flat(pool.items) + [(i.amount, "".join(i.of)) for _, i in pick]), pool.debt))
    return out


def test_pain_lands_are_groups_and_the_rest_are_pools(monkeypatch):
    board = ["Adarkar Wastes", "Caves of Koilos", "Izzet Signet", "Island"]
    got = grouped(board, monkeypatch)
    options = {g.objects: [(line, i.amount, i.of) for line, i in g.options] for g in got.groups}
    assert options == {("p0",): [(1, 1, ("C",)), (2, 1, ("W", "U"))],
                       ("p1",): [(1, 1, ("C",)), (2, 1, ("W", "B"))]}
    # the rest: the Island alone, or the Island paying the Signet's {1} for {U}{R}
    assert sorted((p.debt, sorted(flat(p.items))) for p in got.pools) == \
        [(0, [(1, "U")]), (1, [(1, "R"), (1, "U"), (1, "U")])]
    assert all(u.object not in ("p0", "p1") for p in got.pools for u in p.plan)
    data = got.to_json()
    assert data["groups"][0] == {"objects": ["p0"], "options": [
        {"ability": 1, "items": [{"count": 1, "amount": 1, "of": ["C"]}]},
        {"ability": 2, "items": [{"count": 1, "amount": 1, "of": ["W", "U"]}]}]}
    assert "p1: 1 {C} (line 1) or 1 x 1 mana of one of W/B (line 2)" in got.to_text()
    json.dumps(data)


def test_the_whole_answer_has_no_groups():
    got = answer(["Adarkar Wastes", "Island"])
    assert got.groups == () and "groups" not in got.to_json() and len(got.pools) == 2


def test_a_land_another_cost_can_sacrifice_is_not_independent(monkeypatch):
    # Squandered Resources sacrifices a land for mana of a type it could produce (701.21a): the
    # pain land's choice then ties to the sacrifice, so it stays in the pools; the Talisman,
    # which nothing can sacrifice, is answered apart.
    got = grouped(["Adarkar Wastes", "Talisman of Dominance", "Squandered Resources"], monkeypatch)
    assert [g.objects for g in got.groups] == [("p1",)]
    assert any(u.object == "p0" for p in got.pools for u in p.plan)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(PAINS), min_size=1, max_size=3),
       st.lists(st.sampled_from(OTHERS), min_size=0, max_size=3))
def test_grouped_answer_equals_the_whole_one(monkeypatch, pains, others):
    board = pains + others
    whole = answer(board)
    got = grouped(board, monkeypatch)
    assert got.groups, board
    combos = combinations(got)
    for pool in whole.pools:
        mine = vectors(flat(pool.items))
        assert any(debt <= pool.debt and covered(mine, vecs) for vecs, debt in combos), (board, pool)
    for vecs, debt in combos:
        assert any(pool.debt <= debt and covered(vecs, vectors(flat(pool.items))) for pool in whole.pools), \
            (board, vecs, debt)


if not CARDS.exists():      # pragma: no cover
    pytest.skip("tests/rulings/imported/cards.json is missing", allow_module_level=True)


DUALS = ("Underground Sea", "Savannah", "Tundra", "Bayou", "Volcanic Island", "Tropical Island",
         "Blood Crypt", "Godless Shrine", "Sacred Foundry", "Steam Vents")


def test_pools_of_many_kinds_of_item_are_compared_after_common_items_cancel():
    # Ten duals (ten two-color classes, 305.6), five basics and Sol Ring: 16 kinds of item, once
    # refused (2^16 subsets). Items both pools have cancel, so the two Signets' pools compare on
    # what is left ({U}{R} against {U}{B}: neither dominates), and the pool without either
    # Signet stays (no debt).
    got = answer([*DUALS, "Plains", "Island", "Swamp", "Mountain", "Forest", "Sol Ring",
                  "Izzet Signet", "Dimir Signet"])
    assert sorted((p.debt, p.total()) for p in got.pools) == [(0, 17), (1, 18), (1, 18), (2, 19)]
    a, b = (Counter(flat(p.items)) for p in got.pools if p.debt == 1)
    assert sorted([sorted((a - b).elements()), sorted((b - a).elements())]) == [[(1, "B")], [(1, "R")]]
