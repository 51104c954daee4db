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


def test_zones_listed_with_printed_characteristics():
    b = session(hand={"alice": ["Island", "Forest"]}).board().to_json()
    land = {"owner": "alice", "zone": "hand", "types": ["basic", "land"], "colors": [],
            "may": [{"action": "play", "player": "alice"}]}
    assert b == {"board": {}, "zones": {"hand": {"alice": ["island", "forest"]}},
                 "cards": {"island": {"card": "Island", **land, "subtypes": ["island"]},
                           "forest": {"card": "Forest", **land, "subtypes": ["forest"]}}}


def test_effects_on_permanents_do_not_reach_cards_in_other_zones():
    # CR 109.2: Celestial Dawn's "lands you control" and "nonland permanents" are permanents;
    # the Llanowar Elves and the Forest in alice's graveyard keep their printed color and type.
    b = session({"id": "dawn", "card": "Celestial Dawn", "controller": "alice"},
                {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
                graveyard={"alice": [{"id": "dead_elves", "card": "Llanowar Elves"},
                                     {"id": "dead_forest", "card": "Forest"}]}).board(explain=True)
    j = b.to_json()
    assert j["board"]["elves"]["colors"] == ["white"]
    assert j["cards"]["dead_elves"]["colors"] == ["green"]
    assert j["cards"]["dead_forest"]["subtypes"] == ["forest"]
    assert [w.rule for w in b.reasons["dead_forest"]] == ["109.2"]
    text = b.to_text()
    assert "    dead_elves: Llanowar Elves: creature — druid elf; green" in text


def test_face_down_exiled_card_is_hidden():
    # CR 406.3: no player may look at a card exiled face down; the board shows none of its
    # characteristics.
    b = session(exile={"alice": [{"id": "hidden", "card": "Llanowar Elves", "face_down": True},
                                 {"id": "shown", "card": "Forest"}]}).board(explain=True)
    cards = b.to_json()["cards"]
    assert cards["hidden"] == {"zone": "exile", "owner": "alice", "face_down": True}
    assert cards["shown"]["card"] == "Forest"
    assert [w.rule for w in b.reasons["hidden"]] == ["406.3"]
    assert "hidden: face down (no player may look at it)" in b.to_text()
    assert "Llanowar" not in b.to_text()


def test_objects_may_name_cards_in_other_zones():
    s = session({"id": "forest", "card": "Forest", "controller": "alice"},
                hand={"alice": [{"id": "isle", "card": "Island"}]})
    b = s.board(objects=["isle"], fields=["zone", "subtypes"])
    assert b.to_json() == {"board": {}, "cards": {"isle": {"zone": "hand", "subtypes": ["island"]}}}
    assert b.to_text() == ("isle (alice's hand): Island: basic land — island; colorless; "
                           "alice may play it from here (CR 305.1)")


def test_who_may_cast_or_play_a_card_from_where_it_is():
    # CR 601.3: a spell is cast from its owner's hand; a commander from the command zone (903.8),
    # a card an effect lets a player play from exile, a card with flashback from the graveyard
    # (702.34a). CR 305.1, 305.9: a land card is played, never cast. Nothing else: a card in a
    # graveyard without flashback, a library, another player's exiled card without permission.
    b = session({"id": "amulet", "card": "Unstable Amulet", "controller": "alice"},
                hand={"alice": [{"id": "elves", "card": "Llanowar Elves"},
                                {"id": "forest", "card": "Forest"}],
                      "bob": [{"id": "bob_elves", "card": "Llanowar Elves"}]},
                graveyard={"alice": [{"id": "tt", "card": "Think Twice"},
                                     {"id": "dead", "card": "Llanowar Elves"}]},
                command={"alice": [{"id": "isamaru", "card": "Isamaru, Hound of Konda"}]},
                exile={"alice": [{"id": "one", "card": "Endless One", "exiled_with": "amulet",
                                  "playable_by": "alice"},
                                 {"id": "gone", "card": "Endless One"}]},
                library={"alice": [{"id": "top", "card": "Island"}]},
                commanders={"alice": "isamaru"}).board()
    may = {oid: v.get("may") for oid, v in b.to_json()["cards"].items()}
    cast, play = ([{"action": a, "player": "alice"}] for a in ("cast", "play"))
    assert may == {"elves": cast, "forest": play, "bob_elves": [{"action": "cast", "player": "bob"}],
                   "tt": cast, "dead": None, "isamaru": cast, "one": cast, "gone": None, "top": None}
    assert "tt: Think Twice: instant; blue; alice may cast it from here (CR 601.3)" in b.to_text()
