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


def dfc_cost_part(part: str) -> dict | None:
    """"Sacrifice five creatures" (Westvale Abbey): that many of the activator's permanents of the
    kind (701.21a; payment.lp's sacrifice_n), on an ability that adds no mana."""
    m = re.fullmatch(r"Sacrifice (two|three|four|five|six|seven) ([a-z]+s)", part.strip())
    if m is None:
        return None
    kind = kind_filter(m.group(2))
    return None if kind is None else {"sacrifice": {"count": number(m.group(1)), "filter": list(kind)}}


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (rf"Each player loses {N} life\.", _each_player_loses),
    (rf"[Tt]ransform {SELF_WORDS}\.", _transform),
    (rf"[Tt]ransform {SELF_WORDS}, then untap it\.", _transform_then_untap),
    (rf"[Uu]ntap (?:{SELF_WORDS}|it), then transform it\.", _untap_then_transform),
))
