"""Every example in README.md runs as shown."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CLI = [sys.executable, "-c", "from mtg_asp.queries.cli import main; raise SystemExit(main())"]


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.DOTALL)


COMMANDS = [line for b in blocks("sh") for line in b.splitlines()
            if line.startswith("mtg-asp ")]


# The rulings corpus runs as pytest items of its own (conftest.py), through the same runner
# as `mtg-asp check`: the README's check of the whole corpus is run here on one folder of it,
# so that the test run does not run the corpus twice.
CORPUS, ONE_FOLDER = "tests/rulings", "tests/rulings/cards/aminatou"


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command):
    argv = shlex.split(command)[1:]
    if argv[:2] == ["check", CORPUS]:
        argv[1] = ONE_FOLDER
    r = subprocess.run(CLI + argv, cwd=ROOT, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()


def test_readme_lists_every_query():
    for q in ("could-produce", "activations", "orderings", "can-pay", "mana", "what-if", "board", "check",
              "demo"):
        assert f"### {q}" in README


def test_readme_error_example_is_what_we_print():
    text = blocks("text")[0]
    command, expected = text.splitlines()[0][2:], text.splitlines()[1]
    r = subprocess.run(CLI + shlex.split(command)[1:], cwd=ROOT, capture_output=True, text=True, check=False)
    assert r.returncode == 2 and r.stderr.strip() == expected


def test_readme_python_example_runs():
    code = blocks("python")[0]
    ns: dict = {}
    import os
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for line in code.splitlines():
            stmt = line.split("#")[0].rstrip()
            if stmt:
                exec(stmt, ns)  # noqa: S102  (the README's own Python example, run as written)
    finally:
        os.chdir(cwd)
    assert ns["session"].could_produce().types["pool"] == ("U", "G")


def test_readme_scenario_example_passes(tmp_path):
    from mtg_asp.queries.scenario import load_scenario, run_scenario
    yaml_block = next(b for b in blocks("yaml") if b.startswith("ruling:"))
    p = tmp_path / "readme_scenario.yaml"
    p.write_text(yaml_block)
    outcome = run_scenario(load_scenario(p))
    assert outcome.passed, outcome.message


def test_readme_state_example_loads(tmp_path):
    from mtg_asp.translator.state import load_state_file
    yaml_block = next(b for b in blocks("yaml") if b.startswith("players:"))
    p = tmp_path / "state.yaml"
    p.write_text(yaml_block)
    assert [b.id for b in load_state_file(p).battlefield] == ["pool", "elves", "forest"]
