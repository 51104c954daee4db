"""The vocabulary of continuous effects and mana triggers on cards (docs/cards.md):
replacement effects on mana production (CR 614, 616, 106.12b), type- and color-changing
effects (CR 613 layers 4 and 5, 305.7), power/toughness effects (layer 7, 613.4), triggered mana abilities (CR 605.1b, 106.12a) and
rules for spending mana (CR 609.4b-style "spend as though"). Translation only."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .yamlio import Fields, describe

BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
COLOR_WORDS = ("white", "blue", "black", "red", "green")
MANA_LETTERS = ("W", "U", "B", "R", "G", "C")
SUPPORTED_FACTORS = (2, 3)


@dataclass(frozen=True)
class Replacement:
    """'If [a permanent] is tapped for mana, it produces [X] instead': CR 614.1a, 106.12b."""

    result: str                          # type | exactly | multiply
    mana_type: str = ""                  # type / exactly: W U B R G C
    factor: int = 1                      # multiply: 2 ("twice as much"), 3
    source: tuple[str, ...] = ("permanent",)   # what is tapped: filter words
    who: str = "any"                     # any | you: the player tapping is this effect's controller
    source_controller: str = "any"       # any | you: "a land you control"
    min_amount: int = 0                  # "tapped for two or more mana"
    self_replacement: bool = False       # CR 614.15, chosen first (616.1a)


@dataclass(frozen=True)
class LayerEffect:
    """A characteristic-changing effect: land types (layer 4) or colors (layer 5)."""

    layer: str                           # land_types | colors
    mode: str                            # set | add
    values: tuple[str, ...]
    filter: tuple[str, ...]
    controller: str = "any"              # any | you
    to_self: bool = False                # `filter: self`: "~ is every basic land type" (its source)
    to_target: bool = False              # `to: target` (created): "Target land you control becomes ..." (611.2c)
    chosen: bool = False                 # `set: chosen`: "the basic land type of your choice", chosen as it
                                         # resolves (608.2d; the effect's `choice`)


@dataclass(frozen=True)
class PTEffect:
    """A power/toughness effect (CR 613.4): "gets +2/+0" (modify, layer 7c) or "becomes 0/1"
    / "has base power and toughness 0/1" (set, layer 7b), on what `to` names."""

    kind: str                            # set | modify | switch ("Switch this creature's power and
                                         # toughness until end of turn", layer 7d; power/toughness 0)
    power: int
    toughness: int
    to: str = "self"                     # self | equipped_creature | enchanted_creature | target |
                                         # group ("creatures you control") | others ("other ...")
    filter: tuple[str, ...] = ()         # group / others: what it applies to
    controller: str = "any"              # group / others: any | you
    for_each: str = ""                   # modify: that much for each of these (PT_FOR_EACH); a
                                         # created effect's x or its_power (PT_FOR_EACH_CREATED)
    any_of: tuple[tuple[str, ...], ...] = ()   # a static group's kinds, any of which it is ("Other
                                         # Wolves and Werewolves you control": `to: {any_of}`)


# A static "gets +1/+1 for each ..." (CR 613.4c): color_among_yours, "for each color among
# permanents you control" (Faeburrow Elder; 105.1, counted now).
PT_FOR_EACH = ("color_among_yours",)
# A granted static "This creature's power and toughness are each equal to the number of creature cards
# in your graveyard" (Svogthos, the Restless Tomb's animation): a `set` of 1/1 for each (604.3a: granted
# by an effect, it is no characteristic-defining ability, so layer 7b, 613.4b; its timestamp 613.7a).
PT_SET_FOR_EACH = ("creature_cards_in_graveyard",)
# A created "+X/+0" or "becomes an X/X" (611.2c, 608.2h: the number fixed as the effect is created,
# the effect's x): x, the X announced for its activation cost (107.3a, 107.3k: "{X}{R}{G}, {T}:
# Target creature gets +X/+0", Kessig Wolf Run); its_power, its target's power as it resolves
# ("gets +X/+X until end of turn, where X is its power", Winged Temple of Orazca).
PT_FOR_EACH_CREATED = ("x", "its_power")


@dataclass(frozen=True)
class ManaTrigger:
    """'Whenever [a permanent] is tapped for mana' (CR 106.12a, 605.1b)."""

    source: tuple[str, ...]              # filter words on the permanent, or ("enchanted",)
    who: str = "any"                     # any | you
    also: tuple[tuple[str, ...], ...] = ()   # more filters, any of which it may match instead
                                         # ("a Mountain, Forest, or Plains": {any_of: [...]})
    mana_type: str = ""                  # "tapped for {C}" (a letter), "mana of the chosen color"
                                         # (chosen): only if the mana produced has that type (106.12a)
    any_mana_ability: bool = False       # "a land's ability causes you to add": any activated mana
                                         # ability of it, {T} in its cost or not (605.1b)
    same_name_as_exiled: bool = False    # "a land with the same name as the exiled card": only a
                                         # permanent named as a card its source exiled (607.2a, 201.2)
    while_: str = ""                     # monarch: "... while you're the monarch" (725; who: you)


@dataclass(frozen=True)
class SpendRule:
    """'You may spend white mana as though it were mana of any color. You may spend other
    mana only as though it were colorless mana.' (Celestial Dawn)."""

    as_any_color: tuple[str, ...] = ()   # mana types that may pay any colored symbol
    others_as_colorless: bool = False


def _choice(f: Fields, key: str, allowed: tuple[str, ...], default: str) -> str:
    value = f.get(key, str, default)
    if value not in allowed:
        raise f.error(key, f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _mana_letter(value: Any, f: Fields, key: str) -> str:
    letter = str(value).strip("{}").upper() if isinstance(value, str) else None
    if letter not in MANA_LETTERS:
        raise f.error(key, f"must be one mana type written W U B R G or C, got {describe(value)}")
    return letter


def parse_replacement(arg: Any, where: str, path: str, parse_filter) -> Replacement:
    f = Fields(arg, where, path, {"event", "tapped_for_mana", "source", "who", "source_controller",
                                  "min_amount", "produces", "self_replacement"})
    event = f.get("event", str, "mana")
    if event != "mana":
        raise f.error("event", "only replacement effects on mana production (event: mana) exist yet")
    if not f.get("tapped_for_mana", bool, True):
        raise f.error("tapped_for_mana", "only effects on a permanent tapped for mana (CR 106.12b) "
                                         "are supported yet")
    source = parse_filter(f.data.get("source", ["permanent"]), f, "source")
    p = Fields(f.get("produces", dict, required=True), where, f.sub("produces"),
               {"type", "exactly", "multiply"})
    if len(p.data) != 1:
        raise p.error(None, "give one of: type (\"instead of any other type\"), exactly "
                            "(\"instead of any other type and amount\"), multiply")
    if p.has("type"):
        result, letter, factor = "type", _mana_letter(p.data["type"], p, "type"), 1
    elif p.has("exactly"):
        result, letter, factor = "exactly", _mana_letter(p.data["exactly"], p, "exactly"), 1
    else:
        result, letter, factor = "multiply", "", p.get("multiply", int, required=True)
        if factor not in SUPPORTED_FACTORS:
            raise p.error("multiply", f"only {', '.join(map(str, SUPPORTED_FACTORS))} are supported")
    min_amount = f.get("min_amount", int, 0)
    if not 0 <= min_amount <= 1000:
        raise f.error("min_amount", "must be from 0 to 1000 (events.lp compares amounts up to 1000)")
    return Replacement(result, letter, factor, source, _choice(f, "who", ("any", "you"), "any"),
                       _choice(f, "source_controller", ("any", "you"), "any"), min_amount,
                       f.get("self_replacement", bool, False))


def parse_layer_effect(key: str, arg: Any, where: str, path: str, parse_filter) -> LayerEffect:
    f = Fields(arg, where, path, {"set", "add", "filter", "controller", "to"})
    if f.has("to"):
        # "Target land you control becomes the basic land type of your choice until end of turn"
        # (Unstable Frontier): a created effect on its target, one basic land type chosen as it resolves
        if key != "land_types" or f.data.get("to") != "target" or f.data.get("set") != "chosen" or \
                set(f.data) != {"to", "set"}:
            raise f.error("to", "target goes with land_types set: chosen (\"becomes the basic land type of your choice\")")
        return LayerEffect(key, "set", (), (), to_target=True, chosen=True)
    if f.has("set") == f.has("add"):
        raise f.error(None, "give either set (CR 305.7: replaces) or add (\"in addition to\")")
    mode = "set" if f.has("set") else "add"
    raw = f.data[mode]
    values = tuple(str(v).lower() for v in (raw if isinstance(raw, list) else [raw]))
    allowed = BASIC_LAND_TYPES if key == "land_types" else COLOR_WORDS
    for v in values:
        if v not in allowed:
            raise f.error(mode, f"{v!r} is not one of {', '.join(allowed)}")
    if f.data.get("filter") == "self":
        # "~ is every basic land type": the object the ability is on; "in addition to" only, since
        # setting its own land type would take away the ability doing it (305.7)
        if mode != "add" or key != "land_types" or f.has("controller"):
            raise f.error("filter", "self goes with land_types add (no controller)")
        return LayerEffect(key, mode, values, (), to_self=True)
    return LayerEffect(key, mode, values, parse_filter(f.data.get("filter", ["permanent"]), f, "filter"),
                       _choice(f, "controller", ("any", "you"), "any"))


PT_VALUE = re.compile(r"^([+-]?)(\d+)/([+-]?)(\d+)$")
PT_TARGETS = ("self", "equipped_creature", "enchanted_creature", "target")


def parse_to(value: Any, f: Fields, key: str, allowed: tuple[str, ...], parse_filter, chosen: bool = False,
             controllers: tuple[str, ...] = ("any", "you")):
    """What an effect applies to: one of `allowed`, or {filter, controller, other} for a group
    ("creatures you control", "other creatures you control"); with `chosen` (a static P/T change),
    `chosen_color: true`: "Creatures you control of the chosen color" (group_chosen: of the color
    chosen for its source as it entered, 607.2d). Returns (to, filter, controller)."""
    if isinstance(value, dict):
        t = Fields(value, f.where, f.sub(key), {"filter", "controller", "other"} | ({"chosen_color"} if chosen else set()))
        controller = _choice(t, "controller", controllers, "any")
        other = t.get("other", bool, False)
        if t.get("chosen_color", bool, False):
            if other:
                raise t.error("chosen_color", "goes without other")
            return "group_chosen", parse_filter(t.data.get("filter"), t, "filter"), controller
        return ("others" if other else "group"), parse_filter(t.data.get("filter"), t, "filter"), controller
    if value not in allowed:
        raise f.error(key, f"must be one of {', '.join(allowed)} or {{filter: [...], controller: "
                           f"you|any, other: true|false}}, got {describe(value)}")
    return value, (), "any"


def parse_pt(arg: Any, where: str, path: str, parse_filter, allowed: tuple[str, ...] = PT_TARGETS,
             static: bool = False) -> PTEffect:
    f = Fields(arg, where, path, {"modify", "set", "to", "for_each", "switch"})
    if f.has("switch"):
        # CR 613.4d: "Switch this creature's power and toughness until end of turn" (Wandering Fumarole's
        # granted ability): a created effect on its source, alone
        if f.get("switch", bool) is not True or static or set(f.data) - {"switch", "to"} or f.data.get("to", "self") != "self":
            raise f.error("switch", "is true, on self, in an effect a spell or ability creates (\"switch this creature's "
                                    "power and toughness\", 613.4d)")
        return PTEffect("switch", 0, 0, "self")
    if f.has("modify") == f.has("set"):
        raise f.error(None, "give either modify (\"gets +2/+0\", CR 613.4c) or set (\"becomes 0/1\", "
                            "CR 613.4b)")
    kind = "modify" if f.has("modify") else "set"
    raw = str(f.data[kind])
    m = PT_VALUE.match(raw.replace(" ", ""))
    if not m or (kind == "modify" and not (m.group(1) and m.group(3))) or \
            (kind == "set" and (m.group(1) or m.group(3))):
        example = "+2/+0 or -1/-1" if kind == "modify" else "0/1"
        raise f.error(kind, f"must look like {example}, got {raw!r}")
    power = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
    toughness = int(m.group(4)) * (-1 if m.group(3) == "-" else 1)
    raw_to = f.data.get("to", "self")
    if static and isinstance(raw_to, dict) and "any_of" in raw_to:
        return _group_of_kinds(f, kind, power, toughness, raw_to, parse_filter)
    to, filt, controller = parse_to(raw_to, f, "to", allowed, parse_filter, chosen=static)
    for_each = f.get("for_each", str, "")
    if for_each in PT_SET_FOR_EACH and static and kind == "set" and (power, toughness) == (1, 1) and to == "self":
        return PTEffect(kind, power, toughness, to, filt, controller, for_each)
    if for_each in PT_FOR_EACH_CREATED and not static:
        if for_each == "its_power" and (kind != "modify" or to != "target"):
            raise f.error("for_each", "its_power goes with a modify of its target (\"where X is its power\")")
        return PTEffect(kind, power, toughness, to, filt, controller, for_each)
    if for_each and (for_each not in PT_FOR_EACH or kind != "modify" or not static):
        raise f.error("for_each", f"goes with a static ability's modify and is one of {', '.join(PT_FOR_EACH)}, "
                                  f"or a created effect's {', '.join(PT_FOR_EACH_CREATED)}")
    return PTEffect(kind, power, toughness, to, filt, controller, for_each)


def _group_of_kinds(f: Fields, kind: str, power: int, toughness: int, raw_to: dict, parse_filter) -> PTEffect:
    """A static P/T change of a group of two or more kinds: `to: {any_of: [[wolf], [werewolf]],
    controller: you, other: true}` ("Other Wolves and Werewolves you control get +1/+1.", Lord of
    the Ulvenwald): each permanent matching any of the filters, once (a Wolf Werewolf gets +1/+1
    one time: the ability applies to each object it names, 613.4c)."""
    t = Fields(raw_to, f.where, f.sub("to"), {"any_of", "controller", "other"})
    alts = t.get("any_of", list, required=True)
    if len(alts) < 2:
        raise t.error("any_of", "is a list of two or more filters, like [[wolf], [werewolf]]")
    any_of = tuple(parse_filter(x, t, "any_of") for x in alts)
    controller = _choice(t, "controller", ("any", "you"), "any")
    to = "others" if t.get("other", bool, False) else "group"
    if f.has("for_each"):
        raise f.error("for_each", "goes without a `to` of any_of")
    return PTEffect(kind, power, toughness, to, (), controller, any_of=any_of)


def parse_trigger(arg: Any, where: str, path: str, parse_filter) -> ManaTrigger:
    f = Fields(arg, where, path, {"tapped_for_mana", "who", "mana_type", "any_mana_ability", "same_name_as_exiled",
                                  "while"})
    t = _parse_trigger(f, where, parse_filter)
    # "Whenever you tap a permanent for {C}" (Forsaken Monument), "tapped for mana of the chosen
    # color" (Gauntlet of Power): a specified type of mana (106.12a); "Whenever a land's ability
    # causes you to add one or more mana of the chosen color" (Caged Sun): any mana ability of it
    kind = f.get("mana_type", str, "")
    if kind and kind != "chosen":
        kind = _mana_letter(kind, f, "mana_type").lower()
    any_ability = f.get("any_mana_ability", bool, False)
    if any_ability and (t.source == ("enchanted",) or not kind):
        raise f.error("any_mana_ability", "goes with a filter of permanents and a mana_type (\"a land's ability "
                                          "causes you to add one or more mana of the chosen color\")")
    named = f.get("same_name_as_exiled", bool, False)
    if named and (t.source == ("enchanted",) or t.also or any_ability):
        raise f.error("same_name_as_exiled", "goes with one filter of permanents tapped for mana (\"Whenever a land "
                                             "with the same name as the exiled card is tapped for mana\")")
    return dataclasses.replace(t, mana_type=kind, any_mana_ability=any_ability, same_name_as_exiled=named)


def _parse_trigger(f: Fields, where: str, parse_filter) -> ManaTrigger:
    while_ = f.get("while", str, "")
    if while_ and (while_ != "monarch" or f.data.get("who") != "you" or f.data.get("tapped_for_mana") == "enchanted"):
        raise f.error("while", "is monarch (\"Whenever you tap a land for mana while you're the monarch\"), with who: you")
    raw = f.data.get("tapped_for_mana")
    if raw is None:
        raise f.error("tapped_for_mana", "is required: what is tapped for mana (a filter, or enchanted)")
    if isinstance(raw, dict):
        # "Whenever a player taps a Mountain, Forest, or Plains for mana" (Keeper of Progenitus)
        g = Fields(raw, where, f.sub("tapped_for_mana"), {"any_of"})
        alts = g.get("any_of", list, required=True)
        if len(alts) < 2:
            raise g.error("any_of", "is a list of two or more filters, like [[mountain], [forest]]")
        filters = tuple(parse_filter(x, g, "any_of") for x in alts)
        return ManaTrigger(filters[0], _choice(f, "who", ("any", "you"), "any"), filters[1:])
    source = ("enchanted",) if raw == "enchanted" else parse_filter(raw, f, "tapped_for_mana")
    return ManaTrigger(source, _choice(f, "who", ("any", "you"), "any"), while_=while_)


def parse_spend(arg: Any, where: str, path: str) -> SpendRule:
    f = Fields(arg, where, path, {"as_any_color", "others_as_colorless"})
    raw = f.get("as_any_color", (list, str), [])
    letters = tuple(_mana_letter(v, f, "as_any_color") for v in ([raw] if isinstance(raw, str) else raw))
    return SpendRule(letters, f.get("others_as_colorless", bool, False))


def check_effect_keys(f: Fields, keys: set[str]) -> str:
    present = [k for k in keys if f.has(k)]
    if len(present) > 1:
        raise f.error(None, f"one effect per ability: {', '.join(sorted(present))} given")
    return present[0] if present else ""


__all__ = [
    "Becomes",
    "InputError",
    "LayerEffect",
    "ManaTrigger",
    "PTEffect",
    "Replacement",
    "SpendRule",
    "parse_becomes",
    "parse_layer_effect",
    "parse_pt",
    "parse_replacement",
    "parse_spend",
    "parse_to",
    "parse_trigger",
]


@dataclass(frozen=True)
class Becomes:
    """"~ becomes a 3/4 green and white Elemental creature ... It's still a land" (the type and
    color part; its P/T is a `pt: {set}`, its abilities a `grant`): card types and subtypes it
    adds in layer 4 (613.1d; 205.1b: "still a land", "artifact creature" keep the prior types),
    the colors it sets in layer 5 (613.1e), on its source or its target (611.2c)."""

    to: str                              # self | target
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None  # None: colors unchanged; () colorless (sets no color)
    all_creature_types: bool = False     # "with all creature types" (Mutavault): every creature
                                         # type (205.3m) added in layer 4, as changeling is (702.73a)
    colors_chosen: bool = False          # colors: chosen: "the color or colors of your choice" (105.3),
                                         # one or more, chosen as it resolves (608.2d; the effect's `colors`)


def parse_becomes(arg: Any, where: str, path: str, card_types: set[str]) -> Becomes:
    """`becomes: {to, types, subtypes, colors}` of an effect a spell or ability creates."""
    f = Fields(arg, where, path, {"to", "types", "subtypes", "colors", "all_creature_types"})
    to = _choice(f, "to", ("self", "target"), "self")

    def words(key: str) -> tuple[str, ...]:
        raw = f.get(key, (list, str), [])
        values = tuple(str(v).lower() for v in ([raw] if isinstance(raw, str) else raw))
        if len(set(values)) != len(values):
            raise f.error(key, "names a value twice")
        return values

    types, subtypes = words("types"), words("subtypes")
    for t in types:
        if t not in card_types:
            raise f.error("types", f"{t!r} is not a card type ({', '.join(sorted(card_types))})")
    for s in subtypes:
        if s in BASIC_LAND_TYPES or not re.fullmatch(r"[a-z][a-z'-]*", s):
            raise f.error("subtypes", f"{s!r}: a creature or artifact subtype (land types are a "
                                      "land_types effect)")
    colors = None
    if f.data.get("colors") == "chosen":
        # "Target creature becomes the color or colors of your choice until end of turn" (Scuttlemutt)
        if types or subtypes or f.has("all_creature_types"):
            raise f.error("colors", "chosen goes alone (\"becomes the color or colors of your choice\")")
        return Becomes(to, colors_chosen=True)
    if f.has("colors"):
        colors = words("colors")
        if colors == ("colorless",):
            colors = ()
        for c in colors:
            if c not in COLOR_WORDS:
                raise f.error("colors", f"{c!r} is not one of {', '.join(COLOR_WORDS)} (or [colorless] alone)")
    every = f.get("all_creature_types", bool, False)
    if every and "creature" not in types:
        raise f.error("all_creature_types", "goes with types: [creature] (creature types are a creature's, 205.3m)")
    if not (types or subtypes or colors is not None):
        raise f.error(None, "give types, subtypes or colors")
    return Becomes(to, types, subtypes, colors, every)
