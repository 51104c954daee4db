"""Effect sentences of the activated abilities of the non-Land cards that add mana (issue 13):
an instruction that begins "Then" (608.2c), a card in any graveyard (109.2, 115.1), damage equal
to its source's power (120.3, 208.1), a becomes with "base power and toughness" (613.4b) or on an
artifact that can't be blocked (509.1b), a permanent that becomes an artifact in addition to its
other types (205.1b, 613.1d).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own (as compiler/land_tail.py's); a builder gives the actions (or [] for a created
effect) or None (not read).
"""

from __future__ import annotations

import re

from .effects import COLOR_LIST, SELF_WORDS, EffectRead, _created, kind_words, number, read_target


def _then(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Destroy target creature. Then put a charge counter on ~." (Altar of Shadows): "Then" says
    the order, which is the order written anyway (608.2c): the sentence is read without it."""
    inner = m.group(1)
    return _then_read(inner[0].upper() + inner[1:], read)


def _exile_from_a_graveyard(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Exile target card from a graveyard." (Honored Heirloom), "Exile target land card from a
    graveyard." (Deathrite Shaman), "... target instant or sorcery card ...": a card in any
    player's graveyard (no owner named), matched by what it prints (109.2, 115.1)."""
    kind = (m.group(1) or "").strip()
    words = kind_words(kind)
    if words is None:
        return None
    target: dict = {"filter": ["card"]} if not words else dict(words)
    target["zone"] = "graveyard"
    read.target, read.targets = target, [f"target {kind + ' ' if kind else ''}card from a graveyard"]
    return [{"move": {"what": "target", "to": "exile"}}]


def _damage_equal_to_power(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ deals damage equal to its power to target player or planeswalker." (Leafkin Avenger):
    its power as the ability resolves, or as it last existed (120.3, 208.1, 608.2h)."""
    to = m.group(1)
    if to == "any target":
        read.target, read.targets = "any", ["any target"]
    elif to == "target player or planeswalker":     # CR 115.2
        read.target, read.targets = "player_or_planeswalker", [to]
    else:
        t = read_target(to[len("target "):])
        if t is None:
            return None
        read.target, read.targets = t[0], [t[1]]
    return [{"damage": {"to": "target", "amount": "power"}}]


def _read_becomes(sentence: str, read: EffectRead) -> bool:
    from .land_tail import _read_becomes as read_becomes
    return read_becomes(sentence, read)


def _becomes_base(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ becomes a Shapeshifter artifact creature with base power and toughness 3/3 until end of
    turn." (Mimic): a base power and toughness is what "becomes a 3/3" sets (layer 7b, 613.4b),
    so the sentence is the general becomes with the numbers first."""
    self_words, kinds, pt = m.groups()
    return [] if _read_becomes(f"{self_words} becomes a {pt} {kinds}creature until end of turn.", read) else None


def _artifact_unblockable(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Dimir Keyrune becomes a 2/2 blue and black Horror artifact creature until end of turn and
    can't be blocked this turn." (an artifact's Keyrune): what it becomes (613.1d-f) and the
    restriction on it until end of turn (509.1b), as Creeping Tar Pit's."""
    if not _read_becomes(f"{m.group(1)}.", read):
        return None
    read.creates["restrict"] = {"what": ["be_blocked"], "to": "self"}
    return []


def _becomes_artifact(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target nonland permanent becomes an artifact in addition to its other types until end of
    turn." (Liquimetal Torque): the type added in layer 4 (613.1d), the others kept (205.1b)."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict):
        return None
    read.target, read.targets = t[0], [t[1]]
    return _created(read, {"becomes": {"to": "target", "types": ["artifact"], "retains": True}})


def _may_discard(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You may discard a card." (Sarkhan, Fireblood): one card from the hand to its owner's
    graveyard, or none, the player's choice as it resolves (701.9a, 608.2d)."""
    return [{"move": {"what": "card_from_hand", "to": "graveyard", "may": True}}]


def _if_you_do_draw(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If you do, draw a card." after "You may discard a card." (Sarkhan, Fireblood): a card drawn
    only if one was discarded (608.2c: the instruction before decides it), which is "draw that
    many" after a discard of one card or none (`count: that_many`)."""
    if not read.does or read.does[-1] != {"move": {"what": "card_from_hand", "to": "graveyard", "may": True}}:
        return None
    return [{"draw": {"count": "that_many"}}]


def _player_and_theirs(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"~ deals 10 damage to target player and each creature and planeswalker they control."
    (Chandra, Bold Pyromancer): the player it targets, then each creature or planeswalker that
    player controls as it resolves (120.3, 608.2c; "they": the target player)."""
    amount = number(m.group(1))
    read.target, read.targets = "player", ["target player"]
    return [{"damage": {"to": "target", "amount": amount}},
            {"damage": {"to": "each", "amount": amount, "any_of": [["creature"], ["planeswalker"]],
                        "controller": "target"}}]




def _life_and_create(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You gain 3 life and create three 0/1 colorless Eldrazi Spawn creature tokens. They have
    "Sacrifice this creature: Add {C}."" (Essence Feed): the life, then the tokens (608.2c), the
    creation read as its own sentence is."""
    made = _then_read("C" + m.group(2)[1:], read)
    return None if made is None else [{"gain_life": {"amount": number(m.group(1))}}, *made]


def _then_read(sentence: str, read: EffectRead) -> list[dict] | None:
    from .effects import SENTENCES
    for pattern, build in SENTENCES:
        if build in (_then, _life_and_create, _up_to_one):
            continue
        found = pattern.fullmatch(sentence)
        if found:
            return build(found, read)
    return None


def _becomes_color(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target artifact creature becomes blue until end of turn." (Grand Architect): its color set
    in layer 5 (613.1e; 105.3: the new color replaces its others), its types kept."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict):
        return None
    read.target, read.targets = t[0], [t[1]]
    colors = [c.strip() for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(2)) if c.strip()]
    return _created(read, {"becomes": {"to": "target", "colors": colors, "retains": True}})


def _gain_control(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Gain control of target creature until end of turn." (Traitorous Greed, Act of Treason):
    its controller controls the target until the cleanup step (613.1b, 611.2a, 514.2)."""
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict):
        return None
    read.target, read.targets = t[0], [t[1]]
    return _created(read, {"control": "target"})


def _untap_that_creature(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Untap that creature." after "Gain control of target creature ...": its target (701.26b)."""
    if (read.creates or {}).get("control") != "target" or read.does:
        return None
    return [{"untap": {"what": "target"}}]


def _it_gains(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"It gains haste until end of turn." after "Gain control of target creature until end of
    turn": a grant to the same target, in the same effect until end of turn (613.1f, 611.2a)."""
    from .effects import _keywords
    creates = read.creates or {}
    kw = _keywords(m.group(1))
    if creates.get("control") != "target" or "grant" in creates or kw is None or not kw[0] or kw[1]:
        return None
    creates["grant"] = {"to": "target", "ability": {"keywords": kw[0]}}
    return []


def _search_named(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Search your library for a card named Heart-Piercer Bow or Vial of Dragonfire, reveal it,
    put it into your hand, then shuffle." (Renowned Weaponsmith), "... for a card named Nissa's
    Chosen, put it onto the battlefield, then shuffle." (Nissa Revane), "... for up to three cards
    named Howling Wolf" (~: the name of the ability's card, asp/library.lp): a card with one of the
    names (201.2), a stated quality (701.23b: it may not be found). A name beside a kind ("... or
    an Equipment card") is not read here."""
    may, count, names, where = m.groups()
    said = [n.strip() for n in re.split(r",? or |, ", names)] if " or " in names else [names.strip()]
    if any(not re.fullmatch(r"~|[A-Z][\w',-]*(?: [\w',-]+)*", n) or n.split()[0] in ("A", "An") for n in said):
        return None
    if "," in names and " or " in names:
        return None                     # ("Halvar, God of Battle or ...": a comma in a name, not a list)
    action: dict = {"named": said}
    if count != "a":
        action["count"] = number(count[len("up to "):])
    if where.startswith("onto the battlefield"):
        action["to"] = "battlefield"
        if where.endswith("tapped"):
            action["tapped"] = True
    else:
        action["to"] = "hand"
    action["shuffle"] = True
    if may:
        action["may"] = True
    return [{"search": action}]


def _up_to_one(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Exile up to one target card from a graveyard." (Crossroads Candleguide), "... return up to one
    target instant or sorcery card from your graveyard to your hand" (Cormela): the sentence with
    one target, of which zero may be chosen (115.6: `up_to`; with none chosen it is not targeted
    and resolves, its instructions on the target doing nothing)."""
    before = read.target
    actions = _then_read(m.group(1) + "target " + m.group(2), read)
    if actions is None or before is not None or not isinstance(read.target, dict):
        return None
    read.target, read.targets = {**read.target, "up_to": True}, [f"up to one {t}" for t in read.targets]
    return actions


def _counter_on_each_of_up_to(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a +1/+1 counter on each of up to two target creatures." (Rishkar, Peema Renegade): one
    instance of the word "target" with that many targets (115.3), zero to all of them chosen
    (115.6), a counter on each still legal as it resolves (122.1, 608.2b)."""
    count, kind, most, noun = m.groups()
    t = read_target(noun.removesuffix("s"))
    if t is None or not isinstance(t[0], dict) or read.target is not None:
        return None
    read.target, read.targets = {**t[0], "count": number(most), "up_to": True}, [f"up to {most} {t[1]}"] * number(most)
    return [{"counters": {"what": "targets", "kind": kind, "count": number(count)}}]


SENTENCES = tuple((re.compile(p, re.DOTALL), f) for p, f in (
    (r"(.*?\b)up to one target (.+)", _up_to_one),
    (r"[Pp]ut (a|an|one|two|three) ([+-]\d+/[+-]\d+) counters? on each of up to (two|three) target ([a-z ]+?)\.",
     _counter_on_each_of_up_to),
    ((r"([Yy]ou may )?[Ss]earch your library for (a|up to (?:two|three|four)) cards? named (~|[A-Z][^.~]*?), "
      r"(?:reveal (?:it|them|that card|those cards), )?put (?:it|them|that card|those cards) "
      r"(onto the battlefield(?: tapped)?|into your hand), then shuffle\."), _search_named),
    (r"Gain control of target ([a-z ]+?) until end of turn\.", _gain_control),
    (r"Untap that creature\.", _untap_that_creature),
    (r"It gains ([a-z ,]+?) until end of turn\.", _it_gains),
    (rf"Target ([a-z ]+?) becomes ({COLOR_LIST}) until end of turn\.", _becomes_color),
    (r"You gain (\d+|one|two|three) life and (create .+)", _life_and_create),
    (rf"{SELF_WORDS} deals (\d+) damage to target player and each creature and planeswalker they control\.",
     _player_and_theirs),
    (r"You may discard a card\.", _may_discard),
    (r"If you do, draw a card\.", _if_you_do_draw),
    (r"Then (.+\.)", _then),
    (r"Exile target ([a-z ]+? )?card from a graveyard\.", _exile_from_a_graveyard),
    (rf"{SELF_WORDS} deals damage equal to its power to (any target|target [a-z ]+?)\.", _damage_equal_to_power),
    ((rf"({SELF_WORDS}) becomes an? ((?:[A-Z][A-Za-z'-]+ )*(?:artifact )?)creature with base power and toughness "
     r"(\d+/\d+) until end of turn\."), _becomes_base),
    ((rf"({SELF_WORDS} becomes an? \d+/\d+ (?:[a-z]+(?:(?:,| and|, and) [a-z]+)* )?(?:[A-Z][A-Za-z'-]+ )*artifact "
     r"creature until end of turn) and can't be blocked this turn\."), _artifact_unblockable),
    (r"Target ([a-z ]+?) becomes an artifact in addition to its other types until end of turn\.", _becomes_artifact),
))


def spell_mana_with_effect(text: str, ctx, normal: str):
    """A line template (compiler/lines.py, before the mana templates): an instant's or sorcery's
    effect whose instructions create a continuous effect and end with its mana, "Gain control of
    target creature until end of turn. Untap that creature. It gains haste until end of turn. Add
    two mana of any one color." (Traitorous Greed): the instructions before the mana read as a
    spell's effect (611.2a), the mana as a spell's (605.5b), in the order written (608.2c: no
    instruction before it changes the mana)."""
    from .effects import sentences
    from .mana import spell_mana
    if not re.search(r"\b(instant|sorcery)\b", ctx.type_line.lower()):
        return None
    said, shown = sentences(normal), sentences(text)
    if len(said) < 2 or len(said) != len(shown) or not said[-1].startswith("Add "):
        return None
    from .effects import read_effect
    read = read_effect(" ".join(said[:-1]), creates=True)
    if read is None or read.creates is None:
        return None                     # (without a created effect the mana templates read it)
    mana = spell_mana(said[-1], shown[-1])
    if mana is None or mana[1]:
        return None
    entry = {**mana[0]["spell"], "effect": " ".join(shown[:-1])}
    ctx.tokens.extend(read.tokens)
    if read.target is not None:
        entry["targets"], entry["target"] = read.targets, read.target
    if read.does:
        entry["does"] = read.does
    entry["creates"] = read.creates
    return {"spell": entry}, "spell_mana"


LIFE_IF = re.compile(r"(.+?) If you control an? ([A-Za-z]+(?: [a-z]+)?), you gain (\d+|one|two|three) life\.")


def mana_and_life_if(text: str, ctx, normal: str):
    """A line template (compiler/lines.py, before the mana templates): a mana ability, then "If you
    control a Nissa planeswalker, you gain 2 life." (Avid Reclaimer): the life gained only if its
    controller controls such a permanent as the ability resolves (608.2c; a mana ability resolves
    as it is activated, 605.3a). (Read here, not among the sentences: after a trigger event the
    same words are an intervening "if" clause, checked as it triggers too, 603.4.)"""
    from .mana import activated_mana
    from .words import kind_filter
    said, shown = LIFE_IF.fullmatch(normal), LIFE_IF.fullmatch(text)
    if said is None or shown is None:
        return None
    mana = activated_mana(said.group(1), shown.group(1), "planeswalker" in ctx.type_line.lower())
    f = kind_filter(said.group(2))
    if mana is None or mana[1] or f is None or "does" in mana[0] or "effect" in mana[0]:
        return None
    entry = {**mana[0], "effect": text[len(shown.group(1)) + 1:],
             "does": [{"gain_life": {"amount": number(said.group(3)), "if_you_control": list(f)}}]}
    return {"activated": entry}, "mana_ability"


def tap_another(part: str, parts: list[str]) -> dict | None:
    """A cost part (compiler/costs.py): "Tap another untapped artifact you control" beside the
    source's own {T} (Network Terminal) is `tap_untapped` of one such permanent: the permanent
    whose {T} is in the same cost is tapped by it (107.5) and is never one of those (payment.lp's
    own_symbol), so "another" says nothing more. Without {T} it is not read (the source could be
    chosen)."""
    m = re.fullmatch(r"Tap another untapped ([\w' -]+?) you control", part.strip())
    if m is None or "{T}" not in parts:
        return None
    from .words import kind_filter
    f = kind_filter(m.group(1))
    return {"tap_untapped": {"count": 1, "filter": list(f)}} if f else None


def sacrifice_another(part: str) -> dict | None:
    """A cost part (compiler/costs.py), of an ability that adds no mana: "Sacrifice another
    creature" (Lord of the Forsaken) is one of its controller's creatures other than the ability's
    source (701.21a; payment.lp's sacrifice_other). (Not read on a mana ability: the planners of
    can-pay, mana and available do not know the rule.)"""
    m = re.fullmatch(r"Sacrifice another ([\w' -]+)", part.strip())
    if m is None:
        return None
    from .words import kind_filter
    f = kind_filter(m.group(1))
    return {"sacrifice": {"filter": list(f), "another": True}} if f else None


def put_counters_on_self(part: str) -> dict | None:
    """A cost part (compiler/costs.py), of an ability that adds no mana: "Put a -1/-1 counter on
    Devoted Druid" (~ for its name) puts that many counters of that kind on the ability's source as
    the cost is paid (602.2b, 601.2h; 122.1), a cost that can always be paid while the source is on
    the battlefield (118.3; payment.lp's put_counters). On a mana ability too ("Put a -0/-1 counter
    on Wall of Roots: Add {G}."): the planners need nothing to pay it (canpay.lp)."""
    from .costs import COUNT
    m = re.fullmatch(rf"Put {COUNT} ([\w+/'-]+) counters? on ~", part.strip())
    if m is None or m.group(1) == "X":
        return None
    return {"put_counters": {"counter": m.group(2).lower(), "count": number(m.group(1))}}
