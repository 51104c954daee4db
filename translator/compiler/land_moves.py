"""Effect sentences of Land cards' activated abilities that move cards or make objects (issue 13,
the Land target): a milled card returned to the battlefield (608.2c, 110.5b), a card of a
graveyard put on top of its library (608.2d), a search for one card of each of two kinds, for
any number of cards, or for cards that share a land type (701.23a-b, 205.3i), and a creature
token the effect names (111.4).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions or None (not read).
"""

from __future__ import annotations

import re

from .effects import EffectRead, N, kind_words, number


def _mill_then_battlefield(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Mill four cards, then return a creature card from your graveyard to the battlefield
    tapped." (Port of Karfell): the mill (701.13a), then one card of the graveyard as the
    instruction is followed, a milled one included (608.2c), chosen as it resolves (608.2d; not a
    target), put onto the battlefield tapped (110.5b) under its controller's control (110.2)."""
    kind = kind_words(m.group(2))
    if not kind:
        return None
    return [{"move": {"what": "top_of_library", "to": "graveyard", "count": number(m.group(1))}},
            {"move": {"what": "card_from_graveyard", **kind, "to": "battlefield", "tapped": True}}]


def _may_put_on_top(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Then you may put an artifact card from your graveyard on top of your library." (Sequestered
    Stash, after "Mill five cards."): one such card, chosen as it resolves (608.2d), a card just
    milled included (608.2c), or none (the "may")."""
    kind = kind_words(m.group(1))
    if not kind:
        return None
    return [{"move": {"what": "card_from_graveyard", **kind, "to": "library_top", "may": True}}]


SEARCH_TAIL = (r"(?:reveal (?:them|those cards), )?put (?:them|those cards) (onto the battlefield(?: tapped)?|into your hand), "
               r"then shuffle\.")


def _search_where(where: str) -> dict:
    if where.startswith("onto the battlefield"):
        return {"to": "battlefield", **({"tapped": True} if where.endswith("tapped") else {})}
    return {"to": "hand"}


def _search_each(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Search your library for a Forest card and a Plains card, put them onto the battlefield
    tapped, then shuffle." (Krosan Verge), "... for an Aura card and/or an Equipment card, reveal
    them, put them into your hand, then shuffle." (Axgard Armory): one card of each kind at most,
    two different cards (a card of both kinds is either one), each of which may not be found
    (701.23b: a search for a quality), `each_of`."""
    first, second, where = m.groups()
    kinds = [kind_words(first), kind_words(second)]
    if any(not k or "filter" not in k for k in kinds) or kinds[0] == kinds[1]:
        return None
    return [{"search": {"each_of": [k["filter"] for k in kinds], **_search_where(where), "shuffle": True}}]


def _search_any_number(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Search your library for any number of God cards, put them onto the battlefield, then
    shuffle." (The World Tree): any number of cards with the quality, none included (701.23b),
    `count: any`."""
    kind = kind_words(m.group(1))
    if not kind:
        return None
    return [{"search": {**kind, "count": "any", **_search_where(m.group(2)), "shuffle": True}}]


def _search_sharing(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Search your library for up to two basic land cards that share a land type, put them onto
    the battlefield tapped, then shuffle." (Myriad Landscape): up to two cards, and two of them
    have a land type in common (205.3i), `share_land_type: true`."""
    kind = kind_words(m.group(2))
    if not kind or "filter" not in kind or "land" not in kind["filter"]:
        return None
    return [{"search": {**kind, "count": number(m.group(1)), "share_land_type": True, **_search_where(m.group(3)),
                        "shuffle": True}}]


def _named_creature_token(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Create a 0/1 red Kobold creature token named Kobolds of Kher Keep." (Kher Keep): a token
    with the name the effect gives it (111.4: otherwise its subtypes plus "Token"), its colors and
    creature types as named; a card of the line's tokens."""
    from .core import compile_face
    from .effects import COLOR_WORDS
    from .subtypes import CREATURE_TYPES
    count, pt, colors, subtypes, name = m.groups()
    indicator = [c.strip() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", colors.lower())]
    if any(c not in COLOR_WORDS for c in indicator) or any(s.lower() not in CREATURE_TYPES for s in subtypes.split()):
        return None
    power, toughness = pt.split("/")
    compiled = compile_face({"name": name, "type": f"Creature — {subtypes}", "text": "",
                             "power": power, "toughness": toughness})
    card = dict(compiled.card)
    card["color_indicator"] = indicator
    read.tokens.append(card)
    action: dict = {"card": name}
    if number(count) != 1:
        action["count"] = number(count)
    return [{"create_token": action}]


def _look_at_top(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Look at the top card of your library." (Scrying Sheets): looking changes nothing here; it
    is read only as the first sentence, for the one after it that acts on that card."""
    if read.does or read.looked_top:
        return None
    read.looked_top = True
    return []


def _if_kind_to_hand(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If that card is snow, you may reveal it and put it into your hand." (Scrying Sheets, after
    "Look at the top card of your library."): the top card moves to its owner's hand only if it is
    of that kind, by what it prints (109.2), and its controller chooses to (608.2d)."""
    kind = kind_words(m.group(1))
    if not read.looked_top or read.does or not kind or "filter" not in kind:
        return None
    return [{"move": {"what": "top_of_library", "filter": kind["filter"], "to": "hand", "may": True}}]


def _then_untap_it(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Then if you control four or more lands, untap that land." (Fabled Passage, after "Search
    your library for a basic land card, put it onto the battlefield tapped, then shuffle."): the
    land the instruction before put onto the battlefield (400.7j), untapped (701.26b) if its
    controller then controls that many lands, the one found included (608.2c)."""
    last = read.does[-1] if read.does else {}
    search = last.get("search", {})
    if search.get("to") != "battlefield" or search.get("count", 1) != 1 or search.get("who"):
        return None
    kind = kind_words(m.group(2))
    if not kind or "filter" not in kind:
        return None
    return [{"untap": {"what": "it", "if_you_control": kind["filter"], "at_least": number(m.group(1))}}]


def _graveyard_card_to_bottom(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put target card from your graveyard on the bottom of your library." (Mistveil Plains): a
    target card of its controller's graveyard (any kind: `filter: [card]`, 109.2), put below the
    cards of its owner's library (401.1)."""
    kind = kind_words(m.group(1) or "")
    if kind is None or "any_of" in kind:
        return None
    words = kind.get("filter") or ["card"]
    read.target = {"filter": words, "zone": "graveyard", "owner": "you"}
    read.targets = [f"target {m.group(1) or ''}card from your graveyard"]
    return [{"move": {"what": "target", "to": "library_bottom"}}]


def _card_at_random(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return a creature card at random from your graveyard to your hand." (Haunted Fengraf): one
    such card of the graveyard as it resolves, at random (no player chooses: each card it could be
    is an outcome); none if there is none."""
    kind = kind_words(m.group(1))
    if not kind:
        return None
    return [{"move": {"what": "card_from_graveyard", **kind, "to": "hand", "random": True}}]


def _return_linked(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return each creature card exiled with ~ to the battlefield under its owner's control."
    (Endless Sands): the cards of that kind its linked ability exiled (607.2a), each onto the
    battlefield under its owner's control (110.2)."""
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    return [{"move": {"what": "linked", "filter": kind["filter"], "to": "battlefield", "under": "owner"}}]


def _look_at_top_n(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Look at the top four cards of your library." followed by "You may reveal a [kind] card from
    among them and put it into your hand." and "[Then p]ut the rest on the bottom of your library
    in any order." (Azcanta, the Sunken Ruin): read as one action (`dig`), the first sentence only
    with the two after it (read_effect refuses a look left unfinished)."""
    if read.does or read.dig is not None or read.looked_top:
        return None
    read.dig = {"count": number(m.group(1))}
    return []


def _dig_kind(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may reveal a noncreature, nonland card from among them and put it into your hand.": at
    most one card of that kind (a list of negated words joined by commas holds for each of them:
    "noncreature, nonland" is a card that is neither, 205.4b)."""
    if read.dig is None or len(read.dig) != 1:
        return None
    phrase = m.group(1)
    words = [w.strip() for w in phrase.split(",")]
    if len(words) > 1 and " or " not in phrase and all(w.startswith("non") and " " not in w for w in words):
        phrase = " ".join(words)
    kind = kind_words(phrase)
    if not kind:
        return None
    read.dig.update(kind)
    return []


def _dig_rest(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put the rest on the bottom of your library in any order." (401.4: the player orders them),
    "... in a random order." (no player does): the look's last sentence; the action is `dig`."""
    if read.dig is None or len(read.dig) != 2:
        return None
    action = {**read.dig, "order": "any" if m.group(1) == "any" else "random"}
    read.dig = None
    return [{"dig": action}]


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (rf"Look at the top {N} cards of your library\.", _look_at_top_n),
    (r"You may reveal an? ([a-z, ]+?) card from among them and put it into your hand\.", _dig_kind),
    (r"(?:Then p|P)ut the rest on the bottom of your library in (any|a random) order\.", _dig_rest),
    (r"Return each ([a-z ]+?) card exiled with ~ to the battlefield under its owner's control\.", _return_linked),
    (r"Return an? ([a-z ]+?) card at random from your graveyard to your hand\.", _card_at_random),
    (r"Put target ([a-z]+ )?card from your graveyard on the bottom of your library\.", _graveyard_card_to_bottom),
    (rf"Then if you control {N} or more ([a-z]+?)s, untap that [a-z]+\.", _then_untap_it),
    (r"Look at the top card of your library\.", _look_at_top),
    (r"If (?:that card|it) is (?:an? )?([a-z ]+?)(?: card)?, you may reveal it and put it into your hand\.", _if_kind_to_hand),
    (rf"Mill {N} cards, then return an? ([a-z ]+?) card from your graveyard to the battlefield tapped\.",
     _mill_then_battlefield),
    (r"Then you may put an? ([a-z ]+?) card from your graveyard on top of your library\.", _may_put_on_top),
    (rf"Search your library for an? ([A-Za-z ]+?) card and(?:/or)? an? ([A-Za-z ]+?) card, {SEARCH_TAIL}", _search_each),
    (rf"Search your library for any number of ([A-Za-z ]+?) cards, {SEARCH_TAIL}", _search_any_number),
    (rf"Search your library for up to {N} ([A-Za-z ]+?) cards that share a land type, {SEARCH_TAIL}", _search_sharing),
    ((r"Create (a|an|one|two|three) (\d+/\d+) ((?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?) "
     r"((?:[A-Z][a-z]+ )*?[A-Z][a-z]+) creature tokens? named ([A-Z][A-Za-z' ]+)\."), _named_creature_token),
))


def each_of_kinds(phrase: str) -> list[list[str]] | None:
    """The kinds a cost reduction counts (601.2f): "legendary creature" -> [[legendary,
    creature]], "Vampire" -> [[vampire]], "legendary creature and planeswalker" (Mobilized
    District: each permanent of either kind, the words before the last one's noun shared) ->
    [[legendary, creature], [legendary, planeswalker]]; None if a word is no type or subtype."""
    first, _, second = phrase.partition(" and ")
    if not second:
        kind = kind_words(phrase)
        return [kind["filter"]] if kind and "filter" in kind else None
    shared = first.split()[:-1]
    kinds = [kind_words(first), kind_words(" ".join([*shared, second]))]
    if any(not k or "filter" not in k for k in kinds) or " " in second.strip():
        return None
    return [k["filter"] for k in kinds]


# -- an ability that functions from the graveyard (CR 113.6m), a line template (compiler/lines.py) --
FROM_GRAVEYARD = re.compile(r"Return ~ from your graveyard to (the battlefield(?: tapped)?|your hand)\.")


def from_graveyard(text: str, ctx, normal: str):
    """"{3}: Return Drownyard Temple from your graveyard to the battlefield tapped." (CR 113.6m: an
    ability whose effect moves the object out of a zone functions only in that zone): `zone:
    graveyard`, its effect moving the card itself; a cost only a permanent pays ({T}) is not read
    (113.6j)."""
    from .costs import read_cost
    from .mana import split_ability
    parts, printed = split_ability(normal), split_ability(text)
    if parts is None or printed is None:
        return None
    m = FROM_GRAVEYARD.fullmatch(parts[1])
    costs = read_cost(parts[0])
    if m is None or costs is None or any(c in ("{T}", "{Q}") or (isinstance(c, dict) and "remove_counters" in c)
                                         for c in costs):
        return None
    where = m.group(1)
    move: dict = {"what": "self", "to": "hand" if where == "your hand" else "battlefield"}
    if where.endswith("tapped"):
        move["tapped"] = True
    entry = {"zone": "graveyard", "cost": costs, "effect": printed[1], "does": [{"move": move}]}
    return {"activated": entry}, "from_graveyard", ()


# -- an exile linked to a later "exiled with ~" (CR 607.2a), a line template (compiler/lines.py) ---
LINKED_RETURN = re.compile(r"\bcards? exiled with ~")


def linked_exile(text: str, ctx, normal: str):
    """"{2}, {T}: Exile target creature you control." on a card with another ability that returns
    "each creature card exiled with ~" (Endless Sands): the exile is linked to it (607.2a), `link:
    true`; read as any activated ability otherwise."""
    from . import activated as activated_templates
    from .words import self_reference
    others = [self_reference(line, ctx.name) for line in ctx.lines if line != text]
    if not any(LINKED_RETURN.search(o) for o in others):
        return None
    read = activated_templates.activated(text, ctx, normal)
    if read is None or read[2]:
        return None
    does = read[0]["activated"].get("does", [])
    if len(does) != 1 or does[0].get("move", {}).get("to") != "exile" or does[0]["move"].get("what") != "target":
        return None
    does[0]["move"]["link"] = True
    return read[0], "linked_exile", ()
