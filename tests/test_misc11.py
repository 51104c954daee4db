"""Lines of the pool's mana cards read by translator/compiler/misc11_tail.py (issue 13): real pool
lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled

LORD = ("Lord of the Ulvenwald", "Creature — Werewolf", (
    "Other Wolves and Werewolves you control get +1/+1.\nWhenever Lord of the Ulvenwald attacks, add {R} or {G}. "
    "Until end of turn, you don't lose this mana as steps and phases end.\nNightbound (If a player casts at least "
    "two spells during their own turn, it becomes day next turn.)"))


def test_anthem_of_two_creature_types():
    # CR 613.4c, 205.3m: one group of either kind
    c = compiled(*LORD)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "static": {"pt": {"modify": "+1/+1", "to": {
        "any_of": [["wolf"], ["werewolf"]], "controller": "you", "other": True}}}}
    c = compiled("Master Trinketeer", "Creature — Dwarf Artificer", "Servos and Thopters you control get +1/+1.")
    assert c.card["abilities"][0]["static"]["pt"]["to"] == {"any_of": [["servo"], ["thopter"]], "controller": "you"}


def test_anthem_of_two_kinds_needs_creature_types():
    assert not compiled("Test", "Enchantment", "Lands and Forests you control get +1/+1.").fully_compiled
    assert not compiled("Test", "Enchantment", "Elves and Elves you control get +1/+1.").fully_compiled


def test_group_of_kinds_is_checked():
    card = {"name": "X", "type_line": "Enchantment", "oracle_text": "a", "abilities": [
        {"line": 1, "static": {"pt": {"modify": "+1/+1", "to": {"any_of": [["wolf"]], "controller": "you"}}}}]}
    with pytest.raises(InputError, match="two or more"):
        parse_card(card, "t")
    card["abilities"][0]["static"]["pt"]["for_each"] = "color_among_yours"
    card["abilities"][0]["static"]["pt"]["to"]["any_of"].append(["werewolf"])
    with pytest.raises(InputError, match="for_each"):
        parse_card(card, "t")


SHRINE = ("Shrine of Boundless Growth", "Artifact", (
    "At the beginning of your upkeep or whenever you cast a green spell, put a charge counter on Shrine of Boundless "
    "Growth.\n{T}, Sacrifice Shrine of Boundless Growth: Add {C} for each charge counter on Shrine of Boundless Growth."))


def test_upkeep_or_cast_is_one_ability_with_two_events():
    # CR 603.2: one triggered ability, either event triggers it
    c = compiled(*SHRINE)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["when"] == {"cast_spell": {"filter": ["green"], "controller": "you"}}
    assert t["or_when"] == {"beginning_of_upkeep": "your_turn"}
    assert t["does"] == [{"counters": {"kind": "charge", "what": "self"}}]


def test_upkeep_or_cast_needs_its_whole_effect():
    c = compiled("Test", "Artifact", "At the beginning of your upkeep or whenever you cast a green spell, "
                                     "frobnicate the widget.")
    assert not c.fully_compiled


def test_or_when_is_checked():
    base = {"effect": "x", "does": [{"counters": {"kind": "charge", "what": "self"}}]}
    for bad in ({"or_when": {"beginning_of_upkeep": "your_turn"}},     # no when
                {"when": {"becomes_blocked": "self"}, "or_when": {"beginning_of_upkeep": "your_turn"}},
                {"when": {"cast_spell": {"filter": ["green"]}}, "or_when": {"cast_spell": {"filter": ["red"]}}}):
        card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
                "abilities": [{"line": 1, "triggered": {**base, **bad}}]}
        with pytest.raises(InputError, match="or_when"):
            parse_card(card, "t")


RAMOS = ("Ramos, Dragon Engine", "Legendary Artifact Creature — Dragon", (
    "Flying\nWhenever you cast a spell, put a +1/+1 counter on Ramos, Dragon Engine for each of that spell's colors.\n"
    "Remove five +1/+1 counters from Ramos: Add {W}{W}{U}{U}{B}{B}{R}{R}{G}{G}. Activate only once each turn."))
ZAXARA = ("Zaxara, the Exemplary", "Legendary Creature — Nightmare Hydra", (
    "Deathtouch\n{T}: Add two mana of any one color.\nWhenever you cast a spell with {X} in its mana cost, create a 0/0 "
    "green Hydra creature token, then put X +1/+1 counters on it."))


def test_counters_for_each_of_that_spells_colors():
    # CR 601.2i, 608.2h, 105.2: the spell the trigger remembers
    c = compiled(*RAMOS)
    assert c.fully_compiled
    assert c.card["abilities"][1]["triggered"]["when"] == {"cast_spell": {"controller": "you"}}
    assert c.card["abilities"][1]["triggered"]["does"] == [
        {"counters": {"what": "self", "kind": "+1/+1", "for_each": "spell_colors"}}]


def test_token_then_x_counters_on_it():
    # CR 107.3e: the X of the spell cast; 608.2c: on the token just created
    c = compiled(*ZAXARA)
    assert c.fully_compiled
    t = c.card["abilities"][2]["triggered"]
    assert t["when"] == {"cast_spell": {"filter": ["x_in_cost"], "controller": "you"}}
    assert t["does"] == [{"create_token": {"card": "Hydra Token"}},
                         {"counters": {"what": "created_token", "kind": "+1/+1", "count": "x"}}]
    assert [tok["name"] for tok in c.tokens] == ["Hydra Token"]


def test_spell_readings_are_checked():
    def card(trig):
        return {"name": "X", "type_line": "Creature — Dragon", "oracle_text": "a", "power_toughness": "1/1",
                "abilities": [{"line": 1, "triggered": {"effect": "x", **trig}}]}
    colors = {"counters": {"what": "self", "kind": "+1/+1", "for_each": "spell_colors"}}
    with pytest.raises(InputError, match="spell_colors"):
        parse_card(card({"when": {"attacks": "self"}, "does": [colors]}), "t")
    x = {"counters": {"what": "self", "kind": "+1/+1", "count": "x"}}
    with pytest.raises(InputError, match="count: x"):
        parse_card(card({"when": {"cast_spell": {"filter": ["green"]}}, "does": [x]}), "t")
    parse_card(card({"when": {"cast_spell": {"filter": ["x_in_cost"]}}, "does": [x]}), "t")


GOLDSPAN = ("Goldspan Dragon", "Creature — Dragon", (
    "Flying, haste\nWhenever Goldspan Dragon attacks or becomes the target of a spell, create a Treasure token.\n"
    "Treasures you control have \"{T}, Sacrifice this artifact: Add two mana of any one color.\""))


def test_attacks_or_becomes_the_target_of_a_spell():
    # CR 603.2: one ability, two events; 601.2i: the target of a spell as it becomes cast
    c = compiled(*GOLDSPAN)
    assert c.fully_compiled
    t = c.card["abilities"][1]["triggered"]
    assert (t["when"], t["or_when"]) == ({"attacks": "self"}, {"becomes_target_of_spell": "self"})
    assert t["does"] == [{"create_token": {"card": "Treasure"}}]
    assert not compiled("Test", "Creature — Dragon", "Whenever Test attacks or becomes the target of a spell, "
                                                    "frobnicate.").fully_compiled


ERUPTION = ("The First Eruption", "Enchantment — Saga", (
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — The First Eruption "
    "deals 1 damage to each creature without flying.\nII — Add {R}{R}.\nIII — Sacrifice a Mountain. If you do, The "
    "First Eruption deals 3 damage to each creature."))


def test_saga_reminder_and_chapters():
    # CR 714.2b, 714.3a, 714.3c, 714.4
    c = compiled(*ERUPTION)
    assert c.fully_compiled
    a = c.card["abilities"]
    assert a[0] == {"line": 1, "reminder": ["714.3a", "714.3c", "714.4"]}
    assert a[1]["triggered"]["when"] == {"chapter": 1}
    assert a[1]["triggered"]["does"] == [{"damage": {"to": "each", "amount": 1, "filter": ["creature"],
                                                     "without": "flying"}}]
    assert a[2]["triggered"] == {"when": {"chapter": 2}, "add_mana": "{R}{R}"}
    assert a[3]["triggered"]["does"] == [{"sacrifice": {"what": "one", "filter": ["mountain"]}},
                                         {"damage": {"to": "each", "amount": 3, "filter": ["creature"], "if_done": True}}]


def test_chapters_of_two_numbers_and_not_on_other_cards():
    c = compiled("Test Saga", "Enchantment — Saga", "I, II — You gain 2 life.\nIII — Draw a card.")
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"]["when"] == {"chapter": [1, 2]}
    assert not compiled("Test", "Enchantment", "I — You gain 2 life.").fully_compiled
    assert not compiled("Test Saga", "Enchantment — Saga", "I — Frobnicate the widget.").fully_compiled


def test_chapter_is_checked():
    card = {"name": "X", "type_line": "Enchantment — Saga", "oracle_text": "a",
            "abilities": [{"line": 1, "triggered": {"when": {"chapter": 0}, "effect": "x",
                                                    "does": [{"gain_life": {"amount": 1}}]}}]}
    with pytest.raises(InputError, match="chapter"):
        parse_card(card, "t")
    card["abilities"][0]["triggered"]["when"] = {"chapter": [1, 1]}
    with pytest.raises(InputError, match="chapter"):
        parse_card(card, "t")


ARNI = ("Arni Slays the Troll", "Enchantment — Saga", (
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Target creature you "
    "control fights up to one target creature you don't control.\nII — Add {R}. Put two +1/+1 counters on up to one "
    "target creature you control.\nIII — You gain life equal to the greatest power among creatures you control."))


def test_fight_up_to_one_and_greatest_power():
    # CR 701.14a, 115.6; 608.2h: the greatest power as it resolves
    c = compiled(*ARNI)
    assert c.fully_compiled
    one = c.card["abilities"][1]["triggered"]
    assert one["target"] == [{"filter": ["creature"], "controller": "you"},
                             {"filter": ["creature"], "controller": "not_you", "up_to": True}]
    assert one["does"] == [{"fight": {"what": "targets"}}]
    assert c.card["abilities"][3]["triggered"]["does"] == [{"gain_life": {"amount": "greatest_power"}}]


SONG = ("Song of Freyalise", "Enchantment — Saga", (
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI, II — Until your next "
    "turn, creatures you control gain \"{T}: Add one mana of any color.\"\nIII — Put a +1/+1 counter on each creature "
    "you control. Those creatures gain vigilance, trample, and indestructible until end of turn."))


def test_until_your_next_turn_and_those_creatures():
    # CR 611.2a: until its controller's next turn; 611.2c: the creatures it put counters on
    c = compiled(*SONG)
    assert c.fully_compiled
    one = c.card["abilities"][1]["triggered"]
    assert one["when"] == {"chapter": [1, 2]}
    assert one["creates"] == {"grant": {"to": {"filter": ["creature"], "controller": "you"}, "ability": {
        "activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}}, "duration": "your_next_turn"}
    three = c.card["abilities"][2]["triggered"]
    assert three["creates"]["grant"]["ability"] == {"keywords": ["vigilance", "trample", "indestructible"]}
    assert three["does"] == [{"counters": {"kind": "+1/+1", "what": "each", "filter": ["creature"], "controller": "you"}}]
    # "Those creatures" only after counters on each creature you control
    assert not compiled("Test", "Instant", "Draw a card. Those creatures gain trample until end of turn.").fully_compiled


BLOODSKY = ("The Bloodsky Massacre", "Enchantment — Saga", (
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Create a 2/3 red "
    "Demon Berserker creature token with menace.\nII — Whenever a Berserker attacks this turn, you draw a card and you "
    "lose 1 life.\nIII — Add {R} for each Berserker you control. Until end of turn, you don't lose this mana as steps "
    "and phases end."))


def test_delayed_trigger_this_turn():
    # CR 603.7b: with a stated duration it triggers each time this turn
    c = compiled(*BLOODSKY)
    assert c.fully_compiled
    two = c.card["abilities"][2]["triggered"]
    assert two["delayed"] == {"when": {"attacks": {"filter": ["berserker", "creature"]}}, "this_turn": True,
                              "effect": "Whenever a Berserker attacks this turn, you draw a card and you lose 1 life.",
                              "does": [{"draw": {"count": 1}}, {"lose_life": {"amount": 1}}]}


def test_delayed_this_turn_is_checked():
    card = {"name": "X", "type_line": "Enchantment", "oracle_text": "a", "abilities": [{"line": 1, "triggered": {
        "when": {"beginning_of_upkeep": "your_turn"}, "effect": "x",
        "delayed": {"when": {"beginning_of_upkeep": "next_turn"}, "this_turn": True, "does": [{"draw": {"count": 1}}]}}}]}
    with pytest.raises(InputError, match="this_turn"):
        parse_card(card, "t")


def test_others_enter_with_counters():
    # CR 614.1c: a replacement effect on other Angels entering
    c = compiled("Giada, Font of Hope", "Legendary Creature — Angel", (
        "Flying, vigilance\nEach other Angel you control enters the battlefield with an additional +1/+1 counter on it "
        "for each Angel you already control.\n{T}: Add {W}. Spend this mana only to cast an Angel spell."))
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "static": {"others_enter_with": {
        "filter": ["angel"], "kind": "+1/+1", "for_each": ["angel"]}}}
    card = {"name": "X", "type_line": "Creature — Angel", "oracle_text": "a", "power_toughness": "1/1", "abilities": [
        {"line": 1, "static": {"others_enter_with": {"filter": ["angel"], "kind": "", "for_each": ["angel"]}}}]}
    with pytest.raises(InputError, match="kind"):
        parse_card(card, "t")


def test_if_you_do_after_may_keeps_its_reading():
    # "If you do, ..." after "You may sacrifice ~." is still compiler/lands8_tail.py's
    c = compiled("Safe Haven", "Land", "{2}, {T}: Exile target creature you control.\nAt the beginning of your upkeep, "
                 "you may sacrifice Safe Haven. If you do, return each card exiled with Safe Haven to the battlefield "
                 "under its owner's control.")
    assert c.lines[1].status == "compiled"
    c = compiled("Test", "Enchantment", "At the beginning of your upkeep, you may sacrifice Test. If you do, Test deals "
                                        "2 damage to each creature.")
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"]["does"][1]["damage"]["if_done"] is True
