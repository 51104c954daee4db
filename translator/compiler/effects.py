"""Effect sentences into the vocabulary's actions (`does:`, translator/actions.py), with the
targets they name (115.1).

`read_effect(text, ctx)` reads the words of an effect ("You gain 2 life.", "~ deals 1 damage
to any target.", "Create a Treasure token.") and gives the actions and the targets, or None
when any sentence is beyond the templates here: then the effect stays words (the caller marks
the line partial), never half read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .subtypes import SUBTYPES
from .words import filter_word

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}
N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
# The predefined tokens of CR 111.10 that the bundled library holds as cards.
PREDEFINED_TOKENS = ("Treasure", "Food", "Clue", "Gold", "Blood")
SELF_WORDS = r"(?:~|this (?:land|creature|artifact|enchantment|permanent|planeswalker))"


def number(word: str) -> int:
    return NUMBERS[word.lower()] if not word.isdigit() else int(word)


@dataclass
class EffectRead:
    does: list[dict] = field(default_factory=list)
    target: dict | str | None = None        # the vocabulary's `target:` (one instance)
    targets: list[str] = field(default_factory=list)   # the text of each target, for output
    tokens: list[dict] = field(default_factory=list)   # the token cards it creates (111.4), as card files
    creates: dict | None = None         # the vocabulary's `creates:` (611.2: an effect "until end of turn")
    still: bool = False                 # "It's still a land." read after a `becomes` (205.1b)
    sacrifice_cost: bool = False        # the caller's cost sacrifices a permanent ("the sacrificed creature")
    refers_creature: bool = False       # a trigger that refers to a creature: "that creature" is it (603.2)
    looked_top: bool = False            # "Look at the top card of your library." read (land_moves.py)
    dig: dict | None = None             # "Look at the top N cards ..." read, its kind and rest to come (land_moves.py)
    x_cost: bool = False                # the caller is an activated ability whose cost has {X} (lands9_tail.py)
    exiled_top: bool = False            # "Exile the top N cards of your library." read, what it allows to come (misc12_tail.py)


# "target [words]": the filter words and rules the vocabulary's `target:` holds.
TARGET_NOUNS = {"creature": ["creature"], "artifact": ["artifact"], "enchantment": ["enchantment"],
                "land": ["land"], "permanent": ["permanent"], "planeswalker": ["planeswalker"],
                "nonland permanent": ["nonland", "permanent"], "noncreature artifact": ["noncreature", "artifact"],
                "artifact creature": ["artifact", "creature"], "nonbasic land": ["nonbasic", "land"],
                "basic land": ["basic", "land"], "tapped creature": None, "untapped creature": None,
                "legendary creature": ["legendary", "creature"],
                "legendary permanent": ["legendary", "permanent"]}


def read_target(words: str) -> tuple[dict | str, str] | None:
    """The words after "target" (up to the end of the phrase): the structured target and its
    text, e.g. "creature you control" -> ({filter: [creature], controller: you}, "target
    creature you control")."""
    words = words.strip()
    if words in ("player",):
        return "player", "target player"
    if words in ("opponent",):
        return "opponent", "target opponent"
    # "target Assembly-Worker creature", "target Goblin creature": a creature type (205.3m)
    kind = re.fullmatch(r"([A-Z][A-Za-z'-]+) creature", words)
    if kind:
        from .subtypes import CREATURE_TYPES
        if kind.group(1).lower() not in CREATURE_TYPES:
            return None
        return {"filter": [kind.group(1).lower(), "creature"]}, f"target {words}"
    # "target Elf", "target Equipment you control": a permanent of that subtype (205.3);
    # "target attacking Elf you control" (Gnarlroot Trapper): one declared as an attacker (506.4)
    sub = re.fullmatch(r"(attacking )?([A-Z][a-z'-]+)( you control)?", words)
    if sub and sub.group(2).lower() in SUBTYPES:
        return ({"filter": [sub.group(2).lower()], **({"attacking": True} if sub.group(1) else {}),
                 **({"controller": "you"} if sub.group(3) else {})}, f"target {words}")
    more = _target_more(words)          # (compiler/land_tail.py: "commander", "1/1 creature", ...)
    if more is not None:
        return more
    color = re.fullmatch(r"non(white|blue|black|red|green) creature", words)
    if color:                           # "target nonblack creature" (105.2: not of that color)
        return {"filter": [f"non{color.group(1)}", "creature"]}, f"target {words}"
    power = re.fullmatch(r"creature with power (\d+) or less", words)
    if power:                           # "target creature with power 3 or less" (208.1)
        return {"filter": ["creature"], "power_at_most": int(power.group(1))}, f"target {words}"
    m = re.fullmatch(r"(attacking )?([a-z ]+?)(?: (you control|an opponent controls|you don't control))?", words)
    if not m:
        return None
    attacking, noun, who = m.groups()
    filt = TARGET_NOUNS.get(noun)
    if filt is None:
        return None
    target: dict = {"filter": list(filt)}
    if attacking:
        target["attacking"] = True
    if who == "you control":
        target["controller"] = "you"
    elif who == "an opponent controls":
        target["controller"] = "opponent"
    elif who == "you don't control":    # (not "an opponent controls": a teammate's too, 102.3)
        target["controller"] = "not_you"
    return target, f"target {words}"


def _damage(m: re.Match, read: EffectRead) -> list[dict] | None:
    amount, to = number(m.group(1)), m.group(2)
    if to == "any target":
        read.target, read.targets = "any", ["any target"]
        return [{"damage": {"to": "target", "amount": amount}}]
    if to == "target player or planeswalker":     # CR 115.2: a player, or a planeswalker permanent
        read.target, read.targets = "player_or_planeswalker", [to]
        return [{"damage": {"to": "target", "amount": amount}}]
    if to == "each opponent":
        return [{"damage": {"to": "each_opponent", "amount": amount}}]
    if to == "you":
        return [{"damage": {"to": "you", "amount": amount}}]
    m_each = re.fullmatch(r"each ([a-z ]+?)( you control)?", to)
    if m_each:
        # "each creature [you control]" (120.3: each matching permanent as it resolves)
        kind = kind_words(m_each.group(1))
        if not kind or "filter" not in kind:
            return None
        return [{"damage": {"to": "each", "amount": amount, "filter": kind["filter"],
                            **({"controller": "you"} if m_each.group(2) else {})}}]
    if to.startswith("target "):
        t = read_target(to[len("target "):])
        if t is None:
            return None
        read.target, read.targets = t[0], [t[1]]
        return [{"damage": {"to": "target", "amount": amount}}]
    return None


def _on_target(kind: str, extra: dict):
    def build(m: re.Match, read: EffectRead) -> list[dict] | None:
        t = read_target(m.group(1))
        if t is None:
            return None
        read.target, read.targets = t[0], [t[1]]
        return [{kind: {**extra}}]
    return build


def _counters(m: re.Match, read: EffectRead) -> list[dict] | None:
    count, kind, where = number(m.group(1)), m.group(2), m.group(3)
    action: dict = {"kind": kind, "count": count}
    if re.fullmatch(SELF_WORDS, where):
        action["what"] = "self"
    elif where == "each creature you control":
        action.update({"what": "each", "filter": ["creature"], "controller": "you"})
    elif where.startswith("target "):
        t = read_target(where[len("target "):])
        if t is None:
            return None
        read.target, read.targets = t[0], [t[1]]
        action["what"] = "target"
    else:
        return None
    if action["count"] == 1:
        del action["count"]
    return [{"counters": action}]


COLOR_WORDS = ("white", "blue", "black", "red", "green")
TOKEN_DEFINITION = (
    rf"create {N} (\d+/\d+) ((?:colorless|white|blue|black|red|green)(?:(?:,| and|, and) (?:white|blue|black|red|green))*) "
    r"((?!artifact )[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?: (?!artifact )[A-Z][a-z]+(?:-[A-Z][a-z]+)?)*) (artifact )?creature tokens?(?: with ([a-z ,]+?))?"
    r"\.(?: (?:It has|They have) \"([^\"]+)\")?")


def token_card(pt: str, colors: str, subtypes: str, artifact: bool, has: str | None) -> dict | None:
    """The card a token definition describes (111.4: its name is its subtypes plus "Token"; its
    colors are those the effect names, 111.4, 202.2e), its abilities compiled like any card's;
    None if one of them is not read whole (the creation then stays words)."""
    from .core import compile_face  # a token's abilities are compiled as a face's
    if colors == "colorless":
        indicator: list[str] = []
    else:
        indicator = [c.strip() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", colors)]
        if not indicator or any(c not in COLOR_WORDS for c in indicator):
            return None
    lines = []
    if has:
        lines.append(has)
    name = f"{subtypes} Token"
    power, toughness = pt.split("/")
    type_line = f"{'Artifact ' if artifact else ''}Creature — {subtypes}"
    compiled = compile_face({"name": name, "type": type_line, "text": "\n".join(lines),
                             "power": power, "toughness": toughness})
    if not compiled.fully_compiled:
        return None
    card = dict(compiled.card)
    if indicator:
        card["color_indicator"] = indicator
    return card


def _create(card: dict | None, count: str, read: EffectRead) -> list[dict] | None:
    """The create_token action for a token card read from the words (CR 111.1), the card kept
    with the line's tokens; None when the token's words were not read."""
    if card is None:
        return None
    read.tokens.append(card)
    action: dict = {"card": card["name"]}
    if number(count) != 1:
        action["count"] = number(count)
    return [{"create_token": action}]


def _creature_tokens(m: re.Match, read: EffectRead) -> list[dict] | None:
    count, pt, colors, subtypes, artifact, keywords, has = m.groups()
    abilities = []
    if keywords:
        # "with flying and vigilance" is the keyword line "Flying, vigilance" (702)
        keywords = re.sub(r",? and ", ", ", keywords)
        abilities.append(keywords[0].upper() + keywords[1:])
    if has:
        abilities.append(has.replace("~", "this creature"))     # its own words: "this creature"
    card = token_card(pt, colors.lower(), subtypes, bool(artifact), "\n".join(abilities) or None)
    return _create(card, count, read)


def _tokens(m: re.Match, read: EffectRead) -> list[dict]:
    count, name = number(m.group(1)), m.group(2)
    action: dict = {"card": name}
    if count != 1:
        action["count"] = count
    return [{"create_token": action}]


# -- keyword actions and library moves (CR 701.8a destroy, 701.13a mill, 701.9a discard) --------

def _destroy(m: re.Match, read: EffectRead) -> list[dict] | None:
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict):
        return None
    read.target, read.targets = t[0], [t[1]]
    return [{"destroy": {"what": "target"}}]


def _untap_it(m: re.Match, read: EffectRead) -> list[dict] | None:
    # "Target creature gets +2/+2 ... Untap it.": "it" is the object target named before; with
    # none ("~ gets +1/+1 until end of turn. Untap it.") the words are left to the caller
    return [{"untap": {"what": "target"}}] if isinstance(read.target, dict) else None


def _mill(m: re.Match, read: EffectRead) -> list[dict]:
    who, count = (m.group(1) or "").strip().lower(), number(m.group(2))
    action: dict = {"what": "top_of_library", "to": "graveyard", "count": count}
    if who == "target player":
        read.target, read.targets = "player", ["target player"]
        action["whose"] = "target"
    return [{"move": action}]


def _draw_discard(m: re.Match, read: EffectRead) -> list[dict]:
    # "then discard a card": a card from the hand, the one just drawn among them (701.9a)
    return [{"draw": {"count": number(m.group(1))}}, {"move": {"what": "card_from_hand", "to": "graveyard"}}]


KEYWORD_ACTIONS = (
    (r"destroy target ([a-z ]+?)\.", _destroy),
    (rf"(you |target player )?mills? {N} cards?\.", _mill),
    (r"draw (a|two|three) cards?, then discard a card\.", _draw_discard),
    (r"exile the top card of your library\.", lambda m, r: [{"move": {"what": "top_of_library", "to": "exile"}}]),
    (r"untap it\.", _untap_it),
)


def kind_words(phrase: str) -> dict | None:
    """The kind of card or permanent a phrase names, as the vocabulary's filter words: "basic
    land" -> {filter: [basic, land]}, "non-Lair land" -> {filter: [non-lair, land]} (not of that
    subtype), "Plains or Island" -> {any_of: [[plains], [island]]}, "basic Forest, Island, or
    Mountain" -> {any_of: [[basic, forest], [basic, island], [basic, mountain]]}; "" -> {} (any);
    None if a word is no type, color or subtype."""
    def one(word: str) -> str | None:
        m = re.fullmatch(r"non-(\w+)", word, re.IGNORECASE)
        if m and m.group(1).lower() in SUBTYPES:
            return f"non-{m.group(1).lower()}"
        return filter_word(word)

    def words(text: str) -> list[str] | None:
        out = [one(w) for w in text.split()]
        return None if not out or None in out else out   # type: ignore[return-value]

    phrase = phrase.strip()
    if not phrase:
        return {}
    alternatives = [a for a in re.split(r",? or |, ", phrase) if a]
    if len(alternatives) == 1:
        f = words(phrase)
        return {"filter": f} if f else None
    # "basic Forest, Island, or Mountain": the words before the first alternative's last word
    # hold for all of them ("basic").
    first = alternatives[0].split()
    shared, alternatives[0] = first[:-1], first[-1]
    out = []
    for a in alternatives:
        f = words(" ".join([*shared, a]))
        if f is None:
            return None
        out.append(f)
    return {"any_of": out}


def _one_you_control(m: re.Match, read: EffectRead) -> list[dict] | None:
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    return [{"move": {"what": "one", "filter": kind["filter"], "controller": "you", "to": "hand"}}]


def _unless(key: str):
    def build(m: re.Match, read: EffectRead) -> list[dict] | None:
        untapped, phrase = re.fullmatch(r"(untapped )?(.*)", m.group(1), re.IGNORECASE).groups()
        kind = kind_words(phrase)
        if not kind or "filter" not in kind:
            return None
        return [{"sacrifice": {"what": "self", key: kind["filter"], **({"unless_untapped": True} if untapped else {})}}]
    return build


def _search(m: re.Match, read: EffectRead) -> list[dict] | None:
    return _search_of(*m.groups())


def _search_of(may, count, kind, where) -> list[dict] | None:
    quality = kind_words(kind or "")
    if quality is None:
        return None
    action: dict = {**quality}
    if count.lower().startswith("up to "):
        n = number(count[len("up to "):])
        if not quality:
            return None             # "up to N cards" with no quality is not read here
        action["count"] = n
    if where.startswith("onto the battlefield"):
        action["to"] = "battlefield"
        if where.endswith("tapped"):
            action["tapped"] = True
    else:
        action["to"] = "hand" if where == "into your hand" else "graveyard"
    action["shuffle"] = True
    if may:
        action["may"] = True
    if action.get("count") == 1:
        del action["count"]
    return [{"search": action}]


SEARCH = (r"(you may )?search your library for (a|an|up to (?:one|two|three|four|five)) ([A-Za-z ,-]+? )?cards?, "
          r"(?:reveal (?:it|that card|them|those cards), )?put (?:it|that card|them|those cards) "
          r"(onto the battlefield(?: tapped)?|into your hand|into your graveyard), then shuffle\.")


# (pattern over one sentence, with self references as ~, what it does)
SENTENCES: tuple[tuple[re.Pattern, object], ...] = tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (rf"you gain {N} life\.", lambda m, r: [{"gain_life": {"amount": number(m.group(1))}}]),
    (rf"you lose {N} life\.", lambda m, r: [{"lose_life": {"amount": number(m.group(1))}}]),
    (rf"each opponent loses {N} life\.", lambda m, r: [{"lose_life": {"who": "each_opponent", "amount": number(m.group(1))}}]),
    (r"draw a card\.", lambda m, r: [{"draw": {"count": 1}}]),
    (rf"draw {N} cards\.", lambda m, r: [{"draw": {"count": number(m.group(1))}}]),
    (r"you may draw a card\.", lambda m, r: [{"draw": {"count": 1, "may": True}}]),
    (r"you get ((?:\{E\})+)\.?", lambda m, r: [{"get_energy": {"amount": m.group(1).count("{E}")}}]),
    (rf"(?:~|it) deals {N} damage to (any target|each opponent|you|target [a-z ]+?|each [a-z ]+?)\.", _damage),
    (r"untap target ([a-z ]+?)\.", _on_target("untap", {"what": "target"})),
    (r"tap target ([a-z ]+?)\.", _on_target("tap", {"what": "target"})),
    (r"return target ([a-z ]+?) to its owner's hand\.", _on_target("move", {"what": "target", "to": "hand"})),
    (r"exile target ([a-z ]+?)\.", _on_target("move", {"what": "target", "to": "exile"})),
    (rf"put {N} ([+-]\d+/[+-]\d+|[a-z]+) counters? on ({SELF_WORDS}|each creature you control|target [a-z ]+?)\.", _counters),
    (rf"create {N} ({'|'.join(PREDEFINED_TOKENS)}) tokens?\.", _tokens),
    # "create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add
    # {C}."" (the quoted ability joined to the sentence by sentences_of_effect)
    (TOKEN_DEFINITION, _creature_tokens),
    (rf"sacrifice {SELF_WORDS}\.", lambda m, r: [{"sacrifice": {"what": "self"}}]),
    (rf"untap {SELF_WORDS}\.", lambda m, r: [{"untap": {"what": "self"}}]),
    *KEYWORD_ACTIONS,
    # "Scry 1." (701.22a), "Surveil 2." (701.25a), "Scry 2, then draw a card." (608.2c: in order)
    (r"scry (\d+)\.", lambda m, r: [{"scry": {"count": int(m.group(1))}}]),
    (r"surveil (\d+)\.", lambda m, r: [{"surveil": {"count": int(m.group(1))}}]),
    (rf"(scry|surveil) (\d+), then draw (a card|{N} cards)\.",
     lambda m, r: [{m.group(1).lower(): {"count": int(m.group(2))}},
                   {"draw": {"count": 1 if m.group(3) == "a card" else number(m.group(4))}}]),
    # the bounce lands: "return a land you control to its owner's hand" (a choice, not a target)
    (r"return an? ([A-Za-z -]+?) you control to its owner's hand\.", _one_you_control),
    # 118.12a: "sacrifice ~ unless you return a non-Lair land you control to its owner's hand",
    # "... unless you pay {1}", "... unless you sacrifice a land"
    (rf"sacrifice {SELF_WORDS} unless you return an? ([A-Za-z -]+?) you control to its owner's hand\.",
     _unless("unless_return")),
    (rf"sacrifice {SELF_WORDS} unless you sacrifice an? ([A-Za-z -]+?)\.", _unless("unless_sacrifice")),
    (rf"sacrifice {SELF_WORDS} unless you pay ((?:\{{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG]|2/[WUBRG])\}})+)\.",
     lambda m, r: [{"sacrifice": {"what": "self", "unless_pay": m.group(1)}}]),
    # "Search your library for a basic land card, put it onto the battlefield tapped, then
    # shuffle." (701.23a, 701.24a; revealing it, 701.20a, changes nothing here)
    (SEARCH, _search),
))


def sentences(text: str) -> list[str]:
    """The sentences of an effect (each ends with a period; a quoted ability is not split)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == '"':
            depth ^= 1
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def sentences_of_effect(text: str) -> list[str]:
    """Its sentences, a token's "It has ..." / "They have ..." joined to the creation before it."""
    out: list[str] = []
    for s in sentences(text):
        if out and re.match(r"(It has|They have) \"", s) and re.search(r"\btokens?\.$", out[-1]):
            out[-1] = out[-1] + " " + s
        else:
            out.append(s)
    return out


def read_effect(text: str, creates: bool = False, type_line: str = "",
                sacrifice_cost: bool = False, refers_creature: bool = False, x_cost: bool = False) -> EffectRead | None:
    """The effect's actions in the order written (608.2c), or None if any sentence is beyond the
    templates here. `text` has its self references written ~ (compiler/lines.py). With
    `creates`, the caller also takes a continuous effect the effect creates (`read.creates`,
    611.2: "until end of turn"); an effect that both creates one and takes actions is not read
    here (the vocabulary creates its effect before the actions, whatever the order written).
    `type_line` is the card's: a `becomes` that names creature types is read only on a card with
    none (205.1b: "[creature type] artifact creature" replaces them, the vocabulary adds).
    `sacrifice_cost`: the activation cost sacrifices a permanent, which "the sacrificed creature"
    names (608.2h); otherwise such a sentence is not read (a spell's additional cost is not kept)."""
    read = EffectRead(sacrifice_cost=sacrifice_cost, refers_creature=refers_creature, x_cost=x_cost)
    for sentence in sentences_of_effect(text):
        for pattern, build in SENTENCES:
            m = pattern.fullmatch(sentence)
            if m:
                before = read.target
                actions = build(m, read)
                if actions is None or (before is not None and read.target is not before):
                    return None         # one instance of "target" per effect read here
                read.does.extend(actions)
                break
        else:
            return None
    if read.dig is not None or read.exiled_top:
        return None                     # (a look whose cards the effect leaves unsaid: not read)
    if read.creates is not None:
        becomes = read.creates.get("becomes")
        # (the one effect on actions read here: a grant to the tokens the actions create, 611.2c,
        # applied after them: asp/effects.lp's affects_created)
        to_created = read.creates.get("grant", {}).get("to") == "created_token"
        # (and a control-changing effect on each object its actions name: "Each player gains
        # control of all creatures they own", 613.1b: the gains are the actions, compiler/land_lines.py)
        to_each = read.creates.get("control") == "each"
        # (and "Target ... becomes a God ... Put a +1/+1 counter on it.": the effect first, as
        # written; compiler/land_lines.py reads "it" only after it)
        to_each = to_each or (becomes is not None and becomes.get("to") == "target"
                              and all(a.get("counters", {}).get("what") == "target" for a in read.does))
        actions_beside = read.does and not (_prevention_only(read) or to_created or _untaps_its_target(read) or to_each
                                            or _beside_its_targets(read) or _untaps_then_if(read)
                                            or _counters_then_may_become(read))
        if not creates or actions_beside or (becomes is not None and becomes.pop("retains") is not True
                                             and not read.still):
            return None                 # 205.1a: without "still a land" the types would be replaced
        if becomes is not None and "subtypes" in becomes and _has_creature_types(type_line):
            return None
        return read
    return read if read.does else None


# -- continuous effects "until end of turn" (611.2a), the vocabulary's `creates:` --------------
# "~ becomes a 3/4 green and white Elemental creature with reach until end of turn. It's still a
# land." (Celestial Colonnade), "~ becomes a 2/2 white and blue Bird artifact creature with flying
# until end of turn." (Azorius Keyrune), "Target creature gets +2/+2 until end of turn.", "Target
# creature gains haste until end of turn.", "Creatures you control get +1/+1 until end of turn."
COLOR_LIST = r"(?:white|blue|black|red|green)(?:(?:,| and|, and) (?:white|blue|black|red|green))*"


def _has_creature_types(type_line: str) -> bool:
    from .subtypes import CREATURE_TYPES
    return any(w in CREATURE_TYPES for w in type_line.lower().partition("—")[2].split())


def _keywords(words: str | None) -> tuple[list[str], str] | None:
    """"flying and vigilance", "first strike", "vigilance and all creature types": the keywords
    (CR 702) and the words kept beside them ("all creature types"), or None for anything else (a
    quoted ability, ward {3})."""
    from ..cards import KEYWORDS
    if not words:
        return [], ""
    out, kept = [], ""
    for w in re.split(r",? and |, ", words):
        w = w.strip().lower()
        if w == "all creature types":
            kept = "with all creature types"
        elif w in KEYWORDS and not w.startswith(("enchant", "protection from chosen")):
            out.append(w)
        else:
            return None
    return out, kept


def _created(read: EffectRead, effect: dict) -> list[dict] | None:
    if read.creates is not None:
        return None                     # one continuous effect per ability here
    read.creates = {**effect, "duration": "end_of_turn"}
    return []


def _becomes(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"[Until end of turn, ]~ becomes a P/T [colors] [Subtypes] [artifact ]creature [with
    keywords][ until end of turn]." (exactly one "until end of turn")."""
    first, power, toughness, colors, subtypes, artifact, keywords, last, still = m.groups()
    if bool(first) == bool(last):
        return None
    # (after a quoted ability the sentences are not split: "... on it." It's still a land.")
    read.still = read.still or bool(still)
    from .subtypes import CREATURE_TYPES
    names = [w.lower() for w in (subtypes or "").split()]
    if any(n not in CREATURE_TYPES for n in names):
        return None
    quoted = None
    if keywords and keywords.startswith('"'):
        # 'with "Whenever this creature attacks, put a +1/+1 counter on it."' (Raging Ravine)
        quoted, keywords = _quoted_ability(keywords[1:-1], read), None
        if quoted is None:
            return None
    kw = _keywords(keywords)
    if kw is None:
        return None
    becomes: dict = {"to": "self", "types": ["artifact", "creature"] if artifact else ["creature"],
                     # 205.1b: "[creature types] artifact creature" keeps the prior types (and the
                     # object has no creature types to replace: read only on ~, a noncreature)
                     "retains": bool(artifact)}
    if names:
        becomes["subtypes"] = names
    if colors:
        becomes["colors"] = [c.strip() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", colors) if c.strip()]
    effect: dict = {"becomes": becomes, "pt": {"set": f"{power}/{toughness}", "to": "self"}}
    if kw[0]:
        effect["grant"] = {"to": "self", "ability": {"keywords": kw[0]}}
    if quoted is not None:
        effect["grant"] = {"to": "self", "ability": quoted}
    if kw[1] == "with all creature types":
        becomes["all_creature_types"] = True   # every creature type (205.3m; Mutavault)
    elif kw[1]:
        effect["text"] = kw[1]
    return _created(read, effect)


def _quoted_ability(text: str, read: EffectRead | None = None) -> dict | None:
    """An ability in quotes that an effect gives (113.1, 613.1f), read as a line of its own ("this
    creature" is the object that has it, 201.5), or None unless every part of it is read. The token
    cards it creates go with `read`'s (111.4)."""
    from .lines import Context, compile_line  # (lines.py reads effects through this module)
    # (the effect's words come with self references as ~; in quotes "this creature" is meant)
    ctx = Context(name="\0", type_line="Creature")
    text = text.replace("~", "this creature")
    if re.search(r"\w$", text):
        text += "."                     # ("{B}: Regenerate this creature", Spawning Pool: the same ability)
    entry, result = compile_line(1, text, ctx)
    if result.status != "compiled" or "text" in entry:
        return None
    if read is not None:
        read.tokens.extend(ctx.tokens)
    if {"prevent_next"} & set(entry.get("activated", {}).get("creates", {})):
        return None                     # (a granted ability's prevention shield: cards.py refuses it)
    entry.pop("line")
    return entry


def _still(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"It's still a land." after a `becomes` on a land (205.1b): its prior types stay."""
    if read.creates is None or "becomes" not in read.creates:
        return None
    read.still = True
    return []


def _affected(who: str, read: EffectRead) -> str | dict | None:
    """What a pump names: "~", "target [creature]" (its target), "creatures you control", "other
    creatures you control", "attacking creatures", "all creatures" (those it names as it
    resolves, 611.2c)."""
    if re.fullmatch(SELF_WORDS, who):
        return "self"
    if who.lower().startswith("target "):
        t = read_target(who[len("target "):])
        if t is None or t[0] in ("player", "opponent"):
            return None
        read.target, read.targets = t[0], [t[1]]
        return "target"
    if who.lower() == "attacking creatures":
        return "attacking_creatures"
    if who.lower() == "that creature" and read.refers_creature:
        return "it"                     # the creature its trigger refers to (exalted, 702.83a)
    if who.lower() == "all creatures":
        return {"filter": ["creature"]}
    m = re.fullmatch(r"(other )?creatures you control", who, re.IGNORECASE)
    if m:
        return {"filter": ["creature"], "controller": "you", **({"other": True} if m.group(1) else {})}
    # "Elementals you control get +1/+0" (Chandra, Novice Pyromancer): of that creature type (205.3m)
    m = re.fullmatch(r"([Oo]ther )?([A-Z][a-z]+) you control", who)
    if m:
        from .subtypes import CREATURE_TYPES
        word = filter_word(m.group(2))
        if word is None or word not in CREATURE_TYPES or word == m.group(2).lower():
            return None                 # (a plural creature type only)
        return {"filter": [word], "controller": "you", **({"other": True} if m.group(1) else {})}
    return None


def _pump(groups: tuple, read: EffectRead) -> list[dict] | None:
    """"[Until end of turn, ]X get(s) +N/+N[ and gain(s) K] [until end of turn]", "X gain(s) K
    until end of turn" (613.4c, layer 7c; 613.1f, layer 6): groups (first, who, P/T, keywords,
    last)."""
    first, who, pt, keywords, last = groups
    if bool(first) == bool(last) or not (pt or keywords):
        return None
    to = _affected(who, read)
    if to is None:
        return None
    effect: dict = {}
    if pt:
        effect["pt"] = {"modify": pt, "to": to}
    if keywords:
        kw = _keywords(keywords)
        if kw is None or not kw[0] or kw[1]:
            return None
        effect["grant"] = {"to": to, "ability": {"keywords": kw[0]}}
    return _created(read, effect)


WHO = rf"({SELF_WORDS}|[Tt]hat creature|[Tt]arget [A-Za-z' -]+?|(?:[Oo]ther )?[Cc]reatures you control|(?:[Oo]ther )?[A-Z][a-z]+s you control|[Aa]ttacking creatures|[Aa]ll creatures)"
SENTENCES = SENTENCES + tuple((re.compile(p), f) for p, f in (
    ((rf"(Until end of turn, )?{SELF_WORDS} becomes an? (\d+)/(\d+) (?:({COLOR_LIST}) )?"
      r"((?:[A-Z][A-Za-z'-]+ )*)(artifact )?creature(?: with ([a-z ,]+?|\"[^\"]+\"))?( until end of turn)?(?:\.|(?<=\.\"))( It's still a land\.)?"), _becomes),
    (r"It's still a land\.", _still),
    (rf"(Until end of turn, )?{WHO} gets? ([+-]\d+/[+-]\d+)(?: and gains? ([a-z ,]+?))?( until end of turn)?\.",
     lambda m, r: _pump(m.groups(), r)),
    (rf"(Until end of turn, )?{WHO} gains? ([a-z ,]+?)( until end of turn)?\.",
     lambda m, r: _pump((m.group(1), m.group(2), None, m.group(3), m.group(4)), r)),
    (r"([Tt]arget [A-Za-z0-9' -]+?) can't (be blocked|block) this turn\.", lambda m, r: _cant_this_turn(m, r)),
))


# CR 608.2h: "You gain life equal to the sacrificed creature's toughness" (Diamond Valley): the
# creature sacrificed to pay the cost, as it last existed (the card checks the cost sacrifices one).
SENTENCES = SENTENCES + ((re.compile(r"You gain life equal to the sacrificed creature's (toughness|power)\."),
                          lambda m, r: [{"gain_life": {"amount": f"sacrificed_{m.group(1)}"}}]
                          if r.sacrifice_cost else None),)


def _cant_this_turn(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target creature can't be blocked this turn" (Rogue's Passage), "... can't block this turn"
    (509.1b: a restriction on its target until end of turn, 611.2a, 514.2)."""
    if _affected(m.group(1), read) != "target":
        return None
    what = "be_blocked" if m.group(2) == "be blocked" else "block"
    return _created(read, {"restrict": {"what": [what], "to": "target"}})


# -- the long tail on lands (issue 13): cards in a graveyard, returning ~, a player's sacrifice,
# life for each, drawing then discarding N --------------------------------------------------------
# "Return target artifact card from your graveyard to your hand" (Buried Ruin), "... to the
# battlefield" (Atzal, Cave of Eternity; 110.2: under its controller's control), "Put target
# creature card from your graveyard on top of your library" (Volrath's Stronghold), "you may put
# ..." (Mortuary Mire): a target card in a graveyard, matched by what it prints (109.2).
GRAVEYARD_TO = {"to your hand": "hand", "to the battlefield": "battlefield", "on top of your library": "library_top"}


def _graveyard_card(m: re.Match, read: EffectRead) -> list[dict] | None:
    may, kind, where = m.groups()
    kind = (kind or "").strip()
    # "target Dragon creature card or Ugin planeswalker card" (Haven of the Spirit Dragon): each
    # kind whole (115.1: a card of any of them); "instant or sorcery card": kind_words' any_of
    kinds = [kind_words(k) for k in kind.split(" card or ")]
    if None in kinds or (len(kinds) > 1 and any("filter" not in k for k in kinds)):
        return None
    words = kinds[0] if len(kinds) == 1 else {"any_of": [k["filter"] for k in kinds]}
    if not words.get("filter", words.get("any_of")):
        return None                     # "target card": no filter word in the vocabulary here
    read.target = {**words, "zone": "graveyard", "owner": "you"}
    read.targets = [f"target {kind + ' ' if kind else ''}card from your graveyard"]
    action: dict = {"what": "target", "to": GRAVEYARD_TO[where.lower()]}
    if may:
        action["may"] = True
    return [{"move": action}]


def _subtype_target(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return target Wizard you control to its owner's hand" (Riptide Laboratory): a permanent
    of that subtype (205.3)."""
    kind, who = m.groups()
    if kind.lower() not in SUBTYPES:
        return None
    read.target = {"filter": [kind.lower()], **({"controller": "you"} if who else {})}
    read.targets = [f"target {kind}{' you control' if who else ''}"]
    return [{"move": {"what": "target", "to": "hand"}}]


def _opponent_sacrifices(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target opponent sacrifices a creature" (Blighted Fen): they choose one they control as it
    resolves (701.21a, 608.2d)."""
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    read.target, read.targets = "opponent", ["target opponent"]
    return [{"sacrifice": {"what": "one", "who": "target", "filter": kind["filter"]}}]


def _life_for_each(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You gain 2 life for each creature you control" (Blighted Steppe), "... for each Locus on
    the battlefield" (Glimmerpost): counted as it resolves (608.2h)."""
    amount, phrase, where = number(m.group(1)), m.group(2), m.group(3)
    kind = kind_words(phrase)
    if not kind or "filter" not in kind:
        return None
    action: dict = {"amount": amount, "for_each": kind["filter"]}
    if where == "you control":
        action["controller"] = "you"
    return [{"gain_life": action}]


def _draw_discard_n(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Draw two cards, then discard three cards", "Target player draws three cards, then discards
    three cards" (Cephalid Coliseum): the discarded cards are the player's choice (701.9a)."""
    who, drawn, discarded = m.groups()
    draw: dict = {"count": 1 if drawn.lower() == "a card" else number(drawn.split()[0])}
    discard: dict = {"what": "card_from_hand", "to": "graveyard"}
    n = 1 if discarded.lower() == "a card" else number(discarded.split()[0])
    if n != 1:
        discard["count"] = n
    if who and who.lower().startswith("target"):
        read.target, read.targets = "player", ["target player"]
        draw["who"], discard["whose"] = "target", "target"
    elif who:                           # "Each player draws a card, then discards a card"
        draw["who"], discard["whose"] = "each_player", "each_player"
    return [{"draw": draw}, {"move": discard}]


def _you_sacrifice(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Sacrifice two lands" (Lotus Field), "sacrifice a land" (Glacial Chasm): its controller
    chooses that many permanents of theirs as it resolves (701.21a)."""
    count, phrase = number(m.group(1)), m.group(2)
    if count > 1:
        if not phrase.endswith("s"):
            return None
        phrase = phrase[:-1]
    kind = kind_words(phrase)
    if not kind or "filter" not in kind:
        return None
    return [{"sacrifice": {"what": "one", "filter": kind["filter"], **({"count": count} if count > 1 else {})}}]


def _exile_graveyard(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Exile target player's graveyard" (Bojuka Bog): every card in it (404.1)."""
    read.target, read.targets = "player", ["target player"]
    return [{"move": {"what": "graveyard", "whose": "target", "to": "exile"}}]


def _that_player_discards(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"It deals 3 damage to target player. That player discards a card." (Immersturm
    Skullcairn): "that player" is the target named before (without one it is the trigger's
    player, not read here)."""
    if read.target != "player":
        return None
    action: dict = {"what": "card_from_hand", "to": "graveyard", "whose": "target"}
    if m.group(1).lower() == "two cards":
        action["count"] = 2
    return [{"move": action}]


CARDS_WORDS = rf"(a card|(?:{N[1:-1]}) cards)"
SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    ((r"(you may )?(?:return|put) target ([A-Za-z -]+? )?card from your graveyard "
      r"(to your hand|to the battlefield|on top of your library)\."), _graveyard_card),
    (rf"return {SELF_WORDS} to its owner's hand\.", lambda m, r: [{"move": {"what": "self", "to": "hand"}}]),
    (r"target opponent sacrifices an? ([A-Za-z -]+?)\.", _opponent_sacrifices),
    (rf"you gain {N} life for each ([A-Za-z -]+?) (you control|on the battlefield)\.", _life_for_each),
    (r"each opponent gains (\d+|a|an|one|two|three) life\.",
     lambda m, r: [{"gain_life": {"who": "each_opponent", "amount": number(m.group(1))}}]),
    (rf"(target player |each player )?draws? {CARDS_WORDS}, then discards? {CARDS_WORDS}\.", _draw_discard_n),
    (r"each player draws a card\.", lambda m, r: [{"draw": {"count": 1, "who": "each_player"}}]),
    (rf"you gain {N} life and draw (a card|{N} cards)\.",
     lambda m, r: [{"gain_life": {"amount": number(m.group(1))}},
                   {"draw": {"count": 1 if m.group(2).lower() == "a card" else number(m.group(3))}}]),
    (r"exile target player's graveyard\.", _exile_graveyard),
    (r"that player discards (a card|two cards)\.", _that_player_discards),
    (r"shuffle your library\.", lambda m, r: [{"shuffle": {}}]),
    (r"proliferate\.", lambda m, r: [{"proliferate": {}}]),
    (r"put your commander into your hand from the command zone\.",
     lambda m, r: [{"move": {"what": "commander", "to": "hand"}}]),
    (rf"look at the top {N} cards of your library, then put them back in any order\.",
     lambda m, r: [{"reorder_top": {"count": number(m.group(1))}}]),
    (r"draw a card, then you lose life equal to the number of cards in your hand\.",
     lambda m, r: [{"draw": {"count": 1}}, {"lose_life": {"amount": "cards_in_hand"}}]),
    (r"sacrifice (a|an|two|three) ([a-z -]+?)\.", _you_sacrifice),
))
# (before "return target [creature] to its owner's hand", whose reading would refuse the subtype;
# case-sensitive: a subtype is capitalized)
SENTENCES = ((re.compile(r"[Rr]eturn target ([A-Z][A-Za-z'-]+)( you control)? to its owner's hand\."), _subtype_target),
             *SENTENCES)


# -- the long tail, second part (issue 13): life drained from a target player (119.3),
# investigate (701.16a), each player's discard (701.9a), every graveyard (404.1) ----------------
def _drain(m: re.Match, read: EffectRead) -> list[dict]:
    """"Target player loses 1 life and you gain 1 life" (Orzhova, the Church of Deals), "Target
    opponent loses 4 life ..." (Blight Keeper), "Target player loses 1 life." (119.3)."""
    who, lost, gained = m.groups()
    read.target, read.targets = who.lower(), [f"target {who.lower()}"]
    out: list[dict] = [{"lose_life": {"who": "target", "amount": number(lost)}}]
    if gained:
        out.append({"gain_life": {"amount": number(gained)}})
    return out


SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (rf"target (player|opponent) loses {N} life(?: and you gain {N} life)?\.", _drain),
    # 701.16a: "Investigate" means "Create a Clue token" (111.10f)
    (r"investigate\.", lambda m, r: [{"create_token": {"card": "Clue"}}]),
    # "Each player discards a card" (Rix Maadi, Dungeon Palace): each chooses one of theirs (701.9a)
    (r"each player discards a card\.",
     lambda m, r: [{"move": {"what": "card_from_hand", "whose": "each_player", "to": "graveyard"}}]),
    # "Exile all graveyards" (Scavenger Grounds): every card in each player's graveyard (404.1)
    (r"exile all graveyards\.", lambda m, r: [{"move": {"what": "graveyard", "whose": "each_player", "to": "exile"}}]),
))


# "Destroy target land. Its controller may search their library for a basic land card, put it
# onto the battlefield, then shuffle." (Ghost Quarter; 608.2h: the target's controller as it last
# existed), "Each player searches their library for a basic land card, puts it onto the
# battlefield, then shuffles." (Field of Ruin): each searches their own library and puts the card
# onto the battlefield under their own control (701.23a, 110.2a).
def _search_by(m: re.Match, read: EffectRead) -> list[dict] | None:
    who, count, kind, where = m.groups()
    if who.lower().startswith("its controller"):
        if not isinstance(read.target, dict) or read.target.get("zone"):
            return None                 # "its": the permanent targeted by the sentence before
        by = {"who": "target_controller", "may": True}
    else:
        by = {"who": "each_player"}
    actions = _search_of(None, count, kind, where.replace("their", "your"))
    if actions is None:
        return None
    actions[0]["search"].update(by)
    return actions


SENTENCES = SENTENCES + ((re.compile(
    r"(its controller may search|each player searches) their library for (a|an|up to (?:one|two|three)) "
    r"([A-Za-z ,-]+? )?cards?, (?:reveals? (?:it|that card|them|those cards), )?puts? (?:it|that card|them|those cards) "
    r"(onto the battlefield(?: tapped)?|into their hand), then shuffles?\.", re.IGNORECASE), _search_by),)


def _from_hand_onto_battlefield(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may put a land card from your hand onto the battlefield" (Llanowar Scout), "... a basic
    Forest card ... tapped" (Gaea's Touch, Elvish Pioneer): a card of that kind, by what it
    prints (109.2), or none; it enters under its controller's control (110.2a), not played (305.4)."""
    phrase, tapped = m.group(1), m.group(2)
    kind = kind_words(phrase)
    if not kind or "filter" not in kind:
        return None
    action: dict = {"what": "card_from_hand", "filter": kind["filter"], "to": "battlefield", "may": True}
    if tapped:
        action["tapped"] = True
    return [{"move": action}]


SENTENCES = SENTENCES + ((re.compile(
    r"you may put an? ([A-Za-z -]+?) card from your hand onto the battlefield( tapped)?\.", re.IGNORECASE),
    _from_hand_onto_battlefield),)


# "..., put it onto the battlefield tapped, then shuffle and you gain 1 life." (Brokers Hideout's
# reflexive ability): the search, then the life (608.2c: in the order written)
def _search_then_life(m: re.Match, read: EffectRead) -> list[dict] | None:
    search = _search_of(*m.groups()[:4])
    return None if search is None else [*search, {"gain_life": {"amount": number(m.group(5))}}]


assert SEARCH.endswith(r"then shuffle\.")
SENTENCES = SENTENCES + ((re.compile(SEARCH[:-len(r"then shuffle\.")] + rf"then shuffle and you gain {N} life\.",
                                     re.IGNORECASE), _search_then_life),)


def _may_create(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may create a 0/1 colorless Eldrazi Spawn creature token. It has ..." (Awakening Zone):
    the creation is its controller's choice as it resolves (608.2d)."""
    for pattern, build in SENTENCES:
        if build in (_creature_tokens, _tokens):
            inner = pattern.fullmatch(m.group(1))
            if inner:
                actions = build(inner, read)
                if actions is None:
                    return None
                actions[0]["create_token"]["may"] = True
                return actions
    return None


SENTENCES = SENTENCES + ((re.compile(r"you may (create .+)", re.IGNORECASE | re.DOTALL), _may_create),)


# "You may gain 2 life.", "You may put a petal counter on ~.", "You may have ~ deal 2 damage to
# target player or planeswalker.": one action its controller chooses to take or not as it
# resolves (608.2d; `may`, asp/effects.lp's doing/2).
MAY_KINDS = ("gain_life", "counters", "damage")


def _may_action(m: re.Match, read: EffectRead) -> list[dict] | None:
    inner = m.group(1)
    inner = re.sub(r"^have (~|it) deal ", r"\1 deals ", inner)
    inner = re.sub(r"^gain ", "you gain ", inner)
    for pattern, build in SENTENCES:
        found = pattern.fullmatch(inner)
        if found and build is not _may_action:
            actions = build(found, read)
            if actions is None or len(actions) != 1 or next(iter(actions[0])) not in MAY_KINDS:
                return None
            (kind, params), = actions[0].items()
            return [{kind: {**params, "may": True}}]
    return None


SENTENCES = SENTENCES + ((re.compile(r"you may ((?:gain|put|have ~ deal|have it deal) .+)", re.IGNORECASE), _may_action),)


# -- tokens with a quoted ability (CR 111.4, 111.2) --------------------------------------------
# "Create a 1/1 green Elf Druid creature token with "{T}: Add {G}."" (Freyalise, Llanowar's
# Fury): the quoted ability is the token's own, compiled as a line of its card (recursively).
def _creature_token_with(m: re.Match, read: EffectRead) -> list[dict] | None:
    count, pt, colors, subtypes, artifact, has = m.groups()
    card = token_card(pt, colors.lower(), subtypes, bool(artifact), has.replace("~", "this creature"))
    return _create(card, count, read)


# "Create a colorless artifact token named Etherium Cell with "{T}, Sacrifice this artifact: Add one
# mana of any color."" (Tezzeret the Schemer), "... colorless snow artifact token named Icy Manalith
# ..." (Svella): a noncreature token with the name the effect gives it (111.4), colorless (no
# color named, 111.4, 202.2), the types named, and the quoted ability.
def _named_artifact_token(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .core import compile_face
    count, snow, name, has = m.groups()
    type_line = f"{'Snow ' if snow else ''}Artifact"
    compiled = compile_face({"name": name, "type": type_line, "text": has.replace("~", "this artifact")})
    if not compiled.fully_compiled:
        return None
    read.tokens.append(dict(compiled.card))
    action: dict = {"card": name}
    if number(count) != 1:
        action["count"] = number(count)
    return [{"create_token": action}]


SENTENCES = SENTENCES + (
    (re.compile(rf"create {N} (\d+/\d+) ((?:colorless|white|blue|black|red|green)(?:(?:,| and|, and) "
                r"(?:white|blue|black|red|green))*) ((?!artifact )[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?: (?!artifact )"
                r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?)*) (artifact )?creature tokens? with \"([^\"]+)\"\.?", re.IGNORECASE),
     _creature_token_with),
    (re.compile(rf"create {N} colorless (snow )?artifact tokens? named ((?:[A-Z][a-z']+ ?)+?) with \"([^\"]+)\"\.?",
                re.IGNORECASE), _named_artifact_token),
)


# -- prevention effects on a target (CR 615) ---------------------------------------------------
# "Prevent all combat damage that would be dealt by target attacking creature this turn." (Kor
# Haven), "Untap target attacking creature. Prevent all combat damage that would be dealt to and
# dealt by that creature this turn." (Maze of Ith): an effect until end of turn (514.2) on its
# target, fixed as it resolves (611.2c); "that creature" is the target the effect named before.
PREVENT_COMBAT = {"to": ["combat_damage_to_target"], "by": ["combat_damage_by_target"],
                  "to and dealt by": ["combat_damage_to_target", "combat_damage_by_target"]}


def _prevent_combat(m: re.Match, read: EffectRead) -> list[dict] | None:
    dealt, who = m.group(1), m.group(2)
    if who == "that creature":
        if not isinstance(read.target, dict) or "creature" not in read.target.get("filter", []):
            return None
    elif _affected(who, read) != "target":
        return None
    prevent = PREVENT_COMBAT[dealt]
    return _created(read, {"prevent": prevent if len(prevent) > 1 else prevent[0]})


def _beside_its_targets(read: EffectRead) -> bool:
    """(compiler/lands8_tail.py: a pump or grant on its targets beside counters on them or tokens)"""
    from .lands8_tail import beside_its_targets
    from .misc11_sentences import beside_each
    return beside_its_targets(read) or beside_each(read)


def _counters_then_may_become(read: EffectRead) -> bool:
    """(compiler/act10_tail.py: "Put two +1/+1 counters on ~. Then you may have it become a 0/0 ...")"""
    from .act10_tail import counters_then_may_become
    return counters_then_may_become(read)


def _untaps_then_if(read: EffectRead) -> bool:
    """(compiler/lands9_tail.py: "Untap target Griffin. If it's a creature, it gets +1/+1 ...")"""
    from .lands9_tail import untaps_then_if_target
    return untaps_then_if_target(read)


def _untaps_its_target(read: EffectRead) -> bool:
    """"Gain control of target creature until end of turn. Untap that creature." (Act of Treason's
    words, compiler/act_tail.py): the vocabulary creates the effect first (611.2c), which is the
    same here: who controls the target does not change how it untaps (701.26b)."""
    return "control" in (read.creates or {}) and read.does == [{"untap": {"what": "target"}}]


def _prevention_only(read: EffectRead) -> bool:
    """An effect that creates a prevention effect and also takes actions (Maze of Ith's untap):
    the vocabulary creates the effect first (611.2c), which is the same here, since none of the
    actions read with it deals damage (615.6: it applies to damage dealt after it exists)."""
    return set(read.creates or {}) == {"prevent", "duration"} and not any("damage" in a for a in read.does)


SENTENCES = SENTENCES + ((re.compile(r"Prevent all combat damage that would be dealt (to and dealt by|to|by) "
                                     r"(that creature|target [a-z ]+?) this turn\."), _prevent_combat),)


# -- regeneration (CR 701.19a) -----------------------------------------------------------------
# "Regenerate target creature." (Yavimaya Hollow), "Regenerate target Elephant." (Elephant
# Graveyard), "Regenerate ~." (Birthing Hulk): a shield on its target or its source until it is
# used or the turn ends (asp/regeneration.lp).
def _regenerate(m: re.Match, read: EffectRead) -> list[dict] | None:
    to = _affected(m.group(1), read)
    if to not in ("self", "target"):
        return None
    return _created(read, {"regenerate": to})


SENTENCES = SENTENCES + ((re.compile(rf"Regenerate ({SELF_WORDS}|target [A-Za-z' -]+?)\."), _regenerate),)


# -- coin flips (CR 705) -----------------------------------------------------------------------
# "At the beginning of your upkeep, flip a coin. If you lose the flip, Mana Crypt deals 3 damage
# to you." (Mana Crypt): the flip, then an action carried out on one result only.
def _if_flip(m: re.Match, read: EffectRead) -> list[dict] | None:
    if not any("flip_coin" in a for a in read.does):
        return None
    inner = m.group(2)
    for pattern, build in SENTENCES:
        if build is _if_flip:
            continue
        found = pattern.fullmatch(inner[0].upper() + inner[1:])
        if found:
            actions = build(found, read)
            if not actions or len(actions) != 1:
                return None
            (kind, params), = actions[0].items()
            return [{kind: {**params, "if_flip": "won" if m.group(1) == "win" else "lost"}}]
    return None


SENTENCES = SENTENCES + ((re.compile(r"Flip a coin\.", re.IGNORECASE), lambda m, r: [{"flip_coin": {}}]),
                         (re.compile(r"If you (win|lose) the flip, (.+\.)"), _if_flip))


# -- prevention shields (CR 615.7) -------------------------------------------------------------
# "Prevent the next 1 damage that would be dealt to target creature this turn." (Oasis), "...
# to target legendary creature ..." (Eiganjo Castle), "... to ~ this turn": a shield on a
# permanent (asp/prevention.lp); "any target" or "you" (a player) is not read here.
def _prevent_next(m: re.Match, read: EffectRead) -> list[dict] | None:
    to = _affected(m.group(2), read)
    if to not in ("self", "target") or (to == "target" and not isinstance(read.target, dict)):
        return None
    return _created(read, {"prevent_next": {"amount": number(m.group(1)), "to": to}})


SENTENCES = SENTENCES + ((re.compile(rf"Prevent the next {N} damage that would be dealt to ({SELF_WORDS}|target "
                                     r"[A-Za-z' -]+?) this turn\."), _prevent_next),)


def _prevent_next_any(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Prevent the next 1 damage that would be dealt to any target this turn." (Necra Disciple, 615.7):
    a shield on the creature, player, planeswalker or battle it targets (115.4)."""
    read.target, read.targets = "any", ["any target"]
    return _created(read, {"prevent_next": {"amount": number(m.group(1)), "to": "target"}})


SENTENCES = SENTENCES + ((re.compile(rf"Prevent the next {N} damage that would be dealt to any target this turn\."),
                          _prevent_next_any),)


# -- the long tail on lands, round 4 (compiler/land_tail.py): combat, two targets, any graveyard
# card, life lost for the sacrificed creature, an indefinite becomes, flash for spells -----------
# (first: a broader sentence above would match their words and refuse them)
from .land_tail import SENTENCES as _LAND_TAIL  # (after the helpers it reads from here)
from .land_tail import target_more as _target_more

SENTENCES = _LAND_TAIL + SENTENCES

# -- the activated abilities of the non-Land cards that add mana (compiler/act_tail.py): "Then",
# a card in any graveyard, damage equal to its power, more wordings of becomes ----------------
from .act_tail import SENTENCES as _ACT_TAIL  # (after the helpers it reads from here)

SENTENCES = _ACT_TAIL + SENTENCES

# -- Land cards' activated abilities that move cards or make objects (compiler/land_moves.py):
# a milled card to the battlefield, a graveyard card on top, searches of two kinds, any number,
# sharing a land type, a named creature token --------------------------------------------------
from .land_moves import SENTENCES as _LAND_MOVES

SENTENCES = _LAND_MOVES + SENTENCES

# -- the long tail on lands, landB's part (compiler/land_lines.py) ------------------------------
from .land_lines import SENTENCES as _LAND_LINES

SENTENCES = _LAND_LINES + SENTENCES

# -- the long tail on lands, lands8's part (compiler/lands8_tail.py): a token another player
# creates, a poison counter, a target kept tapped, "you may ... If you do, ..." ------------------
from .lands8_tail import LATE_SENTENCES as _LANDS8_LATE
from .lands8_tail import SENTENCES as _LANDS8

SENTENCES = _LANDS8 + SENTENCES + _LANDS8_LATE

# -- the long tail on lands, lands9's part (compiler/lands9_tail.py): X in an activated ability's
# effect (107.3k) --------------------------------------------------------------------------------
from .lands9_tail import SENTENCES as _LANDS9

SENTENCES = _LANDS9 + SENTENCES

# -- the non-Land mana cards' last tail (compiler/manaln_sentences.py): a card exiled from a target
# player's graveyard by that player, "You create ..." ---------------------------------------------
from .manaln_sentences import SENTENCES as _MANALN

SENTENCES = _MANALN + SENTENCES

# -- the triggered abilities of the pool's mana cards, trig10's part (compiler/trig_tail.py): "You
# may pay {4}.", "Discard a card." after another instruction, a looked-at card into the graveyard -
from .trig_tail import SENTENCES as _TRIG10

SENTENCES = _TRIG10 + SENTENCES

# -- the activated abilities of the cards with a mana line, act10's part (compiler/act10_tail.py): a
# target player's discard, a draw for each permanent or color, a look keeping a card of a subtype --
from .act10_tail import SENTENCES as _ACT10

SENTENCES = _ACT10 + SENTENCES

# -- transforming double-faced permanents (compiler/dfc_tail.py): "Transform ~." (701.27a) ----------
from .dfc_tail import SENTENCES as _DFC

SENTENCES = _DFC + SENTENCES
# -- abilities lost until end of turn, abil's part (compiler/abil_tail.py): "Target creature loses
# all landwalk abilities until end of turn", "... lose hexproof and shroud and can't have ..." ------
from .abil_tail import SENTENCES as _ABIL

SENTENCES = _ABIL + SENTENCES

# -- issue 13's eleventh round (compiler/misc11_sentences.py): damage to each creature without a
# keyword, "If you do, ..." after a sacrifice of one permanent ----------------------------------
from .misc11_sentences import SENTENCES as _MISC11

SENTENCES = _MISC11 + SENTENCES

# -- the misc12 tail (compiler/misc12_tail.py): an action only if its source has N counters ------
from .misc12_tail import SENTENCES as _MISC12

SENTENCES = _MISC12 + SENTENCES
# -- the mana cards' leftovers, misc13's part (compiler/misc13_tail.py): "Then if there are three or
# more soul counters on it, remove those counters, transform it, then untap it." (608.2c) ----------
from .misc13_tail import SENTENCES as _MISC13

SENTENCES = _MISC13 + SENTENCES
