"""The long tail of Land cards, round 5 (issue 13): one target of several kinds (CR 115.1, 109.2),
real pool lines (AtomicCards 2024-03 wording, the card named) read by the compiler
(translator/compiler/land_tail.py, effects.py's graveyard cards) into `target: {any_of: ...}`,
and what asp/targets.lp makes of it: a candidate matching any one of the kinds is legal."""

from __future__ import annotations

from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

ANIMAL = ("Animal Sanctuary", "Land",
          "{T}: Add {C}.\n{2}, {T}: Put a +1/+1 counter on target Bird, Cat, Dog, Goat, Ox, or Snake.")
SWARMYARD = ("Swarmyard", "Land", (
    "{T}: Add {C}.\n{T}: Regenerate target Insect, Rat, Spider, or Squirrel. (The next time it would be destroyed, "
    "instead tap it, remove it from combat, and heal all damage on it.)"))
HAVEN = ("Haven of the Spirit Dragon", "Land", (
    "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Dragon creature spell.\n"
    "{2}, {T}, Sacrifice Haven of the Spirit Dragon: Return target Dragon creature card or Ugin planeswalker card "
    "from your graveyard to your hand."))
CAT = ("Test Cat", "Creature — Cat", "")
ELK = ("Test Elk", "Creature — Elk", "")
DRAGON = ("Test Dragon", "Creature — Dragon", "")
UGIN = ("Test Ugin", "Legendary Planeswalker — Ugin", "")
GOBLIN = ("Test Goblin", "Creature — Goblin", "")


def test_the_compiler_reads_a_target_of_several_kinds():
    does, target = effect_of(ANIMAL, 2)
    assert does == [{"counters": {"kind": "+1/+1", "what": "target"}}]
    assert target == {"any_of": [["bird"], ["cat"], ["dog"], ["goat"], ["ox"], ["snake"]]}
    assert compiled(*SWARMYARD).card["abilities"][1]["activated"]["target"] == \
        {"any_of": [["insect"], ["rat"], ["spider"], ["squirrel"]]}
    does, target = effect_of(HAVEN, 3)
    assert does == [{"move": {"what": "target", "to": "hand"}}]
    assert target == {"any_of": [["dragon", "creature"], ["ugin", "planeswalker"]], "zone": "graveyard", "owner": "you"}


def _sanctuary(target: str):
    board = [{"id": "sanctuary", "card": "Animal Sanctuary", "controller": "alice"},
             {"id": "cat", "card": "Test Cat", "controller": "alice"},
             {"id": "elk", "card": "Test Elk", "controller": "alice"}]
    return run([ANIMAL, CAT, ELK], board, [f"activate sanctuary 2 targeting {target}", "resolve"],
               mana_pool={"alice": "{C}{C}"})


def test_animal_sanctuary_counters_a_cat_and_not_an_elk():
    got, afters = _sanctuary("cat")
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["cat"]["counters"] == {"+1/+1": 1}
    got, _ = _sanctuary("elk")                  # an Elk is none of the six kinds (115.1)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def _haven(target: str):
    board = [{"id": "haven", "card": "Haven of the Spirit Dragon", "controller": "alice"}]
    yard = {"alice": [{"id": "dragon", "card": "Test Dragon"}, {"id": "ugin", "card": "Test Ugin"},
                      {"id": "goblin", "card": "Test Goblin"}]}
    return run([HAVEN, DRAGON, UGIN, GOBLIN], board, [f"activate haven 3 targeting {target}", "resolve"],
               mana_pool={"alice": "{C}{C}"}, graveyard=yard)


def test_haven_returns_an_ugin_card_but_not_a_goblin():
    got, afters = _haven("ugin")                # the second kind: an Ugin planeswalker card (109.2)
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["ugin"]["zone"] == "hand"
    got, afters = _haven("dragon")
    assert afters[0]["dragon"]["zone"] == "hand"
    got, _ = _haven("goblin")
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]
