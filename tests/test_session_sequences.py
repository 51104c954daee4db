"""Any sequence of queries on one Session answers as a fresh Session for each query would.

Random sequences of every query kind (with and without explanations, with arguments that are
valid and some that are not) run on one Session per example state; each answer (its JSON, the
rules it cites, or the error it raises) must equal the answer of a fresh Session.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries import Session
from mtg_asp.queries.scenario import answer
from mtg_asp.translator.errors import InputError, SolverError
from mtg_asp.translator.state import load_state_file

# Per example state, the queries worth asking of it (query, args), errors included.
QUERIES: dict[str, list[tuple[str, dict]]] = {
    "demo.yaml": [
        ("could-produce", {}), ("could-produce", {"object": "pool"}), ("activations", {}),
        ("activations", {"player": "alice"}), ("board", {}), ("board", {"objects": ["elves"]}),
        ("mana", {"player": "alice"}), ("can-pay", {"player": "alice", "cost": "{1}{G}"}),
        ("can-pay", {"player": "alice", "cost": "{9}"}), ("orderings", {"tap": "forest"}),
        ("what-if", {"actions": ["bounce elves"]}), ("what-if", {"actions": ["activate elves 1"]}),
        ("could-produce", {"object": "nobody"}),
    ],
    "mana_events.yaml": [
        ("orderings", {"tap": "forest"}), ("orderings", {"tap": "forest", "limit": 2}),
        ("can-pay", {"player": "alice", "cost": "{4}{W}"}), ("can-pay", {"player": "alice", "cost": "{40}"}),
        ("mana", {"player": "alice"}), ("could-produce", {}), ("activations", {"player": "alice"}),
        ("what-if", {"actions": ["activate forest forest"]}), ("board", {}),
    ],
    "whatif.yaml": [
        ("what-if", {"actions": ["cast one x=2", "resolve"]}),
        ("what-if", {"actions": ["activate ami -1 targeting elves", "resolve"]}),
        ("what-if", {"actions": ["flicker elves"]}), ("what-if", {"actions": ["cast one"]}),
        ("board", {}), ("activations", {}), ("could-produce", {}), ("mana", {"player": "alice"}),
        ("can-pay", {"player": "alice", "cost": "{G}"}),
    ],
    "combat.yaml": [
        ("what-if", {"actions": ["next step", "resolve"]}), ("board", {"objects": ["demon"]}),
        ("activations", {"player": "bob"}), ("could-produce", {}),
        ("what-if", {"actions": ["next step", "resolve", "attack demon isamaru"]}),
    ],
}


def _example(name: str):
    with resources.as_file(resources.files("mtg_asp.examples").joinpath(name)) as path:
        return load_state_file(path)


def _ask(session: Session, query: str, args: dict, explain: bool) -> str:
    """The answer as text to compare: its JSON and cited rules, or the error it raised."""
    try:
        result = answer(session, query, args, explain)
    except (InputError, SolverError) as e:
        return f"{type(e).__name__}: {e}"
    rules = sorted((c.about, c.rule, c.text) for c in result.rules())
    return json.dumps([result.to_json(), rules, result.to_text()], sort_keys=True)


@cache
def _fresh(name: str, index: int, explain: bool) -> str:
    query, args = QUERIES[name][index]
    return _ask(Session(_example(name)), query, args, explain)


@st.composite
def sequences(draw):
    name = draw(st.sampled_from(sorted(QUERIES)))
    steps = draw(st.lists(st.tuples(st.integers(0, len(QUERIES[name]) - 1), st.booleans()),
                          min_size=2, max_size=6))
    return name, steps


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequences())
def test_any_sequence_of_queries_answers_as_fresh_sessions(seq):
    name, steps = seq
    session = Session(_example(name))
    for index, explain in steps:
        query, args = QUERIES[name][index]
        assert _ask(session, query, args, explain) == _fresh(name, index, explain), (query, args, explain)


def test_what_if_then_explain_and_unpayable_then_mana():
    """The two mixes that failed before the core: a what-if followed by an explained query
    (why/4 meant two things), and mana after an unpayable can-pay (two queries shared the
    external active(q))."""
    s = Session(_example("whatif.yaml"))
    s.what_if(["flicker elves"])
    assert s.could_produce(explain=True).reasons["elves"]
    s = Session(_example("mana_events.yaml"))
    assert not s.can_pay("alice", "{40}").payable
    assert s.available_mana("alice").pools
    assert s.can_pay("alice", "{4}{W}").payable
