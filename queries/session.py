"""A Session: one state, grounded once, answering many questions.

The encodings in asp/ are loaded by path (so clingo's messages carry file:line), the
state's facts are added to the `base` part and grounded once; the `explain` part is
grounded only when an explanation is first asked for (clingo multi-shot).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import clingo
import clingo.ast

from ..translator.decode import object_id, plain
from ..translator.errors import InputError, SolverError
from ..translator.model import GameState
from ..translator.render import render_state
from ..translator.state import load_state_file

DEFAULT_TIME_LIMIT = 60.0
UNDECIDED = "undecided"          # search(): the budget ran out before an answer


@dataclass(frozen=True)
class Why:
    """One reason for an answer: the CR rule and the reason in words."""

    rule: str
    text: str


@dataclass
class Timings:
    """Seconds spent: rendering the facts, parsing them, grounding, solving, explaining."""

    render: float = 0.0
    parse: float = 0.0
    ground: float = 0.0
    solve: float = 0.0
    explain: float = 0.0


@dataclass
class _Answer:
    symbols: list[clingo.Symbol]
    by_name: dict[str, list[clingo.Symbol]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for s in self.symbols:
            self.by_name.setdefault(s.name, []).append(s)

    def get(self, name: str) -> list[clingo.Symbol]:
        return self.by_name.get(name, [])


class _FactAnswer:
    """The answer of a stratified program read straight from the grounder: every atom of a
    signature is a fact, so no solving and no copying of the whole model is needed. A
    signature with an atom that is not a fact (the grounder leaves a cycle through negation,
    such as layers.lp's exists/lost_rules_text, to the solver) is read from the one answer
    set instead: its atoms true there, shown or not."""

    def __init__(self, session: Session):
        self._session = session
        self._cache: dict[str, list[clingo.Symbol]] = {}
        self._model: _Answer | None = None
        self._true: set[clingo.Symbol] | None = None

    def get(self, name: str) -> list[clingo.Symbol]:
        if name not in self._cache:
            ctl = self._session._ctl
            arities = [arity for n, arity, positive in ctl.symbolic_atoms.signatures
                       if n == name and positive]
            if len(arities) > 1:
                raise SolverError(f"{name} has several arities in the encodings; a query reads one")
            atoms = [a for arity in arities for a in ctl.symbolic_atoms.by_signature(name, arity)]
            if all(a.is_fact for a in atoms):
                self._cache[name] = [a.symbol for a in atoms]
            elif atoms:
                if self._true is None:
                    self._true = set(self._session._solve(atoms=True).symbols)
                self._cache[name] = [a.symbol for a in atoms if a.symbol in self._true]
            else:
                if self._model is None:
                    self._model = self._session._solve()
                self._cache[name] = self._model.get(name)
        return self._cache[name]


# The parsed statements of asp/main.lp, by program part (see _load_encodings): each part's
# statements, each run of them led by its #program directive.
_ENCODINGS: dict[str, list] | None = None


class Session:
    """Ground a state once; ask could_produce, activations and their explanations."""

    def __init__(self, state: GameState, time_limit: float = DEFAULT_TIME_LIMIT):
        self.state = state
        self.time_limit = time_limit
        self.timings = Timings()
        self._messages: list[str] = []
        # Warnings (such as "no atoms over signature" for parts not grounded yet) are off:
        # every grounding step would repeat them, and past message_limit clingo stops.
        # Errors still reach the logger.
        self._ctl = clingo.Control(["--models=0", "--heuristic=Domain", "--warn=none"],
                                   logger=self._log, message_limit=10000)
        self._load_encodings()
        start = time.perf_counter()
        facts = render_state(state)
        self.timings.render = time.perf_counter() - start
        start = time.perf_counter()
        self._add("base", facts, "the state's facts")
        self.timings.parse = time.perf_counter() - start
        start = time.perf_counter()
        self._ground([("base", [])])
        self.timings.ground = time.perf_counter() - start
        self._answer: _FactAnswer | None = None
        self._controllers: dict[str, str] | None = None
        self._colors: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None
        self._text_triggers: frozenset[tuple[str, str, int]] | None = None
        self.whatif_seen: set[tuple[str, str, int]] = set()   # what-if: text triggers met (whatif.py)
        self._explained: dict[clingo.Symbol, list[Why]] | None = None
        self._parts: dict[tuple, _FactAnswer] = {}
        self._outcomes: set[clingo.Symbol] = set()

    @classmethod
    def from_file(cls, path: str | Path, time_limit: float = DEFAULT_TIME_LIMIT) -> Session:
        return cls(load_state_file(path), time_limit)

    # -- clingo plumbing -----------------------------------------------------------------

    def _log(self, code: clingo.MessageCode, message: str) -> None:
        # Kept to explain a failure; clingo raises only "parsing failed" or similar itself.
        self._messages.append(message.strip())

    def _fail(self, what: str) -> SolverError:
        errors = [m for m in self._messages if "error" in m]
        detail = "\n".join(errors[-10:] or self._messages[-10:]) or "no message from clingo"
        return SolverError(f"{what}:\n{detail}")

    def _load_encodings(self) -> None:
        # The encodings are parsed once per process and added to each Control as statements:
        # a what-if makes a Session per state it reaches, and parsing is most of its set-up.
        # Only the base part is added now; another part is added the first time it is
        # grounded (_ground). clingo prepares every statement of the program again at each
        # ground() call, parts never grounded included: on a 200-permanent state, with every
        # part added, grounding an empty part cost 8 ms, and a what-if grounds several parts a
        # step.
        global _ENCODINGS
        if _ENCODINGS is None:
            entry = resources.files("mtg_asp.asp").joinpath("main.lp")
            with resources.as_file(entry) as path:
                statements: list = []
                try:
                    clingo.ast.parse_files([str(path)], statements.append, logger=self._log,
                                           message_limit=10000)
                except RuntimeError:
                    raise self._fail(f"loading the encodings from {path} failed") from None
            parts: dict[str, list] = {}
            current = "base"
            for statement in statements:
                if statement.ast_type == clingo.ast.ASTType.Program:
                    current = statement.name
                parts.setdefault(current, []).append(statement)
            _ENCODINGS = parts
        self._encoding_parts = set(_ENCODINGS) - {"base"}
        self._add_part_statements("base")

    def _add_part_statements(self, name: str) -> None:
        try:
            with clingo.ast.ProgramBuilder(self._ctl) as builder:
                for statement in _ENCODINGS[name]:
                    builder.add(statement)
        except RuntimeError:
            raise self._fail(f"adding the encodings of part {name!r} failed") from None

    def _add(self, part: str, text: str, what: str) -> None:
        try:
            self._ctl.add(part, [], text)
        except RuntimeError:
            raise self._fail(f"parsing {what} failed") from None

    def _ground(self, parts: list[tuple[str, list]]) -> None:
        for name, _ in parts:
            if name in self._encoding_parts:
                self._encoding_parts.discard(name)
                self._add_part_statements(name)
        try:
            self._ctl.ground(parts)
        except RuntimeError as e:
            raise self._fail(f"grounding failed ({e})") from None

    def _solve(self, atoms: bool = False) -> _Answer:
        """The one answer set of the (stratified) program, within the time limit: its shown
        symbols, or with `atoms` every true atom."""
        models: list[list[clingo.Symbol]] = []
        start = time.perf_counter()
        with self._ctl.solve(async_=True, on_model=lambda m: models.append(
                list(m.symbols(atoms=True) if atoms else m.symbols(shown=True)))) as handle:
            if not handle.wait(self.time_limit):
                handle.cancel()
                raise SolverError(f"no answer within the time limit of {self.time_limit:g} s")
            result = handle.get()
        self.timings.solve += time.perf_counter() - start
        if result.unsatisfiable or not models:
            raise SolverError("the encodings have no answer set for this state "
                              "(the state is impossible under the rules encoded)")
        for s in models[0]:
            if s.name == "limit_exceeded":
                raise SolverError(f"beyond what this solver handles: {s.arguments[0].string}")
        if len(models) > 1:
            raise SolverError(f"the encodings gave {len(models)} answer sets where the rules "
                              "decide one outcome; this is a bug in asp/")
        return _Answer(models[0])

    def search(self, switches: list[clingo.Symbol], budget: float | None = None):
        """The first answer set with the externals `switches` true (a query with choices, in
        a program part guarded by them): its symbols, None when there is none, or UNDECIDED
        when `budget` seconds ran out first (a SolverError when the time limit does). The
        switches are set false again after, so the part no longer takes part (externals start
        false, and assuming one true would contradict that: ASP-NOTES)."""
        found: list[list[clingo.Symbol]] = []
        start = time.perf_counter()
        wait = self.time_limit if budget is None else min(budget, self.time_limit)
        for s in switches:
            self._ctl.assign_external(s, True)
        try:
            self._ctl.configuration.solve.models = 1
            with self._ctl.solve(async_=True, on_model=lambda m: found.append(
                    list(m.symbols(shown=True)))) as handle:
                if not handle.wait(wait):
                    handle.cancel()
                    if budget is not None and budget < self.time_limit:
                        return UNDECIDED
                    raise SolverError(f"no answer within the time limit of {self.time_limit:g} s")
                handle.get()
        finally:
            for s in switches:
                self._ctl.assign_external(s, False)
            self._ctl.configuration.solve.models = 0
            self.timings.solve += time.perf_counter() - start
        return found[0] if found else None

    def enumerate(self, switches: list[clingo.Symbol], limit: int, release: bool = False,
                  what: str = "distinct answers") -> list[list[clingo.Symbol]]:
        """Every answer set with the externals `switches` true, one per distinct assignment of
        the atoms the part names in #project directives (projective enumeration), at most
        `limit` of them (a SolverError past that, or past the time limit)."""
        found: list[list[clingo.Symbol]] = []
        start = time.perf_counter()
        for s in switches:
            self._ctl.assign_external(s, True)
        solve = self._ctl.configuration.solve
        try:
            solve.models = limit + 1
            solve.project = "project"
            with self._ctl.solve(async_=True, on_model=lambda m: found.append(
                    list(m.symbols(shown=True)))) as handle:
                if not handle.wait(self.time_limit):
                    handle.cancel()
                    raise SolverError(f"no answer within the time limit of {self.time_limit:g} s")
                handle.get()
        finally:
            for s in switches:
                # release: never switched on again, so the solver may drop what it guards
                if release:
                    self._ctl.release_external(s)
                else:
                    self._ctl.assign_external(s, False)
            if release:
                self._ctl.cleanup()
            solve.models = 0
            solve.project = "no"
            self.timings.solve += time.perf_counter() - start
        if len(found) > limit:
            raise SolverError(f"beyond what this solver handles: more than {limit} {what}")
        return found

    def what_if(self, actions: list[str], where: str = "--do"):
        from .whatif import what_if
        return what_if(self, actions, where)

    def available_mana(self, player: str):
        from .mana import available_mana
        return available_mana(self, player)

    def board(self, explain: bool = False, objects: list[str] | None = None):
        from .board import board
        return board(self, explain, objects)

    def can_pay(self, player: str, cost: str):
        from .canpay import can_pay
        return can_pay(self, player, cost)

    def controllers(self) -> dict[str, str]:
        """Layer 2's controller of each permanent (object id -> player, CR 613.1b), read once."""
        if self._controllers is None:
            self._controllers = {object_id(s.arguments[0]): s.arguments[1].string
                                 for s in self.answer().get("controller")}
        return self._controllers

    def colors(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """Each object's colors after layer 5 (CR 613.1e) and as printed (202.2): object id ->
        (colors, printed colors), each sorted; read once."""
        if self._colors is None:
            now: dict[str, list[str]] = {}
            printed: dict[str, list[str]] = {}
            for name, out in (("has_color", now), ("printed_color", printed)):
                for s in self.answer().get(name):
                    out.setdefault(object_id(s.arguments[0]), []).append(s.arguments[1].name)
            self._colors = {k: (tuple(sorted(now.get(k, ()))), tuple(sorted(printed.get(k, ()))))
                            for k in set(now) | set(printed)}
        return self._colors

    def text_triggers(self) -> frozenset[tuple[str, str, int]]:
        """The permanents with a triggered ability written as text only (object id, card, oracle
        line): asp/whatif.lp's text_trigger/2, read once."""
        if self._text_triggers is None:
            self._text_triggers = frozenset(
                (object_id(s.arguments[0]), self.state.permanent(object_id(s.arguments[0])).card,
                 s.arguments[1].number) for s in self.answer().get("text_trigger"))
        return self._text_triggers

    def answer(self) -> _Answer | _FactAnswer:
        if self._answer is None:
            self._answer = self._facts()
        return self._answer

    def _facts(self) -> _FactAnswer:
        answer = _FactAnswer(self)
        for s in answer.get("limit_exceeded"):
            raise SolverError(f"beyond what this solver handles: {s.arguments[0].string}")
        return answer

    def outcome_parts(self, objects: list[clingo.Symbol]) -> list[tuple[str, list]]:
        """The `outcomes(o)` parts (asp/outcomes.lp) still to ground for these objects; each
        object's part is grounded once per Session."""
        todo = [o for o in objects if o not in self._outcomes]
        self._outcomes.update(todo)
        return [("outcomes", [o]) for o in todo]

    def part_answer(self, name: str, args: list[clingo.Symbol],
                    with_parts: list[tuple[str, list]] = ()) -> _Answer:
        """Ground the program part `name(args)` (once, with any parts it needs) and return the
        answer set with it."""
        key = (name, tuple(args))
        if key not in self._parts:
            self._ground([*with_parts, (name, args)])
            self._parts[key] = self._facts()
        return self._parts[key]

    # -- explanations ----------------------------------------------------------------------

    def explanations(self) -> dict[clingo.Symbol, list[Why]]:
        """For each explained answer term, the CR rules behind it (grounded on first use)."""
        if self._explained is None:
            start = time.perf_counter()
            self._ground([("explain", [])])
            answer = self._facts()
            self.timings.explain = time.perf_counter() - start
            out: dict[clingo.Symbol, list[Why]] = {}
            for s in answer.get("why"):
                about, rule, template, args = s.arguments
                words = [plain(a) for a in args.arguments]
                out.setdefault(about, []).append(Why(rule.string, template.string.format(*words)))
            for reasons in out.values():
                reasons.sort(key=lambda w: (_rule_key(w.rule), w.text))
            self._explained = out
        return self._explained

    # -- queries (each module does its own decoding) ------------------------------------------

    def could_produce(self, object_id: str | None = None, explain: bool = False):
        from .could_produce import could_produce
        return could_produce(self, object_id, explain)

    def activations(self, player: str | None = None, explain: bool = False):
        from .activations import activations
        return activations(self, player, explain)

    def orderings(self, object_id: str, ability: int | None = None, player: str | None = None,
                  limit: int = 10, explain: bool = False):
        from .orderings import orderings
        return orderings(self, object_id, ability, player, limit, explain)

    # -- checks on what a query names ----------------------------------------------------------

    def require_permanent(self, object_id: str, option: str = "--object") -> None:
        if self.state.permanent(object_id) is not None:
            return
        zone = next((z for z in self.state.zones if z.id == object_id), None)
        if zone is not None:
            raise InputError(self.state.source, option,
                             f"{object_id!r} is in {zone.owner}'s {zone.zone}, not on the battlefield")
        ids = ", ".join(p.id for p in self.state.battlefield) or "none"
        raise InputError(self.state.source, option,
                         f"no battlefield object has id {object_id!r}; ids are: {ids}")

    def require_player(self, player: str, option: str = "--player") -> None:
        if player not in self.state.players:
            raise InputError(self.state.source, option,
                             f"{player!r} is not a player; players are {', '.join(self.state.players)}")


def _rule_key(rule: str) -> tuple:
    import re
    parts = re.findall(r"\d+|[a-z]+", rule)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)
