"""Triggered abilities of the pool's mana cards, trig10's part (issue 13): the sentences "You may pay
{4}. If you do, untap ~." (Mana Vault, Jasconian Isle: 608.2c-d, 118.3a), "If you do, discard a
card." (Izzet Keyrune: 701.9a), "Look at the top card of your library. You may put that card into
your graveyard." (Titans' Nest: 401.2, 608.2d), and the event "At the beginning of your draw step[,
if ~ is tapped]" (Mana Vault: 500.6, 504.1, 603.4).

SENTENCES holds (pattern, builder) pairs as compiler/effects.py's SENTENCES does (its reader tries
them before its own); a builder gives the actions or None (not read). The line template
`draw_step` reads the draw step's trigger (compiler/lines.py)."""

from __future__ import annotations

import re

from .effects import EffectRead, read_effect

MANA_COST = r"((?:\{(?:\d+|[WUBRGC])\})+)"


def _may_pay(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may pay {4}." (Mana Vault): its controller pays the mana cost from their pool as the
    ability resolves, if they choose to and can (608.2d, 118.3a); an "If you do, ..." after it asks
    whether they paid (`if_done`)."""
    return [{"pay": {"cost": m.group(1), "may": True}}]


def _discard_one(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Discard a card." (the card its controller chooses from their hand, 701.9a); read alone only
    after another instruction ("If you do, discard a card.", Izzet Keyrune: the `if_done` sentence
    reads it)."""
    if not read.does:
        return None
    return [{"move": {"what": "card_from_hand", "to": "graveyard"}}]


def _may_put_looked_into_graveyard(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may put that card into your graveyard." after "Look at the top card of your library."
    (Titans' Nest): the top card of its controller's library, into their graveyard if they choose
    to as it resolves (608.2d); looking changes nothing the state holds (401.2)."""
    if not read.looked_top or read.does:
        return None
    return [{"move": {"what": "top_of_library", "to": "graveyard", "may": True}}]


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (rf"You may pay {MANA_COST}\.", _may_pay),
    (r"Discard a card\.", _discard_one),
    (r"You may put that card into your graveyard\.", _may_put_looked_into_graveyard),
))


# CR 500.6, 504.1: "At the beginning of your draw step" triggers as its controller's draw step
# begins; "if ~ is tapped" is an intervening "if" (603.4): its source tapped then and as it resolves.
DRAW_STEP = re.compile(r"At the beginning of your draw step, (if ~ is tapped, )?(.+)")


def draw_step(text: str, ctx, normal: str):
    """"At the beginning of your draw step, if ~ is tapped, it deals 1 damage to you." (Mana Vault):
    the whole effect read, or None (the line is left to the other templates)."""
    m = DRAW_STEP.fullmatch(normal)
    if m is None:
        return None
    effect = m.group(2)
    if m.group(1):
        effect = re.sub(r"^it deals ", "~ deals ", effect)     # "it": ~, the tapped source
    read = read_effect(effect[0].upper() + effect[1:], type_line=ctx.type_line)
    if read is None or read.target is not None or read.tokens:
        return None
    entry: dict = {"when": {"beginning_of_draw_step": "your_turn"}}
    if m.group(1):
        entry["condition"] = "self_tapped"
    entry["effect"] = text
    entry["does"] = read.does
    return {"triggered": entry}, "triggered"


# Jasconian Isle: "(~ isn't a spell, it's affected by summoning sickness, it's blue, and it has
# "{T}: Add {U}.")": Dryad Arbor's reminder (compiler/reminders.py: 305.9, 302.6, 305.6) with its
# color: the card has a color indicator (202.2e, 204.1), which the pool's fields do not carry, so
# the line gives the card's `color_indicator`.
COLORED_LAND_CREATURE = re.compile(r"\(~ isn't a spell, it's affected by summoning sickness, it's "
                                   r"(white|blue|black|red|green), and it has \"\{T\}: Add \{([WUBRG])\}\.\"\)")


def colored_land_creature(text: str, ctx):
    from ..cards import BASIC_LAND_TYPES
    from . import words
    if not text.startswith("(") or "isn't a spell" not in text:
        return None
    m = COLORED_LAND_CREATURE.fullmatch(words.self_reference(text.strip(), ctx.name))
    types, _, subtypes = ctx.type_line.lower().partition("—")
    if m is None or not {"land", "creature"} <= set(types.split()):
        return None
    if dict(zip("WUBRG", BASIC_LAND_TYPES))[m.group(2)] not in subtypes.split():
        return None
    ctx.card["color_indicator"] = [m.group(1)]
    return {"reminder": ["305.9", "302.6", "305.6"]}, "reminder"


# CR 603.4, 700.4: "When ~ is put into a graveyard from the battlefield, if it was a creature, ..."
# (Weatherseed Totem): "dies" is "is put into a graveyard from the battlefield", and the vocabulary's
# `dies: self` triggers only for a creature (looking back, 603.10a); the condition, about the
# permanent as it last existed, cannot change before it resolves. "this card" is the card in the
# graveyard (400.7e: the ability finds the new object), written ~ as the effect templates read it.
WAS_A_CREATURE = re.compile(r"When ~ is put into a graveyard from the battlefield, if it was a creature, (.+)")


def was_a_creature(text: str, ctx, normal: str):
    from .triggered import triggered
    m = WAS_A_CREATURE.fullmatch(normal)
    if m is None:
        return None
    effect = re.sub(r"\breturn (?:this card|it) to its owner's hand\.$", "return ~ to its owner's hand.", m.group(1))
    read = triggered(text, ctx, "When ~ dies, " + effect)
    if read is None or read[2]:
        return None
    return read


# CR 601.2i: "Whenever a player casts a spell of the chosen color, you may gain 1 life." (Paradise
# Plume: the color chosen for it as it entered, 607.2d) and "Whenever you cast a colorless spell
# with mana value 7 or greater, ..." (Sanctum of Ugin: its mana value as cast, 202.3e): a
# `cast_spell` subject with `chosen_color: true` / `mana_value_at_least: N`; the effect is read as
# compiler/triggered.py reads that of any cast trigger.
CHOSEN_COLOR_CAST = re.compile(r"Whenever (you|a player|an opponent) casts? a spell of the chosen color, (.+)")
MANA_VALUE_CAST = re.compile(r"(Whenever (?:you|a player|an opponent) casts? an? [A-Za-z -]+? spell) with mana value "
                             r"(\d+) or greater, (.+)")
WHOSE = {"you": "you", "an opponent": "opponent"}


def cast_of_chosen_color(text: str, ctx, normal: str):
    m = CHOSEN_COLOR_CAST.fullmatch(normal)
    if m is None:
        return None
    read = _cast_trigger(text, ctx, f"Whenever {m.group(1)} {'cast' if m.group(1) == 'you' else 'casts'} "
                                    f"an artifact spell, {m.group(2)}")
    if read is None:
        return None
    subject = {"chosen_color": True}
    if m.group(1) in WHOSE:
        subject["controller"] = WHOSE[m.group(1)]
    read[0]["triggered"]["when"] = {"cast_spell": subject}
    return read


def cast_with_mana_value(text: str, ctx, normal: str):
    m = MANA_VALUE_CAST.fullmatch(normal)
    if m is None:
        return None
    read = _cast_trigger(text, ctx, f"{m.group(1)}, {m.group(3)}")
    if read is None:
        return None
    read[0]["triggered"]["when"]["cast_spell"]["mana_value_at_least"] = int(m.group(2))
    return read


def _cast_trigger(text: str, ctx, normal: str):
    """The line read as a cast trigger with a `cast_spell` subject, its effect all read, or None."""
    from .triggered import triggered
    read = triggered(text, ctx, normal)
    if read is None or read[2] or "cast_spell" not in read[0]["triggered"]["when"]:
        return None
    return read


# CR 601.2i: "Whenever you cast a spell, you gain 1 life." (Contemplation), "Whenever a player casts
# a spell, ...", "Whenever an opponent casts a spell, ...": a `cast_spell` subject with no filter
# (any spell); read only with the whole effect read (a line whose effect or intervening "if" is not
# read stays text: it is not made a trigger that would fire where its condition fails).
ANY_SPELL_CAST = re.compile(r"Whenever (you|a player|an opponent) casts? a spell, (.+)")


def cast_any_spell(text: str, ctx, normal: str):
    m = ANY_SPELL_CAST.fullmatch(normal)
    if m is None:
        return None
    read = _cast_trigger(text, ctx, f"Whenever {m.group(1)} {'cast' if m.group(1) == 'you' else 'casts'} "
                                    f"an artifact spell, {m.group(2)}")
    if read is None:
        return None
    read[0]["triggered"]["when"] = {"cast_spell": {"controller": WHOSE[m.group(1)]} if m.group(1) in WHOSE else {}}
    return read


# CR 113.6m: "Whenever you cast a multicolored spell, you may return ~ from your graveyard to your
# hand." (Verdant Eidolon): an ability whose effect moves the card out of the graveyard functions
# only there: `zone: graveyard`, its event one about another object (a card in a graveyard has no
# event of its own here) or a step's, its effect moving the card itself.
FROM_GRAVEYARD_TRIGGER = re.compile(r"(you may )?return ~ from your graveyard to (your hand|the battlefield(?: tapped)?)\.")


def graveyard_trigger(text: str, ctx, normal: str):
    from .subject_events import subject_event
    from .triggered import EVENTS
    head, sep, effect = normal.partition(", ")
    m = FROM_GRAVEYARD_TRIGGER.fullmatch(effect)
    if not sep or m is None or not re.match(r"(When|Whenever|At) ", head):
        return None
    when = subject_event(head) or next((w for p, w in EVENTS if p.fullmatch(head)), None)
    if when is None or "self" in when.values():
        return None
    move: dict = {"what": "self", "to": "hand" if m.group(2) == "your hand" else "battlefield"}
    if m.group(2).endswith("tapped"):
        move["tapped"] = True
    if m.group(1):
        move["may"] = True
    return {"triggered": {"when": dict(when), "zone": "graveyard", "effect": text, "does": [{"move": move}]}}, \
        "graveyard_trigger"


# CR 603.4: "Whenever a Mountain enters the battlefield under your control, if you control at least
# five other Mountains, ..." (Valakut, the Molten Pinnacle): the count leaves out the permanent that
# entered (`other: true`), checked right after the event and again as it resolves.
OTHER_COUNT = re.compile(r"(Whenever an? [A-Za-z -]+? enters(?: the battlefield)? under your control), if you control "
                         r"(?:at least (\w+) other ([A-Za-z -]+?)|(\w+) or more other ([A-Za-z -]+?)), (.+)")


def enters_if_you_control_others(text: str, ctx, normal: str):
    from .triggered import COUNT_WORDS, triggered
    from .words import kind_filter
    m = OTHER_COUNT.fullmatch(normal)
    if m is None:
        return None
    count_word, kind = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
    filt = kind_filter(kind)
    if count_word not in COUNT_WORDS or not COUNT_WORDS[count_word] or filt is None:
        return None
    read = triggered(text, ctx, f"{m.group(1)}, {m.group(6)}")
    if read is None or read[2] or "enters" not in read[0]["triggered"]["when"]:
        return None
    t = read[0]["triggered"]
    t["condition"] = {"you_control": {"filter": list(filt), "at_least": COUNT_WORDS[count_word], "other": True}}
    read[0]["triggered"] = {k: t[k] for k in ("when", "condition", *[k for k in t if k not in ("when", "condition")])}
    return read


# CR 510.2, 502.3: "Whenever ~ deals combat damage to a creature, tap that creature and it doesn't
# untap during its controller's next untap step." (Frostwalk Bastion): the creature its trigger
# refers to (`it`), tapped, and an effect on it (611.2c) until its controller's next untap step is done.
def combat_damage_to_creature(text: str, ctx, normal: str):
    m = re.fullmatch(r"Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its "
                     r"controller's next untap step\.", normal)
    if m is None:
        return None
    return _it_stays_tapped({"deals_combat_damage_to_creature": "self"}, text, [{"tap": {"what": "it"}}])


def _it_stays_tapped(when: dict, text: str, does: list | None = None):
    """A triggered ability whose effect on the permanent its trigger refers to (`it`, 611.2c) keeps it
    tapped through its controller's next untap step (502.3), after its actions if any."""
    entry: dict = {"when": when, "effect": text}
    if does:
        entry["does"] = does
    entry["creates"] = {"restrict": {"what": ["untap"], "to": "it"}, "duration": "its_controllers_next_untap_step"}
    return {"triggered": entry}, "triggered"


# CR 603.4, 201.2: "Whenever ~ or another land enters the battlefield under your control, if you
# control seven or more lands with different names, create a 2/2 black Zombie creature token."
# (Field of the Dead): an enters subject with `or_self`, its "if" counting names (`distinct_names`),
# right after the event and again as it resolves.
SELF_OR_ANOTHER_ENTERS = re.compile(r"Whenever ~ or another ([a-z]+) enters(?: the battlefield)? under your control, "
                                    r"if you control (\w+) or more ([a-z]+) with different names, (.+)")


def self_or_another_enters_names(text: str, ctx, normal: str):
    from .triggered import COUNT_WORDS, triggered
    from .words import kind_filter
    m = SELF_OR_ANOTHER_ENTERS.fullmatch(normal)
    if m is None or m.group(2) not in COUNT_WORDS or not COUNT_WORDS[m.group(2)]:
        return None
    kind, counted = kind_filter(m.group(1)), kind_filter(m.group(3).removesuffix("s"))
    if kind is None or counted is None:
        return None
    read = triggered(text, ctx, f"Whenever another {m.group(1)} enters the battlefield under your control, {m.group(4)}")
    if read is None or read[2]:
        return None
    t = read[0]["triggered"]
    subject = {"filter": list(kind), "controller": "you", "another": True, "or_self": True}
    if t["when"] != {"enters": {k: v for k, v in subject.items() if k != "or_self"}}:
        return None
    cond = {"you_control": {"filter": list(counted), "at_least": COUNT_WORDS[m.group(2)], "distinct_names": True}}
    read[0]["triggered"] = {"when": {"enters": subject}, "condition": cond,
                            **{k: v for k, v in t.items() if k != "when"}}
    return read


# CR 106.12, 603.2, 502.3: "Whenever an opponent taps a land for mana, that land doesn't untap during
# its controller's next untap step." (Vorinclex, Voice of Hunger): no mana ability (605.1b: it adds
# no mana), it uses the stack; "that land" is the permanent its trigger refers to (`it`).
TAPS_FOR_MANA = re.compile(r"Whenever (you|an opponent|a player) taps? an? ([a-z]+) for mana, that \2 doesn't untap "
                           r"during its controller's next untap step\.")


def tapped_for_mana_doesnt_untap(text: str, ctx, normal: str):
    from .words import kind_filter
    m = TAPS_FOR_MANA.fullmatch(normal)
    if m is None or kind_filter(m.group(2)) is None:
        return None
    subject: dict = {"filter": list(kind_filter(m.group(2)))}
    if m.group(1) in WHOSE:
        subject["controller"] = WHOSE[m.group(1)]
    return _it_stays_tapped({"tapped_for_mana": subject}, text)


# CR 603.7, 505.1a: "Whenever ~ attacks, add {C}{C} at the beginning of your next main phase this
# turn." (Conduit of Emrakul): resolving, the ability creates a delayed triggered ability that adds
# the mana as the turn's next main phase (after its combat) begins; not a mana ability (605.1b).
NEXT_MAIN = re.compile(r"(Whenever ~ attacks), add ((?:\{[WUBRGC]\})+) at the beginning of your next main phase this "
                       r"turn\.")


def add_at_next_main_phase(text: str, ctx, normal: str):
    m = NEXT_MAIN.fullmatch(normal)
    if m is None:
        return None
    return {"triggered": {"when": {"attacks": "self"}, "effect": text,
                          "delayed": {"when": {"beginning_of_postcombat_main": "this_turn"},
                                      "add_mana": m.group(2)}}}, "triggered"


# CR 608.2c: "At the beginning of your precombat main phase, remove all flood counters from ~. If no
# counters were removed this way, put a flood counter on ~ and draw a card. Otherwise, add {C}{G}{U}."
# (Bounty of the Luxa): the instructions after the removal depend on whether it removed any.
REMOVED_OR_NOT = re.compile(r"(At the beginning of your precombat main phase), remove all ([a-z]+) counters from ~\. "
                            r"If no counters were removed this way, put an? \2 counter on ~ and draw a card\. "
                            r"Otherwise, add ((?:\{[WUBRGC]\})+)\.")


def removed_this_way(text: str, ctx, normal: str):
    m = REMOVED_OR_NOT.fullmatch(normal)
    if m is None:
        return None
    kind = m.group(2)
    return {"triggered": {"when": {"beginning_of_precombat_main": "your_turn"}, "effect": text,
                          "does": [{"remove_counters": {"what": "self", "kind": kind, "count": "all"}},
                                   {"counters": {"what": "self", "kind": kind, "if_none_removed": True}},
                                   {"draw": {"count": 1, "if_none_removed": True}}],
                          "add_mana": m.group(3), "mana_if": {"counters_removed": True}}}, "triggered"


# CR 510.2, 608.2h: "Whenever ~ deals combat damage to a player, create that many 0/1 colorless
# Eldrazi Spawn creature tokens. They have "Sacrifice this creature: Add {C}."" (Rapacious One): as
# many as the damage it dealt that player (`count: damage_dealt`, remembered as it triggers).
THAT_MANY = re.compile(r"(Whenever ~ deals combat damage to a player), create that many (.+ tokens\..*)")


def that_many_tokens(text: str, ctx, normal: str):
    from .triggered import triggered
    m = THAT_MANY.fullmatch(normal)
    if m is None:
        return None
    read = triggered(text, ctx, f"{m.group(1)}, create two {m.group(2)}")
    if read is None or read[2]:
        return None
    does = read[0]["triggered"].get("does", [])
    if len(does) != 1 or does[0].get("create_token", {}).get("count") != 2 or "target" in read[0]["triggered"]:
        return None
    does[0]["create_token"]["count"] = "damage_dealt"
    return read
