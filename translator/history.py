"""The turn's records in the card vocabulary (docs/cards.md, "What happened this turn"): what a
player did earlier this turn, as an amount ("X is the amount of life you gained this turn",
"{C} for each card you've drawn this turn") or as a condition ("if an opponent lost life this
turn", "if you attacked this turn"). The records are the state's per-player counts (the state
file's `lands_played`, `spells_cast`, `life_gained`, ...: model.TURN_RECORDS), kept by the
what-if as it steps (asp/turn.lp); translation only: what they count is decided in asp/.
"""

from __future__ import annotations

from typing import Any

from .yamlio import Fields, describe

# The per-turn records of what each player did this turn beyond lands played and spells cast, one
# GameState field each (model.py), a state file key each (`life_gained: {alice: 3}`), rendered as
# turn_record(R, P, N) and counted by asp/turn.lp (each starts again at a new turn, 500.1).
TURN_RECORDS = ("life_gained", "life_lost", "cards_drawn", "attackers_declared", "permanents_left",
                "instants_sorceries_cast")
RECORDS = ("lands_played", "spells_cast", *TURN_RECORDS)
# The records of the previous turn the state keeps, per player (a state file key each:
# `spells_cast_last_turn: {bob: 2}`): the spells each player cast during the turn before this one
# (601.2f; "if no spells were cast last turn", Scorned Villager). At a new turn (500.1) each takes
# the value of this turn's record (asp/turn.lp); a condition reads it as `last_turn: {record:
# spells_cast, ...}`.
LAST_TURN_RECORDS = {"spells_cast": "spells_cast_last_turn"}
# Whose record an amount reads: its controller's, or the sum over their opponents (102.2: "the
# life your opponents have lost this turn"); `players: true` counts the opponents whose record is
# one or more ("for each of your opponents who lost life this turn").
AMOUNT_WHOSE = ("you", "opponents")
# Whose record a condition reads: its controller's, or some opponent's ("if an opponent lost life
# this turn": one opponent's record compared, 102.2).
CONDITION_WHOSE = ("you", "opponent", "a_player")
# (`whose: a_player`: each player's record compared on its own: "if a player cast two or more spells
# last turn" holds when one player's does, at_least; "if no spells were cast last turn" when no
# player's is above the count, at_most 0)


def _record(f: Fields, key: str) -> str:
    r = f.data.get(key)
    if r not in RECORDS:
        raise f.error(key, f"is a record of this turn: {', '.join(RECORDS)}; got {describe(r)}")
    return r


def parse_amount(raw: Any, f: Fields) -> tuple:
    """`amount: {this_turn: RECORD, whose: you | opponents, players: true}` -> ("this_turn",
    RECORD, whose, players)."""
    g = Fields(raw, f.where, f.sub("amount"), {"this_turn", "whose", "players"})
    record = _record(g, "this_turn")
    whose = g.get("whose", str, "you")
    if whose not in AMOUNT_WHOSE:
        raise g.error("whose", f"must be one of {', '.join(AMOUNT_WHOSE)}")
    players = g.get("players", bool, False)
    if players and whose != "opponents":
        raise g.error("players", "counts the opponents whose record is one or more: it goes with whose: opponents")
    return ("this_turn", record, whose, players)


def amount_term(amount: tuple) -> str:
    """The ASP term of such an amount (adds_amount/2): this_turn(R, W) or this_turn_players(R, W)."""
    _, record, whose, players = amount
    return f"this_turn{'_players' if players else ''}({record},{whose})"


def parse_condition(value: Any, f: Fields, key: str) -> tuple[str, str, str, int]:
    """A triggered ability's `condition: {this_turn: {record, whose, at_least | at_most}}` (603.4)
    -> (record, whose, compare, count)."""
    g = Fields(value, f.where, f.sub(key), {"record", "whose", "at_least", "at_most"})
    record = _record(g, "record")
    whose = g.get("whose", str, "you")
    if whose not in CONDITION_WHOSE:
        raise g.error("whose", f"must be one of {', '.join(CONDITION_WHOSE)}")
    if g.has("at_least") == g.has("at_most"):
        raise g.error(None, "give at_least or at_most (\"if you attacked this turn\": at_least: 1)")
    compare = "at_least" if g.has("at_least") else "at_most"
    n = g.get(compare, int)
    if isinstance(n, bool) or n < 0:
        raise g.error(compare, f"must be 0 or more, got {describe(n)}")
    return record, whose, compare, n


def parse_last_turn_condition(value: Any, f: Fields, key: str) -> tuple[str, str, str, int]:
    """A triggered ability's `condition: {last_turn: {record: spells_cast, whose, at_least |
    at_most}}` (603.4: "if no spells were cast last turn") -> (the state's record of the previous
    turn, whose, compare, count), read as parse_condition's."""
    g = Fields(value, f.where, f.sub(key), {"record", "whose", "at_least", "at_most"})
    record = g.data.get("record")
    if record not in LAST_TURN_RECORDS:
        raise g.error("record", f"is a record of the previous turn: {', '.join(LAST_TURN_RECORDS)}; got {describe(record)}")
    _, whose, compare, n = parse_condition({**value, "record": "spells_cast"}, f, key)
    return LAST_TURN_RECORDS[record], whose, compare, n
