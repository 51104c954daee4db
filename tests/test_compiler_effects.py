"""The compiler's triggered abilities, spells and effect sentences (translator/compiler/
triggered.py, effects.py): real oracle lines from the pool into the vocabulary's generic
actions, and those actions carried out."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, PARTIAL, compile_face
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def entry(face: dict, line: int = 1) -> tuple[dict, str]:
    c = compile_face(face)
    parse_card(c.card, "test")                          # the compiled card is valid vocabulary
    result = c.lines[line - 1]
    got = {k: v for k, v in c.card["abilities"][line - 1].items() if k != "line"}
    return got, result.status


@pytest.mark.parametrize("face, expected", [
    # Jwar Isle Refuge (pre-2024 wording)
    ({"name": "Jwar Isle Refuge", "type": "Land", "text": "When Jwar Isle Refuge enters the battlefield, you gain 1 life."},
     {"triggered": {"when": {"enters": "self"}, "effect": "When Jwar Isle Refuge enters the battlefield, you gain 1 life.",
                    "does": [{"gain_life": {"amount": 1}}]}}),
    # current wording: "this land", "enters"
    ({"name": "Jwar Isle Refuge", "type": "Land", "text": "When this land enters, you gain 1 life."},
     {"triggered": {"when": {"enters": "self"}, "effect": "When this land enters, you gain 1 life.",
                    "does": [{"gain_life": {"amount": 1}}]}}),
    # Prosperous Innkeeper, line 1 (111.10a: a predefined token)
    ({"name": "Prosperous Innkeeper", "type": "Creature — Halfling Citizen", "power": "1", "toughness": "1",
      "text": "When Prosperous Innkeeper enters the battlefield, create a Treasure token."},
     {"triggered": {"when": {"enters": "self"}, "effect": "When Prosperous Innkeeper enters the battlefield, create a Treasure token.",
                    "does": [{"create_token": {"card": "Treasure"}}]}}),
    # Shock
    ({"name": "Shock", "type": "Instant", "text": "Shock deals 2 damage to any target."},
     {"spell": {"effect": "Shock deals 2 damage to any target.", "targets": ["any target"], "target": "any",
                "does": [{"damage": {"to": "target", "amount": 2}}]}}),
    # Unsummon
    ({"name": "Unsummon", "type": "Instant", "text": "Return target creature to its owner's hand."},
     {"spell": {"effect": "Return target creature to its owner's hand.", "targets": ["target creature"],
                "target": {"filter": ["creature"]}, "does": [{"move": {"what": "target", "to": "hand"}}]}}),
    # Loyal Subordinate, line 2 (an intervening "if", 603.4)
    ({"name": "Loyal Subordinate", "type": "Creature — Zombie", "power": "3", "toughness": "1",
      "text": "At the beginning of combat on your turn, if you control your commander, each opponent loses 3 life."},
     {"triggered": {"when": {"beginning_of_combat": "your_turn"}, "condition": "you_control_your_commander",
                    "effect": "At the beginning of combat on your turn, if you control your commander, each opponent loses 3 life.",
                    "does": [{"lose_life": {"who": "each_opponent", "amount": 3}}]}}),
])
def test_a_line_compiles_to_the_generic_actions(face, expected):
    got, status = entry(face)
    assert (got, status) == (expected, COMPILED)


def test_an_event_read_with_an_effect_beyond_the_templates_is_partial():
    # a venture trigger: the event is read, "venture into the dungeon" (701.49) stays words (608.2
    # refuses it)
    got, status = entry({"name": "Test Dungeonland", "type": "Land",
                         "text": "When Test Dungeonland enters the battlefield, venture into the dungeon."})
    assert got == {"triggered": {"when": {"enters": "self"},
                                 "effect": "When Test Dungeonland enters the battlefield, venture into the dungeon."}}
    assert status == PARTIAL


def test_a_compiled_enters_trigger_creates_a_treasure_that_pays():
    # 603.6a: the trigger goes on the stack as the creature enters; resolving it creates a
    # Treasure (111.10a), whose mana ability can pay {G} (106.1a: any color).
    card = compile_face({"name": "Prosperous Innkeeper", "type": "Creature — Halfling Citizen", "power": "1",
                         "toughness": "1", "manaCost": "{G}",
                         "text": "When Prosperous Innkeeper enters the battlefield, create a Treasure token."}).card
    state = load_state({**BASE, "cards": [card], "battlefield": [],
                        "hand": {"alice": [{"id": "inn", "card": "Prosperous Innkeeper"}]}})
    got = Session(state).what_if(["move inn to battlefield", "resolve"])
    (result,) = got.results
    kinds = [c.change.to_json()["change"] for c in result.changes]
    assert "create_token" in kinds and "triggered" in kinds
    treasure = {**BASE, "battlefield": [{"id": "t", "card": "Treasure", "controller": "alice", "token": True}]}
    assert Session(load_state(treasure)).can_pay("alice", "{G}").payable


@pytest.mark.parametrize("face, expected", [
    # Bonesplitter, line 2 (702.6a)
    ({"name": "Bonesplitter", "type": "Artifact — Equipment", "text": "Equip {1}"},
     {"activated": {"cost": ["{1}"], "targets": ["target creature you control"],
                    "target": {"filter": ["creature"], "controller": "you"}, "timing": "sorcery",
                    "effect": "Attach Bonesplitter to target creature you control.",
                    "does": [{"attach": {"what": "self", "to": "target"}}]}}),
    # Think Twice, line 2 (702.34a), with its reminder text
    ({"name": "Think Twice", "type": "Instant",
      "text": "Flashback {2}{U} (You may cast this card from your graveyard for its flashback cost. Then exile it.)"},
     {"flashback": "{2}{U}"}),
    # Bonesplitter, line 1 (613.4c)
    ({"name": "Bonesplitter", "type": "Artifact — Equipment", "text": "Equipped creature gets +2/+0."},
     {"static": {"pt": {"modify": "+2/+0", "to": "equipped_creature"}}}),
    # Rancor-like: "gets +2/+0 and has trample" (613.4c, 613.1f)
    ({"name": "Test Rancor", "type": "Enchantment — Aura", "text": "Enchanted creature gets +2/+0 and has trample."},
     {"static": {"pt": {"modify": "+2/+0", "to": "enchanted_creature"},
                 "grant": {"to": "enchanted_creature", "ability": {"keywords": ["trample"]}}}}),
    # Pacifism, line 2 (508.1c, 509.1b)
    ({"name": "Pacifism", "type": "Enchantment — Aura", "text": "Enchanted creature can't attack or block."},
     {"static": {"restrict": {"what": ["attack", "block"], "to": "enchanted_creature"}}}),
    # Goblin Roughrider-like "~ can't block."
    ({"name": "Test Brute", "type": "Creature — Goblin", "power": "3", "toughness": "1",
      "text": "Test Brute can't block."},
     {"static": {"restrict": {"what": ["block"], "to": "self"}}}),
])
def test_keyword_and_attached_abilities_compile(face, expected):
    assert entry(face) == (expected, COMPILED)


def test_bundled_cards_read_by_these_templates_equal_their_hand_written_entries():
    # The library proves the compiler: every line these templates read compiles to exactly the
    # entry written by hand (the full test of every template is tests/test_compile_library.py).
    from mtg_asp.translator.cards import CardLibrary
    for name in ("Bonesplitter", "Think Twice", "Pacifism", "Unsummon", "Loyal Subordinate", "Umbral Mantle"):
        card = CardLibrary.bundled().get(name)
        face = {"name": card.name, "type": card.type_line, "text": card.oracle_text,
                "manaCost": "".join(f"{{{s}}}" for s in card.mana_cost), "power": card.power,
                "toughness": card.toughness}
        c = compile_face(face)
        compiled = parse_card(c.card, "compiled")
        for r, a in zip(c.lines, compiled.abilities):
            if r.status == COMPILED:
                assert a == next(h for h in card.abilities if h.line == r.line), (name, r.line)


def test_devoid_makes_a_card_with_colored_mana_symbols_colorless():
    # CR 702.114a: Eldrazi Mimic-like "Devoid" with a {2} cost would be colorless anyway; a devoid
    # card costing {1}{G} is colorless too (its mana cost gives it no color), a filter for green
    # creatures does not match it.
    face = {"name": "Test Scion Herder", "type": "Creature — Eldrazi Drone", "manaCost": "{1}{G}",
            "power": "2", "toughness": "2", "text": "Devoid\n{T}: Add {C}."}
    card = compile_face(face).card
    assert card["abilities"][0] == {"line": 1, "keywords": ["devoid"]}
    state = load_state({**BASE, "cards": [card],
                        "battlefield": [{"id": "herder", "card": "Test Scion Herder", "controller": "alice"}]})
    assert Session(state).board().to_json()["board"]["herder"]["colors"] == []


@pytest.mark.parametrize("face, expected, status", [
    # Mind Stone, line 2
    ({"name": "Mind Stone", "type": "Artifact", "text": "{1}, {T}, Sacrifice Mind Stone: Draw a card."},
     {"activated": {"cost": ["{1}", "{T}", {"sacrifice": "self"}], "effect": "Draw a card.",
                    "does": [{"draw": {"count": 1}}]}}, COMPILED),
    # Calciform Pools-like storage line (122.1)
    ({"name": "Dreadship Reef", "type": "Land", "text": "{1}, {T}: Put a storage counter on Dreadship Reef."},
     {"activated": {"cost": ["{1}", "{T}"], "effect": "Put a storage counter on Dreadship Reef.",
                    "does": [{"counters": {"what": "self", "kind": "storage"}}]}}, COMPILED),
    # an activation instruction (602.5d) closes the line
    ({"name": "Test Cannon", "type": "Artifact",
      "text": "{2}{R}, {T}: Test Cannon deals 2 damage to any target. Activate only as a sorcery."},
     {"activated": {"cost": ["{2}{R}", "{T}"], "timing": "sorcery", "effect": "Test Cannon deals 2 damage to any target.",
                    "targets": ["any target"], "target": "any", "does": [{"damage": {"to": "target", "amount": 2}}]}},
     COMPILED),
    # "Venture into the dungeon": the cost is read, the effect stays words (608.2: not resolved)
    ({"name": "Test Map", "type": "Artifact", "text": "{4}, {T}: Venture into the dungeon."},
     {"activated": {"cost": ["{4}", "{T}"], "effect": "Venture into the dungeon."}}, PARTIAL),
    # "Investigate" (701.16a: create a Clue token)
    ({"name": "Test Lens", "type": "Artifact", "text": "{4}, {T}: Investigate."},
     {"activated": {"cost": ["{4}", "{T}"], "effect": "Investigate.", "does": [{"create_token": {"card": "Clue"}}]}},
     COMPILED),
])
def test_an_activated_ability_that_adds_no_mana(face, expected, status):
    assert entry(face) == (expected, status)


def test_an_activated_ability_that_could_add_mana_is_never_read_as_one_that_does_not():
    # CR 605.1a: "... add three mana of that type instead" is a mana ability the mana templates
    # cannot read: it stays text, not an activated ability with its mana kept as words.
    _, status = entry({"name": "Incubation Druid", "type": "Creature — Elf Druid", "power": "0", "toughness": "2",
                         "text": "{T}: Add one mana of any type that a land you control could produce. If Incubation "
                                 "Druid has a +1/+1 counter on it, add three mana of that type instead."})
    assert status == "text"


POD = {"name": "Blisterpod", "manaCost": "{G}", "type": "Creature — Eldrazi Drone", "power": "1", "toughness": "1",
       "text": "Devoid\nWhen Blisterpod dies, create a 1/1 colorless Eldrazi Scion creature token. It has "
               "\"Sacrifice this creature: Add {C}.\""}


def test_a_token_definition_compiles_to_a_token_card_named_as_111_4_names_it():
    c = compile_face(POD)
    assert c.card["abilities"][1]["triggered"]["does"] == [{"create_token": {"card": "Eldrazi Scion Token"}}]
    (token,) = c.tokens
    assert (token["name"], token["type_line"], token["power_toughness"]) == \
        ("Eldrazi Scion Token", "Creature — Eldrazi Scion", "1/1")
    assert token["abilities"] == [{"line": 1, "activated": {"cost": [{"sacrifice": "self"}], "add_mana": "{C}"}}]
    assert c.fully_compiled


def test_a_database_cards_token_is_created_and_pays(tmp_path):
    # Blisterpod from a card database: it dies (an event), its trigger resolves (603.10a), the
    # Eldrazi Scion Token it makes is known by name (111.4), and its mana ability pays {1}.
    import json
    db = tmp_path / "pool.json"
    db.write_text(json.dumps({"meta": {}, "data": {"Blisterpod": [POD]}}))
    state = load_state({**BASE, "battlefield": [{"id": "pod", "card": "Blisterpod", "controller": "alice"}]},
                       cards=[db])
    got = Session(state).what_if(["move pod to graveyard", "resolve"])
    (result,) = got.results
    after = result.after(got.start)
    assert after["eldrazi_scion"] == {"zone": "battlefield", "controller": "alice", "new_object": True}
    assert Session(result.state).can_pay("alice", "{1}").payable
    assert not Session(result.state).can_pay("alice", "{G}").payable        # colorless only (106.1b)
