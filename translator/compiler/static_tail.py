"""Static abilities of the long tail of nonland cards that add mana (CR 604, 613): anthems named
by color or creature type, a creature's own power, toughness or keyword "as long as" a condition
holds (604.2), and keyword lines whose rules work outside a game.

    "Other Elf creatures you control get +1/+1."        (Elvish Archdruid: 613.4c, layer 7c)
    "Red creatures get +1/+1."                          (Gauntlet of Might)
    "~ gets +2/+2 as long as you control a Dinosaur."   (Drover of the Mighty: 604.2)
    "Threshold — ~ gets +3/+3 as long as seven or more cards are in your graveyard." (Werebear)
    "~ has hexproof as long as it's untapped."          (Paradise Druid)
    "Enchanted land has shroud."                        (Trace of Abundance: 613.1f)
"""

from __future__ import annotations

import re

from ..cards import KEYWORDS
from .effects import SELF_WORDS
from .subtypes import CREATURE_TYPES
from .words import NUMBERS, REMINDER, filter_word, kind_filter

PT = r"([+-]\d+/[+-]\d+)"
COLOR_WORDS = {"white", "blue", "black", "red", "green", "colorless"}


def _count(word: str) -> int | None:
    w = word.lower()
    return int(w) if w.isdigit() else NUMBERS.get(w)


def _kind(words: str) -> list[str] | None:
    """"Elf", "blue", "Snake", "colorless" before "creatures": color words and one creature type
    (singular, as "Elf creatures" prints it), as filter words."""
    out = []
    for w in words.split():
        if w.lower() in COLOR_WORDS or w[0].isupper() and w.lower() in CREATURE_TYPES:
            out.append(w.lower())
        else:
            return None
    return out


def anthem(text: str, ctx, normal: str):
    """"[Other ][colors/creature type ]creatures[ you control] get +N/+N." (613.4c, layer 7c):
    a static `pt` on that group while its source is on the battlefield (611.3a). "Creatures you
    control get" and "Other Elves you control get" are attached.anthem's."""
    m = re.fullmatch(rf"(Other )?((?:[A-Za-z]+ )*?)creatures( you control)? get {PT}\.",
                     REMINDER.sub("", normal).strip(), re.IGNORECASE)
    if not m or not m.group(2).strip():
        return None
    kind = _kind(m.group(2).strip())
    if kind is None:
        return None
    to: dict = {"filter": [*kind, "creature"]}
    if m.group(3):
        to["controller"] = "you"
    if m.group(1):
        to["other"] = True
    return {"static": {"pt": {"modify": m.group(4), "to": to}}}, "static_pt of a kind"


def _condition(words: str) -> dict | str | None:
    """The condition of "as long as ..." (604.2) as the vocabulary's static `condition`."""
    m = re.fullmatch(r"you control (an?|one or more|two or more|three or more) ([A-Z][a-z]+)s?", words)
    if m:
        word = filter_word(m.group(2))
        if word is None or word not in CREATURE_TYPES:
            return None
        n = 1 if m.group(1) in ("a", "an", "one or more") else _count(m.group(1).split()[0])
        return {"you_control": {"filter": [word], "at_least": n}}
    # "there are four or more creature cards in your graveyard"; "seven or more cards are in
    # your graveyard" (threshold)
    m = re.fullmatch(r"(?:there are )?(\w+) or more (?:(\w+) )?cards (?:are )?in your graveyard", words)
    if m and _count(m.group(1)):
        cond: dict = {"at_least": _count(m.group(1))}
        if m.group(2):
            word = filter_word(m.group(2))
            if word is None:
                return None
            cond["filter"] = [word]
        return {"in_graveyard": cond}
    # delirium: "there are four or more card types among cards in your graveyard"
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", words)
    if m and _count(m.group(1)):
        return {"in_graveyard": {"card_types_at_least": _count(m.group(1))}}
    if words == "it's untapped":
        return "self_untapped"
    return None


def _keywords(words: str) -> list[str] | None:
    ks = [w.strip() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if w.strip()]
    return ks if ks and all(k in KEYWORDS for k in ks) else None


def for_each_color(text: str, ctx, normal: str):
    """"~ gets +1/+1 for each color among permanents you control." (Faeburrow Elder; 613.4c)."""
    m = re.fullmatch(rf"(?:{SELF_WORDS}) gets {PT} for each color among permanents you control\.",
                     REMINDER.sub("", normal).strip())
    if not m or "creature" not in ctx.type_line.lower():
        return None
    return {"static": {"pt": {"modify": m.group(1), "to": "self", "for_each": "color_among_yours"}}}, "pt for each color"


def as_long_as(text: str, ctx, normal: str):
    """"~ gets +N/+N as long as [condition]." and "~ has [keywords] as long as [condition]." (604.2:
    the static ability has its effect only while the condition holds)."""
    m = re.fullmatch(rf"(?:{SELF_WORDS}) (?:gets {PT}|has ([a-z ,]+?)) as long as (.+)\.",
                     REMINDER.sub("", normal).strip())
    if not m or "creature" not in ctx.type_line.lower():
        return None
    cond = _condition(m.group(3))
    if cond is None:
        return None
    static: dict = {"condition": cond}
    if m.group(1):
        static["pt"] = {"modify": m.group(1), "to": "self"}
    else:
        keywords = _keywords(m.group(2))
        if keywords is None:
            return None
        static["grant"] = {"to": "self", "ability": {"keywords": keywords}}
    return {"static": static}, "as long as"


def enchanted_land_has(text: str, ctx, normal: str):
    """"Enchanted land has [keywords]." (613.1f, layer 6): a grant to the land the Aura enchants."""
    m = re.fullmatch(r"Enchanted land has ([a-z ,]+)\.", REMINDER.sub("", normal).strip())
    if not m or "aura" not in ctx.type_line.lower():
        return None
    keywords = _keywords(m.group(1))
    if keywords is None:
        return None
    return {"static": {"grant": {"to": "enchanted_land", "ability": {"keywords": keywords}}}}, "enchanted land has"



OPENING_HAND = {
    # CR 103.6a: "If a card allows a player to begin the game with that card on the battlefield"
    "If ~ is in your opening hand, you may begin the game with it on the battlefield.": "begin_on_battlefield",
    # CR 103.5: the mulligan process, before the game's first turn
    "Any time you could mulligan and ~ is in your hand, you may exile all the cards from your hand, then draw that "
    "many cards.": "mulligan_exile_hand",
}


def opening_hand(text: str, ctx, normal: str):
    """An action a player may take with the card before the first turn (CR 103.5, 103.6): a
    state is a game in progress, past it, so the ability does nothing there."""
    kind = OPENING_HAND.get(REMINDER.sub("", normal).strip())
    return None if kind is None else ({"opening_hand": kind}, "opening_hand")


def additional_sacrifice(text: str, ctx, normal: str):
    """"As an additional cost to cast this spell, sacrifice a creature." (CR 601.2f): the cost
    the what-if pays as the spell is cast (601.2h); any other additional cost is kept as words
    (triggered.additional_cost)."""
    m = re.fullmatch(r"As an additional cost to cast this spell, sacrifice an? ([a-z ]+)\.", normal.strip())
    if not m:
        return None
    kind = kind_filter(m.group(1))
    if kind is None:
        return None
    return {"additional_cost": {"sacrifice": list(kind)}}, "additional_cost"


def alternative_cost(text: str, ctx, normal: str):
    """"You may pay {1} and return a basic land you control to its owner's hand rather than pay
    this spell's mana cost." (the borderposts; CR 118.9): what its caster may pay instead."""
    m = re.fullmatch(r"You may pay ((?:\{\d+\})+) and return an? ([a-z ]+) you control to its owner's hand "
                     r"rather than pay this spell's mana cost\.", REMINDER.sub("", normal).strip())
    if not m:
        return None
    kind = kind_filter(m.group(2))
    if kind is None:
        return None
    return {"alternative_cost": {"mana": m.group(1), "return_to_hand": list(kind)}}, "alternative_cost"


HYBRID_REMINDER = re.compile(r"\(\{([WUBRG])/([WUBRG])\} can be paid with either \{([WUBRG])\} or \{([WUBRG])\}\.\)")


def hybrid_reminder(text: str, ctx):
    """"({R/G} can be paid with either {R} or {G}.)" (Wild Cantor): reminder text (207.2a) of how a
    hybrid symbol is paid (107.4e), a rule the payments apply to every such symbol."""
    m = HYBRID_REMINDER.fullmatch(text.strip())
    if not m or m.group(1, 2) != m.group(3, 4):
        return None
    return {"reminder": ["107.4e"]}, "reminder"


def cant_cast(text: str, ctx, normal: str):
    """"You can't cast noncreature spells." (Nikya of the Old Ways), "You can't cast permanent
    spells." (Codie): a restriction on its controller (CR 101.2)."""
    m = re.fullmatch(r"You can't cast ([a-z]+) spells\.", REMINDER.sub("", normal).strip())
    kind = kind_filter(m.group(1)) if m else None
    return None if kind is None else ({"static": {"cant_cast": list(kind)}}, "can't cast")


def also_subtypes(text: str, ctx, normal: str):
    """"~ is also a Cleric, Rogue, Warrior, and Wizard." (Stonework Packbeast; CR 613.1d, 205.1b):
    creature types its own object has besides its printed ones."""
    m = re.fullmatch(r"~ is also an? (.+)\.", REMINDER.sub("", normal).strip())
    if not m or "creature" not in ctx.type_line.lower():
        return None
    names = [w.strip() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if w.strip()]
    if not names or any(not n[0].isupper() or n.lower() not in CREATURE_TYPES for n in names):
        return None
    return {"static": {"also_subtypes": [n.lower() for n in names]}}, "also subtypes"


def equipped_creatures_have(text: str, ctx, normal: str):
    """"Equipped creatures you control have flying and haste." (Dalakos, Crafter of Wonders; 613.1f):
    a grant to each creature an Equipment is attached to (301.5a) its controller controls."""
    m = re.fullmatch(r"Equipped creatures you control have ([a-z ,]+)\.", REMINDER.sub("", normal).strip())
    keywords = _keywords(m.group(1)) if m else None
    if keywords is None:
        return None
    return {"static": {"grant": {"to": {"filter": ["equipped", "creature"], "controller": "you"},
                                 "ability": {"keywords": keywords}}}}, "equipped creatures have"


def enchanted_land_is(text: str, ctx, normal: str):
    """"Enchanted land is snow." (Glittering Frost; 613.1d): a supertype of the land it enchants."""
    m = re.fullmatch(r"Enchanted land is (snow|legendary)\.", REMINDER.sub("", normal).strip())
    if not m or "aura" not in ctx.type_line.lower():
        return None
    return {"static": {"enchanted_supertype": m.group(1)}}, "enchanted land is"


def untap_in_others_untap(text: str, ctx, normal: str):
    """"Untap ~ during each other player's untap step." (Victory Chimes; CR 502.3)."""
    if REMINDER.sub("", normal).strip() != "Untap ~ during each other player's untap step.":
        return None
    return {"static": {"untaps_in_others_untap": True}}, "untaps in others' untap steps"


SACRIFICE_A_CREATURE = "As an additional cost to cast this spell, sacrifice a creature."


def sacrificed_mana_value(text: str, ctx, normal: str):
    """"Add an amount of {B} equal to the sacrificed creature's mana value." on an instant or
    sorcery whose additional cost sacrifices a creature (Sacrifice): the creature as it last
    existed, remembered as the cost was paid (608.2h)."""
    kind = ctx.type_line.lower()
    if not ("instant" in kind or "sorcery" in kind) or SACRIFICE_A_CREATURE not in ctx.lines:
        return None
    m = re.fullmatch(r"Add an amount of (\{[WUBRGC]\}) equal to the sacrificed creature's mana value\.", normal.strip())
    if m:
        return {"spell": {"add_mana": {"mana": m.group(1), "amount": "sacrificed_mana_value"}}}, "spell_mana"
    # "Add X mana in any combination of {B} and/or {R}, where X is the sacrificed creature's mana
    # value." (Burnt Offering), "Add X mana of any one color, where X is 1 plus ... Spend this mana
    # only to cast creature spells." (Metamorphosis: its rider, 106.6)
    m = re.fullmatch(r"Add X mana (of any one color|in any combination of \{([WUBRG])\} and/or \{([WUBRG])\}), where X "
                     r"is (1 plus )?the sacrificed creature's mana value\.( Spend this mana only [^.]+\.)?", normal.strip())
    if not m:
        return None
    mana: dict = {"any": "color"} if m.group(2) is None else {"combination": [m.group(2), m.group(3)]}
    mana["amount"] = "sacrificed_mana_value+1" if m.group(4) else "sacrificed_mana_value"
    if m.group(5):
        mana["rider"] = m.group(5).strip()
    return {"spell": {"add_mana": mana}}, "spell_mana"
