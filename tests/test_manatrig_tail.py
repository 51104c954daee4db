"""Triggered mana abilities on the type of mana produced (issue 13, compiler/manatrig_tail.py): real
pool lines (AtomicCards 2024-03 wording, the card named), and what a tap then produces (CR 106.12a,
605.1b, 607.2d; asp/outcomes.lp out_wants/3)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled


def _read(spec):
    """The card compiled from its real pool text, every line of it read."""
    c = compiled(*spec)
    assert c.fully_compiled, c.lines
    return c


MONUMENT = ("Forsaken Monument", "Legendary Artifact", (
    "Colorless creatures you control get +2/+2.\nWhenever you tap a permanent for {C}, add an additional {C}.\n"
    "Whenever you cast a colorless spell, you gain 2 life."))
CAGED_SUN = ("Caged Sun", "Artifact", (
    "As Caged Sun enters the battlefield, choose a color.\nCreatures you control of the chosen color get +1/+1.\n"
    "Whenever a land's ability causes you to add one or more mana of the chosen color, add one additional mana of "
    "that color."))
GAUNTLET = ("Gauntlet of Power", "Artifact", (
    "As Gauntlet of Power enters the battlefield, choose a color.\nCreatures of the chosen color get +1/+1.\n"
    "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of "
    "that color."))


def test_the_compiler_reads_a_trigger_on_the_type_of_mana_produced():
    c = _read(MONUMENT)
    assert c.card["abilities"][1]["triggered"] == {
        "trigger": {"tapped_for_mana": ["permanent"], "who": "you", "mana_type": "C"}, "add_mana": "{C}"}


def test_the_compiler_reads_the_chosen_color_triggers_and_anthem():
    c = _read(CAGED_SUN)
    assert c.card["abilities"][2]["triggered"] == {
        "trigger": {"tapped_for_mana": ["land"], "who": "you", "mana_type": "chosen", "any_mana_ability": True},
        "add_mana": {"chosen": "color"}}
    c = _read(GAUNTLET)
    assert c.card["abilities"][1]["static"] == {
        "pt": {"modify": "+1/+1", "to": {"filter": ["creature"], "controller": "any", "chosen_color": True}}}
    assert c.card["abilities"][2]["triggered"] == {
        "trigger": {"tapped_for_mana": ["basic", "land"], "who": "any", "mana_type": "chosen"},
        "add_mana": {"chosen": "color"}}


def test_the_chosen_color_needs_its_linked_choice():
    # 607.2d: without "As ~ enters, choose a color" the line stays text
    c = compiled("Test Sun", "Artifact", CAGED_SUN[2].split("\n")[2])
    assert not c.fully_compiled


def test_the_vocabulary_refuses_a_typed_trigger_with_other_mana():
    bad = {"name": "Bad", "type_line": "Artifact", "oracle_text": "Whenever ...", "abilities": [
        {"line": 1, "triggered": {"trigger": {"tapped_for_mana": ["land"], "mana_type": "chosen"}, "add_mana": "{G}"}}]}
    with pytest.raises(InputError, match="chosen"):
        parse_card(bad, "t")
    bad["abilities"][0]["triggered"] = {"trigger": {"tapped_for_mana": ["land"], "any_mana_ability": True},
                                        "add_mana": "{G}"}
    with pytest.raises(InputError, match="any_mana_ability"):
        parse_card(bad, "t")


def _session(specs, battlefield):
    return Session(load_state({"players": ["alice", "bob"],
                               "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                               "cards": [compiled(*s).card for s in specs], "battlefield": battlefield}, "t.yaml"))


def _manas(result):
    return sorted(tuple(sorted(o["mana"].items())) for o in result.to_json()["outcomes"])


def test_an_unrecorded_choice_leaves_both_outcomes():
    # the color not recorded: every color the choice allows is possible (105.4); green adds {G}{G},
    # any other leaves the Forest's {G} alone -- never a {G} with another color's mana
    s = _session([CAGED_SUN], [{"id": "sun", "card": "Caged Sun", "controller": "alice"},
                               {"id": "forest", "card": "Forest", "controller": "alice"}])
    assert _manas(s.orderings("forest")) == [(("G", 1),), (("G", 2),)]


def test_an_unrecorded_choice_read_for_two_activations_is_refused_where_they_combine():
    # 607.2d: one choice for every land Caged Sun watches. can-pay with the choice untold would
    # count green for the Forest and blue for the Island ({G}{G}{U}{U}, which no one color pays):
    # can-pay and mana refuse and name the field; with it recorded, green, the Island adds {U} only
    lands = [{"id": "sun", "card": "Caged Sun", "controller": "alice"},
             {"id": "forest", "card": "Forest", "controller": "alice"},
             {"id": "island", "card": "Island", "controller": "alice"}]
    s = _session([CAGED_SUN], lands)
    with pytest.raises(InputError, match=r"battlefield\[0\]\.chosen.*a different color for each"):
        s.can_pay("alice", "{G}{G}{U}{U}")
    with pytest.raises(InputError, match=r"battlefield\[0\]\.chosen"):
        s.available_mana("alice")
    # bob's lands are not watched by alice's Caged Sun ("causes you to add"): his answers stand
    assert s.can_pay("bob", "{G}").payable is False
    lands[0]["chosen"] = {"color": "green"}
    s = _session([CAGED_SUN], lands)
    assert s.can_pay("alice", "{G}{G}{U}").payable is True
    assert s.can_pay("alice", "{G}{G}{U}{U}").payable is False


def test_the_gauntlet_pumps_every_creature_of_the_chosen_color():
    # bob's Gauntlet (green): alice's Llanowar Elves (the bundled library's) are 2/2 (613.4c, 607.2d)
    s = _session([GAUNTLET], [{"id": "gauntlet", "card": "Gauntlet of Power", "controller": "bob",
                               "chosen": {"color": "green"}},
                              {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}])
    elves = s.board().to_json()["board"]["elves"]
    assert (elves["power"], elves["toughness"]) == (2, 2)
    s = _session([GAUNTLET], [{"id": "gauntlet", "card": "Gauntlet of Power", "controller": "bob",
                               "chosen": {"color": "red"}},
                              {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}])
    elves = s.board().to_json()["board"]["elves"]
    assert (elves["power"], elves["toughness"]) == (1, 1)


OVERABUNDANCE = ("Overabundance", "Enchantment", (
    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced, and "
    "Overabundance deals 1 damage to the player."))
WINTERS_NIGHT = ("Winter's Night", "World Enchantment", (
    "Whenever a player taps a snow land for mana, that player adds one mana of any type that land produced. That "
    "land doesn't untap during its controller's next untap step."))


def test_the_compiler_reads_a_mana_trigger_that_does_more():
    c = _read(OVERABUNDANCE)
    assert c.card["abilities"][0]["triggered"] == {
        "trigger": {"tapped_for_mana": ["land"], "who": "any"}, "add_mana": {"produced_type": True},
        "effect": "and Overabundance deals 1 damage to the player.",
        "does": [{"damage": {"amount": 1, "to": "that_player"}}]}
    c = _read(WINTERS_NIGHT)
    entry = c.card["abilities"][0]["triggered"]
    assert entry["trigger"] == {"tapped_for_mana": ["snow", "land"], "who": "any"}
    assert entry["creates"] == {"restrict": {"what": ["untap"], "to": "it"},
                                "duration": "its_controllers_next_untap_step"}


def test_the_what_if_refuses_a_tap_that_would_trigger_more_than_mana():
    s = _session([OVERABUNDANCE], [{"id": "over", "card": "Overabundance", "controller": "bob"},
                                   {"id": "forest", "card": "Forest", "controller": "alice"}])
    assert _manas(s.orderings("forest")) == [(("G", 2),)]
    got = s.what_if(["activate forest 1"]).to_json()
    assert got["outcomes"][0]["illegal"]["rules"] == ["605.4a"]


LENS = ("Extraplanar Lens", "Artifact", (
    "Imprint — When Extraplanar Lens enters the battlefield, you may exile target land you control.\n"
    "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds one mana of any "
    "type that land produced."))


def test_the_compiler_reads_the_imprint_and_the_trigger_on_its_name():
    c = _read(LENS)
    etb, trigger = (a["triggered"] for a in c.card["abilities"])
    assert etb["does"] == [{"move": {"what": "target", "to": "exile", "may": True, "link": True}}]
    assert etb["target"] == {"filter": ["land"], "controller": "you"}
    assert trigger == {"trigger": {"tapped_for_mana": ["land"], "who": "any", "same_name_as_exiled": True},
                       "add_mana": {"produced_type": True}}
    # 607.2a: without the linked exile, "the exiled card" names nothing: the line stays text
    alone = compiled("Test Lens", "Artifact", LENS[2].split("\n")[1])
    assert not alone.fully_compiled


def test_a_lens_that_exiled_nothing_adds_nothing():
    s = _session([LENS], [{"id": "lens", "card": "Extraplanar Lens", "controller": "alice"},
                          {"id": "forest", "card": "Forest", "controller": "alice"}])
    assert _manas(s.orderings("forest")) == [(("G", 1),)]


SASAYA = ("Sasaya's Essence", "Legendary Enchantment", (
    "Whenever a land you control is tapped for mana, add an additional one mana of any type that land produced for "
    "each other land you control with the same name as it."))


def test_the_compiler_reads_one_mana_for_each_other_land_with_its_name():
    c = _read(SASAYA)
    assert c.card["abilities"][0]["triggered"] == {
        "trigger": {"tapped_for_mana": ["land"], "who": "you"},
        "add_mana": {"produced_type": "for_each_other_with_its_name"}}


def test_each_other_land_with_its_name_adds_one_and_none_adds_none():
    battlefield = [{"id": "essence", "card": "Sasaya's Essence", "controller": "alice"},
                   {"id": "f1", "card": "Forest", "controller": "alice"},
                   {"id": "f2", "card": "Forest", "controller": "alice"},
                   {"id": "bobforest", "card": "Forest", "controller": "bob"},
                   {"id": "mountain", "card": "Mountain", "controller": "alice"}]
    s = _session([SASAYA], battlefield)
    assert _manas(s.orderings("f1")) == [(("G", 2),)]          # bob's Forest is not alice's
    assert _manas(s.orderings("mountain")) == [(("R", 1),)]


ADVERSE = ("Adverse Conditions", "Instant", (
    "Devoid (This card has no color.)\nTap up to two target creatures. Those creatures don't untap during their "
    "controller's next untap step. Create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this "
    "creature: Add {C}.\""))


def test_the_compiler_reads_tap_hold_and_a_scion():
    c = _read(ADVERSE)
    spell = c.card["abilities"][1]["spell"]
    assert spell["target"] == {"filter": ["creature"], "up_to": True, "count": 2}
    assert spell["does"] == [{"tap": {"what": "targets"}}, {"create_token": {"card": "Eldrazi Scion Token"}}]
    assert spell["creates"] == {"restrict": {"what": ["untap"], "to": "target"},
                                "duration": "its_controllers_next_untap_step"}
    # (the token's own line: its quoted mana ability, 111.4)
    scion = [t for t in c.tokens if t["name"] == "Eldrazi Scion Token"]
    assert scion and scion[0]["abilities"][0]["activated"]["add_mana"] == "{C}"


SPOILS = ("Spoils of Evil", "Instant", (
    "For each artifact or creature card in target opponent's graveyard, add {C} and you gain 1 life."))


def test_the_compiler_reads_mana_and_life_for_each_card_of_two_kinds():
    c = _read(SPOILS)
    spell = c.card["abilities"][0]["spell"]
    kinds = [["artifact"], ["creature"]]
    assert spell["target"] == "opponent"
    assert spell["add_mana"] == {"mana": "{C}", "for_each": {"zone": "graveyard", "whose": "target", "any_of": kinds}}
    assert spell["does"] == [{"gain_life": {"amount": 1, "cards_in": "graveyard", "cards_of": "target",
                                            "any_of": kinds}}]


def test_the_vocabulary_refuses_cards_of_a_target_without_a_player_target():
    bad = {"name": "Bad", "type_line": "Instant", "oracle_text": "x", "abilities": [
        {"line": 1, "spell": {"effect": "x", "targets": ["target creature"], "target": {"filter": ["creature"]},
                              "does": [{"gain_life": {"amount": 1, "cards_in": "graveyard", "cards_of": "target"}}]}}]}
    with pytest.raises(InputError, match="cards_of"):
        parse_card(bad, "t")


VOID_ATTENDANT = ("Void Attendant", "Creature — Eldrazi Processor", (
    "Devoid (This card has no color.)\n{1}{G}, Put a card an opponent owns from exile into that player's graveyard: "
    "Create a 1/1 colorless Eldrazi Scion creature token. It has \"Sacrifice this creature: Add {C}.\""))


def test_the_compiler_reads_the_processor_cost():
    c = _read(VOID_ATTENDANT)
    entry = c.card["abilities"][1]["activated"]
    assert entry["cost"] == ["{1}{G}", {"put_from_exile": {"owner": "opponent", "to": "graveyard"}}]
    assert entry["does"] == [{"create_token": {"card": "Eldrazi Scion Token"}}]


def _attendant(exile):
    return Session(load_state({"players": ["alice", "bob"],
                               "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                               "cards": [compiled(*VOID_ATTENDANT).card], "mana_pool": {"alice": "{G}{G}"},
                               "battlefield": [{"id": "attendant", "card": "Void Attendant", "controller": "alice"}],
                               "exile": exile}, "t.yaml"))


def test_the_processor_cost_needs_a_card_an_opponent_owns_in_exile():
    # alice's own exiled card cannot pay it (118.3)
    got = _attendant({"alice": [{"id": "mine", "card": "Forest"}]}).what_if(["activate attendant 2"]).to_json()
    assert got["outcomes"][0]["illegal"]["rules"] == ["118.3"]
    # a face-down one: chosen only if its chooser may look at it, else at random (406.4): refused
    got = _attendant({"bob": [{"id": "hidden", "card": "Forest", "face_down": True}]}).what_if(
        ["activate attendant 2"]).to_json()
    assert got["outcomes"][0]["illegal"]["rules"] == ["406.4"]
