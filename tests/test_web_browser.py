"""`rulesrun serve` in a real browser: two people's pages play by clicking, and neither page shows the other's cards.

The server runs as the command does (`rulesrun serve ... --port 0`); Playwright
drives the system's Chromium (Debian's `chromium` package), one browser for the
whole module. Where no Chromium is installed the tests are skipped, saying so;
`.ci/run` installs Debian's package where it can. With RULESRUN_SCREENSHOTS=FOLDER each game's
table is also saved there as a picture (docs/web-*.png are made so).
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright

CHROMIUM = os.environ.get("RULESRUN_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STEPS = 600  # clicks a whole round may take, at most
SHOTS = os.environ.get("RULESRUN_SCREENSHOTS")

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium, or set RULESRUN_CHROMIUM)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@contextmanager
def served(*args: str) -> Iterator[list[str]]:
    """`rulesrun serve` as a command, on a free port; the links it prints, people's first, the spectators' last."""
    command = [sys.executable, "-c", "from rulesrun.cli.main import main; main()", "serve", *args,
               "--port", "0", "--delay", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        links: list[str] = []
        assert server.stdout is not None
        for line in server.stdout:
            found = re.search(r"(http://\S+/play/\S+)", line)
            if found:
                links.append(found.group(1))
            if line.lstrip().startswith("spectators"):
                break
        yield links
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def running(ruleset: str, seed: int) -> Iterator[list[str]]:
    """Two people's game of a shipped ruleset (or a file) served in this process, quicker to start than the
    command; their links."""
    import uvicorn
    from rulesrun.cli.web.app import create_app
    from rulesrun.cli.web.session import Session
    from rulesrun.interpreter import load_game
    session = Session(load_game(ruleset), 2, 2, seed, [])
    listening = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(session), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.02)
    try:
        yield [link for _, link in session.links(f"http://127.0.0.1:{listening.getsockname()[1]}")]
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def open_page(browser: Any, link: str, width: int = 900) -> Any:
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.goto(link)
    page.wait_for_selector("body[data-version]")
    return page


def version(page: Any) -> int:
    return int(page.get_attribute("body", "data-version"))


def own_cards(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".seat.you svg[data-cid]", "nodes => nodes.map(n => n.dataset.cid)"))


def settle(pages: list[Any], before: int) -> None:
    """Wait until every page draws a table newer than `before`."""
    for page in pages:
        page.wait_for_selector(f"body:not([data-version='{before}'])")  # a selector: the page's CSP allows no eval


def click_a_move(page: Any) -> bool:
    """Take one move by clicking as a person would: a claim, a playable component (and a picker's first
    answer), or a move's button. False when the page offers nothing."""
    claim = page.query_selector("#moves button.claim")
    if claim is not None:
        claim.click()
        return True
    playable = page.query_selector(".seat.you svg.playable") or page.query_selector("#shared svg.playable")
    if playable is not None:
        playable.click()
        answer = page.query_selector("#picker button[data-move]")
        if answer is not None:
            answer.click()
        return True
    button = page.query_selector("#moves button[data-move]")
    if button is None:
        return False
    button.click()
    return True


SEEN = """() => ({own: [...document.querySelectorAll(
                      ".seat.you .zone:not([data-visibility=public]) svg[data-cid]")].map(n => n.dataset.cid),
                  all: [...document.querySelectorAll("svg[data-cid]")].map(n => n.dataset.cid),
                  story: document.getElementById("story").textContent})"""


def hidden_apart(pages: list[Any], shown: set[int] | None = None) -> None:
    """No page shows a component that lies in another person's hand hidden from others, unless the rules showed it that hand
    (a challenged Wild Draw Four, UNO-6.2: the story says so, and the cards stay known until they move): the
    pages in `shown` are not checked, and a page told so is added to it."""
    shown = set() if shown is None else shown
    seen = [page.evaluate(SEEN) for page in pages]
    for number, page in enumerate(seen):
        if "shown to you" in page["story"]:
            shown.add(number)
        if number in shown:
            continue
        for other in seen:
            if other is not page:
                assert not set(other["own"]) & set(page["all"]), page["story"]


def screenshot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"web-{name}.png"), full_page=True)


def test_two_people_play_a_whole_uno_round_by_clicking(browser: Any) -> None:
    with served("uno", "--humans", "2", "--seed", "24") as links:  # a round of a dozen moves
        pages = [open_page(browser, link) for link in links[:2]]
        shown: set[int] = set()
        for step in range(STEPS):
            hidden_apart(pages, shown)
            if step == 6:  # a few moves in, from the page of the person to move
                screenshot(next((p for p in pages if "Your move" in p.inner_text("#status")), pages[0]), "uno")
            if "Round over" in pages[0].inner_text("#story"):
                break
            before = version(pages[0])
            assert any(click_a_move(page) for page in pages), "nobody has a move to click"
            settle(pages, before)
        assert "Round over" in pages[0].inner_text("#story") and "Round over" in pages[1].inner_text("#story")
        for page in pages:
            page.close()


def test_a_dos_double_match_by_clicking_three_cards(browser: Any) -> None:
    """DOS-6.3: two cards from the hand that add up to a Center Row card match it together."""
    from rulesrun.interpreter import load_game
    state = load_game("dos").new_state(2, 3)
    double = next(a for a in state.legal_actions() if a.name == "match" and a.get("second") is not None
                  and all(value is None for name, value in a.args if name.endswith(("_value", "_colour"))))
    with running("dos", 3) as links:
        pages = [open_page(browser, link) for link in links[:2]]
        screenshot(pages[0], "dos")
        mine = pages[0]
        hand = len(own_cards(mine))
        before = version(mine)
        for name in ("target", "first", "second"):
            mine.click(f"svg[data-cid='{double.get(name)}']")
        answer = mine.query_selector("#picker button[data-move]")
        if answer is not None:  # with or without calling DOS
            answer.click()
        settle(pages, before)
        assert len(own_cards(mine)) == hand - 2
        assert {str(double.get("target")), str(double.get("first"))} <= set(
            mine.eval_on_selector_all("[data-zone='matched'] svg[data-cid]", "nodes => nodes.map(n => n.dataset.cid)"))
        hidden_apart(pages)
        held = own_cards(mine)
        mine.reload()  # a reloaded page resumes the table as it is
        mine.wait_for_selector("body[data-version]")
        assert own_cards(mine) == held and version(mine) == before + 1
        mine.click("button.undo")  # the match showed nobody anything new: it may be taken back, as at the terminal
        settle(pages, before + 1)
        assert len(own_cards(mine)) == hand and not mine.query_selector("button.undo")
        for page in pages:
            page.close()


def test_an_uno_dice_turn_by_clicking(browser: Any) -> None:
    with running("uno-dice", 5) as links:
        pages = [open_page(browser, link) for link in links[:2]]
        screenshot(pages[0], "uno-dice")
        first = pages[0].inner_text("#turn")
        mover = 0 if "Turn: P1" in first else 1
        for _ in range(40):
            if f"Turn: P{mover + 1}" not in pages[0].inner_text("#turn"):
                break
            before = version(pages[0])
            assert click_a_move(pages[mover])
            settle(pages, before)
        assert f"Turn: P{mover + 1}" not in pages[0].inner_text("#turn")
        for page in pages:
            page.close()


def test_a_card_that_cannot_be_played_is_refused_with_a_reason_on_a_phone(browser: Any) -> None:
    """UNO-4.2: a card that matches neither colour nor number nor symbol cannot be played; the page says why."""
    with running("uno", 11) as links:
        page = open_page(browser, links[0], width=390)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        if "Your move" not in page.inner_text("#status"):
            page.close()
            page = open_page(browser, links[1], width=390)
        stuck = page.query_selector(".seat.you svg[data-cid]:not(.playable)")
        assert stuck is not None, "every card of this seed's hand can be played"
        before = version(page)
        stuck.click()
        page.wait_for_selector("#message:not(:empty)")
        assert page.inner_text("#message") and version(page) == before
        page.focus(".seat.you svg.playable")  # a playable one, from the keyboard
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body:not([data-version='{before}']), #picker:not([hidden])")
        page.close()


MARKUP = """extends: uno
name: markup
title: "<img src=x id=planted-title>"
description: "<script>document.body.dataset.planted = 1</script>"
components:
  derive:
    label: "'<i id=planted>' + str(this.kind) + '</i>'"
"""


def test_ruleset_text_is_shown_as_text_never_as_markup(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "markup.yaml"
    path.write_text(MARKUP, encoding="utf-8")
    with running(str(path), 2) as links:
        page = open_page(browser, links[0])
        assert page.inner_text("#title").startswith("<img src=x id=planted-title>")
        assert "<i id=planted>" in page.inner_text("#story")
        assert page.query_selector("#planted, #planted-title, i, img, body[data-planted]") is None
        page.close()
