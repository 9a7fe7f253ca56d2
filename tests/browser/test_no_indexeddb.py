"""A browser without IndexedDB (private modes, policies, sandboxes): the page starts and
plays, PyScript's own databases included, and the statistics say why they are not kept
(one page per way IndexedDB can be missing). A database another tab holds open, or
holds up, is a notice within seconds, never a busy page."""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import Player

pytestmark = pytest.mark.browser

PLAYABLE = "button[data-card]:not([disabled]):not([aria-disabled=true])"
MISSING = {
    "undefined": "Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});",
    "throws on access": "Object.defineProperty(window, 'indexedDB', {configurable: true,"
    " get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});",
    "open() throws": "IDBFactory.prototype.open = function () {"
    " throw new DOMException('A mutation operation was attempted', 'InvalidStateError'); };",
}


@pytest.mark.parametrize("how", list(MISSING))
def test_without_indexeddb_the_page_starts_plays_and_the_statistics_say_why(browser, site, how):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('cardems:tour:pisti', 'true');" + MISSING[how])
    try:
        player = Player(context.new_page(), site)
        page = player.page
        player.open("#/pisti?seed=5&speed=instant")
        # PyScript's databases were kept in memory (static/js/pyscript-idb.js); the browser's own is back
        back = page.evaluate(
            "(() => { try { return indexedDB instanceof IDBFactory; } catch (e) { return e.name; } })()"
        )
        assert back == {"undefined": False, "throws on access": "SecurityError", "open() throws": True}[how]
        before = len(player.save()["game"]["moves"])
        page.click(PLAYABLE)
        page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > n", arg=before
        )
        player.wait("ready")
        page.evaluate("location.hash = '#/stats'")
        player.wait("ready", timeout=20_000)
        said = page.inner_text(".stats-failed")
        assert "Statistics cannot be saved in this browser" in said, said
        assert page.locator("#notices li").count() == 0  # said once, on the screen
        assert page.locator("[data-action=stats-export][disabled]").count() == 1
        assert player.errors == [], player.errors
    finally:
        context.close()


HOLD = """version => new Promise((ok, no) => {   // a neighbour of the same origin, deaf to versionchange
    const request = indexedDB.open('cardems', version);
    request.onsuccess = () => { window.held = request.result; window.held.onversionchange = () => {}; ok(); };
    request.onerror = () => no(request.error);
})"""
QUEUE = "() => { indexedDB.open('cardems', 3); }"  # blocked by its own connection, for good


def stats_screen(player: Player) -> tuple[float, str | None]:
    """The statistics opened from the lobby: how long they took, and why they are not shown, if not."""
    page = player.page
    page.evaluate("location.hash = '#/'")
    player.wait("ready")
    start = time.monotonic()
    page.evaluate("location.hash = '#/stats'")
    player.wait("ready", timeout=30_000)
    took = time.monotonic() - start
    failed = page.locator(".stats-failed")
    return took, (failed.get_attribute("data-why") + ": " + failed.inner_text()) if failed.count() else None


def test_a_database_held_by_another_tab_is_a_notice_within_seconds(browser, site):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        holder = context.new_page()
        holder.goto(site + "static/icons/icon.svg")
        holder.evaluate(HOLD, 1)  # the first use: version 1, with no store, before Cardems made it
        player = Player(context.new_page(), site)
        player.open("")
        took, why = stats_screen(player)
        assert why is not None and why.startswith("stats.db.blocked: Cardems is open in another tab"), why
        assert "private" not in why and took < 15, (took, why)
        holder.evaluate("window.held.close()")  # gone: the database is upgraded (its store made) and shown
        took, why = stats_screen(player)
        assert why is None and player.page.locator(".stats-daily").count() == 1, why
        player.page.evaluate("window.cardemsStats.close()")
        holder.evaluate(HOLD, 2)
        holder.evaluate(QUEUE)  # an open of ours now waits behind that one, with no "blocked"
        took, why = stats_screen(player)
        assert why is not None and why.startswith("stats.db.blocked:") and 4 < took < 15, (took, why)
        assert player.errors == [], player.errors
    finally:
        context.close()
