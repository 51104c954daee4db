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
OTHERS = ("Forest", "Island", "Izzet Signet", "Dimir Signet", "Sol Ring", "Prismatic Lens", "Pili-Pala")


def answer(board: list[str]):
    rows = [{"id": f"p{i}", "card": c, "controller": "alice", "tapped": c == "Pili-Pala"}
            for i, c in enumerate(board)]
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


def options(got) -> list[list[tuple[list, int, int]]]:
    """Each grouped permanent's options, as (items, debt, gain): the independent ones' and the
    costed ones' (av_optional); gain, what a costed option adds less its cost, is what a pool's
    `needs` counts."""
    return [*([([(i.amount, "".join(i.of))], 0, 0) for _, i in g.options] for g in got.groups for _ in g.objects),
            *([(flat(o.items), o.debt, sum(a for a, _ in flat(o.items)) - o.debt) for o in g.options]
              for g in got.costed_groups for _ in g.objects)]


def combinations(got) -> list[tuple[set, int]]:
    """Each grouped pool with one option of each grouped permanent whose costed options gain at
    least what the pool needs: (vectors, debt)."""
    out = []
    for pool in got.pools:
        for pick in itertools.product(*options(got)):
            if pool.needs and sum(g for *_, g in pick) < pool.needs:
                continue
            out.append((vectors(flat(pool.items) + [i for items, _, _ in pick for i in items]),
                        pool.debt + sum(d for _, d, _ in pick)))
    return out


def test_pain_lands_are_groups_and_the_rest_are_pools(monkeypatch):
    board = ["Adarkar Wastes", "Caves of Koilos", "Izzet Signet", "Island"]
    got = grouped(board, monkeypatch)
    options = {g.objects: [(line, i.amount, i.of) for line, i in g.options] for g in got.groups}
    assert options == {("p0",): [(1, 1, ("C",)), (2, 1, ("W", "U"))],
                       ("p1",): [(1, 1, ("C",)), (2, 1, ("W", "B"))]}
    # the Signet's {1} is paid from mana that is always there (three lands), so it is apart too:
    # unused, or {U}{R} paying 1 (605.3a); the rest is the Island
    assert [(g.objects, [(o.ability, flat(o.items), o.debt) for o in g.options]) for g in got.costed_groups] == \
        [(("p2",), [(None, [], 0), (1, [(1, "U"), (1, "R")], 1)])]
    assert [(p.debt, flat(p.items)) for p in got.pools] == [(0, [(1, "U")])]
    assert all(u.object not in ("p0", "p1", "p2") for p in got.pools for u in p.plan)
    data = got.to_json()
    assert data["groups"][0] == {"objects": ["p0"], "options": [
        {"ability": 1, "items": [{"count": 1, "amount": 1, "of": ["C"]}]},
        {"ability": 2, "items": [{"count": 1, "amount": 1, "of": ["W", "U"]}]}]}
    assert "p1: 1 {C} (line 1) or 1 x 1 mana of one of W/B (line 2)" in got.to_text()
    json.dumps(data)


def test_signets_paid_in_a_chain_are_apart(monkeypatch):
    # The pain land's one mana pays one Signet's {1}, and each Signet adds more than it costs, so
    # any set of them is paid in a chain (605.3a): the costs (3) are more than the sure mana (1),
    # but each alone is not, and each Signet is answered apart (asp/available.lp av_gainful)
    got = grouped(["Adarkar Wastes", "Izzet Signet", "Dimir Signet", "Rakdos Signet"], monkeypatch)
    assert [g.objects for g in got.groups] == [("p0",)]
    assert [(g.objects, [(o.ability, o.debt, sorted(flat(o.items))) for o in g.options])
            for g in got.costed_groups] == [
        (("p1",), [(None, 0, []), (1, 1, [(1, "R"), (1, "U")])]),
        (("p2",), [(None, 0, []), (1, 1, [(1, "B"), (1, "U")])]),
        (("p3",), [(None, 0, []), (1, 1, [(1, "B"), (1, "R")])])]
    assert [(p.debt, p.plan) for p in got.pools] == [(0, ())]


def test_a_cost_above_the_sure_mana_borrows_from_the_signets(monkeypatch):
    # Pili-Pala's {2} is more than the pain land's one sure mana: it is paid only if a Signet gains
    # one more (605.3a). The Signets are still apart, and the pool with Pili-Pala needs 1 from
    # their options (av_borrow).
    got = grouped(["Adarkar Wastes", "Izzet Signet", "Dimir Signet", "Pili-Pala"], monkeypatch)
    assert [g.objects for g in got.groups] == [("p0",)]
    assert [g.objects for g in got.costed_groups] == [("p1",), ("p2",)]
    pools = sorted((p.needs, p.debt, [(u.object, u.ability, u.step) for u in p.plan]) for p in got.pools)
    assert pools == [(0, 0, []), (1, 2, [("p3", 2, 1)])]
    needy = next(p for p in got.pools if p.needs)
    assert needy.to_json()["needs"] == 1 and "needs" not in next(p for p in got.pools if not p.needs).to_json()
    assert "only with costed options below that gain at least 1 mana" in got.to_text()
    # with Cascading Cataracts beside them, its {T}: Add {C} pays the rest of Pili-Pala's {2}: its
    # {5} stays out of reach, and nothing needs the Signets
    got = grouped(["Adarkar Wastes", "Izzet Signet", "Dimir Signet", "Pili-Pala", "Cascading Cataracts"],
                  monkeypatch)
    assert [g.objects for g in got.costed_groups] == [("p1",), ("p2",)]
    assert sorted((p.needs, p.debt) for p in got.pools) == [(0, 0), (0, 2)]


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


def test_many_costed_rocks_answer_as_groups():
    # Five copies of four Signets, two Prismatic Lenses and Cascading Cataracts beside 30 Islands:
    # 6^4 x 3 x 2 distinct pools (each trades debt for mana), past the 2,000 the enumeration
    # allows; once refused ("more than 2000 distinct pools"). Every cost (27) is paid from the
    # Islands' mana (30), so each rock is answered apart with its options (605.3a, 106.4).
    signets = ("Azorius Signet", "Dimir Signet", "Izzet Signet", "Rakdos Signet")
    got = answer([*(s for s in signets for _ in range(5)), "Prismatic Lens", "Prismatic Lens",
                  "Cascading Cataracts", *["Island"] * 30])
    assert [(p.debt, flat(p.items)) for p in got.pools] == [(0, [(1, "U")] * 30)]
    costed = [(len(g.objects), [(o.ability, o.debt, sorted(flat(o.items))) for o in g.options])
              for g in got.costed_groups]
    assert costed[:4] == [(5, [(None, 0, []), (1, 1, sorted([(1, "W"), (1, "U")]))]),
                          (5, [(None, 0, []), (1, 1, sorted([(1, "U"), (1, "B")]))]),
                          (5, [(None, 0, []), (1, 1, sorted([(1, "U"), (1, "R")]))]),
                          (5, [(None, 0, []), (1, 1, sorted([(1, "B"), (1, "R")]))])]
    assert costed[4:] == [(2, [(1, 0, [(1, "C")]), (2, 1, [(1, "WUBRG")])]),
                          (1, [(2, 0, [(1, "C")]), (3, 5, [(1, "WUBRG")] * 5)])]
    assert "each of p0, p1, p2, p3, p4: nothing (not activated) or 1 {W}, 1 {U} (line 1, paying 1 of the pool for it)" \
        in got.to_text()


@pytest.mark.parametrize("board", [["Forest", "Island", "Birds of Paradise", "Pili-Pala"],
                                   ["Forest", "Izzet Signet", "Dimir Signet", "Izzet Signet"],
                                   ["Forest", "Island", "Izzet Signet", "Dimir Signet", "Pili-Pala"],
                                   ["Forest", "Izzet Signet", "Dimir Signet", "Pili-Pala"],
                                   ["Forest", "Desert", "Birds of Paradise", "Island", "Pili-Pala", "Pili-Pala"],
                                   ["Forest", "Forest", "Island", "Desert", "Island", "Cascading Cataracts"]])
def test_costed_groups_against_the_brute_force(monkeypatch, board):
    # tests/test_mana_property.py's brute force over every plan, order and payment: every maximal
    # concrete pool is one that a pool's plan with one option of each group makes, and each such
    # plan is legal, its items exactly what its activations add.
    from test_mana_property import all_pools, expansions, maximal, plan_items, produce
    rows = [{"id": f"p{i}", "card": c, "controller": "alice", "tapped": c == "Pili-Pala"}
            for i, c in enumerate(board)]
    state = load_state({"players": ["alice", "bob"], "battlefield": rows,
                        "turn": {"number": 3, "active": "alice", "step": "precombat_main"}},
                       "<test>", cards=[CARDS])
    with monkeypatch.context() as m:
        m.setattr(mana_query, "GROUP_FROM", 0)
        got = Session(state).available_mana("alice")
    assert got.costed_groups, board
    card_of = {r["id"]: r["card"] for r in rows}
    per_object = [*([(o, line, [(i.amount, "".join(i.of))], 0, 0) for line, i in g.options]
                    for g in got.groups for o in g.objects),
                  *([(o, op.ability, flat(op.items), op.debt, sum(a for a, _ in flat(op.items)) - op.debt)
                     for op in g.options] for g in got.costed_groups for o in g.objects)]
    produced = []
    for pool in got.pools:
        uses = [(card_of[u.object], u.ability) for u in pool.plan]
        for pick in itertools.product(*per_object):
            if pool.needs and sum(g for *_, g in pick) < pool.needs:     # the pool needs that much from them
                continue
            mine = uses + [(card_of[o], line) for o, line, *_ in pick if line is not None]
            items = flat(pool.items) + [i for _, _, its, _, _ in pick for i in its]
            assert pool.debt + sum(d for *_, d, _ in pick) == sum(plan_items(c, ln, False)[0] for c, ln in mine)
            gross = set()
            for combo in itertools.product(*[[plan_items(c, ln, False)[1]] for c, ln in mine]):
                gross |= expansions([i for its in combo for i in its])
            assert expansions(items) == gross, (board, mine)
            made = produce(mine, False)
            assert made, (board, mine)       # the plan is legal: its costs can be paid
            produced.append(made)
    for p in maximal(all_pools(board, False)):
        assert any(p in made for made in produced), (board, p, got.to_text())
