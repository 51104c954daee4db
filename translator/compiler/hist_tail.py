"""What happened earlier this turn, in the lines of the pool's mana cards (docs/cards.md, "What
happened this turn"; translator/history.py): the amounts "X is the amount of life you gained this
turn" (Accomplished Alchemist), "{C} for each card you've drawn this turn" (Kydele), "{R} for each 1
life your opponents have lost this turn" (Neheb, the Eternal), "{C}{C} for each of your opponents
who lost life this turn" (Belbe); the intervening "if" clauses (CR 603.4) "if an opponent lost
life this turn" (Famished Foragers), "if you attacked this turn" (raid: Mardu Warshrieker), "if a
permanent you controlled left the battlefield this turn" (revolt: Hidden Herbalists); and the
activation condition "only if you've cast an instant or sorcery spell this turn" (Hall of
Oracles). Each reads a record of the turn the state keeps and the what-if counts (asp/turn.lp).
"""

from __future__ import annotations

import re
from typing import Any

SYM = r"\{[WUBRGC]\}"
SYMS = rf"(?:{SYM})+"

# (the words after "X mana of any one color, where X is" / "{R} for each", the amount)
AMOUNTS: tuple[tuple[str, dict], ...] = (
    ("the amount of life you gained this turn", {"this_turn": "life_gained"}),      # 119.3
    ("card you've drawn this turn", {"this_turn": "cards_drawn"}),                   # 121.1
    ("1 life your opponents have lost this turn", {"this_turn": "life_lost", "whose": "opponents"}),
    ("of your opponents who lost life this turn", {"this_turn": "life_lost", "whose": "opponents", "players": True}),
)

# CR 603.4: the intervening "if" clauses on the turn's records (history.py parse_condition).
CONDITIONS: dict[str, dict] = {
    "if an opponent lost life this turn": {"record": "life_lost", "whose": "opponent", "at_least": 1},
    "if you gained life this turn": {"record": "life_gained", "at_least": 1},
    # raid: "you attacked this turn" is declaring one or more attackers (508.1a)
    "if you attacked this turn": {"record": "attackers_declared", "at_least": 1},
    # revolt (603.10a: a permanent leaving the battlefield, to any zone)
    "if a permanent you controlled left the battlefield this turn": {"record": "permanents_left", "at_least": 1},
}
# CR 601.2a, 603.4: "When ~ enters, if you cast it from your hand" (Coal Stoker): a record of the spell
# (the zone it was cast from), checked as it enters.
CAST_FROM_HAND = "if you cast it from your hand"
# The trigger events whose intervening "if" the encodings check as they trigger (triggers.lp:
# etb_if_fails/3, trigger_if_holds/2) and again as they resolve (resolution.lp).
CHECKED_EVENTS = (re.compile(r"When ~ enters(?: the battlefield)?"),)

# "Activate only if ..." on a record of the turn (602.5: activation.py).
ACTIVATION_CONDITIONS: dict[str, dict] = {
    "you've cast an instant or sorcery spell this turn": {"instants_sorceries_cast": "you", "at_least": 1},
}


def add_clause(c: str) -> Any:
    """The mana of "Add [c]" with an amount of the turn's records, or None."""
    m = re.fullmatch(rf"an amount of ({SYM}) equal to the greatest power among ([\w ]+?) you control that entered "
                     r"the battlefield this turn", c)
    if m:
        # (Alena, Kessig Trapper: the state word entered_this_turn, 110.2)
        from .words import kind_filter
        f = kind_filter(m.group(2))
        return None if f is None else {"mana": m.group(1), "amount": {"greatest_power": [*f, "entered_this_turn"]}}
    for words, amount in AMOUNTS:
        if c == f"X mana of any one color, where X is {words}":
            return {"any": "color", "amount": dict(amount)}
        m = re.fullmatch(rf"({SYMS}) for each {re.escape(words)}", c)
        if m:
            return {"mana": m.group(1), "amount": dict(amount)}
    return None


def activation_condition(clause: str) -> dict | None:
    got = ACTIVATION_CONDITIONS.get(clause)
    return None if got is None else dict(got)


def triggered_mana_if(norm: str, orig: str):
    """"When ~ enters, if an opponent lost life this turn, add {R}{R}{R}." (603.4): the ability
    read without its "if" clause (compiler/mana.py triggered_mana), the clause as its condition."""
    m = re.fullmatch(r"((?:When|Whenever|At) [^,]+), (if [^,]+), (add .+)", norm)
    printed = re.fullmatch(r"((?:When|Whenever|At) [^,]+), (if [^,]+), (add .+)", orig)
    if m is None or printed is None or m.group(2) not in (*CONDITIONS, CAST_FROM_HAND) or \
            not any(p.fullmatch(m.group(1)) for p in CHECKED_EVENTS):
        return None
    from .mana import triggered_mana
    read = triggered_mana(f"{m.group(1)}, {m.group(3)}", f"{printed.group(1)}, {printed.group(3)}")
    if read is None or "when" not in read[0]["triggered"] or read[1]:
        return None
    entry = read[0]["triggered"]
    condition = "cast_from_hand" if m.group(2) == CAST_FROM_HAND else {"this_turn": dict(CONDITIONS[m.group(2)])}
    return {"triggered": {"when": entry.pop("when"), "condition": condition, **entry}}, read[1]


def triggered_line(text: str, ctx, normal: str):
    """The line template (compiler/lines.py): `text` as printed, `normal` with ~ for its name."""
    read = triggered_mana_if(normal, text)
    return None if read is None else (read[0], "triggered_mana", read[1])


def afflict(text: str, ctx, normal: str):
    """The keyword line "Afflict N" (its reminder text dropped; Neheb, the Eternal): CR 702.130a,
    "Whenever this creature becomes blocked, defending player loses N life" (509.3c; the defending
    player of 506.2)."""
    m = re.fullmatch(r"Afflict (\d+)", normal)
    if m is None or "creature" not in ctx.type_line.lower():
        return None
    return {"triggered": {"when": {"becomes_blocked": "self"}, "effect": text,
                          "does": [{"lose_life": {"who": "defending_player", "amount": int(m.group(1))}}]}}, "triggered"
