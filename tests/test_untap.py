"""The untap step (asp/turn.lp, CR 502.3) with untap restrictions compiled from their oracle
text: "doesn't untap during your untap step" (on itself, an enchanted creature, a group), "...
if it has a depletion counter on it" (a condition read then), and "You may choose not to untap
~ during your untap step" (the active player's choice: both outcomes)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.state import load_state


def card(name: str, text: str, type_line: str, cost: str = "", pt=None) -> dict:
    face = {"name": name, "type": type_line, "text": text, "manaCost": cost}
    if pt:
        face.update(power=pt[0], toughness=pt[1])
    return compile_face(face).card


CARDS = [
    card("Altar Golem", "Altar Golem doesn't untap during your untap step.", "Artifact Creature — Golem", "{7}",
         ("0", "0")),
    card("Land Cap", "Land Cap doesn't untap during your untap step if it has a depletion counter on it.", "Land"),
    card("Amber Prison", "You may choose not to untap Amber Prison during your untap step.", "Artifact", "{4}"),
    card("Choke", "Islands don't untap during their controllers' untap steps.", "Enchantment", "{2}{G}"),
]
# alice's cleanup step: `next step` begins bob's turn, whose untap step untaps bob's permanents
BASE = {"players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "cleanup"}, "cards": CARDS}


def untapped(battlefield):
    """For each outcome of `next step`, the ids that untapped (sorted)."""
    st = load_state({**BASE, "battlefield": battlefield})
    got = Session(st).what_if(["next step"]).to_json()
    return sorted(sorted(c["object"] for c in o["changes"] if c["change"] == "untap") for o in got["outcomes"])


def test_doesnt_untap_during_your_untap_step():
    assert untapped([{"id": "golem", "card": "Altar Golem", "controller": "bob", "tapped": True},
                     {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}]) == [["f"]]


def test_a_depletion_counter_keeps_it_tapped_only_while_it_is_there():
    with_counter = {"id": "cap", "card": "Land Cap", "controller": "bob", "tapped": True, "counters": {"depletion": 1}}
    assert untapped([with_counter]) == [[]]
    assert untapped([{**with_counter, "counters": {}}]) == [["cap"]]


def test_may_choose_not_to_untap_gives_both_outcomes():
    assert untapped([{"id": "prison", "card": "Amber Prison", "controller": "bob", "tapped": True}]) == [[], ["prison"]]


def test_islands_dont_untap_whoever_controls_the_enchantment():
    got = untapped([{"id": "choke", "card": "Choke", "controller": "alice"},
                    {"id": "isle", "card": "Island", "controller": "bob", "tapped": True},
                    {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}])
    assert got == [["f"]]
    # Prismatic Omen makes bob's Forest every basic land type, an Island among them: the group
    # is read after the layers (613.1d)
    got = untapped([{"id": "choke", "card": "Choke", "controller": "alice"},
                    {"id": "omen", "card": "Prismatic Omen", "controller": "bob"},
                    {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}])
    assert got == [[]]


def test_an_enchanted_creature_does_not_untap():
    apathy = card("Apathy", "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.",
                  "Enchantment — Aura", "{U}")
    st = load_state({**BASE, "cards": [*CARDS, apathy], "battlefield": [
        {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "tapped": True},
        {"id": "birds", "card": "Birds of Paradise", "controller": "bob", "tapped": True},
        {"id": "apathy", "card": "Apathy", "controller": "alice", "attached_to": "elves"}]})
    got = Session(st).what_if(["next step"]).to_json()
    [o] = got["outcomes"]
    assert [c["object"] for c in o["changes"] if c["change"] == "untap"] == ["birds"]
