"""Lines of non-Land cards that add mana (issue 13's tail; translator/compiler/manaln_tail.py):
real pool lines (AtomicCards 2024-03 wording, the card named) read into the vocabulary, and what
the what-if and the mana planners make of them."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled

RELIC = ("Coalition Relic", "Artifact", (
    "{T}: Add one mana of any color.\n{T}: Put a charge counter on Coalition Relic.\n"
    "At the beginning of your precombat main phase, remove all charge counters from Coalition Relic. Add one mana of "
    "any color for each charge counter removed this way."))
BOTTLE = ("Ventifact Bottle", "Artifact", (
    "{X}{1}, {T}: Put X charge counters on Ventifact Bottle. Activate only as a sorcery.\n"
    "At the beginning of your precombat main phase, if Ventifact Bottle has a charge counter on it, tap it and remove "
    "all charge counters from it. Add {C} for each charge counter removed this way."))
PLOW = ("Colossal Plow", "Artifact — Vehicle", (
    "Whenever Colossal Plow attacks, add {W}{W}{W} and you gain 3 life. Until end of turn, you don't lose this mana as "
    "steps and phases end.\nCrew 6 (Tap any number of creatures you control with total power 6 or more: This Vehicle "
    "becomes an artifact creature until end of turn.)"))
WORKER = ("Metalworker", "Artifact Creature — Construct",
          "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed this way.")
RING = ("Test Ring", "Artifact", "{T}: Add {C}{C}.")
BEAR = ("Test Bear", "Creature — Bear", "")


def _with_cost(spec, cost: str) -> dict:
    """The compiled card of spec with a mana cost (pool_lines compiles none)."""
    c = compiled(*spec).card
    c["mana_cost"] = cost
    return c


def _line(spec, n: int) -> dict:
    c = compiled(*spec)
    assert c.lines[n - 1].status == "compiled", c.lines[n - 1]
    return c.card["abilities"][n - 1]


def test_coalition_relic_removes_all_its_counters_then_adds_for_each():
    c = compiled(*RELIC)
    assert c.fully_compiled
    t = c.card["abilities"][2]["triggered"]
    assert t["when"] == {"beginning_of_precombat_main": "your_turn"}
    assert t["does"] == [{"remove_counters": {"what": "self", "kind": "charge", "count": "all"}}]
    assert t["add_mana"] == {"combination": "colors", "amount": {"counters": "charge"}}


def test_ventifact_bottle_has_an_intervening_if_and_taps_itself():
    t = _line(BOTTLE, 2)["triggered"]
    assert t["condition"] == {"counters": {"kind": "charge", "at_least": 1}}
    assert t["does"] == [{"tap": {"what": "self"}},
                         {"remove_counters": {"what": "self", "kind": "charge", "count": "all"}}]
    assert t["add_mana"] == {"mana": "{C}", "amount": {"counters": "charge"}}


def test_counters_of_another_kind_are_not_read():
    line = ("At the beginning of your precombat main phase, remove all charge counters from Test Relic. Add {C} for "
            "each fuse counter removed this way.")
    assert not compiled("Test Relic", "Artifact", line).fully_compiled


def test_colossal_plow_adds_its_mana_and_gains_life():
    t = _line(PLOW, 1)["triggered"]
    assert t["when"] == {"attacks": "self"}
    assert t["add_mana"] == {"mana": "{W}{W}{W}", "rider": "Until end of turn, you don't lose this mana as steps "
                                                            "and phases end."}
    assert t["does"] == [{"gain_life": {"amount": 3}}]


def test_metalworker_counts_the_cards_it_reveals():
    a = _line(WORKER, 1)["activated"]
    assert a == {"cost": ["{T}"], "add_mana": {"for_each": {"zone": "hand", "filter": ["artifact"], "revealed": True},
                                               "mana": "{C}{C}"}}


def test_revealed_goes_with_the_hand_and_a_filter():
    card = compiled(*WORKER).card
    card["abilities"][0]["activated"]["add_mana"]["for_each"]["zone"] = "graveyard"
    with pytest.raises(InputError, match="revealed"):
        parse_card(card, "t")


def _state(specs, battlefield, **extra):
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "draw"},
                       "cards": [compiled(*s).card for s in specs], "battlefield": battlefield, **extra}, "t.yaml")


def test_remove_all_removes_every_counter_of_the_kind():
    state = _state([BOTTLE], [{"id": "b", "card": "Ventifact Bottle", "controller": "alice",
                               "counters": {"charge": 2, "fuse": 1}}])
    got = Session(state).what_if(["next step", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    assert dict(r.state.mana_pool)["alice"] == (("C", 2),)
    (b,) = r.state.battlefield
    assert b.tapped and dict(b.counters) == {"fuse": 1}


def test_metalworker_reveals_none_to_all_of_its_artifact_cards():
    state = _state([WORKER, RING, BEAR], [{"id": "w", "card": "Metalworker", "controller": "alice"}],
                   hand={"alice": [{"id": "r1", "card": "Test Ring"}, {"id": "b1", "card": "Test Bear"}]})
    s = Session(state)
    assert s.could_produce().types == {"w": ("C",)}
    assert s.can_pay("alice", "{2}").payable
    assert not s.can_pay("alice", "{3}").payable
    got = s.what_if(["activate w 1"])
    assert sorted(dict(r.state.mana_pool).get("alice", ()) for r in got.results) == [(), (("C", 2),)]


ADNATE = ("Soldevi Adnate", "Creature — Human Cleric", (
    "{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed creature's mana value."))
SNARE = ("Moonsnare Prototype", "Artifact", (
    "{T}, Tap an untapped artifact or creature you control: Add {C}.\nChannel — {4}{U}, Discard Moonsnare "
    "Prototype: The owner of target nonland permanent puts it on the top or bottom of their library."))


def test_soldevi_adnate_sacrifices_either_kind_for_its_mana_value():
    a = _line(ADNATE, 1)["activated"]
    assert a["cost"] == ["{T}", {"sacrifice": {"any_of": [["black", "creature"], ["artifact", "creature"]]}}]
    assert a["add_mana"] == {"mana": "{B}", "amount": "sacrificed_mana_value"}


def test_moonsnare_taps_an_artifact_or_a_creature():
    a = _line(SNARE, 1)["activated"]
    assert a == {"cost": ["{T}", {"tap_untapped": {"count": 1, "any_of": [["artifact"], ["creature"]]}}],
                 "add_mana": "{C}"}


def test_either_of_more_than_two_kinds_is_not_read():
    assert not compiled("Test Sac", "Artifact", "{T}, Sacrifice an artifact, creature, or land: Add {C}.").fully_compiled
    assert not compiled("Test Sac", "Artifact", "{T}, Sacrifice a blue or black or red creature: Add {C}.").fully_compiled


def test_any_of_needs_two_filters():
    card = compiled(*ADNATE).card
    card["abilities"][0]["activated"]["cost"][1] = {"sacrifice": {"any_of": [["black", "creature"]]}}
    with pytest.raises(InputError, match="two or more filters"):
        parse_card(card, "t")


def test_the_sacrifice_takes_only_a_creature_of_either_kind():
    shade, golem, wurm = (("Test Shade", "Creature — Shade", ""), ("Test Golem", "Artifact Creature — Golem", ""),
                          ("Test Wurm", "Creature — Wurm", ""))
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [_with_cost(ADNATE, "{1}{B}"), _with_cost(shade, "{1}{B}{B}"), _with_cost(golem, "{4}"),
                                  _with_cost(wurm, "{4}{G}{G}")],
                        "battlefield": [{"id": x, "card": n, "controller": "alice"} for x, n in
                                        (("sa", "Soldevi Adnate"), ("shade", "Test Shade"), ("golem", "Test Golem"),
                                         ("wurm", "Test Wurm"))]}, "t.yaml")
    s = Session(state)
    assert s.can_pay("alice", "{B}{B}{B}{B}").payable          # the golem (4)
    assert not s.can_pay("alice", "{B}{B}{B}{B}{B}").payable   # the green wurm (6) is neither kind
    got = s.what_if(["activate sa 1"])
    assert sorted(dict(r.state.mana_pool)["alice"] for r in got.results) == [
        (("B", 2),), (("B", 3),), (("B", 4),)]                # itself, the shade, the golem


JACK = ("Jack-in-the-Mox", "Artifact", (
    "{T}: Roll a six-sided die. This ability has the indicated effect.\n1 — Sacrifice Jack-in-the-Mox and you lose 5 "
    "life.\n2 — Add {W}.\n3 — Add {U}.\n4 — Add {B}.\n5 — Add {R}.\n6 — Add {G}."))
SCREW = ("Mana Screw", "Artifact", "{1}: Flip a coin. If you win the flip, add {C}{C}. Activate only as an instant.")


def test_jack_in_the_mox_is_one_ability_with_its_results_table():
    c = compiled(*JACK)
    assert c.fully_compiled
    a = c.card["abilities"][0]["activated"]
    assert a["does"] == [{"roll_die": {"sides": 6}}, {"sacrifice": {"what": "self", "if_roll": 1}},
                         {"lose_life": {"amount": 5, "if_roll": 1}}]
    assert a["add_mana"] == {"one_of": ["{W}", "{U}", "{B}", "{R}", "{G}"], "on_roll": [2, 3, 4, 5, 6]}
    assert [e["part_of"] for e in c.card["abilities"][1:]] == [1] * 6


def test_a_table_line_not_read_leaves_the_table_as_words():
    text = JACK[2].replace("1 — Sacrifice Jack-in-the-Mox and you lose 5 life.", "1 — Jack-in-the-Mox phases out.")
    c = compiled(JACK[0], JACK[1], text)
    assert c.lines[0].status != "compiled" and all(r.status == "text" for r in c.lines[1:])
    # a result the die does not have
    assert not compiled(JACK[0], JACK[1], JACK[2].replace("6 — Add {G}.", "7 — Add {G}.")).fully_compiled


def test_mana_screw_adds_on_a_won_flip():
    a = _line(SCREW, 1)["activated"]
    assert a == {"cost": ["{1}"], "does": [{"flip_coin": {}}], "add_mana": {"mana": "{C}{C}", "if_flip": "won"},
                 "timing": "instant"}


@pytest.mark.parametrize("edit, message", [
    (lambda c: c["abilities"][0]["activated"].update(does=[{"flip_coin": {}}]), "on_roll"),
    (lambda c: c["abilities"][0]["activated"]["add_mana"].update(on_roll=[2, 3, 4, 5]), "on_roll"),
    (lambda c: c["abilities"][1].update(part_of=2), "part_of"),
    (lambda c: c["abilities"][0]["activated"]["does"][1]["sacrifice"].update(if_roll=7), "if_roll"),
])
def test_roll_vocabulary_is_checked(edit, message):
    card = compiled(*JACK).card
    edit(card)
    with pytest.raises(InputError, match=message):
        parse_card(card, "t")


def test_part_of_names_a_line_that_rolls():
    card = compiled(*JACK).card
    card["abilities"][0] = {"line": 1, "text": JACK[2].splitlines()[0]}
    with pytest.raises(InputError, match="rolls no die"):
        parse_card(card, "t")


def test_each_result_of_the_roll_is_an_outcome_and_planners_leave_it_out():
    state = _state([JACK, RING], [{"id": "jack", "card": "Jack-in-the-Mox", "controller": "alice"},
                                  {"id": "ring", "card": "Test Ring", "controller": "alice"}])
    s = Session(state)
    assert s.could_produce().types["jack"] == ("W", "U", "B", "R", "G")     # 106.7: any result's
    got = s.can_pay("alice", "{W}")
    assert not got.payable and [x[0] for x in got.left_out] == ["jack"]
    assert s.can_pay("alice", "{2}").payable                                 # the ring alone
    results = s.what_if(["activate jack 1"]).results
    outcomes = sorted((next(c.change.result for c in r.changes if c.change.name == "die_roll"),
                       dict(r.state.mana_pool).get("alice", ()), dict(r.state.life)["alice"]) for r in results)
    assert outcomes == [(1, (), 15), (2, (("W", 1),), 20), (3, (("U", 1),), 20), (4, (("B", 1),), 20),
                        (5, (("R", 1),), 20), (6, (("G", 1),), 20)]


def test_a_roll_with_a_mana_trigger_is_refused():
    heart = ("Test Heart", "Enchantment", ("Whenever a player taps an artifact for mana, that player adds an "
                                          "additional {C}."))
    state = _state([JACK, heart], [{"id": "jack", "card": "Jack-in-the-Mox", "controller": "alice"},
                                   {"id": "heart", "card": "Test Heart", "controller": "alice"}])
    results = Session(state).what_if(["activate jack 1"]).results
    assert results and all(r.illegal is not None and "706.3a" in str(r.illegal) for r in results)


GRAVE = ("Grave Birthing", "Instant", (
    "Devoid (This card has no color.)\nTarget opponent exiles a card from their graveyard. You create a 1/1 colorless "
    "Eldrazi Scion creature token. It has \"Sacrifice this creature: Add {C}.\"\nDraw a card."))
BROOD = ("Brood Birthing", "Sorcery", (
    "If you control an Eldrazi Spawn, create three 0/1 colorless Eldrazi Spawn creature tokens. They have "
    "\"Sacrifice this creature: Add {C}.\" Otherwise, create one of those tokens."))


def test_grave_birthing_reads_the_opponents_exile_and_your_token():
    c = compiled(*GRAVE)
    assert c.fully_compiled
    s = c.card["abilities"][1]["spell"]
    assert s["target"] == "opponent"
    assert s["does"] == [{"move": {"what": "card_from_graveyard", "whose": "target", "to": "exile"}},
                         {"create_token": {"card": "Eldrazi Scion Token"}}]
    assert [t["name"] for t in c.tokens] == ["Eldrazi Scion Token"]


def test_brood_birthing_is_one_creation_or_the_other():
    c = compiled(*BROOD)
    assert c.fully_compiled
    assert c.card["abilities"][0]["spell"]["does"] == [
        {"create_token": {"card": "Eldrazi Spawn Token", "count": 3, "if_you_control": ["eldrazi", "spawn"]}},
        {"create_token": {"card": "Eldrazi Spawn Token", "unless_you_control": ["eldrazi", "spawn"]}}]


def test_brood_birthing_without_a_spawn_creates_one_token():
    c = compiled(*BROOD)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, *c.tokens], "mana_pool": {"alice": "{R}{C}"},
                        "hand": {"alice": [{"id": "brood", "card": "Brood Birthing"}]}, "battlefield": []}, "t.yaml")
    (r,) = Session(state).what_if(["cast brood", "resolve"]).results
    assert r.illegal is None
    made = [ch.change for ch in r.changes if ch.change.name == "create_token"]
    assert [(m.token, m.amount) for m in made] == [("Eldrazi Spawn Token", 1)]


OROCHI = ("Orochi Merge-Keeper", "Creature — Snake Druid", (
    "{T}: Add {G}.\nAs long as Orochi Merge-Keeper is modified, it has \"{T}: Add {G}{G}.\" (Equipment, Auras you "
    "control, and counters are modifications.)"))


def test_orochi_grants_itself_mana_while_modified():
    assert _line(OROCHI, 2)["static"] == {"condition": "self_modified", "grant": {
        "to": "self", "ability": {"activated": {"cost": ["{T}"], "add_mana": "{G}{G}"}}}}


@pytest.mark.parametrize("counters, payable", [({}, False), ({"charge": 1}, True)])
def test_a_counter_of_any_kind_makes_it_modified(counters, payable):
    state = _state([OROCHI], [{"id": "o", "card": "Orochi Merge-Keeper", "controller": "alice", "counters": counters}])
    assert Session(state).can_pay("alice", "{G}{G}").payable is payable


CABAL = ("Cabal Ritual", "Instant", (
    "Add {B}{B}{B}.\nThreshold — Add {B}{B}{B}{B}{B} instead if seven or more cards are in your graveyard."))
PETITION = ("Dark Petition", "Sorcery", (
    "Search your library for a card, put that card into your hand, then shuffle.\nSpell mastery — If there are two "
    "or more instant and/or sorcery cards in your graveyard, add {B}{B}{B}."))
BOLT = ("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.")


def test_cabal_ritual_reads_as_two_lines_exactly_one_of_which_adds():
    c = compiled(*CABAL)
    assert c.fully_compiled
    assert [a["spell"] for a in c.card["abilities"]] == [
        {"add_mana": "{B}{B}{B}", "mana_unless": {"in_graveyard": {"at_least": 7}}},
        {"add_mana": "{B}{B}{B}{B}{B}", "mana_if": {"in_graveyard": {"at_least": 7}}}]


def test_dark_petition_counts_instants_and_sorceries():
    s = _line(PETITION, 2)["spell"]
    assert s == {"add_mana": "{B}{B}{B}",
                 "mana_if": {"in_graveyard": {"at_least": 2, "any_of": [["instant"], ["sorcery"]]}}}


def _cast(spec, graveyard, library=()):
    c = compiled(*spec)                     # (no mana cost: pool_lines compiles none)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, compiled(*BOLT).card, compiled(*BEAR).card],
                        "hand": {"alice": [{"id": "spell", "card": spec[0]}]},
                        "library": {"alice": [{"id": f"l{i}", "card": n} for i, n in enumerate(library)]},
                        "graveyard": {"alice": [{"id": f"g{i}", "card": n} for i, n in enumerate(graveyard)]},
                        "battlefield": []}, "t.yaml")
    (r,) = Session(state).what_if(["cast spell", "resolve"]).results
    assert r.illegal is None, r.illegal
    return dict(r.state.mana_pool).get("alice", ())


@pytest.mark.parametrize("cards, pool", [(6, (("B", 3),)), (7, (("B", 5),))])
def test_cabal_ritual_adds_one_or_the_other(cards, pool):
    assert _cast(CABAL, ["Test Bear"] * cards) == pool


@pytest.mark.parametrize("graveyard, pool", [(["Test Bolt", "Test Bolt"], (("B", 3),)), (["Test Bolt", "Test Bear"], ())])
def test_dark_petition_adds_only_with_spell_mastery(graveyard, pool):
    assert _cast(PETITION, graveyard, library=["Test Bear"]) == pool


def test_mana_if_goes_on_a_spell():
    card = compiled(*PETITION).card
    card["abilities"][1] = {"line": 2, "triggered": {"effect": "x", "add_mana": "{B}", "mana_if": {
        "in_graveyard": {"at_least": 2}}}}
    with pytest.raises(InputError, match="mana_if"):
        parse_card(card, "t")


LANTERN = ("Jack-o'-Lantern", "Artifact", (
    "{1}, {T}, Sacrifice Jack-o'-Lantern: Exile up to one target card from a graveyard. Draw a card.\n"
    "{1}, Exile Jack-o'-Lantern from your graveyard: Add one mana of any color."))


def test_jack_o_lantern_adds_mana_from_the_graveyard():
    c = compiled(*LANTERN)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"] == {"zone": "graveyard", "cost": ["{1}", {"exile": "self"}],
                                                   "add_mana": {"any": "color"}}


def test_the_graveyard_mana_ability_pays_from_the_graveyard_only():
    board = [{"id": "ring", "card": "Test Ring", "controller": "alice"}]
    yard = _state([LANTERN, RING], board, graveyard={"alice": [{"id": "jack", "card": "Jack-o'-Lantern"}]})
    assert Session(yard).can_pay("alice", "{C}{R}").payable
    on_field = _state([LANTERN, RING], board + [{"id": "jack", "card": "Jack-o'-Lantern", "controller": "alice"}])
    assert not Session(on_field).can_pay("alice", "{C}{R}").payable      # 113.6m: not from the battlefield


ESIKA = ("Esika, God of the Tree", "Legendary Creature — God", (
    "Vigilance\n{T}: Add one mana of any color.\nOther legendary creatures you control have vigilance and \"{T}: Add "
    "one mana of any color.\""))
CULTIVATION = ("Careful Cultivation", "Enchantment — Aura", (
    "Enchant artifact or creature\nAs long as enchanted permanent is a creature, it gets +1/+3 and has reach and "
    "\"{T}: Add {G}{G}.\""))


def test_esika_grants_the_keyword_with_the_mana_ability():
    c = compiled(*ESIKA)
    assert c.fully_compiled
    assert c.card["abilities"][2]["static"] == {"grant": {
        "to": {"filter": ["legendary", "creature"], "controller": "you", "other": True},
        "ability": {"activated": {"cost": ["{T}"], "add_mana": {"any": "color"}}}, "keywords": ["vigilance"]}}


def test_careful_cultivation_grants_while_it_enchants_a_creature():
    assert _line(CULTIVATION, 2)["static"] == {
        "condition": {"enchanted": ["creature"]}, "pt": {"modify": "+1/+3", "to": "enchanted_permanent"},
        "grant": {"to": "enchanted_permanent", "ability": {"activated": {"cost": ["{T}"], "add_mana": "{G}{G}"}},
                  "keywords": ["reach"]}}


def test_grant_keywords_are_keyword_abilities():
    card = compiled(*ESIKA).card
    card["abilities"][2]["static"]["grant"]["keywords"] = ["flying", "tap dancing"]
    with pytest.raises(InputError, match="keywords"):
        parse_card(card, "t")


def test_the_granted_ability_has_the_keyword():
    legend = ("Test Legend", "Legendary Creature — Elf", "")
    state = _state([ESIKA, legend], [{"id": "esika", "card": "Esika, God of the Tree", "controller": "alice"},
                                     {"id": "leg", "card": "Test Legend", "controller": "alice"}])
    board = Session(state).board(objects=["leg"]).to_json()["board"]["leg"]
    assert board["keywords"] == ["vigilance"]


PATROL = ("Jungle Patrol", "Creature — Human Soldier", (
    "{1}{G}, {T}: Create a 0/1 green Wall creature token with defender named Wood.\n"
    "Sacrifice a token named Wood: Add {R}."))


def test_jungle_patrol_names_its_token_and_sacrifices_it():
    c = compiled(*PATROL)
    assert c.fully_compiled
    assert c.card["abilities"][0]["activated"]["does"] == [{"create_token": {"card": "Wood"}}]
    assert c.card["abilities"][1]["activated"]["cost"] == [{"sacrifice": {"filter": ["token"], "named": "Wood"}}]
    (wood,) = c.tokens
    assert wood["name"] == "Wood" and wood["abilities"] == [{"line": 1, "keywords": ["defender"]}]


def test_only_a_token_with_that_name_is_sacrificed():
    c = compiled(*PATROL)
    wall = compiled("Test Wall", "Creature — Wall", "Defender").card
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, *c.tokens, wall],
                        "battlefield": [{"id": "jp", "card": "Jungle Patrol", "controller": "alice"},
                                        {"id": "w1", "card": "Wood", "controller": "alice", "token": True},
                                        {"id": "wall", "card": "Test Wall", "controller": "alice", "token": True}]},
                       "t.yaml")
    s = Session(state)
    assert s.can_pay("alice", "{R}").payable and not s.can_pay("alice", "{R}{R}").payable


MOX = ("Chrome Mox", "Artifact", (
    "Imprint — When Chrome Mox enters the battlefield, you may exile a nonartifact, nonland card from your hand.\n"
    "{T}: Add one mana of any of the exiled card's colors."))
GEM = ("Khalni Gem", "Artifact", (
    "When Khalni Gem enters the battlefield, return two lands you control to their owner's hand.\n"
    "{T}: Add two mana of any one color."))
VESSEL = ("Vessel of Endless Rest", "Artifact", (
    "When Vessel of Endless Rest enters the battlefield, put target card from a graveyard on the bottom of its owner's "
    "library.\n{T}: Add one mana of any color."))


def test_chrome_mox_links_its_exile_to_its_mana():
    c = compiled(*MOX)
    assert c.fully_compiled
    assert c.card["abilities"][0]["triggered"]["does"] == [{"move": {
        "what": "card_from_hand", "filter": ["nonartifact", "nonland"], "to": "exile", "may": True, "link": True}}]
    # without a line about the exiled card, no link
    alone = compiled("Test Imprint", "Artifact", MOX[2].splitlines()[0].replace("Chrome Mox", "Test Imprint"))
    assert "link" not in str(alone.card)


def test_khalni_gem_and_vessel_compile():
    gem = compiled(*GEM)
    assert gem.fully_compiled and gem.card["abilities"][0]["triggered"]["does"] == [
        {"move": {"what": "one", "filter": ["land"], "controller": "you", "to": "hand", "count": 2}}]
    vessel = compiled(*VESSEL)
    assert vessel.fully_compiled
    t = vessel.card["abilities"][0]["triggered"]
    assert t["target"] == {"filter": ["card"], "zone": "graveyard"}
    assert t["does"] == [{"move": {"what": "target", "to": "library_bottom"}}]


def test_khalni_gem_returns_all_lands_when_fewer_than_two():
    c = compiled(*GEM)
    land = compiled("Test Land", "Land", "")
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [c.card, land.card], "hand": {"alice": [{"id": "gem", "card": "Khalni Gem"}]},
                        "battlefield": [{"id": "l1", "card": "Test Land", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["cast gem", "resolve", "resolve"])
    (r,) = got.results
    assert r.illegal is None
    assert r.after(got.start)["l1"]["zone"] == "hand"          # the one land, all there is


URN = ("Blinkmoth Urn", "Artifact", (
    "At the beginning of each player's precombat main phase, if Blinkmoth Urn is untapped, that player adds {C} for "
    "each artifact they control."))


def test_blinkmoth_urn_reads_its_if_and_that_player():
    assert _line(URN, 1)["triggered"] == {
        "when": {"beginning_of_precombat_main": "each_player"}, "condition": "self_untapped",
        "add_mana": {"for_each": {"filter": ["artifact"], "whose": "that_player"}, "mana": "{C}"},
        "add_mana_to": "that_player"}


@pytest.mark.parametrize("tapped, pool", [(False, (("C", 2),)), (True, None)])
def test_blinkmoth_urn_triggers_only_untapped(tapped, pool):
    rock = ("Test Rock", "Artifact", "")
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "draw"},
                        "cards": [compiled(*URN).card, compiled(*rock).card],
                        "battlefield": [{"id": "urn", "card": "Blinkmoth Urn", "controller": "alice", "tapped": tapped},
                                        {"id": "r", "card": "Test Rock", "controller": "alice"},
                                        {"id": "b", "card": "Test Rock", "controller": "bob"}]}, "t.yaml")
    got = Session(state).what_if(["next step"])
    (r,) = got.results
    assert bool(r.state.stack) is not tapped          # 603.4: no trigger while it is tapped
    if pool:
        (r,) = Session(state).what_if(["next step", "resolve"]).results
        assert dict(r.state.mana_pool)["alice"] == pool


def test_that_players_count_goes_with_that_players_mana():
    card = compiled(*URN).card
    del card["abilities"][0]["triggered"]["add_mana_to"]
    with pytest.raises(InputError, match="that_player"):
        parse_card(card, "t")


CULLING = ("Culling Ritual", "Sorcery", (
    "Destroy each nonland permanent with mana value 2 or less. Add {B} or {G} for each permanent destroyed this way."))


def test_culling_ritual_destroys_then_counts():
    s = _line(CULLING, 1)["spell"]
    assert s["does"] == [{"destroy": {"what": "each", "filter": ["nonland", "permanent"], "mana_value_at_most": 2}}]
    assert s["add_mana"] == {"combination": ["B", "G"], "amount": "destroyed"}


def test_culling_ritual_with_nothing_destroyed_adds_nothing():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*CULLING).card, _with_cost(("Test Wurm", "Creature — Wurm", ""), "{4}{G}{G}")],
                        "hand": {"alice": [{"id": "cr", "card": "Culling Ritual"}]},
                        "battlefield": [{"id": "wurm", "card": "Test Wurm", "controller": "bob"}]}, "t.yaml")
    (r,) = Session(state).what_if(["cast cr", "resolve"]).results
    assert r.illegal is None and not dict(r.state.mana_pool).get("alice")


def test_destroyed_goes_with_a_destroy_of_each():
    card = compiled(*CULLING).card
    card["abilities"][0]["spell"]["does"] = [{"draw": {"count": 1}}]
    with pytest.raises(InputError, match="destroyed"):
        parse_card(card, "t")


DRAGONRAGE = ("Dragonrage", "Instant", (
    "Add {R} for each attacking creature you control. Until end of turn, attacking creatures you control gain "
    "\"{R}: This creature gets +1/+0 until end of turn.\""))


def test_dragonrage_counts_and_grants_to_attacking_creatures():
    s = _line(DRAGONRAGE, 1)["spell"]
    assert s["add_mana"] == {"for_each": {"filter": ["attacking", "creature"], "whose": "you"}, "mana": "{R}"}
    assert s["creates"]["grant"]["to"] == {"filter": ["attacking", "creature"], "controller": "you"}
    assert s["creates"]["grant"]["ability"]["activated"]["cost"] == ["{R}"]


def test_attacking_is_a_filter_word_of_creatures_in_combat():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
                        "cards": [compiled(*DRAGONRAGE).card, compiled(*BEAR).card],
                        "hand": {"alice": [{"id": "dr", "card": "Dragonrage"}]},
                        "battlefield": [{"id": "b1", "card": "Test Bear", "controller": "alice", "tapped": True,
                                         "attacking": "bob"},
                                        {"id": "b2", "card": "Test Bear", "controller": "alice"}]}, "t.yaml")
    (r,) = Session(state).what_if(["cast dr", "resolve"]).results
    assert dict(r.state.mana_pool)["alice"] == (("R", 1),)
    (e,) = r.state.effects
    assert e.targets == ("b1",)


ELECTROMANCER = ("Ardent Electromancer", "Creature — Human Wizard", (
    "When Ardent Electromancer enters the battlefield, add {R} for each creature in your party. (Your party consists "
    "of up to one each of Cleric, Rogue, Warrior, and Wizard.)"))


@pytest.mark.parametrize("others, red", [
    ([], 1),                                                              # itself, a Wizard
    (["Creature — Human Wizard"], 1),                                     # two Wizards: one
    (["Creature — Human Cleric Wizard"], 2),                              # the Cleric Wizard as the Cleric
    (["Creature — Human Cleric Wizard", "Creature — Elf Warrior", "Creature — Elf Rogue"], 4),
])
def test_the_party_is_counted_the_way_that_gives_the_most(others, red):
    cards = [compiled(*ELECTROMANCER).card] + [compiled(f"Test {i}", t, "").card for i, t in enumerate(others)]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "hand": {"alice": [{"id": "ae", "card": "Ardent Electromancer"}]},
                        "battlefield": [{"id": f"c{i}", "card": f"Test {i}", "controller": "alice"}
                                        for i in range(len(others))]}, "t.yaml")
    (r,) = Session(state).what_if(["cast ae", "resolve", "resolve"]).results
    assert dict(r.state.mana_pool)["alice"] == (("R", red),)


def test_klauth_reads_the_attacking_power_and_its_riders():
    klauth = ("Klauth, Unrivaled Ancient", "Legendary Creature — Dragon", (
        "Flying, haste\nWhenever Klauth, Unrivaled Ancient attacks, add X mana in any combination of colors, where X is "
        "the total power of attacking creatures. Spend this mana only to cast spells. Until end of turn, you don't lose "
        "this mana as steps and phases end."))
    assert _line(klauth, 2)["triggered"] == {"when": {"attacks": "self"}, "add_mana": {
        "combination": "colors", "amount": "attacking_power",
        "rider": "Spend this mana only to cast spells. Until end of turn, you don't lose this mana as steps and phases "
                 "end."}}


def test_the_attacking_power_is_summed_as_it_resolves():
    t = compiled("Test Klauth", "Creature — Dragon", "Whenever Test Klauth attacks, add X mana in any combination of "
                 "colors, where X is the total power of attacking creatures.")
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
                        "cards": [t.card, compiled(*BEAR).card],
                        "stack": [{"id": "s1", "source": "k", "line": 1, "controller": "alice"}],
                        "battlefield": [{"id": "k", "card": "Test Klauth", "controller": "alice", "tapped": True,
                                         "attacking": "bob"},
                                        {"id": "b", "card": "Test Bear", "controller": "alice", "tapped": True,
                                         "attacking": "bob"}]}, "t.yaml")
    results = Session(state).what_if(["resolve"]).results
    assert len(results) == 15                                  # two mana, any combination of colors
    assert all(sum(n for _, n in dict(r.state.mana_pool)["alice"]) == 2 for r in results)


ENERGY_TAP = ("Energy Tap", "Sorcery", (
    "Tap target untapped creature you control. If you do, add an amount of {C} equal to that creature's mana value."))


def test_energy_tap_targets_an_untapped_creature_of_yours():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*ENERGY_TAP).card, _with_cost(("Test Wurm", "Creature — Wurm", ""), "{4}{G}{G}")],
                        "hand": {"alice": [{"id": "et", "card": "Energy Tap"}]},
                        "battlefield": [{"id": "w", "card": "Test Wurm", "controller": "alice"},
                                        {"id": "tw", "card": "Test Wurm", "controller": "alice", "tapped": True},
                                        {"id": "bw", "card": "Test Wurm", "controller": "bob"}]}, "t.yaml")
    (r,) = Session(state).what_if(["cast et targeting w", "resolve"]).results
    assert dict(r.state.mana_pool)["alice"] == (("C", 6),)
    for other in ("tw", "bw"):                     # tapped; not hers
        (r,) = Session(state).what_if([f"cast et targeting {other}"]).results
        assert r.illegal is not None


def test_rousing_refrain_reads_its_mana_and_keeps_its_exile_as_words():
    c = compiled("Rousing Refrain", "Sorcery", (
        "Add {R} for each card in target opponent's hand. Until end of turn, you don't lose this mana as steps and "
        "phases end. Exile Rousing Refrain with three time counters on it."))
    assert c.lines[0].status == "partial" and c.lines[0].unread == ("effect",)
    s = c.card["abilities"][0]["spell"]
    assert s["add_mana"]["for_each"] == {"zone": "hand", "whose": "target"} and s["target"] == "opponent"


def test_the_cards_in_the_target_players_hand_are_counted():
    t = compiled("Test Refrain", "Sorcery", "Add {R} for each card in target opponent's hand.")
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [t.card, compiled(*BEAR).card],
                        "hand": {"alice": [{"id": "tr", "card": "Test Refrain"}, {"id": "x", "card": "Test Bear"}],
                                 "bob": [{"id": f"b{i}", "card": "Test Bear"} for i in range(3)]},
                        "battlefield": []}, "t.yaml")
    (r,) = Session(state).what_if(["cast tr targeting bob", "resolve"]).results
    assert dict(r.state.mana_pool)["alice"] == (("R", 3),)


APEX_LINE = "If this spell was cast from your hand, add ten mana of any one color."


def test_apex_of_power_adds_only_when_cast_from_the_hand():
    # CR 601.2a, 608.2c: the real line (Apex of Power's second); cast from the hand it adds ten of
    # one color (five outcomes); cast from exile (an effect lets alice play it) it adds nothing
    c = compiled("Apex Line", "Sorcery", APEX_LINE)
    assert c.fully_compiled and c.card["abilities"][0]["spell"]["mana_if"] == {"cast_from": "hand"}

    def cast(zone):
        card = {"id": "apex", "card": "Apex Line", **({"playable_by": "alice"} if zone == "exile" else {})}
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": [c.card], "battlefield": [], zone: {"alice": [card]}}, "t.yaml")
        got = Session(state).what_if(["cast apex", "resolve"])
        return sorted(str(dict(r.state.mana_pool).get("alice")) for r in got.results if r.illegal is None)
    assert cast("hand") == sorted(str(((k, 10),)) for k in ("B", "G", "R", "U", "W"))
    assert cast("exile") == ["None"]


def test_cast_from_goes_alone_as_hand():
    card = compiled("Apex Line", "Sorcery", APEX_LINE).card
    card["abilities"][0]["spell"]["mana_if"] = {"cast_from": "graveyard"}
    with pytest.raises(InputError, match="cast_from: hand"):
        parse_card(card, "t.yaml")
