"""The mana cards' leftovers, misc13's part (issue 13; translator/compiler/misc13_tail.py): real
pool lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary, and what the
what-if makes of them."""

from __future__ import annotations

import pytest
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

HOSTEL = ("Hostile Hostel", "Land", (
    "{T}: Add {C}.\n"
    "{1}, {T}, Sacrifice a creature: Put a soul counter on Hostile Hostel. Then if there are three or more soul "
    "counters on it, remove those counters, transform it, then untap it. Activate only as a sorcery."))
MODS = ("Creepy Mods", "Creature — Skeleton", "Trample")
BEAR = ("Test Bear", "Creature — Bear", "")


def test_hostile_hostel_group_under_one_counter_check():
    does, target = effect_of(HOSTEL, 2)
    cond = {"kind": "soul", "at_least": 3}
    assert target is None
    assert does == [{"counters": {"what": "self", "kind": "soul"}},
                    {"remove_counters": {"what": "self", "kind": "soul", "count": "all", "if_counters": cond}},
                    {"transform": {"what": "self", "if_counters": cond}},
                    {"untap": {"what": "self", "if_counters": cond}}]


def test_then_if_counters_needs_it_to_be_the_source():
    c = compiled("Test Rock", "Artifact", "{T}: Draw a card. Then if there are three or more soul counters on it, "
                                          "transform it.")
    assert not c.fully_compiled


@pytest.mark.parametrize("souls, transformed, left", [(1, False, 2), (2, True, None), (4, True, None)])
def test_hostile_hostel_counts_the_counter_it_just_put(souls, transformed, left):
    # 608.2c: the check follows "Put a soul counter"; "remove those counters" removes that one too
    board = [{"id": "h", "card": "Hostile Hostel", "controller": "alice", "other_face": "Creepy Mods",
              "counters": {"soul": souls}}, {"id": "b", "card": "Test Bear", "controller": "alice"}]
    got, afters = run([HOSTEL, MODS, BEAR], board, ["activate h 2", "resolve"], mana_pool={"alice": "{C}"})
    (r,) = got.results
    assert r.illegal is None
    h = afters[0]["h"]
    assert (h.get("card") == "Creepy Mods") is transformed
    assert h.get("tapped", False) is not transformed
    assert h.get("counters", {}).get("soul") == left


def test_if_counters_is_checked_by_the_vocabulary():
    card = {"name": "Test Rock", "type_line": "Artifact", "oracle_text": "{T}: Untap ~.", "abilities": [{"line": 1, "activated": {
        "cost": ["{T}"], "effect": "Untap ~.", "does": [{"untap": {"what": "self", "if_counters": {"kind": "soul"}}}]}}]}
    with pytest.raises(InputError, match="if_counters"):
        load_state({"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "upkeep"},
                    "cards": [card], "battlefield": []}, "t.yaml")
