"""The misc12 tail of the pool's mana cards (issue 13): effect sentences and line templates.

- "Then if it has eight or more night counters on it, remove all of them and create eight ...
  tokens ..." (Replicating Ring): actions carried out only if its source has that many counters of
  the kind then (608.2c; `if_counters: {kind, at_least}`), after the counter put on it before.
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


SENTENCES = tuple((re.compile(p), b) for p, b in (
    (rf"Then if it has {N} or more ([a-z]+) counters on it, remove all of them and (.+)", _then_if_counters),
))
