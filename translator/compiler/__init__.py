"""The oracle-text compiler: a card as printed (name, mana cost, type line, text) into the card
vocabulary of docs/cards.md, line by line.

Each line of the text becomes one ability entry. A line the compiler reads becomes the
structured entry its template gives; a line it cannot read is kept as its words only
(``{line: N, text: "..."}``), never dropped: every answer on a state where that line is in play
names it (``not_modelled``). The compiler translates words; it decides no rules question.

Entry point: :func:`compile_face`, one face of a card in the shape of an MTGJSON AtomicCards
entry (``name``/``faceName``, ``manaCost``, ``type``, ``text``, ``power``, ``toughness``,
``loyalty``; other fields are ignored).
"""

from __future__ import annotations

from .core import compile_face
from .result import COMPILED, PARTIAL, TEXT, CompiledCard, CompileError, LineResult

__all__ = ["COMPILED", "PARTIAL", "TEXT", "CompileError", "CompiledCard", "LineResult", "compile_face"]
