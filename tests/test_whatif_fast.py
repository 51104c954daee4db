"""The what-if's fast path answers as the what-if's own path does (queries/step_world.py, and
queries/settle_world.py: the settle worlds, built with the StepWorld for the zone of each
what-if's first move, settle the states they hold and read their Views).

A Session builds its state's StepWorld at its second what-if that begins with a move (WORLD_AFTER) and then reads a
move from its own state there instead of grounding the step again. Here the world is built at
the first what-if, so that every what-if query in tests/rulings whose first action is a move
(the only kind the world holds; the world is not asked for the others) runs through it on one
shared Session per scenario state; each answer (JSON, text and cited rules, with --explain as the scenario asks)
must equal a fresh Session's without the world. The corpus runs every other what-if query on
one Session per scenario as well (the world from its second what-if, the state's reading
shared, whatif.read_state), against the scenario's exact answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest
from mtg_asp.queries import Session
from mtg_asp.queries import session as session_module
from mtg_asp.queries.core import Answer, Solver
from mtg_asp.queries.scenario import answer, load_scenario, scenario_files, scenario_session
from mtg_asp.queries.session import made_whole
from mtg_asp.queries.step_world import StepWorld
from mtg_asp.queries.whatif import _Branch, _next, what_if
from mtg_asp.translator.errors import InputError, SolverError
from mtg_asp.translator.render import obj
from mtg_asp.translator.state import load_state

RULINGS = Path(__file__).parent / "rulings"
MOVES = ("move", "bounce", "exile", "flicker")


def _actions(check) -> list[str]:
    a = check.args["actions"]
    return [str(x) for x in (a if isinstance(a, list) else [a])]


def _moves_first(checks) -> list:
    return [c for c in checks if c.query == "what-if" and _actions(c)[0].split()[0].lower() in MOVES]


def _move_scenarios() -> list[Path]:
    return [path for path in scenario_files(RULINGS) if _moves_first(load_scenario(path).checks)]


def _ask(session: Session, check) -> str:
    try:
        result = answer(session, check.query, check.args, check.rules is not None)
    except (InputError, SolverError) as e:
        return f"{type(e).__name__}: {e}"
    rules = sorted((c.about, c.rule, c.text) for c in result.rules())
    return json.dumps([result.to_json(), rules, result.to_text()], sort_keys=True)


@pytest.mark.parametrize("path", _move_scenarios(), ids=lambda p: p.stem)
def test_shared_session_with_the_world_answers_as_fresh_sessions(path, monkeypatch):
    scenario = load_scenario(path)
    checks = _moves_first(scenario.checks)
    monkeypatch.setattr(session_module._Queries, "WORLD_AFTER", 1)
    monkeypatch.setattr(session_module._Queries, "SETTLE_AFTER", 1)
    shared = scenario_session(scenario)
    got = [_ask(shared, c) for c in checks]
    monkeypatch.setattr(session_module._Queries, "WORLD_AFTER", 10**9)
    for check, mine in zip(checks, got, strict=True):
        fresh = _ask(Session(shared.state), check)
        assert mine == fresh, check.args


def _held(served, got):
    """A what-if the worker answered itself, with its start put back as Session.what_if puts it
    (the worker does not send the Session's own state back)."""
    answer, _ = got
    assert answer.start is None
    return made_whole(answer, served.solver.state)


def _bounce_state():
    return load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                        {"id": "blade", "card": "Bonesplitter", "controller": "alice", "attached_to": "elf"},
                        {"id": "forest", "card": "Forest", "controller": "bob"}]}, "<test>")


def test_the_world_answers_a_move_and_leaves_what_it_does_not_hold():
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    inc = state.incarnations()
    elf = clingo.parse_term(obj("elf", inc["elf"]))
    assert world.ways(elf, "hand", 256, "ways") is not None
    assert world.ways(clingo.parse_term(obj("nobody", 0)), "hand", 256, "ways") is None
    assert world.ways(elf, "stack", 256, "ways") is None
    # the world's answer, read by the what-if, is the own path's: the elf leaves, the
    # Bonesplitter stays unattached (704.5n), the same changes in the same order
    for action in (["bounce elf"], ["flicker blade"], ["move forest to graveyard", "bounce elf"]):
        fast = what_if(Solver(state), action, world=world)
        own = what_if(Solver(state), action)
        assert fast.to_json() == own.to_json(), action
        assert fast.to_text() == own.to_text(), action
    after = what_if(Solver(state), ["bounce elf"], world=world).to_json()["outcomes"][0]["after"]
    assert after["elf"]["zone"] == "hand" and after["blade"]["attached_to"] is None


def test_a_world_answers_a_question_asked_before_without_solving_again(monkeypatch):
    # step_world.remembered: a world's program is fixed once built, so a move asked again (a
    # build asks every move, the Session's what-ifs ask them again) is read, not solved
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    inc = state.incarnations()
    elf = clingo.parse_term(obj("elf", inc["elf"]))
    solves = []
    solve = Solver._solve
    monkeypatch.setattr(Solver, "_solve", lambda self, *a, **k: solves.append(1) or solve(self, *a, **k))
    first = world.ways(elf, "hand", 256, "ways")
    assert len(solves) == 1
    assert world.ways(elf, "hand", 256, "ways") == first and len(solves) == 1
    forest = clingo.parse_term(obj("forest", inc["forest"]))
    assert world.ways(forest, "hand", 256, "ways") != first and len(solves) == 2


def test_the_world_is_built_only_for_moves():
    # the worker's _Queries.prepare (limits.py calls it before each query's fork): what-ifs that
    # do not begin with a move (the prompt's legal actions: casts, plays) never build a world
    served = session_module._Queries(_bounce_state(), 60)
    served.SETTLE_AFTER = 2
    for _ in range(3):
        served.prepare("what_if", (["next step"],))
        served.prepare("could_produce", ())
    assert served._world is None
    served.prepare("what_if", (["bounce elf"],))
    assert served._world is None                 # the first move: not yet
    served.prepare("what_if", (["no such action"],))
    served.prepare("what_if", (["bounce elf"],))
    assert isinstance(served._world, StepWorld)
    assert set(served._world.settle_worlds) == {"hand"}     # the zone of the move's


def test_a_zones_settle_world_waits_for_enough_moves_there():
    # a build costs about what 20-30 held moves save: a zone gets its settle world at the
    # SETTLE_AFTER-th what-if whose first move goes there, not before, and other zones' moves do
    # not count for it
    served = session_module._Queries(_bounce_state(), 60)
    served.SETTLE_AFTER = 3
    served.prepare("what_if", (["bounce elf"],))
    served.prepare("what_if", (["exile elf"],))
    assert isinstance(served._world, StepWorld) and served._world.settle_worlds == {}
    served.prepare("what_if", (["bounce elf"],))
    assert served._world.settle_worlds == {}
    served.prepare("what_if", (["bounce blade"],))
    assert set(served._world.settle_worlds) == {"hand"}


def test_once_a_key_has_its_worlds_the_others_are_built_sooner():
    # a Session that has paid for one key's worlds is answering a batch: another key's worlds
    # come at its SETTLE_AFTER_BATCH-th what-if, not its SETTLE_AFTER-th
    served = session_module._Queries(_bounce_state(), 60)
    served.SETTLE_AFTER, served.SETTLE_AFTER_BATCH = 3, 2
    served.prepare("what_if", (["exile elf"],))
    assert served._world is None or served._world.settle_worlds == {}
    served.prepare("what_if", (["exile blade"],))
    assert served._world.settle_worlds == {}     # no key has worlds yet: SETTLE_AFTER holds
    for action in ("bounce elf", "bounce blade", "bounce elf"):
        served.prepare("what_if", ([action],))
    assert set(served._world.settle_worlds) == {"hand"}
    served.prepare("what_if", (["move elf to graveyard"],))
    assert set(served._world.settle_worlds) == {"hand"}
    served.prepare("what_if", (["move blade to graveyard"],))
    assert set(served._world.settle_worlds) == {"hand", "graveyard"}
    # the exiles counted before the first build count now: the next one builds exile's
    served.prepare("what_if", (["exile elf"],))
    assert set(served._world.settle_worlds) == {"hand", "graveyard", "exile"}


def test_a_states_view_read_after_its_steps_is_the_one_read_at_once():
    # whatif.StateReading reads a state's View when first asked for (only the first and the last
    # states of a what-if are), after the state's own steps were grounded and solved there: only
    # base rules define what it reads, so it is the View a fresh Solver reads at once
    from mtg_asp.queries.whatif import View, read_state
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "ami", "card": "Aminatou, the Fateshifter", "controller": "alice"},
                        {"id": "one", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 2}},
                        {"id": "paci", "card": "Pacifism", "controller": "alice", "attached_to": "one"},
                        {"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                        {"id": "blade", "card": "Bonesplitter", "controller": "bob", "attached_to": "elf"}]},
        "<test>")
    at_once = View.of(Solver(state))
    solver = Solver(state)
    reading = read_state(solver)
    assert reading._view is None                  # deferred: every signature it reads is facts
    with solver.query() as query:
        solver.ground([(p, [query.term]) for p in ("step", "action", "settle", "detect")])
        assert solver.enumerate([query.external("whatif_on")], 16)
    later = reading.view
    assert later == at_once
    assert later.counters["one"] == {"+1/+1": 2} and later.counters["ami"] == {"loyalty": 3}
    assert later.controllers["blade"] == "bob"


def test_a_states_view_is_read_at_once_where_the_grounder_leaves_it_to_a_solve(monkeypatch):
    from mtg_asp.queries.whatif import StateReading, View
    state = _bounce_state()
    monkeypatch.setattr(Solver, "facts_only", lambda self, names: False)
    reading = StateReading(Solver(state))
    assert reading._view == View.of(Solver(state))


def _counting_solvers(monkeypatch) -> list:
    """The states the what-if makes a Solver of (whatif._Run.solver), listed as it makes them."""
    from mtg_asp.queries import whatif as whatif_module
    made: list = []
    own = whatif_module._Run.solver

    def counted(self, state):
        made.append(state)
        return own(self, state)
    monkeypatch.setattr(whatif_module._Run, "solver", counted)
    return made


def test_the_settle_world_settles_what_it_holds_and_leaves_the_rest(monkeypatch):
    from mtg_asp.queries.whatif import settle_world
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    world.settle_worlds["hand"] = settle_world(world, "hand", 60.0)
    made = _counting_solvers(monkeypatch)
    # bouncing the elf: its first settle round unattaches the Bonesplitter (704.5n), the second
    # finds nothing; the world holds both states, so no Solver is made for either
    fast = what_if(Solver(state), ["bounce elf"], world=world)
    assert made == []
    assert fast.to_json()["outcomes"][0]["after"]["blade"]["attached_to"] is None
    # the state after the Bonesplitter's state-based action is held by the world built after
    # the first (SettleWorld.more), not the first, which holds the moves' states
    hand = world.settle_worlds["hand"]
    assert hand.more is not None
    after = [s for s in hand.more._known if s.permanent("blade") and s.permanent("blade").attached_to is None]
    assert after and all(s not in hand._known and hand.knows(s) for s in after)
    for action in (["bounce forest", "bounce elf"], ["move forest to graveyard"],
                   ["flicker blade"], ["bounce blade", "next step"]):
        made.clear()
        fast = what_if(Solver(state), action, world=world)
        fast_solvers = len(made)
        made.clear()
        own = what_if(Solver(state), action)
        assert fast.to_json() == own.to_json(), action
        assert fast.to_text() == own.to_text(), action
        assert sorted(c.rule for c in fast.rules()) == sorted(c.rule for c in own.rules()), action
        if action == ["move forest to graveyard"]:
            # a move to a zone the Session has no settle world of: the own path's Solvers
            assert fast_solvers == len(made) > 0
        else:
            # a later step is grounded in a Solver of its own state (a settle world grounds no
            # action), and what the world does not hold takes the own path
            assert 0 < fast_solvers <= len(made)


def test_the_settle_world_holds_only_states_made_of_its_lines():
    from mtg_asp.queries.whatif import move_reached, settle_world
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    hand = settle_world(world, "hand", 60.0)
    reached = move_reached(world, "hand")
    assert len(reached) == 3                       # the elf, the Bonesplitter, the Forest
    assert all(hand.holds(s) is not None for s in reached)
    assert hand.holds(state) is not None
    exiled = move_reached(world, "exile")          # each has a line the hand's world lacks
    assert len(exiled) == 3 and all(hand.holds(s) is None for s in exiled)
    assert hand.settle(exiled[0], 256, "ways") is None and hand.reading(exiled[0]) is None


def test_a_state_read_from_the_settle_world_reads_as_its_own_solver():
    # the readings the what-if takes of a state (its View: layer 2's controllers, colors,
    # counters; its lines kept as words) from the world's answer, against the state's own Solver
    from mtg_asp.queries.whatif import View, move_reached, read_state, settle_world
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "ami", "card": "Aminatou, the Fateshifter", "controller": "alice"},
                        {"id": "one", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 2}},
                        {"id": "paci", "card": "Pacifism", "controller": "alice", "attached_to": "one"},
                        {"id": "mind", "card": "Mind Control", "controller": "alice", "attached_to": "elf"},
                        {"id": "elf", "card": "Llanowar Elves", "controller": "bob"}]}, "<test>")
    world = StepWorld(state, 60.0)
    hand = settle_world(world, "hand", 60.0)
    reached = move_reached(world, "hand")
    assert len(reached) == 5
    for after in reached:
        own = Solver(after)
        readings = [hand.settle(after, 256, "ways")[0], hand.reading(after)]
        for reading in readings:
            assert read_state(reading).view == View.of(own)
            assert read_state(reading).unread == read_state(own).unread
    # Mind Control gone: bob controls his elf again (613.1b), as both read it
    gone = next(s for s in reached if s.permanent("mind") is None)
    reading = hand.reading(gone)
    assert read_state(reading).view.controllers["elf"] == "bob"
    assert View.of(Solver(state)).controllers["elf"] == "alice"


def test_no_settle_world_is_built_past_its_budget():
    # built in the worker within the time of the query that asks for it (limits.py): a budget
    # too small for the first build gives no world, and the Session's worker then tries that
    # zone no more; its what-ifs take the own path
    from mtg_asp.queries.whatif import settle_world
    world = StepWorld(_bounce_state(), 60.0)
    assert settle_world(world, "hand", 0.0) is None
    served = session_module._Queries(_bounce_state(), 60)
    served.SETTLE_AFTER = 1
    served.SETTLE_BUDGET = 0.0
    for _ in range(2):
        served.prepare("what_if", (["bounce elf"],))
    assert isinstance(served._world, StepWorld) and served._world.settle_worlds == {}
    assert served._settle_failed == {"hand"}
    served.SETTLE_BUDGET = 1.0
    served.prepare("what_if", (["exile elf"],))
    assert set(served._world.settle_worlds) == {"exile"}


def test_the_settle_world_reads_what_the_what_if_reads_of_a_state():
    # settle_world.py names the predicates it shows for a state's readings (it cannot import
    # whatif.py, which imports it): they must be the what-if's own
    from mtg_asp.queries import settle_world as settle_module
    from mtg_asp.queries import whatif as whatif_module
    assert set(settle_module.VIEW_NAMES) == set(whatif_module.VIEW_NAMES)
    assert set(settle_module.VIEW_NAMES + settle_module.UNREAD_NAMES) == set(whatif_module.READ_NAMES)


def test_a_frozen_solver_refuses_whatever_would_change_it():
    # core.Frozen: while a Session's worker answers a what-if without a fork, its Solver may be
    # read but not changed (a query id taken, a part added or grounded, a solve), so that every
    # later query's fork still meets the program a fresh Session would
    from mtg_asp.queries.core import Frozen
    solver = Solver(_bounce_state())
    solver.frozen = True
    for change in (solver.query, lambda: solver.add("a.", "a fact"), lambda: solver.ground([("step", [])]),
                   solver.solve_one, lambda: solver.search([])):
        with pytest.raises(Frozen):
            change()
    assert solver.base().get("controller")            # reading is allowed
    solver.frozen = False
    assert solver.query().id == 1                      # no query id was taken meanwhile


def _served_with_hand_world():
    served = session_module._Queries(_bounce_state(), 60)
    served.WORLD_AFTER = 1
    served.SETTLE_AFTER = 1
    served.prepare("what_if", (["bounce elf"],))
    assert set(served._world.settle_worlds) == {"hand"}
    return served


def test_a_move_the_worlds_hold_is_answered_in_the_worker_and_leaves_its_solver_as_it_was():
    # session._Queries.here: the worker (limits.py) answers a one-move what-if its worlds hold
    # without a fork; the answer is a fresh Session's, and the Session's own Solver has grounded
    # nothing and taken no query id
    from mtg_asp.queries.limits import NOT_HERE
    served = _served_with_hand_world()
    grounded = set(served.solver._grounded)
    for action in ("bounce elf", "bounce blade", "bounce forest"):
        got = served.here("what_if", ([action], "--do", False))
        assert got is not NOT_HERE, action
        fresh = what_if(Solver(served.solver.state), [action])
        mine = _held(served, got)
        assert mine.to_json() == fresh.to_json() and mine.to_text() == fresh.to_text(), action
    assert served.solver._grounded == grounded and not served.solver.frozen
    assert served.solver.query().id == 1


def test_what_the_worlds_do_not_hold_is_left_to_a_fork():
    # a flicker (two moves), an action that is not a move, two actions, and a move to a zone
    # with no settle world (its state would need a Solver of its own: Frozen, caught) are not
    # answered in the worker; the Session's Solver is left as it was
    from mtg_asp.queries.limits import NOT_HERE
    served = _served_with_hand_world()
    grounded = set(served.solver._grounded)
    for actions in (["flicker elf"], ["next step"], ["bounce elf", "bounce blade"], ["exile elf"]):
        assert served.here("what_if", (actions, "--do", False)) is NOT_HERE, actions
        assert not served.solver.frozen
    assert served.here("could_produce", (None, False)) is NOT_HERE
    # a move to a zone with a settle world that does not hold the state it reaches: the own
    # path would make that state's Solver (core.Frozen, caught: left to a fork)
    world = served._world.settle_worlds["hand"]
    world.settle = lambda *a, **k: None
    world.reading = lambda *a, **k: None
    assert served.here("what_if", (["bounce elf"], "--do", False)) is NOT_HERE
    assert not served.solver.frozen
    assert served.solver._grounded == grounded
    assert served.solver.query().id == 1


def test_a_session_answers_held_moves_and_forked_queries_as_fresh_sessions(monkeypatch):
    # through the worker: held moves (answered in it) between queries answered in forks, each
    # equal to a fresh Session's answer (can-pay's first plan included: nothing of the held
    # moves' solves reaches the Session's own Solver)
    monkeypatch.setattr(session_module._Queries, "WORLD_AFTER", 1)
    monkeypatch.setattr(session_module._Queries, "SETTLE_AFTER", 1)
    state = _bounce_state()
    asks = [("what_if", (["bounce elf"],)), ("can_pay", ("alice", "{G}")), ("what_if", (["bounce blade"],)),
            ("what_if", (["exile elf"],)), ("what_if", (["bounce forest"],)), ("can_pay", ("bob", "{G}"))]
    with Session(state) as shared:
        for name, args in asks:
            got = getattr(shared, name)(*args).to_json()
            with Session(state) as fresh:
                assert got == getattr(fresh, name)(*args).to_json(), (name, args)


def _world_answers_as_own(state, world, action) -> None:
    """The what-if read from the worlds, the first state's Solver frozen (no Solver can be made:
    every answer comes from them), equals the own path's (JSON and text)."""
    first = Solver(state)
    first.frozen = True
    fast = what_if(first, action, world=world)
    own = what_if(Solver(state), action)
    assert fast.to_json() == own.to_json() and fast.to_text() == own.to_text(), action


def test_a_flicker_is_read_from_its_worlds_as_the_own_path_answers():
    # whatif.flicker_worlds: a MoveWorld over the states each object's exile reaches (the
    # flicker's second move there) and the settle world of the flickered states; with the
    # first state's Solver frozen no Solver can be made, so every answer below comes from them
    from mtg_asp.queries.whatif import flicker_worlds
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    world.move_world, world.settle_worlds["flicker"] = flicker_worlds(world, 60.0)
    for action in (["flicker elf"], ["flicker blade"], ["flicker forest"]):
        _world_answers_as_own(state, world, action)
    # the elf returns as a new object; the Bonesplitter stays, unattached (704.5n)
    after = what_if(Solver(state), ["flicker elf"], world=world).to_json()["outcomes"][0]["after"]
    assert after["elf"]["zone"] == "battlefield" and after["elf"]["new_object"]
    assert after["blade"]["attached_to"] is None
    # a state the move world was not built for is left to the own path
    assert world.move_world.ways(state, clingo.parse_term(obj("elf", 0)), "battlefield", 256, "ways") is None


def test_a_session_keys_flickers_apart_and_answers_them_in_the_worker():
    from mtg_asp.queries.limits import NOT_HERE
    key = session_module._world_key
    assert key((["flicker elf"],)) == session_module.FLICKER
    assert key((["exile elf"],)) == "exile" and key((["bounce elf", "next step"],)) == "hand"
    assert key((["bounce elf", "next step"],), one_action=True) is None
    assert key((["next step"],)) is None and key((["no such action"],)) is None
    served = session_module._Queries(_bounce_state(), 60)
    served.WORLD_AFTER = 1
    served.SETTLE_AFTER = 1
    served.prepare("what_if", (["flicker elf"],))
    assert set(served._world.settle_worlds) == {session_module.FLICKER} and served._world.move_world is not None
    got = served.here("what_if", (["flicker blade"], "--do", False))
    assert got is not NOT_HERE
    assert _held(served, got).to_json() == what_if(Solver(served.solver.state), ["flicker blade"]).to_json()
    assert served.here("what_if", (["bounce blade"], "--do", False)) is NOT_HERE    # no hand world


def _ami_state():
    return load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "ami", "card": "Aminatou, the Fateshifter", "controller": "alice"},
                        {"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                        {"id": "blade", "card": "Bonesplitter", "controller": "alice", "attached_to": "elf"},
                        {"id": "forest", "card": "Forest", "controller": "bob"}]}, "<test>")


def test_an_activation_is_read_from_its_worlds_as_the_own_path_answers():
    # whatif.activation_worlds: the step of Aminatou's -1 grounded once with the activation and
    # its first target externals (asp/step.lp act_activate_world), and the settle world of the
    # states its activations reach; with the first Solver frozen, no Solver can be made
    from mtg_asp.queries.core import Frozen
    from mtg_asp.queries.whatif import activation_worlds
    state = _ami_state()
    world = StepWorld(state, 60.0)
    world.activation_worlds[("ami", "-1")], world.settle_worlds["activate ami -1"] = \
        activation_worlds(world, "ami", "-1", 60.0)
    # a legal target, one bob owns (115.1: illegal), Aminatou itself ("another"), a player, none
    for action in (["activate ami -1 targeting elf"], ["activate ami -1 targeting forest"],
                   ["activate ami -1 targeting ami"], ["activate ami -1 targeting bob"], ["activate ami -1"]):
        _world_answers_as_own(state, world, action)
    after = what_if(Solver(state), ["activate ami -1 targeting elf"], world=world).to_json()["outcomes"][0]["after"]
    assert after["ami"]["counters"] == {"loyalty": 2}           # 606.4: its cost paid
    # another ability, or two actions, are not the world's: the own path (a Solver of its own)
    first = Solver(state)
    first.frozen = True
    with pytest.raises(Frozen):
        what_if(first, ["activate ami +1"], world=world)


def test_a_session_keys_an_activation_by_its_ability():
    key = session_module._world_key
    assert key((["activate ami -1 targeting elf"],)) == "activate ami -1"
    assert key((["activate ami -1"],)) == "activate ami -1"
    assert key((["activate ami -1 targeting elf paying with forest"],)) is None
    served = session_module._Queries(_ami_state(), 60)
    served.WORLD_AFTER = 1
    served.SETTLE_AFTER = 1
    served.prepare("what_if", (["activate ami -1 targeting elf"],))
    assert ("ami", "-1") in served._world.activation_worlds
    got = served.here("what_if", (["activate ami -1 targeting blade"], "--do", False))
    assert _held(served, got).to_json() == what_if(Solver(served.solver.state),
                                                   ["activate ami -1 targeting blade"]).to_json()


def test_an_answer_a_world_keeps_is_read_and_applied_once():
    # core.Model: a world's remembered answer sets carry their Answer, and the next state read
    # from one (whatif._next) is kept with it: a held what-if asked again reads them, not the
    # symbols again; an answer that is no Model (a plain list) is read each time
    state = _bounce_state()
    world = StepWorld(state, 60.0)
    elf = clingo.parse_term(obj("elf", state.incarnations()["elf"]))
    model = world.ways(elf, "hand", 256, "ways")[0]
    assert Answer.of(model) is Answer.of(model)
    b = _Branch(state, (), None)
    one = _next(b, None, Answer.of(model), world.id, 1)
    two = _next(b, None, Answer.of(model), world.id, 1)
    assert two.state is one.state and two.log == one.log
    assert one.state.permanent("elf") is None and one.log
    fresh = _next(b, None, Answer.of(list(model)), world.id, 1)
    assert fresh.state == one.state and fresh.state is not one.state
    # another step index is another next state (its changes are logged at that step)
    assert _next(b, None, Answer.of(model), world.id, 2).log[0].step == 2


def test_a_worker_sends_back_only_what_a_reached_state_does_not_share_with_the_sessions():
    # session._StateSent: a permanent the what-if left alone is sent as its index in the
    # Session's own state, and made whole from the caller's copy of it
    state = _bounce_state()
    served = session_module._Queries(state, 60.0)
    answer, _ = served.what_if(["bounce elf"], "--do", False)
    sent = answer.results[0].state
    assert isinstance(sent, session_module._StateSent)
    battlefield = next(value for name, indexed, value in sent.fields if name == "battlefield")
    forest = [p.id for p in state.battlefield].index("forest")
    assert forest in battlefield                      # left alone: its index
    assert all(isinstance(x, int) or isinstance(x[0], type(state.battlefield[0])) for x in battlefield)
    whole = made_whole(answer, state)
    fresh = what_if(Solver(state), ["bounce elf"])
    assert whole.to_json() == fresh.to_json() and whole.to_text() == fresh.to_text()
    assert whole.results[0].state == fresh.results[0].state
    assert whole.results[0].state.permanent("forest") is state.permanent("forest")


def test_an_activation_grounds_its_sources_mana_outcomes_only_where_it_may_be_a_mana_ability(monkeypatch):
    # common.activation_parts: asp/casting.lp's mana_instance/2 (CR 605.1a) decides; a loyalty
    # ability is never a mana ability, so the exact walk and its source's outcomes are left out
    from mtg_asp.queries import common
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "battlefield": [{"id": "ami", "card": "Aminatou, the Fateshifter", "controller": "alice"},
                                        {"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                                        {"id": "f", "card": "Forest", "controller": "alice"}]}, "<test>")
    solver = Solver(state)
    ami, elf, forest = (clingo.parse_term(obj(i, 0)) for i in ("ami", "elf", "f"))
    minus = clingo.parse_term('ab("Aminatou, the Fateshifter",2)')
    assert common.activation_parts(solver, ami, minus) == []
    assert common.activation_parts(solver, elf, clingo.parse_term('ab("Llanowar Elves",1)')) == common.outcome_parts([elf])
    assert common.activation_parts(solver, forest, clingo.parse_term('intr("forest")')) == common.outcome_parts([forest])
    # the what-if grounds what activation_parts gives: the Forest's {G} comes from its outcomes
    grounded = []
    ground = Solver.ground
    monkeypatch.setattr(Solver, "ground", lambda self, parts: grounded.extend(p[0] for p in parts) or ground(self, parts))
    tapped = what_if(Solver(state), ["activate f forest"])
    assert "outcomes" in grounded and tapped.to_json()["outcomes"][0]["after"]["player alice"] == {"mana_pool": "{G}"}
    grounded.clear()
    loyal = what_if(Solver(state), ["activate ami -1 targeting elf"])
    assert "outcomes" not in grounded and len(loyal.results) == 1 and loyal.results[0].illegal is None
