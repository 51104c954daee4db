"""Line templates: one line of oracle text into one ability entry of the vocabulary.

Each template is a function (text, context) -> entry or None, tried in order; the first that
reads the line wins. A line no template reads is kept as its words only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards import BASIC_LAND_TYPES, KEYWORDS
from . import attached, enters, statics
from . import triggered as triggered_templates
from .result import line_result

REMINDER = re.compile(r"\s*\([^()]*\)")


@dataclass(frozen=True)
class Context:
    name: str                       # the face's name (201.5: the card's name means this object)
    type_line: str


def self_reference(text: str, ctx: Context) -> str:
    """The line with the card's name, and its short name for a legendary card ("Gaea's
    Cradle"; "Urborg" for "Urborg, Tomb of Yawgmoth"), written `~` (CR 201.5, 201.4b)."""
    out = text.replace(ctx.name, "~")
    short = ctx.name.split(",")[0]
    if short != ctx.name and len(short) > 2:
        out = re.sub(rf"\b{re.escape(short)}\b", "~", out)
    return out


def shape(text: str, ctx: Context) -> str:
    """A line's shape, for counting the templates that do not compile yet: its self references
    as `~`, reminder text dropped, mana symbols {M}, numbers N."""
    t = REMINDER.sub("", self_reference(text, ctx)).strip()
    t = re.sub(r"\{[WUBRGCS]\}", "{M}", t)
    t = re.sub(r"\{\d+\}", "{N}", t)
    return re.sub(r"\b\d+\b", "N", t)


def intrinsic(text: str, ctx: Context):
    """A basic land type's reminder text, "({T}: Add {G}.)" on a Forest (CR 305.6): the
    ability comes from the type, so the line compiles to the type's intrinsic ability."""
    m = re.fullmatch(r"\(\{T\}: Add \{([WUBRG])\}(?: or \{([WUBRG])\})?\.\)", text)
    if not m:
        return None
    kinds = [dict(zip("WUBRG", BASIC_LAND_TYPES))[x] for x in m.groups() if x]
    if any(k not in ctx.type_line.lower().split() for k in kinds):
        return None
    return {"intrinsic": kinds[0] if len(kinds) == 1 else kinds}, "intrinsic"


def keyword_line(text: str, ctx: Context):
    """A line of keyword abilities the rules here know ("Flying, vigilance"; CR 702)."""
    bare = REMINDER.sub("", text).strip()
    words = [w.strip().lower() for w in bare.split(",")]
    if not words or any(w not in KEYWORDS for w in words):
        return None
    return {"keywords": words}, "keywords"


def _normal(template):
    """A template that reads the line with its self references written ~ (201.5)."""
    def read(text: str, ctx: Context):
        return template(text, ctx, self_reference(text, ctx))
    read.__name__ = template.__name__
    return read


# The specific templates (entering, land types, untap, the storage and depletion upkeep
# triggers: enters.py, statics.py; keyword and attached abilities: attached.py) before the
# general triggered ones.
TEMPLATES = (intrinsic, keyword_line, enters.enters_line, enters.enters_tapped_unless, enters.as_enters_may,
             enters.as_enters_choose, enters.chosen_color_mana, statics.land_types_line,
             statics.untap_line, statics.upkeep_counters_line, _normal(attached.equip),
             _normal(attached.flashback), _normal(attached.pt_and_grant), _normal(attached.restriction),
             _normal(triggered_templates.triggered), _normal(triggered_templates.spell))


def compile_line(line: int, text: str, ctx: Context):
    for template in TEMPLATES:
        read = template(text, ctx)
        if read is not None:
            entry, name = read[0], read[1]
            unread = read[2] if len(read) > 2 else ()
            return {"line": line, **entry}, line_result(line, text, name, unread)
    return {"line": line, "text": text}, line_result(line, text, shape(text, ctx), None)
