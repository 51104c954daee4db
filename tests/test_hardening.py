"""No silent wrong answer from bad numbers and bad cards (issue 16).

clingo's integers are 32 bits: every number a user gives is exact or refused with one line
naming the file and field or the option (translator/numbers.py)."""

from __future__ import annotations

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.queries.canpay import parse_cost
from mtg_asp.queries.cli import main
from mtg_asp.queries.whatif import parse_action
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.numbers import MAX_NUMBER, MAX_STATE_TOTAL
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "derandomize": True}


def state(**extra):
    return {**BASE, **extra}


def elves(**extra):
    return {"id": "elves", "card": "Llanowar Elves", "controller": "alice", **extra}


def error_of(data) -> str:
    with pytest.raises(InputError) as e:
        load_state(data, "s.yaml")
    return str(e.value)


# -- 1. numbers ------------------------------------------------------------------------------

@pytest.mark.parametrize("data, field", [
    # a 1/1 with 2^31 - 1 +1/+1 counters had power -2^31 and died (704.5f)
    (state(battlefield=[elves(counters={"+1/+1": 2**31 - 1})]), "battlefield[0].counters.+1/+1"),
    # 2^31 damage was not lethal
    (state(battlefield=[elves(damage=2**31)]), "battlefield[0].damage"),
    # 2^31 life made the player lose
    (state(life={"bob": 2**31}), "life.bob"),
    (state(life={"bob": -2**31 - 5}), "life.bob"),
    # turn 2^32 made every creature summoning sick
    (state(turn={"number": 2**32, "active": "alice", "step": "precombat_main"}), "turn.number"),
    (state(energy={"alice": 10**12}), "energy.alice"),
])
def test_a_number_past_the_bound_is_refused_naming_its_field(data, field):
    msg = error_of(data)
    assert msg.startswith(f"s.yaml: {field}: ") and "past the largest number" in msg


def test_an_inline_card_number_past_the_bound_is_refused():
    card = {"name": "Big Payer", "type_line": "Artifact", "oracle_text": "Pay 1 life: Add {C}.",
            "abilities": [{"line": 1, "cost": [{"pay_life": 2**31}], "add_mana": "{C}"}]}
    msg = error_of(state(cards=[card]))
    assert msg.startswith("s.yaml: cards[0].abilities[0].cost[0].pay_life: ")
    huge = {"name": "Huge", "type_line": "Creature — Beast", "power_toughness": "2147483648/1"}
    assert error_of(state(cards=[huge])).startswith("s.yaml: cards[0].power_toughness: ")
    cost = {"name": "Dear", "type_line": "Artifact", "mana_cost": "{2147483648}"}
    assert error_of(state(cards=[cost])).startswith("s.yaml: cards[0].mana_cost: ")


def test_the_sum_of_a_states_numbers_is_bounded():
    many = [elves(id=f"e{i}", counters={"+1/+1": MAX_NUMBER}) for i in range(MAX_STATE_TOTAL // MAX_NUMBER + 1)]
    assert "add up to" in error_of(state(battlefield=many))
    load_state(state(battlefield=many[:50]), "s.yaml")       # 5 * 10^7: taken


def test_options_past_the_bound_are_refused():
    with pytest.raises(InputError, match=r"--cost: 2147483648 is past"):
        parse_cost("{2147483648}", "s.yaml")
    assert parse_cost("{1000000}", "s.yaml") == ["1000000"]
    for action in ("counters elves +1/+1 2147483647", "cast one x=" + "1" * 31):
        with pytest.raises(InputError, match=r"^--do: \[0\]: .* is past the largest number"):
            parse_action(action, 0)


def test_the_cli_gives_one_line_and_exit_2(tmp_path, capsys):
    p = tmp_path / "s.yaml"
    p.write_text("players: [alice, bob]\nturn: {number: 3, active: alice, step: precombat_main}\n"
                 "battlefield:\n  - {id: elves, card: Llanowar Elves, controller: alice, damage: 2147483648}\n")
    assert main(["board", str(p)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "battlefield[0].damage" in err


@settings(max_examples=examples(40), **SETTINGS)
@given(st.integers(0, MAX_NUMBER - 1), st.integers(0, MAX_NUMBER), st.integers(-MAX_NUMBER, MAX_NUMBER))
def test_large_numbers_within_the_bound_keep_their_sign_and_lethality(counters, damage, life):
    """CR 704.5g: a creature with damage at least its toughness is destroyed; 704.5a: a player
    with 0 or less life loses. Near the bound, power + counters and the comparisons stay exact."""
    s = Session(load_state(state(life={"bob": life}, battlefield=[
        elves(counters={"+1/+1": counters} if counters else {}, damage=damage)]), "s.yaml"))
    board = s.board().to_json()["board"]["elves"]
    assert (board["power"], board["toughness"]) == (1 + counters, 1 + counters)
    got = s.what_if(["next step"]).to_json()["outcomes"]
    assert len(got) == 1
    moved = [c for c in got[0]["changes"] if c["change"] == "moves" and c.get("object") == "elves"]
    lost = [c for c in got[0]["changes"] if c["change"] == "loses" and c.get("player") == "bob"]
    assert bool(moved) == (damage >= 1 + counters)
    assert bool(lost) == (life <= 0)


@settings(max_examples=examples(200), **SETTINGS)
@given(st.sampled_from(["damage", "counters", "life", "energy", "since_turn"]),
       st.integers(MAX_NUMBER + 1, 2**70) | st.integers(-2**70, -MAX_NUMBER - 1))
def test_any_number_past_the_bound_gets_the_clean_error(where, n):
    data = {"damage": state(battlefield=[elves(damage=n)]),
            "counters": state(battlefield=[elves(counters={"charge": n})]),
            "life": state(life={"alice": n}),
            "energy": state(energy={"bob": n}),
            "since_turn": state(battlefield=[elves(since_turn=n)])}[where]
    msg = error_of(data)
    assert msg.startswith("s.yaml: ") and "past the largest number the solver takes" in msg


# -- 2. inline cards as strict as state files ------------------------------------------------

def card_with(ability: dict, oracle: str = "X: Add {C}.") -> dict:
    return {"name": "Thing", "type_line": "Artifact", "oracle_text": oracle,
            "abilities": [{"line": 1, "activated": ability}]}


@pytest.mark.parametrize("ability, field, words", [
    # a negative payment gained life (CR 119.4: paying life is losing it)
    ({"cost": [{"pay_life": -3}], "add_mana": "{C}"}, "cost[0].pay_life", "positive number"),
    ({"cost": [{"pay_energy": 0}], "add_mana": "{C}"}, "cost[0].pay_energy", "positive number"),
    # CR 602.1a: an activated ability has a cost
    ({"cost": [], "add_mana": "{C}"}, "cost", "has a cost"),
    # 107.3: X and Y are the variables; no rule names {Z}
    ({"cost": ["{Z}"], "add_mana": "{C}"}, "cost[0]", "not a mana symbol"),
    # a filter word that is no type, color or subtype matched nothing and the ability was unusable
    ({"cost": [{"sacrifice": "everything"}], "add_mana": "{C}"}, "cost[0].sacrifice", "not a type"),
    ({"cost": ["{T}"], "add_mana": {"one_of": []}}, "add_mana.one_of", "list the mana"),
])
def test_a_bad_ability_in_an_inline_card_is_refused(ability, field, words):
    msg = error_of(state(cards=[card_with(ability)]))
    assert msg.startswith(f"s.yaml: cards[0].abilities[0].activated.{field}: ") and words in msg


def test_two_entries_for_one_oracle_line_are_refused():
    # a Sol Ring written with its line twice tapped for three
    ring = {"name": "Double Ring", "type_line": "Artifact", "oracle_text": "{T}: Add {C}{C}.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}{C}"}},
                          {"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}"}}]}
    msg = error_of(state(cards=[ring]))
    assert msg.startswith("s.yaml: cards[0].abilities: [1]: oracle line 1 has an ability entry already")


def test_good_filters_still_read():
    # subtypes (CR 205.3), "non-" with a subtype, and "permanent" stay accepted
    ok = card_with({"cost": ["{T}", {"sacrifice": ["non-lair", "land"]}], "add_mana": "{C}"})
    load_state(state(cards=[ok]), "s.yaml")
    ok = card_with({"cost": ["{T}", {"sacrifice": ["goblin"]}], "add_mana": "{C}"})
    load_state(state(cards=[ok]), "s.yaml")


# -- 3. an object id is no player's name -----------------------------------------------------

def test_an_object_id_equal_to_a_players_name_is_refused():
    msg = error_of(state(battlefield=[elves(id="bob")]))
    assert msg.startswith("s.yaml: battlefield[0].id: 'bob' is a player's name")
    msg = error_of(state(hand={"alice": [{"id": "alice", "card": "Forest"}]}))
    assert msg.startswith("s.yaml: hand.alice[0].id: 'alice' is a player's name")


def test_a_derived_id_never_takes_a_players_name():
    s = load_state({"players": ["forest", "bob"], "turn": {"number": 2, "active": "bob", "step": "upkeep"},
                    "battlefield": [{"card": "Forest", "controller": "bob"}]}, "s.yaml")
    assert [p.id for p in s.battlefield] == ["forest_2"]


# -- 4. every attachment's legality in the state-based actions -------------------------------

FORT = {"name": "Test Fortification", "type_line": "Artifact — Fortification"}
AURA_CREATURE = {"name": "Test Aura Creature", "type_line": "Enchantment Creature — Aura Spirit",
                 "power_toughness": "1/1", "oracle_text": "Enchant creature",
                 "abilities": [{"line": 1, "keywords": ["enchant creature"]}]}


def sba_changes(battlefield, **extra):
    s = Session(load_state(state(battlefield=battlefield, **extra), "s.yaml"))
    got = s.what_if(["next step"]).to_json()["outcomes"]
    assert len(got) == 1
    return {(c["change"], c.get("object")): c["rules"] for c in got[0]["changes"] if c.get("state_based_action")}


def test_illegal_attachments_are_fixed_by_the_state_based_actions():
    got = sba_changes([
        {"id": "forest", "card": "Forest", "controller": "alice"},
        elves(),
        # 704.5m: an Aura attached to an illegal object (Pacifism enchants a creature)
        {"id": "paci", "card": "Pacifism", "controller": "bob", "attached_to": "forest"},
        # 704.5n: an Equipment attached to a noncreature
        {"id": "split", "card": "Bonesplitter", "controller": "alice", "attached_to": "forest"},
        # 704.5p: a creature attached to an object
        elves(id="elves2", attached_to="elves"),
        # 704.5p: a permanent that is no Aura, Equipment or Fortification
        {"id": "ring", "card": "Blood Moon", "controller": "alice", "attached_to": "elves"},
        # 301.6, 704.5n: a Fortification attached to a nonland; the other one, to a land, stays
        {"id": "fort", "card": "Test Fortification", "controller": "alice", "attached_to": "elves"},
        {"id": "fort2", "card": "Test Fortification", "controller": "alice", "attached_to": "forest"},
        # 303.4d: an Aura that is also a creature is put into its owner's graveyard
        {"id": "spirit", "card": "Test Aura Creature", "controller": "alice", "attached_to": "elves"},
    ], cards=[FORT, AURA_CREATURE])
    assert got == {("moves", "paci"): ["400.7", "704.5m"], ("unattached", "split"): ["704.5n"],
                   ("unattached", "elves2"): ["704.5p"], ("unattached", "ring"): ["704.5p"],
                   ("unattached", "fort"): ["704.5n"], ("moves", "spirit"): ["303.4d", "400.7"]}


def test_legal_attachments_stay():
    assert sba_changes([elves(), {"id": "paci", "card": "Pacifism", "controller": "bob", "attached_to": "elves"},
                        {"id": "split", "card": "Bonesplitter", "controller": "alice", "attached_to": "elves"}]) == {}
