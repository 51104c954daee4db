"""Each ASP rule is written once: no two rules in asp/*.lp share a body shape (asp_shapes.py).

The first tests run the checker on the package's encodings; the rest test the checker on
small programs written to tmp_path.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from asp_shapes import ParseError, canonical, duplicate_rules, lp_files, parse_rules, report


@pytest.fixture(scope="module")
def asp_dir() -> Iterator[Path]:
    with resources.as_file(resources.files("mtg_asp.asp")) as path:
        yield path


def test_the_checker_reads_every_encoding(asp_dir: Path) -> None:
    files = lp_files(asp_dir)
    rules = parse_rules(files)
    assert files and rules, "no .lp files or rules found: the next test would pass vacuously"
    assert {r.where.partition(":")[0] for r in rules} <= {f.name for f in files}


def test_no_rule_is_written_twice(asp_dir: Path) -> None:
    pairs = duplicate_rules(asp_dir)
    assert not pairs, "rules written twice (factor each into one rule):\n" + report(pairs)


def write(tmp_path: Path, text: str, name: str = "a.lp") -> Path:
    (tmp_path / name).write_text(text)
    return tmp_path


def kinds(tmp_path: Path, **options: int) -> list[tuple[str, str, str]]:
    return [(p.kind, p.first, p.second) for p in duplicate_rules(tmp_path, **options)]


def test_a_rule_written_twice_is_found_whatever_its_variables_and_literal_order(tmp_path):
    write(tmp_path, "p(X) :- a(X).\n"
                    "#program action(q).\n"
                    "r(q, X, \"why\") :- a(q, X), b(X, Y), not c(Y), X != Y.\n"
                    "r(q, Z, \"why\") :-\n  Z != W, not c(W), b(Z, W), a(q, Z).\n"
                    "p(Y) :- a(Y).\n")
    pairs = duplicate_rules(tmp_path)
    assert [(p.kind, p.first, p.second) for p in pairs] == [
        ("same", "a.lp:3", "a.lp:4"), ("same", "a.lp:1", "a.lp:6")]
    assert pairs[0].shared == 'r(#q,A,"why") :- A != B, a(#q,A), b(A,B), not c(B)'


def test_the_same_body_with_another_reason_or_number_is_an_exact_pair(tmp_path):
    write(tmp_path, 'why(O, "702.10", "has haste") :- obj(O), kw(O, K), K = 10.\n'
                    'why(O, "702.9", "has flying") :- kw(O, K), obj(O), K = 9.\n'
                    'why(O, "702.9", "has flying", 2) :- obj(O), kw(O, K), K = 7.\n'
                    'other(O) :- obj(O), kw(O, K), K = flying.\n')
    # Line 3's head is why/4, not why/3: the same body, so near, not exact; line 4 shares
    # only two literals (K = flying is not K = a number).
    assert kinds(tmp_path) == [("exact", "a.lp:1", "a.lp:2"), ("near", "a.lp:1", "a.lp:3")]
    assert duplicate_rules(tmp_path)[0].shared == "why/3 :- #n = A, kw(B,A), obj(B)"


BAD_TARGET = """\
#program action(q).
bad_target(q, K, T) :- acting(q, _, A, P), target_rule(A, K, owner), candidate(q, K, T),
                       not owner(T, P).
#program act_resolve(r).
bad_now(r, K, T) :- res(r, S, _, A, P), target_rule(A, K, owner), res_target(r, K, T),
                    not owner(T, P).
"""


def test_one_condition_in_two_contexts_is_a_context_pair(tmp_path):
    write(tmp_path, BAD_TARGET)
    (pair,) = duplicate_rules(tmp_path)
    assert (pair.kind, pair.first, pair.second) == ("context", "a.lp:2", "a.lp:5")
    assert pair.shared == "@(A,B), @(C,D), not owner(D,B), target_rule(A,C,owner)"
    assert pair.extra == (0, 0)
    assert duplicate_rules(tmp_path, context=False) == []


def test_a_context_pair_needs_the_same_variable_links(tmp_path):
    # The owner is checked against the target here, not against the acting player.
    write(tmp_path, BAD_TARGET.replace("bad_now(r, K, T)", "bad_now(r, K, P)")
          .replace("res_target(r, K, T)", "res_target(r, K, P)"))
    assert duplicate_rules(tmp_path) == []


def test_rules_that_share_most_of_their_body_are_near(tmp_path):
    write(tmp_path, "top(C, P) :- in_zone(C, library), owner(C, P), position(C, 0), drawn(P).\n"
                    "looked(C) :- in_zone(C, library), owner(C, P), position(C, 0), looks(P).\n"
                    "seen(C) :- in_zone(C, library), owner(C, P), position(C, 0), looks(P),\n"
                    "           seer(P), eyes(P).\n")
    pairs = duplicate_rules(tmp_path)
    assert [(p.kind, p.first, p.second, p.extra) for p in pairs] == [
        ("near", "a.lp:1", "a.lp:2", (1, 1))]
    assert pairs[0].shared == "in_zone(A,library), owner(A,B), position(A,#n)"
    assert duplicate_rules(tmp_path, max_extra=0) == []
    assert kinds(tmp_path, max_extra=2) == [("near", "a.lp:2", "a.lp:3"),
                                            ("near", "a.lp:1", "a.lp:2")]
    assert duplicate_rules(tmp_path, min_shared=4) == []


def test_distinct_rules_are_not_flagged(tmp_path):
    write(tmp_path, """\
type_bit(w, 1). type_bit(u, 2).
type_bit(w, 1).
splits(N, 1, 1) :- N = 1..60.
splits(N, 2, N + 1) :- N = 1..60.
pays(hybrid(H1, H2), T) :- letter(H1, T), letter(H2, _).
pays(hybrid(H1, H2), T) :- letter(H2, T), letter(H1, _).
chain(X) :- e(X, Y), e(Y, Z), f(Z).
chain(X) :- e(X, Y), e(Z, Y), f(Z).
ring(X) :- g(X), e(A, B), e(B, C), e(C, D), e(D, E), e(E, F), e(F, A).
ring(X) :- g(X), e(A, B), e(B, C), e(C, A), e(D, E), e(E, F), e(F, D).
small(X) :- s(X), X > 1.
small(X) :- t(X), X > 1.
range(X) :- X = 1..5, X != 2, X < 9.
range(X) :- X = 1..7, X != 3, X < 8.
#program action(q).
two(q) :- k(q, A), k(q, B), A < B.
pair(q) :- m(q, A), n(q, B), A < B.
""")
    assert duplicate_rules(tmp_path) == []


def test_bodies_alike_to_colour_refinement_are_told_apart_by_trying_orders(tmp_path):
    # Every variable of both rings meets e/2 once each way, so colour refinement alone cannot
    # order these literals; line 2 is line 1 reordered and renamed, line 3 is another graph.
    write(tmp_path, "ring :- e(A, B), e(B, C), e(C, A), e(D, E), e(E, F), e(F, D).\n"
                    "ring :- e(U, V), e(Z, X), e(W, U), e(X, Y), e(V, W), e(Y, Z).\n"
                    "ring :- e(A, B), e(B, C), e(C, D), e(D, E), e(E, F), e(F, A).\n")
    assert kinds(tmp_path) == [("same", "a.lp:1", "a.lp:2")]


def test_comparisons_are_read_either_way_round(tmp_path):
    write(tmp_path, "a(X) :- p(X, N), q(X, M), M > N.\n"
                    "a(X) :- q(X, M), p(X, N), N < M.\n"
                    "a(X) :- p(X, N), q(X, M), N != M.\n"
                    "a(X) :- p(X, N), q(X, M), M != N.\n"
                    "b(X) :- p(X, N), q(X, M), r(M), N = M.\n"
                    "b(X) :- p(X, M), q(X, N), r(N), N = M.\n")
    assert kinds(tmp_path) == [("same", "a.lp:5", "a.lp:6"),
                               ("same", "a.lp:1", "a.lp:2"), ("same", "a.lp:3", "a.lp:4")]


def test_a_repeated_shape_is_reported_against_its_first_rule(tmp_path):
    rows = "".join(f'why(O, "{n}", "text {n}") :- obj(O), line(O, L), L = {n}, R = "60{n}".\n'
                   for n in range(5))
    write(tmp_path, rows)
    assert kinds(tmp_path) == [("exact", "a.lp:1", f"a.lp:{n}") for n in range(2, 6)]


def test_locations_name_the_file_and_line_across_files(tmp_path):
    write(tmp_path, "x(A) :- p(A, B), q(B, C), r(C).\n", "one.lp")
    write(tmp_path, "%\n%\ny(A) :- p(A, B), q(B, C), r(C).\n", "two.lp")
    (pair,) = duplicate_rules(tmp_path)
    assert (pair.first, pair.second) == ("one.lp:1", "two.lp:3")
    assert str(pair) == "[near] one.lp:1 ~ two.lp:3: p(A,B), q(B,C), r(C)"


def test_a_file_clingo_cannot_parse_is_an_error_with_its_location(tmp_path):
    write(tmp_path, "p(X) :- q(X).\nbroken(X :- q(X).\n")
    with pytest.raises(ParseError, match=r"a\.lp:2:"):
        duplicate_rules(tmp_path)


def test_canonical_text_ignores_literal_order_and_variable_names():
    body = [("e(?,?)", ("?X", "?Y")), ("e(?,?)", ("?Y", "?Z")), ("f(?)", ("?Z",)),
            ("?<?", ("?X", "?Z")), ("e(?,?)", ("?Z", "?X"))]
    want = canonical(body)
    rename = {"?X": "?P", "?Y": "?Q", "?Z": "?R"}
    rng = random.Random(7)
    for order in itertools.permutations(body):
        names = dict(zip(rename, rng.sample(sorted(rename.values()), 3), strict=True))
        assert canonical([(s, tuple(names[v] for v in vs)) for s, vs in order]) == want
    assert canonical(body[:2] + [("e(?,?)", ("?X", "?Z"))] + body[3:]) != want
