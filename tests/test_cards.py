"""The card vocabulary's translator (translator/cards.py): what a parsed card keeps."""

from __future__ import annotations

import dataclasses

from mtg_asp.translator.cards import Ability, _granted, parse_card


def test_granting_keeps_every_field_of_the_ability():
    # CR 613.1f: a grant gives the whole ability. Every field of Ability (a new one too) gets a
    # value of its own; the granted copy has them all, on the granting line.
    fields = [f for f in dataclasses.fields(Ability) if f.name != "line"]
    inner = Ability(0, **{f.name: ("sentinel", f.name) for f in fields})
    got = _granted(inner, 7)
    assert got.line == 7
    assert {f.name: getattr(got, f.name) for f in fields} == {f.name: ("sentinel", f.name) for f in fields}


def test_granted_ability_keeps_its_activation_instructions():
    # CR 602.1b: "Activate only during ..." and "Activate only if you control ..." are part of
    # the granted ability.
    card = parse_card({
        "name": "Test Blessing", "mana_cost": "{W}", "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature has \"{T}: You gain 1 life. Activate "
                       "only during the upkeep step. Activate only if you control an artifact.\"",
        "abilities": [
            {"line": 1, "keywords": ["enchant creature"]},
            {"line": 2, "static": {"grant": {"to": "enchanted_creature", "ability": {"activated": {
                "cost": ["{T}"], "effect": "You gain 1 life.", "only_during": ["upkeep"],
                "only_if_you_control": ["artifact"]}}}}}]}, "test.yaml")
    granted = card.abilities[1].granted
    assert granted is not None and granted.line == 2
    assert granted.only_during == ("upkeep",)
    assert granted.only_if_control == ("artifact",)
