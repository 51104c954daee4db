"""The long tail of Land cards, round 4 (issue 13): real pool lines (AtomicCards 2024-03 wording,
the card named) read by the compiler (translator/compiler/land_tail.py), and what asp/ makes of
them: removing from combat (506.4), two targets of one word (115.3), any card in a graveyard
(109.2), life lost for the sacrificed creature (608.2h), an indefinite "becomes" (611.2a),
spells cast as though they had flash (601.3, 702.8a)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.state import load_state
from pool_lines import compiled, effect_of
from pool_lines import what_if_on as run

LABYRINTH = ("Labyrinth of Skophos", "Land",
             "{T}: Add {C}.\n{4}, {T}: Remove target attacking or blocking creature from combat.")
SPIRES = ("Spires of Orazca", "Land", (
    "(Transforms from Thaumatic Compass.)\n{T}: Add {C}.\n{T}: Untap target attacking creature an opponent "
    "controls and remove it from combat."))
MESA = ("Wintermoon Mesa", "Land", (
    "Wintermoon Mesa enters the battlefield tapped.\n{T}: Add {C}.\n{2}, {T}, Sacrifice Wintermoon Mesa: Tap two "
    "target lands."))
STARLIT = ("Starlit Sanctum", "Land", (
    "{T}: Add {C}.\n{W}, {T}, Sacrifice a Cleric creature: You gain life equal to the sacrificed creature's "
    "toughness.\n{B}, {T}, Sacrifice a Cleric creature: Target player loses life equal to the sacrificed "
    "creature's power."))
FOOTHOLD = ("Conqueror's Foothold", "Land", (
    "(Transforms from Conqueror's Galleon.)\n{T}: Add {C}.\n{2}, {T}: Draw a card, then discard a card.\n"
    "{4}, {T}: Draw a card.\n{6}, {T}: Return target card from your graveyard to your hand."))
STONES = ("Stalking Stones", "Land", (
    "{T}: Add {C}.\n{6}: Stalking Stones becomes a 3/3 Elemental artifact creature that's still a land. (This "
    "effect lasts indefinitely.)"))
REFUGE = ("Alchemist's Refuge", "Land", "{T}: Add {C}.\n{G}{U}, {T}: You may cast spells this turn as though they had flash.")
CANYONS = ("Winding Canyons", "Land",
           "{T}: Add {C}.\n{2}, {T}: You may cast creature spells this turn as though they had flash.")
CLERIC = ("Test Cleric", "Creature — Human Cleric", "")
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "text": "", "power": "2", "toughness": "2"}
GROWTH = {"name": "Test Growth", "manaCost": "{G}", "type": "Sorcery", "text": "You gain 1 life."}


def _combat(active: str, attacker_controller: str, blocker: bool = False) -> list[dict]:
    board = [{"id": "elves", "card": "Llanowar Elves", "controller": attacker_controller, "since_turn": 1,
              "attacking": "bob" if attacker_controller == "alice" else "alice", "tapped": True}]
    if blocker:
        board.append({"id": "wall", "card": "Llanowar Elves", "controller": "bob", "since_turn": 1,
                      "blocking": "elves"})
    return board


def _state(specs, battlefield, active="alice", step="precombat_main", **extra):
    from mtg_asp.translator.compiler import compile_face
    faces = [compiled(*s) if isinstance(s, tuple) else compile_face(s) for s in specs]
    cards = [f.card for f in faces] + [t for f in faces for t in f.tokens]     # and the tokens they create
    return load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": active, "step": step},
                       "cards": cards, "battlefield": battlefield, **extra}, "t.yaml")


# -- removing from combat (CR 506.4) -------------------------------------------------------------

def test_the_compiler_reads_removing_from_combat():
    does, target = effect_of(LABYRINTH, 2)
    assert does == [{"remove_from_combat": {"what": "target"}}]
    assert target == {"filter": ["creature"], "attacking_or_blocking": True}
    does, target = effect_of(SPIRES, 3)
    assert does == [{"untap": {"what": "target"}}, {"remove_from_combat": {"what": "target"}}]
    assert target == {"filter": ["creature"], "attacking": True, "controller": "opponent"}


def test_labyrinth_removes_a_blocker_from_combat():
    board = [{"id": "lab", "card": "Labyrinth of Skophos", "controller": "bob"}, *_combat("alice", "alice", True)]
    state = _state([LABYRINTH], board, step="declare_blockers", mana_pool={"bob": "{C}{C}{C}{C}"})
    # the wall is blocking: a legal target; bob (not active) acts after alice passes
    got = Session(state).what_if(["activate lab 2 targeting wall", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    after = r.after(got.start)
    assert "blocking" not in after["wall"]                       # 506.4: no longer blocking
    removed = [(c.change.to_json()["object"], [rule for rule, _ in c.rules]) for c in r.changes
               if c.change.to_json()["change"] == "removed_from_combat"]
    assert removed == [("wall", ["506.4"])]                      # the attacker stays in combat


def test_labyrinth_cannot_target_a_creature_out_of_combat():
    board = [{"id": "lab", "card": "Labyrinth of Skophos", "controller": "alice"},
             {"id": "idle", "card": "Llanowar Elves", "controller": "bob", "since_turn": 1}]
    state = _state([LABYRINTH], board, mana_pool={"alice": "{C}{C}{C}{C}"})
    (r,) = Session(state).what_if(["activate lab 2 targeting idle"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_spires_untaps_an_opponents_attacker_and_removes_it_from_combat():
    board = [{"id": "spires", "card": "Spires of Orazca", "controller": "alice"}, *_combat("bob", "bob")]
    state = _state([SPIRES], board, active="bob", step="declare_attackers")
    got = Session(state).what_if(["activate spires 3 targeting elves", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    elves = r.after(got.start)["elves"]
    assert "attacking" not in elves and not elves.get("tapped")
    # its own attacking creature is no legal target ("an opponent controls")
    board = [{"id": "spires", "card": "Spires of Orazca", "controller": "alice"}, *_combat("alice", "alice")]
    (r,) = Session(_state([SPIRES], board, step="declare_attackers")).what_if(
        ["activate spires 3 targeting elves"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- two targets of one word (CR 115.3), tapped (701.26a) ----------------------------------------

def test_wintermoon_mesa_taps_two_target_lands():
    does, target = effect_of(MESA, 3)
    assert does == [{"tap": {"what": "targets"}}] and target == {"filter": ["land"], "count": 2}
    board = [{"id": "mesa", "card": "Wintermoon Mesa", "controller": "alice"},
             {"id": "f1", "card": "Forest", "controller": "bob"}, {"id": "f2", "card": "Forest", "controller": "bob"},
             {"id": "f3", "card": "Forest", "controller": "bob"}]
    got, after = run([MESA], board, ["activate mesa 3 targeting f1 f3", "resolve"], mana_pool={"alice": "{C}{C}"})
    assert got.results[0].illegal is None, got.results[0].illegal
    assert [(a["f1"].get("tapped"), "f2" in a, a["f3"].get("tapped")) for a in after] == [(True, False, True)]
    # one land chosen twice for the one word "target": refused (115.3)
    got, _ = run([MESA], board, ["activate mesa 3 targeting f1 f1"], mana_pool={"alice": "{C}{C}"})
    assert [rule for rule, _ in got.results[0].illegal.why] == ["115.3"]


# -- the sacrificed creature's power (CR 608.2h) -------------------------------------------------

def test_starlit_sanctum_target_player_loses_the_sacrificed_clerics_power():
    does, target = effect_of(STARLIT, 3)
    assert does == [{"lose_life": {"who": "target", "amount": "sacrificed_power"}}] and target == "player"
    board = [{"id": "ss", "card": "Starlit Sanctum", "controller": "alice"},
             {"id": "cleric", "card": "Test Cleric", "controller": "alice", "counters": {"+1/+1": 2}}]
    got, after = run([STARLIT, CLERIC], board, ["activate ss 3 targeting bob", "resolve"], mana_pool={"alice": "{B}"})
    assert got.results[0].illegal is None, got.results[0].illegal
    # a 1/1 with two +1/+1 counters: power 3 as it was sacrificed, so bob goes from 20 to 17
    assert [a["player bob"]["life"] for a in after] == [17]
    assert [a["cleric"]["zone"] for a in after] == ["graveyard"]


# -- a card of any kind in the graveyard (CR 109.2) ----------------------------------------------

def test_conquerors_foothold_returns_any_card_from_your_graveyard():
    does, target = effect_of(FOOTHOLD, 5)
    assert does == [{"move": {"what": "target", "to": "hand"}}]
    assert target == {"filter": ["card"], "zone": "graveyard", "owner": "you"}
    board = [{"id": "fh", "card": "Conqueror's Foothold", "controller": "alice"}]
    graveyard = {"alice": [{"id": "g1", "card": "Test Growth"}], "bob": [{"id": "g2", "card": "Test Growth"}]}
    state = _state([FOOTHOLD, GROWTH], board, mana_pool={"alice": "{C}{C}{C}{C}{C}{C}"}, graveyard=graveyard)
    got = Session(state).what_if(["activate fh 5 targeting g1", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start)["g1"]["zone"] == "hand"
    # a card in another player's graveyard is not "from your graveyard"
    (r,) = Session(state).what_if(["activate fh 5 targeting g2"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- a "becomes" that lasts indefinitely (CR 611.2a, 205.1b) -------------------------------------

def test_stalking_stones_stays_a_creature_after_the_cleanup_step():
    c = compiled(*STONES)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][1]["activated"]["creates"] == {
        "becomes": {"to": "self", "types": ["artifact", "creature"], "subtypes": ["elemental"]},
        "pt": {"set": "3/3", "to": "self"}, "duration": "indefinitely"}
    state = _state([STONES], [{"id": "ss", "card": "Stalking Stones", "controller": "alice", "since_turn": 1}],
                   mana_pool={"alice": "{C}{C}{C}{C}{C}{C}"})
    got = Session(state).what_if(["activate ss 2", "resolve"] + ["next step"] * 7)
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert not [c for c in r.changes if c.change.to_json()["change"] == "effect_ends"]
    stones = Session(r.state).board().to_json()["board"]["ss"]
    assert stones["types"] == ["artifact", "creature", "land"] and (stones["power"], stones["toughness"]) == (3, 3)


# -- as though they had flash (CR 601.3, 702.8a) -------------------------------------------------

def _flash_state(spec, active="bob", spell=BEAR, effects=True):
    source = spec[0]
    return _state([spec, spell], [{"id": "src", "card": source, "controller": "alice"}], active=active,
                  step="upkeep", mana_pool={"alice": "{G}"}, hand={"alice": [{"id": "spell", "card": spell["name"]}]},
                  effects=[{"card": source, "line": 2, "controller": "alice", "source": "src"}] if effects else [])


def test_the_compiler_reads_flash_for_spells():
    assert compiled(*REFUGE).card["abilities"][1]["activated"]["creates"] == {"flash": "any", "duration": "end_of_turn"}
    assert compiled(*CANYONS).card["abilities"][1]["activated"]["creates"] == {
        "flash": ["creature"], "duration": "end_of_turn"}


def test_a_creature_spell_cast_on_an_opponents_turn_with_winding_canyons():
    # bob's upkeep: a creature spell only with the effect (117.1a otherwise)
    (r,) = Session(_flash_state(CANYONS)).what_if(["cast spell"]).results
    assert r.illegal is None, r.illegal
    assert any("601.3" in {rule for rule, _ in c.rules} for c in r.changes if c.change.to_json()["change"] == "cast")
    (r,) = Session(_flash_state(CANYONS, effects=False)).what_if(["cast spell"]).results
    assert r.illegal is not None and "117.1a" in [rule for rule, _ in r.illegal.why]
    # a sorcery is no creature spell: Winding Canyons does not let it be cast; Alchemist's Refuge does
    (r,) = Session(_flash_state(CANYONS, spell=GROWTH)).what_if(["cast spell"]).results
    assert r.illegal is not None and "117.1a" in [rule for rule, _ in r.illegal.why]
    (r,) = Session(_flash_state(REFUGE, spell=GROWTH)).what_if(["cast spell"]).results
    assert r.illegal is None, r.illegal


def test_the_flash_effect_is_created_as_the_ability_resolves_and_is_its_controllers_only():
    board = [{"id": "src", "card": "Alchemist's Refuge", "controller": "alice"}]
    state = _state([REFUGE, BEAR], board, active="alice", step="upkeep", mana_pool={"alice": "{G}{U}{G}"},
                   hand={"alice": [{"id": "spell", "card": "Test Bear"}]})
    (r,) = Session(state).what_if(["activate src 2", "resolve", "cast spell"]).results
    assert r.illegal is None, r.illegal
    # bob's effect does not let alice cast at instant speed
    state = _state([REFUGE, BEAR], [{"id": "src", "card": "Alchemist's Refuge", "controller": "bob"}], active="alice",
                   step="upkeep", mana_pool={"alice": "{G}"}, hand={"alice": [{"id": "spell", "card": "Test Bear"}]},
                   effects=[{"card": "Alchemist's Refuge", "line": 2, "controller": "bob", "source": "src"}])
    (r,) = Session(state).what_if(["cast spell"]).results
    assert r.illegal is not None and "117.1a" in [rule for rule, _ in r.illegal.why]


# -- "with all creature types" (CR 205.3m, 613.1d) ----------------------------------------------
MUTAVAULT = ("Mutavault", "Land", (
    "{T}: Add {C}.\n{1}: Mutavault becomes a 2/2 creature with all creature types until end of turn. "
    "It's still a land."))
LODGE = ("Wirewood Lodge", "Land", "{T}: Add {C}.\n{G}, {T}: Untap target Elf.")


def test_mutavault_has_every_creature_type_while_the_effect_lasts():
    c = compiled(*MUTAVAULT)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][1]["activated"]["creates"]["becomes"] == {
        "to": "self", "types": ["creature"], "all_creature_types": True}
    board = [{"id": "mv", "card": "Mutavault", "controller": "alice", "tapped": True, "since_turn": 1},
             {"id": "lodge", "card": "Wirewood Lodge", "controller": "alice"}]
    state = _state([MUTAVAULT, LODGE], board, mana_pool={"alice": "{C}{G}"})
    # not an Elf before its ability resolves: no legal target for "target Elf" (115.1)
    (r,) = Session(state).what_if(["activate lodge 2 targeting mv"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]
    # a 2/2 creature land with every creature type: an Elf, so Wirewood Lodge untaps it
    got = Session(state).what_if(["activate mv 2", "resolve", "activate lodge 2 targeting mv", "resolve"])
    # (the {1} paid with the {C}; paid with the {G}, the Lodge's {G} cannot be: 601.2h)
    (r,) = [r for r in got.results if r.illegal is None]
    assert not r.after(got.start)["mv"].get("tapped")
    mv = Session(r.state).board().to_json()["board"]["mv"]
    assert {"elf", "goblin", "zombie"} <= set(mv["subtypes"]) and mv["types"] == ["creature", "land"]
    assert (mv["power"], mv["toughness"]) == (2, 2)


# -- fear (CR 702.36b), and targets: a commander (903.3), a 1/1 creature (208.1), a creature
# without flying -------------------------------------------------------------------------------
SHIZO = ("Shizo, Death's Storehouse", "Legendary Land", (
    "{T}: Add {B}.\n{B}, {T}: Target legendary creature gains fear until end of turn. (It can't be blocked "
    "except by artifact creatures and/or black creatures.)"))
CLINIC = ("Witch's Clinic", "Land", "{T}: Add {C}.\n{2}, {T}: Target commander gains lifelink until end of turn.")
PENDELHAVEN = ("Pendelhaven", "Legendary Land", "{T}: Add {G}.\n{T}: Target 1/1 creature gets +1/+2 until end of turn.")
QUICKSAND = ("Quicksand", "Land", (
    "{T}: Add {C}.\n{T}, Sacrifice Quicksand: Target attacking creature without flying gets -1/-2 until end of turn."))
BEACON = ("Interplanar Beacon", "Land", (
    "Whenever you cast a planeswalker spell, you gain 1 life.\n{T}: Add {C}.\n{1}, {T}: Add two mana of different "
    "colors. Spend this mana only to cast planeswalker spells."))
LORD = {"name": "Test Lord", "manaCost": "{G}", "type": "Legendary Creature — Human", "text": "", "power": "2",
        "toughness": "2"}
SHADE = {"name": "Test Shade", "manaCost": "{B}", "type": "Creature — Shade", "text": "", "power": "1", "toughness": "1"}
GOLEM = {"name": "Test Golem", "manaCost": "{1}", "type": "Artifact Creature — Golem", "text": "", "power": "1",
         "toughness": "1"}
WALKER = {"name": "Test Walker", "manaCost": "{1}", "type": "Legendary Planeswalker — Jace", "text": "", "loyalty": "3"}
BIRD = {"name": "Test Bird", "manaCost": "{W}", "type": "Creature — Bird", "text": "Flying", "power": "1", "toughness": "1"}


def _target(spec, n: int):
    c = compiled(*spec)
    assert c.fully_compiled, c.lines
    return c.card["abilities"][n - 1]["activated"]["target"]


def test_the_compiler_reads_fear_and_the_new_targets():
    assert _target(SHIZO, 2) == {"filter": ["legendary", "creature"]}
    assert compiled(*SHIZO).card["abilities"][1]["activated"]["creates"]["grant"]["ability"] == {"keywords": ["fear"]}
    assert _target(CLINIC, 2) == {"filter": ["permanent"], "commander": True}
    assert _target(PENDELHAVEN, 2) == {"filter": ["creature"], "power_toughness": "1/1"}
    assert _target(QUICKSAND, 2) == {"filter": ["creature"], "attacking": True, "without": "flying"}
    assert compiled(*BEACON).card["abilities"][0]["triggered"]["when"] == {"cast_planeswalker_spell": "you"}


def test_a_creature_with_fear_from_shizo_is_blocked_only_by_artifact_or_black_creatures():
    board = [{"id": "shizo", "card": "Shizo, Death's Storehouse", "controller": "alice", "tapped": True},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1, "attacking": "bob",
              "tapped": True},
             {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "since_turn": 1},
             {"id": "shade", "card": "Test Shade", "controller": "bob", "since_turn": 1},
             {"id": "golem", "card": "Test Golem", "controller": "bob", "since_turn": 1}]
    effects = [{"card": "Shizo, Death's Storehouse", "line": 2, "controller": "alice", "source": "shizo",
                "targets": ["lord"]}]
    state = _state([SHIZO, LORD, SHADE, GOLEM], board, step="declare_attackers", effects=effects)
    (r,) = Session(state).what_if(["block elves lord"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["702.36b"]
    for blocker in ("shade", "golem"):
        (r,) = Session(state).what_if([f"block {blocker} lord"]).results
        assert r.illegal is None, (blocker, r.illegal)
    # without the effect, the Elves may block it
    (r,) = Session(_state([SHIZO, LORD, SHADE, GOLEM], board, step="declare_attackers")).what_if(
        ["block elves lord"]).results
    assert r.illegal is None


def test_shizo_gives_fear_to_a_legendary_creature_only():
    board = [{"id": "shizo", "card": "Shizo, Death's Storehouse", "controller": "alice"},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1},
             {"id": "shade", "card": "Test Shade", "controller": "alice", "since_turn": 1}]
    state = _state([SHIZO, LORD, SHADE], board, mana_pool={"alice": "{B}"})
    (r,) = Session(state).what_if(["activate shizo 2 targeting lord", "resolve"]).results
    assert r.illegal is None, r.illegal
    assert Session(r.state).board().to_json()["board"]["lord"]["keywords"] == ["fear"]
    (r,) = Session(state).what_if(["activate shizo 2 targeting shade"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_witchs_clinic_targets_a_commander_only():
    board = [{"id": "clinic", "card": "Witch's Clinic", "controller": "alice"},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1},
             {"id": "shade", "card": "Test Shade", "controller": "alice", "since_turn": 1}]
    state = _state([CLINIC, LORD, SHADE], board, mana_pool={"alice": "{C}{C}"}, commanders={"alice": "lord"})
    (r,) = Session(state).what_if(["activate clinic 2 targeting lord", "resolve"]).results
    assert r.illegal is None, r.illegal
    assert Session(r.state).board().to_json()["board"]["lord"]["keywords"] == ["lifelink"]
    (r,) = Session(state).what_if(["activate clinic 2 targeting shade"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_pendelhaven_targets_a_creature_that_is_1_1_now():
    board = [{"id": "ph", "card": "Pendelhaven", "controller": "alice"},
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "since_turn": 1},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1},
             {"id": "grown", "card": "Llanowar Elves", "controller": "alice", "since_turn": 1, "counters": {"+1/+1": 1}}]
    state = _state([PENDELHAVEN, LORD], board)
    (r,) = Session(state).what_if(["activate ph 2 targeting elves", "resolve"]).results
    assert r.illegal is None, r.illegal
    elves = Session(r.state).board().to_json()["board"]["elves"]
    assert (elves["power"], elves["toughness"]) == (2, 3)
    for other in ("lord", "grown"):     # a 2/2, and a 1/1 card with a +1/+1 counter (2/2 now)
        (r,) = Session(state).what_if([f"activate ph 2 targeting {other}"]).results
        assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"], other


def test_quicksand_targets_an_attacking_creature_without_flying():
    board = [{"id": "qs", "card": "Quicksand", "controller": "bob"},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1, "attacking": "bob",
              "tapped": True},
             {"id": "bird", "card": "Test Bird", "controller": "alice", "since_turn": 1, "attacking": "bob",
              "tapped": True}]
    state = _state([QUICKSAND, LORD, BIRD], board, step="declare_attackers")
    got = Session(state).what_if(["activate qs 2 targeting lord", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    # a 2/2 that gets -1/-2 is a 1/0: put into its owner's graveyard (704.5f)
    assert r.after(got.start)["lord"]["zone"] == "graveyard"
    (r,) = Session(state).what_if(["activate qs 2 targeting bird"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_interplanar_beacon_triggers_on_a_planeswalker_spell_only():
    board = [{"id": "beacon", "card": "Interplanar Beacon", "controller": "alice"}]
    for spell, life in ((WALKER, [21]), (BEAR, [20])):
        state = _state([BEACON, spell], board, mana_pool={"alice": "{G}"},
                       hand={"alice": [{"id": "spell", "card": spell["name"]}]})
        got = Session(state).what_if(["cast spell", "resolve", "resolve"] if life == [21] else ["cast spell", "resolve"])
        assert all(r.illegal is None for r in got.results), [r.illegal for r in got.results]
        assert [r.after(got.start).get("player alice", {}).get("life", 20) for r in got.results] == life


# -- protection from artifacts (702.16a-f), protection from a chosen color (608.2d), a Vehicle
# that becomes an artifact creature, reinforce (702.77a), "a white, blue, or black permanent"
# (614.12), a commander returned to its owner's hand (903.9b) ---------------------------------
TOWER = ("Tower of the Magistrate", "Land",
         "{T}: Add {C}.\n{1}, {T}: Target creature gains protection from artifacts until end of turn.")
SEJIRI = ("Sejiri Steppe", "Land", (
    "Sejiri Steppe enters the battlefield tapped.\nWhen Sejiri Steppe enters the battlefield, target creature you "
    "control gains protection from the color of your choice until end of turn.\n{T}: Add {W}."))
HANGAR = ("Mech Hangar", "Land", (
    "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast a Pilot or Vehicle spell or to "
    "activate an ability of a Pilot or Vehicle.\n{3}, {T}: Target Vehicle becomes an artifact creature until end of "
    "turn."))
CLACHAN = ("Rustic Clachan", "Land", (
    "As Rustic Clachan enters the battlefield, you may reveal a Kithkin card from your hand. If you don't, Rustic "
    "Clachan enters the battlefield tapped.\n{T}: Add {W}.\nReinforce 1—{1}{W} ({1}{W}, Discard this card: Put a "
    "+1/+1 counter on target creature.)"))
STADIUM = ("Taiga Stadium", "Land — Mountain Forest", (
    "({T}: Add {R} or {G}.)\nTaiga Stadium enters the battlefield tapped unless you control a white, blue, or "
    "black permanent."))
ETERNITY = ("Sanctum of Eternity", "Land", (
    "{T}: Add {C}.\n{2}, {T}: Return target commander you own from the battlefield to your hand. Activate only "
    "during your turn."))
WAGON = {"name": "Test Wagon", "manaCost": "{2}", "type": "Artifact — Vehicle", "text": "", "power": "3",
         "toughness": "3"}
SWORD = {"name": "Test Sword", "manaCost": "{1}", "type": "Artifact", "text": "{T}: Test Sword deals 1 damage to any target."}


def test_tower_of_the_magistrate_protection_from_artifacts():
    assert compiled(*TOWER).card["abilities"][1]["activated"]["creates"]["grant"]["ability"] == {
        "keywords": ["protection from artifacts"]}
    board = [{"id": "sword", "card": "Test Sword", "controller": "bob"},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1}]
    effect = [{"card": "Tower of the Magistrate", "line": 2, "controller": "alice", "source": "tower",
               "targets": ["lord"]}]
    with_tower = [{"id": "tower", "card": "Tower of the Magistrate", "controller": "alice", "tapped": True}, *board]
    # 702.16b: an ability from an artifact source cannot target it
    (r,) = Session(_state([TOWER, SWORD, LORD], with_tower, effects=effect)).what_if(
        ["activate sword 1 targeting lord"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]
    (r,) = Session(_state([TOWER, SWORD, LORD], with_tower)).what_if(["activate sword 1 targeting lord"]).results
    assert r.illegal is None, r.illegal


def test_sejiri_steppe_gives_protection_from_the_color_chosen_as_it_resolves():
    c = compiled(*SEJIRI)
    assert c.fully_compiled, c.lines
    t = c.card["abilities"][1]["triggered"]
    assert t["target"] == {"filter": ["creature"], "controller": "you"}
    assert t["creates"]["grant"] == {"to": "target", "ability": {"keywords": ["protection from chosen color"]}}
    board = [{"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1}]
    state = _state([SEJIRI, LORD], board, hand={"alice": [{"id": "steppe", "card": "Sejiri Steppe"}]})
    got = Session(state).what_if(["play steppe", "resolve"])
    assert got.results and all(r.illegal is None for r in got.results)
    # 608.2d: each color is an outcome, chosen as it resolves (the effect's choice; what protection
    # from it does is Pale Wayfarer's, the same granted keyword)
    chosen = {c.change.to_json()["color"]: r for r in got.results for c in r.changes
              if c.change.to_json()["change"] == "effect_choice"}
    assert sorted(chosen) == ["black", "blue", "green", "red", "white"] and len(got.results) == 5
    for color, r in chosen.items():
        assert f"protection from {color}" in Session(r.state).board().to_json()["board"]["lord"]["keywords"]


def test_mech_hangar_makes_a_vehicle_an_artifact_creature_with_its_printed_power():
    board = [{"id": "hangar", "card": "Mech Hangar", "controller": "alice"},
             {"id": "wagon", "card": "Test Wagon", "controller": "alice", "since_turn": 1}]
    state = _state([HANGAR, WAGON], board, mana_pool={"alice": "{C}{C}{C}"})
    (r,) = Session(state).what_if(["activate hangar 3 targeting wagon", "resolve"]).results
    assert r.illegal is None, r.illegal
    wagon = Session(r.state).board().to_json()["board"]["wagon"]
    assert wagon["types"] == ["artifact", "creature"] and (wagon["power"], wagon["toughness"]) == (3, 3)
    # a creature that is no Vehicle is no legal target
    state = _state([HANGAR, LORD], [board[0], {"id": "lord", "card": "Test Lord", "controller": "alice"}],
                   mana_pool={"alice": "{C}{C}{C}"})
    (r,) = Session(state).what_if(["activate hangar 3 targeting lord"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


def test_rustic_clachan_reinforce_from_the_hand():
    c = compiled(*CLACHAN)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][2]["activated"] == {
        "zone": "hand", "cost": ["{1}{W}", {"discard": "self"}], "effect": "Put a +1/+1 counter on target creature.",
        "targets": ["target creature"], "target": {"filter": ["creature"]},
        "does": [{"counters": {"kind": "+1/+1", "what": "target"}}]}
    state = _state([CLACHAN, LORD], [{"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1}],
                   mana_pool={"alice": "{W}{W}"}, hand={"alice": [{"id": "clachan", "card": "Rustic Clachan"}]})
    got = Session(state).what_if(["activate clachan 3 targeting lord", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    after = r.after(got.start)
    assert after["clachan"]["zone"] == "graveyard" and after["lord"]["counters"] == {"+1/+1": 1}


def test_taiga_stadium_enters_untapped_with_a_white_blue_or_black_permanent():
    c = compiled(*STADIUM)
    assert c.fully_compiled, c.lines
    for other, tapped in (("Test Shade", False), ("Llanowar Elves", True)):
        state = _state([STADIUM, SHADE], [{"id": "x", "card": other, "controller": "alice"}],
                       hand={"alice": [{"id": "stadium", "card": "Taiga Stadium"}]})
        got = Session(state).what_if(["play stadium"])
        (r,) = got.results
        assert r.illegal is None and bool(r.after(got.start)["stadium"].get("tapped")) is tapped, other


def test_sanctum_of_eternity_returns_your_commander_to_your_hand_or_the_command_zone():
    board = [{"id": "sanctum", "card": "Sanctum of Eternity", "controller": "alice"},
             {"id": "lord", "card": "Test Lord", "controller": "alice", "since_turn": 1},
             {"id": "shade", "card": "Test Shade", "controller": "alice", "since_turn": 1}]
    state = _state([ETERNITY, LORD, SHADE], board, mana_pool={"alice": "{C}{C}"}, commanders={"alice": "lord"})
    got = Session(state).what_if(["activate sanctum 2 targeting lord", "resolve"])
    assert got.results and all(r.illegal is None for r in got.results)
    # 903.9b: to its owner's hand, or the command zone instead (each an outcome)
    assert sorted(r.after(got.start)["lord"]["zone"] for r in got.results) == ["command", "hand"]
    (r,) = Session(state).what_if(["activate sanctum 2 targeting shade"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["115.1"]


# -- a becomes with "can't be blocked this turn" (509.1b) ---------------------------------------
TAR_PIT = ("Creeping Tar Pit", "Land", (
    "Creeping Tar Pit enters the battlefield tapped.\n{T}: Add {U} or {B}.\n{1}{U}{B}: Creeping Tar Pit becomes a "
    "3/2 blue and black Elemental creature until end of turn and can't be blocked this turn. It's still a land."))


def test_creeping_tar_pit_cannot_be_blocked_while_it_is_a_creature():
    c = compiled(*TAR_PIT)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][2]["activated"]["creates"]["restrict"] == {"what": ["be_blocked"], "to": "self"}
    board = [{"id": "pit", "card": "Creeping Tar Pit", "controller": "alice", "since_turn": 1, "attacking": "bob",
              "tapped": True},
             {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "since_turn": 1}]
    effect = [{"card": "Creeping Tar Pit", "line": 3, "controller": "alice", "source": "pit"}]
    (r,) = Session(_state([TAR_PIT], board, step="declare_attackers", effects=effect)).what_if(
        ["block elves pit"]).results
    assert r.illegal is not None and [rule for rule, _ in r.illegal.why] == ["509.1b"]
    # another creature land's effect (Mutavault's) does not restrict blocks
    board[0] = {**board[0], "card": "Mutavault"}
    effect = [{"card": "Mutavault", "line": 2, "controller": "alice", "source": "pit"}]
    (r,) = Session(_state([MUTAVAULT], board, step="declare_attackers", effects=effect)).what_if(
        ["block elves pit"]).results
    assert r.illegal is None, r.illegal


# -- "colorless" (CR 105.2c) ---------------------------------------------------------------------
TOMB = ("Tomb of the Spirit Dragon", "Land",
        "{T}: Add {C}.\n{2}, {T}: You gain 1 life for each colorless creature you control.")
WHITE_GOLEM = {"name": "Test White Golem", "manaCost": "{W}", "type": "Artifact Creature — Golem", "text": "",
               "power": "1", "toughness": "1"}


def test_tomb_of_the_spirit_dragon_counts_colorless_creatures():
    does, _ = effect_of(TOMB, 2)
    assert does == [{"gain_life": {"amount": 1, "for_each": ["colorless", "creature"], "controller": "you"}}]
    board = [{"id": "tomb", "card": "Tomb of the Spirit Dragon", "controller": "alice"},
             {"id": "g1", "card": "Test Golem", "controller": "alice"},
             {"id": "g2", "card": "Test Golem", "controller": "alice"},
             {"id": "wg", "card": "Test White Golem", "controller": "alice"},     # an artifact, but white
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice"},
             {"id": "g3", "card": "Test Golem", "controller": "bob"}]
    got = Session(_state([TOMB, GOLEM, WHITE_GOLEM], board, mana_pool={"alice": "{C}{C}"})).what_if(
        ["activate tomb 2", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start)["player alice"]["life"] == 22      # its two colorless Golems


# -- two costs joined by "and" (CR 601.2h), a token with two keywords, an ability in quotes that
# adds mana is the token's (605.1a) --------------------------------------------------------------
GREAT_HALL = ("Great Hall of Starnheim", "Land", (
    "{T}: Add {C}.\n{T}, Pay 1 life: Add {B}.\n{W}{W}{B}, {T}, Sacrifice Great Hall of Starnheim and a creature you "
    "control: Create a 4/4 white Angel Warrior creature token with flying and vigilance. Activate only as a sorcery."))
CRUCIBLE = ("Hellion Crucible", "Land", (
    "{T}: Add {C}.\n{1}{R}, {T}: Put a pressure counter on Hellion Crucible.\n{1}{R}, {T}, Remove two pressure "
    "counters from Hellion Crucible and sacrifice it: Create a 4/4 red Hellion creature token with haste. (It can "
    "attack and {T} as soon as it comes under your control.)"))
SPAWNING_BED = ("Spawning Bed", "Land", (
    "{T}: Add {C}.\n{6}, {T}, Sacrifice Spawning Bed: Create three 1/1 colorless Eldrazi Scion creature tokens. They "
    "have \"Sacrifice this creature: Add {C}.\""))


def test_great_hall_sacrifices_itself_and_a_creature():
    c = compiled(*GREAT_HALL)
    assert c.fully_compiled, c.lines
    entry = c.card["abilities"][2]["activated"]
    assert entry["cost"] == ["{W}{W}{B}", "{T}", {"sacrifice": "self"}, {"sacrifice": ["creature"]}]
    assert [t["abilities"] for t in c.tokens] == [[{"line": 1, "keywords": ["flying", "vigilance"]}]]
    board = [{"id": "hall", "card": "Great Hall of Starnheim", "controller": "alice"},
             {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}]
    got = Session(_state([GREAT_HALL], board, mana_pool={"alice": "{W}{W}{B}"})).what_if(["activate hall 3", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    a = r.after(got.start)
    assert a["hall"]["zone"] == "graveyard" and a["elves"]["zone"] == "graveyard"
    tokens = [o for o in Session(r.state).board().to_json()["board"].values() if o["card"] == "Angel Warrior Token"]
    assert [(t["power"], t["toughness"], t["keywords"]) for t in tokens] == [(4, 4, ["flying", "vigilance"])]
    # without a creature to sacrifice it cannot be activated (118.3)
    (r,) = Session(_state([GREAT_HALL], board[:1], mana_pool={"alice": "{W}{W}{B}"})).what_if(["activate hall 3"]).results
    assert r.illegal is not None


def test_hellion_crucible_removes_two_counters_and_sacrifices_itself():
    c = compiled(*CRUCIBLE)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][2]["activated"]["cost"] == [
        "{1}{R}", "{T}", {"remove_counters": {"counter": "pressure", "count": 2}}, {"sacrifice": "self"}]
    board = [{"id": "hc", "card": "Hellion Crucible", "controller": "alice", "counters": {"pressure": 2}}]
    got = Session(_state([CRUCIBLE], board, mana_pool={"alice": "{R}{C}"})).what_if(["activate hc 3", "resolve"])
    (r,) = got.results
    assert r.illegal is None, r.illegal
    assert r.after(got.start)["hc"]["zone"] == "graveyard"
    assert [o["card"] for o in Session(r.state).board().to_json()["board"].values()] == ["Hellion Token"]
    one = [{**board[0], "counters": {"pressure": 1}}]
    (r,) = Session(_state([CRUCIBLE], one, mana_pool={"alice": "{R}{C}"})).what_if(["activate hc 3"]).results
    assert r.illegal is not None       # one counter: the cost cannot be paid (118.3)


def test_spawning_bed_creates_scions_whose_mana_ability_is_their_own():
    c = compiled(*SPAWNING_BED)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][1]["activated"]["does"] == [{"create_token": {"card": "Eldrazi Scion Token", "count": 3}}]
    assert [t["abilities"] for t in c.tokens] == [[{"line": 1, "activated": {"cost": [{"sacrifice": "self"}],
                                                                             "add_mana": "{C}"}}]]


# -- "Activate only if an opponent controls four or more lands" (CR 602.5) ----------------------
EDGE = ("Tectonic Edge", "Land", (
    "{T}: Add {C}.\n{1}, {T}, Sacrifice Tectonic Edge: Destroy target nonbasic land. Activate only if an opponent "
    "controls four or more lands."))


def test_tectonic_edge_needs_an_opponent_with_four_lands():
    c = compiled(*EDGE)
    assert c.fully_compiled, c.lines
    assert c.card["abilities"][1]["activated"]["only_if"] == [
        {"count": {"filter": ["land"], "whose": "opponent"}, "at_least": 4}]

    def activate(bobs: int, alices: int):
        board = [{"id": "edge", "card": "Tectonic Edge", "controller": "alice"},
                 {"id": "tg", "card": "Tectonic Edge", "controller": "bob"},
                 *({"id": f"b{i}", "card": "Forest", "controller": "bob"} for i in range(bobs - 1)),
                 *({"id": f"a{i}", "card": "Forest", "controller": "alice"} for i in range(alices))]
        (r,) = Session(_state([EDGE], board, mana_pool={"alice": "{C}"})).what_if(
            ["activate edge 2 targeting tg"]).results
        return r.illegal
    assert activate(4, 0) is None                               # bob controls four lands
    assert [rule for rule, _ in activate(3, 5).why] == ["602.5"]   # alice's own lands do not count


# -- "Draw a card if you control an artifact." (CR 608.2c) -------------------------------------
RELIQUARY = ("Roadside Reliquary", "Land", (
    "{T}: Add {C}.\n{2}, {T}, Sacrifice Roadside Reliquary: Draw a card if you control an artifact. Draw a card if "
    "you control an enchantment."))
GLYPH = {"name": "Test Glyph", "manaCost": "{1}", "type": "Enchantment", "text": ""}


def test_roadside_reliquary_draws_for_each_condition_that_holds():
    does, _ = effect_of(RELIQUARY, 2)
    assert does == [{"draw": {"count": 1, "if_you_control": ["artifact"]}},
                    {"draw": {"count": 1, "if_you_control": ["enchantment"]}}]
    library = {"alice": [{"id": f"c{i}", "card": "Forest"} for i in range(3)]}

    def drawn(*others):
        board = [{"id": "rr", "card": "Roadside Reliquary", "controller": "alice"},
                 *({"id": f"o{i}", "card": o, "controller": c} for i, (o, c) in enumerate(others))]
        got = Session(_state([RELIQUARY, GOLEM, GLYPH], board, mana_pool={"alice": "{C}{C}"}, library=library)).what_if(
            ["activate rr 2", "resolve"])
        (r,) = got.results
        assert r.illegal is None, r.illegal
        return sorted(k for k, v in r.after(got.start).items() if v.get("zone") == "hand")
    assert drawn(("Test Golem", "alice"), ("Test Glyph", "alice")) == ["c0", "c1"]
    assert drawn(("Test Glyph", "alice")) == ["c0"]
    assert drawn(("Test Golem", "bob"), ("Test Glyph", "bob")) == []      # bob's do not count
