"""Land cards' activated abilities that move cards or make objects (issue 13, the Land target):
real pool lines (AtomicCards 2024-03 wording, the card named) read by the compiler
(translator/compiler/land_moves.py) and what the rules make of them in a what-if: a milled card
returned to the battlefield tapped (608.2c, 110.5b), a graveyard card put on top of its library
(608.2d), searches for one card of each of two kinds, any number of cards, or two cards that share
a land type (701.23a-b, 205.3i), and a token the effect names (111.4)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of


def run(specs, battlefield, actions, **extra):
    """A what-if on a state with the compiled cards of `specs` and the tokens they create."""
    faces = [compiled(*s) for s in specs]
    cards = [f.card for f in faces] + [t for f in faces for t in f.tokens]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    return [r.after(got.start) for r in got.results]


def zone_of(afters, zone):
    return sorted(tuple(sorted(k for k, v in a.items() if v.get("zone") == zone)) for a in afters)


BEAR = ("Test Bear", "Creature — Bear", "")
BOLT = ("Test Bolt", "Instant", "")


# -- Krosan Verge, Axgard Armory: one card of each of two kinds (701.23a-b) --------------------

VERGE = ("Krosan Verge", "Land", (
    "Krosan Verge enters the battlefield tapped.\n{T}: Add {C}.\n{2}, {T}, Sacrifice Krosan Verge: Search your library "
    "for a Forest card and a Plains card, put them onto the battlefield tapped, then shuffle."))
ARMORY = ("Axgard Armory", "Land", (
    "Axgard Armory enters the battlefield tapped.\n{T}: Add {R}.\n{T}: Add {W}.\n{1}{R}{R}{W}, {T}, Sacrifice Axgard "
    "Armory: Search your library for an Aura card and/or an Equipment card, reveal them, put them into your hand, "
    "then shuffle."))
SAVANNAH = ("Test Savannah", "Land — Forest Plains", "")


def test_krosan_verge_finds_a_forest_and_a_plains_each_at_most_once():
    does, target = effect_of(VERGE, 3)
    assert target is None
    assert does == [{"search": {"each_of": [["forest"], ["plains"]], "to": "battlefield", "tapped": True,
                                "shuffle": True}}]
    does, _ = effect_of(ARMORY, 4)
    assert does == [{"search": {"each_of": [["aura"], ["equipment"]], "to": "hand", "shuffle": True}}]
    library = {"alice": [{"id": "forest", "card": "Forest"}, {"id": "plains", "card": "Plains"},
                         {"id": "savannah", "card": "Test Savannah"}, {"id": "island", "card": "Island"}]}
    afters = run([VERGE, SAVANNAH], [{"id": "verge", "card": "Krosan Verge", "controller": "alice"}],
                 ["activate verge 3", "resolve"], mana_pool={"alice": "{C}{C}"}, library=library)
    # a Forest Plains is either one, never both; never two Forests, never an Island; none found too
    assert zone_of(afters, "battlefield") == sorted([(), ("forest",), ("plains",), ("savannah",), ("forest", "plains"),
                                                     ("forest", "savannah"), ("plains", "savannah")])
    assert all(v["tapped"] for a in afters for v in a.values() if v.get("zone") == "battlefield")


# -- The World Tree: any number of God cards (701.23b) ----------------------------------------

TREE = ("The World Tree", "Land", (
    "The World Tree enters the battlefield tapped.\n{T}: Add {G}.\nAs long as you control six or more lands, lands "
    "you control have \"{T}: Add one mana of any color.\"\n{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}, {T}, Sacrifice The World "
    "Tree: Search your library for any number of God cards, put them onto the battlefield, then shuffle."))
GOD = ("Test God", "Legendary Enchantment Creature — God", "")
OTHER_GOD = ("Test Other God", "Legendary Enchantment Creature — God", "")


def test_the_world_tree_finds_any_number_of_gods():
    does, _ = effect_of(TREE, 4)
    assert does == [{"search": {"filter": ["god"], "count": "any", "to": "battlefield", "shuffle": True}}]
    library = {"alice": [{"id": "god", "card": "Test God"}, {"id": "other", "card": "Test Other God"},
                         {"id": "bear", "card": "Test Bear"}]}
    afters = run([TREE, GOD, OTHER_GOD, BEAR], [{"id": "tree", "card": "The World Tree", "controller": "alice"}],
                 ["activate tree 4", "resolve"], mana_pool={"alice": "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}"}, library=library)
    assert zone_of(afters, "battlefield") == [(), ("god",), ("god", "other"), ("other",)]


# -- Myriad Landscape: two basic land cards that share a land type (205.3i) --------------------

MYRIAD = ("Myriad Landscape", "Land", (
    "Myriad Landscape enters the battlefield tapped.\n{T}: Add {C}.\n{2}, {T}, Sacrifice Myriad Landscape: Search "
    "your library for up to two basic land cards that share a land type, put them onto the battlefield tapped, then "
    "shuffle."))


def test_myriad_landscape_finds_two_basics_of_one_type_never_a_forest_and_a_plains():
    does, _ = effect_of(MYRIAD, 3)
    assert does == [{"search": {"filter": ["basic", "land"], "count": 2, "share_land_type": True, "to": "battlefield",
                                "tapped": True, "shuffle": True}}]
    library = {"alice": [{"id": "forest", "card": "Forest"}, {"id": "forest_2", "card": "Forest"},
                         {"id": "plains", "card": "Plains"}]}
    afters = run([MYRIAD], [{"id": "myriad", "card": "Myriad Landscape", "controller": "alice"}],
                 ["activate myriad 3", "resolve"], mana_pool={"alice": "{C}{C}"}, library=library)
    # (two Forests of one name: which one is one outcome, the library being shuffled after)
    assert zone_of(afters, "battlefield") == [(), ("forest",), ("forest", "forest_2"), ("plains",)]


# -- Port of Karfell, Sequestered Stash: a card of the graveyard after a mill (608.2c-d) -------

PORT = ("Port of Karfell", "Land", (
    "Port of Karfell enters the battlefield tapped.\n{T}: Add {U}.\n{3}{U}{B}{B}, {T}, Sacrifice Port of Karfell: "
    "Mill four cards, then return a creature card from your graveyard to the battlefield tapped. (To mill a card, put "
    "the top card of your library into your graveyard.)"))
STASH = ("Sequestered Stash", "Land", (
    "{T}: Add {C}.\n{4}, {T}, Sacrifice Sequestered Stash: Mill five cards. Then you may put an artifact card from "
    "your graveyard on top of your library."))


def test_port_of_karfell_returns_a_creature_card_a_milled_one_included_tapped():
    does, _ = effect_of(PORT, 3)
    assert does == [{"move": {"what": "top_of_library", "to": "graveyard", "count": 4}},
                    {"move": {"what": "card_from_graveyard", "filter": ["creature"], "to": "battlefield",
                              "tapped": True}}]
    library = {"alice": [{"id": "milled_bear", "card": "Test Bear"}, {"id": "milled_bolt", "card": "Test Bolt"},
                         {"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"}, {"id": "kept", "card": "Island"}]}
    yard = {"alice": [{"id": "old_bear", "card": "Test Bear"}, {"id": "old_bolt", "card": "Test Bolt"}]}
    afters = run([PORT, BEAR, BOLT], [{"id": "port", "card": "Port of Karfell", "controller": "alice"}],
                 ["activate port 3", "resolve"], mana_pool={"alice": "{U}{B}{B}{C}{C}{C}"}, library=library, graveyard=yard)
    assert zone_of(afters, "battlefield") == [("milled_bear",), ("old_bear",)]     # never a Bolt
    assert all(a[b]["tapped"] and a[b]["controller"] == "alice" for a in afters for b in a
               if a[b].get("zone") == "battlefield")
    assert all(a["kept"]["zone"] == "library" for a in afters)


def test_sequestered_stash_may_put_a_milled_artifact_card_back_on_top():
    does, _ = effect_of(STASH, 2)
    assert does == [{"move": {"what": "top_of_library", "to": "graveyard", "count": 5}},
                    {"move": {"what": "card_from_graveyard", "filter": ["artifact"], "to": "library_top", "may": True}}]
    library = {"alice": [{"id": "stone", "card": "Fellwar Stone"}, *({"id": f"i{n}", "card": "Island"} for n in range(4)),
                         {"id": "kept", "card": "Island"}]}
    afters = run([STASH], [{"id": "stash", "card": "Sequestered Stash", "controller": "alice"}],
                 ["activate stash 2", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"}, library=library)
    tops = sorted((a["stone"]["zone"], a["stone"].get("position", -1)) for a in afters)
    assert tops == [("graveyard", -1), ("library", 0)]     # on top of the kept Island, or left milled


# -- Kher Keep: a token the effect names (111.4) ----------------------------------------------

KEEP = ("Kher Keep", "Legendary Land",
        "{T}: Add {C}.\n{1}{R}, {T}: Create a 0/1 red Kobold creature token named Kobolds of Kher Keep.")


def test_kher_keep_creates_its_named_kobold():
    c = compiled(*KEEP)
    does, _ = effect_of(KEEP, 2)
    assert does == [{"create_token": {"card": "Kobolds of Kher Keep"}}]
    (token,) = c.tokens
    assert token["name"] == "Kobolds of Kher Keep" and token["color_indicator"] == ["red"]
    afters = run([KEEP], [{"id": "keep", "card": "Kher Keep", "controller": "alice"}], ["activate keep 2", "resolve"],
                 mana_pool={"alice": "{R}{C}"})
    (after,) = afters
    assert after["kobolds_of_kher_keep"] == {"zone": "battlefield", "controller": "alice", "new_object": True}


# -- Mobilized District, Voldaren Estate: {1} less for each permanent of a kind (601.2f) -------

DISTRICT = ("Mobilized District", "Land", (
    "{T}: Add {C}.\n{4}: Mobilized District becomes a 3/3 Citizen creature with vigilance until end of turn. It's "
    "still a land. This ability costs {1} less to activate for each legendary creature and planeswalker you control."))
ESTATE = ("Voldaren Estate", "Land", (
    "{T}: Add {C}.\n{T}, Pay 1 life: Add one mana of any color. Spend this mana only to cast a Vampire spell.\n{5}, {T}: "
    "Create a Blood token. This ability costs {1} less to activate for each Vampire you control. (It's an artifact "
    "with \"{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card.\")"))
LEGEND = ("Test Legend", "Legendary Creature — Human", "")
OTHER_LEGEND = ("Test Other Legend", "Legendary Creature — Elf", "")
VAMPIRE = ("Test Vampire", "Creature — Vampire", "")


def _district(pool: str, board: list[dict]):
    faces = [compiled(*s) for s in (DISTRICT, LEGEND, OTHER_LEGEND, BEAR)]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [f.card for f in faces], "mana_pool": {"alice": pool},
                        "battlefield": [{"id": "district", "card": "Mobilized District", "controller": "alice", "tapped": True},
                                        *board]},
                       "t.yaml")
    return Session(state).what_if(["activate district 2", "resolve"])


def test_mobilized_district_costs_one_less_for_each_legendary_creature():
    c = compiled(*DISTRICT)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    a = c.card["abilities"][1]["activated"]
    assert a["costs_less_for_each"] == [["legendary", "creature"], ["legendary", "planeswalker"]]
    legends = [{"id": "legend", "card": "Test Legend", "controller": "alice"},
               {"id": "other_legend", "card": "Test Other Legend", "controller": "alice"}]
    bear = [{"id": "bear", "card": "Test Bear", "controller": "alice"}]
    got = _district("{C}{C}", legends + bear)                   # {4} less two legendary creatures
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start)["player alice"]["mana_pool"] == ""
    (r,) = _district("{C}{C}", legends[:1] + bear).results       # a Bear is not legendary: {3} to pay
    assert r.illegal is not None


def test_voldaren_estate_creates_blood_for_less_with_a_vampire():
    c = compiled(*ESTATE)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    a = c.card["abilities"][2]["activated"]
    assert a["does"] == [{"create_token": {"card": "Blood"}}] and a["costs_less_for_each"] == ["vampire"]
    board = [{"id": "estate", "card": "Voldaren Estate", "controller": "alice"},
             {"id": "vampire", "card": "Test Vampire", "controller": "alice"}]
    (after,) = run([ESTATE, VAMPIRE], board, ["activate estate 3", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"},
                   hand={"alice": [{"id": "card", "card": "Island"}]}, library={"alice": [{"id": "top", "card": "Island"}]})
    assert after["blood"]["zone"] == "battlefield"
    # the Blood token's own ability (111.10g): {1}, {T}, discard a card, sacrifice it: draw a card
    faces = [compiled(*s) for s in (ESTATE, VAMPIRE)]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [f.card for f in faces], "mana_pool": {"alice": "{C}"},
                        "battlefield": [{"id": "blood", "card": "Blood", "controller": "alice", "token": True}],
                        "hand": {"alice": [{"id": "card", "card": "Island"}]},
                        "library": {"alice": [{"id": "top", "card": "Island"}]}}, "t.yaml")
    got = Session(state).what_if(["activate blood 1", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    after = r.after(got.start)
    assert after["card"]["zone"] == "graveyard" and after["top"]["zone"] == "hand"
    assert after["blood"] == {"zone": None, "gone": True}       # sacrificed: a token ceases to exist (111.7)


# -- Hostile Desert, Moorland Haunt, City of Shadows: a cost that exiles a card or a permanent --

DESERT = ("Hostile Desert", "Land — Desert", (
    "{T}: Add {C}.\n{2}, Exile a land card from your graveyard: Hostile Desert becomes a 3/4 Elemental creature until "
    "end of turn. It's still a land."))
HAUNT = ("Moorland Haunt", "Land", (
    "{T}: Add {C}.\n{W}{U}, {T}, Exile a creature card from your graveyard: Create a 1/1 white Spirit creature token "
    "with flying."))
SHADOWS = ("City of Shadows", "Land", (
    "{T}, Exile a creature you control: Put a storage counter on City of Shadows.\n{T}: Add {C} for each storage "
    "counter on City of Shadows."))


def _exile_cost(spec, line, pool, graveyard=(), board=()):
    faces = [compiled(*s) for s in (spec, BEAR, BOLT)]
    name = spec[0]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [f.card for f in faces] + [t for f in faces for t in f.tokens],
                        "mana_pool": {"alice": pool}, "graveyard": {"alice": list(graveyard)},
                        "battlefield": [{"id": "land", "card": name, "controller": "alice"}, *board]}, "t.yaml")
    got = Session(state).what_if([f"activate land {line}", "resolve"])
    return got, [r.after(got.start) for r in got.results]


def test_hostile_desert_exiles_a_land_card_of_its_graveyard_to_become_a_creature():
    c = compiled(*DESERT)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    assert c.card["abilities"][1]["activated"]["cost"] == ["{2}", {"exile": {"filter": ["land"], "from": "graveyard"}}]
    yard = [{"id": "island", "card": "Island"}, {"id": "forest", "card": "Forest"}, {"id": "bolt", "card": "Test Bolt"}]
    got, afters = _exile_cost(DESERT, 2, "{C}{C}", yard)
    assert all(r.illegal is None for r in got.results)
    # the activator's choice of a land card (each an outcome), never the Bolt
    assert sorted(k for a in afters for k, v in a.items() if v.get("zone") == "exile") == ["forest", "island"]
    got, _ = _exile_cost(DESERT, 2, "{C}{C}", yard[2:])          # no land card: the cost cannot be paid (118.3)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["118.3"]


def test_moorland_haunt_and_city_of_shadows_exile_a_creature_for_their_cost():
    c = compiled(*HAUNT)
    assert c.fully_compiled
    yard = [{"id": "bear_card", "card": "Test Bear"}, {"id": "island", "card": "Island"}]
    _, afters = _exile_cost(HAUNT, 2, "{W}{U}", yard)
    (after,) = afters
    assert after["bear_card"]["zone"] == "exile" and "island" not in after     # a creature card only
    assert after["spirit"]["zone"] == "battlefield"
    c = compiled(*SHADOWS)
    assert c.fully_compiled
    assert c.card["abilities"][0]["activated"]["cost"] == ["{T}", {"exile": {"filter": ["creature"], "from": "battlefield"}}]
    _, afters = _exile_cost(SHADOWS, 1, "", board=[{"id": "bear", "card": "Test Bear", "controller": "alice"},
                                                   {"id": "their_bear", "card": "Test Bear", "controller": "bob"}])
    (after,) = afters                                   # only a creature its activator controls
    assert after["bear"]["zone"] == "exile" and after["land"]["counters"] == {"storage": 1}


# -- Scrying Sheets: the top card, only if it is of a kind (109.2, 608.2d) ---------------------

SHEETS = ("Scrying Sheets", "Snow Land", (
    "{T}: Add {C}.\n{1}{S}, {T}: Look at the top card of your library. If that card is snow, you may reveal it and "
    "put it into your hand. ({S} can be paid with one mana from a snow source.)"))
SNOW_BEAR = ("Test Snow Bear", "Snow Creature — Bear", "")


def test_scrying_sheets_takes_the_top_card_only_if_it_is_snow():
    does, _ = effect_of(SHEETS, 2)
    assert does == [{"move": {"what": "top_of_library", "filter": ["snow"], "to": "hand", "may": True}}]
    # (the what-if does not pay {S} yet: the same ability for {1}{U})
    sheets = ("Test Sheets", "Snow Land", SHEETS[2].replace("Scrying Sheets", "Test Sheets").replace("{1}{S}", "{1}{U}"))
    board = [{"id": "sheets", "card": "Test Sheets", "controller": "alice", "tapped": False}]

    def top(card):
        library = {"alice": [{"id": "top", "card": card}, {"id": "next", "card": "Island"}]}
        afters = run([sheets, SNOW_BEAR, BEAR], board, ["activate sheets 2", "resolve"], mana_pool={"alice": "{U}{C}"},
                     library=library)
        return sorted(a.get("top", {}).get("zone", "library") for a in afters)
    assert top("Test Snow Bear") == ["hand", "library"]      # reveal and take it, or not (608.2d)
    assert top("Test Bear") == ["library"]                   # not snow: it stays


# -- Drownyard Temple: an ability that functions from the graveyard (113.6m) --------------------

TEMPLE = ("Drownyard Temple", "Land",
          "{T}: Add {C}.\n{3}: Return Drownyard Temple from your graveyard to the battlefield tapped.")


def _temple(**zones):
    c = compiled(*TEMPLE)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card], "mana_pool": {"alice": "{C}{C}{C}"}, **zones}, "t.yaml")
    got = Session(state).what_if(["activate temple 2", "resolve"])
    (r,) = got.results
    return r, r.after(got.start)


def test_drownyard_temple_returns_itself_from_the_graveyard_tapped():
    c = compiled(*TEMPLE)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"] == {
        "zone": "graveyard", "cost": ["{3}"], "effect": TEMPLE[2].split(": ", 2)[2],
        "does": [{"move": {"what": "self", "to": "battlefield", "tapped": True}}]}
    r, after = _temple(graveyard={"alice": [{"id": "temple", "card": "Drownyard Temple"}]})
    assert r.illegal is None, r.illegal
    assert after["temple"] == {"zone": "battlefield", "controller": "alice", "tapped": True, "new_object": True}
    # on the battlefield it cannot be activated (113.6m: it functions only from the graveyard)
    r, _ = _temple(battlefield=[{"id": "temple", "card": "Drownyard Temple", "controller": "alice"}])
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["113.6m"]


# -- Fabled Passage: the land found, untapped if its controller then controls four lands -------

PASSAGE = ("Fabled Passage", "Land", (
    "{T}, Sacrifice Fabled Passage: Search your library for a basic land card, put it onto the battlefield tapped, "
    "then shuffle. Then if you control four or more lands, untap that land."))


def _passage(lands: int):
    board = [{"id": "passage", "card": "Fabled Passage", "controller": "alice"},
             *({"id": f"land_{n}", "card": "Island", "controller": "alice"} for n in range(lands))]
    afters = run([PASSAGE], board, ["activate passage 1", "resolve"], library={"alice": [{"id": "forest", "card": "Forest"}]})
    return sorted((a.get("forest", {}).get("zone"), a.get("forest", {}).get("tapped", False)) for a in afters)


def test_fabled_passage_untaps_the_land_found_with_four_lands():
    does, _ = effect_of(PASSAGE, 1)
    assert does[1] == {"untap": {"what": "it", "if_you_control": ["land"], "at_least": 4}}
    # three other lands and the Forest found: four (608.2c: counted after it entered); the Passage is gone
    assert _passage(3) == [("battlefield", False), ("library", False)]     # (or none found, 701.23b)
    assert _passage(2) == [("battlefield", True), ("library", False)]      # three lands: it stays tapped


# -- Mistveil Plains: a target card of the graveyard on the bottom of the library (401.1) ------

MISTVEIL = ("Mistveil Plains", "Land — Plains", (
    "({T}: Add {W}.)\nMistveil Plains enters the battlefield tapped.\n{W}, {T}: Put target card from your graveyard on "
    "the bottom of your library. Activate only if you control two or more white permanents."))
WHITE = ("Test White Knight", "Creature — Knight", "")


def _mistveil(knights):
    white = compiled(*WHITE).card | {"color_indicator": ["white"]}
    c = compiled(*MISTVEIL)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, white], "mana_pool": {"alice": "{W}"},
                        "battlefield": [{"id": "mistveil", "card": "Mistveil Plains", "controller": "alice"}, *knights],
                        "graveyard": {"alice": [{"id": "bolt", "card": "Island"}]},
                        "library": {"alice": [{"id": "top", "card": "Forest"}, {"id": "second", "card": "Forest"}]}},
                       "t.yaml")
    got = Session(state).what_if(["activate mistveil 3 targeting bolt", "resolve"])
    (r,) = got.results
    return r, r.after(got.start)


def test_mistveil_plains_puts_a_graveyard_card_on_the_bottom():
    does, target = effect_of(MISTVEIL, 3)
    assert does == [{"move": {"what": "target", "to": "library_bottom"}}]
    assert target == {"filter": ["card"], "zone": "graveyard", "owner": "you"}
    knights = [{"id": f"knight_{n}", "card": "Test White Knight", "controller": "alice"} for n in range(2)]
    r, after = _mistveil(knights)
    assert r.illegal is None, r.illegal
    assert after["bolt"]["zone"] == "library" and after["bolt"]["position"] == 2      # below the two Forests
    assert after.get("top", {}).get("position", 0) == 0
    r, _ = _mistveil(knights[:1])                        # one white permanent: not activatable (602.5)
    assert r.illegal is not None


# -- Haunted Fengraf: a card of the graveyard at random (each an outcome) ----------------------

FENGRAF = ("Haunted Fengraf", "Land", (
    "{T}: Add {C}.\n{3}, {T}, Sacrifice Haunted Fengraf: Return a creature card at random from your graveyard to your "
    "hand."))


def test_haunted_fengraf_returns_a_creature_card_at_random():
    does, _ = effect_of(FENGRAF, 2)
    assert does == [{"move": {"what": "card_from_graveyard", "filter": ["creature"], "to": "hand", "random": True}}]
    yard = {"alice": [{"id": "bear", "card": "Test Bear"}, {"id": "elves", "card": "Llanowar Elves"},
                      {"id": "bolt", "card": "Test Bolt"}]}
    afters = run([FENGRAF, BEAR, BOLT], [{"id": "fengraf", "card": "Haunted Fengraf", "controller": "alice"}],
                 ["activate fengraf 2", "resolve"], mana_pool={"alice": "{C}{C}{C}"}, graveyard=yard)
    assert zone_of(afters, "hand") == [("bear",), ("elves",)]      # either creature card, never the Bolt


# -- Endless Sands: an exile linked to "each creature card exiled with ~" (607.2a) -------------

SANDS = ("Endless Sands", "Land — Desert", (
    "{T}: Add {C}.\n{2}, {T}: Exile target creature you control.\n{4}, {T}, Sacrifice Endless Sands: Return each "
    "creature card exiled with Endless Sands to the battlefield under its owner's control."))


def test_endless_sands_returns_only_the_cards_it_exiled():
    c = compiled(*SANDS)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["does"] == [{"move": {"what": "target", "to": "exile", "link": True}}]
    assert c.card["abilities"][2]["activated"]["does"] == [
        {"move": {"what": "linked", "filter": ["creature"], "to": "battlefield", "under": "owner"}}]
    (after,) = run([SANDS, BEAR], [{"id": "sands", "card": "Endless Sands", "controller": "alice"},
                                   {"id": "bear", "card": "Test Bear", "controller": "alice"}],
                   ["activate sands 2 targeting bear", "resolve"], mana_pool={"alice": "{C}{C}"})
    assert after["bear"] == {"zone": "exile", "exiled_with": "sands", "new_object": True}
    exile = {"bob": [{"id": "bobs_bear", "card": "Test Bear", "exiled_with": "sands"},
                     {"id": "other_bear", "card": "Test Bear"}]}
    (after,) = run([SANDS, BEAR], [{"id": "sands", "card": "Endless Sands", "controller": "alice"}],
                   ["activate sands 3", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"}, exile=exile)
    # the card it exiled returns under its owner's control (bob's), the other stays in exile
    assert after["bobs_bear"]["zone"] == "battlefield" and after["bobs_bear"]["controller"] == "bob"
    assert "other_bear" not in after
