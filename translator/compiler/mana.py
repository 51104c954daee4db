"""Templates for lines that add mana or change how mana is produced: mana abilities ("{T}: Add
{G}."), their riders ("Spend this mana only ...", "Activate only ..."), spells and triggered
abilities that add mana, triggered mana abilities ("Whenever enchanted land is tapped for
mana, ..."), replacement effects on mana ("If you tap a permanent for mana, it produces twice as
much ..."), and static abilities that grant a mana ability ("Lands you control have "..."").

Each template reads a line already written with its self references as `~` (CR 201.5) and its
reminder text dropped (CR 207.2a), and returns (entry, template name, unread parts) or None.
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import KEYWORDS
from . import hist_tail
from .costs import read_cost
from .effects import EffectRead, read_effect
from .subject_events import subject_event
from .words import kind_filter, number, sentences

SYM = r"\{[WUBRGC]\}"
SYMS = rf"(?:{SYM})+"
COUNT_WORD = r"(one|two|three|four|five|six|seven|eight|nine|ten|X)"
LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}

# CR 207.2c: ability words have no rules meaning; the ability after the dash is read alone.
ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma",
    "cohort", "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4",
    "descend 8", "disappear", "domain", "eerie", "eminence", "enrage", "fateful hour",
    "fathomless descent", "ferocious", "flurry", "formidable", "grandeur", "hellbent", "heroic",
    "imprint", "infusion", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
    "metalcraft", "morbid", "opus", "pack tactics", "paradox", "parley", "radiance", "raid", "rally",
    "renew", "repartee", "revolt", "secret council", "spell mastery", "strive", "survival", "sweep",
    "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council")
ABILITY_WORD = re.compile(r"^([A-Z][\w' ]*?) — ")


def strip_ability_word(text: str) -> str:
    m = ABILITY_WORD.match(text)
    if m and m.group(1).lower() in ABILITY_WORDS:
        return text[m.end():]
    return text


# -- "Add ..." --------------------------------------------------------------------------------


def symbols(text: str) -> str | None:
    """'{G}{G}' as it is, or None if it is not only mana a card adds (W U B R G C)."""
    return text if re.fullmatch(SYMS, text) else None


def removes_x(costs: list[Any], counter: str | None = None) -> bool:
    """The cost removes X counters (of that kind): what "X" and "removed this way" count."""
    return any(isinstance(c, dict) and "remove_counters" in c and c["remove_counters"]["count"] == "X"
               and counter in (None, c["remove_counters"]["counter"]) for c in costs)


def sacrifices(costs: list[Any]) -> tuple[str, ...] | None:
    for c in costs:
        if isinstance(c, dict) and isinstance(c.get("sacrifice"), list):
            return tuple(c["sacrifice"])
    return None


def amount_word(word: str, costs: list[Any]) -> Any:
    if word == "X":
        return "X" if removes_x(costs) else None
    return number(word)


def could_produce(m: re.Match, costs: list[Any]) -> Any:
    kind, what, whose = m.group(1), m.group(2), m.group(3)
    f = kind_filter(what)
    if f is None:
        return None
    if whose == "you control":
        return {"could_produce": list(f), "whose": "you", "kind": kind}
    return {"could_produce": list(f), "whose": "opponent", "kind": kind}


def add_clause(clause: str, costs: list[Any]) -> Any:
    """The mana of "Add [clause]" as an `add_mana` value (docs/cards.md "Mana"), or None.
    `costs`: the ability's cost items (an amount X is the X counters its cost removes)."""
    c = clause.strip().rstrip(".")
    if symbols(c):
        return c
    turn = hist_tail.add_clause(c)       # the turn's records ("for each card you've drawn this turn")
    if turn is not None:
        return turn
    # "{G} for each creature with defender you control" (a one-word keyword ability, 702)
    m = re.fullmatch(rf"({SYMS}) for each creature with ([a-z]+) you control", c)
    if m and m.group(2) in KEYWORDS:
        return {"for_each": {"filter": ["creature"], "keyword": m.group(2)}, "mana": m.group(1)}
    m = re.fullmatch(r"X mana in any combination of colors, where X is the number of creatures with ([a-z]+) you "
                     r"control", c)
    if m and m.group(1) in KEYWORDS:
        return {"combination": "colors", "amount": {"count": {"filter": ["creature"], "keyword": m.group(1)}}}
    # "{R} or {G}", "{W}, {U}, or {B}", "{W}{W}, {W}{U}, or {U}{U}" (CR 106.1, one of them)
    m = re.fullmatch(rf"({SYMS})((?:, {SYMS})*),? or ({SYMS})", c)
    if m:
        opts = [m.group(1)] + [o for o in m.group(2).split(", ") if o] + [m.group(3)]
        return {"one_of": opts}
    # "six {R}"
    m = re.fullmatch(rf"(two|three|four|five|six|seven|eight|nine|ten) ({SYM})", c)
    if m:
        return m.group(2) * number(m.group(1))
    m = re.fullmatch(r"one mana of any (color|type)", c)
    if m:
        return {"any": m.group(1)}
    if c == "one mana of any of the exiled card's colors":
        return {"any": "color", "among_cards": "exiled"}     # Chrome Mox (607.2a: the card it exiled)
    # "one mana of any of this creature's colors" (Katilda's grant, 105.1)
    if c in ("one mana of any of ~'s colors", "one mana of any of this creature's colors"):
        return {"any": "own_colors"}
    # "one mana of any color among legendary creatures and planeswalkers you control" (Mox Amber)
    m = re.fullmatch(r"one mana of any color among ([\w ]+?) and ([\w ]+?) you control", c)
    if m:
        first = kind_filter(m.group(1))
        second = kind_filter(m.group(2))
        return {"any": "color", "among": [list(first), list(second)]} if first and second else None
    # "three mana of any one color" (one color, chosen once: CR 106.1a)
    m = re.fullmatch(rf"{COUNT_WORD} mana of any one color", c)
    if m:
        n = amount_word(m.group(1), costs)
        return None if n is None else {"any": "color", "amount": n}
    m = re.fullmatch(r"(two|three) mana of different colors", c)
    if m:
        return {"different_colors": number(m.group(1))}
    m = re.fullmatch(r"X mana of any one color, where X is ~'s power", c)
    if m:
        return {"any": "color", "amount": "power"}
    m = re.fullmatch(r"X mana of any one color, where X is the number of ([\w+/-]+) counters on ~", c)
    if m:
        return {"any": "color", "amount": {"counters": m.group(1).lower()}}
    # "X mana in any combination of colors, where X is the number of basic land types among lands
    # you control" (Prismatic Geoscope: domain, 305.6), "... the greatest power among creatures you
    # control" (Selvala, Heart of the Wilds, 208.1)
    m = re.fullmatch(r"X mana (of any one color|in any combination of colors), where X is (the number of basic land "
                     r"types among lands you control|the greatest power among creatures you control)", c)
    if m:
        amount = "domain" if "basic land types" in m.group(2) else "greatest_power"
        return {"any": "color", "amount": amount} if m.group(1) == "of any one color" else \
            {"combination": "colors", "amount": amount}
    m = re.fullmatch(rf"X mana (of any one color|in any combination of colors|in any combination of ({SYM}) and/or "
                     rf"({SYM})), where X is the number of ([\w ]+?) (you control|on the battlefield)", c)
    if m:
        f = kind_filter(m.group(4))
        if f is None:
            return None
        amount = {"count": {"filter": list(f), "whose": "you" if m.group(5) == "you control" else "any"}}
        if m.group(1) == "of any one color":
            return {"any": "color", "amount": amount}
        if m.group(2):
            return {"combination": [m.group(2)[1], m.group(3)[1]], "amount": amount}
        return {"combination": "colors", "amount": amount}
    m = re.fullmatch(rf"{COUNT_WORD} mana in any combination of colors", c)
    if m:
        n = amount_word(m.group(1), costs)
        return None if n is None else {"combination": "colors", "amount": n}
    m = re.fullmatch(rf"{COUNT_WORD} mana in any combination of ({SYM}) and/or ({SYM})", c)
    if m:
        n = amount_word(m.group(1), costs)
        return None if n is None else {"combination": [m.group(2)[1], m.group(3)[1]], "amount": n}
    # CR 106.7: "any color/type that a land an opponent controls / you control could produce"
    m = re.fullmatch(r"one mana of any (color|type) that (?:a|an) ([\w ]+?) (you control|an opponent controls) "
                     r"could produce", c)
    if m:
        return could_produce(m, costs)
    m = re.fullmatch(r"one mana of any (color|type) (?:that )?the sacrificed ([\w ]+?) could produce", c)
    if m:
        f = kind_filter(m.group(2))
        if f is None or sacrifices(costs) != f:
            return None
        return {"could_produce": list(f), "whose": "you", "kind": m.group(1), "via": "sacrificed"}
    # CR 903.4: Command Tower
    if c == "one mana of any color in your commander's color identity":
        return {"any": "commander_identity"}
    # "{G} for each creature with power 4 or greater you control" (Leafkin Avenger, 208.1)
    m = re.fullmatch(rf"({SYMS}) for each ([\w ]+?) with power (\d+) or greater you control", c)
    if m:
        f = kind_filter(m.group(2))
        return {"for_each": {"filter": list(f), "power_at_least": int(m.group(3))}, "mana": m.group(1)} if f else None
    # "{C} for each artifact you control named ~" (Powerstone Shard, 201.2)
    m = re.fullmatch(rf"({SYMS}) for each ([\w ]+?) you control named ~", c)
    if m:
        f = kind_filter(m.group(2))
        return {"for_each": {"filter": list(f), "named": "self"}, "mana": m.group(1)} if f else None
    # "{R} for each tapped land your opponents control" (Mana Geyser, 102.2)
    m = re.fullmatch(rf"({SYMS}) for each (tapped )?([\w ]+?) your opponents control", c)
    if m:
        f = kind_filter(m.group(3))
        if f is None:
            return None
        return {"for_each": {"filter": (["tapped"] if m.group(2) else []) + list(f), "whose": "opponents"},
                "mana": m.group(1)}
    # "X mana of any one color, where X is your life total" (Sanctum of the Sun, 119.1)
    if c == "X mana of any one color, where X is your life total":
        return {"any": "color", "amount": "life"}
    # "{G} for each creature you control", "{C} for each Locus on the battlefield"
    m = re.fullmatch(rf"({SYMS}) for each ([\w ]+?) (you control|on the battlefield)", c)
    if m:
        f = kind_filter(m.group(2))
        if f is None:
            return None
        whose = "you" if m.group(3) == "you control" else "any"
        return {"for_each": {"filter": list(f), "whose": whose}, "mana": m.group(1)}
    # "{R} for each card in your hand", "{B} for each creature card in your graveyard" (400.2)
    m = re.fullmatch(rf"({SYMS}) for each (?:([\w ]+?) )?card in your (hand|graveyard)", c)
    if m:
        f = kind_filter(m.group(2)) if m.group(2) else ()
        if f is None:
            return None
        return {"for_each": {"zone": m.group(3), **({"filter": list(f)} if f else {})}, "mana": m.group(1)}
    # "{B} for each storage counter removed this way" (the X of "Remove any number of ...")
    m = re.fullmatch(rf"({SYMS}) for each ([\w+/-]+) counter removed this way", c)
    if m:
        return {"mana": m.group(1), "amount": "X"} if removes_x(costs, m.group(2).lower()) else None
    m = re.fullmatch(rf"({SYM}), then add an additional ({SYM}) for each ([\w+/-]+) counter removed this way", c)
    if m and m.group(1) == m.group(2):
        return {"mana": m.group(1), "amount": "X+1"} if removes_x(costs, m.group(3).lower()) else None
    m = re.fullmatch(rf"({SYMS}) for each ([\w+/-]+) counter on ~", c)
    if m:
        return {"mana": m.group(1), "amount": {"counters": m.group(2).lower()}}
    m = re.fullmatch(rf"an amount of ({SYM}) equal to ~'s power", c)
    if m:
        return {"mana": m.group(1), "amount": "power"}
    m = re.fullmatch(rf"an amount of ({SYM}) equal to the number of ([\w ]+?) (you control|on the battlefield)", c)
    if m:
        f = kind_filter(m.group(2))
        if f is None:
            return None
        return {"mana": m.group(1), "amount": {"count": {"filter": list(f),
                                                         "whose": "you" if m.group(3) == "you control" else "any"}}}
    # "Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard." (a spell: the
    # cards with its name, 201.2, in every graveyard as it resolves, 608.2h)
    m = re.fullmatch(rf"((?:{SYM})+), then add ({SYM}) for each card named ~ in each graveyard", c)
    if m and m.group(1) == m.group(2) * (len(m.group(1)) // 3):
        return {"mana": m.group(2), "amount": {"named_in_graveyards": "self", "plus": len(m.group(1)) // 3}}
    # "Exile a creature you control: Add X mana of any one color, where X is 1 plus the exiled
    # creature's mana value." (Food Chain): the permanent its cost exiled, as it last existed (608.2h)
    m = re.fullmatch(r"X mana of any one color, where X is (1 plus )?the exiled ([\w ]+?)'s mana value", c)
    if m:
        f = next((tuple(x["exile"]["filter"]) for x in costs if isinstance(x, dict) and isinstance(x.get("exile"), dict)
                  and x["exile"].get("from") == "battlefield"), None)
        amount = "exiled_mana_value" + ("+1" if m.group(1) else "")
        return {"any": "color", "amount": amount} if f and f == kind_filter(m.group(2)) else None
    # "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana value."
    # (Priest of Yawgmoth): the permanent its cost sacrificed, as it last existed (608.2h)
    m = re.fullmatch(rf"an amount of ({SYM}) equal to the sacrificed ([\w ]+?)'s mana value", c)
    if m:
        f = sacrifices(costs)
        return {"mana": m.group(1), "amount": "sacrificed_mana_value"} if f and f == kind_filter(m.group(2)) else None
    m = re.fullmatch(rf"an amount of ({SYM}) equal to X plus one", c)
    if m:
        return {"mana": m.group(1), "amount": "X+1"} if removes_x(costs) else None
    m = re.fullmatch(rf"an amount of ({SYM}) equal to your devotion to (white|blue|black|red|green)", c)
    if m:
        return {"mana": m.group(1), "amount": {"devotion": m.group(2)}}
    return None


def add_sentence(sentence: str, costs: list[Any]) -> Any:
    """A sentence that adds mana: "Add ...", or Bloom Tender's "For each color among
    permanents you control, add one mana of that color"."""
    s = sentence.rstrip(".")
    m = re.fullmatch(r"Choose a color\. Add one mana of that color for each ([\w+/-]+) counter on ~", s)
    if m:
        # one color, chosen as it resolves, as many times as there are counters
        return {"any": "color", "amount": {"counters": m.group(1).lower()}}
    if s == "Choose a color. Add an amount of mana of that color equal to your devotion to that color":
        return {"any": "color", "amount": "devotion"}
    # "Choose a color of a permanent you control. Add one mana of that color." (Meteor Crater), "...
    # of a card in your graveyard ..." (Corrupted Grafstone): a color one of them has (105.1)
    if s == "Choose a color of a permanent you control. Add one mana of that color":
        return {"any": "color", "among": [["permanent"]]}
    if s == "Choose a color of a card in your graveyard. Add one mana of that color":
        return {"any": "color", "among_cards": "graveyard"}
    if s.startswith("Add "):
        return add_clause(s[4:], costs)
    m = re.fullmatch(r"For each color among ([\w ]+?) you control, add one mana of that color", s)
    if m:
        f = kind_filter(m.group(1))
        return {"colors_among": {"filter": list(f), "whose": "you"}} if f else None
    return None


# -- what follows the mana in the same ability -------------------------------------------------

# CR 106.6: restrictions on how the mana is spent and effects on what it is spent on ride on the
# mana; they never change its type. (So does "you don't lose this mana as steps and phases
# end": an exception to 500.5 for that mana; and "Use toys to represent the tokens." after Mishra's
# Toy Workshop's restriction: how the tokens are shown, 111.1, no rule of the game.)
RIDER = re.compile(r"^(Spend this mana only|This mana can't be spent|If that mana is spent|If you spend this mana|"
                   r"When you spend this "
                   r"mana|When that mana is spent|Until end of turn, (?:you|they) don't lose this mana|You can't "
                   r"spend this mana|Use toys to represent the tokens\.$)")
# The words of a target in what an ability does besides adding mana ("Target opponent gains
# control of ~": Witch Engine), kept as its `targets` list.
TARGET = re.compile(r"(?:another |any other |up to (?:one|two) )?\btarget [\w' -]+?(?= gains?\b| loses?\b| deals?\b| gets?\b|"
                    r" can't\b| becomes?\b| untaps?\b| and\b|[,.]|$)", re.IGNORECASE)
# A sentence that changes the mana the ability adds: the mana part would be wrong without it.
CHANGES_MANA = re.compile(r"\binstead\b|\badds?\b|\bmana\b", re.IGNORECASE)


COUNT = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
TIMES_EACH_TURN = {"once": 1, "twice": 2, "three times": 3}
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                "end_of_combat")


def activation_condition(clause: str) -> dict[str, Any] | None:
    """One condition of "Activate only if ..." (translator/activation.py, CR 602.5), or None."""
    m = re.fullmatch(r"~ has an? ([\w+/-]+) counter on it", clause)
    if m:
        return {"counters": m.group(1).lower(), "at_least": 1}
    if clause == "you played a land this turn":
        return {"lands_played": "you", "at_least": 1}
    if clause == "you have the city's blessing":
        return {"city_blessing": True}       # (702.131c; asp/designations.lp)
    # "Activate only if there are three or more brick counters on ~" (Pyramid of the Pantheon)
    m = re.fullmatch(rf"there are {COUNT} or more ([\w+/-]+) counters on ~", clause)
    if m and number(m.group(1)) is not None:
        return {"counters": m.group(2).lower(), "at_least": number(m.group(1))}
    m = re.fullmatch(rf"{COUNT} or more cards are in your (graveyard|library)", clause)
    if m:
        return {"count": {"zone": m.group(2)}, "at_least": number(m.group(1))}
    m = re.fullmatch(rf"you have exactly (zero|{COUNT[1:-1]}) or ({COUNT[1:-1]}) cards in hand", clause)
    if m and m.group(1) != m.group(2):
        # "Activate only if you have exactly zero or seven cards in hand." (The Biblioplex; 602.5)
        ns = [0 if w == "zero" else number(w) for w in (m.group(1), m.group(2))]
        if None not in ns:
            return {"count": {"zone": "hand"}, "exactly": ns}
    m = re.fullmatch(rf"you have (no|exactly {COUNT}|{COUNT} or fewer|{COUNT} or more) cards in hand", clause)
    if m:
        if m.group(1) == "no":
            return {"count": {"zone": "hand"}, "exactly": 0}
        n = number(m.group(2) or m.group(3) or m.group(4))
        compare = "exactly" if m.group(2) else "at_most" if m.group(3) else "at_least"
        return {"count": {"zone": "hand"}, compare: n}
    m = re.fullmatch(rf"you control {COUNT} or more ([\w ]+)", clause)
    if m:
        f = kind_filter(m.group(2))
        return {"count": {"filter": list(f)}, "at_least": number(m.group(1))} if f else None
    m = re.fullmatch(rf"you control (?:a|an) ([\w ]+?) with power {COUNT} or greater", clause)
    if m:
        f = kind_filter(m.group(1))
        return {"count": {"filter": list(f), "power_at_least": number(m.group(2))}, "at_least": 1} if f else None
    m = re.fullmatch(rf"([\w ]+?) you control have total power {COUNT} or greater", clause)
    if m:
        f = kind_filter(m.group(1))
        return {"total_power": {"filter": list(f)}, "at_least": number(m.group(2))} if f else None
    if hist_tail.activation_condition(clause) is not None:     # a record of the turn (hist_tail.py)
        return hist_tail.activation_condition(clause)
    # "if an opponent controls at least two more lands than you" (compiler/act10_tail.py)
    from .act10_tail import opponent_controls_more
    if opponent_controls_more(clause) is not None:
        return opponent_controls_more(clause)
    # "if an opponent controls four or more lands" (compiler/land_tail.py)
    from .land_tail import opponent_controls_condition
    return opponent_controls_condition(clause)


def one_instruction(s: str) -> dict[str, Any] | None:
    """"Activate only ..." (one restriction) as entries of the activated ability, or None."""
    if s == "Activate only as a sorcery":
        return {"timing": "sorcery"}
    if s == "Activate only as an instant":
        return {"timing": "instant"}      # CR 602.5e: whenever its controller has priority (117.1a)
    m = re.fullmatch(r"Activate only if you control (?:a|an) ([\w ]+)", s)
    if m and " with " not in m.group(1):
        f = kind_filter(m.group(1))
        return {"only_if_you_control": list(f)} if f else None
    m = re.fullmatch(r"Activate only during (?:the|any) (end of combat|beginning of combat|declare attackers|declare blockers|"
                     r"upkeep|draw|end) step", s)
    if m:
        return {"only_during": [m.group(1).replace(" ", "_")]}
    if s == "Activate only during combat":
        # CR 506.1: the combat phase is its five steps (first-strike damage is a combat damage step, 510.4)
        return {"only_during": list(COMBAT_STEPS)}
    if s == "Activate only during your turn":
        return {"only_if": [{"your_turn": True}]}
    if s in ("Activate only if it's not your turn", "Activate only if it isn't your turn"):
        return {"only_if": [{"not_your_turn": True}]}
    if s == "Activate only during an opponent's turn":
        return {"only_if": [{"opponents_turn": True}]}
    if s == "Activate only during an opponent's upkeep":
        return {"only_during": ["upkeep"], "only_if": [{"opponents_turn": True}]}
    if s == "Activate only during your upkeep":
        return {"only_during": ["upkeep"], "only_if": [{"your_turn": True}]}
    m = re.fullmatch(r"Activate (?:only (once)|no more than (twice|three times)) each turn", s)
    if m:
        return {"per_turn": TIMES_EACH_TURN[m.group(1) or m.group(2)]}
    m = re.fullmatch(r"Activate only if (.+)", s)
    if m:
        c = activation_condition(m.group(1))
        return {"only_if": [c]} if c else None
    return None


def merge_instructions(entry: dict[str, Any], read: dict[str, Any]) -> bool:
    """Add instructions to an entry: conditions add up (all must hold); any other key said twice
    is not read (False)."""
    for key, value in read.items():
        if key == "only_if":
            entry[key] = entry.get(key, []) + value
        elif key in entry:
            return False
        else:
            entry[key] = value
    return True


def closing_instructions(entry: dict[str, Any], said: list[str], shown: list[str]):
    """CR 602.5: the activation instructions that close an ability ("Activate only as a
    sorcery."), read into the entry; the sentences before them (as read, as printed), or None
    when an instruction is said twice."""
    while said:
        instruction = activation_instruction(said[-1])
        if instruction is None:
            break
        if not merge_instructions(entry, instruction):
            return None
        said, shown = said[:-1], shown[:-1]
    return said, shown


def activation_instruction(sentence: str) -> dict[str, Any] | None:
    """CR 602.5: the activation instructions of a sentence ("Activate only as a sorcery", "...
    only during your turn", "... only once each turn", "... only if seven or more cards are in
    your graveyard"; several joined by "and only": "Activate only during your upkeep and only
    once each turn") as entries of the activated ability, or None if any part is not read."""
    if sentence == "X can't be 0.":
        return {"x_at_least": 1}        # 107.3a: a bound on the X announced (lands9_tail.py)
    parts = sentence.rstrip(".").split(" and only ")
    out: dict[str, Any] = {}
    for i, part in enumerate(parts):
        read = one_instruction(part if i == 0 else "Activate only " + part)
        if read is None or not merge_instructions(out, read):
            return None
    return out


# The mana is fixed: nothing said before it in the same ability can change it.
def fixed_mana(mana: Any) -> bool:
    if isinstance(mana, str):
        return True
    return isinstance(mana, dict) and ("one_of" in mana or "mana" in mana or "any" in mana) and \
        isinstance(mana.get("amount", 1), int)


def mana_effect(norm: list[str], orig: list[str], costs: list[Any] | None, entry: dict[str, Any]):
    """Read an effect that adds mana (the sentences of one ability) into `entry`: add_mana, its
    riders (106.6), activation instructions (602.5; with `costs`, an activated ability), and the
    words of what else it does as `effect`. Returns the unread parts, or None if the sentences
    do not add mana in a way read here, or another sentence changes the mana (the line is then
    kept as text: a mana part read without it would be wrong)."""
    at = next((i for i, s in enumerate(norm) if add_sentence(s, costs or []) is not None), None)
    if at is None:
        return None
    mana = add_sentence(norm[at], costs or [])
    if at > 0 and not fixed_mana(mana):
        return None                     # what comes first may change how much it adds
    entry["add_mana"] = mana
    riders, effect, unread, said = [], [], [], []
    for i, (s, o) in enumerate(zip(norm, orig)):
        if i == at:
            continue
        if i > at and RIDER.match(s):
            riders.append(o)
            continue
        if i > at and "delayed" not in entry and s.endswith(NEXT_UPKEEP):
            delayed = delayed_trigger(s[:-len(NEXT_UPKEEP)], o)
            if delayed is not None:
                entry["delayed"] = delayed
                continue
        if i > at and "delayed" not in entry:
            from .abil_tail import next_end_step_delayed
            delayed = next_end_step_delayed(s, o)
            if delayed is not None:
                entry.update(delayed)           # (its delayed trigger, and the count it needs if any)
                continue
        if s == "~ doesn't untap during your next untap step." and costs is not None and "creates" not in entry:
            # CR 611.2a, 502.3: an effect of the same ability, until its controller's next untap step
            entry["creates"] = {"restrict": {"what": ["untap"], "to": "self"}, "duration": "your_next_untap_step"}
            continue
        instr = activation_instruction(s) if costs is not None else None
        if instr is not None:
            # (a mana ability "as an instant", Lion's Eye Diamond, may not be activated while a
            # cost is paid, 602.5e and 605.3a: can-pay leaves it out, canpay.lp)
            if not merge_instructions(entry, instr):
                return None
            continue
        instead = re.fullmatch(r"If (.+?), (?:add (.+) instead|instead add (.+))\.", s) \
            if costs is not None and i > at else None
        if instead is not None and "instead" not in entry:
            # "If you control four or more creatures, add {G}{G} instead." (106.3: the other mana
            # while the condition holds, checked as the mana ability resolves, 605.3a)
            cond = activation_condition(instead.group(1))
            other = add_clause(instead.group(2) or instead.group(3), costs)
            if cond is None or other is None:
                return None
            entry["instead"] = {"if": cond, "add_mana": other}
            continue
        if CHANGES_MANA.search(s) and not s.startswith("Activate "):
            return None
        # Anything else is what the ability does besides adding mana (an activation limit
        # such as "Activate only once each turn" too: 602.5b): read into actions where the
        # effect templates read every such sentence, else kept as its words (the planners then
        # leave the ability out and say why; the what-if refuses it).
        effect.append(o)
        said.append(s)
        unread.append("effect")
    if riders:
        if isinstance(mana, str):
            mana = {"mana": mana}
        entry["add_mana"] = {**mana, "rider": " ".join(riders)}
    if effect:
        entry["effect"] = " ".join(effect)
        read = further_actions(said)
        if read is not None:
            entry["does"] = read.does
            if read.target is not None:
                entry["targets"], entry["target"] = read.targets, read.target
            if read.creates is not None:
                entry["creates"] = read.creates     # (compiler/abil_tail.py created_beside_mana)
            return tuple(u for u in dict.fromkeys(unread) if u != "effect")
        # CR 605.1a, 115.6: an ability with a target is not a mana ability, whatever else it does
        targets = TARGET.findall(" ".join(norm[i] for i in range(len(norm)) if i != at))
        if targets:
            entry["targets"] = targets
    return tuple(dict.fromkeys(unread))


# CR 603.7: "Draw a card at the beginning of the next turn's upkeep." (Astrolabe, Barbed Sextant):
# a delayed triggered ability the ability creates as it is carried out.
NEXT_UPKEEP = " at the beginning of the next turn's upkeep."


def delayed_trigger(said: str, shown: str) -> dict[str, Any] | None:
    """The delayed triggered ability of a sentence "[effect] at the beginning of the next turn's
    upkeep" (its effect before the event), read whole without a target, or None."""
    read = read_effect(said + ".")
    if read is None or not read.does or read.target is not None or read.creates is not None or read.tokens:
        return None
    return {"when": {"beginning_of_upkeep": "next_turn"}, "effect": shown, "does": read.does}


def on_stack_read(mana: Any) -> bool:
    """The what-if adds this mana for a spell or an ability that is not a mana ability (asp/mana.lp
    stack_option/2): fixed mana, one of several, any color or type, a combination, a number of
    times, fixed mana for each permanent of a kind (res_counted/3). Other amounts count what is
    on the battlefield, read for mana abilities only."""
    if isinstance(mana, str):
        return True
    if "for_each" in mana:              # "{R} for each creature you control": counted as it resolves
        return True
    if "mana" in mana and set(mana.get("amount") or {}) == {"counters"}:
        return True                     # "add {B} for each charge counter on ~": on its source as it resolves
    if isinstance(mana.get("amount"), dict) and "this_turn" in mana["amount"]:
        return True                     # "{R} for each 1 life your opponents have lost this turn": as it resolves
    if "mana" in mana and set(mana.get("amount") or {}) == {"named_in_graveyards", "plus"}:
        return True                     # "add {R} for each card named ~ in each graveyard": as it resolves
    if ("any" in mana or "combination" in mana) and isinstance(mana.get("amount"), dict) and set(mana["amount"]) == {"count"}:
        return True                     # "X mana of any one color, where X is the number of Shrines you control"
    return not any(k in mana for k in ("could_produce", "colors_among", "produced_type", "among", "among_cards")) and \
        mana.get("any") not in ("commander_identity", "own_colors") and isinstance(mana.get("amount", 1), int)


def further_actions(said: list[str]) -> EffectRead | None:
    """What a mana-adding ability does besides its mana, as actions (compiler/effects.py), or
    None if any sentence is beyond the templates. "If there are no mining counters on ~,
    sacrifice it" (Gemstone Mine) is read here: its sacrifice after the cost removed one."""
    out = EffectRead()
    for s in said:
        m = re.fullmatch(r"If there are no ([\w+/-]+) counters on ~, sacrifice (?:it|~)\.", s)
        if m:
            out.does.append({"sacrifice": {"what": "self", "if_no_counters": m.group(1).lower()}})
            continue
        read = read_effect(s)
        if read is None:
            from .abil_tail import created_beside_mana
            read = created_beside_mana(s, out)
        if read is None or (read.target is not None and out.target is not None):
            return None
        out.does.extend(read.does)
        if read.target is not None:
            out.target, out.targets = read.target, read.targets
    return out if out.does else None


def split_ability(text: str) -> tuple[str, str] | None:
    """'[Cost]: [Effect]' (CR 602.1): the colon outside quotes."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted and text[i + 1:i + 2] == " ":
            return text[:i], text[i + 2:]
    return None


THEN_ADD = re.compile(r"(.+?), then add (.+\.)")


def aligned(norm: str, orig: str) -> tuple[list[str], list[str]] | None:
    """The sentences of an effect, and the same sentences as printed (the last ones of orig)."""
    norm_s = sentences(norm)
    orig_s = sentences(orig)[-len(norm_s):] if norm_s else []
    if not norm_s or len(orig_s) != len(norm_s):
        return None
    # "Draw a card, then add one mana of any color." (Sarkhan Unbroken): two instructions in the
    # order written (608.2c), the mana after the action
    for i in range(len(norm_s) - 1, -1, -1):
        m, mo = THEN_ADD.fullmatch(norm_s[i]), THEN_ADD.fullmatch(orig_s[i])
        if m and mo and not m.group(1).startswith("Add "):
            norm_s[i:i + 1] = [m.group(1) + ".", "Add " + m.group(2)]
            orig_s[i:i + 1] = [mo.group(1) + ".", "Add " + mo.group(2)]
    # "Choose a color. Add one mana of that color ...": one instruction in two sentences
    for i in range(len(norm_s) - 2, -1, -1):
        if norm_s[i] in ("Choose a color.", "Choose a color of a permanent you control.",
                         "Choose a color of a card in your graveyard."):
            norm_s[i:i + 2] = [norm_s[i] + " " + norm_s[i + 1]]
            orig_s[i:i + 2] = [orig_s[i] + " " + orig_s[i + 1]]
    return norm_s, orig_s


def if_you_control_instead(effect: str) -> dict | None:
    """"Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead."
    (Urza's Mine, CR 106.4): the same mana, more times while its controller controls a permanent
    of each kind named."""
    m = re.fullmatch(r"Add (\{[WUBRGC]\})\. If you control (.+?), add ((?:\{[WUBRGC]\})+) instead\.", effect)
    if m is None or set(re.findall(r"\{[WUBRGC]\}", m.group(3))) != {m.group(1)}:
        return None
    filters = []
    for part in re.split(r",? and |, ", m.group(2)):
        k = re.fullmatch(r"an? (.+)", part)
        f = kind_filter(k.group(1)) if k else None
        if f is None:
            return None
        filters.append(list(f))
    return {"mana": m.group(1), "amount": {"if_you_control": filters, "instead": m.group(3).count("{")}}


# CR 106.4: who the mana goes to, when it is not the ability's controller: "Choose a player. That
# player adds {G}{G}{G}." (Valleymaker), "A player of your choice adds {C}." (Victory Chimes): a
# player its controller chooses as it resolves; "Each player adds {B}{R}{G}." (Yurlok): every
# player. "... one mana of any color they choose": that player's choice (an outcome either way).
RECIPIENTS = ((re.compile(r"^(?:[Cc]hoose a player\. That player|A player of your choice) adds "), "chosen_player"),
              (re.compile(r"^Each player adds "), "each_player"))


def recipient(effect: str) -> tuple[str, str] | None:
    """The effect written "Add ..." and who gets the mana, or None if it names no other recipient."""
    for pattern, who in RECIPIENTS:
        m = pattern.match(effect)
        if m:
            rest = re.sub(r" (?:of any (?:one )?color) they choose(?=\.)", lambda x: x.group(0)[:-len(" they choose")],
                          effect[m.end():])
            return "Add " + rest, who
    return None


EXERT = re.compile(r"(.+), Exert ~")


def activated_mana(norm: str, orig: str, planeswalker: bool = False):
    """"[Cost]: Add [mana]. [riders]" as an activated ability's entry (without `line`), with the
    unread parts; None if it is not one."""
    parts = split_ability(norm)
    if parts is None:
        return None
    cost_text, effect = parts
    exert = EXERT.fullmatch(cost_text)
    if exert is not None:
        # CR 701.43a: "{T}, Exert ~: Add two mana of any one color." (Oasis Ritualist): to exert it
        # is to have it not untap during its controller's next untap step, as the mana ability is
        # activated and resolves at once (605.3a): that effect, created by the ability
        cost_text = exert.group(1)
    costs = read_cost(cost_text, planeswalker)
    if costs is None:
        return None
    orig_parts = split_ability(orig)
    if exert is not None:
        read = activated_mana(f"{cost_text}: {effect}", f"{cost_text}: {orig_parts[1] if orig_parts else effect}",
                              planeswalker)
        if read is None or "creates" in read[0] or read[1]:
            return None
        return {**read[0], "creates": {"restrict": {"what": ["untap"], "to": "self"},
                                       "duration": "your_next_untap_step"}}, ()
    to = recipient(effect)
    if to is not None and orig_parts is not None and recipient(orig_parts[1]) is not None:
        read = activated_mana(f"{cost_text}: {to[0]}", f"{orig_parts[0]}: {recipient(orig_parts[1])[0]}",
                              planeswalker)
        if read is None or "effect" in read[0]:
            return None
        return {**read[0], "add_mana_to": to[1]}, read[1]
    instead = if_you_control_instead(effect)
    if instead is not None:
        return {"cost": costs, "add_mana": instead}, ()
    m = re.fullmatch(r"Put an? ([\w+/-]+) counter on ~\. Add X mana of any one color, where X is the number of "
                     r"([\w+/-]+) counters on ~\.", effect)
    if m and m.group(1) == m.group(2):
        # "Put a charge counter on ~. Add X mana of any one color, where X is the number of charge
        # counters on ~." (Empowered Autogenerator): counted after the counter is put (608.2c)
        kind = m.group(1).lower()
        return {"cost": costs, "add_mana": {"any": "color", "amount": {"counters": kind, "plus": 1}},
                "effect": orig_parts[1].split(". ")[0] + "." if orig_parts else effect,
                "does": [{"counters": {"what": "self", "kind": kind}}]}, ()
    s = aligned(effect, orig_parts[1] if orig_parts else orig)
    if s is None:
        return None
    entry: dict[str, Any] = {"cost": costs}
    unread = mana_effect(s[0], s[1], costs, entry)
    if unread is None:
        return None
    if any(isinstance(c, dict) and "loyalty" in c for c in costs) and not on_stack_read(entry["add_mana"]):
        unread += ("amount",)           # a loyalty ability uses the stack (605.1a, 606)
    return {"cost": costs, **entry}, unread


# -- triggered mana abilities (CR 106.12a, 605.1b) ----------------------------------------------

TRIGGERS = (
    # (pattern, who): the permanent tapped for mana, and who taps it
    (re.compile(r"Whenever enchanted land is tapped for mana, its controller adds (.+)"), "enchanted", "any"),
    (re.compile(r"Whenever (?:a|an) ([\w ]+?) is tapped for mana, its controller adds (.+)"), None, "any"),
    (re.compile(r"Whenever a player taps (?:a|an) ([\w ]+?|\w+, \w+,? or \w+) for mana, that player adds (.+)"), None,
     "any"),
    (re.compile(r"Whenever you tap (?:a|an) ([\w ]+?) for mana, add (.+)"), None, "you"),
)


def trigger_mana(clause: str) -> Any:
    c = clause.rstrip(".")
    if re.fullmatch(r"one mana of any type that (land|permanent) produced", c):
        # CR 106.12a: one of the types the tapped permanent's ability produced
        return {"produced_type": True}
    c = re.sub(r"^an additional ", "", c)
    return add_clause(c, [])


def mana_trigger(norm: str, orig: str):
    """"Whenever [a permanent] is tapped for mana, [its controller] adds ..." as a triggered
    mana ability (CR 605.1b: it resolves at once, after the mana ability that triggered it)."""
    for pattern, source, who in TRIGGERS:
        m = pattern.fullmatch(norm.rstrip("."))
        if not m:
            continue
        if source is None:
            f = kind_filter(m.group(1))
            alts = re.fullmatch(r"(\w+), (\w+),? or (\w+)", m.group(1)) if f is None else None
            if alts is not None:
                # "a Mountain, Forest, or Plains": any of those (one trigger whichever it matches)
                fs = [kind_filter(w) for w in alts.groups()]
                if any(x is None for x in fs):
                    return None
                source = {"any_of": [list(x) for x in fs]}
            elif f is None:
                return None
            else:
                source = list(f)
        mana = trigger_mana(m.groups()[-1])
        if mana is None:
            return None
        trigger = {"tapped_for_mana": source}
        if who != "any" or source != "enchanted":
            trigger["who"] = who
        return {"triggered": {"trigger": trigger, "add_mana": mana}}, ()
    return None


# -- replacement effects on mana (CR 106.12b, 614) ---------------------------------------------

REPLACEMENT_EVENTS = (
    re.compile(r"(?P<who>you tap|a player taps) (?:a|an) (?P<kind>[\w ]+?)(?P<yours> you control)? for mana"),
    re.compile(r"(?:a|an) (?P<kind>[\w ]+?)(?P<yours> you control)? is tapped for (?P<min>two or more )?mana"),
)


def produces(text: str) -> dict[str, Any] | None:
    t = text.rstrip(".")
    m = re.fullmatch(r"(twice|three times) as much of that mana instead", t)
    if m:
        return {"multiply": 2 if m.group(1) == "twice" else 3}
    m = re.fullmatch(rf"({SYM}|white mana|blue mana|black mana|red mana|green mana|colorless mana) instead of "
                     r"any other type( and amount)?", t)
    if m:
        what = m.group(1)
        letter = what[1] if what.startswith("{") else LETTERS[what.split()[0]]
        return {"exactly" if m.group(2) else "type": letter}
    return None


def replacement(clause: str) -> dict[str, Any] | None:
    """"If [a permanent] is tapped for mana, it produces ... instead ..." as a `replacement`."""
    m = re.fullmatch(r"[Ii]f (.+?), it produces (.+)", clause.rstrip("."))
    if not m:
        return None
    out = produces(m.group(2))
    if out is None:
        return None
    for pattern in REPLACEMENT_EVENTS:
        e = pattern.fullmatch(m.group(1))
        if not e:
            continue
        f = kind_filter(e.group("kind"))
        if f is None:
            return None
        r: dict[str, Any] = {"source": list(f), "who": "you" if e.groupdict().get("who") == "you tap" else "any",
                             "source_controller": "you" if e.group("yours") else "any"}
        if e.groupdict().get("min"):
            r["min_amount"] = 2
        r["produces"] = out
        return r
    return None


def mana_replacement(norm: str, orig: str):
    """A static replacement effect on mana, or a spell's "Until end of turn, if ..." that
    creates one (CR 611.2a: it lasts until the cleanup step, 514.2)."""
    r = replacement(norm)
    if r is not None:
        return {"static": {"replacement": r}}, ()
    return None


def until_end_of_turn_trigger(effect: str) -> dict[str, Any] | None:
    """"Until end of turn, whenever a player taps an Island for mana, that player adds an
    additional {U}." (High Tide): the effect a spell creates, a triggered mana ability until the
    cleanup step (605.1b, 611.2a, 514.2); fixed mana only."""
    m = re.fullmatch(r"Until end of turn, whenever (.+)", effect.rstrip("."))
    if not m:
        return None
    read = mana_trigger("Whenever " + m.group(1), "")
    if read is None:
        return None
    t = read[0]["triggered"]
    if not isinstance(t["add_mana"], str) or t["trigger"]["tapped_for_mana"] == "enchanted":
        return None
    return {"triggered": t, "duration": "end_of_turn"}


def until_end_of_turn_replacement(effect: str) -> dict[str, Any] | None:
    m = re.fullmatch(r"Until end of turn, (if .+)", effect.rstrip("."))
    if not m:
        return None
    r = replacement(m.group(1))
    return None if r is None else {"replacement": r, "duration": "end_of_turn"}


# -- grants of mana abilities (CR 613.1f) ------------------------------------------------------

GRANT_TO = {"Enchanted land": "enchanted_land", "Enchanted creature": "enchanted_creature",
            "Enchanted permanent": "enchanted_permanent", "Equipped creature": "equipped_creature"}


def grant_target(subject: str) -> Any:
    if subject in GRANT_TO:
        return GRANT_TO[subject]
    # "Each creature you control with a counter on it" (Rishkar), "... with a +1/+1 counter on it"
    # (Jiang Yanggu): the group as it is now, counters and all (613.1f, 122.1)
    m = re.fullmatch(r"Each ([\w ]+?) you control with an? (\+1/\+1 )?counter on it", subject)
    if m:
        f = kind_filter(m.group(1))
        word = "with_+1/+1_counter" if m.group(2) else "with_counter"
        return {"filter": [*f, word], "controller": "you"} if f else None
    m = re.fullmatch(r"(Other )?([\w ]+?) you control", subject)
    if m:
        f = kind_filter(m.group(2))
        if f is None:
            return None
        to: dict[str, Any] = {"filter": list(f), "controller": "you"}
        if m.group(1):
            to["other"] = True
        return to
    m = re.fullmatch(r"All ([\w ]+)", subject)
    if m:
        f = kind_filter(m.group(1))
        return {"filter": list(f)} if f else None
    return None


def mana_grant(norm: str, orig: str, planeswalker: bool = False):
    """"Lands you control have "{T}: Add one mana of any color."" as a static grant of the
    quoted mana ability (CR 613.1f: layer 6)."""
    m = re.fullmatch(r'(.+?) (?:has|have) "([^"]+)"\.?', norm)
    mo = re.search(r'"([^"]+)"\.?$', orig)
    if not m or not mo:
        return None
    to = grant_target(m.group(1))
    if to is None:
        return None
    inner = activated_mana(m.group(2), mo.group(1))
    if inner is None:
        return None
    ability, unread = inner
    return {"static": {"grant": {"to": to, "ability": {"activated": ability}}}}, unread


def conditional_grant(norm: str, orig: str):
    """"As long as you control six or more lands, lands you control have "{T}: Add one mana of any
    color."" (The World Tree), "As long as enchanted permanent is a land, it has "..."" (Nature's
    Embrace): a grant of the quoted mana ability that has its effect only while the condition holds
    (CR 604.2, 613.1f)."""
    m = re.fullmatch(r"As long as (.+?), (.+)", norm)
    mo = re.fullmatch(r"As long as (.+?), (.+)", orig)
    if m is None or mo is None:
        return None
    cond = re.fullmatch(rf"you control {COUNT} or (more|fewer) ([\w ]+)", m.group(1))
    if cond is not None:
        f = kind_filter(cond.group(3))
        if f is None or number(cond.group(1)) is None:
            return None
        condition: dict[str, Any] = {"you_control": {"filter": list(f), "at_least" if cond.group(2) == "more"
                                                     else "at_most": number(cond.group(1))}}
        grant = mana_grant(m.group(2), mo.group(2))
    else:
        e = re.fullmatch(r"enchanted permanent is an? ([\w ]+)", m.group(1))
        f = kind_filter(e.group(1)) if e else None
        if f is None:
            return None
        condition = {"enchanted": list(f)}
        said = re.sub(r"^it has ", "Enchanted permanent has ", m.group(2))
        grant = mana_grant(said, mo.group(2)) if said != m.group(2) else None
    if grant is None:
        return None
    return {"static": {"condition": condition, **grant[0]["static"]}}, grant[1]


def created_grant(norm: str, orig: str):
    """"Until end of turn, lands you control gain "{T}: Add one mana of any color."": an effect
    that grants the mana ability to the permanents in the group as it resolves (611.2c), until
    the cleanup step (514.2)."""
    m = re.fullmatch(r'Until end of turn, (.+?) gains? "([^"]+)"\.?', norm)
    mo = re.search(r'"([^"]+)"\.?$', orig)
    if not m or not mo:
        return None
    to = grant_target(m.group(1))
    if not isinstance(to, dict) or to.get("controller") != "you":
        return None
    inner = activated_mana(m.group(2), mo.group(1))
    if inner is None or inner[1]:
        return None
    return {"grant": {"to": to, "ability": {"activated": inner[0]}}, "duration": "end_of_turn"}


# -- spells and triggered abilities that add mana (CR 106.3, 605.5) ------------------------------

WHEN = (
    (re.compile(r"When ~ enters(?: the battlefield)?"), {"enters": "self"}),
    (re.compile(r"When ~ dies"), {"dies": "self"}),
    (re.compile(r"Whenever ~ attacks"), {"attacks": "self"}),
    (re.compile(r"Whenever ~ becomes tapped"), {"becomes_tapped": "self"}),
    (re.compile(r"At the beginning of your upkeep"), {"beginning_of_upkeep": "your_turn"}),
    (re.compile(r"At the beginning of combat on your turn"), {"beginning_of_combat": "your_turn"}),
    (re.compile(r"Whenever you cast a creature spell"), {"cast_creature_spell": "you"}),
    (re.compile(r"At the beginning of your precombat main phase"), {"beginning_of_precombat_main": "your_turn"}),
    (re.compile(r"At the beginning of your postcombat main phase"), {"beginning_of_postcombat_main": "your_turn"}),
)
# "At the beginning of each player's precombat main phase, that player adds {G}{G}." (Eladamri's
# Vineyard): the active player gets the mana (106.4; add_mana_to: that_player).
# "At the beginning of each player's upkeep, that player adds {G}{G}{G}." (Shizuko, Caller of
# Autumn): the player whose upkeep it is (503.1a).
THAT_PLAYER_WHEN = ((re.compile(r"At the beginning of each player's precombat main phase"),
                     {"beginning_of_precombat_main": "each_player"}),
                    (re.compile(r"At the beginning of each player's upkeep"), {"beginning_of_upkeep": "each_player"}),
                    (re.compile(r"At the beginning of each player's postcombat main phase"),
                     {"beginning_of_postcombat_main": "each_player"}))


def spell_mana(norm: str, orig: str):
    """An instant's or sorcery's "Add {B}{B}{B}." (a spell is never a mana ability, 605.5b),
    with its riders and the words of what else it does."""
    s = aligned(norm, orig)
    if s is None:
        return None
    entry: dict[str, Any] = {}
    unread = mana_effect(s[0], s[1], None, entry)
    if unread is None:
        return None
    return {"spell": entry}, unread + (() if on_stack_read(entry["add_mana"]) else ("amount",))


LIFE_AND_ADD = re.compile(r"((?:When|Whenever|At) [^,]+), (you (?:lose|gain) \w+ life) and add (.+)")


def triggered_mana(norm: str, orig: str):
    """"When ~ enters, add {R}{R}." (not a mana ability: it triggers on no mana ability, 605.5a).
    A trigger event the vocabulary has no word for is kept as words: the ability is then read
    for its mana only (partial), and the what-if names it as a trigger it cannot follow."""
    to = re.fullmatch(r"((?:When|Whenever|At) [^,]+), choose a player\. (That player adds .+)", norm)
    too = re.fullmatch(r"((?:When|Whenever|At) [^,]+), choose a player\. (That player adds .+)", orig)
    if to is not None and too is not None:
        # "When ~ enters, choose a player. That player adds two mana of any one color they choose."
        # (Stadium Vendors, 106.4): the mana goes to a player its controller chooses as it resolves
        said, shown = recipient("Choose a player. " + to.group(2)), recipient("Choose a player. " + too.group(2))
        read = triggered_mana(f"{to.group(1)}, add {said[0][4:]}", f"{too.group(1)}, add {shown[0][4:]}")
        if read is None or "when" not in read[0]["triggered"]:
            return None
        read[0]["triggered"]["add_mana_to"] = "chosen_player"
        return read
    m = re.fullmatch(r"((?:When|Whenever|At) [^,]+)(, if [^,]+)?, (?:(?:you|that player) )?(may )?adds? (.+)",
                     norm.rstrip("."))
    chapter = re.fullmatch(r"((?:[IV]+, )*[IV]+) — Add (.+)", norm.rstrip("."))
    life = None
    if m is None and chapter is None:
        # "Whenever a creature enters the battlefield, you lose 1 life and add {B}." (Carnival of
        # Souls): the life first, then the mana, as written (608.2c)
        both = LIFE_AND_ADD.fullmatch(norm.rstrip("."))
        printed = LIFE_AND_ADD.fullmatch(orig.rstrip("."))
        if both is None or printed is None:
            return None
        m = re.fullmatch(r"((?:When|Whenever|At) [^,]+)()(), (.+)", f"{both.group(1)}, {both.group(3)}")
        life = ([both.group(2)[0].upper() + both.group(2)[1:] + ".", f"Add {both.group(3)}."],
                [printed.group(2)[0].upper() + printed.group(2)[1:] + ".", f"Add {printed.group(3)}."])
    that_player = may = False
    if chapter is not None:
        # CR 714.2b: a Saga's chapter ability is a triggered ability (its event is not read here)
        event, rest, when = chapter.group(1), chapter.group(2), None
    else:
        event, rest = m.group(1), m.group(4)
        # an intervening "if" (603.4), "you may", "that player adds": the event is not all read
        that_player = ", that player adds " in m.group(0)
        plain = not m.group(2) and (that_player or " that player " not in m.group(0))
        may = bool(m.group(3)) and not that_player and m.group(0).startswith(event + ", you may add")
        events = THAT_PLAYER_WHEN if that_player else WHEN
        when = next((w for pattern, w in events if pattern.fullmatch(event)), None) if plain else None
        if when is None and plain:
            # an event about another object (subject_events.py): "that player" is a caster's
            when = subject_event(event)
            if when is not None and that_player and "cast_spell" not in when:
                when = None
    s = aligned("Add " + rest + ".", orig) if life is None else life
    if s is None:
        return None
    entry: dict[str, Any] = {}
    unread = mana_effect(s[0], s[1], None, entry)
    if unread is None:
        return None
    if when is None:
        entry["effect"] = orig
        return {"triggered": entry}, ("when",) + tuple(u for u in unread if u != "effect") + \
            (("effect",) if "effect" in unread else ())
    if "effect" in entry and "does" not in entry:
        return None
    if "each_player" in when.values() or that_player:
        entry["add_mana_to"] = "that_player"
    if may:
        entry["may_add"] = True         # "you may add {R}{R}" (608.2d)
    return {"triggered": {"when": when, **entry}}, unread + (() if on_stack_read(entry["add_mana"]) else ("amount",))
