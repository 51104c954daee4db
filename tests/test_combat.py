"""what-if through the steps of a turn and combat (CR 500, 506-511, 514, 615, 702.9b, 702.20b)."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

TWO = ["alice", "bob"]


def run(battlefield, actions, step="precombat_main", players=TWO, **extra):
    state = load_state({"players": players, "turn": {"number": 5, "active": "alice", "step": step},
                        "battlefield": battlefield, **extra})
    return Session(state).what_if(actions)


def illegal(result):
    assert len(result.results) == 1
    bad = result.results[0].illegal
    assert bad is not None, "the action was taken"
    return sorted({rule for rule, _ in bad.why})


def kinds(result, k=0):
    return [(j["change"], j.get("object") or j.get("player") or j.get("to"))
            for c in result.results[k].changes for j in [c.change.to_json()]]


def of_kind(result, kind, k=0):
    """The JSON of the changes of one kind in outcome k."""
    return [j for c in result.results[k].changes for j in [c.change.to_json()] if j["change"] == kind]


ELVES = {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}
ONE_B = {"id": "one_b", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 2}}


def test_next_step_empties_mana_and_cannot_pass_a_nonempty_stack():
    got = run([ELVES], ["next step"], mana_pool={"alice": "{G}{G}"})
    # 500.5: mana empties as the step ends, before the next begins
    assert kinds(got) == [("pool", "alice"), ("step", "beginning_of_combat")]
    assert got.results[0].after(got.start)["player alice"] == {"mana_pool": ""}
    on_stack = run([ELVES, {"id": "drake", "card": "Loyal Drake", "controller": "alice"}], ["next step"],
                   stack=[{"id": "s1", "source": "drake", "line": 2, "controller": "alice"}])
    assert illegal(on_stack) == ["500.2"]


def test_without_attackers_blockers_and_damage_are_skipped():
    got = run([ELVES], ["next step", "next step"], step="beginning_of_combat")
    assert [j["to"] for j in of_kind(got, "step")] == ["declare_attackers", "end_of_combat"]
    assert any(r == "508.8" for c in got.results[0].changes for r, _ in c.rules)


def test_attacking_taps_unless_vigilance_and_needs_the_beginning_of_combat():
    got = run([ELVES, {"id": "uni", "card": "Loyal Unicorn", "controller": "alice"}], ["attack elves uni"],
              step="beginning_of_combat")
    assert kinds(got) == [("step", "declare_attackers"), ("tap", "elves"), ("attacks", "elves"), ("attacks", "uni")]
    assert illegal(run([ELVES], ["attack elves"])) == ["508.1"]


@pytest.mark.parametrize("extra, rule", [
    ({"tapped": True}, "508.1a"),
    ({"since_turn": 5}, "302.6"),          # summoning sick, no haste
])
def test_an_attacker_must_be_untapped_and_not_summoning_sick(extra, rule):
    assert illegal(run([{**ELVES, **extra}], ["attack elves"], step="beginning_of_combat")) == [rule]


def test_a_creature_with_haste_attacks_the_turn_it_came_under_control():
    got = run([{"id": "appr", "card": "Loyal Apprentice", "controller": "alice", "since_turn": 5}],
              ["attack appr"], step="beginning_of_combat")
    assert ("attacks", "appr") in kinds(got)


def test_pacifism_stops_attacking_and_blocking():
    paci = {"id": "paci", "card": "Pacifism", "controller": "bob", "attached_to": "elves"}
    assert illegal(run([ELVES, paci], ["attack elves"], step="beginning_of_combat")) == ["508.1c"]
    attacker = {"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 1},
                "attacking": "bob"}
    paci_b = {"id": "paci", "card": "Pacifism", "controller": "alice", "attached_to": "one_b"}
    assert illegal(run([attacker, ONE_B, paci_b], ["block one_b one"], step="declare_attackers")) == ["509.1b"]


def test_with_several_opponents_the_attacked_player_is_named():
    three = ["alice", "bob", "carol"]
    assert illegal(run([ELVES], ["attack elves"], step="beginning_of_combat", players=three)) == ["508.1b"]
    got = run([ELVES], ["attack elves at carol"], step="beginning_of_combat", players=three)
    assert got.results[0].after(got.start)["elves"]["attacking"] == "carol"
    with pytest.raises(InputError, match="'dave' is neither a player nor a permanent"):
        run([ELVES], ["attack elves at dave"], step="beginning_of_combat", players=three)


def test_flying_and_menace_restrict_blockers():
    demon = {"id": "demon", "card": "Demon of Wailing Agonies", "controller": "alice", "attacking": "bob"}
    assert illegal(run([demon, ONE_B], ["block one_b demon"], step="declare_attackers")) == ["702.9b"]
    sub = {"id": "sub", "card": "Loyal Subordinate", "controller": "alice", "attacking": "bob"}
    assert illegal(run([sub, ONE_B], ["block one_b sub"], step="declare_attackers")) == ["702.111b"]
    two = run([sub, ONE_B, {**ONE_B, "id": "one_c"}], ["block one_b sub one_c sub"], step="declare_attackers")
    assert two.results[0].illegal is None


def test_damage_divided_among_two_blockers_is_every_division():
    # 510.1c: a 3/3 blocked by two creatures: its controller divides 3 damage as they choose
    one = {"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 3},
           "attacking": "bob"}
    # two 2/2 blockers, so that every division leaves a different state
    elves_b = {**ONE_B, "id": "elves_b", "blocking": "one"}
    elves_c = {**ONE_B, "id": "elves_c", "blocking": "one"}
    got = run([one, elves_b, elves_c], ["next step"], step="declare_blockers")
    divisions = set()
    for r in got.results:
        marked = {j["object"]: j["amount"] for c in r.changes for j in [c.change.to_json()] if j["change"] == "damage"}
        assert marked["one"] == 4                       # each blocker deals 2 to the attacker (510.1d)
        divisions.add((marked.get("elves_b", 0), marked.get("elves_c", 0)))
        assert dict(r.state.life)["bob"] == 20          # a blocked creature deals no damage to the player
    assert divisions == {(0, 3), (1, 2), (2, 1), (3, 0)}


def test_unblocked_damage_is_life_loss_blocked_trample_assigns_lethal_first_and_first_strike_strikes_first():
    one = {"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 3},
           "attacking": "bob"}
    got = run([one], ["next step"], step="declare_blockers")
    assert dict(got.results[0].state.life)["bob"] == 17
    # 702.19b: Thunderfoot Baloth (5/5, trample) blocked by a 2/2: 2 to 5 to the blocker, the rest to bob
    baloth = {"id": "baloth", "card": "Thunderfoot Baloth", "controller": "alice", "attacking": "bob"}
    blocker = {**ONE_B, "blocking": "baloth"}
    got = run([baloth, blocker], ["next step"], step="declare_blockers")
    assert sorted(dict(r.state.life)["bob"] for r in got.results) == [17, 18, 19, 20]
    # 702.19d: blocked, but the blocker is gone: all of it to bob
    got = run([{**baloth, "blocked": True}], ["next step"], step="declare_blockers")
    assert [dict(r.state.life)["bob"] for r in got.results] == [15]
    # 510.4: first strike makes two combat damage steps: Ramirez (4/3, first strike) deals its
    # damage in the first, the Endless One in the second
    ramirez = {"id": "ramirez", "card": "Ramirez DePietro", "controller": "alice", "attacking": "bob"}
    one3 = {**one, "counters": {"+1/+1": 3}}
    got = run([ramirez, one3], ["next step"], step="declare_blockers")
    assert got.results[0].state.turn.step == "first_strike_damage"
    assert dict(got.results[0].state.life)["bob"] == 16
    got = run([ramirez, one3], ["next step", "next step"], step="declare_blockers")
    assert got.results[0].state.turn.step == "combat_damage"
    assert dict(got.results[0].state.life)["bob"] == 13


@pytest.mark.parametrize("text, message", [
    ("next", "next step"),
    ("attack", "attack ID"),
    ("attack at bob", "creatures before each"),
    ("attack elves elves", "once"),
    ("block elves", "block BLOCKER ATTACKER"),
])
def test_combat_action_syntax_errors_name_the_action(text, message):
    with pytest.raises(InputError, match=message):
        run([ELVES], [text], step="beginning_of_combat")


def state_error(data) -> InputError:
    """The error a state the rules make impossible gets as its Session is made
    (asp/diagnostics.lp: the rules decide, after the layers)."""
    with pytest.raises(InputError) as e:
        Session(load_state(data))
    return e.value


@pytest.mark.parametrize("field, value, message", [
    ("attacking", "bob", "only in the steps of the combat phase"),
    ("blocking", "elves", "it blocks an attacking creature"),
    ("struck_first", True, "has struck first"),
])
def test_combat_state_errors_name_the_field(field, value, message):
    e = state_error({"players": TWO, "turn": {"number": 5, "active": "alice", "step": "precombat_main"
                                              if field == "attacking" else "declare_blockers"},
                     "battlefield": [ELVES, {**ONE_B, field: value}]})
    assert f"battlefield[1].{field}" in str(e) and message in str(e)


def test_a_creature_attacks_under_the_control_layer_2_gives():
    """CR 506.2, 613.1b: alice attacks with bob's creature under her Act of Treason (the loader
    once checked the base controller and refused it); without the effect it is an error."""
    one_b = {**ONE_B, "since_turn": 1, "attacking": "bob", "tapped": True}
    treason = {"id": "aot", "card": "Act of Treason", "controller": "alice", "targets": ["one_b"], "since_turn": 5}
    state = {"players": TWO, "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
             "battlefield": [ELVES, one_b]}
    got = Session(load_state({**state, "effects": [treason]})).board(objects=["one_b"], fields=["controller"])
    assert got.to_json() == {"board": {"one_b": {"controller": "alice"}}}
    e = state_error(state)
    assert "battlefield[1].attacking" in str(e) and "508.1a" in str(e)


AMI_B = {"id": "ami_b", "card": "Aminatou, the Fateshifter", "controller": "bob"}


@pytest.mark.parametrize("attacker, attacked, message", [
    (ELVES, "one_b", "a creature attacks a player or a planeswalker (CR 506.3)"),
    ({**ONE_B, "id": "one_a", "controller": "alice"}, "ami_b", "a planeswalker one of their opponents controls"),
    (ELVES, "nobody", "'nobody' is neither a player nor a permanent"),
])
def test_a_state_attacking_a_planeswalker_names_the_field(attacker, attacked, message):
    # CR 506.2, 506.3, 508.1b: a creature attacks a player or a planeswalker an opponent controls
    # (the second attacker is alice's but the turn is bob's)
    data = {"players": TWO, "turn": {"number": 5, "active": "alice" if attacker is ELVES else "bob",
                                     "step": "declare_attackers"},
            "battlefield": [ONE_B, AMI_B, {**attacker, "attacking": attacked}]}
    if attacked == "nobody":        # what it names is the loader's to check
        with pytest.raises(InputError) as e:
            load_state(data)
        e = e.value
    else:
        e = state_error(data)
    assert "battlefield[2].attacking" in str(e) and message in str(e)


def test_a_state_with_a_creature_attacking_a_planeswalker_and_its_blocker():
    # CR 509.1a: the planeswalker's controller blocks; 510.1c: the blocked attacker's damage goes
    # to the blocker, none to the planeswalker
    attacker = {**ELVES, "attacking": "ami_b", "tapped": True, "since_turn": 1}
    got = run([attacker, AMI_B, {**ONE_B, "blocking": "elves"}], ["next step"], step="declare_blockers")
    after = got.results[0].after(got.start)
    assert "ami_b" not in after and after["one_b"]["damage"] == 1
    got = run([attacker, AMI_B], ["next step"], step="declare_blockers")
    assert got.results[0].after(got.start)["ami_b"]["counters"] == {"loyalty": 2}
    e = state_error({"players": TWO, "turn": {"number": 5, "active": "alice", "step": "declare_blockers"},
                     "battlefield": [attacker, AMI_B, {**ELVES, "id": "elves2", "blocking": "elves"}]})
    assert "battlefield[2].blocking" in str(e) and "one the defending player controls (CR 509.1a)" in str(e)


def test_hexproof_stops_an_opponents_target_but_not_its_controllers():
    # 702.11b: Tyrant's Familiar's granted trigger cannot target bob's hexproof Kraken; with no
    # other creature of bob's to target, the trigger is removed from the stack (603.3d)
    familiar = {"id": "familiar", "card": "Tyrant's Familiar", "controller": "alice"}
    kraken = {"id": "kraken", "card": "Stormsurge Kraken", "controller": "bob"}
    got = run([{"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "alice"}, familiar, kraken],
              ["attack familiar"], step="beginning_of_combat", commanders={"alice": "isamaru"})
    assert ("removed", "familiar") in kinds(got)
    with_elves = run([{"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "alice"}, familiar,
                      kraken, {"id": "elves_b", "card": "Llanowar Elves", "controller": "bob"}],
                     ["attack familiar"], step="beginning_of_combat", commanders={"alice": "isamaru"})
    assert [j["object"] for j in of_kind(with_elves, "target")] == ["elves_b"]


def test_a_creature_whose_controller_changes_is_removed_from_combat():
    # 506.4: alice attacks bob with his creature under her Mind Control; the Mind Control is
    # returned to her hand, bob controls it again, and at once it is no longer attacking: it deals
    # no combat damage
    attacker = {**ONE_B, "attacking": "bob", "tapped": True, "since_turn": 1}
    mc = {"id": "mc", "card": "Mind Control", "controller": "alice", "attached_to": "one_b"}
    got = run([ELVES, attacker, mc], ["bounce mc", "next step"], step="declare_blockers")
    assert ("removed_from_combat", "one_b") in kinds(got)
    after = got.results[0].after(got.start)
    assert "attacking" not in after["one_b"] and after["one_b"]["controller"] == "bob"
    assert "player bob" not in after                     # no combat damage: life unchanged


def test_the_next_turn_starts_after_cleanup_and_the_draw_needs_a_card():
    got = run([ELVES], ["next step", "next step"], step="cleanup",
              library={"bob": [{"id": "top", "card": "Island"}]})
    assert kinds(got)[:2] == [("turn", "bob"), ("step", "upkeep")]
    assert got.results[0].after(got.start)["top"]["zone"] == "hand"
    # 121.4, 704.5b: with an empty library bob attempts to draw and loses at the next check
    empty = run([ELVES], ["next step", "next step"], step="cleanup")
    assert ("draw_empty", "bob") in kinds(empty) and ("loses", "bob") in kinds(empty)
    # 104.2a: with every opponent gone there is no next turn
    assert illegal(run([ELVES], ["leave bob", "next step"], step="cleanup")) == ["104.2a"]


def test_a_cost_that_taps_other_creatures_is_a_choice_and_needs_enough_of_them():
    # Crackleburr: "{U/R}{U/R}, {T}, Tap two untapped red creatures you control": its own {T} does
    # not count for the two; with two Loyal Apprentices it pays; with one it cannot (118.3)
    burr = {"id": "burr", "card": "Crackleburr", "controller": "alice"}
    appr = [{"id": f"appr{i}", "card": "Loyal Apprentice", "controller": "alice"} for i in (1, 2)]
    got = run([burr, *appr], ["activate burr 1 targeting bob"], mana_pool={"alice": "{U}{R}"})
    assert [(k, o) for k, o in kinds(got) if k == "tap"] == [("tap", "appr1"), ("tap", "appr2"), ("tap", "burr")]
    assert illegal(run([burr, appr[0]], ["activate burr 1 targeting bob"], mana_pool={"alice": "{U}{R}"})) == ["118.3"]


def test_spells_cast_this_turn_count_casts_and_start_again_each_turn():
    # 601.2f (Damping Sphere): the record the cost increase reads; a cast adds one, a new turn clears it
    hand = {"alice": [{"id": "elves", "card": "Llanowar Elves"}]}
    got = run([], ["cast elves"], hand=hand, mana_pool={"alice": "{G}"}, spells_cast={"alice": 1})
    assert got.results[0].state.spells_cast == (("alice", 2),)
    turned = run([], ["next step", "next step"], step="end", spells_cast={"alice": 3},
                 library={"bob": [{"id": "top", "card": "Island"}]})
    assert turned.results[0].state.spells_cast == ()


KEYWORD_BALLISTA = {"name": "Keyword Ballista", "mana_cost": "{2}", "type_line": "Artifact Creature — Construct",
                    "power_toughness": "1/1", "oracle_text": "KEYWORD\nRemove a +1/+1 counter: It deals 1 damage to any target.",
                    "abilities": [{"line": 1, "keywords": ["KEYWORD"]},
                                  {"line": 2, "activated": {"cost": [{"remove_counters": {"counter": "+1/+1", "count": 1}}],
                                                            "targets": ["any target"], "target": "any",
                                                            "effect": "It deals 1 damage to any target.",
                                                            "does": [{"damage": {"to": "target", "amount": 1}}]}}]}


def keyword_ballista(keyword):
    card = {**KEYWORD_BALLISTA, "oracle_text": KEYWORD_BALLISTA["oracle_text"].replace("KEYWORD", keyword.capitalize()),
            "abilities": [{"line": 1, "keywords": [keyword]}, KEYWORD_BALLISTA["abilities"][1]]}
    return [card], {"id": "kb", "card": "Keyword Ballista", "controller": "alice", "counters": {"+1/+1": 1}}


def test_ability_damage_from_a_deathtouch_source_destroys_and_lifelink_gains_life():
    big = {"id": "big", "card": "Endless One", "controller": "bob", "counters": {"+1/+1": 5}}
    cards, kb = keyword_ballista("deathtouch")
    got = run([kb, big], ["activate kb 2 targeting big", "resolve"], cards=cards)
    # 702.2b, 704.5h: one damage, and the 5/5 is destroyed at the next check
    assert got.results[0].after(got.start)["big"] == {"zone": "graveyard", "new_object": True}
    # 702.15b: damage an ability deals from a source with lifelink (the same rules as combat
    # damage, asp/damage.lp): bob loses 1, alice gains 1, at the same time
    cards, kb = keyword_ballista("lifelink")
    got = run([kb, big], ["activate kb 2 targeting bob", "resolve"], cards=cards, life={"alice": 10})
    after = got.results[0].after(got.start)
    assert after["player bob"] == {"life": 19} and after["player alice"] == {"life": 11}
    life = [c for c in got.results[0].changes if c.change.to_json()["change"] == "life"]
    assert {r for c in life for r, _ in c.rules} == {"120.3a", "702.15b"}


def test_protection_from_a_color_blocks_blockers_auras_and_equipment_of_that_color():
    # CR 702.16: alice's Llanowar Elves with protection from a color (Pale Wayfarer's effect, the
    # color chosen) can't be blocked by bob's green Birds when it is green (702.16f); bob's white
    # Pacifism on it goes to the graveyard when it is white (702.16c, 704.5m); a red Equipment on
    # it becomes unattached when it is red (702.16d, 704.5n)
    blade = {"name": "Test Blade", "mana_cost": "{R}", "type_line": "Artifact — Equipment",
             "oracle_text": "Equip {1}", "abilities": [{"line": 1, "activated": {"cost": ["{1}"], "effect": "Equip {1}"}}]}

    def shield(color):
        return [{"card": "Pale Wayfarer", "controller": "alice", "targets": ["elves"], "choice": color}]

    attacker = {**ELVES, "attacking": "bob", "tapped": True, "since_turn": 1}
    birds = {"id": "birds", "card": "Birds of Paradise", "controller": "bob"}
    assert illegal(run([attacker, birds], ["block birds elves"], step="declare_attackers",
                       effects=shield("green"))) == ["702.16f"]
    got = run([attacker, birds], ["block birds elves"], step="declare_attackers", effects=shield("blue"))
    assert got.results[0].illegal is None
    paci = {"id": "paci", "card": "Pacifism", "controller": "bob", "attached_to": "elves"}
    got = run([ELVES, paci], ["next step"], effects=shield("white"))
    assert got.results[0].after(got.start)["paci"] == {"zone": "graveyard", "new_object": True}
    got = run([ELVES, paci], ["next step"], effects=shield("red"))
    assert "paci" not in got.results[0].after(got.start)
    blade_on = {"id": "blade", "card": "Test Blade", "controller": "alice", "attached_to": "elves"}
    got = run([ELVES, blade_on], ["next step"], effects=shield("red"), cards=[blade])
    assert got.results[0].after(got.start)["blade"]["attached_to"] is None
    assert {"702.16d", "704.5n"} <= {r for c in got.results[0].changes for r, _ in c.rules}


@pytest.mark.parametrize("effect, message", [
    ({"card": "Pale Wayfarer", "controller": "alice", "targets": ["elves"]}, r"effects\[0\]\.choice: is required"),
    ({"card": "Pale Wayfarer", "controller": "alice", "targets": ["elves"], "choice": "purple"},
     r"effects\[0\]\.choice: is required.*not 'purple'"),
    ({"card": "Threaten", "controller": "alice", "targets": ["elves"], "choice": "red"},
     r"effects\[0\]\.choice: line 1 of Threaten makes no choice"),
])
def test_an_effect_s_chosen_color_is_checked(effect, message):
    with pytest.raises(InputError, match=message):
        load_state({"players": TWO, "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                    "battlefield": [ELVES], "effects": [effect]})
