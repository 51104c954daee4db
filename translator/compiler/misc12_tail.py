"""The misc12 tail of the pool's mana cards (issue 13): effect sentences and line templates.

- "Then if it has eight or more night counters on it, remove all of them and create eight ...
  tokens ..." (Replicating Ring): actions carried out only if its source has that many counters of
  the kind then (608.2c; `if_counters: {kind, at_least}`), after the counter put on it before.
- "you may look at the top five cards of your library. If you do, reveal up to one basic land card
  from among them, then put that card on top of your library and the rest on the bottom in any
  order." (Fertile Thicket): `dig` with `to: library_top` and `may: true` (401.4, 608.2d).
- "you may search your library for an Elf card, reveal it, then shuffle and put that card on top."
  (Elvish Harbinger): `search` with `to: library_top` (701.23a, 701.24a).
- "Exile the top seven cards of your library. You may put any number of creature and/or land cards
  from among them onto the battlefield." (Xenagos, the Reveler): the top cards exiled (`move` of
  `top_of_library` with a `count`), then any of them of those kinds (`what: them`, `count: any`).
- "Exile the top seven cards of your library. Until end of turn, you may cast spells from among them."
  (Apex of Power): the exile with `playable: until_end_of_turn` and `cast_only: true` (601.3).
- "As long as it's not your turn, ~ is a 2/3 Gargoyle artifact creature with flying." (Warden of the
  Wall): a static `becomes` on self beside its `pt` and `grant`, `condition: not_your_turn` (604.2,
  613.1d, 613.4b, 613.1f).
"""

from __future__ import annotations

import re

from .effects import EffectRead, number

N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten)"


# CR 608.2c, 122.1: "Then if it has eight or more night counters on it, remove all of them and create
# eight colorless snow artifact tokens named Replicated Ring with "..."" (Replicating Ring), after "put
# a night counter on ~": "it" is the source (the object the instruction before put counters on);
# each action after "if" carries `if_counters`, checked once, as the first of them begins.
def _then_if_counters(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .effects import read_effect
    count, kind, rest = m.groups()
    last = read.does[-1].get("counters") if read.does else None
    if last is None or last.get("what") != "self" or last.get("kind") != kind:
        return None
    rest = rest[0].upper() + rest[1:]
    after = read_effect(rest if rest.endswith(("\"", ".")) else rest + ".")
    if after is None or after.target is not None or after.creates is not None:
        return None
    guard = {"kind": kind, "at_least": number(count)}
    actions = [{"remove_counters": {"what": "self", "kind": kind, "count": "all", "if_counters": guard}}]
    for a in after.does:
        (name, params), = a.items()
        if any(k.startswith("if_") for k in params):
            return None
        actions.append({name: {**params, "if_counters": guard}})
    read.tokens.extend(after.tokens)
    return actions


# CR 401.4, 608.2d: "you may look at the top five cards of your library. If you do, reveal up to one
# basic land card from among them, then put that card on top of your library and the rest on the
# bottom in any order." (Fertile Thicket): one `dig`, the whole look its controller's choice (`may`),
# at most one card of the kind back on top (`to: library_top`), every other one on the bottom.
def _may_look_at_top_n(m: re.Match, read: EffectRead) -> list[dict] | None:
    if read.does or read.dig is not None or read.looked_top:
        return None
    read.dig = {"count": number(m.group(1)), "may": True}
    return []


def _if_you_do_reveal_on_top(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .effects import kind_words
    if read.dig is None or set(read.dig) != {"count", "may"}:
        return None
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    action = {"count": read.dig["count"], **kind, "to": "library_top",
              "order": "any" if m.group(2) == "any" else "random", "may": True}
    read.dig = None
    return [{"dig": action}]


# CR 701.23a, 701.24a: "you may search your library for an Elf card, reveal it, then shuffle and put that
# card on top." (Elvish Harbinger): the card found stays in the library, on top after the shuffle.
def _search_shuffle_on_top(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .effects import kind_words
    kind = kind_words(m.group(2))
    if not kind:
        return None
    action = {**kind, "to": "library_top", "shuffle": True}
    if m.group(1):
        action["may"] = True
    return [{"search": action}]


# CR 406.3, 608.2c, 608.2d: "Exile the top seven cards of your library. You may put any number of
# creature and/or land cards from among them onto the battlefield." (Xenagos, the Reveler): the top N
# cards exiled at once, then any set of those of the kinds (by what they print, 109.2) onto the
# battlefield under its controller's control (110.2), none included.
def _exile_top_n(m: re.Match, read: EffectRead) -> list[dict] | None:
    # (read only with the sentence after it that says what may be done with them: "the exiled
    # cards" of another line, 607.2a, would need the cards linked)
    read.exiled_top = True
    return [{"move": {"what": "top_of_library", "to": "exile", "count": number(m.group(1))}}]


def _any_number_from_among_them(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .effects import kind_words
    last = read.does[-1].get("move") if read.does else None
    if not read.exiled_top or last is None or last.get("what") != "top_of_library" or last.get("to") != "exile":
        return None
    kinds = [kind_words(w) for w in m.group(1).split(" and/or ")]
    if any(not k or "filter" not in k for k in kinds):
        return None
    which = {"any_of": [k["filter"] for k in kinds]} if len(kinds) > 1 else {"filter": kinds[0]["filter"]}
    read.exiled_top = False
    return [{"move": {"what": "them", **which, "count": "any", "to": "battlefield"}}]


# CR 601.3, 305.1: "Until end of turn, you may cast spells from among them." (Apex of Power), after
# "Exile the top seven cards of your library.": each card exiled may be cast from exile this turn by
# its controller (a land card among them is not played: cast only).
def _cast_from_among_them(m: re.Match, read: EffectRead) -> list[dict] | None:
    last = read.does[-1].get("move") if read.does else None
    if not read.exiled_top or last is None or last.get("what") != "top_of_library" or last.get("to") != "exile" \
            or "playable" in last:
        return None
    last.update({"playable": "until_end_of_turn", "cast_only": True})
    read.exiled_top = False
    return []


SENTENCES = tuple((re.compile(p), b) for p, b in (
    ((r"((?:[Yy]ou may )?)[Ss]earch your library for an? ([A-Za-z ,-]+?) card, reveal it, then shuffle and put that "
      r"card on top\."), _search_shuffle_on_top),
    (rf"Exile the top {N} cards of your library\.", _exile_top_n),
    (r"You may put any number of ([a-z]+(?: and/or [a-z]+)?) cards from among them onto the battlefield\.",
     _any_number_from_among_them),
    (r"Until end of turn, you may cast spells from among them\.", _cast_from_among_them),
    (rf"[Yy]ou may look at the top {N} cards of your library\.", _may_look_at_top_n),
    ((r"If you do, reveal up to one ([a-z ]+?) card from among them, then put that card on top of your library and "
      r"the rest on the bottom in (any|a random) order\."), _if_you_do_reveal_on_top),
    (rf"Then if it has {N} or more ([a-z]+) counters on it, remove all of them and (.+)", _then_if_counters),
))


# CR 604.2, 613.1d, 613.4b, 613.1f, 205.1b: "As long as it's not your turn, ~ is a 2/3 Gargoyle
# artifact creature with flying." (Warden of the Wall): while its controller is not the active
# player, its object is also a creature of that subtype (the types named added, its own kept: an
# artifact stays one), with base power and toughness 2/3 and the keywords; no color is named, so
# its colors stay. Read only on a noncreature whose types include every one but creature named.
NOT_YOUR_TURN_IS = re.compile(r"As long as it's not your turn, ~ is an? (\d+)/(\d+) ((?:[A-Z][a-z]+ )+)"
                              r"((?:artifact |enchantment )?)creature(?: with ([a-z ,]+))?\.")


def not_your_turn_is(text: str, ctx, normal: str):
    from .effects import _keywords
    from .subtypes import CREATURE_TYPES
    m = NOT_YOUR_TURN_IS.fullmatch(normal.strip())
    if m is None:
        return None
    power, toughness, subtypes, other, keywords = m.groups()
    own = ctx.type_line.lower().partition("—")[0].split()
    other = other.strip()
    if "creature" in own or (other and other not in own):
        return None
    names = [w.lower() for w in subtypes.split()]
    if any(n not in CREATURE_TYPES for n in names):
        return None
    kw = _keywords(keywords)
    if kw is None or kw[1]:
        return None
    becomes = {"to": "self", "types": [*([other] if other else []), "creature"], "subtypes": names}
    static: dict = {"becomes": becomes, "pt": {"set": f"{power}/{toughness}", "to": "self"}}
    if kw[0]:
        static["grant"] = {"to": "self", "ability": {"keywords": kw[0]}}
    static["condition"] = "not_your_turn"
    return {"static": static}, "static becomes"


LINE_TEMPLATES = (not_your_turn_is,)


def misc12_line(text: str, ctx, normal: str):
    """The first of this module's line templates that reads the line (registered once in lines.py)."""
    return next((read for read in (t(text, ctx, normal) for t in LINE_TEMPLATES) if read is not None), None)
