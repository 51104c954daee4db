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


VILLAGER = ("Scorned Villager", "Creature — Human Werewolf", (
    "{T}: Add {G}.\nAt the beginning of each upkeep, if no spells were cast last turn, transform Scorned Villager."))
WEREWOLF = ("Moonscarred Werewolf", "Creature — Werewolf", (
    "Vigilance\n{T}: Add {G}{G}.\n"
    "At the beginning of each upkeep, if a player cast two or more spells last turn, transform Moonscarred Werewolf."))


def test_last_turn_conditions_are_read():
    for spec, n, cond in ((VILLAGER, 2, {"at_most": 0}), (WEREWOLF, 3, {"at_least": 2})):
        c = compiled(*spec)
        assert c.fully_compiled
        trig = c.card["abilities"][n - 1]["triggered"]
        assert trig["when"] == {"beginning_of_upkeep": "each_player"}
        assert trig["condition"] == {"last_turn": {"record": "spells_cast", "whose": "a_player", **cond}}
        assert trig["does"] == [{"transform": {"what": "self"}}]


def _upkeep(step, card, other, actions, **extra):
    back = {"back_face_up": True} if card == "Moonscarred Werewolf" else {}
    board = [{"id": "v", "card": card, "controller": "alice", "other_face": other, **back}]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": step},
                        "cards": [compiled(*VILLAGER).card, compiled(*WEREWOLF).card], "battlefield": board,
                        **extra}, "t.yaml")
    from mtg_asp.queries import Session
    got = Session(state).what_if(actions)
    (r,) = got.results
    assert r.illegal is None
    return r, r.after(got.start).get("v", {}).get("card", card)


@pytest.mark.parametrize("cast, face", [({}, "Moonscarred Werewolf"), ({"bob": 1}, "Scorned Villager")])
def test_scorned_villager_reads_the_turn_that_just_ended(cast, face):
    # 500.1: alice's cleanup ends, bob's turn begins; "last turn" is alice's turn (its spells, any player's)
    r, got = _upkeep("cleanup", "Scorned Villager", "Moonscarred Werewolf", ["next step", "resolve"]
                     if not cast else ["next step"], spells_cast=cast)
    assert got == face
    assert r.state.spells_cast_last_turn == tuple(cast.items())
    assert r.state.spells_cast == ()


@pytest.mark.parametrize("last, face", [({"bob": 2}, "Scorned Villager"), ({"alice": 1, "bob": 1}, "Moonscarred Werewolf")])
def test_moonscarred_werewolf_needs_one_player_with_two_spells(last, face):
    # from the untap step: the state's record of the previous turn
    actions = ["next step", "resolve"] if face == "Scorned Villager" else ["next step"]
    _, got = _upkeep("untap", "Moonscarred Werewolf", "Scorned Villager", actions, spells_cast_last_turn=last)
    assert got == face


def test_spells_cast_last_turn_is_checked():
    with pytest.raises(InputError, match="spells_cast_last_turn"):
        load_state({"players": ["alice"], "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                    "spells_cast_last_turn": {"carol": 1}}, "t.yaml")
    with pytest.raises(InputError, match="spells_cast_last_turn"):
        load_state({"players": ["alice"], "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                    "spells_cast_last_turn": {"alice": -1}}, "t.yaml")


SELVALA = ("Selvala, Heart of the Wilds", "Legendary Creature — Elf Scout", (
    "Whenever another creature enters the battlefield, its controller may draw a card if its power is greater than "
    "each other creature's power.\n"
    "{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among creatures you control."))


def test_selvala_trigger_is_read():
    does, target = effect_of(SELVALA, 1)
    assert target is None
    assert does == [{"draw": {"count": 1, "who": "its_controller", "may": True, "if_its_power": "greatest"}}]
    c = compiled(*SELVALA)
    assert c.card["abilities"][0]["triggered"]["when"] == {"enters": {"filter": ["creature"], "another": True}}


@pytest.mark.parametrize("power, draws", [(3, True), (2, False), (1, False)])
def test_selvala_its_controller_draws_only_with_the_greatest_power(power, draws):
    # 608.2c: greater than each other creature's power (Selvala's 2): equal is not greater
    giant = compiled("Test Giant", "Creature — Giant", "").card
    giant["power_toughness"], giant["mana_cost"] = f"{power}/{power}", "{1}"
    selvala = compiled(*SELVALA).card
    selvala["power_toughness"] = "2/3"
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "bob", "step": "precombat_main"},
                        "cards": [selvala, giant],
                        "battlefield": [{"id": "s", "card": SELVALA[0], "controller": "alice"}],
                        "hand": {"bob": [{"id": "g", "card": "Test Giant"}]},
                        "library": {"bob": [{"id": "b1", "card": "Test Giant"}], "alice": [{"id": "a1", "card": "Test Giant"}]},
                        "mana_pool": {"bob": "{C}"}}, "t.yaml")
    from mtg_asp.queries import Session
    got = Session(state).what_if(["cast g", "resolve", "resolve"])
    assert all(r.illegal is None for r in got.results)
    drawn = sorted(r.after(got.start).get("b1", {}).get("zone", "library") for r in got.results)
    # bob, the creature's controller, chooses (both outcomes); alice never draws
    assert drawn == (["hand", "library"] if draws else ["library"])
    assert all("a1" not in r.after(got.start) for r in got.results)


ALTAR = ("Altar of the Pantheon", "Artifact", (
    "Your devotion to each color and each combination of colors is increased by one.\n"
    "{T}: Add one mana of any color. If you control a God, a Demigod, or a legendary enchantment, you gain 1 life."))


def test_altar_of_the_pantheon_is_read():
    c = compiled(*ALTAR)
    assert c.fully_compiled
    assert c.card["abilities"][0]["static"] == {"devotion_bonus": 1}
    assert c.card["abilities"][1]["activated"]["does"] == [
        {"gain_life": {"amount": 1, "if_you_control_any": [["god"], ["demigod"], ["legendary", "enchantment"]]}}]


@pytest.mark.parametrize("card, type_line, controller, life", [
    ("Test God", "Legendary Enchantment Creature — God", "alice", 21),
    ("Test God", "Legendary Enchantment Creature — God", "bob", None),
    ("Test Shrine", "Legendary Enchantment", "alice", 21),
    ("Test Shrine", "Enchantment", "alice", None)])
def test_altar_gains_life_only_with_one_of_the_kinds(card, type_line, controller, life):
    # 608.2c: any of the three kinds, controlled by its controller as the mana ability resolves (605.3a)
    board = [{"id": "a", "card": ALTAR[0], "controller": "alice"}, {"id": "g", "card": card, "controller": controller}]
    got, afters = run([ALTAR, (card, type_line, "")], board, ["activate a 2"])
    assert all(r.illegal is None for r in got.results)
    assert {a["player alice"].get("life") for a in afters} == {life}


def test_devotion_bonus_is_checked():
    card = {"name": "Test Altar", "type_line": "Artifact", "oracle_text": "Devotion.",
            "abilities": [{"line": 1, "static": {"devotion_bonus": 0}}]}
    with pytest.raises(InputError, match="devotion_bonus"):
        load_state({"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "upkeep"},
                    "cards": [card], "battlefield": []}, "t.yaml")


HIERARCH = ("Honored Hierarch", "Creature — Human Druid", (
    "Renown 1 (When this creature deals combat damage to a player, if it isn't renowned, put a +1/+1 counter on it "
    "and it becomes renowned.)\n"
    "As long as Honored Hierarch is renowned, it has vigilance and \"{T}: Add one mana of any color.\""))


def test_renown_and_the_renowned_grant_are_read():
    c = compiled(*HIERARCH)
    assert c.fully_compiled
    trig = c.card["abilities"][0]["triggered"]
    assert trig["when"] == {"deals_combat_damage_to_player": "self"} and trig["condition"] == "self_not_renowned"
    assert trig["does"] == [{"counters": {"what": "self", "kind": "+1/+1", "count": 1}}, {"renowned": {"what": "self"}}]
    static = c.card["abilities"][1]["static"]
    assert static == {"condition": "self_renowned", "grant": {
        "to": "self", "keywords": ["vigilance"],
        "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}}}


def _hierarch(renowned: bool, step: str):
    extra = {"renowned": True} if renowned else {}
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": step},
                       "cards": [compiled(*HIERARCH).card],
                       "battlefield": [{"id": "h", "card": HIERARCH[0], "controller": "alice", "since_turn": 1,
                                        **extra}]}, "t.yaml")


@pytest.mark.parametrize("renowned", [False, True])
def test_renown_triggers_once(renowned):
    # 702.112a: combat damage to a player; "if it isn't renowned" (603.4); vigilance only once renowned
    from mtg_asp.queries import Session
    actions = ["attack h", "next step", "next step"] + ([] if renowned else ["resolve"])
    got = Session(_hierarch(renowned, "beginning_of_combat")).what_if(actions)
    (r,) = got.results
    assert r.illegal is None
    h = r.after(got.start)["h"]
    assert h.get("renowned") is True
    assert h.get("counters", {}).get("+1/+1") == (None if renowned else 1)
    assert h.get("tapped", False) is not renowned
    assert ("triggered" in [c.change.name for c in r.changes]) is not renowned
    assert r.state.battlefield[0].renowned


@pytest.mark.parametrize("renowned", [False, True])
def test_a_renowned_hierarch_taps_for_any_color(renowned):
    from mtg_asp.queries import Session
    assert Session(_hierarch(renowned, "precombat_main")).can_pay("alice", "{U}").payable is renowned


def test_renowned_is_checked():
    with pytest.raises(InputError, match="renowned"):
        load_state({"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "upkeep"},
                    "battlefield": [{"id": "e", "card": "Llanowar Elves", "controller": "alice", "renowned": "yes"}]},
                   "t.yaml")


BIBLIOPLEX = ("The Biblioplex", "Land", (
    "{T}: Add {C}.\n"
    "{2}, {T}: Look at the top card of your library. If it's an instant or sorcery card, you may reveal it and put it "
    "into your hand. If you don't put the card into your hand, you may put it into your graveyard. Activate only if "
    "you have exactly zero or seven cards in hand."))


def test_the_biblioplex_is_read():
    does, target = effect_of(BIBLIOPLEX, 2)
    assert target is None
    assert does == [{"move": {"what": "top_of_library", "any_of": [["instant"], ["sorcery"]], "to": "hand", "may": True}},
                    {"move": {"what": "top_of_library", "to": "graveyard", "may": True, "if_not_done": True}}]
    c = compiled(*BIBLIOPLEX)
    assert c.card["abilities"][1]["activated"]["only_if"] == [{"count": {"zone": "hand"}, "exactly": [0, 7]}]


@pytest.mark.parametrize("top, hand, places", [
    ("Test Bolt", 0, {"graveyard", "hand", "library"}), ("Test Bear", 0, {"graveyard", "library"}),
    ("Test Bolt", 7, {"graveyard", "hand", "library"}), ("Test Bolt", 3, None)])
def test_the_biblioplex_top_card(top, hand, places):
    # 608.2c: to the hand only an instant or sorcery; to the graveyard only if not put into the hand;
    # 602.5: exactly zero or seven cards in hand
    from mtg_asp.queries import Session
    cards = [compiled(*BIBLIOPLEX).card, compiled("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.").card,
             compiled("Test Bear", "Creature — Bear", "").card]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": [{"id": "b", "card": BIBLIOPLEX[0], "controller": "alice"}],
                        "mana_pool": {"alice": "{C}{C}"},
                        "hand": {"alice": [{"id": f"h{i}", "card": "Test Bear"} for i in range(hand)]},
                        "library": {"alice": [{"id": "t", "card": top}, {"id": "u", "card": "Test Bear"}]}}, "t.yaml")
    got = Session(state).what_if(["activate b 2", "resolve"])
    if places is None:
        (r,) = got.results
        assert [rule for rule, _ in r.illegal.why] == ["602.5"]
        return
    assert all(r.illegal is None for r in got.results)
    assert {r.after(got.start).get("t", {}).get("zone", "library") for r in got.results} == places


def test_exactly_a_list_is_checked():
    card = {"name": "Test Land", "type_line": "Land", "oracle_text": "{T}: Add {C}.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}",
                                                    "only_if": [{"count": {"zone": "hand"}, "exactly": [7, 7]}]}}]}
    with pytest.raises(InputError, match="exactly"):
        load_state({"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "upkeep"},
                    "cards": [card], "battlefield": []}, "t.yaml")


ECHOES = ("Mana Echoes", "Enchantment", (
    "Whenever a creature enters the battlefield, you may add an amount of {C} equal to the number of creatures you "
    "control that share a creature type with it."))


def test_mana_echoes_is_read():
    c = compiled(*ECHOES)
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"] == {
        "when": {"enters": {"filter": ["creature"]}}, "may_add": True,
        "add_mana": {"mana": "{C}", "amount": "shares_creature_type_with_it"}}


@pytest.mark.parametrize("entering, caster, pools", [
    ("Test Elf Warrior", "alice", {"{C}{C}", ""}),     # the Elf (a shared type) and itself
    ("Test Goblin", "alice", {"{C}{C}", ""}),          # the Goblin and itself
    ("Test Wall", "alice", {""}),                      # no creature type: shares none, not even with itself
    ("Test Elf Warrior", "bob", {"{C}", ""})])         # alice's Elf only: bob controls it
def test_mana_echoes_counts_the_creatures_sharing_a_type_with_it(entering, caster, pools):
    # 608.2h: counted as it resolves; 603.2c: "it" is the creature that entered; 608.2d: "you may"
    from mtg_asp.queries import Session

    def card(name, type_line):
        c = compiled(name, type_line, "").card
        c["mana_cost"] = "{1}"
        return c
    cards = [compiled(*ECHOES).card, card("Test Elf", "Creature — Elf Druid"),
             card("Test Elf Warrior", "Creature — Elf Warrior"), card("Test Goblin", "Creature — Goblin"),
             card("Test Wall", "Artifact Creature")]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": caster, "step": "precombat_main"},
                        "cards": cards,
                        "battlefield": [{"id": "m", "card": "Mana Echoes", "controller": "alice"},
                                        {"id": "e1", "card": "Test Elf", "controller": "alice"},
                                        {"id": "g1", "card": "Test Goblin", "controller": "alice"},
                                        {"id": "e2", "card": "Test Elf", "controller": "bob"}],
                        "hand": {caster: [{"id": "x", "card": entering}]}, "mana_pool": {caster: "{C}"}}, "t.yaml")
    got = Session(state).what_if(["cast x", "resolve", "resolve"])
    assert all(r.illegal is None for r in got.results)
    assert {(r.after(got.start).get("player alice") or {}).get("mana_pool", "") for r in got.results} == pools
