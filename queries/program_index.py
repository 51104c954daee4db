"""Which statements of the encodings can fire on a state: predicate reachability by name.

A rule whose positive body names a predicate that has no atom when its part is grounded is
never instantiated (clingo grounds a part's rules once, at the ground() call that names the
part: atoms a later part adds never reach them). Such rules still cost: clingo prepares every
statement of a Control at each ground() call, and on a small board that constant is most of
a state's grounding (docs/design-notes.md "A state's program: only the rules that can fire").
So a Solver adds a rule only once every predicate of its positive body may have atoms: those
of the facts added so far, of the heads of the rules already added or added in the same
ground() call, and of the externals its parts declare. Names only, never arities or values:
an over-approximation of what has atoms, so a rule left out could not have fired, and the
ground program (and every answer) is the one of the whole encodings.

Below names, by argument (the keys): a positive body literal with a constant or function term
at a top-level argument, such as `does(q, K, draw)`, needs an atom of `does` whose third
argument has the functor `draw`. The keys an atom may carry come from the facts' text (each
argument's functor), from the constants in the heads of the rules added, from the program
parts' arguments (`act(q, a)` grounded with a = move(...)), and through the variables a head
copies from a body literal (`does(q, K, X) :- ability_does(A, K, X)`: every functor the third
argument of ability_does has, does has); an argument no analysis can follow (arithmetic, a
variable bound in an aggregate) may carry any functor. So the instruction rules of kinds no
ability of the state has, or a change no rule of the state can make, are left out too.

A rule left out at one ground() call is added at a later one if its predicates then have
atoms (a part grounded again with other arguments, such as step(q) for another query). The
analysis of the encodings' statements is made once per installed package and kept in the
user cache folder, keyed on the encodings' files and clingo's version.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import pickle
import re
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import clingo
from clingo import ast

_VERSION = "11"      # of this module's analysis (the cache key)


@dataclass(frozen=True)
class Statement:
    """One statement of a program part: its text as clingo writes it, the #program directive
    it is under, and, for a rule, the predicate names its head can make true (`heads`: its
    atoms' names, never a function term's, a choice's or disjunction's elements' literals, not
    their conditions) and those its positive body needs. Every statement that is not a rule
    (#show, #external, #const, #defined, #heuristic, #project) is always added; an #external's
    atom name is a head."""

    text: str
    program: str
    rule: bool
    heads: frozenset[str]
    needs: frozenset[str]
    keys: Keys = None      # its argument keys (None: none at all)
    arities: tuple[tuple[str, int], ...] = ()      # of the atoms it defines (-1: not known)
    # the names of the atoms it reads (its body's literals, positive, negative, in aggregates
    # and conditions, and a head's conditions; never a function term's name), and whether it
    # must be grounded with its part whatever reads it (a constraint, a choice, a disjunction,
    # a head aggregate: it can remove or add answer sets): Deferred
    reads: frozenset[str] = frozenset()
    always: bool = True


# A position is (predicate name, argument index), the index -1 standing for every argument.
Position = tuple[str, int]


@dataclass(frozen=True)
class Keys:
    """A statement's keys: what its positive body needs, by argument (`needs`: (name, i, f),
    the functor f at argument i of name), and what its head atoms may carry: a functor at an
    argument (`gives`), any functor (`any`), the functors of an argument of a body literal
    (`copies`: from, to) or the functor of the part's k-th argument (`params`: (position, k))."""

    needs: tuple[tuple[str, int, str], ...] = ()
    gives: tuple[tuple[str, int, str], ...] = ()
    any: tuple[Position, ...] = ()
    copies: tuple[tuple[Position, Position], ...] = ()
    params: tuple[tuple[Position, int], ...] = ()


# A head's predicate names: every identifier of its text (function terms, constants and
# conditions of its elements alike: an over-approximation, which only keeps more rules).
_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9_'\"])[a-z_][A-Za-z0-9_']*")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _head_names(head) -> frozenset[str]:
    return frozenset(_IDENTIFIER.findall(_STRING.sub('""', str(head))))


def _needs(body) -> frozenset[str]:
    """The names of the body's positive literals outside aggregates and conditions: the rule
    has no instance unless each has an atom. (tests/test_program_index.py reads the same from
    the text, which analyse uses: each AST attribute is a call into clingo.)"""
    return frozenset(atom.name for atom in _positive_atoms(body))


_ATOM_START = re.compile(r"[a-z_][A-Za-z0-9_']*")


def _top_level(text: str, sep: str) -> list[str]:
    """text cut at each `sep` outside parentheses, braces, brackets and strings."""
    parts, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _atom_name(literal: str) -> str | None:
    """The predicate of a literal that is a positive atom, `name` or `name(...)` with nothing
    after its closing parenthesis; None for anything else (negation, a comparison, an
    aggregate, a conditional literal, -p)."""
    m = _ATOM_START.match(literal)
    if m is None:
        return None
    rest = literal[m.end():]
    if not rest:
        return m.group(0)
    if rest[0] != "(":
        return None
    # the parenthesis that opens at rest[0] must close at its end: cut rest at depth 0 spaces
    depth, i, n = 0, 0, len(rest)
    while i < n:
        c = rest[i]
        if c == '"':
            i += 1
            while i < n and rest[i] != '"':
                i += 2 if rest[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return m.group(0) if i == n - 1 else None
        i += 1
    return None


def _text_needs(rule_text: str) -> frozenset[str]:
    """_needs, read from clingo's text of a rule (`head :- l1; l2; ... .`)."""
    pieces = _top_level(rule_text[:-1], " :- ")
    if len(pieces) < 2:
        return frozenset()
    names = (_atom_name(lit) for lit in _top_level(" :- ".join(pieces[1:]), "; "))
    return frozenset(n for n in names if n is not None)


def _functor(term, fixed: frozenset[str]) -> str | None | bool:
    """A term's functor as a key reads it: the name of a constant or function term; None for
    a term that carries no functor (a number, a string, a tuple, arithmetic, an interval);
    True for a term whose functor the analysis cannot name (a variable, a program parameter
    or #const in `fixed`, a pool, an external function, a negative constant)."""
    kind = term.ast_type
    if kind == ast.ASTType.SymbolicTerm:
        sym = term.symbol
        if sym.type != clingo.SymbolType.Function:
            return None
        if not sym.positive or sym.name in fixed:
            return True
        return sym.name or None
    if kind == ast.ASTType.Function:
        if term.external:
            return True
        if not term.name:
            return None
        return True if not term.arguments and term.name in fixed else term.name
    if kind in (ast.ASTType.BinaryOperation, ast.ASTType.Interval):
        return None
    return True


def _positive_atoms(literals):
    """The atoms (function terms) of the positive literals among `literals`, those outside
    aggregates and conditions: a rule has no instance unless each has one."""
    for lit in literals:
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom
                and lit.atom.symbol.ast_type == ast.ASTType.Function):
            yield lit.atom.symbol


def _bound(literals, into: dict[str, Position]) -> None:
    """The top-level arguments of the positive atoms among `literals` that are variables: each
    variable's first position (a head atom's argument bound there carries what it carries)."""
    for atom in _positive_atoms(literals):
        for i, arg in enumerate(atom.arguments):
            if arg.ast_type == ast.ASTType.Variable and arg.name != "_":
                into.setdefault(arg.name, (atom.name, i))


def _keys(stmt, params: tuple[str, ...], fixed: frozenset[str]) -> Keys | None:
    """A rule's or an #external's keys (see Keys), read from its AST."""
    needs, gives, any_, copies, bound_params = [], [], [], [], []
    body = stmt.body
    if stmt.ast_type == ast.ASTType.Rule:
        for atom in _positive_atoms(body):
            for i, arg in enumerate(atom.arguments):
                f = _functor(arg, fixed)
                if isinstance(f, str):
                    needs.append((atom.name, i, f))
    bound: dict[str, Position] = {}
    _bound(body, bound)

    def head_atom(symbol, local: dict[str, Position]) -> None:
        if symbol.ast_type != ast.ASTType.Function or symbol.external:
            for name in _head_names(symbol):
                any_.append((name, -1))
            return
        for i, arg in enumerate(symbol.arguments):
            here = (symbol.name, i)
            if arg.ast_type == ast.ASTType.Variable:
                if arg.name in local:
                    copies.append((local[arg.name], here))
                else:
                    any_.append(here)
                continue
            if arg.ast_type == ast.ASTType.SymbolicTerm and arg.symbol.type == clingo.SymbolType.Function \
                    and arg.symbol.positive and not arg.symbol.arguments and arg.symbol.name in params:
                bound_params.append((here, params.index(arg.symbol.name)))
                continue
            f = _functor(arg, fixed)
            if isinstance(f, str):
                gives.append((symbol.name, i, f))
            elif f is True:
                any_.append(here)

    def head_literal(lit, condition) -> None:
        if lit.ast_type != ast.ASTType.Literal:
            for name in _head_names(lit):
                any_.append((name, -1))
            return
        if lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            local = dict(bound)
            if condition:
                inner: dict[str, Position] = {}
                _bound(condition, inner)
                local = {**inner, **bound}
            head_atom(lit.atom.symbol, local)
        elif lit.atom.ast_type not in (ast.ASTType.BooleanConstant, ast.ASTType.Comparison):
            for name in _head_names(lit):
                any_.append((name, -1))

    if stmt.ast_type == ast.ASTType.External:
        head_atom(stmt.atom.symbol, bound)
    else:
        head = stmt.head
        if head.ast_type == ast.ASTType.Literal:
            head_literal(head, ())
        elif head.ast_type in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
            for element in head.elements:
                head_literal(element.literal, element.condition)
        else:       # a head aggregate, a theory atom: any functor at every argument of its names
            for name in _head_names(head):
                any_.append((name, -1))
    if not (needs or gives or any_ or copies or bound_params):
        return None
    return Keys(tuple(dict.fromkeys(needs)), tuple(dict.fromkeys(gives)), tuple(dict.fromkeys(any_)),
                tuple(dict.fromkeys(copies)), tuple(bound_params))


def _arities(head) -> tuple[tuple[str, int], ...]:
    """The name and arity of each atom a head (or an #external) defines; -1 for the names of
    a head this reading does not follow (a head aggregate, a theory atom)."""
    found = []

    def atom(lit) -> None:
        if lit.ast_type == ast.ASTType.SymbolicAtom:
            lit = lit.symbol
        if lit.ast_type == ast.ASTType.Function and not lit.external:
            found.append((lit.name, len(lit.arguments)))
        elif lit.ast_type == ast.ASTType.SymbolicTerm and lit.symbol.type == clingo.SymbolType.Function:
            found.append((lit.symbol.name, len(lit.symbol.arguments)))
        else:
            found.extend((name, -1) for name in _head_names(lit))

    def literal(lit) -> None:
        if lit.ast_type == ast.ASTType.Literal:
            if lit.atom.ast_type == ast.ASTType.SymbolicAtom:
                atom(lit.atom)
            elif lit.atom.ast_type not in (ast.ASTType.BooleanConstant, ast.ASTType.Comparison):
                found.extend((name, -1) for name in _head_names(lit))
        else:
            found.extend((name, -1) for name in _head_names(lit))

    if head.ast_type == ast.ASTType.SymbolicAtom:
        atom(head)
    elif head.ast_type in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
        for element in head.elements:
            literal(element.literal)
    else:
        literal(head)
    return tuple(dict.fromkeys(found))


def _atom_names(node, out: set[str]) -> None:
    """The predicate names of every atom under `node` (an AST or a sequence of them)."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            out.update(_symbol_names(node.symbol))
            return
        for key in node.child_keys:
            _atom_names(getattr(node, key), out)
    elif not isinstance(node, (str, int)) and node is not None:
        for item in node:
            _atom_names(item, out)


def _symbol_names(term) -> set[str]:
    """The predicate names an atom's term stands for (a pool stands for each of its terms; a
    classically negated atom for its predicate's, an over-approximation)."""
    if term.ast_type == ast.ASTType.Function:
        return {term.name}
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return {term.symbol.name}
    if term.ast_type == ast.ASTType.Pool:
        return {n for t in term.arguments for n in _symbol_names(t)}
    if term.ast_type == ast.ASTType.UnaryOperation:     # a classically negated atom, -p(X): p
        return _symbol_names(term.argument)
    return set()


def _reads_and_heads(stmt) -> tuple[frozenset[str], frozenset[str]]:
    """Statement.reads and .heads of a rule or an #external: the atoms of its head (each
    element's literal) are its heads, every other atom of it is read."""
    reads: set[str] = set()
    heads: set[str] = set()
    if stmt.ast_type == ast.ASTType.External:
        _atom_names(stmt.atom, heads)
        _atom_names(stmt.body, reads)
        return frozenset(reads), frozenset(heads)
    head = stmt.head
    if head.ast_type == ast.ASTType.Literal:
        _atom_names(head, heads)
    elif head.ast_type in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
        for element in head.elements:
            _atom_names(element.literal, heads)
            _atom_names(element.condition, reads)
    elif head.ast_type == ast.ASTType.HeadAggregate:
        for element in head.elements:
            _atom_names(element.condition.literal, heads)
            _atom_names(element.condition.condition, reads)
    else:       # a theory atom: every atom of it both read and defined
        _atom_names(head, heads)
        _atom_names(head, reads)
    _atom_names(stmt.body, reads)
    return frozenset(reads), frozenset(heads)


def analyse(text: str, constants: frozenset[str] = frozenset()) -> list[Statement]:
    """The statements of a part's text (comments and #program directives dropped, each
    statement keeping the directive it is under). `constants`: the #const names of every
    part (their value replaces them: a key never names one)."""
    found: list[Statement] = []
    program = ["#program base."]
    params: list[tuple[str, ...]] = [()]

    def take(stmt) -> None:
        kind = stmt.ast_type
        if kind == ast.ASTType.Comment:
            return
        if kind == ast.ASTType.Program:
            program[0] = str(stmt)
            params[0] = tuple(p.name for p in stmt.parameters)
            return
        fixed = constants | frozenset(params[0])
        if kind == ast.ASTType.Rule:
            text = str(stmt)
            head = stmt.head
            plain = head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom
            reads, heads = _reads_and_heads(stmt)
            found.append(Statement(text, program[0], True, heads, _text_needs(text),
                                   _keys(stmt, params[0], fixed), _arities(stmt.head), reads,
                                   not plain))
            return
        if kind == ast.ASTType.External:
            text = str(stmt)
            reads, heads = _reads_and_heads(stmt)
            found.append(Statement(text, program[0], False, heads, frozenset(),
                                   _keys(stmt, params[0], fixed), _arities(stmt.atom), reads))
            return
        if kind == ast.ASTType.Defined:
            # (it declares a name defined; it reads no atom)
            found.append(Statement(str(stmt), program[0], False, frozenset(), frozenset(),
                                   arities=((stmt.name, stmt.arity),)))
            return
        text = str(stmt)
        reads: set[str] = set()
        _atom_names(stmt, reads)        # a #show's, #heuristic's, #project's... atoms
        if kind == ast.ASTType.ShowSignature:
            reads.add(stmt.name)        # (every answer reads what it shows: limit_exceeded/1)
        found.append(Statement(text, program[0], False, frozenset(), frozenset(), reads=frozenset(reads)))

    ast.parse_string(text, take)
    return found


def _all_names(text: str) -> frozenset[str]:
    return frozenset(_IDENTIFIER.findall(_STRING.sub('""', text)))



_CONST = re.compile(r"^\s*#const\s+([a-z_][A-Za-z0-9_']*)", re.MULTILINE)


# The names of the predicates a text of facts (or of rules, such as a settle world's
# `F :- w_in(i)`) may give atoms to: every name before a parenthesis, and every bare name
# that ends a fact; function terms inside arguments are taken too (an over-approximation).
_FUNCTION = re.compile(r"([a-z_][A-Za-z0-9_']*)\(")
_CONSTANT = re.compile(r"(?:^|[\s.])([a-z_][A-Za-z0-9_']*)\s*(?:\.|:-)", re.MULTILINE)


def text_names(text: str) -> set[str]:
    """The names a text may give atoms to (_FUNCTION, _CONSTANT), read per line and each
    line's kept as text_keys keeps its keys (the two regular expressions over a 200-permanent
    state's text took 0.8 ms, a what-if's reached states share most lines). A bare name that
    ends a line whose statement goes on in the next ("p\n." or "p\n:- q.") is read from the
    whole text, as before (a line that is all comment gives no name)."""
    lines = text.split("\n")
    cache = len(lines) <= _CACHED_LINES
    if len(_LINE_NAMES) > 4 * _CACHED_LINES:
        _LINE_NAMES.clear()
    names: set[str] = set()
    ends_with_name = False
    for line in lines:
        found = _LINE_NAMES.get(line) if cache else None
        if found is None:
            code = line.rstrip()
            found = (frozenset(_FUNCTION.findall(line)) | frozenset(_CONSTANT.findall(line)),
                     code[-1:] in _NAME_CHARS and not code.lstrip().startswith("%"))
            if cache:
                _LINE_NAMES[line] = found
        names |= found[0]
        ends_with_name = ends_with_name or found[1]
    if ends_with_name and len(lines) > 1:
        names.update(_CONSTANT.findall(text))
    return names


_LINE_NAMES: dict[str, tuple[frozenset[str], bool]] = {}
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'")


_NO_FUNCTOR = re.compile(r'-?\s*\d+|""')
_LINE_KEYS: dict[str, tuple[tuple, tuple]] = {}
_CACHED_LINES = 5_000
_MEMO_ENTRIES = 2_000


def _argument_functor(arg: str) -> str | None | bool:
    """The functor of one argument's text (strings emptied): a name (a constant, or a function
    term closing at its end: _atom_name); None for a number or a string; True when the text
    could carry any (a variable, a pool, arithmetic, anything else)."""
    arg = arg.strip()
    name = _atom_name(arg)
    if name is not None:
        return name
    return None if _NO_FUNCTOR.fullmatch(arg) else True


def text_keys(text: str, keyed: frozenset[str]) -> tuple[set[tuple[str, int, str]], set[Position]]:
    """The keys the atoms of a text of facts (or rules) may carry, for the predicate names in
    `keyed` (those some statement reads by argument): each argument's functor, or any functor
    (its position) where the text could carry any. Every `name(` is read as an atom, function
    terms inside arguments too (an over-approximation). Read per line, and each line's answer
    kept (the states a what-if reaches share most of their lines)."""
    keys: set[tuple[str, int, str]] = set()
    anywhere: set[Position] = set()
    lines = text.splitlines()
    # a what-if's states have a few hundred lines each; a large board's are read once (kept,
    # they would hold a copy of the board's text: 100,000 permanents, some 25 MB)
    cache = len(lines) <= _CACHED_LINES
    if len(_LINE_KEYS) > 4 * _CACHED_LINES:
        _LINE_KEYS.clear()
    for line in lines:
        found = _LINE_KEYS.get(line) if cache else None
        if found is None:
            line_keys, line_any = [], []
            bare = _STRING.sub('""', line)
            for m in _FUNCTION.finditer(bare):
                name = m.group(1)
                if name not in keyed:
                    continue
                for i, arg in enumerate(_arguments(bare, m.end())):
                    f = _argument_functor(arg)
                    if f is True:
                        line_any.append((name, i))
                    elif f is not None:
                        line_keys.append((name, i, f))
            found = (tuple(line_keys), tuple(line_any))
            if cache:
                _LINE_KEYS[line] = found
        keys.update(found[0])
        anywhere.update(found[1])
    return keys, anywhere


def _arguments(text: str, start: int) -> list[str]:
    """The top-level arguments of the term whose "(" ends just before `start`; up to the end
    of the text when it never closes."""
    args, depth, begin = [], 0, start
    for i in range(start, len(text)):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(text[begin:i])
                return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(text[begin:i])
            begin = i + 1
    args.append(text[begin:])
    return args


@dataclass
class PartIndex:
    """A part's statements, compact (the cache is read in every process): each statement's
    text and directive, whether it is a rule, its head and body names as numbers of the
    index's name table, and its keys (None for most)."""

    texts: list[str]
    programs: list[str]
    rules: list[bool]
    heads: list[tuple[int, ...]]
    needs: list[tuple[int, ...]]
    keys: list[Keys | None]
    # its rules as Reach._to_add passes over them: (index, mask of body names, keys needed,
    # mask of head names), in the order a fixpoint from every name no rule of the part defines
    # adds them (those it never adds last), so that a pass mostly meets a rule after the rules
    # of its part that give its names
    order: list[tuple[int, int, tuple, int]] = field(default_factory=list)
    reads: list[tuple[int, ...]] = field(default_factory=list)     # Statement.reads, as numbers
    always: list[bool] = field(default_factory=list)


@dataclass
class Index:
    names: list[str]
    parts: dict[str, PartIndex]
    # each predicate's arity, where the encodings define it with one (heads, #external,
    # #defined): a query reads its atoms without listing the program's signatures
    arities: dict[str, int]

    def __post_init__(self) -> None:
        self.ids = {n: i for i, n in enumerate(self.names)}
        self.memo: dict[tuple, object] = {}      # Reach's answers, by its history (Reach.to_add)
        self._steps: dict[tuple, int] = {}
        self._numbers = itertools.count(1)
        self._ordered: dict[tuple[str, ...], list[tuple]] = {}
        self._definers: dict[str, dict[int, list[int]]] = {}
        self._others: dict[str, tuple[list[int], list[int]]] = {}
        # The arguments whose functors some statement needs, directly or through the copies
        # that lead to one (`relevant`; its names `keyed`): a Reach keeps keys of these only,
        # and only their facts' arguments are read (text_keys). A key anywhere else could
        # never let a rule in.
        relevant: set[Position] = set()
        into: dict[Position, set[Position]] = {}
        for part in self.parts.values():
            for keys in part.keys:
                if keys is not None:
                    relevant.update((name, i) for name, i, _ in keys.needs)
                    for source, to in keys.copies:
                        into.setdefault(to, set()).add(source)
        todo = list(relevant)
        while todo:
            for source in into.get(todo.pop(), ()):
                if source not in relevant:
                    relevant.add(source)
                    todo.append(source)
        self.relevant = frozenset(relevant)
        self.keyed = frozenset(name for name, _ in relevant)

    def others(self, part: str) -> tuple[list[int], list[int]]:
        """A part's statements that are not rules, and those whose heads name its arguments."""
        found = self._others.get(part)
        if found is None:
            p = self.parts[part]
            found = self._others[part] = (
                [i for i, rule in enumerate(p.rules) if not rule],
                [i for i, k in enumerate(p.keys) if k is not None and k.params])
        return found

    def definers(self, part: str) -> dict[int, list[int]]:
        """A part's rules by the names of the atoms their heads define."""
        found = self._definers.get(part)
        if found is None:
            found = self._definers[part] = {}
            p = self.parts[part]
            for i, rule in enumerate(p.rules):
                if rule:
                    for n in p.heads[i]:
                        found.setdefault(n, []).append(i)
        return found

    def ordered(self, parts: tuple[str, ...]) -> list[tuple]:
        """The rules of these parts for Reach._to_add, each as (part, index, the mask of its body
        names, the keys it needs, the mask of its head names), each part's in its order
        (PartIndex.order)."""
        found = self._ordered.get(parts)
        if found is None:
            found = self._ordered[parts] = [(part, *entry) for part in parts for entry in self.parts[part].order]
        return found

    def step(self, key: tuple) -> int:
        """The number of the history `key` leads to (keys hold numbers, not histories)."""
        if len(self._steps) > 100_000 or len(self.memo) > _MEMO_ENTRIES:
            # a long-lived process: forget, never renumber (a live Reach's number then matches
            # no key and is answered afresh). An answer holds the Reach's state after it (some
            # 100 kB on bench_whatif's board), so at most _MEMO_ENTRIES are kept.
            self._steps.clear()
            self.memo.clear()
        number = self._steps.get(key)
        if number is None:
            number = self._steps[key] = next(self._numbers)
        return number

    def __getstate__(self):
        return (self.names, self.parts, self.arities)

    def __setstate__(self, state) -> None:
        self.names, self.parts, self.arities = state
        self.__post_init__()


def compact(analysed: dict[str, list[Statement]]) -> Index:
    ids: dict[str, int] = {}

    def number(names: frozenset[str]) -> tuple[int, ...]:
        return tuple(sorted(ids.setdefault(n, len(ids)) for n in names))

    parts = {name: PartIndex([s.text for s in stmts], [s.program for s in stmts], [s.rule for s in stmts],
                             [number(s.heads) for s in stmts], [number(s.needs) for s in stmts],
                             [s.keys for s in stmts])
             for name, stmts in analysed.items()}
    for name, part in parts.items():
        part.order = _order(part)
        part.reads = [number(s.reads) for s in analysed[name]]
        part.always = [s.always for s in analysed[name]]
    arities: dict[str, set[int]] = {}
    for stmts in analysed.values():
        for stmt in stmts:
            for name, arity in stmt.arities:
                arities.setdefault(name, set()).add(arity)
    return Index(list(ids), parts, {name: a.pop() for name, a in arities.items() if len(a) == 1 and -1 not in a})


def _order(part: PartIndex) -> list[tuple[int, int, tuple, int]]:
    """PartIndex.order."""
    rules = [i for i, rule in enumerate(part.rules) if rule]
    defined = {n for i in rules for n in part.heads[i]}
    have = {n for i in rules for n in part.needs[i]} - defined
    waiting: dict[int, list[int]] = {}
    missing: dict[int, int] = {}
    ready = []
    for i in rules:
        left = [n for n in part.needs[i] if n not in have]
        missing[i] = len(left)
        for n in left:
            waiting.setdefault(n, []).append(i)
        if not left:
            ready.append(i)
    order: list[int] = []
    while ready:
        i = ready.pop(0)
        order.append(i)
        for n in part.heads[i]:
            if n not in have:
                have.add(n)
                for other in waiting.pop(n, ()):
                    missing[other] -= 1
                    if missing[other] == 0:
                        ready.append(other)
    seen = set(order)
    order += [i for i in rules if i not in seen]
    found = []
    for i in order:
        need = head = 0
        for n in part.needs[i]:
            need |= 1 << n
        for n in part.heads[i]:
            head |= 1 << n
        found.append((i, need, part.keys[i].needs if part.keys[i] is not None else (), head))
    return found


class _Delta:
    """The keys one note gave (a step of the Reach's history)."""

    def __init__(self):
        self.keys: list[tuple[str, int, str]] = []
        self.any: list[Position] = []


class Reach:
    """One Control's reachability: the names that may have atoms (as numbers of the index's
    name table), the keys their atoms may carry, and which statements of each part have been
    added."""

    def __init__(self, index: Index):
        self._index = index
        self.names: set[int] = set()
        self.keys: dict[Position, set[str]] = {}      # the functors an argument may carry
        self.any: set[Position] = set()               # ... any functor (index -1: every argument)
        self.copies: dict[Position, set[Position]] = {}     # an argument's functors reach another's
        self._added: dict[str, set[int]] = {}
        # What to_add gives is a function of the names and of what was added, which are a
        # function of the notes and calls so far: a Reach's history is numbered (`_token`),
        # and the Controls of one process (a what-if's states, most with the same names)
        # share the answers of to_add by it (index.memo).
        self._token = 0
        self._delta: _Delta | None = None     # note's: the keys it gave (its history step)
        self._shared = False      # the state is Index.memo's too: copied before it changes

    # -- keys --------------------------------------------------------------------------------

    def has_key(self, name: str, i: int, f: str) -> bool:
        return (name, i) in self.any or (name, -1) in self.any or f in self.keys.get((name, i), ())

    def _give(self, name: str, i: int, f: str) -> None:
        at = (name, i)
        if at not in self._index.relevant:
            return
        functors = self.keys.get(at)
        if functors is not None and f in functors:
            return
        if at in self.any or (name, -1) in self.any:
            return
        if functors is None:
            functors = self.keys[at] = set()
        functors.add(f)
        if self._delta is not None:
            self._delta.keys.append((name, i, f))
        to = self.copies.get(at)
        if to:
            for name2, i2 in tuple(to):
                self._give(name2, i2, f)

    def _give_any(self, at: Position) -> None:
        name, i = at
        if at in self.any or (name, -1) in self.any:
            return
        if (at not in self._index.relevant) if i != -1 else (name not in self._index.keyed):
            return
        self.any.add(at)
        if self._delta is not None:
            self._delta.any.append(at)
        sources = [s for s in self.copies if s[0] == name] if i == -1 else [at]
        for source in sources:
            for to in tuple(self.copies.get(source, ())):
                self._give_any(to)

    def _copy(self, source: Position, to: Position) -> None:
        if to not in self._index.relevant or to in self.copies.get(source, ()):
            return
        self.copies.setdefault(source, set()).add(to)
        if source in self.any or (source[0], -1) in self.any:
            self._give_any(to)
        else:
            for f in tuple(self.keys.get(source, ())):
                self._give(to[0], to[1], f)

    def _heads(self, keys: Keys, args: tuple) -> None:
        """What a statement's heads carry, with the part's arguments `args` (their functors)."""
        for name, i, f in keys.gives:
            self._give(name, i, f)
        for at in keys.any:
            self._give_any(at)
        for source, to in keys.copies:
            self._copy(source, to)
        for at, k in keys.params:
            f = args[k] if k < len(args) else True
            if f is True:
                self._give_any(at)
            elif f is not None:
                self._give(at[0], at[1], f)

    def _own(self) -> None:
        """Copy the state where it is shared with Index.memo, before it changes."""
        if self._shared:
            self.names = set(self.names)
            self.keys = {at: set(fs) for at, fs in self.keys.items()}
            self.any = set(self.any)
            self.copies = {at: set(to) for at, to in self.copies.items()}
            self._added = {part: set(i) for part, i in self._added.items()}
            self._shared = False

    # -- notes and parts ---------------------------------------------------------------------

    def note(self, text: str) -> None:
        """Facts or rules added as text (the state, a query's facts); a name no statement
        reads is not kept."""
        ids = self._index.ids
        new = frozenset(i for i in (ids.get(n) for n in text_names(text)) if i is not None and i not in self.names)
        keys, anywhere = text_keys(text, self._index.keyed)
        keys = sorted(k for k in keys if not self.has_key(*k))
        anywhere = sorted(at for at in anywhere if at not in self.any and (at[0], -1) not in self.any)
        if not (new or keys or anywhere):
            return
        self._own()
        self._delta = _Delta()
        self.names |= new
        for at in anywhere:
            self._give_any(at)
        for key in keys:
            self._give(*key)
        delta, self._delta = self._delta, None
        self._token = self._index.step(("note", self._token, new, tuple(delta.keys), tuple(delta.any)))

    def added(self, part: str) -> set[int]:
        return self._added.get(part, set())

    def to_add(self, parts: Iterable[str | tuple[str, Sequence]]) -> dict[str, list[int]]:
        """For the encoding parts grounded in one ground() call (a name, or a name and the
        part's arguments, clingo symbols), the indexes of their statements to add now: those
        not added yet that are not rules, and the rules whose needs may have atoms (a fixpoint
        over the heads of every rule of these parts)."""
        called: dict[str, tuple[tuple, ...]] = {}       # a part's arguments, each grounding's
        for part in parts:
            name, args = (part, ()) if isinstance(part, str) else (part[0], tuple(part[1]))
            if name in self._index.parts:
                functors = tuple(_symbol_functor(a) for a in args)
                if functors not in called.setdefault(name, ()):
                    called[name] += (functors,)
        key = ("add", self._token, tuple(called.items()))
        known = self._index.memo.get(key)
        if known is None:
            self._own()
            chosen = self._to_add(called)
            known = self._index.memo[key] = (chosen, (self.names, self.keys, self.any, self.copies, self._added))
        else:
            chosen, (self.names, self.keys, self.any, self.copies, self._added) = known
        self._shared = True
        self._token = self._index.step(key)
        return {part: list(indexes) for part, indexes in chosen.items()}

    def _to_add(self, called: dict[str, tuple[tuple, ...]]) -> dict[str, list[int]]:
        index = self._index
        names = self.names
        chosen: dict[str, list[int]] = {p: [] for p in called}
        for part, args in called.items():      # what the statements added before carry with
            added = self._added.setdefault(part, set())     # these arguments
            keys = index.parts[part].keys
            for i in index.others(part)[1]:
                if i in added:
                    for each in args:
                        self._heads(keys[i], each)
        for part, args in called.items():      # every #external of these parts (its atom may
            added = self._added[part]           # be read by any rule of any of them)
            heads, keys = index.parts[part].heads, index.parts[part].keys
            for i in index.others(part)[0]:
                names.update(heads[i])
                if i not in added:
                    added.add(i)
                    chosen[part].append(i)
                    if keys[i] is not None:
                        for each in args or ((),):
                            self._heads(keys[i], each)
        # The rules, in an order where a rule mostly comes after those that give its names
        # (Index.ordered), passed over until a pass adds none: a rule is added once every name
        # of its positive body and every key it needs may have atoms.
        mask = 0
        for n in names:
            mask |= 1 << n
        keys_of, anywhere = self.keys, self.any
        pending = [e for e in index.ordered(tuple(called)) if e[1] not in self._added[e[0]]]
        progress = True
        while progress:
            progress = False
            rest = []
            for entry in pending:
                part, i, need, key_needs, head_mask = entry
                if need & mask != need or (key_needs and not all(
                        (k[0], k[1]) in anywhere or (k[0], -1) in anywhere or k[2] in keys_of.get((k[0], k[1]), ())
                        for k in key_needs)):
                    rest.append(entry)
                    continue
                progress = True
                self._added[part].add(i)
                chosen[part].append(i)
                if head_mask & ~mask:
                    mask |= head_mask
                    names.update(index.parts[part].heads[i])
                keys = index.parts[part].keys[i]
                if keys is not None:
                    for args in called[part] or ((),):
                        self._heads(keys, args)
            pending = rest
        for indexes in chosen.values():
            indexes.sort()
        return chosen


class Deferred:
    """The base part's rules grounded on demand (a what-if's reached state: whatif._Run.solver).

    Of the base rules a Reach adds when the state's Solver is made, those grounded at once are
    the ones something needs now: every statement that is not a plain rule (a constraint, a
    choice, a #show...), every rule defining a name the facts hold (an atom is defined in one
    ground() call only), and, closed over, every rule defining a name these read (positive,
    negative or in an aggregate) or define. The rest wait; a later ground() (a step's parts) or
    a read of a name takes the waiting rules that define a name it reads, closed the same way,
    and grounds them in a part of their own (`base_late_k`) with it. So every name is defined
    in one ground() call, by all its rules, before or with whatever reads it: the answer sets
    of what has been grounded are those of the whole base part with it (a rule left waiting
    defines no atom anything grounded reads). Only the base part waits: a part grounded again
    with other arguments (walk) grounds every statement added to it."""

    def __init__(self, index: Index, part: str = "base"):
        self._index = index
        self._part = part
        self.waiting: set[int] = set()
        self.started = False                # split: the part's first ground() has been made
        self._names: set[int] = set()       # names whose rules are all grounded (or waiting none)

    def split(self, chosen: list[int], goals: Iterable[int]) -> list[int]:
        """Of the statements a Reach chose for the part's first ground(), those to ground now
        (the rest wait); `goals`: the names the facts hold."""
        p = self._index.parts[self._part]
        self.started = True
        now = [i for i in chosen if not p.rules[i] or p.always[i]]
        self.waiting = {i for i in chosen if p.rules[i] and not p.always[i]}
        start = set(goals)
        for i in now:
            start.update(p.reads[i])
            start.update(p.heads[i])
        return sorted(now + self.take(start))

    def take(self, goals: Iterable[int]) -> list[int]:
        """The waiting rules that define one of these names, closed over the names they read
        and define; no longer waiting."""
        if not self.waiting:
            return []
        p = self._index.parts[self._part]
        defines = self._index.definers(self._part)
        todo = [n for n in goals if n not in self._names]
        out: list[int] = []
        while todo:
            n = todo.pop()
            if n in self._names:
                continue
            self._names.add(n)
            for i in defines.get(n, ()):
                if i in self.waiting:
                    self.waiting.discard(i)
                    out.append(i)
                    todo.extend(m for m in p.reads[i] if m not in self._names)
                    todo.extend(m for m in p.heads[i] if m not in self._names)
        return sorted(out)


def _symbol_functor(symbol) -> str | None | bool:
    """A part argument's functor as the keys read it (see _functor)."""
    if isinstance(symbol, clingo.Symbol):
        if symbol.type != clingo.SymbolType.Function:
            return None
        return (symbol.name or None) if symbol.positive else True
    return True


def text_of(index: Index, part: str, indexes: list[int]) -> str:
    """The statements as program text, each run led by its #program directive."""
    lines, program = [], None
    texts, programs = index.parts[part].texts, index.parts[part].programs
    for i in indexes:
        if programs[i] != program:
            program = programs[i]
            lines.append(program)
        lines.append(texts[i])
    return "\n".join(lines)


def encoding_index(parts: dict[str, str]) -> Index:
    """The analysis of every part (load_encodings' texts), from the cache when it is current."""
    cache, key = _cache_key(parts)
    with contextlib.suppress(Exception), cache.open("rb") as fh:   # unreadable: made again (speed only)
        if fh.read(len(key)) == key:
            return pickle.load(fh)
    constants = frozenset(c for text in parts.values() for c in _CONST.findall(text))
    index = compact({name: analyse(text, constants) for name, text in parts.items()})
    with contextlib.suppress(OSError, pickle.PicklingError):
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=cache.parent, prefix=cache.name, delete=False) as fh:
            fh.write(key)
            pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(fh.name, cache)
    return index


def _cache_key(parts: dict[str, str]) -> tuple[Path, bytes]:
    from ..translator.carddb import default_cache_dir
    stamp = hashlib.sha256(f"{_VERSION}\0{clingo.__version__}\0".encode())
    for name in sorted(parts):
        stamp.update(name.encode() + b"\0" + parts[name].encode() + b"\0")
    where = hashlib.sha256(str(resources.files("mtg_asp.asp")).encode()).hexdigest()[:16]
    return default_cache_dir() / f"encodings-{where}.pickle", stamp.digest()


__all__ = ["Deferred", "Index", "Keys", "PartIndex", "Reach", "Statement", "analyse", "compact", "encoding_index", "text_keys",
           "text_names", "text_of"]
