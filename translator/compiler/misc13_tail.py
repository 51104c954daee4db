"""The mana cards' leftovers, misc13's part (issue 13): a group of instructions under "Then if there
are three or more soul counters on it" (Hostile Hostel: counted after the instructions before it,
608.2c); the intervening "if" clauses on the spells cast last turn (Scorned Villager, Moonscarred
Werewolf: 603.4, the state's `spells_cast_last_turn`).

SENTENCES are (pattern, builder) as in compiler/effects.py's, whose reader tries them before its own;
a builder gives the actions or None (not read).
"""

from __future__ import annotations

import re

from .effects import EffectRead, number
from .words import REMINDER, kind_filter

_AT_LEAST = r"(two|three|four|five|six|seven|eight|nine|ten|\d+)"

# The instructions such a group may hold, each on its source ("it": the ~ of the sentence before).
_GROUP_ACTIONS = {
    "transform it": lambda kind: {"transform": {"what": "self"}},
    "untap it": lambda kind: {"untap": {"what": "self"}},
    # "remove those counters": every counter of that kind on it then (122.1), those the instructions
    # before put included (608.2c)
    "remove those counters": lambda kind: {"remove_counters": {"what": "self", "kind": kind, "count": "all"}},
}


def _on_self(action: dict) -> bool:
    (params,) = action.values()
    return isinstance(params, dict) and params.get("what") == "self"


def _then_if_counters(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a soul counter on Hostile Hostel. Then if there are three or more soul counters on it,
    remove those counters, transform it, then untap it." (608.2c): each instruction of the group
    carries `if_counters: {kind, at_least}`, one check of its source's counters made after the
    instructions before the group (the counter just put included), before any of the group's."""
    if not read.does or not _on_self(read.does[-1]):
        return None                     # ("it": the source the sentence before named)
    kind = m.group(2)
    parts = re.split(r", then |, and |, ", m.group(3))
    if any(p not in _GROUP_ACTIONS for p in parts):
        return None
    cond = {"kind": kind, "at_least": number(m.group(1))}
    out = []
    for p in parts:
        action = _GROUP_ACTIONS[p](kind)
        (params,) = action.values()
        params["if_counters"] = dict(cond)
        out.append(action)
    return out


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (rf"Then if there are {_AT_LEAST} or more ([a-z]+) counters on it, (.+)\.", _then_if_counters),
))


# CR 603.4: the intervening "if" clauses on the spells cast during the previous turn.
_LAST_TURN = {
    "if no spells were cast last turn": {"record": "spells_cast", "whose": "a_player", "at_most": 0},
    "if a player cast two or more spells last turn": {"record": "spells_cast", "whose": "a_player", "at_least": 2},
}


def last_turn_condition(condition: str) -> dict | None:
    """"At the beginning of each upkeep, if no spells were cast last turn, transform ~." (Scorned
    Villager), "... if a player cast two or more spells last turn, ..." (Moonscarred Werewolf):
    `condition: {last_turn: {record: spells_cast, whose: a_player, at_most: 0 | at_least: 2}}`."""
    got = _LAST_TURN.get(condition)
    return None if got is None else {"last_turn": dict(got)}


# -- line templates (compiler/lines.py TEMPLATES) ---------------------------------------------------
def selvala_line(text: str, ctx, normal: str):
    """"Whenever another creature enters the battlefield, its controller may draw a card if its power
    is greater than each other creature's power." (Selvala, Heart of the Wilds): once for each creature
    that enters (603.2c), "it" that creature; its controller chooses whether to draw (608.2d), and the
    draw is carried out only if its power is greater than each other creature's as it resolves (608.2c)."""
    if normal != ("Whenever another creature enters the battlefield, its controller may draw a card if its power "
                  "is greater than each other creature's power."):
        return None
    return {"triggered": {"when": {"enters": {"filter": ["creature"], "another": True}}, "effect": text,
                          "does": [{"draw": {"count": 1, "who": "its_controller", "may": True,
                                             "if_its_power": "greatest"}}]}}, "triggered"


def devotion_bonus_line(text: str, ctx, normal: str):
    """"Your devotion to each color and each combination of colors is increased by one." (Altar of the
    Pantheon, 700.5): `static: {devotion_bonus: 1}` (devotion to a combination of colors is read by
    no card of the vocabulary; to each color, mana.lp's devotion/3)."""
    if normal != "Your devotion to each color and each combination of colors is increased by one.":
        return None
    return {"static": {"devotion_bonus": 1}}, "static"


def _if_you_control_any(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If you control a God, a Demigod, or a legendary enchantment, you gain 1 life." (Altar of the
    Pantheon, after its mana): the life only if its controller controls a permanent of any of the
    kinds then (608.2c)."""
    items = re.split(r", or |, | or ", m.group(1))
    kinds = []
    for item in items:
        words = re.fullmatch(r"an? (.+)", item)
        kind = None if words is None else kind_filter(words.group(1).lower())
        if kind is None:
            return None
        kinds.append(list(kind))
    if len(kinds) < 2:
        return None
    return [{"gain_life": {"amount": number(m.group(2)), "if_you_control_any": kinds}}]


SENTENCES = SENTENCES + tuple((re.compile(p), f) for p, f in (
    (r"If you control ((?:an? [A-Za-z]+(?: [a-z]+)?, )+or an? [A-Za-z]+(?: [a-z]+)?), you gain (\d+|one|two|three) life\.",
     _if_you_control_any),
))


def renown_line(text: str, ctx, normal: str):
    """The keyword line "Renown N" (its reminder text dropped; Honored Hierarch): CR 702.112a, "When
    this creature deals combat damage to a player, if it isn't renowned, put N +1/+1 counters on it and
    it becomes renowned."""
    m = re.fullmatch(r"Renown (\d+)", REMINDER.sub("", normal).strip())
    if m is None or "creature" not in ctx.type_line.lower():
        return None
    return {"triggered": {"when": {"deals_combat_damage_to_player": "self"}, "condition": "self_not_renowned",
                          "effect": text,
                          "does": [{"counters": {"what": "self", "kind": "+1/+1", "count": int(m.group(1))}},
                                   {"renowned": {"what": "self"}}]}}, "triggered"


def _if_its_kinds_to_hand(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If it's an instant or sorcery card, you may reveal it and put it into your hand." (The
    Biblioplex, after "Look at the top card of your library."): the top card moves to its owner's
    hand only if it is of either kind, by what it prints (109.2), and its controller chooses to
    (608.2d)."""
    if not read.looked_top or read.does:
        return None
    kinds = [kind_filter(w) for w in (m.group(1), m.group(2))]
    if any(k is None for k in kinds):
        return None
    return [{"move": {"what": "top_of_library", "any_of": [list(k) for k in kinds], "to": "hand", "may": True}}]


def _if_not_put_into_hand(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If you don't put the card into your hand, you may put it into your graveyard." (The
    Biblioplex): right after a `may` move of the top card to the hand, the top card into the graveyard
    if that move was not done (608.2c), and its controller chooses to (608.2d)."""
    last = read.does[-1].get("move", {}) if read.does else {}
    if len(read.does) != 1 or last.get("what") != "top_of_library" or last.get("to") != "hand" or not last.get("may"):
        return None
    return [{"move": {"what": "top_of_library", "to": "graveyard", "may": True, "if_not_done": True}}]


SENTENCES = SENTENCES + tuple((re.compile(p), f) for p, f in (
    (r"If it's an? ([a-z]+) or ([a-z]+) card, you may reveal it and put it into your hand\.", _if_its_kinds_to_hand),
    (r"If you don't put the card into your hand, you may put it into your graveyard\.", _if_not_put_into_hand),
))


def shared_type_mana_line(text: str, ctx, normal: str):
    """"Whenever a creature enters the battlefield, you may add an amount of {C} equal to the number of
    creatures you control that share a creature type with it." (Mana Echoes): a triggered ability (not
    a mana ability: it triggers on no mana ability, 605.1b) once for each creature that enters
    (603.2c); its controller chooses whether to add (608.2d) the mana counted as it resolves."""
    m = re.fullmatch(r"Whenever a creature enters the battlefield, you may add an amount of (\{[WUBRGC]\}) equal to "
                     r"the number of creatures you control that share a creature type with it\.", normal)
    if m is None:
        return None
    return {"triggered": {"when": {"enters": {"filter": ["creature"]}},
                          "add_mana": {"mana": m.group(1), "amount": "shares_creature_type_with_it"},
                          "may_add": True}}, "triggered_mana"
