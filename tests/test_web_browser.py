"""The web page in a real headless browser: Debian's Chromium driven by Selenium (pointed at
/usr/bin/chromedriver, so Selenium Manager never downloads anything). The demo board is built
through the form, could-produce, activations, orderings and a what-if are asked and their
answers checked against the queries; a bad state file is uploaded and its error found by its
field. MTG_ASP_REQUIRE_BROWSER=1 (set by .ci/run) makes a missing browser a failure, not a skip.
MTG_ASP_SCREENSHOTS=DIR writes PNGs of the page and of each picture kind into DIR."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from mtg_asp.queries.session import Session
from mtg_asp.translator.state import load_state_file
from web_support import DEMO, demo_data, expected_text

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SHOTS = os.environ.get("MTG_ASP_SCREENSHOTS")


def _need_browser() -> None:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if not missing:
        return
    message = f"the browser tests need {', '.join(missing)} (apt-get install chromium chromium-driver)"
    if os.environ.get("MTG_ASP_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    _need_browser()
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-c", ("from mtg_asp.queries.cli import main; "
                             f"raise SystemExit(main(['serve', '--port', '{port}']))")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"the server did not start: {proc.stderr.read().decode()[-2000:]}")
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1400,1000",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()


def _by_id(driver, name):
    from selenium.webdriver.common.by import By
    return driver.find_element(By.ID, name)


def _type(driver, name: str, text: str) -> None:
    field = _by_id(driver, name)
    field.clear()
    field.send_keys(text)


def _submit(driver, button: str) -> None:
    """Press a submit button and wait for the page it loads."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait
    old = _by_id(driver, "page-form")
    _by_id(driver, button).click()

    def gone(d) -> bool:
        # the old form left the document; Chromium may answer a check made while the new page
        # replaces it with "Node with given id does not belong to the document" (it has left)
        try:
            return ec.staleness_of(old)(d)
        except WebDriverException as e:
            if "does not belong to the document" in str(e):
                return True
            raise
    WebDriverWait(driver, 60).until(gone)
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.readyState") == "complete")


def _answer(driver) -> str:
    from selenium.webdriver.common.by import By
    panels = driver.find_elements(By.CSS_SELECTOR, "pre.answer")
    assert len(panels) == 1, [p.text for p in panels]
    return panels[0].text


def _same_lines(shown: str, expected: str) -> None:
    assert [ln.strip() for ln in shown.splitlines()] == [ln.strip() for ln in expected.splitlines()]


def _shot(driver, name: str, element: str | None = None) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    if element is None:
        driver.save_screenshot(str(Path(SHOTS) / f"{name}.png"))
        return
    from selenium.webdriver.common.by import By
    # an element's screenshot is cut at the window's edge: make the window as tall as the page
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1400, min(height + 200, 8000))
    try:
        driver.find_element(By.CSS_SELECTOR, element).screenshot(str(Path(SHOTS) / f"{name}.png"))
    finally:
        driver.set_window_size(1400, 1000)


def _ask(driver, query: str, **options: str) -> str:
    from selenium.webdriver.support.ui import Select
    Select(_by_id(driver, "query")).select_by_value(query)
    for name, value in options.items():
        _type(driver, f"q-{name}", value)
    _submit(driver, "ask")
    return _answer(driver)


@pytest.fixture(scope="module")
def demo_session():
    with Session(load_state_file(DEMO), time_limit=60) as session:
        yield session


@pytest.fixture(scope="module")
def demo_board(server, browser):
    """The demo board, typed into the form as a person would."""
    browser.get(server)
    data = demo_data()
    _type(browser, "players", ", ".join(data["players"]))
    _type(browser, "turn-number", str(data["turn"]["number"]))
    _type(browser, "turn-active", data["turn"]["active"])
    from selenium.webdriver.support.ui import Select
    Select(_by_id(browser, "turn-step")).select_by_visible_text(data["turn"]["step"])
    while len(browser.find_elements("css selector", "table.permanents tbody tr")) < len(data["battlefield"]):
        _submit(browser, "more-rows")
    for i, item in enumerate(data["battlefield"]):
        for key in ("id", "card", "controller", "since_turn"):
            if key in item:
                _type(browser, f"bf-{i}-{key}", str(item[key]))
        if item.get("tapped"):
            _by_id(browser, f"bf-{i}-tapped").click()
    _by_id(browser, "zones").click()            # open the other zones
    _type(browser, "zone-hand-alice", "\n".join(data["hand"]["alice"]))
    return browser


def test_could_produce_through_the_page(demo_board, demo_session):
    shown = _ask(demo_board, "could-produce")
    _same_lines(shown, expected_text(demo_session.could_produce(None, True)))
    assert "pool: {U} {G}" in shown
    # each CR number carries the rule's text
    title = demo_board.find_element("css selector", "abbr.cr").get_attribute("title")
    assert title.startswith("106.12: To “tap [a permanent] for mana”")
    _shot(demo_board, "page")


def test_activations_through_the_page_by_enter(demo_board, demo_session):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import Select, WebDriverWait
    Select(_by_id(demo_board, "query")).select_by_value("activations")
    _type(demo_board, "q-player", "alice")
    old = _by_id(demo_board, "page-form")
    _by_id(demo_board, "q-player").send_keys(Keys.ENTER)     # Enter in a field asks
    WebDriverWait(demo_board, 60).until(ec.staleness_of(old))
    _same_lines(_answer(demo_board), expected_text(demo_session.activations("alice", True)))


def test_orderings_through_the_page(demo_board, demo_session):
    shown = _ask(demo_board, "orderings", player="", tap="pool")
    _same_lines(shown, expected_text(demo_session.orderings("pool", None, None, 10, True)))
    assert demo_board.find_elements("css selector", ".picture svg")


def test_a_what_if_from_the_offered_actions(demo_board, demo_session):
    from selenium.webdriver.support.ui import Select
    _type(demo_board, "q-actions", "")
    _submit(demo_board, "offer")
    offered = Select(_by_id(demo_board, "offered"))
    assert "activate orchard line 1" in [o.text for o in offered.options]
    offered.select_by_visible_text("activate orchard line 1")
    _by_id(demo_board, "add-action").click()
    _type(demo_board, "q-tap", "")
    shown = _ask(demo_board, "what-if")
    _same_lines(shown, expected_text(demo_session.what_if(["activate orchard line 1"], explain=True)))
    _shot(demo_board, "what-if", "article.panel")


def test_the_board_picture(demo_board, demo_session):
    shown = _ask(demo_board, "board")
    _same_lines(shown, expected_text(demo_session.board(True, None, None)))
    _shot(demo_board, "board", ".picture")


def test_a_pasted_state_with_effects_and_its_orderings(server, browser):
    """examples/mana_events.yaml pasted, loaded into the form (effects and life in their
    boxes), and orderings asked of it: every order of the replacement effects."""
    path = DEMO.parent / "mana_events.yaml"
    browser.get(server)
    browser.execute_script("document.getElementById('state-yaml').value = arguments[0];",
                           path.read_text(encoding="utf-8"))
    _submit(browser, "load")
    assert _by_id(browser, "bf-3-card").get_attribute("value") == "Mana Reflection"
    assert "pale_moon" in _by_id(browser, "effects").get_attribute("value")
    shown = _ask(browser, "orderings", tap="forest")
    with Session(load_state_file(path), time_limit=60) as session:
        _same_lines(shown, expected_text(session.orderings("forest", None, None, 10, True)))
    assert browser.find_elements("css selector", ".picture svg")
    _shot(browser, "orderings", "article.panel")


def test_a_bad_uploaded_state_shows_its_error_by_its_field(server, browser, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(DEMO.read_text(encoding="utf-8").replace("controller: bob}", "controller: carol}", 1))
    browser.get(server)
    _by_id(browser, "state-file").send_keys(str(bad))
    _submit(browser, "load")
    assert "battlefield[5].controller" in _by_id(browser, "error-state-yaml").text
    beside = _by_id(browser, "error-bf-5-controller")
    assert "'carol' is not a player" in beside.text
    # next to that field: in the same table cell as the input it names
    assert beside.find_element("xpath", "..").find_element("css selector", "input").get_attribute(
        "name") == "bf-5-controller"
    _shot(browser, "error", "#row-5")
