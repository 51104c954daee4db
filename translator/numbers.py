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

import functools
import re
from dataclasses import fields, is_dataclass
from typing import Any

from .errors import InputError, SolverError

MAX_NUMBER = 1_000_000
PT_COUNTER_KIND = re.compile(r"([+-]\d+)/([+-]\d+)")   # +1/+1, -0/-2 (CR 122.1a)
MAX_STATE_TOTAL = 100_000_000
# Fields that name an order or an identity, not an amount: the encodings compare them (613.7
# timestamps, 302.6 turns, 400.7 incarnations, a library's order, a line of a card) and never sum
# them, so each is held to the bound alone and none adds to the total (100,000 permanents have
# timestamps that add up to 5e9, and no rule adds them).
ORDER_FIELDS = frozenset({"number", "since_turn", "timestamp", "incarnation", "attached_incarnation",
                          "attacking_incarnation", "blocking_incarnation", "target_incarnations",
                          "source_incarnation", "position", "line"})


def check_number(value: int, where: str, field: str | None) -> int:
    """`value` itself, or InputError naming the field when it is past MAX_NUMBER either way."""
    if abs(value) > MAX_NUMBER:
        raise InputError(where, field, f"{_short(value)} is past the largest number the solver takes "
                                       f"({MAX_NUMBER:,} either way; its integers are 32 bits)")
    return value


def check_numbers(data: Any, where: str, path: str = "") -> int:
    """Every integer in a YAML document (a state or a card) within MAX_NUMBER; the sum of their
    magnitudes, the fields of ORDER_FIELDS left out. Walked without recursion, so a deeply nested document cannot exhaust the stack."""
    total = 0
    pending: list[tuple[Any, str]] = [(data, path)]
    while pending:
        value, at = pending.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            n = abs(check_number(value, where, at or None))
            if at.rsplit(".", 1)[-1] not in ORDER_FIELDS:
                total += n
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


# -- the states a query reaches ---------------------------------------------------------------
# A what-if's steps compute new numbers (mana doubled and tripled by replacement effects, CR
# 614.1a; counters doubled; life gained for each permanent), which the loader never saw. Every
# state handed to the solver is held to MAX_REACHED_TOTAL: the sum of its numbers' magnitudes,
# a power/toughness counter counted as many times as it modifies (CR 122.1a: a +2/+2 counter
# adds 2). Any sum the encodings take over such a state stays within it, and one step's amount
# (at most MAX_REACHED_TOTAL too: asp/ refuses a larger one, max_amount there) added to it stays
# below 2^31. asp/mana.lp's `#const max_amount` is this number.
MAX_REACHED_TOTAL = 500_000_000
# The largest modifier a power/toughness counter kind may name (+9/+9): no card prints more than
# +2, and a bound here keeps a counter's contribution to power (counters times modifier) exact.
MAX_PT_COUNTER = 9


def printed_total(card: Any) -> int:
    """The numbers a card prints in its power, toughness and loyalty (a permanent's sums over
    objects add them: combat damage, CR 510.2; total power)."""
    if card is None:
        return 0
    return _printed_numbers(card.power or "", card.toughness or "", str(card.loyalty or ""))


@functools.lru_cache(maxsize=4096)
def _printed_numbers(*printed: str) -> int:
    # (a digit string past 12 digits is past every bound: no huge int of a huge string)
    return sum(int(d) if len(d) <= 12 else 10 ** 12 for text in printed for d in re.findall(r"[0-9]+", text))


def reached_total(state: Any, paths: bool = True) -> tuple[int, str]:
    """The weighted sum of a game state's numbers (see MAX_REACHED_TOTAL) with its permanents'
    printed ones, and the field holding the largest of them (its dotted path; "" without
    `paths`: check_reached walks a state again with them only past the bound, so a what-if's
    every reached state is walked once, without), walked without recursion."""
    total = sum(printed_total(state.library.get(p.card)) for p in state.battlefield)
    largest, where = -1, ""
    pending: list[tuple[Any, str, int]] = [(state, "", 1)]
    if not paths and getattr(state, "battlefield", None):
        # each permanent's own numbers walked once (a what-if's states share most of them)
        total += sum(_permanent_total(p) for p in state.battlefield)
        pending = [(getattr(state, name), name, 0 if order else 1) for name, order in _compared_fields(type(state))
                   if name != "battlefield" and type(getattr(state, name)) not in _SKIP]
    pop, push = pending.pop, pending.append
    while pending:
        value, at, weight = pop()
        kind = type(value)
        if kind is int:
            # an order field (weight 0) counts only when it alone passes the bound
            n = abs(value) * weight if weight else (abs(value) if abs(value) > MAX_REACHED_TOTAL else 0)
            total += n
            if n > largest:
                largest, where = n, at
        elif kind is tuple or kind is list:
            if weight:
                weight = pt_counter_weight(value[0]) if len(value) == 2 and type(value[0]) is str else 1
            for i, v in enumerate(value):
                if type(v) not in _SKIP:
                    push((v, f"{at}[{i}]" if paths else "", weight))
        elif kind not in _SKIP:
            compared = _compared_fields(kind)
            if compared is None:
                continue
            for name, order in compared:
                v = getattr(value, name)
                if type(v) not in _SKIP:
                    push((v, (f"{at}.{name}" if at else name) if paths else "", 0 if order else 1))
    return total, where


_PERMANENT_TOTALS: dict[Any, int] = {}


def _permanent_total(p: Any) -> int:
    """reached_total's sum of one permanent's fields (as the walk of the battlefield adds it:
    weight 1, whatever the permanents beside it)."""
    n = _PERMANENT_TOTALS.get(p)
    if n is None:
        if len(_PERMANENT_TOTALS) >= 1 << 16:
            _PERMANENT_TOTALS.clear()
        n = _PERMANENT_TOTALS[p] = _walk_total(p)
    return n


def _walk_total(value: Any) -> int:
    pending: list[tuple[Any, int]] = [(value, 1)]
    total = 0
    while pending:
        value, weight = pending.pop()
        kind = type(value)
        if kind is int:
            total += abs(value) * weight if weight else (abs(value) if abs(value) > MAX_REACHED_TOTAL else 0)
        elif kind is tuple or kind is list:
            if weight:
                weight = pt_counter_weight(value[0]) if len(value) == 2 and type(value[0]) is str else 1
            pending += [(v, weight) for v in value if type(v) not in _SKIP]
        elif kind not in _SKIP:
            compared = _compared_fields(kind)
            if compared is not None:
                pending += [(getattr(value, name), 0 if order else 1) for name, order in compared
                            if type(getattr(value, name)) not in _SKIP]
    return total


# (bool is not int here: `type(v) is int` is False for True and False)
_SKIP = frozenset({str, bool, type(None), float})


@functools.cache
def _compared_fields(cls: type) -> tuple[tuple[str, bool], ...] | None:
    """A dataclass's fields that take part in comparison (its value), and whether each is an
    order field; None for any other type (an int subclass or enum is not a number here:
    as before, only dataclasses, tuples, lists and ints are walked)."""
    if not is_dataclass(cls):
        return None
    return tuple((f.name, f.name in ORDER_FIELDS) for f in fields(cls) if f.compare)


def pt_counter_weight(kind: str) -> int:
    """How many times a counter of this kind counts toward power or toughness (+2/+2: 2)."""
    m = PT_COUNTER_KIND.fullmatch(kind)
    if not m:
        return 1
    if max(len(m.group(1)), len(m.group(2))) > 7:    # past any bound: no huge int of a huge string
        return MAX_REACHED_TOTAL + 1
    return max(1, abs(int(m.group(1))), abs(int(m.group(2))))


def check_reached(state: Any) -> None:
    """SolverError (exit 3) naming the field that grew, when a state's numbers pass what the
    solver's 32-bit integers keep exact (MAX_REACHED_TOTAL)."""
    total, where = reached_total(state, paths=False)
    if total > MAX_REACHED_TOTAL:
        total, where = reached_total(state)
        raise SolverError(f"beyond what this solver handles: the state's numbers (a what-if's steps may have "
                          f"grown them) add up to {_short(total)}, the largest at {where}, past "
                          f"{MAX_REACHED_TOTAL:,}; its integers are 32 bits")
