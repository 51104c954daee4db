"""The vocabulary of how a permanent enters the battlefield (docs/cards.md, "Entering"): the
condition of "enters tapped unless ..." / "If ..., ~ enters tapped" (CR 614.1c, 614.12), and the
choice "As ~ enters, choose a color [other than C] / a creature type" (614.12a, 607.2d).
Translation only: whether a condition holds is decided in asp/zones.lp as the permanent enters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .yamlio import Fields, describe

COLORS = ("white", "blue", "black", "red", "green")
# What a player may be asked to choose as a permanent enters (614.12a): a color (105.4) or a
# creature type (205.3m).
CHOICES = ("color", "creature_type")
# CR 205.3m: the creature types (lower case; "time_lord" is "Time Lord").
_CREATURE_TYPE_WORDS = """
    time_lord advisor aetherborn alien ally angel antelope ape archer archon armadillo army
    artificer assassin assembly-worker astartes atog aurochs avatar azra badger balloon barbarian
    bard basilisk bat bear beast beaver beeble beholder berserker bird bison blinkmoth boar bringer
    brushwagg camarid camel capybara caribou carrier cat centaur child chimera citizen cleric clown
    cockatrice construct coward coyote crab crocodile c’tan custodes cyberman cyclops dalek dauthi
    demigod demon deserter detective devil dinosaur djinn doctor dog dragon drake dreadnought drix
    drone druid dryad dwarf echidna efreet egg elder eldrazi elemental elephant elf elk employee eye
    faerie ferret fish flagbearer fox fractal frog fungus gamer gargoyle germ giant giraffe gith
    glimmer gnoll gnome goat goblin god golem gorgon graveborn gremlin griffin guest hag halfling
    hamster harpy hedgehog hellion hero hippo hippogriff homarid homunculus horror horse human hydra
    hyena illusion imp incarnation inkling inquisitor insect jackal jellyfish juggernaut kangaroo
    kavu kirin kithkin knight kobold kor kraken llama lamia lammasu leech lemur leviathan lhurgoyf
    licid lizard lobster manticore masticore mercenary merfolk metathran minion minotaur mite mole
    monger mongoose monk monkey moogle moonfolk mount mouse mutant myr mystic nautilus necron
    nephilim nightmare nightstalker ninja noble noggle nomad nymph octopus ogre ooze orb orc orgg
    otter ouphe ox oyster pangolin peasant pegasus pentavite performer pest phelddagrif phoenix
    phyrexian pilot pincher pirate plant platypus porcupine possum praetor primarch prism processor
    qu rabbit raccoon ranger rat rebel reflection rhino rigger robot rogue sable salamander samurai
    sand saproling satyr scarecrow scientist scion scorpion scout sculpture seal serf serpent servo
    shade shaman shapeshifter shark sheep siren skeleton skunk slith sliver sloth slug snail snake
    soldier soltari sorcerer spawn specter spellshaper sphinx spider spike spirit splinter sponge
    squid squirrel starfish surrakar survivor symbiote synth tentacle tetravite thalakos thopter
    thrull tiefling toy treefolk trilobite triskelavite troll turtle tyranid unicorn utrom vampire
    varmint vedalken villain volver wall walrus warlock warrior weasel weird werewolf whale wizard
    wolf wolverine wombat worm wraith wurm yeti zombie zubera
"""
CREATURE_TYPES = frozenset(w.replace("_", " ") for w in _CREATURE_TYPE_WORDS.split())
CONDITIONS = ("you_control", "opponents", "pay_life", "reveal", "counters")


@dataclass(frozen=True)
class Condition:
    """A condition read as a permanent enters (or, `counters`, while a restriction applies).

    kind: you_control ("you control two or more other lands": permanents the player controls
          matching any of `filters`, counted, compared with `at_least`/`at_most`),
          opponents ("you have two or more opponents": at_least),
          pay_life ("you may pay 2 life": a choice, made only if the life can be paid, 119.4),
          reveal ("you may reveal a Forest or Plains card from your hand": a choice, made only
          with such a card in hand),
          counters ("if it has a depletion counter on it": `counter` kind, at_least).
    """

    kind: str
    filters: tuple[tuple[str, ...], ...] = ()   # you_control / reveal: any of these filters
    other: bool = False                         # you_control: "other" (the permanent entering is
                                                # never on the battlefield yet, 614.12)
    compare: str = "at_least"                   # at_least | at_most
    count: int = 1
    counter: str = ""                           # counters: the counter kind
    power_at_least: int = 0                     # you_control, of a triggered ability's "if" (603.4):
                                                # "a creature with power 5 or greater" (208.1)
    distinct_names: bool = False                # you_control, of a triggered ability's "if": "seven or
                                                # more lands with different names" (201.2: names counted)
    or_you_control: bool = False                # reveal: "... unless you revealed a Dragon card this
                                                # way or you control a Dragon" (the same filters)


def parse_condition(arg: Any, f: Fields, key: str, parse_filter, trigger: bool = False) -> Condition:
    """`{you_control: {filter | any_of, other, at_least | at_most}}`, `{opponents: {at_least}}`,
    `{pay_life: N}`, `{reveal: {filter | any_of}}`, `{counters: {kind, at_least}}`."""
    c = Fields(arg, f.where, f.sub(key), set(CONDITIONS))
    if not isinstance(arg, dict) or len(arg) != 1:
        raise f.error(key, f"a condition is one of {', '.join(CONDITIONS)}, like "
                           "{you_control: {filter: [forest]}}")
    (kind, value), = arg.items()
    if kind == "pay_life":
        n = c.get(kind, int, required=True)
        if n < 1:
            raise c.error(kind, "must be a positive amount of life")
        return Condition(kind, count=n)
    sub = Fields(value, f.where, c.sub(kind), {"filter", "any_of", "other", "at_least", "at_most", "kind"} |
                 ({"power_at_least", "distinct_names"} if trigger and kind == "you_control" else set()) |
                 ({"or_you_control"} if kind == "reveal" else set()))
    if kind == "counters":
        counter = sub.get("kind", str, required=True)
        if trigger and sub.has("at_most"):
            # a triggered ability's "if ~ has no charge counters on it", "... fewer than three
            # +1/+1 counters on it" (603.4: its source's counters)
            return Condition(kind, counter=counter, compare="at_most", count=_count(sub, "at_most"))
        return Condition(kind, counter=counter, count=_count(sub, "at_least", 1))
    if kind == "opponents":
        return Condition(kind, count=_count(sub, "at_least", required=True))
    filters = _filters(sub, parse_filter)
    if kind == "reveal":
        if sub.has("other") or sub.has("at_least") or sub.has("at_most"):
            raise sub.error(None, "reveal takes filter or any_of: the card revealed from the hand")
        return Condition(kind, filters=filters, or_you_control=sub.get("or_you_control", bool, False))
    if sub.has("at_least") and sub.has("at_most"):
        raise sub.error(None, "give at_least or at_most, not both")
    compare = "at_most" if sub.has("at_most") else "at_least"
    return Condition(kind, filters=filters, other=sub.get("other", bool, False), compare=compare,
                     count=_count(sub, compare, 1), power_at_least=_count(sub, "power_at_least", 0),
                     distinct_names=sub.get("distinct_names", bool, False))


def _count(f: Fields, key: str, default: int | None = None, required: bool = False) -> int:
    n = f.get(key, int, default, required=required)
    if n < 0:
        raise f.error(key, f"must be 0 or more, got {describe(n)}")
    return n


def _filters(f: Fields, parse_filter) -> tuple[tuple[str, ...], ...]:
    if f.has("filter") == f.has("any_of"):
        raise f.error(None, "give filter (\"a Forest\": [forest]) or any_of (\"a Forest or a Plains\": "
                            "[[forest], [plains]])")
    if f.has("filter"):
        return (parse_filter(f.data["filter"], f, "filter"),)
    alts = f.get("any_of", list)
    if len(alts) < 2:
        raise f.error("any_of", "lists two filters or more (one is `filter`)")
    return tuple(parse_filter(a, f, "any_of") for a in alts)


@dataclass(frozen=True)
class Choice:
    """"As ~ enters, choose a color other than red": what is chosen and the values excluded."""

    kind: str                                   # color | creature_type
    other_than: tuple[str, ...] = ()            # color: the colors it may not be


def parse_choice(f: Fields) -> Choice:
    kind = f.get("choose", str)
    if kind not in CHOICES:
        raise f.error("choose", f"must be one of {', '.join(CHOICES)}, got {describe(kind)}")
    raw = f.get("other_than", (list, str), [])
    other = tuple(str(c).lower() for c in ([raw] if isinstance(raw, str) else raw))
    if other and kind != "color":
        raise f.error("other_than", "only a color choice excludes colors")
    for c in other:
        if c not in COLORS:
            raise f.error("other_than", f"{c!r} is not a color ({', '.join(COLORS)})")
    return Choice(kind, other)


def parse_chosen(value: Any, f: Fields, key: str, choice: Choice | None, card: str) -> tuple[tuple[str, str], ...]:
    """A permanent's `chosen: {color: green}` / `{creature_type: elf}`: the value chosen as it
    entered (614.12a), for a card whose ability makes that choice (607.2d)."""
    c = Fields(value, f.where, f.sub(key), set(CHOICES))
    if len(c.data) != 1:
        raise f.error(key, "give one choice, like {color: green} or {creature_type: elf}")
    (kind, v), = c.data.items()
    if choice is None or choice.kind != kind:
        made = f"a {choice.kind.replace('_', ' ')}" if choice else "nothing"
        raise c.error(kind, f"{card} chooses {made} as it enters")
    if not isinstance(v, str):
        raise c.error(kind, f"must be a word, got {describe(v)}")
    v = v.strip().lower()
    if kind == "color" and v not in COLORS:
        raise c.error(kind, f"{v!r} is not a color ({', '.join(COLORS)})")
    if kind == "color" and v in choice.other_than:
        raise c.error(kind, f"{card} chooses a color other than {', '.join(choice.other_than)}")
    if kind == "creature_type" and v not in CREATURE_TYPES:
        raise c.error(kind, f"{v!r} is not a creature type (CR 205.3m)")
    return ((kind, v),)
