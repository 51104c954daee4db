"""The game state as immutable dataclasses (the state file's contract, docs in README)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields

from .cards import CardLibrary
from .history import LAST_TURN_RECORDS, TURN_RECORDS
from .model_steps import STEPS  # noqa: F401  (re-exported: the state's steps)

ZONES = ("hand", "library", "graveyard", "exile", "command", "outside")
# "outside" is outside the game (CR 400.11: not a zone): a player's sideboard (400.11a), cards a
# Wish can bring in.


# A str's hash differs between processes (PYTHONHASHSEED): a kept hash is valid only beside this
# process's hash of this string (one pickled in another process is computed again).
_SEED = hash("mtg-asp state")


def _hash_once(self) -> int:
    """A frozen state object's hash, computed once and kept (a what-if finds a reached state
    among the states its worlds hold by value, settle_world.HeldStates; the state's permanents
    are mostly those of the state before it, so each is hashed once, not once a lookup). Over
    the fields that equality compares, as the dataclass's own hash is."""
    kept = self.__dict__.get("_hash")
    if kept is not None and kept[0] == _SEED:
        return kept[1]
    h = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))
    object.__setattr__(self, "_hash", (_SEED, h))
    return h


@dataclass(frozen=True)
class Turn:
    number: int
    active: str
    step: str


@dataclass(frozen=True)
class Permanent:
    """An object on the battlefield (CR 110)."""

    __hash__ = _hash_once

    id: str
    card: str
    controller: str                      # its base controller (CR 110.2); layer 2 may change it
    owner: str
    tapped: bool = False
    token: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    attached_to: str | None = None
    since_turn: int | None = None        # turn in which its base controller's control began (302.6)
    timestamp: int = 0                   # CR 613.7d; by default its place in the state file
    incarnation: int = 0                 # how many zone changes made it a new object (400.7)
    attached_incarnation: int | None = None  # set when what it is attached to left its zone:
                                         # it stays attached to that (gone) object (400.7)
    loyalty_activated: bool = False      # a loyalty ability of it was activated this turn (606.3)
    activated_this_turn: tuple[tuple[int, int], ...] = ()  # (line, times): its abilities on those
                                         # lines were activated that many times this turn (602.5b)
    attacking: str | None = None         # the player, or the planeswalker's id, it attacks (an
                                         # attacking creature, 508.1b, 508.1k)
    attacking_incarnation: int | None = None  # set when the planeswalker it attacks left the
                                         # battlefield: it attacks that (gone) object (506.4c)
    blocking: str | None = None          # the attacking creature it blocks (509.1g)
    struck_first: bool = False           # it had first or double strike as the first-strike combat
                                         # damage step began (510.4)
    deathtouched: bool = False           # dealt damage by a source with deathtouch since state-based
                                         # actions were last checked (702.2b, 704.5h)
    blocked: bool = False                # an attacking creature that became blocked (509.1h):
                                         # it stays blocked when its blockers are gone
    blocking_incarnation: int | None = None  # set when the creature it blocks left the
                                         # battlefield: it blocks that (gone) object (506.4)
    loyalty_unstated: bool = False       # the state gives no loyalty counters for it: a
                                         # planeswalker has its printed loyalty (306.5b, asp/)
    chosen: tuple[tuple[str, str], ...] = ()  # values chosen as it entered (614.12a, 607.2d):
                                         # (color, green), (creature_type, elf); absent: not recorded
    other_face: str | None = None        # a double-faced card's face that is not up (712.8d-e): the
                                         # card it transforms into (701.27a); None: not known here
    back_face_up: bool = False           # its back face is up: a "transformed permanent" (701.27g)
    renowned: bool = False               # it became renowned (702.112b: a designation; a new object is not)


@dataclass(frozen=True)
class ZoneCard:
    """A card in a zone other than the battlefield (hand, library, graveyard, exile, command)."""

    __hash__ = _hash_once

    id: str
    card: str
    owner: str
    zone: str
    position: int                        # 0-based; library: 0 is the top
    incarnation: int = 0                 # how many zone changes made it a new object (400.7)
    token: bool = False                  # a token that left the battlefield (111.7, 111.8)
    face_down: bool = False              # exiled face down: no player may look at it (406.3)
    exiled_with: tuple[str, int] | None = None   # the object (id, incarnation) that exiled it (607.2a)
    playable_by: str | None = None       # an effect lets this player play it from exile (601.3, 305.1)
    playable_this_turn: bool = False     # ... until end of turn (514.2)
    playable_cast_only: bool = False     # ... to cast only: a land card is not played (601.3, 305.1)
    order_unknown: bool = False          # in a library, its place unknown: shuffled (701.24a);
                                         # such cards are one block, `position` only keeps
                                         # them together (asp/ sees library_hidden/1)
    since_check: bool = field(default=False, compare=False)  # put into this zone since
                                         # state-based actions were last checked (a what-if's
                                         # record for 903.9a: arrived/1)


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
    targets: tuple[str, ...] = ()        # the permanents it affects (its targets, CR 611.2c)
    exchanged_from: tuple[tuple[str, str], ...] = ()  # exchange of control: who controlled each
                                         # target as it resolved (CR 701.12b)
    since_turn: int | None = None        # the turn it began (CR 302.6 for control it gives)
    gainers: tuple[tuple[str, str], ...] = ()  # control: each: (object id, the player who gains it)
    target_incarnations: tuple[int | None, ...] = ()  # per target: the object it affects, when
                                         # that target has since left its zone (400.7)
    choice: str | None = None            # a color chosen as it resolved (608.2d): "protection from
                                         # the color of its controller's choice"
    colors: tuple[str, ...] = ()         # "becomes the color or colors of your choice": those chosen as
                                         # it resolved (105.3, 608.2d)
    target_player: str | None = None     # a prevention shield on "any target" that targeted a player
                                         # (615.7): that player (`targets: [bob]` in a state)
    prevented: int = 0                   # a prevention shield: the damage it has prevented so far
                                         # ("Prevent the next 2 damage ...", CR 615.7)
    granted: bool = False                # created by the ability line `line` grants (613.1f), not
                                         # by the line's own ability
    x: int | None = None                 # its X, fixed as it was created (608.2h): "+X/+0" with X
                                         # the X of its ability's cost (107.3k), or its target's power


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability a resolved spell or ability created (CR 603.7): line `line` of
    `card` says it ("Draw a card at the beginning of the next turn's upkeep"); it triggers once,
    the next time its event occurs (603.7b). Its source and controller are those of the ability
    that created it (603.7e)."""

    id: str
    card: str
    line: int
    controller: str
    source: str
    source_incarnation: int = 0


@dataclass(frozen=True)
class StackItem:
    """An ability on the stack (CR 113.3b, 405): independent of its source once there (113.7a)."""

    id: str
    controller: str
    card: str                            # the card whose oracle line `line` defines it
    line: int
    source: str | None = None            # the permanent it came from
    source_incarnation: int = 0
    targets: tuple[tuple[str, str, int], ...] = ()   # ("object", id, incarnation) | ("player", name, 0)
    spell: bool = False                  # a spell: `source` is the card (object) on the stack (112.1)
    x: int | None = None                 # the value chosen for X (107.3, 601.2b)
    owner: str = ""                      # a spell's owner (the card's)
    flashback: bool = False              # cast with flashback: exiled as it leaves (702.34a)
    cast_from: str = ""                  # a spell cast in a what-if: the zone it was cast from (601.2a)
    colors_spent: int | None = None      # a spell cast in a what-if whose card reads it: the number of
                                         # colors of mana spent to cast it (702.44a, converge; 601.2h)
    granted: bool = False                # the ability line `line` of `card` grants (613.1f)
    reflexive: bool = False              # the reflexive triggered ability line `line` creates (603.12)
    delayed: bool = False                # the delayed triggered ability line `line` creates (603.7)
    refers_to: tuple[str, int] | None = None  # a trigger's "that spell" or "it": the object
                                         # (id, incarnation)
    refers_player: str | None = None     # a trigger's "that player" (the player dealt damage)
    lki: tuple[tuple[str, str, int], ...] = ()  # its source as it last existed on the
                                         # battlefield (608.2h): ("counter", kind, n), ("power",
                                         # "", n), ("keyword", keyword, 1); the permanent
                                         # sacrificed for its cost: ("sacrificed", "toughness", n)
    source_transformed: bool = False     # its source transformed since it was put on the stack
                                         # (701.27f: its "transform ~" is then ignored)


# Every count per player (translator/changes.py's Builder keeps each as the what-if steps).
PLAYER_COUNTS = ("energy", "poison", "lands_played", "spells_cast", *TURN_RECORDS, *LAST_TURN_RECORDS.values())


@dataclass(frozen=True)
class GameState:
    __hash__ = _hash_once

    players: tuple[str, ...]
    turn: Turn
    battlefield: tuple[Permanent, ...]
    zones: tuple[ZoneCard, ...]
    library: CardLibrary = field(compare=False, repr=False)
    effects: tuple[Effect, ...] = ()
    source: str = "<state>"
    life: tuple[tuple[str, int], ...] = ()  # each player's life total
    commanders: tuple[tuple[str, str], ...] = ()  # (player, object id): CR 903.3
    lost: tuple[str, ...] = ()              # players who lost the game (704.5a)
    stack: tuple[StackItem, ...] = ()       # bottom first; the last one resolves first (405.5)
    mana_pool: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # (player, ((type, n), ...))
    pending: tuple[StackItem, ...] = ()     # triggered abilities waiting to be put on the stack
                                            # (603.2); their ids p1, p2, ...
    energy: tuple[tuple[str, int], ...] = ()         # energy counters per player (107.14)
    poison: tuple[tuple[str, int], ...] = ()         # poison counters per player (122.1f, 704.5c)
    lands_played: tuple[tuple[str, int], ...] = ()   # lands played this turn (305.2)
    commander_casts: tuple[tuple[str, int], ...] = ()  # (commander id, casts from the command zone so far): 903.8
    spells_cast: tuple[tuple[str, int], ...] = ()    # spells each player cast this turn (601.2f)
    # What happened earlier this turn, per player (TURN_RECORDS; each absent: none this turn): life
    # gained and lost (119.3, 119.4, 120.3a), cards drawn (121.1), creatures declared as attackers
    # (508.1a), permanents they controlled that left the battlefield (603.10a: "revolt"), instant
    # and sorcery spells cast (601.2i).
    life_gained: tuple[tuple[str, int], ...] = ()
    life_lost: tuple[tuple[str, int], ...] = ()
    cards_drawn: tuple[tuple[str, int], ...] = ()
    attackers_declared: tuple[tuple[str, int], ...] = ()
    permanents_left: tuple[tuple[str, int], ...] = ()
    instants_sorceries_cast: tuple[tuple[str, int], ...] = ()
    # the spells each player cast during the previous turn (history.LAST_TURN_RECORDS; 601.2f)
    spells_cast_last_turn: tuple[tuple[str, int], ...] = ()
    drew_from_empty: tuple[str, ...] = ()   # players who attempted to draw from an empty library
                                            # since state-based actions were last checked (704.5b)
    delayed: tuple[DelayedTrigger, ...] = ()  # delayed triggered abilities not yet triggered (603.7)
    city_blessing: tuple[str, ...] = ()     # players who have the city's blessing (702.131c: for the
                                            # rest of the game)
    day_night: str | None = None            # "day" or "night", the game's designation (731.1);
                                            # None: neither (the game starts with neither)
    monarch: str | None = None              # the player who is the monarch (725.1, 725.3: one at most)

    @property
    def turn_records(self) -> tuple[tuple[str, str, int], ...]:
        """(record, player, count) of TURN_RECORDS this turn, the state's `turn_record/3` facts."""
        return tuple((r, p, n) for r in TURN_RECORDS for p, n in getattr(self, r))

    def incarnations(self) -> dict[str, int]:
        """Each object id's current object (an id names one object at a time, CR 400.7)."""
        out = {z.id: z.incarnation for z in self.zones}
        out.update({p.id: p.incarnation for p in self.battlefield})
        return out

    def permanent(self, object_id: str) -> Permanent | None:
        return self._permanents.get(object_id)

    @functools.cached_property
    def _permanents(self) -> dict[str, Permanent]:
        """The battlefield by id (the first of an id, as a scan would find), built once: a
        query that looks up each permanent was quadratic in the board (0.3 s at 3,000)."""
        out: dict[str, Permanent] = {}
        for p in self.battlefield:
            out.setdefault(p.id, p)
        return out

