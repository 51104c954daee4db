"""Effect sentences of the long tail of Land cards, lands9's part (issue 13): X in an activated
ability's effect, the value announced for {X} in its cost (107.3a, 107.3k, 602.2b: "{X}{X}, {T},
Sacrifice ~: Create X Treasure tokens.", Treasure Vault; "{X}{X}, {T}: Put X charge counters on
~.", Blast Zone), and "Destroy each nonland permanent with mana value equal to the number of charge
counters on ~." (Blast Zone: 202.3, 608.2h, 701.8a).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions (or [] for a created effect) or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead


def _with_x(sentence: str, read: EffectRead) -> list[dict] | None:
    """The sentence read with "two" for X (by the sentences of compiler/effects.py), its one
    count then `x`: only in an activated ability whose cost has {X} (read.x_cost), and only a
    count of tokens or counters."""
    if not read.x_cost:
        return None
    actions = _read_as(sentence, read, _x_count)
    if not actions or len(actions) != 1:
        return None
    (kind, params), = actions[0].items()
    if kind not in ("create_token", "counters") or params.get("count") != 2:
        return None
    return [{kind: {**params, "count": "x"}}]


def _read_as(sentence: str, read: EffectRead, skip) -> list[dict] | None:
    """The sentence as the first other sentence of compiler/effects.py that matches reads it
    (None when none does)."""
    from .effects import SENTENCES as ALL
    for pattern, build in ALL:
        if build is skip:
            continue
        found = pattern.fullmatch(sentence)
        if found is not None:
            return build(found, read)
    return None


def _x_count(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Create X Treasure tokens." / "Put X charge counters on ~." (107.3k)."""
    return _with_x(m.group(1) + "two" + m.group(2), read)


SENTENCES = tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (r"(create )X( (?:Treasure|Food|Clue|Gold|Blood) tokens\.)", _x_count),
    (rf"(put )X( [a-z]+ counters on {SELF_WORDS}\.)", _x_count),
))


def _destroy_each_mv(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Destroy each nonland permanent with mana value equal to the number of charge counters on
    ~." (Blast Zone): each permanent of the kind whose mana value (202.3) is the number of those
    counters on its source, as it last existed when the cost sacrificed it (608.2h)."""
    from .words import kind_filter
    f = kind_filter(m.group(1))
    if f is None or "permanent" not in f and not any(t in f for t in ("creature", "artifact", "enchantment", "land",
                                                                      "planeswalker")):
        return None
    return [{"destroy": {"what": "each", "filter": list(f), "mana_value_counters": m.group(2).lower()}}]


SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (rf"destroy each ([a-z ]+?) with mana value equal to the number of ([a-z]+) counters on {SELF_WORDS}\.",
     _destroy_each_mv),
))


# "+X/+0", "+X/+X", "an X/X" in a created effect: read with 1 for X, then the pt's for_each says
# which X (107.3k: its cost's; "where X is its power": its target's as it resolves, 608.2h).
X_PT = (("+X/+X", "+1/+1"), ("+X/+0", "+1/+0"), ("an X/X", "a 1/1"))
ITS_POWER = ", where X is its power."


def _x_pt(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target creature gets +X/+0 and gains trample until end of turn." (Kessig Wolf Run: X of
    its {X} cost), "Target creature you control gains flying and gets +X/+X until end of turn,
    where X is its power." (Winged Temple of Orazca), "Until end of turn, ~ becomes an X/X green
    Hydra creature." (Lair of the Hydra): the effect with X as one, its pt `for_each: x` or
    `its_power` (the effect keeps the number: 608.2h)."""
    sentence = m.group(0)
    if sentence.endswith(ITS_POWER):
        mode, sentence = "its_power", sentence[:-len(ITS_POWER)] + "."
    else:
        mode = "x"
        if not read.x_cost:
            return None
    found_x = [(a, b) for a, b in X_PT if a in sentence]
    if len(found_x) != 1 or sentence.count(found_x[0][0]) != 1 or read.creates is not None:
        return None
    text = sentence.replace(*found_x[0])
    if "X" in text:
        return None
    # "gains flying and gets +1/+1 until end of turn": one effect, both at once (611.2), as "gets
    # +1/+1 and gains flying until end of turn" reads it
    swap = re.fullmatch(r"(Target [a-z ]+?) gains ([a-z]+) and gets (\+1/\+[01]) until end of turn\.", text)
    if swap:
        text = f"{swap.group(1)} gets {swap.group(3)} and gains {swap.group(2)} until end of turn."
    actions = _read_as(text, read, _x_pt)
    pt = (read.creates or {}).get("pt")
    if actions != [] or not isinstance(pt, dict) or pt.get("for_each"):
        return None
    value = pt.get("modify") or pt.get("set")
    if value not in ("+1/+1", "+1/+0", "1/1") or (mode == "its_power" and pt.get("to") != "target"):
        return None
    pt["for_each"] = mode
    return []


# (not an X in a quoted ability the effect grants: that ability's own, read as a line of its own)
SENTENCES = SENTENCES + ((re.compile(r'[^"]*(?:\+X/\+X|\+X/\+0|an X/X)[^"]*\.'), _x_pt),)


BANDS_WITH_OTHER = "bands with other legendary creatures"


def bands_with_other_legendary(text: str, ctx, normal: str):
    """"Green legendary creatures you control have "bands with other legendary creatures."" (the
    Legends lands: Adventurers' Guildhouse, Cathedral of Serra, Mountain Stronghold, Seafarer's
    Quay, Unholy Citadel): a grant of the keyword (702.22b) to its controller's legendary
    creatures of that color (613.1f, layer 6). Its reminder text is dropped."""
    from .words import REMINDER
    m = re.fullmatch(rf'(White|Blue|Black|Red|Green) legendary creatures you control have "{BANDS_WITH_OTHER}\."',
                     REMINDER.sub("", normal).strip())
    if m is None:
        return None
    return {"static": {"grant": {"to": {"filter": [m.group(1).lower(), "legendary", "creature"], "controller": "you"},
                                 "ability": {"keywords": [BANDS_WITH_OTHER]}}}}, "bands with other", ()


def _look_at_target_top(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Look at the top card of target player's library." (Moonring Island): its controller looks
    at it (401.2: the library's order is unchanged; who has seen it is not kept); a target player
    (115.1, 608.2b)."""
    if read.does or read.target is not None:
        return None
    read.target, read.targets = "player", ["target player"]
    return [{"look": {"whose": "target"}}]


SENTENCES = SENTENCES + ((re.compile(r"Look at the top card of target player's library\."), _look_at_target_top),)


def _if_its_a(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If it's a creature, it gets +1/+1 until end of turn." after "Untap target Griffin."
    (Griffin Canyon): a pump of the target created only if the target is of that kind as it
    resolves (608.2c: `if_target`); "it" is the target (608.2b)."""
    from .words import kind_filter
    kind = kind_filter(m.group(1))
    if read.does != [{"untap": {"what": "target"}}] or read.creates is not None or not isinstance(read.target, dict) \
            or kind is None:
        return None
    read.creates = {"pt": {"modify": m.group(2), "to": "target"}, "duration": "end_of_turn", "if_target": list(kind)}
    return []


def untaps_then_if_target(read: EffectRead) -> bool:
    """(compiler/effects.py: an untap of the target beside a pump of it created only if it is of a
    kind: the vocabulary creates the effect first, 611.2c, which is the same here, since untapping
    does not change what it is)"""
    return read.does == [{"untap": {"what": "target"}}] and set(read.creates or {}) == {"pt", "duration", "if_target"}


SENTENCES = SENTENCES + ((re.compile(r"If it's an? ([a-z]+), it gets ([+-]\d+/[+-]\d+) until end of turn\."),
                          _if_its_a),)
