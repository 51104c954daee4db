"""What the compiler made of a card and of each of its lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Line statuses: every part read; read as an ability with some part kept as words (named in
# `unread`); not read at all (a text-only line).
COMPILED, PARTIAL, TEXT = "compiled", "partial", "text"


class CompileError(ValueError):
    """A face the vocabulary cannot hold at all (a card type it does not know, a malformed
    mana cost): the card cannot be used, and the message says why."""


@dataclass(frozen=True)
class LineResult:
    line: int                       # 1-based, as in the vocabulary's `line:`
    text: str                       # the line as printed
    status: str                     # compiled | partial | text
    template: str                   # the template that read it, or the line's shape if none did
    unread: tuple[str, ...] = ()    # partial: the parts kept as words (effect, condition, ...)


def line_result(line: int, text: str, template: str, unread: tuple[str, ...] | None) -> LineResult:
    """unread None: no template read the line; () every part read; else the parts kept as words."""
    if unread is None:
        return LineResult(line, text, TEXT, template)
    return LineResult(line, text, PARTIAL if unread else COMPILED, template, tuple(unread))


@dataclass(frozen=True)
class CompiledCard:
    name: str
    card: dict[str, Any]            # the card in the vocabulary, as a card file would hold it
    lines: tuple[LineResult, ...] = field(default=())
    # the token cards its effects create (CR 111.4: named by their subtypes plus "Token"), as
    # card files; a card database adds them to the names it resolves
    tokens: tuple[dict[str, Any], ...] = field(default=())

    @property
    def fully_compiled(self) -> bool:
        return all(r.status == COMPILED for r in self.lines)
