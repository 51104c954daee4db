"""Triggered abilities of the pool's mana cards, trig10's part (issue 13; compiler/trig_tail.py):
"You may pay {4}. If you do, untap ~." (608.2d, 118.3a), "If you do, discard a card." (701.9a), a
looked-at top card into the graveyard (608.2d), "At the beginning of your draw step, if ~ is tapped"
(504.1, 603.4), X mana of one color counted from your permanents on the stack (608.2h), a land
creature's reminder with its color (202.2e), "if it was a creature, return this card" (400.7e), the
cost "Exile a card from your graveyard" (406.2), and cast triggers on any spell, a spell of the chosen
color (607.2d) or with mana value N or greater (202.3e). Real pool lines (AtomicCards 2024-03)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of, what_if_on

VAULT = ("Mana Vault", "Artifact", (
    "Mana Vault doesn't untap during your untap step.\nAt the beginning of your upkeep, you may pay {4}. If you do, "
    "untap Mana Vault.\nAt the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you.\n"
    "{T}: Add {C}{C}{C}."))
KEYRUNE = ("Izzet Keyrune", "Artifact", (
    "{T}: Add {U} or {R}.\n{U}{R}: Until end of turn, Izzet Keyrune becomes a 2/1 blue and red Elemental artifact "
    "creature.\nWhenever Izzet Keyrune deals combat damage to a player, you may draw a card. If you do, discard a "
    "card."))
NEST = ("Titans' Nest", "Enchantment", (
    "At the beginning of your upkeep, look at the top card of your library. You may put that card into your "
    "graveyard.\nExile a card from your graveyard: Add {C}. Spend this mana only to cast a spell that's one or more "
    "colors without {X} in its mana cost."))
HARVEST = ("Sanctum of Fruitful Harvest", "Legendary Enchantment — Shrine", (
    "At the beginning of your precombat main phase, add X mana of any one color, where X is the number of Shrines "
    "you control."))
ISLE = ("Jasconian Isle", "Land Creature — Island Fish", (
    "(Jasconian Isle isn't a spell, it's affected by summoning sickness, it's blue, and it has \"{T}: Add {U}.\")\n"
    "Jasconian Isle enters the battlefield tapped.\nJasconian Isle doesn't untap during your untap step.\nAt the "
    "beginning of your upkeep, you may pay {U}{U}. If you do, untap Jasconian Isle."))
TOTEM = ("Weatherseed Totem", "Artifact", (
    "{T}: Add {G}.\n{2}{G}{G}{G}: Weatherseed Totem becomes a 5/3 green Treefolk artifact creature with trample "
    "until end of turn.\nWhen Weatherseed Totem is put into a graveyard from the battlefield, if it was a creature, "
    "return this card to its owner's hand."))
PLUME = ("Paradise Plume", "Artifact", (
    "As Paradise Plume enters the battlefield, choose a color.\nWhenever a player casts a spell of the chosen color, "
    "you may gain 1 life.\n{T}: Add one mana of the chosen color."))
UGIN = ("Sanctum of Ugin", "Land", (
    "{T}: Add {C}.\nWhenever you cast a colorless spell with mana value 7 or greater, you may sacrifice Sanctum of "
    "Ugin. If you do, search your library for a colorless creature card, reveal it, put it into your hand, then "
    "shuffle."))
CONTEMPLATION = ("Contemplation", "Enchantment", "Whenever you cast a spell, you gain 1 life.")
VENGEVINE = ("Vengevine", "Creature — Elemental", (
    "Haste\nWhenever you cast a spell, if it's the second creature spell you cast this turn, you may return "
    "Vengevine from your graveyard to the battlefield."))


def _triggered(spec, n: int) -> dict:
    c = compiled(*spec)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    return c.card["abilities"][n - 1]["triggered"]


def test_pay_then_untap_and_the_draw_step():
    upkeep = _triggered(VAULT, 2)
    assert upkeep["when"] == {"beginning_of_upkeep": "your_turn"}
    assert upkeep["does"] == [{"pay": {"cost": "{4}", "may": True}}, {"untap": {"what": "self", "if_done": True}}]
    draw = _triggered(VAULT, 3)
    assert draw["when"] == {"beginning_of_draw_step": "your_turn"} and draw["condition"] == "self_tapped"
    assert draw["does"] == [{"damage": {"to": "you", "amount": 1}}]
    assert _triggered(ISLE, 4)["does"][0] == {"pay": {"cost": "{U}{U}", "may": True}}


def test_draw_then_discard_and_a_looked_at_card():
    assert effect_of(KEYRUNE, 3)[0] == [{"draw": {"count": 1, "may": True}},
                                        {"move": {"what": "card_from_hand", "to": "graveyard", "if_done": True}}]
    assert effect_of(NEST, 1)[0] == [{"move": {"what": "top_of_library", "to": "graveyard", "may": True}}]
    mana = compiled(*NEST).card["abilities"][1]["activated"]
    assert mana["cost"] == [{"exile": {"filter": ["card"], "from": "graveyard"}}]


def test_x_mana_counted_from_your_shrines_is_read_on_the_stack():
    t = _triggered(HARVEST, 1)
    assert t["add_mana"] == {"any": "color", "amount": {"count": {"filter": ["shrine"], "whose": "you"}}}


def test_a_land_creature_reminder_gives_its_color():
    c = compiled(*ISLE)
    assert c.fully_compiled
    assert c.card["abilities"][0]["reminder"] == ["305.9", "302.6", "305.6"]
    assert c.card["color_indicator"] == ["blue"]
    assert parse_card(c.card, "t").color_indicator == ("blue",)
    # a color the reminder names must go with the basic land type whose mana it names
    wrong = (ISLE[0], "Land Creature — Forest Fish", ISLE[2])
    assert compiled(*wrong).card["abilities"][0].get("text") is not None


def test_if_it_was_a_creature_return_this_card():
    t = _triggered(TOTEM, 3)
    assert t["when"] == {"dies": "self"} and t["does"] == [{"move": {"what": "self", "to": "hand"}}]


def test_cast_triggers():
    assert _triggered(PLUME, 2)["when"] == {"cast_spell": {"chosen_color": True}}
    ugin = _triggered(UGIN, 2)
    assert ugin["when"] == {"cast_spell": {"filter": ["colorless"], "controller": "you", "mana_value_at_least": 7}}
    assert [next(iter(a)) for a in ugin["does"]] == ["sacrifice", "search"]
    assert _triggered(CONTEMPLATION, 1)["when"] == {"cast_spell": {"controller": "you"}}
    # an intervening "if" not read: the line stays words (never a trigger firing where it fails)
    assert compiled(*VENGEVINE).card["abilities"][1].get("text") is not None


@pytest.mark.parametrize("when, match", [
    ({"enters": {"filter": ["creature"], "chosen_color": True}}, "chosen_color"),
    ({"cast_spell": {"filter": ["creature"], "mana_value_at_least": 0}}, "mana_value_at_least"),
])
def test_subject_keys_are_checked(when, match):
    card = compiled(*CONTEMPLATION).card
    card["abilities"][0]["triggered"]["when"] = when
    with pytest.raises(InputError, match=match):
        parse_card(card, "t.yaml")


def test_the_draw_step_trigger_needs_its_source_tapped_as_the_step_begins():
    board = [{"id": "v", "card": "Mana Vault", "controller": "alice"}]
    _, afters = what_if_on([VAULT], board, ["next step"], turn={"number": 5, "active": "alice", "step": "upkeep"})
    assert all("stack" not in a for a in afters)
    board[0]["tapped"] = True
    _, afters = what_if_on([VAULT], board, ["next step", "resolve"],
                           turn={"number": 5, "active": "alice", "step": "upkeep"},
                           library={"alice": [{"id": "top", "card": "Forest"}]})
    assert [a["player alice"] for a in afters] == [{"life": 19}]


EIDOLON = ("Verdant Eidolon", "Creature — Spirit", (
    "{G}, Sacrifice Verdant Eidolon: Add three mana of any one color.\nWhenever you cast a multicolored spell, you "
    "may return Verdant Eidolon from your graveyard to your hand."))


def test_a_trigger_that_returns_the_card_from_the_graveyard_functions_there():
    t = _triggered(EIDOLON, 2)
    assert t["zone"] == "graveyard" and t["when"] == {"cast_spell": {"filter": ["multicolored"], "controller": "you"}}
    assert t["does"] == [{"move": {"what": "self", "to": "hand", "may": True}}]
    card = compiled(*EIDOLON).card
    card["abilities"][1]["triggered"]["zone"] = "hand"
    with pytest.raises(InputError, match="graveyard only"):
        parse_card(card, "t.yaml")


def test_the_graveyard_trigger_does_not_trigger_on_the_battlefield():
    wolf = compile_face({"name": "Watchwolf", "manaCost": "{G}{W}", "type": "Creature — Wolf", "text": "",
                         "power": "3", "toughness": "3"}).card
    cards = [compiled(*EIDOLON).card, wolf]

    def stacks(**zones):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": cards, "hand": {"alice": [{"id": "w", "card": "Watchwolf"}]},
                            "mana_pool": {"alice": "{G}{W}"}, **zones}, "t.yaml")
        got = Session(state).what_if(["cast w"])
        return [len(r.after(got.start)["stack"]) for r in got.results]

    assert stacks(battlefield=[{"id": "e", "card": "Verdant Eidolon", "controller": "alice"}]) == [1]
    assert stacks(graveyard={"alice": [{"id": "e", "card": "Verdant Eidolon"}]}) == [2]


VALAKUT = ("Valakut, the Molten Pinnacle", "Land", (
    "Valakut, the Molten Pinnacle enters the battlefield tapped.\nWhenever a Mountain enters the battlefield under "
    "your control, if you control at least five other Mountains, you may have Valakut, the Molten Pinnacle deal 3 "
    "damage to any target.\n{T}: Add {R}."))


def _valakut(mountains: int, actions: list[str]):
    board = [{"id": "v", "card": VALAKUT[0], "controller": "alice"}] + \
        [{"id": f"m{i}", "card": "Mountain", "controller": "alice"} for i in range(1, mountains + 1)]
    return what_if_on([VALAKUT], board, actions, hand={"alice": [{"id": "new", "card": "Mountain"}]})


def test_valakut_counts_the_other_mountains_as_it_triggers_and_resolves():
    cond = _triggered(VALAKUT, 2)["condition"]
    assert cond == {"you_control": {"filter": ["mountain"], "at_least": 5, "other": True}}
    _, afters = _valakut(4, ["play new"])          # four others: no trigger
    assert all("stack" not in a for a in afters)
    _, afters = _valakut(5, ["play new"])
    assert {len(a["stack"]) for a in afters} == {1}
    # one of the five others leaves before it resolves: four others, it does nothing (603.4)
    _, afters = _valakut(5, ["play new", "move m1 to graveyard", "resolve"])
    assert all("life" not in a.get("player alice", {}) and "player bob" not in a for a in afters)


BASTION = ("Frostwalk Bastion", "Snow Land", (
    "{T}: Add {C}.\n{1}{S}: Until end of turn, Frostwalk Bastion becomes a 2/3 Construct artifact creature. It's "
    "still a land.\nWhenever Frostwalk Bastion deals combat damage to a creature, tap that creature and it doesn't "
    "untap during its controller's next untap step."))


def test_the_creature_a_bastion_damaged_stays_tapped_in_its_controllers_next_untap_step():
    t = _triggered(BASTION, 3)
    assert t["when"] == {"deals_combat_damage_to_creature": "self"} and t["does"] == [{"tap": {"what": "it"}}]
    wolf = ("Watchwolf", "Creature — Wolf", "")
    board = [{"id": "b", "card": BASTION[0], "controller": "alice"},
             {"id": "w", "card": "Watchwolf", "controller": "bob", "tapped": True},
             {"id": "w2", "card": "Watchwolf", "controller": "bob", "tapped": True}]
    effects = [{"card": BASTION[0], "line": 3, "controller": "alice", "source": "b", "targets": ["w"]}]
    _, afters = what_if_on([BASTION, wolf], board, ["next step"], effects=effects,
                           turn={"number": 5, "active": "alice", "step": "cleanup"})
    assert [(a.get("w"), a.get("w2")) for a in afters] == [(None, {"zone": "battlefield", "controller": "bob"})]


FIELD = ("Field of the Dead", "Land", (
    "Field of the Dead enters the battlefield tapped.\n{T}: Add {C}.\nWhenever Field of the Dead or another land "
    "enters the battlefield under your control, if you control seven or more lands with different names, create a "
    "2/2 black Zombie creature token."))
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def test_field_of_the_dead_counts_names_and_its_zombie_is_no_land():
    t = _triggered(FIELD, 3)
    assert t["when"] == {"enters": {"filter": ["land"], "controller": "you", "another": True, "or_self": True}}
    assert t["condition"] == {"you_control": {"filter": ["land"], "at_least": 7, "distinct_names": True}}
    field = compiled(*FIELD)

    def afters(board, actions):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": [field.card, *field.tokens], "battlefield": board,
                            "hand": {"alice": [{"id": "field", "card": FIELD[0]}]}}, "t.yaml")
        got = Session(state).what_if(actions)
        return [r.after(got.start) for r in got.results]

    board = [{"id": b.lower(), "card": b, "controller": "alice"} for b in BASICS]
    # the Field itself entering with six other names: it triggers on itself (or_self), seven names;
    # the Zombie it creates does not trigger it again (a creature token, no land: its card's facts)
    got = afters(board + [{"id": "city", "card": "City of Brass", "controller": "alice"}], ["play field", "resolve"])
    assert [sorted(a) for a in got] == [["field", "player alice", "zombie"]]
    assert all("stack" not in a for a in afters(board, ["play field"]))     # six names: no trigger


VORINCLEX = ("Vorinclex, Voice of Hunger", "Legendary Creature — Phyrexian Praetor", (
    "Trample\nWhenever you tap a land for mana, add one mana of any type that land produced.\nWhenever an opponent "
    "taps a land for mana, that land doesn't untap during its controller's next untap step."))


def test_an_opponents_land_tapped_for_mana():
    t = _triggered(VORINCLEX, 3)
    assert t["when"] == {"tapped_for_mana": {"filter": ["land"], "controller": "opponent"}}
    assert t["creates"] == {"restrict": {"what": ["untap"], "to": "it"}, "duration": "its_controllers_next_untap_step"}
    board = [{"id": "v", "card": VORINCLEX[0], "controller": "alice"},
             {"id": "mine", "card": "Forest", "controller": "alice"}]
    # her own land: only her mana trigger (a mana ability), nothing on the stack
    _, afters = what_if_on([VORINCLEX], board, ["activate mine forest"])
    assert all("stack" not in a for a in afters)


CONDUIT = ("Conduit of Emrakul", "Creature — Eldrazi Werewolf",
           "Whenever Conduit of Emrakul attacks, add {C}{C} at the beginning of your next main phase this turn.")


def test_a_delayed_mana_trigger_at_the_next_main_phase():
    t = _triggered(CONDUIT, 1)
    assert t["delayed"] == {"when": {"beginning_of_postcombat_main": "this_turn"}, "add_mana": "{C}{C}"}
    board = [{"id": "c", "card": CONDUIT[0], "controller": "alice"}]
    combat = ["attack c", "resolve", "block none", "next step", "next step"]
    _, afters = what_if_on([CONDUIT], board, combat, turn={"number": 5, "active": "alice", "step": "beginning_of_combat"})
    assert [(a.get("player alice"), len(a.get("delayed", []))) for a in afters] == [(None, 1)]   # no mana yet
    _, afters = what_if_on([CONDUIT], board, [*combat, "next step", "resolve"],
                           turn={"number": 5, "active": "alice", "step": "beginning_of_combat"})
    assert [(a["player alice"], "delayed" in a) for a in afters] == [({"mana_pool": "{C}{C}"}, False)]


BOUNTY = ("Bounty of the Luxa", "Enchantment", (
    "At the beginning of your precombat main phase, remove all flood counters from Bounty of the Luxa. If no "
    "counters were removed this way, put a flood counter on Bounty of the Luxa and draw a card. Otherwise, add "
    "{C}{G}{U}."))


def test_instructions_on_whether_counters_were_removed():
    t = _triggered(BOUNTY, 1)
    assert [next(iter(a)) for a in t["does"]] == ["remove_counters", "counters", "draw"]
    assert t["does"][2]["draw"]["if_none_removed"] is True and t["mana_if"] == {"counters_removed": True}
    card = compiled(*BOUNTY).card
    card["abilities"][0]["triggered"]["does"] = [{"draw": {"count": 1, "if_none_removed": True}}]
    with pytest.raises(InputError, match="if_none_removed goes after a remove_counters"):
        parse_card(card, "t.yaml")
    # from a state whose trigger is on the stack with one counter: the mana, no draw
    board = [{"id": "b", "card": BOUNTY[0], "controller": "alice", "counters": {"flood": 1}}]
    _, afters = what_if_on([BOUNTY], board, ["resolve"], stack=[{"id": "s1", "source": "b", "line": 1, "controller": "alice"}],
                           library={"alice": [{"id": "top", "card": "Forest"}]})
    assert [a["player alice"] for a in afters] == [{"mana_pool": "{U}{G}{C}"}]
    assert all("top" not in a for a in afters)


RAPACIOUS = ("Rapacious One", "Creature — Eldrazi Drone", (
    "Trample\nWhenever Rapacious One deals combat damage to a player, create that many 0/1 colorless Eldrazi Spawn "
    "creature tokens. They have \"Sacrifice this creature: Add {C}.\""))


def test_that_many_tokens_is_the_damage_remembered():
    t = _triggered(RAPACIOUS, 2)
    assert t["does"] == [{"create_token": {"card": "Eldrazi Spawn Token", "count": "damage_dealt"}}]
    card = compiled(*RAPACIOUS).card
    card["abilities"][1]["triggered"]["when"] = {"attacks": "self"}
    with pytest.raises(InputError, match="damage_dealt"):
        parse_card(card, "t.yaml")
    # a state's stack item records no damage: resolving it is refused, not guessed
    rap = compiled(*RAPACIOUS)
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "combat_damage"},
                        "cards": [rap.card, *rap.tokens],
                        "battlefield": [{"id": "r", "card": RAPACIOUS[0], "controller": "alice"}],
                        "stack": [{"id": "s1", "source": "r", "line": 2, "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["resolve"])
    assert [[rule for rule, _ in r.illegal.why] for r in got.results] == [["608.2h"]]
