"""The untap step (asp/turn.lp, CR 502.3) with untap restrictions compiled from their oracle
text: "doesn't untap during your untap step" (on itself, an enchanted creature, a group), "...
if it has a depletion counter on it" (a condition read then), and "You may choose not to untap
~ during your untap step" (the active player's choice: both outcomes)."""

from __future__ import annotations

from mtg_asp.queries import Session
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.state import load_state


def card(name: str, text: str, type_line: str, cost: str = "", pt=None) -> dict:
    face = {"name": name, "type": type_line, "text": text, "manaCost": cost}
    if pt:
        face.update(power=pt[0], toughness=pt[1])
    return compile_face(face).card


CARDS = [
    card("Altar Golem", "Altar Golem doesn't untap during your untap step.", "Artifact Creature — Golem", "{7}",
         ("0", "0")),
    card("Land Cap", "Land Cap doesn't untap during your untap step if it has a depletion counter on it.", "Land"),
    card("Amber Prison", "You may choose not to untap Amber Prison during your untap step.", "Artifact", "{4}"),
    card("Choke", "Islands don't untap during their controllers' untap steps.", "Enchantment", "{2}{G}"),
]
# alice's cleanup step: `next step` begins bob's turn, whose untap step untaps bob's permanents
BASE = {"players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "cleanup"}, "cards": CARDS}


def untapped(battlefield):
    """For each outcome of `next step`, the ids that untapped (sorted)."""
    st = load_state({**BASE, "battlefield": battlefield})
    got = Session(st).what_if(["next step"]).to_json()
    return sorted(sorted(c["object"] for c in o["changes"] if c["change"] == "untap") for o in got["outcomes"])


def test_doesnt_untap_during_your_untap_step():
    assert untapped([{"id": "golem", "card": "Altar Golem", "controller": "bob", "tapped": True},
                     {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}]) == [["f"]]


def test_a_depletion_counter_keeps_it_tapped_only_while_it_is_there():
    with_counter = {"id": "cap", "card": "Land Cap", "controller": "bob", "tapped": True, "counters": {"depletion": 1}}
    assert untapped([with_counter]) == [[]]
    assert untapped([{**with_counter, "counters": {}}]) == [["cap"]]


def test_may_choose_not_to_untap_gives_both_outcomes():
    assert untapped([{"id": "prison", "card": "Amber Prison", "controller": "bob", "tapped": True}]) == [[], ["prison"]]


def test_islands_dont_untap_whoever_controls_the_enchantment():
    got = untapped([{"id": "choke", "card": "Choke", "controller": "alice"},
                    {"id": "isle", "card": "Island", "controller": "bob", "tapped": True},
                    {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}])
    assert got == [["f"]]
    # Prismatic Omen makes bob's Forest every basic land type, an Island among them: the group
    # is read after the layers (613.1d)
    got = untapped([{"id": "choke", "card": "Choke", "controller": "alice"},
                    {"id": "omen", "card": "Prismatic Omen", "controller": "bob"},
                    {"id": "f", "card": "Forest", "controller": "bob", "tapped": True}])
    assert got == [[]]


def test_an_enchanted_creature_does_not_untap():
    apathy = card("Apathy", "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.",
                  "Enchantment — Aura", "{U}")
    st = load_state({**BASE, "cards": [*CARDS, apathy], "battlefield": [
        {"id": "elves", "card": "Llanowar Elves", "controller": "bob", "tapped": True},
        {"id": "birds", "card": "Birds of Paradise", "controller": "bob", "tapped": True},
        {"id": "apathy", "card": "Apathy", "controller": "alice", "attached_to": "elves"}]})
    got = Session(st).what_if(["next step"]).to_json()
    [o] = got["outcomes"]
    assert [c["object"] for c in o["changes"] if c["change"] == "untap"] == ["birds"]


# -- the storage and depletion lands' upkeep triggers (CR 503.1a, 603.4) ------------------------
VAULT = compile_face({"name": "Bottomless Vault", "type": "Land", "manaCost": "", "text":
                      "Bottomless Vault enters the battlefield tapped.\n"
                      "You may choose not to untap Bottomless Vault during your untap step.\n"
                      "At the beginning of your upkeep, if Bottomless Vault is tapped, put a storage counter on it.\n"
                      "{T}, Remove any number of storage counters from Bottomless Vault: Add {B} for each storage "
                      "counter removed this way."}).card
CAP = compile_face({"name": "Land Cap", "type": "Land", "manaCost": "", "text":
                    "Land Cap doesn't untap during your untap step if it has a depletion counter on it.\n"
                    "At the beginning of your upkeep, remove a depletion counter from Land Cap.\n"
                    "{T}: Add {W} or {U}. Put a depletion counter on Land Cap."}).card


def upkeep(battlefield, actions):
    """Each outcome of bob's new turn (from alice's cleanup step) and the actions after it: the
    permanents that changed, as they are at the end."""
    st = load_state({**BASE, "cards": [VAULT, CAP], "battlefield": battlefield})
    got = Session(st).what_if(["next step", *actions]).to_json()
    return sorted(({k: v for k, v in o["after"].items() if k != "turn"} for o in got["outcomes"]),
                  key=lambda a: sorted(a))


def test_a_storage_land_kept_tapped_gets_a_storage_counter_and_one_untapped_does_not():
    got = upkeep([{"id": "vault", "card": "Bottomless Vault", "controller": "bob", "tapped": True}], ["resolve"])
    # 502.3: bob chooses; 603.4: the trigger only if it is still tapped as the upkeep begins
    kept = {"vault": {"zone": "battlefield", "controller": "bob", "tapped": True, "counters": {"storage": 1}}}
    untapped_ = {"vault": {"zone": "battlefield", "controller": "bob"}}
    assert sorted(got, key=str) == sorted([kept, untapped_], key=str)


def test_a_storage_land_that_was_untapped_does_not_trigger():
    st = load_state({**BASE, "cards": [VAULT, CAP], "battlefield": [
        {"id": "vault", "card": "Bottomless Vault", "controller": "bob"}]})
    [o] = Session(st).what_if(["next step"]).to_json()["outcomes"]
    assert not [c for c in o["changes"] if c["change"] == "triggered"]


def test_the_if_is_checked_again_as_it_resolves():
    # the Vault's trigger is on the stack; the Vault is untapped by then: it does nothing (603.4)
    st = load_state({"players": ["alice", "bob"], "turn": {"number": 5, "active": "bob", "step": "upkeep"},
                     "cards": [VAULT, CAP],
                     "battlefield": [{"id": "vault", "card": "Bottomless Vault", "controller": "bob"}],
                     "stack": [{"id": "s1", "source": "vault", "line": 3, "controller": "bob"}]})
    [o] = Session(st).what_if(["resolve"]).to_json()["outcomes"]
    assert [c["change"] for c in o["changes"]] == ["pop"]
    assert "603.4" in o["changes"][0]["rules"]


def test_a_depletion_land_loses_a_counter_each_upkeep_and_stays_tapped_while_it_has_one():
    cap = {"id": "cap", "card": "Land Cap", "controller": "bob", "tapped": True, "counters": {"depletion": 2}}
    assert upkeep([cap], ["resolve"]) == [
        {"cap": {"zone": "battlefield", "controller": "bob", "tapped": True, "counters": {"depletion": 1}}}]
    # with no counter it untaps, and the trigger removes nothing
    assert upkeep([{**cap, "counters": {}}], ["resolve"]) == [
        {"cap": {"zone": "battlefield", "controller": "bob"}}]
