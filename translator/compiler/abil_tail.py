"""Effect sentences that take abilities away until end of turn (issue 13, abil's part): layer 6,
CR 613.1f, in timestamp order (613.7), the objects fixed as the ability resolves (611.2c).

"Target creature loses all landwalk abilities until end of turn." (Hammerheim: 702.14a, every
landwalk keyword), "Target creature loses first strike or swampwalk until end of turn." (Urborg: one
of them, its controller's choice as it resolves, 608.2d), "Target creature loses banding and all "bands with other" abilities until end
of turn." (Tolaria: 702.21, 702.22a), "Until end of turn, creatures your opponents control lose
hexproof and shroud and can't have hexproof or shroud." (Arcane Lighthouse: 702.11, 702.18; "can't
have" applies whatever the timestamp of what would give them).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES; a builder gives [] for a
created effect (`read.creates`) or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead, _affected, _created

# The words for what is lost, as the vocabulary's `lose: {keywords}` (cards.py LOSABLE).
LOST_WORDS = {"all landwalk abilities": "landwalk", 'all "bands with other" abilities': "bands with other",
              "banding": "banding"}


def _lost(words: str, joiner: str = "and") -> list[str] | None:
    """"hexproof and shroud", "all landwalk abilities": the keywords (or classes), or None."""
    from ..cards import LOSABLE
    out = []
    for w in re.split(rf",? {joiner} |, ", words):
        w = LOST_WORDS.get(w, w).lower()
        if w not in LOSABLE or w in out:
            return None
        out.append(w)
    return out


def _loses(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"[Until end of turn, ]WHO lose(s) K[ and K][ and can't have K or K][ until end of turn]."
    (exactly one "until end of turn"; "can't have" naming the same keywords)."""
    first, who, words, cant, last = m.groups()
    if bool(first) == bool(last):
        return None
    one = " or " in words
    if one and (cant is not None or " and " in words):
        return None
    lost = _lost(words, "or" if one else "and")
    if one and (lost is None or len(lost) < 2 or {"landwalk", "bands with other", "banding"} & set(lost)):
        return None
    if lost is None:
        return None
    if cant is not None and sorted(_lost(re.sub(r",? or ", " and ", cant)) or []) != sorted(lost):
        return None
    if who.lower() == "creatures your opponents control":
        to: str | dict | None = {"filter": ["creature"], "controller": "opponent"}
    else:
        to = _affected(who, read)
        if to != "target":
            return None                 # (a loss is read on its one target or an opponent's creatures)
    lose: dict = {"keywords": lost, "to": to}
    if cant is not None:
        lose["cant_have"] = True
    if one:
        lose["choose"] = "one"          # one of them, chosen as it resolves (608.2d)
    return _created(read, {"lose": lose})


def _gives_control_of_self(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target opponent gains control of ~." (Witch Engine): its source to the player it targets,
    under a control-changing effect that lasts indefinitely (613.1b, 611.2a)."""
    if read.creates is not None or read.target is not None:
        return None
    read.target, read.targets = "opponent", ["target opponent"]
    read.creates = {"control": "each", "duration": "indefinitely"}
    return [{"give_control": {"what": "self", "to": "target"}}]


def created_beside_mana(sentence: str, out: EffectRead) -> EffectRead | None:
    """A sentence after an ability's mana that gives control of its source to the player it targets
    (Witch Engine: "{T}: Add {B}{B}{B}{B}. Target opponent gains control of ~."): with a target it is
    no mana ability (605.1a), so it resolves from the stack with its mana (106.4) and creates the
    control-changing effect as it resolves (611.2). Only that effect is read beside mana here."""
    read = read_effect_created(sentence)
    if read is None or out.creates is not None or read.creates != {"control": "each", "duration": "indefinitely"} \
            or read.target is None or [next(iter(a)) for a in read.does] != ["give_control"]:
        return None
    out.creates = read.creates
    return read


def next_end_step_delayed(said: str, shown: str) -> dict | None:
    """After a mana ability's mana, a delayed triggered ability (603.7) that triggers as the next end
    step begins (513.1), as the entries `delayed` (and `delayed_if_activated`) of the ability:
    "An opponent gains control of ~ at the beginning of the next end step." (Rainbow Vale: its source to an
    opponent its controller chooses as it resolves, 608.2d; 613.1b, lasting indefinitely, 611.2a);
    "If this ability has been activated four or more times this turn, sacrifice ~ at the beginning of the
    next end step." (Farrelite Priest: created only on the fourth activation of the turn or a later one,
    602.5b's count; "~" is its source, if still that object, 400.7)."""
    if said == "An opponent gains control of ~ at the beginning of the next end step.":
        return {"delayed": {"when": {"beginning_of_end_step": "next"}, "effect": shown,
                            "does": [{"give_control": {"what": "self", "to": "opponent"}}],
                            "creates": {"control": "each", "duration": "indefinitely"}}}
    m = re.fullmatch(r"If this ability has been activated (two|three|four|five|six) or more times this turn, sacrifice ~ "
                     r"at the beginning of the next end step\.", said)
    if m:
        from .effects import number
        return {"delayed": {"when": {"beginning_of_end_step": "next"}, "effect": shown,
                            "does": [{"sacrifice": {"what": "self"}}]},
                "delayed_if_activated": number(m.group(1))}
    return None


def granted_pt_count(text: str, ctx, normal: str):
    """The line template (compiler/lines.py), in quotes only (an ability an effect grants):
    "This creature's power and toughness are each equal to the number of creature cards in your
    graveyard." (Svogthos, the Restless Tomb): a setting effect of layer 7b (604.3a: a granted ability
    defines no characteristic; 613.4b), 1/1 for each such card its controller owns in their graveyard,
    counted now. Printed on a card it is a characteristic-defining ability (7a): not read here."""
    if ctx.name != "\0":
        return None
    if not re.fullmatch(r"(?:~|This creature)'s power and toughness are each equal to the number of creature cards "
                        r"in your graveyard\.", normal):
        return None
    return {"static": {"pt": {"set": "1/1", "to": "self", "for_each": "creature_cards_in_graveyard"}}}, "static"


def _becomes_defined_by_grant(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Until end of turn, ~ becomes a black and green Plant Zombie creature with "This creature's power and
    toughness are each equal to ..." It's still a land." (Svogthos, the Restless Tomb): no P/T of its own,
    the granted ability sets them (613.4b); types and colors as a manland's (613.1d-e, 205.1b)."""
    from .effects import _quoted_ability
    from .subtypes import CREATURE_TYPES
    first, colors, subtypes, quoted, last, still = m.groups()
    if bool(first) == bool(last):
        return None
    names = [w.lower() for w in subtypes.split()]
    if not names or any(n not in CREATURE_TYPES for n in names):
        return None
    ability = _quoted_ability(quoted, read)
    pt = (ability or {}).get("static", {}).get("pt", {})
    if not isinstance(pt, dict) or pt.get("for_each") != "creature_cards_in_graveyard":
        return None                     # (a creature needs its P/T from somewhere: only this grant here)
    read.still = read.still or bool(still)
    becomes = {"to": "self", "types": ["creature"], "subtypes": names, "retains": False,
               "colors": [c.strip() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", colors) if c.strip()]}
    return _created(read, {"becomes": becomes, "grant": {"to": "self", "ability": ability}})


def read_effect_created(sentence: str) -> EffectRead | None:
    from .effects import read_effect
    return read_effect(sentence, creates=True)


def monarch_mana_trigger(text: str, ctx, normal: str):
    """The line template (compiler/lines.py): "Whenever you tap a land for mana while you're the
    monarch, add an additional one mana of any color." (Regal Behemoth): the triggered mana ability
    of "Whenever you tap a land for mana, ..." (106.12a, 605.1b) that triggers only while its
    controller is the monarch (725.1; `while: monarch`)."""
    m = re.fullmatch(r"(Whenever you tap an? [a-z ]+ for mana) while you're the monarch, (add .+)", normal)
    if m is None:
        return None
    from . import mana
    read = mana.mana_trigger(f"{m.group(1)}, {m.group(2)}", f"{m.group(1)}, {m.group(2)}")
    if read is None or read[1]:
        return None
    trigger = read[0].get("triggered", {}).get("trigger")
    if not isinstance(trigger, dict) or trigger.get("who") != "you" or trigger.get("tapped_for_mana") == "enchanted":
        return None
    trigger["while"] = "monarch"
    return read[0], "mana_trigger"


SENTENCES = tuple((re.compile(p), f) for p, f in (
    # "Until end of turn, your opponents and creatures your opponents control with hexproof can be the targets of
    # spells and abilities you control as though they didn't have hexproof." (Detection Tower; 702.11b: no
    # player has hexproof in the vocabulary, so "your opponents" changes nothing the rules here see)
    ((r"Until end of turn, your opponents and creatures your opponents control with hexproof can be the targets of "
     r"spells and abilities you control as though they didn't have hexproof\."),
     lambda m, r: _created(r, {"ignore_hexproof": ["creature"]})),
    # "Switch this creature's power and toughness until end of turn." (613.4d: Wandering Fumarole's
    # granted ability, on its source)
    (rf"Switch {SELF_WORDS}'s power and toughness until end of turn\.",
     lambda m, r: _created(r, {"pt": {"switch": True, "to": "self"}})),
    # "Target creature becomes the color or colors of your choice until end of turn." (Scuttlemutt; 105.3:
    # one or more colors, chosen as it resolves, 608.2d; layer 5, 613.1e: its types kept)
    (r"([Tt]arget [a-z ]+?) becomes the color or colors of your choice until end of turn\.",
     lambda m, r: None if _affected(m.group(1), r) != "target" else
     _created(r, {"becomes": {"to": "target", "colors": "chosen", "retains": True}})),
    # "Target land you control becomes the basic land type of your choice until end of turn." (Unstable
    # Frontier; 305.7: its land types set, its rules-text abilities lost; one chosen as it resolves, 608.2d)
    (r"([Tt]arget land(?: you control)?) becomes the basic land type of your choice until end of turn\.",
     lambda m, r: None if _affected(m.group(1), r) != "target" else
     _created(r, {"land_types": {"to": "target", "set": "chosen"}})),
    # "Until end of turn, ~ becomes a black and green Plant Zombie creature with "This creature's power and
    # toughness are each equal to the number of creature cards in your graveyard." It's still a land."
    ((rf"(Until end of turn, )?{SELF_WORDS} becomes an? ((?:white|blue|black|red|green)(?:(?:,| and|, and) "
     r"(?:white|blue|black|red|green))*) ((?:[A-Z][a-z]+ )+)creature with \"([^\"]+)\"( until end of turn)?"
     r"(?:\.|(?<=\.\"))( It's still a land\.)?"), _becomes_defined_by_grant),
    # "You become the monarch." (725.1, 725.3)
    (r"[Yy]ou become the monarch\.", lambda m, r: [{"become_monarch": {}}]),
    (r"Target opponent gains control of ~\.", _gives_control_of_self),
    ((r"(Until end of turn, )?([Tt]arget [a-z ]+?|creatures your opponents control) loses? "
     r"((?:first strike|double strike|[a-z]+|all landwalk abilities|all \"bands with other\" abilities)"
     r"(?:(?:,| and|, and| or|, or) (?:first strike|double strike|[a-z]+|all landwalk abilities|all \"bands with other\" abilities))*)"
     r"(?: and can't have ([a-z ,]+?))?( until end of turn)?\."), _loses),
))
