"""The long tail of Land cards (issue 13, round 3): real pool lines (AtomicCards 2024-03 wording,
the card named) read by the compiler, and what asp/ makes of them."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled
from pool_lines import what_if_on as run

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


# CR 712.8e: "(Transforms from Legion's Landing.)" names the front face; the back face's mana
# value is the front face's ({W}: 1), not its own empty mana cost's 0.
ADANTO = ("Adanto, the First Fort", "Legendary Land", (
    "(Transforms from Legion's Landing.)\n{T}: Add {W}.\n{2}{W}, {T}: Create a 1/1 white Vampire creature token "
    "with lifelink."))
LANDING = {"name": "Legion's Landing", "mana_cost": "{W}", "type_line": "Legendary Enchantment",
           "oracle_text": "", "abilities": []}
# a hand-written card whose ability targets a permanent with mana value 0 or less
ZAPPER = {"name": "Zero Zapper", "mana_cost": "", "type_line": "Artifact", "oracle_text": "{T}: Destroy target "
          "permanent with mana value 0 or less.", "abilities": [{"line": 1, "activated": {
              "cost": ["{T}"], "effect": "Destroy target permanent with mana value 0 or less.",
              "target": {"filter": ["permanent"], "mana_value_at_most": 0}, "does": [{"destroy": {"what": "target"}}]}}]}


def _zap(cards):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": [
                            {"id": "zap", "card": "Zero Zapper", "controller": "alice"},
                            {"id": "fort", "card": "Adanto, the First Fort", "controller": "bob"}]}, "t.yaml")
    return Session(state).what_if(["activate zap 1 targeting fort"])


def test_transforms_from_names_the_front_face():
    c = compiled(*ADANTO)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][0] == {"line": 1, "transforms_from": "Legion's Landing"}


def test_a_back_face_has_its_front_faces_mana_value():
    fort = compiled(*ADANTO).card
    # the front face known: mana value 1, not a legal target for "mana value 0 or less" (115.1)
    (r,) = _zap([fort, LANDING, ZAPPER]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]
    # the front face not known: its mana value cannot be read, the action is refused (712.8e)
    (r,) = _zap([fort, ZAPPER]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["712.8e"]
    # a land with no front face: its mana value is its own, 0, and it is a legal target
    plain = compiled("Plain Fort", "Legendary Land", "{T}: Add {W}.").card
    state_cards = [dict(plain, name="Adanto, the First Fort"), ZAPPER]
    (r,) = _zap(state_cards).results
    assert r.illegal is None


# CR 614.1a, 118.12, 118.3: "If ~ would enter, sacrifice two untapped lands instead. If you do,
# put ~ onto the battlefield. If you don't, put it into its owner's graveyard."
LOTUS_VALE = ("Lotus Vale", "Land", (
    "If Lotus Vale would enter the battlefield, sacrifice two untapped lands instead. If you do, put Lotus Vale "
    "onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add three mana of any one color."))
HEART = ("Heart of Yavimaya", "Land", (
    "If Heart of Yavimaya would enter the battlefield, sacrifice a Forest instead. If you do, put Heart of Yavimaya "
    "onto the battlefield. If you don't, put it into its owner's graveyard.\n{T}: Add {G}."))


def _play(spec, battlefield):
    """Play the land `spec` (alice's card x): each outcome's zones after, {id: zone}, and the
    what-if's results."""
    got, after = run([spec], battlefield, ["play x"], hand={"alice": [{"id": "x", "card": spec[0]}]})
    return got.results, [{k: v["zone"] for k, v in a.items() if "zone" in v} for a in after]


def test_the_compiler_reads_sacrifice_instead():
    assert compiled(*LOTUS_VALE).card["abilities"][0] == {
        "line": 1, "enters": {"sacrifice": {"count": 2, "filter": ["land"], "untapped": True}}}
    assert compiled(*HEART).card["abilities"][0] == {"line": 1, "enters": {"sacrifice": {"count": 1, "filter": ["forest"]}}}


def test_lotus_vale_enters_when_two_untapped_lands_are_sacrificed():
    lands = [{"id": i, "card": "Forest", "controller": "alice"} for i in ("f1", "f2", "f3")]
    results, zones = _play(LOTUS_VALE, lands + [{"id": "t", "card": "Forest", "controller": "alice", "tapped": True}])
    # each choice of two of the three untapped Forests is an outcome; the tapped one is never one
    assert all(r.illegal is None for r in results)
    assert sorted(sorted(z.items()) for z in zones) == sorted(
        sorted({"x": "battlefield", a: "graveyard", b: "graveyard"}.items())
        for a, b in (("f1", "f2"), ("f1", "f3"), ("f2", "f3")))


def test_lotus_vale_goes_to_the_graveyard_with_one_untapped_land():
    # 118.3: the cost is paid whole or not at all: the one untapped land stays; the land was
    # still played (305.2)
    results, zones = _play(LOTUS_VALE, [{"id": "f1", "card": "Forest", "controller": "alice"},
                                        {"id": "t", "card": "Forest", "controller": "alice", "tapped": True}])
    assert [r.illegal for r in results] == [None] and zones == [{"x": "graveyard"}]
    why = {rule for c in results[0].changes for rule, _ in c.rules}
    assert "614.1a" in why and "305.2a" in why


def test_heart_of_yavimaya_needs_a_forest_tapped_or_not():
    _, zones = _play(HEART, [{"id": "t", "card": "Forest", "controller": "alice", "tapped": True},
                             {"id": "m", "card": "Mountain", "controller": "alice"}])
    assert zones == [{"x": "battlefield", "t": "graveyard"}]
    # bob's Forest is not alice's to sacrifice
    _, zones = _play(HEART, [{"id": "m", "card": "Mountain", "controller": "alice"},
                             {"id": "bf", "card": "Forest", "controller": "bob"}])
    assert zones == [{"x": "graveyard"}]


def test_sacrifice_instead_from_any_zone_and_not_without_its_text():
    # an event puts Lotus Vale onto the battlefield from the graveyard: the same replacement
    got, after = run([LOTUS_VALE], [{"id": "f1", "card": "Forest", "controller": "alice"}], ["move x to battlefield"],
                     graveyard={"alice": [{"id": "x", "card": "Lotus Vale"}]})
    assert [r.illegal for r in got.results] == [None] and after[0]["x"]["zone"] == "graveyard" and "f1" not in after[0]
    # under Blood Moon it would be a Mountain with no rules text (305.7, 614.12): nothing replaces
    # its entering, it enters without a sacrifice
    results, zones = _play(LOTUS_VALE, [{"id": "bm", "card": "Blood Moon", "controller": "bob"},
                                        {"id": "f1", "card": "Forest", "controller": "alice"}])
    assert [r.illegal for r in results] == [None] and zones == [{"x": "battlefield"}]


# CR 603.4, 513.1: "At the beginning of the end step, if you control no artifacts, sacrifice ~."
# (Glimmervoid); "At the beginning of your upkeep, if you control three or more artifacts, you gain
# 1 life." (Inventors' Fair): an intervening "if" counted as it triggers and as it resolves.
GLIMMERVOID = ("Glimmervoid", "Land", ("At the beginning of the end step, if you control no artifacts, sacrifice "
               "Glimmervoid.\n{T}: Add one mana of any color."))
FAIR = ("Inventors' Fair", "Legendary Land", (
    "At the beginning of your upkeep, if you control three or more artifacts, you gain 1 life.\n{T}: Add {C}.\n"
    "{4}, {T}, Sacrifice Inventors' Fair: Search your library for an artifact card, reveal it, put it into your hand, "
    "then shuffle. Activate only if you control three or more artifacts."))


def test_the_compiler_reads_a_counted_if_clause():
    g = compiled(*GLIMMERVOID)
    assert g.fully_compiled, g.lines
    assert g.card["abilities"][0]["triggered"]["when"] == {"beginning_of_end_step": "each_turn"}
    assert g.card["abilities"][0]["triggered"]["condition"] == {"you_control": {"filter": ["artifact"], "at_most": 0}}
    f = compiled(*FAIR)
    assert f.card["abilities"][0]["triggered"]["condition"] == {"you_control": {"filter": ["artifact"], "at_least": 3}}


def _glimmervoid_end_step(active, battlefield):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 6, "active": active, "step": "postcombat_main"},
                        "cards": [compiled(*GLIMMERVOID).card],
                        "battlefield": [{"id": "gv", "card": "Glimmervoid", "controller": "alice"}, *battlefield]},
                       "t.yaml")
    got = Session(state).what_if(["next step", "resolve"])
    return [next((p.id for p in r.state.battlefield if p.id == "gv"), None) for r in got.results], got


def test_glimmervoid_is_sacrificed_at_any_end_step_without_an_artifact():
    # no artifact: it triggers at the end step of either player's turn, and resolves (sacrificed)
    for active in ("alice", "bob"):
        left, _ = _glimmervoid_end_step(active, [])
        assert left == [None]
    # an artifact she controls: it does not trigger (bob's artifact does not count)
    left, _ = _glimmervoid_end_step("alice", [{"id": "ring", "card": "Fellwar Stone", "controller": "alice"}])
    assert left == ["gv"]
    left, _ = _glimmervoid_end_step("alice", [{"id": "ring", "card": "Fellwar Stone", "controller": "bob"}])
    assert left == [None]


def test_inventors_fair_counts_three_artifacts_at_upkeep():
    def life_after(n, between=()):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 6, "active": "alice", "step": "untap"},
                            "cards": [compiled(*FAIR).card], "life": {"alice": 10, "bob": 20},
                            "battlefield": [{"id": "fair", "card": "Inventors' Fair", "controller": "alice"}] + [
                                {"id": f"r{i}", "card": "Fellwar Stone", "controller": "alice"} for i in range(n)]}, "t.yaml")
        got = Session(state).what_if(["next step", *between, "resolve"])
        return sorted({(dict(r.state.life)["alice"], r.illegal is None) for r in got.results})
    assert life_after(3) == [(11, True)]
    # two artifacts: nothing triggers, and "resolve" finds the stack empty (405.5)
    assert life_after(2) == [(10, False)]
    # it triggered with three; one is bounced before it resolves: checked again, it does nothing
    assert life_after(3, ["bounce r0"]) == [(10, True)]


# CR 120.3, 608.2c: "Scry 2. Surtland Frostpyre deals 2 damage to each creature." (each creature
# on the battlefield as the instruction is carried out, whoever controls it)
FROSTPYRE = ("Surtland Frostpyre", "Land", (
    "Surtland Frostpyre enters the battlefield tapped.\n{T}: Add {R}.\n{2}{U}{U}{R}, {T}, Sacrifice Surtland "
    "Frostpyre: Scry 2. Surtland Frostpyre deals 2 damage to each creature. Activate only as a sorcery."))


def test_damage_to_each_creature():
    c = compiled(*FROSTPYRE)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][2]["activated"]["does"][1] == {"damage": {"to": "each", "amount": 2, "filter": ["creature"]}}
    got, after = run([FROSTPYRE], [{"id": "sf", "card": "Surtland Frostpyre", "controller": "alice"},
                                   {"id": "e1", "card": "Llanowar Elves", "controller": "alice"},
                                   {"id": "e2", "card": "Llanowar Elves", "controller": "bob"},
                                   {"id": "forest", "card": "Forest", "controller": "bob"}],
                     ["activate sf 3", "resolve"], mana_pool={"alice": "{U}{U}{R}{C}{C}"})
    assert got.results and all(r.illegal is None for r in got.results)
    for a in after:     # both Elves die (704.5g), whoever controls them; the Forest is no creature
        assert a["e1"]["zone"] == "graveyard" and a["e2"]["zone"] == "graveyard" and "forest" not in a


def test_damage_to_each_creature_you_control():
    c = compiled("Test Pit", "Land", "{T}: Test Pit deals 1 damage to each creature you control.")
    assert c.card["abilities"][0]["activated"]["does"] == [
        {"damage": {"to": "each", "amount": 1, "filter": ["creature"], "controller": "you"}}]
    _, after = run([("Test Pit", "Land", "{T}: Test Pit deals 1 damage to each creature you control.")],
                     [{"id": "pit", "card": "Test Pit", "controller": "alice"},
                      {"id": "e1", "card": "Llanowar Elves", "controller": "alice"},
                      {"id": "e2", "card": "Llanowar Elves", "controller": "bob"}], ["activate pit 1", "resolve"])
    assert [a["e1"]["zone"] for a in after] == ["graveyard"] and all("e2" not in a for a in after)


# CR 106.4: "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}
# instead." (Urza's Mine; the Tower adds {C}{C}{C} with a Mine and a Power-Plant)
MINE = ("Urza's Mine", "Land — Urza's Mine",
        "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead.")
PLANT = ("Urza's Power Plant", "Land — Urza's Power-Plant",
         "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead.")
TOWER = ("Urza's Tower", "Land — Urza's Tower",
         "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.")


def _tron_pays(specs, cost, owners=None):
    owners = owners or {}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*s).card for s in specs],
                        "battlefield": [{"id": f"l{i}", "card": s[0], "controller": owners.get(s[0], "alice")}
                                        for i, s in enumerate(specs)]}, "t.yaml")
    return Session(state).can_pay("alice", cost).payable


def test_the_compiler_reads_urzas_lands():
    c = compiled(*TOWER)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][0]["activated"]["add_mana"] == {
        "mana": "{C}", "amount": {"if_you_control": [["urza's", "mine"], ["urza's", "power-plant"]], "instead": 3}}


def test_the_three_urzas_lands_make_seven():
    assert _tron_pays([MINE, PLANT, TOWER], "{7}") and not _tron_pays([MINE, PLANT, TOWER], "{8}")
    # without the Tower each adds {C}: 2
    assert _tron_pays([MINE, PLANT], "{2}") and not _tron_pays([MINE, PLANT], "{3}")
    # bob's Tower is not alice's: 1 + 1, and the Tower is not hers to tap
    assert not _tron_pays([MINE, PLANT, TOWER], "{3}", owners={"Urza's Tower": "bob"})
