"""The compiler's frame: a face's card fields, its lines, and what each line became."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import lines as line_templates
from .result import CompiledCard, CompileError


def face_name(face: Mapping[str, Any]) -> str:
    name = face.get("faceName") or face.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CompileError("the card has no name")
    return name.strip()


def type_line(face: Mapping[str, Any]) -> str:
    t = face.get("type")
    if not isinstance(t, str) or not t.strip():
        raise CompileError("the card has no type line")
    return t.strip()


def text_lines(face: Mapping[str, Any]) -> list[str]:
    text = face.get("text") or ""
    if not isinstance(text, str):
        raise CompileError("its text is not a string")
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def compile_face(face: Mapping[str, Any]) -> CompiledCard:
    """One face of a card, compiled. Raises CompileError if the face cannot be a card of the
    vocabulary at all (its type line names no card type the rules here know)."""
    if not isinstance(face, Mapping):
        raise CompileError("a card is a mapping of its fields")
    name = face_name(face)
    lines = text_lines(face)
    card: dict[str, Any] = {"name": name, "mana_cost": _mana_cost(face), "type_line": type_line(face)}
    power, toughness = face.get("power"), face.get("toughness")
    if power is not None and toughness is not None:
        card["power_toughness"] = f"{power}/{toughness}"
    loyalty = face.get("loyalty")
    if loyalty is not None and re.fullmatch(r"\d+", str(loyalty)):
        card["loyalty"] = int(loyalty)
    card["oracle_text"] = "\n".join(lines)
    ctx = line_templates.Context(name=name, type_line=card["type_line"], lines=tuple(lines))
    abilities, results = [], []
    for i, text in enumerate(lines, start=1):
        entry, result = line_templates.compile_line(i, text, ctx)
        abilities.append(entry)
        results.append(result)
    card["abilities"] = abilities
    card.update(ctx.card)           # (fields a line of reminder text gives: compiler/trig_tail.py)
    indicator = face.get("colorIndicator")
    if isinstance(indicator, list) and indicator and "color_indicator" not in card:
        # CR 202.2e: a back face with no mana cost has its colors from its color indicator
        # (MTGJSON's colorIndicator, letters; the 2024-03 pool carries none)
        names = dict(zip("WUBRG", ("white", "blue", "black", "red", "green")))
        if all(c in names for c in indicator):
            card["color_indicator"] = [names[c] for c in indicator]
    return CompiledCard(name, card, tuple(results), _distinct(ctx.tokens))


def _distinct(tokens: list[dict]) -> tuple[dict, ...]:
    out: dict[str, dict] = {}
    for t in tokens:
        out.setdefault(t["name"], t)
    return tuple(out.values())


def _mana_cost(face: Mapping[str, Any]) -> str:
    cost = face.get("manaCost") or ""
    if not isinstance(cost, str):
        raise CompileError("its mana cost is not a string")
    return cost.replace(" ", "")
