"""what-if: zone changes make new objects and state-based actions follow (CR 400.7, 704)."""

from __future__ import annotations

import json

import pytest
from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"}}


def run(battlefield, actions, **extra):
    state = load_state({**BASE, "battlefield": battlefield, **extra})
    return Session(state).what_if(actions)


def changes(result, k=0):
    return [(j["change"], j.get("object") or j.get("player"), j.get("to"), c.sba)
            for c in result.results[k].changes for j in [c.change.to_json()]]


def test_flicker_makes_a_new_object_without_counters_and_its_attachments_fall_off():
    got = run([{"id": "walker", "card": "Hangarback Walker", "controller": "alice", "counters": {"+1/+1": 2}},
               {"id": "split", "card": "Bonesplitter", "controller": "alice", "attached_to": "walker"},
               {"id": "paci", "card": "Pacifism", "controller": "bob", "attached_to": "walker"}],
              ["flicker walker"])
    assert len(got.results) == 1
    assert changes(got) == [("moves", "walker", "exile", False), ("moves", "walker", "battlefield", False),
                            ("moves", "paci", "graveyard", True), ("moves", "walker", "graveyard", True),
                            ("unattached", "split", None, True),
                            # its dies ability triggers (603.10a; a trigger, not itself a state-based
                            # action) and goes on the stack (603.3b)
                            ("triggered", "walker", None, False), ("push", "walker", None, False)]
    after = got.results[0].after(got.start)
    assert after["walker"] == {"zone": "graveyard", "new_object": True}
    assert after["split"] == {"zone": "battlefield", "controller": "alice", "attached_to": None}


def test_a_creature_with_counters_survives_a_bounce_only_in_hand():
    got = run([{"id": "one", "card": "Endless One", "controller": "alice", "counters": {"+1/+1": 3}}],
              ["bounce one"])
    assert changes(got) == [("moves", "one", "hand", False)]


def test_a_token_that_left_cannot_come_back_and_ceases_to_exist():
    # 111.8: the return does nothing; 704.5d: it ceases to exist at the next check
    got = run([{"id": "elf", "card": "Llanowar Elves", "controller": "alice", "token": True}],
              ["flicker elf"])
    assert changes(got) == [("moves", "elf", "exile", False), ("stays", "elf", "battlefield", False),
                            ("ceases", "elf", None, True)]
    assert got.results[0].after(got.start) == {"elf": {"zone": None, "gone": True}}


def test_an_object_that_ceased_to_exist_cannot_be_acted_on():
    with pytest.raises(InputError, match=r"\[1\].*no object has id 'elf' any more"):
        run([{"id": "elf", "card": "Llanowar Elves", "controller": "alice", "token": True}],
            ["exile elf", "bounce elf"])


def test_a_player_at_zero_life_loses_when_state_based_actions_are_checked():
    got = run([{"id": "f", "card": "Forest", "controller": "alice"}], ["bounce f"], life={"bob": 0})
    assert ("loses", "bob", None, True) in changes(got)


@pytest.mark.parametrize("action, message", [
    ("dance f", "unknown action 'dance'"), ("move f to moon", "unknown zone 'moon'"),
    ("move f exile", "write it as: move ID to ZONE"), ("bounce nothing", "no object has id 'nothing'")])
def test_bad_actions_name_the_action(action, message):
    with pytest.raises(InputError, match=message):
        run([{"id": "f", "card": "Forest", "controller": "alice"}], [action])


def test_cli_what_if_json_and_exit_2(tmp_path, capsys):
    state = tmp_path / "s.yaml"
    state.write_text("players: [alice, bob]\nturn: {number: 5, active: alice, step: precombat_main}\n"
                     "battlefield:\n  - {id: one, card: Endless One, controller: alice, counters: {+1/+1: 2}}\n")
    assert main(["what-if", str(state), "--do", "flicker one", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcomes"][0]["after"] == {"one": {"zone": "graveyard", "new_object": True}}
    assert out["outcomes"][0]["changes"][2]["rules"] == ["400.7", "704.5f"]
    assert main(["what-if", str(state), "--do", "fly one"]) == 2
    assert "--do: [0]" in capsys.readouterr().err


def test_burning_wish_brings_a_sorcery_from_outside_the_game_or_none_and_exiles_itself():
    # 400.11b: each sorcery card alice owns outside the game is a choice, and so is none;
    # Unsummon (an instant) is not one. "Exile Burning Wish" is its last instruction (608.2n).
    got = run([], ["cast wish", "resolve"], hand={"alice": [{"id": "wish", "card": "Burning Wish"}]},
              outside={"alice": [{"id": "treason", "card": "Act of Treason"}, {"id": "uns", "card": "Unsummon"}]},
              mana_pool={"alice": "{R}{R}"})
    afters = [r.after(got.start) for r in got.results]
    assert sorted(str(a.get("treason", {}).get("zone")) for a in afters) == ["None", "hand"]
    assert all(a["wish"] == {"zone": "exile", "new_object": True} for a in afters)
    assert all("uns" not in a for a in afters)


def test_triggers_go_on_the_stack_active_player_first_each_player_in_every_order():
    # Three 0/0 Hangarback Walkers die together (704.5f); their dies abilities wait (603.2).
    # 603.3b: alice (active) puts her two on the stack first, in either order; bob's goes on
    # top: two outcomes, bob's ability on top in both.
    got = run([{"id": "a1", "card": "Hangarback Walker", "controller": "alice"},
               {"id": "a2", "card": "Hangarback Walker", "controller": "alice"},
               {"id": "b1", "card": "Hangarback Walker", "controller": "bob"},
               {"id": "f", "card": "Forest", "controller": "alice"}],
              ["bounce f"])
    stacks = sorted([t.source for t in r.state.stack] for r in got.results)
    assert stacks == [["a1", "a2", "b1"], ["a2", "a1", "b1"]]


# -- casting Switcheroo and Auras (asp/targets.lp, effects.lp) -------------------------------------------
SWITCHEROO = {"hand": {"alice": [{"id": "sw", "card": "Switcheroo"}, {"id": "mc", "card": "Mind Control"}]},
              "mana_pool": {"alice": "{U}{U}{U}{U}{U}"}}


def illegal(result):
    assert len(result.results) == 1 and result.results[0].illegal is not None
    return result.results[0].illegal.why


def test_switcheroo_needs_two_different_creatures():
    # 115.3: one instance of "target" cannot choose the Elves twice, and there is no other creature
    got = run([{"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
               {"id": "f", "card": "Forest", "controller": "bob"}], ["cast sw"], **SWITCHEROO)
    assert [r for r, _ in illegal(got)] == ["115.3"]
    assert "fewer different legal targets" in illegal(got)[0][1]


def test_more_targets_than_the_spell_requires_are_refused():
    got = run([{"id": "a", "card": "Llanowar Elves", "controller": "alice"},
               {"id": "b", "card": "Birds of Paradise", "controller": "bob"}], ["cast mc targeting a b"],
              **SWITCHEROO)
    assert ("601.2c", "more targets are given than the spell requires") in illegal(got)


def test_an_aura_whose_enchant_ability_is_not_modelled_says_so():
    curse = {"name": "Test Curse", "mana_cost": "{B}", "type_line": "Enchantment — Aura Curse",
             "oracle_text": "Enchant player\nEnchanted player's life can't change.",
             "abilities": [{"line": 1, "text": "Enchant player"},
                           {"line": 2, "text": "Enchanted player's life can't change."}]}
    got = run([], ["cast c targeting bob"], cards=[curse], hand={"alice": [{"id": "c", "card": "Test Curse"}]},
              mana_pool={"alice": "{B}"})
    assert [r for r, _ in illegal(got)] == ["303.4a"]
    assert "not modelled yet" in illegal(got)[0][1]


def test_a_trigger_with_too_few_different_targets_is_removed_from_the_stack():
    # 603.3d: "exchange control of two target creatures" with only one creature (itself)
    swapper = {"name": "Test Swapper", "mana_cost": "{U}", "type_line": "Creature — Wizard",
               "power_toughness": "1/1",
               "oracle_text": "When Test Swapper enters, exchange control of two target creatures.",
               "abilities": [{"line": 1, "triggered": {
                   "when": {"enters": "self"}, "target": {"filter": ["creature"], "count": 2},
                   "effect": "exchange control of two target creatures.",
                   "creates": {"control": "exchange", "duration": "indefinitely"}}}]}
    got = run([], ["cast s", "resolve"], cards=[swapper], hand={"alice": [{"id": "s", "card": "Test Swapper"}]},
              mana_pool={"alice": "{U}"})
    assert ("removed", "s", None, False) in changes(got)
    assert got.results[0].state.stack == ()


def test_after_switcheroo_the_board_shows_the_exchange_and_the_effect_behind_it():
    got = run([{"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
               {"id": "birds", "card": "Birds of Paradise", "controller": "bob"}],
              ["cast sw targeting elves birds", "resolve"], **SWITCHEROO)
    (effect,) = got.results[0].state.effects
    assert effect.exchanged_from == (("birds", "bob"), ("elves", "alice"))
    board = Session(got.results[0].state).board().to_json()["board"]
    assert (board["elves"]["controller"], board["birds"]["controller"]) == ("bob", "alice")
    assert board["elves"]["control_changed_by"] == board["birds"]["control_changed_by"] == effect.id


@pytest.mark.parametrize("target, message", [
    ({"filter": ["creature"], "count": 0}, r"target\.count: must be a positive number"),
    ({"filter": ["creature"], "count": 3}, r"target: targets lists 2 target\(s\) but target has 3"),
    ([], r"target: a list of targets needs at least one entry"),
    ([{"filter": ["creature"]}, {"filter": ["creature"], "count": 2}], r"targets lists 2 target\(s\) but target has 3"),
    ([{"filter": ["creature"]}, {"count": 1}], r"target\[1\]\.filter"),
    ({"filter": ["creature"], "count": 2, "zone": "hand"}, r"target\.zone: targets a card in graveyard or exile only, not 'hand'"),
    ({"filter": ["creature"], "count": 2, "mana_value_at_most": -1}, r"target\.mana_value_at_most: must be 0 or more"),
])
def test_bad_target_counts_name_the_field(target, message):
    card = {"name": "Test Exchange", "mana_cost": "{U}", "type_line": "Sorcery",
            "oracle_text": "Exchange control of two target creatures.",
            "abilities": [{"line": 1, "spell": {"targets": ["target creature", "target creature"], "target": target,
                                                "effect": "Exchange control of two target creatures.",
                                                "creates": {"control": "exchange"}}}]}
    with pytest.raises(InputError, match=message):
        load_state({**BASE, "cards": [card]})


def test_an_effect_written_as_text_only_is_refused_and_a_text_trigger_is_named():
    # 608.2: a card whose "{T}: Scry 1." is written as text only: activating it is refused rather
    # than resolved doing nothing
    seer = {"name": "Test Seer", "mana_cost": "{U}", "type_line": "Artifact", "oracle_text": "{T}: Scry 1.",
            "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "effect": "Scry 1."}}]}
    got = run([{"id": "seer", "card": "Test Seer", "controller": "alice"}], ["activate seer 1"], cards=[seer])
    assert "608.2" in {rule for rule, _ in got.results[0].illegal.why}
    # Walking Ballista's "{4}: Put a +1/+1 counter on Walking Ballista" is structured: it resolves
    ballista = {"id": "wb", "card": "Walking Ballista", "controller": "alice", "counters": {"+1/+1": 1}}
    got = run([ballista], ["activate wb 2", "resolve"], mana_pool={"alice": "{C}{C}{C}{C}"})
    assert got.results[0].after(got.start)["wb"]["counters"] == {"+1/+1": 2}
    assert got.not_modelled == ()
    # a triggered ability kept as text only: every what-if through a state with it says so
    echo = {"name": "Test Echo", "mana_cost": "{B}", "type_line": "Enchantment",
            "oracle_text": "Whenever a player casts a spell, that player loses 1 life.",
            "abilities": [{"line": 1, "triggered": {"effect": "Whenever a player casts a spell, that player loses 1 life."}}]}
    got = run([ballista, {"id": "echo", "card": "Test Echo", "controller": "bob"}], ["activate wb 2"],
              mana_pool={"alice": "{C}{C}{C}{C}"}, cards=[echo])
    assert [(u.about, u.card, u.line, u.part) for u in got.not_modelled] == [("echo", "Test Echo", 1, "trigger")]
    assert got.to_json()["not_modelled"][0]["object"] == "echo"


def test_until_end_of_turn_effects_on_the_source_and_on_a_target_and_tapping_a_target():
    # 611.2c: Safehold Sentry's "+0/+2 until end of turn" on itself; Merrow Grimeblotter's "Target
    # creature gets -2/-0"; Merrow Wavebreakers gains flying; Silkbind Faerie taps its target.
    # Two sequences of two activations each, each with the mana its costs need (one pool for all
    # four makes every way of paying a generic cost a branch: over a minute under load)
    perms = [{"id": "sentry", "card": "Safehold Sentry", "controller": "alice", "tapped": True, "since_turn": 1},
             {"id": "grime", "card": "Merrow Grimeblotter", "controller": "alice", "tapped": True, "since_turn": 1},
             {"id": "wave", "card": "Merrow Wavebreakers", "controller": "alice", "tapped": True, "since_turn": 1},
             {"id": "silk", "card": "Silkbind Faerie", "controller": "alice", "tapped": True, "since_turn": 1},
             {"id": "belves", "card": "Llanowar Elves", "controller": "bob"}]

    def boards(actions, pool):
        got = run(perms, actions, mana_pool={"alice": pool})
        # (paying a generic cost with the colored mana a later cost needs leaves that cost unpaid)
        legal = [r for r in got.results if r.illegal is None]
        assert legal
        return [Session(r.state).board().to_json()["board"] for r in legal]

    for board in boards(["activate sentry 1", "resolve", "activate grime 1 targeting belves", "resolve"],
                        "{W}{C}{C}{B}{C}"):
        assert (board["sentry"]["power"], board["sentry"]["toughness"]) == (2, 4)   # still, after another
        assert board["belves"]["power"] == -1 and board["belves"]["tapped"] is False
    for board in boards(["activate wave 1", "resolve", "activate silk 2 targeting belves", "resolve"],
                        "{U}{C}{W}{C}"):
        assert "flying" in board["wave"]["keywords"]
        assert board["belves"]["tapped"] is True and board["belves"]["power"] == 1


def test_a_token_gets_the_color_its_effect_names():
    # 111.4, 202.2e: Patrol Signaler's "Create a 1/1 white Kithkin Soldier creature token"
    sig = {"id": "sig", "card": "Patrol Signaler", "controller": "alice", "tapped": True, "since_turn": 1}
    got = run([sig], ["activate sig 1", "resolve"], mana_pool={"alice": "{W}{C}"})
    board = Session(got.results[0].state).board().to_json()["board"]
    assert board["kithkin_soldier"]["colors"] == ["white"]
    assert (board["kithkin_soldier"]["power"], board["kithkin_soldier"]["toughness"]) == (1, 1)


def test_a_mana_ability_that_sacrifices_its_source_when_the_counters_run_out():
    # Gemstone Mine: "{T}, Remove a mining counter: Add one mana of any color. If there are no
    # mining counters on this land, sacrifice it." (605.3a: done as the ability resolves, at once)
    last = {"id": "mine", "card": "Gemstone Mine", "controller": "alice", "counters": {"mining": 1}}
    got = run([last], ["activate mine 2"])
    assert len(got.results) == 5                      # one color each
    for r in got.results:
        after = r.after(got.start)
        assert after["mine"] == {"zone": "graveyard", "new_object": True}
        assert "701.21a" in {rule for c in r.changes for rule, _ in c.rules}
    more = {**last, "counters": {"mining": 3}}
    got = run([more], ["activate mine 2"])
    assert {r.after(got.start)["mine"]["counters"]["mining"] for r in got.results} == {2}
    assert all(r.after(got.start)["mine"]["zone"] == "battlefield" for r in got.results)


def test_cumulative_upkeep_is_paid_from_the_pool_and_life_or_the_permanent_is_sacrificed():
    # CR 702.24a: Infernal Darkness (Pay {B} and 1 life) with one age counter gets a second: two
    # {B} and 2 life, or it is sacrificed. 119.4: with 1 life alice cannot pay 2; 609.4b: under
    # Celestial Dawn her {B} is spent only as colorless and her {W} as any color.
    dark = {"id": "dark", "card": "Infernal Darkness", "controller": "alice", "counters": {"age": 1}}
    upkeep = {"stack": [{"id": "s1", "source": "dark", "line": 1, "controller": "alice"}]}

    def outcomes(battlefield, **extra):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "upkeep"},
                            "battlefield": battlefield, **upkeep, **extra})
        got = Session(state).what_if(["resolve"])
        return sorted((r.after(got.start)["dark"]["zone"], r.after(got.start).get("player alice", {}).get("mana_pool"))
                      for r in got.results)

    assert outcomes([dark], mana_pool={"alice": "{B}{B}"}) == [("battlefield", ""), ("graveyard", None)]
    assert outcomes([dark], mana_pool={"alice": "{B}{B}"}, life={"alice": 1}) == [("graveyard", None)]
    assert outcomes([dark], mana_pool={"alice": "{B}"}) == [("graveyard", None)]
    dawn = {"id": "dawn", "card": "Celestial Dawn", "controller": "alice"}
    assert outcomes([dark, dawn], mana_pool={"alice": "{B}{B}"}) == [("graveyard", None)]
    assert outcomes([dark, dawn], mana_pool={"alice": "{W}{W}"}) == [("battlefield", ""), ("graveyard", None)]


def test_an_ability_another_permanent_grants_is_activated_by_its_line_there():
    # Umbral Mantle: 'Equipped creature has "{3}, {Q}: This creature gets +2/+2 until end of
    # turn."' (613.1f; the instance is the Mantle's, 113.2c): the Elves pays {3} and untaps, and
    # once the ability resolves it is 3/3 until end of turn
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "tapped": True}
    mantle = {"id": "mantle", "card": "Umbral Mantle", "controller": "alice", "attached_to": "elves"}
    got = run([elves, mantle], ["activate elves 1 from mantle", "resolve"], mana_pool={"alice": "{C}{C}{C}"})
    (result,) = got.results
    assert result.illegal is None and result.after(got.start)["elves"].get("tapped") is None
    board = Session(result.state).board().to_json()["board"]["elves"]
    assert (board["power"], board["toughness"]) == (3, 3)
    # not equipped, it has no such ability (602.1); the Mantle's line 2 (Equip) grants nothing
    got = run([elves, {**mantle, "attached_to": None}], ["activate elves 1 from mantle"],
              mana_pool={"alice": "{C}{C}{C}"})
    assert "602.1" in {rule for rule, _ in got.results[0].illegal.why}
    with pytest.raises(InputError, match="line 2 of Umbral Mantle grants no ability; lines that do: 1"):
        run([elves, mantle], ["activate elves 2 from mantle"])
    with pytest.raises(InputError, match="activate ID LINE from SOURCE"):
        run([elves, mantle], ["activate elves 1 from"])


def test_a_colorless_permanent_that_becomes_colored_is_shown_with_its_colors():
    # CR 613.1e (layer 5), 105.2c: Fellwar Stone is colorless; once Celestial Dawn resolves,
    # "Nonland permanents you control are white" makes it white, and the text says so (it
    # crashed: a colorless object had no colors to look up at the start).
    stone = {"id": "stone", "card": "Fellwar Stone", "controller": "alice"}
    got = run([stone], ["cast dawn", "resolve"], hand={"alice": [{"id": "dawn", "card": "Celestial Dawn"}]},
              mana_pool={"alice": "{W}{W}{W}"})
    (result,) = got.results
    assert result.after(got.start)["stone"] == {"zone": "battlefield", "controller": "alice", "colors": ["white"]}
    assert "stone is on the battlefield under alice's control: colors: white" in got.to_text()


def test_branches_that_reach_one_state_are_one_outcome_whatever_the_order_of_its_objects():
    # whatif._distinct: a state's battlefield, zones, effects and pending abilities are
    # unordered (two branches reaching the same state by different paths list them in
    # different orders); anything else apart is another outcome
    from dataclasses import replace

    from mtg_asp.queries.whatif import _Branch, _distinct
    state = load_state({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"},
                        {"id": "forest", "card": "Forest", "controller": "alice"}]}, "<test>")
    swapped = replace(state, battlefield=tuple(reversed(state.battlefield)))
    tapped = replace(state, battlefield=(state.battlefield[0], replace(state.battlefield[1], tapped=True)))
    assert swapped != state
    out = _distinct([_Branch(state, ()), _Branch(swapped, ()), _Branch(tapped, ())])
    assert [b.state for b in out] == [state, tapped]
    assert _distinct([_Branch(swapped, ())])[0].state is swapped
