"""orderings: every distinct outcome of activating one mana ability, with the orderings of
replacement effects that lead to each (CR 616.1, 614.5, 106.12a, 106.12b).

The encodings give the graph of states (which effects were applied, the event now) and the
final events; this module counts the paths through that graph and lists some of them. Counting
is arithmetic on the solver's graph: effects that do the same thing to the same abilities are
one class (asp/events.lp; identical effects among them), and a path that applies u of a
class's m members stands for m!/(m-u)! orderings of distinct effects.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import defaultdict
from dataclasses import dataclass, field

import clingo

from ..translator.decode import MANA_ORDER, ability, applied, mana_amounts, object_id
from ..translator.errors import InputError
from .common import not_modelled, outcome_parts, require_permanent, require_player, resolve_line
from .core import Solver
from .result import Cited, Unread, Why, unread_lines, with_unread


@dataclass(frozen=True)
class Outcome:
    mana: dict[str, int]                         # exact amounts, zero amounts left out
    orderings: list[list[str]]                   # effect ids in the order applied (up to the limit)
    count: int                                   # how many orderings of distinct effects lead here
    # for each listed ordering, the mana before any effect and after each (the triggers' mana
    # comes at the end, in `mana`); empty when not known (the ability adds nothing). Not in the
    # JSON: the pictures draw it (queries/pictures.py).
    steps: tuple[tuple[dict[str, int], ...], ...] = ()

    def to_json(self) -> dict:
        return {"mana": dict(self.mana), "orderings": [list(o) for o in self.orderings],
                "count": self.count}


@dataclass(frozen=True)
class Orderings:
    object: str
    ability: int
    player: str
    outcomes: tuple[Outcome, ...]
    effects: tuple[str, ...]                     # every effect that could apply, by id
    triggers: tuple[str, ...]                    # the triggered mana abilities that watch it
    reasons: tuple[Why, ...] = field(default=())
    not_modelled: tuple[Unread, ...] = ()

    def to_json(self) -> dict:
        return with_unread({"outcomes": [o.to_json() for o in self.outcomes]}, self.not_modelled)

    def rules(self) -> list[Cited]:
        return [Cited(self.object, w.rule, w.text) for w in self.reasons]

    def to_text(self) -> str:
        head = f"{self.player} activates {self.object} line {self.ability}"
        if self.effects:
            head += f"; replacement effects that apply in some order: {', '.join(self.effects)}"
        if self.triggers:
            head += f"; triggered mana abilities: {', '.join(self.triggers)}"
        lines = [head]
        for o in self.outcomes:
            mana = " ".join(f"{n}x{{{t}}}" for t, n in o.mana.items()) or "no mana"
            lines.append(f"  {mana}: {o.count} ordering{'s' if o.count != 1 else ''}")
            for seq in o.orderings:
                lines.append(f"      {' -> '.join(seq) if seq else '(no replacement effect applies)'}")
            if len(o.orderings) < o.count:
                lines.append(f"      (listed {len(o.orderings)} of {o.count}: orderings that only "
                             "swap effects that do the same thing are listed once, and at most "
                             "--limit)")
        for w in self.reasons:
            lines.append(f"  CR {w.rule}: {w.text}")
        return "\n".join(lines + unread_lines(self.not_modelled))


def _effect_id(sym: clingo.Symbol) -> str:
    """src(obj(Id, _), A) -> Id; eff(Id) -> Id (an effect id is its creator's or its own)."""
    if sym.name == "src":
        return object_id(sym.arguments[0])
    if sym.name == "trig" and sym.arguments[0].name == "eff":
        return sym.arguments[0].arguments[0].string       # a created trigger (High Tide's): its effect
    if sym.name == "trig":
        return object_id(sym.arguments[0])
    return sym.arguments[0].string


def _int_rows(symbols: list[clingo.Symbol], name: str, arity: int) -> list[tuple[int, ...]]:
    """The arguments of atoms name(...) whose arguments are all integers (orderings.lp's
    graph), read from the text of one tuple of them: one call into clingo for the whole list
    instead of one per atom (a large graph has a hundred thousand atoms)."""
    if not symbols:
        return []
    text = str(clingo.Function("", symbols)).replace(name, "")
    values = iter(map(int, _INTEGER.findall(text)))
    rows = list(zip(*[values] * arity))
    if len(rows) != len(symbols):
        raise AssertionError(f"{name}: {len(symbols)} atoms but {len(rows)} rows of {arity} integers")
    return rows


_INTEGER = re.compile(r"-?\d+")


def orderings(solver: Solver, object_id_: str, line: int | None = None, player: str | None = None,
              limit: int = 10, explain: bool = False) -> Orderings:
    state = solver.state
    require_permanent(solver, object_id_, "--tap")
    if player is not None:
        require_player(solver, player)
    if limit < 0:
        raise InputError(state.source, "--limit", "must not be negative")
    perm = state.permanent(object_id_)
    o = clingo.Function("obj", [clingo.String(object_id_), clingo.Number(perm.incarnation)])
    n = next(i for i, p in enumerate(state.battlefield) if p.id == object_id_)
    answer = solver.part("orderings", [o, clingo.Number(n)], outcome_parts([o]))

    keys: dict[clingo.Symbol, list[int]] = defaultdict(list)   # instance -> its walks
    for s in answer.get("ord_key_num"):
        if s.arguments[0] == o:
            keys[s.arguments[1]].append(s.arguments[2].number)
    # instances whose activation may add no mana at all (CR 106.5)
    nothing = {s.arguments[1] for s in answer.get("ord_nothing") if s.arguments[0] == o}
    for i in nothing:
        keys.setdefault(i, [])
    if not keys:
        raise InputError(state.source, "--tap", f"{object_id_} has no activated mana ability "
                         "(CR 605.1a)")
    lines = {i: resolve_line(solver, object_id_, ability(i))[0] for i in keys}
    on_lines = ", ".join(str(v) for v in sorted(set(lines.values())))
    if line is None:
        if len(set(lines.values())) > 1:
            raise InputError(state.source, "--ability", f"{object_id_} has mana abilities on several "
                             f"lines ({on_lines}); say which with --ability N")
        line = next(iter(lines.values()))
    # The abilities a line stands for: one, or the intrinsic abilities of the basic land types
    # its reminder text names (305.6: "({T}: Add {G} or {U}.)" on a Forest Island), walked
    # together like the choices of one ability ("{G} or {U}").
    instances = {i for i, v in lines.items() if v == line}
    if not instances:
        raise InputError(state.source, "--ability", f"line {line} of {object_id_} is not "
                         f"a mana ability; its mana abilities are on lines {on_lines}")
    activators = sorted({s.arguments[2].string for s in answer.get("ord_activator")
                         if s.arguments[0] == o and s.arguments[1] in instances})
    if player is not None and player not in activators:
        raise InputError(state.source, "--player", f"{player} cannot activate {object_id_}'s "
                         f"ability: only {', '.join(activators) or 'its controller'} can (CR 602.2)")
    who = player or (activators[0] if activators else perm.controller)

    members: dict[int, list[str]] = defaultdict(list)
    for s in answer.get("ord_member"):
        if s.arguments[0] == o:
            members[s.arguments[1].number].append(_effect_id(s.arguments[2]))
    for names in members.values():
        names.sort()
    # class -> (its members that apply to this permanent, its members in all, radix)
    classes = {s.arguments[1].number: (len(members[s.arguments[1].number]), s.arguments[2].number,
                                       s.arguments[3].number)
               for s in answer.get("ord_class_num") if s.arguments[0] == o}
    my_keys = {k for i in instances for k in keys[i]}
    # ord_trans(n, EN, J, EN2), ord_state(n, KN, S, O), ord_emask(n, EN, A) and
    # ord_choose(n, O, A, C): integers only, read from the text of the atoms. A node (walk,
    # state, event) may apply the classes in the mask C of its state's open mask and its
    # event's amount mask, each to state S + radix and to the event the class turns EN into
    # (_Graph).
    trans: dict[tuple[int, int], int] = {}
    for obj_n, ev, k, ev2 in _int_rows(answer.get("ord_trans"), "ord_trans", 4):
        if obj_n == n:
            trans[(ev, k)] = ev2
    open_of = {(key, st): op for obj_n, key, st, op in _int_rows(answer.get("ord_state"), "ord_state", 4)
               if obj_n == n and key in my_keys}
    event_mask = {ev: a for obj_n, ev, a in _int_rows(answer.get("ord_emask"), "ord_emask", 3) if obj_n == n}
    choose = {(op, a): c for obj_n, op, a, c in _int_rows(answer.get("ord_choose"), "ord_choose", 4)
              if obj_n == n}
    starts = {s.arguments[1].number: s.arguments[2].number for s in answer.get("ord_start")
              if s.arguments[0] == o and s.arguments[1].number in my_keys}
    outcome_of: dict[tuple, list[dict[str, int]]] = defaultdict(list)
    for s in answer.get("ord_outcome"):
        ob, inst, key, st, ev, event, extra = s.arguments
        if ob == o and inst in instances:
            outcome_of[(key.number, st.number, ev.number)].append(mana_amounts(event, extra))

    graph = _Graph(open_of, event_mask, choose, trans, classes)
    # (counted first: the count meets every node the walk reaches, and keeps their masks)
    totals = _count_orderings([(key, starts[key]) for key in sorted(my_keys)], graph, outcome_of)
    listed: dict[tuple, list[tuple[list[str], list[int]]]] = {}
    for key in sorted(my_keys):
        listed.update(_list_paths((key, 0, starts[key]), graph, outcome_of, members, limit))
    # Listed in a fixed order: the final nodes by number, then each outcome's list sorted.
    grouped: dict[tuple, list[list[str]]] = defaultdict(list)
    events_of: dict[tuple, dict[tuple[str, ...], list[int]]] = defaultdict(dict)
    for node in sorted(outcome_of):
        for mana in outcome_of[node]:
            mkey = tuple(mana.get(t, 0) for t in MANA_ORDER)
            for seq, evs in listed.get(node, []):
                if seq not in grouped[mkey] and len(grouped[mkey]) < limit:
                    grouped[mkey].append(seq)
                    events_of[mkey][tuple(seq)] = evs
    for seqs in grouped.values():
        seqs.sort()
    # The events on the listed paths (ord_event(n, EN, E), its two numbers read from its text:
    # the graph may have many events, the paths few).
    wanted = {e for paths in events_of.values() for evs in paths.values() for e in evs}
    events = {}
    for s in answer.get("ord_event") if wanted else ():
        obj_n, ev, _ = str(s)[10:].split(",", 2)
        if int(obj_n) == n and int(ev) in wanted:
            events[int(ev)] = s.arguments[2]
    no_extra = clingo.Function("m", [clingo.Number(0)] * len(MANA_ORDER))
    mana_of: dict[int, dict[str, int]] = {}

    def steps(mkey) -> tuple:
        """The mana along each listed ordering (the events its path goes through), each event
        read once."""
        out = []
        for seq in grouped[mkey]:
            evs = events_of[mkey].get(tuple(seq)) or ()
            for e in evs:
                if e not in mana_of:
                    mana_of[e] = mana_amounts(events[e], no_extra)
            out.append(tuple(dict(mana_of[e]) for e in evs))
        return tuple(out)
    if instances & nothing:
        none = (0,) * len(MANA_ORDER)
        totals[none] = max(totals.get(none, 0), 1)
        grouped[none] = grouped[none] or [[]]
    outcomes = tuple(Outcome({t: n for t, n in zip(MANA_ORDER, mkey) if n}, grouped[mkey], totals[mkey],
                             steps(mkey))
                     for mkey in sorted(totals, reverse=True))
    union = 0
    for mask in graph.nodes.values():
        union |= mask
    applied = {k for k in classes if union >> k & 1}
    effects = tuple(sorted({e for k in applied for e in members[k]}))
    triggers = tuple(sorted({_effect_id(s.arguments[2]) for s in answer.get("ord_trigger")
                             if s.arguments[0] == o and s.arguments[1] in instances}))
    reasons: tuple[Why, ...] = ()
    if explain:
        seen = []
        for s in answer.get("ord_why"):
            ob, what, rule, template = s.arguments
            if ob != o:
                continue
            if what.type == clingo.SymbolType.Number:
                name = ", ".join(members.get(what.number, []))
            elif what.name == "nothing":
                name = object_id_
            else:
                name = _effect_id(what)
            w = Why(rule.string, template.string.format(name, object_id_))
            if w not in seen:
                seen.append(w)
        reasons = tuple(sorted(seen, key=lambda w: (w.rule, w.text)))
    return Orderings(object_id_, line, who, outcomes, effects, triggers, reasons, not_modelled(solver))


class _Graph:
    """The solver's graph of one object's walks: the mask of the classes that may be applied
    at a node (walk, state, event), choose[(the state's open mask, the event's amount mask)]
    (0: final); trans[(event, class)] the event a class turns it into; classes[class] = (its
    members that apply here, its members in all, radix): the state's digit for the class
    counts up to the second. `nodes`: the nodes the walks reach that are not final, with
    their masks, filled by the count (_count_one_walk, or reach() before _count_walks)."""

    def __init__(self, open_of, event_mask, choose, trans, classes):
        self.open_of = open_of
        self.event_mask = event_mask
        self.choose = choose
        self.nodes: dict[tuple[int, int, int], int] = {}
        self.trans = trans
        self.classes = classes
        self._into: dict[tuple[int, int], list[int]] | None = None
        self._by_class = sorted(classes.items())

    def mask(self, key: int, st: int, ev: int) -> int:
        return self.choose[(self.open_of[(key, st)], self.event_mask[ev])]

    def reach(self, starts) -> None:
        """Fill `nodes` from each walk's start (key, event): the nodes it reaches."""
        for key, ev0 in starts:
            todo, seen = [(0, ev0)], {(0, ev0)}
            while todo:
                st, ev = todo.pop()
                mask = self.mask(key, st, ev)
                if not mask:
                    continue
                self.nodes[(key, st, ev)] = mask
                while mask:
                    bit = mask & -mask
                    mask ^= bit
                    k = bit.bit_length() - 1
                    nxt = (st + self.classes[k][2], self.trans[(ev, k)])
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)

    def successors(self, key: int, st: int, ev: int) -> list[tuple[int, int, int, int]]:
        """(class, ways, state, event) for each class applicable at the node; ways: how many
        of the class's members not applied yet (any of them may be the one applied)."""
        mask = self.nodes.get((key, st, ev), 0)
        out = []
        while mask:
            bit = mask & -mask
            mask ^= bit
            k = bit.bit_length() - 1
            here, mult, radix = self.classes[k]
            out.append((k, here - applied(st, radix, mult), st + radix, self.trans[(ev, k)]))
        return out

    def predecessors(self, key: int, st: int, ev: int) -> list[tuple[tuple[int, int, int], int]]:
        """(node, class) for each edge into the node, by class then event number."""
        if self._into is None:
            into: dict[tuple[int, int], list[int]] = defaultdict(list)
            for (ev0, k), ev2 in self.trans.items():
                into[(k, ev2)].append(ev0)
            for evs in into.values():
                evs.sort()
            self._into = into
        out = []
        for k, (_, mult, radix) in self._by_class:
            if applied(st, radix, mult) == 0:
                continue
            prev = st - radix
            for ev0 in self._into.get((k, ev), ()):
                mask = self.nodes.get((key, prev, ev0))
                if mask is not None and mask >> k & 1:
                    out.append(((key, prev, ev0), k))
        return out


def _count_orderings(keys, graph: _Graph, outcome_of) -> dict[tuple, int]:
    if len(keys) == 1:
        return _count_one_walk(keys[0], graph, outcome_of)
    graph.reach(keys)
    return _count_walks(keys, graph, outcome_of)


def _count_one_walk(start, graph: _Graph, outcome_of) -> dict[tuple, int]:
    """_count_walks for one walk: a node is (state, event); states only grow along an edge,
    so the nodes in order of state are a topological order (taken from a heap as they are
    met: a node is taken after every node with a smaller state that the walk reaches). A node
    is the one integer state * events + event, and a class's edges a list by event: this loop
    meets every edge of the graph (half a million at 13 distinct effects), so it does no
    tuple or dict work it can avoid. It fills graph.nodes."""
    key, ev0 = start
    trans, classes = graph.trans, graph.classes
    events = 1 + max([ev0, *(ev for ev, _ in trans), *trans.values()])
    # by the class's bit: (members, radix * events, the event it turns each event into)
    to = {k: [0] * events for k in classes}
    for (ev, k), ev2 in trans.items():
        if k in to:                 # (trans lists every class; classes only those applied)
            to[k][ev] = ev2
    by_bit = {1 << k: (here, mult, radix, radix * events, to[k])
              for k, (here, mult, radix) in classes.items()}
    opens = {st: op for (kn, st), op in graph.open_of.items() if kn == key}
    event_mask, choose, nodes = graph.event_mask, graph.choose, graph.nodes
    counts: dict[int, int] = {ev0: 1}
    get = counts.get
    heap = [ev0]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        node = pop(heap)
        n = counts[node]
        st, ev = divmod(node, events)
        mask = choose[(opens[st], event_mask[ev])]
        if not mask:
            continue
        nodes[(key, st, ev)] = mask
        base = node - ev
        while mask:
            bit = mask & -mask
            mask ^= bit
            here, mult, radix, step, dest = by_bit[bit]
            nxt = base + step + dest[ev]
            # (applied(st, radix, mult), inline: this line runs once per edge)
            ways = n if here == 1 else n * (here - (st // radix) % (mult + 1))
            seen = get(nxt)
            if seen is None:
                counts[nxt] = ways
                push(heap, nxt)
            else:
                counts[nxt] = seen + ways
    totals: dict[tuple, int] = defaultdict(int)
    for (kn, st, ev), manas in outcome_of.items():
        if kn != key:
            continue
        n = counts[st * events + ev]
        for mkey in {tuple(mana.get(t, 0) for t in MANA_ORDER) for mana in manas}:
            totals[mkey] += n
    return dict(totals)


def _count_walks(keys, graph: _Graph, outcome_of) -> dict[tuple, int]:
    """For each outcome, how many orderings of distinct effects lead to it for some choice of
    the ability's mana. Walks all the ability's choices at once: a node is the state (which
    effects were applied, as the solver's mixed-radix number) and, for each choice for which
    that sequence is legal so far, its event; so an ordering legal for several choices is
    counted once. Along a class K from state S, any member of K not applied yet may be the
    one applied: (members - applied) ways."""
    start = (0, frozenset(keys))
    counts = {start: 1}
    frontier: list = [(0, 0, start)]            # a heap by state: states only grow
    tie = itertools.count(1)
    totals: dict[tuple, int] = defaultdict(int)
    while frontier:
        _, _, node = heapq.heappop(frontier)
        st, members = node
        n = counts[node]
        done = set()
        by_class: dict[int, set] = defaultdict(set)
        ways_of: dict[int, int] = {}
        for key, ev in members:
            for mana in outcome_of.get((key, st, ev), []):
                done.add(tuple(mana.get(t, 0) for t in MANA_ORDER))
            for k, ways, st2, ev2 in graph.successors(key, st, ev):
                by_class[k].add((key, ev2, st2))
                ways_of[k] = ways
        for mkey in done:
            totals[mkey] += n
        for k, succ in by_class.items():
            ways = ways_of[k]
            st2 = next(iter(succ))[2]
            nxt = (st2, frozenset((key, ev2) for key, ev2, _ in succ))
            if nxt not in counts:
                counts[nxt] = 0
                heapq.heappush(frontier, (st2, next(tie), nxt))
            counts[nxt] += n * ways
    return dict(totals)


def _list_paths(start, graph: _Graph, finals, members, limit) -> dict[tuple, list[tuple[list[str], list[int]]]]:
    """Up to `limit` orderings per final node, effects of one class (that do the same thing)
    listed once (the n-th time a
    class is applied names its n-th member), each with the events its path goes through. Searched backwards from each final node: every
    node of the graph is reachable from the start, so no backward step is a dead end and
    each ordering costs one walk. Predecessors are tried by class, then event number, so
    which orderings are listed does not depend on the order the solver gave the atoms in."""
    out: dict[tuple, list[tuple[list[str], list[int]]]] = {}
    for final in finals:
        if final[0] != start[0]:
            continue
        found: list[tuple[list[str], list[int]]] = []
        stack = [(final, [], [])]
        while stack and len(found) < limit:
            node, classes_back, events_back = stack.pop()
            if node == start:
                used: dict = {}
                seq = []
                for k in reversed(classes_back):
                    n = used.get(k, 0)
                    used[k] = n + 1
                    seq.append(members[k][n])
                found.append((seq, [node[2], *reversed(events_back)]))
                continue
            for prev, k in reversed(graph.predecessors(*node)):
                stack.append((prev, classes_back + [k], events_back + [node[2]]))
        out[final] = found
    return out
