"""Words of oracle text the templates share: numbers, kinds of permanents ("untapped Elves",
"basic land") as vocabulary filters, self references, sentences."""

from __future__ import annotations

import re

from ..cards import CARD_TYPES, COLORS, NEGATED, SUPERTYPES
from .subtypes import SUBTYPES

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# "this land", "this creature" ...: the object the ability is on (CR 201.5, current Oracle
# wording). "This card" is the card in a zone other than the battlefield.
THIS_OBJECT = re.compile(r"\b[Tt]his (land|creature|artifact|permanent|enchantment|planeswalker|card|"
                         r"Aura|Equipment|Vehicle|token)\b")
# "creature token named [name]" up to the sentence's end: the token's name (111.4).
TOKEN_NAME = re.compile(r"\btokens? named ([A-Z][A-Za-z' ]+)(?=\.)")
# Reminder text (CR 207.2a: it has no rules meaning).
REMINDER = re.compile(r"\s*\([^()]*\)")


def number(word: str) -> int | None:
    w = word.lower()
    if w.isdigit():
        return int(w)
    return NUMBERS.get(w)


def self_reference(text: str, name: str) -> str:
    """The line with the card's name, the short name of a legendary card before its comma
    ("Urborg" for "Urborg, Tomb of Yawgmoth") and "this land/creature/..." written `~` (CR
    201.5, 201.4b): pre-2024 wording (the name) and current wording ("this land") read alike."""
    # "... token named Kobolds of Kher Keep" (Kher Keep): the name an effect gives a token is
    # that token's (111.4), not a reference to this object
    named = TOKEN_NAME.search(text)
    if named is not None:
        return self_reference(text[:named.start(1)], name) + named.group(1) + \
            self_reference(text[named.end(1):], name)
    out = text.replace(name, "~")
    # (MTGJSON marks the variants of one Un-card "Everythingamajig [C]"; each prints its name bare)
    variant = re.fullmatch(r"(.+) \[[A-Z]\]", name)
    if variant is not None:
        out = out.replace(variant.group(1), "~")
    short = name.split(",")[0]
    if short != name and len(short) > 2:
        out = re.sub(rf"\b{re.escape(short)}\b", "~", out)
    return THIS_OBJECT.sub("~", out)


def singular(word: str) -> list[str]:
    """The forms a plural noun could have come from ("Elves": elf; "Allies": ally)."""
    w = word.lower()
    out = [w]
    if w.endswith("ves"):
        out += [w[:-3] + "f", w[:-3] + "fe"]
    if w.endswith("ies"):
        out.append(w[:-3] + "y")
    if w.endswith("es"):
        out.append(w[:-2])
    if w.endswith("s"):
        out.append(w[:-1])
    return out


TYPE_WORDS = CARD_TYPES | SUPERTYPES | COLORS | {"permanent", "colorless", "token"}   # "a Prism token" (CR 111.1)


def filter_word(word: str) -> str | None:
    """One word of a kind ("red", "creatures", "nonbasic", "Elves") as a filter word, or None
    when it names no type, supertype, color or subtype the rules know (CR 205.3)."""
    for w in singular(word.strip().lower()):
        if w in TYPE_WORDS or w in SUBTYPES:
            return w
        if w in NEGATED:            # "nonbasic", "nonland" (not "non-Human": filters negate types)
            return w
    return None


def kind_filter(phrase: str) -> tuple[str, ...] | None:
    """A kind of permanent as filter words that must all hold ("untapped" is not a kind: the
    caller reads it). None if any word is not a type, color or subtype."""
    words = phrase.split()
    if not words:
        return None
    out = []
    for w in words:
        f = filter_word(w)
        if f is None:
            return None
        out.append(f)
    return tuple(out)


def sentences(text: str) -> list[str]:
    """The sentences of a line, each with its final period; a period inside quotes does not end
    one ("have "{T}: Add {G}."")."""
    out, cur, quoted = [], "", False
    for i, ch in enumerate(text):
        cur += ch
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(cur.strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out
