"""tests/rulings/imported/cards.json is a subset of the card pool, entries exactly as there, and
is what tests/tools/pool_subset.py writes for its names (so it can be rebuilt). Without the pool
(a clean clone has no ../shared) the checks that need it are skipped."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SUBSET = ROOT / "tests" / "rulings" / "imported" / "cards.json"
TOOL = ROOT / "tests" / "tools" / "pool_subset.py"


def _tool():
    spec = importlib.util.spec_from_file_location("pool_subset", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pool_subset = _tool()
needs_pool = pytest.mark.skipif(not pool_subset.POOL.exists(),
                                reason=f"no card pool at {pool_subset.POOL}")


def _subset() -> dict:
    return json.loads(SUBSET.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pool() -> dict:
    return pool_subset.read_pool(pool_subset.POOL)


@needs_pool
def test_every_entry_is_the_pools(pool):
    data = _subset()["data"]
    assert data, "cards.json holds no cards"
    for name, faces in data.items():
        assert name in pool, f"{name!r} is not in the pool"
        assert faces == pool[name], f"{name!r} differs from the pool's entry"


@needs_pool
def test_the_file_is_what_the_tool_writes(pool):
    names = list(_subset()["data"])
    assert SUBSET.read_text(encoding="utf-8") == pool_subset.dump(pool_subset.subset(pool, names))


def test_every_card_a_scenario_names_resolves_here_or_in_the_library():
    """A card the scenarios name is bundled, defined inline, in cards.json, or a token a card of
    cards.json creates (its card compiled from the creating card's text, CR 111.4): the corpus
    needs nothing from the pool."""
    bundled = pool_subset.bundled_names()
    held = {n.lower() for n in _subset()["data"]} | _tokens_of_held_cards()
    named = pool_subset.scenario_card_names(SUBSET.parent)
    missing = sorted(n for n in named if n.lower() not in bundled | held)
    assert not missing, f"cards named by scenarios but in no source: {missing}"


def _tokens_of_held_cards() -> set[str]:
    from mtg_asp.translator.compiler import CompileError, compile_face
    names = set()
    for faces in _subset()["data"].values():
        for face in faces:
            try:
                names |= {t["name"].lower() for t in compile_face(face).tokens}
            except CompileError:
                continue
    return names


def test_no_entry_shadows_a_bundled_card():
    """A bundled card wins over cards.json (docs/cards.md): an entry of the same name would
    never be read, so a scenario would not be about the card it seems to be about."""
    bundled = pool_subset.bundled_names()
    assert not [n for n in _subset()["data"] if n.lower() in bundled]


def test_entries_keep_only_atomiccards_fields():
    for name, faces in _subset()["data"].items():
        for face in faces:
            assert set(face) <= set(pool_subset.FIELDS), name
            assert face["name"] == name


CR = ROOT.parent / "shared" / "reference" / "MagicCompRules.txt"


@pytest.mark.skipif(not CR.exists(), reason=f"no Comprehensive Rules text at {CR}")
def test_every_cited_rule_exists():
    """The `cr:` numbers the imported scenarios cite are rules of the CR text."""
    numbers = {m.group(1) for m in re.finditer(r"^(\d{3}\.\d+[a-z]?)[. ]", CR.read_text(encoding="utf-8"),
                                               re.MULTILINE)}
    unknown = {}
    for path in sorted(SUBSET.parent.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cited = data.get("cr", []) if isinstance(data, dict) else []
        missing = [str(r) for r in ([cited] if isinstance(cited, str) else cited) if str(r) not in numbers]
        if missing:
            unknown[path.name] = missing
    assert not unknown, f"rules cited that the CR does not have: {unknown}"
