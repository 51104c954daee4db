"""The long tail of effect sentences, second part (issue 13): real pool lines (AtomicCards
2024-03 wording, the card named) read by the compiler into the generic actions, and what
asp/ makes of them in the what-if: life drained from a target player (119.3), investigate
(701.16a), each player's discard (701.9a), every graveyard exiled (404.1), a token whose
creature type has a hyphen (111.4, 205.3m), a legendary permanent as a target (115.1)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled
from pool_lines import effect_of as line
from pool_lines import what_if_on as run

ORZHOVA = ("Orzhova, the Church of Deals", "Land", ("{T}: Add {C}.\n{3}{W}{B}, {T}: Target player loses 1 life and "
           "you gain 1 life."))
BLIGHT_KEEPER = ("Blight Keeper", "Creature — Bat Imp", ("Flying\n{7}{B}, {T}, Sacrifice Blight Keeper: Target "
                 "opponent loses 4 life and you gain 4 life."))
MAGNIFYING_GLASS = ("Magnifying Glass", "Artifact", ("{T}: Add {C}.\n{4}, {T}: Investigate. (Create a colorless Clue "
                    "artifact token with \"{2}, Sacrifice this artifact: Draw a card.\")"))
RIX_MAADI = ("Rix Maadi, Dungeon Palace", "Legendary Land", ("{T}: Add {C}.\n{1}{B}{R}, {T}: Each player discards a "
             "card. Activate only as a sorcery."))
SCAVENGER_GROUNDS = ("Scavenger Grounds", "Land — Desert", ("{T}: Add {C}.\n{2}, {T}, Sacrifice a Desert: Exile all "
                     "graveyards."))
URZAS_FACTORY = ("Urza's Factory", "Land — Urza's", ("{T}: Add {C}.\n{7}, {T}: Create a 2/2 colorless Assembly-Worker "
                 "artifact creature token."))
MINAMO = ("Minamo, School at Water's Edge", "Legendary Land", ("{T}: Add {U}.\n{U}, {T}: Untap target legendary "
          "permanent."))


def rules_of(result):
    return {rule for c in result.changes for rule, _ in c.rules}


def test_the_compiler_reads_the_sentences():
    assert line(ORZHOVA, 2) == ([{"lose_life": {"who": "target", "amount": 1}}, {"gain_life": {"amount": 1}}],
                                "player")
    assert line(BLIGHT_KEEPER, 2) == ([{"lose_life": {"who": "target", "amount": 4}},
                                       {"gain_life": {"amount": 4}}], "opponent")
    assert line(MAGNIFYING_GLASS, 2) == ([{"create_token": {"card": "Clue"}}], None)
    assert line(RIX_MAADI, 2) == ([{"move": {"what": "card_from_hand", "whose": "each_player", "to": "graveyard"}}],
                                  None)
    assert line(SCAVENGER_GROUNDS, 2) == ([{"move": {"what": "graveyard", "whose": "each_player", "to": "exile"}}],
                                          None)
    assert line(URZAS_FACTORY, 2) == ([{"create_token": {"card": "Assembly-Worker Token"}}], None)
    assert line(MINAMO, 2) == ([{"untap": {"what": "target"}}], {"filter": ["legendary", "permanent"]})


def test_orzhova_the_target_player_loses_and_you_gain():
    got, _ = run([ORZHOVA], [{"id": "orz", "card": "Orzhova, the Church of Deals", "controller": "alice"}],
                 ["activate orz 2 targeting bob", "resolve"], mana_pool={"alice": "{W}{B}{C}{C}{C}"},
                 life={"alice": 20, "bob": 20})
    assert dict(got.results[0].state.life) == {"alice": 21, "bob": 19}
    # "target player": its controller too; she loses 1 and gains 1 (119.3)
    got, _ = run([ORZHOVA], [{"id": "orz", "card": "Orzhova, the Church of Deals", "controller": "alice"}],
                 ["activate orz 2 targeting alice", "resolve"], mana_pool={"alice": "{W}{B}{C}{C}{C}"},
                 life={"alice": 20, "bob": 20})
    assert dict(got.results[0].state.life) == {"alice": 20, "bob": 20}


def test_blight_keeper_targets_an_opponent_only():
    got, _ = run([BLIGHT_KEEPER], [{"id": "bk", "card": "Blight Keeper", "controller": "alice"}],
                 ["activate bk 2 targeting alice"], mana_pool={"alice": "{B}{C}{C}{C}{C}{C}{C}{C}"})
    assert got.results[0].illegal is not None                   # an opponent (115.1)


def test_magnifying_glass_investigates_a_clue_token():
    got, (_,) = run([MAGNIFYING_GLASS], [{"id": "mg", "card": "Magnifying Glass", "controller": "alice"}],
                        ["activate mg 2", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"})
    clues = [p for p in got.results[0].state.battlefield if p.card == "Clue"]
    assert len(clues) == 1 and clues[0].controller == "alice"


def test_rix_maadi_each_player_discards_one_of_their_own():
    got, afters = run([RIX_MAADI], [{"id": "rix", "card": "Rix Maadi, Dungeon Palace", "controller": "alice"}],
                      ["activate rix 2", "resolve"], mana_pool={"alice": "{B}{R}{C}"},
                      hand={"alice": [{"id": "a1", "card": "Island"}, {"id": "a2", "card": "Forest"}],
                            "bob": [{"id": "b1", "card": "Swamp"}]})
    gone = sorted(tuple(sorted(k for k, v in a.items() if v.get("zone") == "graveyard")) for a in afters)
    assert gone == [("a1", "b1"), ("a2", "b1")]         # one of each player's, her choice of two
    assert all("701.9a" in rules_of(r) for r in got.results)


def test_scavenger_grounds_exiles_every_graveyard():
    grave = {"alice": [{"id": "g1", "card": "Forest"}], "bob": [{"id": "g2", "card": "Island"},
                                                                 {"id": "g3", "card": "Llanowar Elves"}]}
    # (the Desert it sacrifices, itself or the other, is a choice: each an outcome)
    _, afters = run([SCAVENGER_GROUNDS], [
        {"id": "sg", "card": "Scavenger Grounds", "controller": "alice"},
        {"id": "desert", "card": "Scavenger Grounds", "controller": "alice"}],
        ["activate sg 2", "resolve"], graveyard=grave, mana_pool={"alice": "{C}{C}"})
    assert afters and all({k: a[k]["zone"] for k in ("g1", "g2", "g3")} == {"g1": "exile", "g2": "exile", "g3": "exile"}
                          for a in afters)


def test_urzas_factory_creates_a_2_2_assembly_worker():
    c = compiled(*URZAS_FACTORY)
    (token,) = c.tokens
    assert (token["name"], token["type_line"], token["power_toughness"]) == \
        ("Assembly-Worker Token", "Artifact Creature — Assembly-Worker", "2/2")
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, *c.tokens], "mana_pool": {"alice": "{C}" * 7},
                        "battlefield": [{"id": "uf", "card": "Urza's Factory", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["activate uf 2", "resolve"])
    made = [p for p in got.results[0].state.battlefield if p.card == "Assembly-Worker Token"]
    assert len(made) == 1 and made[0].controller == "alice"


def test_minamo_untaps_a_legendary_permanent_and_not_another():
    got, _ = run([MINAMO, RIX_MAADI], [
        {"id": "minamo", "card": "Minamo, School at Water's Edge", "controller": "alice"},
        {"id": "rix", "card": "Rix Maadi, Dungeon Palace", "controller": "bob", "tapped": True}],
        ["activate minamo 2 targeting rix", "resolve"], mana_pool={"alice": "{U}"})
    assert not next(p for p in got.results[0].state.battlefield if p.id == "rix").tapped
    got, _ = run([MINAMO], [
        {"id": "minamo", "card": "Minamo, School at Water's Edge", "controller": "alice"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "tapped": True}],
        ["activate minamo 2 targeting elves"], mana_pool={"alice": "{U}"})
    assert got.results[0].illegal is not None                   # not legendary (205.4d)


GHOST_QUARTER = ("Ghost Quarter", "Land", ("{T}: Add {C}.\n{T}, Sacrifice Ghost Quarter: Destroy target land. Its "
                 "controller may search their library for a basic land card, put it onto the battlefield, then "
                 "shuffle."))
FIELD_OF_RUIN = ("Field of Ruin", "Land", ("{T}: Add {C}.\n{2}, {T}, Sacrifice Field of Ruin: Destroy target nonbasic "
                 "land an opponent controls. Each player searches their library for a basic land card, puts it onto "
                 "the battlefield, then shuffles."))


def test_the_compiler_reads_searches_by_other_players():
    assert line(GHOST_QUARTER, 2)[0] == [
        {"destroy": {"what": "target"}},
        {"search": {"filter": ["basic", "land"], "to": "battlefield", "shuffle": True, "who": "target_controller",
                    "may": True}}]
    assert line(FIELD_OF_RUIN, 2)[0][1] == {"search": {"filter": ["basic", "land"], "to": "battlefield",
                                                       "shuffle": True, "who": "each_player"}}
    # "its controller" with no permanent targeted before: not read
    c = compiled("Test Quarter", "Land", "{T}: Its controller may search their library for a basic land card, "
                 "put it onto the battlefield, then shuffle.")
    assert c.lines[0].status != "compiled"


def bob_lands(afters):
    return sorted(tuple(sorted(k for k in ("bf", "bi", "bv") if a.get(k, {}).get("zone") == "battlefield"))
                  for a in afters)


def test_ghost_quarter_the_destroyed_lands_controller_searches_their_own_library():
    library = {"bob": [{"id": "bf", "card": "Forest"}, {"id": "bi", "card": "Island"},
                       {"id": "bv", "card": "Volrath's Stronghold"}],
               "alice": [{"id": "af", "card": "Forest"}]}
    got, afters = run([GHOST_QUARTER, STRONGHOLD], [
        {"id": "gq", "card": "Ghost Quarter", "controller": "alice"},
        {"id": "vs", "card": "Volrath's Stronghold", "controller": "bob"}],
        ["activate gq 2 targeting vs", "resolve"], library=library)
    assert all(a["vs"]["zone"] == "graveyard" for a in afters)
    # bob finds a basic land of his or none (701.23b; "may": 608.2d), never a nonbasic, never alice's
    assert bob_lands(afters) == [(), (), ("bf",), ("bi",)]
    assert all("af" not in a for a in afters)
    for r in got.results:
        for p in r.state.battlefield:
            if p.id in ("bf", "bi"):
                assert p.controller == "bob"                    # 110.2a: under the searcher's control


def test_field_of_ruin_each_player_searches_and_keeps_their_own():
    library = {"bob": [{"id": "bf", "card": "Forest"}], "alice": [{"id": "af", "card": "Island"}]}
    got, _ = run([FIELD_OF_RUIN, STRONGHOLD], [
        {"id": "fr", "card": "Field of Ruin", "controller": "alice"},
        {"id": "vs", "card": "Volrath's Stronghold", "controller": "bob"}],
        ["activate fr 2 targeting vs", "resolve"], library=library, mana_pool={"alice": "{C}{C}"})
    both = [r for r in got.results
            if {p.id: p.controller for p in r.state.battlefield if p.id in ("af", "bf")} == {"af": "alice", "bf": "bob"}]
    assert both                                            # each finds their own land, under their control
    assert all(p.controller == {"af": "alice", "bf": "bob"}[p.id]
               for r in got.results for p in r.state.battlefield if p.id in ("af", "bf"))
    assert all("701.24a" in rules_of(r) for r in got.results)


STRONGHOLD = ("Volrath's Stronghold", "Legendary Land", ("{T}: Add {C}.\n{1}{B}, {T}: Put target creature card from "
              "your graveyard on top of your library."))


DWARVEN_MINE = ("Dwarven Mine", "Land — Mountain", ("({T}: Add {R}.)\nDwarven Mine enters the battlefield tapped "
                "unless you control three or more other Mountains.\nWhen Dwarven Mine enters the battlefield untapped, "
                "create a 1/1 red Dwarf creature token."))


def mine_what_if(mountains: int):
    c = compiled(*DWARVEN_MINE)
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, *c.tokens], "hand": {"alice": [{"id": "mine", "card": "Dwarven Mine"}]},
                        "battlefield": [{"id": f"m{i}", "card": "Mountain", "controller": "alice"}
                                        for i in range(mountains)]}, "t.yaml")
    return Session(state).what_if(["play mine", "resolve"])


def test_the_compiler_reads_enters_untapped():
    c = compiled(*DWARVEN_MINE)
    assert c.fully_compiled
    assert c.card["abilities"][2]["triggered"]["when"] == {"enters_untapped": "self"}


def test_dwarven_mine_entering_untapped_triggers_and_entering_tapped_does_not():
    got = mine_what_if(3)                       # three other Mountains: it enters untapped
    (r,) = got.results
    assert r.illegal is None
    assert [p.card for p in r.state.battlefield].count("Dwarf Token") == 1
    assert not next(p for p in r.state.battlefield if p.id == "mine").tapped
    got = mine_what_if(2)                       # it enters tapped: no trigger, nothing to resolve
    (r,) = got.results
    assert r.illegal is not None and r.illegal.step == 2 and r.illegal.why[0][0] == "405.5"   # the stack is empty
    assert [c.change.what for c in r.illegal.before if hasattr(c.change, "what")] == ["tapped"]


TERRAIN_GENERATOR = ("Terrain Generator", "Land", ("{T}: Add {C}.\n{2}, {T}: You may put a basic land card from your "
                     "hand onto the battlefield tapped."))
GROWTH_SPIRAL = ("Growth Spiral", "Instant", "Draw a card. You may put a land card from your hand onto the battlefield.")


def test_the_compiler_reads_a_card_from_the_hand_onto_the_battlefield():
    assert line(TERRAIN_GENERATOR, 2)[0] == [{"move": {"what": "card_from_hand", "filter": ["basic", "land"],
                                                       "to": "battlefield", "may": True, "tapped": True}}]


def test_terrain_generator_puts_only_a_basic_land_from_the_hand_tapped_or_none():
    hand = {"alice": [{"id": "forest", "card": "Forest"}, {"id": "stronghold", "card": "Volrath's Stronghold"},
                      {"id": "elves", "card": "Llanowar Elves"}]}
    got, afters = run([TERRAIN_GENERATOR, STRONGHOLD], [{"id": "tg", "card": "Terrain Generator", "controller": "alice"}],
                      ["activate tg 2", "resolve"], hand=hand, mana_pool={"alice": "{C}{C}"})
    put = sorted(tuple(k for k in ("forest", "stronghold", "elves") if a.get(k, {}).get("zone") == "battlefield")
                 for a in afters)
    assert put == [(), ("forest",)]                     # the basic land or none ("may"), never another card
    entered = [p for r in got.results for p in r.state.battlefield if p.id == "forest"]
    assert entered and all(p.tapped and p.controller == "alice" for p in entered)     # 110.5b, 110.2a
    assert all("lands_played" not in a.get("player alice", {}) for a in afters)       # not played (305.4)


def test_growth_spiral_can_put_the_land_it_just_drew():
    state_cards = [compiled(*GROWTH_SPIRAL).card]
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": state_cards, "mana_pool": {"alice": "{G}{U}"},
                        "hand": {"alice": [{"id": "spiral", "card": "Growth Spiral"}]},
                        "library": {"alice": [{"id": "island", "card": "Island"}]}}, "t.yaml")
    got = Session(state).what_if(["cast spiral", "resolve"])
    afters = [r.after(got.start) for r in got.results]
    assert sorted(a["island"]["zone"] for a in afters) == ["battlefield", "hand"]


BROKERS_HIDEOUT = ("Brokers Hideout", "Land", ("When Brokers Hideout enters the battlefield, sacrifice it. When you do, "
                   "search your library for a basic Forest, Plains, or Island card, put it onto the battlefield "
                   "tapped, then shuffle and you gain 1 life."))


def test_the_compiler_reads_a_reflexive_trigger():
    c = compiled(*BROKERS_HIDEOUT)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["does"] == [{"sacrifice": {"what": "self"}}]
    assert t["reflexive"]["does"] == [
        {"search": {"any_of": [["basic", "forest"], ["basic", "plains"], ["basic", "island"]], "to": "battlefield",
                    "tapped": True, "shuffle": True}},
        {"gain_life": {"amount": 1}}]
    # "When you do" after an action that is not a sacrifice: not read (the effect stays words)
    c = compiled("Test Hideout", "Land", "When Test Hideout enters the battlefield, draw a card. When you do, you "
                 "gain 1 life.")
    assert c.lines[0].status == "partial" and "reflexive" not in c.card["abilities"][0]["triggered"]


def hideout_what_if(actions, battlefield=()):
    c = compiled(*BROKERS_HIDEOUT)
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"}, "life": {"alice": 20},
                        "cards": [c.card], "hand": {"alice": [{"id": "hideout", "card": "Brokers Hideout"}]},
                        "library": {"alice": [{"id": "plains", "card": "Plains"}, {"id": "swamp", "card": "Swamp"}]},
                        "battlefield": list(battlefield)}, "t.yaml")
    return Session(state).what_if(actions)


def test_brokers_hideout_sacrificed_then_its_reflexive_trigger_searches_and_gains_life():
    got = hideout_what_if(["play hideout", "resolve", "resolve"])
    afters = [r.after(got.start) for r in got.results]
    assert all(r.illegal is None for r in got.results)
    assert sorted(a.get("plains", {}).get("zone", "library") for a in afters) == ["battlefield", "library"]
    assert all(a["hideout"]["zone"] == "graveyard" and a["swamp"]["zone"] == "library" for a in afters)  # no Swamp
    assert all(dict(r.state.life)["alice"] == 21 for r in got.results)
    assert all("603.12" in rules_of(r) for r in got.results)


def test_no_reflexive_trigger_when_the_sacrifice_was_not_done():
    # the land leaves before its trigger resolves (bounced): nothing was sacrificed, nothing triggers
    got = hideout_what_if(["play hideout", "bounce hideout", "resolve", "resolve"])
    (r,) = got.results
    assert r.illegal is not None and r.illegal.step == 4 and r.illegal.why[0][0] == "405.5"   # the stack is empty


def test_a_reflexive_trigger_is_refused_where_the_rules_would_never_follow_it():
    import pytest
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    base = {"name": "Test Reflex", "type_line": "Land", "oracle_text": "When it enters, draw a card. When you do, gain."}
    bad = {**base, "abilities": [{"line": 1, "triggered": {
        "when": {"enters": "self"}, "effect": "x", "does": [{"draw": {"count": 1}}],
        "reflexive": {"effect": "y", "does": [{"gain_life": {"amount": 1}}]}}}]}
    with pytest.raises(InputError, match="a sacrifice"):
        parse_card(bad, "r.yaml")
    direct = {**base, "abilities": [{"line": 1, "triggered": {
        "when": {"you_do": "sacrifice"}, "effect": "y", "does": [{"gain_life": {"amount": 1}}]}}]}
    with pytest.raises(InputError, match="reflexive"):
        parse_card(direct, "r.yaml")


ASH_BARRENS = ("Ash Barrens", "Land", ("{T}: Add {C}.\nBasic landcycling {1} ({1}, Discard this card: Search your "
               "library for a basic land card, reveal it, put it into your hand, then shuffle.)"))


def test_the_compiler_reads_typecycling():
    c = compiled(*ASH_BARRENS)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"] == {
        "zone": "hand", "cost": ["{1}", {"discard": "self"}],
        "effect": "Search your library for a basic land card, reveal it, put it into your hand, then shuffle.",
        "does": [{"search": {"filter": ["basic", "land"], "to": "hand", "shuffle": True}}]}
    c = compiled("Test Drake", "Creature — Drake", "Islandcycling {2}")
    assert c.card["abilities"][0]["activated"]["does"] == [{"search": {"filter": ["island"], "to": "hand",
                                                                       "shuffle": True}}]


def test_ash_barrens_landcycling_finds_a_basic_land_only():
    got, afters = run([ASH_BARRENS, STRONGHOLD], [], ["activate ash 2", "resolve"],
                      hand={"alice": [{"id": "ash", "card": "Ash Barrens"}]}, mana_pool={"alice": "{C}"},
                      library={"alice": [{"id": "island", "card": "Island"},
                                         {"id": "stronghold", "card": "Volrath's Stronghold"}]})
    assert all(r.illegal is None for r in got.results)
    assert all(a["ash"]["zone"] == "graveyard" for a in afters)                    # discarded as its cost
    assert sorted(a.get("island", {}).get("zone", "library") for a in afters) == ["hand", "library"]
    assert all(a.get("stronghold", {}).get("zone", "library") == "library" for a in afters)


ARBOR_ELF = ("Arbor Elf", "Creature — Elf Druid", "{T}: Untap target Forest.")


def test_a_subtype_as_a_target():
    assert compiled(*ARBOR_ELF).card["abilities"][0]["activated"]["target"] == {"filter": ["forest"]}
    got, _ = run([ARBOR_ELF], [
        {"id": "elf", "card": "Arbor Elf", "controller": "alice"},
        {"id": "forest", "card": "Forest", "controller": "alice", "tapped": True}],
        ["activate elf 1 targeting forest", "resolve"])
    assert not next(p for p in got.results[0].state.battlefield if p.id == "forest").tapped
    got, _ = run([ARBOR_ELF], [
        {"id": "elf", "card": "Arbor Elf", "controller": "alice"},
        {"id": "mountain", "card": "Mountain", "controller": "alice", "tapped": True}],
        ["activate elf 1 targeting mountain"])
    assert got.results[0].illegal is not None                   # not a Forest (115.1)


RELIQUARY_TOWER = ("Reliquary Tower", "Land", "You have no maximum hand size.\n{T}: Add {C}.")


def cleanup_with(battlefield):
    hand = {"alice": [{"id": f"a{i}", "card": "Island"} for i in range(8)]}
    _, afters = run([RELIQUARY_TOWER], battlefield, ["next step"], hand=hand,
                      turn={"number": 6, "active": "alice", "step": "end"})
    return [sorted(k for k, v in a.items() if v.get("zone") == "graveyard") for a in afters]


def test_reliquary_tower_its_controller_discards_nothing_to_hand_size():
    assert compiled(*RELIQUARY_TOWER).card["abilities"][0] == {"line": 1, "static": {"no_maximum_hand_size": True}}
    assert cleanup_with([{"id": "tower", "card": "Reliquary Tower", "controller": "alice"}]) == [[]]
    # bob's tower does nothing for alice: she discards one of eight (402.2, 514.1), each an outcome
    discards = cleanup_with([{"id": "tower", "card": "Reliquary Tower", "controller": "bob"}])
    assert all(len(d) == 1 for d in discards) and len(discards) > 1


AWAKENING_ZONE = ("Awakening Zone", "Enchantment", ("At the beginning of your upkeep, you may create a 0/1 colorless "
                  "Eldrazi Spawn creature token. It has \"Sacrifice this creature: Add {C}.\""))


def test_awakening_zone_you_may_create_the_token():
    c = compiled(*AWAKENING_ZONE)
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"]["does"] == [{"create_token": {"card": "Eldrazi Spawn Token", "may": True}}]
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 6, "active": "alice", "step": "untap"},
                        "cards": [c.card, *c.tokens],
                        "battlefield": [{"id": "zone", "card": "Awakening Zone", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["next step", "resolve"])
    made = sorted(sum(p.card == "Eldrazi Spawn Token" for p in r.state.battlefield) for r in got.results)
    assert made == [0, 1]                               # her choice (608.2d): a token or none


CHANDRA = ("Chandra, Novice Pyromancer", "Legendary Planeswalker — Chandra", (
    "+1: Elementals you control get +2/+0 until end of turn.\n-1: Add {R}{R}.\n-2: Chandra, Novice Pyromancer deals "
    "2 damage to any target."))


def test_a_creature_type_you_control_gets_a_pump():
    c = compiled(*CHANDRA)
    assert c.fully_compiled
    assert c.card["abilities"][0]["activated"]["creates"] == {
        "pt": {"modify": "+2/+0", "to": {"filter": ["elemental"], "controller": "you"}}, "duration": "end_of_turn"}
    got, _ = run([CHANDRA, ("Test Elemental", "Creature — Elemental", "")], [
        {"id": "chandra", "card": "Chandra, Novice Pyromancer", "controller": "alice", "counters": {"loyalty": 3}},
        {"id": "mine", "card": "Test Elemental", "controller": "alice"},
        {"id": "theirs", "card": "Test Elemental", "controller": "bob"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}],
        ["activate chandra 1", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    board = Session(r.state).board(False, ["mine", "theirs", "elves"], ["power"]).to_json()["board"]
    assert board == {"mine": {"power": 3}, "theirs": {"power": 1}, "elves": {"power": 1}}   # her Elemental (613.4c)
