"""The `mana` query against an independent brute force on small random boards.

The oracle lives here: every choice of one ability (or none) per permanent, every order of
the ones with a mana cost, every way to pay those costs from the mana already made and every
choice of types, giving the set of concrete pools (vectors over W U B R G C). Then:

- complete: every maximal concrete pool is one that some listed pool's plan produces;
- exact items: the expansions of a listed pool's items (each item's choice of type) are
  exactly the sums of what its plan's activations add, in every combination;
- no listed pool is item-wise dominated by another; each listed pool's plan is legal.

Nyxbloom Ancient ("if you tap a permanent for mana, it produces three times as much") makes
an item of three mana of one type; Pili-Pala's {Q} is not tapping, so it stays single.
"""

from __future__ import annotations

import itertools
from collections import Counter

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

TYPES = "WUBRGC"
COLORS = "WUBRG"
# card -> its mana abilities: (oracle line, generic mana cost, taps?, items (amount, types))
SOURCES = {
    "Forest": [(1, 0, True, [(1, "G")])],
    "Island": [(1, 0, True, [(1, "U")])],
    "Desert": [(1, 0, True, [(1, "C")])],
    "Birds of Paradise": [(2, 0, True, [(1, COLORS)])],
    "Pili-Pala": [(2, 2, False, [(1, COLORS)])],
    "Cascading Cataracts": [(2, 0, True, [(1, "C")]), (3, 5, True, [(1, COLORS)] * 5)],
    # (tests/rulings/imported/cards.json's; the property test below draws only library cards)
    "Izzet Signet": [(1, 1, True, [(1, "U"), (1, "R")])],
    "Dimir Signet": [(1, 1, True, [(1, "U"), (1, "B")])],
}
LIBRARY = ("Forest", "Island", "Desert", "Birds of Paradise", "Pili-Pala", "Cascading Cataracts")


def expansions(items) -> set[tuple[int, ...]]:
    """Every vector the items can be, each item all of one type from its set."""
    out = {(0,) * 6}
    for amount, types in items:
        out = {tuple(v[i] + (amount if TYPES[i] == t else 0) for i in range(6))
               for v in out for t in types}
    return out


def pay(vectors: set, n: int) -> set:
    """Every vector left after paying n generic mana from one of them."""
    for _ in range(n):
        vectors = maximal({tuple(v[j] - (j == i) for j in range(6))
                           for v in vectors for i in range(6) if v[i] > 0})
    return vectors


def plan_items(card: str, line: int, nyx: bool):
    for ln, cost, taps, items in SOURCES[card]:
        if ln == line:
            return cost, [(a * 3 if nyx and taps else a, t) for a, t in items]
    raise AssertionError((card, line))


def produce(uses, nyx: bool) -> set:
    """The maximal concrete pools a plan [(card, line)] can end with, over all orders and
    payments (adding and paying are monotone, so a dominated pool is dropped at every step)."""
    free, costed = [], []
    for card, line in uses:
        cost, items = plan_items(card, line, nyx)
        (costed if cost else free).append((cost, items))
    out = set()
    for order in itertools.permutations(costed):
        vecs = maximal(expansions([i for _, items in free for i in items]))
        for cost, items in order:
            vecs = maximal(pay(vecs, cost))
            gained = expansions(items)
            vecs = maximal({tuple(a + b for a, b in zip(v, g)) for v in vecs for g in gained})
        out |= vecs
    return maximal(out)


def all_pools(board, nyx: bool) -> set:
    choices = [[None] + [ln for ln, *_ in SOURCES[c]] for c in board]
    out = set()
    for pick in itertools.product(*choices):
        out |= produce([(c, ln) for c, ln in zip(board, pick) if ln is not None], nyx)
    return maximal(out)


def maximal(pools: set) -> set:
    ranked = sorted(pools, key=sum, reverse=True)
    keep: list = []
    for p in ranked:
        if not any(all(a <= b for a, b in zip(p, q)) for q in keep):
            keep.append(p)
    return set(keep)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(LIBRARY), min_size=0, max_size=4), st.booleans())
def test_mana_equals_brute_force(board, nyx):
    # (keeps the oracle fast: at most two costed sources, none under Nyxbloom; that case is
    # tests/test_mana.py's)
    costed = ("Pili-Pala", "Cascading Cataracts")
    if nyx or sum(c in costed for c in board) > 2:
        board = [c for c in board if c not in costed] + ([] if nyx else [c for c in board if c in costed][:2])
    rows = [{"id": f"p{i}", "card": c, "controller": "alice", "tapped": c == "Pili-Pala"}
            for i, c in enumerate(board)]
    if nyx:
        rows.append({"id": "nyx", "card": "Nyxbloom Ancient", "controller": "alice"})
    state = load_state({"players": ["alice", "bob"], "battlefield": rows,
                        "turn": {"number": 3, "active": "alice", "step": "precombat_main"}})
    got = Session(state).available_mana("alice")
    card_of = {r["id"]: r["card"] for r in rows}
    best = maximal(all_pools(board, nyx))
    produced = []
    for pool in got.pools:
        uses = [(card_of[u.object], u.ability) for u in pool.plan]
        gross = set()
        for combo in itertools.product(*[[plan_items(c, ln, nyx)[1]] for c, ln in uses]):
            gross |= expansions([i for items in combo for i in items])
        items = [(i.amount, "".join(i.of)) for i in pool.items for _ in range(i.count)]
        assert expansions(items) == gross, (board, nyx, pool)
        assert pool.debt == sum(plan_items(c, ln, nyx)[0] for c, ln in uses)
        # one {T} or {Q} per permanent (107.5, 107.6): no permanent twice in these plans
        assert max(Counter(u.object for u in pool.plan).values(), default=0) <= 1
        made = produce(uses, nyx)
        assert made, (board, nyx, pool)          # the plan is legal: its costs can be paid
        produced.append(made)
    for p in best:
        assert any(p in made for made in produced), (board, nyx, p, got.to_text())
