"""Applying the changes asp/whatif.lp derives to a GameState, giving the next state.

The encoding decides every change and the rule behind it; this module only writes them into
the immutable model: a zone change replaces the object by a new one (next incarnation) in its
new zone, so nothing of the old object comes along unless a change says so (CR 400.7, 122.2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .model import Effect, GameState, Permanent, StackItem, ZoneCard


@dataclass(frozen=True)
class Change:
    """One change that asp/whatif.lp or asp/spells.lp derived (queries/whatif.py _decode names
    every kind): moves | enters_counters | enters_tapped | enters_attached | ceases | unattached |
    loses | stays | exchanged | effect | affects | ..."""
    kind: str
    object: str | None = None
    player: str | None = None
    origin: str | None = None        # moves: the zone it left
    to: str | None = None            # moves / stays: the zone it goes (or would go) to
    controller: str | None = None    # moves to the battlefield: under whose control
    counter: str | None = None       # a counter kind; exiled_with / enters_attached / blocks /
                                     # attacks (a planeswalker): the other object
    amount: int = 0                  # counters / loyalty / a stack ability's line / a target's index
    card: str | None = None          # push: the card whose line defines the ability
    incarnation: int = 0             # push: the source's; target: the target object's
    lki: tuple[tuple[str, int], ...] = ()   # triggered: the source's counters as it last existed
    refers: tuple[str, int] | None = None   # triggered: "that spell" (id, incarnation)
    refers_player: str | None = None        # triggered: "that player"
    granted: bool = False                   # triggered: the ability is one its source was granted


def apply(state: GameState, changes: list[Change]) -> GameState:
    """The state after all `changes`, performed at once (CR 704.3 for state-based actions)."""
    battlefield = list(state.battlefield)
    zones = list(state.zones)
    effects = list(state.effects)
    lost = list(state.lost)
    drew = list(state.drew_from_empty)
    stamp = max([p.timestamp for p in battlefield] + [e.timestamp for e in effects] + [0])
    entering: dict[str, Permanent] = {}
    stack = list(state.stack)
    pending = list(state.pending)
    counts = {"energy": dict(state.energy), "land_played": dict(state.lands_played),
              "commander_cast": dict(state.commander_casts), "spell_cast": dict(state.spells_cast)}
    life = dict(state.life)
    pools = dict(state.mana_pool)
    pushed = None
    created = None
    turn = state.turn
    new_tokens: list[str] = []
    for ch in changes:
        if ch.kind == "effect":
            stamp += 1
            ids = {e.id for e in effects}
            eid = next(f"e{n}" for n in range(1, len(ids) + 2) if f"e{n}" not in ids)
            created = Effect(eid, ch.card, ch.amount, ch.player, ch.object, stamp, since_turn=state.turn.number)
            effects.append(created)
        elif ch.kind in ("affects", "gains"):
            created = replace(created, targets=(*created.targets, ch.object),
                              gainers=(*created.gainers, *(((ch.object, ch.player),) if ch.kind == "gains" else ())))
            effects[-1] = created
        elif ch.kind == "effect_choice":        # 608.2d: the color chosen as it resolved
            created = replace(created, choice=ch.counter)
            effects[-1] = created
        elif ch.kind == "exchanged":
            # CR 701.12b: who controlled the target as the exchange resolved
            created = replace(created, exchanged_from=(*created.exchanged_from, (ch.object, ch.player)))
            effects[-1] = created
        elif ch.kind == "leaves_game":
            battlefield = [p for p in battlefield if p.id != ch.object]
            zones = [z for z in zones if z.id != ch.object]
            stack = [t for t in stack if not (t.spell and t.source == ch.object)]
        elif ch.kind == "push":
            ids = {s.id for s in stack}
            sid = next(f"s{n}" for n in range(1, len(ids) + 2) if f"s{n}" not in ids)
            pushed = StackItem(sid, ch.player, ch.card, ch.amount, ch.object, ch.incarnation, granted=ch.granted)
            stack.append(pushed)
        elif ch.kind == "target":
            target = ("player", ch.player, 0) if ch.player else ("object", ch.object, ch.incarnation)
            pushed = replace(pushed, targets=(*pushed.targets, target))
            stack[-1] = pushed
        elif ch.kind == "cast":
            card = next(z for z in zones if z.id == ch.object)
            zones = [z for z in zones if z.id != ch.object]
            pushed = StackItem(ch.object, ch.player, card.card, 0, ch.object, card.incarnation + 1,
                               spell=True, x=None if ch.amount < 0 else ch.amount, owner=card.owner)
            stack.append(pushed)
            counts["spell_cast"][ch.player] = counts["spell_cast"].get(ch.player, 0) + 1
        elif ch.kind == "flashback":
            stack = [replace(t, flashback=True) if t.spell and t.source == ch.object else t for t in stack]
        elif ch.kind == "counters":
            battlefield = [replace(p, counters=tuple(sorted(
                (*((k, n) for k, n in p.counters if k != ch.counter), *(((ch.counter, ch.amount),) if ch.amount else ())))))
                if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "create_token":
            # CR 111.1: new objects on the battlefield under the controller's control; their ids
            # are the token's name in snake case, numbered like the state file's own.
            taken = {p.id for p in battlefield} | {z.id for z in zones} | set(entering)
            base = ch.card.lower().replace(" ", "_")
            for _ in range(ch.amount):
                n = 1
                while (tid := base if n == 1 else f"{base}_{n}") in taken:
                    n += 1
                taken.add(tid)
                new_tokens.append(tid)
                stamp += 1
                entering[tid] = Permanent(tid, ch.card, ch.player, ch.player, token=True, timestamp=stamp,
                                          since_turn=state.turn.number)
        elif ch.kind == "damage":
            battlefield = [replace(p, damage=ch.amount) if p.id == ch.object else p for p in battlefield]
        elif ch.kind in ("tap", "untap"):
            battlefield = [replace(p, tapped=ch.kind == "tap") if p.id == ch.object else p for p in battlefield]
        elif ch.kind in ("energy", "land_played", "commander_cast"):
            counts[ch.kind][ch.player] = ch.amount if ch.kind == "energy" else \
                counts[ch.kind].get(ch.player, 0) + 1
        elif ch.kind == "triggered":
            pending.append(StackItem("", ch.player, ch.card, ch.amount, ch.object, ch.incarnation,
                                     lki_counters=ch.lki, refers_to=ch.refers, granted=ch.granted,
                                     refers_player=ch.refers_player))
        elif ch.kind == "step":
            turn = replace(turn, step=ch.to)
        elif ch.kind == "attacks":
            battlefield = [replace(p, attacking=ch.player or ch.counter, attacking_incarnation=None)
                           if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "blocks":
            battlefield = [replace(p, blocking=ch.counter) if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "attaches":
            # CR 701.3a: it is put onto that object (the object there now)
            battlefield = [replace(p, attached_to=ch.counter, attached_incarnation=None) if p.id == ch.object else p
                           for p in battlefield]
        elif ch.kind == "struck_first":
            battlefield = [replace(p, struck_first=True) if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "deathtouched":
            battlefield = [replace(p, deathtouched=True) if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "becomes_blocked":
            battlefield = [replace(p, blocked=True) if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "turn":
            turn = replace(turn, number=ch.amount, active=ch.player)
        elif ch.kind == "new_turn_records":
            counts["land_played"] = {}
            counts["spell_cast"] = {}
            battlefield = [replace(p, loyalty_activated=False) if p.loyalty_activated else p for p in battlefield]
        elif ch.kind == "removed_from_combat":
            battlefield = [replace(p, attacking=None, attacking_incarnation=None, blocking=None, blocked=False, struck_first=False)
                           if p.id == ch.object else p
                           for p in battlefield]
        elif ch.kind == "combat_ends":
            battlefield = [replace(p, attacking=None, attacking_incarnation=None, blocking=None, blocked=False, struck_first=False)
                           for p in battlefield]
        elif ch.kind == "effect_ends":
            effects = [e for e in effects if e.id != ch.counter]
        elif ch.kind == "life":
            life[ch.player] = ch.amount
        elif ch.kind == "pool":
            pools = dict(pools)
            mine = dict(pools.get(ch.player, ()))
            mine[ch.counter] = ch.amount
            pools[ch.player] = tuple(sorted((t, n) for t, n in mine.items() if n))
        elif ch.kind == "pop":
            stack = [s for s in stack if s.id != ch.object]
        elif ch.kind == "loyalty":
            battlefield = [replace(p, counters=tuple(sorted(
                (*((k, n) for k, n in p.counters if k != "loyalty"), *((("loyalty", ch.amount),) if ch.amount else ())))))
                if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "loyalty_used":
            battlefield = [replace(p, loyalty_activated=True) if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "moves":
            old_perm = next((p for p in battlefield if p.id == ch.object), None)
            old_card = next((z for z in zones if z.id == ch.object), None)
            spell = next((s for s in stack if s.spell and s.source == ch.object), None)
            if spell is not None:       # a spell leaves the stack: its card moves on (608.3a, 608.2n)
                stack = [s for s in stack if s is not spell]
                old_card = ZoneCard(spell.source, spell.card, spell.owner, "stack", 0,
                                    incarnation=spell.source_incarnation)
            old = old_perm or old_card
            inc = old.incarnation
            # What was attached to the object, and effects that targeted it, keep pointing
            # at the object that left (400.7): pin them to its incarnation.
            battlefield = [p if p.attached_to != ch.object or p.attached_incarnation is not None
                           else replace(p, attached_incarnation=inc) for p in battlefield]
            battlefield = [p if p.attacking != ch.object or p.attacking_incarnation is not None
                           else replace(p, attacking_incarnation=inc) for p in battlefield]
            effects = [e if ch.object not in e.targets else
                       replace(e, target_incarnations=_pins(e, state, ch.object, inc)) for e in effects]
            battlefield = [p for p in battlefield if p.id != ch.object]
            # CR 506.4: a permanent that leaves the battlefield is removed from combat; what
            # blocked it is no longer blocking (the attacker it blocked stays blocked, 509.1h).
            battlefield = [replace(p, blocking=None) if p.blocking == ch.object else p for p in battlefield]
            zones = [z for z in zones if z.id != ch.object]
            token = old.token
            if ch.to == "battlefield":
                stamp += 1
                entering[ch.object] = Permanent(
                    ch.object, old.card, ch.controller, old.owner, token=token, timestamp=stamp,
                    incarnation=inc + 1, since_turn=state.turn.number)
            else:
                position = 0 if ch.to == "library" else \
                    sum(1 for z in zones if z.zone == ch.to and z.owner == old.owner)
                if ch.to == "library":
                    zones = [replace(z, position=z.position + 1)
                             if z.zone == "library" and z.owner == old.owner else z for z in zones]
                zones.append(ZoneCard(ch.object, old.card, old.owner, ch.to, position,
                                      incarnation=inc + 1, token=token, since_check=True))
    for ch in changes:
        if ch.kind == "instead":
            # CR 903.9b: put into the command zone instead of the hand or library
            position = sum(1 for z in zones if z.zone == "command" and z.owner == _owner(zones, ch.object))
            zones = [replace(z, zone="command", position=position) if z.id == ch.object else z for z in zones]
        elif ch.kind == "affects_created":
            # "That token gains ...": the effect just created affects the tokens just created.
            created = replace(created, targets=(*created.targets, *new_tokens))
            effects = [created if e.id == created.id else e for e in effects]
        elif ch.kind == "enters_counters":
            p = entering[ch.object]
            entering[ch.object] = replace(p, counters=tuple(sorted((*p.counters, (ch.counter, ch.amount)))))
        elif ch.kind == "enters_tapped":
            entering[ch.object] = replace(entering[ch.object], tapped=True)
        elif ch.kind == "enters_attached":
            # CR 608.3c: an Aura enters attached to the object it targeted (the one there now)
            entering[ch.object] = replace(entering[ch.object], attached_to=ch.counter)
        elif ch.kind == "ceases":
            zones = [z for z in zones if z.id != ch.object]
        elif ch.kind == "face_down":
            zones = [replace(z, face_down=True) if z.id == ch.object else z for z in zones]
        elif ch.kind in ("playable", "playable_this_turn", "unplayable"):
            zones = [replace(z, playable_by=ch.player if ch.kind != "unplayable" else None,
                             playable_this_turn=ch.kind == "playable_this_turn")
                     if z.id == ch.object else z for z in zones]
        elif ch.kind == "exiled_with":
            zones = [replace(z, exiled_with=(ch.counter, ch.incarnation)) if z.id == ch.object else z
                     for z in zones]
        elif ch.kind == "unattached":
            battlefield = [replace(p, attached_to=None, attached_incarnation=None)
                           if p.id == ch.object else p for p in battlefield]
        elif ch.kind == "draw_empty" and ch.player not in drew:
            drew.append(ch.player)
        elif ch.kind == "loses" and ch.player not in lost:
            lost.append(ch.player)
    battlefield += entering.values()
    # A library is an ordered pile (401.1): positions count from the top with no gaps.
    ranks: dict[str, int] = {}
    for z in sorted((z for z in zones if z.zone == "library"), key=lambda z: (z.owner, z.position)):
        rank = ranks.get(z.owner, 0)
        ranks[z.owner] = rank + 1
        if z.position != rank:
            zones = [replace(y, position=rank) if y is z else y for y in zones]
    return replace(state, turn=turn, battlefield=tuple(battlefield), zones=tuple(zones), effects=tuple(effects),
                   lost=tuple(lost), drew_from_empty=tuple(drew), stack=tuple(stack), pending=tuple(pending),
                   energy=_counts(state, counts["energy"]), lands_played=_counts(state, counts["land_played"]),
                   commander_casts=_counts(state, counts["commander_cast"]),
                   spells_cast=_counts(state, counts["spell_cast"]),
                   life=tuple((p, life[p]) for p, _ in state.life),
                   mana_pool=tuple(sorted((p, v) for p, v in pools.items() if v)))


def _owner(zones: list[ZoneCard], object_id: str) -> str:
    return next(z.owner for z in zones if z.id == object_id)


def checked(state: GameState) -> GameState:
    """The state once state-based actions have been checked: nothing in it was put into its zone
    since the last check any more (CR 704.3, for 903.9a), no player attempted to draw from an
    empty library since (704.5b), and no creature was dealt damage by deathtouch since (704.5h)."""
    if not any(z.since_check for z in state.zones) and not state.drew_from_empty \
            and not any(p.deathtouched for p in state.battlefield):
        return state
    return replace(state, zones=tuple(replace(z, since_check=False) if z.since_check else z
                                      for z in state.zones), drew_from_empty=(),
                   battlefield=tuple(replace(p, deathtouched=False) if p.deathtouched else p
                                     for p in state.battlefield))


def _counts(state: GameState, values: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((p, values[p]) for p in state.players if values.get(p))


def _pins(effect, state: GameState, object_id: str, incarnation: int) -> tuple[int | None, ...]:
    pins = list(effect.target_incarnations or (None,) * len(effect.targets))
    for i, t in enumerate(effect.targets):
        if t == object_id and pins[i] is None:
            pins[i] = incarnation
    return tuple(pins)
