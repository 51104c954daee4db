"""The pictures (--format svg, queries/pictures.py): each draws what its answer says, as valid,
self-contained, deterministic SVG with no two boxes overlapping."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mtg_asp.queries.board import Board, PermanentView
from mtg_asp.queries.cli import main
from mtg_asp.queries.pictures import svg_board, svg_orderings, svg_whatif
from mtg_asp.queries.pictures_svg import Box, TreeNode, tidy, walk
from mtg_asp.queries.result import Unread
from mtg_asp.queries.session import Session

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NS = "{http://www.w3.org/2000/svg}"
# Two outcomes from step 2 on (the X of Endless One paid with {U} or with {G}); the first step
# shared; the token's second activation illegal in both (it is tapped, CR 107.5).
WHATIF_STEPS = ["activate token 1", "cast one x=1", "resolve", "activate token 1"]
MIND_CONTROL = """\
players: [alice, bob]
turn: {number: 6, active: alice, step: precombat_main}
battlefield:
  - {id: birds, card: Birds of Paradise, controller: bob}
  - {id: elves, card: Llanowar Elves, controller: alice, tapped: true, counters: {"+1/+1": 2}}
  - {id: control, card: Mind Control, controller: alice, attached_to: birds, since_turn: 6}
  - {id: forest, card: Forest, controller: bob}
"""
BIRDS = """\
players: [alice, bob]
turn: {number: 5, active: alice, step: precombat_main}
battlefield:
  - {id: birds, card: Birds of Paradise, controller: alice}
  - {id: reflection, card: Mana Reflection, controller: alice}
"""


def boxes(svg: str) -> list[dict]:
    """Each box of a picture: its data attributes, its rectangle, its texts and its title."""
    root = ET.fromstring(svg.encode())
    out = []
    for g in root.iter(f"{NS}g"):
        rect = g.find(f"{NS}rect")
        out.append({"data": {k[5:]: v for k, v in g.attrib.items() if k.startswith("data-")},
                    "rect": tuple(int(rect.get(a)) for a in ("x", "y", "width", "height")),
                    "class": rect.get("class"),
                    "texts": [t.text for t in g.findall(f"{NS}text")],
                    "title": g.find(f"{NS}title").text})
    return out


def labels(svg: str) -> list[str]:
    """The texts outside boxes (edge labels)."""
    root = ET.fromstring(svg.encode())
    out = []
    for t in root.findall(f"{NS}text"):
        title = t.find(f"{NS}title")
        out.append((t.text or "") + (title.tail or "" if title is not None else ""))
    return out


def overlap(a: tuple, b: tuple) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def no_overlap(found: list[dict], skip=("player",)) -> None:
    rects = [b["rect"] for b in found if b["data"].get("role") not in skip]
    for a, b in itertools.combinations(rects, 2):
        assert not overlap(a, b), (a, b)


@pytest.fixture(scope="module")
def forest_orderings():
    return Session.from_file(EXAMPLES / "mana_events.yaml").orderings("forest")


@pytest.fixture(scope="module")
def whatif_answer():
    return Session.from_file(EXAMPLES / "whatif.yaml").what_if(WHATIF_STEPS)


@pytest.fixture(scope="module")
def mind_control(tmp_path_factory):
    path = tmp_path_factory.mktemp("pictures") / "mind_control.yaml"
    path.write_text(MIND_CONTROL)
    return Session.from_file(path).board()


def test_orderings_one_leaf_per_outcome_with_its_count(forest_orderings):
    answer = forest_orderings
    # three replacement effects, two outcomes: 2x{B} by 2 orderings, 2x{C} by 1
    assert [(o.mana, o.count) for o in answer.outcomes] == [({"B": 2}, 2), ({"C": 2}, 1)]
    found = boxes(svg_orderings(answer))
    leaves = [b for b in found if b["data"]["role"] == "outcome"]
    assert sorted((b["texts"][0], b["data"]["count"]) for b in leaves) == [("2x{B}", "2"), ("2x{C}", "1")]
    assert {b["texts"][1] for b in leaves} == {"2 orderings", "1 ordering"}


def test_orderings_edges_name_the_effects_applied(forest_orderings):
    answer = forest_orderings
    svg = svg_orderings(answer)
    found = boxes(svg)
    # one node per distinct non-empty prefix of the listed orderings, entered by its effect
    prefixes = {tuple(seq[:k]) for o in answer.outcomes for seq in o.orderings for k in range(1, len(seq) + 1)}
    applied = [b for b in found if b["data"]["role"] == "applied"]
    assert len(applied) == len(prefixes) == 7
    assert sorted(b["data"]["effect"] for b in applied) == sorted(p[-1] for p in prefixes)
    edge_labels = [t for t in labels(svg) if "CR 616.1" in t]
    assert sorted(t.split(" · ")[0] for t in edge_labels) == sorted(p[-1] for p in prefixes)
    assert {t.split(" · ")[0] for t in edge_labels} == set(answer.effects) == {"contamination", "reflection", "sphere"}
    root = next(b for b in found if b["data"]["role"] == "event")
    assert root["texts"][0] == "alice activates forest, line 1"
    assert "before replacement effects: 1x{G}" in root["texts"]
    assert "triggered mana abilities: flare (CR 106.12a)" in root["texts"]


def test_orderings_nodes_show_the_mana_between_effects(forest_orderings):
    answer = forest_orderings
    # the answer's mana along each listed ordering: Forest's {G}, Mana Reflection doubles it,
    # Contamination makes it {B}, Damping Sphere {C} (the triggers' mana comes at the end)
    steps = {tuple(seq): o.steps[j] for o in answer.outcomes for j, seq in enumerate(o.orderings)}
    assert steps[("reflection", "contamination")] == ({"G": 1}, {"G": 2}, {"B": 1})
    assert steps[("contamination", "reflection", "sphere")] == ({"G": 1}, {"B": 1}, {"B": 2}, {"C": 1})
    found = boxes(svg_orderings(answer))
    shown = {}
    for b in found:
        if b["data"]["role"] == "applied":
            order = next(t for t in b["title"].splitlines() if t.startswith("applied in this order: "))
            mana = json.loads(b["data"]["mana"])
            shown[tuple(order.split(": ", 1)[1].split(" → "))] = mana
            assert b["texts"][0] == " ".join(f"{n}x{{{t}}}" for t, n in mana.items())
    expected = {seq[:k]: mana[k] for seq, mana in steps.items() for k in range(1, len(seq) + 1)}
    assert shown == expected
    assert shown[("reflection",)] == {"G": 2} and shown[("contamination",)] == {"B": 1}


def test_orderings_a_node_per_choice_of_the_abilitys_mana(tmp_path):
    path = tmp_path / "birds.yaml"
    path.write_text(BIRDS)
    answer = Session.from_file(path).orderings("birds")
    assert [(o.mana, o.count) for o in answer.outcomes] == [({t: 2}, 1) for t in "WUBRG"]
    found = boxes(svg_orderings(answer))
    choices = [b for b in found if b["data"]["role"] == "choice"]
    assert [b["texts"][0] for b in sorted(choices, key=lambda b: b["rect"][0])] == [
        "1x{W}", "1x{U}", "1x{B}", "1x{R}", "1x{G}"]
    leaves = sorted((b for b in found if b["data"]["role"] == "outcome"), key=lambda b: b["rect"][0])
    assert [b["texts"][0] for b in leaves] == ["2x{W}", "2x{U}", "2x{B}", "2x{R}", "2x{G}"]
    no_overlap(found)


def test_whatif_a_box_per_step_and_a_branch_per_outcome(whatif_answer):
    answer = whatif_answer
    assert len(answer.results) == 2 and all(r.illegal and r.illegal.step == 4 for r in answer.results)
    found = boxes(svg_whatif(answer))
    by_step = {k: [b for b in found if b["data"].get("step") == str(k)] for k in range(1, 5)}
    # step 1 went the same way in both outcomes: one box; they diverge at step 2 (the pool
    # left after paying X): a box each from there on
    assert [len(by_step[k]) for k in range(1, 5)] == [1, 2, 2, 2]
    assert by_step[1][0]["texts"][0] == "step 1: activate token 1"
    assert by_step[2][0]["texts"][0] == "step 2: cast one x=1"
    pools = sorted(t for b in by_step[2] for t in b["texts"] if "pool now has" in t)
    assert len(pools) == 2 and pools[0] != pools[1]
    illegal = [b for b in found if b["data"]["role"] == "illegal"]
    assert sorted(b["data"]["outcome"] for b in illegal) == ["1", "2"]
    assert all(b["class"] == "illegal" and any("CR 107.5" in t for t in b["texts"]) for b in illegal)


def test_whatif_edges_follow_the_branches(whatif_answer):
    root = ET.fromstring(svg_whatif(whatif_answer).encode())
    found = boxes(svg_whatif(whatif_answer))
    step1 = next(b["rect"] for b in found if b["data"].get("step") == "1")
    step2 = [b["rect"] for b in found if b["data"].get("step") == "2"]
    lines = [tuple(int(e.get(a)) for a in ("x1", "y1", "x2", "y2")) for e in root.iter(f"{NS}line")]
    from_step1 = [ln for ln in lines if ln[1] == step1[1] + step1[3]]
    assert sorted((x2, y2) for _, _, x2, y2 in from_step1) == sorted((r[0] + r[2] // 2, r[1]) for r in step2)


def test_board_shows_each_permanent_with_its_controller_after_a_control_change(mind_control):
    found = boxes(svg_board(mind_control))
    perms = {b["data"]["id"]: b for b in found if b["data"]["role"] == "permanent"}
    assert {k: b["data"]["controller"] for k, b in perms.items()} == {
        "birds": "alice", "elves": "alice", "control": "alice", "forest": "bob"}
    assert "owned by bob" in perms["birds"]["texts"]
    assert any("controlled through control" in t for t in perms["birds"]["texts"])
    # drawn in alice's band, between her header and bob's
    bands = {b["data"]["player"]: b["rect"][1] for b in found if b["data"]["role"] == "player"}
    assert bands["alice"] < perms["birds"]["rect"][1] < bands["bob"] < perms["forest"]["rect"][1]
    assert perms["elves"]["class"] == "tapped" and "tapped" in perms["elves"]["texts"]
    assert perms["forest"]["class"] == "node"
    assert "counters: 2 +1/+1" in perms["elves"]["texts"]
    assert "3/3 (printed 1/1)" in perms["elves"]["texts"]
    assert perms["control"]["data"]["attached-to"] == "birds"


def test_board_links_an_attachment_to_its_object(mind_control):
    svg = svg_board(mind_control)
    root = ET.fromstring(svg.encode())
    found = {b["data"]["id"]: b["rect"] for b in boxes(svg) if b["data"]["role"] == "permanent"}
    links = [tuple(int(e.get(a)) for a in ("x1", "y1", "x2", "y2"))
             for e in root.iter(f"{NS}line") if e.get("class") == "attach"]

    def centre(r):
        return r[0] + r[2] // 2, r[1] + r[3] // 2
    assert links == [(*centre(found["control"]), *centre(found["birds"]))]


def test_no_two_boxes_overlap(forest_orderings, whatif_answer, mind_control):
    orchard = Session.from_file(EXAMPLES / "mana_events.yaml").orderings("orchard", limit=3)
    board = Session.from_file(EXAMPLES / "whatif.yaml").board()
    for svg in (svg_orderings(forest_orderings), svg_orderings(orchard), svg_whatif(whatif_answer),
                svg_board(mind_control), svg_board(board)):
        found = boxes(svg)
        assert len(found) >= 4
        no_overlap(found)


def _tree(shape) -> TreeNode:
    label, kids = shape
    return TreeNode(Box([("body", label)]), children=[_tree(k) for k in kids])


SHAPES = st.recursive(st.tuples(st.text("abcdefgh xyz", min_size=1, max_size=70), st.just([])),
                      lambda kids: st.tuples(st.text("ab", min_size=1, max_size=30), st.lists(kids, max_size=4)),
                      max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(SHAPES)
def test_tidy_trees_never_overlap_and_centre_parents(shape):
    root = _tree(shape)
    tidy(root)
    nodes = walk(root)
    for a, b in itertools.combinations(nodes, 2):
        assert not overlap((a.box.x, a.box.y, a.box.w, a.box.h), (b.box.x, b.box.y, b.box.w, b.box.h))
    for n in nodes:
        if n.children:
            first, last = n.children[0].box, n.children[-1].box
            # a parent is centred over its first and last child (to a pixel of rounding), unless
            # that would take it out of its subtree's band (then it stands at the band's edge)
            centred = abs(n.box.cx - (first.cx + last.cx) // 2) <= 1
            assert centred or n.box.x == n.band_x or n.box.x + n.box.w == n.band_x + n.band
            assert all(c.box.y > n.box.y + n.box.h for c in n.children)


def test_the_same_answer_gives_byte_identical_svg(forest_orderings):
    again = Session.from_file(EXAMPLES / "mana_events.yaml").orderings("forest")
    assert svg_orderings(again) == svg_orderings(forest_orderings)
    w1 = svg_whatif(Session.from_file(EXAMPLES / "whatif.yaml").what_if(WHATIF_STEPS[:2]))
    w2 = svg_whatif(Session.from_file(EXAMPLES / "whatif.yaml").what_if(WHATIF_STEPS[:2]))
    assert w1 == w2


def test_text_is_escaped_and_long_labels_cut_with_the_whole_in_a_title():
    name = "<Bob & \"Alice\">'s " + "very " * 30 + "long card\x07"
    view = PermanentView("x1", name, "alice", "bob", False, ("creature",), (), (), (), (), {},
                         False, (), "1/1", 1, 1)
    svg = svg_board(Board((view,), {}))
    assert "<Bob" not in svg and "\x07" not in svg
    found = [b for b in boxes(svg) if b["data"]["role"] == "permanent"]
    head = found[0]["texts"][0]
    assert head.startswith("x1: <Bob & \"Alice\">'s very") and head.endswith("…") and len(head) == 84
    assert "x1: <Bob & \"Alice\">'s " + "very " * 30 + "long card?" in found[0]["title"]
    assert "owned by bob" in found[0]["texts"]


def test_cli_writes_svg_to_a_file_and_to_stdout(tmp_path, capsys):
    out = tmp_path / "board.svg"
    state = str(EXAMPLES / "control.yaml")
    assert main(["board", state, "--format", "svg", "--output", str(out)]) == 0
    assert capsys.readouterr().out == ""
    written = out.read_text(encoding="utf-8")
    assert main(["board", state, "--format", "svg"]) == 0
    printed = capsys.readouterr().out
    assert printed == written
    ids = {b["data"].get("id") for b in boxes(written)}
    assert {"elves", "birds", "forest"} <= ids
    # --output takes the text answer too
    text = tmp_path / "board.txt"
    assert main(["board", state, "--output", str(text)]) == 0
    assert capsys.readouterr().out == ""
    assert text.read_text(encoding="utf-8").startswith("elves: Llanowar Elves (alice)")


@pytest.mark.parametrize("argv, message", [
    (["orderings", "{state}", "--tap", "forest", "--format", "svg", "--json"], "--format: svg is a picture"),
    (["mana", "{state}", "--player", "alice", "--format", "svg"], "--format: mana has no picture"),
    (["board", "{state}", "--format", "svg", "--explain"], "--format: the picture cites"),
    (["board", "{state}", "--format", "svg", "--output", "/nonexistent/dir/x.svg"], "--output: cannot write"),
])
def test_cli_refuses_svg_where_it_does_not_apply(argv, message, capsys):
    state = str(EXAMPLES / "mana_events.yaml")
    assert main([a.replace("{state}", state) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mtg-asp: error: {message}") and err.count("\n") == 1


def test_not_modelled_lines_are_a_warning_box():
    view = PermanentView("hierarch", "Noble Hierarch", "alice", "alice", False, ("creature",), (), (), (), (),
                         {}, False, (), "0/1", 0, 1)
    unread = Unread("hierarch", "Noble Hierarch", 1, "line", "Exalted")
    found = boxes(svg_board(Board((view,), {}, not_modelled=(unread,))))
    warning = [b for b in found if b["data"]["role"] == "not-modelled"]
    assert len(warning) == 1 and warning[0]["class"] == "warning"
    assert any("hierarch (Noble Hierarch) line 1" in t and t.endswith("Exalted") for t in warning[0]["texts"])
    no_overlap(found)
    assert boxes(svg_board(Board((view,), {})))[-1]["data"]["role"] == "permanent"
