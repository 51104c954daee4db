"""Triggered abilities on mana cards (issue 13): phase triggers that add mana to the player whose
step it is (CR 503.1a, 106.4), and delayed triggered abilities a mana ability creates (603.7)."""

from __future__ import annotations

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
