"""The assembled site folder (scripts/build_site.py) works from a sub-path, as a
GitHub Pages project site: it starts, loads a game only when it is opened,
asks nothing outside its folder, and is installable."""

import json
from urllib.parse import urlparse

import pytest

from tests.browser.conftest import Player, profile_on_disk
from tests.browser.site_server import SUB

pytestmark = pytest.mark.browser


def test_the_site_folder_holds_what_the_page_needs(built_site):
    site = built_site.site
    assert (site / ".nojekyll").is_file()  # GitHub Pages keeps __init__.py
    assert (site / "cardems" / "__init__.py").is_file() and (site / "sw.js").is_file()
    config = built_site.sitefiles.page_config(site)["py"]
    assert (site / config["interpreter"]).is_file()
    for src in config["files"]:
        assert (site / src).is_file(), src
    build = json.loads((site / "cardems" / "web" / "build.json").read_text())
    assert build["build"] == built_site.build_id
    for files in [build["common"], *build["games"].values(), *build["rules"].values()]:
        assert all((site / f).is_file() for f in files)
    precache = (site / "precache.js").read_text()
    listed = json.loads(precache.split("self.CARDEMS_FILES = ", 1)[1].rstrip().rstrip(";"))
    assert all((site / f).is_file() for f in listed)
    assert {
        "index.html",
        "first-screen.bundle",
        "static/vendor/pyodide/pyodide.asm.wasm",
        "static/icons/icon-512.png",
        "cardems/pisti/rules.py",
        "cardems/web/pisti/rules/ar.json",
    } <= set(listed)
    assert not (site / "tests").exists() and not (site / "scripts").exists()


def test_the_lobby_starts_under_a_sub_path_and_a_game_loads_when_opened(browser, built_site):
    context = browser.new_context()
    try:
        player = Player(context.new_page(), built_site.base)
        player.open()
        build = json.loads((built_site.site / "cardems" / "web" / "build.json").read_text())
        pisti = {built_site.base + f for f in build["games"]["pisti"]}
        assert not pisti & set(player.requests), "the lobby fetched Pişti's modules"
        assert player.page.locator('[data-game-tile="pisti"].playable').count() == 1
        player.page.click('[data-game-tile="pisti"] a')
        player.wait("ready")
        assert player.page.locator("button[data-card]:not([disabled]):not([aria-disabled=true])").count() > 0
        assert pisti <= set(player.requests)
        # back in the lobby, a tile's Options opens its form (the game is here now)
        player.page.click("a.back")
        player.wait("ready")
        player.page.click('[data-game-tile="pisti"] button[data-action=options]')
        player.page.wait_for_selector('dialog#options[open] form[data-game="pisti"]')
        # every request stayed in the site's folder, on this origin
        origin = urlparse(built_site.base).netloc
        assert all(urlparse(u).netloc == origin for u in player.requests if u.startswith("http"))
        assert all(p.startswith(f"/{SUB}/") for p in built_site.paths), [
            p for p in built_site.paths if not p.startswith(f"/{SUB}/")
        ]
        assert not player.errors, player.errors
    finally:
        context.close()


def test_a_first_visit_starts_the_runtimes_downloads_from_the_head_and_fetches_each_once(browser, built_site):
    # The head's hints start the downloads before PyScript asks for them, and PyScript's and
    # Pyodide's own requests take the hinted copies: the server sends each file once. (In an
    # incognito context, as here: its HTTP cache, in memory, does not keep the 9.6 MB binary, so
    # a hint that only filled that cache, like a prefetch, would have it sent twice.)
    context = browser.new_context(service_workers="block")  # what the worker keeps is not this test's
    try:
        before = len(built_site.answers)
        player = Player(context.new_page(), built_site.base)
        player.open()
        sent = [path for path, status in built_site.answers[before:] if status == 200]
        started = player.page.evaluate(
            "() => performance.getEntriesByType('resource').map(r => [r.name, r.initiatorType])"
        )
        for path in (
            "static/vendor/pyodide/pyodide.asm.wasm",
            "static/vendor/pyodide/python_stdlib.zip",
            "static/vendor/pyodide/pyodide-lock.json",
            "first-screen.bundle",
        ):
            assert sent.count(f"/{SUB}/{path}") == 1, (path, sent)
            assert [built_site.base + path, "link"] in started, (path, started)
        assert not player.errors, player.errors
    finally:
        context.close()


def test_a_tiles_options_fetch_the_game_first(browser, built_site):
    context = browser.new_context()
    try:
        player = Player(context.new_page(), built_site.base)
        player.open()
        player.page.click('[data-game-tile="pisti"] button[data-action=options]')
        player.page.wait_for_selector('dialog#options[open] form[data-game="pisti"]')
        assert built_site.base + "cardems/pisti/rules.py" in player.requests
        assert player.state() == "ready"
        assert not player.errors, player.errors
    finally:
        context.close()


def test_the_site_is_installable(browser, built_site, tmp_path):
    # a profile on disk: Chromium offers no install in an incognito context
    with profile_on_disk(browser, tmp_path / "profile") as (context, page):
        player = Player(page, built_site.base)
        player.open()
        manifest = player.page.evaluate("async () => (await fetch('manifest.webmanifest')).json()")
        assert manifest["display"] == "standalone" and manifest["theme_color"]
        sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
        assert {
            ("192x192", "maskable"),
            ("512x512", "maskable"),
            ("192x192", "any"),
            ("512x512", "any"),
        } <= sizes
        for icon in manifest["icons"]:
            if icon["type"] == "image/png":
                size = player.page.evaluate(
                    """async (src) => { const b = await createImageBitmap(await (await fetch(src)).blob());
                                       return [b.width, b.height]; }""",
                    icon["src"],
                )
                assert f"{size[0]}x{size[1]}" == icon["sizes"], icon
        cdp = context.new_cdp_session(player.page)
        for _ in range(40):  # the browser checks once the service worker controls the page
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            if not errors:
                break
            player.page.wait_for_timeout(500)
        assert errors == [], errors
        app = cdp.send("Page.getAppManifest")
        assert not app["errors"], app["errors"]
        assert app["url"] == built_site.base + "manifest.webmanifest"


def test_the_pages_workflow_installs_the_pinned_runtime_assembles_and_deploys_the_folder():
    from tests.browser.conftest import ROOT

    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    steps = [
        "actions/checkout@",
        "actions/setup-node@",
        "npm ci",
        "python scripts/build_site.py --out _site",
        "actions/configure-pages@",
        "actions/upload-pages-artifact@",
        "actions/deploy-pages@",
    ]
    positions = [text.find(step) for step in steps]
    assert -1 not in positions and positions == sorted(positions), dict(zip(steps, positions))
    assert "path: _site" in text and "include-hidden-files: true" in text  # .nojekyll
    for permission in ("pages: write", "id-token: write"):
        assert permission in text
    assert "environment:" in text and "github-pages" in text
