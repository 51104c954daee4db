"""Activation costs (CR 602.1a, 118): the words before the colon of "[Cost]: [Effect]", each
part as a cost item of the vocabulary (docs/cards.md "Costs"). A cost is read whole or not at
all: a part left out would let an ability be activated without paying it (CR 118.3)."""

from __future__ import annotations

import re
from typing import Any

from ..cards import COST_SYMBOL
from .words import kind_filter, number

MANA_SYMBOLS = re.compile(r"(\{[^{}]+\})+")
LOYALTY = re.compile(r"[+−-]?(\d+)")
COUNT = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|X)"


def mana_symbols(text: str) -> bool:
    """Mana symbols a cost may hold (CR 107.4): "{2}{G}", "{U/R}", "{G/P}"."""
    return bool(MANA_SYMBOLS.fullmatch(text)) and all(
        COST_SYMBOL.match(s) for s in re.findall(r"\{([^{}]+)\}", text))


def cost_part(part: str) -> Any:
    """One part of a cost as a vocabulary item, or None if it is not one the vocabulary has."""
    p = part.strip()
    if p in ("{T}", "{Q}"):
        return p
    if mana_symbols(p):
        return p
    m = re.fullmatch(r"Pay (\d+|one|two|three|four|five) life", p)
    if m:
        return {"pay_life": number(m.group(1))}
    m = re.fullmatch(r"Pay ((?:\{E\})+)", p)
    if m:
        return {"pay_energy": m.group(1).count("{E}")}
    m = re.fullmatch(r"Pay (one|two|three|four|five|\d+) \{E\}", p)
    if m:
        return {"pay_energy": number(m.group(1))}
    if p == "Sacrifice ~":
        return {"sacrifice": "self"}
    m = re.fullmatch(r"Sacrifice (?:a|an) ([\w' -]+)", p)
    if m:
        f = kind_filter(m.group(1))
        return {"sacrifice": list(f)} if f else None
    m = re.fullmatch(rf"Remove {COUNT} ([\w+/'-]+) counters? from ~", p)
    if m:
        count = "X" if m.group(1) == "X" else number(m.group(1))
        return {"remove_counters": {"counter": m.group(2).lower(), "count": count}}
    m = re.fullmatch(r"Remove any number of ([\w+/'-]+) counters from ~", p)
    if m:
        # CR 107.3: "any number" is a number chosen as the cost is paid: X.
        return {"remove_counters": {"counter": m.group(1).lower(), "count": "X"}}
    m = re.fullmatch(r"(Discard|Mill) (a|one|two|three) cards?", p)
    if m:
        return {m.group(1).lower(): number(m.group(2))}
    if p == "Discard your hand":
        return {"discard": "hand"}
    if p == "Exile ~":
        return {"exile": "self"}
    # "Exile a land card from your graveyard" (Hostile Desert), "Exile a creature you control"
    # (City of Shadows): one of the activator's, their choice as the cost is paid (406.2, 601.2h)
    m = re.fullmatch(r"Exile (?:a|an) ([\w' -]+?) (card from your graveyard|you control)", p)
    if m:
        f = kind_filter(m.group(1))
        if f is None:
            return None
        return {"exile": {"filter": list(f), "from": "graveyard" if m.group(2).startswith("card") else "battlefield"}}
    if p == "Exile a card from your graveyard":
        # (Titans' Nest) any card its activator owns there, their choice (406.2, 601.2h)
        return {"exile": {"filter": ["card"], "from": "graveyard"}}
    if p == "Exile a card from your hand":
        # (Cadaverous Bloom) any card of the activator's hand, their choice (406.2, 601.2h)
        return {"exile": {"from": "hand"}}
    if p == "Return ~ to its owner's hand":
        return {"return_to_hand": "self"}
    m = re.fullmatch(rf"(Tap|Untap) {COUNT} (untapped|tapped) ([\w' -]+) you control", p)
    if m and (m.group(1) == "Tap") == (m.group(3) == "untapped"):
        f = kind_filter(m.group(4))
        count = number(m.group(2))
        if f is None or count is None:
            return None
        key = "tap_untapped" if m.group(1) == "Tap" else "untap_tapped"
        return {key: {"count": count, "filter": list(f)}}
    return None


def split_cost(text: str) -> list[str]:
    """The parts of a cost, separated by commas (CR 602.1a)."""
    return [p.strip() for p in text.split(",") if p.strip()]


def read_cost(text: str, planeswalker: bool = False, adds_no_mana: bool = False) -> list[Any] | None:
    """A whole activation cost as vocabulary items, or None if any part is not read. On a
    planeswalker, "+1" / "−2" / "0" is a loyalty cost (CR 606.4)."""
    loyalty = LOYALTY.fullmatch(text.strip())
    if loyalty and planeswalker:
        sign = -1 if text.strip()[0] in "−-" else 1
        return [{"loyalty": sign * int(loyalty.group(1))}]
    if loyalty:
        return None
    from .act_tail import put_counters_on_self, sacrifice_another, tap_another
    from .dfc_tail import dfc_cost_part
    from .land_tail import compound_cost_part
    from .manaln_tail import either_cost
    from .manatrig_tail import put_from_exile_cost
    from .misc10_tail import misc10_cost_part
    items = []
    parts = split_cost(text)
    for part in parts:
        other = tap_another(part, parts)    # "{T}, Tap another untapped artifact you control"
        if other is None and adds_no_mana:
            other = sacrifice_another(part)     # "Sacrifice another creature" (not on a mana ability)
        if other is None:
            other = put_counters_on_self(part)  # "Put a -1/-1 counter on ~", "Put a -0/-1 counter on ~"
        if other is None:
            other = either_cost(part)           # "Sacrifice a black or artifact creature" (any_of)
        if other is None and adds_no_mana:
            other = misc10_cost_part(part)      # "Pay life equal to the number of colors in ..." (War Room)
        if other is None and adds_no_mana:
            other = put_from_exile_cost(part)   # "Put a card an opponent owns from exile into ..." (Void Attendant)
        if other is None and adds_no_mana:
            other = dfc_cost_part(part)         # "Sacrifice five creatures" (Westvale Abbey)
        if other is not None:
            items.append(other)
            continue
        both = compound_cost_part(part)     # "Sacrifice ~ and a creature you control": two items
        if both is not None:
            items.extend(both)
            continue
        item = cost_part(part)
        if item is None:
            return None
        items.append(item)
    return items or None
