"""The card library: cards as data, written in the ability vocabulary (docs/cards.md).

A card file holds one card (a mapping) or a family (``cards: [...]``). This module only
*translates* card text that is already structured; it decides no rules question. What an
ability means (is it a mana ability? does 302.6 apply?) is decided in ``asp/``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import functools
import hashlib
import itertools
import os
import pickle
import re
import tempfile
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .actions import Action, parse_actions
from .activation import ActivationCondition, parse_activation_conditions
from .effects import (
    Becomes,
    LayerEffect,
    ManaTrigger,
    PTEffect,
    Replacement,
    SpendRule,
    check_effect_keys,
    parse_becomes,
    parse_layer_effect,
    parse_pt,
    parse_replacement,
    parse_spend,
    parse_to,
    parse_trigger,
)
from .entering import CREATURE_TYPES, Choice, Condition, parse_choice, parse_condition
from .errors import InputError
from .history import parse_amount as parse_turn_amount
from .history import parse_condition as parse_turn_condition
from .history import parse_last_turn_condition
from .model_steps import STEPS
from .numbers import check_numbers, check_symbol_number
from .yamlio import Fields, describe, load_yaml_file

if TYPE_CHECKING:
    from .carddb import CardSource

SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}
CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery", "tribal"}
COLORS = {"white", "blue", "black", "red", "green"}
KEYWORDS = {"deathtouch", "defender", "double strike", "first strike", "flash", "flying",
            "haste", "hexproof", "devoid", "indestructible", "lifelink", "menace", "reach", "shroud",
            "trample", "vigilance", "wither", "infect", "fear", "enchant land", "enchant creature",
            "enchant permanent", "protection from white", "protection from blue",
            "protection from black", "protection from red", "protection from green",
            "protection from artifacts",        # a card type (702.16a)
            "protection from werewolves",       # a creature type (702.16a; Katilda, Dawnhart Prime)
            # an Aura's enchant ability naming a basic land type (702.5a, 303.4a; Utopia Sprawl)
            "enchant plains", "enchant island", "enchant swamp", "enchant mountain", "enchant forest",
            # granted by an effect whose controller chose the color as it resolved (608.2d):
            # the effect's `choice` says which (Pale Wayfarer)
            "protection from chosen color",
            # "bands with other legendary creatures" (702.22b): no band is declared in a what-if
            # (702.22c: by choice); combat.lp refuses the damage assignment it would change (702.22j)
            "bands with other legendary creatures",
            # 702.28b: blocks only between creatures that both have it or both lack it (combat.lp)
            "shadow",
            # an Aura's enchant ability of several kinds (702.5a: "Enchant artifact or creature",
            # Careful Cultivation; "Enchant creature or land", Nature's Embrace): any one of them
            "enchant artifact or creature", "enchant creature or land",
            # "Ascend" (702.131a-b: the city's blessing; asp/designations.lp)
            "ascend",
            # day and night (702.145b-g: asp/daynight.lp)
            "daybound", "nightbound",
            # landwalk (702.14c: can't be blocked while the defending player controls a land of
            # that basic land type; asp/combat.lp)
            "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk"}
# What a created effect may take away (`creates: {lose: {keywords}}`, 613.1f): a keyword, or a
# class of them: "all landwalk abilities" (702.14a), "all "bands with other" abilities" (702.22a).
# "banding" (702.21) is no keyword of the vocabulary (a card with it keeps the line as words), so
# losing it takes nothing the rules here see.
LOSABLE = KEYWORDS | {"landwalk", "bands with other", "banding"}
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
# Filter words that negate ("nonbasic land") or match every permanent.
NEGATED = {f"non{w}" for w in SUPERTYPES | CARD_TYPES | COLORS}   # "nonbasic", "nonland", "nonblack" (105.2)
# "token" (a token, CR 111.1), "with_counter" (a permanent with a counter on it, 122.1),
# "with_+1/+1_counter" (one with a +1/+1 counter on it), "tapped" (a tapped permanent, 110.5):
# words of the permanent, not its card.
# "entered_this_turn" (a permanent that entered the battlefield this turn: its base controller's
# control began in the current turn, 110.2, 302.6).
STATE_WORDS = {"token", "with_counter", "with_+1/+1_counter", "tapped", "entered_this_turn",
               "equipped",     # an Equipment is attached to it (301.5a; "Equipped creatures you control")
               "attacking",    # an attacking creature (506.4; "for each attacking creature you control")
               "untapped"}     # an untapped permanent (110.5; "target untapped creature you control")
# "colorless": an object with no color (105.2c; Tomb of the Spirit Dragon's "colorless creature").
# "nontoken" (not a token, 111.1); "multicolored" (two or more colors, 105.2b); "x_in_cost" ("a
# spell with {X} in its mana cost", 107.3, 202.1).
FILTER_WORDS = SUPERTYPES | CARD_TYPES | COLORS | NEGATED | {"permanent", "colorless"} | STATE_WORDS | \
    {"nontoken", "multicolored", "x_in_cost"}
MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
# Mana symbols a cost may hold (CR 107.4): numbers, X and Y (107.3p; no rule names a {Z}),
# colored, hybrid, Phyrexian, snow.
COST_SYMBOL = re.compile(r"^(\d+|X|Y|W|U|B|R|G|C|S|[WUBRG]/[WUBRGP]|2/[WUBRG])$")
ADD_SYMBOL = re.compile(r"^(W|U|B|R|G|C)$")


@dataclass(frozen=True)
class Cost:
    """One part of an activation cost (CR 602.1a), as a vocabulary term.

    kind: tap | untap | mana | remove_counters | put_counters | sacrifice | pay_life | pay_energy |
          tap_untapped | untap_tapped | loyalty | discard (count; 0: the whole hand; self_only:
          this card, from its owner's hand) | mill | exile (self) | return_to_hand (self) |
          put_from_exile (a card an opponent owns, to its owner's graveyard)
    """

    kind: str
    symbols: tuple[str, ...] = ()        # mana: the mana symbols, e.g. ("1", "U/R")
    count: int | str = 1                 # counters ("X" allowed), life, energy, permanents
    counter: str = ""                    # remove_counters / put_counters: the counter kind
    filter: tuple[str, ...] = ()         # sacrifice / tap_untapped / untap_tapped: what qualifies
    self_only: bool = False              # sacrifice: "Sacrifice this permanent"; discard: "Discard
                                         # this card" (an ability that functions from the hand)
    another: bool = False                # sacrifice: "Sacrifice another creature" (not its source)
    named: str = ""                      # sacrifice: only a permanent with this name (201.2: "a token
                                         # named Wood", Jungle Patrol)
    any_of: tuple[tuple[str, ...], ...] = ()   # sacrifice / tap_untapped: of any of these kinds, in
                                         # place of filter ("a black or artifact creature")
    zone: str = ""                       # exile (not self): where the exiled object is: graveyard (a
                                         # card its activator owns), battlefield (a permanent they
                                         # control) or hand (any card of theirs)
    text: str = ""                       # as written on the card, for output
    total_power: int = 0                 # tap_untapped: "any number of other untapped creatures you
                                         # control with total power N or greater" (crew, 702.122a)


@dataclass(frozen=True)
class ManaEffect:
    """An "Add ..." effect.

    kind: fixed (options: each a tuple of mana symbols; one option unless "A or B"),
          any (of_kind: color | type | commander_identity, CR 903.4),
          could_produce (filter, whose, of_kind; CR 106.7),
          combination (types, amount: "N mana in any combination of ..."),
          for_each (options[0] per permanent matching filter/whose: Gaea's Cradle),
          colors_among (one of each color among permanents matching filter/whose: Bloom Tender),
          produced_type (one mana of any type the tapped permanent produced: Mana Flare),
          chosen (one mana of the color chosen as it entered, 607.2d; options: an "or" fixed
          alternative, "Add {R} or one mana of the chosen color"),
          different_colors (amount: that many mana, each of a different color)
    """

    kind: str
    options: tuple[tuple[str, ...], ...] = ()
    of_kind: str = ""
    filter: tuple[str, ...] = ()
    whose: str = ""
    via: str = ""                        # could_produce: "sacrificed" for Squandered Resources
    zone: str = "battlefield"            # for_each: hand or graveyard: the cards its controller owns
                                         # there (matching filter, if any), not permanents
    keyword: str = ""                    # for_each: only the permanents with this keyword ("for each
                                         # creature with defender you control")
    among: tuple[tuple[str, ...], ...] = ()   # any (of_kind among): a color among its controller's
                                         # permanents matching any of these filters (Mox Amber)
    power_at_least: int | None = None    # for_each: only those with this power or greater (208.1)
    named_self: bool = False             # for_each: only those with its source's name (201.2)
    results: tuple[int | str, ...] = ()  # fixed: the option added only on this result of the ability's
                                         # die roll (on_roll, 706.3a) or coin flip (if_flip, 705.2),
                                         # one per option; none on any other result
    revealed: bool = False               # for_each in the hand: any number of those cards its
                                         # controller reveals as it resolves (701.20a, Metalworker)
    rider: str = ""                      # restrictions or extra effects (CR 106.6); not a type
    types: tuple[str, ...] = ()          # combination: the types allowed
    amount: int | str | tuple = 1        # fixed, any, combination: how much: a number, "X" (the
                                         # counters its cost removes), "X+N", "power" (its
                                         # source's), ("counters", KIND) (on its source),
                                         # ("count", filter, whose), ("devotion", colors),
                                         # "devotion" (any: to the color chosen, CR 700.5)
    any_of: tuple[tuple[str, ...], ...] = ()  # for_each whose: target: the cards of any of these kinds
                                         # ("each artifact or creature card in target opponent's
                                         # graveyard", Spoils of Evil)


@dataclass(frozen=True)
class Ability:
    """One ability of a card, on one line of its oracle text (1-based)."""

    line: int
    kind: str                            # keywords | activated | static | triggered | enters | spell |
                                         # intrinsic | flashback | text (words only, CR-blind) |
                                         # deck_construction (CR 113.6n: nothing in a game) |
                                         # opening_hand (CR 103.6: before the first turn) |
                                         # alternative_cost (118.9: paid instead of the mana cost) |
                                         # additional_cost (601.2f: words; casting refused) |
                                         # reminder (207.2a: reminder text only; effect_text: its rules) |
                                         # transforms_from (712.8e; effect_text: the front face's name) |
                                         # part_of (706.3b: a line of another's results table)
    keywords: tuple[str, ...] = ()
    part_of: int = 0                     # part_of: the line of the ability this line is part of
    costs: tuple[Cost, ...] = ()
    mana: ManaEffect | None = None       # activated/triggered: the mana it adds, if any
    effect_text: str = ""                # an effect outside the vocabulary, kept verbatim
    targets: tuple[str, ...] = ()
    timing: str = ""                     # "" (whenever its controller has priority, 117.1a) |
                                         # instant ("Activate only as an instant", 602.5e: not
                                         # while a cost is paid) | sorcery (602.5d)
    grant_to: str = ""                   # static grant: equipped_creature | enchanted_creature
    granted: Ability | None = None       # static grant: the ability it grants
    enters_tapped: bool = False
    enters_counters: tuple[tuple[str, int], ...] = ()
    enters_if: tuple[str, Condition] | None = None   # enters: ("unless" | "if", condition) of
                                         # entering tapped (CR 614.1c, 614.12; translator/entering.py)
    enters_choice: Choice | None = None  # enters: "As ~ enters, choose a color" (614.12a, 607.2d)
    enters_day: bool = False             # enters: "If it's neither day nor night, it becomes day as ~
                                         # enters" (731.1; asp/daynight.lp)
    enters_sacrifice: tuple = ()         # enters: (count, filter, untapped) of "If ~ would enter,
                                         # sacrifice two untapped lands instead" (614.1a, 118.12)
    enters_discard: tuple[str, ...] = ()  # enters: the filter of "If ~ would enter, you may discard
                                         # a land card instead" (Mox Diamond: 614.1a, 701.9a)
    grant_filter: tuple[str, ...] = ()   # static grant to a group: "Lands you control have ..."
    grant_controller: str = "any"
    replacement: Replacement | None = None   # static: a replacement effect (CR 614)
    layer: LayerEffect | None = None     # static: a type- or color-changing effect (CR 613)
    trigger: ManaTrigger | None = None   # triggered: "whenever ... is tapped for mana"
    spend: SpendRule | None = None       # static: how mana may be spent
    creates: Ability | None = None       # activated/spell: the continuous effect it creates
    duration: str = ""                   # of what it creates: end_of_turn | indefinitely
    intrinsic: tuple[str, ...] = ()      # reminder of the intrinsic abilities of basic land types
    only_during: tuple[str, ...] = ()    # "Activate only during [step]" (CR 602.5b)
    only_if_control: tuple[str, ...] = ()  # "Activate only if you control a [filter]"
    only_if: tuple[ActivationCondition, ...] = ()  # activation conditions (602.5; activation.py)
    per_turn: int = 0                    # "Activate only once each turn": at most N times each
                                         # turn (CR 602.5b); 0: no limit
    costs_less_for_each: tuple[tuple[str, ...], ...] = ()   # "This ability costs {1} less to activate
                                         # for each legendary creature you control" (601.2f): the
                                         # filters (a permanent matching any of them counts once)
    x_at_least: int = 0                  # "X can't be 0." (1): the least X its activator may announce
                                         # for its {X} cost (107.3a, 602.2b)
    does: tuple[Action, ...] = ()        # its effect as actions, in order (608.2c; actions.py)
    target: tuple = ()                   # ("player",), ("any",) or ("object", filter, rules, count):
                                         # one instance of the word "target" (count: "two target
                                         # creatures" is one instance with two targets, CR 115.3)
    more_targets: tuple = ()             # the next instances of the word "target", each like `target`
                                         # ("... onto a second target creature", CR 115.3)
    when: tuple[str, str] = ()           # triggered: (event, whose), e.g. ("enters", "self")
    when_subject: WhenSubject | None = None   # triggered, whose "matching": the object or player the
                                         # event is about ("Whenever another Elf you control enters")
    this_turn: bool = False              # delayed: "Whenever a Berserker attacks this turn, ..." (603.7b: each
                                         # time this turn, not once)
    or_when: tuple[str, str] = ()        # triggered: a second trigger event of the one ability ("At the
                                         # beginning of your upkeep or whenever you cast a green spell", 603.2)
    # a spell's mana only if / unless its controller has that many cards (of any of the filters) in
    # their graveyard as it resolves: (if | unless, at_least, filters) ("Spell mastery — If there are
    # two or more instant and/or sorcery cards in your graveyard, add {B}{B}{B}.", Dark Petition)
    mana_condition: tuple | None = None
    instead_if: tuple[ActivationCondition, ...] = ()   # "If [condition], add [instead_mana] instead"
    instead_mana: ManaEffect | None = None               # (a mana ability's other mana, 106.3)
    may_add: bool = False                # triggered: "you may add {R}{R}" (608.2d)
    add_mana_to: str = ""                # triggered: "that player adds {G}{G}": the player its
                                         # trigger names gets the mana (106.4), not its controller
    pt: tuple[PTEffect, ...] = ()        # static / created: power/toughness effects (CR 613.4)
    control: str = ""                    # static: enchanted_creature ("You control enchanted
                                         # creature"); created: target | exchange (CR 613.1b)
    condition: str = ""                  # static: you_control_your_commander (lieutenant)
    static_if: Condition | None = None   # static: {you_control: ...} ("As long as you control six or
                                         # more lands"), or kind "enchanted" (filters: "As long as
                                         # enchanted permanent is a land")
    if_count: Condition | None = None    # triggered: condition you_control, "if you control three
                                         # or more artifacts" / "no artifacts" (603.4; its count)
    if_turn: tuple = ()                  # triggered: condition this_turn, "if you attacked this
                                         # turn" (603.4): (record, whose, compare, N), history.py
    prevents: tuple[str, ...] = ()       # created: prevention effects (CR 615), PREVENTIONS
    prevent_next: tuple = ()             # created: a prevention shield (CR 615.7): (N, target | self),
                                         # "Prevent the next N damage that would be dealt to ..."
    regenerates: str = ""                # created: a regeneration shield (CR 701.19a) on its
                                         # target or its source: target | self
    flash_spells: tuple[str, ...] | None = None  # created: "You may cast spells this turn as though
                                         # they had flash" (601.3, 702.8a): () any spell, or the
                                         # filter its spells match ([creature]: "creature spells")
    returns_in_untap: bool = False       # created: "During your next untap step, as you untap your
                                         # permanents, return ~ to its owner's hand" (502.3, 611.2a)
    cast_limit: int = 0                  # created: "You can cast only one more spell this turn" (Irencrag
                                         # Feat: 1; the spells its controller had cast as it was created
                                         # are its effect's x, 608.2h)
    restricts: tuple[str, ...] = ()      # static: what `grant_to` can't do: attack, block
                                         # (CR 508.1c, 509.1b)
    restrict_if: Condition | None = None  # static: the restriction applies only while this holds
                                         # (counters: "if it has a depletion counter on it")
    cost_increase: str = ""              # static: other_spells_cast_this_turn ("Each spell a
                                         # player casts costs {1} more ...", CR 601.2f)
    no_maximum_hand_size: bool = False   # static: "You have no maximum hand size" (CR 402.2)
    # static: "Each other Angel you control enters with an additional +1/+1 counter on it for each Angel
    # you already control" (Giada, Font of Hope, 614.1c): (filter, counter kind, filter counted)
    others_enter_with: tuple | None = None
    devotion_bonus: int = 0              # static: "Your devotion to each color ... is increased by one" (700.5)
    mana_burn: bool = False              # static: "A player losing unspent mana causes that player to
                                         # lose that much life." (Yurlok of Scorch Thrash; 500.5, 119.3)
    cant_cast: tuple[str, ...] = ()      # static: "You can't cast noncreature spells" (101.2): the filter
    also_subtypes: tuple[str, ...] = ()  # static: "~ is also a Cleric, Rogue, Warrior, and Wizard" (613.1d)
    enchanted_supertype: str = ""        # static: "Enchanted land is snow." (613.1d): the supertype added
    untaps_in_others_untap: bool = False  # static: "Untap ~ during each other player's untap step" (502.3)
    additional_land_plays: int = 0       # static: "You may play N additional land(s) on each of
                                         # your turns" (CR 305.2a)
    becomes: Becomes | None = None       # created: "~ becomes a ... creature" (types, subtypes,
                                         # colors: layers 4 and 5, CR 613.1d-e, 205.1b)
    if_target: tuple[str, ...] = ()      # created: only if its target matches this filter as it
                                         # resolves ("If it's a creature, it gets +1/+1", 608.2c)
    loses: tuple[str, ...] = ()          # created: keywords (or classes, LOSABLE) `grant_to` loses (613.1f)
    cant_have: bool = False              # created: "... and can't have [them]": whatever their timestamp
    hexproof_ignored: tuple[str, ...] = ()   # created: "... creatures your opponents control with hexproof can be
                                         # the targets of spells and abilities you control as though they
                                         # didn't have hexproof" (Detection Tower): the filter (702.11b)
    loses_one: bool = False              # created: "loses first strike or swampwalk": one of `loses`, chosen
                                         # as it resolves (608.2d; the effect's `choice`)
    may_create: bool = False             # created: only if its controller chooses so as it resolves
                                         # ("Then you may have it become a 0/0 ...", 608.2d)
    zone: str = ""                       # activated: the zone it functions from, when not the
                                         # battlefield: hand (CR 113.6b, 113.6m; cycling, 702.29a)
    reflexive: Ability | None = None     # "..., sacrifice it. When you do, [effect]": the
                                         # reflexive triggered ability its last action creates
    delayed_if_activated: int = 0        # activated: the delayed trigger is created only if this ability
                                         # has been activated N or more times this turn, this one
                                         # included (Farrelite Priest: 4; 602.5b's count, costs.lp)
    delayed: Ability | None = None       # "Draw a card at the beginning of the next turn's
                                         # upkeep": the delayed triggered ability it creates (603.7)
                                         # (CR 603.12), a triggered ability with when: you_do


@dataclass(frozen=True)
class Card:
    name: str
    mana_cost: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    abilities: tuple[Ability, ...]
    power: str | None = None
    toughness: str | None = None
    loyalty: int | None = None
    source: str = ""
    color_indicator: tuple[str, ...] = ()   # CR 202.2e; a token's colors the effect gives (111.4)

    @property
    def type_line(self) -> str:
        left = " ".join(w.capitalize() for w in (*self.supertypes, *self.types))
        return f"{left} — {' '.join(s.title() for s in self.subtypes)}" if self.subtypes else left


# -- parsing ---------------------------------------------------------------------------------


def parse_mana_symbols(text: str, where: str, path: str, pattern: re.Pattern = COST_SYMBOL) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise InputError(where, path, f"must be mana symbols like '{{2}}{{G}}', got {describe(text)}")
    symbols = MANA_SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in symbols) != text.replace(" ", ""):
        raise InputError(where, path, f"{text!r} is not a sequence of mana symbols like '{{2}}{{G}}'")
    for s in symbols:
        if not pattern.match(s):
            raise InputError(where, path, f"{{{s}}} is not a mana symbol allowed here")
        if s.isdigit():
            check_symbol_number(s, where, path)
    return tuple(symbols)


def parse_type_line(text: str, where: str, path: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    left, _, right = text.partition("—")
    words = left.lower().split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w in CARD_TYPES)
    unknown = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
    if unknown:
        raise InputError(where, path, f"unknown supertype or card type {unknown[0]!r} in {text!r}")
    if not types:
        raise InputError(where, path, f"{text!r} names no card type")
    subtypes = tuple(w.lower() for w in right.split())
    return supertypes, types, subtypes


def _activation_limits(a: Fields, kind: str) -> tuple[tuple[ActivationCondition, ...], int]:
    """`only_if` (conditions, translator/activation.py) and `per_turn` of an activated ability
    (CR 602.5, 602.5b)."""
    for key in ("only_if", "per_turn"):
        if a.has(key) and kind != "activated":
            raise a.error(key, "only an activated ability has activation instructions (CR 602.5)")
    only_if = parse_activation_conditions(a.data["only_if"], a, "only_if", parse_filter) if a.has("only_if") else ()
    per_turn = a.get("per_turn", int, 0)
    if a.has("per_turn") and per_turn < 1:
        raise a.error("per_turn", "is how many times each turn it may be activated: 1 or more")
    return only_if, per_turn


def parse_filter(value: Any, f: Fields, key: str) -> tuple[str, ...]:
    words = value if isinstance(value, list) else [value]
    out = []
    for w in words:
        if not isinstance(w, str) or not w.strip():
            raise f.error(key, f"a filter is a list of words like [red, creature], got {describe(w)}")
        w = w.strip().lower()
        # A word that is no type, color or subtype (CR 205.3g-m) would match nothing, silently.
        if w not in FILTER_WORDS and w not in _subtypes() and \
                not (w.startswith("non-") and w[4:] in _subtypes()):
            raise f.error(key, f"{w!r} is not a type, color or subtype")
        out.append(w)
    return tuple(out)


@functools.cache
def _subtypes() -> frozenset[str]:
    from .compiler.subtypes import SUBTYPES  # here: the compiler package imports this module
    return SUBTYPES


def _trigger_state_condition(a: Fields, parse_filter) -> Condition:
    """A triggered ability's intervening "if" (603.4) on the game's state: `{life: {who: each_player,
    at_most: N}}` ("if each player has N or less life") or `{in_graveyard: {filter | any_of,
    at_least: N}}` ("if there are N or more instant and/or sorcery cards in your graveyard": the
    cards its controller owns there, each counted once)."""
    c = Fields(a.data["condition"], a.where, a.sub("condition"), {"life", "in_graveyard"})
    (kind, raw), = c.data.items()
    if kind == "life":
        g = Fields(raw, c.where, c.sub(kind), {"who", "at_most", "at_least"})
        if g.get("who", str, required=True) != "each_player" or g.has("at_most") == g.has("at_least"):
            raise g.error(None, "is {who: each_player, at_most | at_least: N}")
        compare = "at_most" if g.has("at_most") else "at_least"
    else:
        g = Fields(raw, c.where, c.sub(kind), {"filter", "any_of", "at_least"})
        compare = "at_least"
    n = g.get(compare, int, required=True)
    if isinstance(n, bool) or n < 0:
        raise g.error(compare, f"is 0 or more, got {describe(n)}")
    filters = _condition_filters(g) if kind == "in_graveyard" else ()
    return Condition(kind, filters=filters, compare=compare, count=n)


def _condition_filters(g: Fields) -> tuple[tuple[str, ...], ...]:
    from .entering import _filters
    return _filters(g, parse_filter)


def _any_of_filters(a: Fields) -> tuple[tuple[str, ...], ...]:
    """`any_of: [[black, creature], [artifact, creature]]`: two or more filters."""
    alts = a.get("any_of", list, required=True)
    if len(alts) < 2:
        raise a.error("any_of", "is a list of two or more filters, like [[black, creature], [artifact, creature]]")
    return tuple(parse_filter(x, a, "any_of") for x in alts)


def parse_cost(item: Any, where: str, path: str) -> Cost:
    if isinstance(item, str):
        text = item.strip()
        if text == "{T}":
            return Cost("tap", text="{T}")
        if text == "{Q}":
            return Cost("untap", text="{Q}")
        return Cost("mana", symbols=parse_mana_symbols(text, where, path), text=text)
    f = Fields(item, where, path)
    if len(item) != 1:
        raise f.error(None, "a cost part is '{T}', '{Q}', mana symbols, or a mapping with one key")
    (kind, arg), = item.items()
    sub = Fields({kind: arg}, where, path)
    if kind == "remove_counters":
        a = Fields(arg, where, sub.sub(kind), {"counter", "count"})
        counter = a.get("counter", str, required=True)
        count = a.data.get("count", 1)
        if count != "X" and (not isinstance(count, int) or isinstance(count, bool) or count < 1):
            raise a.error("count", "must be a positive number or X")
        return Cost(kind, counter=counter, count=count,
                    text=f"Remove {count} {counter} counter{'s' if count != 1 else ''}")
    if kind == "put_counters":
        # "Put a -1/-1 counter on ~" (Devoted Druid): counters put on the ability's source as the
        # cost is paid (602.2b, 122.1)
        a = Fields(arg, where, sub.sub(kind), {"counter", "count"})
        counter = a.get("counter", str, required=True)
        count = a.data.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise a.error("count", "must be a positive number")
        return Cost(kind, counter=counter, count=count,
                    text=f"Put {count} {counter} counter{'s' if count != 1 else ''} on this permanent")
    if kind == "sacrifice":
        if arg == "self":
            return Cost(kind, self_only=True, text="Sacrifice this permanent")
        if isinstance(arg, dict):
            # "Sacrifice another creature" (Lord of the Forsaken): one of the activator's
            # permanents of that kind other than the ability's source (701.21a, 109.5)
            a = Fields(arg, where, sub.sub(kind), {"filter", "another", "any_of", "named", "count"})
            if a.has("count"):
                # "Sacrifice five creatures" (Westvale Abbey): that many of the activator's permanents
                # of that kind, their choice (701.21a; payment.lp), on an ability that adds no mana
                n = a.get("count", int)
                if isinstance(n, bool) or not 2 <= n <= 99 or set(a.data) != {"count", "filter"}:
                    raise a.error("count", "is 2 to 99, beside a filter alone (\"Sacrifice five creatures\")")
                filt = parse_filter(a.get("filter", (list, str)), a, "filter")
                return Cost(kind, filter=filt, count=n, text=f"Sacrifice {n} {' '.join(filt)}")
            if a.has("named") and a.has("filter") and not a.has("another") and not a.has("any_of"):
                # "Sacrifice a token named Wood" (Jungle Patrol): of that kind, with that name (201.2)
                name = a.get("named", str)
                if not name.strip():
                    raise a.error("named", "is the name the permanent must have")
                filt = parse_filter(a.get("filter", (list, str)), a, "filter")
                return Cost(kind, filter=filt, named=name.strip(), text=f"Sacrifice a {' '.join(filt)} named {name}")
            if a.has("any_of") and not a.has("another") and not a.has("filter"):
                # "Sacrifice a black or artifact creature" (Soldevi Adnate): a permanent of any of
                # the kinds (one filter of several, each a list of words that must all hold)
                alts = _any_of_filters(a)
                return Cost(kind, any_of=alts, text="Sacrifice a " + " or ".join(" ".join(x) for x in alts))
            if a.get("another", bool, required=True) is not True:
                raise a.error("another", "is true (\"Sacrifice another creature\"); without it write the filter alone")
            filt = parse_filter(a.get("filter", (list, str), required=True), a, "filter")
            return Cost(kind, filter=filt, another=True, text=f"Sacrifice another {' '.join(filt)}")
        filt = parse_filter(arg, sub, kind)
        return Cost(kind, filter=filt, text=f"Sacrifice a {' '.join(filt)}")
    if kind == "pay_life" and arg == "commander_colors":
        # "Pay life equal to the number of colors in your commanders' color identity" (War Room:
        # 903.4, 702.124c; unpayable without a commander, 903.4f: asp/payment.lp)
        return Cost(kind, count="commander_colors",
                    text="Pay life equal to the number of colors in your commanders' color identity")
    if kind in ("pay_life", "pay_energy"):
        count = sub.get(kind, int, required=True)
        if count < 1:     # a negative payment would gain life (CR 119.4: paying is losing)
            raise sub.error(kind, f"must be a positive number, got {count}")
        return Cost(kind, count=count, text=f"Pay {count} {'life' if kind == 'pay_life' else 'energy'}")
    if kind in ("tap_untapped", "untap_tapped"):
        a = Fields(arg, where, sub.sub(kind), {"count", "filter", "any_of", "total_power"})
        if kind == "tap_untapped" and a.has("total_power"):
            # "Tap any number of other untapped creatures you control with total power N or
            # greater" (crew, 702.122a): any set of them, not the ability's source (payment.lp)
            n = a.get("total_power", int)
            if isinstance(n, bool) or not 1 <= n <= 99 or a.has("count") or a.has("any_of"):
                raise a.error("total_power", "is 1 to 99, with a filter and no count or any_of")
            filt = parse_filter(a.get("filter", (list, str), required=True), a, "filter")
            return Cost(kind, filter=filt, total_power=n,
                        text=f"Tap any number of other untapped {' '.join(filt)}s you control with total power {n} "
                             f"or greater")
        count = a.get("count", int, 1)
        if count < 1:
            raise a.error("count", f"must be a positive number, got {count}")
        verb = "Tap" if kind == "tap_untapped" else "Untap"
        state = "untapped" if kind == "tap_untapped" else "tapped"
        if a.has("any_of") and not a.has("filter"):
            # "Tap an untapped artifact or creature you control" (Moonsnare Prototype): permanents
            # each of any of the kinds
            alts = _any_of_filters(a)
            return Cost(kind, count=count, any_of=alts,
                        text=f"{verb} {count} {state} {' or '.join(' '.join(x) for x in alts)} you control")
        filt = parse_filter(a.get("filter", (list, str), required=True), a, "filter")
        return Cost(kind, count=count, filter=filt,
                    text=f"{verb} {count} {state} {' '.join(filt)}s you control")
    if kind == "loyalty":
        if not isinstance(arg, int) or isinstance(arg, bool):
            raise sub.error(kind, f"must be an integer like +1 or -6, got {describe(arg)}")
        return Cost(kind, count=arg, text=f"{arg:+d}")
    if kind == "discard":
        # "Discard a card" (701.9a: the player chooses), "Discard your hand", "Discard this card"
        # (the card itself, from its owner's hand: an ability that functions there, 702.29a)
        if arg == "self":
            return Cost(kind, self_only=True, count=1, text="Discard this card")
        if arg == "hand":
            return Cost(kind, self_only=False, count=0, text="Discard your hand")
        if not isinstance(arg, int) or isinstance(arg, bool) or arg < 1:
            raise sub.error(kind, f"must be a positive number of cards, 'hand' or 'self', got {describe(arg)}")
        return Cost(kind, count=arg, text=f"Discard {arg} card{'s' if arg != 1 else ''}")
    if kind == "mill":
        # "Mill a card" (701.17a: the top card of the library into the graveyard)
        if not isinstance(arg, int) or isinstance(arg, bool) or arg < 1:
            raise sub.error(kind, f"must be a positive number of cards, got {describe(arg)}")
        return Cost(kind, count=arg, text=f"Mill {arg} card{'s' if arg != 1 else ''}")
    if kind == "exile" and isinstance(arg, dict):
        # "Exile a land card from your graveyard" (Hostile Desert), "Exile a creature you control"
        # (City of Shadows): one object of the activator's of that kind, their choice (406.2)
        a = Fields(arg, where, sub.sub(kind), {"filter", "from"})
        zone = a.get("from", str, required=True)
        if zone == "hand" and not a.has("filter"):
            # "Exile a card from your hand" (Cadaverous Bloom): any one card of the activator's
            # hand, their choice (406.2, 601.2h)
            return Cost(kind, zone="hand", count=1, text="Exile a card from your hand")
        if zone not in ("graveyard", "battlefield"):
            raise a.error("from", f"must be graveyard, battlefield or hand (without a filter), got {describe(zone)}")
        raw_filter = a.get("filter", (list, str), required=True)
        if zone == "graveyard" and raw_filter in (["card"], "card"):
            # "Exile a card from your graveyard" (Titans' Nest): a card of any kind there (109.2)
            return Cost(kind, filter=("card",), zone=zone, text="Exile a card from your graveyard")
        filt = parse_filter(raw_filter, a, "filter")
        return Cost(kind, filter=filt, zone=zone,
                    text=f"Exile a {' '.join(filt)} {'card from your graveyard' if zone == 'graveyard' else 'you control'}")
    if kind == "put_from_exile":
        # "Put a card an opponent owns from exile into that player's graveyard" (Void Attendant, the
        # processors): one card in exile an opponent of its activator owns, their choice (601.2h)
        a = Fields(arg, where, sub.sub(kind), {"owner", "to"})
        if a.get("owner", str, required=True) != "opponent" or a.get("to", str, required=True) != "graveyard":
            raise a.error(None, "is {owner: opponent, to: graveyard} (\"Put a card an opponent owns from exile into "
                                "that player's graveyard\")")
        return Cost(kind, text="Put a card an opponent owns from exile into that player's graveyard")
    if kind in ("exile", "return_to_hand"):
        # "Exile ~", "Return ~ to its owner's hand": the permanent itself leaves (601.2h)
        if arg != "self":
            raise sub.error(kind, "takes self (\"Exile this artifact\", \"Return this creature to its owner's hand\")")
        return Cost(kind, self_only=True, text="Exile this permanent" if kind == "exile" else
                    "Return this permanent to its owner's hand")
    raise f.error(kind, "unknown cost; expected '{T}', '{Q}', mana symbols, remove_counters, put_counters, "
                        "sacrifice, pay_life, pay_energy, tap_untapped, untap_tapped, loyalty, discard, "
                        "mill, exile, return_to_hand or put_from_exile")


# Cost increases a static ability can make (CR 601.2f): "Each spell a player casts costs {1}
# more to cast for each other spell that player has cast this turn" (Damping Sphere).
COST_INCREASES = ("other_spells_cast_this_turn",)

# Trigger events (CR 603.1, 603.6, 603.10a), each {event: whose}.
WHEN = {
    "enters": ("self", "matching"),                    # "When ~ enters the battlefield" (603.6a);
                                                       # "Whenever a[nother] Elf enters [under your
                                                       # control]": a `matching` subject (WhenSubject)
    "enters_untapped": ("self",),                      # "When ~ enters untapped" (603.2, 603.6a)
    "you_do": ("sacrifice",),                          # a reflexive trigger, "When you do" after
                                                       # a sacrifice (603.12; `reflexive:` only)
    "put_into_graveyard_from_battlefield": ("self",),  # leaves-the-battlefield (603.6c, 603.10a)
    "dies": ("self", "matching"),                      # 700.4: put into a graveyard from the battlefield
    "cast_not_from_hand": ("you",),                    # "Whenever you cast a spell from anywhere
                                                       # other than your hand" (601.2i)
    "cast_mv_equals_counters": ("charge",),            # "Whenever a player casts a spell with mana
                                                       # value equal to the number of charge
                                                       # counters on ~" (601.2i, 202.3e)
    "cast_creature_spell": ("you",),                   # "Whenever you cast a creature spell" (601.2i)
    "discards": ("matching",),                         # "Whenever you discard a creature card",
                                                       # "an opponent discards a land card" (701.9a)
    "cast_spell": ("matching",),                       # "Whenever you cast a multicolored spell",
                                                       # "Whenever a player casts a creature spell"
                                                       # (601.2i); the subject is the spell
    "cast_planeswalker_spell": ("you",),               # "Whenever you cast a planeswalker spell" (601.2i)
    "beginning_of_combat": ("your_turn",),             # "At the beginning of combat on your turn"
                                                       # (500.6, 507)
    "beginning_of_upkeep": ("your_turn",               # "At the beginning of your upkeep" (503.1a) /
                            "each_player",             # "... of each player's upkeep": "that player"
                                                       # is the active player /
                            "next_turn"),              # a delayed trigger's "at the beginning of the
                                                       # next turn's upkeep" (603.7; `delayed:` only)
    "plays_another_land": ("you",),                    # "When you play another land" (305.1, 603.2)
    "beginning_of_end_step": ("each_turn", "your_turn",   # "At the beginning of the end step" /
                                                       # "of your end step" (513.1, 500.6) /
                              "next"),                 # a delayed trigger's "at the beginning of the next
                                                       # end step" (603.7; `delayed:` only)
    "becomes_tapped": ("self",),                       # "Whenever ~ becomes tapped" (603.2)
    "day_night_changes": ("any",),                     # "Whenever day becomes night or night
                                                       # becomes day" (731.1a; asp/daynight.lp)
    "tapped_for_mana": ("self", "matching"),           # "Whenever you tap ~ for mana" (106.12) /
                                                       # "Whenever an opponent taps a land for mana"
    "attacks": ("self", "matching"),                   # "Whenever ~ attacks" / "Whenever a creature
                                                       # you control attacks" (508.3a)
    "attacks_most_life": ("self",),                    # dethrone: "Whenever ~ attacks the player
                                                       # with the most life or tied for most life"
                                                       # (702.105a, 508.3a)
    "becomes_blocked": ("self",),                      # "Whenever ~ becomes blocked" (509.3c)
    "becomes_target_of_spell": ("self",),              # "... becomes the target of a spell" (601.2c,
                                                       # 601.2i: as the spell becomes cast)
    "deals_combat_damage_to_player": ("self",),        # "Whenever ~ deals combat damage to a
                                                       # player" (510.2); "that player" is that one
    "deals_damage_to_you": ("creature",),              # "Whenever a creature deals damage to you":
                                                       # once per creature (603.2); "it" is that one
    "beginning_of_precombat_main": ("your_turn",       # "At the beginning of your precombat main
                                    "each_player"),    # phase" / "... of each player's ...": as it
                                                       # begins (500.6, 505.1a); "that player" is the
                                                       # active player
    "beginning_of_postcombat_main": ("your_turn",      # "At the beginning of your postcombat main
                                     "each_player",    # phase" / "... of each player's ...": as the
                                     "this_turn"),     # (a delayed trigger's "at the beginning of
                                                       # your next main phase this turn", 603.7) /
                                                       # turn's next main phase begins (505.1a)
    "attacks_alone": ("you",),                         # "Whenever a creature you control attacks
                                                       # alone" (exalted, 702.83a; 506.5); "it"
                                                       # ("that creature") is that creature
    "beginning_of_draw_step": ("your_turn",),          # "At the beginning of your draw step"
                                                       # (500.6, 504.1)
    "deals_combat_damage_to_creature": ("self",),      # "Whenever ~ deals combat damage to a
                                                       # creature" (510.2); "that creature" is it
}


@dataclass(frozen=True)
class WhenSubject:
    """What a `matching` event is about (CR 603.2): "Whenever another Elf enters the battlefield
    under your control" is {filter: [elf], controller: you, another: true}; "Whenever ~ or another
    nontoken creature you control dies" adds `or_self: true`; for `cast_spell` the filter is the
    spell's (its card's, 109.2) and the controller its caster (601.2a)."""
    filters: tuple[tuple[str, ...], ...]   # any of them ("a Spirit or Arcane spell": any_of)
    controller: str = "any"             # you | opponent | any
    another: bool = False               # not the ability's source itself
    or_self: bool = False               # ... or the source itself ("~ or another ...")
    chosen_color: bool = False          # cast_spell: "a spell of the chosen color" (Paradise Plume)
    mana_value_at_least: int | None = None  # cast_spell: "... with mana value 7 or greater" (202.3e)
    or_copy: bool = False               # cast_spell: "Whenever you cast or copy ..." (magecraft; a copy,
                                        # 707.10, is never made in a what-if: no instruction copies)


SUBJECT_KEYS = {"filter", "any_of", "controller", "another", "or_self", "chosen_color", "mana_value_at_least",
                "or_copy"}


def parse_when_subject(a: Fields, event: str) -> WhenSubject:
    raw = a.data["when"][event]
    f = Fields(raw, a.where, a.sub("when") + f".{event}", SUBJECT_KEYS)
    chosen_color = f.get("chosen_color", bool, False)
    mv_at_least = f.get("mana_value_at_least", int, 0) if f.has("mana_value_at_least") else None
    if (chosen_color or mv_at_least is not None) and event != "cast_spell":
        raise f.error("chosen_color" if chosen_color else "mana_value_at_least", "goes with cast_spell only")
    if mv_at_least is not None and mv_at_least < 1:
        raise f.error("mana_value_at_least", "is a mana value, 1 or more")
    if event == "cast_spell" and not f.has("filter") and not f.has("any_of"):
        # "Whenever you cast a spell" (any spell), "Whenever a player casts a spell of the chosen
        # color" (Paradise Plume: any spell of that color)
        filters: tuple[tuple[str, ...], ...] = ((),)
    elif f.has("filter") == f.has("any_of"):
        raise f.error(None, "a matching event needs filter (the words of the object it is about) or any_of "
                            "(a list of filters)")
    elif f.has("filter"):
        filters = (parse_filter(f.data["filter"], f, "filter"),)
    else:
        raw = f.get("any_of", list)
        if not raw:
            raise f.error("any_of", "a list of filters, like [[spirit], [arcane]]")
        filters = tuple(parse_filter(x, f, f"any_of[{i}]") for i, x in enumerate(raw))
    controller = f.get("controller", str, "any")
    if controller not in ("you", "opponent", "any"):
        raise f.error("controller", "must be you, opponent or any")
    another, or_self = f.get("another", bool, False), f.get("or_self", bool, False)
    if or_self and not another:
        raise f.error("or_self", "goes with another: true (\"~ or another creature\")")
    if event in ("dies", "attacks") and any("creature" not in words for words in filters):
        raise f.error("filter", f"{event} is about a creature (700.4, 508.1): the filter names creature")
    or_copy = f.get("or_copy", bool, False)
    if or_copy and event != "cast_spell":
        raise f.error("or_copy", "goes with cast_spell (\"Whenever you cast or copy ...\")")
    return WhenSubject(filters, controller, another, or_self, chosen_color, mv_at_least, or_copy)


def parse_when(a: Fields, where: str) -> tuple[str, str]:
    raw = a.data["when"]
    if not isinstance(raw, dict) or len(raw) != 1:
        raise a.error("when", "must be one {event: whose} mapping like {enters: self}")
    (event, whose), = raw.items()
    if event == "chapter":
        # a Saga's chapter symbol (714.2b): {chapter: 2}; "I, II — ..." is {chapter: [1, 2]} (714.2c)
        numbers = whose if isinstance(whose, list) else [whose]
        if not numbers or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20 for n in numbers) \
                or len(set(numbers)) != len(numbers):
            raise a.error("when", "chapter is a chapter number 1 to 20, or a list of them ([1, 2] for \"I, II\")")
        return ("chapter", ",".join(str(n) for n in sorted(numbers)))
    if isinstance(whose, dict) and event in WHEN and "matching" in WHEN[event]:
        return (event, "matching")      # its subject: parse_when_subject
    if event not in WHEN:
        raise a.error("when", f"unknown event {event!r}; known: {', '.join(sorted(WHEN))}")
    if whose not in WHEN[event]:
        raise a.error("when", f"{event} takes {', '.join(WHEN[event])}, not {whose!r}")
    return (event, whose)


def _x_of_cast_spell(when: tuple[str, str], subject: WhenSubject | None) -> bool:
    """A trigger on casting a spell with {X} in its mana cost (each of its filters says so, 107.3e)."""
    return when == ("cast_spell", "matching") and subject is not None and \
        all("x_in_cost" in words for words in subject.filters)


# The events a triggered ability may have two of ("At the beginning of your upkeep or whenever you cast a
# green spell", Shrine of Boundless Growth; CR 603.2): those whose explanation (asp/) names the event
# of the step it occurred in, so that each trigger cites its own event's rule.
OR_WHEN_EVENTS = ("beginning_of_upkeep", "cast_spell", "attacks", "becomes_target_of_spell")


def _parse_or_when(a: Fields, when: tuple[str, str], where: str) -> tuple[str, str]:
    """`or_when: {beginning_of_upkeep: your_turn}` beside `when`: the ability's second trigger event;
    it triggers on either (603.2). At most one of the two has a subject (`matching`)."""
    if not when:
        raise a.error("or_when", "goes beside when: (a second trigger event of the same ability)")
    other = parse_when(Fields({"when": a.data["or_when"]}, where, a.path, {"when"}), where)
    if other[1] == "matching" or other[1] in DELAYED_WHOSE or other[0] == when[0] or \
            when[0] not in OR_WHEN_EVENTS or other[0] not in OR_WHEN_EVENTS or when == ("attacks", "matching"):
        raise a.error("or_when", f"is one event of {', '.join(OR_WHEN_EVENTS)} without a subject, beside a when: "
                                 "of another of them")
    return other


# One structured target (CR 115.1): `target: player`, `target: any` (115.4), or `target: {filter: [...], another:
# true, owner: you, controller: you}` for "another target permanent you own"; `count: 2` for "two
# target creatures": one instance of the word "target" with two targets (115.3, 601.2c);
# `attacking: true` for "target attacking creature"; `zone: graveyard` and `mana_value_at_most: 3`
# for "target creature card with mana value 3 or less from your graveyard" (with owner: you);
# `up_to: true` for "up to two target creatures" (115.6: zero targets may be chosen).
TARGET_KEYS = {"filter", "any_of", "another", "owner", "controller", "attacking", "count", "zone", "mana_value_at_most",
               "power_at_most", "attacking_or_blocking", "commander", "power_toughness", "without", "up_to",
               "with", "distinct", "has_flashback"}
TARGET_ZONES = ("graveyard", "exile")       # `zone:` a card in it, not a permanent ("target creature card
                                    # from your graveyard", 109.2)


def parse_targets(a: Fields, where: str, parse_filter) -> tuple[tuple, tuple]:
    """`target:` one instance of the word "target", or a list of them in the order the text
    gives them ("Move a counter from target creature onto a second target creature")."""
    raw = a.data["target"]
    if not isinstance(raw, list):
        return parse_target(raw, a, where, parse_filter), ()
    if not raw:
        raise a.error("target", "a list of targets needs at least one entry")
    words = tuple(parse_target(r, a, where, parse_filter, f"[{i}]") for i, r in enumerate(raw))
    return words[0], words[1:]


def parse_target(raw, a: Fields, where: str, parse_filter, index: str = "") -> tuple:
    if raw == "player":
        return ("player",)
    if raw == "opponent":   # "target opponent" (an opponent of the spell's or ability's controller)
        return ("opponent",)
    if raw == "any":     # CR 115.4: "any target" is a creature, player, planeswalker or battle
        return ("any",)
    if raw == "player_or_planeswalker":   # "target player or planeswalker" (115.2)
        return ("player_or_planeswalker",)
    if raw == "any_other" and index not in ("", "[0]"):
        # "... and 3 damage to any other target" (Explosive Welcome): any target but the one chosen for
        # the first instance of "target" (115.3: "other" is part of its targeting criteria)
        return ("any_other",)
    t = Fields(raw, where, a.sub("target") + index, TARGET_KEYS)
    if t.has("any_of"):
        # "target Bird, Cat, Dog, Goat, Ox, or Snake", "target Dragon creature card or Ugin
        # planeswalker card" (115.1): one target, legal if it matches any of the filters
        if t.has("filter"):
            raise t.error("any_of", "give filter or any_of, not both")
        alts = t.get("any_of", list)
        if len(alts) < 2:
            raise t.error("any_of", "lists two filters or more, like [[bird], [cat]] (one is `filter`)")
        filt_alts = tuple(parse_filter(x, t, "any_of") for x in alts)
        return ("object", filt_alts, (*_target_rules(t), "any_of"), _target_count(t))
    raw_filter = t.get("filter", (list, str), required=True)
    if raw_filter in (["card"], "card"):
        # "target card from your graveyard" (Conqueror's Foothold): a card of any kind, in a zone
        if not t.get("zone", str, ""):
            raise t.error("filter", "[card] is a card of any kind in a zone: it goes with zone: graveyard or exile")
        filt: tuple[str, ...] = ("card",)
    else:
        filt = parse_filter(raw_filter, t, "filter")
    return ("object", filt, _target_rules(t), _target_count(t))


def _target_rules(t: Fields) -> tuple[str, ...]:
    """The rules of a target beside its filter (another, attacking, zone, owner, ...)."""
    rules = []
    if t.get("another", bool, False):
        rules.append("another")
    if t.get("has_flashback", bool, False):
        # "target card with flashback you own from exile" (Rootcoil Creeper): a card whose card has
        # flashback (702.34a), not face down (406.3)
        if not t.get("zone", str, ""):
            raise t.error("has_flashback", "goes with a zone (a card with flashback in exile or a graveyard)")
        rules.append("has_flashback")
    if t.get("distinct", bool, False):    # "... onto another target permanent" (Nesting Grounds): not an
        rules.append("distinct")          # object chosen for the ability's other targets
    if t.get("up_to", bool, False):       # "up to two target creatures": zero to `count` of them (115.6)
        rules.append("up_to")
    if t.get("attacking", bool, False):   # "target attacking creature" (506.4, 508.1k)
        rules.append("attacking")
    if t.get("attacking_or_blocking", bool, False):   # "target attacking or blocking creature" (506.4)
        if "attacking" in rules:
            raise t.error("attacking_or_blocking", "goes without attacking: true (it includes attacking creatures)")
        rules.append("in_combat")
    zone = t.get("zone", str, "")
    if zone and zone not in TARGET_ZONES:
        raise t.error("zone", f"targets a card in {' or '.join(TARGET_ZONES)} only, not {zone!r}")
    if zone:
        rules.append(f"zone({zone})")
    if t.has("mana_value_at_most"):
        most = t.get("mana_value_at_most", int)
        if most < 0:
            raise t.error("mana_value_at_most", "must be 0 or more (\"with mana value 3 or less\": 3)")
        rules.append(f"mana_value_at_most({most})")
    if t.has("power_at_most"):            # "target creature with power 3 or less" (208.1)
        most = t.get("power_at_most", int)
        if most < 0 or zone:
            raise t.error("power_at_most", "is a permanent's power, 0 or more (\"with power 3 or less\": 3)")
        rules.append(f"power_at_most({most})")
    if t.get("commander", bool, False):   # "target commander": a player's commander (903.3)
        rules.append("commander")
    if t.has("power_toughness"):          # "target 1/1 creature" (208.1: its power and toughness now)
        pt = re.fullmatch(r"(\d+)/(\d+)", str(t.get("power_toughness", str)))
        if pt is None or zone:
            raise t.error("power_toughness", "is a permanent's power and toughness, like 1/1")
        rules.append(f"power_toughness({pt.group(1)},{pt.group(2)})")
    if t.has("without"):                  # "target creature without flying" (lacks the keyword)
        kw = t.get("without", str)
        if kw not in KEYWORDS or " " in kw:
            raise t.error("without", f"is one keyword of one word, like flying; known: {', '.join(sorted(KEYWORDS))}")
        rules.append(f"without({kw})")
    if t.has("with"):                     # "target attacking creature with shadow" (has the keyword)
        kw = t.get("with", str)
        if kw not in KEYWORDS or " " in kw:
            raise t.error("with", f"is one keyword of one word, like shadow; known: {', '.join(sorted(KEYWORDS))}")
        rules.append(f"with({kw})")
    if t.get("owner", str, "") == "defending_player":
        # "exile target card from defending player's graveyard" (Hive of the Eye Tyrant's attack
        # trigger): a card the defending player of its source owns (506.2)
        if zone != "graveyard":
            raise t.error("owner", "defending_player goes with zone: graveyard (\"from defending player's graveyard\")")
        rules.append("owner_defending")
    for key in ("owner", "controller"):
        who = t.get(key, str, "")
        if key == "owner" and who == "defending_player":
            continue
        if who and who not in ("you", "opponent", "not_you"):
            raise t.error(key, "must be you, opponent, not_you or (owner) defending_player")
        if who in ("opponent", "not_you") and key == "owner":
            raise t.error(key, "owner takes you")
        if who:     # not_you: "you don't control" (any other player, a teammate too: 102.3)
            rules.append({"you": key, "opponent": "opponent_controls", "not_you": "not_controller"}[who])
    return tuple(rules)


def _target_count(t: Fields) -> int:
    count = t.get("count", int, 1)
    if count < 1:
        raise t.error("count", "must be a positive number of targets (\"two target creatures\": 2)")
    return count


# How many times an ability adds its mana (docs/cards.md "Mana"): a number, the X of its cost
# (the counters it removes, CR 107.3), X plus a number ("Add {R}, then add an additional {R}
# for each charge counter removed this way"), the counters of a kind on its source ("for each
# charge counter on ~"), or its source's power ("an amount of {G} equal to ~'s power").
AMOUNT = re.compile(r"^X(\+(\d+))?$")
# its source's power, devotion (to the chosen color), its controller's life total (119.1), domain
# (the basic land types among the lands they control, 305.6), the greatest power among their
# creatures (208.1)
NAMED_AMOUNTS = ("power", "devotion", "life", "domain", "greatest_power",
                 "sacrificed_mana_value",   # a spell's: the creature sacrificed for its cost (608.2h)
                 "party",                   # the creatures in its controller's party (700.8)
                 "attacking_power",         # the total power of the attacking creatures (208.1, 506.4)
                 "target_mana_value",       # a spell's: its target's mana value as it resolves (202.3)
                 "destroyed",               # a spell's: the permanents its destroy instruction destroyed
                                            # ("for each permanent destroyed this way", Culling Ritual)
                 "shares_creature_type_with_it")    # a trigger's: the creatures its controller controls that
                                            # share a creature type with the one that entered (Mana Echoes)
# "X is 1 plus the sacrificed creature's mana value" (Metamorphosis): sacrificed_mana_value+1
SACRIFICED_PLUS = re.compile(r"^(sacrificed|exiled)_mana_value(\+([1-9]\d?))?$")


def _parse_mana_condition(a: Fields, kind: str, mana) -> tuple | None:
    """`mana_if` / `mana_unless: {in_graveyard: {at_least: N, any_of?: [FILTER, ...]}}` beside a
    spell's add_mana: the mana is added only if (unless) its controller owns at least N cards (of any
    of the kinds, by what they print) in their graveyard as it resolves (608.2c; Dark Petition's
    spell mastery; Cabal Ritual's threshold, one line's mana unless, the other's if); or `mana_if:
    {cast_from: hand}`: only if the spell was cast from its owner's hand (601.2a; Apex of Power)."""
    keys = [k for k in ("mana_if", "mana_unless") if a.has(k)]
    if not keys:
        return None
    removed = isinstance(a.data[keys[0]], dict) and "counters_removed" in a.data[keys[0]]
    if removed:
        # "Otherwise, add {C}{G}{U}." after "remove all flood counters from ~. If no counters were
        # removed this way, ..." (Bounty of the Luxa): only if that instruction removed some (608.2c)
        c = Fields(a.data[keys[0]], a.where, a.sub(keys[0]), {"counters_removed"})
        if keys != ["mana_if"] or kind not in ("spell", "triggered") or mana is None or \
                c.data["counters_removed"] is not True or not a.has("does"):
            raise a.error(keys[0], "mana_if: {counters_removed: true} goes beside add_mana, after a does that removes "
                                   "counters")
        return ("if", "counters_removed", ())
    if len(keys) > 1 or kind != "spell" or mana is None:
        raise a.error(keys[0], "goes beside add_mana on a spell, one of mana_if or mana_unless")
    c = Fields(a.data[keys[0]], a.where, a.sub(keys[0]), {"in_graveyard", "cast_from"})
    if c.has("cast_from"):
        # "If this spell was cast from your hand, add ..." (Apex of Power; 601.2a, 608.2c)
        if keys[0] != "mana_if" or c.has("in_graveyard") or c.data["cast_from"] != "hand":
            raise c.error("cast_from", "goes alone in mana_if, as cast_from: hand")
        return ("if", "cast_from_hand", ())
    g = Fields(c.get("in_graveyard", dict, required=True), a.where, c.sub("in_graveyard"), {"at_least", "any_of"})
    n = g.get("at_least", int, required=True)
    if isinstance(n, bool) or n < 1:
        raise g.error("at_least", "must be a positive number")
    filters = tuple(parse_filter(x, g, "any_of") for x in g.get("any_of", list, []))
    return ("if" if keys[0] == "mana_if" else "unless", n, filters)


def _parse_instead(a: Fields, where: str, kind: str, mana) -> tuple:
    """`instead: {if: CONDITION, add_mana: MANA}` beside an activated ability's add_mana: "{T}: Add
    {G}. If you control four or more creatures, add {G}{G} instead." (Leafkin Druid): the
    condition (an `only_if` condition) is checked as the mana ability resolves, at once (605.3a);
    while it holds the ability adds that mana, not the other (106.3)."""
    if kind != "activated" or mana is None:
        raise a.error("instead", "goes beside add_mana on an activated ability")
    g = Fields(a.data["instead"], where, a.sub("instead"), {"if", "add_mana"})
    if not g.has("if") or not g.has("add_mana"):
        raise g.error(None, "is {if: CONDITION, add_mana: MANA}")
    cond = parse_activation_conditions([g.data["if"]], g, "if", parse_filter)
    return cond, parse_mana_effect(g.data["add_mana"], where, g.sub("add_mana"))


def _count_keyword(g: Fields) -> str:
    kw = g.get("keyword", str, "")
    if kw not in KEYWORDS or " " in kw:
        raise g.error("keyword", f"must be a one-word keyword ability, like defender, got {kw!r}")
    return kw


def parse_amount(f: Fields, required: bool) -> int | str | tuple:
    raw = f.data.get("amount")
    if raw is None:
        if required:
            raise f.error("amount", "is required: a positive number, X, X+1, power, {counters: KIND} or {count: ...}")
        return 1
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1:
        return raw
    if isinstance(raw, str) and (AMOUNT.match(raw) or raw in NAMED_AMOUNTS or SACRIFICED_PLUS.match(raw)):
        return raw
    if isinstance(raw, dict) and set(raw) == {"counters"} and isinstance(raw["counters"], str) and raw["counters"]:
        return ("counters", raw["counters"])
    if isinstance(raw, dict) and set(raw) == {"counters", "plus"} and isinstance(raw["counters"], str) and \
            raw["counters"] and isinstance(raw["plus"], int) and not isinstance(raw["plus"], bool) and raw["plus"] >= 1:
        # "Put a charge counter on ~. Add X mana ..., where X is the number of charge counters on ~"
        # (Empowered Autogenerator): those on it before, plus those the ability puts first
        return ("counters", raw["counters"], raw["plus"])
    if isinstance(raw, dict) and set(raw) == {"named_in_graveyards", "plus"} and raw["named_in_graveyards"] == "self" \
            and isinstance(raw["plus"], int) and not isinstance(raw["plus"], bool) and raw["plus"] >= 0:
        # "Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard": the cards
        # with its source's name in every graveyard as it resolves (201.2, 608.2h), plus that many
        return ("named_in_graveyards", raw["plus"])
    if isinstance(raw, dict) and set(raw) == {"count"}:
        # "where X is the number of Elves on the battlefield / Allies you control"
        g = Fields(raw["count"], f.where, f.sub("amount") + ".count", {"filter", "whose", "keyword"})
        whose = g.get("whose", str, "you")
        if whose not in ("you", "any"):
            raise g.error("whose", "must be 'you' or 'any'")
        flt = parse_filter(g.data.get("filter"), g, "filter")
        # "the number of creatures with defender you control": only those with the keyword (702)
        return ("count", flt, whose) + ((_count_keyword(g),) if g.has("keyword") else ())
    if isinstance(raw, dict) and set(raw) == {"if_you_control", "instead"}:
        # "Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead."
        # (Urza's Mine): `instead` times when its controller controls a permanent matching each
        # filter of `if_you_control`, once otherwise
        g = Fields(raw, f.where, f.sub("amount"), {"if_you_control", "instead"})
        filters = g.get("if_you_control", list, required=True)
        if not filters:
            raise g.error("if_you_control", "is a list of filters, each a permanent its controller controls")
        n = g.get("instead", int, required=True)
        if isinstance(n, bool) or n < 2:
            raise g.error("instead", "is how many times it adds its mana then: 2 or more")
        return ("if_control", tuple(parse_filter(x, g, "if_you_control") for x in filters), n)
    if isinstance(raw, dict) and set(raw) == {"greatest_power"}:
        # "equal to the greatest power among creatures you control that entered the battlefield this
        # turn" (Alena, Kessig Trapper): among the permanents its controller controls matching it (208.1)
        return ("greatest_power", parse_filter(raw["greatest_power"], f, "amount"))
    if isinstance(raw, dict) and "this_turn" in raw:
        # "X is the amount of life you gained this turn", "for each card you've drawn this turn"
        # (the turn's records, history.py)
        return parse_turn_amount(raw, f)
    if isinstance(raw, dict) and set(raw) == {"devotion"}:
        # "equal to your devotion to green" (CR 700.5)
        colors = raw["devotion"] if isinstance(raw["devotion"], list) else [raw["devotion"]]
        if len(colors) != 1 or colors[0] not in COLORS:
            raise f.error("amount", f"devotion is to one color: {', '.join(sorted(COLORS))}")
        return ("devotion", tuple(colors))
    raise f.error("amount", f"must be a positive number, X, X+N, power, devotion, life, domain, greatest_power, "
                            f"{{counters: KIND}}, "
                            f"{{devotion: COLOR}} or {{count: {{filter, whose}}}}, got {describe(raw)}")


def parse_mana_effect(arg: Any, where: str, path: str) -> ManaEffect:
    if isinstance(arg, str):
        return ManaEffect("fixed", options=(parse_mana_symbols(arg, where, path, ADD_SYMBOL),))
    f = Fields(arg, where, path, {"one_of", "any", "could_produce", "whose", "kind", "via", "rider",
                                  "combination", "amount", "for_each", "mana", "colors_among",
                                  "produced_type", "different_colors", "chosen", "or", "among", "among_cards",
                                  "on_roll", "if_flip"})
    rider = f.get("rider", str, "")
    if f.has("chosen"):
        return _parse_chosen_mana(f, where, rider)
    kinds = [k for k in ("one_of", "any", "could_produce", "combination", "for_each", "colors_among",
                         "produced_type", "different_colors") if f.has(k)]
    if len(kinds) > 1:
        raise f.error(None, f"one kind of mana per ability: {', '.join(kinds)} given")
    if f.has("amount") and not kinds and not f.has("mana") or \
            f.has("amount") and kinds and kinds[0] not in ("any", "combination"):
        raise f.error("amount", "an amount goes with mana, any or combination")
    if f.has("mana") and not f.has("for_each"):
        if kinds:
            raise f.error("mana", "mana symbols go alone (with amount or rider) or with for_each")
        # "Add {C}" with a rider, "Add {B} for each storage counter removed this way" (X)
        symbols = parse_mana_symbols(f.get("mana", str), where, f.sub("mana"), ADD_SYMBOL)
        amount = parse_amount(f, False)
        if amount == "devotion":
            raise f.error("amount", "devotion to the chosen color goes with any: color; here write {devotion: COLOR}")
        results: tuple[int | str, ...] = ()
        if f.has("if_flip"):
            # "Flip a coin. If you win the flip, add {C}{C}." (Mana Screw, 705.2)
            if f.data["if_flip"] not in ("won", "lost") or amount != 1:
                raise f.error("if_flip", "is won or lost, with the mana added once")
            results = (f.data["if_flip"],)
        return ManaEffect("fixed", options=(symbols,), rider=rider, amount=amount, results=results)
    if f.has("one_of"):
        opts = f.get("one_of", list)
        if not opts:
            raise f.error("one_of", "list the mana it may add, like [\"{R}\", \"{G}\"]")
        results = ()
        if f.has("on_roll"):
            # "2 — Add {W}. / 3 — Add {U}. ..." (Jack-in-the-Mox: a results table, 706.3a): option i
            # on the i-th result listed, none on another result
            rolls = f.get("on_roll", list)
            if len(rolls) != len(opts) or len(set(rolls)) != len(rolls) or \
                    any(isinstance(r, bool) or not isinstance(r, int) or r < 1 for r in rolls):
                raise f.error("on_roll", "lists one result of the die (1 or more) for each option of one_of, each once")
            results = tuple(rolls)
        return ManaEffect("fixed", options=tuple(
            parse_mana_symbols(o, where, f.sub("one_of") + f"[{i}]", ADD_SYMBOL)
            for i, o in enumerate(opts)), rider=rider, results=results)
    if f.has("among_cards"):
        # "Choose a color of a card in your graveyard. Add one mana of that color." (Corrupted
        # Grafstone): a color one of the cards its controller owns there has (400.2, 105.1)
        # "one mana of any of the exiled card's colors" (Chrome Mox): exiled, the cards exiled with
        # it (607.2a, linked to the ability that exiled them)
        zone = f.get("among_cards", str)
        if f.get("any", str, "") != "color" or f.has("amount") or f.has("among") or zone not in ("graveyard", "exiled"):
            raise f.error("among_cards", "is graveyard or exiled, with any: color, once")
        return ManaEffect("any", of_kind="among_cards", rider=rider, zone=zone)
    if f.has("among"):
        # "one mana of any color among legendary creatures and planeswalkers you control" (Mox
        # Amber): a color one of its controller's permanents matching any of the filters has
        if f.get("any", str, "") != "color" or f.has("amount"):
            raise f.error("among", "goes with any: color, once (\"one mana of any color among ...\")")
        alts = f.get("among", list, required=True)
        if not alts:
            raise f.error("among", "is a list of filters, like [[legendary, creature], [planeswalker]]")
        filters = tuple(parse_filter(x, f, "among") for x in alts)
        return ManaEffect("any", of_kind="among", rider=rider, among=filters)
    if f.has("any"):
        of_kind = f.get("any", str)
        if of_kind not in ("color", "type", "commander_identity", "own_colors"):
            raise f.error("any", "must be 'color', 'type', 'commander_identity' or 'own_colors'")
        if of_kind == "own_colors" and f.has("amount"):
            raise f.error("amount", "own_colors adds one mana (\"one mana of any of this creature's colors\")")
        # CR 106.1a: "three mana of any one color" is three mana of one color, chosen once.
        amount = parse_amount(f, False)
        if amount == "devotion" and of_kind != "color":
            raise f.error("amount", "devotion to the chosen color goes with any: color")
        return ManaEffect("any", of_kind=of_kind, rider=rider, amount=amount)
    if f.has("could_produce"):
        filt = parse_filter(f.data["could_produce"], f, "could_produce")
        whose = f.get("whose", str, required=True)
        if whose not in ("you", "opponent"):
            raise f.error("whose", "must be 'you' or 'opponent'")
        of_kind = f.get("kind", str, required=True)
        if of_kind not in ("color", "type"):
            raise f.error("kind", "must be 'color' or 'type'")
        via = f.get("via", str, "")
        if via not in ("", "sacrificed"):
            raise f.error("via", "must be 'sacrificed' when given")
        return ManaEffect("could_produce", filter=filt, whose=whose, of_kind=of_kind,
                          via=via, rider=rider)
    if f.has("combination"):
        raw = f.data["combination"]
        if raw == "colors":
            types = ("W", "U", "B", "R", "G")
        else:
            types = tuple(parse_mana_symbols(raw if isinstance(raw, str) else
                                             "".join(f"{{{t}}}" for t in raw),
                                             where, f.sub("combination"), ADD_SYMBOL))
        return ManaEffect("combination", types=types, amount=parse_amount(f, True), rider=rider)
    if f.has("for_each"):
        g = Fields(f.data["for_each"], where, f.sub("for_each"),
                   {"filter", "whose", "zone", "keyword", "power_at_least", "named", "revealed", "any_of"})
        whose = g.get("whose", str, "you")
        if whose not in ("you", "any", "opponents", "that_player", "target"):
            raise g.error("whose", "must be 'you', 'any', 'opponents' or 'that_player' (the player its trigger "
                                   "names: \"that player adds {C} for each artifact they control\")")
        mana = parse_mana_symbols(f.get("mana", str, required=True), where, f.sub("mana"), ADD_SYMBOL)
        zone = g.get("zone", str, "battlefield")
        if zone not in ("battlefield", "hand", "graveyard"):
            raise g.error("zone", "must be battlefield, hand or graveyard (the cards its controller owns there)")
        if zone == "battlefield" and whose == "target":
            raise g.error("whose", "target counts the cards in its target player's hand or graveyard (zone)")
        if zone != "battlefield" and whose == "target":
            # "Add {R} for each card in target opponent's hand." (Rousing Refrain): that player's cards
            if g.has("revealed") or g.has("keyword") or g.has("power_at_least") or g.has("named") or \
                    (g.has("filter") and g.has("any_of")):
                raise g.error("whose", "whose: target counts every card there, or those of a filter or any_of")
            # "For each artifact or creature card in target opponent's graveyard" (Spoils of Evil)
            flt = parse_filter(g.data["filter"], g, "filter") if g.has("filter") else ()
            alts = _any_of_filters(g) if g.has("any_of") else ()
            return ManaEffect("for_each", options=(mana,), whose="target", zone=zone, rider=rider, filter=flt,
                              any_of=alts)
        if g.has("any_of"):
            raise g.error("any_of", "goes with whose: target (the cards in its target player's zone)")
        if zone != "battlefield":
            if g.has("whose"):
                raise g.error("whose", "cards in a hand or graveyard are counted in its controller's own (400.2), "
                                       "or its target player's (whose: target)")
            # "for each card in your hand", "... creature card in your graveyard" (no filter: every card)
            flt = parse_filter(g.data["filter"], g, "filter") if g.has("filter") else ()
            revealed = g.get("revealed", bool, False)
            if revealed and (zone != "hand" or not flt):
                raise g.error("revealed", "goes with zone: hand and a filter (\"Reveal any number of artifact cards "
                                          "in your hand. Add {C}{C} for each card revealed this way.\")")
            # "Reveal any number of creature cards with power 5 or greater from your hand" (Sacellum
            # Godspeaker): only revealed cards whose printed power is that or greater (208.1)
            shown_power = g.get("power_at_least", int, None)
            if shown_power is not None and (isinstance(shown_power, bool) or shown_power < 0 or not revealed):
                raise g.error("power_at_least", "is a number, 0 or more, beside revealed: true in a hand (\"Reveal "
                                                "any number of creature cards with power 5 or greater from your hand\")")
            return ManaEffect("for_each", options=(mana,), filter=flt, whose="you", zone=zone, rider=rider,
                              revealed=revealed, power_at_least=shown_power)
        power = g.get("power_at_least", int, None)
        if power is not None and (isinstance(power, bool) or power < 0 or g.has("keyword")):
            raise g.error("power_at_least", "is a number, 0 or more (\"with power 4 or greater\"), without keyword")
        named = g.get("named", str, "")
        if named and (named != "self" or g.has("keyword") or power is not None):
            raise g.error("named", "is self (\"named ~\"), alone beside filter and whose")
        if (power is not None or named) and whose != "you":
            raise g.error("whose", "power_at_least and named count the permanents you control (whose: you)")
        return ManaEffect("for_each", options=(mana,), filter=parse_filter(
            g.data.get("filter"), g, "filter"), whose=whose, rider=rider,
            keyword=_count_keyword(g) if g.has("keyword") else "", power_at_least=power, named_self=bool(named))
    if f.has("colors_among"):
        g = Fields(f.data["colors_among"], where, f.sub("colors_among"), {"filter", "whose"})
        whose = g.get("whose", str, "you")
        if whose not in ("you", "any"):
            raise g.error("whose", "must be 'you' or 'any'")
        return ManaEffect("colors_among", filter=parse_filter(g.data.get("filter", ["permanent"]),
                                                              g, "filter"), whose=whose, rider=rider)
    if f.has("different_colors"):
        # "Add two mana of different colors": one mana of each of N different colors
        n = f.get("different_colors", int)
        if not 2 <= n <= 5:
            raise f.error("different_colors", "must be 2 to 5 (how many mana, each of another color)")
        return ManaEffect("different_colors", amount=n, rider=rider)
    if f.has("produced_type"):
        if f.data["produced_type"] == "for_each_other_with_its_name":
            # "add an additional one mana of any type that land produced for each other land you
            # control with the same name as it" (Sasaya's Essence; 201.2)
            return ManaEffect("produced_type", rider=rider, amount="other_lands_with_its_name")
        if f.data["produced_type"] is not True:
            raise f.error("produced_type", "write produced_type: true (or for_each_other_with_its_name)")
        return ManaEffect("produced_type", rider=rider)
    raise f.error(None, "add_mana is mana symbols, or a mapping with mana, one_of, any, could_produce, "
                        "combination, for_each, colors_among or produced_type")


def _parse_chosen_mana(f: Fields, where: str, rider: str) -> ManaEffect:
    """`{chosen: color}`: "Add one mana of the chosen color", the color its linked ability
    chose as it entered (CR 607.2d); `or: "{R}"` for "Add {R} or one mana of the chosen color"."""
    if f.get("chosen", str) != "color":
        raise f.error("chosen", "must be color (\"one mana of the chosen color\")")
    if set(f.data) - {"chosen", "or", "rider"}:
        raise f.error(None, "chosen goes with or and rider only")
    options = (parse_mana_symbols(f.get("or", str), where, f.sub("or"), ADD_SYMBOL),) if f.has("or") else ()
    return ManaEffect("chosen", options=options, of_kind="color", rider=rider)


# Kinds kept as words: (the error for a granted one, what the words are).
WORDS_ONLY = {"text": ("a granted ability is written in the vocabulary, not as text only", "line"),
              "additional_cost": ("a granted ability cannot be an additional cost to cast a spell", "cost")}


# The additional costs to cast a spell the what-if pays (CR 601.2f, 601.2h): "sacrifice a creature".
ADDITIONAL_COSTS = ("sacrifice",)


def _parse_additional_cost(f: Fields, arg: dict, line: int, granted: bool, where: str, sub: str) -> Ability:
    """`additional_cost: {sacrifice: [creature]}`: "As an additional cost to cast this spell,
    sacrifice a creature." (CR 601.2f): paid with the spell's mana cost as it is cast (601.2h)."""
    if granted:
        raise f.error("additional_cost", WORDS_ONLY["additional_cost"][0])
    if len(arg) != 1 or next(iter(arg)) not in ADDITIONAL_COSTS or arg.get("sacrifice") == "self":
        raise f.error("additional_cost", "is the cost's words, or {sacrifice: FILTER} (\"sacrifice a creature\": "
                                         "{sacrifice: [creature]})")
    cost = parse_cost(arg, where, sub)
    return Ability(line, "additional_cost", costs=(cost,), effect_text=cost.text)


def _parse_alternative_cost(f: Fields, arg: Any, line: int, granted: bool, where: str, sub: str) -> Ability:
    """`alternative_cost: {mana: "{1}", return_to_hand: [basic, land]}`: "You may pay {1} and return
    a basic land you control to its owner's hand rather than pay this spell's mana cost." (the
    borderposts; CR 118.9, 601.2b): its caster may pay it instead of the mana cost."""
    if granted:
        raise f.error("alternative_cost", "a granted ability cannot be an alternative cost to cast a spell")
    a = Fields(arg, where, sub, {"mana", "return_to_hand"})
    if not a.has("mana"):
        raise a.error("mana", "is required: the mana the alternative cost pays, like \"{1}\"")
    mana = a.get("mana", str)
    costs = [Cost("mana", symbols=parse_mana_symbols(mana, where, a.sub("mana")), text=mana)]
    if a.has("return_to_hand"):
        filt = parse_filter(a.data["return_to_hand"], a, "return_to_hand")
        costs.append(Cost("return_to_hand", filter=filt,
                          text=f"return a {' '.join(filt)} you control to its owner's hand"))
    return Ability(line, "alternative_cost", costs=tuple(costs),
                   effect_text=" and ".join(c.text for c in costs))


# Reminder text only (CR 207.2a), by the rules it summarizes, each applied by the engine from
# the card's types: 305.9 (a land is played, not cast), 302.6 (summoning sickness), 305.6 (a
# basic land type's intrinsic mana ability).
REMINDER_RULES = ("305.9", "302.6", "305.6",
                  "107.4e",   # "({R/G} can be paid with either {R} or {G}.)": a hybrid symbol (payment.lp)
                  "107.4h",   # "({S} can be paid with one mana from a snow source.)" (payment.lp refuses {S})
                  "714.3a", "714.3c", "714.4")   # a Saga's "(As this Saga enters and after your draw step, add
                                                 # a lore counter. Sacrifice after III.)" (asp/sagas.lp)


def _parse_reminder(f: Fields, arg: Any, line: int, granted: bool) -> Ability:
    """`reminder: ["305.9"]`: a line of reminder text only ("(This land isn't a spell.)"); it
    has no rules meaning of its own (207.2a): the rules it names apply from the card's types."""
    if granted:
        raise f.error("reminder", "a granted ability is an ability, not reminder text")
    rules = arg if isinstance(arg, list) else [arg]
    if not rules or any(r not in REMINDER_RULES for r in rules) or len(set(rules)) != len(rules):
        raise f.error("reminder", f"must be a list of the rules it summarizes: {', '.join(REMINDER_RULES)}")
    return Ability(line, "reminder", effect_text=" ".join(rules))


def _parse_reflexive(a: Fields, where: str, line: int, n_lines: int, does: tuple[Action, ...]) -> Ability:
    """`reflexive: {effect, does, target?, targets?}`: "When you do, [effect]" after the ability's
    last action (CR 603.12), a sacrifice ("sacrifice it. When you do, ..."): a triggered ability
    that triggers if that action was taken as the ability resolved."""
    if not does or does[-1].kind != "sacrifice":
        raise a.error("reflexive", "follows the ability's last action, a sacrifice (\"When you do\", CR 603.12)")
    raw = a.data["reflexive"]
    if not isinstance(raw, dict) or "when" in raw or "reflexive" in raw:
        raise a.error("reflexive", "is a mapping of effect, does and its targets (no when: it triggers on the action)")
    r = parse_ability({"line": line, "triggered": {**raw, "when": {"you_do": "sacrifice"}}}, where, a.sub("reflexive"),
                      n_lines)
    if not r.does:
        raise a.error("reflexive", "needs does: what it does (its words alone would never be carried out)")
    return r


# The events of a delayed triggered ability (603.7): "at the beginning of the next turn's upkeep".
DELAYED_WHOSE = ("next_turn", "this_turn", "next")


def _parse_delayed(a: Fields, where: str, line: int, n_lines: int) -> Ability:
    """`delayed: {when: {beginning_of_upkeep: next_turn}, does, effect}`: "Draw a card at the
    beginning of the next turn's upkeep" (CR 603.7): a triggered ability the ability's resolution
    creates, which triggers once, the next time its event occurs (603.7b)."""
    raw = a.data["delayed"]
    if not isinstance(raw, dict) or "when" not in raw or "delayed" in raw or "reflexive" in raw:
        raise a.error("delayed", "is a mapping of when (its event), effect and does")
    if raw.get("this_turn") is not None:
        # "Whenever a Berserker attacks this turn, ..." (The Bloodsky Massacre): a stated duration, so
        # it triggers each time its event occurs this turn (603.7b); its event one about another object
        if raw["this_turn"] is not True or not isinstance(raw["when"], dict) or set(raw["when"]) != {"attacks"} \
                or not isinstance(raw["when"]["attacks"], dict):
            raise a.error("delayed", "this_turn: true goes with when: {attacks: {filter: [...]}} (\"Whenever a "
                                     "Berserker attacks this turn\")")
        r = parse_ability({"line": line, "triggered": {k: v for k, v in raw.items() if k != "this_turn"}}, where,
                          a.sub("delayed") + "(this_turn)", n_lines)
        r = dataclasses.replace(r, this_turn=True)
    else:
        r = parse_ability({"line": line, "triggered": raw}, where, a.sub("delayed"), n_lines)
    if not (r.does or r.mana) or r.target:
        raise a.error("delayed", "needs does (or add_mana): what it does, without a target (its words alone would "
                                 "never be carried out)")
    return r


def parse_ability(item: Any, where: str, path: str, n_lines: int, granted: bool = False) -> Ability:
    kinds = {"keywords", "activated", "static", "triggered", "enters", "spell", "intrinsic", "flashback",
             "text", "deck_construction", "opening_hand", "additional_cost", "alternative_cost", "reminder",
             "transforms_from", "part_of", "suspend"}
    f = Fields(item, where, path, kinds | {"line"})
    line = 0
    if not granted:
        line = f.get("line", int, required=True)
        if not 1 <= line <= n_lines:
            raise f.error("line", f"oracle text has {n_lines} line(s); line {line} does not exist")
    present = [k for k in kinds if k in item]
    if len(present) != 1:
        raise f.error(None, f"an ability has exactly one of: {', '.join(sorted(kinds))}")
    kind = present[0]
    arg = item[kind]
    sub = f.sub(kind)
    if kind == "additional_cost" and isinstance(arg, dict):
        return _parse_additional_cost(f, arg, line, granted, where, sub)
    if kind == "alternative_cost":
        return _parse_alternative_cost(f, arg, line, granted, where, sub)
    if kind in WORDS_ONLY:
        # A line the vocabulary does not describe, kept as its words: it decides nothing, and
        # every answer on a state where it is in play names it (not_modelled). An additional cost
        # (CR 601.2f: "As an additional cost to cast this spell, [cost].") keeps the cost's words:
        # casting the card is refused.
        granted_error, what = WORDS_ONLY[kind]
        if granted:
            raise f.error(kind, granted_error)
        if not isinstance(arg, str) or not arg.strip():
            raise f.error(kind, f"must be the {what}'s words, got {describe(arg)}")
        return Ability(line, kind, effect_text=arg.strip())
    if kind == "deck_construction":
        # CR 113.6n, 903.3a: an ability that modifies the rules for deck construction functions
        # before the game begins; in a game it does nothing.
        if arg not in DECK_CONSTRUCTION:
            raise f.error(kind, f"must be one of {', '.join(DECK_CONSTRUCTION)}")
        return Ability(line, kind, effect_text=arg)
    if kind == "suspend":
        return _parse_suspend(f, arg, line, granted, where, sub)
    if kind == "opening_hand":
        # CR 103.5, 103.6, 103.6a: an action a player may take with the card from their opening hand
        # (or as they could mulligan), before the first turn: a game in progress is past it.
        if granted or arg not in OPENING_HAND:
            raise f.error(kind, f"must be one of {', '.join(OPENING_HAND)}")
        return Ability(line, kind, effect_text=arg)
    if kind == "flashback":
        # CR 702.34a: "Flashback [cost]": cast from the graveyard for that cost, then exiled.
        symbols = parse_mana_symbols(arg, where, sub)
        return Ability(line, kind, costs=(Cost("mana", symbols=symbols, text=arg),))
    if kind == "part_of":
        # CR 706.3b: a results table's lines ("2 — Add {W}.") are part of the ability that rolls
        # the die, on an earlier line, which holds what they do (its does and add_mana)
        if granted or isinstance(arg, bool) or not isinstance(arg, int) or not 1 <= arg < line:
            raise f.error(kind, "is the number of an earlier line, the ability this line is part of")
        return Ability(line, kind, part_of=arg)
    if kind == "reminder":
        return _parse_reminder(f, arg, line, granted)
    if kind == "transforms_from":
        # "(Transforms from Legion's Landing.)": reminder text (207.2a) on the back face of a
        # nonmodal double-faced card (712.2b); that face's mana value is its front face's (712.8e).
        if granted or not isinstance(arg, str) or not arg.strip():
            raise f.error(kind, "must be the name of the card's front face (\"(Transforms from X.)\")")
        return Ability(line, kind, effect_text=arg.strip())
    if kind == "intrinsic":
        # Reminder text of the intrinsic mana abilities of basic land types (CR 305.6): "({T}:
        # Add {G}.)" on a Forest, "({T}: Add {B} or {G}.)" on a Swamp Forest; the abilities come
        # from the types, so they follow the land's types, not this line.
        types = arg if isinstance(arg, list) else [arg]
        if not types or any(t not in BASIC_LAND_TYPES for t in types) or len(set(types)) != len(types):
            raise f.error(kind, f"must be a basic land type or a list of them: {', '.join(BASIC_LAND_TYPES)}")
        return Ability(line, kind, intrinsic=tuple(types))
    if kind == "keywords":
        words = arg if isinstance(arg, list) else [arg]
        for w in words:
            if not isinstance(w, str) or w.lower() not in KEYWORDS:
                raise InputError(where, sub, f"unknown keyword {w!r}; known: {', '.join(sorted(KEYWORDS))}")
        return Ability(line, kind, keywords=tuple(w.lower() for w in words))
    if kind in ("activated", "triggered", "spell"):
        allowed = {"cost", "effect", "add_mana", "targets", "timing", "trigger", "creates",
                   "only_during", "only_if_you_control", "does", "target", "when", "condition", "zone",
                   "only_if", "per_turn", "reflexive", "add_mana_to", "instead", "costs_less_for_each",
                   "may_add", "delayed", "x_at_least", "enters", "mana_if", "mana_unless", "or_when",
                   "delayed_if_activated"}
        a = Fields(arg, where, sub, allowed)
        less: tuple[tuple[str, ...], ...] = ()
        if a.has("costs_less_for_each"):
            # CR 601.2f, 602.2b: a cost reduction of the ability itself, {1} for each permanent
            # matching the filter that its activator controls (generic mana only)
            if kind != "activated":
                raise a.error("costs_less_for_each", "goes on an activated ability (\"This ability costs {1} less "
                                                     "to activate for each ...\")")
            # a list of filters: {1} less for each permanent matching any of them ("for each
            # legendary creature and planeswalker you control", Mobilized District)
            raw_less = a.get("costs_less_for_each", list)
            if raw_less and all(isinstance(x, list) for x in raw_less):
                less = tuple(parse_filter(x, a, "costs_less_for_each") for x in raw_less)
            else:
                less = (parse_filter(raw_less, a, "costs_less_for_each"),)
        costs: tuple[Cost, ...] = ()
        if kind == "activated":
            raw = a.get("cost", list, required=True)
            if not raw:    # CR 602.1a: the activation cost is everything before the colon
                raise a.error("cost", "an activated ability has a cost (CR 602.1a): list its parts, "
                                      "like ['{T}'] or ['{0}']")
            costs = tuple(parse_cost(c, where, f"{a.sub('cost')}[{i}]") for i, c in enumerate(raw))
        elif a.has("cost"):
            raise a.error("cost", f"a {kind} ability has no activation cost")
        zone = a.get("zone", str, "")
        if zone and kind == "triggered" and not granted:
            # "Whenever you cast a multicolored spell, you may return ~ from your graveyard to your
            # hand" (Verdant Eidolon, 113.6m): a card's own triggered ability that functions there
            if zone != "graveyard":
                raise a.error("zone", "a triggered ability states graveyard only (113.6m)")
        elif zone:
            if kind != "activated" or granted:
                raise a.error("zone", "only a card's own activated or triggered ability states the zone it functions from")
            costs = _hand_costs(costs, zone, a)
        elif any(c.kind == "discard" and c.self_only for c in costs):
            raise a.error("cost", "discard: self is paid from the hand (701.9a): the ability needs zone: hand")
        trigger = None
        if a.has("trigger"):
            if kind != "triggered":
                raise a.error("trigger", "only a triggered ability has a trigger")
            trigger = parse_trigger(a.data["trigger"], where, a.sub("trigger"), parse_filter)
        mana = parse_mana_effect(a.data["add_mana"], where, a.sub("add_mana")) if a.has("add_mana") else None
        if mana is not None and str(mana.amount).startswith("sacrificed_mana_value") and kind != "spell" and not (
                kind == "activated" and
                any(c.kind == "sacrifice" and not c.self_only and not c.another for c in costs)):
            # (the creature sacrificed for a spell's additional cost, 601.2f, or for the cost of the
            # activated ability itself: "{T}, Sacrifice an artifact: Add an amount of {B} equal to
            # the sacrificed artifact's mana value", 608.2h)
            raise a.error("add_mana", "amount sacrificed_mana_value is a spell's, with an additional cost that "
                                      "sacrifices (\"the sacrificed creature's mana value\"), or an activated "
                                      "ability's whose cost sacrifices a permanent of a kind")
        if trigger is not None and trigger.mana_type and (mana is None or mana.kind not in ("fixed", "chosen")):
            raise a.error("trigger", "a mana_type goes with fixed mana or add_mana: {chosen: color}")
        if trigger is not None and trigger.mana_type == "chosen" and (mana is None or mana.kind != "chosen"):
            # (106.12a, 607.2d: "... of the chosen color, ... adds one additional mana of that color")
            raise a.error("trigger", "mana_type: chosen goes with add_mana: {chosen: color} (\"of that color\")")
        if mana is not None and mana.kind == "produced_type" and trigger is None:
            raise a.error("add_mana", "produced_type needs a trigger on a permanent tapped for mana")
        if mana is not None and isinstance(mana.amount, str) and mana.amount.startswith("X") and \
                not any(c.kind == "remove_counters" and c.count == "X" for c in costs):
            # CR 107.3: X is the number of counters its cost removes
            raise a.error("add_mana", "an amount X needs a cost that removes X counters")
        if mana is not None and any(c.another for c in costs):
            # (can-pay, mana and available plan sacrifices without that rule: not for mana abilities yet)
            raise a.error("cost", "\"Sacrifice another ...\" is read on an ability that adds no mana")
        if mana is not None and any(c.kind == "sacrifice" and c.count != 1 for c in costs):
            # (the mana planners know one permanent per sacrifice cost: payment.lp's sacrifice_n)
            raise a.error("cost", "\"Sacrifice five creatures\" (count) is read on an ability that adds no mana")
        if mana is not None and isinstance(mana.amount, tuple) and mana.amount[0] == "named_in_graveyards" and \
                kind != "spell":
            # (counted as a spell resolves; a permanent's mana ability does not count it yet)
            raise a.error("add_mana", "amount named_in_graveyards is a spell's")
        if mana is not None and str(mana.amount).startswith("exiled_mana_value") and not (
                kind == "activated" and any(c.kind == "exile" and c.zone == "battlefield" for c in costs)):
            # "Exile a creature you control: Add X mana ..., where X is 1 plus the exiled creature's
            # mana value" (Food Chain): the permanent its own cost exiled (608.2h)
            raise a.error("add_mana", "amount exiled_mana_value is an activated ability's whose cost exiles a "
                                      "permanent of a kind ({exile: {filter: ..., from: battlefield}})")
        creates, duration = None, ""
        if a.has("creates"):
            c = Fields(a.data["creates"], where, a.sub("creates"),
                       {"replacement", "land_types", "colors", "duration", "control", "pt", "grant", "triggered",
                        "prevent", "restrict", "becomes", "text", "regenerate", "prevent_next", "flash", "if_target",
                        "may", "cast_limit", "return_to_hand", "lose",
                        "ignore_hexproof"})
            duration = c.get("duration", str, "end_of_turn")
            if duration not in DURATIONS:
                raise c.error("duration", f"must be one of {', '.join(DURATIONS)}")
            if c.has("restrict") and c.has("becomes"):
                creates = _parse_becomes_unblockable(c, where, line, n_lines)
            elif c.has("restrict"):
                creates = _parse_created_restriction(c, where, line, duration)
            elif c.has("lose"):
                creates = _parse_created_loss(c, where, line, duration)
            elif c.has("ignore_hexproof"):
                # "Until end of turn, your opponents and creatures your opponents control with hexproof can
                # be the targets of spells and abilities you control as though they didn't have hexproof"
                # (Detection Tower): a rule of targeting for its controller (702.11b; 611.2c: not fixed)
                if set(c.data) - {"ignore_hexproof", "duration"} or duration != "end_of_turn":
                    raise c.error("ignore_hexproof", "goes alone, until end of turn")
                creates = Ability(line, "static", hexproof_ignored=parse_filter(c.data["ignore_hexproof"], c,
                                                                                 "ignore_hexproof"))
            elif c.has("prevent_next"):
                if granted:     # (its effect's facts would be named as the granting effect's are)
                    raise c.error("prevent_next", "a granted ability's prevention shield is not modelled yet")
                creates = _parse_created_shield(c, line, duration)
            elif c.has("flash"):
                creates = _parse_created_flash(c, line, duration)
            elif c.has("return_to_hand"):
                # "During your next untap step, as you untap your permanents, return ~ to its owner's
                # hand" (Undiscovered Paradise): its source, in its controller's next untap step
                if c.data["return_to_hand"] != "self" or set(c.data) != {"return_to_hand", "duration"} \
                        or duration != "your_next_untap_step":
                    raise c.error("return_to_hand", "is self, alone, with duration: your_next_untap_step")
                creates = Ability(line, "static", returns_in_untap=True)
            elif c.has("cast_limit"):
                # "You can cast only one more spell this turn." (Irencrag Feat): alone, this turn
                n = c.get("cast_limit", int)
                if isinstance(n, bool) or not 1 <= n <= 10 or set(c.data) - {"cast_limit", "duration"} \
                        or duration != "end_of_turn":
                    raise c.error("cast_limit", "is 1 to 10 more spells this turn, alone (with duration end_of_turn)")
                creates = Ability(line, "static", cast_limit=n)
            elif c.has("triggered"):
                creates = _parse_created_trigger(c, where, line, n_lines, granted)
            elif c.has("regenerate"):
                # (a granted ability's shield, "{B}: Regenerate this creature" on Spawning Pool: the effect it
                # creates is a term of its own, ab(C, L, granted_created), and a state names it `granted: true`)
                creates = _parse_created_regeneration(c, line, duration)
            else:
                creates = _parse_created(c, where, line, n_lines)
            if c.has("if_target"):
                # "Untap target Griffin. If it's a creature, it gets +1/+1 until end of turn."
                # (Griffin Canyon): the effect is created only if its target matches then (608.2c)
                if not a.has("target") or not isinstance(a.data["target"], dict) or \
                        not any(pt.to == "target" for pt in creates.pt) or len(c.data) != 3:
                    raise c.error("if_target", "goes with one pt on the ability's one target (and its duration)")
                creates = dataclasses.replace(creates, if_target=parse_filter(c.data["if_target"], c, "if_target"))
            if c.has("may"):
                # "Then you may have it become a 0/0 Elemental creature until end of turn." (Crawling
                # Barrens): created only if its controller chooses so as it resolves (608.2d)
                if c.get("may", bool) is not True or creates.becomes is None or creates.becomes.to != "self":
                    raise c.error("may", "is true, beside a becomes on self (\"you may have it become ...\")")
                creates = dataclasses.replace(creates, may_create=True)
            if any(pt.for_each == "x" for pt in (creates.pt if creates is not None else ())) and not (
                    kind == "activated" and any(c.kind == "mana" and "X" in c.symbols for c in costs)):
                # CR 107.3k: "+X/+0" reads the X announced for its cost (107.3a)
                raise a.error("creates", "a pt with for_each: x needs an activated ability whose cost has {X}")
        effect = a.get("effect", str, "")
        if mana is None and not effect:
            raise a.error(None, "needs add_mana or effect (the effect's text)")
        targets = tuple(a.get("targets", list, []))
        timing = a.get("timing", str, "")
        if timing not in ("", "instant", "sorcery"):
            raise a.error("timing", "must be 'instant' or 'sorcery' (CR 602.5d)")
        steps = a.get("only_during", (list, str), [])
        steps = tuple([steps] if isinstance(steps, str) else steps)
        for st in steps:
            if st not in STEPS:
                raise a.error("only_during", f"unknown step {st!r}; steps are {', '.join(STEPS)}")
        control = parse_filter(a.data["only_if_you_control"], a, "only_if_you_control") \
            if a.has("only_if_you_control") else ()
        only_if, per_turn = _activation_limits(a, kind)
        when, when_subject = (), None
        if a.has("when"):
            if kind != "triggered":
                raise a.error("when", "only a triggered ability has a trigger event")
            when = parse_when(a, where)
            when_subject = parse_when_subject(a, when[0]) if when[1] == "matching" else None
            if when[0] == "you_do" and not path.endswith("reflexive"):
                raise a.error("when", "you_do is a reflexive trigger's (CR 603.12): write it as reflexive: on "
                                      "the ability whose action it follows")
            if (when[1] in DELAYED_WHOSE) != path.endswith("delayed"):
                raise a.error("when", f"{', '.join(DELAYED_WHOSE)} is a delayed trigger's event and a delayed trigger "
                                      "has one of them (CR 603.7): write it as delayed: on the ability that creates it")
        or_when = _parse_or_when(a, when, where) if a.has("or_when") else ()
        does = parse_actions(a.data["does"], where, a.sub("does"), parse_filter) if a.has("does") else ()
        if mana is not None and mana.kind == "for_each" and mana.whose == "target" and (
                kind != "spell" or a.data.get("target") not in ("player", "opponent")):
            raise a.error("add_mana", "for_each whose: target goes on a spell whose target is a player or an opponent")
        if any(x.kind == "gain_life" and x.get("cards_of") == "target" for x in does) and \
                a.data.get("target") not in ("player", "opponent"):
            raise a.error("does", "gain_life cards_of: target goes with a target that is a player or an opponent")
        if mana is not None and mana.amount == "target_mana_value" and (kind != "spell" or not a.has("target")):
            raise a.error("add_mana", "amount target_mana_value is a spell's with a target (\"equal to that "
                                      "creature's mana value\")")
        if mana is not None and mana.amount == "destroyed" and (kind != "spell" or not any(
                x.kind == "destroy" and x.get("what") == "each" for x in does)):
            raise a.error("add_mana", "amount destroyed is a spell's that destroys each permanent of a kind (\"for "
                                      "each permanent destroyed this way\")")
        if mana is not None and mana.results:
            # (a results table, 706.3a, or "If you win the flip, add ...", 705.2: of the ability's own
            # roll or flip, on a mana ability, 605.1a)
            need = "flip_coin" if isinstance(mana.results[0], str) else "roll_die"
            act = next((x for x in does if x.kind == need), None) if does else None
            if kind != "activated" or act is None or (need == "roll_die" and max(mana.results) > act.get("sides")):
                raise a.error("add_mana", "on_roll / if_flip go on an activated ability whose does rolls a die with "
                                          "those results (roll_die) / flips a coin (flip_coin)")
        if any(str(d.get("amount", "")).startswith("sacrificed_") for d in does) and \
                not any(c.kind == "sacrifice" and not c.self_only for c in costs):
            # CR 608.2h: "the sacrificed creature" is the one sacrificed to pay its cost
            raise a.error("does", "an amount of the sacrificed permanent needs a cost that sacrifices one "
                                  "(\"Sacrifice a creature\")")
        x_at_least = a.get("x_at_least", int, 0)
        if a.has("x_at_least") and (isinstance(x_at_least, bool) or x_at_least < 1 or not (
                kind == "activated" and any(c.kind == "mana" and "X" in c.symbols for c in costs))):
            # "X can't be 0." (Lair of the Hydra): a bound on the X announced for its cost (107.3a)
            raise a.error("x_at_least", "is a positive number, on an activated ability whose cost has {X}")
        if any(d.get("count") == "x" for d in does) and \
                not (kind == "activated" and any(c.kind == "mana" and "X" in c.symbols for c in costs)) and \
                not _x_of_cast_spell(when, when_subject):
            # CR 107.3k: "Create X Treasure tokens" reads the X announced for its cost (107.3a); 107.3e:
            # a trigger on casting "a spell with {X} in its mana cost" reads that spell's X
            raise a.error("does", "count: x needs an activated ability whose cost has {X}, or a trigger on casting "
                                  "a spell with {X} in its mana cost (x_in_cost)")
        if any(d.get("for_each") == "spell_colors" for d in does) and when != ("cast_spell", "matching"):
            # CR 608.2h: "for each of that spell's colors" (Ramos, Dragon Engine): the spell it triggered on
            raise a.error("does", "for_each: spell_colors needs when: {cast_spell: ...}")
        if any(d.get("count") == "damage_dealt" for d in does) and when != ("deals_combat_damage_to_player", "self"):
            # "create that many ..." (Rapacious One): the damage its trigger was dealt (608.2h)
            raise a.error("does", "count: damage_dealt needs when: {deals_combat_damage_to_player: self}")
        target, more_targets = parse_targets(a, where, parse_filter) if a.has("target") else ((), ())
        wanted = sum(word[3] if len(word) > 3 else 1 for word in (target, *more_targets))
        if target and targets and len(targets) != wanted:
            raise a.error("target", f"targets lists {len(targets)} target(s) but target has {wanted} "
                                    "(count: N for \"N target ...\")")
        # CR 603.4: "if you control your commander" on a triggered ability (an intervening "if");
        # {you_control: {filter, at_least | at_most}}: "if you control three or more artifacts".
        condition, if_count, if_turn = "", None, ()
        if isinstance(a.data.get("condition"), dict) and kind == "triggered" and "this_turn" in a.data["condition"]:
            # CR 603.4: "if an opponent lost life this turn" (the turn's records, history.py)
            c = Fields(a.data["condition"], where, a.sub("condition"), {"this_turn"})
            if_turn = parse_turn_condition(c.data["this_turn"], c, "this_turn")
            condition = "this_turn"
        elif isinstance(a.data.get("condition"), dict) and kind == "triggered" and "last_turn" in a.data["condition"]:
            # CR 603.4: "if no spells were cast last turn" (the previous turn's records, history.py)
            c = Fields(a.data["condition"], where, a.sub("condition"), {"last_turn"})
            if_turn = parse_last_turn_condition(c.data["last_turn"], c, "last_turn")
            condition = "last_turn"
        elif isinstance(a.data.get("condition"), dict) and kind == "triggered" and \
                list(a.data["condition"]) in (["life"], ["in_graveyard"]):
            # CR 603.4: "if each player has 10 or less life" (Cryptolith Fragment), "if there are three
            # or more instant and/or sorcery cards in your graveyard" (Curious Homunculus): triggers.lp
            if_count = _trigger_state_condition(a, parse_filter)
            condition = if_count.kind
        elif isinstance(a.data.get("condition"), dict) and kind == "triggered":
            if_count = parse_condition(a.data["condition"], a, "condition", parse_filter, trigger=True)
            # "if you control at least five other Mountains" on "Whenever a Mountain enters the
            # battlefield under your control" (Valakut): other than the permanent that entered
            other_ok = if_count.kind == "you_control" and when[:1] == ("enters",) and when[1:] == ("matching",)
            if if_count.kind not in ("you_control", "counters") or (if_count.other and not other_ok):
                raise a.error("condition", "a triggered ability's counted condition is {you_control: {filter | "
                                           "any_of, at_least | at_most}} or {counters: {kind, at_least | at_most}}")
            condition = "you_control" if if_count.kind == "you_control" else "self_counters"
        else:
            condition = a.get("condition", str, "")
        if condition and not if_count and not if_turn and (kind != "triggered" or condition not in TRIGGER_CONDITIONS):
            raise a.error("condition", f"a triggered ability's condition is one of {', '.join(TRIGGER_CONDITIONS)}, "
                                       "or {you_control: {filter, at_least | at_most}}")
        reflexive = _parse_reflexive(a, where, line, n_lines, does) if a.has("reflexive") else None
        delayed = _parse_delayed(a, where, line, n_lines) if a.has("delayed") else None
        if_activated = a.get("delayed_if_activated", int, 0)
        if a.has("delayed_if_activated") and (isinstance(if_activated, bool) or not 2 <= if_activated <= 20 or
                                               delayed is None or kind != "activated" or mana is None or a.has("target")):
            # "If this ability has been activated four or more times this turn, sacrifice ~ at the beginning
            # of the next end step" (Farrelite Priest): on a mana ability (no target) with its delayed trigger
            raise a.error("delayed_if_activated", "is 2 to 20 beside delayed, on a mana ability (add_mana, no target)")
        add_mana_to = a.get("add_mana_to", str, "")
        if add_mana_to == "that_player" and (mana is None or when[1:] != ("each_player",) and when[:1] != ("cast_spell",)):
            raise a.error("add_mana_to", "that_player goes beside add_mana, on a triggered ability whose "
                                         "event names a player (when: {beginning_of_precombat_main: each_player}, "
                                         "or cast_spell: its caster)")
        if add_mana_to in ("chosen_player", "each_player") and (mana is None or kind == "triggered" and not when):
            # CR 106.4: "Choose a player. That player adds ...", "Each player adds ..."
            raise a.error("add_mana_to", f"{add_mana_to} goes beside add_mana (on a triggered ability, one with when:)")
        if mana is not None and mana.kind == "for_each" and mana.whose == "that_player" and add_mana_to != "that_player":
            raise a.error("add_mana", "for_each whose: that_player goes with add_mana_to: that_player (\"that player "
                                      "adds {C} for each artifact they control\")")
        if add_mana_to not in ("", "that_player", "chosen_player", "each_player"):
            raise a.error("add_mana_to", "must be that_player, chosen_player or each_player")
        instead_if, instead_mana = _parse_instead(a, where, kind, mana) if a.has("instead") else ((), None)
        mana_condition = _parse_mana_condition(a, kind, mana)
        if mana is not None and mana.amount == "shares_creature_type_with_it" and \
                (kind != "triggered" or not when or when[0] != "enters" or when[1:2] != ("matching",)):
            # (Mana Echoes: "it" is the creature whose entering triggered it, 603.2c)
            raise a.error("add_mana", "amount shares_creature_type_with_it goes on a triggered ability with when: "
                                      "{enters: {filter}} (\"it\": the creature that entered)")
        may_add = a.get("may_add", bool, False)
        if may_add and (kind != "triggered" or mana is None or not when or add_mana_to):
            # CR 608.2d: "you may add {R}{R}": its controller chooses as it resolves
            raise a.error("may_add", "goes beside add_mana on a triggered ability with when: (its controller's mana)")
        enters_counters = _keyword_enters(a, kind, granted, where) if a.has("enters") else ()
        return Ability(line, kind, costs=costs, mana=mana, effect_text=effect, add_mana_to=add_mana_to,
                       may_add=may_add, enters_counters=enters_counters, mana_condition=mana_condition,
                       instead_if=instead_if, instead_mana=instead_mana,
                       targets=targets, timing=timing, trigger=trigger, creates=creates,
                       duration=duration, only_during=steps, only_if_control=control, does=does,
                       target=target, more_targets=more_targets, when=when, when_subject=when_subject,
                       or_when=or_when, condition=condition,
                       if_count=if_count, if_turn=if_turn, zone=zone, only_if=only_if, per_turn=per_turn, reflexive=reflexive,
                       costs_less_for_each=less, delayed=delayed, x_at_least=x_at_least,
                       delayed_if_activated=if_activated)
    if kind == "static":
        if isinstance(arg, str):
            raise f.error(kind, "a static ability the vocabulary does not describe is written "
                                "`text: \"...\"` (a text-only line)")
        a = Fields(arg, where, sub, {"grant", "text", "replacement", "land_types", "colors", "spend",
                                     "pt", "control", "condition", "restrict", "cost_increase",
                                     "additional_land_plays", "no_maximum_hand_size", "cant_cast", "also_subtypes",
                                     "enchanted_supertype", "untaps_in_others_untap", "prevent", "mana_burn",
                                     "others_enter_with", "becomes", "devotion_bonus"})
        text = a.get("text", str, "")
        if a.has("others_enter_with"):
            # CR 614.1c: "Each other Angel you control enters with an additional +1/+1 counter on it for
            # each Angel you already control" (Giada, Font of Hope: asp/zones.lp)
            if len(a.data) > 1 + ("text" in a.data):
                raise a.error("others_enter_with", "goes in an ability of its own (only text beside it)")
            o = Fields(a.data["others_enter_with"], where, a.sub("others_enter_with"), {"filter", "kind", "for_each"})
            kind_ = o.get("kind", str, required=True)
            if not kind_:
                raise o.error("kind", "is a counter kind, like +1/+1")
            return Ability(line, kind, effect_text=text, others_enter_with=(
                parse_filter(o.data.get("filter"), o, "filter"), kind_, parse_filter(o.data.get("for_each"), o, "for_each")))
        if a.has("mana_burn"):
            # CR 500.5, 119.3: "A player losing unspent mana causes that player to lose that much
            # life." (Yurlok of Scorch Thrash: asp/turn.lp)
            if a.data["mana_burn"] is not True or len(a.data) > 1 + ("text" in a.data):
                raise a.error("mana_burn", "is written `mana_burn: true` in an ability of its own (only text beside it)")
            return Ability(line, kind, effect_text=text, mana_burn=True)
        if a.has("prevent"):
            # CR 615.1a: "Prevent all damage that would be dealt to you." (Glacial Chasm): while it
            # is on the battlefield, damage to its controller is prevented (615.6)
            if a.data["prevent"] not in STATIC_PREVENTIONS or len(a.data) > 1 + ("text" in a.data):
                raise a.error("prevent", f"is one of {', '.join(STATIC_PREVENTIONS)}, in an ability of its own "
                                         "(only text beside it)")
            return Ability(line, kind, effect_text=text, prevents=(a.data["prevent"],))
        if a.has("devotion_bonus"):
            # CR 700.5: "Your devotion to each color and each combination of colors is increased by
            # one." (Altar of the Pantheon): its controller's devotion to each color (asp/mana.lp)
            n = a.data["devotion_bonus"]
            if isinstance(n, bool) or not isinstance(n, int) or n < 1 or len(a.data) > 1 + ("text" in a.data):
                raise a.error("devotion_bonus", "is a count of 1 or more (\"is increased by one\": 1), in an ability of "
                                                "its own (only text beside it)")
            return Ability(line, kind, effect_text=text, devotion_bonus=n)
        if a.has("no_maximum_hand_size"):
            # CR 402.2: "You have no maximum hand size" (its controller discards nothing in the
            # cleanup step, 514.1)
            if a.data["no_maximum_hand_size"] is not True or len(a.data) > 1 + ("text" in a.data):
                raise a.error("no_maximum_hand_size", "is written `no_maximum_hand_size: true` in an ability of its "
                                                      "own (only text beside it)")
            return Ability(line, kind, effect_text=text, no_maximum_hand_size=True)
        if a.has("cant_cast"):
            # CR 101.2: "You can't cast noncreature spells" (Nikya of the Old Ways): its controller
            # cannot cast a spell matching the filter (by what the card prints)
            if len(a.data) > 1 + ("text" in a.data):
                raise a.error("cant_cast", "a restriction on casting goes in an ability of its own (only text beside it)")
            return Ability(line, kind, effect_text=text, cant_cast=parse_filter(a.data["cant_cast"], a, "cant_cast"))
        if a.has("also_subtypes"):
            # CR 613.1d, 205.1b: "~ is also a Cleric, Rogue, Warrior, and Wizard" (Stonework
            # Packbeast): creature types added to its own object in layer 4, its others kept
            subs = a.get("also_subtypes", list)
            if not subs or len(a.data) > 1 + ("text" in a.data):
                raise a.error("also_subtypes", "lists the creature types it adds, in an ability of its own")
            for t in subs:
                if not isinstance(t, str) or t.lower() not in CREATURE_TYPES:
                    raise a.error("also_subtypes", f"{describe(t)} is not a creature type (CR 205.3m)")
            return Ability(line, kind, effect_text=text, also_subtypes=tuple(t.lower() for t in subs))
        if a.has("untaps_in_others_untap"):
            # CR 502.3: "Untap ~ during each other player's untap step" (Victory Chimes)
            if a.data["untaps_in_others_untap"] is not True or len(a.data) > 1 + ("text" in a.data):
                raise a.error("untaps_in_others_untap", "is written `untaps_in_others_untap: true` in an ability of "
                                                        "its own (only text beside it)")
            return Ability(line, kind, effect_text=text, untaps_in_others_untap=True)
        if a.has("enchanted_supertype"):
            # CR 613.1d, 205.4: "Enchanted land is snow." (Glittering Frost): a supertype the
            # permanent its Aura is attached to has besides its own
            sup = a.get("enchanted_supertype", str)
            if sup not in SUPERTYPES or len(a.data) > 1 + ("text" in a.data):
                raise a.error("enchanted_supertype", f"is one supertype ({', '.join(sorted(SUPERTYPES))}), in an "
                                                     "ability of its own")
            return Ability(line, kind, effect_text=text, enchanted_supertype=sup)
        if a.has("additional_land_plays"):
            n = a.get("additional_land_plays", int)
            if n < 1:
                raise a.error("additional_land_plays", "must be a positive number of land plays")
            if len(a.data) > 1 + ("text" in a.data):
                raise a.error("additional_land_plays", "additional land plays go in an ability of their own "
                                                       "(only text beside them)")
            return Ability(line, kind, effect_text=text, additional_land_plays=n)
        if a.has("cost_increase"):
            increase = a.get("cost_increase", str)
            if increase not in COST_INCREASES:
                raise a.error("cost_increase", f"must be one of {', '.join(COST_INCREASES)}")
            if len(a.data) > 1 + ("text" in a.data):
                raise a.error("cost_increase", "a cost increase goes in an ability of its own (only text beside it)")
            return Ability(line, kind, effect_text=text, cost_increase=increase)
        static_if = _static_condition(a) if isinstance(a.data.get("condition"), dict) else None
        condition = "" if static_if is not None else a.get("condition", str, "")
        if condition and condition not in CONDITIONS:
            raise a.error("condition", f"must be one of {', '.join(CONDITIONS)}, {{you_control: ...}} or "
                                       "{enchanted: FILTER}")
        control = a.get("control", str, "")
        if control and control not in ("enchanted_creature", "enchanted_permanent"):
            raise a.error("control", "must be enchanted_creature or enchanted_permanent (\"You control "
                                     "enchanted creature/permanent\")")
        pts = _parse_pts(a, where, STATIC_TO)
        if any(p.for_each == "creature_cards_in_graveyard" for p in pts) and not granted:
            # (printed, it is a characteristic-defining ability: layer 7a, 604.3a, 613.4a, not modelled)
            raise a.error("pt", "for_each creature_cards_in_graveyard is a granted ability's (\"with \"This creature's "
                                "power and toughness are each equal to ...\"\"); printed it defines a characteristic (7a)")
        grant = _parse_grant(a, where, n_lines, STATIC_TO) if a.has("grant") else None
        becomes = None
        if a.has("becomes"):
            # CR 613.1d, 604.2: "As long as it's not your turn, ~ is a 2/3 Gargoyle artifact creature
            # with flying." (Warden of the Wall): the types its own object has while the condition holds
            becomes = parse_becomes(a.data["becomes"], where, a.sub("becomes"), CARD_TYPES)
            if becomes.to != "self" or becomes.colors is not None or becomes.all_creature_types or \
                    condition != "not_your_turn" or any(p.to != "self" for p in pts) or \
                    (grant is not None and grant[0] != "self"):
                raise a.error("becomes", "a static becomes is on self, with condition: not_your_turn (a pt and a "
                                         "grant beside it on self too; no colors)")
        cont = _parse_continuous(a, where, line, required=False)
        if static_if is not None and not (grant or pts):
            raise a.error("condition", "a counted or enchanted condition goes with a grant or a pt")
        if static_if is not None and static_if.kind == "enchanted" and (
                grant and grant[0] != "enchanted_permanent" or any(p.to != "enchanted_permanent" for p in pts)):
            # ("As long as enchanted permanent is a creature, it gets +2/+2.", Nature's Embrace: a pt alone)
            raise a.error("condition", "enchanted: goes with a grant to enchanted_permanent, or a pt to it (\"As long as "
                                       "enchanted permanent is a land, it has ...\")")
        if cont is not None and (grant or pts or control or condition):
            raise a.error(None, "a replacement, land_types, colors or spend effect goes in an "
                                "ability of its own (no grant, pt, control or condition beside it)")
        if cont is not None:
            return Ability(line, kind, effect_text=text, replacement=cont.replacement,
                           layer=cont.layer, spend=cont.spend)
        restricts: tuple[str, ...] = ()
        restrict_if = None
        if a.has("restrict"):
            # "Enchanted creature can't attack or block": {restrict: {what: [attack, block], to: ...}}
            r = Fields(a.data["restrict"], where, a.sub("restrict"), {"what", "to", "if"})
            what = r.get("what", list, required=True)
            if not what or any(w not in RESTRICTIONS for w in what):
                raise r.error("what", f"a list of {', '.join(RESTRICTIONS)}")
            if grant:
                raise a.error("restrict", "a restriction goes in an ability of its own (no grant beside it)")
            restricts = tuple(what)
            if r.has("if"):
                # "~ doesn't untap during your untap step if it has a depletion counter on it"
                restrict_if = parse_condition(r.data["if"], r, "if", parse_filter)
                if restrict_if.kind != "counters":
                    raise r.error("if", "a restriction's condition is counters: {kind, at_least}")
            grant = (*parse_to(r.data.get("to"), r, "to", STATIC_TO, parse_filter), None)
        if not (grant or pts or control):
            raise a.error(None, "a static ability needs grant, restrict, pt, control, replacement, "
                                "land_types, colors, spend, cost_increase, additional_land_plays or "
                                "no_maximum_hand_size, cant_cast, also_subtypes, enchanted_supertype, "
                                "untaps_in_others_untap "
                                "(a line the vocabulary does not describe is written `text: \"...\"`)")
        to, grant_filter, grant_controller, granted = grant or ("", (), "any", None)
        return Ability(line, kind, effect_text=text, grant_to=to, grant_filter=grant_filter,
                       grant_controller=grant_controller, granted=_granted(granted, line),
                       pt=pts, control=control, condition=condition, restricts=restricts,
                       restrict_if=restrict_if, static_if=static_if, becomes=becomes)
    return _parse_enters(line, arg, where, sub)


# The zones an activated ability may state it functions from (CR 113.6b), besides the
# battlefield: the hand (cycling 702.29a, channel, "Exile ~ from your hand: Add {G}.").
ABILITY_ZONES = ("hand", "graveyard")
# Cost parts that can be paid only by a permanent (CR 113.6j: an ability functions where its cost
# can be paid): none of them is part of an ability that functions from the hand.
PERMANENT_COSTS = ("tap", "untap", "remove_counters", "put_counters", "loyalty", "return_to_hand")


def _hand_costs(costs: tuple[Cost, ...], zone: str, a: Fields) -> tuple[Cost, ...]:
    """The costs of an ability that functions from the hand or the graveyard (CR 113.6b, 113.6m),
    checked: none that only a permanent pays; "exile: self" is then "Exile this card from your
    hand"."""
    if zone not in ABILITY_ZONES:
        raise a.error("zone", f"must be one of {', '.join(ABILITY_ZONES)} (without zone: the battlefield)")
    for c in costs:
        if c.kind in PERMANENT_COSTS or (c.kind == "sacrifice" and c.self_only):
            raise a.error("cost", f"{c.text} cannot be paid while the card is in a {zone} (113.6j)")
    return tuple(dataclasses.replace(c, text=f"Exile this card from your {zone}") if c.kind == "exile" and c.self_only
                 else c for c in costs)


def _keyword_enters(a: Fields, kind: str, granted: bool, where: str) -> tuple[tuple[str, int], ...]:
    """`enters: {counters: {"+1/+1": 1}}` beside a triggered ability: a keyword that represents a
    static ability and a triggered ability on one line ("Modular N" and "Graft N": "This permanent
    enters with N +1/+1 counters on it" and a trigger; 702.43a, 702.58a). The counters are its
    static ability's (614.1c), read as an `enters:` line's."""
    if kind != "triggered" or granted:
        raise a.error("enters", "goes on a printed triggered ability (a keyword's static part: modular, graft)")
    e = _parse_enters(0, a.data["enters"], where, a.sub("enters"))
    if e.enters_tapped or e.enters_choice is not None or not e.enters_counters or \
            any(n < 0 for _, n in e.enters_counters):
        raise a.error("enters", "beside a triggered ability is {counters: {KIND: N}} only")
    return e.enters_counters


def _parse_enters(line: int, arg: Any, where: str, sub: str) -> Ability:
    """`enters: {tapped, counters, unless | if, choose, other_than}`: replacement effects on how
    the permanent enters (CR 614.1c, 614.1d): tapped (only under a condition, with `unless` or
    `if`), with counters, and a choice made as it enters (614.12a)."""
    a = Fields(arg, where, sub, {"tapped", "counters", "unless", "if", "choose", "other_than", "sacrifice", "discard",
                                 "day_night"})
    if a.has("day_night"):
        # `{day_night: day}`: "If it's neither day nor night, it becomes day as ~ enters" (The
        # Celestus; 731.1), alone in its entry
        if a.data["day_night"] != "day" or len(a.data) != 1:
            raise a.error("day_night", "is day, alone in its entry (\"it becomes day as ~ enters\")")
        return Ability(line, "enters", enters_day=True)
    if a.has("sacrifice"):
        return _parse_enters_sacrifice(line, a)
    if a.has("discard"):
        # `{discard: {filter: [land]}}`: "If ~ would enter, you may discard a land card instead. If
        # you do, put ~ onto the battlefield. If you don't, put it into its owner's graveyard."
        # (Mox Diamond: 614.1a; the discard, 701.9a, is the player's choice), alone in its entry
        if len(a.data) != 1:
            raise a.error("discard", "is alone in its entry (the permanent enters only if a card is discarded)")
        d = Fields(a.data["discard"], a.where, a.sub("discard"), {"filter"})
        if not d.has("filter"):
            raise d.error("filter", "is required: the kind of card discarded, like [land]")
        return Ability(line, "enters", enters_discard=parse_filter(d.data["filter"], d, "filter"))
    counters = a.get("counters", dict, {})
    for k, v in counters.items():
        if v not in ("X", "colors_spent") and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
            raise a.error("counters", f"{k}: must be a non-negative integer, 'X' or colors_spent")
    tapped = a.get("tapped", bool, False)
    if a.has("unless") and a.has("if"):
        raise a.error("if", "give unless or if, not both")
    mode = "unless" if a.has("unless") else "if" if a.has("if") else ""
    condition = None
    if mode:
        if not tapped:
            raise a.error(mode, "a condition goes with tapped: true (\"enters tapped unless ...\")")
        condition = (mode, parse_condition(a.data[mode], a, mode, parse_filter))
        if condition[1].kind == "counters":
            raise a.error(mode, "counters is a condition of a restriction, not of entering")
    choice = parse_choice(a) if a.has("choose") else None
    if a.has("other_than") and choice is None:
        raise a.error("other_than", "goes with choose: color")
    if not (tapped or counters or choice):
        raise a.error(None, "give tapped, counters or choose")
    return Ability(line, "enters", enters_tapped=tapped,
                   # (-1: X, 107.3m; -2: one for each color of mana spent to cast it, 702.44a)
                   enters_counters=tuple((str(k), {"X": -1, "colors_spent": -2}.get(v, v)) for k, v in counters.items()),
                   enters_if=condition, enters_choice=choice)


def _parse_suspend(f: Fields, arg: Any, line: int, granted: bool, where: str, sub: str) -> Ability:
    """`suspend: {time_counters: 3, cost: "{0}"}`: "Suspend 3—{0}" (CR 702.62a): a static ability
    that functions in a hand (a special action, 116.2f) and two triggered abilities that function
    in exile. Neither is taken here: asp/unread.lp names the card where they would work (and a
    creature card that may have been cast with it, which gains haste). On the battlefield and the
    stack the keyword does nothing else."""
    if granted:
        raise f.error("suspend", "is printed on a card, not granted")
    s = Fields(arg, where, sub, {"time_counters", "cost"})
    n = s.get("time_counters", int, required=True)
    if isinstance(n, bool) or not 1 <= n <= 99:
        raise s.error("time_counters", "must be 1 to 99")
    cost = s.get("cost", str, required=True)
    symbols = parse_mana_symbols(cost, where, s.sub("cost"))
    # (enters_counters: the time counters it is exiled with, 702.62a; read by nothing here)
    return Ability(line, "suspend", costs=(Cost("mana", symbols=symbols, text=cost),), enters_counters=(("time", n),))


def _parse_enters_sacrifice(line: int, a: Fields) -> Ability:
    """`enters: {sacrifice: {count, filter, untapped}}`: "If ~ would enter, sacrifice two untapped
    lands instead. If you do, put ~ onto the battlefield. If you don't, put it into its owner's
    graveyard." (Lotus Vale): a replacement effect (614.1a) whose sacrifice is a cost paid as it
    would enter (118.12: paid whole or not at all, 118.3), alone in its entry."""
    if len(a.data) != 1:
        raise a.error("sacrifice", "is alone in its entry (the permanent enters only if it is paid)")
    s = Fields(a.data["sacrifice"], a.where, a.sub("sacrifice"), {"count", "filter", "untapped", "all", "named"})
    if s.get("all", bool, False):
        # `{all: true, filter, named?}`: "As ~ enters, sacrifice all lands you control." (Overlaid
        # Terrain, 614.1c), "If ~ would enter, instead sacrifice each other permanent named ~ you
        # control, then put ~ onto the battlefield." (Sheltered Valley, 614.1a): no cost, it enters
        # either way (count 0 below: every such permanent)
        if s.has("count") or s.has("untapped"):
            raise s.error("all", "sacrifices every such permanent (no count or untapped beside it)")
        if not s.has("filter"):
            raise s.error("filter", "is required: what is sacrificed, like [land] or [permanent]")
        named = s.get("named", str, "")
        return Ability(line, "enters", enters_sacrifice=(0, parse_filter(s.data["filter"], s, "filter"), False, named))
    if s.has("named"):
        raise s.error("named", "goes with all: true")
    count = s.get("count", int, 1)
    if isinstance(count, bool) or not 1 <= count <= 10:
        raise s.error("count", "must be 1 to 10")
    if not s.has("filter"):
        raise s.error("filter", "is required: what is sacrificed, like [land] or [mountain]")
    filt = parse_filter(s.data["filter"], s, "filter")
    return Ability(line, "enters", enters_sacrifice=(count, filt, s.get("untapped", bool, False), ""))


CONDITIONS = ("you_control_your_commander",
              "self_untapped",      # "~ has hexproof as long as it's untapped" (604.2; Paradise Druid)
              "self_modified",      # "As long as ~ is modified, it has ..." (700.9; Orochi Merge-Keeper)
              "self_in_graveyard",  # "As long as ~ is in your graveyard, ..." (113.6b; Riftstone Portal)
              "not_your_turn",      # "As long as it's not your turn, ..." (604.2; Warden of the Wall)
              "self_renowned")      # "As long as ~ is renowned, it has ..." (702.112b; Honored Hierarch)


def _static_condition(a: Fields) -> Condition:
    """A static ability's `condition: {you_control: {filter, at_least | at_most}}` ("As long as you
    control six or more lands", The World Tree) or `{enchanted: FILTER}` ("As long as enchanted
    permanent is a land", Nature's Embrace): it has its effect only while that holds (604.2)."""
    raw = a.data["condition"]
    if set(raw) == {"enchanted"}:
        return Condition("enchanted", filters=(parse_filter(raw["enchanted"], a, "condition"),))
    if set(raw) == {"in_graveyard"}:
        # "as long as there are four or more creature cards in your graveyard", "as long as seven
        # or more cards are in your graveyard" (threshold): the cards its controller owns there
        # (delirium: "four or more card types among cards in your graveyard": card_types_at_least)
        g = Fields(raw["in_graveyard"], a.where, a.sub("condition"), {"filter", "at_least", "card_types_at_least"})
        key = "card_types_at_least" if g.has("card_types_at_least") else "at_least"
        if g.has("card_types_at_least") and (g.has("at_least") or g.has("filter")):
            raise g.error("card_types_at_least", "counts the card types among all the cards there (no at_least or "
                                                 "filter beside it)")
        n = g.get(key, int, required=True)
        if isinstance(n, bool) or n < 1:
            raise g.error(key, "must be a positive number")
        filters = (parse_filter(g.data["filter"], g, "filter"),) if g.has("filter") else ()
        return Condition("in_graveyard", filters=filters, count=n, compare=key)
    cond = parse_condition(raw, a, "condition", parse_filter)
    if cond.kind != "you_control" or cond.other:
        raise a.error("condition", "a static ability's condition is {you_control: {filter | any_of, at_least | "
                                   "at_most}}, {in_graveyard: {filter?, at_least}}, {enchanted: FILTER}, "
                                   "self_untapped, self_modified or you_control_your_commander")
    return cond
# An intervening "if" about the trigger's source: "if ~ is tapped" (603.4: checked as it
# triggers and as it resolves).
TRIGGER_CONDITIONS = ("you_control_your_commander", "self_tapped",
                      "cast_from_hand",     # "When ~ enters, if you cast it from your hand" (601.2a)
                      "self_untapped",      # "if ~ is untapped" (Blinkmoth Urn, 603.4)
                      "self_not_renowned")  # renown's "if it isn't renowned" (702.112a)
# Abilities that modify the rules for deck construction (CR 113.6n): "~ can be your commander"
# (903.3a), "A deck can have any number of cards named ~".
DECK_CONSTRUCTION = ("can_be_commander", "any_number_of_copies",
                     "partner",     # 702.124a, 702.124h: two commanders (the state's `commanders:` list)
                     "friends_forever",     # 702.124i: "partner—Friends forever", the same way
                     "companion")   # 702.139a: "Companion—[Condition]" (its special action: asp/unread.lp)
# Actions taken with a card before the first turn (CR 103.5, 103.6): "If ~ is in your opening hand,
# you may begin the game with it on the battlefield" (103.6a, the Leylines); "Any time you could
# mulligan and ~ is in your hand, you may exile all the cards from your hand, then draw that many
# cards" (Serum Powder: the mulligan process, 103.5).
OPENING_HAND = ("begin_on_battlefield", "mulligan_exile_hand",
                "start_in_opening_hand")   # "you may start the game with ~ in your opening hand" (Rift, 103.5)
STATIC_TO = ("self", "equipped_creature", "enchanted_creature", "enchanted_land", "enchanted_permanent")
CREATED_TO = ("target", "created_token", "attacking_creatures", "self",
              "it")     # the creature its trigger refers to ("that creature gets +1/+1", exalted)
PREVENTIONS = ("combat_damage_to_creatures_you_control",   # CR 615: "prevent all combat damage
                                                             # that would be dealt to creatures you control"
               "combat_damage_to_target", "combat_damage_by_target")   # "... dealt to [and dealt by]
                                                             # target attacking creature this turn" (611.2c)
# A static ability's prevention effect (615.1a): "Prevent all damage that would be dealt to you."
STATIC_PREVENTIONS = ("damage_to_you",)
RESTRICTIONS = ("attack", "block", "untap", "untap_optional")  # "can't attack or block" (508.1c, 509.1b);
                                                             # "doesn't untap during your untap step" (502.3);
                                                             # "You may choose not to untap ~ during your
                                                             # untap step" (502.3: its controller's choice)


def _granted(inner: Ability | None, line: int) -> Ability | None:
    """The ability a grant gives (CR 613.1f), on the granting ability's line: a copy of the
    ability as parsed, every field kept (its activation instructions, 602.1b; its trigger,
    condition, P/T effects and restrictions), so no field added to Ability is ever dropped."""
    if inner is None:
        return None
    return dataclasses.replace(inner, line=line)


def _parse_grant(a: Fields, where: str, n_lines: int, allowed: tuple[str, ...]):
    """`grant: {to, ability}`: the ability given to what `to` names (CR 613.1f)."""
    g = Fields(a.data["grant"], where, a.sub("grant"), {"to", "ability", "keywords"})
    to, grant_filter, grant_controller = parse_to(g.data.get("to"), g, "to", allowed, parse_filter)
    inner = parse_ability(g.get("ability", dict, required=True), where, g.sub("ability"),
                          n_lines, granted=True)
    if g.has("keywords"):
        # "have vigilance and "{T}: Add one mana of any color."" (Esika, God of the Tree): keywords
        # given with the ability, the same granted ability having them (702; ability_keyword/2)
        words = g.get("keywords", list)
        if not words or inner.kind == "keywords" or any(not isinstance(w, str) or w.lower() not in KEYWORDS
                                                         for w in words):
            raise g.error("keywords", "lists keyword abilities (702) given beside an ability that is not keywords")
        inner = dataclasses.replace(inner, keywords=tuple(w.lower() for w in words))
    return to, grant_filter, grant_controller, inner


def _parse_pts(a: Fields, where: str, allowed: tuple[str, ...]) -> tuple[PTEffect, ...]:
    """`pt: {...}` or a list of them (one ability may change several creatures' P/T)."""
    if not a.has("pt"):
        return ()
    raw = a.data["pt"]
    items = raw if isinstance(raw, list) else [raw]
    pts = tuple(parse_pt(p, where, a.sub("pt") + (f"[{i}]" if isinstance(raw, list) else ""),
                         parse_filter, allowed, static=allowed is STATIC_TO) for i, p in enumerate(items))
    if sum(1 for p in pts if p.kind == "set") > 1:
        raise a.error("pt", "at most one set effect per ability")
    return pts


# How long an effect a spell or ability creates lasts (CR 611.2a, 611.2b): until the cleanup
# step (514.2), for ever, or until its controller's next untap step is over ("~ doesn't untap
# during your next untap step": it applies in that step, 502.3, then ends), or until the next untap
# step of its target's controller is over ("Target creature ... doesn't untap during its controller's
# next untap step", Skyline Cascade).
DURATIONS = ("end_of_turn", "indefinitely", "your_next_untap_step", "its_controllers_next_untap_step",
             "your_next_turn")   # "Until your next turn, ..." (Song of Freyalise): it ends as its controller's
                                 # next turn begins (asp/turn.lp)


def _parse_created_trigger(c: Fields, where: str, line: int, n_lines: int, granted: bool) -> Ability:
    """`creates: {triggered: {trigger: {tapped_for_mana: [island]}, add_mana: "{U}"}, duration:
    end_of_turn}`: "Until end of turn, whenever a player taps an Island for mana, that player adds
    an additional {U}" (High Tide): a triggered mana ability of the effect (605.1b, 611.2a), its
    controller the effect's, alone in what it creates."""
    if granted or len([k for k in c.data if k != "duration"]) != 1:
        raise c.error("triggered", "a created triggered mana ability is created alone, by a card's own spell or ability")
    t = Fields(c.data["triggered"], where, c.sub("triggered"), {"trigger", "add_mana"})
    if not t.has("trigger") or not t.has("add_mana"):
        raise t.error(None, "is {trigger: {tapped_for_mana: FILTER, who}, add_mana: MANA}")
    inner = parse_ability({"triggered": t.data}, where, c.sub("triggered"), n_lines, granted=True)
    if inner.mana is None or inner.mana.kind not in ("fixed",) or inner.mana.rider or inner.mana.amount != 1 \
            or inner.trigger.source == ("enchanted",) or inner.trigger.mana_type or inner.trigger.same_name_as_exiled:
        raise t.error("add_mana", "is fixed mana (\"an additional {U}\"), added once, on a filter of permanents")
    return dataclasses.replace(inner, line=line)


def _parse_created_restriction(c: Fields, where: str, line: int, duration: str) -> Ability:
    """`creates: {restrict: {what: [untap], to: self}, duration: your_next_untap_step}`: "~
    doesn't untap during your next untap step" (a rider of Cinder Marsh's mana ability);
    `creates: {restrict: {what: [untap], to: target}, duration: its_controllers_next_untap_step}`:
    "Target creature ... doesn't untap during its controller's next untap step" (Skyline Cascade);
    `creates: {restrict: {what: [be_blocked], to: target}}` (or `[block]`), until end of turn:
    "Target creature can't be blocked this turn" (Rogue's Passage), "... can't block this turn"
    (509.1b)."""
    if len(c.data) > 2:
        raise c.error("restrict", "a created restriction goes alone (with its duration)")
    r = Fields(c.data["restrict"], where, c.sub("restrict"), {"what", "to"})
    what = r.get("what", list, required=True)
    if r.data.get("to") == "target" and what in (["be_blocked"], ["block"]):
        if duration != "end_of_turn":
            raise c.error("duration", "a restriction on a target lasts until end of turn (\"this turn\")")
        return Ability(line, "static", restricts=tuple(what), grant_to="target")
    if r.data.get("to") == "it" and what == ["untap"] and duration == "its_controllers_next_untap_step":
        # "... tap that creature and it doesn't untap during its controller's next untap step"
        # (Frostwalk Bastion: the creature its trigger refers to; 502.3, 611.2a)
        return Ability(line, "static", restricts=("untap",), grant_to="it")
    if r.data.get("to") == "target" and what == ["untap"] and duration == "its_controllers_next_untap_step":
        # "Target creature an opponent controls doesn't untap during its controller's next untap
        # step" (Skyline Cascade; 502.3, 611.2a)
        return Ability(line, "static", restricts=("untap",), grant_to="target")
    if what != ["untap"] or r.data.get("to") != "self" or duration != "your_next_untap_step":
        raise c.error("restrict", "a created restriction is {what: [untap], to: self} with duration: "
                                  "your_next_untap_step (\"~ doesn't untap during your next untap step\")")
    return Ability(line, "static", restricts=("untap",), grant_to="self")


def _parse_created_loss(c: Fields, where: str, line: int, duration: str) -> Ability:
    """`creates: {lose: {keywords: [landwalk], to: target}}`: "Target creature loses all landwalk
    abilities until end of turn" (Hammerheim); `to: {filter: [creature], controller: opponent}` with
    `cant_have: true`: "Until end of turn, creatures your opponents control lose hexproof and shroud
    and can't have hexproof or shroud" (Arcane Lighthouse). Layer 6 (613.1f), the objects fixed as
    it resolves (611.2c); alone in what it creates, until end of turn."""
    if set(c.data) - {"lose", "duration"}:
        raise c.error("lose", "a loss of abilities goes alone (with its duration)")
    if duration != "end_of_turn":
        raise c.error("duration", "a loss of abilities lasts until end of turn here")
    g = Fields(c.data["lose"], where, c.sub("lose"), {"keywords", "to", "cant_have", "choose"})
    words = g.get("keywords", list, required=True)
    if not words or any(not isinstance(w, str) or w.lower() not in LOSABLE for w in words) or \
            len({w.lower() for w in words}) != len(words):
        raise g.error("keywords", "lists keyword abilities (702), each once; landwalk and \"bands with other\" "
                                  "name every such ability")
    to, filt, controller = parse_to(g.data.get("to", "target"), g, "to", ("target",), parse_filter,
                                    controllers=("any", "you", "opponent"))
    one = g.get("choose", str, "") == "one"
    if g.has("choose") and (not one or len(words) < 2 or g.has("cant_have")
                            or any(w.lower() in ("landwalk", "bands with other", "banding") for w in words)):
        raise g.error("choose", "is one: \"loses first strike or swampwalk\", one of two or more keywords chosen as it "
                                "resolves (no cant_have)")
    return Ability(line, "static", loses=tuple(w.lower() for w in words), cant_have=g.get("cant_have", bool, False),
                   loses_one=one, grant_to=to, grant_filter=filt, grant_controller=controller)


def _parse_becomes_unblockable(c: Fields, where: str, line: int, n_lines: int) -> Ability:
    """`creates: {becomes: {to: self, ...}, pt, grant, restrict: {what: [be_blocked], to: self}}`: "~
    becomes a 3/2 ... creature until end of turn and can't be blocked this turn" (Creeping Tar
    Pit): the restriction on its source beside what it becomes (509.1b), until end of turn."""
    r = Fields(c.data["restrict"], where, c.sub("restrict"), {"what", "to"})
    if r.get("what", list, required=True) != ["be_blocked"] or r.data.get("to") != "self":
        raise c.error("restrict", "beside becomes, a restriction is {what: [be_blocked], to: self}")
    if c.get("duration", str, "end_of_turn") != "end_of_turn":
        raise c.error("duration", "\"can't be blocked this turn\" lasts until end of turn")
    rest = Fields({k: v for k, v in c.data.items() if k != "restrict"}, where, c.path)
    made = _parse_created(rest, where, line, n_lines)
    if made.becomes is None or made.becomes.to != "self" or made.grant_to not in ("", "self"):
        raise c.error("restrict", "goes with a becomes on self (and a grant, if any, on self)")
    return dataclasses.replace(made, restricts=("be_blocked",), grant_to="self")


def _parse_created_shield(c: Fields, line: int, duration: str) -> Ability:
    """`creates: {prevent_next: {amount: N, to: target | self}}`: "Prevent the next 2 damage that
    would be dealt to target creature this turn" (Eiganjo Castle), "... to ~ this turn": a
    prevention shield on that permanent until N damage is prevented or the turn ends (CR 615.7,
    514.2)."""
    if set(c.data) - {"prevent_next", "duration"}:
        raise c.error("prevent_next", "a prevention shield goes alone (with its duration)")
    g = Fields(c.data["prevent_next"], c.where, c.sub("prevent_next"), {"amount", "to"})
    amount, to = g.get("amount", int, required=True), g.get("to", str, required=True)
    if isinstance(amount, bool) or amount < 1:
        raise g.error("amount", "must be a positive number of damage (\"the next 2 damage\": 2)")
    if to not in ("target", "self"):
        raise g.error("to", "must be target (a permanent: \"target creature\") or self (\"~\")")
    if duration != "end_of_turn":
        raise c.error("duration", "a prevention shield lasts until end of turn (\"this turn\")")
    return Ability(line, "static", prevent_next=(amount, to))


def _parse_created_flash(c: Fields, line: int, duration: str) -> Ability:
    """`creates: {flash: any}`: "You may cast spells this turn as though they had flash"
    (Alchemist's Refuge); `{flash: [creature]}`: "... creature spells ..." (Winding Canyons): its
    controller may cast such a spell any time they could cast an instant (702.8a, 601.3), until
    the cleanup step (514.2)."""
    if set(c.data) - {"flash", "duration"}:
        raise c.error("flash", "a permission to cast spells as though they had flash goes alone (with its duration)")
    if duration != "end_of_turn":
        raise c.error("duration", "it lasts this turn (\"this turn\": end_of_turn)")
    raw = c.data["flash"]
    if raw == "any":
        return Ability(line, "static", flash_spells=())
    if not isinstance(raw, list) or not raw:
        raise c.error("flash", "must be any (\"spells\") or a filter of the spells, like [creature]")
    return Ability(line, "static", flash_spells=parse_filter(raw, c, "flash"))


def _parse_created_regeneration(c: Fields, line: int, duration: str) -> Ability:
    """`creates: {regenerate: target | self}`: "Regenerate target creature", "Regenerate ~" (CR
    701.19a): a replacement effect that protects the permanent the next time it would be
    destroyed this turn (a shield, used up as it applies; it ends in the cleanup step, 514.2)."""
    if set(c.data) - {"regenerate", "duration"}:
        raise c.error("regenerate", "a regeneration shield goes alone (with its duration)")
    to = c.get("regenerate", str, "")
    if to not in ("target", "self"):
        raise c.error("regenerate", "must be target (\"Regenerate target creature\") or self (\"Regenerate ~\")")
    if duration != "end_of_turn":
        raise c.error("duration", "a regeneration shield lasts until end of turn (701.19a: \"this turn\")")
    return Ability(line, "static", regenerates=to)


def _parse_created(c: Fields, where: str, line: int, n_lines: int) -> Ability:
    """What a resolved spell or ability creates (CR 611.2): a control-changing effect on its
    targets (`control: target`, "gain control of target ..."; `control: exchange`, "exchange
    control of two target ...", 701.12b), power/toughness effects and granted abilities on its
    targets, or one replacement, land_types or colors effect."""
    control = c.get("control", str, "")
    if control and control not in ("target", "exchange", "each"):
        raise c.error("control", "must be target (\"gain control of target ...\"), exchange "
                                 "(\"exchange control of two target ...\") or each (each player "
                                 "gains control of the objects its resolution names)")
    pts = _parse_pts(c, where, CREATED_TO)
    grant = _parse_grant(c, where, n_lines, CREATED_TO) if c.has("grant") else None
    prevents = _parse_preventions(c)
    # "~ becomes a 3/4 ... creature": its types and colors (layers 4, 5), beside its pt and grant
    becomes = parse_becomes(c.data["becomes"], where, c.sub("becomes"), CARD_TYPES) if c.has("becomes") else None
    # words beside the effect it does not describe ("with all creature types"): answers name them
    text = c.get("text", str, "")
    if control or pts or grant or prevents or becomes:
        if check_effect_keys(c, {"replacement", "land_types", "colors"}):
            raise c.error(None, "a replacement, land_types or colors effect is created on its own")
        to, grant_filter, grant_controller, granted = grant or ("", (), "any", None)
        return Ability(line, "static", control=control, pt=pts, grant_to=to, grant_filter=grant_filter,
                       grant_controller=grant_controller, granted=_granted(granted, line),
                       prevents=prevents, becomes=becomes, effect_text=text)
    if text:
        raise c.error("text", "words beside an effect go with control, pt, grant, prevent or becomes")
    made = _parse_continuous(c, where, line, required=True)
    if made.layer is not None and made.layer.to_self:
        raise c.error("land_types", "an effect a spell or ability creates names what it applies to, not self")
    return made


def _parse_preventions(c: Fields) -> tuple[str, ...]:
    """`prevent: W` or `prevent: [W, ...]` (one created effect may prevent damage dealt to and
    dealt by its target, CR 615): each one of PREVENTIONS, none twice."""
    raw = c.data.get("prevent")
    if raw is None:
        return ()
    items = raw if isinstance(raw, list) else [raw]
    if not items or any(w not in PREVENTIONS for w in items) or len(set(items)) != len(items):
        raise c.error("prevent", f"must be one of {', '.join(PREVENTIONS)}, or a list of them (each once)")
    return tuple(items)


def _parse_continuous(f: Fields, where: str, line: int, required: bool) -> Ability | None:
    """The continuous effect of a static ability, or one created by a spell or ability."""
    key = check_effect_keys(f, {"replacement", "land_types", "colors", "spend"})
    if not key:
        if required:
            raise f.error(None, "give what it creates: control, pt, grant, replacement, land_types or colors")
        return None
    if key == "replacement":
        return Ability(line, "static", replacement=parse_replacement(
            f.data[key], where, f.sub(key), parse_filter))
    if key == "spend":
        return Ability(line, "static", spend=parse_spend(f.data[key], where, f.sub(key)))
    return Ability(line, "static", layer=parse_layer_effect(key, f.data[key], where, f.sub(key),
                                                            parse_filter))


def parse_card(data: Any, where: str, path: str = "") -> Card:
    f = Fields(data, where, path, {"name", "mana_cost", "type_line", "power_toughness", "loyalty",
                                   "oracle_text", "abilities", "color_indicator"})
    check_numbers(data, where, path)
    name = f.get("name", str, required=True).strip()
    if not name:
        raise f.error("name", "must not be empty")
    cost = parse_mana_symbols(f.get("mana_cost", str, ""), where, f.sub("mana_cost"))
    supertypes, types, subtypes = parse_type_line(f.get("type_line", str, required=True), where,
                                                  f.sub("type_line"))
    power = toughness = None
    if f.has("power_toughness"):
        pt = str(f.data["power_toughness"])
        m = re.fullmatch(r"([0-9*+X-]+)/([0-9*+X-]+)", pt)
        if not m:
            raise f.error("power_toughness", f"must look like 2/3, got {pt!r}")
        power, toughness = m.groups()
        for digits in re.findall(r"[0-9]+", pt):
            check_symbol_number(digits, where, f.sub("power_toughness"))
    elif "creature" in types:
        raise f.error("power_toughness", "a creature card needs power_toughness")
    loyalty = f.get("loyalty", int, None)
    oracle = f.get("oracle_text", str, "")
    lines = [ln for ln in oracle.splitlines() if ln.strip()]
    raw_abilities = f.get("abilities", list, [])
    abilities = tuple(parse_ability(a, where, f.sub("abilities") + f"[{i}]", len(lines))
                      for i, a in enumerate(raw_abilities))
    # One entry per oracle line: two would be read as one ability (a Sol Ring written twice
    # would tap for three).
    seen_lines: set[int] = set()
    for i, a in enumerate(abilities):
        if a.line in seen_lines:
            raise f.error("abilities", f"[{i}]: oracle line {a.line} has an ability entry already; "
                                       "write each line once")
        seen_lines.add(a.line)
    covered = {a.line for a in abilities}
    missing = [i for i in range(1, len(lines) + 1) if i not in covered]
    if missing:
        raise f.error("abilities", f"oracle line {missing[0]} ({lines[missing[0] - 1][:60]!r}) "
                                   "has no ability entry; every line must be written in the vocabulary")
    _check_chosen_links(abilities, f)
    _check_part_of(abilities, f)
    indicator = f.get("color_indicator", list, [])
    if any(c not in COLORS for c in indicator):
        raise f.error("color_indicator", f"a list of colors: {', '.join(sorted(COLORS))}")
    return Card(name, cost, supertypes, types, subtypes, oracle, abilities, power, toughness,
                loyalty, where, tuple(indicator))


def _check_part_of(abilities: tuple[Ability, ...], f: Fields) -> None:
    """CR 706.3b: a line `part_of` another is a line of its results table: that ability rolls a die."""
    by_line = {a.line: a for a in abilities}
    for a in abilities:
        if a.kind == "part_of" and not any(x.kind == "roll_die" for x in by_line[a.part_of].does):
            raise f.error("abilities", f"line {a.line} is part_of line {a.part_of}, which rolls no die (roll_die)")


def _check_chosen_links(abilities: tuple[Ability, ...], f: Fields) -> None:
    """CR 607.2d: "the chosen color" refers to the choice a linked ability of the same card
    made; a card that reads it without making it has nothing to refer to."""
    reads = [a for a in abilities if a.mana is not None and a.mana.kind == "chosen"]
    makes = any(a.enters_choice is not None and a.enters_choice.kind == "color" for a in abilities)
    if reads and not makes:
        raise f.error("abilities", f"line {reads[0].line} adds mana of the chosen color, but no ability "
                                   "of the card chooses a color as it enters (enters: {choose: color})")


def parse_card_file(data: Any, where: str) -> list[Card]:
    if isinstance(data, dict) and "cards" in data and "name" not in data:
        items = Fields(data, where, "", {"cards"}).get("cards", list, required=True)
        return [parse_card(c, where, f"cards[{i}]") for i, c in enumerate(items)]
    return [parse_card(data, where)]


# -- the library -----------------------------------------------------------------------------


# Every library of this process, by a token that a forked worker's answers carry back.
_LIBRARIES: weakref.WeakValueDictionary[int, CardLibrary] = weakref.WeakValueDictionary()
_LIBRARY_TOKENS = itertools.count()


def _library_by_token(token: int) -> CardLibrary:
    library = _LIBRARIES.get(token)
    if library is None:
        raise ValueError("a card library made in the query worker cannot be passed back")
    return library


@functools.cache
def _bundled_cards() -> dict[str, Card]:
    """The bundled library's cards, from the cache (bundled_cache) when it is current, else
    read from the card files (and the cache written)."""
    root = resources.files("mtg_asp.cards")
    with resources.as_file(root) as folder:
        files = sorted(Path(folder).glob("*.yaml"))
        cache, key = _bundled_cache(Path(folder), files)
        cards = _read_cache(cache, key)
        if cards is None:
            lib = CardLibrary()
            for path in files:
                lib.add_file(path)
            cards = lib.cards
            _write_cache(cache, key, cards)
    return cards


def _bundled_cache(folder: Path, files: list[Path]) -> tuple[Path, bytes]:
    """Where the bundled library's parsed cards are cached (the user cache folder of carddb,
    one file per installed package) and the key that says the cache is current: every card
    file's name, size and modification time, and those of the translator's modules (the card
    parser and the classes the cache holds), so an edited card or parser is read again."""
    from .carddb import default_cache_dir  # here: carddb imports this module
    package = Path(__file__).parent
    sources = [*files, *sorted(package.rglob("*.py"))]
    stamp = hashlib.sha256()
    for path in sources:
        info = path.stat()
        stamp.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    where = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    return default_cache_dir() / f"bundled-cards-{where}.pickle", stamp.digest()


def _read_cache(cache: Path, key: bytes) -> dict[str, Card] | None:
    """The cached cards if the cache holds this key; None when it is absent, stale or
    unreadable (the cards are read from their files then: a cache costs speed only)."""
    try:
        with cache.open("rb") as fh:
            if fh.read(len(key)) != key:
                return None
            return pickle.load(fh)
    except Exception:  # noqa: BLE001 - any unreadable cache is read again from the card files
        return None


def _write_cache(cache: Path, key: bytes, cards: dict[str, Card]) -> None:
    """Write the cache atomically (a process reading it meanwhile sees the old one or the new
    one); a cache folder that cannot be written is passed over."""
    with contextlib.suppress(OSError, pickle.PicklingError):
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=cache.parent, prefix=cache.name, delete=False) as fh:
            fh.write(key)
            pickle.dump(cards, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(fh.name, cache)


@dataclass
class CardLibrary:
    """The one place a card name resolves (case-insensitive): `cards` (the bundled library and
    a state's inline cards), then each of `sources` in order (translator/carddb.py: card
    databases and YAML card files); the first that defines a name wins."""

    cards: dict[str, Card] = field(default_factory=dict)
    sources: tuple[CardSource, ...] = ()

    def __post_init__(self) -> None:
        self._token = next(_LIBRARY_TOKENS)
        _LIBRARIES[self._token] = self

    def __reduce__(self):
        # A state in an answer of the query worker (queries/limits.py) names its library: the
        # worker is a fork of the process that made it, so the library is already here; its
        # sources (an open card database) are never copied.
        return (_library_by_token, (self._token,))

    @classmethod
    def bundled(cls) -> CardLibrary:
        """The card library shipped with the package (read once per process; each call gets a
        library of its own to add to)."""
        return cls(dict(_bundled_cards()))

    def with_sources(self, sources: Iterable[CardSource]) -> CardLibrary:
        """A copy that also resolves names in `sources`, after its own."""
        return CardLibrary(dict(self.cards), (*self.sources, *sources))

    def add_file(self, path: Path) -> None:
        for card in parse_card_file(load_yaml_file(path), str(path)):
            self.add(card, str(path))

    def add(self, card: Card, where: str, field_path: str = "name", replace: bool = False) -> None:
        key = card.name.lower()
        if key in self.cards and not replace:
            raise InputError(where, field_path, f"card {card.name!r} is already defined in "
                                                f"{self.cards[key].source}")
        self.cards[key] = card

    def get(self, name: str) -> Card | None:
        """The card of that name, None if no source defines it. A database card that cannot be
        a card of the vocabulary raises carddb.CardUnusable (naming the file and the card)."""
        key = name.strip().lower()
        card = self.cards.get(key)
        if card is not None:
            return card
        source = self.source_of(key)
        return source.card(key) if source is not None else None

    def source_of(self, name: str) -> CardSource | None:
        """The first source that defines the name (None: `cards`, or no source at all)."""
        key = name.strip().lower()
        return next((s for s in self.sources if s.has(key)), None)

    def definitions(self, name: str) -> list[CardSource | None]:
        """Every place that defines the name, in the order they are tried (None: `cards`)."""
        key = name.strip().lower()
        return ([None] if key in self.cards else []) + [s for s in self.sources if s.has(key)]

    def suggest(self, name: str, n: int = 3) -> list[str]:
        names = {c.name.lower(): c.name for c in self.cards.values()}
        for source in self.sources:
            for key, shown in source.names():
                names.setdefault(key, shown)
        return [names[m] for m in difflib.get_close_matches(name.strip().lower(), list(names), n=n,
                                                            cutoff=0.7)]

    def unknown(self, name: str, where: str, field: str | None) -> InputError:
        """The error for a name no source defines, with the closest names of every source."""
        close = self.suggest(name)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else \
            "; define it under `cards:` in the state file, or give a card source that has it (--cards)"
        return InputError(where, field, f"unknown card {name!r}{hint}")

    def with_extra(self, cards: list[Card], where: str, path: str = "cards") -> CardLibrary:
        """A copy with a state file's inline cards added. An inline card may not silently
        shadow a card of the bundled library or of a YAML card source; it may replace a card of
        a card database (compiled from oracle text: the way to use a fixed `cards show`)."""
        lib = CardLibrary(dict(self.cards), self.sources)
        for i, card in enumerate(cards):
            key = card.name.lower()
            fixed = next((s for s in self.sources if s.has(key) and not s.replaceable), None)
            if key in lib.cards or fixed is not None:
                known = "card library" if key in lib.cards else f"card file {fixed.path}"
                raise InputError(where, f"{path}[{i}].name",
                                 f"card {card.name!r} is already in the {known}; "
                                 "give an inline card a name of its own")
            lib.cards[key] = card
        return lib
