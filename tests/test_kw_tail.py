"""Keyword lines of the pool's mana cards (issue 13; translator/compiler/kw_tail.py): real pool
lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary."""

from __future__ import annotations

from pool_lines import compiled

JEGANTHA = ("Jegantha, the Wellspring", "Legendary Creature — Elemental Elk", (
    "Companion — No card in your starting deck has more than one of the same mana symbol in its mana cost. "
    "(If this card is your chosen companion, you may put it into your hand from outside the game for {3} any time "
    "you could cast a sorcery.)\n"
    "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs."))
ASTROLABE = ("Arcum's Astrolabe", "Snow Artifact", (
    "({S} can be paid with one mana from a snow source.)\n"
    "When Arcum's Astrolabe enters the battlefield, draw a card.\n"
    "{1}, {T}: Add one mana of any color."))


def test_companion_is_deck_construction():
    # CR 702.139a: it functions outside the game (its special action: asp/unread.lp names it)
    c = compiled(*JEGANTHA)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "deck_construction": "companion"}


def test_companion_needs_its_condition():
    c = compiled("Test Companion", "Creature — Elk", "Companion")
    assert not c.fully_compiled


def test_snow_reminder_is_reminder_text():
    # CR 207.2a, 107.4h: how the {S} of its cost is paid
    c = compiled(*ASTROLABE)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "reminder": ["107.4h"]}


DEPOT = ("Power Depot", "Artifact Land", (
    "Power Depot enters the battlefield tapped.\n{T}: Add {C}.\n"
    "{T}: Add one mana of any color. Spend this mana only to cast artifact spells or activate abilities of "
    "artifacts.\nModular 1"))
REBORN = ("Llanowar Reborn", "Land", (
    "Llanowar Reborn enters the battlefield tapped.\n{T}: Add {G}.\n"
    "Graft 1 (This land enters the battlefield with a +1/+1 counter on it. Whenever a creature enters the "
    "battlefield, you may move a +1/+1 counter from this land onto it.)"))


def test_modular_is_enters_with_counters_and_a_dies_trigger():
    # CR 702.43a: the static part beside the trigger (enters:), counted as it last existed (608.2h)
    c = compiled(*DEPOT)
    assert c.fully_compiled
    t = c.card["abilities"][3]["triggered"]
    assert t["enters"] == {"counters": {"+1/+1": 1}}
    assert t["when"] == {"put_into_graveyard_from_battlefield": "self"}
    assert t["target"] == {"filter": ["artifact", "creature"]}
    assert t["does"] == [{"counters": {"what": "target", "kind": "+1/+1", "for_each_counter": "+1/+1", "may": True}}]


def test_graft_moves_a_counter_onto_the_creature_that_entered():
    # CR 702.58a: an intervening "if" on its own counters (603.4), "that creature" (it)
    c = compiled(*REBORN)
    assert c.fully_compiled
    t = c.card["abilities"][2]["triggered"]
    assert t["enters"] == {"counters": {"+1/+1": 1}}
    assert t["when"] == {"enters": {"filter": ["creature"], "another": True}}
    assert t["condition"] == {"counters": {"kind": "+1/+1", "at_least": 1}}
    assert t["does"] == [{"move_counter": {"from": "self", "to": "it", "kind": "+1/+1", "may": True}}]


def test_modular_sunburst_stays_text():
    # "Modular—Sunburst" (702.44c): a count of colors spent, not read here
    c = compiled("Test Construct", "Artifact Creature — Construct", "Modular—Sunburst")
    assert not c.fully_compiled


def test_keyword_enters_part_only_beside_a_triggered_ability():
    import pytest
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.errors import InputError
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "Modular 1",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "x", "enters": {"counters": {"+1/+1": 1}}}}]}
    with pytest.raises(InputError, match="enters"):
        parse_card(card, "t")
    card["abilities"] = [{"line": 1, "triggered": {"when": {"enters": "self"}, "effect": "x",
                                                   "enters": {"tapped": True}}}]
    with pytest.raises(InputError, match="counters"):
        parse_card(card, "t")


GHAST = ("Crypt Ghast", "Creature — Spirit", (
    "Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain that "
    "much life.)\nWhenever you tap a Swamp for mana, add an additional {B}."))


def test_extort_pays_then_drains():
    # CR 702.101a: a cast trigger, a payment as it resolves, "the total life lost this way"
    c = compiled(*GHAST)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["when"] == {"cast_spell": {"filter": [], "controller": "you"}}
    assert t["does"] == [{"pay": {"cost": "{W/B}", "may": True}},
                         {"lose_life": {"who": "each_opponent", "amount": 1, "if_done": True}},
                         {"gain_life": {"amount": "life_lost"}}]


def test_life_lost_follows_a_lose_life():
    import pytest
    from mtg_asp.translator.actions import parse_actions
    from mtg_asp.translator.cards import parse_filter
    from mtg_asp.translator.errors import InputError
    with pytest.raises(InputError, match="life_lost"):
        parse_actions([{"draw": {}}, {"gain_life": {"amount": "life_lost"}}], "t", "does", parse_filter)
    with pytest.raises(InputError, match="may"):
        parse_actions([{"pay": {"cost": "{1}"}}], "t", "does", parse_filter)
