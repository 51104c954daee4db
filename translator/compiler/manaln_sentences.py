"""Effect sentences of the non-Land mana cards' last tail (compiler/manaln_tail.py), tried before
compiler/effects.py's own (prepended there like the other tails' sentences)."""

from __future__ import annotations

import re


def _exiles_from_their_graveyard(m: re.Match, read) -> list[dict] | None:
    """"Target opponent exiles a card from their graveyard." (Grave Birthing): one card of that
    player's graveyard, that player's choice as it resolves (608.2d; not a target, 115.1); none if
    it is empty. Each card it could be is an outcome, whoever chooses."""
    read.target, read.targets = m.group(1), [f"target {m.group(1)}"]
    return [{"move": {"what": "card_from_graveyard", "whose": "target", "to": "exile"}}]


def _you_create(m: re.Match, read) -> list[dict] | None:
    """"You create a 1/1 colorless Eldrazi Scion creature token. It has ..." (after an instruction
    another player follows): "you" is the spell's controller, who creates it (109.5, 111.2) as in
    "Create a ..." without a subject."""
    from .effects import SENTENCES
    rest = "C" + m.group(1)[1:]
    for pattern, build in SENTENCES:
        inner = pattern.fullmatch(rest)
        if inner:
            actions = build(inner, read)
            return actions if actions and all("create_token" in a for a in actions) else None
    return None


SENTENCES = tuple((re.compile(p, re.DOTALL), f) for p, f in (
    (r"Target (opponent|player) exiles a card from their graveyard\.", _exiles_from_their_graveyard),
    (r"You (create .+)", _you_create),
))
