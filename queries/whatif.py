"""what-if: step through a game. Each action is one step; asp/whatif.lp derives what it
changes (every way it can go is its own branch), then the state-based actions the new state
calls for, performed at once and checked again until none apply (CR 704.3). The result is
every distinct resulting state, as what changed against the start, with the CR rules behind
each change.

Action syntax (one string per step; ids are the state's object ids):
    move ID to ZONE      an event from outside the game's rules moves the object
                         (ZONE: battlefield, hand, graveyard, exile, library = its top, command)
    bounce ID            = move ID to hand        exile ID  = move ID to exile
    flicker ID           exile it, then return it to the battlefield, in one step (no
                         state-based actions in between)
    activate ID LINE [from SOURCE] [targeting T ...]
                         its controller activates the ability on oracle line LINE (or, for a
                         loyalty ability, LINE may be its cost: +1, -1, -6; for a basic land
                         type's mana ability, the type: forest; with `from SOURCE`, the ability
                         line LINE of permanent SOURCE grants it); targets are object ids or player
                         names; without them every legal choice is an outcome. A mana ability
                         does not use the stack: its mana goes to the pool at once (605.3a)
    cast ID [x=N] [targeting T ...]
                         its owner casts the card, paying its cost (X = N) from their mana pool
                         (the state's mana_pool); every way to pay that leaves a different pool
                         is an outcome
    play ID              its owner plays the land card (305.1, 116.2a)
    resolve [choosing left|right]
                         the top of the stack resolves (the direction, for a choice of one)
    leave PLAYER         the player leaves the game (concedes, 104.3a; 800.4a)
    counters ID KIND N   an event from outside the game puts N counters of KIND on the permanent
    next step            every player passes with the stack empty: the game moves to the next
                         step (500.2), mana empties (500.5), "at the beginning of" abilities
                         trigger (500.6); entering the combat damage step deals combat damage
                         (510.2); after the cleanup step (514.2) the next player's turn
                         begins: untap (502.3), upkeep, and the draw step's draw (504.1)
    attack ID [ID ...] [at PLAYER] [ID ... at PLAYER ...]
                         from the beginning of combat step: the active player declares these
                         attackers (508.1), each attacking the player or planeswalker named
                         after it (508.1b; with one opponent, that opponent)
    block BLOCKER ATTACKER [BLOCKER ATTACKER ...] | block none
                         from the declare attackers step: the defending player declares blockers
                         (509.1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

import clingo

from ..translator.decode import object_id
from ..translator.delta import Change, apply, checked
from ..translator.errors import InputError, SolverError
from ..translator.model import ZONES, GameState
from ..translator.render import obj
from .common import colors, controllers, outcome_parts
from .core import Answer, Solver
from .result import Cited, explain_lines

MAX_BRANCHES = 256
MAX_SBA_ROUNDS = 50
MOVE_ZONES = ("battlefield", *ZONES)
# The part of asp/ with the rules of each kind of step (besides action(q), common to all).
STEP_PARTS = {"move": "act_move", "activate": "act_activate", "cast": "act_cast", "play": "act_play",
              "trigger": "act_trigger", "resolve": "act_resolve", "counters": "act_counters",
              "leave": "act_leave", "next": "act_combat", "attack": "act_combat", "block": "act_combat"}
ACTIONS = ("move ID to ZONE, bounce ID, exile ID, flicker ID, activate ID LINE [from SOURCE] [targeting T ...], "
           "cast ID [x=N] [targeting T ...], play ID, resolve [choosing left|right], leave PLAYER, "
           "counters ID KIND N, next step, attack ID [ID ...] [at PLAYER|PLANESWALKER], "
           "block BLOCKER ATTACKER [BLOCKER ATTACKER ...] | block none")


@dataclass(frozen=True)
class Step:
    text: str
    events: tuple[tuple, ...]     # ("move", id, zone) | ("activate", id, line, targets) | ("cast", id,
                                  # x, targets) | ("play", id) | ("counters", id, kind, n) |
                                  # ("leave", player) | ("resolve", direction or None) |
                                  # ("next",) | ("attack", ((id, player or None), ...)) |
                                  # ("block", ((blocker, attacker), ...))


@dataclass(frozen=True)
class Logged:
    step: int
    change: Change
    rules: tuple[tuple[str, str], ...]           # (CR rule, reason)
    sba: bool = False

    def to_json(self) -> dict:
        c = self.change
        out: dict = {"step": self.step, "change": c.kind}
        for key in ("object", "player", "origin", "to", "controller", "counter"):
            value = getattr(c, key)
            if value is not None:
                out["from" if key == "origin" else key] = value
        if c.kind in ("enters_counters", "loyalty", "pool", "life", "energy", "damage", "counters", "turn"):
            out["amount"] = c.amount
        elif c.kind == "effect":
            out["card"], out["line"] = c.card, c.amount
        elif c.kind == "create_token":
            out["token"], out["amount"] = c.card, c.amount
        elif c.kind == "direction":
            out["direction"] = out.pop("counter")
        elif c.kind in ("triggered", "removed"):
            out["line"] = c.amount
            out.pop("counter", None)
            if c.kind == "triggered" and c.refers:     # "that spell", "it": the object it refers to
                out["refers_to"] = c.refers[0]
        elif c.kind == "exiled_with":
            out["with"] = out.pop("counter")
        elif c.kind == "blocks":
            out["blocking"] = out.pop("counter")
        elif c.kind == "attacks" and c.counter:     # a planeswalker (508.1b)
            out["planeswalker"] = out.pop("counter")
        elif c.kind == "prevented":
            out["to"] = out.pop("counter", None) or out.pop("player")
        elif c.kind == "effect_ends":
            out["effect"] = out.pop("counter")
        elif c.kind == "effect_choice":
            out["color"] = out.pop("counter")
        elif c.kind in ("enters_attached", "attaches"):
            out["attached_to"] = out.pop("counter")
        elif c.kind == "cast" and c.amount >= 0:
            out["x"] = c.amount
        elif c.kind == "push":
            out["line"] = c.amount
        elif c.kind == "target":
            out["index"] = c.amount
        if self.sba:
            out["state_based_action"] = True
        out["rules"] = sorted({r for r, _ in self.rules})
        return out

    def to_text(self) -> str:
        c = self.change
        what = {
            "moves": lambda: f"{c.object}: {c.origin} -> {c.to}" + (
                f" under {c.controller}'s control" if c.controller else "") + " (a new object)",
            "enters_counters": lambda: f"{c.object} enters with {c.amount} {c.counter} counter(s)",
            "enters_tapped": lambda: f"{c.object} enters tapped",
            "enters_attached": lambda: f"{c.object} enters attached to {c.counter}",
            "exchanged": lambda: f"  {c.player} controlled {c.object} as the exchange resolved",
            "ceases": lambda: f"{c.object} ceases to exist",
            "unattached": lambda: f"{c.object} becomes unattached",
            "loses": lambda: f"{c.player} loses the game",
            "draw_empty": lambda: f"{c.player} attempts to draw from an empty library",
            "stays": lambda: f"{c.object} stays where it is (would have moved to {c.to})",
            "loyalty": lambda: f"{c.object} now has {c.amount} loyalty",
            "loyalty_used": lambda: f"{c.object}: a loyalty ability was activated this turn",
            "push": lambda: f"{c.player} puts {c.object}'s line {c.amount} ability on the stack",
            "target": lambda: f"  targeting {c.object or c.player}",
            "pop": lambda: f"the ability {c.object} leaves the stack",
            "removed": lambda: f"{c.object}'s line {c.amount} ability has no legal target: removed",
            "effect": lambda: f"{c.card} line {c.amount} creates a continuous effect ({c.player} controls it)",
            "affects": lambda: f"  it affects {c.object}",
            "gains": lambda: f"  {c.player} gains control of {c.object}",
            "direction": lambda: f"the direction chosen is {c.counter}",
            "leaves_game": lambda: f"{c.object} leaves the game",
            "damage": lambda: f"{c.object} now has {c.amount} damage marked",
            "counters": lambda: f"{c.object} now has {c.amount} {c.counter} counter(s)",
            "create_token": lambda: f"{c.player} creates {c.amount} {c.card} token(s)",
            "face_down": lambda: f"{c.object} is face down: no player may look at it",
            "exiled_with": lambda: f"{c.object} is linked to {c.counter} (exiled with it)",
            "life": lambda: f"{c.player}'s life is now {c.amount}",
            "tap": lambda: f"{c.object} becomes tapped",
            "untap": lambda: f"{c.object} becomes untapped",
            "flashback": lambda: f"{c.object} is cast with flashback",
            "playable": lambda: f"{c.player} may play {c.object} from exile",
            "playable_this_turn": lambda: f"{c.player} may play {c.object} from exile this turn",
            "unplayable": lambda: f"{c.object} may no longer be played",
            "energy": lambda: f"{c.player} now has {c.amount} energy",
            "land_played": lambda: f"{c.player} has played a land this turn",
            "commander_cast": lambda: f"{c.player} cast their commander from the command zone once more",
            "triggered": lambda: f"{c.object}'s line {c.amount} ability triggers ({c.player} controls it"
                                 + (f"; it refers to {c.refers[0]})" if c.refers else ")"),
            "cast": lambda: f"{c.player} casts {c.object}" + (f" with X = {c.amount}" if c.amount >= 0 else ""),
            "pool": lambda: f"{c.player}'s pool now has {c.amount} {{{c.counter}}}",
            "step": lambda: f"the game moves to the {c.to.replace('_', ' ')} step",
            "effect_choice": lambda: f"  the color chosen for it: {c.counter}",
            "attacks": lambda: f"{c.object} attacks {c.player or 'the planeswalker ' + str(c.counter)}",
            "blocks": lambda: f"{c.object} blocks {c.counter}",
            "becomes_blocked": lambda: f"{c.object} becomes blocked",
            "deathtouched": lambda: f"{c.object} was dealt damage by a source with deathtouch",
            "struck_first": lambda: f"{c.object} deals its combat damage in the first-strike step",
            "attaches": lambda: f"{c.object} becomes attached to {c.counter}",
            "prevented": lambda: f"combat damage {c.object} would deal to {c.counter or c.player} is prevented",
            "combat_ends": lambda: "every creature is removed from combat",
            "removed_from_combat": lambda: f"{c.object} is removed from combat",
            "turn": lambda: f"turn {c.amount} begins: {c.player}'s",
            "new_turn_records": lambda: "no land played and no loyalty ability activated this turn yet",
            "effect_ends": lambda: f"effect {c.counter} ends",
            "affects_created": lambda: "  it affects the token just created",
            "instead": lambda: f"{c.object} is put into the {c.to} zone instead",
        }[c.kind]()
        tag = "state-based action: " if self.sba else ""
        rules = "; ".join(f"CR {r}: {t}" for r, t in sorted(set(self.rules)))
        return f"step {self.step}: {tag}{what}  [{rules}]"


@dataclass(frozen=True)
class Result:
    changes: tuple[Logged, ...]
    state: GameState = field(compare=False)
    illegal: Illegal | None = None      # the branch stopped: an action could not be taken
    controllers: dict = field(default_factory=dict, compare=False)   # layer 2's, at the end
    start_controllers: dict = field(default_factory=dict, compare=False)
    colors: dict = field(default_factory=dict, compare=False)        # layer 5's, at the end
    start_colors: dict = field(default_factory=dict, compare=False)

    def to_json(self, start: GameState) -> dict:
        out = {"changes": [c.to_json() for c in self.changes], "after": self.after(start)}
        if self.illegal:
            out["illegal"] = {"step": self.illegal.step, "action": self.illegal.action,
                              "rules": sorted({r for r, _ in self.illegal.why}),
                              "why": [t for _, t in self.illegal.why]}
        return out

    def after(self, start: GameState) -> dict:
        """The objects and players that differ from the start, as they are now."""
        def view(s: GameState, controllers: dict) -> dict:
            out = {}
            for p in s.battlefield:
                # who controls it after layer 2 (613.1b), as the encodings decided
                v = {"zone": "battlefield", "controller": controllers.get(p.id, p.controller),
                     "incarnation": p.incarnation}
                if p.tapped:
                    v["tapped"] = True
                if p.counters:
                    v["counters"] = dict(p.counters)
                if p.damage:
                    v["damage"] = p.damage
                v["attached_to"] = p.attached_to if p.attached_to and p.attached_incarnation is None else None
                for key in ("attacking", "blocking"):
                    if getattr(p, key):
                        v[key] = getattr(p, key)
                if p.blocked:
                    v["blocked"] = True
                out[p.id] = v
            for t in s.stack:
                if t.spell:
                    out[t.source] = {"zone": "stack", "incarnation": t.source_incarnation}
            for z in s.zones:
                v = {"zone": z.zone, "incarnation": z.incarnation}
                if z.zone == "library":
                    v["position"] = z.position
                if z.face_down:
                    v["face_down"] = True       # 406.3: no player may look at it
                    v["visible_to"] = []
                if z.playable_by:
                    v["playable_by"] = z.playable_by
                if z.playable_this_turn:
                    v["playable_this_turn"] = True
                if z.exiled_with:
                    # 607.2a: linked to that object; once it has left, to nothing that exists
                    wid, winc = z.exiled_with
                    v["exiled_with"] = wid if s.incarnations().get(wid) == winc else f"{wid} (gone)"
                out[z.id] = v
            return out
        before, now = view(start, self.start_controllers), view(self.state, self.controllers)
        # Colors after layer 5 (613.1e): of a permanent that stayed the same object, when they
        # changed (an effect that colored it began or ended: Celestial Dawn left); of a new one,
        # when an effect makes them other than printed (it entered under Celestial Dawn).
        for oid, n in now.items():
            b = before.get(oid)
            colors, printed = self.colors.get(oid, ((), ()))
            if n["zone"] != "battlefield":
                continue
            if b is not None and b["zone"] == "battlefield" and b["incarnation"] == n["incarnation"]:
                if self.start_colors.get(oid, ((), ()))[0] != colors:
                    b["colors"], n["colors"] = list(self.start_colors[oid][0]), list(colors)
            elif colors != printed:
                n["colors"] = list(colors)
        diff = {}
        for oid in sorted(set(before) | set(now), key=lambda i: (i not in before, i)):
            if before.get(oid) != now.get(oid):
                # gone: a token that ceased to exist, or an object that left the game (800.4a)
                diff[oid] = now.get(oid, {"zone": None, "gone": True})
                if oid in now:
                    diff[oid] = dict(diff[oid])
                    if diff[oid].get("attached_to", 0) is None and not before.get(oid, {}).get("attached_to"):
                        diff[oid].pop("attached_to")
                    if now[oid]["incarnation"] != before.get(oid, {}).get("incarnation", -1):
                        diff[oid]["new_object"] = True
                    diff[oid].pop("incarnation")
        if self.state.turn != start.turn:
            diff["turn"] = {"number": self.state.turn.number, "active": self.state.turn.active,
                            "step": self.state.turn.step}
        if self.state.effects != start.effects:
            gone = sorted({e.id for e in start.effects} - {e.id for e in self.state.effects})
            if gone:
                diff["effects_ended"] = gone
        for p in self.state.lost:
            if p not in start.lost:
                diff.setdefault(f"player {p}", {})["lost"] = True
        if self.state.stack != start.stack:
            diff["stack"] = [{"id": t.id, "source": t.source, "line": t.line, "controller": t.controller,
                              **({"spell": True} if t.spell else {}),
                              "targets": [name for _, name, _ in t.targets],
                              **({"refers_to": t.refers_to[0]} if t.refers_to else {})} for t in self.state.stack]
        for key, now_, then in (("energy", self.state.energy, start.energy),
                                ("lands_played", self.state.lands_played, start.lands_played)):
            for p in start.players:
                if dict(now_).get(p, 0) != dict(then).get(p, 0):
                    diff.setdefault(f"player {p}", {})[key] = dict(now_).get(p, 0)
        for p, n in self.state.life:
            if dict(start.life).get(p) != n:
                diff.setdefault(f"player {p}", {})["life"] = n
        pools, before_pools = dict(self.state.mana_pool), dict(start.mana_pool)
        for p in start.players:
            if pools.get(p, ()) != before_pools.get(p, ()):
                diff.setdefault(f"player {p}", {})["mana_pool"] = "".join(
                    f"{{{t}}}" * n for t, n in sorted(pools.get(p, ()), key=lambda tn: "WUBRGC".index(tn[0])))
        return diff


@dataclass(frozen=True)
class WhatIf:
    start: GameState
    actions: tuple[str, ...]
    results: tuple[Result, ...]
    # permanents with a triggered ability written as text only, in a state the what-if went
    # through: whether and when it triggered is not considered (object id, card, oracle line)
    not_modelled: tuple[tuple[str, str, int], ...] = ()
    explain: bool = False

    def to_json(self) -> dict:
        out = {"actions": list(self.actions), "outcomes": [r.to_json(self.start) for r in self.results]}
        if self.not_modelled:
            out["not_modelled"] = [{"object": o, "card": c, "line": n, "why": NOT_MODELLED_TRIGGER}
                                   for o, c, n in self.not_modelled]
        return out

    def rules(self) -> list[Cited]:
        """The rules behind each change, about the object or player it changes (or, for a
        change of the game as a whole, its kind), and those that make an action illegal."""
        cited = {Cited(_subject(c.change), rule, text)
                 for r in self.results for c in r.changes for rule, text in c.rules}
        cited |= {Cited("illegal", rule, text) for r in self.results if r.illegal for rule, text in r.illegal.why}
        return sorted(cited, key=lambda c: (c.rule, c.text, c.about))

    def to_text(self) -> str:
        text = self._text()
        if not self.explain:
            return text
        return "\n".join([text, *explain_lines(sorted(self.rules(), key=lambda c: (c.rule, c.text)))])

    def _text(self) -> str:
        n = len(self.results)
        lines = [f"{n} distinct outcome{'s' if n != 1 else ''} of: " + "; ".join(self.actions)]
        for k, r in enumerate(self.results, 1):
            lines.append(f"  outcome {k}:")
            lines += [f"    {c.to_text()}" for c in r.changes] or ["    nothing changes"]
            if r.illegal:
                why = "; ".join(f"CR {rule}: {t}" for rule, t in r.illegal.why)
                lines.append(f"    step {r.illegal.step}: {r.illegal.action} cannot be taken  [{why}]")
            for oid, v in r.after(self.start).items():
                lines.append(f"    now {oid}: {v}")
        for o, c, n in self.not_modelled:
            lines.append(f"  not modelled: {o} ({c}) line {n}: {NOT_MODELLED_TRIGGER}")
        return "\n".join(lines)


def _subject(c: Change) -> str:
    return c.object or (f"player {c.player}" if c.player else c.kind)


NOT_MODELLED_TRIGGER = ("a triggered ability written as text only: whether and when it triggered "
                        "is not considered in these outcomes")


def parse_action(text: str, index: int, where: str = "--do") -> Step:
    words = text.split()
    field_ = f"[{index}]"

    def bad(message: str) -> InputError:
        return InputError(where, field_, f"{text!r}: {message}")

    if not words:
        raise bad(f"an empty action; actions are: {ACTIONS}")
    verb = words[0].lower()
    if verb == "move":
        if len(words) != 4 or words[2].lower() != "to":
            raise bad("write it as: move ID to ZONE")
        zone = words[3].lower()
        if zone not in MOVE_ZONES:
            raise bad(f"unknown zone {zone!r}; zones are {', '.join(MOVE_ZONES)}")
        return Step(text, (("move", words[1], zone),))
    if verb in ("bounce", "exile", "flicker"):
        if len(words) != 2:
            raise bad(f"write it as: {verb} ID")
        oid = words[1]
        events = {"bounce": (("move", oid, "hand"),), "exile": (("move", oid, "exile"),),
                  "flicker": (("move", oid, "exile"), ("move", oid, "battlefield"))}[verb]
        return Step(text, events)
    if verb == "play":
        if len(words) != 2:
            raise bad("write it as: play ID")
        return Step(text, (("play", words[1]),))
    if verb == "resolve":
        if len(words) == 1:
            return Step(text, (("resolve", None),))
        if len(words) != 3 or words[1].lower() != "choosing" or words[2].lower() not in ("left", "right"):
            raise bad("write it as: resolve [choosing left|right]")
        return Step(text, (("resolve", words[2].lower()),))
    if verb == "counters":
        if len(words) != 4 or not words[3].isdigit() or int(words[3]) < 1:
            raise bad("write it as: counters ID KIND N (N a positive number)")
        return Step(text, (("counters", words[1], words[2], int(words[3])),))
    if verb == "next":
        if len(words) != 2 or words[1].lower() != "step":
            raise bad("write it as: next step")
        return Step(text, (("next",),))
    if verb == "attack":
        pairs: list[tuple[str, str | None]] = []
        pending: list[str] = []
        rest = words[1:]
        i = 0
        while i < len(rest):
            if rest[i].lower() == "at":
                if i + 1 >= len(rest) or not pending:
                    raise bad("write it as: attack ID [ID ...] [at PLAYER] (creatures before each 'at PLAYER')")
                pairs += [(o, rest[i + 1]) for o in pending]
                pending, i = [], i + 2
                continue
            pending.append(rest[i])
            i += 1
        pairs += [(o, None) for o in pending]
        if not pairs:
            raise bad("write it as: attack ID [ID ...] [at PLAYER]")
        ids = [o for o, _ in pairs]
        if len(set(ids)) != len(ids):
            raise bad("a creature is declared as an attacker once")
        return Step(text, (("attack", tuple(pairs)),))
    if verb == "block":
        rest = words[1:]
        if [w.lower() for w in rest] == ["none"]:
            return Step(text, (("block", ()),))
        if not rest or len(rest) % 2:
            raise bad("write it as: block BLOCKER ATTACKER [BLOCKER ATTACKER ...], or block none")
        return Step(text, (("block", tuple(zip(rest[::2], rest[1::2]))),))
    if verb == "leave":
        if len(words) != 2:
            raise bad("write it as: leave PLAYER")
        return Step(text, (("leave", words[1]),))
    if verb == "cast":
        rest = words[2:]
        x = None
        if rest and rest[0].lower().startswith("x="):
            value = rest[0][2:]
            if not value.isdigit():
                raise bad("x= takes a number, like x=3")
            x, rest = int(value), rest[1:]
        if len(words) < 2 or (rest and (rest[0].lower() != "targeting" or len(rest) == 1)):
            raise bad("write it as: cast ID [x=N] [targeting T ...]")
        return Step(text, (("cast", words[1], x, tuple(rest[1:])),))
    if verb == "activate":
        rest = words[3:]
        source = None
        if rest and rest[0].lower() == "from":
            if len(rest) < 2:
                raise bad("write it as: activate ID LINE from SOURCE (the permanent that grants it)")
            source, rest = rest[1], rest[2:]
        if len(words) < 3 or (rest and (rest[0].lower() != "targeting" or len(rest) == 1)):
            raise bad("write it as: activate ID LINE [from SOURCE] [targeting T ...]")
        return Step(text, (("activate", words[1], words[2], tuple(rest[1:]), source),))
    raise bad(f"unknown action {words[0]!r}; actions are: {ACTIONS}")


def what_if(solver: Solver, actions: list[str], where: str = "--do", explain: bool = False) -> WhatIf:
    if not actions:
        raise InputError(where, None, "give at least one action")
    steps = [parse_action(a, i, where) for i, a in enumerate(actions)]
    run = _Run(solver)
    branches: list[tuple[GameState, tuple[Logged, ...], Solver | None]] = [(solver.state, (), solver)]
    for k, step in enumerate(steps, 1):
        nxt = []
        for state, log, sess in branches:
            for oid in {i for e in step.events for i in _ids(e)}:
                if oid not in state.incarnations():
                    raise InputError(where, f"[{k - 1}]", f"{step.text!r}: no object has id {oid!r}"
                                     + (" any more (see the changes before this step)" if k > 1 else ""))
            states = [(state, log, sess)]
            for event in step.events:
                states = [out for st, lg, se in states
                          for out in _event(se or run.solver(st), st, lg, k, event, where, step.text)]
            for st, lg, se in states:
                if isinstance(lg, Illegal):
                    nxt.append((st, lg, se))
                else:
                    nxt.extend(_sba(se, st, lg, k, run))
        branches = _distinct(nxt)
        if len(branches) > MAX_BRANCHES:
            raise SolverError(f"beyond what this solver handles: more than {MAX_BRANCHES} distinct states")
    first, first_colors = controllers(solver), colors(solver)
    results = []
    for st, log, se in branches:
        end = se or run.solver(st)
        results.append(Result(log.before if isinstance(log, Illegal) else log, st,
                              log if isinstance(log, Illegal) else None,
                              controllers(end), first, colors(end), first_colors))
    # In one fixed order (by the JSON text of their changes, which tell distinct states from
    # one start apart), not the order the solver found them in.
    if len(results) > 1:
        results.sort(key=lambda r: json.dumps([[c.to_json() for c in r.changes],
                                               r.illegal and (r.illegal.step, sorted(r.illegal.why))],
                                              sort_keys=True))
    return WhatIf(solver.state, tuple(actions), tuple(results), tuple(sorted(run.text_triggers)), explain)


def _ids(event: tuple) -> list[str]:
    """The object ids an action names."""
    if event[0] in ("resolve", "leave", "next"):
        return []
    if event[0] == "attack":
        return [o for o, _ in event[1]]
    if event[0] == "block":
        return [o for pair in event[1] for o in pair]
    if event[0] == "activate" and event[4] is not None:
        return [event[1], event[4]]
    return [event[1]]


class _Run:
    """One what-if query: the solvers of the states it reaches, and what those states hold
    that the what-if cannot model (text_triggers)."""

    def __init__(self, first: Solver):
        self.time_limit = first.time_limit
        self.text_triggers: set[tuple[str, str, int]] = set()
        self._seen(first)

    def solver(self, state: GameState) -> Solver:
        """A solver of a state the what-if reached."""
        solver = Solver(state, time_limit=self.time_limit)
        self._seen(solver)
        return solver

    def _seen(self, solver: Solver) -> None:
        """The permanents with a triggered ability written as text only (object id, card,
        oracle line): asp/whatif.lp's text_trigger/2."""
        for s in solver.base().get("text_trigger"):
            oid = object_id(s.arguments[0])
            self.text_triggers.add((oid, solver.state.permanent(oid).card, s.arguments[1].number))


@dataclass(frozen=True)
class Illegal:
    """A branch that stopped: the action at `step` cannot be taken, with the rules why."""
    before: tuple[Logged, ...]
    step: int
    action: str
    why: tuple[tuple[str, str], ...]


def _event(sess: Solver, state: GameState, log, k: int, event: tuple, where: str, text: str):
    if isinstance(log, Illegal):
        return [(state, log, sess)]
    with sess.query() as query:
        return _event_in(sess, query, state, log, k, event, where, text)


def _event_in(sess: Solver, query, state: GameState, log, k: int, event: tuple, where: str, text: str):
    q = query.id
    inc = state.incarnations()
    if event[0] == "move":
        _, oid, zone = event
        facts = [f"act({q},move({obj(oid, inc[oid])},{zone}))"]
    elif event[0] in ("activate", "cast"):
        if event[0] == "activate":
            _, oid, line, targets, source = event
            instance = (_instance(state, oid, line, k, where) if source is None
                        else _granted_instance(state, source, inc[source], line, k, where))
            facts = [f"act({q},activate({obj(oid, inc[oid])},{instance}))"]
        else:
            _, oid, x, targets = event
            facts = [f"act({q},cast({obj(oid, inc[oid])},{'none' if x is None else x}))"]
        for j, t in enumerate(targets, 1):
            if t in inc:
                facts.append(f"act_target({q},{j},{obj(t, inc[t])})")
            elif t in state.players:
                facts.append(f'act_target({q},{j},"{t}")')
            else:
                raise InputError(where, f"[{k - 1}]", f"target {t!r} is neither an object id nor a player")
    elif event[0] == "play":
        facts = [f"act({q},play({obj(event[1], inc[event[1]])}))"]
    elif event[0] == "trigger":
        t = event[1]
        granted = ",granted" if t.granted else ""
        source = obj(t.source, t.source_incarnation)
        facts = [f'act({q},trigger({source},ab("{t.card}",{t.line}{granted}),"{t.controller}"))']
    elif event[0] == "counters":
        _, oid, kind, n = event
        facts = [f'act({q},put_counters({obj(oid, inc[oid])},"{kind}",{n}))']
    elif event[0] == "next":
        facts = [f"act({q},next_step)"]
    elif event[0] == "attack":
        facts = [f"act({q},attack)"]
        for oid, player in event[1]:
            if player is None:
                defender = "none"
            elif player in state.players:
                defender = f'"{player}"'
            elif state.permanent(player) is not None:     # a planeswalker (508.1b): the rules say
                defender = obj(player, inc[player])        # whether it may be attacked
            else:
                raise InputError(where, f"[{k - 1}]", f"{text!r}: {player!r} is neither a player nor a "
                                 "permanent on the battlefield (a planeswalker)")
            facts.append(f"act_attacker({q},{obj(oid, inc[oid])},{defender})")
    elif event[0] == "block":
        facts = [f"act({q},block)", *(f"act_blocker({q},{obj(b, inc[b])},{obj(a, inc[a])})" for b, a in event[1])]
    elif event[0] == "leave":
        if event[1] not in state.players:
            raise InputError(where, f"[{k - 1}]", f"{event[1]!r} is not a player")
        facts = [f'act({q},leave("{event[1]}"))']
    else:
        facts = [f"act({q},resolve)", *([f"act_choice({q},{event[1]})"] if event[1] else [])]
    number = clingo.Number(q)
    # A mana ability's mana is read from the outcomes of its source's mana abilities
    # (asp/outcomes.lp: after replacement effects and with its triggered mana abilities).
    mana = outcome_parts([_obj_symbol(event[1], inc[event[1]])]) if event[0] == "activate" else []
    sess.ground([*_fact_parts(facts), *mana, ("action", [number]), (STEP_PARTS[event[0]], [number]),
                 ("detect", [number])])
    out = []
    models = _ways(sess, query, "whatif_on")
    if not models:
        # Only the payment can fail this way: no way to pay the total cost from the pool.
        why = (("601.2h", "the mana in the player's pool cannot pay the total cost"),)
        return [(state, Illegal(log, k, text, why), sess)]
    for model in models:
        answer = Answer(model)
        illegal = sorted({(s.arguments[1].string, s.arguments[2].string) for s in answer.get("illegal")
                          if s.arguments[0].number == q})
        if illegal:
            out.append((state, Illegal(log, k, text, tuple(illegal)), sess))
            continue
        changes, rules = _changes(answer, q)
        if not changes:
            out.append((state, log, sess))
            continue
        new = apply(state, [c for c in changes if c.kind != "stays"])
        logged = tuple(Logged(k, c, tuple(sorted(rules.get(c, ())))) for c in changes)
        out.append((new, log + logged, None if new != state else sess))
    return out


BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _granted_instance(state: GameState, source: str, incarnation: int, line: str, k: int, where: str) -> str:
    """The instance term of the ability that oracle line `line` of permanent `source` grants
    (CR 113.2c: one instance per granting object, asp/characteristics.lp's gr(E, G)); whether the
    activating object has it now is for the rules to say (602.1 if not)."""
    perm = state.permanent(source)
    if perm is None:
        raise InputError(where, f"[{k - 1}]", f"{source!r} is not on the battlefield: only a permanent grants "
                                              "abilities here")
    card = state.library.get(perm.card)
    if not line.isdigit() or not any(a.line == int(line) and a.granted is not None for a in card.abilities):
        lines = [a.line for a in card.abilities if a.granted is not None]
        raise InputError(where, f"[{k - 1}]", f"line {line} of {perm.card} grants no ability"
                         + (f"; lines that do: {', '.join(map(str, lines))}" if lines else ""))
    return f'gr({obj(source, incarnation)},ab("{perm.card}",{int(line)},granted))'



def _instance(state: GameState, oid: str, line: str, k: int, where: str) -> str:
    """The ability instance term for "line N" or a loyalty cost like "-1" of the object's card."""
    perm = state.permanent(oid) or next(z for z in state.zones if z.id == oid)
    card = state.library.get(perm.card)
    if line.lstrip("+-").isdigit() and line[0] in "+-":
        wanted = int(line)
        hits = [a.line for a in card.abilities
                if any(c.kind == "loyalty" and c.count == wanted for c in a.costs)]
        if not hits:
            raise InputError(where, f"[{k - 1}]", f"{perm.card} has no loyalty ability {line}")
        number = hits[0]
    elif line.isdigit():
        number = int(line)
        if not any(a.line == number for a in card.abilities):
            raise InputError(where, f"[{k - 1}]", f"{perm.card} has no oracle line {number}")
    elif line.lower() in BASIC_LAND_TYPES:
        # CR 305.6: the mana ability a basic land type gives (asp/characteristics.lp); whether
        # the permanent has that type now is for the rules to say (602.1 if not).
        return f'intr("{line.lower()}")'
    else:
        raise InputError(where, f"[{k - 1}]", f"{line!r}: give the ability's oracle line (1, 2, ...), "
                                              "its loyalty cost (+1, -1) or, for a basic land type's "
                                              "mana ability, the type (forest, island, ...)")
    return f'ab("{perm.card}",{number})'


def _sba(sess: Solver | None, state: GameState, log, k: int, like: _Run):
    """State-based actions until none apply (704.3), then the triggered abilities waiting are put
    on the stack (603.3b: the active player's first, then each other player's in turn order;
    each player puts theirs in any order, so every order is an outcome), and again. Returns a
    list of branches."""
    for _ in range(MAX_SBA_ROUNDS):
        sess = sess or like.solver(state)
        query = sess.query()
        q = query.id
        number = query.term
        arrived = [("arrived", [number, _obj_symbol(z.id, z.incarnation)]) for z in state.zones if z.since_check]
        sess.ground([("departed", [number]), ("sba", [number]), ("detect", [number]), *arrived])
        facts = sess.facts()
        # CR 800.4a first: a player who left takes what they own out of the game at once (not a
        # state-based action); the state-based actions are then checked on what remains.
        changes, rules = _changes(facts, q, "dch")
        if changes:
            state = apply(state, changes)
            log = log + tuple(Logged(k, c, tuple(sorted(rules.get(c, ())))) for c in changes)
            sess = None
            continue
        # A choice among the state-based actions (903.9a: a commander to the command zone or not;
        # 704.5j: which legendary permanent to keep) makes a branch per answer set; the check is
        # done either way.
        answers = [facts]
        if any(s.arguments[0].number == q for s in facts.get("sba_choice")):
            with query:
                answers = [Answer(m) for m in _ways(sess, query, "sba_on")]
        state = checked(state)
        if len(answers) > 1:
            return [out for answer in answers for out in _sba_applied(answer, q, sess, state, log, k, like)]
        changes, rules = _changes(answers[0], q)
        if changes:
            state = apply(state, changes)
            log = log + tuple(Logged(k, c, tuple(sorted(rules.get(c, ()))), sba=True) for c in changes)
            sess = None
            continue
        return _sba_done(sess, state, log, k, like)
    raise SolverError(f"state-based actions still apply after {MAX_SBA_ROUNDS} rounds")


def _sba_applied(answer, q: int, sess: Solver, state: GameState, log, k: int, like: _Run):
    """One way the state-based actions of a check went; then the checks go on from there."""
    changes, rules = _changes(answer, q)
    if not changes:
        return _sba_done(sess, state, log, k, like)
    state = apply(state, changes)
    log = log + tuple(Logged(k, c, tuple(sorted(rules.get(c, ()))), sba=True) for c in changes)
    return _sba(None, state, log, k, like)


def _sba_done(sess: Solver, state: GameState, log, k: int, like: _Run):
    if not state.pending:
        return [(state, log, sess)]
    return [out for order in _apnap_orders(state, like)
            for out in _put_triggers(replace(state, pending=()), log, k, order, like)]


def _ways(sess: Solver, query, switch: str) -> list[list[clingo.Symbol]]:
    """Every way the query's step can go (its switch on), at most MAX_BRANCHES; the switch is
    released when the query ends."""
    return sess.enumerate([query.external(switch)], MAX_BRANCHES, what="ways one step can go")


def _fact_parts(facts: list[str]) -> list[tuple[str, list[clingo.Symbol]]]:
    """The facts of a step as the parts that state them (asp/whatif.lp: `act_fact(q, a)` states
    `act(q, a)`, ...): grounding a part with arguments adds no program text, and adding text
    before each ground costs more the larger the program (docs/design-notes.md)."""
    parts = []
    for text in facts:
        term = clingo.parse_term(text)
        parts.append((f"{term.name}_fact", term.arguments))
    return parts


def _obj_symbol(object_id: str, incarnation: int) -> clingo.Symbol:
    return clingo.Function("obj", [clingo.String(object_id), clingo.Number(incarnation)])


def _apnap_orders(state: GameState, like: _Run):
    """Every order the waiting triggered abilities can go on the stack in, as asp/whatif.lp's
    trigger_order part decides it (603.3b: APNAP, each player ordering their own)."""
    if len(state.pending) == 1:
        return [list(state.pending)]
    sess = like.solver(replace(state, pending=()))
    with sess.query() as query:
        q = query.id
        facts = [f'pending({q},{j},"{t.controller}")' for j, t in enumerate(state.pending)]
        sess.ground([*_fact_parts(facts), ("trigger_order", [query.term])])
        models = _ways(sess, query, "trig_on")
    orders = []
    for model in models:
        slots = sorted((s.arguments[2].number, s.arguments[1].number) for s in model
                       if s.name == "slot" and s.arguments[0].number == q)
        orders.append([state.pending[j] for _, j in slots])
    return orders


def _put_triggers(state: GameState, log, k: int, order, like: _Run):
    branches = [(state, log, None)]
    for t in order:
        branches = _with_lki([out for st, lg, se in branches
                              for out in _event(se or like.solver(st), st, lg, k, ("trigger", t), "--do",
                                                f"{t.source}'s line {t.line} ability triggers")], t)
    out = []
    for st, lg, se in branches:
        if isinstance(lg, Illegal):
            out.append((st, lg, se))
        else:
            out.extend(_sba(se, st, lg, k, like))
    return out


def _with_lki(branches, t):
    """The trigger just put on the stack keeps what its source was as it last existed (608.2h)."""
    out = []
    for st, lg, se in branches:
        top = st.stack[-1] if st.stack else None
        if (t.lki_counters or t.refers_to or t.refers_player) and top is not None and not top.spell \
                and top.source == t.source and top.line == t.line:
            st = replace(st, stack=(*st.stack[:-1], replace(top, lki_counters=t.lki_counters,
                                                                refers_to=t.refers_to,
                                                                refers_player=t.refers_player)))
            se = None
        out.append((st, lg, se))
    return out


def _changes(answer, q: int, name: str = "ch") -> tuple[list[Change], dict[Change, set]]:
    changes: list[Change] = []
    terms: dict[clingo.Symbol, Change] = {}
    for s in answer.get(name):
        if s.arguments[0].number != q:
            continue
        c = _decode(s.arguments[1])
        terms[s.arguments[1]] = c
        changes.append(c)
    if name != "ch":        # triggers and stays belong to the action and state-based parts
        return _with_rules(answer, q, changes, terms)
    refs: dict[tuple, clingo.Symbol] = {}
    for s in answer.get("trig_ref"):
        if s.arguments[0].number == q:
            refs[(s.arguments[1], s.arguments[2])] = s.arguments[3]
    that_player = {(s.arguments[1], s.arguments[2]): s.arguments[3].string
                   for s in answer.get("trig_player") if s.arguments[0].number == q}
    lki: dict[clingo.Symbol, list] = {}
    for s in answer.get("trig_lki"):
        if s.arguments[0].number == q:
            lki.setdefault(s.arguments[1], []).append((s.arguments[2].string, s.arguments[3].number))
    def trigger(src: clingo.Symbol, a: clingo.Symbol, p: clingo.Symbol, ref: clingo.Symbol | None) -> Change:
        return Change("triggered", object=object_id(src), incarnation=src.arguments[1].number,
                      card=a.arguments[0].string, amount=a.arguments[1].number, player=p.string,
                      lki=tuple(sorted(lki.get(src, ()))),
                      refers=(object_id(ref), ref.arguments[1].number) if ref is not None else None,
                      refers_player=that_player.get((src, a)),
                      granted=len(a.arguments) > 2 and a.arguments[2].name == "granted")

    for s in answer.get("triggered"):
        if s.arguments[0].number == q:
            src, a, p = s.arguments[1:]
            c = trigger(src, a, p, refs.get((src, a)))
            terms[clingo.Function("trig", [src, a, p])] = c
            changes.append(c)
    # one triggered ability for each object it refers to ("whenever a creature deals damage to
    # you": asp/combat.lp's trig_each/5)
    for s in answer.get("trig_each"):
        if s.arguments[0].number == q:
            src, a, p, ref = s.arguments[1:]
            c = trigger(src, a, p, ref)
            terms[clingo.Function("trig_each", [src, a, p, ref])] = c
            changes.append(c)
    for s in answer.get("stays"):
        if s.arguments[0].number == q:
            c = Change("stays", object=object_id(s.arguments[1]), to=s.arguments[2].name)
            terms[clingo.Function("stays", s.arguments[1:])] = c
            changes.append(c)
    return _with_rules(answer, q, changes, terms)


def _with_rules(answer, q: int, changes: list[Change], terms: dict) -> tuple[list[Change], dict[Change, set]]:
    rules: dict[Change, set] = {}
    for s in answer.get("step_why"):
        if s.arguments[0].number == q and s.arguments[1] in terms:
            rules.setdefault(terms[s.arguments[1]], set()).add((s.arguments[2].string, s.arguments[3].string))
    at = {}
    for s in answer.get("at"):
        if s.arguments[0].number == q and s.arguments[1] in terms:
            at[terms[s.arguments[1]]] = s.arguments[2].number
    order = {"loyalty": 0, "loyalty_used": 0, "pool": 0, "push": 1, "cast": 1, "removed": 1, "target": 2,
             "tap": 0, "untap": 0, "energy": 0, "commander_cast": 0, "flashback": 2, "land_played": 0,
             "moves": 3, "enters_counters": 4, "enters_tapped": 4, "face_down": 4, "exiled_with": 4,
             "playable": 4, "playable_this_turn": 4, "unplayable": 4,
             "unattached": 5, "ceases": 6, "stays": 7, "life": 7, "draw_empty": 3.2, "loses": 8, "pop": 9, "triggered": 10,
             "damage": 3, "counters": 3, "create_token": 3, "direction": 2.1, "effect": 2.2, "effect_choice": 2.25, "affects": 2.3, "gains": 2.3, "leaves_game": 3,
             "step": -1, "attacks": 1, "blocks": 1, "becomes_blocked": 1.5, "prevented": 2.9, "deathtouched": 3.3, "struck_first": 0.5, "attaches": 3,
             "combat_ends": 3, "removed_from_combat": 3, "turn": -2, "new_turn_records": -1, "effect_ends": 3, "affects_created": 3.5, "exchanged": 2.4,
             "enters_attached": 4, "instead": 3.1}
    # targets in the order of their index (601.2c), which is the order they are announced
    changes.sort(key=lambda c: (at.get(c, 0), order[c.kind], c.amount if c.kind == "target" else 0,
                                c.object or "", c.player or "",
                                c.counter or "", c.amount, c.refers or ("", 0)))
    return changes, rules


def _decode(t: clingo.Symbol) -> Change:
    a = t.arguments
    if t.name == "zone":
        ctl = a[3]
        return Change("moves", object=object_id(a[0]), origin=a[1].name, to=a[2].name,
                      controller=ctl.string if ctl.type == clingo.SymbolType.String else None)
    if t.name == "enters":
        w = a[1]
        if w.name == "tapped":
            return Change("enters_tapped", object=object_id(a[0]))
        return Change("enters_counters", object=object_id(a[0]), counter=w.arguments[0].string,
                      amount=w.arguments[1].number)
    if t.name == "ceases":
        return Change("ceases", object=object_id(a[0]))
    if t.name == "unattach":
        return Change("unattached", object=object_id(a[0]))
    if t.name == "lose":
        return Change("loses", player=a[0].string)
    if t.name == "draw_empty":
        return Change("draw_empty", player=a[0].string)
    if t.name == "loyalty":
        return Change("loyalty", object=object_id(a[0]), counter="loyalty", amount=a[1].number)
    if t.name == "loyalty_used":
        return Change("loyalty_used", object=object_id(a[0]))
    if t.name == "push":
        d = a[1].arguments
        return Change("push", object=object_id(a[0]), player=a[2].string, card=d[0].string,
                      amount=d[1].number, incarnation=a[0].arguments[1].number,
                      granted=len(d) > 2 and d[2].name == "granted")
    if t.name == "target":
        tgt = a[1]
        if tgt.type == clingo.SymbolType.String:
            return Change("target", player=tgt.string, amount=a[0].number)
        return Change("target", object=object_id(tgt), amount=a[0].number, incarnation=tgt.arguments[1].number)
    if t.name in ("tap", "untap", "flashback"):
        return Change(t.name, object=object_id(a[0]))
    if t.name in ("playable", "playable_this_turn"):
        return Change(t.name, object=object_id(a[0]), player=a[1].string)
    if t.name == "unplayable":
        return Change("unplayable", object=object_id(a[0]))
    if t.name == "energy":
        return Change("energy", player=a[0].string, amount=a[1].number)
    if t.name in ("land_played", "commander_cast"):
        return Change(t.name, player=a[0].string)
    if t.name == "effect":
        d = a[1].arguments
        src = a[0]
        return Change("effect", object=object_id(src) if src.name == "obj" else None, card=d[0].string,
                      amount=d[1].number, player=a[2].string)
    if t.name == "affects":
        return Change("affects", object=object_id(a[0]))
    if t.name == "exchanged":
        return Change("exchanged", object=object_id(a[0]), player=a[1].string)
    if t.name == "attached":
        return Change("enters_attached", object=object_id(a[0]), counter=object_id(a[1]))
    if t.name == "gains":
        return Change("gains", object=object_id(a[0]), player=a[1].string)
    if t.name == "direction":
        return Change("direction", counter=a[0].name)
    if t.name == "create_token":
        return Change("create_token", card=a[0].string, player=a[1].string, amount=a[2].number)
    if t.name == "counters":
        return Change("counters", object=object_id(a[0]), counter=a[1].string, amount=a[2].number)
    if t.name == "damage":
        return Change("damage", object=object_id(a[0]), amount=a[1].number)
    if t.name == "leaves_game":
        return Change("leaves_game", object=object_id(a[0]))
    if t.name == "removed":
        d = a[1].arguments
        return Change("removed", object=object_id(a[0]), card=d[0].string, amount=d[1].number)
    if t.name == "face_down":
        return Change("face_down", object=object_id(a[0]))
    if t.name == "exiled_with":
        return Change("exiled_with", object=object_id(a[0]), counter=object_id(a[1]),
                      incarnation=a[1].arguments[1].number)
    if t.name == "life":
        return Change("life", player=a[0].string, amount=a[1].number)
    if t.name == "cast":
        x = a[2]
        return Change("cast", object=object_id(a[0]), player=a[1].string,
                      amount=x.number if x.type == clingo.SymbolType.Number else -1)
    if t.name == "pool":
        return Change("pool", player=a[0].string, counter=a[1].name.upper(), amount=a[2].number)
    if t.name == "pop":
        return Change("pop", object=a[0].arguments[0].string)
    if t.name == "step":
        return Change("step", to=a[0].name)
    if t.name == "effect_choice":
        return Change("effect_choice", counter=a[0].name)
    if t.name == "attacks":     # a player, or a planeswalker (508.1b)
        if a[1].type == clingo.SymbolType.String:
            return Change("attacks", object=object_id(a[0]), player=a[1].string)
        return Change("attacks", object=object_id(a[0]), counter=object_id(a[1]))
    if t.name == "blocks":
        return Change("blocks", object=object_id(a[0]), counter=object_id(a[1]))
    if t.name == "becomes_blocked":
        return Change("becomes_blocked", object=object_id(a[0]))
    if t.name == "deathtouched":
        return Change("deathtouched", object=object_id(a[0]))
    if t.name == "struck_first":
        return Change("struck_first", object=object_id(a[0]))
    if t.name == "attach":
        return Change("attaches", object=object_id(a[0]), counter=object_id(a[1]))
    if t.name == "prevented":
        tgt = a[1]
        return Change("prevented", object=object_id(a[0]),
                      player=tgt.string if tgt.type == clingo.SymbolType.String else None,
                      counter=None if tgt.type == clingo.SymbolType.String else object_id(tgt))
    if t.name == "combat_ends":
        return Change("combat_ends")
    if t.name == "turn":
        return Change("turn", player=a[0].string, amount=a[1].number)
    if t.name == "new_turn_records":
        return Change("new_turn_records")
    if t.name == "removed_from_combat":
        return Change("removed_from_combat", object=object_id(a[0]))
    if t.name == "effect_ends":
        return Change("effect_ends", counter=a[0].arguments[0].string)
    if t.name == "affects_created":
        return Change("affects_created")
    if t.name == "instead":
        return Change("instead", object=object_id(a[0]), to=a[1].name)
    raise SolverError(f"asp/whatif.lp derived a change this module does not know: {t}")


def _distinct(branches):
    seen = {}
    for st, log, sess in branches:
        key = (_key(st), (log.step, log.why) if isinstance(log, Illegal) else None)
        if key not in seen:
            seen[key] = (st, log, sess)
    return list(seen.values())


def _key(state: GameState) -> GameState:
    """The state with its unordered collections in one order: two branches that reach the same
    state by different paths compare equal (the dataclasses compare every field)."""
    return replace(state, battlefield=tuple(sorted(state.battlefield, key=repr)),
                   zones=tuple(sorted(state.zones, key=repr)), effects=tuple(sorted(state.effects, key=repr)),
                   pending=tuple(sorted(state.pending, key=repr)))


__all__ = ["WhatIf", "parse_action", "what_if"]
