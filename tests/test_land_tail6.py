"""The long tail of Land cards, landB's part (issue 13): real pool lines (AtomicCards 2024-03
wording, the card named) read by the compiler (translator/compiler/land_lines.py, triggered.py's
events) and what the rules make of them: "When you play another land" (305.1), "At the beginning
of your combat step" and "tap ~" (500.6, 701.26a), and the creatures that entered the battlefield
this turn (110.2, 302.6: the state word entered_this_turn)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

CITY = ("City of Traitors", "Land", "When you play another land, sacrifice City of Traitors.\n{T}: Add {C}{C}.")
CRAG = ("Aggressive Crag", "Land", "At the beginning of your combat step, tap Aggressive Crag.\n{T}: Add {R} or {W}.")
NOVIJEN = ("Novijen, Heart of Progress", "Land", (
    "{T}: Add {C}.\n{G}{U}, {T}: Put a +1/+1 counter on each creature that entered the battlefield this turn."))
ORAN = ("Oran-Rief, the Vastwood", "Land", (
    "Oran-Rief, the Vastwood enters the battlefield tapped.\n{T}: Add {G}.\n"
    "{T}: Put a +1/+1 counter on each green creature that entered the battlefield this turn."))
RUINS = ("Ruins of Oran-Rief", "Land", (
    "Ruins of Oran-Rief enters the battlefield tapped.\n{T}: Add {C}. ({C} represents colorless mana.)\n"
    "{T}: Put a +1/+1 counter on target colorless creature that entered the battlefield this turn."))
HOMEWARD = ("Homeward Path", "Land", "{T}: Add {C}.\n{T}: Each player gains control of all creatures they own.")
TYRITE = ("Tyrite Sanctum", "Land", (
    "{T}: Add {C}.\n{2}, {T}: Target legendary creature becomes a God in addition to its other types. "
    "Put a +1/+1 counter on it.\n{4}, {T}, Sacrifice Tyrite Sanctum: Put an indestructible counter on target God."))
PLAZA = ("Plaza of Harmony", "Land", (
    "When Plaza of Harmony enters the battlefield, if you control two or more Gates, you gain 3 life.\n{T}: Add {C}.\n"
    "{T}: Add one mana of any type that a Gate you control could produce."))
GATE = ("Test Gate", "Land — Gate", "")
COUNTS_ITSELF = ("Test Counter", "Land", "When Test Counter enters the battlefield, if you control two or more lands, you gain 1 life.")
WEST = ("Tolaria West", "Land", (
    "Tolaria West enters the battlefield tapped.\n{T}: Add {U}.\nTransmute {1}{U}{U} ({1}{U}{U}, Discard this card: "
    "Search your library for a card with mana value 0, reveal it, put it into your hand, then shuffle. Transmute only "
    "as a sorcery.)"))
CLIFFS = ("Contested Cliffs", "Land", (
    "{T}: Add {C}.\n{R}{G}, {T}: Target Beast creature you control fights target creature an opponent controls. "
    "(Each deals damage equal to its power to the other.)"))
BEAST = ("Test Beast", "Creature — Beast", "")
SANCTUARY = ("Seraph Sanctuary", "Land", (
    "When Seraph Sanctuary enters the battlefield, you gain 1 life.\n"
    "Whenever an Angel enters the battlefield under your control, you gain 1 life.\n{T}: Add {C}."))
ANGEL = ("Test Angel", "Creature — Angel", "")
MAKER = ("Test Maker", "Land", "{T}: Create a 1/1 white Angel creature token.")
GOLEM = ("Test Golem", "Artifact Creature — Golem", "")
FOREST = ("Test Land", "Land", "")


def _ability(spec, n: int) -> dict:
    c = compiled(*spec)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    return c.card["abilities"][n - 1]["triggered"]


def test_the_compiler_reads_the_events_and_tap_itself():
    assert _ability(CITY, 1)["when"] == {"plays_another_land": "you"}
    assert _ability(CITY, 1)["does"] == [{"sacrifice": {"what": "self"}}]
    assert _ability(CRAG, 1)["when"] == {"beginning_of_combat": "your_turn"}
    assert _ability(CRAG, 1)["does"] == [{"tap": {"what": "self"}}]


def test_the_compiler_reads_creatures_that_entered_this_turn():
    does, target = effect_of(NOVIJEN, 2)
    assert does == [{"counters": {"kind": "+1/+1", "what": "each", "filter": ["creature", "entered_this_turn"]}}]
    assert target is None
    does, _ = effect_of(ORAN, 3)
    assert does == [{"counters": {"kind": "+1/+1", "what": "each", "filter": ["green", "creature", "entered_this_turn"]}}]
    does, target = effect_of(RUINS, 3)
    assert does == [{"counters": {"kind": "+1/+1", "what": "target"}}]
    assert target == {"filter": ["colorless", "creature", "entered_this_turn"]}


def test_city_of_traitors_is_sacrificed_when_its_controller_plays_a_land_only():
    board = [{"id": "city", "card": "City of Traitors", "controller": "alice"}]
    got, afters = run([CITY, FOREST], board, ["play land", "resolve"],
                      hand={"alice": [{"id": "land", "card": "Test Land"}]})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["city"]["zone"] == "graveyard"
    # a land that enters without being played (305.1: playing is the special action) is no trigger:
    # bob plays one on his turn, and alice's City stays
    got, afters = run([CITY, FOREST], board, ["play land"], hand={"bob": [{"id": "land", "card": "Test Land"}]},
                      turn={"number": 6, "active": "bob", "step": "precombat_main"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert "city" not in afters[0] and not afters[0].get("stack")


def test_aggressive_crag_taps_itself_on_its_controllers_turn_only():
    board = [{"id": "crag", "card": "Aggressive Crag", "controller": "alice"}]
    _, afters = run([CRAG], board, ["next step", "resolve"])
    assert afters[0]["crag"]["tapped"] is True
    _, afters = run([CRAG], board, ["next step"], turn={"number": 6, "active": "bob", "step": "precombat_main"})
    assert "crag" not in afters[0]


def test_ruins_of_oran_rief_targets_a_creature_that_entered_this_turn():
    board = [{"id": "ruins", "card": "Ruins of Oran-Rief", "controller": "alice"},
             {"id": "old", "card": "Test Golem", "controller": "alice", "since_turn": 4},
             {"id": "new", "card": "Test Golem", "controller": "bob", "since_turn": 5}]
    got, afters = run([RUINS, GOLEM], board, ["activate ruins 3 targeting new", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["new"]["counters"] == {"+1/+1": 1}
    got, _ = run([RUINS, GOLEM], board, ["activate ruins 3 targeting old"])     # there since turn 4
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_a_creature_that_enters_in_the_what_if_entered_this_turn():
    board = [{"id": "novijen", "card": "Novijen, Heart of Progress", "controller": "alice"},
             {"id": "old", "card": "Test Golem", "controller": "alice"}]
    got, afters = run([NOVIJEN, GOLEM], board, ["cast golem", "resolve", "activate novijen 2", "resolve"],
                      hand={"alice": [{"id": "golem", "card": "Test Golem"}]}, mana_pool={"alice": "{G}{U}"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["golem"]["counters"] == {"+1/+1": 1}
    assert "counters" not in afters[0].get("old", {})


def test_the_compiler_reads_homeward_path():
    c = compiled(*HOMEWARD)
    assert c.fully_compiled
    a = c.card["abilities"][1]["activated"]
    assert a["does"] == [{"control_to_owners": {"what": "each", "filter": ["creature"]}}]
    assert a["creates"] == {"control": "each", "duration": "indefinitely"}


def test_homeward_path_gives_each_creature_to_its_owner_for_good():
    board = [{"id": "path", "card": "Homeward Path", "controller": "alice"},
             {"id": "golem", "card": "Test Golem", "owner": "alice", "controller": "bob"},
             {"id": "land", "card": "Test Land", "owner": "alice", "controller": "bob"}]
    got, afters = run([HOMEWARD, GOLEM, FOREST], board, ["activate path 2", "resolve", "next step"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["golem"]["controller"] == "alice"      # and still in the next step (611.2a)
    assert "land" not in afters[0]                          # a land, not a creature: still bob's


def test_the_compiler_reads_tyrite_sanctums_god():
    c = compiled(*TYRITE)
    a = c.card["abilities"][1]["activated"]
    assert c.lines[1].status == "compiled"
    assert a["target"] == {"filter": ["legendary", "creature"]}
    assert a["creates"] == {"becomes": {"to": "target", "subtypes": ["god"]}, "duration": "indefinitely"}
    assert a["does"] == [{"counters": {"kind": "+1/+1", "what": "target"}}]
    # "it" with no target named before is not read (nor is the effect after an action)
    assert compiled("Test", "Land", "{T}: Put a +1/+1 counter on it.").lines[0].status != "compiled"


def test_the_compiler_reads_an_enters_ability_with_an_if_count():
    a = _ability(PLAZA, 1)
    assert a["condition"] == {"you_control": {"filter": ["gate"], "at_least": 2}}
    assert a["does"] == [{"gain_life": {"amount": 3}}]


def _plays(spec, board, card):
    got, afters = run([spec, GATE], board, [f"play {card}"], hand={"alice": [{"id": card, "card": spec[0]}]})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    return afters[0].get("stack", [])


def test_plaza_of_harmony_counts_the_gates_its_controller_controls_as_it_enters():
    mine = {"id": "gate_1", "card": "Test Gate", "controller": "alice"}
    bobs = {"id": "gate_2", "card": "Test Gate", "controller": "bob"}
    assert _plays(PLAZA, [mine, bobs], "plaza") == []          # bob's Gate is not alice's (603.4)
    assert len(_plays(PLAZA, [mine, {**bobs, "controller": "alice"}], "plaza")) == 1


def test_an_enters_ability_counts_the_permanent_itself():
    land = {"id": "gate_1", "card": "Test Gate", "controller": "alice"}
    assert len(_plays(COUNTS_ITSELF, [land], "counter")) == 1    # the Gate and itself: two lands
    assert _plays(COUNTS_ITSELF, [{**land, "controller": "bob"}], "counter") == []


def test_the_compiler_reads_transmute():
    c = compiled(*WEST)
    assert c.fully_compiled
    a = c.card["abilities"][2]["activated"]
    assert a["zone"] == "hand" and a["timing"] == "sorcery"
    assert a["cost"] == ["{1}{U}{U}", {"discard": "self"}]
    assert a["does"] == [{"search": {"mana_value": "source", "to": "hand", "shuffle": True}}]


def test_transmute_finds_only_a_card_of_the_same_mana_value():
    _, afters = run([WEST], [], ["activate west 3", "resolve"], mana_pool={"alice": "{U}{U}{C}"},
                      hand={"alice": [{"id": "west", "card": "Tolaria West"}]},
                      library={"alice": [{"id": "stone", "card": "Fellwar Stone"}, {"id": "island", "card": "Island"}]})
    found = sorted(next((k for k, v in a.items() if v.get("zone") == "hand"), "none") for a in afters)
    assert found == ["island", "none"]          # Fellwar Stone is mana value 2 (202.3); none: 701.23b


def test_the_compiler_reads_a_fight_of_two_targets():
    does, target = effect_of(CLIFFS, 2)
    assert does == [{"fight": {"what": "targets"}}]
    assert target == [{"filter": ["beast", "creature"], "controller": "you"}, {"filter": ["creature"], "controller": "opponent"}]


def test_a_fighter_with_no_power_deals_no_damage():
    # 701.14a, 120.8: a 0-power Golem is dealt the Beast's damage and deals none (both are 1/1
    # here: pool_lines gives every creature 1/1; the Golem's -1/-0 counter makes it 0/1)
    board = [{"id": "cliffs", "card": "Contested Cliffs", "controller": "alice"},
             {"id": "beast", "card": "Test Beast", "controller": "alice"},
             {"id": "golem", "card": "Test Golem", "controller": "bob", "counters": {"-1/-0": 1}}]
    got, afters = run([CLIFFS, BEAST, GOLEM], board, ["activate cliffs 2 targeting beast golem", "resolve"],
                      mana_pool={"alice": "{R}{G}"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["golem"]["zone"] == "graveyard" and "damage" not in afters[0].get("beast", {})


def test_seraph_sanctuary_triggers_on_an_angel_entering_under_its_controllers_control():
    # (the trigger about another object of compiler/subject_events.py, asp/subject_triggers.lp)
    assert _ability(SANCTUARY, 2)["when"] == {"enters": {"filter": ["angel"], "controller": "you"}}
    board = [{"id": "sanctuary", "card": "Seraph Sanctuary", "controller": "alice"}]
    hand = {"alice": [{"id": "angel", "card": "Test Angel"}, {"id": "golem", "card": "Test Golem"}]}
    _, afters = run([SANCTUARY, ANGEL, GOLEM], board, ["cast angel", "resolve", "resolve"], hand=hand)
    assert afters[0]["player alice"]["life"] == 21
    _, afters = run([SANCTUARY, ANGEL, GOLEM], board, ["cast golem", "resolve"], hand=hand)
    assert not afters[0].get("stack")                       # a Golem is no Angel


def test_an_angel_token_triggers_it_too():
    # 603.6a, 111.1: a created token enters the battlefield; an Angel token triggers the Sanctuary
    board = [{"id": "sanctuary", "card": "Seraph Sanctuary", "controller": "alice"},
             {"id": "maker", "card": "Test Maker", "controller": "alice"}]
    cards = [compiled(*SANCTUARY).card, compiled(*MAKER).card, *compiled(*MAKER).tokens]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": board}, "t.yaml")
    got = Session(state).what_if(["activate maker 1", "resolve", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start)["player alice"]["life"] == 21
