"""Effect sentences of issue 13's eleventh round (compiler/misc11_tail.py has its line templates):

- "~ deals 1 damage to each creature without flying." (The First Eruption): damage to each permanent
  of the kind, `without: flying` (a keyword it must not have; `with` the mirror), 120.3, 702.
- "Sacrifice a Mountain. If you do, ~ deals 3 damage to each creature." (The First Eruption): the
  instruction after a sacrifice of one permanent of a kind, `if_done: true` (608.2c: only if one
  was sacrificed; with none to sacrifice, 701.21a, none was): compiler/lands8_tail.py's "If you do"
  reading, which accepts it after such a sacrifice (sacrificed_one).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead, N, kind_words, number

KEYWORDS_WITH = ("flying", "reach", "defender", "trample", "haste", "vigilance", "deathtouch", "lifelink")


def _damage_each_with(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ deals 1 damage to each creature without flying." (each matching permanent as it resolves)."""
    kind = kind_words(m.group(2))
    if not kind or "filter" not in kind or set(kind) != {"filter"}:
        return None
    return [{"damage": {"to": "each", "amount": number(m.group(1)), "filter": kind["filter"],
                        m.group(3): m.group(4)}}]


def sacrificed_one(read: EffectRead) -> bool:
    """The instruction before is "Sacrifice a Mountain." (one permanent of a kind, no choice to decline):
    "If you do, ..." after it is carried out only if one was sacrificed (608.2c; compiler/lands8_tail.py
    reads the sentence)."""
    last = read.does[-1] if read.does else {}
    return list(last) == ["sacrifice"] and last["sacrifice"].get("what") == "one" and \
        not last["sacrifice"].get("may") and last["sacrifice"].get("count", 1) == 1


def _fight_up_to_one(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target creature you control fights up to one target creature you don't control." (Arni Slays
    the Troll; 701.14a): the second target `up_to` (115.6: none may be chosen; then no fight)."""
    from .land_lines import _fight_target
    first, second = _fight_target(m.group(1)), _fight_target(m.group(2))
    if first is None or second is None or read.target is not None:
        return None
    read.target = [first, {**second, "up_to": True}]
    read.targets = [f"target {m.group(1)}", f"up to one target {m.group(2)}"]
    return [{"fight": {"what": "targets"}}]


_YOURS = {"filter": ["creature"], "controller": "you"}


def beside_each(read: EffectRead) -> bool:
    """"Put a +1/+1 counter on each creature you control. Those creatures gain vigilance, trample, and
    indestructible until end of turn." (Song of Freyalise): a grant of keywords to the creatures its
    controller controls as it resolves (611.2c), beside counters put on each of them: the same
    creatures, and the order cannot matter."""
    creates = read.creates or {}
    if set(creates) != {"grant", "duration"} or creates["grant"].get("to") != _YOURS or \
            set(creates["grant"].get("ability", {})) != {"keywords"}:
        return False
    return all(set(a) == {"counters"} and a["counters"].get("what") == "each" and
               a["counters"].get("filter") == ["creature"] and a["counters"].get("controller") == "you"
               for a in read.does)


def _those_creatures_gain(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Those creatures gain vigilance, trample, and indestructible until end of turn." right after
    "Put a +1/+1 counter on each creature you control.": the creatures its controller controls."""
    from .effects import _created, _keywords
    if not read.does or read.does[-1].get("counters", {}).get("what") != "each" or \
            read.does[-1]["counters"].get("filter") != ["creature"] or read.does[-1]["counters"].get("controller") != "you":
        return None
    kw = _keywords(m.group(1))
    if kw is None or not kw[0] or kw[1]:
        return None
    return _created(read, {"grant": {"to": dict(_YOURS), "ability": {"keywords": kw[0]}}})


_COUNT = {"a card": 1, "two cards": 2, "three cards": 3}


def _draw_and_lose(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"you draw a card and you lose 1 life." (The Bloodsky Massacre): the two instructions in order."""
    return [{"draw": {"count": _COUNT[m.group(1)]}}, {"lose_life": {"amount": number(m.group(2))}}]


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (rf"[Yy]ou draw (a card|two cards|three cards) and you lose {N} life\.", _draw_and_lose),
    (r"Those creatures gain ([a-z ,]+?) until end of turn\.", _those_creatures_gain),
    (r"[Tt]arget ([A-Za-z' ]+?) fights up to one target ([a-z' ]+?)\.", _fight_up_to_one),
    (r"[Yy]ou gain life equal to the greatest power among creatures you control\.",
     lambda m, r: [{"gain_life": {"amount": "greatest_power"}}]),
    (rf"{SELF_WORDS} deals {N} damage to each ([a-z ]+?) (with|without) ({'|'.join(KEYWORDS_WITH)})\.", _damage_each_with),
))
