"""Abilities that function from a player's hand (CR 113.6b, 113.6m): cycling (702.29a), channel,
a Spirit Guide's mana ability (605.1a). The compiler on real pool lines (the card named), the
vocabulary's checks, and each query on a small state whose answer would differ if a rule were
wrong."""

from __future__ import annotations

import pytest
from mtg_asp.queries import Session
from mtg_asp.queries.core import Solver
from mtg_asp.translator.cards import parse_card
from mtg_asp.translator.compiler import COMPILED, TEXT, compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state

BASE = {"players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "precombat_main"}}
DRAW = {"effect": "Draw a card.", "does": [{"draw": {"count": 1}}]}


def line(name: str, type_line: str, text: str, n: int = 1):
    """(entry without `line`, status, unread) of line n, the card parsed by the vocabulary."""
    face = {"name": name, "type": type_line, "text": text}
    if "Creature" in type_line:
        face["power"], face["toughness"] = "2", "2"
    c = compile_face(face)
    parse_card(c.card, "test")
    entry = dict(c.card["abilities"][n - 1])
    del entry["line"]
    return entry, c.lines[n - 1].status, c.lines[n - 1].unread


def session(**extra):
    return Session(load_state({**BASE, **extra}, "t.yaml"))


def moves(result):
    return [(c.change.object.id, c.change.origin, c.change.to) for c in result.changes
            if c.change.to_json()["change"] == "moves"]


def kinds(result):
    return [c.change.to_json()["change"] for c in result.changes]


# -- the compiler ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, type_line, text, cost", [
    ("Akroma's Vengeance", "Sorcery", "Cycling {3} ({3}, Discard this card: Draw a card.)", ["{3}"]),
    ("Lonely Sandbar", "Land", "Cycling {U} ({U}, Discard this card: Draw a card.)", ["{U}"]),
    ("Architects of Will", "Artifact Creature — Human Wizard", "Cycling {U/B} ({U/B}, Discard this card: Draw a card.)",
     ["{U/B}"]),
    ("Shark Typhoon", "Enchantment", "Cycling {X}{1}{U} ({X}{1}{U}, Discard this card: Draw a card.)", ["{X}{1}{U}"]),
    ("Street Wraith", "Creature — Wraith", "Cycling—Pay 2 life. (Pay 2 life, Discard this card: Draw a card.)",
     [{"pay_life": 2}]),
    ("Edge of Autumn", "Sorcery", "Cycling—Sacrifice a land. (Sacrifice a land, Discard this card: Draw a card.)",
     [{"sacrifice": ["land"]}]),
])
def test_cycling_is_its_cost_and_discarding_the_card_from_the_hand_to_draw_a_card(name, type_line, text, cost):
    # CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card."
    assert line(name, type_line, text) == (
        {"activated": {"zone": "hand", "cost": [*cost, {"discard": "self"}], **DRAW}}, COMPILED, ())


@pytest.mark.parametrize("name, text, cost, kind, words", [
    ("Twisted Abomination", ("Swampcycling {2} ({2}, Discard this card: Search your library for a Swamp card, reveal "
                             "it, put it into your hand, then shuffle.)"), "{2}", ["swamp"], "a Swamp"),
    ("Absorb Vis", ("Basic landcycling {1}{B} ({1}{B}, Discard this card: Search your library for a basic land card, "
                    "reveal it, put it into your hand, then shuffle.)"), "{1}{B}", ["basic", "land"], "a basic land"),
])
def test_typecycling_searches_for_a_card_of_its_type(name, text, cost, kind, words):
    # CR 702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for
    # a [type] card, reveal it, put it into your hand, then shuffle."
    assert line(name, "Sorcery", text) == (
        {"activated": {"zone": "hand", "cost": [cost, {"discard": "self"}],
                       "effect": f"Search your library for {words} card, reveal it, put it into your hand, then shuffle.",
                       "does": [{"search": {"filter": kind, "to": "hand", "shuffle": True}}]}}, COMPILED, ())


def test_a_cycle_trigger_stays_text():
    # 702.29c's trigger has no event in the vocabulary
    text = "When you cycle Shark Typhoon, create an X/X blue Shark creature token with flying."
    assert line("Shark Typhoon", "Sorcery", text) == ({"text": text}, TEXT, ())


def test_channel_is_an_ability_of_the_hand_that_discards_the_card():
    # Mnemonic Sphere: the ability word is dropped (207.2c); its effect is read into actions
    assert line("Mnemonic Sphere", "Artifact", "Channel — {U}, Discard Mnemonic Sphere: Draw a card.") == (
        {"activated": {"zone": "hand", "cost": ["{U}", {"discard": "self"}], **DRAW}}, COMPILED, ())
    assert line("Mnemonic Sphere", "Artifact", "Channel — {U}, Discard this card: Draw a card.")[0] == \
        line("Mnemonic Sphere", "Artifact", "Channel — {U}, Discard Mnemonic Sphere: Draw a card.")[0]
    # Boseiju, Who Endures: its effect and its cost reduction read (tests/test_land_tail5.py)
    entry, status, unread = line("Boseiju, Who Endures", "Legendary Land",
                                 "Channel — {1}{G}, Discard Boseiju, Who Endures: Destroy target artifact, enchantment, "
                                 "or nonbasic land an opponent controls. That player may search their library for a "
                                 "land card with a basic land type, put it onto the battlefield, then shuffle. This "
                                 "ability costs {1} less to activate for each legendary creature you control.")
    assert entry["activated"]["zone"] == "hand" and entry["activated"]["cost"] == ["{1}{G}", {"discard": "self"}]
    assert entry["activated"]["costs_less_for_each"] == ["legendary", "creature"]     # 601.2f
    assert (status, unread) == (COMPILED, ())


def test_a_spirit_guide_is_a_mana_ability_of_the_hand():
    # Elvish Spirit Guide, pre-2024 and current wording (CR 605.1a, 113.6m)
    want = ({"activated": {"zone": "hand", "cost": [{"exile": "self"}], "add_mana": "{G}"}}, COMPILED, ())
    assert line("Elvish Spirit Guide", "Creature — Elf Spirit", "Exile Elvish Spirit Guide from your hand: Add {G}.") \
        == want
    assert line("Elvish Spirit Guide", "Creature — Elf Spirit", "Exile this card from your hand: Add {G}.") == want


def test_a_card_that_would_leave_the_hand_twice_or_a_cost_not_read_stays_text():
    text = "Discard ~, Exile ~ from your hand: Draw a card."
    assert line("Odd Card", "Sorcery", text)[1] == TEXT
    # Gemstone Caverns' kind of cost part not read: the line is not read at all (118.3)
    assert line("Odd Card", "Sorcery", "Exile Odd Card from your hand, Tap an untapped artifact or creature you "
                                       "control: Add {C}.")[1] == TEXT


# -- the vocabulary -------------------------------------------------------------------------

def guide(**activated):
    return {"name": "Test Guide", "mana_cost": "{2}{G}", "type_line": "Creature — Elf", "power_toughness": "2/2",
            "oracle_text": "Exile this card from your hand: Add {G}.",
            "abilities": [{"line": 1, "activated": activated}]}


@pytest.mark.parametrize("activated, message", [
    ({"cost": [{"discard": "self"}], "add_mana": "{G}"}, "cost: discard: self is paid from the hand (701.9a)"),
    ({"zone": "hand", "cost": ["{T}"], "add_mana": "{G}"}, "{T} cannot be paid while the card is in a hand (113.6j)"),
    ({"zone": "hand", "cost": [{"sacrifice": "self"}], "add_mana": "{G}"}, "Sacrifice this permanent cannot be paid"),
    ({"zone": "exile", "cost": [{"exile": "self"}], "add_mana": "{G}"}, "zone: must be one of hand, graveyard"),
])
def test_bad_hand_abilities_name_the_field(activated, message):
    with pytest.raises(InputError) as e:
        parse_card(guide(**activated), "g.yaml")
    assert "abilities[0].activated" in str(e.value) and message in str(e.value)


def test_only_a_cards_own_activated_ability_states_its_zone():
    card = guide(zone="hand", cost=[{"exile": "self"}], add_mana="{G}")
    card["abilities"] = [{"line": 1, "static": {"grant": {"to": "enchanted_creature", "ability": {
        "activated": {"zone": "hand", "cost": [{"exile": "self"}], "add_mana": "{G}"}}}}}]
    with pytest.raises(InputError, match="only a card's own activated or triggered ability states the zone"):
        parse_card(card, "g.yaml")


def test_exiling_itself_from_the_hand_is_named_so():
    card = parse_card(guide(zone="hand", cost=[{"exile": "self"}], add_mana="{G}"), "g.yaml")
    assert card.abilities[0].zone == "hand" and card.abilities[0].costs[0].text == "Exile this card from your hand"


# -- activations ------------------------------------------------------------------------------

def test_an_ability_of_the_hand_is_its_owners_to_activate_from_the_hand_only():
    s = session(battlefield=[{"id": "sw", "card": "Street Wraith", "controller": "alice"}],
                hand={"alice": [{"id": "sb", "card": "Lonely Sandbar"}], "bob": [{"id": "eg", "card": "Elvish Spirit Guide"}]})
    alice = s.activations("alice")
    assert alice.to_json()["activations"] == [{"object": "sb", "ability": 3, "player": "alice", "zone": "hand"}]
    # the cycling of the Wraith on the battlefield exists there but cannot be activated (113.6b, 702.29b)
    assert [(b.object, b.ability, b.rules) for b in alice.blocked] == [("sw", 2, ("113.6b",))]
    # the mana part is not checked yet; discarding the card itself is paid by its being there (113.6m)
    assert alice.allowed[0].unchecked_costs == ("{U}",)
    # bob activates what is in his hand, never what is in alice's (602.2, 108.4a)
    bob = s.activations("bob")
    assert [(a.object, a.mana_ability) for a in bob.allowed] == [("eg", True)]
    assert not bob.blocked


def test_an_ability_of_the_hand_follows_the_timing_rules():
    # CR 502.4: no player receives priority in the untap step, so nothing is activated then
    s = session(turn={"number": 4, "active": "alice", "step": "untap"}, hand={"alice": [{"id": "sb", "card": "Lonely Sandbar"}]})
    got = s.activations("alice")
    assert not got.allowed and [(b.object, b.rules) for b in got.blocked] == [("sb", ("502.4",))]


def test_explain_says_the_owner_activates_it_from_the_hand():
    s = session(battlefield=[{"id": "sw", "card": "Street Wraith", "controller": "alice"}],
                hand={"alice": [{"id": "eg", "card": "Elvish Spirit Guide"}]})
    got = s.activations("alice", explain=True)
    rules = {w.rule for w in got.allowed[0].reasons}
    assert {"113.6b", "605.1a"} <= rules and "602.2" not in rules     # no controller: its owner (108.4a)
    assert [w.rule for w in got.blocked[0].reasons] == ["113.6b"]


def test_lines_kept_as_words_of_a_card_whose_ability_functions_in_the_hand_are_named():
    # a line kept as words (Street Wraith's with flanking for its swampwalk, which is read now): in
    # the hand with its cycling, every answer names it; a text-only line of a card in the hand with
    # no such ability is not in play (113.6b)
    wraith = {"name": "Flanking Wraith", "mana_cost": "{3}{B}{B}", "type_line": "Creature — Wraith",
              "power_toughness": "3/4", "oracle_text": "Flanking\nCycling—Pay 2 life.",
              "abilities": [{"line": 1, "text": "Flanking"},
                            {"line": 2, "activated": {"zone": "hand", "cost": [{"pay_life": 2}, {"discard": "self"}],
                                                      "effect": "Draw a card.", "does": [{"draw": {"count": 1}}]}}]}
    s = session(cards=[wraith], hand={"alice": [{"id": "w", "card": "Flanking Wraith"}, {"id": "k", "card": "Stormsurge Kraken"}]})
    named = {(u.about, u.card, u.line) for u in s.could_produce().not_modelled}
    assert named == {("w", "Flanking Wraith", 1)}


# -- what-if ----------------------------------------------------------------------------------

def test_cycling_discards_the_card_puts_the_ability_on_the_stack_and_draws_as_it_resolves():
    s = session(hand={"alice": [{"id": "sb", "card": "Lonely Sandbar"}]}, mana_pool={"alice": "{U}{G}"},
                library={"alice": [{"id": "top", "card": "Island"}, {"id": "next", "card": "Forest"}]})
    (r,) = s.what_if(["activate sb 3"]).results
    # CR 602.2a: on the stack; 601.2h: the {U} paid and the card discarded (a new object, 400.7)
    assert kinds(r) == ["push", "moves", "pool"] and moves(r) == [("sb", "hand", "graveyard")]
    assert r.state.stack[0].source == "sb" and r.state.stack[0].line == 3
    assert dict(r.state.mana_pool)["alice"] == (("G", 1),)
    (r,) = s.what_if(["activate sb 3", "resolve"]).results
    assert moves(r) == [("sb", "hand", "graveyard"), ("top", "library", "hand")] and not r.state.stack
    assert {z.id: z.zone for z in r.state.zones} == {"sb": "graveyard", "top": "hand", "next": "library"}


def test_cycling_pays_its_other_costs_and_needs_them():
    s = session(hand={"alice": [{"id": "w", "card": "Street Wraith"}]}, library={"alice": ["Island"]})
    (r,) = s.what_if(["activate w 2"]).results
    assert ("life", 18) in [(c.change.to_json()["change"], c.change.to_json().get("amount")) for c in r.changes]
    # no {U} in the pool: Lonely Sandbar's cycling cannot be paid (601.2h)
    s = session(hand={"alice": [{"id": "sb", "card": "Lonely Sandbar"}]}, mana_pool={"alice": "{G}"})
    (r,) = s.what_if(["activate sb 3"]).results
    assert r.illegal is not None and {rule for rule, _ in r.illegal.why} == {"601.2h"}


@pytest.mark.parametrize("where, action, rule", [
    ({"battlefield": [{"id": "sb", "card": "Lonely Sandbar", "controller": "alice"}]}, "activate sb 3", "113.6b"),
    ({"graveyard": {"alice": [{"id": "sb", "card": "Lonely Sandbar"}]}}, "activate sb 3", "113.6b"),
    # a permanent's ability of a card in the hand is not activated (602.2): the Sandbar's {T}
    ({"hand": {"alice": [{"id": "sb", "card": "Lonely Sandbar"}]}}, "activate sb 2", "602.2"),
])
def test_an_ability_of_the_hand_is_activated_from_the_hand_only(where, action, rule):
    (r,) = session(mana_pool={"alice": "{U}"}, **where).what_if([action]).results
    assert r.illegal is not None and [x for x, _ in r.illegal.why] == [rule]


def test_a_spirit_guide_adds_its_mana_at_once_and_is_exiled():
    s = session(hand={"alice": [{"id": "sg", "card": "Simian Spirit Guide"}]})
    (r,) = s.what_if(["activate sg 1"]).results
    # CR 605.3a: a mana ability does not use the stack: no push, the mana in the pool at once
    assert kinds(r) == ["moves", "pool"] and moves(r) == [("sg", "hand", "exile")]
    assert dict(r.state.mana_pool)["alice"] == (("R", 1),) and not r.state.stack


# -- can-pay and mana ---------------------------------------------------------------------------

def test_can_pay_uses_a_spirit_guide_in_the_hand_once():
    s = session(hand={"alice": [{"id": "sg", "card": "Simian Spirit Guide"}]})
    got = s.can_pay("alice", "{R}").to_json()
    assert got["payable"] and got["plan"] == [{"object": "sg", "ability": 1, "step": 0, "mana": {"R": 1}}]
    assert not s.can_pay("alice", "{R}{R}").to_json()["payable"]       # each card is exiled once
    assert not s.can_pay("bob", "{R}").to_json()["payable"]            # it is alice's hand
    two = session(hand={"alice": [{"id": "a", "card": "Simian Spirit Guide"}, {"id": "b", "card": "Simian Spirit Guide"}]})
    assert two.can_pay("alice", "{R}{R}").to_json()["payable"]


def test_a_card_exiled_from_the_hand_is_not_also_discarded():
    # Skirge Familiar's "Discard a card" needs a card in the hand; the Spirit Guide is one, but
    # not once it is exiled for its own mana (118.3)
    skirge = compile_face({"name": "Skirge Familiar", "type": "Creature — Imp", "text": "Discard a card: Add {B}.",
                           "manaCost": "{4}{B}", "power": "3", "toughness": "2"}).card
    field = [{"id": "s", "card": "Skirge Familiar", "controller": "alice"}]
    one = session(cards=[skirge], battlefield=field, hand={"alice": [{"id": "sg", "card": "Simian Spirit Guide"}]})
    assert one.can_pay("alice", "{R}").to_json()["payable"] and one.can_pay("alice", "{B}").to_json()["payable"]
    assert not one.can_pay("alice", "{R}{B}").to_json()["payable"]
    # two maximal pools, {B} or {R}, never both (701.9a, 113.6m)
    assert [(p["items"], p["plan"]) for p in one.available_mana("alice").to_json()["pools"]] == [
        ([{"count": 1, "amount": 1, "of": ["B"]}], [{"object": "s", "ability": 1, "step": 0}]),
        ([{"count": 1, "amount": 1, "of": ["R"]}], [{"object": "sg", "ability": 1, "step": 0}])]
    two = session(cards=[skirge], battlefield=field,
                  hand={"alice": [{"id": "sg", "card": "Simian Spirit Guide"}, "Forest"]})
    assert two.can_pay("alice", "{R}{B}").to_json()["payable"]


def test_mana_counts_each_spirit_guide_once():
    s = session(battlefield=[{"id": "f", "card": "Forest", "controller": "alice"}],
                hand={"alice": [{"id": "a", "card": "Simian Spirit Guide"}, {"id": "b", "card": "Simian Spirit Guide"},
                                {"id": "e", "card": "Elvish Spirit Guide"}]})
    got = s.available_mana("alice").to_json()
    (pool,) = got["pools"]
    assert pool["items"] == [{"count": 2, "amount": 1, "of": ["R"]}, {"count": 2, "amount": 1, "of": ["G"]}]
    assert pool["total"] == 4 and [p["object"] for p in pool["plan"]] == ["f", "a", "b", "e"]


def test_could_produce_is_about_permanents_only():
    # CR 106.7: what permanents could produce; a Spirit Guide in the hand is not one
    s = session(battlefield=[{"id": "f", "card": "Forest", "controller": "alice"}],
                hand={"alice": [{"id": "sg", "card": "Simian Spirit Guide"}]})
    assert s.could_produce().to_json()["could_produce"] == {"f": ["G"]}
    base = Solver(s.state).base().get("could_produce")
    assert base and all(a.arguments[0].arguments[0].string != "sg" for a in base)
