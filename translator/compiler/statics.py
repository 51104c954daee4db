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


# -- untap restrictions (CR 502.3) --------------------------------------------------------------
FILTER_WORDS = {"white", "blue", "black", "red", "green", "legendary", "snow", "basic", "nonbasic", "nonland",
                "noncreature", "nonartifact", "artifact", "creature", "enchantment", "land", "planeswalker"}
ATTACHED = {"Enchanted creature": "enchanted_creature", "Equipped creature": "equipped_creature"}


def group_filter(words: str) -> list[str] | None:
    """"Islands", "Blue creatures", "Nonbasic lands": the words of a group, singular."""
    ws = words.split()
    if not ws:
        return None
    *adjectives, last = [w.lower() for w in ws]
    last = PLURALS_OF.get(last) or (last[:-1] if last.endswith("s") else None)
    if last is None or any(w not in FILTER_WORDS for w in adjectives):
        return None
    if last not in FILTER_WORDS | {"permanent"} and last not in BASIC_LAND_TYPES:
        return None
    return [*adjectives, last]


PLURALS_OF = {"plains": "plains", "permanents": "permanent"}


def untap_line(text: str, ctx):
    """"~ doesn't untap during your untap step [if it has a depletion counter on it].", "You may
    choose not to untap ~ during your untap step.", "Enchanted creature doesn't untap during its
    controller's untap step.", "Islands don't untap during their controllers' untap steps."."""
    t = normal(text, ctx)
    if t == "~ doesn't untap during your untap step.":
        return {"static": {"restrict": {"what": ["untap"], "to": "self"}}}, "doesn't untap"
    m = re.fullmatch(r"~ doesn't untap during your untap step if it has (a|an|two|three) ([a-z]+) counters? on it\.", t)
    if m:
        n = {"a": 1, "an": 1, "two": 2, "three": 3}[m.group(1)]
        cond = {"kind": m.group(2)} if n == 1 else {"kind": m.group(2), "at_least": n}
        return ({"static": {"restrict": {"what": ["untap"], "to": "self", "if": {"counters": cond}}}},
                "doesn't untap if it has counters")
    if t == "You may choose not to untap ~ during your untap step.":
        return {"static": {"restrict": {"what": ["untap_optional"], "to": "self"}}}, "may choose not to untap"
    m = re.fullmatch(r"(Enchanted creature|Equipped creature) doesn't untap during its controller's untap step\.", t)
    if m:
        return {"static": {"restrict": {"what": ["untap"], "to": ATTACHED[m.group(1)]}}}, "attached doesn't untap"
    m = re.fullmatch(r"(.+) don't untap during their controllers' untap steps\.", t)
    if m:
        filt = group_filter(m.group(1))
        if filt is None:
            return None
        return {"static": {"restrict": {"what": ["untap"], "to": {"filter": filt}}}}, "group doesn't untap"
    return None


# -- the storage and depletion lands' upkeep triggers (CR 503.1a, 603.4) -------------------------
def upkeep_counters_line(text: str, ctx):
    """"At the beginning of your upkeep, remove a depletion counter from ~." and "At the
    beginning of your upkeep, if ~ is tapped, put a storage counter on it." (an intervening
    "if": checked as it triggers and as it resolves, 603.4)."""
    t = normal(text, ctx)
    when = {"beginning_of_upkeep": "your_turn"}
    m = re.fullmatch(r"At the beginning of your upkeep, remove an? ([a-z]+) counter from ~\.", t)
    if m:
        return ({"triggered": {"when": when, "effect": text,
                               "does": [{"remove_counters": {"what": "self", "kind": m.group(1)}}]}},
                "upkeep: remove a counter")
    m = re.fullmatch(r"At the beginning of your upkeep, if ~ is tapped, put an? ([a-z]+) counter on (?:it|~)\.", t)
    if m:
        return ({"triggered": {"when": when, "condition": "self_tapped", "effect": text,
                               "does": [{"counters": {"what": "self", "kind": m.group(1)}}]}},
                "upkeep: if tapped, put a counter")
    return None


def hand_size_line(text: str, ctx):
    """"You have no maximum hand size." (CR 402.2: its controller discards nothing to hand size
    in the cleanup step, 514.1; Reliquary Tower, Thought Vessel)."""
    if text.strip() == "You have no maximum hand size.":
        return {"static": {"no_maximum_hand_size": True}}, "no maximum hand size"
    return None
