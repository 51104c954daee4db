"""Effect sentences that transform a double-faced permanent (issue 13, dfc: CR 701.27, 712).

"Transform ~." (Conduit of Storms, Mystic Skull), "Transform ~, then untap it." (Westvale Abbey),
"Untap ~, then transform it." (Foreboding Statue): the instruction `transform: {what: self}`
turns its source over to its other face (701.27a; asp/transform.lp), which the state names
(`other_face:` on the permanent): a front face does not name its back face in the pool, so where
no face is given the action is refused, never guessed.

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead, N, number
from .words import kind_filter

_TRANSFORM = {"transform": {"what": "self"}}
_UNTAP = {"untap": {"what": "self"}}


def _transform(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Transform ~." (701.27a)."""
    return [dict(_TRANSFORM)]


def _transform_then_untap(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Transform ~, then untap it." (Westvale Abbey): the same object after it transforms (712.18:
    transforming makes no new object), untapped after, in the order written (608.2c)."""
    return [dict(_TRANSFORM), dict(_UNTAP)]


def _untap_then_transform(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Untap ~, then transform it." (Foreboding Statue's trigger, 608.2c)."""
    return [dict(_UNTAP), dict(_TRANSFORM)]


def _each_player_loses(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Each player loses 1 life." (Cryptolith Fragment's mana ability): every player still in the
    game (119.3, 800.4a)."""
    return [{"lose_life": {"who": "each_player", "amount": number(m.group(1))}}]


_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def trigger_state_condition(condition: str) -> dict | None:
    """An intervening "if" (603.4) on the game's state: "if each player has 10 or less life"
    (Cryptolith Fragment), "if there are three or more instant and/or sorcery cards in your
    graveyard" (Curious Homunculus; "and/or": a card of either type, counted once)."""
    m = re.fullmatch(r"if each player has (\d+) or less life", condition)
    if m:
        return {"life": {"who": "each_player", "at_most": int(m.group(1))}}
    m = re.fullmatch(r"if there are (two|three|four|five|six|seven) or more ([a-z]+)(?: and/or ([a-z]+))? cards in your "
                     r"graveyard", condition)
    if m is None:
        return None
    kinds = [kind_filter(k) for k in m.groups()[1:] if k]
    if any(k is None for k in kinds):
        return None
    where = {"any_of": [list(k) for k in kinds]} if len(kinds) > 1 else {"filter": list(kinds[0])}
    return {"in_graveyard": {**where, "at_least": _COUNT[m.group(1)]}}


def becomes_day_as_enters(text: str, ctx, normal: str):
    """"If it's neither day nor night, it becomes day as ~ enters the battlefield." (The Celestus):
    `enters: {day_night: day}` (731.1; asp/daynight.lp)."""
    if normal.strip() != "If it's neither day nor night, it becomes day as ~ enters the battlefield.":
        return None
    return {"enters": {"day_night": "day"}}, "becomes day as it enters"


def dfc_cost_part(part: str) -> dict | None:
    """"Sacrifice five creatures" (Westvale Abbey): that many of the activator's permanents of the
    kind (701.21a; payment.lp's sacrifice_n), on an ability that adds no mana."""
    m = re.fullmatch(r"Sacrifice (two|three|four|five|six|seven) ([a-z]+s)", part.strip())
    if m is None:
        return None
    kind = kind_filter(m.group(2))
    return None if kind is None else {"sacrifice": {"count": number(m.group(1)), "filter": list(kind)}}


_IF_NIGHT = {"day_night": {"becomes": "day", "if_now": "night"}}


def _if_night_day(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If it's night, it becomes day." (The Celestus; 731.1)."""
    return [{"day_night": dict(_IF_NIGHT["day_night"])}]


def _otherwise_night(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Otherwise, it becomes night." right after "If it's night, it becomes day.": if it was not
    night as the instructions began (day, or neither)."""
    if not read.does or read.does[-1] != _IF_NIGHT:
        return None
    return [{"day_night": {"becomes": "night", "if_now": "not_night"}}]


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (r"If it's night, it becomes day\.", _if_night_day),
    (r"Otherwise, it becomes night\.", _otherwise_night),
    (rf"Each player loses {N} life\.", _each_player_loses),
    (rf"[Tt]ransform {SELF_WORDS}\.", _transform),
    (rf"[Tt]ransform {SELF_WORDS}, then untap it\.", _transform_then_untap),
    (rf"[Uu]ntap (?:{SELF_WORDS}|it), then transform it\.", _untap_then_transform),
))
