"""Lines of the non-Land cards that add mana, the tail after act_tail.py and static_tail.py: line
templates tried just before the mana templates (compiler/lines.py), each for one wording whose
words are specific enough that no other template should read them.

    "At the beginning of your precombat main phase, remove all charge counters from Coalition
    Relic. Add one mana of any color for each charge counter removed this way."   (122.1, 608.2c)
    "Whenever Colossal Plow attacks, add {W}{W}{W} and you gain 3 life. ..."       (608.2c)
    "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed
    this way."                                                                  (Metalworker, 701.20a)
"""

from __future__ import annotations

import re

from .mana import SYMS, triggered_mana

COUNTER = r"([a-z]+|[+-]\d+/[+-]\d+)"


def _is_spell(ctx) -> bool:
    """An instant or a sorcery: its lines are a spell's effect (608.2)."""
    return bool(re.search(r"\b(instant|sorcery)\b", ctx.type_line.lower()))
ONE_OR_A = {"a": 1, "an": 1, "one": 1}


def counters_removed_mana(text: str, ctx, normal: str):
    """"At the beginning of your precombat main phase, [if ~ has a charge counter on it, ][tap it
    and ]remove all charge counters from ~/it. Add {C} / one mana of any color for each charge
    counter removed this way." (Ventifact Bottle, Coalition Relic): a triggered ability whose
    actions tap its source and remove every counter of that kind (122.1), then add mana once for
    each counter removed (608.2c: in that order). The counters removed are all those on it as it
    begins to resolve, so the amount is `{counters: kind}` counted then (608.2h; asp/mana.lp
    res_counted/3 reads the counters before the step's actions), the removal an action after it
    is counted. Nothing else in the ability can move counters between the two."""
    m = re.fullmatch(rf"(At the beginning of your precombat main phase), (if ~ has an? {COUNTER} counter on it, )?"
                     rf"(tap it and )?remove all {COUNTER} counters from (?:~|it)\. Add (one mana of any color|{SYMS}) "
                     rf"for each {COUNTER} counter removed this way\.", normal)
    if m is None:
        return None
    _, condition, tap, kind, mana, kind2 = m.group(1), m.group(2), m.group(4), m.group(5), m.group(6), m.group(7)
    cond_kind = m.group(3)
    if kind != kind2 or (condition and cond_kind != kind) or (tap and not condition):
        return None
    amount = {"counters": kind}
    add = {"combination": "colors", "amount": amount} if mana == "one mana of any color" else \
        {"mana": mana, "amount": amount}
    does = ([{"tap": {"what": "self"}}] if tap else []) + \
        [{"remove_counters": {"what": "self", "kind": kind, "count": "all"}}]
    entry: dict = {"when": {"beginning_of_precombat_main": "your_turn"}, "effect": text}
    if condition:
        # CR 603.4: an intervening "if": checked as the phase begins and as it resolves
        entry["condition"] = {"counters": {"kind": kind, "at_least": 1}}
    entry["does"] = does
    entry["add_mana"] = add
    return {"triggered": entry}, "triggered_mana"


ADD_AND_LIFE = re.compile(rf"((?:When|Whenever|At) [^,]+), add ({SYMS}) and you gain (\d+|one|two|three|four|five) "
                          r"life\.(.*)")


def add_and_gain_life(text: str, ctx, normal: str):
    """"Whenever Colossal Plow attacks, add {W}{W}{W} and you gain 3 life. Until end of turn, you
    don't lose this mana as steps and phases end.": the mana, then the life, as written (608.2c),
    read by the triggered mana template as two instructions (mana.py triggered_mana) with the
    rider after them (106.6)."""
    said, shown = ADD_AND_LIFE.fullmatch(normal), ADD_AND_LIFE.fullmatch(text)
    if said is None or shown is None:
        return None
    split_said = f"{said.group(1)}, add {said.group(2)}. You gain {said.group(3)} life.{said.group(4)}"
    split_shown = f"{shown.group(1)}, add {shown.group(2)}. You gain {shown.group(3)} life.{shown.group(4)}"
    read = triggered_mana(split_said, split_shown)
    if read is None or read[1] or "does" not in read[0]["triggered"]:
        return None
    return read[0], "triggered_mana"


def revealed_mana(text: str, ctx, normal: str):
    """"{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed
    this way." (Metalworker): a mana ability (605.1a) whose amount is the number of cards of that
    kind its controller chooses to reveal from their hand as it resolves (701.20a: revealing shows
    a card and leaves it where it is), any number from none to all of them."""
    from .costs import read_cost
    from .mana import split_ability
    from .words import kind_filter
    parts = split_ability(normal)
    if parts is None:
        return None
    # (act10: "... creature cards with power 5 or greater from your hand" (Sacellum Godspeaker): only
    # cards whose card prints that power or more, 208.1)
    m = re.fullmatch(rf"Reveal any number of ([a-z ]+?) cards(?: with power (\d+) or greater)? (?:in|from) your hand\. "
                     rf"Add ({SYMS}) for each card revealed this way\.", parts[1])
    costs = read_cost(parts[0], "planeswalker" in ctx.type_line.lower())
    f = kind_filter(m.group(1)) if m else None
    if m is None or costs is None or f is None:
        return None
    each = {"zone": "hand", "filter": list(f), "revealed": True}
    if m.group(2):
        each["power_at_least"] = int(m.group(2))
    return {"activated": {"cost": costs, "add_mana": {"for_each": each, "mana": m.group(3)}}}, "mana_ability"


# -- cost parts of two kinds: "a black or artifact creature", "an artifact or creature" ------------

def either_kinds(phrase: str) -> list[list[str]] | None:
    """"black or artifact creature": [[black, creature], [artifact, creature]] (the last word the
    noun each first word describes); "artifact or creature": [[artifact], [creature]]."""
    from .words import kind_filter
    first, sep, last = phrase.partition(" or ")
    if not sep or " or " in last or " " in first:
        return None
    words = last.split()
    alts = [[first] + words[1:], words] if len(words) > 1 else [[first], words]
    out = [kind_filter(" ".join(a)) for a in alts]
    return None if any(f is None for f in out) else [list(f) for f in out]


def either_cost(part: str) -> dict | None:
    """A cost part with a permanent of either of two kinds (compiler/costs.py read_cost): "Sacrifice
    a black or artifact creature" (Soldevi Adnate), "Tap an untapped artifact or creature you
    control" (Moonsnare Prototype): `any_of` in place of the filter (701.21a, 701.26a)."""
    named = re.fullmatch(r"Sacrifice an? ([a-z ]+?) named ([A-Z][A-Za-z']+(?: [A-Z][A-Za-z']+)*)", part.strip())
    if named is not None:
        # "Sacrifice a token named Wood" (Jungle Patrol): that kind with that name (201.2)
        from .words import kind_filter
        f = kind_filter(named.group(1))
        return {"sacrifice": {"filter": list(f), "named": named.group(2)}} if f else None
    m = re.fullmatch(r"Sacrifice an? ([a-z ]+)", part.strip())
    alts = either_kinds(m.group(1)) if m else None
    if alts is not None:
        return {"sacrifice": {"any_of": alts}}
    m = re.fullmatch(r"Tap an untapped ([a-z ]+) you control", part.strip())
    alts = either_kinds(m.group(1)) if m else None
    if alts is not None:
        return {"tap_untapped": {"count": 1, "any_of": alts}}
    return None


def sacrificed_either_mana(text: str, ctx, normal: str):
    """"{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed
    creature's mana value." (Soldevi Adnate): Priest of Yawgmoth's amount (the permanent sacrificed
    for the cost as it last existed, 608.2h) with a cost of either kind, each a creature."""
    from .costs import read_cost
    from .mana import SYM, split_ability
    parts = split_ability(normal)
    if parts is None:
        return None
    m = re.fullmatch(rf"Add an amount of ({SYM}) equal to the sacrificed ([a-z]+)'s mana value\.", parts[1])
    costs = read_cost(parts[0]) if m else None
    if costs is None:
        return None
    sac = [c["sacrifice"] for c in costs if isinstance(c, dict) and isinstance(c.get("sacrifice"), dict)]
    if len(sac) != 1 or "any_of" not in sac[0] or any(alt[-1] != m.group(2) for alt in sac[0]["any_of"]):
        return None
    return {"activated": {"cost": costs, "add_mana": {"mana": m.group(1), "amount": "sacrificed_mana_value"}}}, \
        "mana_ability"


# -- a die roll with a results table (CR 706.3) -----------------------------------------------------

ROLL = re.compile(r"(.+?): Roll an? (?:(\w+)-sided die|d(\d+))\. This ability has the indicated effect\.")
RESULT = re.compile(r"(\d+) — (.+)")


def _said(line: str, name: str) -> str:
    from .words import REMINDER, self_reference
    return self_reference(REMINDER.sub("", line).strip(), name)


def roll_table(lines: tuple[str, ...], name: str, at: int, planeswalker: bool = False) -> dict | None:
    """The activated ability on line `at` (0-based) "[Cost]: Roll a six-sided die. This ability has
    the indicated effect." with its results table, the "N — [effect]" lines after it (706.3a, 706.3b:
    one ability): each "Add {W}." result an option of `one_of` added on that result only (`on_roll`),
    any other result's instructions actions with `if_roll: N`. None unless every line of the table
    is read, and at least one adds mana (a mana ability, 605.1a)."""
    from .costs import read_cost
    from .effects import read_effect
    from .words import number
    m = ROLL.fullmatch(_said(lines[at], name))
    if m is None:
        return None
    sides = number(m.group(2)) if m.group(2) else int(m.group(3))
    costs = read_cost(m.group(1), planeswalker)
    if not sides or costs is None:
        return None
    options, rolls, does, seen = [], [], [{"roll_die": {"sides": sides}}], set()
    for line in lines[at + 1:]:
        r = RESULT.fullmatch(_said(line, name))
        if r is None:
            break
        n, effect = int(r.group(1)), r.group(2)
        if not 1 <= n <= sides or n in seen:
            return None
        seen.add(n)
        add = re.fullmatch(rf"Add ({SYMS})\.", effect)
        if add is not None:
            options.append(add.group(1))
            rolls.append(n)
            continue
        # "Sacrifice ~ and you lose 5 life.": two instructions in the order written (608.2c)
        read = read_effect(re.sub(r" and (you \w+ )", lambda x: ". " + x.group(1).capitalize(), effect))
        if read is None or read.target is not None or read.creates is not None or read.tokens:
            return None
        does += [{k: {**v, "if_roll": n} for k, v in action.items()} for action in read.does]
    if not options:
        return None
    effect = m.group(0)[len(m.group(1)) + 2:]
    return {"cost": costs, "effect": effect, "does": does, "add_mana": {"one_of": options, "on_roll": rolls}}


def die_roll_mana(text: str, ctx):
    """Jack-in-the-Mox: the rolling line is the mana ability (roll_table), each line of its table
    `part_of` that line (706.3b: one ability)."""
    lines = ctx.lines
    if not lines:
        return None
    i = next((k for k, line in enumerate(lines) if line.strip() == text.strip()), None)
    if i is None:
        return None
    pw = "planeswalker" in ctx.type_line.lower()
    if ROLL.fullmatch(_said(text, ctx.name)):
        entry = roll_table(lines, ctx.name, i, pw)
        return None if entry is None else ({"activated": entry}, "mana_ability")
    return table_line(text, ctx, i, RESULT, lambda j: roll_table(lines, ctx.name, j, pw))


def table_line(text: str, ctx, i: int, result: re.Pattern, reads) -> tuple[dict, str] | None:
    """A line `i` of a results table (706.3b: part of the ability that rolls the die): `part_of` the
    rolling line above the table's lines (each matching `result`), if `reads(j)` reads that line."""
    if result.fullmatch(_said(text, ctx.name)) is None:
        return None
    j = i - 1
    while j >= 0 and result.fullmatch(_said(ctx.lines[j], ctx.name)):
        j -= 1
    if j < 0 or reads(j) is None:
        return None
    return {"part_of": j + 1}, "part_of"


def flip_mana(text: str, ctx, normal: str):
    """"{1}: Flip a coin. If you win the flip, add {C}{C}. Activate only as an instant." (Mana Screw):
    a mana ability (605.1a) whose mana is added on the result named only (705.2; `if_flip`), with
    its activation instructions (602.5)."""
    from .costs import read_cost
    from .mana import closing_instructions, split_ability
    from .words import sentences
    parts = split_ability(normal)
    if parts is None:
        return None
    said = sentences(parts[1])
    closed = closing_instructions(entry := {}, said, said)
    if closed is None or len(closed[0]) != 2 or closed[0][0] != "Flip a coin.":
        return None
    m = re.fullmatch(rf"If you (win|lose) the flip, add ({SYMS})\.", closed[0][1])
    costs = read_cost(parts[0], "planeswalker" in ctx.type_line.lower())
    if m is None or costs is None:
        return None
    return {"activated": {"cost": costs, "does": [{"flip_coin": {}}],
                          "add_mana": {"mana": m.group(2), "if_flip": "won" if m.group(1) == "win" else "lost"},
                          **entry}}, "mana_ability"


OTHERWISE_ONE = re.compile(r"If you control an? ([A-Z][a-z]+(?: [A-Z][a-z]+)*), (create (?:two|three|four|five) "
                           r".+? tokens\. They have \"[^\"]+\") Otherwise, create one of those tokens\.")


def otherwise_one_token(text: str, ctx, normal: str):
    """"If you control an Eldrazi Spawn, create three 0/1 colorless Eldrazi Spawn creature tokens. They
    have "Sacrifice this creature: Add {C}." Otherwise, create one of those tokens." (Brood Birthing,
    a sorcery): the tokens created only if its controller controls such a permanent as it resolves
    (`if_you_control`), else one of them (`unless_you_control`): one instruction or the other (608.2c)."""
    from .effects import read_effect
    from .words import kind_filter
    if not _is_spell(ctx):
        return None
    m = OTHERWISE_ONE.fullmatch(normal)
    f = kind_filter(m.group(1)) if m else None
    read = read_effect(m.group(2)[0].upper() + m.group(2)[1:]) if f else None
    if read is None or read.target is not None or read.creates is not None or len(read.does) != 1 or \
            "create_token" not in read.does[0]:
        return None
    made = read.does[0]["create_token"]
    ctx.tokens.extend(read.tokens)
    does = [{"create_token": {**made, "if_you_control": list(f)}},
            {"create_token": {"card": made["card"], "unless_you_control": list(f)}}]
    return {"spell": {"effect": text, "does": does}}, "spell"


# the self-conditions a grant of a quoted mana ability to its own source reads (asp/continuous.lp)
_SELF_CONDITIONS = {"modified": "self_modified", "renowned": "self_renowned"}


def self_condition_grant(text: str, ctx, normal: str):
    """"As long as ~ is modified, it has "{T}: Add {G}{G}."" (Orochi Merge-Keeper), "As long as ~
    is renowned, it has vigilance and "{T}: Add one mana of any color."" (Honored Hierarch): a
    grant of the quoted mana ability, and of the keywords before it, to its own source while the
    condition holds (604.2, 613.1f; modified 700.9: a counter on it, equipped, or enchanted by an
    Aura its controller controls; renowned 702.112b)."""
    from .mana import activated_mana
    from .static_tail import _keywords
    m = re.fullmatch(r'As long as ~ is (modified|renowned), it has (?:([a-z ,]+?) and )?"([^"]+)"\.?', normal)
    mo = re.search(r'"([^"]+)"\.?$', text)
    if m is None or mo is None or "creature" not in ctx.type_line.lower():
        return None
    inner = activated_mana(m.group(3), mo.group(1))
    if inner is None or inner[1]:
        return None
    grant: dict = {"to": "self", "ability": {"activated": inner[0]}}
    if m.group(2):
        keywords = _keywords(m.group(2))
        if keywords is None:
            return None
        grant["keywords"] = keywords
    return {"static": {"condition": _SELF_CONDITIONS[m.group(1)], "grant": grant}}, "mana_grant"


# -- a spell's mana under a condition on its controller's graveyard (608.2c) ------------------------

GRAVEYARD_IF = re.compile(rf"If there are (\w+) or more (?:([a-z]+(?: and/or [a-z]+)?) )?cards in your graveyard, "
                          rf"add ({SYMS})\.")
INSTEAD_IF = re.compile(rf"Add ({SYMS}) instead if (\w+) or more cards are in your graveyard\.")


def _graveyard_condition(count: str, kinds: str | None) -> dict | None:
    from .words import kind_filter, number
    n = number(count)
    if not n:
        return None
    cond: dict = {"at_least": n}
    if kinds:
        fs = [kind_filter(k) for k in kinds.split(" and/or ")]
        if any(f is None for f in fs):
            return None
        cond["any_of"] = [list(f) for f in fs]
    return {"in_graveyard": cond}


def cast_from_hand_mana(text: str, ctx):
    """"If this spell was cast from your hand, add ten mana of any one color." (Apex of Power): the
    spell's mana added only if it was cast from its owner's hand (601.2a: the zone the spell is
    recorded as cast from; 608.2c): `mana_if: {cast_from: hand}` beside its add_mana."""
    from .lines import prepared
    from .mana import spell_mana
    if not _is_spell(ctx):
        return None
    p = prepared(text, ctx)
    if p is None:
        return None
    lead = re.compile(r"If this spell was cast from your hand, a(dd .+)")
    m, o = lead.fullmatch(p[0]), lead.fullmatch(p[1])
    if m is None or o is None:
        return None
    read = spell_mana("A" + m.group(1), "A" + o.group(1))
    if read is None or read[1]:
        return None
    entry = read[0]
    entry["spell"]["mana_if"] = {"cast_from": "hand"}
    return entry, "spell_mana"


def graveyard_mana(text: str, ctx):
    """A spell's mana under a condition on its controller's graveyard, as it resolves (608.2c):
    "Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, add
    {B}{B}{B}." (Dark Petition: `mana_if`); "Add {B}{B}{B}." followed by "Threshold — Add
    {B}{B}{B}{B}{B} instead if seven or more cards are in your graveyard." (Cabal Ritual: the first
    line's mana `mana_unless` the condition, the second's `mana_if` it: exactly one adds, 106.3)."""
    from .lines import prepared
    if not _is_spell(ctx):
        return None
    p = prepared(text, ctx)
    if p is None:
        return None
    said = p[0]
    m = GRAVEYARD_IF.fullmatch(said)
    if m:
        cond = _graveyard_condition(m.group(1), m.group(2))
        return None if cond is None else ({"spell": {"add_mana": m.group(3), "mana_if": cond}}, "spell_mana")
    lines = list(ctx.lines)
    i = next((k for k, line in enumerate(lines) if line.strip() == text.strip()), None)
    if i is None:
        return None
    m = INSTEAD_IF.fullmatch(said)
    if m:
        before = prepared(lines[i - 1], ctx) if i > 0 else None
        cond = _graveyard_condition(m.group(2), None)
        if before is None or cond is None or not re.fullmatch(rf"Add {SYMS}\.", before[0]):
            return None
        return {"spell": {"add_mana": m.group(1), "mana_if": cond}}, "spell_mana"
    m = re.fullmatch(rf"Add ({SYMS})\.", said)
    after = prepared(lines[i + 1], ctx) if m and i + 1 < len(lines) else None
    other = INSTEAD_IF.fullmatch(after[0]) if after else None
    cond = _graveyard_condition(other.group(2), None) if other else None
    if cond is None:
        return None
    return {"spell": {"add_mana": m.group(1), "mana_unless": cond}}, "spell_mana"


def graveyard_mana_ability(text: str, ctx, normal: str):
    """"{1}, Exile ~ from your graveyard: Add one mana of any color." (Jack-o'-Lantern): a mana ability
    that functions only from its owner's graveyard (113.6m: its cost exiles the card from there),
    `zone: graveyard` with `{exile: self}`; a cost only a permanent pays is not read (113.6j)."""
    from .mana import activated_mana, split_ability
    parts, printed = split_ability(normal), split_ability(text)
    if parts is None or printed is None:
        return None
    costs = [c.strip() for c in parts[0].split(",")]
    if costs.count("Exile ~ from your graveyard") != 1 or any(c in ("{T}", "{Q}") for c in costs):
        return None
    said = ", ".join("Exile ~" if c == "Exile ~ from your graveyard" else c for c in costs)
    read = activated_mana(f"{said}: {parts[1]}", f"{said}: {printed[1]}")
    if read is None or read[1] or set(read[0]) - {"cost", "add_mana"}:
        return None
    return {"activated": {"zone": "graveyard", **read[0]}}, "mana_ability"


# -- grants of a mana ability with keywords (613.1f) ------------------------------------------------

def _keywords_and_quoted(words: str) -> tuple[list[str], str] | None:
    """"vigilance and "{T}: Add ..."", "reach and "{T}: Add {G}{G}."": the keywords and the quoted ability."""
    from ..cards import KEYWORDS
    m = re.fullmatch(r'([a-z ,]+?) and "([^"]+)"\.?', words)
    if m is None:
        return None
    kws = [w.strip() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)) if w.strip()]
    if not kws or any(k not in KEYWORDS for k in kws):
        return None
    return kws, m.group(2)


def grant_with_keywords(text: str, ctx, normal: str):
    """"Other legendary creatures you control have vigilance and "{T}: Add one mana of any color.""
    (Esika, God of the Tree): a static grant of the quoted mana ability with the keywords (613.1f);
    "As long as enchanted permanent is a creature, it gets +1/+3 and has reach and "{T}: Add
    {G}{G}."" (Careful Cultivation): the same to the permanent it enchants, with a P/T change
    (613.4c), while it is a creature (604.2)."""
    from .mana import activated_mana, grant_target
    m = re.fullmatch(r"(.+?) have (.+)", normal)
    cond = re.fullmatch(r"As long as enchanted permanent is an? ([a-z]+), it gets ([+-]\d+/[+-]\d+) and has (.+)",
                        normal)
    if cond is None and m is None:
        return None
    words = cond.group(3) if cond else m.group(2)
    read = _keywords_and_quoted(words)
    shown = re.search(r'"([^"]+)"\.?$', text)
    if read is None or shown is None:
        return None
    inner = activated_mana(read[1], shown.group(1))
    if inner is None or inner[1]:
        return None
    if cond is not None:
        from .words import kind_filter
        f = kind_filter(cond.group(1))
        if f is None or "aura" not in ctx.type_line.lower():
            return None
        return {"static": {"condition": {"enchanted": list(f)},
                           "pt": {"modify": cond.group(2), "to": "enchanted_permanent"},
                           "grant": {"to": "enchanted_permanent", "ability": {"activated": inner[0]},
                                     "keywords": read[0]}}}, "mana_grant"
    to = grant_target(m.group(1))
    if to is None:
        return None
    return {"static": {"grant": {"to": to, "ability": {"activated": inner[0]}, "keywords": read[0]}}}, "mana_grant"


def imprint_from_hand(text: str, ctx, normal: str):
    """"Imprint — When Chrome Mox enters the battlefield, you may exile a nonartifact, nonland card from
    your hand." on a card whose other line reads "the exiled card" (Chrome Mox's "{T}: Add one mana of
    any of the exiled card's colors"): the exile linked to that ability (607.2a: `link: true`), a card
    of the kind from its controller's hand, or none (608.2d: "you may")."""
    from .words import kind_filter
    m = re.fullmatch(r"When ~ enters(?: the battlefield)?, you may exile an? ([a-z, ]+?) card from your hand\.",
                     normal)
    f = kind_filter(m.group(1).replace(",", "")) if m else None
    others = [line for line in ctx.lines if line != text and line.strip() != text.strip()]
    if f is None or not any(re.search(r"\bthe exiled card\b", o) for o in others):
        return None
    return {"triggered": {"when": {"enters": "self"}, "effect": text, "does": [
        {"move": {"what": "card_from_hand", "filter": list(f), "to": "exile", "may": True, "link": True}}]}}, \
        "triggered"


def each_players_main_if_untapped(text: str, ctx, normal: str):
    """"At the beginning of each player's precombat main phase, if ~ is untapped, that player adds {C}
    for each artifact they control." (Blinkmoth Urn): every turn's first main phase (505.1a), an
    intervening "if" on its source (603.4: as the phase begins and as it resolves), the mana to the
    active player (106.4), once for each permanent of the kind that player controls as it resolves."""
    from .words import kind_filter
    m = re.fullmatch(rf"At the beginning of each player's precombat main phase, if ~ is untapped, that player adds "
                     rf"({SYMS}) for each ([a-z ]+?) they control\.", normal)
    f = kind_filter(m.group(2)) if m else None
    if f is None:
        return None
    return {"triggered": {"when": {"beginning_of_precombat_main": "each_player"}, "condition": "self_untapped",
                          "add_mana": {"for_each": {"filter": list(f), "whose": "that_player"}, "mana": m.group(1)},
                          "add_mana_to": "that_player"}}, "triggered_mana"


def destroyed_this_way(text: str, ctx, normal: str):
    """"Destroy each nonland permanent with mana value 2 or less. Add {B} or {G} for each permanent
    destroyed this way." (Culling Ritual, a sorcery): every permanent of the kind (701.8a; not an
    indestructible one, 702.12b), then one mana of either type for each one destroyed (106.1: each
    chosen apart, so any combination of them; 608.2c: counted after the destruction)."""
    from .mana import SYM
    from .words import kind_filter
    if not _is_spell(ctx):
        return None
    m = re.fullmatch(rf"Destroy each ([a-z ]+?) with mana value (\d+) or less\. Add ({SYM}) or ({SYM}) for each "
                     r"permanent destroyed this way\.", normal)
    f = kind_filter(m.group(1)) if m else None
    if f is None or m.group(3) == m.group(4):
        return None
    return {"spell": {"effect": text, "does": [
        {"destroy": {"what": "each", "filter": list(f), "mana_value_at_most": int(m.group(2))}}],
        "add_mana": {"combination": [m.group(3)[1], m.group(4)[1]], "amount": "destroyed"}}}, "spell_mana"


def attacking_mana_and_grant(text: str, ctx, normal: str):
    """"Add {R} for each attacking creature you control. Until end of turn, attacking creatures you
    control gain "{R}: This creature gets +1/+0 until end of turn."" (Dragonrage, an instant): the mana
    counted as it resolves (the attacking creatures its controller controls, 506.4, 608.2h), and an
    effect that gives those creatures the quoted ability until the cleanup step (611.2c: the set fixed
    as it resolves; 613.1f). Neither part changes the other, so their order does not matter."""
    from .effects import _quoted_ability
    if not _is_spell(ctx):
        return None
    m = re.fullmatch(rf'Add ({SYMS}) for each attacking creature you control\. Until end of turn, attacking '
                     r'creatures you control gain "([^"]+)"\.?', normal)
    if m is None:
        return None
    shown = re.search(r'"([^"]+)"\.?$', text)
    quoted = _quoted_ability(shown.group(1)) if shown else None
    if quoted is None:
        return None
    group = {"filter": ["attacking", "creature"], "controller": "you"}
    return {"spell": {"effect": text, "add_mana": {"for_each": {"filter": ["attacking", "creature"], "whose": "you"},
                                                   "mana": m.group(1)},
                      "creates": {"grant": {"to": group, "ability": quoted}, "duration": "end_of_turn"}}}, "spell_mana"


def party_mana(text: str, ctx, normal: str):
    """"When Ardent Electromancer enters the battlefield, add {R} for each creature in your party."
    (700.8: up to one each of Cleric, Rogue, Warrior and Wizard among its controller's creatures,
    counted as it resolves, 608.2h)."""
    m = re.fullmatch(rf"When ~ enters(?: the battlefield)?, add ({SYMS}) for each creature in your party\.", normal)
    if m is None:
        return None
    return {"triggered": {"when": {"enters": "self"}, "add_mana": {"mana": m.group(1), "amount": "party"}}}, \
        "triggered_mana"


def attacking_power_mana(text: str, ctx, normal: str):
    """"Whenever Klauth, Unrivaled Ancient attacks, add X mana in any combination of colors, where X is
    the total power of attacking creatures. Spend this mana only to cast spells. Until end of turn, you
    don't lose this mana as steps and phases end.": the amount counted as it resolves (608.2h), its
    riders kept (106.6: the what-if refuses mana with a rider)."""
    from .mana import RIDER
    from .words import sentences
    m = re.fullmatch(r"Whenever ~ attacks, add X mana in any combination of colors, where X is the total power of "
                     r"attacking creatures\.(.*)", normal)
    mo = re.fullmatch(r".*? attacks, add X mana in any combination of colors, where X is the total power of "
                      r"attacking creatures\.(.*)", text)
    if m is None or mo is None:
        return None
    said, shown = sentences(m.group(1).strip()), sentences(mo.group(1).strip())
    if len(said) != len(shown) or not all(RIDER.match(x) for x in said):
        return None
    add: dict = {"combination": "colors", "amount": "attacking_power"}
    if shown:
        add["rider"] = " ".join(shown)
    return {"triggered": {"when": {"attacks": "self"}, "add_mana": add}}, "triggered_mana"


def tap_target_for_its_mana_value(text: str, ctx, normal: str):
    """"Tap target untapped creature you control. If you do, add an amount of {C} equal to that
    creature's mana value." (Energy Tap, a sorcery): the target tapped (701.26a), then its mana value
    (202.3) in mana; with the target illegal as it resolves (tapped, gone) the spell does nothing (608.2b),
    so "if you do" holds whenever it resolves."""
    from .mana import SYM
    if not _is_spell(ctx):
        return None
    m = re.fullmatch(rf"Tap target untapped creature you control\. If you do, add an amount of ({SYM}) equal to that "
                     r"creature's mana value\.", normal)
    if m is None:
        return None
    return {"spell": {"effect": text, "targets": ["target untapped creature you control"],
                      "target": {"filter": ["untapped", "creature"], "controller": "you"},
                      "does": [{"tap": {"what": "target"}}],
                      "add_mana": {"mana": m.group(1), "amount": "target_mana_value"}}}, "spell_mana"


def for_each_card_in_targets_hand(text: str, ctx, normal: str):
    """"Add {R} for each card in target opponent's hand. Until end of turn, you don't lose this mana as
    steps and phases end. Exile Rousing Refrain with three time counters on it." (Rousing Refrain): the
    mana counted in its target's hand as it resolves (400.2), its rider (106.6); the last instruction
    (suspend's time counters, 702.62) kept as words: the what-if refuses the spell."""
    from .mana import RIDER
    from .words import sentences
    if not _is_spell(ctx):
        return None
    said, shown = sentences(normal), sentences(text)
    if not said or len(said) != len(shown):
        return None
    m = re.fullmatch(rf"Add ({SYMS}) for each card in target (opponent|player)'s (hand|graveyard)\.", said[0])
    if m is None:
        return None
    riders = [o for s, o in zip(said[1:], shown[1:]) if RIDER.match(s)]
    rest = [o for s, o in zip(said[1:], shown[1:]) if not RIDER.match(s)]
    add: dict = {"for_each": {"zone": m.group(3), "whose": "target"}, "mana": m.group(1)}
    if riders:
        add["rider"] = " ".join(riders)
    entry: dict = {"targets": [f"target {m.group(2)}"], "target": m.group(2), "add_mana": add}
    if rest:
        entry["effect"] = " ".join(rest)
    return {"spell": entry}, "spell_mana", ("effect",) if rest else ()
