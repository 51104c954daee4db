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
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import clingo
from clingo import ast

_VERSION = "2"      # of this module's analysis (the cache key)


@dataclass(frozen=True)
class Statement:
    """One statement of a program part: its text as clingo writes it, the #program directive
    it is under, and, for a rule, the predicate names its head can make true and those its
    positive body needs. Every statement that is not a rule (#show, #external, #const,
    #defined, #heuristic, #project) is always added; an #external's atom name is a head."""

    text: str
    program: str
    rule: bool
    heads: frozenset[str]
    needs: frozenset[str]


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
    need = set()
    for lit in body:
        if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom
                and lit.atom.symbol.ast_type == ast.ASTType.Function):
            need.add(lit.atom.symbol.name)
    return frozenset(need)


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


def analyse(text: str) -> list[Statement]:
    """The statements of a part's text (comments and #program directives dropped, each
    statement keeping the directive it is under)."""
    found: list[Statement] = []
    program = ["#program base."]

    def take(stmt) -> None:
        kind = stmt.ast_type
        if kind == ast.ASTType.Comment:
            return
        if kind == ast.ASTType.Program:
            program[0] = str(stmt)
            return
        if kind == ast.ASTType.Rule:
            text = str(stmt)
            found.append(Statement(text, program[0], True, _head_names(stmt.head), _text_needs(text)))
            return
        heads = _head_names(stmt.atom) if kind == ast.ASTType.External else frozenset()
        found.append(Statement(str(stmt), program[0], False, heads, frozenset()))

    ast.parse_string(text, take)
    return found


# The names of the predicates a text of facts (or of rules, such as a settle world's
# `F :- w_in(i)`) may give atoms to: every name before a parenthesis, and every bare name
# that ends a fact; function terms inside arguments are taken too (an over-approximation).
_FUNCTION = re.compile(r"([a-z_][A-Za-z0-9_']*)\(")
_CONSTANT = re.compile(r"(?:^|[\s.])([a-z_][A-Za-z0-9_']*)\s*(?:\.|:-)", re.MULTILINE)


def text_names(text: str) -> set[str]:
    return set(_FUNCTION.findall(text)) | set(_CONSTANT.findall(text))


@dataclass
class PartIndex:
    """A part's statements, compact (the cache is read in every process): each statement's
    text and directive, whether it is a rule, and its head and body names as numbers of the
    index's name table."""

    texts: list[str]
    programs: list[str]
    rules: list[bool]
    heads: list[tuple[int, ...]]
    needs: list[tuple[int, ...]]


@dataclass
class Index:
    names: list[str]
    parts: dict[str, PartIndex]

    def __post_init__(self) -> None:
        self.ids = {n: i for i, n in enumerate(self.names)}
        self.memo: dict[tuple, object] = {}      # Reach's answers, by its history (Reach.to_add)
        self._steps: dict[tuple, int] = {}
        self._numbers = itertools.count(1)

    def step(self, key: tuple) -> int:
        """The number of the history `key` leads to (keys hold numbers, not histories)."""
        if len(self._steps) > 100_000:
            # a long-lived process: forget, never renumber (a live Reach's number then matches
            # no key and is answered afresh)
            self._steps.clear()
            self.memo.clear()
        number = self._steps.get(key)
        if number is None:
            number = self._steps[key] = next(self._numbers)
        return number

    def __getstate__(self):
        return (self.names, self.parts)

    def __setstate__(self, state) -> None:
        self.names, self.parts = state
        self.__post_init__()


def compact(analysed: dict[str, list[Statement]]) -> Index:
    ids: dict[str, int] = {}

    def number(names: frozenset[str]) -> tuple[int, ...]:
        return tuple(sorted(ids.setdefault(n, len(ids)) for n in names))

    parts = {name: PartIndex([s.text for s in stmts], [s.program for s in stmts], [s.rule for s in stmts],
                             [number(s.heads) for s in stmts], [number(s.needs) for s in stmts])
             for name, stmts in analysed.items()}
    return Index(list(ids), parts)


class Reach:
    """One Control's reachability: the names that may have atoms (as numbers of the index's
    name table), and which statements of each part have been added."""

    def __init__(self, index: Index):
        self._index = index
        self.names: set[int] = set()
        self._added: dict[str, set[int]] = {}
        # What to_add gives is a function of the names and of what was added, which are a
        # function of the notes and calls so far: a Reach's history is numbered (`_token`),
        # and the Controls of one process (a what-if's states, most with the same names)
        # share the answers of to_add by it (index.memo).
        self._token = 0

    def note(self, text: str) -> None:
        """Facts or rules added as text (the state, a query's facts); a name no statement
        reads is not kept."""
        ids = self._index.ids
        new = frozenset(i for i in (ids.get(n) for n in text_names(text)) if i is not None and i not in self.names)
        if new:
            self.names |= new
            self._token = self._index.step(("note", self._token, new))

    def added(self, part: str) -> set[int]:
        return self._added.get(part, set())

    def to_add(self, parts: Iterable[str]) -> dict[str, list[int]]:
        """For the encoding parts grounded in one ground() call, the indexes of their
        statements to add now: those not added yet that are not rules, and the rules whose
        needs may have atoms (a fixpoint over the heads of every rule of these parts)."""
        parts = tuple(p for p in dict.fromkeys(parts) if p in self._index.parts)
        key = ("add", self._token, parts)
        known = self._index.memo.get(key)
        if known is None:
            before = set(self.names)
            chosen = self._to_add(parts)
            known = self._index.memo[key] = (chosen, frozenset(self.names - before))
        else:
            chosen, names = known
            self.names |= names
            for part, indexes in chosen.items():
                self._added.setdefault(part, set()).update(indexes)
        self._token = self._index.step(key)
        return {part: list(indexes) for part, indexes in chosen.items()}

    def _to_add(self, parts: tuple[str, ...]) -> dict[str, list[int]]:
        index = self._index.parts
        names = self.names
        waiting: dict[int, list[tuple[str, int]]] = {}
        missing: dict[tuple[str, int], int] = {}
        ready: list[tuple[str, int]] = []
        for part in parts:      # first every #external of these parts (its atom may be read by any)
            added = self._added.setdefault(part, set())
            rules, heads = index[part].rules, index[part].heads
            for i, rule in enumerate(rules):
                if not rule:
                    names.update(heads[i])
                    if i not in added:
                        ready.append((part, i))
        for part in parts:
            added = self._added[part]
            rules, needs = index[part].rules, index[part].needs
            for i, rule in enumerate(rules):
                if not rule or i in added:
                    continue      # its heads are in names since it was added
                left = [n for n in needs[i] if n not in names]
                if not left:
                    ready.append((part, i))
                else:
                    missing[(part, i)] = len(left)
                    for n in left:
                        waiting.setdefault(n, []).append((part, i))
        chosen: dict[str, list[int]] = {p: [] for p in parts}
        while ready:
            part, i = ready.pop()
            chosen[part].append(i)
            for n in index[part].heads[i]:
                if n not in names:
                    names.add(n)
                    for key in waiting.pop(n, ()):
                        missing[key] -= 1
                        if missing[key] == 0:
                            ready.append(key)
        for part, indexes in chosen.items():
            indexes.sort()
            self._added[part].update(indexes)
        return chosen


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
    index = compact({name: analyse(text) for name, text in parts.items()})
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


__all__ = ["Index", "PartIndex", "Reach", "Statement", "analyse", "compact", "encoding_index", "text_names", "text_of"]
