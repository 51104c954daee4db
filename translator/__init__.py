"""Python <-> ASP: the state model, loading and validation, fact rendering, decoding."""
