"""Find ASP rules written twice: pairs of rules in .lp files whose bodies have the same shape.

Every rule (``ast.Rule``: normal, choice and disjunctive rules and integrity constraints;
facts are skipped) is parsed with ``clingo.ast.parse_files`` and its body reduced to a shape:

- program-part parameters (the ``q`` of ``#program action(q).``) become one placeholder
  ``#q``; numbers become ``#n`` and strings ``#s``, so a rule repeated with another reason
  string or rule number still matches;
- a variable that occurs once in the rule is anonymous (``res(q, S, _)``, S unused, is
  ``res(#q, _, _)``);
- ``X > Y`` is written ``Y < X`` (``>=`` as ``<=``); the sides of ``=``/``!=`` are ordered;
- literal order is ignored and variables are renamed canonically: variables are coloured by
  where they occur (colour refinement to a fixpoint), literals are sorted by text with those
  colours, ties are broken by trying every order of the tied literals and keeping the
  smallest text, then variables are named A, B, C... by first appearance. Two bodies get the
  same text exactly when they are equal up to variable names and literal order.

Kinds of pair, strongest first; each gives both rules' ``file:line`` and the shared shape:

``same``
    the whole rule, head included, is the same up to variable names and literal order
    (nothing abstracted): a copy. Reported whatever the body's size.
``exact``
    identical body shapes and the same head predicate (name/arity).
``near``
    the bodies share ``min_shared`` or more literals under one variable renaming, and
    neither rule has more than ``max_extra`` other body literals.
``context``
    as ``near`` once *context literals* are abstracted: a body literal whose atom takes a
    program-part parameter (``acting(q, _, A, P)``, ``res(q, _, _, A, P)``) becomes
    ``@(A,P)``, its predicate, ``#q`` and ``_`` arguments dropped. This finds one condition
    written for two contexts, e.g. ``bad_target(q,K,T) :- acting(q,_,A,P),
    target_rule(A,K,owner), candidate(q,K,T), not owner(T,P).`` and ``bad_now(q,K,T) :-
    res(q,_,_,A,P), target_rule(A,K,owner), res_target(q,K,T), not owner(T,P).``

Sensitivity (defaults measured on the project's asp/; see tests/test_asp_rules_once.py):
``exact``, ``near`` and ``context`` need a shared shape of at least ``min_shared`` literals
(default 3), of which at least ``min_plain`` (default 2) are plain: neither comparisons nor
abstracted context literals. So one- and two-literal bodies (``splits(N, 1, 1) :-
N = 1..60.`` beside ``splits(N, 2, N + 1) :- N = 1..60.``) and shapes made of ``@(...)`` and
``A < B`` are never reported, unless they are ``same``. ``max_extra`` (default 1) is how
many body literals each rule of a ``near`` or ``context`` pair may have beyond the shared
ones. Raise ``min_shared`` or lower ``max_extra`` for fewer pairs.

A pair of rules is reported once, by its strongest match; rules sharing one shape are
reported as pairs with the first of them, not every pair among them.
"""

from __future__ import annotations

import itertools
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from clingo import ast  # loads the submodule: `import clingo` alone does not

PARAM, NUM, STR, CTX = "#q", "#n", "#s", "@"
KINDS = ("same", "exact", "near", "context")
_VAR = re.compile(r"\?[A-Za-z0-9_']+")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![#@\w\'])[A-Za-z_][\w\']*|(?<![\w\'])\d+')
_FLIP = {">": "<", ">=": "<="}
_OPS = {ast.ComparisonOperator.Equal: "=", ast.ComparisonOperator.NotEqual: "!=",
        ast.ComparisonOperator.LessThan: "<", ast.ComparisonOperator.LessEqual: "<=",
        ast.ComparisonOperator.GreaterThan: ">", ast.ComparisonOperator.GreaterEqual: ">="}
_SIGNS = {ast.Sign.NoSign: "", ast.Sign.Negation: "not ", ast.Sign.DoubleNegation: "not not "}
_HEAD = "\x00"  # marks the head among a whole rule's literals, and sorts it first
_SYM = "\x01"  # marks X = Y, X != Y with sides alike: canonical() tries both ways round
# Orders of tied literals tried per shape (asp/ needs 6 at most); past the cap a shape may be
# missed, never invented.
_MAX_ORDERS = 5040

Lit = tuple[str, tuple[str, ...]]
"""A literal: its text with each variable replaced by ``?``, and its variables in order."""
Paths = Iterable[str | os.PathLike[str]] | str | os.PathLike[str]


@dataclass(frozen=True)
class Rule:
    """One parsed rule, normalised: the body as written and with context literals abstracted.

    ``plain``/``ctx_plain`` say which body literals are plain (see the module docstring);
    ``whole`` is the whole rule, head first, with nothing abstracted.
    """

    where: str
    head_sig: str
    body: tuple[Lit, ...]
    plain: tuple[bool, ...]
    ctx_body: tuple[Lit, ...]
    ctx_plain: tuple[bool, ...]
    whole: tuple[Lit, ...]


@dataclass(frozen=True)
class Pair:
    """Two rules with the same body shape: their locations and the shape they share."""

    kind: str
    first: str
    second: str
    shared: str
    n_shared: int
    extra: tuple[int, int] = (0, 0)

    def __str__(self) -> str:
        more = f" (+{self.extra[0]}/+{self.extra[1]} others)" if any(self.extra) else ""
        return f"[{self.kind}] {self.first} ~ {self.second}{more}: {self.shared}"


def _normalise(text: str, params: frozenset[str], abstract: bool = True) -> str:
    """Marks variables ``?Name``; parameters become ``#q``, numbers and strings ``#n``/``#s``.

    Works token by token on clingo's own printing of the AST, strings first, so nothing in
    a string is taken for a name. With ``abstract`` false, numbers and strings are kept.
    """

    def token(m: re.Match[str]) -> str:
        tok = m[0]
        if tok[0] == '"':
            return STR if abstract else tok.replace("?", "\\x3f")
        if tok[0].isdigit():
            return NUM if abstract else tok
        if tok == "_":
            return tok
        if tok.lstrip("_")[:1].isupper():
            return "?" + tok
        if tok in params and not m.string.startswith("(", m.end()):
            return PARAM
        return tok

    return _TOKEN.sub(token, text)


@dataclass(frozen=True)
class _Literal:
    """What the normalisation needs of a body literal, read from its AST once (reading the
    AST through clingo's bindings costs far more than the string work)."""

    text: str
    sign: str = ""
    comparison: tuple[str, str, str] | None = None
    args: tuple[str, ...] | None = None

    @staticmethod
    def of(lit: ast.AST) -> _Literal:
        text = str(lit)
        if lit.ast_type != ast.ASTType.Literal:
            return _Literal(text)
        atom, sign = lit.atom, _SIGNS[lit.sign]
        kind = atom.ast_type
        if kind == ast.ASTType.Comparison:
            guards = atom.guards
            if len(guards) == 1:
                cmp = (str(atom.term), _OPS[guards[0].comparison], str(guards[0].term))
                return _Literal(text, sign, comparison=cmp)
        elif kind == ast.ASTType.SymbolicAtom and text.endswith(")") and "@" not in text:
            # p(t1,...,tn): the arguments are split from the text, as reading them through the
            # AST is slow; clingo prints a function term as name(args) with no other brackets.
            return _Literal(text, sign, args=tuple(_split_args(text[text.index("(") + 1:-1])))
        return _Literal(text, sign)

    def normalised(self, norm: Callable[[str], str]) -> str:
        """The normalised text; ``Y < X`` for ``X > Y``, ``=``/``!=`` sides sorted."""
        if self.comparison is None:
            return norm(self.text)
        left, op, right = self.comparison
        left, right = norm(left), norm(right)
        if op in _FLIP or (op in ("=", "!=") and _skel(right) < _skel(left)):
            op, left, right = _FLIP.get(op, op), right, left
        return f"{self.sign}{left} {op} {right}"

    def symmetric(self, norm: Callable[[str], str]) -> bool:
        """Whether this is ``=``/``!=`` with sides alike once variables are left out."""
        if self.comparison is None or self.comparison[1] not in ("=", "!="):
            return False
        return _skel(norm(self.comparison[0])) == _skel(norm(self.comparison[2]))

    def context(self, text: str, norm: Callable[[str], str]) -> str:
        """``@(args)`` if the atom takes a parameter, else ``text`` (the normalised text)."""
        if self.args is None or PARAM not in text:
            return text
        args = [norm(a) for a in self.args]
        if PARAM not in args:
            return text
        kept = ",".join(a for a in args if a not in (PARAM, "_"))
        return f"{self.sign}{CTX}({kept})"


def _split_args(text: str) -> list[str]:
    """Splits ``t1,...,tn`` at the commas outside brackets (strings hold no brackets here
    only if taken whole, so they are skipped)."""
    args, depth, start = [], 0, 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[(){}\[\],]', text):
        ch = m[0]
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(text[start:m.start()])
            start = m.end()
    return [*args, text[start:]]


def _skel(text: str) -> str:
    return _VAR.sub("?", text)


def _lit(text: str) -> Lit:
    return _skel(text), tuple(_VAR.findall(text))


def _signature(head: ast.AST) -> str:
    """The head's predicate(s) as name/arity; ``#false`` for an integrity constraint."""
    if head.ast_type == ast.ASTType.Literal:
        atom = head.atom
        if atom.ast_type == ast.ASTType.BooleanConstant:
            return "#true" if atom.value else "#false"
        if atom.ast_type == ast.ASTType.SymbolicAtom:
            term = atom.symbol
            if term.ast_type == ast.ASTType.Function:
                return f"{term.name}/{len(term.arguments)}"
            return str(term)
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        return "{" + ";".join(sorted({_signature(e.literal) for e in head.elements})) + "}"
    return str(head.ast_type)


def _anonymiser(texts: Iterable[str]) -> Callable[[str], str]:
    """Makes each variable that occurs once in ``texts`` (the whole rule) ``_``."""
    counts: dict[str, int] = defaultdict(int)
    for text in texts:
        for var in _VAR.findall(text):
            counts[var] += 1
    return lambda text: _VAR.sub(lambda m: m[0] if counts[m[0]] > 1 else "_", text)


def lp_files(paths: Paths) -> list[Path]:
    """The .lp files named, and those directly in the folders named, sorted."""
    items = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    files: list[Path] = []
    for item in map(Path, items):
        files.extend(sorted(item.glob("*.lp")) if item.is_dir() else [item])
    return files


def _rule(stm: ast.AST, params: frozenset[str], where: str) -> Rule:
    """Normalises one rule (see the module docstring)."""

    def norm(text: str) -> str:
        return _normalise(text, params)

    head_text = str(stm.head)
    lits = [_Literal.of(b) for b in stm.body]
    texts = [norm(head_text)] + [lit.normalised(norm) for lit in lits]
    anon = _anonymiser(texts)
    body = [_SYM * lit.symmetric(lambda a: anon(norm(a))) + anon(t)
            for lit, t in zip(lits, texts[1:], strict=True)]
    ctx = [lit.context(t, lambda a: anon(norm(a))) for lit, t in zip(lits, body, strict=True)]
    plain = [lit.comparison is None for lit in lits]

    def keep(text: str) -> str:
        return _normalise(text, params, abstract=False)

    raw = [keep(head_text)] + [lit.normalised(keep) for lit in lits]
    anon_raw = _anonymiser(raw)
    head = _lit(anon_raw(raw[0]))
    whole = ((_HEAD + head[0], head[1]),
             *(_lit(_SYM * lit.symmetric(lambda a: anon_raw(keep(a))) + anon_raw(t))
               for lit, t in zip(lits, raw[1:], strict=True)))
    return Rule(where, _signature(stm.head),
                tuple(map(_lit, body)), tuple(plain),
                tuple(map(_lit, ctx)),
                tuple(p and not c.startswith((CTX, "not " + CTX)) for p, c in zip(plain, ctx,
                                                                                 strict=True)),
                whole)


class ParseError(Exception):
    """An .lp file clingo cannot parse; the message has clingo's file:line:column text."""


def parse_rules(files: Sequence[Path]) -> list[Rule]:
    """Every rule with a body in ``files``, normalised; locations relative to their folder.

    ``#include`` is followed by clingo, each file read once; locations are where rules are.
    """
    root = Path(os.path.commonpath([f.parent.resolve() for f in files])) if files else Path()
    rules: list[Rule] = []
    params: frozenset[str] = frozenset()
    errors: list[str] = []
    names: dict[str, str] = {}

    def on_statement(stm: ast.AST) -> None:
        nonlocal params
        if stm.ast_type == ast.ASTType.Program:
            params = frozenset(p.name for p in stm.parameters)
        elif stm.ast_type == ast.ASTType.Rule and stm.body:
            begin = stm.location.begin
            if begin.filename not in names:
                path = Path(begin.filename).resolve()
                names[begin.filename] = (path.relative_to(root).as_posix()
                                         if path.is_relative_to(root) else str(path))
            rules.append(_rule(stm, params, f"{names[begin.filename]}:{begin.line}"))

    def on_message(code: object, message: str) -> None:
        if "already included" not in message:
            errors.append(message)

    try:
        ast.parse_files([str(f) for f in files], on_statement, logger=on_message)
    except RuntimeError as exc:
        raise ParseError("\n".join(errors) or str(exc)) from exc
    return rules


def canonical(lits: Sequence[Lit]) -> str:
    """The text of a set of literals: the same for any literal order and variable names."""
    return ", ".join(canonical_parts(lits))


def canonical_parts(lits: Sequence[Lit]) -> tuple[str, ...]:
    """The literals' texts in canonical order, variables renamed canonically."""
    names = sorted({v for _, vs in lits for v in vs})
    colour = dict.fromkeys(names, 0)
    classes = 1 if names else 0
    while True:
        occurs: dict[str, list[tuple[object, ...]]] = {v: [] for v in names}
        for skel, vs in lits:
            cols = tuple(colour[v] for v in vs)
            # X = Y, X != Y with sides alike: either side may come first, so positions are
            # counted within a side and the two sides' colours are sorted.
            half = len(vs) // 2 if skel.startswith(_SYM) else 0
            link: tuple[object, ...] = tuple(sorted((cols[:half], cols[half:]))) if half else cols
            for pos, v in enumerate(vs):
                occurs[v].append((skel, pos % half if half else pos, link))
        sig = {v: (colour[v], tuple(sorted(occurs[v]))) for v in names}
        rank = {s: k for k, s in enumerate(sorted(set(sig.values())))}
        colour = {v: rank[sig[v]] for v in names}
        if len(rank) == classes:
            break
        classes = len(rank)

    def ways(lit: Lit) -> list[Lit]:
        skel, vs = lit
        if not skel.startswith(_SYM) or not vs:
            return [lit]
        half = len(vs) // 2
        return [lit, (skel, vs[half:] + vs[:half])]

    def key(lit: Lit) -> tuple[str, tuple[int, ...]]:
        return min((s, tuple(colour[v] for v in vs)) for s, vs in ways(lit))

    groups = [list(g) for _, g in itertools.groupby(sorted(lits, key=key), key=key)]
    orders = (way for order in itertools.product(*map(itertools.permutations, groups))
              for way in itertools.product(*(ways(lit) for group in order for lit in group)))
    return min(map(_render, itertools.islice(orders, _MAX_ORDERS)))


def _render(order: Sequence[Lit]) -> tuple[str, ...]:
    """The literals' texts, variables named A, B, C... by first appearance."""
    named: dict[str, str] = {}
    out = []
    for skel, vs in order:
        parts = skel.split("?")
        for k, v in enumerate(vs):
            if v not in named:
                n = len(named)
                named[v] = chr(ord("A") + n) if n < 26 else f"V{n}"
            parts[k] += named[v]
        out.append("".join(parts).lstrip(_SYM))
    return tuple(out)


Groups = dict[str, dict[int, int]]
"""A shape's text -> the rules (by index) that have it, each with its number of others."""


def _shared_shapes(bodies: Sequence[tuple[tuple[Lit, ...], tuple[bool, ...]]],
                   min_shared: int, min_plain: int, max_extra: int) -> Groups:
    """Shapes of ``min_shared``+ literals (``min_plain`` plain) that 2+ bodies contain, with
    at most ``max_extra`` others each.

    Every sub-body of the allowed sizes is filed under its literals' sorted skeletons (cheap,
    no variables); only sub-bodies of two or more rules in one file are made canonical.
    """
    files: dict[tuple[str, ...], set[tuple[int, tuple[int, ...]]]] = defaultdict(set)
    for i, (body, plain) in enumerate(bodies):
        for size in range(max(min_shared, len(body) - max_extra), len(body) + 1):
            for subset in itertools.combinations(range(len(body)), size):
                if sum(plain[k] for k in subset) >= min_plain:
                    files[tuple(sorted(body[k][0] for k in subset))].add((i, subset))
    groups: Groups = defaultdict(dict)
    for members in files.values():
        if len({i for i, _ in members}) < 2:
            continue
        for i, subset in members:
            body = bodies[i][0]
            shape = groups[canonical([body[k] for k in subset])]
            shape[i] = min(shape.get(i, len(body)), len(body) - len(subset))
    return {shape: rules for shape, rules in groups.items() if len(rules) > 1}


def _equal_shapes(bodies: Sequence[tuple[tuple[Lit, ...], str]]) -> Groups:
    """Shapes that two or more (non-empty) bodies with the same tag are, tag first.

    Filed by sorted skeletons first, so only bodies that may be equal are made canonical.
    """
    files: dict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(list)
    for i, (body, tag) in enumerate(bodies):
        if body:
            files[(tag, tuple(sorted(skel for skel, _ in body)))].append(i)
    groups: Groups = defaultdict(dict)
    for (tag, _), members in files.items():
        for i in members if len(members) > 1 else ():
            head, *body = canonical_parts(bodies[i][0])
            if head.startswith(_HEAD):
                groups[f"{head[1:]} :- {', '.join(body)}"][i] = 0
            else:
                groups[f"{tag} :- " * bool(tag) + ", ".join([head, *body])][i] = 0
    return {shape: rules for shape, rules in groups.items() if len(rules) > 1}


def duplicate_rules(paths: Paths, min_shared: int = 3, min_plain: int = 2, max_extra: int = 1,
                    context: bool = True) -> list[Pair]:
    """Pairs of rules in the .lp files under ``paths`` that look written twice (see module)."""
    rules = parse_rules(lp_files(paths))
    found: dict[str, Groups] = {}
    found["same"] = _equal_shapes([(r.whole, "") for r in rules])
    found["exact"] = _equal_shapes([(r.body, r.head_sig) if len(r.body) >= min_shared
                                    and sum(r.plain) >= min_plain else ((), "") for r in rules])
    found["near"] = _shared_shapes([(r.body, r.plain) for r in rules],
                                   min_shared, min_plain, max_extra)
    if context:
        found["context"] = _shared_shapes([(r.ctx_body, r.ctx_plain) for r in rules],
                                          min_shared, min_plain, max_extra)
    best: dict[tuple[int, int], tuple[tuple[int, int, int], Pair]] = {}
    for rank, kind in enumerate(KINDS):
        for shape, members in found.get(kind, {}).items():
            if len(members) < 2:
                continue
            first, *others = sorted(members, key=lambda i: _loc(rules[i].where))
            n = len(rules[first].body) - members[first] if kind != "same" else len(rules[first].body)
            for other in others:
                extra = (members[first], members[other])
                pair = Pair(kind, rules[first].where, rules[other].where, shape, n, extra)
                order = (rank, -n, sum(extra))
                key = (min(first, other), max(first, other))
                if key not in best or order < best[key][0]:
                    best[key] = (order, pair)
    return [pair for _, pair in sorted(best.values(), key=lambda op: (
        op[0], _loc(op[1].first), _loc(op[1].second)))]


def _loc(where: str) -> tuple[str, int]:
    path, _, line = where.rpartition(":")
    return path, int(line)


def report(pairs: Sequence[Pair]) -> str:
    """One line per pair, then a count by kind."""
    counts = ", ".join(f"{sum(p.kind == k for p in pairs)} {k}" for k in KINDS)
    return "\n".join([str(p) for p in pairs] + [f"{len(pairs)} pair(s): {counts}."])


def main(argv: Sequence[str] | None = None) -> int:
    """``python tests/asp_shapes.py [paths] [--min-shared N] ...``: print the report."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["asp"], help=".lp files or folders")
    parser.add_argument("--min-shared", type=int, default=3)
    parser.add_argument("--min-plain", type=int, default=2)
    parser.add_argument("--max-extra", type=int, default=1)
    parser.add_argument("--no-context", dest="context", action="store_false")
    args = parser.parse_args(argv)
    pairs = duplicate_rules(args.paths, args.min_shared, args.min_plain, args.max_extra,
                            args.context)
    print(report(pairs))
    return 1 if pairs else 0


if __name__ == "__main__":
    raise SystemExit(main())
