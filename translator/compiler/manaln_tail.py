"""Lines of the non-Land cards that add mana, the tail after act_tail.py and static_tail.py: line
templates tried just before the mana templates (compiler/lines.py), each for one wording whose
words are specific enough that no other template should read them.

    "At the beginning of your precombat main phase, remove all charge counters from Coalition
    Relic. Add one mana of any color for each charge counter removed this way."   (122.1, 608.2c)
    "Whenever Colossal Plow attacks, add {W}{W}{W} and you gain 3 life. ..."       (608.2c)
    "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed
    this way."                                                                  (Metalworker, 701.20a)
"""

from __future__ import annotations

import re

from .mana import SYMS, triggered_mana

COUNTER = r"([a-z]+|[+-]\d+/[+-]\d+)"
ONE_OR_A = {"a": 1, "an": 1, "one": 1}


def counters_removed_mana(text: str, ctx, normal: str):
    """"At the beginning of your precombat main phase, [if ~ has a charge counter on it, ][tap it
    and ]remove all charge counters from ~/it. Add {C} / one mana of any color for each charge
    counter removed this way." (Ventifact Bottle, Coalition Relic): a triggered ability whose
    actions tap its source and remove every counter of that kind (122.1), then add mana once for
    each counter removed (608.2c: in that order). The counters removed are all those on it as it
    begins to resolve, so the amount is `{counters: kind}` counted then (608.2h; asp/mana.lp
    res_counted/3 reads the counters before the step's actions), the removal an action after it
    is counted. Nothing else in the ability can move counters between the two."""
    m = re.fullmatch(rf"(At the beginning of your precombat main phase), (if ~ has an? {COUNTER} counter on it, )?"
                     rf"(tap it and )?remove all {COUNTER} counters from (?:~|it)\. Add (one mana of any color|{SYMS}) "
                     rf"for each {COUNTER} counter removed this way\.", normal)
    if m is None:
        return None
    _, condition, tap, kind, mana, kind2 = m.group(1), m.group(2), m.group(4), m.group(5), m.group(6), m.group(7)
    cond_kind = m.group(3)
    if kind != kind2 or (condition and cond_kind != kind) or (tap and not condition):
        return None
    amount = {"counters": kind}
    add = {"combination": "colors", "amount": amount} if mana == "one mana of any color" else \
        {"mana": mana, "amount": amount}
    does = ([{"tap": {"what": "self"}}] if tap else []) + \
        [{"remove_counters": {"what": "self", "kind": kind, "count": "all"}}]
    entry: dict = {"when": {"beginning_of_precombat_main": "your_turn"}, "effect": text}
    if condition:
        # CR 603.4: an intervening "if": checked as the phase begins and as it resolves
        entry["condition"] = {"counters": {"kind": kind, "at_least": 1}}
    entry["does"] = does
    entry["add_mana"] = add
    return {"triggered": entry}, "triggered_mana"


ADD_AND_LIFE = re.compile(rf"((?:When|Whenever|At) [^,]+), add ({SYMS}) and you gain (\d+|one|two|three|four|five) "
                          r"life\.(.*)")


def add_and_gain_life(text: str, ctx, normal: str):
    """"Whenever Colossal Plow attacks, add {W}{W}{W} and you gain 3 life. Until end of turn, you
    don't lose this mana as steps and phases end.": the mana, then the life, as written (608.2c),
    read by the triggered mana template as two instructions (mana.py triggered_mana) with the
    rider after them (106.6)."""
    said, shown = ADD_AND_LIFE.fullmatch(normal), ADD_AND_LIFE.fullmatch(text)
    if said is None or shown is None:
        return None
    split_said = f"{said.group(1)}, add {said.group(2)}. You gain {said.group(3)} life.{said.group(4)}"
    split_shown = f"{shown.group(1)}, add {shown.group(2)}. You gain {shown.group(3)} life.{shown.group(4)}"
    read = triggered_mana(split_said, split_shown)
    if read is None or read[1] or "does" not in read[0]["triggered"]:
        return None
    return read[0], "triggered_mana"


def revealed_mana(text: str, ctx, normal: str):
    """"{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed
    this way." (Metalworker): a mana ability (605.1a) whose amount is the number of cards of that
    kind its controller chooses to reveal from their hand as it resolves (701.20a: revealing shows
    a card and leaves it where it is), any number from none to all of them."""
    from .costs import read_cost
    from .mana import split_ability
    from .words import kind_filter
    parts = split_ability(normal)
    if parts is None:
        return None
    m = re.fullmatch(rf"Reveal any number of ([a-z ]+?) cards in your hand\. Add ({SYMS}) for each card revealed "
                     r"this way\.", parts[1])
    costs = read_cost(parts[0], "planeswalker" in ctx.type_line.lower())
    f = kind_filter(m.group(1)) if m else None
    if m is None or costs is None or f is None:
        return None
    return {"activated": {"cost": costs, "add_mana": {
        "for_each": {"zone": "hand", "filter": list(f), "revealed": True}, "mana": m.group(2)}}}, "mana_ability"


# -- cost parts of two kinds: "a black or artifact creature", "an artifact or creature" ------------

def either_kinds(phrase: str) -> list[list[str]] | None:
    """"black or artifact creature": [[black, creature], [artifact, creature]] (the last word the
    noun each first word describes); "artifact or creature": [[artifact], [creature]]."""
    from .words import kind_filter
    first, sep, last = phrase.partition(" or ")
    if not sep or " or " in last or " " in first:
        return None
    words = last.split()
    alts = [[first] + words[1:], words] if len(words) > 1 else [[first], words]
    out = [kind_filter(" ".join(a)) for a in alts]
    return None if any(f is None for f in out) else [list(f) for f in out]


def either_cost(part: str) -> dict | None:
    """A cost part with a permanent of either of two kinds (compiler/costs.py read_cost): "Sacrifice
    a black or artifact creature" (Soldevi Adnate), "Tap an untapped artifact or creature you
    control" (Moonsnare Prototype): `any_of` in place of the filter (701.21a, 701.26a)."""
    m = re.fullmatch(r"Sacrifice an? ([a-z ]+)", part.strip())
    alts = either_kinds(m.group(1)) if m else None
    if alts is not None:
        return {"sacrifice": {"any_of": alts}}
    m = re.fullmatch(r"Tap an untapped ([a-z ]+) you control", part.strip())
    alts = either_kinds(m.group(1)) if m else None
    if alts is not None:
        return {"tap_untapped": {"count": 1, "any_of": alts}}
    return None


def sacrificed_either_mana(text: str, ctx, normal: str):
    """"{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed
    creature's mana value." (Soldevi Adnate): Priest of Yawgmoth's amount (the permanent sacrificed
    for the cost as it last existed, 608.2h) with a cost of either kind, each a creature."""
    from .costs import read_cost
    from .mana import SYM, split_ability
    parts = split_ability(normal)
    if parts is None:
        return None
    m = re.fullmatch(rf"Add an amount of ({SYM}) equal to the sacrificed ([a-z]+)'s mana value\.", parts[1])
    costs = read_cost(parts[0]) if m else None
    if costs is None:
        return None
    sac = [c["sacrifice"] for c in costs if isinstance(c, dict) and isinstance(c.get("sacrifice"), dict)]
    if len(sac) != 1 or "any_of" not in sac[0] or any(alt[-1] != m.group(2) for alt in sac[0]["any_of"]):
        return None
    return {"activated": {"cost": costs, "add_mana": {"mana": m.group(1), "amount": "sacrificed_mana_value"}}}, \
        "mana_ability"
