"""The statistics database and sound modules ship with the site and work offline: the
service worker keeps them (and the idb and ZzFX files they import) with the rest."""

import pytest

from tests.browser.conftest import Player
from tests.browser.test_offline import CACHED, wait_kept
from tests.browser.test_sound import RECORDER

pytestmark = pytest.mark.browser

MODULES = [
    "static/js/statsdb.js",
    "static/js/sound.js",
    "static/vendor/idb/index.js",
    "static/vendor/zzfx/ZzFX.js",
]
USE = """async () => {
    const stats = (await import(new URL('static/js/statsdb.js', document.baseURI).href)).default;
    const sound = (await import(new URL('static/js/sound.js', document.baseURI).href)).default;
    await stats.put({id: 'offline-1', game: 'war'});
    return [(await stats.all()).map(r => r.id), await sound.play('win')];
}"""


def test_the_modules_are_kept_and_work_offline(browser, built_site):
    context = browser.new_context()
    try:
        context.add_init_script(RECORDER)
        player = Player(context.new_page(), built_site.base)
        player.open()
        page = player.page
        cache = wait_kept(page)[0]
        kept = set(page.evaluate(CACHED, cache))
        assert {built_site.base + path for path in MODULES} <= kept
        context.set_offline(True)
        player.requests.clear()
        page.reload()  # the page loads both modules itself, offline now
        player.wait("ready")
        page.evaluate("import(new URL('static/js/sound.js', document.baseURI).href)")
        page.keyboard.press("Shift")
        assert page.evaluate(USE) == [["offline-1"], True]
        assert page.evaluate("window.__audio.started.length") == 1
        assert {built_site.base + path for path in MODULES} <= set(player.requests)
        assert not [e for e in player.errors if "net::" not in e], player.errors
    finally:
        context.close()
