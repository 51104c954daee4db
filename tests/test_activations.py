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


def test_activate_only_during_a_step():
    # Desert: "Activate only during the end of combat step" (CR 602.1b, 602.5).
    def lines(step):
        s = Session(board({"id": "d", "card": "Desert", "controller": "alice"},
                          turn={"number": 5, "active": "alice", "step": step}))
        acts = s.activations("alice")
        return ({a.ability for a in acts.allowed}, {(b.ability, b.rules) for b in acts.blocked})
    assert lines("precombat_main") == ({1}, {(2, ("602.5",))})
    assert lines("end_of_combat") == ({1, 2}, set())


def test_activate_only_if_you_control():
    card = {"name": "Test Spire", "type_line": "Land", "oracle_text": "{T}, Pay 1 life: Add one mana of any color. Activate only if you control an artifact.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}", {"pay_life": 1}], "add_mana": {"any": "color"},
                                                    "only_if_you_control": ["artifact"]}}]}
    def allowed(*extra):
        state = load_state({"players": ["alice", "bob"],
                            "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": [card],
                            "battlefield": [{"id": "spire", "card": "Test Spire", "controller": "alice"},
                                            *extra]}, "t.yaml")
        return [a.object for a in Session(state).activations("alice").allowed]
    assert allowed() == []
    assert "spire" in allowed({"id": "stone", "card": "Fellwar Stone", "controller": "alice"})
    assert allowed({"id": "stone", "card": "Fellwar Stone", "controller": "bob"}) == []


def test_gained_basic_land_type_gives_an_unprinted_mana_ability():
    # Urborg: each land is a Swamp, so each has {T}: Add {B} (CR 305.6, 305.7: in addition).
    s = Session(board({"id": "urborg", "card": "Urborg, Tomb of Yawgmoth", "controller": "alice"},
                      {"id": "forest", "card": "Forest", "controller": "alice"}))
    assert s.activations("alice").to_json() == {"activations": [
        {"object": "urborg", "ability": 0, "player": "alice", "intrinsic": "Swamp"},
        {"object": "forest", "ability": 0, "player": "alice", "intrinsic": "Swamp"},
        {"object": "forest", "ability": 1, "player": "alice"}]}
    assert s.could_produce().types == {"urborg": ("B",), "forest": ("B", "G")}
