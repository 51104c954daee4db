"""what-if: step through a game. Each action is one step: the encodings derive what it changes
(asp/step.lp and the files it names; every way it can go is its own branch). Then the game
settles before a player would receive priority, as the encodings decide round by round (what
happens at once, 800.4a and 506.4; then state-based actions, 704.3; then the waiting triggered
abilities go on the stack, 603.3b) until they say it is settled (117.5). The result is every
distinct resulting state, as what changed against the start, with the CR rules behind each
change. The changes are typed (translator/changes.py) and come in the order the encodings give.

Action syntax (one string per step; ids are the state's object ids):
    move ID to ZONE      an event from outside the game's rules moves the object
                         (ZONE: battlefield, hand, graveyard, exile, library = its top, command)
    bounce ID            = move ID to hand        exile ID  = move ID to exile
    flicker ID           exile it, then return it to the battlefield, in one step (no
                         state-based actions in between)
    activate ID [line] LINE [from SOURCE] [x=N] [targeting T ...] [paying with ID ...]
                         its controller activates the ability on oracle line LINE, as the
                         activations listing names it (a basic land's reminder line is its
                         type's mana ability, 305.6) (or, for a
                         loyalty ability, LINE may be its cost: +1, -1, -6; for a basic land
                         type's mana ability, the type: forest; with `from SOURCE`, the ability
                         line LINE of permanent SOURCE grants it, or of the continuous effect
                         SOURCE, an effect id); targets are object ids or player
                         names; without them every legal choice is an outcome. x=N: the value
                         of X in its cost (107.3a, 602.2b), which its effect reads (107.3k,
                         608.2h); an ability with {X} in its cost needs it. A mana ability
                         does not use the stack: its mana goes to the pool at once (605.3a). ID
                         may be a card in a hand whose ability functions there (cycling,
                         channel, a Spirit Guide: 113.6b); its owner activates it
    cast ID [x=N] [targeting T ...] [paying with ID ...]
                         its owner casts the card, paying its cost (X = N) from their mana pool
                         (the state's mana_pool); every way to pay that leaves a different pool
                         is an outcome. What the pool cannot pay, mana abilities pay, activated
                         first (601.2g-h, 605.3a): each subset-minimal plan (queries/pay_plans.py)
                         its own outcomes; `paying with` names the permanents that pay (an
                         activation's mana cost is paid the same way)
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
import time
import weakref
from collections import Counter
from dataclasses import dataclass, field, replace

import clingo

from ..translator.changes import KINDS, ZONE_WORDS, Change, apply
from ..translator.errors import InputError, SolverError
from ..translator.model import ZONES, GameState
from ..translator.numbers import check_symbol_number
from ..translator.render import obj
from ..translator.state import COUNTER_KIND
from .common import (
    activation_parts,
    blocked,
    colors,
    controllers,
    counters,
    not_modelled,
    oracle_lines,
)
from .core import Answer, Frozen, Query, Solver, symbol_name
from .pay_plans import payment_plans
from .result import Cited, Unread, explain_lines, unread_lines, with_unread
from .settle_world import MoveWorld, SettleWorld, WorldReading, rendered
from .step_world import ActivationWorld, StepWorld

MAX_BRANCHES = 256
MAX_SETTLE_ROUNDS = 50
# A step with no outcome because the pool cannot pay (asp/payment.lp pay_fails/3): the payer
# may activate mana abilities first (601.2g).
POOL_CANNOT_PAY = (("601.2h", "the mana in the player's pool cannot pay the total cost"),)
MOVE_ZONES = ("battlefield", *ZONES)
# The program parts of asp/ with the rules of each kind of action (besides step(q) and
# action(q), common to all). instructions(q) (effects.lp, moves.lp, library.lp: what an instruction does,
# 608.2c) is grounded only where one can be carried out: a spell or ability resolving, a mana
# ability as it is activated (605.3a); its rules read carries/4 (or a change at an instruction's
# stage), which no other step has, and it was a third of grounding any other step.
ACTION_PARTS = {"move": ("act_move",), "activate": ("act_activate", "instructions"), "cast": ("act_cast",),
                "play": ("act_play",), "resolve": ("act_resolve", "instructions"), "counters": ("act_counters",),
                "leave": ("act_leave",), "next": ("act_combat",), "attack": ("act_combat",),
                "block": ("act_combat",), "mana_ability": ("act_activate", "instructions")}
ACTIONS = ("move ID to ZONE, bounce ID, exile ID, flicker ID, activate ID [line] LINE [from SOURCE] [x=N] [targeting T ...] "
           "[paying with ID ...], cast ID [x=N] [targeting T ...] [paying with ID ...], play ID, resolve [choosing left|right], leave PLAYER, "
           "counters ID KIND N, next step, attack ID [ID ...] [at PLAYER|PLANESWALKER], "
           "block BLOCKER ATTACKER [BLOCKER ATTACKER ...] | block none")


@dataclass(frozen=True)
class Step:
    text: str
    events: tuple[tuple, ...]     # ("move", id, zone) | ("activate", id, line, targets, source,
                                  # paying) | ("cast", id, x, targets, paying) | ("play", id) |
                                  # ("mana_ability", id, instance) | ("counters", id,
                                  # kind, n) | ("leave", player) | ("resolve", direction or None) |
                                  # ("next",) | ("attack", ((id, player or None), ...)) |
                                  # ("block", ((blocker, attacker), ...))


@dataclass(frozen=True)
class Logged:
    """A change made in step `step` of the what-if, with the CR rules the encodings give for it;
    `sba` when it was a state-based action."""
    step: int
    change: Change
    rules: tuple[tuple[str, str], ...]           # (CR rule, reason)
    sba: bool = False

    def to_json(self) -> dict:
        out = {"step": self.step, **self.change.to_json()}
        if self.sba:
            out["state_based_action"] = True
        out["rules"] = sorted({r for r, _ in self.rules})
        return out

    def to_text(self) -> str:
        tag = "state-based action: " if self.sba else ""
        rules = "; ".join(f"CR {r}: {t}" for r, t in sorted(set(self.rules)))
        return f"step {self.step}: {tag}{self.change.text()}  [{rules}]"


@dataclass(frozen=True)
class View:
    """A state as the rules see it (read from its solver): each permanent's controller after
    layer 2 (613.1b), its colors after layer 5 and as printed, its counters."""
    controllers: dict
    colors: dict
    counters: dict
    blocked: set

    @classmethod
    def of(cls, solver: Solver) -> View:
        return cls(controllers(solver), colors(solver), counters(solver), blocked(solver))


class StateReading:
    """What the what-if reads of a state's own program: its lines kept as words only (asp/
    unread.lp), read for every state it reaches, and its View, read when first asked for (only
    the first and the last states of a what-if are: reading it for every state was a tenth of
    a 10-action sequence). Only base rules define what they read (a part grounded later never
    adds a base atom: tests/test_asp_namespaces.py), so a View read after the state's steps
    were grounded is the one read before; where a signature it reads has an atom that is not
    a fact of the grounder (read from a solve, FactAnswer), the View is read at once, before
    anything else is grounded. A Session reads its own state's in the worker (warm), before
    the forks that answer its queries."""

    def __init__(self, solver: Solver):
        self.unread: tuple[Unread, ...] = not_modelled(solver)
        self._solver = weakref.ref(solver)
        self._view: View | None = None if solver.facts_only(VIEW_NAMES) else View.of(solver)

    @property
    def view(self) -> View:
        return self.read_view()

    def read_view(self) -> View:
        """The View, read now if it was not yet."""
        if self._view is None:
            self._view = View.of(self._solver())
        return self._view


_READINGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# The base predicates View.of reads, and with not_modelled those a StateReading reads
# (queries/common.py).
VIEW_NAMES = ("controller", "has_color", "printed_color", "counter", "blocked_attacker")
READ_NAMES = (*VIEW_NAMES, "not_modelled")


def read_state(solver: Solver) -> StateReading:
    """The solver's StateReading, read on first use."""
    reading = _READINGS.get(solver)
    if reading is None:
        reading = _READINGS[solver] = StateReading(solver)
    return reading


@dataclass(frozen=True)
class Illegal:
    """A branch that stopped: the action at `step` cannot be taken, with the rules why."""
    before: tuple[Logged, ...]
    step: int
    action: str
    why: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Result:
    changes: tuple[Logged, ...]
    state: GameState = field(compare=False)
    illegal: Illegal | None = None      # the branch stopped: an action could not be taken
    end: View | None = field(default=None, compare=False)       # the rules' view at the end
    start: View | None = field(default=None, compare=False)     # ... and at the start

    def to_json(self, start: GameState) -> dict:
        out = {"changes": [c.to_json() for c in self.changes], "after": self.after(start)}
        if self.illegal:
            out["illegal"] = {"step": self.illegal.step, "action": self.illegal.action,
                              "rules": sorted({r for r, _ in self.illegal.why}),
                              "why": [t for _, t in self.illegal.why]}
        return out

    def after(self, start: GameState) -> dict:
        """The objects and players that differ from the start, as they are now."""
        def view(s: GameState, rules: View) -> dict:
            out = {}
            for p in s.battlefield:
                # who controls it after layer 2 (613.1b), and its counters, as the encodings say
                v = {"zone": "battlefield", "controller": rules.controllers.get(p.id, p.controller),
                     "incarnation": p.incarnation}
                if p.tapped:
                    v["tapped"] = True
                if rules.counters.get(p.id):
                    v["counters"] = rules.counters[p.id]
                if p.damage:
                    v["damage"] = p.damage
                if p.chosen:
                    v["chosen"] = dict(p.chosen)      # 614.12a: chosen as it entered
                if p.other_face is not None:
                    v["card"] = p.card                # 701.27a: the face that is up (transform)
                    if p.back_face_up:
                        v["back_face_up"] = True      # 701.27g: a transformed permanent
                if p.renowned:
                    v["renowned"] = True              # 702.112b
                v["attached_to"] = p.attached_to if p.attached_to and p.attached_incarnation is None else None
                # 506.4, 506.4c: what it attacks or blocks may have left: it still attacks or blocks
                # that object, which exists no more
                for key in ("attacking", "blocking"):
                    if getattr(p, key):
                        v[key] = getattr(p, key) + (" (gone)" if getattr(p, f"{key}_incarnation") is not None else "")
                if p.id in rules.blocked:
                    v["blocked"] = True
                out[p.id] = v
            for t in s.stack:
                if t.spell:
                    out[t.source] = {"zone": "stack", "incarnation": t.source_incarnation}
            for z in s.zones:
                v = {"zone": z.zone, "incarnation": z.incarnation}
                if z.zone == "library":
                    # 701.24a: a shuffled card's place is known to no one
                    v["position"] = "unknown" if z.order_unknown else z.position
                if z.face_down:
                    v["face_down"] = True       # 406.3: no player may look at it
                    v["visible_to"] = []
                if z.playable_by:
                    v["playable_by"] = z.playable_by
                if z.playable_this_turn:
                    v["playable_this_turn"] = True
                if z.playable_cast_only:
                    v["playable_cast_only"] = True
                if z.exiled_with:
                    # 607.2a: linked to that object; once it has left, to nothing that exists
                    wid, winc = z.exiled_with
                    v["exiled_with"] = wid if s.incarnations().get(wid) == winc else f"{wid} (gone)"
                out[z.id] = v
            return out
        before, now = view(start, self.start), view(self.state, self.end)
        # Colors after layer 5 (613.1e): of a permanent that stayed the same object, when they
        # changed (an effect that colored it began or ended: Celestial Dawn left); of a new one,
        # when an effect makes them other than printed (it entered under Celestial Dawn).
        for oid, n in now.items():
            b = before.get(oid)
            colors, printed = self.end.colors.get(oid, ((), ()))
            if n["zone"] != "battlefield":
                continue
            if b is not None and b["zone"] == "battlefield" and b["incarnation"] == n["incarnation"]:
                was = self.start.colors.get(oid, ((), ()))[0]       # none: it was colorless
                if was != colors:
                    b["colors"], n["colors"] = list(was), list(colors)
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
        if self.state.delayed != start.delayed:
            # CR 603.7: the delayed triggered abilities waiting for their event
            diff["delayed"] = [{"id": d.id, "source": d.source, "line": d.line, "controller": d.controller}
                               for d in self.state.delayed]
        for p in self.state.lost:
            if p not in start.lost:
                diff.setdefault(f"player {p}", {})["lost"] = True
        if self.state.day_night != start.day_night:
            diff["day_night"] = self.state.day_night           # (731.1)
        for p in self.state.city_blessing:
            if p not in start.city_blessing:
                diff.setdefault(f"player {p}", {})["city_blessing"] = True   # (702.131c)
        if self.state.monarch != start.monarch and self.state.monarch is not None:
            diff.setdefault(f"player {self.state.monarch}", {})["monarch"] = True   # (725.3)
        if self.state.stack != start.stack:
            diff["stack"] = [{"id": t.id, "source": t.source, "line": t.line, "controller": t.controller,
                              **({"spell": True} if t.spell else {}),
                              "targets": [name for _, name, _ in t.targets],
                              **({"refers_to": t.refers_to[0]} if t.refers_to else {})} for t in self.state.stack]
        for key, now_, then in (("energy", self.state.energy, start.energy),
                                ("poison", self.state.poison, start.poison),
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
    # the lines in play kept as words only, in any state the what-if went through
    not_modelled: tuple[Unread, ...] = ()
    explain: bool = False
    # mana abilities a payment from mana abilities could not plan with (queries/pay_plans.py):
    # (object id, line, why); a way to pay with them is not among the outcomes
    not_planned: tuple[tuple[str, int, str], ...] = ()

    def to_json(self) -> dict:
        out = {"actions": list(self.actions), "outcomes": [r.to_json(self.start) for r in self.results]}
        if self.not_planned:
            out["not_planned"] = [{"object": o, "ability": line, "why": why} for o, line, why in self.not_planned]
        return with_unread(out, self.not_modelled)

    def rules(self) -> list[Cited]:
        """The rules behind each change, about the object or player it changes (or, for a
        change of the game as a whole, its kind), and those that make an action illegal."""
        cited = {Cited(c.change.subject(), rule, text)
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
            lines += [f"    {c.to_text()}" for c in r.changes if c.change.logged] or ["    nothing changes"]
            if r.illegal:
                why = "; ".join(f"CR {rule}: {t}" for rule, t in r.illegal.why)
                lines.append(f"    step {r.illegal.step}: {r.illegal.action!r} cannot be taken  [{why}]")
            now = now_sentences(r.after(self.start))
            if now:
                lines.append("    now:")
                lines += [f"      {sentence}" for sentence in now]
        lines += [f"  not planned with (a way to pay with it is not among the outcomes): {o} line {line}: {why}"
                  for o, line, why in self.not_planned]
        return "\n".join(lines + unread_lines(self.not_modelled))


def now_sentences(after: dict) -> list[str]:
    """What differs from the start (Result.after), one plain sentence per object or player."""
    out = []
    for key, v in after.items():
        if key == "turn":
            out.append(f"it is turn {v['number']} ({v['active']}'s), the {v['step'].replace('_', ' ')} step")
        elif key == "day_night":
            out.append(f"it is {v}")                # (731.1)
        elif key == "effects_ended":
            out.append(f"effect{'s' if len(v) > 1 else ''} {', '.join(v)} ended")
        elif key == "delayed":
            out.append("delayed triggered abilities waiting: " + ("; ".join(
                f"{d['id']}: {d['source']}'s line {d['line']} ({d['controller']}'s)" for d in v) if v else "none"))
        elif key == "stack":
            out.append("the stack, from the bottom: " + ("; ".join(_stack_words(t) for t in v) if v else "empty"))
        elif key.startswith("player "):
            out.append(_player_words(key[len("player "):], v))
        else:
            out.append(_object_words(key, v))
    return out


def _stack_words(t: dict) -> str:
    what = f"the spell {t['source']}" if t.get("spell") else f"{t['source']}'s line {t['line']} ability"
    words = f"{t['id']}: {what} ({t['controller']}'s)" if t["id"] != t["source"] else f"{what} ({t['controller']}'s)"
    if t["targets"]:
        words += f" targeting {', '.join(t['targets'])}"
    if t.get("refers_to"):
        words += f", referring to {t['refers_to']}"
    return words


def _player_words(player: str, v: dict) -> str:
    parts = []
    if v.get("lost"):
        parts.append("has lost the game")
    if v.get("city_blessing"):
        parts.append("has the city's blessing")
    if v.get("monarch"):
        parts.append("is the monarch")
    if "life" in v:
        parts.append(f"has {v['life']} life")
    if "mana_pool" in v:
        parts.append(f"has {v['mana_pool']} in their mana pool" if v["mana_pool"] else "has an empty mana pool")
    if "energy" in v:
        parts.append(f"has {v['energy']} energy")
    if "poison" in v:
        parts.append(f"has {v['poison']} poison counter{'s' if v['poison'] != 1 else ''}")
    if "lands_played" in v:
        parts.append(f"has played {v['lands_played']} land{'s' if v['lands_played'] != 1 else ''} this turn")
    return f"{player} " + ", ".join(parts)


def _object_words(oid: str, v: dict) -> str:
    if v.get("gone"):
        return f"{oid} no longer exists"
    zone = v["zone"]
    if zone == "battlefield":
        words = f"{oid} is on the battlefield under {v['controller']}'s control"
    elif zone == "library":
        at = v.get("position")
        words = (f"{oid} is in its owner's library, at a place no one knows" if at == "unknown"
                 else f"{oid} is in its owner's library, {at + 1}{_ordinal(at + 1)} from the top")
    else:
        words = f"{oid} is {'in' if zone != 'stack' else 'on'} {ZONE_WORDS.get(zone, zone)}"
    extra = []
    if v.get("new_object"):
        extra.append("a new object")
    if v.get("tapped"):
        extra.append("tapped")
    for kind_, n in (v.get("counters") or {}).items():
        extra.append(f"{n} {kind_} counter{'s' if n != 1 else ''}")
    if v.get("damage"):
        extra.append(f"{v['damage']} damage marked")
    if "attached_to" in v:
        extra.append(f"attached to {v['attached_to']}" if v["attached_to"] else "attached to nothing")
    for key in ("attacking", "blocking"):
        if v.get(key):
            extra.append(f"{key} {v[key]}")
    if v.get("blocked"):
        extra.append("blocked")
    if v.get("renowned"):
        extra.append("renowned")
    for what, value in (v.get("chosen") or {}).items():
        extra.append(f"chosen {what.replace('_', ' ')}: {value}")
    if v.get("card"):
        extra.append(f"{v['card']} up" + (" (transformed)" if v.get("back_face_up") else ""))   # (701.27a)
    if "colors" in v:
        extra.append("colors: " + (", ".join(v["colors"]) or "none (colorless)"))
    if v.get("face_down"):
        extra.append("face down (no player may look at it)")
    if v.get("playable_by"):
        extra.append(f"{v['playable_by']} may {'cast' if v.get('playable_cast_only') else 'play'} it"
                     + (" this turn" if v.get("playable_this_turn") else ""))
    if v.get("exiled_with"):
        extra.append(f"exiled with {v['exiled_with']}")
    return words + (": " + ", ".join(extra) if extra else "")


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


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
        if len(words) != 4 or not words[3].isascii() or not words[3].isdigit() or int(words[3][:12]) < 1:
            raise bad("write it as: counters ID KIND N (N a positive number)")
        if not COUNTER_KIND.fullmatch(words[2]):
            raise bad(f"a counter kind is one word like charge or +1/+1, got {words[2][:40]!r}")
        return Step(text, (("counters", words[1], words[2], check_symbol_number(words[3], where, field_)),))
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
    paying: tuple[str, ...] = ()
    if verb in ("cast", "activate"):
        # "... paying with ID [ID ...]": the permanents whose mana abilities pay (601.2g)
        lowered = [w.lower() for w in words]
        for i in range(len(words) - 1):
            if lowered[i:i + 2] == ["paying", "with"]:
                paying, words = tuple(words[i + 2:]), words[:i]
                if not paying:
                    raise bad("write it as: ... paying with ID [ID ...] (the permanents whose mana "
                              "abilities pay)")
                if len(set(paying)) != len(paying):
                    raise bad("name each permanent that pays once")
                break
    def x_value(rest: list[str]) -> tuple[int | None, list[str]]:
        """The value of X (107.3a) given as "x=N" at the head of `rest`, and what follows it."""
        if not rest or not rest[0].lower().startswith("x="):
            return None, rest
        value = rest[0][2:]
        if not value.isascii() or not value.isdigit():
            raise bad("x= takes a number, like x=3")
        return check_symbol_number(value, where, field_), rest[1:]

    if verb == "cast":
        rest = words[2:]
        x, rest = x_value(rest)
        if len(words) < 2 or (rest and (rest[0].lower() != "targeting" or len(rest) == 1)):
            raise bad("write it as: cast ID [x=N] [targeting T ...]")
        return Step(text, (("cast", words[1], x, tuple(rest[1:]), paying),))
    if verb == "activate":
        # "activate forest line 1" as the activations listing prints it, or "activate forest 1"
        if len(words) >= 4 and words[2].lower() == "line":
            words = [*words[:2], *words[3:]]
        rest = words[3:]
        source = None
        if rest and rest[0].lower() == "from":
            if len(rest) < 2:
                raise bad("write it as: activate ID LINE from SOURCE (the permanent that grants it)")
            source, rest = rest[1], rest[2:]
        x, rest = x_value(rest)
        if len(words) < 3 or (rest and (rest[0].lower() != "targeting" or len(rest) == 1)):
            raise bad("write it as: activate ID [line] LINE [from SOURCE] [x=N] [targeting T ...]")
        return Step(text, (("activate", words[1], words[2], tuple(rest[1:]), source, x, paying),))
    raise bad(f"unknown action {words[0]!r}; actions are: {ACTIONS}")


def what_if(solver: Solver, actions: list[str], where: str = "--do", explain: bool = False,
            any_way: bool = False, world: StepWorld | None = None) -> WhatIf:
    """Every distinct outcome of the actions; with `any_way`, a payment from mana abilities
    stops at the first plan that pays (the interactive prompt asks only whether an action can
    be taken: queries/interactive.py). `world`: the step parts of a move from the solver's
    state grounded once (queries/step_world.py), used for such a move when it holds it."""
    if not actions:
        raise InputError(where, None, "give at least one action")
    steps = [parse_action(a, i, where) for i, a in enumerate(actions)]
    run = _Run(solver, any_way, world if world is not None and world.state is solver.state else None)
    branches = [_Branch(solver.state, (), solver)]
    for k, step in enumerate(steps, 1):
        nxt: list[_Branch] = []
        for b in branches:
            if b.illegal is not None:
                nxt.append(b)
                continue
            inc = b.state.incarnations()
            effect_ids = {e.id for e in b.state.effects}
            for oid in {i for e in step.events for i in _ids(e)}:
                if oid not in inc and not (oid in effect_ids and _granting(step.events, oid)):
                    raise InputError(where, f"[{k - 1}]", f"{step.text!r}: no object has id {oid!r}"
                                     + (" any more (see the changes before this step)" if k > 1 else ""))
            outs = [b]
            for event in step.events:
                outs = [o2 for o in outs for o2 in run.act(o, k, event, where, step.text)]
            for o in outs:
                nxt.extend([o] if o.illegal is not None else run.settle(o, k))
        branches = _distinct(nxt)
        if len(branches) > MAX_BRANCHES:
            raise SolverError(f"beyond what this solver handles: more than {MAX_BRANCHES} distinct states")
    first = read_state(solver).view
    results = [Result(b.log, b.state, b.illegal, run.end_view(b), first) for b in branches]
    # In one fixed order (by the JSON text of their changes, which tell distinct states from
    # one start apart), not the order the solver found them in.
    if len(results) > 1:
        results.sort(key=lambda r: json.dumps([[c.to_json() for c in r.changes],
                                               r.illegal and (r.illegal.step, sorted(r.illegal.why))],
                                              sort_keys=True))
    return WhatIf(solver.state, tuple(actions), tuple(results), tuple(sorted(run.unread)), explain,
                  tuple(sorted(run.left_out)))


@dataclass(frozen=True)
class _Branch:
    """One way the what-if has gone so far: the state, the changes so far, the solver of the
    state if it has one already, and where it stopped if an action could not be taken."""
    state: GameState
    log: tuple[Logged, ...]
    solver: Solver | None = field(default=None, compare=False)
    illegal: Illegal | None = None


def _granting(events: tuple, oid: str) -> bool:
    """Whether `oid` is named only as the SOURCE of "activate ID LINE from SOURCE"."""
    return all(e[0] == "activate" and e[4] == oid and oid not in (e[1], *(e[-1] or ())) for e in events
               if oid in _ids(e))


def _ids(event: tuple) -> list[str]:
    """The object ids an action names."""
    if event[0] in ("resolve", "leave", "next"):
        return []
    if event[0] == "attack":
        return [o for o, _ in event[1]]
    if event[0] == "block":
        return [o for pair in event[1] for o in pair]
    paying = (event[-1] or ()) if event[0] in ("cast", "activate") else ()
    if event[0] == "activate" and event[4] is not None:
        return [event[1], event[4], *paying]
    return [event[1], *paying]


class _Run:
    """One what-if query: the solvers of the states it reaches, and what those states hold
    that the what-if cannot model (unread)."""

    def __init__(self, first: Solver, any_way: bool = False, world: StepWorld | None = None):
        self.time_limit = first.time_limit
        self.any_way = any_way
        self.first = first
        self.world = world
        # the settle worlds of the world's state (queries/settle_world.py): a state one of them
        # holds is settled there, without a Solver of its own
        self.settle_worlds: tuple[SettleWorld, ...] = tuple(world.settle_worlds.values()) if world else ()
        # the step of a move from the states the first state's objects' exiles reach (a
        # flicker's second move: queries/settle_world.py's MoveWorld)
        self.move_world: MoveWorld | None = world.move_world if world else None
        self.unread: set[Unread] = set()
        # mana abilities the payment plans could not use: (object id, line, why)
        self.left_out: set[tuple[str, int, str]] = set()
        self._seen(first)

    def solver(self, state: GameState) -> Solver:
        """A solver of a state the what-if reached (none while the first state's Solver is
        frozen: a Session's worker answers here without a fork only what its worlds hold). Its
        base is grounded with the first parts the caller grounds (core.Solver's `defer`); the
        caller reads what the state holds as words (_seen) after that."""
        if self.first.frozen:
            raise Frozen("a Solver of a reached state")
        return Solver(state, time_limit=self.time_limit, defer=True)

    def _seen(self, solver: Solver) -> None:
        """The lines in play in this state kept as words only (asp/unread.lp)."""
        self.unread.update(read_state(solver).unread)

    def act(self, b: _Branch, k: int, event: tuple, where: str, text: str) -> list[_Branch]:
        """Every way one action can go, from a branch."""
        if b.illegal is not None:
            return [b]
        if self.world is not None and event[0] == "move" and b.solver is self.first:
            fast = self.world_move(b, k, event, text)
            if fast is not None:
                return fast
        if self.world is not None and event[0] == "activate" and b.solver is self.first:
            fast = self.world_activate(b, k, event, text)
            if fast is not None:
                return fast
        if self.move_world is not None and event[0] == "move" and not isinstance(b.solver, Solver):
            fast = self.world_move_from(b, k, event, text)
            if fast is not None:
                return fast
        # (a state settled in a settle world has no Solver yet: a step is grounded in its own)
        new = not isinstance(b.solver, Solver)
        solver = self.solver(b.state) if new else b.solver
        with solver.query() as query:
            facts = _action_facts(b.state, query.id, event, k, where, text)
            # A mana ability's mana is read from the outcomes of its source's mana abilities
            # (asp/outcomes.lp: after replacement effects and with its triggered mana abilities).
            mana = []
            if event[0] in ("activate", "mana_ability"):
                activated = clingo.parse_term(facts[0]).arguments[1]       # activate(O, I)
                mana = activation_parts(solver, *activated.arguments)
            solver.ground([*_fact_parts(facts), *mana, ("step", [query.term]), ("action", [query.term]),
                           *((part, [query.term]) for part in ACTION_PARTS[event[0]]), ("detect", [query.term])])
            if new:
                self._seen(solver)
            # paying: () the pool, then mana abilities; a tuple of ids: those permanents' mana
            # abilities; None: the pool only (the action taken again once a plan's are activated)
            paying = event[-1] if event[0] in ("cast", "activate") else None
            models = [] if paying else _ways(solver, query)
            if not models:
                why = () if paying else _why_no_way(solver, query)
                if paying or (paying is not None and why == POOL_CANNOT_PAY):
                    # CR 601.2g: before paying, the player may activate mana abilities
                    return self.pay_from_sources(b, solver, query, k, event, where, text, why)
                return [replace(b, solver=solver, illegal=Illegal(b.log, k, text, why))]
        return _branches(b, solver, models, query.id, k, text)

    def world_move(self, b: _Branch, k: int, event: tuple, text: str) -> list[_Branch] | None:
        """A move from the first state, read from the world's answer sets (the same answer
        sets as grounding the step here would give); None when the world does not hold it."""
        _, oid, zone = event
        inc = b.state.incarnations()
        models = self.world.ways(_obj_symbol(oid, inc[oid]), zone, MAX_BRANCHES, "ways one step can go")
        if models is None:
            return None
        _too_large(models, self.world.id)
        return _branches(b, b.solver, models, self.world.id, k, text)

    def world_activate(self, b: _Branch, k: int, event: tuple, text: str) -> list[_Branch] | None:
        """An activation from the first state read from its ability's ActivationWorld (the
        answer sets grounding the step here would give); None when there is no such world, or
        it does not hold the activation (more than one target, one from another source, paying
        with named permanents, no way from the pool: the own path decides)."""
        _, oid, line, targets, source, x, paying = event
        found = self.world.activation_worlds.get((oid, line))
        if found is None or source is not None or x is not None or paying or len(targets) > 1:
            return None
        target = None
        if targets:
            inc = b.state.incarnations()
            if targets[0] in inc:
                target = _obj_symbol(targets[0], inc[targets[0]])
            elif targets[0] in b.state.players:
                target = clingo.String(targets[0])
            else:
                return None
        models = found.ways(target, MAX_BRANCHES, "ways one step can go")
        if models is None:
            return None
        _too_large(models, found.id)
        return _branches(b, b.solver, models, found.id, k, text)

    def world_move_from(self, b: _Branch, k: int, event: tuple, text: str) -> list[_Branch] | None:
        """A move from a state the move world holds (an object of the first state exiled), read
        from its answer sets (those the state's own Solver would give, its lines kept as words
        counted as that Solver's are); None when it does not hold the state or the move."""
        _, oid, zone = event
        inc = b.state.incarnations()
        models = self.move_world.ways(b.state, _obj_symbol(oid, inc[oid]), zone, MAX_BRANCHES, "ways one step can go")
        if models is None:
            return None
        _too_large(models, self.move_world.id)
        self.unread.update(read_state(WorldReading(self.move_world, b.state, models[0])).unread)
        return _branches(b, None, models, self.move_world.id, k, text)

    def pay_from_sources(self, b: _Branch, solver: Solver, query: Query, k: int, event: tuple, where: str,
                         text: str, why: tuple[tuple[str, str], ...]) -> list[_Branch]:
        """The step's total cost paid after activating mana abilities (CR 601.2g-h, 605.3a): for
        each plan of the encodings (queries/pay_plans.py), its abilities activated one after
        another, then the action paid from the pool; each way that can be paid is an outcome."""
        paying = event[-1]
        inc = b.state.incarnations()
        payer = _payer(solver, query)
        for oid in paying:
            if b.state.permanent(oid) is None:
                raise InputError(where, f"[{k - 1}]", f"{text!r}: {oid!r} is not a permanent on the battlefield: "
                                                      "only permanents' mana abilities pay here")
        plans = payment_plans(solver, query, payer, tuple(_obj_symbol(o, inc[o]) for o in paying), MAX_BRANCHES)
        self.left_out.update(plans.left_out)
        paid_event = (*event[:-1], None)
        ways: list[_Branch] = []
        stopped: list[_Branch] = []
        # plans that begin with the same activations share them (an activation's branches are
        # computed once per prefix)
        after: dict[tuple, list[_Branch]] = {(): [b]}
        for plan in plans.plans:
            for j in range(1, len(plan.abilities) + 1):
                prefix = plan.abilities[:j]
                if prefix not in after:
                    oid, instance, line = prefix[-1]
                    after[prefix] = []
                    for o in after[prefix[:-1]]:
                        for o2 in self.act(o, k, ("mana_ability", oid, instance), where, text):
                            after[prefix].append(o2)
                            if o.illegal is None and o2.illegal is not None and o2.illegal.why != POOL_CANNOT_PAY:
                                # the planner took it, the what-if cannot carry it out: named
                                self.left_out.add((oid, line, "; ".join(f"CR {r}: {t}" for r, t in o2.illegal.why)))
            for o in after[plan.abilities]:
                for o2 in self.act(o, k, paid_event, where, text):
                    (stopped if o2.illegal is not None else ways).append(o2)
            if self.any_way and ways:
                break
        if ways:
            # the plans' ways that could not be paid after all (an outcome of a mana ability of
            # the wrong type) are not ways to take the action
            return ways
        if stopped:
            return stopped
        if not paying and not plans.candidates:
            # no mana ability to activate: the pool was all there was (601.2h)
            return [replace(b, solver=solver, illegal=Illegal(b.log, k, text, why))]
        fixed = f" with the mana abilities of {', '.join(paying)}" if paying else ""
        reason = (f"the mana in the pool and the mana abilities {payer} could activate{fixed} (601.2g) "
                  "cannot pay the total cost")
        return [replace(b, solver=solver, illegal=Illegal(b.log, k, text, (("601.2h", reason),)))]

    def settle(self, b: _Branch, k: int) -> list[_Branch]:
        """The game settles before a player would receive priority (117.5): round after round
        as the encodings decide, each way a round can go its own branch, until settled."""
        todo, done = [b], []
        for _ in range(MAX_SETTLE_ROUNDS):
            if not todo:
                return done
            nxt = []
            for br in todo:
                # a new state (no Solver yet) that a settle world holds is settled there
                fast = self.world_settle(br) if br.solver is None else None
                if fast is not None:
                    solver, models, q = fast
                else:
                    new = not isinstance(br.solver, Solver)
                    solver = self.solver(br.state) if new else br.solver
                    with solver.query() as query:
                        solver.ground([("step", [query.term]), ("action", [query.term]), ("settle", [query.term]),
                                       ("detect", [query.term])])
                        if new:
                            self._seen(solver)
                        models = _ways(solver, query)
                    q = query.id
                if not models:
                    raise SolverError("the encodings found no way for the game to settle; this is a bug in asp/")
                for model in models:
                    answer = Answer.of(model)
                    illegal = sorted({(s.arguments[1].string, s.arguments[2].string) for s in answer.get("illegal")
                                      if s.arguments[0].number == q})
                    if illegal:
                        text = "putting the triggered abilities waiting on the stack"
                        done.append(replace(br, solver=solver, illegal=Illegal(br.log, k, text, tuple(illegal))))
                        continue
                    after = _next(br, solver, answer, q, k)
                    settled = any(s.arguments[0].number == q for s in answer.get("settled"))
                    (done if settled else nxt).append(after)
            todo = nxt
        raise SolverError(f"the game did not settle after {MAX_SETTLE_ROUNDS} rounds of state-based actions "
                          "and triggered abilities")

    def end_view(self, b: _Branch) -> View:
        """The View of the state a branch ends in: from its Solver, or from a settle world that
        holds it (its lines kept as words counted, as a Solver of it would have them), or from a
        Solver made for it now."""
        if isinstance(b.solver, Solver):
            return read_state(b.solver).view
        if isinstance(b.solver, WorldReading):
            try:
                return read_state(b.solver).view
            except SolverError:
                pass
        else:
            lines = None
            for world in self._worlds_for(b.state):
                if lines is None and not world.knows(b.state):
                    lines = rendered(b.state)
                reading = world.reading(b.state, lines)
                if reading is not None:
                    self.unread.update(read_state(reading).unread)
                    return read_state(reading).view
        solver = self.solver(b.state)
        self._seen(solver)
        return read_state(solver).view

    def _worlds_for(self, state: GameState) -> list[SettleWorld]:
        """The settle worlds, one built to hold the state first (found without rendering it)."""
        return sorted(self.settle_worlds, key=lambda w: not w.knows(state))

    def world_settle(self, b: _Branch) -> tuple[WorldReading, list[list[clingo.Symbol]], int] | None:
        """A settle round of a new state read from a settle world that holds it (the answer
        sets its own Solver's first settle round would give, and the state's readings); None
        when none does."""
        lines = None
        for world in self._worlds_for(b.state):
            if lines is None and not world.knows(b.state):
                lines = rendered(b.state)
            found = world.settle(b.state, MAX_BRANCHES, "ways one step can go", lines=lines)
            if found is not None:
                reading, models = found
                self.unread.update(read_state(reading).unread)
                return reading, models, world.id
        return None


def move_reached(world: StepWorld, zone: str) -> list[GameState]:
    """The states that moving each object of the world's state to `zone` reaches, each way the
    move can go, before the game settles (what a SettleWorld of that zone holds); a move the
    world does not hold, or that stops or fails, reaches none."""
    return [state for _, state in _moved(world, zone)]


def _moved(world: StepWorld, zone: str) -> list[tuple[str, GameState]]:
    """move_reached's states, each with the id of the object moved (once a world and zone)."""
    if zone in world.moved:
        return world.moved[zone]
    start = world.state
    inc = start.incarnations()
    first = _Branch(start, (), None)
    out = []
    for oid in sorted(inc):
        try:
            models = world.ways(_obj_symbol(oid, inc[oid]), zone, MAX_BRANCHES, "ways one step can go")
            if models is None:
                continue
            _too_large(models, world.id)
        except SolverError:
            continue
        out += [(oid, b.state) for b in _branches(first, None, models, world.id, 1, "move") if b.illegal is None]
    world.moved[zone] = out
    return out


def activation_worlds(world: StepWorld, oid: str, line: str, budget: float) -> tuple[ActivationWorld, SettleWorld] | None:
    """The worlds of an activation of one ability of the world's state (`activate OID LINE`, its
    first target any object or player, or none given): its ActivationWorld, and the settle world
    of the states its activations reach; None when they do not fit in `budget` seconds (see
    settle_world), or the ability is not one to activate (InputError: the query says why)."""
    begun = time.monotonic()
    activation = ActivationWorld(world.state, oid, _instance(world.state, oid, line, 1, "--do"),
                                 world.solver.time_limit)
    first = _Branch(world.state, (), None)
    reached = []
    for target in (None, *activation.targets()):
        try:
            models = activation.ways(target, MAX_BRANCHES, "ways one step can go")
            if models is None:
                continue
            _too_large(models, activation.id)
        except SolverError:
            continue
        reached += [b.state for b in _branches(first, None, models, activation.id, 1, "activate") if b.illegal is None]
    if time.monotonic() - begun > budget / 2:
        return None
    settled = _settle_world_of(world, reached, budget - (time.monotonic() - begun))
    return None if settled is None else (activation, settled)


def flicker_worlds(world: StepWorld, budget: float) -> tuple[MoveWorld, SettleWorld] | None:
    """The worlds of a flicker from the world's state ("exile it, then return it to the
    battlefield", one step): a MoveWorld over the states each object's exile reaches (its
    second move), and the settle world of the states the flickers reach; None when they do not
    fit in `budget` seconds (see settle_world)."""
    begun = time.monotonic()
    exiled = _moved(world, "exile")
    lines = [rendered(state) for _, state in exiled]
    moves = MoveWorld(world.state, lines, world.solver.time_limit)
    moves.remember(zip((state for _, state in exiled), lines))
    reached = []
    for oid, state in exiled:
        inc = state.incarnations()
        try:
            models = moves.ways(state, _obj_symbol(oid, inc[oid]), "battlefield", MAX_BRANCHES, "ways one step can go")
            if models is None:
                continue
            _too_large(models, moves.id)
        except SolverError:
            continue
        reached += [b.state for b in _branches(_Branch(state, (), None), None, models, moves.id, 2, "flicker")
                    if b.illegal is None]
    if time.monotonic() - begun > budget / 2:
        return None
    settled = _settle_world_of(world, reached, budget - (time.monotonic() - begun))
    return None if settled is None else (moves, settled)


def settle_world(world: StepWorld, zone: str, budget: float, builds: int = 3) -> SettleWorld | None:
    """The settle world of the moves to `zone` from the world's state (queries/settle_world.py):
    the states those moves reach and, built again up to `builds` times, every state a settle
    round reaches from the states it holds (a state-based action: an Aura or Equipment left
    unattached, a 0/0 creature), so that the state a move's what-if ends in is read there too.
    It is built in the Session's worker, within the time limit of the query that asks for it:
    no build starts that would likely end past `budget` seconds from the start (the last build's
    time taken as the next one's), so a world may hold fewer states, and None when not even the
    first fits. Fewer states held only sends more of them to the own path."""
    begun = time.monotonic()
    reached = move_reached(world, zone)
    if time.monotonic() - begun > budget / 2:
        return None
    return _settle_world_of(world, reached, budget - (time.monotonic() - begun), builds)


def _settle_world_of(world: StepWorld, reached: list[GameState], budget: float,
                     builds: int = 3) -> SettleWorld | None:
    """The settle world of these states (reached from the world's state) and, built again up to
    `builds` times, of the states their settle rounds reach (settle_world)."""
    begun = time.monotonic()
    lines = [rendered(s) for s in reached]
    if time.monotonic() - begun > budget / 2:
        return None
    started = time.monotonic()
    built = last = SettleWorld(world.state, lines, world.solver.time_limit)
    took = time.monotonic() - started
    todo = list(zip(reached, lines))
    held = list(todo)
    for _ in range(builds - 1):
        more, seen = [], set()
        for state, state_lines in todo:
            found = built.settle(state, MAX_BRANCHES, "ways one step can go", checked=False, lines=state_lines)
            if found is None:
                continue
            reading, models = found
            for model in models:
                answer = Answer.of(model)
                if any(s.arguments[0].number == built.id for s in answer.get("illegal")):
                    continue
                after = _next(_Branch(state, (), None), reading, answer, built.id, 1)
                if after.solver is None:
                    after_lines = rendered(after.state)
                    if after.state not in seen and built.holder(after.state, after_lines) is None:
                        seen.add(after.state)
                        more.append((after.state, after_lines))
        if not more or time.monotonic() - begun + took > budget:
            break
        todo = more
        held += more
        started = time.monotonic()
        # the states the settle rounds reach, in a world of their own (SettleWorld.more)
        last.more = last = SettleWorld(world.state, [m for _, m in more], world.solver.time_limit)
        took = time.monotonic() - started
    built.remember(held)
    return built


def _branches(b: _Branch, solver: Solver, models: list[list[clingo.Symbol]], q: int, k: int,
              text: str) -> list[_Branch]:
    """The branches of step q's answer sets: each one the rules make illegal (`illegal/3`,
    with the rules why), or the state after it."""
    out = []
    for model in models:
        answer = Answer.of(model)
        illegal = sorted({(s.arguments[1].string, s.arguments[2].string) for s in answer.get("illegal")
                          if s.arguments[0].number == q})
        if illegal:
            out.append(replace(b, solver=solver, illegal=Illegal(b.log, k, text, tuple(illegal))))
            continue
        out.append(_next(b, solver, answer, q, k))
    return out


def _ways(solver: Solver, query: Query) -> list[list[clingo.Symbol]]:
    """Every way the query's step can go (its switch on), at most MAX_BRANCHES; a SolverError
    when one of them computes an amount past what the solver's integers keep exact (asp/
    names it, amount_too_large/2: refused, never a wrapped number)."""
    models = solver.enumerate([query.external("whatif_on")], MAX_BRANCHES, what="ways one step can go")
    _too_large(models, query.id)
    return models


def _too_large(models: list[list[clingo.Symbol]], q: int) -> None:
    """A SolverError when a way of step q computes an amount past what the solver's integers
    keep exact (asp/ names it, amount_too_large/2: refused, never a wrapped number)."""
    for model in models:
        for s in model:
            if symbol_name(s) == "amount_too_large" and s.arguments[0].number == q:
                raise SolverError(f"beyond what this solver handles: {s.arguments[1].string}")


def _payer(solver: Solver, query: Query) -> str:
    """Who pays the step's cost (asp/casting.lp payer/2)."""
    for s in solver.facts().get("payer"):
        if s.arguments[0].number == query.id:
            return s.arguments[1].string
    raise SolverError("the encodings name no payer for a cost; this is a bug in asp/")


def _why_no_way(solver: Solver, query: Query) -> tuple[tuple[str, str], ...]:
    """A step with no outcome at all: the only way the encodings allow that is a payment that
    cannot be made (asp/payment.lp, pay_check); they say which rule forbids it."""
    if solver.search([query.external("pay_check")]) is None:
        why = sorted({(s.arguments[1].string, s.arguments[2].string) for s in solver.facts().get("pay_fails")
                      if s.arguments[0].number == query.id})
        if why:
            return tuple(why)
    raise SolverError("the encodings found no outcome for this step and gave no rule that forbids it; "
                      "this is a bug in asp/")


def _next(b: _Branch, solver: Solver, answer: Answer, q: int, k: int) -> _Branch:
    """The branch after one way a step went: its changes applied in the encodings' order."""
    key = ("next", b.state, q, k)
    found = answer.memo.get(key)
    if found is None:
        found = answer.memo[key] = _after(b.state, answer, q, k)
    state, shown = found
    if state is None:
        return replace(b, solver=solver)
    return _Branch(state, b.log + shown, solver if state == b.state else None)


def _after(start: GameState, answer: Answer, q: int, k: int) -> tuple[GameState | None, tuple[Logged, ...]]:
    """The state after step q's changes in the answer (None when there are none), and the
    changes logged."""
    whys: dict[clingo.Symbol, set[tuple[str, str]]] = {}
    for s in answer.get("step_why"):
        if s.arguments[0].number == q:
            whys.setdefault(s.arguments[1], set()).add((s.arguments[2].string, s.arguments[3].string))
    timed = []
    for s in answer.get("change_at"):
        if s.arguments[0].number != q:
            continue
        term, stage, rank, instr = s.arguments[1:]
        c = Change.decode(term)
        logged = Logged(k, c, tuple(sorted(whys.get(term, ()))), stage.name == "sba")
        timed.append(((rank.number, instr.number, KINDS[term.name].order, json.dumps(c.to_json(), sort_keys=True)),
                      logged))
    timed.sort(key=lambda t: t[0])
    if not timed:
        return None, ()
    changes = [lg for _, lg in timed]
    return apply(start, [lg.change for lg in changes]), tuple(lg for lg in changes if lg.change.logged)


def _action_facts(state: GameState, q: int, event: tuple, k: int, where: str, text: str) -> list[str]:
    """The facts that state one action (asp/step.lp's act_fact and the like)."""
    inc = state.incarnations()
    if event[0] == "move":
        _, oid, zone = event
        return [f"act({q},move({obj(oid, inc[oid])},{zone}))"]
    if event[0] == "mana_ability":
        # one mana ability of a payment plan (queries/pay_plans.py), by its instance term
        return [f"act({q},activate({obj(event[1], inc[event[1]])},{event[2]}))"]
    if event[0] in ("activate", "cast"):
        if event[0] == "activate":
            _, oid, line, targets, source, x, _paying = event
            instance = (_instance(state, oid, line, k, where) if source is None
                        else _granted_instance(state, source, inc.get(source, 0), line, k, where))
            facts = [f"act({q},activate({obj(oid, inc[oid])},{instance}))"]
            if x is not None:
                facts.append(f"act_x({q},{x})")
        else:
            _, oid, x, targets, _paying = event
            facts = [f"act({q},cast({obj(oid, inc[oid])},{'none' if x is None else x}))"]
        for j, t in enumerate(targets, 1):
            if t in inc:
                facts.append(f"act_target({q},{j},{obj(t, inc[t])})")
            elif t in state.players:
                facts.append(f'act_target({q},{j},"{t}")')
            else:
                raise InputError(where, f"[{k - 1}]", f"target {t!r} is neither an object id nor a player")
        return facts
    if event[0] == "play":
        return [f"act({q},play({obj(event[1], inc[event[1]])}))"]
    if event[0] == "counters":
        _, oid, kind_, n = event
        return [f'act({q},put_counters({obj(oid, inc[oid])},"{kind_}",{n}))']
    if event[0] == "next":
        return [f"act({q},next_step)"]
    if event[0] == "attack":
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
        return facts
    if event[0] == "block":
        return [f"act({q},block)", *(f"act_blocker({q},{obj(b, inc[b])},{obj(a, inc[a])})" for b, a in event[1])]
    if event[0] == "leave":
        if event[1] not in state.players:
            raise InputError(where, f"[{k - 1}]", f"{event[1]!r} is not a player")
        return [f'act({q},leave("{event[1]}"))']
    return [f"act({q},resolve)", *([f"act_choice({q},{event[1]})"] if event[1] else [])]


def _fact_parts(facts: list[str]) -> list[tuple[str, list[clingo.Symbol]]]:
    """The facts of a step as the parts that state them (asp/step.lp: `act_fact(q, a)` states
    `act(q, a)`, ...): grounding a part with arguments adds no program text, and adding text
    before each ground costs more the larger the program (docs/design-notes.md)."""
    parts = []
    for text in facts:
        term = clingo.parse_term(text)
        parts.append((f"{term.name}_fact", term.arguments))
    return parts


def _obj_symbol(object_id_: str, incarnation: int) -> clingo.Symbol:
    return clingo.Function("obj", [clingo.String(object_id_), clingo.Number(incarnation)])


BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _granted_instance(state: GameState, source: str, incarnation: int, line: str, k: int, where: str) -> str:
    """The instance term of the ability that oracle line `line` of permanent `source` grants
    (CR 113.2c: one instance per granting object, asp/characteristics.lp's gr(E, G)); whether the
    activating object has it now is for the rules to say (602.1 if not)."""
    effect = next((e for e in state.effects if e.id == source), None)
    if effect is not None and not effect.granted:
        # a continuous effect that grants it (613.1f: "Until end of turn, ~ becomes a 2/2 ...
        # creature with "{X}: This creature gets +X/+0 until end of turn."", Lavaclaw Reaches): its
        # instance is the effect's (asp/characteristics.lp granted_by/3)
        card = state.library.get(effect.card)
        ability = next((a for a in card.abilities if a.line == effect.line), None)
        if ability is None or ability.creates is None or ability.creates.granted is None or line != str(effect.line):
            raise InputError(where, f"[{k - 1}]", f"the effect {source!r} grants no ability from line {line} "
                                                  f"of {effect.card}" + (f"; it grants line {effect.line}'s"
                                                  if ability is not None and ability.creates is not None
                                                  and ability.creates.granted is not None else ""))
        return f'gr(eff("{source}"),ab("{effect.card}",{effect.line},granted))'
    perm = state.permanent(source)
    if perm is None:
        raise InputError(where, f"[{k - 1}]", f"{source!r} is neither on the battlefield nor an effect: only a "
                                              "permanent or a continuous effect grants abilities here")
    card = state.library.get(perm.card)
    if not line.isascii() or not line.isdigit() or len(line) > 6 or not any(a.line == int(line) and a.granted is not None for a in card.abilities):
        lines = [a.line for a in card.abilities if a.granted is not None]
        raise InputError(where, f"[{k - 1}]", f"line {line} of {perm.card} grants no ability"
                         + (f"; lines that do: {', '.join(map(str, lines))}" if lines else ""))
    return f'gr({obj(source, incarnation)},ab("{perm.card}",{int(line)},granted))'



def _instance(state: GameState, oid: str, line: str, k: int, where: str) -> str:
    """The ability instance term for "line N" or a loyalty cost like "-1" of the object's card."""
    perm = state.permanent(oid) or next(z for z in state.zones if z.id == oid)
    card = state.library.get(perm.card)
    if line.isascii() and line.lstrip("+-").isdigit() and line[0] in "+-":
        wanted = check_symbol_number(line.lstrip("+-"), where, f"[{k - 1}]") * (-1 if line[0] == "-" else 1)
        hits = [a.line for a in card.abilities
                if any(c.kind == "loyalty" and c.count == wanted for c in a.costs)]
        if not hits:
            raise InputError(where, f"[{k - 1}]", f"{perm.card} has no loyalty ability {line}")
        number = hits[0]
    elif line.isascii() and line.isdigit():
        number = check_symbol_number(line, where, f"[{k - 1}]")
        found = next((a for a in card.abilities if a.line == number), None)
        # (a line kept as words only may be an activated ability: the rules say, 602.1 or 608.2)
        if found is None or found.kind not in ("activated", "intrinsic", "text"):
            raise InputError(where, f"[{k - 1}]", f"{perm.card} has no activated ability on line {number}; "
                                                  + _ability_lines(card))
        if found.kind == "intrinsic":
            # CR 305.6: a basic land type's reminder line stands for the mana ability the type
            # gives (asp/characteristics.lp), as the activations listing names it
            if len(found.intrinsic) > 1:
                raise InputError(where, f"[{k - 1}]", f"line {number} of {perm.card} holds the mana abilities of "
                                 f"{len(found.intrinsic)} land types: name one ("
                                 + ", ".join(found.intrinsic) + ")")
            return f'intr("{found.intrinsic[0]}")'
    elif line.lower() in BASIC_LAND_TYPES:
        # CR 305.6: the mana ability a basic land type gives (asp/characteristics.lp); whether
        # the permanent has that type now is for the rules to say (602.1 if not).
        return f'intr("{line.lower()}")'
    else:
        raise InputError(where, f"[{k - 1}]", f"{line!r}: give the ability's oracle line (1, 2, ...), "
                                              "its loyalty cost (+1, -1) or, for a basic land type's "
                                              "mana ability, the type (forest, island, ...)")
    return f'ab("{perm.card}",{number})'


def _ability_lines(card) -> str:
    """The lines of a card's abilities that can be activated, as an error lists them."""
    lines = oracle_lines(card)
    found = [f"line {a.line}: {lines[a.line - 1]}" for a in card.abilities
             if a.kind in ("activated", "intrinsic") and a.line <= len(lines)]
    if not found:
        return "it has no activated abilities"
    return "its activated abilities: " + "; ".join(found)


def _distinct(branches: list[_Branch]) -> list[_Branch]:
    """One branch per distinct state (and place it stopped): of those reaching the same state by
    different paths, the one whose changes come first as JSON, whatever order the solver found
    them in."""
    if len(branches) < 2:
        return branches
    seen: dict = {}
    for b in branches:
        key = (_key(b.state), (b.illegal.step, b.illegal.why) if b.illegal else None)
        seen.setdefault(key, []).append(b)
    return [min(group, key=_log_key) for group in seen.values()]


def _log_key(b: _Branch) -> str:
    return json.dumps([c.to_json() for c in b.log], sort_keys=True)


def _key(state: GameState) -> tuple:
    """The state with its unordered collections as multisets: two branches that reach the same
    state by different paths compare equal (the dataclasses compare every field). (Sorting them
    by repr was a quarter of a held what-if's time on bench_whatif's board.)"""
    def bag(items: tuple) -> frozenset:
        return frozenset(Counter(items).items())
    return (replace(state, battlefield=(), zones=(), effects=(), pending=()), bag(state.battlefield),
            bag(state.zones), bag(state.effects), bag(state.pending))


__all__ = ["WhatIf", "parse_action", "what_if"]
