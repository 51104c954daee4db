"""Keyword abilities that stand for other abilities (Equip, 702.6a; Flashback, 702.34a) and the
static abilities of Auras, Equipment and creatures about what they may do or what the object they
are attached to gets (613.4c, 613.1f, 508.1c, 509.1b)."""

from __future__ import annotations

import re

from ..cards import KEYWORDS
from .effects import SELF_WORDS

COST = r"((?:\{[^{}]+\})+)"
REMINDER = re.compile(r"\s*\([^()]*\)")


def equip(text: str, ctx, normal: str):
    """"Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery." (702.6a)."""
    m = re.fullmatch(rf"Equip {COST}", REMINDER.sub("", normal).strip())
    if not m or "equipment" not in ctx.type_line.lower():
        return None
    return {"activated": {"cost": [m.group(1)], "targets": ["target creature you control"],
                          "target": {"filter": ["creature"], "controller": "you"}, "timing": "sorcery",
                          "effect": f"Attach {ctx.name} to target creature you control.",
                          "does": [{"attach": {"what": "self", "to": "target"}}]}}, "equip"


def flashback(text: str, ctx, normal: str):
    """"Flashback [cost]": cast from the graveyard for that cost, then exiled (702.34a); a mana
    cost only (other costs stay words)."""
    m = re.fullmatch(rf"Flashback {COST}", REMINDER.sub("", normal).strip())
    if not m:
        return None
    return {"flashback": m.group(1)}, "flashback"


HOLDER = {"enchanted creature": "enchanted_creature", "equipped creature": "equipped_creature"}


def pt_and_grant(text: str, ctx, normal: str):
    """"Enchanted/Equipped creature gets +N/+N [and has K]." and "... has K." (613.4c, 613.1f)."""
    m = re.fullmatch(r"(Enchanted creature|Equipped creature) (?:gets ([+-]\d+/[+-]\d+)(?: and has ([a-z, ]+))?"
                     r"|has ([a-z, ]+))\.", REMINDER.sub("", normal).strip())
    if not m:
        return None
    to = HOLDER[m.group(1).lower()]
    words = m.group(3) or m.group(4)
    static: dict = {}
    if m.group(2):
        static["pt"] = {"modify": m.group(2), "to": to}
    if words:
        keywords = [w.strip() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if w.strip()]
        if any(k not in KEYWORDS for k in keywords):
            return None
        static["grant"] = {"to": to, "ability": {"keywords": keywords}}
    return {"static": static}, "attached"


def restriction(text: str, ctx, normal: str):
    """"~ can't block.", "Enchanted creature can't attack or block." (508.1c, 509.1b)."""
    m = re.fullmatch(rf"({SELF_WORDS}|Enchanted creature|Equipped creature) can't (attack|block|attack or block)\.",
                     REMINDER.sub("", normal).strip(), re.IGNORECASE)
    if not m:
        return None
    who = m.group(1).lower()
    to = HOLDER.get(who, "self")
    what = ["attack", "block"] if m.group(2) == "attack or block" else [m.group(2)]
    return {"static": {"restrict": {"what": what, "to": to}}}, "restriction"


def anthem(text: str, ctx, normal: str):
    """"Creatures you control get +1/+0.", "Other Elves you control get +1/+1.", "All creatures
    get -1/-1." as a static ability (613.4c, layer 7c): the permanents it names, while it is on the
    battlefield (611.3a)."""
    from .effects import EffectRead, _affected
    m = re.fullmatch(r"((?:Other )?(?:[A-Z][a-z]+s|[Cc]reatures) you control|All creatures) get ([+-]\d+/[+-]\d+)\.",
                     REMINDER.sub("", normal).strip())
    if not m:
        return None
    to = _affected(m.group(1), EffectRead())
    if not isinstance(to, dict):
        return None
    return {"static": {"pt": {"modify": m.group(2), "to": to}}}, "static_pt"
