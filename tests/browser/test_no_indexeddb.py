"""A browser without IndexedDB (private modes, policies, sandboxes): the page starts and
plays, PyScript's own database included, and the statistics say why they are not kept.
One page per way IndexedDB can be missing."""

from __future__ import annotations

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
        back = page.evaluate("(() => { try { return indexedDB instanceof IDBFactory; } catch (e) { return e.name; } })()")
        assert back == {"undefined": False, "throws on access": "SecurityError", "open() throws": True}[how]
        before = len(player.save()["game"]["moves"])
        page.click(PLAYABLE)
        page.wait_for_function("n => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > n",
                               arg=before)
        player.wait("ready")
        page.evaluate("location.hash = '#/stats'")
        player.wait("ready", timeout=20_000)
        said = page.inner_text(".stats-failed")
        assert "Statistics cannot be saved in this browser" in said, said
        assert page.locator("#notices li").count() == 0          # said once, on the screen
        assert page.locator("[data-action=stats-export][disabled]").count() == 1
        assert player.errors == [], player.errors
    finally:
        context.close()
