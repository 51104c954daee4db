"""Decoding answer-set symbols back to the terms of the state (one schema: asp/schema.lp)."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

MANA_ORDER = ("W", "U", "B", "R", "G", "C")   # the order output lists mana types in


@dataclass(frozen=True)
class AbilityRef:
    """An ability term: ab(Card, Line) printed, ab(Card, Line, granted) granted by Card."""

    card: str
    line: int
    granted: bool = False


def object_id(sym: clingo.Symbol) -> str:
    if sym.type != clingo.SymbolType.Function or sym.name != "obj" or len(sym.arguments) != 2:
        raise ValueError(f"not an object term: {sym}")
    return sym.arguments[0].string


def mana_letter(sym: clingo.Symbol) -> str:
    return sym.name.upper()


def ability(sym: clingo.Symbol) -> AbilityRef:
    args = sym.arguments
    return AbilityRef(args[0].string, args[1].number, len(args) == 3)


def plain(sym: clingo.Symbol) -> str:
    """A term as words in an explanation."""
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return str(sym.number)
    if sym.name == "obj" and len(sym.arguments) == 2:
        return object_id(sym)
    if sym.name in ("w", "u", "b", "r", "g", "c") and not sym.arguments:
        return "{" + mana_letter(sym) + "}"
    return str(sym)


def mana_sort_key(letter: str) -> int:
    return MANA_ORDER.index(letter)
