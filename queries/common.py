"""What several queries read the same way: checks on what a query names, the oracle line an
ability instance stands on, and the explanations part (asp/explain.lp). Built on the solving
core's public API and the translator only."""

from __future__ import annotations

import clingo

from ..translator.cards import Ability, Card
from ..translator.decode import AbilityRef, mana_letter, object_id, plain
from ..translator.errors import InputError
from .core import Solver, per_symbol
from .result import Unread, Why, sorted_whys


def require_permanent(solver: Solver, object_id_: str, option: str = "--object") -> None:
    state = solver.state
    if state.permanent(object_id_) is not None:
        return
    zone = next((z for z in state.zones if z.id == object_id_), None)
    if zone is not None:
        raise InputError(state.source, option,
                         f"{object_id_!r} is in {zone.owner}'s {zone.zone}, not on the battlefield")
    ids = ", ".join(p.id for p in state.battlefield) or "none"
    raise InputError(state.source, option,
                     f"no battlefield object has id {object_id_!r}; ids are: {ids}")


def object_order(solver: Solver) -> dict[str, int]:
    """Each object's place for listing answers: the battlefield in the state's order, then the
    cards in the other zones (a card in a hand whose ability functions there, CR 113.6b)."""
    ids = [p.id for p in solver.state.battlefield] + [z.id for z in solver.state.zones]
    return {oid: n for n, oid in enumerate(ids)}


def require_player(solver: Solver, player: str, option: str = "--player") -> None:
    players = solver.state.players
    if player not in players:
        raise InputError(solver.state.source, option,
                         f"{player!r} is not a player; players are {', '.join(players)}")


def oracle_lines(card: Card) -> list[str]:
    return [ln for ln in card.oracle_text.splitlines() if ln.strip()]


def ability_definition(solver: Solver, ref: AbilityRef) -> Ability | None:
    """The card data of an ability instance; None for a basic land type's ability (CR 305.6,
    defined by the rule, its only cost {T})."""
    if ref.intrinsic:
        return None
    card = solver.state.library.get(ref.card)
    found = next(a for a in card.abilities if a.line == ref.line)
    return found.granted if ref.granted else found


def resolve_line(solver: Solver, object_id_: str, ref: AbilityRef) -> tuple[int, str]:
    """The oracle line an ability instance stands on, and its text. An intrinsic mana ability
    (CR 305.6) stands on its reminder line when the card prints one for that type; a type the
    land gained has no line (0)."""
    if ref.intrinsic:
        card = solver.state.library.get(solver.state.permanent(object_id_).card)
        for a in card.abilities:
            if a.kind == "intrinsic" and ref.intrinsic in a.intrinsic:
                return a.line, oracle_lines(card)[a.line - 1]
        mana = intrinsic_mana(solver, ref.intrinsic)
        return 0, f"{{T}}: Add {{{mana}}}. (intrinsic: {ref.intrinsic.capitalize()}, CR 305.6)"
    card = solver.state.library.get(ref.card)
    return ref.line, oracle_lines(card)[ref.line - 1]


def intrinsic_mana(solver: Solver, land_type: str) -> str:
    """The mana symbol of a basic land type's intrinsic ability, as asp/characteristics.lp
    gives it (CR 305.6)."""
    for s in solver.base().get("basic_land_mana"):
        if s.arguments[0].string == land_type:
            return mana_letter(s.arguments[1])
    raise ValueError(f"no basic land type {land_type!r}")


def explanations(solver: Solver) -> dict[clingo.Symbol, list[Why]]:
    """For each explained answer term, the CR rules behind it (asp/explain.lp, grounded on
    first use)."""
    out: dict[clingo.Symbol, list[Why]] = {}
    for s in solver.part("explain").get("why"):
        about, rule, template, args = s.arguments
        words = [plain(a) for a in args.arguments]
        out.setdefault(about, []).append(Why(rule.string, template.string.format(*words)))
    return {k: sorted_whys(v) for k, v in out.items()}


# The View's atoms decoded once a process, by symbol (core.per_symbol; the states of a what-if
# share most of their View: a what-if's end View was decoded anew from its 600 atoms on the
# 200-permanent bench board, a quarter of a move its worlds hold).
@per_symbol
def _object_and_name(s: clingo.Symbol) -> tuple[str, str]:
    """p(obj(Id, _), c) -> (Id, c) for a constant c."""
    o, c = s.arguments
    return object_id(o), c.name


@per_symbol
def _object_and_string(s: clingo.Symbol) -> tuple[str, str]:
    """p(obj(Id, _), "x") -> (Id, "x")."""
    o, c = s.arguments
    return object_id(o), c.string


@per_symbol
def _counter(s: clingo.Symbol) -> tuple[str, str, int, str]:
    """counter(obj(Id, _), "kind", n) -> (Id, kind, n, its text)."""
    o, k, n = s.arguments
    return object_id(o), k.string, n.number, str(s)


def controllers(solver: Solver) -> dict[str, str]:
    """Layer 2's controller of each permanent (object id -> player, CR 613.1b)."""
    return dict(_object_and_string(s) for s in solver.base().get("controller"))


def colors(solver: Solver) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each object's colors after layer 5 (CR 613.1e) and as printed (202.2): object id ->
    (colors, printed colors), each sorted."""
    now: dict[str, list[str]] = {}
    printed: dict[str, list[str]] = {}
    for name, out in (("has_color", now), ("printed_color", printed)):
        for s in solver.base().get(name):
            o, c = _object_and_name(s)
            out.setdefault(o, []).append(c)
    return {k: (tuple(sorted(now.get(k, ()))), tuple(sorted(printed.get(k, ()))))
            for k in set(now) | set(printed)}


def counters(solver: Solver) -> dict[str, dict[str, int]]:
    """Each permanent's counters as the encodings have them (a planeswalker's printed loyalty
    where the state does not say, 306.5b): object id -> {kind: n}, kinds sorted."""
    out: dict[str, dict[str, int]] = {}
    here = {p.id for p in solver.state.battlefield}
    for o, k, n, _ in sorted((_counter(s) for s in solver.base().get("counter")), key=lambda c: c[3]):
        if o in here:
            out.setdefault(o, {})[k] = n
    return out


def state_errors(solver: Solver) -> None:
    """A state the rules make impossible (asp/diagnostics.lp: a creature attacking under the
    wrong player after the layers, a blocker not of the defending player, ...): one line naming
    the state file's field, as the loader's own errors."""
    index = {("obj", p.id): f"battlefield[{i}]" for i, p in enumerate(solver.state.battlefield)}
    index.update({("eff", e.id): f"effects[{i}]" for i, e in enumerate(solver.state.effects)})
    order = list(index)
    errors = sorted((order.index((x.name, x.arguments[0].string)), index[(x.name, x.arguments[0].string)],
                     s.arguments[1].name, s.arguments[2].string, s.arguments[3].string)
                    for s in solver.base().get("state_error") for x in [s.arguments[0]])
    if errors:
        _, path, field, rule, text = errors[0]
        raise InputError(solver.state.source, f"{path}.{field}", f"{text} (CR {rule})")


def blocked(solver: Solver) -> set[str]:
    """The attacking creatures that are blocked (CR 509.1h, asp/combat.lp)."""
    return {object_id(s.arguments[0]) for s in solver.base().get("blocked_attacker")}


def mana_objects(solver: Solver, player: str) -> list[clingo.Symbol]:
    """The objects with an ability the player could activate now (can-pay's and mana's
    candidates are among them), in the order of their symbols."""
    return sorted({s.arguments[0] for s in solver.base().get("activatable") if s.arguments[2].string == player})


def outcome_parts(objects) -> list[tuple[str, list[clingo.Symbol]]]:
    """The `outcomes(o)` parts (asp/outcomes.lp) for these objects: the final mana of their
    abilities after replacement effects; the core grounds each once. They read the exact walk
    of the replacement effects (asp/events.lp walk(exact)), grounded with the first of them."""
    return [("walk", [clingo.Function("exact")]), *(("outcomes", [o]) for o in objects)]


def activation_parts(solver: Solver, source: clingo.Symbol, instance: clingo.Symbol) -> list[tuple[str, list[clingo.Symbol]]]:
    """The parts an activation of the instance reads beyond the step's: the outcome parts of its
    source where the activation may be a mana ability's (asp/casting.lp mana_instance/2, the only
    way to mana_act/3, which alone reads them); none where the grounder never made that atom (a
    loyalty ability's, one with a target: CR 605.1a). The exact walk and one source's outcomes
    were 7 ms of Aminatou's -1 on bench_whatif's board."""
    if solver.may_hold(clingo.Function("mana_instance", [source, instance])):
        return outcome_parts([source])
    return []


def not_modelled(solver: Solver) -> tuple[Unread, ...]:
    """The lines of cards in play kept as words only (asp/unread.lp's not_modelled/4), each
    with the line as printed."""
    out = set()
    for s in solver.base().get("not_modelled"):
        holder, card, line, part = s.arguments
        name = card.string
        out.add(Unread(_holder(holder), name, line.number, part.name,
                       oracle_lines(solver.state.library.get(name))[line.number - 1]))
    return tuple(sorted(out))


def _holder(term: clingo.Symbol) -> str:
    """The id of what holds an unread line: an object, an effect eff(Id), an ability on the
    stack stk(Id), a waiting trigger Id."""
    if term.type == clingo.SymbolType.String:
        return term.string
    if term.name in ("eff", "stk"):
        return term.arguments[0].string
    return object_id(term)
