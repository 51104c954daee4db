"""The board query shows the layers' results: types, abilities lost and gained, colors."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state


def session(*permanents, **extra):
    return Session(load_state({"players": ["alice", "bob"],
                               "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
                               "battlefield": list(permanents), **extra}, "t.yaml"))


def test_blood_moon_urborg_and_lantern():
    b = session({"id": "urborg", "card": "Urborg, Tomb of Yawgmoth", "controller": "alice"},
                {"id": "moon", "card": "Blood Moon", "controller": "bob"},
                {"id": "forest", "card": "Forest", "controller": "alice"},
                {"id": "lantern", "card": "Chromatic Lantern", "controller": "alice"}).board().to_json()
    urborg, forest = b["board"]["urborg"], b["board"]["forest"]
    # CR 305.7 and the 2021-03-19 ruling: Urborg is a Mountain, lost its ability, and no land
    # became a Swamp; Blood Moon changes no supertype. The Lantern's grant survives (305.7).
    assert urborg["types"] == ["legendary", "land"] and urborg["subtypes"] == ["mountain"]
    assert urborg["lost_rules_text"] and urborg["affected_by"] == ["moon"]
    assert urborg["abilities"] == [
        {"line": 0, "text": "{T}: Add {R}. (intrinsic: Mountain, CR 305.6)"},
        {"line": 1, "text": 'Lands you control have "{T}: Add one mana of any color."',
         "granted_by": "lantern"}]
    assert forest["subtypes"] == ["forest"] and "lost_rules_text" not in forest


def test_celestial_dawn_colors_and_plains():
    b = session({"id": "dawn", "card": "Celestial Dawn", "controller": "alice"},
                {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
                {"id": "bob_elves", "card": "Llanowar Elves", "controller": "bob"},
                {"id": "forest", "card": "Forest", "controller": "alice"}).board().to_json()["board"]
    assert b["elves"]["colors"] == ["white"] and b["bob_elves"]["colors"] == ["green"]
    assert b["forest"]["subtypes"] == ["plains"]
    assert b["forest"]["abilities"][0]["text"] == "{T}: Add {W}. (intrinsic: Plains, CR 305.6)"
    assert b["elves"]["printed_power_toughness"] == "1/1"


def test_zones_listed():
    b = session(hand={"alice": ["Island", "Forest"]}).board().to_json()
    assert b == {"board": {}, "zones": {"hand": {"alice": ["island", "forest"]}}}
