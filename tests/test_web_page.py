"""The web page (mtg_asp.web) through Flask's test client: the board builder round-trips a state
exactly, each query answers as the CLI does, errors are shown by the field they name, and the
server's limits hold."""

from __future__ import annotations

import gc
import html
import multiprocessing
import os
from pathlib import Path

import pytest
import yaml
from mtg_asp.queries.rule_text import rule_book
from mtg_asp.queries.session import Session
from mtg_asp.translator.state import load_state, load_state_file
from mtg_asp.web import form as board_form
from mtg_asp.web.app import PICTURES, create_app, inline_svg
from web_support import (
    DEMO,
    DEMO_QUERIES,
    ROOT,
    answers,
    demo_data,
    expected_text,
    field_error,
    pictures,
)

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def client():
    return create_app(time_limit=60).test_client()


def browser_form(data: dict) -> dict[str, str]:
    """The fields a browser sends for a state the form shows: an unticked box sends nothing."""
    return {k: v for k, v in board_form.to_fields(data).items() if v != "off"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_state_round_trips_through_the_form_and_its_yaml(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cards = [ROOT / "examples" / "atomic_cards.json"]        # imported.yaml's card source
    original = load_state(data, "state", cards=cards)
    downloaded = board_form.block(board_form.from_fields(browser_form(data)))
    assert load_state(yaml.safe_load(downloaded), "state", cards=cards) == original


def test_the_page_downloads_the_demo_board_as_the_same_state(client):
    r = client.post("/", data={"action": "demo"})
    assert r.status_code == 200
    page = r.data.decode()
    assert 'value="Reflecting Pool"' in page and 'id="bf-4-tapped" checked' in page
    form = browser_form(demo_data())
    r = client.post("/", data={**form, "action": "download"})
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    got = load_state(yaml.safe_load(r.data.decode()), "state")
    assert got == load_state_file(DEMO).__class__(**{**vars(load_state_file(DEMO)), "source": "state"})


@pytest.mark.parametrize("query,options,ask", DEMO_QUERIES, ids=[q[0] for q in DEMO_QUERIES])
def test_each_query_through_the_page_answers_as_the_cli(client, query, options, ask):
    form = {**browser_form(demo_data()), "query": query, "q-explain": "on", **options}
    r = client.post("/", data={**form, "action": "ask"})
    assert r.status_code == 200
    with Session(load_state_file(DEMO), time_limit=60) as session:
        result = ask(session)
    assert answers(r.data.decode()) == [expected_text(result)]
    shown = pictures(r.data.decode())
    if query in PICTURES:       # the picture of the answer (queries/pictures.py), inline
        assert shown == [inline_svg(PICTURES[query](result))] and shown[0].startswith("<svg")
    else:
        assert shown == []


def test_a_cited_rule_shows_its_text(client):
    form = {**browser_form(demo_data()), "query": "could-produce", "q-object": "forest", "q-explain": "on"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    text = rule_book().text("106.12")
    assert f'<abbr class="cr" title="106.12: {html.escape(text)}">106.12</abbr>' in page
    assert f'<dt id="rule-106.12">106.12</dt><dd>{html.escape(text)}</dd>' in page


def test_not_modelled_lines_are_a_warning(client, tmp_path):
    explorer = {"name": "Test Explorer", "mana_cost": "{G}", "type_line": "Creature — Elf",
                "power_toughness": "1/1",
                "oracle_text": "You may play an additional land on each of your turns.\n{T}: Add {G}.",
                "abilities": [{"line": 1, "text": "You may play an additional land on each of your turns."},
                              {"line": 2, "activated": {"cost": ["{T}"], "add_mana": "{G}"}}]}
    data = {"players": ["alice", "bob"], "turn": {"number": 2, "active": "alice", "step": "precombat_main"},
            "cards": [explorer], "battlefield": [{"id": "x", "card": "Test Explorer", "controller": "alice"}]}
    form = {**browser_form(data), "query": "could-produce"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    with Session(load_state(data, "state"), time_limit=60) as session:
        unread = session.could_produce(None, False).to_json().get("not_modelled")
    assert unread, "the test's card must have a line the solver keeps as words"
    assert 'class="warning" id="not-modelled"' in page
    assert "You may play an additional land on each of your turns." in page.split('id="not-modelled"')[1]


def test_a_bad_field_is_shown_by_that_field(client):
    form = browser_form(demo_data())
    form["bf-3-controller"] = "carol"
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "'carol' is not a player" in field_error(page, "bf-3-controller")
    assert answers(page) == []
    form = {**browser_form(demo_data()), "bf-2-counters": "charge two"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "write counters as kind=n" in field_error(page, "bf-2-counters")


def test_a_bad_uploaded_state_is_shown_by_its_field(client):
    bad = DEMO.read_text(encoding="utf-8").replace("card: Island, controller: bob",
                                                   "card: Island, controller: bob, since_turn: 9")
    page = client.post("/", data={"action": "load", "state-yaml": bad}).data.decode()
    assert "battlefield[6].since_turn" in field_error(page, "state-yaml")
    assert "is after the current turn" in field_error(page, "bf-6-since_turn")
    page = client.post("/", data={"action": "load", "state-yaml": "players: [alice\n"}).data.decode()
    assert "malformed YAML" in field_error(page, "state-yaml")


def test_a_bad_query_option_is_shown_by_its_field(client):
    form = {**browser_form(demo_data()), "query": "orderings", "q-tap": "nothing"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "no battlefield object has id 'nothing'" in field_error(page, "q-tap")
    form = {**browser_form(demo_data()), "query": "orderings", "q-tap": ""}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "orderings needs --tap" in field_error(page, "q-tap")


def test_the_actions_offered_come_from_the_solver(client):
    page = client.post("/", data={**browser_form(demo_data()), "action": "offer"}).data.decode()
    offered = page.split('id="offered"')[1].split("</select>")[0]
    # the what-if prompt's list (queries/interactive.py): the same actions, each the solver's
    assert '<option title="alice&#39;s">activate pool line 1</option>' in offered
    assert '<option title="alice&#39;s; cost not checked: {2}">activate gleaner line 2</option>' in offered
    assert "<option>play wastes</option>" in offered   # tried as a what-if step: it can be played
    assert "activate forest" not in offered          # tapped: the activations query leaves it out
    assert "<option>next step</option>" in offered
    assert "also: any action as text" in page


def test_a_row_number_alone_does_not_make_rows(client):
    form = {**browser_form(demo_data()), "bf-999999-card": "Forest", "bf-999999-controller": "alice"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "at most 500 permanent rows" in html.unescape(page)
    assert answers(page) == []


def test_a_bad_what_if_action_is_shown_by_the_action_list(client):
    form = {**browser_form(demo_data()), "query": "what-if", "q-actions": "fly elves"}
    page = client.post("/", data={**form, "action": "ask"}).data.decode()
    assert "unknown action 'fly'" in field_error(page, "q-actions")


def test_a_state_with_a_mistake_is_not_downloaded(client):
    form = {**browser_form(demo_data()), "turn-active": "carol", "action": "download"}
    r = client.post("/", data=form)
    assert "attachment" not in r.headers.get("Content-Disposition", "")
    assert "'carol' is not a player" in field_error(r.data.decode(), "turn-active")


def test_a_request_body_over_the_limit_is_refused():
    small = create_app(max_body=10_000).test_client()
    r = small.post("/", data={"action": "load", "state-yaml": "x" * 20_000})
    assert r.status_code == 413
    assert "larger than 10000 bytes" in r.data.decode()


def test_a_limit_is_a_clear_message():
    slow = create_app(time_limit=0.001).test_client()
    page = slow.post("/", data={**browser_form(demo_data()), "action": "ask"}).data.decode()
    assert "limit: the time limit of 0.001 s was reached" in html.unescape(page)


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _children() -> list[int]:
    me = str(os.getpid())
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if stat.rsplit(")", 1)[1].split()[1] == me:
            out.append(int(pid))
    return out


# The server process may grow by this much over MEASURED_REQUESTS requests after its first 20
# (caches filled): a leak of a Session, a worker or a grounded program per request is megabytes
# each, so 50 requests leaking one would grow past the bound.
MEASURED_REQUESTS = 50
RSS_GROWTH_BOUND_KB = 20_000


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc to read RSS")
def test_many_requests_answer_right_without_growing(client):
    with Session(load_state_file(DEMO), time_limit=60) as session:
        expected = {q: expected_text(ask(session)) for q, _, ask in DEMO_QUERIES[:3]}
    forms = [{**browser_form(demo_data()), "query": q, "q-explain": "on", **o, "action": "ask"}
             for q, o, _ in DEMO_QUERIES[:3]]
    before_children = set(_children())
    for n in range(20 + MEASURED_REQUESTS):
        if n == 20:
            gc.collect()
            start = _rss_kb()
        q = DEMO_QUERIES[n % 3][0]
        assert answers(client.post("/", data=forms[n % 3]).data.decode()) == [expected[q]], n
    gc.collect()
    growth = _rss_kb() - start
    assert growth < RSS_GROWTH_BOUND_KB, f"grew by {growth} kB over {MEASURED_REQUESTS} requests"
    assert not multiprocessing.active_children()
    assert set(_children()) <= before_children


def test_card_names_complete_from_the_library_and_the_card_sources():
    client = create_app(cards=[ROOT / "examples" / "atomic_cards.json"]).test_client()
    assert "Llanowar Elves" in client.get("/cards.json?q=llanowar").get_json()      # bundled
    assert client.get("/cards.json?q=bay").get_json()[0] == "Bayou"                # the source's
    assert client.get("/cards.json?q=").get_json() == []


def test_without_the_rules_text_the_numbers_stay_and_say_so(monkeypatch):
    import mtg_asp.web.app as web_app
    from mtg_asp.queries.rule_text import NOT_AVAILABLE
    monkeypatch.setattr(web_app, "rule_book", lambda path=None: None)
    client = web_app.create_app().test_client()
    form = {**browser_form(demo_data()), "q-object": "forest", "q-explain": "on", "action": "ask"}
    page = client.post("/", data=form).data.decode()
    assert f'<abbr class="cr" title="106.12: {html.escape(NOT_AVAILABLE)}">106.12</abbr>' in page


def test_serve_refuses_a_bad_card_source_in_one_line(capsys, tmp_path):
    from mtg_asp.queries.cli import main
    assert main(["serve", "--cards", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtg-asp: error: ") and "none.json" in err and "Traceback" not in err


def test_a_malformed_state_never_reaches_the_solver(monkeypatch):
    import mtg_asp.web.app as web_app
    started = []
    monkeypatch.setattr(web_app, "Session", lambda *a, **k: started.append(a) or pytest.fail("solver"))
    client = web_app.create_app().test_client()
    for change in ({"turn-step": "lunch"}, {"bf-0-card": "No Such Card"}, {"effects": "[unclosed"}):
        page = client.post("/", data={**browser_form(demo_data()), **change, "action": "ask"}).data.decode()
        field = next(iter(change))
        assert field_error(page, field), (change, page[:300])
    assert started == []
