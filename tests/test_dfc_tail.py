"""Transforming double-faced permanents (issue 13, dfc; translator/compiler/dfc_tail.py,
asp/transform.lp): real pool lines (AtomicCards 2024-03 wording, the card named) read into
`transform: {what: self}`, the state's `other_face:` and `back_face_up:`, and what the what-if
makes of them (701.27a, 701.27d, 701.27f, 712.8a, 712.18)."""

from __future__ import annotations

import pytest
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

CONDUIT = ("Conduit of Storms", "Creature — Werewolf Horror", (
    "Whenever Conduit of Storms attacks, add {R} at the beginning of your next main phase this turn.\n"
    "{3}{R}{R}: Transform Conduit of Storms."))
EMRAKUL = ("Conduit of Emrakul", "Creature — Eldrazi Werewolf",
           "Whenever Conduit of Emrakul attacks, add {C}{C} at the beginning of your next main phase this turn.")
SKULL = ("Mystic Skull", "Artifact", "{1}, {T}: Add one mana of any color.\n{5}, {T}: Transform Mystic Skull.")
CAPTIVE = ("Ulvenwald Captive", "Creature — Werewolf Horror", (
    "Defender\n{T}: Add {G}.\n{5}{G}{G}: Transform Ulvenwald Captive."))
STATUE = ("Foreboding Statue", "Artifact Creature — Construct", (
    "{T}: Add one mana of any color. Put an omen counter on Foreboding Statue.\n"
    "At the beginning of your end step, if there are three or more omen counters on Foreboding Statue, untap it, "
    "then transform it."))
THRESHER = ("Forsaken Thresher", "Artifact Creature — Construct",
            "At the beginning of your precombat main phase, add one mana of any color.")
BOLT = ("Test Bolt", "Sorcery", "Test Bolt deals 3 damage to any target.")
FIVE_R = {"alice": "{R}{R}{R}{R}{R}"}


def test_transform_self_is_read():
    for spec, n in ((CONDUIT, 2), (SKULL, 2), (CAPTIVE, 3)):
        does, target = effect_of(spec, n)
        assert does == [{"transform": {"what": "self"}}] and target is None


def test_foreboding_statue_counts_then_untaps_and_transforms():
    c = compiled(*STATUE)
    assert c.fully_compiled
    trig = c.card["abilities"][1]["triggered"]
    assert trig["condition"] == {"counters": {"kind": "omen", "at_least": 3}}
    assert trig["does"] == [{"untap": {"what": "self"}}, {"transform": {"what": "self"}}]


def test_transform_turns_it_to_the_other_face_the_state_names():
    board = [{"id": "c", "card": "Conduit of Storms", "controller": "alice", "other_face": "Conduit of Emrakul",
              "tapped": True, "counters": {"+1/+1": 1}}]
    got, afters = run([CONDUIT, EMRAKUL], board, ["activate c 2", "resolve"], mana_pool=FIVE_R)
    (r,) = got.results
    assert r.illegal is None
    # 712.18: the same object (no new incarnation), still tapped, its counters kept
    assert afters[0]["c"] == {"zone": "battlefield", "controller": "alice", "card": "Conduit of Emrakul",
                              "back_face_up": True, "tapped": True, "counters": {"+1/+1": 1}}
    (p,) = r.state.battlefield
    assert (p.card, p.other_face, p.back_face_up, p.incarnation) == ("Conduit of Emrakul", "Conduit of Storms", True, 0)


def test_without_the_other_face_the_transform_is_refused():
    board = [{"id": "c", "card": "Conduit of Storms", "controller": "alice"}]
    got, _ = run([CONDUIT], board, ["activate c 2", "resolve"], mana_pool=FIVE_R)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["701.27a"]
    assert "other_face" in r.illegal.why[0][1]


def test_an_ability_of_a_source_that_transformed_since_does_nothing():
    # 701.27f: two activations; the first to resolve transforms it, the second is then ignored
    board = [{"id": "c", "card": "Conduit of Storms", "controller": "alice", "other_face": "Conduit of Emrakul"}]
    got, afters = run([CONDUIT, EMRAKUL], board, ["activate c 2", "activate c 2", "resolve", "resolve"],
                      mana_pool={"alice": "{R}" * 10})
    (r,) = got.results
    assert r.illegal is None
    assert sum(1 for c in r.changes if c.change.name == "transform") == 1
    assert afters[0]["c"]["card"] == "Conduit of Emrakul"


def test_a_face_that_is_a_sorcery_does_not_turn_up():
    # 701.27d: nothing happens
    board = [{"id": "c", "card": "Conduit of Storms", "controller": "alice", "other_face": "Test Bolt"}]
    got, afters = run([CONDUIT, BOLT], board, ["activate c 2", "resolve"], mana_pool=FIVE_R)
    (r,) = got.results
    assert r.illegal is None and not any(c.change.name == "transform" for c in r.changes)
    assert "card" not in afters[0].get("c", {})


def test_a_transformed_permanent_leaves_as_its_front_face():
    # 712.8a: in the graveyard the card has its front face's characteristics
    board = [{"id": "c", "card": "Conduit of Emrakul", "controller": "alice", "other_face": "Conduit of Storms",
              "back_face_up": True}]
    got, _ = run([CONDUIT, EMRAKUL], board, ["move c to graveyard"])
    (r,) = got.results
    (z,) = r.state.zones
    assert (z.zone, z.card) == ("graveyard", "Conduit of Storms")


def test_the_faces_in_a_state_are_checked():
    base = {"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "precombat_main"},
            "cards": [compiled(*CONDUIT).card, compiled(*EMRAKUL).card]}
    perm = {"id": "c", "card": "Conduit of Storms", "controller": "alice"}
    s = load_state({**base, "battlefield": [{**perm, "other_face": "Conduit of Emrakul"}]}, "t")
    assert s.battlefield[0].other_face == "Conduit of Emrakul" and not s.battlefield[0].back_face_up
    with pytest.raises(InputError, match="other_face"):
        load_state({**base, "battlefield": [{**perm, "other_face": "Conduit of Storms"}]}, "t")
    with pytest.raises(InputError, match="back_face_up"):
        load_state({**base, "battlefield": [{**perm, "back_face_up": True}]}, "t")
    with pytest.raises(InputError, match="No Such Face"):
        load_state({**base, "battlefield": [{**perm, "other_face": "No Such Face"}]}, "t")


ABBEY = ("Westvale Abbey", "Land", (
    "{T}: Add {C}.\n{5}, {T}, Pay 1 life: Create a 1/1 white and black Human Cleric creature token.\n"
    "{5}, {T}, Sacrifice five creatures: Transform Westvale Abbey, then untap it."))
ORMENDAHL = ("Ormendahl, Profane Prince", "Legendary Creature — Demon", "Flying, lifelink, indestructible, haste")
BEAR = ("Test Bear", "Creature — Bear", "")


def test_westvale_abbey_sacrifices_five_then_transforms_and_untaps():
    does, _ = effect_of(ABBEY, 3)
    assert does == [{"transform": {"what": "self"}}, {"untap": {"what": "self"}}]
    cost = compiled(*ABBEY).card["abilities"][2]["activated"]["cost"]
    assert cost == ["{5}", "{T}", {"sacrifice": {"count": 5, "filter": ["creature"]}}]
    bears = [{"id": f"b{i}", "card": "Test Bear", "controller": "alice"} for i in range(6)]
    board = [{"id": "abbey", "card": "Westvale Abbey", "controller": "alice",
              "other_face": "Ormendahl, Profane Prince"}] + bears
    got, afters = run([ABBEY, ORMENDAHL, BEAR], board, ["activate abbey 3", "resolve"],
                      mana_pool={"alice": "{C}{C}{C}{C}{C}"})
    # 701.21a: five of the six, the activator's choice: six outcomes, each leaving one bear
    assert len(got.results) == 6 and all(r.illegal is None for r in got.results)
    for after in afters:
        assert sum(1 for i in range(6) if after.get(f"b{i}", {}).get("zone") == "graveyard") == 5
        assert after["abbey"]["card"] == "Ormendahl, Profane Prince" and "tapped" not in after["abbey"]


def test_four_creatures_cannot_pay_sacrifice_five():
    board = [{"id": "abbey", "card": "Westvale Abbey", "controller": "alice",
              "other_face": "Ormendahl, Profane Prince"}] + \
        [{"id": f"b{i}", "card": "Test Bear", "controller": "alice"} for i in range(4)]
    got, _ = run([ABBEY, ORMENDAHL, BEAR], board, ["activate abbey 3"], mana_pool={"alice": "{C}{C}{C}{C}{C}"})
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["118.3"]


FRAGMENT = ("Cryptolith Fragment", "Artifact", (
    "Cryptolith Fragment enters the battlefield tapped.\n{T}: Add one mana of any color. Each player loses 1 life.\n"
    "At the beginning of your upkeep, if each player has 10 or less life, transform Cryptolith Fragment."))
AURORA = ("Aurora of Emrakul", "Creature — Eldrazi Reflection", "Flying, deathtouch")
HOMUNCULUS = ("Curious Homunculus", "Creature — Homunculus", (
    "{T}: Add {C}. Spend this mana only to cast an instant or sorcery spell.\n"
    "At the beginning of your upkeep, if there are three or more instant and/or sorcery cards in your graveyard, "
    "transform Curious Homunculus."))
VORACIOUS = ("Voracious Reader", "Creature — Eldrazi Homunculus", "Prowess")
SPELL = ("Test Sorcery", "Sorcery", "You gain 1 life.")
INSTANT = ("Test Instant", "Instant", "You gain 1 life.")


def test_each_player_loses_a_life_for_the_fragments_mana():
    does, _ = effect_of(FRAGMENT, 2)
    assert does == [{"lose_life": {"who": "each_player", "amount": 1}}]
    board = [{"id": "f", "card": "Cryptolith Fragment", "controller": "alice"}]
    _got, afters = run([FRAGMENT], board, ["activate f 2"])
    assert {a["player alice"]["life"] for a in afters} == {19}
    assert {a["player bob"]["life"] for a in afters} == {19}


@pytest.mark.parametrize("bob_life, transforms", [(10, True), (11, False)])
def test_the_fragment_transforms_when_each_player_has_10_or_less(bob_life, transforms):
    assert compiled(*FRAGMENT).card["abilities"][2]["triggered"]["condition"] == \
        {"life": {"who": "each_player", "at_most": 10}}
    board = [{"id": "f", "card": "Cryptolith Fragment", "controller": "alice", "other_face": "Aurora of Emrakul"}]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 4, "active": "bob", "step": "cleanup"},
                        "cards": [compiled(*s).card for s in (FRAGMENT, AURORA)], "battlefield": board,
                        "life": {"alice": 7, "bob": bob_life}, "library": {"alice": ["Cryptolith Fragment"]}}, "t.yaml")
    from mtg_asp.queries import Session
    got = Session(state).what_if(["next step", "resolve"] if transforms else ["next step"])
    (r,) = got.results
    after = r.after(got.start)
    assert (after.get("f", {}).get("card") == "Aurora of Emrakul") is transforms
    assert r.illegal is None


@pytest.mark.parametrize("cards, transforms", [(["Test Sorcery", "Test Instant", "Test Instant"], True),
                                               (["Test Sorcery", "Test Instant", "Curious Homunculus"], False)])
def test_the_homunculus_counts_instant_and_sorcery_cards(cards, transforms):
    assert compiled(*HOMUNCULUS).card["abilities"][1]["triggered"]["condition"] == \
        {"in_graveyard": {"any_of": [["instant"], ["sorcery"]], "at_least": 3}}
    board = [{"id": "h", "card": "Curious Homunculus", "controller": "alice", "other_face": "Voracious Reader"}]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 4, "active": "bob", "step": "cleanup"},
                        "cards": [compiled(*s).card for s in (HOMUNCULUS, VORACIOUS, SPELL, INSTANT)],
                        "battlefield": board, "graveyard": {"alice": cards},
                        "library": {"alice": ["Test Sorcery"]}}, "t.yaml")
    from mtg_asp.queries import Session
    got = Session(state).what_if(["next step", "resolve"] if transforms else ["next step"])
    (r,) = got.results
    assert r.illegal is None
    assert (r.after(got.start).get("h", {}).get("card") == "Voracious Reader") is transforms
