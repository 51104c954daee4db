"""`mtg-asp demo`: a short what-if session on the bundled example state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path

from ..translator.carddb import CardSource, open_sources
from ..translator.model import Permanent, Turn
from ..translator.state import load_state_file
from .session import Session


def run_demo(cards: Sequence[str | Path | CardSource] = ()) -> str:
    """`cards`: card sources the example states may also name (they name bundled cards only)."""
    cards = open_sources(cards)
    entry = resources.files("mtg_asp.examples").joinpath("demo.yaml")
    with resources.as_file(entry) as path:
        state = load_state_file(path, cards=cards)
    out: list[str] = [(f"State: {path.name} — turn {state.turn.number}, {state.turn.active}'s "
                       f"{state.turn.step.replace('_', ' ')}")]
    for p in state.battlefield:
        flags = ", tapped" if p.tapped else ""
        since = f", controlled since turn {p.since_turn}" if p.since_turn else ""
        out.append(f"  {p.id}: {p.card} ({p.controller}{flags}{since})")

    def ask(title: str, session: Session, *ids: str) -> None:
        out.append("")
        out.append(title)
        cp = session.could_produce(explain=True)
        for oid in ids:
            types = " ".join("{" + t + "}" for t in cp.types[oid]) or "nothing"
            out.append(f"  {oid} could produce: {types}")
            for why in cp.reasons[oid]:
                if why.rule in ("106.7", "106.3", "106.1"):
                    out.append(f"      CR {why.rule}: {why.text}")

    session = Session(state)
    ask("What could each land produce? (CR 106.7)", session, "pool", "orchard", "bob_orchard")

    wastes = Permanent("wastes", "Wastes", "alice", "alice", since_turn=4)
    more = replace(state, battlefield=state.battlefield + (wastes,),
                   zones=tuple(z for z in state.zones if z.card != "Wastes"))
    ask("What if alice plays her Wastes? Colorless is a type but not a color (CR 106.1).",
        Session(more), "pool", "bob_orchard")

    out.append("")
    out.append("Which abilities could alice activate now? (CR 107.5, 107.6, 302.6)")
    acts = session.activations("alice", explain=True)
    for a in acts.allowed:
        out.append(f"  yes: {a.object} line {a.ability}: {a.text}")
    for b in acts.blocked:
        out.append(f"  no:  {b.object} line {b.ability} — " + "; ".join(
            f"CR {w.rule}: {w.text}" for w in b.reasons))

    for number, active in ((5, "bob"), (6, "alice")):
        step = "upkeep" if active == "bob" else "precombat_main"
        later = replace(state, turn=Turn(number, active, step))
        acts = Session(later).activations("alice", explain=True)
        out.append("")
        out.append(f"What if it were turn {number} ({active}'s {step.replace('_', ' ')})? "
                   "Could alice tap her elves for mana?")
        for a in (*acts.allowed, *acts.blocked):
            if a.object == "elves":
                verdict = "yes" if a in acts.allowed else "no"
                reasons = [w for w in a.reasons if w.rule in ("302.6", "702.10c")]
                out.append(f"  {verdict}: " + "; ".join(f"CR {w.rule}: {w.text}" for w in reasons))
    # Mana events: every order of the replacement effects, and a payment plan.
    entry = resources.files("mtg_asp.examples").joinpath("mana_events.yaml")
    with resources.as_file(entry) as path:
        events = Session(load_state_file(path, cards=cards))
    out.append("")
    out.append(f"Another board ({path.name}): alice taps her Forest under Contamination, Mana "
               "Reflection and Damping Sphere, with Mana Flare out. Every order (CR 616.1):")
    result = events.orderings("forest")
    for o in result.outcomes:
        mana = " ".join(f"{n}x{{{t}}}" for t, n in o.mana.items())
        out.append(f"  {mana}: {o.count} ordering{'s' if o.count != 1 else ''}, e.g. "
                   f"{' -> '.join(o.orderings[0])}")
    plan = events.can_pay("alice", "{4}{W}")
    out.append("Can alice pay {4}{W}? " + ("yes:" if plan.payable else "no"))
    for step in plan.plan:
        own = f" (paying {' '.join(f'{n}x{{{t}}}' for t, n in step.paid_with.items())})" \
            if step.paid_with else ""
        out.append(f"  step {step.step}: {step.object} line {step.ability}{own} -> "
                   + " ".join(f"{n}x{{{t}}}" for t, n in step.mana.items()))
    return "\n".join(out)
