"""Effect sentences of the long tail of Land cards, round 4 (issue 13): combat (506.4), two targets
of one word (115.3), a card in a graveyard of any kind (109.2), life lost equal to the sacrificed
creature's power (608.2h), a permanent that becomes a creature for as long as the game lasts
(611.2a), casting spells as though they had flash (601.3, 702.8a).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own (their words are specific; a broader sentence there would refuse them); a builder gives the actions (or [] for a created effect) or None (not read).
"""

from __future__ import annotations

import re

from .effects import (
    COLOR_LIST,
    SELF_WORDS,
    EffectRead,
    _becomes,
    _created,
    _destroy,
    _on_target,
    _pump,
    _regenerate,
    read_target,
)


def _remove_from_combat(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Remove target attacking or blocking creature from combat." (Labyrinth of Skophos, 506.4)."""
    read.target = {"filter": ["creature"], "attacking_or_blocking": True}
    read.targets = ["target attacking or blocking creature"]
    return [{"remove_from_combat": {"what": "target"}}]


def _untap_and_remove(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Untap target attacking creature an opponent controls and remove it from combat." (Spires of
    Orazca): the one target, untapped (701.26b), then removed from combat (506.4)."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict) or not t[0].get("attacking"):
        return None
    read.target, read.targets = t[0], [t[1]]
    return [{"untap": {"what": "target"}}, {"remove_from_combat": {"what": "target"}}]


def _tap_two(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Tap two target lands." (Wintermoon Mesa): one instance of the word "target" with two
    different targets (115.3), each tapped (701.26a)."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict) or set(t[0]) != {"filter"}:
        return None
    read.target = {**t[0], "count": 2}
    read.targets = [t[1], t[1]]
    return [{"tap": {"what": "targets"}}]


def _loses_sacrificed(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target player loses life equal to the sacrificed creature's power." (Starlit Sanctum): the
    creature sacrificed to pay the cost, as it last existed (608.2h)."""
    if not read.sacrifice_cost:
        return None
    read.target, read.targets = m.group(1).lower(), [f"target {m.group(1).lower()}"]
    return [{"lose_life": {"who": "target", "amount": f"sacrificed_{m.group(2)}"}}]


def _any_graveyard_card(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return target card from your graveyard to your hand." (Conqueror's Foothold): a card of
    any kind in its controller's graveyard (109.2)."""
    read.target = {"filter": ["card"], "zone": "graveyard", "owner": "you"}
    read.targets = ["target card from your graveyard"]
    return [{"move": {"what": "target", "to": "hand"}}]


def _becomes_for_good(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ becomes a 3/3 Elemental artifact creature that's still a land." (Stalking Stones; its
    reminder "(This effect lasts indefinitely.)" dropped, 207.2a): with no duration stated, the
    effect lasts as long as the game (611.2a); "that's still a land" keeps its types (205.1b)."""
    if read.creates is not None:
        return None
    if not _read_becomes(f"{m.group(1)} until end of turn. It's still a land.", read):
        return None
    read.creates["duration"] = "indefinitely"
    return []


def _flash(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may cast spells this turn as though they had flash." (Alchemist's Refuge), "... creature
    spells ..." (Winding Canyons): until the cleanup step (514.2), its controller may cast such a
    spell any time they could cast an instant (601.3, 702.8a)."""
    kind = m.group(1)
    if kind is None:
        return _created(read, {"flash": "any"})
    from .words import kind_filter
    f = kind_filter(kind)
    if f is None:
        return None
    return _created(read, {"flash": list(f)})


ALTERNATIVES = re.compile(r"(.+?)( you control| an opponent controls)?")
WHO = {" you control": "you", " an opponent controls": "opponent"}


def _target_alternatives(words: str) -> tuple[dict, str] | None:
    """"target Bird, Cat, Dog, Goat, Ox, or Snake" (Animal Sanctuary), "target artifact,
    creature, enchantment, or planeswalker" (Otawara): one target of any of several kinds (115.1),
    `{any_of: [[bird], [cat], ...]}`; each kind is one that read_target reads alone (a type or a
    subtype, no other rule), and "you control" / "an opponent controls" closes the list."""
    m = ALTERNATIVES.fullmatch(words)
    if m is None or " or " not in m.group(1):
        return None
    kinds = [a for a in re.split(r",? or |, ", m.group(1)) if a]
    out = []
    for kind in kinds:
        t = read_target(kind)
        if t is None or not isinstance(t[0], dict) or set(t[0]) != {"filter"}:
            return None
        out.append(t[0]["filter"])
    if len(out) < 2:
        return None
    target: dict = {"any_of": out}
    if m.group(2):
        target["controller"] = WHO[m.group(2)]
    return target, f"target {words}"


def target_more(words: str) -> tuple[dict, str] | None:
    """Target words beyond compiler/effects.py's read_target (115.1): "commander" (Witch's Clinic:
    a player's commander, 903.3), "attacking or blocking creature" (Eiganjo: one in combat, 506.4), "1/1 creature" (Pendelhaven: its power and toughness now,
    208.1), "[attacking ]creature without flying" (Quicksand: one that lacks the keyword, 702.9)."""
    if words == "commander":
        return {"filter": ["permanent"], "commander": True}, "target commander"
    if words == "attacking or blocking creature":      # Eiganjo (506.4: one in combat)
        return {"filter": ["creature"], "attacking_or_blocking": True}, "target attacking or blocking creature"
    alternatives = _target_alternatives(words)
    if alternatives is not None:
        return alternatives
    m = re.fullmatch(r"(\d+)/(\d+) creature", words)
    if m:
        return {"filter": ["creature"], "power_toughness": f"{m.group(1)}/{m.group(2)}"}, f"target {words}"
    m = re.fullmatch(r"(attacking )?creature without (flying)", words)
    if m:
        return ({"filter": ["creature"], **({"attacking": True} if m.group(1) else {}), "without": m.group(2)},
                f"target {words}")
    return None


def _protection_of_choice(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target creature you control gains protection from the color of your choice until end of
    turn." (Sejiri Steppe; "... of its controller's choice", Pale Wayfarer): the color is chosen as
    it resolves (608.2d: each color an outcome), protection from it (702.16a)."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict):
        return None
    read.target, read.targets = t[0], [t[1]]
    return _created(read, {"grant": {"to": "target", "ability": {"keywords": ["protection from chosen color"]}}})


def _target_becomes_artifact_creature(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target Vehicle becomes an artifact creature until end of turn." (Mech Hangar): the types
    are added in layer 4 (613.1d; 205.1b: "artifact creature" keeps the prior types); its power
    and toughness are its own printed ones (301.7a)."""
    t = read_target(m.group(1))
    if t is None or t[0] != {"filter": ["vehicle"]}:
        return None
    read.target, read.targets = t[0], [t[1]]
    return _created(read, {"becomes": {"to": "target", "types": ["artifact", "creature"], "retains": True}})


def _commander_to_hand(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return target commander you own from the battlefield to your hand." (Sanctum of Eternity):
    its owner may put it into the command zone instead (903.9b, zones.lp)."""
    read.target = {"filter": ["permanent"], "commander": True, "owner": "you"}
    read.targets = ["target commander you own"]
    return [{"move": {"what": "target", "to": "hand"}}]


def _becomes_unblockable(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ becomes a 3/2 blue and black Elemental creature until end of turn and can't be blocked
    this turn." (Creeping Tar Pit; "It's still a land." follows): what it becomes (613.1d-f), and
    a restriction on it until end of turn (509.1b)."""
    if not _read_becomes(f"{m.group(1)}.", read):
        return None
    read.creates["restrict"] = {"what": ["be_blocked"], "to": "self"}
    return []


def _draw_if_you_control(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Draw a card if you control an artifact." (Roadside Reliquary, twice): checked as the
    instruction is carried out (608.2c); read only after draws (no instruction before it changes
    what its controller controls, whose permanents the rules read as the ability begins)."""
    from .words import kind_filter
    f = kind_filter(m.group(1))
    if f is None or any(next(iter(a)) != "draw" for a in read.does):
        return None
    return [{"draw": {"count": 1, "if_you_control": list(f)}}]


def _card_from_graveyard(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Return a creature or planeswalker card from your graveyard to your hand." (Takenuma,
    after "Mill three cards, then"): one such card, chosen as it resolves (608.2d; not a target)."""
    from .effects import kind_words
    kind = kind_words(m.group(1))
    if not kind:
        return None
    return [{"move": {"what": "card_from_graveyard", **kind, "to": "hand"}}]


def _mill_then_return(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Mill three cards, then return a creature or planeswalker card from your graveyard to your
    hand." (Takenuma): in order (608.2c), a milled card among the cards to return."""
    from .effects import read_effect
    mill = read_effect(f"{m.group(1)}.")
    back = _card_from_graveyard(re.match(r"(.*)", m.group(2)), read)
    if mill is None or mill.target is not None or len(mill.does) != 1 or back is None:
        return None
    return [*mill.does, *back]


def _tokens_gain(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"They gain haste until end of turn." (Sokenzan, after "Create two 1/1 ... tokens"): the
    tokens the instruction before created (611.2c: the effect affects those objects, fixed as it
    resolves), `grant: {to: created_token}`; "That token gains ..." after one token."""
    last = read.does[-1] if read.does else {}
    count = last.get("create_token", {}).get("count", 1) if "create_token" in last else 0
    if count == 0 or (m.group(1) == "They") != (count > 1):
        return None
    return _created(read, {"grant": {"to": "created_token", "ability": {"keywords": [m.group(2)]}}})


BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _that_player_searches(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"That player may search their library for a land card with a basic land type, put it onto
    the battlefield, then shuffle." (Boseiju, after "Destroy target ... an opponent controls"):
    "that player" is the target's controller as it last existed (608.2h), who searches their own
    library (701.23a) for a land card with any of the basic land types (205.3i) and puts it onto
    the battlefield under their control (110.2a)."""
    if not isinstance(read.target, dict) or read.target.get("zone") or read.target.get("controller") != "opponent":
        return None
    return [{"search": {"any_of": [["land", t] for t in BASIC_LAND_TYPES], "to": "battlefield", "shuffle": True,
                        "who": "target_controller", "may": True}}]


# "Bird, Cat, Dog, Goat, Ox, or Snake", "artifact, enchantment, or nonbasic land an opponent controls"
KIND_LIST = r"[A-Za-z ]+(?:, [A-Za-z ]+)+,? or [A-Za-z ]+?"


def _counters_on(m: re.Match, read: EffectRead) -> list[dict] | None:
    from .effects import _counters
    return _counters(re.match(r"(a) (.+?) (.+)", f"a {m.group(1)} {m.group(2)}"), read)


SENTENCES = tuple((re.compile(p), f) for p, f in (
    (r"Remove target attacking or blocking creature from combat\.", _remove_from_combat),
    (r"Untap target (attacking [a-z ]+?) and remove it from combat\.", _untap_and_remove),
    (r"Tap two target ([a-z]+?)s\.", _tap_two),
    (r"Target (player|opponent) loses life equal to the sacrificed creature's (power|toughness)\.", _loses_sacrificed),
    (r"Return target card from your graveyard to your hand\.", _any_graveyard_card),
    ((rf"({SELF_WORDS} becomes an? \d+/\d+ (?:{COLOR_LIST} )?(?:[A-Z][A-Za-z'-]+ )*(?:artifact )?creature)"
      r" that's still a land\."), _becomes_for_good),
    (r"You may cast (?:([a-z]+) )?spells this turn as though they had flash\.", _flash),
    ((rf"({SELF_WORDS} becomes an? \d+/\d+ (?:{COLOR_LIST} )?(?:[A-Z][A-Za-z'-]+ )*creature until end of turn) and "
      r"can't be blocked this turn\."), _becomes_unblockable),
    ((r"[Tt]arget (creature(?: you control)?) gains protection from the color of (?:your|its controller's) choice "
      r"until end of turn\."), _protection_of_choice),
    (r"Target (Vehicle) becomes an artifact creature until end of turn\.", _target_becomes_artifact_creature),
    (r"Return target commander you own from the battlefield to your hand\.", _commander_to_hand),
    (r"Draw a card if you control an? ([a-z]+)\.", _draw_if_you_control),
    (r"[Rr]eturn an? ([a-z ]+?) card from your graveyard to your hand\.", _card_from_graveyard),
    (r"(They|That token) gains? (haste) until end of turn\.", _tokens_gain),
    ((r"That player may search their library for a land card with a basic land type, put it onto the battlefield, "
      r"then shuffle\."), _that_player_searches),
    (r"(Mill (?:two|three|four|\d+) cards), then return an? ([a-z ]+?) card from your graveyard to your hand\.",
     _mill_then_return),
    # one target of several kinds, a list with commas (115.1; the target: _target_alternatives)
    (rf"Put a (\+1/\+1) counter on (target {KIND_LIST})\.", lambda m, r: _counters_on(m, r)),
    (rf"Regenerate (target {KIND_LIST})\.", lambda m, r: _regenerate(m, r)),
    (rf"Return target ({KIND_LIST}) to its owner's hand\.", _on_target("move", {"what": "target", "to": "hand"})),
    (rf"Destroy target ({KIND_LIST})\.", _destroy),
    # "Target 1/1 creature gets +1/+2 until end of turn." (Pendelhaven; the target: target_more)
    (r"(Target \d+/\d+ creature) gets ([+-]\d+/[+-]\d+) until end of turn\.",
     lambda m, r: _pump((None, m.group(1), m.group(2), None, " until end of turn"), r)),
))


# -- reinforce (CR 702.77a), a line template (compiler/lines.py) -------------------------------
REINFORCE = re.compile(r"Reinforce (one|two|three|four|\d+)\s*—\s*((?:\{[^{}]+\})+)")


def reinforce(text: str, ctx, normal: str):
    """"Reinforce N—[cost]" means "[Cost], Discard this card: Put N +1/+1 counters on target
    creature." (702.77a; Rustic Clachan): an ability of the card in its owner's hand (113.6b)."""
    from .costs import mana_symbols
    from .effects import read_effect
    from .hand import HAND_COSTS
    from .words import number
    m = REINFORCE.fullmatch(normal)
    if m is None or not mana_symbols(m.group(2)):
        return None
    n = number(m.group(1))
    words = {2: "two", 3: "three", 4: "four"}
    effect = "Put a +1/+1 counter on target creature." if n == 1 else \
        f"Put {words.get(n, n)} +1/+1 counters on target creature."
    read = read_effect(effect)
    if read is None:
        return None
    entry = {"zone": "hand", "cost": [m.group(2), HAND_COSTS["Discard ~"]], "effect": effect,
             "targets": read.targets, "target": read.target, "does": read.does}
    return {"activated": entry}, "reinforce", ()


# -- cost parts that are two costs joined by "and" (CR 601.2h, 118.3), read by compiler/costs.py --
def compound_cost_part(part: str) -> list | None:
    """"Sacrifice ~ and a creature you control" (Great Hall of Starnheim): ~ and one creature of
    its controller's; "Remove two pressure counters from ~ and sacrifice it" (Hellion Crucible):
    the counters, then ~ itself. None for any other part."""
    from .costs import cost_part
    from .words import kind_filter
    m = re.fullmatch(r"Sacrifice ~ and (?:a|an) ([\w' -]+?)(?: you control)?", part.strip())
    if m:
        f = kind_filter(m.group(1))
        return [{"sacrifice": "self"}, {"sacrifice": list(f)}] if f else None
    m = re.fullmatch(r"(Remove .+ counters? from ~) and sacrifice it", part.strip())
    if m:
        first = cost_part(m.group(1))
        return [first, {"sacrifice": "self"}] if first is not None else None
    return None


# -- "Activate only if an opponent controls four or more lands" (Tectonic Edge, CR 602.5), read by
# compiler/mana.py's activation conditions --------------------------------------------------------
def opponent_controls_condition(clause: str) -> dict | None:
    from .words import kind_filter, number
    m = re.fullmatch(r"an opponent controls (one|two|three|four|five|six|seven|eight|\d+) or more ([\w ]+)", clause)
    if m is None:
        return None
    f = kind_filter(m.group(2))
    n = number(m.group(1))
    return {"count": {"filter": list(f), "whose": "opponent"}, "at_least": n} if f and n else None


def _read_becomes(sentence: str, read) -> bool:
    """Read `sentence` with the general "~ becomes ..." template of compiler/effects.py into
    `read` (613.1d-f); False when that template does not read it."""
    from .effects import SENTENCES
    for pattern, build in SENTENCES:
        if build is _becomes:
            inner = pattern.fullmatch(sentence)
            return inner is not None and build(inner, read) is not None
    return False
