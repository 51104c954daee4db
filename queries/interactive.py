"""`mtg-asp what-if STATE --interactive`: a prompt over the what-if, a step at a time.

Each turn of the prompt shows the board (the board query), then the actions the solver finds
legal now, numbered: the cards that can be cast or played (each tried as a what-if step: legal
when at least one of its outcomes can be taken), the activated abilities the activations query
lists, the attacks and blocks in the steps that declare them, `resolve` or `next step`. The
user gives a number or an action text (the what-if's syntax); the prompt shows what changed
and, when the action can go several ways, asks which. `back` undoes a step, `save FILE`
writes the state reached as a state file (queries/save_state.py), `quit` (or end of input, or
Ctrl-C) ends. A mistake at the prompt is a message, never a traceback. Python here only asks
and shows: every legal action and every change is the solver's answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..translator.errors import InputError, SolverError
from ..translator.model import GameState
from .limits import LimitExceeded
from .save_state import state_yaml
from .session import Session
from .whatif import ACTIONS

HELP = ("Give the number of an action, or an action as text (" + ACTIONS + "); "
        "`back` undoes the last step, `save FILE` writes the state reached as a state file, "
        "`board` shows the board again, `help` this text, `quit` ends.")


@dataclass(frozen=True)
class Choice:
    action: str
    note: str = ""          # what the listing could not check (a cost for can-pay)


class Interactive:
    """One interactive session: the states reached so far (the last is the current one)."""

    def __init__(self, state: GameState, time_limit: float, memory_limit: int,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        self.history = [state]
        self.time_limit, self.memory_limit = time_limit, memory_limit
        self.read, self.write = read, write
        self._session: Session | None = None
        self.choices: list[Choice] = []

    @property
    def state(self) -> GameState:
        return self.history[-1]

    def session(self) -> Session:
        if self._session is None or self._session.state is not self.state:
            if self._session is not None:
                self._session.close()
            self._session = Session(self.state, self.time_limit, self.memory_limit)
        return self._session

    def run(self) -> int:
        try:
            self.show()
            while True:
                line = self.read("> ").strip()
                if line.lower() in ("quit", "exit", "q"):
                    return 0
                try:
                    self.command(line)
                except (InputError, SolverError, LimitExceeded) as e:
                    self.write(f"error: {e}")
        except (EOFError, KeyboardInterrupt):
            # end of input or Ctrl-C, at any prompt: the session ends
            self.write("")
            return 0
        finally:
            if self._session is not None:
                self._session.close()

    # -- commands ---------------------------------------------------------------------------

    def command(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        verb = words[0].lower()
        if verb == "help":
            self.write(HELP)
        elif verb == "board":
            self.show()
        elif verb == "back":
            if len(self.history) == 1:
                self.write("nothing to undo: this is the state the session started from")
                return
            self.history.pop()
            self.write("back one step")
            self.show()
        elif verb == "save":
            if len(words) != 2:
                self.write("write it as: save FILE")
                return
            self.save(words[1])
        elif line.isdigit():
            k = int(line)
            if not 1 <= k <= len(self.choices):
                self.write(f"no action {k}: give a number from 1 to {len(self.choices)}"
                           if self.choices else "no action is listed: give an action as text")
                return
            self.take(self.choices[k - 1].action)
        else:
            self.take(line)

    def save(self, path: str) -> None:
        text = state_yaml(self.state, path)
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as e:
            self.write(f"error: {path}: cannot write it ({e.strerror})")
            return
        self.write(f"saved the state reached to {path}")

    def take(self, action: str) -> None:
        result = self.session().what_if([action], "the prompt")
        ways = [r for r in result.results if r.illegal is None]
        self.write(result.to_text())
        if not ways:
            self.write("that action cannot be taken (see why above); the state is unchanged")
            return
        pick = ways[0]
        if len(ways) > 1:
            numbers = [k for k, r in enumerate(result.results, 1) if r.illegal is None]
            while True:
                answer = self.read(f"it can go {len(ways)} ways: pick an outcome ({', '.join(map(str, numbers))}) "
                                   "or `cancel`: ").strip().lower()
                if answer == "cancel":
                    self.write("cancelled; the state is unchanged")
                    return
                if answer.isdigit() and int(answer) in numbers:
                    pick = result.results[int(answer) - 1]
                    break
                self.write(f"give one of {', '.join(map(str, numbers))}, or cancel")
        self.history.append(pick.state)
        self.write(f"took {action!r} (step {len(self.history) - 1} of this session)")
        self.show()

    # -- the board and the legal actions ------------------------------------------------------

    def show(self) -> None:
        s = self.state
        session = self.session()
        self.write(f"turn {s.turn.number}, {s.turn.active}'s, {s.turn.step.replace('_', ' ')} step; "
                   + "; ".join(f"{p}: {n} life" for p, n in s.life)
                   + "".join(f"; {p}'s pool: " + "".join(f"{{{t}}}" * n for t, n in mana)
                             for p, mana in s.mana_pool if any(n for _, n in mana)))
        self.write(session.board().to_text())
        if s.stack:
            self.write("the stack, from the bottom: " + ", ".join(
                f"{t.id} ({t.source}{' spell' if t.spell else f' line {t.line}'}, {t.controller}'s)"
                for t in s.stack))
        self.choices = self.legal_actions()
        self.write("legal actions now:" if self.choices else "no legal action found")
        for k, c in enumerate(self.choices, 1):
            self.write(f"  {k}. {c.action}" + (f"  ({c.note})" if c.note else ""))
        for hint in self.hints():
            self.write(f"  also: {hint}")

    def legal_actions(self) -> list[Choice]:
        return legal_actions(self.session(), self.state)

    def hints(self) -> list[str]:
        return hints(self.state)


def legal_actions(session: Session, s: GameState) -> list[Choice]:
    """The actions that can be taken now, each one the solver's answer: a card in a hand (or
    playable from another zone), an attack or a block is listed when its what-if has an outcome
    that can be taken; each activation the activations query allows, with what it could not
    check; then `resolve` or `next step`. Which cards may be cast or played from where they are,
    and in which form (a land is played, 305.1, 305.9; anything else is cast, 601.3), is the
    board's answer (asp/casting.lp zone_permits/3); whether now, the what-if's."""
    out: list[Choice] = []
    tried = []
    # the permanents that are creatures now, after the layers (the board query, 613); and the
    # cards elsewhere that a player may cast or play from where they are (601.3, 305.1, 305.9:
    # asp/casting.lp zone_permits/3), whose timing and costs the what-if decides
    answer = session.board().to_json()
    board = answer["board"]
    creatures = {oid for oid, v in board.items() if "creature" in v.get("types", ())}
    controllers = {oid: v.get("controller") for oid, v in board.items()}
    cards = answer.get("cards", {})
    for z in sorted(s.zones, key=lambda z: (z.owner, z.position)):
        for may in cards.get(z.id, {}).get("may", ()):
            if may["action"] == "play":
                tried.append(f"play {z.id}")
            elif not _has_x(s.library.get(z.card).mana_cost):
                tried.append(f"cast {z.id}")
    if s.turn.step == "beginning_of_combat":
        tried += [f"attack {oid}" for oid in sorted(creatures) if controllers[oid] == s.turn.active]
    if s.turn.step == "declare_attackers":
        attackers = [p.id for p in s.battlefield if p.attacking]
        blockers = [oid for oid in sorted(creatures) if controllers[oid] != s.turn.active]
        tried += [f"block {b} {a}" for a in attackers for b in blockers]
        if attackers:
            tried.append("block none")
    for action in tried:
        if _can_take(session, action):
            out.append(Choice(action))
    for a in session.activations().allowed:
        line = a.intrinsic if a.ability == 0 and a.intrinsic else f"line {a.ability}"
        action = f"activate {a.object} {line}" + (f" from {a.granted_by}" if a.granted_by else "")
        note = f"{a.player}'s" + ("; cost not checked: " + ", ".join(a.unchecked_costs)
                                  if a.unchecked_costs else "")
        out.append(Choice(action, note))
    out.append(Choice("resolve" if s.stack else "next step"))
    return out


def hints(s: GameState) -> list[str]:
    """Actions the listing does not try, as the user would write them."""
    out = [f"cast {z.id} x=N (N: the value of X)" for z in s.zones
           if z.zone == "hand" and _has_x(s.library.get(z.card).mana_cost)]
    out.append("any action as text, with targeting T ... or paying with ID ... (help lists every form)")
    return out


def _has_x(mana_cost: tuple[str, ...]) -> bool:
    return "X" in mana_cost


def _can_take(session: Session, action: str) -> bool:
    """The solver's answer: at least one outcome of the action can be taken."""
    try:
        # one way is enough to list it (whatif.what_if's any_way: the first plan that pays)
        result = session._ask("what_if", [action], "the prompt", False, True)
    except InputError:
        return False
    return any(r.illegal is None for r in result.results)


def run_interactive(state: GameState, time_limit: float, memory_limit: int) -> int:
    print(f"mtg-asp what-if, interactive: {HELP}")
    return Interactive(state, time_limit, memory_limit).run()


__all__ = ["Interactive", "run_interactive"]
