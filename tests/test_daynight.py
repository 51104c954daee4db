"""Day and night (issue 13, dfc; asp/daynight.lp): the state's `day_night:`, the keywords
daybound and nightbound on real pool lines, and the what-if's untap-step check and transforms
(731.1, 502.2, 731.2a-c, 702.145b-g)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled

NATURALIST = ("Kessig Naturalist", "Creature — Human Werewolf", (
    "Whenever Kessig Naturalist attacks, add {R} or {G}. Until end of turn, you don't lose this mana as steps and "
    "phases end.\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)"))
LORD = ("Lord of the Ulvenwald", "Creature — Werewolf", (
    "Other Wolves and Werewolves you control get +1/+1.\n"
    "Whenever Lord of the Ulvenwald attacks, add {R} or {G}. Until end of turn, you don't lose this mana as steps and "
    "phases end.\nNightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)"))
WEAVER = ("Weaver of Blossoms", "Creature — Human Werewolf", (
    "{T}: Add one mana of any color.\n"
    "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)"))
BLOSSOM_CLAD = ("Blossom-Clad Werewolf", "Creature — Werewolf", (
    "{T}: Add two mana of any one color.\n"
    "Nightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)"))
NAT = {"id": "n", "card": "Kessig Naturalist", "controller": "alice", "other_face": "Lord of the Ulvenwald"}


def _what_if(board, actions, step="cleanup", **extra):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": step},
                        "cards": [compiled(*s).card for s in (NATURALIST, LORD, WEAVER, BLOSSOM_CLAD)],
                        "battlefield": board, **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return got, [r.after(got.start) for r in got.results]


def test_daybound_and_nightbound_are_keywords():
    for spec, word in ((NATURALIST, "daybound"), (WEAVER, "daybound"), (BLOSSOM_CLAD, "nightbound")):
        c = compiled(*spec)
        assert c.fully_compiled
        assert c.card["abilities"][-1]["keywords"] == [word]


def test_a_turn_with_no_spells_makes_it_night_and_daybound_transforms():
    got, afters = _what_if([NAT], ["next step"], day_night="day")
    (r,) = got.results
    assert r.illegal is None
    assert [c.change.name for c in r.changes if c.change.name in ("day_night", "transform")] == ["day_night", "transform"]
    assert afters[0]["day_night"] == "night"
    assert afters[0]["n"]["card"] == "Lord of the Ulvenwald" and afters[0]["n"]["back_face_up"]


def test_one_spell_keeps_it_day():
    _got, afters = _what_if([NAT], ["next step"], day_night="day", spells_cast={"alice": 1})
    assert "day_night" not in afters[0] and "n" not in afters[0]


def test_two_spells_make_it_day_and_nightbound_transforms():
    lord = {"id": "n", "card": "Lord of the Ulvenwald", "controller": "alice", "other_face": "Kessig Naturalist",
            "back_face_up": True}
    _got, afters = _what_if([lord], ["next step"], day_night="night", spells_cast={"alice": 2})
    assert afters[0]["day_night"] == "day" and afters[0]["n"]["card"] == "Kessig Naturalist"
    assert "back_face_up" not in afters[0]["n"]
    # one spell: it stays night (731.2b needs two)
    _got, afters = _what_if([lord], ["next step"], day_night="night", spells_cast={"alice": 1})
    assert "day_night" not in afters[0]


def test_neither_day_nor_night_a_daybound_permanent_makes_it_day():
    _got, afters = _what_if([NAT], ["next step"], step="precombat_main")
    assert afters[0]["day_night"] == "day" and "n" not in afters[0]


def test_night_with_daybound_front_face_up_transforms_at_once():
    _got, afters = _what_if([NAT], ["next step"], step="precombat_main", day_night="night")
    assert afters[0]["n"]["card"] == "Lord of the Ulvenwald" and "day_night" not in afters[0]


def test_without_the_other_face_it_is_refused():
    board = [{k: v for k, v in NAT.items() if k != "other_face"}]
    got, _ = _what_if(board, ["next step"], day_night="day")
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["702.145b"]


def test_day_night_in_a_state():
    base = {"players": ["alice"], "turn": {"number": 1, "active": "alice", "step": "precombat_main"}}
    assert load_state({**base, "day_night": "night"}, "t").day_night == "night"
    assert load_state(base, "t").day_night is None
    with pytest.raises(InputError, match="day_night"):
        load_state({**base, "day_night": "dusk"}, "t")


CELESTUS = ("The Celestus", "Legendary Artifact", (
    "If it's neither day nor night, it becomes day as The Celestus enters the battlefield.\n"
    "{T}: Add one mana of any color.\n"
    "{3}, {T}: If it's night, it becomes day. Otherwise, it becomes night. Activate only as a sorcery.\n"
    "Whenever day becomes night or night becomes day, you gain 1 life. You may draw a card. If you do, discard a card."))


def _celestus(actions, **extra):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*CELESTUS).card], **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return got, [r.after(got.start) for r in got.results]


def test_the_celestus_compiles():
    c = compiled(*CELESTUS)
    assert c.fully_compiled
    abilities = c.card["abilities"]
    assert abilities[0] == {"line": 1, "enters": {"day_night": "day"}}
    assert abilities[2]["activated"]["does"] == [{"day_night": {"becomes": "day", "if_now": "night"}},
                                                 {"day_night": {"becomes": "night", "if_now": "not_night"}}]
    assert abilities[3]["triggered"]["when"] == {"day_night_changes": "any"}


def test_the_celestus_makes_it_day_as_it_enters():
    _got, afters = _celestus(["move c to battlefield"], hand={"alice": [{"id": "c", "card": "The Celestus"}]})
    assert afters[0]["day_night"] == "day"
    _got, afters = _celestus(["move c to battlefield"], hand={"alice": [{"id": "c", "card": "The Celestus"}]},
                            day_night="night")
    assert "day_night" not in afters[0]


def test_night_becomes_day_and_the_celestus_triggers():
    board = [{"id": "c", "card": "The Celestus", "controller": "alice"}]
    _got, afters = _celestus(["activate c 3", "resolve", "resolve"], battlefield=board, day_night="night",
                            mana_pool={"alice": "{C}{C}{C}"}, library={"alice": ["The Celestus"]})
    # the draw is optional (608.2d): with it, the drawn card is discarded
    assert {a["day_night"] for a in afters} == {"day"} and {a["player alice"]["life"] for a in afters} == {21}


def test_neither_becomes_night_and_nothing_triggers():
    board = [{"id": "c", "card": "The Celestus", "controller": "alice"}]
    got, afters = _celestus(["activate c 3", "resolve"], battlefield=board, mana_pool={"alice": "{C}{C}{C}"})
    (r,) = got.results
    assert afters[0]["day_night"] == "night" and not any(c.change.name == "triggered" for c in r.changes)
