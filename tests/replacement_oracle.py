"""The brute-force meaning of a mana replacement effect, for the property tests that compare the
replacement-effect walk (asp/events.lp) with every order of application (CR 616.1)."""

from __future__ import annotations


def apply_replacement(kind: str, arg, minimum: int, mana: dict) -> dict | None:
    """The mana after the effect, or None when it does not apply: no mana, or less than its
    threshold. `multiply` multiplies each type (Mana Reflection), `type` makes all of it one type
    (Contamination), `exactly` makes it one mana of one type (Damping Sphere's {C})."""
    total = sum(mana.values())
    if total == 0 or total < minimum:
        return None
    if kind == "multiply":
        return {t: n * arg for t, n in mana.items()}
    if kind == "type":
        return {arg: total}
    return {arg: 1}
