"""Activations beyond the corpus: ability instances and the decoded result."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state


def board(*permanents, turn=None):
    return load_state({
        "players": ["alice", "bob"],
        "turn": turn or {"number": 5, "active": "alice", "step": "precombat_main"},
        "battlefield": list(permanents),
    }, "t.yaml")


def test_two_equipment_grant_two_instances():
    # CR 113.2c: each instance of an ability works on its own; each Mantle grants its own.
    s = Session(board(
        {"id": "pp", "card": "Pili-Pala", "controller": "alice", "tapped": True},
        {"id": "m1", "card": "Umbral Mantle", "controller": "alice", "attached_to": "pp"},
        {"id": "m2", "card": "Umbral Mantle", "controller": "alice", "attached_to": "pp"},
    ))
    keys = s.activations("alice").to_json()["activations"]
    assert {"object": "pp", "ability": 1, "player": "alice", "granted_by": "m1"} in keys
    assert {"object": "pp", "ability": 1, "player": "alice", "granted_by": "m2"} in keys
    assert {"object": "pp", "ability": 2, "player": "alice"} in keys    # its own {2},{Q}


def test_equipment_on_nothing_grants_nothing():
    s = Session(board({"id": "m1", "card": "Umbral Mantle", "controller": "alice"}))
    assert s.activations("alice").to_json() == {
        "activations": [{"object": "m1", "ability": 2, "player": "alice"}]}


def test_unchecked_costs_are_reported():
    s = Session(board({"id": "cb", "card": "Crackleburr", "controller": "alice"}))
    (a,) = s.activations("alice").allowed
    assert a.ability == 1
    assert a.unchecked_costs == ("{U/R}{U/R}", "Tap 2 untapped red creatures you control")


def test_mana_ability_flag():
    s = Session(board({"id": "f", "card": "Forest", "controller": "alice"},
                      {"id": "sp", "card": "Cunning Sparkmage", "controller": "alice"}))
    flags = {a.object: a.mana_ability for a in s.activations("alice").allowed}
    assert flags == {"f": True, "sp": False}     # CR 605.1a: a targeted ability is not one


def test_first_player_has_no_turn_yet_on_turn_one():
    # bob has begun no turn on turn 1, so nothing has been his since his most recent turn.
    s = Session(board({"id": "e", "card": "Llanowar Elves", "controller": "bob"},
                      turn={"number": 1, "active": "alice", "step": "upkeep"}))
    (b,) = s.activations("bob").blocked
    assert b.rules == ("302.6",)


def test_activate_only_during_a_step():
    # Desert: "Activate only during the end of combat step" (CR 602.1b, 602.5).
    def lines(step):
        s = Session(board({"id": "d", "card": "Desert", "controller": "alice"},
                          turn={"number": 5, "active": "alice", "step": step}))
        acts = s.activations("alice")
        return ({a.ability for a in acts.allowed}, {(b.ability, b.rules) for b in acts.blocked})
    assert lines("precombat_main") == ({1}, {(2, ("602.5",))})
    assert lines("end_of_combat") == ({1, 2}, set())


def test_activate_only_if_you_control():
    card = {"name": "Test Spire", "type_line": "Land", "oracle_text": "{T}, Pay 1 life: Add one mana of any color. Activate only if you control an artifact.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}", {"pay_life": 1}], "add_mana": {"any": "color"},
                                                    "only_if_you_control": ["artifact"]}}]}
    def allowed(*extra):
        state = load_state({"players": ["alice", "bob"],
                            "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": [card],
                            "battlefield": [{"id": "spire", "card": "Test Spire", "controller": "alice"},
                                            *extra]}, "t.yaml")
        return [a.object for a in Session(state).activations("alice").allowed]
    assert allowed() == []
    assert "spire" in allowed({"id": "stone", "card": "Fellwar Stone", "controller": "alice"})
    assert allowed({"id": "stone", "card": "Fellwar Stone", "controller": "bob"}) == []


def test_gained_basic_land_type_gives_an_unprinted_mana_ability():
    # Urborg: each land is a Swamp, so each has {T}: Add {B} (CR 305.6, 305.7: in addition).
    s = Session(board({"id": "urborg", "card": "Urborg, Tomb of Yawgmoth", "controller": "alice"},
                      {"id": "forest", "card": "Forest", "controller": "alice"}))
    assert s.activations("alice").to_json() == {"activations": [
        {"object": "urborg", "ability": 0, "player": "alice", "intrinsic": "Swamp"},
        {"object": "forest", "ability": 0, "player": "alice", "intrinsic": "Swamp"},
        {"object": "forest", "ability": 1, "player": "alice"}]}
    assert s.could_produce().types == {"urborg": ("B",), "forest": ("B", "G")}


def test_rows_read_as_text_are_the_atoms():
    # queries/activations.py reads activatable/3 and not_activatable/4 from one text of the
    # atoms; every form of ability term (printed, a basic land type's, granted by an object)
    # must read as the atoms themselves say, or the answer would name wrong abilities.
    import clingo
    from mtg_asp.queries.activations import _ROWS, _rows
    from mtg_asp.queries.core import Solver
    from mtg_asp.translator.decode import object_id
    solver = Solver(board(
        {"id": "pp", "card": "Pili-Pala", "controller": "alice", "tapped": True},
        {"id": "m1", "card": "Umbral Mantle", "controller": "alice", "attached_to": "pp"},
        {"id": "f1", "card": "Forest", "controller": "bob", "tapped": True},
        {"id": "elf", "card": "Llanowar Elves", "controller": "alice", "since_turn": 5},
    ))
    for name, arity in (("activatable", 3), ("not_activatable", 4)):
        atoms = solver.base().get(name)
        by_atom = [(object_id(s.arguments[0]), str(s.arguments[1]), *(x.string for x in s.arguments[2:]))
                   for s in atoms]
        assert _rows(atoms, arity) == by_atom
        # ... read from the text, not atom by atom (the fallback for other forms of term)
        assert len(_ROWS[arity].findall(str(clingo.Function("", atoms)))) == len(atoms)
    terms = {row[1] for row in _rows(solver.base().get("activatable"), 3)}
    assert any(t.startswith("gr(obj(") for t in terms) and any(t.startswith("ab(") for t in terms)
    blocked = _rows(solver.base().get("not_activatable"), 4)
    assert ("f1", 'intr("forest")', "bob", "107.5") in blocked      # tapped: {T} cannot be paid
    assert any(r[0] == "elf" and r[3] == "302.6" for r in blocked)  # summoning sick
