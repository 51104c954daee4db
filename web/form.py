"""The board builder: a state (the mapping a state file holds) as the page's form fields, and
the form's fields back as that mapping. Nothing here checks the state: translator/state.py's
load_state does, as for a file; this module only reads the form's own notations (a list of
names, `kind=n` counters, YAML in a few text boxes) and names the form field when it cannot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import yaml

from ..translator.errors import InputError
from ..translator.model import ZONES
from ..translator.yamlio import load_yaml_text

WHERE = "form"          # the `where` of errors in the form's own fields
# A permanent's keys the form has a field for; every other key is kept in its `more` box.
PERMANENT_FIELDS = ("id", "card", "controller", "owner", "tapped", "counters", "attached_to",
                    "since_turn")
TOP_FIELDS = ("players", "turn", "battlefield", "effects", *ZONES)
EMPTY_ROWS = 2          # blank permanent rows after the state's


def flow(value: Any) -> str:
    """A value as one line of YAML (flow style)."""
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, allow_unicode=True,
                          width=10_000).strip()


def block(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=False, sort_keys=False, allow_unicode=True)


def to_fields(state: Mapping[str, Any]) -> dict[str, str]:
    """The form's fields for a state (one the loader has accepted)."""
    out: dict[str, str] = {}
    out["players"] = ", ".join(state.get("players", []))
    turn = state.get("turn", {})
    out["turn-number"] = str(turn.get("number", ""))
    out["turn-active"] = str(turn.get("active", ""))
    out["turn-step"] = str(turn.get("step", ""))
    battlefield = state.get("battlefield", [])
    for i, item in enumerate(battlefield):
        for key in PERMANENT_FIELDS:
            if key not in item:
                continue
            value = item[key]
            if key == "tapped":
                out[f"bf-{i}-tapped"] = "on" if value else "off"
            elif key == "counters":
                out[f"bf-{i}-counters"] = ", ".join(f"{k}={n}" for k, n in value.items())
            else:
                out[f"bf-{i}-{key}"] = str(value)
        more = {k: v for k, v in item.items() if k not in PERMANENT_FIELDS}
        if more:
            out[f"bf-{i}-more"] = flow(more)
    out["rows"] = str(len(battlefield) + EMPTY_ROWS)
    for zone in ZONES:
        for player, cards in state.get(zone, {}).items():
            out[f"zone-{zone}-{player}"] = "\n".join(c if isinstance(c, str) else flow(c) for c in cards)
    if state.get("effects"):
        out["effects"] = block(state["effects"])
    more = {k: v for k, v in state.items() if k not in TOP_FIELDS}
    if more:
        out["more"] = block(more)
    return out


def from_fields(form: Mapping[str, str]) -> dict[str, Any]:
    """The state the form's fields describe (the mapping a state file would hold)."""
    state: dict[str, Any] = {}
    players = [p.strip() for p in form.get("players", "").replace("\n", ",").split(",") if p.strip()]
    state["players"] = players
    turn: dict[str, Any] = {}
    number = form.get("turn-number", "").strip()
    if number:
        turn["number"] = _whole(number, "turn-number")
    for key in ("active", "step"):
        value = form.get(f"turn-{key}", "").strip()
        if value:
            turn[key] = value
    state["turn"] = turn
    battlefield = []
    for i in row_numbers(form):
        item = _permanent(form, i)
        if item:
            battlefield.append(item)
    if battlefield:
        state["battlefield"] = battlefield
    for zone in ZONES:
        per_player: dict[str, list] = {}
        for name in sorted(k for k in form if k.startswith(f"zone-{zone}-")):
            player = name[len(f"zone-{zone}-"):]
            cards = [_zone_entry(line.strip(), name) for line in form[name].splitlines() if line.strip()]
            if cards:
                per_player[player] = cards
        if per_player:
            state[zone] = per_player
    effects = _yaml_box(form, "effects")
    if effects is not None:
        state["effects"] = effects
    more = _yaml_box(form, "more")
    if more is not None:
        if not isinstance(more, dict):
            raise InputError(WHERE, "more", "must be YAML of the state's other keys (a mapping), "
                                            "such as `life: {alice: 20}`")
        for key, value in more.items():
            if key in TOP_FIELDS:
                raise InputError(WHERE, "more", f"{key!r} has its own place in the form")
            state[key] = value
    return state


def rows_sent(form: Mapping[str, str]) -> int:
    """How many permanent rows the form has: one past the highest row number sent."""
    return max(row_numbers(form), default=-1) + 1


def row_numbers(form: Mapping[str, str]) -> list[int]:
    """The permanent rows the form sent, in order (only these are read: a row number alone
    never makes the server walk the rows before it)."""
    return sorted({int(m.group(1)) for k in form for m in [re.match(r"bf-(\d{1,6})-", k)] if m})


def _permanent(form: Mapping[str, str], i: int) -> dict[str, Any]:
    def get(key: str) -> str:
        return form.get(f"bf-{i}-{key}", "").strip()

    item: dict[str, Any] = {}
    if not get("card") and not get("id"):
        return item                     # a blank row
    for key in ("id", "card", "controller", "owner", "attached_to"):
        if get(key):
            item[key] = get(key)
    tapped = get("tapped")
    if tapped == "on":
        item["tapped"] = True
    elif tapped == "off":
        item["tapped"] = False
    if get("counters"):
        item["counters"] = _counters(get("counters"), f"bf-{i}-counters")
    if get("since_turn"):
        item["since_turn"] = _whole(get("since_turn"), f"bf-{i}-since_turn")
    more = _yaml_box(form, f"bf-{i}-more")
    if more is not None:
        if not isinstance(more, dict):
            raise InputError(WHERE, f"bf-{i}-more", "must be the permanent's other keys as YAML, "
                                                    "such as `{token: true, damage: 1}`")
        for key, value in more.items():
            if key in PERMANENT_FIELDS:
                raise InputError(WHERE, f"bf-{i}-more", f"{key!r} has its own field in the row")
            item[key] = value
    return item


def _counters(text: str, field: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        kind, eq, n = part.partition("=")
        if not eq or not kind.strip():
            raise InputError(WHERE, field, f"write counters as kind=n, kind=n (such as charge=2), "
                                           f"got {part[:40]!r}")
        out[kind.strip()] = _whole(n.strip(), field)
    return out


def _whole(text: str, field: str) -> int:
    if not re.fullmatch(r"-?\d{1,9}", text):
        raise InputError(WHERE, field, f"must be a whole number, got {text[:40]!r}")
    return int(text)


def _zone_entry(line: str, field: str) -> Any:
    # a card name, or a card with more keys written as a YAML mapping: {card: X, id: y}
    return _yaml(line, field) if line.startswith("{") else line


def _yaml_box(form: Mapping[str, str], field: str) -> Any:
    text = form.get(field, "")
    return _yaml(text, field) if text.strip() else None


def _yaml(text: str, field: str) -> Any:
    try:
        return load_yaml_text(text, WHERE)
    except InputError as e:
        raise InputError(WHERE, field, e.message) from None


def row_of(form: Mapping[str, str], index: int) -> int | None:
    """The form row of the state's battlefield[index] (blank rows are left out of the state)."""
    rows = [i for i in row_numbers(form) if _permanent_named(form, i)]
    return rows[index] if index < len(rows) else None


def _permanent_named(form: Mapping[str, str], i: int) -> bool:
    return bool(form.get(f"bf-{i}-card", "").strip() or form.get(f"bf-{i}-id", "").strip())
