"""The documents installed with the package: cards.md, the card vocabulary (`mtg-asp cards
vocabulary` prints it)."""
