"""Activated abilities of the non-Land cards that add mana (issue 13; translator/compiler/
act_tail.py): real pool lines (AtomicCards 2024-03 wording, the card named) read into the
vocabulary, and what the what-if makes of them: "Then" (608.2c), a card in any graveyard (109.2,
115.1), damage equal to its power (120.3, 208.1), a target of a subtype that attacks (506.4),
more wordings of becomes (613.1d, 613.4b, 509.1b, 205.1b)."""

from __future__ import annotations

from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

ALTAR = ("Altar of Shadows", "Artifact", (
    "At the beginning of your precombat main phase, add {B} for each charge counter on Altar of Shadows.\n"
    "{7}, {T}: Destroy target creature. Then put a charge counter on Altar of Shadows."))
HEIRLOOM = ("Honored Heirloom", "Artifact", "{T}: Add one mana of any color.\n{2}, {T}: Exile target card from a graveyard.")
DEATHRITE = ("Deathrite Shaman", "Creature — Elf Shaman", (
    "{T}: Exile target land card from a graveyard. Add one mana of any color.\n"
    "{B}, {T}: Exile target instant or sorcery card from a graveyard. Each opponent loses 2 life.\n"
    "{G}, {T}: Exile target creature card from a graveyard. You gain 2 life."))
LEAFKIN = ("Leafkin Avenger", "Creature — Elemental Druid", (
    "{T}: Add {G} for each creature with power 4 or greater you control.\n"
    "{7}{R}: Leafkin Avenger deals damage equal to its power to target player or planeswalker."))
TRAPPER = ("Gnarlroot Trapper", "Creature — Elf Druid", (
    "{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf creature spell.\n"
    "{T}: Target attacking Elf you control gains deathtouch until end of turn. (Any amount of damage it deals to a "
    "creature is enough to destroy it.)"))
KEYRUNE = ("Dimir Keyrune", "Artifact", (
    "{T}: Add {U} or {B}.\n{U}{B}: Dimir Keyrune becomes a 2/2 blue and black Horror artifact creature until end of "
    "turn and can't be blocked this turn."))
MIMIC = ("Mimic", "Artifact — Treasure", (
    "{T}, Sacrifice Mimic: Add one mana of any color.\n"
    "{2}: Mimic becomes a Shapeshifter artifact creature with base power and toughness 3/3 until end of turn."))
TORQUE = ("Liquimetal Torque", "Artifact", (
    "{T}: Add {C}.\n{T}: Target nonland permanent becomes an artifact in addition to its other types until end of turn."))
BEAR = ("Test Bear", "Creature — Bear", "")
ELF = ("Test Elf", "Creature — Elf", "")
BOLT = ("Test Bolt", "Instant", "Test Bolt deals 3 damage to any target.")
WASTES = ("Test Wastes", "Land", "{T}: Add {C}.")


def _created(spec, n: int) -> dict:
    c = compiled(*spec)
    assert c.fully_compiled, [r for r in c.lines if r.status != "compiled"]
    return c.card["abilities"][n - 1]["activated"]


def test_then_reads_the_sentence_after_it():
    does, target = effect_of(ALTAR, 2)
    assert does == [{"destroy": {"what": "target"}}, {"counters": {"kind": "charge", "what": "self"}}]
    assert target == {"filter": ["creature"]}


def test_altar_of_shadows_destroys_then_counts():
    board = [{"id": "altar", "card": "Altar of Shadows", "controller": "alice"},
             {"id": "bear", "card": "Test Bear", "controller": "bob"}]
    got, afters = run([ALTAR, BEAR], board, ["activate altar 2 targeting bear", "resolve"],
                      mana_pool={"alice": "{C}{C}{C}{C}{C}{C}{C}"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["bear"]["zone"] == "graveyard"
    assert afters[0]["altar"]["counters"] == {"charge": 1}


def test_a_card_from_a_graveyard_is_any_players():
    does, target = effect_of(HEIRLOOM, 2)
    assert does == [{"move": {"what": "target", "to": "exile"}}]
    assert target == {"filter": ["card"], "zone": "graveyard"}     # no owner: any graveyard (109.2)
    assert effect_of(DEATHRITE, 2) == ([{"move": {"what": "target", "to": "exile"}},
                                        {"lose_life": {"who": "each_opponent", "amount": 2}}],
                                       {"any_of": [["instant"], ["sorcery"]], "zone": "graveyard"})
    assert effect_of(DEATHRITE, 3)[1] == {"filter": ["creature"], "zone": "graveyard"}
    # 605.1a: with a target, the first ability is not a mana ability, whatever mana it adds
    first = _created(DEATHRITE, 1)
    assert first["add_mana"] == {"any": "color"} and first["target"] == {"filter": ["land"], "zone": "graveyard"}


def test_honored_heirloom_exiles_a_card_from_an_opponents_graveyard():
    board = [{"id": "heirloom", "card": "Honored Heirloom", "controller": "alice"}]
    got, afters = run([HEIRLOOM, BOLT], board, ["activate heirloom 2 targeting theirs", "resolve"],
                      mana_pool={"alice": "{C}{C}"}, graveyard={"bob": [{"id": "theirs", "card": "Test Bolt"}]})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["theirs"]["zone"] == "exile"


def test_deathrite_shaman_targets_only_a_land_card():
    def activate(target: str):
        board = [{"id": "shaman", "card": "Deathrite Shaman", "controller": "alice", "since_turn": 1}]
        yard = {"bob": [{"id": "wastes", "card": "Test Wastes"}, {"id": "bolt", "card": "Test Bolt"}]}
        return run([DEATHRITE, WASTES, BOLT], board, [f"activate shaman 1 targeting {target}", "resolve"],
                   graveyard=yard)
    got, afters = activate("wastes")            # one outcome for each color of its mana
    assert len(got.results) == 5 and all(r.illegal is None for r in got.results)
    assert {a["wastes"]["zone"] for a in afters} == {"exile"}
    assert sorted(a["player alice"]["mana_pool"] for a in afters) == ["{B}", "{G}", "{R}", "{U}", "{W}"]
    got, _ = activate("bolt")                   # an instant card is not a land card (109.2)
    (r,) = got.results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_leafkin_avenger_deals_damage_equal_to_its_power():
    does, target = effect_of(LEAFKIN, 2)
    assert does == [{"damage": {"to": "target", "amount": "power"}}] and target == "player_or_planeswalker"
    board = [{"id": "avenger", "card": "Leafkin Avenger", "controller": "alice", "counters": {"+1/+1": 2}}]
    got, afters = run([LEAFKIN], board, ["activate avenger 2 targeting bob", "resolve"],
                      mana_pool={"alice": "{C}{C}{C}{C}{C}{C}{C}{R}"})
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["player bob"]["life"] == 17    # its power: 1 printed, +2 from the counters


def test_gnarlroot_trapper_targets_an_attacking_elf_only():
    a = _created(TRAPPER, 2)
    assert a["target"] == {"filter": ["elf"], "attacking": True, "controller": "you"}
    assert a["creates"] == {"grant": {"to": "target", "ability": {"keywords": ["deathtouch"]}},
                            "duration": "end_of_turn"}
    board = [{"id": "trapper", "card": "Gnarlroot Trapper", "controller": "alice", "since_turn": 1},
             {"id": "elf", "card": "Test Elf", "controller": "alice"}]
    got, _ = run([TRAPPER, ELF], board, ["activate trapper 2 targeting elf"])
    (r,) = got.results                          # an Elf that is not attacking (506.4)
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_more_wordings_of_becomes():
    keyrune = _created(KEYRUNE, 2)["creates"]
    assert keyrune["becomes"] == {"to": "self", "types": ["artifact", "creature"], "subtypes": ["horror"],
                                  "colors": ["blue", "black"]}
    assert keyrune["pt"] == {"set": "2/2", "to": "self"}
    assert keyrune["restrict"] == {"what": ["be_blocked"], "to": "self"}
    mimic = _created(MIMIC, 2)["creates"]       # base power and toughness: layer 7b (613.4b)
    assert mimic == {"becomes": {"to": "self", "types": ["artifact", "creature"], "subtypes": ["shapeshifter"]},
                     "pt": {"set": "3/3", "to": "self"}, "duration": "end_of_turn"}
    torque = _created(TORQUE, 2)                # 205.1b: in addition to its other types
    assert torque["target"] == {"filter": ["nonland", "permanent"]}
    assert torque["creates"] == {"becomes": {"to": "target", "types": ["artifact"]}, "duration": "end_of_turn"}


SARKHAN = ("Sarkhan, Fireblood", "Legendary Planeswalker — Sarkhan", (
    "+1: You may discard a card. If you do, draw a card.\n"
    "+1: Add two mana in any combination of colors. Spend this mana only to cast Dragon spells.\n"
    "−7: Create four 5/5 red Dragon creature tokens with flying."))
CHANDRA = ("Chandra, Bold Pyromancer", "Legendary Planeswalker — Chandra", (
    "+1: Add {R}{R}. Chandra, Bold Pyromancer deals 2 damage to target player.\n"
    "−3: Chandra, Bold Pyromancer deals 3 damage to target creature or planeswalker.\n"
    "−7: Chandra, Bold Pyromancer deals 10 damage to target player and each creature and planeswalker they control."))


def test_if_you_do_draw_after_a_discard_you_may_make():
    does, target = effect_of(SARKHAN, 1)
    assert does == [{"move": {"what": "card_from_hand", "to": "graveyard", "may": True}},
                    {"draw": {"count": "that_many"}}] and target is None
    # "If you do" only after the one discard it refers to (608.2c)
    assert compiled("Test", "Artifact", "{T}: Draw a card. If you do, draw a card.").lines[0].status != "compiled"


def test_damage_to_a_player_and_each_creature_and_planeswalker_they_control():
    does, target = effect_of(CHANDRA, 3)
    assert target == "player"
    assert does == [{"damage": {"to": "target", "amount": 10}},
                    {"damage": {"to": "each", "amount": 10, "any_of": [["creature"], ["planeswalker"]],
                                "controller": "target"}}]


RECLAIMER = ("Avid Reclaimer", "Creature — Human Druid", "{T}: Add {G} or {U}. If you control a Nissa planeswalker, you gain 2 life.")
NISSA = ("Test Nissa", "Legendary Planeswalker — Nissa", "")
JACE = ("Test Jace", "Legendary Planeswalker — Jace", "")


def test_avid_reclaimer_gains_life_only_with_a_nissa():
    a = _created(RECLAIMER, 1)
    assert a["add_mana"] == {"one_of": ["{G}", "{U}"]}
    assert a["does"] == [{"gain_life": {"amount": 2, "if_you_control": ["nissa", "planeswalker"]}}]

    def life_after(walker: str) -> set:
        board = [{"id": "reclaimer", "card": "Avid Reclaimer", "controller": "alice", "since_turn": 1},
                 {"id": "walker", "card": walker, "controller": "alice", "counters": {"loyalty": 3}}]
        got, afters = run([RECLAIMER, NISSA, JACE], board, ["activate reclaimer 1"])
        assert len(got.results) == 2 and all(r.illegal is None for r in got.results)
        return {a.get("player alice", {}).get("life", 20) for a in afters}
    assert life_after("Test Nissa") == {22}         # 608.2c: checked as the mana ability resolves
    assert life_after("Test Jace") == {20}


FEED = ("Essence Feed", "Sorcery", (
    "Target player loses 3 life. You gain 3 life and create three 0/1 colorless Eldrazi Spawn creature tokens. They have "
    "\"Sacrifice this creature: Add {C}.\""))


def test_essence_feed_gains_life_and_creates_its_spawn():
    c = compiled(*FEED)
    assert c.fully_compiled
    spell = c.card["abilities"][0]["spell"]
    assert spell["target"] == "player"
    assert spell["does"] == [{"lose_life": {"who": "target", "amount": 3}}, {"gain_life": {"amount": 3}},
                             {"create_token": {"card": "Eldrazi Spawn Token", "count": 3}}]
    assert c.tokens[0]["abilities"][0]["activated"] == {"cost": [{"sacrifice": "self"}], "add_mana": "{C}"}


ARCHITECT = ("Grand Architect", "Creature — Vedalken Artificer", (
    "Other blue creatures you control get +1/+1.\n{U}: Target artifact creature becomes blue until end of turn.\n"
    "Tap an untapped blue creature you control: Add {C}{C}. Spend this mana only to cast artifact spells or activate "
    "abilities of artifacts."))
GOLEM = ("Test Golem", "Artifact Creature — Golem", "")
DOOM = ("Test Doom", "Instant", "Destroy target nonblue creature.")


def test_grand_architect_makes_an_artifact_creature_blue():
    a = compiled(*ARCHITECT).card["abilities"][1]["activated"]     # (its anthem line: not read here)
    assert a["target"] == {"filter": ["artifact", "creature"]}
    assert a["creates"] == {"becomes": {"to": "target", "colors": ["blue"]}, "duration": "end_of_turn"}

    def doom(first: list[str]):
        board = [{"id": "architect", "card": "Grand Architect", "controller": "alice"},
                 {"id": "golem", "card": "Test Golem", "controller": "bob"}]
        return run([ARCHITECT, GOLEM, DOOM], board, [*first, "cast doom targeting golem"],
                   mana_pool={"alice": "{U}"}, hand={"alice": [{"id": "doom", "card": "Test Doom"}]})
    got, _ = doom([])
    (r,) = got.results
    assert r.illegal is None, r.illegal             # a colorless Golem is nonblue
    got, _ = doom(["activate architect 2 targeting golem", "resolve"])
    (r,) = got.results                              # blue until end of turn (613.1e)
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


GREED = ("Traitorous Greed", "Sorcery", (
    "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn. Add two "
    "mana of any one color. (The creature can attack and {T} this turn.)"))


def test_traitorous_greed_takes_a_creature_and_adds_mana():
    c = compiled(*GREED)
    assert c.fully_compiled
    spell = c.card["abilities"][0]["spell"]
    assert spell["add_mana"] == {"any": "color", "amount": 2}
    assert spell["does"] == [{"untap": {"what": "target"}}]
    assert spell["creates"] == {"control": "target", "duration": "end_of_turn",
                                "grant": {"to": "target", "ability": {"keywords": ["haste"]}}}
    board = [{"id": "bear", "card": "Test Bear", "controller": "bob", "tapped": True}]
    got, afters = run([GREED, BEAR], board, ["cast greed targeting bear", "resolve"],
                      hand={"alice": [{"id": "greed", "card": "Traitorous Greed"}]})
    assert len(got.results) == 5 and all(r.illegal is None for r in got.results)   # one for each color
    for after in afters:
        assert after["bear"]["controller"] == "alice" and "tapped" not in after["bear"]   # 613.1b, 701.26b
    assert sorted(a["player alice"]["mana_pool"] for a in afters) == ["{B}{B}", "{G}{G}", "{R}{R}", "{U}{U}", "{W}{W}"]


def test_after_a_trigger_event_if_you_control_is_not_read_as_a_check_on_resolution():
    # 603.4: "When ~ enters, if you control an enchantment, you gain 3 life." is an intervening
    # "if" clause, checked as it triggers too: not the mana ability's resolution-time check
    c = compiled("Lagonna-Band Elder", "Creature — Centaur Advisor",
                 "When Lagonna-Band Elder enters the battlefield, if you control an enchantment, you gain 3 life.")
    assert c.lines[0].status != "compiled"


TERMINAL = ("Network Terminal", "Artifact", (
    "{T}: Add one mana of any color.\n{1}, {T}, Tap another untapped artifact you control: Draw a card, then discard a card."))
ROCK = ("Test Rock", "Artifact", "")


def test_network_terminal_taps_another_artifact_not_itself():
    a = _created(TERMINAL, 2)
    assert a["cost"] == ["{1}", "{T}", {"tap_untapped": {"count": 1, "filter": ["artifact"]}}]

    def activate(board):
        return run([TERMINAL, ROCK], board, ["activate terminal 2"], mana_pool={"alice": "{C}"})
    alone = [{"id": "terminal", "card": "Network Terminal", "controller": "alice"}]
    got, _ = activate(alone)
    (r,) = got.results                              # its own {T} taps it: it is not "another" (107.5)
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["118.3"]
    got, afters = activate(alone + [{"id": "rock", "card": "Test Rock", "controller": "alice"}])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert afters[0]["rock"].get("tapped") and afters[0]["terminal"].get("tapped")
    # without its own {T} in the cost, "another" is not read (the source could be the one tapped)
    assert compiled("Test Oak", "Creature — Treefolk",
                    "{B}, Tap another untapped creature you control: Test Oak gets +1/+1 until end of turn."
                    ).lines[0].status != "compiled"


LORD = ("Lord of the Forsaken", "Creature — Demon", (
    "Flying, trample\n{B}, Sacrifice another creature: Target player mills three cards.\n"
    "Pay 1 life: Add {C}. Spend this mana only to cast a spell from your graveyard."))


def test_sacrifice_another_creature_is_never_its_source():
    a = _created(LORD, 2)
    assert a["cost"] == ["{B}", {"sacrifice": {"filter": ["creature"], "another": True}}]
    board = [{"id": "lord", "card": "Lord of the Forsaken", "controller": "alice"}]
    got, _ = run([LORD], board, ["activate lord 2 targeting bob"], mana_pool={"alice": "{B}"})
    (r,) = got.results                              # the Lord is its only creature (118.3)
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["118.3"]
    # not read on a mana ability: the planners do not know "another" (the line stays text)
    line = compiled("Test Altar", "Artifact", "Sacrifice another creature: Add {C}{C}.").lines[0]
    assert line.status != "compiled"


DRUID = ("Devoted Druid", "Creature — Elf Druid",
         "{T}: Add {G}.\nPut a -1/-1 counter on Devoted Druid: Untap Devoted Druid.")


def _druid_state(counters: dict) -> object:
    from mtg_asp.queries import Session
    from mtg_asp.translator.state import load_state
    card = {**compiled(*DRUID).card, "power_toughness": "0/2"}        # its printed 0/2
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [card], "battlefield": [{"id": "druid", "card": "Devoted Druid", "controller": "alice",
                                                          "tapped": True, "counters": counters}]}, "t.yaml")
    return Session(state)


def test_devoted_druid_puts_a_counter_on_itself_to_untap():
    a = _created(DRUID, 2)
    assert a["cost"] == [{"put_counters": {"counter": "-1/-1", "count": 1}}]
    assert a["does"] == [{"untap": {"what": "self"}}]
    got = _druid_state({}).what_if(["activate druid 2", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    (druid,) = r.state.battlefield                  # a 0/1 now (613.4c), untapped by the ability
    assert druid.counters == (("-1/-1", 1),) and not druid.tapped
    assert ("602.2b", "the activation cost puts the counters on it (601.2h, 122.1)") in [
        why for c in r.changes for why in c.rules]
    # the second counter leaves it 0/0: it dies as the cost is paid (704.5f), the ability resolves
    got = _druid_state({"-1/-1": 1}).what_if(["activate druid 2", "resolve"])
    (r,) = got.results
    assert r.illegal is None and r.state.battlefield == ()
    assert [z.zone for z in r.state.zones if z.id == "druid"] == ["graveyard"]
    # (on a mana ability too, Wall of Roots: tests/test_mamount.py)


LED = ("Lion's Eye Diamond", "Artifact",
       "Discard your hand, Sacrifice Lion's Eye Diamond: Add three mana of any one color. Activate only as an instant.")


def test_lions_eye_diamond_is_not_activated_while_a_cost_is_paid():
    from mtg_asp.queries import Session
    from mtg_asp.translator.state import load_state
    a = _created(LED, 1)
    assert a["timing"] == "instant" and a["add_mana"] == {"any": "color", "amount": 3}
    state = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "alice", "step": "precombat_main"},
                        "cards": [compiled(*LED).card, compiled(*WASTES).card],
                        "battlefield": [{"id": "led", "card": "Lion's Eye Diamond", "controller": "alice"},
                                        {"id": "wastes", "card": "Test Wastes", "controller": "alice"}],
                        "hand": {"alice": [{"id": "h1", "card": "Test Wastes"}]}}, "t.yaml")
    s = Session(state)
    # can-pay: the Wastes pay {1}; {2} would need the Diamond while paying, which 602.5e forbids
    paid = s.can_pay("alice", "{1}").to_json()
    assert paid["payable"] and [p["object"] for p in paid["plan"]] == ["wastes"]
    unpaid = s.can_pay("alice", "{2}").to_json()
    assert not unpaid["payable"]
    assert [(o["object"], "602.5e" in o["why"]) for o in unpaid["left_out"]] == [("led", True)]
    # with priority it may be activated (602.5e: as an instant): the mana query counts its three
    (pool,) = s.available_mana("alice").to_json()["pools"]
    assert pool["total"] == 4
    got = s.what_if(["activate led 1"])
    assert len(got.results) == 5                    # one outcome per color chosen
    for r in got.results:
        assert r.illegal is None and [z.zone for z in r.state.zones if z.id in ("h1", "led")] == ["graveyard"] * 2
