"""Trigger events about another object (issue 13; CR 603.2, 603.2c, 603.6a, 603.10a, 700.4, 508.3a,
601.2i): real pool lines (AtomicCards 2024-03 wording, the card named) read by
translator/compiler/subject_events.py into `when: {event: {filter, controller?, another?, or_self?}}`,
and what asp/subject_triggers.lp makes of them in a what-if."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled

MARWYN = ("Marwyn, the Nurturer", "Legendary Creature — Elf Druid", (
    "Whenever another Elf enters the battlefield under your control, put a +1/+1 counter on Marwyn, the Nurturer.\n"
    "{T}: Add an amount of {G} equal to Marwyn's power."))
HOARD = ("Dragon's Hoard", "Artifact", (
    "Whenever a Dragon enters the battlefield under your control, put a gold counter on Dragon's Hoard.\n"
    "{T}, Remove a gold counter from Dragon's Hoard: Draw a card.\n{T}: Add one mana of any color."))
CARNIVAL = ("Carnival of Souls", "Enchantment",
            "Whenever a creature enters the battlefield, you lose 1 life and add {B}.")
COBRA = ("Lotus Cobra", "Creature — Snake",
         "Landfall — Whenever a land enters the battlefield under your control, add one mana of any color.")
BLACK_MARKET = ("Black Market", "Enchantment", (
    "Whenever a creature dies, put a charge counter on Black Market.\n"
    "At the beginning of your precombat main phase, add {B} for each charge counter on Black Market."))
SIFTER = ("Sifter of Skulls", "Creature — Eldrazi", (
    "Devoid (This card has no color.)\nWhenever another nontoken creature you control dies, create a 1/1 colorless "
    "Eldrazi Scion creature token. It has \"Sacrifice this creature: Add {C}.\" (It can be sacrificed for mana.)"))
PAWN = ("Pawn of Ulamog", "Creature — Vampire Shaman", (
    "Whenever Pawn of Ulamog or another nontoken creature you control dies, you may create a 0/1 colorless Eldrazi "
    "Spawn creature token. It has \"Sacrifice this creature: Add {C}.\""))
REPOSITORY = ("Druids' Repository", "Enchantment", (
    "Whenever a creature you control attacks, put a charge counter on Druids' Repository.\n"
    "Remove a charge counter from Druids' Repository: Add one mana of any color."))
TOME = ("Tome of the Guildpact", "Artifact",
        "Whenever you cast a multicolored spell, draw a card.\n{T}: Add {C}.")
KYKAR = ("Kykar, Wind's Fury", "Legendary Creature — Bird Wizard", (
    "Flying\nWhenever you cast a noncreature spell, create a 1/1 white Spirit creature token with flying.\n"
    "Sacrifice a Spirit: Add {R}."))
TANGLEROOT = ("Tangleroot", "Artifact", "Whenever a player casts a creature spell, that player adds {G}.")
ELF = ("Test Elf", "Creature — Elf", "")
GOBLIN = ("Test Goblin", "Creature — Goblin", "")
DRAGON = ("Test Dragon", "Creature — Dragon", "")
SHOCK = ("Test Shock", "Instant", "Test Shock deals 2 damage to any target.")


def _when(spec, n: int = 1) -> dict:
    c = compiled(*spec)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    entry = c.card["abilities"][n - 1]["triggered"]
    return entry["when"]


def test_the_compiler_reads_events_about_another_object():
    assert _when(MARWYN) == {"enters": {"filter": ["elf"], "controller": "you", "another": True}}
    assert _when(HOARD) == {"enters": {"filter": ["dragon"], "controller": "you"}}
    assert _when(CARNIVAL) == {"enters": {"filter": ["creature"]}}
    assert _when(COBRA) == {"enters": {"filter": ["land"], "controller": "you"}}
    assert _when(BLACK_MARKET) == {"dies": {"filter": ["creature"]}}
    assert _when(SIFTER, 2) == {"dies": {"filter": ["nontoken", "creature"], "controller": "you", "another": True}}
    assert _when(PAWN) == {"dies": {"filter": ["nontoken", "creature"], "controller": "you", "another": True,
                                    "or_self": True}}
    assert _when(REPOSITORY) == {"attacks": {"filter": ["creature"], "controller": "you"}}
    assert _when(TOME) == {"cast_spell": {"filter": ["multicolored"], "controller": "you"}}
    assert _when(KYKAR, 2) == {"cast_spell": {"filter": ["noncreature"], "controller": "you"}}
    tangle = compiled(*TANGLEROOT).card["abilities"][0]["triggered"]
    assert tangle == {"when": {"cast_spell": {"filter": ["creature"]}}, "add_mana": "{G}", "add_mana_to": "that_player"}
    carnival = compiled(*CARNIVAL).card["abilities"][0]["triggered"]
    assert carnival["does"] == [{"lose_life": {"amount": 1}}] and carnival["add_mana"] == "{B}"


def _run(specs, battlefield, actions, **extra):
    """A what-if on the compiled cards of `specs` and the tokens they create (111.4)."""
    cards: list[dict] = []
    for s in specs:
        c = compiled(*s[:3])
        if len(s) > 3:
            c.card["mana_cost"] = s[3]          # (a test card's cost: its colors, 202.2)
        cards += [c.card] + [t for t in c.tokens if t not in cards]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")
    got = Session(state).what_if(actions)
    return got, [r.after(got.start) for r in got.results]


def _triggered(result) -> list[tuple[str, int]]:
    return [(c.change.object.id, c.change.ability.line) for c in result.changes if c.change.name == "triggered"]


def _on(card_id: str, spec, controller: str = "alice") -> dict:
    return {"id": card_id, "card": spec[0], "controller": controller}


def test_marwyn_grows_for_another_elf_and_not_for_a_goblin():
    # 603.6a: Marwyn sees an Elf enter under her controller's control; a Goblin is not an Elf.
    for card, grows in (("Test Elf", True), ("Test Goblin", False)):
        got, afters = _run([MARWYN, ELF, GOBLIN], [_on("marwyn", MARWYN)], ["cast e", "resolve", "resolve"],
                           hand={"alice": [{"id": "e", "card": card}]}, mana_pool={"alice": "{G}"})
        (r,) = got.results
        assert (_triggered(r) == [("marwyn", 1)]) is grows
        if grows:
            assert r.illegal is None and afters[0]["marwyn"]["counters"] == {"+1/+1": 1}


def test_dragons_hoard_ignores_an_opponents_dragon():
    # "under your control": bob's Dragon entering does not trigger alice's Hoard.
    got, _ = _run([HOARD, DRAGON], [_on("hoard", HOARD, "bob")], ["cast d", "resolve"],
                  hand={"alice": [{"id": "d", "card": "Test Dragon"}]}, mana_pool={"alice": "{G}"})
    (r,) = got.results
    assert _triggered(r) == []
    got, afters = _run([HOARD, DRAGON], [_on("hoard", HOARD)], ["cast d", "resolve", "resolve"],
                       hand={"alice": [{"id": "d", "card": "Test Dragon"}]}, mana_pool={"alice": "{G}"})
    (r,) = got.results
    assert _triggered(r) == [("hoard", 1)] and afters[0]["hoard"]["counters"] == {"gold": 1}


def test_carnival_of_souls_sees_a_token_created_and_loses_life_then_adds_b():
    # 111.1: a token created enters the battlefield; Kykar's Spirit (601.2i: a noncreature spell
    # cast) triggers bob's Carnival of Souls: bob loses 1 life and adds {B} (608.2c: in order).
    board = [_on("kykar", KYKAR), _on("carnival", CARNIVAL, "bob"), _on("goblin", GOBLIN, "bob")]
    got, afters = _run([KYKAR, CARNIVAL, SHOCK, GOBLIN], board,
                       ["cast s targeting goblin", "resolve", "resolve"],
                       hand={"alice": [{"id": "s", "card": "Test Shock"}]}, mana_pool={"alice": "{R}"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert _triggered(r) == [("kykar", 2), ("carnival", 1)]
    assert afters[0]["spirit"]["zone"] == "battlefield"
    assert afters[0]["player bob"] == {"life": 19, "mana_pool": "{B}"}


def test_black_market_and_pawn_of_ulamog_look_back_at_the_creature_that_died():
    # 700.4, 603.10a: the Pawn itself dying triggers "~ or another nontoken creature you control
    # dies"; any creature dying triggers Black Market, whoever controls it.
    board = [_on("market", BLACK_MARKET, "bob"), _on("pawn", PAWN)]
    got, afters = _run([BLACK_MARKET, PAWN, SHOCK], board, ["cast s targeting pawn", "resolve", "resolve", "resolve"],
                       hand={"alice": [{"id": "s", "card": "Test Shock"}]}, mana_pool={"alice": "{R}"})
    assert {tuple(_triggered(r)) for r in got.results} == {(("market", 1), ("pawn", 1))}
    assert {a["market"]["counters"]["charge"] for a in afters} == {1}
    # "you may create" (603.5): with and without the Spawn token
    assert sorted("eldrazi_spawn" in a for a in afters) == [False, True]


def test_sifter_of_skulls_not_for_itself_nor_for_a_token():
    # "another nontoken creature you control": neither the Sifter nor a token triggers it.
    board = [_on("sifter", SIFTER), _on("elf", ELF), {**_on("token", GOBLIN), "token": True}]
    for target, fires in (("elf", True), ("sifter", False), ("token", False)):
        got, _ = _run([SIFTER, ELF, GOBLIN, SHOCK], board, [f"cast s targeting {target}", "resolve"],
                           hand={"alice": [{"id": "s", "card": "Test Shock"}]}, mana_pool={"alice": "{R}"})
        (r,) = got.results
        assert (_triggered(r) == [("sifter", 2)]) is fires


def test_druids_repository_counts_each_attacker():
    # 508.3a, 603.2c: two creatures declared as attackers trigger it twice.
    board = [_on("repo", REPOSITORY), _on("elf", ELF), _on("goblin", GOBLIN)]
    got, afters = _run([REPOSITORY, ELF, GOBLIN], board,
                       ["next step", "attack elf goblin", "resolve", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert _triggered(r) == [("repo", 1), ("repo", 1)]
    assert afters[0]["repo"]["counters"] == {"charge": 2}


def test_tome_of_the_guildpact_draws_for_a_multicolored_spell_only():
    # 105.2b: a spell of two colors is multicolored; one of one color is not.
    for card, cost, draws in (("Test Shock", "{R}", False), ("Test Gold Shock", "{U}{R}", True)):
        cards = [TOME, ELF, (card, "Instant", f"{card} deals 2 damage to any target.")]
        state_cards = [compiled(*s).card for s in cards]
        state_cards[-1]["mana_cost"] = cost
        state = load_state({"players": ["alice", "bob"],
                            "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                            "cards": state_cards, "battlefield": [_on("tome", TOME), _on("elf", ELF, "bob")],
                            "hand": {"alice": [{"id": "s", "card": card}]},
                            "library": {"alice": [{"id": "top", "card": "Test Elf"}]},
                            "mana_pool": {"alice": "{U}{R}"}}, "t.yaml")
        got = Session(state).what_if(["cast s targeting elf", "resolve"])
        (r,) = got.results
        assert r.illegal is None, r.illegal
        assert (_triggered(r) == [("tome", 1)]) is draws
        assert (r.after(got.start).get("top", {}).get("zone") == "hand") is draws


def test_tangleroot_gives_the_caster_g():
    # 601.2a: "that player" is the spell's caster, not Tangleroot's controller.
    got, afters = _run([TANGLEROOT, ELF], [_on("root", TANGLEROOT, "bob")], ["cast e", "resolve"],
                       hand={"alice": [{"id": "e", "card": "Test Elf"}]})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["player alice"]["mana_pool"] == "{G}"
    assert "player bob" not in afters[0]


def test_lotus_cobra_adds_a_color_when_a_land_enters():
    got, afters = _run([COBRA], [_on("cobra", COBRA)], ["play f", "resolve"],
                       hand={"alice": [{"id": "f", "card": "Forest"}]})
    assert len(got.results) == 5 and all(r.illegal is None for r in got.results)
    assert sorted(a["player alice"]["mana_pool"] for a in afters) == ["{B}", "{G}", "{R}", "{U}", "{W}"]


# -- "you may" on one action (608.2d) and "if you control a creature with power 5 or greater" (603.4) --
SUNSEED = ("Sunseed Nurturer", "Creature — Human Druid Wizard", (
    "At the beginning of your end step, if you control a creature with power 5 or greater, you may gain 2 life.\n"
    "{T}: Add {C}."))
FIRESTOKER = ("Exuberant Firestoker", "Creature — Human Druid Shaman", (
    "At the beginning of your end step, if you control a creature with power 5 or greater, you may have Exuberant "
    "Firestoker deal 2 damage to target player or planeswalker.\n{T}: Add {C}."))
DRUMHUNTER = ("Drumhunter", "Creature — Human Druid Warrior", (
    "At the beginning of your end step, if you control a creature with power 5 or greater, you may draw a card.\n"
    "{T}: Add {C}."))
BLOSSOM = ("Lotus Blossom", "Artifact", (
    "At the beginning of your upkeep, you may put a petal counter on Lotus Blossom.\n"
    "{T}, Sacrifice Lotus Blossom: Add X mana of any one color, where X is the number of petal counters on "
    "Lotus Blossom."))


def test_the_compiler_reads_you_may_and_a_power_condition():
    for spec, does in ((SUNSEED, [{"gain_life": {"amount": 2, "may": True}}]),
                       (DRUMHUNTER, [{"draw": {"count": 1, "may": True}}]),
                       (FIRESTOKER, [{"damage": {"to": "target", "amount": 2, "may": True}}])):
        c = compiled(*spec)
        assert c.fully_compiled
        t = c.card["abilities"][0]["triggered"]
        assert t["condition"] == {"you_control": {"filter": ["creature"], "at_least": 1, "power_at_least": 5}}
        assert t["does"] == does
    assert compiled(*BLOSSOM).card["abilities"][0]["triggered"]["does"] == \
        [{"counters": {"kind": "petal", "what": "self", "may": True}}]


def _end_step(board, specs, actions=("next step", "resolve")):
    cards = [compiled(*s).card for s in specs]
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "postcombat_main"},
                        "cards": cards, "battlefield": board}, "t.yaml")
    got = Session(state).what_if(list(actions))
    return got, [r.after(got.start) for r in got.results]


def test_sunseed_nurturer_needs_power_5_and_may_gain_life():
    big = {**_on("elf", ELF), "counters": {"+1/+1": 4}}          # 1/1 with four counters: power 5
    got, afters = _end_step([_on("sunseed", SUNSEED), big], [SUNSEED, ELF])
    assert all(_triggered(r) == [("sunseed", 1)] for r in got.results)
    assert sorted(a.get("player alice", {}).get("life", 20) for a in afters) == [20, 22]
    small = {**_on("elf", ELF), "counters": {"+1/+1": 3}}        # power 4: the "if" fails (603.4)
    got, _ = _end_step([_on("sunseed", SUNSEED), small], [SUNSEED, ELF], ("next step",))
    (r,) = got.results
    assert _triggered(r) == []


def test_exuberant_firestoker_may_deal_damage_to_its_target():
    big = {**_on("elf", ELF), "counters": {"+1/+1": 4}}
    got, afters = _end_step([_on("stoker", FIRESTOKER), big], [FIRESTOKER, ELF],
                            ("next step", "resolve"))
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    # each player a target (115.2), and dealing the damage or not (608.2d)
    lives = {(a.get("player alice", {}).get("life", 20), a.get("player bob", {}).get("life", 20)) for a in afters}
    assert lives == {(18, 20), (20, 18), (20, 20)}


def test_lotus_blossom_may_get_a_petal_counter():
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "untap"},
                        "cards": [compiled(*BLOSSOM).card], "battlefield": [_on("lotus", BLOSSOM)]}, "t.yaml")
    got = Session(state).what_if(["next step", "resolve"])
    afters = [r.after(got.start) for r in got.results]
    assert sorted(a.get("lotus", {}).get("counters", {}).get("petal", 0) for a in afters) == [0, 1]


# -- "Whenever you discard a land card", "Whenever an opponent discards ..." (701.9a) -----------------
WASTE_NOT = ("Waste Not", "Enchantment", (
    "Whenever an opponent discards a creature card, create a 2/2 black Zombie creature token.\n"
    "Whenever an opponent discards a land card, add {B}{B}.\n"
    "Whenever an opponent discards a noncreature, nonland card, draw a card."))
BONE_MISER = ("Bone Miser", "Creature — Zombie Wizard", (
    "Whenever you discard a creature card, create a 2/2 black Zombie creature token.\n"
    "Whenever you discard a land card, add {B}{B}.\n"
    "Whenever you discard a noncreature, nonland card, draw a card."))
RACK = ("Test Rack", "Sorcery", "Each player discards a card.")


def test_the_compiler_reads_discard_events():
    c = compiled(*WASTE_NOT)
    assert c.fully_compiled
    whens = [e["triggered"]["when"] for e in c.card["abilities"]]
    assert whens == [{"discards": {"filter": ["creature"], "controller": "opponent"}},
                     {"discards": {"filter": ["land"], "controller": "opponent"}},
                     {"discards": {"filter": ["noncreature", "nonland"], "controller": "opponent"}}]
    assert compiled(*BONE_MISER).card["abilities"][2]["triggered"]["when"] == \
        {"discards": {"filter": ["noncreature", "nonland"], "controller": "you"}}


def test_waste_not_and_bone_miser_see_whose_card_of_which_kind_is_discarded():
    # bob discards a Forest: alice's Waste Not (an opponent's land card) and bob's Bone Miser (his
    # own land card) trigger; alice discards a creature card: neither (not an opponent's for
    # Waste Not, not Bone Miser's controller's).
    board = [_on("waste", WASTE_NOT), _on("miser", BONE_MISER, "bob")]
    got, afters = _run([WASTE_NOT, BONE_MISER, RACK, ELF], board, ["cast rack", "resolve", "resolve", "resolve"],
                       hand={"alice": [{"id": "rack", "card": "Test Rack"}, {"id": "elf", "card": "Test Elf"}],
                             "bob": [{"id": "forest", "card": "Forest"}]})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert sorted(_triggered(r)) == [("miser", 2), ("waste", 2)]
    assert afters[0]["player alice"]["mana_pool"] == "{B}{B}" and afters[0]["player bob"]["mana_pool"] == "{B}{B}"


# -- "if ~ has no charge counters on it", "... fewer than three +1/+1 counters on it" (603.4, 122.1) --
BLOOM = ("Mana Bloom", "Enchantment", (
    "Mana Bloom enters the battlefield with X charge counters on it.\n"
    "Remove a charge counter from Mana Bloom: Add one mana of any color. Activate only once each turn.\n"
    "At the beginning of your upkeep, if Mana Bloom has no charge counters on it, return it to its owner's hand."))
STEAM_KIN = ("Runaway Steam-Kin", "Creature — Elemental", (
    "Whenever you cast a red spell, if Runaway Steam-Kin has fewer than three +1/+1 counters on it, put a +1/+1 "
    "counter on Runaway Steam-Kin.\nRemove three +1/+1 counters from Runaway Steam-Kin: Add {R}{R}{R}."))


def test_mana_bloom_returns_only_without_charge_counters():
    for counters, returns in (({}, True), ({"charge": 1}, False)):
        state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "untap"},
                            "cards": [compiled(*BLOOM).card],
                            "battlefield": [{**_on("bloom", BLOOM), "counters": counters}]}, "t.yaml")
        got = Session(state).what_if(["next step"] + (["resolve"] if returns else []))
        (r,) = got.results
        assert r.illegal is None, r.illegal
        assert (_triggered(r) == [("bloom", 3)]) is returns
        if returns:
            assert r.after(got.start)["bloom"]["zone"] == "hand"


def test_runaway_steam_kin_stops_at_three_counters():
    for n, grows in ((2, True), (3, False)):
        board = [{**_on("kin", STEAM_KIN), "counters": {"+1/+1": n}}, _on("elf", ELF, "bob")]
        got, afters = _run([STEAM_KIN, ELF, (*SHOCK, "{R}")], board, ["cast s targeting elf"] + (["resolve"] if grows else []),
                           hand={"alice": [{"id": "s", "card": "Test Shock"}]}, mana_pool={"alice": "{R}"})
        (r,) = got.results
        assert r.illegal is None, r.illegal
        assert (_triggered(r) == [("kin", 1)]) is grows
        if grows:
            assert afters[0]["kin"]["counters"] == {"+1/+1": 3}


# -- "a spell with {X} in its mana cost" (107.3), "a Spirit or Arcane spell" (any_of; 205.3k) ------
PALETTE = ("Elementalist's Palette", "Artifact", (
    "Whenever you cast a spell with {X} in its mana cost, put two charge counters on Elementalist's Palette.\n"
    "{T}: Add one mana of any color.\n{T}: Add {C} for each charge counter on Elementalist's Palette. Spend this "
    "mana only on costs that contain {X}."))
BAKU = ("Petalmane Baku", "Creature — Spirit", (
    "Whenever you cast a Spirit or Arcane spell, you may put a ki counter on Petalmane Baku.\n"
    "{1}, Remove X ki counters from Petalmane Baku: Add X mana of any one color."))
ARCANE = ("Test Arcane", "Instant — Arcane", "Test Arcane deals 2 damage to any target.")


def test_the_compiler_reads_x_in_cost_and_any_of_subjects():
    assert _when(PALETTE) == {"cast_spell": {"filter": ["x_in_cost"], "controller": "you"}}
    assert _when(BAKU) == {"cast_spell": {"any_of": [["spirit"], ["arcane"]], "controller": "you"}}


def test_elementalists_palette_counts_only_a_spell_with_x():
    for cost, fires in (("{X}{R}", True), ("{R}", False)):
        got, afters = _run([PALETTE, ELF, (*SHOCK, cost)], [_on("palette", PALETTE), _on("elf", ELF, "bob")],
                           ["cast s x=0 targeting elf" if "X" in cost else "cast s targeting elf"]
                           + (["resolve"] if fires else []),
                           hand={"alice": [{"id": "s", "card": "Test Shock"}]}, mana_pool={"alice": "{R}"})
        (r,) = got.results
        assert r.illegal is None, r.illegal
        assert (_triggered(r) == [("palette", 1)]) is fires
        if fires:
            assert afters[0]["palette"]["counters"] == {"charge": 2}


def test_petalmane_baku_sees_an_arcane_spell_and_not_another_instant():
    for spec, fires in ((ARCANE, True), (SHOCK, False)):
        got, afters = _run([BAKU, ELF, spec], [_on("baku", BAKU), _on("elf", ELF, "bob")],
                           ["cast s targeting elf"] + (["resolve"] if fires else []),
                           hand={"alice": [{"id": "s", "card": spec[0]}]})
        assert all(_triggered(r) == ([("baku", 1)] if fires else []) for r in got.results)
        if fires:       # "you may" (608.2d): with and without the counter
            assert sorted(a.get("baku", {}).get("counters", {}).get("ki", 0) for a in afters) == [0, 1]


# -- "Whenever you tap ~ for mana" (106.12) ---------------------------------------------------------------
ZHUR_TAA = ("Zhur-Taa Druid", "Creature — Human Druid",
            "{T}: Add {G}.\nWhenever you tap Zhur-Taa Druid for mana, it deals 1 damage to each opponent.")


def test_zhur_taa_druid_pings_when_tapped_for_mana_and_not_when_tapped_otherwise():
    assert _when(ZHUR_TAA, 2) == {"tapped_for_mana": "self"}
    got, afters = _run([ZHUR_TAA], [_on("druid", ZHUR_TAA)], ["activate druid 1", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert _triggered(r) == [("druid", 2)]
    assert afters[0]["player bob"] == {"life": 19} and afters[0]["player alice"] == {"mana_pool": "{G}"}
    # tapped to attack (508.1f), not for mana: no trigger
    got, _ = _run([ZHUR_TAA], [_on("druid", ZHUR_TAA)], ["next step", "attack druid"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert _triggered(r) == []


# -- "you may add {R}{R}" (608.2d) -----------------------------------------------------------------------
RADHA = ("Radha, Heir to Keld", "Legendary Creature — Elf Warrior",
         "Whenever Radha, Heir to Keld attacks, you may add {R}{R}.\n{T}: Add {G}.")


def test_radha_may_add_rr_as_her_trigger_resolves():
    assert compiled(*RADHA).card["abilities"][0]["triggered"] == \
        {"when": {"attacks": "self"}, "add_mana": "{R}{R}", "may_add": True}
    got, afters = _run([RADHA], [_on("radha", RADHA)], ["next step", "attack radha", "resolve"])
    assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
    assert sorted(a.get("player alice", {}).get("mana_pool", "") for a in afters) == ["", "{R}{R}"]
