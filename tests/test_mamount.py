"""Mana abilities and spells whose cost or amount the compiler reads since issue 13 (mamount):
a -0/-1 counter as a mana ability's cost (Wall of Roots), ..."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled

WALL = ("Wall of Roots", "Creature — Plant Wall",
        "Defender\nPut a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn.")


def _session(cards, battlefield, **extra) -> Session:
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")
    return Session(state)


def _wall(toughness: int) -> dict:
    return {**compiled(*WALL).card, "power_toughness": f"0/{toughness}"}


def test_wall_of_roots_puts_a_counter_on_itself_for_its_mana():
    c = compiled(*WALL)
    assert c.fully_compiled
    assert c.card["abilities"][1]["activated"] == {"cost": [{"put_counters": {"counter": "-0/-1", "count": 1}}],
                                                   "add_mana": "{G}", "per_turn": 1}
    wall = {"id": "wall", "card": "Wall of Roots", "controller": "alice"}
    s = _session([_wall(5)], [wall])
    assert s.could_produce().types == {"wall": ("G",)}
    paid = s.can_pay("alice", "{G}")
    assert paid.payable and [(p.object, p.ability) for p in paid.plan] == [("wall", 2)]
    assert ("122.1", ("the activation cost puts counters on its source (602.2b); nothing has to be there first "
            "(118.3)")) in paid.reasons
    # CR 602.5b: once each turn, so {G}{G} is beyond it, and it is not named as an ability one more
    # activation of might pay
    two = s.can_pay("alice", "{G}{G}")
    assert not two.payable and not two.left_out
    assert [p.to_text() for p in s.available_mana("alice").pools] == ["1 {G}"]
    # activated this turn already: not again (602.5b)
    used = _session([_wall(5)], [{**wall, "activated_this_turn": [2]}])
    assert not used.can_pay("alice", "{G}").payable
    # CR 602.2b, 122.1: the what-if puts the counter on it (a 0/4 now, 613.4c) and adds {G}
    got = s.what_if(["activate wall 2"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start) == {"wall": {"zone": "battlefield", "controller": "alice", "counters": {"-0/-1": 1}},
                                  "player alice": {"mana_pool": "{G}"}}
    # with toughness 1 the counter leaves it a 0/0: it dies after the ability resolves (704.5f),
    # its mana added all the same (a mana ability resolves at once, 605.3a)
    s1 = _session([_wall(1)], [wall])
    got = s1.what_if(["activate wall 2"])
    (r,) = got.results
    assert r.after(got.start) == {"wall": {"zone": "graveyard", "new_object": True},
                                  "player alice": {"mana_pool": "{G}"}}


BLOOM = ("Cadaverous Bloom", "Enchantment", "Exile a card from your hand: Add {B}{B} or {G}{G}.")
BEAR = ("Test Bear", "Creature — Bear", "")


def _bloom(hand: int) -> Session:
    cards = [compiled(*BLOOM).card, compiled(*BEAR).card]
    return _session(cards, [{"id": "bloom", "card": "Cadaverous Bloom", "controller": "alice"}],
                    hand={"alice": [{"id": f"h{k}", "card": "Test Bear"} for k in range(hand)]})


def test_cadaverous_bloom_exiles_a_card_from_the_hand_per_activation():
    assert compiled(*BLOOM).card["abilities"][0]["activated"]["cost"] == [{"exile": {"from": "hand"}}]
    two = _bloom(2)
    assert two.could_produce().types == {"bloom": ("B", "G")}
    # CR 406.2, 118.3: once per card in the hand: two cards pay {B}{B}{G}{G}, not six mana
    paid = two.can_pay("alice", "{B}{B}{G}{G}")
    assert paid.payable and [(p.object, p.ability) for p in paid.plan] == [("bloom", 1), ("bloom", 1)]
    assert ("406.2", "cards exiled from the hand to pay a cost must be there, one per activation (118.3)") in \
        paid.reasons
    assert not two.can_pay("alice", "{B}{B}{B}{B}{B}{B}").payable
    assert [p.to_text() for p in two.available_mana("alice").pools] == ["2 x 2 mana of one of B/G (each its own choice)"]
    # an empty hand: nothing to exile (118.3)
    empty = _bloom(0)
    assert not empty.can_pay("alice", "{B}").payable
    (r,) = empty.what_if(["activate bloom 1"]).results
    assert r.illegal.why == (("118.3", "the player has fewer cards in hand than the cost exiles"),)
    # the what-if exiles the card (each card an outcome) and adds the mana picked (106.1)
    got = _bloom(1).what_if(["activate bloom 1"])
    assert [r.after(got.start) for r in got.results] == [
        {"h0": {"zone": "exile", "new_object": True}, "player alice": {"mana_pool": pool}} for pool in ("{B}{B}", "{G}{G}")]


SAC = "As an additional cost to cast this spell, sacrifice a creature.\n"
BURNT = ("Burnt Offering", "Instant",
         SAC + "Add X mana in any combination of {B} and/or {R}, where X is the sacrificed creature's mana value.")
META = ("Metamorphosis", "Sorcery", SAC + "Add X mana of any one color, where X is 1 plus the sacrificed creature's "
        "mana value. Spend this mana only to cast creature spells.")
OGRE = ("Test Ogre", "Creature — Ogre", "")


def _offering(spec, mana_cost: str, pool: str) -> Session:
    cards = [{**compiled(*spec).card, "mana_cost": mana_cost}, {**compiled(*OGRE).card, "mana_cost": "{1}{R}"}]
    return _session(cards, [{"id": "ogre", "card": "Test Ogre", "controller": "alice"}],
                    hand={"alice": [{"id": "spell", "card": spec[0]}]}, mana_pool={"alice": pool})


def test_burnt_offering_adds_the_sacrificed_creatures_mana_value_in_black_and_red():
    assert compiled(*BURNT).card["abilities"][1]["spell"] == {
        "add_mana": {"combination": ["B", "R"], "amount": "sacrificed_mana_value"}}
    # CR 608.2h, 106.1: the ogre (mana value 2) as it was sacrificed: two mana, split as alice
    # chooses between {B} and {R} as the spell resolves
    got = _offering(BURNT, "{B}", "{B}").what_if(["cast spell", "resolve"])
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    assert sorted(r.after(got.start)["player alice"]["mana_pool"] for r in got.results) == [
        "{B}{B}", "{B}{R}", "{R}{R}"]


def test_metamorphosis_adds_one_plus_the_mana_value_of_one_color_with_its_rider():
    assert compiled(*META).card["abilities"][1]["spell"] == {
        "add_mana": {"any": "color", "amount": "sacrificed_mana_value+1",
                     "rider": "Spend this mana only to cast creature spells."}}
    # CR 106.6: the rider is not tracked: the what-if refuses to resolve it rather than add mana
    # whose spending it would not restrict
    got = _offering(META, "{G}", "{G}").what_if(["cast spell", "resolve"])
    assert {r.illegal.why[0][0] for r in got.results} == {"106.6"}
    # without the rider, 1 plus the ogre's mana value 2: three mana of one color, chosen once (106.1a)
    plain = ("Test Change", "Sorcery", SAC + "Add X mana of any one color, where X is 1 plus the sacrificed creature's "
             "mana value.")
    got = _offering(plain, "{G}", "{G}").what_if(["cast spell", "resolve"])
    assert sorted(r.after(got.start)["player alice"]["mana_pool"] for r in got.results) == sorted(
        f"{{{c}}}" * 3 for c in "WUBRG")


PRIEST = ("Priest of Yawgmoth", "Creature — Human Cleric",
          "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana value.")
ROCK = ("Test Rock", "Artifact", "")
BAUBLE = ("Test Bauble", "Artifact", "")


def _priest() -> Session:
    cards = [compiled(*PRIEST).card, {**compiled(*ROCK).card, "mana_cost": "{3}"},
             {**compiled(*BAUBLE).card, "mana_cost": "{1}"}]
    return _session(cards, [{"id": "priest", "card": "Priest of Yawgmoth", "controller": "alice", "since_turn": 1},
                            {"id": "rock", "card": "Test Rock", "controller": "alice"},
                            {"id": "bauble", "card": "Test Bauble", "controller": "alice"}])


def test_priest_of_yawgmoth_adds_the_sacrificed_artifacts_mana_value():
    assert compiled(*PRIEST).card["abilities"][0]["activated"]["add_mana"] == {
        "mana": "{B}", "amount": "sacrificed_mana_value"}
    s = _priest()
    assert s.could_produce().types == {"priest": ("B",), "rock": (), "bauble": ()}
    # CR 608.2h, 202.3: the rock (mana value 3) pays {B}{B}{B}; the bauble's 1 does not
    paid = s.can_pay("alice", "{B}{B}{B}")
    assert paid.payable and [(p.object, p.sacrificed, p.mana) for p in paid.plan] == [("priest", "rock", {"B": 3})]
    assert not s.can_pay("alice", "{B}{B}{B}{B}").payable
    # the largest pools: {B}{B}{B} (the rock) dominates {B} (the bauble)
    assert [p.to_text() for p in s.available_mana("alice").pools] == ["3 {B}"]
    # the what-if adds as much as the mana value of the artifact it sacrifices (each an outcome)
    got = s.what_if(["activate priest 1"])
    assert sorted((str(sorted(k for k, v in a.items() if v.get("zone") == "graveyard")), a["player alice"]["mana_pool"])
                  for a in (r.after(got.start) for r in got.results)) == [
        ("['bauble']", "{B}"), ("['rock']", "{B}{B}{B}")]


CHAIN_LINE = "Exile a creature you control: Add X mana of any one color, where X is 1 plus the exiled creature's mana value."
FOOD_CHAIN = ("Food Chain", "Enchantment", CHAIN_LINE + " Spend this mana only to cast creature spells.")


def test_food_chain_adds_one_plus_the_exiled_creatures_mana_value():
    assert compiled(*FOOD_CHAIN).card["abilities"][0]["activated"]["add_mana"] == {
        "any": "color", "amount": "exiled_mana_value+1", "rider": "Spend this mana only to cast creature spells."}
    plain = ("Test Chain", "Enchantment", CHAIN_LINE)
    cards = [compiled(*plain).card, {**compiled(*OGRE).card, "mana_cost": "{1}{R}"}]
    s = _session(cards, [{"id": "chain", "card": "Test Chain", "controller": "alice"},
                         {"id": "ogre", "card": "Test Ogre", "controller": "alice"}])
    assert s.could_produce().types == {"chain": ("W", "U", "B", "R", "G"), "ogre": ()}
    # CR 406.2, 608.2h: the ogre (mana value 2) exiled: three mana of one color, chosen once (106.1a)
    got = s.what_if(["activate chain 1"])
    assert sorted(r.after(got.start)["player alice"]["mana_pool"] for r in got.results) == sorted(
        f"{{{c}}}" * 3 for c in "WUBRG")
    assert all(r.after(got.start)["ogre"] == {"zone": "exile", "new_object": True} for r in got.results)
    # the planners do not exile for a cost yet: named, never counted as free
    paid = s.can_pay("alice", "{G}")
    assert not paid.payable and [(o, why) for o, _, _, why in paid.left_out] == [
        ("chain", "its cost exiles another object, not modelled yet")]


RITE = ("Rite of Flame", "Sorcery", "Add {R}{R}, then add {R} for each card named Rite of Flame in each graveyard.")


def test_rite_of_flame_counts_the_cards_named_rite_of_flame_in_each_graveyard():
    assert compiled(*RITE).card["abilities"][0]["spell"] == {
        "add_mana": {"mana": "{R}", "amount": {"named_in_graveyards": "self", "plus": 2}}}

    def pool_after(graveyard: dict) -> str:
        s = _session([{**compiled(*RITE).card, "mana_cost": "{R}"}, compiled(*BEAR).card], [],
                     hand={"alice": [{"id": "rite", "card": "Rite of Flame"}]}, mana_pool={"alice": "{R}"},
                     graveyard=graveyard)
        got = s.what_if(["cast rite", "resolve"])
        (r,) = got.results
        assert r.illegal is None, r.illegal
        return r.after(got.start)["player alice"]["mana_pool"]
    # CR 608.2h, 201.2: one in alice's graveyard and one in bob's (not the bear): {R}{R} and two more
    assert pool_after({"alice": [{"id": "r1", "card": "Rite of Flame"}, {"id": "b1", "card": "Test Bear"}],
                       "bob": [{"id": "r2", "card": "Rite of Flame"}]}) == "{R}{R}{R}{R}"
    assert pool_after({}) == "{R}{R}"
