"""what-if for people (issue 16): the action forms the listings print, paying from lands,
plain text and the exit code of a what-if that cannot be taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}
CARDS = Path(__file__).parent / "rulings" / "imported" / "cards.json"


def run(battlefield, actions, **extra):
    state = load_state({**BASE, "battlefield": battlefield, **extra}, "<test>", cards=[CARDS])
    return Session(state).what_if(actions)


def pool_after(got, k=0):
    return got.results[k].after(got.start).get("player alice", {}).get("mana_pool")


@pytest.mark.parametrize("action", ["activate forest 1", "activate forest line 1", "activate forest forest"])
def test_a_basic_lands_reminder_line_is_its_intrinsic_mana_ability(action):
    # CR 305.6: the activations listing names it "forest line 1"; each form taps it for {G}
    got = run([{"id": "forest", "card": "Forest", "controller": "alice"}], [action])
    (result,) = got.results
    assert result.illegal is None
    assert pool_after(got) == "{G}"
    assert result.after(got.start)["forest"]["tapped"] is True


def test_the_line_form_reaches_a_printed_ability_and_a_granted_one():
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "tapped": True}
    mantle = {"id": "mantle", "card": "Umbral Mantle", "controller": "alice", "attached_to": "elves"}
    got = run([elves, mantle], ["activate elves line 1 from mantle"], mana_pool={"alice": "{C}{C}{C}"})
    assert got.results[0].illegal is None
    assert got.results[0].after(got.start)["elves"].get("tapped") is None     # {Q} untapped it
    got = run([{**elves, "tapped": False}], ["activate elves line 1"])
    assert pool_after(got) == "{G}"


def test_a_line_without_an_activated_ability_is_refused_with_the_abilities_and_their_lines():
    with pytest.raises(InputError, match=r"Forest has no activated ability on line 2; its activated "
                                         r"abilities: line 1: \(\{T\}: Add \{G\}\.\)"):
        run([{"id": "forest", "card": "Forest", "controller": "alice"}], ["activate forest line 2"])
    with pytest.raises(InputError, match=r"Farmstead Gleaner has no activated ability on line 1; its "
                                         r"activated abilities: line 2: \{2\}, \{Q\}"):
        run([{"id": "g", "card": "Farmstead Gleaner", "controller": "alice"}], ["activate g 1"])


def test_a_dual_lands_reminder_line_names_both_types_and_asks_for_one():
    sea = {"id": "sea", "card": "Underground Sea", "controller": "alice"}
    with pytest.raises(InputError, match=r"line 1 of Underground Sea holds the mana abilities of 2 land "
                                         r"types: name one \(island, swamp\)"):
        run([sea], ["activate sea 1"])
    assert pool_after(run([sea], ["activate sea swamp"])) == "{B}"


def tapped(got, k):
    return sorted(oid for oid, v in got.results[k].after(got.start).items() if isinstance(v, dict) and v.get("tapped"))


LANDS = [{"id": "f1", "card": "Forest", "controller": "alice"}, {"id": "f2", "card": "Forest", "controller": "alice"},
         {"id": "m1", "card": "Mountain", "controller": "alice"}]


def test_a_spell_is_paid_by_tapping_lands_each_minimal_way_an_outcome():
    # CR 601.2g-h: Llanowar Elves ({G}) taps one Forest, either; the Mountain cannot pay, and
    # tapping it too would only add mana not needed
    got = run(LANDS, ["cast elves"], hand={"alice": [{"id": "elves", "card": "Llanowar Elves"}]})
    assert [tapped(got, k) for k in range(len(got.results))] == [["f1"], ["f2"]]
    assert all(r.illegal is None and r.after(got.start)["elves"]["zone"] == "stack" for r in got.results)
    assert all(pool_after(got, k) is None for k in range(2))        # nothing floats


def test_the_pool_pays_first_and_lands_pay_the_rest():
    # {G} in the pool pays one of Endless One's X=2: one land more, either of them
    got = run(LANDS[1:], ["cast one x=2"], hand={"alice": [{"id": "one", "card": "Endless One"}]},
              mana_pool={"alice": "{G}"})
    assert [tapped(got, k) for k in range(len(got.results))] == [["f2"], ["m1"]]
    assert all(pool_after(got, k) == "" for k in range(2))


def test_paying_with_fixes_the_sources():
    hand = {"alice": [{"id": "one", "card": "Endless One"}]}
    got = run(LANDS, ["cast one x=2 paying with f1 m1"], hand=hand)
    assert [tapped(got, k) for k in range(len(got.results))] == [["f1", "m1"]]
    # each source named is used: with X=1 one mana is left in the pool, either one
    got = run(LANDS, ["cast one x=1 paying with f1 m1"], hand=hand)
    assert sorted(pool_after(got, k) for k in range(len(got.results))) == ["{G}", "{R}"]
    # too few: no way to pay with those
    (result,) = run(LANDS, ["cast one x=3 paying with f1 m1"], hand=hand).results
    assert [rule for rule, _ in result.illegal.why] == ["601.2h"] and "mana abilities" in result.illegal.why[0][1]
    with pytest.raises(InputError, match="name each permanent that pays once"):
        run(LANDS, ["cast one x=2 paying with f1 f1"], hand=hand)


def test_an_activation_cost_is_paid_from_lands_too():
    # Farmstead Gleaner's {2}, {Q} (602.2b): the two lands tap, the Gleaner untaps
    got = run([*LANDS[1:], {"id": "g", "card": "Farmstead Gleaner", "controller": "alice", "tapped": True}],
              ["activate g line 2"])
    (result,) = got.results
    assert result.illegal is None and tapped(got, 0) == ["f2", "m1"]


def test_what_the_plan_cannot_use_is_named_and_no_way_is_illegal_with_the_reason():
    # Cavern of Souls' line 3 mana has a rider (106.6) the planner does not use; its {C} cannot
    # pay {G}: the cast cannot be taken, and the answer names the ability left out
    got = run([{"id": "cavern", "card": "Cavern of Souls", "controller": "alice"}], ["cast elves"],
              hand={"alice": [{"id": "elves", "card": "Llanowar Elves"}]})
    (result,) = got.results
    assert [rule for rule, _ in result.illegal.why] == ["601.2h"] and "mana abilities" in result.illegal.why[0][1]
    assert [(o, line) for o, line, _ in got.not_planned] == [("cavern", 3)]
    assert "not planned with" in got.to_text() and got.to_json()["not_planned"][0]["object"] == "cavern"


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_text_is_sentences_not_python_values(capsys):
    from mtg_asp.queries.cli import main
    assert main(["what-if", str(EXAMPLES / "combat.yaml"), "--do", "next step", "--do", "resolve", "--do",
                 "attack demon isamaru", "--do", "block unicorn_b isamaru", "--do", "next step", "--do",
                 "resolve"]) == 0
    out = capsys.readouterr().out
    assert "{'" not in out and "->" not in out
    assert "unicorn_b leaves the battlefield for its owner's graveyard as a new object" in out
    assert "      isamaru is on the battlefield under alice's control: attacking bob, blocked" in out
    assert "      it is turn 6 (alice's), the combat damage step" in out
    assert "      bob has 14 life" in out


def test_what_if_exits_1_when_every_outcome_is_an_action_that_cannot_be_taken(capsys):
    from mtg_asp.queries.cli import main
    demo = str(EXAMPLES / "demo.yaml")
    # the Elves are summoning sick (302.6): the text and the JSON answer, exit 1, the reason on stderr
    for extra in ([], ["--json"]):
        assert main(["what-if", demo, "--do", "activate elves 1", *extra]) == 1
        captured = capsys.readouterr()
        assert "302.6" in captured.out
        assert "step 1 ('activate elves 1') cannot be taken in any outcome: CR 302.6" in captured.err
    # one outcome that can be taken is enough for exit 0: the pool taps for mana
    assert main(["what-if", demo, "--do", "activate pool 1"]) == 0


def test_a_mana_ability_paying_is_carried_out_by_the_what_ifs_rules_and_plans_do_not_nest():
    # City of Brass pays {G} as one of its five colors (the others cannot pay: not ways) and its
    # "becomes tapped" trigger goes on the stack above the spell (603.3b); the Forest is the
    # other way. Tapping both is no way: the Forest's {G} is not needed once the City paid
    got = run([{"id": "city", "card": "City of Brass", "controller": "alice"},
               {"id": "f1", "card": "Forest", "controller": "alice"}], ["cast elves"],
              hand={"alice": [{"id": "elves", "card": "Llanowar Elves"}]})
    assert [tapped(got, k) for k in range(len(got.results))] == [["city"], ["f1"]]
    stack = got.results[0].after(got.start)["stack"]
    assert [(t["source"], bool(t.get("spell"))) for t in stack] == [("elves", True), ("city", False)]


def test_a_permanent_whose_two_mana_abilities_pay_together_is_not_named():
    # a plan may use two mana abilities of one permanent (605.3a): Tinder Wall tapped for
    # Cryptolith Rite's {G} pays, and nothing is named as left out of the plans
    got = run([{"id": "rite", "card": "Cryptolith Rite", "controller": "alice"},
               {"id": "wall", "card": "Tinder Wall", "controller": "alice"}], ["cast elves"],
              hand={"alice": [{"id": "elves", "card": "Llanowar Elves"}]})
    assert got.results and all(r.illegal is None for r in got.results)
    assert got.not_planned == ()


def test_any_way_stops_at_the_first_plan_that_pays():
    # the interactive listing asks only whether a cast can be taken
    from mtg_asp.queries.core import Solver
    from mtg_asp.queries.whatif import what_if
    state = load_state({**BASE, "battlefield": LANDS, "hand": {"alice": [{"id": "elves", "card": "Llanowar Elves"}]}})
    assert len(what_if(Solver(state), ["cast elves"]).results) == 2
    (one,) = what_if(Solver(state), ["cast elves"], any_way=True).results
    assert one.illegal is None
