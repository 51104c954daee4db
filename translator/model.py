"""The game state as immutable dataclasses (the state file's contract, docs in README)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CardLibrary

# The steps of a turn (CR 500.1), in order, as written in state files.
STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
)
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


@dataclass(frozen=True)
class ZoneCard:
    """A card in a zone other than the battlefield (hand, library, graveyard, exile, command)."""

    id: str
    card: str
    owner: str
    zone: str
    position: int                        # 0-based; library: 0 is the top


@dataclass(frozen=True)
class GameState:
    players: tuple[str, ...]
    turn: Turn
    battlefield: tuple[Permanent, ...]
    zones: tuple[ZoneCard, ...]
    library: CardLibrary = field(compare=False, repr=False)
    source: str = "<state>"

    def permanent(self, object_id: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == object_id), None)

    def object_ids(self) -> list[str]:
        return [p.id for p in self.battlefield] + [z.id for z in self.zones]
