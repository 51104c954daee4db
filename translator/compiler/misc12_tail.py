"""The misc12 tail of the pool's mana cards (issue 13): effect sentences and line templates.

- "Then if it has eight or more night counters on it, remove all of them and create eight ...
  tokens ..." (Replicating Ring): actions carried out only if its source has that many counters of
  the kind then (608.2c; `if_counters: {kind, at_least}`), after the counter put on it before.
- "you may look at the top five cards of your library. If you do, reveal up to one basic land card
  from among them, then put that card on top of your library and the rest on the bottom in any
  order." (Fertile Thicket): `dig` with `to: library_top` and `may: true` (401.4, 608.2d).
- "you may search your library for an Elf card, reveal it, then shuffle and put that card on top."
  (Elvish Harbinger): `search` with `to: library_top` (701.23a, 701.24a).
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


SENTENCES = tuple((re.compile(p), b) for p, b in (
    (r"((?:[Yy]ou may )?)[Ss]earch your library for an? ([A-Za-z ,-]+?) card, reveal it, then shuffle and put that "
     r"card on top\.", _search_shuffle_on_top),
    (rf"[Yy]ou may look at the top {N} cards of your library\.", _may_look_at_top_n),
    (r"If you do, reveal up to one ([a-z ]+?) card from among them, then put that card on top of your library and "
     r"the rest on the bottom in (any|a random) order\.", _if_you_do_reveal_on_top),
    (rf"Then if it has {N} or more ([a-z]+) counters on it, remove all of them and (.+)", _then_if_counters),
))
