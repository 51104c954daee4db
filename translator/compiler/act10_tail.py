"""The activated abilities of the pool's cards with a mana line, act10's part (issue 13): a target
player's discard, a draw for each permanent of a kind or for each color among permanents (608.2h),
a look at the top cards that keeps a card of a subtype (401.4), and two lines of their own: "~ can be
your commander." (903.3a) and "You may spend mana as though it were mana of any color." (609.4b).

SENTENCES are (pattern, builder) as in compiler/effects.py's, which tries them before its own (as
the other tails'); a builder gives the actions, or None (not read). The line templates are
registered in compiler/lines.py.
"""

from __future__ import annotations

import re

from .words import kind_filter


def _target_player_discards(m: re.Match, read) -> list[dict] | None:
    """"Target player discards a card." (Everythingamajig): the player it targets chooses a card of
    their hand and puts it into their graveyard (701.9a), none if the hand is empty."""
    read.target, read.targets = m.group(1), [f"target {m.group(1)}"]
    return [{"move": {"what": "card_from_hand", "whose": "target", "to": "graveyard"}}]


def _draw_for_each(m: re.Match, read) -> list[dict] | None:
    """"Draw a card for each green creature you control." (Freyalise, Llanowar's Fury): one card for
    each permanent of that kind its controller controls, counted as it resolves (608.2h), as the
    life of "You gain 2 life for each creature you control" is counted."""
    f = kind_filter(m.group(1))
    if f is None:
        return None
    return [{"draw": {"count": 1, "for_each": list(f), "controller": "you"}}]


def _draw_for_each_color(m: re.Match, read) -> list[dict] | None:
    """"Draw a card for each color among permanents you control." (Chromatic Orrery): one card for
    each of the five colors (105.1) that a permanent its controller controls has as it resolves,
    each color once (608.2h; colorless is no color, 105.2c)."""
    return [{"draw": {"count": 1, "colors_among": "you"}}]


def _dig_subtype(m: re.Match, read) -> list[dict] | None:
    """"You may reveal a Dragon card from among them and put it into your hand." (Orb of
    Dragonkind), after "Look at the top seven cards of your library.": the look's card of that
    subtype (a capitalized subtype, 205.3), read as compiler/land_moves.py reads "a noncreature,
    nonland card"."""
    from .subtypes import SUBTYPES
    if read.dig is None or len(read.dig) != 1 or m.group(1).lower() not in SUBTYPES:
        return None
    read.dig["filter"] = [m.group(1).lower()]
    return []


def _dig_onto_battlefield(m: re.Match, read) -> list[dict] | None:
    """"You may put a non-Human creature card from among them onto the battlefield." (Kinnan, Bonder
    Prodigy), after "Look at the top five cards of your library.": at most one card of that kind
    (by what it prints, 109.2), onto the battlefield under its controller's control (110.2);
    `dig` with `to: battlefield`."""
    from .effects import kind_words
    if read.dig is None or len(read.dig) != 1:
        return None
    kind = kind_words(m.group(1))
    if not kind:
        return None
    read.dig.update(kind)
    read.dig["to"] = "battlefield"
    return []


def _dig_rest(m: re.Match, read) -> list[dict] | None:
    """"Put the rest on the bottom of your library in a random order.": the look's last sentence,
    after a card put onto the battlefield (above) as after one put into the hand
    (compiler/land_moves.py's reading, which this one calls for that)."""
    from .land_moves import _dig_rest as rest
    if read.dig is None or read.dig.get("to") != "battlefield":
        return rest(m, read)
    to = read.dig.pop("to")
    actions = rest(m, read)
    if actions is not None:
        actions[0]["dig"]["to"] = to
    return actions


def _untap_with_keyword(m: re.Match, read) -> list[dict] | None:
    """"Untap target attacking creature with shadow." (Maze of Shadows): its target an attacking
    creature (506.4) that has the keyword (702.28), untapped (701.26b); "that creature" in the
    sentence after it (Maze of Ith's prevention) is this target."""
    from ..cards import KEYWORDS
    if m.group(2) not in KEYWORDS or " " in m.group(2):
        return None
    read.target = {"filter": ["creature"], **({"attacking": True} if m.group(1) else {}), "with": m.group(2)}
    read.targets = [f"target {m.group(1) or ''}creature with {m.group(2)}"]
    return [{"untap": {"what": "target"}}]


def _each_who_controls_named_draws(m: re.Match, read) -> list[dict] | None:
    """"Each player who controls a permanent named Bonder's Ornament draws a card." (~ for its name):
    each player who controls a permanent with that name as it resolves draws (201.2, 121.1)."""
    return [{"draw": {"count": 1, "who": "each_player", "if_controls_named": "self"}}]


def _owner_puts_on_top_or_bottom(m: re.Match, read) -> list[dict] | None:
    """"The owner of target nonland permanent puts it on the top or bottom of their library."
    (Moonsnare Prototype): its target into its owner's library (400.3), on top or on the bottom as
    the owner chooses (each an outcome)."""
    from .effects import read_target
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict) or "zone" in t[0]:
        return None
    read.target, read.targets = t[0], [t[1]]
    return [{"move": {"what": "target", "to": "library_top_or_bottom"}}]


def _choose_target(m: re.Match, read) -> list[dict] | None:
    """"Choose target commander that entered the battlefield this turn." (Forge of Heroes): the
    target (a player's commander, 903.3, that came under its controller's control this turn, 110.2)
    for the sentence after it, which acts on "it"."""
    if read.target is not None or read.does:
        return None
    read.target = {"filter": ["permanent", "entered_this_turn"], "commander": True}
    read.targets = ["target commander that entered the battlefield this turn"]
    return []


def _counters_if_its_kind(m: re.Match, read) -> list[dict] | None:
    """"Put a +1/+1 counter on it if it's a creature and a loyalty counter on it if it's a
    planeswalker." (Forge of Heroes, after its target): each counter only if the target is of that
    kind as it resolves (608.2c); a creature planeswalker gets both."""
    if not isinstance(read.target, dict) or read.does:
        return None
    out = []
    for kind, noun in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        f = kind_filter(noun)
        if f is None:
            return None
        out.append({"counters": {"what": "target", "kind": kind, "if_target": list(f)}})
    return out


def _move_counter_onto_another(m: re.Match, read) -> list[dict] | None:
    """"Move a counter from target permanent you control onto another target permanent." (Nesting
    Grounds): two instances of the word "target" (115.1), the second one another object than the
    first (`distinct`); a counter of a kind its controller chooses moves from the first onto the
    second (122.5), as "... onto a second target creature" (Leech Bonder) moves one."""
    from .effects import read_target
    first, second = read_target(m.group(1)), read_target(m.group(2))
    if first is None or second is None or not isinstance(first[0], dict) or not isinstance(second[0], dict) or \
            "zone" in first[0] or "zone" in second[0] or read.target is not None:
        return None
    read.target = [first[0], {**second[0], "distinct": True}]
    read.targets = [first[1], f"another {second[1]}"]
    return [{"move_counter": {"from": "first_target", "to": "second_target"}}]


def _then_may_become(m: re.Match, read) -> list[dict] | None:
    """"Then you may have it become a 0/0 Elemental creature until end of turn." (Crawling Barrens,
    after "Put two +1/+1 counters on ~."): the general becomes on its source (613.1d, 613.4b),
    created only if its controller chooses so as it resolves (`may`, 608.2d)."""
    from .land_tail import _read_becomes
    if read.creates is not None or not _read_becomes(f"~ becomes {m.group(1)} until end of turn.", read):
        return None
    read.creates["may"] = True
    return []


def counters_then_may_become(read) -> bool:
    """A `becomes` on its source its controller may decline, beside counters put on that source
    (Crawling Barrens): read whole, because the order cannot matter: counters are applied after the
    base power and toughness the effect sets (613.4b-c) whichever came first, and the effect changes
    nothing the counters read."""
    creates = read.creates or {}
    return creates.get("may") is True and creates.get("becomes", {}).get("to") == "self" and \
        all(set(a) == {"counters"} and a["counters"].get("what") == "self" for a in read.does)


def _exile_from_defending_graveyard(m: re.Match, read) -> list[dict] | None:
    """"Exile target card from defending player's graveyard." (the attack trigger Hive of the Eye
    Tyrant gives itself): a card the defending player of its source owns (506.2, 109.2)."""
    if read.target is not None:
        return None
    read.target = {"filter": ["card"], "zone": "graveyard", "owner": "defending_player"}
    read.targets = ["target card from defending player's graveyard"]
    return [{"move": {"what": "target", "to": "exile"}}]


def _becomes_with_keywords_and(m: re.Match, read) -> list[dict] | None:
    """"Until end of turn, ~ becomes a 3/3 black Beholder creature with menace and "Whenever this
    creature attacks, ..." It's still a land." (Hive of the Eye Tyrant): the general becomes with
    the keywords, and the quoted ability granted beside them (613.1f; the grant's `keywords`)."""
    from .effects import _keywords, _quoted_ability
    from .land_tail import _read_becomes
    first, what, keywords, quoted, last, still = m.groups()
    if bool(first) == bool(last) or read.creates is not None:
        return None
    kw, ability = _keywords(keywords), _quoted_ability(quoted, read)
    if kw is None or not kw[0] or kw[1] or ability is None or "keywords" in ability:
        return None
    if not _read_becomes(f"~ becomes {what} until end of turn.", read):
        return None
    read.creates["grant"] = {"to": "self", "ability": ability, "keywords": kw[0]}
    read.still = read.still or bool(still)
    return []


def opponent_controls_more(clause: str) -> dict | None:
    """An activation condition (compiler/mana.py's activation_condition): "an opponent controls at
    least two more lands than you" (Isolated Watchtower): some opponent controls at least that many
    more permanents of the kind than its controller (`more_than_yours`, 602.5)."""
    from .words import number
    m = re.fullmatch(r"an opponent controls at least (\w+) more ([a-z]+)s than you", clause)
    f = kind_filter(m.group(2)) if m else None
    n = number(m.group(1)) if m else None
    return {"count": {"filter": list(f), "whose": "opponent"}, "more_than_yours": n} if f and n else None


def _scry_then_may_reveal(m: re.Match, read) -> list[dict] | None:
    """"Scry 1, then you may reveal the top card of your library." followed by "If a basic land card is
    revealed this way, put it onto the battlefield tapped." (Isolated Watchtower): the scry (701.22a),
    then the top card as the scry left it (608.2c) onto the battlefield tapped if it is of that kind
    and its controller chooses to reveal it (608.2d; revealing changes nothing else, 701.20a)."""
    if read.does or read.target is not None:
        return None
    return [{"scry": {"count": int(m.group(1))}}]


def _revealed_this_way_put(m: re.Match, read) -> list[dict] | None:
    from .effects import kind_words
    if len(read.does) != 1 or set(read.does[0]) != {"scry"}:
        return None                     # (only after "Scry N, then you may reveal the top card ...")
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    return [{"move": {"what": "top_of_library", "filter": kind["filter"], "to": "battlefield", "tapped": True,
                      "may": True}}]


def _token_tapped_and_attacking(m: re.Match, read) -> list[dict] | None:
    """"create a 1/1 red Goblin creature token that's tapped and attacking." (the attack trigger Den
    of the Bugbear gives itself): the token read as "create a 1/1 red Goblin creature token." reads
    it, entering tapped and attacking (`tapped_attacking`, 508.4); one creation per effect."""
    from .effects import TOKEN_DEFINITION, _creature_tokens
    inner = re.fullmatch(TOKEN_DEFINITION, f"{m.group(1)}.", re.IGNORECASE)
    if inner is None or any("create_token" in a for a in read.does):
        return None
    actions = _creature_tokens(inner, read)
    if actions is None or len(actions) != 1:
        return None
    actions[0]["create_token"]["tapped_attacking"] = True
    return actions


def _return_with_flashback_from_exile(m: re.Match, read) -> list[dict] | None:
    """"Return target card with flashback you own from exile to your hand." (Rootcoil Creeper): a card
    in exile its controller owns whose card has flashback (702.34a, 109.2), into its owner's hand."""
    if read.target is not None:
        return None
    read.target = {"filter": ["card"], "zone": "exile", "owner": "you", "has_flashback": True}
    read.targets = ["target card with flashback you own from exile"]
    return [{"move": {"what": "target", "to": "hand"}}]


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (r"Target (player|opponent) discards a card\.", _target_player_discards),
    (r"Untap target (attacking )?creature with ([a-z]+)\.", _untap_with_keyword),
    (r"Each player who controls a permanent named ~ draws a card\.", _each_who_controls_named_draws),
    (r"The owner of target ([a-z ]+?) puts it on the top or bottom of their library\.", _owner_puts_on_top_or_bottom),
    (r"Choose target commander that entered the battlefield this turn\.", _choose_target),
    (r"Return target card with flashback you own from exile to your hand\.", _return_with_flashback_from_exile),
    (r"([Cc]reate (?:a|an|one) \d+/\d+ [a-z]+ [A-Z][A-Za-z ]*? creature token) that's tapped and attacking\.",
     _token_tapped_and_attacking),
    (r"Scry (\d+), then you may reveal the top card of your library\.", _scry_then_may_reveal),
    (r"If an? ([a-z ]+?) card is revealed this way, put it onto the battlefield tapped\.", _revealed_this_way_put),
    (r"[Ee]xile target card from defending player's graveyard\.", _exile_from_defending_graveyard),
    ((r"(Until end of turn, )?~ becomes (an? \d+/\d+ [A-Za-z ,]*?creature) with ([a-z ,]+?) and \"([^\"]+)\""
      r"( until end of turn)?(?:\.|(?<=\.\"))( It's still a land\.)?"), _becomes_with_keywords_and),
    (r"Each player's life total becomes the number of creatures they control\.",
     lambda m, r: [{"set_life": {"who": "each_player", "to": "creatures_controlled"}}]),
    (r"Then you may have (?:it|~) become (an? \d+/\d+ [A-Za-z ]*?creature) until end of turn\.", _then_may_become),
    (r"Move a counter from target ([a-z ]+?) onto another target ([a-z ]+?)\.", _move_counter_onto_another),
    ((r"Put an? ([+-]\d+/[+-]\d+|[a-z]+) counter on it if it's an? ([a-z]+) and an? ([+-]\d+/[+-]\d+|[a-z]+) counter "
     r"on it if it's an? ([a-z]+)\."), _counters_if_its_kind),
    (r"Draw a card for each color among permanents you control\.", _draw_for_each_color),
    (r"Draw a card for each ([a-z ]+?) you control\.", _draw_for_each),
    (r"You may reveal an? ([A-Z][a-z'-]+) card from among them and put it into your hand\.", _dig_subtype),
    (r"You may put an? ([A-Za-z, -]+?) card from among them onto the battlefield\.", _dig_onto_battlefield),
    (r"(?:Then p|P)ut the rest on the bottom of your library in (any|a random) order\.", _dig_rest),
))


# -- line templates (compiler/lines.py) ----------------------------------------------------------

def can_be_commander(text: str, ctx, normal: str):
    """"Freyalise, Llanowar's Fury can be your commander." (903.3a, 113.6n): it modifies the rules
    for deck construction and does nothing in a game (`deck_construction: can_be_commander`); a
    state designates a commander in `commanders:` whatever its card says."""
    if normal == "~ can be your commander.":
        return {"deck_construction": "can_be_commander"}, "deck_construction"
    return None


def spend_as_any_color(text: str, ctx, normal: str):
    """"You may spend mana as though it were mana of any color." (Chromatic Orrery): its controller
    may spend mana of every type, colorless included, as though it were mana of any color (609.4b);
    it pays a colored or hybrid symbol, never {C} (a symbol of colorless mana, 107.4c: mana spent
    as though it were of a color is not colorless). The static `spend: {as_any_color: [W, U, B, R,
    G, C]}` (asp/payment.lp)."""
    if normal == "You may spend mana as though it were mana of any color.":
        return {"static": {"spend": {"as_any_color": ["W", "U", "B", "R", "G", "C"]}}}, "spend"
    return None


# -- a die roll with a results table of ranges (CR 706.3a-b) -------------------------------------
ROLL_LINE = re.compile(r"(.+?): Roll an? (?:(\w+)-sided die|d(\d+))\.")
RESULT_LINE = re.compile(r"(\d+)(?:—(\d+))? \| (.+)")


def _result_lines(lines: tuple[str, ...], name: str, at: int) -> list[tuple[int, int, str]]:
    from .words import self_reference
    out = []
    for line in lines[at + 1:]:
        r = RESULT_LINE.fullmatch(self_reference(line, name))
        if r is None:
            break
        out.append((int(r.group(1)), int(r.group(2) or r.group(1)), r.group(3)))
    return out


def roll_with_ranges(lines: tuple[str, ...], name: str, at: int, planeswalker: bool) -> dict | None:
    """The activated ability on line `at` (0-based) "[Cost]: Roll a d20." followed by its results
    table "1—9 | Put a component counter on ~." / "10—20 | Put two component counters on ~."
    (Component Pouch; 706.3b: one ability): `roll_die`, then each result's instructions with
    `if_roll: [first, last]` (or `if_roll: N` for one result), carried out on a result in that range
    only (706.3a). None unless every line of the table is read, the ranges within the die and
    apart, and the ability adds no mana (the mana templates read those)."""
    from .costs import read_cost
    from .effects import read_effect
    from .words import number, self_reference
    m = ROLL_LINE.fullmatch(self_reference(lines[at], name))
    if m is None or "Add" in m.group(1):
        return None
    sides = (number(m.group(2)) if m.group(2) else int(m.group(3))) or 0
    costs = read_cost(m.group(1), planeswalker, adds_no_mana=True)
    table = _result_lines(lines, name, at)
    if sides < 2 or costs is None or not table:
        return None
    does: list[dict] = [{"roll_die": {"sides": sides}}]
    seen: set[int] = set()
    for first, last, effect in table:
        results = set(range(first, last + 1))
        if not 1 <= first <= last <= sides or results & seen:
            return None
        seen |= results
        read = read_effect(effect)
        if read is None or read.target is not None or read.creates is not None or read.tokens or \
                any("roll_die" in a or "flip_coin" in a for a in read.does):
            return None
        when = first if first == last else [first, last]
        does += [{k: {**v, "if_roll": when} for k, v in action.items()} for action in read.does]
    return {"cost": costs, "effect": lines[at][len(lines[at].split(": ", 1)[0]) + 2:], "does": does}


def die_roll_ranges(text: str, ctx):
    """A line template (compiler/lines.py, beside manaln_tail.py's die_roll_mana): the rolling line
    of a results table of ranges is its activated ability, each line of its table `part_of` it."""
    lines = ctx.lines
    i = next((k for k, line in enumerate(lines) if line.strip() == text.strip()), None)
    if i is None:
        return None
    pw = "planeswalker" in ctx.type_line.lower()
    entry = roll_with_ranges(lines, ctx.name, i, pw)
    if entry is not None:
        return {"activated": entry}, "activated"
    from .manaln_tail import table_line
    return table_line(text, ctx, i, RESULT_LINE, lambda j: roll_with_ranges(lines, ctx.name, j, pw))
