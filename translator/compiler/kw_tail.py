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


# "Modular N" (702.43a) means "This permanent enters with N +1/+1 counters on it" and "When this
# permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target
# artifact creature for each +1/+1 counter on this permanent." "Graft N" (702.58a) means "This
# permanent enters with N +1/+1 counters on it" and "Whenever another creature enters, if this
# permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that
# creature." Each is one triggered ability with its static part beside it (`enters:`). "Modular—
# Sunburst" (702.44c) stays text.
MODULAR = re.compile(r"Modular ([1-9]\d?)")
GRAFT = re.compile(r"Graft ([1-9]\d?)")


def modular(text: str, ctx):
    m = MODULAR.fullmatch(REMINDER.sub("", text).strip()) if text.startswith("Modular") else None
    if m is None:
        return None
    return ({"triggered": {"enters": {"counters": {"+1/+1": int(m.group(1))}},
                           "when": {"put_into_graveyard_from_battlefield": "self"}, "effect": REMINDER.sub("", text).strip(),
                           "target": {"filter": ["artifact", "creature"]},
                           "does": [{"counters": {"what": "target", "kind": "+1/+1", "for_each_counter": "+1/+1",
                                                  "may": True}}]}},
            "modular")


def graft(text: str, ctx):
    m = GRAFT.fullmatch(REMINDER.sub("", text).strip()) if text.startswith("Graft") else None
    if m is None:
        return None
    return ({"triggered": {"enters": {"counters": {"+1/+1": int(m.group(1))}},
                           "when": {"enters": {"filter": ["creature"], "another": True}},
                           "condition": {"counters": {"kind": "+1/+1", "at_least": 1}}, "effect": REMINDER.sub("", text).strip(),
                           "does": [{"move_counter": {"from": "self", "to": "it", "kind": "+1/+1", "may": True}}]}},
            "graft")


# "Extort" (702.101a) means "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent
# loses 1 life and you gain life equal to the total life lost this way." (702.101b: each instance
# triggers separately: one ability per line.)
def extort(text: str, ctx):
    if not text.startswith("Extort") or REMINDER.sub("", text).strip() != "Extort":
        return None
    return ({"triggered": {"when": {"cast_spell": {"filter": [], "controller": "you"}}, "effect": "Extort",
                           "does": [{"pay": {"cost": "{W/B}", "may": True}},
                                    {"lose_life": {"who": "each_opponent", "amount": 1, "if_done": True}},
                                    {"gain_life": {"amount": "life_lost"}}]}},
            "extort")
