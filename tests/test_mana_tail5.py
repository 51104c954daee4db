"""The long tail of lines that add mana, round 5 (issue 13): real pool lines (AtomicCards 2024-03
wording, the card named) read by the compiler, and what asp/ makes of them. Tokens with a quoted
mana ability (CR 111.4, 111.2): the token's card is compiled from the quoted text."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled

SPAWNSIRE = ("Spawnsire of Ulamog", "Creature — Eldrazi",
             '{4}: Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this creature: Add {C}."')
FREYALISE = ("Freyalise, Llanowar's Fury", "Legendary Planeswalker — Freyalise",
             '+2: Create a 1/1 green Elf Druid creature token with "{T}: Add {G}."')
TEZZERET = ("Tezzeret the Schemer", "Legendary Planeswalker — Tezzeret",
            ('+1: Create a colorless artifact token named Etherium Cell with "{T}, Sacrifice this artifact: Add one '
             'mana of any color."'))
SVELLA = ("Svella, Ice Shaper", "Legendary Snow Creature — Troll Warrior",
          '{3}, {T}: Create a colorless snow artifact token named Icy Manalith with "{T}: Add one mana of any color."')


def _token(spec, name):
    c = compiled(*spec)
    assert c.fully_compiled, c.lines
    token = next(t for t in c.tokens if t["name"] == name)
    parse_card(token, "test")
    return c, token


def test_a_token_definition_whose_quoted_ability_adds_mana_is_an_activated_ability():
    # the quoted "Add {C}" is the token's ability, not this one's (605.1a): not a mana ability
    c, token = _token(SPAWNSIRE, "Eldrazi Spawn Token")
    entry = c.card["abilities"][0]["activated"]
    assert entry["does"] == [{"create_token": {"card": "Eldrazi Spawn Token", "count": 2}}]
    assert "add_mana" not in entry
    assert token["abilities"][0]["activated"] == {"cost": [{"sacrifice": "self"}], "add_mana": "{C}"}


def test_a_creature_token_with_a_quoted_mana_ability():
    c, token = _token(FREYALISE, "Elf Druid Token")
    assert c.card["abilities"][0]["activated"]["does"] == [{"create_token": {"card": "Elf Druid Token"}}]
    assert token["color_indicator"] == ["green"] and token["power_toughness"] == "1/1"
    assert token["abilities"][0]["activated"] == {"cost": ["{T}"], "add_mana": "{G}"}


def test_a_named_artifact_token_takes_the_name_and_types_the_effect_gives():
    c, token = _token(TEZZERET, "Etherium Cell")
    assert c.card["abilities"][0]["activated"]["does"] == [{"create_token": {"card": "Etherium Cell"}}]
    assert token["type_line"] == "Artifact" and "power_toughness" not in token
    assert token["abilities"][0]["activated"] == {"cost": ["{T}", {"sacrifice": "self"}], "add_mana": {"any": "color"}}
    _, icy = _token(SVELLA, "Icy Manalith")
    assert icy["type_line"] == "Snow Artifact"


# -- who gets the mana (CR 106.4) ------------------------------------------------------------

VALLEYMAKER = ("Valleymaker", "Creature — Giant Shaman", (
    "{T}, Sacrifice a Mountain: Valleymaker deals 3 damage to target creature.\n"
    "{T}, Sacrifice a Forest: Choose a player. That player adds {G}{G}{G}."))
SEARCHLIGHT = ("Spectral Searchlight", "Artifact", "{T}: Choose a player. That player adds one mana of any color they choose.")
CHIMES = ("Victory Chimes", "Artifact", ("Untap Victory Chimes during each other player's untap step.\n"
          "{T}: A player of your choice adds {C}."))
YURLOK = ("Yurlok of Scorch Thrash", "Legendary Creature — Viashino Shaman", "{1}, {T}: Each player adds {B}{R}{G}.")
VENDORS = ("Stadium Vendors", "Creature — Goblin", ("When Stadium Vendors enters the battlefield, choose a player. "
           "That player adds two mana of any one color they choose."))


def _line(spec, n):
    c = compiled(*spec)
    assert c.lines[n - 1].status == "compiled", c.lines[n - 1]
    return c.card["abilities"][n - 1]


def test_the_player_who_gets_the_mana():
    assert _line(VALLEYMAKER, 2)["activated"] == {"cost": ["{T}", {"sacrifice": ["forest"]}], "add_mana": "{G}{G}{G}",
                                                 "add_mana_to": "chosen_player"}
    assert _line(SEARCHLIGHT, 1)["activated"] == {"cost": ["{T}"], "add_mana": {"any": "color"},
                                                 "add_mana_to": "chosen_player"}
    assert _line(CHIMES, 2)["activated"]["add_mana_to"] == "chosen_player"
    assert _line(YURLOK, 1)["activated"] == {"cost": ["{1}", "{T}"], "add_mana": "{B}{R}{G}", "add_mana_to": "each_player"}
    assert _line(VENDORS, 1)["triggered"] == {"when": {"enters": "self"}, "add_mana": {"any": "color", "amount": 2},
                                             "add_mana_to": "chosen_player"}


def test_add_mana_to_is_checked():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}", "add_mana_to": "someone"}}]}
    with pytest.raises(InputError, match="add_mana_to: must be that_player, chosen_player or each_player"):
        parse_card(card, "t.yaml")
    card["abilities"][0]["activated"] = {"cost": ["{T}"], "effect": "Draw a card.", "add_mana_to": "each_player"}
    with pytest.raises(InputError, match="each_player goes beside add_mana"):
        parse_card(card, "t.yaml")


# -- words of the permanent: a token, one with counters (CR 111.1, 122.1) ------------------------

def test_grants_to_creatures_with_counters_and_a_cost_that_sacrifices_a_token():
    rishkar = ("Rishkar, Peema Renegade", "Legendary Creature — Elf Druid",
               'Each creature you control with a counter on it has "{T}: Add {G}."')
    jiang = ("Jiang Yanggu, Wildcrafter", "Legendary Planeswalker — Yanggu",
             'Each creature you control with a +1/+1 counter on it has "{T}: Add one mana of any color."')
    scope = ("Diamond Kaleidoscope", "Artifact", "Sacrifice a Prism token: Add one mana of any color.")
    assert _line(rishkar, 1)["static"]["grant"]["to"] == {"filter": ["creature", "with_counter"], "controller": "you"}
    assert _line(jiang, 1)["static"]["grant"]["to"] == {"filter": ["creature", "with_+1/+1_counter"],
                                                        "controller": "you"}
    assert _line(scope, 1)["activated"] == {"cost": [{"sacrifice": ["prism", "token"]}], "add_mana": {"any": "color"}}


# -- amounts counted as the ability resolves (CR 106.3, 608.2h) ----------------------------------

def test_amounts_by_power_name_life_and_opponents():
    avenger = ("Leafkin Avenger", "Creature — Elemental Druid", ("{T}: Add {G} for each creature with power 4 or greater "
               "you control."))
    shard = ("Powerstone Shard", "Artifact", "{T}: Add {C} for each artifact you control named Powerstone Shard.")
    sanctum = ("Sanctum of the Sun", "Legendary Land", "{T}: Add X mana of any one color, where X is your life total.")
    geyser = ("Mana Geyser", "Sorcery", "Add {R} for each tapped land your opponents control.")
    assert _line(avenger, 1)["activated"]["add_mana"] == {"for_each": {"filter": ["creature"], "power_at_least": 4},
                                                          "mana": "{G}"}
    assert _line(shard, 1)["activated"]["add_mana"] == {"for_each": {"filter": ["artifact"], "named": "self"},
                                                        "mana": "{C}"}
    assert _line(sanctum, 1)["activated"]["add_mana"] == {"any": "color", "amount": "life"}
    assert _line(geyser, 1)["spell"]["add_mana"] == {"for_each": {"filter": ["tapped", "land"], "whose": "opponents"},
                                                     "mana": "{R}"}


def test_for_each_parameters_are_checked():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": {
                "for_each": {"filter": ["artifact"], "named": "other"}, "mana": "{C}"}}}]}
    with pytest.raises(InputError, match="named: is self"):
        parse_card(card, "t.yaml")
    card["abilities"][0]["activated"]["add_mana"]["for_each"] = {"filter": ["creature"], "power_at_least": 2,
                                                                 "whose": "any"}
    with pytest.raises(InputError, match="whose: power_at_least and named count the permanents you control"):
        parse_card(card, "t.yaml")


# -- instructions around the mana (CR 608.2c, 106.6) ---------------------------------------------

def test_an_action_then_mana_and_riders_of_that_player():
    sarkhan = ("Sarkhan Unbroken", "Legendary Planeswalker — Sarkhan", "+1: Draw a card, then add one mana of any color.")
    a = _line(sarkhan, 1)["activated"]
    assert (a["add_mana"], a["does"]) == ({"any": "color"}, [{"draw": {"count": 1}}])
    carnival = compiled("Carnival of Souls", "Enchantment",
                        "Whenever a creature enters the battlefield, you lose 1 life and add {B}.")
    # the mana and the life loss, and (tests/test_subject_triggers.py) the event
    assert carnival.lines[0].status == "compiled"
    t = carnival.card["abilities"][0]["triggered"]
    assert t["when"] == {"enters": {"filter": ["creature"]}}
    assert (t["add_mana"], t["does"]) == ("{B}", [{"lose_life": {"amount": 1}}])
    shizuko = compiled("Shizuko, Caller of Autumn", "Legendary Creature — Snake Shaman",
                       "At the beginning of each player's upkeep, that player adds {G}{G}{G}. Until end of turn, "
                       "they don't lose this mana as steps and phases end.")
    assert shizuko.card["abilities"][0]["triggered"]["add_mana"] == {
        "mana": "{G}{G}{G}", "rider": "Until end of turn, they don't lose this mana as steps and phases end."}


def test_instead_under_a_counter_or_a_land_played():
    river = ("River of Tears", "Land", "{T}: Add {U}. If you played a land this turn, add {B} instead.")
    caverns = ("Gemstone Caverns", "Legendary Land",
               "{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana of any color.")
    assert _line(river, 1)["activated"]["instead"] == {"if": {"lands_played": "you", "at_least": 1}, "add_mana": "{B}"}
    assert _line(caverns, 1)["activated"]["instead"] == {"if": {"counters": "luck", "at_least": 1},
                                                         "add_mana": {"any": "color"}}
    card = {"name": "X", "type_line": "Land", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}",
                                                    "instead": {"if": {"lands_played": "bob", "at_least": 1},
                                                                "add_mana": "{G}"}}}]}
    with pytest.raises(InputError, match="lands_played: is written `lands_played: you`"):
        parse_card(card, "t.yaml")


def test_a_mana_trigger_on_any_of_three_land_types():
    keeper = ("Keeper of Progenitus", "Creature — Elf Druid", ("Whenever a player taps a Mountain, Forest, or Plains for "
              "mana, that player adds one mana of any type that land produced."))
    t = _line(keeper, 1)["triggered"]
    assert t["trigger"] == {"tapped_for_mana": {"any_of": [["mountain"], ["forest"], ["plains"]]}, "who": "any"}
    card = {"name": "X", "type_line": "Enchantment", "oracle_text": "a",
            "abilities": [{"line": 1, "triggered": {"trigger": {"tapped_for_mana": {"any_of": [["forest"]]}},
                                                    "add_mana": "{G}"}}]}
    with pytest.raises(InputError, match="any_of: is a list of two or more filters"):
        parse_card(card, "t.yaml")


def test_exert_in_a_mana_abilitys_cost_is_the_effect_it_has():
    ritualist = ("Oasis Ritualist", "Creature — Naga Druid", ("{T}, Exert Oasis Ritualist: Add two mana of any one "
                 "color. (An exerted creature won't untap during your next untap step.)"))
    assert _line(ritualist, 1)["activated"] == {
        "cost": ["{T}"], "add_mana": {"any": "color", "amount": 2},
        "creates": {"restrict": {"what": ["untap"], "to": "self"}, "duration": "your_next_untap_step"}}


# -- grants that apply as long as a condition holds (CR 604.2) -----------------------------------

def test_as_long_as_grants():
    tree = ("The World Tree", "Land", ('As long as you control six or more lands, lands you control have "{T}: Add one '
            'mana of any color."'))
    embrace = ("Nature's Embrace", "Enchantment — Aura", ('As long as enchanted permanent is a land, it has "{T}: Add '
               'two mana of any one color."'))
    assert _line(tree, 1)["static"] == {
        "condition": {"you_control": {"filter": ["land"], "at_least": 6}},
        "grant": {"to": {"filter": ["land"], "controller": "you"},
                  "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}}}
    assert _line(embrace, 1)["static"] == {
        "condition": {"enchanted": ["land"]},
        "grant": {"to": "enchanted_permanent",
                  "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color", "amount": 2}}}}}


def test_a_static_condition_is_checked():
    card = {"name": "X", "type_line": "Enchantment", "oracle_text": "a",
            "abilities": [{"line": 1, "static": {"condition": {"enchanted": ["land"]},
                                                 "grant": {"to": "self", "ability": {"keywords": ["flying"]}}}}]}
    with pytest.raises(InputError, match="enchanted: goes with a grant to enchanted_permanent"):
        parse_card(card, "t.yaml")
    card["abilities"][0]["static"]["condition"] = {"opponents": {"at_least": 2}}
    with pytest.raises(InputError, match="a static ability's condition is"):
        parse_card(card, "t.yaml")


# -- a triggered mana ability a spell creates until end of turn (CR 605.1b, 611.2a) -------------

def test_high_tide_creates_a_triggered_mana_ability():
    tide = ("High Tide", "Instant", ("Until end of turn, whenever a player taps an Island for mana, that player adds an "
            "additional {U}."))
    assert _line(tide, 1)["spell"]["creates"] == {
        "triggered": {"trigger": {"tapped_for_mana": ["island"], "who": "any"}, "add_mana": "{U}"},
        "duration": "end_of_turn"}
    card = {"name": "X", "type_line": "Instant", "oracle_text": "a",
            "abilities": [{"line": 1, "spell": {"effect": "a", "creates": {
                "triggered": {"trigger": {"tapped_for_mana": ["island"]}, "add_mana": {"any": "color"}},
                "duration": "end_of_turn"}}}]}
    with pytest.raises(InputError, match="is fixed mana"):
        parse_card(card, "t.yaml")


def test_domain_and_greatest_power():
    scope = ("Prismatic Geoscope", "Artifact", ("Domain — {T}: Add X mana in any combination of colors, where X is the "
             "number of basic land types among lands you control."))
    selvala = ("Selvala, Heart of the Wilds", "Legendary Creature — Elf Scout", ("{G}, {T}: Add X mana in any "
               "combination of colors, where X is the greatest power among creatures you control."))
    assert _line(scope, 1)["activated"]["add_mana"] == {"combination": "colors", "amount": "domain"}
    assert _line(selvala, 1)["activated"] == {"cost": ["{G}", "{T}"], "add_mana": {"combination": "colors",
                                                                                  "amount": "greatest_power"}}


def test_a_color_its_source_has_or_one_among_permanents():
    katilda = ("Katilda, Dawnhart Prime", "Legendary Creature — Human Warlock",
               'Human creatures you control have "{T}: Add one mana of any of this creature\'s colors."')
    mox = ("Mox Amber", "Legendary Artifact",
           "{T}: Add one mana of any color among legendary creatures and planeswalkers you control.")
    assert _line(katilda, 1)["static"]["grant"]["ability"]["activated"]["add_mana"] == {"any": "own_colors"}
    assert _line(mox, 1)["activated"]["add_mana"] == {"any": "color", "among": [["legendary", "creature"],
                                                                                ["planeswalker"]]}
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": {"any": "type", "among": [["land"]]}}}]}
    with pytest.raises(InputError, match="among: goes with any: color"):
        parse_card(card, "t.yaml")


def test_a_counter_put_before_the_mana_is_counted():
    gen = ("Empowered Autogenerator", "Artifact", ("{T}: Put a charge counter on Empowered Autogenerator. Add X mana of "
           "any one color, where X is the number of charge counters on Empowered Autogenerator."))
    a = _line(gen, 1)["activated"]
    assert (a["add_mana"], a["does"]) == ({"any": "color", "amount": {"counters": "charge", "plus": 1}},
                                          [{"counters": {"what": "self", "kind": "charge"}}])


def test_choose_a_color_of_a_permanent_or_a_card():
    crater = ("Meteor Crater", "Land", "{T}: Choose a color of a permanent you control. Add one mana of that color.")
    stone = ("Corrupted Grafstone", "Artifact", ("{T}: Choose a color of a card in your graveyard. Add one mana of that "
             "color."))
    assert _line(crater, 1)["activated"]["add_mana"] == {"any": "color", "among": [["permanent"]]}
    assert _line(stone, 1)["activated"]["add_mana"] == {"any": "color", "among_cards": "graveyard"}


def test_the_chosen_color_on_a_trigger_and_the_exiled_cards_colors():
    sprawl = compiled("Utopia Sprawl", "Enchantment — Aura", "Enchant Forest\nAs Utopia Sprawl enters the battlefield, "
                      "choose a color.\nWhenever enchanted Forest is tapped for mana, its controller adds an additional "
                      "one mana of the chosen color.")
    assert sprawl.card["abilities"][2]["triggered"] == {"trigger": {"tapped_for_mana": "enchanted"},
                                                       "add_mana": {"chosen": "color"}}
    # without its linked choice (607.2d) the line is not read
    alone = compiled("X", "Enchantment — Aura", "Whenever enchanted Forest is tapped for mana, its controller adds an "
                     "additional one mana of the chosen color.")
    assert alone.lines[0].status == "text"
    mox = ("Chrome Mox", "Artifact", "{T}: Add one mana of any of the exiled card's colors.")
    assert _line(mox, 1)["activated"]["add_mana"] == {"any": "color", "among_cards": "exiled"}


def test_counters_on_the_source_count_and_condition():
    market = ("Black Market", "Enchantment", ("At the beginning of your precombat main phase, add {B} for each charge "
              "counter on Black Market."))
    pyramid = ("Pyramid of the Pantheon", "Artifact", ("{T}: Add three mana of any one color. Activate only if there are "
               "three or more brick counters on Pyramid of the Pantheon."))
    assert _line(market, 1)["triggered"] == {"when": {"beginning_of_precombat_main": "your_turn"},
                                             "add_mana": {"mana": "{B}", "amount": {"counters": "charge"}}}
    assert _line(pyramid, 1)["activated"]["only_if"] == [{"counters": "brick", "at_least": 3}]


def test_a_nonblack_target_then_spawn_tokens():
    hatch = ("Corpsehatch", "Sorcery", ('Destroy target nonblack creature. Create two 0/1 colorless Eldrazi Spawn '
             'creature tokens. They have "Sacrifice this creature: Add {C}."'))
    s = _line(hatch, 1)["spell"]
    assert s["target"] == {"filter": ["nonblack", "creature"]}
    assert s["does"] == [{"destroy": {"what": "target"}}, {"create_token": {"card": "Eldrazi Spawn Token", "count": 2}}]
