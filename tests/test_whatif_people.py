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
