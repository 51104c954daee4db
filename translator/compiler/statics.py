"""Templates for static abilities that set or add land types (CR 305.6, 305.7, 613.1d):
"Each land is a Swamp in addition to its other land types.", "Nonbasic lands are Mountains.",
"Lands you control are Plains.", "Lands you control are every basic land type in addition to
their other types.", "~ is every basic land type." Only groups that do not depend on a land type
(lands, nonbasic lands, lands you control): a group named by a subtype ("All Mountains are
Plains") would need the layers to apply through a type an earlier effect gave, which
asp/layers.lp does not follow, so such lines stay text.
"""

from __future__ import annotations

import re

from ..cards import BASIC_LAND_TYPES
from .enters import normal

TYPE_WORDS = {"plains": "plains", "island": "island", "islands": "island", "swamp": "swamp", "swamps": "swamp",
              "mountain": "mountain", "mountains": "mountain", "forest": "forest", "forests": "forest"}
GROUPS = {"each land": ([], "any"), "all lands": ([], "any"), "lands": ([], "any"),
          "nonbasic lands": (["nonbasic"], "any"), "lands you control": ([], "you")}
ADDITION = r"(?: in addition to (?:its|their) other (?:land )?types)?"


def _types(words: str) -> list[str] | None:
    """"a Swamp", "Mountains", "every basic land type" as basic land types."""
    w = words.lower().strip()
    if w == "every basic land type":
        return list(BASIC_LAND_TYPES)
    w = re.sub(r"^(a|an)\s+", "", w)
    return [TYPE_WORDS[w]] if w in TYPE_WORDS else None


def land_types_line(text: str, ctx):
    """A static ability that sets (305.7) or adds ("in addition to", 305.6) basic land types."""
    t = normal(text, ctx)
    m = re.fullmatch(rf"(Each land|All lands|Lands|Nonbasic lands|Lands you control) (?:is|are) (.+?)({ADDITION})\.", t)
    if m:
        types = _types(m.group(2))
        if types is None:
            return None
        extra, controller = GROUPS[m.group(1).lower()]
        entry: dict = {"add" if m.group(3) else "set": types, "filter": [*extra, "land"]}
        if controller == "you":
            entry["controller"] = "you"
        return {"static": {"land_types": entry}}, "land types of a group"
    m = re.fullmatch(rf"~ is (every basic land type|an? \w+){ADDITION}\.", t)
    if m and "land" in ctx.type_line.lower().split():
        types = _types(m.group(1))
        if types is None:
            return None
        return {"static": {"land_types": {"add": types, "filter": "self"}}}, "land types of itself"
    return None
