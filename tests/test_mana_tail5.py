"""The long tail of lines that add mana, round 5 (issue 13): real pool lines (AtomicCards 2024-03
wording, the card named) read by the compiler, and what asp/ makes of them. Tokens with a quoted
mana ability (CR 111.4, 111.2): the token's card is compiled from the quoted text."""

from __future__ import annotations

from mtg_asp.translator.cards import parse_card
from pool_lines import compiled

SPAWNSIRE = ("Spawnsire of Ulamog", "Creature — Eldrazi",
             '{4}: Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this creature: Add {C}."')
FREYALISE = ("Freyalise, Llanowar's Fury", "Legendary Planeswalker — Freyalise",
             '+2: Create a 1/1 green Elf Druid creature token with "{T}: Add {G}."')
TEZZERET = ("Tezzeret the Schemer", "Legendary Planeswalker — Tezzeret",
            ('+1: Create a colorless artifact token named Etherium Cell with "{T}, Sacrifice this artifact: Add one '
             'mana of any color."'))
SVELLA = ("Svella, Ice Shaper", "Legendary Snow Creature — Troll Warrior",
          '{3}, {T}: Create a colorless snow artifact token named Icy Manalith with "{T}: Add one mana of any color."')


def _token(spec, name):
    c = compiled(*spec)
    assert c.fully_compiled, c.lines
    token = next(t for t in c.tokens if t["name"] == name)
    parse_card(token, "test")
    return c, token


def test_a_token_definition_whose_quoted_ability_adds_mana_is_an_activated_ability():
    # the quoted "Add {C}" is the token's ability, not this one's (605.1a): not a mana ability
    c, token = _token(SPAWNSIRE, "Eldrazi Spawn Token")
    entry = c.card["abilities"][0]["activated"]
    assert entry["does"] == [{"create_token": {"card": "Eldrazi Spawn Token", "count": 2}}]
    assert "add_mana" not in entry
    assert token["abilities"][0]["activated"] == {"cost": [{"sacrifice": "self"}], "add_mana": "{C}"}


def test_a_creature_token_with_a_quoted_mana_ability():
    c, token = _token(FREYALISE, "Elf Druid Token")
    assert c.card["abilities"][0]["activated"]["does"] == [{"create_token": {"card": "Elf Druid Token"}}]
    assert token["color_indicator"] == ["green"] and token["power_toughness"] == "1/1"
    assert token["abilities"][0]["activated"] == {"cost": ["{T}"], "add_mana": "{G}"}


def test_a_named_artifact_token_takes_the_name_and_types_the_effect_gives():
    c, token = _token(TEZZERET, "Etherium Cell")
    assert c.card["abilities"][0]["activated"]["does"] == [{"create_token": {"card": "Etherium Cell"}}]
    assert token["type_line"] == "Artifact" and "power_toughness" not in token
    assert token["abilities"][0]["activated"] == {"cost": ["{T}", {"sacrifice": "self"}], "add_mana": {"any": "color"}}
    _, icy = _token(SVELLA, "Icy Manalith")
    assert icy["type_line"] == "Snow Artifact"
