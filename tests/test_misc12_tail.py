"""The misc12 tail of the pool's mana cards (issue 13, compiler/misc12_tail.py): real pool lines
(AtomicCards 2024-03 wording, the card named) and what the rules make of them."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled
from pool_lines import read_fully as _read


def _refused(entry: dict, match: str):
    """A one-line card with this ability entry: parse_card refuses it, saying `match`."""
    card = {"name": "X", "type_line": "Artifact", "oracle_text": "x", "abilities": [{"line": 1, **entry}]}
    with pytest.raises(InputError, match=match):
        parse_card(card, "t")


REPLICATING_RING = ("Replicating Ring", "Snow Artifact", (
    "{T}: Add one mana of any color.\nAt the beginning of your upkeep, put a night counter on Replicating Ring. "
    "Then if it has eight or more night counters on it, remove all of them and create eight colorless snow "
    "artifact tokens named Replicated Ring with \"{T}: Add one mana of any color.\""))


def test_the_compiler_reads_actions_only_if_the_source_has_that_many_counters():
    c = _read(REPLICATING_RING)
    guard = {"kind": "night", "at_least": 8}
    assert c.card["abilities"][1]["triggered"]["does"] == [
        {"counters": {"kind": "night", "what": "self"}},
        {"remove_counters": {"what": "self", "kind": "night", "count": "all", "if_counters": guard}},
        {"create_token": {"card": "Replicated Ring", "count": 8, "if_counters": guard}}]
    assert [t["name"] for t in c.tokens] == ["Replicated Ring"]
    assert c.tokens[0]["type_line"] == "Snow Artifact"


def test_the_sentence_needs_the_counters_put_on_its_source_before():
    # "it" is read as the source only after "put a [kind] counter on ~" of the same kind
    c = compiled("Test Ring", "Artifact", (
        "At the beginning of your upkeep, put a charge counter on Test Ring. Then if it has eight or more night "
        "counters on it, remove all of them and draw a card."))
    assert not c.fully_compiled


@pytest.mark.parametrize("bad", [{"kind": "night"}, {"kind": "night", "at_least": 0}, "night",
                                 {"kind": "", "at_least": 2}])
def test_if_counters_is_checked(bad):
    _refused({"triggered": {"when": {"beginning_of_upkeep": "your_turn"}, "effect": "x",
                            "does": [{"draw": {"count": 1, "if_counters": bad}}]}}, "if_counters")


FERTILE_THICKET = ("Fertile Thicket", "Land", (
    "Fertile Thicket enters the battlefield tapped.\nWhen Fertile Thicket enters the battlefield, you may look at the "
    "top five cards of your library. If you do, reveal up to one basic land card from among them, then put that card "
    "on top of your library and the rest on the bottom in any order.\n{T}: Add {G}."))


def test_the_compiler_reads_a_look_that_puts_one_card_back_on_top():
    c = _read(FERTILE_THICKET)
    assert c.card["abilities"][1]["triggered"]["does"] == [
        {"dig": {"count": 5, "filter": ["basic", "land"], "to": "library_top", "order": "any", "may": True}}]


def test_the_look_is_read_only_with_its_if_you_do():
    c = compiled("Test Thicket", "Land", "When Test Thicket enters the battlefield, you may look at the top five "
                 "cards of your library.")
    assert not c.fully_compiled


ELVISH_HARBINGER = ("Elvish Harbinger", "Creature — Elf Druid", (
    "When Elvish Harbinger enters the battlefield, you may search your library for an Elf card, reveal it, then "
    "shuffle and put that card on top.\n{T}: Add one mana of any color."))


def test_the_compiler_reads_a_search_that_puts_the_card_on_top_after_the_shuffle():
    c = _read(ELVISH_HARBINGER)
    assert c.card["abilities"][0]["triggered"]["does"] == [
        {"search": {"filter": ["elf"], "to": "library_top", "shuffle": True, "may": True}}]


def test_a_search_to_the_library_top_shuffles_first():
    _refused({"triggered": {"when": {"enters": "self"}, "effect": "x",
                            "does": [{"search": {"filter": ["elf"], "to": "library_top"}}]}},
             "library_top goes with shuffle")


def test_use_toys_rides_with_the_restriction():
    # Mishra's Toy Workshop: how the tokens are shown (111.1) is no rule of the game
    c = _read(("Mishra's Toy Workshop", "Land", (
        "{T}: Add {C}{C}{C}. Spend this mana only on spells and abilities that put tokens onto the battlefield. "
        "Use toys to represent the tokens.")))
    assert c.card["abilities"][0]["activated"]["add_mana"] == {
        "mana": "{C}{C}{C}", "rider": "Spend this mana only on spells and abilities that put tokens onto the "
                                      "battlefield. Use toys to represent the tokens."}


WARDEN = ("Warden of the Wall", "Artifact", (
    "Warden of the Wall enters the battlefield tapped.\n{T}: Add {C}.\nAs long as it's not your turn, Warden of the "
    "Wall is a 2/3 Gargoyle artifact creature with flying."))


def test_the_compiler_reads_a_static_becomes_while_it_is_not_your_turn():
    c = _read(WARDEN)
    assert c.card["abilities"][2]["static"] == {
        "becomes": {"to": "self", "types": ["artifact", "creature"], "subtypes": ["gargoyle"]},
        "pt": {"set": "2/3", "to": "self"}, "grant": {"to": "self", "ability": {"keywords": ["flying"]}},
        "condition": "not_your_turn"}


def test_a_static_becomes_under_a_control_change_is_named_not_read():
    # bob's Act of Treason took alice's Warden, on bob's turn: "your turn" is then bob's, but the
    # condition reads the Warden's own controller only (its types must not feed the layer-2 rules
    # that decide who controls it, 613.1b before 613.1d): the line is named (part condition) and the
    # Warden is not made a creature. Without the effect, on bob's turn it is a 2/3 creature.
    def board(effects):
        s = Session(load_state({
            "players": ["alice", "bob"], "turn": {"number": 6, "active": "bob", "step": "precombat_main"},
            "cards": [_read(WARDEN).card],
            "battlefield": [{"id": "warden", "card": "Warden of the Wall", "controller": "alice"}],
            "effects": effects}, "t.yaml"))
        return s.board(objects=["warden"]).to_json()
    plain = board([])
    assert plain["board"]["warden"]["types"] == ["artifact", "creature"]
    taken = board([{"id": "treason", "card": "Act of Treason", "controller": "bob", "targets": ["warden"],
                    "since_turn": 6}])
    assert taken["board"]["warden"]["controller"] == "bob"
    assert taken["board"]["warden"]["types"] == ["artifact"]
    assert {"object": "warden", "line": 3, "part": "condition"} in [
        {k: n[k] for k in ("object", "line", "part")} for n in taken["not_modelled"]]


def test_a_static_becomes_needs_the_types_the_card_has():
    # an enchantment that would be "a ... artifact creature": its types are not all named (205.1a)
    c = compiled("Test Warden", "Enchantment", "As long as it's not your turn, Test Warden is a 2/3 Gargoyle artifact "
                 "creature with flying.")
    assert not c.fully_compiled


def test_a_static_becomes_goes_with_not_your_turn():
    _refused({"static": {"becomes": {"to": "self", "types": ["creature"]}, "pt": {"set": "2/3", "to": "self"}}},
             "static becomes")


def test_if_you_spend_this_mana_rides_on_the_mana():
    # Opal Palace: an effect on the spell the mana is spent on (106.6)
    c = _read(("Opal Palace", "Land", (
        "{T}: Add {C}.\n{1}, {T}: Add one mana of any color in your commander's color identity. If you spend this "
        "mana to cast your commander, it enters the battlefield with a number of additional +1/+1 counters on it "
        "equal to the number of times it's been cast from the command zone this game.")))
    mana = c.card["abilities"][1]["activated"]["add_mana"]
    assert mana["any"] == "commander_identity" and mana["rider"].startswith("If you spend this mana to cast")


XENAGOS = ("Xenagos, the Reveler", "Legendary Planeswalker — Xenagos", (
    "+1: Add X mana in any combination of {R} and/or {G}, where X is the number of creatures you control.\n"
    "0: Create a 2/2 red and green Satyr creature token with haste.\n"
    "-6: Exile the top seven cards of your library. You may put any number of creature and/or land cards from among "
    "them onto the battlefield."))


def test_the_compiler_reads_any_number_from_among_the_exiled_cards():
    c = _read(XENAGOS)
    assert c.card["abilities"][2]["activated"]["does"] == [
        {"move": {"what": "top_of_library", "to": "exile", "count": 7}},
        {"move": {"what": "them", "any_of": [["creature"], ["land"]], "count": "any", "to": "battlefield"}}]


def test_the_top_cards_of_a_shuffled_library_are_refused():
    # the top seven of a library whose order no player knows (701.24a): refused, not taken as none
    card = compiled(*XENAGOS).card
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [card],
                        "battlefield": [{"id": "x", "card": "Xenagos, the Reveler", "controller": "alice",
                                         "counters": {"loyalty": 6}}],
                        "library": {"alice": [{"id": "f", "card": "Forest"},
                                              {"shuffled": ["Llanowar Elves", "Island"]}]}}, "t.yaml")
    got = Session(state).what_if(["activate x 3", "resolve"]).to_json()
    assert got["outcomes"][0]["illegal"]["rules"] == ["701.24a"]


def test_the_compiler_reads_a_permission_to_cast_the_exiled_cards():
    c = _read(("Apex of Power", "Sorcery", (
        "Exile the top seven cards of your library. Until end of turn, you may cast spells from among them.\n"
        "If this spell was cast from your hand, add ten mana of any one color.")))
    assert c.card["abilities"][0]["spell"]["does"] == [
        {"move": {"what": "top_of_library", "to": "exile", "count": 7, "playable": "until_end_of_turn",
                  "cast_only": True}}]


def test_playable_cast_only_goes_with_playable_by():
    with pytest.raises(InputError, match="playable_cast_only"):
        load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                    "exile": {"alice": [{"id": "f", "card": "Forest", "playable_cast_only": True}]}}, "t.yaml")
