"""Loading and validating state files into a GameState.

Every mistake raises InputError naming the file and the field. Validation here is about
the *form* of the state (does this id exist, is this a player); whether the state is legal
under the rules is a question for the encodings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from .carddb import CardSource, CardUnusable, open_sources
from .cards import BASIC_LAND_TYPES, COLORS, MANA_SYMBOL, Card, CardLibrary, parse_card
from .entering import parse_chosen
from .errors import InputError
from .model import (
    LAST_TURN_RECORDS,
    STEPS,
    TURN_RECORDS,
    ZONES,
    Effect,
    GameState,
    Permanent,
    StackItem,
    Turn,
    ZoneCard,
)
from .numbers import (
    MAX_PT_COUNTER,
    MAX_STATE_TOTAL,
    check_numbers,
    printed_total,
    pt_counter_weight,
)
from .yamlio import Fields, describe, load_yaml_file

STATE_KEYS = {"players", "turn", "battlefield", "cards", "effects", "life", "commanders", "mana_pool",
              "energy", "poison", "lands_played", "commander_casts", "spells_cast", "stack", "city_blessing", "day_night",
              "monarch", *ZONES,
              *TURN_RECORDS, *LAST_TURN_RECORDS.values()}
DEFAULT_LIFE = 20        # CR 103.4: the starting life total of a two-player game
PERMANENT_KEYS = {"id", "card", "controller", "owner", "tapped", "token", "counters", "damage",
                  "attached_to", "since_turn", "timestamp", "loyalty_activated", "attacking", "blocking",
                  "blocked", "struck_first", "chosen", "activated_this_turn", "other_face", "back_face_up",
                  "renowned"}
EFFECT_KEYS = {"id", "card", "line", "controller", "source", "timestamp", "targets", "prevented",
               "exchanged_from", "since_turn", "choice", "x", "granted", "colors"}
ID_PATTERN = re.compile(r"^[A-Za-z0-9_.:#-]+$")

# A counter kind as the state and `--do counters` take it: one word (charge, +1/+1, -0/-1).
COUNTER_KIND = re.compile(r"[A-Za-z0-9+/_-]+")


def load_state_file(path: str | Path, library: CardLibrary | None = None,
                    cards: Sequence[str | Path | CardSource] = ()) -> GameState:
    """`cards`: card sources (paths of card databases or YAML card files, or opened sources)
    whose cards the state may name, tried in order after the library (translator/carddb.py)."""
    data = load_yaml_file(path)
    return load_state(data, str(path), library, base=Path(path).parent, cards=cards)


def load_state(data: Any, where: str = "<state>", library: CardLibrary | None = None,
               base: Path | None = None, cards: Sequence[str | Path | CardSource] = ()) -> GameState:
    if data is None:
        raise InputError(where, None, "the state is empty; it needs at least players and turn")
    f = Fields(data, where, "", STATE_KEYS)
    total = check_numbers(data, where)
    library = library or CardLibrary.bundled()
    if cards:
        library = library.with_sources(open_sources(cards))
    inline = _inline_cards(f)
    if inline:
        library = library.with_extra(inline, where)

    players = _players(f)
    turn = _turn(f, players)
    life = _life(f, players)
    ids = _IdAllocator(where, players)

    raw_bf = f.get("battlefield", list, [])
    # Explicit ids are reserved first so that a derived id never takes one.
    for i, item in enumerate(raw_bf):
        if isinstance(item, dict) and item.get("id") is not None:
            ids.reserve(item["id"], f"battlefield[{i}].id")
    zone_items: list[tuple[str, str, int, Any]] = []
    for zone in ZONES:
        per_player = f.get(zone, dict, {})
        for player, zone_cards in per_player.items():
            zpath = f"{zone}.{player}"
            if player not in players:
                raise InputError(where, zpath, f"{player!r} is not a player; players are "
                                               f"{', '.join(players)}")
            if not isinstance(zone_cards, list):
                raise InputError(where, zpath, f"must be a list of cards, got {describe(zone_cards)}")
            for j, (path, item, unknown) in enumerate(_zone_entries(zone, zone_cards, where, zpath)):
                if isinstance(item, dict) and item.get("id") is not None:
                    ids.reserve(item["id"], f"{path}.id")
                zone_items.append((zone, player, j, item, path, unknown))

    raw_effects = f.get("effects", list, [])
    for i, item in enumerate(raw_effects):
        if isinstance(item, dict) and item.get("id") is not None:
            ids.reserve(item["id"], f"effects[{i}].id")
    battlefield = tuple(_permanent(item, Fields(data, where, ""), i, players, turn, library, ids)
                        for i, item in enumerate(raw_bf))
    zones = tuple(_zone_card(zone, player, j, item, where, library, ids, path, unknown)
                  for zone, player, j, item, path, unknown in zone_items)
    effects = tuple(_effect(item, where, i, players, turn, library, ids,
                            {p.id: p for p in battlefield}) for i, item in enumerate(raw_effects))
    battlefield, effects = _timestamps(battlefield, effects, where)
    _check_total(total, battlefield, library, where)

    by_id = {p.id: p for p in battlefield}
    for i, p in enumerate(battlefield):
        if p.attached_to is None:
            continue
        if p.attached_to == p.id:
            raise InputError(where, f"battlefield[{i}].attached_to", "an object cannot be attached to itself")
        if p.attached_to not in by_id:
            where_else = " (it is not on the battlefield)" if p.attached_to in ids.taken else ""
            raise InputError(where, f"battlefield[{i}].attached_to",
                             f"no battlefield object has id {p.attached_to!r}{where_else}")
    _combat(battlefield, players, where)
    known = {p.id for p in battlefield} | {z.id for z in zones}
    for z in zones:
        if z.exiled_with and z.exiled_with[0] not in known:
            raise InputError(where, f"exile.{z.owner}", f"{z.id}: exiled_with {z.exiled_with[0]!r} is no "
                                                       "object of the state")
    commanders = _commanders(f, players, battlefield, zones)
    stack = _stack(f, players, battlefield, zones, library)
    return GameState(players, turn, battlefield, zones, library, effects=effects, source=where, stack=stack,
                     life=life, commanders=commanders, mana_pool=_mana_pool(f, players),
                     energy=_per_player(f, "energy", players), poison=_per_player(f, "poison", players),
                     lands_played=_per_player(f, "lands_played", players),
                     commander_casts=_commander_casts(f, players, commanders),
                     spells_cast=_per_player(f, "spells_cast", players),
                     city_blessing=_city_blessing(f, players), day_night=_day_night(f), monarch=_monarch(f, players),
                     **{r: _per_player(f, r, players) for r in (*TURN_RECORDS, *LAST_TURN_RECORDS.values())})


def _check_total(total: int, battlefield: tuple[Permanent, ...], library: CardLibrary, where: str) -> None:
    """The state's numbers with its permanents' printed power, toughness and loyalty within
    MAX_STATE_TOTAL (translator/numbers.py: a sum over objects stays far under 2^31)."""
    total += sum(printed_total(library.get(p.card)) for p in battlefield)
    # a +2/+2 counter adds 2 to each sum of powers (CR 122.1a): counted as often as it modifies
    total += sum(n * (pt_counter_weight(kind) - 1) for p in battlefield for kind, n in p.counters)
    if total > MAX_STATE_TOTAL:
        raise InputError(where, None, f"its numbers (life, counters, damage, ...) with the printed power, "
                                      f"toughness and loyalty of its permanents add up to {total:,}, past "
                                      f"the {MAX_STATE_TOTAL:,} the solver takes (its integers are 32 bits)")


def _commanders(f: Fields, players: tuple[str, ...], battlefield: tuple[Permanent, ...],
                zones: tuple[ZoneCard, ...]) -> tuple[tuple[str, str], ...]:
    """`commanders: {alice: isamaru}`: each player's commander (CR 903.3), an object id or a
    card name (the one object of that card the player owns), or a list of them (partners).
    The designation is an attribute of the card, so the object may be in any zone."""
    raw = f.get("commanders", dict, {})
    owned: dict[str, tuple[str, str]] = {p.id: (p.owner, p.card) for p in battlefield}
    owned.update({z.id: (z.owner, z.card) for z in zones})
    out: list[tuple[str, str]] = []
    for player, value in raw.items():
        field = f"commanders.{player}"
        if player not in players:
            raise InputError(f.where, field, f"{player!r} is not a player; players are "
                                             f"{', '.join(players)}")
        items = value if isinstance(value, list) else [value]
        if not items:
            raise InputError(f.where, field, "name the player's commander (an object id or a card name)")
        for item in items:
            if not isinstance(item, str) or not item.strip():
                raise InputError(f.where, field, f"a commander is an object id or a card name, "
                                                 f"got {describe(item)}")
            if item in owned:
                oid = item
            else:
                named = [i for i, (_, card) in owned.items() if card.lower() == item.strip().lower()]
                mine = [i for i in named if owned[i][0] == player]
                if not named:
                    raise InputError(f.where, field, f"no object in the state has id {item!r} or is "
                                     f"a {item!r}; put the commander in a zone (battlefield, or "
                                     f"command: {{{player}: [...]}})")
                if len(mine) != 1:
                    raise InputError(f.where, field, f"{player} owns {len(mine)} objects that are a "
                                     f"{owned[named[0]][1]}; name the commander by its id")
                oid = mine[0]
            if owned[oid][0] != player:
                raise InputError(f.where, field, f"{oid!r} is owned by {owned[oid][0]}, not {player}; "
                                 "a player's commander is a card of their own deck (CR 903.3)")
            if (player, oid) not in out:
                out.append((player, oid))
    return tuple(out)


def _commander_casts(f: Fields, players: tuple[str, ...],
                     commanders: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...]:
    """`commander_casts: {alice: 1}`: how many times each commander was cast from the command zone
    (CR 903.8: its tax), by player when the player has one commander; a player with two
    (partners) gives it per commander, `{alice: {thrasios: 1, tymna: 0}}` (702.124d: the two
    commanders' taxes are separate)."""
    raw = f.get("commander_casts", dict, {})
    out: dict[str, int] = {}
    for player, value in raw.items():
        field = f"commander_casts.{player}"
        if player not in players:
            raise f.error("commander_casts", f"{player!r} is not a player; players are {', '.join(players)}")
        mine = [oid for p, oid in commanders if p == player]
        if not mine:
            raise InputError(f.where, field, f"{player} has no commander (name it under commanders:)")
        if isinstance(value, dict):
            counts = value
        elif len(mine) == 1:
            counts = {mine[0]: value}
        else:
            raise InputError(f.where, field, f"{player} has {len(mine)} commanders, each with its own tax "
                             f"(702.124d): give the count per commander, e.g. {{{mine[0]}: 1}}")
        for oid, n in counts.items():
            if oid not in mine:
                raise InputError(f.where, f"{field}.{oid}", f"{oid!r} is not one of {player}'s commanders "
                                 f"({', '.join(mine)})")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(f.where, f"{field}.{oid}", f"must be a non-negative integer, got {describe(n)}")
            if n:
                out[oid] = n
    return tuple(sorted(out.items()))


def _timestamps(battlefield: tuple[Permanent, ...], effects: tuple[Effect, ...], where: str):
    """CR 613.7: by default an object's or effect's timestamp is its place in the state file
    (battlefield first, then effects); a given `timestamp` overrides it. Two equal ones would
    leave the order of their effects undecided, so they are an error."""
    seen: dict[int, str] = {}
    out_bf, out_eff = [], []
    for i, p in enumerate(battlefield):
        ts = p.timestamp or i + 1
        field = f"battlefield[{i}].timestamp"
        if ts in seen:
            raise InputError(where, field, f"timestamp {ts} is also the timestamp of {seen[ts]}; "
                                           "give every object a different one")
        seen[ts] = f"battlefield[{i}]"
        # (_permanent gives the default already: a copy per permanent was a fifth of loading)
        out_bf.append(p if p.timestamp == ts else replace(p, timestamp=ts))
    for i, e in enumerate(effects):
        ts = e.timestamp or len(battlefield) + i + 1
        if ts in seen:
            raise InputError(where, f"effects[{i}].timestamp", f"timestamp {ts} is also the "
                             f"timestamp of {seen[ts]}; give every effect a different one")
        seen[ts] = f"effects[{i}]"
        out_eff.append(replace(e, timestamp=ts))
    return tuple(out_bf), tuple(out_eff)


def _effect(item: Any, where: str, i: int, players: tuple[str, ...], turn: Turn,
            library: CardLibrary, ids: _IdAllocator, battlefield: dict[str, Permanent]) -> Effect:
    f = Fields(item, where, f"effects[{i}]", EFFECT_KEYS)
    card_name = _card_name(f.data.get("card"), where, f.sub("card"), library)
    card = library.get(card_name)
    creating = [a.line for a in card.abilities if a.creates is not None]
    if not creating:
        raise f.error("card", f"no ability of {card_name} creates a continuous effect")
    line = f.get("line", int, None)
    if line is None:
        if len(creating) > 1:
            raise f.error("line", f"{card_name} has several lines that create effects "
                                  f"({', '.join(map(str, creating))}); say which")
        line = creating[0]
    elif line not in creating:
        raise f.error("line", f"line {line} of {card_name} creates no continuous effect; "
                              f"lines that do: {', '.join(map(str, creating))}")
    ability = next(a for a in card.abilities if a.line == line)
    # `granted: true`: the effect the ability line `line` grants creates (613.1f: Lavaclaw Reaches'
    # "{X}: This creature gets +X/+0 until end of turn."), not the line's own
    granted_effect = f.get("granted", bool, False)
    if granted_effect:
        inner = ability.granted or (ability.creates.granted if ability.creates is not None else None)
        if inner is None or inner.creates is None:
            raise f.error("granted", f"line {line} of {card_name} grants no ability that creates an effect")
        ability = inner
    controller = f.get("controller", str, required=True)
    if controller not in players:
        raise f.error("controller", f"{controller!r} is not a player; players are {', '.join(players)}")
    source = f.get("source", str, None)
    if source is not None:
        if source not in battlefield:
            raise f.error("source", f"no battlefield object has id {source!r}")
        if battlefield[source].card != card_name:
            raise f.error("source", f"{source!r} is a {battlefield[source].card}, not a {card_name}")
    ts = f.get("timestamp", int, 0)
    if f.has("timestamp") and ts < 1:
        raise f.error("timestamp", "timestamps are positive")
    raw_targets = f.data.get("targets")
    target_player = None
    if ability.creates.prevent_next[1:] == ("target",) and ability.target == ("any",) and \
            isinstance(raw_targets, list) and len(raw_targets) == 1 and raw_targets[0] in players:
        # "Prevent the next 1 damage that would be dealt to any target this turn" (Necra Disciple):
        # a shield on the player it targeted (615.7)
        target_player, targets = raw_targets[0], ()
    else:
        targets = _effect_targets(f, ability, card_name, battlefield)
    exchanged = _exchanged_from(f, ability, targets, players)
    since = f.get("since_turn", int, None)
    if since is not None and not 1 <= since <= turn.number:
        raise f.error("since_turn", f"must be a turn from 1 to the current turn {turn.number}")
    granted = ability.creates.granted
    chooses = granted is not None and "protection from chosen color" in getattr(granted, "keywords", ())
    choice = f.get("choice", str, None)
    layer = ability.creates.layer
    if layer is not None and layer.chosen:
        # "becomes the basic land type of your choice" (Unstable Frontier): the type chosen (608.2d)
        if choice not in BASIC_LAND_TYPES:
            raise f.error("choice", f"is required: the basic land type chosen as it resolved "
                                    f"({', '.join(BASIC_LAND_TYPES)}), not {choice!r}")
        chooses = True
    if ability.creates.loses_one:
        # "loses first strike or swampwalk" (Urborg): the keyword chosen as it resolved (608.2d)
        words = [w.replace(" ", "_") for w in ability.creates.loses]
        if choice is None or choice.replace(" ", "_") not in words:
            raise f.error("choice", f"is required: the keyword chosen as it resolved ({', '.join(ability.creates.loses)}), "
                                    f"not {choice!r}")
        choice, chooses = choice.replace(" ", "_"), True
    if chooses and choice not in COLORS and not ability.creates.loses_one and not (layer is not None and layer.chosen):
        raise f.error("choice", f"is required: the color chosen as it resolved ({', '.join(sorted(COLORS))}), "
                                f"not {choice!r}")
    if choice is not None and not chooses:
        raise f.error("choice", f"line {line} of {card_name} makes no choice")
    colors: tuple[str, ...] = ()
    becomes = ability.creates.becomes
    if becomes is not None and becomes.colors_chosen:
        # "Target creature becomes the color or colors of your choice" (Scuttlemutt): those chosen (105.3)
        raw = f.get("colors", list, None)
        if not raw or any(c not in COLORS for c in raw) or len(set(raw)) != len(raw):
            raise f.error("colors", "is required: the colors chosen as it resolved, one or more of "
                                    f"{', '.join(sorted(COLORS))}, each once")
        colors = tuple(raw)
    elif f.has("colors"):
        raise f.error("colors", f"line {line} of {card_name} makes no choice of colors")
    prevented = f.get("prevented", int, 0)      # a prevention shield: the damage it has prevented (615.7)
    if prevented and (not ability.creates.prevent_next or isinstance(prevented, bool)
                      or not 0 < prevented < ability.creates.prevent_next[0]):
        raise f.error("prevented", f"is the damage a prevention shield has prevented so far, less than its amount; "
                                   f"line {line} of {card_name} " + (f"prevents the next {ability.creates.prevent_next[0]}"
                                                                     if ability.creates.prevent_next else "is no shield"))
    # CR 608.2h: "+X/+0" (its ability's X, 107.3k) or "+X/+X where X is its power": the number fixed
    # as it was created
    # (a cast limit, "You can cast only one more spell this turn": the spells its controller had cast
    # this turn as it was created, 601.2i)
    has_x = any(pt.for_each in ("x", "its_power") for pt in ability.creates.pt) or bool(ability.creates.cast_limit)
    x = f.get("x", int, None)
    if has_x and (x is None or isinstance(x, bool) or x < 0):
        raise f.error("x", f"is required: line {line} of {card_name} has an X fixed as it was created (a whole number, "
                           f"0 or more)")
    if x is not None and not has_x:
        raise f.error("x", f"line {line} of {card_name} has no X")
    object_id = f.data["id"] if f.has("id") else ids.derive(card_name, f.sub("id"))
    return Effect(object_id, card_name, line, controller, source, ts, targets, exchanged, since, choice=choice,
                  prevented=prevented, target_player=target_player, colors=colors, x=x, granted=granted_effect)


def _effect_targets(f: Fields, ability, card_name: str, battlefield: dict[str, Permanent]) -> tuple[str, ...]:
    """The permanents a created effect affects: the targets its spell or ability had (CR
    611.2c), one id per target the card names."""
    created = ability.creates
    # (a grant to a group, "creatures you control gain ...", names the permanents it affected: below)
    needs = bool(created.control or (created.granted and created.grant_to not in ("group", "others"))
                 or any(p.to == "target" for p in created.pt)
                 or (created.becomes is not None and created.becomes.to == "target")
                 or (bool(created.restricts) and created.grant_to == "target")
                 or (bool(created.loses) and created.grant_to == "target")
                 or (created.layer is not None and created.layer.to_target)                # "Target land ... becomes"          # "Target creature loses ..." (613.1f)
                 or any(w.endswith("_target") for w in created.prevents)   # "prevent ... by target ..." (615)
                 or created.regenerates == "target"                        # "Regenerate target creature" (701.19a)
                 or created.prevent_next[1:] == ("target",))               # "Prevent the next 2 damage ... target" (615.7)
    raw = f.get("targets", (list, str), [])
    targets = tuple([raw] if isinstance(raw, str) else raw)
    if (created.becomes is not None and created.becomes.to == "self") or created.regenerates == "self" or \
            created.prevent_next[1:] == ("self",) or any(p.kind == "switch" for p in created.pt):
        # "~ becomes a 3/4 ... creature", "Regenerate ~": it affects its source (611.2c), the
        # permanent named by `source`; its P/T and abilities go with it.
        source = f.data.get("source")
        if source is None:
            raise f.error("source", f"is required: the effect {card_name} creates affects its source "
                                    "(the permanent whose ability created it)")
        if targets:
            raise f.error("targets", f"the effect {card_name} creates affects its source, not targets")
        return (source,)
    groups = created.grant_to in ("group", "others") or any(p.to in ("group", "others") for p in created.pt)
    if groups and not needs:
        # "Creatures you control get +1/+1 until end of turn": the permanents it affected as it
        # resolved (611.2c), named here since the state cannot tell them (any number, even none)
        if not f.has("targets"):
            raise f.error("targets", f"is required: the ids of the permanents the effect {card_name} "
                                     "affected as it resolved (611.2c), [] for none")
        for t in targets:
            if not isinstance(t, str) or t not in battlefield:
                raise f.error("targets", f"no battlefield object has id {t!r}")
        return targets
    if any(p.to == "it" for p in created.pt) or created.grant_to == "it":
        # "that creature gets +1/+1 until end of turn" (exalted, 702.83a): the creature its
        # trigger referred to, fixed as it resolved (611.2c): one id
        if len(targets) != 1 or not isinstance(targets[0], str) or targets[0] not in battlefield:
            raise f.error("targets", f"is required: the id of the creature the effect {card_name} "
                                     "affected as it resolved (the one its trigger referred to, 611.2c)")
        return targets
    if not needs:
        if targets:
            raise f.error("targets", f"the effect {card_name} creates affects no target")
        return ()
    if len(targets) != len(ability.targets):
        raise f.error("targets", f"{card_name} has {len(ability.targets)} target(s) "
                                 f"({'; '.join(ability.targets)}): give that many battlefield ids")
    for t in targets:
        if not isinstance(t, str) or t not in battlefield:
            raise f.error("targets", f"no battlefield object has id {t!r}")
    return targets


def _exchanged_from(f: Fields, ability, targets: tuple[str, ...], players: tuple[str, ...]):
    """An exchange of control (CR 701.12b) depends on who controlled each target as it
    resolved; the state says so: `exchanged_from: {ogre: alice, bear: bob}`."""
    exchange = ability.creates.control == "exchange"
    if not exchange:
        if f.has("exchanged_from"):
            raise f.error("exchanged_from", "only an exchange of control has exchanged_from")
        return ()
    raw = f.get("exchanged_from", dict, required=True)
    if set(raw) != set(targets):
        raise f.error("exchanged_from", f"give the controller of each target as it resolved: "
                                        f"{', '.join(targets)}")
    for oid, who in raw.items():
        if who not in players:
            raise f.error("exchanged_from", f"{oid}: {who!r} is not a player; players are "
                                            f"{', '.join(players)}")
    return tuple((t, raw[t]) for t in targets)


def _inline_cards(f: Fields) -> list[Card]:
    raw = f.get("cards", list, [])
    return [parse_card(c, f.where, f"cards[{i}]") for i, c in enumerate(raw)]


def _combat(battlefield: tuple[Permanent, ...], players: tuple[str, ...], where: str) -> None:
    """`attacking: PLAYER` (or the id of a planeswalker), `blocking: ID`, `blocked: true`,
    `struck_first: true` on permanents: the combat so far. Here only what they name is checked
    (a player, an object of the battlefield); whether the combat is one the rules allow (who
    controls what after the layers, which step it is) is asp/diagnostics.lp's, reported by the
    Session with the same one line naming the field."""
    ids = {p.id for p in battlefield}
    for i, p in enumerate(battlefield):
        path = f"battlefield[{i}]"
        if p.attacking is not None and p.attacking not in players and p.attacking not in ids:
            raise InputError(where, f"{path}.attacking", f"{p.attacking!r} is neither a player nor a "
                             f"permanent on the battlefield (players are {', '.join(players)})")
        if p.blocking is not None and p.blocking not in ids:
            raise InputError(where, f"{path}.blocking", f"{p.blocking!r} is not a permanent of the battlefield")


def _stack(f: Fields, players, battlefield, zones, library) -> tuple[StackItem, ...]:
    """`stack:` abilities on the stack, bottom first (CR 405): `{id, source, line, controller,
    targets, granted, x}`: the ability on oracle line `line` of the source's card (with `granted:
    true`, the ability that line grants, 613.1f), its controller and targets (ids or players), and
    the X announced for a cost with {X} (107.3a)."""
    objects = {p.id: p.card for p in battlefield} | {z.id: z.card for z in zones}
    out = []
    for i, item in enumerate(f.get("stack", list, [])):
        path = f"stack[{i}]"
        g = Fields(item, f.where, path, {"id", "source", "line", "controller", "targets", "granted", "x",
                                         "source_transformed"})
        sid = g.get("id", str, f"s{i + 1}")
        source = g.get("source", str, required=True)
        if source not in objects:
            raise g.error("source", f"no object of the state has id {source!r}")
        card = library.get(objects[source])
        line = g.get("line", int, required=True)
        granted = g.get("granted", bool, False)
        ability = next((a for a in card.abilities if a.line == line), None)
        if ability is None or (granted and ability.granted is None) or \
                (not granted and ability.kind not in ("activated", "triggered")):
            raise g.error("line", f"{card.name} line {line} is not an activated or triggered ability"
                                  + (" that it grants" if granted else " (granted: true for one it grants)"))
        controller = g.get("controller", str, required=True)
        if controller not in players:
            raise g.error("controller", f"{controller!r} is not a player; players are {', '.join(players)}")
        targets = []
        for i, t in enumerate(g.get("targets", list, [])):
            if not isinstance(t, str):
                raise g.error(f"targets[{i}]", f"a target is a player or an object id, got {describe(t)}")
            if t in players:
                targets.append(("player", t, 0))
            elif t in objects:
                targets.append(("object", t, 0))
            else:
                raise g.error("targets", f"{t!r} is neither a player nor an object id of the state")
        # CR 107.3a: the value announced for X in its activation cost (an ability whose cost has {X})
        x = g.get("x", int, None)
        if x is not None:
            if isinstance(x, bool) or x < 0:
                raise g.error("x", f"the value of X is a whole number, 0 or more, got {describe(x)}")
            if granted or not any(c.kind == "mana" and "X" in c.symbols for c in ability.costs):
                raise g.error("x", f"{card.name} line {line}'s cost has no {{X}}")
        out.append(StackItem(sid, controller, card.name, line, source, 0, tuple(targets), granted=granted, x=x,
                             # (701.27f: its source transformed since it was put on the stack)
                             source_transformed=g.get("source_transformed", bool, False)))
    return tuple(out)


def _day_night(f: Fields) -> str | None:
    """`day_night: day` or `night`: the game's designation (CR 731.1: the game starts with neither;
    once it has one, it keeps exactly one of them). Absent: neither."""
    value = f.get("day_night", str, None)
    if value is not None and value not in ("day", "night"):
        raise f.error("day_night", f"must be day or night (leave it out for neither), got {describe(value)}")
    return value


def _city_blessing(f: Fields, players: tuple[str, ...]) -> tuple[str, ...]:
    """`city_blessing: [alice]`: the players who have the city's blessing (CR 702.131c: a designation
    kept for the rest of the game, which ascend gives, 702.131a-b)."""
    raw = f.get("city_blessing", list, [])
    for p in raw:
        if p not in players:
            raise f.error("city_blessing", f"{p!r} is not a player; players are {', '.join(players)}")
    if len(set(raw)) != len(raw):
        raise f.error("city_blessing", "names a player twice")
    return tuple(p for p in players if p in raw)


def _monarch(f: Fields, players: tuple[str, ...]) -> str | None:
    """`monarch: alice`: the player who is the monarch (CR 725.1: a designation; 725.3: one player
    at most). Absent: no player is (725.1: none until an effect makes one)."""
    raw = f.get("monarch", str, None)
    if raw is not None and raw not in players:
        raise f.error("monarch", f"{raw!r} is not a player; players are {', '.join(players)}")
    return raw


def _per_player(f: Fields, key: str, players: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """A count per player: energy counters (CR 107.14, 122.1), poison counters (122.1f), lands played this turn (305.2),
    spells cast this turn (601.2f), and the turn's records (model.TURN_RECORDS: life gained, ...); 0 when not given."""
    raw = f.get(key, dict, {})
    for p, n in raw.items():
        if p not in players:
            raise f.error(key, f"{p!r} is not a player; players are {', '.join(players)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise f.error(key, f"{p}: must be a non-negative integer, got {describe(n)}")
    return tuple((p, raw[p]) for p in players if raw.get(p))


def _mana_pool(f: Fields, players: tuple[str, ...]) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """`mana_pool: {alice: "{G}{G}{C}"}`: the mana in each player's pool (CR 106.4)."""
    out = []
    for p, text in f.get("mana_pool", dict, {}).items():
        if p not in players:
            raise f.error("mana_pool", f"{p!r} is not a player; players are {', '.join(players)}")
        symbols = MANA_SYMBOL.findall(text) if isinstance(text, str) else None
        if symbols is None or "".join(f"{{{x}}}" for x in symbols) != text.replace(" ", "") or \
                any(x not in "WUBRGC" or len(x) != 1 for x in symbols):
            raise f.error("mana_pool", f"{p}: mana in a pool is typed, like \"{{G}}{{G}}{{C}}\" "
                                       f"(W U B R G C), got {describe(text)}")
        out.append((p, tuple(sorted((t, symbols.count(t)) for t in set(symbols)))))
    return tuple(out)


def _life(f: Fields, players: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    raw = f.get("life", dict, {})
    for p, n in raw.items():
        if p not in players:
            raise f.error("life", f"{p!r} is not a player; players are {', '.join(players)}")
        if not isinstance(n, int) or isinstance(n, bool):
            raise f.error("life", f"{p}: must be an integer, got {describe(n)}")
    return tuple((p, raw.get(p, DEFAULT_LIFE)) for p in players)


def _players(f: Fields) -> tuple[str, ...]:
    raw = f.get("players", list, required=True)
    if not raw:
        raise f.error("players", "must name at least one player")
    seen: list[str] = []
    for i, p in enumerate(raw):
        if not isinstance(p, str) or not ID_PATTERN.match(p):
            raise f.error("players", f"[{i}]: a player is a name like alice, got {describe(p)}")
        if p in seen:
            raise f.error("players", f"{p!r} is listed twice")
        seen.append(p)
    return tuple(seen)


def _turn(f: Fields, players: tuple[str, ...]) -> Turn:
    t = Fields(f.get("turn", dict, required=True), f.where, "turn", {"number", "active", "step"})
    number = t.get("number", int, required=True)
    if number < 1:
        raise t.error("number", "turns are numbered from 1")
    active = t.get("active", str, required=True)
    if active not in players:
        raise t.error("active", f"{active!r} is not a player; players are {', '.join(players)}")
    step = t.get("step", str, required=True)
    if step not in STEPS:
        raise t.error("step", f"unknown step {step!r}; steps are {', '.join(STEPS)}")
    return Turn(number, active, step)


class _IdAllocator:
    def __init__(self, where: str, players: tuple[str, ...] = ()):
        self.where = where
        self.players = players
        # a player's name is no object's id: a target or an attachment naming it would be read
        # as the player (an object with that id would make the player untargetable)
        self.taken: dict[str, str] = {p: "players" for p in players}
        self.next_suffix: dict[str, int] = {}     # stem -> the next number to try

    def reserve(self, value: Any, field: str) -> None:
        if not isinstance(value, str) or not ID_PATTERN.match(value):
            raise InputError(self.where, field,
                             f"an id is letters, digits and _.:#- only, got {describe(value)}")
        if value in self.players:
            raise InputError(self.where, field, f"{value!r} is a player's name; give the object another id")
        if value in self.taken and self.taken[value] != field:
            raise InputError(self.where, field, f"duplicate id {value!r} (also at {self.taken[value]})")
        self.taken[value] = field

    def derive(self, card: str, field: str) -> str:
        stem = re.sub(r"[^a-z0-9]+", "_", card.lower()).strip("_") or "object"
        n = self.next_suffix.get(stem, 1)
        candidate = stem if n == 1 else f"{stem}_{n}"
        while candidate in self.taken:
            n += 1
            candidate = f"{stem}_{n}"
        self.next_suffix[stem] = n + 1
        self.taken[candidate] = field
        return candidate


def _card_name(value: Any, where: str, field: str, library: CardLibrary) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(where, field, f"must be a card name, got {describe(value)}")
    try:
        card = library.get(value)
    except CardUnusable as e:
        # A database card the vocabulary cannot hold (a Plane, a Scheme): say which and why.
        raise InputError(where, field, f"card {value.strip()!r} from {e.source} cannot be used: "
                                       f"{e.reason}") from None
    if card is None:
        raise library.unknown(value, where, field)
    return card.name


def _permanent(item: Any, root: Fields, i: int, players: tuple[str, ...], turn: Turn,
               library: CardLibrary, ids: _IdAllocator) -> Permanent:
    path = f"battlefield[{i}]"
    f = Fields(item, root.where, path, PERMANENT_KEYS)
    card = _card_name(f.data.get("card"), root.where, f.sub("card"), library)
    controller = f.get("controller", str, None)
    owner = f.get("owner", str, None)
    if controller is None and owner is None:
        raise f.error("controller", "give a controller or an owner (each defaults to the other)")
    controller = controller or owner
    owner = owner or controller
    for key, who in (("controller", controller), ("owner", owner)):
        if who not in players:
            raise f.error(key, f"{who!r} is not a player; players are {', '.join(players)}")
    object_id = f.data["id"] if f.has("id") else ids.derive(card, f.sub("id"))
    counters = f.get("counters", dict, {})
    for kind, n in counters.items():
        if not isinstance(kind, str) or not COUNTER_KIND.fullmatch(kind):
            raise f.error("counters", f"a counter kind is a word like charge or +1/+1, got {describe(kind)}")
        if pt_counter_weight(kind) > MAX_PT_COUNTER:    # CR 122.1a: no card prints more than +2
            raise f.error("counters", f"{describe(kind)}: a power/toughness counter modifies by at most "
                                      f"{MAX_PT_COUNTER} (+{MAX_PT_COUNTER}/+{MAX_PT_COUNTER})")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise f.error("counters", f"{kind}: must be a non-negative integer, got {describe(n)}")
    damage = f.get("damage", int, 0)
    if damage < 0:
        raise f.error("damage", "must not be negative")
    since = f.get("since_turn", int, None)
    if since is not None and since > turn.number:
        raise f.error("since_turn", f"turn {since} is after the current turn {turn.number}")
    if since is not None and since < 1:
        raise f.error("since_turn", "turns are numbered from 1")
    attached = f.get("attached_to", str, None)
    timestamp = f.get("timestamp", int, 0)
    if f.has("timestamp") and timestamp < 1:
        raise f.error("timestamp", "timestamps are positive")
    timestamp = timestamp or i + 1      # CR 613.7d: by default its place in the state (_timestamps)
    other_face, back_face_up = _faces(f, card, root.where, library)
    return Permanent(other_face=other_face, back_face_up=back_face_up,
        id=object_id, card=card, controller=controller, owner=owner, chosen=_chosen(f, library.get(card)),
        tapped=f.get("tapped", bool, False), token=f.get("token", bool, False),
        counters=tuple(sorted((k, v) for k, v in counters.items() if v)), damage=damage,
        attached_to=attached, since_turn=since, timestamp=timestamp,
        loyalty_activated=f.get("loyalty_activated", bool, False),
        activated_this_turn=_activated_this_turn(f, library.get(card)),
        # A state that gives no loyalty counters: the encodings give a planeswalker its printed
        # loyalty (CR 306.5b, asp/zones.lp).
        loyalty_unstated="loyalty" not in counters,
        attacking=f.get("attacking", str, None), blocking=f.get("blocking", str, None),
        blocked=f.get("blocked", bool, False), struck_first=f.get("struck_first", bool, False),
        renowned=f.get("renowned", bool, False),    # CR 702.112b
    )


def _faces(f: Fields, card: str, where: str, library: CardLibrary) -> tuple[str | None, bool]:
    """`other_face: Ormendahl, Profane Prince` (the face of its double-faced card that is not up,
    712.8d-e: what it transforms into, 701.27a) and `back_face_up: true` (701.27g: it is
    transformed; its `card` is then the back face, and `other_face` the front face, whose mana
    cost gives its mana value, 712.8e). A card source's face does not name the other face of its
    card, so the state does; without it, an instruction to transform the permanent is refused."""
    other = None
    if f.has("other_face"):
        other = _card_name(f.data.get("other_face"), where, f.sub("other_face"), library)
        if other == card:
            raise f.error("other_face", "names the face that is up (card); give the other face of the card")
    back = f.get("back_face_up", bool, False)
    if back and other is None:
        raise f.error("back_face_up", "a permanent with its back face up needs other_face: its front face "
                                      "(712.8e: its mana value is the front face's)")
    return other, back


def _activated_this_turn(f: Fields, card: Card) -> tuple[tuple[int, int], ...]:
    """`activated_this_turn: [2, 2]`: the oracle lines of its activated abilities activated this
    turn, a line once per activation (CR 602.5b: "Activate only once each turn" counts them)."""
    raw = f.get("activated_this_turn", list, [])
    lines = {a.line for a in card.abilities if a.kind == "activated"}
    for line in raw:
        if not isinstance(line, int) or isinstance(line, bool) or line not in lines:
            raise f.error("activated_this_turn", f"{line!r} is not a line of an activated ability of "
                          f"{card.name} (lines: {', '.join(map(str, sorted(lines))) or 'none'})")
    return tuple(sorted((line, raw.count(line)) for line in set(raw)))


def _chosen(f: Fields, card: Card) -> tuple[tuple[str, str], ...]:
    """`chosen: {color: green}`: what was chosen for it as it entered (CR 614.12a); absent, the
    choice is not recorded and the encodings take every value its card allows as possible."""
    if not f.has("chosen"):
        return ()
    choice = next((a.enters_choice for a in card.abilities if a.enters_choice is not None), None)
    return parse_chosen(f.data["chosen"], f, "chosen", choice, card.name)


def _zone_entries(zone: str, items: list, where: str, zpath: str) -> list[tuple[str, Any, bool]]:
    """A zone's cards in order, each with its path in the file and whether its place is unknown:
    a library may hold one `{shuffled: [...]}` entry, the cards whose order no player knows
    (701.24a), between the cards known to be on top of it and those known to be at its bottom."""
    out: list[tuple[str, Any, bool]] = []
    blocks = 0
    for j, item in enumerate(items):
        if not (isinstance(item, dict) and "shuffled" in item):
            out.append((f"{zpath}[{j}]", item, False))
            continue
        path = f"{zpath}[{j}].shuffled"
        if zone != "library":
            raise InputError(where, path, "only a library has cards whose order is unknown (CR 401.2, 701.24a)")
        if len(item) != 1 or not isinstance(item["shuffled"], list):
            raise InputError(where, path, "must be the only key, with a list of cards: {shuffled: [Forest, Island]}")
        blocks += 1
        if blocks > 1:
            raise InputError(where, path, "a library has one part whose order is unknown: put every such card in "
                                          "one shuffled list (the cards known to be on top before it, those known "
                                          "to be at the bottom after it)")
        out += [(f"{path}[{i}]", card, True) for i, card in enumerate(item["shuffled"])]
    return out


def _zone_card(zone: str, player: str, j: int, item: Any, where: str, library: CardLibrary,
               ids: _IdAllocator, path: str, order_unknown: bool = False) -> ZoneCard:
    if isinstance(item, str):
        card = _card_name(item, where, path, library)
        return ZoneCard(ids.derive(card, path), card, player, zone, j, order_unknown=order_unknown)
    f = Fields(item, where, path, {"id", "card", "tapped", "face_down", "exiled_with", "playable_by",
                                   "playable_this_turn", "playable_cast_only"})
    if f.has("tapped"):
        raise f.error("tapped", f"only permanents are tapped or untapped (CR 110.5); a card in "
                                f"the {zone} is neither")
    card = _card_name(f.data.get("card"), where, f.sub("card"), library)
    object_id = f.data["id"] if f.has("id") else ids.derive(card, path)
    # CR 406.3, 607.2a: an exiled card may be face down, and linked to the object that exiled it
    # (an id of the state: the object as it is now).
    for key in ("face_down", "exiled_with"):
        if f.has(key) and zone != "exile":
            raise f.error(key, "only a card in exile is face down or exiled with an object")
    face_down = f.get("face_down", bool, False)
    exiled_with = f.get("exiled_with", str, None)
    # CR 601.3, 305.1: an effect lets this player play the card from exile ("You may play it").
    playable_by = f.get("playable_by", str, None)
    if playable_by is not None and zone != "exile":
        raise f.error("playable_by", "only a card in exile is given a permission to be played here")
    # "Until end of turn, you may play that card" (Knacksaw Clique): ends in the cleanup step.
    this_turn = f.get("playable_this_turn", bool, False)
    if this_turn and playable_by is None:
        raise f.error("playable_this_turn", "goes with playable_by (who may play it)")
    # "Until end of turn, you may cast spells from among them" (Apex of Power): to cast only, so a
    # land card among them is not played (305.1: a land is played, never cast)
    cast_only = f.get("playable_cast_only", bool, False)
    if cast_only and playable_by is None:
        raise f.error("playable_cast_only", "goes with playable_by (who may cast it)")
    return ZoneCard(object_id, card, player, zone, j, face_down=face_down,
                    exiled_with=(exiled_with, 0) if exiled_with else None, playable_by=playable_by,
                    playable_this_turn=this_turn, playable_cast_only=cast_only, order_unknown=order_unknown)
