"""Never silently wrong: every answer names the lines in play that it could not take into
account (asp/unread.lp), and its text says the answer may be incomplete because of them."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}

# An additional-land-play line kept as words: once dropped without a word, so a what-if that
# plays a second land said "305.2: one land a turn" with nothing to say it may be wrong.
EXPLORER = {"name": "Test Explorer", "mana_cost": "{G}", "type_line": "Creature — Elf", "power_toughness": "1/1",
            "oracle_text": "You may play an additional land on each of your turns.\n{T}: Add {G}.",
            "abilities": [{"line": 1, "text": "You may play an additional land on each of your turns."},
                          {"line": 2, "activated": {"cost": ["{T}"], "add_mana": "{G}"}}]}
SEER = {"name": "Test Seer", "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": "{2}, {T}: Scry 1.",
        "abilities": [{"line": 1, "activated": {"cost": ["{2}", "{T}"], "effect": "Scry 1."}}]}


def session(**extra):
    state = {**BASE, "cards": [EXPLORER, SEER],
             "battlefield": [{"id": "explorer", "card": "Test Explorer", "controller": "alice", "since_turn": 1},
                             {"id": "seer", "card": "Test Seer", "controller": "alice"},
                             {"id": "forest", "card": "Forest", "controller": "alice"}], **extra}
    return Session(load_state(state))


EXPECTED = [{"object": "explorer", "card": "Test Explorer", "line": 1, "part": "line",
             "text": "You may play an additional land on each of your turns."},
            {"object": "seer", "card": "Test Seer", "line": 1, "part": "effect", "text": "{2}, {T}: Scry 1."}]

QUERIES = {
    "could_produce": lambda s: s.could_produce(),
    "activations": lambda s: s.activations(),
    "orderings": lambda s: s.orderings("forest"),
    "can_pay": lambda s: s.can_pay("alice", "{G}{G}"),
    "available_mana": lambda s: s.available_mana("alice"),
    "board": lambda s: s.board(),
    "what_if": lambda s: s.what_if(["move forest to hand"]),
}


@pytest.mark.parametrize("query", QUERIES)
def test_every_answer_names_the_lines_it_could_not_read(query):
    result = QUERIES[query](session())
    assert result.to_json()["not_modelled"] == EXPECTED
    text = result.to_text()
    assert "this answer may be incomplete" in text
    assert "explorer (Test Explorer) line 1, kept as text only: You may play an additional land" in text


def test_an_answer_with_nothing_unread_says_nothing_of_it():
    result = Session(load_state({**BASE, "battlefield": [{"id": "forest", "card": "Forest", "controller": "alice"}]})) \
        .could_produce()
    assert "not_modelled" not in result.to_json()
    assert "incomplete" not in result.to_text()


def test_lines_in_play_beyond_the_battlefield_an_ability_on_the_stack_and_a_card_in_hand():
    # The Seer's ability on the stack is in play; a card in a hand is not (CR 113.6: its abilities
    # function on the battlefield).
    s = session(stack=[{"id": "s1", "source": "seer", "line": 1, "controller": "alice"}],
                hand={"bob": [{"id": "h", "card": "Test Explorer"}]})
    abouts = {(u["object"], u["line"]) for u in s.board().to_json()["not_modelled"]}
    assert abouts == {("explorer", 1), ("seer", 1), ("s1", 1)}


def test_a_line_whose_rules_text_an_effect_took_away_is_not_named():
    # CR 305.7: under Blood Moon a nonbasic land has no rules-text abilities: nothing unread.
    land = {"name": "Test Vault", "mana_cost": "", "type_line": "Land",
            "oracle_text": "{T}: Add {C}. You gain 1 life.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}", "effect": "You gain 1 life."}}]}
    def unread(with_moon):
        battlefield = [{"id": "vault", "card": "Test Vault", "controller": "alice"}]
        if with_moon:
            battlefield.append({"id": "moon", "card": "Blood Moon", "controller": "bob"})
        s = Session(load_state({**BASE, "cards": [land], "battlefield": battlefield}))
        return [(u["object"], u["part"]) for u in s.could_produce().to_json().get("not_modelled", [])]
    assert unread(False) == [("vault", "effect")]
    assert unread(True) == []
