"""The long tail of Land cards, lands7's part (issue 13): "Look at the top N cards of your library.
You may reveal a [kind] card from among them and put it into your hand. Put the rest on the bottom
of your library in any order." (the action `dig`: 401.4, 701.22a's look; asp/library.lp), real
pool lines (AtomicCards 2024-03 wording, the card named)."""

from __future__ import annotations

from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

AZCANTA = ("Azcanta, the Sunken Ruin", "Legendary Land", (
    "(Transforms from Search for Azcanta.)\n{T}: Add {U}.\n{2}{U}, {T}: Look at the top four cards of your library. "
    "You may reveal a noncreature, nonland card from among them and put it into your hand. Put the rest on the "
    "bottom of your library in any order."))
MEMORIAL = ("Memorial to Unity", "Land", (
    "Memorial to Unity enters the battlefield tapped.\n{T}: Add {G}.\n{2}{G}, {T}, Sacrifice Memorial to Unity: "
    "Look at the top five cards of your library. You may reveal a creature card from among them and put it into "
    "your hand. Then put the rest on the bottom of your library in a random order."))
COMMUNE = ("Commune with Nature", "Sorcery", (
    "Look at the top five cards of your library. You may reveal a creature card from among them and put it into "
    "your hand. Put the rest on the bottom of your library in any order."))
SEEK = ("Seek the Wilds", "Sorcery", (
    "Look at the top four cards of your library. You may reveal a creature or land card from among them and put it "
    "into your hand. Put the rest on the bottom of your library in any order."))
BEAR = ("Test Bear", "Creature — Bear", "")
BOLT = ("Test Bolt", "Instant", "")


def test_the_compiler_reads_the_look_as_one_dig():
    does, target = effect_of(AZCANTA, 3)
    assert target is None
    assert does == [{"dig": {"count": 4, "filter": ["noncreature", "nonland"], "order": "any"}}]
    does, _ = effect_of(MEMORIAL, 3)
    assert does == [{"dig": {"count": 5, "filter": ["creature"], "order": "random"}}]
    assert compiled(*SEEK).card["abilities"][0]["spell"]["does"] == [
        {"dig": {"count": 4, "any_of": [["creature"], ["land"]], "order": "any"}}]
    assert compiled(*COMMUNE).fully_compiled


def test_a_look_left_unfinished_is_not_read():
    c = compiled("Test Look", "Land", "{1}, {T}: Look at the top three cards of your library. You may reveal a "
                 "creature card from among them and put it into your hand.")
    assert not c.fully_compiled
    assert c.lines[0].status == "partial"


def _azcanta(library):
    return run([AZCANTA, BEAR, BOLT],
               [{"id": "azcanta", "card": "Azcanta, the Sunken Ruin", "controller": "alice"}],
               ["activate azcanta 3", "resolve"], mana_pool={"alice": "{U}{C}{C}"},
               library={"alice": library})


def test_azcanta_puts_at_most_one_noncreature_nonland_card_into_the_hand_and_the_rest_on_the_bottom():
    library = [{"id": "bear", "card": "Test Bear"}, {"id": "bolt", "card": "Test Bolt"},
               {"id": "island", "card": "Island"}, {"id": "bolt2", "card": "Test Bolt"},
               {"id": "fifth", "card": "Island"}]
    got, afters = _azcanta(library)
    assert got.results and all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    to_hand = sorted(tuple(sorted(i for i, o in a.items() if o.get("zone") == "hand")) for a in afters)
    # no creature or land card; one of the two Bolts, or none ("may")
    assert set(to_hand) == {(), ("bolt",), ("bolt2",)}
    # the rest on the bottom in each order (401.4): 4! with none kept, 3! with either Bolt
    assert len(afters) == 24 + 6 + 6
    looked = ("bear", "bolt", "island", "bolt2")
    for a, start in ((a, {c["id"]: i for i, c in enumerate(library)}) for a in afters):
        place = {i: a.get(i, {}).get("position", start[i]) for i in looked if a.get(i, {}).get("zone") != "hand"}
        assert a["fifth"]["position"] == 0          # the card not looked at is now on top
        assert sorted(place.values()) == list(range(1, len(place) + 1))
        assert a.get("bear", {}).get("zone", "library") == "library"


def test_a_look_beyond_the_bound_is_refused_not_guessed():
    """Memorial to Unity looks at five cards: more than asp/library.lp's look bound (4), every
    order of which would be an outcome; the what-if says so rather than answering."""
    library = [{"id": f"c{i}", "card": "Test Bear"} for i in range(6)]
    got, _ = run([MEMORIAL, BEAR], [{"id": "memorial", "card": "Memorial to Unity", "controller": "alice"}],
                 ["activate memorial 3", "resolve"], mana_pool={"alice": "{G}{C}{C}"}, library={"alice": library})
    assert got.results and all(r.illegal and "more than 4 cards" in str(r.illegal) for r in got.results)
