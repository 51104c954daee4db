"""Card sources beyond the bundled library: card databases and YAML card files.

A source is one of:

- a card database in the shape of MTGJSON's AtomicCards (``.json`` or ``.json.gz``):
  ``{"meta": ..., "data": {"<name>": [<face>, ...]}}``. Its cards are written in oracle text;
  a card is compiled (``translator.compiler.compile_face``) and parsed only when a state names
  it. Each face of a split or double-faced card is an entry of the list, with its ``faceName``.
- a YAML card file in the vocabulary (one card or ``cards: [...]``), or a folder of them: read
  and checked whole when the source is opened, as the bundled library is.

A name resolves (``CardLibrary.get``) in the bundled library first, then in the sources in the
order given; the first that defines it wins. In a database a card's full name resolves, and
so does each face's ``faceName`` (to that face; the full name ``"A // B"`` to the first face).

A database is read through an index kept in a cache folder (``MTG_ASP_CACHE_DIR``, else
``$XDG_CACHE_HOME/mtg-asp``, else ``~/.cache/mtg-asp``): one SQLite file per database, keyed
on the file's path, size and modification time, so a changed file is read again. A cache
folder that cannot be written costs speed only: the file is read whole, with one warning line.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import os
import re
import sqlite3
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import Card, parse_card, parse_card_file

if TYPE_CHECKING:
    from .compiler import CompiledCard
from .errors import InputError
from .yamlio import load_yaml_file, load_yaml_text

CACHE_ENV = "MTG_ASP_CACHE_DIR"
CARDS_ENV = "MTG_ASP_CARDS"
INDEX_FORMAT = "1"           # the cache's layout; a cache of another format is built again
GZIP_MAGIC = b"\x1f\x8b"
# Fields of an MTGJSON card that no part of the compiler reads and that make most of a file's
# size; the index keeps every other field of a face.
BULKY_FIELDS = frozenset({"foreignData", "legalities", "printings", "purchaseUrls", "rulings",
                          "identifiers", "edhrecRank", "edhrecSaltiness"})
SHAPE = ('not in the shape of MTGJSON\'s AtomicCards: {"meta": ..., "data": {"<card name>": '
         '[<face>, ...]}}')

Warn = Callable[[str], None]


def _stderr_warning(message: str) -> None:
    print(f"mtg-asp: warning: {message}", file=sys.stderr)


class CardUnusable(InputError):
    """A card a source defines that cannot be a card of the vocabulary (a Scheme, a Plane, a
    Vanguard; a card whose compiled form the vocabulary refuses). ``source`` is the file,
    ``card`` the name, ``reason`` why; the message names all three."""

    def __init__(self, source: str, card: str, reason: str):
        self.source, self.card, self.reason = source, card, reason
        super().__init__(source, None, f"card {card!r} cannot be used: {reason}")


# -- the sources -------------------------------------------------------------------------------


class YamlSource:
    """Cards written in the vocabulary: one YAML card file, or every ``*.yaml``/``*.yml`` file
    under a folder (sorted by path). Two cards of one name in one source are an error."""

    kind = "yaml"
    replaceable = False          # a state's inline card may not take the name of one of these

    def __init__(self, path: Path):
        self.path = str(path)
        files = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".yaml", ".yml")
                       and p.is_file()) if path.is_dir() else [path]
        if not files:
            raise InputError(self.path, None, "is a folder with no YAML card files (*.yaml, *.yml)")
        self.cards: dict[str, Card] = {}
        for file in files:
            for card in parse_card_file(_card_file_data(load_yaml_file(file), str(file)), str(file)):
                key = card.name.lower()
                if key in self.cards:
                    raise InputError(str(file), "name", f"card {card.name!r} is already defined in "
                                                        f"{self.cards[key].source}")
                self.cards[key] = card

    def has(self, key: str) -> bool:
        return key in self.cards

    def card(self, key: str) -> Card:
        return self.cards[key]

    def names(self) -> list[tuple[str, str]]:
        """(name in lower case, name) for every name that resolves here, in source order."""
        return [(k, c.name) for k, c in self.cards.items()]

    def listing(self) -> list[tuple[str, tuple[str, ...]]]:
        """Each card once: (its name, the names of its faces)."""
        return [(c.name, ()) for c in self.cards.values()]


def _card_file_data(data: Any, where: str) -> Any:
    if isinstance(data, dict) and ("name" in data or "cards" in data):
        return data
    raise InputError(where, None, "is not a card file: a card file holds one card (name, type_line, "
                                  "oracle_text, abilities) or a list under cards: (docs/cards.md)")


@dataclass(frozen=True)
class Face:
    """Where a name leads in a database: the card's key (its full name) and the face."""

    key: str
    face: int


class DatabaseSource:
    """A card database in MTGJSON's AtomicCards shape, read through an index (see the module
    docstring). A card is compiled and parsed the first time it is asked for."""

    kind = "database"
    replaceable = True           # a state's inline card may replace one (the fixed `cards show`)

    def __init__(self, path: Path, index: _Index):
        self.path = str(path)
        self.index = index
        self._compiled: dict[Face, CompiledCard] = {}
        self._cards: dict[Face, Card] = {}
        # the tokens the compiled cards create (CR 111.4), known once a card that makes them is
        self._tokens: dict[str, dict[str, Any]] = {}
        self._token_cards: dict[str, Card] = {}

    def has(self, key: str) -> bool:
        return self.index.lookup(key) is not None or key in self._tokens

    def face_of(self, key: str) -> Face | None:
        return self.index.lookup(key)

    def faces(self, face: Face) -> list[dict[str, Any]]:
        return self.index.faces(face.key)

    def compiled(self, key: str) -> CompiledCard:
        """The card's face as the compiler reads it (raises CardUnusable if it cannot)."""
        face = self.index.lookup(key)
        if face is None:
            raise KeyError(key)
        if face not in self._compiled:
            from .compiler import CompileError
            data = self.index.faces(face.key)[face.face]
            try:
                compiled = compile_face(data)
            except CompileError as e:
                raise CardUnusable(self.path, _face_name(data, face.key), str(e)) from None
            self._compiled[face] = self._with_tokens(compiled)
        return self._compiled[face]

    def _with_tokens(self, compiled: CompiledCard) -> CompiledCard:
        """Its tokens known by name from now on. Two cards that define different tokens of the
        same name (111.4: "Soldier Token") get them apart: the later one's is named with its
        power, toughness and colors, and its card refers to that name."""
        renames = {}
        for token in compiled.tokens:
            key = token["name"].lower()
            if key in self._tokens and self._tokens[key] != token:
                colors = " ".join(token.get("color_indicator", ())) or "colorless"
                renamed = f"{token['name']} ({token['power_toughness']} {colors})"
                renames[token["name"]] = renamed
                token = {**token, "name": renamed}
                key = renamed.lower()
            self._tokens.setdefault(key, token)
        if not renames:
            return compiled
        card = _renamed_tokens(compiled.card, renames)
        tokens = tuple({**t, "name": renames.get(t["name"], t["name"])} for t in compiled.tokens)
        return dataclasses.replace(compiled, card=card, tokens=tokens)

    def card(self, key: str) -> Card:
        face = self.index.lookup(key)
        if face is None and key in self._tokens:
            if key not in self._token_cards:
                token = self._tokens[key]
                self._token_cards[key] = parse_card(token, self.where(token["name"]))
            return self._token_cards[key]
        if face is None:
            raise KeyError(key)
        if face not in self._cards:
            compiled = self.compiled(key)
            try:
                self._cards[face] = parse_card(compiled.card, self.where(compiled.name))
            except InputError as e:
                reason = f"{e.field}: {e.message}" if e.field else e.message
                raise CardUnusable(self.path, compiled.name, reason) from None
        return self._cards[face]

    def where(self, name: str) -> str:
        return f"{self.path}: card {name!r}"

    def names(self) -> list[tuple[str, str]]:
        return self.index.names()

    def listing(self) -> list[tuple[str, tuple[str, ...]]]:
        out = []
        for key, faces in self.index.cards():
            face_names = tuple(f["faceName"] for f in faces if isinstance(f.get("faceName"), str))
            out.append((key, face_names if len(faces) > 1 else ()))
        return out

    def all_faces(self) -> Iterator[tuple[str, int, dict[str, Any]]]:
        """Every face of every card, in the file's order: (key, face number, face)."""
        for key, faces in self.index.cards():
            for i, face in enumerate(faces):
                yield key, i, face


def _renamed_tokens(value: Any, renames: dict[str, str]) -> Any:
    """A compiled card with its create_token actions naming the renamed tokens."""
    if isinstance(value, dict):
        out = {k: _renamed_tokens(v, renames) for k, v in value.items()}
        if "create_token" in value and isinstance(value["create_token"], dict):
            card = value["create_token"].get("card")
            out["create_token"] = {**value["create_token"], "card": renames.get(card, card)}
        return out
    if isinstance(value, list):
        return [_renamed_tokens(v, renames) for v in value]
    return value


def _face_name(face: Any, key: str) -> str:
    name = face.get("faceName") or face.get("name") if isinstance(face, dict) else None
    return name if isinstance(name, str) and name.strip() else key


CardSource = YamlSource | DatabaseSource


# -- opening sources ---------------------------------------------------------------------------


def open_sources(items: Iterable[str | Path | CardSource], cache_dir: str | Path | None = None,
                 warn: Warn | None = None) -> tuple[CardSource, ...]:
    """Each item opened as a source (an opened source is kept as it is), in order; one path
    alone is one source."""
    if isinstance(items, (str, Path)):
        items = [items]
    return tuple(item if isinstance(item, (YamlSource, DatabaseSource)) else
                 open_source(item, cache_dir, warn) for item in items)


def open_source(path: str | Path, cache_dir: str | Path | None = None,
                warn: Warn | None = None) -> CardSource:
    """A folder is YAML card files; a file named *.yaml or *.yml a YAML card file; a file named
    *.json or *.gz, or gzip data, a database; any other file is read as JSON (a database) if it
    is JSON, else as a YAML card file."""
    p = Path(path)
    if not p.exists():
        raise InputError(str(p), None, "no such file or folder")
    if p.is_dir():
        return YamlSource(p)
    suffix = p.suffix.lower()
    if suffix in (".yaml", ".yml"):
        return YamlSource(p)
    return _open_database(p, Path(cache_dir) if cache_dir else default_cache_dir(),
                          warn or _stderr_warning, sure=suffix in (".json", ".gz"))


def compile_face(data: dict) -> CompiledCard:
    """compiler.compile_face, imported on first use: a state that names no database card never
    needs the compiler (a third of the start-up's imports)."""
    from .compiler import compile_face as compile_
    return compile_(data)


def default_cache_dir() -> Path:
    """MTG_ASP_CACHE_DIR, else $XDG_CACHE_HOME/mtg-asp, else ~/.cache/mtg-asp."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-asp"


def paths_from_env(environ: dict[str, str] | None = None) -> list[str]:
    """MTG_ASP_CARDS: paths separated by os.pathsep (empty entries skipped)."""
    value = (environ if environ is not None else os.environ).get(CARDS_ENV, "")
    return [p for p in value.split(os.pathsep) if p.strip()]


def _open_database(path: Path, cache_dir: Path, warn: Warn, sure: bool) -> CardSource:
    try:
        stat = path.stat()
    except OSError as e:
        raise InputError(str(path), None, f"cannot read: {e.strerror or e}") from None
    cache_file = cache_dir / _cache_name(path)
    meta = {"format": INDEX_FORMAT, "path": str(path.resolve()), "size": str(stat.st_size),
            "mtime_ns": str(stat.st_mtime_ns)}
    index = _SqliteIndex.open(cache_file, meta)
    if index is not None:
        return DatabaseSource(path, index)
    data = _read_database(path, sure)
    if data is None:                     # not JSON, and not named as JSON: a YAML card file
        return YamlSource(path)
    cards, names = _index_rows(data, str(path))
    try:
        _SqliteIndex.write(cache_file, meta, cards, names)
    except (OSError, sqlite3.Error) as e:
        warn(f"cannot write the card index of {path} in {cache_dir} "
             f"({getattr(e, 'strerror', None) or e}); reading the file without one")
    return DatabaseSource(path, _MemoryIndex(cards, names))


def _cache_name(path: Path) -> str:
    """One index per database file: its name, and a digest of its full path."""
    full = str(path.resolve())
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", path.name)[:60]
    return f"{stem}-{hashlib.sha256(full.encode()).hexdigest()[:16]}.sqlite"


def _read_database(path: Path, sure: bool) -> Any:
    """The file's JSON. A file not named as JSON that is not JSON gives None (read it as YAML)."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise InputError(str(path), None, f"cannot read: {e.strerror or e}") from None
    if raw[:2] == GZIP_MAGIC:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            raise InputError(str(path), None, f"is a corrupt or truncated gzip file ({e})") from None
        sure = True
    elif path.suffix.lower() == ".gz":
        raise InputError(str(path), None, "is named .gz but is not gzip data")
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        if sure:
            raise InputError(str(path), None, "is not JSON: it is not UTF-8 text") from None
        raise InputError(str(path), None, "is neither JSON nor YAML: it is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        if sure:
            raise InputError(str(path), None, f"malformed JSON: line {e.lineno}, column {e.colno}: "
                                              f"{e.msg}") from None
        _check_yaml(path, raw)
        return None
    if not sure and not (isinstance(data, dict) and "data" in data):
        return None                       # JSON is YAML too: a card file written as JSON
    return data


def _check_yaml(path: Path, raw: bytes) -> None:
    """A file that is not JSON, named neither .json nor .yaml: it must be YAML."""
    try:
        load_yaml_text(raw.decode("utf-8"), str(path))
    except UnicodeDecodeError:
        raise InputError(str(path), None, "is neither JSON nor YAML: it is not UTF-8 text") from None
    except InputError as e:
        raise InputError(str(path), None, f"is neither JSON nor YAML ({e.message})") from None


def _index_rows(data: Any, where: str) -> tuple[list[tuple[str, list[dict]]], dict[str, tuple[Face, str]]]:
    """The cards of an AtomicCards document, each (key, faces), and every name that resolves:
    name in lower case -> (the face it leads to, the name as written). Full names come first,
    so a face name never hides a card's full name."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise InputError(where, "data" if isinstance(data, dict) and "data" in data else None,
                         f"is {SHAPE}" if not isinstance(data, dict) or "data" not in data
                         else "must be a mapping of card names to lists of faces")
    cards: list[tuple[str, list[dict]]] = []
    names: dict[str, tuple[Face, str]] = {}
    for key, faces in data["data"].items():
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            raise InputError(where, f"data[{key!r}]", "must be a list of the card's faces (mappings "
                                                      f"with name, type, text, ...); the file is {SHAPE}")
        cards.append((key, [{k: v for k, v in f.items() if k not in BULKY_FIELDS} for f in faces]))
        names.setdefault(key.strip().lower(), (Face(key, 0), key))
    for key, faces in cards:
        for i, face in enumerate(faces):
            name = face.get("faceName")
            if isinstance(name, str) and name.strip():
                names.setdefault(name.strip().lower(), (Face(key, i), name.strip()))
    return cards, names


# -- indexes -----------------------------------------------------------------------------------


class _MemoryIndex:
    """The index of a database read whole (no cache, or the first read)."""

    def __init__(self, cards: list[tuple[str, list[dict]]], names: dict[str, tuple[Face, str]]):
        self._cards = dict(cards)
        self._order = [k for k, _ in cards]
        self._names = names

    def lookup(self, key: str) -> Face | None:
        hit = self._names.get(key)
        return hit[0] if hit else None

    def faces(self, key: str) -> list[dict]:
        return self._cards[key]

    def cards(self) -> Iterator[tuple[str, list[dict]]]:
        return ((k, self._cards[k]) for k in self._order)

    def names(self) -> list[tuple[str, str]]:
        return [(k, shown) for k, (_, shown) in self._names.items()]


class _SqliteIndex:
    """The index kept in the cache folder: tables `meta` (what it was built from), `cards` (each
    card's faces as JSON, in file order) and `names` (every name that resolves)."""

    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn

    @classmethod
    def open(cls, file: Path, meta: dict[str, str]) -> _SqliteIndex | None:
        """The index in `file` if it was built from the file `meta` describes, else None."""
        if not file.is_file():
            return None
        try:
            conn = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True,
                                   check_same_thread=False)
        except (sqlite3.Error, OSError, ValueError):
            return None
        try:
            if dict(conn.execute("SELECT key, value FROM meta")) == meta:
                return cls(conn)
        except sqlite3.Error:
            pass                           # not an index of ours, or a damaged one: build anew
        conn.close()
        return None

    @staticmethod
    def write(file: Path, meta: dict[str, str], cards: list[tuple[str, list[dict]]],
              names: dict[str, tuple[Face, str]]) -> None:
        """Build the index beside, then move it in place (readers never see half of one)."""
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
        os.close(fd)
        try:
            conn = sqlite3.connect(tmp)
            try:
                with conn:
                    conn.executescript(
                        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                        "CREATE TABLE cards (ord INTEGER PRIMARY KEY, key TEXT UNIQUE, faces TEXT);"
                        "CREATE TABLE names (name TEXT PRIMARY KEY, key TEXT, face INTEGER, shown TEXT);")
                    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
                    conn.executemany("INSERT INTO cards VALUES (?, ?, ?)",
                                     ((i, k, json.dumps(f, ensure_ascii=False, separators=(",", ":")))
                                      for i, (k, f) in enumerate(cards)))
                    conn.executemany("INSERT INTO names VALUES (?, ?, ?, ?)",
                                     ((n, face.key, face.face, shown) for n, (face, shown) in names.items()))
            finally:
                conn.close()
            os.replace(tmp, file)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    def lookup(self, key: str) -> Face | None:
        row = self._conn.execute("SELECT key, face FROM names WHERE name = ?", (key,)).fetchone()
        return Face(row[0], row[1]) if row else None

    def faces(self, key: str) -> list[dict]:
        row = self._conn.execute("SELECT faces FROM cards WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0])

    def cards(self) -> Iterator[tuple[str, list[dict]]]:
        for key, faces in self._conn.execute("SELECT key, faces FROM cards ORDER BY ord"):
            yield key, json.loads(faces)

    def names(self) -> list[tuple[str, str]]:
        return list(self._conn.execute("SELECT name, shown FROM names"))


_Index = _MemoryIndex | _SqliteIndex

