"""Keyword abilities with a parameter (CR 702), read as the ability their rule defines.

A keyword line whose keyword is in the vocabulary's KEYWORDS is lines.keyword_line's; these are
keywords the rules define as another kind of ability: cumulative upkeep (702.24a, a triggered
ability with a cost).
"""

from __future__ import annotations

import re

from .words import self_reference

REMINDER = re.compile(r"\s*\([^()]*\)")

# 702.24a: "Cumulative upkeep [cost]" means "At the beginning of your upkeep, if this permanent
# is on the battlefield, put an age counter on this permanent. Then you may pay [cost] for each
# age counter on it. If you don't, sacrifice it." The costs read: generic and one colored mana
# ("{1}", "{U}", "{1}{B}"), life ("—Pay 2 life."), both ("—Pay {B} and 1 life."), and adding
# mana ("—Add {R}.", Braid of Fire). Hybrid-like "{G} or {W}", snow {S} and the other costs
# (sacrificing, counters, a coin flip) stay text.
_MANA = r"(?:\{(\d+)\})?(?:\{([WUBRG])\})?"
_UPKEEP_MANA = re.compile(r"Cumulative upkeep " + _MANA)
_UPKEEP_PAY = re.compile(r"Cumulative upkeep—Pay (?:" + _MANA + r" and )?(\d+) life\.")
_UPKEEP_ADD = re.compile(r"Cumulative upkeep—Add \{([WUBRG])\}\.")


def _cost(generic: str | None, colored: str | None, life: str | None = None) -> dict | None:
    cost: dict = {}
    if generic is not None and int(generic) > 0:
        cost["generic"] = int(generic)
    if colored is not None:
        cost["mana"] = "{" + colored + "}"
    if life is not None and int(life) > 0:
        cost["life"] = int(life)
    return cost or None


def cumulative_upkeep(text: str, ctx):
    if not text.startswith("Cumulative upkeep"):
        return None
    bare = REMINDER.sub("", self_reference(text, ctx.name)).strip()
    cost = None
    if m := _UPKEEP_MANA.fullmatch(bare):
        cost = _cost(m.group(1), m.group(2))
    elif m := _UPKEEP_PAY.fullmatch(bare):
        cost = _cost(m.group(1), m.group(2), m.group(3))
    elif m := _UPKEEP_ADD.fullmatch(bare):
        cost = {"adds": "{" + m.group(1) + "}"}
    if cost is None:
        return None
    return ({"triggered": {"when": {"beginning_of_upkeep": "your_turn"}, "effect": bare,
                           "does": [{"cumulative_upkeep": cost}]}}, "cumulative upkeep")
