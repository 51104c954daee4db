"""The oracle-text compiler (translator/compiler): each line into the vocabulary, or kept as
its words, never dropped."""

from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, TEXT, compile_face


def test_a_basic_lands_reminder_text_is_its_types_intrinsic_ability():
    c = compile_face({"name": "Forest", "type": "Basic Land — Forest", "text": "({T}: Add {G}.)"})
    assert c.card["abilities"] == [{"line": 1, "intrinsic": "forest"}]
    assert [r.status for r in c.lines] == [COMPILED]
    assert parse_card(c.card, "test").abilities[0].intrinsic == ("forest",)


def test_a_line_no_template_reads_is_kept_as_its_words():
    text = "Whenever a player plays a land, that player draws a card."
    c = compile_face({"name": "Odd Card", "type": "Enchantment", "text": text})
    assert c.card["abilities"] == [{"line": 1, "text": text}]
    assert c.lines[0].status == TEXT and not c.fully_compiled
    card = parse_card(c.card, "test")
    assert card.abilities[0].kind == "text" and card.abilities[0].effect_text == text


def test_a_dual_lands_reminder_text_is_both_types_intrinsic_abilities():
    # Bayou: "({T}: Add {B} or {G}.)" (CR 305.6: a land with two basic land types has both abilities)
    c = compile_face({"name": "Bayou", "type": "Land — Swamp Forest", "text": "({T}: Add {B} or {G}.)"})
    assert c.card["abilities"] == [{"line": 1, "intrinsic": ["swamp", "forest"]}]
    assert parse_card(c.card, "test").abilities[0].intrinsic == ("swamp", "forest")
