"""Activated abilities that do not add mana ("[Cost]: [Effect]", CR 602.1): the cost through
compiler/costs.py, its activation instructions (602.5), and its effect through
compiler/effects.py. A cost not read whole leaves the line text (118.3: a part left out would
let it be activated unpaid); an effect beyond the templates is kept as words (partial): the
ability can be activated in `activations`, and the what-if refuses to resolve it (608.2)."""

from __future__ import annotations

import re

from .costs import read_cost
from .effects import read_effect, sentences
from .mana import closing_instructions, split_ability

ADDS_MANA = re.compile(r"\b[Aa]dds?\b")


def activated(text: str, ctx, normal: str):
    parts, printed = split_ability(normal), split_ability(text)
    if parts is None or printed is None or ADDS_MANA.search(parts[1]):
        return None                 # 605.1a: one that could add mana is a mana ability (mana.py's)
    costs = read_cost(parts[0], "planeswalker" in ctx.type_line.lower())
    if costs is None:
        return None
    entry: dict = {"cost": costs}
    said, shown = sentences(parts[1]), sentences(printed[1])
    if len(said) != len(shown):
        return None
    # CR 602.5: its activation instructions ("Activate only as a sorcery.") close the line.
    rest = closing_instructions(entry, said, shown)
    if rest is None or not rest[0]:
        return None
    said, shown = rest
    entry["effect"] = " ".join(shown)
    read = read_effect(" ".join(said), creates=True, type_line=ctx.type_line)
    if read is None:
        return {"activated": entry}, "activated", ("effect",)
    ctx.tokens.extend(read.tokens)
    if read.target is not None:
        entry["targets"], entry["target"] = read.targets, read.target
    if read.does:
        entry["does"] = read.does
    if read.creates is not None:
        # an effect "until end of turn" (611.2a); words it keeps ("all creature types") are named
        entry["creates"] = read.creates
        return {"activated": entry}, "activated", ("words",) if "text" in read.creates else ()
    return {"activated": entry}, "activated", ()
