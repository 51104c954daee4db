"""activations: which activated abilities each player could activate now, as far as the {T}
and {Q} parts of their costs and their timing decide (CR 107.5, 107.6, 302.6, 601.2h, 602): those
of permanents, and those of cards in the player's hand that function there (113.6b: cycling)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import clingo

from ..translator.decode import AbilityRef, ability, object_id
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

    refs = _Refs(solver)
    allowed = []
    activatable = answer.get("activatable")
    for s, (oid, a, who) in zip(activatable, _rows(activatable, 3)):
        if player is not None and who != player:
            continue
        ref, line, text, costs = refs.read(oid, a, unchecked)
        reasons: tuple[Why, ...] = ()
        if explain:
            o, a_sym, _ = s.arguments
            reasons = (*why.get(s, ()), *why.get(_mana_ability(o, a_sym), ()))
        allowed.append(Activation(oid, line, who, text, ref.granted_by, ref.definition in mana,
                                  costs, reasons, ref.intrinsic if line == 0 else None, zones.get(oid)))
    blocked_rules: dict = {}
    blocked_sym: dict = {}
    not_activatable = answer.get("not_activatable")
    for s, (oid, a, who, rule) in zip(not_activatable, _rows(not_activatable, 4)):
        if player is not None and who != player:
            continue
        blocked_rules.setdefault((oid, a, who), []).append(rule)
        blocked_sym.setdefault((oid, a, who), s)
    blocked = []
    for (oid, a, who), rules in blocked_rules.items():
        ref, line, text, _ = refs.read(oid, a, unchecked)
        reasons_: list[Why] = []
        if explain:
            o, a_sym, p, _ = blocked_sym[(oid, a, who)].arguments
            for rule in sorted(rules):
                reasons_.extend(why.get(_not_activatable(o, a_sym, p, rule), ()))
            reasons_.extend(why.get(_mana_ability(o, a_sym), ()))
        blocked.append(Blocked(oid, line, who, text, tuple(sorted(rules)), ref.granted_by,
                               tuple(reasons_), ref.intrinsic if line == 0 else None, zones.get(oid)))

    def sort_key(x):
        return (order[x.object], x.granted_by or "", x.ability, x.intrinsic or "", players[x.player])
    return Activations(tuple(sorted(allowed, key=sort_key)), tuple(sorted(blocked, key=sort_key)),
                       not_modelled(solver))


def _not_activatable(o, a, p, rule) -> clingo.Symbol:
    return clingo.Function("not_activatable", [o, a, p, clingo.String(rule)])


def _mana_ability(o, a) -> clingo.Symbol:
    return clingo.Function("mana_ability", [o, a])


class _Refs:
    """Each ability term's reference, line, text and unchecked costs, decoded once per term
    (and, for a basic land type's ability, per card: its line is the card's reminder line):
    100,000 permanents have a few dozen distinct terms."""

    def __init__(self, solver: Solver):
        self.solver = solver
        self._refs: dict[str, AbilityRef] = {}
        self._lines: dict[tuple, tuple[int, str, tuple[str, ...]]] = {}

    def read(self, oid: str, term: str, unchecked: dict) -> tuple[AbilityRef, int, str, tuple[str, ...]]:
        ref = self._refs.get(term)
        if ref is None:
            ref = self._refs[term] = ability(clingo.parse_term(term))
        key = (term, self.solver.state.permanent(oid).card if ref.intrinsic else None)
        found = self._lines.get(key)
        if found is None:
            definition = ability_definition(self.solver, ref)
            costs = () if definition is None else tuple(
                definition.costs[i].text for i in sorted(unchecked.get(ref.definition, [])))
            found = self._lines[key] = (*resolve_line(self.solver, oid, ref), costs)
        return (ref, *found)


# An object, an ability instance and a player (and a rule) as clingo writes the atoms: strings
# with \\, \" and \n escaped; an ability instance ab(C, L[, kind]), intr(T) or gr(S, ab(C, L, granted)).
_STR = r'"(?:[^"\\]|\\.)*"'
_AB = rf'ab\({_STR},-?\d+(?:,[a-z_]+)?\)'
_TERM = rf'(?:{_AB}|intr\({_STR}\)|gr\([a-z_]+\({_STR}(?:,-?\d+)?\),{_AB}\))'
_ROWS = {3: re.compile(rf'obj\(({_STR}),-?\d+\),({_TERM}),({_STR})\)'),
         4: re.compile(rf'obj\(({_STR}),-?\d+\),({_TERM}),({_STR}),({_STR})\)')}
_ESCAPE = re.compile(r"\\(.)")


def _rows(symbols: list[clingo.Symbol], arity: int) -> list[tuple[str, ...]]:
    """(object id, ability term as text, player[, rule]) of each activatable/3 or
    not_activatable/4 atom, in order, read from one text of them all (one call into clingo
    instead of about ten per atom: 100,000 permanents have 100,000 such atoms); the ability
    term is decoded once per distinct text (_Refs)."""
    if not symbols:
        return []
    rows = _ROWS[arity].findall(str(clingo.Function("", symbols)))
    if len(rows) != len(symbols):
        # a term of another form than those above: read atom by atom
        return [(object_id(s.arguments[0]), str(s.arguments[1]), *(x.string for x in s.arguments[2:]))
                for s in symbols]
    return [tuple(_string(x) if i != 1 else x for i, x in enumerate(row)) for row in rows]


def _string(text: str) -> str:
    """The value of an ASP string term as clingo writes it."""
    inner = text[1:-1]
    return _ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), inner) if "\\" in inner else inner
