"""Package data: examples."""
