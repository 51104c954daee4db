"""Trigger events about another object (CR 603.2): "Whenever another Elf enters the battlefield
under your control", "Whenever a creature dies", "Whenever a creature you control attacks",
"Whenever you cast a multicolored spell", "Whenever a player casts a creature spell", "Whenever
you discard a land card". Each is
the vocabulary's `when: {event: {filter, controller?, another?, or_self?}}` (a `matching`
subject, translator/cards.py's WhenSubject; asp/subject_triggers.lp decides them). The triggered
and mana templates (triggered.py, mana.py) ask here after their own events."""

from __future__ import annotations

import re

from .words import kind_filter

KIND = r"[A-Za-z -]+?"
WHOSE = {"you": "you", "a player": "any", "an opponent": "opponent"}


def subject_words(phrase: str) -> list[str] | None:
    """The filter words of the kind a subject names ("nontoken creature", "Elf", "land",
    "multicolored"), or None."""
    words, out = phrase.split(), []
    for w in words:
        if w.lower() in ("nontoken", "multicolored"):
            out.append(w.lower())
            continue
        f = kind_filter(w)
        if f is None:
            return None
        out.extend(f)
    return out or None


def _subject(kind: str, controller: str = "any", another: bool = False, or_self: bool = False) -> dict | None:
    if " or " in kind:                  # "a Spirit or Arcane spell": any of the kinds
        kinds = [subject_words(k) for k in kind.split(" or ")]
        if any(k is None for k in kinds):
            return None
        out: dict = {"any_of": kinds}
    else:
        words = subject_words(kind)
        if words is None:
            return None
        out = {"filter": words}
    if controller != "any":
        out["controller"] = controller
    if another:
        out["another"] = True
    if or_self:
        out["or_self"] = True
    return out


def _enters(m: re.Match) -> dict | None:
    article, kind, you1, you2 = m.groups()
    s = _subject(kind, "you" if (you1 or you2) else "any", article.lower() == "another")
    return None if s is None else {"enters": s}


def _dies(m: re.Match) -> dict | None:
    self_or, article, kind, you = m.groups()
    if self_or and article.lower() != "another":
        return None
    s = _subject(kind, "you" if you else "any", article.lower() == "another", bool(self_or))
    if s is None or "creature" not in s.get("filter", ()):
        return None                     # 700.4: what dies is a creature
    return {"dies": s}


def _cast(m: re.Match) -> dict | None:
    who, kind = m.groups()
    if kind == "spell with {X} in its mana cost":       # (107.3, 202.1)
        return {"cast_spell": {"filter": ["x_in_cost"], **({"controller": WHOSE[who]} if who != "a player" else {})}}
    if kind.lower() == "creature" and who == "you":
        return None                     # (triggered.py's own cast_creature_spell)
    s = _subject(kind, WHOSE[who])
    if s is None or any("nontoken" in f for f in s.get("any_of", [s.get("filter", [])])):
        return None
    return {"cast_spell": s}


def _discards(m: re.Match) -> dict | None:
    who, kind = m.groups()
    words = subject_words(kind.replace(",", ""))
    if words is None or "nontoken" in words:
        return None
    return {"discards": {"filter": words, **({"controller": WHOSE[who]} if WHOSE[who] != "any" else {})}}


DISCARD = r"Whenever (you|an opponent|a player) discards? an? ((?:non[a-z]+, )*[A-Za-z ]+?) card"


def split_discard(normal: str) -> tuple[str, str, str] | None:
    """"Whenever you discard a noncreature, nonland card, draw a card.": the trigger condition,
    its comma kept, and the effect (the head holds a comma: str.partition would split it)."""
    m = re.match(DISCARD + ", ", normal)
    return None if m is None else (normal[:m.end() - 2], ", ", normal[m.end():])


PATTERNS = (
    # 603.6a: "Whenever a[nother] Dragon enters the battlefield [under your control]", "Whenever
    # another creature you control enters"
    (re.compile(rf"Whenever (a|an|another) ({KIND})( you control)? enters(?: the battlefield)?( under your control)?"),
     _enters),
    # 700.4, 603.10a: "Whenever a creature dies", "Whenever ~ or another nontoken creature you control dies"
    (re.compile(rf"Whenever (~ or )?(a|an|another) ({KIND})( you control)? dies"), _dies),
    # 508.3a: "Whenever a creature you control attacks" (once for each attacker)
    (re.compile(r"Whenever a creature you control attacks"),
     lambda m: {"attacks": {"filter": ["creature"], "controller": "you"}}),
    # 601.2i: "Whenever you cast a multicolored spell", "Whenever a player casts a creature spell"
    (re.compile(rf"Whenever (you|a player|an opponent) casts? an? ({KIND}) spell"), _cast),
    (re.compile(r"Whenever (you|a player|an opponent) casts? a (spell with \{X\} in its mana cost)"), _cast),
    # 701.9a: "Whenever you discard a creature card", "... a noncreature, nonland card"
    (re.compile(DISCARD), _discards),
)


def subject_event(head: str) -> dict | None:
    """The `when:` of a trigger condition about another object (self references as ~), or None."""
    for pattern, build in PATTERNS:
        m = pattern.fullmatch(head)
        if m:
            return build(m)
    return None
