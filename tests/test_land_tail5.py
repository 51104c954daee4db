"""The long tail of Land cards, round 5 (issue 13): one target of several kinds (CR 115.1, 109.2),
real pool lines (AtomicCards 2024-03 wording, the card named) read by the compiler
(translator/compiler/land_tail.py, effects.py's graveyard cards) into `target: {any_of: ...}`,
and what asp/targets.lp makes of it: a candidate matching any one of the kinds is legal."""

from __future__ import annotations

from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

ANIMAL = ("Animal Sanctuary", "Land",
          "{T}: Add {C}.\n{2}, {T}: Put a +1/+1 counter on target Bird, Cat, Dog, Goat, Ox, or Snake.")
SWARMYARD = ("Swarmyard", "Land", (
    "{T}: Add {C}.\n{T}: Regenerate target Insect, Rat, Spider, or Squirrel. (The next time it would be destroyed, "
    "instead tap it, remove it from combat, and heal all damage on it.)"))
HAVEN = ("Haven of the Spirit Dragon", "Land", (
    "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Dragon creature spell.\n"
    "{2}, {T}, Sacrifice Haven of the Spirit Dragon: Return target Dragon creature card or Ugin planeswalker card "
    "from your graveyard to your hand."))
SANCTUARY = ("Mystic Sanctuary", "Land — Island", (
    "({T}: Add {U}.)\nMystic Sanctuary enters the battlefield tapped unless you control three or more other Islands.\n"
    "When Mystic Sanctuary enters the battlefield untapped, you may put target instant or sorcery card from your "
    "graveyard on top of your library."))
CAT = ("Test Cat", "Creature — Cat", "")
ELK = ("Test Elk", "Creature — Elk", "")
DRAGON = ("Test Dragon", "Creature — Dragon", "")
UGIN = ("Test Ugin", "Legendary Planeswalker — Ugin", "")
GOBLIN = ("Test Goblin", "Creature — Goblin", "")


def test_the_compiler_reads_a_target_of_several_kinds():
    does, target = effect_of(ANIMAL, 2)
    assert does == [{"counters": {"kind": "+1/+1", "what": "target"}}]
    assert target == {"any_of": [["bird"], ["cat"], ["dog"], ["goat"], ["ox"], ["snake"]]}
    assert compiled(*SWARMYARD).card["abilities"][1]["activated"]["target"] == \
        {"any_of": [["insect"], ["rat"], ["spider"], ["squirrel"]]}
    does, target = effect_of(HAVEN, 3)
    assert does == [{"move": {"what": "target", "to": "hand"}}]
    assert target == {"any_of": [["dragon", "creature"], ["ugin", "planeswalker"]], "zone": "graveyard", "owner": "you"}
    does, target = effect_of(SANCTUARY, 3)          # "instant or sorcery card": kind_words' any_of
    assert does == [{"move": {"what": "target", "to": "library_top", "may": True}}]
    assert target == {"any_of": [["instant"], ["sorcery"]], "zone": "graveyard", "owner": "you"}


def _sanctuary(target: str):
    board = [{"id": "sanctuary", "card": "Animal Sanctuary", "controller": "alice"},
             {"id": "cat", "card": "Test Cat", "controller": "alice"},
             {"id": "elk", "card": "Test Elk", "controller": "alice"}]
    return run([ANIMAL, CAT, ELK], board, [f"activate sanctuary 2 targeting {target}", "resolve"],
               mana_pool={"alice": "{C}{C}"})


def test_animal_sanctuary_counters_a_cat_and_not_an_elk():
    got, afters = _sanctuary("cat")
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["cat"]["counters"] == {"+1/+1": 1}
    got, _ = _sanctuary("elk")                  # an Elk is none of the six kinds (115.1)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def _haven(target: str):
    board = [{"id": "haven", "card": "Haven of the Spirit Dragon", "controller": "alice"}]
    yard = {"alice": [{"id": "dragon", "card": "Test Dragon"}, {"id": "ugin", "card": "Test Ugin"},
                      {"id": "goblin", "card": "Test Goblin"}]}
    return run([HAVEN, DRAGON, UGIN, GOBLIN], board, [f"activate haven 3 targeting {target}", "resolve"],
               mana_pool={"alice": "{C}{C}"}, graveyard=yard)


def test_haven_returns_an_ugin_card_but_not_a_goblin():
    got, afters = _haven("ugin")                # the second kind: an Ugin planeswalker card (109.2)
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["ugin"]["zone"] == "hand"
    got, afters = _haven("dragon")
    assert afters[0]["dragon"]["zone"] == "hand"
    got, _ = _haven("goblin")
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- a cost reduction of an activated ability (CR 601.2f, 602.2b): the Channel lands ------------

OTAWARA = ("Otawara, Soaring City", "Legendary Land", (
    "{T}: Add {U}.\nChannel — {3}{U}, Discard Otawara, Soaring City: Return target artifact, creature, enchantment, "
    "or planeswalker to its owner's hand. This ability costs {1} less to activate for each legendary creature you "
    "control."))
# legends of different names (704.5j would otherwise have alice keep one of them)
LEGENDS = [(f"Test Legend {i}", "Legendary Creature — Human", "") for i in range(5)]
BEAR_ = ("Test Bear", "Creature — Bear", "")


def test_the_compiler_reads_a_channel_cost_reduction():
    c = compiled(*OTAWARA)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    a = c.card["abilities"][1]["activated"]
    assert a["cost"] == ["{3}{U}", {"discard": "self"}] and a["costs_less_for_each"] == ["legendary", "creature"]
    assert a["target"] == {"any_of": [["artifact"], ["creature"], ["enchantment"], ["planeswalker"]]}
    assert a["does"] == [{"move": {"what": "target", "to": "hand"}}]


def _channel(legends: int, pool: str):
    board = [{"id": "bear", "card": "Test Bear", "controller": "bob"}]
    board += [{"id": f"legend{i}", "card": f"Test Legend {i}", "controller": "alice"} for i in range(legends)]
    board += [{"id": "their_legend", "card": "Test Legend 4", "controller": "bob"}]    # not "you control"
    got, afters = run([OTAWARA, *LEGENDS, BEAR_], board, ["activate otawara 2 targeting bear", "resolve"],
                      mana_pool={"alice": pool}, hand={"alice": [{"id": "otawara", "card": "Otawara, Soaring City"}]})
    (r,) = got.results
    return r, afters[0]


def test_otawara_costs_one_less_for_each_legendary_creature_you_control():
    r, after = _channel(1, "{U}{C}{C}")         # {3}{U} less {1}: {2}{U}
    assert r.illegal is None, r.illegal
    assert after["bear"]["zone"] == "hand" and after["otawara"]["zone"] == "graveyard"
    assert after["player alice"]["mana_pool"] == ""
    r, _ = _channel(0, "{U}{C}{C}")             # no reduction (bob's legend is not counted)
    assert r.illegal is not None and "601.2h" in [rule for rule, _ in r.illegal.why]


def test_the_reduction_is_of_generic_mana_only_and_not_below_zero():
    r, after = _channel(4, "{U}")               # four legends: {3} off, not more; {U} stays
    assert r.illegal is None, r.illegal
    assert after["bear"]["zone"] == "hand"
    r, _ = _channel(4, "{C}")                   # the colored symbol is not reduced (601.2f)
    assert r.illegal is not None


def test_a_bad_reduction_names_its_field():
    import pytest
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Test Guide", "type_line": "Land", "oracle_text": "{T}: Draw a card.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "Draw a card.",
                                                    "costs_less_for_each": ["legendary", "wizzard"]}}]}
    with pytest.raises(InputError) as e:
        parse_card(card, "g.yaml")
    assert "abilities[0].activated.costs_less_for_each" in str(e.value)
    card["abilities"][0] = {"line": 1, "triggered": {"when": {"enters": "self"}, "effect": "Draw a card.",
                                                     "costs_less_for_each": ["creature"]}}
    with pytest.raises(InputError) as e:
        parse_card(card, "g.yaml")
    assert "costs_less_for_each" in str(e.value) and "activated ability" in str(e.value)


EIGANJO = ("Eiganjo, Seat of the Empire", "Legendary Land", (
    "{T}: Add {W}.\nChannel — {2}{W}, Discard Eiganjo, Seat of the Empire: It deals 4 damage to target attacking or "
    "blocking creature. This ability costs {1} less to activate for each legendary creature you control."))


def test_eiganjo_deals_4_to_an_attacker_for_one_less():
    from mtg_asp.queries import Session
    from mtg_asp.translator.state import load_state
    giant = {**compiled("Test Giant", "Creature — Giant", "").card, "power_toughness": "4/4"}
    cards = [compiled(*EIGANJO).card, compiled(*LEGENDS[0]).card, giant]
    board = [{"id": "giant", "card": "Test Giant", "controller": "bob", "since_turn": 1, "attacking": "alice",
              "tapped": True},
             {"id": "home", "card": "Test Giant", "controller": "bob", "since_turn": 1},
             {"id": "legend", "card": "Test Legend 0", "controller": "alice"}]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "bob", "step": "declare_attackers"},
                        "cards": cards, "battlefield": board, "mana_pool": {"alice": "{W}{C}"},
                        "hand": {"alice": [{"id": "eiganjo", "card": "Eiganjo, Seat of the Empire"}]}}, "t.yaml")
    s = Session(state)
    got = s.what_if(["activate eiganjo 2 targeting giant", "resolve"])     # {1}{W}: one legend
    (r,) = got.results
    assert r.illegal is None, r.illegal
    after = r.after(got.start)
    assert after["giant"]["zone"] == "graveyard" and after["eiganjo"]["zone"] == "graveyard"   # 4 damage, 704.5g
    got = s.what_if(["activate eiganjo 2 targeting home"])                # not in combat (506.4)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- a card returned from a graveyard, chosen as it resolves (608.2c, 608.2d): Takenuma ----------

TAKENUMA = ("Takenuma, Abandoned Mire", "Legendary Land", (
    "{T}: Add {B}.\nChannel — {3}{B}, Discard Takenuma, Abandoned Mire: Mill three cards, then return a creature or "
    "planeswalker card from your graveyard to your hand. This ability costs {1} less to activate for each "
    "legendary creature you control."))


def test_takenuma_returns_a_creature_card_a_milled_one_included():
    does, target = effect_of(TAKENUMA, 2)
    assert target is None
    assert does == [{"move": {"what": "top_of_library", "to": "graveyard", "count": 3}},
                    {"move": {"what": "card_from_graveyard", "any_of": [["creature"], ["planeswalker"]], "to": "hand"}}]
    library = {"alice": [{"id": "milled_elves", "card": "Llanowar Elves"}, {"id": "milled_bolt", "card": "Test Bolt"},
                         {"id": "milled_island", "card": "Island"}, {"id": "kept", "card": "Island"}]}
    yard = {"alice": [{"id": "old_elves", "card": "Llanowar Elves"}, {"id": "old_bolt", "card": "Test Bolt"}]}
    got, afters = run([TAKENUMA, ("Test Bolt", "Instant", "")], [], ["activate takenuma 2", "resolve"], mana_pool={"alice": "{B}{C}{C}{C}"},
                      hand={"alice": [{"id": "takenuma", "card": "Takenuma, Abandoned Mire"}]},
                      library=library, graveyard=yard)
    assert all(r.illegal is None for r in got.results)
    to_hand = sorted(next(i for i, o in a.items() if o.get("zone") == "hand") for a in afters)
    assert to_hand == ["milled_elves", "old_elves"]     # a creature card, the one milled included; no Bolt
    assert all(a["kept"]["zone"] == "library" for a in afters)


# -- Boseiju: the target's controller searches (608.2h, 701.23a) ---------------------------------

BOSEIJU = ("Boseiju, Who Endures", "Legendary Land", (
    "{T}: Add {G}.\nChannel — {1}{G}, Discard Boseiju, Who Endures: Destroy target artifact, enchantment, or nonbasic "
    "land an opponent controls. That player may search their library for a land card with a basic land type, put it "
    "onto the battlefield, then shuffle. This ability costs {1} less to activate for each legendary creature you "
    "control."))


def test_boseiju_destroys_and_its_controller_may_find_a_land_with_a_basic_type():
    does, target = effect_of(BOSEIJU, 2)
    assert target == {"any_of": [["artifact"], ["enchantment"], ["nonbasic", "land"]], "controller": "opponent"}
    assert does[1] == {"search": {"any_of": [["land", t] for t in ("plains", "island", "swamp", "mountain", "forest")],
                                  "to": "battlefield", "shuffle": True, "who": "target_controller", "may": True}}
    board = [{"id": "stone", "card": "Fellwar Stone", "controller": "bob"},
             {"id": "mine", "card": "Fellwar Stone", "controller": "alice"}]
    library = {"bob": [{"id": "wastes", "card": "Wastes"}, {"id": "forest", "card": "Forest"}],
               "alice": [{"id": "alices_forest", "card": "Forest"}]}
    hand = {"alice": [{"id": "boseiju", "card": "Boseiju, Who Endures"}]}
    got, afters = run([BOSEIJU], board, ["activate boseiju 2 targeting stone", "resolve"],
                      mana_pool={"alice": "{G}{C}"}, hand=hand, library=library)
    assert all(r.illegal is None for r in got.results)
    assert all(a["stone"]["zone"] == "graveyard" for a in afters)
    onto = sorted((a.get("forest", {}).get("zone", "library"), a.get("forest", {}).get("controller")) for a in afters)
    # declined; searched and found none (701.23b); found bob's Forest, under his control (110.2a)
    assert onto == [("battlefield", "bob"), ("library", None), ("library", None)]
    assert all(a.get("wastes", {}).get("zone", "library") == "library" and "alices_forest" not in a for a in afters)
    got, _ = run([BOSEIJU], board, ["activate boseiju 2 targeting mine"], mana_pool={"alice": "{G}{C}"}, hand=hand,
                 library=library)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]     # not an opponent's


def test_swarmyard_shields_a_squirrel_and_not_a_bear():
    squirrel = ("Test Squirrel", "Creature — Squirrel", "")
    board = [{"id": "yard", "card": "Swarmyard", "controller": "alice"},
             {"id": "squirrel", "card": "Test Squirrel", "controller": "alice"},
             {"id": "bear", "card": "Test Bear", "controller": "alice"}]
    got, _ = run([SWARMYARD, squirrel, BEAR_], board, ["activate yard 2 targeting squirrel", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    # the regeneration shield (701.19a) is an effect on the Squirrel
    assert [c.change.to_json()["object"] for c in r.changes if c.change.to_json()["change"] == "affects"] == ["squirrel"]
    got, _ = run([SWARMYARD, squirrel, BEAR_], board, ["activate yard 2 targeting bear"])
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- Sokenzan: an effect on the tokens the ability created (611.2c) ------------------------------

SOKENZAN = ("Sokenzan, Crucible of Defiance", "Legendary Land", (
    "{T}: Add {R}.\nChannel — {3}{R}, Discard Sokenzan, Crucible of Defiance: Create two 1/1 colorless Spirit "
    "creature tokens. They gain haste until end of turn. This ability costs {1} less to activate for each "
    "legendary creature you control."))


def _spirits_attack(spec):
    from mtg_asp.queries import Session
    from mtg_asp.translator.state import load_state
    face = compiled(*spec)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [face.card, *face.tokens], "mana_pool": {"alice": "{R}{C}{C}{C}"},
                        "hand": {"alice": [{"id": "sokenzan", "card": spec[0]}]}}, "t.yaml")
    got = Session(state).what_if(["activate sokenzan 2", "resolve", "next step", "attack spirit spirit_2"])
    (r,) = got.results
    return r, r.after(got.start)


def test_sokenzans_spirits_gain_haste_and_attack_at_once():
    c = compiled(*SOKENZAN)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    a = c.card["abilities"][1]["activated"]
    assert a["does"] == [{"create_token": {"card": "Spirit Token", "count": 2}}]
    assert a["creates"] == {"grant": {"to": "created_token", "ability": {"keywords": ["haste"]}}, "duration": "end_of_turn"}
    r, after = _spirits_attack(SOKENZAN)
    assert r.illegal is None, r.illegal
    assert after["spirit"]["attacking"] == "bob" and after["spirit_2"]["attacking"] == "bob"     # 702.10b
    # without "They gain haste": the new tokens cannot attack this turn (302.6)
    plain = (SOKENZAN[0].replace("Sokenzan", "Test Sokenzan"), SOKENZAN[1],
             SOKENZAN[2].replace(" They gain haste until end of turn.", "").replace("Sokenzan", "Test Sokenzan"))
    r, _ = _spirits_attack(plain)
    assert r.illegal is not None and r.illegal.step == 4
