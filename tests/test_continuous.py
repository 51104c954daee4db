"""Continuous effects "until end of turn" from resolving abilities (CR 611.2): manlands and
Keyrunes that become creatures (layers 4, 5, 6, 7b: 613.1d-f, 613.4b; 205.1b "It's still a
land"), pumps on a target or on the creatures you control (613.4c, 611.2c), and their end in the
cleanup step (514.2). The cards are compiled from their pool text (MTGJSON AtomicCards 2024-03),
written here so the tests do not need the pool."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

COLONNADE = {"name": "Celestial Colonnade", "type": "Land", "text": (
    "Celestial Colonnade enters the battlefield tapped.\n{T}: Add {W} or {U}.\n"
    "{3}{W}{U}: Until end of turn, Celestial Colonnade becomes a 4/4 white and blue Elemental creature "
    "with flying and vigilance. It's still a land.")}
KEYRUNE = {"name": "Azorius Keyrune", "type": "Artifact", "manaCost": "{3}", "text": (
    "{T}: Add {W} or {U}.\n{W}{U}: Azorius Keyrune becomes a 2/2 white and blue Bird artifact creature "
    "with flying until end of turn.")}
MUTAVAULT = {"name": "Mutavault", "type": "Land", "text": (
    "{T}: Add {C}.\n{1}: Mutavault becomes a 2/2 creature with all creature types until end of turn. "
    "It's still a land.")}
TREETOP = {"name": "Treetop Village", "type": "Land", "text": (
    "Treetop Village enters the battlefield tapped.\n{T}: Add {G}.\n{1}{G}: Treetop Village becomes a 3/3 "
    "green Ape creature with trample until end of turn. It's still a land. (It can deal excess combat "
    "damage to the player or planeswalker it's attacking.)")}
TAR_PIT = {"name": "Creeping Tar Pit", "type": "Land", "text": (
    "Creeping Tar Pit enters the battlefield tapped.\n{T}: Add {U} or {B}.\n{1}{U}{B}: Creeping Tar Pit "
    "becomes a 3/2 blue and black Elemental creature until end of turn and can't be blocked this turn. "
    "It's still a land.")}
GLORIOUS_CHARGE = {"name": "Glorious Charge", "type": "Instant", "manaCost": "{1}{W}",
                   "text": "Creatures you control get +1/+1 until end of turn."}
GIANT_GROWTH = {"name": "Giant Growth", "type": "Instant", "manaCost": "{G}",
                "text": "Target creature gets +3/+3 until end of turn."}
UNNATURAL_SPEED = {"name": "Unnatural Speed", "type": "Instant", "manaCost": "{R}",
                   "text": "Target creature gains haste until end of turn."}
KINDLED_FURY = {"name": "Kindled Fury", "type": "Instant", "manaCost": "{R}",
                "text": "Target creature gets +1/+0 and gains first strike until end of turn."}
TRUMPET_BLAST = {"name": "Trumpet Blast", "type": "Instant", "manaCost": "{2}{R}",
                 "text": "Attacking creatures get +2/+0 until end of turn."}

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def card(face):
    return compile_face(face).card


def line(face, n):
    compiled = compile_face(face)
    entry = next(a for a in compiled.card["abilities"] if a["line"] == n)
    return entry, compiled.lines[n - 1]


# -- the compiler --------------------------------------------------------------------------------

def test_celestial_colonnade_becomes_a_white_and_blue_elemental_that_is_still_a_land():
    entry, result = line(COLONNADE, 3)
    assert result.status == "compiled"
    assert entry["activated"]["cost"] == ["{3}{W}{U}"]
    assert entry["activated"]["creates"] == {
        "becomes": {"to": "self", "types": ["creature"], "subtypes": ["elemental"], "colors": ["white", "blue"]},
        "pt": {"set": "4/4", "to": "self"},
        "grant": {"to": "self", "ability": {"keywords": ["flying", "vigilance"]}},
        "duration": "end_of_turn"}
    parse_card(compile_face(COLONNADE).card, "Celestial Colonnade")


def test_azorius_keyrune_becomes_a_bird_artifact_creature_with_until_end_of_turn_last():
    entry, result = line(KEYRUNE, 2)
    assert result.status == "compiled"
    assert entry["activated"]["creates"]["becomes"] == {
        "to": "self", "types": ["artifact", "creature"], "subtypes": ["bird"], "colors": ["white", "blue"]}
    assert entry["activated"]["creates"]["pt"] == {"set": "2/2", "to": "self"}


def test_treetop_village_and_mutavault_with_all_creature_types():
    entry, result = line(TREETOP, 3)
    assert result.status == "compiled"
    assert entry["activated"]["creates"]["becomes"]["subtypes"] == ["ape"]
    assert entry["activated"]["creates"]["grant"]["ability"] == {"keywords": ["trample"]}
    entry, result = line(MUTAVAULT, 2)
    assert (result.status, result.unread) == ("compiled", ())
    # 205.3m: every creature type (tests/test_land_tail4.py: what the rules make of it)
    assert entry["activated"]["creates"]["becomes"] == {"to": "self", "types": ["creature"], "all_creature_types": True}
    assert "text" not in entry["activated"]["creates"]


def test_a_becomes_line_with_words_beyond_the_templates_is_not_read():
    # Creeping Tar Pit's "... and can't be blocked this turn" is read (tests/test_land_tail4.py);
    # a variant with "can't block" beside it is not, so kept as words
    _, result = line(TAR_PIT, 3)
    assert result.status == "compiled"
    face = {**TAR_PIT, "text": TAR_PIT["text"].replace("can't be blocked this turn", "can't block this turn")}
    _, result = line(face, 3)
    assert (result.status, result.unread) == ("partial", ("effect",))


def test_without_still_a_land_a_land_that_becomes_a_creature_is_not_read():
    # 205.1a: "becomes a 3/3 ... creature" alone would set its types (a variant of Treetop
    # Village's line without its second sentence, written for this test)
    face = {**TREETOP, "text": "{1}{G}: Treetop Village becomes a 3/3 green Ape creature with trample until end of turn."}
    _, result = line(face, 1)
    assert result.status == "partial"


@pytest.mark.parametrize("face, creates, target", [
    (GIANT_GROWTH, {"pt": {"modify": "+3/+3", "to": "target"}}, {"filter": ["creature"]}),
    (UNNATURAL_SPEED, {"grant": {"to": "target", "ability": {"keywords": ["haste"]}}}, {"filter": ["creature"]}),
    (KINDLED_FURY, {"pt": {"modify": "+1/+0", "to": "target"},
                    "grant": {"to": "target", "ability": {"keywords": ["first strike"]}}}, {"filter": ["creature"]}),
    (GLORIOUS_CHARGE, {"pt": {"modify": "+1/+1", "to": {"filter": ["creature"], "controller": "you"}}}, None),
    (TRUMPET_BLAST, {"pt": {"modify": "+2/+0", "to": "attacking_creatures"}}, None),
])
def test_pumps_until_end_of_turn(face, creates, target):
    entry, result = line(face, 1)
    assert result.status == "compiled"
    assert entry["spell"]["creates"] == {**creates, "duration": "end_of_turn"}
    assert entry["spell"].get("target") == target
    parse_card(compile_face(face).card, face["name"])


# -- the rules -----------------------------------------------------------------------------------

def colonnade_state(since_turn=1, **extra):
    return load_state({**BASE, "cards": [card(COLONNADE)],
                       "battlefield": [{"id": "col", "card": "Celestial Colonnade", "controller": "alice",
                                        "since_turn": since_turn}],
                       "mana_pool": {"alice": "{W}{U}{C}{C}{C}"}, **extra})


def test_an_activated_colonnade_is_a_4_4_white_and_blue_elemental_land_creature_with_its_mana_ability():
    got = Session(colonnade_state()).what_if(["activate col 3", "resolve"])
    assert len(got.results) == 1 and got.results[0].illegal is None
    after = Session(got.results[0].state)
    col = after.board().to_json()["board"]["col"]
    assert col["types"] == ["creature", "land"]                 # 205.1b: still a land
    assert col["subtypes"] == ["elemental"]
    assert col["colors"] == ["white", "blue"]                   # 613.1e: set, not added to colorless
    assert (col["power"], col["toughness"]) == (4, 4)           # 613.4b
    assert col["keywords"] == ["flying", "vigilance"]           # 613.1f
    assert after.could_produce("col").to_json() == {"could_produce": {"col": ["W", "U"]}}


def test_an_activated_colonnade_attacks_untapped_and_one_that_came_this_turn_cannot():
    got = Session(colonnade_state()).what_if(["activate col 3", "resolve", "next step", "attack col"])
    (r,) = got.results
    assert r.illegal is None
    col = r.state.battlefield[0]
    assert (col.attacking, col.tapped) == ("bob", False)         # 702.20b: vigilance
    # 302.6: a land that came under its controller's control this turn cannot attack
    got = Session(colonnade_state(since_turn=5)).what_if(["activate col 3", "resolve", "next step", "attack col"])
    assert got.results[0].illegal is not None
    assert "302.6" in {rule for rule, _ in got.results[0].illegal.why}
    # and without the ability it is no creature at all
    got = Session(colonnade_state()).what_if(["next step", "attack col"])
    assert got.results[0].illegal is not None


def test_the_effect_ends_in_the_cleanup_step():
    got = Session(colonnade_state()).what_if(["activate col 3", "resolve"] + ["next step"] * 7)
    (r,) = got.results
    assert r.illegal is None
    ends = [c.change.to_json() for c in r.changes if c.change.to_json()["change"] == "effect_ends"]
    assert ends == [{"change": "effect_ends", "effect": "e1"}]
    assert "514.2" in {rule for c in r.changes if c.change.to_json()["change"] == "effect_ends" for rule, _ in c.rules}
    col = Session(r.state).board().to_json()["board"]["col"]
    assert col["types"] == ["land"] and col["colors"] == [] and "power" not in col


def test_an_effect_in_the_state_file_makes_its_source_a_creature_that_damage_destroys():
    effect = {"card": "Celestial Colonnade", "controller": "alice", "source": "col"}
    board = Session(colonnade_state(effects=[effect])).board().to_json()["board"]
    assert (board["col"]["power"], board["col"]["toughness"]) == (4, 4)
    assert board["col"]["affected_by"] == ["celestial_colonnade"]     # the effect entry's id
    # 704.5g: lethal damage on it as a creature: it is destroyed when the what-if checks
    state = load_state({**BASE, "cards": [card(COLONNADE)], "effects": [effect],
                        "battlefield": [{"id": "col", "card": "Celestial Colonnade", "controller": "alice",
                                         "since_turn": 1, "damage": 4}]})
    got = Session(state).what_if(["next step"])
    moves = [c.change.to_json() for c in got.results[0].changes if c.change.to_json()["change"] == "moves"]
    assert moves and moves[0]["object"] == "col" and moves[0]["to"] == "graveyard"


def test_an_effect_on_its_source_in_the_state_file_needs_the_source():
    with pytest.raises(InputError, match=r"effects\[0\]\.source: is required"):
        colonnade_state(effects=[{"card": "Celestial Colonnade", "controller": "alice"}])


# A test card (no pool line needed): "Lands become black until end of turn", a color-setting
# effect created by a spell (613.1e), to order against Celestial Colonnade's by timestamp.
LANDS_ARE_BLACK = {"name": "Test Darkness", "mana_cost": "{B}", "type_line": "Instant",
                   "oracle_text": "Lands become black until end of turn.",
                   "abilities": [{"line": 1, "spell": {"effect": "Lands become black until end of turn.",
                                                      "creates": {"colors": {"set": ["black"], "filter": ["land"]},
                                                                  "duration": "end_of_turn"}}}]}


@pytest.mark.parametrize("black_ts, colonnade_ts, colors", [(10, 11, ["white", "blue"]), (11, 10, ["black"])])
def test_color_effects_apply_in_timestamp_order(black_ts, colonnade_ts, colors):
    # 613.7: in layer 5 the later effect's colors win, whichever kind of effect it is
    state = load_state({**BASE, "cards": [card(COLONNADE), LANDS_ARE_BLACK],
                        "battlefield": [{"id": "col", "card": "Celestial Colonnade", "controller": "alice"}],
                        "effects": [{"card": "Test Darkness", "controller": "bob", "timestamp": black_ts},
                                    {"card": "Celestial Colonnade", "controller": "alice", "source": "col",
                                     "timestamp": colonnade_ts}]})
    assert Session(state).board().to_json()["board"]["col"]["colors"] == colors


def test_glorious_charge_pumps_the_creatures_its_caster_controls_as_it_resolves():
    state = load_state({**BASE, "cards": [card(GLORIOUS_CHARGE)],
                        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                                        {"id": "belf", "card": "Llanowar Elves", "controller": "bob"}],
                        "hand": {"alice": [{"id": "gc", "card": "Glorious Charge"}]},
                        "mana_pool": {"alice": "{W}{C}"}})
    got = Session(state).what_if(["cast gc", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    board = Session(r.state).board().to_json()["board"]
    assert (board["elf"]["power"], board["elf"]["toughness"]) == (2, 2)     # 613.4c
    assert (board["belf"]["power"], board["belf"]["toughness"]) == (1, 1)


def test_giant_growth_on_an_activated_treetop_village():
    state = load_state({**BASE, "cards": [card(TREETOP), card(GIANT_GROWTH)],
                        "battlefield": [{"id": "tv", "card": "Treetop Village", "controller": "alice", "since_turn": 1}],
                        "hand": {"alice": [{"id": "gg", "card": "Giant Growth"}]},
                        "mana_pool": {"alice": "{G}{G}{C}"}})
    got = Session(state).what_if(["activate tv 3", "resolve", "cast gg targeting tv", "resolve"])
    legal = [r for r in got.results if r.illegal is None]
    assert legal
    for r in legal:
        tv = Session(r.state).board().to_json()["board"]["tv"]
        # 613.4b then 613.4c: set to 3/3, then +3/+3
        assert (tv["power"], tv["toughness"]) == (6, 6)
        assert tv["colors"] == ["green"] and tv["keywords"] == ["trample"]


CHARGING_GRIFFIN = {"name": "Charging Griffin", "type": "Creature — Griffin", "manaCost": "{3}{W}", "power": "2",
                    "toughness": "2", "text": "Flying\nWhenever Charging Griffin attacks, it gets +1/+1 until end of turn."}
SHRIVEL = {"name": "Shrivel", "type": "Sorcery", "manaCost": "{1}{B}", "text": "All creatures get -1/-1 until end of turn."}


def test_charging_griffin_gets_plus_one_when_it_attacks():
    # "it" in "Whenever ~ attacks, it gets +1/+1": the creature itself (603.2, 611.2c)
    entry, result = line(CHARGING_GRIFFIN, 2)
    assert result.status == "compiled"
    assert entry["triggered"]["creates"] == {"pt": {"modify": "+1/+1", "to": "self"}, "duration": "end_of_turn"}
    state = load_state({**BASE, "cards": [card(CHARGING_GRIFFIN)],
                        "battlefield": [{"id": "griffin", "card": "Charging Griffin", "controller": "alice",
                                         "since_turn": 1}]})
    got = Session(state).what_if(["next step", "attack griffin", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    griffin = Session(r.state).board().to_json()["board"]["griffin"]
    assert (griffin["power"], griffin["toughness"]) == (3, 3)


def test_shrivel_gives_every_creature_minus_one_and_the_one_ones_die():
    state = load_state({**BASE, "cards": [card(SHRIVEL), card(TREETOP)],
                        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                                        {"id": "tv", "card": "Treetop Village", "controller": "bob"}],
                        "effects": [{"card": "Treetop Village", "controller": "bob", "source": "tv"}],
                        "hand": {"alice": [{"id": "sh", "card": "Shrivel"}]},
                        "mana_pool": {"alice": "{B}{C}"}})
    got = Session(state).what_if(["cast sh", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    moved = {(c.change.to_json().get("object"), c.change.to_json().get("to"), c.sba) for c in r.changes
             if c.change.to_json()["change"] == "moves"}
    assert ("elf", "graveyard", True) in moved                  # 704.5f: toughness 0
    tv = Session(r.state).board().to_json()["board"]["tv"]
    assert (tv["power"], tv["toughness"]) == (2, 2)             # bob's animated land too


def test_an_activated_mutavault_has_all_creature_types_and_names_nothing():
    state = load_state({**BASE, "cards": [card(MUTAVAULT)],
                        "battlefield": [{"id": "mv", "card": "Mutavault", "controller": "alice", "since_turn": 1}],
                        "mana_pool": {"alice": "{C}"}})
    got = Session(state).what_if(["activate mv 2", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    mv = Session(r.state).board().to_json()["board"]["mv"]
    assert mv["types"] == ["creature", "land"] and (mv["power"], mv["toughness"]) == (2, 2)
    # 205.3m: every creature type, read by the rules, so no part of the line is named
    assert "elf" in mv["subtypes"] and not [u for u in got.not_modelled if u.card == "Mutavault"]


RAVINE = {"name": "Raging Ravine", "type": "Land", "text": (
    "Raging Ravine enters the battlefield tapped.\n{T}: Add {R} or {G}.\n{2}{R}{G}: Until end of turn, Raging "
    "Ravine becomes a 3/3 red and green Elemental creature with \"Whenever this creature attacks, put a +1/+1 "
    "counter on it.\" It's still a land.")}


def test_raging_ravine_gains_a_triggered_ability_that_puts_a_counter_on_it_as_it_attacks():
    entry, result = line(RAVINE, 3)
    assert result.status == "compiled"
    assert entry["activated"]["creates"]["grant"] == {"to": "self", "ability": {"triggered": {
        "when": {"attacks": "self"}, "effect": "Whenever this creature attacks, put a +1/+1 counter on it.",
        "does": [{"counters": {"kind": "+1/+1", "what": "self"}}]}}}
    state = load_state({**BASE, "cards": [card(RAVINE)],
                        "battlefield": [{"id": "rr", "card": "Raging Ravine", "controller": "alice", "since_turn": 1}],
                        "mana_pool": {"alice": "{R}{G}{C}{C}"}})
    got = Session(state).what_if(["activate rr 3", "resolve", "next step", "attack rr", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    # 613.1f: the granted ability triggers (508.3a); 613.4b then 613.4c with the counter (122.1a)
    assert [c.change.to_json()["change"] for c in r.changes][-5:] == ["attacks", "triggered", "push", "counters", "pop"]
    rr = Session(r.state).board().to_json()["board"]["rr"]
    assert (rr["power"], rr["toughness"], rr["tapped"]) == (4, 4, True)


def test_an_animated_land_that_came_this_turn_cannot_tap_for_mana_but_the_same_land_can():
    # 302.6: {T} abilities of a creature need control since the turn began; a land that is no
    # creature has no such limit
    effect = [{"card": "Celestial Colonnade", "controller": "alice", "source": "col"}]
    got = {(since, bool(eff)): Session(colonnade_state(since_turn=since, effects=eff)).can_pay("alice", "{W}").payable
           for since in (1, 5) for eff in ([], effect)}
    assert got == {(1, False): True, (1, True): True, (5, False): True, (5, True): False}


def colonnade_with(becomes):
    raw = card(COLONNADE)
    raw["abilities"][2]["activated"]["creates"]["becomes"] = becomes
    return raw


@pytest.mark.parametrize("becomes, message", [
    ({"to": "self", "subtypes": ["forest"]}, r"becomes\.subtypes: 'forest': a creature or artifact subtype"),
    ({"to": "self", "types": ["goblin"]}, r"becomes\.types: 'goblin' is not a card type"),
    ({"to": "self", "colors": ["purple"]}, r"becomes\.colors: 'purple' is not one of"),
    ({"to": "self"}, r"becomes: give types, subtypes or colors"),
    ({"to": "it", "types": ["creature"]}, r"becomes\.to: must be one of self, target"),
])
def test_a_bad_becomes_names_its_field(becomes, message):
    with pytest.raises(InputError, match=message):
        parse_card(colonnade_with(becomes), "test.yaml")


FACTORY = {"name": "Mishra's Factory", "type": "Land", "text": (
    "{T}: Add {C}.\n{1}: Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until end of turn. "
    "It's still a land.\n{T}: Target Assembly-Worker creature gets +1/+1 until end of turn.")}


def test_a_mishras_factory_pumps_another_that_is_an_assembly_worker_only_while_animated():
    # 613.1d: the subtype the effect adds is what the target's filter reads (115.1)
    assert compile_face(FACTORY).fully_compiled
    animated = [{"card": "Mishra's Factory", "line": 2, "controller": "alice", "source": "f1"}]
    for effects, legal in (([], False), (animated, True)):
        state = load_state({**BASE, "cards": [card(FACTORY)], "effects": effects,
                            "battlefield": [{"id": "f1", "card": "Mishra's Factory", "controller": "alice", "since_turn": 1},
                                            {"id": "f2", "card": "Mishra's Factory", "controller": "alice", "since_turn": 1}]})
        got = Session(state).what_if(["activate f2 3 targeting f1", "resolve"])
        assert (got.results[0].illegal is None) == legal
        if legal:
            f1 = Session(got.results[0].state).board().to_json()["board"]["f1"]
            assert f1["types"] == ["artifact", "creature", "land"] and f1["subtypes"] == ["assembly-worker"]
            assert (f1["power"], f1["toughness"]) == (3, 3)


def test_a_pump_on_the_creatures_you_control_in_the_state_names_the_ones_it_affected():
    # 611.2c: the set is fixed as it resolved; the state says which (an elf that came later is not)
    cards = [card(GLORIOUS_CHARGE)]
    bf = [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
          {"id": "late", "card": "Llanowar Elves", "controller": "alice"}]
    state = load_state({**BASE, "cards": cards, "battlefield": bf,
                        "effects": [{"card": "Glorious Charge", "controller": "alice", "targets": ["elf"]}]})
    board = Session(state).board().to_json()["board"]
    assert (board["elf"]["power"], board["late"]["power"]) == (2, 1)
    with pytest.raises(InputError, match=r"effects\[0\]\.targets: is required: the ids of the permanents"):
        load_state({**BASE, "cards": cards, "battlefield": bf,
                    "effects": [{"card": "Glorious Charge", "controller": "alice"}]})


def test_a_becomes_that_would_replace_a_creatures_own_types_is_not_read():
    # 205.1b: "[creature types] artifact creature" replaces the creature types it had; the
    # vocabulary only adds, so on a card with creature types the line stays words (the Keyrune's
    # line on a Human Wizard artifact creature, written for this test)
    face = {**KEYRUNE, "type": "Artifact Creature — Human Wizard", "power": "1", "toughness": "1"}
    _, result = line(face, 2)
    assert (result.status, result.unread) == ("partial", ("effect",))
