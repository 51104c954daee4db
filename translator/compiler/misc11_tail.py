"""Lines of the pool's mana cards read by issue 13's eleventh round of miscellaneous templates:

- "Other Wolves and Werewolves you control get +1/+1." (Lord of the Ulvenwald): a static `pt` on
  a group of two kinds, `to: {any_of: [[wolf], [werewolf]], controller: you, other: true}`: each
  permanent of either kind once (613.4c; a Wolf Werewolf is one object of the group, not two).
"""

from __future__ import annotations

import re

from . import words
from .subtypes import CREATURE_TYPES
from .words import REMINDER, filter_word


def anthem_of_two_kinds(text: str, ctx, normal: str):
    """"[Other ]Wolves and Werewolves you control get +1/+1." (two creature types, 205.3m)."""
    m = re.fullmatch(r"(Other )?([A-Z][a-z]+) and ([A-Z][a-z]+) you control get ([+-]\d+/[+-]\d+)\.",
                     REMINDER.sub("", normal).strip())
    if not m:
        return None
    kinds = []
    for plural in (m.group(2), m.group(3)):
        w = filter_word(plural)
        if w is None or w not in CREATURE_TYPES or w == plural.lower():
            return None                     # (a plural creature type only)
        kinds.append([w])
    if kinds[0] == kinds[1]:
        return None
    to: dict = {"any_of": kinds, "controller": "you"}
    if m.group(1):
        to["other"] = True
    return {"static": {"pt": {"modify": m.group(4), "to": to}}}, "static_pt of two kinds"


def upkeep_or_cast(text: str, ctx, normal: str):
    """"At the beginning of your upkeep or whenever you cast a green spell, put a charge counter on
    ~." (Shrine of Boundless Growth): one triggered ability with two trigger events (603.2): the cast
    trigger as the general template reads it ("Whenever you cast a green spell, ..."), with
    `or_when: {beginning_of_upkeep: your_turn}`; read only when its whole effect is."""
    from .lines import Context, compile_line
    m = re.fullmatch(r"At the beginning of your upkeep or (whenever you cast [^,]+ spell), (.+)", normal.strip())
    mo = re.fullmatch(r"At the beginning of your upkeep or (whenever you cast [^,]+ spell), (.+)", text.strip())
    if not m or not mo:
        return None
    inner = f"W{mo.group(1)[1:]}, {mo.group(2)}"
    entry, result = compile_line(0, inner, Context(ctx.name, ctx.type_line, ctx.lines, ctx.tokens, ctx.card))
    trig = entry.get("triggered")
    if result.status != "compiled" or trig is None or set(trig.get("when", {})) != {"cast_spell"}:
        return None
    return {"triggered": {**trig, "effect": text.strip(), "or_when": {"beginning_of_upkeep": "your_turn"}}}, \
        "triggered on two events"


def counters_for_spell_colors(text: str, ctx, normal: str):
    """"Whenever you cast a spell, put a +1/+1 counter on ~ for each of that spell's colors." (Ramos,
    Dragon Engine): counters on its source, as many as the colors of the spell it triggered on,
    which the trigger remembers as it triggers (`for_each: spell_colors`; 601.2i, 608.2h, 105.2)."""
    m = re.fullmatch(r"Whenever (you|a player|an opponent) casts? a spell, put an? ([+-]\d+/[+-]\d+|[a-z]+) counter "
                     r"on ~ for each of that spell's colors\.", normal.strip())
    if not m:
        return None
    subject = {"controller": {"you": "you", "an opponent": "opponent"}[m.group(1)]} if m.group(1) != "a player" else {}
    return {"triggered": {"when": {"cast_spell": subject}, "effect": text.strip(), "does": [
        {"counters": {"what": "self", "kind": m.group(2), "for_each": "spell_colors"}}]}}, \
        "cast trigger: for each of that spell's colors"


def token_then_x_counters(text: str, ctx, normal: str):
    """"Whenever you cast a spell with {X} in its mana cost, create a 0/0 green Hydra creature token,
    then put X +1/+1 counters on it." (Zaxara, the Exemplary): the token as the general template
    creates it, then counters on the token just created (`what: created_token`, 608.2c), X being the
    spell's (107.3e: `count: x`, which the trigger remembers as it triggers)."""
    from .lines import Context, compile_line
    m = re.fullmatch(r"(Whenever you cast a spell with \{X\} in its mana cost, create an? [^,]+ token), then put X "
                     r"([+-]\d+/[+-]\d+) counters on it\.", text.strip())
    if not m:
        return None
    entry, result = compile_line(0, m.group(1) + ".", Context(ctx.name, ctx.type_line, ctx.lines, ctx.tokens, ctx.card))
    trig = entry.get("triggered")
    if result.status != "compiled" or trig is None or [list(d) for d in trig.get("does", ())] != [["create_token"]] or \
            trig["does"][0]["create_token"].get("count", 1) != 1:
        return None
    does = [*trig["does"], {"counters": {"what": "created_token", "kind": m.group(2), "count": "x"}}]
    return {"triggered": {**trig, "effect": text.strip(), "does": does}}, "cast trigger: token with X counters"


def attacks_or_targeted(text: str, ctx, normal: str):
    """"Whenever ~ attacks or becomes the target of a spell, create a Treasure token." (Goldspan
    Dragon): "Whenever ~ attacks, ..." as the general template reads it, with `or_when:
    {becomes_target_of_spell: self}` (603.2: one ability, two events); read only with its whole effect."""
    from .lines import Context, compile_line
    m = re.fullmatch(r"Whenever ~ attacks or becomes the target of a spell, (.+)", normal.strip())
    mo = re.fullmatch(r"Whenever .+? attacks or becomes the target of a spell, (.+)", text.strip())
    if not m or not mo:
        return None
    entry, result = compile_line(0, f"Whenever {ctx.name} attacks, {mo.group(1)}",
                                 Context(ctx.name, ctx.type_line, ctx.lines, ctx.tokens, ctx.card))
    trig = entry.get("triggered")
    if result.status != "compiled" or trig is None or trig.get("when") != {"attacks": "self"} or "add_mana" in trig:
        return None
    return {"triggered": {**trig, "effect": text.strip(), "or_when": {"becomes_target_of_spell": "self"}}}, \
        "triggered on two events"


# CR 714.3a, 714.3c, 714.4: a Saga's reminder text; the rules apply from its type (asp/sagas.lp).
SAGA_REMINDER = {
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after I.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after IV.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after V.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after VI.)": ["714.3a", "714.3c", "714.4"],
    "(As this Saga enters and after your draw step, add a lore counter.)": ["714.3a", "714.3c"],
}


def saga_reminder(text: str, ctx):
    """"(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)" on a
    Saga: reminder text (207.2a) of 714.3a, 714.3c and 714.4."""
    rules = SAGA_REMINDER.get(text.strip())
    if rules is None or "saga" not in ctx.type_line.lower().partition("—")[2].split():
        return None
    return {"reminder": rules}, "reminder"


ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


def chapter(text: str, ctx):
    """"I — Create a 1/1 ..." / "I, II — ..." on a Saga: a chapter ability (714.2b, 714.2c), `when:
    {chapter: N}` (or a list), its effect read as the general template reads a triggered ability's
    (here through "At the beginning of your upkeep, [effect]"); read only with its whole effect."""
    from .lines import Context, compile_line
    m = re.fullmatch(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (.+)", text.strip())
    if not m or "saga" not in ctx.type_line.lower().partition("—")[2].split():
        return None
    numbers = [ROMAN[r] for r in m.group(1).split(", ")]
    effect = m.group(2)
    when = {"chapter": numbers[0] if len(numbers) == 1 else numbers}
    this_turn = re.fullmatch(r"Whenever an? ([A-Z][a-z]+) attacks this turn, (.+)", effect)
    if this_turn:
        # "Whenever a Berserker attacks this turn, you draw a card and you lose 1 life." (The Bloodsky
        # Massacre): the chapter ability creates a delayed triggered ability lasting this turn (603.7b)
        from .subtypes import CREATURE_TYPES
        kind = this_turn.group(1).lower()
        if kind not in CREATURE_TYPES:
            return None
        inner = this_turn.group(2)
        entry, result = compile_line(0, "At the beginning of your upkeep, " + inner[0].lower() + inner[1:],
                                     Context(ctx.name, ctx.type_line, ctx.lines, ctx.tokens, ctx.card))
        trig = entry.get("triggered")
        if result.status != "compiled" or trig is None or set(trig) != {"when", "effect", "does"}:
            return None
        delayed = {"when": {"attacks": {"filter": [kind, "creature"]}}, "this_turn": True, "effect": effect,
                   "does": trig["does"]}
        return {"triggered": {"when": when, "effect": text.strip(), "delayed": delayed}}, "chapter ability"
    until = re.fullmatch(r"Until your next turn, (.+)", words.self_reference(effect, ctx.name))
    if until:
        # "Until your next turn, creatures you control gain "{T}: Add one mana of any color."" (Song of
        # Freyalise): the group grant of compiler/mana.py, lasting until its controller's next turn
        from .mana import created_grant
        orig = re.fullmatch(r"Until your next turn, (.+)", effect)
        created = created_grant("Until end of turn, " + until.group(1), "Until end of turn, " + orig.group(1))
        if created is None:
            return None
        return {"triggered": {"when": when, "effect": text.strip(),
                              "creates": {**created, "duration": "your_next_turn"}}}, "chapter ability"
    lead = effect if effect.startswith(ctx.name) else effect[0].lower() + effect[1:]
    entry, result = compile_line(0, "At the beginning of your upkeep, " + lead,
                                 Context(ctx.name, ctx.type_line, ctx.lines, ctx.tokens, ctx.card))
    trig = entry.get("triggered")
    if result.status != "compiled" or trig is None or trig.get("when") != {"beginning_of_upkeep": "your_turn"} \
            or set(trig) - {"when", "effect", "does", "target", "targets", "add_mana", "creates"}:
        return None
    out = {**trig, "when": when}
    if "effect" in trig:                # (mana alone has no effect words: 106.3)
        out["effect"] = text.strip()
    return {"triggered": out}, "chapter ability"


def others_enter_with_counters(text: str, ctx, normal: str):
    """"Each other Angel you control enters the battlefield with an additional +1/+1 counter on it for
    each Angel you already control." (Giada, Font of Hope): `static: {others_enter_with: {filter:
    [angel], kind: +1/+1, for_each: [angel]}}` (614.1c; asp/zones.lp)."""
    from .subtypes import CREATURE_TYPES
    m = re.fullmatch(r"Each other ([A-Z][a-z]+) you control enters(?: the battlefield)? with an additional "
                     r"([+-]\d+/[+-]\d+) counter on it for each ([A-Z][a-z]+) you already control\.", normal.strip())
    if not m:
        return None
    kind, each = m.group(1).lower(), m.group(3).lower()
    if kind not in CREATURE_TYPES or each not in CREATURE_TYPES:
        return None
    return {"static": {"others_enter_with": {"filter": [kind], "kind": m.group(2), "for_each": [each]}}}, \
        "others enter with counters"
