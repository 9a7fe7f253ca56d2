"""Fixtures for the browser tests: the site on a local server, and headless Chromium.

The browser is Debian's chromium by default; set CARDEMS_CHROMIUM to another
executable, or to ``playwright`` to use Playwright's own downloaded browser.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import sys
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from headless import ARGS, NoChromium  # noqa: E402
from headless import chromium_path as _chromium_path  # noqa: E402
from serve import Handler  # noqa: E402
from vendor_runtime import ensure_runtime  # noqa: E402


class QuietHandler(Handler):
    def log_message(self, format, *args):
        pass


def pytest_collection_modifyitems(config, items):
    """A browser test whose renderer crashed (Playwright's "Target crashed", or "Page
    crashed" during a navigation) runs once more, and the summary lists the rerun. Any
    other failure fails at once, and so does a crash that happens again."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[r"(Target|Page) crashed"]))


@pytest.fixture(scope="session")
def site():
    """The repository served on 127.0.0.1 (a free port); yields the base URL."""
    ensure_runtime()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def chromium_path() -> str | None:
    try:
        return _chromium_path()
    except NoChromium as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS, headless=True)
        # Playwright's wait_for_function evaluates its text in the page, which the page's
        # Content-Security-Policy forbids: contexts bypass it unless a test asks for it
        # (tests/browser/test_csp.py: bypass_csp=False, and no wait_for_function).
        browser.new_context = functools.partial(browser.new_context, bypass_csp=True)
        yield browser
        browser.close()


@contextlib.contextmanager
def profile_on_disk(browser, folder: Path):
    """A context on a browser profile in ``folder`` and its page. Unlike an incognito
    context, Chromium offers to install the site, and keeps compiled code."""
    context = browser.browser_type.launch_persistent_context(
        folder, executable_path=chromium_path(), args=ARGS, headless=True, bypass_csp=True
    )
    try:
        yield context, (context.pages[0] if context.pages else context.new_page())
    finally:
        context.close()


def _catalog_prefixes() -> set[str]:
    """The first words of every message key (``result``, ``pisti``...), shared and per game."""
    web = ROOT / "cardems" / "web"
    keys: set[str] = set()
    for path in [web / "locales" / "en.json", *web.glob("*/locales/en.json")]:
        keys |= set(json.loads(path.read_text(encoding="utf-8")))
    return {key.split(".")[0] for key in keys}


RAW_KEY = re.compile(r"\b(?:{})\.[a-z_][\w.\-]*".format("|".join(sorted(_catalog_prefixes()))))


class Player:
    """A page plus what a test wants to know about it: console errors, requests."""

    def __init__(self, page, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", lambda r: self.requests.append(r.url))

    def open(self, route: str = "", state: str = "ready", timeout: float = 90_000) -> None:
        self.page.goto(self.base + route)
        self.wait(state, timeout)

    def wait(self, *states: str, timeout: float = 60_000) -> str:
        """Until the page is in one of ``states`` for the address it is at (a followed
        link's page, not the one before it)."""
        wanted = list(states)
        self.page.wait_for_function(
            "states => states.includes(document.documentElement.dataset.cardems)"
            " && document.documentElement.dataset.route === location.hash",
            arg=wanted,
            timeout=timeout,
        )
        return self.state()

    def state(self) -> str:
        return self.page.evaluate("document.documentElement.dataset.cardems")

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "button[data-card]:not([disabled]):not([aria-disabled=true])",
            "els => els.map(e => e.dataset.card)",
        )

    def next_button(self) -> bool:
        """Whether the result dialog offers an enabled "next" (a match between two deals)."""
        return self.page.evaluate(
            "!!document.querySelector('dialog#result[open] button[data-action=next]:not([disabled])')"
        )

    def play_to_the_end(self, pick=lambda cards: cards[0], limit: int = 200, on_next=None) -> list[str]:
        """Click a playable card whenever it is the human's turn, and "next" between the
        deals of a match (after calling ``on_next()``); returns the cards clicked."""
        clicked: list[str] = []
        self.nexts = 0
        while self.wait("ready", "over") != "over":
            if self.next_button():
                if on_next is not None:
                    on_next()
                self.page.click("dialog#result button[data-action=next]")
                self.nexts += 1
                self.page.wait_for_function("!document.querySelector('dialog#result').open")
                continue
            cards = self.playable()
            if not cards:
                continue
            card = pick(cards)
            self.page.click(f'button[data-card="{card}"]')
            clicked.append(card)
            self.page.wait_for_function(
                "n => !document.querySelector(`button[data-card='${n}']:not([disabled]):not([aria-disabled=true])`) "
                "|| document.documentElement.dataset.cardems !== 'ready'",
                arg=card,
            )
            assert len(clicked) < limit
        assert not self.page.locator("button[data-action=hint]:not([disabled])").count()
        assert self.raw_keys() == []
        return clicked

    def raw_keys(self) -> list[str]:
        """Message keys shown as text where their words should be (a missing translation)."""
        return RAW_KEY.findall(self.page.evaluate("document.body.innerText"))

    def save(self, game: str = "pisti") -> dict:
        return self.page.evaluate(f"JSON.parse(localStorage.getItem('cardems:save:{game}'))")


@pytest.fixture()
def player(browser, site, request):
    locale = getattr(request, "param", "en-US")
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield Player(page, site)
    context.close()


@pytest.fixture()
def built_site(tmp_path):
    """A fresh build of the site per test (a test may redeploy it)."""
    from tests.browser.site_server import SiteServer

    ensure_runtime()
    server = SiteServer(tmp_path)
    yield server
    server.close()
