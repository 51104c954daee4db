"""Templates for how a permanent enters (CR 614.1c, 614.12, 614.12a): "enters tapped" and its
conditions, "enters with N counters", "As ~ enters, choose a color / a creature type", and the
mana ability that reads the choice ("Add one mana of the chosen color", 607.2d).

Each template reads the line in either wording: the card's name or "this land" / "this
creature" ... for the card itself, "enters the battlefield" (before 2024) or "enters".
"""

from __future__ import annotations

import re

from ..entering import COLORS

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
NUMBER = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|X)"
# A counter kind as printed: "+1/+1", "-1/-1", "+1/+0", "charge", "depletion" ...
COUNTER = r"([+-]\d+/[+-]\d+|[a-z]+)"
SELF = re.compile(r"\b[Tt]his (land|creature|artifact|enchantment|permanent|planeswalker|battle)\b")
PLURALS = {"lands": "land", "plains": "plains", "swamps": "swamp", "islands": "island",
           "mountains": "mountain", "forests": "forest", "creatures": "creature",
           "artifacts": "artifact", "permanents": "permanent"}


def normal(text: str, ctx) -> str:
    """The line with the card itself written `~` (its name, or "this land" and the like: CR
    201.5) and "enters the battlefield" written "enters" (the wording since 2024); reminder
    text dropped."""
    from .lines import REMINDER, self_reference  # lines.py registers these templates
    t = SELF.sub("~", REMINDER.sub("", self_reference(text, ctx)))
    return re.sub(r"\benters the battlefield\b", "enters", t).strip()


def number(word: str) -> int | str:
    return "X" if word == "X" else NUMBERS[word.lower()]


def noun(word: str) -> str:
    """One noun of a filter, singular and lower case ("Mountains" -> mountain)."""
    w = word.lower()
    return PLURALS.get(w, w)


def alternatives(text: str) -> list[list[str]] | None:
    """"a Forest or a Plains", "an Island or Swamp", "a Forest": each alternative's filter."""
    parts = re.split(r"\s+or\s+", text.strip())
    out = []
    for part in parts:
        m = re.fullmatch(r"(?:an?\s+)?([A-Z][A-Za-z'-]*)", part.strip())
        if not m:
            return None
        out.append([noun(m.group(1))])
    return out


def condition_filter(alts: list[list[str]]) -> dict:
    return {"filter": alts[0]} if len(alts) == 1 else {"any_of": alts}


def counters_of(count: str, kind: str) -> dict:
    return {kind: number(count)}


def enters_line(text: str, ctx):
    """"~ enters tapped.", "... tapped with two depletion counters on it.", "~ enters with N
    [kind] counters on it." (614.1c)."""
    t = normal(text, ctx)
    if t == "~ enters tapped.":
        return {"enters": {"tapped": True}}, "enters tapped"
    m = re.fullmatch(rf"~ enters (tapped (?:and )?)?with {NUMBER} {COUNTER} counters? on it\.", t)
    if m:
        entry = {"tapped": True} if m.group(1) else {}
        entry["counters"] = counters_of(m.group(2), m.group(3))
        return {"enters": entry}, "enters tapped with counters" if m.group(1) else "enters with counters"
    return None


def you_control(words: str) -> dict | None:
    """The condition of "unless you control ...": a Forest or a Plains / two or fewer other
    lands / two or more basic lands / three or more other Mountains."""
    m = re.fullmatch(r"(two|three|four|five) or (fewer|more) (other )?(basic )?([A-Za-z]+)", words)
    if m:
        filt = (["basic"] if m.group(4) else []) + [noun(m.group(5))]
        cond = {"filter": filt}
        if m.group(3):
            cond["other"] = True
        cond["at_most" if m.group(2) == "fewer" else "at_least"] = NUMBERS[m.group(1)]
        return cond
    # "a white, blue, or black permanent" (Taiga Stadium): a permanent of any of those colors
    color = r"(?:white|blue|black|red|green)"
    m = re.fullmatch(rf"an? ({color}(?:, {color})*,? or {color}) permanent", words)
    if m:
        return condition_filter([[c, "permanent"] for c in re.findall(color, m.group(1))])
    alts = alternatives(words)
    return condition_filter(alts) if alts else None


def enters_tapped_unless(text: str, ctx):
    """"~ enters tapped unless you control ..." / "unless you have two or more opponents";
    "If you control two or more other lands, ~ enters tapped." (614.12: read as it enters)."""
    t = normal(text, ctx)
    m = re.fullmatch(r"~ enters tapped unless you control (.+)\.", t)
    if m:
        cond = you_control(m.group(1))
        if cond is None:
            return None
        return {"enters": {"tapped": True, "unless": {"you_control": cond}}}, "enters tapped unless you control"
    m = re.fullmatch(r"~ enters tapped unless you have (two|three|four) or more opponents\.", t)
    if m:
        return ({"enters": {"tapped": True, "unless": {"opponents": {"at_least": NUMBERS[m.group(1)]}}}},
                "enters tapped unless opponents")
    m = re.fullmatch(r"If you control (.+), ~ enters tapped\.", t)
    if m:
        cond = you_control(m.group(1))
        if cond is None:
            return None
        return {"enters": {"tapped": True, "if": {"you_control": cond}}}, "if you control, enters tapped"
    return None


def as_enters_may(text: str, ctx):
    """"As ~ enters, you may pay 2 life. If you don't, it enters tapped." and "As ~ enters, you
    may reveal a Forest or Plains card from your hand. If you don't, ~ enters tapped." (a
    choice made before it enters, 614.12a)."""
    t = normal(text, ctx)
    m = re.fullmatch(r"As ~ enters, you may pay (\d+) life\. If you don't, (?:it|~) enters tapped\.", t)
    if m:
        return {"enters": {"tapped": True, "unless": {"pay_life": int(m.group(1))}}}, "may pay life or enters tapped"
    m = re.fullmatch(r"As ~ enters, you may reveal (.+?) card from your hand\. If you don't, (?:it|~) enters tapped\.", t)
    if m:
        alts = alternatives(m.group(1))
        if alts is None:
            return None
        return ({"enters": {"tapped": True, "unless": {"reveal": condition_filter(alts)}}},
                "may reveal or enters tapped")
    return None


def as_enters_choose(text: str, ctx):
    """"As ~ enters, choose a color [other than red]." / "... choose a creature type."."""
    t = normal(text, ctx)
    m = re.fullmatch(r"As ~ enters, choose a color(?: other than (\w+))?\.", t)
    if m:
        entry: dict = {"choose": "color"}
        if m.group(1):
            if m.group(1) not in COLORS:
                return None
            entry["other_than"] = m.group(1)
        return {"enters": entry}, "as enters choose a color"
    if t == "As ~ enters, choose a creature type.":
        return {"enters": {"choose": "creature_type"}}, "as enters choose a creature type"
    return None


def chosen_color_mana(text: str, ctx):
    """"{T}: Add one mana of the chosen color." / "{T}: Add {R} or one mana of the chosen
    color." (the chosen color: the choice its linked ability made as it entered, 607.2d)."""
    m = re.fullmatch(r"\{T\}: Add (?:(\{[WUBRGC]\}) or )?one mana of the chosen color\.", text.strip())
    if not m or not any(re.search(r"choose a color", other) for other in ctx.lines):
        return None                 # 607.2d: "the chosen color" needs its linked choosing ability
    add: dict = {"chosen": "color"}
    if m.group(1):
        add["or"] = m.group(1)
    return {"activated": {"cost": ["{T}"], "add_mana": add}}, "add one mana of the chosen color"


def chosen_color_trigger(text: str, ctx):
    """"Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of
    the chosen color." (Utopia Sprawl): a triggered mana ability (605.1b, 106.12a) of the Aura,
    whose mana is the color its linked ability chose as it entered (607.2d)."""
    m = re.fullmatch(r"Whenever enchanted (?:land|Forest|Plains|Island|Swamp|Mountain) is tapped for mana, its "
                     r"controller adds an additional one mana of the chosen color\.", text.strip())
    if not m or not any(re.search(r"choose a color", other) for other in ctx.lines):
        return None                 # 607.2d: "the chosen color" needs its linked choosing ability
    return {"triggered": {"trigger": {"tapped_for_mana": "enchanted"}, "add_mana": {"chosen": "color"}}}, \
        "a trigger adds one mana of the chosen color"


def sacrifice_instead(text: str, ctx):
    """"If ~ would enter, sacrifice two untapped lands instead. If you do, put ~ onto the
    battlefield. If you don't, put it into its owner's graveyard." (Lotus Vale, Heart of
    Yavimaya's "a Forest"): a replacement effect whose sacrifice is a cost (614.1a, 118.12)."""
    if not text.startswith("If ") or " instead." not in text:
        return None
    t = normal(text, ctx)
    m = re.fullmatch(r"If ~ would enter(?: the battlefield)?, sacrifice (an?|two|three) (untapped )?([A-Za-z]+) instead\. If you do, put "
                     r"~ onto the battlefield\. If you don't, put (?:it|~) into its owner's graveyard\.", t)
    if not m:
        return None
    count, kind = NUMBERS[m.group(1)], noun(m.group(3))
    if kind not in ("land", "plains", "island", "swamp", "mountain", "forest"):
        return None
    entry: dict = {"count": count, "filter": [kind]}
    if m.group(2):
        entry["untapped"] = True
    return {"enters": {"sacrifice": entry}}, "sacrifice instead as it enters"
