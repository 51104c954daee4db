"""Lines of the pool's mana cards read by issue 13's tenth round of miscellaneous templates:

- "Suspend N—[cost]" (702.62a): `suspend: {time_counters, cost}`. Its special action (from a
  hand, 116.2f) and its triggered abilities (in exile) are not taken; asp/unread.lp names the
  card where they work, the way companion's special action is named outside the game.
- "Sunburst" (702.44a) and converge's "~ enters with a +1/+1 counter on it for each color of mana
  spent to cast it": `enters: {counters: {KIND: colors_spent}}` (the what-if's cast records the
  colors spent, 601.2h).
- "A player losing unspent mana causes that player to lose that much life." (Yurlok of Scorch
  Thrash): `static: {mana_burn: true}` (500.5, 119.3).
- "Whenever you cast or copy an instant or sorcery spell, ..." (magecraft, Spell Satchel): the cast
  trigger with `or_copy: true` (no copy is ever made in a what-if).
- "Add seven {R}. You can cast only one more spell this turn." (Irencrag Feat): the spell's mana
  and `creates: {cast_limit: 1}` (101.2).
- "Creatures you control of the chosen color get +1/+0." (Heraldic Banner): a static `pt` to
  `{filter: [creature], controller: you, chosen_color: true}` (607.2d).
- "Crew N" (702.122a): the activated ability it means, its cost `tap_untapped: {total_power: N}`.
- "As long as ~ is in your graveyard, lands you control have "..."" (Riftstone Portal): a grant
  with `condition: self_in_graveyard` (113.6b).
- Opening-hand actions (103.5, 103.6a) that end before the first turn: "If ~ is in your opening
  hand and you're not the starting player, you may begin the game with ~ on the battlefield with a
  luck counter on it. If you do, exile a card from your hand." (Gemstone Caverns) and "Before
  drawing your hand, you may start the game with ~ in your opening hand. If you do, draw one fewer
  card." (Rift): a state is a game in progress, past them (a Caverns begun this way has its luck
  counter in the state).
- "As long as enchanted permanent is a creature, it gets +2/+2." (Nature's Embrace): a static
  P/T change of the permanent it enchants while that matches (604.2, 613.4c).
- "As ~ enters, sacrifice all lands you control." (Overlaid Terrain) and Sheltered Valley's "If ~
  would enter, instead sacrifice each other permanent named ~ you control, then put ~ onto the
  battlefield.": `enters: {sacrifice: {all: true, ...}}` (614.1c, 614.1a).
- "If ~ would enter, you may discard a land card instead. ..." (Mox Diamond): `enters: {discard:
  {filter}}` (614.1a, 701.9a).
- "As ~ enters, you may reveal a Dragon card from your hand. ~ enters tapped unless you revealed a
  Dragon card this way or you control a Dragon." (Temple of the Dragon Queen; 614.12a).
"""

from __future__ import annotations

import re

from .enters import alternatives, condition_filter
from .words import REMINDER, kind_filter


def suspend(text: str, ctx, normal: str):
    """"Suspend 3—{0}" with a fixed number and a mana cost (not "Suspend X—{X}{R}")."""
    m = re.fullmatch(r"Suspend (\d+)\s?—\s?((?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRGP])\})+)",
                     REMINDER.sub("", normal).strip())
    if not m or int(m.group(1)) < 1:
        return None
    return {"suspend": {"time_counters": int(m.group(1)), "cost": m.group(2)}}, "suspend"


OPENING_HAND = {
    # CR 103.6a: beginning the game with it on the battlefield (with a luck counter; the exile
    # of a card from the hand is part of the same action, before the first turn)
    "If ~ is in your opening hand and you're not the starting player, you may begin the game with ~ on the "
    "battlefield with a luck counter on it. If you do, exile a card from your hand.": "begin_on_battlefield",
    # CR 103.5: the starting hand, before any mulligan
    "Before drawing your hand, you may start the game with ~ in your opening hand. If you do, draw one fewer "
    "card.": "start_in_opening_hand",
}


def opening_hand(text: str, ctx, normal: str):
    kind = OPENING_HAND.get(REMINDER.sub("", normal).strip())
    return None if kind is None else ({"opening_hand": kind}, "opening_hand")


def enchanted_permanent_gets(text: str, ctx, normal: str):
    """"As long as enchanted permanent is a creature, it gets +2/+2." on an Aura."""
    m = re.fullmatch(r"As long as enchanted permanent is an? ([a-z]+), it gets ([+-]\d+/[+-]\d+)\.", normal.strip())
    if not m or "aura" not in ctx.type_line.lower():
        return None
    f = kind_filter(m.group(1))
    if f is None:
        return None
    return {"static": {"condition": {"enchanted": list(f)},
                       "pt": {"modify": m.group(2), "to": "enchanted_permanent"}}}, "static pt"


def reveal_or_control(text: str, ctx, normal: str):
    """The reveal and the control of the same kind, either of which has it enter untapped."""
    m = re.fullmatch(r"As ~ enters(?: the battlefield)?, you may reveal an? (\w+) card from your hand\. ~ enters "
                     r"(?:the battlefield )?tapped unless you revealed an? (\w+) card this way or you control an? "
                     r"(\w+)\.", normal.strip())
    if not m or not m.group(1) == m.group(2) == m.group(3):
        return None
    alts = alternatives("a " + m.group(1))
    if alts is None or len(alts) != 1:
        return None
    cond = condition_filter(alts)
    return {"enters": {"tapped": True, "unless": {"reveal": {**cond, "or_you_control": True}}}}, \
        "may reveal or enters tapped"


def sacrifice_all_as_enters(text: str, ctx, normal: str):
    """"As ~ enters, sacrifice all lands you control." (Overlaid Terrain, 614.1c) and "If ~ would
    enter, instead sacrifice each other permanent named ~ you control, then put ~ onto the
    battlefield." (Sheltered Valley, 614.1a): every such permanent, no cost; it enters either way."""
    t = re.sub(r"\b(enters?) the battlefield\b", r"\1", normal.strip())
    m = re.fullmatch(r"As ~ enters, sacrifice all ([a-z]+)s you control\.", t)
    if m:
        f = kind_filter(m.group(1))
        if f is None:
            return None
        return {"enters": {"sacrifice": {"all": True, "filter": list(f)}}}, "sacrifice all as it enters"
    if t == ("If ~ would enter, instead sacrifice each other permanent named ~ you control, then put ~ onto the "
             "battlefield."):
        return {"enters": {"sacrifice": {"all": True, "filter": ["permanent"], "named": ctx.name}}}, \
            "sacrifice all as it enters"
    return None


def crew(text: str, ctx, normal: str):
    """"Crew 3" on a Vehicle (702.122a): "Tap any number of other untapped creatures you control with
    total power 3 or greater: This Vehicle becomes an artifact creature until end of turn." (the
    types added in layer 4, 205.1b keeping its others; its printed power and toughness, 301.7a)."""
    m = re.fullmatch(r"Crew (\d+)", REMINDER.sub("", normal).strip())
    if not m or "vehicle" not in ctx.type_line.lower() or not 1 <= int(m.group(1)) <= 99:
        return None
    return {"activated": {
        "cost": [{"tap_untapped": {"total_power": int(m.group(1)), "filter": ["creature"]}}],
        "effect": "This Vehicle becomes an artifact creature until end of turn.",
        "creates": {"becomes": {"to": "self", "types": ["artifact", "creature"]}, "duration": "end_of_turn"}}}, "crew"


def grant_from_graveyard(text: str, ctx, normal: str):
    """"As long as ~ is in your graveyard, lands you control have "{T}: Add {G} or {W}."" (Riftstone
    Portal): a static ability that states the zone it functions in (113.6b): the grant of the
    quoted mana ability, only while the card is in its owner's graveyard (109.5: "you" is its
    owner there)."""
    from .mana import mana_grant
    m = re.fullmatch(r"As long as ~ is in your graveyard, (.+)", normal.strip())
    mo = re.fullmatch(r"As long as .+? is in your graveyard, (.+)", text.strip())
    if not m or not mo:
        return None
    grant = mana_grant(m.group(1), mo.group(1))
    if grant is None or grant[1] or not isinstance(grant[0]["static"]["grant"]["to"], dict):
        return None
    return {"static": {"condition": "self_in_graveyard", **grant[0]["static"]}}, "mana_grant"


def discard_instead(text: str, ctx, normal: str):
    """"If ~ would enter, you may discard a land card instead. If you do, put ~ onto the
    battlefield. If you don't, put it into its owner's graveyard." (Mox Diamond, 614.1a)."""
    t = re.sub(r"\b(enters?) the battlefield\b", r"\1", normal.strip())
    m = re.fullmatch(r"If ~ would enter, you may discard an? ([a-z]+) card instead\. If you do, put ~ onto the "
                     r"battlefield\. If you don't, put (?:it|~) into its owner's graveyard\.", t)
    f = kind_filter(m.group(1)) if m else None
    if f is None:
        return None
    return {"enters": {"discard": {"filter": list(f)}}}, "discard instead as it enters"


def colors_spent_counters(text: str, ctx, normal: str):
    """"Sunburst" (702.44a: +1/+1 counters if it enters as a creature, its printed types deciding,
    else charge counters) and "[Converge — ]~ enters with a +1/+1 counter on it for each color of
    mana spent to cast it." (Crystalline Crawler): `enters: {counters: {KIND: colors_spent}}`."""
    bare = REMINDER.sub("", normal).strip()
    if bare == "Sunburst":
        kind = "+1/+1" if "creature" in ctx.type_line.lower().split("—")[0] else "charge"
        return {"enters": {"counters": {kind: "colors_spent"}}}, "sunburst"
    t = re.sub(r"\benters the battlefield\b", "enters", bare)
    m = re.fullmatch(r"~ enters with an? (\+1/\+1|charge) counter on it for each color of mana spent to cast it\.", t)
    if not m:
        return None
    return {"enters": {"counters": {m.group(1): "colors_spent"}}}, "enters with counters"


def mana_burn(text: str, ctx, normal: str):
    """"A player losing unspent mana causes that player to lose that much life." (Yurlok of
    Scorch Thrash; 500.5, 119.3)."""
    if normal.strip() != "A player losing unspent mana causes that player to lose that much life.":
        return None
    return {"static": {"mana_burn": True}}, "mana burn"


def cast_or_copy(text: str, ctx, normal: str):
    """"Magecraft — Whenever you cast or copy an instant or sorcery spell, put a book counter on ~."
    (Spell Satchel; 207.2c: the ability word dropped): the cast trigger the same line without "or
    copy" compiles to, with `or_copy: true` (707.10: a copy is not cast; no instruction of the
    vocabulary copies a spell, so the what-if never makes one and the casts are every event it could
    trigger on)."""
    if "Whenever you cast or copy " not in text:
        return None
    from .lines import compile_line
    entry, result = compile_line(0, text.replace("Whenever you cast or copy ", "Whenever you cast ", 1), ctx)
    t = entry.get("triggered")
    if result.status != "compiled" or t is None or "cast_spell" not in t.get("when", {}):
        return None
    if t["when"]["cast_spell"].get("controller") != "you":
        return None
    t = {**t, "when": {"cast_spell": {**t["when"]["cast_spell"], "or_copy": True}}, "effect": t["effect"].replace(
        "Whenever you cast ", "Whenever you cast or copy ", 1)}
    return {"triggered": t}, "triggered"


def cast_only_one_more(text: str, ctx, normal: str):
    """"Add seven {R}. You can cast only one more spell this turn." (Irencrag Feat): the spell's mana
    (the same sentence alone, as the mana templates read it) and the effect it creates, `cast_limit:
    1` this turn (101.2: the spells its controller had cast then are the effect's number)."""
    m = re.fullmatch(r"(Add [^.]+\.) You can cast only one more spell this turn\.", text.strip())
    if not m or "instant" not in ctx.type_line.lower() and "sorcery" not in ctx.type_line.lower():
        return None
    from .lines import compile_line
    entry, result = compile_line(0, m.group(1), ctx)
    spell = entry.get("spell")
    if result.status != "compiled" or spell is None or set(spell) != {"add_mana"}:
        return None
    return {"spell": {**spell, "effect": "You can cast only one more spell this turn.",
                      "creates": {"cast_limit": 1, "duration": "end_of_turn"}}}, "spell_mana"


def chosen_color_anthem(text: str, ctx, normal: str):
    """"Creatures you control of the chosen color get +1/+0." (Heraldic Banner): a static P/T change
    of the group of the color its linked "As ~ enters, choose a color" chose (607.2d, 613.4c)."""
    m = re.fullmatch(r"(Creatures|Other creatures) you control of the chosen color get ([+-]\d+/[+-]\d+)\.",
                     normal.strip())
    if not m or m.group(1) != "Creatures" or not any("choose a color" in other for other in ctx.lines):
        return None
    return {"static": {"pt": {"modify": m.group(2), "to": {"filter": ["creature"], "controller": "you",
                                                           "chosen_color": True}}}}, "static pt"


TEMPLATES = (crew, chosen_color_anthem, cast_or_copy, mana_burn, colors_spent_counters, discard_instead, grant_from_graveyard, suspend, opening_hand, enchanted_permanent_gets, reveal_or_control, sacrifice_all_as_enters)


def misc10_line(text: str, ctx, normal: str):
    for template in TEMPLATES:
        read = template(text, ctx, normal)
        if read is not None:
            return read
    return None


def misc10_cost_part(part: str):
    """A cost part of this module's cards (compiler/costs.py read_cost, on an ability that adds no
    mana): "Pay life equal to the number of colors in your commanders' color identity" (War Room;
    903.4, 702.124c, 903.4f)."""
    if part.strip() == "Pay life equal to the number of colors in your commanders' color identity":
        return {"pay_life": "commander_colors"}
    return None


def damage_any_and_other_then_mana(text: str, ctx, normal: str):
    """"~ deals 5 damage to any target and 3 damage to any other target. Add {R}{R}{R}." (Explosive
    Welcome): two instances of "target", the second any target but the first (115.3), each dealt its
    damage (120.3), then the mana (106.3), in the order written (608.2c)."""
    m = re.fullmatch(r"~ deals (\d+) damage to any target and (\d+) damage to any other target\. (Add [^.]+\.)",
                     normal.strip())
    if not m or "instant" not in ctx.type_line.lower() and "sorcery" not in ctx.type_line.lower():
        return None
    from .lines import compile_line
    entry, result = compile_line(0, m.group(3), ctx)
    spell = entry.get("spell")
    if result.status != "compiled" or spell is None or set(spell) != {"add_mana"}:
        return None
    shown = re.fullmatch(r"(.+? any other target\.) Add [^.]+\.", text.strip())
    return {"spell": {"effect": shown.group(1) if shown else text, "targets": ["any target", "any other target"],
                      "target": ["any", "any_other"],
                      "does": [{"damage": {"to": "target", "amount": int(m.group(1))}},
                               {"damage": {"to": "second_target", "amount": int(m.group(2))}}],
                      **spell}}, "spell_mana"


def mana_then_return_in_untap(text: str, ctx, normal: str):
    """"{T}: Add one mana of any color. During your next untap step, as you untap your permanents,
    return ~ to its owner's hand." (Undiscovered Paradise): the mana ability (the same line without
    the last sentence, as the mana templates read it) creating the effect (605.3a) that returns it in
    its controller's next untap step (502.3, 611.2a)."""
    rider = " During your next untap step, as you untap your permanents, return ~ to its owner's hand."
    if not normal.strip().endswith(rider):
        return None
    from .lines import compile_line
    shown = re.fullmatch(r"(.+?) During your next untap step, .+", text.strip())
    if shown is None:
        return None
    entry, result = compile_line(0, shown.group(1), ctx)
    act = entry.get("activated")
    if result.status != "compiled" or act is None or set(act) != {"cost", "add_mana"} or "{T}" not in act["cost"]:
        return None
    return {"activated": {**act, "creates": {"return_to_hand": "self", "duration": "your_next_untap_step"}}}, \
        "mana_ability"


def misc10_early(text: str, ctx, normal: str):
    """The templates that must come before the mana templates (compiler/lines.py), which would read
    the line's mana and keep the rest as words: Irencrag Feat's and Explosive Welcome's spells,
    Undiscovered Paradise's mana ability."""
    return (cast_only_one_more(text, ctx, normal) or damage_any_and_other_then_mana(text, ctx, normal)
            or mana_then_return_in_untap(text, ctx, normal))
