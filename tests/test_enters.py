"""Entering the battlefield (asp/zones.lp): "enters tapped" and its conditions read as the
permanent enters (CR 614.1c, 614.12), the choices made as it enters (614.12a: paying life,
119.4; revealing a card; choosing a color, 105.4), and "one mana of the chosen color" (607.2d)
with the choice recorded on the permanent or not (asp/mana.lp). The cards are compiled from
their oracle text (pool wording) by translator/compiler."""

from __future__ import annotations

import json

import pytest
from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state


def card(name: str, text: str, type_line: str = "Land", cost: str = "") -> dict:
    return compile_face({"name": name, "type": type_line, "text": text, "manaCost": cost}).card


CARDS = [
    card("Sunpetal Grove", "Sunpetal Grove enters the battlefield tapped unless you control a Forest or a Plains.\n"
                           "{T}: Add {G} or {W}."),
    card("Drowned Catacomb", "Drowned Catacomb enters the battlefield tapped unless you control an Island or a "
                             "Swamp."),
    card("Blood Crypt", "As Blood Crypt enters the battlefield, you may pay 2 life. If you don't, it enters the "
                        "battlefield tapped.", "Land — Swamp Mountain"),
    card("Blackcleave Cliffs", "Blackcleave Cliffs enters the battlefield tapped unless you control two or fewer "
                               "other lands."),
    card("Deathcap Glade", "Deathcap Glade enters the battlefield tapped unless you control two or more other "
                           "lands."),
    card("Bountiful Promenade", "Bountiful Promenade enters the battlefield tapped unless you have two or more "
                                "opponents."),
    card("Cave of the Frost Dragon", "If you control two or more other lands, Cave of the Frost Dragon enters "
                                     "the battlefield tapped."),
    card("Fortified Village", "As Fortified Village enters the battlefield, you may reveal a Forest or Plains card "
                              "from your hand. If you don't, Fortified Village enters the battlefield tapped."),
    card("Hickory Woodlot", "Hickory Woodlot enters the battlefield tapped with two depletion counters on it."),
    card("Thriving Bluff", "Thriving Bluff enters the battlefield tapped.\nAs Thriving Bluff enters the "
                           "battlefield, choose a color other than red.\n{T}: Add {R} or one mana of the chosen "
                           "color."),
    card("Coldsteel Heart", "Coldsteel Heart enters the battlefield tapped.\nAs Coldsteel Heart enters the "
                            "battlefield, choose a color.\n{T}: Add one mana of the chosen color.",
         "Snow Artifact", "{2}"),
    card("Unclaimed Territory", "As Unclaimed Territory enters the battlefield, choose a creature type.\n"
                                "{T}: Add {C}."),
]
BASE = {"players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "precombat_main"},
        "cards": CARDS}


def state(battlefield=(), hand=(), **extra):
    return load_state({**BASE, "battlefield": list(battlefield), "hand": {"alice": list(hand)}, **extra})


def lands(*names, who="alice"):
    return [{"card": n, "controller": who} for n in names]


def outcomes(st, action):
    """Each outcome as (the entering land's fields after the step, alice's life and player fields)."""
    out = []
    for o in Session(st).what_if([action]).to_json()["outcomes"]:
        oid = action.split()[1]
        land = {k: v for k, v in o["after"][oid].items() if k not in ("zone", "controller", "new_object")}
        out.append((land, o["after"].get("player alice", {}).get("life")))
    return sorted(out, key=json.dumps)


UNTAPPED, TAPPED = ({}, None), ({"tapped": True}, None)


def test_a_checkland_reads_the_lands_its_controller_controls_as_it_enters():
    # 614.12: "unless you control a Forest or a Plains", read as it would enter
    assert outcomes(state(lands("Forest"), ["Sunpetal Grove"]), "play sunpetal_grove") == [UNTAPPED]
    assert outcomes(state(lands("Plains"), ["Sunpetal Grove"]), "play sunpetal_grove") == [UNTAPPED]
    assert outcomes(state(lands("Island"), ["Sunpetal Grove"]), "play sunpetal_grove") == [TAPPED]
    # an opponent's Forest is not the controller's
    assert outcomes(state(lands("Forest", who="bob"), ["Sunpetal Grove"]), "play sunpetal_grove") == [TAPPED]


def test_a_checkland_reads_land_types_after_the_layers():
    # Urborg makes each land a Swamp (613.1d): the Catacomb sees a Swamp in the Forest
    st = state([*lands("Forest"), {"card": "Urborg, Tomb of Yawgmoth", "controller": "bob"}], ["Drowned Catacomb"])
    assert outcomes(st, "play drowned_catacomb") == [UNTAPPED]
    assert outcomes(state(lands("Forest"), ["Drowned Catacomb"]), "play drowned_catacomb") == [TAPPED]


def test_under_blood_moon_a_checkland_has_no_ability_to_enter_tapped():
    # 614.12, 305.7: as it would exist on the battlefield it is a Mountain with no rules text
    st = state([*lands("Island"), {"card": "Blood Moon", "controller": "bob"}], ["Sunpetal Grove"])
    assert outcomes(st, "play sunpetal_grove") == [UNTAPPED]


def test_a_shockland_pays_life_or_enters_tapped_and_both_are_outcomes():
    assert outcomes(state((), ["Blood Crypt"]), "play blood_crypt") == [({"tapped": True}, None), ({}, 18)]
    # 119.4: with 1 life the 2 life cannot be paid
    assert outcomes(state((), ["Blood Crypt"], life={"alice": 1}), "play blood_crypt") == [TAPPED]
    # exactly 2 life can be paid (to 0: the player then loses, 704.5a)
    got = Session(state((), ["Blood Crypt"], life={"alice": 2})).what_if(["play blood_crypt"]).to_json()
    paid = [o for o in got["outcomes"] if o["after"].get("player alice", {}).get("life") == 0]
    assert len(paid) == 1 and paid[0]["after"]["player alice"]["lost"] is True


def test_the_life_paid_cites_119_4():
    got = Session(state((), ["Blood Crypt"])).what_if(["play blood_crypt"]).to_json()
    life = [c for o in got["outcomes"] for c in o["changes"] if c["change"] == "life"]
    assert len(life) == 1 and "119.4" in life[0]["rules"]


def test_a_fastland_counts_the_other_lands_as_it_enters():
    assert outcomes(state(lands("Island", "Swamp"), ["Blackcleave Cliffs"]), "play blackcleave_cliffs") == [UNTAPPED]
    # the fourth land: three others
    assert outcomes(state(lands("Island", "Swamp", "Swamp"), ["Blackcleave Cliffs"]),
                    "play blackcleave_cliffs") == [TAPPED]
    # creatures are not lands
    st = state([*lands("Island", "Swamp"), {"card": "Llanowar Elves", "controller": "alice"}], ["Blackcleave Cliffs"])
    assert outcomes(st, "play blackcleave_cliffs") == [UNTAPPED]


def test_a_slowland_needs_two_other_lands():
    assert outcomes(state(lands("Forest"), ["Deathcap Glade"]), "play deathcap_glade") == [TAPPED]
    assert outcomes(state(lands("Forest", "Swamp"), ["Deathcap Glade"]), "play deathcap_glade") == [UNTAPPED]


def test_if_you_control_two_or_more_other_lands_it_enters_tapped():
    assert outcomes(state(lands("Forest"), ["Cave of the Frost Dragon"]), "play cave_of_the_frost_dragon") == [UNTAPPED]
    assert outcomes(state(lands("Forest", "Plains"), ["Cave of the Frost Dragon"]),
                    "play cave_of_the_frost_dragon") == [TAPPED]


def test_a_battlebond_land_counts_the_opponents_still_in_the_game():
    assert outcomes(state((), ["Bountiful Promenade"]), "play bountiful_promenade") == [TAPPED]
    three = {"players": ["alice", "bob", "carol"]}
    assert outcomes(state((), ["Bountiful Promenade"], **three), "play bountiful_promenade") == [UNTAPPED]


def test_a_reveal_land_needs_a_matching_card_in_hand_and_may_reveal_it():
    assert outcomes(state((), ["Fortified Village", "Plains"]), "play fortified_village") == [TAPPED, UNTAPPED]
    assert outcomes(state((), ["Fortified Village", "Island"]), "play fortified_village") == [TAPPED]
    # the card entering is not in the hand any more: a second Village is not a Forest or Plains
    assert outcomes(state((), ["Fortified Village"]), "play fortified_village") == [TAPPED]


def test_enters_tapped_with_depletion_counters_when_put_onto_the_battlefield():
    got = outcomes(state((), ["Hickory Woodlot"]), "move hickory_woodlot to battlefield")
    assert got == [({"tapped": True, "counters": {"depletion": 2}}, None)]


def test_a_color_chosen_as_it_enters_is_each_color_it_allows():
    got = Session(state((), ["Thriving Bluff"])).what_if(["play thriving_bluff"]).to_json()
    chosen = sorted(o["after"]["thriving_bluff"]["chosen"]["color"] for o in got["outcomes"])
    assert chosen == ["black", "blue", "green", "white"]          # other than red
    assert all(o["after"]["thriving_bluff"]["tapped"] for o in got["outcomes"])
    change = next(c for c in got["outcomes"][0]["changes"] if c["change"] == "chosen")
    assert change["choice"] == "color" and "614.12a" in change["rules"]


def test_a_creature_type_chosen_as_it_enters_is_left_open_and_said_so():
    result = Session(state((), ["Unclaimed Territory"])).what_if(["play unclaimed_territory"])
    [o] = result.to_json()["outcomes"]
    assert [c["change"] for c in o["changes"]] == ["moves", "choice_open", "lands_played"]
    assert "every creature type is possible" in result.to_text()


def test_an_unrecorded_chosen_color_could_be_any_color_the_card_allows():
    st = state([{"id": "heart", "card": "Coldsteel Heart", "controller": "alice"},
                {"id": "bluff", "card": "Thriving Bluff", "controller": "alice"},
                {"id": "mine", "card": "Coldsteel Heart", "controller": "bob", "chosen": {"color": "blue"}}])
    got = Session(st).could_produce()
    assert got.to_json() == {"could_produce": {"heart": ["W", "U", "B", "R", "G"], "bluff": ["W", "U", "B", "R", "G"],
                                               "mine": ["U"]},
                             "choices_not_recorded": {"bluff": ["color"], "heart": ["color"]}}
    assert "heart: the color chosen as it entered is not recorded" in got.to_text()


def test_a_recorded_chosen_color_is_the_only_one():
    st = state([{"id": "bluff", "card": "Thriving Bluff", "controller": "alice", "chosen": {"color": "green"}}])
    assert Session(st).could_produce().to_json() == {"could_produce": {"bluff": ["R", "G"]}}
    assert Session(st).can_pay("alice", "{G}").payable
    assert not Session(st).can_pay("alice", "{W}").payable


def test_can_pay_and_mana_say_the_choice_is_not_recorded():
    st = state([{"id": "heart", "card": "Coldsteel Heart", "controller": "alice"},
                {"id": "other", "card": "Coldsteel Heart", "controller": "bob"}])
    session = Session(st)
    paid = session.can_pay("alice", "{B}")
    assert paid.payable and paid.to_json()["choices_not_recorded"] == {"heart": ["color"]}
    assert "not recorded" in paid.to_text()
    mana = session.available_mana("alice").to_json()
    assert mana["choices_not_recorded"] == {"heart": ["color"]}
    assert mana["pools"][0]["items"] == [{"count": 1, "amount": 1, "of": ["W", "U", "B", "R", "G"]}]


def test_the_cli_json_names_the_unrecorded_choice(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(json.dumps({**BASE, "battlefield": [{"id": "heart", "card": "Coldsteel Heart",
                                                          "controller": "alice"}]}))
    assert main(["could-produce", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["choices_not_recorded"] == {"heart": ["color"]}


@pytest.mark.parametrize("chosen,message", [
    ({"color": "pink"}, r"battlefield\[0\]\.chosen\.color: 'pink' is not a color"),
    ({"color": "red"}, r"battlefield\[0\]\.chosen\.color: Thriving Bluff chooses a color other than red"),
    ({"creature_type": "elf"}, r"battlefield\[0\]\.chosen\.creature_type: Thriving Bluff chooses a color"),
    ({"colour": "green"}, r"battlefield\[0\]\.chosen\.colour: unknown field"),
])
def test_a_bad_chosen_field_names_the_field(chosen, message):
    with pytest.raises(InputError, match=message):
        state([{"card": "Thriving Bluff", "controller": "alice", "chosen": chosen}])


def test_a_chosen_field_on_a_card_that_chooses_nothing_is_an_error():
    with pytest.raises(InputError, match=r"chosen\.color: Forest chooses nothing as it enters"):
        state([{"card": "Forest", "controller": "alice", "chosen": {"color": "green"}}])
    with pytest.raises(InputError, match=r"'wizardly' is not a creature type"):
        state([{"card": "Unclaimed Territory", "controller": "alice", "chosen": {"creature_type": "wizardly"}}])


def test_a_land_that_is_every_basic_land_type_has_each_intrinsic_mana_ability():
    # 305.6: "~ is every basic land type" (filter: self) gives it the five basic types' abilities,
    # and only to itself
    nexus = card("Test Nexus", "This land is every basic land type.")
    st = load_state({**BASE, "cards": [*CARDS, nexus], "battlefield": [
        {"id": "nexus", "card": "Test Nexus", "controller": "alice"},
        {"id": "wastes", "card": "Wastes", "controller": "alice"}]})
    assert Session(st).could_produce().to_json()["could_produce"] == {"nexus": ["W", "U", "B", "R", "G"],
                                                                      "wastes": ["C"]}


def test_a_compiled_yavimaya_makes_each_land_a_forest():
    yavimaya = card("Yavimaya, Cradle of Growth", "Each land is a Forest in addition to its other land types.",
                    "Legendary Land")
    st = load_state({**BASE, "cards": [*CARDS, yavimaya], "battlefield": [
        {"id": "yav", "card": "Yavimaya, Cradle of Growth", "controller": "bob"},
        {"id": "isle", "card": "Island", "controller": "alice"}]})
    assert Session(st).could_produce().to_json()["could_produce"] == {"yav": ["G"], "isle": ["U", "G"]}


def test_explain_cites_the_chosen_color():
    st = state([{"id": "bluff", "card": "Thriving Bluff", "controller": "alice", "chosen": {"color": "green"}}])
    got = Session(st).could_produce(explain=True)
    assert ("607.2d", "bluff: the ability on line 3 adds one mana of the color chosen as it entered: {G}") in \
        {(c.rule, c.text) for c in got.rules()}


def test_the_board_shows_a_recorded_choice():
    st = state([{"id": "bluff", "card": "Thriving Bluff", "controller": "alice", "chosen": {"color": "green"}},
                {"id": "heart", "card": "Coldsteel Heart", "controller": "alice"}])
    got = Session(st).board()
    board = got.to_json()["board"]
    assert board["bluff"]["chosen"] == {"color": "green"}
    assert "chosen color: green" in got.to_text()
    assert "chosen" not in board["heart"]
