"""Scenarios: a ruling, a state, a query and the exact expected answer (tests/rulings/).

The same files run under pytest (tests/conftest.py collects them) and under
`mtg-asp check DIR`. The format is documented in README.md ("Scenarios").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..translator.carddb import CardSource, open_sources
from ..translator.errors import InputError, SolverError
from ..translator.state import load_state, load_state_file
from ..translator.yamlio import Fields, describe, load_yaml_file
from .result import Result, cited_by_subject
from .session import Session

SCENARIO_KEYS = {"ruling", "seed", "cr", "card_ruling", "state", "query", "args", "expect",
                 "rules", "queries", "note", "cards_from"}
QUERY_KEYS = {"query", "args", "expect", "rules"}
QUERIES = {
    "could-produce": {"object"},
    "activations": {"player"},
    "orderings": {"tap", "ability", "player", "limit"},
    "can-pay": {"player", "cost"},
    "board": {"objects", "fields"},
    "mana": {"player"},
    "what-if": {"actions"},
}
REQUIRED_ARGS = {"orderings": {"tap"}, "can-pay": {"player", "cost"}, "mana": {"player"},
                 "what-if": {"actions"}}


@dataclass(frozen=True)
class Check:
    query: str
    args: dict[str, Any]
    expect: Any
    field: str
    rules: dict[str, list[str]] | None = None   # object id -> the CR rules --explain cites


@dataclass(frozen=True)
class Scenario:
    path: str
    ruling: str
    sources: tuple[str, ...]
    state_data: Any
    state_path: Path | None
    checks: tuple[Check, ...]
    cards_from: tuple[Path, ...] = ()   # card sources, relative to the scenario's file


@dataclass(frozen=True)
class Outcome:
    passed: bool
    message: str = ""


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    where = str(path)
    f = Fields(load_yaml_file(path), where, "", SCENARIO_KEYS)
    ruling = f.get("ruling", str, required=True).strip()
    sources: list[str] = []
    seeds = f.get("seed", (list, str), [])
    for s in [seeds] if isinstance(seeds, str) else seeds:
        if not isinstance(s, str):
            raise f.error("seed", "a seed ruling id is a string like COMMON-7")
        sources.append(f"seed {s}")
    crs = f.get("cr", (list, str), [])
    for r in [crs] if isinstance(crs, str) else crs:
        sources.append(f"CR {r}")
    if f.has("card_ruling"):
        c = Fields(f.data["card_ruling"], where, "card_ruling", {"card", "date"})
        card = c.get("card", str, required=True)
        date = c.data.get("date")        # YAML reads 2008-08-01 as a date
        if date is None:
            raise c.error("date", "is required: the ruling's date, YYYY-MM-DD")
        sources.append(f"ruling on {card} ({date.isoformat() if hasattr(date, 'isoformat') else date})")
    if not sources:
        raise f.error(None, "name the ruling's source: seed (an id from the seed rulings), cr "
                            "(a rule number) or card_ruling ({card, date})")

    cards_from = _cards_from(f, path.parent)
    raw_state = f.data.get("state")
    if raw_state is None:
        raise f.error("state", "is required: a state mapping, or a path to a state file")
    state_path = None
    if isinstance(raw_state, str):
        state_path = (path.parent / raw_state).resolve()
        raw_state = None
    elif not isinstance(raw_state, dict):
        raise f.error("state", "must be a state mapping or a path to a state file")

    if f.has("queries") == f.has("query"):
        raise f.error("query", "give either query/args/expect, or a list under queries")
    items = f.get("queries", list) if f.has("queries") else [
        {k: f.data[k] for k in QUERY_KEYS if k in f.data}]
    checks = []
    for i, item in enumerate(items):
        base = f"queries[{i}]" if f.has("queries") else ""
        q = Fields(item, where, base, QUERY_KEYS)
        name = q.get("query", str, required=True)
        if name not in QUERIES:
            raise q.error("query", f"unknown query {name!r}; queries are {', '.join(QUERIES)}")
        args = q.get("args", dict, {})
        for key in args:
            if key not in QUERIES[name]:
                raise q.error("args", f"{name} takes no argument {key!r}; it takes "
                                      f"{', '.join(sorted(QUERIES[name])) or 'none'}")
        if name == "board":
            from .board import FIELDS
            for fld in _strings(args.get("fields")) or ():
                if fld not in FIELDS:
                    raise q.error("args", f"board has no field {fld!r}; fields are {', '.join(FIELDS)}")
        for key in REQUIRED_ARGS.get(name, ()):
            if key not in args:
                raise q.error("args", f"{name} needs {key}")
        if "expect" not in item:
            raise q.error("expect", "is required: the exact --json answer")
        rules = q.get("rules", dict, None)
        if rules is not None:
            for oid, cited in rules.items():
                if not isinstance(cited, list) or not all(isinstance(r, str) for r in cited):
                    raise q.error("rules", f"{oid}: must be a list of rule numbers as strings, "
                                           "like [\"106.12\", \"605.1a\"]")
        checks.append(Check(name, args, item["expect"], q.sub("expect"), rules))
    return Scenario(where, ruling, tuple(sources), raw_state, state_path, tuple(checks), cards_from)


def _cards_from(f: Fields, base: Path) -> tuple[Path, ...]:
    """`cards_from: [pool.json, my_cards/]`: card sources (card databases in MTGJSON's
    AtomicCards shape, YAML card files or folders) the state may name cards from, each a path
    relative to the scenario's file, tried in order after the bundled library."""
    raw = f.get("cards_from", (list, str), [])
    out = []
    for i, item in enumerate([raw] if isinstance(raw, str) else raw):
        field = f"cards_from[{i}]" if isinstance(raw, list) else "cards_from"
        if not isinstance(item, str) or not item.strip():
            raise InputError(f.where, field, f"a card source is a path, got {describe(item)}")
        path = (base / item).resolve()
        if not path.exists():
            raise InputError(f.where, field, f"no such file or folder: {path}")
        out.append(path)
    return tuple(out)


def answer(session: Session, query: str, args: dict[str, Any], explain: bool = False) -> Result:
    if query == "could-produce":
        return session.could_produce(args.get("object"), explain)
    if query == "activations":
        return session.activations(args.get("player"), explain)
    if query == "orderings":
        return session.orderings(str(args["tap"]), args.get("ability"), args.get("player"),
                                 args.get("limit", 10), explain)
    if query == "can-pay":
        return session.can_pay(str(args["player"]), str(args["cost"]), explain)
    if query == "board":
        return session.board(explain, _strings(args.get("objects")), _strings(args.get("fields")))
    if query == "mana":
        return session.available_mana(str(args["player"]), explain)
    if query == "what-if":
        return session.what_if(_strings(args["actions"]) or [], "args.actions", explain)
    raise ValueError(query)


def _strings(value) -> list[str] | None:
    if value is None:
        return None
    return [str(v) for v in (value if isinstance(value, list) else [value])]


def scenario_session(scenario: Scenario, cards: Sequence[str | Path | CardSource] = (),
                     opened: dict[Path, CardSource] | None = None) -> Session:
    """The Session of the scenario's state (every check asks it in turn). Card names resolve in
    the bundled library, then the scenario's `cards_from`, then `cards` (`check --cards`).
    `opened`: the sources opened for earlier scenarios, by path (a corpus opens each once)."""
    opened = {} if opened is None else opened
    for path in scenario.cards_from:
        if path not in opened:
            opened[path] = open_sources([path])[0]
    sources = open_sources([*(opened[p] for p in scenario.cards_from), *cards])
    if scenario.state_path is not None:
        state = load_state_file(scenario.state_path, cards=sources)
    else:
        state = load_state(scenario.state_data, f"{scenario.path}: state", cards=sources)
    return Session(state)


def run_check(session: Session, check: Check) -> list[str]:
    """One check: what differs from what it expects (nothing when it passes)."""
    result = answer(session, check.query, check.args, explain=check.rules is not None)
    got = result.to_json()
    failures = []
    if check.rules is not None:
        cited = cited_by_subject(result)
        for oid, expected in check.rules.items():
            if sorted(set(expected)) != cited.get(oid, []):
                failures.append(f"{check.field.replace('expect', 'rules')}.{oid}: CR rules cited\n"
                                f"  expected: {sorted(set(expected))}\n  got:      {cited.get(oid, [])}")
    if got != check.expect:
        failures.append(
            f"{check.field or 'expect'}: {check.query} {json.dumps(check.args)}\n"
            f"  expected: {json.dumps(check.expect, sort_keys=True)}\n"
            f"  got:      {json.dumps(got, sort_keys=True)}")
    return failures


def failure_message(scenario: Scenario, failures: list[str]) -> str:
    return f"{scenario.path}\n  ruling: {scenario.ruling}\n" + "\n".join(failures)


def run_scenario(scenario: Scenario, cards: Sequence[str | Path | CardSource] = (),
                 opened: dict[Path, CardSource] | None = None) -> Outcome:
    """Run every check; InputError and SolverError propagate (a broken scenario is not a fail)."""
    session = scenario_session(scenario, cards, opened)
    failures = [f for check in scenario.checks for f in run_check(session, check)]
    if failures:
        return Outcome(False, failure_message(scenario, failures))
    return Outcome(True)


@dataclass
class CheckReport:
    passed: list[str]
    failed: list[tuple[str, str]]
    errors: list[tuple[str, str]]

    def summary(self) -> str:
        s = f"{len(self.passed)} passed, {len(self.failed)} failed"
        return s + (f", {len(self.errors)} errors" if self.errors else "")


def scenario_files(directory: str | Path) -> list[Path]:
    root = Path(directory)
    if not root.exists():
        raise InputError(str(root), None, "no such directory")
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()
                  and _is_scenario(p))


def _is_scenario(path: Path) -> bool:
    """State files may sit beside scenarios; a scenario is a file with a `ruling:` key."""
    try:
        data = load_yaml_file(path)
    except InputError:
        return True          # let the run report it
    return isinstance(data, dict) and "ruling" in data


def check_directory(directory: str | Path, cards: Sequence[str | Path | CardSource] = ()) -> CheckReport:
    """Every scenario under the folder; `cards`: card sources for all of them (after each
    scenario's own `cards_from`)."""
    report = CheckReport([], [], [])
    sources = open_sources(cards)
    opened: dict[Path, CardSource] = {}
    for path in scenario_files(directory):
        try:
            outcome = run_scenario(load_scenario(path), sources, opened)
        except (InputError, SolverError) as e:
            report.errors.append((str(path), str(e)))
            continue
        if outcome.passed:
            report.passed.append(str(path))
        else:
            report.failed.append((str(path), outcome.message))
    return report
