"""The game state as immutable dataclasses (the state file's contract, docs in README)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CardLibrary
from .model_steps import STEPS  # noqa: F401  (re-exported: the state's steps)

ZONES = ("hand", "library", "graveyard", "exile", "command")


@dataclass(frozen=True)
class Turn:
    number: int
    active: str
    step: str


@dataclass(frozen=True)
class Permanent:
    """An object on the battlefield (CR 110)."""

    id: str
    card: str
    controller: str
    owner: str
    tapped: bool = False
    token: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    attached_to: str | None = None
    since_turn: int | None = None        # turn in which its controller's control began (302.6)
    timestamp: int = 0                   # CR 613.7d; by default its place in the state file


@dataclass(frozen=True)
class ZoneCard:
    """A card in a zone other than the battlefield (hand, library, graveyard, exile, command)."""

    id: str
    card: str
    owner: str
    zone: str
    position: int                        # 0-based; library: 0 is the top


@dataclass(frozen=True)
class Effect:
    """A continuous effect created by a resolved spell or ability (CR 611.2), such as Pale
    Moon's or the one Deep Water's ability creates: its text is the card's line `line`."""

    id: str
    card: str
    line: int
    controller: str
    source: str | None = None            # the permanent whose ability created it, if any
    timestamp: int = 0                   # CR 613.7b


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    turn: Turn
    battlefield: tuple[Permanent, ...]
    zones: tuple[ZoneCard, ...]
    library: CardLibrary = field(compare=False, repr=False)
    effects: tuple[Effect, ...] = ()
    source: str = "<state>"
    life: tuple[tuple[str, int], ...] = ()  # each player's life total

    def permanent(self, object_id: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == object_id), None)

