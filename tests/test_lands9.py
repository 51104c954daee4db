"""The long tail of Land cards, lands9's part (issue 13): X in an activation cost (107.3a, 602.2b)
and in its effect (107.3k: tokens, counters, a created "+X/+0" or "an X/X" fixed as it is created,
608.2h; "where X is its power"), "X can't be 0.", an ability a continuous effect grants (613.1f),
"Destroy each nonland permanent with mana value equal to the number of charge counters on ~"
(202.3), "bands with other legendary creatures" (702.22b, 702.22j), "Look at the top card of target
player's library." (401.2). Real pool lines (AtomicCards 2024-03 wording, the card named)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.queries.whatif import parse_action
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of, what_if_on

VAULT = ("Treasure Vault", "Artifact Land", "{T}: Add {C}.\n{X}{X}, {T}, Sacrifice Treasure Vault: Create X Treasure tokens.")
BLAST = ("Blast Zone", "Land", (
    "Blast Zone enters the battlefield with a charge counter on it.\n{T}: Add {C}.\n{X}{X}, {T}: Put X charge counters "
    "on Blast Zone.\n{3}, {T}, Sacrifice Blast Zone: Destroy each nonland permanent with mana value equal to the "
    "number of charge counters on Blast Zone."))
WOLF_RUN = ("Kessig Wolf Run", "Land", (
    "{T}: Add {C}.\n{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end of turn."))
LAIR = ("Lair of the Hydra", "Land", (
    "If you control two or more other lands, Lair of the Hydra enters the battlefield tapped.\n{T}: Add {G}.\n"
    "{X}{G}: Until end of turn, Lair of the Hydra becomes an X/X green Hydra creature. It's still a land. X can't be 0."))
REACHES = ("Lavaclaw Reaches", "Land", (
    "Lavaclaw Reaches enters the battlefield tapped.\n{T}: Add {B} or {R}.\n{1}{B}{R}: Until end of turn, Lavaclaw "
    "Reaches becomes a 2/2 black and red Elemental creature with \"{X}: This creature gets +X/+0 until end of turn.\" "
    "It's still a land."))
TEMPLE = ("Winged Temple of Orazca", "Legendary Land", (
    "(Transforms from Hadana's Climb.)\n{T}: Add one mana of any color.\n{1}{G}{U}, {T}: Target creature you control "
    "gains flying and gets +X/+X until end of turn, where X is its power."))
CATHEDRAL = ("Cathedral of Serra", "Land", (
    "White legendary creatures you control have \"bands with other legendary creatures.\" (Any legendary creatures "
    "can attack in a band as long as at least one has \"bands with other legendary creatures.\" Bands are blocked as a "
    "group. If at least two legendary creatures you control, one of which has \"bands with other legendary "
    "creatures,\" are blocking or being blocked by the same creature, you divide that creature's combat damage, not "
    "its controller, among any of the creatures it's being blocked by or is blocking.)"))
MOONRING = ("Moonring Island", "Land — Island", (
    "({T}: Add {U}.)\nMoonring Island enters the battlefield tapped.\n{U}, {T}: Look at the top card of target "
    "player's library. Activate only if you control two or more blue permanents."))
BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def test_the_compiler_reads_the_lines():
    assert effect_of(VAULT, 2)[0] == [{"create_token": {"card": "Treasure", "count": "x"}}]
    assert effect_of(BLAST, 3)[0] == [{"counters": {"kind": "charge", "count": "x", "what": "self"}}]
    assert effect_of(BLAST, 4)[0] == [{"destroy": {"what": "each", "filter": ["nonland", "permanent"],
                                                   "mana_value_counters": "charge"}}]
    run = compiled(*WOLF_RUN).card["abilities"][1]["activated"]["creates"]
    assert run["pt"] == {"modify": "+1/+0", "to": "target", "for_each": "x"}
    lair = compiled(*LAIR).card["abilities"][2]["activated"]
    assert lair["x_at_least"] == 1 and lair["creates"]["pt"] == {"set": "1/1", "to": "self", "for_each": "x"}
    temple = compiled(*TEMPLE).card["abilities"][2]["activated"]["creates"]
    assert temple["pt"] == {"modify": "+1/+1", "to": "target", "for_each": "its_power"}
    assert temple["grant"]["ability"] == {"keywords": ["flying"]}
    granted = compiled(*REACHES).card["abilities"][2]["activated"]["creates"]["grant"]["ability"]["activated"]
    assert granted["cost"] == ["{X}"] and granted["creates"]["pt"]["for_each"] == "x"
    assert compiled(*CATHEDRAL).card["abilities"][0]["static"]["grant"] == {
        "to": {"filter": ["white", "legendary", "creature"], "controller": "you"},
        "ability": {"keywords": ["bands with other legendary creatures"]}}
    does, target = effect_of(MOONRING, 3)
    assert target == "player" and does == [{"look": {"whose": "target"}}]
    for spec in (VAULT, BLAST, WOLF_RUN, LAIR, REACHES, TEMPLE, CATHEDRAL, MOONRING):
        assert compiled(*spec).fully_compiled, spec[0]


def test_x_is_read_only_beside_an_x_cost():
    # "Put X charge counters" without {X} in its cost: no X to read (107.3k): the effect stays words
    c = compiled("Probe Land", "Land", "{T}: Put X charge counters on Probe Land.")
    assert c.lines[0].status == "partial"
    # an X inside quotes is the quoted ability's own, not the granting effect's
    assert compiled(*REACHES).fully_compiled
    with pytest.raises(InputError, match="needs an activated ability whose cost has"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Create X Treasure tokens.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "effect": "Create X Treasure tokens.",
                                      "does": [{"create_token": {"card": "Treasure", "count": "x"}}]}}]}, "t")
    with pytest.raises(InputError, match="x_at_least"):
        parse_card({"name": "Bad", "type_line": "Land", "oracle_text": "{T}: Draw a card.", "abilities": [
            {"line": 1, "activated": {"cost": ["{T}"], "x_at_least": 1, "effect": "Draw a card.",
                                      "does": [{"draw": {"count": 1}}]}}]}, "t")


def test_activate_with_x():
    assert parse_action("activate vault 2 x=3 targeting bob", 0).events[0][5] == 3
    with pytest.raises(InputError, match="x= takes a number"):
        parse_action("activate vault 2 x=three", 0)
    field = {"id": "vault", "card": "Treasure Vault", "controller": "alice"}
    got, afters = what_if_on([VAULT], [field], ["activate vault 2 x=1", "resolve"], mana_pool={"alice": "{C}{C}"})
    assert len(got.results) == 1 and [k for k in afters[0] if k.startswith("treasure")] == ["treasure"]
    refused, _ = what_if_on([VAULT], [field], ["activate vault 2"], mana_pool={"alice": "{C}{C}"})
    assert refused.results[0].illegal.why[0][0] == "602.2b"
    no_x, _ = what_if_on([VAULT], [field], ["activate vault 1 x=1"], mana_pool={"alice": "{C}{C}"})
    assert no_x.results[0].illegal.why[0][0] == "107.3a"


def test_the_state_keeps_x():
    card = compiled(*VAULT).card
    state = load_state({**BASE, "cards": [card], "battlefield": [{"id": "vault", "card": "Treasure Vault",
                                                                   "controller": "alice"}],
                        "stack": [{"id": "s1", "source": "vault", "line": 2, "controller": "alice", "x": 2}]}, "t.yaml")
    assert state.stack[0].x == 2
    got = Session(state).what_if(["resolve"])
    assert sorted(k for k in got.results[0].after(got.start) if k.startswith("treasure")) == ["treasure", "treasure_2"]
    with pytest.raises(InputError, match="has no"):
        load_state({**BASE, "cards": [card], "battlefield": [{"id": "vault", "card": "Treasure Vault",
                                                               "controller": "alice"}],
                    "stack": [{"id": "s1", "source": "vault", "line": 1, "controller": "alice", "x": 2}]}, "t.yaml")
    run = compiled(*WOLF_RUN).card
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "power_toughness": "2/2"}
    fields = {**BASE, "cards": [run, bear], "battlefield": [
        {"id": "run", "card": "Kessig Wolf Run", "controller": "alice"},
        {"id": "bear", "card": "Test Bear", "controller": "alice"}]}
    with pytest.raises(InputError, match="is required"):
        load_state({**fields, "effects": [{"card": "Kessig Wolf Run", "line": 2, "controller": "alice",
                                           "targets": ["bear"]}]}, "t.yaml")
    state = load_state({**fields, "effects": [{"card": "Kessig Wolf Run", "line": 2, "controller": "alice",
                                               "targets": ["bear"], "x": 3}]}, "t.yaml")
    assert state.effects[0].x == 3
    board = Session(state).board(False, ["bear"], ["power", "toughness"]).to_json()
    assert "'power': 5" in str(board) and "'toughness': 2" in str(board), board


CANYON = ("Griffin Canyon", "Land", "{T}: Add {C}.\n{T}: Untap target Griffin. If it's a creature, it gets +1/+1 until end of turn.")


def test_griffin_canyon_pumps_only_a_creature():
    entry = effect_of(CANYON, 2)
    assert entry == ([{"untap": {"what": "target"}}], {"filter": ["griffin"]})
    assert compiled(*CANYON).card["abilities"][1]["activated"]["creates"]["if_target"] == ["creature"]
    totem = {"name": "Test Griffin Totem", "type_line": "Kindred Artifact — Griffin"}
    griffin = {"name": "Test Griffin", "type_line": "Creature — Griffin", "power_toughness": "2/2"}
    for card, created in ((totem, False), (griffin, True)):
        state = load_state({**BASE, "cards": [compiled(*CANYON).card, card], "battlefield": [
            {"id": "canyon", "card": "Griffin Canyon", "controller": "alice"},
            {"id": "g", "card": card["name"], "controller": "alice", "tapped": True}]}, "t.yaml")
        got = Session(state).what_if(["activate canyon 2 targeting g", "resolve"])
        kinds = [c.change.name for c in got.results[0].changes]
        assert ("effect" in kinds) is created and "untap" in kinds, kinds
