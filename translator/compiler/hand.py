"""Activated abilities that function from a player's hand (CR 113.6b, 113.6m): their cost
moves the card itself out of the hand, so they function only there.

- "Cycling [cost]" means "[Cost], Discard this card: Draw a card." (702.29a): "Cycling {2}",
  "Cycling {1}{U}", "Cycling—Pay 2 life." (a cost in words after the dash).
- "[Cost], Discard ~: [Effect]": channel ("Channel — {1}{G}, Discard ~: ..."; the ability word
  is dropped before the templates read the line, 207.2c).
- "Exile ~ from your hand: Add {G}." (a Spirit Guide): a mana ability from the hand (605.1a).

Each becomes `activated: {zone: hand, cost: [..., {discard: self} | {exile: self}], ...}`
(docs/cards.md). The other cost parts are read as compiler/costs.py reads any cost, whole or
not at all (118.3); an effect beyond the templates is kept as words (partial), a mana effect as
the mana templates read it.
- "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for a [type] card,
  reveal it, put it into your hand, then shuffle." (702.29e): "Forestcycling {2}", "Basic
  landcycling {1}{G}" (a type, subtype or supertype and type).
"""

from __future__ import annotations

import re
from typing import Any

from .activated import ADDS_MANA, effect_after_cost
from .costs import cost_part, mana_symbols, read_cost, split_cost
from .effects import read_effect
from .mana import aligned, mana_effect, split_ability

CYCLING = re.compile(r"Cycling ((?:\{[^{}]+\})+)")
CYCLING_WORDS = re.compile(r"Cycling\s*—\s*(.+?)\.?")
QUOTED = re.compile(r'"[^"]*"')     # an ability it grants ("Target land gains "{T}: Add {U}"") is not its own
# The cost parts that move the card out of its owner's hand (113.6m): its own words for them.
HAND_COSTS = {"Discard ~": {"discard": "self"}, "Exile ~ from your hand": {"exile": "self"}}
DRAW = "Draw a card."


def cycling(text: str, ctx, normal: str):
    """"Cycling [cost]": "[Cost], Discard this card: Draw a card." (CR 702.29a)."""
    m = CYCLING.fullmatch(normal)
    if m and mana_symbols(m.group(1)):
        costs: list[Any] | None = [m.group(1)]
    else:
        m = CYCLING_WORDS.fullmatch(normal)
        costs = read_cost(m.group(1)) if m else None
    if not costs:
        return None
    read = read_effect(DRAW)
    entry = {"zone": "hand", "cost": [*costs, HAND_COSTS["Discard ~"]], "effect": DRAW, "does": read.does}
    return {"activated": entry}, "cycling", ()


TYPECYCLING = re.compile(r"(Basic land|Snow land|[A-Z][a-z]+)cycling ((?:\{[^{}]+\})+)")


def typecycling(text: str, ctx, normal: str):
    """"[Type]cycling [cost]" (CR 702.29e): a search for a card of that type, into the hand."""
    from .effects import kind_words
    m = TYPECYCLING.fullmatch(normal)
    if not m or not mana_symbols(m.group(2)):
        return None
    kind = kind_words(m.group(1).lower())
    if not kind or "filter" not in kind:
        return None
    named = m.group(1).lower() if m.group(1).endswith(" land") else m.group(1)     # "basic land", "Plains"
    effect = f"Search your library for {'an' if named[0] in 'AEIOU' else 'a'} {named} card, reveal it, " \
             "put it into your hand, then shuffle."
    search = {"filter": kind["filter"], "to": "hand", "shuffle": True}
    entry = {"zone": "hand", "cost": [m.group(2), HAND_COSTS["Discard ~"]], "effect": effect,
             "does": [{"search": search}]}
    return {"activated": entry}, "typecycling", ()


def from_hand(text: str, ctx, normal: str):
    """"[Cost], Discard ~: [Effect]" (channel) and "Exile ~ from your hand: Add {G}." (CR
    113.6b, 113.6m): activated from the hand, the card itself discarded or exiled as a cost."""
    parts, printed = split_ability(normal), split_ability(text)
    if parts is None or printed is None:
        return None
    costs, moved = [], 0
    for part in split_cost(parts[0]):
        item = HAND_COSTS.get(part) or cost_part(part)
        if item is None:
            return None
        moved += part in HAND_COSTS
        costs.append(item)
    if moved != 1:
        return None                 # not an ability of the hand (or a card that leaves twice)
    entry: dict[str, Any] = {"zone": "hand", "cost": costs}
    if ADDS_MANA.search(QUOTED.sub("", parts[1])):
        # CR 605.1a: it could add mana: a mana ability, read as the mana templates read one
        s = aligned(parts[1], printed[1])
        unread = None if s is None else mana_effect(s[0], s[1], costs, entry)
        if unread is None:
            return None
        return {"activated": entry}, "hand_mana_ability", unread
    unread = effect_after_cost(entry, parts[1], printed[1], ctx)
    return None if unread is None else ({"activated": entry}, "hand_activated", unread)
