"""Effects on libraries and the bounce lands' enters abilities (asp/effects.lp): scry (701.22a),
surveil (701.25a), "return a land you control to its owner's hand", "sacrifice it unless ..."
(118.12a), searching a library (701.23) and a shuffled library's unknown order (701.24a)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def activated(name: str, text: str, does: list) -> dict:
    """A test artifact with one ability "{T}: <text>" doing `does`."""
    return {"name": name, "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": f"{{T}}: {text}",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": text, "does": does}}]}


def run(actions, cards=(), battlefield=(), **zones):
    state = load_state({**BASE, "cards": list(cards), "battlefield": list(battlefield), **zones})
    return Session(state).what_if(actions)


def library(result, player: str = "alice") -> tuple[str, ...]:
    """A player's library after an outcome, top first; a card of unknown place is `?id`."""
    cards = sorted((z for z in result.state.zones if z.zone == "library" and z.owner == player),
                   key=lambda z: z.position)
    return tuple(("?" if z.order_unknown else "") + z.id for z in cards)


def zone_of(result, oid: str) -> str:
    if result.state.permanent(oid) is not None:
        return "battlefield"
    return next(z.zone for z in result.state.zones if z.id == oid)


LIB3 = {"library": {"alice": [{"id": "a", "card": "Forest"}, {"id": "b", "card": "Island"},
                              {"id": "c", "card": "Swamp"}]}}


def scryer(n: int, then_draw: bool = False, kind: str = "scry") -> dict:
    does = [{kind: {"count": n}}] + ([{"draw": {"count": 1}}] if then_draw else [])
    text = f"{kind.capitalize()} {n}" + (", then draw a card." if then_draw else ".")
    return activated("Test Scryer", text, does)


SCRYER = [{"id": "s", "card": "Test Scryer", "controller": "alice"}]


# -- scry (701.22a) ---------------------------------------------------------------------------------

def test_scry_two_gives_every_order_of_top_and_bottom():
    # 701.22a: any number on the bottom in any order, the rest on top in any order: (2+1)! = 6
    # libraries, the third card between those kept on top and those put on the bottom.
    got = run(["activate s 1", "resolve"], [scryer(2)], SCRYER, **LIB3)
    assert sorted(library(r) for r in got.results) == sorted([
        ("a", "b", "c"), ("b", "a", "c"),                   # both on top
        ("a", "c", "b"), ("b", "c", "a"),                   # one on top, the other on the bottom
        ("c", "a", "b"), ("c", "b", "a")])                  # both on the bottom, in either order


def test_scry_of_a_whole_library_gives_each_order_once():
    # With no card left below them, a card on top and one on the bottom is the same library as
    # both on top: distinct libraries are the outcomes, 2! not 3!.
    lib = {"library": {"alice": [{"id": "a", "card": "Forest"}, {"id": "b", "card": "Island"}]}}
    got = run(["activate s 1", "resolve"], [scryer(2)], SCRYER, **lib)
    assert sorted(library(r) for r in got.results) == [("a", "b"), ("b", "a")]


def test_scry_then_draw_draws_the_card_the_scry_left_on_top():
    # Preordain-like "Scry 1, then draw a card" (608.2c: in the order written): kept on top, the
    # first card is drawn; put on the bottom, the second is.
    got = run(["activate s 1", "resolve"], [scryer(1, then_draw=True)], SCRYER, **LIB3)
    assert sorted((zone_of(r, "a"), zone_of(r, "b"), library(r)) for r in got.results) == [
        ("hand", "library", ("b", "c")),
        ("library", "hand", ("c", "a"))]


def test_scry_above_the_bound_is_refused_with_its_rule():
    # five cards looked at: refused (a library of 4 or fewer gives up all its cards, 701.22a: below)
    lib = {"library": {"alice": [{"id": i, "card": "Forest"} for i in "abcde"]}}
    got = run(["activate s 1", "resolve"], [scryer(5)], SCRYER, **lib)
    (result,) = got.results
    assert result.illegal is not None
    why = "not modelled: looking at more than 4 cards (every order they can be put back in is an outcome)"
    assert ("701.22a", why) in result.illegal.why


def test_scry_of_more_cards_than_the_library_holds_looks_at_them_all():
    # 701.22a: "Scry 5" with three cards looks at the three; every order of them is an outcome
    got = run(["activate s 1", "resolve"], [scryer(5)], SCRYER, **LIB3)
    assert all(r.illegal is None for r in got.results)
    assert len({library(r) for r in got.results}) == 6


def test_scry_changes_are_decoded_and_printed():
    got = run(["activate s 1", "resolve"], [scryer(1)], SCRYER, **LIB3)
    bottom = next(r for r in got.results if library(r) == ("b", "c", "a"))
    placed = [c.change for c in bottom.changes if c.change.name == "library_place"]
    assert [c.to_json() for c in placed] == [{"change": "library_place", "object": "a", "position": 2, "size": 3}]
    assert placed[0].text() == "a is put on the bottom of its owner's library (3 cards)"
    assert "701.22a" in {rule for c in bottom.changes for rule, _ in c.rules}


# -- surveil (701.25a) ------------------------------------------------------------------------------

def test_surveil_two_puts_any_number_into_the_graveyard_and_the_rest_on_top():
    got = run(["activate s 1", "resolve"], [scryer(2, kind="surveil")], SCRYER, **LIB3)
    outcomes = sorted((library(r), tuple(sorted(z.id for z in r.state.zones if z.zone == "graveyard")))
                      for r in got.results)
    assert outcomes == sorted([
        (("a", "b", "c"), ()), (("b", "a", "c"), ()),
        (("b", "c"), ("a",)), (("a", "c"), ("b",)),
        (("c",), ("a", "b"))])


# -- a shuffled library (701.24a) -------------------------------------------------------------------

def test_a_draw_from_a_shuffled_library_may_be_any_card_one_outcome_per_name():
    # The state's shuffled part has no order: the draw step's draw is any of its cards; the two
    # Forests are one outcome. Nothing tells which card is where afterwards either.
    state = {"turn": {"number": 5, "active": "alice", "step": "upkeep"},
             "library": {"alice": [{"shuffled": [{"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"},
                                                 {"id": "i", "card": "Island"}]}]}}
    got = run(["next step"], **state)
    assert sorted((next(z.id for z in r.state.zones if z.zone == "hand"), sorted(library(r)))
                  for r in got.results) == [("f1", ["?f2", "?i"]), ("i", ["?f1", "?f2"])]
    for r in got.results:
        after = r.to_json(got.start)["after"]
        assert all(v["position"] == "unknown" for v in after.values() if v.get("zone") == "library")


def test_cards_known_on_top_of_a_shuffled_library_are_drawn_first():
    state = {"turn": {"number": 5, "active": "alice", "step": "upkeep"},
             "library": {"alice": [{"id": "top", "card": "Swamp"},
                                   {"shuffled": [{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"}]}]}}
    got = run(["next step"], **state)
    (result,) = got.results
    assert zone_of(result, "top") == "hand"
    assert set(library(result)) == {"?f", "?i"}


def test_scry_of_a_shuffled_library_looks_at_any_card_and_makes_it_known():
    lib = {"library": {"alice": [{"shuffled": [{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"},
                                               {"id": "s2", "card": "Swamp"}]}]}}
    got = run(["activate s 1", "resolve"], [scryer(1)], SCRYER, **lib)
    # each card could be the top one (3), kept on top or put on the bottom (2): 6 outcomes, the
    # card looked at known on top or at the bottom, the other two still of unknown place
    libs = sorted(library(r) for r in got.results)
    assert len(libs) == 6
    for lib_ in libs:
        known = [c for c in lib_ if not c.startswith("?")]
        assert len(known) == 1 and (lib_[0] in known or lib_[-1] in known)
    assert {lib_[0] for lib_ in libs if not lib_[0].startswith("?")} == {"f", "i", "s2"}


@pytest.mark.parametrize("library_, message", [
    ({"alice": [{"shuffled": ["Forest"]}, "Island", {"shuffled": ["Swamp"]}]}, "one part whose order is unknown"),
    ({"alice": [{"shuffled": "Forest"}]}, "with a list of cards"),
])
def test_a_shuffled_part_of_a_library_is_checked(library_, message):
    with pytest.raises(InputError, match=message) as e:
        load_state({**BASE, "library": library_})
    assert "library.alice[" in str(e.value) and ".shuffled" in str(e.value)


def test_only_a_library_has_a_shuffled_part():
    with pytest.raises(InputError, match="only a library") as e:
        load_state({**BASE, "hand": {"alice": [{"shuffled": ["Forest"]}]}})
    assert "hand.alice[0].shuffled" in str(e.value)


def test_the_top_card_of_a_shuffled_library_is_refused_not_taken_as_none():
    card = activated("Test Peek", "Exile the top card of your library.",
                     [{"move": {"what": "top_of_library", "to": "exile"}}])
    got = run(["activate p 1", "resolve"], [card], [{"id": "p", "card": "Test Peek", "controller": "alice"}],
              library={"alice": [{"shuffled": ["Forest", "Island"]}]})
    (result,) = got.results
    assert result.illegal is not None and "701.24a" in {r for r, _ in result.illegal.why}


# -- searching (701.23) -----------------------------------------------------------------------------

def face(name: str, type_: str, text: str, **more) -> dict:
    return compile_face({"name": name, "type": type_, "text": text, **more}).card


EVOLVING_WILDS = face("Evolving Wilds", "Land", "{T}, Sacrifice Evolving Wilds: Search your library for a basic "
                      "land card, put it onto the battlefield tapped, then shuffle.")


def test_evolving_wilds_finds_a_basic_land_tapped_or_none_and_shuffles():
    lib = {"library": {"alice": [{"id": "f1", "card": "Forest"}, {"id": "f2", "card": "Forest"},
                                 {"id": "i", "card": "Island"}, {"id": "m", "card": "Grim Monolith"}]}}
    got = run(["activate w 1", "resolve"], [EVOLVING_WILDS],
              [{"id": "w", "card": "Evolving Wilds", "controller": "alice"}], **lib)
    found = sorted(next((p.id for p in r.state.battlefield if p.card in ("Forest", "Island")), "none")
                   for r in got.results)
    # 701.23b: a search for a quality may find none; the two Forests are one outcome (the library
    # is shuffled after); the Monolith is no basic land
    assert found == ["f1", "i", "none"]
    for r in got.results:
        lands = [p for p in r.state.battlefield if p.card in ("Forest", "Island")]
        assert all(p.tapped for p in lands)                       # 110.5b
        assert all(c.startswith("?") for c in library(r))        # 701.24a
        assert "shuffled" in [c.change.name for c in r.changes]
    none = next(r for r in got.results if not any(p.card in ("Forest", "Island") for p in r.state.battlefield))
    assert "701.23b" in {rule for c in none.changes for rule, _ in c.rules}


POLLUTED_DELTA = face("Polluted Delta", "Land", "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your library "
                      "for an Island or Swamp card, put it onto the battlefield, then shuffle.")


def test_a_fetch_land_finds_either_type_untapped():
    lib = {"library": {"alice": [{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"},
                                 {"id": "s2", "card": "Swamp"}]}}
    got = run(["activate d 1", "resolve"], [POLLUTED_DELTA],
              [{"id": "d", "card": "Polluted Delta", "controller": "alice"}], life={"alice": 20}, **lib)
    found = sorted(next((p.id for p in r.state.battlefield if p.id in ("f", "i", "s2")), "none") for r in got.results)
    assert found == ["i", "none", "s2"]
    assert all(not p.tapped for r in got.results for p in r.state.battlefield if p.id in ("i", "s2"))
    assert {dict(r.state.life)["alice"] for r in got.results} == {19}


DEMONIC_TUTOR = face("Demonic Tutor", "Sorcery", "Search your library for a card, put that card into your hand, "
                     "then shuffle.", manaCost="{1}{B}")


def test_a_search_for_a_card_must_find_one():
    # 701.23d: "a card" has no quality: the player finds one if there is one.
    lib = {"library": {"alice": [{"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"}]}}
    got = run(["cast t", "resolve"], [DEMONIC_TUTOR], hand={"alice": [{"id": "t", "card": "Demonic Tutor"}]},
              mana_pool={"alice": "{B}{B}"}, **lib)
    assert sorted(next(z.id for z in r.state.zones if z.zone == "hand") for r in got.results) == ["f", "i"]


def test_a_search_then_a_draw_in_one_effect_is_refused():
    card = activated("Test Seeker", "Search your library for a card, put it into your hand, then shuffle. Draw a card.",
                     [{"search": {"to": "hand", "shuffle": True}}, {"draw": {"count": 1}}])
    got = run(["activate k 1", "resolve"], [card], [{"id": "k", "card": "Test Seeker", "controller": "alice"}],
              **LIB3)
    assert {r.illegal.why[0][0] for r in got.results if r.illegal} == {"608.2c"}
    assert all(r.illegal for r in got.results)


# -- the bounce lands and "sacrifice it unless" (118.12a) ---------------------------------------------

AZORIUS_CHANCERY = face("Azorius Chancery", "Land", "Azorius Chancery enters the battlefield tapped.\nWhen Azorius "
                        "Chancery enters the battlefield, return a land you control to its owner's hand.\n"
                        "{T}: Add {W}{U}.")


def test_a_bounce_land_returns_a_land_its_controller_chooses_itself_included():
    got = run(["play ch", "resolve"], [AZORIUS_CHANCERY],
              [{"id": "p", "card": "Plains", "controller": "alice"}, {"id": "x", "card": "Island", "controller": "bob"}],
              hand={"alice": [{"id": "ch", "card": "Azorius Chancery"}]})
    assert sorted((zone_of(r, "p"), zone_of(r, "ch"), zone_of(r, "x")) for r in got.results) == [
        ("battlefield", "hand", "battlefield"), ("hand", "battlefield", "battlefield")]


CATACOMBS = face("Crosis's Catacombs", "Land — Lair", "When Crosis's Catacombs enters the battlefield, sacrifice it "
                 "unless you return a non-Lair land you control to its owner's hand.\n{T}: Add {U}, {B}, or {R}.")


def test_a_lair_returns_a_non_lair_land_or_is_sacrificed():
    got = run(["play cc", "resolve"], [CATACOMBS],
              [{"id": "i", "card": "Island", "controller": "alice"},
               {"id": "lair2", "card": "Crosis's Catacombs", "controller": "alice"}],
              hand={"alice": [{"id": "cc", "card": "Crosis's Catacombs"}]})
    # the other Lair is no choice; not returning the Island sacrifices the Catacombs (701.21a)
    assert sorted((zone_of(r, "cc"), zone_of(r, "i"), zone_of(r, "lair2")) for r in got.results) == [
        ("battlefield", "hand", "battlefield"), ("graveyard", "battlefield", "battlefield")]


KAROO = face("Karoo", "Land", "Karoo enters the battlefield tapped.\nWhen Karoo enters the battlefield, sacrifice it "
             "unless you return an untapped Plains you control to its owner's hand.\n{T}: Add {C}{W}.")


def test_karoo_returns_an_untapped_plains_only():
    # a tapped Plains is no choice; not returning one sacrifices Karoo (118.12a, 701.21a)
    got = run(["play k", "resolve"], [KAROO],
              [{"id": "up", "card": "Plains", "controller": "alice"},
               {"id": "tp", "card": "Plains", "controller": "alice", "tapped": True},
               {"id": "i", "card": "Island", "controller": "alice"}],
              hand={"alice": [{"id": "k", "card": "Karoo"}]})
    assert sorted((zone_of(r, "k"), zone_of(r, "up"), zone_of(r, "tp"), zone_of(r, "i")) for r in got.results) == [
        ("battlefield", "hand", "battlefield", "battlefield"),
        ("graveyard", "battlefield", "battlefield", "battlefield")]


PROMENADE = face("Transguild Promenade", "Land", "Transguild Promenade enters the battlefield tapped.\nWhen Transguild "
                 "Promenade enters the battlefield, sacrifice it unless you pay {1}.\n{T}: Add one mana of any color.")


@pytest.mark.parametrize("pool, outcomes", [
    ("{G}", [("battlefield", ""), ("graveyard", "{G}")]),     # pay {1} with {G}, or don't
    ("", [("graveyard", "")]),                                 # nothing to pay with
])
def test_sacrifice_unless_you_pay_is_paid_from_the_pool(pool, outcomes):
    got = run(["play tp", "resolve"], [PROMENADE], hand={"alice": [{"id": "tp", "card": "Transguild Promenade"}]},
              mana_pool={"alice": pool} if pool else {})
    assert sorted((zone_of(r, "tp"), "".join(f"{{{t}}}" * n for t, n in dict(r.state.mana_pool).get("alice", ())))
                  for r in got.results) == outcomes
    paid = [r for r in got.results if zone_of(r, "tp") == "battlefield"]
    for r in paid:
        assert "118.12a" in {rule for c in r.changes for rule, _ in c.rules}


# -- the compiler's sentences (translator/compiler/effects.py), real lines of the pool ------------

@pytest.mark.parametrize("face, line, does", [
    # Temple of Mystery, line 2
    ({"name": "Temple of Mystery", "type": "Land", "text": "Temple of Mystery enters the battlefield tapped.\nWhen "
      "Temple of Mystery enters the battlefield, scry 1.\n{T}: Add {G} or {U}."}, 2, [{"scry": {"count": 1}}]),
    # Preordain (reminder text dropped)
    ({"name": "Preordain", "type": "Sorcery", "text": "Scry 2, then draw a card. (To scry 2, look at the top two "
      "cards of your library, then put any number of them on the bottom of your library and the rest on top in any "
      "order.)"}, 1, [{"scry": {"count": 2}}, {"draw": {"count": 1}}]),
    # Doom Whisperer, line 2
    ({"name": "Doom Whisperer", "type": "Creature — Nightmare Demon", "power": "6", "toughness": "6",
      "text": "Flying, trample\nPay 2 life: Surveil 2."}, 2, [{"surveil": {"count": 2}}]),
    # Azorius Chancery, line 2 (the bounce lands)
    ({"name": "Azorius Chancery", "type": "Land", "text": "Azorius Chancery enters the battlefield tapped.\nWhen "
      "Azorius Chancery enters the battlefield, return a land you control to its owner's hand.\n{T}: Add {W}{U}."}, 2,
     [{"move": {"what": "one", "filter": ["land"], "controller": "you", "to": "hand"}}]),
    # Crosis's Catacombs, line 1 (the Lairs)
    ({"name": "Crosis's Catacombs", "type": "Land — Lair", "text": "When Crosis's Catacombs enters the battlefield, "
      "sacrifice it unless you return a non-Lair land you control to its owner's hand.\n{T}: Add {U}, {B}, or {R}."}, 1,
     [{"sacrifice": {"what": "self", "unless_return": ["non-lair", "land"]}}]),
    # Karoo, line 2 (the Mercadian Masques bounce lands)
    ({"name": "Karoo", "type": "Land", "text": "Karoo enters the battlefield tapped.\nWhen Karoo enters the battlefield, "
      "sacrifice it unless you return an untapped Plains you control to its owner's hand.\n{T}: Add {C}{W}."}, 2,
     [{"sacrifice": {"what": "self", "unless_return": ["plains"], "unless_untapped": True}}]),
    # Transguild Promenade, line 2
    ({"name": "Transguild Promenade", "type": "Land", "text": "Transguild Promenade enters the battlefield tapped.\n"
      "When Transguild Promenade enters the battlefield, sacrifice it unless you pay {1}.\n"
      "{T}: Add one mana of any color."}, 2, [{"sacrifice": {"what": "self", "unless_pay": "{1}"}}]),
    # Justice, line 1
    ({"name": "Justice", "type": "Enchantment", "text": "At the beginning of your upkeep, sacrifice Justice unless "
      "you pay {W}{W}.\nWhenever a red creature or spell deals damage, Justice deals that much damage to that "
      "creature's or spell's controller."}, 1, [{"sacrifice": {"what": "self", "unless_pay": "{W}{W}"}}]),
    # Evolving Wilds
    ({"name": "Evolving Wilds", "type": "Land", "text": "{T}, Sacrifice Evolving Wilds: Search your library for a "
      "basic land card, put it onto the battlefield tapped, then shuffle."}, 1,
     [{"search": {"filter": ["basic", "land"], "to": "battlefield", "tapped": True, "shuffle": True}}]),
    # Polluted Delta
    ({"name": "Polluted Delta", "type": "Land", "text": "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your "
      "library for an Island or Swamp card, put it onto the battlefield, then shuffle."}, 1,
     [{"search": {"any_of": [["island"], ["swamp"]], "to": "battlefield", "shuffle": True}}]),
    # Demonic Tutor
    ({"name": "Demonic Tutor", "type": "Sorcery", "text": "Search your library for a card, put that card into your "
      "hand, then shuffle."}, 1, [{"search": {"to": "hand", "shuffle": True}}]),
    # Kodama's Reach-like "up to two", from a trigger: "you may search ..." (Yavimaya Dryad-like)
    ({"name": "Wood Elves", "type": "Creature — Elf Scout", "power": "1", "toughness": "1",
      "text": "When Wood Elves enters the battlefield, search your library for a Forest card, put that card onto the "
      "battlefield, then shuffle."}, 1, [{"search": {"filter": ["forest"], "to": "battlefield", "shuffle": True}}]),
    ({"name": "Borderland Ranger", "type": "Creature — Human Scout", "power": "2", "toughness": "2",
      "text": "When Borderland Ranger enters the battlefield, you may search your library for a basic land card, "
      "reveal it, put it into your hand, then shuffle."}, 1,
     [{"search": {"filter": ["basic", "land"], "to": "hand", "shuffle": True, "may": True}}]),
])
def test_a_library_sentence_compiles_to_its_actions(face, line, does):
    from mtg_asp.translator.cards import parse_card
    from mtg_asp.translator.compiler import COMPILED
    compiled = compile_face(face)
    parse_card(compiled.card, "test")
    entry = compiled.card["abilities"][line - 1]
    body = next(v for k, v in entry.items() if k != "line")
    assert (body["does"], compiled.lines[line - 1].status) == (does, COMPILED)


@pytest.mark.parametrize("text", [
    "Search your library for a card named Test Card or an Equipment card, reveal it, put it into your hand, then shuffle.",
    "Search your library for a creature card with mana value 3 or less, put it onto the battlefield, then shuffle.",
    "Search your library for up to two cards, put them into your hand, then shuffle.",
    "Search your library for a card, then shuffle and put that card on top.",
])
def test_a_search_the_vocabulary_cannot_say_stays_words(text):
    compiled = compile_face({"name": "Test Card", "type": "Sorcery", "text": text})
    assert "spell" not in compiled.card["abilities"][0] or "does" not in compiled.card["abilities"][0]["spell"]


def test_a_compiled_scry_land_scries_as_it_enters():
    temple = face("Temple of Mystery", "Land", "Temple of Mystery enters the battlefield tapped.\nWhen Temple of "
                  "Mystery enters the battlefield, scry 1.\n{T}: Add {G} or {U}.")
    got = run(["play t", "resolve"], [temple], hand={"alice": [{"id": "t", "card": "Temple of Mystery"}]}, **LIB3)
    assert sorted(library(r) for r in got.results) == [("a", "b", "c"), ("b", "c", "a")]


def test_the_board_does_not_give_a_shuffled_card_a_place():
    # 701.24a: the board lists a library in the state's order; a shuffled card says its place is
    # unknown, a card known on top does not
    state = load_state({**BASE, "library": {"alice": [{"id": "top", "card": "Swamp"},
                                                      {"shuffled": [{"id": "f", "card": "Forest"}]}]}})
    board = Session(state).board()
    cards = board.to_json()["cards"]
    assert cards["f"]["order_unknown"] is True and "order_unknown" not in cards["top"]
    text = board.to_text()
    assert "f: Forest: basic land — forest; colorless (its place in the library is unknown" in text
    assert "top: Swamp: basic land — swamp; colorless\n" in text
