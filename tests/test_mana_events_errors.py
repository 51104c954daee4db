"""Bad input for the mana-events features: effects, timestamps, life, orderings and can-pay."""

from __future__ import annotations

from pathlib import Path

import pytest
from mtg_asp.queries.cli import main
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

ROOT = Path(__file__).resolve().parent.parent
EVENTS = str(ROOT / "examples" / "mana_events.yaml")
BASE = {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "upkeep"}}


def error_of(data) -> str:
    with pytest.raises(InputError) as e:
        load_state(data, "s.yaml")
    return str(e.value)


def test_effect_from_a_card_that_creates_none():
    msg = error_of({**BASE, "effects": [{"card": "Forest", "controller": "alice"}]})
    assert msg == "s.yaml: effects[0].card: no ability of Forest creates a continuous effect"


def test_effect_on_a_line_that_creates_none():
    msg = error_of({**BASE, "effects": [{"card": "Deep Water", "line": 2, "controller": "alice"}]})
    assert msg == ("s.yaml: effects[0].line: line 2 of Deep Water creates no continuous effect; "
                   "lines that do: 1")


def test_effect_controller_must_be_a_player():
    msg = error_of({**BASE, "effects": [{"card": "Pale Moon", "controller": "carol"}]})
    assert msg.startswith("s.yaml: effects[0].controller: 'carol' is not a player")


def test_effect_source_must_be_that_card():
    msg = error_of({**BASE, "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}],
                    "effects": [{"card": "Deep Water", "controller": "alice", "source": "f"}]})
    assert msg == "s.yaml: effects[0].source: 'f' is a Forest, not a Deep Water"


def test_equal_timestamps_are_an_error():
    msg = error_of({**BASE, "battlefield": [
        {"card": "Blood Moon", "controller": "alice", "timestamp": 2},
        {"card": "Prismatic Omen", "controller": "alice", "timestamp": 2}]})
    assert msg.startswith("s.yaml: battlefield[1].timestamp: timestamp 2 is also the timestamp of")


def test_life_of_unknown_player():
    assert error_of({**BASE, "life": {"carol": 3}}).startswith("s.yaml: life: 'carol' is not a player")


def test_min_amount_out_of_range():
    card = {"name": "Odd Sphere", "type_line": "Artifact", "oracle_text": "x",
            "abilities": [{"line": 1, "static": {"replacement": {"source": ["land"], "min_amount": 5000,
                                                                 "produces": {"exactly": "C"}}}}]}
    msg = error_of({**BASE, "cards": [card]})
    assert "cards[0].abilities[0].static.replacement.min_amount: must be from 0 to 1000" in msg


@pytest.mark.parametrize("argv,message", [
    (["orderings", EVENTS, "--tap", "nope"], "--tap: no battlefield object has id 'nope'"),
    (["orderings", EVENTS, "--tap", "reflection"], "--tap: reflection has no activated mana ability"),
    (["orderings", EVENTS, "--tap", "forest", "--player", "bob"],
     "--player: bob cannot activate forest's ability: only alice can (CR 602.2)"),
    (["orderings", EVENTS, "--tap", "monolith", "--ability", "1"],
     "--ability: line 1 of monolith is not a mana ability; its mana abilities are on lines 2"),
    (["orderings", EVENTS, "--tap", "forest", "--limit", "-1"], "--limit: must not be negative"),
    (["can-pay", EVENTS, "--player", "alice", "--cost", "2GG"], "--cost: '2GG' is not a mana cost"),
    (["can-pay", EVENTS, "--player", "alice", "--cost", "{X}{G}"], "--cost: {X} is not supported"),
    (["can-pay", EVENTS, "--player", "carol", "--cost", "{G}"], "--player: 'carol' is not a player"),
])
def test_query_mistakes_exit_2(capsys, argv, message):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_can_pay_answers_no_with_an_empty_plan(capsys):
    # Under Contamination alice's lands make {B} or {C}; one Pili-Pala makes one {G}.
    assert main(["can-pay", EVENTS, "--player", "alice", "--cost", "{2}{G}{G}", "--json"]) == 0
    assert capsys.readouterr().out.strip() == '{"payable": false, "plan": []}'
