"""Decoding answer-set symbols back to the terms of the state (one schema: asp/schema.lp)."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

MANA_ORDER = ("W", "U", "B", "R", "G", "C")   # the order output lists mana types in


@dataclass(frozen=True)
class AbilityRef:
    """An ability instance: ab(Card, Line) printed on the object's card, or
    gr(Source, ab(Card, Line, granted)) granted by the object Source (CR 113.2c, 613.1f)."""

    card: str
    line: int
    granted_by: str | None = None
    definition: clingo.Symbol | None = None     # the term its facts are keyed by
    intrinsic: str | None = None                # intr(T): a basic land type's ability (305.6)

    @property
    def granted(self) -> bool:
        return self.granted_by is not None


def object_id(sym: clingo.Symbol) -> str:
    """obj(Id, Incarnation) -> Id (the incarnation counts the object's zone changes, 400.7)."""
    return sym.arguments[0].string


def mana_letter(sym: clingo.Symbol) -> str:
    return sym.name.upper()


def ability(sym: clingo.Symbol) -> AbilityRef:
    if sym.name == "intr":
        land_type = sym.arguments[0].string
        return AbilityRef("", 0, None, clingo.Function("basic_mana", [sym.arguments[0]]), land_type)
    if sym.name == "gr":
        source, definition = sym.arguments
        args = definition.arguments
        return AbilityRef(args[0].string, args[1].number, object_id(source), definition)
    args = sym.arguments
    return AbilityRef(args[0].string, args[1].number, None, sym)


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


def mana_amounts(event: clingo.Symbol, extra: clingo.Symbol) -> dict[str, int]:
    """The exact mana of a final event ev(m(W,U,B,R,G,C), X2, X3) (the pool times 2^X2 * 3^X3,
    events.lp) plus the pool `extra` that triggers added; zero amounts left out."""
    pool, x2, x3 = event.arguments
    factor = 2 ** x2.number * 3 ** x3.number
    amounts = ((t, b.number * factor + e.number)
               for t, b, e in zip(MANA_ORDER, pool.arguments, extra.arguments))
    return {t: n for t, n in amounts if n}


def int_args(sym: clingo.Symbol) -> tuple[int, ...]:
    """The arguments of an atom whose arguments are all integers (asp/orderings.lp's graph),
    read from its text: reading clingo Symbol attributes costs microseconds each, and a large
    graph has hundreds of thousands of them."""
    text = str(sym)
    return tuple(int(a) for a in text[text.index("(") + 1:-1].split(","))


def applied(state: int, radix: int, members: int) -> int:
    """How many members of one class of replacement effects a walk state has applied: the
    inverse of asp/events.lp's state number, sum over classes of applied * radix, where a
    class's radix is the product of (members + 1) of the classes before it (mixed radix)."""
    return (state // radix) % (members + 1)
