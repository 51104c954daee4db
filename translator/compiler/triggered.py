"""Triggered abilities ("When/Whenever/At ..., effect", CR 603.1) and the effects of instants
and sorceries (608.2): the trigger event into the vocabulary's `when:`, the effect through
compiler/effects.py. An event read with an effect beyond the templates is a partial line: it
triggers in a what-if, and resolving it is refused (608.2) and named."""

from __future__ import annotations

import re

from .effects import SELF_WORDS, read_effect
from .subject_events import split_discard, subject_event
from .words import kind_filter

# (the trigger condition with self references as ~, the vocabulary's event)
EVENTS: tuple[tuple[re.Pattern, dict], ...] = tuple((re.compile(p, re.IGNORECASE), w) for p, w in (
    (rf"When {SELF_WORDS} enters(?: the battlefield)?", {"enters": "self"}),
    (rf"When {SELF_WORDS} enters(?: the battlefield)? untapped", {"enters_untapped": "self"}),
    (rf"When {SELF_WORDS} dies", {"dies": "self"}),
    (rf"When {SELF_WORDS} is put into a graveyard from the battlefield",
     {"put_into_graveyard_from_battlefield": "self"}),
    (r"At the beginning of your upkeep", {"beginning_of_upkeep": "your_turn"}),
    (r"At the beginning of each upkeep", {"beginning_of_upkeep": "each_player"}),     # 503.1a: every upkeep
    (r"At the beginning of the end step", {"beginning_of_end_step": "each_turn"}),
    (r"At the beginning of your end step", {"beginning_of_end_step": "your_turn"}),
    (r"At the beginning of combat on your turn", {"beginning_of_combat": "your_turn"}),
    # "At the beginning of your combat step" (Aggressive Crag): the beginning of combat step of
    # your turn (506.1: the combat phase's first step; 507)
    (r"At the beginning of your combat step", {"beginning_of_combat": "your_turn"}),
    # "When you play another land" (City of Traitors): its controller plays a land (305.1)
    (r"When you play another land", {"plays_another_land": "you"}),
    # 731.1a (The Celestus; asp/daynight.lp)
    (r"Whenever day becomes night or night becomes day", {"day_night_changes": "any"}),
    (r"At the beginning of your precombat main phase", {"beginning_of_precombat_main": "your_turn"}),
    (rf"Whenever {SELF_WORDS} attacks", {"attacks": "self"}),
    # dethrone's trigger (702.105a)
    (rf"Whenever {SELF_WORDS} attacks the player with the most life or tied for most life",
     {"attacks_most_life": "self"}),
    (rf"Whenever {SELF_WORDS} becomes tapped", {"becomes_tapped": "self"}),
    (rf"Whenever you tap {SELF_WORDS} for mana", {"tapped_for_mana": "self"}),     # 106.12
    (rf"Whenever {SELF_WORDS} becomes blocked", {"becomes_blocked": "self"}),
    (rf"Whenever {SELF_WORDS} deals combat damage to a player", {"deals_combat_damage_to_player": "self"}),
    (r"Whenever you cast a creature spell", {"cast_creature_spell": "you"}),
    (r"Whenever you cast a planeswalker spell", {"cast_planeswalker_spell": "you"}),
    (r"Whenever a creature you control attacks alone", {"attacks_alone": "you"}),
    (r"Whenever you cast a spell from anywhere other than your hand", {"cast_not_from_hand": "you"}),
))
# CR 603.4: an intervening "if" clause the vocabulary can check.
CONDITIONS = {"if you control your commander": "you_control_your_commander"}


# CR 603.4: "if you control no artifacts", "if you control three or more artifacts", "... two or
# fewer lands": counted as the ability triggers and again as it resolves (triggers.lp), for the
# events that trigger as a step begins (the permanents are those of the game then).
COUNT_WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def when_counts(when: dict) -> bool:
    # (and "When ~ enters, if you control two or more Gates" (Plaza of Harmony): counted right
    # after it entered, triggers.lp's etb_if_fails/3)
    return next(iter(when)) in ("beginning_of_upkeep", "beginning_of_end_step") or when == {"enters": "self"}


def self_counters(condition: str) -> dict | None:
    """CR 603.4: "if ~ has no charge counters on it" (Mana Bloom), "if ~ has fewer than three
    +1/+1 counters on it" (Runaway Steam-Kin): its source's counters of that kind, at most N."""
    m = re.fullmatch(r"if ~ has (no|fewer than (?:two|three|four|five)) ([a-z]+|[+-]\d+/[+-]\d+) counters on it",
                     condition)
    if m is None:
        # "if there are three or more omen counters on ~" (Foreboding Statue): at least N
        m = re.fullmatch(r"if there are (two|three|four|five) or more ([a-z]+|[+-]\d+/[+-]\d+) counters on ~", condition)
        return None if m is None else {"kind": m.group(2), "at_least": COUNT_WORDS[m.group(1)]}
    words = m.group(1).split()
    return {"kind": m.group(2), "at_most": 0 if words[0] == "no" else COUNT_WORDS[words[-1]] - 1}


def you_control_count(condition: str) -> dict | None:
    power = re.fullmatch(r"if you control an? ([a-zA-Z ]+?) with power (\d+) or greater", condition)
    if power is not None:
        # "if you control a creature with power 5 or greater" (Drumhunter; 208.1)
        filt = kind_filter(power.group(1))
        return None if filt is None else {"filter": list(filt), "at_least": 1, "power_at_least": int(power.group(2))}
    m = re.fullmatch(r"if you control (no|(?:one|two|three|four|five|six|seven|eight) or (?:more|fewer)) "
                     r"([a-zA-Z ]+)", condition)
    if m is None:
        return None
    filt = kind_filter(m.group(2))
    if filt is None:
        return None
    words = m.group(1).split()
    if words[0] == "no":
        return {"filter": list(filt), "at_most": 0}
    return {"filter": list(filt), "at_least" if words[-1] == "more" else "at_most": COUNT_WORDS[words[0]]}


def state_condition(condition: str) -> dict | None:
    from .dfc_tail import trigger_state_condition
    from .misc13_tail import last_turn_condition
    return trigger_state_condition(condition) or last_turn_condition(condition)


def triggered(text: str, ctx, normal: str):
    """A triggered ability: `normal` is the line with its self references as ~."""
    head, sep, effect = split_discard(normal) or normal.partition(", ")
    if not sep:
        return None
    when = next((w for p, w in EVENTS if p.fullmatch(head)), None) or subject_event(head)
    if when is None:
        return None
    entry: dict = {"when": dict(when), "effect": text}
    condition, sep2, rest = effect.partition(", ")
    if sep2 and condition in CONDITIONS:
        entry["condition"] = CONDITIONS[condition]
        effect = rest
    elif sep2 and when_counts(when) and you_control_count(condition) is not None:
        entry["condition"] = {"you_control": you_control_count(condition)}
        effect = rest
    elif sep2 and when_counts(when) and state_condition(condition) is not None:
        entry["condition"] = state_condition(condition)     # (compiler/dfc_tail.py)
        effect = rest
    elif sep2 and self_counters(condition) is not None:
        entry["condition"] = {"counters": self_counters(condition)}
        effect = re.sub(r"\breturn it to its owner's hand\.$", "return ~ to its owner's hand.", rest)
    effect = re.sub(r"\b(sacrifice|untap) it\b(?=\.| unless )", r"\1 ~", effect)   # "it": the object itself here
    if when in ({"attacks": "self"}, {"attacks_most_life": "self"}, {"becomes_blocked": "self"},
                {"becomes_tapped": "self"}):
        # "Whenever ~ attacks, it gets +1/+1 until end of turn": "it" is ~, still on the battlefield
        effect = re.sub(r"^it (gets|gains) ", r"~ \1 ", effect)
        effect = re.sub(r"\b(counters? on) it\.$", r"\1 ~.", effect)
    effect, reflexive = _reflexive_part(effect, text)
    read = read_effect(effect[0].upper() + effect[1:], creates=True, type_line=ctx.type_line,
                       refers_creature=when == {"attacks_alone": "you"})
    if read is None or (reflexive is not None and not _add_reflexive(entry, read, reflexive, ctx)):
        entry.pop("reflexive", None)
        return {"triggered": entry}, "triggered", ("effect",)
    _add_read(entry, read, ctx)
    if "reflexive" in entry:
        entry["reflexive"] = entry.pop("reflexive")     # (after what it follows, as written)
    return {"triggered": entry}, "triggered", ()


def _reflexive_part(effect: str, text: str) -> tuple[str, tuple[str, str] | None]:
    """"Sacrifice it. When you do, [effect]" (CR 603.12): the effect before the reflexive trigger,
    and the reflexive one's words (with self references as ~, and as printed), if there is one."""
    said, sep, rest = effect.partition(" When you do, ")
    if not sep:
        return effect, None
    printed = text[text.index(" When you do, ") + 1:] if " When you do, " in text else ""
    return said, (rest, printed)


def _add_reflexive(entry: dict, read, reflexive: tuple[str, str], ctx) -> bool:
    """The reflexive triggered ability, after a last action that is a sacrifice (the only action
    the rules here follow to it), read whole, or False (the line's effect stays words)."""
    words, printed = reflexive
    if read.creates is not None or not read.does or "sacrifice" not in read.does[-1]:
        return False
    inner = read_effect(words[0].upper() + words[1:], type_line=ctx.type_line)
    if inner is None or inner.creates is not None:
        return False
    r: dict = {"effect": printed}
    if inner.target is not None:
        r["targets"], r["target"] = inner.targets, inner.target
    r["does"] = inner.does
    ctx.tokens.extend(inner.tokens)
    entry["reflexive"] = r
    return True


def spell(text: str, ctx, normal: str):
    """An instant's or sorcery's effect line (CR 608.2): all of it read, or left to others."""
    if not re.search(r"\b(instant|sorcery)\b", ctx.type_line.lower()):
        return None
    read = read_effect(normal, creates=True)
    if read is None:
        return None
    entry: dict = {"effect": text}
    _add_read(entry, read, ctx)
    return {"spell": entry}, "spell", ()


def _add_read(entry: dict, read, ctx) -> None:
    ctx.tokens.extend(read.tokens)
    if read.target is not None:
        entry["targets"] = read.targets
        entry["target"] = read.target
    if read.does:
        entry["does"] = read.does
    if read.creates is not None:
        entry["creates"] = read.creates     # an effect "until end of turn" (611.2a)


def additional_cost(text: str, ctx, normal: str):
    """"As an additional cost to cast this spell, [cost]." (CR 601.2f): the line is read as an
    additional cost, the cost itself kept as words (the what-if refuses the cast)."""
    m = re.fullmatch(r"As an additional cost to cast this spell, (.+?)\.?", text)
    if m is None:
        return None
    return {"additional_cost": m.group(1)}, "additional_cost", ("cost",)



# CR 702.83a: "Exalted" means "Whenever a creature you control attacks alone, that creature gets
# +1/+1 until end of turn." (each instance triggers on its own, 702.83b: one ability per line)
EXALTED = "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn."


# CR 702.105a: "Dethrone" means "Whenever this creature attacks the player with the most life or
# tied for most life, put a +1/+1 counter on this creature." (each instance triggers, 702.105b)
DETHRONE = "Whenever ~ attacks the player with the most life or tied for most life, put a +1/+1 counter on ~."


def dethrone(text: str, ctx, normal: str):
    """The keyword line "Dethrone": the triggered ability it means."""
    if normal != "Dethrone" or "creature" not in ctx.type_line.lower():
        return None
    read = triggered(DETHRONE, ctx, DETHRONE)
    if read is None or read[2]:
        return None
    read[0]["triggered"]["effect"] = text
    return read


def exalted(text: str, ctx, normal: str):
    """The keyword line "Exalted" (its reminder text dropped): the triggered ability it means."""
    if normal != "Exalted":
        return None
    read = triggered(EXALTED, ctx, EXALTED)
    if read is None or read[2]:
        return None
    read[0]["triggered"]["effect"] = text
    return read
