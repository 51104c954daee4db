"""Triggered mana abilities on the type of mana produced (issue 13, the manatrig tail).

- "Whenever you tap a permanent for {C}, add an additional {C}." (Forsaken Monument): a triggered
  mana ability (605.1b) on a permanent "tapped for mana of a specified type" (106.12a): it
  triggers only if the mana that ability produced, after replacement effects, has that type
  (`trigger: {tapped_for_mana: [permanent], who: you, mana_type: C}`).
- "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional
  one mana of that color." (Gauntlet of Power): the same on the color its linked "As ~ enters,
  choose a color" chose (607.2d; `mana_type: chosen`, `add_mana: {chosen: color}`).
- "Whenever a land's ability causes you to add one or more mana of the chosen color, add one
  additional mana of that color." (Caged Sun): any activated mana ability of a land its controller
  activates, {T} in its cost or not (605.1b; `any_mana_ability: true`).
- "Creatures of the chosen color get +1/+1." (Gauntlet of Power): a static P/T change of every
  creature of that color (613.4c, 607.2d), as "Creatures you control of the chosen color" is.
The rules: asp/events.lp (trigger_watch/3), asp/outcomes.lp (out_wants/3, out_fires/4)."""

from __future__ import annotations

import re

from .words import kind_filter

SYM = r"\{([WUBRGC])\}"
TAPPED_FOR_TYPE = (
    (re.compile(rf"Whenever you tap (?:a|an) ([\w ]+?) for {SYM}, add an additional {SYM}\."), "you"),
    (re.compile(rf"Whenever a player taps (?:a|an) ([\w ]+?) for {SYM}, that player adds an additional {SYM}\."), "any"),
    (re.compile(rf"Whenever (?:a|an) ([\w ]+?) is tapped for {SYM}, its controller adds an additional {SYM}\."), "any"),
)
CHOSEN = (
    (re.compile(r"Whenever (?:a|an) ([\w ]+?) is tapped for mana of the chosen color, its controller adds an "
                r"additional one mana of that color\."), "any", False),
    (re.compile(r"Whenever (?:a|an) (\w+)'s ability causes you to add one or more mana of the chosen color, add one "
                r"additional mana of that color\."), "you", True),
)


def _chooses_color(ctx) -> bool:
    """607.2d: "the chosen color" needs its linked "As ~ enters, choose a color"."""
    return any(re.search(r"choose a color\.", other) for other in ctx.lines)


def typed_mana_trigger(text: str, ctx, normal: str):
    for pattern, who in TAPPED_FOR_TYPE:
        m = pattern.fullmatch(normal.strip())
        if m is None:
            continue
        f = kind_filter(m.group(1))
        if f is None:
            return None
        trigger = {"tapped_for_mana": list(f), "who": who, "mana_type": m.group(2)}
        return {"triggered": {"trigger": trigger, "add_mana": "{" + m.group(3) + "}"}}, "mana_trigger"
    for pattern, who, any_ability in CHOSEN:
        m = pattern.fullmatch(normal.strip())
        if m is None or not _chooses_color(ctx):
            continue
        f = kind_filter(m.group(1).lower())
        if f is None:
            return None
        trigger = {"tapped_for_mana": list(f), "who": who, "mana_type": "chosen"}
        if any_ability:
            trigger["any_mana_ability"] = True
        return {"triggered": {"trigger": trigger, "add_mana": {"chosen": "color"}}}, "mana_trigger"
    return None


def chosen_color_anthem_all(text: str, ctx, normal: str):
    """"Creatures of the chosen color get +1/+1." (Gauntlet of Power): every creature of that color,
    whoever controls it (613.4c, 607.2d)."""
    m = re.fullmatch(r"Creatures of the chosen color get ([+-]\d+/[+-]\d+)\.", normal.strip())
    if m is None or not _chooses_color(ctx):
        return None
    return {"static": {"pt": {"modify": m.group(1), "to": {"filter": ["creature"], "controller": "any",
                                                           "chosen_color": True}}}}, "static pt"


# CR 605.1b, 605.4a: a triggered mana ability that does more than add mana ("..., and ~ deals 1
# damage to the player.", Overabundance; "That land doesn't untap during its controller's next
# untap step.", Winter's Night): its mana read as the mana templates read it, the rest as actions.
# The mana answers (could-produce, orderings, can-pay, mana) read only its mana; the what-if refuses
# a tap that would trigger it (asp/casting.lp), its further effect not being carried out there yet.
DAMAGE_TO_TAPPER = re.compile(r"(Whenever a player taps .+ for mana, that player adds .+?), and ~ deals (\d+) damage to "
                              r"the player\.")
DOESNT_UNTAP = re.compile(r"(Whenever a player taps .+ for mana, that player adds .+?\.) That land doesn't untap during "
                          r"its controller's next untap step\.")


def mana_trigger_and_more(text: str, ctx, normal: str):
    from .mana import mana_trigger
    m = DAMAGE_TO_TAPPER.fullmatch(normal.strip())
    if m is not None:
        read = mana_trigger(m.group(1) + ".", "")
        if read is None:
            return None
        entry = dict(read[0]["triggered"])
        entry["effect"] = text[text.index(", and ") + 2:]
        entry["does"] = [{"damage": {"amount": int(m.group(2)), "to": "that_player"}}]
        return {"triggered": entry}, "mana_trigger"
    m = DOESNT_UNTAP.fullmatch(normal.strip())
    if m is not None:
        read = mana_trigger(m.group(1), "")
        if read is None:
            return None
        entry = dict(read[0]["triggered"])
        entry["effect"] = "That land doesn't untap during its controller's next untap step."
        entry["creates"] = {"restrict": {"what": ["untap"], "to": "it"}, "duration": "its_controllers_next_untap_step"}
        return {"triggered": entry}, "mana_trigger"
    return None


# CR 607.2a: "Imprint — When ~ enters the battlefield, you may exile target land you control." and
# "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds one
# mana of any type that land produced." (Extraplanar Lens): the exile links the card to the object
# (`link: true`, only on a card whose other line names "the exiled card"), and the trigger watches
# only permanents with that card's name (`same_name_as_exiled: true`, 201.2).
IMPRINT_TARGET = re.compile(r"When ~ enters(?: the battlefield)?, you may exile target ([a-z ]+?) you control\.")
SAME_NAME = re.compile(r"Whenever (?:a|an) ([a-z ]+?) with the same name as the exiled card is tapped for mana, its "
                       r"controller adds (.+)")


def imprint_target(text: str, ctx, normal: str):
    m = IMPRINT_TARGET.fullmatch(normal.strip())
    if m is None or not any("the exiled card" in other for other in ctx.lines):
        return None
    f = kind_filter(m.group(1))
    if f is None:
        return None
    return {"triggered": {"when": {"enters": "self"}, "effect": text,
                          "targets": [f"target {m.group(1)} you control"],
                          "target": {"filter": list(f), "controller": "you"},
                          "does": [{"move": {"what": "target", "to": "exile", "may": True, "link": True}}]}}, "triggered"


def same_name_as_exiled(text: str, ctx, normal: str):
    from .mana import trigger_mana
    m = SAME_NAME.fullmatch(normal.strip())
    if m is None or not any(IMPRINT_TARGET.fullmatch(words_self(other, ctx)) for other in ctx.lines):
        return None
    f = kind_filter(m.group(1))
    mana = trigger_mana(m.group(2))
    if f is None or mana is None:
        return None
    return {"triggered": {"trigger": {"tapped_for_mana": list(f), "who": "any", "same_name_as_exiled": True},
                          "add_mana": mana}}, "mana_trigger"


def words_self(line: str, ctx) -> str:
    """Another line of the card as the templates read it (its self references ~, an ability word dropped)."""
    from .lines import prepared
    p = prepared(line, ctx)
    return "" if p is None else p[0].strip()


# "Whenever a land you control is tapped for mana, add an additional one mana of any type that land
# produced for each other land you control with the same name as it." (Sasaya's Essence; 201.2).
SAME_NAME_EACH = re.compile(r"Whenever (?:a|an) ([a-z ]+?) you control is tapped for mana, add an additional one mana "
                            r"of any type that \1 produced for each other \1 you control with the same name as it\.")


def for_each_other_with_its_name(text: str, ctx, normal: str):
    m = SAME_NAME_EACH.fullmatch(normal.strip())
    if m is None or m.group(1) != "land":
        return None
    return {"triggered": {"trigger": {"tapped_for_mana": ["land"], "who": "you"},
                          "add_mana": {"produced_type": "for_each_other_with_its_name"}}}, "mana_trigger"


# "Tap up to two target creatures. Those creatures don't untap during their controller's next untap
# step. Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add
# {C}."" (Adverse Conditions): the targets tapped (701.26a; up to two, 115.6), a restriction on them
# that lasts until their controller's next untap step (502.3, 611.2a, fixed as it resolves, 611.2c),
# then the tokens (111.1; no targets): the restriction cannot change what the actions do.
TAP_AND_HOLD = re.compile(r"Tap up to (one|two) target creatures?\. (?:That creature doesn't|Those creatures don't) untap "
                          r"during (?:its|their) controller's next untap step\. (Create .+)", re.DOTALL)


def tap_and_hold(text: str, ctx, normal: str):
    from .effects import read_effect
    if not re.search(r"\b(instant|sorcery)\b", ctx.type_line.lower()):
        return None
    m = TAP_AND_HOLD.fullmatch(normal.strip())
    if m is None:
        return None
    rest = read_effect(m.group(2), type_line=ctx.type_line)
    if rest is None or rest.target is not None or rest.creates is not None or not rest.does or \
            not all(set(a) == {"create_token"} for a in rest.does):
        return None
    ctx.tokens.extend(rest.tokens)
    count = 2 if m.group(1) == "two" else 1
    target: dict = {"filter": ["creature"], "up_to": True}
    if count > 1:
        target["count"] = count
    return {"spell": {"effect": text, "targets": [f"up to {m.group(1)} target creature"] * count, "target": target,
                      "does": [{"tap": {"what": "targets" if count > 1 else "target"}}, *rest.does],
                      "creates": {"restrict": {"what": ["untap"], "to": "target"},
                                  "duration": "its_controllers_next_untap_step"}}}, "spell"


# "For each artifact or creature card in target opponent's graveyard, add {C} and you gain 1 life."
# (Spoils of Evil): the cards of those kinds in its target player's graveyard, counted as it resolves
# (608.2h; by what they print, 109.2), the mana and the life for each.
FOR_EACH_CARD_ADD_AND_GAIN = re.compile(r"For each ([a-z]+)(?: or ([a-z]+))? card in target (opponent|player)'s "
                                        r"(graveyard|hand), add ((?:\{[WUBRGC]\})+) and you gain (\d+) life\.")


def for_each_card_add_and_gain(text: str, ctx, normal: str):
    m = FOR_EACH_CARD_ADD_AND_GAIN.fullmatch(normal.strip())
    if m is None or not re.search(r"\b(instant|sorcery)\b", ctx.type_line.lower()):
        return None
    kinds = [k for k in (m.group(1), m.group(2)) if k]
    filters = [kind_filter(k) for k in kinds]
    if any(f is None for f in filters):
        return None
    which: dict = {"any_of": [list(f) for f in filters]} if len(filters) > 1 else {"filter": list(filters[0])}
    zone, who = m.group(4), m.group(3)
    return {"spell": {"effect": text, "targets": [f"target {who}"], "target": who,
                      "add_mana": {"mana": m.group(5), "for_each": {"zone": zone, "whose": "target", **which}},
                      "does": [{"gain_life": {"amount": int(m.group(6)), "cards_in": zone, "cards_of": "target",
                                              **which}}]}}, "spell_mana"


TEMPLATES = (for_each_card_add_and_gain, tap_and_hold, for_each_other_with_its_name, typed_mana_trigger, chosen_color_anthem_all, mana_trigger_and_more, imprint_target, same_name_as_exiled)


def manatrig_line(text: str, ctx, normal: str):
    """The first of this module's templates that reads the line (registered once in lines.py)."""
    return next((read for read in (t(text, ctx, normal) for t in TEMPLATES) if read is not None), None)


def put_from_exile_cost(part: str):
    """A cost part: "Put a card an opponent owns from exile into that player's graveyard" (Void
    Attendant; compiler/costs.py read_cost, on an ability that adds no mana)."""
    if part == "Put a card an opponent owns from exile into that player's graveyard":
        return {"put_from_exile": {"owner": "opponent", "to": "graveyard"}}
    return None
