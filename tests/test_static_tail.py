"""The static abilities of the long tail of nonland mana cards (translator/compiler/static_tail.py),
each on its real pool line (the card named), asserting the exact vocabulary entry; the rules they
compile to are checked by the scenarios in tests/rulings/imported/statics/."""

from __future__ import annotations

import pytest
from mtg_asp.translator.compiler import COMPILED, TEXT
from pool_lines import compiled


def line(name: str, type_line: str, text: str, n: int = 1):
    c = compiled(name, type_line, text)
    entry = dict(c.card["abilities"][n - 1])
    del entry["line"]
    return entry, c.lines[n - 1].status


@pytest.mark.parametrize("name, text, pt, to", [
    ("Elvish Archdruid", "Other Elf creatures you control get +1/+1.", "+1/+1",
     {"filter": ["elf", "creature"], "controller": "you", "other": True}),
    ("Sachi, Daughter of Seshiro", "Other Snake creatures you control get +0/+1.", "+0/+1",
     {"filter": ["snake", "creature"], "controller": "you", "other": True}),
    ("Gauntlet of Might", "Red creatures get +1/+1.", "+1/+1", {"filter": ["red", "creature"]}),
    ("Grand Architect", "Other blue creatures you control get +1/+1.", "+1/+1",
     {"filter": ["blue", "creature"], "controller": "you", "other": True}),
    ("Forsaken Monument", "Colorless creatures you control get +2/+2.", "+2/+2",
     {"filter": ["colorless", "creature"], "controller": "you"}),
])
def test_anthems_of_a_color_or_creature_type(name, text, pt, to):
    assert line(name, "Creature — Elf", text) == ({"static": {"pt": {"modify": pt, "to": to}}}, COMPILED)


def test_an_anthem_of_words_that_are_not_a_kind_stays_text():
    # "Lands and Forests" (not two creature types: "Wolves and Werewolves" is compiler/misc11_tail.py's) and
    # "of the chosen color" are not read
    assert line("Test", "Enchantment", "Lands and Forests you control get +1/+1.")[1] == TEXT
    assert line("Heraldic Banner", "Artifact", "Creatures you control of the chosen color get +1/+0.")[1] == TEXT


@pytest.mark.parametrize("name, text, static", [
    ("Drover of the Mighty", "Drover of the Mighty gets +2/+2 as long as you control a Dinosaur.",
     {"condition": {"you_control": {"filter": ["dinosaur"], "at_least": 1}}, "pt": {"modify": "+2/+2", "to": "self"}}),
    ("Reclusive Taxidermist",
     "Reclusive Taxidermist gets +3/+2 as long as there are four or more creature cards in your graveyard.",
     {"condition": {"in_graveyard": {"at_least": 4, "filter": ["creature"]}}, "pt": {"modify": "+3/+2", "to": "self"}}),
    ("Werebear", "Threshold — Werebear gets +3/+3 as long as seven or more cards are in your graveyard.",
     {"condition": {"in_graveyard": {"at_least": 7}}, "pt": {"modify": "+3/+3", "to": "self"}}),
    ("Paradise Druid",
     "Paradise Druid has hexproof as long as it's untapped. (It can't be the target of spells or abilities your opponents control.)",
     {"condition": "self_untapped", "grant": {"to": "self", "ability": {"keywords": ["hexproof"]}}}),
])
def test_a_creatures_own_pt_or_keyword_as_long_as_a_condition_holds(name, text, static):
    assert line(name, "Creature — Druid", text) == ({"static": static}, COMPILED)


def test_delirium_and_a_condition_not_read():
    text = ("Delirium — Deathcap Cultivator has deathtouch as long as there are four or more card types among "
            "cards in your graveyard.")
    assert line("Deathcap Cultivator", "Creature — Human Druid", text) == (
        {"static": {"condition": {"in_graveyard": {"card_types_at_least": 4}},
                    "grant": {"to": "self", "ability": {"keywords": ["deathtouch"]}}}}, COMPILED)
    # "as long as it's your turn" is not a condition read here: the line stays text
    assert line("Odd", "Creature — Human", "Odd has first strike as long as it's your turn.")[1] == TEXT


def test_enchanted_land_has_a_keyword():
    text = "Enchanted land has shroud. (It can't be the target of spells or abilities.)"
    assert line("Trace of Abundance", "Enchantment — Aura", text) == (
        {"static": {"grant": {"to": "enchanted_land", "ability": {"keywords": ["shroud"]}}}}, COMPILED)


@pytest.mark.parametrize("condition, words", [
    ({"in_graveyard": {"at_least": 0}}, "positive number"),
    ({"in_graveyard": {"card_types_at_least": 4, "at_least": 2}}, "card types"),
    ({"in_graveyard": {"at_least": 7, "kind": "x"}}, "kind"),
    ("self_tapped", "must be one of"),
])
def test_a_bad_static_condition_is_refused_naming_its_field(condition, words):
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Bear", "mana_cost": "{G}", "type_line": "Creature — Bear", "power_toughness": "1/1",
            "oracle_text": "x", "abilities": [{"line": 1, "static": {"condition": condition,
                                                                   "pt": {"modify": "+1/+1", "to": "self"}}}]}
    with pytest.raises(InputError, match=words) as e:
        parse_card(card, "bear.yaml")
    assert "condition" in str(e.value)


@pytest.mark.parametrize("name, text, entry", [
    ("Leyline of Abundance", "If Leyline of Abundance is in your opening hand, you may begin the game with it on the battlefield.",
     {"opening_hand": "begin_on_battlefield"}),
    ("Serum Powder", ("Any time you could mulligan and Serum Powder is in your hand, you may exile all the cards from your "
     "hand, then draw that many cards. (You can do this in addition to taking mulligans.)"),
     {"opening_hand": "mulligan_exile_hand"}),
    ("Dustin, Gadget Genius", "Friends forever (You can have two commanders if both have friends forever.)",
     {"deck_construction": "friends_forever"}),
])
def test_abilities_that_work_before_the_game(name, text, entry):
    assert line(name, "Artifact", text) == (entry, COMPILED)


def test_an_unknown_opening_hand_action_is_refused():
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Odd", "mana_cost": "{G}", "type_line": "Enchantment", "oracle_text": "x",
            "abilities": [{"line": 1, "opening_hand": "begin_in_play"}]}
    with pytest.raises(InputError, match="opening_hand"):
        parse_card(card, "odd.yaml")


def test_an_additional_cost_that_sacrifices_a_creature():
    text = "As an additional cost to cast this spell, sacrifice a creature."
    assert line("Culling the Weak", "Instant", text) == ({"additional_cost": {"sacrifice": ["creature"]}}, COMPILED)
    # any other additional cost keeps its words (the what-if refuses the cast)
    other = "As an additional cost to cast this spell, discard a card."
    entry, status = line("Odd Spell", "Sorcery", other)
    assert entry == {"additional_cost": "discard a card"} and status != COMPILED


@pytest.mark.parametrize("name", ["Fieldmist Borderpost", "Firewild Borderpost", "Mistvein Borderpost",
                                  "Veinfire Borderpost", "Wildfield Borderpost"])
def test_the_borderposts_alternative_cost(name):
    text = ("You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's "
            "mana cost.")
    assert line(name, "Artifact", text) == (
        {"alternative_cost": {"mana": "{1}", "return_to_hand": ["basic", "land"]}}, COMPILED)


@pytest.mark.parametrize("entry, words", [
    ({"additional_cost": {"sacrifice": "self"}}, "sacrifice: FILTER"),
    ({"additional_cost": {"discard": 1}}, "sacrifice: FILTER"),
    ({"alternative_cost": {"return_to_hand": ["basic", "land"]}}, "mana"),
    ({"alternative_cost": {"mana": "{1}", "tap": ["land"]}}, "tap"),
])
def test_a_bad_cost_to_cast_is_refused_naming_its_field(entry, words):
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Odd", "mana_cost": "{B}", "type_line": "Sorcery", "oracle_text": "x",
            "abilities": [{"line": 1, **entry}]}
    with pytest.raises(InputError, match=words):
        parse_card(card, "odd.yaml")


def test_a_hybrid_symbols_reminder_text_and_keywords_of_a_subtype():
    assert line("Wild Cantor", "Creature — Human Druid", "({R/G} can be paid with either {R} or {G}.)") == (
        {"reminder": ["107.4e"]}, COMPILED)
    # a reminder that does not say how that symbol is paid stays text
    assert line("Odd", "Creature — Human", "({R/G} can be paid with either {R} or {W}.)")[1] == TEXT
    assert line("Katilda, Dawnhart Prime", "Legendary Creature — Human Warlock", "Protection from Werewolves") == (
        {"keywords": ["protection from werewolves"]}, COMPILED)
    assert line("Utopia Sprawl", "Enchantment — Aura", "Enchant Forest") == ({"keywords": ["enchant forest"]}, COMPILED)


def test_you_cant_cast_spells_of_a_kind():
    assert line("Nikya of the Old Ways", "Legendary Creature — Centaur Druid", "You can't cast noncreature spells.") == (
        {"static": {"cant_cast": ["noncreature"]}}, COMPILED)
    assert line("Codie, Vociferous Codex", "Legendary Artifact Creature — Construct",
                "You can't cast permanent spells.") == ({"static": {"cant_cast": ["permanent"]}}, COMPILED)


def test_also_creature_types():
    assert line("Stonework Packbeast", "Artifact Creature — Beast",
                "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.") == (
        {"static": {"also_subtypes": ["cleric", "rogue", "warrior", "wizard"]}}, COMPILED)
    # a word that is not a creature type keeps the line as text
    assert line("Odd", "Creature — Beast", "Odd is also a Cleric and Plains.")[1] == TEXT


def test_pt_for_each_color_among_your_permanents():
    assert line("Faeburrow Elder", "Creature — Treefolk Druid",
                "Faeburrow Elder gets +1/+1 for each color among permanents you control.") == (
        {"static": {"pt": {"modify": "+1/+1", "to": "self", "for_each": "color_among_yours"}}}, COMPILED)


def test_pt_for_each_only_on_a_static_ability():
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Odd", "mana_cost": "{G}", "type_line": "Instant", "oracle_text": "x",
            "abilities": [{"line": 1, "spell": {"effect": "x", "creates": {
                "pt": {"modify": "+1/+1", "to": "target", "for_each": "color_among_yours"},
                "duration": "end_of_turn"}}}]}
    with pytest.raises(InputError, match="for_each"):
        parse_card(card, "odd.yaml")


def test_equipped_creatures_you_control_have():
    assert line("Dalakos, Crafter of Wonders", "Legendary Creature — Merfolk Artificer",
                "Equipped creatures you control have flying and haste.") == (
        {"static": {"grant": {"to": {"filter": ["equipped", "creature"], "controller": "you"},
                              "ability": {"keywords": ["flying", "haste"]}}}}, COMPILED)


def test_enchanted_land_is_snow():
    assert line("Glittering Frost", "Snow Enchantment — Aura", "Enchanted land is snow.") == (
        {"static": {"enchanted_supertype": "snow"}}, COMPILED)


def test_untap_during_each_other_players_untap_step():
    assert line("Victory Chimes", "Artifact", "Untap Victory Chimes during each other player's untap step.") == (
        {"static": {"untaps_in_others_untap": True}}, COMPILED)


def test_mana_equal_to_the_sacrificed_creatures_mana_value():
    text = ("As an additional cost to cast this spell, sacrifice a creature.\n"
            "Add an amount of {B} equal to the sacrificed creature's mana value.")
    c = compiled("Sacrifice", "Instant", text)
    assert c.fully_compiled
    assert c.card["abilities"][1]["spell"] == {"add_mana": {"mana": "{B}", "amount": "sacrificed_mana_value"}}
    # without the additional cost that sacrifices, the line is not read
    assert compiled("Odd", "Instant", "Add an amount of {B} equal to the sacrificed creature's mana value.").lines[0].status == TEXT


def test_the_sacrificed_mana_value_is_a_spells_amount_only():
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "Odd", "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": "x",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": {
                "mana": "{B}", "amount": "sacrificed_mana_value"}}}]}
    with pytest.raises(InputError, match="sacrificed_mana_value"):
        parse_card(card, "odd.yaml")
