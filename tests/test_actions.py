"""The generic actions of an effect (`does:`, translator/actions.py; asp/effects.lp): each kind
with its parameters, carried out by one set of rules, on the stack or by a mana ability."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def what_if(actions, battlefield, cards=(), **extra):
    state = load_state({**BASE, "battlefield": battlefield, "cards": list(cards), **extra})
    return Session(state).what_if(actions)


def afters(got):
    return [r.after(got.start) for r in got.results]


def test_grim_monolith_untaps_itself_when_its_ability_resolves():
    # "{4}: Untap this artifact." (701.26b). The what-if once put the ability on the stack and
    # resolved it doing nothing: no rule carried out the untap of its source.
    got = what_if(["activate mono 3", "resolve"],
                  [{"id": "mono", "card": "Grim Monolith", "controller": "alice", "tapped": True}],
                  mana_pool={"alice": "{C}{C}{C}{C}"})
    (result,) = got.results
    assert [c.change.to_json() for c in result.changes if c.change.to_json()["change"] == "untap"] == \
        [{"change": "untap", "object": "mono"}]
    assert not result.after(got.start)["mono"].get("tapped")


PAINLAND = {"name": "Test Painland", "mana_cost": "", "type_line": "Land",
            "oracle_text": "{T}: Add {R}. This land deals 1 damage to you.",
            "abilities": [{"line": 1, "activated": {
                "cost": ["{T}"], "add_mana": "{R}", "effect": "This land deals 1 damage to you.",
                "does": [{"damage": {"to": "you", "amount": 1}}]}}]}


def test_a_mana_abilitys_other_instruction_happens_as_it_is_activated():
    # 605.3a: a mana ability resolves as it is activated: its mana and the 1 damage to its
    # controller (120.3a: life lost) both happen, with no stack.
    got = what_if(["activate pain 1"], [{"id": "pain", "card": "Test Painland", "controller": "alice"}],
                  cards=[PAINLAND], life={"alice": 20})
    assert [(a["player alice"]["life"], a["player alice"]["mana_pool"]) for a in afters(got)] == [(19, "{R}")]


def test_gain_life_and_remove_counters():
    card = {"name": "Test Well", "mana_cost": "{1}", "type_line": "Artifact",
            "oracle_text": "{T}: Remove a charge counter from this artifact. You gain 2 life.",
            "abilities": [{"line": 1, "activated": {
                "cost": ["{T}"], "effect": "Remove a charge counter from this artifact. You gain 2 life.",
                "does": [{"remove_counters": {"what": "self", "kind": "charge"}},
                         {"gain_life": {"amount": 2}}]}}]}
    got = what_if(["activate well 1", "resolve"],
                  [{"id": "well", "card": "Test Well", "controller": "alice", "counters": {"charge": 2}}],
                  cards=[card], life={"alice": 5})
    (after,) = afters(got)
    assert after["player alice"]["life"] == 7          # 119.3
    assert after["well"]["counters"] == {"charge": 1}  # 122.1


@pytest.mark.parametrize("does, message", [
    ([{"draw": {"count": 0}}], "count: must be a positive whole number"),
    ([{"move": {"what": "target"}}], "to: is required"),
    ([{"move": {"what": "target", "to": "hand", "whose": "you"}}], "whose names the player"),
    ([{"counters": {"what": "each", "kind": "+1/+1"}}], "what: each goes with a filter"),
    ([{"sacrifice": {"what": "self", "filter": ["creature"]}}], "what: one goes with a filter"),
    ([{"fly": {}}], "unknown action 'fly'"),
    ([{"counters": {True: "self", "kind": "storage"}}], "unknown field"),
])
def test_an_action_outside_the_vocabulary_is_refused_with_its_field(does, message):
    card = {"name": "Test Card", "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": "{T}: Do it.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "Do it.", "does": does}}]}
    with pytest.raises(InputError, match=message) as e:
        load_state({**BASE, "battlefield": [], "cards": [card]})
    assert "cards[0].abilities[0].activated.does[0]" in str(e.value)
