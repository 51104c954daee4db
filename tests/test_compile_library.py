"""The bundled card library proves the compiler: each card's printed fields (name, mana cost,
type line, oracle text) compiled, every line the compiler marks compiled must be the ability the
card file writes by hand (both parsed with parse_card: the same Ability)."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from mtg_asp.translator.cards import parse_card, parse_card_file
from mtg_asp.translator.compiler import COMPILED, compile_face
from mtg_asp.translator.yamlio import load_yaml_file


def library_cards():
    root = resources.files("mtg_asp.cards")
    out = []
    for entry in sorted(root.iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".yaml"):
            with resources.as_file(entry) as path:
                data = load_yaml_file(path)
                items = data["cards"] if isinstance(data, dict) and "cards" in data else [data]
                cards = parse_card_file(data, str(path))
                out += [(entry.name, raw, card) for raw, card in zip(items, cards)]
    return out


LIBRARY = library_cards()


def face_of(raw: dict) -> dict:
    """A card file's printed fields in MTGJSON's shape, as a card database would give them."""
    face = {"name": raw["name"], "manaCost": raw.get("mana_cost", ""), "type": raw["type_line"],
            "text": raw.get("oracle_text", "")}
    if "power_toughness" in raw:
        face["power"], face["toughness"] = str(raw["power_toughness"]).split("/")
    if "loyalty" in raw:
        face["loyalty"] = str(raw["loyalty"])
    return face


@pytest.mark.parametrize("file, raw, card", LIBRARY, ids=[f"{f}:{r['name']}" for f, r, _ in LIBRARY])
def test_each_line_the_compiler_compiles_is_the_hand_written_ability(file, raw, card):
    compiled = compile_face(face_of(raw))
    again = parse_card(compiled.card, "compiled")
    by_line = {a.line: a for a in card.abilities}
    for result, ability in zip(compiled.lines, again.abilities):
        assert result.line == ability.line
        if result.status == COMPILED:
            assert ability == by_line[result.line], f"line {result.line}: {result.text!r}"


def test_most_of_the_librarys_mana_lines_compile():
    # Every line of the library that adds mana or changes how mana is produced is read; the
    # number says how many: a template that stopped reading them fails here.
    compiled = [r for _, raw, _ in LIBRARY for r in compile_face(face_of(raw)).lines if r.status == COMPILED]
    mana = [r for r in compiled if r.template in ("mana_ability", "mana_trigger", "mana_replacement", "mana_grant",
                                                  "intrinsic", "creates_mana_replacement")]
    assert len(mana) >= 40, [r.text for r in mana]


def test_each_line_left_hand_written_says_why_in_its_card_file():
    # cards/*.yaml: "# compiler: line N stays hand-written: <why>" (or "lines N, M stay ...")
    root = resources.files("mtg_asp.cards")
    for file, raw, _ in LIBRARY:
        text = root.joinpath(file).read_text(encoding="utf-8")
        said = set()
        for m in re.finditer(r"# compiler: lines? ([\d, ]+) stays? hand-written: \S", text):
            said |= {int(n) for n in m.group(1).split(",")}
        left = [r.line for r in compile_face(face_of(raw)).lines if r.status != COMPILED]
        assert set(left) <= said, f"{file}: {raw['name']} lines {sorted(set(left) - said)} need a '# compiler:' comment"
        # and no comment outlives its reason: a line the compiler reads now has none
        assert said <= set(left), f"{file}: {raw['name']} lines {sorted(said - set(left))} compile now; drop their comment"
