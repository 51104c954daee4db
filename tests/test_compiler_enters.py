"""The compiler's templates for entering (translator/compiler/enters.py): real oracle lines from
the card pool (MTGJSON AtomicCards 2024-03, "enters the battlefield" and the card's name) and
their current wording ("enters", "this land"), each into its exact vocabulary entry, which the
card loader accepts."""

from __future__ import annotations

import pytest
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, TEXT, compile_face
from mtg_asp.translator.errors import InputError


def compiled(name: str, text: str, type_line: str = "Land"):
    """The one line's entry (without `line`), its status and template; the card must load."""
    face = {"name": name, "type": type_line, "text": text, "manaCost": ""}
    if "Creature" in type_line:
        face.update(power="2", toughness="2")
    c = compile_face(face)
    parse_card(c.card, "test")
    entry = dict(c.card["abilities"][-1])
    entry.pop("line")
    return entry, c.lines[-1].status, c.lines[-1].template


CASES = [
    # (card, pool line, current wording, entry)
    ("Abandoned Outpost", "Abandoned Outpost enters the battlefield tapped.",
     "This land enters tapped.", {"enters": {"tapped": True}}),
    ("Sunpetal Grove", "Sunpetal Grove enters the battlefield tapped unless you control a Forest or a Plains.",
     "This land enters tapped unless you control a Forest or a Plains.",
     {"enters": {"tapped": True, "unless": {"you_control": {"any_of": [["forest"], ["plains"]]}}}}),
    ("Glacial Fortress", "Glacial Fortress enters the battlefield tapped unless you control a Plains or an Island.",
     "This land enters tapped unless you control a Plains or an Island.",
     {"enters": {"tapped": True, "unless": {"you_control": {"any_of": [["plains"], ["island"]]}}}}),
    ("Castle Vantress", "Castle Vantress enters the battlefield tapped unless you control an Island.",
     "This land enters tapped unless you control an Island.",
     {"enters": {"tapped": True, "unless": {"you_control": {"filter": ["island"]}}}}),
    ("Blackcleave Cliffs",
     "Blackcleave Cliffs enters the battlefield tapped unless you control two or fewer other lands.",
     "This land enters tapped unless you control two or fewer other lands.",
     {"enters": {"tapped": True, "unless": {"you_control": {"filter": ["land"], "other": True, "at_most": 2}}}}),
    ("Deathcap Glade",
     "Deathcap Glade enters the battlefield tapped unless you control two or more other lands.",
     "This land enters tapped unless you control two or more other lands.",
     {"enters": {"tapped": True, "unless": {"you_control": {"filter": ["land"], "other": True, "at_least": 2}}}}),
    ("Canopy Vista", "Canopy Vista enters the battlefield tapped unless you control two or more basic lands.",
     "This land enters tapped unless you control two or more basic lands.",
     {"enters": {"tapped": True, "unless": {"you_control": {"filter": ["basic", "land"], "at_least": 2}}}}),
    ("Mystic Sanctuary",
     "Mystic Sanctuary enters the battlefield tapped unless you control three or more other Islands.",
     "This land enters tapped unless you control three or more other Islands.",
     {"enters": {"tapped": True, "unless": {"you_control": {"filter": ["island"], "other": True, "at_least": 3}}}}),
    ("Bountiful Promenade",
     "Bountiful Promenade enters the battlefield tapped unless you have two or more opponents.",
     "This land enters tapped unless you have two or more opponents.",
     {"enters": {"tapped": True, "unless": {"opponents": {"at_least": 2}}}}),
    ("Cave of the Frost Dragon",
     "If you control two or more other lands, Cave of the Frost Dragon enters the battlefield tapped.",
     "If you control two or more other lands, this land enters tapped.",
     {"enters": {"tapped": True, "if": {"you_control": {"filter": ["land"], "other": True, "at_least": 2}}}}),
    ("Blood Crypt",
     "As Blood Crypt enters the battlefield, you may pay 2 life. If you don't, it enters the battlefield tapped.",
     "As this land enters, you may pay 2 life. If you don't, it enters tapped.",
     {"enters": {"tapped": True, "unless": {"pay_life": 2}}}),
    ("Agadeem, the Undercrypt",
     ("As Agadeem, the Undercrypt enters the battlefield, you may pay 3 life. If you don't, it enters the "
     "battlefield tapped."),
     "As this land enters, you may pay 3 life. If you don't, it enters tapped.",
     {"enters": {"tapped": True, "unless": {"pay_life": 3}}}),
    ("Fortified Village",
     ("As Fortified Village enters the battlefield, you may reveal a Forest or Plains card from your hand. If you "
     "don't, Fortified Village enters the battlefield tapped."),
     ("As this land enters, you may reveal a Forest or Plains card from your hand. If you don't, this land "
     "enters tapped."),
     {"enters": {"tapped": True, "unless": {"reveal": {"any_of": [["forest"], ["plains"]]}}}}),
    ("Flamekin Village",
     ("As Flamekin Village enters the battlefield, you may reveal an Elemental card from your hand. If you "
     "don't, Flamekin Village enters the battlefield tapped."),
     ("As this land enters, you may reveal an Elemental card from your hand. If you don't, this land enters "
     "tapped."),
     {"enters": {"tapped": True, "unless": {"reveal": {"filter": ["elemental"]}}}}),
    ("Hickory Woodlot", "Hickory Woodlot enters the battlefield tapped with two depletion counters on it.",
     "This land enters tapped with two depletion counters on it.",
     {"enters": {"tapped": True, "counters": {"depletion": 2}}}),
    ("Vivid Crag", "Vivid Crag enters the battlefield tapped with two charge counters on it.",
     "This land enters tapped with two charge counters on it.",
     {"enters": {"tapped": True, "counters": {"charge": 2}}}),
]


@pytest.mark.parametrize("name,pool,current,entry", CASES, ids=[c[0] for c in CASES])
def test_enters_tapped_lines_in_both_wordings(name, pool, current, entry):
    for text in (pool, current):
        got, status, _ = compiled(name, text)
        assert got == entry, text
        assert status == COMPILED


@pytest.mark.parametrize("name,type_line,text,entry", [
    ("Astral Cornucopia", "Artifact", "Astral Cornucopia enters the battlefield with X charge counters on it.",
     {"enters": {"counters": {"charge": "X"}}}),
    ("Dapper Shieldmate", "Creature — Human Warrior", "This creature enters with a shield counter on it.",
     {"enters": {"counters": {"shield": 1}}}),
    ("Anthroplasm", "Creature — Shapeshifter", "Anthroplasm enters the battlefield with two +1/+1 counters on it.",
     {"enters": {"counters": {"+1/+1": 2}}}),
    ("Sphere of the Suns", "Artifact",
     "Sphere of the Suns enters the battlefield tapped and with three charge counters on it.",
     {"enters": {"tapped": True, "counters": {"charge": 3}}}),
])
def test_enters_with_counters(name, type_line, text, entry):
    got, status, _ = compiled(name, text, type_line)
    assert (got, status) == (entry, COMPILED)


def test_choices_as_it_enters_and_the_mana_that_reads_them():
    # Thriving Bluff (pool wording): a color other than red, and "{R} or one mana of the chosen color"
    c = compile_face({"name": "Thriving Bluff", "type": "Land", "manaCost": "", "text":
                      "Thriving Bluff enters the battlefield tapped.\n"
                      "As Thriving Bluff enters the battlefield, choose a color other than red.\n"
                      "{T}: Add {R} or one mana of the chosen color."})
    assert c.card["abilities"] == [
        {"line": 1, "enters": {"tapped": True}},
        {"line": 2, "enters": {"choose": "color", "other_than": "red"}},
        {"line": 3, "activated": {"cost": ["{T}"], "add_mana": {"chosen": "color", "or": "{R}"}}}]
    assert c.fully_compiled
    card = parse_card(c.card, "test")
    assert card.abilities[1].enters_choice.other_than == ("red",)
    # Coldsteel Heart (current wording)
    c = compile_face({"name": "Coldsteel Heart", "type": "Snow Artifact", "manaCost": "{2}", "text":
                      "This artifact enters tapped.\nAs this artifact enters, choose a color.\n"
                      "{T}: Add one mana of the chosen color."})
    assert c.card["abilities"][1:] == [
        {"line": 2, "enters": {"choose": "color"}},
        {"line": 3, "activated": {"cost": ["{T}"], "add_mana": {"chosen": "color"}}}]
    # Cavern of Souls: a creature type (its mana's rider is not this template's)
    got, status, _ = compiled("Cavern of Souls", "As Cavern of Souls enters the battlefield, choose a creature type.")
    assert (got, status) == ({"enters": {"choose": "creature_type"}}, COMPILED)


def test_lines_these_templates_do_not_read_stay_text():
    for name, text in [
        # (Temple of the Dragon Queen's reveal or control: compiler/misc10_tail.py, tests/test_misc10.py)
        ("Black Vise", "As Black Vise enters the battlefield, choose an opponent."),
    ]:
        _, status, _ = compiled(name, text)
        assert status == TEXT, text


def test_the_mana_of_the_chosen_color_needs_a_choice_on_the_same_card():
    card = {"name": "Odd Heart", "mana_cost": "{2}", "type_line": "Artifact",
            "oracle_text": "{T}: Add one mana of the chosen color.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": {"chosen": "color"}}}]}
    with pytest.raises(InputError, match=r"abilities: line 1 adds mana of the chosen color.*choose: color"):
        parse_card(card, "odd.yaml")


@pytest.mark.parametrize("enters,message", [
    ({"unless": {"pay_life": 2}}, r"enters\.unless: a condition goes with tapped: true"),
    ({"tapped": True, "unless": {"you_control": {"filter": ["forest"], "any_of": [["a"], ["b"]]}}},
     r"give filter .* or any_of"),
    ({"tapped": True, "unless": {"flying": 1}}, r"unless\.flying: unknown field"),
    ({"choose": "colour"}, r"enters\.choose: must be one of color, creature_type"),
    ({"choose": "color", "other_than": "pink"}, r"enters\.other_than: 'pink' is not a color"),
    ({"tapped": True, "unless": {"pay_life": 2}, "if": {"opponents": {"at_least": 2}}}, r"enters\.if: give unless or if"),
])
def test_bad_enters_entries_name_the_field(enters, message):
    card = {"name": "Odd Land", "mana_cost": "", "type_line": "Land", "oracle_text": "Words.",
            "abilities": [{"line": 1, "enters": enters}]}
    with pytest.raises(InputError, match=message):
        parse_card(card, "odd.yaml")


# -- land types (translator/compiler/statics.py; CR 305.6, 305.7, 613.1d) ----------------------

def bundled_entry(name: str, line: int = 1) -> dict:
    """The entry a bundled card file holds for the line (the compiler must say the same)."""
    from importlib import resources

    import yaml
    files = {p.name: p for p in resources.files("mtg_asp.cards").iterdir()}
    stem = name.lower().replace(",", "").replace("'", "_").replace(" ", "_")
    data = yaml.safe_load(files[next(f for f in files if f.startswith(stem))].read_text())
    entry = dict(next(a for a in data["abilities"] if a["line"] == line))
    entry.pop("line")
    return entry


@pytest.mark.parametrize("name,type_line,pool,current", [
    ("Urborg, Tomb of Yawgmoth", "Legendary Land", "Each land is a Swamp in addition to its other land types.", None),
    ("Blood Moon", "Enchantment", "Nonbasic lands are Mountains.", None),
    ("Prismatic Omen", "Enchantment",
     "Lands you control are every basic land type in addition to their other types.", None),
    ("Celestial Dawn", "Enchantment", "Lands you control are Plains.", None),
])
def test_land_type_lines_compile_to_what_the_bundled_cards_say(name, type_line, pool, current):
    got, status, template = compiled(name, pool, type_line)
    assert status == COMPILED and template == "land types of a group"
    assert got == bundled_entry(name)


def test_other_land_type_lines():
    got, status, _ = compiled("Khod, Etlan Shiis Envoy", "All lands are Islands in addition to their other types.",
                              "Legendary Creature — Human Pilot")
    assert (got, status) == ({"static": {"land_types": {"add": ["island"], "filter": ["land"]}}}, COMPILED)
    got, _, _ = compiled("Yavimaya, Cradle of Growth", "Each land is a Forest in addition to its other land types.",
                         "Legendary Land")
    assert got == {"static": {"land_types": {"add": ["forest"], "filter": ["land"]}}}
    # no card of the 2024-03 pool says it of itself; current wording
    got, _, template = compiled("Test Nexus", "This land is every basic land type.")
    assert got == {"static": {"land_types": {"add": ["plains", "island", "swamp", "mountain", "forest"],
                                             "filter": "self"}}}
    assert template == "land types of itself"
    # a group named by a land type would apply through types other effects gave: not read
    assert compiled("Conversion", "All Mountains are Plains.", "Enchantment")[1] == TEXT


def test_self_is_only_for_added_land_types():
    card = {"name": "Odd Land", "mana_cost": "", "type_line": "Land", "oracle_text": "Words.",
            "abilities": [{"line": 1, "static": {"land_types": {"set": ["island"], "filter": "self"}}}]}
    with pytest.raises(InputError, match=r"land_types\.filter: self goes with land_types add"):
        parse_card(card, "odd.yaml")


# -- untap restrictions (translator/compiler/statics.py; CR 502.3) -----------------------------

@pytest.mark.parametrize("name,pool,current,entry", [
    ("Altar Golem", "Altar Golem doesn't untap during your untap step.",
     "This creature doesn't untap during your untap step.",
     {"static": {"restrict": {"what": ["untap"], "to": "self"}}}),
    ("Land Cap", "Land Cap doesn't untap during your untap step if it has a depletion counter on it.",
     "This land doesn't untap during your untap step if it has a depletion counter on it.",
     {"static": {"restrict": {"what": ["untap"], "to": "self", "if": {"counters": {"kind": "depletion"}}}}}),
    ("Amber Prison", "You may choose not to untap Amber Prison during your untap step.",
     "You may choose not to untap this artifact during your untap step.",
     {"static": {"restrict": {"what": ["untap_optional"], "to": "self"}}}),
    ("Apathy", "Enchanted creature doesn't untap during its controller's untap step.", None,
     {"static": {"restrict": {"what": ["untap"], "to": "enchanted_creature"}}}),
    ("Cement Shoes", "Equipped creature doesn't untap during its controller's untap step.", None,
     {"static": {"restrict": {"what": ["untap"], "to": "equipped_creature"}}}),
    ("Choke", "Islands don't untap during their controllers' untap steps.", None,
     {"static": {"restrict": {"what": ["untap"], "to": {"filter": ["island"]}}}}),
    ("Back to Basics", "Nonbasic lands don't untap during their controllers' untap steps.", None,
     {"static": {"restrict": {"what": ["untap"], "to": {"filter": ["nonbasic", "land"]}}}}),
    ("Magnetic Mountain", "Blue creatures don't untap during their controllers' untap steps.", None,
     {"static": {"restrict": {"what": ["untap"], "to": {"filter": ["blue", "creature"]}}}}),
])
def test_untap_restrictions(name, pool, current, entry):
    for text in filter(None, (pool, current)):
        got, status, _ = compiled(name, text, "Artifact")
        assert (got, status) == (entry, COMPILED), text


def test_untap_lines_these_templates_do_not_read_stay_text():
    for text in ["Creatures with flying don't untap during their controllers' untap steps.",   # Blizzard
                 "Tap target creature. It doesn't untap during its controller's next untap step."]:  # Chill of the Grave
        assert compiled("Odd Card", text, "Enchantment")[1] == TEXT


def test_a_restrictions_condition_is_counters_only():
    card = {"name": "Odd Land", "mana_cost": "", "type_line": "Land", "oracle_text": "Words.",
            "abilities": [{"line": 1, "static": {"restrict": {"what": ["untap"], "to": "self",
                                                              "if": {"pay_life": 2}}}}]}
    with pytest.raises(InputError, match=r"restrict\.if: a restriction's condition is counters"):
        parse_card(card, "odd.yaml")


@pytest.mark.parametrize("name,pool,current,entry", [
    ("Land Cap", "At the beginning of your upkeep, remove a depletion counter from Land Cap.",
     "At the beginning of your upkeep, remove a depletion counter from this land.",
     {"triggered": {"when": {"beginning_of_upkeep": "your_turn"},
                    "does": [{"remove_counters": {"what": "self", "kind": "depletion"}}]}}),
    ("Bottomless Vault", "At the beginning of your upkeep, if Bottomless Vault is tapped, put a storage counter on it.",
     "At the beginning of your upkeep, if this land is tapped, put a storage counter on it.",
     {"triggered": {"when": {"beginning_of_upkeep": "your_turn"}, "condition": "self_tapped",
                    "does": [{"counters": {"what": "self", "kind": "storage"}}]}}),
])
def test_upkeep_counter_triggers(name, pool, current, entry):
    for text in (pool, current):
        got, status, _ = compiled(name, text)
        effect = got["triggered"].pop("effect")
        assert (got, status, effect) == (entry, COMPILED, text)
