"""Keyword abilities read as the abilities their rules define (CR 702; compiler/keywords.py)."""

from __future__ import annotations

import pytest
from pool_lines import compiled, what_if_on

REMINDER = (" (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless "
            "you pay its upkeep cost for each age counter on it.)")
BRAID = ("Braid of Fire", "Enchantment", "Cumulative upkeep—Add {R}." + REMINDER)
HALLS = ("Halls of Mist", "Land", "Cumulative upkeep {1}" + REMINDER)
CHASM = ("Glacial Chasm", "Land", "Cumulative upkeep—Pay 2 life." + REMINDER)
SNOWFALL = ("Snowfall", "Enchantment", "Cumulative upkeep {U}" + REMINDER)
DARKNESS = ("Infernal Darkness", "Enchantment", "Cumulative upkeep—Pay {B} and 1 life." + REMINDER)


@pytest.mark.parametrize("spec, cost", [(BRAID, {"adds": "{R}"}), (HALLS, {"generic": 1}), (CHASM, {"life": 2}),
                                        (SNOWFALL, {"mana": "{U}"}), (DARKNESS, {"mana": "{B}", "life": 1}),
                                        (("Jötun Grunt", "Creature", "Cumulative upkeep {1}{B}"),
                                         {"generic": 1, "mana": "{B}"})])
def test_cumulative_upkeep_is_an_upkeep_trigger_with_its_cost(spec, cost):
    # CR 702.24a: "At the beginning of your upkeep, ... put an age counter ... Then you may pay
    # [cost] for each age counter on it. If you don't, sacrifice it."
    c = compiled(*spec)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["when"] == {"beginning_of_upkeep": "your_turn"} and t["does"] == [{"cumulative_upkeep": cost}]


@pytest.mark.parametrize("text", ["Cumulative upkeep {G} or {W}", "Cumulative upkeep {S}",
                                  "Cumulative upkeep—Sacrifice a land.", "Cumulative upkeep {U}{R}"])
def test_other_cumulative_upkeep_costs_stay_text(text):
    assert not compiled("X", "Enchantment", text).fully_compiled


def upkeep(spec, counters, **extra):
    me = {"id": "me", "card": spec[0], "controller": "alice", "counters": {"age": counters}}
    stack = [{"id": "s1", "source": "me", "line": 1, "controller": "alice"}]
    _, afters = what_if_on([spec], [me], ["resolve"], stack=stack,
                           turn={"number": 5, "active": "alice", "step": "upkeep"}, **extra)
    # (after names only what changed: None where the pool or life total did not)
    return sorted((a["me"].get("zone", "battlefield"), a.get("player alice", {}).get("mana_pool"),
                   a.get("player alice", {}).get("life")) for a in afters)


def test_braid_of_fire_pays_its_upkeep_by_adding_red_for_each_age_counter():
    # 702.24a: with two age counters it gets a third; paying adds {R}{R}{R}, else it is sacrificed
    assert upkeep(BRAID, 2) == [("battlefield", "{R}{R}{R}", None), ("graveyard", None, None)]


def test_halls_of_mist_pays_generic_mana_for_each_age_counter():
    # a second age counter: {1} twice from alice's pool; with one mana she cannot pay (601.2h)
    assert upkeep(HALLS, 1, mana_pool={"alice": "{U}{G}"}) == [("battlefield", "", None), ("graveyard", None, None)]
    assert upkeep(HALLS, 1, mana_pool={"alice": "{U}"}) == [("graveyard", None, None)]


def test_glacial_chasm_pays_life_for_each_age_counter():
    # three counters: 6 life (119.4: not with 5)
    assert upkeep(CHASM, 2) == [("battlefield", None, 14), ("graveyard", None, None)]
    assert upkeep(CHASM, 2, life={"alice": 5}) == [("graveyard", None, None)]


MYR = ("Plague Myr", "Artifact Creature — Phyrexian Myr",
       ("Infect (This creature deals damage to creatures in the form of -1/-1 counters and to players in the form of "
       "poison counters.)\n{T}: Add {C}."))


def combat(battlefield, **extra):
    return what_if_on([MYR], battlefield, ["next step"],
                      turn={"number": 5, "active": "alice", "step": "declare_blockers"}, **extra)


def test_infect_is_a_keyword_the_card_compiles_with():
    c = compiled(*MYR)
    assert c.fully_compiled and c.card["abilities"][0] == {"line": 1, "keywords": ["infect"]}


def test_infect_damage_to_a_player_gives_poison_counters_not_life_loss():
    # CR 702.90b, 120.3b: the Myr (1/1) unblocked: bob gets a poison counter, his life stays 20
    myr = {"id": "myr", "card": "Plague Myr", "controller": "alice", "attacking": "bob", "tapped": True}
    got, afters = combat([myr])
    (after,) = afters
    assert after["player bob"] == {"poison": 1}
    # 704.5c: with nine already, the tenth loses him the game
    got, afters = combat([myr], poison={"bob": 9})
    (after,) = afters
    assert after["player bob"] == {"poison": 10, "lost": True}
    assert "704.5c" in {rule for c in got.results[0].changes for rule, _ in c.rules}


def test_infect_damage_to_a_creature_is_minus_one_counters():
    # CR 702.90c, 120.3d: blocked by bob's Elves (1/1), the Myr puts a -1/-1 counter on it (it
    # dies, 704.5f) and is dealt 1 damage, marked as usual (the Elves has no infect)
    myr = {"id": "myr", "card": "Plague Myr", "controller": "alice", "attacking": "bob", "tapped": True}
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "blocking": "myr"}
    _, afters = combat([myr, elves])
    (after,) = afters
    assert after["elves"]["zone"] == "graveyard" and after["myr"]["zone"] == "graveyard"
    assert "player bob" not in after


OGRE = ("Treasonous Ogre", "Creature — Ogre Shaman",
        ("Dethrone (Whenever this creature attacks the player with the most life or tied for most life, put a +1/+1 "
         "counter on it.)\nPay 3 life: Add {R}."))


def test_dethrone_is_the_triggered_ability_it_means():
    # CR 702.105a
    c = compiled(*OGRE)
    assert c.fully_compiled
    t = c.card["abilities"][0]["triggered"]
    assert t["when"] == {"attacks_most_life": "self"}
    assert t["does"] == [{"counters": {"what": "self", "kind": "+1/+1"}}]


@pytest.mark.parametrize("life, at, counters", [({"bob": 20, "carol": 20}, "bob", 1),     # tied for most
                                                ({"bob": 21, "carol": 20}, "bob", 1),
                                                ({"bob": 19, "carol": 20}, "bob", None),
                                                ({"alice": 25, "bob": 20, "carol": 20}, "bob", None)])
def test_dethrone_triggers_only_attacking_the_player_with_the_most_life(life, at, counters):
    # 702.105a: alice's own life counts among the players' (she has the most at 25)
    ogre = {"id": "ogre", "card": "Treasonous Ogre", "controller": "alice"}
    _, afters = what_if_on([OGRE], [ogre], [f"attack ogre at {at}", "resolve"], players=["alice", "bob", "carol"],
                           turn={"number": 5, "active": "alice", "step": "beginning_of_combat"}, life=life)
    assert {(a["ogre"].get("counters") or {}).get("+1/+1") for a in afters} == {counters}
