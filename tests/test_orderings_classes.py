"""Effects that do the same thing are one class of the walk (asp/events.lp, CR 616.1), even
when they apply to different permanents (106.12b): each permanent's walk counts only the
members that apply to it, and its orderings name only those."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state


def doubler(name: str, source: list[str]) -> dict:
    rep = {"source": source, "produces": {"multiply": 2}}
    return {"name": name, "type_line": "Enchantment", "oracle_text": "x",
            "abilities": [{"line": 1, "static": {"replacement": rep}}]}


TWIN = {"name": "Test Twin", "type_line": "Land", "oracle_text": "{T}: Add {R}{G}.",
        "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{R}{G}"}}]}


def session() -> Session:
    # d1 and d2 double any land's mana; d3 only a nonbasic land's: one class of three members,
    # three of which apply to the Twin and two to the Forest.
    cards = [doubler("Test Land Doubler", ["land"]), doubler("Test Nonbasic Doubler", ["nonbasic", "land"]),
             TWIN]
    battlefield = [{"id": "forest", "card": "Forest", "controller": "alice"},
                   {"id": "twin", "card": "Test Twin", "controller": "alice"},
                   {"id": "d1", "card": "Test Land Doubler", "controller": "alice"},
                   {"id": "d2", "card": "Test Land Doubler", "controller": "bob"},
                   {"id": "d3", "card": "Test Nonbasic Doubler", "controller": "alice"}]
    return Session(load_state({"players": ["alice", "bob"],
                               "turn": {"number": 2, "active": "alice", "step": "upkeep"},
                               "cards": cards, "battlefield": battlefield}))


def test_a_class_counts_only_the_members_that_apply_to_the_permanent():
    s = session()
    forest = s.orderings("forest", limit=10)
    assert [o.to_json() for o in forest.outcomes] == [
        {"mana": {"G": 4}, "orderings": [["d1", "d2"]], "count": 2}]
    assert forest.effects == ("d1", "d2")
    twin = s.orderings("twin", limit=10)
    assert [o.to_json() for o in twin.outcomes] == [
        {"mana": {"R": 8, "G": 8}, "orderings": [["d1", "d2", "d3"]], "count": 6}]
    assert twin.effects == ("d1", "d2", "d3")


def test_could_produce_is_unchanged_by_the_classes():
    assert session().could_produce().types == {"forest": ("G",), "twin": ("R", "G"), "d1": (),
                                                "d2": (), "d3": ()}
