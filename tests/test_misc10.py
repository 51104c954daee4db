"""Lines of the pool's mana cards read by translator/compiler/misc10_tail.py (issue 13): real pool
lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled

SUSPEND = "(Rather than cast this card from your hand, pay {0} and exile it with three time counters on it. At " \
          "the beginning of your upkeep, remove a time counter. When the last is removed, cast it without paying " \
          "its mana cost.)"
LOTUS_BLOOM = ("Lotus Bloom", "Artifact", (f"Suspend 3—{{0}} {SUSPEND}\n{{T}}, Sacrifice Lotus Bloom: Add three "
                                           "mana of any one color."))
SOL_TALISMAN = ("Sol Talisman", "Artifact", "Suspend 3—{1} " + SUSPEND.replace("{0}", "{1}") + "\n{T}: Add {C}{C}.")
RIFT_SOWER = ("Rift Sower", "Creature — Elf Druid", (
    "{T}: Add one mana of any color.\nSuspend 2—{G} (Rather than cast this card from your hand, you may pay {G} and "
    "exile it with two time counters on it. At the beginning of your upkeep, remove a time counter. When the last "
    "is removed, cast it without paying its mana cost. It has haste.)"))


def test_suspend_is_its_keyword_with_counters_and_cost():
    # CR 702.62a: named where it works (asp/unread.lp), nothing else in a game
    c = compiled(*LOTUS_BLOOM)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "suspend": {"time_counters": 3, "cost": "{0}"}}
    assert compiled(*SOL_TALISMAN).card["abilities"][0]["suspend"] == {"time_counters": 3, "cost": "{1}"}
    c = compiled(*RIFT_SOWER)
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "suspend": {"time_counters": 2, "cost": "{G}"}}


def test_suspend_x_stays_text():
    c = compiled("Test Suspender", "Sorcery", "Suspend X—{X}{R}")
    assert not c.fully_compiled


def test_suspend_is_checked():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "suspend": {"time_counters": 0, "cost": "{0}"}}]}
    with pytest.raises(InputError, match="time_counters"):
        parse_card(card, "t")
    card["abilities"] = [{"line": 1, "static": {"grant": {"to": "self", "ability": {"suspend": {
        "time_counters": 1, "cost": "{0}"}}}}}]
    with pytest.raises(InputError, match="suspend"):
        parse_card(card, "t")


GEMSTONE_CAVERNS = ("Gemstone Caverns", "Legendary Land", (
    "If Gemstone Caverns is in your opening hand and you're not the starting player, you may begin the game with "
    "Gemstone Caverns on the battlefield with a luck counter on it. If you do, exile a card from your hand.\n"
    "{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana of any color."))
RIFT = ("Rift", "Legendary Land", (
    "Before drawing your hand, you may start the game with Rift in your opening hand. If you do, draw one fewer "
    "card. (Mulligans continue as normal.)\nRift enters the battlefield tapped.\n{T}: Add {C}."))


def test_opening_hand_actions_before_the_first_turn():
    # CR 103.5, 103.6a: past in a game in progress
    c = compiled(*GEMSTONE_CAVERNS)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "opening_hand": "begin_on_battlefield"}
    c = compiled(*RIFT)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "opening_hand": "start_in_opening_hand"}


CULTIVATION = ("Careful Cultivation", "Enchantment — Aura", (
    "Enchant artifact or creature\n"
    "As long as enchanted permanent is a creature, it gets +1/+3 and has reach and \"{T}: Add {G}{G}.\"\n"
    "Channel — {1}{G}, Discard Careful Cultivation: Create a 1/1 green Human Monk creature token with "
    "\"{T}: Add {G}.\""))
EMBRACE = ("Nature's Embrace", "Enchantment — Aura", (
    "Enchant creature or land\nAs long as enchanted permanent is a creature, it gets +2/+2.\n"
    "As long as enchanted permanent is a land, it has \"{T}: Add two mana of any one color.\""))


def test_enchant_of_two_kinds_and_a_pt_while_a_creature():
    # CR 702.5a (asp/targets.lp either/1), 604.2, 613.4c
    c = compiled(*CULTIVATION)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "keywords": ["enchant artifact or creature"]}
    c = compiled(*EMBRACE)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "keywords": ["enchant creature or land"]}
    assert c.card["abilities"][1] == {"line": 2, "static": {"condition": {"enchanted": ["creature"]},
                                                           "pt": {"modify": "+2/+2", "to": "enchanted_permanent"}}}


def test_enchanted_pt_only_on_an_aura():
    c = compiled("Test", "Enchantment", "As long as enchanted permanent is a creature, it gets +2/+2.")
    assert not c.fully_compiled


TEMPLE = ("Temple of the Dragon Queen", "Land", (
    "As Temple of the Dragon Queen enters the battlefield, you may reveal a Dragon card from your hand. Temple of "
    "the Dragon Queen enters the battlefield tapped unless you revealed a Dragon card this way or you control a "
    "Dragon.\nAs Temple of the Dragon Queen enters the battlefield, choose a color.\n"
    "{T}: Add one mana of the chosen color."))


def test_reveal_or_control_a_dragon():
    # CR 614.12a: either has it enter untapped (asp/zones.lp)
    c = compiled(*TEMPLE)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"tapped": True, "unless": {
        "reveal": {"filter": ["dragon"], "or_you_control": True}}}}


def test_reveal_or_control_of_two_kinds_stays_text():
    c = compiled("Test Temple", "Land", (
        "As Test Temple enters the battlefield, you may reveal a Dragon card from your hand. Test Temple enters the "
        "battlefield tapped unless you revealed a Dragon card this way or you control a Wizard."))
    assert not c.fully_compiled


OVERLAID = ("Overlaid Terrain", "Enchantment", (
    "As Overlaid Terrain enters the battlefield, sacrifice all lands you control.\n"
    "Lands you control have \"{T}: Add two mana of any one color.\""))
VALLEY = ("Sheltered Valley", "Land", (
    "If Sheltered Valley would enter the battlefield, instead sacrifice each other permanent named Sheltered Valley "
    "you control, then put Sheltered Valley onto the battlefield.\n"
    "At the beginning of your upkeep, if you control three or fewer lands, you gain 1 life.\n{T}: Add {C}."))


def test_sacrifice_all_as_it_enters():
    # CR 614.1c, 614.1a, 701.21a (asp/zones.lp sac_all_for_entry/3)
    c = compiled(*OVERLAID)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"sacrifice": {"all": True, "filter": ["land"]}}}
    c = compiled(*VALLEY)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"sacrifice": {
        "all": True, "filter": ["permanent"], "named": "Sheltered Valley"}}}


def test_sacrifice_all_is_checked():
    card = {"name": "X", "type_line": "Land", "oracle_text": "a",
            "abilities": [{"line": 1, "enters": {"sacrifice": {"all": True, "count": 2, "filter": ["land"]}}}]}
    with pytest.raises(InputError, match="all"):
        parse_card(card, "t")
    card["abilities"] = [{"line": 1, "enters": {"sacrifice": {"count": 1, "filter": ["land"], "named": "X"}}}]
    with pytest.raises(InputError, match="named"):
        parse_card(card, "t")


CARAVAN = ("Cultivator's Caravan", "Artifact — Vehicle", (
    "{T}: Add one mana of any color.\nCrew 3 (Tap any number of creatures you control with total power 3 or more: "
    "This Vehicle becomes an artifact creature until end of turn.)"))


def test_crew_is_its_activated_ability():
    # CR 702.122a: the cost tap_power in payment.lp, the types added in layer 4 (205.1b)
    c = compiled(*CARAVAN)
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "activated": {
        "cost": [{"tap_untapped": {"total_power": 3, "filter": ["creature"]}}],
        "effect": "This Vehicle becomes an artifact creature until end of turn.",
        "creates": {"becomes": {"to": "self", "types": ["artifact", "creature"]}, "duration": "end_of_turn"}}}


def test_crew_only_on_a_vehicle_and_its_cost_is_checked():
    assert not compiled("Test", "Artifact", "Crew 2").fully_compiled
    card = {"name": "X", "type_line": "Artifact — Vehicle", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": [{"tap_untapped": {"total_power": 3, "count": 2,
                                                                               "filter": ["creature"]}}],
                                                    "effect": "x"}}]}
    with pytest.raises(InputError, match="total_power"):
        parse_card(card, "t")


PORTAL = ("Riftstone Portal", "Land", (
    "{T}: Add {C}.\nAs long as Riftstone Portal is in your graveyard, lands you control have \"{T}: Add {G} or "
    "{W}.\""))


def test_grant_from_the_graveyard():
    # CR 113.6b, 109.5 (asp/characteristics.lp: condition self_in_graveyard)
    c = compiled(*PORTAL)
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "static": {
        "condition": "self_in_graveyard",
        "grant": {"to": {"filter": ["land"], "controller": "you"},
                  "ability": {"activated": {"cost": ["{T}"], "add_mana": {"one_of": ["{G}", "{W}"]}}}}}}


MOX_DIAMOND = ("Mox Diamond", "Artifact", (
    "If Mox Diamond would enter the battlefield, you may discard a land card instead. If you do, put Mox Diamond "
    "onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add one mana of any color."))


def test_discard_instead_as_it_enters():
    # CR 614.1a, 701.9a (asp/zones.lp disc_entry/4, asp/resolution.lp spell_refused/2)
    c = compiled(*MOX_DIAMOND)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"discard": {"filter": ["land"]}}}


def test_discard_instead_is_alone():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "enters": {"discard": {"filter": ["land"]}, "tapped": True}}]}
    with pytest.raises(InputError, match="discard"):
        parse_card(card, "t")


PRISM = ("Pentad Prism", "Artifact", (
    "Sunburst (This enters the battlefield with a charge counter on it for each color of mana spent to cast it.)\n"
    "Remove a charge counter from Pentad Prism: Add one mana of any color."))
CRAWLER = ("Crystalline Crawler", "Artifact Creature — Construct", (
    "Converge — Crystalline Crawler enters the battlefield with a +1/+1 counter on it for each color of mana spent "
    "to cast it.\nRemove a +1/+1 counter from Crystalline Crawler: Add one mana of any color.\n"
    "{T}: Put a +1/+1 counter on Crystalline Crawler."))


def test_counters_for_each_color_spent():
    # CR 702.44a (asp/casting.lp colors_spent, asp/resolution.lp counters_per_color)
    c = compiled(*PRISM)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"counters": {"charge": "colors_spent"}}}
    assert compiled("Test", "Artifact Creature — Golem", "Sunburst").card["abilities"][0] == {
        "line": 1, "enters": {"counters": {"+1/+1": "colors_spent"}}}
    c = compiled(*CRAWLER)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "enters": {"counters": {"+1/+1": "colors_spent"}}}


YURLOK = ("Yurlok of Scorch Thrash", "Legendary Creature — Human Shaman", (
    "Vigilance\nA player losing unspent mana causes that player to lose that much life.\n"
    "{1}, {T}: Each player adds {B}{R}{G}."))


def test_mana_burn():
    # CR 500.5, 119.3 (asp/turn.lp mana_burn/1)
    c = compiled(*YURLOK)
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "static": {"mana_burn": True}}


def test_mana_burn_is_alone():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "static": {"mana_burn": True, "no_maximum_hand_size": True}}]}
    with pytest.raises(InputError, match="mana_burn"):
        parse_card(card, "t")


SATCHEL = ("Spell Satchel", "Artifact", (
    "Magecraft — Whenever you cast or copy an instant or sorcery spell, put a book counter on Spell Satchel.\n"
    "{T}, Remove a book counter from Spell Satchel: Add {C}.\n"
    "{3}, {T}, Remove three book counters from Spell Satchel: Draw a card."))


def test_cast_or_copy_is_the_cast_trigger_with_or_copy():
    # CR 207.2c, 601.2i, 707.10 (no copy is made in a what-if)
    c = compiled(*SATCHEL)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["when"] == {"cast_spell": {"any_of": [["instant"], ["sorcery"]], "controller": "you", "or_copy": True}}
    assert t["does"] == [{"counters": {"kind": "book", "what": "self"}}]


def test_or_copy_only_on_cast_spell():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "triggered": {"when": {"dies": {"filter": ["creature"], "or_copy": True}},
                                                    "effect": "x"}}]}
    with pytest.raises(InputError, match="or_copy"):
        parse_card(card, "t")


ARCH = ("Arch of Orazca", "Land", (
    "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the game.)\n"
    "{T}: Add {C}.\n{5}, {T}: Draw a card. Activate only if you have the city's blessing."))
RELIC = ("Orazca Relic", "Artifact", (
    "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the game.)\n"
    "{T}: Add {C}.\n{T}, Sacrifice Orazca Relic: You gain 3 life and draw a card. Activate only if you have the "
    "city's blessing."))


def test_ascend_and_the_city_blessing_condition():
    # CR 702.131b-c (asp/designations.lp), 602.5 (asp/costs.lp)
    c = compiled(*ARCH)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "keywords": ["ascend"]}
    assert c.card["abilities"][2]["activated"]["only_if"] == [{"city_blessing": True}]
    c = compiled(*RELIC)
    assert c.fully_compiled
    assert c.card["abilities"][2]["activated"]["does"] == [{"gain_life": {"amount": 3}}, {"draw": {"count": 1}}]


def test_city_blessing_in_a_state():
    from mtg_asp.translator.state import load_state
    base = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"}}
    assert load_state({**base, "city_blessing": ["bob"]}, "t").city_blessing == ("bob",)
    with pytest.raises(InputError, match="city_blessing"):
        load_state({**base, "city_blessing": ["carol"]}, "t")
    with pytest.raises(InputError, match="twice"):
        load_state({**base, "city_blessing": ["bob", "bob"]}, "t")


WAR_ROOM = ("War Room", "Land", (
    "{T}: Add {C}.\n{3}, {T}, Pay life equal to the number of colors in your commanders' color identity: Draw a "
    "card."))


def test_pay_life_for_the_commanders_colors():
    # CR 903.4, 702.124c, 903.4f (asp/payment.lp)
    c = compiled(*WAR_ROOM)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["cost"] == ["{3}", "{T}", {"pay_life": "commander_colors"}]


def test_pay_life_for_the_commanders_colors_not_on_a_mana_ability():
    c = compiled("Test", "Land", "{T}, Pay life equal to the number of colors in your commanders' color identity: "
                                 "Add {C}.")
    assert not c.fully_compiled


FEAT = ("Irencrag Feat", "Sorcery", "Add seven {R}. You can cast only one more spell this turn.")


def test_cast_only_one_more_spell():
    # CR 101.2, 608.2h (asp/created.lp effect_x, asp/casting.lp cast_limit)
    c = compiled(*FEAT)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "spell": {
        "add_mana": "{R}{R}{R}{R}{R}{R}{R}", "effect": "You can cast only one more spell this turn.",
        "creates": {"cast_limit": 1, "duration": "end_of_turn"}}}


def test_cast_limit_effect_in_a_state_needs_its_number():
    from mtg_asp.translator.state import load_state
    state = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
             "cards": [compiled(*FEAT).card], "effects": [{"card": "Irencrag Feat", "controller": "alice"}]}
    with pytest.raises(InputError, match="x"):
        load_state(state, "t")
    state["effects"][0]["x"] = 2
    assert load_state(state, "t").effects[0].x == 2


WELCOME = ("Explosive Welcome", "Instant", (
    "Explosive Welcome deals 5 damage to any target and 3 damage to any other target. Add {R}{R}{R}."))


def test_damage_to_any_target_and_any_other_target_then_mana():
    # CR 115.3 (targets.lp not_target), 120.3 (effects.lp second_target), 106.3
    c = compiled(*WELCOME)
    assert c.fully_compiled
    s = c.card["abilities"][0]["spell"]
    assert s["target"] == ["any", "any_other"]
    assert s["does"] == [{"damage": {"to": "target", "amount": 5}}, {"damage": {"to": "second_target", "amount": 3}}]
    assert s["add_mana"] == "{R}{R}{R}"


def test_any_other_is_not_the_first_target():
    card = {"name": "X", "type_line": "Instant", "oracle_text": "a",
            "abilities": [{"line": 1, "spell": {"effect": "x", "target": "any_other"}}]}
    with pytest.raises(InputError):
        parse_card(card, "t")


PARADISE = ("Undiscovered Paradise", "Land", (
    "{T}: Add one mana of any color. During your next untap step, as you untap your permanents, return "
    "Undiscovered Paradise to its owner's hand."))


def test_mana_then_return_in_the_next_untap_step():
    # CR 605.3a, 502.3, 611.2a (asp/turn.lp returns_in_untap)
    c = compiled(*PARADISE)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "activated": {
        "cost": ["{T}"], "add_mana": {"any": "color"},
        "creates": {"return_to_hand": "self", "duration": "your_next_untap_step"}}}


def test_return_in_untap_needs_its_duration():
    card = {"name": "X", "type_line": "Land", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}",
                                                    "creates": {"return_to_hand": "self"}}}]}
    with pytest.raises(InputError, match="return_to_hand"):
        parse_card(card, "t")


BANNER = ("Heraldic Banner", "Artifact", (
    "As Heraldic Banner enters the battlefield, choose a color.\nCreatures you control of the chosen color get "
    "+1/+0.\n{T}: Add one mana of the chosen color."))


def test_creatures_of_the_chosen_color():
    # CR 607.2d (asp/characteristics.lp group_chosen; asp/unread.lp names it without a recorded choice)
    c = compiled(*BANNER)
    assert c.fully_compiled
    assert c.card["abilities"][1] == {"line": 2, "static": {"pt": {"modify": "+1/+0", "to": {
        "filter": ["creature"], "controller": "you", "chosen_color": True}}}}
    # without its linked choice, not read
    assert not compiled("Test", "Artifact", "Creatures you control of the chosen color get +1/+0.").fully_compiled


def test_chosen_color_only_on_a_static_pt():
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "a",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "x", "creates": {
                "pt": {"modify": "+1/+0", "to": {"filter": ["creature"], "chosen_color": True}}}}}]}
    with pytest.raises(InputError, match="chosen_color"):
        parse_card(card, "t")
