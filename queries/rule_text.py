"""The text of the Comprehensive Rules behind a rule number ("601.2f" -> its paragraph).

The CR is shipped with the package (docs/MagicCompRules.txt, docs/comprehensive-rules.md says
where it comes from); another edition is read from `--rules PATH` or the MTG_ASP_RULES
environment variable. Without a readable file the answers keep their numbers and say that the
text is not available; nothing here decides a rules question, it only looks text up.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..translator.errors import InputError

RULES_ENV = "MTG_ASP_RULES"

# A rule's first line: "704.", "704.5.", "601.2f" (CR: each rule and subrule has its own number).
_RULE_LINE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$")
# A cited number in an answer: 106.12, 601.2g, with the shorthands the answers use for
# neighbouring subrules: 106.12a/b, 601.2g-h.
_CITED = re.compile(r"\b(\d{3}(?:\.\d+)?)([a-z]?)((?:[/-][a-z])*)(?![\d.]*\d)")


@dataclass(frozen=True)
class RuleBook:
    """The rules of one edition of the CR: number -> text, and where it came from."""

    source: str
    effective: str
    rules: dict[str, str]

    def text(self, number: str) -> str | None:
        return self.rules.get(number)

    def describe(self, number: str) -> str:
        """The rule's text, or a line saying this edition has no such rule."""
        found = self.text(number)
        if found is not None:
            return found
        return f"(no rule {number} in the Comprehensive Rules {self.effective})"


NOT_AVAILABLE = ("(the text of the Comprehensive Rules is not available: give a rules file with "
                 f"--rules PATH or {RULES_ENV})")


def parse_rules(text: str, source: str) -> RuleBook:
    """Each numbered rule of the CR text (the table of contents and the glossary left out):
    its own line, then the lines under it up to the next number (its examples)."""
    rules: dict[str, str] = {}
    effective = next((ln.strip().rstrip(".") for ln in text.splitlines()[:10]
                      if ln.startswith("These rules are effective")), "(edition not stated)")
    current = None
    started = False
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        m = _RULE_LINE.match(line)
        if m:
            started = started or m.group(1) == "100.1"
            current = m.group(1)
            rules[current] = m.group(2)
        elif started and line == "Glossary":
            break
        elif started and current is not None:
            rules[current] += "\n" + line
    if not started:
        raise InputError(source, None, "is not the Comprehensive Rules text (no rule 100.1 in it)")
    return RuleBook(source, effective.replace("These rules are effective as of", "of"), rules)


@lru_cache(maxsize=4)
def _read(path: str | None) -> RuleBook | None:
    if path is None:
        try:
            text = resources.files("mtg_asp.docs").joinpath("MagicCompRules.txt").read_text(
                encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError):
            return None
        return parse_rules(text, "the Comprehensive Rules shipped with mtg-asp")
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(path, None, f"cannot read the Comprehensive Rules: {e}") from None
    return parse_rules(text, path)


def rule_book(path: str | None = None) -> RuleBook | None:
    """The CR from `path`, else MTG_ASP_RULES, else the shipped copy; None if there is none."""
    return _read(path or os.environ.get(RULES_ENV) or None)


def citations(text: str) -> list[tuple[int, int, list[str]]]:
    """Each CR number written in `text`: where it is (start, end) and the rules it stands for;
    "106.12a/b" is 106.12a and 106.12b, "601.2g-h" is 601.2g and 601.2h."""
    out = []
    for m in _CITED.finditer(text):
        base, letter, more = m.groups()
        numbers = [base + letter] if letter or not more else []
        numbers += [base + x[1] for x in re.findall(r"[/-][a-z]", more)]
        if letter and more.startswith("-") and len(more) == 2:       # a range: g-h, g-k
            numbers = [base + chr(c) for c in range(ord(letter), ord(more[1]) + 1)
                       if chr(c) not in "lo"]        # CR 100: subrules skip l and o
        out.append((m.start(), m.end(), numbers))
    return out


def cited_numbers(text: str) -> list[str]:
    """The CR numbers a line cites, in order, each once."""
    out: list[str] = []
    for _, _, numbers in citations(text):
        out += [n for n in numbers if n not in out]
    return out


def describe(number: str, book: RuleBook | None) -> str:
    return book.describe(number) if book is not None else NOT_AVAILABLE


def with_rule_text(text: str, book: RuleBook | None) -> str:
    """An answer's text with each cited rule's text under the first line citing it (`CR ...`),
    indented one step further than that line."""
    out: list[str] = []
    shown: set[str] = set()
    for line in text.splitlines():
        out.append(line)
        at = line.find("CR ")
        if at < 0:
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        for number in cited_numbers(line[at:]):
            if number in shown:
                continue
            shown.add(number)
            body = describe(number, book).replace("\n", "\n" + indent + " " * (len(number) + 2))
            out.append(f"{indent}{number}: {body}")
    return "\n".join(out)
