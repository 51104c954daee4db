"""Abilities lost until end of turn (issue 13, abil's part: compiler/abil_tail.py): layer 6 in
timestamp order (613.1f, 613.7), the objects fixed as it resolves (611.2c), "can't have" whatever
the timestamp; landwalk (702.14c); "Activate only during any upkeep step" (602.5). Real pool lines
(AtomicCards 2024-03 wording, the card named)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state
from pool_lines import compiled

HAMMERHEIM = ("Hammerheim", "Legendary Land", "{T}: Add {R}.\n{T}: Target creature loses all landwalk abilities until end of turn.")
TOLARIA = ("Tolaria", "Legendary Land", (
    "{T}: Add {U}.\n{T}: Target creature loses banding and all \"bands with other\" abilities until end of turn. "
    "Activate only during any upkeep step."))
LIGHTHOUSE = ("Arcane Lighthouse", "Land", (
    "{T}: Add {C}.\n{1}, {T}: Until end of turn, creatures your opponents control lose hexproof and shroud and can't "
    "have hexproof or shroud."))
WRAITH = ("Bog Wraith", "Creature — Wraith", ("Swampwalk (This creature can't be blocked as long as defending player "
                                             "controls a Swamp.)"))
SCOUT = ("Gladecover Scout", "Creature — Elf Scout", ("Hexproof (This creature can't be the target of spells or abilities "
                                                     "your opponents control.)"))
# (a test card: a later grant of the keywords the effects take away)
GIVER = ("Test Giver", "Land", "{T}: Target creature gains swampwalk and hexproof until end of turn.")


def test_the_compiler_reads_the_lines():
    h = compiled(*HAMMERHEIM)
    assert h.fully_compiled
    assert h.card["abilities"][1]["activated"]["creates"] == {
        "lose": {"keywords": ["landwalk"], "to": "target"}, "duration": "end_of_turn"}
    t = compiled(*TOLARIA)
    assert t.fully_compiled
    a = t.card["abilities"][1]["activated"]
    assert a["only_during"] == ["upkeep"] and "only_if" not in a     # any player's upkeep (602.5)
    assert a["creates"]["lose"] == {"keywords": ["banding", "bands with other"], "to": "target"}
    lh = compiled(*LIGHTHOUSE)
    assert lh.fully_compiled
    assert lh.card["abilities"][1]["activated"]["creates"]["lose"] == {
        "keywords": ["hexproof", "shroud"], "to": {"filter": ["creature"], "controller": "opponent"}, "cant_have": True}
    assert compiled(*WRAITH).card["abilities"][0] == {"line": 1, "keywords": ["swampwalk"]}


@pytest.mark.parametrize("text", [
    "{T}: Target creature loses all landwalk abilities or flying until end of turn.",   # a class in a choice
    "{T}: Target creature loses flying and first strike or swampwalk until end of turn.",
    "{T}: Until end of turn, creatures your opponents control lose hexproof and can't have shroud.",
    "{T}: Target creature loses all landwalk abilities.",                            # no duration
])
def test_wordings_left_as_words(text):
    c = compiled("Test", "Land", text)
    assert not c.fully_compiled


def _board(effects, cards=(HAMMERHEIM, LIGHTHOUSE, WRAITH, SCOUT, GIVER)):
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*s).card for s in cards],
                        "battlefield": [{"id": "hh", "card": "Hammerheim", "controller": "bob", "timestamp": 1},
                                        {"id": "lh", "card": "Arcane Lighthouse", "controller": "bob", "timestamp": 2},
                                        {"id": "giver", "card": "Test Giver", "controller": "alice", "timestamp": 3},
                                        {"id": "wraith", "card": "Bog Wraith", "controller": "alice", "timestamp": 4},
                                        {"id": "scout", "card": "Gladecover Scout", "controller": "alice", "timestamp": 6}],
                        "effects": effects}, "t.yaml")
    got = Session(state).board().to_json()["board"]
    return {o: sorted(got[o]["keywords"]) for o in ("wraith", "scout")}


def test_a_loss_takes_what_came_before_and_not_what_came_after():
    loss = {"id": "e1", "card": "Hammerheim", "line": 2, "controller": "bob", "targets": ["wraith"], "timestamp": 10}
    assert _board([loss])["wraith"] == []
    # a grant with an earlier timestamp is lost too (613.7); one with a later timestamp stays
    early = {"id": "e2", "card": "Test Giver", "line": 1, "controller": "alice", "targets": ["wraith"], "timestamp": 8}
    late = {**early, "timestamp": 12}
    assert _board([loss, early])["wraith"] == ["hexproof"]
    assert _board([loss, late])["wraith"] == ["hexproof", "swampwalk"]
    assert _board([])["wraith"] == ["swampwalk"]


def test_cant_have_wins_whatever_the_timestamp():
    loss = {"id": "e1", "card": "Arcane Lighthouse", "line": 2, "controller": "bob", "targets": ["scout", "wraith"],
            "timestamp": 10}
    late = {"id": "e2", "card": "Test Giver", "line": 1, "controller": "alice", "targets": ["wraith"], "timestamp": 12}
    got = _board([loss, late])
    assert got == {"wraith": ["swampwalk"], "scout": []}
    assert _board([late]) == {"wraith": ["hexproof", "swampwalk"], "scout": ["hexproof"]}


def test_the_vocabulary_checks_a_loss():
    base = {"name": "T", "type_line": "Land", "oracle_text": "x", "abilities": [{"line": 1, "activated": {
        "cost": ["{T}"], "effect": "x", "targets": ["target creature"], "target": {"filter": ["creature"]},
        "creates": {"lose": {"keywords": ["flying"], "to": "target"}}}}]}
    parse_card(base, "t")
    bad = {**base, "abilities": [{"line": 1, "activated": {**base["abilities"][0]["activated"],
                                                          "creates": {"lose": {"keywords": ["flight"]}}}}]}
    with pytest.raises(InputError, match="lists keyword abilities"):
        parse_card(bad, "t")
    bad = {**base, "abilities": [{"line": 1, "activated": {**base["abilities"][0]["activated"],
                                                          "creates": {"lose": {"keywords": ["flying"]},
                                                                      "duration": "indefinitely"}}}]}
    with pytest.raises(InputError, match="until end of turn"):
        parse_card(bad, "t")


WITCH = ("Witch Engine", "Creature — Horror", (
    "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)\n{T}: Add {B}{B}{B}{B}. "
    "Target opponent gains control of Witch Engine. (Activate only as an instant.)"))


def test_a_target_opponent_gains_control_of_its_source():
    c = compiled(*WITCH)
    assert c.fully_compiled
    a = c.card["abilities"][1]["activated"]
    assert a["does"] == [{"give_control": {"what": "self", "to": "target"}}] and a["target"] == "opponent"
    assert a["creates"] == {"control": "each", "duration": "indefinitely"} and a["add_mana"] == "{B}{B}{B}{B}"
    # (another created effect beside mana stays words: only this control change is read there)
    assert not compiled("Test", "Land", "{T}: Add {G}. Target creature gets +1/+1 until end of turn.").fully_compiled


URBORG = ("Urborg", "Legendary Land", "{T}: Add {B}.\n{T}: Target creature loses first strike or swampwalk until end of turn.")


def test_one_of_two_chosen_as_it_resolves():
    c = compiled(*URBORG)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["creates"]["lose"] == {
        "keywords": ["first strike", "swampwalk"], "to": "target", "choose": "one"}
    loss = {"id": "e1", "card": "Urborg", "line": 2, "controller": "bob", "targets": ["wraith"], "timestamp": 10}
    cards = (URBORG, WRAITH, SCOUT, GIVER, HAMMERHEIM, LIGHTHOUSE)
    assert _board([{**loss, "choice": "swampwalk"}], cards)["wraith"] == []
    assert _board([{**loss, "choice": "first strike"}], cards)["wraith"] == ["swampwalk"]
    with pytest.raises(InputError, match="the keyword chosen as it resolved"):
        _board([loss], cards)
    with pytest.raises(InputError, match="the keyword chosen as it resolved"):
        _board([{**loss, "choice": "red"}], cards)


THRONE = ("Throne of the High City", "Land", "{T}: Add {C}.\n{4}, {T}, Sacrifice Throne of the High City: You become the monarch.")
BEHEMOTH = ("Regal Behemoth", "Creature — Dinosaur", (
    "Trample\nWhen Regal Behemoth enters the battlefield, you become the monarch.\nWhenever you tap a land for mana while "
    "you're the monarch, add an additional one mana of any color."))


def test_the_monarch_lines():
    t = compiled(*THRONE)
    assert t.fully_compiled and t.card["abilities"][1]["activated"]["does"] == [{"become_monarch": {}}]
    b = compiled(*BEHEMOTH)
    assert b.fully_compiled
    assert b.card["abilities"][1]["triggered"]["does"] == [{"become_monarch": {}}]
    assert b.card["abilities"][2]["triggered"] == {"trigger": {"tapped_for_mana": ["land"], "who": "you", "while": "monarch"},
                                                   "add_mana": {"any": "color"}}


def _monarch_session(monarch, **extra):
    state = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
             "cards": [compiled(*s).card for s in (BEHEMOTH, THRONE)],
             "battlefield": [{"id": "forest", "card": "Forest", "controller": "alice"},
                             {"id": "behemoth", "card": "Regal Behemoth", "controller": "alice", "since_turn": 2}], **extra}
    if monarch is not None:
        state["monarch"] = monarch
    return Session(load_state(state, "t.yaml"))


def test_the_mana_trigger_works_only_while_its_controller_is_the_monarch():
    # CR 725.1, 106.12a: the Forest's {G} and, while alice is the monarch, one more of any color
    def totals(monarch):
        return sorted(p["total"] for p in _monarch_session(monarch).available_mana("alice").to_json()["pools"])
    assert totals("alice") == [2, 2, 2, 2, 2] and totals("bob") == [1] and totals(None) == [1]
    assert _monarch_session("alice").can_pay("alice", "{G}{R}").payable
    assert not _monarch_session("bob").can_pay("alice", "{G}{R}").payable


def test_the_monarch_in_a_state_and_its_becoming():
    with pytest.raises(InputError, match="monarch: 'carol' is not a player"):
        _monarch_session("carol")
    # Regal Behemoth entering: its trigger makes its controller the monarch (725.3: bob ceases to be)
    s = _monarch_session("bob", hand={"alice": [{"id": "b2", "card": "Regal Behemoth"}]},
                         mana_pool={"alice": "{C}{C}{C}{C}{C}{C}{C}"})
    got = s.what_if(["cast b2", "resolve", "resolve"])
    assert [r.state.monarch for r in got.results] == ["alice"]


def test_combat_damage_to_the_monarch_is_refused_not_left_out():
    # CR 725.2: "Whenever a creature deals combat damage to the monarch, its controller becomes the
    # monarch" has no source: the what-if refuses the step rather than answer without it
    s = _monarch_session("bob", turn={"number": 5, "active": "alice", "step": "declare_blockers"},
                         battlefield=[{"id": "behemoth", "card": "Regal Behemoth", "controller": "alice", "since_turn": 2,
                                       "attacking": "bob", "tapped": True}])
    (r,) = s.what_if(["next step"]).results
    assert r.illegal is not None and {rule for rule, _ in r.illegal.why} == {"725.2"}
    s = _monarch_session("alice", turn={"number": 5, "active": "alice", "step": "declare_blockers"},
                         battlefield=[{"id": "behemoth", "card": "Regal Behemoth", "controller": "alice", "since_turn": 2,
                                       "attacking": "bob", "tapped": True}])
    (r,) = s.what_if(["next step"]).results
    assert r.illegal is None


TOWER = ("Detection Tower", "Land", (
    "{T}: Add {C}.\n{1}, {T}: Until end of turn, your opponents and creatures your opponents control with hexproof can be "
    "the targets of spells and abilities you control as though they didn't have hexproof."))
PASSAGE = ("Rogue's Passage", "Land", "{T}: Add {C}.\n{4}, {T}: Target creature can't be blocked this turn.")


def test_targets_as_though_no_hexproof_for_its_controller_only():
    c = compiled(*TOWER)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["creates"] == {"ignore_hexproof": ["creature"], "duration": "end_of_turn"}

    def legal(who, target):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": who, "step": "precombat_main"},
                            "cards": [compiled(*s).card for s in (TOWER, PASSAGE, SCOUT)],
                            "mana_pool": {who: "{C}{C}{C}{C}"},
                            "battlefield": [{"id": "passage", "card": "Rogue's Passage", "controller": who},
                                            {"id": "scout_a", "card": "Gladecover Scout", "controller": "alice"},
                                            {"id": "scout_b", "card": "Gladecover Scout", "controller": "bob"}],
                            "effects": [{"id": "e1", "card": "Detection Tower", "line": 2, "controller": "alice"}]}, "t.yaml")
        (r,) = Session(state).what_if([f"activate passage 2 targeting {target}"]).results
        return r.illegal is None
    # alice's abilities target bob's Scout; bob's do not target alice's (the effect is alice's: "you control")
    assert legal("alice", "scout_b") and not legal("bob", "scout_a")


NECRA = ("Necra Disciple", "Creature — Human Wizard", (
    "{G}, {T}: Add one mana of any color.\n{W}, {T}: Prevent the next 1 damage that would be dealt to any target this turn."))
OASIS = ("Oasis", "Land", "{T}: Prevent the next 1 damage that would be dealt to target creature this turn.")


def test_a_shield_on_any_target_may_be_on_a_player():
    c = compiled(*NECRA)
    assert c.fully_compiled
    a = c.card["abilities"][1]["activated"]
    assert a["target"] == "any" and a["creates"]["prevent_next"] == {"amount": 1, "to": "target"}

    def state(effect):
        return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                           "cards": [compiled(*s).card for s in (NECRA, OASIS)],
                           "battlefield": [{"id": "d", "card": "Necra Disciple", "controller": "bob"}],
                           "effects": [effect]}, "t.yaml")
    s = state({"id": "e1", "card": "Necra Disciple", "line": 2, "controller": "bob", "targets": ["bob"], "prevented": 0})
    assert s.effects[0].target_player == "bob" and s.effects[0].targets == ()
    from mtg_asp.queries.save_state import state_yaml
    assert "  targets: [bob]\n" in state_yaml(s, "t.yaml")          # (saved as it was given)
    # a shield on "target creature" names a permanent, never a player (115.1)
    with pytest.raises(InputError, match="no battlefield object has id 'bob'"):
        state({"id": "e1", "card": "Oasis", "controller": "bob", "targets": ["bob"]})


VALE = ("Rainbow Vale", "Land", (
    "{T}: Add one mana of any color. An opponent gains control of Rainbow Vale at the beginning of the next end step."))


def test_a_delayed_gift_of_control_at_the_next_end_step():
    c = compiled(*VALE)
    assert c.fully_compiled
    delayed = c.card["abilities"][0]["activated"]["delayed"]
    assert delayed["when"] == {"beginning_of_end_step": "next"}
    assert delayed["does"] == [{"give_control": {"what": "self", "to": "opponent"}}]
    # three players: each opponent is an outcome (608.2d)
    state = load_state({"players": ["alice", "bob", "carol"], "turn": {"number": 5, "active": "alice", "step": "postcombat_main"},
                        "cards": [c.card], "hand": {"alice": [{"id": "elves", "card": "Llanowar Elves"}]},
                        "battlefield": [{"id": "vale", "card": "Rainbow Vale", "controller": "alice"}]}, "t.yaml")
    got = Session(state).what_if(["cast elves paying with vale", "resolve", "next step", "resolve"])
    assert sorted(r.after(got.start)["vale"]["controller"] for r in got.results) == ["bob", "carol"]


def test_a_granted_regeneration_shield_is_read():
    c = compiled("Spawning Pool", "Land", (
        "Spawning Pool enters the battlefield tapped.\n{T}: Add {B}.\n{1}{B}: Spawning Pool becomes a 1/1 black Skeleton "
        "creature with \"{B}: Regenerate this creature\" until end of turn. It's still a land. (If it regenerates, the next "
        "time it would be destroyed this turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)"))
    assert c.fully_compiled
    granted = c.card["abilities"][2]["activated"]["creates"]["grant"]["ability"]
    # (a quoted ability without its final period is the same ability)
    assert granted == {"activated": {"cost": ["{B}"], "effect": "Regenerate this creature.",
                                     "creates": {"regenerate": "self", "duration": "end_of_turn"}}}


FUMAROLE = ("Wandering Fumarole", "Land", (
    "Wandering Fumarole enters the battlefield tapped.\n{T}: Add {U} or {R}.\n{2}{U}{R}: Until end of turn, Wandering "
    "Fumarole becomes a 1/4 blue and red Elemental creature with \"{0}: Switch this creature's power and toughness until "
    "end of turn.\" It's still a land."))


def test_switching_power_and_toughness_after_7c_and_twice_back():
    c = compiled(*FUMAROLE)
    assert c.fully_compiled
    switch = c.card["abilities"][2]["activated"]["creates"]["grant"]["ability"]["activated"]["creates"]
    assert switch == {"pt": {"switch": True, "to": "self"}, "duration": "end_of_turn"}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "bob", "step": "precombat_main"},
                        "cards": [c.card],
                        "battlefield": [{"id": "f", "card": "Wandering Fumarole", "controller": "bob", "counters": {"+1/+1": 1}}],
                        "effects": [{"id": "e1", "card": "Wandering Fumarole", "line": 3, "controller": "bob", "source": "f"}]},
                       "t.yaml")

    def pt(s):
        b = Session(s).board().to_json()["board"]["f"]
        return b["power"], b["toughness"]
    assert pt(state) == (2, 5)                      # 1/4 and a +1/+1 counter (613.4c)
    (once,) = Session(state).what_if(["activate f 3 from e1", "resolve"]).results
    assert pt(once.state) == (5, 2)                 # switched after the counter (613.4d)
    (twice,) = Session(once.state).what_if(["activate f 3 from e1", "resolve"]).results
    assert pt(twice.state) == (2, 5)


SCUTTLEMUTT = ("Scuttlemutt", "Artifact Creature — Scarecrow", (
    "{T}: Add one mana of any color.\n{T}: Target creature becomes the color or colors of your choice until end of turn."))


def test_the_color_or_colors_of_your_choice():
    c = compiled(*SCUTTLEMUTT)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["creates"]["becomes"] == {"to": "target", "colors": "chosen"}
    base = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
            "cards": [c.card, compiled(*WRAITH).card],
            "battlefield": [{"id": "s", "card": "Scuttlemutt", "controller": "alice", "since_turn": 2},
                            {"id": "w", "card": "Bog Wraith", "controller": "bob"}]}
    got = Session(load_state(base, "t.yaml")).what_if(["activate s 2 targeting w", "resolve"])
    # one or more of the five colors (105.3): 31 outcomes, each its colors
    chosen = {tuple(sorted(r.state.effects[0].colors)) for r in got.results}
    assert len(got.results) == 31 and len(chosen) == 31 and () not in chosen
    with pytest.raises(InputError, match="the colors chosen as it resolved"):
        load_state({**base, "effects": [{"id": "e", "card": "Scuttlemutt", "line": 2, "controller": "alice",
                                         "targets": ["w"]}]}, "t.yaml")
    base["cards"].append(compiled(*HAMMERHEIM).card)
    with pytest.raises(InputError, match="makes no choice of colors"):
        load_state({**base, "effects": [{"id": "e", "card": "Hammerheim", "line": 2, "controller": "alice",
                                         "targets": ["w"], "colors": ["red"]}]}, "t.yaml")


FRONTIER = ("Unstable Frontier", "Land", (
    "{T}: Add {C}.\n{T}: Target land you control becomes the basic land type of your choice until end of turn."))


def test_the_basic_land_type_of_your_choice():
    c = compiled(*FRONTIER)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"]["creates"]["land_types"] == {"to": "target", "set": "chosen"}
    base = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
            "cards": [c.card], "battlefield": [{"id": "f", "card": "Unstable Frontier", "controller": "alice"},
                                                {"id": "g", "card": "Unstable Frontier", "controller": "alice"}]}
    got = Session(load_state(base, "t.yaml")).what_if(["activate f 2 targeting g", "resolve"])
    assert sorted(r.state.effects[0].choice for r in got.results) == ["forest", "island", "mountain", "plains", "swamp"]
    # the target loses its rules-text abilities (305.7) and has the chosen type's (305.6)
    (r,) = [r for r in got.results if r.state.effects[0].choice == "swamp"]
    assert Session(r.state).could_produce().to_json()["could_produce"] == {"f": ["C"], "g": ["B"]}
    with pytest.raises(InputError, match="the basic land type chosen as it resolved"):
        load_state({**base, "effects": [{"id": "e", "card": "Unstable Frontier", "line": 2, "controller": "alice",
                                         "targets": ["g"], "choice": "red"}]}, "t.yaml")


SVOGTHOS = ("Svogthos, the Restless Tomb", "Land", (
    "{T}: Add {C}.\n{3}{B}{G}: Until end of turn, Svogthos, the Restless Tomb becomes a black and green Plant Zombie "
    "creature with \"This creature's power and toughness are each equal to the number of creature cards in your "
    "graveyard.\" It's still a land."))


SHRINK = {"name": "Test Shrink", "type_line": "Instant", "oracle_text": "x", "abilities": [{"line": 1, "spell": {
    "effect": "x", "targets": ["target creature"], "target": {"filter": ["creature"]},
    "creates": {"pt": {"set": "1/4", "to": "target"}, "duration": "end_of_turn"}}}]}


def test_a_granted_power_and_toughness_count_in_7b_with_the_later_timestamp():
    c = compiled(*SVOGTHOS)
    assert c.fully_compiled
    # printed on a card the same words define a characteristic (7a): not read
    assert not compiled("Test Wurm", "Creature — Wurm", "Test Wurm's power and toughness are each equal to the number "
                        "of creature cards in your graveyard.").fully_compiled
    card = {"name": "T", "type_line": "Land", "oracle_text": "x", "abilities": [{"line": 1, "static": {
        "pt": {"set": "1/1", "to": "self", "for_each": "creature_cards_in_graveyard"}}}]}
    with pytest.raises(InputError, match="a granted ability's"):
        parse_card(card, "t")

    def pt(effects):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": [c.card, SHRINK],
                            "battlefield": [{"id": "s", "card": "Svogthos, the Restless Tomb", "controller": "alice",
                                             "timestamp": 1}],
                            "graveyard": {"alice": ["Llanowar Elves", "Llanowar Elves", "Llanowar Elves"]},
                            "effects": effects}, "t.yaml")
        b = Session(state).board().to_json()["board"]["s"]
        return b["power"], b["toughness"]
    animate = {"id": "e1", "card": "Svogthos, the Restless Tomb", "line": 2, "controller": "alice", "source": "s",
               "timestamp": 10}
    assert pt([animate]) == (3, 3)
    # another 7b effect (base power and toughness 1/4, on Svogthos): the later timestamp wins (613.7a: the
    # granted ability's is the granting effect's, 10, not the land's, 1)
    other = {"id": "e2", "card": "Test Shrink", "controller": "alice", "targets": ["s"]}
    assert pt([animate, {**other, "timestamp": 5}]) == (3, 3)
    assert pt([animate, {**other, "timestamp": 12}]) == (1, 4)


PRIEST = ("Farrelite Priest", "Creature — Human Cleric", (
    "{1}: Add {W}. If this ability has been activated four or more times this turn, sacrifice Farrelite Priest at the "
    "beginning of the next end step."))


def test_a_delayed_sacrifice_from_the_fourth_activation_on():
    c = compiled(*PRIEST)
    assert c.fully_compiled
    a = c.card["abilities"][0]["activated"]
    assert a["delayed_if_activated"] == 4 and a["delayed"]["does"] == [{"sacrifice": {"what": "self"}}]

    def delayed(prior, actions):
        st = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                         "cards": [c.card], "mana_pool": {"alice": "{C}{C}{C}{C}"},
                         "battlefield": [{"id": "p", "card": "Farrelite Priest", "controller": "alice", "since_turn": 2,
                                          "activated_this_turn": prior}]}, "t.yaml")
        # (each way to pay {1}, with {C} or the {W} just added, an outcome: the same delayed triggers)
        return {len(r.state.delayed) for r in Session(st).what_if(actions).results}
    # the fourth activation of the turn creates it, and each later one (602.5b: this one counted)
    assert delayed([], ["activate p 1"]) == {0}
    assert delayed([1, 1], ["activate p 1"]) == {0}
    assert delayed([1, 1, 1], ["activate p 1"]) == {1}
    assert delayed([1, 1], ["activate p 1", "activate p 1", "activate p 1"]) == {2}
    card = {**c.card, "abilities": [{**c.card["abilities"][0], "activated": {**a, "delayed_if_activated": 1}}]}
    with pytest.raises(InputError, match="delayed_if_activated"):
        parse_card(card, "t")
