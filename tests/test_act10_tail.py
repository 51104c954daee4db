"""Activated abilities of the pool's cards with a mana line, act10's part (issue 13;
translator/compiler/act10_tail.py): real pool lines (AtomicCards 2024-03 wording, the card named)
read into the vocabulary, and what the what-if makes of them. The scenarios in
tests/rulings/imported/effects/ (608_2h_freyalise..., 608_2h_chromatic_orrery..., 609_4b_...,
701_9a_everythingamajig..., 401_4_orb_of_dragonkind...) check the outcomes with the CR rules."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of

AMAJIG = ("Everythingamajig [C]", "Artifact", (
    "{1}: Flip a coin. If you win the flip, add {C}{C}. Activate only as an instant.\n{3}, {T}: Target player discards "
    "a card. Activate only during your turn.\n{X}: Everythingamajig becomes an X/X Construct artifact creature until "
    "end of turn."))
FREYALISE = ("Freyalise, Llanowar's Fury", "Legendary Planeswalker — Freyalise", (
    "+2: Create a 1/1 green Elf Druid creature token with \"{T}: Add {G}.\"\n-2: Destroy target artifact or "
    "enchantment.\n-6: Draw a card for each green creature you control.\nFreyalise, Llanowar's Fury can be your "
    "commander."))
ORRERY = ("Chromatic Orrery", "Legendary Artifact", (
    "You may spend mana as though it were mana of any color.\n{T}: Add {C}{C}{C}{C}{C}.\n{5}, {T}: Draw a card for "
    "each color among permanents you control."))
ORB = ("Orb of Dragonkind", "Artifact", (
    "{1}, {T}: Add two mana in any combination of colors. Spend this mana only to cast Dragon spells or activate "
    "abilities of Dragons.\n{R}, {T}, Sacrifice Orb of Dragonkind: Look at the top seven cards of your library. You "
    "may reveal a Dragon card from among them and put it into your hand. Put the rest on the bottom of your library "
    "in a random order."))
KINNAN = ("Kinnan, Bonder Prodigy", "Legendary Creature — Human Druid", (
    "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced.\n"
    "{5}{G}{U}: Look at the top five cards of your library. You may put a non-Human creature card from among them onto "
    "the battlefield. Put the rest on the bottom of your library in a random order."))

GODSPEAKER = ("Sacellum Godspeaker", "Creature — Elf Druid", (
    "{T}: Reveal any number of creature cards with power 5 or greater from your hand. Add {G} for each card revealed "
    "this way."))

MAZE = ("Maze of Shadows", "Land", (
    "{T}: Add {C}.\n{T}: Untap target attacking creature with shadow. Prevent all combat damage that would be dealt to "
    "and dealt by that creature this turn."))

ORNAMENT = ("Bonder's Ornament", "Artifact", (
    "{T}: Add one mana of any color.\n{4}, {T}: Each player who controls a permanent named Bonder's Ornament draws a "
    "card."))

MOONSNARE = ("Moonsnare Prototype", "Artifact", (
    "{T}, Tap an untapped artifact or creature you control: Add {C}.\nChannel — {4}{U}, Discard Moonsnare Prototype: "
    "The owner of target nonland permanent puts it on the top or bottom of their library."))

FORGE = ("Forge of Heroes", "Land", (
    "{T}: Add {C}.\n{T}: Choose target commander that entered the battlefield this turn. Put a +1/+1 counter on it if "
    "it's a creature and a loyalty counter on it if it's a planeswalker."))

GROUNDS = ("Nesting Grounds", "Land", (
    "{T}: Add {C}.\n{1}, {T}: Move a counter from target permanent you control onto another target permanent. "
    "Activate only as a sorcery."))

BARRENS = ("Crawling Barrens", "Land", (
    "{T}: Add {C}.\n{4}: Put two +1/+1 counters on Crawling Barrens. Then you may have it become a 0/0 Elemental "
    "creature until end of turn. It's still a land."))

SHAMAN = ("Shaman of Forgotten Ways", "Creature — Human Shaman", (
    "{T}: Add two mana in any combination of colors. Spend this mana only to cast creature spells.\nFormidable — "
    "{9}{G}{G}, {T}: Each player's life total becomes the number of creatures they control. Activate only if creatures "
    "you control have total power 8 or greater."))

POUCH = ("Component Pouch", "Artifact", (
    "{T}, Remove a component counter from Component Pouch: Add two mana of different colors.\n{T}: Roll a d20.\n"
    "1—9 | Put a component counter on Component Pouch.\n10—20 | Put two component counters on Component Pouch."))

HIVE = ("Hive of the Eye Tyrant", "Land", (
    "If you control two or more other lands, Hive of the Eye Tyrant enters the battlefield tapped.\n{T}: Add {B}.\n"
    "{3}{B}: Until end of turn, Hive of the Eye Tyrant becomes a 3/3 black Beholder creature with menace and "
    "\"Whenever this creature attacks, exile target card from defending player's graveyard.\" It's still a land."))

WATCHTOWER = ("Isolated Watchtower", "Land", (
    "{T}: Add {C}.\n{2}, {T}: Scry 1, then you may reveal the top card of your library. If a basic land card is "
    "revealed this way, put it onto the battlefield tapped. Activate only if an opponent controls at least two more "
    "lands than you."))

DEN = ("Den of the Bugbear", "Land", (
    "If you control two or more other lands, Den of the Bugbear enters the battlefield tapped.\n{T}: Add {R}.\n"
    "{3}{R}: Until end of turn, Den of the Bugbear becomes a 3/2 red Goblin creature with \"Whenever this creature "
    "attacks, create a 1/1 red Goblin creature token that's tapped and attacking.\" It's still a land."))

CREEPER = ("Rootcoil Creeper", "Creature — Plant Hydra", (
    "{T}: Add one mana of any color.\n{T}: Add two mana of any one color. Spend this mana only to cast spells from your "
    "graveyard.\n{G}{U}, {T}, Exile Rootcoil Creeper: Return target card with flashback you own from exile to your hand."))


def test_the_compiler_reads_the_lines():
    does, target = effect_of(AMAJIG, 2)
    assert target == "player" and does == [{"move": {"what": "card_from_hand", "whose": "target", "to": "graveyard"}}]
    assert compiled(*AMAJIG).card["abilities"][1]["activated"]["only_if"] == [{"your_turn": True}]
    # (MTGJSON's variant mark "[C]" is no part of the printed name: "Everythingamajig" is ~)
    assert compiled(*AMAJIG).card["abilities"][2]["activated"]["creates"]["becomes"]["to"] == "self"
    assert effect_of(FREYALISE, 3)[0] == [{"draw": {"count": 1, "for_each": ["green", "creature"], "controller": "you"}}]
    assert compiled(*FREYALISE).card["abilities"][3] == {"line": 4, "deck_construction": "can_be_commander"}
    assert compiled(*ORRERY).card["abilities"][0] == {
        "line": 1, "static": {"spend": {"as_any_color": ["W", "U", "B", "R", "G", "C"]}}}
    assert effect_of(ORRERY, 3)[0] == [{"draw": {"count": 1, "colors_among": "you"}}]
    assert effect_of(ORB, 2)[0] == [{"dig": {"count": 7, "filter": ["dragon"], "order": "random"}}]
    assert effect_of(KINNAN, 2)[0] == [{"dig": {"count": 5, "filter": ["non-human", "creature"], "order": "random",
                                                "to": "battlefield"}}]
    assert compiled(*GODSPEAKER).card["abilities"][0]["activated"]["add_mana"] == {
        "for_each": {"zone": "hand", "filter": ["creature"], "revealed": True, "power_at_least": 5}, "mana": "{G}"}
    maze = compiled(*MAZE).card["abilities"][1]["activated"]
    assert maze["target"] == {"filter": ["creature"], "attacking": True, "with": "shadow"}
    assert maze["does"] == [{"untap": {"what": "target"}}]
    assert maze["creates"]["prevent"] == ["combat_damage_to_target", "combat_damage_by_target"]
    assert compiled("Soltari Foot Soldier", "Creature — Soltari Soldier", "Shadow (This creature can block or be "
                    "blocked by only creatures with shadow.)").card["abilities"][0]["keywords"] == ["shadow"]
    assert effect_of(ORNAMENT, 2)[0] == [{"draw": {"count": 1, "who": "each_player", "if_controls_named": "self"}}]
    channel = compiled(*MOONSNARE).card["abilities"][1]["activated"]
    assert channel["zone"] == "hand" and channel["target"] == {"filter": ["nonland", "permanent"]}
    assert channel["does"] == [{"move": {"what": "target", "to": "library_top_or_bottom"}}]
    does, target = effect_of(FORGE, 2)
    assert target == {"filter": ["permanent", "entered_this_turn"], "commander": True}
    assert does == [{"counters": {"what": "target", "kind": "+1/+1", "if_target": ["creature"]}},
                    {"counters": {"what": "target", "kind": "loyalty", "if_target": ["planeswalker"]}}]
    does, target = effect_of(GROUNDS, 2)
    assert target == [{"filter": ["permanent"], "controller": "you"}, {"filter": ["permanent"], "distinct": True}]
    assert does == [{"move_counter": {"from": "first_target", "to": "second_target"}}]
    barrens = compiled(*BARRENS).card["abilities"][1]["activated"]
    assert barrens["does"] == [{"counters": {"kind": "+1/+1", "count": 2, "what": "self"}}]
    assert barrens["creates"] == {"becomes": {"to": "self", "types": ["creature"], "subtypes": ["elemental"]},
                                  "pt": {"set": "0/0", "to": "self"}, "duration": "end_of_turn", "may": True}
    assert effect_of(SHAMAN, 2)[0] == [{"set_life": {"who": "each_player", "to": "creatures_controlled"}}]
    grant = compiled(*HIVE).card["abilities"][2]["activated"]["creates"]["grant"]
    assert grant["keywords"] == ["menace"] and grant["ability"]["triggered"]["when"] == {"attacks": "self"}
    assert grant["ability"]["triggered"]["target"] == {"filter": ["card"], "zone": "graveyard",
                                                       "owner": "defending_player"}
    tower = compiled(*WATCHTOWER).card["abilities"][1]["activated"]
    assert tower["only_if"] == [{"count": {"filter": ["land"], "whose": "opponent"}, "more_than_yours": 2}]
    assert tower["does"] == [{"scry": {"count": 1}}, {"move": {
        "what": "top_of_library", "filter": ["basic", "land"], "to": "battlefield", "tapped": True, "may": True}}]
    den = compiled(*DEN)
    granted = den.card["abilities"][2]["activated"]["creates"]["grant"]["ability"]["triggered"]
    assert granted["does"] == [{"create_token": {"card": "Goblin Token", "tapped_attacking": True}}]
    # (the token a granted ability creates is one of the card's tokens, 111.4)
    assert [t["name"] for t in den.tokens] == ["Goblin Token"]
    does, target = effect_of(CREEPER, 3)
    assert target == {"filter": ["card"], "zone": "exile", "owner": "you", "has_flashback": True}
    assert does == [{"move": {"what": "target", "to": "hand"}}]
    pouch = compiled(*POUCH).card["abilities"]
    assert pouch[1]["activated"]["does"] == [
        {"roll_die": {"sides": 20}}, {"counters": {"kind": "component", "what": "self", "if_roll": [1, 9]}},
        {"counters": {"kind": "component", "count": 2, "what": "self", "if_roll": [10, 20]}}]
    assert pouch[2] == {"line": 3, "part_of": 2} and pouch[3] == {"line": 4, "part_of": 2}
    for spec in (AMAJIG, FREYALISE, ORRERY, ORB, KINNAN, GODSPEAKER, MAZE, ORNAMENT, MOONSNARE, FORGE, GROUNDS,
                 BARRENS, SHAMAN, POUCH, HIVE, WATCHTOWER, DEN, CREEPER):
        assert compiled(*spec).fully_compiled, spec[0]


def test_what_is_not_read():
    # a kind the filters do not know, a subtype that is none, a discard by a player not targeted
    for text in ("{T}: Draw a card for each blorp you control.", ("{T}: Look at the top four cards of your library. "
                 "You may reveal a Blorp card from among them and put it into your hand. Put the rest on the bottom of "
                 "your library in a random order."), "{T}: That player discards a card.",
                 "{T}: Draw a card for each color among permanents."):
        assert compiled("Probe", "Artifact", text).lines[0].status == "partial", text
    assert compiled("Probe", "Artifact", "Probe can be your commander, sometimes.").lines[0].status == "text"


def test_the_vocabulary_checks_the_draw():
    def card(draw: dict) -> dict:
        return {"name": "Bad", "type_line": "Artifact", "oracle_text": "{T}: Draw.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Draw.", "does": [{"draw": draw}]}}]}
    with pytest.raises(InputError, match="controller goes with for_each"):
        parse_card(card({"controller": "you"}), "t")
    with pytest.raises(InputError, match="one of them"):
        parse_card(card({"for_each": ["creature"], "colors_among": "you"}), "t")
    with pytest.raises(InputError, match="one of them"):
        parse_card(card({"count": "that_many", "colors_among": "you"}), "t")
    with pytest.raises(InputError, match="colors_among"):
        parse_card(card({"colors_among": "opponents"}), "t")
    with pytest.raises(InputError, match="if_target goes with what: target"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Count.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Count.", "does": [
                {"counters": {"what": "self", "kind": "charge", "if_target": ["creature"]}}]}}]}, "t")
    with pytest.raises(InputError, match="beside a becomes on self"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Pump.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Pump.", "creates": {
                "pt": {"modify": "+1/+1", "to": "self"}, "may": True}}}]}, "t")
    # "you may have it become" beside actions other than counters on it is not read
    assert compiled("Probe", "Land", "{4}: Draw a card. Then you may have it become a 0/0 Elemental creature until end "
                    "of turn. It's still a land.").lines[0].status == "partial"
    with pytest.raises(InputError, match="defending_player goes with zone: graveyard"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Exile.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Exile.", "target": {
                "filter": ["creature"], "owner": "defending_player"}, "does": [{"move": {"what": "target", "to": "exile"}}]}}]},
                   "t")
    with pytest.raises(InputError, match="if_controls_named goes with who: each_player"):
        parse_card(card({"if_controls_named": "self"}), "t")
    with pytest.raises(InputError, match="one keyword of one word"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Untap.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Untap.", "target": {"filter": ["creature"],
                                                                                   "with": "blorp"},
                                      "does": [{"untap": {"what": "target"}}]}}]}, "t")
    # a keyword the rules here do not know is not read as a target's quality
    assert compiled("Probe", "Land", "{T}: Untap target attacking creature with horsemanship.").lines[0].status \
        == "partial"


ELF = {"name": "Test Elf", "mana_cost": "{G}", "type_line": "Creature — Elf", "power_toughness": "1/1"}
GOBLIN = {"name": "Test Goblin", "mana_cost": "{R}", "type_line": "Creature — Goblin", "power_toughness": "1/1"}
LIBRARY = {"alice": [{"id": f"c{i}", "card": "Test Goblin"} for i in range(4)]}


def _what_if(spec, battlefield, actions, **extra) -> list[dict]:
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*spec).card, ELF, GOBLIN], "battlefield": battlefield, "library": LIBRARY,
                        **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return [r.after(got.start) for r in got.results]


def _drawn(afters) -> list[int]:
    return sorted(sum(1 for k, v in a.items() if k.startswith("c") and v.get("zone") == "hand") for a in afters)


def test_a_draw_for_each_counts_as_it_resolves():
    field = [{"id": "frey", "card": "Freyalise, Llanowar's Fury", "controller": "alice", "counters": {"loyalty": 6}},
             {"id": "e1", "card": "Test Elf", "controller": "alice"}, {"id": "e2", "card": "Test Elf", "controller": "bob"},
             {"id": "g1", "card": "Test Goblin", "controller": "alice"}]
    afters = _what_if(FREYALISE, field, ["activate frey 3", "resolve"])
    assert _drawn(afters) == [1]        # one green creature of hers: Bob's and the red one not counted


def test_a_draw_for_each_color():
    field = [{"id": "orrery", "card": "Chromatic Orrery", "controller": "alice"},
             {"id": "e1", "card": "Test Elf", "controller": "alice"}, {"id": "e2", "card": "Test Elf", "controller": "alice"},
             {"id": "g1", "card": "Test Goblin", "controller": "bob"}]
    afters = _what_if(ORRERY, field, ["activate orrery 3", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}{C}"})
    assert _drawn(afters) == [1]        # green once (two green creatures), the red one is Bob's


def _godspeaker_state(power_toughness: str):
    goyf = {"name": "Test Goyf", "mana_cost": "{1}{G}", "type_line": "Creature — Lhurgoyf",
            "power_toughness": power_toughness}
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                       "cards": [compiled(*GODSPEAKER).card, goyf],
                       "battlefield": [{"id": "g", "card": "Sacellum Godspeaker", "controller": "alice"}],
                       "hand": {"alice": [{"id": "goyf", "card": "Test Goyf"}]}}, "t.yaml")


def test_a_card_of_unknown_power_is_named_not_counted():
    # a printed power of 5 or more counts; "*" (208.2a: a characteristic-defining ability) is not
    # counted, and the answers say so
    session = Session(_godspeaker_state("6/6"))
    assert session.could_produce("g").to_json()["could_produce"]["g"] == ["G"]
    assert "not_modelled" not in session.available_mana("alice").to_json()
    session = Session(_godspeaker_state("*/1+*"))
    got = session.available_mana("alice").to_json()
    assert [(u["object"], u["part"]) for u in got["not_modelled"]] == [("g", "power")]
    assert len(session.what_if(["activate g 1"]).results) == 1     # nothing to reveal: no mana


def test_the_mana_query_with_nothing_to_reveal():
    # a free mana ability whose every outcome adds nothing has no mode to plan with (it was an
    # inconsistency before: Metalworker with no artifact card in the hand)
    got = Session(_godspeaker_state("3/3")).available_mana("alice")
    assert "no mana" in got.to_text()
    with pytest.raises(InputError, match="power_at_least"):
        parse_card({"name": "Bad", "type_line": "Artifact", "oracle_text": "{T}: Add.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "add_mana": {
                "for_each": {"zone": "hand", "filter": ["creature"], "power_at_least": 5}, "mana": "{G}"}}}]}, "t")


def test_a_results_table_of_ranges():
    # a d4 whose ranges leave distinct states: results 1-2, 3 and 4 (706.3a); overlapping ranges, or
    # one past the die, are not read
    spec = ("Test Pouch", "Artifact", ("{T}: Roll a d4.\n1—2 | Put a charge counter on Test Pouch.\n"
            "3 | Put two charge counters on Test Pouch.\n4 | Put three charge counters on Test Pouch."))
    assert compiled(*spec).fully_compiled
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*spec).card],
                        "battlefield": [{"id": "p", "card": "Test Pouch", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["activate p 1", "resolve"])
    assert sorted(r.after(got.start)["p"]["counters"]["charge"] for r in got.results) == [1, 2, 3]
    for table in ("1—3 | Put a charge counter on Test Pouch.\n3—4 | Draw a card.",
                  "1—5 | Put a charge counter on Test Pouch."):
        assert not compiled("Test Pouch", "Artifact", f"{{T}}: Roll a d4.\n{table}").fully_compiled
    with pytest.raises(InputError, match="range"):
        parse_card({"name": "Bad", "type_line": "Artifact", "oracle_text": "{T}: Roll.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Roll.", "does": [
                {"roll_die": {"sides": 4}}, {"draw": {"count": 1, "if_roll": [3, 2]}}]}}]}, "t")
    with pytest.raises(InputError, match="a result the die has"):
        parse_card({"name": "Bad", "type_line": "Artifact", "oracle_text": "{T}: Roll.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Roll.", "does": [
                {"roll_die": {"sides": 4}}, {"draw": {"count": 1, "if_roll": [3, 5]}}]}}]}, "t")


def test_an_opponent_with_two_more_lands():
    # 602.5: the Watchtower is one land of Alice's; Bob needs three lands (two more) for it
    def refused(forests: int) -> bool:
        field = [{"id": "tower", "card": "Isolated Watchtower", "controller": "alice"},
                 *({"id": f"f{i}", "card": "Forest", "controller": "bob"} for i in range(forests))]
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice",
                                                                  "step": "precombat_main"},
                            "cards": [compiled(*WATCHTOWER).card],
                            "battlefield": field, "mana_pool": {"alice": "{C}{C}"},
                            "library": {"alice": [{"id": "x", "card": "Forest"}]}}, "t.yaml")
        got = Session(state).what_if(["activate tower 2"])
        return got.results[0].illegal is not None
    assert refused(2) and not refused(3)
    with pytest.raises(InputError, match="more_than_yours: goes with whose: opponent"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Draw a card.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "only_if": [{"count": {"filter": ["land"]}, "more_than_yours": 2}],
                                      "effect": "Draw a card.", "does": [{"draw": {"count": 1}}]}}]}, "t")


def test_a_flashback_line_kept_as_words_still_has_flashback():
    # 702.34a: a card whose flashback cost is not read (its line text) has flashback all the same
    spell = {"name": "Test Spell", "mana_cost": "{W}", "type_line": "Sorcery",
             "oracle_text": "Draw a card.\nFlashback—Tap three untapped white creatures you control.",
             "abilities": [{"line": 1, "spell": {"effect": "Draw a card.", "does": [{"draw": {"count": 1}}]}},
                           {"line": 2, "text": "Flashback—Tap three untapped white creatures you control."}]}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*CREEPER).card, spell],
                        "battlefield": [{"id": "c", "card": "Rootcoil Creeper", "controller": "alice", "since_turn": 2}],
                        "exile": {"alice": [{"id": "s", "card": "Test Spell"}]}, "mana_pool": {"alice": "{G}{U}"}},
                       "t.yaml")
    got = Session(state).what_if(["activate c 3 targeting s", "resolve"])
    assert got.results[0].after(got.start)["s"]["zone"] == "hand"
    with pytest.raises(InputError, match="has_flashback: goes with a zone"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Return.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Return.", "target": {
                "filter": ["sorcery"], "has_flashback": True}, "does": [{"move": {"what": "target", "to": "hand"}}]}}]},
                   "t")
