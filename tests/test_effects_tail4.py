"""The long tail on non-land mana cards, round 3 (issue 13): real pool lines (AtomicCards 2024-03
wording, the card named) read by the compiler, and what asp/ makes of them in the what-if:
exalted (702.83a, 702.83b, 506.5); "at the beginning of your / each player's precombat main phase"
(500.6, 505.1a) and "that player adds" (106.4); a spell's "Add {R} for each creature you control",
counted as it resolves (106.3, 608.2h)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled
from pool_lines import what_if_on as run

NOBLE = ("Noble Hierarch", "Creature — Human Druid", (
    "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.)\n"
    "{T}: Add {G}, {W}, or {U}."))
CATHEDRAL = ("Cathedral of War", "Land", (
    "Cathedral of War enters the battlefield tapped.\nExalted (Whenever a creature you control attacks alone, that "
    "creature gets +1/+1 until end of turn.)\n{T}: Add {C}."))
BEAR = ("Grizzly Bears", "Creature — Bear", "")
COMBAT = {"number": 5, "active": "alice", "step": "beginning_of_combat"}
EXALTED = {"when": {"attacks_alone": "you"}, "effect": "Exalted",
           "creates": {"pt": {"modify": "+1/+1", "to": "it"}, "duration": "end_of_turn"}}


def test_exalted_is_the_triggered_ability_it_means():
    for spec in (NOBLE, CATHEDRAL):
        c = compiled(*spec)
        assert c.fully_compiled, c.lines
        assert [a["triggered"] for a in c.card["abilities"] if "triggered" in a] == [EXALTED]


def _changes(got) -> list[dict]:
    return [c.to_json() for c in got.results[0].changes]


def _board(*attackers_too):
    return [{"id": "hier", "card": "Noble Hierarch", "controller": "alice"},
            {"id": "cath", "card": "Cathedral of War", "controller": "alice"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
            *({"id": a, "card": "Grizzly Bears", "controller": "alice"} for a in attackers_too)]


def test_a_creature_attacking_alone_gets_plus_one_for_each_instance():
    # 702.83b: each instance triggers on its own; the 1/1 deals 3 (bob 20 -> 17)
    got, afters = run([NOBLE, CATHEDRAL, BEAR], _board(),
                      ["attack bear", "resolve", "resolve", "next step", "next step"], turn=COMBAT)
    assert got.results and all(a["player bob"] == {"life": 17} for a in afters)
    triggered = [(c["object"], c["refers_to"], c["rules"]) for c in _changes(got) if c["change"] == "triggered"]
    assert sorted(triggered) == [("cath", "bear", ["702.83a"]), ("hier", "bear", ["702.83a"])]


def test_two_attackers_do_not_attack_alone():
    # 506.5: neither is the only creature declared as an attacker: nothing triggers (bob 20 -> 18)
    got, afters = run([NOBLE, CATHEDRAL, BEAR], _board("bear2"),
                      ["attack bear bear2", "next step", "next step"], turn=COMBAT)
    assert [a["player bob"] for a in afters] == [{"life": 18}]
    assert not [c for c in _changes(got) if c["change"] == "triggered"]


def test_an_opponents_creature_attacking_alone_does_not_trigger_yours():
    board = [{"id": "hier", "card": "Noble Hierarch", "controller": "bob"},
             {"id": "bear", "card": "Grizzly Bears", "controller": "alice"}]
    _, afters = run([NOBLE, BEAR], board, ["attack bear", "next step", "next step"], turn=COMBAT)
    assert [a["player bob"] for a in afters] == [{"life": 19}]


def test_an_exalted_effect_in_the_state_names_the_creature():
    state = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
             "cards": [compiled(*NOBLE).card, compiled(*BEAR).card],
             "battlefield": [{"id": "hier", "card": "Noble Hierarch", "controller": "alice"},
                             {"id": "bear", "card": "Grizzly Bears", "controller": "alice", "attacking": "bob",
                              "tapped": True}],
             "effects": [{"card": "Noble Hierarch", "line": 1, "controller": "alice", "source": "hier",
                          "since_turn": 5}]}
    with pytest.raises(InputError, match="targets"):
        load_state(state, "t.yaml")
    state["effects"][0]["targets"] = ["bear"]
    load_state(state, "t.yaml")


VINEYARD = ("Eladamri's Vineyard", "Enchantment",
            "At the beginning of each player's precombat main phase, that player adds {G}{G}.")
THRESHER = ("Forsaken Thresher", "Artifact Creature — Construct",
            "At the beginning of your precombat main phase, add one mana of any color.")


def test_precombat_main_triggers_compile():
    vine, thresher = compiled(*VINEYARD), compiled(*THRESHER)
    assert vine.fully_compiled and thresher.fully_compiled
    assert vine.card["abilities"][0]["triggered"] == {
        "when": {"beginning_of_precombat_main": "each_player"}, "add_mana": "{G}{G}", "add_mana_to": "that_player"}
    assert thresher.card["abilities"][0]["triggered"] == {
        "when": {"beginning_of_precombat_main": "your_turn"}, "add_mana": {"any": "color"}}


def test_that_player_adds_the_mana_on_their_own_main_phase():
    # bob's Vineyard and Thresher on alice's turn: the Vineyard's {G}{G} goes to alice ("that
    # player"), bob's Thresher does not trigger (not his main phase)
    board = [{"id": "vine", "card": "Eladamri's Vineyard", "controller": "bob"},
             {"id": "thr", "card": "Forsaken Thresher", "controller": "bob"}]
    got, afters = run([VINEYARD, THRESHER], board, ["next step", "resolve"],
                      turn={"number": 5, "active": "alice", "step": "draw"})
    assert afters == [{"turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                       "player alice": {"mana_pool": "{G}{G}"}}]
    rules = [c["rules"] for c in _changes(got) if c["change"] == "triggered"]
    assert rules == [["505.1a"]]


def test_your_precombat_main_phase_is_your_turns_first_main_phase_only():
    board = [{"id": "thr", "card": "Forsaken Thresher", "controller": "alice"}]
    _, afters = run([THRESHER], board, ["next step"], turn={"number": 5, "active": "alice", "step": "end_of_combat"})
    assert [a["turn"]["step"] for a in afters] == ["postcombat_main"]
    assert all("stack" not in a for a in afters)
    _, afters = run([THRESHER], board, ["next step", "resolve"], turn={"number": 5, "active": "alice", "step": "draw"})
    assert sorted(a["player alice"]["mana_pool"] for a in afters) == ["{B}", "{G}", "{R}", "{U}", "{W}"]


def test_add_mana_to_needs_a_trigger_that_names_a_player():
    card = compiled(*THRESHER).card
    card["abilities"][0]["triggered"]["add_mana_to"] = "that_player"
    with pytest.raises(InputError, match="add_mana_to"):
        parse_card(card, "t.yaml")


def _spell_state(face: dict, battlefield: list, pool: str, extra_cards=()):
    card = compile_face(face).card
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                       "cards": [card, *(compiled(*c).card for c in extra_cards)], "mana_pool": {"alice": pool},
                       "hand": {"alice": [{"id": "spell", "card": face["name"]}]}, "battlefield": battlefield},
                      "t.yaml")


BATTLE_HYMN = {"name": "Battle Hymn", "manaCost": "{1}{R}", "type": "Instant",
               "text": "Add {R} for each creature you control."}
BRIGHTSTONE = {"name": "Brightstone Ritual", "manaCost": "{R}", "type": "Instant",
               "text": "Add {R} for each Goblin on the battlefield."}
GOBLIN = ("Goblin Piker", "Creature — Goblin Warrior", "")


def test_for_each_on_a_spell_is_counted_as_it_resolves():
    for face in (BATTLE_HYMN, BRIGHTSTONE):
        c = compile_face(face)
        assert c.fully_compiled, c.lines
    # alice's two Bears and Goblin, bob's Goblin: Battle Hymn counts alice's creatures, 3
    board = [{"id": "b1", "card": "Grizzly Bears", "controller": "alice"},
             {"id": "b2", "card": "Grizzly Bears", "controller": "alice"},
             {"id": "gob", "card": "Goblin Piker", "controller": "bob"},
             {"id": "gob2", "card": "Goblin Piker", "controller": "alice"}]
    got = Session(_spell_state(BATTLE_HYMN, board, "{R}{G}", (BEAR, GOBLIN))).what_if(["cast spell", "resolve"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == ["{R}{R}{R}"]
    # Brightstone Ritual counts every Goblin on the battlefield, bob's too: 2
    got = Session(_spell_state(BRIGHTSTONE, board, "{R}", (BEAR, GOBLIN))).what_if(["cast spell", "resolve"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == ["{R}{R}"]
    # none: nothing added (the pool spent on the cast stays empty)
    got = Session(_spell_state(BATTLE_HYMN, [], "{R}{G}")).what_if(["cast spell", "resolve"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == [""]


def test_partner_is_deck_construction_and_does_nothing_in_a_game():
    c = compiled("Thrasios, Triton Hero", "Legendary Creature — Merfolk Wizard",
                 "{4}: Draw a card.\nPartner (You can have two commanders if both have partner.)")
    assert c.fully_compiled and c.card["abilities"][1] == {"line": 2, "deck_construction": "partner"}
    # "Partner with [name]" is a triggered ability too (702.124j): not read as deck construction
    c = compiled("Pir, Imaginative Rascal", "Legendary Creature — Human", "Partner with Toothy, Imaginary Friend "
                 "(When this creature enters the battlefield, target player may put Toothy into their hand from "
                 "their library, then shuffle.)")
    assert not c.fully_compiled


INNER_FIRE = {"name": "Inner Fire", "manaCost": "{3}{R}", "type": "Sorcery", "text": "Add {R} for each card in your hand."}
SONGS = {"name": "Songs of the Damned", "manaCost": "{B}", "type": "Instant",
         "text": "Add {B} for each creature card in your graveyard."}


def test_for_each_card_in_your_hand_or_graveyard_counted_as_it_resolves():
    for face in (INNER_FIRE, SONGS):
        c = compile_face(face)
        assert c.fully_compiled, c.lines
    assert compile_face(SONGS).card["abilities"][0]["spell"]["add_mana"] == {
        "for_each": {"zone": "graveyard", "filter": ["creature"]}, "mana": "{B}"}
    # Inner Fire has left the hand as it resolves: two cards there, {R}{R} (bob's hand not counted)
    state = load_state({**_raw(INNER_FIRE, "{R}{G}{G}{G}"),
                        "hand": {"alice": [{"id": "spell", "card": "Inner Fire"}, {"id": "f1", "card": "Forest"},
                                           {"id": "f2", "card": "Forest"}],
                                 "bob": [{"id": "f3", "card": "Forest"}]}}, "t.yaml")
    got = Session(state).what_if(["cast spell", "resolve"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == ["{R}{R}"]
    # Songs of the Damned: the creature cards in alice's graveyard only (not the Forest, not bob's)
    state = load_state({**_raw(SONGS, "{B}"),
                        "hand": {"alice": [{"id": "spell", "card": "Songs of the Damned"}]},
                        "graveyard": {"alice": [{"id": "e1", "card": "Llanowar Elves"},
                                                {"id": "e2", "card": "Llanowar Elves"},
                                                {"id": "f1", "card": "Forest"}],
                                      "bob": [{"id": "e3", "card": "Llanowar Elves"}]}}, "t.yaml")
    got = Session(state).what_if(["cast spell", "resolve"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == ["{B}{B}"]


def _raw(face: dict, pool: str) -> dict:
    return {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
            "cards": [compile_face(face).card], "mana_pool": {"alice": pool}}


CRYPT = ("Crypt of Agadeem", "Land", ("Crypt of Agadeem enters the battlefield tapped.\n{T}: Add {B}.\n{2}, {T}: Add {B} "
         "for each black creature card in your graveyard."))


def test_a_mana_ability_counts_the_cards_in_its_controllers_graveyard():
    graveyard = {"alice": [{"id": "g1", "card": "Gravecrawler"}, {"id": "g2", "card": "Gravecrawler"},
                           {"id": "e1", "card": "Llanowar Elves"}],
                 "bob": [{"id": "g3", "card": "Gravecrawler"}]}
    gravecrawler = ("Gravecrawler", "Creature — Zombie", "")
    cards = [compiled(*CRYPT).card, {**compiled(*gravecrawler).card, "mana_cost": "{B}"}]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "mana_pool": {"alice": "{C}{C}"}, "graveyard": graveyard,
                        "battlefield": [{"id": "crypt", "card": "Crypt of Agadeem", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["activate crypt 3"])
    assert [r.after(got.start)["player alice"]["mana_pool"] for r in got.results] == ["{B}{B}"]


BATTLEMENT = ("Overgrown Battlement", "Creature — Wall", ("Defender\n{T}: Add {G} for each creature with defender you "
              "control."))
AXEBANE = ("Axebane Guardian", "Creature — Human Druid", ("Defender\n{T}: Add X mana in any combination of colors, where "
           "X is the number of creatures with defender you control."))


def test_counting_the_creatures_with_defender_you_control():
    for spec in (BATTLEMENT, AXEBANE):
        assert compiled(*spec).fully_compiled
    # alice: the Battlement and the Guardian have defender, the Bears do not; bob's Battlement is his
    board = [{"id": "batt", "card": "Overgrown Battlement", "controller": "alice"},
             {"id": "axe", "card": "Axebane Guardian", "controller": "alice"},
             {"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
             {"id": "batt2", "card": "Overgrown Battlement", "controller": "bob"}]
    _, afters = run([BATTLEMENT, AXEBANE, BEAR], board, ["activate batt 2"])
    assert [a["player alice"]["mana_pool"] for a in afters] == ["{G}{G}"]
    _, afters = run([BATTLEMENT, AXEBANE, BEAR], board, ["activate axe 2"])
    pools = sorted(a["player alice"]["mana_pool"] for a in afters)
    assert len(pools) == 15 and all(p.count("{") == 2 for p in pools)     # two mana, 5 + 10 color pairs


LEAFKIN = ("Leafkin Druid", "Creature — Elemental Druid", ("{T}: Add {G}. If you control four or more creatures, add "
           "{G}{G} instead."))
CARYATID = ("Ilysian Caryatid", "Creature — Plant", ("{T}: Add one mana of any color. If you control a creature with "
            "power 4 or greater, add two mana of any one color instead."))
BIG = ("Craw Wurm", "Creature — Wurm", "")


def _bears(n: int, who: str = "alice") -> list[dict]:
    return [{"id": f"{who}_bear{i}", "card": "Grizzly Bears", "controller": who} for i in range(n)]


def test_add_instead_while_the_condition_holds():
    entry = compiled(*LEAFKIN).card["abilities"][0]["activated"]
    assert entry["instead"] == {"if": {"count": {"filter": ["creature"]}, "at_least": 4}, "add_mana": "{G}{G}"}
    druid = [{"id": "druid", "card": "Leafkin Druid", "controller": "alice"}]
    # three creatures (the Druid counts; bob's do not): {G}; four: {G}{G} (106.3)
    for bears, pool in ((2, "{G}"), (3, "{G}{G}")):
        _, afters = run([LEAFKIN, BEAR], druid + _bears(bears) + _bears(2, "bob"), ["activate druid 1"])
        assert [a["player alice"]["mana_pool"] for a in afters] == [pool]
        got = Session(load_state({"players": ["alice", "bob"],
                                  "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                                  "cards": [compiled(*LEAFKIN).card, compiled(*BEAR).card],
                                  "battlefield": druid + _bears(bears)}, "t.yaml")).can_pay("alice", "{G}{G}")
        assert got.payable is (pool == "{G}{G}")


def test_caryatid_needs_a_creature_with_power_4_or_greater():
    assert compiled(*CARYATID).fully_compiled
    caryatid = [{"id": "cary", "card": "Ilysian Caryatid", "controller": "alice"}]
    _, afters = run([CARYATID, BEAR], caryatid + _bears(3), ["activate cary 1"])
    assert sorted(a["player alice"]["mana_pool"] for a in afters) == ["{B}", "{G}", "{R}", "{U}", "{W}"]
    wurm = {"name": "Craw Wurm", "type": "Creature — Wurm", "text": "", "power": "6", "toughness": "4"}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*CARYATID).card, compile_face(wurm).card],
                        "battlefield": caryatid + [{"id": "wurm", "card": "Craw Wurm", "controller": "alice"}]},
                       "t.yaml")
    got = Session(state).what_if(["activate cary 1"])
    pools = sorted(r.after(got.start)["player alice"]["mana_pool"] for r in got.results)
    assert pools == ["{B}{B}", "{G}{G}", "{R}{R}", "{U}{U}", "{W}{W}"]


CANOPY = ("Canopy Tactician", "Creature — Elf Warrior", "Other Elves you control get +1/+1.\n{T}: Add {G}{G}{G}.")
ELVES = ("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.")


def test_other_elves_you_control_get_plus_one_as_a_static_ability():
    c = compiled(*CANOPY)
    assert c.fully_compiled
    assert c.card["abilities"][0]["static"] == {
        "pt": {"modify": "+1/+1", "to": {"filter": ["elf"], "controller": "you", "other": True}}}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card],
                        "battlefield": [{"id": "ct", "card": "Canopy Tactician", "controller": "alice"},
                                        {"id": "e1", "card": "Llanowar Elves", "controller": "alice"},
                                        {"id": "e2", "card": "Llanowar Elves", "controller": "bob"}]}, "t.yaml")
    board = Session(state).board().to_json()["board"]
    assert [(board[o]["power"], board[o]["toughness"]) for o in ("ct", "e1", "e2")] == [(1, 1), (2, 2), (1, 1)]


def test_that_player_adds_is_refused_from_a_stack_entry_that_cannot_name_the_player():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*VINEYARD).card],
                        "battlefield": [{"id": "vine", "card": "Eladamri's Vineyard", "controller": "bob"}],
                        "stack": [{"source": "vine", "line": 1, "controller": "bob"}]}, "t.yaml")
    got = Session(state).what_if(["resolve"])
    (r,) = got.results
    assert r.illegal is not None and "106.4" in str(r.illegal)


def test_exalted_is_refused_from_a_stack_entry_that_cannot_name_the_creature():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
                        "cards": [compiled(*NOBLE).card, compiled(*BEAR).card],
                        "battlefield": [{"id": "hier", "card": "Noble Hierarch", "controller": "alice"},
                                        {"id": "bear", "card": "Grizzly Bears", "controller": "alice",
                                         "attacking": "bob", "tapped": True}],
                        "stack": [{"source": "hier", "line": 1, "controller": "alice"}]}, "t.yaml")
    (r,) = Session(state).what_if(["resolve"]).results
    assert r.illegal is not None and "611.2c" in str(r.illegal)
