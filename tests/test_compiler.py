"""The oracle-text compiler (translator/compiler): each line into the vocabulary, or kept as
its words, never dropped. One test per template family, with real oracle lines from the card
pool (the card named), asserting the exact vocabulary entry; then, for each vocabulary kind the
mana templates brought, a query on a small state whose answer would differ if its rule were
wrong."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, PARTIAL, TEXT, compile_face
from mtg_asp.translator.state import load_state
from pool_lines import compiled


def line(name: str, type_line: str, text: str, n: int = 1):
    """(entry without `line`, status, unread) of line n."""
    c = compiled(name, type_line, text)
    entry = dict(c.card["abilities"][n - 1])
    del entry["line"]
    r = c.lines[n - 1]
    return entry, r.status, r.unread


def test_a_basic_lands_reminder_text_is_its_types_intrinsic_ability():
    c = compile_face({"name": "Forest", "type": "Basic Land — Forest", "text": "({T}: Add {G}.)"})
    assert c.card["abilities"] == [{"line": 1, "intrinsic": "forest"}]
    assert [r.status for r in c.lines] == [COMPILED]
    assert parse_card(c.card, "test").abilities[0].intrinsic == ("forest",)


def test_a_line_no_template_reads_is_kept_as_its_words():
    text = "Whenever a player plays a land, that player draws a card."
    c = compile_face({"name": "Odd Card", "type": "Enchantment", "text": text})
    assert c.card["abilities"] == [{"line": 1, "text": text}]
    assert c.lines[0].status == TEXT and not c.fully_compiled
    card = parse_card(c.card, "test")
    assert card.abilities[0].kind == "text" and card.abilities[0].effect_text == text


# -- template families ------------------------------------------------------------------------

def test_a_dual_lands_reminder_text_is_both_types_intrinsic_abilities():
    # Tropical Island, Indatha Triome (CR 305.6); a land with other types keeps it as text
    assert line("Tropical Island", "Land — Forest Island", "({T}: Add {G} or {U}.)") == \
        ({"intrinsic": ["forest", "island"]}, COMPILED, ())
    assert line("Indatha Triome", "Land — Plains Swamp Forest", "({T}: Add {W}, {B}, or {G}.)")[0] == \
        {"intrinsic": ["plains", "swamp", "forest"]}
    assert line("Odd Land", "Land — Forest", "({T}: Add {G} or {U}.)")[1] == TEXT
    # Bayou: the vocabulary's tuple of types (CR 305.6: a land with two basic land types has both)
    c = compile_face({"name": "Bayou", "type": "Land — Swamp Forest", "text": "({T}: Add {B} or {G}.)"})
    assert parse_card(c.card, "test").abilities[0].intrinsic == ("swamp", "forest")


@pytest.mark.parametrize("name, text, mana", [
    ("Llanowar Elves", "{T}: Add {G}.", "{G}"),
    ("Sol Ring", "{T}: Add {C}{C}.", "{C}{C}"),
    ("Karplusan Forest", "{T}: Add {R} or {G}.", {"one_of": ["{R}", "{G}"]}),
    ("Abzan Banner", "{T}: Add {W}, {B}, or {G}.", {"one_of": ["{W}", "{B}", "{G}"]}),
    ("Castle Garenbrig", "{T}: Add six {G}.", "{G}{G}{G}{G}{G}{G}"),
    ("Birds of Paradise", "{T}: Add one mana of any color.", {"any": "color"}),
    ("Coveted Jewel", "{T}: Add three mana of any one color.", {"any": "color", "amount": 3}),
    ("Cascading Cataracts", "{T}: Add five mana in any combination of colors.", {"combination": "colors", "amount": 5}),
    ("Firemind Vessel", "{T}: Add two mana of different colors.", {"different_colors": 2}),
    ("Exotic Orchard", "{T}: Add one mana of any color that a land an opponent controls could produce.",
     {"could_produce": ["land"], "whose": "opponent", "kind": "color"}),
    ("Star Compass", "{T}: Add one mana of any color that a basic land you control could produce.",
     {"could_produce": ["basic", "land"], "whose": "you", "kind": "color"}),
    ("Command Tower", "{T}: Add one mana of any color in your commander's color identity.",
     {"any": "commander_identity"}),
    ("Gaea's Cradle", "{T}: Add {G} for each creature you control.",
     {"for_each": {"filter": ["creature"], "whose": "you"}, "mana": "{G}"}),
    ("Cloudpost", "{T}: Add {C} for each Locus on the battlefield.",
     {"for_each": {"filter": ["locus"], "whose": "any"}, "mana": "{C}"}),
    ("Everflowing Chalice", "{T}: Add {C} for each charge counter on Everflowing Chalice.",
     {"mana": "{C}", "amount": {"counters": "charge"}}),
    ("Marwyn, the Nurturer", "{T}: Add an amount of {G} equal to Marwyn's power.", {"mana": "{G}", "amount": "power"}),
    ("Karametra's Acolyte", "{T}: Add an amount of {G} equal to your devotion to green.",
     {"mana": "{G}", "amount": {"devotion": "green"}}),
    ("Wirewood Channeler", "{T}: Add X mana of any one color, where X is the number of Elves on the battlefield.",
     {"any": "color", "amount": {"count": {"filter": ["elf"], "whose": "any"}}}),
    ("Astral Cornucopia", "{T}: Choose a color. Add one mana of that color for each charge counter on Astral Cornucopia.",
     {"any": "color", "amount": {"counters": "charge"}}),
    ("Bloom Tender", "{T}: For each color among permanents you control, add one mana of that color.",
     {"colors_among": {"filter": ["permanent"], "whose": "you"}}),
])
def test_the_mana_of_a_mana_ability(name, text, mana):
    entry, status, unread = line(name, "Artifact", text)
    assert entry == {"activated": {"cost": ["{T}"], "add_mana": mana}} and status == COMPILED and unread == ()


@pytest.mark.parametrize("name, text, cost", [
    ("Mana Confluence", "{T}, Pay 1 life: Add one mana of any color.", ["{T}", {"pay_life": 1}]),
    ("Aether Hub", "{T}, Pay {E}: Add one mana of any color.", ["{T}", {"pay_energy": 1}]),
    ("Black Lotus", "{T}, Sacrifice Black Lotus: Add three mana of any one color.", ["{T}", {"sacrifice": "self"}]),
    ("Lotus Petal", "{T}, Sacrifice this artifact: Add one mana of any color.", ["{T}", {"sacrifice": "self"}]),
    ("Ashnod's Altar", "Sacrifice a creature: Add {C}{C}.", [{"sacrifice": ["creature"]}]),
    ("Vivid Crag", "{T}, Remove a charge counter from Vivid Crag: Add one mana of any color.",
     ["{T}", {"remove_counters": {"counter": "charge", "count": 1}}]),
    ("Holdout Settlement", "{T}, Tap an untapped creature you control: Add one mana of any color.",
     ["{T}", {"tap_untapped": {"count": 1, "filter": ["creature"]}}]),
    ("Arcum's Astrolabe", "{1}, {T}: Add one mana of any color.", ["{1}", "{T}"]),
    ("Fire-Lit Thicket", "{R/G}, {T}: Add one mana of any color.", ["{R/G}", "{T}"]),
    ("Pili-Pala", "{2}, {Q}: Add one mana of any color.", ["{2}", "{Q}"]),
    ("Skirge Familiar", "Discard a card: Add one mana of any color.", [{"discard": 1}]),
    ("Lion's Eye Diamond", "Discard your hand, Sacrifice Lion's Eye Diamond: Add one mana of any color.",
     [{"discard": "hand"}, {"sacrifice": "self"}]),
    ("Deranged Assistant", "{T}, Mill a card: Add one mana of any color.", ["{T}", {"mill": 1}]),
    ("Mirrored Lotus", "{T}, Exile Mirrored Lotus: Add one mana of any color.", ["{T}", {"exile": "self"}]),
    ("Grinning Ignus", "{R}, Return Grinning Ignus to its owner's hand: Add one mana of any color.",
     ["{R}", {"return_to_hand": "self"}]),
])
def test_the_cost_of_a_mana_ability(name, text, cost):
    entry, status, _ = line(name, "Artifact", text)
    assert entry["activated"]["cost"] == cost and status == COMPILED


def test_heritage_druid_taps_elves_and_an_x_amount_counts_the_counters_the_cost_removes():
    assert line("Heritage Druid", "Creature — Elf Druid", "Tap three untapped Elves you control: Add {G}{G}{G}.")[0] == \
        {"activated": {"cost": [{"tap_untapped": {"count": 3, "filter": ["elf"]}}], "add_mana": "{G}{G}{G}"}}
    # Bottomless Vault: "any number" is X (CR 107.3)
    vault = "{T}, Remove any number of storage counters from Bottomless Vault: Add {B} for each storage counter removed this way."
    assert line("Bottomless Vault", "Land", vault)[0]["activated"] == {
        "cost": ["{T}", {"remove_counters": {"counter": "storage", "count": "X"}}], "add_mana": {"mana": "{B}", "amount": "X"}}
    battery = ("{T}, Remove any number of charge counters from Red Mana Battery: Add {R}, then add an additional {R} "
               "for each charge counter removed this way.")
    assert line("Red Mana Battery", "Artifact", battery)[0]["activated"]["add_mana"] == {"mana": "{R}", "amount": "X+1"}
    pools = "{1}, Remove X storage counters from Calciform Pools: Add X mana in any combination of {W} and/or {U}."
    assert line("Calciform Pools", "Land", pools)[0]["activated"]["add_mana"] == {"combination": ["W", "U"], "amount": "X"}


def test_a_loyalty_ability_that_adds_mana():
    # Chandra, Torch of Defiance (CR 606: not a mana ability, 605.1a; its mana on resolution)
    entry, status, _ = line("Chandra, Torch of Defiance", "Legendary Planeswalker — Chandra", "+1: Add {R}{R}.")
    assert entry == {"activated": {"cost": [{"loyalty": 1}], "add_mana": "{R}{R}"}} and status == COMPILED


def test_riders_and_activation_instructions():
    # Cavern of Souls (CR 106.6), Mishra's Workshop
    entry, status, _ = line("Mishra's Workshop", "Land",
                            "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.")
    assert entry == {"activated": {"cost": ["{T}"], "add_mana": {
        "mana": "{C}{C}{C}", "rider": "Spend this mana only to cast artifact spells."}}} and status == COMPILED
    # Tainted Field (602.5); Grinning Ignus (602.5d)
    assert line("Tainted Field", "Land", "{T}: Add {W} or {B}. Activate only if you control a Swamp.")[0] == \
        {"activated": {"cost": ["{T}"], "add_mana": {"one_of": ["{W}", "{B}"]}, "only_if_you_control": ["swamp"]}}
    assert line("Grinning Ignus", "Creature", "{R}, Return Grinning Ignus to its owner's hand: Add {C}{C}{R}. "
                "Activate only as a sorcery.")[0]["activated"]["timing"] == "sorcery"
    # Cinder Marsh: the effect of the same ability, until its controller's next untap step (611.2a)
    assert line("Cinder Marsh", "Land", "{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your next untap step.") == \
        ({"activated": {"cost": ["{T}"], "add_mana": {"one_of": ["{B}", "{R}"]}, "creates": {
            "restrict": {"what": ["untap"], "to": "self"}, "duration": "your_next_untap_step"}}}, COMPILED, ())


def test_an_ability_with_a_target_is_not_a_mana_ability():
    # Witch Engine: "Target opponent gains control of ~" (CR 605.1a): its targets are named, so
    # the rules never treat it as a mana ability (its effect is read now: tests/test_abil_tail.py)
    witch = card("Witch Engine", "Creature — Horror", "{T}: Add {B}{B}{B}{B}. Target opponent gains control of "
                 "Witch Engine.", "{5}{B}", "4/4")
    assert witch["abilities"][0]["activated"]["targets"] == ["target opponent"]
    text = session([witch], [perm("w", "Witch Engine")]).activations(player="alice").to_text()
    assert "alice can activate w line 1:" in text and "[mana ability]" not in text
    elves = card("Test Elves", "Creature — Elf", "{T}: Add {B}{B}{B}{B}.", "{G}", "1/1")
    assert "[mana ability]" in session([elves], [perm("t", "Test Elves")]).activations(player="alice").to_text()


def test_what_else_a_mana_ability_does_is_kept_as_words_and_the_line_is_partial():
    # Tomb of Urami (Grove of the Burnwillows's "Each opponent gains 1 life" is read now:
    # tests/test_effects_tail.py; Undiscovered Paradise's return in the untap step too: test_misc10.py;
    # Rainbow Vale's delayed gift of control: tests/test_abil_tail.py)
    back = "Tomb of Urami deals 1 damage to you if you don't control an Ogre."
    assert line("Tomb of Urami", "Legendary Land", "{T}: Add {B}. " + back) == \
        ({"activated": {"cost": ["{T}"], "add_mana": "{B}", "effect": back}}, PARTIAL, ("effect",))

def test_an_activation_limit_on_a_mana_ability_is_read():
    # Mana Bloom: "Activate only once each turn" (CR 602.5b) is an instruction, not an effect
    entry, status, _ = line("Mana Bloom", "Enchantment",
                            "Remove a charge counter from Mana Bloom: Add one mana of any color. Activate only once each turn.")
    assert entry["activated"]["per_turn"] == 1 and "effect" not in entry["activated"] and status == COMPILED


@pytest.mark.parametrize("name, text", [
    ("Coldsteel Heart", "{T}: Add one mana of the chosen color."),      # the chosen color: another template's
    ("Incubation Druid", ("{T}: Add one mana of any type that a land you control could produce. If Incubation Druid "
                         "has a +1/+1 counter on it, add three mana of that type instead.")),   # "that type": not read
    ("Test Prototype", "{T}, Tap an untapped artifact, creature, or land you control: Add {C}."),   # three kinds: not read
])
def test_a_mana_line_whose_mana_or_cost_is_not_all_read_stays_text(name, text):
    # a sentence that changes the mana, or a cost part not read, would make the read part wrong
    assert line(name, "Artifact", text) == ({"text": text}, TEXT, ())


def test_pre_2024_and_current_wording_compile_the_same():
    # CR 201.5: the card's name, "this land", and a legendary card's short name (201.4b)
    old = line("Havenwood Battleground", "Land", "{T}, Sacrifice Havenwood Battleground: Add {G}{G}.")
    new = line("Havenwood Battleground", "Land", "{T}, Sacrifice this land: Add {G}{G}.")
    assert old == new == ({"activated": {"cost": ["{T}", {"sacrifice": "self"}], "add_mana": "{G}{G}"}}, COMPILED, ())
    assert line("Urza, Lord High Artificer", "Legendary Creature", "{T}, Sacrifice Urza: Add {U}.")[0] == \
        line("Urza, Lord High Artificer", "Legendary Creature", "{T}, Sacrifice this creature: Add {U}.")[0]


def test_grants_of_mana_abilities():
    assert line("Chromatic Lantern", "Artifact", 'Lands you control have "{T}: Add one mana of any color."')[0] == \
        {"static": {"grant": {"to": {"filter": ["land"], "controller": "you"},
                              "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}}}}
    assert line("Gift of Paradise", "Enchantment — Aura", 'Enchanted land has "{T}: Add two mana of any one color."')[0] == \
        {"static": {"grant": {"to": "enchanted_land",
                              "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color", "amount": 2}}}}}}
    assert line("Gemhide Sliver", "Creature — Sliver", 'All Slivers have "{T}: Add one mana of any color."')[0][
        "static"]["grant"]["to"] == {"filter": ["sliver"]}
    # Divergent Growth: an effect of a spell, on the lands as it resolves (611.2c)
    entry, status, _ = line("Divergent Growth", "Instant", 'Until end of turn, lands you control gain "{T}: Add one mana of any color."')
    assert entry["spell"]["creates"] == {"grant": {"to": {"filter": ["land"], "controller": "you"}, "ability": {
        "activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}}, "duration": "end_of_turn"} and status == COMPILED


@pytest.mark.parametrize("name, text, trigger, mana", [
    ("Wild Growth", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
     {"tapped_for_mana": "enchanted"}, "{G}"),
    ("Fertile Ground", "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any color.",
     {"tapped_for_mana": "enchanted"}, {"any": "color"}),
    ("Heartbeat of Spring", "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
     {"tapped_for_mana": ["land"], "who": "any"}, {"produced_type": True}),
    ("Mirari's Wake", "Whenever you tap a land for mana, add one mana of any type that land produced.",
     {"tapped_for_mana": ["land"], "who": "you"}, {"produced_type": True}),
    ("Crypt Ghast", "Whenever you tap a Swamp for mana, add an additional {B}.",
     {"tapped_for_mana": ["swamp"], "who": "you"}, "{B}"),
    ("Gauntlet of Might", "Whenever a Mountain is tapped for mana, its controller adds an additional {R}.",
     {"tapped_for_mana": ["mountain"], "who": "any"}, "{R}"),
])
def test_triggered_mana_abilities(name, text, trigger, mana):
    assert line(name, "Enchantment", text) == ({"triggered": {"trigger": trigger, "add_mana": mana}}, COMPILED, ())


@pytest.mark.parametrize("name, text, replacement", [
    ("Mana Reflection", "If you tap a permanent for mana, it produces twice as much of that mana instead.",
     {"source": ["permanent"], "who": "you", "source_controller": "any", "produces": {"multiply": 2}}),
    ("Contamination", "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
     {"source": ["land"], "who": "any", "source_controller": "any", "produces": {"exactly": "B"}}),
    ("Damping Sphere", "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.",
     {"source": ["land"], "who": "any", "source_controller": "any", "min_amount": 2, "produces": {"exactly": "C"}}),
    ("Infernal Darkness", "If a land is tapped for mana, it produces {B} instead of any other type.",
     {"source": ["land"], "who": "any", "source_controller": "any", "produces": {"type": "B"}}),
])
def test_replacement_effects_on_mana(name, text, replacement):
    assert line(name, "Enchantment", text) == ({"static": {"replacement": replacement}}, COMPILED, ())


def test_an_effect_a_spell_or_ability_creates_that_replaces_mana():
    # Deep Water (an activated ability), Pale Moon (a spell): until end of turn (611.2a)
    text = "Until end of turn, if you tap a land you control for mana, it produces {U} instead of any other type."
    entry, status, _ = line("Deep Water", "Enchantment", "{U}: " + text)
    assert entry == {"activated": {"cost": ["{U}"], "effect": text, "creates": {"replacement": {
        "source": ["land"], "who": "you", "source_controller": "you", "produces": {"type": "U"}},
        "duration": "end_of_turn"}}} and status == COMPILED
    moon = "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of any other type."
    assert line("Pale Moon", "Instant", moon)[0]["spell"]["creates"]["replacement"] == {
        "source": ["nonbasic", "land"], "who": "any", "source_controller": "any", "produces": {"type": "C"}}


def test_spells_and_triggered_abilities_that_add_mana():
    assert line("Dark Ritual", "Instant", "Add {B}{B}{B}.") == ({"spell": {"add_mana": "{B}{B}{B}"}}, COMPILED, ())
    # Liturgy of Blood: what else it does is read as actions (701.8a), its target named (115.1)
    assert line("Liturgy of Blood", "Instant", "Destroy target creature. Add {B}{B}{B}.") == \
        ({"spell": {"add_mana": "{B}{B}{B}", "effect": "Destroy target creature.", "does": [{"destroy": {"what": "target"}}],
                    "targets": ["target creature"], "target": {"filter": ["creature"]}}}, COMPILED, ())
    assert line("Priest of Gix", "Creature", "When Priest of Gix enters the battlefield, add {B}{B}{B}.") == \
        ({"triggered": {"when": {"enters": "self"}, "add_mana": "{B}{B}{B}"}}, COMPILED, ())
    # an intervening "if" (603.4) the vocabulary has no word for: its mana only (Coal Stoker's "if you
    # cast it from your hand" is read now: tests/test_hist_tail.py)
    entry, status, unread = line("Test Stoker", "Creature",
                                 "When Test Stoker enters the battlefield, if it was kicked, add {R}{R}{R}.")
    assert entry["triggered"]["add_mana"] == "{R}{R}{R}" and "when" not in entry["triggered"]
    assert status == PARTIAL and unread == ("when",)


# -- the new vocabulary kinds, through the queries ----------------------------------------------

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def card(name, type_line, text, cost="", pt=None):
    face = {"name": name, "type": type_line, "text": text, "manaCost": cost}
    if pt:
        face["power"], face["toughness"] = pt.split("/")
    return compile_face(face).card


def session(cards, battlefield, **extra):
    return Session(load_state({**BASE, "cards": cards, "battlefield": battlefield, **extra}))


def perm(oid, name, **kw):
    return {"id": oid, "card": name, "controller": kw.pop("controller", "alice"), **kw}


def payable(s, cost, player="alice"):
    return s.can_pay(player, cost).to_json()["payable"]


def test_a_dual_lands_reminder_line_stands_for_both_intrinsic_abilities():
    island = card("Tropical Island", "Land — Forest Island", "({T}: Add {G} or {U}.)")
    s = session([island], [perm("t", "Tropical Island")])
    assert s.could_produce().to_json()["could_produce"]["t"] == ["U", "G"]
    # CR 305.6: the abilities come from the types: under Blood Moon (305.7) it taps for {R} only
    s = session([island], [perm("t", "Tropical Island"), perm("moon", "Blood Moon", controller="bob")])
    assert s.could_produce().to_json()["could_produce"]["t"] == ["R"]


def test_n_mana_of_any_one_color_is_n_of_one_color():
    lotus = card("Black Lotus", "Artifact", "{T}, Sacrifice Black Lotus: Add three mana of any one color.")
    s = session([lotus], [perm("l", "Black Lotus")])
    assert payable(s, "{G}{G}{G}") and not payable(s, "{G}{G}{U}") and not payable(s, "{G}{G}{G}{G}")


def test_x_counters_removed_and_x_plus_one():
    battery = card("Red Mana Battery", "Artifact",
                   "{2}, {T}: Put a charge counter on Red Mana Battery.\n{T}, Remove any number of charge counters from "
                   "Red Mana Battery: Add {R}, then add an additional {R} for each charge counter removed this way.")
    two = session([battery], [perm("b", "Red Mana Battery", counters={"charge": 2})])
    assert payable(two, "{R}{R}{R}") and not payable(two, "{R}{R}{R}{R}")
    # X may be 0: with no counters it still adds {R}
    none = session([battery], [perm("b", "Red Mana Battery")])
    assert payable(none, "{R}") and not payable(none, "{R}{R}")
    vault = card("Bottomless Vault", "Land", "{T}, Remove any number of storage counters from Bottomless Vault: "
                 "Add {B} for each storage counter removed this way.")
    s = session([vault], [perm("v", "Bottomless Vault", counters={"storage": 3})])
    assert payable(s, "{B}{B}{B}") and not payable(s, "{B}{B}{B}{B}")


def test_an_amount_that_counts_counters_power_devotion_or_permanents():
    chalice = card("Everflowing Chalice", "Artifact", "{T}: Add {C} for each charge counter on Everflowing Chalice.")
    s = session([chalice], [perm("c", "Everflowing Chalice", counters={"charge": 2})])
    assert payable(s, "{2}") and not payable(s, "{3}")
    # none: it adds no mana, so it could produce nothing (106.7)
    s = session([chalice], [perm("c", "Everflowing Chalice")])
    assert s.could_produce().to_json()["could_produce"]["c"] == []
    marwyn = card("Marwyn, the Nurturer", "Legendary Creature — Elf Druid", "{T}: Add an amount of {G} equal to "
                  "Marwyn's power.", "{2}{G}", "1/1")
    s = session([marwyn], [perm("m", "Marwyn, the Nurturer", counters={"+1/+1": 2})])
    assert payable(s, "{G}{G}{G}") and not payable(s, "{G}{G}{G}{G}")
    acolyte = card("Karametra's Acolyte", "Creature — Human Druid", "{T}: Add an amount of {G} equal to your devotion "
                   "to green.", "{3}{G}", "1/4")
    # devotion 2: the Acolyte's {G} and the Elves' {G}, not bob's Elves (CR 700.5)
    s = session([acolyte], [perm("a", "Karametra's Acolyte"), perm("e", "Llanowar Elves"),
                            perm("e2", "Llanowar Elves", controller="bob")])
    assert payable(s, "{G}{G}") and not payable(s, "{G}{G}{G}{G}")
    channeler = card("Wirewood Channeler", "Creature — Elf Druid", "{T}: Add X mana of any one color, where X is the "
                     "number of Elves on the battlefield.", "{3}{G}", "2/2")
    # every Elf on the battlefield counts, bob's too: 3 of one color
    s = session([channeler], [perm("w", "Wirewood Channeler"), perm("e2", "Llanowar Elves", controller="bob"),
                              perm("e3", "Llanowar Elves", controller="bob")])
    assert payable(s, "{U}{U}{U}") and not payable(s, "{U}{U}{U}{U}")


def test_commander_color_identity():
    tower = card("Command Tower", "Land", "{T}: Add one mana of any color in your commander's color identity.")
    s = session([tower], [perm("t", "Command Tower")], command={"alice": [{"id": "ram", "card": "Ramirez DePietro"}]},
                commanders={"alice": "ram"})
    assert s.could_produce().to_json()["could_produce"]["t"] == ["U", "B"]
    # CR 903.4f: with no commander it adds no mana
    s = session([tower], [perm("t", "Command Tower")])
    assert s.could_produce().to_json()["could_produce"]["t"] == []
    # CR 903.4: the mana symbols of the rules text count, and those of the mana cost even when a
    # characteristic-defining ability (devoid, 702.114a) makes the card colorless
    odd = card("Test Warden", "Legendary Creature — Eldrazi", "Devoid\n{T}: Add {G}.", "{1}{B}", "2/2")
    s = session([tower, odd], [perm("t", "Command Tower")], command={"alice": [{"id": "w", "card": "Test Warden"}]},
                commanders={"alice": "w"})
    assert s.could_produce().to_json()["could_produce"]["t"] == ["B", "G"]


def test_two_mana_of_different_colors():
    vessel = card("Firemind Vessel", "Artifact", "{T}: Add two mana of different colors.")
    s = session([vessel], [perm("v", "Firemind Vessel")])
    assert payable(s, "{W}{U}") and not payable(s, "{W}{W}")


def test_triggered_mana_of_any_color_or_a_combination_adds_to_what_the_land_made():
    ground = card("Fertile Ground", "Enchantment — Aura", "Enchant land\nWhenever enchanted land is tapped for mana, its "
                  "controller adds an additional one mana of any color.")
    s = session([ground], [perm("f", "Forest"), perm("g", "Fertile Ground", attached_to="f")])
    assert payable(s, "{G}{U}") and not payable(s, "{U}{U}")
    dawn = card("Dawn's Reflection", "Enchantment — Aura", "Enchant land\nWhenever enchanted land is tapped for mana, "
                "its controller adds an additional two mana in any combination of colors.")
    s = session([dawn], [perm("f", "Forest"), perm("d", "Dawn's Reflection", attached_to="f")])
    assert payable(s, "{G}{U}{U}") and not payable(s, "{U}{U}{U}")


def test_a_mana_ability_granted_to_the_enchanted_land():
    gift = card("Gift of Paradise", "Enchantment — Aura", 'Enchant land\nEnchanted land has "{T}: Add two mana of any '
                'one color."')
    s = session([gift], [perm("f", "Forest"), perm("w", "Wastes"), perm("g", "Gift of Paradise", attached_to="f")])
    assert s.could_produce().to_json()["could_produce"] == {"f": ["W", "U", "B", "R", "G"], "w": ["C"], "g": []}


def test_costs_that_discard_mill_or_move_the_source():
    skirge = card("Skirge Familiar", "Creature — Imp", "Discard a card: Add {B}.", "{4}{B}", "3/2")
    assert not payable(session([skirge], [perm("s", "Skirge Familiar")]), "{B}")       # no card to discard (118.3)
    s = session([skirge], [perm("s", "Skirge Familiar")], hand={"alice": ["Forest"]})
    assert payable(s, "{B}")
    got = s.what_if(["activate s 1"])
    assert [c.change.to_json() for c in got.results[0].changes] == [
        {"change": "moves", "object": "forest", "from": "hand", "to": "graveyard"},
        {"change": "pool", "player": "alice", "counter": "B", "amount": 1}]
    assistant = card("Deranged Assistant", "Creature — Human Wizard", "{T}, Mill a card: Add {C}.", "{1}{U}", "1/1")
    assert not payable(session([assistant], [perm("d", "Deranged Assistant")]), "{1}")   # an empty library
    assert payable(session([assistant], [perm("d", "Deranged Assistant")], library={"alice": ["Island"]}), "{1}")
    lotus = card("Mirrored Lotus", "Artifact", "{T}, Exile Mirrored Lotus: Add three mana of any one color.")
    got = session([lotus], [perm("l", "Mirrored Lotus")]).what_if(["activate l 1"])
    assert {c.change.to_json()["to"] for r in got.results for c in r.changes if c.change.to_json()["change"] == "moves"} \
        == {"exile"}


def test_mana_added_by_a_spell_or_an_ability_on_the_stack():
    ritual = card("Dark Ritual", "Instant", "Add {B}{B}{B}.", "{B}")
    s = session([ritual], [], hand={"alice": [{"id": "r", "card": "Dark Ritual"}]}, mana_pool={"alice": "{B}"})
    got = s.what_if(["cast r", "resolve"])
    pools = [c.change.to_json() for c in got.results[0].changes if c.change.to_json()["change"] == "pool"]
    assert pools == [{"change": "pool", "player": "alice", "counter": "B", "amount": 0},
                     {"change": "pool", "player": "alice", "counter": "B", "amount": 3}]
    # CR 603.3, 106.4: an enters ability that adds mana, on the stack, then resolved
    gix = card("Priest of Gix", "Creature — Human Cleric Minion", "When Priest of Gix enters the battlefield, add "
               "{B}{B}{B}.", "{2}{B}", "2/1")
    s = session([gix], [], hand={"alice": [{"id": "g", "card": "Priest of Gix"}]}, mana_pool={"alice": "{B}{B}{B}"})
    pools = [c.change.to_json() for c in s.what_if(["cast g", "resolve", "resolve"]).results[0].changes
             if c.change.to_json()["change"] == "pool"]
    assert pools[-1] == {"change": "pool", "player": "alice", "counter": "B", "amount": 3}


def test_a_mana_ability_whose_further_effect_is_words_is_left_out_and_named():
    tomb = card("Tomb of Urami", "Legendary Land", "{T}: Add {B}. Tomb of Urami deals 1 damage to you if you don't "
                "control an Ogre.")
    got = session([tomb], [perm("g", "Tomb of Urami")]).can_pay("alice", "{B}").to_json()
    assert not got["payable"] and got["left_out"][0]["object"] == "g"


def test_doesnt_untap_during_your_next_untap_step():
    marsh = card("Cinder Marsh", "Land", "{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your "
                 "next untap step.")
    s = session([marsh], [perm("m", "Cinder Marsh")])
    got = s.what_if(["activate m 2"])
    assert all(e.card == "Cinder Marsh" and e.source == "m" for r in got.results for e in r.state.effects)
    # CR 502.3: its controller's next untap step leaves it tapped, and the effect ends
    later = load_state({"players": ["alice", "bob"], "turn": {"number": 6, "active": "bob", "step": "cleanup"},
                        "cards": [marsh], "battlefield": [perm("m", "Cinder Marsh", tapped=True),
                                                          perm("f", "Forest", tapped=True)],
                        "effects": [{"card": "Cinder Marsh", "controller": "alice", "source": "m"}]})
    r = Session(later).what_if(["next step"]).results[0]
    assert {p.id: p.tapped for p in r.state.battlefield} == {"m": True, "f": False} and r.state.effects == ()


def test_tapping_untapped_creatures_as_a_cost():
    druid = card("Heritage Druid", "Creature — Elf Druid", "Tap three untapped Elves you control: Add {G}{G}{G}.",
                 "{G}", "1/1")
    sick = [perm(f"e{i}", "Llanowar Elves", since_turn=5) for i in range(3)]
    # CR 302.6 is about {T}: summoning-sick Elves can be tapped for the Druid's cost (and the
    # Druid itself, which has no {T} in that cost)
    s = session([druid], [perm("d", "Heritage Druid")] + sick[:2])
    assert payable(s, "{G}{G}{G}") and s.available_mana("alice").to_json()["pools"][0]["total"] == 3
    assert not payable(session([druid], [perm("d", "Heritage Druid")] + sick[:1]), "{G}")
    # CR 107.5: an Elf tapped for the cost does not also tap for its own mana: three Elves that
    # can tap and the Druid make four, not six
    s = session([druid], [perm("d", "Heritage Druid")] + [perm(f"e{i}", "Llanowar Elves") for i in range(3)])
    assert payable(s, "{G}{G}{G}{G}") and not payable(s, "{G}{G}{G}{G}{G}")
    assert [p["total"] for p in s.available_mana("alice").to_json()["pools"]] == [4]


def test_a_mana_abilitys_further_effect_read_into_actions_is_carried_out_as_it_resolves():
    # Talisman of Creativity: "~ deals 1 damage to you" (605.3a: at once, with its mana; 120.3a)
    text = "{T}: Add {U} or {R}. Talisman of Creativity deals 1 damage to you."
    entry, status, _ = line("Talisman of Creativity", "Artifact", text)
    assert entry["activated"]["does"] == [{"damage": {"to": "you", "amount": 1}}] and status == COMPILED
    talisman = card("Talisman of Creativity", "Artifact", text, "{2}")
    got = session([talisman], [perm("t", "Talisman of Creativity")]).what_if(["activate t 1"])
    assert len(got.results) == 2
    for r in got.results:
        changes = [c.change.to_json() for c in r.changes]
        assert {"change": "life", "player": "alice", "amount": 19} in changes
        assert any(c["change"] == "pool" and c["amount"] == 1 for c in changes)


def test_an_additional_cost_to_cast_a_spell_is_read_as_one_with_its_cost_kept_as_words():
    # the line is an additional cost (601.2f), its cost kept as words (one that sacrifices is read:
    # tests/test_static_tail.py, Culling the Weak)
    text = "As an additional cost to cast this spell, discard a card.\nAdd {B}{B}{B}{B}."
    assert line("Odd Ritual", "Instant", text) == ({"additional_cost": "discard a card"}, PARTIAL, ("cost",))


def _cast(name: str, type_line: str, text: str):
    card = compiled(name, type_line, text).card
    state = load_state({"players": ["alice", "bob"],
                        "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
                        "mana_pool": {"alice": "{B}"}, "hand": {"alice": [{"id": "x", "card": name}]},
                        "cards": [{**card, "mana_cost": "{B}"}]})
    return Session(state).what_if(["cast x"]).to_json()["outcomes"][0]


def test_casting_a_card_with_an_additional_cost_kept_as_words_is_refused():
    # A creature card with an additional cost kept as words: the what-if refuses rather than cast
    # it for {B} alone (601.2f); without the line it is cast.
    cost = "As an additional cost to cast this spell, discard a card."
    assert _cast("Test Horror", "Creature — Horror", cost)["illegal"]["rules"] == ["601.2f"]
    assert "illegal" not in _cast("Test Horror", "Creature — Horror", "Flying")
    # Bone Splinters' cost is read ("sacrifice a creature"): with no creature to sacrifice it
    # cannot be paid (118.3)
    sacrifice = "As an additional cost to cast this spell, sacrifice a creature."
    assert "118.3" in _cast("Test Horror", "Creature — Horror", sacrifice)["illegal"]["rules"]
