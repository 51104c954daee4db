"""Start-up: what a process prepares once (the encodings' text by program part, the bundled card
library's cache) reads the same as the slow way it replaced."""

from __future__ import annotations

import time
from importlib import resources

import clingo
import clingo.ast
from mtg_asp.queries.core import load_encodings


def _statements_by_part(paths: list[str]) -> dict[str, list[str]]:
    """clingo's own parse of these files: each statement's text, by the part it is in."""
    parts: dict[str, list[str]] = {}
    current = "base"

    def add(statement) -> None:
        nonlocal current
        if statement.ast_type == clingo.ast.ASTType.Comment:
            return
        if statement.ast_type == clingo.ast.ASTType.Program:
            current = statement.name
        parts.setdefault(current, []).append(str(statement))
    clingo.ast.parse_files(paths, add)
    return parts


def test_the_encodings_text_by_part_is_clingos_parse_part_by_part(tmp_path) -> None:
    with resources.as_file(resources.files("mtg_asp.asp").joinpath("main.lp")) as main:
        expected = _statements_by_part([str(main)])
    texts = load_encodings()
    assert set(texts) == set(expected)
    for name, text in texts.items():
        path = tmp_path / f"{name}.lp"
        path.write_text(text, encoding="utf-8")
        got = _statements_by_part([str(path)])
        # every statement of the text is in the part the text is for
        assert set(got) <= {"base", name}, name
        assert got.get(name), name
        assert [s for runs in got.values() for s in runs if not s.startswith("#program")] == \
            [s for s in expected[name] if not s.startswith("#program")], name


def _read_from_files() -> dict:
    from mtg_asp.translator.cards import CardLibrary
    lib = CardLibrary()
    with resources.as_file(resources.files("mtg_asp.cards")) as folder:
        for path in sorted(folder.glob("*.yaml")):
            lib.add_file(path)
    return lib.cards


def test_the_bundled_library_cache_is_written_then_read_and_equals_the_card_files(tmp_path, monkeypatch):
    from mtg_asp.translator import cards
    monkeypatch.setenv("MTG_ASP_CACHE_DIR", str(tmp_path))
    first = cards._bundled_cards.__wrapped__()
    written = list(tmp_path.glob("bundled-cards-*.pickle"))
    assert len(written) == 1
    reads = []
    monkeypatch.setattr(cards.CardLibrary, "add_file", lambda self, path: reads.append(path))
    second = cards._bundled_cards.__wrapped__()
    assert reads == []                          # read from the cache, no card file parsed
    monkeypatch.undo()
    assert first == second == _read_from_files()


def test_a_stale_or_broken_cache_is_read_again_from_the_card_files(tmp_path, monkeypatch):
    from mtg_asp.translator import cards
    monkeypatch.setenv("MTG_ASP_CACHE_DIR", str(tmp_path))
    cards._bundled_cards.__wrapped__()
    cache = next(tmp_path.glob("bundled-cards-*.pickle"))
    cache.write_bytes(b"x" * 40)                # another key: stale
    assert cards._bundled_cards.__wrapped__() == _read_from_files()
    key = cache.read_bytes()[:32]
    cache.write_bytes(key + b"not a pickle")    # the right key, a broken body
    assert cards._bundled_cards.__wrapped__() == _read_from_files()
    assert cards._read_cache(cache, key) is not None     # written again, whole


def test_an_unwritable_cache_folder_costs_speed_only(tmp_path, monkeypatch):
    from mtg_asp.translator import cards
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MTG_ASP_CACHE_DIR", str(blocker / "cache"))
    assert cards._bundled_cards.__wrapped__() == _read_from_files()


def test_the_time_limit_ends_the_reading_of_the_state_file_too(tmp_path, monkeypatch):
    """Session.from_file reads the state under the time limit: a reading that does not end is
    stopped inside it (the step after it never runs), with the limit's message."""
    import pytest
    from mtg_asp.queries import session as session_module
    from mtg_asp.queries.limits import LimitExceeded
    finished = []

    def endless_reading(path, cards=()):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pass
        finished.append(path)

    monkeypatch.setattr(session_module, "load_state_file", endless_reading)
    with pytest.raises(LimitExceeded, match="time limit of 0.2 s"):
        session_module.Session.from_file(tmp_path / "state.yaml", time_limit=0.2)
    assert finished == []
    # and nothing is left set: the next reading runs to its end
    def slow_reading(path, cards=()):
        time.sleep(0.4)                           # past where the first limit's alarm was
        finished.append(path)
        raise KeyError("read")                    # (the stand-in has no state to return)

    monkeypatch.setattr(session_module, "load_state_file", slow_reading)
    with pytest.raises(KeyError):
        session_module.Session.from_file(tmp_path / "state.yaml", time_limit=5)
    assert finished == [tmp_path / "state.yaml"]
