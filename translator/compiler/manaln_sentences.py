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


def _named_token_with_keywords(m: re.Match, read) -> list[dict] | None:
    """"Create a 0/1 green Wall creature token with defender named Wood." (Jungle Patrol): a token with
    the name the effect gives it (111.4), its color and creature types as named, and the keywords
    (702) as its line."""
    from .core import compile_face
    from .effects import COLOR_WORDS, _keywords
    from .subtypes import CREATURE_TYPES
    from .words import number
    count, pt, color, subtypes, keywords, name = m.groups()
    kws = _keywords(keywords)
    if color.lower() not in COLOR_WORDS or any(s.lower() not in CREATURE_TYPES for s in subtypes.split()) or \
            kws is None or kws[1] or not kws[0]:
        return None
    power, toughness = pt.split("/")
    compiled = compile_face({"name": name, "type": f"Creature — {subtypes}", "text": ", ".join(kws[0]).capitalize(),
                             "power": power, "toughness": toughness})
    if not compiled.fully_compiled:
        return None
    card = dict(compiled.card)
    card["color_indicator"] = [color.lower()]
    read.tokens.append(card)
    action: dict = {"card": name}
    if number(count) != 1:
        action["count"] = number(count)
    return [{"create_token": action}]


def _target_card_to_bottom(m: re.Match, read) -> list[dict] | None:
    """"Put target card from a graveyard on the bottom of its owner's library." (Vessel of Endless
    Rest): a card in any graveyard (115.1, 109.2), below the cards of its owner's library (401.1)."""
    read.target, read.targets = {"filter": ["card"], "zone": "graveyard"}, ["target card from a graveyard"]
    return [{"move": {"what": "target", "to": "library_bottom"}}]


def _return_n_you_control(m: re.Match, read) -> list[dict] | None:
    """"Return two lands you control to their owner's hand." (Khalni Gem): that many of its
    controller's permanents of the kind, or all they have if fewer, chosen as it resolves (608.2d;
    not targets, 115.1)."""
    from .words import kind_filter, number
    n, f = number(m.group(1)), kind_filter(m.group(2))
    if not n or n < 2 or f is None:
        return None
    return [{"move": {"what": "one", "filter": list(f), "controller": "you", "to": "hand", "count": n}}]


SENTENCES = SENTENCES + tuple((re.compile(p), f) for p, f in (
    (r"Put target card from a graveyard on the bottom of its owner's library\.", _target_card_to_bottom),
    (r"Return (two|three) ([a-z]+?)s you control to their owner's hand\.", _return_n_you_control),
    ((r"Create (a|an|one|two|three) (\d+/\d+) (white|blue|black|red|green) ((?:[A-Z][a-z]+ )*?[A-Z][a-z]+) creature "
      r"tokens? with ([a-z ,]+?) named ([A-Z][A-Za-z']+)\."), _named_token_with_keywords),
))
