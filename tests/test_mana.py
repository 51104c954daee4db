"""The `mana` query on boards whose answer is known from the rules (see also
tests/test_mana_property.py for the brute-force comparison)."""

from __future__ import annotations

import json
from pathlib import Path

from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.translator.state import load_state

CARDS = Path(__file__).resolve().parent / "rulings" / "imported" / "cards.json"


def mana(rows, life=None):
    data = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
            "battlefield": [{"id": i, "card": c, "controller": "alice"} for i, c in rows]}
    if life:
        data["life"] = life
    return Session(load_state(data)).available_mana("alice")


def items(pool):
    return {(i.amount, "".join(i.of)): i.count for i in pool.items}


def test_nyxbloom_triples_each_split_of_cataracts_output():
    # 616.1 / Nyxbloom: "three times as much of that mana": five items of three of one color,
    # not 126 alternatives; the {5} is paid by the Forests (3 each) and the Island.
    got = mana([("cat", "Cascading Cataracts"), ("nyx", "Nyxbloom Ancient"),
                ("f1", "Forest"), ("f2", "Forest")])
    by_debt = {p.debt: items(p) for p in got.pools}
    assert by_debt == {0: {(1, "G"): 6, (1, "C"): 3}, 5: {(1, "G"): 6, (3, "WUBRG"): 5}}


def test_grim_monolith_loops_only_when_tapping_makes_more_than_untapping_costs():
    plain = mana([("mono", "Grim Monolith")])
    assert plain.unbounded == () and [items(p) for p in plain.pools] == [{(1, "C"): 3}]
    tripled = mana([("mono", "Grim Monolith"), ("nyx", "Nyxbloom Ancient")])
    assert [(l.object, l.ability, l.untap_ability, l.net, l.of) for l in tripled.unbounded] == \
        [("mono", 2, 3, 5, ("C",))]


def test_squandered_resources_sacrifices_each_land_after_tapping_it():
    # Sacrifice a land: one mana of a type that land could produce; once per land (no {T}).
    got = mana([("sq", "Squandered Resources"), ("f", "Forest"), ("i", "Island")])
    assert [items(p) for p in got.pools] == [{(1, "U"): 2, (1, "G"): 2}]
    assert sorted(u.sacrificed for u in got.pools[0].plan if u.sacrificed) == ["f", "i"]


def test_squandered_resources_among_many_dual_lands_is_one_pool():
    # Each dual land taps for one of its two types (305.6) and is then sacrificed for one mana of a
    # type it could produce (106.7, 701.21a): a plan that leaves a sacrifice out only loses mana,
    # so the sacrifices are always made (asp/available.lp av_forced_sac). Once 2^12 distinct pools
    # and "more than 2000 distinct pools"; now the one maximal pool.
    duals = {"Underground Sea": "UB", "Savannah": "WG", "Tundra": "WU", "Bayou": "BG",
             "Volcanic Island": "UR", "Tropical Island": "UG"}
    rows = [{"id": "sq", "card": "Squandered Resources", "controller": "alice"}]
    rows += [{"id": f"d{k}", "card": c, "controller": "alice", "tapped": k >= 6}
             for k, c in enumerate([*duals, *duals])]
    rows += [{"id": f"f{k}", "card": "Forest", "controller": "alice"} for k in range(4)]
    state = load_state({"players": ["alice", "bob"], "battlefield": rows,
                        "turn": {"number": 3, "active": "alice", "step": "precombat_main"}}, "<test>",
                       cards=[CARDS])
    got = Session(state).available_mana("alice")
    # the six untapped duals' {T} and every dual's sacrifice: three items of its pair each; the
    # Forests {G} twice each
    assert [items(p) for p in got.pools] == [{(1, "G"): 8, **{(1, pair): 3 for pair in
                                                                 ("WU", "WG", "UB", "UR", "UG", "BG")}}]
    assert len([u for u in got.pools[0].plan if u.sacrificed]) == 16


def test_a_land_two_outlets_could_take_is_sacrificed_once():
    # Two Squandered Resources: each land is sacrificed once (701.21a), to either; a land that can
    # sacrifice itself (Havenwood Battleground: {T}, Sacrifice: {G}{G}) chooses how: 2 {G} either way
    got = mana([("sq1", "Squandered Resources"), ("sq2", "Squandered Resources"), ("f", "Forest"),
                ("i", "Island"), ("h", "Havenwood Battleground")])
    assert [items(p) for p in got.pools] == [{(1, "U"): 2, (1, "G"): 4}]
    assert sorted(u.sacrificed for u in got.pools[0].plan if u.sacrificed) == ["f", "h", "i"]


def test_goblin_clearcutter_sacrifices_a_forest_for_three_red_or_green():
    got = mana([("gob", "Goblin Clearcutter"), ("f", "Forest")])
    # the Forest taps for {G} first, then is sacrificed: {G} plus three of R/G in any split
    assert [items(p) for p in got.pools] == [{(1, "G"): 1, (1, "RG"): 3}]


def test_mana_confluence_costs_life_the_player_must_have():
    rich = mana([("mc", "Mana Confluence")], life={"alice": 20})
    poor = mana([("mc", "Mana Confluence")], life={"alice": 0})
    assert [items(p) for p in rich.pools] == [{(1, "WUBRG"): 1}]
    assert [items(p) for p in poor.pools] == [{}]


def test_cli_mana_json_and_bad_player(tmp_path, capsys):
    state = tmp_path / "s.yaml"
    state.write_text("players: [alice, bob]\nturn: {number: 3, active: alice, step: precombat_main}\n"
                     "battlefield:\n  - {id: b, card: Birds of Paradise, controller: alice}\n"
                     "  - {id: f, card: Forest, controller: alice}\n")
    assert main(["mana", str(state), "--player", "alice", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pools"] == [{"items": [{"count": 1, "amount": 1, "of": ["G"]},
                                       {"count": 1, "amount": 1, "of": ["W", "U", "B", "R", "G"]}],
                             "debt": 0, "total": 2,
                             "plan": [{"object": "b", "ability": 2, "step": 0},
                                      {"object": "f", "ability": 1, "step": 0}]}]
    assert out["unbounded"] == [] and out["left_out"] == []
    assert main(["mana", str(state), "--player", "carol"]) == 2
    assert "carol" in capsys.readouterr().err
