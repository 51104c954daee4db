"""Layer 2 (control), layer 7 (power and toughness), commanders: errors, order, CLI output."""

from __future__ import annotations

import json

import pytest
import yaml
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

TURN = {"number": 5, "active": "alice", "step": "precombat_main"}
ISA = "Isamaru, Hound of Konda"

# Test cards: "Target creature becomes 0/1" (613.4b) and "gets +3/+3" (613.4c), until end of turn.
SHRINK = {"name": "Shrink Ray", "mana_cost": "{U}", "type_line": "Instant",
          "oracle_text": "Target creature has base power and toughness 0/1 until end of turn.",
          "abilities": [{"line": 1, "spell": {
              "targets": ["target creature"], "effect": "Target creature has base power and "
              "toughness 0/1 until end of turn.", "creates": {"pt": {"set": "0/1", "to": "target"}}}}]}
GROWTH = {"name": "Big Growth", "mana_cost": "{G}", "type_line": "Instant",
          "oracle_text": "Target creature gets +3/+3 until end of turn.",
          "abilities": [{"line": 1, "spell": {
              "targets": ["target creature"], "effect": "Target creature gets +3/+3 until end of turn.",
              "creates": {"pt": {"modify": "+3/+3", "to": "target"}}}}]}


def state(**extra):
    return {"players": ["alice", "bob"], "turn": TURN, **extra}


def error_of(data) -> str:
    with pytest.raises(InputError) as e:
        load_state(data, "s.yaml")
    return str(e.value)


def board(data) -> dict:
    return Session(load_state(data, "t.yaml")).board().to_json()["board"]


# -- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("commanders, field, words", [
    ({"carol": "isamaru"}, "commanders.carol", "'carol' is not a player"),
    ({"alice": "nobody"}, "commanders.alice", "no object in the state has id 'nobody'"),
    ({"alice": "jedit"}, "commanders.alice", "'jedit' is owned by bob, not alice"),
    ({"alice": 3}, "commanders.alice", "a commander is an object id or a card name"),
    ({"alice": []}, "commanders.alice", "name the player's commander"),
])
def test_bad_commanders_entry(commanders, field, words):
    msg = error_of(state(commanders=commanders, battlefield=[
        {"id": "isamaru", "card": ISA, "controller": "alice"},
        {"id": "jedit", "card": "Jedit Ojanen", "controller": "bob"}]))
    assert msg.startswith(f"s.yaml: {field}: ") and words in msg


def test_commander_by_card_name_in_the_command_zone():
    s = load_state(state(commanders={"alice": ISA}, command={"alice": [{"id": "isa", "card": ISA}]}), "s.yaml")
    assert s.commanders == (("alice", "isa"),)


@pytest.mark.parametrize("effect, field, words", [
    ({"card": "Act of Treason", "controller": "carol", "targets": ["bear"]},
     "effects[0].controller", "'carol' is not a player"),
    ({"card": "Act of Treason", "controller": "alice", "targets": ["ghost"]},
     "effects[0].targets", "no battlefield object has id 'ghost'"),
    ({"card": "Act of Treason", "controller": "alice"},
     "effects[0].targets", "Act of Treason has 1 target(s)"),
    ({"card": "Switcheroo", "controller": "alice", "targets": ["bear", "isamaru"]},
     "effects[0].exchanged_from", "is required"),
    ({"card": "Switcheroo", "controller": "alice", "targets": ["bear", "isamaru"],
      "exchanged_from": {"bear": "bob", "isamaru": "zed"}},
     "effects[0].exchanged_from", "'zed' is not a player"),
    ({"card": "Act of Treason", "controller": "alice", "targets": ["bear"],
      "exchanged_from": {"bear": "bob"}},
     "effects[0].exchanged_from", "only an exchange of control"),
])
def test_bad_control_effect(effect, field, words):
    msg = error_of(state(battlefield=[{"id": "bear", "card": "Llanowar Elves", "controller": "bob"},
                                      {"id": "isamaru", "card": ISA, "controller": "alice"}],
                         effects=[effect]))
    assert msg.startswith(f"s.yaml: {field}: ") and words in msg


def test_bad_pt_vocabulary():
    bad = {**GROWTH, "abilities": [{"line": 1, "spell": {
        "targets": ["target creature"], "effect": "x", "creates": {"pt": {"modify": "3/3"}}}}]}
    msg = error_of(state(cards=[bad]))
    assert "s.yaml: cards[0].abilities[0].spell.creates.pt.modify: must look like +2/+0" in msg


# -- layer 2 --------------------------------------------------------------------------------------

def test_latest_control_effect_wins_and_exchange_of_one_controller_does_nothing():
    bf = [{"id": "elves", "card": "Llanowar Elves", "controller": "bob", "timestamp": 1},
          {"id": "mc", "card": "Mind Control", "controller": "alice", "attached_to": "elves",
           "timestamp": 5},
          {"id": "isa", "card": ISA, "controller": "alice", "timestamp": 2}]
    # CR 613.7: Threaten (timestamp 9) is later than Mind Control (5): bob controls the Elves.
    later = board(state(battlefield=bf, effects=[
        {"id": "threaten", "card": "Threaten", "controller": "bob", "targets": ["elves"], "timestamp": 9}]))
    assert later["elves"]["controller"] == "bob" and later["elves"]["control_changed_by"] == "threaten"
    # ... and earlier (timestamp 3): Mind Control's static ability applies last.
    earlier = board(state(battlefield=bf, effects=[
        {"id": "threaten", "card": "Threaten", "controller": "bob", "targets": ["elves"], "timestamp": 3}]))
    assert earlier["elves"]["controller"] == "alice" and earlier["elves"]["control_changed_by"] == "mc"
    # CR 701.12b: both were alice's when Switcheroo resolved: nothing changes.
    same = board(state(battlefield=bf, effects=[
        {"id": "swap", "card": "Switcheroo", "controller": "alice", "targets": ["elves", "isa"],
         "exchanged_from": {"elves": "alice", "isa": "alice"}}]))
    assert same["isa"]["controller"] == "alice" and "control_changed_by" not in same["isa"]


def test_stolen_creature_is_summoning_sick_for_its_new_controller():
    # CR 302.6: Mind Control entered this turn (its since_turn), so alice has not controlled the
    # Elves since her turn began; the Elves' {T} ability cannot be activated. With Act of
    # Treason the Elves have haste (702.10c).
    bf = [{"id": "elves", "card": "Llanowar Elves", "controller": "bob"},
          {"id": "mc", "card": "Mind Control", "controller": "alice", "attached_to": "elves",
           "since_turn": 5}]
    acts = Session(load_state(state(battlefield=bf), "t.yaml")).activations("alice")
    assert [a.object for a in acts.allowed] == []
    assert [(b.object, b.rules) for b in acts.blocked] == [("elves", ("302.6",))]
    treason = Session(load_state(state(battlefield=bf[:1], effects=[
        {"id": "t", "card": "Act of Treason", "controller": "alice", "targets": ["elves"]}]), "t.yaml"))
    assert [a.object for a in treason.activations("alice").allowed] == ["elves"]
    assert treason.activations("bob").allowed == ()


# -- layer 7 ----------------------------------------------------------------------------------------

def _pt_state(set_ts: int | None, growth_ts: int | None, counters: dict[str, int], equipped: bool):
    bf = [{"id": "jedit", "card": "Jedit Ojanen", "controller": "alice", "counters": counters,
           "timestamp": 10}]
    if equipped:
        bf.append({"id": "splitter", "card": "Bonesplitter", "controller": "alice",
                   "attached_to": "jedit", "timestamp": 20})
    effects = []
    if set_ts is not None:
        effects.append({"id": "shrink", "card": "Shrink Ray", "controller": "bob",
                        "targets": ["jedit"], "timestamp": set_ts})
    if growth_ts is not None:
        effects.append({"id": "growth", "card": "Big Growth", "controller": "alice",
                        "targets": ["jedit"], "timestamp": growth_ts})
    return state(cards=[SHRINK, GROWTH], battlefield=bf, effects=effects)


@pytest.mark.parametrize("set_ts, growth_ts, counters, equipped, expected", [
    (None, None, {}, False, (5, 5)),                    # printed (208.1)
    (None, None, {"+1/+1": 2}, True, (9, 7)),           # 5/5 +2/+2 counters +2/+0
    (30, None, {}, False, (0, 1)),                      # set (613.4b)
    # Layer 7b before 7c whatever the timestamps (613.4): setting never erases counters,
    # equipment or a pump, even when it is the latest effect.
    (30, None, {"+1/+1": 2}, False, (2, 3)),
    (1, None, {"+1/+1": 2}, False, (2, 3)),
    (30, 25, {"-1/-1": 1}, True, (4, 3)),               # 0/1 +3/+3 -1/-1 +2/+0
    (25, 30, {"-1/-1": 1}, True, (4, 3)),
    (None, 30, {"+1/+1": 1, "-1/-1": 1}, False, (8, 8)),  # both kinds of counters count (122.1a)
])
def test_layer_7_order(set_ts, growth_ts, counters, equipped, expected):
    b = board(_pt_state(set_ts, growth_ts, counters, equipped))["jedit"]
    assert (b["power"], b["toughness"]) == expected


@settings(max_examples=examples(25), deadline=None)
@given(n_plus=st.integers(0, 4), n_minus=st.integers(0, 4), shrink=st.booleans(),
       set_first=st.booleans(), equipped=st.booleans())
def test_layer_7_property(n_plus, n_minus, shrink, set_first, equipped):
    """Final P/T = (set value, or printed) + counters + modifiers, whatever the timestamps."""
    counters = {k: n for k, n in (("+1/+1", n_plus), ("-1/-1", n_minus)) if n}
    set_ts = (1 if set_first else 30) if shrink else None
    b = board(_pt_state(set_ts, 25, counters, equipped))["jedit"]
    base = (0, 1) if shrink else (5, 5)
    assert b["power"] == base[0] + n_plus - n_minus + 3 + (2 if equipped else 0)
    assert b["toughness"] == base[1] + n_plus - n_minus + 3


def test_two_setting_effects_latest_timestamp_wins():
    tiny = {**SHRINK, "name": "Tiny Ray", "abilities": [{"line": 1, "spell": {
        "targets": ["target creature"], "effect": "x", "creates": {"pt": {"set": "3/3", "to": "target"}}}}]}
    for first, second, expected in (("shrink", "tiny", (3, 3)), ("tiny", "shrink", (0, 1))):
        ts = {first: 30, second: 40}
        data = state(cards=[SHRINK, tiny], battlefield=[
            {"id": "jedit", "card": "Jedit Ojanen", "controller": "alice"}], effects=[
            {"id": "shrink", "card": "Shrink Ray", "controller": "bob", "targets": ["jedit"], "timestamp": ts["shrink"]},
            {"id": "tiny", "card": "Tiny Ray", "controller": "bob", "targets": ["jedit"], "timestamp": ts["tiny"]}])
        b = board(data)["jedit"]
        assert (b["power"], b["toughness"]) == expected


def test_noncreature_has_no_power():
    b = board(state(battlefield=[{"id": "splitter", "card": "Bonesplitter", "controller": "alice"}]))
    assert "power" not in b["splitter"] and b["splitter"]["damage"] == 0


# -- the CLI --------------------------------------------------------------------------------------

def test_cli_board_json(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(state(
        commanders={"alice": "isa"},
        battlefield=[{"id": "isa", "card": ISA, "controller": "alice"},
                     {"id": "baloth", "card": "Thunderfoot Baloth", "controller": "alice",
                      "damage": 2, "counters": {"+1/+1": 1}},
                     {"id": "elves", "card": "Llanowar Elves", "controller": "bob"}],
        effects=[{"id": "t", "card": "Act of Treason", "controller": "alice", "targets": ["elves"]}])))
    assert main(["board", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    baloth, elves, isa = out["board"]["baloth"], out["board"]["elves"], out["board"]["isa"]
    assert (baloth["power"], baloth["toughness"], baloth["damage"]) == (8, 8, 2)
    assert baloth["conditions"] == [{"line": 2, "applies": True}]
    # Other creatures alice controls: her commander, and the Elves she took (613.1b before 7c).
    assert (isa["power"], isa["toughness"], isa["keywords"]) == (4, 4, ["trample"])
    assert elves["controller"] == "alice" and elves["owner"] == "bob"
    assert elves["control_changed_by"] == "t" and (elves["power"], elves["toughness"]) == (3, 3)
    assert elves["keywords"] == ["haste", "trample"]
    assert main(["board", str(path), "--json", "--object", "elves", "--field", "controller",
                 "--field", "power"]) == 0
    assert json.loads(capsys.readouterr().out) == {"board": {"elves": {"controller": "alice", "power": 3}}}
    assert main(["board", str(path), "--json", "--explain", "--object", "baloth"]) == 0
    rows = json.loads(capsys.readouterr().out)["explain"]
    assert {"object": "baloth", "rule": "903.3d", "reason": "baloth: the ability on line 2 applies: "
            "its controller alice controls their commander isa"} in rows
    assert main(["board", str(path), "--json", "--field", "powr"]) == 2
    assert "--field: unknown field 'powr'" in capsys.readouterr().err
    assert main(["board", str(path), "--field", "power"]) == 2
    assert "--field: selects fields of the --json answer" in capsys.readouterr().err
