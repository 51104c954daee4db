"""The long tail of Land cards (issue 13, round 3): real pool lines (AtomicCards 2024-03 wording,
the card named) read by the compiler, and what asp/ makes of them."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from pool_lines import compiled

SEAT = ("Seat of the Synod", "Artifact Land", "(Seat of the Synod isn't a spell.)\n{T}: Add {U}.")
ARBOR = ("Dryad Arbor", "Land Creature — Forest Dryad",
         "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")")


def test_reminder_lines_whose_rules_apply_from_the_types():
    # CR 207.2a: reminder text only; 305.9 (Seat of the Synod), 305.9, 302.6, 305.6 (Dryad Arbor)
    seat, arbor = compiled(*SEAT), compiled(*ARBOR)
    assert seat.fully_compiled and arbor.fully_compiled
    assert seat.card["abilities"][0] == {"line": 1, "reminder": ["305.9"]}
    assert arbor.card["abilities"][0] == {"line": 1, "reminder": ["305.9", "302.6", "305.6"]}


def test_a_reminder_the_types_do_not_back_stays_text():
    # the reminder names {G}, but the land is a Swamp: its ability would not be "{T}: Add {G}"
    swamp = compiled("Odd Arbor", "Land Creature — Swamp Dryad", ARBOR[2].replace("Dryad Arbor", "Odd Arbor"))
    assert not swamp.fully_compiled and "text" in swamp.card["abilities"][0]
    # a land that is only a land: "isn't a spell" is not the 305.9 reminder of a second card type
    plain = compiled("Odd Land", "Land", "(Odd Land isn't a spell.)")
    assert "text" in plain.card["abilities"][0]


def test_a_reminder_names_rules_the_engine_applies():
    card = {"name": "X", "type_line": "Artifact Land", "oracle_text": "(X isn't a spell.)",
            "abilities": [{"line": 1, "reminder": ["702.1"]}]}
    with pytest.raises(InputError, match="reminder"):
        parse_card(card, "x.yaml")
