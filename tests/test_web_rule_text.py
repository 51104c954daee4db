"""The text of the rules an answer cites (queries/rule_text.py) and `--explain --rule-text`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtg_asp.queries import rule_text
from mtg_asp.queries.cli import main

ROOT = Path(__file__).resolve().parents[1]
DEMO = str(ROOT / "examples" / "demo.yaml")


def test_a_subrule_is_its_paragraph_in_the_shipped_cr():
    book = rule_text.rule_book()
    assert book.text("601.2f").startswith("The player determines the total cost of the spell.")
    assert book.text("601.2f").endswith("If effects would change the total cost after this time, "
                                        "they have no effect.")
    assert book.text("704.5") == "The state-based actions are as follows:"
    assert book.text("704.5a") == "If a player has 0 or less life, that player loses the game."
    assert book.text("704") == "State-Based Actions"


def test_an_example_belongs_to_the_rule_above_it():
    text = rule_text.rule_book().text("704.4")
    assert text.splitlines()[1].startswith("Example: A player controls Maro")


def test_an_unknown_number_is_said_so():
    book = rule_text.rule_book()
    assert book.text("704.9z") is None
    assert book.describe("704.9z") == "(no rule 704.9z in the Comprehensive Rules of April 17, 2026)"


def test_another_edition_by_path_and_by_environment(tmp_path, monkeypatch):
    cr = tmp_path / "cr.txt"
    cr.write_text("These rules are effective as of June 1, 2030.\n\n100.1. Changed text.\n\n"
                  "100.1a A subrule.\nExample: An example.\n\nGlossary\n\nAbility\nWords.\n")
    assert rule_text.rule_book(str(cr)).text("100.1") == "Changed text."
    monkeypatch.setenv(rule_text.RULES_ENV, str(cr))
    book = rule_text.rule_book()
    assert book.text("100.1a") == "A subrule.\nExample: An example."
    assert book.text("704.5") is None


def test_a_file_that_is_not_the_cr_is_refused(tmp_path, capsys):
    other = tmp_path / "notes.txt"
    other.write_text("some notes\n")
    code = main(["could-produce", DEMO, "--explain", "--rule-text", "--rules", str(other)])
    assert code == 2
    assert "is not the Comprehensive Rules text" in capsys.readouterr().err


def test_cited_numbers_read_the_answers_shorthands():
    assert rule_text.cited_numbers("CR 106.12a/b, 601.2g-h; 107.5") == [
        "106.12a", "106.12b", "601.2g", "601.2h", "107.5"]
    assert rule_text.cited_numbers("(CR 704.5k-n)") == ["704.5k", "704.5m", "704.5n"]


def test_without_the_text_an_answer_keeps_its_numbers():
    shown = rule_text.with_rule_text("  CR 107.5: pool is untapped", None)
    assert shown.splitlines() == ["  CR 107.5: pool is untapped",
                                  "      107.5: " + rule_text.NOT_AVAILABLE]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_explain_rule_text_in_the_cli(fmt, capsys):
    args = ["could-produce", DEMO, "--object", "forest", "--explain", "--rule-text"]
    assert main(args + (["--json"] if fmt == "json" else [])) == 0
    out = capsys.readouterr().out
    cr_106_12 = rule_text.rule_book().text("106.12")
    if fmt == "json":
        rows = json.loads(out)["explain"]
        assert {r["rule"]: r["rule_text"] for r in rows}["106.12"] == cr_106_12
    else:
        lines = out.splitlines()
        at = next(i for i, ln in enumerate(lines) if "CR 106.12:" in ln)
        assert lines[at + 1].strip() == f"106.12: {cr_106_12}"


def test_rule_text_needs_explain(capsys):
    assert main(["could-produce", DEMO, "--rule-text"]) == 2
    assert "add --explain" in capsys.readouterr().err
