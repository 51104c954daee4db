"""The long tail of Land cards, lands8's part (issue 13): a token another player creates (111.2), a
poison counter (122.1f), "you may ... If you do, ..." (608.2c-d), a target kept tapped for its
controller's next untap step (502.3, 611.2a), an effect on its targets beside counters or tokens
(611.2c), "Creatures you control can't attack." and "Prevent all damage that would be dealt to you."
(508.1c, 615.6). Real pool lines (AtomicCards 2024-03 wording, the card named)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of

ORCHARD = ("Forbidden Orchard", "Land", (
    "{T}: Add one mana of any color.\nWhenever you tap Forbidden Orchard for mana, target opponent creates a 1/1 "
    "colorless Spirit creature token."))
BAYOU = ("Noxious Bayou", "Land", "{T}: Add {B} or {G}. You get a poison counter.")
HAVEN = ("Safe Haven", "Land", (
    "{2}, {T}: Exile target creature you control.\nAt the beginning of your upkeep, you may sacrifice Safe Haven. "
    "If you do, return each card exiled with Safe Haven to the battlefield under its owner's control."))
CITY = ("Forsaken City", "Land", (
    "Forsaken City doesn't untap during your untap step.\nAt the beginning of your upkeep, you may exile a card "
    "from your hand. If you do, untap Forsaken City.\n{T}: Add one mana of any color."))
CASCADE = ("Skyline Cascade", "Land", (
    "Skyline Cascade enters the battlefield tapped.\nWhen Skyline Cascade enters the battlefield, target creature "
    "an opponent controls doesn't untap during its controller's next untap step.\n{T}: Add {U}."))
BRETAGARD = ("Bretagard Stronghold", "Land", (
    "Bretagard Stronghold enters the battlefield tapped.\n{T}: Add {G}.\n{G}{W}{W}, {T}, Sacrifice Bretagard "
    "Stronghold: Put a +1/+1 counter on each of up to two target creatures you control. They gain vigilance and "
    "lifelink until end of turn. Activate only as a sorcery."))
SKEMFAR = ("Skemfar Elderhall", "Land", (
    "Skemfar Elderhall enters the battlefield tapped.\n{T}: Add {G}.\n{2}{B}{B}{G}, {T}, Sacrifice Skemfar "
    "Elderhall: Up to one target creature you don't control gets -2/-2 until end of turn. Create two 1/1 green Elf "
    "Warrior creature tokens. Activate only as a sorcery."))
CHASM = ("Glacial Chasm", "Land", (
    "Cumulative upkeep—Pay 2 life.\nWhen Glacial Chasm enters the battlefield, sacrifice a land.\nCreatures you "
    "control can't attack.\nPrevent all damage that would be dealt to you."))
SOKENZAN = ("Sokenzan, Crucible of Defiance", "Legendary Land", (
    "{T}: Add {R}.\nChannel — {3}{R}, Discard Sokenzan, Crucible of Defiance: Create two 1/1 colorless Spirit "
    "creature tokens. They gain haste until end of turn. This ability costs {1} less to activate for each legendary "
    "creature you control."))
SARKHAN_LINE = "You may discard a card. If you do, draw a card."
BEAR = ("Test Bear", "Creature — Bear", "")


def test_the_compiler_reads_the_lines():
    does, target = effect_of(ORCHARD, 2)
    assert target == "opponent" and does == [{"create_token": {"card": "Spirit Token", "who": "target"}}]
    assert effect_of(BAYOU, 1)[0] == [{"counters": {"what": "you", "kind": "poison"}}]
    assert effect_of(HAVEN, 2)[0] == [{"sacrifice": {"what": "self", "may": True}},
                                      {"move": {"what": "linked", "to": "battlefield", "under": "owner",
                                                "if_done": True}}]
    assert effect_of(CITY, 2)[0] == [{"move": {"what": "card_from_hand", "to": "exile", "may": True}},
                                     {"untap": {"what": "self", "if_done": True}}]
    cascade = compiled(*CASCADE).card["abilities"][1]["triggered"]
    assert cascade["creates"] == {"restrict": {"what": ["untap"], "to": "target"},
                                  "duration": "its_controllers_next_untap_step"}
    assert cascade["target"] == {"filter": ["creature"], "controller": "opponent"}
    bret = compiled(*BRETAGARD).card["abilities"][2]["activated"]
    assert bret["does"] == [{"counters": {"what": "targets", "kind": "+1/+1", "count": 1}}]
    assert bret["target"] == {"filter": ["creature"], "controller": "you", "count": 2, "up_to": True}
    assert bret["creates"]["grant"] == {"to": "target", "ability": {"keywords": ["vigilance", "lifelink"]}}
    skem = compiled(*SKEMFAR).card["abilities"][2]["activated"]
    assert skem["target"] == {"filter": ["creature"], "controller": "not_you", "up_to": True}
    assert skem["creates"]["pt"] == {"modify": "-2/-2", "to": "target"}
    assert skem["does"] == [{"create_token": {"card": "Elf Warrior Token", "count": 2}}]
    chasm = compiled(*CHASM).card["abilities"]
    assert compiled(*CHASM).fully_compiled
    assert chasm[2]["static"] == {"restrict": {"what": ["attack"], "to": {"filter": ["creature"], "controller": "you"}}}
    assert chasm[3]["static"] == {"prevent": "damage_to_you"}


def test_neighbouring_readings_are_unchanged():
    """"They gain haste" after tokens stays land_tail's, "If you do, draw a card" after a discard stays
    act_tail's (`count: that_many`)."""
    soken = compiled(*SOKENZAN)
    assert soken.fully_compiled
    assert soken.card["abilities"][1]["activated"]["creates"]["grant"]["to"] == "created_token"
    c = compiled("Test Fireblood", "Legendary Planeswalker — Sarkhan", f"+1: {SARKHAN_LINE}")
    assert c.card["abilities"][0]["activated"]["does"][1] == {"draw": {"count": "that_many"}}


def test_if_you_do_needs_a_may_before_it():
    c = compiled("Test Sac", "Land", "{T}: Sacrifice Test Sac. If you do, draw a card.")
    assert not c.fully_compiled
    bad = {"name": "Bad", "mana_cost": "", "type_line": "Land", "oracle_text": "x",
           "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "x",
                                                   "does": [{"draw": {"count": 1, "if_done": True}}]}}]}
    with pytest.raises(InputError, match="if_done goes right after an action with may: true"):
        parse_card(bad, "t")


def test_poison_counters_go_only_on_you():
    bad = {"name": "Bad", "mana_cost": "", "type_line": "Land", "oracle_text": "x",
           "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "x",
                                                   "does": [{"counters": {"what": "you", "kind": "+1/+1"}}]}}]}
    with pytest.raises(InputError, match="what: you goes with kind: poison"):
        parse_card(bad, "t")


def _what_if(specs, battlefield, actions, **extra):
    cs = [compiled(*s) for s in specs]
    cards = [c.card for c in cs] + [t for c in cs for t in c.tokens]
    for card in cards:
        if card["name"] == "Test Bear":
            card["power_toughness"] = "2/2"
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return got, [r.after(got.start) for r in got.results]


def test_skemfar_with_no_target_still_makes_the_elves():
    got, afters = _what_if([SKEMFAR, BEAR], [{"id": "skem", "card": "Skemfar Elderhall", "controller": "alice"},
                                             {"id": "b1", "card": "Test Bear", "controller": "bob"}],
                           ["activate skem 3", "resolve"], mana_pool={"alice": "{B}{B}{G}{C}{C}"})
    assert all(r.illegal is None for r in got.results)
    # zero targets or bob's Bear (115.6): two Elves either way, the Bear dies only when targeted
    assert sorted("b1" in a and a["b1"].get("zone") == "graveyard" for a in afters) == [False, True]
    assert all(a["elf_warrior"]["controller"] == "alice" and "elf_warrior_2" in a for a in afters)


def test_glacial_chasm_creatures_you_control_cannot_attack():
    got, _ = _what_if([CHASM, BEAR], [{"id": "chasm", "card": "Glacial Chasm", "controller": "alice"},
                                      {"id": "a1", "card": "Test Bear", "controller": "alice"}],
                      ["attack a1 at bob"], turn={"number": 5, "active": "alice", "step": "beginning_of_combat"})
    (r,) = got.results
    assert r.illegal is not None and "508.1c" in str(r.to_json(got.start))


def test_forsaken_city_with_an_empty_hand_stays_tapped():
    got, afters = _what_if([CITY], [{"id": "city", "card": "Forsaken City", "controller": "alice", "tapped": True}],
                           ["next step", "resolve"], turn={"number": 5, "active": "bob", "step": "cleanup"})
    assert afters and all(a.get("city", {}).get("tapped", True) for a in afters)
    assert all(not any(c.change.to_json()["change"] == "untap" for c in r.changes) for r in got.results)


def test_safe_haven_already_gone_returns_nothing():
    """The Haven left the battlefield before its upkeep trigger resolved: it cannot be sacrificed
    (400.7), so "if you do" fails and the exiled card stays."""
    got, afters = _what_if([HAVEN, BEAR], [{"id": "haven", "card": "Safe Haven", "controller": "alice"}],
                           ["next step", "move haven to graveyard", "resolve"],
                           turn={"number": 5, "active": "bob", "step": "cleanup"},
                           exile={"alice": [{"id": "bear", "card": "Test Bear", "exiled_with": "haven"}]})
    assert got.results and all(r.illegal is None for r in got.results)
    assert all(a.get("bear", {}).get("zone", "exile") == "exile" for a in afters)


TOMB = ("Tomb of the Dusk Rose", "Legendary Land", (
    "(Transforms from Profane Procession.)\n{T}: Add one mana of any color.\n{2}{W}{B}, {T}: Put a creature card "
    "exiled with this permanent onto the battlefield under your control."))
ISLAND_CARD = ("Test Isle", "Land", "")


def test_tomb_of_the_dusk_rose_puts_one_linked_creature_card_under_your_control():
    """607.1b, 607.2a: the cards its front face exiled are linked to it; one creature card of them,
    its controller's choice (each an outcome), enters under her control (110.2), the land card stays."""
    does, _ = effect_of(TOMB, 3)
    assert does == [{"move": {"what": "linked", "filter": ["creature"], "count": 1, "to": "battlefield"}}]
    got, afters = _what_if([TOMB, BEAR, ISLAND_CARD], [{"id": "tomb", "card": "Tomb of the Dusk Rose", "controller": "alice"}],
                           ["activate tomb 3", "resolve"], mana_pool={"alice": "{W}{B}{C}{C}"},
                           exile={"bob": [{"id": "bear1", "card": "Test Bear", "exiled_with": "tomb"},
                                          {"id": "isle", "card": "Test Isle", "exiled_with": "tomb"}],
                                  "alice": [{"id": "bear2", "card": "Test Bear", "exiled_with": "tomb"}]})
    assert got.results and all(r.illegal is None for r in got.results)
    entered = sorted(next(i for i in ("bear1", "bear2") if a.get(i, {}).get("zone") == "battlefield") for a in afters)
    assert entered == ["bear1", "bear2"]
    assert all(a[i]["controller"] == "alice" for a in afters for i in ("bear1", "bear2") if i in a
               and a[i].get("zone") == "battlefield")
    assert all(a.get("isle", {}).get("zone", "exile") == "exile" for a in afters)
