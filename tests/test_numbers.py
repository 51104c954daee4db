"""No amount the rules compute wraps (issue 16): clingo's integers are 32 bits, and amounts that
grow with the board (mana doubled and tripled by replacement effects, CR 614.1a; counters put on
again and again; life for each permanent) are exact or refused with one line (exit 3), never a
wrapped, negative or small number."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest
import yaml
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.queries.core import Solver
from mtg_asp.translator.errors import InputError, SolverError
from mtg_asp.translator.numbers import MAX_NUMBER, MAX_PT_COUNTER, MAX_REACHED_TOTAL, reached_total
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "derandomize": True}


def nyxblooms(n: int) -> dict:
    """A Forest and n Nyxbloom Ancients ("If you tap a permanent for mana, it produces three
    times as much of that mana instead"): the Forest taps for 3^n {G}."""
    return {**BASE, "battlefield": [{"id": "forest", "card": "Forest", "controller": "alice"}]
            + [{"id": f"nyx{i}", "card": "Nyxbloom Ancient", "controller": "alice"} for i in range(n)]}


@pytest.fixture(scope="module")
def triplers(tmp_path_factory):
    path = tmp_path_factory.mktemp("numbers") / "nyx25.yaml"
    path.write_text(yaml.safe_dump(nyxblooms(25)))
    return str(path)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- 25 triplers: 3^25 {G} from one Forest ------------------------------------------------------

def test_the_what_if_refuses_mana_past_what_it_counts(triplers, capsys):
    # was an "illegal" outcome (CR 106.4) although the action is legal: now refused, exit 3
    code, out, err = run(capsys, "what-if", triplers, "--do", "activate forest forest", "--time-limit", "60")
    assert (code, out) == (3, "")
    assert err.strip().endswith("one ability would add 1000 mana or more, more than the what-if counts")
    assert "\n" not in err.strip()


def test_the_what_if_keeps_tripled_mana_exact_below_that():
    got = Session(load_state(nyxblooms(6), "s.yaml")).what_if(["activate forest forest"]).to_json()
    pools = [c for o in got["outcomes"] for c in o["changes"] if c["change"] == "pool"]
    assert [(c["counter"], c["amount"]) for c in pools] == [("G", 3 ** 6)]


def test_mana_refuses_past_its_bound(triplers, capsys):
    code, out, err = run(capsys, "mana", triplers, "--player", "alice", "--time-limit", "60")
    assert (code, out) == (3, "")
    assert "more than 100000 mana of one type" in err


def test_could_produce_and_can_pay_stay_exact(triplers, capsys):
    code, out, _ = run(capsys, "could-produce", triplers, "--json")
    assert code == 0 and yaml.safe_load(out)["could_produce"]["forest"] == ["G"]
    code, out, _ = run(capsys, "can-pay", triplers, "--player", "alice", "--cost", "{5}", "--json",
                       "--time-limit", "60")
    got = yaml.safe_load(out)
    assert code == 0 and got["payable"] is True
    assert got["plan"][0]["mana"] == {"G": 3 ** 25}           # decoded exactly, not 3^25 mod 2^32
    assert got["cost_paid_with"] == {"G": 5}


@settings(max_examples=examples(12), **SETTINGS)
@given(st.integers(0, 32), st.integers(1, 40))
def test_any_number_of_triplers_pays_exactly_when_3_to_the_n_covers_the_cost(n, cost):
    """CR 601.2g-h, 614.1a: one Forest under n Nyxbloom Ancients pays a generic cost up to 3^n:
    never unpayable because 3^n wrapped to something small or negative (3^21 and 3^31 do). A
    large cost makes can-pay's grounding large (one unit per mana), so the costs stay small."""
    got = Session(load_state(nyxblooms(n), "s.yaml")).can_pay("alice", f"{{{cost}}}").to_json()
    assert got["payable"] is (3 ** n >= cost)


# -- counters put on step after step --------------------------------------------------------

@settings(max_examples=examples(12), **SETTINGS)
@given(st.lists(st.integers(1, MAX_NUMBER), min_size=1, max_size=2), st.integers(0, MAX_NUMBER))
def test_pumps_keep_power_exact_and_lethality(adds, damage):
    """CR 122.1a, 613.4c: each +1/+1 counter adds one; 704.5g: damage at least its toughness
    destroys it. Counters put on over several steps keep the sign and the lethality: state-based
    actions are checked after each step (704.3), so the first step's toughness decides."""
    s = Session(load_state({**BASE, "battlefield": [{"id": "elves", "card": "Llanowar Elves", "controller": "alice",
                                                       "damage": damage}]}, "s.yaml"))
    got = s.what_if([f"counters elves +1/+1 {n}" for n in adds] + ["next step"]).to_json()["outcomes"]
    assert len(got) == 1
    total = sum(adds)
    moved = [c for c in got[0]["changes"] if c["change"] == "moves" and c.get("object") == "elves"]
    assert bool(moved) == (damage >= 1 + adds[0])
    if not moved:
        assert got[0]["after"]["elves"]["counters"] == {"+1/+1": total}


def test_a_state_reached_past_the_bound_is_refused_naming_the_field():
    # a what-if's steps can grow numbers the loader never saw: every state given to the solver
    # is held to MAX_REACHED_TOTAL (a 1/1 with 2^31 - 1 counters would have power -2^31, 704.5f)
    s = load_state({**BASE, "battlefield": [{"id": "elves", "card": "Llanowar Elves", "controller": "alice"}]},
                   "s.yaml")
    grown = replace(s, battlefield=(replace(s.battlefield[0], counters=(("+1/+1", 2 ** 31 - 1),)),))
    with pytest.raises(SolverError) as e:
        Solver(grown)
    assert "past 500,000,000" in str(e.value) and "battlefield[0].counters[0][1]" in str(e.value)
    # a +2/+2 counter counts twice (CR 122.1a): the sum of powers is what must stay exact
    twice = replace(s, battlefield=(replace(s.battlefield[0], counters=(("+2/+2", MAX_REACHED_TOTAL // 2 + 1),)),))
    with pytest.raises(SolverError):
        Solver(twice)


def test_a_power_toughness_counter_modifies_by_at_most_nine():
    state = {**BASE, "battlefield": [{"id": "elves", "card": "Llanowar Elves", "controller": "alice",
                                      "counters": {"+2000000000/+0": 1}}]}
    with pytest.raises(InputError) as e:
        load_state(state, "s.yaml")
    assert str(e.value).startswith("s.yaml: battlefield[0].counters: ") and f"at most {MAX_PT_COUNTER}" in str(e.value)
    state["battlefield"][0]["counters"] = {"+9/-9": 3}
    assert load_state(state, "s.yaml").battlefield[0].counters == (("+9/-9", 3),)


def test_the_encodings_bound_is_the_reached_states_bound():
    text = resources.files("mtg_asp.asp").joinpath("mana.lp").read_text()
    assert f"#const max_amount = {MAX_REACHED_TOTAL}." in text


def test_an_owner_who_is_not_a_player_is_named_as_owner():
    state = {**BASE, "battlefield": [{"id": "elves", "card": "Llanowar Elves", "controller": "alice",
                                      "owner": "mallory"}]}
    with pytest.raises(InputError) as e:
        load_state(state, "s.yaml")
    assert str(e.value) == "s.yaml: battlefield[0].owner: 'mallory' is not a player; players are alice, bob"


def test_an_abilitys_mana_times_its_amount_past_the_bound_is_refused(tmp_path, capsys):
    # "{T}: Add {C} x600 for each charge counter": 600 * 10^6 mana is past max_amount; with more
    # symbols the product wrapped. Refused by every query (asp/mana.lp one_pool), exit 3.
    mana = "{C}" * 600
    state = {**BASE, "cards": [{
        "name": "Big Mana", "type_line": "Artifact",
        "oracle_text": f"{{T}}: Add {mana} for each charge counter on this artifact.",
        "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": {"mana": mana,
                                                                                "amount": {"counters": "charge"}}}}]}],
        "battlefield": [{"id": "big", "card": "Big Mana", "controller": "alice", "counters": {"charge": MAX_NUMBER}}]}
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(state))
    code, out, err = run(capsys, "could-produce", str(path))
    assert (code, out) == (3, "")
    assert err.strip() == ("mtg-asp: solver: beyond what this solver handles: an ability would add more than "
                           "500,000,000 mana (its mana times its amount)")
    state["battlefield"][0]["counters"] = {"charge": 1000}          # 600,000: exact
    path.write_text(yaml.safe_dump(state))
    code, out, _ = run(capsys, "could-produce", str(path))
    assert (code, out.strip()) == (0, "big: {C}")


def test_the_loader_counts_a_power_toughness_counter_as_often_as_it_modifies():
    # twelve creatures with a million +9/+9 counters each: 1.2 * 10^7 counters, but 1.08 * 10^8
    # added to the sum of their powers (CR 122.1a): past MAX_STATE_TOTAL, refused by the loader
    # (exit 2) rather than by the solver (exit 3)
    battlefield = [{"id": f"e{i}", "card": "Llanowar Elves", "controller": "alice", "counters": {"+9/+9": MAX_NUMBER}}
                   for i in range(12)]
    with pytest.raises(InputError) as e:
        load_state({**BASE, "battlefield": battlefield}, "s.yaml")
    assert str(e.value).startswith("s.yaml: its numbers") and "past the 100,000,000" in str(e.value)
    assert load_state({**BASE, "battlefield": battlefield[:11]}, "s.yaml")      # 9.9 * 10^7: taken


@settings(max_examples=10, **SETTINGS)
@given(st.integers(0, MAX_NUMBER), st.integers(0, MAX_NUMBER))
def test_doubled_counters_stay_exact_and_keep_lethality(n, damage):
    """Gilder Bairn doubles each kind of counter on its target (CR 122.1, 608.2c): a 1/1 with n
    +1/+1 counters and `damage` dies to the state-based actions before it resolves exactly when
    damage >= 1 + n (704.5g); otherwise it ends with 2n counters, never a wrapped number."""
    state = {**BASE, "mana_pool": {"alice": "{G}{G}{G}"}, "battlefield": [
        {"id": "bairn", "card": "Gilder Bairn", "controller": "alice", "tapped": True},
        {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "damage": damage,
         **({"counters": {"+1/+1": n}} if n else {})}]}
    got = Session(load_state(state, "s.yaml")).what_if(["activate bairn 1 targeting elves", "resolve"]).to_json()
    assert len(got["outcomes"]) == 1
    elves = got["outcomes"][0]["after"].get("elves", {})
    if damage >= 1 + n:
        assert elves.get("zone") == "graveyard"
    else:
        assert elves.get("counters", {}).get("+1/+1", 0) == 2 * n


# -- orders are bounded alone, never summed ------------------------------------------------------

def test_timestamps_are_bounded_alone_not_summed():
    # 613.7: a timestamp orders effects, no rule adds timestamps up; 100,000 permanents have
    # timestamps adding up to 5e9, and such a board was refused before grounding
    state = load_state({**BASE, "battlefield": [{"id": f"f{i}", "card": "Forest", "controller": "alice",
                                                 "since_turn": 3} for i in range(3)]}, "s.yaml")
    big = replace(state, battlefield=tuple(replace(p, timestamp=MAX_REACHED_TOTAL - i)
                                           for i, p in enumerate(state.battlefield)))
    assert reached_total(big)[0] == reached_total(state)[0]
    assert Solver(big) is not None
    # one past the bound alone is still refused, naming it
    past = replace(state, battlefield=(replace(state.battlefield[0], timestamp=MAX_REACHED_TOTAL + 1),))
    with pytest.raises(SolverError, match=r"battlefield\[0\]\.timestamp"):
        Solver(past)
    # an amount is still summed: life
    assert reached_total(replace(state, life=(("alice", 7), ("bob", 20))))[0] == reached_total(state)[0] - 13


def test_a_state_file_with_many_timestamps_loads():
    # the loader's sum (MAX_STATE_TOTAL) leaves the orders out too: 2,000 explicit timestamps
    # up to 1,000,000 add up to past 10^8, every one within MAX_NUMBER
    perms = [{"id": f"f{i}", "card": "Forest", "controller": "alice", "timestamp": MAX_NUMBER - i}
             for i in range(2000)]
    state = load_state({**BASE, "battlefield": perms}, "s.yaml")
    assert len(state.battlefield) == 2000
    with pytest.raises(InputError, match="timestamp"):
        load_state({**BASE, "battlefield": [{**perms[0], "timestamp": MAX_NUMBER + 1}]}, "s.yaml")
