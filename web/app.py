"""The page's server: a Flask application with one page (a board builder, the queries, the
answers) and a small JSON endpoint for card-name completion.

Each request that asks the solver loads the state with translator/state.py (a malformed state
stops there, its error shown by the field it names) and asks one Session, within the server's
time and memory limits, closing it before the answer is sent (queries/limits.py: its worker
process ends). Request bodies over `max_body` bytes are refused (413).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..queries import pictures
from ..queries.interactive import hints, legal_actions
from ..queries.limits import DEFAULT_MEMORY_LIMIT_MB, LimitExceeded, Limits
from ..queries.rule_text import RuleBook, rule_book
from ..queries.session import DEFAULT_TIME_LIMIT, Session
from ..queries.whatif import ACTIONS
from ..translator.carddb import CardSource, open_sources
from ..translator.cards import CardLibrary
from ..translator.errors import InputError, SolverError
from ..translator.model import STEPS, ZONES
from ..translator.state import load_state
from ..translator.yamlio import load_yaml_text
from . import form as board_form
from .answers import Panel, panel

MAX_BODY = 1024 * 1024          # bytes: a state file is a few kilobytes
STATE_WHERE = "state"           # the `where` of the page's state in errors
UPLOAD_WHERE = "uploaded state"
MAX_ROWS = 500                  # permanent rows the page shows at most
COMPLETIONS = 30                # names the completion endpoint answers with at most

QUERIES = {
    "could-produce": "could-produce: the types of mana each permanent could produce (CR 106.7)",
    "activations": "activations: the activated abilities a player could activate now",
    "orderings": "orderings: every outcome of a mana ability and the orderings of replacement effects",
    "can-pay": "can-pay: whether a player can pay a mana cost now, and a plan",
    "mana": "mana: everything a player can produce now",
    "what-if": "what-if: every state a list of actions can lead to",
    "board": "board: the permanents as the rules see them now",
}
# The query options the page has, by the CLI option an error names.
OPTION_FIELDS = {"--object": "q-object", "--player": "q-player", "--tap": "q-tap",
                 "--ability": "q-ability", "--limit": "q-limit", "--cost": "q-cost",
                 "--do": "q-actions", "--field": "q-fields"}


@dataclass
class Page:
    """What the page shows: the form's values, errors by form field, answers."""

    fields: dict[str, str]
    errors: dict[str, str] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    offers: list[tuple[str, str]] = field(default_factory=list)     # (action, what it could not check)
    offer_hints: list[str] = field(default_factory=list)
    notice: str = ""


def create_app(cards: Sequence[str | Path | CardSource] = (), rules: str | None = None,
               time_limit: float = DEFAULT_TIME_LIMIT, memory_limit: int = DEFAULT_MEMORY_LIMIT_MB,
               max_body: int = MAX_BODY) -> Flask:
    """The application; `cards` are card sources as `--cards` takes them, `rules` a CR text
    (None: MTG_ASP_RULES, else the shipped copy). Bad paths or limits raise InputError here."""
    Limits(time_limit, memory_limit)
    library = CardLibrary.bundled().with_sources(open_sources(cards))
    book = rule_book(rules)
    app = Flask(__name__, template_folder="templates", static_folder="static")
    app.config["MAX_CONTENT_LENGTH"] = max_body
    app.config["MAX_FORM_MEMORY_SIZE"] = max_body
    server = _Server(library, book, time_limit, memory_limit)
    names: list[str] = []

    @app.get("/")
    def index():
        return _render(Page(_blank_fields()))

    @app.post("/")
    def post():
        return server.handle(request.form.to_dict(), request.files.get("state-file"))

    @app.get("/cards.json")
    def completions():
        if not names:
            names.extend(_card_names(library))
        words = request.args.get("q", "").lower().split()[:8]
        if not words:
            return jsonify([])
        found = [n for n in names if all(w in n.lower() for w in words)]
        found.sort(key=lambda n: (not n.lower().startswith(words[0]), n.lower()))
        return jsonify(found[:COMPLETIONS])

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_e):
        page = Page(_blank_fields(), general=[(f"the request is larger than {max_body} bytes; a "
                                              "state is refused above that size")])
        return _render(page), 413

    return app


def _row_count(f: dict[str, str]) -> int:
    """The permanent rows to show: as many as the form asked for and had (at most MAX_ROWS)."""
    asked = f.get("rows", "0")
    asked_n = int(asked) if asked.isdigit() and len(asked) < 7 else 0
    return min(max(asked_n, board_form.rows_sent(f)), MAX_ROWS)


def _blank_fields() -> dict[str, str]:
    return {"players": "alice, bob", "turn-number": "1", "turn-active": "alice",
            "turn-step": "precombat_main", "rows": str(board_form.EMPTY_ROWS + 2),
            "query": "could-produce", "q-explain": "on", "q-limit": "10"}


def _render(page: Page) -> str:
    f = page.fields
    players = [p.strip() for p in f.get("players", "").split(",") if p.strip()]
    zone_players = list(dict.fromkeys(
        players + [k.split("-", 2)[2] for k in f if k.startswith("zone-") and k.count("-") >= 2]))
    return render_template("page.html", page=page, f=f, rows=_row_count(f), steps=STEPS,
                           zones=ZONES, zone_players=zone_players,
                           zones_open=any(k.startswith("zone-") and v.strip() for k, v in f.items()), queries=QUERIES,
                           actions_help=ACTIONS)


class _Server:
    def __init__(self, library: CardLibrary, book: RuleBook | None, time_limit: float,
                 memory_limit: int):
        self.library = library
        self.book = book
        self.time_limit = time_limit
        self.memory_limit = memory_limit

    def handle(self, fields: dict[str, str], upload) -> Any:
        action = fields.pop("action", "ask")
        page = Page(fields)
        if action == "rows":
            fields["rows"] = str(min(_row_count(fields) + 2, MAX_ROWS))
            return _render(page)
        if action == "demo":
            demo = resources.files("mtg_asp.examples").joinpath("demo.yaml").read_text(encoding="utf-8")
            return self._load_text(page, demo, "demo.yaml")
        if action == "load":
            text = upload.read().decode("utf-8", "replace") if upload and upload.filename else \
                fields.get("state-yaml", "")
            return self._load_text(page, text, upload.filename[:100] if upload and upload.filename
                                   else UPLOAD_WHERE)
        data = self._state_data(page)
        if data is None:
            return _render(page)
        state = self._state(page, data)
        if state is None:
            return _render(page)
        if action == "download":
            return Response(board_form.block(data), mimetype="application/x-yaml", headers={
                "Content-Disposition": "attachment; filename=state.yaml"})
        if action == "offer":
            self._offer(page, state)
        else:
            self._ask(page, state)
        return _render(page)

    # -- the state ------------------------------------------------------------------------

    def _load_text(self, page: Page, text: str, where: str) -> Any:
        """A state file's text into the form (checked by the loader first)."""
        page.fields["state-yaml"] = text
        data = None
        try:
            data = load_yaml_text(text, where)
            if not isinstance(data, dict):
                raise InputError(where, None, "a state file is a YAML mapping (players, turn, ...)")
            load_state(data, where, self.library)
        except InputError as e:
            page.errors["state-yaml"] = str(e)
            page.general.append(str(e))
            filled = _fields_of(data) if isinstance(data, dict) else None
            if filled is not None:
                _keep_query(filled, page.fields)
                page.fields = filled
                name = _form_field(e.field, filled)
                if name:
                    page.errors[name] = e.message
                page.fields["state-yaml"] = text
            return _render(page)
        if len(data.get("battlefield", [])) > MAX_ROWS - board_form.EMPTY_ROWS:
            page.errors["state-yaml"] = (f"the page holds at most {MAX_ROWS - board_form.EMPTY_ROWS} "
                                         "permanents; a larger board is for the command line")
            return _render(page)
        filled = board_form.to_fields(data)
        _keep_query(filled, page.fields)
        page.fields = filled
        page.notice = f"loaded {where} into the form"
        return _render(page)

    def _state_data(self, page: Page) -> dict | None:
        if board_form.rows_sent(page.fields) > MAX_ROWS:
            page.general.append(f"the page holds at most {MAX_ROWS} permanent rows; a larger "
                                "board is for the command line")
            return None
        try:
            return board_form.from_fields(page.fields)
        except InputError as e:
            page.errors[e.field or "general"] = e.message
            page.general.append(f"{e.field}: {e.message}")
            return None

    def _state(self, page: Page, data: dict):
        try:
            return load_state(data, STATE_WHERE, self.library)
        except InputError as e:
            name = _form_field(e.field, page.fields)
            page.errors[name or "general"] = e.message
            page.general.append(str(e))
            return None

    # -- the queries ----------------------------------------------------------------------

    def _session(self, state) -> Session:
        return Session(state, time_limit=self.time_limit, memory_limit=self.memory_limit)

    def _ask(self, page: Page, state) -> None:
        f = page.fields
        query = f.get("query", "could-produce")
        if query not in QUERIES:
            page.general.append(f"unknown query {query[:40]!r}")
            return
        explain = f.get("q-explain") == "on"
        try:
            options = _options(f)
            session = self._session(state)
            try:
                result, as_json = _run(session, query, options, explain)
            finally:
                session.close()
        except InputError as e:
            name = (OPTION_FIELDS.get(e.field or "") or OPTION_FIELDS.get(e.where)
                    or _form_field(e.field, f) or "general")
            page.errors[name] = e.message if name != "general" else str(e)
            page.general.append(str(e))
            return
        except LimitExceeded as e:
            page.general.append(f"limit: {e}")
            return
        except SolverError as e:
            page.general.append(f"solver: {e}")
            return
        page.panels.append(panel(QUERIES[query].split(":")[0], result, self.book, as_json,
                                 _picture(query, result)))

    def _offer(self, page: Page, state) -> None:
        """The actions that can be taken now: the what-if prompt's list (queries/interactive.py:
        each card, attack and block tried as a what-if step, each activation the activations
        query allows), so the page and the prompt offer the same actions, each the solver's
        answer; with the forms the list does not try (a spell with X) as hints."""
        try:
            session = self._session(state)
            try:
                choices = legal_actions(session, state)
            finally:
                session.close()
        except (InputError, SolverError, LimitExceeded) as e:
            page.general.append(str(e))
            return
        page.offers = [(c.action, c.note) for c in choices]
        page.offer_hints = hints(state)
        page.fields["query"] = "what-if"


def _options(f: dict[str, str]) -> dict[str, Any]:
    def whole(name: str, option: str) -> int | None:
        text = f.get(name, "").strip()
        if not text:
            return None
        if not re.fullmatch(r"-?\d{1,9}", text):
            raise InputError(option, None, f"must be a whole number, got {text[:40]!r}")
        return int(text)

    def text(name: str) -> str | None:
        return f.get(name, "").strip() or None

    return {"object": text("q-object"), "player": text("q-player"), "tap": text("q-tap"),
            "ability": whole("q-ability", "--ability"), "limit": whole("q-limit", "--limit"),
            "cost": text("q-cost"),
            "actions": [a.strip() for a in f.get("q-actions", "").splitlines() if a.strip()],
            "fields": [x.strip() for x in f.get("q-fields", "").split(",") if x.strip()]}


def _need(value: Any, option: str, query: str) -> Any:
    if value is None:
        raise InputError(option, None, f"{query} needs {option}")
    return value


def _run(session: Session, query: str, o: dict[str, Any], explain: bool):
    """The query as the CLI asks it (queries/cli.py), and whether the answer is shown as JSON."""
    if query == "could-produce":
        return session.could_produce(o["object"], explain), False
    if query == "activations":
        return session.activations(o["player"], explain), False
    if query == "orderings":
        limit = o["limit"] if o["limit"] is not None else 10
        return session.orderings(_need(o["tap"], "--tap", query), o["ability"], o["player"], limit,
                                 explain), False
    if query == "can-pay":
        return session.can_pay(_need(o["player"], "--player", query),
                               _need(o["cost"], "--cost", query), explain), False
    if query == "mana":
        return session.available_mana(_need(o["player"], "--player", query), explain), False
    if query == "what-if":
        if not o["actions"]:
            raise InputError("--do", None, "what-if needs at least one action")
        return session.what_if(o["actions"], explain=explain), False
    objects = [x.strip() for x in (o["object"] or "").split(",") if x.strip()] or None
    return session.board(explain, objects, o["fields"] or None), bool(o["fields"])


PICTURES = {"orderings": pictures.svg_orderings, "what-if": pictures.svg_whatif,
            "board": pictures.svg_board}


def _picture(query: str, result) -> str | None:
    """The answer's picture (queries/pictures.py) as inline SVG, for the queries that have one."""
    draw = PICTURES.get(query)
    return inline_svg(draw(result)) if draw else None


def inline_svg(svg: str) -> str:
    """An SVG document as an element of the page: without its XML declaration."""
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)


def _fields_of(data: dict) -> dict[str, str] | None:
    """The form for a state the loader refused, where its shape allows (else None)."""
    try:
        return board_form.to_fields(data)
    except (AttributeError, TypeError, ValueError):
        return None


def _keep_query(new: dict[str, str], old: dict[str, str]) -> None:
    for k, v in old.items():
        if k == "query" or k.startswith("q-"):
            new[k] = v


_PATH = re.compile(r"^(?P<top>[a-z_]+)(?:\[(?P<i>\d+)\])?(?:\.(?P<rest>[^.\[]+))?(?:\[(?P<j>\d+)\])?")


def _form_field(path: str | None, fields: dict[str, str]) -> str | None:
    """The form field a loader error's path names (battlefield[2].controller -> bf-2-controller)."""
    if not path:
        return None
    m = _PATH.match(path)
    if not m:
        return "more"
    top, i, rest = m.group("top"), m.group("i"), m.group("rest")
    if top == "players":
        return "players"
    if top == "turn":
        return f"turn-{rest}" if rest in ("number", "active", "step") else "turn-number"
    if top == "battlefield" and i is not None:
        row = board_form.row_of(fields, int(i))
        if row is None:
            return None
        key = rest if rest in board_form.PERMANENT_FIELDS else ("card" if rest is None else "more")
        return f"bf-{row}-{key}"
    if top in ZONES and rest:
        return f"zone-{top}-{rest}"
    if top == "effects":
        return "effects"
    return "more"


def _card_names(library: CardLibrary) -> list[str]:
    names = {c.name.lower(): c.name for c in library.cards.values()}
    for source in library.sources:
        for key, shown in source.names():
            names.setdefault(key, shown)
    return sorted(names.values(), key=str.lower)


def serve(host: str, port: int, cards: Sequence[str], rules: str | None, time_limit: float,
          memory_limit: int) -> None:
    app = create_app(cards, rules, time_limit, memory_limit)
    print(f"mtg-asp: serving on http://{host}:{port}/ (Ctrl-C stops it)")
    # one request at a time: each runs its query in a worker process of its own (fork)
    app.run(host=host, port=port, threaded=False, debug=False, use_reloader=False)
