"""Line templates: one line of oracle text into one ability entry of the vocabulary.

Each template is a function (text, context) -> entry or None, tried in order; the first that
reads the line wins. A line no template reads is kept as its words only.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from ..cards import BASIC_LAND_TYPES, KEYWORDS
from . import (
    act10_tail,
    attached,
    dfc_tail,
    enters,
    hand,
    hist_tail,
    keywords,
    kw_tail,
    land_lines,
    land_moves,
    land_tail,
    lands8_tail,
    lands9_tail,
    mana,
    manaln_tail,
    manatrig_tail,
    misc10_tail,
    misc11_tail,
    misc12_tail,
    misc13_tail,
    reminders,
    static_tail,
    statics,
    trig_tail,
    words,
)
from . import activated as activated_templates
from . import triggered as triggered_templates
from .costs import read_cost
from .result import line_result

REMINDER = re.compile(r"\s*\([^()]*\)")


@dataclass(frozen=True)
class Context:
    name: str                       # the face's name (201.5: the card's name means this object)
    type_line: str
    lines: tuple[str, ...] = ()     # all its lines, for a template that reads a linked ability (607.2)
    tokens: list[dict] = field(default_factory=list)   # the token cards its effects create (111.4)
    card: dict = field(default_factory=dict)   # card fields a line gives (its color indicator, 202.2e)


def self_reference(text: str, ctx: Context) -> str:
    """The line with its self references written `~` (CR 201.5, 201.4b; words.self_reference)."""
    return words.self_reference(text, ctx.name)


def shape(text: str, ctx: Context) -> str:
    """A line's shape, for counting the templates that do not compile yet: its self references
    as `~`, reminder text dropped, mana symbols {M}, numbers N."""
    t = REMINDER.sub("", self_reference(text, ctx)).strip()
    t = re.sub(r"\{[WUBRGCS]\}", "{M}", t)
    t = re.sub(r"\{\d+\}", "{N}", t)
    return re.sub(r"\b\d+\b", "N", t)


def intrinsic(text: str, ctx: Context):
    """A basic land type's reminder text, "({T}: Add {G}.)" on a Forest, "({T}: Add {G} or
    {U}.)" on a Forest Island (CR 305.6): the abilities come from the types, so the line
    compiles to the types' intrinsic abilities, when the reminder names exactly the land's
    basic land types."""
    m = re.fullmatch(r"\(\{T\}: Add \{([WUBRG])\}(?:((?:, \{[WUBRG]\})*),? or \{([WUBRG])\})?\.\)", text)
    if not m:
        return None
    letters = [m.group(1)] + re.findall(r"[WUBRG]", m.group(2) or "") + ([m.group(3)] if m.group(3) else [])
    kinds = [dict(zip("WUBRG", BASIC_LAND_TYPES))[x] for x in letters]
    subtypes = ctx.type_line.lower().partition("—")[2].split()
    if len(set(kinds)) != len(kinds) or set(kinds) != {t for t in subtypes if t in BASIC_LAND_TYPES}:
        return None
    return {"intrinsic": kinds[0] if len(kinds) == 1 else kinds}, "intrinsic"


def keyword_line(text: str, ctx: Context):
    """A line of keyword abilities the rules here know ("Flying, vigilance"; CR 702)."""
    bare = REMINDER.sub("", text).strip()
    words = [w.strip().lower() for w in bare.split(",")]
    if not words or any(w not in KEYWORDS for w in words):
        return None
    return {"keywords": words}, "keywords"


def deck_construction_line(text: str, ctx: Context):
    """"Partner" (CR 702.124a, 702.124h): it modifies the rules for deck construction in Commander
    and functions before the game begins; in a game it does nothing (113.6n). A state designates
    two commanders by listing both in `commanders:` (702.124c-e then apply). "Partner with [name]"
    is also a triggered ability (702.124j) and "Partner—[text]" another variant: not read here."""
    if REMINDER.sub("", text).strip() == "Partner":
        return {"deck_construction": "partner"}, "deck_construction"
    if REMINDER.sub("", text).strip() == "Friends forever":     # "partner—Friends forever" (702.124i)
        return {"deck_construction": "friends_forever"}, "deck_construction"
    return None


def prepared(text: str, ctx: Context) -> tuple[str, str] | None:
    """The line as the mana templates read it: reminder text dropped (CR 207.2a), an ability
    word dropped (207.2c), and (norm) self references as `~`; (orig) as printed otherwise, for
    the words an entry keeps (its effect, a rider)."""
    return _prepared(text, ctx.name)


# (every template after the first few reads the line prepared: once per line and name, not once
# per template)
@functools.lru_cache(maxsize=1024)
def _prepared(text: str, name: str) -> tuple[str, str] | None:
    orig = mana.strip_ability_word(REMINDER.sub("", text).strip())
    if not orig:
        return None
    return words.self_reference(orig, name), orig


def mana_line(text: str, ctx: Context):
    """Lines that add mana or change how mana is produced (translator/compiler/mana.py)."""
    p = prepared(text, ctx)
    if p is None:
        return None
    norm, orig = p
    kind = ctx.type_line.lower()
    if "instant" in kind or "sorcery" in kind:
        read = mana.spell_mana(norm, orig)
        if read is not None:
            return read[0], "spell_mana", read[1]
        created = mana.until_end_of_turn_replacement(norm)
        if created is not None:
            return {"spell": {"effect": orig, "creates": created}}, "creates_mana_replacement"
        created = mana.until_end_of_turn_trigger(norm)
        if created is not None:
            return {"spell": {"effect": orig, "creates": created}}, "creates_mana_trigger"
        created = mana.created_grant(norm, orig)
        if created is not None:
            return {"spell": {"effect": orig, "creates": created}}, "creates_mana_grant"
        return None
    read = mana.activated_mana(norm, orig, "planeswalker" in kind)
    if read is not None:
        return {"activated": read[0]}, "mana_ability", read[1]
    parts = mana.split_ability(norm)
    if parts is not None:
        # "{U}: Until end of turn, if you tap a land you control for mana, it produces {U} ..."
        costs = read_cost(parts[0], "planeswalker" in kind)
        created = mana.until_end_of_turn_replacement(parts[1])
        orig_parts = mana.split_ability(orig)
        if costs is not None and created is not None and orig_parts is not None:
            return {"activated": {"cost": costs, "effect": orig_parts[1], "creates": created}}, \
                "creates_mana_replacement"
        return None
    for template, name in ((mana.mana_trigger, "mana_trigger"), (mana.mana_replacement, "mana_replacement"),
                           (mana.mana_grant, "mana_grant"), (mana.conditional_grant, "mana_grant"),
                           (mana.triggered_mana, "triggered_mana")):
        read = template(norm, orig)
        if read is not None:
            return read[0], name, read[1]
    return None



def spell_mana_with_effect(text: str, ctx: Context, normal: str):
    """A spell's created effect, then its mana (compiler/act_tail.py; imported here as it is
    used: act_tail reads compiler/effects.py, which reads act_tail's sentences)."""
    from .act_tail import spell_mana_with_effect as read
    return read(text, ctx, normal)


def mana_and_life_if(text: str, ctx: Context, normal: str):
    """A mana ability, then life gained if its controller controls a permanent (compiler/act_tail.py)."""
    from .act_tail import mana_and_life_if as read
    return read(text, ctx, normal)


def monarch_mana_trigger(text: str, ctx: Context, normal: str):
    """A mana trigger "while you're the monarch" (compiler/abil_tail.py; imported here as it is used:
    abil_tail reads compiler/effects.py, which reads abil_tail's sentences)."""
    from .abil_tail import monarch_mana_trigger as read
    return read(text, ctx, normal)


def granted_pt_count(text: str, ctx: Context, normal: str):
    """A granted "power and toughness are each equal to the number of ..." (compiler/abil_tail.py)."""
    from .abil_tail import granted_pt_count as read
    return read(text, ctx, normal)


def _normal(template):
    """A template that reads the line as prepared() gives it: as printed (reminder text and an
    ability word dropped) and with its self references written ~ (201.5)."""
    def read(text: str, ctx: Context):
        p = prepared(text, ctx)
        return None if p is None else template(p[1], ctx, p[0])
    read.__name__ = template.__name__
    return read


# The specific templates first: entering, land types, untap, the storage and depletion upkeep
# triggers (enters.py, statics.py) and the chosen color's mana; then the abilities that function
# from the hand (hand.py: cycling, channel, a Spirit Guide's mana); then mana abilities (mana.py:
# a triggered ability or a spell that adds mana is theirs); then keyword and attached abilities
# (attached.py) and the general triggered abilities and spells.
TEMPLATES = (intrinsic, _normal(misc13_tail.renown_line), reminders.reminder_line, misc11_tail.saga_reminder, misc11_tail.chapter, trig_tail.colored_land_creature, reminders.transforms_from_line, keyword_line, keywords.cumulative_upkeep, deck_construction_line,
             kw_tail.companion, kw_tail.snow_reminder, kw_tail.modular, kw_tail.graft, kw_tail.extort,
             enters.enters_line, enters.sacrifice_instead, enters.enters_tapped_unless, enters.as_enters_may,
             enters.as_enters_choose, _normal(dfc_tail.becomes_day_as_enters), enters.chosen_color_mana, enters.chosen_color_trigger, statics.land_types_line,
             statics.untap_line, statics.upkeep_counters_line, statics.hand_size_line, _normal(hand.cycling), _normal(hand.typecycling), _normal(land_lines.transmute),
             _normal(land_tail.reinforce),
             _normal(hand.from_hand), _normal(misc10_tail.misc10_early), _normal(manatrig_tail.manatrig_line), _normal(misc11_tail.upkeep_or_cast), _normal(misc11_tail.counters_for_spell_colors), _normal(misc11_tail.token_then_x_counters), _normal(misc11_tail.attacks_or_targeted), _normal(misc11_tail.others_enter_with_counters), _normal(misc12_tail.misc12_line), _normal(spell_mana_with_effect), _normal(mana_and_life_if),
             _normal(static_tail.sacrificed_mana_value), _normal(hist_tail.triggered_line), _normal(manaln_tail.counters_removed_mana),
             _normal(manaln_tail.add_and_gain_life), _normal(manaln_tail.revealed_mana),
             _normal(manaln_tail.sacrificed_either_mana),
             manaln_tail.die_roll_mana, act10_tail.die_roll_ranges, _normal(manaln_tail.flip_mana), _normal(manaln_tail.otherwise_one_token),
             _normal(manaln_tail.self_condition_grant), manaln_tail.graveyard_mana, manaln_tail.cast_from_hand_mana,
             _normal(manaln_tail.graveyard_mana_ability), _normal(manaln_tail.grant_with_keywords),
             _normal(manaln_tail.imprint_from_hand), _normal(manaln_tail.each_players_main_if_untapped),
             _normal(manaln_tail.destroyed_this_way), _normal(manaln_tail.attacking_mana_and_grant),
             _normal(manaln_tail.party_mana), _normal(manaln_tail.attacking_power_mana),
             _normal(manaln_tail.tap_target_for_its_mana_value), _normal(manaln_tail.for_each_card_in_targets_hand),
             mana_line, _normal(attached.equip),
             _normal(attached.flashback), _normal(attached.pt_and_grant), _normal(attached.restriction),
             _normal(land_moves.from_graveyard), _normal(land_moves.linked_exile),
             _normal(activated_templates.activated), _normal(trig_tail.was_a_creature), _normal(trig_tail.cast_of_chosen_color), _normal(trig_tail.cast_any_spell), _normal(trig_tail.graveyard_trigger), _normal(trig_tail.enters_if_you_control_others), _normal(trig_tail.combat_damage_to_creature), _normal(trig_tail.self_or_another_enters_names), _normal(trig_tail.tapped_for_mana_doesnt_untap), _normal(trig_tail.add_at_next_main_phase), _normal(trig_tail.removed_this_way), _normal(trig_tail.that_many_tokens), _normal(trig_tail.cast_with_mana_value),
             _normal(misc13_tail.selvala_line), _normal(misc13_tail.devotion_bonus_line),
             _normal(misc13_tail.shared_type_mana_line),
             _normal(triggered_templates.triggered),
             _normal(triggered_templates.exalted), _normal(triggered_templates.dethrone), _normal(hist_tail.afflict), _normal(attached.anthem),
             _normal(static_tail.anthem), _normal(misc11_tail.anthem_of_two_kinds), _normal(static_tail.as_long_as), _normal(static_tail.for_each_color), _normal(static_tail.equipped_creatures_have),
             _normal(static_tail.enchanted_land_is), _normal(static_tail.untap_in_others_untap), _normal(static_tail.enchanted_land_has),
             _normal(static_tail.opening_hand), _normal(misc10_tail.misc10_line), _normal(static_tail.alternative_cost),
             static_tail.hybrid_reminder, _normal(static_tail.cant_cast), _normal(static_tail.also_subtypes),
             _normal(triggered_templates.spell), _normal(static_tail.additional_sacrifice),
             _normal(triggered_templates.additional_cost), _normal(lands8_tail.cant_attack_group),
             _normal(lands8_tail.prevent_all_to_you), _normal(lands9_tail.bands_with_other_legendary),
             _normal(trig_tail.draw_step),
             _normal(act10_tail.can_be_commander), _normal(act10_tail.spend_as_any_color),
             _normal(monarch_mana_trigger), _normal(granted_pt_count))


def compile_line(line: int, text: str, ctx: Context):
    for template in TEMPLATES:
        read = template(text, ctx)
        if read is not None:
            entry, name = read[0], read[1]
            unread = read[2] if len(read) > 2 else ()
            return {"line": line, **entry}, line_result(line, text, name, unread)
    return {"line": line, "text": text}, line_result(line, text, shape(text, ctx), None)
