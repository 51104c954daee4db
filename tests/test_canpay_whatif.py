"""The what-if pays from can-pay's plans (queries/pay_plans.py, asp/payment.lp pay_plan): two
mana abilities of one permanent in one plan, and a sacrifice after the sacrificed permanent's
own mana-costed ability (CR 601.2g-h, 605.3a)."""

from __future__ import annotations

from pathlib import Path

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}
CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"


def run(battlefield, actions, hand):
    state = load_state({**BASE, "battlefield": battlefield, "hand": {"alice": hand}}, "<test>", cards=[CARDS])
    return Session(state).what_if(actions)


def test_dreadship_reefs_tap_ability_pays_its_storage_ability_in_a_what_if():
    # Dreadship Reef: "{T}: Add {C}." / "{1}, Remove X storage counters: Add X mana in any
    # combination of {U} and/or {B}." With two counters, its {C} pays line 3's {1} and X = 2
    # pays Think Twice's {1}{U}: both abilities of the one land, in that order (605.3a)
    got = run([{"id": "reef", "card": "Dreadship Reef", "controller": "alice", "counters": {"storage": 2}}],
              ["cast tt"], [{"id": "tt", "card": "Think Twice"}])
    (result,) = got.results
    assert result.illegal is None
    after = result.after(got.start)
    assert after["reef"]["tapped"] is True and not after["reef"].get("counters")
    assert after["tt"]["zone"] == "stack"
    assert got.not_planned == ()


def test_a_what_if_sacrifices_pili_pala_after_its_own_ability():
    # Pili-Pala's {2}, {Q} (paid with the Wastes' {C}{C}) adds {W}; then Ashnod's Altar
    # sacrifices it for {C}{C}, one of which pays Safehold Sentry's {1}
    got = run([{"id": "altar", "card": "Ashnod's Altar", "controller": "alice"},
               {"id": "pili", "card": "Pili-Pala", "controller": "alice", "tapped": True},
               {"id": "w1", "card": "Wastes", "controller": "alice"},
               {"id": "w2", "card": "Wastes", "controller": "alice"}],
              ["cast ss"], [{"id": "ss", "card": "Safehold Sentry"}])
    (result,) = got.results
    assert result.illegal is None
    after = result.after(got.start)
    assert after["pili"]["zone"] == "graveyard" and after["w1"]["tapped"] is True
    assert after["player alice"]["mana_pool"] == "{C}"
    # the Altar's repeats are not planned with, and named
    assert [(o, line) for o, line, _ in got.not_planned] == [("altar", 1)]
