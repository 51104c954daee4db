"""What happened earlier this turn (issue 13's "turn history" family: compiler/hist_tail.py,
translator/history.py, asp/turn.lp): the state's records of the turn, kept by the what-if, read as
amounts and conditions; real pool lines (AtomicCards 2024-03 wording, the card named)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled
from pool_lines import what_if_on as run

ALCHEMIST = ("Accomplished Alchemist", "Creature — Elf Druid", (
    "{T}: Add one mana of any color.\n{T}: Add X mana of any one color, where X is the amount of life you gained "
    "this turn."))
KYDELE = ("Kydele, Chosen of Kruphix", "Legendary Creature — Human Wizard", (
    "{T}: Add {C} for each card you've drawn this turn.\nPartner (You can have two commanders if both have "
    "partner.)"))
FORAGERS = ("Famished Foragers", "Creature — Vampire", (
    "When Famished Foragers enters the battlefield, if an opponent lost life this turn, add {R}{R}{R}.\n"
    "{2}{R}, Discard a card: Draw a card."))
SHRIEKER = ("Mardu Warshrieker", "Creature — Orc Shaman", (
    "Raid — When Mardu Warshrieker enters the battlefield, if you attacked this turn, add {R}{W}{B}."))
HERBALISTS = ("Hidden Herbalists", "Creature — Human Druid", (
    "Revolt — When Hidden Herbalists enters the battlefield, if a permanent you controlled left the battlefield "
    "this turn, add {G}{G}."))
HALL = ("Hall of Oracles", "Land", (
    "{T}: Add {C}.\n{1}, {T}: Add one mana of any color.\n{T}: Put a +1/+1 counter on target creature. Activate "
    "only as a sorcery and only if you've cast an instant or sorcery spell this turn."))
BELBE = ("Belbe, Corrupted Observer", "Legendary Creature — Phyrexian Zombie Elf", (
    "At the beginning of each player's postcombat main phase, that player adds {C}{C} for each of your opponents "
    "who lost life this turn. (Damage causes loss of life.)"))
NEHEB_LINE = ("Neheb Line", "Creature — Zombie", (
    "At the beginning of your postcombat main phase, add {R} for each 1 life your opponents have lost this turn."))


def _line(spec, n):
    c = compiled(*spec)
    return c, c.card["abilities"][n - 1]


def test_the_amounts_read_the_turns_records():
    c, entry = _line(ALCHEMIST, 2)
    assert c.fully_compiled
    assert entry["activated"]["add_mana"] == {"any": "color", "amount": {"this_turn": "life_gained"}}
    c, entry = _line(KYDELE, 1)
    assert c.fully_compiled
    assert entry["activated"]["add_mana"] == {"mana": "{C}", "amount": {"this_turn": "cards_drawn"}}
    c, entry = _line(BELBE, 1)
    assert c.fully_compiled
    assert entry["triggered"] == {"when": {"beginning_of_postcombat_main": "each_player"},
                                  "add_mana": {"mana": "{C}{C}", "amount": {"this_turn": "life_lost", "whose": "opponents",
                                                                            "players": True}},
                                  "add_mana_to": "that_player"}
    c, entry = _line(NEHEB_LINE, 1)
    assert c.fully_compiled
    assert entry["triggered"] == {"when": {"beginning_of_postcombat_main": "your_turn"},
                                  "add_mana": {"mana": "{R}", "amount": {"this_turn": "life_lost", "whose": "opponents"}}}


def test_the_intervening_ifs_read_the_turns_records():
    for spec, condition, mana in ((FORAGERS, {"record": "life_lost", "whose": "opponent", "at_least": 1}, "{R}{R}{R}"),
                                  (SHRIEKER, {"record": "attackers_declared", "at_least": 1}, "{R}{W}{B}"),
                                  (HERBALISTS, {"record": "permanents_left", "at_least": 1}, "{G}{G}")):
        c, entry = _line(spec, 1)
        assert c.fully_compiled, spec[0]
        assert entry["triggered"] == {"when": {"enters": "self"}, "condition": {"this_turn": condition},
                                      "add_mana": mana}
    c, entry = _line(HALL, 3)
    assert c.fully_compiled
    assert entry["activated"]["only_if"] == [{"instants_sorceries_cast": "you", "at_least": 1}]
    assert entry["activated"]["timing"] == "sorcery"


def test_an_if_on_an_event_not_checked_as_it_triggers_is_not_read():
    # only "When ~ enters" is checked as it triggers here (603.4): another event stays unread
    c = compiled("Test Raider", "Creature — Orc", "Whenever Test Raider attacks, if you attacked this turn, add {R}.")
    assert not c.fully_compiled


def test_the_vocabulary_checks_a_record_and_whose():
    base = {"name": "T", "type_line": "Creature — Elf", "power_toughness": "1/1", "oracle_text": "x"}
    with pytest.raises(InputError, match="is a record of this turn"):
        parse_card({**base, "abilities": [{"line": 1, "activated": {
            "cost": ["{T}"], "add_mana": {"mana": "{C}", "amount": {"this_turn": "lunch_eaten"}}}}]}, "t")
    with pytest.raises(InputError, match="goes with whose: opponents"):
        parse_card({**base, "abilities": [{"line": 1, "activated": {
            "cost": ["{T}"], "add_mana": {"mana": "{C}", "amount": {"this_turn": "life_lost", "players": True}}}}]}, "t")
    with pytest.raises(InputError, match="give at_least or at_most"):
        parse_card({**base, "abilities": [{"line": 1, "triggered": {
            "when": {"enters": "self"}, "condition": {"this_turn": {"record": "life_lost"}}, "add_mana": "{R}"}}]}, "t")


def _state(**extra):
    return {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
            "battlefield": [], **extra}


def test_the_state_checks_the_records():
    with pytest.raises(InputError, match="life_gained: 'carol' is not a player"):
        load_state(_state(life_gained={"carol": 1}))
    with pytest.raises(InputError, match="cards_drawn: alice: must be a non-negative integer"):
        load_state(_state(cards_drawn={"alice": -1}))
    assert load_state(_state(life_lost={"bob": 2})).life_lost == (("bob", 2),)


def test_the_what_if_counts_life_gained_and_lost_and_a_new_turn_resets_them():
    # bob loses 3 life to the Bolt's damage (120.3a), alice's life gained stays; then a turn ends and
    # every record starts again (500.1)
    bolt = ("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.")
    got, _ = run([bolt], [], ["cast bolt targeting bob", "resolve"], hand={"alice": [{"id": "bolt", "card": "Test Bolt"}]},
                 mana_pool={"alice": "{R}"}, life_gained={"alice": 2})
    s = got.results[0].state
    assert s.life_lost == (("bob", 3),) and s.life_gained == (("alice", 2),)
    state = load_state(_state(turn={"number": 5, "active": "alice", "step": "end"}, life_gained={"alice": 2},
                              life_lost={"bob": 3}, cards_drawn={"alice": 1}, permanents_left={"alice": 1}))
    turned = Session(state).what_if(["next step", "next step"]).results[0].state
    assert (turned.turn.number, turned.life_gained, turned.life_lost, turned.cards_drawn, turned.permanents_left) == \
        (6, (), (), (), ())


def test_a_mana_ability_reads_the_record_now():
    got, _ = run([KYDELE], [{"id": "k", "card": KYDELE[0], "controller": "alice", "since_turn": 1}], ["activate k 1"],
                 cards_drawn={"alice": 3})
    assert got.results[0].state.mana_pool == (("alice", (("C", 3),)),)


ALENA = ("Alena, Kessig Trapper", "Legendary Creature — Human Scout", (
    "First strike\n{T}: Add an amount of {R} equal to the greatest power among creatures you control that entered "
    "the battlefield this turn.\nPartner (You can have two commanders if both have partner.)"))
NEHEB = ("Neheb, the Eternal", "Legendary Creature — Zombie Minotaur Warrior", (
    "Afflict 3 (Whenever this creature becomes blocked, defending player loses 3 life.)\nAt the beginning of your "
    "postcombat main phase, add {R} for each 1 life your opponents have lost this turn."))


def test_the_greatest_power_among_creatures_that_entered_this_turn():
    c, entry = _line(ALENA, 2)
    assert c.fully_compiled
    assert entry["activated"]["add_mana"] == {"mana": "{R}", "amount": {"greatest_power": ["creature", "entered_this_turn"]}}


def test_afflict_is_a_trigger_on_becoming_blocked():
    c, entry = _line(NEHEB, 1)
    assert c.fully_compiled
    assert entry["triggered"] == {"when": {"becomes_blocked": "self"}, "effect": "Afflict 3",
                                  "does": [{"lose_life": {"who": "defending_player", "amount": 3}}]}


def test_cast_from_your_hand_is_a_record_of_the_spell():
    c, entry = _line(("Coal Stoker", "Creature — Elemental", (
        "When Coal Stoker enters the battlefield, if you cast it from your hand, add {R}{R}{R}.")), 1)
    assert c.fully_compiled
    assert entry["triggered"] == {"when": {"enters": "self"}, "condition": "cast_from_hand", "add_mana": "{R}{R}{R}"}


TALISMAN = ("Pristine Talisman", "Artifact", "{T}: Add {C}. You gain 1 life.")


def _planned(extra_battlefield, **records):
    specs = [ALCHEMIST, TALISMAN]
    state = load_state(_state(cards=[compiled(*s).card for s in specs], life_gained={"alice": 2}, battlefield=[
        {"id": "alch", "card": ALCHEMIST[0], "controller": "alice", "since_turn": 1}, *extra_battlefield]), "t.yaml")
    return Session(state)


def test_an_amount_a_plan_could_change_is_left_out_and_named():
    # CR 106.3, 605.3a: the Alchemist's X is the life alice gained this turn (2 in the state); with
    # Pristine Talisman beside it, a plan could tap the Talisman first (1 life: X = 3), which the
    # planners do not follow: the X ability is left out of can-pay and mana, and named
    alone = _planned([])
    assert alone.can_pay("alice", "{G}{G}").payable            # X = 2 from the state's record
    with_talisman = _planned([{"id": "tal", "card": TALISMAN[0], "controller": "alice"}])
    paid = with_talisman.can_pay("alice", "{G}{G}")
    assert not paid.payable                                    # one {G} from the first ability only
    named = [o for o in paid.to_json()["left_out"] if o["object"] == "alch"]
    assert named and "what happened this turn" in named[0]["why"], paid.to_json()["left_out"]
    mana = with_talisman.available_mana("alice").to_json()
    assert [(o["object"], o["ability"]) for o in mana["left_out"] if "what happened this turn" in o["why"]] == \
        [("alch", 2)], mana
