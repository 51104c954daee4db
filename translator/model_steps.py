"""The steps of a turn (CR 500.1), in order, as written in state files and card data."""

STEPS = (
    "untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup",
)
