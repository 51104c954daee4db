"""What every query answers with: one protocol for the CLI, the scenario runner and the API.

A result prints itself as text (`to_text`, with the CR rules behind it when it was asked with
`explain`) and as JSON (`to_json`), and names the CR rules it rests on (`rules`), each about an
object or a player, for `--explain` and for a scenario's `rules:` check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class Why:
    """One reason for an answer: the CR rule and the reason in words."""

    rule: str
    text: str


@dataclass(frozen=True)
class Cited:
    """A CR rule an answer rests on, and what it is about: an object id, `player P`, or for a
    change of the game as a whole its kind. `fields` are what the --explain JSON row names
    besides the rule and the reason (such as the object and the ability)."""

    about: str
    rule: str
    text: str
    fields: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict:
        return {**dict(self.fields), "rule": self.rule, "reason": self.text}


@runtime_checkable
class Result(Protocol):
    def to_json(self) -> dict: ...

    def to_text(self) -> str: ...

    def rules(self) -> list[Cited]: ...


def rule_key(rule: str) -> tuple:
    """CR numbers in the CR's order: 106.12 after 106.3, 601.2c after 601.2."""
    parts = re.findall(r"\d+|[a-z]+", rule)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def sorted_whys(whys) -> list[Why]:
    return sorted(whys, key=lambda w: (rule_key(w.rule), w.text))


def cited_by_subject(result: Result) -> dict[str, list[str]]:
    """Subject -> the sorted CR rules the result cites about it (a scenario's `rules:`)."""
    out: dict[str, set[str]] = {}
    for c in result.rules():
        out.setdefault(c.about, set()).add(c.rule)
    return {k: sorted(v) for k, v in out.items()}


def explain_lines(cited: list[Cited]) -> list[str]:
    """The text form of rules cited for the answer as a whole."""
    seen: list[tuple[str, str]] = []
    for c in cited:
        if (c.rule, c.text) not in seen:
            seen.append((c.rule, c.text))
    return [f"  CR {rule}: {text}" for rule, text in seen]


# What each part of an unread line means for an answer (asp/unread.lp's parts).
UNREAD_PARTS = {
    "line": "kept as text only",
    "effect": "what it does is kept as text only",
    "trigger": "a triggered ability kept as text only: whether and when it triggers is not considered",
    "words": "words beside its effect are kept as text only",
    "cost": "an additional cost to cast it is kept as text only",
    "special_action": "the special action it allows (a companion put into its owner's hand, 702.139a; a card with "
                      "suspend exiled from its owner's hand, 702.62a) is not taken into account",
    "power": "a card it counts by power has a power its card does not print as a number (208.2a): that card is not counted",
    "choice": "the choice it reads, made as it entered, is not recorded in the state (607.2d)",
    "condition": "its condition reads whose turn it is for its controller, which an effect changes (613.1b): "
                 "not applied",
}


@dataclass(frozen=True, order=True)
class Unread:
    """A line of a card in play that the answer could not take into account (asp/unread.lp):
    what holds it (an object, an effect, an ability on the stack), the card, the oracle line,
    which part of it is words only, and the line as printed."""

    about: str
    card: str
    line: int
    part: str
    text: str

    def to_json(self) -> dict:
        return {"object": self.about, "card": self.card, "line": self.line, "part": self.part,
                "text": self.text}

    def to_text(self) -> str:
        return f"{self.about} ({self.card}) line {self.line}, {UNREAD_PARTS[self.part]}: {self.text}"


def with_unread(out: dict, unread: tuple[Unread, ...]) -> dict:
    """An answer's JSON with its `not_modelled` list (left out when nothing is unread)."""
    if unread:
        out["not_modelled"] = [u.to_json() for u in unread]
    return out


def unread_lines(unread: tuple[Unread, ...]) -> list[str]:
    """The text answer's closing lines: what it could not take into account."""
    if not unread:
        return []
    return ["not modelled (this answer may be incomplete because of these lines):",
            *(f"  {u.to_text()}" for u in unread)]
