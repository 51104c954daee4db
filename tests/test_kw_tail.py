"""Keyword lines of the pool's mana cards (issue 13; translator/compiler/kw_tail.py): real pool
lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary."""

from __future__ import annotations

from pool_lines import compiled

JEGANTHA = ("Jegantha, the Wellspring", "Legendary Creature — Elemental Elk", (
    "Companion — No card in your starting deck has more than one of the same mana symbol in its mana cost. "
    "(If this card is your chosen companion, you may put it into your hand from outside the game for {3} any time "
    "you could cast a sorcery.)\n"
    "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs."))
ASTROLABE = ("Arcum's Astrolabe", "Snow Artifact", (
    "({S} can be paid with one mana from a snow source.)\n"
    "When Arcum's Astrolabe enters the battlefield, draw a card.\n"
    "{1}, {T}: Add one mana of any color."))


def test_companion_is_deck_construction():
    # CR 702.139a: it functions outside the game (its special action: asp/unread.lp names it)
    c = compiled(*JEGANTHA)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "deck_construction": "companion"}


def test_companion_needs_its_condition():
    c = compiled("Test Companion", "Creature — Elk", "Companion")
    assert not c.fully_compiled


def test_snow_reminder_is_reminder_text():
    # CR 207.2a, 107.4h: how the {S} of its cost is paid
    c = compiled(*ASTROLABE)
    assert c.fully_compiled
    assert c.card["abilities"][0] == {"line": 1, "reminder": ["107.4h"]}
