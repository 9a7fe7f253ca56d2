"""Once loaded, the site plays offline; a new deploy is offered, not forced.

The site is the assembled folder (scripts/build_site.py) served under a
sub-path, as on GitHub Pages. The service worker answers the build's files
from its cache first, so after ``context.set_offline(True)`` a reload starts
the page and plays a whole deal without the network; the test's server logs
every request, and sees none from the page while offline.

The interpreter's binary is the worker's one exception: it comes from the HTTP
cache's copy when there is one, because Chromium keeps the compiled code with
that copy; a trace of the next visit shows the binary taken already compiled.
"""

import pytest

from tests.browser.conftest import Player, profile_on_disk
from tests.browser.site_server import SUB

pytestmark = pytest.mark.browser

KEPT = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg || !reg.active || reg.active.state !== 'activated' || !navigator.serviceWorker.controller) return null;
    return await caches.keys();
}"""
CACHED = """async (name) => (await (await caches.open(name)).keys()).map(r => r.url)"""
WASM = "static/vendor/pyodide/pyodide.asm.wasm"


def wait_kept(page, timeout_ms: int = 90_000) -> list[str]:
    """The cache names, once the service worker has kept the site and controls the page."""
    for _ in range(timeout_ms // 250):
        keys = page.evaluate(KEPT)
        if keys:
            return keys
        page.wait_for_timeout(250)
    pytest.fail("the service worker did not keep the site in time")


def test_after_one_visit_the_site_starts_and_plays_a_whole_deal_offline(browser, built_site):
    context = browser.new_context()
    try:
        player = Player(context.new_page(), built_site.base)
        player.open("#/pisti?seed=21&speed=instant")
        page = player.page
        assert wait_kept(page) == [f"cardems-{built_site.build_id}"]
        kept = set(page.evaluate(CACHED, f"cardems-{built_site.build_id}"))
        # everything this visit fetched is kept: the page, the runtime, the lobby's and Pişti's modules
        fetched = {u.split("#")[0].split("?")[0] for u in player.requests if u.startswith(built_site.base)}
        fetched -= {built_site.base + "sw.js", built_site.base + "precache.js"}
        assert fetched <= kept | {built_site.base}, sorted(fetched - kept)
        assert built_site.base + "index.html" in kept and built_site.base + "cardems/pisti/rules.py" in kept

        context.set_offline(True)
        served = len(built_site.paths)
        player.requests.clear()
        page.reload()
        player.wait("ready", timeout=90_000)
        assert page.evaluate("navigator.onLine") is False
        # Python was restored from the memory snapshot the worker kept (static/js/interpreter.js)
        assert page.evaluate("self.cardemsSnapshot === true")
        clicked = player.play_to_the_end()
        assert len(clicked) == 24  # a 2-player deal: 6 hands of 4 cards
        dialog = page.locator("dialog#result[open]")
        assert dialog.get_attribute("data-winner") is not None
        assert len(dialog.get_attribute("data-scores").split(",")) == 2
        assert player.save()["game"]["moves"][0] == clicked[0]
        # Nothing the page asked for reached the server. Chromium's offline emulation covers
        # the page and the worker's fetches, but not the browser's own check for a new
        # worker (sw.js and the precache.js it imports), which may still get through.
        update_check = (f"/{SUB}/sw.js", f"/{SUB}/precache.js")
        leaked = [p for p in built_site.paths[served:] if p.split("?")[0] not in update_check]
        assert leaked == [], "a request reached the server while offline"
        assert player.requests, "the page made no request at all: the reload was not tested"
        assert not [e for e in player.errors if "net::" not in e], player.errors
    finally:
        context.close()


def compiled_from_cache(events: list[dict]) -> set[str]:
    """The WebAssembly binaries a traced load took already compiled, from the code kept
    with its copy of the file (Chromium's ``v8.wasm.moduleCacheHit``)."""
    return {e["args"]["url"] for e in events if e.get("name") == "v8.wasm.moduleCacheHit"}


def traced_reload(context, player) -> list[dict]:
    """A reload of the player's page, traced: Chromium's timeline events."""
    cdp = context.new_cdp_session(player.page)
    events: list[dict] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
    cdp.send(
        "Tracing.start",
        {
            "transferMode": "ReportEvents",
            "traceConfig": {"includedCategories": ["disabled-by-default-devtools.timeline"]},
        },
    )
    try:
        player.page.reload()
        player.wait("ready", timeout=90_000)
    finally:
        cdp.send("Tracing.end")
        for _ in range(100):
            if done:
                break
            player.page.wait_for_timeout(100)
        cdp.detach()
    assert done, "the trace did not end"
    return events


def test_a_visit_the_worker_serves_starts_the_interpreter_already_compiled(browser, built_site, tmp_path):
    # Chromium keeps a binary's compiled code with the copy it was compiled from. The first
    # visit compiles the interpreter from the HTTP cache's copy, before the worker exists;
    # the worker answers the binary from there, so later visits do not compile it again.
    # A profile on disk: an incognito context keeps no compiled code.
    with profile_on_disk(browser, tmp_path / "profile") as (context, page):
        player = Player(page, built_site.base)
        player.open()
        wait_kept(player.page)
        assert built_site.base + WASM in compiled_from_cache(traced_reload(context, player))

        # Without that copy (the HTTP cache cleared, as a browser may do), the worker's own
        # copy serves, offline too: the page starts, compiling the binary afresh.
        context.new_cdp_session(player.page).send("Network.clearBrowserCache")
        context.set_offline(True)
        player.requests.clear()
        assert built_site.base + WASM not in compiled_from_cache(traced_reload(context, player))
        assert built_site.base + WASM in player.requests
        assert not [e for e in player.errors if "net::" not in e], player.errors


def test_the_worker_never_passes_through_another_copy_of_the_binary(browser, built_site, tmp_path):
    # The HTTP cache may hold another file at the binary's URL than the build's (fetched past
    # the worker, say after a deploy). Its validators differ, so the worker answers with the
    # build's own copy: here the other file is not even WebAssembly, and the page must start.
    wasm = built_site.site / WASM
    original = wasm.read_bytes()
    with profile_on_disk(browser, tmp_path / "profile") as (context, page):
        player = Player(page, built_site.base)
        try:
            player.open()
            wait_kept(player.page)
            wasm.write_bytes(b"another file")
            cdp = context.new_cdp_session(player.page)
            cdp.send("Network.enable")
            cdp.send("Network.setBypassServiceWorker", {"bypass": True})
            fetched = player.page.evaluate(
                "async (u) => (await (await fetch(u, {cache: 'reload'})).text())", built_site.base + WASM
            )
            cdp.send("Network.setBypassServiceWorker", {"bypass": False})
            assert fetched == "another file"  # the HTTP cache now holds it
            player.page.reload()
            player.wait("ready", timeout=90_000)
            assert not [e for e in player.errors if "net::" not in e], player.errors
        finally:
            wasm.write_bytes(original)


def test_a_new_deploy_is_detected_offered_and_taken_when_the_player_chooses(browser, built_site):
    context = browser.new_context()
    try:
        player = Player(context.new_page(), built_site.base)
        player.open()
        page = player.page
        first = built_site.build_id
        assert wait_kept(page) == [f"cardems-{first}"]
        assert page.locator("#update").is_hidden()

        second = built_site.redeploy("second build")
        assert second != first
        page.reload()  # the old build is served from its cache; the browser finds the new worker
        player.wait("ready", timeout=90_000)
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        assert "second build" not in page.content()  # nothing changed under the player's feet
        assert page.locator("#update").inner_text().startswith("A new version")

        page.click("#update [data-update=reload]")
        page.wait_for_function("document.documentElement.innerHTML.includes('second build')", timeout=60_000)
        player.wait("ready", timeout=90_000)
        assert wait_kept(page) == [f"cardems-{second}"]  # the old build's cache is gone
        assert page.locator("#update").is_hidden()
    finally:
        context.close()
