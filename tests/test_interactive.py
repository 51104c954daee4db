"""what-if --interactive (issue 16): the prompt driven through a pseudo-terminal, and `save`'s
state file, which loads back to the state reached."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from mtg_asp.queries import Session
from mtg_asp.queries.save_state import comparable, state_yaml
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state, load_state_file
from mtg_asp.translator.yamlio import load_yaml_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CLI = "from mtg_asp.queries.cli import main; raise SystemExit(main())"


def first_objects(state):
    return comparable(state)


def reached(path, actions):
    with Session(load_state_file(path)) as session:
        (result,) = [r for r in session.what_if(actions).results if r.illegal is None][:1]
    return result.state


@pytest.mark.parametrize("path, actions", [
    ("demo.yaml", ["play wastes", "activate pool 1"]),
    ("whatif.yaml", ["cast one x=2", "resolve", "counters one +1/+1 2"]),
    ("combat.yaml", ["next step"]),       # a triggered ability on the stack
])
def test_a_saved_state_loads_back_to_the_state_reached(path, actions):
    state = reached(EXAMPLES / path, actions)
    loaded = load_state(load_yaml_text(state_yaml(state, "saved.yaml"), "saved.yaml"), "saved.yaml")
    assert first_objects(loaded) == first_objects(state)


def test_what_a_state_file_cannot_hold_is_refused_not_dropped():
    # a spell on the stack: the state file's stack holds abilities only
    state = reached(EXAMPLES / "whatif.yaml", ["cast one x=2"])
    with pytest.raises(InputError, match=r"saved.yaml: stack.one: one is a spell on the stack"):
        state_yaml(state, "saved.yaml")
    # Loyal Unicorn's effect on the creatures alice controlled as it resolved (611.2c): the state
    # file's effect lists them in its targets (a grant to a group, misc11), so it loads back
    state = reached(EXAMPLES / "combat.yaml", ["next step", "resolve"])
    loaded = load_state(load_yaml_text(state_yaml(state, "saved.yaml"), "saved.yaml"), "saved.yaml")
    assert first_objects(loaded) == first_objects(state)
    assert any(e.targets for e in loaded.effects)


class Prompt:
    """`mtg-asp what-if STATE --interactive` in a pseudo-terminal."""

    def __init__(self, state: Path):
        pid, fd = pty.fork()
        if pid == 0:       # the child: the command line, on the terminal
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-c", CLI, "what-if", str(state), "--interactive"])
        self.pid, self.fd, self.seen = pid, fd, ""

    def until(self, text: str, timeout: float = 240) -> str:
        """Read until `text` is on the terminal; what came since the last call."""
        end = time.monotonic() + timeout
        start = len(self.seen)
        while text not in self.seen[start:]:
            left = end - time.monotonic()
            assert left > 0, f"no {text!r} on the terminal; it shows:\n{self.seen[start:][-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536).decode(errors="replace")
                except OSError:
                    chunk = ""
                if not chunk:
                    raise AssertionError(f"the prompt ended before {text!r}:\n{self.seen[start:][-2000:]}")
                self.seen += chunk.replace("\r\n", "\n")
        return self.seen[start:]

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def status(self, timeout: float = 60, nudge: bool = False) -> int:
        """Its exit code; the test fails (and the prompt is ended) if it does not end in time.
        `nudge`: after a Ctrl-C, a newline as well if it has not ended in a few seconds (Python
        cannot see a SIGINT that comes after the prompt is written but before it reads the
        terminal until the read returns: a person never types that fast)."""
        end = time.monotonic() + timeout
        nudged = not nudge
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            if not nudged and time.monotonic() > end - timeout + 5:
                self.send("")
                nudged = True
            if time.monotonic() > end:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                os.close(self.fd)
                raise AssertionError(f"the prompt did not end; it shows:\n{self.seen[-2000:]}")
            self.drain()
            time.sleep(0.1)

    def drain(self) -> None:
        """Keep reading what it writes (a full terminal would block it)."""
        while select.select([self.fd], [], [], 0)[0]:
            try:
                chunk = os.read(self.fd, 65536).decode(errors="replace")
            except OSError:
                return
            if not chunk:
                return
            self.seen += chunk.replace("\r\n", "\n")


def test_the_prompt_lists_takes_an_action_goes_back_saves_and_quits(tmp_path):
    p = Prompt(EXAMPLES / "demo.yaml")
    shown = p.until("\n> ")
    # the board and the legal actions, numbered: Wastes can be played, the tapped Forest and the
    # summoning-sick Elves are not listed
    assert "legal actions now:\n  1. play wastes\n" in shown
    assert "activate pool line 1" in shown and "activate forest" not in shown and "activate elves" not in shown
    p.send("1")
    shown = p.until("\n> ")
    assert "wastes enters the battlefield from its owner's hand under alice's control" in shown
    assert "took 'play wastes'" in shown and "play wastes" not in shown.split("legal actions now:")[1]
    p.send("back")
    shown = p.until("\n> ")
    assert "back one step" in shown and "  1. play wastes" in shown
    p.send("play nothing")          # a mistake is a message
    assert "error: the prompt: [0]: 'play nothing': no object has id 'nothing'" in p.until("\n> ")
    p.send("play wastes")
    p.until("took 'play wastes'")
    p.until("\n> ")
    saved = tmp_path / "reached.yaml"
    p.send(f"save {saved}")
    assert f"saved the state reached to {saved}" in p.until("\n> ")
    p.send("quit")
    assert p.status() == 0
    assert first_objects(load_state_file(saved)) == first_objects(reached(EXAMPLES / "demo.yaml", ["play wastes"]))


def test_the_prompt_asks_which_way_and_ends_at_ctrl_c(tmp_path):
    state = tmp_path / "two.yaml"
    state.write_text("players: [alice, bob]\nturn: {number: 5, active: alice, step: precombat_main}\n"
                     "battlefield:\n  - {id: f1, card: Forest, controller: alice}\n"
                     "  - {id: f2, card: Forest, controller: alice}\n"
                     "hand: {alice: [{id: elves, card: Llanowar Elves}]}\n")
    p = Prompt(state)
    assert "  1. cast elves" in p.until("\n> ")
    p.send("cast elves")
    assert "it can go 2 ways: pick an outcome (1, 2) or `cancel`: " in p.until("or `cancel`: ")
    p.send("3")
    assert "give one of 1, 2, or cancel" in p.until("`cancel`: ")
    p.send("2")
    shown = p.until("\n> ")
    assert "took 'cast elves'" in shown and "f2 (alice, tapped)" not in shown   # outcome 2 tapped f2
    os.write(p.fd, b"\x03")         # Ctrl-C: the prompt ends cleanly
    assert p.status(nudge=True) == 0
    assert "Traceback" not in p.seen


def test_end_of_input_while_it_asks_which_way_ends_the_prompt(tmp_path):
    # Reflecting Pool adds {G} or {U} (what alice's Forest and Island could produce): two ways
    state = tmp_path / "pool.yaml"
    state.write_text("players: [alice, bob]\nturn: {number: 5, active: alice, step: precombat_main}\n"
                     "battlefield:\n  - {id: pool, card: Reflecting Pool, controller: alice}\n"
                     "  - {id: f, card: Forest, controller: alice}\n  - {id: i, card: Island, controller: alice}\n")
    p = Prompt(state)
    p.until("\n> ")
    p.send("activate pool line 1")
    p.until("or `cancel`: ")
    os.write(p.fd, b"\x04")         # end of input
    assert p.status() == 0
    assert "Traceback" not in p.seen


def test_the_listing_tries_the_cards_the_zone_rules_permit():
    # CR 601.3, 702.34a: Think Twice may be cast from the graveyard (flashback {2}{U}, paid with
    # the three Islands); the Llanowar Elves there may not, nor the Island in the library.
    # 305.1: the Forest in hand is played (one land a turn: alice played none yet).
    from mtg_asp.queries.interactive import legal_actions
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": f"isle{i}", "card": "Island", "controller": "alice"} for i in range(3)],
        "hand": {"alice": [{"id": "forest", "card": "Forest"}]},
        "graveyard": {"alice": [{"id": "tt", "card": "Think Twice"}, {"id": "dead", "card": "Llanowar Elves"}]},
        "library": {"alice": [{"id": "top", "card": "Island"}]}}, "t.yaml")
    with Session(state) as session:
        actions = [c.action for c in legal_actions(session, state)]
    assert [a for a in actions if a.split()[0] in ("cast", "play")] == ["play forest", "cast tt"]
