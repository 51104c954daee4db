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
QUOTED = re.compile(r'"[^"]*"')
COSTS_LESS = re.compile(r"This ability costs \{1\} less to activate for each ([A-Za-z ]+?) you control\.")


def activated(text: str, ctx, normal: str):
    parts, printed = split_ability(normal), split_ability(text)
    if parts is None or printed is None or ADDS_MANA.search(QUOTED.sub("", parts[1])):
        return None                 # 605.1a: one that could add mana is a mana ability (mana.py's;
                                    # an ability in quotes it gives a token is the token's own)
    costs = read_cost(parts[0], "planeswalker" in ctx.type_line.lower(), adds_no_mana=True)
    if costs is None:
        return None
    entry: dict = {"cost": costs}
    unread = effect_after_cost(entry, parts[1], printed[1], ctx)
    return None if unread is None else ({"activated": entry}, "activated", unread)


def effect_after_cost(entry: dict, said_text: str, shown_text: str, ctx) -> tuple[str, ...] | None:
    """The part of an activated ability after its cost, read into `entry` (an ability of a
    permanent, or one that functions from the hand): its activation instructions (602.5), and
    its effect as actions or created effects, or kept as words. The parts kept as words; None
    when the line is not read this way."""
    said, shown = sentences(said_text), sentences(shown_text)
    if len(said) != len(shown):
        return None
    # CR 602.5: its activation instructions ("Activate only as a sorcery.") close the line.
    rest = closing_instructions(entry, said, shown)
    if rest is None or not rest[0]:
        return None
    said, shown = rest
    less = COSTS_LESS.fullmatch(said[-1])
    if less is not None and len(said) > 1:
        # CR 601.2f, 602.2b: "This ability costs {1} less to activate for each legendary creature
        # you control" (the Channel lands): a reduction of its own cost, read beside the cost
        from .land_moves import each_of_kinds
        kinds = each_of_kinds(less.group(1))
        if kinds is None:
            return None
        entry["costs_less_for_each"] = kinds[0] if len(kinds) == 1 else kinds
        said, shown = said[:-1], shown[:-1]
    entry["effect"] = " ".join(shown)
    sacrifices = any(isinstance(c, dict) and "sacrifice" in c and c["sacrifice"] != "self"
                     for c in entry.get("cost", []))
    x_cost = any(isinstance(c, str) and "{X}" in c for c in entry.get("cost", []))     # 107.3k (lands9_tail.py)
    read = read_effect(" ".join(said), creates=True, type_line=ctx.type_line, sacrifice_cost=sacrifices,
                       x_cost=x_cost)
    if read is None:
        return ("effect",)
    ctx.tokens.extend(read.tokens)
    if read.target is not None:
        entry["targets"], entry["target"] = read.targets, read.target
    if read.does:
        entry["does"] = read.does
    if read.creates is not None:
        # an effect "until end of turn" (611.2a); words it keeps ("all creature types") are named
        entry["creates"] = read.creates
        return ("words",) if "text" in read.creates else ()
    return ()
