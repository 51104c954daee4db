"""mtg-asp: Magic: The Gathering Comprehensive Rules on Answer Set Programming.

The code lives in the top-level folders of the repository, installed under this
namespace: ``mtg_asp.translator`` (state <-> facts), ``mtg_asp.queries`` (Session,
queries, CLI), ``mtg_asp.asp`` (the rule encodings), ``mtg_asp.cards`` (the card
library) and ``mtg_asp.examples`` (bundled example states).
"""

__version__ = "0.1.0"
