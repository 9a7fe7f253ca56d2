"""Once loaded, the site plays offline: a service worker keeps it.

"Offline" here is the real thing: the test's own server is shut down before the
page is opened again (Chromium's offline emulation also blocks the service
worker's cache, and Playwright's reload bypasses the worker, so the test
navigates to the page anew).
"""

import functools
import threading
from http.server import ThreadingHTTPServer

import pytest

from tests.browser.conftest import ROOT, Player, QuietHandler

pytestmark = pytest.mark.browser

KEPT = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg || !reg.active || reg.active.state !== 'activated' || !navigator.serviceWorker.controller) return false;
    const keys = await (await caches.open('cardems-v1')).keys();
    return keys.some(r => r.url.endsWith('pyodide.asm.wasm')) && keys.some(r => r.url.endsWith('pisti.py'));
}"""


def test_the_game_loads_and_plays_offline_after_one_visit(browser, site):
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        player = Player(context.new_page(), f"http://127.0.0.1:{server.server_address[1]}/")
        player.open("#/pisti?seed=21&speed=instant")
        page = player.page
        for _ in range(240):  # the check is async, so poll it from here
            if page.evaluate(KEPT):
                break
            page.wait_for_timeout(250)
        else:
            pytest.fail("the service worker did not keep the site within 60 s")
        # everything the page fetched on its first visit is kept (not just left in the HTTP cache)
        kept = set(page.evaluate("async () => (await (await caches.open('cardems-v1')).keys()).map(r => r.url)"))
        fetched = {u.split("#")[0].split("?")[0] for u in player.requests if u.startswith(player.base)}
        fetched -= {player.base + "sw.js"}
        assert fetched <= kept, sorted(fetched - kept)
        server.shutdown()
        server.server_close()
        page.goto(player.base + "?again#/pisti?seed=21&speed=instant")
        player.wait("ready", timeout=90_000)
        first = player.playable()[0]
        page.click(f'button[data-card="{first}"]')
        player.wait("ready", "over")
        assert player.save()["game"]["moves"][0] == first
    finally:
        context.close()
        server.server_close()
