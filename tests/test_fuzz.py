"""Fuzz of the whole input contract (issue 16): state files (README "State files",
translator/state.py), inline cards in a state's `cards:` (docs/cards.md, translator/cards.py),
`--do` actions (queries/whatif.py parse_action) and `--cost` strings, run through the loader
and through the CLI in-process (queries.cli.main). Whatever they are given: no traceback, an
exit code of 0, 1, 2 or 3 only, and exit 2 prints one line naming the file and the field (or
the option). Examples are valid states mutated (a field dropped, a wrong type, a huge or
negative number, an unknown name, deep nesting, unicode, a duplicate id), so most reach deep
validation. Derandomized with a fixed number of examples: repeatable, about 20 s."""

from __future__ import annotations

import copy
from importlib import resources

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mtg_asp.queries.canpay import parse_cost
from mtg_asp.queries.cli import main
from mtg_asp.queries.whatif import parse_action
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from mtg_asp.translator.yamlio import load_yaml_file

FAST = {"deadline": None, "derandomize": True, "database": None,
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                                  HealthCheck.function_scoped_fixture]}

INLINE_CARD = {
    "name": "Fuzz Monolith", "mana_cost": "{2}", "type_line": "Artifact",
    "oracle_text": "{T}: Add {C}{C}{C}.\n{4}, Pay 2 life: Untap this artifact.\n{T}, Sacrifice this artifact: Add one mana of any color.",
    "abilities": [
        {"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}{C}{C}"}},
        {"line": 2, "activated": {"cost": ["{4}", {"pay_life": 2}], "effect": "Untap this artifact.",
                                  "does": [{"untap": {"what": "self"}}]}},
        {"line": 3, "activated": {"cost": ["{T}", {"sacrifice": "self"}], "add_mana": {"any": "color"}}},
    ],
}
OWN = {
    "players": ["alice", "bob"],
    "turn": {"number": 3, "active": "bob", "step": "declare_attackers"},
    "life": {"alice": 12, "bob": 7},
    "cards": [INLINE_CARD],
    "battlefield": [
        {"id": "mono", "card": "Fuzz Monolith", "controller": "alice", "tapped": True, "timestamp": 20},
        {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "counters": {"+1/+1": 2, "charge": 1},
         "damage": 1, "attacking": "alice", "since_turn": 1, "activated_this_turn": [1]},
        {"id": "forest", "card": "Forest", "controller": "alice", "owner": "alice"},
    ],
    "hand": {"alice": ["Island", {"id": "mc", "card": "Mind Control"}]},
    "graveyard": {"bob": [{"id": "g1", "card": "Swamp"}]},
    "library": {"alice": [{"id": "top", "card": "Mountain"}, {"shuffled": ["Forest", "Island"]}]},
    "mana_pool": {"alice": "{U}{U}{G}", "bob": "{R}"},
    "energy": {"alice": 3},
    "lands_played": {"bob": 1},
    "effects": [{"id": "treason", "card": "Act of Treason", "controller": "bob", "targets": ["forest"],
                 "since_turn": 3}],
}
BASES = [OWN, *(yaml.safe_load(resources.files("mtg_asp.examples").joinpath(f).read_text())
               for f in ("whatif.yaml", "control.yaml", "combat.yaml"))]

NAMES = ["alice", "bob", "mallory", "elves", "mono", "forest", "Forest", "Llanowar Elves", "Mind Control",
         "Fuzz Monolith", "Reflecting Poll", "{G}", "{T}", "{2}{G}", "{Z}", "+1/+1", "+9/+9", "-1/-1",
         "charge", "precombat_main", "end", "declare_blockers", "hand", "exile", "color", "self",
         "ünïcödé ✓", "", " ", "a b", "x\"y", "a'b", "}", "%", "\x00", "\u202e", "id:with:colons"]
NUMBERS = [0, 1, -1, 2, 7, 10**6, 10**6 + 1, -10**6 - 1, 2**31 - 1, 2**31, -2**31, 2**63, 10**30]


def deep(depth: int, leaf):
    for _ in range(depth):
        leaf = [leaf] if depth % 2 else {"k": leaf}
    return leaf


values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.sampled_from(NUMBERS), st.integers(-100, 100),
              st.floats(allow_nan=True), st.sampled_from(NAMES), st.text(max_size=12)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.one_of(st.sampled_from(NAMES), st.integers(-2, 2)), inner, max_size=3)),
    max_leaves=6,
) | st.builds(deep, st.integers(20, 60), st.sampled_from(NAMES))


def places(data, depth=0):
    """Every (container, key) in a document: where a mutation can go, the deepest first (Hypothesis
    leans to the first choices: a state whose `players` is gone never reaches deeper checks)."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        out.append((depth, len(out), data, k))
        out += places(v, depth + 1)
    if depth:
        return out
    return [(box, key) for _, _, box, key in sorted(out, key=lambda t: (-t[0], t[1]))]


@st.composite
def mutated(draw, least: int = 1):
    """A valid state with `least` to three mutations."""
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(least, 3))):
        spots = places(data)
        box, key = draw(st.sampled_from(spots))
        op = draw(st.sampled_from(["drop", "replace", "number", "name", "add", "duplicate",
                                   "alike", "alike", "alike", "alike"]))
        if op == "alike":                # a value of the same kind: most such states still load
            box[key] = draw(alike(box[key], strings(data)))
        elif op == "drop":
            del box[key]
        elif op == "replace":
            box[key] = draw(values)
        elif op == "number":
            box[key] = draw(st.sampled_from(NUMBERS))
        elif op == "name":
            box[key] = draw(st.sampled_from(NAMES))
        elif op == "add" and isinstance(box, dict):
            box[draw(st.sampled_from(NAMES))] = draw(values)
        elif op == "add":
            box.append(draw(values))
        elif op == "duplicate" and isinstance(box, list):
            box.append(copy.deepcopy(box[key]))      # a duplicate id, a second entry for one line
        else:
            box[key] = copy.deepcopy(box[key]), copy.deepcopy(box[key])
            box[key] = list(box[key])
    return data


STEPS = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup"]


def strings(data) -> list[str]:
    """The strings of a document (its ids, names, cards): a value another field may take."""
    out, pending = [], [data]
    while pending:
        v = pending.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            pending += [*v.keys(), *v.values()]
        elif isinstance(v, list):
            pending += v
    return [v for v in out if isinstance(v, str)]


def alike(old, known: list[str]):
    """A value of the same kind as `old`: another number within or near the bounds, the other
    boolean, another of the document's own strings or a step, a list or mapping of alike items."""
    if isinstance(old, bool):
        return st.just(not old)
    if isinstance(old, int):
        return st.one_of(st.integers(-3, 30), st.integers(0, 10**6), st.sampled_from([10**6, 10**6 + 1, -1]))
    if isinstance(old, str):
        return st.sampled_from(sorted(set(known)) + STEPS + ["{G}{G}", "{T}", "{1}", "+1/+1", "charge"])
    if isinstance(old, list) and old:
        return st.lists(alike(old[0], known), max_size=3)
    if isinstance(old, dict) and old:
        k = next(iter(old))
        return st.dictionaries(st.sampled_from(sorted({*known, *map(str, old)})), alike(old[k], known), max_size=3)
    return st.just(old)


def loads_or_refuses(data, where="s.yaml") -> None:
    try:
        load_state(data, where)
    except InputError as e:
        text = str(e)
        assert text.startswith(f"{where}") and "\n" not in text.strip() and len(text) < 1000, text


# -- the loader -------------------------------------------------------------------------------

@settings(max_examples=300, **FAST)
@given(mutated())
def test_the_loader_loads_or_refuses_with_one_line(data):
    loads_or_refuses(data)


@settings(max_examples=150, **FAST)
@given(st.sampled_from(range(len(INLINE_CARD["abilities"]))), st.data())
def test_inline_cards_load_or_are_refused_with_one_line(line, data):
    """docs/cards.md's vocabulary, mutated inside one ability of an inline card."""
    state = copy.deepcopy(OWN)
    ability = state["cards"][0]["abilities"][line]
    for _ in range(data.draw(st.integers(1, 2))):
        box, key = data.draw(st.sampled_from(places(ability)))
        box[key] = data.draw(st.one_of(values, st.sampled_from(NAMES), st.sampled_from(NUMBERS)))
    loads_or_refuses(state)


YAML_TEXTS = [
    "", "~", "[]", "- a\n- b", "players: [alice, bob]\n", "{", "players: [alice\n", "\t- x", "a: b: c",
    "!!python/object/apply:os.system ['true']", "a: &x [*x]", "a: &a [1]\nb: *a\nc: *a", "players: !!binary aGk=",
    "players: [alice, alice]", "players: [alice, bob]\nplayers: [bob]", "[" * 3000, "{a: " * 800,
    "\ufeffplayers: [alice, bob]", "players: [alice, bob]\nturn: {number: 0x7fffffff}",
    "players: [alice, bob]\nturn: {number: 1e309}", "players: [alice, bob]\nturn: {number: .inf}",
    "\x00", "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
]


@settings(max_examples=60, **FAST)
@given(st.one_of(st.sampled_from(YAML_TEXTS), st.text(max_size=80),
                 st.builds(lambda d: yaml.safe_dump(d, allow_unicode=True), mutated())))
def test_yaml_text_loads_or_is_refused(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "s.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    try:
        data = load_yaml_file(path)
    except InputError as e:
        assert str(e).startswith(str(path)) and "\n" not in str(e).strip()
        return
    loads_or_refuses(data, str(path))


# -- --do and --cost ---------------------------------------------------------------------------

VERBS = ["move", "bounce", "exile", "flicker", "activate", "cast", "play", "resolve", "counters", "next",
         "attack", "block", "leave", "pass", "draw", "step", "targeting", "from", "paying", "with", "to", "at", "x=3",
         "x=-1", "x=99999999999999999999", "x=", "choosing", "left", "right", "hand", "1", "0", "-1", "+1", "2147483648"]
WORDS = st.lists(st.one_of(st.sampled_from(VERBS), st.sampled_from(NAMES), st.text(max_size=6)), max_size=6)


@settings(max_examples=300, **FAST)
@given(WORDS)
def test_an_action_string_parses_or_is_refused_naming_do(words):
    try:
        parse_action(" ".join(words), 0)
    except InputError as e:
        assert str(e).startswith("--do") and "\n" not in str(e)


COST_PARTS = ["{2}", "{G}", "{G/U}", "{2/W}", "{G/P}", "{X}", "{C}", "{S}", "{Z}", "{0}", "{1000001}",
              "{99999999999999999999}", "{-1}", "{}", "{", "}", " ", "G", "{T}", "{E}", "{½}", "{∞}"]


@settings(max_examples=200, **FAST)
@given(st.lists(st.one_of(st.sampled_from(COST_PARTS), st.text(max_size=4)), max_size=5))
def test_a_cost_string_parses_or_is_refused_naming_cost(parts):
    try:
        parse_cost("".join(parts), "<cost>")
    except InputError as e:
        assert "--cost" in str(e) and "\n" not in str(e)


# -- the CLI, in-process -----------------------------------------------------------------------

QUERIES = [
    ["board"], ["could-produce"], ["activations"], ["mana", "--player", "alice"],
    ["can-pay", "--player", "alice", "--cost", "{1}{G}"], ["what-if", "--do", "next step"],
    ["what-if", "--do", "activate mono 1"], ["what-if", "--do", "counters elves +1/+1 3"],
]


def cli(capsys, path, query) -> None:
    code = main([query[0], str(path), *query[1:], "--time-limit", "20"])
    _out, err = capsys.readouterr()
    assert code in (0, 1, 2, 3), (code, err)
    assert "Traceback" not in err
    if code == 2:
        line = err.strip()
        assert "\n" not in line and line.startswith("mtg-asp: error: "), err
        assert line.startswith((f"mtg-asp: error: {path}", "mtg-asp: error: --")), err


@settings(max_examples=25, **FAST)
@given(mutated(least=0), st.sampled_from(QUERIES))
def test_the_cli_answers_or_refuses_a_mutated_state(tmp_path_factory, capsys, data, query):
    path = tmp_path_factory.mktemp("fuzz") / "state.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    cli(capsys, path, query)


@settings(max_examples=10, **FAST)
@given(WORDS.map(" ".join), st.lists(st.sampled_from(COST_PARTS), min_size=1, max_size=3).map("".join))
def test_the_cli_answers_or_refuses_any_action_or_cost(tmp_path_factory, capsys, action, cost):
    path = tmp_path_factory.mktemp("fuzz") / "state.yaml"
    path.write_text(yaml.safe_dump(OWN))
    cli(capsys, path, ["what-if", "--do", action])
    cli(capsys, path, ["can-pay", "--player", "bob", "--cost", cost])


@pytest.mark.parametrize("query", QUERIES)
def test_the_valid_base_states_answer(tmp_path, capsys, query):
    """The fuzz's starting points are valid: mutations start from states that load."""
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(OWN))
    code = main([query[0], str(path), *query[1:], "--time-limit", "30"])
    assert code in (0, 1), capsys.readouterr().err
