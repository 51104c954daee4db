"""activations: which activated abilities each player could activate now, as far as the {T}
and {Q} parts of their costs and their timing decide (CR 107.5, 107.6, 302.6, 601.2h, 602): those
of permanents, and those of cards in the player's hand that function there (113.6b: cycling)."""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from ..translator.decode import ability, object_id
from .common import (
    ability_definition,
    explanations,
    not_modelled,
    object_order,
    require_player,
    resolve_line,
)
from .core import Solver
from .result import Cited, Unread, Why, unread_lines, with_unread


@dataclass(frozen=True)
class Activation:
    object: str
    ability: int                    # the line of the card's oracle text that holds it
    player: str
    text: str                       # that line
    granted_by: str | None = None   # the object whose ability grants it (CR 613.1f)
    mana_ability: bool = False      # CR 605.1a
    unchecked_costs: tuple[str, ...] = ()
    reasons: tuple[Why, ...] = ()
    intrinsic: str | None = None    # a basic land type's ability the card does not print
    zone: str | None = None         # hand: a card's ability that functions there (CR 113.6b)

    def key(self) -> dict:
        out = {"object": self.object, "ability": self.ability, "player": self.player}
        if self.granted_by is not None:
            out["granted_by"] = self.granted_by
        if self.intrinsic is not None:
            out["intrinsic"] = self.intrinsic.capitalize()
        if self.zone is not None:
            out["zone"] = self.zone
        return out


@dataclass(frozen=True)
class Blocked:
    object: str
    ability: int
    player: str
    text: str
    rules: tuple[str, ...]          # the CR rules that forbid it now
    granted_by: str | None = None
    reasons: tuple[Why, ...] = ()
    intrinsic: str | None = None
    zone: str | None = None


@dataclass(frozen=True)
class Activations:
    allowed: tuple[Activation, ...]
    blocked: tuple[Blocked, ...]
    not_modelled: tuple[Unread, ...] = ()

    def to_json(self) -> dict:
        return with_unread({"activations": [a.key() for a in self.allowed]}, self.not_modelled)

    def rules(self) -> list[Cited]:
        out = []
        for a in (*self.allowed, *self.blocked):
            fields = (("object", a.object), ("ability", a.ability), ("player", a.player),
                      ("activatable", a in self.allowed))
            out += [Cited(a.object, w.rule, w.text, fields) for w in a.reasons]
        return out

    def to_text(self) -> str:
        lines = []
        for a in self.allowed:
            via = f" (granted by {a.granted_by})" if a.granted_by else ""
            kind = " [mana ability]" if a.mana_ability else ""
            where = f" (in {a.player}'s {a.zone})" if a.zone else ""
            lines.append(f"{a.player} can activate {a.object}{where} line {a.ability}{via}{kind}: {a.text}")
            if a.unchecked_costs:
                lines.append(f"    not checked yet (needs can-pay): {'; '.join(a.unchecked_costs)}")
            for why in a.reasons:
                lines.append(f"    CR {why.rule}: {why.text}")
        for b in self.blocked:
            via = f" (granted by {b.granted_by})" if b.granted_by else ""
            where = f" (in {b.player}'s {b.zone})" if b.zone else ""
            lines.append(f"{b.player} cannot activate {b.object}{where} line {b.ability}{via} "
                         f"(CR {', '.join(b.rules)}): {b.text}")
            for why in b.reasons:
                lines.append(f"    CR {why.rule}: {why.text}")
        lines = lines or ["no activated abilities on the battlefield"]
        return "\n".join(lines + unread_lines(self.not_modelled))


def activations(solver: Solver, player: str | None = None, explain: bool = False) -> Activations:
    if player is not None:
        require_player(solver, player)
    answer = solver.base()
    order = object_order(solver)
    zones = {z.id: z.zone for z in solver.state.zones}
    players = {p: i for i, p in enumerate(solver.state.players)}
    mana = {s.arguments[0] for s in answer.get("mana_ability")}
    unchecked: dict = {}
    for s in answer.get("unchecked_cost"):
        definition, index = s.arguments
        unchecked.setdefault(definition, []).append(index.number)
    why = explanations(solver) if explain else {}

    allowed = []
    for s in answer.get("activatable"):
        o, a, p = s.arguments
        who = p.string
        if player is not None and who != player:
            continue
        ref = ability(a)
        oid = object_id(o)
        definition = ability_definition(solver, ref)
        costs = () if definition is None else tuple(
            definition.costs[i].text for i in sorted(unchecked.get(ref.definition, [])))
        reasons: tuple[Why, ...] = ()
        if explain:
            reasons = (*why.get(s, ()), *why.get(_mana_ability(o, a), ()))
        line, text = resolve_line(solver, oid, ref)
        allowed.append(Activation(oid, line, who, text, ref.granted_by, ref.definition in mana,
                                  costs, reasons, ref.intrinsic if line == 0 else None, zones.get(oid)))
    blocked_rules: dict = {}
    for s in answer.get("not_activatable"):
        o, a, p, rule = s.arguments
        if player is not None and p.string != player:
            continue
        blocked_rules.setdefault((o, a, p), []).append(rule.string)
    blocked = []
    for (o, a, p), rules in blocked_rules.items():
        ref = ability(a)
        reasons_: list[Why] = []
        if explain:
            for rule in sorted(rules):
                reasons_.extend(why.get(_not_activatable(o, a, p, rule), ()))
            reasons_.extend(why.get(_mana_ability(o, a), ()))
        oid = object_id(o)
        line, text = resolve_line(solver, oid, ref)
        blocked.append(Blocked(oid, line, p.string, text, tuple(sorted(rules)), ref.granted_by,
                               tuple(reasons_), ref.intrinsic if line == 0 else None, zones.get(oid)))

    def sort_key(x):
        return (order[x.object], x.granted_by or "", x.ability, x.intrinsic or "", players[x.player])
    return Activations(tuple(sorted(allowed, key=sort_key)), tuple(sorted(blocked, key=sort_key)),
                       not_modelled(solver))


def _not_activatable(o, a, p, rule) -> clingo.Symbol:
    return clingo.Function("not_activatable", [o, a, p, clingo.String(rule)])


def _mana_ability(o, a) -> clingo.Symbol:
    return clingo.Function("mana_ability", [o, a])
