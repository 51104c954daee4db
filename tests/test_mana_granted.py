"""The mana query names a granted ability by its granter (CR 613.1f), in its plans and in
left_out, as can-pay does (queries/mana.py)."""

from __future__ import annotations

from pathlib import Path

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}
CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"


def mana(battlefield):
    state = load_state({**BASE, "battlefield": battlefield}, "<test>", cards=[CARDS])
    with Session(state) as session:
        return session.available_mana("alice")


def test_a_plan_names_the_permanent_granting_the_ability():
    # Cryptolith Rite: creatures have "{T}: Add one mana of any color."; Tinder Wall's own
    # ability sacrifices it for {R}{R} after that (605.3a)
    got = mana([{"id": "rite", "card": "Cryptolith Rite", "controller": "alice"},
                {"id": "wall", "card": "Tinder Wall", "controller": "alice"}])
    (pool,) = got.pools
    assert [u.to_json() for u in pool.plan] == [
        {"object": "wall", "ability": 1, "granted_by": "rite", "step": 0},
        {"object": "wall", "ability": 2, "step": 0, "sacrificed": "wall"}]
    assert "wall line 1 (granted by rite)" in got.to_text()


def test_left_out_names_the_permanent_granting_the_ability():
    # Galazeth Prismari grants artifacts a {T} ability whose mana has a rider (106.6): left out
    got = mana([{"id": "galazeth", "card": "Galazeth Prismari", "controller": "alice"},
                {"id": "ring", "card": "Sol Ring", "controller": "alice"}])
    assert got.to_json()["left_out"] == [
        {"object": "ring", "ability": 3, "granted_by": "galazeth",
         "why": got.left_out[0][3]}]
    assert "rider" in got.left_out[0][3]
    assert "ring line 3 (granted by galazeth): " in got.to_text()
