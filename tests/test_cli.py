"""The command line: exit codes, messages on stderr, no tracebacks, stable JSON."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from mtg_asp.queries.cli import main

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "demo.yaml"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_could_produce_json(capsys):
    code, out, err = run(capsys, "could-produce", str(DEMO), "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == {"could_produce": {
        "pool": ["U", "G"], "orchard": ["U", "G"], "forest": ["G"], "elves": ["G"],
        "gleaner": [], "bob_orchard": ["U", "G"], "bob_island": ["U"], "compass": ["U"]}}


def test_could_produce_one_object(capsys):
    code, out, _ = run(capsys, "could-produce", str(DEMO), "--object", "compass", "--json")
    assert code == 0 and json.loads(out) == {"could_produce": {"compass": ["U"]}}


def test_activations_json(capsys):
    code, out, _ = run(capsys, "activations", str(DEMO), "--player", "alice", "--json")
    assert code == 0
    assert json.loads(out) == {"activations": [
        {"object": "pool", "ability": 1, "player": "alice"},
        {"object": "orchard", "ability": 1, "player": "alice"},
        {"object": "gleaner", "ability": 2, "player": "alice"}]}


def test_explain_cites_rules(capsys):
    code, out, _ = run(capsys, "activations", str(DEMO), "--player", "alice", "--explain")
    assert code == 0
    assert "alice cannot activate elves line 1 (CR 302.6)" in out
    assert "CR 107.5: forest is already tapped" in out
    code, out, _ = run(capsys, "could-produce", str(DEMO), "--object", "pool", "--explain", "--json")
    rows = json.loads(out)["explain"]
    assert {"object": "pool", "rule": "106.7",
            "reason": "pool: the ability on line 1 adds a type that forest (controlled by alice) "
                      "could produce: {G}"} in rows


def test_json_is_byte_identical_across_runs():
    cmd = [sys.executable, "-c", "from mtg_asp.queries.cli import main; raise SystemExit(main())"]
    outs = {subprocess.run(cmd + [q, str(DEMO), "--json"], capture_output=True, text=True,
                           check=True).stdout for q in ("could-produce",) for _ in range(3)}
    assert len(outs) == 1


@pytest.mark.parametrize("argv,message", [
    (["could-produce", "missing.yaml"], "missing.yaml: no such file"),
    (["could-produce", str(DEMO), "--object", "nope"], "--object: no battlefield object has id 'nope'"),
    (["activations", str(DEMO), "--player", "carol"], "--player: 'carol' is not a player"),
    (["could-produce", str(DEMO), "--time-limit", "0"], "--time-limit: must be a positive number"),
    (["check", "no/such/dir"], "no/such/dir: no such directory"),
])
def test_user_mistakes_exit_2_with_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_object_in_hand_is_not_on_battlefield(capsys, tmp_path):
    code, _, err = run(capsys, "could-produce", str(DEMO), "--object", "wastes")
    assert code == 2 and "'wastes' is in alice's hand, not on the battlefield" in err


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["could-produce"])
    assert e.value.code == 2
    assert "the following arguments are required: STATE" in capsys.readouterr().err


def test_no_traceback_from_console_script(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [alice\n")
    cmd = [sys.executable, "-c", "from mtg_asp.queries.cli import main; raise SystemExit(main())"]
    r = subprocess.run(cmd + ["could-produce", str(bad)], capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "malformed YAML" in r.stderr and "Traceback" not in r.stderr


def test_a_reader_that_stops_early_gets_no_traceback():
    # `mtg-asp board ... | head -1`: the pipe closes before the answer is written
    cmd = [sys.executable, "-c", "from mtg_asp.queries.cli import main; raise SystemExit(main())",
           "board", str(DEMO)]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        p.stdout.close()            # the reader is gone before anything is written
        err = p.stderr.read().decode()
        code = p.wait()
    assert code == 0 and "Traceback" not in err and "BrokenPipe" not in err


def scenario(tmp_path, name, expect_types):
    (tmp_path / name).write_text(textwrap.dedent(f"""\
        ruling: Two Reflecting Pools alone produce nothing.
        cr: ["106.7"]
        state:
          players: [alice, bob]
          turn: {{number: 2, active: alice, step: upkeep}}
          battlefield:
            - {{id: a, card: Reflecting Pool, controller: alice}}
            - {{id: b, card: Reflecting Pool, controller: alice}}
        query: could-produce
        expect: {{could_produce: {{a: {expect_types}, b: []}}}}
        """))


def test_check_reports_pass_and_fail(capsys, tmp_path):
    scenario(tmp_path, "right.yaml", "[]")
    scenario(tmp_path, "wrong.yaml", "[G]")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 1
    assert f"PASS {tmp_path / 'right.yaml'}" in out
    assert "FAIL" in out and 'expected: {"could_produce": {"a": ["G"], "b": []}}' in out
    assert out.strip().endswith("1 passed, 1 failed")


def test_check_reports_broken_scenario(capsys, tmp_path):
    (tmp_path / "broken.yaml").write_text("ruling: x\nstate: {players: [a]}\nquery: could-produce\nexpect: {}\n")
    code, out, _ = run(capsys, "check", str(tmp_path))
    assert code == 2
    assert "ERROR" in out and "name the ruling's source" in out


def test_demo_runs(capsys):
    code, out, _ = run(capsys, "demo")
    assert code == 0
    assert "pool could produce: {U} {G}" in out
    assert "What if it were turn 6 (alice's precombat main)? Could alice tap her elves for mana?\n  yes" in out


def test_solver_limit_exits_3(capsys, tmp_path, monkeypatch):
    # A question beyond what the solver handles is a SolverError: exit 3, the reason on stderr.
    # Birds of Paradise's mana ability makes five distinct states; allow only one.
    from mtg_asp.queries import whatif
    monkeypatch.setattr(whatif, "MAX_BRANCHES", 1)
    state = tmp_path / "birds.yaml"
    state.write_text(textwrap.dedent("""\
        players: [alice, bob]
        turn: {number: 3, active: alice, step: precombat_main}
        battlefield:
          - {id: birds, card: Birds of Paradise, controller: alice}
        """))
    code, out, err = run(capsys, "what-if", str(state), "--do", "activate birds 2")
    assert code == 3 and out == ""
    assert err == "mtg-asp: solver: beyond what this solver handles: more than 1 ways one step can go\n"


def test_check_runs_a_scenario_mixing_a_what_if_and_an_explained_query(capsys, tmp_path):
    # One Session answers both (it once ended in a traceback: the what-if's why/4 and explain's).
    (tmp_path / "mixed.yaml").write_text(textwrap.dedent("""\
        ruling: A flickered Forest is a new object that still taps for {G}.
        cr: ["400.7", "106.7"]
        state:
          players: [alice, bob]
          turn: {number: 3, active: alice, step: precombat_main}
          battlefield:
            - {id: forest, card: Forest, controller: alice}
        queries:
          - query: what-if
            args: {actions: [flicker forest]}
            expect:
              actions: [flicker forest]
              outcomes:
                - changes:
                    - {step: 1, change: moves, object: forest, from: battlefield, to: exile, rules: ["400.7"]}
                    - {step: 1, change: moves, object: forest, from: exile, to: battlefield, controller: alice,
                       rules: ["400.7"]}
                  after: {forest: {zone: battlefield, controller: alice, new_object: true}}
          - query: could-produce
            args: {object: forest}
            expect: {could_produce: {forest: [G]}}
            rules: {forest: ["106.12", "305.6", "605.1a"]}
        """))
    code, out, err = run(capsys, "check", str(tmp_path))
    assert (code, err) == (0, ""), out
    assert "1 passed, 0 failed" in out


def test_version_vocabulary_and_card_search(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.startswith("mtg-asp 0.")
    # docs/cards.md is installed with the package
    code, out, _ = run(capsys, "cards", "vocabulary")
    assert code == 0 and out.startswith("# ") and "## Ability entries" in out
    # every word must be in the name, in any case
    code, out, _ = run(capsys, "cards", "list", "--search", "GUIDE spirit")
    assert code == 0 and "Elvish Spirit Guide" in out and "Simian Spirit Guide" in out
    assert "Llanowar" not in out


def test_what_if_help_lists_the_actions(capsys):
    with pytest.raises(SystemExit):
        main(["what-if", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "the actions: move ID to ZONE" in out and "attack ID [ID ...]" in out


def test_a_counter_kind_cannot_reach_the_encodings_unchecked(capsys):
    # a quote in the kind would restructure the ASP term it is pasted into
    code, out, err = run(capsys, "what-if", str(DEMO), "--do", 'counters elves bad"kind 1')
    assert code == 2 and out == ""
    assert "a counter kind is one word" in err and "Traceback" not in err

