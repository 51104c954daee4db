"""Destroy, mill, discard and the top card of a library (CR 701.8a-b, 701.13a, 701.9a, 702.12b):
the compiler reads real pool lines (the card named; AtomicCards 2024-03 wording) into the generic
actions (translator/actions.py), and asp/effects.lp carries them out in the what-if."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED
from mtg_asp.translator.errors import InputError
from pool_lines import compiled
from pool_lines import what_if_on as run

WASTELAND = ("Wasteland", "Land", "{T}: Add {C}.\n{T}, Sacrifice Wasteland: Destroy target nonbasic land.")
STRIP_MINE = ("Strip Mine", "Land", "{T}: Add {C}.\n{T}, Sacrifice Strip Mine: Destroy target land.")
CITADEL = ("Darksteel Citadel", "Artifact Land", "Indestructible\n{T}: Add {C}.")
MILLSTONE = ("Millstone", "Artifact", "{2}, {T}: Target player mills two cards.")
LOOTER = ("Merfolk Looter", "Creature — Merfolk Rogue", "{T}: Draw a card, then discard a card.")
FORGE = ("Mystic Forge", "Artifact", "{T}, Pay 1 life: Exile the top card of your library.")






def test_the_compiler_reads_the_actions():
    def does(spec, n):
        c = compiled(*spec)
        a = c.card["abilities"][n - 1]["activated"]
        assert c.lines[n - 1].status == COMPILED
        return a["does"], a.get("target")
    assert does(WASTELAND, 2) == ([{"destroy": {"what": "target"}}], {"filter": ["nonbasic", "land"]})
    assert does(MILLSTONE, 1) == ([{"move": {"what": "top_of_library", "to": "graveyard", "count": 2,
                                             "whose": "target"}}], "player")
    assert does(LOOTER, 1) == ([{"draw": {"count": 1}}, {"move": {"what": "card_from_hand", "to": "graveyard"}}],
                               None)
    assert does(FORGE, 1) == ([{"move": {"what": "top_of_library", "to": "exile"}}], None)


def test_destroy_puts_the_land_into_its_owners_graveyard():
    # Wasteland on a nonbasic land bob owns and alice controls: to bob's graveyard (701.8a, 400.3)
    got, (after,) = run([WASTELAND, STRIP_MINE], [
        {"id": "w", "card": "Wasteland", "controller": "alice"},
        {"id": "mine", "card": "Strip Mine", "controller": "alice", "owner": "bob"}],
        ["activate w 2 targeting mine", "resolve"])
    assert after["mine"]["zone"] == "graveyard"
    assert {(z.zone, z.owner) for z in got.results[0].state.zones if z.id == "mine"} == {("graveyard", "bob")}
    assert "701.8a" in {rule for c in got.results[0].changes for rule, _ in c.rules}


def test_an_indestructible_land_is_not_destroyed_and_a_basic_is_no_legal_target():
    got, (after,) = run([WASTELAND, CITADEL], [
        {"id": "w", "card": "Wasteland", "controller": "alice"},
        {"id": "cit", "card": "Darksteel Citadel", "controller": "bob"}],
        ["activate w 2 targeting cit", "resolve"])
    assert "cit" in {p.id for p in got.results[0].state.battlefield} and "cit" not in after    # 702.12b
    assert "702.12b" in {rule for c in got.results[0].changes for rule, _ in c.rules}
    got, _ = run([WASTELAND], [{"id": "w", "card": "Wasteland", "controller": "alice"},
                               {"id": "f", "card": "Forest", "controller": "bob"}],
                 ["activate w 2 targeting f"])
    assert got.results[0].illegal is not None                              # not a nonbasic land


def test_mill_puts_the_top_cards_into_the_graveyard():
    got, (after,) = run([MILLSTONE], [{"id": "ms", "card": "Millstone", "controller": "alice"}],
                        ["activate ms 1 targeting bob", "resolve"], mana_pool={"alice": "{C}{C}"},
                        library={"bob": [{"id": "top", "card": "Forest"}, {"id": "second", "card": "Island"},
                                         {"id": "third", "card": "Swamp"}]})
    assert (after["top"]["zone"], after["second"]["zone"]) == ("graveyard", "graveyard")
    assert "third" not in after or after["third"]["zone"] == "library"
    assert "701.13a" in {rule for c in got.results[0].changes for rule, _ in c.rules}


def test_draw_then_discard_gives_one_outcome_per_card_that_could_be_discarded():
    got, afters = run([LOOTER], [{"id": "looter", "card": "Merfolk Looter", "controller": "alice"}],
                      ["activate looter 1", "resolve"], hand={"alice": [{"id": "old", "card": "Island"}]},
                      library={"alice": [{"id": "new", "card": "Forest"}]})
    discarded = sorted(next(k for k, v in a.items() if v.get("zone") == "graveyard") for a in afters)
    assert discarded == ["new", "old"]                       # 701.9a: the player's choice
    assert all("701.9a" in {rule for c in r.changes for rule, _ in c.rules} for r in got.results)


def test_exile_the_top_card_of_your_library():
    _, (after,) = run([FORGE], [{"id": "forge", "card": "Mystic Forge", "controller": "alice"}],
                        ["activate forge 1", "resolve"], library={"alice": [{"id": "top", "card": "Forest"},
                                                                           {"id": "next", "card": "Island"}]})
    assert after["top"]["zone"] == "exile" and ("next" not in after or after["next"]["zone"] == "library")


def test_count_goes_only_with_the_top_of_a_library():
    bad = {"name": "Test Mill", "type_line": "Artifact", "oracle_text": "{T}: Mill.",
           "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "Mill.",
                                                   "does": [{"move": {"what": "self", "to": "graveyard",
                                                                      "count": 2}}]}}]}
    with pytest.raises(InputError, match="count goes with what: top_of_library"):
        parse_card(bad, "mill.yaml")
