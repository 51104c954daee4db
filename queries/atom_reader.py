"""Reading the atoms of one signature out of the grounder, fast.

clingo's Python API wraps every symbolic atom in an object and makes three calls into the
library per atom (the iterator, `is_fact`, `symbol`), each through a wrapper that allocates its
out-parameter anew: 100,000 permanents' 220,000 could_produce/2 atoms took 1.5-2 s to read that
way, most of could-produce's answer time (issue 14). The same C functions (clingo.h:
clingo_symbolic_atoms_begin, _next, _is_fact, _symbol), called here through the cffi library
the clingo package itself uses with the out-parameters allocated once, read them about six
times faster. Where that library is not reachable (another clingo build), the public API is
used: the same atoms, in the same order (tests/test_atom_reader.py compares the two).
"""

from __future__ import annotations

import clingo
from clingo.symbol import Symbol

try:
    from clingo._internal import _ffi, _handle_error, _lib
except ImportError:         # pragma: no cover - a clingo without its cffi module
    _lib = None


def read_signature(ctl: clingo.Control, name: str, arity: int) -> tuple[list[clingo.Symbol], bool]:
    """The symbols of every atom name/arity (positive) the grounder holds, in its order, and
    whether every one of them is a fact."""
    reps = _scan(ctl, name, arity, True)
    if reps is None:
        return public_read(ctl, name, arity)
    return [Symbol(r) for r in reps[0]], reps[1]


def all_facts(ctl: clingo.Control, name: str, arity: int) -> bool:
    """Whether every atom name/arity the grounder holds is a fact (read_signature's second
    half, without making a symbol of each: a what-if asks it of a state's View signatures,
    some 2,400 atoms on bench_whatif's board, for every state it reaches)."""
    found = _scan(ctl, name, arity, False)
    return public_read(ctl, name, arity)[1] if found is None else found[1]


def _scan(ctl: clingo.Control, name: str, arity: int, symbols: bool) -> tuple[list[int], bool] | None:
    """The atoms' symbol handles (with `symbols`; else none, stopping at the first atom that is
    no fact) and whether all are facts; None where the cffi library is not reachable."""
    if _lib is None:
        return None
    try:
        atoms = ctl.symbolic_atoms._rep
    except AttributeError:  # pragma: no cover - another binding's layout
        return None
    sig = _ffi.new("clingo_signature_t*")
    _handle_error(_lib.clingo_signature_create(name.encode(), arity, True, sig))
    it = _ffi.new("clingo_symbolic_atom_iterator_t*")
    end = _ffi.new("clingo_symbolic_atom_iterator_t*")
    _handle_error(_lib.clingo_symbolic_atoms_begin(atoms, sig, it))
    _handle_error(_lib.clingo_symbolic_atoms_end(atoms, end))
    equal, fact, sym = _ffi.new("bool*"), _ffi.new("bool*"), _ffi.new("clingo_symbol_t*")
    is_equal, is_fact = _lib.clingo_symbolic_atoms_iterator_is_equal_to, _lib.clingo_symbolic_atoms_is_fact
    symbol_of, next_of = _lib.clingo_symbolic_atoms_symbol, _lib.clingo_symbolic_atoms_next
    reps: list[int] = []
    facts = True
    cur, stop = it[0], end[0]
    while True:
        if not is_equal(atoms, cur, stop, equal):
            _handle_error(False)
        if equal[0]:
            break
        if not is_fact(atoms, cur, fact):
            _handle_error(False)
        if symbols:
            if not symbol_of(atoms, cur, sym):
                _handle_error(False)
            reps.append(sym[0])
        elif not fact[0]:
            return reps, False
        facts = facts and fact[0]
        if not next_of(atoms, cur, it):
            _handle_error(False)
        cur = it[0]
    return reps, facts


def public_read(ctl: clingo.Control, name: str, arity: int) -> tuple[list[clingo.Symbol], bool]:
    """read_signature through clingo's public API."""
    atoms = list(ctl.symbolic_atoms.by_signature(name, arity))
    return [a.symbol for a in atoms], all(a.is_fact for a in atoms)
