"""Triggered abilities on mana cards (issue 13): phase triggers that add mana to the player whose
step it is (CR 503.1a, 106.4), and delayed triggered abilities a mana ability creates (603.7)."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled, what_if_on

SHIZUKO = ("Shizuko, Caller of Autumn", "Legendary Creature — Snake Shaman",
           ("At the beginning of each player's upkeep, that player adds {G}{G}{G}. Until end of turn, they don't "
           "lose this mana as steps and phases end."))


def test_each_players_upkeep_that_player_adds():
    c = compiled(*SHIZUKO)
    assert c.fully_compiled, c.lines
    entry = c.card["abilities"][0]["triggered"]
    assert entry["when"] == {"beginning_of_upkeep": "each_player"} and entry["add_mana_to"] == "that_player"
    assert entry["add_mana"]["mana"] == "{G}{G}{G}"


def test_each_players_upkeep_triggers_on_an_opponents_upkeep_naming_that_player():
    # bob's Shizuko: as alice's upkeep begins it triggers, bob controls it, it names alice (503.1a)
    got, afters = what_if_on([SHIZUKO], [{"id": "shizuko", "card": SHIZUKO[0], "controller": "bob"}],
                             ["next step"], turn={"number": 6, "active": "bob", "step": "cleanup"})
    assert len(got.results) == 1
    trig = [c.to_json() for c in got.results[0].changes if c.to_json()["change"] == "triggered"]
    assert [(c["object"], c["player"], c["rules"]) for c in trig] == [("shizuko", "bob", ["503.1a"])]
    assert afters[0]["turn"]["active"] == "alice" and [s["source"] for s in afters[0]["stack"]] == ["shizuko"]
    # it names alice as "that player": the stack item records her (stack_refers_player)
    item = got.results[0].state.stack[0]
    assert item.refers_player == "alice"


# -- delayed triggered abilities (CR 603.7) ------------------------------------------------------

ASTROLABE = ("Astrolabe", "Artifact", ("{1}, {T}, Sacrifice Astrolabe: Add two mana of any one color. Draw a card at "
                                      "the beginning of the next turn's upkeep."))
SEXTANT = ("Barbed Sextant", "Artifact", ("{1}, {T}, Sacrifice Barbed Sextant: Add one mana of any color. Draw a card "
                                         "at the beginning of the next turn's upkeep."))


def test_a_mana_ability_that_creates_a_delayed_draw():
    for spec, mana in ((ASTROLABE, {"any": "color", "amount": 2}), (SEXTANT, {"any": "color"})):
        c = compiled(*spec)
        assert c.fully_compiled, c.lines
        entry = c.card["abilities"][0]["activated"]
        assert entry["add_mana"] == mana and "effect" not in entry and "does" not in entry
        assert entry["delayed"] == {"when": {"beginning_of_upkeep": "next_turn"}, "does": [{"draw": {"count": 1}}],
                                    "effect": "Draw a card at the beginning of the next turn's upkeep."}


def test_a_delayed_event_is_a_delayed_abilitys_only():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "x", "abilities": [
        {"line": 1, "triggered": {"when": {"beginning_of_upkeep": "next_turn"}, "effect": "Draw a card.",
                       "does": [{"draw": {"count": 1}}]}}]}
    with pytest.raises(InputError, match="delayed"):
        parse_card(card, "test")
    bad = {"name": "X", "type_line": "Artifact", "oracle_text": "x", "abilities": [
        {"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}", "delayed": {
            "when": {"beginning_of_upkeep": "your_turn"}, "effect": "Draw a card.", "does": [{"draw": {"count": 1}}]}}}]}
    with pytest.raises(InputError, match="delayed"):
        parse_card(bad, "test")


ASTRO_BOARD = [{"id": "astro", "card": "Astrolabe", "controller": "alice"}]
END_STEP = {"number": 5, "active": "alice", "step": "end"}
LIBRARY = {"alice": [{"id": "c1", "card": "Barbed Sextant"}, {"id": "c2", "card": "Barbed Sextant"}]}


def test_the_mana_ability_creates_the_delayed_trigger_as_it_resolves():
    # 605.3a: the mana ability resolves at once; its delayed ability waits, alice's (603.7e)
    got, afters = what_if_on([ASTROLABE, SEXTANT], ASTRO_BOARD, ["activate astro 1"], mana_pool={"alice": "{C}"},
                             library=LIBRARY, turn=END_STEP)
    assert {a["player alice"]["mana_pool"] for a in afters} == {"{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"}
    assert all(a["delayed"] == [{"id": "d1", "source": "astro", "line": 1, "controller": "alice"}] for a in afters)
    made = [c.to_json() for c in got.results[0].changes if c.to_json()["change"] == "delayed"]
    assert [(c["object"], c["player"], c["rules"]) for c in made] == [("astro", "alice", ["603.7"])]
    assert "c1" not in afters[0]        # nothing drawn yet


def test_the_delayed_trigger_draws_at_the_next_turns_upkeep_once():
    got, afters = what_if_on([ASTROLABE, SEXTANT], ASTRO_BOARD,
                             ["activate astro 1", "next step", "next step", "resolve"], mana_pool={"alice": "{C}"},
                             library=LIBRARY, turn=END_STEP)
    assert len(got.results) == 1        # (the mana emptied as the end step ended, 500.5)
    changes = [c.to_json() for c in got.results[0].changes]
    trig = [c for c in changes if c["change"] == "triggered"]
    assert [(c["step"], c["object"], c["player"], c["rules"]) for c in trig] == [(3, "astro", "alice", ["603.7"])]
    assert [(c["step"], c["rules"]) for c in changes if c["change"] == "delayed_ends"] == [(3, ["603.7b"])]
    after = afters[0]
    assert after["turn"] == {"number": 6, "active": "bob", "step": "upkeep"}
    assert after["c1"]["zone"] == "hand" and after["c2"]["zone"] == "library"     # one card, drawn by alice
    assert "delayed" not in after        # created and gone: it triggers only once (603.7b)
    assert got.results[0].state.delayed == ()
