"""A Session: one game state, grounded once, answering any sequence of queries.

A thin facade: the state's facts are grounded once by the solving core (core.py), and each
query is a function of its own module over that core. Any sequence of queries on one Session
answers as a fresh Session for each would: queries keep their predicates in their own
namespaces and release their externals when they end.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..translator.carddb import CardSource
from ..translator.model import GameState
from ..translator.state import load_state_file
from . import activations, board, canpay, could_produce, mana, orderings, whatif
from .common import state_errors
from .core import DEFAULT_TIME_LIMIT, Solver


class Session:
    """Ask could_produce, activations, orderings, can_pay, available_mana, board and what_if
    of one state; each result has to_text(), to_json() and rules()."""

    def __init__(self, state: GameState, time_limit: float = DEFAULT_TIME_LIMIT):
        self.state = state
        self.solver = Solver(state, time_limit)
        state_errors(self.solver)

    @classmethod
    def from_file(cls, path: str | Path, time_limit: float = DEFAULT_TIME_LIMIT,
                  cards: Sequence[str | Path | CardSource] = ()) -> Session:
        """`cards`: card sources (card databases in MTGJSON's AtomicCards shape, YAML card files
        or folders) whose cards the state may name, tried in order after the bundled library."""
        return cls(load_state_file(path, cards=cards), time_limit)

    @property
    def timings(self):
        return self.solver.timings

    def could_produce(self, object_id: str | None = None, explain: bool = False):
        return could_produce.could_produce(self.solver, object_id, explain)

    def activations(self, player: str | None = None, explain: bool = False):
        return activations.activations(self.solver, player, explain)

    def orderings(self, object_id: str, ability: int | None = None, player: str | None = None,
                  limit: int = 10, explain: bool = False):
        return orderings.orderings(self.solver, object_id, ability, player, limit, explain)

    def can_pay(self, player: str, cost: str, explain: bool = False):
        return canpay.can_pay(self.solver, player, cost, explain)

    def available_mana(self, player: str, explain: bool = False):
        return mana.available_mana(self.solver, player, explain)

    def board(self, explain: bool = False, objects: list[str] | None = None,
              fields: list[str] | None = None):
        return board.board(self.solver, explain, objects, fields)

    def what_if(self, actions: list[str], where: str = "--do", explain: bool = False):
        return whatif.what_if(self.solver, actions, where, explain)


__all__ = ["Session"]
