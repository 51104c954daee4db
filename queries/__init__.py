"""The questions: the Session API, one module per query, the scenario runner and the CLI."""

from .session import Session

__all__ = ["Session"]
