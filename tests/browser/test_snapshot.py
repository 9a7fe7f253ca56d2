"""A repeat visit restores Python from the memory snapshot the service worker keeps
(static/js/interpreter.js); a first visit never waits for it, and a snapshot of
another build or a damaged one is passed over for a normal start, silently.

One site, one context: the first visit, a visit from the snapshot that plays a
move, then the kept snapshot replaced twice (a build id that is not this
binary's, then bytes that are no gzip), each time the page starting as usual.
"""

import gzip

import pytest

from tests.browser.conftest import Player
from tests.browser.test_offline import wait_kept

pytestmark = pytest.mark.browser

SNAPSHOT = "interpreter.snapshot.gz"
RESTORED = "self.cardemsSnapshot === true"
# The worker keeps the snapshot unzipped, without its pages of zeros (sw.js's SPARSE: four
# 32-bit words, magic, length, page size, pages kept; their indices; the pages): the memory's
# length, its pages kept, and whether every page not kept is zeros.
SPARSE = """async ([cacheName, url]) => {
    const kept = await (await caches.open(cacheName)).match(url);
    const buffer = await kept.arrayBuffer();
    const [, length, page, count] = new Uint32Array(buffer, 0, 4);
    return [kept.headers.get('X-Cardems-Inflated'), length, page, count, buffer.byteLength];
}"""
# The kept snapshot with its build id (bytes 16-47 of Pyodide's header, in the first page
# kept) changed: still a snapshot, of another build of the binary.
OTHER_BUILD = """async ([cacheName, url]) => {
    const cache = await caches.open(cacheName);
    const kept = await cache.match(url);
    const bytes = new Uint8Array(await kept.arrayBuffer());
    const [, , , count] = new Uint32Array(bytes.buffer, 0, 4);
    if (new Uint32Array(bytes.buffer, 16, 1)[0] !== 0) throw new Error('the first page is not kept first');
    const first = 16 + 4 * count;
    for (let i = 16; i < 48; i++) bytes[first + i] = 48 + (i % 10);
    await cache.put(url, new Response(bytes, {headers: kept.headers}));
}"""
# Bytes that are no gzip, with no mark: the page unzips what is not marked unzipped.
NOT_GZIP = """async ([cacheName, url]) => {
    const cache = await caches.open(cacheName);
    await cache.put(url, new Response(new Uint8Array(4096).fill(7)));
}"""


def test_a_repeat_visit_starts_from_the_kept_snapshot_and_a_bad_one_falls_back(browser, built_site):
    context = browser.new_context()
    try:
        player = Player(context.new_page(), built_site.base)
        page = player.page
        player.open("#/pisti?seed=21&speed=instant")
        assert not page.evaluate(
            RESTORED
        )  # a first visit starts Python: the worker keeps the snapshot meanwhile
        cache = f"cardems-{built_site.build_id}"
        assert wait_kept(page) == [cache]
        url = built_site.base + SNAPSHOT
        memory = gzip.decompress((built_site.site / SNAPSHOT).read_bytes())
        pages = [memory[i : i + 4096] for i in range(0, len(memory), 4096)]
        kept = [p for p in pages if p.count(0) != len(p)]
        assert page.evaluate(SPARSE, [cache, url]) == [
            "sparse",
            len(memory),
            4096,
            len(kept),
            16 + 4 * len(kept) + sum(map(len, kept)),
        ]

        page.reload()
        player.wait("ready")
        assert page.evaluate(RESTORED)
        # the first screen's modules that import no JavaScript came already imported
        groups = built_site.sitefiles.python_groups(built_site.site)
        app = built_site.sitefiles.snapshot_app(groups, built_site.site)
        assert "cardems/web/storage.py" in app and "cardems/web/app.py" not in app
        assert page.evaluate("self.cardemsSnapshotModules") == len(app)
        card = player.playable()[0]
        page.click(f"button[data-card='{card}']")
        page.wait_for_function(
            "card => !document.querySelector(`.hand.mine button[data-card='${card}']`)", arg=card
        )
        assert player.save()["game"]["moves"][0] == card

        for damage in (OTHER_BUILD, NOT_GZIP):
            page.evaluate(damage, [cache, url])
            player.errors.clear()
            page.reload()
            player.wait("ready")
            assert not page.evaluate(RESTORED), damage
            assert not page.evaluate("self.cardemsSnapshotModules")
            assert player.playable(), "the page started normally"
            # the one notice is the game's own (resumed where it was left), none of the start's
            assert [n.split("\n")[0] for n in page.locator("#notices li").all_inner_texts()] == [
                "Your game was restored where you left it."
            ]
            assert player.errors == []
    finally:
        context.close()
