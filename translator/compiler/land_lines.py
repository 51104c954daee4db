"""Effect sentences of the long tail of Land cards, landB's part (issue 13): a permanent tapping
itself (701.26a), a pump of X (107.3), counters on the creatures that entered the battlefield this
turn (the state word `entered_this_turn`).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions (or [] for a created effect) or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead, kind_words

ENTERED = " that entered the battlefield this turn"


def _counter_on_entered(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a +1/+1 counter on each creature that entered the battlefield this turn." (Novijen,
    Heart of Progress), "... on each green creature ..." (Oran-Rief, the Vastwood), "... on target
    colorless creature ..." (Ruins of Oran-Rief): the permanents of that kind, whoever controls
    them, with the state word entered_this_turn (122.1, 110.2)."""
    which, kind = m.group(1).lower(), kind_words(m.group(2))
    if not kind or "filter" not in kind:
        return None
    words = [*kind["filter"], "entered_this_turn"]
    if which == "each":
        return [{"counters": {"kind": "+1/+1", "what": "each", "filter": words}}]
    read.target, read.targets = {"filter": words}, [f"target {m.group(2)}{ENTERED}"]
    return [{"counters": {"kind": "+1/+1", "what": "target"}}]


def _control_to_owners(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Each player gains control of all creatures they own." (Homeward Path): each to its owner
    (108.3), under one control-changing effect that lasts indefinitely (613.1b, 611.2a)."""
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind or read.creates is not None:
        return None
    read.creates = {"control": "each", "duration": "indefinitely"}
    return [{"control_to_owners": {"what": "each", "filter": kind["filter"]}}]


def _target_becomes_subtype(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target legendary creature becomes a God in addition to its other types." (Tyrite
    Sanctum): the creature type added in layer 4 (613.1d, 205.1b: "in addition to"), with no
    duration: for as long as the game lasts (611.2a)."""
    from .effects import read_target
    from .subtypes import CREATURE_TYPES
    t, kind = read_target(m.group(1)), m.group(2).lower()
    if t is None or not isinstance(t[0], dict) or "creature" not in t[0].get("filter", []) or \
            kind not in CREATURE_TYPES or read.creates is not None:
        return None
    read.target, read.targets = t[0], [t[1]]
    read.creates = {"becomes": {"to": "target", "subtypes": [kind], "retains": True}, "duration": "indefinitely"}
    read.still = True                   # (nothing is replaced: read_effect's check of 205.1a)
    return []


def _counter_on_it(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a +1/+1 counter on it." after "Target ... becomes a God ...": "it" is that target, and
    the effect was created before (the vocabulary's order, as written)."""
    if not isinstance(read.target, dict) or (read.creates or {}).get("becomes", {}).get("to") != "target":
        return None
    return [{"counters": {"kind": "+1/+1", "what": "target"}}]


def _fight_target(words: str) -> dict | None:
    """"Beast creature you control", "creature an opponent controls": one fighter's target."""
    from .subtypes import CREATURE_TYPES
    m = re.fullmatch(r"(?:([A-Z][a-z]+) )?creature(?: (you control|an opponent controls|you don't control))?", words)
    if m is None or (m.group(1) and m.group(1).lower() not in CREATURE_TYPES):
        return None
    out: dict = {"filter": [*([m.group(1).lower()] if m.group(1) else []), "creature"]}
    if m.group(2):      # ("you don't control": not_you, a teammate's too, 102.3)
        out["controller"] = {"you control": "you", "an opponent controls": "opponent"}.get(m.group(2), "not_you")
    return out


def _fight(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target Beast creature you control fights target creature an opponent controls." (Contested
    Cliffs; 701.14a): two targets, in the order written (115.1)."""
    first, second = _fight_target(m.group(1)), _fight_target(m.group(2))
    if first is None or second is None or read.target is not None:
        return None
    read.target = [first, second]
    read.targets = [f"target {m.group(1)}", f"target {m.group(2)}"]
    return [{"fight": {"what": "targets"}}]


SENTENCES = tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    # "At the beginning of your combat step, tap ~." (Aggressive Crag; 701.26a)
    (rf"tap {SELF_WORDS}\.", lambda m, r: [{"tap": {"what": "self"}}]),
    (r"target ([a-z ]+?) becomes an? ([A-Z][a-z]+) in addition to its other types\.", _target_becomes_subtype),
    (r"put a \+1/\+1 counter on it\.", _counter_on_it),
    (r"target ([A-Za-z' ]+?) fights target ([a-z' ]+?)\.", _fight),
    (r"each player gains control of all ([a-z ]+?)s they own\.", _control_to_owners),
    (rf"put a \+1/\+1 counter on (each|target) ([a-z ]*?creature){ENTERED}\.", _counter_on_entered),
))


# -- transmute (CR 702.53a), a line template (compiler/lines.py) -------------------------------
TRANSMUTE = re.compile(r"Transmute ((?:\{[^{}]+\})+)")
TRANSMUTE_EFFECT = ("Search your library for a card with the same mana value as the discarded card, reveal that "
                    "card, and put it into your hand. Then shuffle.")


def transmute(text: str, ctx, normal: str):
    """"Transmute {1}{U}{U}" (Tolaria West; 702.53a: "[Cost], Discard this card: Search your library
    for a card with the same mana value as the discarded card, reveal that card, and put it into
    your hand. Then shuffle. Activate only as a sorcery."): an ability of the card in a hand (113.6b)."""
    from .costs import mana_symbols
    from .hand import HAND_COSTS
    m = TRANSMUTE.fullmatch(normal)
    if not m or not mana_symbols(m.group(1)):
        return None
    entry = {"zone": "hand", "cost": [m.group(1), HAND_COSTS["Discard ~"]], "timing": "sorcery",
             "effect": TRANSMUTE_EFFECT,
             "does": [{"search": {"mana_value": "source", "to": "hand", "shuffle": True}}]}
    return {"activated": entry}, "transmute", ()
