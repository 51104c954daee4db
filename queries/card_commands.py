"""`mtg-asp cards show` and `mtg-asp cards list`: where a card name leads, and the card as
vocabulary YAML a user can copy into a state's `cards:` and fix."""

from __future__ import annotations

import textwrap
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ..translator.carddb import CardSource, CardUnusable, DatabaseSource
from ..translator.cards import Card, CardLibrary
from ..translator.compiler import COMPILED, PARTIAL, LineResult
from ..translator.errors import InputError
from ..translator.yamlio import load_yaml_file

STATUS_WORDS = {COMPILED: "compiled", PARTIAL: "partial", "text": "text only"}


class _CardDumper(yaml.SafeDumper):
    """Block style for text of several lines (oracle_text), as the card files write it."""


def _str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CardDumper.add_representer(str, _str)


def dump_yaml(data: Any, flow: bool | None = None) -> str:
    """YAML as the card files write it; `flow` None: a collection of scalars on one line."""
    return yaml.dump(data, Dumper=_CardDumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=flow, width=4096)


# -- cards show --------------------------------------------------------------------------------


def show(library: CardLibrary, name: str) -> str:
    """The card the name resolves to, as vocabulary YAML with a header saying where it comes
    from (and what else defines the name, unused: the first source wins)."""
    places = library.definitions(name)
    if not places:
        raise library.unknown(name, "cards show", None)
    first, *others = places
    key = name.strip().lower()
    shadowed = [f"# Also defined in {s.path if s else 'the bundled library'}, not used: the first "
                "source that defines a name wins." for s in others]
    if isinstance(first, DatabaseSource):
        return _show_compiled(first, key, shadowed)
    card = library.cards[key] if first is None else first.card(key)
    bundled = first is None
    header = (f"# {card.name}: bundled with mtg-asp ({Path(card.source).name}); every state has it."
              if bundled else f"# {card.name}: from the card file {card.source}.")
    return "\n".join([header, *shadowed, _card_yaml(card).rstrip()])


def _card_yaml(card: Card) -> str:
    """The card as its YAML file writes it: the file itself for a file of one card, else the
    card's entry of the family."""
    data = load_yaml_file(card.source)
    if isinstance(data, dict) and "cards" not in data:
        return Path(card.source).read_text(encoding="utf-8")
    entry = next(c for c in data["cards"] if isinstance(c, dict) and
                 str(c.get("name", "")).strip().lower() == card.name.lower())
    return dump_yaml(entry)


def _show_compiled(source: DatabaseSource, key: str, shadowed: list[str]) -> str:
    compiled = source.compiled(key)          # CardUnusable (a Plane, a Scheme) propagates
    face = source.face_of(key)
    faces = source.faces(face)
    counts = {s: sum(1 for r in compiled.lines if r.status == s) for s in STATUS_WORDS}
    out = [f"# {compiled.name}: compiled from its oracle text in {source.path}."]
    if len(faces) > 1:
        names = ", ".join(str(f.get("faceName", "?")) for f in faces)
        out.append(f"# Face {face.face + 1} of {len(faces)} of {face.key!r} ({names}).")
    out.append(f"# {len(compiled.lines)} line(s): " + ", ".join(
        f"{counts[s]} {w}" for s, w in STATUS_WORDS.items()) + ".")
    try:
        source.card(key)
    except CardUnusable as e:
        out.append(f"# It cannot be used as it is: {e.reason}.")
    if counts["text"] or counts[PARTIAL]:
        out += _comment("A text-only line (and the unread part of a partial one) is kept as "
                        "words: it decides nothing, and answers name it. Copy this under a "
                        "state's `cards:` and write those lines in the vocabulary (docs/cards.md): "
                        "a state's inline card replaces the database's card of the same name.")
    out += shadowed
    card = dict(compiled.card)
    abilities = card.pop("abilities", [])
    out.append(dump_yaml(card, flow=False).rstrip())
    if abilities:
        out.append("abilities:")
        for entry, result in zip(abilities, compiled.lines, strict=True):
            out.append(f"  # line {result.line}: {_line_note(result)}")
            out.append("  " + dump_yaml([entry]).rstrip().replace("\n", "\n  "))
    for token in compiled.tokens:
        # CR 111.4: a token it creates, a card of its own (a second YAML document)
        out += ["---", f"# {token['name']}: a token {compiled.name} creates (CR 111.4).",
                dump_yaml(token, flow=False).rstrip()]
    return "\n".join(out)


def _comment(text: str) -> list[str]:
    return [f"# {line}" for line in textwrap.wrap(text, width=96)]


def _line_note(result: LineResult) -> str:
    if result.status == COMPILED:
        return f"compiled ({result.template})"
    if result.status == PARTIAL:
        return f"partial ({result.template}); unread: {', '.join(result.unread)}"
    return "text only"


# -- cards list --------------------------------------------------------------------------------


def listing(library: CardLibrary, match: str | None = None) -> str:
    """The names available, the bundled library first, then each source; a name an earlier
    source has is not listed again (it resolves there)."""
    words = (match or "").lower().split()
    seen: set[str] = set()
    out: list[str] = []
    total = 0

    def section(title: str, entries: list[tuple[str, tuple[str, ...]]], names: list[str]) -> None:
        nonlocal total
        rows, hidden = [], 0
        for name, faces in entries:
            if name.lower() in seen:
                hidden += 1
                continue
            if words and not any(all(w in n.lower() for w in words) for n in (name, *faces)):
                continue
            rows.append(f"  {name}" + (f"  (faces: {', '.join(faces)})" if faces else ""))
        seen.update(n.lower() for n in names)
        note = f"; {hidden} not listed: an earlier source has them" if hidden else ""
        what = f"matching {match!r}" if words else "cards"
        out.append(f"{title}: {len(rows)} {what}{note}")
        out.extend(rows)
        total += len(rows)

    bundled = sorted(library.cards.values(), key=lambda c: c.name.lower())
    section("bundled", [(c.name, ()) for c in bundled], [c.name for c in bundled])
    for source in library.sources:
        section(_title(source), source.listing(), [shown for _, shown in source.names()])
    out.append(f"{total} card{'s' if total != 1 else ''} in all")
    return "\n".join(out)


def _title(source: CardSource) -> str:
    return f"{source.path} ({'card database' if source.kind == 'database' else 'YAML card files'})"


def require_sources(library: CardLibrary, command: str) -> None:
    if not any(s.kind == "database" for s in library.sources):
        raise InputError(command, None, "give a card database in MTGJSON's AtomicCards shape "
                                        "(--cards PATH, or MTG_ASP_CARDS)")


def vocabulary() -> str:
    """The card vocabulary as installed with the package (docs/cards.md)."""
    return resources.files("mtg_asp.docs").joinpath("cards.md").read_text(encoding="utf-8")
