"""The `mana` query on a permanent's alternative abilities of one mana each (asp/available.lp):
a land with several basic land types has one intrinsic mana ability per type (CR 305.6), only
one of which its {T} pays for (107.5), so it adds one mana of a type from theirs (106.1): one
item, not one pool per choice. Abilities that do more (more mana, another cost, a further
effect) keep their own modes."""

from __future__ import annotations

from pathlib import Path

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

# The corpus's card file: the dual lands are not bundled.
CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"


def mana(rows, cards=()):
    data = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
            "battlefield": [{"id": i, "card": c, "controller": "alice"} for i, c in rows],
            "cards": list(cards)}
    with Session(load_state(data, "<test>", cards=[CARDS])) as session:
        return session.available_mana("alice", explain=True)


def items(pool):
    return {(i.amount, "".join(i.of)): i.count for i in pool.items}


def plan(pool):
    return [(u.object, u.ability) for u in pool.plan]


def card(name, *lines):
    """A land whose line k is "{T}: Add {X}." for the k-th mana letter given, each line's
    further effect (if any) after the letter: ("R", "This land deals 1 damage to you.")."""
    text, abilities = [], []
    for k, (letter, *effect) in enumerate(lines, 1):
        text.append(" ".join([f"{{T}}: Add {{{letter}}}.", *effect]))
        ability = {"cost": ["{T}"], "add_mana": f"{{{letter}}}"}
        if effect:
            ability |= {"effect": effect[0], "does": [{"damage": {"to": "you", "amount": 1}}]}
        abilities.append({"line": k, "activated": ability})
    return {"name": name, "mana_cost": "", "type_line": "Land", "oracle_text": "\n".join(text),
            "abilities": abilities}


def test_sixteen_dual_lands_are_one_pool_of_sixteen_items():
    # Before: one pool per choice of type on each land (81 here, none dominating another).
    rows = [(f"sea{k}", "Underground Sea") for k in range(8)] + [(f"sav{k}", "Savannah") for k in range(8)]
    got = mana(rows)
    assert [items(p) for p in got.pools] == [{(1, "UB"): 8, (1, "WG"): 8}]
    assert [p.debt for p in got.pools] == [0]
    # each land once, named by its reminder line ("({T}: Add {U} or {B}.)", line 1)
    assert sorted(plan(got.pools[0])) == sorted((o, 1) for o, _ in rows)
    assert ("106.1" in {r for r, _ in got.reasons}) and got.left_out == ()


def test_two_printed_abilities_of_one_mana_each_are_one_item():
    twin = card("Test Twin Land", "R", "G")
    got = mana([("twin", "Test Twin Land"), ("f", "Forest")], cards=[twin])
    assert [items(p) for p in got.pools] == [{(1, "G"): 1, (1, "RG"): 1}]
    assert sorted(plan(got.pools[0])) == [("f", 1), ("twin", 1)]


def test_an_ability_with_a_further_effect_keeps_its_own_pool():
    # A pain land's colored ability deals damage: choosing it is not the same as choosing {C},
    # so the two stay two maximal pools, each naming the line that makes it.
    pain = card("Test Pain Land", "C", ("R", "This land deals 1 damage to you."))
    got = mana([("pain", "Test Pain Land")], cards=[pain])
    assert sorted((tuple(items(p).items()), tuple(plan(p))) for p in got.pools) == [
        ((((1, "C"), 1),), (("pain", 1),)), ((((1, "R"), 1),), (("pain", 2),))]
    assert "106.1" not in {r for r, _ in got.reasons}


def test_more_than_one_mana_per_ability_keeps_one_pool_per_choice():
    # Under Nyxbloom Ancient a Forest that Urborg makes a Swamp taps for {G}{G}{G} or {B}{B}{B}:
    # not one mana each, so each choice stays its own pool (with Urborg's own {B}{B}{B}).
    got = mana([("nyx", "Nyxbloom Ancient"), ("urborg", "Urborg, Tomb of Yawgmoth"), ("f", "Forest")])
    assert sorted(sorted(items(p).items()) for p in got.pools) == [
        [((1, "B"), 3), ((1, "G"), 3)], [((1, "B"), 6)]]


def test_under_prismatic_omen_the_plan_names_the_lands_own_line():
    # Prismatic Omen gives a Mountain four more basic land types (305.6: one intrinsic ability
    # each, on no line of its card); the plan names its own "({T}: Add {R}.)", line 1.
    got = mana([("omen", "Prismatic Omen"), ("m", "Mountain"), ("s", "Swamp")])
    assert [items(p) for p in got.pools] == [{(1, "WUBRG"): 2}]
    assert sorted(plan(got.pools[0])) == [("m", 1), ("s", 1)]
