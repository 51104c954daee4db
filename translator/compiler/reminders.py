"""Lines of reminder text only whose rules the engine applies from the card's types.

CR 207.2a: reminder text summarizes a rule that applies to the card; it has no rules meaning of
its own. Such a line compiles to `reminder: [rules]` (the rules it summarizes) only where the
engine applies each of those rules from the card's characteristics; any other reminder line
stays text (not_modelled names it).
"""

from __future__ import annotations

import re

from ..cards import BASIC_LAND_TYPES
from . import words

# "(~ isn't a spell.)" on an artifact land (Seat of the Synod): CR 305.9, an object that is a
# land and another card type is played as a land, never cast.
NOT_A_SPELL = re.compile(r"\(~ isn't a spell\.\)")
# Dryad Arbor: "(~ isn't a spell, it's affected by summoning sickness, and it has "{T}: Add
# {G}.")": 305.9, 302.6 (a creature's {T} ability needs control since its controller's turn
# began) and 305.6 (a Forest's intrinsic mana ability).
LAND_CREATURE = re.compile(r"\(~ isn't a spell, it's affected by summoning sickness, and it has "
                           r"\"\{T\}: Add \{([WUBRG])\}\.\"\)")


# "(Transforms from Legion's Landing.)" on the back face of a nonmodal double-faced card (712.2b):
# the line has no rules meaning of its own (207.2a); it names the front face, whose mana cost
# gives the back face's mana value (712.8e).
TRANSFORMS_FROM = re.compile(r"\(Transforms from (.+)\.\)")


def transforms_from_line(text: str, ctx):
    if not text.startswith("(Transforms from "):
        return None
    m = TRANSFORMS_FROM.fullmatch(text.strip())
    if m is None or m.group(1) == ctx.name:
        return None
    return {"transforms_from": m.group(1)}, "transforms_from"


def reminder_line(text: str, ctx):
    if not text.startswith("(") or "isn't a spell" not in text:
        return None
    t = words.self_reference(text.strip(), ctx.name)
    kind = ctx.type_line.lower()
    types, _, subtypes = kind.partition("—")
    if "land" not in types.split():
        return None
    others = [w for w in types.split() if w in ("artifact", "creature", "enchantment")]
    if NOT_A_SPELL.fullmatch(t) and others:
        return {"reminder": ["305.9"]}, "reminder"
    m = LAND_CREATURE.fullmatch(t)
    if m and "creature" in others:
        basic = dict(zip("WUBRG", BASIC_LAND_TYPES))[m.group(1)]
        if basic in subtypes.split():
            return {"reminder": ["305.9", "302.6", "305.6"]}, "reminder"
    return None
