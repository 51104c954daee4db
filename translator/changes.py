"""The changes a what-if step makes, one typed kind each, and how each is applied to a state.

The encodings (asp/step.lp and the files it names) decide every change of a step, its CR
rules and its order: `change_at(q, C, Rank, K)` gives each change term C its moment in the
step. This module is the one place in Python that knows a kind of change: a class per ASP
term, registered by the term's name, that decodes the term, applies it to the state, and
prints it as text and JSON. Applying only writes into the immutable model what the change
says, in the order the encodings give; nothing here decides a rules question.

Adding a kind of change: write its rules in asp/, and one class here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import ClassVar

import clingo

from .model import PLAYER_COUNTS, DelayedTrigger, Effect, GameState, Permanent, StackItem, ZoneCard

# -- the terms a change's arguments are made of -----------------------------------------------


@dataclass(frozen=True)
class Obj:
    """An object: obj(Id, Incarnation) (CR 400.7: a zone change makes a new one)."""

    id: str
    incarnation: int

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class AbilityTerm:
    """ab(Card, Line), ab(Card, Line, granted), ab(Card, Line, reflexive) or ab(Card, Line,
    delayed): the ability on oracle line Line of Card, one it grants, or the reflexive (603.12) or
    delayed (603.7) triggered ability it creates."""

    card: str
    line: int
    granted: bool = False
    reflexive: bool = False
    delayed: bool = False


def value(sym: clingo.Symbol):
    """A term of a change as Python: numbers, strings, objects, abilities; `none` is None, any
    other constant its name, any other term a tuple of its name and arguments."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    args = sym.arguments
    if sym.name == "obj" and len(args) == 2:
        return Obj(args[0].string, args[1].number)
    if sym.name == "ab":
        return AbilityTerm(args[0].string, args[1].number, len(args) > 2 and args[2].name == "granted",
                           len(args) > 2 and args[2].name == "reflexive", len(args) > 2 and args[2].name == "delayed")
    if sym.name in ("stk", "eff", "dl") and len(args) == 1:
        return args[0].string
    if not args:
        return None if sym.name == "none" else sym.name
    return (sym.name, *(value(a) for a in args))


def add_counters(counters: tuple[tuple[str, int], ...], kind_: str, n: int) -> tuple[tuple[str, int], ...]:
    """Counters with n more of a kind (CR 122.1: one number per kind; two effects that each add one
    give two, not one counter listed twice)."""
    had = dict(counters)
    had[kind_] = had.get(kind_, 0) + n
    return tuple(sorted(had.items()))


def _plain(v):
    """A term as JSON: an object as its id, a tuple as a list."""
    if isinstance(v, Obj):
        return v.id
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, AbilityTerm):
        return {"card": v.card, "line": v.line}
    return v


def _who(target) -> dict:
    """A player (a string) or an object, as JSON fields."""
    return {"object": target.id} if isinstance(target, Obj) else {"player": target}


# -- the registry -----------------------------------------------------------------------------

KINDS: dict[str, type[Change]] = {}


def kind(term: str):
    """Register a class as the kind of change of the ASP term named `term`."""
    def register(cls: type[Change]) -> type[Change]:
        cls.term = term
        cls.order = len(KINDS)
        KINDS[term] = cls
        return cls
    return register


class Change:
    """One change of a step. Subclasses are frozen dataclasses whose fields are the ASP
    term's arguments, in order."""

    term: ClassVar[str]
    order: ClassVar[int]          # changes at the same moment are listed in registry order
    name: ClassVar[str]           # the kind in JSON
    logged: ClassVar[bool] = True  # False: a record the rules keep, not a change to show

    @classmethod
    def decode(cls, sym: clingo.Symbol) -> Change:
        if sym.name not in KINDS:
            raise ValueError(f"asp/ derived a change no class in translator/changes.py decodes: {sym}")
        kind_ = KINDS[sym.name]
        return kind_(*(value(a) for a in sym.arguments))

    def apply(self, b: Builder) -> None:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError

    def details(self) -> dict:
        """The JSON fields besides the kind."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None}

    def to_json(self) -> dict:
        return {"change": self.name, **self.details()}

    def subject(self) -> str:
        """What it changes: an object id, `player P`, or the kind (a change of the game)."""
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Obj):
                return v.id
        player = getattr(self, "player", None)
        return f"player {player}" if isinstance(player, str) else self.name


# -- applying: the next state, built from the one before ---------------------------------------


class Builder:
    """The state being changed, in lists; what this step created (the stack object it put on
    the stack, the effect it created, the permanents and tokens entering) for the changes
    that refer to it."""

    def __init__(self, state: GameState):
        self.state = state
        self.battlefield = list(state.battlefield)
        self.zones = list(state.zones)
        self.effects = list(state.effects)
        self.stack = list(state.stack)
        self.pending = list(state.pending)
        self.lost = list(state.lost)
        self.city_blessing = list(state.city_blessing)
        self.day_night = state.day_night
        self.monarch = state.monarch
        self.delayed = list(state.delayed)
        self.drew = list(state.drew_from_empty)
        self.counts = {name: dict(getattr(state, name)) for name in PLAYER_COUNTS}
        self.commander_casts = dict(state.commander_casts)
        self.life = dict(state.life)
        self.pools = {p: dict(pool) for p, pool in state.mana_pool}
        self.turn = state.turn
        self.stamp = max([p.timestamp for p in self.battlefield] + [e.timestamp for e in self.effects] + [0])
        self.pushed: StackItem | None = None
        self.created: Effect | None = None
        self.entering: dict[str, Permanent] = {}
        self.new_tokens: list[str] = []
        self.new_pending: list[str] = []
        self.placed: dict[str, int] = {}    # library cards put in a place (id -> position), not yet laid out

    # helpers for the kinds below
    def permanent(self, oid: str, **changes) -> None:
        self.battlefield = [replace(p, **changes) if p.id == oid else p for p in self.battlefield]

    def card(self, oid: str, **changes) -> None:
        self.zones = [replace(z, **changes) if z.id == oid else z for z in self.zones]

    def set_pushed(self, item: StackItem) -> None:
        self.pushed = item
        self.stack = [item if s.id == item.id else s for s in self.stack]

    def spell_record(self, spell: str, **fields) -> None:
        """A record of the spell whose card is object `spell` on the stack (cast with flashback,
        the zone cast from, the colors spent), on the item just pushed too."""
        self.stack = [replace(s, **fields) if s.spell and s.source == spell else s for s in self.stack]
        if self.pushed is not None and self.pushed.source == spell:
            self.pushed = replace(self.pushed, **fields)

    def set_created(self, effect: Effect) -> None:
        self.created = effect
        self.effects = [effect if e.id == effect.id else e for e in self.effects]

    def place(self, oid: str, position: int) -> None:
        """A library card put at `position` from the top (the library's size counting it) by one
        instruction: the cards of one scry are laid out together (lay_out_libraries)."""
        self.placed[oid] = position

    def lay_out_libraries(self) -> None:
        """The cards put in a place go there, and every other card of that library keeps its
        order in the places left (401.1). A card put in a place is no longer of unknown order
        (its owner looked at it, 701.20e)."""
        if not self.placed:
            return
        # (a card put on the bottom by the move of the same instruction, not in the library yet,
        # waits for it: "Put target card from your graveyard on the bottom of your library")
        waiting = {k: v for k, v in self.placed.items()
                   if not any(z.id == k and z.zone == "library" for z in self.zones)}
        owners = {z.owner for z in self.zones if z.id in self.placed}
        for owner in owners:
            cards = sorted((z for z in self.zones if z.zone == "library" and z.owner == owner),
                           key=lambda z: z.position)
            slots: list[ZoneCard | None] = [None] * len(cards)
            for z in cards:
                if z.id in self.placed:
                    slots[self.placed[z.id]] = replace(z, order_unknown=False)
            rest = iter(z for z in cards if z.id not in self.placed)
            laid = [s if s is not None else next(rest) for s in slots]
            new = {z.id: replace(z, position=i) for i, z in enumerate(laid)}
            self.zones = [new.get(z.id, z) for z in self.zones]
        self.placed = waiting

    def fresh_id(self, prefix: str, taken) -> str:
        return next(f"{prefix}{n}" for n in range(1, len(taken) + 2) if f"{prefix}{n}" not in taken)

    def build(self) -> GameState:
        self.lay_out_libraries()
        battlefield = self.battlefield + list(self.entering.values())
        # A library is an ordered pile (401.1): positions count from the top with no gaps.
        zones = list(self.zones)
        ranks: dict[str, int] = {}
        for z in sorted((z for z in zones if z.zone == "library"), key=lambda z: (z.owner, z.position)):
            rank = ranks.get(z.owner, 0)
            ranks[z.owner] = rank + 1
            if z.position != rank:
                zones = [replace(y, position=rank) if y is z else y for y in zones]
        s = self.state
        counts = {name: tuple((p, v[p]) for p in s.players if v.get(p)) for name, v in self.counts.items()}
        return replace(s, turn=self.turn, battlefield=tuple(battlefield), zones=tuple(zones),
                       effects=tuple(self.effects), lost=tuple(self.lost), drew_from_empty=tuple(self.drew),
                       delayed=tuple(self.delayed), city_blessing=tuple(p for p in s.players if p in self.city_blessing),
                       day_night=self.day_night,
                       monarch=self.monarch,
                       stack=tuple(self.stack), pending=tuple(self.pending),
                       life=tuple((p, self.life[p]) for p, _ in s.life),
                       mana_pool=tuple(sorted((p, tuple(sorted((t, n) for t, n in v.items() if n)))
                                              for p, v in self.pools.items() if any(v.values()))),
                       commander_casts=tuple(sorted(self.commander_casts.items())), **counts)


def apply(state: GameState, changes: list[Change]) -> GameState:
    """The state after `changes`, in the order the encodings gave them."""
    b = Builder(state)
    for c in changes:
        c.apply(b)
    return b.build()


# -- the kinds ------------------------------------------------------------------------------------
# In the order in which changes of one moment are listed (a zone change, then what the new
# object enters with).


@kind("turn")
@dataclass(frozen=True)
class Turn(Change):
    """CR 500.1, 101.4: turn N begins, player's."""
    name = "turn"
    player: str
    amount: int

    def apply(self, b):
        b.turn = replace(b.turn, number=self.amount, active=self.player)

    def text(self):
        return f"turn {self.amount} begins: {self.player}'s"


@kind("step")
@dataclass(frozen=True)
class Step(Change):
    """CR 500.2-500.3: the game moves to a step."""
    name = "step"
    to: str

    def apply(self, b):
        b.turn = replace(b.turn, step=self.to)

    def text(self):
        return f"the game moves to the {self.to.replace('_', ' ')} step"


@kind("push")
@dataclass(frozen=True)
class Push(Change):
    """CR 602.2a: an activated ability is put on the stack."""
    name = "push"
    object: Obj
    ability: AbilityTerm
    player: str

    def apply(self, b):
        item = StackItem(b.fresh_id("s", {s.id for s in b.stack}), self.player, self.ability.card,
                         self.ability.line, self.object.id, self.object.incarnation, granted=self.ability.granted,
                         reflexive=self.ability.reflexive, delayed=self.ability.delayed)
        b.stack.append(item)
        b.pushed = item

    def details(self):
        return {"object": self.object.id, "player": self.player, "line": self.ability.line}

    def text(self):
        return f"{self.player} puts {self.object}'s line {self.ability.line} ability on the stack"


@kind("cast")
@dataclass(frozen=True)
class Cast(Change):
    """CR 601.2a: the card moves to the stack and becomes a spell (a new object, 400.7)."""
    name = "cast"
    object: Obj
    player: str
    x: int | None

    def apply(self, b):
        card = next(z for z in b.zones if z.id == self.object.id)
        b.zones = [z for z in b.zones if z.id != self.object.id]
        item = StackItem(self.object.id, self.player, card.card, 0, self.object.id, card.incarnation + 1,
                         spell=True, x=self.x, owner=card.owner)
        b.stack.append(item)
        b.pushed = item

    def text(self):
        return f"{self.player} casts {self.object}" + (f" with X = {self.x}" if self.x is not None else "")


@kind("put_trigger")
@dataclass(frozen=True)
class PutTrigger(Change):
    """CR 603.3b: a waiting triggered ability (ability A of an object) is put on the stack."""
    name = "push"
    pending: str
    object: Obj
    ability: AbilityTerm
    player: str

    def apply(self, b):
        t = next(p for p in b.pending if p.id == self.pending)
        b.pending = [p for p in b.pending if p.id != self.pending]
        item = replace(t, id=b.fresh_id("s", {s.id for s in b.stack}))
        b.stack.append(item)
        b.pushed = item

    def details(self):
        return {"object": self.object.id, "player": self.player, "line": self.ability.line}

    def text(self):
        return f"{self.player} puts {self.object}'s line {self.ability.line} ability on the stack"


@kind("trigger_removed")
@dataclass(frozen=True)
class TriggerRemoved(Change):
    """CR 603.3d: a triggered ability with no legal target is removed from the stack."""
    name = "removed"
    pending: str
    object: Obj
    ability: AbilityTerm

    def apply(self, b):
        b.pending = [p for p in b.pending if p.id != self.pending]

    def details(self):
        return {"object": self.object.id, "line": self.ability.line}

    def text(self):
        return f"{self.object}'s line {self.ability.line} ability has no legal target: removed"


@kind("flashback")
@dataclass(frozen=True)
class Flashback(Change):
    """CR 702.34a: the spell is cast with flashback (it is exiled as it leaves the stack)."""
    name = "flashback"
    object: Obj

    def apply(self, b):
        b.spell_record(self.object.id, flashback=True)

    def text(self):
        return f"{self.object} is cast with flashback"


@kind("ability_x")
@dataclass(frozen=True)
class AbilityX(Change):
    """CR 107.3a, 602.2b: the value announced for X in an activation cost; the ability on the
    stack keeps it (its effect's X, 107.3k)."""
    name = "x"
    value: int

    def apply(self, b):
        b.set_pushed(replace(b.pushed, x=self.value))

    def text(self):
        return f"X is {self.value}"


@kind("target")
@dataclass(frozen=True)
class Target(Change):
    """CR 601.2c: a target of the spell or ability being put on the stack."""
    name = "target"
    index: int
    target: Obj | str

    def apply(self, b):
        t = ("object", self.target.id, self.target.incarnation) if isinstance(self.target, Obj) \
            else ("player", self.target, 0)
        b.set_pushed(replace(b.pushed, targets=(*b.pushed.targets, t)))

    def details(self):
        return {**_who(self.target), "index": self.index}

    def subject(self):
        return self.target.id if isinstance(self.target, Obj) else f"player {self.target}"

    def text(self):
        return f"  targeting {self.target}"


@kind("cost_lki")
@dataclass(frozen=True)
class CostLki(Change):
    """CR 608.2h, 113.7a (601.2h): the permanent sacrificed to pay the cost of the ability being
    put on the stack, as it last existed ("the sacrificed creature's toughness"): the stack
    item remembers it for its effect."""
    name = "cost_lki"
    logged = False
    what: str
    amount: int

    def apply(self, b):
        entry = ("sacrificed", str(self.what), self.amount)
        b.set_pushed(replace(b.pushed, lki=tuple(sorted({*b.pushed.lki, entry}))))

    def text(self):
        return f"  the sacrificed permanent's {self.what}: {self.amount}"


@kind("effect")
@dataclass(frozen=True)
class CreatesEffect(Change):
    """CR 611.2: a resolving spell or ability creates a continuous effect (613.7b: a new
    timestamp)."""
    name = "effect"
    source: Obj | None
    ability: AbilityTerm
    player: str

    def apply(self, b):
        b.stamp += 1
        effect = Effect(b.fresh_id("e", {e.id for e in b.effects}), self.ability.card, self.ability.line,
                        self.player, self.source.id if self.source else None, b.stamp,
                        since_turn=b.state.turn.number, granted=self.ability.granted)
        b.effects.append(effect)
        b.created = effect

    def details(self):
        out = {"player": self.player, "card": self.ability.card, "line": self.ability.line}
        if self.source is not None:
            out = {"object": self.source.id, **out}
        return out

    def subject(self):
        return self.source.id if self.source else f"player {self.player}"

    def text(self):
        return f"{self.ability.card} line {self.ability.line} creates a continuous effect ({self.player} controls it)"


@kind("effect_choice")
@dataclass(frozen=True)
class EffectChoice(Change):
    """CR 608.2d: a color chosen for the effect as it resolved."""
    name = "effect_choice"
    color: str

    def apply(self, b):
        b.set_created(replace(b.created, choice=self.color))

    def text(self):
        return f"  the color chosen for it: {self.color}"


@kind("effect_keyword")
@dataclass(frozen=True)
class EffectKeyword(Change):
    """CR 608.2d: the keyword chosen as it resolved for an effect that takes one of several away
    ("Target creature loses first strike or swampwalk until end of turn", Urborg; 613.1f)."""
    name = "effect_keyword"
    keyword: str

    def apply(self, b):
        b.set_created(replace(b.created, choice=self.keyword))

    def text(self):
        return f"  the ability chosen for it to lose: {self.keyword.replace('_', ' ')}"


@kind("effect_x")
@dataclass(frozen=True)
class EffectX(Change):
    """CR 608.2h, 611.2c: the number an effect's "+X/+0" or "X/X" is, fixed as it was created (the X
    of its ability's cost, 107.3k, or its target's power)."""
    name = "effect_x"
    value: int

    def apply(self, b):
        b.set_created(replace(b.created, x=self.value))

    def text(self):
        return f"  its X: {self.value}"


@kind("affects")
@dataclass(frozen=True)
class Affects(Change):
    """CR 611.2c: the effect just created affects an object."""
    name = "affects"
    object: Obj

    def apply(self, b):
        b.set_created(replace(b.created, targets=(*b.created.targets, self.object.id)))

    def text(self):
        return f"  it affects {self.object}"


@kind("affects_player")
@dataclass(frozen=True)
class AffectsPlayer(Change):
    """CR 615.7, 611.2c: the prevention shield just created is on the player it targeted ("Prevent the
    next 1 damage that would be dealt to any target this turn")."""
    name = "affects_player"
    player: str

    def apply(self, b):
        b.set_created(replace(b.created, target_player=self.player))

    def text(self):
        return f"  it affects {self.player}"


@kind("exchanged")
@dataclass(frozen=True)
class Exchanged(Change):
    """CR 701.12b: who controlled a target as the exchange resolved."""
    name = "exchanged"
    object: Obj
    player: str

    def apply(self, b):
        b.set_created(replace(b.created, exchanged_from=(*b.created.exchanged_from, (self.object.id, self.player))))

    def text(self):
        return f"  {self.player} controlled {self.object} as the exchange resolved"


@kind("direction")
@dataclass(frozen=True)
class Direction(Change):
    """CR 101.4: the direction chosen as it resolved (left: the next player in turn order)."""
    name = "direction"
    direction: str

    def apply(self, b):
        pass

    def text(self):
        return f"the direction chosen is {self.direction}"


@kind("gains")
@dataclass(frozen=True)
class Gains(Change):
    """CR 613.1b: under the effect just created, a player gains control of an object."""
    name = "gains"
    object: Obj
    player: str

    def apply(self, b):
        b.set_created(replace(b.created, targets=(*b.created.targets, self.object.id),
                              gainers=(*b.created.gainers, (self.object.id, self.player))))

    def text(self):
        return f"  {self.player} gains control of {self.object}"


@kind("attacks")
@dataclass(frozen=True)
class Attacks(Change):
    """CR 508.1k: it becomes an attacking creature, attacking a player or a planeswalker."""
    name = "attacks"
    object: Obj
    attacked: Obj | str

    def apply(self, b):
        who = self.attacked.id if isinstance(self.attacked, Obj) else self.attacked
        b.permanent(self.object.id, attacking=who, attacking_incarnation=None)

    def details(self):
        if isinstance(self.attacked, Obj):
            return {"object": self.object.id, "planeswalker": self.attacked.id}
        return {"object": self.object.id, "player": self.attacked}

    def text(self):
        if isinstance(self.attacked, Obj):
            return f"{self.object} attacks the planeswalker {self.attacked}"
        return f"{self.object} attacks {self.attacked}"


@kind("blocks")
@dataclass(frozen=True)
class Blocks(Change):
    """CR 509.1g: it becomes a blocking creature, blocking an attacking creature."""
    name = "blocks"
    object: Obj
    blocking: Obj

    def apply(self, b):
        b.permanent(self.object.id, blocking=self.blocking.id, blocking_incarnation=None)

    def text(self):
        return f"{self.object} blocks {self.blocking}"


@kind("becomes_blocked")
@dataclass(frozen=True)
class BecomesBlocked(Change):
    """CR 509.1h: an attacking creature with a blocker becomes blocked."""
    name = "becomes_blocked"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, blocked=True)

    def text(self):
        return f"{self.object} becomes blocked"


@kind("remains_blocked")
@dataclass(frozen=True)
class RemainsBlocked(Change):
    """CR 509.1h: an attacking creature stays blocked when its blockers are gone (a record)."""
    name = "remains_blocked"
    logged = False
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, blocked=True)

    def text(self):
        return f"{self.object} remains blocked"


@kind("prevented")
@dataclass(frozen=True)
class Prevented(Change):
    """CR 615.6: damage a source would deal is prevented."""
    name = "prevented"
    object: Obj
    to: Obj | str

    def apply(self, b):
        pass

    def details(self):
        return {"object": self.object.id, "to": self.to.id if isinstance(self.to, Obj) else self.to}

    def text(self):
        return f"combat damage {self.object} would deal to {self.to} is prevented"


# Zones as a sentence names them (the hand, graveyard and library are the owner's, 400.3).
ZONE_WORDS = {"battlefield": "the battlefield", "stack": "the stack", "hand": "its owner's hand",
              "graveyard": "its owner's graveyard", "library": "its owner's library", "exile": "exile",
              "command": "the command zone"}


@kind("zone")
@dataclass(frozen=True)
class Moves(Change):
    """CR 400.7: an object leaves its zone and a new object enters another (onto the
    battlefield under a player's control, 110.2)."""
    name = "moves"
    object: Obj
    origin: str
    to: str
    controller: str | None

    def apply(self, b):
        b.lay_out_libraries()           # an instruction before this one put library cards in place
        oid = self.object.id
        old_perm = next((p for p in b.battlefield if p.id == oid), None)
        old_card = next((z for z in b.zones if z.id == oid), None)
        spell = next((s for s in b.stack if s.spell and s.source == oid), None)
        if spell is not None:       # a spell leaves the stack: its card moves on (608.3a, 608.2n)
            b.stack = [s for s in b.stack if s is not spell]
            old_card = ZoneCard(spell.source, spell.card, spell.owner, "stack", 0,
                                incarnation=spell.source_incarnation)
        old = old_perm or old_card
        inc = old.incarnation
        # What was attached to the object, attacking or blocking it, and effects that affected
        # it keep pointing at the object that left (400.7): pinned to its incarnation.
        b.battlefield = [p if p.attached_to != oid or p.attached_incarnation is not None
                         else replace(p, attached_incarnation=inc) for p in b.battlefield]
        b.battlefield = [p if p.attacking != oid or p.attacking_incarnation is not None
                         else replace(p, attacking_incarnation=inc) for p in b.battlefield]
        b.battlefield = [p if p.blocking != oid or p.blocking_incarnation is not None
                         else replace(p, blocking_incarnation=inc) for p in b.battlefield]
        b.effects = [e if oid not in e.targets else replace(e, target_incarnations=_pins(e, oid, inc))
                     for e in b.effects]
        b.battlefield = [p for p in b.battlefield if p.id != oid]
        b.zones = [z for z in b.zones if z.id != oid]
        b.entering.pop(oid, None)
        if old_perm is not None and old_perm.back_face_up:
            # CR 712.8a, 712.14: off the battlefield a double-faced card has its front face's
            # characteristics, and it enters the battlefield front face up
            old = replace(old, card=old_perm.other_face)
        if self.to == "battlefield":
            b.stamp += 1
            b.entering[oid] = Permanent(oid, old.card, self.controller, old.owner, token=old.token, timestamp=b.stamp,
                                        incarnation=inc + 1, since_turn=b.state.turn.number)
        else:
            owner = old.owner
            position = 0 if self.to == "library" else \
                sum(1 for z in b.zones if z.zone == self.to and z.owner == owner)
            if self.to == "library":     # to its top (the move action, 401.1)
                b.zones = [replace(z, position=z.position + 1) if z.zone == "library" and z.owner == owner else z
                           for z in b.zones]
            b.zones.append(ZoneCard(oid, old.card, owner, self.to, position, incarnation=inc + 1,
                                    token=old.token, since_check=True))

    def details(self):
        out = {"object": self.object.id, "from": self.origin, "to": self.to}
        if self.controller is not None:
            out["controller"] = self.controller
        return out

    def text(self):
        # one plain sentence: "elves leaves the battlefield for exile as a new object"
        where = ZONE_WORDS.get(self.to, self.to)
        if self.origin == "battlefield":
            said = f"{self.object} leaves the battlefield for {where}"
        elif self.to == "battlefield":
            said = f"{self.object} enters the battlefield from {ZONE_WORDS.get(self.origin, self.origin)}"
        else:
            said = f"{self.object} moves from {ZONE_WORDS.get(self.origin, self.origin)} to {where}"
        under = f" under {self.controller}'s control" if self.controller else ""
        return f"{said}{under} as a new object"


@kind("shuffled")
@dataclass(frozen=True)
class Shuffled(Change):
    """CR 701.24a: a library is shuffled: no player knows its order (each of its cards of unknown
    place from now on: a draw from it may be any of them, asp/effects.lp). (Registered before
    library_place: in one instruction the shuffle comes first, "then shuffle and put that card on
    top", Elvish Harbinger.)"""
    name = "shuffled"
    player: str

    def apply(self, b):
        b.lay_out_libraries()
        b.zones = [replace(z, order_unknown=True) if z.zone == "library" and z.owner == self.player else z
                   for z in b.zones]

    def text(self):
        return f"{self.player}'s library is shuffled: no player knows its order"


@kind("library_place")
@dataclass(frozen=True)
class LibraryPlace(Change):
    """CR 701.22a, 701.25a: a card its owner looked at is put back on top of their library or on
    the bottom, at `position` from the top of a library of `size` cards (401.4: the owner
    arranges cards put in one place at once)."""
    name = "library_place"
    object: Obj
    position: int
    size: int

    def apply(self, b):
        b.place(self.object.id, self.position)

    def text(self):
        if self.position == 0:
            where = "on top of its owner's library"
        elif self.position == self.size - 1:
            where = "on the bottom of its owner's library"
        elif self.position <= self.size - 1 - self.position:
            where = f"{_nth(self.position + 1)} from the top of its owner's library"
        else:
            where = f"{_nth(self.size - self.position)} from the bottom of its owner's library"
        return f"{self.object} is put {where} ({self.size} cards)"


@kind("instead")
@dataclass(frozen=True)
class Instead(Change):
    """CR 903.9b: the commander is put into the command zone instead."""
    name = "instead"
    object: Obj
    to: str

    def apply(self, b):
        owner = next(z.owner for z in b.zones if z.id == self.object.id)
        position = sum(1 for z in b.zones if z.zone == self.to and z.owner == owner)
        b.card(self.object.id, zone=self.to, position=position)

    def text(self):
        return f"{self.object} is put into the {self.to} zone instead"


@kind("stays")
@dataclass(frozen=True)
class Stays(Change):
    """CR 111.8: a token that has left the battlefield stays where it is."""
    name = "stays"
    object: Obj
    to: str

    def apply(self, b):
        pass

    def text(self):
        return f"{self.object} stays where it is (would have moved to {self.to})"


@kind("enters")
@dataclass(frozen=True)
class EntersWith(Change):
    """CR 614.1c: what the new permanent enters with: tapped, or counters."""
    object: Obj
    what: str | tuple

    @property
    def name(self):
        return "enters_tapped" if self.what == "tapped" else "enters_counters"

    def apply(self, b):
        p = b.entering[self.object.id]
        if self.what == "tapped":
            b.entering[self.object.id] = replace(p, tapped=True)
        else:
            kind_, n = self.what[-2:]    # (extra_counters(E, K, N): another permanent's effect's, Giada)
            b.entering[self.object.id] = replace(p, counters=add_counters(p.counters, kind_, n))

    def details(self):
        if self.what == "tapped":
            return {"object": self.object.id}
        out = {"object": self.object.id, "counter": self.what[-2], "amount": self.what[-1]}
        if self.what[0] == "extra_counters":
            out["by"] = self.what[1].id
        return out

    def text(self):
        if self.what == "tapped":
            return f"{self.object} enters tapped"
        return f"{self.object} enters with {self.what[-1]} {self.what[-2]} counter(s)"


@kind("attached")
@dataclass(frozen=True)
class EntersAttached(Change):
    """CR 608.3c: an Aura enters attached to the object it targeted."""
    name = "enters_attached"
    object: Obj
    attached_to: Obj

    def apply(self, b):
        b.entering[self.object.id] = replace(b.entering[self.object.id], attached_to=self.attached_to.id)

    def text(self):
        return f"{self.object} enters attached to {self.attached_to}"


@kind("chosen")
@dataclass(frozen=True)
class Chosen(Change):
    """CR 614.12a, 607.2d: the value chosen for the permanent as it entered (a color)."""
    name = "chosen"
    object: Obj
    choice: str
    value: str

    def apply(self, b):
        p = b.entering[self.object.id]
        b.entering[self.object.id] = replace(p, chosen=(*p.chosen, (self.choice, self.value)))

    def text(self):
        return f"{self.object}: the {self.choice.replace('_', ' ')} chosen as it enters is {self.value}"


@kind("choice_open")
@dataclass(frozen=True)
class ChoiceOpen(Change):
    """CR 614.12a: a choice made as the permanent entered that is not followed: the state does
    not record it, so every value stays possible."""
    name = "choice_open"
    object: Obj
    choice: str

    def apply(self, b):
        pass

    def text(self):
        kind_ = self.choice.replace("_", " ")
        return f"{self.object}: a {kind_} is chosen as it enters (not recorded: every {kind_} is possible)"


@kind("face_down")
@dataclass(frozen=True)
class FaceDown(Change):
    """CR 406.3: a card exiled face down: no player may look at it."""
    name = "face_down"
    object: Obj

    def apply(self, b):
        b.card(self.object.id, face_down=True)

    def text(self):
        return f"{self.object} is face down: no player may look at it"


@kind("exiled_with")
@dataclass(frozen=True)
class ExiledWith(Change):
    """CR 607.2a: the card is linked to the object whose ability exiled it."""
    name = "exiled_with"
    object: Obj
    source: Obj

    def apply(self, b):
        b.card(self.object.id, exiled_with=(self.source.id, self.source.incarnation))

    def details(self):
        return {"object": self.object.id, "with": self.source.id}

    def text(self):
        return f"{self.object} is linked to {self.source} (exiled with it)"


@kind("playable")
@dataclass(frozen=True)
class Playable(Change):
    """CR 601.3: an effect lets a player play the card from exile."""
    name = "playable"
    object: Obj
    player: str

    def apply(self, b):
        b.card(self.object.id, playable_by=self.player, playable_this_turn=False)

    def text(self):
        return f"{self.player} may play {self.object} from exile"


@kind("playable_this_turn")
@dataclass(frozen=True)
class PlayableThisTurn(Change):
    """CR 601.3: an effect lets a player play the card from exile until end of turn."""
    name = "playable_this_turn"
    object: Obj
    player: str

    def apply(self, b):
        b.card(self.object.id, playable_by=self.player, playable_this_turn=True)

    def text(self):
        return f"{self.player} may play {self.object} from exile this turn"


@kind("castable_this_turn")
@dataclass(frozen=True)
class CastableThisTurn(Change):
    """CR 601.3: an effect lets a player cast the card from exile until end of turn ("you may cast
    spells from among them": a land card among them is not played, 305.1)."""
    name = "castable_this_turn"
    object: Obj
    player: str

    def apply(self, b):
        b.card(self.object.id, playable_by=self.player, playable_this_turn=True, playable_cast_only=True)

    def text(self):
        return f"{self.player} may cast {self.object} from exile this turn"


@kind("unplayable")
@dataclass(frozen=True)
class Unplayable(Change):
    """CR 607.2a, 514.2: the permission to play the card ends."""
    name = "unplayable"
    object: Obj

    def apply(self, b):
        b.card(self.object.id, playable_by=None, playable_this_turn=False, playable_cast_only=False)

    def text(self):
        return f"{self.object} may no longer be played"


@kind("leaves_game")
@dataclass(frozen=True)
class LeavesGame(Change):
    """CR 800.4a: an object owned by a player who left the game leaves it too."""
    name = "leaves_game"
    object: Obj

    def apply(self, b):
        oid = self.object.id
        b.battlefield = [p for p in b.battlefield if p.id != oid]
        b.zones = [z for z in b.zones if z.id != oid]
        b.stack = [t for t in b.stack if not (t.spell and t.source == oid)]

    def text(self):
        return f"{self.object} leaves the game"


@kind("pop")
@dataclass(frozen=True)
class Pop(Change):
    """CR 608.2n, 800.4a: an ability leaves the stack."""
    name = "pop"
    stack_object: str

    def apply(self, b):
        b.stack = [s for s in b.stack if s.id != self.stack_object]

    def details(self):
        return {"object": self.stack_object}

    def subject(self):
        return self.stack_object

    def text(self):
        return f"the ability {self.stack_object} leaves the stack"


@kind("create_token")
@dataclass(frozen=True)
class CreateToken(Change):
    """CR 111.1: tokens are created on the battlefield under a player's control; their ids are
    the token's name in snake case without the word "Token" (111.4 names a token by its subtypes
    plus "Token": a Thopter Token is `thopter`), numbered like the state file's own."""
    name = "create_token"
    token: str
    player: str
    amount: int

    def apply(self, b):
        taken = {p.id for p in b.battlefield} | {z.id for z in b.zones} | set(b.entering)
        base = re.sub(r"[^a-z0-9]+", "_", re.sub(r"\s+token$", "", self.token.lower())).strip("_") or "token"
        for _ in range(self.amount):
            n = 1
            while (tid := base if n == 1 else f"{base}_{n}") in taken:
                n += 1
            taken.add(tid)
            b.new_tokens.append(tid)
            b.stamp += 1
            b.entering[tid] = Permanent(tid, self.token, self.player, self.player, token=True, timestamp=b.stamp,
                                        since_turn=b.state.turn.number)

    def text(self):
        return f"{self.player} creates {self.amount} {self.token}{'' if self.token.endswith('Token') else ' token'}" \
            f"{'s' if self.amount != 1 else ''}"


@kind("affects_created")
@dataclass(frozen=True)
class AffectsCreated(Change):
    """CR 611.2c: the effect just created affects the tokens just created ("that token
    gains ...")."""
    name = "affects_created"

    def apply(self, b):
        b.set_created(replace(b.created, targets=(*b.created.targets, *b.new_tokens)))

    def text(self):
        return "  it affects the token just created"


@kind("attach")
@dataclass(frozen=True)
class Attach(Change):
    """CR 701.3a: an Equipment is put onto an object."""
    name = "attaches"
    object: Obj
    attached_to: Obj

    def apply(self, b):
        b.permanent(self.object.id, attached_to=self.attached_to.id, attached_incarnation=None)

    def text(self):
        return f"{self.object} becomes attached to {self.attached_to}"


@kind("unattach")
@dataclass(frozen=True)
class Unattach(Change):
    """CR 704.5n: an Equipment becomes unattached."""
    name = "unattached"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, attached_to=None, attached_incarnation=None)

    def text(self):
        return f"{self.object} becomes unattached"


@kind("tap")
@dataclass(frozen=True)
class Tap(Change):
    """CR 701.26a: the permanent becomes tapped."""
    name = "tap"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, tapped=True)

    def text(self):
        return f"{self.object} becomes tapped"


@kind("untap")
@dataclass(frozen=True)
class Untap(Change):
    """CR 701.26b: the permanent becomes untapped."""
    name = "untap"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, tapped=False)
        if self.object.id in b.entering:    # (put onto the battlefield tapped earlier in the step)
            b.entering[self.object.id] = replace(b.entering[self.object.id], tapped=False)

    def text(self):
        return f"{self.object} becomes untapped"


@kind("counters")
@dataclass(frozen=True)
class Counters(Change):
    """CR 122: the number of counters of a kind on a permanent now."""
    name = "counters"
    object: Obj
    counter: str
    amount: int

    def apply(self, b):
        def now(p):
            rest = tuple((k, n) for k, n in p.counters if k != self.counter)
            keep = ((self.counter, self.amount),) if self.amount else ()
            unstated = p.loyalty_unstated and self.counter != "loyalty"
            return replace(p, counters=tuple(sorted((*rest, *keep))), loyalty_unstated=unstated)
        b.battlefield = [now(p) if p.id == self.object.id else p for p in b.battlefield]

    def text(self):
        return f"{self.object} now has {self.amount} {self.counter} counter(s)"


@kind("damage")
@dataclass(frozen=True)
class Damage(Change):
    """CR 120.3e, 514.2: the damage marked on a creature now."""
    name = "damage"
    object: Obj
    amount: int

    def apply(self, b):
        b.permanent(self.object.id, damage=self.amount)

    def text(self):
        return f"{self.object} now has {self.amount} damage marked"


@kind("deathtouched")
@dataclass(frozen=True)
class Deathtouched(Change):
    """CR 702.2b: dealt damage by a source with deathtouch since the last check (704.5h)."""
    name = "deathtouched"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, deathtouched=True)

    def text(self):
        return f"{self.object} was dealt damage by a source with deathtouch"


@kind("struck_first")
@dataclass(frozen=True)
class StruckFirst(Change):
    """CR 510.4: it deals its combat damage in the first-strike combat damage step."""
    name = "struck_first"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, struck_first=True)

    def text(self):
        return f"{self.object} deals its combat damage in the first-strike step"


@kind("removed_from_combat")
@dataclass(frozen=True)
class RemovedFromCombat(Change):
    """CR 506.4: the permanent is removed from combat."""
    name = "removed_from_combat"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, **_out_of_combat())

    def text(self):
        return f"{self.object} is removed from combat"


@kind("combat_ends")
@dataclass(frozen=True)
class CombatEnds(Change):
    """CR 511.3: every creature is removed from combat."""
    name = "combat_ends"

    def apply(self, b):
        b.battlefield = [replace(p, **_out_of_combat()) for p in b.battlefield]

    def text(self):
        return "every creature is removed from combat"


@kind("effect_ends")
@dataclass(frozen=True)
class EffectEnds(Change):
    """CR 514.2: an "until end of turn" effect ends."""
    name = "effect_ends"
    effect: str

    def apply(self, b):
        b.effects = [e for e in b.effects if e.id != self.effect]

    def text(self):
        return f"effect {self.effect} ends"


@kind("delayed")
@dataclass(frozen=True)
class CreatesDelayed(Change):
    """CR 603.7: a resolving spell or ability (a mana ability as it is activated, 605.3a) creates
    a delayed triggered ability; its source and controller are that ability's (603.7e)."""
    name = "delayed"
    source: Obj
    ability: AbilityTerm
    player: str

    def apply(self, b):
        b.delayed.append(DelayedTrigger(b.fresh_id("d", {d.id for d in b.delayed}), self.ability.card,
                                        self.ability.line, self.player, self.source.id, self.source.incarnation))

    def details(self):
        return {"object": self.source.id, "player": self.player, "card": self.ability.card, "line": self.ability.line}

    def text(self):
        return f"{self.ability.card} line {self.ability.line} creates a delayed triggered ability ({self.player} controls it)"


@kind("delayed_ends")
@dataclass(frozen=True)
class DelayedEnds(Change):
    """CR 603.7b: a delayed triggered ability triggers only once: it is gone once it triggered."""
    name = "delayed_ends"
    delayed: str

    def apply(self, b):
        b.delayed = [d for d in b.delayed if d.id != self.delayed]

    def text(self):
        return f"delayed triggered ability {self.delayed} has triggered (it triggers only once)"


@kind("life")
@dataclass(frozen=True)
class Life(Change):
    """CR 119: a player's life total now."""
    name = "life"
    player: str
    amount: int

    def apply(self, b):
        b.life[self.player] = self.amount

    def text(self):
        return f"{self.player}'s life is now {self.amount}"


@kind("pool")
@dataclass(frozen=True)
class Pool(Change):
    """CR 106.4: the mana of one type in a player's pool now."""
    name = "pool"
    player: str
    mana: str
    amount: int

    def apply(self, b):
        b.pools.setdefault(self.player, {})[self.mana.upper()] = self.amount

    def details(self):
        return {"player": self.player, "counter": self.mana.upper(), "amount": self.amount}

    def text(self):
        return f"{self.player}'s pool now has {self.amount} {{{self.mana.upper()}}}"


@kind("energy")
@dataclass(frozen=True)
class Energy(Change):
    """CR 107.14: a player's energy counters now."""
    name = "energy"
    player: str
    amount: int

    def apply(self, b):
        b.counts["energy"][self.player] = self.amount

    def text(self):
        return f"{self.player} now has {self.amount} energy"


@kind("poison")
@dataclass(frozen=True)
class Poison(Change):
    """CR 122.1f, 702.90b: a player's poison counters now."""
    name = "poison"
    player: str
    amount: int

    def apply(self, b):
        b.counts["poison"][self.player] = self.amount

    def text(self):
        return f"{self.player} now has {self.amount} poison counter{'s' if self.amount != 1 else ''}"


@kind("count")
@dataclass(frozen=True)
class Count(Change):
    """What a player has done so far, by record: lands played this turn (305.2), spells cast this
    turn (601.2f: a record Damping Sphere counts, not shown), and the turn's other records
    (model.TURN_RECORDS: life gained and lost, cards drawn, ...: read by the cards that count
    them, not shown)."""
    record: str
    player: str
    amount: int

    @property
    def name(self):
        return self.record

    @property
    def logged(self):
        return self.record == "lands_played"

    def apply(self, b):
        b.counts[self.record][self.player] = self.amount

    def details(self):
        return {"player": self.player, "amount": self.amount}

    def text(self):
        what = {"lands_played": "land(s) played this turn", "spells_cast": "spell(s) cast this turn",
                "life_gained": "life gained this turn", "life_lost": "life lost this turn",
                "cards_drawn": "card(s) drawn this turn", "attackers_declared": "creature(s) declared as attackers this turn",
                "permanents_left": "permanent(s) they controlled that left the battlefield this turn",
                "instants_sorceries_cast": "instant and sorcery spell(s) cast this turn",
                "spells_cast_last_turn": "spell(s) cast last turn"}[self.record]
        return f"{self.player} now has {self.amount} {what}"


@kind("commander_cast")
@dataclass(frozen=True)
class CommanderCast(Change):
    """CR 903.8: one more cast of this commander from the command zone (its tax; 702.124d: each
    partner's own)."""
    name = "commander_casts"
    object: Obj
    player: str
    amount: int

    def apply(self, b):
        b.commander_casts[self.object.id] = self.amount

    def text(self):
        return f"{self.player}'s commander {self.object} has now been cast {self.amount} time(s) from the command zone"


@kind("loyalty_used")
@dataclass(frozen=True)
class LoyaltyUsed(Change):
    """CR 606.3: a loyalty ability of the permanent was activated this turn."""
    name = "loyalty_used"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, loyalty_activated=True)

    def text(self):
        return f"{self.object}: a loyalty ability was activated this turn"


@kind("loyalty_unused")
@dataclass(frozen=True)
class LoyaltyUnused(Change):
    """CR 606.3: a new turn: no loyalty ability of the permanent activated this turn yet."""
    name = "loyalty_unused"
    object: Obj

    def apply(self, b):
        b.permanent(self.object.id, loyalty_activated=False)

    def text(self):
        return f"{self.object}: no loyalty ability of it activated this turn yet"


@kind("activations")
@dataclass(frozen=True)
class Activations(Change):
    """CR 602.5b: how many times the permanent's ability on a line was activated this turn (what
    "Activate only once each turn" counts); 0 as a new turn begins."""
    name = "activations"
    object: Obj
    line: int
    amount: int

    def apply(self, b):
        p = next((p for p in b.battlefield if p.id == self.object.id), None)
        if p is None:
            return                      # it left the battlefield (a new object has no record, 400.7)
        rest = tuple((line, n) for line, n in p.activated_this_turn if line != self.line)
        mine = ((self.line, self.amount),) if self.amount else ()
        b.permanent(self.object.id, activated_this_turn=tuple(sorted(rest + mine)))

    def text(self):
        return f"{self.object}: its line {self.line} activated {self.amount} time(s) this turn"


@kind("draw_empty")
@dataclass(frozen=True)
class DrawEmpty(Change):
    """CR 121.4: a player attempted to draw from an empty library."""
    name = "draw_empty"
    player: str

    def apply(self, b):
        if self.player not in b.drew:
            b.drew.append(self.player)

    def text(self):
        return f"{self.player} attempts to draw from an empty library"


@kind("ceases")
@dataclass(frozen=True)
class Ceases(Change):
    """CR 704.5d: a token in a zone other than the battlefield ceases to exist."""
    name = "ceases"
    object: Obj

    def apply(self, b):
        b.zones = [z for z in b.zones if z.id != self.object.id]

    def text(self):
        return f"{self.object} ceases to exist"


@kind("lose")
@dataclass(frozen=True)
class Loses(Change):
    """CR 104.3, 704.5a: a player loses the game."""
    name = "loses"
    player: str

    def apply(self, b):
        if self.player not in b.lost:
            b.lost.append(self.player)

    def text(self):
        return f"{self.player} loses the game"


@kind("trigger")
@dataclass(frozen=True)
class Triggered(Change):
    """CR 603.2: a triggered ability triggers; it waits to be put on the stack. It may refer
    to a spell ("that spell"), a player ("that player") or a creature ("it")."""
    name = "triggered"
    object: Obj
    ability: AbilityTerm
    player: str
    refers: Obj | str | None

    def apply(self, b):
        pid = b.fresh_id("p", {p.id for p in b.pending})
        b.pending.append(StackItem(
            pid, self.player, self.ability.card, self.ability.line, self.object.id, self.object.incarnation,
            granted=self.ability.granted, reflexive=self.ability.reflexive, delayed=self.ability.delayed,
            refers_to=(self.refers.id, self.refers.incarnation) if isinstance(self.refers, Obj) else None,
            refers_player=self.refers if isinstance(self.refers, str) else None))
        b.new_pending.append(pid)

    def details(self):
        out = {"object": self.object.id, "player": self.player, "line": self.ability.line}
        if isinstance(self.refers, Obj):
            out["refers_to"] = self.refers.id
        return out

    def text(self):
        refers = f"; it refers to {self.refers}" if isinstance(self.refers, Obj) else ""
        return f"{self.object}'s line {self.ability.line} ability triggers ({self.player} controls it{refers})"


@kind("remembers")
@dataclass(frozen=True)
class Remembers(Change):
    """CR 608.2h, 113.7a: an object leaving the battlefield, as it last existed there, for the
    abilities it is the source of (on the stack or waiting)."""
    name = "remembers"
    logged = False
    object: Obj
    what: str | tuple
    amount: int

    def apply(self, b):
        what, key = (self.what[0], str(self.what[1])) if isinstance(self.what, tuple) else (self.what, "")
        entry = (what, key, self.amount)

        def remember(item: StackItem) -> StackItem:
            if item.source == self.object.id and item.source_incarnation == self.object.incarnation \
                    and not item.spell:
                return replace(item, lki=tuple(sorted({*item.lki, entry})))
            return item
        b.stack = [remember(s) for s in b.stack]
        b.pending = [remember(p) for p in b.pending]

    def text(self):
        return f"{self.object} as it last existed: {self.what} {self.amount}"


@kind("forget")
@dataclass(frozen=True)
class Forget(Change):
    """CR 704.3: a record kept "since state-based actions were last checked" expires with the
    check (903.9a arrived, 704.5b drew from an empty library, 704.5h dealt deathtouch damage)."""
    name = "forget"
    logged = False
    record: tuple

    def apply(self, b):
        what, who = self.record
        if what == "arrived":
            b.card(who.id, since_check=False)
        elif what == "drew_from_empty":
            b.drew = [p for p in b.drew if p != who]
        elif what == "deathtouch_damaged":
            b.permanent(who.id, deathtouched=False)

    def text(self):
        return f"the record {self.record[0]} of {self.record[1]} expires"


def _out_of_combat() -> dict:
    return {"attacking": None, "attacking_incarnation": None, "blocking": None, "blocking_incarnation": None,
            "blocked": False, "struck_first": False}


def _pins(effect: Effect, object_id: str, incarnation: int) -> tuple[int | None, ...]:
    pins = list(effect.target_incarnations or (None,) * len(effect.targets))
    for i, t in enumerate(effect.targets):
        if t == object_id and pins[i] is None:
            pins[i] = incarnation
    return tuple(pins)


def _nth(n: int) -> str:
    """1st, 2nd, 3rd, 4th ..."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@kind("coin_flip")
@dataclass(frozen=True)
class CoinFlip(Change):
    """CR 705.1: a player flipped a coin: won or lost (705.2; each result is an outcome)."""
    name = "coin_flip"
    player: str
    result: str

    def apply(self, b):
        pass

    def text(self):
        return f"{self.player} flips a coin and {'wins' if self.result == 'won' else 'loses'} the flip"


@kind("die_roll")
@dataclass(frozen=True)
class DieRoll(Change):
    """CR 706.1a: a player rolled a die: its result (each result is an outcome)."""
    name = "die_roll"
    player: str
    result: int

    def apply(self, b):
        pass

    def text(self):
        return f"{self.player} rolls a die: {self.result}"


@kind("shield")
@dataclass(frozen=True)
class ShieldUsed(Change):
    """CR 615.7: a prevention shield has prevented this much damage so far."""
    name = "shield"
    effect: str
    prevented: int

    def apply(self, b):
        b.effects = [replace(e, prevented=self.prevented) if e.id == self.effect else e for e in b.effects]

    def text(self):
        return f"effect {self.effect} has prevented {self.prevented} damage"


@kind("cast_from")
@dataclass(frozen=True)
class CastFrom(Change):
    """CR 601.2a: the zone a spell was cast from, a record of the spell on the stack ("if you cast it
    from your hand", Coal Stoker: 603.4), not shown."""
    name = "cast_from"
    logged = False
    object: Obj
    zone: str

    def apply(self, b):
        b.spell_record(self.object.id, cast_from=self.zone)

    def text(self):
        return f"{self.object} was cast from the {self.zone} zone"


@kind("created_attacking")
@dataclass(frozen=True)
class CreatedAttacking(Change):
    """CR 508.4: the tokens just created enter tapped and attacking ("create a 1/1 red Goblin creature
    token that's tapped and attacking"), attacking the player or planeswalker their controller chose
    (never declared as attackers: 508.1 triggers do not see them)."""
    name = "created_attacking"
    attacked: Obj | str

    def apply(self, b):
        who = self.attacked.id if isinstance(self.attacked, Obj) else self.attacked
        for tid in b.new_tokens:
            if tid in b.entering:
                b.entering[tid] = replace(b.entering[tid], tapped=True, attacking=who, attacking_incarnation=None)

    def details(self):
        if isinstance(self.attacked, Obj):
            return {"planeswalker": self.attacked.id}
        return {"player": self.attacked}

    def text(self):
        what = f"the planeswalker {self.attacked}" if isinstance(self.attacked, Obj) else self.attacked
        return f"  the token enters tapped and attacking {what}"


@kind("colors_spent")
@dataclass(frozen=True)
class ColorsSpent(Change):
    """CR 702.44a, 601.2h: the number of colors of mana spent to cast a spell whose card reads it
    ("for each color of mana spent to cast it": sunburst, converge), a record of the spell on the
    stack, not shown."""
    name = "colors_spent"
    logged = False
    object: Obj
    amount: int

    def apply(self, b):
        b.spell_record(self.object.id, colors_spent=self.amount)

    def text(self):
        return f"{self.amount} color(s) of mana were spent to cast {self.object}"


@kind("city_blessing")
@dataclass(frozen=True)
class CityBlessing(Change):
    """CR 702.131b-c: a player gets the city's blessing (ascend), for the rest of the game."""
    name = "city_blessing"
    player: str

    def apply(self, b):
        if self.player not in b.city_blessing:
            b.city_blessing.append(self.player)

    def text(self):
        return f"{self.player} gets the city's blessing"


@kind("day_night")
@dataclass(frozen=True)
class DayNight(Change):
    """CR 731.1: it becomes day or night (the game's designation; 731.1a: "day becomes night")."""
    name = "day_night"
    value: str

    def apply(self, b):
        b.day_night = self.value

    def text(self):
        return f"it becomes {self.value}"

@kind("transform")
@dataclass(frozen=True)
class Transform(Change):
    """CR 701.27a: the permanent turns over so that its other face `face` is up; it is the same
    object (712.18), with that face's characteristics (712.8d-e). An ability of it already on the
    stack then no longer transforms it (701.27f)."""
    name = "transform"
    object: Obj
    face: str

    def apply(self, b):
        oid = self.object.id
        old = next((p for p in b.battlefield if p.id == oid), None)
        if old is None:
            return
        b.permanent(oid, card=self.face, other_face=old.card, back_face_up=not old.back_face_up)
        b.stack = [replace(s, source_transformed=True) if not s.spell and s.source == oid
                   and s.source_incarnation == self.object.incarnation else s for s in b.stack]
        b.pending = [replace(s, source_transformed=True) if s.source == oid
                     and s.source_incarnation == self.object.incarnation else s for s in b.pending]

    def details(self):
        return {"object": self.object.id, "face": self.face}

    def text(self):
        return f"{self.object} transforms: {self.face} is up"



@kind("spell_remembered")
@dataclass(frozen=True)
class SpellRemembered(Change):
    """CR 603.2, 107.3e, 608.2h: a triggered ability that triggered on a spell being cast (601.2i)
    remembers what its effect reads of that spell, as it triggers: its X (`x`: "put X +1/+1 counters
    on it", Zaxara, the Exemplary: the X of the other object, 107.3e) or the number of its colors
    (`spell_colors`: "for each of that spell's colors", Ramos, Dragon Engine). Of the waiting trigger
    of that ability of that object created in this step (one a step: a step casts one spell)."""
    name = "spell_remembered"
    logged = False
    object: Obj
    ability: AbilityTerm
    what: str
    amount: int

    def apply(self, b):
        def remember(item: StackItem) -> StackItem:
            if item.id not in b.new_pending or item.source != self.object.id or \
                    item.source_incarnation != self.object.incarnation or item.card != self.ability.card or \
                    item.line != self.ability.line:
                return item
            if self.what == "x":
                return replace(item, x=self.amount)
            return replace(item, lki=tuple(sorted({*item.lki, (self.what, "", self.amount)})))
        b.pending = [remember(p) for p in b.pending]

    def text(self):
        return f"{self.object}'s trigger remembers the spell's {self.what}: {self.amount}"


@kind("counters_created")
@dataclass(frozen=True)
class CountersCreated(Change):
    """CR 122.1, 608.2c: counters put on the tokens the same instructions just created ("create a 0/0
    green Hydra creature token, then put X +1/+1 counters on it")."""
    name = "counters_created"
    counter: str
    amount: int

    def apply(self, b):
        for tid in b.new_tokens:
            if tid in b.entering:
                t = b.entering[tid]
                b.entering[tid] = replace(t, counters=add_counters(t.counters, self.counter, self.amount))

    def details(self):
        return {"counter": self.counter, "amount": self.amount}

    def text(self):
        return f"  {self.amount} {self.counter} counter(s) on the token just created"


@kind("tokens_enter_with")
@dataclass(frozen=True)
class TokensEnterWith(Change):
    """CR 614.1c, 111.1: the tokens of card `token` just created (at instruction `at`) enter with
    additional counters by another permanent's replacement effect (`by`: "Each other Angel you control
    enters with an additional +1/+1 counter on it for each Angel you already control", Giada)."""
    name = "tokens_enter_with"
    token: str
    counter: str
    amount: int
    at: int
    by: Obj

    def apply(self, b):
        for tid in b.new_tokens:
            t = b.entering.get(tid)
            if t is not None and t.card == self.token:
                b.entering[tid] = replace(t, counters=add_counters(t.counters, self.counter, self.amount))

    def details(self):
        return {"token": self.token, "counter": self.counter, "amount": self.amount, "by": self.by.id}

    def text(self):
        return f"  each {self.token} created enters with {self.amount} more {self.counter} counter(s) ({self.by})"
@kind("renowned")
@dataclass(frozen=True)
class Renowned(Change):
    """CR 702.112a-b: the permanent becomes renowned (a designation it keeps until it leaves the
    battlefield: a new object is not renowned, 400.7)."""
    name = "renowned"
    object: Obj

    def apply(self, b):
        if any(p.id == self.object.id for p in b.battlefield):
            b.permanent(self.object.id, renowned=True)

    def details(self):
        return {"object": self.object.id}

    def text(self):
        return f"{self.object} becomes renowned"


@kind("monarch")
@dataclass(frozen=True)
class Monarch(Change):
    """CR 725.1, 725.3: a player becomes the monarch; the one who was ceases to be."""
    name = "monarch"
    player: str

    def apply(self, b):
        b.monarch = self.player

    def text(self):
        return f"{self.player} becomes the monarch"


@kind("effect_color")
@dataclass(frozen=True)
class EffectColor(Change):
    """CR 105.3, 608.2d: one of the colors chosen as it resolved for an effect that makes its target
    "the color or colors of your choice" (Scuttlemutt)."""
    name = "effect_color"
    color: str

    def apply(self, b):
        b.set_created(replace(b.created, colors=(*b.created.colors, self.color)))

    def text(self):
        return f"  a color chosen for it: {self.color}"


@kind("effect_land_type")
@dataclass(frozen=True)
class EffectLandType(Change):
    """CR 608.2d, 305.7: the basic land type chosen as it resolved for an effect that makes its target
    "the basic land type of your choice" (Unstable Frontier)."""
    name = "effect_land_type"
    land_type: str

    def apply(self, b):
        b.set_created(replace(b.created, choice=self.land_type))

    def text(self):
        return f"  the basic land type chosen for it: {self.land_type}"
