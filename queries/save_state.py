"""A game state written back as a YAML state file (the contract translator/state.py reads), for
the interactive what-if's `save FILE`. Loading the file gives the same state: the same objects,
counters, combat, pools and effects, with every object a first incarnation again (a state file
starts the history of its objects, CR 400.7). What a state file cannot state yet (a spell on
the stack, a triggered ability waiting to be put on it, a link to an object that left) is refused
with one line naming it, never dropped."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import yaml

from ..translator.errors import InputError
from ..translator.model import PLAYER_COUNTS, ZONES, GameState, Permanent, ZoneCard
from ..translator.state import load_state


def state_data(state: GameState, where: str) -> dict[str, Any]:
    """The state as the data of a state file; an InputError naming `where` for what a state
    file cannot hold."""
    def refuse(field: str, what: str) -> InputError:
        return InputError(where, field, f"{what}: a state file cannot state that yet; save before it, or after "
                                        "it is resolved")
    for name in ("pending", "lost", "drew_from_empty"):
        if getattr(state, name, ()):
            raise refuse(name, {"pending": "triggered abilities wait to be put on the stack",
                                "lost": "a player has lost the game",
                                "drew_from_empty": "a player attempted to draw from an empty library"}[name])
    out: dict[str, Any] = {"players": list(state.players),
                           "turn": {"number": state.turn.number, "active": state.turn.active,
                                    "step": state.turn.step}}
    out["life"] = dict(state.life)
    for key in PLAYER_COUNTS:
        counts = {p: n for p, n in getattr(state, key) if n}
        if counts:
            out[key] = counts
    pools = {p: "".join(f"{{{t}}}" * n for t, n in sorted(mana, key=lambda tn: "WUBRGC".index(tn[0])) if n)
             for p, mana in state.mana_pool}
    pools = {p: text for p, text in pools.items() if text}
    if pools:
        out["mana_pool"] = pools
    incarnations = state.incarnations()
    out["battlefield"] = [_permanent(p, state.library.get(p.card).loyalty is not None, refuse)
                          for p in state.battlefield]
    for zone in ZONES:
        per_player = {}
        for player in state.players:
            cards = sorted((z for z in state.zones if z.zone == zone and z.owner == player),
                           key=lambda z: z.position)
            if cards:
                per_player[player] = _zone_cards(zone, cards, incarnations, refuse)
        if per_player:
            out[zone] = per_player
    if state.effects:
        out["effects"] = [_effect(e, refuse) for e in state.effects]
    if state.commanders:
        commanders: dict[str, list[str]] = {}
        for player, oid in state.commanders:
            commanders.setdefault(player, []).append(oid)
        out["commanders"] = {p: ids[0] if len(ids) == 1 else ids for p, ids in commanders.items()}
        casts = dict(state.commander_casts)
        per_player = {p: {oid: casts[oid] for oid in ids if casts.get(oid)} for p, ids in commanders.items()}
        per_player = {p: c for p, c in per_player.items() if c}
        if per_player:
            out["commander_casts"] = per_player
    if state.stack:
        out["stack"] = [_stack_item(s, incarnations, refuse) for s in state.stack]
    if state.city_blessing:
        out["city_blessing"] = list(state.city_blessing)      # (702.131c)
    if state.day_night is not None:
        out["day_night"] = state.day_night                    # (731.1)
    if state.monarch is not None:
        out["monarch"] = state.monarch                        # (725.1)
    return out


def state_yaml(state: GameState, where: str) -> str:
    """The state file's text. It is read back before it is given out: a state it would not
    load back to (a part of the state the state file's contract reads otherwise) is refused."""
    data = state_data(state, where)
    try:
        back = load_state(data, where, library=state.library)
    except InputError as e:
        raise InputError(where, None, f"the state reached does not load back from a state file ({e}); "
                                      "a state file cannot state it yet") from None
    if comparable(back) != comparable(state):
        differ = [f.name for f in fields(GameState) if getattr(comparable(back), f.name) != getattr(comparable(state), f.name)]
        raise InputError(where, ", ".join(differ), "the state reached would load back different from a state "
                                                   "file: a state file cannot state this part of it yet")
    return ("# A state saved by mtg-asp what-if --interactive (load it with the same --cards).\n"
            + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=4096))


def comparable(state: GameState) -> GameState:
    """The state as a state file gives it back: every object a first incarnation (a state
    file starts the history of its objects, 400.7), the cards of a zone at their places in
    order from 0, the pools without empty entries; a permanent's loyalty stated or not only for a
    planeswalker card (306.5b)."""
    def rank(z: ZoneCard) -> int:
        return sorted(y.position for y in state.zones if (y.zone, y.owner) == (z.zone, z.owner)).index(z.position)
    return replace(
        state, source="<state>",
        battlefield=tuple(sorted((replace(p, incarnation=0, loyalty_unstated=p.loyalty_unstated
                                          or state.library.get(p.card).loyalty is None)
                                  for p in state.battlefield), key=lambda p: p.id)),
        zones=tuple(sorted((replace(z, incarnation=0, position=rank(z),
                                    exiled_with=z.exiled_with and (z.exiled_with[0], 0))
                            for z in state.zones), key=lambda z: (z.zone, z.owner, z.position))),
        stack=tuple(replace(s, source_incarnation=0, targets=tuple((k, n, 0) for k, n, _ in s.targets))
                    for s in state.stack),
        mana_pool=tuple((p, tuple(sorted((t, n) for t, n in mana if n))) for p, mana in state.mana_pool
                        if any(n for _, n in mana)))


def _permanent(p: Permanent, planeswalker_card: bool, refuse) -> dict[str, Any]:
    path = f"battlefield.{p.id}"
    if p.attached_incarnation is not None or p.attacking_incarnation is not None or \
            p.blocking_incarnation is not None:
        raise refuse(path, f"{p.id} is attached to, attacks or blocks an object that left")
    if p.deathtouched:
        raise refuse(path, f"{p.id} was dealt damage by a source with deathtouch since the last check")
    v: dict[str, Any] = {"id": p.id, "card": p.card, "controller": p.controller}
    if p.owner != p.controller:
        v["owner"] = p.owner
    if p.token:
        v["token"] = True
    if p.tapped:
        v["tapped"] = True
    counters = {k: n for k, n in p.counters if n}
    if planeswalker_card and not p.loyalty_unstated and "loyalty" not in counters:
        counters["loyalty"] = 0             # stated: none left (not the printed loyalty, 306.5b)
    if counters:
        v["counters"] = counters
    if p.damage:
        v["damage"] = p.damage
    if p.attached_to:
        v["attached_to"] = p.attached_to
    if p.since_turn is not None:
        v["since_turn"] = p.since_turn
    v["timestamp"] = p.timestamp
    for key in ("loyalty_activated", "blocked", "struck_first", "renowned"):
        if getattr(p, key):
            v[key] = True
    for key in ("attacking", "blocking"):
        if getattr(p, key):
            v[key] = getattr(p, key)
    if p.chosen:
        v["chosen"] = dict(p.chosen)
    if p.other_face is not None:
        v["other_face"] = p.other_face          # (701.27a, 712.8e)
        if p.back_face_up:
            v["back_face_up"] = True
    if p.activated_this_turn:
        v["activated_this_turn"] = [line for line, n in p.activated_this_turn for _ in range(n)]
    return v


def _zone_cards(zone: str, cards: list[ZoneCard], incarnations: dict, refuse) -> list:
    out: list = []
    shuffled: list | None = None
    for z in cards:
        v: dict[str, Any] = {"id": z.id, "card": z.card}
        if z.token:
            raise refuse(f"{zone}.{z.owner}", f"{z.id} is a token that left the battlefield")
        if z.face_down:
            v["face_down"] = True
        if z.exiled_with:
            wid, winc = z.exiled_with
            if incarnations.get(wid) != winc:
                raise refuse(f"{zone}.{z.owner}", f"{z.id} is linked to an object that left ({wid})")
            v["exiled_with"] = wid
        if z.playable_by:
            v["playable_by"] = z.playable_by
        if z.playable_this_turn:
            v["playable_this_turn"] = True
        if z.playable_cast_only:
            v["playable_cast_only"] = True
        if z.order_unknown:
            if shuffled is None:
                shuffled = []
                out.append({"shuffled": shuffled})
            elif out[-1].get("shuffled") is not shuffled:
                raise refuse(f"{zone}.{z.owner}", "the library's cards of unknown order are not together")
            shuffled.append(v)
        else:
            out.append(v)
    return out


def _effect(e, refuse) -> dict[str, Any]:
    if e.gainers or any(i is not None for i in e.target_incarnations):
        raise refuse(f"effects.{e.id}", f"the effect {e.id} affects an object that left or gives control "
                                        "as it resolved")
    v: dict[str, Any] = {"id": e.id, "card": e.card, "line": e.line, "controller": e.controller}
    if e.source:
        v["source"] = e.source
    v["timestamp"] = e.timestamp
    if e.targets:
        v["targets"] = list(e.targets)
    if e.target_player:
        v["targets"] = [e.target_player]      # (a shield on a player, 615.7)
    if e.colors:
        v["colors"] = list(e.colors)          # (the colors chosen as it resolved, 105.3)
    if e.exchanged_from:
        v["exchanged_from"] = dict(e.exchanged_from)
    if e.since_turn is not None:
        v["since_turn"] = e.since_turn
    if e.choice:
        v["choice"] = e.choice
    if e.x is not None:
        v["x"] = e.x
    if e.granted:
        v["granted"] = True
    return v


def _stack_item(s, incarnations: dict, refuse) -> dict[str, Any]:
    path = f"stack.{s.id}"
    if s.spell:
        raise refuse(path, f"{s.source} is a spell on the stack")
    if s.refers_to or s.refers_player or s.lki or s.flashback:
        raise refuse(path, f"the ability {s.id} refers to an object, a player or a value it remembers")
    if s.source is None or incarnations.get(s.source) != s.source_incarnation:
        raise refuse(path, f"the source of the ability {s.id} left its zone")
    for kind_, name, inc in s.targets:
        if kind_ == "object" and incarnations.get(name) != inc:
            raise refuse(path, f"the ability {s.id} targets an object that left ({name})")
    v: dict[str, Any] = {"id": s.id, "source": s.source, "line": s.line, "controller": s.controller}
    if s.targets:
        v["targets"] = [name for _, name, _ in s.targets]
    if s.granted:
        v["granted"] = True
    if s.x is not None:
        v["x"] = s.x
    if s.source_transformed:
        v["source_transformed"] = True          # (701.27f)
    return v


__all__ = ["comparable", "state_data", "state_yaml"]
