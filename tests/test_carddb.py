"""Card sources (translator/carddb.py): card databases in MTGJSON's AtomicCards shape and YAML
card files, name resolution through CardLibrary, the index cache, bad input, and the CLI's
--cards, MTG_ASP_CARDS and `cards show/list/coverage`. Each test writes its own small database."""

from __future__ import annotations

import gzip
import json
import os
import textwrap
from pathlib import Path

import pytest
import yaml
from mtg_asp.queries import Session
from mtg_asp.queries.cli import main
from mtg_asp.queries.scenario import load_scenario, run_scenario
from mtg_asp.translator import carddb
from mtg_asp.translator.cards import CardLibrary, parse_card
from mtg_asp.translator.compiler import compile_face
from mtg_asp.translator.errors import InputError
from mtg_asp.translator.state import load_state, load_state_file

ROOT = Path(__file__).resolve().parent.parent
POOL = ROOT.parent / "shared" / "reference" / "cards" / "AtomicCards-2024-03.json.gz"


def face(name, type_, text="", cost="", **more):
    return {"name": name, "manaCost": cost, "type": type_, "text": text, **more}


CARDS = {
    "Test Bayou": [face("Test Bayou", "Land — Swamp Forest", "({T}: Add {B} or {G}.)")],
    "Test Grove": [face("Test Grove", "Basic Snow Land — Forest", "({T}: Add {G}.)")],
    "Test Relic": [face("Test Relic", "Artifact", "{T}: Add {C}.", "{2}")],
    "Test Angel": [face("Test Angel", "Creature — Angel", "Flying, vigilance", "{3}{W}{W}",
                        power="4", toughness="4")],
    "Fire Test // Ice Test": [
        face("Fire Test // Ice Test", "Instant", "Fire Test deals 2 damage divided as you choose "
             "among one or two targets.", "{1}{R}", faceName="Fire Test"),
        face("Fire Test // Ice Test", "Instant", "Tap target permanent.\nDraw a card.", "{1}{U}",
             faceName="Ice Test")],
    "Test Scheme": [face("Test Scheme", "Scheme", "When you set this scheme in motion, draw a card.")],
    "Test Nameless Type": [{"name": "Test Nameless Type", "manaCost": "{1}", "text": "Nothing."}],
}


def write_db(path: Path, cards=None, gz=None) -> Path:
    """A database in AtomicCards shape; gzip-compressed when the name ends in .gz."""
    doc = json.dumps({"meta": {"date": "2024-03-08"}, "data": CARDS if cards is None else cards})
    if gz if gz is not None else path.suffix == ".gz":
        path.write_bytes(gzip.compress(doc.encode()))
    else:
        path.write_text(doc, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Every test gets a cache folder of its own, and no MTG_ASP_CARDS from outside."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(carddb.CACHE_ENV, str(folder))
    monkeypatch.delenv(carddb.CARDS_ENV, raising=False)
    return folder


def state(battlefield, **more):
    return {"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice",
                                                  "step": "precombat_main"},
            "battlefield": battlefield, **more}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- resolution ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["db.json", "db.json.gz"])
def test_database_cards_resolve_plain_and_gzip(tmp_path, name):
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([write_db(tmp_path / name)]))
    angel = lib.get("test angel")
    assert (angel.name, angel.types, angel.subtypes, angel.power, angel.toughness) == \
        ("Test Angel", ("creature",), ("angel",), "4", "4")
    assert angel.abilities[0].keywords == ("flying", "vigilance")
    assert lib.get("Test Bayou").subtypes == ("swamp", "forest")
    assert lib.get("No Such Card") is None


def test_faces_of_a_split_card(tmp_path):
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([write_db(tmp_path / "db.json")]))
    assert lib.get("Ice Test").mana_cost == ("1", "U")                 # a face name: that face
    assert lib.get("ice test").oracle_text == "Tap target permanent.\nDraw a card."
    assert lib.get("Fire Test // Ice Test").name == "Fire Test"        # the full name: face 1
    assert lib.get("Fire Test").mana_cost == ("1", "R")


def test_cards_compile_only_when_asked_for(tmp_path, monkeypatch):
    calls = []
    real = carddb.compile_face
    monkeypatch.setattr(carddb, "compile_face", lambda f: calls.append(f["name"]) or real(f))
    src = carddb.open_source(write_db(tmp_path / "db.json"))
    load_state(state([{"card": "Test Angel", "controller": "alice"},
                      {"card": "Forest", "controller": "alice"}]), "s.yaml", cards=[src])
    assert calls == ["Test Angel"]


def test_bundled_library_first_then_sources_in_order(tmp_path):
    a = write_db(tmp_path / "a.json", {
        "Forest": [face("Forest", "Land", "{T}: Add {C}.")],            # bundled wins
        "Shared Name": [face("Shared Name", "Artifact", "", "{1}")]})
    b = write_db(tmp_path / "b.json", {"Shared Name": [face("Shared Name", "Enchantment", "", "{2}")]})
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([a, b]))
    assert lib.get("Forest").abilities[0].kind == "intrinsic"
    assert lib.get("Shared Name").types == ("artifact",)
    assert [getattr(s, "path", None) for s in lib.definitions("shared name")] == [str(a), str(b)]
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([b, a]))
    assert lib.get("Shared Name").types == ("enchantment",)


def test_suggestions_come_from_every_source(tmp_path):
    a = write_db(tmp_path / "a.json")
    b = write_db(tmp_path / "b.json", {"Zorbulon the Great": [face("Zorbulon the Great", "Artifact")]})
    with pytest.raises(InputError) as e:
        load_state(state([{"card": "Zorbulon the Grate", "controller": "alice"}]), "s.yaml", cards=[a, b])
    assert str(e.value) == ("s.yaml: battlefield[0].card: unknown card 'Zorbulon the Grate'; "
                            "did you mean 'Zorbulon the Great'?")
    with pytest.raises(InputError, match="did you mean 'Test Angel'"):
        load_state(state([{"card": "Test Angle", "controller": "alice"}]), "s.yaml", cards=[a, b])


def test_a_card_the_vocabulary_cannot_hold_is_named_not_unknown(tmp_path):
    db = write_db(tmp_path / "db.json")
    with pytest.raises(InputError) as e:
        load_state(state([{"card": "Test Scheme", "controller": "alice"}]), "s.yaml", cards=[db])
    assert str(e.value) == (f"s.yaml: battlefield[0].card: card 'Test Scheme' from {db} cannot be "
                            "used: type_line: unknown supertype or card type 'scheme' in 'Scheme'")
    with pytest.raises(InputError) as e:        # compile_face raises CompileError: no type line
        load_state(state([], hand={"alice": ["Test Nameless Type"]}), "s.yaml", cards=[db])
    assert str(e.value) == (f"s.yaml: hand.alice[0]: card 'Test Nameless Type' from {db} cannot be "
                            "used: the card has no type line")


def test_yaml_sources_file_and_folder(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "relic.yaml").write_text(textwrap.dedent("""\
        name: Test Relic
        mana_cost: "{2}"
        type_line: Artifact
        oracle_text: "{T}: Add {C}."
        abilities:
          - line: 1
            activated: {cost: ["{T}"], add_mana: "{C}"}
        """))
    (folder / "notes.txt").write_text("not a card file, and not read")
    db = write_db(tmp_path / "db.json")
    # The YAML folder first: its Test Relic (a structured ability) wins over the database's.
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([folder, db]))
    assert lib.get("Test Relic").abilities[0].mana.options == (("C",),)
    assert lib.get("Test Relic").source.startswith(str(folder / "relic.yaml"))
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([db, folder / "relic.yaml"]))
    assert lib.get("Test Relic").source.startswith(str(db))


def test_a_query_on_database_cards_end_to_end(tmp_path):
    db = write_db(tmp_path / "db.json.gz")
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(state([
        {"id": "bayou", "card": "Test Bayou", "controller": "alice"},
        {"id": "grove", "card": "Test Grove", "controller": "alice"},
        {"id": "angel", "card": "Test Angel", "controller": "alice"},
        {"id": "pool", "card": "Reflecting Pool", "controller": "alice"}])))
    got = Session.from_file(path, cards=[db]).could_produce().to_json()
    assert got == {"could_produce": {"bayou": ["B", "G"], "grove": ["G"], "angel": [],
                                     "pool": ["B", "G"]}}
    assert load_state_file(path, cards=[db]).battlefield[0].card == "Test Bayou"
    assert load_state_file(path, cards=str(db)).battlefield[0].card == "Test Bayou"   # one path


def test_an_inline_card_may_replace_a_database_card_not_a_card_file(tmp_path):
    db = write_db(tmp_path / "db.json")
    relic = {"name": "Test Relic", "mana_cost": "{2}", "type_line": "Artifact",
             "oracle_text": "{T}: Add {C}.",
             "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}"}}]}
    data = state([{"id": "relic", "card": "Test Relic", "controller": "alice"}], cards=[relic])
    got = Session(load_state(data, "s.yaml", cards=[db])).could_produce().to_json()
    assert got == {"could_produce": {"relic": ["C"]}}
    card_file = tmp_path / "relic.yaml"
    card_file.write_text(yaml.safe_dump(relic))
    with pytest.raises(InputError) as e:
        load_state(data, "s.yaml", cards=[card_file])
    assert str(e.value) == (f"s.yaml: cards[0].name: card 'Test Relic' is already in the card file "
                            f"{card_file}; give an inline card a name of its own")


# -- the cache -------------------------------------------------------------------------------


def test_the_index_is_cached_and_read_without_the_file(tmp_path, cache, monkeypatch):
    db = write_db(tmp_path / "db.json.gz")
    first = carddb.open_source(db)
    assert isinstance(first.index, carddb._MemoryIndex)
    assert len(list(cache.glob("db.json.gz-*.sqlite"))) == 1
    monkeypatch.setattr(carddb, "_read_database", lambda *a: pytest.fail("read the file again"))
    warm = carddb.open_source(db)
    assert isinstance(warm.index, carddb._SqliteIndex)
    assert warm.card("ice test").name == "Ice Test"
    assert sorted(warm.names()) == sorted(first.names())


def test_a_changed_file_is_read_again(tmp_path):
    db = write_db(tmp_path / "db.json")
    assert carddb.open_source(db).has("test angel")
    write_db(db, {"Other Card": [face("Other Card", "Artifact")]})        # another size
    src = carddb.open_source(db)
    assert src.has("other card") and not src.has("test angel")
    # The same size, another modification time.
    stat = db.stat()
    write_db(db, {"Other Cart": [face("Other Cart", "Artifact")]})
    assert db.stat().st_size == stat.st_size
    os.utime(db, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    src = carddb.open_source(db)
    assert src.has("other cart") and not src.has("other card")


def test_a_damaged_index_is_built_again(tmp_path, cache):
    db = write_db(tmp_path / "db.json")
    carddb.open_source(db)
    (index,) = cache.glob("*.sqlite")
    index.write_bytes(b"not a database")
    assert carddb.open_source(db).has("test angel")
    assert isinstance(carddb.open_source(db).index, carddb._SqliteIndex)


def test_an_unwritable_cache_folder_costs_one_warning(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    monkeypatch.setenv(carddb.CACHE_ENV, str(blocker / "cache"))   # under a file: cannot be made
    db = write_db(tmp_path / "db.json")
    s = tmp_path / "s.yaml"
    s.write_text(yaml.safe_dump(state([{"id": "bayou", "card": "Test Bayou", "controller": "alice"}])))
    code, out, err = run(capsys, "could-produce", s, "--cards", db, "--json")
    assert code == 0 and json.loads(out) == {"could_produce": {"bayou": ["B", "G"]}}
    assert len(err.splitlines()) == 1
    assert err.startswith(f"mtg-asp: warning: cannot write the card index of {db} in {blocker / 'cache'}")


# -- bad input -------------------------------------------------------------------------------


def _bad_inputs(tmp: Path) -> list[tuple[Path, str]]:
    good = gzip.compress(json.dumps({"data": CARDS}).encode())
    cases = {
        "missing.json": (None, "no such file or folder"),
        "binary.dat": (b"\x00\xff\xfe\x00garbage", "is neither JSON nor YAML: it is not UTF-8 text"),
        "broken.yaml": (b"name: [unclosed", "malformed YAML: line 1, column 16"),
        "broken.json": (b'{"data": {"A": [', "malformed JSON: line 1, column 17"),
        "list.json": (b"[1, 2, 3]", "is not in the shape of MTGJSON's AtomicCards"),
        "nodata.json": (b'{"meta": {}}', "is not in the shape of MTGJSON's AtomicCards"),
        "prints.json": (b'{"data": {"10E": {"cards": []}}}',
                        "data['10E']: must be a list of the card's faces"),
        "corrupt.json.gz": (b"\x1f\x8b" + b"\x08\x00" + os.urandom(64) + b"x" * 64,
                            "is a corrupt or truncated gzip file"),
        "truncated.json.gz": (good[: len(good) // 2], "is a corrupt or truncated gzip file"),
        "notjson.json.gz": (gzip.compress(b"name: x\n"), "malformed JSON"),
        "fake.gz": (b'{"data": {}}', "is named .gz but is not gzip data"),
        "state.yaml": (b"players: [alice, bob]\n", "is not a card file"),
        "words.txt": (b"just some words\n", "is not a card file"),
    }
    out = []
    for name, (content, message) in cases.items():
        path = tmp / name
        if content is not None:
            path.write_bytes(content)
        out.append((path, message))
    empty = tmp / "empty_folder"
    empty.mkdir()
    out.append((empty, "is a folder with no YAML card files"))
    return out


def test_every_bad_source_is_one_line_naming_the_file(tmp_path, capsys):
    s = tmp_path / "s.yaml"
    s.write_text(yaml.safe_dump(state([{"card": "Forest", "controller": "alice"}])))
    for path, message in _bad_inputs(tmp_path):
        code, out, err = run(capsys, "could-produce", s, "--cards", path)
        assert code == 2 and out == "", (path, err)
        assert err.startswith(f"mtg-asp: error: {path}") and message in err, (path, err)
        assert len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["could-produce", "{state}"], ["activations", "{state}"], ["orderings", "{state}", "--tap", "f"],
    ["can-pay", "{state}", "--player", "alice", "--cost", "{{G}}"], ["mana", "{state}", "--player", "alice"],
    ["what-if", "{state}", "--do", "next step"], ["board", "{state}"], ["check", "{state}"], ["demo"],
    ["cards", "show", "Forest"], ["cards", "list"], ["cards", "coverage"],
])
def test_every_command_takes_cards(tmp_path, capsys, argv):
    s = tmp_path / "s.yaml"
    s.write_text(yaml.safe_dump(state([{"id": "f", "card": "Forest", "controller": "alice"}])))
    missing = tmp_path / "nope.json"
    code, out, err = run(capsys, *[a.format(state=s) for a in argv], "--cards", missing)
    assert code == 2 and out == "" and err.strip() == f"mtg-asp: error: {missing}: no such file or folder"


def test_scenario_cards_from_and_check_cards(tmp_path, capsys):
    write_db(tmp_path / "pool.json")
    scenario = {
        "ruling": "A dual land from a database has the mana abilities of its basic land types.",
        "cr": ["305.6"], "cards_from": ["pool.json"],
        "state": state([{"id": "bayou", "card": "Test Bayou", "controller": "alice"}]),
        "query": "could-produce", "expect": {"could_produce": {"bayou": ["B", "G"]}}}
    (tmp_path / "s1.yaml").write_text(yaml.safe_dump(scenario))
    assert run_scenario(load_scenario(tmp_path / "s1.yaml")).passed
    # Without cards_from, the same scenario needs `check --cards`.
    sub = tmp_path / "corpus"
    sub.mkdir()
    (sub / "s2.yaml").write_text(yaml.safe_dump({k: v for k, v in scenario.items() if k != "cards_from"}))
    code, out, _ = run(capsys, "check", sub, "--quiet")
    assert code == 2 and "unknown card 'Test Bayou'" in out
    code, out, _ = run(capsys, "check", sub, "--cards", tmp_path / "pool.json")
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed"
    (tmp_path / "s3.yaml").write_text(yaml.safe_dump({**scenario, "cards_from": ["gone.json"]}))
    with pytest.raises(InputError) as e:
        load_scenario(tmp_path / "s3.yaml")
    assert str(e.value) == f"{tmp_path / 's3.yaml'}: cards_from[0]: no such file or folder: {tmp_path / 'gone.json'}"


# -- the environment -------------------------------------------------------------------------


def test_mtg_asp_cards_gives_defaults_and_cards_comes_first(tmp_path, capsys, monkeypatch):
    a = write_db(tmp_path / "a.json", {"Env Card": [face("Env Card", "Artifact", "", "{1}")],
                                       "Both": [face("Both", "Artifact", "", "{1}")]})
    b = write_db(tmp_path / "b.json", {"Both": [face("Both", "Enchantment", "", "{2}")]})
    monkeypatch.setenv(carddb.CARDS_ENV, os.pathsep.join([str(a), ""]))
    s = tmp_path / "s.yaml"
    s.write_text(yaml.safe_dump(state([{"id": "e", "card": "Env Card", "controller": "alice"},
                                       {"id": "both", "card": "Both", "controller": "alice"}])))
    code, out, _ = run(capsys, "board", s, "--json", "--field", "types")
    assert code == 0 and json.loads(out)["board"]["both"]["types"] == ["artifact"]
    code, out, _ = run(capsys, "board", s, "--json", "--field", "types", "--cards", b)
    assert code == 0 and json.loads(out)["board"]["both"]["types"] == ["enchantment"]
    assert carddb.paths_from_env({"MTG_ASP_CARDS": os.pathsep.join(["x", "", "y"])}) == ["x", "y"]


# -- cards show / list / coverage ------------------------------------------------------------


def test_cards_show_a_database_card_prints_yaml_that_loads_back(tmp_path, capsys):
    db = write_db(tmp_path / "db.json")
    code, out, err = run(capsys, "cards", "show", "Ice Test", "--cards", db)
    assert code == 0 and err == ""
    statuses = [r.status for r in compile_face(_face("Ice Test")).lines]
    counts = ", ".join(f"{statuses.count(k)} {w}" for k, w in
                       (("compiled", "compiled"), ("partial", "partial"), ("text", "text only")))
    assert out.splitlines()[:3] == [f"# Ice Test: compiled from its oracle text in {db}.",
                                    "# Face 2 of 2 of 'Fire Test // Ice Test' (Fire Test, Ice Test).",
                                    f"# 2 line(s): {counts}."]
    assert "  # line 1: compiled (spell)\n  - line: 1\n    spell:" in out
    lib = CardLibrary.bundled().with_sources(carddb.open_sources([db]))
    for name in ("Ice Test", "Test Angel", "Test Bayou"):
        code, out, _ = run(capsys, "cards", "show", name, "--cards", db)
        shown = parse_card(yaml.safe_load(out), "shown")
        assert shown == parse_card(compile_face(_face(name)).card, "shown")
        assert (shown.name, shown.abilities) == (lib.get(name).name, lib.get(name).abilities)
    code, out, _ = run(capsys, "cards", "show", "Test Angel", "--cards", db)
    assert "  # line 1: compiled (keywords)\n  - line: 1\n    keywords: [flying, vigilance]" in out


def _face(name):
    for faces in CARDS.values():
        for f in faces:
            if name in (f.get("faceName"), f["name"]):
                return f
    raise KeyError(name)


def test_cards_show_bundled_unusable_unknown_and_shadowed(tmp_path, capsys):
    db = write_db(tmp_path / "db.json", {**CARDS, "Forest": [face("Forest", "Land", "{T}: Add {C}.")]})
    code, out, _ = run(capsys, "cards", "show", "forest", "--cards", db)
    assert code == 0
    assert out.splitlines()[:2] == [
        "# Forest: bundled with mtg-asp (basic_lands.yaml); every state has it.",
        f"# Also defined in {db}, not used: the first source that defines a name wins."]
    assert yaml.safe_load(out) == {"name": "Forest", "type_line": "Basic Land — Forest",
                                   "oracle_text": "({T}: Add {G}.)",
                                   "abilities": [{"line": 1, "intrinsic": "forest"}]}
    code, out, _ = run(capsys, "cards", "show", "Test Scheme", "--cards", db)
    assert code == 0 and "# It cannot be used as it is: type_line: unknown supertype or card type " \
                         "'scheme' in 'Scheme'." in out
    code, out, err = run(capsys, "cards", "show", "Test Nameless Type", "--cards", db)
    assert code == 2 and out == ""
    assert err.strip() == f"mtg-asp: error: {db}: card 'Test Nameless Type' cannot be used: the card has no type line"
    code, out, err = run(capsys, "cards", "show", "Test Angle", "--cards", db)
    assert code == 2 and err.strip() == "mtg-asp: error: cards show: unknown card 'Test Angle'; did you mean 'Test Angel', 'Test Grove'?"


def test_cards_list(tmp_path, capsys):
    a = write_db(tmp_path / "a.json")
    b = write_db(tmp_path / "b.json", {"Test Angel": [face("Test Angel", "Artifact")],
                                       "Zorbulon": [face("Zorbulon", "Artifact")]})
    code, out, _ = run(capsys, "cards", "list", "--cards", a, "--cards", b, "--match", "TEST")
    assert code == 0
    assert out.splitlines() == [
        "bundled: 0 matching 'TEST'",
        f"{a} (card database): 7 matching 'TEST'",
        "  Test Bayou", "  Test Grove", "  Test Relic", "  Test Angel",
        "  Fire Test // Ice Test  (faces: Fire Test, Ice Test)", "  Test Scheme", "  Test Nameless Type",
        f"{b} (card database): 0 matching 'TEST'; 1 not listed: an earlier source has them",
        "7 cards in all"]
    code, out, _ = run(capsys, "cards", "list", "--cards", b)
    bundled = len(CardLibrary.bundled().cards)
    assert out.splitlines()[0] == f"bundled: {bundled} cards"
    assert out.splitlines()[-1] == f"{bundled + 2} cards in all"


def test_cards_coverage(tmp_path, capsys):
    db = write_db(tmp_path / "db.json.gz")
    code, out, _ = run(capsys, "cards", "coverage", "--cards", db, "--json")
    assert code == 0
    got = json.loads(out)
    # What the compiler makes of each usable face today, counted independently of the report.
    usable = [f for k, faces in CARDS.items() for f in faces if k not in ("Test Scheme", "Test Nameless Type")]
    statuses = [r.status for f in usable for r in compile_face(f).lines]
    assert got["cards"] == 7 and got["faces"] == 8
    assert got["usable"] == {"faces": 6, "lines": 7, "fully_compiled": sum(
        all(r.status == "compiled" for r in compile_face(f).lines) for f in usable),
        **{s: statuses.count(s) for s in ("compiled", "partial", "text")}}
    assert got["usable"]["compiled"] >= 2      # the keyword line and the basic land's reminder
    assert got["by_type"]["land"]["faces"] == 2 and got["by_type"]["instant"]["faces"] == 2
    assert got["mana"]["lines"] == 3 and got["mana"]["faces"] == 3   # Bayou, Grove, Relic
    assert got["unusable"] == {"faces": 2, "by_reason": [
        {"reason": "the card has no type line", "faces": 1, "names": ["Test Nameless Type"]},
        {"reason": "type_line: unknown supertype or card type 'scheme'", "faces": 1,
         "names": ["Test Scheme"]}]}
    shapes = {s["shape"]: s["lines"] for s in got["not_compiled_shapes"]}
    assert sum(shapes.values()) == statuses.count("text")
    code, out, _ = run(capsys, "cards", "coverage", "--cards", db)
    assert code == 0 and out.startswith(f"Coverage of {db}: 7 cards, 8 faces, in ")
    code, _, err = run(capsys, "cards", "coverage")
    assert code == 2 and "give a card database" in err


# -- the whole pool (skipped where /work/shared is absent) ------------------------------------


@pytest.mark.skipif(not POOL.exists(), reason=f"the card pool is not at {POOL}")
def test_the_whole_pool():
    src = carddb.open_source(POOL)
    lib = CardLibrary.bundled().with_sources([src])
    assert lib.get("Bayou").subtypes == ("swamp", "forest")
    assert lib.get("Serra Angel").abilities[0].keywords == ("flying", "vigilance")
    data = state([{"id": "bayou", "card": "Bayou", "controller": "alice"},
                  {"id": "tropical", "card": "Tropical Island", "controller": "alice"}])
    got = Session(load_state(data, "s.yaml", cards=[src])).could_produce().to_json()
    assert got == {"could_produce": {"bayou": ["B", "G"], "tropical": ["U", "G"]}}


def test_cards_show_a_card_file_card_and_a_bundled_card_file(tmp_path, capsys):
    mine = tmp_path / "mine.yaml"
    relic = {"name": "Test Relic", "mana_cost": "{2}", "type_line": "Artifact", "oracle_text": "{T}: Add {C}.",
             "abilities": [{"line": 1, "activated": {"cost": ["{T}"], "add_mana": "{C}"}}]}
    mine.write_text(yaml.safe_dump({"cards": [relic]}))
    code, out, _ = run(capsys, "cards", "show", "test relic", "--cards", mine)
    assert code == 0 and out.splitlines()[0] == f"# Test Relic: from the card file {mine}."
    assert yaml.safe_load(out) == relic
    code, out, _ = run(capsys, "cards", "show", "Llanowar Elves")
    assert code == 0 and out.splitlines()[0] == \
        "# Llanowar Elves: bundled with mtg-asp (llanowar_elves.yaml); every state has it."
    assert out.split("\n", 1)[1] == (ROOT / "cards" / "llanowar_elves.yaml").read_text()


def test_a_relative_cache_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(carddb.CACHE_ENV, "rel cache")
    db = write_db(tmp_path / "db.json")
    carddb.open_source(db)
    warm = carddb.open_source(db)
    assert isinstance(warm.index, carddb._SqliteIndex) and warm.has("test bayou")
    assert len(list((tmp_path / "rel cache").glob("*.sqlite"))) == 1
