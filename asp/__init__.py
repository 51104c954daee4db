"""Package data: asp."""
