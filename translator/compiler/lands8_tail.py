"""Effect sentences of the long tail of Land cards, lands8's part (issue 13): a token another
player creates (111.2), a poison counter its controller gets (122.1f), a target that does not untap
during its controller's next untap step (502.3, 611.2a), "you may [do something]. If you do, ..."
(608.2c, 608.2d).

Each entry is (pattern, builder) as in compiler/effects.py's SENTENCES, whose reader tries them
before its own; a builder gives the actions (or [] for a created effect) or None (not read).
"""

from __future__ import annotations

import re

from .effects import SELF_WORDS, EffectRead


def _player_creates(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target opponent creates a 1/1 colorless Spirit creature token." (Forbidden Orchard): the
    token is created by the target player, under their control (111.2); the token as "Create ..."
    reads it (111.4)."""
    from .effects import SENTENCES as ALL
    from .effects import _creature_tokens
    if read.target is not None:
        return None
    sentence = "create " + m.group(2)
    for pattern, build in ALL:
        if build is _creature_tokens:
            found = pattern.fullmatch(sentence)
            if found is None:
                continue
            actions = build(found, read)
            if actions is None:
                return None
            read.target, read.targets = m.group(1).lower(), [f"target {m.group(1).lower()}"]
            actions[0]["create_token"]["who"] = "target"
            return actions
    return None


SENTENCES = tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (r"target (opponent|player) creates (an? .+ tokens?\.)", _player_creates),
))


def _poison(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"You get a poison counter." (Noxious Bayou, after its mana): counters on its controller, a
    player (122.1f; 704.5c: ten or more and they lose)."""
    from .effects import number
    action: dict = {"what": "you", "kind": "poison"}
    if number(m.group(1)) != 1:
        action["count"] = number(m.group(1))
    return [{"counters": action}]


SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (r"you get (a|one|two|three|\d+) poison counters?\.", _poison),
))


def _if_you_do(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"If you do, [instruction]" after "You may sacrifice ~." or "You may exile a card from your
    hand." (Safe Haven, Forsaken City), or after "Sacrifice a Mountain." (The First Eruption: if one was
    sacrificed, compiler/misc11_sentences.py): carried out only if the player did what the sentence
    before offered or said (608.2c, 608.2d), `if_done: true`; one instruction, read as its own sentence is."""
    from .effects import SENTENCES as ALL
    from .misc11_sentences import sacrificed_one
    if not read.does or not (next(iter(read.does[-1].values())).get("may") or sacrificed_one(read)):
        return None
    inner = m.group(1)
    inner = inner[0].upper() + inner[1:]
    for pattern, build in ALL:
        if build is _if_you_do:
            continue
        found = pattern.fullmatch(inner)
        if found:
            actions = build(found, read)
            if not actions or len(actions) != 1:
                return None
            (kind, params), = actions[0].items()
            if "may" in params:
                return None
            return [{kind: {**params, "if_done": True}}]
    return None


SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (rf"you may sacrifice {SELF_WORDS}\.", lambda m, r: [{"sacrifice": {"what": "self", "may": True}}]),
    (r"you may exile a card from your hand\.",
     lambda m, r: [{"move": {"what": "card_from_hand", "to": "exile", "may": True}}]),
    (r"return each card exiled with ~ to the battlefield under its owner's control\.",
     lambda m, r: [{"move": {"what": "linked", "to": "battlefield", "under": "owner"}}]),
))


def _doesnt_untap_next(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Target creature an opponent controls doesn't untap during its controller's next untap step."
    (Skyline Cascade): a restriction on its target, fixed as it resolves (611.2c), that applies in
    the next untap step of the player who controls it and then ends (502.3, 611.2a)."""
    from .effects import read_target
    t = read_target(m.group(1))
    if t is None or not isinstance(t[0], dict) or read.creates is not None:
        return None
    read.target, read.targets = t[0], [t[1]]
    read.creates = {"restrict": {"what": ["untap"], "to": "target"}, "duration": "its_controllers_next_untap_step"}
    return []


SENTENCES = SENTENCES + tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    (r"target ([a-z ]+?) doesn't untap during its controller's next untap step\.", _doesnt_untap_next),
))


def beside_its_targets(read: EffectRead) -> bool:
    """An effect on its targets created beside actions, read whole because the order cannot matter
    (611.2c: the effect's objects are fixed as it resolves, and it changes nothing the actions
    read): a grant of keywords to its targets beside counters put on each of them ("Put a +1/+1
    counter on each of up to two target creatures you control. They gain vigilance and lifelink
    until end of turn.", Bretagard Stronghold), or a pump of its target beside tokens created
    ("Up to one target creature you don't control gets -2/-2 until end of turn. Create two 1/1 ...
    tokens.", Skemfar Elderhall: 111.1, the tokens are no targets)."""
    creates = read.creates or {}
    if set(creates) == {"grant", "duration"} and creates["grant"].get("to") == "target" and \
            set(creates["grant"].get("ability", {})) == {"keywords"}:
        return all(a.get("counters", {}).get("what") == "targets" for a in read.does)
    if set(creates) == {"pt", "duration"} and isinstance(creates["pt"], dict) and creates["pt"].get("to") == "target" \
            and "modify" in creates["pt"]:
        return all(set(a) == {"create_token"} and "who" not in a["create_token"] for a in read.does)
    return False


def _counter_on_each_of_up_to(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a +1/+1 counter on each of up to two target creatures you control." (Bretagard
    Stronghold): as Rishkar's words (compiler/act_tail.py), the targets of its controller's (115.3,
    115.6)."""
    from .act_tail import _counter_on_each_of_up_to as read_plural
    return read_plural(re.match(r"(.*)\|(.*)\|(.*)\|(.*)", f"{m.group(1)}|{m.group(2)}|{m.group(3)}|"
                                                          f"creature{m.group(4) or ''}"), read)


def _they_gain(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"They gain vigilance and lifelink until end of turn." after counters on each of its targets
    (Bretagard Stronghold): a grant to those targets, fixed as it resolves (611.2c, 613.1f)."""
    from .effects import _created, _keywords
    if not read.does or read.does[-1].get("counters", {}).get("what") != "targets":
        return None
    kw = _keywords(m.group(1))
    if kw is None or not kw[0] or kw[1]:
        return None
    return _created(read, {"grant": {"to": "target", "ability": {"keywords": kw[0]}}})


SENTENCES = tuple((re.compile(p, re.IGNORECASE), f) for p, f in (
    ((r"put (a|an|one|two|three) ([+-]\d+/[+-]\d+) counters? on each of up to (two|three) target creatures"
      r"( you control)?\."), _counter_on_each_of_up_to),
)) + SENTENCES
# (tried after every other sentence: "They gain haste until end of turn." after tokens is land_tail's,
# "If you do, draw a card." after a discard compiler/act_tail.py's)
LATE_SENTENCES = ((re.compile(r"they gain ([a-z ,]+?) until end of turn\.", re.IGNORECASE), _they_gain),
                  (re.compile(r"If you do, (.+\.)"), _if_you_do))


def _up_to_one_first(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Up to one target creature you don't control gets -2/-2 until end of turn." (Skemfar
    Elderhall): compiler/act_tail.py's "up to one target" (115.6) at the start of a sentence."""
    from .act_tail import _up_to_one
    return _up_to_one(re.match(r"()(.*)", m.group(1), re.DOTALL), read)


SENTENCES = SENTENCES + ((re.compile(r"Up to one target (.+)", re.DOTALL), _up_to_one_first),)


# -- static lines (line templates, compiler/lines.py) -------------------------------------------
def cant_attack_group(text: str, ctx, normal: str):
    """"Creatures you control can't attack." (Glacial Chasm): a restriction on its controller's
    creatures while it is on the battlefield, checked as attackers are declared (508.1c)."""
    if normal != "Creatures you control can't attack.":
        return None
    return {"static": {"restrict": {"what": ["attack"], "to": {"filter": ["creature"], "controller": "you"}}}}, \
        "restriction", ()


def prevent_all_to_you(text: str, ctx, normal: str):
    """"Prevent all damage that would be dealt to you." (Glacial Chasm): a static prevention effect
    on its controller (615.1a, 615.6)."""
    if normal != "Prevent all damage that would be dealt to you.":
        return None
    return {"static": {"prevent": "damage_to_you"}}, "static_prevention", ()


def _put_one_linked(m: re.Match, read: EffectRead) -> list[dict] | None:
    """"Put a creature card exiled with this permanent onto the battlefield under your control."
    (Tomb of the Dusk Rose): one of the cards of that kind its linked ability exiled (607.2a), its
    controller's choice as it resolves (608.2d), under their control (110.2)."""
    from .effects import kind_words
    kind = kind_words(m.group(1))
    if not kind or "filter" not in kind:
        return None
    return [{"move": {"what": "linked", "filter": kind["filter"], "count": 1, "to": "battlefield"}}]


SENTENCES = SENTENCES + ((re.compile(r"Put an? ([a-z ]+?) card exiled with (?:~|this permanent) onto the battlefield "
                                     r"under your control\."), _put_one_linked),)
