"""Package data: cards."""
