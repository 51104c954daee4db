"""The long tail of effect sentences, third part (issue 13): real pool lines (AtomicCards 2024-03
wording, the card named) read by the compiler, and what asp/ makes of them in the what-if:
damage to "target player or planeswalker" (115.2, 120.3a, 120.3c); "target creature can't be
blocked / can't block this turn" (509.1b, 611.2c, 514.2); life equal to the sacrificed creature's
toughness (608.2h, 113.7a)."""

from __future__ import annotations

from dataclasses import replace

from mtg_asp.queries import Session
from pool_lines import compiled
from pool_lines import what_if_on as run

STENSIA = ("Stensia Bloodhall", "Land", ("{T}: Add {C}.\n{3}{B}{R}, {T}: Stensia Bloodhall deals 2 damage to target "
           "player or planeswalker."))
SUNSCORCHED = ("Sunscorched Desert", "Land — Desert", ("When Sunscorched Desert enters the battlefield, it deals 1 "
               "damage to target player or planeswalker.\n{T}: Add {C}."))
CHANDRA = ("Chandra, Novice Pyromancer", "Legendary Planeswalker — Chandra", (
    "+1: Elementals you control get +2/+0 until end of turn.\n-1: Add {R}{R}.\n-2: Chandra, Novice Pyromancer deals "
    "2 damage to any target."))
BLOODHALL_BOARD = [{"id": "sb", "card": "Stensia Bloodhall", "controller": "alice"},
                   {"id": "chandra", "card": "Chandra, Novice Pyromancer", "controller": "bob", "counters": {"loyalty": 3}},
                   {"id": "elves", "card": "Llanowar Elves", "controller": "bob"}]
MANA = {"alice": "{B}{R}{C}{C}{C}"}


def test_the_compiler_reads_player_or_planeswalker():
    for spec, kind in ((STENSIA, "activated"), (SUNSCORCHED, "triggered")):
        c = compiled(*spec)
        assert c.fully_compiled, c.lines
        (entry,) = [a[kind] for a in c.card["abilities"] if kind in a and "does" in a[kind]]
        assert entry["target"] == "player_or_planeswalker"
        assert entry["does"] == [{"damage": {"to": "target", "amount": 2 if spec is STENSIA else 1}}]


def test_stensia_bloodhall_hits_a_player_or_a_planeswalker():
    got, _ = run([STENSIA, CHANDRA], BLOODHALL_BOARD, ["activate sb 2 targeting bob", "resolve"], mana_pool=MANA,
                 life={"alice": 20, "bob": 20})
    (r,) = got.results
    assert r.illegal is None and dict(r.state.life) == {"alice": 20, "bob": 18}
    # damage to a planeswalker removes that many loyalty counters (120.3c): 3 - 2
    got, _ = run([STENSIA, CHANDRA], BLOODHALL_BOARD, ["activate sb 2 targeting chandra", "resolve"], mana_pool=MANA)
    (r,) = got.results
    (pw,) = [p for p in r.state.battlefield if p.id == "chandra"]
    assert r.illegal is None and dict(pw.counters) == {"loyalty": 1}


def test_a_creature_is_not_a_player_or_planeswalker():
    got, _ = run([STENSIA, CHANDRA], BLOODHALL_BOARD, ["activate sb 2 targeting elves"], mana_pool=MANA)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


ROGUES_PASSAGE = ("Rogue's Passage", "Land", "{T}: Add {C}.\n{4}, {T}: Target creature can't be blocked this turn.")
PASSAGE_BOARD = [{"id": "rp", "card": "Rogue's Passage", "controller": "alice"},
                 {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
                 {"id": "other", "card": "Llanowar Elves", "controller": "alice"},
                 {"id": "wall", "card": "Llanowar Elves", "controller": "bob"}]
TO_COMBAT = ["resolve", "next step", "attack elves other"]


def test_rogues_passage_target_cant_be_blocked_this_turn():
    c = compiled(*ROGUES_PASSAGE)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["creates"] == {
        "restrict": {"what": ["be_blocked"], "to": "target"}, "duration": "end_of_turn"}
    passage = ["activate rp 2 targeting elves", *TO_COMBAT]
    # its target can't be blocked (509.1b); the other attacker can
    got, _ = run([ROGUES_PASSAGE], PASSAGE_BOARD, [*passage, "block wall elves"], mana_pool={"alice": "{C}{C}{C}{C}"})
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["509.1b"]
    got, _ = run([ROGUES_PASSAGE], PASSAGE_BOARD, [*passage, "block wall other"], mana_pool={"alice": "{C}{C}{C}{C}"})
    (r,) = got.results
    assert r.illegal is None


def test_a_restriction_until_end_of_turn_ends_with_the_turn():
    # the effect ends in the cleanup step (514.2): on the next turn nothing is restricted
    got, _ = run([ROGUES_PASSAGE], PASSAGE_BOARD, ["activate rp 2 targeting elves", "resolve"],
                 mana_pool={"alice": "{C}{C}{C}{C}"})
    (r,) = got.results
    assert len(r.state.effects) == 1
    end = replace(r.state, turn=replace(r.state.turn, step="end"))
    (n,) = Session(end).what_if(["next step"]).results
    assert n.state.effects == ()


CHAINWHIP = ("Chainwhip Cyclops", "Creature — Cyclops Warrior", "{3}{R}: Target creature can't block this turn.")


def test_chainwhip_cyclops_target_cant_block_this_turn():
    board = [{"id": "cyc", "card": "Chainwhip Cyclops", "controller": "alice"},
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
             {"id": "wall", "card": "Llanowar Elves", "controller": "bob"},
             {"id": "wall2", "card": "Llanowar Elves", "controller": "bob"}]
    actions = ["activate cyc 1 targeting wall", "resolve", "next step", "attack elves"]
    got, _ = run([CHAINWHIP], board, [*actions, "block wall elves"], mana_pool={"alice": "{R}{C}{C}{C}"})
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["509.1b"]
    got, _ = run([CHAINWHIP], board, [*actions, "block wall2 elves"], mana_pool={"alice": "{R}{C}{C}{C}"})
    assert got.results[0].illegal is None


ACCESS_TUNNEL = ("Access Tunnel", "Land", ("{T}: Add {C}.\n{3}, {T}: Target creature with power 3 or less can't be "
                 "blocked this turn."))


def test_access_tunnel_targets_a_creature_with_power_3_or_less():
    c = compiled(*ACCESS_TUNNEL)
    assert c.fully_compiled and c.card["abilities"][1]["activated"]["target"] == {
        "filter": ["creature"], "power_at_most": 3}
    board = [{"id": "tunnel", "card": "Access Tunnel", "controller": "alice"},
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
             {"id": "big", "card": "Llanowar Elves", "controller": "alice", "counters": {"+1/+1": 3}},
             {"id": "edge", "card": "Llanowar Elves", "controller": "alice", "counters": {"+1/+1": 2}}]
    mana = {"alice": "{C}{C}{C}"}
    for target, legal in (("elves", True), ("edge", True), ("big", False)):   # power 1, 3, 4 (208.1)
        got, _ = run([ACCESS_TUNNEL], board, [f"activate tunnel 2 targeting {target}"], mana_pool=mana)
        (r,) = got.results
        assert (r.illegal is None) is legal, target


DIAMOND_VALLEY = ("Diamond Valley", "Land", ("{T}, Sacrifice a creature: You gain life equal to the sacrificed "
                  "creature's toughness."))


def test_diamond_valley_gains_the_sacrificed_creatures_toughness():
    # CR 608.2h: the creature sacrificed for the cost, as it last existed (its +1/+1 counters too)
    c = compiled(*DIAMOND_VALLEY)
    assert c.fully_compiled
    assert c.card["abilities"][0]["activated"]["does"] == [{"gain_life": {"amount": "sacrificed_toughness"}}]
    board = [{"id": "dv", "card": "Diamond Valley", "controller": "alice"},
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
             {"id": "big", "card": "Llanowar Elves", "controller": "alice", "counters": {"+1/+1": 3}}]
    got, _ = run([DIAMOND_VALLEY], board, ["activate dv 1", "resolve"], life={"alice": 20, "bob": 20})
    gained = sorted((next(z.card for z in r.state.zones if z.zone == "graveyard"), dict(r.state.life)["alice"])
                    for r in got.results)
    # one outcome for each creature she may sacrifice (1/1: 21 life; 4/4 with its counters: 24)
    assert [life for _, life in gained] == [21, 24]


def test_a_stack_item_without_the_sacrificed_creature_is_refused():
    # a state file cannot say which creature was sacrificed: resolving it is refused (608.2h), not 0 life
    got, _ = run([DIAMOND_VALLEY], [{"id": "dv", "card": "Diamond Valley", "controller": "alice", "tapped": True}],
                 ["resolve"], stack=[{"id": "s1", "source": "dv", "line": 1, "controller": "alice"}])
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["608.2h"]
