"""Every class of bad state input gets a clear error naming the file and the field."""

from __future__ import annotations

import textwrap

import pytest
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state, load_state_file

BASE = {
    "players": ["alice", "bob"],
    "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
}


def state(**extra):
    return {**BASE, **extra}


def error_of(data) -> str:
    with pytest.raises(InputError) as e:
        load_state(data, "s.yaml")
    return str(e.value)


def test_malformed_yaml_names_file_and_line(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("players: [alice, bob\nturn: {number: 1}\n")
    with pytest.raises(InputError) as e:
        load_state_file(p)
    msg = str(e.value)
    assert str(p) in msg and "malformed YAML" in msg and "line 2" in msg


def test_missing_file():
    with pytest.raises(InputError, match="no such file"):
        load_state_file("/nonexistent/state.yaml")


def test_unknown_card_suggests_close_names():
    msg = error_of(state(battlefield=[{"card": "Reflecting Poll", "controller": "alice"}]))
    assert msg.startswith("s.yaml: battlefield[0].card: unknown card 'Reflecting Poll'")
    assert "'Reflecting Pool'" in msg


def test_unknown_player_as_controller():
    msg = error_of(state(battlefield=[{"card": "Forest", "controller": "carol"}]))
    assert msg == "s.yaml: battlefield[0].controller: 'carol' is not a player; players are alice, bob"


def test_unknown_player_in_zone():
    msg = error_of(state(hand={"carol": ["Forest"]}))
    assert msg.startswith("s.yaml: hand.carol: 'carol' is not a player")


def test_unknown_active_player():
    msg = error_of({**BASE, "turn": {"number": 3, "active": "carol", "step": "upkeep"}})
    assert msg.startswith("s.yaml: turn.active: 'carol' is not a player")


def test_duplicate_id():
    msg = error_of(state(battlefield=[{"id": "x", "card": "Forest", "controller": "alice"},
                                      {"id": "x", "card": "Island", "controller": "bob"}]))
    assert msg.startswith("s.yaml: battlefield[1].id: duplicate id 'x' (also at battlefield[0].id)")


def test_duplicate_id_across_zones():
    msg = error_of(state(battlefield=[{"id": "x", "card": "Forest", "controller": "alice"}],
                         hand={"bob": [{"id": "x", "card": "Island"}]}))
    assert "duplicate id 'x'" in msg and "hand.bob[0].id" in msg


def test_dangling_attachment():
    msg = error_of(state(battlefield=[{"card": "Umbral Mantle", "controller": "alice",
                                       "attached_to": "ghost"}]))
    assert msg == "s.yaml: battlefield[0].attached_to: no battlefield object has id 'ghost'"


def test_attached_to_card_in_hand():
    msg = error_of(state(battlefield=[{"card": "Umbral Mantle", "controller": "alice",
                                       "attached_to": "elves"}],
                         hand={"alice": [{"id": "elves", "card": "Llanowar Elves"}]}))
    assert "no battlefield object has id 'elves' (it is not on the battlefield)" in msg


def test_since_turn_after_current_turn():
    msg = error_of(state(battlefield=[{"card": "Llanowar Elves", "controller": "alice", "since_turn": 4}]))
    assert msg == "s.yaml: battlefield[0].since_turn: turn 4 is after the current turn 3"


def test_tapped_card_outside_battlefield():
    msg = error_of(state(hand={"alice": [{"card": "Forest", "tapped": True}]}))
    assert msg.startswith("s.yaml: hand.alice[0].tapped: only permanents are tapped or untapped")


@pytest.mark.parametrize("field,value,expected", [
    ("tapped", "yes", "battlefield[0].tapped: must be true or false, got 'yes' (str)"),
    ("damage", "2", "battlefield[0].damage: must be an integer, got '2' (str)"),
    ("since_turn", True, "battlefield[0].since_turn: must be an integer, got true (a boolean)"),
    ("counters", [1], "battlefield[0].counters: must be a mapping, got a list"),
    ("colour", "red", "battlefield[0].colour: unknown field"),
])
def test_wrong_types(field, value, expected):
    msg = error_of(state(battlefield=[{"card": "Forest", "controller": "alice", field: value}]))
    assert expected in msg


def test_negative_counter():
    msg = error_of(state(battlefield=[{"card": "Forest", "controller": "alice",
                                       "counters": {"charge": -1}}]))
    assert "battlefield[0].counters: charge: must be a non-negative integer" in msg


def test_unknown_step():
    msg = error_of({**BASE, "turn": {"number": 3, "active": "alice", "step": "main"}})
    assert msg.startswith("s.yaml: turn.step: unknown step 'main'; steps are untap, upkeep")


def test_missing_players():
    assert error_of({"turn": BASE["turn"]}) == "s.yaml: players: is required"


def test_state_not_a_mapping():
    assert "must be a mapping, got a document of list" in error_of([1, 2])


def test_empty_state():
    assert "the state is empty" in error_of(None)


def test_inline_card_may_not_shadow_library_card():
    msg = error_of(state(cards=[{"name": "Forest", "type_line": "Land", "oracle_text": ""}]))
    assert msg.startswith("s.yaml: cards[0].name: card 'Forest' is already in the card library")


def test_inline_card_errors_name_the_field():
    msg = error_of(state(cards=[{"name": "Odd Land", "type_line": "Land",
                                 "oracle_text": "{T}: Add {G}.",
                                 "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{V}"}}]}]))
    assert msg.startswith("s.yaml: cards[0].abilities[0].activated.add_mana: {V} is not a mana symbol")


def test_inline_card_line_not_written_in_vocabulary():
    msg = error_of(state(cards=[{"name": "Odd Land", "type_line": "Land",
                                 "oracle_text": "{T}: Add {G}.\nOdd Land is odd."}]))
    assert "cards[0].abilities: oracle line 1" in msg and "has no ability entry" in msg


def test_derived_ids_do_not_take_explicit_ones():
    s = load_state(state(battlefield=[{"card": "Forest", "controller": "alice"},
                                      {"id": "forest", "card": "Island", "controller": "alice"},
                                      {"card": "Forest", "controller": "bob"}]), "s.yaml")
    assert [p.id for p in s.battlefield] == ["forest_2", "forest", "forest_3"]


def test_owner_and_controller_default_to_each_other():
    s = load_state(state(battlefield=[{"card": "Forest", "owner": "bob"}]), "s.yaml")
    assert (s.battlefield[0].owner, s.battlefield[0].controller) == ("bob", "bob")


def test_state_file_round_trip(tmp_path):
    p = tmp_path / "ok.yaml"
    p.write_text(textwrap.dedent("""\
        players: [alice, bob]
        turn: {number: 4, active: alice, step: precombat_main}
        battlefield:
          - {id: pool, card: Reflecting Pool, controller: alice}
          - {card: Forest, controller: alice, tapped: true}
        hand: {alice: [Island]}
        """))
    s = load_state_file(p)
    assert [(b.id, b.tapped) for b in s.battlefield] == [("pool", False), ("forest", True)]
    assert [(z.id, z.zone, z.owner) for z in s.zones] == [("island", "hand", "alice")]


def test_commander_casts_are_counted_per_commander():
    # CR 903.8, 702.124d: each commander has its own tax; a player with partners says whose
    partners = state(command={"alice": [{"id": "thrasios", "card": "Llanowar Elves"},
                                        {"id": "tymna", "card": "Llanowar Elves"}]},
                     commanders={"alice": ["thrasios", "tymna"]})
    assert load_state({**partners, "commander_casts": {"alice": {"tymna": 2}}}).commander_casts == (("tymna", 2),)
    msg = error_of({**partners, "commander_casts": {"alice": 1}})
    assert "s.yaml" in msg and "commander_casts.alice" in msg and "2 commanders" in msg
    msg = error_of({**partners, "commander_casts": {"alice": {"bob": 1}}})
    assert "commander_casts.alice.bob" in msg and "not one of alice's commanders" in msg
    assert "has no commander" in error_of(state(commander_casts={"alice": 1}))
    one = state(command={"alice": [{"id": "isamaru", "card": "Llanowar Elves"}]}, commanders={"alice": "isamaru"})
    assert load_state({**one, "commander_casts": {"alice": 1}}).commander_casts == (("isamaru", 1),)


def test_yaml_nested_too_deep_is_one_clean_error(tmp_path):
    p = tmp_path / "deep.yaml"
    p.write_text("players: [alice, bob]\nbattlefield: " + "[" * 2000 + "]" * 2000 + "\n")
    with pytest.raises(InputError) as e:
        load_state_file(p)
    assert str(p) in str(e.value) and "nested too deeply" in str(e.value)


def test_an_error_does_not_echo_a_huge_value():
    msg = error_of(state(battlefield=[{"id": "e", "card": "x" * 200_000, "controller": "alice"}]))
    assert "battlefield[0].card" in msg and len(msg) < 600 and "more characters" in msg


def test_a_file_that_is_not_a_state_is_named_not_echoed(tmp_path):
    p = tmp_path / "passwd"
    p.write_text("root:x:0:0:root:/root:/bin/bash\n")
    with pytest.raises(InputError) as e:
        load_state_file(p)
    assert str(e.value) == f"{p}: must be a mapping, got a document of str"


def test_a_stack_target_that_is_not_a_name_is_refused_by_its_field():
    msg = error_of(state(battlefield=[{"id": "elves", "card": "Llanowar Elves", "controller": "alice"}],
                         stack=[{"id": "s1", "source": "elves", "line": 1, "controller": "alice", "targets": [["x"]]}]))
    assert "stack[0].targets[0]: a target is a player or an object id, got a list" in msg
