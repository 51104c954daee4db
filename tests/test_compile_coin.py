"""Coin flips (CR 705) from a real pool line (AtomicCards 2024-03 wording): Mana Crypt's upkeep
trigger flips a coin (705.1), and its damage is dealt on a lost flip only; each result is an
outcome of the what-if (705.2)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled

CRYPT = ("Mana Crypt", "Artifact", ("At the beginning of your upkeep, flip a coin. If you lose the flip, Mana Crypt "
         "deals 3 damage to you.\n{T}: Add {C}{C}."))


def test_mana_crypt_compiles_to_a_flip_and_damage_on_a_lost_flip():
    c = compiled(*CRYPT)
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"]["does"] == [
        {"flip_coin": {}}, {"damage": {"to": "you", "amount": 3, "if_flip": "lost"}}]
    # "If you win the flip" with no flip before it is not read
    assert not compiled("Test Flip", "Artifact", "At the beginning of your upkeep, if you win the flip, "
                        "draw a card.").fully_compiled


def test_each_result_of_the_flip_is_an_outcome():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 6, "active": "alice", "step": "untap"},
                        "cards": [compiled(*CRYPT).card],
                        "battlefield": [{"id": "crypt", "card": "Mana Crypt", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["next step", "resolve"])
    results = sorted((next(c.change.result for c in r.changes if c.change.name == "coin_flip"),
                      dict(r.state.life)["alice"]) for r in got.results)
    assert results == [("lost", 17), ("won", 20)]       # 705.2: won: no damage; lost: 3 to alice


def test_flip_parameters_are_checked():
    card = compiled(*CRYPT).card
    does = card["abilities"][0]["triggered"]["does"]
    for bad in ([does[1]], [does[1], does[0]], [does[0], does[0], does[1]],
                [does[0], {"damage": {"to": "you", "amount": 3, "if_flip": "maybe"}}]):
        card["abilities"][0]["triggered"]["does"] = bad
        with pytest.raises(InputError, match="flip"):
            parse_card(card, "t.yaml")
