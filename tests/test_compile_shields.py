"""Prevention effects on a target (CR 615) from real pool lines (AtomicCards 2024-03 wording, the
card named): the compiler reads them into a created effect until end of turn (611.2c, 514.2),
and asp/prevention.lp prevents the combat damage it names (615.6, 510.2)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled

KOR_HAVEN = ("Kor Haven", "Legendary Land", ("{T}: Add {C}.\n{1}{W}, {T}: Prevent all combat damage that would be "
             "dealt by target attacking creature this turn."))
MAZE_OF_ITH = ("Maze of Ith", "Land", ("{T}: Untap target attacking creature. Prevent all combat damage that would be "
               "dealt to and dealt by that creature this turn."))
ATTACKER = {"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 3}, "attacking": "bob"}
BLOCKER = {"id": "one_b", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 2}, "blocking": "one"}


def run(specs, battlefield, actions, **extra):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "declare_blockers"},
                        "cards": [compiled(*s).card for s in specs], "battlefield": battlefield, **extra}, "t.yaml")
    return Session(state).what_if(actions)


def test_the_prevention_lines_compile_to_effects_on_their_target():
    haven = compiled(*KOR_HAVEN)
    assert haven.fully_compiled
    entry = haven.card["abilities"][1]["activated"]
    assert entry["target"] == {"filter": ["creature"], "attacking": True}
    assert entry["creates"] == {"prevent": "combat_damage_by_target", "duration": "end_of_turn"}
    maze = compiled(*MAZE_OF_ITH)
    assert maze.fully_compiled
    entry = maze.card["abilities"][0]["activated"]
    assert entry["does"] == [{"untap": {"what": "target"}}]
    assert entry["creates"]["prevent"] == ["combat_damage_to_target", "combat_damage_by_target"]


def test_kor_haven_prevents_the_combat_damage_its_target_would_deal():
    haven = {"id": "haven", "card": "Kor Haven", "controller": "bob"}
    # without it, the 3/3 attacker deals 3 to bob (510.1b); with it, none (615.6)
    got = run([KOR_HAVEN], [ATTACKER, haven], ["next step"])
    assert [dict(r.state.life)["bob"] for r in got.results] == [17]
    got = run([KOR_HAVEN], [ATTACKER, haven], ["activate haven 2 targeting one", "resolve", "next step"],
              mana_pool={"bob": "{W}{W}"})
    assert [dict(r.state.life)["bob"] for r in got.results] == [20]
    # the effect is on its target only (611.2c): a second attacker still deals its damage
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "attacking": "bob"}
    got = run([KOR_HAVEN], [ATTACKER, elves, haven], ["activate haven 2 targeting one", "resolve", "next step"],
              mana_pool={"bob": "{W}{W}"})
    assert [dict(r.state.life)["bob"] for r in got.results] == [19]


def test_kor_haven_targets_an_attacking_creature_only():
    haven = {"id": "haven", "card": "Kor Haven", "controller": "bob"}
    idle = {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}
    got = run([KOR_HAVEN], [ATTACKER, idle, haven], ["activate haven 2 targeting elves"], mana_pool={"bob": "{W}{W}"})
    assert got.results[0].illegal is not None


def test_maze_of_ith_prevents_damage_dealt_to_and_by_its_target():
    maze = {"id": "maze", "card": "Maze of Ith", "controller": "bob"}
    # without it: the 3/3 attacker kills the 2/2 blocker and is dealt 2
    got = run([MAZE_OF_ITH], [ATTACKER, BLOCKER, maze], ["next step"])
    assert "one_b" not in {o.id for o in got.results[0].state.battlefield}
    got = run([MAZE_OF_ITH], [ATTACKER, BLOCKER, maze], ["activate maze 1 targeting one", "resolve", "next step"])
    assert len(got.results) == 1
    state = got.results[0].state
    by_id = {o.id: o for o in state.battlefield}
    assert "one_b" in by_id and not by_id["one_b"].damage          # dealt by it: prevented
    assert not by_id["one"].damage and not by_id["one"].tapped     # dealt to it: prevented; untapped


@pytest.mark.parametrize("bad", ["combat_damage_to_me", ["combat_damage_to_target", "combat_damage_to_target"], []])
def test_a_prevention_outside_the_list_is_refused(bad):
    card = compiled(*KOR_HAVEN).card
    card["abilities"][1]["activated"]["creates"]["prevent"] = bad
    with pytest.raises(InputError, match="prevent"):
        parse_card(card, "t.yaml")


# -- regeneration (CR 701.19a) -------------------------------------------------------------------
HOLLOW = ("Yavimaya Hollow", "Legendary Land", "{T}: Add {C}.\n{G}, {T}: Regenerate target creature.")
HULK = ("Birthing Hulk", "Creature — Eldrazi Drone", (
    "Devoid (This card has no color.)\nWhen Birthing Hulk enters the battlefield, create two 1/1 colorless Eldrazi "
    "Scion creature tokens. They have \"Sacrifice this creature: Add {C}.\"\n{1}{C}: Regenerate Birthing Hulk."))
MURDER = ("Murder", "Instant", "Destroy target creature.")


def _murder():
    return {**compiled(*MURDER).card, "mana_cost": "{B}"}


def regen_run(battlefield, actions, step="precombat_main", **extra):
    cards = [compiled(*HOLLOW).card, _murder()]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": step},
                        "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")
    return Session(state).what_if(actions)


def by_id(result, k=0):
    return {o.id: o for o in result.results[k].state.battlefield}


def test_regenerate_lines_compile_to_a_shield_on_their_target_or_source():
    hollow = compiled(*HOLLOW)
    assert hollow.fully_compiled
    assert hollow.card["abilities"][1]["activated"]["creates"] == {"regenerate": "target", "duration": "end_of_turn"}
    hulk = compiled(*HULK)
    assert hulk.fully_compiled
    assert hulk.card["abilities"][2]["activated"]["creates"] == {"regenerate": "self", "duration": "end_of_turn"}


BEAR_B = {"id": "bear", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 2}}
HOLLOW_B = {"id": "hollow", "card": "Yavimaya Hollow", "controller": "bob"}


def test_a_regenerated_creature_is_tapped_instead_of_destroyed_once():
    hand = {"alice": [{"id": "m1", "card": "Murder"}, {"id": "m2", "card": "Murder"}]}
    # without a shield, Murder destroys it (701.8a)
    got = regen_run([BEAR_B, HOLLOW_B], ["cast m1 targeting bear", "resolve"], hand=hand, mana_pool={"alice": "{B}"})
    assert "bear" not in by_id(got)
    # with one, it stays, tapped (701.19a), and the shield is used: a second Murder destroys it
    acts = ["activate hollow 2 targeting bear", "resolve", "cast m1 targeting bear", "resolve"]
    got = regen_run([BEAR_B, HOLLOW_B], acts, hand=hand, mana_pool={"alice": "{B}{B}", "bob": "{G}"})
    assert len(got.results) == 1 and got.results[0].illegal is None
    assert by_id(got)["bear"].tapped
    assert any(r == "701.19a" for c in got.results[0].changes for r, _ in c.rules)
    got = regen_run([BEAR_B, HOLLOW_B], acts + ["cast m2 targeting bear", "resolve"], hand=hand,
                    mana_pool={"alice": "{B}{B}", "bob": "{G}"})
    assert "bear" not in by_id(got)


def test_a_shield_replaces_destruction_by_lethal_damage_and_removes_it_from_combat():
    attacker = {"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 3}, "attacking": "bob"}
    blocker = {**BEAR_B, "blocking": "one"}
    shield = [{"id": "shield", "card": "Yavimaya Hollow", "line": 2, "controller": "bob", "source": "hollow",
               "targets": ["bear"], "since_turn": 5}]
    # 3 damage to the 2/2 blocker: destroyed (704.5g) without the shield
    got = regen_run([attacker, blocker, HOLLOW_B], ["next step"], step="declare_blockers")
    assert "bear" not in by_id(got)
    got = regen_run([attacker, blocker, HOLLOW_B], ["next step"], step="declare_blockers", effects=shield)
    assert len(got.results) == 1
    bear = by_id(got)["bear"]
    assert bear.tapped and not bear.damage and bear.blocking is None      # 701.19a
    assert not got.results[0].state.effects                                # the shield is used


def test_regenerate_self_shields_its_source():
    hulk = {"id": "hulk", "card": "Birthing Hulk", "controller": "bob"}
    cards = [{**compiled(*HULK).card, "mana_cost": "{4}{C}"}, _murder()]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": [hulk], "hand": {"alice": [{"id": "m1", "card": "Murder"}]},
                        "mana_pool": {"alice": "{B}", "bob": "{C}{C}"}}, "t.yaml")
    got = Session(state).what_if(["activate hulk 3", "resolve", "cast m1 targeting hulk", "resolve"])
    assert [r.illegal for r in got.results] == [None]
    assert by_id(got)["hulk"].tapped


@pytest.mark.parametrize("creates, field", [({"regenerate": "each"}, "regenerate"),
                                            ({"regenerate": "target", "duration": "indefinitely"}, "duration"),
                                            ({"regenerate": "target", "pt": {"modify": "+1/+1", "to": "target"}},
                                             "regenerate")])
def test_a_regeneration_outside_the_vocabulary_is_refused(creates, field):
    card = compiled(*HOLLOW).card
    card["abilities"][1]["activated"]["creates"] = creates
    with pytest.raises(InputError, match=field):
        parse_card(card, "t.yaml")


def test_a_granted_regeneration_is_read():
    # Spawning Pool's quoted '"{B}: Regenerate this creature."': the effect a granted ability creates is
    # a term of its own (ab(C, L, granted_created)), so its shield is read (tests/test_abil_tail.py,
    # the scenario lands/701_19a_spawning_pool_regenerates_itself.yaml)
    pool = compiled("Spawning Pool", "Land", "{1}{B}: Spawning Pool becomes a 1/1 black Skeleton creature with "
                    "\"{B}: Regenerate this creature.\" until end of turn. It's still a land.")
    assert pool.fully_compiled
    card = compiled(*HOLLOW).card
    card["abilities"][1] = {"line": 2, "static": {"grant": {"to": "self", "ability": {"activated": {
        "cost": ["{G}"], "effect": "Regenerate this creature.", "creates": {"regenerate": "self"}}}}}}
    assert parse_card(card, "t.yaml").abilities[1].granted.creates.regenerates == "self"


# -- prevention shields (CR 615.7) ---------------------------------------------------------------
OASIS = ("Oasis", "Land", "{T}: Prevent the next 1 damage that would be dealt to target creature this turn.")
EIGANJO = ("Eiganjo Castle", "Legendary Land", ("{T}: Add {W}.\n{W}, {T}: Prevent the next 2 damage that would be "
           "dealt to target legendary creature this turn."))
BIG_BLOCKER = {"id": "one_b", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 4}, "blocking": "one"}


def test_prevent_the_next_n_damage_compiles_to_a_shield_on_its_target():
    for spec, n in ((OASIS, 1), (EIGANJO, 2)):
        c = compiled(*spec)
        assert c.fully_compiled
        assert c.card["abilities"][-1]["activated"]["creates"] == {"prevent_next": {"amount": n, "to": "target"},
                                                                   "duration": "end_of_turn"}
    # "any target" may be a player: the shield is then on that player (tests/test_abil_tail.py)
    necra = compiled("Necra Disciple", "Creature — Human Wizard", "{W}, {T}: Prevent the next 1 damage that would "
                     "be dealt to any target this turn.")
    assert necra.fully_compiled and necra.card["abilities"][0]["activated"]["target"] == "any"


def test_oasis_prevents_one_of_the_damage_then_is_used_up():
    oasis = {"id": "oasis", "card": "Oasis", "controller": "bob"}
    # 3 combat damage to the 4/4 blocker: 3 marked without the shield, 2 with it (615.7)
    got = run([OASIS], [ATTACKER, BIG_BLOCKER, oasis], ["next step"])
    assert by_id(got)["one_b"].damage == 3
    got = run([OASIS], [ATTACKER, BIG_BLOCKER, oasis], ["activate oasis 1 targeting one_b", "resolve", "next step"])
    assert [r.illegal for r in got.results] == [None]
    assert by_id(got)["one_b"].damage == 2
    assert [e.prevented for e in got.results[0].state.effects] == [1]
    # a shield with nothing left prevents nothing: the state's `prevented` says how much it has prevented
    shield = [{"id": "shield", "card": "Eiganjo Castle", "line": 2, "controller": "bob", "source": "castle",
               "targets": ["one_b"], "since_turn": 5, "prevented": 1}]
    castle = {"id": "castle", "card": "Eiganjo Castle", "controller": "bob"}
    got = run([EIGANJO], [ATTACKER, BIG_BLOCKER, castle], ["next step"], effects=shield)
    assert by_id(got)["one_b"].damage == 2                  # 1 of the shield's 2 was left


def test_of_damage_from_two_sources_at_once_its_controller_chooses_what_the_shield_prevents():
    # 615.7: the 3/3 attacker, shielded by Oasis (1), is blocked by two 1/1 Elves: 1 of the 2 damage
    # is prevented, from either Elves (the damage marked on it is 1 either way; the outcomes differ
    # by how the attacker assigned its own damage, 510.1c)
    oasis = {"id": "oasis", "card": "Oasis", "controller": "alice"}
    blockers = [{"id": f"b{i}", "card": "Llanowar Elves", "controller": "bob", "blocking": "one"} for i in (1, 2)]
    shield = [{"id": "shield", "card": "Oasis", "line": 1, "controller": "alice", "source": "oasis",
               "targets": ["one"], "since_turn": 5}]
    got = run([OASIS], [ATTACKER, *blockers, oasis], ["next step"], effects=shield)
    assert all(r.illegal is None for r in got.results)
    assert {by_id(got, k)["one"].damage for k in range(len(got.results))} == {1}
    assert {e.prevented for r in got.results for e in r.state.effects} == {1}


def test_a_shield_amount_is_checked():
    card = compiled(*OASIS).card
    card["abilities"][0]["activated"]["creates"] = {"prevent_next": {"amount": 0, "to": "target"}}
    with pytest.raises(InputError, match="amount"):
        parse_card(card, "t.yaml")
    oasis = {"id": "oasis", "card": "Oasis", "controller": "bob"}
    shield = [{"id": "shield", "card": "Oasis", "line": 1, "controller": "bob", "source": "oasis",
               "targets": ["one_b"], "prevented": 1}]
    with pytest.raises(InputError, match="prevented"):
        run([OASIS], [ATTACKER, BIG_BLOCKER, oasis], ["next step"], effects=shield)
