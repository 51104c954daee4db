"""An answer as the page shows it: its text with each CR number carrying the rule's text, the
rules it cites listed with their text, and its not-modelled lines apart (a warning)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from markupsafe import Markup, escape

from ..queries.result import rule_key
from ..queries.rule_text import RuleBook, citations, describe

# The line that opens the not-modelled part of an answer's text (queries/result.unread_lines).
UNREAD_HEAD = "not modelled ("


@dataclass(frozen=True)
class Panel:
    """One answer: its title, its text as HTML, the rules cited (number, text), the
    not-modelled lines, and a picture (SVG) where there is one."""

    title: str
    body: Markup
    rules: tuple[tuple[str, str], ...]
    unread: tuple[str, ...]
    picture: Markup | None = None


def panel(title: str, result, book: RuleBook | None, as_json: bool = False,
          picture: str | None = None) -> Panel:
    text = json.dumps(result.to_json(), ensure_ascii=False, indent=2) if as_json else result.to_text()
    lines = text.splitlines()
    unread: list[str] = []
    at = next((i for i, ln in enumerate(lines) if ln.startswith(UNREAD_HEAD)), None)
    if at is not None and not as_json:
        unread = [ln.strip() for ln in lines[at + 1:]]
        lines = lines[:at]
    numbers: list[str] = []
    html = []
    for line in lines:
        html.append(_line(line, book, numbers))
    for c in result.rules():
        if c.rule not in numbers:
            numbers.append(c.rule)
    rules = tuple((n, describe(n, book)) for n in sorted(numbers, key=rule_key))
    return Panel(title, Markup("\n").join(html), rules, tuple(unread),
                 Markup(picture) if picture else None)


def _line(line: str, book: RuleBook | None, numbers: list[str]) -> Markup:
    """A line of an answer; each CR number after `CR ` an <abbr> whose title is the rule's text."""
    at = line.find("CR ")
    if at < 0:
        return escape(line)
    out = [escape(line[:at])]
    pos = at
    for start, end, cited in citations(line[at:]):
        start, end = start + at, end + at
        numbers += [n for n in cited if n not in numbers]
        title = "\n\n".join(f"{n}: {describe(n, book)}" for n in cited)
        out.append(escape(line[pos:start]))
        out.append(Markup('<abbr class="cr" title="{}">{}</abbr>').format(title, line[start:end]))
        pos = end
    out.append(escape(line[pos:]))
    return Markup("").join(out)
