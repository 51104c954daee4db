"""The actions an effect takes as it is carried out (`does:` in the card vocabulary): each a
kind with parameters, as Forge's card scripts write an effect (`DB$ Draw | NumCards$ 2`), not
one verb per card. What each kind means under the rules is asp/effects.lp's; this module only
checks that an action is written in the vocabulary and gives it to the renderer.

An action is one mapping ``{kind: {parameter: value, ...}}``; the list is carried out in the
order written (CR 608.2c). Object words: ``self`` (its source, if still that object, 400.7),
``target`` (its first target), ``it`` (the object the action before moved, 400.7j; for
``counters`` the creature its trigger refers to), ``each`` (every permanent matching ``filter``,
``controller: you`` for yours). Player words: ``you`` (its controller), ``each_opponent``,
``target``, ``that_player`` (the player its trigger names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .yamlio import Fields, describe

Value = str | int | bool | tuple[str, ...] | tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Action:
    """One action: its kind and its parameters, every default filled in."""

    kind: str
    params: tuple[tuple[str, Value], ...]

    def get(self, key: str, default: Value | None = None) -> Value | None:
        return dict(self.params).get(key, default)


def _words(*allowed: str) -> Callable[[Any], str]:
    def check(v: Any) -> str:
        if v not in allowed:
            raise ValueError(f"one of {', '.join(allowed)}")
        return v
    return check


def _positive(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise ValueError("a positive whole number")
    return v


def _non_negative(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError("a whole number, 0 or more")
    return v


def _flag(v: Any) -> bool:
    if v is not True:
        raise ValueError("true (leave it out for false)")
    return True


def _name(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ValueError("a name, like \"+1/+1\" or Thopter")
    return v.strip()


def _names(v: Any) -> tuple[str, ...]:
    """Card names (201.2): a list of one or more, each as the Oracle card reference spells it."""
    if not isinstance(v, list) or not v or any(not isinstance(n, str) or not n.strip() for n in v):
        raise ValueError("a list of card names, like [Heart-Piercer Bow, Vial of Dragonfire]")
    return tuple(n.strip() for n in v)


def _positive_or(*words: str) -> Callable[[Any], int | str]:
    def check(v: Any) -> int | str:
        if v in words:
            return v
        try:
            return _positive(v)
        except ValueError:
            raise ValueError(f"a positive whole number or {' or '.join(words)}") from None
    return check


def _mana_cost(v: Any) -> str:
    """A mana cost an effect asks for ("unless you pay {1}{W}"): generic, colored, colorless and
    hybrid symbols (CR 107.4); no X (107.3: nothing would choose it)."""
    symbols = re.findall(r"\{([^{}]+)\}", v) if isinstance(v, str) else []
    if not symbols or "".join(f"{{{s}}}" for s in symbols) != v.strip() or \
            not all(re.fullmatch(r"\d+|[WUBRGC]|[WUBRG]/[WUBRG]|2/[WUBRG]", s) for s in symbols):
        raise ValueError("a mana cost like {1} or {1}{W} (generic, colored, colorless or hybrid symbols)")
    return v.strip()


def _mana_letter(v: Any) -> str:
    m = re.fullmatch(r"\{([WUBRG])\}", str(v)) if isinstance(v, str) else None
    if not m:
        raise ValueError("one colored mana symbol, like {B}")
    return m.group(1)


FILTER = "filter"       # a filter: checked by the caller's parse_filter (types, colors, subtypes)
ANY_OF = "any_of"       # a list of filters, any of which may hold ("a Plains or Island card")


@dataclass(frozen=True)
class Kind:
    params: dict[str, Callable[[Any], Value] | str]
    required: tuple[str, ...] = ()
    defaults: tuple[tuple[str, Value], ...] = ()
    # (condition on the parameters, what is wrong when it holds)
    rules: tuple[tuple[Callable[[dict], bool], str], ...] = ()


_OBJECT = ("self", "target", "it", "each")
_SACRIFICE_IFS = ("unless_sacrifice", "unless_return", "unless_pay", "if_no_counters")

KINDS: dict[str, Kind] = {
    # Moving objects between zones (400.1, 400.7): "Exile target creature", "Return it to the
    # battlefield under your control", "Return target card from your graveyard to the
    # battlefield" (110.2), "Look at the top card of your library. You may exile that card",
    # "Target player exiles all cards from their hand face down" (406.3), "Return the exiled
    # cards to their owner's hand" (607.2a), "Put a card from your hand on top of your
    # library", "Exile the top card of your library. You may play it until ..." (601.3), "You
    # may reveal a sorcery card you own from outside the game and put it into your hand"
    # (400.11b), "Exile target player's graveyard" (what: graveyard, whose: target; every card in
    # it), "Put your commander into your hand from the command zone" (what: commander), "Exile ~"
    # (a spell's last instruction, 608.2n), "Return a land you control to
    # its owner's hand" (what: one: a permanent its controller chooses as it resolves, not a
    # target), "Return it to the battlefield tapped" (110.5b); "Discard a card" (701.9a: a card
    # from the hand to the graveyard), "Target player mills two cards" (701.13a).
    "move": Kind(
        {"what": _words("target", "it", "self", "top_of_library", "hand", "card_from_hand", "linked",
                        "card_outside", "one", "graveyard", "commander", "card_from_graveyard", "them"),
         # (library_top_or_bottom: "The owner of target nonland permanent puts it on the top or bottom of
         # their library", Moonsnare Prototype: its owner chooses, each an outcome)
         "to": _words("exile", "hand", "battlefield", "graveyard", "library_top", "library_bottom",
                      "library_top_or_bottom"),
         "whose": _words("you", "target", "each_player"), "may": _flag, "face_down": _flag,
         "playable": _words("until_end_of_turn", "until_another"), "filter": FILTER, "any_of": ANY_OF,
         # "Until end of turn, you may cast spells from among them" (Apex of Power): to cast only
         "cast_only": _flag,
         "controller": _words("you"), "tapped": _flag,
         # "Return a creature card at random from your graveyard" (Haunted Fengraf): no one chooses
         "random": _flag,
         # "Exile target creature you control" linked to "Return each creature card exiled with ~"
         # (Endless Sands, 607.2a: link, with to: exile); "under its owner's control" (under: owner)
         "link": _flag, "under": _words("owner"),
         # "mills N cards" (701.13a): the top N cards of the library (what: top_of_library);
        # "discards three cards" (701.9a): that many from the hand (what: card_from_hand)
         # "You may put any number of creature and/or land cards from among them onto the battlefield"
         # (Xenagos, the Reveler; what: them, count: any): any of the cards the instruction before moved
         "count": _positive_or("any")},
        required=("what", "to"),
        rules=((lambda p: (p.get("count") == "any") != (p["what"] == "them"),
                "count: any goes with what: them (\"any number of ... cards from among them\")"),
               (lambda p: "whose" in p and p["what"] not in ("top_of_library", "hand", "card_from_hand", "graveyard",
                                                             "card_from_graveyard"),
                "whose names the player of top_of_library, hand, card_from_hand, graveyard or card_from_graveyard"),
               (lambda p: p["what"] in ("card_outside", "one") and "filter" not in p,
                "what: card_outside and what: one need a filter (\"a sorcery card\": [sorcery])"),
               # "You may put a land card from your hand onto the battlefield" (card_from_hand
               # with a filter: only such a card, by what it prints)
               # "If that card is snow, you may reveal it and put it into your hand" (Scrying
               # Sheets: top_of_library with a filter: the top card, only if it is of that kind)
               (lambda p: "filter" in p and p["what"] not in ("card_outside", "one", "card_from_hand",
                                                              "card_from_graveyard", "top_of_library", "linked"),
                ("filter goes with what: card_outside, one, card_from_hand, card_from_graveyard, top_of_library "
                 "or linked")),
               (lambda p: "link" in p and p["to"] != "exile", "link goes with to: exile"),
               (lambda p: "under" in p and p["to"] != "battlefield", "under goes with to: battlefield"),
               (lambda p: "filter" in p and p["what"] == "top_of_library" and "count" in p,
                "filter goes with the top card (no count)"),
               # "return a creature or planeswalker card from your graveyard to your hand"
               # (Takenuma): one card of the graveyard, chosen as it resolves (608.2d)
               # (neither, whose: target: "Target opponent exiles a card from their graveyard", Grave
               # Birthing: any card of it)
               (lambda p: p["what"] == "card_from_graveyard" and ("filter" in p) == ("any_of" in p)
                and not ("filter" not in p and p.get("whose") == "target"),
                ("what: card_from_graveyard takes filter or any_of (\"a creature or planeswalker card\"); neither "
                 "only with whose: target (\"a card from their graveyard\")")),
               (lambda p: "any_of" in p and p["what"] not in ("card_from_graveyard", "them", "top_of_library"),
                "any_of goes with what: card_from_graveyard, them or top_of_library"),
               (lambda p: "controller" in p and p["what"] != "one", "controller goes with what: one"),
               (lambda p: "random" in p and p["what"] != "card_from_graveyard", "random goes with what: card_from_graveyard"),
               (lambda p: "tapped" in p and p["to"] != "battlefield", "tapped goes with to: battlefield"),
               (lambda p: "cast_only" in p and p.get("playable") != "until_end_of_turn",
                "cast_only goes with playable: until_end_of_turn"),
               (lambda p: ("face_down" in p or "playable" in p) and p["to"] != "exile",
                "face_down and playable go with to: exile"),
               (lambda p: "count" in p and p["what"] not in ("top_of_library", "card_from_hand", "linked", "one", "them"),
                "count goes with what: top_of_library, card_from_hand, linked, one or them"),
               # "Put a creature card exiled with this permanent onto the battlefield" (Tomb of the
               # Dusk Rose): count of the linked cards matching the filter, chosen as it resolves;
               # "Return two lands you control to their owner's hand" (Khalni Gem: what: one, count)
               (lambda p: p["what"] == "linked" and "count" in p and "filter" not in p,
                "count of linked cards goes with a filter (\"a creature card exiled with ~\")"))),
    # "Draw N cards", "you may draw N cards", "... then draws that many cards" (121.1).
    # "Each player draws a card" (who: each_player).
    # "Draw a card if you control an artifact." (Roadside Reliquary; if_you_control: a filter, the
    # condition checked as the instruction is carried out, 608.2c).
    # "Draw a card for each green creature you control." (Freyalise; for_each: a filter, controller:
    # you), "... for each color among permanents you control" (Chromatic Orrery; colors_among: you):
    # count cards for each, counted as it resolves (608.2h).
    "draw": Kind({"count": _positive_or("that_many"), "who": _words("you", "target", "each_player", "its_controller"),
                  "may": _flag, "if_its_power": _words("greatest"), "if_you_control": FILTER, "for_each": FILTER, "controller": _words("you"),
                  "colors_among": _words("you"), "if_controls_named": _words("self")},
                 defaults=(("count", 1),),
                 rules=((lambda p: "controller" in p and "for_each" not in p, "controller goes with for_each"),
                        (lambda p: ("for_each" in p or "colors_among" in p) and
                         ("for_each" in p and "colors_among" in p or p["count"] == "that_many"),
                         "for_each or colors_among (one of them) goes with a number count"),
                        # "Each player who controls a permanent named ~ draws a card." (Bonder's Ornament)
                        (lambda p: "if_controls_named" in p and p.get("who") != "each_player",
                         "if_controls_named goes with who: each_player"))),
    # "~ deals N damage to target / each opponent / you"; "damage equal to its power" (120.3).
    # "... to each creature [you control]" (to: each, filter, controller: you): each permanent
    # matching the filter as it resolves. "... and each creature and planeswalker they control"
    # after "target player" (any_of: either kind; controller: target, the player it targets).
    # "... and 3 damage to any other target" (to: second_target: the second target, Explosive Welcome).
    "damage": Kind({"to": _words("target", "you", "each_opponent", "that_player", "each", "second_target"),
                    "amount": _positive_or("power"), "filter": FILTER, "any_of": ANY_OF,
                    "controller": _words("you", "target"), "may": _flag,
                    "with": _words("flying", "reach", "defender", "trample", "haste", "vigilance", "deathtouch", "lifelink"),
                    "without": _words("flying", "reach", "defender", "trample", "haste", "vigilance", "deathtouch",
                                      "lifelink")},
                   required=("to", "amount"),
                   rules=((lambda p: ("filter" in p or "any_of" in p) != (p["to"] == "each"),
                           "to: each goes with a filter (or any_of), and a filter with to: each"),
                          (lambda p: "filter" in p and "any_of" in p, "give filter or any_of, not both"),
                          (lambda p: "controller" in p and p["to"] != "each", "controller goes with to: each"),
                          (lambda p: ("with" in p or "without" in p) and p["to"] != "each",
                           "with and without go with to: each (\"each creature without flying\")"))),
    # "[Each opponent / you] lose(s) N life", "You gain N life" (119.3).
    # "... then you lose life equal to the number of cards in your hand" (amount: cards_in_hand).
    # "defending player loses 3 life" (afflict, 702.130a: the defending player of its source, 506.2).
    "lose_life": Kind({"who": _words("you", "each_opponent", "target", "that_player", "defending_player", "each_player"),
                       "amount": _positive_or("cards_in_hand", "sacrificed_toughness", "sacrificed_power")},
                      required=("amount",), defaults=(("who", "you"),)),
    # "You gain 2 life for each creature you control" (for_each: a filter, counted on the
    # battlefield as it resolves; controller: you for "you control"), "Each opponent gains 1 life".
    # "You gain life equal to the sacrificed creature's toughness" (amount: sacrificed_toughness;
    # sacrificed_power: its power; 608.2h: as it last existed).
    # "you gain life equal to the total life lost this way" (extort, 702.101a; amount: life_lost):
    # the life the instruction before it took, the lose_life just before it.
    # "... and you gain 1 life" for each artifact or creature card in target opponent's graveyard
    # (Spoils of Evil; cards_in: graveyard, cards_of: target, with filter or any_of): those cards,
    # counted as it resolves.
    "gain_life": Kind({"who": _words("you", "target", "each_opponent"),
                       "amount": _positive_or("sacrificed_toughness", "sacrificed_power", "life_lost", "greatest_power"),
                       "for_each": FILTER,
                       "controller": _words("you"), "if_you_control": FILTER, "may": _flag,
                       "cards_in": _words("graveyard"), "cards_of": _words("target"), "filter": FILTER,
                       "any_of": ANY_OF, "if_you_control_any": ANY_OF},
                      required=("amount",), defaults=(("who", "you"),),
                      rules=((lambda p: "controller" in p and "for_each" not in p, "controller goes with for_each"),
                             (lambda p: ("cards_in" in p) != ("cards_of" in p) or
                              ("cards_in" in p and "for_each" in p),
                              "cards_in and cards_of go together, without for_each"),
                             (lambda p: ("filter" in p or "any_of" in p) and "cards_in" not in p,
                              "filter and any_of go with cards_in"))),
    # "You get {E}{E}" (107.14).
    "get_energy": Kind({"amount": _positive}, required=("amount",)),
    # "Each player's life total becomes the number of creatures they control." (Shaman of Forgotten
    # Ways; to: creatures_controlled): each player gains or loses the life that makes their total
    # that number (119.5), counted as it resolves (608.2h).
    "set_life": Kind({"who": _words("you", "each_player"), "to": _words("creatures_controlled")},
                     required=("to",), defaults=(("who", "you"),)),
    # "Put N [kind] counters on ~ / it / target ... / each creature you control" (122.1).
    # "... on each of up to two target creatures" (what: targets: each of its targets).
    # "You get a poison counter" (Noxious Bayou; what: you, kind: poison): on its controller (122.1f).
    # "... for each +1/+1 counter on this permanent" (modular, 702.43a; for_each_counter: a kind):
    # `count` times the source's counters of that kind, as it last existed if it has left (608.2h).
    # "Put a +1/+1 counter on it if it's a creature and a loyalty counter on it if it's a planeswalker."
    # (Forge of Heroes; if_target: a filter): only if its target matches it as it resolves (608.2c).
    "counters": Kind({"what": _words(*_OBJECT, "targets", "you", "created_token"), "kind": _name, "count": _positive_or("x"), "filter": FILTER,
                      "controller": _words("you"), "may": _flag, "for_each_counter": _name, "if_target": FILTER,
                      "for_each": _words("spell_colors")},
                     required=("what", "kind"), defaults=(("count", 1),),
                     rules=((lambda p: (p["what"] == "each") != ("filter" in p), "what: each goes with a filter"),
                            (lambda p: (p["what"] == "you") != (p["kind"] == "poison"),
                             "what: you goes with kind: poison (a player's counters: 122.1f), and poison with what: you"),
                            (lambda p: "controller" in p and p["what"] != "each", "controller goes with what: each"),
                            (lambda p: "if_target" in p and p["what"] != "target", "if_target goes with what: target"),
                            (lambda p: "for_each" in p and "for_each_counter" in p, "give for_each or for_each_counter, not both"))),
    # "Remove N [kind] counters from ~" (122.1); count: all, "remove all charge counters from ~".
    "remove_counters": Kind({"what": _words("self"), "kind": _name, "count": _positive_or("all")},
                            required=("what", "kind"), defaults=(("count", 1),)),
    # "Double the number of each kind of counter on target permanent" (122.1).
    "double_counters": Kind({"what": _words("target")}, required=("what",)),
    # "Move a counter from target creature onto a second target creature" (122.5).
    # "you may move a +1/+1 counter from this permanent onto that creature" (graft, 702.58a: from:
    # self, to: it, the creature its trigger refers to; kind: that kind only; may: 608.2d).
    "move_counter": Kind({"from": _words("first_target", "self"), "to": _words("second_target", "it"),
                          "kind": _name, "may": _flag},
                         required=("from", "to"),
                         rules=((lambda p: (p["from"] == "self") != (p["to"] == "it"),
                                 "from: self goes with to: it, and first_target with second_target"),)),
    # "Create N [card] tokens", "... for each [kind] counter on ~" (111.1, 608.2h).
    # "You may create ..." (may: its controller's choice as it resolves, 608.2d).
    # "Target opponent creates a 1/1 ... token" (Forbidden Orchard; who: target): that player creates
    # it, under their control (111.2). "If you control an Eldrazi Spawn, create three ... tokens. ...
    # Otherwise, create one of those tokens." (Brood Birthing: if_you_control, then
    # unless_you_control: its controller controls no such permanent then, 608.2c).
    # "create a 1/1 red Goblin creature token that's tapped and attacking" (Den of the Bugbear's attack
    # trigger; tapped_attacking: true): it enters tapped and attacking (508.4).
    "create_token": Kind({"card": _name, "count": _positive_or("x", "damage_dealt"), "for_each_counter": _name, "may": _flag,
                          "who": _words("you", "target"), "if_you_control": FILTER, "unless_you_control": FILTER,
                          "tapped_attacking": _flag},
                         required=("card",), defaults=(("count", 1),)),
    # "Tap target creature", "Tap all creatures with globe counters on them" (701.26a).
    "tap": Kind({"what": _words("target", "targets", "each", "self", "it"), "filter": FILTER, "with_counter": _name},
                required=("what",),
                rules=((lambda p: (p["what"] == "each") != ("filter" in p), "what: each goes with a filter"),
                       (lambda p: "with_counter" in p and p["what"] != "each", "with_counter goes with what: each"))),
    # "Untap ~", "Untap that creature" (701.26b).
    # "Then if you control four or more lands, untap that land." (Fabled Passage: what: it, the
    # permanent the instruction before put onto the battlefield; if_you_control with at_least: that
    # many, counted as it is carried out, 608.2c)
    "untap": Kind({"what": _words("self", "target", "it"), "if_you_control": FILTER, "at_least": _positive},
                  required=("what",),
                  rules=((lambda p: "at_least" in p and "if_you_control" not in p, "at_least goes with if_you_control"),)),
    # "Transform ~" (701.27a: its source turns over to its other face, which the state names;
    # asp/transform.lp).
    "transform": Kind({"what": _words("self")}, required=("what",)),
    # "it becomes renowned" (renown, 702.112a): its source, if still that object on the battlefield
    "renowned": Kind({"what": _words("self")}, required=("what",)),
    # "If it's night, it becomes day. Otherwise, it becomes night." (The Celestus: becomes day with
    # if_now: night, then becomes night with if_now: not_night; the game's designation as the
    # instructions begin, 731.1; asp/daynight.lp).
    "day_night": Kind({"becomes": _words("day", "night"), "if_now": _words("day", "night", "not_night")},
                      required=("becomes",)),
    # "Remove target attacking or blocking creature from combat" (506.4): every target named.
    "remove_from_combat": Kind({"what": _words("target")}, required=("what",)),
    # "Sacrifice ~", "That player sacrifices a creature", "Target opponent sacrifices a creature"
    # (who: target), "Sacrifice two lands" (count: 2), "Sacrifice ~ unless you sacrifice a
    # creature", "... unless you return a non-Lair land you control to its owner's hand",
    # "... unless you return an untapped Plains you control ..." (unless_untapped: the permanent
    # must be untapped), "... unless you pay {1}" (118.12a), "If there are no mining counters on
    # ~, sacrifice it" (701.21a).
    # "You may sacrifice ~" (may: its controller's choice as it resolves, 608.2d).
    "sacrifice": Kind({"what": _words("self", "one"), "who": _words("you", "that_player", "target"), "filter": FILTER,
                       "may": _flag,
                       "unless_sacrifice": FILTER, "unless_return": FILTER, "unless_pay": _mana_cost,
                       "unless_untapped": _flag, "if_no_counters": _name, "count": _positive},
                      required=("what",),
                      rules=((lambda p: (p["what"] == "one") != ("filter" in p), "what: one goes with a filter"),
                             (lambda p: any(k in p for k in _SACRIFICE_IFS) and p["what"] != "self",
                              "unless_sacrifice, unless_return, unless_pay and if_no_counters go with what: self"),
                             (lambda p: sum(k in p for k in _SACRIFICE_IFS) > 1,
                              "one of unless_sacrifice, unless_return, unless_pay and if_no_counters at most"),
                             (lambda p: "unless_untapped" in p and not ("unless_sacrifice" in p or "unless_return" in p),
                              "unless_untapped goes with unless_sacrifice or unless_return"),
                             (lambda p: "who" in p and p["what"] != "one", "who goes with what: one"),
                             (lambda p: "may" in p and (p["what"] != "self" or any(k in p for k in _SACRIFICE_IFS)),
                              "may goes with what: self alone (\"You may sacrifice ~\")"),
                             (lambda p: "count" in p and p["what"] != "one", "count goes with what: one"))),
    # "Destroy target land" (701.8a: to its owner's graveyard; not an indestructible one, 702.12b).
    # "Destroy each nonland permanent with mana value equal to the number of charge counters on ~"
    # (Blast Zone: what: each with filter; mana_value_counters: the counter kind, 202.3, 608.2h);
    # "... with mana value 2 or less" (Culling Ritual: mana_value_at_most, 202.3).
    "destroy": Kind({"what": _words("target", "each"), "filter": FILTER, "mana_value_counters": _name,
                     "mana_value_at_most": _non_negative},
                    required=("what",),
                    rules=((lambda p: (p["what"] == "each") != ("filter" in p), "what: each goes with filter"),
                           (lambda p: "mana_value_counters" in p and p["what"] != "each",
                            "mana_value_counters goes with what: each"),
                           (lambda p: "mana_value_at_most" in p and p["what"] != "each",
                            "mana_value_at_most goes with what: each"),
                           (lambda p: "mana_value_at_most" in p and "mana_value_counters" in p,
                            "mana_value_at_most and mana_value_counters do not go together"))),
    # "Attach ~ to target creature you control" (701.3a).
    "attach": Kind({"what": _words("self"), "to": _words("target")}, required=("what", "to")),
    # "Counter that spell" (701.6a).
    "counter": Kind({"what": _words("that_spell")}, required=("what",)),
    # "Cumulative upkeep—Pay {B} and 1 life" (702.24a): for each age counter, one colored mana
    # (`mana`), generic mana (`generic`: "Cumulative upkeep {1}") and life; or "Cumulative
    # upkeep—Add {R}" (`adds`: the cost is adding that mana, Braid of Fire).
    "cumulative_upkeep": Kind({"mana": _mana_letter, "generic": _positive, "life": _non_negative,
                               "adds": _mana_letter}, defaults=(("life", 0),),
                              rules=((lambda p: not ({"mana", "generic", "adds"} & set(p)) and not p["life"],
                                      "needs its cost: mana, generic, life or adds"),
                                     (lambda p: "adds" in p and ({"mana", "generic"} & set(p) or p["life"]),
                                      "adds is the whole cost (\"Cumulative upkeep—Add {R}\")"))),
    # "Look at the top card of target player's library." (Moonring Island): a player looks at a
    # hidden card (the top card of a library, 401.2: its order unchanged); who has seen a hidden card
    # is not kept, so it changes nothing the state holds (its target is checked as it resolves, 608.2b)
    "look": Kind({"whose": _words("you", "target"), "count": _positive}, required=("whose",),
                 defaults=(("count", 1),)),
    # "you may pay {W/B}. If you do, ..." (extort, 702.101a): its controller pays the mana cost
    # from their pool as it resolves (118.3a; a hybrid symbol either way, 118.13b), if they choose
    # to and can (608.2d); the next instruction's `if_done` asks whether they paid.
    "pay": Kind({"cost": _mana_cost, "may": _flag}, required=("cost", "may")),
    # "Scry N" (701.22a): look at the top N cards of your library, put any number of them on the
    # bottom and the rest on top, each in any order. "Surveil N" (701.25a): ... into your
    # graveyard. Every distinct library it can leave is an outcome (asp/effects.lp bounds N).
    "scry": Kind({"count": _positive}, required=("count",)),
    # "Look at the top three cards of your library, then put them back in any order" (401.4).
    "reorder_top": Kind({"count": _positive}, required=("count",)),
    "surveil": Kind({"count": _positive}, required=("count",)),
    # "Look at the top four cards of your library. You may reveal a noncreature, nonland card from
    # among them and put it into your hand. Put the rest on the bottom of your library in any
    # order." (Azcanta, the Sunken Ruin): the top `count` cards looked at, at most one of the kind
    # (`filter`, or any of `any_of`) into the hand, the others on the bottom (401.4); `order:
    # random` ("in a random order", Memorial to Unity): no player chooses it.
    # `to: battlefield` ("You may put a non-Human creature card from among them onto the battlefield",
    # Kinnan, Bonder Prodigy): that card onto the battlefield under its controller's control (110.2).
    # `to: library_top` ("reveal up to one basic land card from among them, then put that card on top
    # of your library and the rest on the bottom", Fertile Thicket); `may: true`: "you may look ...".
    "dig": Kind({"count": _positive, "filter": FILTER, "any_of": ANY_OF, "order": _words("any", "random"),
                 "to": _words("hand", "battlefield", "library_top"), "may": _flag},
                required=("count", "order"),
                rules=((lambda p: ("filter" in p) == ("any_of" in p), "give filter or any_of (the kind put into the hand)"),)),
    # "Search your library for a basic land card, put it onto the battlefield tapped, then
    # shuffle" (701.23a, 701.24a): `filter` or `any_of` is the quality searched for ("a Plains or
    # Island card": any_of [[plains], [island]]); without either, any card ("a card", 701.23d:
    # it must be found). `count` ("up to two"), `to`, `tapped` (110.5b), `shuffle` ("then
    # shuffle"), `may` ("you may search": the whole sentence, shuffle included, is optional).
    # Revealing it (701.20a) changes nothing here, so the sentence may say it or not.
    # `each_of` (two filters): "a Forest card and a Plains card" (Krosan Verge), "an Aura card
    # and/or an Equipment card" (Axgard Armory): one card of each kind at most, two different
    # cards. `count: any`: "any number of God cards" (The World Tree). `share_land_type`: "up to
    # two basic land cards that share a land type" (Myriad Landscape, 205.3i).
    "search": Kind({"filter": FILTER, "any_of": ANY_OF, "each_of": ANY_OF, "count": _positive_or("any"),
                    "share_land_type": _flag,
                    "to": _words("battlefield", "hand", "graveyard", "library_top"), "tapped": _flag, "shuffle": _flag,
                    "may": _flag,
                    # who searches (608.2c): each player, or the controller of its target as it
                    # last existed (608.2h: "Its controller may search their library"); each their
                    # own library, the card under their control (110.2a); default: you
                    "who": _words("you", "each_player", "target_controller"),
                    # "a card with the same mana value as the discarded card" (transmute, 702.53a):
                    # source: the card of the ability's source (202.3)
                    "mana_value": _words("source"),
                    # "a card named Heart-Piercer Bow or Vial of Dragonfire" (Renowned Weaponsmith):
                    # a card with any of these names (201.2: an object's name is its card's), a
                    # stated quality (701.23b: it may not be found); ~ is the name of the
                    # ability's own card ("a card named ~", Howling Wolf)
                    "named": _names},
                   required=("to",), defaults=(("count", 1),),
                   rules=((lambda p: "filter" in p and "any_of" in p, "filter or any_of, not both"),
                          (lambda p: "each_of" in p and ("filter" in p or "any_of" in p or p["count"] != 1),
                           "each_of stands alone: one card of each of its filters (no filter, any_of or count)"),
                          (lambda p: "each_of" in p and (len(p["each_of"]) != 2 or p["each_of"][0] == p["each_of"][1]),
                           "each_of lists two different filters (\"a Forest card and a Plains card\")"),
                          (lambda p: "share_land_type" in p and p["count"] != 2,
                           "share_land_type goes with count: 2 (\"up to two basic land cards that share a land type\")"),
                          (lambda p: "tapped" in p and p["to"] != "battlefield", "tapped goes with to: battlefield"),
                          # "then shuffle and put that card on top" (Elvish Harbinger; to: library_top)
                          (lambda p: p["to"] == "library_top" and ("shuffle" not in p or p["count"] != 1),
                           "to: library_top goes with shuffle: true and one card (\"then shuffle and put that card on top\")"),
                          (lambda p: "named" in p and any(k in p for k in ("filter", "any_of", "each_of", "mana_value",
                                                                           "share_land_type")),
                           "named stands alone as the quality (no filter, any_of, each_of, mana_value)"))),
    # "Proliferate" (701.34a).
    "proliferate": Kind({}),
    # "Shuffle your library" (701.24a).
    "shuffle": Kind({"who": _words("you", "target")}, defaults=(("who", "you"),)),
    # "Choose left or right. Each player gains control of all nonland permanents other than ~
    # controlled by the next player in the chosen direction" (with creates: control: each).
    "rotate_control": Kind({"choose": _words("direction")}, required=("choose",)),
    # "Target Beast creature you control fights target creature an opponent controls" (Contested
    # Cliffs; 701.14a): its two targets, each dealing damage equal to its power to the other.
    "fight": Kind({"what": _words("targets")}, required=("what",)),
    # "Each player gains control of all creatures they own" (Homeward Path; with creates:
    # control: each): each permanent matching the filter as it resolves, to its owner (108.3).
    "control_to_owners": Kind({"what": _words("each"), "filter": FILTER}, required=("what", "filter")),
    # "Target opponent gains control of ~" (Witch Engine; with creates: control: each, duration:
    # indefinitely): its source, to the player it targets (613.1b, 611.2a).
    # "You become the monarch." (725.1, 725.3: Throne of the High City; asp/designations.lp).
    "become_monarch": Kind({}),
    # `to: opponent`: "An opponent gains control of ~" (Rainbow Vale's delayed trigger): an opponent of
    # its controller, chosen as it resolves (608.2d).
    "give_control": Kind({"what": _words("self"), "to": _words("target", "opponent")}, required=("what", "to")),
    # "Flip a coin." (705.1): won or lost, each an outcome (705.2). An action after it may have
    # `if_flip: won | lost` ("If you lose the flip, ~ deals 3 damage to you": Mana Crypt).
    "flip_coin": Kind({}),
    # "Roll a six-sided die." (706.1a): each result from 1 to sides an outcome. An action after it
    # may have `if_roll: N`, the line of its results table for that result (706.3a; Jack-in-the-Mox).
    "roll_die": Kind({"sides": _positive}, required=("sides",)),
}
# The parameter any action may have after a flip_coin in the same list (705.1, 608.2c).
IF_FLIP = ("won", "lost")
# `if_done: true`, the parameter any action may have right after an action with `may: true`: "You may
# sacrifice ~. If you do, return ..." (Safe Haven): carried out only if the action before was
# (608.2c, 608.2d).


def parse_actions(raw: Any, where: str, path: str, parse_filter) -> tuple[Action, ...]:
    """`does:` a non-empty list of actions; parse_filter(value, fields, key) reads a filter."""
    if not isinstance(raw, list) or not raw:
        raise InputError(where, path, "must be a non-empty list of actions like [{draw: {count: 1}}]")
    actions = tuple(parse_action(item, where, f"{path}[{i}]", parse_filter) for i, item in enumerate(raw))
    flips = [i for i, a in enumerate(actions) if a.kind == "flip_coin"]
    for i, a in enumerate(actions):
        if a.get("if_flip") is not None and (len(flips) != 1 or flips[0] > i):
            raise InputError(where, f"{path}[{i}]", "if_flip goes after the one flip_coin of the list (\"Flip a coin. "
                                                    "If you win the flip, ...\")")
    if len(flips) > 1:
        raise InputError(where, f"{path}[{flips[1]}]", "one flip_coin per list here")
    rolls = [i for i, a in enumerate(actions) if a.kind == "roll_die"]
    for i, a in enumerate(actions):
        if a.get("if_not_done") is not None and (i == 0 or actions[i - 1].get("may") is not True):
            raise InputError(where, f"{path}[{i}]", "if_not_done goes right after an action with may: true (\"If you "
                                                    "don't put the card into your hand, ...\")")
        if a.get("if_done") is not None and (i == 0 or (actions[i - 1].get("may") is not True and not (
                actions[i - 1].kind == "sacrifice" and actions[i - 1].get("what") == "one"
                and actions[i - 1].get("count") in (None, 1)))):
            raise InputError(where, f"{path}[{i}]", "if_done goes right after an action with may: true (\"You may "
                                                    "sacrifice ~. If you do, ...\") or a sacrifice of one permanent "
                                                    "(\"Sacrifice a Mountain. If you do, ...\")")
        if a.get("if_none_removed") is not None and not any(b.kind == "remove_counters" for b in actions[:i]):
            raise InputError(where, f"{path}[{i}]", "if_none_removed goes after a remove_counters (\"If no counters were "
                                                    "removed this way, ...\")")
        if a.get("amount") == "life_lost" and (i == 0 or actions[i - 1].kind != "lose_life"):
            raise InputError(where, f"{path}[{i}]", "amount life_lost goes right after a lose_life (\"... and you gain "
                                                    "life equal to the total life lost this way\")")
        r = a.get("if_roll")
        if r is None and a.get("if_roll_to") is not None:
            r = a.get("if_roll_to")     # (a range of results: its last must be one the die has)
        if r is not None and (len(rolls) != 1 or rolls[0] > i or r > actions[rolls[0]].get("sides")):
            raise InputError(where, f"{path}[{i}]", "if_roll goes after the one roll_die of the list, a result the "
                                                    "die has (\"Roll a six-sided die ... 1 — ...\")")
    if len(rolls) > 1:
        raise InputError(where, f"{path}[{rolls[1]}]", "one roll_die per list here")
    return actions


def parse_action(item: Any, where: str, path: str, parse_filter) -> Action:
    # (No parameter is named on, off, yes or no: YAML 1.1 reads those words as booleans.)
    if not isinstance(item, dict) or len(item) != 1:
        raise InputError(where, path, "must be one {kind: {parameter: value}} mapping like {draw: {count: 1}}")
    (kind, raw), = item.items()
    if kind not in KINDS:
        raise InputError(where, path, f"unknown action {kind!r}; known: {', '.join(sorted(KINDS))}")
    spec = KINDS[kind]
    f = Fields(raw if raw is not None else {}, where, f"{path}.{kind}",
               set(spec.params) | {"if_flip", "if_done", "if_roll", "if_none_removed", "if_counters",
                                   "if_not_done"})
    params: dict[str, Value] = dict(spec.defaults)
    for key, value in f.data.items():
        if key == "if_flip":            # (any kind: carried out only on that result of the flip)
            if value not in IF_FLIP or kind == "flip_coin":
                raise f.error(key, f"must be won or lost, on an action after flip_coin, got {describe(value)}")
            params[key] = value
            continue
        if key == "if_none_removed":    # (any kind: only if the remove_counters before it removed none)
            if value is not True:
                raise f.error(key, f"must be true (leave it out for false), got {describe(value)}")
            params[key] = True
            continue
        if key == "if_counters":        # (any kind: only if its source has that many counters then, 608.2c)
            if not isinstance(value, dict) or set(value) != {"kind", "at_least"} or \
                    not isinstance(value["kind"], str) or not value["kind"].strip() or \
                    isinstance(value["at_least"], bool) or not isinstance(value["at_least"], int) or value["at_least"] < 1:
                raise f.error(key, f"must be {{kind: night, at_least: 8}} (a counter kind and a positive whole "
                                   f"number), got {describe(value)}")
            params["if_counters"], params["if_counters_at_least"] = value["kind"].strip(), value["at_least"]
            continue
        if key == "if_not_done":        # (any kind: carried out only if the action before was not)
            if value is not True:
                raise f.error(key, f"must be true (leave it out for false), got {describe(value)}")
            params[key] = True
            continue
        if key == "if_done":            # (any kind: carried out only if the action before was)
            if value is not True:
                raise f.error(key, f"must be true (leave it out for false), got {describe(value)}")
            params[key] = True
            continue
        if key == "if_roll" and isinstance(value, list):
            # "1—9 | Put a component counter on ~." (Component Pouch): a range of results (706.3a),
            # [first, last]: carried out on any result from the first to the last
            if len(value) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in value) or \
                    not 1 <= value[0] <= value[1] or kind == "roll_die":
                raise f.error(key, f"must be a result of the die or a range [first, last] of results (1 or more, "
                                   f"the first not above the last), on an action after roll_die, got {describe(value)}")
            params["if_roll_from"], params["if_roll_to"] = value[0], value[1]
            continue
        if key == "if_roll":            # (any kind: carried out only on that result of the roll, 706.3a)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1 or kind == "roll_die":
                raise f.error(key, f"must be a result of the die (1 or more), on an action after roll_die, got "
                                   f"{describe(value)}")
            params[key] = value
            continue
        check = spec.params[key]
        if check == FILTER:
            params[key] = parse_filter(value, f, key)
            continue
        if check == ANY_OF:
            if not isinstance(value, list) or len(value) < 2:
                raise f.error(key, f"must be a list of two or more filters like [[plains], [island]], "
                                   f"got {describe(value)}")
            params[key] = tuple(parse_filter(v, f, key) for v in value)
            continue
        try:
            params[key] = check(value)
        except ValueError as e:
            raise f.error(key, f"must be {e}, got {describe(value)}") from None
    for key in spec.required:
        if key not in params:
            raise f.error(key, "is required")
    for broken, message in spec.rules:
        if broken(params):
            raise f.error(None, message)
    return Action(kind, tuple(sorted(params.items())))
