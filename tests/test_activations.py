"""Activations beyond the corpus: ability instances and the decoded result."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state


def board(*permanents, turn=None):
    return load_state({
        "players": ["alice", "bob"],
        "turn": turn or {"number": 5, "active": "alice", "step": "precombat_main"},
        "battlefield": list(permanents),
    }, "t.yaml")


def test_two_equipment_grant_two_instances():
    # CR 113.2c: each instance of an ability works on its own; each Mantle grants its own.
    s = Session(board(
        {"id": "pp", "card": "Pili-Pala", "controller": "alice", "tapped": True},
        {"id": "m1", "card": "Umbral Mantle", "controller": "alice", "attached_to": "pp"},
        {"id": "m2", "card": "Umbral Mantle", "controller": "alice", "attached_to": "pp"},
    ))
    keys = s.activations("alice").to_json()["activations"]
    assert {"object": "pp", "ability": 1, "player": "alice", "granted_by": "m1"} in keys
    assert {"object": "pp", "ability": 1, "player": "alice", "granted_by": "m2"} in keys
    assert {"object": "pp", "ability": 2, "player": "alice"} in keys    # its own {2},{Q}


def test_equipment_on_nothing_grants_nothing():
    s = Session(board({"id": "m1", "card": "Umbral Mantle", "controller": "alice"}))
    assert s.activations("alice").to_json() == {
        "activations": [{"object": "m1", "ability": 2, "player": "alice"}]}


def test_unchecked_costs_are_reported():
    s = Session(board({"id": "cb", "card": "Crackleburr", "controller": "alice"}))
    (a,) = s.activations("alice").allowed
    assert a.ability == 1
    assert a.unchecked_costs == ("{U/R}{U/R}", "Tap 2 untapped red creatures you control")


def test_mana_ability_flag():
    s = Session(board({"id": "f", "card": "Forest", "controller": "alice"},
                      {"id": "sp", "card": "Cunning Sparkmage", "controller": "alice"}))
    flags = {a.object: a.mana_ability for a in s.activations("alice").allowed}
    assert flags == {"f": True, "sp": False}     # CR 605.1a: a targeted ability is not one


def test_first_player_has_no_turn_yet_on_turn_one():
    # bob has begun no turn on turn 1, so nothing has been his since his most recent turn.
    s = Session(board({"id": "e", "card": "Llanowar Elves", "controller": "bob"},
                      turn={"number": 1, "active": "alice", "step": "upkeep"}))
    (b,) = s.activations("bob").blocked
    assert b.rules == ("302.6",)
