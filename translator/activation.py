"""The vocabulary of activation instructions beyond timing (docs/cards.md, "Activation
instructions"): conditions that must hold for an ability to be activated ("Activate only if
seven or more cards are in your graveyard", "... only during your turn", CR 602.5) and a limit
on how many times each turn it may be activated ("Activate only once each turn", 602.5b).
Translation only: whether a condition holds is decided in asp/costs.lp.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .history import RECORDS
from .yamlio import Fields, describe

# Where a counted condition looks: the battlefield (permanents the player controls) or one of
# the player's own zones (cards the player owns there, CR 400.2: hand, library, graveyard).
CONDITION_ZONES = ("battlefield", "hand", "graveyard", "library")
COMPARES = ("at_least", "at_most", "exactly", "more_than_yours")
# Whose turn it must be (CR 102.1: the active player's turn): "during your turn", "... if it's not
# your turn", "... during an opponent's turn" (in Two-Headed Giant a teammate's turn is neither
# yours nor an opponent's, 810.2).
TURN_KINDS = ("your_turn", "not_your_turn", "opponents_turn",
              "city_blessing")      # (not a turn: "Activate only if you have the city's blessing", 702.131c)
KINDS = (*TURN_KINDS, "count", "total_power", "counters", *RECORDS)


@dataclass(frozen=True)
class ActivationCondition:
    """One condition of "Activate only if/during ...", which must hold as the ability is
    activated (CR 602.5).

    kind: your_turn ("during your turn": its controller is the active player, 102.1),
          not_your_turn ("if it's not your turn": another player is), opponents_turn ("during an
          opponent's turn": an opponent of its controller is),
          count (how many objects matching `filter` the player has in `zone`, each with power
          `power_at_least` or greater when given, compared with `number`; with whose: opponent,
          the permanents some opponent controls: "if an opponent controls four or more lands"),
          total_power (the total power of the permanents matching `filter` the player
          controls, 208.1, compared with `number`),
          counters (the counters of kind `counter` on the ability's source, 122.1: "if ~ has a
          luck counter on it"), lands_played (the lands the player played this turn, 305.2: "if
          you played a land this turn") or another record of the turn (history.RECORDS: "if
          you've cast an instant or sorcery spell this turn", instants_sorceries_cast).
    """

    kind: str
    zone: str = "battlefield"
    filter: tuple[str, ...] = ()
    power_at_least: int | None = None
    compare: str = "at_least"
    number: int = 0
    whose: str = "you"                   # count: "you control" or "an opponent controls" (some
                                         # opponent of its controller, 102.2: each counted apart)
    counter: str = ""
    also: tuple[int, ...] = ()           # exactly: the other numbers it may equal ("exactly zero or seven
                                         # cards in hand": exactly [0, 7], The Biblioplex)


def parse_activation_conditions(value: Any, f: Fields, key: str, parse_filter) -> tuple[ActivationCondition, ...]:
    """`only_if: [{your_turn: true} (or not_your_turn, opponents_turn), {count: {zone, filter, power_at_least}, at_least: N},
    {total_power: {filter}, at_least: N}]`: each must hold (at_least / at_most / exactly)."""
    if not isinstance(value, list) or not value:
        raise f.error(key, "is a list of conditions, like [{count: {zone: graveyard}, at_least: 7}]")
    return tuple(_condition(c, Fields(c, f.where, f"{f.sub(key)}[{i}]", {*KINDS, *COMPARES}), parse_filter)
                 for i, c in enumerate(value))


def _condition(raw: Any, c: Fields, parse_filter) -> ActivationCondition:
    kinds = [k for k in KINDS if c.has(k)]
    if len(kinds) != 1:
        raise c.error(None, f"a condition is one of {', '.join(KINDS)}, like {{count: {{zone: hand}}, exactly: 0}}")
    kind = kinds[0]
    compares = [k for k in COMPARES if c.has(k)]
    if kind in TURN_KINDS:
        if raw[kind] is not True or compares:
            raise c.error(kind, f"is written `{kind}: true` alone")
        return ActivationCondition(kind)
    if len(compares) != 1:
        raise c.error(None, f"a {kind} condition compares with one of {', '.join(COMPARES)}: N")
    also: tuple[int, ...] = ()
    if compares[0] == "exactly" and kind == "count" and isinstance(raw.get("exactly"), list):
        # "if you have exactly zero or seven cards in hand" (The Biblioplex): any of the numbers
        ns = raw["exactly"]
        if len(ns) < 2 or len(set(ns)) != len(ns) or any(isinstance(n, bool) or not isinstance(n, int) or n < 0
                                                         for n in ns):
            raise c.error("exactly", f"is a number, or a list of two or more different numbers (0 or more), got "
                                     f"{describe(ns)}")
        raw = {**raw, "exactly": ns[0]}
        c = Fields(raw, c.where, c.path, {*KINDS, *COMPARES})
        also = tuple(ns[1:])
    number = c.get(compares[0], int)
    if number < 0:
        raise c.error(compares[0], f"must be a non-negative integer, got {describe(number)}")
    if kind == "counters":
        # "If ~ has a luck counter on it" (Gemstone Caverns): {counters: luck, at_least: 1}
        if not isinstance(raw[kind], str) or not raw[kind].strip():
            raise c.error(kind, "is the kind of counter on its source, like luck")
        return ActivationCondition(kind, compare=compares[0], number=number, counter=raw[kind].strip())
    if kind in RECORDS:
        # "If you played a land this turn" (River of Tears): {lands_played: you, at_least: 1}; "only if
        # you've cast an instant or sorcery spell this turn": {instants_sorceries_cast: you, at_least: 1}
        # (the turn's records, history.py)
        if raw[kind] != "you":
            raise c.error(kind, f"is written `{kind}: you` (its controller's record of this turn)")
        return ActivationCondition(kind, compare=compares[0], number=number)
    what = Fields(raw[kind], c.where, c.sub(kind), {"zone", "filter", "power_at_least", "whose"} if kind == "count"
                  else {"filter"})
    zone = what.get("zone", str, "battlefield")
    if zone not in CONDITION_ZONES:
        raise what.error("zone", f"must be one of {', '.join(CONDITION_ZONES)}")
    flt = parse_filter(what.data["filter"], what, "filter") if what.has("filter") else ()
    if zone == "battlefield" and not flt:
        raise what.error("filter", "a count on the battlefield names what it counts, like [artifact]")
    power = what.get("power_at_least", int, None)
    if power is not None and zone != "battlefield":
        raise what.error("power_at_least", "only a permanent's power is counted here (CR 208.3)")
    whose = what.get("whose", str, "you")
    if whose not in ("you", "opponent"):
        raise what.error("whose", "must be you or opponent (\"an opponent controls\")")
    if compares[0] == "more_than_yours" and (whose != "opponent" or number < 1):
        # "if an opponent controls at least two more lands than you" (Isolated Watchtower)
        raise c.error("more_than_yours", "goes with whose: opponent, a number 1 or more (\"at least two more lands "
                                         "than you\": 2)")
    if whose == "opponent" and (zone != "battlefield" or compares[0] not in ("at_least", "more_than_yours")
                                or power is not None):
        raise what.error("whose", "an opponent's count is of permanents they control, with at_least "
                                  "(\"if an opponent controls four or more lands\")")
    return ActivationCondition(kind, zone, flt, power, compares[0], number, whose, also=also)
