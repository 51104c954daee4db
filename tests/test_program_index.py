"""queries/program_index.py: a Solver adds only the rules that can fire, and grounds the same
program as the whole encodings would."""

from __future__ import annotations

import pickle
from pathlib import Path

import clingo
import pytest
from clingo import ast
from mtg_asp.queries import core
from mtg_asp.queries import whatif as whatif_module
from mtg_asp.queries.program_index import (
    Deferred,
    Reach,
    _needs,
    _text_needs,
    analyse,
    compact,
    encoding_index,
    text_keys,
)
from mtg_asp.queries.scenario import load_scenario
from mtg_asp.queries.whatif import what_if
from mtg_asp.translator.carddb import open_sources
from mtg_asp.translator.render import render_state
from mtg_asp.translator.state import load_state, load_state_file

ROOT = Path(__file__).resolve().parents[1]


def test_needs_read_from_text_equal_the_ast_reading():
    # analyse reads a rule's positive body from clingo's text of it (AST attributes are slow);
    # every rule of every part must give the names the AST gives
    rules = 0
    for text in core.load_encodings().values():
        def check(stmt):
            nonlocal rules
            if stmt.ast_type == ast.ASTType.Rule:
                rules += 1
                assert _text_needs(str(stmt)) == _needs(stmt.body), str(stmt)
        ast.parse_string(text, check)
    assert rules > 2000


def test_text_needs_of_every_kind_of_literal():
    assert _text_needs('a(X) :- b(X,"q)"); not c(X); X != f(Y); d(Y): e(Y); #count { Z: g(Z) } > 1; -h(X); k.') \
        == {"b", "k"}
    assert _text_needs("a :- f(X) = Y; p(X,Y).") == {"p"}
    assert _text_needs("a.") == frozenset()


def _index(text: str):
    return compact({"p": analyse(text)})


def _texts(index, part, chosen):
    return [index.parts[part].texts[i] for i in chosen[part]]


def test_a_rule_waits_for_its_predicates_and_is_added_once_they_have_atoms():
    index = _index("#program p(k). a(k) :- b. c(k) :- d. e :- a(_). #external x(k). y :- x(_).")
    reach = Reach(index)
    reach.note("b.")
    first = _texts(index, "p", reach.to_add(["p"]))
    # a(k) by b's fact; e by a's head in the same ground() call; y by the external; c waits for d
    assert sorted(first) == sorted(["a(k) :- b.", "e :- a(_).", "#external x(k). [false]", "y :- x(_)."])
    reach.note("d.")
    assert _texts(index, "p", reach.to_add(["p"])) == ["c(k) :- d."]
    assert reach.to_add(["p"])["p"] == []


def test_a_second_reach_with_the_same_history_gets_the_same_answers():
    # to_add's answers are shared by history (Index.memo): a second Reach must end where a
    # fresh computation would, and another history must not be served the first's
    text = "#program p(k). a(k) :- b. c(k) :- d. e :- a(_), c(_)."
    index = _index(text)
    runs = []
    for notes in (["b.", "d."], ["b.", "d."], ["d.", "b."]):
        reach = Reach(index)
        got = []
        for fact in notes:
            reach.note(fact)
            got.append(_texts(index, "p", reach.to_add(["p"])))
        runs.append((got, set(reach.names), reach.added("p")))
    fresh = Reach(_index(text))
    fresh.note("d.")
    assert _texts(fresh._index, "p", fresh.to_add(["p"])) == ["c(k) :- d."]
    assert runs[0] == runs[1]
    assert runs[0][0] == [["a(k) :- b."], ["c(k) :- d.", "e :- a(_); c(_)."]]
    assert runs[2][0] == [["c(k) :- d."], ["a(k) :- b.", "e :- a(_); c(_)."]]
    assert runs[0][1:] == runs[2][1:]


def test_an_external_of_another_part_grounded_with_it_counts():
    # can-pay's plan part reads cp_on(q), an #external of the canpay part grounded in the same
    # ground() call (queries/pay_plans.py): the rule is added whichever part comes first
    index = compact({"plan": analyse("#program plan(q). use(q) :- cp_on(q)."),
                     "canpay": analyse("#program canpay(q). #external cp_on(q).")})
    assert _texts(index, "plan", Reach(index).to_add(["plan", "canpay"])) == ["use(q) :- cp_on(q)."]


def test_a_rule_waits_for_the_constant_its_body_names():
    # an instruction's rules read does(q, K, kind): a kind no ability has leaves them out, and
    # the kinds reach does/3 through the variable its head copies from ability_does/3
    index = _index("#program p(q). does(q, K, X) :- ability_does(A, K, X). "
                   "drew(q) :- does(q, _, draw). dealt(q) :- does(q, _, damage(_)). "
                   "any(q) :- does(q, _, X), X = f.")
    reach = Reach(index)
    reach.note('ability_does(ab("x",1),1,damage(2)). ability_does(ab("x",1),2,gain_life).')
    assert sorted(_texts(index, "p", reach.to_add([("p", [clingo.Number(1)])]))) == sorted(
        ["does(q,K,X) :- ability_does(A,K,X).", "dealt(q) :- does(q,_,damage(_)).",
         "any(q) :- does(q,_,X); X = f."])
    reach.note('ability_does(ab("y",1),1,draw).')
    assert _texts(index, "p", reach.to_add([("p", [clingo.Number(2)])])) == ["drew(q) :- does(q,_,draw)."]


def test_a_part_argument_gives_its_functor_and_a_variable_any():
    index = compact({"f": analyse("#program f(q, a). act(q, a)."),
                     "p": analyse("#program p(q). moved(q) :- act(q, move(_)). cast(q) :- act(q, cast(_)). "
                                  "n(X + 1) :- m(X). big(q) :- n(large).")})
    reach = Reach(index)
    move = clingo.Function("move", [clingo.Number(3)])
    assert _texts(index, "p", reach.to_add([("f", [clingo.Number(1), move]), ("p", [clingo.Number(1)])])) \
        == ["moved(q) :- act(q,move(_))."]
    reach.note("m(1).")
    # n's argument is arithmetic: a number, never the constant `large`
    assert "big(q) :- n(large)." not in _texts(index, "p", reach.to_add([("p", [clingo.Number(2)])]))
    reach.note("r(X) :- n(X).  n(Y) :- s(Y).")      # a variable in the text: any functor
    assert _texts(index, "p", reach.to_add([("p", [clingo.Number(3)])])) == ["big(q) :- n(large)."]


def test_a_statement_reads_the_atoms_of_its_body_and_head_conditions_and_defines_its_heads():
    # Statement.reads / .heads (Reach and Deferred go by them): atoms only, never a function
    # term's name; a head's conditions are read, its elements' literals are its heads
    def rd(text):
        (stmt,) = analyse(text)
        return sorted(stmt.reads), sorted(stmt.heads)
    assert rd("counted(lands_played, P, N) :- lands_played(P, N), not lost(P).") == \
        (["lands_played", "lost"], ["counted"])
    assert rd("1 { pick(X) : option(X), not banned(X) } 1 :- ask(q).") == (["ask", "banned", "option"], ["pick"])
    assert rd("a(X); b(X) : c(X) :- d(X).") == (["c", "d"], ["a", "b"])
    assert rd("n(N) :- N = #sum { V, K : val(K, V), f(g(K)) }, s.") == (["f", "s", "val"], ["n"])
    assert rd("#sum { V : h(V) : w(V) } >= 1 :- x.") == (["w", "x"], ["h"])
    assert rd("all(X) :- obj(X), ok(Y) : rel(X, Y).") == (["obj", "ok", "rel"], ["all"])
    assert rd(":- bad(X), not fine(tag(X)).") == (["bad", "fine"], [])
    assert rd("#external w(X) : dom(X).") == (["dom"], ["w"])
    assert rd("#show p(X) : shown(X), zone(X, hand).") == (["shown", "zone"], [])
    assert rd("#defined lost/1.") == ([], [])
    assert rd("#show limit_exceeded/1.") == (["limit_exceeded"], [])
    assert rd("p((a;b)) :- q.") == (["q"], ["p"])
    assert rd("-p(X) :- q(X), not -r(X).") == (["q", "r"], ["p"])


def test_text_names_read_per_line_are_the_whole_texts():
    # program_index.text_names reads each line once (kept): the names the two expressions
    # give over the whole text, a statement going on in the next line included
    from mtg_asp.queries.program_index import _CONSTANT, _FUNCTION, text_names

    def whole(text):
        return set(_FUNCTION.findall(text)) | set(_CONSTANT.findall(text))
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"}]}, "<test>")
    facts = render_state(state)
    for text in (facts, facts, "p\n.", "a :- b.\nfoo\n:- bar.", "x(1).\ny.", "p.\nq", "z\n\n.",
                 "w_in(3) :- a.\nk(x).", "p :- q, r\n.", "  s  \n  :- t(1)."):
        assert text_names(text) == whole(text), text
    assert "foo" in text_names("a :- b.\nfoo\n:- bar.")
    # a line that is all comment gives no name, even one the next line would end
    assert text_names("% the stack\n.") == set()


def test_text_keys_read_each_argument():
    keys, anywhere = text_keys('a(x, f(g(1), "s, (t"), 2, "u"). b(-3). a(y;z, W). c(h(x)).',
                               frozenset({"a", "b", "f"}))
    assert keys == {("a", 0, "x"), ("a", 1, "f"), ("f", 0, "g")}
    assert anywhere == {("a", 0), ("a", 1)}


def _full_control(facts: str) -> clingo.Control:
    """A Control with every statement of the base and walk parts (what a Solver grounded
    before the index)."""
    ctl = clingo.Control(["--warn=none"])
    texts = core.load_encodings()
    ctl.add("base", [], texts["base"])
    ctl.add("base", [], texts["walk"])
    ctl.add("base", [], facts)
    ctl.ground([("base", []), ("walk", [clingo.Function("types")])])
    return ctl


def _answer(ctl: clingo.Control) -> tuple[set[str], list[set[str]]]:
    """The grounder's facts and every answer set's true atoms."""
    facts = {str(a.symbol) for a in ctl.symbolic_atoms if a.is_fact}
    models: list[set[str]] = []
    ctl.configuration.solve.models = 0
    ctl.solve(on_model=lambda m: models.append({str(s) for s in m.symbols(atoms=True)}))
    return facts, models


STATES = ["examples/demo.yaml", "examples/whatif.yaml", "tests/rulings/states/opponent_rider_lands.yaml"]


@pytest.mark.parametrize("path", STATES)
def test_a_state_has_the_answer_of_the_whole_encodings(path):
    state = load_state_file(ROOT / path)
    solver = core.Solver(state)
    assert _answer(solver._ctl) == _answer(_full_control(render_state(state)))
    # fewer rules than the whole base part: the point of the index
    rules = core.encoding_statements().parts["base"].rules
    assert sum(rules[i] for i in solver._reach.added("base")) < sum(rules)


class _Everything(Reach):
    """Every statement of a part at its first ground (no reachability)."""

    def to_add(self, parts):
        chosen = {}
        for part in dict.fromkeys(p if isinstance(p, str) else p[0] for p in parts):
            if part in self._index.parts:
                added = self._added.setdefault(part, set())
                chosen[part] = [i for i in range(len(self._index.parts[part].texts)) if i not in added]
                added.update(chosen[part])
        return chosen


class _NothingWaits(Deferred):
    """Every base rule grounded with the base part (no rule waits for a read)."""

    def split(self, chosen, goals):
        self.started, self.waiting = True, set()
        return sorted(chosen)


# what-ifs of the corpus that ground many later parts: a cast and its payment, combat damage,
# an activation with a target, state-based actions, entering with a choice, a search
WHAT_IFS = ["tests/rulings/cr/510_4_first_strike_double_strike.yaml",
            "tests/rulings/cr/514_1_discard_to_hand_size.yaml",
            "tests/rulings/cr/701_3a_equip_in_what_if.yaml",
            "tests/rulings/cr/704_5j_legend_rule.yaml",
            "tests/rulings/imported/lands/119_4_shock_land_at_1_life_enters_tapped.yaml",
            "tests/rulings/imported/lands/608_2h_boseiju_that_player_may_search.yaml",
            "tests/rulings/imported/types/614_12_check_land_under_blood_moon.yaml",
            "tests/rulings/cards/demon_of_wailing_agonies/2014-11-07_granted_trigger_still_resolves.yaml"]


@pytest.mark.parametrize("path", WHAT_IFS)
def test_what_ifs_answer_as_with_every_rule(path, monkeypatch):
    scenario = load_scenario(ROOT / path)
    sources = open_sources(list(scenario.cards_from))
    state = load_state(scenario.state_data, path, cards=sources) if scenario.state_path is None \
        else load_state_file(scenario.state_path, cards=sources)
    checks = [c for c in scenario.checks if c.query == "what-if"]
    assert checks
    grounded = core.Solver._ground_parts
    checked = []

    def ground_and_check(solver, parts):
        # every atom's argument functors are keys its Reach holds, at each argument whose
        # functor a statement needs (directly or through copies: Index.relevant), else a
        # rule needing one could have been left out
        grounded(solver, parts)
        reach, atoms = solver._reach, solver._ctl.symbolic_atoms
        if solver._deferred is not None and solver._deferred.waiting:
            # no base rule still waiting defines a name something grounded reads (Deferred)
            index = core.encoding_statements()
            waiting = solver._deferred.waiting
            defined = {n for i in waiting for n in index.parts["base"].heads[i]}
            for part, added in reach._added.items():
                for i in added:
                    if part != "base" or i not in waiting:
                        read = defined & set(index.parts[part].reads[i])
                        assert not read, (part, index.parts[part].texts[i], [index.names[n] for n in read])
            checked.append("deferred")
        for name, arity, positive in atoms.signatures:
            if name in reach._index.keyed and arity:
                for atom in atoms.by_signature(name, arity, positive):
                    for i, arg in enumerate(atom.symbol.arguments):
                        if arg.type == clingo.SymbolType.Function and arg.name and arg.positive \
                                and (name, i) in reach._index.relevant:
                            assert reach.has_key(name, i, arg.name), (str(atom.symbol), parts)
                            checked.append(name)
    monkeypatch.setattr(core.Solver, "_ground_parts", ground_and_check)
    pruned = [what_if(core.Solver(state), c.args["actions"]).to_json() for c in checks]
    assert len(checked) > 300
    assert "deferred" in checked
    monkeypatch.setattr(core.Solver, "_ground_parts", grounded)
    monkeypatch.setattr(core, "Reach", _Everything)
    monkeypatch.setattr(core, "Deferred", _NothingWaits)
    whole = [what_if(core.Solver(state), c.args["actions"]).to_json() for c in checks]
    assert pruned == whole
    assert pruned == [c.expect for c in checks]
    # and as when each reached state's base part is grounded on its own, before its first
    # step's parts (core.Solver without `defer` grounds it in one call of its own)
    monkeypatch.setattr(whatif_module, "Solver", _BaseFirst)
    base_first = [what_if(_BaseFirst(state), c.args["actions"]).to_json() for c in checks]
    assert pruned == base_first


class _BaseFirst(core.Solver):
    def __init__(self, *args, defer: bool = False, **kw):
        super().__init__(*args, **kw)
        assert self._generation == 1       # its base and walk grounded, in a call of their own


def test_a_reached_states_solver_grounds_its_base_with_the_first_parts_asked():
    # core.Solver(defer=True): one ground() call for the base, the walk and the first parts
    # the what-if asks (clingo prepares every statement it holds at each call)
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                        {"id": "forest", "card": "Forest", "controller": "alice"}]}, "<test>")
    solver = core.Solver(state, defer=True)
    assert solver._generation == 0
    with solver.query() as query:
        solver.ground([(p, [query.term]) for p in ("step", "action", "settle", "detect")])
        assert solver._generation == 1
        assert ("base", ()) in solver._grounded and ("walk", (clingo.Function("types"),)) in solver._grounded
    assert sorted(str(s) for s in solver.facts().get("controller")) == \
        ['controller(obj("elf",0),"alice")', 'controller(obj("forest",0),"alice")']
    # a read before any ground grounds the base at once (and then the waiting rules it needs)
    other = core.Solver(state, defer=True)
    assert len(other.facts().get("controller")) == 2 and ("base", ()) in other._grounded
    assert core.Solver(state)._generation == 1          # not deferred: grounded when made
def test_the_analysis_is_cached_and_a_bad_cache_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("MTG_ASP_CACHE_DIR", str(tmp_path))
    parts = {"p": "#program p. a :- b."}
    made = encoding_index(parts)
    [cache] = tmp_path.glob("encodings-*.pickle")
    assert encoding_index(parts).parts == made.parts
    cache.write_bytes(b"not a pickle")
    assert encoding_index(parts).parts == made.parts

    def needs(index):
        return {index.names[n] for n in index.parts["p"].needs[0]}
    assert needs(made) == {"b"}
    # another text is another key: never the stale analysis
    assert needs(encoding_index({"p": "#program p. c :- d."})) == {"d"}
    with cache.open("rb") as fh:
        fh.read(32)
        assert needs(pickle.load(fh)) == {"d"}


def test_a_process_parses_only_the_statements_it_adds_and_each_once(monkeypatch):
    # core._part_statements: a part's first add is text; from its second (its third in a query's
    # fork: short_lived) the statements added are parsed to clingo.ast, only those, each once
    monkeypatch.setattr(core, "_ADDED", {})
    monkeypatch.setattr(core, "_STATEMENTS", {})
    monkeypatch.setattr(core, "_PARSE_FROM", 2)
    monkeypatch.setattr(core, "_KEPT", None)
    monkeypatch.setattr(core, "_KEPT_FROM", 0)
    parses = []
    parse = clingo.ast.parse_string
    monkeypatch.setattr(clingo.ast, "parse_string", lambda text, take: parses.append(text) or parse(text, take))
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"}]}, "<test>")
    first = core.Solver(state)
    assert "base" not in core._STATEMENTS and not parses          # the first add: text
    second = core.Solver(state)
    base = core.encoding_statements().parts["base"]
    added = second._reach.added("base")
    assert set(core._STATEMENTS["base"]) == added and len(added) < len(base.texts)
    assert len(parses) == 2                                         # base and walk, once each
    third = core.Solver(state)
    assert len(parses) == 2                                         # nothing new to parse
    assert sorted(str(s) for s in third.facts().get("controller")) == \
        sorted(str(s) for s in first.facts().get("controller")) == ['controller(obj("elf",0),"alice")']
    # a query's fork adds text twice before it parses
    monkeypatch.setattr(core, "_STATEMENTS", {})
    core.short_lived()                  # (monkeypatch puts back what it sets)
    core.Solver(state)
    core.Solver(state)
    assert "base" not in core._STATEMENTS
    core.Solver(state)
    assert "base" in core._STATEMENTS
