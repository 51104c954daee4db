"""Limits that hold (queries/limits.py): the time limit bounds grounding as well as solving,
the memory limit bounds the query's memory, each ends the query with one line and exit 3, and
Ctrl-C ends a query with exit 130; nothing is left running. The board: 150 Forests and 16
Pili-Palas, and a cost of {50000}, whose can-pay grounds a choice of a mana type for each unit
of the cost (300,000 choices: about 25 s and 500 MB on this 2-core machine). The tests assert messages and exit codes,
never times."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
import yaml
from mtg_asp.queries import Session
from mtg_asp.queries.limits import LimitExceeded
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BOARD = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
         "battlefield": [{"id": f"forest{i}", "card": "Forest", "controller": "alice"} for i in range(150)]
         + [{"id": f"pili{i}", "card": "Pili-Pala", "controller": "alice"} for i in range(16)]}
HEAVY = "{50000}"


@pytest.fixture(scope="module")
def board_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("limits") / "board.yaml"
    path.write_text(yaml.safe_dump(BOARD))
    return path


def cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mtg_asp.queries.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False, **kw)


def test_the_time_limit_holds_while_grounding(board_file):
    r = cli("can-pay", str(board_file), "--player", "alice", "--cost", HEAVY, "--time-limit", "1")
    assert r.returncode == 3, r.stderr
    assert not running(str(board_file))            # the worker and its query were ended
    assert r.stderr.strip().splitlines() == [
        ("mtg-asp: limit: the time limit of 1 s was reached (grounding and solving included); "
         "the query was stopped")]
    assert r.stdout == ""


def test_the_memory_limit_holds(board_file):
    r = cli("can-pay", str(board_file), "--player", "alice", "--cost", HEAVY, "--memory-limit", "200")
    assert r.returncode == 3, r.stderr
    assert r.stderr.strip().splitlines() == [
        "mtg-asp: limit: the memory limit of 200 MB was reached; the query was stopped"]
    # the same limit is plenty for a small cost on the same board
    small = cli("can-pay", str(board_file), "--player", "alice", "--cost", "{G}", "--memory-limit", "200")
    assert small.returncode == 0 and "alice can pay {G}" in small.stdout, small.stderr


def test_bad_limits_are_refused_before_anything_is_read():
    for option, value in (("--time-limit", "0"), ("--memory-limit", "10")):
        r = cli("board", "/nonexistent.yaml", option, value)
        assert r.returncode == 2 and option in r.stderr and "Traceback" not in r.stderr


def test_ctrl_c_ends_a_query_with_130_and_leaves_nothing_running(board_file):
    p = subprocess.Popen([sys.executable, "-m", "mtg_asp.queries.cli", "can-pay", str(board_file), "--player",
                          "alice", "--cost", HEAVY], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    time.sleep(2)                                   # well into the grounding
    os.killpg(p.pid, signal.SIGINT)                 # as a terminal's Ctrl-C: the whole group
    _, err = p.communicate(timeout=30)
    assert p.returncode == 130 and "Traceback" not in err, err
    # no worker left (forks keep the command line, which names the board file)
    for _ in range(50):
        if not running(str(board_file)):
            break
        time.sleep(0.1)
    assert not running(str(board_file))


def running(word: str) -> list[int]:
    """The processes whose command line holds the word."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as fh:
                    if word.encode() in fh.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


def test_the_python_api_takes_the_same_limits_and_goes_on_after_one():
    session = Session(load_state(BOARD), time_limit=1)
    with pytest.raises(LimitExceeded, match="time limit of 1 s"):
        session.can_pay("alice", HEAVY)
    # a fresh worker answers the next query as a fresh Session would
    assert session.can_pay("alice", "{G}{G}").payable
    # a user mistake in the worker is raised as itself
    with pytest.raises(InputError, match="nobody"):
        session.can_pay("nobody", "{G}")
    session.close()


def test_sessions_kept_alive_never_pile_up_worker_processes():
    from mtg_asp.queries import limits
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                        "step": "precombat_main"}, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    sessions = [Session(state) for _ in range(limits.MAX_LIVE_WORKERS + 3)]
    assert len(limits._LIVE) <= limits.MAX_LIVE_WORKERS
    # a Session whose worker was ended starts another and answers the same
    assert [s.could_produce().to_json() for s in sessions] == [{"could_produce": {"f": ["G"]}}] * len(sessions)
    assert len(limits._LIVE) <= limits.MAX_LIVE_WORKERS
    for s in sessions:
        s.close()


def _children(pid: int) -> list[str]:
    """The states (R, S, Z...) of the processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(fields[0])
    return found


def test_a_query_fork_is_reaped_once_it_has_answered():
    # limits._forked answers before its fork has exited (the exit took 6 ms); the worker reaps
    # it after the reply (_reap), before it takes the next request: no fork is left behind
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                        "step": "precombat_main"}, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    session = Session(state)
    for _ in range(3):
        assert session.could_produce().to_json() == {"could_produce": {"f": ["G"]}}
    session._worker.call("timings")     # answered by the worker itself, after its last _reap
    worker = session._worker._process.pid
    assert _children(worker) == []
    session.close()


def test_closing_a_session_between_queries_lets_its_worker_end_by_itself():
    # Worker.close(wait=True): the worker, asked to end, returns from its loop having reaped its
    # last query's fork, so what the fork used is counted as the worker's children's
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                        "step": "precombat_main"}, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]})
    session = Session(state)
    assert session.could_produce().to_json() == {"could_produce": {"f": ["G"]}}
    process = session._worker._process
    session.close()
    assert process.exitcode == 0                    # ended, not killed (-9)
