"""Rendering a GameState as ASP facts (the predicates of asp/schema.lp), with jinja2.

Translation only: every fact says what the state file or the card data says.
"""

from __future__ import annotations

from collections import Counter

import jinja2

from .cards import CARD_TYPES, COLORS, SUPERTYPES, Ability, Card, Cost, ManaEffect
from .model import GameState

_env = jinja2.Environment(
    loader=jinja2.PackageLoader("mtg_asp.translator", "templates"),
    autoescape=False,
    trim_blocks=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)

MANA_LETTER = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


def quote(value: str) -> str:
    """An ASP string term."""
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def obj(object_id: str, incarnation: int = 0) -> str:
    """An object term: its id and its incarnation (CR 400.7: a zone change makes a new one)."""
    return f"obj({quote(object_id)},{incarnation})"


def symbol(s: str) -> str:
    """A mana symbol (CR 107.4) as a term."""
    if s.isdigit():
        return f"generic({int(s)})"
    if s in ("X", "Y", "Z"):
        return f"variable({quote(s)})"
    if s == "C":
        return "colorless"
    if s == "S":
        return "snow"
    if "/" in s:
        a, b = s.split("/")
        if b == "P":
            return f"phyrexian({quote(a)})"
        left = a if a.isdigit() else quote(a)
        return f"hybrid({left},{quote(b)})"
    return f"colored({quote(s)})"


def word(w: str) -> str:
    """A filter word: types, supertypes and colors are constants, subtypes strings."""
    return w if w in CARD_TYPES | SUPERTYPES | COLORS else quote(w)


def filter_term(words: tuple[str, ...]) -> str:
    return "f(" + ",".join(word(w) for w in words) + ")"


def ability_term(card: Card, ability: Ability, granted: bool = False) -> str:
    suffix = ",granted" if granted else ""
    return f"ab({quote(card.name)},{ability.line}{suffix})"


def cost_term(cost: Cost) -> str:
    match cost.kind:
        case "tap" | "untap" | "mana":
            return cost.kind
        case "remove_counters":
            return f"remove_counters({quote(cost.counter)},{cost.count})"
        case "sacrifice":
            return "sacrifice(self)" if cost.self_only else f"sacrifice({filter_term(cost.filter)})"
        case "pay_life" | "pay_energy" | "loyalty":
            return f"{cost.kind}({cost.count})"
        case "tap_untapped" | "untap_tapped":
            return f"{cost.kind}({cost.count},{filter_term(cost.filter)})"
    raise ValueError(f"no term for cost kind {cost.kind!r}")


def mana_facts(a: str, mana: ManaEffect) -> list[str]:
    facts: list[str] = []
    if mana.kind == "fixed":
        for i, option in enumerate(mana.options, start=1):
            for letter, n in sorted(Counter(option).items()):
                facts.append(f"adds_fixed({a},{i},{MANA_LETTER[letter]},{n}).")
    elif mana.kind == "any":
        facts.append(f"adds_any({a},{mana.of_kind}).")
    elif mana.kind == "could_produce":
        f = filter_term(mana.filter)
        facts.append(f"adds_could({a},{f},{mana.whose},{mana.of_kind}).")
        facts.extend(f"filter_word({f},{word(w)})." for w in mana.filter)
    if mana.rider:
        facts.append(f"adds_rider({a}).")
    return facts


def ability_facts(card: Card, ability: Ability, granted: bool = False) -> list[str]:
    a = ability_term(card, ability, granted)
    facts = [f"ability_kind({a},{ability.kind})."]
    if not granted:
        facts.append(f"printed_ability({quote(card.name)},{a}).")
    for i, cost in enumerate(ability.costs):
        facts.append(f"ability_cost({a},{i},{cost_term(cost)}).")
        facts.append(f"ability_cost_text({a},{i},{quote(cost.text)}).")
        for j, s in enumerate(cost.symbols):
            facts.append(f"ability_cost_symbol({a},{i},{j},{symbol(s)}).")
        if cost.filter:
            f = filter_term(cost.filter)
            facts.extend(f"filter_word({f},{word(w)})." for w in cost.filter)
    if ability.targets:
        facts.append(f"ability_targets({a}).")
    if ability.timing == "sorcery":
        facts.append(f"ability_timing({a},sorcery).")
    if ability.mana is not None:
        facts.extend(mana_facts(a, ability.mana))
    if ability.granted is not None:
        g = ability_term(card, ability.granted, granted=True)
        facts.append(f"grants({a},{ability.grant_to},{g}).")
        facts.extend(ability_facts(card, ability.granted, granted=True))
    return facts


def render_state(state: GameState) -> str:
    names = {p.card for p in state.battlefield} | {z.card for z in state.zones}
    cards = sorted((state.library.get(n) for n in names), key=lambda c: c.name)
    template = _env.get_template("state.lp.j2")
    return template.render(
        state=state, cards=cards, obj=obj, symbol=symbol,
        ability=lambda c, a: " ".join(ability_facts(c, a)),
    )


_env.filters["q"] = quote
