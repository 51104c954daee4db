"""Activation instructions (CR 602.5, 602.5b, 602.5e): the compiler reads them from real pool
lines (the card named; AtomicCards 2024-03 wording), and asp/costs.lp decides with them what
can be activated, for mana abilities as for others (can-pay and the what-if follow)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED
from mtg_asp.translator.compiler.mana import activation_instruction
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled as card

# Real oracle lines from the pool, with their type lines.
TEMPLE = ("Temple of the False God", "Land",
          "{T}: Add {C}{C}. Activate only if you control five or more lands.")
MOX_OPAL = ("Mox Opal", "Legendary Artifact",
            ("Legendary\nMetalcraft — {T}: Add one mana of any color. Activate only if you control three or more "
            "artifacts."))
CIRCLE = ("Circle of Elders", "Creature — Human Druid",
          ("Vigilance\nFormidable — {T}: Add {C}{C}{C}. Activate only if creatures you control have total power 8 or "
          "greater."))
BONDERS = ("Bonders' Enclave", "Land",
           "{T}: Add {C}.\n{3}, {T}: Draw a card. Activate only if you control a creature with power 4 or greater.")
LIBRARY = ("Library of Alexandria", "Land",
           "{T}: Add {C}.\n{T}: Draw a card. Activate only if you have exactly seven cards in hand.")
BARBARIAN_RING = ("Barbarian Ring", "Land",
                  ("{T}: Add {R}. Barbarian Ring deals 1 damage to you.\nThreshold — {R}, {T}, Sacrifice Barbarian "
                  "Ring: It deals 2 damage to any target. Activate only if seven or more cards are in your graveyard."))
TRANSLATOR = ("Kozilek's Translator", "Creature — Eldrazi Drone",
              "Devoid\nPay 1 life: Add {C}. Activate only once each turn.")
GHOST_TOWN = ("Ghost Town", "Land",
              "{T}: Add {C}.\n{0}: Return Ghost Town to its owner's hand. Activate only if it's not your turn.")
AUGUR = ("Augur il-Vec", "Creature — Human Cleric",
         "Shadow\nSacrifice Augur il-Vec: You gain 4 life. Activate only during your upkeep.")




def entry(spec, n):
    """The activated entry of line n, and that line's status."""
    c = card(*spec)
    return c.card["abilities"][n - 1]["activated"], c.lines[n - 1].status


def state(specs, battlefield, turn=None, **extra):
    return load_state({"players": ["alice", "bob"],
                       "turn": turn or {"number": 5, "active": "alice", "step": "precombat_main"},
                       "cards": [card(*s).card for s in specs], "battlefield": battlefield, **extra}, "t.yaml")


def perm(oid, name, who="alice", **kw):
    return {"id": oid, "card": name, "controller": who, **kw}


def can_activate(s, oid, line, player="alice"):
    acts = s.activations(player)
    allowed = {(a.object, a.ability) for a in acts.allowed}
    blocked = {(b.object, b.ability): b.rules for b in acts.blocked}
    return (oid, line) in allowed, blocked.get((oid, line), ())


# -- the compiler ------------------------------------------------------------------------------

def test_counted_conditions_are_one_vocabulary():
    assert entry(TEMPLE, 1) == ({"cost": ["{T}"], "add_mana": "{C}{C}",
                                 "only_if": [{"count": {"filter": ["land"]}, "at_least": 5}]}, COMPILED)
    assert entry(MOX_OPAL, 2)[0]["only_if"] == [{"count": {"filter": ["artifact"]}, "at_least": 3}]
    assert entry(CIRCLE, 2)[0]["only_if"] == [{"total_power": {"filter": ["creature"]}, "at_least": 8}]
    assert entry(BONDERS, 2)[0]["only_if"] == [{"count": {"filter": ["creature"], "power_at_least": 4},
                                                "at_least": 1}]
    assert entry(LIBRARY, 2)[0]["only_if"] == [{"count": {"zone": "hand"}, "exactly": 7}]
    ring, status = entry(BARBARIAN_RING, 2)
    assert ring["only_if"] == [{"count": {"zone": "graveyard"}, "at_least": 7}] and status == COMPILED


def test_turn_instructions_and_limits():
    # Kozilek's Translator (602.5b), Augur il-Vec ("your upkeep": the step, on its controller's turn)
    assert entry(TRANSLATOR, 2) == ({"cost": [{"pay_life": 1}], "add_mana": "{C}", "per_turn": 1}, COMPILED)
    augur, status = entry(AUGUR, 2)
    assert (augur["only_during"], augur["only_if"], status) == (["upkeep"], [{"your_turn": True}], COMPILED)
    # Chained Brute; Everythingamajig; Lion's Eye Diamond (602.5e); Ebon Praetor; Fire-Belly Changeling
    assert activation_instruction("Activate only during your turn.") == {"only_if": [{"your_turn": True}]}
    assert activation_instruction("Activate only if you have no cards in hand.") == \
        {"only_if": [{"count": {"zone": "hand"}, "exactly": 0}]}
    assert activation_instruction("Activate only as an instant.") == {"timing": "instant"}
    # ... and on a mana ability too (Lion's Eye Diamond): can-pay does not plan with it while a
    # cost is paid (602.5e, 605.3a; tests/test_act_tail.py)
    led = card("Lion's Eye Diamond", "Artifact", "Discard your hand, Sacrifice Lion's Eye Diamond: Add three mana "
               "of any one color. Activate only as an instant.")
    assert led.card["abilities"][0]["activated"]["timing"] == "instant" and "effect" not in \
        led.card["abilities"][0]["activated"] and led.lines[0].status == COMPILED
    assert activation_instruction("Activate only during your upkeep and only once each turn.") == \
        {"only_during": ["upkeep"], "only_if": [{"your_turn": True}], "per_turn": 1}
    assert activation_instruction("Activate no more than twice each turn.") == {"per_turn": 2}
    # Battlefield Scrounger: two instructions joined by "and only"
    assert activation_instruction("Activate only once each turn and only if seven or more cards are in your "
                                  "graveyard.") == {"per_turn": 1, "only_if": [{"count": {"zone": "graveyard"},
                                                                                 "at_least": 7}]}
    # Heart Wolf (CR 506.1: the combat phase's steps); Balduvian Warlord
    assert activation_instruction("Activate only during combat.")["only_during"] == \
        ["beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
         "end_of_combat"]
    assert activation_instruction("Activate only during the declare blockers step.") == \
        {"only_during": ["declare_blockers"]}
    # Celestial Enforcer: "a creature with flying" is no filter of the vocabulary: not read
    assert activation_instruction("Activate only if you control a creature with flying.") is None


# -- the rules ---------------------------------------------------------------------------------

def lands(n, who="alice"):
    return [perm(f"{who}{i}", "Wastes", who) for i in range(n)]


def test_a_count_of_permanents_you_control():
    # Temple of the False God: five lands, itself among them; the opponent's lands do not count
    four = state([TEMPLE], [perm("t", "Temple of the False God"), *lands(3), *lands(5, "bob")])
    assert can_activate(Session(four), "t", 1) == (False, ("602.5",))
    five = state([TEMPLE], [perm("t", "Temple of the False God"), *lands(4)])
    assert can_activate(Session(five), "t", 1) == (True, ())


def test_a_mana_ability_whose_condition_fails_pays_nothing():
    # CR 605.3a, 602.5: can-pay plans only with abilities that can be activated
    four = Session(state([TEMPLE], [perm("t", "Temple of the False God"), *lands(3)]))
    assert not four.can_pay("alice", "{5}").payable
    five = Session(state([TEMPLE], [perm("t", "Temple of the False God"), *lands(4)]))
    assert five.can_pay("alice", "{6}").payable            # 2 from the Temple, 4 from the Wastes
    # CR 106.7: what it could produce ignores whether it can be activated
    assert four.could_produce().types["t"] == ("C",)


def test_power_and_total_power():
    bears = {"name": "Test Bear", "type_line": "Creature — Bear", "oracle_text": "", "power_toughness": "4/4",
             "abilities": []}
    small = {**bears, "name": "Test Cub", "power_toughness": "3/3"}

    def ok(spec, oid, line, *bf):
        data = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                "cards": [card(*spec).card, bears, small], "battlefield": [perm(oid, spec[0]), *bf]}
        s = Session(load_state(data, "t.yaml"))
        return can_activate(s, oid, line)[0]
    # Bonders' Enclave: a creature with power 4 or greater that you control
    assert not ok(BONDERS, "e", 2, perm("c", "Test Cub"), perm("b", "Test Bear", "bob"))
    assert ok(BONDERS, "e", 2, perm("b", "Test Bear"))
    # Circle of Elders (power 1) with creatures of total power 8 or greater: 1 + 4 + 3 = 8
    assert not ok(CIRCLE, "ce", 2, perm("b", "Test Bear", since_turn=1))
    assert ok(CIRCLE, "ce", 2, perm("b", "Test Bear"), perm("c", "Test Cub"))


def test_cards_in_your_own_zones():
    # Library of Alexandria: exactly seven cards in your hand; Barbarian Ring: seven in your graveyard
    def lib(n, bob=0):
        hands = {"alice": ["Wastes"] * n, "bob": ["Wastes"] * bob}
        return can_activate(Session(state([LIBRARY], [perm("lib", "Library of Alexandria")], hand=hands)), "lib", 2)
    assert lib(7) == (True, ())
    assert lib(6, bob=1) == (False, ("602.5",)) and lib(8)[0] is False

    def ring(n):
        yard = {"alice": ["Wastes"] * n}
        return can_activate(Session(state([BARBARIAN_RING], [perm("r", "Barbarian Ring")], graveyard=yard)), "r", 2)
    assert ring(6)[0] is False and ring(7)[0] is True


def test_during_your_turn_and_your_upkeep():
    upkeep = {"number": 5, "active": "alice", "step": "upkeep"}
    theirs = {"number": 5, "active": "bob", "step": "upkeep"}
    assert can_activate(Session(state([AUGUR], [perm("a", "Augur il-Vec")], turn=upkeep)), "a", 2)[0]
    assert can_activate(Session(state([AUGUR], [perm("a", "Augur il-Vec")], turn=theirs)), "a", 2) == \
        (False, ("602.5",))


def test_only_if_it_is_not_your_turn():
    # Ghost Town (CR 602.5, 102.1): its controller may return it on another player's turn only
    ghost, status = entry(GHOST_TOWN, 2)
    assert (ghost["only_if"], status) == ([{"not_your_turn": True}], COMPILED)
    assert activation_instruction("Activate only during an opponent's turn.") == \
        {"only_if": [{"opponents_turn": True}]}
    mine = {"number": 5, "active": "alice", "step": "precombat_main"}
    theirs = {"number": 5, "active": "bob", "step": "precombat_main"}
    town = [perm("g", "Ghost Town")]
    assert can_activate(Session(state([GHOST_TOWN], town, turn=mine)), "g", 2) == (False, ("602.5",))
    assert can_activate(Session(state([GHOST_TOWN], town, turn=theirs)), "g", 2) == (True, ())
    # the mana ability has no such condition
    assert can_activate(Session(state([GHOST_TOWN], town, turn=mine)), "g", 1) == (True, ())
    # on bob's turn the what-if returns it to alice's hand
    (r,) = Session(state([GHOST_TOWN], town, turn=theirs)).what_if(["activate g 2", "resolve"]).results
    assert r.illegal is None and r.state.battlefield == ()
    assert [(z.card, z.owner, z.zone) for z in r.state.zones] == [("Ghost Town", "alice", "hand")]


def test_once_each_turn_is_counted_and_written_back():
    # Kozilek's Translator: once each turn (602.5b), counted by the state and by the what-if
    used = Session(state([TRANSLATOR], [perm("k", "Kozilek's Translator", activated_this_turn=[2])]))
    assert can_activate(used, "k", 2) == (False, ("602.5b",))
    s = Session(state([TRANSLATOR], [perm("k", "Kozilek's Translator")]))
    assert can_activate(s, "k", 2) == (True, ())
    got = s.what_if(["activate k 2"])
    (r,) = got.results
    assert r.state.battlefield[0].activated_this_turn == ((2, 1),)
    assert can_activate(Session(r.state), "k", 2) == (False, ("602.5b",))
    (again,) = Session(r.state).what_if(["activate k 2"]).results
    assert again.illegal is not None and "602.5b" in {rule for rule, _ in again.illegal.why}


def test_a_new_turn_clears_the_count():
    end = {"number": 5, "active": "alice", "step": "cleanup"}
    s = Session(state([TRANSLATOR], [perm("k", "Kozilek's Translator", activated_this_turn=[2])], turn=end))
    (r,) = s.what_if(["next step"]).results
    assert r.state.battlefield[0].activated_this_turn == ()


@pytest.mark.parametrize("extra, message", [
    ({"activated_this_turn": [1]}, "activated_this_turn: 1 is not a line of an activated ability"),
    ({"activated_this_turn": "2"}, "activated_this_turn: must be a list"),
])
def test_bad_activation_records_name_the_field(extra, message):
    with pytest.raises(InputError, match=message):
        state([TRANSLATOR], [perm("k", "Kozilek's Translator", **extra)])


@pytest.mark.parametrize("only_if, message", [
    ([{"count": {"zone": "deck"}, "at_least": 1}], "zone: must be one of"),
    ([{"count": {"zone": "hand"}}], "compares with one of at_least, at_most, exactly"),
    ([{"count": {}, "at_least": 2}], "filter: a count on the battlefield names what it counts"),
    ([{"your_turn": "yes"}], "your_turn: is written `your_turn: true` alone"),
    ([{"not_your_turn": True, "at_least": 1}], "not_your_turn: is written `not_your_turn: true` alone"),
])
def test_bad_conditions_name_the_field(only_if, message):
    bad = {"name": "Test Rod", "type_line": "Artifact", "oracle_text": "{T}: Add {C}.",
           "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}", "only_if": only_if}}]}
    with pytest.raises(InputError, match=message):
        parse_card(bad, "rod.yaml")


def test_an_untap_limited_each_turn_is_no_loop():
    # Grim Monolith under Nyxbloom Ancient loops (732.1b: test_mana.py); with its untap limited
    # to once each turn (602.5b) it repeats once at most, so no unbounded mana is claimed
    limited = {"name": "Test Monolith", "type_line": "Artifact", "mana_cost": "{2}",
               "oracle_text": "{T}: Add {C}{C}{C}.\n{4}: Untap this artifact. Activate only once each turn.",
               "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}{C}{C}"}},
                             {"line": 2, "activated": {"cost": ["{4}"], "effect": "Untap this artifact.",
                                                       "does": [{"untap": {"what": "self"}}], "per_turn": 1}}]}
    data = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
            "cards": [limited],
            "battlefield": [{"id": "mono", "card": "Test Monolith", "controller": "alice"},
                            {"id": "nyx", "card": "Nyxbloom Ancient", "controller": "alice"}]}
    assert Session(load_state(data, "t.yaml")).available_mana("alice").unbounded == ()
    data["cards"][0]["abilities"][1]["activated"].pop("per_turn")
    assert Session(load_state(data, "t.yaml")).available_mana("alice").unbounded != ()
