"""The bounds on the numbers a user gives, so that none wraps inside the solver.

clingo's integers are 32 bits: a number of 2^31 or more wraps (a 1/1 with 2^31 - 1 +1/+1
counters would have power -2^31 and die, CR 704.5f). Every number that reaches the encodings is
therefore bounded here, at values no real game reaches, small enough that the sums the encodings
compute stay exact:

- MAX_NUMBER bounds each number of a state file, a card (inline or a card file) and an option:
  life, counters, damage, energy, turn numbers, timestamps, power and toughness, loyalty, costs,
  amounts of mana, X. One object's power is its printed power plus its counters plus the effects
  that modify it (CR 613.4): a few terms of at most 10^6 each.
- MAX_STATE_TOTAL bounds the sum of a state's numbers together with the printed power,
  toughness and loyalty of its permanents: a sum over many objects (combat damage dealt to a
  player, CR 510.2; the total power of creatures a player controls; life after damage, 119.3)
  adds at most these, and 10^8 leaves a factor of 20 to 2^31 for the effects that modify them.
"""

from __future__ import annotations

from typing import Any

from .errors import InputError

MAX_NUMBER = 1_000_000
MAX_STATE_TOTAL = 100_000_000


def check_number(value: int, where: str, field: str | None) -> int:
    """`value` itself, or InputError naming the field when it is past MAX_NUMBER either way."""
    if abs(value) > MAX_NUMBER:
        raise InputError(where, field, f"{_short(value)} is past the largest number the solver takes "
                                       f"({MAX_NUMBER:,} either way; its integers are 32 bits)")
    return value


def check_numbers(data: Any, where: str, path: str = "") -> int:
    """Every integer in a YAML document (a state or a card) within MAX_NUMBER; the sum of their
    magnitudes. Walked without recursion, so a deeply nested document cannot exhaust the stack."""
    total = 0
    pending: list[tuple[Any, str]] = [(data, path)]
    while pending:
        value, at = pending.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            total += abs(check_number(value, where, at or None))
        elif isinstance(value, dict):
            pending += reversed([(v, f"{at}.{k}" if at else str(k)) for k, v in value.items()])
        elif isinstance(value, list):
            pending += reversed([(v, f"{at}[{i}]") for i, v in enumerate(value)])
    return total


def check_symbol_number(text: str, where: str, field: str | None) -> int:
    """A number written in a mana symbol or an option ('{12}', 'x=3'), within MAX_NUMBER."""
    if len(text) > 12:       # do not make a huge int of a huge string: it is past the bound anyway
        raise InputError(where, field, f"{_short(text)} is past the largest number the solver takes "
                                       f"({MAX_NUMBER:,}; its integers are 32 bits)")
    return check_number(int(text), where, field)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 20 else f"{text[:12]}...({len(text)} digits)"
