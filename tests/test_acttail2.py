"""Activated abilities of the non-Land cards that add mana, round 2 (issue 13; translator/compiler/
act_tail.py): real pool lines (AtomicCards 2024-03 wording, the card named) read into the
vocabulary, and what the what-if makes of them: a search for a card by name (201.2, 701.23a-b)."""

from __future__ import annotations

from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

WEAPONSMITH = ("Renowned Weaponsmith", "Creature — Human Artificer", (
    "{T}: Add {C}{C}. Spend this mana only to cast an artifact spell or activate an ability of an artifact.\n"
    "{U}, {T}: Search your library for a card named Heart-Piercer Bow or Vial of Dragonfire, reveal it, put it into "
    "your hand, then shuffle."))
HOWLING = ("Howling Wolf", "Creature — Wolf", (
    "When Howling Wolf enters the battlefield, you may search your library for up to three cards named Howling Wolf, "
    "reveal them, put them into your hand, then shuffle."))
FORGING = ("Forging the Tyrite Sword", "Enchantment", (
    "{1}: Search your library for a card named Halvar, God of Battle or an Equipment card, reveal it, put it into "
    "your hand, then shuffle."))
BOW = ("Heart-Piercer Bow", "Artifact — Equipment", "")
VIAL = ("Vial of Dragonfire", "Artifact", "")
BEAR = ("Test Bear", "Creature — Bear", "")


def test_a_card_named_one_of_two_names():
    does, target = effect_of(WEAPONSMITH, 2)
    assert does == [{"search": {"named": ["Heart-Piercer Bow", "Vial of Dragonfire"], "to": "hand", "shuffle": True}}]
    assert target is None


def test_a_card_named_after_its_own_card_and_up_to_three():
    does, _ = effect_of(HOWLING, 1)
    assert does == [{"search": {"named": ["~"], "count": 3, "to": "hand", "shuffle": True, "may": True}}]


def test_a_name_beside_a_kind_is_not_read():
    c = compiled(*FORGING)
    assert [r.status for r in c.lines] == ["partial"]


def _weaponsmith(library):
    board = [{"id": "smith", "card": "Renowned Weaponsmith", "controller": "alice"}]
    got, afters = run([WEAPONSMITH, BOW, VIAL, BEAR], board, ["activate smith 2", "resolve"],
                      mana_pool={"alice": "{U}"}, library={"alice": library})
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    return [{k: v["zone"] for k, v in a.items() if isinstance(v, dict) and "zone" in v} for a in afters]


def test_renowned_weaponsmith_finds_either_name_or_none():
    zones = _weaponsmith([{"id": "bow", "card": "Heart-Piercer Bow"}, {"id": "vial", "card": "Vial of Dragonfire"},
                          {"id": "bear", "card": "Test Bear"}])
    # 701.23a: either named card; 701.23b: a stated quality, so finding none is an outcome too;
    # never the card of another name
    found = sorted(tuple(sorted(k for k, z in a.items() if z == "hand")) for a in zones)
    assert found == [(), ("bow",), ("vial",)], zones


def test_renowned_weaponsmith_with_no_such_card_finds_nothing():
    zones = _weaponsmith([{"id": "bear", "card": "Test Bear"}])
    assert all("hand" not in a.values() for a in zones), zones


CLANCALLER = ("Elvish Clancaller", "Creature — Elf Druid", (
    "{4}{G}{G}, {T}: Search your library for a card named Elvish Clancaller, put it onto the battlefield, then "
    "shuffle."))


def test_a_card_named_as_its_own_card_is_another_of_that_name():
    board = [{"id": "caller", "card": "Elvish Clancaller", "controller": "alice"}]
    library = {"alice": [{"id": "twin", "card": "Elvish Clancaller"}, {"id": "bear", "card": "Test Bear"}]}
    got, afters = run([CLANCALLER, BEAR], board, ["activate caller 1", "resolve"],
                      mana_pool={"alice": "{G}{G}{C}{C}{C}{C}"}, library=library)
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    # 201.2a: the other card of its name; never the bear (701.23a); or none (701.23b)
    onto = sorted(tuple(k for k in ("twin", "bear") if a.get(k, {}).get("zone") == "battlefield") for a in afters)
    assert onto == [(), ("twin",)], afters


DOMRI = ("Domri, Anarch of Bolas", "Legendary Planeswalker — Domri",
         "-2: Target creature you control fights target creature you don't control.")
GRIZZLY = ("Test Grizzly", "Creature — Bear", "")


def test_a_creature_you_dont_control_is_read():
    does, target = effect_of(DOMRI, 1)
    assert does == [{"fight": {"what": "targets"}}]
    assert target == [{"filter": ["creature"], "controller": "you"}, {"filter": ["creature"], "controller": "not_you"}]


def _domri(second):
    board = [{"id": "domri", "card": "Domri, Anarch of Bolas", "controller": "alice", "counters": {"loyalty": 3}},
             {"id": "mine", "card": "Test Bear", "controller": "alice"},
             {"id": "mine2", "card": "Test Grizzly", "controller": "alice"},
             {"id": "theirs", "card": "Test Grizzly", "controller": "bob"}]
    return run([DOMRI, BEAR, GRIZZLY], board, [f"activate domri 1 targeting mine {second}", "resolve"])


def test_domri_fights_a_creature_another_player_controls():
    got, afters = _domri("theirs")
    (r,) = got.results
    assert r.illegal is None, r.illegal
    # 701.14a: each 1/1 deals damage equal to its power to the other, and both die (704.5g)
    assert afters[0]["mine"]["zone"] == "graveyard" and afters[0]["theirs"]["zone"] == "graveyard", afters[0]
    assert afters[0]["domri"]["counters"] == {"loyalty": 1}


def test_domri_cannot_target_a_second_creature_of_its_controller():
    got, _ = _domri("mine2")
    (r,) = got.results
    assert r.illegal is not None     # 115.1: "you don't control" excludes your own


RISHKAR = ("Rishkar, Peema Renegade", "Legendary Creature — Elf Druid", (
    "When Rishkar, Peema Renegade enters the battlefield, put a +1/+1 counter on each of up to two target creatures.\n"
    "Each creature you control with a counter on it has \"{T}: Add {G}.\""))
MENTOR = ("Test Mentor", "Creature — Elf", "{T}: Put a +1/+1 counter on each of up to two target creatures.")
LANTERN = ("Jack-o'-Lantern", "Artifact", (
    "{1}, {T}, Sacrifice Jack-o'-Lantern: Exile up to one target card from a graveyard. Draw a card.\n"
    "{1}, Exile Jack-o'-Lantern from your graveyard: Add one mana of any color."))


def test_up_to_two_target_creatures_is_read():
    c = compiled(*RISHKAR)
    trig = c.card["abilities"][0]["triggered"]
    assert trig["does"] == [{"counters": {"what": "targets", "kind": "+1/+1", "count": 1}}]
    assert trig["target"] == {"filter": ["creature"], "count": 2, "up_to": True}


def _mentor(targets):
    board = [{"id": "mentor", "card": "Test Mentor", "controller": "alice"},
             {"id": "bear", "card": "Test Bear", "controller": "alice"},
             {"id": "grizzly", "card": "Test Grizzly", "controller": "bob"}]
    got, afters = run([MENTOR, BEAR, GRIZZLY], board, [f"activate mentor 1{targets}", "resolve"])
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    return sorted(tuple(k for k in ("mentor", "bear", "grizzly") if a.get(k, {}).get("counters")) for a in afters)


def test_a_counter_on_each_of_the_targets_chosen():
    assert _mentor(" targeting bear grizzly") == [("bear", "grizzly")]
    assert _mentor(" targeting bear") == [("bear",)]


def test_up_to_two_targets_may_be_none_one_or_two():
    # 115.6: zero, one or two different creatures (115.3), each set of them one outcome; with none
    # chosen it is not targeted and resolves doing nothing (608.2b does not remove it)
    got = _mentor("")
    assert got == sorted([(), ("mentor",), ("bear",), ("grizzly",), ("mentor", "bear"), ("mentor", "grizzly"),
                          ("bear", "grizzly")]), got


def test_jack_o_lantern_with_no_target_still_draws():
    board = [{"id": "jack", "card": "Jack-o'-Lantern", "controller": "alice"}]
    got, afters = run([LANTERN, BEAR], board, ["activate jack 1", "resolve"], mana_pool={"alice": "{C}"},
                      graveyard={"bob": [{"id": "dead", "card": "Test Bear"}]},
                      library={"alice": [{"id": "top", "card": "Test Bear"}]})
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    ways = sorted((a.get("dead", {}).get("zone", "graveyard"), a["top"]["zone"]) for a in afters)
    # the card exiled or not (115.6), a card drawn either way (608.2b: none chosen, so it resolves)
    assert ways == [("exile", "hand"), ("graveyard", "hand")], afters
