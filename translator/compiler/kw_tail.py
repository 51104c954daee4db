"""Keyword lines of the pool's mana cards and lands (issue 13): keywords whose rule is read into
the vocabulary, or that the rules say add nothing to a game in progress.

- "Companion—[Condition]" (702.139a): a card revealed as its owner's companion before the game
  from outside it; in a game the ability does nothing, but once a game it lets its owner pay {3}
  and put the companion into their hand (a special action, 116.2g). A state names no companion,
  so a card with this line outside the game is named in `not_modelled` (asp/unread.lp).
- "({S} can be paid with one mana from a snow source.)" (Arcum's Astrolabe): reminder text
  (207.2a) of how the {S} of its mana cost is paid (107.4h).
"""

from __future__ import annotations

import re

REMINDER = re.compile(r"\s*\([^()]*\)")

# "Companion — No card in your starting deck has more than one of the same mana symbol in its mana
# cost. (If this card is your chosen companion, ...)": the condition is checked before the game
# (702.139a, 103.2b); its words add nothing in one.
COMPANION = re.compile(r"Companion\s?—\s?\S.*")


def companion(text: str, ctx):
    if not text.startswith("Companion") or not COMPANION.fullmatch(REMINDER.sub("", text).strip()):
        return None
    return {"deck_construction": "companion"}, "deck_construction"


SNOW_REMINDER = "({S} can be paid with one mana from a snow source.)"


def snow_reminder(text: str, ctx):
    """The reminder text of the {S} in the card's costs (107.4h: paid with one mana of any type
    produced by a snow source). Payments apply 107.4h or refuse the cost saying so (the
    what-if's 601.2h "does not pay yet (phyrexian, snow)"; can-pay refuses {S} as input)."""
    if text.strip() != SNOW_REMINDER:
        return None
    return {"reminder": ["107.4h"]}, "reminder"
