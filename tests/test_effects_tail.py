"""The long tail of effect sentences on Land cards (issue 13): real pool lines (AtomicCards
2024-03 wording, the card named) read by the compiler into the generic actions
(translator/actions.py), and what asp/effects.lp makes of them in the what-if: a target card
in a graveyard (109.2, 110.2), returning ~ to its owner's hand, a target opponent's sacrifice
(701.21a), life for each permanent (119.3, 608.2h), drawing then discarding N cards (701.9a)."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled
from pool_lines import effect_of as line
from pool_lines import what_if_on as run

BURIED_RUIN = ("Buried Ruin", "Land", ("{T}: Add {C}.\n{2}, {T}, Sacrifice Buried Ruin: Return target artifact card "
               "from your graveyard to your hand."))
STRONGHOLD = ("Volrath's Stronghold", "Legendary Land", ("{T}: Add {C}.\n{1}{B}, {T}: Put target creature card from "
              "your graveyard on top of your library."))
ATZAL = ("Atzal, Cave of Eternity", "Legendary Land", ("{T}: Add one mana of any color.\n{3}{B}{G}, {T}: Return "
         "target creature card from your graveyard to the battlefield."))
MORTUARY_MIRE = ("Mortuary Mire", "Land", ("Mortuary Mire enters the battlefield tapped.\nWhen Mortuary Mire enters "
                 "the battlefield, you may put target creature card from your graveyard on top of your library.\n"
                 "{T}: Add {B}."))
BLIGHTED_FEN = ("Blighted Fen", "Land", ("{T}: Add {C}.\n{4}{B}, {T}, Sacrifice Blighted Fen: Target opponent "
                "sacrifices a creature."))
BLIGHTED_STEPPE = ("Blighted Steppe", "Land", ("{T}: Add {C}.\n{3}{W}, {T}, Sacrifice Blighted Steppe: You gain 2 "
                   "life for each creature you control."))
GLIMMERPOST = ("Glimmerpost", "Land — Locus", ("When Glimmerpost enters the battlefield, you gain 1 life for each "
               "Locus on the battlefield.\n{T}: Add {C}."))
COLISEUM = ("Cephalid Coliseum", "Land", ("{T}: Add {U}. Cephalid Coliseum deals 1 damage to you.\nThreshold — {U}, "
            "{T}, Sacrifice Cephalid Coliseum: Target player draws three cards, then discards three cards. Activate "
            "only if seven or more cards are in your graveyard."))
OBORO = ("Oboro, Palace in the Clouds", "Legendary Land", ("{T}: Add {U}.\n{1}: Return Oboro, Palace in the Clouds "
         "to its owner's hand."))
RIPTIDE_LAB = ("Riptide Laboratory", "Land", ("{T}: Add {C}.\n{1}{U}, {T}: Return target Wizard you control to its "
               "owner's hand."))
GROVE = ("Grove of the Burnwillows", "Land", "{T}: Add {C}.\n{T}: Add {R} or {G}. Each opponent gains 1 life.")




def test_the_compiler_reads_the_sentences():
    assert line(BURIED_RUIN, 2) == ([{"move": {"what": "target", "to": "hand"}}],
                                    {"filter": ["artifact"], "zone": "graveyard", "owner": "you"})
    assert line(STRONGHOLD, 2) == ([{"move": {"what": "target", "to": "library_top"}}],
                                   {"filter": ["creature"], "zone": "graveyard", "owner": "you"})
    assert line(ATZAL, 2)[0] == [{"move": {"what": "target", "to": "battlefield"}}]
    assert line(MORTUARY_MIRE, 2)[0] == [{"move": {"what": "target", "to": "library_top", "may": True}}]
    assert line(BLIGHTED_FEN, 2) == ([{"sacrifice": {"what": "one", "who": "target", "filter": ["creature"]}}],
                                     "opponent")
    assert line(BLIGHTED_STEPPE, 2)[0] == [{"gain_life": {"amount": 2, "for_each": ["creature"],
                                                          "controller": "you"}}]
    assert line(GLIMMERPOST, 1)[0] == [{"gain_life": {"amount": 1, "for_each": ["locus"]}}]
    assert line(COLISEUM, 2) == ([{"draw": {"count": 3, "who": "target"}},
                                  {"move": {"what": "card_from_hand", "to": "graveyard", "count": 3,
                                            "whose": "target"}}], "player")
    assert line(OBORO, 2) == ([{"move": {"what": "self", "to": "hand"}}], None)
    assert line(RIPTIDE_LAB, 2) == ([{"move": {"what": "target", "to": "hand"}}],
                                    {"filter": ["wizard"], "controller": "you"})
    assert line(GROVE, 2)[0] == [{"gain_life": {"who": "each_opponent", "amount": 1}}]


def test_a_card_in_another_graveyard_or_of_another_type_stays_words_or_is_no_target():
    # a card in an opponent's graveyard is not "from your graveyard": not read here (two kinds of
    # card, Haven of the Spirit Dragon's, are: tests/test_land_tail5.py)
    c = compiled("Test Crypt", "Land", "{T}: Add {C}.\n{2}, {T}, Sacrifice Test Crypt: Return target creature "
                 "card from an opponent's graveyard to your hand.")
    assert c.lines[1].status == "partial"




def rules_of(result):
    return {rule for c in result.changes for rule, _ in c.rules}


def test_buried_ruin_returns_an_artifact_card_and_not_a_creature_card():
    grave = {"alice": [{"id": "stone", "card": "Fellwar Stone"}, {"id": "elves", "card": "Llanowar Elves"}]}
    got, (after,) = run([BURIED_RUIN], [{"id": "ruin", "card": "Buried Ruin", "controller": "alice"}],
                        ["activate ruin 2 targeting stone", "resolve"], graveyard=grave,
                        mana_pool={"alice": "{C}{C}"})
    assert after["stone"]["zone"] == "hand" and "elves" not in after
    got, _ = run([BURIED_RUIN], [{"id": "ruin", "card": "Buried Ruin", "controller": "alice"}],
                 ["activate ruin 2 targeting elves"], graveyard=grave, mana_pool={"alice": "{C}{C}"})
    assert got.results[0].illegal is not None            # not an artifact card (109.2)


def test_a_card_in_an_opponents_graveyard_is_no_target():
    got, _ = run([BURIED_RUIN], [{"id": "ruin", "card": "Buried Ruin", "controller": "alice"}],
                 ["activate ruin 2 targeting stone"], graveyard={"bob": [{"id": "stone", "card": "Fellwar Stone"}]},
                 mana_pool={"alice": "{C}{C}"})
    assert got.results[0].illegal is not None            # "from your graveyard"


def test_atzal_returns_a_creature_card_to_the_battlefield_under_its_controller():
    got, (after,) = run([ATZAL], [{"id": "atzal", "card": "Atzal, Cave of Eternity", "controller": "alice"}],
                        ["activate atzal 2 targeting elves", "resolve"],
                        graveyard={"alice": [{"id": "elves", "card": "Llanowar Elves"}]},
                        mana_pool={"alice": "{B}{G}{C}{C}{C}"})
    assert after["elves"]["zone"] == "battlefield"
    assert any(p.id == "elves" and p.controller == "alice" for p in got.results[0].state.battlefield)
    assert "110.2" in rules_of(got.results[0])


def test_volraths_stronghold_puts_the_card_on_top_of_the_library():
    _, (after,) = run([STRONGHOLD], [{"id": "vs", "card": "Volrath's Stronghold", "controller": "alice"}],
                        ["activate vs 2 targeting elves", "resolve"],
                        graveyard={"alice": [{"id": "elves", "card": "Llanowar Elves"}]},
                        library={"alice": [{"id": "top", "card": "Forest"}]}, mana_pool={"alice": "{B}{C}"})
    assert after["elves"]["zone"] == "library"
    assert (after["elves"]["position"], after["top"]["position"]) == (0, 1)     # on top


def test_blighted_fen_the_target_opponent_chooses_one_of_their_creatures():
    got, afters = run([BLIGHTED_FEN], [
        {"id": "fen", "card": "Blighted Fen", "controller": "alice"},
        {"id": "mine", "card": "Llanowar Elves", "controller": "alice"},
        {"id": "b1", "card": "Llanowar Elves", "controller": "bob"},
        {"id": "b2", "card": "Birds of Paradise", "controller": "bob"}],
        ["activate fen 2 targeting bob", "resolve"], mana_pool={"alice": "{B}{C}{C}{C}{C}"})
    gone = sorted(k for a in afters for k, v in a.items() if k != "fen" and v.get("zone") == "graveyard")
    assert gone == ["b1", "b2"]                                 # one each outcome, never alice's
    assert all("701.21a" in rules_of(r) for r in got.results)
    got, _ = run([BLIGHTED_FEN], [{"id": "fen", "card": "Blighted Fen", "controller": "alice"}],
                 ["activate fen 2 targeting alice"], mana_pool={"alice": "{B}{C}{C}{C}{C}"})
    assert got.results[0].illegal is not None                   # an opponent (115.1)


def test_blighted_steppe_counts_only_your_creatures():
    got, _ = run([BLIGHTED_STEPPE], [
        {"id": "steppe", "card": "Blighted Steppe", "controller": "alice"},
        {"id": "e1", "card": "Llanowar Elves", "controller": "alice"},
        {"id": "e2", "card": "Llanowar Elves", "controller": "alice"},
        {"id": "e3", "card": "Llanowar Elves", "controller": "bob"}],
        ["activate steppe 2", "resolve"], mana_pool={"alice": "{W}{C}{C}{C}"}, life={"alice": 20, "bob": 20})
    assert dict(got.results[0].state.life) == {"alice": 24, "bob": 20}     # 2 x 2 creatures of hers
    assert "608.2h" in rules_of(got.results[0])


def test_cephalid_coliseum_the_target_player_discards_three_of_their_cards():
    grave = {"alice": [{"id": f"g{i}", "card": "Forest"} for i in range(7)]}
    got, afters = run([COLISEUM], [{"id": "col", "card": "Cephalid Coliseum", "controller": "alice"}],
                      ["activate col 2 targeting bob", "resolve"], graveyard=grave, mana_pool={"alice": "{U}"},
                      hand={"bob": [{"id": "h", "card": "Island"}], "alice": [{"id": "mine", "card": "Island"}]},
                      library={"bob": [{"id": f"l{i}", "card": n} for i, n in enumerate(("Forest", "Swamp", "Plains"))]})
    kept = sorted(next(k for k in ("h", "l0", "l1", "l2") if afters[i].get(k, {}).get("zone") != "graveyard")
                  for i in range(len(afters)))
    assert kept == ["h", "l0", "l1", "l2"]           # three of bob's four cards, each set an outcome
    assert all("mine" not in a for a in afters)       # alice's hand is not touched
    assert all("701.9a" in rules_of(r) for r in got.results)


def test_oboro_returns_itself_to_its_owners_hand():
    _, (after,) = run([OBORO], [{"id": "oboro", "card": "Oboro, Palace in the Clouds", "controller": "alice"}],
                        ["activate oboro 2", "resolve"], mana_pool={"alice": "{C}"})
    assert after["oboro"]["zone"] == "hand"


def test_riptide_laboratory_targets_a_wizard_you_control_only():
    wizard = ("Merfolk Wizard", "Creature — Merfolk Wizard", "")      # (a 1/1 below)
    got, (after,) = run([RIPTIDE_LAB, wizard], [
        {"id": "lab", "card": "Riptide Laboratory", "controller": "alice"},
        {"id": "wiz", "card": "Merfolk Wizard", "controller": "alice"}],
        ["activate lab 2 targeting wiz", "resolve"], mana_pool={"alice": "{U}{C}"})
    assert after["wiz"]["zone"] == "hand"
    got, _ = run([RIPTIDE_LAB], [
        {"id": "lab", "card": "Riptide Laboratory", "controller": "alice"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}],
        ["activate lab 2 targeting elves"], mana_pool={"alice": "{U}{C}"})
    assert got.results[0].illegal is not None                   # an Elf Druid, no Wizard


def test_for_each_needs_no_controller_without_it():
    bad = {"name": "Test Life", "type_line": "Artifact", "oracle_text": "{T}: Gain.",
           "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "Gain.",
                                                   "does": [{"gain_life": {"amount": 1, "controller": "you"}}]}}]}
    with pytest.raises(InputError, match="controller goes with for_each"):
        parse_card(bad, "life.yaml")


BOJUKA_BOG = ("Bojuka Bog", "Land", ("Bojuka Bog enters the battlefield tapped.\nWhen Bojuka Bog enters the "
              "battlefield, exile target player's graveyard.\n{T}: Add {B}."))
SKULLCAIRN = ("Immersturm Skullcairn", "Land", ("Immersturm Skullcairn enters the battlefield tapped.\n{T}: Add {B}.\n"
              "{1}{B}{R}{R}, {T}, Sacrifice Immersturm Skullcairn: It deals 3 damage to target player. That player "
              "discards a card. Activate only as a sorcery."))
SANITARIUM = ("Geier Reach Sanitarium", "Legendary Land", ("{T}: Add {C}.\n{2}, {T}: Each player draws a card, then "
              "discards a card."))


def test_the_compiler_reads_graveyards_discards_and_each_player():
    assert line(BOJUKA_BOG, 2) == ([{"move": {"what": "graveyard", "whose": "target", "to": "exile"}}], "player")
    assert line(SKULLCAIRN, 3) == ([{"damage": {"to": "target", "amount": 3}},
                                    {"move": {"what": "card_from_hand", "to": "graveyard", "whose": "target"}}], "player")
    assert line(SANITARIUM, 2)[0] == [{"draw": {"count": 1, "who": "each_player"}},
                                      {"move": {"what": "card_from_hand", "to": "graveyard", "whose": "each_player"}}]
    # "that player" with no target player before it is the trigger's player: not read here
    c = compiled("Test Trigger", "Land", "{T}: Draw a card. That player discards a card.")
    assert c.lines[0].status == "partial"


def test_bojuka_bog_exiles_the_target_players_whole_graveyard():
    _, afters = run([BOJUKA_BOG], [], ["play bog", "resolve"], hand={"alice": [{"id": "bog", "card": "Bojuka Bog"}]},
                      graveyard={"bob": [{"id": "b1", "card": "Forest"}, {"id": "b2", "card": "Llanowar Elves"}],
                                 "alice": [{"id": "a1", "card": "Island"}]})
    exiled = sorted(tuple(sorted(k for k, v in a.items() if v.get("zone") == "exile")) for a in afters)
    assert ("b1", "b2") in exiled and ("a1",) in exiled       # a target is chosen: either player's, whole
    assert all(e in (("a1",), ("b1", "b2")) for e in exiled)


def test_skullcairn_the_damaged_player_discards():
    got, afters = run([SKULLCAIRN], [{"id": "sk", "card": "Immersturm Skullcairn", "controller": "alice"}],
                      ["activate sk 3 targeting bob", "resolve"], mana_pool={"alice": "{B}{R}{R}{C}"},
                      hand={"bob": [{"id": "h1", "card": "Island"}, {"id": "h2", "card": "Forest"}],
                            "alice": [{"id": "mine", "card": "Island"}]})
    assert sorted(next(k for k, v in a.items() if k.startswith("h") and v.get("zone") == "graveyard")
                  for a in afters) == ["h1", "h2"]
    assert all(dict(r.state.life)["bob"] == 17 and "mine" not in a for r, a in zip(got.results, afters))


def test_sanitarium_each_player_draws_then_discards_one_of_their_own():
    _, afters = run([SANITARIUM], [{"id": "gr", "card": "Geier Reach Sanitarium", "controller": "alice"}],
                      ["activate gr 2", "resolve"], mana_pool={"alice": "{C}{C}"},
                      library={"alice": [{"id": "la", "card": "Forest"}], "bob": [{"id": "lb", "card": "Swamp"}]},
                      hand={"alice": [{"id": "ha", "card": "Island"}], "bob": [{"id": "hb", "card": "Plains"}]})
    discards = sorted(tuple(sorted(k for k, v in a.items() if v.get("zone") == "graveyard")) for a in afters)
    # each player discards one of their two cards: 2 x 2 outcomes, never two of one player's
    assert discards == [("ha", "hb"), ("ha", "lb"), ("hb", "la"), ("la", "lb")]


LOTUS_FIELD = ("Lotus Field", "Land", ("Hexproof\nLotus Field enters the battlefield tapped.\nWhen Lotus Field enters "
               "the battlefield, sacrifice two lands.\n{T}: Add three mana of any one color."))


def test_lotus_field_sacrifices_two_of_its_controllers_lands_itself_among_them():
    assert line(LOTUS_FIELD, 3)[0] == [{"sacrifice": {"what": "one", "filter": ["land"], "count": 2}}]
    _, afters = run([LOTUS_FIELD], [{"id": "f", "card": "Forest", "controller": "alice"},
                                      {"id": "i", "card": "Island", "controller": "alice"},
                                      {"id": "bobs", "card": "Swamp", "controller": "bob"}],
                      ["play lf", "resolve"], hand={"alice": [{"id": "lf", "card": "Lotus Field"}]})
    gone = sorted(tuple(sorted(k for k, v in a.items() if v.get("zone") == "graveyard")) for a in afters)
    assert gone == [("f", "i"), ("f", "lf"), ("i", "lf")]      # two of her three lands, never bob's
    _, afters = run([LOTUS_FIELD], [], ["play lf", "resolve"], hand={"alice": [{"id": "lf", "card": "Lotus Field"}]})
    assert [a["lf"]["zone"] for a in afters] == ["graveyard"]   # fewer than two: all she has


HALIMAR = ("Halimar Depths", "Land", ("Halimar Depths enters the battlefield tapped.\nWhen Halimar Depths enters the "
           "battlefield, look at the top three cards of your library, then put them back in any order.\n{T}: Add {U}."))
LOCTHWAIN = ("Castle Locthwain", "Legendary Land", ("Castle Locthwain enters the battlefield tapped unless you control "
             "a Swamp.\n{T}: Add {B}.\n{1}{B}{B}, {T}: Draw a card, then you lose life equal to the number of cards "
             "in your hand."))


def test_halimar_depths_every_order_of_the_top_three_and_none_put_away():
    assert line(HALIMAR, 2)[0] == [{"reorder_top": {"count": 3}}]
    got, _ = run([HALIMAR], [], ["play hd", "resolve"], hand={"alice": [{"id": "hd", "card": "Halimar Depths"}]},
                      library={"alice": [{"id": n, "card": c} for n, c in
                                         (("a", "Forest"), ("b", "Island"), ("c", "Swamp"), ("d", "Plains"))]})
    orders = sorted(tuple(sorted(("a", "b", "c", "d"), key=lambda k: r.after(got.start).get(k, {}).get(
        "position", "abcd".index(k)))) for r in got.results)
    assert len(orders) == 6 and all(o[3] == "d" for o in orders)   # 3! orders on top, the fourth stays
    assert all("401.4" in rules_of(r) for r in got.results if r.after(got.start).get("a"))


def test_castle_locthwain_counts_the_hand_after_the_draw():
    assert line(LOCTHWAIN, 3)[0] == [{"draw": {"count": 1}}, {"lose_life": {"amount": "cards_in_hand"}}]
    got, _ = run([LOCTHWAIN], [{"id": "cl", "card": "Castle Locthwain", "controller": "alice"}],
                 ["activate cl 3", "resolve"], mana_pool={"alice": "{B}{B}{C}"}, life={"alice": 20, "bob": 20},
                 hand={"alice": [{"id": "h1", "card": "Island"}, {"id": "h2", "card": "Forest"}],
                       "bob": [{"id": "hb", "card": "Plains"}]},
                 library={"alice": [{"id": "top", "card": "Swamp"}]})
    assert dict(got.results[0].state.life) == {"alice": 17, "bob": 20}    # two in hand, plus the one drawn


BASTION = ("Karn's Bastion", "Land", ("{T}: Add {C}.\n{4}, {T}: Proliferate. (Choose any number of permanents and/or "
           "players, then give each another counter of each kind already there.)"))
BEACON = ("Command Beacon", "Land", ("{T}: Add {C}.\n{T}, Sacrifice Command Beacon: Put your commander into your hand "
          "from the command zone."))


def test_karns_bastion_each_chosen_permanent_gets_one_more_of_each_kind():
    assert line(BASTION, 2)[0] == [{"proliferate": {}}]
    got, afters = run([BASTION], [{"id": "kb", "card": "Karn's Bastion", "controller": "alice"},
                                  {"id": "e", "card": "Llanowar Elves", "controller": "bob",
                                   "counters": {"+1/+1": 1, "charge": 2}},
                                  {"id": "bare", "card": "Forest", "controller": "alice"}],
                      ["activate kb 2", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"})
    # two outcomes: the Elves chosen (one more of each kind) or not; the Forest has none to add to
    assert sorted(str(a.get("e", {}).get("counters", {})) for a in afters) == sorted(
        ["{}", str({"+1/+1": 2, "charge": 3})])
    assert all("bare" not in a for a in afters)
    got, _ = run([BASTION], [{"id": "kb", "card": "Karn's Bastion", "controller": "alice"}],
                 ["activate kb 2", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"}, energy={"bob": 2})
    assert got.results[0].illegal is not None and "701.34a" in str(got.results[0].illegal)


def test_command_beacon_puts_your_commander_from_the_command_zone_into_your_hand():
    isa, jedit = "Isamaru, Hound of Konda", "Jedit Ojanen"
    _, afters = run([BEACON], [{"id": "cb", "card": "Command Beacon", "controller": "alice"}],
                      ["activate cb 2", "resolve"], commanders={"alice": "isa", "bob": "jed"},
                      command={"alice": [{"id": "isa", "card": isa}], "bob": [{"id": "jed", "card": jedit}]})
    # 903.9b: its owner may have it stay in the command zone instead: both outcomes; never bob's
    assert sorted(a["isa"]["zone"] for a in afters) == ["command", "hand"] and all("jed" not in a for a in afters)
